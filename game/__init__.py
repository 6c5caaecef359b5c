"""Tabula: four turn-based card and strategy games on one engine.

`game.engine`, `game.components`, `game.systems` and `game.ai` are the rules and never import
arcade; `game.scenes` is the arcade front end that only renders and turns input into decisions.
"""

__version__ = "0.1.0"
