"""The Card Crawl help overlay's topics (spec crawl.md section 8.4), with the ability texts
taken from the loaded `abilities.toml` so a mod's abilities explain themselves."""

from __future__ import annotations

from game.scenes.crawl.catalogue import Catalogue
from game.scenes.widgets import HelpTopic


def help_topics(catalogue: Catalogue) -> list[HelpTopic]:
    """The 11 topics of 8.4, in order, then the screen's own keys."""
    bonus = catalogue.win_bonus
    costs = ", ".join(str(catalogue.rebuy_base + i * catalogue.rebuy_step) for i in range(4))
    flags = catalogue.flag_abilities
    effects = [
        f"{info.name}: {info.text}"
        for flag in catalogue.hero_effects
        if (info := flags.get(flag)) is not None
    ]
    return [
        HelpTopic("1. Goal", (
            "Clear the dungeon: play every card of the deck and the board.",
            f"Your score is the gold you hold at the end, +{bonus} if you survive.",
        )),
        HelpTopic("2. The board and the draw", (
            "Four cards lie on the board. When 1 card or none is left there, the board is "
            "refilled from the deck, left to right.",
            "Hover the deck to see what is left in it, by type.",
        )),
        HelpTopic("3. The cards and where they go", (
            "Enemy (red): drag it onto the hero to take its value as damage, or onto a hand "
            "holding a shield to block it.",
            "Spell (blue): equip it in an empty hand, then drop it on an enemy to wound or kill it.",
            "Shield (grey): equip it to block enemies; with Shield Bash it also attacks.",
            "Potion (rose): drop it in an empty hand to drink it; the leftover stays there until "
            "the next draw.",
            "Gold (amber): collect it into an empty hand or the backpack.",
            "Ability (violet): equip it, then drop it on the hero (Hero) or on a card (Target).",
        )),
        HelpTopic("4. Hands", (
            "Each hand holds one card. Equipped cards are locked: they stay until they are "
            "used up, and they can't be sold.",
            "A drunk potion or collected gold blocks its hand until the next draw.",
        )),
        HelpTopic("5. The backpack", (
            "Stores one card for later. A stored potion keeps; drink it by moving it to an "
            "empty hand. Gold put there is collected at once.",
        )),
        HelpTopic("6. The chest", (
            "Drop a card on the chest to sell it: spells, shields and potions pay their value.",
            "Gold cards, abilities and a collected enemy go for 0 gold: the chest is also the "
            "discard.",
        )),
        HelpTopic("7. The hero's effects", (
            *effects,
            "A lit badge on the hero panel shows an effect waiting to trigger.",
        )),
        HelpTopic(
            "8. The abilities",
            tuple(f"{i.name} ({i.kind_label}): {i.text}" for i in catalogue.abilities.values()),
        ),
        HelpTopic("9. Rebuy", (
            "Send every board card back into the deck and draw a fresh board, for hit points "
            f"that rise with each rebuy: {costs}... The button shows the current cost.",
            "A rebuy that would kill you asks first (unless Revive would save you).",
        )),
        HelpTopic("10. The random attack", (
            "Once per run, for free: 1 to 3 damage to every enemy on the board.",
        )),
        HelpTopic("11. Cleanup", (
            "At each draw, potions and gold leave the hands, and gold leaves the backpack.",
        )),
        HelpTopic("Learn to play", (
            "Learn to play (on the Start screen, and in the main menu under Start) plays a "
            "short guided match: it outlines what to click next and says why. Skip it at any "
            "step.",)),
        HelpTopic("Controls", (
            "Drag a card onto a green destination; hovering one previews the result.",
            "Or click a card, then click where it goes. Right click or Esc cancels.",
            "Keyboard: Tab / Shift+Tab pick a card, Enter lifts it, Tab picks a destination, "
            "Enter drops it.",
            "R: rebuy.  A: random attack.  T: hint.  H: this help.",
            "L: the run's log.  Ctrl+Z or Undo: take back your last move (a run with an "
            "undo enters no high-score table or daily board).",
        )),
    ]  # fmt: skip
