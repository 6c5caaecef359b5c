"""The private shop (spec kingdom.md 4.4): offer draws, the end-of-turn top-up and refreshes.

Every offer is one `randrange` on the seat's own `shop/<seat>` stream (4.9), so the two seats'
shops never influence each other and a replay redraws the same offers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.systems.kingdom.pools import draw_offer

if TYPE_CHECKING:
    from game.components.kingdom import KingdomSeat
    from game.engine.match import Match
    from game.engine.rng import Stream
    from game.systems.kingdom.content import Content


def shop_stream(match: Match, seat: int) -> Stream:
    return match.stream(f"shop/{seat}")


def fresh_offers(content: Content, seat: KingdomSeat, stream: Stream) -> tuple[str, ...]:
    """SHOP_SIZE(current slots) draws in index order (initial fill, refresh, setups)."""
    size = content.shop_size(len(seat.slots))
    return tuple(draw_offer(content, seat.deck, seat.level, stream) for _ in range(size))


def topped_up(content: Content, seat: KingdomSeat, stream: Stream) -> tuple[str, ...]:
    """4.4.3: grow to SHOP_SIZE with empty positions (never shrink), then fill every empty
    position with a draw, in index order."""
    size = content.shop_size(len(seat.slots))
    shop = list(seat.shop) + [None] * max(0, size - len(seat.shop))
    return tuple(
        offer if offer is not None else draw_offer(content, seat.deck, seat.level, stream)
        for offer in shop
    )


def top_up(match: Match, content: Content, seat: KingdomSeat) -> None:
    """Top up one seat's shop and tell the scenes which positions were filled."""
    before = seat.shop
    shop = topped_up(content, seat, shop_stream(match, seat.seat))
    filled = [i for i, offer in enumerate(shop) if i >= len(before) or before[i] is None]
    match.journal.set(seat, shop=shop)
    if filled:
        match.emit("shop_topped_up", seat=seat.seat, positions=filled)
