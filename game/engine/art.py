"""Card art named by resource files (crawl's `art` and `icon`): found, read and decoded within
bounds, since a mod names them (docs/modding.md "What the game reads").

A handle is `code:<name>` (drawn in code by the scenes, no file), `:resources:<path>` (arcade's
bundled assets, found without importing arcade: the rules never do) or a file path. A file is
read like any mod file, through the one bounded reader (a regular file of at most
MAX_ART_BYTES: never a FIFO or a device), then decoded only if its header declares at most
MAX_ART_PIXELS pixels and one of the usual formats: a 20 kB PNG that declares 13000 x 13000
pixels would take 1.7 GB to decode. `art_problem` says what is wrong with a handle (validation
names the file and key); `load_art` gives the decoded picture (the scenes paint it).
"""

from __future__ import annotations

import importlib.util
import io
import os
import warnings
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.bounded import NotRegular, TooLarge, read_regular

if TYPE_CHECKING:
    from PIL import Image

CODE_PREFIX = "code:"
MAX_ART_BYTES = 4 << 20  # arcade's largest bundled picture is 200 kB
MAX_ART_PIXELS = 2048 * 2048  # 16 MB as RGBA; the cards paint art at about 200 x 200
FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP")


class ArtError(ValueError):
    """A handle that names no readable picture within the bounds (the reason, for a player)."""


@cache
def _asset_roots() -> tuple[Path, ...]:
    """arcade's `:resources:` folders, searched as arcade searches them (assets first)."""
    try:
        spec = importlib.util.find_spec("arcade")
    except (ImportError, ValueError):
        return ()
    if spec is None or not spec.submodule_search_locations:
        return ()
    root = Path(next(iter(spec.submodule_search_locations))) / "resources"
    return (root / "assets", root / "system")


def art_path(handle: str) -> Path | None:
    """The file a handle names (None for `code:` art); ArtError for a handle naming none."""
    handle = handle.strip()
    if handle.startswith(CODE_PREFIX):
        return None
    if handle.startswith(":"):
        name, _, resource = handle[1:].partition(":")
        if name != "resources" or not resource:
            raise ArtError(f"{handle!r} is not code:<name>, :resources:<path> or a file path")
        resource = resource.lstrip("/\\")
        for root in _asset_roots():
            if (root / resource).exists():
                return root / resource
        raise ArtError(f"{handle!r}: no such file among arcade's resources")
    return Path(handle)


def _read(handle: str) -> tuple[bytes, Image.Image]:
    """The file's bytes and its picture opened from them (header read, not decoded)."""
    from PIL import Image, UnidentifiedImageError

    path = art_path(handle)
    if path is None:
        raise ArtError("drawn in code: no file")
    try:
        raw = read_regular(path, MAX_ART_BYTES)
    except FileNotFoundError:
        raise ArtError(f"{handle!r}: no such file") from None
    except (NotRegular, TooLarge) as exc:
        raise ArtError(f"{handle!r}: {exc}") from None
    except OSError as exc:
        raise ArtError(f"{handle!r}: cannot read: {exc.strerror or exc}") from None
    try:
        with warnings.catch_warnings():  # PIL's own, looser bomb check: ours follows
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(raw), formats=FORMATS)
    except Image.DecompressionBombError:
        raise ArtError(f"{handle!r}: more than {MAX_ART_PIXELS} pixels") from None
    except (UnidentifiedImageError, OSError, ValueError):
        raise ArtError(f"{handle!r}: not a picture ({', '.join(FORMATS)})") from None
    width, height = picture.size
    if width * height > MAX_ART_PIXELS:
        raise ArtError(f"{handle!r}: {width} x {height} pixels, more than {MAX_ART_PIXELS}")
    return raw, picture


def load_art(handle: str) -> Image.Image:
    """The decoded picture (RGBA) of a file handle; ArtError says why there is none."""
    _, picture = _read(handle)
    try:
        with picture:
            return picture.convert("RGBA")
    except (OSError, ValueError, SyntaxError) as exc:  # a truncated or corrupt file
        raise ArtError(f"{handle!r}: cannot be decoded ({exc})") from None


def art_problem(handle: str) -> str | None:
    """Why a resource file's art handle cannot be shown, or None (a `code:` handle is the
    scenes' to draw). The file is read and its header checked, not decoded: cheap enough for
    every load of the resources, and cached per file version."""
    try:
        path = art_path(handle)
    except ArtError as exc:
        return str(exc)
    if path is None:
        return None
    try:
        info = os.stat(path)
    except OSError:
        info = None
    return _problem_of(handle, None if info is None else (info.st_mtime_ns, info.st_size))


@cache
def _problem_of(handle: str, version: tuple[int, int] | None) -> str | None:
    try:
        _, picture = _read(handle)
    except ArtError as exc:
        return str(exc)
    picture.close()
    return None
