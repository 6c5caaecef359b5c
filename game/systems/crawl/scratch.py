"""Scratch matches for CPU look-ahead (spec crawl.md section 7.3, docs/architecture.md).

A CPU holds only the seat view (deck and seed "hidden"). To search, it fills the hidden deck
itself (determinization, from its own `ai` stream) and loads the view as a setup with a seed of
its own, then marks, submits, evaluates and rolls back on that match:

    match = scratch_match(view, sampled_deck, seed)
    with match.active():           # keep the world active around the whole search
        mark = match.mark()
        match.submit(candidate)
        ...
        match.rollback(mark)
    match.close()                  # free the world when done

A CPU that searches every decision keeps one match instead (the engine's `ScratchMatch`, with
`new_scratch` and `scratch_setup`): each sample reloads it and `Match.streams.reseed`s it with
the sample's seed, which draws exactly what `scratch_match` with that seed would.

`run_cards` gives the run's card list (the `deck.toml` cards plus one card per ability of the
view) as State JSON card objects, the pool a determinization samples from.
"""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.record import new_record
from game.engine.resources import ResourceSet
from game.systems.crawl.content import Content


def scratch_setup(view: dict[str, Any], deck: list[dict[str, Any]]) -> dict[str, Any]:
    """The setup of a seat view's position with `deck` (top first) as its deck."""
    setup = {key: value for key, value in view.items() if key not in ("seed", "seats")}
    setup["board"] = {**view["board"], "deck": deck}
    return setup


def new_scratch(resources: ResourceSet, variant: str) -> Match:
    """A crawl match not yet begun (no setup loaded), events off: what `ScratchMatch` reloads
    from each view. It reads its setups unchecked: they are views this program printed."""
    from game.systems.crawl.content import content_of
    from game.systems.crawl.mode import CrawlRules

    match = Match(CrawlRules(content_of(resources), printed_setups=True), seed=0,
                  options={"variant": variant}, resources=resources, phase="play")
    match.events.enabled = False
    return match


def scratch_match(view: dict[str, Any], deck: list[dict[str, Any]], seed: int,
                  resources: ResourceSet | None = None, *, events: bool = True) -> Match:
    """A match at the view's position with `deck` (top first) as its deck and `seed` driving
    its `dungeon` stream. `events=False` makes it record no events (faster, for a search that
    never reads them: a draw then shows only as a smaller `deck_count`)."""
    from game.systems.crawl.mode import create_match

    if resources is None:
        from game.engine.modes import get_mode
        from game.engine.resources import load_mode_resources

        spec = get_mode("crawl")
        assert spec is not None
        resources = load_mode_resources(spec)
    setup = scratch_setup(view, deck)
    variant = view["board"].get("variant", "normal")
    record = new_record("crawl", "1", seed, {"variant": variant}, setup)
    match = create_match(record, resources)
    match.events.enabled = events
    return match


def run_cards(content: Content, abilities: list[str] | tuple[str, ...]) -> list[dict[str, Any]]:
    """The run's card list as State JSON cards: deck.toml order, then the abilities given."""
    # every key in the State JSON's order, the marks unset; each card a copy with its fields
    template = {"id": "", "type": "", "value": None, "initial_value": None, "ability": None,
                **dict.fromkeys(content.statuses.card_ids(), False), "spent": False, "name": ""}
    cards = []
    for c in content.deck:
        card = template.copy()
        card["id"], card["type"], card["name"] = c.id, c.type, c.name
        card["value"] = card["initial_value"] = c.value
        cards.append(card)
    for ability in abilities:
        found = content.abilities[ability]
        card = template.copy()
        card["id"], card["type"], card["name"] = found.id, "ability", found.name
        card["ability"] = found.id
        cards.append(card)
    return cards
