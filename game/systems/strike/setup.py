"""New matches and setups (spec strike.md 4.3.1 and section 6 "Setups").

`start_match` deals from the seed. `load_setup` builds the position a setup describes exactly
as given, filling the documented defaults, and raises `SetupError` naming the key for every
malformed setup listed in section 6. A combat setup is a decision point: the turn start of the
seat to act is *not* run again.

Beyond section 6, a setup is a crafted file: every key must be one a State JSON prints (else
"unknown key", as in every mode), every size and count has an upper bound (grid, units, card
lists, HP, cooldowns, statuses, flames, rolls, turn), ids are short ASCII strings, and each
seat's zone must hold its heroes (docs/strike.md "Setup bounds").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.components.common import (
    CardRef,
    Cooldowns,
    GridPos,
    Health,
    Ident,
    InPile,
    Owner,
    Round,
)
from game.components.strike import Draft, Element, Flame, Grid, Rolls, Slot
from game.engine.commands import create
from game.engine.match import SetupError, is_int
from game.engine.piles import create_pile, fill_pile
from game.engine.setup_checks import check_int, check_keys, check_length, excerpt, id_pattern
from game.systems.strike import content as content_bounds
from game.systems.strike import world
from game.systems.strike.draft import deal
from game.systems.strike.world import PILES

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.strike.content import Content

PHASES = ("draft", "placement", "combat", "over")

# Keys a setup may hold: those a State JSON prints (section 6), plus the engine's `forced`.
ENVELOPE_KEYS = frozenset({"mode", "rules", "seed", "phase", "turn", "to_act", "result", "seats",
                           "board", "forced"})
BOARD_KEYS = frozenset({"cols", "rows", "zone_columns", "pool", "picks", "hands", "decks",
                        "discard", "units", "flames", "round", "rolls"})
UNIT_KEYS = frozenset({"id", "owner", "slot", "card", "pos", "hp", "max_hp", "cooldowns",
                       "statuses"})
PAIR_KEYS = frozenset({"turns", "value"})
FLAME_KEYS = frozenset({"tile", "owner", "rounds", "value"})
RESULT_KEYS = frozenset({"winner", "reason"})

# Bounds of what a setup can set (docs/strike.md "Setup bounds"): generous next to the game's
# 23 x 11 grid, 3 heroes a seat, 50 HP and 20 cards, small enough that no legal-move list,
# CPU search or screen grows past what a player waits for. Each is at least what a valid mod
# can make a match reach (the content's bounds, game.systems.strike.content), so every State
# JSON loads back as a setup: "Play from here", a bug report, the hard CPU's seat view.
MAX_GRID = 64          # board.cols and board.rows (a mod: 40 x 25)
MAX_UNITS = 32         # units per seat (a mod: deck_size 6)
MAX_CARDS = content_bounds.MAX_CARDS  # entries of board.pool, each hand, deck and discard
MAX_HP = content_bounds.MAX_STAT      # unit max_hp
MAX_COUNTER = 999      # cooldowns, status turns and values, flame rounds and values
MAX_ROLLS = 1000       # queued forced rolls
UNIT_ID = id_pattern(r"[A-Za-z0-9_.-]{1,64}")  # "p<seat>." and a card id of MAX_ID


@dataclass
class _Unit:
    """A hero of a setup, checked, before its entity is made."""

    id: str
    owner: int
    slot: int
    card: str
    pos: tuple[int, int] | None
    hp: int
    max_hp: int
    cooldowns: tuple[int, ...]
    statuses: dict[str, tuple[int, int]] = field(default_factory=dict)


def _new_board(match: Match, grid: Grid, draft: Draft, round_: int = 0,
               rolls: tuple[int, ...] = ()) -> None:
    """The board entity and the five piles."""
    create(Ident("board"), grid, draft, Round(round_), Rolls(rolls)).run(match)
    for name in PILES:
        create_pile(match, name)


def start_match(match: Match, content: Content) -> None:
    """A new match (`setup: null`): the deal (4.3.1)."""
    r = content.rules.board
    _new_board(match, Grid(r.cols, r.rows, r.zone_columns), Draft(content.pool))
    deal(match)


def _int(value: Any, key: str, low: int = 0, high: int = MAX_COUNTER) -> int:
    return check_int(value, key, low, high)


def _ids(value: Any, key: str, known: set[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError(f"{key}: must be a list of card ids")
    check_length(value, key, MAX_CARDS)
    for i, card in enumerate(value):
        if card not in known:
            raise SetupError(f"{key}[{i}]: unknown card {excerpt(card)}")
    return tuple(value)


def _pair(value: Any, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not isinstance(value, list) or len(value) != 2:
        raise SetupError(f"{key}: must be a list of two lists")
    return value[0], value[1]


def _tile(value: Any, key: str, cols: int, rows: int) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)):
        raise SetupError(f"{key}: must be [col, row]")
    if not (0 <= value[0] < cols and 0 <= value[1] < rows):
        raise SetupError(f"{key}: tile {value} is off the board")
    return (value[0], value[1])


def _status_pair(value: Any, key: str) -> tuple[int, int]:
    if not isinstance(value, dict):
        raise SetupError(f"{key}: must be {{\"turns\": n, \"value\": n}}")
    check_keys(value, PAIR_KEYS, key)
    return (_int(value.get("turns", 0), f"{key}.turns", 0),
            _int(value.get("value", 0), f"{key}.value", 0))


def load_setup(match: Match, content: Content, setup: dict[str, Any]) -> None:
    """Build the position of `setup` (section 6); SetupError names the malformed key."""
    if not isinstance(setup, dict):
        raise SetupError("setup: must be an object")
    check_keys(setup, ENVELOPE_KEYS, "")
    phase = setup.get("phase")
    if phase not in PHASES:
        raise SetupError(f"phase: must be one of {', '.join(PHASES)}")
    raw = setup.get("board", {})
    if not isinstance(raw, dict):
        raise SetupError("board: must be an object")
    drawn = world.seats_drawn(match)
    check_keys(raw, BOARD_KEYS | {"starter"} if drawn else BOARD_KEYS, "board")
    rules = content.rules
    cols = _int(raw.get("cols", rules.board.cols), "board.cols", 2, MAX_GRID)
    rows = _int(raw.get("rows", rules.board.rows), "board.rows", 1, MAX_GRID)
    zone = _int(raw.get("zone_columns", rules.board.zone_columns), "board.zone_columns", 1,
                MAX_GRID)
    if 2 * zone > cols:
        raise SetupError("board.zone_columns: 2 * zone_columns must be <= cols")
    known = set(content.cards)
    pool = _ids(raw.get("pool", list(content.pool)), "board.pool", known)
    if len(set(pool)) != len(pool):
        raise SetupError("board.pool: duplicated card id")

    result = setup.get("result")
    if result is not None:
        if not (isinstance(result, dict) and set(result) <= RESULT_KEYS
                and not isinstance(result.get("winner"), bool)
                and result.get("winner") in (0, 1, None)
                and result.get("reason") in ("elimination", "mutual_elimination",
                                             "round_cap")):
            raise SetupError("result: must be null or {\"winner\": 0|1|null, \"reason\": id}")
        result = {"winner": result["winner"], "reason": result["reason"]}
    elif phase == "over":
        raise SetupError("result: a setup in phase 'over' needs its result")
    starter = raw.get("starter", 0)
    if starter not in (0, 1) or not is_int(starter):
        raise SetupError("board.starter: must be 0 or 1")
    to_act_raw = setup.get("to_act", [starter] if result is None else [])
    if result is None:
        if not (isinstance(to_act_raw, list) and len(to_act_raw) == 1
                and to_act_raw[0] in (0, 1) and is_int(to_act_raw[0])):
            raise SetupError("to_act: must be exactly one seat ([0] or [1])")
    to_act = tuple(to_act_raw) if result is None else ()
    fighting = phase in ("combat", "over")
    turn_default = (1 if to_act == (starter,) else 2) if fighting else 0
    turn = _int(setup.get("turn", turn_default), "turn", 0, 2 * rules.combat.round_cap)
    round_ = (turn + 1) // 2 if fighting else 0
    if "round" in raw and raw["round"] != round_:
        raise SetupError(f"board.round: must match turn ({round_})")

    # -- units ---------------------------------------------------------------------------------
    units_raw = raw.get("units", [])
    if not isinstance(units_raw, list):
        raise SetupError("board.units: must be a list")
    check_length(units_raw, "board.units", 2 * MAX_UNITS)
    if phase == "draft" and units_raw:
        raise SetupError("board.units: units exist only from the end of the draft on")
    kinds = content.statuses.kinds
    status_keys = frozenset(k.id for k in kinds)
    units: list[_Unit] = []
    seen_ids: set[str] = set()
    slots: dict[int, set[int]] = {0: set(), 1: set()}
    counts = [0, 0]
    tiles: set[tuple[int, int]] = set()
    for i, u in enumerate(units_raw):
        key = f"board.units[{i}]"
        if not isinstance(u, dict):
            raise SetupError(f"{key}: must be an object")
        check_keys(u, UNIT_KEYS, key)
        owner = u.get("owner")
        if owner not in (0, 1) or not is_int(owner):
            raise SetupError(f"{key}.owner: must be 0 or 1")
        card_id = u.get("card")
        if not isinstance(card_id, str) or card_id not in known:
            raise SetupError(f"{key}.card: unknown card {excerpt(card_id)}")
        card = content.cards[card_id]
        uid = u.get("id", f"p{owner}.{card_id}")
        if not isinstance(uid, str) or not UNIT_ID.fullmatch(uid) or uid in seen_ids:
            raise SetupError(f"{key}.id: duplicated or invalid id {excerpt(uid)} (1-64 of "
                             "A-Z a-z 0-9 _ . -)")
        seen_ids.add(uid)
        if counts[owner] == MAX_UNITS:
            raise SetupError(f"{key}: seat {owner} has more than {MAX_UNITS} units")
        slot = _int(u.get("slot", counts[owner]), f"{key}.slot", 0, MAX_UNITS - 1)
        counts[owner] += 1
        if slot in slots[owner]:
            raise SetupError(f"{key}.slot: slot {slot} used twice by seat {owner}")
        slots[owner].add(slot)
        max_hp = _int(u.get("max_hp", card.hp), f"{key}.max_hp", 1, MAX_HP)
        hp = _int(u.get("hp", max_hp), f"{key}.hp", 0, MAX_HP)
        if not 0 <= hp <= max_hp:
            raise SetupError(f"{key}.hp: must be within 0 ... max_hp ({max_hp})")
        cooldowns = u.get("cooldowns", [0] * len(card.attacks))
        if not (isinstance(cooldowns, list) and len(cooldowns) == len(card.attacks)
                and all(is_int(c) and 0 <= c <= MAX_COUNTER for c in cooldowns)):
            raise SetupError(f"{key}.cooldowns: must be {len(card.attacks)} integers in "
                             f"0..{MAX_COUNTER}")
        statuses = u.get("statuses", {})
        if not isinstance(statuses, dict):
            raise SetupError(f"{key}.statuses: must be an object")
        check_keys(statuses, status_keys, f"{key}.statuses")
        held: dict[str, tuple[int, int]] = {}
        for kind in kinds:
            where = f"{key}.statuses.{kind.id}"
            if kind.shows_value:
                turns, value = _status_pair(statuses.get(kind.id, {}), where)
            else:
                turns, value = _int(statuses.get(kind.id, 0), where, 0), 0
            if turns > 0:
                held[kind.id] = (turns, value)
        pos_raw = u.get("pos")
        pos = None if pos_raw is None else _tile(pos_raw, f"{key}.pos", cols, rows)
        if hp == 0:  # dead: off the grid, statuses cleared (4.11)
            pos, held = None, {}
        elif fighting and pos is None:
            raise SetupError(f"{key}.pos: a living combat unit needs a tile")
        if pos is not None:
            if pos in tiles:
                raise SetupError(f"{key}.pos: tile {list(pos)} holds two living units")
            tiles.add(pos)
        units.append(_Unit(uid, owner, slot, card_id, pos, hp, max_hp, tuple(cooldowns), held))

    # -- draft piles ---------------------------------------------------------------------------
    hands_raw = _pair(raw.get("hands", [[], []]), "board.hands")
    hands = (_ids(hands_raw[0], "board.hands[0]", known),
             _ids(hands_raw[1], "board.hands[1]", known))
    if "decks" in raw:
        decks_raw = _pair(raw["decks"], "board.decks")
        decks = (_ids(decks_raw[0], "board.decks[0]", known),
                 _ids(decks_raw[1], "board.decks[1]", known))
    else:
        decks = tuple(tuple(u.card for u in sorted(units, key=lambda u: u.slot)
                            if u.owner == seat) for seat in (0, 1))  # type: ignore[assignment]
    discard = _ids(raw.get("discard", []), "board.discard", known)
    if phase == "draft":
        everything = [*hands[0], *hands[1], *decks[0], *decks[1]]
        if len(set(everything)) != len(everything):
            raise SetupError("board.hands: a card appears twice across the hands and decks")
    picks = _int(raw.get("picks", len(decks[0]) + len(decks[1])), "board.picks", 0,
                 2 * MAX_CARDS)

    # -- flames and rolls -------------------------------------------------------------------
    flames_raw = raw.get("flames", [])
    if not isinstance(flames_raw, list):
        raise SetupError("board.flames: must be a list")
    flames: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
    for i, f in enumerate(flames_raw):
        key = f"board.flames[{i}]"
        if not isinstance(f, dict):
            raise SetupError(f"{key}: must be an object")
        check_keys(f, FLAME_KEYS, key)
        tile = _tile(f.get("tile"), f"{key}.tile", cols, rows)
        owner = f.get("owner")
        if owner not in (0, 1) or not is_int(owner):
            raise SetupError(f"{key}.owner: must be 0 or 1")
        rounds = _int(f.get("rounds", 2), f"{key}.rounds", 1)
        value = _int(f.get("value", 5), f"{key}.value")
        if tile in flames:
            raise SetupError(f"{key}.tile: two flames on {list(tile)}")
        flames[tile] = (tile[0], tile[1], owner, rounds, value)
    rolls_raw = raw.get("rolls", [])
    if not isinstance(rolls_raw, list):
        raise SetupError("board.rolls: must be a list of integers")
    check_length(rolls_raw, "board.rolls", MAX_ROLLS)
    low, high = rules.combat.roll_min, rules.combat.roll_max
    for i, roll in enumerate(rolls_raw):
        if not is_int(roll) or not low <= roll <= high:
            raise SetupError(f"board.rolls[{i}]: must be an integer in {low} ... {high}")

    _check_zone_room(phase, units, zone * rows, rules.draft.deck_size)
    if phase == "placement" and result is None and not any(
            u.owner == to_act[0] and u.hp > 0 and u.pos is None for u in units):
        raise SetupError(f"to_act: seat {to_act[0]} has no unit left to place")
    if phase == "combat" and result is None:
        for seat in (0, 1):
            if not any(u.owner == seat and u.hp > 0 for u in units):
                raise SetupError(f"board.units: seat {seat} has no living unit in combat")

    _new_board(match, Grid(cols, rows, zone), Draft(pool, picks, starter), round_,
               tuple(rolls_raw))
    for name, cards in (("hand0", hands[0]), ("hand1", hands[1]), ("deck0", decks[0]),
                        ("deck1", decks[1]), ("discard", discard)):
        pile = match.piles[name]
        fill_pile(match, pile,
                  tuple(match.journal.create(CardRef(card_id), InPile(pile)) for card_id in cards))
    for c, r, owner, rounds, value in sorted(flames.values()):
        create(GridPos(c, r), Flame(owner, rounds, value)).run(match)
    for u in units:
        _new_hero(match, content, u)
    state = match.state
    match.journal.set_field(state, "turn", turn)
    if result is not None:
        match.finish(result)
    else:
        match.set_phase(phase, to_act)


def _new_hero(match: Match, content: Content, u: _Unit) -> None:
    card = content.cards[u.card]
    parts: list[object] = [Ident(u.id), Owner(u.owner), Slot(u.slot), CardRef(u.card),
                           Element(card.element), Health(u.hp, u.max_hp), Cooldowns(u.cooldowns)]
    if u.pos is not None:
        parts.append(GridPos(u.pos[0], u.pos[1]))
    for kind in content.statuses.kinds:  # a position as given: no status_applied event
        if kind.id in u.statuses:
            parts.append(kind.component(*u.statuses[kind.id]))
    create(*parts).run(match)


def _check_zone_room(phase: str, units: list[_Unit], tiles: int, deck_size: int) -> None:
    """Each seat's zone must hold the heroes it still has to place (its living units, or a
    full deck in the draft): else placement has no legal decision and a CPU waits forever."""
    if phase == "draft":
        if tiles < deck_size:
            raise SetupError(f"board.zone_columns: a zone of {tiles} tiles cannot hold the "
                             f"{deck_size} heroes of a deck (zone_columns x rows)")
        return
    if phase != "placement":
        return
    for seat in (0, 1):
        living = sum(1 for u in units if u.owner == seat and u.hp > 0)
        if living > tiles:
            raise SetupError(f"board.zone_columns: a zone of {tiles} tiles cannot hold seat "
                             f"{seat}'s {living} living units (zone_columns x rows)")
