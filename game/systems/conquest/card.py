"""CardConquest's card in the mode registry (game.engine.modes.ModeCard): what `tabula --help`
and the menu need, importable without the rules."""

from game.engine.modes import ModeCard

CARD = ModeCard(
    id="conquest",
    title="CardConquest",
    description="Tanks and infantry on a hex map; battles decided by strength and cards.",
    rules_version="2",
    older_rules=("1",),
    # docs/conquest.md "Fair seats"
    rules_changes={"1": "Battles are always fought in tile order, L01 first (now even rounds "
                        "reverse it)."},
    seats=2,
    cpu_levels=("easy", "normal", "hard"),
    default_level="normal",
    menu_order=20,
)
