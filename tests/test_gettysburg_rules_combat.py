"""Gettysburg 1863: reaction (4.3, 4.31), combat (5.0-5.4.2), with the seed's worked examples
and the reference's test cases (TC-1 ... TC-11, TC-19, TC-20, TC-26 ... TC-28).

Rule numbers are the seed's (../shared/seeds/004_8f5627d0b513d1c4.txt); TC-n and AMB-n are
the reference's (../shared/rules/gettysburg-1863.md §F, §H). The positions are set on the open
ground south-east of the Round Tops (C3 ... F4: clear, no road, no stream) unless a rule needs
a particular hex (M4 the breastworks, N5 Cemetery Hill).
"""
from __future__ import annotations

import pytest

from core.gettysburg import fire, retreat
from core.gettysburg import query as q
from tests.support.gettysburg import (AR, BU, CF, CSA, DF, HAT, SV, UF, UNION, X, act,
                                      assert_illegal, clear, dice, engagement, labels,  # noqa: F401
                                      new_match, place, st, start_round, unit)

# --- 5.0, 1.1: how many dice ---------------------------------------------------------------------


def test_1_1_tc_1_infantry_of_4_sp_rolls_4_dice_at_an_adjacent_unit_in_the_open():
    """TC-1: a stand and 3 discs = 4 SP; attacking an adjacent unit in the open: 4 dice."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.I.Wadsworth", "D3")
    place(state, "CSA.II.Early", "E3", sp=4)
    need = fire.need(state, ["US.I.Wadsworth"], "CSA.II.Early")
    assert (need.total, need.mods, need.dice) == (4, [], 4)


def test_1_1_tc_2_cavalry_rolls_its_2_sp_artillery_its_printed_value():
    """TC-2: cavalry and artillery are stand + 1 disc = 2 SP; cavalry rolls 2 dice, artillery its
    printed array (3 adjacent), not 2."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.CR.Gamble", "D3")
    place(state, "US.I.Wainwright", "D4")
    place(state, "CSA.II.Early", "E3")
    assert q.printed_sp("US.CR.Gamble") == q.printed_sp("US.I.Wainwright") == 2
    assert fire.need(state, ["US.CR.Gamble"], "CSA.II.Early").dice == 2
    assert fire.need(state, ["US.I.Wainwright"], "CSA.II.Early").dice == 3


@pytest.mark.parametrize("target_hex, distance, dice_", [("E3", 1, 3), ("E4", 2, 2), ("E5", 3, 1),
                                                          ("E6", 4, 1), ("E7", 5, 0)])
def test_1_1_5_0_tc_3_artillery_fires_3_2_1_1_by_range(target_hex, distance, dice_):
    """TC-3: F3/2/1/1 with a clear line and the target in the open: 3 / 2 / 1 / 1 dice at
    1 / 2 / 3 / 4 hexes; at 5 hexes it may not fire (file E is open ground)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.I.Wainwright", "E2")
    place(state, "CSA.II.Early", target_hex)
    assert q.distance("E2", target_hex) == distance
    assert fire.may_fire_at(state, "US.I.Wainwright", "CSA.II.Early") is (dice_ > 0)
    if dice_:
        assert fire.need(state, ["US.I.Wainwright"], "CSA.II.Early").dice == dice_
        assert fire.targets(state, "US.I.Wainwright") == ["CSA.II.Early"]


def test_5_0_infantry_and_cavalry_fire_only_at_adjacent_units():
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.I.Wadsworth", "D3")
    place(state, "US.CR.Gamble", "C3")
    place(state, "CSA.II.Early", "E4")
    assert q.distance("D3", "E4") == 2
    assert fire.targets(state, "US.I.Wadsworth") == []
    assert fire.targets(state, "US.CR.Gamble") == []


# --- 5.1 note: combined fire ---------------------------------------------------------------------


def _tc4(m):
    state = clear(m)
    place(state, "CSA.II.Rodes", "M5", sp=4)  # infantry, fire value 4
    place(state, "CSA.CR.Jenkins", "M5")      # cavalry, fire value 2
    place(state, "US.XII.Geary", "M4")        # the Culp's Hill breastworks: entrenchments
    return state


def test_5_1_tc_4_combined_fire_against_entrenchments_is_6_minus_2(dice):
    """TC-4 (the rules' example): cavalry (2) and infantry (4) in one hex attack an adjacent
    entrenched unit: 6 - 2 = 4 white dice. Both are activated by a command hat (3.0)."""
    m = new_match("day-3")
    _tc4(m)
    start_round(m, "CSA.II", dice, [HAT, HAT, HAT, HAT, HAT])
    act(m, CSA, "command-stack", "M5")
    act(m, CSA, "fire", "CSA.II.Rodes")
    choices = {str(c.action): c.label for c in m.actions(CSA)}
    assert "= 4 dice" in choices["fire-together US.XII.Geary"]
    assert "Rodes 4 + Jenkins 2 - 2 entrenchments" in choices["fire-together US.XII.Geary"]
    dice.push(UF, UF, CF, DF, X, AR)  # 4 white dice: 2 hits; black: cross, arrow
    act(m, CSA, "fire-together", "US.XII.Geary")
    assert dice.rolled[-6:] == [UF, UF, CF, DF, X, AR] and not dice.remaining
    assert unit(m, "US.XII.Geary").sp == 3 and unit(m, "US.XII.Geary").hex == "M4"


def test_5_1_tc_4b_the_same_units_firing_apart_roll_2_dice():
    """TC-4b: separately (2 - 2) + (4 - 2) = 2 dice: the modifier is applied once per fire."""
    m = new_match("day-3")
    state = _tc4(m)
    apart = [fire.need(state, [u], "US.XII.Geary").dice
             for u in ("CSA.CR.Jenkins", "CSA.II.Rodes")]
    assert apart == [0, 2] and sum(apart) == 2
    assert fire.need(state, ["CSA.II.Rodes", "CSA.CR.Jenkins"], "US.XII.Geary").dice == 4


# --- 5.3: hits and the black dice -------------------------------------------------------------------


def test_5_3_tc_5_own_flag_and_double_flag_hit_for_either_side():
    """TC-5: [DF, UF, CF, BU, HAT] is 2 hits for a Union firer (DF + UF) and 2 for a
    Confederate one (DF + CF)."""
    faces = [DF, UF, CF, BU, HAT]
    assert fire.hits(UNION, faces) == 2
    assert fire.hits(CSA, faces) == 2
    assert fire.hits(UNION, [CF, BU, HAT]) == 0


def _open_ground_fight(m, defender_sp=4):
    """Union Wadsworth (4 SP) on E3 in the open; Confederate Early in D3, adjacent."""
    state = clear(m)
    place(state, "US.I.Wadsworth", "E3", sp=defender_sp)
    place(state, "CSA.II.Early", "D3")
    return state


def test_5_3_5_4_tc_6_cross_arrow_save_costs_1_sp_and_a_retreat(dice):
    """TC-6: a 4-SP infantry unit in the open takes 3 hits, black dice [X, AR, SV]: it drops to
    3 SP and retreats 1 hex into a legal rear hex (F3, F4 or E4, away from D3)."""
    m = new_match("day-3")
    _open_ground_fight(m)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "fire", "CSA.II.Early")
    dice.push(CF, CF, DF, BU, HAT, UF, X, AR, SV)  # 6 dice, 3 hits
    act(m, CSA, "fire", "US.I.Wadsworth")
    assert unit(m, "US.I.Wadsworth").sp == 3
    assert st(m).phase == "retreat-to" and m.active == [UNION]
    assert sorted(labels(m, UNION)) == ["retreat-to E4", "retreat-to F3", "retreat-to F4"]
    act(m, UNION, "retreat-to", "F4")
    assert unit(m, "US.I.Wadsworth").hex == "F4"


def test_5_3_tc_7_entrenched_defender_ignores_the_arrow(dice):
    """TC-7: 6 SP of infantry against an entrenchment: 6 - 2 = 4 dice; 2 hits [X, AR]: the
    defender loses 1 SP and does not retreat (the arrow counts as save)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.XII.Geary", "M4")
    place(state, "CSA.II.Johnson", "M5", sp=6)
    assert fire.need(state, ["CSA.II.Johnson"], "US.XII.Geary").dice == 4
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Johnson")
    act(m, CSA, "fire", "CSA.II.Johnson")
    dice.push(CF, DF, UF, BU, X, AR)
    act(m, CSA, "fire", "US.XII.Geary")
    geary = unit(m, "US.XII.Geary")
    assert (geary.sp, geary.hex) == (3, "M4")
    assert any("arrows count as save" in line for line in st(m).log)


def test_5_2_1_tc_8_cemetery_hill_minus_2_against_infantry_and_no_retreats(dice):
    """TC-8: a Union unit on N5 attacked by a 5-SP Confederate division: 5 - 2 = 3 dice, and
    the arrow has no effect (5.2.1)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.XI.Steinwehr", "N5")
    place(state, "CSA.I.Pickett", "O6", sp=5)  # O6: open ground, level 0
    need = fire.need(state, ["CSA.I.Pickett"], "US.XI.Steinwehr")
    assert need.dice == 3 and "Cemetery Hill" in need.text
    start_round(m, "CSA.I", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.I.Pickett")
    act(m, CSA, "fire", "CSA.I.Pickett")
    dice.push(CF, DF, BU, AR, AR)
    act(m, CSA, "fire", "US.XI.Steinwehr")
    assert unit(m, "US.XI.Steinwehr").hex == "N5" and unit(m, "US.XI.Steinwehr").sp == 3
    assert any("Cemetery Hill ignores retreats" in line for line in st(m).log)


def test_5_2_1_amb_15_artillery_at_cemetery_hill_meets_only_the_hill():
    """TC-8 / AMB-15 [R]: against artillery the special -2 does not apply: the hill's -1 when
    the firer is lower; arrows are still ignored (tested above for every attacker)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.XI.Steinwehr", "N5")
    place(state, "CSA.III.McIntosh", "O6")
    need = fire.need(state, ["CSA.III.McIntosh"], "US.XI.Steinwehr")
    assert need.mods == [("hill, firer lower (5.2) (5.3.1)", 1)] and need.dice == 2


def test_5_4_2_tc_9_no_rear_hex_costs_1_sp_per_arrow(dice):
    """TC-9: [AR, AR] with every rear hex enemy-held, in an enemy ZoC or full: the unit stays
    and loses 2 SP."""
    m = new_match("day-3")
    state = _open_ground_fight(m)
    place(state, "CSA.II.Rodes", "F3")       # rear hex F3: held by the enemy
    place(state, "CSA.II.Dance", "G4")       # rear hex F4: in Dance's ZoC
    place(state, "CSA.II.Nelson", "E5")      # rear hex E4: in Nelson's ZoC
    assert set(retreat.rear_hexes("E3", ["D3"])) == {"F3", "F4", "E4"}
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "fire", "CSA.II.Early")
    dice.push(CF, CF, BU, HAT, HAT, UF, AR, AR)
    act(m, CSA, "fire", "US.I.Wadsworth")
    wadsworth = unit(m, "US.I.Wadsworth")
    assert (wadsworth.hex, wadsworth.sp) == ("E3", 2)


def test_5_4_2_retreats_leave_the_stack_partner_and_repeat_from_the_new_hex(dice):
    """AMB-19 [R]: each arrow is 1 hex, the next one from the new hex away from the same firer;
    a retreating stacked unit leaves its partner behind."""
    m = new_match("day-3")
    state = _open_ground_fight(m)
    place(state, "US.I.Wainwright", "E3")
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "fire", "CSA.II.Early")
    dice.push(CF, CF, BU, HAT, HAT, UF, AR, AR)
    act(m, CSA, "fire", "US.I.Wadsworth")
    act(m, UNION, "retreat-to", "E4")
    assert st(m).phase == "retreat-to"
    # from E4 the firer in D3 is 2 hexes off on a diagonal: the rear hexes are the two 3 away
    assert sorted(retreat.rear_hexes("E4", ["D3"])) == ["E5", "F5"]
    assert labels(m, UNION) == ["retreat-to E5", "retreat-to F5"]
    act(m, UNION, "retreat-to", "F5")
    assert q.distance(unit(m, "US.I.Wadsworth").hex, "D3") == 3
    assert unit(m, "US.I.Wainwright").hex == "E3"


def test_tc_26_a_six_sp_division_after_one_loss_has_5(dice):
    """TC-26: Pender (6 SP: the stand on a black disc worth 5) after one loss is 5 SP."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.III.Pender", "E3")
    place(state, "US.I.Wadsworth", "D3")
    assert unit(m, "CSA.III.Pender").sp == 6
    start_round(m, "US.I", dice, [UF, HAT, HAT, HAT])
    act(m, UNION, "activate", "US.I.Wadsworth")
    act(m, UNION, "fire", "US.I.Wadsworth")
    dice.push(UF, BU, BU, BU, X)
    act(m, UNION, "fire", "CSA.III.Pender")
    assert unit(m, "CSA.III.Pender").sp == 5


def test_5_3_elimination_at_0_sp_scores_the_printed_sp(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.III.Pegram", "E3", sp=1)
    place(state, "US.I.Wadsworth", "D3")
    start_round(m, "US.I", dice, [UF, HAT, HAT, HAT])
    act(m, UNION, "activate", "US.I.Wadsworth")
    act(m, UNION, "fire", "US.I.Wadsworth")
    dice.push(UF, BU, BU, BU, X)
    act(m, UNION, "fire", "CSA.III.Pegram")
    assert unit(m, "CSA.III.Pegram").status == "eliminated"
    from core.gettysburg import victory
    assert victory.eliminated_sp(st(m), CSA) == 2  # printed SP (AMB-25)


# --- 5.3.1, 5.2: protection ------------------------------------------------------------------------


def test_5_3_1_terrain_protection_woods_orchard_town():
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Early", "G10")    # woods
    place(state, "US.I.Wadsworth", "F10")  # Warfield... F10 is a hill
    place(state, "US.II.Hays", "F9")       # open ground next to G9 and G10
    assert fire.need(state, ["US.II.Hays"], "CSA.II.Early").mods == [("woods (5.3.1)", 1)]
    place(state, "CSA.II.Early", "G9")     # the Peach Orchard
    assert fire.need(state, ["US.II.Hays"], "CSA.II.Early").mods == [("orchard (5.3.1)", 1)]
    place(state, "CSA.II.Early", "G8")     # Trostle farm: buildings -2
    assert fire.need(state, ["US.II.Hays"], "CSA.II.Early").mods == [("farm (5.3.1)", 2)]


def test_5_2_amb_14_the_hill_counts_only_when_the_firer_is_lower():
    """5.2: fire at a unit at the same elevation is not modified; AMB-14 [R]: the hill's -1
    only when the firer is lower; a wooded hill at the same level keeps its woods' -1."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "K6")        # Cemetery Ridge, hill level 1
    place(state, "CSA.I.Pickett", "K7")     # open ground, level 0
    assert fire.need(state, ["CSA.I.Pickett"], "US.II.Hays").dice == 4  # 5 - 1
    place(state, "CSA.I.Pickett", "L6")     # Cemetery Ridge too: same level
    assert fire.need(state, ["CSA.I.Pickett"], "US.II.Hays").mods == []
    # a wooded hill (N3 Culp's Hill, level 2) from M3 (wooded hill, level 2): woods only
    place(state, "US.XII.Williams", "N3")
    place(state, "CSA.II.Johnson", "M3")
    assert fire.need(state, ["CSA.II.Johnson"], "US.XII.Williams").dice == 6 - 1
    place(state, "CSA.II.Johnson", "N2")    # woods, level 0: the whole -2
    assert fire.need(state, ["CSA.II.Johnson"], "US.XII.Williams").dice == 6 - 2


def test_amb_14_option_none_at_the_same_level():
    m = new_match("day-3", same_level_hill="none")
    state = clear(m)
    place(state, "US.XII.Williams", "N3")
    place(state, "CSA.II.Johnson", "M3")
    assert fire.need(state, ["CSA.II.Johnson"], "US.XII.Williams").dice == 6


def test_5_3_1_amb_13_a_stream_hexside_gives_minus_1_to_an_adjacent_firer():
    """Willoughby Run runs between R10 and R11: fire across it is -1, added to the hex's."""
    m = new_match("day-3")
    state = clear(m)
    assert q.stream("R10", "R11")
    place(state, "US.CR.Gamble", "R10")       # Herbst Woods: woods -1
    place(state, "CSA.III.Heth", "R11", sp=6)
    need = fire.need(state, ["CSA.III.Heth"], "US.CR.Gamble")
    assert need.mods == [("woods (5.3.1)", 1), ("across a stream (5.3.1)", 1)]
    assert need.dice == 4


def test_amb_16_zero_dice_have_no_effect(dice):
    """AMB-16 [R]: modifiers down to 0 dice or fewer: no dice, no effect."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.CR.Jenkins", "M5")
    place(state, "US.XII.Geary", "M4")
    need = fire.need(state, ["CSA.CR.Jenkins"], "US.XII.Geary")
    assert need.dice == 0 and "no effect" in need.text
    start_round(m, "CSA.II", dice, [HAT, HAT, HAT, HAT, HAT])
    act(m, CSA, "command", "CSA.CR.Jenkins")
    act(m, CSA, "fire", "CSA.CR.Jenkins")
    act(m, CSA, "fire", "US.XII.Geary")   # no die rolled (the strict script is empty)
    assert unit(m, "US.XII.Geary").sp == 4


def test_amb_17_artillery_keeps_its_array_option_halves_it():
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.I.Wainwright", "D3", sp=1)
    place(state, "CSA.II.Early", "D4")
    assert fire.need(state, ["US.I.Wainwright"], "CSA.II.Early").dice == 3
    m2 = new_match("day-3", artillery_losses="halved")
    state2 = clear(m2)
    place(state2, "US.I.Wainwright", "D3", sp=1)
    place(state2, "CSA.II.Early", "D4")
    assert fire.need(state2, ["US.I.Wainwright"], "CSA.II.Early").dice == 2


# --- 5.1, 5.2: line of sight (TC-27, TC-28) ---------------------------------------------------


def test_5_1_5_2_tc_27_woods_and_units_block_a_level_0_gun_not_a_hill_gun():
    """TC-27: artillery on level 0 (C8), a target 3 hexes away (F9), the Rose Woods (E8) on the
    line: blocked. From a hill (Warfield Ridge D10, level 1) the level-0 woods (E8) no longer
    block the line to E7. A unit in an intervening level-0 hex blocks the level-0 gun (E2 to E5
    over E4), and not the level-1 gun (D10 to E7 over D9) (AMB-14 [R])."""
    m = new_match("day-3")
    state = clear(m)
    assert q.elevation("C8") == 0 and q.board().hex("E8").terrain == "woods"
    place(state, "US.I.Wainwright", "C8")
    place(state, "CSA.II.Early", "F9")
    assert q.distance("C8", "F9") == 3
    assert not fire.may_fire_at(state, "US.I.Wainwright", "CSA.II.Early")
    assert q.elevation("D10") == 1
    place(state, "US.I.Wainwright", "D10")
    place(state, "CSA.II.Early", "E7")
    assert fire.may_fire_at(state, "US.I.Wainwright", "CSA.II.Early")
    place(state, "CSA.II.Dance", "D9")      # a unit at level 0 on the line: seen over
    assert fire.may_fire_at(state, "US.I.Wainwright", "CSA.II.Early")
    place(state, "US.I.Wainwright", "E2")
    place(state, "CSA.II.Early", "E5")
    assert fire.may_fire_at(state, "US.I.Wainwright", "CSA.II.Early")
    place(state, "CSA.II.Dance", "E4")      # a unit on the line blocks the level-0 gun
    assert not fire.may_fire_at(state, "US.I.Wainwright", "CSA.II.Early")


def test_5_1_tc_28_a_line_along_a_hexside_is_blocked_only_if_both_hexes_block():
    """TC-28: the line from A5 to C5 runs exactly along the hexside between B5 (open) and B6
    (woods): clear. With a unit in B5 as well, both hexes block: blocked."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.AR.Fitzhugh", "A5")
    place(state, "CSA.II.Early", "C5")
    assert q.board().hex("B6").terrain == "woods" and q.board().hex("B5").terrain == "clear"
    assert fire.may_fire_at(state, "US.AR.Fitzhugh", "CSA.II.Early")
    place(state, "CSA.II.Dance", "B5")
    assert not fire.may_fire_at(state, "US.AR.Fitzhugh", "CSA.II.Early")


# --- 4.3 reaction, 4.31 evasion ----------------------------------------------------------------


def _approach(m):
    """Union veteran Hays (II, 4 SP) on E3; Confederate Early in C3, two hexes away."""
    state = clear(m)
    place(state, "US.II.Hays", "E3")
    place(state, "CSA.II.Early", "C3", sp=4)
    return state


@pytest.mark.parametrize("faces, success", [([BU, HAT, CF], False), ([UF, BU, CF], True),
                                            ([DF, HAT, BU], True)])
def test_4_3_tc_10_a_veteran_reacts_with_3_dice_own_flag_or_double_flag(dice, faces, success):
    """TC-10: a veteran Union unit that a Confederate unit moves next to rolls 3 dice: [BU, HAT,
    CF] fails, [UF, BU, CF] succeeds, [DF, HAT, BU] succeeds (AMB-08 [R])."""
    m = new_match("day-3")
    _approach(m)
    assert q.counters().training_dice("US.II.Hays") == 3
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    assert st(m).phase == "react" and m.active == [UNION]
    dice.push(*faces)
    act(m, UNION, "react", "US.II.Hays")
    assert (engagement(m).reactors == ["US.II.Hays"]) is success
    assert st(m).phase == "target" and m.active == [CSA]  # the mover picks its target


def test_4_3_conscript_rolls_2_elite_4():
    assert q.counters().training_dice("US.I.Doubleday") == 2  # conscript
    assert q.counters().training_dice("US.I.Wadsworth") == 4  # elite


def test_4_3_2_0_reaction_fire_is_simultaneous_with_the_attack(dice):
    """2.0 step 6: with a reaction both sides roll before any result is applied; the reactor
    counts as activated (4.3: it replaces its activation)."""
    m = new_match("day-3")
    _approach(m)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    dice.push(UF, BU, BU)
    act(m, UNION, "react", "US.II.Hays")
    # Early 4 dice at Hays, Hays 4 dice at Early, then black dice: Hays' 1 hit, Early's 1 hit
    dice.push(CF, BU, BU, BU, UF, BU, BU, BU, X, X)
    act(m, CSA, "fire", "US.II.Hays")
    assert unit(m, "US.II.Hays").sp == 3 and unit(m, "CSA.II.Early").sp == 3
    assert unit(m, "US.II.Hays").activated


def test_4_3_amb_08_e_a_successful_reactor_fires_even_without_an_attack(dice):
    m = new_match("day-3")
    _approach(m)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    dice.push(UF, BU, BU)
    act(m, UNION, "react", "US.II.Hays")
    dice.push(UF, BU, BU, BU, X)
    act(m, CSA, "no-attack")
    assert unit(m, "CSA.II.Early").sp == 3


def test_amb_08_e_option_reaction_fire_only_answers_an_attack(dice):
    m = new_match("day-3", reaction_answers_attack=True)
    _approach(m)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    dice.push(UF, BU, BU)
    act(m, UNION, "react", "US.II.Hays")
    act(m, CSA, "no-attack")   # no die: the reactor holds its fire
    assert unit(m, "CSA.II.Early").sp == 4 and not unit(m, "US.II.Hays").activated


def test_amb_08_b_a_failed_reaction_does_not_activate_option_any_attempt_does(dice):
    for option, activated in (("fires or evades", False), ("any attempt", True)):
        m = new_match("day-3", reaction_activation=option)
        _approach(m)
        start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
        act(m, CSA, "activate", "CSA.II.Early")
        act(m, CSA, "move", "CSA.II.Early")
        act(m, CSA, "to", "D3")
        dice.push(BU, HAT, CF)
        act(m, UNION, "react", "US.II.Hays")
        assert unit(m, "US.II.Hays").activated is activated
        act(m, CSA, "no-attack")


def test_amb_08_c_activated_units_may_react_option_once_a_turn(dice):
    m = new_match("day-3")
    state = _approach(m)
    place(state, "US.II.Hays", "E3", activated=True, reacted=True)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    assert "react US.II.Hays" in labels(m, UNION)
    m2 = new_match("day-3", reaction_once=True)
    state2 = _approach(m2)
    place(state2, "US.II.Hays", "E3", activated=True, reacted=True)
    start_round(m2, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m2, CSA, "activate", "CSA.II.Early")
    act(m2, CSA, "move", "CSA.II.Early")
    act(m2, CSA, "to", "D3")
    assert st(m2).phase == "target"  # no reaction offered


def test_amb_08_d_an_attack_from_an_adjacent_hex_sets_off_no_reaction_option_return_fire(dice):
    m = new_match("day-3")
    _open_ground_fight(m)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "fire", "CSA.II.Early")
    dice.push(BU, BU, BU, BU, BU, BU)
    act(m, CSA, "fire", "US.I.Wadsworth")
    assert m.result is not None  # no reaction asked: the round and the game ended
    m2 = new_match("day-3", return_fire=True)
    _open_ground_fight(m2)
    start_round(m2, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m2, CSA, "activate", "CSA.II.Early")
    act(m2, CSA, "fire", "CSA.II.Early")
    act(m2, CSA, "fire", "US.I.Wadsworth")
    assert st(m2).phase == "react" and labels(m2, UNION)[0] == "react US.I.Wadsworth"


def test_4_31_tc_19_cavalry_evades_and_the_mover_picks_another_target(dice):
    """TC-19: a veteran cavalry brigade an infantry division moves next to rolls 3 dice; with an
    own flag its player chooses to fight or evade; evading, it withdraws up to 4 MP, out of the
    enemy's ZoC, and the infantry picks another adjacent target or none (AMB-09 [R])."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.CR.Gamble", "E3")      # veteran cavalry
    place(state, "US.II.Hays", "D4")
    place(state, "CSA.II.Early", "C2")
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")                 # next to Gamble (E3) and Hays (D4)
    dice.push(UF, BU, BU)
    act(m, UNION, "react", "US.CR.Gamble")
    assert sorted(labels(m, UNION)) == ["evade US.CR.Gamble", "fight US.CR.Gamble"]
    act(m, UNION, "evade", "US.CR.Gamble")
    hexes = [line.split()[1] for line in labels(m, UNION)]
    zoc = q.zoc(st(m), CSA)
    assert hexes and not set(hexes) & zoc
    act(m, UNION, "to", hexes[0])
    assert unit(m, "US.CR.Gamble").activated
    act(m, UNION, "no-reaction")            # Hays does not try
    assert labels(m, CSA) == ["fire US.II.Hays", "no-attack"]


def test_4_31_evasion_needs_a_successful_roll(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.CR.Gamble", "E3")
    place(state, "CSA.II.Early", "C2")
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    dice.push(BU, HAT, CF)
    act(m, UNION, "react", "US.CR.Gamble")
    assert st(m).phase == "target" and unit(m, "US.CR.Gamble").hex == "E3"


# --- 5.4.1 advance after combat (TC-20) ------------------------------------------------------


def _eliminate_the_defender(m, dice, attacker, attacker_hex="D3"):
    state = clear(m)
    place(state, "US.I.Wadsworth", "E3", sp=1)
    place(state, attacker, attacker_hex)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    verb = "activate" if not q.is_reserve(attacker) else "command"
    act(m, CSA, verb, attacker)
    act(m, CSA, "fire", attacker)
    n = fire.need(state, [attacker], "US.I.Wadsworth").dice
    dice.push(*([CF] + [BU] * (n - 1)), X)
    act(m, CSA, "fire", "US.I.Wadsworth")
    assert unit(m, "US.I.Wadsworth").status == "eliminated"


def test_5_4_1_tc_20_infantry_may_occupy_the_emptied_hex(dice):
    m = new_match("day-3")
    _eliminate_the_defender(m, dice, "CSA.II.Early")
    assert st(m).phase == "advance"
    assert sorted(labels(m, CSA)) == ["advance E3", "stay"]
    act(m, CSA, "advance", "E3")
    assert unit(m, "CSA.II.Early").hex == "E3"


def test_5_4_1_tc_20_cavalry_must_occupy_it(dice):
    m = new_match("day-3")
    _eliminate_the_defender(m, dice, "CSA.CR.Jenkins")
    assert unit(m, "CSA.CR.Jenkins").hex == "E3"
    assert any("must occupy" in line for line in st(m).log)


def test_5_4_1_tc_20_artillery_never_advances(dice):
    m = new_match("day-3")
    _eliminate_the_defender(m, dice, "CSA.II.Dance")
    assert unit(m, "CSA.II.Dance").hex == "D3" and m.result is not None


def test_5_4_1_a_reactor_does_not_advance(dice):
    """TC-20: a reacting unit does not advance, even when its fire empties the mover's hex."""
    m = new_match("day-3")
    state = _approach(m)
    place(state, "CSA.II.Early", "C3", sp=1)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "D3")
    dice.push(UF, BU, BU)
    act(m, UNION, "react", "US.II.Hays")
    dice.push(UF, BU, BU, BU, X)
    act(m, CSA, "no-attack")
    assert unit(m, "CSA.II.Early").status == "eliminated" and unit(m, "US.II.Hays").hex == "E3"


def test_5_4_1_the_advance_may_set_off_reactions(dice):
    """5.4.1: the move into the emptied hex may set off reaction fire from units it ends next
    to (never a new attack by the advancing unit)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.I.Wadsworth", "E3", sp=1)
    place(state, "US.II.Hays", "F4")          # next to E3, not to D3
    place(state, "CSA.II.Early", "D3")
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "fire", "CSA.II.Early")
    dice.push(CF, BU, BU, BU, BU, BU, X)
    act(m, CSA, "fire", "US.I.Wadsworth")
    act(m, CSA, "advance", "E3")
    assert st(m).phase == "react" and labels(m, UNION)[0] == "react US.II.Hays"


# --- refusals ---------------------------------------------------------------------------------


def test_refusals_leave_the_state_untouched(dice):
    m = new_match("day-3")
    _open_ground_fight(m)
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    assert_illegal(m, UNION, "activate", "US.I.Wadsworth")      # not the Union's turn
    assert_illegal(m, CSA, "activate", "US.I.Wadsworth")        # not a Confederate unit
    act(m, CSA, "activate", "CSA.II.Early")
    assert_illegal(m, CSA, "activate", "CSA.II.Early")          # 4.0: once a turn
    act(m, CSA, "fire", "CSA.II.Early")
    assert_illegal(m, CSA, "fire", "US.II.Hays")                # not on the map
    assert_illegal(m, CSA, "no-attack")                         # only after a move
    assert_illegal(m, CSA, "fire-together", "US.I.Wadsworth")   # no stack partner


def test_an_already_moved_unit_cannot_move_again(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Early", "C3")
    place(state, "CSA.II.Dance", "C3")
    start_round(m, "CSA.II", dice, [HAT, HAT, HAT, HAT, HAT])
    act(m, CSA, "command-stack", "C3")
    act(m, CSA, "move", "CSA.II.Early")
    act(m, CSA, "to", "C4")
    assert "move CSA.II.Early" not in labels(m, CSA)
    assert_illegal(m, CSA, "move", "CSA.II.Early")
    assert "move CSA.II.Dance" in labels(m, CSA)


def test_amb_04_a_hat_stack_moving_one_after_the_other_may_still_fire_together(dice):
    """AMB-04 [R]: a stack activated by a hat may move as a stack or unit by unit; the two may
    combine their fire (5.1 note) when both fire from the same hex at the same target. Rodes
    (4) moves next to Hays and waits; Jenkins (2) joins it; they fire together: 6 dice."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Rodes", "C3", sp=4)
    place(state, "CSA.CR.Jenkins", "C3")
    place(state, "US.II.Hays", "E3")
    start_round(m, "CSA.II", dice, [HAT, HAT, HAT, HAT, HAT])
    act(m, CSA, "command-stack", "C3")
    act(m, CSA, "move", "CSA.II.Rodes")
    act(m, CSA, "to", "D3")
    act(m, UNION, "no-reaction")
    assert labels(m, CSA) == ["fire US.II.Hays", "no-attack"]   # Jenkins is not there yet
    act(m, CSA, "no-attack")
    act(m, CSA, "move", "CSA.CR.Jenkins")
    act(m, CSA, "to", "D3")
    act(m, UNION, "no-reaction")
    assert "fire-together US.II.Hays" in labels(m, CSA)
    dice.push(CF, CF, BU, BU, BU, BU, X, X)
    act(m, CSA, "fire-together", "US.II.Hays")
    assert unit(m, "US.II.Hays").sp == 2


def test_amb_04_a_unit_that_moved_by_road_does_not_join_the_fire(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Rodes", "A5", sp=4)
    place(state, "CSA.CR.Jenkins", "A5")
    place(state, "US.II.Hays", "D6")
    start_round(m, "CSA.II", dice, [HAT, HAT, HAT, HAT, HAT])
    act(m, CSA, "command-stack", "A5")
    act(m, CSA, "move", "CSA.II.Rodes")
    act(m, CSA, "to", "C5")                # by the Taneytown Road: no attack (4.0)
    act(m, UNION, "no-reaction")
    act(m, CSA, "move", "CSA.CR.Jenkins")
    act(m, CSA, "to", "C5")
    act(m, UNION, "no-reaction")
    assert labels(m, CSA) == ["fire US.II.Hays", "no-attack"]  # Jenkins came cross-country


def test_4_0_5_0_artillery_moves_or_fires(dice):
    """4.0, 5.0: artillery 2 MP *or* fire: after moving it is offered no attack."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hazard", "E2")
    place(state, "CSA.II.Early", "E5")
    start_round(m, "US.II", dice, [UF, HAT, HAT, HAT])
    act(m, UNION, "activate", "US.II.Hazard")
    assert {"move US.II.Hazard", "fire US.II.Hazard"} <= set(labels(m, UNION))
    act(m, UNION, "move", "US.II.Hazard")
    act(m, UNION, "to", "F3")
    assert m.result is not None              # no target asked: the round and the game ended


def test_5_0_horse_artillery_moves_up_to_3_mp_and_fires(dice):
    """5.0 exception: horse artillery may move up to 3 MP and fire (at up to 4 hexes)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.CR.Tidball", "E2")      # E7 is 5 hexes off: out of range
    place(state, "CSA.II.Early", "E7")
    start_round(m, "US.I", dice, [HAT, UF, UF, UF])    # no I Corps unit: the flags are lost
    act(m, UNION, "command", "US.CR.Tidball")
    assert labels(m, UNION) == ["move US.CR.Tidball", "end-activation"]  # nothing in range
    act(m, UNION, "move", "US.CR.Tidball")
    act(m, UNION, "to", "E3")                # 1 MP of open ground; E7 is now 4 hexes off
    assert labels(m, UNION) == ["fire CSA.II.Early", "no-attack"]
    dice.push(BU)                            # 1 die at 4 hexes (F3/2/1/1)
    act(m, UNION, "fire", "CSA.II.Early")
    assert unit(m, "CSA.II.Early").sp == 6
