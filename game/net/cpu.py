"""A CPU on a network seat (`tabula join HOST --cpu LEVEL`, tests and demos).

It plays exactly as a CPU in a local match (`game.engine.autoplay.play_out`): when the host
says the match waits for its seat it plans its phase step from its seat view, then sends the
decisions one by one, stopping when the match no longer waits for it. It never sees more than
the seat view. Its `ai` stream cannot come from the match seed (a client never learns it), so
it is derived from a seed of the client's own (`cpu_seed`).
"""

from __future__ import annotations

from game.engine.match import Match
from game.engine.modes import get_mode
from game.engine.resources import load_mode_resources
from game.engine.rng import ai_stream
from game.net.client import NetClient


class NetCpuError(RuntimeError):
    """The host refused a CPU decision (a CPU bug, or a host that disagrees with the rules)."""


def play_seat(client: NetClient, level: str, *, cpu_seed: int = 0,
              timeout: float = 30.0) -> dict:
    """Play the client's seat until the match ends; returns the final record."""
    spec = get_mode(client.mode or "")
    if spec is None or client.seat is None:
        raise NetCpuError(f"no seat to play in mode {client.mode!r}")
    seat = client.seat
    with Match.lock:
        player = spec.make_cpu(level, seat, ai_stream(cpu_seed, seat, spec.ai_stream_template),
                               load_mode_resources(spec))
    while True:
        client.wait(lambda c: c.record is not None or (c.act and c.online), timeout)
        if client.record is not None:
            return client.record
        with Match.lock:
            plan = player.plan_step(client.view)
        for n, decision in enumerate(plan):
            if n and (client.record is not None or not client.act):
                break  # the step ended early (as in autoplay)
            refused, answers = len(client.rejections), client.answers
            client.submit(decision)
            client.wait(lambda c, a=answers: c.answers > a or not c.online, timeout)
            if len(client.rejections) > refused:
                answer = client.rejections[-1]
                if answer.get("error") == "stale_index" or not client.online:
                    break  # the position moved on (or the link dropped): plan again
                raise NetCpuError(f"{level} CPU in seat {seat}: {decision} was refused: "
                                  f"{answer.get('error')} ({answer.get('message')})")
            if not client.online:
                break
