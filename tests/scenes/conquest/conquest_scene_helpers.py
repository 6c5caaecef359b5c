"""Positions and helpers of the CardConquest scene tests.

Positions are reached by submitting decisions to a hot-seat Classic match (`options.ai` = {}),
so every screen is tested at a state the rules really produce:

- PLACE_0 / PLACE_1: every unit's placement (seat 0 left zone, seat 1 right zone);
- BATTLE_MOVES: seat 0 sends L06's four units to L13, seat 1 sends two from L07: one battle at
  L13, both seats with eligible units next to it (L05 for seat 0; L07, L08 for seat 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SHOTS = Path("/tmp/conquest_shots")

PLACE_0 = {"p0.t1": "L06", "p0.t2": "L06", "p0.i1": "L06", "p0.i2": "L06",
           "p0.t3": "L05", "p0.i3": "L05", "p0.i4": "L01", "p0.i5": "L01",
           "p0.t4": "L03", "p0.i6": "L03"}
PLACE_1 = {"p1.t1": "L07", "p1.i1": "L07", "p1.i2": "L07", "p1.t2": "L08",
           "p1.t3": "L11", "p1.i3": "L11", "p1.t4": "L10", "p1.i4": "L10",
           "p1.i5": "L09", "p1.i6": "L09"}
BATTLE_MOVES = ({"units": ["p0.t1", "p0.t2", "p0.i1", "p0.i2"], "to": "L13"},
                {"units": ["p1.t1", "p1.i1"], "to": "L13"})


def decisions_to(stage: str) -> list[dict[str, Any]]:
    """Decisions from a new Classic match to `stage`: placement, movement, reinforcements,
    cards, retreat (seat 1 lost at L13 and retreats) or over is not reachable this way."""
    out: list[dict[str, Any]] = []
    if stage == "placement":
        return out
    for seat, places in ((0, PLACE_0), (1, PLACE_1)):
        out += [{"seat": seat, "type": "place", "units": [u], "to": t} for u, t in places.items()]
        out.append({"seat": seat, "type": "ready"})
    if stage == "movement":
        return out
    for seat, move in enumerate(BATTLE_MOVES):
        out += [{"seat": seat, "type": "move", **move}, {"seat": seat, "type": "ready"}]
    if stage == "reinforcements":
        return out
    out += [{"seat": 0, "type": "reinforce", "units": ["p0.t3"]}, {"seat": 0, "type": "ready"},
            {"seat": 1, "type": "reinforce", "units": ["p1.t2"]}, {"seat": 1, "type": "ready"}]
    if stage == "cards":
        return out
    out += [{"seat": 0, "type": "choose_card", "card": "power5"}, {"seat": 0, "type": "ready"},
            {"seat": 1, "type": "choose_card", "card": "power1"}, {"seat": 1, "type": "ready"}]
    assert stage == "retreat", stage
    return out


def record(decisions: list[dict[str, Any]], *, ai: dict[str, str] | None = None,
           setup_kind: str = "classic", seed: int = 7, setup: Any = None) -> dict[str, Any]:
    from game.engine.record import new_record

    return new_record("conquest", "1", seed, {"ai": ai or {}, "setup_kind": setup_kind},
                      setup, decisions)


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


def first_legal(match) -> Any:
    """A trivial CPU stand-in (tests only): `decide(seat, view)` plays the first legal
    decision that is not an unready, preferring `ready` when it is legal."""

    def decide(seat: int, view: dict[str, Any]) -> dict[str, Any]:
        legal = [d for d in match.legal_decisions(seat) if d["type"] != "unready"]
        ready = [d for d in legal if d["type"] == "ready"]
        if match.phase == "placement":
            placed = view["board"]["orders"][seat]
            todo = [d for d in legal if d["type"] == "place" and d["to"] is not None
                    and d["units"][0] not in placed]
            return todo[0] if todo else ready[0]
        if ready and match.phase != "commander":
            return ready[0]
        if match.phase == "commander" and view["board"]["commanders"][seat] is not None:
            return ready[0]
        if match.phase == "reinforcements" and ready:
            return ready[0]
        return legal[0]

    return decide
