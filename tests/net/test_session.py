"""A host's session on disk (issues 26 and 27): one line appended per decision (the snapshot is
not rewritten), a crash image (snapshot + log) resumes every decision, a torn last line is
dropped; a session that cannot be written is said at start and the match plays on; a write
that fails never half-applies a decision; SIGTERM always stops the host."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.net import session as session_module
from game.net.client import NetClient
from game.net.host import Host, HostThread, SessionError
from game.net.session import SessionLog, SessionWriteError, log_path
from tests.net.support import FAST, feed, hosted, joined, local_game, shown_counts, url

pytestmark = pytest.mark.network
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_each_decision_appends_one_line_and_a_crash_image_resumes_them_all(tmp_path):
    record, decisions = local_game("conquest", 7)
    counts = shown_counts(record, decisions)
    path = tmp_path / "host-conquest.json"
    with hosted(record, session_path=path) as thread, joined(thread, None, None) as clients:
        snapshot = path.read_text()
        feed(clients, decisions, counts, 0, 12)
        clients[0].sync()
        assert path.read_text() == snapshot  # never rewritten while the match is played
        lines = [json.loads(x) for x in log_path(path).read_text().splitlines()]
        assert [x for x in lines if "claimed" in x] == [{"claimed": [True, False]},
                                                        {"claimed": [True, True]}]
        assert [x for x in lines if "n" in x] == [{"n": n, "decision": decisions[n]}
                                                  for n in range(12)]
        crashed = Host.from_session(path)  # what a killed host leaves: snapshot + log
        assert crashed.match.decisions == decisions[:12]
        assert crashed.claimed == [True, True] and crashed.tokens == thread.host.tokens
        crashed.match.close()
    # stopped: the log is folded into the snapshot and emptied
    saved = json.loads(path.read_text())
    assert saved["record"]["decisions"] == decisions[:12] and saved["claimed"] == [True, True]
    assert log_path(path).read_text() == ""


def test_a_torn_last_line_is_dropped_and_a_gap_is_refused(tmp_path):
    record, decisions = local_game("conquest", 7)
    path = tmp_path / "s.json"
    host = Host(record, session_path=path)
    host.open_session()
    for n in range(3):
        host._append({"n": n, "decision": decisions[n]})
    host.store.close()
    with open(log_path(path), "a") as handle:
        handle.write('{"n": 3, "decis')  # a write cut by a power loss
    again = Host.from_session(path)
    assert again.match.decisions == decisions[:3]
    again.match.close()
    log_path(path).write_text(json.dumps({"n": 5, "decision": decisions[5]}) + "\n")
    with pytest.raises(SessionError, match=r"s.json.log:1: n: decision 5 follows decision -1"):
        Host.from_session(path)
    host.match.close()


def test_a_session_that_cannot_be_written_is_said_and_the_match_plays_on(tmp_path):
    """A home where the session cannot be written: each hello used to claim a seat and get a
    1011 close and no token, and stopping the host raised."""
    (tmp_path / "net").write_text("a file where the folder should be")
    record, decisions = local_game("conquest", 7)
    thread = HostThread(Host(record, session_path=tmp_path / "net" / "host-conquest.json",
                             rate=FAST))
    thread.start()
    try:
        assert thread.host.persist_error.startswith("cannot save the match in ")
        a, b = NetClient(url(thread)), NetClient(url(thread))
        a.start(timeout=3)
        b.start(timeout=3)
        assert (a.seat, b.seat) == (0, 1) and a.token and b.token
        feed([a, b], decisions, shown_counts(record, decisions), 0, 6)
        assert thread.host.match.decisions == decisions[:6]
        a.close()
        b.close()
    finally:
        thread.stop()  # stops, though nothing can be saved
    assert not thread._thread.is_alive()


def test_a_write_that_fails_undoes_the_decision_and_says_so(tmp_path, monkeypatch):
    record, decisions = local_game("conquest", 7)
    counts = shown_counts(record, decisions)
    path = tmp_path / "host-conquest.json"
    with hosted(record, session_path=path) as thread, joined(thread, None, None) as clients:
        feed(clients, decisions, counts, 0, 5)
        state = thread.host.match.state_json()
        real = SessionLog.append

        def full(self, entry):
            raise SessionWriteError(f"{self.log_path}: cannot write: No space left on device")

        monkeypatch.setattr(SessionLog, "append", full)
        seat = decisions[5]["seat"]
        client, other = clients[seat], clients[1 - seat]
        other.sync()
        other_index, answers = other.index, client.answers
        client.submit(decisions[5])
        client.wait(lambda c: c.answers > answers)
        assert client.rejections[-1]["error"] == "host_cannot_save"
        assert "cannot save the match" in client.rejections[-1]["message"]
        assert thread.host.match.state_json() == state  # nothing half-applied
        other.sync()
        assert other.index == other_index  # nobody was told of it
        monkeypatch.setattr(SessionLog, "append", real)  # room again: the same decision
        feed(clients, decisions, counts, 5, 8)
        assert thread.host.match.decisions == decisions[:8]
    again = Host.from_session(path)
    assert again.match.decisions == decisions[:8]
    again.match.close()


def test_the_partial_line_of_a_full_disk_is_cut_back(tmp_path, monkeypatch):
    store = SessionLog(tmp_path / "s.json")
    store.snapshot({"kind": "x"})
    store.append({"n": 0, "decision": {"seat": 0}})
    monkeypatch.setattr(session_module.os, "write", lambda fd, data: len(data) // 2)
    with pytest.raises(SessionWriteError, match="No space left"):
        store.append({"n": 1, "decision": {"seat": 1}})
    monkeypatch.undo()
    store.close()
    assert log_path(tmp_path / "s.json").read_text() == '{"n":0,"decision":{"seat":0}}\n'


@pytest.mark.slow
def test_sigterm_stops_a_headless_host_that_cannot_save(tmp_path):
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "data" / "net").write_text("not a folder")
    env = {**os.environ, "TABULA_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-m", "game", "host", "conquest", "--headless",
                             "--port", "0", "--bind", "127.0.0.1", "--new"], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("Hosting conquest at 127.0.0.1:"), line
        port = int(line.split(":")[1].split()[0])
        client = NetClient(f"ws://127.0.0.1:{port}", reconnect=False)
        client.start(timeout=5)
        assert client.seat == 0 and client.token
        client.close()
        proc.send_signal(signal.SIGTERM)
        start = time.monotonic()
        assert proc.wait(timeout=10) == 0
        assert time.monotonic() - start < 5
        assert "cannot save the match in " in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
