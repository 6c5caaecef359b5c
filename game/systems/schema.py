"""Schema helpers shared by the modes' resource models (game/systems/<mode>/content.py).

A check across several fields of a one-object file (`rules.toml`) runs in a model validator,
where a plain ValueError has no location: the problem would name the file but no key. `located`
builds the error at the key the modder must change (`board.zone_columns`), so that every
problem reads `file:key: message`.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError


def located(model: str, key: str, message: str, value: Any = None) -> ValidationError:
    """A validation error of `model` at the dotted `key` (raise it from a model validator)."""
    loc = tuple(int(part) if part.isdigit() else part for part in key.split("."))
    return ValidationError.from_exception_data(model, [InitErrorDetails(
        type=PydanticCustomError("invalid", "{message}", {"message": message}),
        loc=loc, input=value)])
