"""`tabula host` / `tabula join` (issue 15): two `join --cpu` clients play a hosted match to
the end and save a record that replays; usage errors exit 64 with a message; join codes."""

from __future__ import annotations

import threading

import pytest

from game.cli import run
from game.engine.record import load_record, replay
from game.net.address import AddressError, join_code, parse_address, read_code
from game.net.commands import make_host, session_path
from tests.net.support import hosted, local_game


@pytest.mark.slow
def test_two_join_cpu_clients_play_to_the_end_and_save_the_record(tmp_path, capsys):
    record, _ = local_game("strike", 5)
    with hosted(record) as thread:
        address = f"127.0.0.1:{thread.host.port}"
        codes: dict[int, int] = {}
        outs = [tmp_path / "seat-a.json", tmp_path / "seat-b.json"]
        workers = [threading.Thread(target=lambda n=n: codes.setdefault(n, run(
            ["join", address, "--cpu", "easy", "--out", str(outs[n])]))) for n in (0, 1)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
        assert codes == {0: 0, 1: 0}
        host_record = thread.host.current_record()
    assert load_record(outs[0]) == load_record(outs[1]) == host_record
    assert replay(host_record).match.result is not None
    out = capsys.readouterr().out
    assert "Joined strike as seat 0" in out and "Joined strike as seat 1" in out


@pytest.mark.parametrize("argv,words", [
    (["join", "nohost:99999", "--cpu", "easy"], "port must be a number from 1 to 65535"),
    (["join", "127.0.0.1:9", "--headless"], "a headless join needs --cpu LEVEL"),
    (["join", "ZZZZZ-ZZZZZ", "--spectate"], "not a join code"),
    (["host", "chess"], "unknown mode 'chess'"),
    (["host", "crawl"], "crawl has one seat"),
])
def test_usage_errors_exit_64_with_the_reason(argv, words, capsys):
    assert run(argv) == 64
    assert words in capsys.readouterr().err


def test_join_refused_by_a_host_that_is_not_there_exits_64(capsys):
    assert run(["join", "127.0.0.1:9", "--cpu", "easy"]) == 64
    assert "cannot reach ws://127.0.0.1:9" in capsys.readouterr().err


def test_join_codes_carry_the_address_and_port():
    code = join_code("192.168.1.20", 47615)
    assert code == "60N00-H9EFZ"
    assert read_code(code) == ("192.168.1.20", 47615)
    assert read_code(code.lower().replace("0", "o")) == ("192.168.1.20", 47615)
    assert parse_address(code) == ("192.168.1.20", 47615)
    assert parse_address("example.org") == ("example.org", 47615)
    assert parse_address("[::1]:5000") == ("::1", 5000)
    with pytest.raises(AddressError):
        parse_address("")


def test_hosting_again_resumes_the_saved_unfinished_match():
    record, decisions = local_game("conquest", 7)
    first = make_host("conquest", 3, False, False)
    first.save_session()
    assert session_path("conquest").exists()
    again = make_host("conquest", None, True, False)
    assert again.tokens == first.tokens and again.match.seed == 3 and again.spectators
    fresh = make_host("conquest", None, False, True)
    assert fresh.tokens != first.tokens


@pytest.mark.slow
def test_the_bench_times_one_round_trip_per_decision_of_a_real_host(monkeypatch):
    from game.net import bench

    result = bench.measure(limit=20)  # a `tabula host --headless` process, its session file
    assert len(result.samples) == 20 and all(s > 0 for s in result.samples)
    assert result.host_cpu_ms is None or result.host_cpu_ms > 0
    from game.paths import user_data_dir

    assert (user_data_dir() / "net" / "host-conquest.json").exists()
    monkeypatch.setattr(bench, "measure", lambda: bench.Measure([1.0] * 19 + [30.0], 0.5))
    rows = [r.as_json() for r in bench.bench_rows()]
    assert rows == [{"name": "net.round_trip_ms.median", "value": 1.0, "unit": "ms"},
                    {"name": "net.round_trip_ms.p95", "value": rows[1]["value"], "unit": "ms"},
                    {"name": "net.host_cpu_ms_per_decision", "value": 0.5, "unit": "ms"}]
    assert 1.0 < rows[1]["value"] <= 30.0


def test_host_and_join_without_headless_flags_open_the_game_window(monkeypatch):
    """`tabula host MODE` and `tabula join ADDRESS` (no --cpu, --spectate or --headless)
    open the window on the Network screen, hosting or joining at once."""
    import game.cli

    opened = []
    monkeypatch.setattr(game.cli, "run_window", lambda *a, first=None, **k: opened.append(
        first) or 0)
    assert run(["host", "strike", "--port", "0", "--seed", "4"]) == 0
    assert run(["join", "127.0.0.1:9"]) == 0
    calls = []

    def fake(name, app, *args, **kwargs):
        calls.append((name, args, kwargs))

    monkeypatch.setattr("game.net.commands._window_view", fake)
    for first in opened:
        first("app")
    assert calls == [("open_host", ("strike",), {"port": 0, "seed": 4, "new": False,
                                                 "bind": "0.0.0.0", "rules": None}),
                     ("open_join", ("127.0.0.1:9",), {})]
