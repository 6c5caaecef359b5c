"""Text painted into card images with PIL (strike and conquest card faces): what does not fit
is cut with an ellipsis, and nothing is painted under `theme.MIN_TEXT_PX` on screen (issue 14,
docs/architecture.md "Readable everywhere")."""

from __future__ import annotations

from PIL import ImageDraw, ImageFont


def clip_text(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont,
              width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than `width` in `font`."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…"
