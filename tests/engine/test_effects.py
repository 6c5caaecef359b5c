"""game.engine.effects: effects by registered name, parameters checked by their model."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict

from game.engine.effects import EffectRegistry, NoParams


class Burn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    turns: int
    amount: int = 1


@pytest.fixture
def effects() -> EffectRegistry:
    registry = EffectRegistry("tiny")

    @registry.register("burn", Burn)
    def burn(match, target, params):
        return ("burn", target, params.turns)

    @registry.register("draw")
    def draw(match, target, params):
        return "draw"

    return registry


def test_registered_effects_are_found_by_name(effects):
    assert effects.mode == "tiny"
    assert effects.names() == ["burn", "draw"]
    burn = effects.get("burn")
    assert (burn.name, burn.params) == ("burn", Burn)
    assert burn.fn(None, 3, Burn(turns=2)) == ("burn", 3, 2)
    assert effects.get("draw").params is NoParams
    assert effects.check("burn", {"turns": 2}) == []
    assert effects.check("burn", {"turns": 2, "amount": 3}) == []
    assert effects.check("draw", {}) == []


def test_an_unknown_effect_name_is_a_problem(effects):
    assert effects.check("freeze", {}) == [
        ("effect", "unknown effect 'freeze' (registered: burn, draw)")]
    with pytest.raises(KeyError):
        effects.get("freeze")


@pytest.mark.parametrize(("name", "params", "problems"), [
    ("burn", {}, [("turns", "Field required")]),
    ("burn", {"turns": "2"}, [("turns", "Input should be a valid integer")]),
    ("burn", {"turns": 2, "colour": "red"}, [("colour", "Extra inputs are not permitted")]),
    ("burn", {"turns": 1.5, "amount": True}, [("turns", "Input should be a valid integer"),
                                              ("amount", "Input should be a valid integer")]),
    ("draw", {"count": 2}, [("count", "Extra inputs are not permitted")]),
])
def test_bad_parameters_are_problems_by_key(effects, name, params, problems):
    assert effects.check(name, params) == problems


def test_registering_again_replaces_the_effect(effects):
    @effects.register("draw", Burn)
    def draw2(match, target, params):
        return "draw2"

    assert effects.get("draw").fn is draw2
    assert effects.check("draw", {}) == [("turns", "Field required")]


def test_bind_gives_the_effect_and_its_typed_parameters():
    from pydantic import BaseModel

    from game.engine.effects import EffectRegistry

    class Trail(BaseModel):
        turns: int
        value: int = 0

    registry = EffectRegistry("test")

    @registry.register("trail", Trail, point="after")
    def trail(match, context, params):
        return params.turns * 10 + params.value

    effect, params = registry.bind("trail", {"turns": 2, "value": 3})
    assert (effect.point, "trail" in registry, "other" in registry) == ("after", True, False)
    assert isinstance(params, Trail) and effect.fn(None, None, params) == 23
