"""Every user file the game reads goes through one bounded reader (game.user_files): a FIFO, a
link to /dev/zero, a file nested 100,000 deep or too large is moved aside with a notice, never
a hang, an out-of-memory or a traceback (issue 26, "User files that hang or crash")."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import paths
from game.replay_files import entries, opened_list_path, read_opened, remember_opened
from game.scenes.crawl.scores import ScoreTable, scores_path
from game.scenes.settings import Settings, settings_path
from game.user_files import MAX_USER_FILE_BYTES, read_user_json

DEEP = "[" * 100_000 + "]" * 100_000


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _deep(path: Path) -> None:
    path.write_text(DEEP, encoding="utf-8")


def _huge(path: Path) -> None:
    with path.open("wb") as handle:  # sparse: nothing is written
        handle.truncate(MAX_USER_FILE_BYTES + 1)


def _deep_object(path: Path) -> None:
    path.write_text('{"a": ' * 100_000 + "1" + "}" * 100_000, encoding="utf-8")


HOSTILE = {"fifo": _fifo, "dev_zero": _zero, "deep_list": _deep, "deep_object": _deep_object,
           "huge": _huge}


def _within(seconds: float, read: Callable[[], Any]) -> Any:
    """`read()` in a thread that must end in time (a FIFO used to block its open for ever)."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = read()
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        # unblock a FIFO's open so the thread can end, then fail
        pytest.fail("reading the file hung")
    if "error" in out:
        raise out["error"]
    return out["value"]


def _plant(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    HOSTILE[kind](path)


def _kept_aside(path: Path) -> None:
    assert not os.path.lexists(path), "the damaged file is moved away"
    assert os.path.lexists(path.with_name(path.name + ".bak")), "and kept, never deleted"


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_settings_file_is_set_aside_and_defaults_used(kind):
    path = settings_path()
    _plant(path, kind)
    settings = _within(20, Settings.load)
    assert settings.model_dump() == Settings().model_dump()
    assert settings.load_error and "corrupt" in settings.load_error
    assert str(path) in settings.load_error and "settings.json.bak" in settings.load_error
    _kept_aside(path)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_score_table_is_set_aside_and_the_table_starts_empty(kind):
    path = scores_path()
    _plant(path, kind)
    table = _within(20, ScoreTable.load)
    assert table.entries == []
    assert table.load_error and "damaged" in table.load_error
    assert "crawl_scores.json.bak" in table.load_error
    _kept_aside(path)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_opened_list_is_set_aside_and_listed_with_its_notice(kind):
    path = opened_list_path()
    _plant(path, kind)
    listed = _within(20, lambda: entries([]))
    assert [(e.path, e.kind) for e in listed] == [(path, "opened")]
    assert listed[0].problem and "damaged" in listed[0].problem
    assert "replays_opened.json.bak" in listed[0].problem
    assert listed[0].load() is None, "the line is never read as a record"
    _kept_aside(path)


def test_remembering_a_replay_over_a_damaged_list_sets_it_aside_and_says_so(tmp_path):
    path = opened_list_path()
    _plant(path, "deep_list")
    record = tmp_path / "r.json"
    record.write_text("{}", encoding="utf-8")
    notice = remember_opened(record)
    assert notice is not None and "replays_opened.json.bak" in notice
    assert read_opened() == ([record.resolve()], None)


def test_an_opened_list_of_something_else_is_damaged_not_a_crash():
    path = opened_list_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"127.0.0.1:9": "x"}), encoding="utf-8")
    listed, notice = read_opened()
    assert listed == [] and notice is not None and "not hold a list" in notice


def test_an_unreadable_home_is_said_and_left_in_place(tabula_home):
    tabula_home.parent.mkdir(parents=True, exist_ok=True)
    tabula_home.write_text("a file, not a folder", encoding="utf-8")
    settings = Settings.load()
    assert settings.load_error and "could not be read" in settings.load_error
    assert tabula_home.read_text(encoding="utf-8") == "a file, not a folder"


def test_the_reader_names_the_schema_fault_and_keeps_the_file():
    path = paths.user_data_dir() / "x.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"entries": 3}', encoding="utf-8")

    def parse(data: Any) -> int:
        raise ValueError("entries: must be a list")

    read = read_user_json(path, parse)
    assert (read.value, read.reason, read.damaged) == (None, "entries: must be a list", True)
    assert read.kept_as == path.with_name("x.json.bak")
    assert read.kept_as.read_text(encoding="utf-8") == '{"entries": 3}'
    assert read_user_json(path, parse).reason is None, "a missing file is the defaults"


def test_the_damaged_file_notices_are_told_in_the_language_shown(tabula_home):
    from game import i18n

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{ not json", encoding="utf-8")
    settings = Settings.load()
    opened = opened_list_path()
    opened.parent.mkdir(parents=True, exist_ok=True)
    opened.write_text(json.dumps({"127.0.0.1:9": "x"}), encoding="utf-8")
    english = settings.load_error
    assert english is not None and english.startswith(f"Settings file {settings_path()} was")
    i18n.set_language("pt_BR")  # as the app applies it before it shows the toast
    told = settings.load_error or ""
    assert told.startswith(f"O arquivo de configurações {settings_path()} estava corrompido (")
    assert told.endswith("(o arquivo antigo foi guardado como settings.json.bak).")
    assert read_opened()[1] == ("A lista de replays abertos estava danificada (the file does not "
                                "hold a list of paths); foi guardada como replays_opened.json.bak "
                                "e começa vazia.")
