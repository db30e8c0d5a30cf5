"""Gettysburg 1863: the night turn (7.1) and victory (8.0-8.3), with TC-22 ... TC-25 and the
readings AMB-24, AMB-25, AMB-26.

Rule numbers are the seed's (../shared/seeds/004_8f5627d0b513d1c4.txt); TC-n and AMB-n are
the reference's (../shared/rules/gettysburg-1863.md §F, §H). A night turn follows the 20:00
turn of a day that has a next one: these tests end a round at 20:00 on 1 July of the 3-day
battle and look at the night that follows (the next day's dice come from the generator).
"""
from __future__ import annotations

import pytest

import core.dice
from core.engine import Match
from core.gettysburg import night, victory
from core.gettysburg import query as q
from core.gettysburg.scenarios import NIGHT, Turn
from core.gettysburg.state import ELIMINATED, REMOVED
from tests.support.gettysburg import (CSA, HAT, UNION, act, clear, labels, new_match, place,
                                      st, start_round, unit)


def arrive_tonight(state, uid: str, entry: str) -> None:
    q.update(state, uid, status="due", hex="", arrival_day=1, arrival_hour=NIGHT, entry=entry)


def end_the_day(m: Match) -> None:
    """Play out a round at 20:00 on 1 July, forgoing its results: the day ends, the night begins
    (the dice after the night come from the generator)."""
    with core.dice.scripted([]) as loose:
        start_round(m, "US.I", loose, [HAT, HAT, HAT, HAT])
        while st(m).turn == Turn(1, 20):
            role = m.active[0]
            act(m, role, "end-activations" if st(m).phase == "activations" else "pass")


def campaign_at_dusk(**options: object) -> Match:
    m = new_match("campaign", **options)
    clear(m, Turn(1, 20))
    return m


# --- 7.1 arrivals (TC-22) ---------------------------------------------------------------------


def test_7_1_tc_22_night_arrivals_double_mp_never_next_to_the_enemy_union_first():
    """TC-22: McLaws (infantry, 2 MP) arriving in the night of 1/2 July at V13 moves with 4 MP:
    1/2 MP for V13 plus 3 1/2; never into a hex next to a Union unit; no activation; after all
    the Union night movement."""
    m = campaign_at_dusk()
    state = st(m)
    arrive_tonight(state, "CSA.I.McLaws", "V13")
    arrive_tonight(state, "US.XII.Williams", "I1")
    end_the_day(m)
    state = st(m)
    assert state.turn == Turn(1, NIGHT) and state.phase == "night-entry"
    assert m.active == [UNION]                     # the side without the initiative first
    act(m, UNION, "to", "I1")
    assert m.active == [CSA] and state.phase == "night-entry"
    reach = night.night_reach(st(m), "CSA.I.McLaws")
    assert "R8" in reach and "R7" not in reach     # V13 + 7 road hexes: 1/2 + 3 1/2 MP
    assert all(q.distance("V13", h) <= 7 for h in reach)
    place(st(m), "US.CR.Gamble", "R10")            # by the pike (S10, S9 are next to it)
    reach = night.night_reach(st(m), "CSA.I.McLaws")
    assert reach and not set(reach) & q.zoc(st(m), UNION)
    q.update(st(m), "US.CR.Gamble", status="due", hex="")
    act(m, CSA, "to", "U13")
    assert unit(m, "CSA.I.McLaws").hex == "U13"


def test_7_1_a_night_arrival_that_cannot_enter_stays_pending():
    m = campaign_at_dusk()
    state = st(m)
    arrive_tonight(state, "CSA.I.Hood", "V13")
    place(state, "US.CR.Gamble", "U13")            # next to V13: no entry tonight
    end_the_day(m)
    hood = unit(m, "CSA.I.Hood")
    assert hood.status == "pending" or hood.on_map
    assert any("cannot enter at V13" in line and "tonight" in line for line in st(m).log)


def test_amb_24_on_map_units_do_not_move_at_night_option_every_unit():
    m = campaign_at_dusk()
    place(st(m), "US.CR.Gamble", "A6")
    end_the_day(m)
    assert not any("moves at night" in line for line in st(m).log)
    m = campaign_at_dusk(night_movement="every unit")
    place(st(m), "US.CR.Gamble", "A6")
    end_the_day(m)
    assert st(m).phase == "night-moves" and labels(m, UNION) == ["move US.CR.Gamble", "done"]
    act(m, UNION, "move", "US.CR.Gamble")
    assert len(labels(m, UNION)) > 4               # 8 MP of cavalry
    act(m, UNION, "to", labels(m, UNION)[-1].split()[1])


# --- 7.1 disengagement (TC-23) ---------------------------------------------------------------


def test_7_1_tc_23_in_the_open_next_to_an_enemy_on_a_hill_it_retreats():
    """TC-23: a Confederate unit in the open next to a Union unit on a hill retreats 1 hex; the
    Union unit stays."""
    m = campaign_at_dusk()
    state = st(m)
    place(state, "US.II.Hays", "K6")               # Cemetery Ridge, a hill: cover
    place(state, "CSA.I.Pickett", "K7")            # open ground
    assert night.duty(state, "CSA.I.Pickett") == night.MUST
    assert night.duty(state, "US.II.Hays") is None
    end_the_day(m)
    assert st(m).phase == "disengage" and m.active == [CSA]
    assert "stay" not in labels(m, CSA)
    act(m, CSA, "retreat-to", labels(m, CSA)[0].split()[1])
    assert unit(m, "US.II.Hays").hex == "K6"
    assert q.distance(unit(m, "CSA.I.Pickett").hex, "K6") >= 2


def test_7_1_tc_23_both_in_the_open_both_retreat_union_first():
    m = campaign_at_dusk()
    state = st(m)
    place(state, "US.II.Hays", "E3")
    place(state, "CSA.I.Pickett", "D3")
    end_the_day(m)
    assert st(m).phase == "disengage" and m.active == [UNION]
    assert "stay" not in labels(m, UNION)
    act(m, UNION, "retreat-to", "F3")
    assert st(m).phase == "disengage" and m.active == [CSA]   # decided for the pair at once
    act(m, CSA, "retreat-to", labels(m, CSA)[0].split()[1])
    assert q.distance(unit(m, "US.II.Hays").hex, unit(m, "CSA.I.Pickett").hex) >= 3


def test_7_1_tc_23_both_in_cover_each_may_stay_or_step_back():
    m = campaign_at_dusk()
    state = st(m)
    place(state, "US.II.Hays", "A6")               # woods
    place(state, "CSA.I.Pickett", "A7")            # woods
    end_the_day(m)
    assert st(m).phase == "disengage" and "stay" in labels(m, UNION)
    act(m, UNION, "stay")
    assert "stay" in labels(m, CSA)
    act(m, CSA, "stay")
    assert (unit(m, "US.II.Hays").hex, unit(m, "CSA.I.Pickett").hex) == ("A6", "A7")


def test_amb_24_a_unit_that_cannot_disengage_stays_without_loss():
    """AMB-24 [R]: Pickett in the open on the map edge (A8) between Union units in cover (A7
    woods, B9 farm) must retreat, but both free hexes (B8, A9) are in their ZoC: it stays, and
    loses nothing (5.4.2's loss does not apply at night). The Union units, in cover next to an
    enemy in the open, stay."""
    m = campaign_at_dusk()
    state = st(m)
    place(state, "CSA.I.Pickett", "A8", sp=5)
    place(state, "US.II.Hays", "A7")
    place(state, "US.II.Gibbon", "B9")
    assert night.duty(state, "CSA.I.Pickett") == night.MUST
    assert night.disengage_hexes(state, "CSA.I.Pickett") == []
    end_the_day(m)
    assert (unit(m, "CSA.I.Pickett").hex, unit(m, "CSA.I.Pickett").sp) == ("A8", 5)
    assert (unit(m, "US.II.Hays").hex, unit(m, "US.II.Gibbon").hex) == ("A7", "B9")
    assert any("stays, without loss" in line for line in st(m).log)


# --- 8.0 victory points (TC-24) ---------------------------------------------------------------


def test_8_0_tc_24_vp_hexes_and_eliminated_sp():
    """TC-24: at the end of 1 July a Confederate unit holds N5 and another D6, and the CSA has
    eliminated Robinson (3) and Barlow (3), losing nothing: CSA 3 + 5 + 3 + 3 = 14, US 0."""
    m = campaign_at_dusk()
    state = st(m)
    place(state, "CSA.III.Heth", "N5")
    place(state, "CSA.III.Pender", "D6")
    for uid in ("US.I.Robinson", "US.XI.Barlow"):
        q.update(state, uid, status=ELIMINATED)
    end_the_day(m)
    state = st(m)
    assert state.hex_vp == [8]
    assert (victory.vp(state, CSA), victory.vp(state, UNION)) == (14, 0)


def test_8_0_amb_25_hex_vp_count_only_while_occupied_option_last_occupied():
    m = campaign_at_dusk()
    state = st(m)
    assert victory.held_vp(state) == 0 and victory.holder(state, "N5") is None
    m2 = campaign_at_dusk(vp_control="last occupied")
    state2 = st(m2)
    state2.control["N5"] = CSA
    assert victory.holder(state2, "N5") == CSA and victory.held_vp(state2) == 3
    place(state2, "US.XI.Steinwehr", "N5")
    assert victory.holder(state2, "N5") == UNION


def test_8_0_amb_25_units_eliminated_before_scenario_3_count_for_the_confederates():
    state = st(new_match("day-3"))
    removed = [u.id for u in state.units if u.status == REMOVED]
    assert sum(q.printed_sp(u) for u in removed) == 20
    assert victory.vp(state, CSA) >= 20
    state = st(new_match("day-3", eliminated_before_start=False))
    assert victory.eliminated_sp(state, UNION) == 0


def _end_of_day_1(csa_hexes: list[str], union_lost: list[str], csa_lost: list[str]) -> Match:
    m = new_match("day-1")
    state = clear(m)
    for h, uid in zip(csa_hexes, ("CSA.III.Heth", "CSA.III.Pender", "CSA.II.Rodes")):
        place(state, uid, h)
    for uid in union_lost + csa_lost:
        q.update(state, uid, status=ELIMINATED)
    with core.dice.scripted([HAT, HAT, HAT, HAT]) as script:
        start_round(m, "US.I", script, [])
    return m


@pytest.mark.parametrize("hexes, union_lost, csa_lost, result", [
    (["N5", "D6"], ["US.I.Robinson", "US.XI.Barlow"], ["CSA.III.McIntosh", "CSA.III.Pegram"],
     "Confederate victory: Confederate 14 VP, Union 4 VP (8.2)."),
    (["N5", "D6"], ["US.I.Robinson", "US.I.Wainwright"], ["CSA.III.McIntosh",
                                                          "CSA.III.Pegram"],
     "Draw: Confederate 13 VP, Union 4 VP (8.2)."),
    (["D6", "G9"], ["US.I.Wainwright"], ["CSA.III.McIntosh", "CSA.III.Pegram"],
     "Draw: Confederate 8 VP, Union 4 VP (8.2)."),
    (["D6"], ["US.I.Wainwright"], ["CSA.III.McIntosh", "CSA.III.Pegram"],
     "Union victory: Confederate 7 VP, Union 4 VP (8.2)."),
    (["G9"], ["US.I.Wainwright"], ["CSA.I.McLaws"],
     "Union victory: Confederate 3 VP, Union 6 VP (8.2)."),
])
def test_8_2_tc_25_short_scenario_thresholds(hexes, union_lost, csa_lost, result):
    """TC-25: d = CSA - US: 10 Confederate victory; 9 and 4 draw; 3 and -3 Union victory
    (AMB-26)."""
    m = _end_of_day_1(hexes, union_lost, csa_lost)
    assert m.result == result


def test_8_0_8_3_more_vp_wins_equal_is_a_draw():
    m = new_match("day-3", eliminated_before_start=False)
    clear(m)
    with core.dice.scripted([HAT, HAT, HAT, HAT]) as script:
        start_round(m, "US.I", script, [])
    assert m.result == "Draw: Confederate 0 VP, Union 0 VP (8.0, 8.3)."


def test_8_0_hex_vp_are_scored_every_day_and_added_up():
    m = campaign_at_dusk()
    state = st(m)
    place(state, "CSA.III.Heth", "G9")
    end_the_day(m)
    state = st(m)
    assert state.hex_vp == [1] and victory.vp(state, CSA) == 1
