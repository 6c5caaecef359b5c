"""New matches, armies and setups (spec conquest.md 4.4, 4.2 and 6.5).

`start_match` begins a match from nothing: Commander select, or for the Classic setup straight
in placement with both armies in the tray. `create_armies` builds the armies and hands when the
commanders are known. `load_setup` builds the position a setup describes, filling the
documented defaults, and raises `SetupError` naming the key for every malformed setup of 6.5.
As in every mode, a key a State JSON does not print is rejected by name, unit ids match their
ASCII pattern exactly (`p0.t²` and `p0.t١` are not unit 2 or 1), and the battle list is no
longer than the map has land tiles (docs/conquest.md "Setup bounds").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.components.conquest import ConquestBoard, ConquestUnit
from game.engine.match import SetupError, is_int
from game.engine.setup_checks import check_int, check_keys, check_length, excerpt, id_pattern
from game.systems.conquest import battle, endgame
from game.systems.conquest.content import KINDS
from game.systems.conquest.orders import MAX_OWN_PER_TILE
from game.systems.conquest.state import add_units, canonical_key, index, new_index, new_unit

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.conquest.content import ArmyDef, Content

PHASES = ("commander", "placement", "movement", "reinforcements", "cards", "retreat", "over")
SETUP_KINDS = ("commanders", "classic")
CLASSIC = "classic"
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


def army_of(content: Content, board: ConquestBoard, seat: int) -> ArmyDef:
    """The seat's army: its commander's, or the Classic army."""
    if board.setup_kind == CLASSIC:
        return content.armies[CLASSIC]
    commander = board.commanders[seat]
    assert commander is not None
    return content.armies[commander]


def army_units(content: Content, seat: int, army: ArmyDef) -> list[ConquestUnit]:
    return [new_unit(content, seat, kind, n) for kind in KINDS
            for n in range(1, army.count(kind) + 1)]


def start_match(match: Match, content: Content) -> None:
    """A new match (`setup: null`): Commander select, or Classic straight to placement."""
    kind = match.options.get("setup_kind", "commanders")
    new_index(match, content, ConquestBoard(setup_kind=kind))
    if kind == CLASSIC:
        create_armies(match)
    else:
        match.set_phase("commander", (0, 1))


def create_armies(match: Match) -> None:
    """4.4.2: units off the map, hands of the army's cards, empty discards; placement."""
    idx = index(match)
    b = idx.board
    content = idx.content
    units: list[ConquestUnit] = []
    hands = []
    for seat in (0, 1):
        army = army_of(content, b, seat)
        units.extend(army_units(content, seat, army))
        hands.append(content.hand_order(army.cards))
    add_units(match, units)
    match.journal.set(b, hands=(hands[0], hands[1]), discards=((), ()), round=0)
    match.set_phase("placement", (0, 1))
    match.emit("armies_created")


# -- setups (6.5) ----------------------------------------------------------------------------
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
    if not is_int(round_) or round_ < 0 or round_ > endgame.ROUND_CAP:
        raise SetupError(f"board.round: must be an integer in 0..{endgame.ROUND_CAP}")
    if phase in ("commander", "placement") and round_ != 0:
        raise SetupError(f"board.round: must be 0 in {phase}")
    if phase not in ("commander", "placement", "over") and round_ < 1:
        raise SetupError("board.round: must be at least 1 from movement on")
    board = ConquestBoard(setup_kind=kind, commanders=(commanders[0], commanders[1]),
                          round=round_)

    units = _units(content, board, raw["units"], phase, armies_exist)
    tile_of = {u.id: u.tile for u in units}
    seat_of = {u.id: u.seat for u in units}

    # hands and discards
    if armies_exist:
        hands, discards = _cards(content, board, raw)
    else:
        for key in ("hands", "discards"):
            if _pair_of_lists(raw.get(key, [[], []]), f"board.{key}") != ([], []):
                raise SetupError(f"board.{key}: no cards before the armies exist")
        hands, discards = ((), ()), ((), ())
    board.hands, board.discards = hands, discards  # type: ignore[assignment]

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
    board.battles, board.current_battle = tuple(battles), current
    site = next(t for n, t, _ in battles if n == current) if current is not None else None

    # picks and cards
    picks_raw = _pair_of_lists(_unhide(raw.get("reinforcements", [[], []]), []),
                               "board.reinforcements")
    picks: list[tuple[str, ...]] = []
    for s in (0, 1):
        ids = _strs(picks_raw[s], f"board.reinforcements[{s}]")
        if ids and phase not in ("reinforcements", "cards", "over"):
            raise SetupError(f"board.reinforcements[{s}]: only during a battle")
        for uid in ids:
            if seat_of.get(uid) != s:
                raise SetupError(f"board.reinforcements[{s}]: {excerpt(uid)} is not a unit of seat {s}")
            if site is None or tile_of[uid] not in content.neighbours[site]:
                raise SetupError(f"board.reinforcements[{s}]: {excerpt(uid)} is not next to the site")
        picks.append(tuple(sorted(ids, key=lambda i: canonical_key(
            next(u for u in units if u.id == i)))))
    board.reinforcements = (picks[0], picks[1])
    chosen = _chosen(raw.get("cards_chosen", [None, None]), board, phase)
    board.cards_chosen = chosen

    # orders and ready flags
    board.orders = _orders(content, raw.get("orders", [{}, {}]), units, phase)
    ready = raw.get("ready", [False, False])
    if not (isinstance(ready, list) and len(ready) == 2
            and all(isinstance(r, bool) for r in ready)):
        raise SetupError("board.ready: must be two booleans")
    # A seat whose secret was masked ("hidden", a seat view loaded as a setup) loads with
    # nothing chosen, so it cannot be ready in the copy.
    masked = {s for s in (0, 1) for key in ("orders", "reinforcements", "cards_chosen")
              if isinstance(raw.get(key), list) and len(raw[key]) == 2
              and raw[key][s] == "hidden"}
    board.ready = (ready[0] and 0 not in masked, ready[1] and 1 not in masked)

    # retreat
    board.retreat = _retreat(raw.get("retreat"), phase, site, seat_of, units)

    last = raw.get("last_result")
    if last is not None and not isinstance(last, dict):
        raise SetupError("board.last_result: must be an object or null")
    if last is not None:
        check_keys(last, LAST_RESULT_KEYS, "board.last_result")
    board.last_result = last

    # flags derived on loading
    for u in units:
        if phase in ("reinforcements", "cards") and u.tile == site:
            u.fought = True
        if phase == "cards" and u.id in picks[u.seat]:
            u.reinforced = True

    new_index(match, content, board)
    add_units(match, units)
    idx = index(match)
    to_act: tuple[int, ...] = (0, 1)
    if phase == "reinforcements":
        assert site is not None
        board.eligible = battle.eligible_units(idx, site)
        to_act = tuple(s for s in (0, 1) if board.eligible[s])
        if not to_act:
            raise SetupError("phase: a reinforcements phase needs an eligible unit")
        for s in (0, 1):
            for uid in picks[s]:
                if uid not in board.eligible[s]:
                    raise SetupError(f"board.reinforcements[{s}]: {excerpt(uid)} is not eligible")
    elif phase == "retreat":
        assert board.retreat is not None
        to_act = tuple(s for s in (0, 1) if board.retreat[1][s])
    if result is None:
        for s in (0, 1):
            if board.ready[s] and s not in to_act:
                raise SetupError(f"board.ready[{s}]: seat {s} does not act in {phase}")
        if all(board.ready[s] for s in to_act):
            raise SetupError("board.ready: every seat to act is already ready")
    match.journal.set(match.state, turn=round_)
    if result is not None:
        match.finish(result)
        return
    match.set_phase(phase, to_act)
    from game.systems.conquest.legal import ready_error

    for s in to_act:
        error = ready_error(match, idx, s) if board.ready[s] else None
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


def _units(content: Content, board: ConquestBoard, raw: Any, phase: str, armies_exist: bool
           ) -> list[ConquestUnit]:
    if not isinstance(raw, list):
        raise SetupError("board.units: must be a list")
    if not armies_exist and raw:
        raise SetupError("board.units: no units before the armies exist")
    units: list[ConquestUnit] = []
    seen: set[str] = set()
    per_tile: dict[tuple[str, int], int] = {}
    for i, entry in enumerate(raw):
        key = f"board.units[{i}]"
        if not isinstance(entry, dict):
            raise SetupError(f"{key}: must be an object")
        check_keys(entry, UNIT_KEYS, key)
        if "id" not in entry or "tile" not in entry:
            raise SetupError(f"{key}: `id` and `tile` are required")
        seat, kind, n = _parse_id(content, entry["id"], f"{key}.id")
        uid = entry["id"]
        if uid in seen:
            raise SetupError(f"{key}.id: duplicate unit id {excerpt(uid)}")
        seen.add(uid)
        army = army_of(content, board, seat)
        if n > army.count(kind):
            raise SetupError(f"{key}.id: {excerpt(uid)} is above the army's {army.count(kind)} "
                             f"{kind} units")
        for field, want in (("seat", seat), ("kind", kind)):
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
            per_tile[(tile, seat)] = per_tile.get((tile, seat), 0) + 1
            if per_tile[(tile, seat)] > MAX_OWN_PER_TILE:
                raise SetupError(f"{key}.tile: more than {MAX_OWN_PER_TILE} units of seat "
                                 f"{seat} on {tile}")
        flags = []
        for field in ("fought", "reinforced"):
            value = entry.get(field, False)
            if not isinstance(value, bool):
                raise SetupError(f"{key}.{field}: must be a boolean")
            flags.append(value)
        units.append(ConquestUnit(uid, seat, kind, n, tile, flags[0], flags[1]))
    units.sort(key=canonical_key)
    return units


def _cards(content: Content, board: ConquestBoard, raw: dict[str, Any]
           ) -> tuple[tuple[tuple[str, ...], tuple[str, ...]],
                      tuple[tuple[str, ...], tuple[str, ...]]]:
    discards_raw = _pair_of_lists(raw.get("discards", [[], []]), "board.discards")
    hands_raw = _pair_of_lists(raw["hands"], "board.hands") if "hands" in raw else None
    hands: list[tuple[str, ...]] = []
    discards: list[tuple[str, ...]] = []
    for s in (0, 1):
        army = army_of(content, board, s)
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


def _chosen(value: Any, board: ConquestBoard, phase: str) -> tuple[str | None, str | None]:
    if not (isinstance(value, list) and len(value) == 2):
        raise SetupError("board.cards_chosen: must be a list of two entries")
    out: list[str | None] = []
    for s, card in enumerate(value):
        if card == "hidden":
            card = None
        if card is not None:
            if phase != "cards":
                raise SetupError(f"board.cards_chosen[{s}]: only in the cards phase")
            if card not in board.hands[s]:
                raise SetupError(f"board.cards_chosen[{s}]: {excerpt(card)} is not in the hand")
        out.append(card)
    return (out[0], out[1])


def _orders(content: Content, value: Any, units: list[ConquestUnit], phase: str
            ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
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
        for u in units:
            if u.seat != s:
                continue
            spot = dict(kept).get(u.id, u.tile)
            if spot is not None:
                counts[spot] = counts.get(spot, 0) + 1
                if counts[spot] > MAX_OWN_PER_TILE:
                    raise SetupError(f"{key}: more than {MAX_OWN_PER_TILE} units of seat {s} "
                                     f"pending on {spot}")
        kept.sort(key=lambda kv: canonical_key(by_id[kv[0]]))
        out.append(tuple(kept))
    return (out[0], out[1])


def _retreat(value: Any, phase: str, site: str | None, seat_of: dict[str, int],
             units: list[ConquestUnit]) -> Any:
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
    order = {u.id: canonical_key(u) for u in units}
    for s in (0, 1):
        ids = _strs(lists[s], f"board.retreat.units[{s}]")
        for uid in ids:
            if seat_of.get(uid) != s:
                raise SetupError(f"board.retreat.units[{s}]: {excerpt(uid)} is not a unit of seat {s}")
        out.append(tuple(sorted(ids, key=order.__getitem__)))
    if not out[0] and not out[1]:
        raise SetupError("board.retreat.units: nobody retreats")
    return (site, (out[0], out[1]))


# -- printed positions -----------------------------------------------------------------------
def restore_position(match: Match, content: Content, setup: dict[str, Any]) -> None:
    """The position of a State JSON this program printed (a CPU's seat view made a setup by
    `scratch_setup`: masked values already nothing chosen, ready flags cleared), built without
    the checks of `load_setup`. A printed position is valid by construction, and the CPUs load
    one per phase step, so the checks would be most of a game's time. It derives what
    `load_setup` derives (eligible units, seats to act, battle flags), so both build the same
    position; a test holds them equal on many printed views."""
    phase = setup["phase"]
    raw = setup["board"]
    letters = content.letters
    units = []
    for entry in raw["units"]:
        uid = entry["id"]
        units.append(ConquestUnit(uid, int(uid[1]), letters[uid[3]], int(uid[4:]),
                                  entry["tile"], entry["fought"], entry["reinforced"]))
    units.sort(key=canonical_key)
    battles = tuple((b["number"], b["tile"], b["state"]) for b in raw["battles"])
    current = raw["current_battle"]
    site = next(t for n, t, _ in battles if n == current) if current is not None else None
    picks = raw["reinforcements"]
    retreat = raw["retreat"]
    board = ConquestBoard(
        setup_kind=raw["setup_kind"], commanders=(raw["commanders"][0], raw["commanders"][1]),
        round=raw["round"],
        orders=(tuple(raw["orders"][0].items()), tuple(raw["orders"][1].items())),
        ready=(raw["ready"][0], raw["ready"][1]),
        battles=battles, current_battle=current,
        reinforcements=(tuple(picks[0]), tuple(picks[1])),
        cards_chosen=(raw["cards_chosen"][0], raw["cards_chosen"][1]),
        hands=(tuple(raw["hands"][0]), tuple(raw["hands"][1])),
        discards=(tuple(raw["discards"][0]), tuple(raw["discards"][1])),
        retreat=None if retreat is None else (
            retreat["tile"], (tuple(retreat["units"][0]), tuple(retreat["units"][1]))),
        last_result=raw["last_result"])
    if phase in ("reinforcements", "cards"):
        for u in units:
            if u.tile == site:
                u.fought = True
            if phase == "cards" and u.id in picks[u.seat]:
                u.reinforced = True
    new_index(match, content, board)
    add_units(match, units)
    match.journal.set(match.state, turn=board.round)
    if setup.get("result") is not None:
        match.finish(setup["result"])
        return
    to_act: tuple[int, ...] = (0, 1)
    if phase == "reinforcements":
        assert site is not None
        board.eligible = battle.eligible_units(index(match), site)
        to_act = tuple(s for s in (0, 1) if board.eligible[s])
    elif phase == "retreat":
        assert board.retreat is not None
        to_act = tuple(s for s in (0, 1) if board.retreat[1][s])
    match.set_phase(phase, to_act)
