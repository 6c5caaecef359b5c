"""Rule systems: esper processors and rule functions, per mode in `game.systems.<mode>`.

Nothing under this package imports arcade or pyglet (docs/architecture.md): every rule runs
headless, in tests, replays, simulations and CPU look-ahead.
"""
