"""Kingdom (spec kingdom.md): a 1v1 historical auto-battler.

- `content`: the resource files (rules, factions, ai), their checks and the loaded `Content`.
- `pools`: deck-builder presets, deck validity and shop draws.
- `mode`: the `ModeSpec` registration.
"""
