"""core/gettysburg/scenarios.toml: the three scenario tables and the five scenarios played from
them (8.1-8.3, reference section D), tested against the seed's tables, the board
(maps/gettysburg.toml), the stacking limit (4.1), the terrain closed to cavalry and artillery
(4.0), the entry hexes (7.0), the clock (AMB-27), the cup (2.0, 7.0), victory (8.0, 8.2,
AMB-25, AMB-26), and the loader's error messages."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from core.gettysburg import scenarios as sc_mod
from core.gettysburg.chits import RESERVE_CHITS
from core.gettysburg.scenarios import NIGHT, ScenarioError, Turn, load_scenarios
from core.gettysburg.units import roster
from maps import gettysburg as gb

BOOK = sc_mod.scenario_book()
R = roster()
BOARD = gb.load()
TEXT = sc_mod.SCENARIOS_PATH.read_text(encoding="utf-8")
SETUPS = list(BOOK.setups.values())
SETUP_IDS = [s.id for s in SETUPS]

# ---------------------------------------------------------------- the seed's tables (literal)

# Reference D.2-D.4: the units on the map at the start, "unit id, hex, SP".
SEED_START = {
    "scenario-1": """US.I.Wadsworth G9 4, US.CR.Gamble R10 2, US.CR.Devin S10 2""",
    "scenario-2": """US.I.Wadsworth N3 3, US.I.Doubleday M6 3, US.I.Wainwright L6 1,
        US.II.Caldwell G5 3, US.II.Gibbon H5 3, US.II.Hays E4 4, US.II.Hazard G5 2,
        US.III.Birney C4 5, US.III.Humphreys C5 5, US.III.Randolph B5 2, US.V.Barnes I1 3,
        US.V.Ayres K2 3, US.V.Martin K2 2, US.XI.Steinwehr N5 3, US.XI.Osborne N5 2,
        US.XII.Geary D5 4, US.XII.Williams N4 4, US.XII.Muhlenburg N3 2, US.CR.Gamble A9 2,
        US.CR.Devin A9 2, US.AR.Ransom A5 2, US.AR.Fitzhugh A5 2,
        CSA.I.McLaws V13 6, CSA.I.Hood T10 6, CSA.II.Early R3 6, CSA.II.Rodes R5 4,
        CSA.II.Johnson R2 6, CSA.II.Dance R7 2, CSA.II.Nelson R4 2, CSA.III.Anderson K12 6,
        CSA.III.Heth Q13 4, CSA.III.Pender O9 4, CSA.III.McIntosh P8 2, CSA.III.Pegram M9 1,
        CSA.CR.Jenkins U1 2""",
    "scenario-3": """US.I.Doubleday L6 3, US.I.Wainwright L6 1, US.II.Caldwell G6 2,
        US.II.Gibbon H6 3, US.II.Hays I5 4, US.II.Hazard I5 2, US.III.Humphreys I4 3,
        US.III.Randolph I4 1, US.V.Barnes B7 2, US.V.Ayres D6 2, US.V.Crawford E6 3,
        US.V.Martin D6 2, US.VI.Wright A7 4, US.VI.Howe B5 3, US.VI.Newton H4 4,
        US.VI.Tompkins C5 2, US.XI.Steinwehr N5 3, US.XI.Osborne N5 2, US.XII.Geary M4 4,
        US.XII.Williams N3 4, US.XII.Muhlenburg M5 2, US.CR.Gamble A6 2, US.CR.Devin A6 2,
        US.CR.Gregg I2 2, US.CR.McIntosh I2 2, US.CR.Huey H3 2, US.CR.Farnsworth A8 2,
        US.CR.Custer K1 2, US.CR.Robertson I1 2, US.CR.Tidball A5 2, US.AR.McGilvery G5 2,
        US.AR.Taft M5 2, US.AR.Huntington G4 2, US.AR.Fitzhugh G4 2,
        CSA.I.McLaws G9 4, CSA.I.Pickett T9 5, CSA.I.Hood E10 4, CSA.I.Alexander F10 2,
        CSA.I.Eshelman H10 2, CSA.II.Early Q6 4, CSA.II.Rodes Q7 4, CSA.II.Johnson P2 5,
        CSA.II.Dance R3 2, CSA.II.Nelson Q5 2, CSA.III.Anderson Q10 6, CSA.III.Heth Q13 6,
        CSA.III.Pender O9 4, CSA.III.McIntosh L9 2, CSA.III.Pegram M9 1,
        CSA.CR.Hampton U1 2, CSA.CR.FLee U2 2, CSA.CR.Chambliss T2 2, CSA.CR.Jenkins R2 2,
        CSA.CR.Beckham U3 2""",
}

# Reference D.2: Scenario 1's reinforcements, "day hour hex: units" (hour n = night).
SEED_S1_ARRIVALS = """
1 09 A12: US.I.Robinson US.I.Doubleday US.I.Wainwright
1 10 A12: US.XI.Barlow
1 10 A5: US.XI.Schurz US.XI.Osborne
1 11 A5: US.XI.Steinwehr
1 17 I1: US.XII.Geary
1 18 A12: US.III.Birney
1 18 I1: US.XII.Williams US.XII.Muhlenburg
1 20 A12: US.III.Humphreys US.III.Randolph
2 08 A5: US.II.Caldwell US.II.Gibbon US.II.Hays US.II.Hazard US.V.Barnes US.V.Ayres US.V.Martin
2 08 A5: US.AR.Ransom US.AR.Fitzhugh
2 09 A5: US.CR.Robertson
2 10 I1: US.AR.McGilvery US.AR.Taft US.AR.Huntington US.V.Crawford
2 12 I1: US.CR.McIntosh US.CR.Gregg US.CR.Tidball
2 14 I1: US.VI.Wright US.CR.Farnsworth US.CR.Custer
2 16 I1: US.VI.Howe US.VI.Newton US.VI.Tompkins
2 17 I1: US.CR.Huey
3 13 A5: US.CR.Merritt
1 08 V13: CSA.III.Heth CSA.III.McIntosh CSA.III.Pegram
1 10 V13: CSA.III.Pender
1 11 V5: CSA.II.Rodes
1 11 V13: CSA.II.Dance CSA.II.Nelson
1 11 V4: CSA.CR.Jenkins
1 13 V4: CSA.II.Early
1 17 V13: CSA.III.Anderson
1 18 V13: CSA.II.Johnson
1 n V13: CSA.I.McLaws CSA.I.Hood
2 08 V13: CSA.I.Alexander CSA.I.Eshelman
2 14 V13: CSA.I.Pickett
2 14 V5: CSA.CR.Hampton CSA.CR.Beckham
2 16 V5: CSA.CR.FLee CSA.CR.Chambliss
3 11 V13: CSA.CR.Imboden
3 14 V13: CSA.CR.Jones CSA.CR.Robertson
"""

SEED_ELIMINATED = {
    "scenario-1": set(),
    "scenario-2": {"US.I.Robinson", "US.XI.Barlow", "US.XI.Schurz"},
    "scenario-3": {"US.I.Wadsworth", "US.I.Robinson", "US.III.Birney", "US.XI.Barlow",
                   "US.XI.Schurz", "US.AR.Ransom"},
}


def seed_start(setup_id: str) -> dict[str, tuple[str, int]]:
    out = {}
    for item in SEED_START[setup_id].split(","):
        uid, h, sp = item.split()
        out[uid] = (h, int(sp))
    return out


def seed_s1_arrivals() -> dict[str, tuple[Turn, str]]:
    out = {}
    for line in SEED_S1_ARRIVALS.strip().splitlines():
        when, units = line.split(":")
        day, hour, h = when.split()
        turn = Turn(int(day), NIGHT if hour == "n" else int(hour))
        for uid in units.split():
            out[uid] = (turn, h)
    return out


# ---------------------------------------------------------------- scenarios, clock (8.1, AMB-27)

def test_8_1_the_five_scenarios() -> None:
    """The whole battle, the short day-1 scenario (8.2), Scenario 2 (to 3 July, AMB-28 [R]; one
    day as an option) and Scenario 3."""
    table = {sid: (s.setup, str(BOOK.first_turn(sid)), str(BOOK.last_turn(sid)), s.victory,
                   s.variant_of) for sid, s in BOOK.scenarios.items()}
    assert table == {
        "campaign": ("scenario-1", "day 1 08:00", "day 3 20:00", "more-vp", ""),
        "day-1": ("scenario-1", "day 1 08:00", "day 1 20:00", "short", ""),
        "day-2": ("scenario-2", "day 2 08:00", "day 3 20:00", "more-vp", ""),
        "day-2-only": ("scenario-2", "day 2 08:00", "day 2 20:00", "more-vp", "day-2"),
        "day-3": ("scenario-3", "day 3 08:00", "day 3 20:00", "more-vp", ""),
    }


def test_amb_27_turn_counts_and_night_turns() -> None:
    """13 turns a day (08:00-20:00), a night turn between days: the campaign has 41 turns."""
    assert {sid: len(BOOK.turns(sid)) for sid in BOOK.scenarios} == {
        "campaign": 41, "day-1": 13, "day-2": 27, "day-2-only": 13, "day-3": 13}
    turns = BOOK.turns("campaign")
    assert turns[0] == Turn(1, 8) and turns[12] == Turn(1, 20) and turns[13] == Turn(1, NIGHT)
    assert turns[14] == Turn(2, 8) and turns[27] == Turn(2, NIGHT) and turns[-1] == Turn(3, 20)
    assert [t.key for t in turns] == sorted(t.key for t in turns)
    assert not any(t.night for t in BOOK.turns("day-3"))
    assert BOOK.clock.label(Turn(1, NIGHT)) == "night of 1 July 1863"
    assert BOOK.clock.label(Turn(2, 12)) == "2 July 1863, 12:00"


# ---------------------------------------------------------------- every unit, every hex

@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_d_every_unit_is_placed_arriving_or_eliminated_exactly_once(setup) -> None:
    listed = ([p.unit for p in setup.start] + [a.unit for a in setup.arrive]
              + [e.unit for e in setup.eliminated])
    assert Counter(listed) == Counter(list(R.units))


def test_d_table_sizes() -> None:
    assert {s.id: (len(s.start), len(s.arrive), len(s.eliminated)) for s in SETUPS} == {
        "scenario-1": (3, 61, 0), "scenario-2": (35, 26, 3), "scenario-3": (54, 4, 6)}


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_d_start_positions_are_the_seeds(setup) -> None:
    assert {p.unit: (p.hex, p.sp) for p in setup.start} == seed_start(setup.id)


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_4_0_start_hexes_are_on_the_map_and_open_to_the_unit(setup) -> None:
    for p in setup.start:
        assert p.hex in BOARD, p
        kind = R.type_of(p.unit)
        if kind.cavalry:
            assert BOARD.terrain(p.hex).props["cavalry"], p
        if kind.artillery:
            assert p.hex not in gb.CLOSED_TO_ARTILLERY, p


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_4_1_start_stacks_are_legal_and_never_mixed(setup) -> None:
    by_hex: dict[str, list[str]] = {}
    for p in setup.start:
        by_hex.setdefault(p.hex, []).append(p.unit)
    for h, uids in by_hex.items():
        kinds = [R.units[u].type for u in uids]
        assert len(uids) <= 2 and kinds.count("infantry") <= 1, (h, uids)
        assert len({R.units[u].side for u in uids}) == 1, (h, uids)


def test_4_1_scenario_3_stacks() -> None:
    """Reference D.4's stacking check: F + A in L6 I5 I4 D6 N5; A + A in M5 G4; C + C in A6 I2."""
    stacks: dict[str, list[str]] = {}
    for p in BOOK.setups["scenario-3"].start:
        stacks.setdefault(p.hex, []).append(R.types[R.units[p.unit].type].code)
    pairs = {h: "+".join(sorted(k)) for h, k in stacks.items() if len(k) == 2}
    assert pairs == {"L6": "A+F", "I5": "A+F", "I4": "A+F", "D6": "A+F", "N5": "A+F",
                     "M5": "A+A", "G4": "A+A", "A6": "C+C", "I2": "C+C"}


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_1_1_start_sp_never_above_the_printed_sp(setup) -> None:
    for p in setup.start:
        assert 1 <= p.sp <= R.units[p.unit].sp, p


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_7_0_arrivals_enter_at_an_entry_hex_of_their_side(setup) -> None:
    for a in setup.arrive:
        assert gb.ENTRY_HEXES.get(a.hex) == R.units[a.unit].side, a
        assert R.may_enter(a.unit, a.hex), a
        assert BOOK.clock.valid(a.turn), a
        assert a.turn.key >= (setup.day, BOOK.clock.first_hour), a


def test_7_0_entry_hexes_used() -> None:
    used = {(R.units[a.unit].side, a.hex) for s in SETUPS for a in s.arrive}
    assert {h for side, h in used if side == "Union"} == {"A5", "A12", "I1"}
    assert {h for side, h in used if side == "Confederate"} == {"V4", "V5", "V13"}


# ---------------------------------------------------------------- the seed's schedule

def test_d2_scenario_1_arrivals_are_the_seeds() -> None:
    setup = BOOK.setups["scenario-1"]
    assert {a.unit: (a.turn, a.hex) for a in setup.arrive} == seed_s1_arrivals()


def test_amb_29_scenario_1_v13_units_enter_at_8() -> None:
    """Scenario 1 lists Heth, McIntosh and Pegram on the map in V13: three units break 4.1, so
    they enter through V13 in the first turn (reference AMB-29 [R]); no Confederate unit is on
    the map at the start."""
    setup = BOOK.setups["scenario-1"]
    assert not R.stack_ok(["CSA.III.Heth", "CSA.III.McIntosh", "CSA.III.Pegram"])
    first = setup.arrivals(BOOK.first_turn("campaign"))
    assert {a.unit for a in first} == {"CSA.III.Heth", "CSA.III.McIntosh", "CSA.III.Pegram"}
    assert all(a.hex == "V13" and "AMB-29" in a.source for a in first)
    assert not [p for p in setup.start if R.units[p.unit].side == "Confederate"]


def test_7_1_night_arrivals() -> None:
    """McLaws and Hood enter in the night of 1-2 July (MP x 2); nobody else arrives at night."""
    night = [(s.id, a.unit) for s in SETUPS for a in s.arrive if a.turn.night]
    assert night == [("scenario-1", "CSA.I.McLaws"), ("scenario-1", "CSA.I.Hood")]
    assert BOOK.setups["scenario-1"].arrivals(Turn(1, NIGHT))[0].turn == Turn(1, NIGHT)


def test_d3_d4_later_tables_repeat_scenario_1s_schedule() -> None:
    """The seed prints Scenario 2's and 3's reinforcements with Scenario 1's times and hexes:
    every later arrival is Scenario 1's arrival of the same unit."""
    s1 = {a.unit: (a.turn, a.hex) for a in BOOK.setups["scenario-1"].arrive}
    for sid in ("scenario-2", "scenario-3"):
        for a in BOOK.setups[sid].arrive:
            assert (a.turn, a.hex) == s1[a.unit], (sid, a.unit)


def test_d0_strength_only_falls_after_scenario_1() -> None:
    """Reference D.0 check 2: every SP of Scenarios 2 and 3 is at most the unit's Scenario 1 SP;
    the one rise from Scenario 2 to 3 is Heth, 4 -> 6 (AMB-29 (?))."""
    s2 = {p.unit: p.sp for p in BOOK.setups["scenario-2"].start}
    s3 = {p.unit: p.sp for p in BOOK.setups["scenario-3"].start}
    rises = {u for u in s3 if u in s2 and s3[u] > s2[u]}
    assert rises == {"CSA.III.Heth"}


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_d_eliminated_before_the_start(setup) -> None:
    assert {e.unit for e in setup.eliminated} == SEED_ELIMINATED[setup.id]


def test_amb_25_eliminated_before_start_are_worth_9_and_20() -> None:
    worth = {s.id: sum(R.units[e.unit].sp for e in s.eliminated) for s in SETUPS}
    assert worth == {"scenario-1": 0, "scenario-2": 9, "scenario-3": 20}
    assert BOOK.scoring.eliminated_before_start_count
    assert BOOK.scoring.hexes_every_day and BOOK.scoring.eliminated_printed_sp


def test_every_row_has_its_provenance() -> None:
    for s in SETUPS:
        rows = list(s.start) + list(s.arrive) + list(s.eliminated)
        assert all(r.source.startswith("seed Scenario") for r in rows), s.id
    for s in BOOK.scenarios.values():
        assert s.source.startswith(("seed ", "reconstructed: ")), s.id
    assert "AMB-28" in BOOK.scenarios["day-2"].source
    assert "AMB-28" in BOOK.scenarios["day-2-only"].source


# ---------------------------------------------------------------- the cup (2.0, 7.0)

def test_2_0_cup_at_the_start_of_each_scenario() -> None:
    assert BOOK.cup("campaign", BOOK.first_turn("campaign")) == (
        "US.flag", "CSA.flag", "US.I", "CSA.III")
    assert set(BOOK.cup("day-2", BOOK.first_turn("day-2"))) == {
        "US.flag", "CSA.flag", "US.I", "US.II", "US.III", "US.V", "US.XI", "US.XII",
        "CSA.I", "CSA.II", "CSA.III"}
    assert len(BOOK.cup("day-3", BOOK.first_turn("day-3"))) == 12


def test_7_0_a_corps_chit_goes_in_with_its_first_reinforcements() -> None:
    cup = {t: set(BOOK.cup("campaign", t)) for t in BOOK.turns("campaign")}
    assert "US.XI" not in cup[Turn(1, 9)] and "US.XI" in cup[Turn(1, 10)]
    assert "CSA.II" not in cup[Turn(1, 10)] and "CSA.II" in cup[Turn(1, 11)]
    assert "US.XII" in cup[Turn(1, 17)] and "US.III" in cup[Turn(1, 18)]
    assert "CSA.I" in cup[Turn(2, 8)] and "US.VI" in cup[Turn(2, 14)]
    assert cup[Turn(1, NIGHT)] == set()                                     # 7.1
    assert len(cup[Turn(3, 20)]) == 12


def test_amb_03_reserve_chits_follow_their_units() -> None:
    first = BOOK.first_turn("campaign")
    assert "US.CR" in BOOK.cup("campaign", first, {RESERVE_CHITS})   # Gamble, Devin on the map
    assert "CSA.CR" not in BOOK.cup("campaign", first, {RESERVE_CHITS})
    assert "CSA.CR" in BOOK.cup("campaign", Turn(1, 11), {RESERVE_CHITS})  # Jenkins
    assert "US.AR" in BOOK.cup("campaign", Turn(2, 8), {RESERVE_CHITS})


# ---------------------------------------------------------------- victory (8.0, 8.2)

@pytest.mark.parametrize("csa,us,result", [
    (14, 4, "Confederate"), (13, 4, "draw"), (8, 4, "draw"), (7, 4, "Union"), (2, 6, "Union"),
])
def test_8_2_tc25_short_scenario_thresholds(csa, us, result) -> None:
    assert BOOK.outcome("day-1", csa, us) == result


@pytest.mark.parametrize("sid", ["campaign", "day-2", "day-2-only", "day-3"])
def test_8_0_more_vp_wins_a_tie_is_a_draw(sid) -> None:
    assert BOOK.outcome(sid, 10, 9) == "Confederate"
    assert BOOK.outcome(sid, 9, 9) == "draw"
    assert BOOK.outcome(sid, 9, 10) == "Union"


def test_8_0_tc24_vp_hexes_come_from_the_board() -> None:
    """The hex VP are the map's (one definition): 24 a day."""
    assert sum(gb.VP_HEXES.values()) == 24


# ---------------------------------------------------------------- loader errors

def broken(tmp_path: Path, old: str, new: str) -> Path:
    assert old in TEXT, old
    path = tmp_path / "scenarios.toml"
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    return path


HETH = '{ unit = "CSA.III.Heth", day = 1, hour = 8, hex = "V13",'
WADS1 = '{ unit = "US.I.Wadsworth", hex = "G9", sp = 4,'
TAFT3 = '{ unit = "US.AR.Taft", hex = "M5", sp = 2,'
MERRITT3 = '{ unit = "US.CR.Merritt", day = 3, hour = 13, hex = "A5",'

ERRORS = [
    (WADS1, '{ unit = "US.I.Wadworth", hex = "G9", sp = 4,',
     r"scenarios.toml: setup 'scenario-1': start 'US.I.Wadworth': unknown unit"),
    (WADS1, WADS1.replace("sp = 4", "sp = 5"),
     r"setup 'scenario-1': start 'US.I.Wadsworth': sp 5 is more than the printed 4 \(1.1\)"),
    (WADS1, WADS1.replace("G9", "Z9"),
     r"setup 'scenario-1': start 'US.I.Wadsworth': unknown hex 'Z9'"),
    (WADS1, WADS1.replace("sp = 4", "sp = 0"),
     r"setup 'scenario-1': start 'US.I.Wadsworth': Expected `int` >= 1 - at `\$.sp`"),
    (TAFT3, TAFT3.replace("M5", "B7"),
     r"setup 'scenario-3': start 'US.AR.Taft': hex B7 is closed to artillery \(4.0\)"),
    ('{ unit = "US.CR.Custer", hex = "K1",', '{ unit = "US.CR.Custer", hex = "N3",',
     r"setup 'scenario-3': start 'US.CR.Custer': hex N3 is closed to cavalry \(4.0\)"),
    (TAFT3, TAFT3.replace("M5", "L6"),
     r"setup 'scenario-3': start 'US.I.Doubleday': hex L6: US.I.Doubleday, US.I.Wainwright, "
     r"US.AR.Taft break the stacking limit \(4.1: at most 2 units, 1 infantry\)"),
    ('{ unit = "US.XII.Geary", hex = "M4",', '{ unit = "US.XII.Geary", hex = "N3",',
     r"setup 'scenario-3': start 'US.XII.Geary': hex N3: US.XII.Geary, US.XII.Williams break"),
    ('{ unit = "CSA.I.McLaws", hex = "G9",', '{ unit = "CSA.I.McLaws", hex = "M5",',
     r"setup 'scenario-3': start 'US.XII.Muhlenburg': hex M5 holds units of both sides"),
    (HETH, '{ unit = "CSA.III.Heth", hex = "V13", sp = 6, day = 1, hour = 8,',
     r"setup 'scenario-1': arrive 'CSA.III.Heth': Object contains unknown field `sp`"),
    (HETH, HETH.replace('"V13"', '"V12"'),
     r"setup 'scenario-1': arrive 'CSA.III.Heth': V12 is not a Confederate entry hex \(7.0\)"),
    (HETH, HETH.replace('"V13"', '"A5"'),
     r"arrive 'CSA.III.Heth': A5 is not a Confederate entry hex"),
    (HETH, HETH.replace("hour = 8", "hour = 7"),
     r"arrive 'CSA.III.Heth': day 1 07:00 is not a turn of the clock"),
    (HETH, HETH.replace("hour = 8", 'hour = "dawn"'),
     r"setup 'scenario-1': arrive 'CSA.III.Heth': Expected `int \| str`|Invalid enum value"),
    (MERRITT3, MERRITT3.replace('hour = 13', 'hour = "night"'),
     r"setup 'scenario-1': arrive 'US.CR.Merritt': day 3 night is not a turn of the clock"),
    ('{ unit = "CSA.CR.Imboden", day = 3, hour = 11, hex = "V13", source = "seed Scenario 3',
     '{ unit = "CSA.CR.Imboden", day = 2, hour = 11, hex = "V13", source = "seed Scenario 3',
     r"setup 'scenario-3': arrive 'CSA.CR.Imboden': day 2 11:00 is before the setup starts"),
    ('{ unit = "US.I.Robinson", source = "seed Scenario 2',
     '{ unit = "US.I.Wadsworth", source = "seed Scenario 2',
     r"setup 'scenario-2': eliminated 'US.I.Wadsworth': already listed in start"),
    ('  { unit = "US.XI.Schurz", source = "seed Scenario 2, eliminated units (Schurz, '
     'Fanteria)" },\n',
     "", r"setup 'scenario-2': 1 unit\(s\) not listed: US.XI.Schurz"),
    ('setup = "scenario-1"\nlast_day = 3', 'setup = "scenario-4"\nlast_day = 3',
     r"scenario 'campaign': unknown setup 'scenario-4'"),
    ('setup = "scenario-3"\nlast_day = 3', 'setup = "scenario-3"\nlast_day = 2',
     r"scenario 'day-3': last_day 2 is not between the setup's first day \(3\)"),
    ('last_day = 1\nvictory = "short"', 'last_day = 1\nvictory = "sudden-death"',
     r"scenario 'day-1': unknown victory 'sudden-death'"),
    ('variant_of = "day-2"', 'variant_of = "day-3"',
     r"scenario 'day-2-only': variant_of 'day-3' must be an earlier scenario of the same setup"),
    ('id = "day-3"', 'id = "day-1"', r"scenario 'day-1': duplicate id"),
    ("confederate = 10\ndraw = 4", "confederate = 10\ndraw = 11",
     r"victory 'short': the draw level is above the Confederate victory level"),
    ("[clock]\nfirst_hour = 8", "[clock]\nfirst_hour = 21",
     r"clock: a day needs a first hour before its last hour"),
    ("[scoring]", "[scoring]\nbonus = 1", r"scoring: Object contains unknown field `bonus`"),
    ("[clock]", "[calendar]\n[clock]", r"unknown top-level key\(s\) 'calendar'"),
]


@pytest.mark.parametrize("old,new,message", ERRORS, ids=[e[2][:50] for e in ERRORS])
def test_loader_errors_name_the_entry(tmp_path, old, new, message) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenarios(broken(tmp_path, old, new))


def test_loader_v13_literal_reading_breaks_stacking(tmp_path) -> None:
    """AMB-29: the literal reading (Heth, McIntosh and Pegram on the map in V13) is refused."""
    start = ('  { unit = "US.CR.Devin", hex = "S10", sp = 2, source = "seed Scenario 1, Union on '
             'the map (H)" },\n')
    extra = "".join(f'  {{ unit = "{u}", hex = "V13", sp = {sp}, source = "seed Scenario 1" }},\n'
                    for u, sp in (("CSA.III.Heth", 6), ("CSA.III.McIntosh", 2),
                                  ("CSA.III.Pegram", 2)))
    text = TEXT.replace(start, start + extra, 1)
    for u in ("CSA.III.Heth", "CSA.III.McIntosh", "CSA.III.Pegram"):
        line = next(ln for ln in text.splitlines(keepends=True)
                    if ln.startswith(f'  {{ unit = "{u}", day = 1, hour = 8,'))
        text = text.replace(line, "", 1)
    path = tmp_path / "scenarios.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"hex V13: CSA.III.Heth, CSA.III.McIntosh, "
                                            r"CSA.III.Pegram break the stacking limit"):
        load_scenarios(path)


def test_loader_file_errors(tmp_path) -> None:
    with pytest.raises(ScenarioError, match=r"missing.toml: file not found"):
        load_scenarios(tmp_path / "missing.toml")
    bad = tmp_path / "scenarios.toml"
    bad.write_text("[clock\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"scenarios.toml: invalid TOML"):
        load_scenarios(bad)
    bad.write_text("[clock]\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"missing 'scenario', 'scoring', 'setup', 'victory'"):
        load_scenarios(bad)
