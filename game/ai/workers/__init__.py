"""The CPU players' worker-process entry points, one module per mode (docs/architecture.md).

The window runs a CPU's decision in a spawned process, which imports the module of the
function it runs. These modules import nothing at the top (the CPU packages are imported by
the calls themselves), so the window can hand their functions to a worker without importing a
CPU it never runs in-process, and the worker imports no arcade and opens no GL.
(`game.ai.crawl.worker` is the Hint's.)
"""
