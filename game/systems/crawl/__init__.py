"""Card Crawl rules (spec crawl.md). One module per job, in the order play uses them:

- `content`: resource schemas (deck, abilities, rules, ai TOML) and the loaded `Content`;
- `statuses`: the hero's one-shot effects and the card marks as status kinds with triggers;
- `table`: a plain read-only picture of the table (from a match or from a State JSON / seat view);
- `world`: the queries of the world (zone piles, cards, hero, run) and the table of a match (4.1);
- `commands`: crawl's commands and its one table of events (4.14);
- `moves`: legality of a move, the tables of 4.4 in the validation order of 5.2;
- `hero`, `resolve`, `abilities`, `rebuy`, `random_attack`: the resolutions (4.5-4.10);
- `cycle`: the action cycle (4.3) as the systems of the schedule, and the draw (4.8);
- `deal`, `setup`: starting a run (4.2) or loading a setup (6.1);
- `state`, `view`: the State JSON (6.1) and the seat view;
- `legal`, `preview`, `scratch`: helpers for CPUs and views (section 7, 8.3);
- `mode`: the `Rules` subclass and the mode registration.
"""
