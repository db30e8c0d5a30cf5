"""Gettysburg 1863: the game turn and the round (2.0, 3.0), reinforcements (7.0), with the
reference's test cases TC-12, TC-13, TC-14, TC-21 and the readings AMB-02, AMB-03, AMB-05,
AMB-07, AMB-23, AMB-30.

Rule numbers are the seed's (../shared/seeds/004_8f5627d0b513d1c4.txt); TC-n and AMB-n are
the reference's (../shared/rules/gettysburg-1863.md §F, §H).
"""
from __future__ import annotations

import pytest

import core.dice

from core.engine import Match
from core.gettysburg import bugle, flow, movement, reaction, recovery
from core.gettysburg import query as q
from core.gettysburg.chits import chit_mix
from core.gettysburg.frames import GameTurn
from core.gettysburg.scenarios import Turn
from core.gettysburg.state import PENDING
from core.registry import game_ids, get_rules
from tests.support.gettysburg import (BU, CF, CSA, DF, HAT, UF, UNION, act, assert_illegal,
                                      clear, dice, labels, new_match, place, st,  # noqa: F401
                                      start_round, unit)
from tests.support.gettysburg import pend

# --- the game and its scenarios (8.1) ------------------------------------------------------------


def test_registered_and_playable_by_id():
    assert "gettysburg-1863" in game_ids()
    rules = get_rules("gettysburg-1863")
    assert rules.scenarios() == ["campaign", "day-1", "day-2", "day-3"]
    assert rules.roles("campaign", {}) == ["Union", "Confederate"]
    assert rules.hidden_info is False
    m = Match.new(rules, seed=3)
    assert m.header.scenario == "campaign" and m.active


@pytest.mark.parametrize("scenario, first, last_day", [("campaign", Turn(1, 8), 3),
                                                       ("day-1", Turn(1, 8), 1),
                                                       ("day-2", Turn(2, 8), 3),
                                                       ("day-3", Turn(3, 8), 3)])
def test_8_1_each_scenario_starts_at_08_00_of_its_day(scenario, first, last_day):
    state = st(new_match(scenario))
    assert (state.turn, state.last_day) == (first, last_day)


def test_amb_28_scenario_2_for_one_day_is_an_option():
    assert st(new_match("day-2")).last_day == 3
    state = st(new_match("day-2", scenario_2_length="2 July only"))
    assert (state.played, state.last_day) == ("day-2-only", 2)


def test_amb_29_scenario_1_heth_mcintosh_pegram_enter_at_08_00_through_v13():
    state = st(new_match("day-1"))
    for uid in ("CSA.III.Heth", "CSA.III.McIntosh", "CSA.III.Pegram"):
        u = q.unit(state, uid)
        assert u.entry == "V13" and (u.status == PENDING or u.on_map or u.activated)


# --- 2.0 the cup ---------------------------------------------------------------------------------


def test_2_0_the_cup_holds_both_flags_and_the_corps_on_the_map_or_arriving():
    """2.0, 7.0: 1 July 08:00: the Union I Corps (Wadsworth) and the Confederate III Corps
    (Heth's group, due at 08:00) have units; the cavalry reserve has no chit (AMB-03 [R])."""
    state = st(new_match("day-1"))
    assert sorted(state.cup + state.drawn) == ["CSA.III", "CSA.flag", "US.I", "US.flag"]
    assert len(state.drawn) == 1


def test_amb_03_option_reserve_chits():
    state = st(new_match("day-1", reserve_chits=True))
    assert "US.CR" in state.cup + state.drawn


def test_2_0_tc_13_the_confederate_rolls_5_white_dice_the_union_4(dice):
    m = new_match("day-3")
    clear(m)
    start_round(m, "CSA.I", dice, [BU, BU, BU, BU, BU])
    assert len(dice.rolled) == 5
    m = new_match("day-3")
    clear(m)
    start_round(m, "US.I", dice, [BU, BU, BU, BU])
    assert len(dice.rolled) == 9 and not dice.remaining


def test_2_0_the_turn_ends_when_the_cup_is_empty_and_the_next_hour_begins():
    """2.0: the round ends, the cup is empty: the turn ends, the marker advances, the cup is
    filled again and the counters are turned back (the next round's dice are not scripted)."""
    m = new_match("day-1")
    state = clear(m, Turn(1, 9))
    place(state, "US.I.Wadsworth", "G9", activated=True)
    place(state, "CSA.III.Heth", "V13")
    with core.dice.scripted([]) as loose:
        start_round(m, "US.I", loose, [HAT, HAT, HAT, HAT])
    assert m.result is None
    state = st(m)
    assert state.turn == Turn(1, 10)
    assert not q.unit(state, "US.I.Wadsworth").activated
    assert sorted(state.cup + state.drawn) == ["CSA.III", "CSA.flag", "US.I", "US.flag"]


def test_2_0_tc_14_the_turn_ends_at_once_when_every_unit_has_been_activated(dice):
    """TC-14: every unit on the map and every reinforcement due activated, 3 chits still in the
    cup: the turn ends at once and they are not drawn."""
    m = new_match("day-1")
    state = clear(m)
    place(state, "US.I.Wadsworth", "G9", activated=True)
    place(state, "CSA.III.Heth", "V13", activated=True)
    state.cup = ["US.flag", "CSA.flag", "CSA.III"]
    state.stack = [GameTurn(step=flow.GAME_TURN.index(flow.rounds))]
    from core import stack
    stack.run(state, flow.FLOW, flow.settle)
    assert not dice.rolled and state.drawn == []
    assert any("3 chit(s) not drawn (2.0)" in line for line in state.log)
    assert state.result is not None  # the last hour of the short scenario: the game is over


def test_amb_30_a_reinforcement_that_cannot_enter_does_not_keep_the_turn_going(dice):
    m = new_match("day-1")
    state = clear(m)
    place(state, "US.I.Wadsworth", "V13", activated=True)   # holds the Confederate entry hex
    pend(state, "CSA.III.Heth", "V13")
    assert not movement.can_enter(state, "CSA.III.Heth")
    assert flow.all_activated(state)


# --- 3.0 activation by flag, double flag and hat --------------------------------------------------


def test_3_0_a_corps_chit_activates_units_of_its_corps_only(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Early", "R3")
    place(state, "CSA.III.Heth", "Q13")
    start_round(m, "CSA.II", dice, [CF, DF, UF, UF, UF])  # no Union unit redeploys for UF
    assert labels(m, CSA) == ["activate CSA.II.Early", "end-activations"]
    assert_illegal(m, CSA, "activate", "CSA.III.Heth")


def test_3_0_amb_02_a_flag_chit_activates_any_unit_not_yet_activated(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Early", "R3")
    place(state, "CSA.III.Heth", "Q13", activated=True)
    place(state, "CSA.CR.Jenkins", "R2")
    start_round(m, "CSA.flag", dice, [CF, UF, UF, UF, UF])
    assert labels(m, CSA) == ["activate CSA.II.Early", "activate CSA.CR.Jenkins",
                              "end-activations"]


def test_3_0_tc_13_hat_a_stack_with_the_drawn_corps_or_two_reserves_or_a_reserve_unit(dice):
    """TC-13: the Union rolls [HAT, UF, UF, CF] on the XI Corps chit: the Confederate player
    redeploys one unit (CF); two XI Corps units are activated (UF, UF); the hat activates a
    stack with an XI Corps unit (its partner of any corps), a Union CR or AR unit, or a stack of
    two reserves; not a stack of another corps."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.XI.Steinwehr", "N5")
    place(state, "US.XII.Muhlenburg", "N5")       # XI + XII: the XI unit qualifies it
    place(state, "US.I.Doubleday", "L6")
    place(state, "US.I.Wainwright", "L6")         # I Corps stack: not on an XI chit
    place(state, "US.AR.Taft", "M5")
    place(state, "US.AR.Fitzhugh", "M5")          # two reserves
    place(state, "US.CR.Gamble", "A6")
    place(state, "US.XI.Schurz", "K6")
    place(state, "CSA.II.Early", "R3")
    start_round(m, "US.XI", dice, [HAT, UF, UF, CF])
    assert st(m).phase == "redeploy" and m.active == [CSA]   # 2.0 step 3 before activations
    act(m, CSA, "redeploy", "CSA.II.Early")
    act(m, CSA, labels(m, CSA)[0].split()[0], labels(m, CSA)[0].split()[1])
    assert m.active == [UNION]
    got = set(labels(m, UNION))
    assert {"activate US.XI.Steinwehr", "activate US.XI.Schurz", "command-stack N5",
            "command-stack M5", "command US.CR.Gamble", "command US.AR.Taft"} <= got
    assert "command-stack L6" not in got and "activate US.I.Doubleday" not in got
    act(m, UNION, "activate", "US.XI.Schurz")
    act(m, UNION, "end-activation")
    act(m, UNION, "activate", "US.XI.Steinwehr")
    act(m, UNION, "end-activation")
    got = set(labels(m, UNION))
    assert not any(label.startswith("activate ") for label in got)   # two flags used
    assert "command-stack N5" not in got          # Steinwehr is activated: no longer a pair
    act(m, UNION, "command-stack", "M5")
    assert {unit(m, "US.AR.Taft").activated, unit(m, "US.AR.Fitzhugh").activated} == {True}


# --- 3.0 bugle, 2.0 step 3 enemy flag (TC-12) -----------------------------------------------------


def _tc12(m):
    state = clear(m)
    place(state, "CSA.II.Rodes", "C5", sp=4)
    place(state, "CSA.II.Early", "R3")
    place(state, "CSA.II.Johnson", "P2")
    place(state, "US.II.Hays", "C4")
    return state


def test_3_0_tc_12_two_bugles_retreat_then_recover_a_redeployment_and_two_activations(dice):
    """TC-12: CSA [BU, BU, CF, DF, UF] on the II Corps chit: first one unactivated unit retreats
    up to 3 hexes and then recovers (both bugles); then the Union moves one unit 1 hex, not next
    to a Confederate unit (UF); then 2 II Corps units are activated, one at a time (CF + DF)."""
    m = new_match("day-3")
    _tc12(m)
    start_round(m, "CSA.II", dice, [BU, BU, CF, DF, UF])
    assert st(m).phase == "bugle" and m.active == [CSA]
    assert "bugle-retreat CSA.II.Rodes" in labels(m, CSA)
    assert "bugle-recover CSA.II.Rodes" not in labels(m, CSA)   # next to Hays
    act(m, CSA, "bugle-retreat", "CSA.II.Rodes")
    hexes = [line.split()[1] for line in labels(m, CSA)]
    assert "B6" in hexes and all(q.distance(h, "C4") >= 2 for h in hexes)
    act(m, CSA, "to", "B6")                          # woods: cover
    assert st(m).phase == "recover-too"
    dice.push(BU, BU, UF)                            # Rodes is a veteran: 3 dice
    act(m, CSA, "recover", "CSA.II.Rodes")
    assert unit(m, "CSA.II.Rodes").sp == 6 and unit(m, "CSA.II.Rodes").activated
    assert st(m).phase == "redeploy" and m.active == [UNION]
    act(m, UNION, "redeploy", "US.II.Hays")
    zoc = q.zoc(st(m), CSA)
    assert all(line.split()[1] not in zoc for line in labels(m, UNION))
    act(m, UNION, "to", labels(m, UNION)[0].split()[1])
    assert not unit(m, "US.II.Hays").activated       # AMB-07: not an activation
    assert set(labels(m, CSA)) == {"activate CSA.II.Early", "activate CSA.II.Johnson",
                                   "end-activations"}
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "end-activation")
    act(m, CSA, "activate", "CSA.II.Johnson")
    act(m, CSA, "end-activation")
    assert m.result is not None


def test_3_0_recovery_needs_cover_or_no_line_of_sight_and_no_enemy_adjacent():
    """3.0, AMB-06 [R]: not adjacent AND (in cover OR out of the sight of every enemy within 4
    hexes)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Rodes", "E2", sp=4)         # open ground
    place(state, "US.II.Hays", "E5")                 # 3 hexes off, clear line
    assert not recovery.may_recover(state, "CSA.II.Rodes")
    place(state, "US.II.Hays", "E7")                 # 5 hexes off: beyond the 4 of AMB-06
    assert recovery.may_recover(state, "CSA.II.Rodes")
    place(state, "US.II.Hays", "E3")                 # adjacent
    assert not recovery.may_recover(state, "CSA.II.Rodes")
    place(state, "CSA.II.Rodes", "B6", sp=4)         # woods: cover
    place(state, "US.II.Hays", "D5")
    assert recovery.may_recover(state, "CSA.II.Rodes")


def test_amb_06_option_unlimited_line_of_sight():
    m = new_match("day-3", recovery_sight="unlimited")
    state = clear(m)
    place(state, "CSA.II.Rodes", "E2", sp=4)
    place(state, "US.II.Hays", "E7")
    assert not recovery.may_recover(state, "CSA.II.Rodes")


def test_3_0_tc_11_recovery_is_capped_at_the_printed_sp_and_activates_the_unit(dice):
    """TC-11: an elite infantry unit printed 4, at 2, in woods, no enemy adjacent, on a bugle:
    4 dice [BU, BU, BU, UF] would give 3 SP; capped at 4. It is activated (no move, no fight
    this turn) but may still react (4.3)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.I.Wadsworth", "B6", sp=2)       # elite, printed 4, woods
    place(state, "CSA.II.Early", "E3")
    start_round(m, "US.I", dice, [BU, HAT, HAT, HAT])
    dice.push(BU, BU, BU, UF)
    act(m, UNION, "bugle-recover", "US.I.Wadsworth")
    assert dice.rolled[-4:] == [BU, BU, BU, UF]
    assert unit(m, "US.I.Wadsworth").sp == 4 and unit(m, "US.I.Wadsworth").activated
    assert reaction.may_try(st(m), unit(m, "US.I.Wadsworth"))


def test_3_0_bugles_only_for_units_not_yet_activated(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Rodes", "C5", sp=4, activated=True)
    place(state, "US.II.Hays", "C4")
    assert bugle.usable(state, CSA) == []
    start_round(m, "CSA.II", dice, [BU, BU, BU, BU, BU])
    assert m.result is not None
    assert any("bugle result(s) lost" in line for line in st(m).log)


def test_amb_05_a_bugle_retreat_never_ends_next_to_the_enemy_nor_steps_closer(dice):
    m = new_match("day-3")
    state = _tc12(m)
    hexes = bugle.retreat_hexes(state, "CSA.II.Rodes")
    assert hexes                                         # Rodes has somewhere to go
    for h in hexes:
        assert h not in q.zoc(state, UNION)
        assert q.distance(h, "C5") <= 3


def test_2_0_amb_07_the_opponent_may_decline_the_redeployment(dice):
    m = new_match("day-3")
    _tc12(m)
    start_round(m, "CSA.II", dice, [UF, HAT, HAT, HAT, HAT])
    assert "pass" in labels(m, UNION)
    act(m, UNION, "pass")
    assert not unit(m, "US.II.Hays").activated and unit(m, "US.II.Hays").hex == "C4"
    assert any("command result(s) lost" in line for line in st(m).log)


# --- 7.0 reinforcements ---------------------------------------------------------------------------


def test_7_0_tc_21_entering_spends_half_an_mp_in_the_entry_hex(dice):
    """TC-21: a Union division due at 09:00 at A12, activated: 1/2 MP to enter A12, then 1 1/2
    MP: up to 3 more road hexes (Emmitsburg Road B12, C11, D11), or 1 open hex off the road."""
    m = new_match("day-1")
    state = clear(m, Turn(1, 9))
    pend(state, "US.I.Robinson", "A12")
    reach = movement.reach(state, "US.I.Robinson", entering=True)
    assert {"A12", "B12", "C11", "D11", "A11"} <= set(reach)
    assert "E10" not in reach                       # a 4th road hex: 2 1/2 MP
    assert "A13" not in reach                       # across Willoughby Run: 2 MP more
    assert all(how.road for how in reach.values())  # 7.0, AMB-23: a road move, no attack


def test_7_0_a_pending_reinforcement_enters_by_activation_and_reactions_follow(dice):
    m = new_match("day-1")
    state = clear(m, Turn(1, 20))
    pend(state, "US.I.Robinson", "A12")
    start_round(m, "US.I", dice, [UF, BU, BU, BU])
    assert labels(m, UNION) == ["activate US.I.Robinson", "end-activations"]
    act(m, UNION, "activate", "US.I.Robinson")
    assert labels(m, UNION) == ["enter US.I.Robinson", "end-activation"]
    act(m, UNION, "enter", "US.I.Robinson")
    act(m, UNION, "to", "C11")
    assert unit(m, "US.I.Robinson").hex == "C11" and m.result is not None


def test_7_0_amb_23_a_reinforcement_waits_while_the_enemy_holds_its_entry_hex(dice):
    m = new_match("day-1")
    state = clear(m)
    pend(state, "US.I.Robinson", "A12")
    place(state, "CSA.CR.Jenkins", "A12")
    assert not movement.can_enter(state, "US.I.Robinson")
    start_round(m, "US.I", dice, [UF, BU, BU, BU])
    assert m.result is not None  # nothing to activate: the flag is lost


def test_7_0_amb_23_a_reinforcement_not_activated_stays_pending_with_its_chit():
    """AMB-23 [R]: still pending at the next turn, its corps chit goes into the cup."""
    m = new_match("day-1")
    state = st(m)
    from core.gettysburg import reinforcements
    clear(m, Turn(1, 9))
    pend(state, "US.XI.Barlow", "A12")
    assert "US.XI" in reinforcements.corps_in_play(state)
    assert "US.XI" in chit_mix().cup(reinforcements.corps_in_play(state))


def test_7_0_entry_stacking_units_pass_through_a_full_entry_hex():
    """AMB-21 [R]: a unit may not end in an overstacked entry hex but may pass through it."""
    m = new_match("day-1")
    state = clear(m, Turn(1, 9))
    place(state, "US.I.Doubleday", "A12")
    pend(state, "US.I.Robinson", "A12")
    reach = movement.reach(state, "US.I.Robinson", entering=True)
    assert "A12" not in reach and "B12" in reach


def test_amb_23_a_reserve_reinforcement_enters_through_a_hat(dice):
    """AMB-03, AMB-23 [R]: reserves have no chit; a pending reserve unit enters when a hat (or
    a flag chit) activates it."""
    m = new_match("day-1")
    state = clear(m)
    pend(state, "US.AR.McGilvery", "I1")
    start_round(m, "US.I", dice, [HAT, CF, CF, CF])
    assert labels(m, UNION) == ["command US.AR.McGilvery", "end-activations"]
    act(m, UNION, "command", "US.AR.McGilvery")
    act(m, UNION, "enter", "US.AR.McGilvery")
    act(m, UNION, "to", "I1")
    assert unit(m, "US.AR.McGilvery").on_map
