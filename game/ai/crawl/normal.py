"""The `normal` crawl CPU: a greedy policy, the first rule that yields a decision (spec 7.2).

It reads only the seat view's `board`. Its rules are the spec's list, in order; thresholds come
from ai.toml. Abilities are recognised by their effect (and parameters), not their id, so a
mod's new ability built from a registered effect is used sensibly too: an effect's `types`
limit the cards it is aimed at, and every use on a card is judged by the rules themselves
(`moves.judge_move` on the view's table) before it is chosen, so a mod whose parameters the
heuristics misread can make the policy pass a use over, never pick an illegal one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.crawl.table import (
    HANDS,
    Board,
    Card,
    chaos_list,
    missing_hp,
    move,
    other_hand,
    price,
    value,
)
from game.systems.crawl.content import Content, NormalAi
from game.systems.crawl.moves import judge_move
from game.systems.crawl.table import ViewTable

Decision = dict[str, Any]
AbilityInfo = dict[str, dict[str, Any]]


def ability_info(content: Content) -> AbilityInfo:
    """Per ability id: its kind, effect and effect parameters, as plain dicts (read only).
    Worked out once per content: a simulation makes a CPU for every match."""
    cached = _ability_infos.get(id(content))
    if cached is not None and cached[0] is content:
        return cached[1]
    info: AbilityInfo = {}
    for ability in content.catalogue:
        params = ability.params.model_dump() if ability.params is not None else {}
        info[ability.id] = {"kind": ability.kind, "effect": ability.effect, **params}
    _ability_infos[id(content)] = (content, info)
    return info


_ability_infos: dict[int, tuple[Content, AbilityInfo]] = {}  # by id(content), kept with it

# Where a target ability would rather reach a card: the other hand, the backpack, the board.
_PLACE_RANK = {"other": 0, "backpack": 1, "board": 2}


class Scan:
    """One pass over the view's table, shared by every rule of one decision."""

    __slots__ = ("board", "cards", "foes", "held", "free", "hp")

    def __init__(self, board: Board) -> None:
        # Two plain loops, no comprehension: each would be a call of its own every decision.
        self.board = board
        cards: list[tuple[int, Card]] = []  # (slot, card) of the occupied slots, in slot order
        foes: list[tuple[int, Card]] = []  # those that are enemies
        for pair in enumerate(board["board"]):
            card = pair[1]
            if card is not None:
                cards.append(pair)
                if card["type"] == "enemy":
                    foes.append(pair)
        self.cards, self.foes = cards, foes
        held: dict[str, list[tuple[str, Card]]] = {}
        free: list[str] = []  # the empty hands, left first ("the left hand is used when both are free")
        for hand in HANDS:
            card = board[hand]
            if card is None:
                free.append(hand)
            else:
                held.setdefault(card["type"], []).append((hand, card))
        self.held, self.free = held, free
        self.hp = board["hero"]["hp"]


class NormalPolicy:
    """Spec 7.2, rule by rule."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.p: NormalAi = content.ai.normal
        self.abilities = ability_info(content)

    def decide(self, board: Board, canonical: Callable[[], list[Decision]]) -> Decision:
        scan = Scan(board)
        for rule in RULES:
            decision = rule(self, scan)
            if decision is not None:
                return decision
        return canonical()[0]

    # -- helpers -------------------------------------------------------------------------
    def _ability(self, card: Card | None) -> dict[str, Any] | None:
        if card is None or card["type"] != "ability":
            return None
        return self.abilities.get(card["ability"])

    @staticmethod
    def _held(scan: Scan, card_type: str) -> list[tuple[str, Card]] | tuple[()]:
        return scan.held.get(card_type, ())  # the rules only read it: no list for a miss

    # -- 1. Bash -------------------------------------------------------------------------
    def _bash(self, scan: Scan) -> Decision | None:
        foes = scan.foes
        if not foes:
            return None
        for hand, card in self._held(scan, "shield"):
            if card["bash"]:
                slot, _ = _highest(foes)
                return move(hand, "board", dest_index=slot)
        return None

    # -- 2. Hero abilities -----------------------------------------------------------------
    def _hero_abilities(self, scan: Scan) -> Decision | None:
        board = scan.board
        for hand in HANDS:
            info = self._ability(board[hand])
            if info is not None and info["kind"] == "hero" and self._hero_condition(scan, info):
                return move(hand, "hero")
        return None

    def _hero_condition(self, scan: Scan, info: dict[str, Any]) -> bool:
        board = scan.board
        hero, p = board["hero"], self.p
        effect = info["effect"]
        if effect == "set_hero_flag":
            return not hero.get(info.get("flag", ""), False)
        if effect == "create_card":
            return info.get("type") == "gold" or missing_hp(board) >= p.life_missing
        if effect == "clear_board":
            return sum(value(c) for _, c in scan.foes) >= p.doomed_sum
        if effect == "shuffle_values":
            values = chaos_list(board)
            return sum(values) / len(values) >= hero["hp"] + p.chaos_gain
        return False

    # -- 3. Target abilities ---------------------------------------------------------------
    def _target_abilities(self, scan: Scan) -> Decision | None:
        board = scan.board
        for hand in HANDS:
            info = self._ability(board[hand])
            if info is None or info["kind"] != "target":
                continue
            target = self._best_target(scan, hand, info)
            if target is not None and self._legal(scan, target):
                return target
        return None

    def _legal(self, scan: Scan, decision: Decision) -> bool:
        """The rules' own verdict on a use (the heuristics only read an effect's parameters)."""
        return judge_move(ViewTable({"board": scan.board}), self.content, decision["from"],
                          decision.get("from_index"), decision["to"],
                          decision.get("to_index"))[0] is None

    def _anywhere(self, scan: Scan, hand: str, types: set[str]) -> list[tuple[tuple, Decision,
                                                                              Card]]:
        """Cards of `types` in the other hand, the backpack or on the board, with a sort key
        (place rank, slot) and the decision that drops the ability on them."""
        board = scan.board
        found = []
        other = other_hand(hand)
        if board[other] is not None and board[other]["type"] in types:
            found.append(((_PLACE_RANK["other"], 0), move(hand, other), board[other]))
        if board["backpack"] is not None and board["backpack"]["type"] in types:
            found.append(((_PLACE_RANK["backpack"], 0), move(hand, "backpack"), board["backpack"]))
        for slot, card in scan.cards:
            if card["type"] in types:
                found.append(((_PLACE_RANK["board"], slot), move(hand, "board", dest_index=slot),
                              card))
        return found

    def _best_target(self, scan: Scan, hand: str, info: dict[str, Any]) -> Decision | None:
        board = scan.board
        effect, p = info["effect"], self.p
        if effect == "remove_wounded":
            wounded = [(s, c) for s, c in scan.foes if c["value"] < c["initial_value"]]
            return move(hand, "board", dest_index=_highest(wounded)[0]) if wounded else None
        if effect == "mark_card":
            mark = info.get("mark", "")
            options = [o for o in self._anywhere(scan, hand, set(info.get("types", ())))
                       if not o[2][mark]]
            if not options:
                return None
            return min(options, key=lambda o: (o[0][0], -value(o[2]), o[0][1]))[1]
        if effect == "add_value":
            cap, amount = info.get("cap", 10), info.get("amount", 3)
            options = [o for o in self._anywhere(scan, hand, set(info.get("types", ())))
                       if value(o[2]) < cap]
            if not options:
                return None

            def gain(card: Card) -> int:
                return min(cap, value(card) + amount) - value(card)

            return min(options, key=lambda o: (-gain(o[2]), o[0][0], -value(o[2]), o[0][1]))[1]
        if effect in ("return_to_deck", "swap_with_top"):
            if effect == "swap_with_top" and board["deck_count"] == 0:
                return None
            types = info.get("types")  # None: any board card
            floor = p.banish_min if effect == "return_to_deck" else p.swap_min
            foes = scan.foes if types is None or "enemy" in types else []
            if foes:
                slot, card = _highest(foes)
                if card["value"] >= floor:
                    return move(hand, "board", dest_index=slot)
            if effect == "return_to_deck" and not scan.free and board["backpack"] is not None:
                # a spell or shield with nowhere to go is kept in the deck (a mod's recall)
                kept = [(s, c) for s, c in scan.cards if c["type"] in ("spell", "shield")
                        and types is not None and c["type"] in types]
                if kept:
                    return move(hand, "board", dest_index=_highest(kept)[0])
            return None
        if effect == "lower_value":  # a weaken or a drain (no base ability)
            amount = info.get("amount", 0)
            options = [o for o in self._anywhere(scan, hand, set(info.get("types", ())))
                       if o[2]["type"] == "enemy"]
            if not options:
                return None
            kills = [o for o in options if value(o[2]) <= amount]
            pool = kills or options
            return min(pool, key=lambda o: (-value(o[2]), o[0]))[1]
        if effect == "move_to_backpack":
            if board["backpack"] is not None:
                return None
            gold = [(s, c) for s, c in scan.cards
                    if c["type"] == "gold" and c["value"] >= p.collect_gold_min]
            if gold:
                return move(hand, "board", dest_index=_highest(gold)[0])
            potions = [(s, c) for s, c in scan.cards if c["type"] == "potion"]
            return move(hand, "board", dest_index=_highest(potions)[0]) if potions else None
        return None

    # -- 4. Exact kill ---------------------------------------------------------------------
    def _exact_kill(self, scan: Scan) -> Decision | None:
        pairs = [(c["value"] - e["value"], -e["value"], slot, h_rank, hand)
                 for h_rank, (hand, c) in enumerate(self._held(scan, "spell"))
                 for slot, e in scan.foes if c["value"] >= e["value"]]
        if not pairs:
            return None
        *_, slot, _, hand = min(pairs)
        return move(hand, "board", dest_index=slot)

    # -- 5. Clean block --------------------------------------------------------------------
    def _clean_block(self, scan: Scan) -> Decision | None:
        pairs = [(-e["value"], c["value"], slot, h_rank, hand)
                 for h_rank, (hand, c) in enumerate(self._held(scan, "shield")) if not c["bash"]
                 for slot, e in scan.foes if e["value"] <= c["value"]]
        if not pairs:
            return None
        *_, slot, _, hand = min(pairs)
        return move("board", hand, source_index=slot)

    # -- 6. Efficient drink ----------------------------------------------------------------
    def _potions(self, scan: Scan) -> list[tuple[int, int, int, str]]:
        """(value, place, slot, zone) of potions on the board, then the backpack."""
        board = scan.board
        found = [(c["value"], 0, slot, "board") for slot, c in scan.cards
                 if c["type"] == "potion"]
        bag = board["backpack"]
        if bag is not None and bag["type"] == "potion":
            found.append((bag["value"], 1, 0, "backpack"))
        return found

    def _drink(self, scan: Scan, limit: int | None) -> Decision | None:
        hands = scan.free
        if not hands:
            return None
        potions = [p for p in self._potions(scan) if limit is None or p[0] <= limit]
        if not potions:
            return None
        _, _, slot, place = min(potions, key=lambda p: (-p[0], p[1], p[2]))
        return move(place, hands[0], source_index=slot if place == "board" else None)

    def _efficient_drink(self, scan: Scan) -> Decision | None:
        board = scan.board
        return self._drink(scan, missing_hp(board))

    # -- 7. Gold ---------------------------------------------------------------------------
    def _gold(self, scan: Scan) -> Decision | None:
        board = scan.board
        gold = [(s, c) for s, c in scan.cards if c["type"] == "gold"]
        if not gold:
            return None
        slot, _ = _highest(gold)
        if board["backpack"] is None:
            return move("board", "backpack", source_index=slot)
        hands = scan.free
        if hands and (len(hands) == 2 or not scan.foes):
            return move("board", hands[0], source_index=slot)
        return None

    # -- 8. Equip --------------------------------------------------------------------------
    def _equip(self, scan: Scan) -> Decision | None:
        board = scan.board
        hands = scan.free
        if not hands:
            return None
        shield_equipped = bool(self._held(scan, "shield"))
        rank = {"ability": 3, "shield": 0 if shield_equipped else 2, "spell": 1}
        options = [(rank[c["type"]], value(c), 0, slot, "board") for slot, c in scan.cards
                   if c["type"] in rank]
        bag = board["backpack"]
        if bag is not None and bag["type"] in rank:
            options.append((rank[bag["type"]], value(bag), 1, 0, "backpack"))
        if not options:
            return None
        _, _, _, slot, place = min(options, key=lambda o: (-o[0], -o[1], o[2], o[3]))
        return move(place, hands[0], source_index=slot if place == "board" else None)

    # -- 9. Store --------------------------------------------------------------------------
    def _store(self, scan: Scan) -> Decision | None:
        board = scan.board
        if board["backpack"] is not None:
            return None
        rank = {"ability": 3, "potion": 2, "spell": 1, "shield": 1}
        options = [(-rank[c["type"]], -value(c), slot) for slot, c in scan.cards
                   if c["type"] in rank]
        if not options:
            return None
        return move("board", "backpack", source_index=min(options)[2])

    # -- 10. Emergency drink ---------------------------------------------------------------
    def _emergency_drink(self, scan: Scan) -> Decision | None:
        board = scan.board
        if board["hero"]["hp"] > self.p.emergency_hp:
            return None
        return self._drink(scan, None)

    # -- 11. Chip --------------------------------------------------------------------------
    def _chip(self, scan: Scan) -> Decision | None:
        spells = self._held(scan, "spell")
        foes = scan.foes
        if not spells or not foes:
            return None
        hand = min(enumerate(spells), key=lambda o: (-o[1][1]["value"], o[0]))[1][0]
        return move(hand, "board", dest_index=_highest(foes)[0])

    # -- 12. Partial block -----------------------------------------------------------------
    def _partial_block(self, scan: Scan) -> Decision | None:
        board = scan.board
        hp = board["hero"]["hp"]
        pairs = [(e["value"] - c["value"], -e["value"], slot, h_rank, hand)
                 for h_rank, (hand, c) in enumerate(self._held(scan, "shield"))
                 for slot, e in scan.foes if e["value"] - c["value"] < hp]
        if not pairs:
            return None
        *_, slot, _, hand = min(pairs)
        return move("board", hand, source_index=slot)

    # -- 13. Take a hit --------------------------------------------------------------------
    def _take_hit(self, scan: Scan) -> Decision | None:
        board = scan.board
        hp = board["hero"]["hp"]
        survivable = [(e["value"], slot) for slot, e in scan.foes if e["value"] < hp]
        if survivable:
            return move("board", "hero", source_index=min(survivable)[1])
        bag = board["backpack"]
        if bag is not None and bag["type"] == "enemy" and bag["value"] < hp:
            return move("backpack", "hero")
        return None

    # -- 14. Sell --------------------------------------------------------------------------
    def _sell(self, scan: Scan) -> Decision | None:
        board = scan.board
        options = [(-price(c), slot) for slot, c in scan.cards if c["type"] != "enemy"]
        if options:
            return move("board", "chest", source_index=min(options)[1])
        bag = board["backpack"]
        if bag is not None and bag["type"] == "enemy":
            return move("backpack", "chest")
        return None

    # -- 15. Random attack, 16. Rebuy ------------------------------------------------------
    def _random_attack(self, scan: Scan) -> Decision | None:
        board = scan.board
        if not board["random_attack_used"] and scan.foes:
            return {"seat": 0, "type": "random_attack"}
        return None

    def _rebuy(self, scan: Scan) -> Decision | None:
        board = scan.board
        if board["hero"]["hp"] > board["rebuy_cost"] and any(c for c in board["board"]):
            return {"seat": 0, "type": "rebuy"}
        return None


# The rules in the spec's order, as the class's plain functions: a decision calls them with
# its policy (bound methods built once per policy would tie each policy to itself in a cycle,
# left for the garbage collector after every game).
RULES: tuple[Callable[[NormalPolicy, Scan], Decision | None], ...] = (
    NormalPolicy._bash, NormalPolicy._hero_abilities, NormalPolicy._target_abilities,
    NormalPolicy._exact_kill, NormalPolicy._clean_block, NormalPolicy._efficient_drink,
    NormalPolicy._gold, NormalPolicy._equip, NormalPolicy._store, NormalPolicy._emergency_drink,
    NormalPolicy._chip, NormalPolicy._partial_block, NormalPolicy._take_hit, NormalPolicy._sell,
    NormalPolicy._random_attack, NormalPolicy._rebuy,
)


def _highest(cards: list[tuple[int, Card]]) -> tuple[int, Card]:
    """The highest-valued card, the lowest slot on ties."""
    return min(cards, key=lambda sc: (-value(sc[1]), sc[0]))
