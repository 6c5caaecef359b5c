"""arcade Views and everything they share: menu, settings, pause, help, widgets, animation, sound.

Importing this package first makes `arcade.gui` importable headless: pyglet.input
reads `pyglet.window.xlib` at import, and arcade only defines `ControllerManager` when it has a
display, so a headless `import arcade.gui` fails without these two patches. Every scene module
sits in this package, so the fix always runs before any of them imports `arcade.gui`.
"""

import arcade

if arcade.headless:  # arcade 3.3.3 + pyglet 2.1.19; works with DISPLAY unset, no-op under Xvfb
    import pyglet.window.xlib  # noqa: F401  (pyglet.input needs it; it opens no display)
    from arcade.controller import ControllerManager

    arcade.ControllerManager = ControllerManager
