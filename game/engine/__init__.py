"""The mode-independent logic layer. Nothing under game.engine imports arcade or pyglet."""
