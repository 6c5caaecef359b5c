"""Legal decisions (spec crawl.md section 7, "Canonical decision list").

The one source of legal moves for `tabula replay --legal`, the CPUs, the drag highlights of the
play view and the property tests. Order: every legal `move`, sources board 0-3, `left_hand`,
`right_hand`, `backpack`, and for each source the destinations board 0-3, `left_hand`,
`right_hand`, `hero`, `backpack`, `chest`; then `rebuy` if legal; then `random_attack` if
legal. In phase `pick` the list is one template, `{"seat": 0, "type": "choose_abilities"}`;
once the run is over it is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.systems.crawl.moves import judge_card_move
from game.systems.crawl.table import HANDS, Table
from game.systems.crawl.world import LiveTable

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.systems.crawl.content import Content

Place = tuple[str, int | None]
SOURCES: tuple[Place, ...] = (("board", 0), ("board", 1), ("board", 2), ("board", 3),
                              ("left_hand", None), ("right_hand", None), ("backpack", None))
DESTINATIONS: tuple[Place, ...] = (("board", 0), ("board", 1), ("board", 2), ("board", 3),
                                   ("left_hand", None), ("right_hand", None), ("hero", None),
                                   ("backpack", None), ("chest", None))


def move_decision(frm: str, fi: int | None, to: str, ti: int | None,
                  seat: int = 0) -> dict[str, Any]:
    """A `move` decision with the index keys only where their zone is the board."""
    decision: dict[str, Any] = {"seat": seat, "type": "move", "from": frm}
    if frm == "board":
        decision["from_index"] = fi
    decision["to"] = to
    if to == "board":
        decision["to_index"] = ti
    return decision


_TEMPLATES = {(frm, fi, to, ti): move_decision(frm, fi, to, ti)
              for frm, fi in SOURCES for to, ti in DESTINATIONS}


def legal_moves_from(table: Table, content: Content, frm: str, fi: int | None = None,
                     seat: int = 0) -> list[dict[str, Any]]:
    """The legal moves of the card at one source, in canonical destination order (the drag
    highlights of 8.3)."""
    card = table.at(frm, fi)
    if card is None or (frm in HANDS and card.type in ("potion", "gold")):
        return []  # nothing there, or a spent card: `spent_card` wherever it goes
    out = []
    for to, ti in DESTINATIONS:
        if judge_card_move(table, content, card, frm, fi, to, ti)[0] is None:
            decision = dict(_TEMPLATES[frm, fi, to, ti])
            decision["seat"] = seat
            out.append(decision)
    return out


def legal_from_table(table: Table, content: Content, seat: int = 0) -> list[dict[str, Any]]:
    """The canonical list of a table in phase `play`."""
    out: list[dict[str, Any]] = []
    for frm, fi in SOURCES:
        if table.at(frm, fi) is not None:
            out.extend(legal_moves_from(table, content, frm, fi, seat))
    if table.board_count():
        out.append({"seat": seat, "type": "rebuy"})
    if not table.random_attack_used:
        out.append({"seat": seat, "type": "random_attack"})
    return out


def legal_decisions(match: Match, seat: int = 0) -> list[dict[str, Any]]:
    """The canonical list of a live (or scratch) match."""
    phase = match.state.phase
    if match.state.result is not None or phase == "over":
        return []
    if phase == "pick":
        return [{"seat": seat, "type": "choose_abilities"}]
    return legal_from_table(LiveTable(match), match.rules.content, seat)  # type: ignore[attr-defined]


def moves_from(match: Match, frm: str, fi: int | None = None) -> list[dict[str, Any]]:
    """The legal moves of the card at one source of a live match (what a drag highlights)."""
    if match.state.result is not None or match.state.phase != "play":
        return []
    with match.active():
        return legal_moves_from(LiveTable(match), match.rules.content, frm, fi)  # type: ignore[attr-defined]


def legal_from_state(state: dict[str, Any], content: Content) -> list[dict[str, Any]]:
    """The canonical list from a State JSON or seat view alone (what a CPU holds)."""
    from game.systems.crawl.table import table_from_state

    if state.get("result") is not None or state.get("phase") == "over":
        return []
    if state.get("phase") == "pick":
        return [{"seat": 0, "type": "choose_abilities"}]
    return legal_from_table(table_from_state(state), content)
