"""`python -m game` and the `tabula` console script."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return its exit code (the console script exits with it).

    CPU workers, `simulate --jobs` and the crawl hint spawn processes. In a frozen build
    (PyInstaller) a spawned child runs this same executable: `freeze_support()` turns it into
    the worker it was started as, instead of a second copy of the game. It must run before
    anything else, and it does nothing in a normal interpreter, which therefore does not even
    import multiprocessing here (every command's start-up pays for what it imports).
    """
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    from game.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
