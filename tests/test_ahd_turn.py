"""A House Divided, basic game: setup, the turn structure, the length of the game and undo
(seed 2.0, 3.0, 4.1 through the flow, 10.0; TC-1; DESIGN.md undo barriers).

Rule numbers are the seed's (../shared/seeds/001_f551d95babcd19e5.txt), written B2.0 ... as in
the English reference (../shared/rules/a-house-divided.md).
"""
from __future__ import annotations

from collections import Counter

import pytest

from core import rng
from core.ahd import calendar
from core.ahd import query as q
from core.ahd.state import ASIDE, CAVALRY, CSA, INFANTRY, MILITIA, POOL, UNION
from core.engine import IllegalAction
from tests.support.ahd import (act, assert_illegal, Dice, encoded, finish_player_turn, labels,
                               march, marches_left, movement_of, new_match, piece, recruiting_of,
                               recruiting_phase, roll_into_turn, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)

S1_UNION = {"washington": 3, "chicago": 2, "fort-wayne": 2, "harpers-ferry": 1, "pittsburgh": 1,
            "canton": 1, "columbus": 1, "st-louis": 1}
S1_CSA = {"manassas-junction": 1, "fredericksburg": 1, "front-royal": 1, "charleston": 1,
          "mobile": 1, "jefferson-city": 1, "atlanta": 1, "new-orleans": 1}


# --- B2.0 -----------------------------------------------------------------------------------


def test_b2_0_campaign_setup_places_the_militia_of_both_sides():
    """B2.0: 'Il Nord inizia con 12 pezzi di Milizia e il Sud con 8 ... con piena forza': three
    in Washington, 2 in Chicago, 2 in Fort Wayne, one in Harper's Ferry, Pittsburgh, Canton,
    Columbus and St. Louis; one Confederate each in Manassas Junction, Fredericksburg, Front
    Royal, Charleston, Mobile, Jefferson City, Atlanta and New Orleans."""
    state = st(new_match())
    for side, expected in ((UNION, S1_UNION), (CSA, S1_CSA)):
        on_map = q.pieces_of(state, side)
        assert Counter(p.loc for p in on_map) == Counter(expected)
        assert all((p.arm, p.grade, p.reduced) == (INFANTRY, MILITIA, False) for p in on_map)
        assert not any(p.entrenched for p in on_map)
    assert q.in_play(state, UNION) == 12 and q.in_play(state, CSA) == 8


def test_b2_0_turn_marker_on_july_1861_and_army_size_flags_on_34_and_29():
    """B2.0: turn marker 'luglio 1861'; flags on 34 (Union) and 29 (Confederacy)."""
    m = new_match()
    state = st(m)
    assert (state.turn, calendar.label(state.turn)) == (1, "Jul 1861")
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (34, 29)
    tracks = m.view(None).tracks
    assert (tracks["Union MAS"], tracks["Confederate MAS"], tracks["Date"]) == (34, 29,
                                                                                "Jul 1861")


def test_b2_0_pools_hold_one_militia_cavalry_each_and_twelve_union_militia_wait_aside():
    """B2.0: 'Le restanti 12 unità di Milizia di Fanteria sono lasciate da parte (non nel pozzo
    di reclutamento)' and 'un'unità di Milizia di Cavalleria viene piazzata nel pozzo del Nord.
    La restante unità di Milizia di Cavalleria sudista viene piazzata nel pozzo del Sud'."""
    state = st(new_match())
    for side in (UNION, CSA):
        pool = q.pool(state, side)
        assert [(p.arm, p.grade) for p in pool] == [(CAVALRY, MILITIA)]
    aside = [p for p in state.pieces if p.side == UNION and p.loc == ASIDE]
    assert len(aside) == 12 and all((p.arm, p.grade) == (INFANTRY, MILITIA) for p in aside)


def test_b2_0_b9_0_printed_colours_give_the_starting_owners():
    """B9.0 at setup: 'tutti i riquadri blu appartengono all'Unione, e tutti i riquadri grigi
    appartengono alla Confederazione; i riquadri bianchi non appartengono a nessun giocatore'."""
    state = st(new_match())
    for box in q.map_boxes():
        colour = q.board().locations[box].props["colour"]
        assert state.owner.get(box) == {"blue": UNION, "grey": CSA, "white": None}[colour], box


def test_b2_0_pieces_in_washington_start_entrenched_by_the_permanent_entrenchment():
    state = st(new_match())
    assert all(q.is_entrenched(state, p) for p in q.pieces_at(state, "washington", UNION))


# --- B3.0 / TC-1 ----------------------------------------------------------------------------


def test_tc_1_b3_0_full_game_turn_order(dice: Dice):
    """B3.0 / TC-1: 'Il Nord muove per primo ed effettua i suoi quattro segmenti: muove i pezzi,
    esegue i combattimenti, promuove i suoi pezzi ed infine recluta ... Una volta che il nord ha
    terminato, tocca al Sud ... Quando entrambe i giocatori hanno terminato il turno, il luglio
    1861 termina e comincia l'agosto (08) 1861'. No battle here, so the battle segment is
    empty; the turn-2 movement is rolled."""
    m = new_match()
    seen = [(st(m).turn, st(m).player, st(m).phase)]
    script = [
        (UNION, "end-movement", None, ()),
        (UNION, "pass", None, (3,)),                 # promotion; then the recruiting die
        (UNION, "recruit-cavalry", "chicago", ()),
        (UNION, "end-recruiting", None, ()),
        (CSA, "end-movement", None, ()),
        (CSA, "pass", None, (2,)),
        (CSA, "recruit-cavalry", "richmond", ()),
        (CSA, "end-recruiting", None, (4,)),         # Union movement die of turn 2
    ]
    for role, verb, noun, rolls in script:
        dice.push(*rolls)
        act(m, role, verb, noun)
        seen.append((st(m).turn, st(m).player, st(m).phase))
    assert seen == [
        (1, UNION, "movement"), (1, UNION, "promotion"), (1, UNION, "recruit"),
        (1, UNION, "recruit"), (1, CSA, "movement"), (1, CSA, "promotion"), (1, CSA, "recruit"),
        (1, CSA, "recruit"), (2, UNION, "movement"),
    ]
    state = st(m)
    assert dice.rolled == [3, 2, 4]
    assert calendar.label(state.turn) == "Aug 1861"
    assert (movement_of(state).die, marches_left(state)) == (4, 4)
    assert piece(state, "U-MC-01").loc == "chicago" and piece(state, "C-MC-01").loc == "richmond"


def test_tc_1_b3_0_no_union_movement_once_its_first_battle_has_started(dice: Dice):
    """B3.0: 'l'Unione non può muovere nessuno dei suoi pezzi dopo aver cominciato una
    battaglia, perché il Movimento avviene prima del Combattimento'. Turn 1: the Union marches
    its three Washington militia into Manassas Junction and ends movement; during the battle
    and afterwards no Union movement action is accepted until its next turn."""
    m = new_match()
    march(m, UNION, "washington", ("U-MF-01", "manassas-junction"),
          ("U-MF-02", "manassas-junction"), ("U-MF-03", "manassas-junction"))
    assert marches_left(st(m)) == 1
    act(m, UNION, "end-movement")
    state = st(m)
    assert state.battle is not None and state.battle.box == "manassas-junction"
    assert state.active == [CSA]                         # the defender declares first (B5.0)
    dice.push(6, 6, 6, 6)                                # every shot of round 1 misses
    act(m, CSA, "target", "U-MF-01")
    act(m, CSA, "done")                                  # CSA: no reinforcements in round 2
    state = st(m)
    assert state.battle is not None and state.active == [UNION]   # Union: retreat or stand
    for verb, noun in (("march", "chicago"), ("march", "fort-wayne"), ("end-movement", None),
                       ("sail", "U-MF-01"), ("piece", "U-MF-04"), ("end-march", None)):
        assert_illegal(m, UNION, verb, noun)
    act(m, UNION, "retreat", "washington")
    act(m, CSA, "no-promotion")                          # the CSA won: battle promotion
    state = st(m)
    assert (state.player, state.phase, state.active) == (UNION, "promotion", [UNION])
    for verb, noun in (("march", "chicago"), ("end-movement", None), ("end-march", None)):
        assert_illegal(m, UNION, verb, noun)
    assert marches_left(st(m)) == 0  # the segment is over: its unused march is gone


def test_b3_0_only_the_active_player_acts():
    """B3.0: the Union player turn comes first; the Confederacy has nothing to do in it."""
    m = new_match()
    assert m.active == [UNION]
    assert m.actions(CSA) == [] and m.view(CSA).actions == []
    assert_illegal(m, CSA, "march", "manassas-junction")
    assert_illegal(m, CSA, "end-movement")
    assert_illegal(m, UNION, "march", "manassas-junction")  # not a Union box
    assert_illegal(m, UNION, "fly", "richmond")


def test_tc_1_b4_1_no_naval_invasion_on_turn_one():
    m = new_match()
    assert not movement_of(st(m)).invasion
    assert not [lab for lab in labels(m, UNION) if lab.startswith("invade")]
    assert_illegal(m, UNION, "invade", "charleston")


# --- B10.0 ----------------------------------------------------------------------------------


def test_b10_0_forty_turns_from_july_1861_to_june_1865():
    """B10.0: 'Una partita dura 40 turni, dal luglio (07) 1861 al giugno (06) 1865'; a turn is a
    month or two in winter (pairing: docs/ahd-decisions.md, GAP-5)."""
    assert calendar.LAST_TURN == 40
    assert calendar.label(1) == "Jul 1861" and calendar.label(40) == "Jun 1865"
    assert calendar.label(10) == "Jun 1862"        # B13.0's ten turns end in June 1862
    assert sum(1 for t in range(1, 41) if "-" in calendar.month(t)) == 8
    assert [calendar.label(t) for t in range(5, 9)] == ["Nov-Dec 1861", "Jan-Feb 1862",
                                                        "Mar 1862", "Apr 1862"]
    assert st(new_match()).last_turn == 40


def test_b10_0_turn_marker_advances_at_the_end_of_the_confederate_player_turn(dice: Dice):
    """B10.0: the turn track is 'aggiornata alla fine del turno Confederato'."""
    m = new_match()
    dice.push(3)
    finish_player_turn(m, UNION)
    assert (st(m).turn, st(m).player) == (1, CSA)
    dice.push(2, 5)
    finish_player_turn(m, CSA)
    assert (st(m).turn, st(m).player) == (2, UNION)
    assert m.view(None).tracks["Date"] == "Aug 1861"


def test_b10_0_b11_0_after_turn_40_the_confederacy_wins_if_the_union_has_not(dice: Dice):
    """B10.0 with B11.0 (3): 'Se il giocatore nordista non riesce a vincere prima della fine
    della partita (turno 40), il Confederato vince automaticamente'."""
    m = new_match()
    recruiting_phase(m, CSA, turn=40)
    act(m, CSA, "end-recruiting")
    state = st(m)
    assert state.result is not None and state.result.startswith("Confederate victory")
    assert "Jun 1865" in state.result
    assert (state.phase, state.active, state.turn) == ("over", [], 40)
    assert m.actions(UNION) == [] and m.actions(CSA) == []
    assert dice.rolled == []
    with pytest.raises(IllegalAction):
        act(m, UNION, "end-movement")


def test_b10_0_turn_39_goes_on_to_turn_40(dice: Dice):
    m = new_match()
    recruiting_phase(m, CSA, turn=39)
    dice.push(2)
    act(m, CSA, "end-recruiting")
    assert (st(m).turn, st(m).player, st(m).result) == (40, UNION, None)


# --- undo (DESIGN.md: back to the last die roll, draw, reveal or change of active role) --------


def test_undo_a_march_can_be_taken_back_step_by_step():
    m = new_match()
    before = encoded(m)
    act(m, UNION, "march", "chicago")
    act(m, UNION, "piece", "U-MF-04")
    act(m, UNION, "space", "fort-wayne")
    assert marches_left(st(m)) == 1 and m.can_undo
    m.undo()
    assert st(m).phase == "march-to" and piece(st(m), "U-MF-04").loc == "chicago"
    assert marches_left(st(m)) == 2
    m.undo()
    m.undo()
    assert encoded(m) == before and m.history == []
    assert not m.can_undo
    with pytest.raises(IllegalAction):
        m.undo()


def test_undo_a_movement_roll_cannot_be_taken_back(dice: Dice):
    """The Union movement die (B4.0) is rolled when the Confederate player turn ends: neither the
    roll nor the hand-over can be undone; marches after it can, back to the roll."""
    m = new_match()
    roll_into_turn(m, UNION, dice, 4)
    assert not m.can_undo
    with pytest.raises(IllegalAction):
        m.undo()
    after_roll = encoded(m)
    march(m, UNION, "chicago", ("U-MF-04", "fort-wayne"))
    act(m, UNION, "end-movement")
    assert st(m).phase == "promotion" and m.can_undo
    while m.can_undo:
        m.undo()
    assert encoded(m) == after_roll
    assert movement_of(st(m)).die == 4 and marches_left(st(m)) == 4


def test_undo_stops_at_the_recruiting_roll_and_at_the_hand_over(dice: Dice):
    m = new_match()
    act(m, UNION, "end-movement")
    assert m.can_undo
    dice.push(3)
    act(m, UNION, "pass")                 # promotion segment, then the recruiting die (B7.0)
    assert recruiting_of(st(m)).die == 3 and not m.can_undo
    act(m, UNION, "recruit-cavalry", "chicago")
    assert m.can_undo
    m.undo()
    assert piece(st(m), "U-MC-01").loc == POOL
    act(m, UNION, "end-recruiting")       # hands over to the Confederacy
    assert st(m).active == [CSA] and not m.can_undo


def test_undo_uses_real_dice_too():
    """Without scripted dice, the movement roll still clears the undo stack (the generator state
    is part of the game state)."""
    m = new_match(seed=11)
    seed_rng = st(m).rng
    assert seed_rng == rng.seed_state(11)          # B4.1: no roll on turn 1
    recruiting_phase(m, CSA, turn=1)
    act(m, CSA, "end-recruiting")
    assert st(m).rng != seed_rng and 1 <= movement_of(st(m)).die <= 6
    assert not m.can_undo
