"""Kingdom screens (spec kingdom.md 8): card drawing, the deck builder, the match view, combat
playback, the end screen and the help overlay."""
