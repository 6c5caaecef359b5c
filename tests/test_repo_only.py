"""The tests read only files of this repository: no test may name a path outside it.

The rule specs once were read from an absolute path outside the repository, and the tests that
used them skipped silently wherever that path was absent (every fresh clone). What they check now
lives in the repository (tests/scenarios/, tests/<mode>/data/, written by the extract scripts of
tests/spec_extract.py). This scan keeps it so: a file under tests/ that names the shared specs
folder, a home folder or this checkout's own absolute location fails here, with file and line.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SKIPPED_DIRS = {"__pycache__", ".pytest_cache", ".hypothesis"}
# Split so this file can be scanned too.
OUTSIDE = ("/" + "work/", "shared" + "/specs", "/" + "home/", "/" + "Users/", "~" + "/",
           "C:" + "\\")


def _forbidden() -> tuple[str, ...]:
    """The fixed outside roots, plus this checkout's absolute path (tests find it from
    `__file__`, never by name)."""
    return (*OUTSIDE, ROOT.as_posix() + "/")


def _scanned_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*")
                  if path.is_file() and not SKIPPED_DIRS & set(path.relative_to(ROOT).parts))


def outside_lines(text: str) -> list[int]:
    """The numbers of the lines of `text` that name a path outside the repository."""
    return [number for number, line in enumerate(text.splitlines(), start=1)
            if any(word in line for word in _forbidden())]


def test_no_file_under_tests_names_a_path_outside_the_repository():
    files = _scanned_files()
    assert len(files) > 200  # the scan sees the whole tree (records, data, modules)
    found = []
    for path in files:
        lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
        found += [f"{path.relative_to(ROOT).as_posix()}:{n}: {lines[n - 1].strip()}"
                  for n in outside_lines("\n".join(lines))]
    assert found == []


def test_the_scan_finds_each_kind_of_outside_path():
    """The scan is not vacuous: each forbidden form is found, a JSON state path is not."""
    lines = [f'SPEC = Path("{word}x.md")' for word in _forbidden()]
    text = "\n".join(['at_path(state, "/board/units/0/hp")', *lines, "ROOT / 'docs'"])
    assert outside_lines(text) == list(range(2, len(lines) + 2))
