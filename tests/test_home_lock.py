"""One process owns a home's saves at a time (game.home_lock, docs/saves.md): a second one is
told the owner's pid, and a lock left by a killed process is stale and taken over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game import home_lock

REPO = Path(__file__).resolve().parent.parent
HOLD = ("import sys; from game import home_lock; c = home_lock.claim(); "
        "print(c.owned, flush=True); sys.stdin.read()")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9 and fork are POSIX")


def holder(tabula_home: Path) -> subprocess.Popen:
    """Another process that claims the home and holds it until its stdin closes."""
    env = {**os.environ, "TABULA_HOME": str(tabula_home)}
    proc = subprocess.Popen([sys.executable, "-c", HOLD], cwd=REPO, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdout.readline().strip() == "True"
    return proc


@pytest.fixture(autouse=True)
def _let_go():
    yield
    home_lock.release()


def test_the_first_process_owns_the_home_and_writes_its_pid():
    assert home_lock.claim().owned
    assert home_lock.claim().owned, "claiming again keeps it"
    assert home_lock.lock_path().read_text() == f"{os.getpid()}\n"


def test_a_second_process_is_told_the_owner_and_gets_it_once_the_owner_quits(tabula_home):
    proc = holder(tabula_home)
    try:
        claim = home_lock.claim()
        assert (claim.owned, claim.owner_pid) == (False, proc.pid)
        assert f"pid {proc.pid}" in claim.owner_words()
    finally:
        proc.stdin.close()
        proc.wait(10)
    assert home_lock.claim().owned


def test_a_lock_left_by_a_killed_process_is_stale_and_taken_over(tabula_home):
    proc = holder(tabula_home)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert home_lock.lock_path().read_text() == f"{proc.pid}\n", "the dead owner's file stays"
    assert home_lock.claim().owned
    assert home_lock.lock_path().read_text() == f"{os.getpid()}\n"


def test_a_home_that_cannot_hold_a_lock_is_no_reason_to_refuse(tabula_home):
    tabula_home.parent.mkdir(parents=True, exist_ok=True)
    tabula_home.write_text("a file, not a folder")
    claim = home_lock.claim()
    assert claim.owned and claim.problem


def test_a_process_owns_one_home_at_a_time(tabula_home, tmp_path, monkeypatch):
    assert home_lock.claim().owned
    first = home_lock.lock_path()
    monkeypatch.setenv("TABULA_HOME", str(tmp_path / "other"))
    assert home_lock.claim().owned
    monkeypatch.setenv("TABULA_HOME", str(tabula_home))
    proc = holder(tabula_home)  # the first home was let go when the second was claimed
    proc.stdin.close()
    proc.wait(10)
    assert first.exists()
