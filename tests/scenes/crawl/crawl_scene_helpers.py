"""Helpers of the Card Crawl scene tests: setups, partial drags, screenshots."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import arcade

SHOTS = Path("/tmp/crawl_shots")

# A mid-run position like the spec's example 6.2: a wounded Troll, a marked spell, a worn
# shield, Swap equipped, a stored potion, Revive lit, 3 cards left in the deck.
MID_RUN: dict[str, Any] = {
    "turn": 41,
    "board": {
        "abilities": ["revive", "pyroclasm", "amplify", "swap", "gangrene"],
        "board": [
            {"id": "e9b", "type": "enemy", "value": 5, "initial_value": 9},
            None,
            {"id": "p6", "type": "potion", "value": 6},
            {"id": "sp4", "type": "spell", "value": 4, "pyro": True},
        ],
        "left_hand": {"id": "sh5", "type": "shield", "value": 2, "initial_value": 5},
        "right_hand": {"id": "swap", "type": "ability", "ability": "swap"},
        "backpack": {"id": "p3", "type": "potion", "value": 3},
        "hero": {"hp": 9, "gold": 41, "can_revive": True},
        "deck": [
            {"id": "e10c", "type": "enemy", "value": 10},
            {"id": "g8", "type": "gold", "value": 8},
            {"id": "gangrene", "type": "ability", "ability": "gangrene"},
        ],
        "clear_counter": 1,
        "removed": 45,
    },
}


def setup_record(setup: dict[str, Any] | None, *, seed: int = 1, variant: str = "normal",
                 decisions: list[dict[str, Any]] | None = None, **options: Any):
    from game.engine.record import new_record

    return new_record("crawl", "1", seed, {"variant": variant, "ai": {}, **options},
                      copy.deepcopy(setup), decisions or [])


def show(window, view, frames: int = 2):
    window.show_view(view)
    from game.scenes.harness import step

    step(window, frames)
    return view


def press_and_drag(window, start: tuple[float, float], end: tuple[float, float],
                   steps: int = 8) -> None:
    """Press at start and drag to end without releasing (the card is in the air)."""
    x0, y0 = start
    x1, y1 = end
    window.dispatch_event("on_mouse_motion", x0, y0, 0, 0)
    window.dispatch_event("on_mouse_press", x0, y0, arcade.MOUSE_BUTTON_LEFT, 0)
    x, y = x0, y0
    for i in range(1, steps + 1):
        nx, ny = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        window.dispatch_event("on_mouse_drag", nx, ny, nx - x, ny - y, arcade.MOUSE_BUTTON_LEFT, 0)
        x, y = nx, ny


def release(window, at: tuple[float, float]) -> None:
    window.dispatch_event("on_mouse_release", at[0], at[1], arcade.MOUSE_BUTTON_LEFT, 0)


def save_shot(image, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    image.convert("RGB").save(path)
    return path
