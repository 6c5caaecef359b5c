"""Decisions of Marve-Strike (spec strike.md section 5, 4.6): field types, the mode's own
rejection checks in the spec's order, the intent of an accepted decision, and the canonical
list of legal decisions.

`check` resolves what a decision names (the hero, the target, the card) once, checks it, and
returns the rejection id or the `Intent`: the intent component on its entity, already holding
the resolved entities, and the step that consumes it. `intent` resolves a decision known to be
legal without checking it again (a search replaying its own candidates).

Public helpers for views and CPUs: `unit_destinations` (the blue tiles), `attack_targets`
(the enemies an ability can hit now), `legal_decisions` (the `--legal` order). Everything is
read from the world (game.systems.strike.world); a status blocks an action by its kind's
`blocks` (stun: attacks, root: moves), and an ability's kind says whom it targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.components.strike import AttackOrder, MoveOrder, PassOrder, PickCard, PlaceOrder
from game.engine.match import Intent, is_int
from game.systems.strike import world
from game.systems.strike.draft import unplaced, zone_tiles
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

# The step of the schedule that consumes a decision's intent, by the phase it is made in.
STEP_OF_PHASE = {"draft": "draft", "placement": "placement", "combat": "action"}

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
    if hero is None or hero.health.hp <= 0:
        return None
    return world.tile_of(hero.entity)


def unit_destinations(match: Match, unit_id: str) -> list[tuple[int, int]]:
    """A living hero's legal move destinations in discovery order (4.2); [] when a status
    blocks its moves."""
    with match.active():
        hero = world.hero(match, unit_id)
        tile = _placed(hero)
        if tile is None or world.blocked(match, hero.entity, "move"):
            return []
        return _destinations(match, hero, tile, world.occupied(match))


def _destinations(match: Match, hero: world.Hero, tile: tuple[int, int],
                  occupied: set[tuple[int, int]]) -> list[tuple[int, int]]:
    g = world.board(match).grid
    move = world.content(match).cards[hero.card.definition].move
    return bfs_reachable(tile, move, False, occupied=occupied, cols=g.cols, rows=g.rows)[1:]


def attack_targets(match: Match, unit_id: str, attack: int) -> list[str]:
    """Ids of the living enemies an ability of a hero can hit now, in slot order (4.6);
    [] for an ability that targets no enemy (a heal), a blocked hero or a cooldown."""
    with match.active():
        hero = world.hero(match, unit_id)
        tile = _placed(hero)
        if tile is None or world.blocked(match, hero.entity, "attack"):
            return []
        attacks = world.content(match).cards[hero.card.definition].attacks
        if not 0 <= attack < len(attacks) or hero.cooldowns.remaining[attack] > 0:
            return []
        ability = attacks[attack]
        if not ability.targets_enemy:
            return []
        out = []
        for e in world.living(match):
            if e.owner.seat == hero.owner.seat:
                continue
            where = world.tile_of(e.entity)
            if where is not None and cheb(tile, where) <= ability.range:
                out.append(e.ident.id)
        return out


# -- checks (section 5, item 6) and intents -------------------------------------------------
def check(match: Match, decision: dict[str, Any]) -> str | Intent:
    """The first rejection id of the spec's order, else the decision's intent (built from the
    entities the checks resolved)."""
    verb = decision["type"]
    seat = decision["seat"]
    phase = match.state.phase
    if phase == "draft":
        error = _check_draft(match, seat, verb, decision)
    elif verb == "place":
        error = _check_place(match, seat, decision["tile"])
    elif verb == "move":
        error, hero = _check_move(match, seat, decision["unit"], decision["to"])
        if error is None:
            return Intent(hero.entity, MoveOrder(decision["to"][0], decision["to"][1]), "action")
    elif verb == "attack":
        error, hero, target = _check_attack(match, seat, decision)
        if error is None:
            return Intent(hero.entity, AttackOrder(decision["attack"], target), "action")
    else:
        error = "must_act" if combat_actions(match, seat) else None
    return error if error is not None else intent(match, decision)


def intent(match: Match, decision: dict[str, Any]) -> Intent:
    """The intent of a legal decision: its component on the entity it concerns, every entity
    it names resolved, and the step that consumes it."""
    verb = decision["type"]
    seat = decision["seat"]
    phase = match.state.phase
    step = STEP_OF_PHASE[phase]
    if verb == "pass":
        return Intent(world.board(match).entity, PassOrder(seat), step)
    if phase == "draft":
        pile = f"hand{seat}" if verb == "retain" else f"hand{1 - seat}"
        card = world.card_in(match, pile, decision["card"])
        drop = world.card_in(match, f"deck{seat}", decision["drop"]) if verb == "swap" else None
        return Intent(card, PickCard(seat, verb, drop), step)  # type: ignore[arg-type]
    if verb == "place":
        x, y = decision["tile"]
        return Intent(unplaced(match, seat)[0].entity, PlaceOrder(x, y), step)
    hero = world.hero(match, decision["unit"])
    if verb == "move":
        return Intent(hero.entity, MoveOrder(decision["to"][0], decision["to"][1]), step)
    ability = world.content(match).cards[hero.card.definition].attacks[decision["attack"]]
    target = world.hero(match, decision["target"]) if ability.targets_enemy else None
    return Intent(hero.entity, AttackOrder(decision["attack"],
                                           target.entity if target is not None else None), step)


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


def _on_board(match: Match, tile: list[int]) -> bool:
    g = world.board(match).grid
    return 0 <= tile[0] < g.cols and 0 <= tile[1] < g.rows


def _check_place(match: Match, seat: int, tile: list[int]) -> str | None:
    if not _on_board(match, tile):
        return "out_of_bounds"
    g = world.board(match).grid
    zone = range(0, g.zone_columns) if seat == 0 else range(g.cols - g.zone_columns, g.cols)
    if tile[0] not in zone:
        return "outside_zone"
    return "occupied" if (tile[0], tile[1]) in world.occupied(match) else None


def _own_unit(match: Match, seat: int, unit_id: str
              ) -> tuple[str | None, world.Hero | None, tuple[int, int] | None]:
    hero = world.hero(match, unit_id)
    tile = _placed(hero)
    if tile is None:
        return "unknown_unit", None, None
    if hero.owner.seat != seat:
        return "not_your_unit", None, None
    return None, hero, tile


def _check_move(match: Match, seat: int, unit_id: str, to: list[int]
                ) -> tuple[str | None, Any]:
    """(the rejection id or None, the hero)."""
    error, hero, tile = _own_unit(match, seat, unit_id)
    if hero is None or tile is None:
        return error, None
    if world.blocked(match, hero.entity, "move"):
        return "rooted", hero
    if not _on_board(match, to):
        return "out_of_bounds", hero
    goal = (to[0], to[1])
    if goal == tile:
        return "not_reachable", hero
    occupied = world.occupied(match)
    if goal in occupied:
        return "occupied", hero
    reachable = goal in _destinations(match, hero, tile, occupied)
    return (None if reachable else "not_reachable"), hero


def _check_attack(match: Match, seat: int, decision: dict[str, Any]
                  ) -> tuple[str | None, Any, int | None]:
    """(the rejection id or None, the hero, the target hero's entity or None)."""
    error, hero, tile = _own_unit(match, seat, decision["unit"])
    if hero is None or tile is None:
        return error, None, None
    if world.blocked(match, hero.entity, "attack"):
        return "stunned", hero, None
    attacks = world.content(match).cards[hero.card.definition].attacks
    i = decision["attack"]
    if not 0 <= i < len(attacks):
        return "unknown_attack", hero, None
    if hero.cooldowns.remaining[i] > 0:
        return "on_cooldown", hero, None
    target_id = decision.get("target")
    if not attacks[i].targets_enemy:
        ok = target_id is None or target_id == hero.ident.id
        return (None if ok else "bad_target"), hero, None
    if target_id is None:
        return "bad_target", hero, None
    target = world.hero(match, target_id)
    where = _placed(target)
    if where is None:
        return "unknown_unit", hero, None
    if target.owner.seat == seat:
        return "bad_target", hero, None
    in_range = cheb(tile, where) <= attacks[i].range
    return (None if in_range else "out_of_range"), hero, target.entity


# -- legal lists -----------------------------------------------------------------------------
def combat_actions(match: Match, seat: int) -> list[dict[str, Any]]:
    """4.6 canonical order: per hero in slot order, its abilities (index order, targets in
    slot order), then its moves (discovery order). No `pass`."""
    out: list[dict[str, Any]] = []
    occupied = world.occupied(match)
    everyone = world.living(match)
    enemies = [(e.ident.id, t) for e in everyone if e.owner.seat != seat
               and (t := world.tile_of(e.entity)) is not None]
    cards = world.content(match).cards
    for hero in everyone:
        if hero.owner.seat != seat:
            continue
        tile = world.tile_of(hero.entity)
        if tile is None:
            continue
        uid = hero.ident.id
        if not world.blocked(match, hero.entity, "attack"):
            cooldowns = hero.cooldowns.remaining
            for i, ability in enumerate(cards[hero.card.definition].attacks):
                if cooldowns[i] > 0:
                    continue
                if not ability.targets_enemy:
                    out.append({"seat": seat, "type": "attack", "unit": uid, "attack": i})
                    continue
                for eid, where in enemies:
                    if cheb(tile, where) <= ability.range:
                        out.append({"seat": seat, "type": "attack", "unit": uid,
                                    "attack": i, "target": eid})
        if not world.blocked(match, hero.entity, "move"):
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
