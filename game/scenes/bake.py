"""Static text baked into textures: one quad per block of text instead of one per glyph.

On Mesa's llvmpipe a text costs far more per glyph than per pixel: every glyph is two
triangles whose set-up dominates, and 2,240 glyphs of 12-point text took longer than a
full-window fill (measured on a 2-core CI-class machine). A block that does not change between
layouts (an ability's description, a score table, a heading) is drawn once into an offscreen
framebuffer, read back and shown as a sprite: the same pixels, in one draw of two triangles,
and it moves and fades with its sprite.

The texts are drawn with arcade's text blending into a transparent framebuffer, which leaves
premultiplied colour; the read-back is un-premultiplied ("RGBa" to "RGBA"), so the sprite's
ordinary blending puts the same colour on the screen (within a unit of rounding). Bake at
layout time only: the read-back waits for the GPU.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import arcade
from PIL import Image

K = TypeVar("K", bound=Hashable)
PAD = 3  # pixels around the layout boxes (overhanging glyphs, bold strokes)


@dataclass(frozen=True)
class Baked:
    """A baked block: its texture and where it goes on the screen (whole pixels)."""

    texture: arcade.Texture
    rect: arcade.types.Rect

    def sprite(self) -> arcade.Sprite:
        """A sprite showing the block where its texts were (alpha fades it, position moves
        it: keep the centre on whole or half pixels, as here, so texels stay on pixels)."""
        sprite = arcade.Sprite(self.texture)
        sprite.size = (self.rect.width, self.rect.height)
        sprite.position = self.rect.center
        return sprite


@dataclass(frozen=True)
class Offscreen:
    """A framebuffer for the screen box (left, bottom, width, height) at the window's pixel
    ratio, and the camera that draws into it: what is drawn with the camera active lands in
    the framebuffer where it would stand on the screen."""

    fbo: arcade.gl.Framebuffer
    camera: arcade.Camera2D
    ratio: float
    size: tuple[int, int]  # in framebuffer pixels


def offscreen(left: float, bottom: float, width: float, height: float) -> Offscreen:
    window = arcade.get_window()
    ctx = window.ctx
    ratio = window.get_pixel_ratio()
    pw, ph = max(1, round(width * ratio)), max(1, round(height * ratio))
    fbo = ctx.framebuffer(color_attachments=[ctx.texture((pw, ph), components=4)])
    camera = arcade.Camera2D(
        viewport=arcade.LBWH(0, 0, pw, ph), position=(left + width / 2, bottom + height / 2),
        projection=arcade.LRBT(-width / 2, width / 2, -height / 2, height / 2),
        render_target=fbo,
    )  # fmt: skip
    return Offscreen(fbo, camera, ratio, (pw, ph))


def text_bounds(texts: Sequence[arcade.Text]) -> tuple[int, int, int, int]:
    """The padded pixel box (left, bottom, right, top) around the layout boxes of texts."""
    left = math.floor(min(t.left for t in texts)) - PAD
    bottom = math.floor(min(t.bottom for t in texts)) - PAD
    right = math.ceil(max(t.right for t in texts)) + PAD
    top = math.ceil(max(t.top for t in texts)) + PAD
    return left, bottom, right, top


_by_content: dict[str, arcade.Texture] = {}


def content_texture(image: Image.Image, kind: str) -> arcade.Texture:
    """One texture per distinct image (named by its content), kept for the session.

    Two `arcade.Texture` objects with the same name must never live at once: the atlas keeps
    one entry per name, and when the older object is collected its finalizer removes that
    entry under the newer one's sprites ("Texture ... not found in UVData", seen when a screen
    baked the same text again while the old bake awaited the garbage collector). Baked images
    are small and their distinct contents few, so they are simply kept."""
    digest = hashlib.blake2b(image.tobytes(), digest_size=10).hexdigest()
    name = f"tabula-{kind}-{image.width}x{image.height}-{digest}"
    texture = _by_content.get(name)
    if texture is None:
        texture = _by_content[name] = arcade.Texture(
            image, hash=name, hit_box_algorithm=arcade.hitbox.algo_bounding_box,  # no pixel scan
        )  # fmt: skip
    return texture


def _texture(image: Image.Image, left: float, top: float, ratio: float, tag: str) -> Baked:
    """The baked image trimmed to its inked pixels (transparent texels cost as much to fill as
    any), as a texture deduplicated by content, and where it goes."""
    box = image.getchannel("A").getbbox() or (0, 0, 1, 1)
    image = image.crop(box)
    texture = content_texture(image, f"baked-{tag}")
    w, h = image.width / ratio, image.height / ratio
    return Baked(texture, arcade.LBWH(left + box[0] / ratio, top - box[1] / ratio - h, w, h))


def bake_texts(groups: Mapping[K, Sequence[arcade.Text]], tag: str = "text") -> dict[K, Baked]:
    """Draw each group of texts once, where they stand, and return one texture per group.

    The texts are only read: give texts that belong to no batch, or delete them from theirs
    afterwards. One framebuffer serves every group, each cleared, drawn and read on its own.
    """
    boxes = {key: text_bounds(texts) for key, texts in groups.items() if texts}
    if not boxes:
        return {}
    ratio = arcade.get_window().get_pixel_ratio()
    # The framebuffer starts on a whole window pixel, and every box is whole pixels of it, so
    # a baked texel lands on exactly one window pixel (a UI scale of 1.5 put whole logical
    # pixels on half window pixels: the sprite's nearest sampling then dropped a row of
    # each glyph, "5" read "b", issue 27). At 1x this is the layout's own integer box.
    left = math.floor(min(b[0] for b in boxes.values()) * ratio + 1e-6) / ratio
    bottom = math.floor(min(b[1] for b in boxes.values()) * ratio + 1e-6) / ratio
    right = math.ceil(max(b[2] for b in boxes.values()) * ratio - 1e-6) / ratio
    top = math.ceil(max(b[3] for b in boxes.values()) * ratio - 1e-6) / ratio
    target = offscreen(left, bottom, right - left, top - bottom)
    fbo = target.fbo
    out: dict[K, Baked] = {}
    with target.camera.activate():
        for key, (l, b, r, t) in boxes.items():  # noqa: E741
            # each group alone (a neighbour's glyphs inside its box must not be baked twice)
            x0 = math.floor((l - left) * ratio + 1e-6)
            y0 = math.floor((b - bottom) * ratio + 1e-6)
            x1 = min(target.size[0], math.ceil((r - left) * ratio - 1e-6))
            y1 = min(target.size[1], math.ceil((t - bottom) * ratio - 1e-6))
            box = (x0, y0, x1 - x0, y1 - y0)
            fbo.clear(color=(0, 0, 0, 0), viewport=box)
            for text in groups[key]:
                text.draw()
            image = Image.frombytes("RGBa", box[2:], fbo.read(viewport=box, components=4))
            out[key] = _texture(image.transpose(Image.Transpose.FLIP_TOP_BOTTOM).convert("RGBA"),
                                left + x0 / ratio, bottom + y1 / ratio, ratio, tag)
    return out


def draw_baked(sprites: arcade.SpriteList) -> None:
    """Draw baked sprites texel for pixel: they sit on whole pixels, where nearest sampling
    copies the bake exactly (linear blurs it by arcade's half-texel inset) and fills faster."""
    sprites.draw(filter=sprites.ctx.NEAREST)


def bake_each(texts: Sequence[arcade.Text], tag: str = "text") -> list[arcade.Sprite]:
    """One baked sprite per text, each trimmed to its ink: for sparse blocks (a table, a
    list of lines), where one sprite over the whole block would fill mostly empty texels."""
    baked = bake_texts({i: [text] for i, text in enumerate(texts)}, tag)
    return [baked[i].sprite() for i in range(len(texts)) if i in baked]
