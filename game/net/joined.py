"""The seat tokens this machine holds (`<data dir>/net/joined.json`, docs/network.md
"Reconnecting, quitting and resuming"): by host address, the token, mode and seat a join got,
so that a restarted client takes its seat back.

It is a user file, so it is read like one: bounded (the record module's reader), every entry's
shape checked strictly, and a file that is not one of these is moved aside (`joined.json.bak`,
never over an older one) with a notice, never a traceback. It then reads as empty: the only
loss is that a restarted client asks for a free seat instead of its old one.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from game import paths
from game.engine.record import (
    RecordError,
    atomic_write_text,
    json_text,
    parse_record_json,
    read_record_text,
)
from game.net.protocol import TOKEN_CHARS

log = logging.getLogger(__name__)

MAX_BYTES = 64 * 1024  # a few dozen hosts' tokens are a few KiB
MAX_HOSTS = 32  # the oldest addresses are forgotten past this


class Seat(BaseModel):
    """What one join of one host gave this machine."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: Annotated[StrictStr, Field(min_length=1, max_length=TOKEN_CHARS)]
    mode: Annotated[StrictStr, Field(min_length=1, max_length=32)] | None = None
    seat: Annotated[StrictInt, Field(ge=0, le=15)] | None = None


Address = Annotated[StrictStr, Field(min_length=1, max_length=300)]
_FILE = TypeAdapter(dict[Address, Seat])


def joined_path() -> Path:
    """The tokens this machine holds, by host address (a restarted client rejoins)."""
    return paths.user_data_dir() / "net" / "joined.json"


def _problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "file"
    return f"{where}: {err['msg']}"


def load(path: Path | None = None) -> tuple[dict[str, Seat], str | None]:
    """The saved seats (oldest first) and a notice for the player when the file had to be
    moved aside (None when it was fine or absent)."""
    path = joined_path() if path is None else path
    if not path.exists():
        return {}, None
    try:
        data: Any = parse_record_json(read_record_text(path, MAX_BYTES))
        return dict(_FILE.validate_python(data)), None
    except RecordError as exc:
        problem = str(exc).removeprefix(f"{path}: ")
    except ValidationError as exc:
        problem = _problem(exc)
    try:
        backup = paths.move_aside(path)
    except OSError as exc:
        log.warning("cannot move %s aside: %s", path, exc)
        return {}, f"{path} is not a file of seat tokens ({problem}); it is ignored."
    return {}, (f"{path} is not a file of seat tokens ({problem}); kept as {backup.name}, "
                "and a join asks for a free seat.")


def token_for(address: str) -> tuple[str | None, str | None]:
    """The token saved for `address` (or None) and the notice of a file moved aside."""
    seats, notice = load()
    seat = seats.get(address)
    return (seat.token if seat else None), notice


def last_address() -> tuple[str | None, str | None]:
    """The address joined last (the Join field offers it again) and any notice."""
    seats, notice = load()
    return (next(reversed(seats)) if seats else None), notice


def remember(address: str, token: str, mode: str | None, seat: int | None) -> str | None:
    """Keep the token of `address` (the last one joined comes last); a message when it could
    not be written (the match plays on; only a restarted client cannot rejoin by itself)."""
    seats, _ = load()
    seats.pop(address, None)
    seats[address] = Seat(token=token, mode=mode, seat=seat)
    kept = dict(list(seats.items())[-MAX_HOSTS:])
    path = joined_path()
    try:
        atomic_write_text(path, json_text({a: s.model_dump() for a, s in kept.items()},
                                          indent=1) + "\n")
    except OSError as exc:
        return f"cannot keep the seat token in {path}: {exc.strerror or exc}"
    return None
