"""The mode registration (spec crawl.md sections 1, 4.12 and 7; DESIGN.md section 3)."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

from game.engine.modes import BUILTIN_MODE_MODULES, get_mode, mode_ids
from game.engine.rng import ai_stream
from game.systems.crawl.mode import CrawlRules, check_options

from .helpers import deal_match

PACKAGE = Path(__file__).resolve().parents[2] / "game" / "systems" / "crawl"


def test_registered_from_the_builtin_module():
    assert "game.systems.crawl.mode" in BUILTIN_MODE_MODULES
    spec = get_mode("crawl")
    assert spec is not None and "crawl" in mode_ids()
    assert (spec.title, spec.rules_version, spec.seats) == ("Card Crawl", "1", 1)
    assert spec.cpu_levels == ("easy", "normal", "hard") and spec.default_level == "normal"
    assert spec.default_options == {"variant": "normal"}
    assert spec.scene_entry == "game.scenes.crawl.start:open_crawl"
    assert spec.shot_entry == "game.scenes.crawl.play:shot_view"
    assert callable(spec.bench) and spec.description
    assert spec.summarize({"won": True, "score": 62, "reason": "cleared"}) == {"score": 62}


def test_rules_class():
    assert CrawlRules.forceable_streams == frozenset({"dungeon"})
    assert dict(CrawlRules.verbs) == {"move": {"play"}, "rebuy": {"play"},
                                      "random_attack": {"play"}, "choose_abilities": {"pick"}}


def test_check_options():
    assert check_options({}, 1) is None
    assert check_options({"variant": "constructed"}, 1) is None
    assert check_options({"variant": "daily", "date": "2025-03-14"}, 20250314) is None
    assert "variant" in check_options({"variant": 3}, 1)
    assert "date" in check_options({"variant": "daily", "date": "2025-13-01"}, 1)


def test_make_cpu_imports_the_ai_lazily(monkeypatch):
    seen = {}

    def fake_make_cpu(level, seat, stream, resources):
        seen.update(level=level, seat=seat, stream=stream.name)
        return "cpu"

    monkeypatch.setitem(sys.modules, "game.ai.crawl",
                        types.SimpleNamespace(make_cpu=fake_make_cpu))
    spec = get_mode("crawl")
    assert spec.make_cpu("hard", 0, ai_stream(5, 0), None) == "cpu"
    assert seen == {"level": "hard", "seat": 0, "stream": "ai.0"}


def test_rules_never_import_arcade():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("arcade", "pyglet", "game.scenes")), (path, name)


def test_no_entity_is_created_after_the_deal():
    match = deal_match(6)
    with match.active():
        from game.engine import ecs

        first = ecs.next_entity_id()
    while match.result is None:
        match.submit(match.legal_decisions(0)[-1 if match.turn % 3 else 0])
    with match.active():
        assert ecs.next_entity_id() == first
