"""Kingdom frame-time bench rows (DESIGN.md section 3): one row per screen, in ms."""

from __future__ import annotations

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)


@pytest.mark.slow
def test_bench_rows_name_every_screen(window):
    from game.scenes.kingdom.bench import bench_rows

    rows = bench_rows(frames=4)
    assert [r.name for r in rows] == [
        "kingdom.frame_ms.deck_builder.p95",
        "kingdom.frame_ms.match.p95",
        "kingdom.frame_ms.combat.p95",
        "kingdom.frame_ms.end.p95",
    ]
    assert all(r.unit == "ms" and r.value > 0 for r in rows)
