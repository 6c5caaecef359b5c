"""Components of Kingdom (spec kingdom.md section 6): plain immutable values only.

One `KingdomBoard` entity holds the match-wide counter and the last combat log; each seat is one
entity with a `KingdomSeat`. A deployed unit is a `(card, uid)` pair in its seat's `slots`
tuple: units have no state beyond their card and uid (DEF is a threshold, 4.6), so a tuple is
the whole unit and a move or a death is one journalled assignment.
"""

from __future__ import annotations

from dataclasses import dataclass

Unit = tuple[str, str]  # (card id, uid "u<n>")


@dataclass(slots=True)
class KingdomBoard:
    """`board.next_uid` and `board.combat_log`. The log is kept pickled: immutable bytes (the
    journal restores them by assignment) that one C-speed `pickle.loads` turns back into fresh
    lists for every state or seat view, which CPUs ask for at every decision."""

    next_uid: int = 1
    combat_log: bytes = b"\x80\x05]\x94."  # pickle.dumps([], protocol=5)


@dataclass(slots=True)
class KingdomSeat:
    """One seat object of section 6. `hero`/`hero_status` are None before `build_deck` (or
    when a setup gives no hero)."""

    seat: int
    faction: str | None = None
    mode: str | None = None
    hero: str | None = None
    hero_status: str | None = None  # "in_hand" | "deployed" | "dead"
    deck: tuple[str, ...] = ()
    level: int = 1
    slots: tuple[Unit | None, ...] = (None, None, None, None, None)
    hp: int = 25
    max_hp: int = 25
    coins: int = 1
    shop: tuple[str | None, ...] = ()
    built: bool = False  # deck_builder: this seat has submitted its deck
