"""Fixtures of the Kingdom scene tests: the loaded content, an App on the shared window, and
deck-builder views on fresh matches.

Animations are instant and sound is off; every test gets its own TABULA_HOME (root conftest).
"""

from __future__ import annotations

import pytest

import game.scenes  # noqa: F401  (arcade.gui shim)


@pytest.fixture(scope="session")
def content():
    from game.systems.kingdom.content import load_content

    return load_content()
