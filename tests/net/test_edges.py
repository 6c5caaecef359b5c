"""Trust at the edges of network play (issues 26 and 27): the joiner's token file read strictly
(a bad one moved aside with a notice, never a traceback), `join --out` checked before playing,
and join addresses parsed strictly (a malformed one is a message and exit 64 at once)."""

from __future__ import annotations

import json
import threading
import time

import pytest

from game.cli import run
from game.net import joined
from game.net.address import AddressError, parse_address
from game.net.commands import join_player
from tests.net.support import hosted, local_game

pytestmark = pytest.mark.network


BAD_TOKEN_FILES = [
    ('{"127.0.0.1:9": "x"}', "127.0.0.1:9: Input should be a valid dictionary"),
    ("[]", "Input should be a valid dictionary"),
    ('{"h:1": {"token": 5}}', "h:1.token: Input should be a valid string"),
    ('{"h:1": {"token": "t", "admin": true}}', "h:1.admin: Extra inputs are not permitted"),
    ('{"h:1": {"token": ""}}', "h:1.token: String should have at least 1 character"),
    ('{"h:1": {"token": "t", "seat": "0"}}', "h:1.seat: Input should be a valid integer"),
    ('{"h:1": {"token": "t", "seat": NaN}}', "NaN is not a JSON number"),
    ("{not json", "not valid JSON"),
]


@pytest.mark.parametrize("text,problem", BAD_TOKEN_FILES)
def test_a_token_file_of_the_wrong_shape_is_moved_aside_with_a_notice(text, problem):
    path = joined.joined_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    seats, notice = joined.load()
    assert seats == {}
    assert notice is not None and problem in notice and "kept as joined.json.bak" in notice
    assert not path.exists() and path.with_name("joined.json.bak").read_text() == text
    assert joined.load() == ({}, None)  # said once: the next read finds no file


def test_a_token_file_past_its_bound_or_not_a_file_is_refused_by_name():
    path = joined.joined_path()
    path.parent.mkdir(parents=True)
    path.write_text(" " * (joined.MAX_BYTES + 1))
    assert "bytes is more than" in joined.load()[1]
    path.mkdir()  # a folder where the file should be
    assert "not a regular file" in joined.load()[1]


def test_tokens_are_kept_by_address_the_last_one_last_and_bounded():
    for n in range(joined.MAX_HOSTS + 3):
        assert joined.remember(f"10.0.0.{n}:47615", f"tok{n}", "strike", n % 2) is None
    joined.remember("10.0.0.5:47615", "again", "conquest", 1)
    seats, notice = joined.load()
    assert notice is None and len(seats) == joined.MAX_HOSTS
    assert "10.0.0.0:47615" not in seats  # the oldest are forgotten
    assert joined.last_address() == ("10.0.0.5:47615", None)
    assert joined.token_for("10.0.0.5:47615") == ("again", None)
    assert json.loads(joined.joined_path().read_text())["10.0.0.5:47615"] == {
        "token": "again", "mode": "conquest", "seat": 1}


def test_a_join_with_a_bad_token_file_plays_on_and_says_so(capsys):
    """The file of issue 26 (`{"127.0.0.1:9": "x"}`) was an AttributeError traceback."""
    path = joined.joined_path()
    path.parent.mkdir(parents=True)
    record, _ = local_game("strike", 5)
    with hosted(record) as thread:
        path.write_text(json.dumps({f"127.0.0.1:{thread.host.port}": "x"}))
        client = join_player(f"127.0.0.1:{thread.host.port}")
        try:
            assert client.seat == 0
        finally:
            client.close()
    err = capsys.readouterr().err
    assert "is not a file of seat tokens" in err and "joined.json.bak" in err
    assert joined.token_for(f"127.0.0.1:{thread.host.port}")[0] == client.token


@pytest.mark.parametrize("out", ["parent-is-a-file/final.json", "missing-folder/final.json", "."])
def test_join_out_is_checked_before_playing(tmp_path, capsys, out):
    (tmp_path / "parent-is-a-file").write_text("x")
    record, _ = local_game("strike", 5)
    with hosted(record) as thread:
        codes: list[int] = []  # a thread: before the fix the join played (and waited) on
        worker = threading.Thread(target=lambda: codes.append(run(
            ["join", f"127.0.0.1:{thread.host.port}", "--cpu", "easy",
             "--out", str(tmp_path / out)])), daemon=True)
        worker.start()
        worker.join(5)
        assert codes == [64]
        assert thread.host.claimed == [False, False]  # no seat was even taken
        assert thread.host.match.decisions == []
    assert f"--out {tmp_path / out}: " in capsys.readouterr().err


MALFORMED = ["127.0.0.1:9127.0.0.1:47615", "1:2:3", "a b", "host:", "[::1", "[::1]x",
             "[nope]:5", "999.1.1.1", "x_y:80", "h:+80", "h:٣", "h:0", ":80", "h-:80"]


@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_join_address_exits_64_at_once(text, capsys):
    with pytest.raises(AddressError):
        parse_address(text)
    start = time.monotonic()
    assert run(["join", text, "--cpu", "easy"]) == 64
    assert time.monotonic() - start < 1.0  # a message, not a connection tried for 10 s
    err = capsys.readouterr().err
    assert err.startswith(f"tabula: {text!r}: ") and "Traceback" not in err


@pytest.mark.parametrize("text,parsed", [
    ("127.0.0.1:9", ("127.0.0.1", 9)), ("example.org", ("example.org", 47615)),
    ("my-pc.local:5000", ("my-pc.local", 5000)), ("[::1]:5000", ("::1", 5000)),
    ("[fe80::1]", ("fe80::1", 47615)), ("::1", ("::1", 47615)),
    ("60N00-H9EFZ", ("192.168.1.20", 47615)), ("  10.0.0.2:80 ", ("10.0.0.2", 80)),
])
def test_well_formed_addresses_parse(text, parsed):
    assert parse_address(text) == parsed
