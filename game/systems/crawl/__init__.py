"""Card Crawl rules (spec crawl.md). One module per job, in the order play uses them:

- `content`: resource schemas (deck, abilities, rules, ai TOML) and the loaded `Content`;
- `table`: a plain read-only picture of the table (from a match or from a State JSON / seat view);
- `zones`: the zone piles, the card index and journaled card moves and removals (4.1);
- `moves`: legality of a move, the tables of 4.4 in the validation order of 5.2;
- `hero`, `resolve`, `abilities`, `rebuy`, `random_attack`: the resolutions (4.5-4.10);
- `cycle`: the action cycle (4.3) and the draw with its cleanup (4.8);
- `deal`, `setup`: starting a run (4.2) or loading a setup (6.1);
- `state`, `view`: the State JSON (6.1) and the seat view;
- `legal`, `preview`, `scratch`: helpers for CPUs and views (section 7, 8.3);
- `mode`: the `Rules` subclass and the mode registration.
"""
