"""The in-game help describes the rules of the match on screen (issue 27): a rules "1" match,
a replay of one included, gets the original rules' words, a new match the current ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.modes import get_mode
from game.engine.record import build_match, load_record, new_record
from game.engine.replay_model import ReplayModel
from game.scenes.replay_screens import discard, screen_for
from game.scenes.replays import ReplayViewerView

REPO = Path(__file__).resolve().parents[2]

# The rule each version plays, as its help says it (docs/<mode>.md "Fair seats").
WORDS = {
    "strike": {"1": "Player 1 always picks first, places first and takes the first combat turn.",
               "2": "The deal decides who picks first"},
    "kingdom": {"1": "1. Player 1 plans first every turn: buy",
                "2": "1. Player 1 plans first in odd turns, Player 2 in even turns: buy"},
    "conquest": {"1": "fought in number order, every round.",
                 "2": "in reverse tile order (L16..L01) in even rounds"},
}


def help_text(screen) -> tuple[str, str]:
    """(the first topic's title and lines, every topic's lines) of a screen's help."""
    topics = screen.help_topics()
    lines = [line for topic in topics for line in topic.lines]
    return f"{topics[0].title}: {' '.join(topics[0].lines)}", "\n".join(lines)


@pytest.mark.parametrize("mode", sorted(WORDS))
@pytest.mark.parametrize("rules", ["1", "2"])
def test_the_help_of_a_match_says_its_own_rules(window, app, mode, rules):
    card = get_mode(mode)
    other = "2" if rules == "1" else "1"
    match = build_match(new_record(mode, rules, 5, {**card.default_options,
                                                    "ai": {"1": card.default_level}}))
    screen = screen_for(app, match, 0)
    try:
        first, text = help_text(screen)
        assert WORDS[mode][rules] in text and WORDS[mode][other] not in text
        if rules == "1":
            assert first == ("Rules of this match: This match plays the original rules (1): "
                             f"{card.rules_changes['1']} Its new matches (Rematch) keep them; "
                             "the main menu's Rules button goes back to the current rules.")
        else:
            assert first.startswith("Rules of this match: This match plays the current rules "
                                    f"(2). Rules 1 (original): {card.rules_changes['1']}")
    finally:
        discard(screen)
        match.close()


def test_a_rules_1_replay_s_help_says_rules_1(window, app):
    record = load_record(REPO / "tests" / "golden" / "strike" / "rules1-easy_vs_normal_seed2.json")
    view = app.show_view(ReplayViewerView(app, ReplayModel(record)))
    try:
        for index in (0, view.model.length // 2, view.model.length):
            view.seek(index)
            view.rebuild()
            first, text = help_text(view.screen)
            assert "original rules (1)" in first and WORDS["strike"]["1"] in text
    finally:
        view.close()


def test_crawl_has_one_rules_version_and_no_rules_topic(window, app):
    match = build_match(new_record("crawl", "1", 5, {"variant": "normal"}))
    screen = screen_for(app, match, 0)
    try:
        assert [t.title for t in screen.help_topics()][0] != "Rules of this match"
    finally:
        discard(screen)
        match.close()
