"""Marve-Strike's card in the mode registry (game.engine.modes.ModeCard): what `tabula --help`
and the menu need, importable without the rules."""

from game.engine.modes import ModeCard

CARD = ModeCard(
    id="strike",
    title="Marve-Strike",
    description="Draft three elemental heroes, then fight on a 23 x 11 grid.",
    rules_version="2",
    older_rules=("1",),
    # docs/strike.md "Fair seats"
    rules_changes={"1": "Player 1 always drafts, places and moves first (now the deal "
                        "draws who starts)."},
    seats=2,
    cpu_levels=("easy", "normal", "hard"),
    default_level="normal",
    menu_order=10,
)
