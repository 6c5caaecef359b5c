"""Render every screen of `game.scenes.gallery` to PNGs (issue 14: look at each screen at the
minimum and a large window size, in both palettes), headless.

    python -m scripts.screens --size 960x600 --palette colour-blind --out shots/
    python -m scripts.screens --size 1920x1080 --scale 1.5 --out shots-1.5/
    python -m scripts.screens --log --out shots-log/     # with the log panel shown (L)
    python -m scripts.screens --language pt_BR --out shots-pt/   # in Português (Brasil)

One PNG per screen, named `<mode>-<screen>.png`; the docs/*-screens.md "Screens at 960x600
and 1920x1080" sections describe what they show.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="960x600", help="window size WxH")
    parser.add_argument("--palette", default="standard", choices=("standard", "colour-blind"))
    parser.add_argument("--scale", type=float, default=1.0,
                        help="UI scale setting (0.75, 1, 1.25, 1.5, 1.75 or 2)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNGs")
    parser.add_argument("--log", action="store_true",
                        help="the game screens with their log panel shown (L)")
    parser.add_argument("--language", default="en", help="language code (en, pt_BR)")
    parser.add_argument("names", nargs="*", help="only these screens (e.g. strike/combat)")
    args = parser.parse_args()
    os.environ.setdefault("ARCADE_HEADLESS", "1")

    import game.scenes  # noqa: F401  (arcade.gui shim)
    from game import paths
    from game.scenes import gallery
    from game.scenes.app import App
    from game.scenes.fonts import load_fonts
    from game.scenes.harness import make_window, screenshot, step
    from game.scenes.settings import UI_SCALES, Settings
    from game.scenes.staged import finish_preparing

    if args.scale not in UI_SCALES:
        parser.error(f"--scale must be one of {', '.join(f'{v:g}' for v in UI_SCALES)}")
    width, height = (int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    with paths.temporary_home():
        window = make_window(width, height)
        load_fonts()
        app = App(window, settings=Settings(animation_speed="instant", sound_on=False,
                                            palette=args.palette, ui_scale=args.scale,
                                            language=args.language))
        app.log_open = args.log
        for screen in gallery.screens():
            if args.names and screen.name not in args.names:
                continue
            view = screen.build(app)
            if hasattr(view, "prepare_sync"):  # the board, not its loading state
                view.prepare_sync = True
            window.show_view(view)
            finish_preparing(window)
            step(window, 3)
            image = screenshot(window)
            image.convert("RGB").save(args.out / f"{screen.name.replace('/', '-')}.png")
            gallery.close(view)
            print(args.out / f"{screen.name.replace('/', '-')}.png")


if __name__ == "__main__":
    main()
