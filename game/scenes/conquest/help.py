"""The help overlay's topics (spec conquest.md 8): every rule a player needs at the table.

The ability texts are read from the content, so a mod's abilities show their own labels.
"""

from __future__ import annotations

from typing import Any

from game.i18n import _
from game.scenes.base import rules_help
from game.scenes.widgets import HelpTopic
from game.systems.conquest.card import CARD


def shipped_content() -> Any:
    """The shipped content (no mods), or None if it does not load: the help is a nicety and
    never breaks the screen that opens it."""
    from game.systems.conquest.content import load_content

    try:
        return load_content([])
    except Exception:
        return None


def ability_lines(content: Any = None) -> list[str]:
    content = content if content is not None else shipped_content()
    if content is None:
        return [_("(abilities unavailable)")]
    return [f"#{n}: {_(a.label)}" for n, a in sorted(content.abilities.items())]


def help_topics(content: Any = None, rules: str = CARD.rules_version) -> list[HelpTopic]:
    """Every rule of the table as the match's `rules` version plays it (docs/conquest.md "Fair
    seats": in rules "1" battles are always fought in tile order)."""
    content = content if content is not None else shipped_content()
    # the rules' tunables (rules.toml, units.toml) as the match plays them; the shipped
    # values where the content does not load
    cap, bonus, rounds, tank, infantry = (5, 2, 60, 2, 1) if content is None else (
        content.rules.max_own_per_tile, content.rules.base_defence_bonus,
        content.rules.round_cap, content.strength["tank"], content.strength["infantry"])
    order = (_("Battles are numbered in tile order (L01..L16) and fought in number order, "
               "every round.") if rules == "1" else
             _("Battles are numbered in tile order (L01..L16) in odd rounds and in reverse "
               "tile order (L16..L01) in even rounds, and fought in number order."))
    return [
        *rules_help("conquest", rules),
        HelpTopic(_("Goal"), (
            _("Capture the enemy base (Player 1: L03 on the left, Player 2: L10 on the right) "
              "or destroy every enemy unit. After {rounds} rounds the greater strength "
              "wins.").format(rounds=rounds),)),
        HelpTopic(_("Learn to play"), (
            _("Learn to play (on the match setup screen, and in the main menu under Start) "
              "plays a short guided match: it outlines what to click next and says why. Skip "
              "it at any step."),)),
        HelpTopic(_("Phases"), (
            _("Commander select, Unit placement, then rounds of Unit movement. Where the "
              "armies meet, battles are fought one at a time: Reinforcements, Choose cards, "
              "results, Retreat."),
            _("Placement: Place for me places your whole army as the normal CPU would; you can "
              "still move units, then press Done placing units."),
            _("Both players give their orders in secret and press Ready; the phase ends when "
              "both are ready. Unready lets you change your mind until the other player is "
              "ready."),
            _("Hot-seat: while the other player's screen is up, the button \"Player N: "
              "Unready\" (or U) passes the screen back to you through the curtain, "
              "unready."),)),
        HelpTopic(_("Movement and the {cap}-unit limit").format(cap=cap), (
            _("Every unit may move one tile (or stay) each round, measured from where it "
              "started the round. Water is never allowed. At most {cap} of your units on one "
              "tile; enemy units do not count, so a tile can hold {cap} + {cap}.").format(
                  cap=cap),
            _("All moves happen at once: units that swap tiles pass each other."),)),
        HelpTopic(_("Battle detection and order"), (
            _("A tile holding units of both players is a battle, and so is a base holding any "
              "enemy unit. {order}").format(order=order),)),
        HelpTopic(_("Reinforcement eligibility"), (
            _("A unit next to the battle may reinforce it if its own tile is not a battle "
              "still to fight, and it has not fought or reinforced earlier in this round's "
              "battles. Reinforcements add strength, never move, and can be killed."),)),
        HelpTopic(_("Score"), (
            _("Score = army strength (tank {tank}, infantry {infantry}) + {bonus} on your own "
              "base + reinforcements + card power + ability bonus. The higher score "
              "wins.").format(tank=tank, infantry=infantry, bonus=bonus),)),
        HelpTopic(_("Tie breakers"), (
            _("Equal scores: the higher printed card power wins. Equal powers: more main-army "
              "infantry wins. Otherwise the battle is a draw."),)),
        HelpTopic(_("Casualties"), (
            _("The winner's attack minus the loser's defence = units the loser loses, tanks "
              "first, main army before reinforcements. The winner never loses units."),)),
        HelpTopic(_("Retreat and trapped units"), (
            _("The loser's survivors must leave to a neighbouring tile: not toward the enemy "
              "base, not onto enemy units, at most {cap} of yours per tile. Units with no room "
              "are destroyed. After a draw both sides retreat (a base owner stays).").format(
                  cap=cap),)),
        HelpTopic(_("The ten abilities"), tuple(ability_lines(content))),
        HelpTopic(_("Hands and recycling"), (
            _("Both hands and discard piles are public. A played card goes to the discard "
              "pile; when the hand is empty the discards come back as a full hand."),)),
        HelpTopic(_("Keyboard shortcuts"), (
            _("Enter: Ready / Done / Confirm (or Unready when ready). 1/2: pick a commander. "
              "1-7: pick a card."),
            _("Shift+click: add a unit to the selection. A: select your units on the tile "
              "under the mouse. Backspace: reset orders."),
            _("Right-click a blue check: move the selection there. I: tile ids on/off. Tab: "
              "side panel. Space: skip an animation. H: this help. U (hot-seat): the ready "
              "player takes the screen back to unready."),
            _("L: the war's log, in the side panel's place. Ctrl+Z or Undo (against the CPU): "
              "take back your last decision; a reveal (placements, moves, reinforcements, "
              "battle cards) stands."),)),
    ]
