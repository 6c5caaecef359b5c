"""arcade Views and everything they share: menu, settings, pause, help, widgets, animation, sound.

Importing this package first makes `arcade.gui` importable headless: pyglet.input
reads `pyglet.window.xlib` at import, and arcade only defines `ControllerManager` when it has a
display, so a headless `import arcade.gui` fails without these two patches. Every scene module
sits in this package, so the fix always runs before any of them imports `arcade.gui`.
"""

import arcade
import arcade.hitbox

# Textures made without a hit box algorithm get arcade's default, which scans the image's
# pixels for its outline (`algo_simple`): about 10 ms for a card face on a 2-core machine,
# a good part of a screen's first layout, for hit boxes no screen uses (hit tests are on
# rectangles; the few `collides_with_point` calls are on rectangles or near-squares). The
# documented default is set to the bounding box for every texture the game makes (issue 14).
arcade.hitbox.algo_default = arcade.hitbox.algo_bounding_box

if arcade.headless:  # arcade 3.3.3 + pyglet 2.1.19; works with DISPLAY unset, no-op under Xvfb
    import pyglet.window.xlib  # noqa: F401  (pyglet.input needs it; it opens no display)
    from arcade.controller import ControllerManager

    arcade.ControllerManager = ControllerManager
