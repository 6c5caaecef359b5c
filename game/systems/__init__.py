"""Rule systems: esper processors and rule functions, per mode in `game.systems.<mode>`.

Nothing under this package imports arcade or pyglet (DESIGN.md section 1): every rule runs
headless, in tests, replays, simulations and CPU look-ahead.
"""
