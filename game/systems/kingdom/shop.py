"""The private shop (spec kingdom.md 4.4): offer draws for the deal, the end-of-turn top-up,
refreshes and setups.

Every offer is one `randrange` on the seat's own `shop/<seat>` stream (4.9), so the two seats'
shops never influence each other and a replay redraws the same offers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.systems.kingdom import world
from game.systems.kingdom.pools import draw_offer

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.rng import Stream
    from game.systems.kingdom.content import Content


def shop_stream(match: Match, seat: int) -> Stream:
    return match.stream(f"shop/{seat}")


def drawer(content: Content, deck: Sequence[str], level: int, stream: Stream
           ) -> Callable[[], str]:
    """One offer drawn per call (4.4.2) from this deck at this level."""
    return lambda: draw_offer(content, deck, level, stream)


def fresh_offers(content: Content, deck: Sequence[str], level: int, slots: int,
                 stream: Stream) -> tuple[str, ...]:
    """SHOP_SIZE(slots) draws in index order (a setup that gives no shop)."""
    draw = drawer(content, deck, level, stream)
    return tuple(draw() for _ in range(content.shop_size(slots)))


def seat_draw(match: Match, seat: int) -> Callable[[], str]:
    """Draws for one seat's shop: its deck at its level, from its `shop/<seat>` stream."""
    row = world.seat_row(match, seat)
    return drawer(world.content(match), world.deck_cards(match, seat), row.nexus.level,
                  shop_stream(match, seat))
