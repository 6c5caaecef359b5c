"""Kingdom's card in the mode registry (game.engine.modes.ModeCard): what `tabula --help` and
the menu need, importable without the rules."""

from game.engine.modes import ModeCard

CARD = ModeCard(
    id="kingdom",
    title="Kingdom",
    description="Build a deck of history's armies, grow your Nexus through five eras, and "
                "watch the lines clash.",
    rules_version="2",
    older_rules=("1",),
    # docs/kingdom.md "Fair seats"
    rules_changes={"1": "Player 1 plans first every turn (now the first planner alternates "
                        "by turn)."},
    seats=2,
    cpu_levels=("easy", "hard", "expert"),
    default_level="hard",
    # the spec's "--vs normal works in every two-seat mode" (kingdom.md decision 25)
    level_aliases={"normal": "hard"},
    watchable=True,
    menu_order=40,
)
