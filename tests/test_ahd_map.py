"""A House Divided board: every constraint the seed fixes on the map, plus the generic loader.

Rule numbers are the seed's (see ../shared/rules/a-house-divided.md); the map itself is a
reconstruction (docs/ahd-map.md), so these tests pin the seed-fixed facts and the documented
reconstruction choices that other rules depend on.
"""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
import pytest

from maps.a_house_divided import (BORDER_STATES, EUROPE, PERMANENT_ENTRENCHMENTS,
                                  UNION_VICTORY_CITIES, load, load_path)
from maps.board import Board, BoardError, Link, Location, load_board

UNION, CSA = "Union", "CSA"


@pytest.fixture(scope="module")
def board() -> Board:
    return load()


def props(board: Board, loc: str) -> dict:
    return board.locations[loc].props


def river(board: Board, a: str, b: str) -> Link:
    rivers = [link for link in board.links_between(a, b) if link.kind == "river"]
    assert len(rivers) == 1, f"expected one river line {a}-{b}, found {rivers}"
    return rivers[0]


def has_line(board: Board, a: str, b: str, kind: str) -> bool:
    return any(link.kind == kind for link in board.links_between(a, b))


def on_map(board: Board) -> list[Location]:
    return [loc for loc in board.locations.values() if not loc.offmap]


# --------------------------------------------------------------------------------------------
# Every place the seed names (reference §9), with spellings normalised (AMB-61)
# --------------------------------------------------------------------------------------------

SEED_PLACES = {
    # S1 campaign setup (B2.0)
    "washington", "chicago", "fort-wayne", "harpers-ferry", "pittsburgh", "canton", "columbus",
    "st-louis", "manassas-junction", "fredericksburg", "front-royal", "charleston", "mobile",
    "jefferson-city", "atlanta", "new-orleans",
    # S3 1862
    "fayetteville", "newport", "island-no-10", "corinth", "decatur", "chattanooga", "savannah",
    "richmond", "yorktown", "springfield-mo", "ironton", "pittsburgh-landing", "pensacola",
    "nashville", "franklin", "port-royal", "gettysburg", "baltimore", "fort-monroe",
    "forts-henry-and-donelson", "sedalia",
    # S3 1863
    "vicksburg", "meridian", "little-rock", "alexandria", "murfreesboro", "knoxville",
    "goldsboro", "petersburg", "marion", "okolona", "thayer", "arkansas-post", "memphis",
    "grand-junction", "humboldt", "bowling-green", "glasgow", "norfolk", "new-bern",
    # S3 1864
    "selma", "jacksonville", "staunton", "wilmington", "st-joseph", "fort-smith", "baton-rouge",
    "cairo", "sparta", "tallahassee", "brunswick", "grafton", "natchez", "cumberland-gap",
    "gainesville",
    # worked examples TC-2, TC-3, TC-8 (and the TC-3 unnamed middle boxes chosen here)
    "evansville", "paducah", "bloomington", "indianapolis", "louisville", "shreveport", "monroe",
    "mccomb", "jackson",
    # border-state recruiting cities (A8.3), introduction (B1.0), Europe (A8.4)
    "harrisburg", "appomattox", "europe",
}

KENTUCKY = {loc for loc in ("louisville", "bowling-green", "paducah", "glasgow")}


def test_b1_2_every_place_named_in_the_seed_is_a_box(board):
    missing = sorted(SEED_PLACES - set(board.locations))
    assert not missing, f"places named in the seed but not on the map: {missing}"


def test_gap_1_box_count_covers_the_theatre(board):
    assert 110 <= len(on_map(board)) <= 140
    states = {loc.props["state"] for loc in on_map(board)}
    theatre = {"New York", "Pennsylvania", "Ohio", "Indiana", "Illinois", "Kansas",
               "District of Columbia", "Maryland", "Missouri", "Kentucky", "Virginia",
               "North Carolina", "South Carolina", "Georgia", "Florida", "Alabama", "Mississippi",
               "Tennessee", "Arkansas", "Louisiana"}
    assert theatre <= states


def test_amb_61_distinct_homonyms(board):
    # Pittsburgh / Pittsburgh Landing, Fort Monroe / Monroe, Springfield MO (and Illinois),
    # Columbus Ohio (the seed's) / Kentucky / Georgia are all different boxes.
    assert props(board, "pittsburgh")["state"] == "Pennsylvania"
    assert props(board, "pittsburgh-landing")["state"] == "Tennessee"
    assert props(board, "fort-monroe")["state"] == "Virginia"
    assert props(board, "monroe")["state"] == "Louisiana"
    assert props(board, "springfield-mo")["state"] == "Missouri"
    assert props(board, "springfield-il")["state"] == "Illinois"
    assert props(board, "columbus")["state"] == "Ohio"
    assert board.locations["springfield-mo"].name == "Springfield, Missouri"


def test_b1_2_states_the_seed_gives(board):
    stated = {"washington": "District of Columbia", "chicago": "Illinois", "fort-wayne": "Indiana",
              "harpers-ferry": "Virginia", "pittsburgh": "Pennsylvania", "canton": "Ohio",
              "columbus": "Ohio", "st-louis": "Missouri", "manassas-junction": "Virginia",
              "fredericksburg": "Virginia", "front-royal": "Virginia",
              "charleston": "South Carolina", "mobile": "Alabama", "jefferson-city": "Missouri",
              "atlanta": "Georgia", "new-orleans": "Louisiana", "richmond": "Virginia",
              "fort-monroe": "Virginia", "vicksburg": "Mississippi", "evansville": "Indiana",
              "springfield-mo": "Missouri", "st-joseph": "Missouri", "bowling-green": "Kentucky",
              "louisville": "Kentucky", "baltimore": "Maryland"}
    for loc, state in stated.items():
        assert props(board, loc)["state"] == state, loc


# --------------------------------------------------------------------------------------------
# Europe (A8.4, GAP-11)
# --------------------------------------------------------------------------------------------

def test_a8_4_europe_is_an_offmap_white_box_without_lines(board):
    europe = board.locations[EUROPE]
    assert EUROPE == "europe"
    assert europe.offmap
    assert europe.props["colour"] == "white"
    assert europe.props["union_shield"] == europe.props["csa_shield"] == 0
    assert not europe.props["port"]
    assert board.adjacent(EUROPE) == []
    assert [loc.id for loc in board.locations.values() if loc.offmap] == [EUROPE]


# --------------------------------------------------------------------------------------------
# Lines (B1.2, B4.0) and the graph
# --------------------------------------------------------------------------------------------

def test_b1_2_every_line_is_road_rail_or_river(board):
    assert {link.kind for link in board.links} == {"road", "rail", "river"}


def test_b1_2_graph_is_connected_without_europe(board):
    graph = board.graph.subgraph(loc.id for loc in on_map(board))
    assert nx.is_connected(graph)


def test_b1_2_two_boxes_may_be_joined_by_two_kinds_of_line(board):
    assert {link.kind for link in board.links_between("monroe", "vicksburg")} == {"rail", "road"}
    assert {link.kind for link in board.links_between("fort-smith", "little-rock")} == {
        "river", "road"}


def test_graph_matches_links(board):
    assert board.graph.number_of_nodes() == len(board.locations)
    assert board.graph.number_of_edges() == len(board.links)
    for index, link in enumerate(board.links):
        assert board.graph.edges[link.a, link.b, index]["link"] is link
    assert board.graph.nodes["washington"]["loc"] is board.locations["washington"]
    for loc in board.locations:
        adjacent = board.adjacent(loc)
        assert len(adjacent) == board.graph.degree(loc)
        for other, link in adjacent:
            assert link.touches(loc) and link.other(loc) == other
            assert link in board.links_between(loc, other)
            assert link in board.links_between(other, loc)


def test_b4_2_2_every_river_has_a_direction_and_banks_are_ends(board):
    for link in board.links:
        if link.kind == "river":
            assert link.props["downstream"] in (link.a, link.b), link
        else:
            assert "downstream" not in link.props, link
        assert set(link.props["bank"]) <= {link.a, link.b}, link


@pytest.mark.parametrize("upstream, downstream", [
    # Ohio
    ("pittsburgh", "wheeling"), ("wheeling", "parkersburg"), ("parkersburg", "cincinnati"),
    ("cincinnati", "louisville"), ("louisville", "evansville"),
    # Mississippi
    ("quincy", "hannibal"), ("hannibal", "st-louis"), ("st-louis", "cape-girardeau"),
    ("cape-girardeau", "cairo"), ("cairo", "columbus-ky"), ("columbus-ky", "island-no-10"),
    ("island-no-10", "memphis"), ("memphis", "arkansas-post"), ("arkansas-post", "vicksburg"),
    ("vicksburg", "natchez"), ("natchez", "baton-rouge"), ("baton-rouge", "new-orleans"),
    # Missouri
    ("st-joseph", "kansas-city"), ("kansas-city", "lexington-mo"),
    ("lexington-mo", "jefferson-city"), ("jefferson-city", "st-louis"),
    # Tennessee (flows north to Paducah) and Cumberland
    ("tuscumbia", "pittsburgh-landing"), ("pittsburgh-landing", "forts-henry-and-donelson"),
    ("forts-henry-and-donelson", "paducah"), ("knoxville", "chattanooga"),
    ("chattanooga", "stevenson"), ("stevenson", "decatur"),
    ("nashville", "forts-henry-and-donelson"),
    # Arkansas, White, Red
    ("fort-smith", "little-rock"), ("little-rock", "arkansas-post"), ("newport", "arkansas-post"),
    ("shreveport", "alexandria"), ("alexandria", "natchez"),
    # Atlantic and Gulf rivers
    ("washington", "fredericksburg"), ("richmond", "fort-monroe"), ("augusta", "savannah"),
    ("goldsboro", "new-bern"), ("montgomery", "selma"), ("selma", "mobile"),
    ("columbus-ga", "apalachicola"),
])
def test_b4_2_2_rivers_flow_with_the_real_current(board, upstream, downstream):
    assert river(board, upstream, downstream).props["downstream"] == downstream


def test_gap_2_railways_of_1861(board):
    chains = {
        "Louisville & Nashville": ["louisville", "bowling-green", "nashville"],
        "Nashville & Chattanooga": ["nashville", "murfreesboro", "tullahoma", "stevenson",
                                    "chattanooga"],
        "Western & Atlantic": ["chattanooga", "dalton", "atlanta"],
        "Memphis & Charleston": ["memphis", "grand-junction", "corinth", "tuscumbia", "decatur",
                                 "stevenson"],
        "Mobile & Ohio": ["columbus-ky", "humboldt", "corinth", "okolona", "meridian", "mobile"],
        "Richmond-Petersburg-Weldon-Wilmington": ["richmond", "petersburg", "weldon",
                                                  "goldsboro", "wilmington"],
        "Orange & Alexandria": ["washington", "manassas-junction", "culpeper", "gordonsville",
                                "charlottesville", "lynchburg"],
        "Virginia Central": ["richmond", "gordonsville", "charlottesville", "staunton"],
        "Virginia & Tennessee": ["lynchburg", "marion", "knoxville"],
        "Baltimore & Ohio": ["baltimore", "frederick", "harpers-ferry", "cumberland", "grafton",
                             "wheeling"],
        "Pennsylvania": ["philadelphia", "harrisburg", "pittsburgh"],
        "Illinois Central": ["chicago", "centralia", "cairo"],
        "Pittsburgh, Fort Wayne & Chicago": ["pittsburgh", "canton", "fort-wayne", "chicago"],
        "Southern of Mississippi": ["vicksburg", "jackson", "meridian"],
        "Pacific": ["st-louis", "jefferson-city", "sedalia"],
    }
    for name, chain in chains.items():
        for a, b in zip(chain, chain[1:]):
            assert has_line(board, a, b, "rail"), f"{name}: no railway {a}-{b}"


# --------------------------------------------------------------------------------------------
# Worked examples
# --------------------------------------------------------------------------------------------

def test_tc_2_evansville_lines_and_owners(board):
    """TC-2 (B4.0): river Evansville-Paducah-Cairo, rail Evansville-Bloomington-Indianapolis and
    Bloomington-Louisville; Evansville, Bloomington, Indianapolis Union; Louisville white KY."""
    assert river(board, "evansville", "paducah").props["downstream"] == "paducah"
    assert river(board, "paducah", "cairo").props["downstream"] == "cairo"
    for a, b in [("evansville", "bloomington"), ("bloomington", "indianapolis"),
                 ("bloomington", "louisville")]:
        assert has_line(board, a, b, "rail")
    for loc in ("evansville", "bloomington", "indianapolis"):
        assert props(board, loc)["colour"] == "blue"
    assert props(board, "louisville")["colour"] == "white"
    assert props(board, "louisville")["state"] == "Kentucky"
    assert props(board, "paducah")["colour"] == "white"  # neutral: passing through is allowed


def test_tc_3_shreveport_monroe_vicksburg_alexandria_mccomb(board):
    """Movement example after B4.2.6; AMB-7: Monroe-Vicksburg is both railway and road."""
    assert has_line(board, "shreveport", "monroe", "road")
    assert has_line(board, "monroe", "vicksburg", "rail")
    assert has_line(board, "monroe", "vicksburg", "road")
    assert not board.links_between("shreveport", "vicksburg")  # two boxes, not one
    # Vicksburg -> X -> Alexandria by river, 2 boxes (X = Natchez, reconstruction choice)
    river_two = [x for x, link in board.adjacent("vicksburg") if link.kind == "river"
                 and any(l.kind == "river" for l in board.links_between(x, "alexandria"))]
    assert river_two == ["natchez"]
    assert not any(l.kind == "river" for l in board.links_between("vicksburg", "alexandria"))
    # Vicksburg -> X -> McComb by railway, 2 boxes (X = Jackson)
    rail_two = [x for x, link in board.adjacent("vicksburg") if link.kind == "rail"
                and has_line(board, x, "mccomb", "rail")]
    assert rail_two == ["jackson"]
    assert not board.links_between("vicksburg", "mccomb")


def test_tc_8_fort_smith_to_little_rock_downstream_without_blue_bank(board):
    """TC-8 (B5.0-B5.2): Union pieces marched downstream by river Fort Smith -> Little Rock and
    got no river-bank bonus against them."""
    path = nx.shortest_path(
        nx.Graph((l.a, l.b) for l in board.links if l.kind == "river"),
        "fort-smith", "little-rock")
    assert len(path) - 1 <= 2
    for a, b in zip(path, path[1:]):
        assert river(board, a, b).props["downstream"] == b
    assert "little-rock" not in river(board, path[-2], "little-rock").props["bank"]


# --------------------------------------------------------------------------------------------
# Ports, entrenchments, the Potomac
# --------------------------------------------------------------------------------------------

def ports(board: Board) -> set[str]:
    return {loc.id for loc in on_map(board) if loc.props["port"]}


def test_b4_2_4_washington_is_a_port(board):
    """Naval invasions start at Washington (B4.2.4); naval retreats go there (O3.1)."""
    assert props(board, "washington")["port"]


def test_b4_2_3_ports_named_by_the_rules(board):
    """A4.0 (Fort Monroe, Pensacola), O4.2 (Yorktown, Norfolk), B4.2.4 (Washington)."""
    assert {"washington", "fort-monroe", "pensacola", "yorktown", "norfolk"} <= ports(board)


def test_gap_1_historical_sea_ports(board):
    assert {"new-york", "philadelphia", "baltimore", "wilmington", "new-bern", "charleston",
            "port-royal", "savannah", "brunswick", "jacksonville", "apalachicola", "mobile",
            "new-orleans"} <= ports(board)


def test_gap_1_inland_river_towns_are_not_ports(board):
    for loc in ("richmond", "memphis", "vicksburg", "nashville", "st-louis", "cairo",
                "louisville", "cincinnati", "pittsburgh", "paducah", "natchez", "little-rock",
                "baton-rouge", "fredericksburg"):
        assert not props(board, loc)["port"], loc


def test_b4_2_5_permanent_entrenchments_are_exactly_four(board):
    marked = {loc.id for loc in board.locations.values() if loc.props["permanent_entrenchment"]}
    assert marked == set(PERMANENT_ENTRENCHMENTS) == {"washington", "richmond", "fort-monroe",
                                                      "vicksburg"}


def test_b4_2_6_the_potomac_is_the_river_washington_fredericksburg(board):
    potomac = [link for link in board.links if link.props["potomac"]]
    assert len(potomac) == 1
    (line,) = potomac
    assert {line.a, line.b} == {"washington", "fredericksburg"}
    assert line.kind == "river"
    assert line.props["downstream"] == "fredericksburg"


# --------------------------------------------------------------------------------------------
# Colours (B9.0, O4.1, A4.0, AMB-27, AMB-28)
# --------------------------------------------------------------------------------------------

def test_b9_0_colours_are_blue_grey_or_white(board):
    assert {loc.props["colour"] for loc in board.locations.values()} == {"blue", "grey", "white"}


def test_o4_1_all_kentucky_boxes_are_white_and_all_white_boxes_are_kentucky(board):
    """O4.1 'Kentucky (any white box)', AMB-53."""
    for loc in on_map(board):
        assert (loc.props["state"] == "Kentucky") == (loc.props["colour"] == "white"), loc.id
    assert KENTUCKY <= {loc.id for loc in on_map(board) if loc.props["state"] == "Kentucky"}


def test_s1_campaign_setup_boxes_belong_to_their_side(board):
    """S1 (B2.0): the campaign pieces start in their own printed boxes."""
    for loc in ("washington", "chicago", "fort-wayne", "harpers-ferry", "pittsburgh", "canton",
                "columbus", "st-louis"):
        assert props(board, loc)["colour"] == "blue", loc
    for loc in ("manassas-junction", "fredericksburg", "front-royal", "charleston", "mobile",
                "jefferson-city", "atlanta", "new-orleans"):
        assert props(board, loc)["colour"] == "grey", loc


def test_a4_0_fort_monroe_and_pensacola_are_union_ports(board):
    """A4.0 groups them as Union-held ports; the 1864 Pensacola flag is the CSA's (AMB-27)."""
    for loc in ("fort-monroe", "pensacola"):
        assert props(board, loc)["colour"] == "blue"
        assert props(board, loc)["port"]


def test_s3_border_state_colours(board):
    """§9 / AMB-28: Baltimore and St. Louis blue (Union pieces there, never flagged);
    Jefferson City, Sedalia, Springfield (Missouri) not blue (Union flags in S3)."""
    assert props(board, "baltimore")["colour"] == "blue"
    assert props(board, "st-louis")["colour"] == "blue"
    for loc in ("jefferson-city", "sedalia", "springfield-mo"):
        assert props(board, loc)["colour"] != "blue", loc


def test_s3_flagged_boxes_are_not_of_the_flag_colour(board):
    """A control flag is placed only on a box not of its side's colour (B9.0)."""
    union_flags = {"forts-henry-and-donelson", "sedalia", "jefferson-city", "springfield-mo",
                   "newport", "island-no-10", "pittsburgh-landing", "fayetteville", "natchez",
                   "humboldt", "grand-junction", "corinth", "cumberland-gap", "gainesville"}
    for loc in union_flags:
        assert props(board, loc)["colour"] != "blue", loc
    assert props(board, "pensacola")["colour"] != "grey"
    assert props(board, "cumberland-gap")["state"] != "Kentucky"  # listed apart from Kentucky
    # Newport and Fayetteville are Arkansas: CSA pieces stand there in 1862 while every Kentucky
    # box carries a Union flag.
    assert props(board, "newport")["state"] == props(board, "fayetteville")["state"] == "Arkansas"


# --------------------------------------------------------------------------------------------
# Recruiting shields (B7.0, B11.0, A6.0, A8.3, A8.4, O3.3) and MAS
# --------------------------------------------------------------------------------------------

def mas(board: Board, side: str, owner: dict[str, str | None]) -> int:
    """B7.0: sum of the side's own-colour shields over the boxes it owns."""
    key = "union_shield" if side == UNION else "csa_shield"
    return sum(loc.props[key] for loc in board.locations.values() if owner.get(loc.id) == side)


def printed_owners(board: Board) -> dict[str, str | None]:
    side = {"blue": UNION, "grey": CSA, "white": None}
    return {loc.id: side[loc.props["colour"]] for loc in board.locations.values()}


def test_b2_0_b7_0_union_shields_sum_34(board):
    """B2.0: the Union MAS flag starts on 34 = blue shields of the blue boxes."""
    assert mas(board, UNION, printed_owners(board)) == 34


def test_b2_0_b7_0_csa_shields_sum_29(board):
    """B2.0: the CSA MAS flag starts on 29 = red shields of the grey boxes."""
    assert mas(board, CSA, printed_owners(board)) == 29


def test_b7_0_shields_are_non_negative_integers(board):
    for loc in board.locations.values():
        for key in ("union_shield", "csa_shield"):
            value = loc.props[key]
            assert isinstance(value, int) and not isinstance(value, bool) and value >= 0


def test_a6_0_washington_recruits_union_1(board):
    assert props(board, "washington")["union_shield"] == 1
    assert props(board, "washington")["csa_shield"] == 0


def test_b7_0_cairo_has_both_shields(board):
    """B7.0 / TC-13: Cairo is a recruiting city for both sides."""
    assert props(board, "cairo")["union_shield"] > 0
    assert props(board, "cairo")["csa_shield"] > 0
    assert props(board, "cairo")["colour"] == "blue"


def test_b11_0_union_victory_cities_carry_red_2_or_3(board):
    assert set(UNION_VICTORY_CITIES) == {"new-orleans", "mobile", "atlanta", "memphis",
                                         "charleston", "wilmington", "richmond"}
    for loc in UNION_VICTORY_CITIES:
        assert props(board, loc)["csa_shield"] in (2, 3), loc
        assert props(board, loc)["colour"] == "grey", loc


def test_b11_0_every_other_red_shield_is_1(board):
    for loc in board.locations.values():
        if loc.id not in UNION_VICTORY_CITIES:
            assert loc.props["csa_shield"] in (0, 1), loc.id


def test_a8_3_border_state_recruiting_cities_are_exactly_the_listed_ones(board):
    """A8.3 / T7: Missouri St. Joseph, Springfield, St. Louis; Kentucky Bowling Green,
    Louisville; Maryland Baltimore. Every other box of those states has no shield."""
    assert BORDER_STATES == {"missouri": ("st-joseph", "springfield-mo", "st-louis"),
                             "kentucky": ("bowling-green", "louisville"),
                             "maryland": ("baltimore",)}
    for state, cities in BORDER_STATES.items():
        boxes = [loc for loc in on_map(board) if loc.props["state"].lower() == state]
        recruiting = {loc.id for loc in boxes
                      if loc.props["union_shield"] or loc.props["csa_shield"]}
        assert recruiting == set(cities), state
        assert {loc.id for loc in boxes if loc.props["border_state"] == state} == set(cities)
    others = {loc.id for loc in board.locations.values() if loc.props["border_state"]}
    assert others == {c for cities in BORDER_STATES.values() for c in cities}


def test_a8_4_some_union_city_has_blue_value_2_or_more(board):
    assert any(loc.props["union_shield"] >= 2 and loc.props["colour"] == "blue"
               for loc in board.locations.values())


def test_o3_3_both_sides_have_cities_of_value_3(board):
    assert any(loc.props["union_shield"] >= 3 for loc in board.locations.values())
    assert any(loc.props["csa_shield"] >= 3 for loc in board.locations.values())


def test_gap_4_white_shields_count_for_nobody_at_start(board):
    owners = printed_owners(board)
    white_shields = [loc.id for loc in board.locations.values()
                     if loc.props["colour"] == "white"
                     and (loc.props["union_shield"] or loc.props["csa_shield"])]
    assert set(white_shields) == {"louisville", "bowling-green"}
    assert all(owners[loc] is None for loc in white_shields)


def test_amb_26_jacksonville_has_no_shield(board):
    """Both sides list a piece in Jacksonville in 1864: with no shield there, whichever reading
    the scenario loader takes cannot change a MAS."""
    assert props(board, "jacksonville")["union_shield"] == 0
    assert props(board, "jacksonville")["csa_shield"] == 0


# S3: boxes owned at scenario start = boxes with a side's pieces or flags (AMB-28); everything
# else keeps its printed colour. Kentucky = "every box in Kentucky" (Union flags).
SCENARIOS = {
    "1862": {
        UNION: {"springfield-mo", "ironton", "pittsburgh-landing", "pensacola", "nashville",
                "franklin", "port-royal", "gettysburg", "washington", "baltimore", "fort-monroe",
                "forts-henry-and-donelson", "sedalia", "jefferson-city", "KENTUCKY"},
        CSA: {"fayetteville", "newport", "island-no-10", "mobile", "corinth", "decatur",
              "chattanooga", "savannah", "charleston", "harpers-ferry", "manassas-junction",
              "richmond", "fredericksburg", "yorktown"},
        "mas": (35, 27),
    },
    "1863": {
        UNION: {"fayetteville", "thayer", "arkansas-post", "st-louis", "memphis",
                "grand-junction", "humboldt", "nashville", "bowling-green", "glasgow", "corinth",
                "washington", "harpers-ferry", "baltimore", "norfolk", "fort-monroe", "new-bern",
                "port-royal", "new-orleans", "forts-henry-and-donelson", "sedalia",
                "jefferson-city", "springfield-mo", "newport", "island-no-10",
                "pittsburgh-landing", "KENTUCKY"},
        CSA: {"vicksburg", "meridian", "little-rock", "alexandria", "murfreesboro", "knoxville",
              "savannah", "goldsboro", "richmond", "petersburg", "marion", "okolona",
              "chattanooga", "fredericksburg", "manassas-junction"},
        "mas": (35, 23),
    },
    "1864": {
        UNION: {"st-joseph", "fort-smith", "springfield-mo", "little-rock", "baton-rouge",
                "vicksburg", "arkansas-post", "new-orleans", "memphis", "st-louis", "cairo",
                "forts-henry-and-donelson", "decatur", "nashville", "murfreesboro", "sparta",
                "knoxville", "tallahassee", "brunswick", "port-royal", "grafton",
                "harpers-ferry", "washington", "baltimore", "new-bern", "norfolk",
                "fort-monroe", "sedalia", "jefferson-city", "fayetteville", "natchez", "newport",
                "island-no-10", "humboldt", "grand-junction", "pittsburgh-landing", "corinth",
                "cumberland-gap", "gainesville", "KENTUCKY"},
        # Jacksonville: listed for both sides (AMB-26); it has no shield, see above.
        CSA: {"alexandria", "meridian", "okolona", "mobile", "selma", "chattanooga", "atlanta",
              "savannah", "staunton", "charleston", "richmond", "petersburg", "goldsboro",
              "manassas-junction", "wilmington", "fredericksburg", "pensacola"},
        "mas": (36, 20),
    },
}


def scenario_owners(board: Board, year: str) -> dict[str, str | None]:
    owner = printed_owners(board)
    for side in (UNION, CSA):
        for loc in SCENARIOS[year][side]:
            if loc == "KENTUCKY":
                for box in on_map(board):
                    if box.props["state"] == "Kentucky":
                        owner[box.id] = side
            else:
                assert loc in board.locations, loc
                owner[loc] = side
    return owner


@pytest.mark.parametrize("year", sorted(SCENARIOS))
def test_gap_4_amb_29_scenario_mas_computed_from_the_map(board, year):
    """S3 / S4: the listed scenario MAS (1862 U35/C27, 1863 U35/C23, 1864 U36/C20) equal the
    B7.0 sums over the scenario ownership, so no AMB-29 offset is needed."""
    owner = scenario_owners(board, year)
    assert not (SCENARIOS[year][UNION] & SCENARIOS[year][CSA])
    assert (mas(board, UNION, owner), mas(board, CSA, owner)) == SCENARIOS[year]["mas"]


# --------------------------------------------------------------------------------------------
# Screen layout and data hygiene
# --------------------------------------------------------------------------------------------

def test_layout_positions_in_range_and_labels_never_overlap(board):
    locs = list(board.locations.values())
    for loc in locs:
        assert 0 <= loc.x and loc.x + len(loc.abbr) <= 200 and 0 <= loc.y < 64, loc.id
    for i, one in enumerate(locs):
        for two in locs[i + 1:]:
            if one.y == two.y:
                assert abs(one.x - two.x) >= max(len(one.abbr), len(two.abbr)) + 1, (one.id,
                                                                                     two.id)


def test_layout_keeps_a_free_row_between_neighbouring_labels(board):
    """Labels on adjacent rows never stand one above the other (roughly 2 rows apart)."""
    locs = list(board.locations.values())
    for i, one in enumerate(locs):
        for two in locs[i + 1:]:
            if abs(one.y - two.y) == 1:
                assert abs(one.x - two.x) >= max(len(one.abbr), len(two.abbr)) + 1, (one.id,
                                                                                     two.id)


def test_layout_follows_geography(board):
    """North at the top, east on the right: spot checks."""
    loc = board.locations
    assert loc["chicago"].y < loc["memphis"].y < loc["new-orleans"].y
    assert loc["st-louis"].x < loc["louisville"].x < loc["richmond"].x < loc["norfolk"].x
    assert loc["washington"].y < loc["richmond"].y < loc["wilmington"].y < loc["charleston"].y
    assert loc["shreveport"].x < loc["vicksburg"].x < loc["mobile"].x < loc["pensacola"].x


def test_ids_abbrs_and_sources(board):
    abbrs = [loc.abbr for loc in board.locations.values()]
    assert len(set(abbrs)) == len(abbrs)
    for loc in board.locations.values():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", loc.id)
        assert 3 <= len(loc.abbr) <= 5, loc.id
        assert loc.source.strip(), loc.id
    for link in board.links:
        assert link.source.strip(), link


def test_info_lines_for_the_status_bar(board):
    assert board.info("washington") == ["State: District of Columbia",
                                        "Colour: blue (Union at start)", "Recruiting: Union 1",
                                        "Port", "Permanent entrenchment"]
    assert board.info("louisville") == ["State: Kentucky", "Colour: white (neutral at start)",
                                        "Recruiting: Union 1, Confederate 1",
                                        "Border state: Kentucky"]
    assert "Colour: grey (Confederate at start)" in board.info("richmond")
    assert "Recruiting: Confederate 3" in board.info("richmond")
    assert board.info("europe")[0] == "Off-map box"


def test_load_is_cached(board):
    assert load() is board
    assert board.game == "a-house-divided"


# --------------------------------------------------------------------------------------------
# The generic loader (maps.board) and the AHD validation: errors name the file and the entry
# --------------------------------------------------------------------------------------------

GOOD = '''\
[meta]
game = "test-game"

[[location]]
id = "alpha"
name = "Alpha"
abbr = "ALP"
x = 10
y = 5
source = "test"
port = true

[[location]]
id = "beta"
name = "Beta"
abbr = "BET"
x = 20
y = 5
source = "test"

[[location]]
id = "gamma"
name = "Gamma"
abbr = "GAM"
x = 10
y = 9
source = "test"

[[link]]
a = "alpha"
b = "beta"
kind = "river"
downstream = "beta"
bank = ["beta"]
source = "test"

[[link]]
a = "alpha"
b = "beta"
kind = "road"
source = "test"

[[link]]
a = "beta"
b = "gamma"
kind = "rail"
source = "test"
'''


def write(tmp_path: Path, text: str, name: str = "test_board.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_loader_good_board(tmp_path):
    board = load_board(write(tmp_path, GOOD))
    assert board.game == "test-game"
    assert set(board.locations) == {"alpha", "beta", "gamma"}
    assert board.locations["alpha"].props == {"port": True}
    assert [link.kind for link in board.links_between("beta", "alpha")] == ["river", "road"]
    assert board.links_between("alpha", "gamma") == []
    assert sorted(other for other, _ in board.adjacent("beta")) == ["alpha", "alpha", "gamma"]
    assert board.neighbours("beta") == ["alpha", "gamma"]
    assert board.info("alpha") == ["port: True"]
    assert isinstance(board.graph, nx.MultiGraph)
    assert board.graph.number_of_edges("alpha", "beta") == 2
    assert board.graph.edges["alpha", "beta", 0]["link"].kind == "river"


def test_loader_frozen_and_hashable(tmp_path):
    board = load_board(write(tmp_path, GOOD))
    loc = board.locations["alpha"]
    with pytest.raises(AttributeError):
        loc.x = 3  # type: ignore[misc]
    assert len({*board.links}) == 3 and hash(loc)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def header_before(text: str, offset: int) -> int:
    """Line number of the [[...]] header of the entry containing character ``offset``."""
    lines = text.splitlines()
    n = text[:offset].count("\n") + 1
    while not lines[n - 1].startswith("[["):
        n -= 1
    return n


@pytest.mark.parametrize("old, new, entry, message", [
    ('b = "gamma"', 'b = "gamme"', "beta-gamme", "unknown location 'gamme'"),
    ('id = "beta"', 'id = "alpha"', "alpha", "duplicate id 'alpha'"),
    ('abbr = "BET"', 'abbr = "ALP"', "beta", "duplicate abbr 'ALP'"),
    ('kind = "rail"', 'kind = "canal"', "beta-gamma", "bad kind 'canal'"),
    ('b = "gamma"', 'b = "beta"', "beta-beta", "itself"),
    ('x = 20', 'x = 13', "beta", "overlaps 'alpha'"),
    ('y = 9', 'y = 64', "gamma", "outside the 200x64 canvas"),
    ('x = 20', 'x = 198', "beta", "outside"),
    ('x = 20', 'x = -1', "beta", "outside"),
    ('y = 9', 'y = "nine"', "gamma", "x and y must be integers"),
    ('downstream = "beta"', 'downstream = "gamma"', "alpha-beta", "downstream 'gamma' is not"),
    ('bank = ["beta"]', 'bank = ["gamma"]', "alpha-beta", "bank entry 'gamma' is not"),
    ('bank = ["beta"]', 'bank = "beta"', "alpha-beta", "bank must be a list"),
    ('id = "gamma"', 'id = "Gamma City"', "Gamma City", "bad id"),
    ('abbr = "GAM"', 'abbr = "GAMMAS"', "gamma", "abbr 'GAMMAS'"),
])
def test_loader_rejects_bad_entries(tmp_path, old, new, entry, message):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    with pytest.raises(BoardError) as err:
        load_board(write(tmp_path, text))
    msg = str(err.value)
    assert msg.startswith("test_board.toml: line ")
    assert f"({entry})" in msg and message in msg
    assert f"line {header_before(text, GOOD.index(old))} " in msg


def test_loader_example_message_format(tmp_path):
    text = GOOD.replace('b = "gamma"', 'b = "petersberg"')
    with pytest.raises(BoardError, match=r"^test_board\.toml: line 43 \(beta-petersberg\): "
                                          r"unknown location 'petersberg'$"):
        load_board(write(tmp_path, text))


def test_loader_rejects_duplicate_identical_link(tmp_path):
    text = GOOD + '\n[[link]]\na = "gamma"\nb = "beta"\nkind = "rail"\nsource = "test"\n'
    with pytest.raises(BoardError, match=r"line 49 \(gamma-beta\): duplicate rail link"):
        load_board(write(tmp_path, text))


@pytest.mark.parametrize("drop, entry, key", [
    ('name = "Beta"\n', "beta", "name"), ('x = 20\n', "beta", "x"),
    ('abbr = "GAM"\n', "gamma", "abbr"), ('id = "gamma"\n', "location #3", "id"),
    ('kind = "road"\n', "alpha-beta", "kind"),
    ('b = "gamma"\nkind = "rail"\nsource = "test"\n', "link #3", "b"),
])
def test_loader_rejects_missing_required_keys(tmp_path, drop, entry, key):
    assert drop in GOOD
    text = GOOD.replace(drop, "", 1)
    with pytest.raises(BoardError, match=f"missing required key '{key}'") as err:
        load_board(write(tmp_path, text))
    assert f"({entry})" in str(err.value)


def test_loader_rejects_downstream_on_a_road(tmp_path):
    text = GOOD.replace('kind = "rail"\n', 'kind = "rail"\ndownstream = "beta"\n')
    with pytest.raises(BoardError, match=r"\(beta-gamma\): downstream is only allowed on river"):
        load_board(write(tmp_path, text))


def test_loader_file_level_errors(tmp_path):
    with pytest.raises(BoardError, match="nope.toml: board file not found"):
        load_board(tmp_path / "nope.toml")
    with pytest.raises(BoardError, match="^test_board.toml: invalid TOML"):
        load_board(write(tmp_path, GOOD + "\n[[link]\n"))
    with pytest.raises(BoardError, match="board is for game 'test-game', expected 'other'"):
        load_board(write(tmp_path, GOOD), "other")
    with pytest.raises(BoardError, match="unknown top-level key.*'links'"):
        load_board(write(tmp_path, GOOD.replace("[[link]]", "[[links]]")))
    with pytest.raises(BoardError, match="missing 'game'"):
        load_board(write(tmp_path, GOOD.replace('game = "test-game"', "")))
    assert load_board(write(tmp_path, GOOD.replace('game = "test-game"', "")), "g").game == "g"
    assert issubclass(BoardError, ValueError)


AHD_GOOD = '''\
[meta]
game = "a-house-divided"

[[location]]
id = "alpha"
name = "Alpha"
abbr = "ALP"
x = 10
y = 5
state = "Virginia"
colour = "grey"
union_shield = 0
csa_shield = 1
port = false
permanent_entrenchment = false
border_state = ""
source = "test"

[[location]]
id = "beta"
name = "Beta"
abbr = "BET"
x = 20
y = 5
state = "Kentucky"
colour = "white"
union_shield = 1
csa_shield = 0
port = true
permanent_entrenchment = false
border_state = "kentucky"
source = "test"

[[link]]
a = "alpha"
b = "beta"
kind = "river"
downstream = "beta"
source = "test"
'''


def test_ahd_loader_accepts_good_file_and_fills_link_defaults(tmp_path):
    board = load_path(write(tmp_path, AHD_GOOD, "a_house_divided.toml"))
    (link,) = board.links
    assert link.props == {"downstream": "beta", "bank": [], "potomac": False}
    assert board.info("beta")[-1] == "Border state: Kentucky"


@pytest.mark.parametrize("old, new, entry, message", [
    ('colour = "grey"', 'colour = "red"', "alpha", "bad colour 'red'"),
    ('csa_shield = 1', 'csa_shield = -1', "alpha", "csa_shield must be a non-negative integer"),
    ('union_shield = 1', 'union_shield = 1.5', "beta", "union_shield must be a non-negative"),
    ('csa_shield = 1', 'csa_shield = true', "alpha", "csa_shield must be a non-negative"),
    ('port = true', 'port = "yes"', "beta", "port must be true or false"),
    ('border_state = ""', '', "alpha", "missing required key 'border_state'"),
    ('state = "Virginia"\n', '', "alpha", "missing required key 'state'"),
    ('border_state = "kentucky"', 'border_state = "ohio"', "beta", "bad border_state 'ohio'"),
    ('state = "Kentucky"', 'state = "Ohio"', "beta", "does not match state"),
    ('downstream = "beta"\n', '', "alpha-beta", "river link without 'downstream'"),
    ('source = "test"\n', 'potomac = "yes"\nsource = "test"\n', "alpha-beta",
     "potomac must be true or false"),
])
def test_ahd_loader_rejects_bad_properties(tmp_path, old, new, entry, message):
    idx = AHD_GOOD.rindex(old) if old.startswith("source") else AHD_GOOD.index(old)
    text = AHD_GOOD[:idx] + new + AHD_GOOD[idx + len(old):]  # "source": the link's own line
    with pytest.raises(BoardError) as err:
        load_path(write(tmp_path, text, "a_house_divided.toml"))
    msg = str(err.value)
    assert msg.startswith("a_house_divided.toml: line ")
    assert f"({entry})" in msg and message in msg


def test_ahd_loader_rejects_potomac_on_a_road(tmp_path):
    text = AHD_GOOD.replace('kind = "river"\ndownstream = "beta"\n',
                            'kind = "road"\npotomac = true\n')
    with pytest.raises(BoardError, match=r"\(alpha-beta\): only a river line can be the Potomac"):
        load_path(write(tmp_path, text, "a_house_divided.toml"))


def test_ahd_loader_rejects_another_game(tmp_path):
    with pytest.raises(BoardError, match="expected 'a-house-divided'"):
        load_path(write(tmp_path, AHD_GOOD.replace("a-house-divided", "wellington")))


@pytest.mark.parametrize("scenario", ["campaign", "1862", "1863", "1864"])
def test_a2_1_every_starting_stack_has_a_support_line(scenario):
    """Reconstruction constraint: the seed's setups (B2.0, O5.0) would not start a stack out of
    support under A2.0 (A2.1: river or friendly railway to friendly recruiting cities, or a
    Union port). The Gettysburg (1862), Glasgow (1863) and Sparta (1864) railways exist for it."""
    from core.ahd import supply
    from core.engine import Match
    from core.registry import get_rules

    match = Match.new(get_rules("a-house-divided"), seed=1, scenario=scenario,
                      options={"supply": True})
    for side in ("Union", "Confederate"):
        assert supply.unsupported(match.state, side) == []
