"""The battle score through the modifier pipeline (spec conquest.md 4.11.2-4.11.7).

A battle's three values per seat, its score, attack and defence, are the layers of the
engine's pipeline (`apply_layers`: every "add", then "mul", then "cap") over the modifiers
gathered in one pass (`gather`):

- each unit of the main army and each reinforcement: its strength (`units.toml`), score
  parts `army` and `reinforcements`;
- the chosen card: its printed power (`card`); its printed attack and defence are the base
  values of attack and defence;
- the site's `Base` component, if it is a base: its bonus for its owner (`base`);
- the abilities (`ability`, and #8's `cancelled` on the opponent): the ability trigger at the
  mode's hook point `conquest.battle` (game.systems.conquest.abilities) adds the boosts of
  each active ability of the seats' cards and commanders.

`last_result.score_parts` are the score's modifiers summed by part. The verdict (`judge`:
scores, winner and reason, card casualties, who retreats and trapped units) is read from the
position and hypothetical picks and cards without changing the world, so the resolution, the
CPUs' previews and the cards screen's score preview are the same computation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.components.common import Modifier
from game.engine.hooks import apply_layers
from game.systems.conquest import world
from game.systems.conquest.abilities import BATTLE, BattleSide

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.triggers import TriggerContext
    from game.systems.conquest.abilities import Boost
    from game.systems.conquest.content import CardDef

SCORE, ATTACK, DEFENCE = "conquest.score", "conquest.attack", "conquest.defence"
HOOKS = {"score": SCORE, "attack": ATTACK, "defence": DEFENCE}
PARTS = ("army", "base", "reinforcements", "card", "ability", "cancelled")
Units = list[Any]  # unit rows of game.systems.conquest.world


class Fight:
    """One battle as the pass reads it (4.11 notation): site S, the base owner, per seat its
    entity, main army M_s, picks R_s, card C_s and commander; the modifiers gathered and the
    active ability numbers per seat."""

    __slots__ = ("site", "owner", "seats", "main", "picks", "cards", "armies", "strength",
                 "modifiers", "active", "_sides")

    def __init__(self, match: Match, site: str, picks: list[Units], cards: list[CardDef],
                 main: list[Units] | None = None) -> None:
        self.site = site
        self.owner = world.the_map(match).base_owner(site)
        rows = world.seats(match)
        self.seats = (rows[0].entity, rows[1].entity)
        self.armies = (rows[0].commander.army, rows[1].commander.army)
        self.main = main_armies(match, site) if main is None else main
        self.picks = picks
        self.cards = cards
        self.strength = world.content(match).strength
        self.modifiers: list[Modifier] = []
        self.active: tuple[list[int], list[int]] = ([], [])
        self._sides: list[BattleSide | None] = [None, None]

    def side(self, seat: int) -> BattleSide:
        """What an ability of `seat` reads (abilities.BattleSide): built once per seat, as
        a seat's card and its commander's passives read the same one (the fight's armies,
        picks and cards never change)."""
        found = self._sides[seat]
        if found is None:
            found = self._sides[seat] = self._side(seat)
        return found

    def _side(self, seat: int) -> BattleSide:
        o = 1 - seat
        main, picks, cards = self.main, self.picks, self.cards
        return BattleSide(
            main=tuple(u.kind.kind for u in main[seat]),
            reinforcements=tuple(u.kind.kind for u in picks[seat]),
            enemy_main=tuple(u.kind.kind for u in main[o]),
            enemy_reinforcements=tuple(u.kind.kind for u in picks[o]),
            power=cards[seat].power, attack=cards[seat].attack, defence=cards[seat].defence,
            enemy_power=cards[o].power, enemy_attack=cards[o].attack,
            enemy_defence=cards[o].defence, own_base=self.owner == seat,
            enemy_base=self.owner == o,
            enemy_reinforcement_strength=sum(self.strength[u.kind.kind] for u in picks[o]))

    def holders(self, match: Match) -> list[tuple[int, int, Any, Any]]:
        """(seat, holder entity, ability, what holds it) of every ability in this battle:
        each seat's card, then its commander army's passives."""
        content = world.content(match)
        out = []
        for s in (0, 1):
            card = self.cards[s]
            if card.ability is not None:
                out.append((s, self.seats[s], content.abilities[card.ability], card))
            army = self.armies[s]
            if army is not None:
                found = content.armies[army]
                out.extend((s, self.seats[s], content.abilities[n], found)
                           for n in found.passives)
        return out

    def activate(self, context: TriggerContext, seat: int, boosts: tuple[Boost, ...]) -> None:
        """An active ability of `seat` (its number listed) and its boosts as modifiers."""
        self.active[seat].append(context.kind.number)
        for boost in boosts:
            whose = 1 - seat if boost.opponent else seat
            self.modifiers.append(Modifier(HOOKS[boost.value], "add", boost.amount,
                                           self.seats[whose], "target", boost.part))


def main_armies(match: Match, site: str) -> list[Units]:
    """M_0 and M_1: each seat's units on the site, canonical order. A caller that judges one
    battle many times (a CPU trying picks and cards) reads them once and passes them to
    `score` and `judge` (the lists are read, never changed)."""
    main: list[Units] = [[], []]
    for u in world.units(match):
        if u.pos.tile == site:
            main[u.owner.seat].append(u)
    return main


def gather(match: Match, fight: Fight) -> list[Modifier]:
    """Every modifier of the battle's values, in one pass (see the module docstring). Units
    of one kind in one part of one seat give equal modifiers: one object stands for each."""
    strength = fight.strength
    mods = fight.modifiers
    for s in (0, 1):
        holder = fight.seats[s]
        for part, units in (("army", fight.main[s]), ("reinforcements", fight.picks[s])):
            made: dict[str, Modifier] = {}
            for u in units:
                kind = u.kind.kind
                mod = made.get(kind)
                if mod is None:
                    mod = made[kind] = Modifier(SCORE, "add", strength[kind], holder, "target",
                                                part)
                mods.append(mod)
        mods.append(Modifier(SCORE, "add", fight.cards[s].power, holder, "target", "card"))
    base = world.base_at(match, fight.site)
    if base is not None:
        mods.append(Modifier(SCORE, "add", base.base.bonus, fight.seats[base.base.owner],
                             "target", "base"))
    if match.hooks.has(BATTLE):
        match.hooks.fire(BATTLE, match, fight)
    return mods


@dataclass(frozen=True, slots=True)
class Scores:
    """Steps 1-2 of a resolution: abilities, attack, defence, scores and the winner."""

    main: list[Units]
    active: tuple[list[int], list[int]]
    attack: list[int]
    defence: list[int]
    parts: list[dict[str, int]]
    scores: list[int]
    winner: int | None
    reason: str


SLOT = {SCORE: 0, ATTACK: 1, DEFENCE: 2}


def score(match: Match, site: str, picks: list[Units], cards: list[CardDef],
          main: list[Units] | None = None) -> Scores:
    """Who wins the battle on `site` with these picks and cards, and why (4.11.2-4.11.4):
    each seat's score, attack and defence through the layers of the gathered modifiers
    (their base values 0, the printed attack and the printed defence). `main`: the site's
    `main_armies`, when the caller read them already."""
    fight = Fight(match, site, picks, cards, main)
    mods = gather(match, fight)
    seats = fight.seats
    values = [[0, cards[0].attack, cards[0].defence], [0, cards[1].attack, cards[1].defence]]
    parts = [dict.fromkeys(PARTS, 0), dict.fromkeys(PARTS, 0)]
    layered = False
    for m in mods:
        s = 0 if m.holder == seats[0] else 1
        if m.layer != "add":
            layered = True
            continue
        slot = SLOT[m.hook]
        values[s][slot] += m.amount
        if slot == 0:
            parts[s][m.tag] += m.amount
    if layered:  # a multiplier or a cap: every value through the whole pipeline
        for s in (0, 1):
            for hook, slot in SLOT.items():
                base = (0, cards[s].attack, cards[s].defence)[slot]
                values[s][slot] = int(apply_layers(base, [
                    m for m in mods if m.hook == hook and m.holder == seats[s]]))
    scores = [int(values[0][0]), int(values[1][0])]
    winner, reason = winner_of(scores, cards, fight.main)
    return Scores(fight.main, fight.active, [int(values[0][1]), int(values[1][1])],
                  [int(values[0][2]), int(values[1][2])], parts, scores, winner, reason)


def winner_of(scores: list[int], cards: list[CardDef], main: list[Units]
              ) -> tuple[int | None, str]:
    """4.11.4: score, then printed power, then main-army infantry, else a draw."""
    if scores[0] != scores[1]:
        return (0 if scores[0] > scores[1] else 1), "score"
    if cards[0].power != cards[1].power:
        return (0 if cards[0].power > cards[1].power else 1), "power"
    infantry = [sum(u.kind.kind == "infantry" for u in main[s]) for s in (0, 1)]
    if infantry[0] != infantry[1]:
        return (0 if infantry[0] > infantry[1] else 1), "infantry"
    return None, "draw"


def card_casualties(k: int, main: Units, reinf: Units) -> Units:
    """4.11.5: k main-army units die; beyond the main army, as many picks as remain (capped by
    the picks), tanks first then canonical order (which is canonical order itself)."""
    if k <= 0:
        return []
    if k <= len(main):
        return main[:k]
    return main + reinf[:min(k - len(main), len(reinf))]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Steps 1-4 of a resolution (4.11.2-4.11.7), read from the position without changing it:
    what the rules then carry out, and what a CPU previewing a battle wants to know."""

    scored: Scores
    casualties: list[Units]  # per seat, tanks first then canonical order
    must_leave: list[list[str]]
    trapped: list[list[str]]

    @property
    def winner(self) -> int | None:
        return self.scored.winner


def judge(match: Match, site: str, picks: list[Units], cards: list[CardDef],
          main: list[Units] | None = None) -> Verdict:
    """The verdict of the battle on `site` with these picks and cards (4.11.2-4.11.7);
    `main` as for `score`."""
    from game.systems.conquest.retreat import trapped_units

    scored = score(match, site, picks, cards, main)
    owner = world.the_map(match).base_owner(site)
    main, attack, defence, winner = scored.main, scored.attack, scored.defence, scored.winner

    # 3. card casualties (4.11.5)
    casualties: list[Units] = [[], []]
    if winner is not None:
        loser = 1 - winner
        casualties[loser] = card_casualties(attack[winner] - defence[loser], main[loser],
                                            picks[loser])
    dead = {u.ident.id for u in casualties[0] + casualties[1]}

    # 4. who must retreat, trapped units (4.11.6, 4.11.7)
    must_leave: list[list[str]] = [[], []]
    if winner is not None:
        if 1 - winner != owner:  # a losing base owner neither retreats nor is trapped
            must_leave[1 - winner] = [u.ident.id for u in main[1 - winner]
                                      if u.ident.id not in dead]
    else:
        for s in (0, 1):
            if s != owner:
                must_leave[s] = [u.ident.id for u in main[s]]
    trapped = [trapped_units(match, s, site, must_leave[s], dead) for s in (0, 1)]
    return Verdict(scored, casualties, must_leave, trapped)


def score_preview(match: Match, seat: int, card_id: str) -> tuple[int, bool]:
    """The seat's own battle score in the current battle if it plays `card_id`, with the
    picks as they stand: the lowest over every card of the opponent's hand, and whether it
    depends on which one the opponent plays (the cards screen marks it "?", spec 8.6). Read
    from the position; nothing changes, and the opponent's chosen card plays no part."""
    content = world.content(match)
    site = world.current_site(match)
    picks = [world.picks(match, s) for s in (0, 1)]
    own = content.cards[card_id]
    found = set()
    for other in world.hand(match, 1 - seat):
        cards = [own, content.cards[other]] if seat == 0 else [content.cards[other], own]
        found.add(score(match, site, picks, cards).scores[seat])
    return min(found), len(found) > 1
