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

# The window's texture atlas starts at 512 x 512 and doubles when a texture does not fit, a
# copy of everything on it: 120-140 ms at the 1024 -> 2048 step here, inside whichever step of
# a screen's preparation adds the texture that overflows (crawl's board and strike's draft
# reach 2048 x 2048). Made at that size at launch (16 MB), before any texture is on it, the
# first openings never pay a resize (issue 14, item 2).
arcade.ArcadeContext.atlas_size = (2048, 2048)

if arcade.headless:  # arcade 3.3.3 + pyglet 2.1.19; works with DISPLAY unset, no-op under Xvfb
    import pyglet.window.xlib  # noqa: F401  (pyglet.input needs it; it opens no display)
    from arcade.controller import ControllerManager

    arcade.ControllerManager = ControllerManager

# arcade.gui checks a listener's signature with `inspect` on every Property bind, a dozen a
# widget: most of the cost of building a panel of widgets (game.scenes.gui_speed).
from game.scenes import gui_speed  # noqa: E402

gui_speed.install()
