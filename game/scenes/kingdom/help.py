"""The Kingdom help overlay's topics (spec kingdom.md 8.5), shown by the shared `HelpOverlay`
(game.scenes.widgets) that every screen opens with H.

Numbers (costs, sizes, the turn cap) and the effect glossary are read from the loaded content,
so a mod that changes `rules.toml` gets a help that says so. `help_topics(content, view)` ends
with the Controls of the screen asking: "deck_builder", "match", "playback", "end" or
"spectate".
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.scenes.base import rules_help
from game.scenes.kingdom.words import coins, era_name
from game.scenes.widgets import HelpTopic
from game.systems.kingdom.card import CARD

CONTROLS: dict[str, tuple[str, ...]] = {
    "deck_builder": (
        N_("Country | Continent (top): which kind of pool you build from."),
        N_("Click a faction tile on the left. The first time you pick one, the Default preset "
           "chooses a hero and up to 10 units for you."),
        N_("Click a hero card to pick your hero; click a unit row to add or remove it "
           "(hover a row to see the full card)."),
        N_("Search (Ctrl+F) filters by name, id, effect or faction; Sort orders the list; Only "
           "selected hides the rest."),
        N_("Default, Select All, Clear: quick picks. Enter: Start Match (when a hero and 1-10 "
           "units are chosen)."),
        N_("Tab / Shift+Tab: move between the controls; Space presses the focused one."),
        N_("Mouse wheel: scroll the tiles, the heroes and the unit list."),
        N_("Over the network (menu: Network): Start Match sends your deck, and the match starts "
           "once the other player has built theirs. Their deck stays hidden until then."),
    ),
    "match": (
        N_("Buy: click an offer you can afford (or your hero, Q), then a glowing empty slot. "
           "Keys 1-5 pick offers. Right-click or Esc cancels."),
        N_("Move: click one of your units, then an empty slot (moves are free)."),
        N_("Sell Mode (S): click one of your units to sell it for half its cost, rounded down."),
        N_("R: refresh the shop. U: upgrade the Nexus. Space or Enter: End Turn."),
        N_("L: the match log. Ctrl+Z or Undo (against the CPU): take back your last planning "
           "decision; once the CPU has planned, your turn stands."),
        N_("Hover anything for what it does and why a button is disabled."),
        N_("Over the network, the other player's turn plays on your board as they plan; their "
           "shop offers stay face down."),
    ),
    "playback": (
        N_("Space: skip to the end of the combat."),
        N_("The animation speed (1x, 2x, instant) is a setting."),
    ),
    "spectate": (
        N_("Both seats are CPUs: watch. Pause stops after the current step; the speed control "
           "sets the pace."),
        N_("Space: skip the current combat to its end."),
    ),
    "end": (
        N_("Rematch: the same decks on a new seed. New Deck: back to the deck builder."),
        N_("Save Replay keeps the whole match; Menu returns to the main menu."),
    ),
}


def _era_list(content: Any) -> str:
    return ", ".join(f"{era_name(content, e.level)} ({e.level})" for e in content.eras)


def effect_glossary(content: Any) -> tuple[str, ...]:
    """One line per effect: "Archetype: text", in the order of `rules.toml` (the effect's id,
    such as `overkillHeal`, is for modders and is never shown)."""
    return tuple(f"{_(e.archetype)}: {_(e.text)}" for e in content.effects.values())


def help_topics(content: Any, view: str = "match",
                rules: str = CARD.rules_version) -> list[HelpTopic]:
    """The topics of 8.5 in order, as the match's `rules` version plays them (docs/kingdom.md
    "Fair seats": in rules "1" Player 1 always plans first), then the Controls of `view`."""
    c = content
    levels = range(c.start_level, c.max_level)
    upgrade_costs = "/".join(str(c.upgrade_cost(level)) for level in levels)
    weights = "/".join(str(w) for w in c.shop_weights)
    sizes = ", ".join(f"{c.shop_size(c.slot_count(lv))}" for lv in range(c.start_level,
                                                                         c.max_level + 1))
    refresh = ", ".join(f"{c.refresh_cost(c.slot_count(lv))}" for lv in range(c.start_level,
                                                                           c.max_level + 1))
    first = (_("1. Player 1 plans first every turn: buy, sell, move, refresh and upgrade in "
               "any order, then End Turn.") if rules == "1" else
             _("1. Player 1 plans first in odd turns, Player 2 in even turns: buy, sell, move, "
               "refresh and upgrade in any order, then End Turn."))
    return [
        *rules_help("kingdom", rules),
        HelpTopic(_("Goal"), (
            _("Bring the enemy Nexus to 0 HP or below at the end of a combat."),
            _("If both Nexus fall in the same combat, the higher HP wins (-3 beats -8); equal "
              "HP is a draw."),
            _("After turn {turn} the match ends on HP: higher HP wins, equal HP is a "
              "draw.").format(turn=c.turn_cap),
        )),
        HelpTopic(_("Turn flow"), (
            first,
            _("2. The other player plans, seeing the first one's board as it now stands."),
            _("3. Combat plays out by itself, lane by lane."),
            _("4. Upkeep (tax, then income) for both players, then both shops are topped up, "
              "and the next turn starts."),
        )),
        HelpTopic(_("Economy"), (
            _("You start with {coins}. Each upkeep: tax first (-1 coin per tax unit, paid from "
              "what you carried over, never below 0), then income = your Nexus level (at most "
              "{cap}), then +1 per income unit.").format(coins=coins(c.start_coins),
                                                          cap=c.income_cap),
            _("Upgrading the Nexus costs 2 x level ({costs}) and gives +1 slot, +5 max HP and "
              "+5 HP, a higher income, a bigger shop at the next top-up, and unlocks the "
              "heroes of the new era.").format(costs=upgrade_costs),
            _("Eras: {eras}. Selling a unit gives back half its cost, rounded down.").format(
                eras=_era_list(c)),
        )),
        HelpTopic(_("Shop"), (
            _("Shop size by level: {sizes} offers. Unsold offers stay from turn to turn; a "
              "bought one leaves an empty place until the top-up at the end of the "
              "turn.").format(sizes=sizes),
            _("Refresh (new offers) costs {costs} coins by level, as often as you "
              "like.").format(costs=refresh),
            _("Offers are drawn from your deck, weighted {weights} for units 0/1/2/3+ eras "
              "away from your Nexus era.").format(weights=weights),
            _("Your hero has its own place: buyable once your Nexus reaches the hero's era, if "
              "you can pay and have an empty slot. It is never sold, and once fallen it is "
              "lost for the match."),
        )),
        HelpTopic(_("Combat"), (
            _("Start: heal units heal their Nexus; aura units give +1 ATK / +1 DEF to their "
              "neighbours (a snapshot kept for the whole combat); guardians get one charge."),
            _("Lanes resolve left to right. The two units of a lane strike at the same time: "
              "a unit dies if the attack's ATK is above its DEF (a tie survives)."),
            _("Melee damage above the defender's DEF spills over to its Nexus; an empty lane "
              "lets the whole ATK through. Archers always hit the Nexus; siege hits three "
              "lanes."),
            _("A guardian next to a unit that would die dies instead (left neighbour first)."),
            _("Cleave and overkill heal trigger only on real melee kills. A combat never "
              "stops early: only the final HPs count."),
        )),
        HelpTopic(_("Effects"), effect_glossary(c)),
        HelpTopic(_("Controls"), tuple(_(line) for line in CONTROLS.get(view,
                                                                         CONTROLS["match"]))),
        HelpTopic(_("Learn to play"), (
            _("Learn to play (in the main menu, under Start) plays a short guided match: it "
              "outlines what to click next and says why. Skip it at any step."),)),
    ]
