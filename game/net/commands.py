"""`tabula host` and `tabula join` (docs/network.md): the command-line side of network play.

Both run headless here: the host serves until Ctrl-C (its session saved on the way out, and
after every decision), and a joining client either plays its seat with a CPU (`--cpu`) or
watches (`--spectate`), printing the steps it is shown as JSON lines. Exit codes as
everywhere: 0 ok, 1 a bad session file or record, 64 a usage error (a bad address, a port in
use, a host that refuses the hello).
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.engine.modes import get_mode, mode_ids
from game.engine.record import RecordError, atomic_write_text, json_text, new_record
from game.net import joined
from game.net.address import WILDCARDS, AddressError, join_code, lan_address, parse_address, ws_url
from game.net.client import JoinError, NetClient
from game.net.host import Host, SessionError
from game.paths import user_data_dir

EXIT_OK, EXIT_BAD, EXIT_USAGE = 0, 1, 64


def session_path(mode: str) -> Path:
    """Where the host of `mode` keeps its match (the player's data dir)."""
    return user_data_dir() / "net" / f"host-{mode}.json"


def _fail(message: str, code: int) -> int:
    sys.stderr.write(f"tabula: {message}\n")
    return code


def make_host(mode: str, seed: int | None, spectators: bool, new: bool,
              rules: str | None = None) -> Host | str:
    """The host of a new match (on `rules`, else the mode's current rules), or of the saved
    unfinished one; an error message otherwise."""
    spec = get_mode(mode)
    if spec is None:
        return f"unknown mode {mode!r} (known: {', '.join(mode_ids())})"
    if spec.seats < 2:
        return f"{mode} has one seat: there is nobody to play over the network"
    if rules is not None and not spec.plays_rules(rules):
        return (f"--rules {rules}: {spec.id} has rules {', '.join(spec.rules_versions())} "
                f"(current: {spec.rules_version})")
    path = session_path(mode)
    if path.exists() and not new and seed is None and rules is None:
        host = Host.from_session(path)
        if host.match.result is None:
            if spectators:
                host.spectators = True
            return host
    import random

    record = new_record(spec.id, rules or spec.rules_version,
                        random.SystemRandom().randrange(1, 2**31) if seed is None else seed,
                        dict(spec.default_options))
    return Host(record, spectators=spectators, session_path=path)


def _window_view(name: str, app: Any, *args: Any, **kwargs: Any) -> Any:
    """The Network screen's `open_host` / `open_join` (imported only with a window)."""
    from game.scenes import network

    return getattr(network, name)(app, *args, **kwargs)


def cmd_host(args: Any) -> int:
    if not getattr(args, "headless", False):
        spec = get_mode(args.mode)
        if spec is None:
            return _fail(f"unknown mode {args.mode!r} (known: {', '.join(mode_ids())})",
                         EXIT_USAGE)
        if spec.seats < 2:
            return _fail(f"{spec.id} has one seat: there is nobody to play over the network",
                         EXIT_USAGE)
        from game.cli import UsageError, rules_version, run_window

        try:
            rules = rules_version(spec, args.rules) if args.rules is not None else None
        except UsageError as exc:
            return _fail(str(exc), EXIT_USAGE)
        return run_window(first=lambda app: _window_view(
            "open_host", app, spec.id, port=args.port, seed=args.seed, new=args.new,
            bind=args.bind, rules=rules))
    try:
        host = make_host(args.mode, args.seed, args.spectators, args.new, args.rules)
    except (SessionError, RecordError) as exc:
        return _fail(str(exc), EXIT_BAD)
    if isinstance(host, str):
        return _fail(host, EXIT_USAGE)
    return asyncio.run(_serve(host, args.bind, args.port))


async def _serve(host: Host, bind: str, port: int) -> int:
    try:
        port = await host.start(bind, port)
    except OSError as exc:
        return _fail(f"cannot listen on {bind}:{port}: {exc.strerror or exc}", EXIT_USAGE)
    address = lan_address() if bind in WILDCARDS else bind
    resumed = len(host.match.decisions)
    print(f"Hosting {host.match.rules.mode} at {address}:{port}"
          + (f" (resumed at decision {resumed})" if resumed else ""))
    if ":" not in address:
        print(f"Join code: {join_code(address, port)}")
    print(f"Friends join with: tabula join {address}:{port}"
          + ("   (spectators: tabula join ... --spectate)" if host.spectators else ""))
    if host.persist_error:
        sys.stderr.write(f"tabula: {host.persist_error}: the match plays on, but a host "
                         "that stops cannot resume it.\n")
        print("Ctrl-C stops the host (this match cannot be saved).", flush=True)
    else:
        print("Ctrl-C stops the host; the match is saved and hosting again resumes it.",
              flush=True)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(host.stop()))
        except (NotImplementedError, RuntimeError):  # not the main thread, or Windows
            pass
    await host.serve_until_stopped()
    return EXIT_OK


def join_player(address: str, *, token: str | None = None, role: str = "player",
                timeout: float = 10.0,
                notify: Callable[[str], None] | None = None) -> NetClient:
    """Connect to `address` (host:port) and join: a free seat first; when every seat is taken,
    the token this machine saved for that host rejoins its seat (a restarted client), so two
    clients of one machine get two seats. JoinError with the host's reason otherwise.
    `notify` gets what the player should know on the way (a token file moved aside, a token
    that could not be kept); without it, stderr."""
    tell = notify or (lambda line: sys.stderr.write(f"tabula: {line}\n"))
    host, port = parse_address(address)
    address = f"{host}:{port}"
    url = ws_url(host, port)
    saved = None
    if role != "spectator":
        saved, notice = joined.token_for(address)
        if notice:
            tell(notice)
    attempts = [token] if token else [None] + ([saved] if saved else [])
    for n, attempt in enumerate(attempts):
        client = NetClient(url, token=attempt, role=role)
        try:
            client.start(timeout)
        except JoinError:
            if n == len(attempts) - 1:
                raise
            continue
        if role == "player" and client.token:
            problem = joined.remember(address, client.token, client.mode, client.seat)
            if problem:
                tell(problem)
        return client
    raise JoinError(f"cannot join {address}")  # pragma: no cover - attempts is never empty


def cmd_join(args: Any) -> int:
    try:
        host, port = parse_address(args.address)
    except AddressError as exc:
        return _fail(str(exc), EXIT_USAGE)
    if args.cpu is None and not args.spectate:
        if getattr(args, "headless", False):
            return _fail("a headless join needs --cpu LEVEL (a CPU plays your seat) or "
                         "--spectate", EXIT_USAGE)
        from game.cli import run_window

        address = f"{host}:{port}"
        return run_window(first=lambda app: _window_view("open_join", app, address))
    address = f"{host}:{port}"
    if args.out:  # checked before playing, as simulate and solve do: the record is not lost
        from game.cli import _unwritable

        problem = _unwritable(Path(args.out))
        if problem:
            return _fail(f"--out {args.out}: {problem}", EXIT_USAGE)
    role = "spectator" if args.spectate else "player"
    try:
        client = join_player(address, token=args.token, role=role)
    except JoinError as exc:
        return _fail(str(exc), EXIT_USAGE)
    assert client is not None
    try:
        if args.spectate:
            record = _watch(client)
        else:
            print(f"Joined {client.mode} as seat {client.seat}", flush=True)
            record = _play(client, args)
            if record is None:
                return EXIT_USAGE
    finally:
        client.close()
    if args.out:
        try:
            atomic_write_text(args.out, json_text(record, indent=1) + "\n")
        except OSError as exc:  # the folder went away meanwhile: say so, print the result
            _fail(f"--out {args.out}: cannot write: {exc.strerror or exc}", EXIT_BAD)
            print(json.dumps({"result": _result(client)}), flush=True)
            return EXIT_BAD
    print(json.dumps({"result": _result(client)}), flush=True)
    return EXIT_OK


def _result(client: NetClient) -> Any:
    return (client.view or {}).get("result")


def _play(client: NetClient, args: Any) -> dict[str, Any] | None:
    from game.net.cpu import NetCpuError, play_seat

    spec = get_mode(client.mode or "")
    level = spec.canonical_level(args.cpu) if spec else None
    if level is None:
        levels = ", ".join(spec.cpu_levels) if spec else "none"
        _fail(f"unknown CPU level {args.cpu!r} ({levels})", EXIT_USAGE)
        return None
    try:
        return play_seat(client, level, cpu_seed=args.cpu_seed, timeout=24 * 3600)
    except NetCpuError as exc:
        _fail(str(exc), EXIT_USAGE)
        return None


def _watch(client: NetClient) -> dict[str, Any]:
    for step in client.history:
        print(json.dumps(step), flush=True)
    while True:
        message = client.next_message(timeout=24 * 3600)
        if message["type"] == "update" and message["step"] is not None:
            print(json.dumps(message["step"]), flush=True)
        elif message["type"] == "end":
            return message["record"]
