"""core/gettysburg/units.toml and chits.toml: the 64 units and the corps chits, tested against
every constraint the seed fixes (rules 1.0, 1.1, 1.3, 2.0, 3.0, 4.0, 4.1, 4.3, 5.0, the scenario
tables and the Scenario 2 tip; reference sections C, D.1, GAP-07, GAP-08, AMB-03, AMB-17,
AMB-29), the provenance of the reconstructed values, and the loaders' error messages."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from core.gettysburg import chits as chits_mod
from core.gettysburg import units as units_mod
from core.gettysburg.chits import RESERVE_CHITS, ChitsError, load_chits
from core.gettysburg.units import UnitsError, load_roster
from maps import gettysburg as gb

R = units_mod.roster()
MIX = chits_mod.chit_mix()
UNITS_TEXT = units_mod.UNITS_PATH.read_text(encoding="utf-8")
CHITS_TEXT = chits_mod.CHITS_PATH.read_text(encoding="utf-8")

# ---------------------------------------------------------------- the seed's facts (literal)

# The scenario tables (reference D.1): side, corps, name as printed, type, PF at its first
# appearance (Scenario 1). Beckham is printed A in Scenarios 1-2 and AC in Scenario 3 (AMB-29 [R]:
# AC); Williams "Fs" in Scenario 2 (F).
SEED_ROSTER = """
US I Wadsworth F 4 | US I Robinson F 3 | US I Doubleday F 4 | US I Wainwright A 2
US II Caldwell F 3 | US II Gibbon F 3 | US II Hays F 4 | US II Hazard A 2
US III Birney F 5 | US III Humphreys F 5 | US III Randolph A 2
US V Barnes F 3 | US V Ayres F 3 | US V Crawford F 3 | US V Martin A 2
US VI Wright F 4 | US VI Howe F 3 | US VI Newton F 4 | US VI Tompkins A 2
US XI Barlow F 3 | US XI Steinwehr F 3 | US XI Schurz F 3 | US XI Osborne A 2
US XII Geary F 4 | US XII Williams F 4 | US XII Muhlenburg A 2
US CR Gamble C 2 | US CR Devin C 2 | US CR Merritt C 2 | US CR Gregg C 2 | US CR McIntosh C 2
US CR Huey C 2 | US CR Farnsworth C 2 | US CR Custer C 2 | US CR Robertson AC 2
US CR Tidball AC 2
US AR McGilvery A 2 | US AR Taft A 2 | US AR Huntington A 2 | US AR Ransom A 2
US AR Fitzhugh A 2
CSA I McLaws F 6 | CSA I Hood F 6 | CSA I Pickett F 5 | CSA I Alexander A 2 | CSA I Eshelman A 2
CSA II Early F 6 | CSA II Rodes F 6 | CSA II Johnson F 6 | CSA II Dance A 2 | CSA II Nelson A 2
CSA III Heth F 6 | CSA III Pender F 6 | CSA III Anderson F 6 | CSA III McIntosh A 2
CSA III Pegram A 2
CSA CR Jenkins C 2 | CSA CR Hampton C 2 | CSA CR Beckham AC 2 | CSA CR F.Lee C 2
CSA CR Chambliss C 2 | CSA CR Imboden C 2 | CSA CR Jones C 2 | CSA CR Robertson C 2
"""
ROWS = [row.split() for line in SEED_ROSTER.strip().splitlines() for row in line.split("|")]
SIDE = {"US": "Union", "CSA": "Confederate"}
CODE = {"F": "infantry", "C": "cavalry", "A": "artillery", "AC": "horse_artillery"}


def unit_by_name(side: str, corps: str, name: str) -> units_mod.Unit:
    matches = [u for u in R.units.values()
               if u.side == SIDE[side] and u.corps == f"{side}.{corps}"
               and u.name.replace(" ", "") == name]
    assert len(matches) == 1, (side, corps, name)
    return matches[0]


# ---------------------------------------------------------------- roster (1.0, 1.1, D.1)

def test_d1_64_units_41_union_23_confederate() -> None:
    assert len(ROWS) == len(R.units) == 64
    assert len(R.of_side("Union")) == 41 and len(R.of_side("Confederate")) == 23


@pytest.mark.parametrize("side,corps,name,code,sp", ROWS, ids=[f"{r[0]}-{r[2]}" for r in ROWS])
def test_d1_each_unit_of_the_tables_with_its_corps_type_and_sp(side, corps, name, code, sp):
    unit = unit_by_name(side, corps, name)
    assert unit.type == CODE[code]
    assert unit.sp == int(sp)
    assert unit.id == f"{side}.{corps}.{name.replace('.', '')}"


def test_d1_counts_by_type() -> None:
    count = Counter((u.side, R.types[u.type].code) for u in R.units.values())
    assert count == {("Union", "F"): 19, ("Union", "C"): 8, ("Union", "A"): 12,
                     ("Union", "AC"): 2, ("Confederate", "F"): 9, ("Confederate", "C"): 7,
                     ("Confederate", "A"): 6, ("Confederate", "AC"): 1}


def test_d1_sp_totals_by_side_and_corps() -> None:
    total: Counter[str] = Counter()
    for u in R.units.values():
        total[u.side] += u.sp
        total[u.corps] += u.sp
    assert total["Union"] == 112 and total["Confederate"] == 81
    assert {c: total[c] for c in R.corps} == {
        "US.I": 13, "US.II": 12, "US.III": 12, "US.V": 11, "US.VI": 13, "US.XI": 11,
        "US.XII": 10, "US.CR": 20, "US.AR": 10,
        "CSA.I": 21, "CSA.II": 22, "CSA.III": 22, "CSA.CR": 16}


def test_d1_name_clashes_are_two_units_each() -> None:
    """McIntosh: Union cavalry and Confederate artillery; Robertson: Union horse artillery and
    Confederate cavalry (reference D.1)."""
    assert R.units["US.CR.McIntosh"].type == "cavalry"
    assert R.units["CSA.III.McIntosh"].type == "artillery"
    assert R.units["US.CR.Robertson"].type == "horse_artillery"
    assert R.units["CSA.CR.Robertson"].type == "cavalry"


def test_1_0_units_fit_the_stands_of_the_box() -> None:
    stands = R.components.stands
    assert (stands.Union, stands.Confederate) == (50, 30)
    assert len(R.of_side("Union")) <= stands.Union
    assert len(R.of_side("Confederate")) <= stands.Confederate


def test_1_1_cavalry_and_artillery_are_stand_plus_one_disc() -> None:
    for u in R.units.values():
        if u.type != "infantry":
            assert u.sp == 2, u.id
    for kind in ("cavalry", "artillery", "horse_artillery"):
        assert R.types[kind].sp_max == 2


def test_1_1_rules_example_infantry_of_4_sp_is_a_stand_and_three_discs() -> None:
    """TC-1: stand + 3 discs = 4 SP; it rolls 4 dice against an adjacent unit."""
    assert R.fire_dice("US.I.Wadsworth", 1, sp=4) == 4
    assert R.fire_dice("US.I.Wadsworth", 2, sp=4) == 0


def test_tip_6_sp_units_are_the_eight_confederate_divisions() -> None:
    """The tip printed with Scenario 2: a Confederate unit of 6 SP is its stand on a black disc
    worth 5 SP; no Union unit has 6 SP."""
    six = {u.id for u in R.units.values() if u.sp == 6}
    assert six == {"CSA.I.McLaws", "CSA.I.Hood", "CSA.II.Early", "CSA.II.Rodes",
                   "CSA.II.Johnson", "CSA.III.Heth", "CSA.III.Pender", "CSA.III.Anderson"}
    assert R.components.black_disc_sp == 5
    assert max(u.sp for u in R.units.values()) == R.types["infantry"].sp_max == 6


def test_1_0_black_discs_are_the_chits_and_the_six_sp_divisions() -> None:
    """1.0: 20 black discs; 1.3: every chit is a black disc; tip: one under each Confederate 6-SP
    unit. 12 chits + 8 divisions = 20 (reference 1.3 [INF], AMB-03)."""
    six = sum(1 for u in R.units.values() if u.sp == 6)
    assert len(MIX.in_box()) + six == R.components.discs.black == 20


def test_1_0_discs_suffice_and_explain_the_tip() -> None:
    """70 blue and 60 red discs (1.0). Union infantry needs SP - 1 discs each: 49. Putting a disc
    under every Union cavalry and artillery unit too would need 71, one more than the box holds:
    hence the tip not to (Scenario 2 page)."""
    discs = R.components.discs
    union_infantry = [u for u in R.of_side("Union") if u.type == "infantry"]
    union_other = [u for u in R.of_side("Union") if u.type != "infantry"]
    needed = sum(u.sp - 1 for u in union_infantry)
    assert needed == 49 <= discs.Union
    assert needed + len(union_other) == 71 > discs.Union
    confederate = sum(u.sp - 1 for u in R.of_side("Confederate") if u.type == "infantry")
    assert confederate <= discs.Confederate  # even with no black disc at all


# ---------------------------------------------------------------- types (4.0, 4.1, 5.0)

def test_4_0_standard_movement_allowances() -> None:
    mp = {kind: t.mp for kind, t in R.types.items()}
    assert mp == {"infantry": 2, "cavalry": 4, "artillery": 2, "horse_artillery": 3}
    assert R.movement("US.CR.Custer") == 4 and R.movement("CSA.CR.Beckham") == 3
    assert {t.code for t in R.types.values()} == {"F", "C", "A", "AC"}


def test_4_0_5_0_only_field_artillery_must_choose_between_moving_and_firing() -> None:
    assert {k for k, t in R.types.items() if not t.moves_and_fires} == {"artillery"}


def test_5_0_ranges() -> None:
    """Infantry and cavalry fight adjacent units only; artillery (and horse artillery) up to 4."""
    assert {k: t.range for k, t in R.types.items()} == {
        "infantry": 1, "cavalry": 1, "artillery": 4, "horse_artillery": 4}


def test_1_1_tc3_artillery_fires_its_array_by_range() -> None:
    """TC-3: F3/2/1/1 rolls 3 / 2 / 1 / 1 dice at 1 / 2 / 3 / 4 hexes, none at 5."""
    assert [R.fire_dice("US.AR.Taft", d, sp=2) for d in range(1, 6)] == [3, 2, 1, 1, 0]


def test_amb_17_artillery_keeps_its_array_after_a_loss() -> None:
    assert R.fire_dice("CSA.III.Pegram", 1, sp=1) == 3


def test_1_1_fire_arrays_artillery_only() -> None:
    for u in R.units.values():
        kind = R.types[u.type]
        if kind.artillery:
            assert len(u.fire) == 4 and u.fire == (3, 2, 1, 1), u.id
        else:
            assert u.fire == (), u.id
            assert kind.fires_by == "sp"


def test_4_1_tc18_stacking() -> None:
    ok = R.stack_ok
    assert ok(["US.I.Doubleday", "US.I.Wainwright"])          # F + A
    assert ok(["US.V.Barnes", "US.CR.Custer"])                 # F + C
    assert ok(["US.CR.Gamble", "US.CR.Devin"])                 # C + C
    assert ok(["US.AR.Taft", "US.CR.Tidball"])                 # A + AC
    assert ok(["US.I.Doubleday"]) and ok([])
    assert not ok(["US.I.Doubleday", "US.I.Robinson"])         # F + F
    assert not ok(["US.CR.Gamble", "US.CR.Devin", "US.CR.Huey"])
    assert (R.stacking.units, R.stacking.infantry) == (2, 1)


def test_4_0_closed_hexes() -> None:
    """No cavalry on a wooded hill (Culp's Hill N3, Round Top B7); no artillery, horse artillery
    included ([R]), in B7 or D8; infantry may go anywhere on the map."""
    assert not R.may_enter("US.CR.Custer", "N3") and not R.may_enter("US.CR.Custer", "B7")
    assert R.may_enter("US.CR.Custer", "N5")
    for h in ("B7", "D8"):
        assert not R.may_enter("US.AR.Taft", h)
        assert not R.may_enter("US.CR.Tidball", h)
        assert R.may_enter("US.V.Barnes", h)
    assert gb.CLOSED_TO_ARTILLERY == {"B7", "D8"}
    assert not R.may_enter("US.V.Barnes", "Z9")


# ---------------------------------------------------------------- training (1.1, 3.0, 4.3)

def test_3_0_4_3_training_dice() -> None:
    assert {k: t.dice for k, t in R.training.items()} == {"conscript": 2, "veteran": 3,
                                                          "elite": 4}
    assert R.training_dice("US.I.Wadsworth") == R.training[R.units["US.I.Wadsworth"].training].dice


def test_player_aid_both_sides_have_every_training_level() -> None:
    """The player aid's example counters: conscript, veteran and elite units of both sides, and
    a 'US Veteran Artillery' counter."""
    for side in ("Union", "Confederate"):
        assert {u.training for u in R.of_side(side)} == {"conscript", "veteran", "elite"}
    assert all(u.training == "veteran" for u in R.units.values() if R.types[u.type].artillery)


def test_gap_07_training_and_fire_are_marked_reconstructed() -> None:
    for u in R.units.values():
        assert u.source.training.startswith("reconstructed: "), u.id
        assert "GAP-07" in u.source.training, u.id
        if u.fire:
            assert u.source.fire.startswith("reconstructed: ") and "GAP-07" in u.source.fire


def test_every_fact_has_its_provenance() -> None:
    for u in R.units.values():
        assert u.source.identity.startswith("research oob_"), u.id
        assert u.source.sp.startswith("seed Scenario 1"), u.id
        assert u.source.corps.startswith("seed "), u.id
        assert u.source.type.startswith("seed "), u.id
        assert u.formation and u.commander, u.id
    for table in (R.types, R.training, R.corps):
        for entry in table.values():
            assert entry.source.startswith("seed "), entry.id
    assert R.stacking.source == "seed 4.1" and R.components.source.startswith("seed 1.0")
    for chit in MIX.chits.values():
        assert chit.source.startswith(("seed ", "reconstructed: ")), chit.id


def test_amb_29_readings_are_recorded() -> None:
    assert R.units["CSA.CR.Beckham"].type == "horse_artillery"
    assert "AMB-29" in R.units["CSA.CR.Beckham"].source.type
    assert R.units["US.XII.Williams"].type == "infantry"
    assert "'Fs'" in R.units["US.XII.Williams"].source.type
    assert R.units["US.AR.Ransom"].type == "artillery"
    assert "infantry" in R.units["US.AR.Ransom"].source.type
    assert R.units["US.AR.Ransom"].spellings == ("Ranson",)
    assert R.units["US.XI.Steinwehr"].spellings == ("Steinwheir",)


# ---------------------------------------------------------------- corps and chits (1.3, 2.0)

def test_corps_of_each_side() -> None:
    union = {c.label for c in R.corps.values() if c.side == "Union"}
    confederate = {c.label for c in R.corps.values() if c.side == "Confederate"}
    assert union == {"I", "II", "III", "V", "VI", "XI", "XII", "CR", "AR"}
    assert confederate == {"I", "II", "III", "CR"}
    assert {c.id for c in R.corps.values() if c.reserve} == {"US.CR", "US.AR", "CSA.CR"}
    assert R.is_reserve("US.AR.Taft") and not R.is_reserve("US.XI.Osborne")


def test_1_3_gap_08_chit_mix() -> None:
    """Two flags, one chit per corps: Union I II III V VI XI XII, Confederate I II III; no
    reserve chit (AMB-03 [R]); 12 chits."""
    box = MIX.in_box()
    assert len(box) == 12
    assert {c.id for c in box if c.kind == "flag"} == {"US.flag", "CSA.flag"}
    assert {c.corps for c in box if c.kind == "corps"} == {
        "US.I", "US.II", "US.III", "US.V", "US.VI", "US.XI", "US.XII",
        "CSA.I", "CSA.II", "CSA.III"}
    assert MIX.corps_chit("US.CR") is None and MIX.corps_chit("CSA.CR") is None
    assert MIX.flag("Union").id == "US.flag"


def test_amb_03_reserve_chits_option() -> None:
    box = MIX.in_box({RESERVE_CHITS})
    assert len(box) == 15
    assert {c.corps for c in box if c.option} == {"US.CR", "US.AR", "CSA.CR"}
    assert MIX.corps_chit("US.AR", {RESERVE_CHITS}) is not None


def test_2_0_tc13_activation_dice() -> None:
    """5 white dice for the Confederate player, 4 for the Federal."""
    assert MIX.dice("Confederate") == 5 and MIX.dice("Union") == 4


def test_2_0_7_0_cup_holds_both_flags_and_the_corps_in_play() -> None:
    assert MIX.cup([]) == ("US.flag", "CSA.flag")
    assert MIX.cup(["US.XI", "US.CR", "CSA.II"]) == ("US.flag", "CSA.flag", "US.XI", "CSA.II")
    assert MIX.cup(["US.CR"], {RESERVE_CHITS}) == ("US.flag", "CSA.flag", "US.CR")
    assert MIX.cup(["US.XI", "CSA.II"], night=True) == ()            # 7.1


# ---------------------------------------------------------------- loaders' errors

def broken(tmp_path: Path, text: str, old: str, new: str, name: str = "units.toml") -> Path:
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


WADSWORTH = 'id = "US.I.Wadsworth"\nname = "Wadsworth"\nside = "Union"\ncorps = "US.I"\n' \
            'type = "infantry"\nsp = 4\n'

UNIT_ERRORS = [
    (WADSWORTH, WADSWORTH.replace("sp = 4", "sp = 7"),
     r"units.toml: unit 'US.I.Wadsworth': sp 7 is more than infantry can have \(6, 1.1\)"),
    (WADSWORTH, WADSWORTH.replace('corps = "US.I"', 'corps = "US.IV"'),
     r"unit 'US.I.Wadsworth': unknown corps 'US.IV'"),
    (WADSWORTH, WADSWORTH.replace('corps = "US.I"', 'corps = "CSA.I"'),
     r"unit 'US.I.Wadsworth': corps 'CSA.I' is Confederate, the unit is Union"),
    (WADSWORTH, WADSWORTH.replace('corps = "US.I"', 'corps = "US.II"'),
     r"unit 'US.I.Wadsworth': the id must start with its corps, 'US.II.'"),
    (WADSWORTH, WADSWORTH.replace('"infantry"', '"dragoons"'),
     r"unit 'US.I.Wadsworth': Invalid enum value 'dragoons' - at `\$.type`"),
    (WADSWORTH, WADSWORTH + "fire = [3, 2, 1, 1]\n",
     r"unit 'US.I.Wadsworth': only artillery has a fire array"),
    (WADSWORTH, WADSWORTH + "morale = 3\n",
     r"unit 'US.I.Wadsworth': Object contains unknown field `morale`"),
    ('id = "US.I.Robinson"', 'id = "US.I.Wadsworth"', r"unit 'US.I.Wadsworth': duplicate id"),
    ('sp = 2\ntraining = "veteran"\nfire = [3, 2, 1, 1]\nformation = "I Corps Artillery',
     'sp = 2\ntraining = "veteran"\nfire = [3, 2, 1]\nformation = "I Corps Artillery',
     r"unit 'US.I.Wainwright': fire must give the dice at each range 1-4"),
    ('sp = 2\ntraining = "veteran"\nfire = [3, 2, 1, 1]\nformation = "I Corps Artillery',
     'sp = 2\ntraining = "veteran"\nfire = [1, 2, 1, 1]\nformation = "I Corps Artillery',
     r"unit 'US.I.Wainwright': fire \[1, 2, 1, 1\] grows with the range"),
    ('sp = 2\ntraining = "veteran"\nfire = [3, 2, 1, 1]\nformation = "I Corps Artillery',
     'sp = 2\ntraining = "veteran"\nformation = "I Corps Artillery',
     r"unit 'US.I.Wainwright': fire must give the dice"),
    ('training = "elite"', 'training = "green"',
     r"unit 'US.I.Wadsworth': Invalid enum value 'green'"),
    ("stands = { Union = 50,", "stands = { Union = 40,",
     r"units.toml: 41 Union units, but the box has 40 Union stands \(1.0\)"),
    ("[stacking]\nunits = 2", "[stacking]\nunits = 0",
     r"units.toml: stacking: Expected `int` >= 1"),
    ("[type.cavalry]\ncode", "[type.cavalry]\nspeed = 9\ncode",
     r"units.toml: type 'cavalry': Object contains unknown field `speed`"),
    ('id = "CSA.CR"\nside = "Confederate"', 'id = "US.CR2"\nside = "Confederate"',
     r"corps 'US.CR2': a Confederate id starts with 'CSA.'"),
    ("[components]", "[components]\n[extra]\n[components2]",
     r"unknown top-level key\(s\) 'components2', 'extra'"),
]


@pytest.mark.parametrize("old,new,message", UNIT_ERRORS, ids=[e[2][:40] for e in UNIT_ERRORS])
def test_units_loader_errors_name_the_entry(tmp_path, old, new, message) -> None:
    with pytest.raises(UnitsError, match=message):
        load_roster(broken(tmp_path, UNITS_TEXT, old, new))


def test_units_loader_file_errors(tmp_path) -> None:
    with pytest.raises(UnitsError, match=r"nowhere.toml: file not found"):
        load_roster(tmp_path / "nowhere.toml")
    bad = tmp_path / "units.toml"
    bad.write_text("[[unit]\n", encoding="utf-8")
    with pytest.raises(UnitsError, match=r"units.toml: invalid TOML"):
        load_roster(bad)
    bad.write_text(UNITS_TEXT.split("# Units. Fields:")[0].replace("[[corps]]", "[[corpses]]", 1),
                   encoding="utf-8")
    with pytest.raises(UnitsError, match=r"unknown top-level key\(s\) 'corpses'"):
        load_roster(bad)


def test_units_loader_corps_without_units(tmp_path) -> None:
    extra = '[[corps]]\nid = "US.IV"\nside = "Union"\nlabel = "IV"\nname = "IV Corps"\n' \
            'reserve = false\nsource = "test"\n\n# Units. Fields:'
    with pytest.raises(UnitsError, match=r"corps 'US.IV': no unit belongs to it"):
        load_roster(broken(tmp_path, UNITS_TEXT, "# Units. Fields:", extra))


CHIT_ERRORS = [
    ('id = "US.XI"\nside = "Union"', 'id = "US.XI"\nside = "Confederate"',
     r"chits.toml: chit 'US.XI': corps 'US.XI' is Union, the chit is Confederate"),
    ('id = "US.XI"\nside = "Union"\nkind = "corps"\ncorps = "US.XI"',
     'id = "US.XI"\nside = "Union"\nkind = "corps"\ncorps = "US.XII"',
     r"chit 'US.XI': a corps chit's id is its corps id, 'US.XII'"),
    ('corps = "US.CR"\noption = "reserve-chits"', 'corps = "US.CR"',
     r"chit 'US.CR': a reserve has a chit only with the 'reserve-chits' option \(AMB-03\)"),
    ('corps = "US.CR"\noption = "reserve-chits"', 'corps = "US.CR"\noption = "more-chits"',
     r"chit 'US.CR': unknown option 'more-chits'"),
    ('id = "US.flag"\nside = "Union"\nkind = "flag"',
     'id = "US.flag"\nside = "Union"\nkind = "flag"\noption = "reserve-chits"',
     r"chit 'US.flag': both flags are always in the cup \(2.0\)"),
    ('id = "US.flag"', 'id = "US.banner"',
     r"chit 'US.banner': a Union flag chit's id is 'US.flag'"),
    ('id = "US.I"\nside = "Union"\nkind = "corps"\ncorps = "US.I"',
     'id = "US.I"\nside = "Union"\nkind = "corps"\ncorps = "US.IV"',
     r"chit 'US.I': unknown corps 'US.IV'"),
    ('id = "CSA.flag"\nside = "Confederate"\nkind = "flag"',
     'id = "US.flag"\nside = "Union"\nkind = "flag"', r"chit 'US.flag': duplicate id"),
    ("Confederate = 5", "Confederate = 0", r"chits.toml: activation_dice: Expected `int` >= 1"),
    ('id = "CSA.II"\nside = "Confederate"\nkind = "corps"\ncorps = "CSA.II"',
     'id = "CSA.CR"\nside = "Confederate"\nkind = "corps"\ncorps = "CSA.CR"\n'
     'option = "reserve-chits"',
     r"chit 'CSA.CR': duplicate id"),
]


@pytest.mark.parametrize("old,new,message", CHIT_ERRORS, ids=[e[2][:40] for e in CHIT_ERRORS])
def test_chits_loader_errors_name_the_entry(tmp_path, old, new, message) -> None:
    with pytest.raises(ChitsError, match=message):
        load_chits(broken(tmp_path, CHITS_TEXT, old, new, "chits.toml"))


def test_chits_loader_every_corps_needs_a_chit(tmp_path) -> None:
    start = CHITS_TEXT.index('[[chit]]\nid = "US.VI"')
    end = CHITS_TEXT.index("[[chit]]", start + 1)
    path = tmp_path / "chits.toml"
    path.write_text(CHITS_TEXT[:start] + CHITS_TEXT[end:], encoding="utf-8")
    with pytest.raises(ChitsError, match=r"corps 'US.VI' has no chit \(1.3, 2.0\)"):
        load_chits(path)
    with pytest.raises(ChitsError, match=r"gone.toml: file not found"):
        load_chits(tmp_path / "gone.toml")
