"""The CPUs' time budgets that live play holds them to (each spec's CPU section). A module of
constants only, so the window reads them without loading a CPU it does not run."""

from __future__ import annotations

STRIKE_HARD_MS = 200.0  # strike spec 7.5: hard's time per decision (p95)
