"""The battle sequence (spec conquest.md 4.7.2-4.7.4, 4.8, 4.9, 4.13): the battle list,
starting a battle, reinforcement eligibility and picks, after-battle and the end of a sequence.

Battles are fought one at a time, lowest-numbered `pending` first. Starting battle k marks its
main armies `fought`, clears the picks and the cards, and asks for reinforcements only from the
seats that have an eligible unit (a seat with none is not asked); with none at all the battle
goes straight to Choose Cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.conquest import endgame
from game.systems.conquest.state import index

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.state import Index


# -- rounds ------------------------------------------------------------------------------------
def start_round(match: Match, number: int) -> None:
    """A movement round begins: `round` and `turn` both count it (6.1)."""
    idx = index(match)
    match.journal.set(idx.board, round=number, ready=(False, False))
    match.journal.set(match.state, turn=number)
    match.set_phase("movement", (0, 1))
    match.emit("round_started", round=number)


# -- detection (4.7.1) -----------------------------------------------------------------------
def is_battle_site(idx: Index, tile: str) -> bool:
    """A tile holding both seats (not a base), or a base holding any non-owner unit."""
    seats = {u.seat for u in idx.units if u.tile == tile}
    owner = idx.content.base_owner(tile)
    if owner is None:
        return len(seats) == 2
    return (1 - owner) in seats


def battle_sites(idx: Index, exclude: set[str], *, reverse: bool = False) -> list[str]:
    """Battle sites in scan order (reversed: `reverse`), skipping `exclude` (the sites of
    pending battles)."""
    tiles = reversed(idx.content.land) if reverse else idx.content.land
    return [t for t in tiles if t not in exclude and is_battle_site(idx, t)]


def reversed_round(match: Match) -> bool:
    """Rules "2": even rounds fight their battles in reverse scan order, so neither seat's
    side of the map always comes first (docs/conquest.md "Fair seats")."""
    return match.rules.rules_version != "1" and index(match).board.round % 2 == 0


# -- the battle list -------------------------------------------------------------------------
def add_battles(match: Match, sites: list[str], *, new: bool) -> None:
    """Append `pending` battles numbered on from the largest number, in scan order (4.7.2,
    4.7.4)."""
    idx = index(match)
    b = idx.board
    start = max((n for n, _, _ in b.battles), default=0) + 1
    added = tuple((start + i, tile, "pending") for i, tile in enumerate(sites))
    match.journal.set(b, battles=b.battles + added)
    match.emit("battles_detected", battles=[{"number": n, "tile": t} for n, t, _ in added],
               new=new)


def _set_state(match: Match, number: int, state: str) -> None:
    b = index(match).board
    match.journal.set(b, battles=tuple((n, t, state if n == number else s)
                                       for n, t, s in b.battles))


def site_of(idx: Index, number: int | None) -> str:
    return next(t for n, t, _ in idx.board.battles if n == number)


def open_sites(idx: Index) -> set[str]:
    """Sites of `pending` and `current` battles (4.8.4.2)."""
    return {t for _, t, s in idx.board.battles if s in ("pending", "current")}


def start_next(match: Match) -> None:
    """4.13.3: the lowest-numbered pending battle starts, else the sequence ends."""
    idx = index(match)
    pending = [n for n, _, s in idx.board.battles if s == "pending"]
    if pending:
        start_battle(match, min(pending))
    else:
        end_sequence(match)


def start_battle(match: Match, number: int) -> None:
    """4.8: battle `number` becomes current; main armies fought; picks and cards cleared."""
    idx = index(match)
    _set_state(match, number, "current")
    site = site_of(idx, number)
    b = idx.board
    match.journal.set(b, current_battle=number, reinforcements=((), ()),
                      cards_chosen=(None, None), ready=(False, False))
    for unit in idx.on_tile(site):
        if not unit.fought:
            match.journal.set(unit, fought=True)
    match.emit("battle_started", number=number, tile=site)
    eligible = eligible_units(idx, site)
    if eligible[0] or eligible[1]:
        match.journal.set(b, eligible=eligible)
        match.set_phase("reinforcements", tuple(s for s in (0, 1) if eligible[s]))
    else:
        match.journal.set(b, eligible=((), ()))
        match.set_phase("cards", (0, 1))


def eligible_units(idx: Index, site: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """4.8.4: units on a land neighbour of the site that is not an open battle site, and that
    neither fought nor reinforced earlier in this sequence; canonical order per seat."""
    blocked = open_sites(idx)
    near = set(idx.content.neighbours[site]) - blocked
    found: tuple[list[str], list[str]] = ([], [])
    for u in idx.units:
        if u.tile in near and not u.fought and not u.reinforced:
            found[u.seat].append(u.id)
    return (tuple(found[0]), tuple(found[1]))


# -- reinforcements --------------------------------------------------------------------------
def set_picks(match: Match, seat: int, units: list[str]) -> None:
    """4.9.1: the seat's picks become exactly this set (secret until the phase ends)."""
    idx = index(match)
    picks = list(idx.board.reinforcements)
    picks[seat] = idx.sort_ids(set(units))
    match.journal.set(idx.board, reinforcements=(picks[0], picks[1]))
    match.emit("orders_changed", seat=seat)


def commit_reinforcements(match: Match) -> None:
    """4.9.3: picks are flagged `reinforced`, stay visible, and Choose Cards begins."""
    idx = index(match)
    b = idx.board
    for seat in (0, 1):
        for uid in b.reinforcements[seat]:
            match.journal.set(idx.by_id[uid], reinforced=True)
    match.journal.set(b, eligible=((), ()))
    match.emit("reinforcements_revealed",
               reinforcements=[list(b.reinforcements[0]), list(b.reinforcements[1])])
    match.set_phase("cards", (0, 1))


# -- after a battle --------------------------------------------------------------------------
def after_battle(match: Match, *, after_retreat: bool) -> None:
    """4.13.1-4.13.3: new battles (after a retreat step only), then the next battle."""
    idx = index(match)
    if after_retreat:
        match.journal.set(idx.board, retreat=None)
        pending = {t for _, t, s in idx.board.battles if s == "pending"}
        sites = battle_sites(idx, exclude=pending, reverse=reversed_round(match))
        if sites:
            add_battles(match, sites, new=True)
    start_next(match)


def after_retreat(match: Match) -> None:
    """The retreat step is over: after-battle with the search for new battles (4.13.2)."""
    after_battle(match, after_retreat=True)


def end_sequence(match: Match) -> None:
    """4.13.4: flags cleared, the list emptied; then the round cap, else the next round."""
    idx = index(match)
    for unit in idx.units:
        if unit.fought or unit.reinforced:
            match.journal.set(unit, fought=False, reinforced=False)
    match.journal.set(idx.board, battles=(), current_battle=None, retreat=None,
                      eligible=((), ()), ready=(False, False))
    match.emit("sequence_ended")
    if endgame.round_cap(match):
        return
    start_round(match, idx.board.round + 1)
