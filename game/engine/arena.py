"""Arenas: CPU-vs-CPU matches on fixed seeds, summed up from running counts (docs/arena.md).

`tabula simulate` and `tabula merge` share this module. An arena is a numbered list of games
(`arena_jobs`): a one-seat mode plays one game a seed; a mirror (both seats the same level)
plays one game a seed, since swapping two identical players would replay the same game; any
other matchup plays each seed twice, once with each seating. `--shard K/N` keeps the seeds
whose offset from `--seed` is K-1 modulo N, so a seed's two seatings stay in one shard and
every game keeps the number and record it has in the whole run.

Games are summed up in a `Tally` as they finish (counts and exact sums, never a list of games),
so memory stays flat however many games run, and two tallies merge into the one a single run
would have made. An `Sprt` stops a run as soon as the score is clearly one of two hypotheses.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine.stats import Moments, wilson_interval

MAX_FIGURE = 1e15  # a summed figure (turns, a crawl score): far above any game's, and finite


class ArenaError(ValueError):
    """A game line, shard or worker result that cannot be counted (the message says why)."""


@dataclass(frozen=True)
class Job:
    """One game of an arena: its number in the whole run, its seed and each seat's level."""

    game: int
    mode: str
    seed: int
    levels: tuple[str, ...]
    ai: str
    vs: str | None  # None in a one-seat mode
    rules: str | None = None  # the rules version played (None: the mode's current rules)


def arena_jobs(mode: str, seats: int, ai: str, vs: str, seed: int, games: int,
               shard: tuple[int, int] = (1, 1), rules: str | None = None) -> Iterator[Job]:
    """The games of an arena (or of shard K of N, 1-based), in the order they are counted."""
    part, parts = shard
    mirror = seats == 1 or ai == vs
    for game in range(games):
        offset = game if mirror else game // 2
        if offset % parts != part - 1:
            continue
        if seats == 1:
            yield Job(game, mode, seed + offset, (ai,), ai, None, rules)
        else:
            levels = (ai, vs) if mirror or game % 2 == 0 else (vs, ai)
            yield Job(game, mode, seed + offset, levels, ai, vs, rules)


def parse_shard(text: str) -> tuple[int, int]:
    """`"2/4"` -> (2, 4); ValueError says what a shard looks like."""
    try:
        part, parts = (int(n) for n in text.split("/"))
    except ValueError:
        raise ValueError(f"--shard {text!r}: expected K/N, e.g. 1/4") from None
    if not 1 <= part <= parts:
        raise ValueError(f"--shard {text!r}: K must be in 1..N")
    return part, parts


# -- playing ---------------------------------------------------------------------------------
def play_game(job: Job) -> dict[str, Any]:
    """One game as its `--out` line: `record`, `result`, and `arena` (number, levels, turns)."""
    from game.engine.autoplay import CpuError, play_cpu_match
    from game.engine.modes import get_mode

    spec = get_mode(job.mode)
    if spec is None:
        raise ArenaError(f"mode {job.mode!r} is not installed on this worker")
    try:
        played = play_cpu_match(spec, job.seed, dict(enumerate(job.levels)), rules=job.rules)
    except CpuError as exc:  # said with the game's seed and seats: a record to replay
        raise ArenaError(f"game {job.game} (seed {job.seed}, seats "
                         f"{'/'.join(job.levels)}): {exc}") from None
    return {"record": played.record, "result": played.result,
            "arena": {"game": job.game, "ai": job.ai, "vs": job.vs, "turns": played.turns}}


# A match switches the process's current esper world: a worker that runs tasks in threads
# (a Dask worker with --nthreads above 1) must still play one game at a time.
_PLAYING = threading.Lock()


def play_batch(jobs: list[Job], roots: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Play `jobs` in order; with `roots`, read mods from exactly those folders first (a Dask
    worker is not made by `spawn_pool`, so the batch brings its parent's mod folders)."""
    with _PLAYING:
        if roots is not None:
            from game.engine.resources import mod_roots, use_mod_roots

            if tuple(str(r) for r in mod_roots()) != tuple(roots):
                use_mod_roots(roots)
        return [play_game(job) for job in jobs]


class _Future(Protocol):
    def result(self) -> list[dict[str, Any]]: ...
    def cancel(self) -> Any: ...


@dataclass
class _Done:
    """A batch played on the spot (one process): a future that is already done."""

    value: list[dict[str, Any]]

    def result(self) -> list[dict[str, Any]]:
        return self.value

    def cancel(self) -> bool:
        return False


def batches(jobs: Iterable[Job], size: int) -> Iterator[list[Job]]:
    batch: list[Job] = []
    for job in jobs:
        batch.append(job)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def in_order(jobs: Iterable[Job], submit: Callable[[list[Job]], _Future], *, batch: int = 1,
             window: int = 1) -> Iterator[dict[str, Any]]:
    """Every game's line, in game order, with at most `window` batches submitted and not yet
    counted (memory stays flat; closing the iterator cancels what has not started)."""
    pending: deque[_Future] = deque()
    try:
        for chunk in batches(jobs, batch):
            pending.append(submit(chunk))
            while len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def one_process(jobs: Iterable[Job]) -> Iterator[dict[str, Any]]:
    """The games played here, one after the other."""
    return in_order(jobs, lambda chunk: _Done(play_batch(chunk)))


@contextmanager
def process_pool(jobs: Iterable[Job], workers: int) -> Iterator[Iterator[dict[str, Any]]]:
    """The games played by `workers` spawned processes (`--jobs`), which load this process's
    mods; a few games a worker are queued ahead, never the whole run."""
    from game.engine.workers import spawn_pool

    with spawn_pool(workers) as pool:
        yield in_order(jobs, lambda chunk: pool.submit(play_batch, chunk), window=4 * workers)


# -- counting --------------------------------------------------------------------------------
@dataclass
class Tally:
    """The running counts of an arena, from the measured level's side (`ai`; in a mirror,
    seat 0's side, so the score is the first seat's score)."""

    mode: str
    seats: int
    ai: str
    vs: str | None
    wins: int = 0
    losses: int = 0
    draws: int = 0
    seat0_wins: int = 0
    seat1_wins: int = 0
    turns: Moments = field(default_factory=Moments)
    extras: dict[str, Moments] = field(default_factory=dict)
    rules: str | None = None  # the rules version every game played (the summary names it)

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    def add(self, levels: tuple[str, ...], result: dict[str, Any], turns: int,
            extra: dict[str, float]) -> None:
        """Count one game: the level of each seat, its result, its turns and its extras."""
        if self.seats == 1:
            if result["won"]:
                self.wins += 1
            else:
                self.losses += 1
        else:
            winner = result["winner"]
            if winner is None:
                self.draws += 1
            else:
                self.seat0_wins += winner == 0
                self.seat1_wins += winner == 1
                ours = winner == 0 if self.ai == self.vs else levels[winner] == self.ai
                if ours:
                    self.wins += 1
                else:
                    self.losses += 1
        self.turns.add(turns)
        for key, value in extra.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                    not abs(value) <= MAX_FIGURE):
                raise ValueError(f"{key} must be a number of at most {MAX_FIGURE:g}")
            self.extras.setdefault(key, Moments()).add(value)

    def merge(self, other: Tally) -> None:
        if (other.mode, other.seats, other.ai, other.vs, other.rules) != (
                self.mode, self.seats, self.ai, self.vs, self.rules):
            raise ArenaError(f"cannot merge {other.describe()} into {self.describe()}")
        for name in ("wins", "losses", "draws", "seat0_wins", "seat1_wins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.turns.merge(other.turns)
        for key, moments in other.extras.items():
            self.extras.setdefault(key, Moments()).merge(moments)

    def describe(self) -> str:
        return f"{self.mode} {self.ai}" + ("" if self.vs is None else f" vs {self.vs}")

    def summary(self, sprt: Sprt | None = None) -> dict[str, Any]:
        """The figures `simulate --json` and `merge --json` print."""
        games = self.games
        out: dict[str, Any] = {"mode": self.mode, "ai": self.ai}
        if self.rules is not None:
            out["rules"] = self.rules
        if self.seats == 1:
            low, high = wilson_interval(self.wins, games)
            out.update({"games": games, "wins": self.wins, "losses": self.losses,
                        "win_rate": self.wins / games if games else 0.0,
                        "win_rate_ci95": [low, high]})
        else:
            low, high = wilson_interval(self.points, games)
            decisive = self.seat0_wins + self.seat1_wins
            share_low, share_high = wilson_interval(self.seat0_wins, decisive)
            out.update({"vs": self.vs, "games": games, "wins": self.wins,
                        "losses": self.losses, "draws": self.draws,
                        "score": self.points / games if games else 0.0,
                        "score_ci95": [low, high],
                        "first_seat_share": self.seat0_wins / decisive if decisive else 0.0,
                        "first_seat_share_ci95": [share_low, share_high]})
        mean, low, high = self.turns.interval()
        out.update({"mean_turns": mean, "mean_turns_ci95": [low, high]})
        for key in sorted(self.extras):
            mean, low, high = self.extras[key].interval()
            out[f"mean_{key}"] = mean
            out[f"mean_{key}_ci95"] = [low, high]
        if sprt is not None:
            llr = sprt.llr(self.wins, self.draws, self.losses)
            out["sprt"] = {"p0": sprt.p0, "p1": sprt.p1, "alpha": sprt.alpha,
                           "beta": sprt.beta, "llr": llr, "lower": sprt.lower,
                           "upper": sprt.upper, "verdict": sprt.verdict(llr)}
        return out


# -- the sequential test ---------------------------------------------------------------------
@dataclass(frozen=True)
class Sprt:
    """Wald's sequential probability ratio test between H0: score = p0 and H1: score = p1.

    Each game scores x = 1, ½ or 0 (a draw is half a win and half a loss), and adds
    x·ln(p1/p0) + (1-x)·ln((1-p1)/(1-p0)) to the log-likelihood ratio. The run stops once the
    ratio leaves (ln(β/(1-α)), ln((1-β)/α)): above, H1 is accepted; below, H0. Counting a draw
    as two half games keeps the ratio a supermartingale under H0 (a draw's factor is the
    geometric mean of a win's and a loss's, never above their mean), so the error rates stay
    at most α and β.
    """

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0 < self.p0 < self.p1 < 1:
            raise ValueError(f"--sprt {self.p0},{self.p1}: need 0 < P0 < P1 < 1")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise ValueError(f"--{name} must be between 0 and 0.5")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, draws: int, losses: int) -> float:
        won, lost = wins + draws / 2, losses + draws / 2
        return won * math.log(self.p1 / self.p0) + lost * math.log((1 - self.p1) / (1 - self.p0))

    def verdict(self, llr: float) -> str | None:
        """"H1", "H0", or None while the test cannot tell yet."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


def parse_sprt(text: str, alpha: float, beta: float) -> Sprt:
    try:
        p0, p1 = (float(p) for p in text.split(","))
    except ValueError:
        raise ValueError(f"--sprt {text!r}: expected P0,P1, e.g. 0.5,0.55") from None
    return Sprt(p0, p1, alpha, beta)


# -- running an arena ------------------------------------------------------------------------
def count_line(tally: Tally, line: dict[str, Any], expected_mods: list[dict[str, str]],
               summarize: Callable[[dict[str, Any]], dict[str, float]] | None) -> None:
    """Count a game a worker played, after checking it played with this process's mods."""
    mods = line["record"].get("mods", [])
    if mods != expected_mods:
        raise ArenaError(
            f"game {line['arena']['game']} was played with the mods {_names(mods)}, but this "
            f"machine has {_names(expected_mods)}: every worker needs the same mods at the "
            "same folders (docs/modding.md)")
    levels = tuple(line["record"]["options"]["ai"][str(seat)] for seat in range(tally.seats))
    extra = summarize(line["result"]) if summarize else {}
    tally.add(levels, line["result"], line["arena"]["turns"], extra)


def _names(mods: list[dict[str, str]]) -> str:
    return "[" + ", ".join(f"{m['id']} {m['hash'][:12]}" for m in mods) + "]" if mods else "none"


def run_arena(lines: Iterator[dict[str, Any]], tally: Tally, *,
              expected_mods: list[dict[str, str]],
              summarize: Callable[[dict[str, Any]], dict[str, float]] | None = None,
              sink: Callable[[dict[str, Any]], None] | None = None,
              sprt: Sprt | None = None) -> Tally:
    """Count games in order, hand each to `sink` (the `--out` file), and stop at the first
    game after which `sprt` has a verdict (the games still running are dropped, so the
    record list is the same however many workers played it)."""
    try:
        for line in lines:
            count_line(tally, line, expected_mods, summarize)
            if sink is not None:
                sink(line)
            if sprt is not None and sprt.verdict(
                    sprt.llr(tally.wins, tally.draws, tally.losses)) is not None:
                break
    finally:
        close = getattr(lines, "close", None)
        if close is not None:
            close()
    return tally
