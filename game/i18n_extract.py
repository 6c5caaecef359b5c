"""Babel's extractor for the texts of resource files (babel.cfg: `[content: resources/**.toml]`).

A resource file's display texts (a card's `name`, an ability's `text`, a tutorial step's `say`)
are msgids like the screens' strings: the scenes show them through `game.i18n._`, keyed by the
English text, so a catalogue translates the base content and a mod's untranslated content
stays English (docs/i18n.md). Only `pybabel extract` imports this module.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import IO, Any

# the keys whose string values a player reads
TEXT_KEYS = frozenset({"name", "text", "label", "title", "description", "say", "hint",
                       "archetype", "done", "cpu_turn"})
# the tables whose every value is a name a player reads, keyed by ids (Kingdom's
# `continent_names = {europe = "Europe"}`)
NAME_TABLES = frozenset({"continent_names"})


def _texts(value: Any, key: str | None) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in NAME_TABLES and isinstance(v, dict):
                yield from (name for name in v.values() if isinstance(name, str) and name)
                continue
            yield from _texts(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v, key)
    elif isinstance(value, str) and key in TEXT_KEYS and value:
        yield value


def extract_content(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                    options: dict[str, Any]) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """(line, function, message, comments) for each display text of a TOML resource file."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for text in _texts(tomllib.loads(source), None):
        quoted = tomllib_quote(text)
        line = next((n for n, raw in enumerate(lines, 1) if quoted in raw), 1)
        yield line, None, text, []


def tomllib_quote(text: str) -> str:
    """How a basic TOML string of `text` starts in the file (to find its line)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"')[:40]


def extract_mode_card(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                      options: dict[str, Any]) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A game's card (`game/systems/<mode>/card.py`): its menu `description` and what each
    older rules version changes (`rules_changes`), which the menu and help show. The rules
    keep them English; the scenes `_()` them."""
    import ast

    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.keyword):
            continue
        if node.arg == "description" and isinstance(node.value, ast.Constant):
            yield node.value.lineno, None, str(node.value.value), []
        elif node.arg == "rules_changes" and isinstance(node.value, ast.Dict):
            for value in node.value.values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    yield value.lineno, None, value.value, []
