"""Where Undo is offered (game.scenes.take_back.offered, docs/saves.md "Undo"): a live, local
match with exactly one person and every other seat a CPU; never hot-seat, a network seat, a
still shot or the replay viewer (not live), or CPUs playing each other."""

from __future__ import annotations

import pytest

from game.scenes.take_back import offered

REMOTE = object()  # a network seat's RemoteMatch stands here: only its presence counts


@pytest.mark.parametrize(("live", "remote", "humans", "cpu", "fair"), [
    (True, None, [0], {1: "easy"}, True),  # one person against the CPU
    (True, None, [1], {0: "hard"}, True),  # the person on seat 2
    (True, None, [0, 1], {}, False),  # hot-seat: the other person saw it
    (True, None, [], {0: "easy", 1: "easy"}, False),  # CPUs play each other
    (True, REMOTE, [0], {}, False),  # a network match
    (True, REMOTE, [0], {1: "easy"}, False),  # a network seat, whatever the other is
    (False, None, [0], {1: "easy"}, False),  # a still shot, the replay viewer
])
def test_undo_is_offered_only_live_local_and_against_cpus_only(live, remote, humans, cpu,
                                                               fair):
    assert offered(live=live, remote=remote, humans=humans, cpu=cpu) is fair
