"""Mods (spec crawl.md section 3.3, DESIGN.md section 4.5): data-only overlays of the crawl TOML.

The example mod of docs/crawl.md (Amplify +4) is read from the docs themselves, so the docs and
this test cannot drift apart.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from game import paths
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.systems.crawl.content import content_of
from tests.cli_helpers import run_cli

from .helpers import accept, board_of, card, deal_match, move, setup_match

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "crawl.md"
SPEC = get_mode("crawl")

NEW_ENEMY = """
[[card]]
id = "e11a"
type = "enemy"
value = 11
name = "Dragon"
art = ":resources:images/enemies/wormGreen.png"
"""

BROKEN = """
[[ability]]
id = "boom"
name = "Boom"
kind = "hero"
effect = "explode"
text = "Everything explodes."
icon = ":resources:images/tiles/bomb.png"
"""


def example_mod() -> tuple[str, str]:
    """(relative path, TOML) of the example mod block in docs/crawl.md."""
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"```toml\n# (mods/\S+)\n(.*?)```", text, re.S)
    assert block is not None, "docs/crawl.md has no example mod block"
    return block.group(1), block.group(2)


def install(name: str, files: dict[str, str]) -> Path:
    folder = paths.mods_dir() / name / "crawl"
    folder.mkdir(parents=True, exist_ok=True)
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder.parent


def install_example() -> None:
    rel, text = example_mod()
    parts = Path(rel).parts  # mods/<name>/crawl/<file>
    install(parts[1], {parts[3]: text})


def test_the_example_mod_changes_amplify_and_is_used_in_a_match():
    install_example()
    resources = load_mode_resources(SPEC)
    assert resources.mods_loaded == ["amplify4"] and not resources.problems
    assert content_of(resources).abilities["amplify"].params.amount == 4
    match = setup_match({"board": [card("e5a", "enemy", 5), card("sp5", "spell", 5), None, None],
                         "left_hand": card("amplify", "ability")})
    accept(match, move("left_hand", "board", ti=1))
    assert board_of(match)["board"][1]["value"] == 9


def test_a_mod_can_add_a_card_to_the_deck():
    install("dragon", {"deck.toml": NEW_ENEMY})
    match = deal_match(2)
    board = board_of(match)
    ids = [c["id"] for c in board["board"]] + [c["id"] for c in board["deck"]]
    assert len(ids) == 55 and "e11a" in ids
    assert match.rules.content.deck_size == 55


def test_a_broken_mod_is_skipped_and_the_base_still_loads():
    install("broken", {"abilities.toml": BROKEN})
    install_example()
    resources = load_mode_resources(SPEC)
    assert resources.mods_loaded == ["amplify4"]
    messages = [str(p) for p in resources.problems]
    assert any("mod 'broken' skipped" in m for m in messages)
    assert any(m.endswith("abilities.toml:ability[0].effect: Value error, unknown effect "
                          "'explode' (registered: add_value, clear_board, create_card, "
                          "lower_value, mark_card, move_to_backpack, remove_wounded, "
                          "return_to_deck, set_hero_flag, shuffle_values, swap_with_top)")
               for m in messages)
    assert "boom" not in content_of(resources).abilities
    assert deal_match(3).state_json()["board"]["deck_count"] == 50


def _validate(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["validate", *args])


@pytest.mark.slow
def test_validate_passes_on_the_base_content():
    proc = _validate()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok  crawl" in proc.stdout


@pytest.mark.parametrize(("files", "where"), [
    ({"abilities.toml": BROKEN}, "abilities.toml:ability[0].effect"),
    ({"deck.toml": NEW_ENEMY.replace("value = 11", "value = -11")}, "deck.toml:card[0].value"),
    ({"rules.toml": "max_hp = \"lots\"\n"}, "rules.toml:max_hp"),
])
def test_validate_reports_file_and_key_of_a_broken_mod(files, where):
    folder = install("bad", files)
    proc = _validate(str(folder))
    assert proc.returncode == 1
    assert where in proc.stdout, proc.stdout


def test_validate_accepts_the_example_mod():
    install_example()
    proc = _validate(str(paths.mods_dir() / "amplify4"))
    assert proc.returncode == 0, proc.stdout


# -- art and icons are read within bounds (issue 26) ------------------------------------------
def _card_with_art(art: str) -> str:
    return NEW_ENEMY.replace('":resources:images/enemies/wormGreen.png"', f'"{art}"')


def _bomb_png(tmp_path: Path, width: int, height: int) -> Path:
    """A PNG of a few kB whose header declares width x height pixels (all one colour)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    row = b"\0" + b"\0" * width  # filter byte + one grey byte per pixel
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    path = tmp_path / f"bomb{width}.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n"
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
                     + chunk(b"IDAT", body) + chunk(b"IEND", b""))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "bomb", "missing", "not_a_picture", "handle"])
def test_card_art_that_cannot_be_shown_within_bounds_is_a_problem_of_its_key(tmp_path, kind):
    """A card's `art` naming a FIFO hung `tabula shot`, and a 20 kB PNG of 13000 x 13000
    pixels took 1.7 GB: validation now names the file and key, and the mod is skipped."""
    import os

    art = {"fifo": tmp_path / "art.png", "missing": tmp_path / "nope.png",
           "not_a_picture": tmp_path / "text.png"}.get(kind)
    if kind == "fifo":
        os.mkfifo(art)
    elif kind == "bomb":
        art = _bomb_png(tmp_path, 13000, 13000)
        assert art.stat().st_size < 1_000_000  # small: only decoding it is huge
    elif kind == "not_a_picture":
        art.write_text("hello")
    handle = ":other:images/x.png" if kind == "handle" else str(art)
    folder = install("arty", {"deck.toml": _card_with_art(handle)})
    resources = load_mode_resources(SPEC, mods=[folder])
    assert resources.mods_loaded == []
    problems = [p for p in resources.problems if p.key.endswith(".art")]
    assert [(p.file, p.key) for p in problems] == [(str(folder / "crawl" / "deck.toml"),
                                                    "card[49].art")]
    expected = {"fifo": "not a regular file (a FIFO)", "bomb": "13000 x 13000 pixels",
                "missing": "no such file", "not_a_picture": "not a picture",
                "handle": "is not code:<name>"}[kind]
    assert expected in problems[0].problem


def test_card_art_from_a_file_within_bounds_loads_and_paints(tmp_path):
    from game.engine.art import load_art

    art = _bomb_png(tmp_path, 64, 48)
    folder = install("arty", {"deck.toml": _card_with_art(str(art))})
    resources = load_mode_resources(SPEC, mods=[folder])
    assert resources.mods_loaded == ["arty"]
    assert content_of(resources).deck[-1].art == str(art)
    assert load_art(str(art)).size == (64, 48)


@pytest.mark.slow
def test_the_art_painter_never_opens_a_fifo_or_decodes_a_bomb(tmp_path):
    """Art that went bad after validation (the file swapped) paints the question mark."""
    import os

    from game.scenes.crawl import look

    fifo = tmp_path / "late.png"
    os.mkfifo(fifo)
    bomb = _bomb_png(tmp_path, 13000, 13000)
    unknown = look._unknown_art(256)
    for handle in (str(fifo), str(bomb)):
        assert look.art_image(handle).tobytes() == unknown.crop(unknown.getbbox()).tobytes()


def test_an_ability_icon_is_checked_like_card_art(tmp_path):
    import os

    fifo = tmp_path / "icon.png"
    os.mkfifo(fifo)
    fixed = BROKEN.replace('effect = "explode"', 'effect = "set_hero_flag"\nflag = "can_revive"')
    folder = install("icony", {"abilities.toml": fixed.replace(
        '":resources:images/tiles/bomb.png"', f'"{fifo}"')})
    resources = load_mode_resources(SPEC, mods=[folder])
    assert resources.mods_loaded == []
    assert [(p.key, p.problem) for p in resources.problems if p.key.endswith(".icon")] == [
        ("ability[14].icon", f"{str(fifo)!r}: not a regular file (a FIFO)")]  # after the 14
