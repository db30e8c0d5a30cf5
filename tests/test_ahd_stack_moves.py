"""A House Divided: stack moves (issue 7 part 5, docs/ahd-decisions.md "Stack moves").

B4.0: 'Una marcia consiste nel muovere uno o più pezzi che si trovano in uno stesso riquadro';
each piece may go its own way. A stack move sends several of the march's pieces to one box: it
must be exactly the moves one by one (same routes, costs, marks, log), which these tests check
by playing both on twin games and comparing the whole state.

Map facts (maps/a_house_divided.toml): Baltimore and Gettysburg are joined by a road; cavalry
from Baltimore can enter Gettysburg from Baltimore, Harrisburg or Frederick.
"""
from __future__ import annotations

import random

import msgspec
import pytest

from core.ahd import marching, movement
from core.ahd.frames import March
from core.ahd.options import presets
from core.ahd.state import CSA, UNION
from core.engine import Action, Match
from tests.support.ahd import (RULES, act, assert_illegal, clear_box, encoded, labels,
                               marches_left, movement_phase, new_match, pending, piece, place,
                               relocate, st)


def three_in_baltimore(enemy_in_gettysburg: bool = False) -> tuple[Match, list[str]]:
    """Union movement, 2 marches; Baltimore holds a militia and a veteran cavalry and a
    veteran infantry (their ids in counter order)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    clear_box(state, "baltimore")
    clear_box(state, "gettysburg")
    ids = [p.id for p in place(state, UNION, "MC", "baltimore")
           + place(state, UNION, "CV", "baltimore") + place(state, UNION, "FV", "baltimore")]
    if enemy_in_gettysburg:
        place(state, CSA, "FV", "gettysburg")
    return m, sorted(ids, key=lambda pid: marching.INDEX[pid])


def one_by_one(m: Match, ids: list[str], dest: str, via: str | None = None) -> None:
    for pid in ids:
        act(m, UNION, "piece", pid)
        act(m, UNION, "space", dest)
        if st(m).phase == "route":
            act(m, UNION, "route", via)


def test_the_whole_stack_moves_to_one_box_as_one_by_one():
    """Move the whole stack (2 actions after the origin): the same state, log included, as
    picking each piece and sending it there."""
    m, ids = three_in_baltimore()
    twin, _ = three_in_baltimore()
    for match in (m, twin):
        act(match, UNION, "march", "baltimore")
    assert labels(m, UNION)[:2] == ["move-stack", "choose-pieces"]
    act(m, UNION, "move-stack")
    assert st(m).phase == "stack-to"
    act(m, UNION, "space", "gettysburg")
    one_by_one(twin, ids, "gettysburg")
    assert encoded(m) == encoded(twin)
    state = st(m)
    assert {piece(state, pid).loc for pid in ids} == {"gettysburg"}
    assert marches_left(state) == 1  # B4.0: one march, however many pieces
    assert state.phase == "movement"  # nothing left in Baltimore: the march closed itself


def test_stack_destinations_are_those_every_piece_can_reach():
    """Cavalry goes 2 boxes by road, militia infantry 1 (T3): the stack only where all go."""
    m, ids = three_in_baltimore()
    act(m, UNION, "march", "baltimore")
    act(m, UNION, "move-stack")
    offered = {c.action.noun for c in m.actions(UNION) if c.action.verb == "space"}
    state = st(m)
    each = [set(movement.routes(state, piece(state, pid))) for pid in ids]
    assert offered == set.intersection(*each)
    cavalry_only = set.union(*each) - set.intersection(*each)
    assert cavalry_only  # e.g. two road boxes away
    assert_illegal(m, UNION, "space", sorted(cavalry_only)[0])


def test_chosen_pieces_move_together_and_the_rest_may_still_go():
    """Choose two of three (toggles keep their place in the menu), move them; the third may
    still move in the same march, which was paid once."""
    m, ids = three_in_baltimore()
    twin, _ = three_in_baltimore()
    for match in (m, twin):
        act(match, UNION, "march", "baltimore")
    act(m, UNION, "choose-pieces")
    before = [str(c.action) for c in m.actions(UNION)]
    act(m, UNION, "toggle", ids[0])
    act(m, UNION, "toggle", ids[2])
    after = m.actions(UNION)
    assert [str(c.action) for c in after][:3] == before[:3]  # the toggles did not shift
    assert [c.label.split()[1] for c in after[:3]] == ["☑", "☐", "☑"]
    act(m, UNION, "move-selection")
    act(m, UNION, "space", "frederick")
    one_by_one(twin, [ids[0], ids[2]], "frederick")
    assert encoded(m) == encoded(twin)
    state = st(m)
    assert isinstance(state.stack[-1], March) and state.phase == "march"
    assert marches_left(state) == 1
    assert "piece " + ids[1] in labels(m, UNION)


def test_a_toggle_twice_deselects_and_an_empty_selection_cannot_move():
    m, ids = three_in_baltimore()
    act(m, UNION, "march", "baltimore")
    act(m, UNION, "choose-pieces")
    assert "move-selection" not in labels(m, UNION)
    assert_illegal(m, UNION, "move-selection")
    act(m, UNION, "toggle", ids[1])
    assert "move-selection" in labels(m, UNION)
    act(m, UNION, "toggle", ids[1])
    assert pending(st(m), marching.Selection).chosen == []
    assert "move-selection" not in labels(m, UNION)


def test_cancel_goes_back_step_by_step_and_costs_nothing():
    m, ids = three_in_baltimore()
    act(m, UNION, "march", "baltimore")
    act(m, UNION, "choose-pieces")
    act(m, UNION, "toggle", ids[0])
    act(m, UNION, "toggle", ids[1])
    act(m, UNION, "move-selection")
    act(m, UNION, "cancel")
    assert pending(st(m), marching.Selection).chosen == ids[:2]  # the selection is kept
    act(m, UNION, "cancel")
    act(m, UNION, "end-march")
    assert marches_left(st(m)) == 2


def test_one_mover_offers_no_stack_move():
    m, ids = three_in_baltimore()
    state = st(m)
    for pid in ids[1:]:
        relocate(state, pid, "baltimore", marches=2)  # both its marches used
    act(m, UNION, "march", "baltimore")
    assert "move-stack" not in labels(m, UNION)
    assert_illegal(m, UNION, "move-stack")


def test_b5_2_3_entry_box_asked_once_for_those_that_have_a_choice():
    """An enemy-held destination the cavalry could enter from several boxes (B5.2.3, B5.2.5):
    asked once; the cavalry enter from it, the infantry by its only way, as one by one."""
    m, ids = three_in_baltimore(enemy_in_gettysburg=True)
    twin, _ = three_in_baltimore(enemy_in_gettysburg=True)
    for match in (m, twin):
        act(match, UNION, "march", "baltimore")
    act(m, UNION, "move-stack")
    act(m, UNION, "space", "gettysburg")
    assert st(m).phase == "stack-route"
    offered = {c.action.noun for c in m.actions(UNION) if c.action.verb == "route"}
    assert "frederick" in offered
    act(m, UNION, "route", "frederick")
    one_by_one(twin, ids, "gettysburg", via="frederick")
    assert encoded(m) == encoded(twin)
    state = st(m)
    assert {pid: piece(state, pid).came_from for pid in ids} == {
        pid: "baltimore" if piece(state, pid).arm == "inf" else "frederick" for pid in ids}
    assert all(piece(state, pid).halted for pid in ids)  # B4.0: they stop there


def test_piece_keys_stay_fixed_while_pieces_leave():
    """The menu's letter for a piece does not shift as the others move (issue 7 part 5)."""
    m, ids = three_in_baltimore()
    act(m, UNION, "march", "baltimore")
    first = {c.action.noun: c.label[:3] for c in m.actions(UNION) if c.action.verb == "piece"}
    assert sorted(first.values()) == ["[a]", "[b]", "[c]"]
    act(m, UNION, "piece", ids[0])
    act(m, UNION, "space", "frederick")
    later = {c.action.noun: c.label[:3] for c in m.actions(UNION) if c.action.verb == "piece"}
    assert later == {pid: first[pid] for pid in ids[1:]}


def stack_plays(state, role: str) -> list[list[Action]]:
    """Every complete stack move open now (a March offering move-stack): its actions."""
    plays = []
    after = RULES.act(state, role, Action("move-stack", None))
    for choice in RULES.actions(after, role):
        if choice.action.verb != "space":
            continue
        into = RULES.act(after, role, choice.action)
        if into.phase == "stack-route":
            plays += [[Action("move-stack", None), choice.action, c.action]
                      for c in RULES.actions(into, role) if c.action.verb == "route"]
        else:
            plays.append([Action("move-stack", None), choice.action])
    return plays


def same_one_by_one(state, role: str, play: list[Action]) -> None:
    """The stack move `play` gives the state its pieces' moves one by one give."""
    stacked = state
    for action in play:
        stacked = RULES.act(stacked, role, action)
    pieces = RULES.act(state, role, Action("move-stack", None)).stack[-1].pieces
    single = state
    for pid in pieces:
        single = RULES.act(single, role, Action("piece", pid))
        single = RULES.act(single, role, play[1])
        if single.phase == "route":
            single = RULES.act(single, role, play[2])
    assert msgspec.msgpack.encode(stacked) == msgspec.msgpack.encode(single), play


@pytest.mark.parametrize("seed", [2, 3, 4, 5])
def test_every_stack_move_met_in_random_play_equals_the_moves_one_by_one(seed):
    """Random games (basic, and every rule: leaders, O3.2 rail bonus...): at each march
    offering a stack move, every destination (and entry box) both ways, the whole state
    compared; a stack move is offered only with somewhere to go."""
    rng = random.Random(seed)
    options = {} if seed % 2 == 0 else presets()[2].options  # every rule: leaders, O3.2 ...
    m = new_match(seed=seed, **options)
    state, checked = m.state, 0
    for _ in range(20000):
        if state.result is not None or checked >= 300:
            break
        (role,) = state.active
        choices = RULES.actions(state, role)
        if any(c.action.verb == "move-stack" for c in choices):
            plays = stack_plays(state, role)
            assert plays  # offered only where the pieces share a destination
            for play in plays:
                same_one_by_one(state, role, play)
                checked += 1
        state = RULES.act(state, role, rng.choice(choices).action)
    assert checked >= 50


def test_choosing_pieces_is_a_shortcut_the_computer_leaves_out():
    """Choosing pieces one by one to move together reaches nothing the one-by-one moves do
    not; the computer's search leaves it out (Choice.shortcut), else it could toggle pieces
    in and out of the selection for ever (it did, in the campaign from seed 19)."""
    from core import ai
    from core.ai.search import searched

    m, _ = three_in_baltimore()
    act(m, UNION, "march", "baltimore")
    menu = m.actions(UNION)
    shortcuts = [c.action.verb for c in menu if c.shortcut]
    assert shortcuts == ["choose-pieces"]
    assert [c.action.verb for c in searched(menu)] == [c.action.verb for c in menu
                                                      if c.action.verb != "choose-pieces"]
    for seed in range(4):
        assert ai.choose(m, UNION, "easy", seed=seed).verb != "choose-pieces"
