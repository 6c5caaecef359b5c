"""Effects by name (docs/modding.md): resource files name them, code registers them.

A card or ability in a resource file says `effect = "burn"` plus its parameters; the mode
registers a Python function under that name with a pydantic model of the parameters and the
point of a rule where it runs (strike: "targets", "hit", "after" of an ability). Loading
validates the name and the parameters, so a mod can only compose registered effects: nothing
from a mod is ever imported or evaluated. A system runs the effects an entry names at each of
its points (`effect.fn(match, context, params)`); no system branches on an effect's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError


class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


@dataclass(frozen=True)
class Effect:
    """A registered function: its name, its typed parameters, the point of a rule where it runs
    and what else the rules and the CPUs may ask of it (`info`: e.g. an ability kind's
    `targets`, an effect's allowed ability `kinds`)."""

    name: str
    fn: Callable[..., Any]
    params: type[BaseModel]
    point: str = ""
    info: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, key: str) -> Any:
        if key.startswith("__") or key == "info":  # copy and pickle probe before `info` is set
            raise AttributeError(key)
        try:
            return self.info[key]
        except KeyError:
            raise AttributeError(key) from None


class EffectRegistry:
    """Functions registered under names, which content names: a mode's effects, ability kinds
    or attack styles, or the engine's trigger effects. What is registered is code, fixed at
    import; what varies with a content (its statuses, its triggers) is built from the content
    (game.engine.statuses), never kept here."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self._effects: dict[str, Effect] = {}

    def register(
        self, name: str, params: type[BaseModel] = NoParams, point: str = "", **info: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
            self._effects[name] = Effect(name, fn, params, point, info)
            return fn

        return decorate

    def names(self) -> list[str]:
        return sorted(self._effects)

    def get(self, name: str) -> Effect:
        return self._effects[name]

    def __contains__(self, name: object) -> bool:
        return name in self._effects

    def bind(self, name: str, params: dict[str, Any]) -> tuple[Effect, BaseModel]:
        """The effect and its typed parameters (raises ValidationError or KeyError)."""
        effect = self._effects[name]
        return effect, effect.params.model_validate(params)

    def check(self, name: str, params: dict[str, Any]) -> list[tuple[str, str]]:
        """Problems as (key, message) for an effect name and its parameters."""
        effect = self._effects.get(name)
        if effect is None:
            known = ", ".join(self.names())
            return [("effect", f"unknown effect {name!r} (registered: {known})")]
        try:
            effect.params.model_validate(params)
        except ValidationError as exc:
            return [
                (".".join(str(p) for p in err["loc"]) or "effect", err["msg"])
                for err in exc.errors()
            ]
        return []
