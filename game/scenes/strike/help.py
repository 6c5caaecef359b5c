"""The help overlay's topics (spec strike.md 8.6); the element chart is read from the content."""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.scenes.base import rules_help
from game.scenes.widgets import HelpTopic
from game.systems.strike.card import CARD

SHORT = {"fire": N_("Fire"), "water": N_("Water"), "leaf": N_("Leaf"), "wind": N_("Wind"), "null": N_("Null"),
         "combined": N_("Comb.")}


def element_chart(content: Any = None) -> list[str]:
    """The 6 x 6 element chart as lines of text (attacker rows, defender columns, percent)."""
    if content is None:
        from game.systems.strike.content import load_content

        try:
            content = load_content([])
        except Exception:  # the chart is a nicety: never break the help
            return [_("(element chart unavailable)")]
    names = list(SHORT)
    lines = [_("Attack \\ Defender: ") + "  ".join(f"{_(SHORT[d]):>5}" for d in names)]
    for a in names:
        cells = "  ".join(f"{content.percent(a, d):>4}%" for d in names)
        lines.append(f"{_(SHORT[a]):>6}:  {cells}")
    return lines


def help_topics(content: Any = None, rules: str = CARD.rules_version) -> list[HelpTopic]:
    """The topics of 8.6 as the match's `rules` version plays them (docs/strike.md "Fair
    seats": in rules "1" Player 1 always starts)."""
    starts = (_("Player 1 always picks first, places first and takes the first combat turn.")
              if rules == "1" else
              _("The deal decides who picks first; that side also places first and takes the "
              "first combat turn."))
    return [
        *rules_help("strike", rules),
        HelpTopic(_("Goal"), (_("Defeat all three enemy units."),)),
        HelpTopic(_("Learn to play"), (
            _("Learn to play (in the main menu, under Start) plays a short guided match: it "
            "outlines what to click next and says why. Skip it at any step."),)),
        HelpTopic(_("Draft"), (
            _("Steal a card from the enemy hand (top row) or retain one from yours (bottom row)."),
            _("Each side drafts three cards; they become your units P1-P3 in pick order."),
            starts,)),
        HelpTopic(_("Placement"), (
            _("Place your units on your half: columns 1-11 counted from the left."),
            _("Click an empty tile of your zone; the next unit is highlighted in the panel."),
            _("Place for me puts the rest of your units where the normal CPU would."),)),
        HelpTopic(_("Turns"), (_("One action per side: move one unit or use one ability."),)),
        HelpTopic(_("Moving"), (
            _("Click your unit: blue tiles are where it can go, up to 3 steps."),
            _("Units block the way. Click a blue tile to move."),)),
        HelpTopic(_("Attacking"), (
            _("Red tiles show the reach of its ready abilities; distance counts diagonals and "
            "attacks fly over units."),
            _("Click an ability button (or Q/W/E for P1, A/S/D for P2, Z/X/C for P3) to arm it, "
            "then click a ringed enemy."),
            _("Hold 1, 2 or 3 while pressing an ability key to hit E1, E2 or E3 at once."),)),
        HelpTopic(_("Damage"), (
            _("Damage minus distance, at most a quarter of the target's max HP, +-2 random, "
            "then the element chart:"), *element_chart(content))),
        HelpTopic(_("Cooldowns"), (_('"WAIT n" = turns of yours until the ability is ready.'),)),
        HelpTopic(_("Statuses"), (
            _("Burn: 5 damage per turn for 2 turns."), _("Stun: no abilities next turn."),
            _("Root: no moving next turn."),)),
        HelpTopic(_("Flames"), (
            _("Burn Trail sets the line on fire for 2 rounds: 5 damage to enemies starting "
            "their turn on it."),)),
        HelpTopic(_("Healing"), (
            _("Heals mend allies within 3 tiles; Fusion Zone heals everyone; Life Drain hurts "
            "an enemy and heals the user."),)),
        HelpTopic(_("Keys"), (
            _("Mouse: click a unit, then a blue tile or a ringed enemy. Right-click clears."),
            _("Q/W/E, A/S/D, Z/X/C: abilities of P1, P2, P3. 1/2/3 held: target E1/E2/E3."),
            _("SPACE: continue, pass, or fast-forward an animation. H: help."),
            _("L: the match log. Ctrl+Z or Undo (against the CPU): take back your last "
            "decision and the CPU's replies."),
            _("Press H to close."),)),
    ]
