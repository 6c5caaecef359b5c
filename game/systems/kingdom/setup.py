"""New matches and setups (spec kingdom.md 4.1 and section 6 "Setup").

`start_match` opens the deck builder. `load_setup` builds the planning position a setup
describes, exactly as given, fills the documented defaults (including the offers drawn at load
from each seat's fresh `shop` stream) and raises `SetupError` naming the key for every rule of
section 6 a setup breaks. As in every mode, a key a State JSON does not print is rejected by
name, uids match `u<n>` exactly in ASCII (not "u1\\n"), and coins, uids and the combat log
have upper bounds (docs/kingdom.md "Setup bounds").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.components.common import CardRef, Health, Ident, InPile, Owner, Pile
from game.components.kingdom import (
    Board,
    Coins,
    CombatLog,
    Faction,
    GuardianCharge,
    Hero,
    Nexus,
    Offer,
    Shop,
    Slot,
    Slots,
    Stats,
    Unit,
)
from game.engine import ecs
from game.engine.match import SetupError
from game.engine.piles import create_pile, fill_pile
from game.engine.setup_checks import check_int, check_keys, check_length, excerpt, id_pattern
from game.systems.kingdom import content as content_bounds
from game.systems.kingdom import world
from game.systems.kingdom.commands import unit_components
from game.systems.kingdom.pools import select_all
from game.systems.kingdom.shop import fresh_offers, shop_stream
from game.systems.kingdom.state import copy_json
from game.systems.kingdom.turn import first_planner
from game.systems.kingdom.world import SeatFacts, deck_pile

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.kingdom.content import Content

MAX_UID = 999_999     # uids are u1 .. u999999
UID = id_pattern(r"u([1-9][0-9]{0,5})")
# coins: at least what a mod's match can hold, so every State JSON loads back as a setup: the
# start coins, then each turn's upkeep of at most MAX_LEVEL base income and one coin per income
# unit in a slot (SLOTS(level) = level + 4)
MAX_SLOTS = content_bounds.MAX_LEVEL + 4
MAX_COINS = max(9999, content_bounds.MAX_STAT
                + content_bounds.MAX_TURN_CAP * (content_bounds.MAX_LEVEL + MAX_SLOTS))
MAX_LOG = 2000        # events of board.combat_log

# Keys a setup may hold: those a State JSON prints (section 6), the `board.turn` and
# `board.phase` aliases, and the engine's `forced`.
ENVELOPE_KEYS = frozenset({"mode", "rules", "seed", "phase", "turn", "to_act", "result", "seats",
                           "board", "forced"})
BOARD_KEYS = frozenset({"seats", "next_uid", "combat_log", "phase", "turn"})
SEAT_KEYS = frozenset({"faction", "mode", "hero", "deck", "level", "era", "slots", "hp",
                       "max_hp", "coins", "shop"})
HERO_KEYS = frozenset({"card", "status"})
SLOT_KEYS = frozenset({"card", "uid"})
HERO_STATUSES = ("in_hand", "deployed", "dead")
MODES = ("country", "continent")


def new_seat(content: Content, seat: int) -> SeatFacts:
    """A seat before `build_deck` (4.1.1): level 1, empty slots, full HP, the start coins."""
    level = content.start_level
    slots = content.slot_count(level)
    hp = content.max_hp(slots)
    return SeatFacts(seat, None, None, None, None, (), level, (None,) * slots, hp, hp,
                     content.start_coins, ())


def build_position(match: Match, content: Content, next_uid: int, log: CombatLog,
                   seats: tuple[SeatFacts, SeatFacts]) -> None:
    """The entities of a position (docs/kingdom.md "Entities"): the board, each seat with its
    Nexus, its deck pile, its hero, its offers and its units. Built as a position is (the
    deck builder's start, a setup, a CPU's view): journaled, no hook and no event."""
    journal = match.journal
    create = journal.create
    create(Ident("board"), Board(next_uid), log)
    seat_entities = [create(Ident(f"seat{seat.seat}"), Owner(seat.seat), Nexus(seat.level),
                            Health(seat.hp, seat.max_hp), Coins(seat.coins),
                            Faction(seat.faction, seat.mode))
                     for seat in seats]
    for seat, entity in zip(seats, seat_entities, strict=True):
        n = seat.seat
        if seat.deck:
            pile = create_pile(match, deck_pile(n), owner=n)
            fill_pile(match, pile, tuple(create(CardRef(card), Owner(n), InPile(pile))
                                         for card in seat.deck))
        hero = 0
        if seat.hero is not None:
            hero = create(CardRef(seat.hero), Owner(n), Hero(seat.hero_status))
        offers = tuple(create(CardRef(card), Owner(n), Offer(index)) if card is not None else 0
                       for index, card in enumerate(seat.shop))
        units = []
        for index, unit in enumerate(seat.slots):
            if unit is None:
                units.append(0)
                continue
            parts = unit_components(content, unit[0], index, unit[1])
            if hero and seat.hero_status == "deployed" and unit[0] == seat.hero:
                for part in parts:
                    journal.add(hero, part)
                units.append(hero)
            else:
                units.append(create(CardRef(unit[0]), Owner(n), *parts))
        journal.add(entity, Slots(tuple(units)))
        journal.add(entity, Shop(offers))


def start_match(match: Match, content: Content) -> None:
    """`setup: null`: the deck builder, turn 1, both seats to act (4.1.1)."""
    build_position(match, content, 1, CombatLog(), (new_seat(content, 0), new_seat(content, 1)))
    match.journal.set(match.state, turn=1, to_act=(0, 1))


# -- setup ---------------------------------------------------------------------------------
def _int(value: Any, key: str, low: int, high: int) -> int:
    return check_int(value, key, low, high)


def _get(raw: dict[str, Any], key: str, default: Any) -> Any:
    """A setup value; a key given as null takes its default, like an omitted one."""
    value = raw.get(key)
    return default if value is None else value


def _alias(setup: dict[str, Any], board: dict[str, Any], key: str, default: Any) -> Any:
    """`turn` / `phase` from the envelope, with `board.<key>` accepted as an alias."""
    outer, inner = setup.get(key), board.get(key)
    if outer is not None and inner is not None and outer != inner:
        raise SetupError(f"setup.board.{key}: {excerpt(inner)} differs from setup.{key} {excerpt(outer)}")
    return outer if outer is not None else (inner if inner is not None else default)


def load_setup(match: Match, content: Content, setup: dict[str, Any]) -> None:
    """The planning position of a setup (section 6), validated key by key."""
    check_keys(setup, ENVELOPE_KEYS, "setup")
    if setup.get("mode") not in (None, "kingdom"):
        raise SetupError(f"setup.mode: must be \"kingdom\", got {excerpt(setup.get('mode'))}")
    if setup.get("result") is not None:
        raise SetupError("setup.result: a setup must be a running match (null)")
    board = setup.get("board")
    if not isinstance(board, dict):
        raise SetupError("setup.board: must be an object")
    check_keys(board, BOARD_KEYS, "setup.board")
    phase = _alias(setup, board, "phase", "planning")
    if phase != "planning":
        raise SetupError(f"setup.phase: must be \"planning\", got {excerpt(phase)} "
                         "(a match from the deck builder uses setup: null)")
    turn = _int(_alias(setup, board, "turn", 1), "setup.turn", 1, content.turn_cap)
    to_act = _get(setup, "to_act", [first_planner(match, turn)])
    if to_act not in ([0], [1]):
        raise SetupError(f"setup.to_act: must be [0] or [1], got {excerpt(to_act)}")
    raw_seats = board.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise SetupError("setup.board.seats: must be a list of two seat objects")
    parsed = [_seat(content, raw, n, f"setup.board.seats[{n}]") for n, raw in enumerate(raw_seats)]
    used = [int(UID.fullmatch(u[1]).group(1))  # type: ignore[union-attr]
            for seat, slots in parsed for u in slots if u is not None and u[1]]
    if len(used) != len(set(used)):
        raise SetupError("setup.board.seats: two units share a uid")
    first_free = max(used, default=0) + 1
    next_uid = _get(board, "next_uid", first_free)
    next_uid = _int(next_uid, "setup.board.next_uid", first_free, MAX_UID + 1)
    unnamed = sum(1 for _, slots in parsed for u in slots if u is not None and not u[1])
    if next_uid + unnamed - 1 > MAX_UID:
        raise SetupError(f"setup.board.next_uid: the slots without a uid would pass "
                         f"u{MAX_UID}")
    seats: list[SeatFacts] = []
    for seat, slots in parsed:
        filled: list[Unit | None] = []
        for unit in slots:
            if unit is not None and not unit[1]:
                unit = (unit[0], f"u{next_uid}")
                next_uid += 1
            filled.append(unit)
        seats.append(seat._replace(slots=tuple(filled)))
    log = _get(board, "combat_log", [])
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise SetupError("setup.board.combat_log: must be a list of event objects")
    check_length(log, "setup.board.combat_log", MAX_LOG)
    for n, raw in enumerate(raw_seats):
        if raw.get("shop") is None:  # drawn at load: the first draws of the seat's fresh stream
            seat = seats[n]
            seats[n] = seat._replace(shop=fresh_offers(content, seat.deck, seat.level,
                                                       len(seat.slots), shop_stream(match, n)))
    build_position(match, content, next_uid,
                   CombatLog(tuple(copy_json(e) for e in log), shaped=False), (seats[0], seats[1]))
    match.journal.set(match.state, phase="planning", turn=turn, to_act=tuple(to_act))


def _seat(content: Content, raw: Any, n: int, key: str
          ) -> tuple[SeatFacts, list[Unit | None]]:
    """One seat object of a setup; slots keep "" for a uid still to assign."""
    if not isinstance(raw, dict):
        raise SetupError(f"{key}: must be an object")
    check_keys(raw, SEAT_KEYS, key)
    mode = _get(raw, "mode", "country")
    if mode not in MODES:
        raise SetupError(f"{key}.mode: must be \"country\" or \"continent\", "
                         f"got {excerpt(mode)}")
    faction = raw.get("faction")
    if not isinstance(faction, str):
        raise SetupError(f"{key}.faction: required (a country or continent id)")
    if not content.is_faction(mode, faction):
        raise SetupError(f"{key}.faction: {excerpt(faction)} is not a {mode} of this game")
    level = _int(_get(raw, "level", content.start_level), f"{key}.level",
                 content.start_level, content.max_level)
    era = content.era(level).id
    if _get(raw, "era", era) != era:
        raise SetupError(f"{key}.era: level {level} is era {excerpt(era)}, got {excerpt(raw['era'])}")
    slot_count = content.slot_count(level)
    max_hp = content.max_hp(slot_count)
    if _get(raw, "max_hp", max_hp) != max_hp:
        raise SetupError(f"{key}.max_hp: level {level} has max_hp {max_hp}, "
                         f"got {excerpt(raw['max_hp'])}")
    hp = _int(_get(raw, "hp", max_hp), f"{key}.hp", 1, max_hp)
    coins = _int(_get(raw, "coins", content.start_coins), f"{key}.coins", 0, MAX_COINS)
    hero, status = _hero(content, raw.get("hero"), f"{key}.hero")
    deck = _deck(content, raw.get("deck"), mode, faction, f"{key}.deck")
    slots = _slots(content, raw.get("slots"), slot_count, hero, status, f"{key}.slots")
    shop: tuple[str | None, ...] = ()
    if raw.get("shop") is not None:
        shop = _shop(content, raw["shop"], content.shop_size(slot_count), f"{key}.shop")
    seat = SeatFacts(n, faction, mode, hero, status, deck, level, (), hp, max_hp, coins, shop)
    return seat, slots


def _hero(content: Content, raw: Any, key: str) -> tuple[str | None, str | None]:
    if raw is None:
        return None, None
    if not isinstance(raw, dict) or not isinstance(raw.get("card"), str):
        raise SetupError(f"{key}: must be null or {{\"card\": hero id, \"status\": ...}}")
    check_keys(raw, HERO_KEYS, key)
    card = content.cards.get(raw["card"])
    if card is None or card.kind != "hero":
        raise SetupError(f"{key}.card: {excerpt(raw['card'])} is not a hero")
    status = _get(raw, "status", "in_hand")
    if status not in HERO_STATUSES:
        raise SetupError(f"{key}.status: must be one of {', '.join(HERO_STATUSES)}")
    return card.id, status


def _deck(content: Content, raw: Any, mode: str, faction: str, key: str) -> tuple[str, ...]:
    if raw is None:
        return tuple(sorted(select_all(content, mode, faction)))
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise SetupError(f"{key}: must be a list of unit ids")
    if not content.deck_min_units <= len(raw) <= content.deck_max_units:
        raise SetupError(f"{key}: must hold {content.deck_min_units}-"
                         f"{content.deck_max_units} unit ids, got {len(raw)}")
    for i, card_id in enumerate(raw):
        card = content.cards.get(card_id)
        if card is None or card.kind != "unit":
            raise SetupError(f"{key}[{i}]: {excerpt(card_id)} is not a unit id")
    if len(set(raw)) != len(raw):
        raise SetupError(f"{key}: unit ids must be distinct")
    return tuple(sorted(raw))


def _slots(content: Content, raw: Any, count: int, hero: str | None, status: str | None,
           key: str) -> list[Unit | None]:
    if raw is None:
        slots: list[Unit | None] = [None] * count
    else:
        if not isinstance(raw, list) or len(raw) != count:
            raise SetupError(f"{key}: must be a list of {count} entries (level + 4)")
        slots = [_slot_unit(content, entry, hero, f"{key}[{i}]") for i, entry in enumerate(raw)]
    heroes = sum(1 for u in slots if u is not None and u[0] == hero)
    if status == "deployed" and heroes != 1:
        raise SetupError(f"{key}: a deployed hero must stand in exactly one slot")
    if status != "deployed" and heroes:
        raise SetupError(f"{key}: the hero stands in a slot but its status is {excerpt(status)}")
    return slots


def _slot_unit(content: Content, entry: Any, hero: str | None, key: str) -> Unit | None:
    if entry is None:
        return None
    if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
        raise SetupError(f"{key}: must be null or {{\"card\": id, \"uid\": \"u<n>\"}}")
    check_keys(entry, SLOT_KEYS, key)
    card = content.cards.get(entry["card"])
    if card is None or (card.kind == "hero" and card.id != hero):
        raise SetupError(f"{key}.card: {excerpt(entry['card'])} is not a unit id or the seat's hero")
    uid = _get(entry, "uid", "")
    if uid != "" and (not isinstance(uid, str) or not UID.fullmatch(uid)):
        raise SetupError(f"{key}.uid: must be \"u<n>\" with n in 1..{MAX_UID}, "
                         f"got {excerpt(uid)}")
    return (card.id, uid)


def _shop(content: Content, raw: Any, size: int, key: str) -> tuple[str | None, ...]:
    if not isinstance(raw, list) or len(raw) > size:
        raise SetupError(f"{key}: must be a list of at most {size} unit ids or nulls")
    for i, offer in enumerate(raw):
        if offer is None:
            continue
        card = content.cards.get(offer) if isinstance(offer, str) else None
        if card is None or card.kind != "unit":
            raise SetupError(f"{key}[{i}]: {excerpt(offer)} is not a unit id")
    return tuple(raw)


def restore_position(match: Match, content: Content, state: dict[str, Any]) -> None:
    """The planning position of a State JSON this program printed (a CPU's seat view, with its
    hidden offers already turned into empty positions), loaded without the setup checks: a
    printed position is valid by construction, and CPUs load one per planning phase."""
    board = state["board"]
    seats = [SeatFacts.of_json(n, raw) for n, raw in enumerate(board["seats"])]
    build_position(match, content, board["next_uid"],
                   CombatLog(tuple(copy_json(e) for e in board["combat_log"]), shaped=False),
                   (seats[0], seats[1]))
    match.journal.set(match.state, phase=state["phase"], turn=state["turn"],
                      to_act=tuple(state["to_act"]))


def restore_from(match: Match, content: Content, state: dict[str, Any],
                 previous: dict[str, Any] | None) -> None:
    """Bring a world at the position of the printed state `previous` (None: an empty world)
    to the position of the printed state `state`, unchecked and unlogged: a CPU's scratch match
    going from one view to the next (the engine's `ScratchMatch` restore path, no mark
    open). Only what differs changes: the seats' Nexus, coins and HP set, units kept by uid
    (moved where they moved), created or removed, the hero deployed or fallen in place,
    offers kept where the same card still stands, the rest made anew. A seat whose tile,
    deck or hero card differs (never between two views of one match) is built again from
    nothing, with everything else. The same components as `restore_position` builds, other
    entity ids (the rules never read entity order)."""
    if previous is not None and not _same_decks(previous, state):
        _clear_world(match)
        previous = None
    if previous is None:
        restore_position(match, content, state)
        return
    journal = match.journal
    for n, raw in enumerate(state["board"]["seats"]):
        _restore_seat(match, content, n, raw)
    board = world.board(match)
    if board.board.next_uid != state["board"]["next_uid"]:
        journal.set_field(board.board, "next_uid", state["board"]["next_uid"])
    journal.set(match.state, phase=state["phase"], turn=state["turn"],
                to_act=tuple(state["to_act"]))


def _same_decks(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether both positions have the same tiles, decks and hero cards (what a seat keeps
    from its `build_deck` to the end of the match)."""
    for a, b in zip(old["board"]["seats"], new["board"]["seats"], strict=True):
        if a["faction"] != b["faction"] or a["mode"] != b["mode"] or a["deck"] != b["deck"]:
            return False  # (no generator under any(): two seats a view)
        if (a["hero"] or {}).get("card") != (b["hero"] or {}).get("card"):
            return False
    return True


def _clear_world(match: Match) -> None:
    """Every entity `build_position` made deleted (the board, the seats, their cards and
    deck piles; the match's own entity stays), and the piles forgotten, to build a position
    from nothing."""
    made = set().union(*(ecs.holders(kind) for kind in (Board, Owner, Pile)))
    for entity in sorted(made):
        match.journal.delete(entity)
    match.piles.clear()


def _restore_seat(match: Match, content: Content, n: int, raw: dict[str, Any]) -> None:
    journal = match.journal
    row = world.SEATS.get(match, n)  # world.seat_row, without its call (two seats a view)
    if row.nexus.level != raw["level"]:
        journal.set_field(row.nexus, "level", raw["level"])
    if (row.health.hp, row.health.max_hp) != (raw["hp"], raw["max_hp"]):
        journal.set(row.health, hp=raw["hp"], max_hp=raw["max_hp"])
    if row.coins.coins != raw["coins"]:
        journal.set_field(row.coins, "coins", raw["coins"])
    hero = world.HEROES.get(match, n)  # world.hero_of, without its call
    hero_entity = hero.entity if hero is not None else 0
    hero_card = raw["hero"]["card"] if raw["hero"] else None
    if hero is not None and hero.hero.status != raw["hero"]["status"]:
        journal.set_field(hero.hero, "status", raw["hero"]["status"])
    table = ecs.entity_table()  # every card read from it: one lookup each, not a call
    standing = {table[unit][Ident].id: unit for unit in row.slots.units
                if unit and unit != hero_entity}
    units = []
    hero_placed = False
    for index, unit in enumerate(raw["slots"]):
        if unit is None:
            units.append(0)
            continue
        if unit["card"] == hero_card:  # only the seat's hero stands in a slot with its card
            _place_hero(journal, content, hero_entity, index, unit["uid"])
            hero_placed = True
            units.append(hero_entity)
            continue
        entity = standing.get(unit["uid"], 0)  # a uid is one unit for the whole match
        parts = table[entity] if entity else None
        # the same card too: a uid of another match may be another unit (a lent scratch)
        if parts is not None and parts[CardRef].definition == unit["card"]:
            del standing[unit["uid"]]
            slot = parts[Slot]
            if slot.index != index:
                journal.set_field(slot, "index", index)
        else:
            entity = journal.create(CardRef(unit["card"]), Owner(n),
                                    *unit_components(content, unit["card"], index, unit["uid"]))
        units.append(entity)
    for gone in standing.values():
        journal.delete(gone)
    # In hand or fallen: off the board (its unit parts come and go together, so a hero
    # without a `Slot` has none to take off, which is most views).
    if hero_entity and not hero_placed and Slot in table[hero_entity]:
        _leave_slot(journal, hero_entity)
    journal.set_field(row.slots, "units", tuple(units))
    offers = row.shop.offers
    stocked = []
    for index, card in enumerate(raw["shop"]):
        entity = offers[index] if index < len(offers) else 0
        if entity and card is not None and table[entity][CardRef].definition == card:
            stocked.append(entity)
            continue
        if entity:
            journal.delete(entity)
        stocked.append(0 if card is None else
                       journal.create(CardRef(card), Owner(n), Offer(index)))
    for entity in offers[len(raw["shop"]):]:
        if entity:
            journal.delete(entity)
    journal.set_field(row.shop, "offers", tuple(stocked))


def _place_hero(journal: Any, content: Content, hero: int, index: int, uid: str) -> None:
    """The hero deployed in slot `index` as unit `uid`: moved there if it already stands as
    that unit, else given its unit parts anew."""
    parts = ecs.components_of(hero)
    ident = parts.get(Ident)
    if ident is not None and ident.id == uid:
        slot = parts[Slot]
        if slot.index != index:
            journal.set_field(slot, "index", index)
        return
    _leave_slot(journal, hero)
    for part in unit_components(content, world.card_of(hero), index, uid):
        journal.add(hero, part)


def _leave_slot(journal: Any, entity: int) -> None:
    """A card's unit parts taken off (the hero leaving the board: fallen, or in hand again)."""
    parts = ecs.components_of(entity)
    for part in (Slot, Ident, Stats, GuardianCharge):
        if part in parts:
            journal.remove(entity, part)
