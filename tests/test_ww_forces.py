"""Washington's War generals and set-up: what the seed fixes, and the loaders' errors.

Rule numbers are the seed's (000 Italian, 12/08/2010; ../shared/rules/washingtons-war.md).
Ratings the seed gives are pinned exactly; the reconstructed ones only within the printed ranges.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pytest

from core.ww import forces
from core.ww.forces import ForcesError, General
from maps import washingtons_war as ww


@pytest.fixture(scope="module")
def generals() -> dict[str, General]:
    return dict(forces.generals())


@pytest.fixture(scope="module")
def setup() -> forces.Setup:
    return forces.setup()


# --------------------------------------------------------------------------------------------
# Generals (2.0, 2.2.C, 4.0)
# --------------------------------------------------------------------------------------------

AMERICANS = {"washington", "greene", "arnold", "gates", "lincoln", "lee", "lafayette"}
BRITISH = {"howe", "clinton", "cornwallis", "burgoyne", "carleton"}


def test_2_0_thirteen_generals_plus_the_french_navy_use_the_14_stands(generals, setup) -> None:
    assert len(generals) == 13 == setup.counter_mix.generals
    assert set(generals) == AMERICANS | BRITISH | {"rochambeau"}


def test_4_0_nationalities_and_who_plays_them(generals) -> None:
    for gid in AMERICANS:
        assert (generals[gid].nationality, generals[gid].side) == ("American", "American")
    for gid in BRITISH:
        assert (generals[gid].nationality, generals[gid].side) == ("British", "British")
    # 12.2.C: Rochambeau is treated as an American general
    assert (generals["rochambeau"].nationality, generals["rochambeau"].side) == ("French",
                                                                                 "American")


def test_2_2_c_ratings_are_in_the_printed_ranges(generals) -> None:
    for g in generals.values():
        assert 1 <= g.strategy <= 3, g.id
        assert 1 <= g.tactical <= 6, g.id
        assert 1 <= g.agility <= 3, g.id


def test_7_1_a_strategy_ratings_the_seed_gives(generals) -> None:
    assert generals["carleton"].strategy == 3  # needs a 3 OPS card
    assert generals["gates"].strategy == 2     # a 2 or a 3
    assert generals["greene"].strategy == 1    # any OPS card


def test_7_1_b_example_a_two_point_queue_activates_burgoyne(generals) -> None:
    assert generals["burgoyne"].strategy <= 2


def test_9_63_example_burgoyne_and_gates(generals) -> None:
    burgoyne, gates = generals["burgoyne"], generals["gates"]
    assert burgoyne.tactical == 2   # rolls 4: full rating 2
    assert burgoyne.agility == 1    # winner loses a CU on 1-2
    assert gates.tactical // 2 == 1  # rolls 1: half his rating (rounded down) is 1


def test_9_2_howe_tactical_rating_is_6(generals) -> None:
    assert generals["howe"].tactical == 6


def test_7_8_example_arnold_agility_is_2(generals) -> None:
    assert generals["arnold"].agility == 2


def test_7_9_a_washington_and_greene_retreat_with_plus_2(generals) -> None:
    for g in generals.values():
        assert g.retreat_bonus == (2 if g.id in ("washington", "greene") else 0), g.id


def test_research_howe_strategy_3(generals) -> None:
    assert generals["howe"].strategy == 3  # research generals.csv (S24)


def test_seed_ratings_are_marked_seed_and_the_rest_reconstructed(generals) -> None:
    seeded = {("carleton", "strategy"), ("gates", "strategy"), ("greene", "strategy"),
              ("burgoyne", "tactical"), ("burgoyne", "agility"), ("howe", "tactical"),
              ("arnold", "agility")}
    for g in generals.values():
        for field in ("strategy", "tactical", "agility"):
            source = getattr(g.source, field)
            if (g.id, field) in seeded:
                assert source.startswith("seed"), (g.id, field)
            else:
                assert "reconstructed" in source or "research" in source, (g.id, field)


START = {  # seed 4.0
    "carleton": "quebec", "howe": "boston", "washington": "lexington-concord",
    "greene": "newport", "burgoyne": "british-reinforcements",
    "clinton": "british-reinforcements", "cornwallis": "british-reinforcements",
    "arnold": "american-reinforcement-leaders", "lincoln": "american-reinforcement-leaders",
    "gates": "american-reinforcement-leaders", "lee": "american-reinforcement-leaders",
    "lafayette": "american-reinforcement-leaders", "rochambeau": "french-reinforcements",
}


@pytest.mark.parametrize("gid", sorted(START))
def test_4_0_where_each_general_starts(generals, gid: str) -> None:
    assert generals[gid].start == START[gid]


def test_start_positions_group_generals_by_location() -> None:
    positions = forces.start_positions()
    assert set(positions["british-reinforcements"]) == {"burgoyne", "clinton", "cornwallis"}
    assert positions["lexington-concord"] == ("washington",)


# --------------------------------------------------------------------------------------------
# The 1775 set-up (4.0)
# --------------------------------------------------------------------------------------------

def _placed(setup: forces.Setup) -> dict[tuple[str, str], forces.Placement]:
    return {(p.location, p.nationality): p for p in setup.placements}


def test_4_0_markers_start_on_1775_regulars_and_french_alliance_0(setup) -> None:
    assert (setup.start.year, setup.start.regulars_advantage, setup.start.french_alliance) \
        == (1775, True, 0)
    assert ww.TURN_TRACK[setup.start.year] == "turn-1775"


def test_4_0_british_set_up(setup) -> None:
    placed = _placed(setup)
    british = {loc: (p.cu, p.pc) for (loc, nat), p in placed.items() if nat == "British"}
    assert british == {"quebec": (2, True), "montreal": (0, True), "fort-detroit": (1, True),
                       "boston": (5, True), "norfolk": (0, True), "gilbert-town": (0, True),
                       "wilmington-nc": (0, True), "ninety-six": (0, True)}


def test_4_0_american_set_up(setup) -> None:
    placed = _placed(setup)
    american = {loc: (p.cu, p.pc, p.congress) for (loc, nat), p in placed.items()
                if nat == "American"}
    assert american == {"lexington-concord": (5, True, False), "newport": (2, False, False),
                        "charleston": (2, True, False), "philadelphia": (0, True, True)}


def test_4_0_french_box(setup) -> None:
    french = _placed(setup)[("french-reinforcements", "French")]
    assert (french.cu, french.french_navy, french.pc) == (5, True, False)
    assert forces.start_positions()["french-reinforcements"] == ("rochambeau",)


def test_4_0_sums_on_the_map(setup) -> None:
    on_map = [p for p in setup.placements if p.location in ww.SPACES]
    cu = Counter()
    pcs = Counter()
    for p in on_map:
        cu[p.nationality] += p.cu
        pcs[p.nationality] += p.pc
    assert cu == {"British": 8, "American": 9}   # 2+1+5 ; 5+2+2
    assert pcs == {"British": 8, "American": 3}
    assert [p.location for p in setup.placements if p.congress] == ["philadelphia"]
    assert sum(p.cu for p in setup.placements if p.nationality == "French") \
        == setup.counter_mix.french_cu == 5  # 12.2.C


def test_3_0_stacking_at_set_up(setup, generals) -> None:
    sides: dict[str, set[str]] = {}
    for p in setup.placements:
        sides.setdefault(p.location, set()).add(forces.side_of(p.nationality))
    for g in generals.values():
        sides.setdefault(g.start, set()).add(g.side)
        others = [h for h in generals.values() if h.start == g.start and h.side == g.side]
        if g.start in ww.SPACES:
            assert len(others) == 1, g.start  # one general per side in a space
    for loc, s in sides.items():
        if loc in ww.SPACES:
            assert len(s) == 1, loc  # no space holds both sides


def test_4_0_every_general_in_a_space_commands_cus(setup, generals) -> None:
    cu_at = {p.location: p.cu for p in setup.placements}
    for g in generals.values():
        if g.start in ww.SPACES:
            assert cu_at.get(g.start, 0) >= 1, g.id  # an Army (3.0) from the start


def test_4_0_6_1_e_two_cards_set_aside(setup) -> None:
    assert setup.deck.set_aside == ("Declaration of Independence",
                                    "Baron von Steuben Trains the Continental Army")


def test_4_0_committees_of_correspondence(setup) -> None:
    cc = setup.committees_of_correspondence
    assert (cc.side, cc.pcs_per_colony) == ("American", 1)
    assert cc.colonies == ww.COLONIES  # the thirteen, not Canada


def test_4_0_for_the_king(setup) -> None:
    ftk = setup.for_the_king
    assert (ftk.side, ftk.pcs) == ("British", 2)
    assert set(ftk.excluded_colonies) == {"MA", "CT", "NH", "PA", "VA"}


def test_5_1_8_1_a_a_british_number_for_every_year_of_the_turn_track(setup) -> None:
    assert [r.year for r in setup.reinforcements] == list(ww.TURN_TRACK)
    assert all(r.british_cu >= 0 for r in setup.reinforcements)
    with pytest.raises(KeyError):
        setup.british_reinforcements(1784)


def test_research_1775_british_reinforcements_are_3(setup) -> None:
    assert setup.british_reinforcements(1775) == 3  # research reinforcements.csv (S1, S24, S20)


def test_reconstructed_years_are_marked(setup) -> None:
    for r in setup.reinforcements:
        assert r.source.startswith("research" if r.year == 1775 else "reconstructed"), r.year


def test_2_0_counter_mix(setup) -> None:
    mix = setup.counter_mix
    assert (mix.round_pieces, mix.hexagonal_pieces) == (52, 68)


def test_records_are_frozen(setup, generals) -> None:
    with pytest.raises(AttributeError):
        generals["howe"].tactical = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        setup.start.year = 1776  # type: ignore[misc]


# --------------------------------------------------------------------------------------------
# Loader errors: a bad file names the entry
# --------------------------------------------------------------------------------------------

def _edited(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,message", [
    ('start = "boston"', 'start = "bostn"', "general 'howe': unknown location 'bostn' (start)"),
    ('id = "howe"\nname = "Howe"\nnationality = "British"\nside = "British"\nstrategy = 3\n'
     'tactical = 6', 'id = "howe"\nname = "Howe"\nnationality = "British"\nside = "British"\n'
     'strategy = 3\ntactical = 7', "general 'howe': Expected `int` <= 6 - at `$.tactical`"),
    ('strategy = 3\ntactical = 3\nagility = 2\nretreat_bonus = 0\nstart = "quebec"',
     'strategy = "3"\ntactical = 3\nagility = 2\nretreat_bonus = 0\nstart = "quebec"',
     "general 'carleton': Expected `int`, got `str` - at `$.strategy`"),
    ('id = "rochambeau"\nname = "Rochambeau"\nnationality = "French"\nside = "American"',
     'id = "rochambeau"\nname = "Rochambeau"\nnationality = "French"\nside = "British"',
     "general 'rochambeau': a French general is played by the American (12.2.C)"),
    ('start = "quebec"', 'start = "captured-generals"',
     "general 'carleton': a general starts on the map or in his own Reinforcements box"),
    ('id = "lee"', 'id = "lafayette"', "general 'lafayette': duplicate id 'lafayette'"),
    ('retreat_bonus = 2\nstart = "lexington-concord"',
     'retreat_bonus = 2\nstart = "lexington-concord"\nhorse = "Nelson"',
     "general 'washington': Object contains unknown field `horse`"),
])
def test_generals_loader_errors_name_the_entry(tmp_path: Path, old: str, new: str,
                                               message: str) -> None:
    with pytest.raises(ForcesError) as err:
        forces.load_generals(_edited(tmp_path, forces.GENERALS_PATH, old, new))
    assert str(err.value).startswith("generals.toml: ")
    assert message in str(err.value)


@pytest.mark.parametrize("old,new,message", [
    ('location = "ninety-six"', 'location = "ninety-seven"',
     "placement 'ninety-seven' (#8): unknown location 'ninety-seven'"),
    ('location = "boston"\nnationality = "British"\ncu = 5',
     'location = "boston"\nnationality = "British"\ncu = -5',
     "placement 'boston' (#4): Expected `int` >= 0 - at `$.cu`"),
    ('location = "newport"\nnationality = "American"',
     'location = "newport"\nnationality = "Hessian"',
     "placement 'newport' (#10): Invalid enum value 'Hessian' - at `$.nationality`"),
    ('location = "philadelphia"\nnationality = "American"',
     'location = "philadelphia"\nnationality = "British"',
     "placement 'philadelphia' (#12): the Continental Congress is American"),
    ('location = "montreal"\nnationality = "British"\ncu = 0',
     'location = "newport"\nnationality = "British"\ncu = 0',
     "location 'newport': both sides at set-up"),
    ('[[reinforcements]]\nyear = 1783', '[[reinforcements]]\nyear = 1784',
     "reinforcements 1784 (#9): no such year on the Turn Track (1775-1783)"),
    ('excluded_colonies = ["MA", "CT", "NH", "PA", "VA"]',
     'excluded_colonies = ["MA", "CT", "NH", "PA", "Virginia"]',
     "for_the_king: unknown colony 'Virginia'"),
    ('location = "quebec"\nnationality = "British"\ncu = 2\npc = true',
     'location = "captured-generals"\nnationality = "British"\ncu = 2\npc = true',
     "placement 'captured-generals' (#1): a PC marker is American or British and goes in a map "
     "space"),
    ('french_cu = 5', 'french_cu = 4', "5 French CUs placed, the counter mix has 4 (12.2.C)"),
    ('[start]\nyear = 1775', '[start]\nyear = 1776', "start: year 1776 is not the first space"),
])
def test_setup_loader_errors_name_the_entry(tmp_path: Path, old: str, new: str,
                                            message: str) -> None:
    with pytest.raises(ForcesError) as err:
        forces.load_setup(_edited(tmp_path, forces.SETUP_PATH, old, new))
    assert str(err.value).startswith("setup.toml: ")
    assert message in str(err.value)


def test_setup_missing_year_is_named(tmp_path: Path) -> None:
    text = forces.SETUP_PATH.read_text(encoding="utf-8")
    start = text.index("[[reinforcements]]\nyear = 1779")
    end = text.index("[[reinforcements]]", start + 1)
    path = tmp_path / "setup.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(ForcesError, match="no British number for 1779"):
        forces.load_setup(path)


def test_unreadable_files_give_one_clear_sentence(tmp_path: Path) -> None:
    with pytest.raises(ForcesError, match=r"^nowhere.toml: file not found"):
        forces.load_generals(tmp_path / "nowhere.toml")
    bad = tmp_path / "generals.toml"
    bad.write_text("[[general]\n", encoding="utf-8")
    with pytest.raises(ForcesError, match=r"^generals.toml: invalid TOML"):
        forces.load_generals(bad)


def test_setup_round_trips_through_msgspec(setup) -> None:
    again = msgspec.convert(msgspec.to_builtins(setup), forces.Setup)
    assert again == setup
