"""Card faces composed ahead of need, on a background thread (spec kingdom.md 8.7 cards).

Composing one card face with PIL takes tens of milliseconds on a slow machine, and a match view
meets new faces at the worst moments: a bought card, a refreshed shop, the aura's effective
stats at the start of a combat. `CardWarmer` composes them on one worker thread while the
window keeps drawing (PIL releases the GIL in its heavy operations, and an `arcade.Texture`
made from an image needs no GL context until it is first drawn), so the frame that shows the
card finds it in `cards.card_texture`'s cache. A face that is needed before its turn comes is
composed on the spot, as before: warming never changes what is drawn.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.scenes.kingdom.cards import card_texture

log = logging.getLogger(__name__)

# (card id, width, height, atk, defense, selected, disabled)
Face = tuple[str, int, int, int | None, int | None, bool, bool]


class CardWarmer:
    """Composes card faces on one background thread, each face once."""

    def __init__(self, content: Any) -> None:
        self.content = content
        self._pool: ThreadPoolExecutor | None = None
        self._asked: set[Face] = set()

    def warm(self, faces: list[Face]) -> int:
        """Queue the faces not asked for yet; the number queued."""
        new = [f for f in faces if f not in self._asked]
        if not new:
            return 0
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kingdom-cards")
        for face in new:
            self._asked.add(face)
            self._pool.submit(self._compose, face)
        return len(new)

    def _compose(self, face: Face) -> None:
        card, width, height, atk, defense, selected, disabled = face
        try:
            card_texture(self.content, card, width, height, atk=atk, defense=defense,
                         selected=selected, disabled=disabled)
        except Exception:  # a face that fails here fails again, visibly, when it is drawn
            log.exception("warming the card face %s failed", face)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
