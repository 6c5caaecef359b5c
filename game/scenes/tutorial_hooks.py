"""What every game screen answers a running tutorial (game.scenes.tutorial): a mixin of
GameViewBase, so that a screen overrides only the hooks it knows (docs/tutorials.md)."""

from __future__ import annotations

from typing import Any

import arcade


class TutorialHooks:
    """The defaults: nothing to point at, busy while animating, no CPU move of one's own."""

    guide: Any = None  # a running tutorial's guide over this screen (game.scenes.tutorial)
    esc_help: str
    tweener: Any  # the screen's (GameViewBase)

    def tutorial_next(self, decision: dict[str, Any]) -> dict[str, Any]:
        """What to click next toward `decision`, in this screen's terms ({"unit": id},
        {"tile": [c, r]}, {"button": name}...), from what is selected now; by default the
        decision itself (`tutorial_rects` reads the fields it knows)."""
        return decision

    def tutorial_rects(self, target: dict[str, Any]) -> list[arcade.types.Rect]:
        """Where the things `target` names are on screen (this screen's hit boxes); none by
        default, and for a name the screen does not show."""
        return []

    def tutorial_keep_clear(self) -> list[arcade.types.Rect]:
        """What a tutorial's banner should not cover if it can help it (it goes along the top
        or the bottom edge of the window, whichever covers less of these)."""
        return []

    def tutorial_busy(self) -> bool:
        """Something still plays out on screen: a tutorial waits before its next move."""
        return bool(getattr(self, "animating", False)) or self.tweener.busy

    def tutorial_play(self, decision: dict[str, Any]) -> bool:
        """Play a scripted move of another seat as that seat's CPU would; True if accepted."""
        submit = getattr(self, "submit", None)
        return bool(submit(decision)) if submit is not None else False

    def tutorial_cpu_turn(self, run: Any) -> bool:
        """A solitaire's tutorial ends with its CPU playing one move for the person's seat:
        start it (submitted under `run.playing()`); True once asked. Two-seat screens need
        nothing here: their CPU driver plays once the run stops holding it."""
        return False

    def tutorial_refusal(self, decision: dict[str, Any]) -> str | None:
        """Why a running tutorial refuses this decision of the person now, or None."""
        return None if self.guide is None else self.guide.run.refusal(decision)

    def tutorial_refuses(self, decision: dict[str, Any]) -> bool:
        """A running tutorial refuses this decision of the person: its hint is shown."""
        message = self.tutorial_refusal(decision)
        if message is None:
            return False
        self.guide.refuse(message)
        return True

    def cpu_held(self) -> bool:
        """A running tutorial keeps the CPU seat waiting (its script is not done)."""
        return self.guide is not None and self.guide.run.holds_cpu()

    def current_esc_help(self) -> str:
        """What Esc does here now (in a tutorial: skip it, back to where it started)."""
        if self.guide is not None:
            return self.guide.run.esc_line
        return self.esc_help
