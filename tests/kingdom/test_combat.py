"""Combat (spec kingdom.md 4.6) on small hand-built boards, beyond the acceptance scenarios:
the guardian pass, kill credit, caps, unequal boards and the exact log order."""

from __future__ import annotations

from tests.kingdom.helpers import events, fight

MILITIA = "china_dao_militia"      # 2/1 none
SHIELDER = "common_shielder"       # 1/3 guardian
CAPTAIN = "common_captain"         # 2/3 aura
BATTERY = "china_rocket_battery"   # 3/5 aoe
HOPLITE = "greece_hoplite"         # 0/3 none
PRIEST = "common_priest"           # 1/3 heal
CHAMPION = "common_champion"       # 6/3 cleave
LANCER = "mongolia_heavy_lancer"   # 6/4 overkillHeal
CROSSBOW = "china_crossbowman"     # 2/1 ranged
RIDER = "korea_byeolmuban_rider"   # 5/2 none


def test_a_guardian_whose_mark_was_cleared_can_save_in_the_same_pass():
    # B's battery (5/7 between two captains) marks A's slots 1, 2, 3. In one pass by slot:
    # G0 saves G1, then G1 (unmarked now) saves G2, then G2 saves the hoplite.
    out = fight([SHIELDER, SHIELDER, SHIELDER, HOPLITE, None],
                [None, CAPTAIN, BATTERY, CAPTAIN, None])
    saves = [(e["guardian"], e["saved"]) for e in events(out, "guardian")]
    assert saves == [("u1", "u2"), ("u2", "u3"), ("u3", "u4")]
    assert [(e["uid"], e["cause"]) for e in events(out, "death")] == [
        ("u1", "sacrifice"), ("u2", "sacrifice"), ("u3", "sacrifice")]
    assert out.slots[0] == (None, None, None, (HOPLITE, "u4"), None)


def test_left_guardian_is_asked_first():
    out = fight([SHIELDER, RIDER, SHIELDER, None, None], [None, RIDER, None, None, None])
    (save,) = events(out, "guardian")
    assert (save["guardian"], save["guardian_slot"], save["saved_slot"]) == ("u1", 0, 1)
    assert out.slots[0][2] == (SHIELDER, "u3")


def test_a_saved_victim_gives_no_kill_trigger_but_the_spillover_lands():
    # A's lancer (6/4) marks B's militia (2/1): spill 5; B's shielder saves it: no heal.
    out = fight([LANCER, None, None, None, None], [MILITIA, SHIELDER, None, None, None],
                hp=(20, 25))
    assert events(out, "trigger") == []
    assert out.hp == (20, 20)
    assert out.slots[1][0] == (MILITIA, "u2")


def test_an_attacker_that_dies_in_the_exchange_still_cleaves():
    # Champion 6/3 vs Rider 5/2: both die; A takes 2, B takes 4 spill + 6 cleave.
    out = fight([CHAMPION, None, None, None, None], [RIDER, None, None, None, None])
    assert [e["amount"] for e in events(out, "trigger")] == [6]
    assert out.hp == (23, 15)
    assert out.slots == ((None,) * 5, (None,) * 5)


def test_ranged_and_aoe_never_trigger_and_ranged_never_marks():
    out = fight([CROSSBOW, BATTERY, None, None, None], [HOPLITE, MILITIA, None, None, None])
    attacks = events(out, "attack")
    assert [a["style"] for a in attacks if a["seat"] == 0] == ["ranged", "aoe"]
    assert attacks[0]["hits"] == [{"lane": 0, "target": None, "lethal": False, "nexus": 2}]
    assert events(out, "trigger") == []
    # the battery marks the hoplite (lane 0, 3 > 3 is false: it survives) and the militia
    assert out.slots[1] == ((HOPLITE, "u3"), None, None, None, None)


def test_start_heal_is_capped_and_lists_the_healers():
    out = fight([PRIEST, PRIEST, None, None, None], [None] * 5, hp=(24, 25))
    (heal,) = events(out, "heal")
    assert heal == {"type": "heal", "seat": 0, "units": ["u1", "u2"], "amount": 1, "hp": 25}


def test_overkill_heal_reports_the_uncapped_amount_and_heals_to_the_cap():
    out = fight([LANCER, None, None, None, None], [MILITIA, None, None, None, None],
                hp=(22, 25))
    (trigger,) = events(out, "trigger")
    assert trigger["amount"] == 5
    (heal,) = events(out, "nexus_heal")
    assert (heal["amount"], heal["hp"]) == (3, 25)


def test_lanes_beyond_the_shorter_board_and_the_aoe_edge_of_the_target():
    # A has 7 slots, B 5. A's battery in slot 5: lane 4 of B is a target, lanes 5 and 6 are
    # beyond B's board: lane 5 (centre) is an empty lane hitting the Nexus, lane 6 is skipped.
    out = fight([None, None, None, None, None, BATTERY, None],
                [None, None, None, None, HOPLITE])
    (attack,) = [a for a in events(out, "attack") if a["seat"] == 0]
    assert [h["lane"] for h in attack["hits"]] == [4, 5]
    assert attack["hits"][0]["target"] == "u2" and not attack["hits"][0]["lethal"]
    assert out.hp == (25, 22)


def test_log_order_within_a_lane():
    out = fight([SHIELDER, CHAMPION, None, None, None], [None, RIDER, None, None, None])
    kinds = [e["type"] for e in out.log]
    assert kinds == ["aura", "attack", "nexus_damage", "attack", "attack", "guardian", "death",
                     "death", "trigger", "nexus_damage", "nexus_damage", "combat_end"]
    deaths = events(out, "death")
    assert [(d["seat"], d["cause"]) for d in deaths] == [(0, "sacrifice"), (1, "killed")]


def test_combat_never_stops_early():
    out = fight([RIDER, RIDER, RIDER, None, None], [None] * 5, hp=(25, 3))
    assert out.hp == (25, -12)
    assert len(events(out, "nexus_damage")) == 3
