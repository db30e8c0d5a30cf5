"""A House Divided, basic game: the movement segment, rule by rule (seed 4.0-4.2.6).

Rule numbers are the seed's (../shared/seeds/001_f551d95babcd19e5.txt), written B4.0 ... as in
the English reference (../shared/rules/a-house-divided.md), whose worked examples TC-2 to TC-5
are reproduced with the seed's own numbers. Map facts come from maps/a_house_divided.toml
(reconstructed, docs/ahd-map.md); each test states the ones it relies on.
"""
from __future__ import annotations

import pytest

from core.ahd import movement
from core.ahd import query as q
from core.ahd.state import CSA, UNION
from tests.support.ahd import (act, assert_illegal, clear_box, destinations, Dice,
                               finish_player_turn, labels, march, marches_left, movement_of,
                               movement_phase, new_match, piece, place, relocate, roll_into_turn,
                               route, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)
from tests.support.ahd import actions

CSA_PORTS = {"yorktown", "norfolk", "wilmington", "new-bern", "charleston", "port-royal",
             "savannah", "brunswick", "apalachicola", "jacksonville", "mobile", "new-orleans"}
UNION_PORTS = {"new-york", "philadelphia", "washington", "baltimore", "fort-monroe", "pensacola"}


def link(a: str, b: str, kind: str):
    (found,) = [ln for ln in q.board().links_between(a, b) if ln.kind == kind]
    return found


# --- B4.0 march allowance -------------------------------------------------------------------


@pytest.mark.parametrize("die, marches", [(1, 2), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)])
@pytest.mark.parametrize("side", [UNION, CSA])
def test_b4_0_movement_die_gives_marches_and_a_one_counts_as_two(dice: Dice, side, die, marches):
    """B4.0: 'lancia 1d6 ... il numero di marce ... se ottiene un 1, potrà comunque fare due
    marce'. From turn 2 on each player rolls at the start of his movement segment."""
    m = new_match()
    state = roll_into_turn(m, side, dice, die, turn=2)
    assert dice.rolled == [die]
    assert movement_of(state).die == die
    assert marches_left(state) == marches
    assert "end-movement" in labels(m, side)


def test_b4_0_unused_marches_are_lost_and_each_turn_rolls_anew(dice: Dice):
    """B4.0: the die gives the marches 'in quel turno'; marches not used are not carried over."""
    m = new_match()
    roll_into_turn(m, UNION, dice, 5, turn=2)
    dice.push(3)            # Union recruiting die (its pool holds a militia cavalry)
    act(m, UNION, "end-movement")
    act(m, UNION, "pass")   # promotion segment
    dice.push(2)            # Confederate movement die
    act(m, UNION, "end-recruiting")
    assert (st(m).player, marches_left(st(m))) == (CSA, 2)
    dice.push(4, 3)         # Confederate recruiting die, then the Union movement die of turn 3
    finish_player_turn(m, CSA)
    state = st(m)
    assert (state.turn, state.player, state.phase) == (3, UNION, "movement")
    assert marches_left(state) == 3  # not 3 + the 5 unused of turn 2
    assert dice.faces == []


def test_b4_0_march_moves_pieces_of_one_box_and_costs_one_march():
    """B4.0: 'Una marcia consiste nel muovere uno o più pezzi che si trovano in uno stesso
    riquadro'; the march is paid once, whatever the number of pieces."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    act(m, UNION, "march", "chicago")
    assert labels(m, UNION) == ["move-stack", "choose-pieces", "piece U-MF-04",
                                "entrench U-MF-04", "piece U-MF-05", "entrench U-MF-05",
                                "end-march"]
    act(m, UNION, "piece", "U-MF-04")
    act(m, UNION, "space", "fort-wayne")
    assert marches_left(st(m)) == 1 and st(m).phase == "march"
    act(m, UNION, "piece", "U-MF-05")
    act(m, UNION, "space", "toledo")
    state = st(m)
    assert state.phase == "movement"  # nothing left in Chicago: the march closed itself
    assert marches_left(state) == 1
    assert piece(state, "U-MF-04").loc == "fort-wayne"
    assert piece(state, "U-MF-05").loc == "toledo"
    # a piece of another box cannot join this march
    act(m, UNION, "march", "canton")
    assert_illegal(m, UNION, "piece", "U-MF-04")


def test_b4_0_starting_and_ending_a_march_without_moving_costs_nothing():
    m = new_match()
    movement_phase(m, UNION, marches=2)
    act(m, UNION, "march", "chicago")
    act(m, UNION, "piece", "U-MF-04")
    act(m, UNION, "cancel")
    act(m, UNION, "end-march")
    assert marches_left(st(m)) == 2


def test_b4_0_infantry_moves_one_box_by_road():
    """B4.0 / T3: 'Fanteria su strada 1 riquadro'. Map: Rolla-Springfield (Mo.) road,
    Springfield-Thayer road."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-08", "rolla")
    assert route(state, "U-MF-08", "springfield-mo").last.kind == "road"
    assert "thayer" not in destinations(state, "U-MF-08")
    assert "sedalia" not in destinations(state, "U-MF-08")


def test_b4_0_infantry_moves_two_boxes_by_river_whatever_the_owner():
    """B4.0 / T3: 'Fanteria su fiume 2 riquadri'; passing a neutral box is irrelevant (TC-2)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-08", "evansville")
    r = route(state, "U-MF-08", "cairo")
    assert r.path == ("evansville", "paducah", "cairo") and r.last.kind == "river"
    assert q.owner(state, "paducah") is None


def test_b4_0_infantry_moves_one_box_on_a_non_friendly_railway():
    """B4.0: 'ferrovia amica è una linea che collega due città proprie; tutte le altre ferrovie
    sono considerate non amiche'; infantry: 1 box on them. Map: Washington-Manassas Junction
    and Manassas Junction-Front Royal / Culpeper railways; Manassas grey (CSA)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    clear_box(state, "manassas-junction")
    assert route(state, "U-MF-01", "manassas-junction").path == ("washington",
                                                                 "manassas-junction")
    assert {"front-royal", "culpeper"}.isdisjoint(destinations(state, "U-MF-01"))
    # AMB-6: one friendly segment is not enough, both must be friendly
    state.owner["manassas-junction"] = UNION
    assert {"front-royal", "culpeper"}.isdisjoint(destinations(state, "U-MF-01"))
    clear_box(state, "front-royal")
    state.owner["front-royal"] = UNION
    r = route(state, "U-MF-01", "front-royal")
    assert r.path == ("washington", "manassas-junction", "front-royal")


def test_b4_0_infantry_moves_two_boxes_on_a_friendly_railway():
    """B4.0 / T3: 'Fanteria su ferrovia amica 2 riquadri' (Chicago-Indianapolis-Cincinnati,
    all Union)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    r = route(state, "U-MF-04", "cincinnati")
    assert r.path == ("chicago", "indianapolis", "cincinnati") and r.last.kind == "rail"


def test_b4_0_infantry_may_not_mix_line_types_in_one_march():
    """B4.0: 'un'unità di fanteria non può spostarsi lungo due diversi tipi di Linee di
    Trasporto' in one march. Evansville-Paducah river then Paducah-Columbus (Ky.) road;
    Shreveport-Monroe road then Monroe-Vicksburg railway."""
    m = new_match()
    state = movement_phase(m, CSA, marches=2)
    relocate(state, "U-MF-08", "evansville")
    assert "columbus-ky" not in destinations(state, "U-MF-08")
    relocate(state, "C-MF-01", "shreveport")
    assert "vicksburg" not in destinations(state, "C-MF-01")
    assert route(state, "C-MF-01", "monroe").last.kind == "road"


def test_b4_0_cavalry_moves_two_boxes_by_road_and_rail_mixed_but_never_river_mixed():
    """B4.0 / T3: 'La Cavalleria può spostarsi di due riquadri ... Essa può combinare il suo
    movimento lungo le strade e le ferrovie, ma non lungo i fiumi'. Map: Shreveport-Alexandria
    river, Alexandria-Natchez river, Alexandria-Baton Rouge road."""
    m = new_match()
    state = movement_phase(m, CSA, marches=2)
    relocate(state, "C-MC-01", "shreveport")
    cav = destinations(state, "C-MC-01")
    assert route(state, "C-MC-01", "vicksburg").path == ("shreveport", "monroe", "vicksburg")
    assert route(state, "C-MC-01", "natchez").path == ("shreveport", "alexandria", "natchez")
    assert "baton-rouge" not in cav  # river + road
    relocate(state, "U-MC-01", "rolla")
    assert route(state, "U-MC-01", "thayer").path == ("rolla", "springfield-mo", "thayer")


def test_b4_0_no_piece_takes_part_in_more_than_two_marches():
    """B4.0: 'nessun pezzo può partecipare a più di due marce in un turno'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=4)
    relocate(state, "U-MF-08", "rolla")
    march(m, UNION, "rolla", ("U-MF-08", "st-louis"))
    act(m, UNION, "march", "st-louis")
    assert {"piece U-MF-08", "piece U-MF-12"} <= set(labels(m, UNION))
    act(m, UNION, "piece", "U-MF-08")
    act(m, UNION, "space", "rolla")
    act(m, UNION, "end-march")
    state = st(m)
    assert piece(state, "U-MF-08").marches == 2 and marches_left(state) == 2
    assert "march rolla" not in labels(m, UNION)
    assert_illegal(m, UNION, "march", "rolla")
    # two marches spent standing still count the same (entrenching, B4.2.5)
    relocate(state, "U-MF-09", "st-louis")
    act(m, UNION, "march", "st-louis")
    act(m, UNION, "piece", "U-MF-09")
    act(m, UNION, "space", "rolla")
    act(m, UNION, "end-march")
    march(m, UNION, "rolla", ("U-MF-09", "st-louis"))
    assert piece(st(m), "U-MF-09").marches == 2 and marches_left(st(m)) == 0
    movement_phase(m, UNION, marches=3)
    state = st(m)
    for pid in ("U-MF-08", "U-MF-09"):
        relocate(state, pid, "st-louis", marches=2)
    act(m, UNION, "march", "st-louis")
    assert labels(m, UNION) == ["piece U-MF-12", "entrench U-MF-12", "end-march"]
    assert_illegal(m, UNION, "piece", "U-MF-08")
    assert_illegal(m, UNION, "entrench", "U-MF-09")


def test_b4_0_entering_an_enemy_box_stops_the_piece_for_the_turn():
    """B4.0: 'Un pezzo può spostarsi in un riquadro che contiene un'unità nemica, ma in questo
    caso dovrà fermarsi' (AMB-11: no second march)."""
    m = new_match()
    movement_phase(m, UNION, marches=3)
    march(m, UNION, "washington", ("U-MF-01", "manassas-junction"))
    p = piece(st(m), "U-MF-01")
    assert p.halted and p.marches == 1 and p.loc == "manassas-junction"
    assert "march manassas-junction" not in labels(m, UNION)
    assert_illegal(m, UNION, "march", "manassas-junction")


def test_b4_0_a_piece_may_not_pass_through_an_enemy_box_without_a_jump():
    """B4.0 with B4.2.1: only jumps pass through enemy-occupied boxes; infantry never jumps on
    a railway (Chicago-Indianapolis-Cincinnati with a Confederate piece in Indianapolis)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "C-MF-01", "indianapolis")
    assert "cincinnati" not in destinations(state, "U-MF-04")
    assert route(state, "U-MF-04", "indianapolis") is not None  # it may enter and stop


def test_b4_0_no_march_when_none_left():
    m = new_match()
    movement_phase(m, UNION, marches=1)
    march(m, UNION, "chicago", ("U-MF-04", "fort-wayne"))
    assert marches_left(st(m)) == 0
    assert labels(m, UNION) == ["end-movement"]
    assert_illegal(m, UNION, "march", "canton")


# --- TC-2 (B4.0 example: Evansville) ---------------------------------------------------------


def _evansville(louisville_union: bool):
    m = new_match()
    state = movement_phase(m, UNION, marches=1)
    for pid in ("U-MF-01", "U-MF-02", "U-MF-03"):
        relocate(state, pid, "evansville")
    if louisville_union:
        state.owner["louisville"] = UNION  # a Union flag on Louisville (Kentucky, white)
    return m, state


def test_tc_2_b4_0_one_march_three_destinations_from_evansville():
    """B4.0 example: three militia in Evansville, one march: one by river through Paducah to
    Cairo, one by friendly railway through Bloomington to Indianapolis, one by friendly railway
    through Bloomington to Louisville. All legal, 1 march in total."""
    m, state = _evansville(louisville_union=True)
    mf1 = route(state, "U-MF-01", "cairo")
    assert mf1.path == ("evansville", "paducah", "cairo") and mf1.last.kind == "river"
    mf2 = route(state, "U-MF-02", "indianapolis")
    assert mf2.path == ("evansville", "bloomington", "indianapolis") and mf2.last.kind == "rail"
    # Bloomington-Louisville is friendly once Louisville is Union: the 2-box rail move is legal.
    assert movement.friendly_rail(state, link("evansville", "bloomington", "rail"), UNION)
    assert movement.friendly_rail(state, link("bloomington", "louisville", "rail"), UNION)
    march(m, UNION, "evansville", ("U-MF-01", "cairo"), ("U-MF-02", "indianapolis"),
          ("U-MF-03", "louisville"))
    state = st(m)
    assert marches_left(state) == 0
    assert [piece(state, pid).loc for pid in ("U-MF-01", "U-MF-02", "U-MF-03")] == [
        "cairo", "indianapolis", "louisville"]
    assert [piece(state, pid).marches for pid in ("U-MF-01", "U-MF-02", "U-MF-03")] == [1, 1, 1]
    assert labels(m, UNION) == ["end-movement"]


def test_tc_2_variant_b4_0_bloomington_louisville_is_not_friendly_without_a_union_flag():
    """TC-2 variant (derived): Louisville not Union-owned, so Bloomington-Louisville is not a
    friendly railway and the two-box rail move to Louisville is rejected (MF#3 may only stop in
    Bloomington by rail). The reconstructed map also joins Evansville and Louisville by the Ohio
    river, so Louisville stays reachable, but only by that river line."""
    m, state = _evansville(louisville_union=False)
    assert not movement.friendly_rail(state, link("bloomington", "louisville", "rail"), UNION)
    r = route(state, "U-MF-03", "louisville")
    assert r.path == ("evansville", "louisville") and r.last.kind == "river"
    assert route(state, "U-MF-03", "bloomington").last.kind == "rail"
    # the same rule seen through the choices: with Indianapolis not Union-owned, the railway
    # through Bloomington stops at Bloomington and Indianapolis is out of reach
    state.owner["indianapolis"] = CSA
    act(m, UNION, "march", "evansville")
    act(m, UNION, "piece", "U-MF-02")
    spaces = [lab for lab in labels(m, UNION) if lab.startswith("space ")]
    assert "space bloomington" in spaces and "space indianapolis" not in spaces
    assert_illegal(m, UNION, "space", "indianapolis")


# --- TC-3 (movement example after B4.2.6) ------------------------------------------------------


def test_tc_3_movement_example_shreveport_monroe_vicksburg_alexandria_mccomb():
    """Seed movement example: infantry A and a cavalry start in Shreveport, infantry B in
    Vicksburg; three marches. Played by the Confederacy, whose boxes these are."""
    m = new_match()
    state = movement_phase(m, CSA, marches=4)
    a, cav, b = "C-MF-01", "C-MC-01", "C-MF-02"
    relocate(state, a, "shreveport")
    relocate(state, cav, "shreveport")
    relocate(state, b, "vicksburg")
    # 1st march: the cavalry 2 boxes by road and rail to Vicksburg, A 1 box by road to Monroe.
    act(m, CSA, "march", "shreveport")
    act(m, CSA, "piece", a)
    assert "space vicksburg" not in labels(m, CSA)   # A: Shreveport-Vicksburg rejected (1 road)
    assert_illegal(m, CSA, "space", "vicksburg")
    act(m, CSA, "space", "monroe")
    act(m, CSA, "piece", cav)
    assert route(st(m), cav, "vicksburg").path == ("shreveport", "monroe", "vicksburg")
    act(m, CSA, "space", "vicksburg")
    assert st(m).phase == "movement" and marches_left(st(m)) == 3
    # 2nd march: A one more box by road, Monroe to Vicksburg.
    march(m, CSA, "monroe", (a, "vicksburg"))
    assert marches_left(st(m)) == 2
    # 3rd march from Vicksburg: B 2 river boxes to Alexandria, the cavalry 2 rail boxes to
    # McComb; A cannot join (already in two marches).
    act(m, CSA, "march", "vicksburg")
    assert f"piece {a}" not in labels(m, CSA)
    assert {f"piece {b}", f"piece {cav}"} <= set(labels(m, CSA))
    assert_illegal(m, CSA, "piece", a)
    assert route(st(m), b, "alexandria").path == ("vicksburg", "natchez", "alexandria")
    assert route(st(m), b, "alexandria").last.kind == "river"
    assert route(st(m), cav, "mccomb").path == ("vicksburg", "jackson", "mccomb")
    act(m, CSA, "piece", b)
    act(m, CSA, "space", "alexandria")
    act(m, CSA, "piece", cav)
    act(m, CSA, "space", "mccomb")
    state = st(m)
    assert state.phase == "movement" and marches_left(state) == 1   # 3 marches used
    assert (piece(state, a).loc, piece(state, a).marches) == ("vicksburg", 2)
    assert (piece(state, cav).loc, piece(state, cav).marches) == ("mccomb", 2)
    assert (piece(state, b).loc, piece(state, b).marches) == ("alexandria", 1)
    # a fourth march including the cavalry is rejected
    assert "march mccomb" not in labels(m, CSA)
    assert_illegal(m, CSA, "march", "mccomb")


# --- B4.1 -----------------------------------------------------------------------------------


def test_b4_1_first_turn_both_sides_get_two_marches_without_a_roll(dice: Dice):
    """B4.1: 'solo per il primo turno entrambe i fronti non dovranno lanciare il dado per il
    movimento. Ognuno di essi riceverà automaticamente due marce' (so no invasion on turn 1)."""
    m = new_match()
    state = st(m)
    assert (state.turn, state.player, state.phase) == (1, UNION, "movement")
    assert (marches_left(state), movement_of(state).die, movement_of(state).invasion) == (2, 0, False)
    assert not any(lab.startswith("invade") for lab in labels(m, UNION))
    dice.push(3)  # the Union recruiting die is the only die before the Confederate movement
    finish_player_turn(m, UNION)
    state = st(m)
    assert (state.turn, state.player, state.phase) == (1, CSA, "movement")
    assert (marches_left(state), movement_of(state).die) == (2, 0)
    assert dice.rolled == [3]


# --- B4.2.1 / B4.2.2 / TC-4 jumps ---------------------------------------------------------------


def _jump_position(middle: list[str], end: list[str] = ()):
    """Union cavalry in Rolla; road Rolla-Springfield (Mo.) and road Springfield-Thayer (the
    only two-box way to Thayer)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MC-01", "rolla")
    for pid in middle:
        relocate(state, pid, "springfield-mo")
    for pid in end:
        relocate(state, pid, "thayer")
    return m, state


def test_tc_4_b4_2_1_cavalry_jumps_through_an_enemy_box():
    """B4.2.1: 'La Cavalleria può spostarsi attraverso un riquadro che contiene dei pezzi
    nemici'. Y = Springfield with 2 Confederate infantry, Z = Thayer empty."""
    m, state = _jump_position(["C-MF-01", "C-MF-02"])
    r = route(state, "U-MC-01", "thayer")
    assert r.jump and r.path == ("rolla", "springfield-mo", "thayer")
    march(m, UNION, "rolla", ("U-MC-01", "thayer"))
    p = piece(st(m), "U-MC-01")
    assert (p.loc, p.jumped, p.halted, p.marches) == ("thayer", True, False, 1)


def test_tc_4_b4_2_1_one_jump_per_cavalry_per_turn():
    """B4.2.1: 'Un pezzo di Cavalleria può fare un solo movimento di salto per turno'."""
    m, state = _jump_position(["C-MF-01", "C-MF-02"])
    march(m, UNION, "rolla", ("U-MC-01", "thayer"))
    act(m, UNION, "march", "thayer")
    act(m, UNION, "piece", "U-MC-01")
    spaces = {lab for lab in labels(m, UNION) if lab.startswith("space ")}
    assert "space rolla" not in spaces          # a second jump back through Springfield
    assert "space springfield-mo" in spaces     # entering the enemy box is still allowed
    assert_illegal(m, UNION, "space", "rolla")


def test_tc_4_b4_2_1_no_jump_through_enemy_cavalry():
    """B4.2.1: 'Non può nemmeno fare un movimento di salto attraverso un riquadro che contiene
    della Cavalleria nemica'."""
    m, state = _jump_position(["C-MC-01", "C-MF-01"])
    assert "thayer" not in destinations(state, "U-MC-01")
    act(m, UNION, "march", "rolla")
    act(m, UNION, "piece", "U-MC-01")
    assert_illegal(m, UNION, "space", "thayer")


def test_tc_4_b4_2_1_a_jump_may_not_end_in_an_enemy_box():
    """B4.2.1: 'Una Cavalleria non può terminare un movimento di salto in un riquadro che
    contiene dei pezzi nemici'."""
    m, state = _jump_position(["C-MF-01"], end=["C-MF-02"])
    assert "thayer" not in destinations(state, "U-MC-01")
    assert route(state, "U-MC-01", "springfield-mo") is not None


def test_tc_4_b4_2_1_no_cavalry_jump_by_river():
    """B4.2.1: 'la Cavalleria non può fare un movimento di salto se si sposta sopra un fiume'
    (only the Union downstream river jump of B4.2.2 crosses an enemy box by river). Union
    cavalry at Paducah going upstream Paducah-Evansville-Louisville past Confederates in
    Evansville; Confederate cavalry going Evansville-Paducah-Cairo past Union infantry."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MC-01", "paducah")
    relocate(state, "C-MF-01", "evansville")
    assert "louisville" not in destinations(state, "U-MC-01")
    relocate(state, "C-MC-01", "evansville")
    relocate(state, "C-MF-01", "chicago")
    relocate(state, "U-MC-01", "chicago")
    relocate(state, "U-MF-08", "paducah")
    assert "cairo" not in destinations(state, "C-MC-01")


def test_tc_4_b4_2_2_union_river_jump_downstream_past_enemy_cavalry():
    """B4.2.2: 'Qualunque pezzo dell'Unione ... può fare un movimento di salto se si sposta
    verso la corrente del fiume ... i pezzi possono spostarsi attraverso i riquadri che
    contengono della Cavalleria nemica'. Evansville-Paducah-Cairo runs downstream."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-08", "evansville")
    relocate(state, "C-MC-01", "paducah")
    assert movement.downstream(link("evansville", "paducah", "river"), "paducah")
    assert movement.downstream(link("paducah", "cairo", "river"), "cairo")
    r = route(state, "U-MF-08", "cairo")
    assert r.jump and r.path == ("evansville", "paducah", "cairo")
    march(m, UNION, "evansville", ("U-MF-08", "cairo"))
    p = piece(st(m), "U-MF-08")
    assert (p.loc, p.jumped, p.halted) == ("cairo", True, False)


def test_tc_4_b4_2_2_no_river_jump_upstream():
    """B4.2.2: 'l'Unione non può fare un movimento di salto quando si sposta contro corrente'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-08", "cairo")
    relocate(state, "C-MF-01", "paducah")
    assert "evansville" not in destinations(state, "U-MF-08")
    relocate(state, "C-MF-01", "chicago")
    assert route(state, "U-MF-08", "evansville").path == ("cairo", "paducah", "evansville")


def test_tc_4_b4_2_2_confederates_never_jump_on_rivers():
    """B4.2.2: 'La Confederazione non può mai fare dei movimenti di salto sui fiumi'."""
    m = new_match()
    state = movement_phase(m, CSA, marches=2)
    relocate(state, "C-MF-01", "evansville")
    relocate(state, "U-MC-01", "paducah")
    assert "cairo" not in destinations(state, "C-MF-01")
    relocate(state, "U-MC-01", "chicago")
    assert route(state, "C-MF-01", "cairo").path == ("evansville", "paducah", "cairo")


def test_b4_2_2_river_jump_limits_one_jump_and_not_into_an_enemy_box():
    """B4.2.2: river jumps 'hanno le stesse limitazioni dei salti della Cavalleria': they may
    not end in an enemy box, and one jump per piece per turn, cavalry and river together
    (AMB-10)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MF-08", "evansville")
    relocate(state, "C-MF-01", "paducah")
    relocate(state, "C-MF-02", "cairo")
    assert "cairo" not in destinations(state, "U-MF-08")
    relocate(state, "C-MF-02", "chicago")
    relocate(state, "U-MF-08", "evansville", jumped=True)
    assert "cairo" not in destinations(state, "U-MF-08")


# --- B4.2.3 naval movement / TC-5 -------------------------------------------------------------


def test_tc_5_b4_2_3_naval_move_costs_one_march_per_piece():
    """B4.2.3: 'Ogni movimento navale vale come una marcia; ... tre pezzi che si spostano con un
    movimento navale valgono come tre marce'; 'Un pezzo che esegue un movimento navale, per
    quel turno non può fare nessun altro movimento'. P = Philadelphia, Q = New York."""
    m = new_match()
    state = movement_phase(m, UNION, marches=4)
    trio = ("U-MF-01", "U-MF-02", "U-MF-03")
    for pid in trio:
        relocate(state, pid, "philadelphia")
    for n, pid in enumerate(trio, start=1):
        act(m, UNION, "sail", pid)
        act(m, UNION, "space", "new-york")
        assert marches_left(st(m)) == 4 - n
    state = st(m)
    assert [piece(state, pid).loc for pid in trio] == ["new-york"] * 3
    assert marches_left(state) == 1
    for pid in trio:
        assert_illegal(m, UNION, "sail", pid)
    assert "march new-york" not in labels(m, UNION)
    assert_illegal(m, UNION, "march", "new-york")


def test_b4_2_3_naval_move_goes_to_another_union_owned_port():
    """B4.2.3: 'può muovere per mare direttamente verso un altro riquadro di porto anch'esso di
    proprietà dell'Unione'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-01", "philadelphia")
    act(m, UNION, "sail", "U-MF-01")
    ports = {lab.split()[1] for lab in labels(m, UNION) if lab.startswith("space ")}
    assert ports == UNION_PORTS - {"philadelphia"}
    assert_illegal(m, UNION, "space", "norfolk")
    act(m, UNION, "cancel")
    state = st(m)
    state.owner["norfolk"] = UNION  # a Union flag on Norfolk
    act(m, UNION, "sail", "U-MF-01")
    assert "space norfolk" in labels(m, UNION)


def test_tc_5_b4_2_3_only_a_piece_that_began_the_turn_in_a_port_sails():
    """B4.2.3: 'il pezzo considerato deve cominciare il turno in un riquadro di porto'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MF-08", "harrisburg")
    march(m, UNION, "harrisburg", ("U-MF-08", "philadelphia"))
    assert "sail U-MF-08" not in labels(m, UNION)
    assert_illegal(m, UNION, "sail", "U-MF-08")
    assert "sail U-MF-04" not in labels(m, UNION)  # Chicago is not a port
    assert_illegal(m, UNION, "sail", "U-MF-04")


def test_b4_2_3_the_confederacy_has_no_naval_movement():
    """B4.2.3 is the North's ('Il Nord ... può fare dei movimenti navali')."""
    m = new_match()
    movement_phase(m, CSA, marches=3)
    assert piece(st(m), "C-MF-04").loc == "charleston" and q.is_port("charleston")
    assert not any(lab.startswith("sail") for lab in labels(m, CSA))
    assert_illegal(m, CSA, "sail", "C-MF-04")


# --- B4.2.4 naval invasions -------------------------------------------------------------------


def test_b4_2_4_a_six_allows_an_invasion_from_washington_to_any_enemy_port(dice: Dice):
    """B4.2.4: 'Se il giocatore nordista ottiene un 6 con il dado del movimento, per quel turno
    può fare un'invasione navale ... i pezzi devono iniziare il movimento a Washington, e
    terminare in un qualunque porto avversario'."""
    m = new_match()
    roll_into_turn(m, UNION, dice, 6)
    assert movement_of(st(m)).invasion
    targets = {lab.split()[1] for lab in labels(m, UNION) if lab.startswith("invade ")}
    assert targets == CSA_PORTS


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
def test_tc_5_b4_2_4_no_invasion_without_a_six(dice: Dice, die):
    m = new_match()
    roll_into_turn(m, UNION, dice, die)
    assert not movement_of(st(m)).invasion
    assert not any(lab.startswith("invade") for lab in labels(m, UNION))
    assert_illegal(m, UNION, "invade", "wilmington")


def test_b4_2_4_the_confederacy_never_invades(dice: Dice):
    m = new_match()
    roll_into_turn(m, CSA, dice, 6)
    assert marches_left(st(m)) == 6 and not movement_of(st(m)).invasion
    assert not any(lab.startswith("invade") for lab in labels(m, CSA))


def test_tc_5_b4_2_4_each_invading_piece_costs_a_march_and_an_empty_port_is_taken(dice: Dice):
    """B4.2.4: 'Ogni pezzo che si muove in un'invasione navale conta come una marcia'; 'Se il
    porto di destinazione è vuoto, il Nord lo può conquistare' (at the end of the Union player
    turn, B9.0). Wilmington: red shield 2."""
    m = new_match()
    roll_into_turn(m, UNION, dice, 6)
    act(m, UNION, "invade", "wilmington")
    assert labels(m, UNION) == ["piece U-MF-01", "piece U-MF-02", "piece U-MF-03", "cancel"]
    act(m, UNION, "piece", "U-MF-01")
    act(m, UNION, "piece", "U-MF-02")
    state = st(m)
    assert marches_left(state) == 4
    assert labels(m, UNION) == ["piece U-MF-03", "end-invasion"]
    act(m, UNION, "end-invasion")
    state = st(m)
    for pid in ("U-MF-01", "U-MF-02"):
        p = piece(state, pid)
        assert (p.loc, p.sailed, p.crossing) == ("wilmington", True, True)
    # one invasion per 6; the invaders make no other move
    assert not any(lab.startswith("invade") for lab in labels(m, UNION))
    assert "march wilmington" not in labels(m, UNION)
    assert state.owner["wilmington"] == CSA  # not before the end of the player turn
    dice.push(3, 2)  # Union recruiting die, Confederate movement die
    finish_player_turn(m, UNION)
    state = st(m)
    assert state.owner["wilmington"] == UNION
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (34, 27)


def test_b4_2_4_invasion_targets_are_the_ports_the_confederacy_owns_now(dice: Dice):
    """B4.2.4: 'terminare in un qualunque porto avversario': ownership at the time of the move
    (B9.0), not the printed colour. Pensacola (blue) held by the CSA is a target; Norfolk (grey)
    under a Union flag is not, and is reached by ordinary naval movement instead (B4.2.3)."""
    m = new_match()
    state = roll_into_turn(m, UNION, dice, 6)
    state.owner["pensacola"] = CSA
    state.owner["norfolk"] = UNION
    targets = {lab.split()[1] for lab in labels(m, UNION) if lab.startswith("invade ")}
    assert targets == (CSA_PORTS | {"pensacola"}) - {"norfolk"}
    assert_illegal(m, UNION, "invade", "norfolk")
    act(m, UNION, "sail", "U-MF-01")
    assert "space norfolk" in labels(m, UNION) and "space pensacola" not in labels(m, UNION)


def test_b4_2_3_a_piece_that_sailed_cannot_entrench():
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MF-08", "philadelphia")
    relocate(state, "U-MF-09", "new-york")
    act(m, UNION, "sail", "U-MF-08")
    act(m, UNION, "space", "new-york")
    act(m, UNION, "march", "new-york")
    assert labels(m, UNION) == ["piece U-MF-09", "entrench U-MF-09", "end-march"]
    assert_illegal(m, UNION, "entrench", "U-MF-08")


def test_b4_2_4_invading_an_occupied_port_means_a_battle(dice: Dice):
    """B4.2.4: 'Se il porto contiene dei pezzi nemici, ci dovrà essere una battaglia'."""
    m = new_match()
    roll_into_turn(m, UNION, dice, 6)
    act(m, UNION, "invade", "charleston")
    act(m, UNION, "piece", "U-MF-01")
    act(m, UNION, "piece", "U-MF-02")
    act(m, UNION, "end-invasion")
    assert piece(st(m), "U-MF-01").halted
    act(m, UNION, "end-movement")
    state = st(m)
    assert state.battle is not None and state.battle.box == "charleston"
    assert state.battle.attackers == ["U-MF-01", "U-MF-02"]
    assert state.battle.defenders == ["C-MF-04"]
    assert state.active == [CSA]  # the defender fires first and declares its target


def test_b4_2_4_only_pieces_that_began_the_turn_in_washington_invade(dice: Dice):
    m = new_match()
    state = roll_into_turn(m, UNION, dice, 6)
    relocate(state, "U-MF-01", "baltimore")
    relocate(state, "U-MF-02", "philadelphia")
    relocate(state, "U-MF-03", "philadelphia")
    march(m, UNION, "baltimore", ("U-MF-01", "washington"))
    # nobody in Washington began the turn there: no invasion can be made
    assert not any(lab.startswith("invade") for lab in labels(m, UNION))
    assert_illegal(m, UNION, "invade", "wilmington")


def test_b4_2_4_an_unused_invasion_cannot_be_saved(dice: Dice):
    """B4.2.4: 'Se il giocatore decide di non fare un'invasione navale, non potrà tenersi questa
    possibilità per i turni successivi'."""
    m = new_match()
    roll_into_turn(m, UNION, dice, 6)
    dice.push(3, 2, 4, 4)  # Union recruit, CSA movement, CSA recruit, Union movement (turn 3)
    finish_player_turn(m, UNION)
    finish_player_turn(m, CSA)
    state = st(m)
    assert (state.turn, state.player, marches_left(state)) == (3, UNION, 4)
    assert not movement_of(state).invasion
    assert not any(lab.startswith("invade") for lab in labels(m, UNION))


# --- B4.2.5 entrenchment --------------------------------------------------------------------


def test_b4_2_5_entrenching_in_a_recruiting_city_costs_one_march():
    """B4.2.5: 'Un pezzo può usare una marcia per trincerarsi in una città di reclutamento (un
    qualsiasi riquadro che contiene un numero, sia blu che rosso)'. Chicago: blue 3."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    act(m, UNION, "march", "chicago")
    act(m, UNION, "entrench", "U-MF-04")
    state = st(m)
    p = piece(state, "U-MF-04")
    assert p.entrenched and p.marches == 1 and marches_left(state) == 1
    assert q.is_entrenched(state, p)


def test_b4_2_5_entrenching_elsewhere_takes_both_marches_of_the_piece():
    """B4.2.5: 'e due marce per trincerarsi in un altro riquadro' (Harper's Ferry: no shield)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    assert not q.is_recruiting_city("harpers-ferry")
    act(m, UNION, "march", "harpers-ferry")
    act(m, UNION, "entrench", "U-MF-08")
    state = st(m)
    p = piece(state, "U-MF-08")
    assert (p.entrenched, p.digging, p.marches, marches_left(state)) == (False, True, 1, 2)
    assert state.phase == "movement"
    act(m, UNION, "march", "harpers-ferry")
    act(m, UNION, "entrench", "U-MF-08")
    state = st(m)
    p = piece(state, "U-MF-08")
    assert (p.entrenched, p.digging, p.marches, marches_left(state)) == (True, False, 2, 1)


def test_b4_2_5_a_piece_that_moved_cannot_then_entrench_outside_a_recruiting_city():
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MF-08", "rolla")
    march(m, UNION, "rolla", ("U-MF-08", "st-louis"))       # St. Louis: a recruiting city
    act(m, UNION, "march", "st-louis")
    assert "entrench U-MF-08" in labels(m, UNION)           # 1 march there (AMB-9)
    act(m, UNION, "end-march")
    state = st(m)
    relocate(state, "U-MF-09", "harpers-ferry")
    march(m, UNION, "harpers-ferry", ("U-MF-09", "cumberland"))  # Cumberland: no shield
    state = st(m)
    assert not q.is_recruiting_city("cumberland")
    assert not movement.can_entrench(state, piece(state, "U-MF-09"))
    assert "march cumberland" in labels(m, UNION)  # it may still move on
    act(m, UNION, "march", "cumberland")
    assert "entrench U-MF-09" not in labels(m, UNION)
    assert_illegal(m, UNION, "entrench", "U-MF-09")


def test_b4_2_5_no_entrenching_in_a_box_with_enemy_pieces():
    """B4.2.5: 'Le unità non possono trincerarsi in un riquadro che contiene dei pezzi
    nemici'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "C-MF-01", "chicago")
    act(m, UNION, "march", "chicago")
    assert not any(lab.startswith("entrench") for lab in labels(m, UNION))
    assert_illegal(m, UNION, "entrench", "U-MF-04")


def test_b4_2_5_one_march_moves_some_pieces_out_and_entrenches_others():
    """B4.2.5: 'La stessa marcia può essere usata per muovere alcuni pezzi fuori da un riquadro
    e trincerarsi in un altro' (AMB-8: the others, in that box); 1 march in all."""
    m = new_match()
    movement_phase(m, UNION, marches=2)
    act(m, UNION, "march", "chicago")
    act(m, UNION, "piece", "U-MF-04")
    act(m, UNION, "space", "fort-wayne")
    act(m, UNION, "entrench", "U-MF-05")
    state = st(m)
    assert state.phase == "movement" and marches_left(state) == 1
    assert piece(state, "U-MF-05").entrenched and not piece(state, "U-MF-04").entrenched


def test_b4_2_5_moving_loses_entrenchment_and_joining_entrenched_friends_gives_none():
    """B4.2.5: 'I pezzi che si spostano in un riquadro che contiene delle unità amiche
    trincerate non diventano anch'essi trincerati, e se un pezzo trincerato si dovesse
    spostare, perderebbe automaticamente il suo trinceramento'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MF-04", "chicago", entrenched=True)
    relocate(state, "U-MF-05", "chicago", entrenched=True)
    relocate(state, "U-MF-06", "fort-wayne", entrenched=True)
    march(m, UNION, "chicago", ("U-MF-04", "toledo"))
    march(m, UNION, "fort-wayne", ("U-MF-07", "chicago"))
    state = st(m)
    assert not piece(state, "U-MF-04").entrenched
    assert piece(state, "U-MF-05").loc == "chicago" and piece(state, "U-MF-05").entrenched
    assert not piece(state, "U-MF-07").entrenched and piece(state, "U-MF-07").loc == "chicago"
    assert piece(state, "U-MF-06").entrenched  # stayed: keeps its marker


@pytest.mark.parametrize("box", ["washington", "richmond", "fort-monroe", "vicksburg"])
def test_b4_2_5_permanent_entrenchments_entrench_their_owner(box):
    """B4.2.5: 'Washington (DC), Richmond (Virginia), Fort Monroe (Virginia) e Vicksburg
    (Mississippi)' are permanent: a piece there is entrenched if the box is its side's."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    owner = state.owner[box]
    mine = relocate(state, "U-FV-01" if owner == UNION else "C-FV-01", box)
    foe = relocate(state, "C-FV-02" if owner == UNION else "U-FV-02", box)
    assert q.is_permanent_entrenchment(box)
    assert q.is_entrenched(state, mine)
    assert not q.is_entrenched(state, foe)  # an attacker in an enemy-owned one is not
    assert not movement.can_entrench(state, mine)


def test_b4_2_5_moving_into_an_owned_permanent_entrenchment_entrenches_at_once():
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-08", "baltimore")
    march(m, UNION, "baltimore", ("U-MF-08", "washington"))
    state = st(m)
    assert q.is_entrenched(state, piece(state, "U-MF-08"))
    assert not any(lab == "entrench U-MF-08" for lab in labels(m, UNION))
    assert not q.is_permanent_entrenchment("baltimore")


# --- B4.2.6 Potomac -------------------------------------------------------------------------


def test_b4_2_6_confederates_never_use_the_potomac():
    """B4.2.6: 'i pezzi Confederati non possono mai spostarsi usando il fiume Potomac (il fiume
    che connette Washington a Fredericksburg)'."""
    m = new_match()
    state = movement_phase(m, CSA, marches=2)
    potomac = link("washington", "fredericksburg", "river")
    assert potomac.props["potomac"]
    assert "washington" not in destinations(state, "C-MF-02")   # Fredericksburg militia
    relocate(state, "C-MC-01", "fredericksburg")
    r = route(state, "C-MC-01", "washington")  # by land through Manassas: allowed
    assert r.path == ("fredericksburg", "manassas-junction", "washington")
    assert not any(q.is_potomac(step.last) for step in movement.routes(
        state, piece(state, "C-MC-01")).values())
    # the Union may use it
    movement_phase(m, UNION, marches=2)
    assert q.is_potomac(route(st(m), "U-MF-01", "fredericksburg").last)


# --- entry box into a battle (B5.2.3, B5.2.5; docs/ahd-decisions.md) -------------------------


def _cavalry_at_gettysburg(enemy_in_harrisburg: bool):
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    for box in ("gettysburg", "harrisburg", "baltimore"):
        clear_box(state, box)
    cav = place(state, UNION, "CV", "gettysburg")[0]
    if enemy_in_harrisburg:
        place(state, CSA, "FV", "harrisburg")
    act(m, UNION, "march", "gettysburg")
    act(m, UNION, "piece", cav.id)
    return m, cav.id


def test_b5_2_3_attacker_chooses_the_box_it_attacks_from():
    """Gettysburg-Harrisburg road enters Harrisburg across a blue bank; the cavalry may instead
    go round by Baltimore (road + rail) and attack without crossing. The entry box also decides
    where the defender may not retreat (B5.2.5). The player chooses."""
    m, cav = _cavalry_at_gettysburg(enemy_in_harrisburg=True)
    act(m, UNION, "space", "harrisburg")
    assert st(m).phase == "route"
    offered = {a.noun for a in actions(m, UNION) if a.verb == "route"}
    assert {"gettysburg", "baltimore"} <= offered
    assert offered <= set(q.neighbours("harrisburg", UNION))
    act(m, UNION, "route", "gettysburg")
    p = piece(st(m), cav)
    assert (p.loc, p.came_from, p.crossing, p.halted) == ("harrisburg", "gettysburg", True, True)


def test_b5_2_3_attack_round_by_baltimore_does_not_cross():
    m, cav = _cavalry_at_gettysburg(enemy_in_harrisburg=True)
    act(m, UNION, "space", "harrisburg")
    act(m, UNION, "route", "baltimore")
    p = piece(st(m), cav)
    assert (p.loc, p.came_from, p.crossing) == ("harrisburg", "baltimore", False)
    assert marches_left(st(m)) == 1


def test_entry_box_is_not_asked_where_no_enemy_stands():
    m, cav = _cavalry_at_gettysburg(enemy_in_harrisburg=False)
    act(m, UNION, "space", "harrisburg")
    assert st(m).phase != "route"
    assert piece(st(m), cav).loc == "harrisburg"


def test_entry_box_question_can_be_cancelled_without_cost():
    m, cav = _cavalry_at_gettysburg(enemy_in_harrisburg=True)
    act(m, UNION, "space", "harrisburg")
    act(m, UNION, "cancel")
    assert st(m).phase == "march-to" and marches_left(st(m)) == 2
    assert_illegal(m, UNION, "route", "fredericksburg")
