"""A House Divided, advanced rules A2.0-A7.0: support, movement and command, containment,
coastal defences, the capture of Washington, battle days and the Command Table.

Rule numbers are the body numbers of the seed's "Regole Avanzate"
(../shared/seeds/001_f551d95babcd19e5.txt), whose table of contents numbers them 7-12 (index - 5
= body number), written A2.0 ... as in the English reference
(../shared/rules/a-house-divided.md); TC-n, T2 and AMB-n are that reference's test cases, tables
and readings. Boxes and lines are the real board's (maps/a_house_divided.toml).
"""
from __future__ import annotations

import msgspec

import pytest

from core.ahd import battle, coastal, supply
from core.ahd import view as ahd_view
from core.ahd import query as q
from core.ahd.calendar import turn_of
from core.ahd.command import COMMAND_TABLE, MAX_ENGAGED, day_value, table_value
from core.ahd.pieces import piece, update
from core.ahd.state import CSA, POOL, SPARE, UNION, AhdState, Battle
from core.engine import Action, Match
from tests.support.ahd import (RULES, act, assert_illegal, clear_box, Dice, end_player_turn,
                               labels, march, marches_left, movement_of, new_match, pieces_in,
                               recruiting_phase, relocate, roll_into_turn, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)
from tests.support.battle import acts as battle_acts
from tests.support.battle import battle_dice  # noqa: F401  (the strict battle dice)
from tests.support.battle import battle_state as new_battle_state
from tests.support.battle import do as battle_do
from tests.support.battle import prompt as battle_prompt
from tests.support.battle import refused as battle_refused
from tests.support.battle import start as start_battle

ADVANCED = ("supply", "command_marches", "containment", "coastal_defences",
            "washington_capture", "battle_days")


def answer_until(m: Match, done, dice: Dice | None = None, *, retreat: str = "stand") -> None:
    """Answer every battle question plainly ('stand', 'done', 'fight', the first target, the
    first firer, no promotion) until `done(state)`; scripted dice come from the test."""
    for _ in range(300):
        state = st(m)
        if done(state):
            return
        role = state.active[0]
        acts = [c.action for c in m.actions(role)]
        verbs = {a.verb for a in acts}
        for verb in (retreat, "stand", "done", "fight", "no-promotion", "target", "engage"):
            if verb in verbs:
                m.act(role, next(a for a in acts if a.verb == verb))
                break
        else:
            raise AssertionError(f"no plain answer among {acts}")
    raise AssertionError("the wanted point was not reached")


def in_battle_step(tag: str, round_no: int | None = None, side: str | None = None):
    """The battle's stop `tag` ("retreat", "targets"...) asks (`side`), in round `round_no`."""
    def check(state: AhdState) -> bool:
        b = state.battle
        return (b is not None and state.phase == tag and (side is None or state.active == [side])
                and (round_no is None or b.round == round_no))
    return check


# --- A2.0 support ---------------------------------------------------------------------------


def support_position(**owners: str) -> AhdState:
    """The campaign start with every counter back in the supply, owners changed as given."""
    m = new_match(supply=True)
    state = st(m)
    for p in state.pieces:
        if p.on_map:
            relocate(state, p.id, SPARE)
    for box, side in owners.items():
        state.owner[box.replace("_", "-")] = side
    return state


def stack(state: AhdState, side: str, box: str, n: int = 2) -> None:
    free = [p for p in state.pieces if p.side == side and p.loc == SPARE
            and p.grade == "veteran" and p.arm == "inf"]
    for p in free[:n]:
        relocate(state, p.id, box)


def test_a2_0_a_piece_alone_always_has_support():
    """A2.0: 'Un pezzo che si trova da solo in un riquadro ha automaticamente il supporto'
    (Lake City can trace no line at all: see the next test)."""
    state = support_position()
    stack(state, CSA, "lake-city", n=1)
    assert supply.unsupported(state, CSA) == []
    stack(state, CSA, "lake-city", n=1)
    assert supply.unsupported(state, CSA) == ["lake-city"]


def test_a2_1_roads_never_carry_support():
    """A2.1: the line runs 'usando delle ferrovie amiche o dei fiumi'. The Florida railway
    Jacksonville - Lake City - Tallahassee holds no recruiting city and leaves Florida only by
    road (Tallahassee - Macon, Pensacola, Apalachicola): a stack there is cut off."""
    state = support_position()
    stack(state, CSA, "tallahassee")
    assert supply.unsupported(state, CSA) == ["tallahassee"]
    graph = supply.support_graph(state, CSA, {"tallahassee"})
    assert not graph.has_edge("tallahassee", "macon")   # road
    assert graph.has_edge("tallahassee", "lake-city")  # friendly railway


def test_a2_1_a_stack_in_a_recruiting_city_needs_another_friendly_one():
    """A2.1: 'I pezzi che si trovano nelle città di reclutamento hanno il supporto se possono
    tracciare una linea di supporto verso un'altra città di reclutamento amica.' Atlanta (red
    2) with every neighbour Union-owned reaches no other city; given back Augusta (red 1) by
    railway it does."""
    state = support_position(dalton=UNION, montgomery=UNION, augusta=UNION, macon=UNION)
    stack(state, CSA, "atlanta")
    assert supply.unsupported(state, CSA) == ["atlanta"]
    state.owner["augusta"] = CSA
    assert supply.unsupported(state, CSA) == []


def test_a2_1_a_stack_elsewhere_needs_a_city_that_itself_has_support():
    """A2.1: 'I pezzi che non si trovano in una città di reclutamento hanno il supporto se
    possono tracciare una linea di supporto verso una città di reclutamento amica che ha già il
    supporto' (AMB-36: two friendly cities in its component). Macon (no shield) reaching only
    Atlanta is cut off; once Atlanta reaches Augusta, Macon is supported."""
    state = support_position(dalton=UNION, montgomery=UNION, augusta=UNION, savannah=UNION,
                             columbus_ga=UNION)
    stack(state, CSA, "macon")
    assert supply.unsupported(state, CSA) == ["macon"]
    state.owner["augusta"] = CSA
    assert supply.unsupported(state, CSA) == []


def test_a2_1_the_line_runs_through_friendly_boxes_free_of_enemy_pieces():
    """A2.1 'attraverso dei riquadri amici' (AMB-36: owned and free of enemy pieces): a Union
    piece standing in Confederate Atlanta cuts Macon's only line."""
    state = support_position(savannah=UNION, columbus_ga=UNION)
    stack(state, CSA, "macon")
    assert supply.unsupported(state, CSA) == []
    stack(state, UNION, "atlanta", n=1)
    assert supply.unsupported(state, CSA) == ["macon"]


def test_a2_1_a_railway_is_friendly_only_between_two_owned_boxes_rivers_count_anyway():
    """A2.1 'ferrovie amiche' (B4.0: a line joining two own boxes) 'o dei fiumi': Confederates
    in Union-owned Fort Monroe trace along its rivers to Richmond and Norfolk; Confederates in
    Union-owned Dalton have only railways out of a box that is not theirs."""
    state = support_position(dalton=UNION)
    stack(state, CSA, "fort-monroe")
    stack(state, CSA, "dalton")
    assert supply.unsupported(state, CSA) == ["dalton"]


def test_a2_1_apalachicola_is_supported_by_its_river_only():
    """A2.1 rivers, whatever the current (AMB-36): Apalachicola's only non-road line is the
    river to Columbus (Ga.), from where railways reach Montgomery and Atlanta."""
    state = support_position()
    stack(state, CSA, "apalachicola")
    assert supply.unsupported(state, CSA) == []
    state.owner["columbus-ga"] = UNION
    assert supply.unsupported(state, CSA) == ["apalachicola"]


def test_a2_1_union_pieces_in_or_with_a_line_to_a_union_port_are_supported():
    """A2.1: 'I pezzi dell'Unione che si trovano in un porto oppure quelli capaci di tracciare
    una linea di supporto verso un porto hanno automaticamente il supporto' (AMB-36: a
    Union-owned port). Petersburg reaches Norfolk by railway: supported while Norfolk is the
    Union's; a Confederate Norfolk is no help. The Confederacy has no such exemption."""
    state = support_position(petersburg=UNION, norfolk=UNION, pensacola=UNION)
    stack(state, UNION, "pensacola")
    stack(state, UNION, "petersburg")
    assert supply.unsupported(state, UNION) == []
    state.owner["norfolk"] = CSA
    assert supply.unsupported(state, UNION) == ["petersburg"]
    stack(state, CSA, "jacksonville")
    assert supply.unsupported(state, CSA) == ["jacksonville"]


def test_a2_1_the_confederacy_never_traces_along_the_potomac():
    """B4.2.6 'i pezzi Confederati non possono mai spostarsi usando il fiume Potomac', also for
    support lines (AMB-36, AMB-57). Confederates in Fredericksburg with Union troops in
    Richmond could reach Baltimore and Lynchburg only over the Potomac through a Confederate
    Washington; a Union stack there is supported through the Potomac by Washington, a port."""
    state = support_position(washington=CSA, baltimore=CSA)
    stack(state, UNION, "richmond", n=1)
    stack(state, CSA, "fredericksburg")
    assert supply.unsupported(state, CSA) == ["fredericksburg"]
    potomac = {frozenset((a, b)) for a, b, _ in supply.support_lines(UNION)} - {
        frozenset((a, b)) for a, b, _ in supply.support_lines(CSA)}
    assert potomac == {frozenset(("washington", "fredericksburg"))}
    state = support_position(fredericksburg=UNION)
    stack(state, UNION, "fredericksburg")
    assert supply.unsupported(state, UNION) == []


def test_a2_2_at_the_start_of_his_turn_the_owner_eliminates_one_piece_of_his_choice(
        dice: Dice):
    """A2.0 'All'inizio del suo turno, prima di fare qualunque altra cosa' and A2.2 'il
    proprietario deve eliminare da tale riquadro un pezzo a sua scelta': before the movement
    die is rolled, the Confederate player picks one of his three pieces in Lake City; a militia
    goes back to the pool; one piece per box per turn."""
    m = new_match(supply=True)
    state = st(m)
    state.turn = 2
    for pid in ("C-MF-01", "C-MF-02", "C-MF-03"):
        relocate(state, pid, "lake-city")
    end_player_turn(m, UNION, dice)  # no die: the support check comes first
    state = st(m)
    assert (state.player, state.phase) == (CSA, "support-loss")
    assert dice.rolled == []
    assert labels(m, CSA) == ["eliminate C-MF-01", "eliminate C-MF-02", "eliminate C-MF-03"]
    assert_illegal(m, CSA, "eliminate", "C-MF-04")
    assert_illegal(m, CSA, "end-movement")
    view = m.view(None)
    assert all("out of supply" in t.flags for t in view.board["lake-city"])
    assert view.tracks["Confederate supply (A2.0)"] == "no support line: Lake City (3)"
    dice.push(3)
    act(m, CSA, "eliminate", "C-MF-02")
    state = st(m)
    assert piece(state, "C-MF-02").loc == POOL
    assert pieces_in(state, "lake-city") == ["C-MF-01", "C-MF-03"]
    assert (state.phase, marches_left(state)) == ("movement", 3)
    assert any("C-MF-02) in Lake City is eliminated: no support line (A2.2)" in line
               for line in state.log)


def test_a2_0_without_the_rule_nothing_is_checked(dice: Dice):
    m = new_match()
    st(m).turn = 2
    for pid in ("C-MF-01", "C-MF-02"):
        relocate(st(m), pid, "lake-city")
    end_player_turn(m, UNION, dice, 3)
    assert st(m).phase == "movement"
    assert "out of supply" not in m.view(None).board["lake-city"][0].flags


# --- A3.0 movement and command ----------------------------------------------------------------


def test_t2_command_table_is_the_seeds():
    """T2, seed 'Tabella di Comando': each entry Union / Confederate, one column a year."""
    assert [f"{u}/{c}" for u, c in COMMAND_TABLE[1861]] == ["2/2", "2/3", "2/3", "3/4", "3/4",
                                                            "4/5"]
    assert [f"{u}/{c}" for u, c in COMMAND_TABLE[1862]] == ["2/3", "2/3", "3/4", "3/4", "4/5",
                                                            "4/5"]
    assert [f"{u}/{c}" for u, c in COMMAND_TABLE[1863]] == ["2/3", "3/4", "3/4", "4/5", "4/5",
                                                            "5/6"]
    assert [f"{u}/{c}" for u, c in COMMAND_TABLE[1864]] == ["3/3", "3/3", "4/4", "4/4", "5/5",
                                                            "5/5"]
    assert [f"{u}/{c}" for u, c in COMMAND_TABLE[1865]] == ["3/2", "4/3", "4/3", "5/4", "5/4",
                                                            "6/5"]
    assert table_value(1865, 1, UNION) == 3 and table_value(1865, 1, CSA) == 2


@pytest.mark.parametrize("side, die, marches", [(UNION, 4, 3), (CSA, 4, 4), (UNION, 1, 2),
                                                (CSA, 1, 3), (CSA, 6, 5)])
def test_a3_0_marches_come_from_the_command_table(dice: Dice, side, die, marches):
    """A3.0: 'egli deve per prima cosa consultare la Tabella di Comando e lanciare 1d6. Il
    valore ottenuto è incrociato sulla tabella con la colonna dell'anno attuale' — 1862 here
    (April, turn 8); a die of 1 no longer counts as 2 but reads the table."""
    m = new_match(command_marches=True)
    state = roll_into_turn(m, side, dice, die, turn=turn_of("Apr", 1862))
    assert marches_left(state) == marches
    assert movement_of(state).invasion is (side == UNION and die == 6)
    assert f"Command Table die {die} (1862)" in state.log[-1]
    assert m.view(None).tracks["Command Table (A3.0)"] == (
        f"die {die}, 1862: Union {table_value(1862, die, UNION)} / Confederate "
        f"{table_value(1862, die, CSA)} marches")


def test_a3_0_a_natural_six_still_allows_the_union_invasion(dice: Dice):
    """AMB-12, AMB-41: the invasion right comes from the natural 6 of the Command Table die
    (1861: 4 marches)."""
    m = new_match(command_marches=True)
    state = roll_into_turn(m, UNION, dice, 6, turn=2)
    assert (marches_left(state), movement_of(state).invasion) == (4, True)
    assert "invade charleston" in labels(m, UNION)


def test_a3_0_the_special_first_turns_still_override_the_table():
    """AMB-41: campaign turn 1 is 2 marches (B4.1); a scenario's first turn 1 march (O5.0);
    no die is rolled."""
    m = new_match(command_marches=True)
    assert (marches_left(st(m)), movement_of(st(m)).die) == (2, 0)
    scenario = [s for s in RULES.scenarios() if s != "campaign"][0]
    m = Match.new(RULES, seed=1, scenario=scenario, options={"command_marches": True})
    assert (marches_left(st(m)), movement_of(st(m)).die) == (1, 0)


# --- A4.0 containment -------------------------------------------------------------------------


def fort_monroe_position(dice: Dice, **options: bool):
    """Two Union militia hold Fort Monroe; the Confederate C-MF-01 stands in Yorktown and
    C-MF-02 in Norfolk; the Confederate movement segment of turn 2 with 3 marches."""
    m = new_match(containment=True, **options)
    state = st(m)
    relocate(state, "U-MF-04", "fort-monroe")
    relocate(state, "U-MF-05", "fort-monroe")
    relocate(state, "C-MF-01", "yorktown")
    relocate(state, "C-MF-02", "norfolk")
    roll_into_turn(m, CSA, dice, 3, turn=2)
    return m


def contain_fort_monroe(m: Match, dice: Dice) -> None:
    """The CSA marches C-MF-01 into Fort Monroe and contains the Union force there; its turn
    ends; the Union rolls 4 for its movement (1 Confederate recruiting die first)."""
    march(m, CSA, "yorktown", ("C-MF-01", "fort-monroe"))
    act(m, CSA, "end-movement")
    act(m, CSA, "contain", "fort-monroe")
    end_player_turn(m, CSA, dice, 4)


def test_a4_0_the_csa_may_contain_instead_of_fighting(dice: Dice):
    """A4.0: 'I pezzi Confederati possono spostarsi in qualunque riquadro di porto che è stato
    catturato dall'Unione in un'invasione navale (oltre a Fort Monroe ed a Pensacola) e, invece
    di combattere una battaglia, cercare di frenare il nemico.' Contained: no battle, the port
    stays the Union's (AMB-37), both sides stay, the flags and track show it."""
    m = fort_monroe_position(dice)
    march(m, CSA, "yorktown", ("C-MF-01", "fort-monroe"))
    act(m, CSA, "end-movement")
    state = st(m)
    assert state.phase == "containment"
    assert labels(m, CSA) == ["contain fort-monroe", "fight fort-monroe"]
    act(m, CSA, "contain", "fort-monroe")
    state = st(m)
    assert state.phase == "promotion" and state.battle is None
    assert state.contained == ["fort-monroe"]
    assert pieces_in(state, "fort-monroe") == ["C-MF-01", "U-MF-04", "U-MF-05"]
    view = m.view(None)
    assert view.tracks["Contained ports (A4.0)"] == "Fort Monroe"
    flags = {t.id: t.flags for t in view.board["fort-monroe"]}
    assert "containing" in flags["C-MF-01"] and "contained" in flags["U-MF-04"]
    end_player_turn(m, CSA, dice, 4)
    state = st(m)
    assert state.owner["fort-monroe"] == UNION
    assert state.contained == ["fort-monroe"]


def test_a4_0_only_eligible_ports_can_be_contained(dice: Dice):
    """A4.0: a Union port taken by land (Norfolk here) is not eligible: the Confederates who
    enter it fight the battle."""
    m = new_match(containment=True)
    state = st(m)
    state.owner["norfolk"] = UNION
    relocate(state, "U-MF-04", "norfolk")
    relocate(state, "C-MF-02", "petersburg")
    roll_into_turn(m, CSA, dice, 3, turn=2)
    march(m, CSA, "petersburg", ("C-MF-02", "norfolk"))
    dice.push(6, 6)  # round 1: one shot each, both miss
    act(m, CSA, "end-movement")
    state = st(m)
    assert state.battle is not None and state.battle.box == "norfolk"
    assert state.contained == []


def invade_empty_yorktown(m, dice: Dice) -> None:
    """Union turn 2 with a movement 6: one militia from Washington lands at an empty Yorktown
    (B4.2.4), then movement ends."""
    clear_box(st(m), "yorktown")
    roll_into_turn(m, UNION, dice, 6, turn=2)
    act(m, UNION, "invade", "yorktown")
    act(m, UNION, "piece", "U-MF-01")
    act(m, UNION, "end-invasion")
    act(m, UNION, "end-movement")


def test_a4_0_a_port_taken_by_naval_invasion_becomes_eligible(dice: Dice):
    """A4.0 'un porto perduto per un'invasione navale': the Union invades empty Yorktown and
    takes it at the end of its turn; Confederates entering it may then contain it."""
    m = new_match(containment=True)
    invade_empty_yorktown(m, dice)
    end_player_turn(m, UNION, dice, 3)
    state = st(m)
    assert state.owner["yorktown"] == UNION
    assert state.invaded_ports == ["yorktown"]
    relocate(state, "C-MF-01", "richmond")
    march(m, CSA, "richmond", ("C-MF-01", "yorktown"))
    act(m, CSA, "end-movement")
    assert labels(m, CSA) == ["contain yorktown", "fight yorktown"]


def test_a4_0_contained_pieces_cannot_leave_by_land_or_sea(dice: Dice):
    """A4.0 'Prima che i pezzi dell'Unione possano spostarsi fuori da un porto in cui sono
    stati contenuti, essi devono combattere' (AMB-37: by land or by sea, nor as
    reinforcements). Other Union pieces may still ship in by naval movement."""
    m = fort_monroe_position(dice)
    contain_fort_monroe(m, dice)
    state = st(m)
    assert state.phase == "breakout"
    assert labels(m, UNION) == ["breakout fort-monroe", "begin-movement"]
    act(m, UNION, "begin-movement")
    assert_illegal(m, UNION, "breakout", "fort-monroe")  # only before any other movement
    moves = labels(m, UNION)
    assert "march fort-monroe" not in moves
    assert not any(lab in moves for lab in ("sail U-MF-04", "sail U-MF-05"))
    assert_illegal(m, UNION, "march", "fort-monroe")
    assert_illegal(m, UNION, "sail", "U-MF-04")
    assert "halted" in {f for t in m.view(None).board["fort-monroe"] for f in t.flags}
    relocate(st(m), "U-MF-06", "baltimore")
    act(m, UNION, "sail", "U-MF-06")
    assert "space fort-monroe" in labels(m, UNION)
    act(m, UNION, "space", "fort-monroe")
    act(m, UNION, "end-movement")  # no battle: the newcomer is contained too
    state = st(m)
    assert state.phase == "promotion"
    assert pieces_in(state, "fort-monroe", UNION) == ["U-MF-04", "U-MF-05", "U-MF-06"]


def test_a4_0_breakout_costs_a_march_and_a_win_frees_the_pieces(dice: Dice):
    """A4.0: 'Questa battaglia avviene nella parte del turno dell'Unione, all'inizio del
    segmento di movimento, consumando una marcia. Se l'Unione vince la battaglia, i pezzi
    nordisti che si trovano nel porto sono liberi di muovere.' The Union attacks and has left
    Fort Monroe's permanent entrenchment: the Confederate militia needs 2, not 1 (AMB-37)."""
    m = fort_monroe_position(dice)
    contain_fort_monroe(m, dice)
    assert marches_left(st(m)) == 4
    update(st(m), piece(st(m), "C-MF-01"), entrenched=True)  # the defender keeps its entrenchment
    act(m, UNION, "breakout", "fort-monroe")
    state = st(m)
    assert marches_left(state) == 3
    b = state.battle
    assert (b.attacker, b.box, b.breakout, b.containment) == (UNION, "fort-monroe", True, True)
    assert state.active == [CSA]  # the defender fires first
    target_labels = [c.label for c in m.actions(CSA)]
    assert target_labels[0].endswith("(hits on 2 or less)") and "entrenched" not in target_labels[0]
    dice.push(6, 1, 1)  # the CSA misses; the Union reduces, then eliminates C-MF-01
    act(m, CSA, "target", "U-MF-04")
    act(m, UNION, "no-promotion")
    state = st(m)
    assert state.battle is None and state.contained == []
    assert (state.phase, marches_left(state)) == ("movement", 3)
    assert "Fort Monroe r1: U-MF-04 fires at C-MF-01 (hits on 1 or less): 1 — hit, reduced" in state.log
    assert "march fort-monroe" in labels(m, UNION)
    assert "Breakout from Fort Monroe won: its Union pieces move freely (A4.0)." in state.log


def test_a4_0_a_lost_or_called_off_breakout_stays_contained(dice: Dice):
    """A4.0: if the Union does not win, its pieces stay in the port (AMB-37: its 'retreat' is
    calling the breakout off, inside the port); one breakout per port per turn."""
    m = fort_monroe_position(dice)
    contain_fort_monroe(m, dice)
    act(m, UNION, "breakout", "fort-monroe")
    dice.push(6, 6, 6)            # round 1: everybody misses
    act(m, CSA, "target", "U-MF-04")
    answer_until(m, in_battle_step("retreat", 2, UNION), dice)
    assert [c.label for c in m.actions(UNION)][0] == (
        "Call off the breakout: stay contained in Fort Monroe (the Confederates win)")
    act(m, UNION, "retreat", "fort-monroe")
    assert "Battle of Fort Monroe, round 2: Union retreats (calls off the breakout, A4.0) to " \
           "Fort Monroe (U-MF-04, U-MF-05); Confederate wins" in st(m).log
    act(m, CSA, "no-promotion")
    state = st(m)
    assert state.battle is None and state.phase == "movement"
    assert state.contained == ["fort-monroe"]
    assert pieces_in(state, "fort-monroe", UNION) == ["U-MF-04", "U-MF-05"]
    assert "breakout fort-monroe" not in labels(m, UNION)
    assert "march fort-monroe" not in labels(m, UNION)


def test_a4_0_containing_confederates_may_entrench_in_the_port(dice: Dice):
    """A4.0: 'I pezzi Confederati che frenano un'invasione navale dell'Unione, possono
    trincerarsi nel riquadro del porto (un'eccezione alle regole sul trinceramento)', which
    forbid entrenching beside enemy pieces (B4.2.5); Fort Monroe has no shield: 2 marches."""
    m = fort_monroe_position(dice)
    contain_fort_monroe(m, dice)
    act(m, UNION, "begin-movement")
    act(m, UNION, "end-movement")
    end_player_turn(m, UNION, dice, 3)
    act(m, CSA, "march", "fort-monroe")
    assert "entrench C-MF-01" in labels(m, CSA)
    st(m).options = msgspec.structs.replace(st(m).options, containment=False)  # B4.2.5 alone: never beside enemy pieces
    assert "entrench C-MF-01" not in labels(m, CSA)
    st(m).options = msgspec.structs.replace(st(m).options, containment=True)
    act(m, CSA, "entrench", "C-MF-01")
    assert piece(st(m), "C-MF-01").digging and marches_left(st(m)) == 2
    act(m, CSA, "march", "fort-monroe")
    act(m, CSA, "entrench", "C-MF-01")
    assert piece(st(m), "C-MF-01").entrenched and marches_left(st(m)) == 1


def test_a4_0_the_attacker_inside_a_containment_leaves_its_entrenchment(dice: Dice):
    """A4.0: 'se un fronte attacca l'altro, l'attaccante deve abbandonare il suo trinceramento
    e perciò attaccare senza il -1 difensivo'. An entrenched containing militia that attacks
    loses its marker; the Union defenders keep Fort Monroe's permanent entrenchment (needs 1)."""
    m = fort_monroe_position(dice)
    contain_fort_monroe(m, dice)
    act(m, UNION, "begin-movement")
    act(m, UNION, "end-movement")
    end_player_turn(m, UNION, dice, 3)
    update(st(m), piece(st(m), "C-MF-01"), entrenched=True)
    act(m, CSA, "end-movement")
    assert labels(m, CSA) == ["contain fort-monroe", "fight fort-monroe"]
    dice.push(6, 6)                 # the Union defenders fire first, at C-MF-01, and miss
    act(m, CSA, "fight", "fort-monroe")
    state = st(m)
    b = state.battle
    assert (b.attacker, b.containment, b.breakout) == (CSA, True, False)
    assert not piece(state, "C-MF-01").entrenched
    assert "Fort Monroe r1: U-MF-04 fires at C-MF-01 (hits on 2 or less): 6 — miss" in state.log
    assert st(m).active == [CSA]
    assert [c.label for c in m.actions(CSA)][0].endswith("entrenched (hits on 1 or less)")


def test_a4_0_containment_ends_when_a_side_leaves(dice: Dice):
    """AMB-37: containment ends when either side has no piece left in the port."""
    m = fort_monroe_position(dice)
    contain_fort_monroe(m, dice)
    act(m, UNION, "begin-movement")
    act(m, UNION, "end-movement")
    end_player_turn(m, UNION, dice, 3)
    march(m, CSA, "fort-monroe", ("C-MF-01", "yorktown"))
    act(m, CSA, "end-movement")
    assert st(m).contained == []
    assert st(m).phase == "promotion"


# --- A5.0 coastal defences --------------------------------------------------------------------


def invade_charleston(m: Match, dice: Dice, *pids: str) -> None:
    roll_into_turn(m, UNION, dice, 6, turn=2)
    act(m, UNION, "invade", "charleston")
    for pid in pids:
        act(m, UNION, "piece", pid)
    if st(m).phase == "invasion":
        act(m, UNION, "end-invasion")


def test_a5_0_an_empty_invaded_port_is_defended_by_its_garrison(dice: Dice):
    """A5.0: 'ad ogni porto Confederato che è anche una città di reclutamento deve essere
    assegnata un'abilità difensiva contro le invasioni navali ... con un valore di
    combattimento uguale al valore di reclutamento della città' (Charleston: red 3). It fires
    first, with +1 against invaders in rounds 1-2 (B5.2.3): needs 4; it is permanently
    entrenched: Union militia need 1; two hits destroy it; no promotion for beating it alone;
    the port is then taken."""
    m = new_match(coastal_defences=True)
    clear_box(st(m), "charleston")
    invade_charleston(m, dice, "U-MF-01", "U-MF-02")
    act(m, UNION, "end-movement")
    state = st(m)
    b = state.battle
    assert (b.box, b.garrison, b.defenders) == ("charleston", 3, [])
    assert state.active == [CSA]
    assert [c.label for c in m.actions(CSA)] == [
        "Fire at U-MF-01 — Union militia infantry, crossing (hits on 4 or less)",
        "Fire at U-MF-02 — Union militia infantry, crossing (hits on 4 or less)"]
    view = m.view(None)
    (garrison,) = [t for t in view.board["charleston"] if t.kind == "garrison"]
    assert (garrison.side, garrison.strength, garrison.flags) == (CSA, 3, ["entrenched"])
    assert view.tracks["Coastal garrison (A5.0)"] == "Charleston 3, full strength"
    dice.push(4, 1, 1)  # the garrison hits U-MF-01; the Union reduces, then destroys it
    act(m, CSA, "target", "U-MF-01")
    state = st(m)
    assert "Charleston r1: U-MF-01 fires at garrison (hits on 1 or less): 1 — hit, garrison reduced" \
        in state.log
    assert "Charleston r1: U-MF-02 fires at garrison (hits on 1 or less): 1 — hit, garrison destroyed" \
        in state.log
    assert state.battle is None and state.phase == "promotion"  # no battle promotion
    assert "Battle of Charleston: Union wins" in state.log
    end_player_turn(m, UNION, dice, 3)
    assert st(m).owner["charleston"] == UNION


def test_a5_0_every_union_shot_goes_at_the_garrison_first(dice: Dice):
    """A5.0: 'Qualunque pezzo dell'unione che sta tentando un'invasione navale deve per prima
    cosa distruggere il presidio in difesa (e poi qualunque altro pezzo presente)' (AMB-38:
    every shot while it stands; surplus shots in the round it falls are wasted). It fires
    first, before the Confederate militia. Once Confederate pieces were fought, the battle is
    'un combattimento regolare' and the winner's promotion is earned."""
    m = new_match(coastal_defences=True)
    invade_charleston(m, dice, "U-MF-01", "U-MF-02", "U-MF-03")
    act(m, UNION, "end-movement")
    state = st(m)
    assert state.battle.firers == ["garrison", "C-MF-04"]
    dice.push(6, 6, 1, 1, 1)
    act(m, CSA, "target", "U-MF-01")
    act(m, CSA, "target", "U-MF-02")
    state = st(m)
    assert ("Charleston r1: Union targets (only one possible): U-MF-01 → garrison, "
            "U-MF-02 → garrison, U-MF-03 → garrison") in state.log
    assert "Charleston r1: U-MF-03 fires at garrison (already eliminated): 1 — wasted" \
        in state.log
    assert state.battle.defenders == ["C-MF-04"]
    # round 2 on: the militia alone; the Union now fires at it and wins
    dice.push(6, 1, 1, 1)  # the militia misses; the Union reduces and eliminates it
    answer_until(m, in_battle_step("battle-promotion"), dice)
    assert "promote U-MF-01" in labels(m, UNION)


def test_a5_0_no_promotion_for_beating_only_the_garrison_after_a_cavalry_escape(dice: Dice):
    """A5.0 + B5.2.6: Confederate cavalry may escape an invasion; the garrison fights on alone
    (AMB-38) and beating it earns no promotion."""
    m = new_match(coastal_defences=True)
    clear_box(st(m), "charleston")
    relocate(st(m), "C-MC-01", "charleston")
    invade_charleston(m, dice, "U-MF-01", "U-MF-02")
    act(m, UNION, "end-movement")
    assert "escape columbia" in labels(m, CSA)
    act(m, CSA, "escape", "columbia")
    assert in_battle_step("targets", side=CSA)(st(m))  # the garrison fights on alone
    dice.push(6, 1, 1)
    act(m, CSA, "target", "U-MF-01")
    state = st(m)
    assert piece(state, "C-MC-01").loc == "columbia"
    assert state.battle is None and state.phase == "promotion"
    assert not any("promotes" in line for line in state.log)


def test_a5_0_no_garrison_against_attacks_by_land_or_without_the_rule(dice: Dice):
    """A5.0: the garrison 'possono partecipare ad una battaglia solo se la città è stata
    attaccata da un'invasione navale'."""
    m = new_match(coastal_defences=True)
    relocate(st(m), "U-MF-04", "port-royal")
    roll_into_turn(m, UNION, dice, 3, turn=2)
    march(m, UNION, "port-royal", ("U-MF-04", "charleston"))
    dice.push(6, 6)
    act(m, UNION, "end-movement")
    assert st(m).battle.garrison == 0
    m = new_match()
    invade_charleston(m, dice, "U-MF-01")
    dice.push(6, 6)
    act(m, UNION, "end-movement")
    assert st(m).battle.garrison == 0


def test_a5_0_a_port_without_a_red_shield_has_no_garrison(dice: Dice):
    """A5.0 'ogni porto Confederato che è anche una città di reclutamento': Yorktown has no
    shield, so an empty Yorktown is simply taken (B4.2.4)."""
    m = new_match(coastal_defences=True)
    invade_empty_yorktown(m, dice)
    assert st(m).phase == "promotion"


def test_a5_0_the_garrison_is_entrenched_and_needs_two_hits():
    """A5.0: 'permanentemente trincerati'; 'Il presidio deve essere colpito due volte per
    essere distrutto' (Mobile: red 2)."""
    b = Battle(box="mobile", attacker=UNION, defender=CSA, garrison=2)
    assert coastal.alive(b) and coastal.combatant(b).entrenched
    assert coastal.hit(b) == "reduced" and coastal.combatant(b).reduced
    assert coastal.hit(b) == "destroyed" and not coastal.alive(b)


# --- A6.0 the capture of Washington -------------------------------------------------------------


def take_washington(m: Match, dice: Dice, die: int) -> None:
    """A Confederate militia alone in Washington at the end of the Confederate player turn."""
    state = st(m)
    clear_box(state, "washington")
    relocate(state, "C-MF-01", "washington")
    recruiting_phase(m, CSA)
    end_player_turn(m, CSA, dice, die, 3)  # the A6.0 die, then the Union movement die


@pytest.mark.parametrize("die, loss", [(1, 2), (5, 5), (2, 2)])
def test_tc_20_a6_0_the_fall_of_washington_costs_union_mas_instead_of_the_war(
        dice: Dice, die, loss):
    """A6.0: 'Se Washington viene conquistata, il Confederato non vincerà automaticamente la
    guerra. Dovrà invece lanciare 1d6 e sottrarre ... se il risultato del dado è un 1, sottraete
    2' (TC-20: die 1 -> -2, die 5 -> -5). The roll replaces the shield of 1 (AMB-39)."""
    m = new_match(washington_capture=True)
    before = q.mas(st(m), UNION)
    take_washington(m, dice, die)
    state = st(m)
    assert state.result is None
    assert state.owner["washington"] == CSA
    assert q.mas(state, UNION) == before - loss
    assert state.mas_offset[UNION] == -(loss - 1)
    assert m.view(None).tracks["Union MAS offset (A6.0)"] == -(loss - 1)


def test_a6_0_the_loss_may_still_lose_the_war_by_army_size(dice: Dice):
    """A6.0 with B11.0: a 6 takes the Union MAS from 34 to 28, below the Confederate 29."""
    m = new_match(washington_capture=True)
    take_washington(m, dice, 6)
    assert st(m).result == ("Confederate victory: Confederate MAS 29 exceeds Union MAS 28 "
                            "(B11.0).")


def test_tc_20_a6_0_a_recapture_gives_back_only_the_shield(dice: Dice):
    """A6.0: 'Se l'Unione ricattura Washington, aggiungete solo il suo valore di reclutamento
    (uno)'; TC-20: +1 only, after the die of 5 took 5."""
    m = new_match(washington_capture=True)
    before = q.mas(st(m), UNION)
    take_washington(m, dice, 5)
    state = st(m)
    relocate(state, "C-MF-01", "manassas-junction")
    relocate(state, "U-MF-04", "washington")
    end_player_turn(m, UNION, dice, 3)
    state = st(m)
    assert state.owner["washington"] == UNION
    assert q.mas(state, UNION) == before - 5 + 1


def test_a6_0_without_the_rule_the_fall_of_washington_wins(dice: Dice):
    """B11.0, the rule A6.0 replaces: the Confederacy wins by taking Washington."""
    m = new_match()
    state = st(m)
    clear_box(state, "washington")
    relocate(state, "C-MF-01", "washington")
    recruiting_phase(m, CSA)
    end_player_turn(m, CSA, dice)
    assert st(m).result == "Confederate victory: Washington has fallen (B11.0)."


# --- A7.0 battle days and the Command Table ---------------------------------------------------


def test_a7_0_command_value_formula_and_cap():
    """A7.0: later days add 'la metà (arrotondato per eccesso)' of the previous value; 'al
    massimo possono essere agganciate 8 unità per fronte'."""
    assert day_value(3, 0) == 3
    assert day_value(2, 3) == 4
    assert day_value(4, 4) == 6
    assert day_value(6, 6) == MAX_ENGAGED == 8
    assert day_value(5, 8) == 8


def battle_state(turn: int, union: int, csa: int) -> AhdState:
    """A Union attack on Little Rock with `union` militia against `csa` veterans, under A7.0."""
    state = new_battle_state(UNION, turn=turn, battle_days=True)
    for p in [p for p in state.pieces if p.side == UNION and p.code == "MF"][:union]:
        update(state, p, loc="little-rock", came_from="fort-smith")
    for p in [p for p in state.pieces if p.side == CSA and p.code == "FV"][:csa]:
        update(state, p, loc="little-rock")
    return state


def fight_round(state: AhdState) -> dict[str, int]:
    """Answer one round (engage the first pieces offered, first targets, stand, done);
    returns how many shots each side fired."""
    start = len(state.log)
    round_no = state.battle.round
    while state.battle is not None and state.battle.round == round_no:
        acts = battle_acts(state)
        pick = next(a for verb in ("engage", "target", "stand", "done") for a in acts
                    if a.verb == verb)
        battle_do(state, pick.verb, pick.noun)
    shots = [line for line in state.log[start:]
             if " fires at " in line and not line.startswith("[")]
    return {side: sum(1 for line in shots if f": {side[0]}-" in line) for side in (UNION, CSA)}


def test_tc_18_a7_0_command_value_over_three_days(battle_dice):
    """TC-18, seed 7.0 'Esempio': 'in una battaglia del 1862, il giocatore dell'Unione ottiene un
    4 per un valore di comando di 3 ... Se ora ottiene un 1, avrà un valore di battaglia pari a
    4 (2 per il round corrente più 2 dei precedenti valori) ... Se il giocatore dell'Unione
    ottiene un 5, il suo valore di comando varrebbe 6'. Eight Union militia fire 3, 3, 3, 3,
    then 4 a round, then 6; the Confederacy (1, 1, 1 -> 3, 3 + 2, 3 + 3) likewise."""
    state = battle_state(turn_of("Apr", 1862), union=8, csa=8)
    # the Command Table dice of each day (Union, then Confederate), and every shot a miss:
    # 3 + 3 shots a round on day 1, 5 + 4 on day 2, 6 + 6 in round 9
    battle_dice.push(4, 1, *[6] * (4 * 6), 1, 1, *[6] * (4 * 9), 5, 1, *[6] * 12)
    b = start_battle(state, "little-rock")
    assert (b.command[UNION], b.command[CSA]) == (3, 3)
    assert b.command_die == {UNION: 4, CSA: 1}
    assert "Union command 3 (A7.0): die 4, table 3; max 8" in battle.focus(state).notes
    fired = [fight_round(state) for _ in range(9)]
    assert [f[UNION] for f in fired] == [3, 3, 3, 3, 4, 4, 4, 4, 6]
    assert [f[CSA] for f in fired] == [3, 3, 3, 3, 5, 5, 5, 5, 6]
    assert (b.command[UNION], b.command_carried[UNION]) == (6, 2)
    assert "Union command 6 (A7.0): die 5, table 4 + 2 carried; max 8" \
        in battle.focus(state).notes
    assert "Little Rock r5: day 2, Union Command Table die 1 (1862): 2 + 2 carried = command 4 " \
        "(A7.0)" in state.log


def test_a7_0_the_owner_picks_his_firers_each_round(battle_dice):
    """A7.0 'il numero di pezzi che il giocatore può agganciare durante ogni round' (AMB-40: the
    owner chooses; every present piece stays a target): the CSA, command 3 with 4 veterans,
    engages exactly three, one question at a time; a fourth is refused."""
    state = battle_state(turn_of("Apr", 1862), union=2, csa=4)
    battle_dice.push(4, 1)
    b = start_battle(state, "little-rock")
    assert state.phase == "firers" and state.active == [CSA]
    assert battle_prompt(state) == ("Battle of Little Rock, round 1 — Confederate command 3 "
                                    "(A7.0): choose the pieces that fire this round (0 of 3 "
                                    "chosen)")
    assert [a.noun for a in battle_acts(state)] == ["C-FV-01", "C-FV-02", "C-FV-03", "C-FV-04"]
    battle_do(state, "engage", "C-FV-04")
    battle_do(state, "engage", "C-FV-02")
    battle_refused(state, CSA, Action("engage", "C-FV-02"))
    battle_do(state, "engage", "C-FV-01")
    assert state.phase == "targets" and state.active == [CSA]
    assert b.firers == ["C-FV-01", "C-FV-02", "C-FV-04"]
    assert ("Little Rock r1: Confederate engages C-FV-01, C-FV-02, C-FV-04 (command 3); not "
            "firing: C-FV-03 (A7.0)") in state.log
    battle_dice.push(6, 6, 6)
    for _ in range(3):
        first = battle_acts(state)[0]
        battle_do(state, first.verb, first.noun)
    # the Union, 2 pieces under a command of 3, is not asked: both fire
    assert (state.phase, state.active, b.firers) == ("targets", [UNION],
                                                     ["U-MF-01", "U-MF-02"])


def test_a7_0_view_shows_each_sides_command(battle_dice):
    state = battle_state(turn_of("Apr", 1862), union=2, csa=2)
    battle_dice.push(4, 6)
    start_battle(state, "little-rock")
    assert battle.focus(state).notes[:2] == [
        "Union command 3 (A7.0): die 4, table 3; max 8",
        "Confederate command 5 (A7.0): die 6, table 5; max 8"]
    tracks = ahd_view.tracks(state)
    assert tracks["Battle day (A7.0)"] == 1
    assert tracks["Union command (A7.0)"] == "3 (die 4: table 3; max 8)"
    assert tracks["Confederate command (A7.0)"] == "5 (die 6: table 5; max 8)"


# --- options ------------------------------------------------------------------------------------


def test_a1_0_each_advanced_rule_is_an_independent_option():
    """A1.0: 'anche queste sono indipendenti e possono essere aggiunte separatamente oppure
    globalmente': one New Game option each, off by default, marked advanced."""
    specs = {spec.key: spec for spec in RULES.option_specs()}
    for key in ADVANCED:
        spec = specs[key]
        assert spec.default is False and spec.balance == "advanced" and spec.help
    assert [specs[k].label[-5:-1] for k in ADVANCED] == ["A2.0", "A3.0", "A4.0", "A5.0",
                                                          "A6.0", "A7.0"]
    m = new_match(**dict.fromkeys(ADVANCED, True))
    assert m.view(None).tracks["Rules"].endswith(
        "+ A2.0 + A3.0 + A4.0 + A5.0 + A6.0 + A7.0")
