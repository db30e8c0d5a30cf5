"""maps.hexes: hex geometry, tested on the Gettysburg grid as the rules fix it (reference E.1,
rules 4.2, 5.0, 5.1, 5.2, 5.4.2, worked cases TC-3, TC-27, TC-28) and by generic properties."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from maps import hexes as hx
from maps.hexes import GridSpec

# The Gettysburg grid as docs/gettysburg-map.md reads it (the data file's [meta] says the same;
# tests/test_gettysburg_map.py checks that the two agree).
GB = GridSpec("ABCDEFGHIKLMNOPQRSTUV", 13, "even", ("E", "NE", "NW", "W", "SW", "SE"))
ODD = GridSpec("ABCDEFGHIKLMNOPQRSTUV", 13, "odd")
SMALL = GridSpec("ABCDEFG", 6, "odd")
SPECS = [GB, ODD, SMALL, GridSpec("ABCDEFG", 6, "even")]


def all_pairs(spec: GridSpec, n: int = 400, seed: int = 1) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    ids = hx.all_hexes(spec)
    return [(rng.choice(ids), rng.choice(ids)) for _ in range(n)]


# ---------------------------------------------------------------- ids (reference E.1)

def test_e1_grid_is_21_files_without_j_by_13_numbers():
    ids = hx.all_hexes(GB)
    assert len(ids) == 273 == 21 * 13
    assert ids[0] == "A1" and ids[-1] == "V13"
    assert not any(h.startswith("J") for h in ids)


@pytest.mark.parametrize("bad", ["J5", "A0", "A14", "W1", "a5", "A05", "", "K", "5A", "AA1", None])
def test_e1_bad_ids_are_rejected(bad):
    assert not hx.is_hex(bad, GB)
    with pytest.raises(ValueError):
        hx.offset(bad, GB)


def test_offset_is_letter_index_and_number_minus_one():
    assert hx.offset("A1", GB) == (0, 0)
    assert hx.offset("I5", GB) == (8, 4)
    assert hx.offset("K6", GB) == (9, 5)  # J skipped: K is the 10th file
    assert hx.offset("V13", GB) == (20, 12)
    assert hx.hex_id(9, 5, GB) == "K6"
    with pytest.raises(ValueError):
        hx.hex_id(21, 0, GB)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.letters[-1]}{s.rows}{s.shifted}")
def test_round_trips_id_offset_cube(spec):
    for h in hx.all_hexes(spec):
        assert hx.hex_id(*hx.offset(h, spec), spec) == h
        c = hx.cube(h, spec)
        assert sum(c) == 0
        assert hx.from_cube(c, spec) == h
    assert len({hx.cube(h, spec) for h in hx.all_hexes(spec)}) == spec.cols * spec.rows


def test_from_cube_off_the_grid_is_none():
    a1 = hx.cube("A1", GB)
    assert hx.from_cube(hx.cube_neighbour(a1, 0), GB) is None  # east of the east edge
    assert hx.from_cube(hx.cube_neighbour(a1, 4), GB) is None  # south of the south edge


# ---------------------------------------------------------------- adjacency and distance

def test_e1_same_number_in_neighbouring_files_is_adjacent_and_parity_picks_the_other():
    """E.1: (L, n) touches (L, n +- 1) and n in both neighbouring files; the parity decides
    whether n + 1 or n - 1 is the other neighbour there. Gettysburg: shifted files are the
    even-index ones (A, C, ..., I, L, N, ...), which sit toward the higher numbers."""
    for h in hx.all_hexes(GB):
        col, row = hx.offset(h, GB)
        n = row + 1
        for dcol in (-1, 1):
            if 0 <= col + dcol < GB.cols:
                letter = GB.letters[col + dcol]
                assert hx.adjacent(h, f"{letter}{n}", GB)
                other = n + 1 if GB.is_shifted(col) else n - 1
                if 1 <= other <= GB.rows:
                    assert hx.adjacent(h, f"{letter}{other}", GB)
        if n < GB.rows:
            assert hx.adjacent(h, f"{h[0]}{n + 1}", GB)


def test_e1_i_and_k_are_neighbouring_files_because_j_is_skipped():
    assert hx.distance("I5", "K5", GB) == 1
    assert hx.distance("H5", "L5", GB) == 3


def test_8_0_cemetery_ridge_vp_hexes_form_a_chain_to_cemetery_hill():
    """8.0 names I5, K6, L6, M6 "Cemetery Ridge"; with this parity they are a chain of
    adjacent hexes that reaches Cemetery Hill (N5) and, through N4, Culp's Hill (N3)."""
    chain = ["N3", "N4", "N5", "M6", "L6", "K6", "I5"]
    assert all(hx.adjacent(a, b, GB) for a, b in itertools.pairwise(chain))


def test_8_0_the_other_parity_would_break_the_ridge():
    assert not hx.adjacent("I5", "K6", ODD)
    assert not hx.adjacent("M6", "N5", ODD)


def test_e1_distance_cemetery_hill_to_little_round_top_is_9():
    """E.1 distance check: N5 to D6 is 9 files (about 3.6 km at 400 m a hex)."""
    assert hx.distance("N5", "D6", GB) == 9
    assert hx.distance("D6", "N5", GB) == 9


def test_4_2_zone_of_control_is_the_six_adjacent_hexes():
    """4.2: a unit's ZoC is the 6 hexes adjacent to it; edge hexes have fewer on the map."""
    for h in hx.all_hexes(GB):
        nbrs = hx.neighbours(h, GB)
        assert all(hx.distance(h, n, GB) == 1 for n in nbrs.values())
        col, row = hx.offset(h, GB)
        interior = 0 < col < GB.cols - 1 and 0 < row < GB.rows - 1
        if interior:
            assert len(nbrs) == 6
    assert len(hx.neighbours("K6", GB)) == 6
    assert set(hx.neighbours("A1", GB).values()) == {"A2", "B1", "B2"}
    assert len(hx.neighbours("V13", GB)) == 2


def test_direction_names_on_the_gettysburg_compass():
    """Letters run south to north and numbers east to west (E.1), so the directions read as a
    compass: K6's east neighbour is K5, its north-west one L6, and so on."""
    assert hx.neighbours("K6", GB) == {"E": "K5", "NE": "L5", "NW": "L6", "W": "K7",
                                       "SW": "I6", "SE": "I5"}
    assert hx.neighbours("I5", GB) == {"E": "I4", "NE": "K5", "NW": "K6", "W": "I6",
                                       "SW": "H6", "SE": "H5"}
    assert hx.direction("K6", "L6", GB) == "NW"
    assert hx.direction("L6", "K6", GB) == "SE"
    assert hx.opposite("NW", GB) == "SE"
    with pytest.raises(ValueError):
        hx.direction("K6", "K8", GB)


def test_5_0_tc_3_artillery_range_is_four_hexes():
    """5.0 / TC-3: artillery fires up to 4 hexes (F3/2/1/1): an interior hex has 6, 12, 18, 24
    hexes at distance 1, 2, 3, 4 -- 60 possible targets -- and none at 5 is within range."""
    reach = hx.within("K7", 4, GB)
    by_distance = [sum(1 for h in reach if hx.distance("K7", h, GB) == d) for d in range(1, 5)]
    assert by_distance == [6, 12, 18, 24]
    assert "K7" not in reach
    assert all(hx.distance("K7", h, GB) <= 4 for h in reach)
    assert "K12" not in reach and hx.distance("K7", "K12", GB) == 5
    assert hx.within("K7", 1, GB) == sorted(hx.neighbours("K7", GB).values(),
                                            key=lambda h: hx.offset(h, GB))


def test_5_4_2_rear_hemisphere_is_the_three_hexes_two_away_from_the_attacker():
    """5.4.2 / AMB-19: a unit attacked from direction k retreats into one of the 3 rear hexes,
    directions k+2, k+3, k+4 -- exactly its neighbours at distance 2 from the attacker."""
    h = "K7"
    c = hx.cube(h, GB)
    for k in range(6):
        attacker = hx.from_cube(hx.cube_neighbour(c, k), GB)
        rear = {hx.from_cube(hx.cube_neighbour(c, k + j), GB) for j in (2, 3, 4)}
        far = {n for n in hx.neighbours(h, GB).values() if hx.distance(attacker, n, GB) == 2}
        assert rear == far and len(rear) == 3


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.letters[-1]}{s.rows}{s.shifted}")
def test_distance_is_a_metric(spec):
    pairs = all_pairs(spec, 300)
    for a, b in pairs:
        d = hx.distance(a, b, spec)
        assert d == hx.distance(b, a, spec)
        assert (d == 0) == (a == b)
    rng = random.Random(5)
    ids = hx.all_hexes(spec)
    for _ in range(300):
        a, b, c = rng.choice(ids), rng.choice(ids), rng.choice(ids)
        assert hx.distance(a, c, spec) <= hx.distance(a, b, spec) + hx.distance(b, c, spec)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.letters[-1]}{s.rows}{s.shifted}")
def test_neighbours_are_at_distance_one_and_symmetric(spec):
    for h in hx.all_hexes(spec):
        for name, n in hx.neighbours(h, spec).items():
            assert hx.distance(h, n, spec) == 1
            assert hx.direction(h, n, spec) == name
            assert hx.neighbours(n, spec)[hx.opposite(name, spec)] == h


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.letters[-1]}{s.rows}{s.shifted}")
def test_drawing_centres_of_neighbours_are_one_hex_apart(spec):
    """center() (the offset layout a canvas draws) agrees with the cube adjacency: neighbours
    are sqrt(3) apart, non-neighbours farther."""
    for h in hx.all_hexes(spec):
        x, y = hx.center(h, spec)
        for n in hx.neighbours(h, spec).values():
            nx, ny = hx.center(n, spec)
            assert math.isclose(math.hypot(nx - x, ny - y), math.sqrt(3))
    assert hx.center("A1", GB) == (0.0, math.sqrt(3) / 2)  # A is shifted
    assert hx.center("B1", GB) == (1.5, 0.0)


def test_hexside_key_is_an_unordered_pair_of_adjacent_hexes():
    assert hx.hexside("K6", "L6", GB) == hx.hexside("L6", "K6", GB) == frozenset({"K6", "L6"})
    with pytest.raises(ValueError):
        hx.hexside("K6", "K8", GB)
    with pytest.raises(ValueError):
        hx.hexside("K6", "K6", GB)


# ---------------------------------------------------------------- lines

@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.letters[-1]}{s.rows}{s.shifted}")
def test_line_is_a_chain_of_distance_plus_one_adjacent_hexes(spec):
    for a, b in all_pairs(spec, 300):
        for nudge in (1, -1):
            ln = hx.line(a, b, spec, nudge)
            assert ln[0] == a and ln[-1] == b
            assert len(ln) == hx.distance(a, b, spec) + 1
            assert all(hx.adjacent(x, y, spec) for x, y in itertools.pairwise(ln))
            assert [hx.distance(a, x, spec) for x in ln] == list(range(len(ln)))


def test_line_tie_rule_nudges_to_either_side_of_a_hexside():
    """Along a hexside (the segment K6 -> M6 runs between L5 and L6 at its middle), the two
    nudges pick the two hexes; off such ties both nudges agree."""
    assert hx.line("K6", "M6", GB, 1)[1] != hx.line("K6", "M6", GB, -1)[1]
    assert {hx.line("K6", "M6", GB, n)[1] for n in (1, -1)} == {"L5", "L6"}
    assert hx.line("N5", "D6", GB, 1) == hx.line("N5", "D6", GB, -1)


def test_line_along_the_edge_stays_on_the_grid():
    assert hx.line("A13", "C13", GB, 1) == hx.line("A13", "C13", GB, -1) == ["A13", "B13", "C13"]


# ---------------------------------------------------------------- line of sight (5.1, 5.2)

def obstruction_from(levels: dict[str, int]):
    """An obstruction function: hex -> the level it blocks at (blocking terrain or a unit)."""
    return lambda h: levels.get(h)


def spine_pair(a: str) -> tuple[str, str, str]:
    """A target two hexes from ``a`` whose line of sight runs exactly along one hexside, and
    the two hexes sharing that hexside."""
    c = hx.cube(a, GB)
    b = hx.from_cube((c[0] + 2, c[1] - 1, c[2] - 1), GB)
    crossed, spines = hx.sight_crossings(c, hx.cube(b, GB))
    assert crossed == [] and len(spines) == 1
    x, y = (hx.from_cube(s, GB) for s in spines[0])
    return b, x, y


def test_5_1_adjacent_hexes_always_see_each_other():
    """5.1 [INF]: nothing lies between adjacent hexes; the end hexes never block."""
    every = {h: 2 for h in hx.all_hexes(GB)}
    for n in hx.neighbours("K6", GB).values():
        assert hx.line_of_sight("K6", n, GB, obstruction_from(every), eye=0)
    assert hx.sight_crossings(hx.cube("K6", GB), hx.cube("K5", GB)) == ([], [])


def test_5_1_tc_27_woods_between_blocks_a_level_0_firer():
    """TC-27: artillery on level 0, target 3 hexes away, woods (level 0) between: blocked."""
    assert hx.sight_crossings(hx.cube("K1", GB), hx.cube("K4", GB))[0] == \
        [hx.cube("K2", GB), hx.cube("K3", GB)]
    woods = obstruction_from({"K2": 0})
    assert hx.sight_blockers("K1", "K4", GB, woods, eye=0) == ["K2"]
    assert not hx.line_of_sight("K1", "K4", GB, woods, eye=0)


def test_5_2_tc_27_a_firer_on_a_hill_sees_over_level_0_obstructions():
    """5.2 / TC-27 [R AMB-14]: from a hill (level 1) artillery fires over obstructed hexes at a
    lower level: the level-0 woods and a unit in a level-0 hex no longer block."""
    woods = obstruction_from({"K2": 0})
    assert hx.line_of_sight("K1", "K4", GB, woods, eye=1)
    unit = obstruction_from({"K3": 0})
    assert not hx.line_of_sight("K1", "K4", GB, unit, eye=0)
    assert hx.line_of_sight("K1", "K4", GB, unit, eye=1)


def test_5_2_a_hill_blocks_a_hill_but_not_a_wooded_hill():
    """5.2 [R AMB-14]: an obstruction blocks when its level is >= the firer's: a hill (level 1)
    blocks a firer on a hill; a firer on a wooded or rough hill (level 2) sees over it; a
    level-2 obstruction blocks everyone."""
    hill = obstruction_from({"K2": 1})
    assert not hx.line_of_sight("K1", "K4", GB, hill, eye=0)
    assert not hx.line_of_sight("K1", "K4", GB, hill, eye=1)
    assert hx.line_of_sight("K1", "K4", GB, hill, eye=2)
    wooded_hill = obstruction_from({"K3": 2})
    assert not hx.line_of_sight("K1", "K4", GB, wooded_hill, eye=2)


def test_5_1_tc_28_line_along_a_hexside_is_blocked_only_if_both_hexes_block():
    """5.1 / TC-28: a line of fire running exactly along a hexside is blocked only if both hexes
    sharing it block: woods on one side and open ground on the other -> clear; woods on both,
    units on both, or woods on one and a unit on the other -> blocked."""
    b, x, y = spine_pair("K5")
    assert hx.distance("K5", b, GB) == 2
    assert hx.line_of_sight("K5", b, GB, obstruction_from({x: 0}), eye=0)
    assert hx.line_of_sight("K5", b, GB, obstruction_from({y: 0}), eye=0)
    assert not hx.line_of_sight("K5", b, GB, obstruction_from({x: 0, y: 0}), eye=0)
    assert hx.sight_blockers("K5", b, GB, obstruction_from({x: 0, y: 0})) == [f"{x}|{y}"] \
        or hx.sight_blockers("K5", b, GB, obstruction_from({x: 0, y: 0})) == [f"{y}|{x}"]
    # a hill firer sees over both level-0 sides
    assert hx.line_of_sight("K5", b, GB, obstruction_from({x: 0, y: 0}), eye=1)


def test_5_1_spine_at_range_four_alternates_hexsides_and_hexes():
    """Along a hexside direction at range 4 the line runs along a hexside, crosses the centre
    of the middle hex, then along another hexside: the middle hex blocks alone."""
    a = hx.cube("K5", GB)
    b = (a[0] + 4, a[1] - 2, a[2] - 2)
    crossed, spines = hx.sight_crossings(a, b)
    assert crossed == [(a[0] + 2, a[1] - 1, a[2] - 1)] and len(spines) == 2
    target = hx.from_cube(b, GB)
    middle = hx.from_cube(crossed[0], GB)
    assert not hx.line_of_sight("K5", target, GB, obstruction_from({middle: 0}))
    one_side_each = {hx.from_cube(s[0], GB): 0 for s in spines}
    assert hx.line_of_sight("K5", target, GB, obstruction_from(one_side_each))


def test_5_1_sight_crossings_agree_with_the_two_nudged_lines_up_to_range_5():
    """Up to distance 5 (artillery reaches 4) the exact crossing set is the union of the two
    nudged lines: each hex of either line is crossed or a side of a spine."""
    for a, b in all_pairs(GB, 2000, seed=3):
        if hx.distance(a, b, GB) > 5 or a == b:
            continue
        crossed, spines = hx.sight_crossings(hx.cube(a, GB), hx.cube(b, GB))
        exact = {hx.from_cube(c, GB) for c in crossed} | {
            hx.from_cube(c, GB) for pair in spines for c in pair}
        lines = set(hx.line(a, b, GB, 1)[1:-1]) | set(hx.line(a, b, GB, -1)[1:-1])
        assert exact - {None} == lines


def test_5_1_line_of_sight_is_symmetric_between_same_level_ends():
    rng = random.Random(11)
    ids = hx.all_hexes(GB)
    for _ in range(200):
        blocked = {h: 0 for h in rng.sample(ids, 60)}
        a, b = rng.choice(ids), rng.choice(ids)
        ob = obstruction_from(blocked)
        assert hx.line_of_sight(a, b, GB, ob) == hx.line_of_sight(b, a, GB, ob)


def test_5_1_far_lines_can_clip_hexes_the_lerp_skips():
    """Beyond range 5 a straight line can cut the corner of a hex that both nudged lines miss;
    line of sight uses the exact crossings (documented in maps.hexes)."""
    a, b = (0, 0, 0), (9, 2, -11)
    crossed, _ = hx.sight_crossings(a, b)
    lerp = set(hx.cube_line(a, b, 1)) | set(hx.cube_line(a, b, -1))
    assert (3, 0, -3) in crossed and (3, 0, -3) not in lerp


def test_gridspec_rejects_bad_specs():
    with pytest.raises(ValueError):
        GridSpec("AAB", 3)
    with pytest.raises(ValueError):
        GridSpec("AB", 0)
    with pytest.raises(ValueError):
        GridSpec("AB", 3, "left")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GridSpec("AB", 3, "even", ("N", "N", "S", "E", "W", "X"))
