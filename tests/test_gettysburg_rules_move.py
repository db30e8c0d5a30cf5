"""Gettysburg 1863: movement (4.0), stacking (4.1), zones of control (4.2) and the optional
corps integrity rule (6.0), with TC-15 ... TC-18, TC-29 and the readings AMB-04, AMB-10,
AMB-11, AMB-13, AMB-21, AMB-22.

Rule numbers are the seed's (../shared/seeds/004_8f5627d0b513d1c4.txt); TC-n and AMB-n are
the reference's (../shared/rules/gettysburg-1863.md §F, §H).
"""
from __future__ import annotations

from core.gettysburg import integrity, movement
from core.gettysburg import query as q
from core.gettysburg.scenarios import Turn
from tests.support.gettysburg import (CF, CSA, HAT, UF, UNION, act, assert_illegal, clear,
                                      dice, labels, new_match, place, st,  # noqa: F401
                                      start_round, unit)


def reach(state, uid):
    return movement.reach(state, uid)


# --- 4.0 movement allowances and terrain ------------------------------------------------------


def test_4_0_standard_allowances_on_open_ground():
    """4.0: infantry 2 MP, cavalry 4, artillery 2, horse artillery 3; open ground 1 MP a hex."""
    m = new_match("day-3")
    state = clear(m)
    for uid, mp in (("US.II.Hays", 2), ("US.CR.Gamble", 4), ("US.I.Wainwright", 2),
                    ("US.CR.Tidball", 3)):
        place(state, uid, "E3")
        cross_country = [h for h, how in reach(state, uid).items() if not how.road]
        assert max(q.distance("E3", h) for h in cross_country) == mp
        q.update(state, uid, status="due", hex="")


def test_4_0_tc_15_road_move_four_hexes_and_no_attack(dice):
    """TC-15: an infantry unit moving only along the road moves 4 hexes (4 x 1/2 MP) but may not
    attack at the end of the move; an enemy it ends next to may still react (AMB-08, AMB-11)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "A5")          # Taneytown Road: A5 B5 C5 D5 E5 F5
    place(state, "CSA.II.Early", "E6")        # next to E5
    r = reach(state, "US.II.Hays")
    assert r["E5"].road and "F5" not in r
    start_round(m, "US.II", dice, [UF, HAT, HAT, HAT])
    act(m, UNION, "activate", "US.II.Hays")
    act(m, UNION, "move", "US.II.Hays")
    act(m, UNION, "to", "E5")
    assert st(m).phase == "react" and m.active == [CSA]
    act(m, CSA, "no-reaction")
    assert m.result is not None               # no attack was offered: the round is over


def test_4_0_amb_11_mixing_road_and_open_ground_still_forbids_the_attack():
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "A5")
    r = reach(state, "US.II.Hays")
    assert r["C4"].road                       # A5 -> B5 (road) -> C4 (open)
    assert not r["A4"].road and r["A4"].clean  # one open hex: may still fight


def test_4_0_tc_16_woods_use_up_the_move_and_forbid_fire():
    """TC-16: an infantry unit entering a woods hex (2 MP) has used its allowance and may not
    fire; buildings and wooded hills stop the unit; cavalry may not enter a wooded hill;
    artillery may not enter B7 or D8."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "C5")
    r = reach(state, "US.II.Hays")
    assert r["C6"].heavy and not r["C6"].clean
    assert "B7" not in r                      # C6 -> B7 needs 2 MP more
    place(state, "US.CR.Gamble", "B10")
    r = reach(state, "US.CR.Gamble")
    assert r["B9"].heavy                      # Slyder farm: 2 MP and STOP
    assert all(h not in ("B7", "C7") for h in r)  # wooded hills: closed to cavalry
    place(state, "US.I.Wainwright", "B8")
    assert "B7" not in reach(state, "US.I.Wainwright")
    place(state, "US.I.Wainwright", "D7")
    assert "D8" not in reach(state, "US.I.Wainwright")
    place(state, "US.II.Hays", "B8")
    assert "B7" in reach(state, "US.II.Hays")  # infantry may climb Round Top


def test_4_0_stop_terrain_ends_the_move_even_with_mp_left():
    """4.0: a cavalry unit (4 MP) from A10 enters the Slyder farm B9 (2 MP) and stops there with
    2 MP left: C8, one more open hex beyond it, is out of reach (the other ways cross the Bushman
    farm C9 or Plum Run, which stop it too)."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.CR.Gamble", "A10")
    r = reach(state, "US.CR.Gamble")
    assert "B9" in r and "C9" in r and "C8" not in r


def test_4_0_amb_13_a_stream_costs_2_and_stops_a_road_bridges_it():
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.CR.Gamble", "K2")        # Rock Creek between K2 and L1
    r = reach(state, "US.CR.Gamble")
    assert q.stream("K2", "L1") and r["L1"].heavy
    assert "M1" not in r                      # the crossing ended the move
    place(state, "US.II.Hays", "K3")          # the Baltimore Pike bridge I2-I1
    r = reach(state, "US.II.Hays")
    assert q.stream("I2", "I1") and q.road("I2", "I1")
    assert r["I1"].road and "H1" in r         # over the bridge and on


def test_amb_13_option_plus_2_on_top_of_the_hex():
    m = new_match("day-3", stream_cost="+2")
    state = clear(m)
    place(state, "US.II.Hays", "K2")
    assert "L1" not in reach(state, "US.II.Hays")  # 1 + 2 = 3 MP > 2
    place(state, "US.CR.Gamble", "K2")
    assert "L1" in reach(state, "US.CR.Gamble")


def test_4_0_roads_run_through_the_town_without_stopping():
    """AMB-11 [R]: the road cost replaces the terrain's; read here as replacing its STOP too,
    so a road runs through the town hexes (P5, Q6); entering a town hex off the road costs 2 MP
    and stops."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "O5")
    r = reach(state, "US.II.Hays")
    assert "Q7" in r                          # O5 -> P5 -> Q6 -> Q7 along the roads
    assert r["P4"].heavy                      # off the road into the town


# --- 4.1 stacking (TC-18) -----------------------------------------------------------------------


def test_4_1_tc_18_stacking():
    """TC-18: F + A, F + C, C + C, A + AC legal; F + F and a third unit illegal; a move may not
    end in an illegal stack, but may pass through friends (AMB-21)."""
    ok = q.stack_ok
    assert ok(["US.II.Hays", "US.I.Wainwright"]) and ok(["US.II.Hays", "US.CR.Gamble"])
    assert ok(["US.CR.Gamble", "US.CR.Devin"]) and ok(["US.I.Wainwright", "US.CR.Tidball"])
    assert not ok(["US.II.Hays", "US.I.Wadsworth"])
    assert not ok(["US.CR.Gamble", "US.CR.Devin", "US.I.Wainwright"])
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "E3")
    place(state, "US.I.Wadsworth", "E4")
    place(state, "US.CR.Gamble", "D3")
    place(state, "US.CR.Devin", "D3")
    r = reach(state, "US.II.Hays")
    assert "E4" not in r and "D3" not in r    # F + F; a third unit
    assert "C3" in r                          # beyond them (passing through: test 7.0 entry)


# --- 4.2 zones of control (TC-17) ---------------------------------------------------------------


def test_4_2_tc_17_a_unit_entering_a_zoc_stops():
    """TC-17: a unit that enters a hex next to an enemy must stop. Along the Taneytown Road an
    infantry unit reaches E5 from A5 (4 x 1/2 MP); with Early in D4 it stops in D5, next to it."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "A5")
    assert "E5" in reach(state, "US.II.Hays")
    place(state, "CSA.II.Early", "D4")
    r = reach(state, "US.II.Hays")
    assert "D5" in r and "E5" not in r


def test_4_2_tc_17_a_unit_starting_in_a_zoc_may_fight_or_leave_but_not_slide(dice):
    """TC-17: starting next to an enemy, a unit may attack without moving, or move away to a
    hex next to no enemy; not straight into another hex next to an enemy, nor end in one
    (AMB-10 [R])."""
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "E3")
    place(state, "CSA.II.Early", "D3")
    zoc = q.zoc(state, CSA)
    r = reach(state, "US.II.Hays")
    assert r and not set(r) & zoc             # E4, D4 (next to D3) excluded
    assert "F3" in r and "D4" not in r and "E2" not in r
    start_round(m, "US.II", dice, [UF, HAT, HAT, HAT])
    act(m, UNION, "activate", "US.II.Hays")
    assert set(labels(m, UNION)) == {"move US.II.Hays", "fire US.II.Hays", "end-activation"}
    act(m, UNION, "move", "US.II.Hays")
    assert_illegal(m, UNION, "to", "D4")


def test_amb_10_option_once_out_it_may_re_enter_a_zoc_and_stop():
    m = new_match("day-3", leave_zoc="re-enter and stop")
    state = clear(m)
    place(state, "US.CR.Gamble", "E3")
    place(state, "CSA.II.Early", "D3")
    r = reach(state, "US.CR.Gamble")
    assert "D4" in r and r["D4"].clean        # out by E4, back next to Early, and stops
    m2 = new_match("day-3")
    state2 = clear(m2)
    place(state2, "US.CR.Gamble", "E3")
    place(state2, "CSA.II.Early", "D3")
    assert not set(reach(state2, "US.CR.Gamble")) & q.zoc(state2, CSA)


def test_4_2_zoc_is_not_blocked_by_terrain_or_friends():
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Early", "B7")        # on Round Top
    place(state, "US.II.Hays", "B6")          # a friend does not cancel it
    assert set(q.neighbours("B7")) <= q.zoc(state, CSA)


# --- AMB-04: a stack activated by a hat -----------------------------------------------------------


def test_amb_04_a_hat_stack_moves_unit_by_unit(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "E3")
    place(state, "US.II.Hazard", "E3")
    start_round(m, "US.II", dice, [HAT, CF, CF, CF])
    act(m, UNION, "command-stack", "E3")
    act(m, UNION, "move", "US.II.Hays")
    act(m, UNION, "to", "F3")
    assert labels(m, UNION) == ["move US.II.Hazard", "end-activation"]
    act(m, UNION, "move", "US.II.Hazard")
    act(m, UNION, "to", "F3")
    assert unit(m, "US.II.Hazard").hex == unit(m, "US.II.Hays").hex == "F3"


# --- 6.0 corps integrity (optional, TC-29) ----------------------------------------------------------


def _tc29(m):
    state = clear(m, Turn(1, 10))
    place(state, "US.XI.Steinwehr", "E3")
    place(state, "US.XI.Schurz", "E5")        # 2 hexes from Steinwehr
    place(state, "US.XI.Barlow", "E9")        # 4 from Schurz
    return state


def test_6_0_tc_29_a_unit_far_from_its_corps_may_only_close_up():
    """TC-29: three XI Corps units at the end of a turn, two 2 hexes apart, the third 4 from
    the nearer: the third fails and may then only make moves that bring it closer (AMB-22)."""
    m = new_match("day-1", corps_integrity=True)
    state = _tc29(m)
    integrity.check(state)
    assert [u.id for u in q.on_map(state) if u.straggler] == ["US.XI.Barlow"]
    r = reach(state, "US.XI.Barlow")
    assert r and all(q.distance(h, "E5") < 4 for h in r)
    assert not unit(m, "US.XI.Steinwehr").straggler


def test_6_0_is_off_by_default_and_reserves_are_exempt():
    m = new_match("day-1")
    state = _tc29(m)
    integrity.check(state)
    assert not any(u.straggler for u in q.on_map(state))
    m2 = new_match("day-1", corps_integrity=True)
    state2 = clear(m2)
    place(state2, "US.CR.Gamble", "A5")
    place(state2, "US.CR.Devin", "V1")
    integrity.check(state2)
    assert not any(u.straggler for u in q.on_map(state2))


def test_amb_22_option_pairwise():
    m = new_match("day-1", corps_integrity=True, integrity_reading="pairwise")
    state = _tc29(m)
    place(state, "US.XI.Barlow", "E6")        # 1 from Schurz, 3 from Steinwehr
    integrity.check(state)
    assert {u.id for u in q.on_map(state) if u.straggler} == {"US.XI.Barlow",
                                                              "US.XI.Steinwehr"}


def test_distance_field_is_the_hex_distance_to_the_nearest_source():
    """The breadth-first distances bugle retreats use (AMB-05: never closer to the nearest
    enemy) are the hex distances on this grid, edges included."""
    sources = ["A1", "K7", "V13"]
    field = q.distance_field(sources)
    assert len(field) == len(q.board().hexes)
    for h, d in field.items():
        assert d == min(q.distance(h, s) for s in sources)
