"""The extract scripts (developer tools that turn a rule spec into committed test data) need the
spec's path on the command line, check without writing, and rewrite exactly their own files."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

from tests.spec_extract import json_block, run, table_rows

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("mode", ["conquest", "crawl", "kingdom", "strike"])
def test_an_extract_script_without_a_spec_path_is_a_usage_error(mode, capsys, monkeypatch):
    """`python -m tests.<mode>.extract_scenarios` with no argument, run in this process."""
    monkeypatch.setattr(sys, "argv", ["extract_scenarios.py"])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module(f"tests.{mode}.extract_scenarios", run_name="__main__")
    assert stopped.value.code == 2
    assert "the following arguments are required: spec" in capsys.readouterr().err


def test_check_writes_nothing_and_a_run_rewrites_and_prunes(tmp_path, capsys):
    spec = tmp_path / "mode.md"
    spec.write_text("| a | b |\n|---|---|\n| `x` | 1 |\n\nText.\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.json").write_text("{}\n", encoding="utf-8")
    (out / "keep.md").write_text("not JSON\n", encoding="utf-8")

    def outputs(text: str) -> dict[Path, str]:
        return {out / "rows.json": f"{table_rows(text, '| a |')}\n"}

    assert run("Doc.", outputs, [str(spec), "--check"]) == 1
    assert not (out / "rows.json").exists() and (out / "old.json").exists()
    assert "differs from the spec: " in capsys.readouterr().out
    assert run("Doc.", outputs, [str(spec)]) == 0
    assert (out / "rows.json").read_text(encoding="utf-8") == "[['x', '1']]\n"
    assert not (out / "old.json").exists() and (out / "keep.md").exists()
    assert run("Doc.", outputs, [str(spec), "--check"]) == 0
    with pytest.raises(SystemExit) as missing:
        run("Doc.", outputs, [str(tmp_path / "absent.md")])
    assert missing.value.code == 2


def test_tables_and_blocks_are_read_as_printed():
    text = ("| id | n |\n|---|---|\n| `a` | 1 |\n\n| id | n |\n|---|---|\n| b | 2 |\n\n"
            "### Example\n\n```json\n{\"k\": [1]}\n```\n")
    assert table_rows(text, "| id |") == [["a", "1"]]
    assert table_rows(text, "| id |", every=True) == [["a", "1"], ["b", "2"]]
    assert json_block(text, "### Example") == '{"k": [1]}\n'
