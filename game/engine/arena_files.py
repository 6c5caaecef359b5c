"""Reading `simulate --out` files back (`tabula merge`): one line at a time, checked.

A line is `{"record", "result", "arena": {"game", "ai", "vs", "turns"}}`. Every file of a
merge must hold games of one arena (same mode, rules version, levels and mods) and no game twice (a game is
its seed and seats, `game_key`, so runs from different `--seed`s merge); the merged
`Tally` is then the one a single run over the union of their seeds would have made. A line
that is not such a game stops the merge with an `ArenaError` that names the file, the line
and the field. The result is trusted as written (`tabula replay` checks a record's play).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.engine.arena import MAX_FIGURE, ArenaError, Tally, count_line
from game.engine.bounded import NotRegular, open_regular

MAX_LINE_BYTES = 64 * 1024 * 1024  # far above a whole conquest game (~0.1 MB)


def merge_files(paths: Iterable[str | Path]) -> Tally:
    """The tally of every game in `paths`, read line by line."""
    from game.engine.modes import get_mode

    tally: Tally | None = None
    mods: list[dict[str, str]] = []
    summarize = None
    seen: dict[tuple[int, str], str] = {}  # a game is its seed and who sat where
    for path in paths:
        for where, line in _lines(Path(path)):
            _check_shape(line, where)
            if tally is None:
                spec = get_mode(line["record"]["mode"])
                assert spec is not None  # validate_record knows the mode
                tally = Tally(spec.id, spec.seats, line["arena"]["ai"],
                              line["arena"]["vs"] if spec.seats > 1 else None,
                              rules=line["record"]["rules"])
                mods = line["record"].get("mods", [])
                summarize = spec.summarize
            _check_fits(line, where, tally, mods)
            game = game_key(line)
            if game in seen:
                raise ArenaError(f"{where}: record.seed: the game of seed {game[0]} with these "
                                 f"seats is also in {seen[game]}")
            seen[game] = where
            try:
                count_line(tally, line, mods, summarize)
            except KeyError as exc:
                raise ArenaError(f"{where}: result.{exc.args[0]}: missing") from None
            except (TypeError, ValueError) as exc:
                raise ArenaError(f"{where}: result: not a {tally.mode} result: {exc}") from None
    if tally is None:
        raise ArenaError("no games in " + ", ".join(str(p) for p in paths))
    return tally


def game_key(line: dict[str, Any]) -> tuple[int, str]:
    """What makes a game of an arena distinct: its seed and the levels in its seats (a
    seat-swapped pair shares a seed). Not `arena.game`, the index within its run: runs that
    started at different seeds (`--seed`, a resumed measurement) number their games from 0."""
    ai = (line["record"].get("options") or {}).get("ai")
    return int(line["record"]["seed"]), json.dumps(ai, sort_keys=True)


def _lines(path: Path) -> Iterable[tuple[str, dict[str, Any]]]:
    try:
        handle = open_regular(path)  # never a FIFO or a device (game.engine.bounded)
    except NotRegular as exc:
        raise ArenaError(f"{path}: cannot read: {exc}") from None
    except OSError as exc:
        raise ArenaError(f"{path}: cannot read: {exc.strerror or exc}") from None
    with handle:
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            where = f"{path} line {number}"
            if len(raw) > MAX_LINE_BYTES:
                raise ArenaError(f"{where}: longer than {MAX_LINE_BYTES} bytes")
            if not raw.strip():
                continue
            try:
                data = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise ArenaError(f"{where}: not UTF-8 text") from None
            except (ValueError, RecursionError) as exc:
                raise ArenaError(f"{where}: not a JSON line ({exc})") from None
            if not isinstance(data, dict):
                raise ArenaError(f"{where}: must be a JSON object")
            yield where, data


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_shape(line: dict[str, Any], where: str) -> None:
    from game.engine.record import RecordError, validate_record

    for key in ("record", "result", "arena"):
        if not isinstance(line.get(key), dict):
            hint = " (written by a tabula older than `merge`? play it again)" * (key == "arena")
            raise ArenaError(f"{where}: {key}: must be a JSON object{hint}")
    try:
        line["record"] = validate_record(line["record"])
    except RecordError as exc:
        raise ArenaError(f"{where}: {exc}") from None
    arena = line["arena"]
    for key in ("game", "turns"):
        if not _is_count(arena.get(key)) or arena[key] > MAX_FIGURE:
            raise ArenaError(f"{where}: arena.{key}: must be a whole number in "
                             f"0..{MAX_FIGURE:g}")
    if not isinstance(arena.get("ai"), str):
        raise ArenaError(f"{where}: arena.ai: must be a CPU level")
    if arena.get("vs") is not None and not isinstance(arena["vs"], str):
        raise ArenaError(f"{where}: arena.vs: must be a CPU level or null")


def _check_fits(line: dict[str, Any], where: str, tally: Tally, mods: list[Any]) -> None:
    """The line is a game of the same arena as the first line."""
    record, arena, result = line["record"], line["arena"], line["result"]
    if record["mode"] != tally.mode:
        raise ArenaError(f"{where}: record: mode {record['mode']!r}, but the first game is "
                         f"{tally.mode!r}")
    if record["rules"] != tally.rules:
        raise ArenaError(f"{where}: record: rules {record['rules']!r}, but the first game "
                         f"plays {tally.rules!r}")
    vs = arena["vs"] if tally.seats > 1 else None
    if (arena["ai"], vs) != (tally.ai, tally.vs):
        raise ArenaError(f"{where}: arena: {arena['ai']} vs {vs}, but the first game is "
                         f"{tally.ai} vs {tally.vs}")
    levels = record["options"].get("ai")
    pairs = {(tally.ai,)} if tally.seats == 1 else {(tally.ai, tally.vs), (tally.vs, tally.ai)}
    if not isinstance(levels, dict) or tuple(
            levels.get(str(seat)) for seat in range(tally.seats)) not in pairs:
        raise ArenaError(f"{where}: record: options.ai: not the levels of {tally.describe()}")
    if record.get("mods", []) != mods:
        raise ArenaError(f"{where}: record: mods: not the mods of the first game")
    if tally.seats == 1:
        if not isinstance(result.get("won"), bool):
            raise ArenaError(f"{where}: result.won: must be true or false")
    elif result.get("winner") is not None and (
            isinstance(result["winner"], bool) or result["winner"] not in range(tally.seats)):
        raise ArenaError(f"{where}: result.winner: must be a seat (0..{tally.seats - 1}) "
                         "or null")
    elif "winner" not in result:
        raise ArenaError(f"{where}: result.winner: missing")
    for key, value in result.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise ArenaError(f"{where}: result.{key}: not a finite number")
