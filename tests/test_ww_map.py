"""Washington's War board: every constraint the seed fixes on the map, plus the loader.

Rule numbers are the seed's (000 Italian, 12/08/2010; ../shared/rules/washingtons-war.md). The map
is a reconstruction (docs/ww-map.md): these tests pin what the seed (and the research notes)
fix, and the documented choices other rules depend on.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from maps import washingtons_war as ww
from maps.board import Board, BoardError

# The 4.0 set-up spaces holding a British PC: For the King (4.0) and the 10.11.B example place
# British PCs next to these (or in any port).
BRITISH_SETUP_PCS = ("quebec", "montreal", "fort-detroit", "boston", "norfolk", "gilbert-town",
                     "wilmington-nc", "ninety-six")


@pytest.fixture(scope="module")
def board() -> Board:
    return ww.load()


def props(board: Board, loc: str) -> dict:
    return board.locations[loc].props


def link(board: Board, a: str, b: str):
    links = board.links_between(a, b)
    assert len(links) == 1, f"expected one line {a}-{b}, found {links}"
    return links[0]


def cost_graph(board: Board, arnold: bool = False) -> nx.Graph:
    """Movement cost graph (7.3.A, 7.3.D): 1 per solid line, 3 per dashed line."""
    graph = nx.Graph()
    for ln in board.links:
        if ww.usable(ln, arnold):
            graph.add_edge(ln.a, ln.b, cost=ww.move_cost(ln.a, ln.b, arnold=arnold))
    return graph


def dist(board: Board, a: str, b: str) -> int:
    return nx.shortest_path_length(cost_graph(board), a, b, weight="cost")


# --------------------------------------------------------------------------------------------
# Every space the seed names, with the colony it gives (None: the seed names no colony)
# --------------------------------------------------------------------------------------------

SEED_SPACES: dict[str, tuple[str | None, str]] = {
    "quebec": ("Canada", "4.0"), "montreal": ("Canada", "4.0"),
    "fort-detroit": ("Canada", "4.0"), "boston": ("MA", "4.0"), "norfolk": ("VA", "4.0"),
    "gilbert-town": ("NC", "4.0"), "wilmington-nc": ("NC", "4.0"), "ninety-six": ("SC", "4.0"),
    "lexington-concord": ("MA", "4.0"), "newport": ("RI", "4.0"), "charleston": ("SC", "4.0"),
    "philadelphia": ("PA", "4.0"),
    "falmouth": ("MA", "3.0, 12.3"), "barnstable": ("MA", "12.3"), "new-york": ("NY", "12.3"),
    "long-island": ("NY", "12.3"), "new-haven": ("CT", "12.3"), "wilmington-de": ("DE", "12.3"),
    "baltimore": ("MD", "12.3"), "alexandria": ("VA", "12.3"), "yorktown": ("VA", "12.3"),
    "new-bern": ("NC", "12.3"), "savannah": ("GA", "12.3"), "st-marys": ("GA", "12.3"),
    "hartford": ("CT", "10.32 example 1"), "reading": ("PA", "11.1 example"),
    "bassett-town": ("PA", "7.3.D example"), "point-pleasant": ("VA", "7.3.D example"),
    "saratoga": ("NY", "9.63 example (New York militia)"),
    "ticonderoga": (None, "9.63 example"), "oswego": (None, "10.11.B example"),
    "fort-stanwix": (None, "10.11.B example"), "camden": (None, "7.3.C example"),
    "eutaw-springs": (None, "7.3.C example"), "augusta": (None, "7.3.C example"),
}

# research spaces.csv: names (and colonies) found beyond the seeds.
RESEARCH_SPACES: dict[str, str | None] = {
    "fort-niagara": "NY", "genesee": "NY", "ticonderoga": "NY", "saratoga": "NY", "camden": "SC",
    "norwich": "NH", "concord-nh": "NH", "new-brunswick": "NJ", "morristown": "NJ",
    "pittsburgh": "PA", "frederick-town": "MD", "richmond": "VA", "salem": "NC",
    "charlotte": "NC", "springfield": None,
}


def test_seed_names_35_spaces() -> None:
    assert len(SEED_SPACES) == 35  # reference "Data the seeds do NOT contain" 1


@pytest.mark.parametrize("space", sorted(SEED_SPACES))
def test_every_space_the_seed_names_is_a_space_in_its_colony(board: Board, space: str) -> None:
    colony, rule = SEED_SPACES[space]
    assert space in board.locations, f"seed {rule} names {space}"
    assert not board.locations[space].offmap
    if colony is not None:
        assert props(board, space)["colony"] == colony, f"seed {rule}"


@pytest.mark.parametrize("space", sorted(RESEARCH_SPACES))
def test_research_spaces_exist_in_their_colony(board: Board, space: str) -> None:
    assert space in ww.SPACES
    colony = RESEARCH_SPACES[space]
    if colony is not None:
        assert props(board, space)["colony"] == colony


def test_4_0_setup_names_are_spelled_as_the_seed_prints_them(board: Board) -> None:
    names = {board.locations[s].name for s in SEED_SPACES}
    for name in ("Quebec", "Montreal", "Fort Detroit", "Boston", "Norfolk", "Gilbert Town",
                 "Wilmington (NC)", "Ninety Six", "Lexington Concord", "Newport", "Charleston",
                 "Philadelphia", "Bassett Town", "Point Pleasant", "Eutaw Springs", "St. Mary's"):
        assert name in names


# --------------------------------------------------------------------------------------------
# 3.0 / 10.0.B / 13.2 colonies; 2.1.A every space belongs to a colony or Canada
# --------------------------------------------------------------------------------------------

def test_3_0_thirteen_colonies_and_canada() -> None:
    assert ww.COLONIES == ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC",
                           "SC", "GA")
    assert ww.REGIONS == (*ww.COLONIES, "Canada")


def test_2_1_a_every_space_in_one_colony_and_every_colony_has_spaces(board: Board) -> None:
    for space in ww.SPACES:
        assert props(board, space)["colony"] in ww.REGIONS
    for colony in ww.REGIONS:
        assert ww.COLONY_SPACES[colony], colony
    assert sum(len(v) for v in ww.COLONY_SPACES.values()) == len(ww.SPACES)


def test_map_size_is_that_of_the_printed_board() -> None:
    # the brief: the 13 colonies plus Canada, roughly 80-100 spaces
    assert 80 <= len(ww.SPACES) <= 100


def test_10_0_b_canada_control_is_montreal_and_quebec(board: Board) -> None:
    assert set(ww.CANADA_CONTROL) == {"montreal", "quebec"}
    assert props(board, "fort-detroit")["colony"] == "Canada"  # irrelevant to control, 10.0.B
    assert "fort-detroit" not in ww.CANADA_CONTROL


def test_4_0_committees_every_colony_has_a_space_without_british_pieces(board: Board) -> None:
    for colony in ww.COLONIES:
        assert set(ww.COLONY_SPACES[colony]) - set(BRITISH_SETUP_PCS), colony


# --------------------------------------------------------------------------------------------
# 2.1.C / 12.3 ports, fortified ports and Blockade Zones
# --------------------------------------------------------------------------------------------

ZONE_TABLE = {  # seed 12.3, the table of Blockade Zones
    "zone-st-lawrence": {"montreal", "quebec"},
    "zone-new-england": {"falmouth", "boston", "barnstable", "newport"},
    "zone-long-island-sound": {"new-york", "long-island", "new-haven"},
    "zone-delaware": {"philadelphia", "wilmington-de"},
    "zone-chesapeake": {"baltimore", "alexandria", "yorktown", "norfolk"},
    "zone-carolinas": {"wilmington-nc", "new-bern", "charleston"},
    "zone-south-atlantic": {"savannah", "st-marys"},
}


def test_12_3_seven_blockade_zones() -> None:
    assert set(ww.BLOCKADE_ZONES) == set(ZONE_TABLE)


@pytest.mark.parametrize("zone", sorted(ZONE_TABLE))
def test_12_3_each_zone_holds_exactly_the_ports_of_the_table(zone: str) -> None:
    assert set(ww.BLOCKADE_ZONES[zone]) == ZONE_TABLE[zone]


def test_12_3_every_port_is_in_a_zone_and_the_table_lists_all_twenty() -> None:
    # "Ogni spazio di porto sulla mappa appartiene ad una Zona di Blocco"
    assert ww.PORTS == frozenset().union(*ZONE_TABLE.values())
    assert len(ww.PORTS) == 20
    for port in ww.PORTS:
        assert ww.zone_of(port) in ZONE_TABLE
    for space in set(ww.SPACES) - ww.PORTS:
        assert ww.zone_of(space) is None


def test_2_1_c_fortified_ports_are_the_four_stars(board: Board) -> None:
    assert ww.FORTIFIED_PORTS == {"quebec", "montreal", "charleston", "philadelphia"}
    assert ww.FORTIFIED_PORTS <= ww.PORTS
    assert ww.FORTIFIED_PORTS <= ww.WINTER_QUARTERS  # 2.1.B, 11.0: stars are winter quarters


@pytest.mark.parametrize("space", ["saratoga", "reading", "hartford", "oswego", "fort-stanwix",
                                   "lexington-concord", "fort-detroit", "ticonderoga"])
def test_spaces_the_examples_use_as_land_spaces_are_not_ports(space: str) -> None:
    # 9.63 (no Royal Navy +1 at Saratoga), 10.32 ex. 1 (Hartford "B" beside port "A"), 10.11.B
    # (Oswego / Fort Stanwix reached by adjacency, not by the all-ports rule); 12.3 table
    assert space not in ww.PORTS


# --------------------------------------------------------------------------------------------
# 2.1.B / 11.0 winter quarters and the Attrition Line
# --------------------------------------------------------------------------------------------

def test_11_2_philadelphia_is_winter_quarters() -> None:
    assert "philadelphia" in ww.WINTER_QUARTERS


def test_11_1_reading_is_north_of_the_line_and_not_winter_quarters() -> None:
    assert "reading" not in ww.WINTER_QUARTERS
    assert "reading" not in ww.SOUTH_OF_ATTRITION_LINE


def test_research_boston_is_a_square_and_fort_detroit_is_not() -> None:
    # research spaces.csv: Boston WQ (S5); a Fort Detroit garrison perishes in winter (S17)
    assert "boston" in ww.WINTER_QUARTERS
    assert "fort-detroit" not in ww.WINTER_QUARTERS


def test_2_1_b_attrition_line_is_the_virginia_north_carolina_border(board: Board) -> None:
    south = {s for s in ww.SPACES if props(board, s)["colony"] in ("NC", "SC", "GA")}
    assert ww.SOUTH_OF_ATTRITION_LINE == south
    assert {"wilmington-nc", "gilbert-town", "charleston", "savannah"} <= south
    assert not {"norfolk", "yorktown", "point-pleasant", "philadelphia"} & south


def test_2_1_b_lines_crossing_the_attrition_line_join_virginia_and_north_carolina(
        board: Board) -> None:
    for ln in board.links:
        a_south = ln.a in ww.SOUTH_OF_ATTRITION_LINE
        if a_south != (ln.b in ww.SOUTH_OF_ATTRITION_LINE):
            assert {props(board, ln.a)["colony"], props(board, ln.b)["colony"]} == {"VA", "NC"}


# --------------------------------------------------------------------------------------------
# Adjacency the seed fixes (3.0, 7.3, 7.4, 9.63, 10.11.B, 10.32)
# --------------------------------------------------------------------------------------------

SEED_ROADS = [
    ("montreal", "oswego", "10.11.B example"),
    ("oswego", "fort-stanwix", "10.11.B example"),
    ("ticonderoga", "saratoga", "9.63 example"),
    ("ninety-six", "camden", "7.3.C example"),
    ("camden", "eutaw-springs", "7.3.C example"),
    ("eutaw-springs", "charleston", "7.3.C example"),
    ("charleston", "savannah", "7.3.C example"),
    ("savannah", "augusta", "7.3.C example"),
    ("savannah", "st-marys", "7.3.C example"),
]
SEED_WILDERNESS = [
    ("fort-detroit", "bassett-town", "7.3.D example"),
    ("bassett-town", "point-pleasant", "7.3.D example"),
    ("falmouth", "quebec", "3.0, 7.4.D"),
]


@pytest.mark.parametrize("a,b,rule", SEED_ROADS)
def test_seed_adjacencies_are_solid_lines(board: Board, a: str, b: str, rule: str) -> None:
    assert link(board, a, b).kind == "road", rule
    assert ww.move_cost(a, b) == 1


@pytest.mark.parametrize("a,b,rule", SEED_WILDERNESS)
def test_seed_wilderness_links_are_dashed_and_cost_three(board: Board, a: str, b: str,
                                                         rule: str) -> None:
    assert link(board, a, b).kind == "wilderness", rule
    assert ww.move_cost(a, b, arnold=True) == ww.WILDERNESS_COST == 3  # 7.3.D


def test_3_0_7_4_d_falmouth_quebec_is_arnolds_only(board: Board) -> None:
    assert link(board, "falmouth", "quebec").props["arnold_only"]
    assert [ln.ends for ln in board.links if ln.props["arnold_only"]] == [("quebec", "falmouth")]
    assert "falmouth" not in ww.neighbours("quebec")
    assert "falmouth" in ww.neighbours("quebec", arnold=True)
    assert "quebec" in ww.neighbours("falmouth", arnold=True)
    with pytest.raises(ValueError):
        ww.move_cost("falmouth", "quebec")


def test_7_3_d_detroit_to_bassett_town_uses_three_of_four_spaces(board: Board) -> None:
    assert dist(board, "fort-detroit", "bassett-town") == 3


def test_7_3_d_a_british_army_at_detroit_cannot_reach_point_pleasant_in_one_move(
        board: Board) -> None:
    assert dist(board, "fort-detroit", "point-pleasant") > 4  # 7.3.A: four spaces


def test_7_3_c_gates_example_route_is_four_spaces_and_augusta_or_st_marys_fifth(
        board: Board) -> None:
    route = ["ninety-six", "camden", "eutaw-springs", "charleston", "savannah"]
    assert sum(ww.move_cost(a, b) for a, b in zip(route, route[1:])) == 4
    for fifth in ("augusta", "st-marys"):
        assert fifth in ww.neighbours("savannah")


def test_10_11_b_example_fort_stanwix_is_not_next_to_a_british_pc(board: Board) -> None:
    # The second PC of the example may not go to Fort Stanwix: no British PC was adjacent to it
    # when the card was played (Oswego's was new), and it is no port (all ports adjacent).
    assert "oswego" in ww.neighbours("montreal")
    assert "fort-stanwix" in ww.neighbours("oswego")
    assert not set(board.neighbours("fort-stanwix")) & set(BRITISH_SETUP_PCS)
    assert "fort-stanwix" not in ww.PORTS


def test_10_32_example_1_hartford_is_next_to_a_port(board: Board) -> None:
    assert set(board.neighbours("hartford")) & ww.PORTS


def test_9_63_saratoga_example_ticonderoga_is_burgoynes_only_way_back(board: Board) -> None:
    # the attacker retreats into the space he came from (9.61.B): Ticonderoga-Saratoga
    assert "ticonderoga" in board.neighbours("saratoga")
    assert props(board, "saratoga")["colony"] == props(board, "ticonderoga")["colony"] == "NY"


def test_research_for_the_king_spaces_border_a_british_pc(board: Board) -> None:
    # S1 playbook: For the King PCs in Ticonderoga and Fort Niagara (4.0, 10.11.B adjacency)
    for space in ("ticonderoga", "fort-niagara"):
        assert set(board.neighbours(space)) & set(BRITISH_SETUP_PCS), space
        assert props(board, space)["colony"] not in ("MA", "CT", "NH", "PA", "VA")


def test_research_newport_to_new_york_within_three_spaces(board: Board) -> None:
    assert dist(board, "newport", "new-york") <= 3  # research links.csv (S24)


def test_4_0_for_the_king_british_has_a_legal_space_outside_the_excluded_colonies(
        board: Board) -> None:
    excluded = {"MA", "CT", "NH", "PA", "VA"}
    candidates = {n for s in BRITISH_SETUP_PCS for n in board.neighbours(s)} | ww.PORTS
    legal = {s for s in candidates - set(BRITISH_SETUP_PCS)
             if props(board, s)["colony"] not in excluded | {"Canada"}}
    assert len(legal) >= 2


# --------------------------------------------------------------------------------------------
# The graph (networkx)
# --------------------------------------------------------------------------------------------

def test_graph_of_spaces_is_connected_without_arnolds_link(board: Board) -> None:
    graph = cost_graph(board)
    assert set(graph.nodes) == set(ww.SPACES)
    assert nx.is_connected(graph)


def test_every_space_has_a_neighbour_and_no_box_is_linked(board: Board) -> None:
    for space in ww.SPACES:
        assert ww.neighbours(space), space
    for loc in board.locations.values():
        if loc.offmap:
            assert not board.adjacent(loc.id)


def test_networkx_graph_has_every_location_and_link(board: Board) -> None:
    assert board.graph.number_of_nodes() == len(board.locations)
    assert board.graph.number_of_edges() == len(board.links)


def test_no_two_lines_join_the_same_spaces(board: Board) -> None:
    pairs = [frozenset(ln.ends) for ln in board.links]
    assert len(pairs) == len(set(pairs))


# --------------------------------------------------------------------------------------------
# Boxes and tracks of the board
# --------------------------------------------------------------------------------------------

BOXES = {  # id -> (box kind, side, rule)
    "british-reinforcements": ("reinforcements", "British", "4.0, 8.1"),
    "american-reinforcement-leaders": ("reinforcements", "American", "4.0, 8.2"),
    "french-reinforcements": ("reinforcements", "French", "4.0, 12.2.B"),
    "captured-generals": ("captured-generals", None, "5.1, 7.6.A"),
    "congress-dispersed": ("congress-dispersed", None, "7.7, 10.2"),
    "war-ends": ("war-ends", None, "6.34.C.iii"),
    "british-reinforcement-card": ("reinforcement-card", "British", "8.1.B"),
    "american-reinforcement-card-1": ("reinforcement-card", "American", "8.2.B"),
    "american-reinforcement-card-2": ("reinforcement-card", "American", "8.2.B"),
}


@pytest.mark.parametrize("box", sorted(BOXES))
def test_boxes_the_rules_name_are_off_map_boxes(board: Board, box: str) -> None:
    kind, side, rule = BOXES[box]
    loc = board.locations[box]
    assert loc.offmap, rule
    assert loc.props["box"] == kind
    assert loc.props.get("side") == side


def test_box_constants_name_the_boxes() -> None:
    assert {ww.BRITISH_REINFORCEMENTS, ww.AMERICAN_REINFORCEMENT_LEADERS,
            ww.FRENCH_REINFORCEMENTS, ww.CAPTURED_GENERALS, ww.CONGRESS_DISPERSED, ww.WAR_ENDS,
            ww.BRITISH_REINFORCEMENT_CARD, *ww.AMERICAN_REINFORCEMENT_CARDS} == set(BOXES)
    assert len(ww.AMERICAN_REINFORCEMENT_CARDS) == 2  # 8.2.B: two boxes, one for the British


def test_4_0_5_7_turn_track_runs_1775_to_1783() -> None:
    # 4.0 starts on 1775; the War Ends cards name 1779-1783 (6.34.C.iii)
    assert list(ww.TURN_TRACK) == list(range(1775, 1784))
    assert ww.TURN_TRACK[1775] == "turn-1775"


def test_12_0_french_alliance_track_has_ten_spaces_0_to_9(board: Board) -> None:
    assert len(ww.FRENCH_ALLIANCE_TRACK) == 10
    assert [props(board, b)["step"] for b in ww.FRENCH_ALLIANCE_TRACK] == list(range(10))
    assert ww.FRENCH_ALLIANCE_SPACE == 9  # 12.2.A
    assert board.locations[ww.FRENCH_ALLIANCE_TRACK[9]].name == "French Alliance"


def test_12_3_blockade_zones_are_boxes_the_french_navy_can_occupy(board: Board) -> None:
    for zone in ZONE_TABLE:
        assert board.locations[zone].offmap
        assert props(board, zone)["box"] == "blockade-zone"


# --------------------------------------------------------------------------------------------
# Screen layout
# --------------------------------------------------------------------------------------------

def test_labels_are_unique_short_and_fit_the_canvas(board: Board) -> None:
    abbrs = [loc.abbr for loc in board.locations.values()]
    assert len(abbrs) == len(set(abbrs))
    assert all(1 <= len(a) <= 5 for a in abbrs)


def test_map_draws_without_stretching() -> None:
    from tui.mapcanvas import layout  # the TUI's own rule: labels and piece rows apart

    assert layout(list(ww.load().locations.values())) == (1.0, 1)


def test_geography_north_up_coast_right(board: Board) -> None:
    y = {s: board.locations[s].y for s in ww.SPACES}
    x = {s: board.locations[s].x for s in ww.SPACES}
    assert y["quebec"] < y["boston"] < y["philadelphia"] < y["norfolk"] < y["charleston"] \
        < y["st-marys"]
    assert x["fort-detroit"] < x["pittsburgh"] < x["philadelphia"] < x["new-york"] < x["boston"]


def test_info_lines_describe_a_space(board: Board) -> None:
    assert board.info("charleston") == ["Colony: SC", "Fortified port (star)",
                                        "Blockade zone: Carolinas", "Winter quarters",
                                        "South of the Attrition Line"]
    assert board.info("war-ends") == ["Off-map box"]


def test_every_entry_has_a_source(board: Board) -> None:
    for loc in board.locations.values():
        assert loc.source.strip(), loc.id
    for ln in board.links:
        assert ln.source.strip(), ln.ends


def test_seed_facts_are_marked_seed_in_the_data(board: Board) -> None:
    for space, (_, rule) in SEED_SPACES.items():
        assert "seed" in board.locations[space].source, space
    for a, b, _ in SEED_ROADS + SEED_WILDERNESS:
        assert link(board, a, b).source.startswith("seed"), (a, b)


# --------------------------------------------------------------------------------------------
# Loader errors: a bad file names the entry
# --------------------------------------------------------------------------------------------

def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = ww.MAP_PATH.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "washingtons_war.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,message", [
    ('a = "savannah"\nb = "augusta"', 'a = "savannah"\nb = "agusta"',
     "(savannah-agusta): unknown location 'agusta'"),
    ('id = "reading"\nname = "Reading"\nabbr = "REA"\nx = 66\ny = 35\ncolony = "PA"',
     'id = "reading"\nname = "Reading"\nabbr = "REA"\nx = 66\ny = 35\ncolony = "Ohio"',
     "(reading): bad colony 'Ohio'"),
    ('colony = "PA"\nport = false\nfortified = false\nwinter_quarters = false\n'
     'south_of_attrition_line = false\nsource = "seed 11.1',
     'colony = "PA"\nport = true\nfortified = false\nwinter_quarters = false\n'
     'south_of_attrition_line = false\nsource = "seed 11.1',
     "(reading): a port needs its blockade_zone"),
    ('blockade_zone = "zone-carolinas"\nfortified = true\nwinter_quarters = true',
     'blockade_zone = "zone-carolinas"\nfortified = true\nwinter_quarters = false',
     "(charleston): a fortified port (a star, 2.1.C) must be a port and winter quarters"),
    ('colony = "GA"\nport = false\nfortified = false\nwinter_quarters = false\n'
     'south_of_attrition_line = true',
     'colony = "GA"\nport = false\nfortified = false\nwinter_quarters = false\n'
     'south_of_attrition_line = false',
     "south_of_attrition_line must be true for colony GA"),
    ('blockade_zone = "zone-chesapeake"\nfortified = false\nwinter_quarters = true',
     'blockade_zone = "zone-chespeake"\nfortified = false\nwinter_quarters = true',
     "location 'baltimore': unknown blockade_zone 'zone-chespeake'"),
    ('kind = "wilderness"\narnold_only = true', 'kind = "road"\narnold_only = true',
     "(quebec-falmouth): only a wilderness (dashed) link can be Arnold's"),
    ('id = "war-ends"', 'id = "war-end"', "location 'war-ends': missing"),
    ('box = "turn"\nyear = 1779', 'box = "turn"\nyear = 1790',
     "turn track: years must run from 1775 without gaps"),
    ('a = "savannah"\nb = "augusta"', 'a = "savannah"\nb = "captured-generals"',
     "'captured-generals' is an off-map box; boxes are never linked"),
    ('id = "long-island"\nname = "Long Island"\nabbr = "LI"\nx = 110\ny = 33\ncolony = "NY"\n',
     'id = "long-island"\nname = "Long Island"\nabbr = "LI"\nx = 110\ny = 33\n',
     "(long-island): missing required key 'colony'"),
])
def test_loader_errors_name_the_entry(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(BoardError) as err:
        ww.load_path(_edited(tmp_path, old, new))
    assert "washingtons_war.toml" in str(err.value)
    assert message in str(err.value)


def test_the_shipped_file_loads_through_load_path() -> None:
    board = ww.load_path(ww.MAP_PATH)
    assert board.game == ww.GAME_ID == "washingtons-war"
    assert len(board.locations) == len(ww.load().locations)
