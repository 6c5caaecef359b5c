"""Positions and helpers of the Strike scene tests."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

SHOTS = Path("/tmp/strike_shots")

DRAFT_MID: dict[str, Any] = {
    "phase": "draft",
    "board": {
        "hands": [["ember_vine", "steam_surge", "aqua_trail", "nature_zone"],
                  ["flame_embrace", "flare_counter", "whirl_trail", "logic_trap"]],
        "decks": [["backstab_dash"], ["water_splash"]],
    },
}

PLACEMENT_MID: dict[str, Any] = {
    "phase": "placement",
    "board": {"units": [
        {"owner": 0, "card": "flame_embrace", "pos": [3, 2]},
        {"owner": 0, "card": "nature_wave", "pos": None},
        {"owner": 0, "card": "water_splash", "pos": None},
        {"owner": 1, "card": "nature_zone", "pos": None},
        {"owner": 1, "card": "backstab_dash", "pos": None},
        {"owner": 1, "card": "boiling_storm", "pos": None},
    ]},
}


def _st(burn: int = 0, stun: int = 0, root: int = 0) -> dict[str, Any]:
    return {"burn": {"turns": burn, "value": 5 if burn else 0}, "stun": stun, "root": root,
            "regen": {"turns": 0, "value": 0}}


# The spec's section 6 example: turn 13, P2 dead, P1 burning on a flame line at column 10.
COMBAT_MID: dict[str, Any] = {
    "phase": "combat", "turn": 13, "to_act": [0],
    "board": {
        "units": [
            {"owner": 0, "card": "flame_embrace", "pos": [10, 7], "hp": 19,
             "statuses": _st(burn=1)},
            {"owner": 0, "card": "nature_wave", "pos": None, "hp": 0},
            {"owner": 0, "card": "water_splash", "pos": [9, 7], "cooldowns": [0, 0, 2]},
            {"owner": 1, "card": "nature_zone", "pos": [17, 9]},
            {"owner": 1, "card": "backstab_dash", "pos": [22, 4], "statuses": _st(stun=1)},
            {"owner": 1, "card": "boiling_storm", "pos": [10, 4], "hp": 27,
             "cooldowns": [0, 0, 2]},
        ],
        "flames": [{"tile": [10, 5], "owner": 1}, {"tile": [10, 6], "owner": 1},
                   {"tile": [10, 7], "owner": 1}],
    },
}

# One blow from the end: E1 at 3 HP next to P1, the roll pinned.
FINISHER: dict[str, Any] = {
    "phase": "combat", "to_act": [0],
    "board": {
        "units": [
            {"owner": 0, "card": "flare_counter", "pos": [5, 5]},
            {"owner": 0, "card": "ember_vine", "pos": [3, 2], "hp": 31},
            {"owner": 1, "card": "nature_wave", "pos": [7, 5], "hp": 3},
        ],
        "rolls": [0, 0],
    },
}


def record(setup: dict[str, Any] | None, decisions: list[dict[str, Any]], *,
           ai: dict[str, str], seed: int = 3) -> dict[str, Any]:
    from game.engine.record import new_record

    return new_record("strike", "1", seed, {"ai": ai}, copy.deepcopy(setup), decisions)


def show(window, view, frames: int = 2):
    from game.scenes.harness import step

    window.show_view(view)
    step(window, frames)
    return view


def save_shot(image, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    image.convert("RGB").save(path)
    return path


def pixel(image, x: float, y: float) -> tuple[int, int, int]:
    """The RGB at window point (x, y) (GL origin bottom-left) of a top-left-origin image."""
    px = image.getpixel((int(x), image.height - 1 - int(y)))
    return tuple(px[:3])
