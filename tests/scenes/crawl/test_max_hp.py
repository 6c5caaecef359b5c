"""A hero with the highest HP a mod may give (rules.toml max_hp = MAX_HP) opens the play view
quickly: the HP counter's texts baked before and after the first frame are a bounded number,
not one per HP value (issue 11: max_hp 1e9 ran the play screen out of memory). The shown value
is baked for the first frame, the others of the window in idle frames (issue 14)."""

from __future__ import annotations

import time

from game import paths
from game.scenes.crawl import card_text
from game.scenes.crawl.play import HP_TEXTS_BAKED
from game.systems.crawl.content import MAX_HP


def _install_max_hp_mod() -> None:
    folder = paths.mods_dir() / "tough" / "crawl"
    folder.mkdir(parents=True)
    (folder / "rules.toml").write_text(f"max_hp = {MAX_HP}\n", encoding="utf-8")


def _hp_texts() -> set[str]:
    return {spec[0] for spec in card_text._baked if spec[0].endswith(f" / {MAX_HP}")}


def test_a_hero_with_the_max_allowed_hp_opens_the_play_view_quickly(window, play):
    _install_max_hp_mod()
    start = time.perf_counter()
    view = play(None)
    seconds = time.perf_counter() - start
    assert view.max_hp == MAX_HP and view.hp_text.text == f"{MAX_HP} / {MAX_HP}"
    assert f"{MAX_HP} / {MAX_HP}" in _hp_texts()  # the first frame's
    while view.background_work:  # the idle frames'
        view._warm_some()
    baked = _hp_texts()
    assert len(baked) == HP_TEXTS_BAKED
    assert f"{MAX_HP} / {MAX_HP}" in baked and f"{MAX_HP - HP_TEXTS_BAKED} / {MAX_HP}" not in baked
    assert seconds < 10
    # a value below the baked window is baked when first shown
    view._set_hp_text(3)
    assert view.hp_text.text == f"3 / {MAX_HP}" and len(_hp_texts()) == HP_TEXTS_BAKED + 1
