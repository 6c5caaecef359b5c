"""A mod that adds a strike status in TOML only (docs/modding.md "A new status with no code"):
the blocks of the doc are installed, validated, and a CPU-vs-CPU match applies, ticks and
expires the status."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.autoplay import make_players, play_out
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.systems.strike.content import content_of

from .helpers import C, U, setup_match, unit
from .test_content import install

DOCS = Path(__file__).resolve().parents[2] / "docs" / "modding.md"
MODE = get_mode("strike")


def venom_mod() -> dict[str, str]:
    blocks = re.findall(r"```toml\n# mods/venom/strike/(\S+)\n(.*?)```",
                        DOCS.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2, "docs/modding.md lost its venom mod"
    return dict(blocks)


def test_the_poison_mod_loads_and_its_status_is_a_declared_kind():
    install("venom", venom_mod())
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == ["venom"] and not resources.problems
    content = content_of(resources)
    kind = content.statuses.by_id["poison"]
    assert (kind.tick, kind.each_tick.name, kind.blocks) == ("turn_start", "damage", frozenset())
    assert [k.id for k in content.statuses.kinds] == ["burn", "stun", "root", "regen", "poison"]
    assert content.cards["venom_fang"].attacks[0].status == "poison"


def test_a_cpu_match_applies_ticks_and_expires_poison():
    install("venom", venom_mod())
    match = setup_match(C([U(0, "venom_fang", [5, 5]), U(1, "venom_fang", [8, 5]),
                           U(1, "logic_trap", [20, 9])]), seed=3)
    assert unit(match, "p1.venom_fang")["statuses"]["poison"] == {"turns": 0, "value": 0}
    events: list = []
    play_out(match, make_players(MODE, 3, {0: "normal", 1: "normal"}), events=events)
    assert match.result is not None
    seen = [e.as_json() for e in events]
    applied = [e for e in seen if e["type"] == "status_applied" and e["status"] == "poison"]
    ticks = [e for e in seen if e["type"] == "damage_dealt" and e["source"] == "poison"]
    expired = [e for e in seen if e["type"] == "status_expired" and e["status"] == "poison"]
    assert applied and applied[0]["turns"] == 3 and applied[0]["value"] == 4
    assert ticks and all(e["amount"] == 4 for e in ticks)
    assert expired
    first = seen.index(applied[0])
    # the holder's next turn start: 4 poison damage, before its action
    holder = applied[0]["unit"]
    tick = next(e for e in seen[first:] if e in ticks and e["unit"] == holder)
    start = max(i for i, e in enumerate(seen[:seen.index(tick)]) if e["type"] == "turn_started")
    assert seen[start]["seat"] == int(holder[1])


def test_validate_names_the_fields_of_a_broken_status_mod(tmp_path):
    files = venom_mod()
    files["statuses.toml"] = files["statuses.toml"].replace('"damage"', '"explode"')
    files["cards.toml"] = files["cards.toml"].replace("status_value = 4", "status_value = 0")
    install("venom", files)
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    text = "\n".join(str(p) for p in resources.problems)
    assert "statuses.toml:statuses[0].each_tick" in text
    assert "'none', 'damage' or 'heal'" in text


def test_a_card_naming_an_undeclared_status_is_a_problem():
    files = venom_mod()
    files["cards.toml"] = files["cards.toml"].replace('status = "poison"', 'status = "plague"')
    install("venom", {"cards.toml": files["cards.toml"]})
    resources = load_mode_resources(MODE)
    assert resources.mods_loaded == []
    text = "\n".join(str(p) for p in resources.problems)
    assert "cards.toml:cards[20].attacks.0.status: unknown status 'plague'" in text


def test_tabula_validate_checks_the_status_fields(capsys):
    from game.cli import run

    good = install("venom", venom_mod())
    assert run(["validate", str(good)]) == 0
    files = venom_mod()
    files["statuses.toml"] = files["statuses.toml"].replace('tick = "turn_start"',
                                                            'tick = "sometimes"')
    bad = install("venom", files)
    capsys.readouterr()
    assert run(["validate", str(bad)]) == 1
    out = capsys.readouterr()
    assert "statuses.toml:statuses[0].tick" in out.out + out.err


BRITTLE = """
[[statuses]]
id = "brittle"
modifier = { hook = "damage", layer = "add", amount = 3 }
expire_on = "after:damage"
"""


def test_a_status_that_modifies_a_hook_value_and_ends_at_a_hook_point():
    """`modifier` adds 3 to the strike's base before the element percent (gathered like any
    `Modifier`); `expire_on = "after:damage"` ends it at the first damage its holder takes."""
    from .helpers import A, accept

    install("brittle", {"statuses.toml": BRITTLE})
    match = setup_match(C([U(0, "flare_counter", [5, 5]),
                           U(1, "nature_wave", [7, 5],
                             statuses={"brittle": {"turns": 2, "value": 0}})], rolls=[0]))
    assert unit(match, "p1.nature_wave")["statuses"]["brittle"] == {"turns": 2, "value": 0}
    events = accept(match, A(0, "p0.flare_counter", 0, "p1.nature_wave"))
    assert unit(match, "p1.nature_wave")["hp"] == 50 - (11 + 3) * 150 // 100
    assert unit(match, "p1.nature_wave")["statuses"]["brittle"] == {"turns": 0, "value": 0}
    hit = next(i for i, e in enumerate(events) if e["type"] == "damage_dealt")
    assert events[hit + 1] == {"type": "status_expired", "unit": "p1.nature_wave",
                               "status": "brittle"}
