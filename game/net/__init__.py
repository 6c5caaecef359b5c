"""Network play (docs/network.md): an authoritative host holding the match, and clients that
see only their seat's view. Rules side: nothing here imports arcade or pyglet.

- `protocol`: the messages (pydantic models of what a client may send, builders of what the
  host sends), their bounds and the parse that turns any bad input into an error message;
- `views`: what a seat and a spectator are sent, from the modes' own seat views;
- `host`: the websockets server (seat tokens, validation with `Match.submit`, sessions);
- `client`: a headless client on its own asyncio thread, with queues (tests, CPUs, scenes);
- `address`: addresses and the short join code.
"""
