"""Components of Marve-Strike (spec strike.md section 6): plain values only.

One `StrikeBoard` holds the match-wide board state (draft piles, flames, forced rolls, round);
each hero is one entity with `Ident` and a `StrikeUnit`. Every value is immutable (ints, strs,
tuples) so the journal can record and restore it by assignment.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class StrikeBoard:
    """The `board` of the state JSON apart from the units (6)."""

    cols: int
    rows: int
    zone_columns: int
    pool: tuple[str, ...]
    picks: int = 0
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    decks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    discard: tuple[str, ...] = ()
    # (col, row, owner, rounds, value), kept in scan order
    flames: tuple[tuple[int, int, int, int, int], ...] = ()
    round: int = 0
    rolls: tuple[int, ...] = ()


@dataclass(slots=True)
class StrikeUnit:
    """One hero on (or off) the grid; `pos` None while unplaced or dead (4.11)."""

    id: str
    owner: int
    slot: int
    card: str
    pos: tuple[int, int] | None
    hp: int
    max_hp: int
    cooldowns: tuple[int, ...]
    burn_turns: int = 0
    burn_value: int = 0
    stun: int = 0
    root: int = 0
    regen_turns: int = 0
    regen_value: int = 0
