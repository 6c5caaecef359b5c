"""New matches and setups (spec conquest.md 4.4, 4.2 and 6.5).

`start_match` begins a match from nothing: Commander select, or for the Classic setup straight
in placement with both armies in the tray. `load_setup` checks a setup, fills the documented
defaults, derives what 6.5 derives, and raises `SetupError` naming the key for every malformed
setup; the position it describes is then built by `restore_position`, the one builder of
positions. As in every mode, a key a State JSON does not print is rejected by name, unit ids
match their ASCII pattern exactly (`p0.t²` and `p0.t١` are not unit 2 or 1), and the battle
list is no longer than the map has land tiles (docs/conquest.md "Setup bounds").

`restore_position` takes a printed position (a State JSON board: a CPU's seat view made a
setup by `scratch_setup`, masked values already nothing chosen) and brings the world to it
without checks, from an empty world or from any other position of the same match: it creates
what is missing, updates what differs and deletes what is gone, through the journal (a setup
is a position, not play: no hook, no event). So a CPU's scratch match is reloaded at each step
for the cost of the view's differences (game.engine.scratch).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress, count
from operator import itemgetter, ne
from typing import TYPE_CHECKING, Any, NamedTuple

import esper

from game.components.common import InPile, Pile
from game.components.conquest import (
    Battle,
    Chosen,
    Fought,
    Order,
    Ready,
    Reinforced,
    Reinforcing,
    Retreating,
    Site,
)
from game.engine.ecs import components_of
from game.engine.match import SetupError, is_int
from game.engine.setup_checks import check_int, check_keys, check_length, excerpt, id_pattern
from game.systems.conquest import world
from game.systems.conquest.armies import (
    CLASSIC,
    DealArmies,
    deal_cards,
    new_world,
    unit_components,
)
from game.systems.conquest.battle import eligible_units
from game.systems.conquest.content import KINDS

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.content import ArmyDef, Content

PHASES = ("commander", "placement", "movement", "reinforcements", "cards", "retreat", "over")
SETUP_KINDS = ("commanders", "classic")
REASONS = ("base_captured", "elimination", "mutual_elimination", "round_cap")

# Keys a setup may hold: those a State JSON prints (6.4), plus the engine's `forced`.
ENVELOPE_KEYS = frozenset({"mode", "rules", "seed", "phase", "turn", "to_act", "result", "seats",
                           "board", "forced"})
BOARD_KEYS = frozenset({"setup_kind", "commanders", "round", "tiles", "units", "orders", "ready",
                        "eligible", "battles", "current_battle", "reinforcements",
                        "cards_chosen", "hands", "discards", "retreat", "last_result"})
UNIT_KEYS = frozenset({"id", "seat", "kind", "tile", "fought", "reinforced"})
BATTLE_KEYS = frozenset({"number", "tile", "state"})
RETREAT_KEYS = frozenset({"tile", "units"})
RESULT_KEYS = frozenset({"winner", "reason"})
LAST_RESULT_KEYS = frozenset({"number", "tile", "winner", "reason", "attack", "defence",
                              "abilities", "cards", "casualties", "reinforcements",
                              "score_parts", "scores", "trapped"})
# `p<seat>.<letter><n>`: ASCII digits, no leading zero, at most 4 (an army has far fewer).
UNIT_ID = id_pattern(r"p([01])\.([a-z])([1-9][0-9]{0,3})")


def start_match(match: Match, content: Content) -> None:
    """A new match (`setup: null`): Commander select, or Classic straight to placement."""
    kind = match.options.get("setup_kind", "commanders")
    new_world(match, content, kind)
    if kind == CLASSIC:
        DealArmies().run(match)
        match.set_phase("placement", (0, 1))
    else:
        match.set_phase("commander", (0, 1))


# -- setups (6.5) ----------------------------------------------------------------------------
@dataclass(slots=True)
class _Unit:
    """A unit as a setup describes it, while it is checked."""

    id: str
    seat: int
    kind: str
    n: int
    tile: str | None
    fought: bool = False
    reinforced: bool = False

    def key(self) -> tuple[int, int, int]:
        return (self.seat, KINDS.index(self.kind), self.n)


def _army_of(content: Content, kind: str, commanders: list[Any], seat: int) -> ArmyDef:
    if kind == CLASSIC:
        return content.armies[CLASSIC]
    return content.armies[commanders[seat]]


def _pair_of_lists(value: Any, key: str) -> tuple[list[Any], list[Any]]:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, list) for v in value)):
        raise SetupError(f"{key}: must be a list of two lists")
    return value[0], value[1]


def _unhide(value: Any, empty: Any) -> Any:
    """A seat view's masked entries ("hidden") load as nothing chosen (a CPU fills in its own
    assumption before loading when it has one)."""
    if isinstance(value, list):
        return [empty if v == "hidden" else v for v in value]
    return value


def _strs(value: list[Any], key: str) -> list[str]:
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise SetupError(f"{key}[{i}]: must be a string id")
    if len(set(value)) != len(value):
        raise SetupError(f"{key}: an id is listed twice")
    return value


def _parse_id(content: Content, uid: Any, key: str) -> tuple[int, str, int]:
    """`p<seat>.<letter><n>` -> (seat, kind, n)."""
    found = UNIT_ID.fullmatch(uid) if isinstance(uid, str) else None
    if found is None or found.group(2) not in content.letters:
        raise SetupError(f"{key}: bad unit id {excerpt(uid)}")
    seat_ch, letter, digits = found.groups()
    return int(seat_ch), content.letters[letter], int(digits)


def load_setup(match: Match, content: Content, setup: dict[str, Any]) -> None:
    """Build the position of `setup` (6.5); SetupError names the malformed key."""
    if not isinstance(setup, dict):
        raise SetupError("setup: must be an object")
    check_keys(setup, ENVELOPE_KEYS, "")
    phase = setup.get("phase")
    if phase not in PHASES:
        raise SetupError(f"phase: must be one of {', '.join(PHASES)}")
    raw = setup.get("board")
    if not isinstance(raw, dict):
        raise SetupError("board: must be an object")
    check_keys(raw, BOARD_KEYS, "board")
    if "units" not in raw:
        raise SetupError("board.units: required")
    result = _result(setup.get("result"), phase)
    cap_rounds = content.rules.round_cap
    per_tile = content.rules.max_own_per_tile

    kind = raw.get("setup_kind", "commanders")
    if kind not in SETUP_KINDS:
        raise SetupError(f"board.setup_kind: must be one of {', '.join(SETUP_KINDS)}")
    if kind == CLASSIC and phase == "commander":
        raise SetupError("board.setup_kind: the Classic setup skips the commander phase (4.2)")
    commanders = raw.get("commanders", [None, None])
    if not (isinstance(commanders, list) and len(commanders) == 2):
        raise SetupError("board.commanders: must be a list of two entries")
    for s, c in enumerate(commanders):
        if c is not None and (not isinstance(c, str) or c not in content.commanders):
            raise SetupError(f"board.commanders[{s}]: unknown commander {excerpt(c)}")
        if kind == CLASSIC and c is not None:
            raise SetupError(f"board.commanders[{s}]: a classic setup has no commanders")
        if kind != CLASSIC and phase != "commander" and c is None:
            raise SetupError(f"board.commanders[{s}]: required past commander select")
    armies_exist = kind == CLASSIC or phase != "commander"
    default_round = 0 if phase in ("commander", "placement") else 1
    round_ = raw.get("round", default_round)
    if not is_int(round_) or round_ < 0 or round_ > cap_rounds:
        raise SetupError(f"board.round: must be an integer in 0..{cap_rounds}")
    if phase in ("commander", "placement") and round_ != 0:
        raise SetupError(f"board.round: must be 0 in {phase}")
    if phase not in ("commander", "placement", "over") and round_ < 1:
        raise SetupError("board.round: must be at least 1 from movement on")

    units = _units(content, kind, commanders, raw["units"], phase, armies_exist, per_tile)
    tile_of = {u.id: u.tile for u in units}
    seat_of = {u.id: u.seat for u in units}
    key_of = {u.id: u.key() for u in units}

    # hands and discards
    if armies_exist:
        hands, discards = _cards(content, kind, commanders, raw)
    else:
        for key in ("hands", "discards"):
            if _pair_of_lists(raw.get(key, [[], []]), f"board.{key}") != ([], []):
                raise SetupError(f"board.{key}: no cards before the armies exist")
        hands, discards = ((), ()), ((), ())

    # battles
    battles_raw = raw.get("battles", [])
    if not isinstance(battles_raw, list):
        raise SetupError("board.battles: must be a list")
    check_length(battles_raw, "board.battles", len(content.land))
    battles = []
    for i, entry in enumerate(battles_raw):
        key = f"board.battles[{i}]"
        if not isinstance(entry, dict):
            raise SetupError(f"{key}: must be an object")
        check_keys(entry, BATTLE_KEYS, key)
        number, tile, state = entry.get("number"), entry.get("tile"), entry.get("state")
        check_int(number, f"{key}.number", 1, len(content.land))
        if not isinstance(tile, str) or not content.is_land(tile):
            raise SetupError(f"{key}.tile: must be a land tile id")
        if state not in ("pending", "current", "done"):
            raise SetupError(f"{key}.state: must be pending, current or done")
        battles.append((number, tile, state))
    if [n for n, _, _ in battles] != sorted({n for n, _, _ in battles}):
        raise SetupError("board.battles: numbers must be distinct and ascending")
    current = raw.get("current_battle")
    in_battle = phase in ("reinforcements", "cards", "retreat")
    if current is not None and (not is_int(current) or current not in
                                [n for n, _, _ in battles]):
        raise SetupError("board.current_battle: must be the number of a listed battle")
    if in_battle:
        if current is None:
            raise SetupError(f"board.current_battle: required in {phase}")
        wanted = "done" if phase == "retreat" else "current"
        if next(s for n, _, s in battles if n == current) != wanted:
            raise SetupError(f"board.battles: battle {current} must be {wanted} in {phase}")
    elif phase != "over" and (battles or current is not None):
        raise SetupError(f"board.battles: no battle sequence in {phase}")
    site = next(t for n, t, _ in battles if n == current) if current is not None else None

    # picks and cards
    picks_raw = _pair_of_lists(_unhide(raw.get("reinforcements", [[], []]), []),
                               "board.reinforcements")
    picks: list[list[str]] = []
    for s in (0, 1):
        ids = _strs(picks_raw[s], f"board.reinforcements[{s}]")
        if ids and phase not in ("reinforcements", "cards", "over"):
            raise SetupError(f"board.reinforcements[{s}]: only during a battle")
        for uid in ids:
            if seat_of.get(uid) != s:
                raise SetupError(f"board.reinforcements[{s}]: {excerpt(uid)} is not a unit of seat {s}")
            if site is None or tile_of[uid] not in content.neighbours[site]:
                raise SetupError(f"board.reinforcements[{s}]: {excerpt(uid)} is not next to the site")
        picks.append(sorted(ids, key=key_of.__getitem__))
    chosen = _chosen(raw.get("cards_chosen", [None, None]), hands, phase)

    # orders and ready flags
    orders = _orders(content, raw.get("orders", [{}, {}]), units, phase, per_tile)
    ready = raw.get("ready", [False, False])
    if not (isinstance(ready, list) and len(ready) == 2
            and all(isinstance(r, bool) for r in ready)):
        raise SetupError("board.ready: must be two booleans")
    # A seat whose secret was masked ("hidden", a seat view loaded as a setup) loads with
    # nothing chosen, so it cannot be ready in the copy.
    masked = {s for s in (0, 1) for key in ("orders", "reinforcements", "cards_chosen")
              if isinstance(raw.get(key), list) and len(raw[key]) == 2
              and raw[key][s] == "hidden"}
    ready = [ready[0] and 0 not in masked, ready[1] and 1 not in masked]

    retreat = _retreat(raw.get("retreat"), phase, site, seat_of, key_of)

    last = raw.get("last_result")
    if last is not None and not isinstance(last, dict):
        raise SetupError("board.last_result: must be an object or null")
    if last is not None:
        check_keys(last, LAST_RESULT_KEYS, "board.last_result")

    position = {"phase": phase, "result": result, "board": {
        "setup_kind": kind, "commanders": list(commanders), "round": round_,
        "units": [{"id": u.id, "tile": u.tile, "fought": u.fought, "reinforced": u.reinforced}
                  for u in units],
        "orders": orders, "ready": ready,
        "battles": [{"number": n, "tile": t, "state": s} for n, t, s in battles],
        "current_battle": current, "reinforcements": picks, "cards_chosen": chosen,
        "hands": [list(hands[0]), list(hands[1])],
        "discards": [list(discards[0]), list(discards[1])],
        "retreat": retreat, "last_result": last}}
    restore_position(match, content, position)

    # what the built position must hold
    to_act = match.state.to_act
    if phase == "reinforcements":
        if not to_act:
            raise SetupError("phase: a reinforcements phase needs an eligible unit")
        assert site is not None
        eligible = eligible_units(match, site)
        for s in (0, 1):
            names = {u.ident.id for u in eligible[s]}
            for uid in picks[s]:
                if uid not in names:
                    raise SetupError(f"board.reinforcements[{s}]: {excerpt(uid)} is not eligible")
    if result is None:
        for s in (0, 1):
            if ready[s] and s not in to_act:
                raise SetupError(f"board.ready[{s}]: seat {s} does not act in {phase}")
        if all(ready[s] for s in to_act):
            raise SetupError("board.ready: every seat to act is already ready")
        from game.systems.conquest.legal import ready_error

        for s in to_act:
            error = ready_error(match, s) if ready[s] else None
            if error:
                raise SetupError(f"board.ready[{s}]: seat {s} cannot be ready ({error})")


def _result(value: Any, phase: str) -> dict[str, Any] | None:
    if value is None:
        if phase == "over":
            raise SetupError("result: a setup in phase 'over' needs its result")
        return None
    if not (isinstance(value, dict) and set(value) <= RESULT_KEYS
            and value.get("winner") in (0, 1, None)
            and not isinstance(value.get("winner"), bool) and value.get("reason") in REASONS):
        raise SetupError("result: must be null or {\"winner\": 0|1|null, \"reason\": id}")
    if phase != "over":
        raise SetupError("result: a finished setup must be in phase 'over'")
    return {"winner": value["winner"], "reason": value["reason"]}


def _units(content: Content, kind: str, commanders: list[Any], raw: Any, phase: str,
           armies_exist: bool, per_tile: int) -> list[_Unit]:
    if not isinstance(raw, list):
        raise SetupError("board.units: must be a list")
    if not armies_exist and raw:
        raise SetupError("board.units: no units before the armies exist")
    units: list[_Unit] = []
    seen: set[str] = set()
    counts: dict[tuple[str, int], int] = {}
    for i, entry in enumerate(raw):
        key = f"board.units[{i}]"
        if not isinstance(entry, dict):
            raise SetupError(f"{key}: must be an object")
        check_keys(entry, UNIT_KEYS, key)
        if "id" not in entry or "tile" not in entry:
            raise SetupError(f"{key}: `id` and `tile` are required")
        seat, unit_kind, n = _parse_id(content, entry["id"], f"{key}.id")
        uid = entry["id"]
        if uid in seen:
            raise SetupError(f"{key}.id: duplicate unit id {excerpt(uid)}")
        seen.add(uid)
        army = _army_of(content, kind, commanders, seat)
        if n > army.count(unit_kind):
            raise SetupError(f"{key}.id: {excerpt(uid)} is above the army's "
                             f"{army.count(unit_kind)} {unit_kind} units")
        for field, want in (("seat", seat), ("kind", unit_kind)):
            if field in entry and entry[field] != want:
                raise SetupError(f"{key}.{field}: must be {excerpt(want)} for {excerpt(uid)}")
        tile = entry["tile"]
        if tile is None:
            if phase != "placement":
                raise SetupError(f"{key}.tile: a unit is on the map outside placement")
        else:
            if phase == "placement":
                raise SetupError(f"{key}.tile: units stay in the tray during placement "
                                 "(placements are board.orders)")
            if not isinstance(tile, str) or tile not in content.tiles:
                raise SetupError(f"{key}.tile: unknown tile {excerpt(tile)}")
            if not content.is_land(tile):
                raise SetupError(f"{key}.tile: {tile} is water")
            counts[(tile, seat)] = counts.get((tile, seat), 0) + 1
            if counts[(tile, seat)] > per_tile:
                raise SetupError(f"{key}.tile: more than {per_tile} units of seat "
                                 f"{seat} on {tile}")
        flags = []
        for field in ("fought", "reinforced"):
            value = entry.get(field, False)
            if not isinstance(value, bool):
                raise SetupError(f"{key}.{field}: must be a boolean")
            flags.append(value)
        units.append(_Unit(uid, seat, unit_kind, n, tile, flags[0], flags[1]))
    units.sort(key=_Unit.key)
    return units


def _cards(content: Content, kind: str, commanders: list[Any], raw: dict[str, Any]
           ) -> tuple[tuple[tuple[str, ...], tuple[str, ...]],
                      tuple[tuple[str, ...], tuple[str, ...]]]:
    discards_raw = _pair_of_lists(raw.get("discards", [[], []]), "board.discards")
    hands_raw = _pair_of_lists(raw["hands"], "board.hands") if "hands" in raw else None
    hands: list[tuple[str, ...]] = []
    discards: list[tuple[str, ...]] = []
    for s in (0, 1):
        army = _army_of(content, kind, commanders, s)
        pile = _strs(discards_raw[s], f"board.discards[{s}]")
        for card in pile:
            if card not in army.cards:
                raise SetupError(f"board.discards[{s}]: {excerpt(card)} is not a card of the "
                                 f"{army.id} army")
        if hands_raw is None:
            hand = [c for c in army.cards if c not in pile]
        else:
            hand = _strs(hands_raw[s], f"board.hands[{s}]")
            for card in hand:
                if card not in army.cards:
                    raise SetupError(f"board.hands[{s}]: {excerpt(card)} is not a card of the "
                                     f"{army.id} army")
            if sorted(hand + pile) != sorted(army.cards):
                raise SetupError(f"board.hands[{s}]: hand and discards must hold the army's "
                                 "cards exactly once")
        if not hand:
            raise SetupError(f"board.hands[{s}]: an empty hand is recycled at once (4.14)")
        hands.append(content.hand_order(hand))
        discards.append(tuple(pile))
    return (hands[0], hands[1]), (discards[0], discards[1])


def _chosen(value: Any, hands: tuple[tuple[str, ...], tuple[str, ...]], phase: str
            ) -> list[str | None]:
    if not (isinstance(value, list) and len(value) == 2):
        raise SetupError("board.cards_chosen: must be a list of two entries")
    out: list[str | None] = []
    for s, card in enumerate(value):
        if card == "hidden":
            card = None
        if card is not None:
            if phase != "cards":
                raise SetupError(f"board.cards_chosen[{s}]: only in the cards phase")
            if card not in hands[s]:
                raise SetupError(f"board.cards_chosen[{s}]: {excerpt(card)} is not in the hand")
        out.append(card)
    return out


def _orders(content: Content, value: Any, units: list[_Unit], phase: str, per_tile: int
            ) -> list[dict[str, str]]:
    if not (isinstance(value, list) and len(value) == 2):
        raise SetupError("board.orders: must be a list of two objects")
    by_id = {u.id: u for u in units}
    out = []
    for s, orders in enumerate(value):
        key = f"board.orders[{s}]"
        if orders == "hidden":
            orders = {}
        if not isinstance(orders, dict):
            raise SetupError(f"{key}: must be an object")
        if orders and phase not in ("placement", "movement"):
            raise SetupError(f"{key}: orders exist only in placement and movement")
        counts: dict[str, int] = {}
        kept = []
        for uid, tile in orders.items():
            unit = by_id.get(uid)
            if unit is None or unit.seat != s:
                raise SetupError(f"{key}.{uid}: not a unit of seat {s}")
            if not isinstance(tile, str) or not content.is_land(tile):
                raise SetupError(f"{key}.{uid}: must be a land tile id")
            if phase == "placement" and content.tiles[tile].zone != s:
                raise SetupError(f"{key}.{uid}: {tile} is outside the seat's zone")
            if phase == "movement":
                assert unit.tile is not None
                if tile == unit.tile:
                    continue
                if tile not in content.neighbours[unit.tile]:
                    raise SetupError(f"{key}.{uid}: {tile} is not next to {unit.tile}")
            kept.append((uid, tile))
        pending = dict(kept)
        for u in units:
            if u.seat != s:
                continue
            spot = pending.get(u.id, u.tile)
            if spot is not None:
                counts[spot] = counts.get(spot, 0) + 1
                if counts[spot] > per_tile:
                    raise SetupError(f"{key}: more than {per_tile} units of seat {s} "
                                     f"pending on {spot}")
        kept.sort(key=lambda kv: by_id[kv[0]].key())
        out.append(dict(kept))
    return out


def _retreat(value: Any, phase: str, site: str | None, seat_of: dict[str, int],
             key_of: dict[str, tuple[int, int, int]]) -> dict[str, Any] | None:
    if value is None:
        if phase == "retreat":
            raise SetupError("board.retreat: required in retreat")
        return None
    if phase != "retreat":
        raise SetupError("board.retreat: only in the retreat phase")
    if not isinstance(value, dict) or value.get("tile") != site:
        raise SetupError("board.retreat.tile: must be the current battle's site")
    check_keys(value, RETREAT_KEYS, "board.retreat")
    lists = _pair_of_lists(value.get("units"), "board.retreat.units")
    out = []
    for s in (0, 1):
        ids = _strs(lists[s], f"board.retreat.units[{s}]")
        for uid in ids:
            if seat_of.get(uid) != s:
                raise SetupError(f"board.retreat.units[{s}]: {excerpt(uid)} is not a unit of seat {s}")
        out.append(sorted(ids, key=key_of.__getitem__))
    if not out[0] and not out[1]:
        raise SetupError("board.retreat.units: nobody retreats")
    return {"tile": site, "units": out}


# -- printed positions -----------------------------------------------------------------------
def _flag(match: Match, entity: int, flag: type, want: bool) -> None:
    """The flag component on the entity exactly when `want`."""
    if want:
        if not world.holds(entity, flag):
            match.journal.add(entity, flag())
    elif world.holds(entity, flag):
        match.journal.remove(entity, flag)


def restore_position(match: Match, content: Content, setup: dict[str, Any],
                     previous: dict[str, Any] | None = None) -> None:
    """The world at a printed position (see the module docstring), from whatever position of
    this match's content it holds; `previous`, when given, is the printed position the world
    holds, so units whose entries did not change are left as they are. Derives what
    `load_setup` derives (the battle's flags, the seats to act), so both build the same
    position; a test holds them equal on many printed views."""
    phase = setup["phase"]
    raw = setup["board"]
    journal = match.journal
    if not world.BOARD(match):
        new_world(match, content, raw["setup_kind"])
        previous = None  # a new world holds no earlier position
    # `was`: the previous position's board, whose values the world holds as they are (a
    # value equal in both needs no look at the world)
    was: dict[str, Any] = previous["board"] if previous is not None else {}
    b = world.board(match)
    if b.setup.kind != raw["setup_kind"]:
        journal.set_field(b.setup, "kind", raw["setup_kind"])
    journal.set_field(b.round, "round", raw["round"])
    journal.set_field(b.sequence, "current", raw["current_battle"])
    journal.set_field(b.last, "result", raw["last_result"])

    # seats
    if was.get("commanders") != raw["commanders"] or was.get("ready") != raw["ready"]:
        for row in world.seats(match):
            seat = row.owner.seat
            if row.commander.army != raw["commanders"][seat]:
                journal.set_field(row.commander, "army", raw["commanders"][seat])
            _flag(match, row.entity, Ready, raw["ready"][seat])

    # battles
    battles = raw["battles"]
    if was.get("battles") != battles:
        rows = world.battles(match)
        if [x.battle.number for x in rows] == [x["number"] for x in battles]:
            # the same numbers: sites and states written in place (the battle query is
            # ordered and keyed by number, so only a change of numbers must rebuild it)
            for row, x in zip(rows, battles, strict=True):
                if row.site.tile != x["tile"]:
                    journal.set_field(row.site, "tile", x["tile"])
                if row.battle.state != x["state"]:
                    journal.set_field(row.battle, "state", x["state"])
        else:
            for row in list(rows):
                journal.delete(row.entity)
            for x in battles:
                journal.create(Site(x["tile"]), Battle(x["number"], x["state"]))
    current = raw["current_battle"]
    site = next((x["tile"] for x in battles if x["number"] == current), None)

    # units and their flags and orders
    _units_at(match, content, phase, raw, site, previous)

    # cards
    chosen = raw["cards_chosen"]
    was_chosen = was.get("cards_chosen")
    for seat in (0, 1):
        hand, discards = raw["hands"][seat], raw["discards"][seat]
        if (was_chosen is not None and was_chosen[seat] == chosen[seat]
                and was["hands"][seat] == hand and was["discards"][seat] == discards):
            continue  # as the world holds them
        _cards_at(match, seat, hand, discards, chosen[seat])

    # the envelope
    journal.set_field(match.state, "turn", raw["round"])
    result = setup.get("result")
    if result is not None:
        match.finish(result)
        return
    if match.state.result is not None:
        journal.set_field(match.state, "result", None)
    to_act: tuple[int, ...] = (0, 1)
    if phase == "reinforcements":
        assert site is not None
        eligible = eligible_units(match, site)
        to_act = tuple(s for s in (0, 1) if eligible[s])
    elif phase == "retreat":
        to_act = tuple(s for s in (0, 1) if raw["retreat"]["units"][s])
    match.set_phase(phase, to_act)


class _FlagContext(NamedTuple):
    """What a unit's derived flags depend on besides its own entry."""

    site: str | None  # the battle's site in a battle phase: its units have fought
    final: bool  # Choose Cards: the picks are final, so the picked units have reinforced
    picks: list[list[str]]  # they are reinforcing
    retreat: dict[str, Any] | None  # its units are retreating


def _flag_context(board: dict[str, Any], phase: str) -> _FlagContext:
    site = None
    if phase in ("reinforcements", "cards"):
        current = board["current_battle"]
        site = next((x["tile"] for x in board["battles"] if x["number"] == current), None)
    return _FlagContext(site, phase == "cards", board["reinforcements"], board["retreat"])


_ID = itemgetter("id")


def _retreating(retreat: dict[str, Any] | None) -> set[str]:
    return {*retreat["units"][0], *retreat["units"][1]} if retreat is not None else set()


def _changed_units(entries: list[dict[str, Any]], ids: list[str], orders: dict[str, str],
                   context: _FlagContext, previous: dict[str, Any]) -> list[int]:
    """The indexes (ascending) of the entries whose unit may not be as the world holds it,
    the world holding `previous`: its entry or order changed, or a flag derived from a
    context that changed (units on the old or new battle site, in the old or new picks, in
    the old or new retreat list). The comparisons run in C (`map`), not a loop per unit."""
    was = previous["board"]
    old = was["units"]
    # each entry's previous one: at its own index, until a death shortens the list
    olds = old if len(old) == len(entries) and ids == list(map(_ID, old)) else map(
        {e["id"]: e for e in old}.get, ids)
    changed = set(compress(count(), map(ne, olds, entries)))
    before = {**was["orders"][0], **was["orders"][1]}
    uids = {uid for uid, _ in orders.items() ^ before.items()}
    then = _flag_context(was, previous["phase"])
    if then.site != context.site:
        sites = {then.site, context.site} - {None}
        uids.update(e["id"] for e in entries if e["tile"] in sites)
    if then.final != context.final or then.picks != context.picks:
        uids.update(*then.picks, *context.picks)
    if then.retreat != context.retreat:
        uids.update(_retreating(then.retreat), _retreating(context.retreat))
    if uids:
        at = dict(zip(ids, count()))
        changed.update(at[uid] for uid in uids if uid in at)
    return sorted(changed)


def _units_at(match: Match, content: Content, phase: str, raw: dict[str, Any],
              site: str | None, previous: dict[str, Any] | None) -> None:
    """Every unit of the position on its tile with its flags and order; units the position
    does not list are deleted (they died). Each unit's components are compared in one
    lookup of its table, and only what differs is written; with the previous position (the
    one the world holds), only units whose entry, order or flag context changed are looked
    at (`_changed_units`)."""
    journal = match.journal
    index = world.units_by_id(match)
    entries = raw["units"]
    ids = list(map(_ID, entries))
    if len(index) != len(entries) or not index.keys() >= set(ids):
        wanted = set(ids)
        for uid, row in list(index.items()):
            if uid not in wanted:
                journal.delete(row.entity)
        index = world.units_by_id(match)
    letters = content.letters
    if len(index) < len(entries):  # units the world lacks (a new world's armies): at once
        journal.create_many([
            unit_components(content, int(uid[1]), letters[uid[3]], int(uid[4:]), entry["tile"])
            for uid, entry in zip(ids, entries, strict=True) if uid not in index])
        index = world.units_by_id(match)
    picks = raw["reinforcements"]
    picked = {*picks[0], *picks[1]}
    leaving = _retreating(raw["retreat"])
    orders = {**raw["orders"][0], **raw["orders"][1]}
    battle, cards = phase in ("reinforcements", "cards"), phase == "cards"
    if previous is None:
        todo: Iterable[int] = range(len(entries))
    else:
        todo = _changed_units(entries, ids, orders, _flag_context(raw, phase), previous)
    for i in todo:
        entry = entries[i]
        uid, tile = ids[i], entry["tile"]
        row = index[uid]
        entity = row.entity
        if row.pos.tile != tile:
            journal.set_field(row.pos, "tile", tile)
        has = components_of(entity)
        for flag, want in ((Fought, entry["fought"] or (battle and tile == site)),
                           (Reinforced, entry["reinforced"] or (cards and uid in picked)),
                           (Reinforcing, uid in picked), (Retreating, uid in leaving)):
            if want != (flag in has):
                if want:
                    journal.add(entity, flag())
                else:
                    journal.remove(entity, flag)
        world.put_order(journal, entity, has.get(Order), orders.get(uid))


def _cards_at(match: Match, seat: int, hand: list[str], discards: list[str],
              chosen: str | None) -> None:
    """The seat's cards in its hand and discard pile in these orders, `chosen` chosen."""
    journal = match.journal
    if world.hand(match, seat) != tuple(hand) or world.discards(match, seat) != tuple(discards):
        mine = {row.card.definition: row for row in world.CARDS(match)
                if row.owner.seat == seat}
        if set(mine) != {*hand, *discards} or len(mine) != len(hand) + len(discards):
            for row in mine.values():
                journal.delete(row.entity)
            deal_cards(match, seat, tuple(hand), tuple(discards))
        else:
            for which, cards in ((0, hand), (1, discards)):
                pile = world.pile(match, which, seat)
                entities = tuple(mine[card].entity for card in cards)
                journal.set_field(esper.component_for_entity(pile, Pile), "cards", entities)
                for entity in entities:
                    in_pile = esper.component_for_entity(entity, InPile)
                    if in_pile.pile != pile:
                        journal.set_field(in_pile, "pile", pile)
    if world.chosen_ids(match)[seat] != chosen:
        previous = world.chosen(match)[seat]
        if previous is not None:
            journal.remove(previous, Chosen)
        if chosen is not None:
            card = world.card_in_hand(match, seat, chosen)
            assert card is not None
            journal.add(card, Chosen())


def scratch_setup(view: dict[str, Any]) -> dict[str, Any]:
    """A printed position for the view: its masked values as nothing chosen and both ready
    flags cleared (a CPU decides for both seats in its look-ahead)."""
    from game.engine.match import HIDDEN

    board = dict(view["board"])
    board["orders"] = [{} if o == HIDDEN else o for o in board["orders"]]
    board["reinforcements"] = [[] if r == HIDDEN else r for r in board["reinforcements"]]
    board["cards_chosen"] = [None if c == HIDDEN else c for c in board["cards_chosen"]]
    board["ready"] = [False, False]
    board.pop("tiles", None)  # derived by the loader
    return {"phase": view["phase"], "result": view.get("result"), "board": board}

