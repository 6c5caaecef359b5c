"""CardConquest's entry points and screen routing (spec conquest.md 8).

- `open_conquest(app, launch)` (scene entry): a saved record continues (its decisions are
  replayed); a launch with a seed or mode options starts at once; otherwise the Match setup
  screen (8.0) asks for the opponent, the army setup and a seed.
- `shot_view(app, match)` (`tabula shot`): a still view of a Match or a record's last position.
- `next_view(app, session)`: the screen for what happens now: a screen event at the head of
  the event queue (battles detected, battle results, game over), else the view of the phase,
  behind a curtain when a hot-seat screen changes hands in a phase with secret choices. A
  hot-seat seat that is ready may take the screen back (`session.take_back`): it is routed to
  like any other change of hands, and unreadied only when its own screen opens (`phase_view`).
"""

from __future__ import annotations

import secrets
from typing import Any

import arcade

from game.engine.match import Match
from game.engine.modes import ModeLaunch, get_mode
from game.engine.record import RecordError, build_match, new_record, replay
from game.scenes.conquest import look
from game.scenes.conquest.base import MODE_ID, SCREEN_EVENTS, ConquestSession

EVENT_SCREENS = {"battles_detected": "battles", "battle_resolved": "results",
                 "match_ended": "over"}


def rules_version() -> str:
    """The rules new matches play (a save or record keeps its own)."""
    spec = get_mode(MODE_ID)
    assert spec is not None
    return spec.rules_version


def new_match(seed: int | None = None, cpu: dict[int, str] | None = None,
              setup_kind: str = "commanders", rules: str | None = None) -> Match:
    """A new match on `rules` (None: the current rules; screens pass `app.rules_for`)."""
    seed = secrets.randbelow(900_000_000) + 1 if seed is None else seed
    ai = {str(k): v for k, v in (cpu or {}).items()}
    return build_match(new_record(MODE_ID, rules or rules_version(), seed,
                                  {"ai": ai, "setup_kind": setup_kind}))


def desired_key(session: ConquestSession) -> tuple[str, int]:
    """(screen kind, seat shown) that `next_view` would open now."""
    events = session.events
    if events and events[0]["type"] in SCREEN_EVENTS:
        return EVENT_SCREENS[events[0]["type"]], session.viewer
    match = session.match
    if match.result is not None:
        return "over", session.viewer
    seat = session.screen_seat()
    if session.hotseat and seat != session.viewer and match.phase in look.SECRET_PHASES:
        return "curtain", seat
    return match.phase, seat


def phase_view(app: Any, session: ConquestSession, seat: int) -> arcade.View:
    from game.scenes.conquest import screens

    session.viewer = seat
    session.settle_claim(seat)  # a seat that took the screen back is unready when it sees it
    return screens.PHASE_VIEWS[session.match.phase](app, session, seat)


def next_view(app: Any, session: ConquestSession) -> arcade.View:
    from game.scenes.conquest import overlays, screens

    events = session.events
    if events and events[0]["type"] in SCREEN_EVENTS:
        event = events.popleft()
        if event["type"] == "match_ended":
            session.tell(event)  # the screens of the other two tell their own
        if event["type"] == "battles_detected":
            return overlays.BattlesView(app, session, event)
        if event["type"] == "battle_resolved":
            return overlays.ResultsView(app, session, event["result"])
        return screens.GameOverView(app, session)
    kind, seat = desired_key(session)
    if kind == "over":
        return screens.GameOverView(app, session)
    if kind == "curtain":
        return overlays.CurtainView(app, session, seat)
    return phase_view(app, session, seat)


def view_for(app: Any, match: Match, *, live: bool = True, decide: Any = None,
             sync: bool = False, history: list[list[Any]] | None = None) -> arcade.View:
    """The screen of a match; `history`: the events of the decisions replayed to get here
    (a Continue), told in the log and the strip as the screen's seat saw them."""
    session = ConquestSession(match, live=live, decide=decide, sync=sync)
    if history:
        session.tell_history(history)
    return next_view(app, session)


def launch_options(launch: ModeLaunch) -> tuple[dict[int, str], str]:
    cpu = dict(launch.cpu)
    if not cpu and not launch.options.get("hotseat"):
        spec = get_mode(MODE_ID)
        cpu = {1: spec.default_level if spec else "normal"}
    if launch.options.get("hotseat"):
        cpu = {}
    return cpu, str(launch.options.get("setup_kind", "commanders"))


def open_conquest(app: Any, launch: ModeLaunch) -> arcade.View:
    if launch.record is not None:
        outcome = replay(launch.record)
        if not outcome.ok:
            outcome.match.close()
            raise RecordError(f"the saved match stops at decision {outcome.rejected_index}: "
                              f"{outcome.rejection.message if outcome.rejection else ''}")
        return view_for(app, outcome.match, history=outcome.events)
    cpu, setup_kind = launch_options(launch)
    rules = app.rules_for(MODE_ID, launch)
    if launch.seed is None and not launch.options:
        from game.scenes.conquest.setup import MatchSetupView

        return MatchSetupView(app, cpu)
    return view_for(app, new_match(launch.seed, cpu, setup_kind, rules))


def shot_view(app: Any, match: Any) -> arcade.View:
    """A still view of any position (`tabula shot`): a Match, or a record dict to replay."""
    if isinstance(match, dict):
        match = replay(match).match
    return view_for(app, match, live=False)
