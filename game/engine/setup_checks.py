"""Checks every mode's setup loader shares: bounded integers, known keys, lengths, ASCII ids.

A record's `setup` is a crafted file as far as the program knows. Every size or count it can set
has an upper bound as well as a lower one, so a setup cannot make a legal-move list, a search or
a screen grow without limit; every key is either known or rejected by name, in every mode; and
messages quote a value only as a short excerpt, so a 16 MB value cannot fill the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from game.engine.match import SetupError, is_int

EXCERPT = 60  # characters of a value quoted in a message


def excerpt(value: Any) -> str:
    """`repr(value)` cut to EXCERPT characters (a crafted value may be megabytes long)."""
    text = repr(value)
    return text if len(text) <= EXCERPT else text[:EXCERPT - 3] + "..."


def check_int(value: Any, key: str, low: int, high: int) -> int:
    """A JSON integer in low..high, or SetupError naming the key and the bound it breaks."""
    if not is_int(value):
        raise SetupError(f"{key}: must be an integer, got {excerpt(value)}")
    if value < low:
        raise SetupError(f"{key}: must be at least {low}, got {value}")
    if value > high:
        raise SetupError(f"{key}: must be at most {high}, got {value}")
    return value


def check_keys(raw: dict[str, Any], allowed: Iterable[str], key: str) -> None:
    """Reject the first key of `raw` that is not in `allowed` (`key` is the object's path)."""
    known = allowed if isinstance(allowed, (set, frozenset)) else frozenset(allowed)
    for name in raw:
        if name not in known:
            where = f"{key}.{name}" if key else name
            raise SetupError(f"{where}: unknown key")


def check_length(value: list[Any], key: str, high: int) -> None:
    """A list of at most `high` entries."""
    if len(value) > high:
        raise SetupError(f"{key}: must hold at most {high} entries, got {len(value)}")


def check_text(value: Any, key: str, high: int, *, empty: bool = False) -> str:
    """A string of at most `high` characters (non-empty unless `empty`)."""
    if not isinstance(value, str) or (not value and not empty):
        raise SetupError(f"{key}: must be a{'' if empty else ' non-empty'} string, "
                         f"got {excerpt(value)}")
    if len(value) > high:
        raise SetupError(f"{key}: must be at most {high} characters, got {len(value)}")
    return value


def id_pattern(pattern: str) -> re.Pattern[str]:
    """An id pattern matched against the whole string with ASCII classes only: `\\d` and `$`
    would accept "¹", "١" or a trailing newline, which the rules would then read as another
    id or crash on. Use `.fullmatch`."""
    return re.compile(pattern, re.ASCII)
