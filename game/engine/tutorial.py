"""Tutorials: a game's guided first match as data (`resources/<mode>/tutorial.toml`).

A tutorial is a setup record and a script (docs/tutorials.md): the State JSON the match starts
from, its seed and the CPU level of the other seat, then the ordered steps. Each step has the
one line the screen says; most also name a decision, in the record's own shape: a decision of
the person's seat is *taught* (the screen highlights what to click next for it, and with
`only` it is the one decision accepted at that step), a decision of another seat is played by
the script as that seat's move. A step without a decision is read and the player presses Next.
After the last step the mode's real CPU plays its turn from where the script left the match
(`cpu_turn` is said meanwhile), and `done` closes the tutorial.

The file is one of each mode's resource files, so it is checked like the others
(`tutorial.toml:tutorial[0].steps.2.say: Field required`), a mod may replace it (an entry of the
same `id` replaces it whole) and `tabula validate` checks it. What pydantic cannot know, that
every scripted decision is legal where the script plays it, `check_script` finds by playing
the script against the rules; Learn to play runs it before the match starts (`load_tutorial`)
and `tabula validate` too, so a broken script is named by file and key and the game goes on.

No arcade here: the scenes drive a running tutorial (game.scenes.tutorial).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, field_validator

from game.engine.resources import ResourceFile, ResourceProblem, ResourceSet, mod_folders

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.engine.modes import ModeSpec

FILE = "tutorial.toml"
TABLE = "tutorial"
MAX_LINE = 200  # characters of one line on screen (the banner wraps it)
MAX_STEPS = 60
ID = re.compile(r"[a-z0-9_]{1,40}")


class Step(BaseModel):
    """One step of a script: the line to say, and what it teaches or plays."""

    model_config = ConfigDict(extra="forbid")

    say: str = Field(min_length=1, max_length=MAX_LINE)
    # a decision as a record holds it: the person's (taught) or another seat's (played)
    decision: dict[str, Any] | None = None
    # the person's step accepts only the taught decision (False: any legal one, the last
    # decision step only, since the script cannot go on from a position it did not write)
    only: bool = True
    # what to point at instead of the taught decision's next click, in the screen's terms
    # ({unit = "p0.x"}, {tile = [3, 4]}, {place = "hero"}, {button = "end_turn"}...)
    show: dict[str, Any] | None = None
    # said when another decision is refused at this step (default: `say`)
    hint: str | None = Field(default=None, min_length=1, max_length=MAX_LINE)

    @field_validator("decision")
    @classmethod
    def _shaped(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is None:
            return None
        seat, verb = value.get("seat"), value.get("type")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 8:
            raise ValueError("needs a seat (a whole number, 0 for the first seat)")
        if not isinstance(verb, str) or not verb:
            raise ValueError("needs a type (the decision's verb)")
        return value

    @property
    def refusal(self) -> str:
        """What a refused decision at this step is told."""
        return self.hint or self.say


class Tutorial(BaseModel):
    """A guided first match: its setup record and its script."""

    model_config = ConfigDict(extra="forbid")

    id: str
    seed: StrictInt = Field(ge=1, le=2**53)
    seat: StrictInt = Field(default=0, ge=0, le=7)  # the person's seat
    cpu: str = Field(min_length=1, max_length=40)  # the level of the CPU that plays at the end
    options: dict[str, Any] = Field(default_factory=dict)  # more record options (a variant)
    # the State JSON the match starts from (docs/<mode>.md "Setups"): a table, or the JSON
    # text itself (TOML has no null; a state printed by `tabula replay --json` pastes as is)
    setup: dict[str, Any]
    steps: list[Step] = Field(min_length=1, max_length=MAX_STEPS)
    cpu_turn: str = Field(min_length=1, max_length=MAX_LINE)  # said while the CPU plays
    done: str = Field(min_length=1, max_length=MAX_LINE)  # the last line

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not ID.fullmatch(value):
            raise ValueError("must be 1-40 of a-z, 0-9 and _")
        return value

    @field_validator("setup", mode="before")
    @classmethod
    def _json_text(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        from game.engine.record import RecordError, check_json_tree, parse_record_json

        try:
            data = parse_record_json(value)
            check_json_tree(data, label="")
        except RecordError as exc:
            raise ValueError(str(exc)) from None
        if not isinstance(data, dict):
            raise ValueError("the JSON text must be an object (a State JSON)")
        return data

    @field_validator("options")
    @classmethod
    def _no_ai(cls, value: dict[str, Any]) -> dict[str, Any]:
        if "ai" in value:
            raise ValueError("'ai' comes from `seat` and `cpu`, not from the options")
        return value

    def decision_steps(self) -> list[int]:
        """Indexes of the steps that make a decision, in order: the n-th is the match's n-th."""
        return [i for i, step in enumerate(self.steps) if step.decision is not None]


def _check_shape(entries: list[Tutorial], resources: ResourceSet) -> list[tuple[str, str]]:
    """What pydantic alone cannot say: the mode's seats and CPU levels, and free steps last."""
    from game.engine.modes import get_mode

    spec = get_mode(resources.mode)
    problems: list[tuple[str, str]] = []
    for index, tutorial in enumerate(entries):
        key = f"{TABLE}[{index}]."
        if spec is not None:
            if tutorial.seat >= spec.seats:
                problems.append((key + "seat", f"{spec.id} has seats 0..{spec.seats - 1}"))
            if tutorial.cpu not in spec.cpu_levels:
                problems.append((key + "cpu", f"unknown CPU level {tutorial.cpu!r} "
                                 f"({', '.join(spec.cpu_levels)})"))
        free_seen: int | None = None
        for n, step in enumerate(tutorial.steps):
            if step.decision is None:
                continue
            own = step.decision["seat"] == tutorial.seat
            if free_seen is not None:
                problems.append((f"{key}steps.{n}.decision", f"follows the free step "
                                 f"{free_seen} (only = false): the script cannot go on from "
                                 "a move it did not write"))
                break
            if not step.only:
                if not own:
                    problems.append((f"{key}steps.{n}.only", "only the person's own steps "
                                     "may be free"))
                free_seen = n
    return problems


# Every mode's resource file list ends with this one (game/systems/<mode>/mode.py).
TUTORIAL_FILE = ResourceFile(FILE, Tutorial, table=TABLE, check=_check_shape)


def tutorials_of(resources: ResourceSet) -> list[Tutorial]:
    """The loaded tutorials of a mode (the first is the one Learn to play plays)."""
    return list(resources.files.get(FILE, []))


def tutorial_record(spec: ModeSpec, tutorial: Tutorial,
                    mods: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The record a tutorial's match starts from: its setup and seed, on the mode's current
    rules, every other seat played by the CPU at `tutorial.cpu` (`mods` as `new_record`)."""
    from game.engine.record import new_record

    options: dict[str, Any] = {**spec.default_options, **tutorial.options}
    options["ai"] = {str(seat): tutorial.cpu for seat in range(spec.seats)
                     if seat != tutorial.seat}
    return new_record(spec.id, spec.rules_version, tutorial.seed, options,
                      dict(tutorial.setup), mods=mods)


def same_decision(taught: Mapping[str, Any], decision: Mapping[str, Any]) -> bool:
    """`decision` is the taught one: every field the script names has the same value (a list
    of names, such as CardConquest's units, in any order); fields it leaves out may be
    anything (the screen's own choice of an attack when the script names none)."""
    for key, value in taught.items():
        got = decision.get(key)
        if isinstance(value, list) and isinstance(got, list) and value and all(
                isinstance(v, str) for v in value):
            if Counter(value) != Counter(got):
                return False
        elif got != value or isinstance(got, bool) != isinstance(value, bool):
            return False
    return True


def build_tutorial_match(spec: ModeSpec, resources: ResourceSet, tutorial: Tutorial) -> Match:
    """The tutorial's match on `resources`; ValueError naming what is wrong with its record."""
    from game.engine.match import SetupError
    from game.engine.record import RecordError, validate_record
    from game.engine.rng import BadForced

    record = tutorial_record(spec, tutorial, mods=[])
    try:
        checked = validate_record(record)
        return spec.create_match(checked, resources)
    except RecordError as exc:
        raise ValueError(str(exc).removeprefix("record: ")) from None
    except (SetupError, BadForced) as exc:
        raise ValueError(f"setup: {exc}") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"setup: {where}: {err['msg']}" if where else f"setup: {err['msg']}"
                         ) from None


def check_script(spec: ModeSpec, resources: ResourceSet, tutorial: Tutorial,
                 index: int = 0) -> list[tuple[str, str]]:
    """(key, problem) for what stops the script from playing: a setup the mode refuses, a
    step's decision that is not legal where the script plays it (or is not the seat's to
    make), or a script that leaves the CPU no turn to play at the end."""
    key = f"{TABLE}[{index}]."
    try:
        match = build_tutorial_match(spec, resources, tutorial)
    except ValueError as exc:
        text = str(exc)
        where = "setup" if text.startswith("setup") else ""
        return [(key + where if where else key.rstrip("."), text)]
    except Exception as exc:  # a setup a loader trips over: a problem, never a crash
        return [(key + "setup", f"cannot be loaded: {type(exc).__name__}: {exc}")]
    try:
        for n, step in enumerate(tutorial.steps):
            if step.decision is None:
                continue
            where = f"{key}steps.{n}.decision"
            try:
                outcome = match.submit(dict(step.decision))
            except Exception as exc:
                return [(where, f"cannot be played: {type(exc).__name__}: {exc}")]
            if not outcome.ok:
                return [(where, f"not legal at this step: {outcome.message} "
                                f"({outcome.error})")]
        return _cpu_turn_problem(spec, match, tutorial, key)
    finally:
        match.close()


def _cpu_turn_problem(spec: ModeSpec, match: Match, tutorial: Tutorial,
                      key: str) -> list[tuple[str, str]]:
    """The script must leave the match where the CPU has a turn to play."""
    where = f"{key}steps.{len(tutorial.steps) - 1}"
    if match.result is not None:
        return [(where, "the script ends the match: the CPU has no turn left to play")]
    if spec.seats > 1:
        if not any(seat != tutorial.seat for seat in match.to_act):
            return [(where, "after the last step it is not the CPU's turn (to_act "
                            f"{list(match.to_act)})")]
    elif not match.legal_decisions(tutorial.seat):
        return [(where, "after the last step there is no move left for the CPU to play")]
    return []


def tutorial_label(spec: ModeSpec, resources: ResourceSet, tutorial_id: str) -> str:
    """The file a loaded tutorial came from, as problems name files: the last applied mod
    that ships a tutorial of that id, else the base `<mode>/tutorial.toml`."""
    from game.engine.resources import parse_table, read_toml

    folders = {folder.name: folder for folder in mod_folders()}
    for name in reversed(resources.mods_loaded):
        folder = folders.get(name)
        path = folder / spec.id / FILE if folder is not None else None
        if path is None or not path.is_file():
            continue
        data, _ = read_toml(path, str(path))
        entries, _ = parse_table(TUTORIAL_FILE, data or {}, str(path))
        if any(entry.id == tutorial_id for entry in entries):
            return str(path)
    return f"{spec.id}/{FILE}"


@dataclass(frozen=True)
class LoadedTutorial:
    """A tutorial ready to play, or why it is not (`problems`, `file:key: problem`)."""

    tutorial: Tutorial | None
    problems: tuple[ResourceProblem, ...] = ()
    index: int = 0

    @property
    def ok(self) -> bool:
        return self.tutorial is not None and not self.problems


def load_tutorial(mode_id: str) -> LoadedTutorial:
    """The tutorial Learn to play plays for a mode (the first of its file, with the installed
    mods), its script checked against the rules and content it will play on."""
    from game.engine.modes import get_mode
    from game.engine.resources import ResourceError, load_mode_resources

    spec = get_mode(mode_id)
    if spec is None:
        return LoadedTutorial(None, (ResourceProblem(mode_id, "", "unknown game"),))
    try:
        resources = load_mode_resources(spec)
    except ResourceError as exc:
        return LoadedTutorial(None, tuple(exc.problems))
    found = tutorials_of(resources)
    if not found:
        return LoadedTutorial(None, (ResourceProblem(f"{spec.id}/{FILE}", TABLE,
                                                     "this game has no tutorial"),))
    tutorial = found[0]
    label = tutorial_label(spec, resources, tutorial.id)
    problems = tuple(ResourceProblem(label, key, problem)
                     for key, problem in check_script(spec, resources, tutorial))
    return LoadedTutorial(tutorial, problems)


def script_problems(spec: ModeSpec, resources: ResourceSet,
                    label: str | Path | None = None) -> list[ResourceProblem]:
    """Every tutorial of `resources` played against its rules (`tabula validate`)."""
    problems: list[ResourceProblem] = []
    for index, tutorial in enumerate(tutorials_of(resources)):
        where = str(label) if label is not None else tutorial_label(spec, resources,
                                                                     tutorial.id)
        problems.extend(ResourceProblem(where, key, problem)
                        for key, problem in check_script(spec, resources, tutorial, index))
    return problems
