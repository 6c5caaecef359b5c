"""The screens of Card Crawl (spec crawl.md section 8): start, ability picker, play, help, end.

- `start`: `open_crawl(app, launch)`, the mode's scene entry, and the Start screen (8.1);
- `picker`: the ability picker of a constructed run (8.2);
- `play`: the play view (8.3) and `shot_view` for `tabula shot`;
- `cards`, `look`, `layout`: cards and textures drawn in code, where the zones sit;
- `fx`: the event animations;
- `preview`: dresses the rules' preview line of a move, words the Hint's caption;
- `hint`: the Hint's CPU in a worker process; `help`: the help topics (8.4);
- `end`, `scores`: the end screen and the local high-score table (8.5);
- `catalogue`: what the screens read from the resources;
- `bench`: frame-time rows for `tabula bench`.

The views read the match (its seat view, its legal decisions and its events) and never decide
a rule: what may move where comes from `match.legal_decisions(0)`, outcomes from `submit`.
"""
