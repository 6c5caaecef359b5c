"""Static sprites flattened into one opaque sprite over the plain table.

On Mesa's llvmpipe a textured pixel costs several times a cleared one, and overlapping
sprites pay for every layer (rotated ones with linear sampling most). A group of sprites that
does not move between layouts and sits on the bare table (the Start screen's fan of cards) is
drawn once, as the screen would draw it, into an offscreen framebuffer cleared to the table
colour; the result is one opaque texture over the group's pixel box, drawn texel for pixel
without blending. The pixels are the same: the same draws over the same colour.

Only for groups whose box covers nothing but the table (the box is opaque). Bake at layout
time only: the read-back waits for the GPU.
"""

from __future__ import annotations

import math

import arcade
from arcade.types import Color
from PIL import Image

from game.scenes.bake import content_texture, offscreen


def sprites_box(sprites: arcade.SpriteList) -> tuple[int, int, int, int]:
    """The whole-pixel box (left, bottom, right, top) around the sprites' corners, 1 px out
    (linear sampling bleeds half a texel)."""
    xs: list[float] = []
    ys: list[float] = []
    for sprite in sprites:
        for x, y in sprite.hit_box.get_adjusted_points():
            xs.append(x)
            ys.append(y)
    return (math.floor(min(xs)) - 1, math.floor(min(ys)) - 1,
            math.ceil(max(xs)) + 1, math.ceil(max(ys)) + 1)


def flatten(sprites: arcade.SpriteList, background: Color, tag: str) -> arcade.Sprite | None:
    """One opaque sprite showing `sprites` drawn over `background`, where they stand."""
    if not len(sprites):
        return None
    left, bottom, right, top = sprites_box(sprites)
    w, h = right - left, top - bottom
    target = offscreen(left, bottom, w, h)
    fbo, (pw, ph) = target.fbo, target.size
    with target.camera.activate():
        fbo.clear(color=Color(background.r, background.g, background.b, 255))
        sprites.draw()
        data = fbo.read(viewport=(0, 0, pw, ph), components=4)
    # the colour is the composite over the background; blending left alpha below 255 where
    # translucent edges were drawn, and the box is opaque: keep the colour only
    image = Image.frombytes("RGBA", (pw, ph), data).convert("RGB").convert("RGBA")
    image = image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    texture = content_texture(image, f"flat-{tag}")
    sprite = arcade.Sprite(texture)
    sprite.size = (w, h)
    sprite.position = (left + w / 2, bottom + h / 2)
    return sprite


def draw_opaque_sprites(sprites: arcade.SpriteList) -> None:
    """Opaque, texel-for-pixel sprites: nearest sampling, no blending."""
    ctx = sprites.ctx
    with ctx.enabled_only():
        sprites.draw(filter=ctx.NEAREST)
