"""How many examples the property tests run: one profile for development and CI, one long.

- `quick` (the default, in development and in CI): 60 examples a test unless the test asks for
  its own count, derandomized, so a run is the same on every machine and a failure repeats.
- `long` (`HYPOTHESIS_PROFILE=long`, for a nightly or pre-release run): 1,000 examples a test,
  random, and every test that asks for its own count gets the same factor through `examples`.

Tests that set a count write `@settings(max_examples=examples(50))`: 50 in the quick profile,
about 830 in the long one.
"""

from __future__ import annotations

import os

from hypothesis import settings

QUICK_EXAMPLES = 60

settings.register_profile("quick", max_examples=QUICK_EXAMPLES, deadline=None, derandomize=True)
# Each profile says every setting it relies on: in CI (the `CI` variable) hypothesis loads its own
# `ci` profile, and a profile that left `derandomize` out would take it from there.
settings.register_profile(
    "long", max_examples=1000, deadline=None, derandomize=False, print_blob=True
)


def load_profile() -> str:
    """Load the profile `HYPOTHESIS_PROFILE` names (an unknown name is hypothesis' error)."""
    name = os.environ.get("HYPOTHESIS_PROFILE") or "quick"
    settings.load_profile(name)
    return name


def examples(quick: int) -> int:
    """A test's own example count `quick`, scaled as the loaded profile scales the default."""
    return max(1, quick * settings().max_examples // QUICK_EXAMPLES)
