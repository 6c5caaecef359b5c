"""Strike's entry points: `open_strike(app, launch)` (scene entry) and `shot_view(app, match)`.

- `launch.record`: continue that match (its decisions are replayed);
- otherwise a new match on `launch.seed` (or a fresh one) with `launch.cpu` as the CPU seats
  (seat 1 at the mode's default level when none is given; `options.hotseat` for two humans).

The first screen depends on the phase (`screen_for`): the draft, placement, combat or result
view. Later phases open from the screens themselves (Continue after the draft; the
`combat_started` and `match_ended` events on the board).
"""

from __future__ import annotations

import secrets
from typing import Any

import arcade

from game.engine.match import Match
from game.engine.modes import ModeLaunch, get_mode
from game.engine.record import RecordError, build_match, new_record, replay
from game.scenes.strike.base import MODE_ID, StrikeSession, StrikeView


def rules_version() -> str:
    """The rules new matches play (a save or record keeps its own)."""
    spec = get_mode(MODE_ID)
    assert spec is not None
    return spec.rules_version


def new_match(seed: int | None = None, cpu: dict[int, str] | None = None,
              rules: str | None = None) -> Match:
    """A new match on `rules` (None: the current rules; screens pass `app.rules_for`)."""
    seed = secrets.randbelow(900_000_000) + 1 if seed is None else seed
    ai = {str(k): v for k, v in (cpu or {}).items()}
    return build_match(new_record(MODE_ID, rules or rules_version(), seed, {"ai": ai}))


def screen_class(match: Any) -> type[StrikeView]:
    """The screen of the match's current phase (one View per phase, docs/architecture.md)."""
    if match.result is not None:
        from game.scenes.strike.result import ResultView

        return ResultView
    if match.phase == "draft":
        from game.scenes.strike.draft import DraftView

        return DraftView
    if match.phase == "placement":
        from game.scenes.strike.placement import PlacementView

        return PlacementView
    from game.scenes.strike.combat import CombatView

    return CombatView


def screen_for(app: Any, session: StrikeSession) -> arcade.View:
    """The view of the session's current phase."""
    return screen_class(session.match)(app, session)


def view_for(app: Any, match: Match, *, live: bool = True,
             history: list[list[Any]] | None = None) -> arcade.View:
    """The screen of a match; `history`: the events of the decisions replayed to get here
    (a Continue), told in the log as the person's seat saw them."""
    session = StrikeSession(match, live=live, sync=StrikeView.cpu_sync)
    if history:
        session.log.add_history(match, history, session.me)
    return screen_for(app, session)


def open_strike(app: Any, launch: ModeLaunch) -> arcade.View:
    if launch.record is not None:
        outcome = replay(launch.record)
        if not outcome.ok:
            outcome.match.close()
            raise RecordError(f"the saved match stops at decision {outcome.rejected_index}: "
                              f"{outcome.rejection.message if outcome.rejection else ''}")
        return view_for(app, outcome.match, history=outcome.events)
    cpu = dict(launch.cpu)
    if not cpu and not launch.options.get("hotseat"):
        spec = get_mode(MODE_ID)
        cpu = {1: spec.default_level if spec else "normal"}
    return view_for(app, new_match(launch.seed, cpu, app.rules_for(MODE_ID, launch)))


def replay_view(app: Any, record: dict[str, Any]) -> arcade.View:
    """Watch a finished match from the start: the draft is applied at once, then the board
    views play every placement and combat decision with its animations; no input, no CPU."""
    from collections import deque

    match = build_match(record)
    decisions = list(record.get("decisions") or [])
    while decisions and match.phase == "draft":
        outcome = match.submit(decisions.pop(0))
        if not outcome.ok:
            decisions.clear()
    session = StrikeSession(match, live=False, sync=True)
    session.replay_queue = deque(decisions)
    return screen_for(app, session)


def shot_view(app: Any, match: Any) -> arcade.View:
    """A still view of any position (`tabula shot`): a Match, or a record dict to replay."""
    if isinstance(match, dict):
        match = replay(match).match
    return view_for(app, match, live=False)
