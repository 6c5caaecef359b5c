"""The `tabula` command line (README.md "Command line"). Everything but `play` is headless.

Exit codes: 0 success; 1 a malformed record file or invalid resources (a message that names the
problem, never a traceback); 2 a decision of a replayed record was rejected; 64 a command-line
usage error. arcade is imported only by `play` and `shot`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.modes import ModeCard

EXIT_OK, EXIT_BAD_RECORD, EXIT_REJECTED, EXIT_USAGE = 0, 1, 2, 64
MAX_GAMES = 1_000_000  # simulate --games: memory stays flat, so only the time bounds a run
MAX_JOBS = 64       # simulate --jobs


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """Usage errors raise (exit 64), and the modes' epilog is made only when a help is printed:
    `--version` and every command's start-up never read a mode's card."""

    def __init__(self, *args: Any, modes_epilog: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.modes_epilog = modes_epilog

    def error(self, message: str) -> None:  # argparse exits 2, which means "rejected" here
        raise UsageError(f"{self.prog}: {message}")

    def format_help(self) -> str:
        if self.modes_epilog and self.epilog is None:
            self.epilog = _modes_epilog()
        return super().format_help()


def _emit(data: Any, indent: int | None = None) -> None:
    """Print JSON: characters as themselves where stdout can encode them, else escaped as
    \\u (a console that is not UTF-8, or a string that is not valid Unicode), never an
    encoding error."""
    try:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=indent) + "\n")
    except UnicodeEncodeError:  # the text is encoded whole before anything is written
        sys.stdout.write(json.dumps(data, ensure_ascii=True, indent=indent) + "\n")


def _emit_pretty(data: Any) -> None:
    _emit(data, indent=1)


def _fail(message: str, code: int, as_json: bool = False, error: str = "bad_record") -> int:
    if as_json:
        _emit({"error": error, "message": message})
    sys.stderr.write(f"tabula: {message}\n")
    return code


def _no_modes_message() -> str:
    return "no game modes are installed yet"


def cpu_level(card: ModeCard, name: str, flag: str) -> str:
    """The CPU level `name` stands for in mode `card` (a `ModeCard`); an alias is said on
    stderr, never played silently; an unknown name is a UsageError naming every level."""
    level = card.canonical_level(name)
    if level is None:
        raise UsageError(f"unknown CPU level {name!r} for {card.id} ({card.level_names()})")
    if level != name:
        sys.stderr.write(f"tabula: {flag} {name}: {card.id} plays {name!r} as its {level!r} "
                         "level\n")
    return level


def rules_version(card: ModeCard, version: str | None) -> str:
    """The rules a new match of `card` plays: `version` (`--rules`) or the current ones; an
    unknown version is a UsageError naming the versions."""
    if version is None:
        return card.rules_version
    if not card.plays_rules(version):
        known = ", ".join(card.rules_versions())
        raise UsageError(f"--rules {version}: {card.id} has rules {known} "
                         f"(current: {card.rules_version})")
    return version


# -- replay ----------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    from game.engine.modes import get_mode
    from game.engine.record import RecordError, load_record, replay

    try:
        record = load_record(args.file)
        _installed_mods_of(record["mode"])
        outcome = replay(record)
    except RecordError as exc:
        if not str(exc).startswith(str(args.file)):
            exc = RecordError(f"{args.file}: {exc}")  # setup and forced errors name the file
        forced = "bad_forced" in str(exc)
        return _fail(str(exc), EXIT_BAD_RECORD, args.json, "bad_forced" if forced else "bad_record")
    match = outcome.match
    spec = get_mode(record["mode"])
    assert spec is not None
    if args.seat is not None and not 0 <= args.seat < spec.seats:
        return _fail(f"--seat {args.seat}: {spec.id} has seats 0..{spec.seats - 1}", EXIT_USAGE)
    if outcome.rejection is not None:
        rejected = {"index": outcome.rejected_index, **outcome.rejection.as_json()}
        if args.json:
            _emit(rejected)
        else:
            sys.stdout.write(f"decision {outcome.rejected_index} rejected: "
                             f"{outcome.rejection.error}: {outcome.rejection.message}\n")
        return EXIT_REJECTED
    if args.trace:  # with --seat, only what that seat may see (docs/architecture.md)
        trace = match.trace_json(outcome.events, args.seat)
        if args.json:
            _emit(trace)
        else:
            for step in trace:
                sys.stdout.write(f"#{step['index']} {json.dumps(step['decision'])}\n")
                for event in step["events"]:
                    sys.stdout.write(f"    {json.dumps(event, ensure_ascii=False)}\n")
        return EXIT_OK
    if args.legal:
        seats = [args.seat] if args.seat is not None else list(match.to_act)
        legal: list[dict[str, Any]] = []
        for seat in seats:
            legal.extend(match.legal_decisions(seat))
        (_emit if args.json else _emit_pretty)(legal)
        return EXIT_OK
    state = match.view_json(args.seat) if args.seat is not None else match.state_json()
    (_emit if args.json else _emit_pretty)(state)
    return EXIT_OK


# -- simulate --------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    """Play an arena (game.engine.arena) and print its summary; games stream to `--out`."""
    from game.engine.arena import ArenaError, Tally, arena_jobs, parse_shard, parse_sprt
    from game.engine.cluster import ClusterUnavailable
    from game.engine.modes import get_mode, mode_ids
    from game.engine.resources import installed_mod_refs

    spec = get_mode(args.mode)
    if spec is None:
        known = ", ".join(mode_ids()) or _no_modes_message()
        return _fail(f"unknown mode {args.mode!r} (known: {known})", EXIT_USAGE)
    try:
        ai, vs = (cpu_level(spec, args.ai or spec.default_level, "--ai"),
                  cpu_level(spec, args.vs or spec.default_level, "--vs"))
        rules = rules_version(spec, args.rules)
    except UsageError as exc:
        return _fail(str(exc), EXIT_USAGE)
    if args.games < 1:
        return _fail("--games must be at least 1", EXIT_USAGE)
    if args.games > MAX_GAMES:
        return _fail(f"--games must be at most {MAX_GAMES}", EXIT_USAGE)
    if not 1 <= args.jobs <= MAX_JOBS:
        return _fail(f"--jobs must be in 1..{MAX_JOBS}", EXIT_USAGE)
    try:
        shard = parse_shard(args.shard) if args.shard else (1, 1)
        sprt = parse_sprt(args.sprt, args.alpha, args.beta) if args.sprt else None
    except ValueError as exc:
        return _fail(str(exc), EXIT_USAGE)
    if sprt is not None and shard != (1, 1):
        return _fail("--sprt stops a whole run, not one shard: play the shards without it and "
                     "test their union with `tabula merge --sprt`", EXIT_USAGE)
    if args.out:
        problem = _unwritable(Path(args.out))
        if problem:  # said now, not after the games are played and their results lost
            return _fail(f"--out {args.out}: {problem}", EXIT_USAGE)

    def jobs() -> Iterator[Any]:
        return arena_jobs(spec.id, spec.seats, ai, vs, args.seed, args.games, shard, rules)

    total = sum(1 for _ in jobs())  # for the progress bar (the jobs are made as they run)
    tally = Tally(spec.id, spec.seats, ai, vs if spec.seats > 1 else None, rules=rules)
    try:
        with _open_out(args.out) as out:
            _play_arena(args, spec, jobs(), total, tally, out, sprt,
                        installed_mod_refs(spec.id))
    except ArenaError as exc:  # a worker's game that cannot be counted, or --out failing
        return _fail(str(exc), EXIT_BAD_RECORD)
    except ClusterUnavailable as exc:
        return _fail(str(exc), EXIT_USAGE)
    _show_summary(tally.summary(sprt), args.json)
    return EXIT_OK


@contextmanager
def _open_out(out: str | None) -> Iterator[Callable[[dict[str, Any]], None] | None]:
    """A writer of `--out` lines (None without `--out`): each game is on disk once it ends."""
    from game.engine.arena import ArenaError

    if out is None:
        yield None
        return

    def cannot(exc: OSError) -> ArenaError:
        return ArenaError(f"--out {out}: cannot write: {exc.strerror or exc}")

    try:
        handle = open(out, "w", encoding="utf-8")
    except OSError as exc:
        raise cannot(exc) from None

    def write(line: dict[str, Any]) -> None:
        try:
            handle.write(json.dumps(line) + "\n")
            handle.flush()
        except OSError as exc:
            raise cannot(exc) from None

    with handle:
        yield write


def _play_arena(args: argparse.Namespace, spec: Any, jobs: Iterator[Any], total: int,
                tally: Any, out: Callable[[dict[str, Any]], None] | None, sprt: Any, mods: list[dict[str, str]]) -> None:
    """Run the games of `jobs` here, in `--jobs` processes or on `--cluster`, into `tally`."""
    from rich.progress import Progress

    from game.engine.arena import one_process, process_pool, run_arena

    show_progress = sys.stderr.isatty() and not args.json
    with ExitStack() as stack:
        if args.cluster is not None:
            from game.engine.cluster import cluster_games

            lines = stack.enter_context(cluster_games(jobs, args.cluster or None, args.jobs))
        elif args.jobs > 1:
            lines = stack.enter_context(process_pool(jobs, args.jobs))
        else:
            lines = one_process(jobs)
        progress = stack.enter_context(Progress(transient=True, disable=not show_progress))
        task = progress.add_task(f"{spec.id}: {tally.describe()}", total=total)

        def sink(line: dict[str, Any]) -> None:
            if out is not None:
                out(line)
            progress.advance(task)

        run_arena(lines, tally, expected_mods=mods, summarize=spec.summarize, sink=sink,
                  sprt=sprt)


def _show_summary(summary: dict[str, Any], as_json: bool) -> None:
    if as_json:
        _emit(summary)
    else:
        _print_summary(summary)


# -- merge -----------------------------------------------------------------------------------
def cmd_merge(args: argparse.Namespace) -> int:
    """The summary of the games in `simulate --out` files (shards of one arena), as one run
    over their union would print it."""
    from game.engine.arena import ArenaError, parse_sprt
    from game.engine.arena_files import merge_files

    try:
        sprt = parse_sprt(args.sprt, args.alpha, args.beta) if args.sprt else None
    except ValueError as exc:
        return _fail(str(exc), EXIT_USAGE)
    try:
        tally = merge_files(args.files)
    except ArenaError as exc:
        return _fail(str(exc), EXIT_BAD_RECORD, args.json)
    _show_summary(tally.summary(sprt), args.json)
    return EXIT_OK


def _unwritable(out: Path) -> str | None:
    """Why `simulate --out` could not write `out` (checked before the games are played)."""
    folder = out.parent
    if out.is_dir():
        return "is a folder"
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if out.exists() and not os.access(out, os.W_OK):
        return "the file is not writable"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return None


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"tabula simulate {summary['mode']}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in summary.items():
        if isinstance(value, dict):  # the sprt block
            value = ", ".join(f"{k} {v:.4f}" if isinstance(v, float) else f"{k} {v}"
                              for k, v in value.items())
        if isinstance(value, float):
            text = f"{value:.4f}"
        elif isinstance(value, list):
            text = "[" + ", ".join(f"{v:.4f}" for v in value) + "]"
        else:
            text = str(value)
        table.add_row(key, text)
    Console().print(table)


# -- solve -----------------------------------------------------------------------------------
def cmd_solve(args: argparse.Namespace) -> int:
    """The best score of a crawl seed with the whole deck known (game.ai.crawl.solver)."""
    from game.engine.modes import get_mode, mode_ids
    from game.engine.record import save_record

    if get_mode(args.mode) is None:
        known = ", ".join(mode_ids()) or _no_modes_message()
        return _fail(f"unknown mode {args.mode!r} (known: {known})", EXIT_USAGE)
    if args.mode != "crawl":
        return _fail(f"solve: only crawl has a solver, not {args.mode}", EXIT_USAGE)
    if args.budget_ms <= 0 or args.max_nodes < 1:
        return _fail("--budget-ms must be above 0 and --max-nodes at least 1", EXIT_USAGE)
    if args.out:
        problem = _unwritable(Path(args.out))
        if problem:
            return _fail(f"--out {args.out}: {problem}", EXIT_USAGE)
    from game.ai.crawl.solver import solve_seed

    solution, line = solve_seed(args.seed, budget_ms=args.budget_ms, max_nodes=args.max_nodes)
    if args.out:
        try:
            save_record(args.out, line)
        except OSError as exc:
            return _fail(f"--out {args.out}: cannot write: {exc.strerror or exc}",
                         EXIT_BAD_RECORD)
    if args.json:
        _emit(solution.as_json())
    else:
        sys.stdout.write(solution.line() + "\n")
    return EXIT_OK


# -- validate --------------------------------------------------------------------------------
def cmd_validate(args: argparse.Namespace) -> int:
    """The base resources and every installed mod (user mods and `--mods` folders), or the mod
    folder (or folder of mods) at PATH; problems go to stdout, one `file:key: problem` a line."""
    from game.engine.modes import all_modes
    from game.engine.resources import (
        ResourceError,
        ResourceSet,
        load_base,
        load_mode_resources,
        mod_folders,
        mods_in,
        validate_mod_folder,
    )

    specs = all_modes()
    if not specs:
        sys.stdout.write(f"nothing to validate: {_no_modes_message()}\n")
        return EXIT_OK
    root = None if args.path is None else Path(args.path)
    if root is not None and not root.is_dir():
        return _fail(f"{root}: not a folder", EXIT_BAD_RECORD)
    problems: list[str] = []
    bases: dict[str, ResourceSet] = {}
    for spec in specs:
        try:
            bases[spec.id] = load_base(spec)
        except ResourceError as exc:
            problems.extend(str(p) for p in exc.problems)
            continue
        if root is None:
            shipped = sum(not f.is_family for f in spec.resource_files)
            sys.stdout.write(f"ok  {spec.id}: {shipped} files\n")
    if root is None:
        mods = mod_folders()
    else:
        mode_ids = {s.id for s in specs}
        mods = [root] if any((root / m).is_dir() for m in mode_ids) else mods_in(root)
    for mod in mods:
        found = validate_mod_folder(specs, mod, bases)
        if not found and root is None:  # fine alone, yet skipped after the mods before it?
            found = [p for spec in specs if spec.id in bases
                     for p in load_mode_resources(spec).skipped.get(mod, [])]
        if found:
            problems.extend(str(p) for p in found)
        else:
            sys.stdout.write(f"ok  mod {mod.name}\n")
    if root is None:  # each game's tutorial played against its rules (docs/tutorials.md)
        from game.engine.tutorial import script_problems

        for spec in specs:
            if spec.id in bases:
                try:
                    resources = load_mode_resources(spec)
                except ResourceError:
                    resources = bases[spec.id]
                problems.extend(str(p) for p in script_problems(spec, resources))
    missing = _catalogue_checks(root, mods, specs, problems)
    for problem in problems:
        sys.stdout.write(f"{problem}\n")
    for line in missing:  # English is shown for these: the game is whole, so not a failure
        sys.stdout.write(f"{line}\n")
    return EXIT_BAD_RECORD if problems else EXIT_OK


def _catalogue_checks(root: Path | None, mods: list[Path], specs: list[Any],
                      problems: list[str]) -> list[str]:
    """The translations (docs/i18n.md): a `.po` that cannot be read, the game's or a mod's,
    is a problem (file and line); each msgid a language leaves untranslated, for the shell
    and the games installed, is a line of its own that does not fail validate."""
    from game import i18n

    for mod in mods:
        problems.extend(i18n.broken_catalogues(mod / i18n.LOCALE_FOLDER))
    if root is not None:
        return []
    problems.extend(i18n.broken_catalogues(i18n.locale_root()))
    areas = ("shell", *(spec.id for spec in specs))
    return [line for lang in i18n.LANGUAGES if lang != i18n.ENGLISH
            for line in i18n.missing_entries(lang, areas)]


def _installed_mods_of(mode_id: str) -> None:
    """Load the installed mods of a record's mode, so that a skipped one is said on stderr
    like in every command (the record itself plays the mods it names)."""
    from game.engine.modes import get_mode
    from game.engine.resources import ResourceError, load_mode_resources

    spec = get_mode(mode_id)
    try:
        if spec is not None:
            load_mode_resources(spec)
    except (ResourceError, OSError):
        pass  # a broken base is the command's own to report


@contextmanager
def _skipped_mods_on_stderr() -> Iterator[None]:
    """While a command runs, the `file:key` problems of every mod skipped for a mode it loads
    are printed on stderr, each once (stdout may be JSON). Only the modes the command uses
    are loaded: a command never imports a mode it does not need."""
    from game.engine.resources import report_problems_to

    printed: set[str] = set()

    def report(problems: Sequence[Any]) -> None:
        for problem in map(str, problems):
            if problem not in printed:
                printed.add(problem)
                sys.stderr.write(f"tabula: {problem}\n")

    with report_problems_to(report):
        yield


# -- shot ------------------------------------------------------------------------------------
def _fast_gl_env() -> None:
    """pyglet checks for a GL error after every GL call unless told not to: off for players
    (about 0.5 ms a frame on a software renderer); tests keep the checks.

    Without a GPU, Mesa's llvmpipe rasterizes each frame on as many threads as there are
    cores. On a 2-core machine four threads share a frame's tiles out more evenly (one
    descheduled thread holds up less of the frame): the crawl play screen's frame p95 went
    from 8.8-10.1 ms to 7.9-8.1 ms, and an unchanging frame's p95 from 8.4 to 6.5 ms. A GPU
    driver ignores the variable; a player's own setting wins."""
    os.environ.setdefault("PYGLET_DEBUG_GL", "0")
    os.environ.setdefault("LP_NUM_THREADS", str(max(4, os.cpu_count() or 1)))


def _headless_env() -> None:
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
    _fast_gl_env()


def cmd_shot(args: argparse.Namespace) -> int:
    from game.engine.record import RecordError, load_record, replay

    if args.screen is None and args.file is None:
        return _fail("shot needs a record FILE or --screen NAME", EXIT_USAGE)
    _headless_env()
    if args.screen is not None:
        from game.scenes.shot import shoot_screen

        shoot_screen(args.screen, args.out)
        sys.stdout.write(f"{args.out}\n")
        return EXIT_OK
    try:
        record = load_record(args.file)
        _installed_mods_of(record["mode"])
        outcome = replay(record)
    except RecordError as exc:
        return _fail(str(exc), EXIT_BAD_RECORD)
    if outcome.rejection is not None:
        return _fail(f"decision {outcome.rejected_index} rejected: {outcome.rejection.error}",
                     EXIT_REJECTED)
    from game.scenes.shot import shoot_record

    try:
        shoot_record(outcome.match, args.out)
    except ValueError as exc:
        return _fail(str(exc), EXIT_BAD_RECORD)
    sys.stdout.write(f"{args.out}\n")
    return EXIT_OK


# -- bench -----------------------------------------------------------------------------------
def cmd_bench(args: argparse.Namespace) -> int:
    _headless_env()  # frame-time rows open a headless window
    from game.bench import collect

    rows = collect(args.mode or None, engine=not args.modes_only)
    if args.json:
        _emit([row.as_json() for row in rows])
        return EXIT_OK
    from rich.console import Console
    from rich.table import Table

    table = Table(title="tabula bench")
    table.add_column("name")
    table.add_column("value", justify="right")
    table.add_column("unit")
    for row in rows:
        table.add_row(row.name, f"{row.value:.3f}", row.unit)
    Console().print(table)
    return EXIT_OK


# -- play ------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    from game.engine.modes import ModeLaunch, get_mode, mode_ids
    from game.engine.record import RecordError, load_record

    launch = None
    replay_file = None
    if args.replay is not None:  # the replay viewer on that record (docs/replays.md)
        if args.mode is not None or args.load:
            return _fail("--replay FILE opens the viewer: give no MODE and no --load",
                         EXIT_USAGE)
        try:
            load_record(args.replay)
        except RecordError as exc:
            return _fail(str(exc), EXIT_BAD_RECORD)
        replay_file = Path(args.replay)
    if args.mode is not None:
        spec = get_mode(args.mode)
        if spec is None:
            known = ", ".join(mode_ids()) or _no_modes_message()
            return _fail(f"unknown mode {args.mode!r} (known: {known})", EXIT_USAGE)
        record = None
        if args.load:
            try:
                record = load_record(args.load)
            except RecordError as exc:
                return _fail(str(exc), EXIT_BAD_RECORD)
        cpu: dict[int, str] = {}
        try:
            for seat, level, flag in ((1, args.vs, "--vs"), (0, args.watch, "--watch")):
                if level is not None:
                    cpu[seat] = cpu_level(spec, level, flag)
            rules = rules_version(spec, args.rules) if args.rules is not None else None
        except UsageError as exc:
            return _fail(str(exc), EXIT_USAGE)
        if rules is not None and record is not None:
            return _fail("--rules is for a new match: a loaded record plays its own rules "
                         f"({record['rules']})", EXIT_USAGE)
        if spec.seats > 1 and 1 not in cpu:
            cpu[1] = spec.default_level
        options = {"variant": args.variant} if args.variant else {}
        launch = ModeLaunch(spec.id, seed=args.seed, cpu=cpu, options=options, record=record,
                            rules=rules)
    elif args.rules is not None:
        return _fail("--rules needs a MODE: the rules of which game?", EXIT_USAGE)
    return run_window(launch, replay_file)


def run_window(launch: Any = None, replay_file: Path | None = None, first: Any = None) -> int:
    """Open the game window (`tabula play`, and `tabula host` / `join` with a person's seat);
    a machine without a display gets a message and exit 1, not a traceback."""
    _fast_gl_env()
    try:
        from game.scenes.app import run_app
    except Exception as exc:  # no display, no GL: say so instead of a traceback
        return _fail(f"cannot open the game window: {exc}", EXIT_BAD_RECORD)
    try:
        run_app(launch, replay_file, first)
    except Exception as exc:
        if type(exc).__name__ in {"NoSuchDisplayException", "NoSuchConfigException"}:
            return _fail(f"cannot open the game window ({exc}): no display is available. "
                         "The other commands (replay, simulate, shot, bench) run headless.",
                         EXIT_BAD_RECORD)
        raise
    return EXIT_OK


# -- network ---------------------------------------------------------------------------------
def _net(name: str, args: argparse.Namespace) -> int:
    """`host` and `join` live in game.net.commands (imported only when used)."""
    from game.net import commands

    return getattr(commands, name)(args)


# -- parser ----------------------------------------------------------------------------------
def _version() -> str:
    """The package's own version (kept equal to pyproject.toml's by tests/test_cli.py):
    `importlib.metadata` would cost more CPU than the rest of `--version` together."""
    from game import __version__

    return __version__


def _modes_epilog() -> str:
    """The installed modes, their CPU levels and rules versions, for `tabula --help`: read
    from the modes' cards, so the help imports no mode's rules or content."""
    from game.engine.modes import mode_cards

    lines = ["modes (MODE) and their CPU levels (LEVEL, A, B; * the default):"]
    cards = mode_cards()
    for card in cards:
        levels = ", ".join(f"{lvl}*" if lvl == card.default_level else lvl
                           for lvl in card.cpu_levels)
        aliases = "".join(f"; {alias} = {level}" for alias, level in card.level_aliases.items())
        lines.append(f"  {card.id:<10} {card.title}: {levels}{aliases}")
    lines.append("rules versions (--rules VERSION; new matches play the current one):")
    for card in cards:
        lines.append(f"  {card.id:<10} {card.rules_version} (current)")
        lines.extend(f"  {'':<10} {version}: {card.rules_changes.get(version, '')}".rstrip()
                     for version in card.older_rules)
    lines.append("exit codes: 0 ok, 1 malformed record or invalid resources, "
                 "2 a replayed decision rejected, 64 usage")
    return "\n".join(lines)


class _VersionAction(argparse.Action):
    """`--version`: the installed version, looked up (importlib.metadata) only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        sys.stdout.write(f"tabula {_version()}\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog="tabula", description="Tabula: four turn-based card and strategy games.",
                     modes_epilog=True, formatter_class=formatter)
    parser.add_argument("--version", action=_VersionAction,
                        help="print the installed version and exit")
    parser.add_argument("--mods", action="append", default=[], metavar="PATH",
                        help="an extra folder of mods (repeatable)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    def command(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, description=text, modes_epilog=True,
                              formatter_class=formatter)

    play = command("play", "open the game (a mode's first screen if MODE is given)")
    play.add_argument("mode", nargs="?", metavar="MODE", help="the game to start (see below)")
    play.add_argument("--seed", type=int, help="the match's seed (default: a random one)")
    play.add_argument("--vs", metavar="LEVEL", help="seat 1's CPU level")
    play.add_argument("--watch", metavar="LEVEL", help="seat 0 is a CPU too: watch two CPUs")
    play.add_argument("--load", metavar="FILE", help="continue a saved match record")
    play.add_argument("--replay", metavar="FILE",
                      help="watch a match record in the replay viewer")
    play.add_argument("--variant", help="crawl: normal | constructed | daily")
    play.add_argument("--rules", metavar="VERSION",
                      help="a new match plays these rules (default: the current ones)")

    rep = command("replay", "replay a record; print the final state")
    rep.add_argument("file", metavar="FILE", help="a match record (JSON)")
    rep.add_argument("--json", action="store_true", help="compact JSON")
    rep.add_argument("--seat", type=int, help="print only what this seat sees")
    rep.add_argument("--legal", action="store_true", help="print the legal decisions")
    rep.add_argument("--trace", action="store_true", help="print the events of each decision")

    sim = command("simulate", "CPU vs CPU on distinct games (docs/arena.md)")
    sim.add_argument("mode", metavar="MODE", help="the game (see below)")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    sim.add_argument("--ai", metavar="A", help="the CPU level measured (default: the mode's)")
    sim.add_argument("--vs", metavar="B", help="its opponent's level (default: the mode's)")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes")
    sim.add_argument("--rules", metavar="VERSION",
                     help="the games play these rules (default: the current ones)")
    sim.add_argument("--json", action="store_true", help="the summary as one JSON object")
    sim.add_argument("--out", metavar="FILE.jsonl", help="one line a game, as each ends")
    sim.add_argument("--shard", metavar="K/N", help="only shard K of N of the seeds")
    sim.add_argument("--cluster", nargs="?", const="", metavar="ADDRESS",
                     help="play on Dask workers (a local cluster without ADDRESS)")
    _add_sprt_arguments(sim)

    merge = command("merge", "one summary of simulate --out files (shards)")
    merge.add_argument("files", nargs="+", metavar="FILE.jsonl", help="simulate --out files")
    merge.add_argument("--json", action="store_true", help="the summary as one JSON object")
    _add_sprt_arguments(merge)

    solve = command("solve", "the best score of a seed with the whole deck known (crawl)")
    solve.add_argument("mode", metavar="MODE", help="the game (only crawl has a solver)")
    solve.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    solve.add_argument("--budget-ms", type=float, default=2000.0,
                       help="stop searching after this many ms (default 2000)")
    solve.add_argument("--max-nodes", type=int, default=5_000_000,
                       help="stop after this many positions (default 5000000)")
    solve.add_argument("--json", action="store_true", help="the answer as one JSON object")
    solve.add_argument("--out", metavar="FILE", help="save the best line found as a record")

    val = command("validate", "check the base resources and installed mods, or a mod folder")
    val.add_argument("path", nargs="?", metavar="PATH", help="a mod folder or a folder of mods")

    shot = command("shot", "render a record's final position to PNG (headless)")
    shot.add_argument("file", nargs="?", metavar="FILE", help="a match record (JSON)")
    shot.add_argument("--out", required=True, metavar="PNG", help="the picture to write")
    shot.add_argument("--screen", choices=("menu", "settings"), help="a shell screen instead")

    host = command("host", "host a two-player match on the network (docs/network.md)")
    host.add_argument("mode", metavar="MODE", help="the game: conquest, strike or kingdom")
    host.add_argument("--port", type=int, default=47615, help="the TCP port (default 47615)")
    host.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    host.add_argument("--seed", type=int, help="a new match with this seed")
    host.add_argument("--rules", metavar="VERSION",
                      help="a new match plays these rules (default: the current ones)")
    host.add_argument("--spectators", action="store_true", help="let spectators watch")
    host.add_argument("--new", action="store_true", help="do not resume the saved match")
    host.add_argument("--headless", action="store_true",
                      help="serve without a window (nobody plays on this computer)")

    join = command("join", "join a hosted match (docs/network.md)")
    join.add_argument("address", metavar="HOST[:PORT]", help="the host's address or join code")
    join.add_argument("--cpu", metavar="LEVEL", help="a CPU of this level plays your seat")
    join.add_argument("--cpu-seed", type=int, default=0, help="the --cpu player's own seed")
    join.add_argument("--spectate", action="store_true", help="watch (public view only)")
    join.add_argument("--token", help="rejoin the seat of this token")
    join.add_argument("--out", metavar="FILE", help="save the final record here")
    join.add_argument("--headless", action="store_true",
                      help="no window: needs --cpu LEVEL or --spectate")

    bench = command("bench", "speed figures (a benchmark, not a test)")
    bench.add_argument("--json", action="store_true", help="rows as JSON")
    bench.add_argument("--mode", action="append", help="only this mode's rows (repeatable)")
    bench.add_argument("--modes-only", action="store_true", help="skip the engine rows")
    return parser


def _add_sprt_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sprt", metavar="P0,P1",
                        help="sequential test of the score: H0 = P0 against H1 = P1")
    parser.add_argument("--alpha", type=float, default=0.05, help="--sprt false-H1 rate")
    parser.add_argument("--beta", type=float, default=0.05, help="--sprt false-H0 rate")


COMMANDS = {"replay": cmd_replay, "simulate": cmd_simulate, "merge": cmd_merge,
            "validate": cmd_validate, "solve": cmd_solve,
            "shot": cmd_shot, "bench": cmd_bench, "play": cmd_play,
            "host": lambda args: _net("cmd_host", args), "join": lambda args: _net("cmd_join", args)}
# Commands that must never read or write the player's settings, saves or scores: they run in a
# temporary home (game.paths.temporary_home; the player's mods stay readable).
SANDBOXED = frozenset({"bench", "shot", "simulate", "merge", "solve"})


def run(argv: Sequence[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except UsageError as exc:
        sys.stderr.write(f"{exc}\n")
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version print and stop here
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    if args.mods:
        from game.engine.resources import set_extra_mod_dirs

        missing = [path for path in args.mods if not Path(path).is_dir()]
        if missing:
            return _fail(f"--mods {missing[0]}: not a folder", EXIT_USAGE)
        set_extra_mod_dirs(args.mods)
    if args.command is None:
        args = parser.parse_args(["play"])
    with ExitStack() as stack:
        if args.command != "validate":  # validate reports every mod problem itself, on stdout
            stack.enter_context(_skipped_mods_on_stderr())
        try:
            if args.command in SANDBOXED:
                from game.paths import temporary_home

                stack.enter_context(temporary_home())
            return COMMANDS[args.command](args)
        except BrokenPipeError:
            return EXIT_OK
        except KeyboardInterrupt:
            return 130
