"""Registration of the strike mode and its engine wiring."""

from __future__ import annotations

from game.engine.modes import get_mode, mode_ids


def test_registration():
    spec = get_mode("strike")
    assert spec is not None and "strike" in mode_ids()
    assert spec.title == "Marve-Strike" and spec.seats == 2 and spec.rules_version == "2"
    assert spec.older_rules == ("1",)  # records made before "Fair seats" still replay
    assert spec.cpu_levels == ("easy", "normal", "hard") and spec.default_level == "normal"
    assert callable(spec.bench)
    assert [f.name for f in spec.resource_files] == [
        "rules.toml", "elements.toml", "animations.toml", "ai.toml", "statuses.toml", "cards.toml",
        "tutorial.toml"]  # Learn to play's script (docs/tutorials.md)


def test_seats_come_from_options_only():
    from .helpers import C, U, setup_match

    setup = {**C([U(0, "ember_vine", [2, 2]), U(1, "logic_trap", [20, 5])]),
             "seats": [{"kind": "cpu", "ai": "hard"}, {"kind": "human"}]}
    match = setup_match(setup)
    assert match.state_json()["seats"] == [{"kind": "human"}, {"kind": "human"}]

