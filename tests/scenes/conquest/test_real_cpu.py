"""The real conquest CPUs (game.ai.conquest) drive the screens: a whole easy-vs-easy match,
decided in-process, reaches the game-over screen."""

from __future__ import annotations

import pytest


@pytest.mark.slow
def test_real_easy_cpus_play_a_whole_match_on_the_screens(window, conquest_app):
    from game.scenes.conquest.screens import GameOverView
    from game.scenes.conquest.start import new_match, view_for

    conquest_app.settings.animation_speed = "instant"
    # seed 25: one of the shortest easy-vs-easy matches of seeds 1-40 (152 decisions; 5 had 390)
    match = new_match(25, {0: "easy", 1: "easy"}, "classic")
    window.show_view(view_for(conquest_app, match, sync=True))
    for i in range(4000):
        window.dispatch_event("on_update", 1 / 60)
        if i % 400 == 0:
            window.dispatch_event("on_draw")
        if isinstance(window.current_view, GameOverView):
            break
    assert match.result is not None, (match.phase, len(match.decisions))
    assert isinstance(window.current_view, GameOverView)
    window.current_view.session.close()
