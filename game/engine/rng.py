"""Named, seeded random streams (docs/architecture.md).

Every random draw of a match comes from a named stream (`deal`, `dungeon`, `shuffle`...) derived
from the match seed and the stream name, so adding a draw to one stream never shifts another.
Each stream counts its draws and can save and restore its whole state (the journal uses that to
roll searches back). Tests pin outcomes with *forced* values: the next draws of a stream return
them instead of drawing, without advancing the generator. A forced value is an outcome (a
position, a value, a permutation), checked against the draw it stands in for; a value that does
not fit raises `BadForced`, which a replay reports as a malformed record.

The global `random` module is never used by rules.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class BadForced(ValueError):
    """A forced value that does not fit the draw it replaces (id `bad_forced`)."""

    def __init__(self, stream: str, index: int, message: str) -> None:
        super().__init__(f"forced.{stream}[{index}]: {message}")
        self.stream = stream
        self.index = index


def derive_seed(seed: int | str, name: str) -> int:
    """A 64-bit seed for stream `name`, stable across Python versions and platforms."""
    digest = hashlib.sha256(f"tabula/{seed}/{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Stream:
    """One named generator with a draw counter and an optional queue of forced outcomes."""

    __slots__ = ("name", "draws", "_rng", "_forced", "_forced_used", "journal", "_epoch")

    def __init__(self, seed: int | str, name: str, journal: Any = None) -> None:
        self.name = name
        self.draws = 0
        self._rng = random.Random(derive_seed(seed, name))
        self._forced: deque[Any] = deque()
        self._forced_used = 0
        # A match's journal: before the first draw after a mark the stream records its state,
        # so a rollback rewinds it without a snapshot of every stream at every mark.
        self.journal = journal
        self._epoch = -1

    def _touch(self) -> None:
        journal = self.journal
        if journal is not None and journal.recording and self._epoch != journal.epoch:
            journal.on_rollback(self.set_state, self.get_state())
            self._epoch = journal.epoch

    # -- forced values -------------------------------------------------------------------
    def force(self, values: Iterable[Any]) -> None:
        """Pin the next draws of this stream to `values` (test setups only)."""
        self._forced.extend(values)

    @property
    def forced_pending(self) -> int:
        return len(self._forced)

    def _take_forced(self) -> tuple[bool, Any, int]:
        self._touch()
        if not self._forced:
            return False, None, -1
        index = self._forced_used
        self._forced_used += 1
        return True, self._forced.popleft(), index

    def _bad(self, index: int, message: str) -> BadForced:
        return BadForced(self.name, index, message)

    # -- primitives ----------------------------------------------------------------------
    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high]; a forced value must be an int in that range."""
        forced, value, index = self._take_forced()
        if forced:
            if type(value) is not int or not low <= value <= high:
                raise self._bad(index, f"expected an integer in {low}..{high}, got {value!r}")
            return value
        self.draws += 1
        return self._rng.randint(low, high)

    def choice(self, items: Sequence[T], key: Callable[[T], Any] | None = None) -> T:
        """One item, uniformly; a forced value names the item by `key(item)` (default: itself)."""
        if not items:
            raise IndexError(f"stream {self.name}: choice from an empty sequence")
        forced, value, index = self._take_forced()
        if forced:
            keyed = [key(item) if key else item for item in items]
            # Same type and value: a forced `true` or `1.0` does not name the item 1.
            found = [i for i, k in enumerate(keyed) if type(k) is type(value) and k == value]
            if not found:
                raise self._bad(index, f"expected one of {keyed}, got {value!r}")
            return items[found[0]]
        self.draws += 1
        return items[self._rng.randrange(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy; a forced value is the whole shuffled list (same multiset)."""
        forced, value, index = self._take_forced()
        if forced:
            if not isinstance(value, list) or not _same_multiset(value, items):
                raise self._bad(index, f"expected a permutation of {list(items)!r}, got {value!r}")
            return list(value)
        self.draws += 1
        result = list(items)
        self._rng.shuffle(result)
        return result

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items in draw order; a forced value is that list."""
        forced, value, index = self._take_forced()
        if forced:
            ok = (
                isinstance(value, list)
                and len(value) == k
                and len(set(map(repr, value))) == k
                # typed, as for choice: a forced `true` is not the item 1
                and all(any(type(i) is type(v) and i == v for i in items) for v in value)
            )
            if not ok:
                raise self._bad(index, f"expected {k} distinct items of {list(items)!r}")
            return list(value)
        self.draws += 1
        return self._rng.sample(list(items), k)

    def random(self) -> float:
        """Uniform float in [0, 1) (never forced: outcomes, not raw numbers, are forced)."""
        self._touch()
        self.draws += 1
        return self._rng.random()

    def seed_value(self) -> int:
        """A fresh 63-bit integer, e.g. to seed a scratch match from a CPU's own stream."""
        self._touch()
        self.draws += 1
        return self._rng.getrandbits(63)

    def reseed(self, seed: int | str) -> None:
        """The state the stream of a match of `seed` starts with (no draws, nothing forced):
        a reused scratch match's next sample. Journaled like a draw (a rollback undoes it)."""
        self._touch()
        self._rng.seed(derive_seed(seed, self.name))
        self.draws, self._forced, self._forced_used = 0, deque(), 0

    # -- state ---------------------------------------------------------------------------
    def get_state(self) -> tuple[Any, int, tuple[Any, ...], int]:
        return (self._rng.getstate(), self.draws, tuple(self._forced), self._forced_used)

    def set_state(self, state: tuple[Any, int, tuple[Any, ...], int]) -> None:
        rng_state, self.draws, forced, self._forced_used = state
        self._rng.setstate(rng_state)
        self._forced = deque(forced)


def _same_multiset(a: Sequence[Any], b: Sequence[Any]) -> bool:
    if len(a) != len(b):
        return False
    if all(isinstance(x, Hashable) for x in (*a, *b)):
        # Typed: 3.0 or true is not the integer 3 or 1 (JSON keeps the difference).
        return Counter((type(x), x) for x in a) == Counter((type(x), x) for x in b)
    return sorted(map(repr, a)) == sorted(map(repr, b))


class Streams:
    """The match's named streams, created on first use from the match seed."""

    def __init__(self, seed: int | str, journal: Any = None) -> None:
        self.seed = seed
        self.journal = journal
        self._streams: dict[str, Stream] = {}

    def __call__(self, name: str) -> Stream:
        stream = self._streams.get(name)
        if stream is None:
            stream = self._streams[name] = Stream(self.seed, name, self.journal)
            if self.journal is not None and self.journal.recording:
                self.journal.on_rollback(self._streams.pop, name, None)  # undo the creation
        return stream

    def force(self, name: str, values: Iterable[Any]) -> None:
        self(name).force(values)

    def reseed(self, seed: int | str) -> None:
        """Every stream as a match of `seed` starts it (`Stream.reseed`); streams created
        later derive from `seed` too."""
        self.seed = seed
        for stream in self._streams.values():
            stream.reseed(seed)

    def names(self) -> list[str]:
        return sorted(self._streams)

    def snapshot(self) -> dict[str, Any]:
        """Every stream's state (streams created later are dropped again on restore)."""
        return {name: s.get_state() for name, s in self._streams.items()}

    def restore(self, snapshot: dict[str, Any]) -> None:
        for name in list(self._streams):
            if name not in snapshot:
                del self._streams[name]
        for name, state in snapshot.items():
            self(name).set_state(state)


def ai_stream(seed: int | str, seat: int, template: str = "ai.{seat}") -> Stream:
    """The CPU's own stream for a seat: derived from the match seed, never drawn by the match.
    Its name follows the mode's spec (`ai.0` for most, kingdom's `ai/0`)."""
    return Stream(seed, template.format(seat=seat))
