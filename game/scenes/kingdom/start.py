"""Kingdom's entry points (spec kingdom.md 8): `open_kingdom(app, launch)` (the mode's
scene_entry), `shot_view(app, match)` (`tabula shot`), `open_deck_builder(app, launch)` (the end
screen's New Deck) and `begin_match`, which Start Match calls.

- `launch.record`: continue that match; it resumes at its phase (the deck builder while the
  phase is `deck_builder`, else the match view).
- Otherwise a new match on `launch.seed` (or a fresh one) with `options.ai` from `launch.cpu`
  (seat 1 at the mode's default level when none is given; seat 0 too when spectating).
  A human seat opens the deck builder; when both seats are CPUs (spectate) the builder is
  skipped.

A CPU seat's deck (4.2.4) comes from the CPU player of its level, given the seat view and its
own `ai` stream (never the match's streams); the stream's state after the deck is kept in
`match.extra[AI_STREAMS]` (seat -> state) so the match view's CPU driver can continue it.
"""

from __future__ import annotations

import importlib.util
import logging
import secrets
from typing import Any

import arcade

from game.engine.match import Match, Rejection
from game.engine.modes import ModeLaunch, get_mode
from game.engine.record import RecordError, build_match, new_record, replay
from game.engine.rng import Stream
from game.i18n import _
from game.scenes.kingdom.words import rules_message
from game.systems.kingdom.mode import SPEC
from game.systems.kingdom.pools import default_preset

log = logging.getLogger(__name__)

MODE_ID = "kingdom"
AI_STREAMS = "kingdom.ai_streams"  # match.extra key: seat -> the CPU's ai stream state


def new_match(seed: int | None = None, cpu: dict[int, str] | None = None,
              rules: str | None = None) -> Match:
    """A fresh match in phase deck_builder; `cpu` maps seats to levels (`options.ai`); on
    `rules` (None: the mode's current rules; screens pass `app.rules_for`)."""
    seed = secrets.randbelow(900_000_000) + 1 if seed is None else seed
    ai = {}
    for seat, level in sorted((cpu or {}).items()):
        ai[str(seat)] = SPEC.canonical_level(level) or level
    return build_match(new_record(MODE_ID, rules or SPEC.rules_version, seed, {"ai": ai}))


def human_seats(match: Match) -> list[int]:
    cpus = match.cpu_seats()
    return [seat for seat in range(match.rules.seats) if seat not in cpus]


def _cpu_stream(match: Match, seat: int) -> Stream:
    stream = SPEC.ai_stream(match.seed, seat)
    state = match.extra.get(AI_STREAMS, {}).get(seat)
    if state is not None:
        stream.set_state(state)
    return stream


def fallback_cpu_deck(content: Any, seat: int, stream: Stream) -> dict[str, Any]:
    """4.2.4 by the letter, for when the CPU players are not importable: a random country from
    the `ai` stream, then Default from the same stream."""
    countries = content.countries
    faction = countries[stream.randint(0, len(countries) - 1)]
    hero, units = default_preset(content, "country", faction, stream)
    return {"type": "build_deck", "seat": seat, "mode": "country", "faction": faction,
            "hero": hero, "units": sorted(units)}


def cpu_deck_decision(match: Match, seat: int) -> dict[str, Any]:
    """The `build_deck` decision of a CPU seat (4.2.4): its level's CPU decides on the seat view."""
    level = match.cpu_seats().get(seat, "hard")
    stream = _cpu_stream(match, seat)
    spec = get_mode(MODE_ID)
    try:
        if spec is None:
            raise ImportError("kingdom is not registered")
        cpu = spec.make_cpu(level, seat, stream, match.resources)
    except ImportError:  # the CPU players are not installed: the rule itself
        decision = fallback_cpu_deck(match.rules.content, seat, stream)
    else:
        decision = cpu.decide(match.view_json(seat))
    match.extra.setdefault(AI_STREAMS, {})[seat] = stream.get_state()
    return decision


def build_cpu_decks(match: Match) -> None:
    """Every CPU seat still in `to_act` submits its deck (seat order)."""
    for seat in sorted(match.cpu_seats()):
        if match.phase != "deck_builder" or seat not in match.to_act:
            continue
        decision = cpu_deck_decision(match, seat)
        outcome = match.submit(decision)
        if isinstance(outcome, Rejection):
            raise RuntimeError(f"the seat {seat} CPU's deck was rejected: {outcome.message}")


def _match_view(app: Any, match: Match, *, live: bool = True,
                history: list[list[Any]] | None = None) -> arcade.View:
    """The match view of a match in planning, or its end screen once it is over (the match
    view module chooses, shows the view and returns it)."""
    from game.scenes.kingdom.match_view import open_match_view

    return open_match_view(app, match, live=live, history=history)


def view_for(app: Any, match: Match, history: list[list[Any]] | None = None) -> arcade.View:
    """The first view of a match at its current phase (a new match or a resumed save, whose
    `history`, the events of its replayed decisions, the log tells)."""
    if match.phase == "deck_builder":
        humans = [s for s in human_seats(match) if s in match.to_act]
        if humans:
            from game.scenes.kingdom.deck_builder import DeckBuilderView

            return DeckBuilderView(app, match, humans[0])
        build_cpu_decks(match)  # spectate, or the human seat has built already
    return _match_view(app, match, history=history)


def begin_match(app: Any, match: Match, decision: dict[str, Any]) -> arcade.View | None:
    """Start Match: submit the human's `build_deck`, then the CPU seats' decks, and open the
    match view. None (with a toast) when the deck was refused or there is no match view."""
    if importlib.util.find_spec("game.scenes.kingdom.match_view") is None:
        app.notify(_("The match screen is not installed"))
        return None
    outcome = match.submit(decision)
    if isinstance(outcome, Rejection):
        app.notify(rules_message(outcome.error, outcome.message))
        return None
    build_cpu_decks(match)
    builder = app.window.current_view
    if getattr(builder, "match", None) is match:
        builder.owns_match = False  # the match view owns it now
    view = view_for(app, match)
    if view is not app.window.current_view:
        app.show_view(view)
    return view


def open_kingdom(app: Any, launch: ModeLaunch) -> arcade.View:
    """The mode's scene entry (see the module docstring)."""
    if launch.record is not None:
        outcome = replay(launch.record)
        if not outcome.ok:
            outcome.match.close()
            message = outcome.rejection.message if outcome.rejection else ""
            raise RecordError(f"the saved match stops at decision {outcome.rejected_index}: "
                              f"{message}")
        return view_for(app, outcome.match, outcome.events)
    return view_for(app, new_match(launch.seed, _seating(launch), app.rules_for(MODE_ID, launch)))


def _seating(launch: ModeLaunch) -> dict[int, str]:
    cpu = dict(launch.cpu)
    if 1 not in cpu:
        spec = get_mode(MODE_ID)
        cpu[1] = spec.default_level if spec else "hard"
    return cpu


def open_deck_builder(app: Any, launch: ModeLaunch) -> arcade.View:
    """A new match's deck builder (the end screen's New Deck), shown at once."""
    rules = app.rules_for(MODE_ID, launch)
    view = view_for(app, new_match(launch.seed, _seating(launch), rules))
    if view is not app.window.current_view:
        app.show_view(view)
    return view


def network_view(app: Any, remote: Any) -> arcade.View:
    """The first screen of a network seat (docs/network.md "Kingdom"), not shown yet: the
    deck builder while its view is in the deck builder (waiting for the other seat when its
    own deck is taken), else the match view, or the end screen of a match that is over. A
    spectator watches the decks being built on the match view (nothing of them is shown)."""
    if remote.phase == "deck_builder" and remote.seat is not None:
        from game.scenes.kingdom.deck_builder import DeckBuilderView

        return DeckBuilderView(app, remote, remote.seat)
    from game.scenes.kingdom.match_view import match_screen

    return match_screen(app, remote)


def shot_view(app: Any, match: Any) -> arcade.View:
    """A still view of any position (`tabula shot`): deck_builder -> the builder of the seat
    a person plays (seat 0 when CPUs play both) with nothing chosen; planning -> the match
    view; over -> the end screen."""
    if isinstance(match, dict):
        match = replay(match).match
    if match.phase == "deck_builder":
        from game.scenes.kingdom.deck_builder import DeckBuilderView

        return DeckBuilderView(app, match, (human_seats(match) or [0])[0])
    return _match_view(app, match, live=False)
