"""maps/gettysburg.toml: the reconstructed battlefield, tested against every constraint the seed
fixes (rules 4.0, 5.1, 5.2, 5.2.1, 5.3.1, 7.0, 8.0 and the scenario tables, reference sections
D and E) and against the research facts it was built from; plus the loader's error messages."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import networkx
import pytest

from maps import gettysburg as gb
from maps import hexes as hx
from maps.hexboard import HexBoardError, load_hexboard
from maps.hexes import GridSpec

BOARD = gb.load()
SPEC = BOARD.spec
TEXT = gb.MAP_PATH.read_text(encoding="utf-8")

# ---------------------------------------------------------------- the seed's facts (literal)

# 8.0: the red-dot hexes and the VP the Confederate player scores per day holding them.
SEED_VP = {"D6": 5, "I1": 5, "N5": 3, "N3": 3, "A5": 3,
           "I5": 1, "K6": 1, "L6": 1, "M6": 1, "G9": 1}
# 8.0, 4.0, 5.2.1: the hexes the rules name.
SEED_NAMES = {"D6": "Little Round Top", "N5": "Cemetery Hill", "N3": "Culp's Hill",
              "I5": "Cemetery Ridge", "K6": "Cemetery Ridge", "L6": "Cemetery Ridge",
              "M6": "Cemetery Ridge", "G9": "Peach Orchard", "B7": "Round Top",
              "D8": "Devil's Den"}
# Scenario tables (reference D): where each side's reinforcements enter.
SEED_ENTRIES = {"A5": "Union", "A12": "Union", "I1": "Union",
                "V4": "Confederate", "V5": "Confederate", "V13": "Confederate"}
# 5.3.1 as the reference rebuilds it (AMB-12): blocks LoS, MP, stop, protection; 5.2 levels.
SEED_TERRAIN = {
    "clear": (False, 1, False, 0, 0),
    "hill": (True, 1, False, 1, 1),
    "woods": (True, 2, False, 1, 0),
    "wooded_hill": (True, 2, True, 2, 2),
    "town": (True, 2, True, 2, 0),
    "farm": (True, 2, True, 2, 0),
    "entrenchments": (False, 1, False, 2, 0),
    "orchard": (False, 1, False, 1, 0),
    "ploughed": (False, 2, False, 1, 0),
}

# Reference D.2-D.4: every unit set up on the map: (scenario, side, unit, type, hex).
SETUPS = [
    ("S1", "Union", "Wadsworth", "F", "G9"), ("S1", "Union", "Gamble", "C", "R10"),
    ("S1", "Union", "Devin", "C", "S10"), ("S1", "Confederate", "Heth", "F", "V13"),
    ("S1", "Confederate", "McIntosh", "A", "V13"), ("S1", "Confederate", "Pegram", "A", "V13"),
    ("S2", "Union", "Wadsworth", "F", "N3"), ("S2", "Union", "Doubleday", "F", "M6"),
    ("S2", "Union", "Wainwright", "A", "L6"), ("S2", "Union", "Caldwell", "F", "G5"),
    ("S2", "Union", "Gibbon", "F", "H5"), ("S2", "Union", "Hays", "F", "E4"),
    ("S2", "Union", "Hazard", "A", "G5"), ("S2", "Union", "Birney", "F", "C4"),
    ("S2", "Union", "Humphreys", "F", "C5"), ("S2", "Union", "Randolph", "A", "B5"),
    ("S2", "Union", "Barnes", "F", "I1"), ("S2", "Union", "Ayres", "F", "K2"),
    ("S2", "Union", "Martin", "A", "K2"), ("S2", "Union", "Steinwehr", "F", "N5"),
    ("S2", "Union", "Osborne", "A", "N5"), ("S2", "Union", "Geary", "F", "D5"),
    ("S2", "Union", "Williams", "F", "N4"), ("S2", "Union", "Muhlenburg", "A", "N3"),
    ("S2", "Union", "Gamble", "C", "A9"), ("S2", "Union", "Devin", "C", "A9"),
    ("S2", "Union", "Ransom", "A", "A5"), ("S2", "Union", "Fitzhugh", "A", "A5"),
    ("S2", "Confederate", "McLaws", "F", "V13"), ("S2", "Confederate", "Hood", "F", "T10"),
    ("S2", "Confederate", "Early", "F", "R3"), ("S2", "Confederate", "Rodes", "F", "R5"),
    ("S2", "Confederate", "Johnson", "F", "R2"), ("S2", "Confederate", "Dance", "A", "R7"),
    ("S2", "Confederate", "Nelson", "A", "R4"), ("S2", "Confederate", "Anderson", "F", "K12"),
    ("S2", "Confederate", "Heth", "F", "Q13"), ("S2", "Confederate", "Pender", "F", "O9"),
    ("S2", "Confederate", "McIntosh", "A", "P8"), ("S2", "Confederate", "Pegram", "A", "M9"),
    ("S2", "Confederate", "Jenkins", "C", "U1"),
    ("S3", "Union", "Doubleday", "F", "L6"), ("S3", "Union", "Wainwright", "A", "L6"),
    ("S3", "Union", "Caldwell", "F", "G6"), ("S3", "Union", "Gibbon", "F", "H6"),
    ("S3", "Union", "Hays", "F", "I5"), ("S3", "Union", "Hazard", "A", "I5"),
    ("S3", "Union", "Humphreys", "F", "I4"), ("S3", "Union", "Randolph", "A", "I4"),
    ("S3", "Union", "Barnes", "F", "B7"), ("S3", "Union", "Ayres", "F", "D6"),
    ("S3", "Union", "Crawford", "F", "E6"), ("S3", "Union", "Martin", "A", "D6"),
    ("S3", "Union", "Wright", "F", "A7"), ("S3", "Union", "Howe", "F", "B5"),
    ("S3", "Union", "Newton", "F", "H4"), ("S3", "Union", "Tompkins", "A", "C5"),
    ("S3", "Union", "Steinwehr", "F", "N5"), ("S3", "Union", "Osborne", "A", "N5"),
    ("S3", "Union", "Geary", "F", "M4"), ("S3", "Union", "Williams", "F", "N3"),
    ("S3", "Union", "Muhlenburg", "A", "M5"), ("S3", "Union", "Gamble", "C", "A6"),
    ("S3", "Union", "Devin", "C", "A6"), ("S3", "Union", "Gregg", "C", "I2"),
    ("S3", "Union", "McIntosh", "C", "I2"), ("S3", "Union", "Huey", "C", "H3"),
    ("S3", "Union", "Farnsworth", "C", "A8"), ("S3", "Union", "Custer", "C", "K1"),
    ("S3", "Union", "Robertson", "AC", "I1"), ("S3", "Union", "Tidball", "AC", "A5"),
    ("S3", "Union", "McGilvery", "A", "G5"), ("S3", "Union", "Taft", "A", "M5"),
    ("S3", "Union", "Huntington", "A", "G4"), ("S3", "Union", "Fitzhugh", "A", "G4"),
    ("S3", "Confederate", "McLaws", "F", "G9"), ("S3", "Confederate", "Pickett", "F", "T9"),
    ("S3", "Confederate", "Hood", "F", "E10"), ("S3", "Confederate", "Alexander", "A", "F10"),
    ("S3", "Confederate", "Eshelman", "A", "H10"), ("S3", "Confederate", "Early", "F", "Q6"),
    ("S3", "Confederate", "Rodes", "F", "Q7"), ("S3", "Confederate", "Johnson", "F", "P2"),
    ("S3", "Confederate", "Dance", "A", "R3"), ("S3", "Confederate", "Nelson", "A", "Q5"),
    ("S3", "Confederate", "Anderson", "F", "Q10"), ("S3", "Confederate", "Heth", "F", "Q13"),
    ("S3", "Confederate", "Pender", "F", "O9"), ("S3", "Confederate", "McIntosh", "A", "L9"),
    ("S3", "Confederate", "Pegram", "A", "M9"), ("S3", "Confederate", "Hampton", "C", "U1"),
    ("S3", "Confederate", "F. Lee", "C", "U2"), ("S3", "Confederate", "Chambliss", "C", "T2"),
    ("S3", "Confederate", "Jenkins", "C", "R2"), ("S3", "Confederate", "Beckham", "AC", "U3"),
]
# Reference D: entry hexes of every reinforcement row, by side.
REINFORCEMENT_ENTRIES = {"Union": {"A12", "A5", "I1"}, "Confederate": {"V13", "V5", "V4"}}


def edge_hex(h: str) -> bool:
    col, row = hx.offset(h, SPEC)
    return col in (0, SPEC.cols - 1) or row in (0, SPEC.rows - 1)


# ---------------------------------------------------------------- grid (reference E.1)

def test_e1_grid_matches_the_reading_and_covers_every_hex():
    assert SPEC == GridSpec("ABCDEFGHIKLMNOPQRSTUV", 13, "even",
                            ("E", "NE", "NW", "W", "SW", "SE"))
    assert gb.GRID == SPEC
    assert sorted(BOARD.hexes) == sorted(hx.all_hexes(SPEC))
    assert len(BOARD.hexes) == 273


# Reference E.2: every hex id the rules print.
E2_HEXES = set("""A5 A6 A7 A8 A9 A12 B5 B7 C4 C5 D5 D6 D8 E4 E6 E10 F10 G4 G5 G6 G9 H3 H4 H5 H6 H10
    I1 I2 I4 I5 K1 K2 K6 K12 L6 L9 M4 M5 M6 M9 N3 N4 N5 O9 P2 P8 Q5 Q6 Q7 Q10 Q13 R2 R3 R4 R5
    R7 R10 S10 T2 T9 T10 U1 U2 U3 V4 V5 V13""".split())


def test_e2_every_hex_the_rules_name_is_on_the_map():
    assert len(E2_HEXES) == 67
    named = set(SEED_VP) | set(SEED_NAMES) | set(SEED_ENTRIES) | {h for *_, h in SETUPS}
    assert named == E2_HEXES
    assert all(h in BOARD for h in E2_HEXES)


def test_8_0_cemetery_ridge_is_a_chain_from_cemetery_hill():
    """8.0 / E.1: I5, K6, L6, M6 are adjacent in a row and M6 touches Cemetery Hill (N5)."""
    ridge = ["N5", "M6", "L6", "K6", "I5"]
    assert all(BOARD.distance(a, b) == 1 for a, b in itertools.pairwise(ridge))
    assert all(BOARD.terrain(h).id == "hill" for h in ridge)


# ---------------------------------------------------------------- the seed's named hexes

def test_8_0_vp_hexes_are_exactly_the_seed_table():
    assert gb.VP_HEXES == SEED_VP
    assert sum(SEED_VP.values()) == 24  # reference 8.0: at most 24 hex VP a day
    for h in SEED_VP:
        assert "seed 8.0" in BOARD.hex(h).source


def test_8_0_tc_24_hex_vp_of_cemetery_hill_and_little_round_top():
    """TC-24: Confederate units on N5 and D6 at the end of a day score 3 + 5 hex VP."""
    assert gb.VP_HEXES["N5"] + gb.VP_HEXES["D6"] == 8


def test_named_hexes_carry_the_seed_names():
    for h, name in SEED_NAMES.items():
        assert name in BOARD.hex(h).name, h
        assert "seed" in BOARD.hex(h).source


def test_5_2_1_cemetery_hill_is_n5_and_a_hill():
    assert gb.CEMETERY_HILL == "N5"
    assert BOARD.hex("N5").props["special"] == "cemetery-hill"
    assert BOARD.terrain("N5").id == "hill" and BOARD.elevation("N5") == 1


def test_named_hills_are_hills():
    """Culp's Hill, Little Round Top, Round Top, Devil's Den (the south end of a ridge) and
    Cemetery Ridge are hills of level 1 or 2 (5.2)."""
    for h in ("N3", "D6", "B7", "D8", "I5", "K6", "L6", "M6"):
        assert BOARD.elevation(h) >= 1, h
        assert BOARD.terrain(h).blocks_los


def test_peach_orchard_is_an_orchard():
    assert BOARD.terrain("G9").id == "orchard"


def test_4_0_b7_and_d8_are_the_hexes_closed_to_artillery():
    assert gb.CLOSED_TO_ARTILLERY == {"B7", "D8"}
    assert "seed 4.0" in BOARD.hex("B7").source and "seed 4.0" in BOARD.hex("D8").source


# ---------------------------------------------------------------- terrain (5.3.1, 5.2, 4.0)

def test_5_3_1_terrain_table():
    for tid, (blocks, mp, stop, protection, level) in SEED_TERRAIN.items():
        t = BOARD.terrains[tid]
        assert (t.blocks_los, t.props["mp"], t.props["stop"], t.props["protection"],
                t.level) == (blocks, mp, stop, protection, level), tid
    stream = BOARD.side_kinds["stream"].props
    assert (stream["blocks_los"], stream["mp"], stream["stop"], stream["protection"]) == \
        (False, 2, True, 1)
    assert BOARD.side_kinds["road"].props["mp"] == 0.5  # 4.0


def test_5_2_rough_hill_is_level_2_and_played_as_a_wooded_hill():
    """5.2 puts wooded and rough hills at level 2; 5.3.1 has no rough-hill row (AMB-14 [R])."""
    rough, wooded = BOARD.terrains["rough_hill"], BOARD.terrains["wooded_hill"]
    assert rough.level == 2 and (rough.blocks_los, rough.props) == \
        (wooded.blocks_los, {**wooded.props, "italian": rough.props["italian"]})


def test_4_0_cavalry_may_not_enter_wooded_hills():
    for tid, t in BOARD.terrains.items():
        assert t.props["cavalry"] == (tid not in ("wooded_hill", "rough_hill")), tid


def test_5_3_1_every_terrain_type_is_on_the_map():
    used = {x.terrain for x in BOARD.hexes.values()}
    assert used == set(BOARD.terrains)


def test_5_2_elevation_is_the_terrain_level():
    for h, x in BOARD.hexes.items():
        assert x.elevation == BOARD.terrains[x.terrain].level, h
    assert {x.elevation for x in BOARD.hexes.values()} == {0, 1, 2}


# ---------------------------------------------------------------- scenarios (reference D)

@pytest.mark.parametrize("scenario,side,unit,kind,h", SETUPS,
                         ids=[f"{s[0]}-{s[2]}-{s[4]}" for s in SETUPS])
def test_d_setup_hex_is_legal_for_its_unit(scenario, side, unit, kind, h):
    """Every setup hex is on the map and open to its unit: cavalry never on a wooded (or
    rough) hill (4.0), artillery never on B7 or D8 (4.0)."""
    assert h in BOARD
    if kind == "C":
        assert BOARD.terrain(h).props["cavalry"]
    if kind in ("A", "AC"):
        assert h not in gb.CLOSED_TO_ARTILLERY


@pytest.mark.parametrize("scenario", ["S2", "S3"])
def test_4_1_setups_respect_stacking(scenario):
    """4.1: at most 2 units a hex, one of them infantry (S1's three units at V13 are arrivals,
    AMB-29)."""
    by_hex: dict[str, list[str]] = {}
    for s, _, _, kind, h in SETUPS:
        if s == scenario:
            by_hex.setdefault(h, []).append(kind)
    for h, kinds in by_hex.items():
        assert len(kinds) <= 2 and kinds.count("F") <= 1, (h, kinds)


def test_d_setups_of_both_sides_never_share_a_hex():
    for scenario in ("S1", "S2", "S3"):
        sides: dict[str, set[str]] = {}
        for s, side, _, _, h in SETUPS:
            if s == scenario:
                sides.setdefault(h, set()).add(side)
        assert all(len(v) == 1 for v in sides.values()), scenario


def test_7_0_entry_hexes_are_those_of_the_scenario_tables():
    assert gb.ENTRY_HEXES == SEED_ENTRIES
    for side, hexes_ in REINFORCEMENT_ENTRIES.items():
        assert {h for h, s in gb.ENTRY_HEXES.items() if s == side} == hexes_


def test_e1_entry_hexes_are_on_their_edges():
    """E.1: A is the south edge (Union entries A5, A12), V the north edge (Confederate V4, V5,
    V13), 1 the east edge (Union entry east I1)."""
    for h, side in gb.ENTRY_HEXES.items():
        assert edge_hex(h), h
        assert h[0] == ("V" if side == "Confederate" else h[0])
    assert {h[0] for h, s in gb.ENTRY_HEXES.items() if s == "Union"} == {"A", "I"}
    assert hx.offset("I1", SPEC)[1] == 0


def test_7_0_entry_hexes_lie_at_the_end_of_their_roads():
    """7.0: reinforcements enter spending the first 1/2 MP (the road rate) in the entry hex,
    so each entry hex is the map-edge end of a road (research roads.csv identification)."""
    assert gb.ENTRY_ROADS == {"A5": "Taneytown Road", "A12": "Emmitsburg Road",
                              "I1": "Baltimore Pike", "V4": "Harrisburg Road",
                              "V5": "Carlisle Road", "V13": "Chambersburg Pike"}
    for h, road in gb.ENTRY_ROADS.items():
        line = next(ln for ln in BOARD.lines if ln.name == road)
        assert line.hexes[-1] == h
        assert any(BOARD.has(h, n, "road") for n in BOARD.neighbours(h).values())


# ---------------------------------------------------------------- roads and streams

def test_roads_are_the_ten_named_roads_converging_on_the_town():
    assert set(gb.ROADS) == {"Chambersburg Pike", "Mummasburg Road", "Carlisle Road",
                             "Harrisburg Road", "York Pike", "Hanover Road", "Baltimore Pike",
                             "Taneytown Road", "Emmitsburg Road", "Fairfield Road"}
    for ln in BOARD.lines:
        if ln.kind == "road":
            assert ln.hexes[0] == "Q6", ln.name  # the Diamond
            assert BOARD.terrain("Q6").id == "town"
            assert edge_hex(ln.hexes[-1]), ln.name
            assert len(set(ln.hexes)) == len(ln.hexes), ln.name


def test_road_network_is_connected():
    roads = networkx.Graph([tuple(s) for s in BOARD.sides_of("road")])
    assert networkx.is_connected(roads)


def test_research_roads_pass_the_places_they_are_known_for():
    """research features.csv / roads.csv: the Baltimore Pike and the Taneytown Road cross
    Cemetery Hill; the Emmitsburg Road runs through the Peach Orchard and past the Codori farm;
    the Hanover Road passes Benner's Hill; the Chambersburg Pike crosses McPherson Ridge."""
    def on(road: str, h: str) -> bool:
        return h in next(ln.hexes for ln in BOARD.lines if ln.name == road)
    assert on("Baltimore Pike", "N5") and on("Taneytown Road", "N5")
    assert on("Emmitsburg Road", "G9") and on("Emmitsburg Road", "K8")
    assert on("Hanover Road", "O2") and on("Chambersburg Pike", "S10")


def test_streams_are_the_three_on_the_map():
    """Rock Creek, Willoughby Run and Plum Run; Marsh Creek runs west of the west edge (see
    docs/gettysburg-map.md)."""
    assert set(gb.STREAMS) == {"Rock Creek", "Willoughby Run", "Plum Run"}


def corners_meet(s: frozenset[str], t: frozenset[str]) -> bool:
    """Two hexsides meet at a corner when their three hexes are mutually adjacent."""
    three = s | t
    return len(three) == 3 and all(BOARD.distance(a, b) == 1
                                   for a, b in itertools.combinations(three, 2))


@pytest.mark.parametrize("name", ["Rock Creek", "Willoughby Run", "Plum Run"])
def test_streams_run_unbroken_along_hexsides(name):
    sides = gb.STREAMS[name]
    assert all(corners_meet(s, t) for s, t in itertools.pairwise(sides)), name


def banks(name: str) -> list[set[str]]:
    graph = BOARD.graph.copy()
    graph.remove_edges_from(tuple(s) for s in gb.STREAMS[name])
    return [set(c) for c in networkx.connected_components(graph)]


def test_rock_creek_runs_between_culps_hill_and_benners_hill():
    """research features.csv: Benner's Hill lies east of Rock Creek, Culp's Hill west of it;
    the creek crosses the map from edge to edge."""
    parts = banks("Rock Creek")
    assert len(parts) == 2
    assert next(p for p in parts if "N3" in p) != next(p for p in parts if "O2" in p)


def test_willoughby_run_runs_between_herr_ridge_and_mcpherson_ridge():
    """research notes.md: Willoughby Run flows south between Herr Ridge and McPherson Ridge."""
    parts = banks("Willoughby Run")
    assert len(parts) == 2
    assert next(p for p in parts if "R12" in p) != next(p for p in parts if "S10" in p)


def test_plum_run_runs_between_devils_den_and_little_round_top():
    assert BOARD.distance("D8", "D6") == 2
    for via in set(BOARD.neighbours("D8").values()) & set(BOARD.neighbours("D6").values()):
        assert BOARD.has("D8", via, "stream") or BOARD.has(via, "D6", "stream")


def test_bridges_where_roads_cross_streams():
    """Roads cross streams only where research puts a crossing (AMB-13 [INF]: bridges)."""
    crossings = {(name, s) for name, sides in gb.ROADS.items() for s in sides
                 if BOARD.has(*s, "stream")}
    assert {name for name, _ in crossings} == {"Chambersburg Pike", "Fairfield Road",
                                               "York Pike", "Hanover Road", "Baltimore Pike"}
    # research roads.csv: I1 is the Baltimore Pike "at the Rock Creek crossing"
    assert ("Baltimore Pike", frozenset({"I1", "I2"})) in crossings


# ---------------------------------------------------------------- graph and line of sight

def test_graph_has_every_hexside_with_its_features():
    g = BOARD.graph
    assert g.number_of_nodes() == 273
    pairs = {frozenset((h, n)) for h in BOARD.hexes for n in BOARD.neighbours(h).values()}
    assert g.number_of_edges() == len(pairs)
    assert set(g.edges["Q6", "Q5"]["road"]) == {"York Pike", "Hanover Road", "Baltimore Pike"}
    assert g.edges["D7", "D8"]["stream"] == ("Plum Run",)
    assert g.edges["A1", "A2"]["road"] == () and g.edges["A1", "A2"]["stream"] == ()
    assert g.nodes["N5"]["elevation"] == 1


def test_5_2_from_cemetery_hill_artillery_sees_over_the_town():
    """5.2: N5 (hill, level 1) fires over the level-0 town hexes; from open ground at level 0
    the town blocks."""
    assert BOARD.distance("N5", "R5") == 4
    assert BOARD.line_of_sight("N5", "R5")
    assert BOARD.sight_blockers("O7", "Q5") == ["P6", "P5"]


def test_5_1_units_between_block_a_level_0_firer():
    """5.1: Confederate guns on Seminary Ridge (M9, woods, level 0) see Cemetery Ridge (M6)
    across the open valley; a unit (of either side) in M7 blocks the shot."""
    assert BOARD.line_of_sight("M9", "M6")
    assert BOARD.sight_blockers("M9", "M6", occupied={"M7"}) == ["M7"]
    assert BOARD.line_of_sight("M9", "M6", occupied={"M7"}, eye=1)


def test_info_lines_name_the_hex_its_terrain_and_features():
    assert BOARD.info("N5") == ["N5 Cemetery Hill", "Hill, level 1", "Road: Baltimore Pike",
                                "Road: Taneytown Road"]
    assert BOARD.info("D8")[:2] == ["D8 Devil's Den", "Rough hill, level 2"]
    assert "Stream: Plum Run" in BOARD.info("D8")


# ---------------------------------------------------------------- provenance

def test_every_hex_says_where_its_facts_come_from():
    for h, x in BOARD.hexes.items():
        assert re.match(r"^(seed|research|reconstructed)", x.source), h
    for ln in BOARD.lines:
        assert "research" in ln.source, ln.name
    counts: dict[str, int] = {}
    for x in BOARD.hexes.values():
        counts[x.terrain] = counts.get(x.terrain, 0) + 1
    assert sum(counts.values()) == 273


# ---------------------------------------------------------------- loader errors

def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "gettysburg.toml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    return next(n for n, ln in enumerate(text.splitlines(), 1) if needle in ln)


def expect_error(tmp_path: Path, text: str, *fragments: str) -> str:
    with pytest.raises(HexBoardError) as err:
        gb.load_path(write(tmp_path, text))
    msg = str(err.value)
    assert msg.startswith("gettysburg.toml: "), msg
    for fragment in fragments:
        assert fragment in msg, msg
    return msg


def test_loader_unknown_hex_id(tmp_path):
    text = TEXT.replace('[hex]\n', '[hex]\nJ5 = { terrain = "clear", elevation = 0, '
                                   'source = "x" }\n', 1)
    expect_error(tmp_path, text, f"line {line_of(text, 'J5 =')} (J5)", "unknown hex id 'J5'")


def test_loader_hexside_between_non_adjacent_hexes(tmp_path):
    bad = '["V3", "V5"]'
    text = TEXT.replace('["V3", "V4"]', bad, 1)
    expect_error(tmp_path, text, f"line {line_of(text, bad)} (stream Rock Creek)",
                 "hexside V3-V5: the hexes are not adjacent")


def test_loader_road_chain_with_a_gap(tmp_path):
    text = TEXT.replace('"Q6", "Q7", "R7", "R8"', '"Q6", "R8"', 1)
    expect_error(tmp_path, text, "(road Chambersburg Pike)", "hexside Q6-R8")


def test_loader_unknown_terrain(tmp_path):
    text = TEXT.replace('A1 = { terrain = "clear"', 'A1 = { terrain = "swamp"', 1)
    expect_error(tmp_path, text, f"line {line_of(text, 'A1 =')} (A1)", "unknown terrain 'swamp'")


def test_loader_missing_hex_property(tmp_path):
    text = TEXT.replace('A2 = { terrain = "clear", elevation = 0, ',
                        'A2 = { terrain = "clear", ', 1)
    expect_error(tmp_path, text, f"line {line_of(text, 'A2 =')} (A2)",
                 "missing required key 'elevation'")


def test_loader_missing_terrain_property(tmp_path):
    text = TEXT.replace('[terrain.orchard]\nname = "Orchard"\nitalian = "Frutteto"\n'
                        'blocks_los = false\nlevel = 0\nmp = 1\n',
                        '[terrain.orchard]\nname = "Orchard"\nitalian = "Frutteto"\n'
                        'blocks_los = false\nlevel = 0\n', 1)
    expect_error(tmp_path, text, f"line {line_of(text, '[terrain.orchard]')} (terrain orchard)",
                 "missing required key 'mp'")


def test_loader_missing_hexes(tmp_path):
    text = "\n".join(ln for ln in TEXT.splitlines() if not ln.startswith("B3 ="))
    expect_error(tmp_path, text, "(hex)", "1 hex(es) of the grid missing: B3")


def test_loader_unknown_side_kind(tmp_path):
    text = TEXT.replace('kind = "road"', 'kind = "railway"', 1)
    expect_error(tmp_path, text, "(railway Chambersburg Pike)", "unknown side kind 'railway'")


def test_loader_elevation_contradicting_terrain(tmp_path):
    text = TEXT.replace('N5 = { terrain = "hill", elevation = 1', 'N5 = { terrain = "hill", '
                        'elevation = 0', 1)
    expect_error(tmp_path, text, "(N5)", "elevation 0 contradicts terrain 'hill'", "5.2")


def test_loader_entry_hex_off_the_roads(tmp_path):
    text = TEXT.replace('A1 = { terrain = "clear", elevation = 0, ',
                        'A1 = { terrain = "clear", elevation = 0, name = "x", entry = "Union", ',
                        1)
    expect_error(tmp_path, text, "(A1)", "not the end of a road")


def test_loader_bad_hex_properties(tmp_path):
    text = TEXT.replace('vp = 5, entry = "Union"', 'vp = 0, entry = "Union"', 1)
    expect_error(tmp_path, text, "(I1)", "vp must be a positive integer")
    text = TEXT.replace('A1 = { terrain = "clear", elevation = 0, ',
                        'A1 = { terrain = "clear", elevation = 0, vpp = 3, ', 1)
    expect_error(tmp_path, text, f"line {line_of(text, 'A1 =')} (A1)", "unknown property 'vpp'")
    text = TEXT.replace('entry = "Confederate"', 'entry = "CSA"', 1)
    expect_error(tmp_path, text, "entry must be 'Union' or 'Confederate'")
    text = TEXT.replace('special = "cemetery-hill"', 'special = "cemetery"', 1)
    expect_error(tmp_path, text, "(N5)", "unknown special 'cemetery'")
    text = TEXT.replace(', special = "cemetery-hill"', '', 1)
    expect_error(tmp_path, text, "exactly one hex must be special", "5.2.1")


def test_loader_file_problems(tmp_path):
    with pytest.raises(HexBoardError, match="board file not found"):
        gb.load_path(tmp_path / "gettysburg.toml")
    expect_error(tmp_path, TEXT + "\n[hex\n", "invalid TOML")
    expect_error(tmp_path, TEXT.replace('game = "gettysburg-1863"', 'game = "wellington"', 1),
                 "board is for game 'wellington'")
    expect_error(tmp_path, TEXT.replace('shifted = "even"', 'shifted = "left"', 1), "bad grid")


def test_generic_loader_accepts_a_small_board(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(
        '[meta]\ngame = "toy"\nletters = "AB"\nrows = 2\nshifted = "odd"\n'
        '[terrain.open]\nname = "Open"\nblocks_los = false\nlevel = 0\nsource = "x"\n'
        '[side.wall]\nname = "Wall"\nsource = "x"\n'
        '[hex]\nA1 = { terrain = "open", elevation = 0, source = "x" }\n'
        'A2 = { terrain = "open", elevation = 0, source = "x" }\n'
        'B1 = { terrain = "open", elevation = 0, source = "x" }\n'
        'B2 = { terrain = "open", elevation = 0, source = "x" }\n'
        '[[line]]\nkind = "wall"\nname = "W"\nsides = [["A1", "B1"]]\nsource = "x"\n',
        encoding="utf-8")
    board = load_hexboard(path, "toy")
    assert board.has("B1", "A1", "wall") and not board.has("A1", "A2", "wall")
    assert board.graph.number_of_edges() == 5
