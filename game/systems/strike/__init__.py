"""Marve-Strike rules (spec strike.md): draft, placement and grid combat for two seats.

Modules, in the order play uses them: `content` (resources), `grid` (distances, BFS, flame
lines), `setup` (deal / setups), `draft` (picks, placement), `legal` (checks, legal lists),
`combat` (turns, abilities, damage, the end), `state` (State JSON, seat view), `mode`
(registration).
"""
