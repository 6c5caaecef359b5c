"""The crawl CPU's tunables, read from resources/crawl/ai.toml (spec section 7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class NormalParams:
    life_missing: int = 5
    doomed_sum: int = 12
    chaos_gain: int = 3
    banish_min: int = 7
    swap_min: int = 7
    collect_gold_min: int = 4
    emergency_hp: int = 6


@dataclass(frozen=True)
class HardParams:
    budget_ms: float = 300.0
    samples: int = 8
    max_steps: int = 200
    won: float = 1000.0
    lost: float = -1000.0
    score: float = 0.1
    revive: float = 4.0
    deflect: float = 3.0
    capitalize: float = 1.0
    random_attack: float = 2.0
    gold: float = 0.05
    potion: float = 0.8
    elsewhere: float = 0.9
    pyro: float = 0.5
    bash: float = 4.0
    ability: float = 4.0


@dataclass(frozen=True)
class AiConfig:
    normal: NormalParams = field(default_factory=NormalParams)
    hard: HardParams = field(default_factory=HardParams)
    constructed_pick: tuple[str, ...] = ("revive", "shield_bash", "amplify", "swap", "doomed")


def _pick(cls: type, raw: dict[str, Any]) -> Any:
    known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__}
    return cls(**known)


def ai_config(resources: Any) -> AiConfig:
    """The validated ai.toml as an AiConfig (a mode without it gets the spec's defaults)."""
    if resources is None or "ai.toml" not in getattr(resources, "files", {}):
        return AiConfig()
    raw = resources.single("ai.toml").model_dump()
    return AiConfig(
        normal=_pick(NormalParams, raw.get("normal") or {}),
        hard=_pick(HardParams, raw.get("hard") or {}),
        constructed_pick=tuple(raw.get("constructed_pick") or AiConfig().constructed_pick),
    )
