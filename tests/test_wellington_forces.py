"""Wellington forces, set-ups and reinforcement charts (core/wellington/forces.py and its TOML
files) against every number the seed fixes: the counter mix (1.5), flags (1.7, 1.9), the
commanders it rates (C.7), the tutorial's 1812 deployment, Resources (2.3), Key duchies (C.10),
the 1813 notes (§F.3) and the charts (16.21-16.23). Rule numbers are the seed's."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.wellington import forces as F
from core.wellington.state import (ADN, ADS, ALLIES, ENGLAND, FRENCH, GB, POWERS, SIDE, SPAIN,
                                   UNBUILT)

from maps import wellington as wmap

PREFIXES = ("seed", "tutorial", "research", "history:", "reconstructed:", "card #")


def sp(t: list[int] | tuple[int, int, int]) -> int:
    return t[0] + 2 * t[1] + 4 * t[2]


@pytest.fixture(scope="module")
def forces() -> F.Forces:
    return F.forces()


@pytest.fixture(scope="module")
def setup() -> F.Setup:
    return F.setup()


# ---- 1.5 soldiers and the counter mix ----------------------------------------------------------


def test_1_5_soldier_values(forces: F.Forces) -> None:
    assert {k: v.sp for k, v in forces.soldier.items()} == {
        "infantry": 1, "cavalry": 2, "artillery": 4}


def test_1_5_counter_mix(forces: F.Forces) -> None:
    mix = {m.power: (m.infantry, m.cavalry, m.artillery, m.counters) for m in forces.counter_mix}
    assert mix == {GB: (14, 6, 3, 23), SPAIN: (23, 9, 6, 38), ADS: (23, 8, 3, 34),
                   ADN: (23, 8, 3, 34)}
    assert {m.power: m.sp for m in forces.counter_mix} == {GB: 38, SPAIN: 65, ADS: 51, ADN: 51}


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_1_5_soldiers_within_the_counter_mix(forces: F.Forces, scenario: str) -> None:
    d = F.deployment(scenario)
    for power in POWERS:
        used = [sum(here.get(power, [0, 0, 0])[t] for here in d.troops.values()) for t in range(3)]
        limit = forces.mix(power).by_type()
        assert all(u <= lim for u, lim in zip(used, limit)), (power, used, limit)


# ---- 1.7, 1.9 flags ----------------------------------------------------------------------------


def test_1_7_flag_limits(forces: F.Forces) -> None:
    assert (forces.flags.french, forces.flags.allied) == (35, 45)
    assert sum(forces.flags_of(p) for p in POWERS if SIDE[p] == FRENCH) == 35
    assert sum(forces.flags_of(p) for p in POWERS if SIDE[p] == ALLIES) == 45
    # 1.9: one flag per Power marks the Control Chart
    assert forces.flag_limit(FRENCH) == 33 and forces.flag_limit(ALLIES) == 43


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_1_7_flags_at_start_within_the_limits(forces: F.Forces, scenario: str) -> None:
    flags = F.deployment(scenario).flags
    for side in (FRENCH, ALLIES):
        assert sum(1 for p in flags.values() if SIDE[p] == side) <= forces.flag_limit(side)
    for power in POWERS:
        assert sum(1 for p in flags.values() if p == power) <= forces.flags_of(power) - 1


def test_f2_no_flags_in_1812() -> None:
    assert F.deployment("1812").flags == {}


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_7_no_flag_of_the_printed_owner(scenario: str) -> None:
    for duchy, power in F.deployment(scenario).flags.items():
        assert wmap.PRINTED_OWNER[duchy] != power, duchy


# ---- 1.6 commanders (C.7) ----------------------------------------------------------------------


def test_c7_commander_values_the_seed_prints(forces: F.Forces) -> None:
    values = {c.id: (c.power, c.bv, c.cv) for c in forces.commanders}
    assert values["wellington"] == (GB, 5, 9)      # tutorial, 1.61, 9.63
    assert values["beresford"] == (GB, 2, 6)       # tutorial
    assert values["de-espana"] == (SPAIN, 1, 4)    # tutorial, 9.63
    assert values["marmont"] == (ADN, 2, 6)        # tutorial
    assert values["clausel"] == (ADN, 2, 4)        # tutorial
    assert values["joseph"] == (ADN, 1, 4)         # tutorial (Giuseppe)
    assert values["soult"] == (ADS, 4, 9)          # 11.53 example, #109 (AdS card)
    assert values["hill"][0] == GB and values["hill"][2] == 4          # 9.63
    assert values["suchet"][2] == 6                                     # differences chapter
    assert values["blake"][0] == SPAIN                                  # tutorial


def test_1_6_ratings_and_powers(forces: F.Forces) -> None:
    for c in forces.commanders:
        assert c.power in POWERS
        assert 1 <= c.bv <= 5 and c.cv in (4, 6, 9), c.id
    for power in POWERS:
        assert forces.commanders_of(power), power
    # the tutorial calls Soult the best French general: no French commander rates higher
    assert max(c.bv for c in forces.commanders if SIDE[c.power] == FRENCH) == 4


def test_c7_values_not_in_the_seed_say_reconstructed(forces: F.Forces) -> None:
    seed_rated = {"wellington", "beresford", "de-espana", "marmont", "clausel", "joseph",
                  "soult"}
    for c in forces.commanders:
        for field in ("power", "bv", "cv"):
            text = getattr(c.source, field)
            assert text.startswith(PREFIXES), (c.id, field, text)
        if c.id not in seed_rated:
            assert "reconstructed" in c.source.bv, c.id
    assert "reconstructed" in forces.commander("suchet").source.power   # §K 7: Power not stated


def test_6_1_commander_build_cost(forces: F.Forces) -> None:
    assert [F.build_cost(cv) for cv in (4, 6, 9)] == [2, 3, 5]
    assert forces.commander("suchet").build_cost == 3      # differences chapter
    assert forces.commander("de-espana").build_cost == 2   # TC-E25


def test_1_6_staff_officer_counters_never_bind(forces: F.Forces) -> None:
    for power in POWERS:
        assert forces.staff_officer_counters(power) >= len(forces.commanders_of(power))


# ---- §F.2 the tutorial's 1812 deployment -------------------------------------------------------

TUTORIAL_1812 = {   # location -> Power -> [infantry, cavalry, artillery]
    "valladolid": {ADN: [0, 1, 0]}, "avila": {ADN: [0, 1, 0]}, "madrid": {ADN: [1, 0, 0]},
    "leon": {ADN: [0, 1, 0]}, "zamora": {ADN: [0, 1, 0]},
    "saldana": {ADN: [1, 0, 0]}, "salamanca": {ADN: [1, 0, 0]}, "lerma": {ADN: [1, 0, 0]},
    "toledo": {ADN: [1, 0, 0]}, "talavera-de-la-reina": {ADN: [1, 0, 0]},
    "almaraz": {ADN: [1, 0, 0]},
    "caceres": {ADS: [1, 0, 0]}, "aranjuez": {ADS: [1, 0, 0]},
    "lisbon": {GB: [0, 1, 0]},
    "ciudad-rodrigo": {GB: [1, 0, 1], SPAIN: [1, 0, 0]},
    ENGLAND: {GB: [0, 1, 0]}, "palma": {GB: [0, 1, 0]},
}
TUTORIAL_COMMANDERS = {"marmont": "valladolid", "clausel": "avila", "joseph": "madrid",
                       "beresford": "lisbon", "wellington": "ciudad-rodrigo",
                       "de-espana": "ciudad-rodrigo", "blake": "valencia"}
# the illustrated centre of the map: nothing else stands there (Mérida, Lumbrales, Fuentes
# d'Oñoro are in it and empty; G.9 63: no infantry at Lumbrales)
ILLUSTRATED = {*TUTORIAL_1812, "merida", "lumbrales", "fuentes-d-onoro"} - {ENGLAND, "palma"}


def test_f2_tutorial_deployment_exactly() -> None:
    d = F.deployment("1812")
    for loc, expected in TUTORIAL_1812.items():
        assert d.troops.get(loc, {}) == expected, loc
    for cid, loc in TUTORIAL_COMMANDERS.items():
        assert d.commanders[cid] == loc, cid
    for loc in ILLUSTRATED - set(TUTORIAL_1812):
        assert loc not in d.troops, loc
    here = {cid for cid, loc in d.commanders.items() if loc in ILLUSTRATED}
    assert here == set(TUTORIAL_COMMANDERS) - {"blake"}


def test_f2_tutorial_armies() -> None:
    d = F.deployment("1812")
    armies = {p.commander: p.by_type() for p in d.placements if p.commander}
    assert armies["wellington"] == (1, 0, 1)      # TC-E02: 5 SP besieging
    assert armies["de-espana"] == (1, 0, 0)       # "una singola fanteria"
    assert armies["marmont"] == (0, 1, 0)         # TC-E13: 2 SP
    assert armies["clausel"] == (0, 1, 0)
    assert armies["joseph"] == (1, 0, 0)          # TC-E22: joined by a cavalry = 3 SP
    assert armies["beresford"] == (0, 1, 0)       # TC-E10: the cavalry moves off alone
    # the Anglo-Spanish Army Group under Wellington (tutorial, TC-E02, TC-E07)
    assert d.leading["ciudad-rodrigo"] == "wellington"
    (group,) = d.army_groups
    assert (group.location, group.commander, set(group.members)) == (
        "ciudad-rodrigo", "wellington", {"wellington", "de-espana"})
    # Ciudad Rodrigo has no AdN unit: a fortress held by its printed blue dot
    assert ADN not in d.troops["ciudad-rodrigo"]


def test_tc_e20_palma_cavalry_is_2_sp() -> None:
    assert sp(F.deployment("1812").troops["palma"][GB]) == 2


# ---- 2.3 Resources, C.10 Key duchies, §F scenarios ---------------------------------------------


def test_2_3_resources() -> None:
    assert F.deployment("1812").resources == {GB: 1, ADS: 1, SPAIN: 1, ADN: 2}
    assert F.deployment("1813").resources == {GB: 3, ADS: 0, SPAIN: 1, ADN: 1}


def test_c10_key_duchies_and_vp_markers() -> None:
    k12 = F.deployment("1812").key_duchies
    k13 = F.deployment("1813").key_duchies
    assert {p: len(v) for p, v in k12.items()} == {GB: 5, SPAIN: 4, ADS: 7, ADN: 8}
    assert {p: len(v) for p, v in k13.items()} == {GB: 5, ADS: 4, ADN: 7, SPAIN: 8}
    assert set(k12[SPAIN]) == {"valencia", "cartagena", "cadiz", "oviedo"}
    assert set(k13[ADS]) == {"valencia", "barcelona", "toulouse", "perpignan"}
    assert "ciudad-rodrigo" in k12[ADN] and "ciudad-rodrigo" in k13[SPAIN]
    for keys in (k12, k13):
        assert len({d for v in keys.values() for d in v}) == 24   # every Key, once


def _control(duchy: str, flags: dict[str, str]) -> str:
    """3.1 without Formations: the flag's Power, else the printed owner."""
    return flags.get(duchy, wmap.PRINTED_OWNER[duchy])


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_c10_key_lists_follow_from_the_map_and_the_flags(scenario: str) -> None:
    d = F.deployment(scenario)
    listed = {duchy: power for power, duchies in d.key_duchies.items() for duchy in duchies}
    assert set(listed) == set(wmap.KEYS)
    for duchy, power in listed.items():
        assert _control(duchy, d.flags) == power, duchy


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_3_1_formations_start_in_friendly_duchies(scenario: str) -> None:
    d = F.deployment(scenario)
    sieges = {("1812", "ciudad-rodrigo")}   # tutorial: Wellington and De España besiege it
    for p in d.placements:
        if p.location == ENGLAND:
            continue
        owner = _control(p.location, d.flags)
        if SIDE[owner] != SIDE[p.power]:
            assert (scenario, p.location) in sieges, (p.location, p.power)
            assert wmap.FORTRESSES[p.location]


def test_f3_spanish_soldiers_in_formerly_occupied_duchies_carry_spanish_flags() -> None:
    d = F.deployment("1813")
    for loc, powers in d.troops.items():
        if SPAIN in powers and loc != ENGLAND and wmap.PRINTED_OWNER[loc] in (ADN, ADS):
            assert d.flags.get(loc) == SPAIN, loc


def test_f3_valencia_flag_and_spanish_flags() -> None:
    flags = F.deployment("1813").flags
    assert flags["valencia"] == ADS
    for duchy in ("ciudad-rodrigo", "granada", "cordoba", "sevilla", "badajoz"):
        assert flags[duchy] == SPAIN


def test_f_scenarios_start(setup: F.Setup) -> None:
    s12, s13 = setup.scenario("1812"), setup.scenario("1813")
    assert (s12.year, s12.first_impulse, s12.french_nationality_bonus) == (1812, GB, 2)
    assert (s13.year, s13.first_impulse, s13.french_nationality_bonus) == (1813, GB, 1)
    assert s12.removed_cards == s12.played_cards == s12.appeal_reminders == ()
    assert s13.removed_cards == (99,)
    assert set(s13.played_cards) == {4, 6, 38}
    assert F.appeal_modifier(s13.appeal_reminders) == 3     # §F.3: +2 (#4) +1 (#38)


def test_f3_common_deck_of_83(setup: F.Setup) -> None:
    # §F.3: #4, #6 and #38 are common cards (1-86) out of the deck; #99 is French national
    s13 = setup.scenario("1813")
    assert 86 - sum(1 for c in s13.played_cards if c <= 86) == 83
    assert all(99 <= c <= 110 for c in s13.removed_cards)


def test_2_4_deal(setup: F.Setup) -> None:
    assert setup.deal.common == 6
    assert setup.deal.national == {GB: 3, ADS: 2, SPAIN: 2, ADN: 2}


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_every_commander_placed_or_unbuilt(forces: F.Forces, scenario: str) -> None:
    d = F.deployment(scenario)
    assert set(d.commanders) == {c.id for c in forces.commanders}
    for cid, loc in d.commanders.items():
        assert loc == UNBUILT or loc in d.troops or any(
            p.commander == cid for p in d.placements), cid


@pytest.mark.parametrize("scenario", F.SCENARIOS)
def test_1_61_armies_within_command_value(forces: F.Forces, scenario: str) -> None:
    for p in F.deployment(scenario).placements:
        if p.commander:
            assert p.sp <= forces.commander(p.commander).cv, p.commander


def test_every_location_is_on_the_map(setup: F.Setup) -> None:
    board = frozenset(wmap.load().locations)
    F.load_setup(board=board)    # raises on an unknown location
    used = {p.location for p in setup.placements} | {f.location for f in setup.flags} | {
        d for k in setup.key_duchies for d in k.duchies}
    assert used <= board
    assert ENGLAND == wmap.ENGLAND


def test_provenance_on_every_fact(forces: F.Forces, setup: F.Setup) -> None:
    sources = [*(m.source for m in forces.counter_mix), forces.flags.source,
               *(s.source for s in forces.flag_split), *(s.source for s in forces.staff_officers),
               *(s.source for s in setup.scenarios), setup.deal.source,
               *(r.source for r in setup.resources), *(k.source for k in setup.key_duchies),
               *(f.source for f in setup.flags), *(g.source for g in setup.army_groups),
               *(p.source for p in setup.placements), *(a.source for a in setup.absent)]
    for text in sources:
        assert text.startswith(PREFIXES), text


# ---- 16.21-16.23 reinforcement charts ----------------------------------------------------------


def test_16_21_appeal_to_the_emperor() -> None:
    got = {roll: F.appeal_result(roll) for roll in range(1, 13)}
    assert got == {1: 8, 2: 6, 3: 6, 4: 4, 5: 4, 6: 3, 7: 0, 8: -2, 9: -4, 10: -8, 11: -8,
                   12: -8}
    assert F.appeal_result(-2) == 8        # a 1 with #86's -3
    mods = {m.card: (m.value, m.lasting) for m in F.charts().appeal_to_the_emperor.modifiers}
    assert mods == {4: (2, True), 5: (2, True), 26: (1, True), 38: (1, True), 39: (1, True),
                    86: (-3, False)}
    assert F.charts().appeal_to_the_emperor.dice == 1


def test_16_22_letter_to_the_horse_guards() -> None:
    hg = F.charts().horse_guards
    assert (hg.power, hg.dice, hg.card_die) == (GB, 4, 72)
    assert F.horse_guards_modifier({"lisbon", "porto"}) == 0
    assert F.horse_guards_modifier({"porto"}) == -4
    assert F.horse_guards_modifier({"lisbon"}) == -2
    assert F.horse_guards_modifier(set()) == -6


def test_16_23_popular_uprising() -> None:
    pu = F.charts().popular_uprising
    assert (pu.power, pu.dice, pu.card_die) == (SPAIN, 2, 72)
    assert F.popular_uprising_bonus(3) == 1       # the seed's example
    assert [F.popular_uprising_bonus(k) for k in (0, 1, 2, 4, 5, 8)] == [0, 0, 1, 2, 2, 4]


def test_6_costs() -> None:
    c = F.charts().costs
    assert (c.build_per_sp, c.regroup_per_sp, c.regroup_commander, c.extra_deployment) == (
        2, 1, 1, 1)


# ---- the loaders refuse bad data, naming the entry ---------------------------------------------


def _variant(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,message", [
    ('id = "soult"\nname = "Soult"\npower = "AdS"\nbv = 4\ncv = 9',
     'id = "soult"\nname = "Soult"\npower = "AdS"\nbv = 4\ncv = 8', "commander 'soult'"),
    ('id = "soult"\nname = "Soult"\npower = "AdS"\nbv = 4',
     'id = "soult"\nname = "Soult"\npower = "AdS"\nbv = 6', "commander 'soult'"),
    ('power = "GB"\ninfantry = 14\ncavalry = 6\nartillery = 3\ncounters = 23',
     'power = "GB"\ninfantry = 14\ncavalry = 6\nartillery = 3\ncounters = 24', "counter_mix GB"),
    ('power = "Spain"\nflags = 30', 'power = "Spain"\nflags = 31', "flag_split"),
    ('[flags]\nfrench = 35', '[flags]\nfrench = 35\ncolour = "blue"', "colour"),
])
def test_forces_loader_errors(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = _variant(tmp_path, F.FORCES_PATH, old, new)
    with pytest.raises(F.ForcesError, match=message):
        F.load_forces(path)


@pytest.mark.parametrize("old,new,message", [
    ('commander = "joseph"\ninfantry = 1', 'commander = "josef"\ninfantry = 1',
     "commander 'josef' is not in forces.toml"),
    ('commander = "joseph"\ninfantry = 1', 'commander = "soult"\ninfantry = 1', "AdS's, not AdN"),
    ('commander = "marmont"\ncavalry = 1', 'commander = "marmont"\ncavalry = 4',
     "Command Value is 6"),
    ('location = "leon"\ncavalry = 1', 'location = "leon"\ncavalry = 9', "counter mix has 8"),
    ('commander = "graham"\nsource = "reconstructed: not in',
     'commander = "marmont"\nsource = "reconstructed: not in', "also placed"),
    ('location = "lisbon"\ncommander = "beresford"', 'location = "lisbn"\ncommander = "beresford"',
     "'lisbn' is not a location"),
    ('members = ["wellington", "de-espana"]', 'members = ["wellington", "marmont"]',
     "not placed there"),
])
def test_setup_loader_errors(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = _variant(tmp_path, F.SETUP_PATH, old, new)
    board = frozenset(wmap.load().locations)
    with pytest.raises(F.ForcesError, match=message):
        F.load_setup(path, board=board)


def test_setup_loader_wants_an_army_group_for_two_commanders(tmp_path: Path) -> None:
    text = F.SETUP_PATH.read_text(encoding="utf-8")
    start = text.index("[[army_group]]")
    end = text.index("# ---- placements: 1812")
    path = tmp_path / "setup.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(F.ForcesError, match="no \\[\\[army_group\\]\\]"):
        F.load_setup(path, board=frozenset())


def test_charts_loader_errors(tmp_path: Path) -> None:
    path = _variant(tmp_path, F.CHARTS_PATH, "low = 4\nhigh = 5", "low = 5\nhigh = 5")
    with pytest.raises(F.ForcesError, match="every roll from 1"):
        F.load_charts(path)
