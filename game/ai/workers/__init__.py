"""The CPU players' worker-process entry points, one module per mode (docs/architecture.md).

The window runs a CPU's decision in a spawned process, which imports the module of the
function it runs. These modules import nothing at the top (the CPU packages are imported by
the calls themselves), so the window can hand their functions to a worker without importing a
CPU it never runs in-process, and the worker imports no arcade and opens no GL.
(`game.ai.crawl.worker` is the Hint's.)

`warm` readies a fresh worker for any mode's CPU: the window keeps one such worker waiting
while the menu or a screen before a match shows (game.scenes.cpu_worker), and the match's
first screen takes it. Importing and loading every mode costs little more than one (the
first mode pays the engine's imports and the mode registry: about 0.45 s here, each next
mode 40-90 ms, the process about 40 MB either way).
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

CPU_MODES = ("strike", "kingdom", "conquest", "crawl")  # the modes whose CPUs a worker runs


def mode_resources(mode: str) -> Any:
    """The registered `mode`'s content and mods (load_mode_resources caches them per process),
    for a worker's CPU."""
    from game.engine.modes import get_mode
    from game.engine.resources import load_mode_resources

    spec = get_mode(mode)
    if spec is None:
        raise RuntimeError(f"the {mode} mode is not registered")
    return load_mode_resources(spec)


def warm() -> None:
    """Import every mode's CPU and load its content (and mods) in this worker, ahead of the
    first decision it is asked for; a mode that fails here fails again, visibly, when it is
    asked to decide."""
    import importlib

    from game.engine.modes import get_mode

    for mode in CPU_MODES:
        try:
            importlib.import_module(f"game.ai.{mode}")
            if get_mode(mode) is not None:
                mode_resources(mode)
        except Exception:
            log.exception("warming the %s CPU failed", mode)
