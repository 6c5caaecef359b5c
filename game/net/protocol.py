"""The wire format of network play (docs/network.md "Messages").

Every message is one JSON object in one websocket text frame, with a `type`. A client sends
`hello` (join a seat, rejoin it with its token, or watch), `submit` (a decision, with the
seat's token and the index of the step it expects to be next) and `preset` (a deck-builder
preset the host draws for the seat from the match's own stream: kingdom's Default). The host
answers with `welcome`, `update`, `rejected`, `peer`, `preset`, `end` and `error`; their
builders are here so that the host and the tests agree on one shape.

Bounds: a client message is at most MAX_CLIENT_BYTES (the websocket layer closes the
connection on a frame past MAX_FRAME_BYTES before it is even read); a connection may send
RATE_PER_S messages a second on average, in bursts of RATE_BURST. Anything else is answered by
an `error` naming the reason, never a crash.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from game.engine.record import RecordError, check_json_tree, parse_record_json

PROTOCOL = 1
MAX_CLIENT_BYTES = 64 * 1024  # a decision is a few hundred bytes; a hello less
MAX_FRAME_BYTES = 1024 * 1024  # past this the websocket layer closes (1009) without reading
MAX_HOST_FRAME_BYTES = 32 * 1024 * 1024  # what a client accepts: the final record may be long
RATE_PER_S = 50.0  # a CPU seat sends a whole conquest phase step (about 20) at once
RATE_BURST = 200
TOKEN_CHARS = 64


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Strict):
    """Join: `role` "player" takes a free seat (or, with `token`, the seat it names);
    "spectator" watches the public view (when the host allows spectators)."""

    type: Literal["hello"]
    protocol: StrictInt
    role: Literal["player", "spectator"] = "player"
    token: Annotated[StrictStr, Field(min_length=1, max_length=TOKEN_CHARS)] | None = None


class Submit(_Strict):
    """One decision for the seat of `token`; `index` is the number of steps the seat has been
    shown (`welcome`/`update` give it), so a decision made on a stale view is refused."""

    type: Literal["submit"]
    token: Annotated[StrictStr, Field(min_length=1, max_length=TOKEN_CHARS)]
    index: Annotated[StrictInt, Field(ge=0)]
    decision: dict[str, Any]


class Preset(_Strict):
    """Ask the host for the seat's deck-builder preset of one tile (kingdom's Default, 4.2.3,
    drawn from the seat's `deck/<seat>` stream, which only the host has). Not a decision:
    nothing is recorded and no other viewer is told. `id` comes back in the answer."""

    type: Literal["preset"]
    token: Annotated[StrictStr, Field(min_length=1, max_length=TOKEN_CHARS)]
    id: Annotated[StrictInt, Field(ge=0, le=2**31 - 1)]
    mode: Annotated[StrictStr, Field(max_length=32)]
    faction: Annotated[StrictStr, Field(max_length=64)]


class Ping(_Strict):
    """Answered by `pong` on the same connection, after everything sent to it before: a
    barrier (tests) and a latency probe."""

    type: Literal["ping"]


ClientMessage = Annotated[Hello | Submit | Preset | Ping, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


class ProtocolError(ValueError):
    """A client message the host cannot take: `error` is the reason id, `message` the words."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.message = message


def parse_client(text: str | bytes) -> Hello | Submit | Preset | Ping:
    """One client frame to its message, or ProtocolError saying exactly what is wrong."""
    if isinstance(text, bytes):
        raise ProtocolError("malformed", "Send JSON text frames, not binary ones.")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_CLIENT_BYTES:
        raise ProtocolError("too_large", f"A message may be at most {MAX_CLIENT_BYTES} bytes.")
    try:
        data = parse_record_json(text)
        check_json_tree(data)
    except RecordError as exc:
        raise ProtocolError("malformed", str(exc).removeprefix("record: ")) from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "A message must be a JSON object.")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "message"
        raise ProtocolError("malformed", f"{where}: {err['msg']}") from None


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text, keys in the order they were built (a record keeps its
    own order, so a client saves it byte for byte as the host does)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def hello(role: str = "player", token: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "role": role}
    if token is not None:
        message["token"] = token
    return message


def submit(token: str, index: int, decision: dict[str, Any]) -> dict[str, Any]:
    return {"type": "submit", "token": token, "index": index, "decision": decision}


def preset(token: str, request: int, mode: str, faction: str) -> dict[str, Any]:
    return {"type": "preset", "token": token, "id": request, "mode": mode, "faction": faction}


def preset_answer(request: int, mode: str, faction: str, drawn: Any) -> dict[str, Any]:
    """The host's answer to a `preset`: the drawn `hero` and `units`, or the rules' `error`
    and `message` (every refusal of a preset is this message, so that a client never takes it
    for the answer to a decision on its way)."""
    message: dict[str, Any] = {"type": "preset", "id": request, "mode": mode,
                               "faction": faction}
    if hasattr(drawn, "error"):
        message.update(error=drawn.error, message=drawn.message)
    else:
        hero, units = drawn
        message.update(hero=hero, units=list(units))
    return message


def error(error_id: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": error_id, "message": message}


def rejected(index: int, error_id: str, message: str) -> dict[str, Any]:
    """A decision `Match.submit` refused: its rejection id and message (nothing changed)."""
    return {"type": "rejected", "index": index, "error": error_id, "message": message}


OPPONENT_DISCONNECTED = "Opponent disconnected — waiting"


def loads_host(text: str) -> dict[str, Any]:
    """A host frame to its message (a client trusts its host's JSON, but not blindly: a frame
    that is not a JSON object with a type becomes an `error` message, never an exception)."""
    try:
        data = json.loads(text)
    except ValueError:
        return error("malformed", "The host sent a frame that is not JSON.")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return error("malformed", "The host sent a frame that is not a message.")
    return data
