"""Decisions of Marve-Strike (spec strike.md section 5, 4.6): field types, the mode's own
rejection checks in the spec's order, and the canonical list of legal decisions.

Public helpers for views and CPUs: `unit_destinations` (the blue tiles), `attack_targets`
(the enemies an ability can hit now), `legal_decisions` (the `--legal` order). Everything is
read from the world (game.systems.strike.world); a status blocks an action by its kind's
`blocks` (stun: attacks, root: moves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import is_int
from game.systems.strike import world
from game.systems.strike.draft import zone_tiles
from game.systems.strike.grid import bfs_reachable, cheb

if TYPE_CHECKING:
    from game.engine.match import Match

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

# Section 5's fields of each verb; any other key is bad_decision (the engine's common checks).
FIELDS = {"steal": frozenset({"card"}), "retain": frozenset({"card"}),
          "swap": frozenset({"card", "drop"}), "place": frozenset({"tile"}),
          "move": frozenset({"unit", "to"}), "attack": frozenset({"unit", "attack", "target"}),
          "pass": frozenset()}
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


# -- geometry of one hero --------------------------------------------------------------------
def _placed(hero: world.Hero | None) -> tuple[int, int] | None:
    """The tile of a living hero on the grid, else None."""
    if hero is None or hero[5].hp <= 0:
        return None
    return world.tile_of(hero[0])


def unit_destinations(match: Match, unit_id: str) -> list[tuple[int, int]]:
    """A living hero's legal move destinations in discovery order (4.2); [] when rooted."""
    with match.active():
        hero = world.hero(unit_id)
        tile = _placed(hero)
        if tile is None or world.blocked(match, hero[0], "move"):  # type: ignore[index]
            return []
        return _destinations(match, hero, tile, world.occupied())  # type: ignore[arg-type]


def _destinations(match: Match, hero: world.Hero, tile: tuple[int, int],
                  occupied: set[tuple[int, int]]) -> list[tuple[int, int]]:
    g = world.grid()
    move = world.content(match).cards[hero[4].definition].move
    return bfs_reachable(tile, move, False, occupied=occupied, cols=g.cols, rows=g.rows)[1:]


def attack_targets(match: Match, unit_id: str, attack: int) -> list[str]:
    """Ids of the living enemies an ability of a hero can hit now, in slot order (4.6);
    [] for a heal, a stunned hero or an ability on cooldown."""
    with match.active():
        hero = world.hero(unit_id)
        tile = _placed(hero)
        if tile is None or world.blocked(match, hero[0], "attack"):  # type: ignore[index]
            return []
        assert hero is not None
        attacks = world.content(match).cards[hero[4].definition].attacks
        if not 0 <= attack < len(attacks) or hero[6].remaining[attack] > 0:
            return []
        ability = attacks[attack]
        if ability.kind == "heal":
            return []
        out = []
        for e in world.living():
            if e[2].seat == hero[2].seat:
                continue
            where = world.tile_of(e[0])
            if where is not None and cheb(tile, where) <= ability.range:
                out.append(e[1].id)
        return out


# -- checks (section 5, item 6) --------------------------------------------------------------
def check(match: Match, decision: dict[str, Any]) -> str | None:
    verb = decision["type"]
    seat = decision["seat"]
    if match.state.phase == "draft":
        return _check_draft(match, seat, verb, decision)
    if verb == "place":
        return _check_place(seat, decision["tile"])
    if verb == "move":
        return _check_move(match, seat, decision["unit"], decision["to"])
    if verb == "attack":
        return _check_attack(match, seat, decision)
    return None if not combat_actions(match, seat) else "must_act"


def _check_draft(match: Match, seat: int, verb: str, decision: dict[str, Any]) -> str | None:
    deck = world.pile_cards(match, f"deck{seat}")
    full = len(deck) >= world.content(match).rules.draft.deck_size
    if verb == "pass":
        return None if full else "must_act"
    if verb in ("steal", "retain"):
        if full:
            return "deck_full"
        hand = f"hand{1 - seat}" if verb == "steal" else f"hand{seat}"
        return None if decision["card"] in world.pile_cards(match, hand) else "card_not_in_hand"
    if not full:
        return "deck_not_full"
    if decision["card"] not in world.pile_cards(match, f"hand{1 - seat}"):
        return "card_not_in_hand"
    return None if decision["drop"] in deck else "card_not_in_deck"


def _on_board(tile: list[int]) -> bool:
    g = world.grid()
    return 0 <= tile[0] < g.cols and 0 <= tile[1] < g.rows


def _check_place(seat: int, tile: list[int]) -> str | None:
    if not _on_board(tile):
        return "out_of_bounds"
    g = world.grid()
    zone = range(0, g.zone_columns) if seat == 0 else range(g.cols - g.zone_columns, g.cols)
    if tile[0] not in zone:
        return "outside_zone"
    return "occupied" if (tile[0], tile[1]) in world.occupied() else None


def _own_unit(seat: int, unit_id: str
              ) -> tuple[str | None, world.Hero | None, tuple[int, int] | None]:
    hero = world.hero(unit_id)
    tile = _placed(hero)
    if tile is None:
        return "unknown_unit", None, None
    assert hero is not None
    if hero[2].seat != seat:
        return "not_your_unit", None, None
    return None, hero, tile


def _check_move(match: Match, seat: int, unit_id: str, to: list[int]) -> str | None:
    error, hero, tile = _own_unit(seat, unit_id)
    if hero is None or tile is None:
        return error
    if world.blocked(match, hero[0], "move"):
        return "rooted"
    if not _on_board(to):
        return "out_of_bounds"
    goal = (to[0], to[1])
    if goal == tile:
        return "not_reachable"
    occupied = world.occupied()
    if goal in occupied:
        return "occupied"
    return None if goal in _destinations(match, hero, tile, occupied) else "not_reachable"


def _check_attack(match: Match, seat: int, decision: dict[str, Any]) -> str | None:
    error, hero, tile = _own_unit(seat, decision["unit"])
    if hero is None or tile is None:
        return error
    if world.blocked(match, hero[0], "attack"):
        return "stunned"
    attacks = world.content(match).cards[hero[4].definition].attacks
    i = decision["attack"]
    if not 0 <= i < len(attacks):
        return "unknown_attack"
    if hero[6].remaining[i] > 0:
        return "on_cooldown"
    target_id = decision.get("target")
    if attacks[i].kind == "heal":
        return None if target_id is None or target_id == hero[1].id else "bad_target"
    if target_id is None:
        return "bad_target"
    target = world.hero(target_id)
    where = _placed(target)
    if where is None:
        return "unknown_unit"
    assert target is not None
    if target[2].seat == seat:
        return "bad_target"
    return None if cheb(tile, where) <= attacks[i].range else "out_of_range"


# -- legal lists -----------------------------------------------------------------------------
def combat_actions(match: Match, seat: int) -> list[dict[str, Any]]:
    """4.6 canonical order: per hero in slot order, its abilities (index order, targets in
    slot order), then its moves (discovery order). No `pass`."""
    out: list[dict[str, Any]] = []
    occupied = world.occupied()
    everyone = world.living()
    enemies = [(e[1].id, t) for e in everyone if e[2].seat != seat
               and (t := world.tile_of(e[0])) is not None]
    cards = world.content(match).cards
    for hero in everyone:
        if hero[2].seat != seat:
            continue
        tile = world.tile_of(hero[0])
        if tile is None:
            continue
        uid = hero[1].id
        if not world.blocked(match, hero[0], "attack"):
            cooldowns = hero[6].remaining
            for i, ability in enumerate(cards[hero[4].definition].attacks):
                if cooldowns[i] > 0:
                    continue
                if ability.kind == "heal":
                    out.append({"seat": seat, "type": "attack", "unit": uid, "attack": i})
                    continue
                for eid, where in enemies:
                    if cheb(tile, where) <= ability.range:
                        out.append({"seat": seat, "type": "attack", "unit": uid,
                                    "attack": i, "target": eid})
        if not world.blocked(match, hero[0], "move"):
            for dest in _destinations(match, hero, tile, occupied):
                out.append({"seat": seat, "type": "move", "unit": uid,
                            "to": [dest[0], dest[1]]})
    return out


def legal_decisions(match: Match, seat: int) -> list[dict[str, Any]]:
    """The `--legal` list of section 5 for the seat to act."""
    phase = match.state.phase
    if phase == "draft":
        other = world.pile_cards(match, f"hand{1 - seat}")
        own = world.pile_cards(match, f"hand{seat}")
        deck = world.pile_cards(match, f"deck{seat}")
        if len(deck) < world.content(match).rules.draft.deck_size:
            return ([{"seat": seat, "type": "steal", "card": c} for c in other]
                    + [{"seat": seat, "type": "retain", "card": c} for c in own])
        return ([{"seat": seat, "type": "swap", "card": c, "drop": d}
                 for c in other for d in deck] + [{"seat": seat, "type": "pass"}])
    if phase == "placement":
        return [{"seat": seat, "type": "place", "tile": [c, r]}
                for c, r in zone_tiles(match, seat)]
    if phase == "combat":
        return combat_actions(match, seat) or [{"seat": seat, "type": "pass"}]
    return []
