"""The Card Crawl help overlay's topics (spec crawl.md section 8.4), with the ability texts
taken from the loaded `abilities.toml` so a mod's abilities explain themselves."""

from __future__ import annotations

from game.i18n import _
from game.scenes.crawl.catalogue import Catalogue
from game.scenes.widgets import HelpTopic


def help_topics(catalogue: Catalogue) -> list[HelpTopic]:
    """The 11 topics of 8.4, in order, then the screen's own keys."""
    bonus = catalogue.win_bonus
    costs = ", ".join(str(catalogue.rebuy_base + i * catalogue.rebuy_step) for i in range(4))
    flags = catalogue.flag_abilities
    effects = [
        f"{_(info.name)}: {_(info.text)}"
        for flag in catalogue.hero_effects
        if (info := flags.get(flag)) is not None
    ]
    return [
        HelpTopic(_("1. Goal"), (
            _("Clear the dungeon: play every card of the deck and the board."),
            _("Your score is the gold you hold at the end, +{bonus} if you survive.").format(
                bonus=bonus),
        )),
        HelpTopic(_("2. The board and the draw"), (
            _("Four cards lie on the board. When 1 card or none is left there, the board is "
            "refilled from the deck, left to right."),
            _("Hover the deck to see what is left in it, by type."),
        )),
        HelpTopic(_("3. The cards and where they go"), (
            _("Enemy (red): drag it onto the hero to take its value as damage, or onto a hand "
            "holding a shield to block it."),
            _("Spell (blue): equip it in an empty hand, then drop it on an enemy to wound or kill it."),
            _("Shield (grey): equip it to block enemies; with Shield Bash it also attacks."),
            _("Potion (rose): drop it in an empty hand to drink it; the leftover stays there until "
            "the next draw."),
            _("Gold (amber): collect it into an empty hand or the backpack."),
            _("Ability (violet): equip it, then drop it on the hero (Hero) or on a card (Target)."),
        )),
        HelpTopic(_("4. Hands"), (
            _("Each hand holds one card. Equipped cards are locked: they stay until they are "
            "used up, and they can't be sold."),
            _("A drunk potion or collected gold blocks its hand until the next draw."),
        )),
        HelpTopic(_("5. The backpack"), (
            _("Stores one card for later. A stored potion keeps; drink it by moving it to an "
            "empty hand. Gold put there is collected at once."),
        )),
        HelpTopic(_("6. The chest"), (
            _("Drop a card on the chest to sell it: spells, shields and potions pay their value."),
            _("Gold cards, abilities and a collected enemy go for 0 gold: the chest is also the "
            "discard."),
        )),
        HelpTopic(_("7. The hero's effects"), (
            *effects,
            _("A lit badge on the hero panel shows an effect waiting to trigger."),
        )),
        HelpTopic(
            _("8. The abilities"),
            tuple(f"{_(i.name)} ({i.kind_label}): {_(i.text)}"
                  for i in catalogue.abilities.values()),
        ),
        HelpTopic(_("9. Rebuy"), (
            _("Send every board card back into the deck and draw a fresh board, for hit points "
              "that rise with each rebuy: {costs}... The button shows the current cost.").format(
                costs=costs),
            _("A rebuy that would kill you asks first (unless Revive would save you)."),
        )),
        HelpTopic(_("10. The random attack"), (
            _("Once per run, for free: 1 to 3 damage to every enemy on the board."),
        )),
        HelpTopic(_("11. Cleanup"), (
            _("At each draw, potions and gold leave the hands, and gold leaves the backpack."),
        )),
        HelpTopic(_("Learn to play"), (
            _("Learn to play (on the Start screen, and in the main menu under Start) plays a "
            "short guided match: it outlines what to click next and says why. Skip it at any "
            "step."),)),
        HelpTopic(_("Controls"), (
            _("Drag a card onto a green destination; hovering one previews the result."),
            _("Or click a card, then click where it goes. Right click or Esc cancels."),
            _("Keyboard: Tab / Shift+Tab pick a card, Enter lifts it, Tab picks a destination, "
            "Enter drops it."),
            _("R: rebuy.  A: random attack.  T: hint.  H: this help."),
            _("L: the run's log.  Ctrl+Z or Undo: take back your last move (a run with an "
            "undo enters no high-score table or daily board)."),
        )),
    ]  # fmt: skip
