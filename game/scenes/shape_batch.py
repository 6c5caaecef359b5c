"""Untextured shapes in one draw, re-batched from cached pieces at numpy speed.

`arcade.shape_list.ShapeElementList` builds its vertex and index data in Python and makes new
buffers and vertex arrays whenever a list is built again: about half a millisecond for the
picker's fourteen tiles, in the very frame a selection changes, on a software renderer. A
`ShapeBatch` keeps each piece (a tile in one state) as a ready float32 array of triangles, so a
new batch is one `numpy.concatenate` and one buffer write into a buffer that only grows. It
draws with the shape list's own program and vertex format, so the pixels are the same.
"""

from __future__ import annotations

from collections.abc import Sequence

import arcade
import numpy as np
from arcade.gl import BufferDescription
from arcade.shape_list import Shape

FLOATS = 6  # x, y, r, g, b, a (colours 0-255, as `Shape.data`)
STRIP_MODES = {arcade.gl.TRIANGLE_STRIP}


def triangles(shapes: Sequence[Shape]) -> np.ndarray:
    """The shapes' vertices as (n, 6) float32 rows of whole triangles (strips unrolled)."""
    parts = []
    for shape in shapes:
        rows = np.frombuffer(shape.data, dtype=np.float32).reshape(-1, FLOATS)
        if shape.mode in STRIP_MODES:
            # strip vertex i makes a triangle with i+1 and i+2 (winding is irrelevant: no culling)
            idx = np.arange(len(rows) - 2)
            rows = rows[np.stack([idx, idx + 1, idx + 2], axis=1).ravel()]
        elif shape.mode != arcade.gl.TRIANGLES:
            raise ValueError(f"ShapeBatch draws triangles and strips, not mode {shape.mode}")
        parts.append(rows)
    return np.concatenate(parts) if parts else np.zeros((0, FLOATS), np.float32)


class ShapeBatch:
    """Triangles from cached pieces (`triangles()` arrays), drawn blended in one call."""

    def __init__(self) -> None:
        self._buffer: arcade.gl.Buffer | None = None
        self._geometry: arcade.gl.Geometry | None = None
        self._vertices = 0

    def set(self, pieces: Sequence[np.ndarray]) -> None:
        """Show exactly these pieces, in order (later ones over earlier ones)."""
        data = np.concatenate(pieces) if pieces else np.zeros((0, FLOATS), np.float32)
        ctx = arcade.get_window().ctx
        if self._buffer is None or data.nbytes > self._buffer.size:
            self._buffer = ctx.buffer(reserve=max(4096, 2 * data.nbytes))
            self._geometry = ctx.geometry(
                [BufferDescription(self._buffer, "2f 4f", ["in_vert", "in_color"])],
                mode=ctx.TRIANGLES,
            )
        if data.nbytes:
            self._buffer.write(data.tobytes())
        self._vertices = len(data)

    def draw(self) -> None:
        if not self._vertices or self._geometry is None:
            return
        ctx = arcade.get_window().ctx
        program = ctx.shape_element_list_program
        program["Position"] = (0.0, 0.0)
        program["Angle"] = 0.0
        ctx.enable(ctx.BLEND)
        ctx.blend_func = ctx.BLEND_DEFAULT
        self._geometry.render(program, vertices=self._vertices)
        ctx.disable(ctx.BLEND)
