"""The README and docs/ cite only files that are in the repository.

They once pointed readers at the rule specs and design notes (`specs/<mode>.md`, "spec
kingdom.md", `DESIGN.md`, "NOTES 3.2"), which are not part of the repository. Every path-like citation (`*.md`, and paths
under docs/, specs/, game/, tests/, resources/, scripts/, .ci/) must name a file or folder that
exists, from the repository root or from the citing document's folder; a path with a
placeholder (`docs/<mode>.md`, `resources/<mode>/*.toml`) is a pattern, not a citation.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CITATION = re.compile(r"(?<![\w/.<>-])((?:\.ci|docs|specs|game|tests|resources|scripts)/[\w./-]*\w"
                      r"|[\w.-]+\.md\b)(?![<*{])")
# The engineers' design notes and the rule specs, kept outside the repository, cited by name
# ("NOTES 3.2", "spec `crawl.md` section 8": that file name reads as docs/crawl.md, which it is not).
OUTSIDE_DOC = re.compile(r"\b(?:DESIGN|NOTES|STYLE|ECS)\b|\bspec `?[\w-]+\.md")


def missing_citations(text: str, folder: Path) -> list[str]:
    """Each citation in `text` that names nothing in the repository, as `line: citation`."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in CITATION.finditer(line):
            cited = match.group(1)
            if not ((ROOT / cited).exists() or (folder / cited).exists()):
                found.append(f"{number}: {cited}")
        found += [f"{number}: {m.group(0)}" for m in OUTSIDE_DOC.finditer(line)]
    return found


def test_the_docs_are_all_scanned():
    names = {path.name for path in DOCS}
    assert {"README.md", "architecture.md", "modding.md", "crawl.md", "strike.md",
            "kingdom.md", "conquest.md"} <= names


def test_every_citation_in_the_docs_names_a_repository_file():
    found = [f"{doc.relative_to(ROOT).as_posix()}:{hit}" for doc in DOCS
             for hit in missing_citations(doc.read_text(encoding="utf-8"), doc.parent)]
    assert found == []


def test_no_game_module_cites_the_outside_design_notes():
    """Docstrings and comments under game/ cite docs/ (architecture.md, modding.md), never the
    design notes that are not in the repository."""
    found = [f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}"
             for path in sorted((ROOT / "game").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\b(?:DESIGN|NOTES|STYLE\.md|ECS\.md)\b", line)]
    assert found == []


def test_the_check_flags_missing_files_and_outside_notes_only():
    text = "\n".join([
        "The rules are `specs/strike.md`; see `DESIGN.md` and NOTES 3.2.",
        "Read `docs/crawl.md`, `crawl-screens.md`, `game/cli.py` and `tests/scenarios/`.",
        "A mod is `resources/<mode>/<file>.toml`; each mode has `docs/<mode>.md`.",
        "Gone: `docs/missing.md` and `game/engine/nothing.py`.",
        "The screens (spec `crawl.md` section 8, spec kingdom.md 8.2; spec section 8 is fine).",
    ])
    assert missing_citations(text, ROOT / "docs") == [
        "1: specs/strike.md", "1: DESIGN.md", "1: DESIGN", "1: NOTES",
        "4: docs/missing.md", "4: game/engine/nothing.py",
        "5: spec `crawl.md", "5: spec kingdom.md"]
