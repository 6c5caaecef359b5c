"""The screens of Marve-Strike (spec strike.md section 8).

- `start`: `open_strike(app, launch)` (the mode's scene entry) and `shot_view(app, match)`;
- `base`: the session (match, CPU seats) and what every screen shares (submit, events, CPU);
- `draft`: the stealing phase (8.2); `board`: placement (8.3), combat (8.4), result (8.5);
- `fx`: event animations; `look`: colours, words and textures drawn in code;
- `cpu`: the CPU seats in a worker process; `help`: the help topics (8.6);
- `bench`: frame-time rows for `tabula bench`.

The views render the seat view and the match's legal decisions; they never decide a rule.
"""
