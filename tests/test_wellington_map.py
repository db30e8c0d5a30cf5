"""Wellington board: every constraint the seed fixes on the map, plus the loader.

Rule numbers are the seed's (003 Italian rules; ../shared/rules/wellington.md, whose §J lists the
named places and §K the missing data). The map is a reconstruction (docs/wellington-map.md):
these tests pin what the seed, its tutorial ("TC-Enn" = the worked case of rules §I.2) and its
cards fix, what the research notes add, and the documented choices the rules will depend on.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import networkx as nx
import pytest

from maps import wellington as wm
from maps.board import Board, BoardError


@pytest.fixture(scope="module")
def board() -> Board:
    return wm.load()


def props(board: Board, loc: str) -> dict:
    return board.locations[loc].props


def land_graph(board: Board, without: tuple[tuple[str, str], ...] = ()) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(wm.DUCHIES)
    blocked = {frozenset(pair) for pair in without}
    graph.add_edges_from(ln.ends for ln in board.links if frozenset(ln.ends) not in blocked)
    return graph


# --------------------------------------------------------------------------------------------
# 1.21, 2.3, C.4, C.10, K.1: the counts
# --------------------------------------------------------------------------------------------

def test_1_21_sixty_two_spanish_duchies() -> None:
    assert len(wm.SPANISH) == wm.SPANISH_DUCHY_COUNT == 62


def test_1_21_thirty_five_occupied_twenty_blue_dots_fifteen_green_triangles() -> None:
    assert len(wm.OCCUPIED_NORD) == 20
    assert len(wm.OCCUPIED_SUD) == 15
    assert not wm.OCCUPIED_NORD & wm.OCCUPIED_SUD
    assert wm.OCCUPIED_NORD | wm.OCCUPIED_SUD <= wm.SPANISH


def test_f_2_twenty_seven_spanish_duchies_at_the_start() -> None:
    spanish_owned = [d for d in wm.SPANISH if wm.printed_owner(d) == "Spain"]
    assert len(spanish_owned) == wm.SPANISH_AT_START_COUNT == 27


def test_c_4_fifteen_spanish_keys_eleven_of_them_french_in_1812() -> None:
    spanish_keys = wm.KEYS & wm.SPANISH
    assert len(spanish_keys) == 15
    assert sum(wm.printed_owner(d) in ("AdN", "AdS") for d in spanish_keys) == 11


def test_c_4_twenty_four_keys_fifteen_spanish_four_portuguese_gibraltar_four_french() -> None:
    assert len(wm.KEYS) == 24
    assert wm.KEYS & wm.PORTUGUESE == {"elvas", "lisbon", "almeida", "porto"}
    assert "gibraltar" in wm.KEYS and wm.country_of("gibraltar") == "Gibraltar"
    assert wm.KEYS & wm.FRENCH == {"bordeaux", "bayonne", "toulouse", "perpignan"}


def test_18_2_19_4_eight_french_duchies_four_national_per_french_power() -> None:
    assert len(wm.FRENCH) == 8
    for power, keys in (("AdN", {"bordeaux", "bayonne"}), ("AdS", {"toulouse", "perpignan"})):
        own = wm.NATIONAL[power]
        assert own <= wm.FRENCH and len(own) == 4, power
        assert own & wm.KEYS == keys, power     # so 2 non-Key National duchies each


@pytest.mark.parametrize("power", wm.POWERS)
def test_c_10_1812_key_control_is_the_printed_map(power: str) -> None:
    printed = {d for d in wm.KEYS if wm.printed_owner(d) == power}
    assert printed == wm.SEED_KEYS_1812[power]
    assert len(printed) == {"GB": 5, "Spain": 4, "AdS": 7, "AdN": 8}[power]


def test_c_10_f_3_1813_keys_are_spanish_keys_and_the_flags_they_imply() -> None:
    spain_1813 = {"cartagena", "cadiz", "oviedo", "ciudad-rodrigo", "granada", "cordoba",
                  "sevilla", "badajoz"}
    french_1813 = {"valencia", "barcelona", "zaragoza", "san-sebastian", "burgos", "madrid",
                   "salamanca"}
    assert spain_1813 | french_1813 == wm.KEYS & wm.SPANISH
    # F.3: Spanish flags on the printed-French Keys Spain holds, an AdS flag on Valencia.
    assert {d for d in spain_1813 if wm.printed_owner(d) != "Spain"} == {
        "ciudad-rodrigo", "granada", "cordoba", "sevilla", "badajoz"}
    assert wm.printed_owner("valencia") == "Spain"


def test_1_21_national_colours() -> None:
    assert wm.NATIONAL["GB"] == wm.PORTUGUESE | {"gibraltar"}
    assert wm.NATIONAL["Spain"] == wm.SPANISH
    for duchy in wm.DUCHIES:
        p = wm.load().locations[duchy].props
        assert p["colour"] == wm.COLOURS[p["national"]], duchy


def test_1_21_only_spanish_duchies_carry_an_occupied_symbol() -> None:
    for duchy in wm.DUCHIES:
        if wm.country_of(duchy) != "Spain":
            assert wm.printed_owner(duchy) == wm.load().locations[duchy].props["national"]


# --------------------------------------------------------------------------------------------
# 1.21, 12, K.3: fortresses and the Capital
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("duchy,value", sorted(wm.SEED_FORTRESSES.items()))
def test_fortresses_the_seed_names_have_their_value(duchy: str, value: int) -> None:
    assert wm.fortress_value(duchy) == value
    assert duchy in wm.KEYS


def test_1_21_every_fortress_is_a_key_of_strength_3_but_gibraltar_5() -> None:
    assert set(wm.FORTRESSES) <= wm.KEYS
    assert {d for d, v in wm.FORTRESSES.items() if v == 5} == {"gibraltar"}
    assert set(wm.FORTRESSES.values()) == {3, 5}


@pytest.mark.parametrize("duchy,why", [
    ("madrid", "G.6: a square with the Capital star"),
    ("salamanca", "TC-E16: a Flag Overrun there, impossible in a fortress (11.9)"),
    ("valladolid", "TC-E11: #90 places SP in an unfortified duchy"),
    ("almaraz", "TC-E21: a CP flag placement, no enemy fortress there"),
])
def test_duchies_the_seed_shows_unfortified(duchy: str, why: str) -> None:
    assert wm.fortress_value(duchy) == 0, why


def test_1_21_madrid_is_the_only_capital_and_a_key() -> None:
    assert wm.CAPITALS == {"madrid"}
    assert "madrid" in wm.KEYS and wm.printed_owner("madrid") == "AdN"


# --------------------------------------------------------------------------------------------
# Every place the seed names (rules, tutorial, cards) and research adds
# --------------------------------------------------------------------------------------------

# tutorial "La mappa, i Ducati e chi li controlla" and F.2: the printed owners of illustration #1.
TUTORIAL_OWNERS: dict[str, str] = {
    "ciudad-rodrigo": "AdN", "madrid": "AdN", "valladolid": "AdN", "avila": "AdN",
    "leon": "AdN", "zamora": "AdN", "saldana": "AdN", "salamanca": "AdN", "lerma": "AdN",
    "toledo": "AdN", "talavera-de-la-reina": "AdN", "almaraz": "AdN", "lumbrales": "AdN",
    "caceres": "AdS", "aranjuez": "AdS", "merida": "Spain",
    "lisbon": "GB", "fuentes-d-onoro": "GB", "valencia": "Spain",
}


@pytest.mark.parametrize("duchy,owner", sorted(TUTORIAL_OWNERS.items()))
def test_tutorial_illustration_owners(duchy: str, owner: str) -> None:
    assert wm.printed_owner(duchy) == owner


def test_tutorial_fuentes_d_onoro_lies_in_portugal() -> None:
    assert wm.country_of("fuentes-d-onoro") == "Portugal"   # "Fuentes D'Oñoro in Portogallo"


def test_3_1_braga_is_british() -> None:
    assert wm.printed_owner("braga") == "GB" and wm.country_of("braga") == "Portugal"


def test_1_23_yecla_is_a_spanish_duchy() -> None:
    assert wm.country_of("yecla") == "Spain"


@pytest.mark.parametrize("duchy", ["barrosa", "don-benito", "ciudad-real"])
def test_research_duchies_exist_in_spain(duchy: str) -> None:
    assert wm.country_of(duchy) == "Spain"


def test_tutorial_merida_is_ringed_by_french_duchies() -> None:
    ring = wm.neighbours("merida")
    assert ring and all(wm.printed_owner(d) in ("AdN", "AdS") for d in ring)


@pytest.mark.parametrize("place", ["england", "palma", "valencia", "lisbon", "gibraltar"])
def test_f_2_start_places_outside_the_centre_exist(place: str) -> None:
    assert place in wm.load()


@pytest.mark.parametrize("place,rule", [
    ("gibraltar", "card #17 (Gibraltar/Portsmouth), 14.4"), ("england", "card #17, 6.3"),
    ("madrid", "card #105"), ("lisbon", "16.22, 19.4"), ("porto", "16.22"),
    ("regroup", "6.2, #32, #33, #52, #84, #95"), ("casualty-display", "1.8"),
    ("atlantic", "1.24"), ("mediterranean", "1.24"),
])
def test_places_the_rules_and_cards_name_exist(place: str, rule: str) -> None:
    assert place in wm.load(), rule


@pytest.mark.parametrize("name", ["russia", "rhine", "canada", "sicily", "plymouth",
                                  "portsmouth"])
def test_flavour_names_are_not_map_spaces(name: str) -> None:
    assert name not in wm.load()   # #4, #5, #64, #26; Plymouth/Portsmouth is the England box


def test_duchy_ids_follow_the_naming_rule(board: Board) -> None:
    """id = the name, accents stripped, lower case, spaces/apostrophes/hyphens -> "-"."""
    for duchy in wm.DUCHIES:
        name = board.locations[duchy].name
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        assert re.sub(r"[ '\-]+", "-", ascii_name.lower()) == duchy


# --------------------------------------------------------------------------------------------
# 1.22, J.6: the March Lines the seed reveals, with their types
# --------------------------------------------------------------------------------------------

SEED_LINES: list[tuple[str, str, str | None, str]] = [
    ("valencia", "yecla", None, "1.23"),
    ("san-sebastian", "bayonne", "pass", "3.1"),
    ("ciudad-rodrigo", "salamanca", "broken", "TC-E16, TC-E24"),
    ("ciudad-rodrigo", "almaraz", "open", "TC-E07, TC-E26 (no terrain die)"),
    ("ciudad-rodrigo", "fuentes-d-onoro", "open", "TC-E10, TC-E25 (evasion +1 only)"),
    ("fuentes-d-onoro", "lisbon", None, "TC-E10"),
    ("almaraz", "talavera-de-la-reina", "open", "TC-E08 (evasion without -1)"),
    ("talavera-de-la-reina", "toledo", None, "TC-E23"),
    ("toledo", "madrid", None, "TC-E23"),
    ("madrid", "avila", "pass", "tutorial 'i due passi di montagna'; TC-E23"),
    ("avila", "salamanca", "pass", "TC-E14"),
    ("salamanca", "zamora", "river", "TC-E15"),
    ("salamanca", "valladolid", "open", "TC-E12, TC-E13 (evasion without -1)"),
    ("salamanca", "lumbrales", None, "TC-E15"),
    ("lerma", "madrid", "pass", "tutorial outlook"),
]


@pytest.mark.parametrize("a,b,kind,rule", SEED_LINES)
def test_seed_lines_exist_with_their_type(a: str, b: str, kind: str | None, rule: str) -> None:
    assert b in wm.neighbours(a), rule
    if kind is not None:
        assert wm.line_kind(a, b) == wm.line_kind(b, a) == kind, rule


def test_tc_e15_salamanca_evasion_to_lumbrales_is_not_across_a_river() -> None:
    assert wm.line_kind("salamanca", "lumbrales") != "river"
    assert wm.line_kind("salamanca", "lumbrales") != "pass"   # only Ávila's pass was blocked


def test_tc_e15_salamanca_has_exactly_the_five_neighbours_the_tutorial_weighs() -> None:
    assert set(wm.neighbours("salamanca")) == {"ciudad-rodrigo", "avila", "zamora",
                                               "valladolid", "lumbrales"}


def test_tc_e15_lumbrales_is_marmonts_only_evasion_target() -> None:
    """Ávila's pass blocked by #9, Zamora across a river, Valladolid held by the Spanish,
    Ciudad Rodrigo the enemy's entry duchy: Lumbrales is left."""
    left = [d for d in wm.neighbours("salamanca")
            if not (d == "avila" or wm.line_kind("salamanca", d) == "river"
                    or d in ("valladolid", "ciudad-rodrigo"))]
    assert left == ["lumbrales"]


def test_tutorial_outlook_lerma_is_reached_across_a_river_from_the_salamanca_side() -> None:
    rivers_into_lerma = [d for d in wm.neighbours("lerma") if wm.line_kind(d, "lerma") == "river"]
    assert rivers_into_lerma
    # Wellington at Salamanca: one line to Valladolid, then "attraverso il fiume a Lerma".
    assert any(wm.distance("salamanca", d) == 1 for d in rivers_into_lerma)


def test_tutorial_outlook_two_passes_by_avila_or_round_by_lerma() -> None:
    assert [wm.line_kind(*p) for p in (("salamanca", "avila"), ("avila", "madrid"))] == \
        ["pass", "pass"]
    route = nx.shortest_path(land_graph(wm.load(), without=(("avila", "madrid"),
                                                            ("avila", "salamanca"))),
                             "salamanca", "madrid")
    assert route[-2:] == ["lerma", "madrid"]


def test_tutorial_outlook_lumbrales_is_the_easier_road_to_british_portugal() -> None:
    """Wellington at Salamanca, cut off: beat Joseph at Ciudad Rodrigo, or go by Lumbrales."""
    to_portugal = [d for d in wm.neighbours("lumbrales") if wm.printed_owner(d) == "GB"]
    assert to_portugal
    assert all(wm.line_kind("lumbrales", d) in ("open", "broken") for d in to_portugal)
    assert wm.line_kind("salamanca", "lumbrales") in ("open", "broken")


# --------------------------------------------------------------------------------------------
# The tutorial's moves: every step is along a March Line
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("who,path", [
    ("Wellington TC-E07, TC-E10, TC-E11",
     ["ciudad-rodrigo", "almaraz", "ciudad-rodrigo", "salamanca"]),
    ("Beresford's cavalry TC-E10", ["lisbon", "fuentes-d-onoro", "ciudad-rodrigo"]),
    ("AdN infantry evades TC-E08", ["almaraz", "talavera-de-la-reina"]),
    ("Marmont retreats TC-E13", ["valladolid", "salamanca"]),
    ("Clausel TC-E14, TC-E23", ["avila", "salamanca"]),
    ("Clausel TC-E23", ["avila", "madrid"]),
    ("Joseph TC-E23", ["madrid", "toledo", "talavera-de-la-reina", "almaraz",
                       "ciudad-rodrigo"]),
    ("De España's flag TC-E21", ["ciudad-rodrigo", "almaraz"]),
    ("De España's men evade TC-E25", ["ciudad-rodrigo", "fuentes-d-onoro"]),
])
def test_tutorial_moves_follow_march_lines(who: str, path: list[str]) -> None:
    for a, b in zip(path, path[1:]):
        assert b in wm.neighbours(a), f"{who}: {a} -> {b}"


def test_tc_e07_almaraz_lies_south_east_of_ciudad_rodrigo(board: Board) -> None:
    cr, al = board.locations["ciudad-rodrigo"], board.locations["almaraz"]
    assert al.x > cr.x and al.y > cr.y


def test_tc_e26_call_for_reinforcements_candidates_are_within_2_duchies() -> None:
    """#40 at Ciudad Rodrigo: the Spanish infantry at Valladolid, Wellington at Salamanca and
    Beresford at Lisbon are the units the tutorial weighs."""
    near = wm.duchies_within("ciudad-rodrigo", 2)
    assert {"valladolid", "salamanca", "lisbon"} <= near
    assert "merida" not in near   # the Spanish enclave is not weighed


def test_tc_e21_e23_no_french_army_but_those_named_reaches_almaraz() -> None:
    """The AdN commanders start at Madrid, Ávila and Valladolid: none is next to Almaraz, so
    De España's flag there draws no interception (TC-E21); Wellington at Salamanca cannot
    intercept Joseph entering it (TC-E23)."""
    for place in ("madrid", "avila", "valladolid", "salamanca"):
        assert "almaraz" not in wm.neighbours(place)


# --------------------------------------------------------------------------------------------
# 1.24, 14: ports and Zones
# --------------------------------------------------------------------------------------------

def test_1_24_two_zones_meeting_at_gibraltar() -> None:
    assert wm.SEA_ZONES == ("atlantic", "mediterranean")
    assert wm.sea_zones_of("gibraltar") == ("atlantic", "mediterranean")
    both = [p for p, zones in wm.PORT_ZONES.items() if len(zones) == 2]
    assert both == ["gibraltar"]


def test_14_every_port_is_minor_or_major_and_both_kinds_exist() -> None:
    assert set(wm.PORTS.values()) == {"minor", "major"}
    assert wm.MAJOR_PORTS | wm.MINOR_PORTS == set(wm.PORTS)
    for port in wm.PORTS:
        assert wm.port_size(port) in ("minor", "major")
        assert wm.sea_zones_of(port)
    assert wm.port_size("madrid") is None and wm.sea_zones_of("madrid") == ()


def test_tc_e18_convoy_england_to_valencia_passes_gibraltar() -> None:
    assert wm.sea_zones_of("england") == ("atlantic",)
    assert "mediterranean" in wm.sea_zones_of("valencia")
    assert "valencia" in wm.ZONE_PORTS["mediterranean"]
    assert wm.load().locations["england"].offmap
    assert not wm.shares_zone("england", "valencia")       # so Gibraltar's control matters
    assert wm.shares_zone("england", "lisbon") and wm.shares_zone("gibraltar", "valencia")
    assert not wm.shares_zone("madrid", "madrid")           # not a port


def test_card_63_british_and_spanish_national_ports_exist() -> None:
    assert wm.NATIONAL["GB"] & set(wm.PORTS) >= {"lisbon", "porto", "gibraltar"}
    assert wm.SPANISH & set(wm.PORTS)


def test_14_3_card_69_unfortified_minor_ports_exist_on_both_zones() -> None:
    for zone in wm.SEA_ZONES:
        assert any(wm.port_size(p) == "minor" and not wm.fortress_value(p)
                   for p in wm.ZONE_PORTS[zone] if p in wm.DUCHIES), zone


# --------------------------------------------------------------------------------------------
# The graph
# --------------------------------------------------------------------------------------------

def test_research_adjacencies(board: Board) -> None:
    for a, b in (("sevilla", "cadiz"), ("cadiz", "barrosa"), ("merida", "ciudad-real")):
        assert b in wm.neighbours(a)
    assert "river" in {wm.line_kind("porto", d) for d in wm.neighbours("porto")}


def test_card_20_french_national_keys_border_spain() -> None:
    """#20 needs an Allied Formation in or next to a French National Key: Bayonne and
    Perpignan face Spain."""
    for key in ("bayonne", "perpignan"):
        assert any(wm.country_of(d) == "Spain" for d in wm.neighbours(key)), key


def test_every_line_from_spain_to_france_is_a_pyrenean_pass(board: Board) -> None:
    for ln in board.links:
        countries = {wm.country_of(ln.a), wm.country_of(ln.b)}
        if countries == {"Spain", "France"}:
            assert ln.kind == "pass", ln.ends


def test_land_graph_is_connected_but_palma(board: Board) -> None:
    graph = land_graph(board)
    parts = sorted(nx.connected_components(graph), key=len)
    assert parts[0] == {"palma"} and len(parts) == 2
    assert wm.port_size("palma")          # an island: reached by convoy only
    assert wm.distance("lisbon", "palma") is None
    assert wm.distance("lisbon", "perpignan") is not None


def test_every_duchy_but_palma_has_a_neighbour_and_no_box_is_linked(board: Board) -> None:
    for duchy in wm.DUCHIES:
        assert bool(wm.neighbours(duchy)) == (duchy != "palma"), duchy
    for box in wm.BOXES:
        assert board.locations[box].offmap and not board.adjacent(box)


def test_one_line_per_pair_and_every_kind_used(board: Board) -> None:
    pairs = [frozenset(ln.ends) for ln in board.links]
    assert len(pairs) == len(set(pairs))
    assert {ln.kind for ln in board.links} == set(wm.LINE_KINDS)


def test_cards_9_10_100_have_pass_and_river_lines_to_target(board: Board) -> None:
    passes, rivers = wm.lines_of_kind("pass"), wm.lines_of_kind("river")
    assert ("san-sebastian", "bayonne") in passes and ("salamanca", "zamora") in rivers
    assert len(passes) + len(rivers) + len(wm.lines_of_kind("open")) \
        + len(wm.lines_of_kind("broken")) == len(board.links)
    with pytest.raises(ValueError, match="unknown March Line type"):
        wm.lines_of_kind("road")


def test_line_kind_refuses_duchies_that_are_not_adjacent() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        wm.line_kind("madrid", "lisbon")


def test_duchies_within_and_distance() -> None:
    assert wm.duchies_within("valencia", 1) == frozenset(wm.neighbours("valencia"))
    assert "valencia" not in wm.duchies_within("valencia", 2)
    assert wm.distance("madrid", "ciudad-rodrigo") == 3   # by Ávila-Salamanca or Talavera


def test_queries_refuse_off_map_boxes() -> None:
    with pytest.raises(KeyError, match="off-map box"):
        wm.country_of("regroup")


# --------------------------------------------------------------------------------------------
# Screen layout
# --------------------------------------------------------------------------------------------

def test_labels_are_unique_short_and_fit_a_160_by_80_canvas(board: Board) -> None:
    abbrs = [loc.abbr for loc in board.locations.values()]
    assert len(abbrs) == len(set(abbrs)) and all(1 <= len(a) <= 5 for a in abbrs)
    assert all(loc.x + len(loc.abbr) <= 160 and loc.y < 80 for loc in board.locations.values())


def test_map_draws_without_stretching() -> None:
    from tui.mapcanvas import MapCanvas, layout  # the TUI's own rule: labels and piece rows apart

    assert layout(list(wm.load().locations.values())) == (1.0, 1)
    canvas = MapCanvas(wm.load())
    # the boxes fit 160 x 80 (above); a piece row under an eastmost box (commanders by name,
    # issue 17) may reach a few columns past it
    assert canvas.width <= 170 and canvas.height <= 80


def test_geography_north_up(board: Board) -> None:
    x = {d: board.locations[d].x for d in wm.DUCHIES}
    y = {d: board.locations[d].y for d in wm.DUCHIES}
    assert y["bordeaux"] < y["bayonne"] < y["burgos"] < y["madrid"] < y["cordoba"] < y["cadiz"]
    assert x["lisbon"] < x["ciudad-rodrigo"] < x["madrid"] < x["zaragoza"] < x["barcelona"]
    assert all(x[d] < x["madrid"] for d in wm.PORTUGUESE)
    assert all(y[d] < y["zaragoza"] for d in wm.FRENCH)


def test_info_lines_describe_a_duchy(board: Board) -> None:
    assert board.info("gibraltar") == ["Gibraltar (red; National duchy of Great Britain)",
                                       "Key fortress, strength 5",
                                       "Major port (Atlantic and Mediterranean)"]
    assert board.info("caceres") == ["Spain (yellow; National duchy of Spain)",
                                      "Occupied: Armée du Sud (green triangle)"]
    assert board.info("england") == ["Off-map box: england", "Major port (atlantic)"]


# --------------------------------------------------------------------------------------------
# Provenance
# --------------------------------------------------------------------------------------------

def test_every_entry_has_a_source(board: Board) -> None:
    for loc in board.locations.values():
        assert loc.source.strip(), loc.id
    for ln in board.links:
        assert ln.source.strip(), ln.ends


def test_seed_facts_are_marked_seed_or_tutorial_in_the_data(board: Board) -> None:
    for duchy in (*TUTORIAL_OWNERS, *wm.KEYS, "braga", "yecla"):
        source = board.locations[duchy].source
        assert source.startswith(("seed", "tutorial")), duchy
    for a, b, _, _ in SEED_LINES:
        assert board.links_between(a, b)[0].source.startswith(("seed", "tutorial")), (a, b)


def test_reconstructed_duchies_say_so(board: Board) -> None:
    for duchy in wm.DUCHIES:
        source = board.locations[duchy].source
        assert source.startswith(("seed", "tutorial", "research", "reconstructed")), duchy


# --------------------------------------------------------------------------------------------
# Loader errors: a bad file names the entry
# --------------------------------------------------------------------------------------------

def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = wm.MAP_PATH.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "wellington.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


MADRID = 'id = "madrid"\nname = "Madrid"\nabbr = "MAD"\nx = 68\ny = 33\ncountry = "Spain"\n'


@pytest.mark.parametrize("old,new,message", [
    ('a = "valencia"\nb = "yecla"', 'a = "valencia"\nb = "yecal"',
     "(valencia-yecal): unknown location 'yecal'"),
    (MADRID + 'national = "Spain"\ncolour = "yellow"\noccupied = "AdN"',
     MADRID + 'national = "Spain"\ncolour = "yellow"\noccupied = "none"',
     "counts: 20 AdN blue dots (1.21) expected, found 19"),
    (MADRID + 'national = "Spain"\ncolour = "yellow"',
     MADRID + 'national = "Spain"\ncolour = "blue"',
     "(madrid): colour must be 'yellow'"),
    (MADRID, MADRID.replace('"Spain"', '"Portugal"'),
     "(madrid): a duchy in Portugal is National for GB, not Spain"),
    ('key = true\nfortress = 0\ncapital = true', 'key = true\nfortress = 3\ncapital = true',
     "location 'madrid': Madrid is a square, not a fortress"),
    ('occupied = "AdS"\nkey = true\nfortress = 3', 'occupied = "AdS"\nkey = true\nfortress = 5',
     "only Gibraltar has strength 5 (1.21), not ['badajoz', 'gibraltar']"),
    ('key = true\nfortress = 5', 'key = true\nfortress = 4',
     "(gibraltar): fortress must be 0 or one of (3, 5)"),
    ('id = "almaraz"\nname = "Almaraz"\nabbr = "ALMZ"\nx = 45\ny = 39\ncountry = "Spain"\n'
     'national = "Spain"\ncolour = "yellow"\noccupied = "AdN"\nkey = false\nfortress = 0',
     'id = "almaraz"\nname = "Almaraz"\nabbr = "ALMZ"\nx = 45\ny = 39\ncountry = "Spain"\n'
     'national = "Spain"\ncolour = "yellow"\noccupied = "AdN"\nkey = false\nfortress = 3',
     "(almaraz): a fortress is a star, hence a Key duchy"),
    ('sea_zones = ["atlantic", "mediterranean"]', 'sea_zones = ["atlantic"]',
     "Gibraltar belongs to both Zones"),
    ('port = "major"\nsea_zones = ["atlantic", "mediterranean"]',
     'port = "huge"\nsea_zones = ["atlantic", "mediterranean"]', "(gibraltar): bad port 'huge'"),
    ('id = "regroup"', 'id = "regrouping"', "location 'regroup': missing"),
    ('a = "valencia"\nb = "yecla"', 'a = "valencia"\nb = "england"',
     "'england' is an off-map box; boxes are never linked"),
    ('kind = "pass"', 'kind = "road"', "bad kind 'road'"),
])
def test_loader_errors_name_the_entry(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(BoardError) as err:
        wm.load_path(_edited(tmp_path, old, new))
    assert "wellington.toml" in str(err.value)
    assert message in str(err.value)


def test_a_wrong_key_list_is_refused(tmp_path: Path) -> None:
    old = ('national = "Spain"\ncolour = "yellow"\noccupied = "none"\nkey = false\nfortress = 0\n'
           'capital = false\nport = "none"\nsource = "seed 1.23')
    with pytest.raises(BoardError, match="Spanish Keys"):
        wm.load_path(_edited(tmp_path, old, old.replace("key = false", "key = true")))


def test_the_shipped_file_loads_through_load_path() -> None:
    board = wm.load_path(wm.MAP_PATH)
    assert board.game == wm.GAME_ID == "wellington"
    assert len(board.locations) == len(wm.load().locations)
    assert len(wm.DUCHIES) == 62 + len(wm.PORTUGUESE) + 1 + 8
