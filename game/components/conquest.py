"""Components of CardConquest (spec conquest.md section 6.2): plain values only.

One `ConquestBoard` holds the match-wide state (orders, ready flags, battle list, picks, cards,
hands, retreat, last result); each living unit is one entity with `Ident` and a `ConquestUnit`.
Every value is immutable (ints, strs, bools, tuples; `last_result` is a dict that is replaced,
never mutated) so the journal can record and restore it by assignment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Pair = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(slots=True)
class ConquestUnit:
    """One tank or infantry; `tile` is None while it waits in the placement tray (4.5)."""

    id: str
    seat: int
    kind: str
    n: int
    tile: str | None
    fought: bool = False
    reinforced: bool = False


@dataclass(slots=True)
class ConquestBoard:
    """The `board` of the State JSON apart from the units and the derived `tiles`."""

    setup_kind: str
    commanders: tuple[str | None, str | None] = (None, None)
    round: int = 0
    # per seat: ((unit id, pending tile), ...) in canonical unit order (4.5, 4.6)
    orders: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = ((), ())
    ready: tuple[bool, bool] = (False, False)
    # ((number, tile, "pending" | "current" | "done"), ...) in number order (4.7)
    battles: tuple[tuple[int, str, str], ...] = ()
    current_battle: int | None = None
    eligible: Pair = ((), ())
    reinforcements: Pair = ((), ())
    cards_chosen: tuple[str | None, str | None] = (None, None)
    hands: Pair = ((), ())
    discards: Pair = ((), ())
    # (site, units that must leave per seat) during `retreat` (4.12), else None
    retreat: tuple[str, Pair] | None = None
    last_result: dict[str, Any] | None = None
