"""The command line run in the test's own process, for tests that are about what a command
says and returns, not about a process (the entry point, signals, packaging and the network keep
real interpreters: tests/test_entry_point.py, test_packaging.py, scenes/test_saves.py, net/).

A fresh `python -m game` costs about a second of imports; this costs the command alone.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from game import cli


@contextlib.contextmanager
def _environment(cwd: Path | None, env: Mapping[str, str] | None) -> Iterator[None]:
    old_cwd, old_env = Path.cwd(), dict(os.environ)
    try:
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        os.chdir(old_cwd)
        os.environ.clear()
        os.environ.update(old_env)


def run_cli(argv: Sequence[str], *, cwd: Path | None = None,
            env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`tabula ARGV` as a player's console would run it, with its exit code and both streams.

    The streams are strict UTF-8 (a string that is not valid Unicode raises there, where a
    StringIO would take it). `--mods` and loaded content are process-wide: they are put back
    as they were, so the next test sees the base content.
    """
    from game.engine.resources import clear_resource_cache, extra_mod_dirs, set_extra_mod_dirs

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    mod_dirs = extra_mod_dirs()
    try:
        with _environment(cwd, env), contextlib.redirect_stdout(out), \
                contextlib.redirect_stderr(err):
            code = cli.run(list(argv))
    finally:
        if extra_mod_dirs() != mod_dirs:
            set_extra_mod_dirs(mod_dirs)
            clear_resource_cache()
    return subprocess.CompletedProcess(
        ["tabula", *argv], code,
        out.buffer.getvalue().decode(), err.buffer.getvalue().decode())  # type: ignore[attr-defined]
