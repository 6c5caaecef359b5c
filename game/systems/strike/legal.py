"""Decisions of Marve-Strike (spec strike.md section 5, 4.6): field types, the mode's own
rejection checks in the spec's order, and the canonical list of legal decisions.

Public helpers for views and CPUs: `unit_destinations` (the blue tiles), `attack_targets`
(the enemies an ability can hit now), `legal_decisions` (the `--legal` order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import is_int
from game.systems.strike.draft import zone_tiles
from game.systems.strike.grid import bfs_reachable, cheb
from game.systems.strike.state import index

if TYPE_CHECKING:
    from game.components.strike import StrikeUnit
    from game.engine.match import Match
    from game.systems.strike.state import Index

DRAFT = frozenset({"draft"})
VERBS = {
    "steal": DRAFT,
    "retain": DRAFT,
    "swap": DRAFT,
    "place": frozenset({"placement"}),
    "move": frozenset({"combat"}),
    "attack": frozenset({"combat"}),
    "pass": frozenset({"draft", "combat"}),
}

STRING_FIELDS = {"steal": ("card",), "retain": ("card",), "swap": ("card", "drop"),
                 "move": ("unit",), "attack": ("unit",)}
TILE_FIELDS = {"place": "tile", "move": "to"}


def _is_tile(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)


def malformed(decision: dict[str, Any]) -> bool:
    """Section 5 check 2: a required field missing or of the wrong JSON type."""
    verb = decision["type"]
    for name in STRING_FIELDS.get(verb, ()):
        if not isinstance(decision.get(name), str):
            return True
    tile = TILE_FIELDS.get(verb)
    if tile is not None and not _is_tile(decision.get(tile)):
        return True
    if verb == "attack":
        if not is_int(decision.get("attack")):
            return True
        target = decision.get("target")
        if target is not None and not isinstance(target, str):
            return True
    return False


# -- geometry of one unit --------------------------------------------------------------------
def unit_destinations(match: Match, unit_id: str) -> list[tuple[int, int]]:
    """A living unit's legal move destinations in discovery order (4.2); [] when rooted."""
    idx = index(match)
    unit = idx.by_id.get(unit_id)
    if unit is None or unit.hp <= 0 or unit.pos is None or unit.root > 0:
        return []
    return _destinations(idx, unit, idx.occupied())


def _destinations(idx: Index, unit: StrikeUnit, occupied: set[tuple[int, int]]
                  ) -> list[tuple[int, int]]:
    assert unit.pos is not None
    b = idx.board
    move = idx.content.cards[unit.card].move
    return bfs_reachable(unit.pos, move, False, occupied=occupied, cols=b.cols,
                         rows=b.rows)[1:]


def attack_targets(match: Match, unit_id: str, attack: int) -> list[str]:
    """Ids of the living enemies an ability of a unit can hit now, in slot order (4.6);
    [] for a heal, a stunned unit or an ability on cooldown."""
    idx = index(match)
    unit = idx.by_id.get(unit_id)
    if unit is None or unit.hp <= 0 or unit.pos is None or unit.stun > 0:
        return []
    attacks = idx.content.cards[unit.card].attacks
    if not 0 <= attack < len(attacks) or unit.cooldowns[attack] > 0:
        return []
    ability = attacks[attack]
    if ability.kind == "heal":
        return []
    return [e.id for e in idx.units if e.owner != unit.owner and e.hp > 0
            and e.pos is not None and cheb(unit.pos, e.pos) <= ability.range]


# -- checks (section 5, item 6) --------------------------------------------------------------
def check(match: Match, decision: dict[str, Any]) -> str | None:
    verb = decision["type"]
    seat = decision["seat"]
    idx = index(match)
    if match.state.phase == "draft":
        return _check_draft(idx, seat, verb, decision)
    if verb == "place":
        return _check_place(match, idx, seat, decision["tile"])
    if verb == "move":
        return _check_move(idx, seat, decision["unit"], decision["to"])
    if verb == "attack":
        return _check_attack(idx, seat, decision)
    return None if not combat_actions(match, seat) else "must_act"


def _check_draft(idx: Index, seat: int, verb: str, decision: dict[str, Any]) -> str | None:
    b = idx.board
    full = len(b.decks[seat]) >= idx.content.rules.draft.deck_size
    if verb == "pass":
        return None if full else "must_act"
    if verb in ("steal", "retain"):
        if full:
            return "deck_full"
        hand = b.hands[1 - seat] if verb == "steal" else b.hands[seat]
        return None if decision["card"] in hand else "card_not_in_hand"
    if not full:
        return "deck_not_full"
    if decision["card"] not in b.hands[1 - seat]:
        return "card_not_in_hand"
    return None if decision["drop"] in b.decks[seat] else "card_not_in_deck"


def _on_board(idx: Index, tile: list[int]) -> bool:
    return 0 <= tile[0] < idx.board.cols and 0 <= tile[1] < idx.board.rows


def _check_place(match: Match, idx: Index, seat: int, tile: list[int]) -> str | None:
    if not _on_board(idx, tile):
        return "out_of_bounds"
    b = idx.board
    zone = range(0, b.zone_columns) if seat == 0 else range(b.cols - b.zone_columns, b.cols)
    if tile[0] not in zone:
        return "outside_zone"
    return "occupied" if (tile[0], tile[1]) in idx.occupied() else None


def _own_unit(idx: Index, seat: int, unit_id: str) -> tuple[str | None, StrikeUnit | None]:
    unit = idx.by_id.get(unit_id)
    if unit is None or unit.hp <= 0 or unit.pos is None:
        return "unknown_unit", None
    if unit.owner != seat:
        return "not_your_unit", None
    return None, unit


def _check_move(idx: Index, seat: int, unit_id: str, to: list[int]) -> str | None:
    error, unit = _own_unit(idx, seat, unit_id)
    if unit is None:
        return error
    if unit.root > 0:
        return "rooted"
    if not _on_board(idx, to):
        return "out_of_bounds"
    tile = (to[0], to[1])
    if tile == unit.pos:
        return "not_reachable"
    occupied = idx.occupied()
    if tile in occupied:
        return "occupied"
    return None if tile in _destinations(idx, unit, occupied) else "not_reachable"


def _check_attack(idx: Index, seat: int, decision: dict[str, Any]) -> str | None:
    error, unit = _own_unit(idx, seat, decision["unit"])
    if unit is None:
        return error
    if unit.stun > 0:
        return "stunned"
    attacks = idx.content.cards[unit.card].attacks
    i = decision["attack"]
    if not 0 <= i < len(attacks):
        return "unknown_attack"
    if unit.cooldowns[i] > 0:
        return "on_cooldown"
    target_id = decision.get("target")
    if attacks[i].kind == "heal":
        return None if target_id is None or target_id == unit.id else "bad_target"
    if target_id is None:
        return "bad_target"
    target = idx.by_id.get(target_id)
    if target is None or target.hp <= 0 or target.pos is None:
        return "unknown_unit"
    if target.owner == seat:
        return "bad_target"
    assert unit.pos is not None
    return None if cheb(unit.pos, target.pos) <= attacks[i].range else "out_of_range"


# -- legal lists -----------------------------------------------------------------------------
def combat_actions(match: Match, seat: int) -> list[dict[str, Any]]:
    """4.6 canonical order: per unit in slot order, its abilities (index order, targets in
    slot order), then its moves (discovery order). No `pass`."""
    idx = index(match)
    out: list[dict[str, Any]] = []
    occupied = idx.occupied()
    enemies = [e for e in idx.units if e.owner != seat and e.hp > 0 and e.pos is not None]
    for unit in idx.units:
        if unit.owner != seat or unit.hp <= 0 or unit.pos is None:
            continue
        if unit.stun == 0:
            for i, ability in enumerate(idx.content.cards[unit.card].attacks):
                if unit.cooldowns[i] > 0:
                    continue
                if ability.kind == "heal":
                    out.append({"seat": seat, "type": "attack", "unit": unit.id, "attack": i})
                    continue
                for e in enemies:
                    if cheb(unit.pos, e.pos) <= ability.range:  # type: ignore[arg-type]
                        out.append({"seat": seat, "type": "attack", "unit": unit.id,
                                    "attack": i, "target": e.id})
        if unit.root == 0:
            for tile in _destinations(idx, unit, occupied):
                out.append({"seat": seat, "type": "move", "unit": unit.id,
                            "to": [tile[0], tile[1]]})
    return out


def legal_decisions(match: Match, seat: int) -> list[dict[str, Any]]:
    """The `--legal` list of section 5 for the seat to act."""
    idx = index(match)
    phase = match.state.phase
    if phase == "draft":
        b = idx.board
        other = b.hands[1 - seat]
        if len(b.decks[seat]) < idx.content.rules.draft.deck_size:
            return ([{"seat": seat, "type": "steal", "card": c} for c in other]
                    + [{"seat": seat, "type": "retain", "card": c} for c in b.hands[seat]])
        return ([{"seat": seat, "type": "swap", "card": c, "drop": d}
                 for c in other for d in b.decks[seat]] + [{"seat": seat, "type": "pass"}])
    if phase == "placement":
        return [{"seat": seat, "type": "place", "tile": [c, r]}
                for c, r in zone_tiles(match, seat)]
    if phase == "combat":
        return combat_actions(match, seat) or [{"seat": seat, "type": "pass"}]
    return []
