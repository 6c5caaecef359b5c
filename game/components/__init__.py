"""Plain-data components (`@dataclass(slots=True)`), shared ones here, per-mode ones in modules.

Components hold plain values only (ints, strs, tuples, entity ids): never sprites or callables.
Rules change them only through the journal (`match.journal.set(comp, field=value)`).
"""

from game.components.common import (
    CardRef,
    Cooldowns,
    GridPos,
    Health,
    Ident,
    InPile,
    MatchState,
    Modifier,
    Owner,
    Pile,
    Status,
)

__all__ = [
    "CardRef",
    "Cooldowns",
    "GridPos",
    "Health",
    "Ident",
    "InPile",
    "MatchState",
    "Modifier",
    "Owner",
    "Pile",
    "Status",
]
