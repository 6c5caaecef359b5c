"""A pytest plugin for tests/test_suite_setup.py: `-p tests.marker_report` prints each collected
test's markers (`MARKS <node id> <name>,<name>`), so one collection shows what every `-m`
expression would select."""

from __future__ import annotations

import pytest


def pytest_collection_finish(session: pytest.Session) -> None:
    for item in session.items:
        names = sorted({mark.name for mark in item.iter_markers()})
        print(f"MARKS {item.nodeid} {','.join(names)}")
