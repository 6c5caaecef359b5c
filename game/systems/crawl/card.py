"""Card Crawl's card in the mode registry (game.engine.modes.ModeCard): what `tabula --help`
and the menu need, importable without the rules."""

from game.engine.modes import ModeCard

CARD = ModeCard(
    id="crawl",
    title="Card Crawl",
    description="A solitaire dungeon crawl: fight, block, drink and loot your way through "
                "54 cards.",
    rules_version="1",
    seats=1,
    cpu_levels=("easy", "normal", "hard"),
    default_level="normal",
    menu_order=30,
)
