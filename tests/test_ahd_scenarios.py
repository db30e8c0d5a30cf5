"""A House Divided: the year scenarios 1862, 1863, 1864 (O5.0) and the scenario victory table
(T9); TC-22, TC-24; AMB-24 to AMB-30.

Authority: the seed's "Regole Opzionali e Scenari", 5.0 Scenari, its "Tabella per la
Determinazione della Vittoria negli Scenari" and the three scenario tables
(../shared/seeds/001_f551d95babcd19e5.txt). The tables below are literal copies of the seed's
columns (Confederate on the left, Union on the right, spellings as printed); the loader's data
(core/ahd/setups.toml) is checked against them, not against itself. The readings of the seed's
slips are the ones in docs/ahd-decisions.md, "Scenarios".
"""
from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from core.ahd import calendar, scenarios, setup
from core.ahd import query as q
from core.ahd.options import OPTIONS
from core.ahd.state import CAVALRY, INFANTRY, MILITIA, SPARE
from core.engine import Match, normalize_options
from core.playout import random_playout
from saves import load_match, save_match
from tests.support.ahd import (ASIDE, CSA, POOL, RULES, UNION, act, clear_box, end_player_turn,
                               labels, marches_left, movement_of, place, recruiting_phase,
                               relocate, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)
from tui import cli

# --- the seed's tables, as printed -------------------------------------------------------------
# "Quantità Tipo Posizione" per line; "*" = trincerato; "***" = leader, placed only with A8.2.

SEED_TABLES = {
    ("1862", CSA): """
1	MF	Fayetteville
1	MF	Newport
1	FV	Island No. 10*
1	MF	Mobile
2	FV	Corinth
1	FV	Decatur
1	MF	Chattanooga
1	MF	Savannah
1	MF	Charleston
1	FV	Harper's Ferry
2	FV	Manassan Junction *
1	MF	Manassan Junction *
1	CV	Manassan Junction *
1	MF	Richmond
1	MC	Fredericksburg
1	FV	Yorktown*
""",
    ("1862", UNION): """
1	FV	Springfield, Missouri
1	MF	Ironton
2	FV	Pittsburgh Landing
1	MF	Pittsburgh Landing
1	MF	Pensacola
1	FV	Nashville
2	MF	Nashville
1	FV	Franklin
1	MF	Port Royal*
1	FV	Gettysburg
1	MF	Gettysburg
2	FV	Washington
3	MF	Washington
1	MC	Washington
1	MF	Baltimore
1	MF	Fort Monroe
""",
    ("1863", CSA): """
1	MF	Vicksburg
1	FV	Vicksburg
2	FV	Meridian
1	MF	Little Rock*
1	MF	Alexandria*
2	FV	Murfreesboro*
1	CS	Murfreesboro*
1	FV	Knoxville
1	MF	Savannah*
1	MF	Goldsboro*
1	FV	Richmond
1	MF	Petersburg*
1	MF	Marion
1	CV	Okolona
1	MC	Chattanooga*
Lee (3)***		Fredericksburg*
1	FS	Fredericksburg*
3	FV	Fredericksburg*
1	MF	Fredericksburg*
1	CV	Manassans Junction*
""",
    ("1863", UNION): """
1	MF	Fayetteville
1	MF	Thayer
Grant (1)***		Arkansas Post
Sherman (1)***		Arkansas Post
3	FV	Arkansas Post
1	MF	St. Louis
1	FV	Memphis*
1	MF	Grand Junction
1	MF	Humbolt
3	FV	Nashville
2	MF	Nashville
1	CV	Nashville
1	MF	Bowling Green
2	FV	Glasgow
1	MF	Corinth*
6	FV	Washington
2	MF	Washington
1	CV	Washington
1	MC	Washington
1	MF	Harper's Ferry
1	MF	Baltimore
1	FV	Norfolk*
1	MF	Fort Monroe
1	MF	New Bern*
1	FV	Port Royal*
1	MF	New Orleans*
1	FV	New Orleans*
""",
    ("1864", CSA): """
1	MF	Alexandria
1	FV	Meridian
1	CV	Okolona
1	MF	Mobile
1	MF	Selma
2	FV	Chattanooga
1	CV	Chattanooga
1	FS	Atlanta*
1	CM	Jacksonville
1	MF	Savannah
1	FS	Staunton
1	MF	Charleston*
1	FV	Richmond
1	MF	Petersburg*
1	MF	Goldsboro
1	CV	Manassan Hunction
1	MF	Wilmington
4	FV	Frederiksburg*
1	CV	Frederiksburg*
Lee (2)***		Frederiksburg
""",
    ("1864", UNION): """
1	MF	Saint Joseph
1	MF	Fort Smith
1	MF	Springfield, Missouri
1	FV	Little Rock
1	FV	Baton Rouge*
1	MF	Baton Rouge*
2	FV	Visckburg
1	MF	Arkansas Post
1	MF	New Orleans
1	FV	Memphis*
1	MF	Saint Louis
1	MF	Cairo
1	MF	Forts Henry e Donelson*
1	MF	Decatur
1	FV	Nashville*
1	MF	Murfreesboro
3	FV	Sparta
1	FS	Sparta
1	CV	Sparta
Sherman (2)***		Sparta
1	FV	Knoxville*
1	MF	Tallahassee
1	MC	Jacksonville
1	MF	Brunswick
1	MF	Porto Royal
1	MF	Grafton
1	MF	Harper's Ferry
5	FV	Washington
2	FS	Washington
1	CV	Washington
1	MC	Washington
Grant (2)***		Washington
1	FV	Baltimore
1	FV	New Bern*
1	FV	Norfolk*
3	MF	Fort Monroe
""",
}

# "Segnalini di Controllo" and "Dimensione Massima dell'Armata" of each column.
SEED_FLAGS = {
    ("1862", UNION): "Tutti in Kentucky, Forts Herny e Donelson, Sedalia e Jefferson City",
    ("1863", UNION): "Tutti in Kentucky, Forts Herny e Donelson, Sedalia, Jefferson City, "
                     "Springfield (Missouri), Newport, Island No. 10 e Pittsburgh Landing",
    ("1864", CSA): "Pensacola",
    ("1864", UNION): "tutti in Kentucky, Sedalia, Jefferson City, Fayetteville, Natchez, "
                     "Newport, Island No. 10, Humbolt, Grand Junction, Pittsburgh Landing, "
                     "Corinth, Cumberland Gap e Gainesville",
}
SEED_MAS = {"1862": (35, 27), "1863": (35, 23), "1864": (36, 20)}  # (Union, Confederate), S4
START_TURN = {"1862": 8, "1863": 18, "1864": 28}

# AMB-61: the seed's spellings -> the map's names.
SPELLING = {
    "Manassan Junction": "Manassas Junction", "Manassans Junction": "Manassas Junction",
    "Manassan Hunction": "Manassas Junction", "Frederiksburg": "Fredericksburg",
    "Visckburg": "Vicksburg", "Humbolt": "Humboldt", "Porto Royal": "Port Royal",
    "Saint Joseph": "St. Joseph", "Saint Louis": "St. Louis",
    "Forts Henry e Donelson": "Forts Henry and Donelson",
    "Forts Herny e Donelson": "Forts Henry and Donelson",
    "Springfield (Missouri)": "Springfield, Missouri",
}
CODE_SPELLING = {"CM": "MC"}  # AMB-61
# AMB-26 (docs/ahd-decisions.md): the Confederate "CM Jacksonville" of 1864 stands in Jackson.
READINGS = {("1864", CSA, "Jacksonville"): "Jackson"}
BOX_BY_NAME = {loc.name: loc.id for loc in q.board().locations.values()}


def box_id(name: str) -> str:
    return BOX_BY_NAME[SPELLING.get(name, name)]


def seed_rows(year: str, side: str) -> list[tuple[int, str, str, bool]]:
    """(quantity, code, box id, entrenched) for every piece line of a seed column."""
    rows = []
    for line in SEED_TABLES[(year, side)].strip().splitlines():
        qty, code, place_text = line.split("\t")
        if "***" in qty:
            continue
        entrenched = place_text.endswith("*")
        name = place_text.rstrip("* ")
        name = READINGS.get((year, side, name), name)
        rows.append((int(qty), CODE_SPELLING.get(code, code), box_id(name), entrenched))
    return rows


def seed_leaders(year: str, side: str) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for line in SEED_TABLES[(year, side)].strip().splitlines():
        head, _, place_text = line.split("\t")
        if "***" in head:
            leader, value = head.replace("***", "").rstrip(")").split(" (")
            out[leader.lower()] = {"box": box_id(place_text.rstrip("* ")), "value": int(value)}
    return out


def seed_flags(year: str, side: str) -> set[str]:
    text = SEED_FLAGS.get((year, side), "")
    for seed_name, name in SPELLING.items():  # names with " e " (and) before splitting on it
        if " e " in seed_name:
            text = text.replace(seed_name, name)
    names = [n.strip() for n in text.replace(" e ", ", ").split(",") if n.strip()]
    out: set[str] = set()
    for n in names:
        if n.lower() == "tutti in kentucky":
            out |= {b for b in q.map_boxes()
                    if q.board().locations[b].props["state"] == "Kentucky"}
        else:
            out.add(box_id(n))
    return out


PIECE_ROWS = [pytest.param(year, side, *row, id=f"{year}-{side}-{row[0]} {row[1]} {row[2]}"
                           f"{'*' if row[3] else ''}")
              for (year, side) in SEED_TABLES for row in seed_rows(year, side)]


def scenario_match(name: str, seed: int = 1, **options: object) -> Match:
    return Match.new(RULES, seed=seed, scenario=name, options=dict(options))


def at(state, box: str, side: str, code: str) -> list:
    return [p for p in q.pieces_at(state, box, side) if p.code == code]


# --- O5.0: the scenarios offered ---------------------------------------------------------------


def test_o5_0_rules_offer_the_campaign_first_then_the_three_year_scenarios():
    """O5.0 'è possibile giocare in determinati anni': 1862, 1863, 1864 beside the campaign
    (the default, DESIGN.md: first = default)."""
    assert RULES.scenarios() == ["campaign", "1862", "1863", "1864"]
    assert Match.new(RULES, seed=1).header.scenario == "campaign"


def test_o5_0_unknown_scenario_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="1865"):
        RULES.setup(1, "1865", normalize_options(RULES, {}))


# --- S3 / TC-24: every unit of every table ------------------------------------------------------


@pytest.mark.parametrize("year, side, qty, code, box, entrenched", PIECE_ROWS)
def test_s3_every_seed_unit_stands_in_its_box_with_its_type_and_entrenchment(
        year, side, qty, code, box, entrenched):
    """S3: each line of the seed's scenario table ('*' = 'tutte le unità presenti iniziano la
    partita trincerate'); pieces in an owned permanent entrenchment are entrenched anyway
    (B4.2.5)."""
    state = st(scenario_match(year))
    expected = sum(n for n, c, b, _ in seed_rows(year, side) if (c, b) == (code, box))
    pieces = at(state, box, side, code)
    assert len(pieces) == expected
    assert all(p.entrenched == entrenched for p in pieces)
    if entrenched or q.is_permanent_entrenchment(box):
        assert all(q.is_entrenched(state, p) for p in pieces)
    else:
        assert not any(q.is_entrenched(state, p) for p in pieces)
    assert not any(p.reduced for p in pieces)


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
@pytest.mark.parametrize("side", [UNION, CSA])
def test_s3_nothing_else_is_on_the_map(year, side):
    """S3: the map holds exactly the table's pieces (no extra, none missing)."""
    state = st(scenario_match(year))
    expected = Counter()
    for qty, code, box, _ in seed_rows(year, side):
        expected[(box, code)] += qty
    assert Counter((p.loc, p.code) for p in q.pieces_of(state, side)) == expected


@pytest.mark.parametrize("year, csa, union", [("1862", 18, 21), ("1863", 23, 37),
                                              ("1864", 23, 44)])
def test_tc_24_scenario_totals(year, csa, union):
    """TC-24: 1862 CSA 18 / Union 21; 1863 CSA 23 (= MAS) / Union 37 (MAS + 2, the seed's 'due
    unità oltre il massimo'); 1864 CSA 23 (MAS + 3, 'tre unità oltre il massimo') / Union 44
    as listed (AMB-25: the seed's note says nine over, 45). The CSA has exactly 8 MF on the
    map in every setup."""
    state = st(scenario_match(year))
    assert (q.in_play(state, CSA), q.in_play(state, UNION)) == (csa, union)
    assert sum(1 for p in q.pieces_of(state, CSA) if p.code == "MF") == 8
    union_mas, csa_mas = SEED_MAS[year]
    assert q.in_play(state, CSA) - csa_mas == {"1862": -9, "1863": 0, "1864": 3}[year]
    assert q.in_play(state, UNION) - union_mas == {"1862": -14, "1863": 2, "1864": 8}[year]


# --- S4 / AMB-28 / AMB-29: ownership and MAS ----------------------------------------------------


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_s4_amb_29_mas_at_start_is_the_seeds_without_offset(year):
    """S4 / seed notes 'Dimensione Massima dell'Armata': 1862 35/27, 1863 35/23, 1864 36/20,
    computed from the map's shields and the scenario ownership (AMB-29: no offset needed)."""
    m = scenario_match(year)
    state = st(m)
    assert (q.mas(state, UNION), q.mas(state, CSA)) == SEED_MAS[year]
    assert state.mas_offset == {}
    tracks = m.view(None).tracks
    assert (tracks["Union MAS"], tracks["Confederate MAS"]) == SEED_MAS[year]


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
@pytest.mark.parametrize("side", [UNION, CSA])
def test_s3_control_markers_are_placed_for_their_side(year, side):
    """S3 'Segnalini di Controllo' (Kentucky = 'Tutti in Kentucky'): each listed box belongs to
    the column's side, and so does every box its pieces stand in (AMB-28)."""
    m = scenario_match(year)
    state = st(m)
    occupied = {box for _, _, box, _ in seed_rows(year, side)}
    for box in seed_flags(year, side) | occupied:
        assert state.owner.get(box) == side, box
        assert m.view(None).control[box] == side


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_amb_28_every_other_box_keeps_its_printed_colour(year):
    state = st(scenario_match(year))
    listed = set()
    for side in (UNION, CSA):
        listed |= seed_flags(year, side) | {box for _, _, box, _ in seed_rows(year, side)}
    for box in set(q.map_boxes()) - listed:
        assert state.owner.get(box) == q.printed_owner(box), box


def test_amb_28_harpers_ferry_1862_a_blue_box_held_by_confederate_infantry():
    """AMB-28: 'I FV Harper's Ferry' in the 1862 Confederate column: the blue box is the CSA's
    at start, for good (infantry)."""
    state = st(scenario_match("1862"))
    assert q.printed_owner("harpers-ferry") == UNION
    assert state.owner["harpers-ferry"] == CSA and "harpers-ferry" not in state.cavalry_held


def test_amb_26_amb_28_1864_jacksonville_union_cavalry_alone_holds_it_while_there(dice):
    """AMB-26: the seed puts '1 CM Jacksonville' (Confederate) and '1 MC Jacksonville' (Union)
    in the same box. Reading: the Union holds Jacksonville (it agrees with its Gainesville
    marker); the Confederate militia cavalry stands in Jackson, Mississippi, a Confederate box,
    so no scenario starts with a battle. AMB-28: the Union MC alone is cavalry-only control
    (B9.0): when it leaves, grey Jacksonville goes back to the Confederacy."""
    m = scenario_match("1864")
    state = st(m)
    assert not (q.occupied(state, UNION) & q.occupied(state, CSA))
    assert [p.code for p in q.pieces_at(state, "jacksonville")] == ["MC"]
    assert q.pieces_at(state, "jacksonville")[0].side == UNION
    assert [(p.side, p.code) for p in q.pieces_at(state, "jackson")] == [(CSA, "MC")]
    assert state.owner["jacksonville"] == UNION and state.cavalry_held == ["jacksonville"]
    mas_before = (q.mas(state, UNION), q.mas(state, CSA))
    relocate(state, q.pieces_at(state, "jacksonville")[0].id, "gainesville")
    end_player_turn(m, UNION, dice)  # the CSA's first scenario turn: 1 march, no die
    state = st(m)
    assert state.owner["jacksonville"] == CSA and state.cavalry_held == []
    assert (q.mas(state, UNION), q.mas(state, CSA)) == mas_before  # no shield there


def test_amb_27_pensacola_1864_marker_is_the_confederacys():
    """AMB-27: 'Segnalini di Controllo: Pensacola' stands under the Confederate column of 1864;
    Pensacola is printed blue (a Union-held port, A4.0), so the marker is a Confederate one. In
    1862 a Union MF holds it; in 1863 nothing is there and it keeps its blue."""
    assert q.printed_owner("pensacola") == UNION
    assert st(scenario_match("1864")).owner["pensacola"] == CSA
    assert st(scenario_match("1862")).owner["pensacola"] == UNION
    assert st(scenario_match("1863")).owner["pensacola"] == UNION


# --- pools, set-aside militia and leaders (AMB-25, AMB-30, O4.4, A8.2 data) -------------------


def off_map(state, side: str, where: str) -> Counter:
    return Counter(p.code for p in state.pieces if p.side == side and p.loc == where)


@pytest.mark.parametrize("year, pool, aside", [
    ("1862", {"MF": 4, "MC": 1}, 8),
    ("1863", {"MF": 4, "MC": 1}, 4),
    ("1864", {"MF": 5}, 0),
])
def test_amb_30_union_pool_holds_this_aprils_militia(year, pool, aside):
    """O5.0: the Union 'riceve 4 unità di Milizia di Fanteria da aggiungere al suo pozzo'.
    AMB-30: the pool = the MF enlisted by this April (B8.0: 16, 20, 24) not on the map, plus
    the militia cavalry counter not on the map; the rest wait aside for the later Aprils.
    AMB-25: 1864 lists 19 MF, so the pool holds 5 (the 24th MF of the enlistments)."""
    state = st(scenario_match(year))
    assert off_map(state, UNION, POOL) == Counter(pool)
    assert off_map(state, UNION, ASIDE) == Counter({"MF": aside} if aside else {})
    union_mf = sum(1 for p in state.pieces if p.side == UNION and p.code == "MF"
                   and p.loc not in (ASIDE, SPARE))
    assert union_mf == {"1862": 16, "1863": 20, "1864": 24}[year]  # B8.0


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_amb_30_confederate_pool_is_empty_its_militia_are_all_on_the_map(year):
    """AMB-30: the CSA's 8 MF and its one MC are all on the map; the three border-state MF
    (A8.3) wait aside as in the campaign."""
    state = st(scenario_match(year))
    assert off_map(state, CSA, POOL) == Counter()
    assert off_map(state, CSA, ASIDE) == Counter({"MF": 3})


def test_o4_4_1863_with_draft_riots_the_pool_holds_one_mf_and_three_wait_for_may_to_july():
    """O5.0 '(vedere 4.3)' read as O4.4 (AMB-24): with the draft riots the April 1863 militia
    come one a month, so the 1863 scenario's pool holds 1 MF and 3 more wait aside (with the 4
    of April 1864). The monthly arrivals are the O4.4 rule's."""
    state = st(scenario_match("1863", draft_riots=True))
    assert off_map(state, UNION, POOL) == Counter({"MF": 1, "MC": 1})
    assert off_map(state, UNION, ASIDE) == Counter({"MF": 7})
    assert not any("Enlistment" in line for line in state.log)


def test_o4_4_1863_draft_riots_may_brings_one_more_militia(dice):
    """O4.4 'uno viene aggiunto ad aprile, un altro a maggio': in the 1863 scenario the May
    turn enlists 1 MF (the scenario's April one is already in the pool)."""
    m = scenario_match("1863", draft_riots=True)
    recruiting_phase(m, CSA)
    end_player_turn(m, CSA, dice, 3)  # May 1863: enlistment, then the Union movement die
    state = st(m)
    assert state.turn == 19
    assert off_map(state, UNION, POOL)["MF"] == 2 and off_map(state, UNION, ASIDE)["MF"] == 6


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_a8_2_data_leaders_marked_three_stars_are_recorded_not_placed(year):
    """S3 '*** = Se non giocate con i Leader, questo pezzo non viene piazzato': the leaders and
    their values (1863 Lee 3, Grant 1, Sherman 1; 1864 Lee 2, Grant 2, Sherman 2) are in the
    setup data for the leader rule (A8.2); no counter of theirs is set up here."""
    leaders = setup.scenario_leaders(year)
    assert leaders == {UNION: seed_leaders(year, UNION), CSA: seed_leaders(year, CSA)}
    state = st(scenario_match(year))
    assert all(p.code in ("MF", "FV", "FS", "MC", "CV", "CS") for p in state.pieces)
    assert setup.scenario_leaders("campaign") == {UNION: {}, CSA: {}}


# --- O5.0: the first turn ------------------------------------------------------------------------


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_o5_0_starts_in_april_with_the_union(year, dice):
    """O5.0 'Ogni scenario inizia nel turno di aprile (04), con il giocatore dell'Unione che
    parte per primo' (turns 8, 18, 28 of the turn track)."""
    m = scenario_match(year)
    state = st(m)
    assert (state.turn, state.start_turn) == (START_TURN[year], START_TURN[year])
    assert calendar.label(state.turn) == f"Apr {year}"
    assert (state.player, state.phase, m.active) == (UNION, "movement", [UNION])
    assert dice.rolled == []


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_o5_0_first_turn_one_march_each_no_die_no_invasion(year, dice):
    """O5.0 'Entrambe i giocatori hanno solo 1 marcia per il primo turno dello scenario': no
    movement die for either player (so no 6, no naval invasion, B4.2.4); the next turn rolls
    as usual (B4.0)."""
    m = scenario_match(year)
    state = st(m)
    assert (marches_left(state), movement_of(state).die, movement_of(state).invasion) == (1, 0, False)
    assert not any(a.startswith("invade") for a in labels(m, UNION))
    assert m.view(None).tracks["Movement die"] == "none (first turn)"
    end_player_turn(m, UNION, dice)
    state = st(m)
    assert (state.player, state.phase) == (CSA, "movement")
    assert (marches_left(state), movement_of(state).die, movement_of(state).invasion) == (1, 0, False)
    assert dice.rolled == []  # neither player rolled for movement
    end_player_turn(m, CSA, dice, 6)
    state = st(m)
    assert (state.turn, state.player, marches_left(state)) == (START_TURN[year] + 1, UNION, 6)
    assert movement_of(state).invasion  # a 6 on a later turn allows an invasion again


def test_o5_0_one_march_is_spent_by_one_march(dice):
    """With its single march spent, the Union can only end movement (O5.0)."""
    m = scenario_match("1862")
    act(m, UNION, "march", "gettysburg")
    pid = at(st(m), "gettysburg", UNION, "MF")[0].id
    act(m, UNION, "piece", pid)
    act(m, UNION, "space", "harrisburg")
    if st(m).phase == "march":
        act(m, UNION, "end-march")
    assert marches_left(st(m)) == 0
    assert labels(m, UNION) == ["end-movement"]


@pytest.mark.parametrize("year", ["1862", "1863", "1864"])
def test_o5_0_b8_0_no_second_enlistment_on_the_scenarios_april(year):
    """O5.0: the 4 MF of the starting April come through the scenario's pool; the April
    enlistment (B8.0) does not add 4 more on the same turn."""
    state = st(scenario_match(year))
    assert not any(line.startswith("Enlistment") for line in state.log)
    assert off_map(state, UNION, POOL)["MF"] == {"1862": 4, "1863": 4, "1864": 5}[year]


def test_b8_0_later_aprils_still_enlist_in_the_1862_scenario(dice):
    """B8.0: in the 1862 scenario, April 1863 (turn 18) brings 4 more MF to the pool."""
    m = scenario_match("1862")
    recruiting_phase(m, CSA, turn=17)
    end_player_turn(m, CSA, dice, 2)
    state = st(m)
    assert state.turn == 18
    assert off_map(state, UNION, POOL)["MF"] == 8 and off_map(state, UNION, ASIDE)["MF"] == 4
    assert "Enlistment: 4 Union militia infantry join the pool (B8.0)." in state.log


# --- T9 / TC-22: the scenario victory table ---------------------------------------------------

SEED_T9 = """
1862	11+	10	9	8	7	6	5 o meno
1863	15+	14	13	12	11	10	9 o meno
1864	19+	18	17	16	15	14	13 o meno
"""
SEED_T9_HEADINGS = ("Vittoria del Nord", "Vantaggio Del Nord", "Lato Nord", "Storico (pareggio)",
                    "Lato Sud", "Vantaggio del Sud", "Vittoria del Sud")
T9_CELLS = [(int(line.split("\t")[0]), column, cell)
            for line in SEED_T9.strip().splitlines()
            for column, cell in enumerate(line.split("\t")[1:])]


@pytest.mark.parametrize("year, column, cell", T9_CELLS,
                         ids=[f"{y}-{SEED_T9_HEADINGS[c]}" for y, c, _ in T9_CELLS])
def test_t9_every_cell_and_its_boundaries(year, column, cell):
    """T9, the seed's 'Tabella per la Determinazione della Vittoria negli Scenari': each cell,
    '11+' = 11 or more, '5 o meno' = 5 or less."""
    level = scenarios.LEVELS[column]
    value = int(cell.split("+")[0].split(" ")[0])
    assert scenarios.level(year, value) == level
    if cell.endswith("+"):
        assert scenarios.level(year, value + 1) == level
        assert scenarios.level(year, value + 20) == level
        assert scenarios.level(year, value - 1) != level
    elif cell.endswith("o meno"):
        assert scenarios.level(year, value - 1) == level
        assert scenarios.level(year, value - 20) == level
        assert scenarios.level(year, value + 1) != level
    else:
        assert scenarios.level(year, value - 1) != level
        assert scenarios.level(year, value + 1) != level


def test_tc_22_t9_levels_at_the_end_of_march_1863():
    """TC-22: D = 13 is a Union edge ('Lato Nord'), 15 a Union victory, 9 a Confederate
    victory, on the March 1863 row."""
    assert scenarios.level(1863, 36 - 23) == "Union edge"
    assert scenarios.level(1863, 15) == "Union victory"
    assert scenarios.level(1863, 9) == "Confederate victory"


def test_amb_24_1865_row_is_the_references_extrapolation():
    """AMB-24: the seed's table stops at 1864; the 1864 scenario may be judged on the March 1865
    row extrapolated +4 a year: 23+ / 22 / 21 / 20 / 19 / 18 / 17 or less."""
    assert [scenarios.level(1865, d) for d in (30, 23, 22, 21, 20, 19, 18, 17, 0)] == [
        "Union victory", "Union victory", "Union advantage", "Union edge",
        "Historical result (draw)", "Confederate edge", "Confederate advantage",
        "Confederate victory", "Confederate victory"]
    assert "extrapolated, AMB-24" in scenarios.judgement(1865, 40, 20)


def test_t9_historical_values_are_the_scenarios_starting_d():
    """The draw column of each year is the D the next scenario starts with (S4: 35-27, 35-23,
    36-20)."""
    assert scenarios.level(1862, 35 - 27) == "Historical result (draw)"
    assert scenarios.level(1863, 35 - 23) == "Historical result (draw)"
    assert scenarios.level(1864, 36 - 20) == "Historical result (draw)"


def to_end_of_turn(m: Match, turn: int, side: str) -> None:
    recruiting_phase(m, side, turn=turn)


def test_tc_22_1862_scenario_judged_at_the_end_of_march_1863_union_edge(dice):
    """TC-22: the 1862 scenario agreed to end at the end of March 1863, MAS(U) 36 and MAS(C)
    23: D = 13, Union edge. AMB-60: the table is read after the Confederate player turn of the
    March game turn, not after the Union's."""
    m = scenario_match("1862", scenario_end="1863-03")
    state = st(m)
    assert state.last_turn == calendar.turn_of("Mar", 1863) == 17
    for box in ("knoxville", "memphis", "little-rock"):  # +1 Union; -1, -2, -1 Confederate
        state.owner[box] = UNION
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (36, 23)
    to_end_of_turn(m, 17, UNION)
    end_player_turn(m, UNION, dice, 2)
    assert st(m).result is None and st(m).player == CSA
    end_player_turn(m, CSA, dice)
    state = st(m)
    assert state.result == (
        "Union edge at the end of Mar 1863 (O5.0, T9): D = Union MAS 36 - Confederate MAS 23 = "
        "13; row Mar 1863: Union victory 15+, Union advantage 14, Union edge 13, Historical "
        "result (draw) 12, Confederate edge 11, Confederate advantage 10, Confederate victory "
        "9 or less.")
    assert (state.turn, state.phase, m.active) == (17, "over", [])
    assert m.view(None).result == state.result and dice.rolled == [2]


@pytest.mark.parametrize("union, csa, level", [(38, 23, "Union victory"),
                                               (35, 26, "Confederate victory"),
                                               (35, 23, "Historical result (draw)")])
def test_tc_22_other_results_of_the_same_game(union, csa, level, dice):
    m = scenario_match("1862", scenario_end="1863-03")
    state = st(m)
    state.mas_offset = {UNION: union - 35, CSA: csa - 27}
    to_end_of_turn(m, 17, CSA)
    end_player_turn(m, CSA, dice)
    assert st(m).result.startswith(f"{level} at the end of Mar 1863 (O5.0, T9): D = Union MAS "
                                   f"{union} - Confederate MAS {csa} = {union - csa};")


def test_o5_0_without_an_agreed_end_march_is_an_ordinary_turn(dice):
    m = scenario_match("1862")
    to_end_of_turn(m, 17, CSA)
    end_player_turn(m, CSA, dice, 3)
    assert st(m).result is None and st(m).turn == 18


@pytest.mark.parametrize("scenario, end, turn", [
    ("campaign", "1862-03", 7), ("campaign", "1863-03", 17), ("campaign", "1864-03", 27),
    ("1862", "1863-03", 17), ("1862", "1864-03", 27), ("1863", "1864-03", 27),
    ("1864", "1865-03", 37), ("1864", "none", 40), ("campaign", "none", 40),
])
def test_o5_0_scenario_end_points_each_start_may_agree(scenario, end, turn, dice):
    """O5.0 'La fine del gioco può essere determinata alla fine di ogni mese di marzo (03), dal
    1862 al 1864': campaign -> 1862/1863/1864; 1862 -> 1863/1864; 1863 -> 1864; 1864 -> only
    the extrapolated 1865 (AMB-24) or none."""
    m = scenario_match(scenario, scenario_end=end)
    assert st(m).last_turn == turn
    ends = m.view(None).tracks["Ends"]
    if end == "none":
        assert ends == "Jun 1865 (usual victory conditions)"
    else:
        assert ends.startswith(f"end of Mar {end[:4]} (T9")


@pytest.mark.parametrize("scenario, end, words", [
    ("1862", "1862-03", "not after the start of the 1862 scenario (Apr 1862)"),
    ("1863", "1862-03", "not after the start"), ("1863", "1863-03", "not after the start"),
    ("1864", "1864-03", "not after the start"), ("1864", "1862-03", "not after the start"),
    ("campaign", "1865-03", "only for the 1864 scenario"),
    ("1862", "1865-03", "only for the 1864 scenario"),
    ("1863", "1865-03", "only for the 1864 scenario"),
])
def test_o5_0_scenario_end_before_or_at_the_start_is_refused(scenario, end, words):
    with pytest.raises(ValueError, match="scenario_end") as info:
        scenario_match(scenario, scenario_end=end)
    assert words in str(info.value)


def test_o5_0_scenario_end_takes_only_the_listed_marches():
    with pytest.raises(ValueError, match="scenario_end takes one of"):
        scenario_match("1862", scenario_end="1863-04")


def test_b13_0_short_game_is_a_campaign_variant():
    """B13.0 is July 1861 to June 1862: it may end at March 1862 by agreement, not later, and
    does not combine with a year scenario."""
    assert st(Match.new(RULES, 1, "campaign", {"short_game": True,
                                               "scenario_end": "1862-03"})).last_turn == 7
    with pytest.raises(ValueError, match="June 1862"):
        Match.new(RULES, 1, "campaign", {"short_game": True, "scenario_end": "1863-03"})
    with pytest.raises(ValueError, match="B13.0"):
        scenario_match("1862", short_game=True)


def test_o5_0_scenario_end_option_is_offered_with_its_rule():
    spec = {o.key: o for o in OPTIONS}["scenario_end"]
    assert spec.default == "none" and spec.balance == "neutral"
    assert spec.choices == ("none", "1862-03", "1863-03", "1864-03", "1865-03")
    assert "O5.0" in spec.label and "T9" in spec.label
    assert "extrapolat" in spec.help and "AMB-24" in spec.help


def test_o5_0_cli_prints_the_refused_end_point(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    opened = []
    monkeypatch.setattr(cli, "_run_app", lambda match=None, start="title": opened.append(match))
    code = cli.main(["new", "a-house-divided", "--scenario", "1863", "--option",
                     "scenario_end=1863-03"])
    err = capsys.readouterr().err
    assert code == 2 and opened == []
    assert "scenario_end 1863-03" in err and "1863 scenario" in err


# --- the usual victory conditions stay in force (O5.0, AMB-60) --------------------------------


@pytest.mark.parametrize("turn", [20, 27])
def test_o5_0_b11_0_washington_falls_before_or_on_the_judged_march(turn, dice):
    """O5.0 'possono essere anche giocati utilizzando le condizioni di vittoria solite' and
    AMB-60: sudden death still ends the game, even on the judged March (checked first)."""
    m = scenario_match("1863", scenario_end="1864-03")
    state = st(m)
    clear_box(state, "washington")
    place(state, CSA, "FV", "washington")
    to_end_of_turn(m, turn, CSA)
    end_player_turn(m, CSA, dice)
    assert st(m).result == "Confederate victory: Washington has fallen (B11.0)."


def test_o5_0_b11_0_union_takes_the_last_victory_city_in_a_scenario(dice):
    m = scenario_match("1864", scenario_end="1865-03")
    state = st(m)
    for city in ("mobile", "atlanta", "charleston", "wilmington"):
        state.owner[city] = UNION
    clear_box(state, "richmond")
    place(state, UNION, "FV", "richmond")
    to_end_of_turn(m, 30, UNION)
    end_player_turn(m, UNION, dice)
    assert st(m).result.startswith("Union victory: the Union owns every Confederate")


def test_o5_0_b11_0_confederate_army_larger_than_the_unions(dice):
    m = scenario_match("1862", scenario_end="1864-03")
    state = st(m)
    state.mas_offset = {CSA: 9}  # 36 > 35
    to_end_of_turn(m, 10, CSA)
    end_player_turn(m, CSA, dice)
    assert st(m).result == "Confederate victory: Confederate MAS 36 exceeds Union MAS 35 (B11.0)."


# --- the view, saves and replay ------------------------------------------------------------------


def test_o5_0_view_names_the_scenario_and_the_judged_march():
    tracks = scenario_match("1863", scenario_end="1864-03").view(UNION).tracks
    assert tracks["Scenario"] == "1863 (from Apr 1863)"
    assert tracks["Ends"] == "end of Mar 1864 (T9)"
    assert tracks["T9 now"] == "D 12: Confederate victory"
    assert tracks["Turn"] == "18/27" and tracks["Date"] == "Apr 1863"
    tracks = scenario_match("1864", scenario_end="1865-03").view(None).tracks
    assert tracks["Ends"] == "end of Mar 1865 (T9, extrapolated row)"
    assert tracks["T9 now"] == "D 16: Confederate victory"
    tracks = Match.new(RULES, 1).view(None).tracks
    assert tracks["Scenario"] == "campaign (from July 1861)"
    assert tracks["Ends"] == "Jun 1865 (usual victory conditions)" and "T9 now" not in tracks
    log = scenario_match("1862").view(None).log
    assert "Union: first turn of the scenario, 1 march without a roll (O5.0)." in log


def test_o5_0_scenario_games_replay_and_save(tmp_path):
    """DESIGN.md determinism and saves: a scenario game rebuilds from its header and actions,
    and a save of it loads with its scenario and agreed end."""
    match = random_playout(RULES, 5, scenario="1863", options={"scenario_end": "1864-03"})
    again = Match.replay(RULES, match.header, match.history)
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(match.state)
    loaded = load_match(save_match(match, tmp_path / "s.json"))
    assert loaded.header.scenario == "1863" and loaded.header.options["scenario_end"] == "1864-03"
    assert loaded.state.result == match.state.result


def test_setup_data_matches_the_seed_tables_piece_for_piece():
    """setups.toml, read directly: every code is a T1 code and every box a map box (a typo in
    the data fails here with the entry's name)."""
    data = setup.setups()["scenarios"]
    assert sorted(data) == ["1862", "1863", "1864"]
    for year, scenario in data.items():
        assert scenario["start_turn"] == START_TURN[year]
        assert (scenario["union_mas"], scenario["csa_mas"]) == SEED_MAS[year]
        for key in ("union", "csa"):
            for box, codes in scenario[key]["boxes"].items():
                assert box in q.map_boxes(), (year, key, box)
                assert {c.rstrip("*") for c in codes} <= {"MF", "FV", "FS", "MC", "CV", "CS"}


def test_infantry_and_cavalry_types_are_the_codes():
    """T1 codes of the tables: MF/FV/FS infantry, MC/CV/CS cavalry (reference §0.2)."""
    arms = {"MF": INFANTRY, "FV": INFANTRY, "FS": INFANTRY,
            "MC": CAVALRY, "CV": CAVALRY, "CS": CAVALRY}
    for year in ("1862", "1863", "1864"):
        state = st(scenario_match(year))
        for p in q.pieces_of(state, UNION) + q.pieces_of(state, CSA):
            assert p.arm == arms[p.code]
            assert (p.grade == MILITIA) == (p.code in ("MF", "MC"))
