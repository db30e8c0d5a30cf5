"""What A House Divided's random play does for speed (issue 6 part 8), checked.

The state keeps an index of where its counters are (`AhdState.whereabouts`, core/ahd/state.py):
built on first use, kept in step by `pieces.update`, copied by `clone` (the written-out
`state.copy_state`), never saved. These tests recount it from the counters after every action
of random games, compare the questions core/ahd/query.py answers from it with plain scans of
`state.pieces`, and the shortcuts taken for speed (the ways into one chosen destination, the
A2.1 support walk, whether a leader may move, the march origins, the destinations listed, the
march routes worked out once per box, the promotable counters) with the full computations; a
random playout (which keeps no undo, lets Match vouch for its choices and changes one state in
place) replays to the same game.
"""
from __future__ import annotations

import msgspec
import msgspec.inspect
import pytest

from core import engine

from core.ahd import leaders, marching, movement, promotion, supply
from core.ahd import query as q
from core.ahd.counters import KINDS
from core.ahd.frames import MarchTo, Movement, Promotion
from core.ahd.pieces import (NEXT_GRADE, TURN_MARKS, clear_turn_marks_on_map, has_turn_marks,
                             piece, update)
from core.ahd.state import (CAVALRY, CSA, GRADES, INFANTRY, OFF_MAP, POOL, SIDES, SPARE, UNION,
                            AhdState, Piece, Whereabouts)
from maps.board import Link
from core.engine import Action, Choice, IllegalAction, Match, clone, preset_options
from core.playout import random_playout
from core.registry import get_rules

RULES = get_rules("a-house-divided")
GAMES = [("campaign", {}, 1), ("campaign", {}, 2), ("campaign", "advanced", 3),
         ("campaign", "advanced-all", 4), ("1863", "advanced-all", 5)]


def recount(pieces: list[Piece]) -> dict[str, dict[str, tuple[int, ...]]]:
    """Where the counters are, counted afresh: side -> place -> positions in the list."""
    at: dict[str, dict[str, list[int]]] = {side: {} for side in SIDES}
    for i, p in enumerate(pieces):
        at[p.side].setdefault(p.loc, []).append(i)
    return {side: {loc: tuple(ids) for loc, ids in places.items()} for side, places in at.items()}


def map_boxes(at: dict[str, dict[str, tuple[int, ...]]]) -> dict[str, set[str]]:
    return {side: {loc for loc in places if loc not in OFF_MAP} for side, places in at.items()}


def carried_index(state: AhdState) -> Whereabouts:
    """The index the state holds now, without building one."""
    index = state.__dict__.get("_whereabouts")
    assert index is not None, "the index was not carried over by clone"
    assert index.pieces is state.pieces
    return index


def assert_queries_match_scans(state: AhdState) -> None:
    """The index-backed questions of core/ahd/query.py against plain scans of the counters."""
    pieces = state.pieces
    on_map = [p for p in pieces if p.loc not in OFF_MAP]
    boxes = {p.loc for p in on_map}
    for side in SIDES:
        mine = [p for p in on_map if p.side == side]
        assert q.pieces_of(state, side) == mine
        assert q.occupied(state, side) == {p.loc for p in mine}
        assert q.in_play(state, side) == sum(1 for p in mine if not p.foreign)
        assert q.pool(state, side) == [p for p in pieces if p.loc == POOL and p.side == side]
        for arm in (INFANTRY, CAVALRY):
            assert q.pool(state, side, arm) == [p for p in pieces if p.loc == POOL
                                                 and p.side == side and p.arm == arm]
            assert q.in_pool(state, side, arm) == bool(q.pool(state, side, arm))
            for grade in GRADES:
                assert q.free_counter(state, side, arm, grade) == next(
                    (p for p in pieces if p.loc == SPARE and p.side == side and p.arm == arm
                     and p.grade == grade), None)
        for box in boxes:
            here = [p for p in pieces if p.loc == box and p.side == side]
            assert q.pieces_at(state, box, side) == here
            assert q.has_piece(state, box, side) == bool(here)
            assert q.has_enemy_cavalry(state, box, q.enemy(side)) == any(
                p.arm == CAVALRY for p in here)
    for box in boxes:
        assert q.pieces_at(state, box) == [p for p in pieces if p.loc == box]
    # a counter's kind never changes (counters.KINDS, by position)
    assert [(p.arm, p.grade) for p in pieces] == list(KINDS[:len(pieces)])


class Recount:
    """After every action: the state's carried index equals a fresh recount, and so does the
    previous state's (a copy shares the index until one of them changes)."""

    def __init__(self, match: Match) -> None:
        self.before = match.state
        self.before_at = recount(match.state.pieces)
        self.actions = 0

    def __call__(self, match: Match, role: str, action: Action) -> None:
        state = match.state
        assert isinstance(state, AhdState)
        index, fresh = carried_index(state), recount(state.pieces)
        assert index.at == fresh and index.boxes == map_boxes(fresh)
        assert index.on_map == {side: tuple(i for i, p in enumerate(state.pieces)
                                            if p.side == side and p.loc not in OFF_MAP)
                                for side in SIDES}
        assert self.before.whereabouts.at == self.before_at
        assert self.before.whereabouts.boxes == map_boxes(self.before_at)
        if self.actions % 25 == 0:
            assert_queries_match_scans(state)
            assert_support_walk_matches_the_graph(state)
        # flow.player_turn_start clears the marks of the counters on the map only
        assert not any(has_turn_marks(p) for p in state.pieces if p.loc in OFF_MAP)
        top = state.stack[-1] if state.stack else None
        if isinstance(top, MarchTo):
            assert_entries_for_one_destination(state, top)
            assert_routes_match_the_rules(state, piece(state, top.piece))
        if isinstance(top, Movement):
            assert_march_origins(state)
        if isinstance(top, Promotion):
            assert_promotable(state, top)
        for ldr in state.leaders:
            if ldr.on_map:  # leaders.may_move, a shortcut of destinations()
                assert leaders.may_go_alone(state, ldr) == bool(leaders.alone_boxes(state, ldr))
                assert leaders.may_follow(state, ldr) == bool(leaders.follow_boxes(state, ldr))
                assert leaders.may_move(state, ldr) == bool(leaders.destinations(state, ldr))
        self.before, self.before_at = state, recount(state.pieces)
        self.actions += 1


def assert_support_walk_matches_the_graph(state: AhdState) -> None:
    """supply.unsupported, which walks each stack's component of the A2.1 support graph only as
    far as it needs (`supply.supported`), finds the stacks that `supported_in` finds
    unsupported on their whole components of the graph (networkx)."""
    import networkx

    for side in SIDES:
        boxes = set(supply.stacks(state, side))
        graph = supply.support_graph(state, side, boxes)
        expected = sorted(box for box in boxes if not supply.supported_in(
            state, networkx.node_connected_component(graph, box), box, side))
        assert supply.unsupported(state, side) == expected


def assert_entries_for_one_destination(state: AhdState, frame: MarchTo) -> None:
    """`entries(..., to=dest)` finds exactly the ways into `dest` that the full search finds;
    `reach`, which the destinations listed come from, is `routes` in short."""
    p = piece(state, frame.piece)
    found = movement.entries(state, p)
    for dest, ways in found.items():
        assert movement.entries(state, p, to=dest) == {dest: ways}
    assert [c.action.noun for c in marching.destination_choices(state, frame)][:-1] == sorted(
        found)
    assert movement.reach(state, p) == {
        dest: (r.jump, r.crossing, len(r.path), r.via)
        for dest, r in movement.routes(state, p).items()}


# --- the march routes, rule by rule (what movement.march_lines and rail_bonus_lines work out
# once per box, then check against the state) --------------------------------------------------


friendly_rail = movement.friendly_rail  # a railway joining two boxes both owned (AMB-6)


def second_step_ok(state: AhdState, occ: q.Occupancy, p: Piece, first: Link, second: Link,
                   middle: str, dest: str, like_cavalry: bool) -> tuple[bool, bool]:
    """A two-box move along `first` then `second` (T3 allows the line types): allowed now,
    and whether it is a jump (B4.0, AMB-6, AMB-10, B4.2.1, B4.2.2)."""
    river = first.kind == "river"
    if not (like_cavalry or river):
        if not (friendly_rail(state, first, p.side) and friendly_rail(state, second, p.side)):
            return False, False
    foes = occ.foes[p.side]
    if middle not in foes:
        return True, False
    if p.jumped or dest in foes:
        return False, False
    if river:
        ok = (p.side == UNION and movement.downstream(first, middle)
              and movement.downstream(second, dest))
        return ok, ok
    ok = p.arm == CAVALRY and not occ.enemy_cavalry(middle, p.side)
    return ok, ok


def rail_bonus_routes(state: AhdState, occ: q.Occupancy, p: Piece) -> list[movement.Route]:
    """O3.2 three-box moves along friendly railway, each line checked (AMB-6, AMB-55)."""
    origin, side = p.loc, p.side
    out = []
    for first_box, first in movement.railways(origin):
        if not friendly_rail(state, first, side) or not q.enterable(state, first_box):
            continue
        for second_box, second in movement.railways(first_box):
            if (second_box == origin or not friendly_rail(state, second, side)
                    or not q.enterable(state, second_box)):
                continue
            for dest, third in movement.railways(second_box):
                if (dest in (origin, first_box) or not friendly_rail(state, third, side)
                        or not q.enterable(state, dest)):
                    continue
                passed = [box for box in (first_box, second_box) if occ.enemy(box, side)]
                if passed and not (p.arm == CAVALRY and not p.jumped and len(passed) == 1
                                   and not occ.enemy_cavalry(passed[0], side)
                                   and not occ.enemy(dest, side)):
                    continue
                out.append(movement.Route(dest, second_box, third, bool(passed),
                                          (origin, first_box, second_box, dest),
                                          movement.crosses(third, dest)))
    return out


def entries_rule_by_rule(state: AhdState, p: Piece) -> dict[str, dict[str, movement.Route]]:
    """movement.entries, every line of every move checked against the state as it is."""
    occ = q.Occupancy(state)
    origin = p.loc
    found: dict[str, dict[str, movement.Route]] = {}

    def offer(route: movement.Route) -> None:
        ways = found.setdefault(route.dest, {})
        best = ways.get(route.via)
        if best is None or (route.jump, route.crossing) < (best.jump, best.crossing):
            ways[route.via] = route

    like_cavalry = movement.moves_like_cavalry(state, p)
    turn_one = q.first_turn_restricted(state)
    for middle, first, first_crosses, onward in movement.two_box_moves(
            origin, p.side, like_cavalry, turn_one):
        if not q.enterable(state, middle):
            continue
        offer(movement.Route(middle, origin, first, False, (origin, middle), first_crosses))
        for dest, second, second_crosses in onward:
            if not q.enterable(state, dest):
                continue
            ok, jump = second_step_ok(state, occ, p, first, second, middle, dest, like_cavalry)
            if ok:
                offer(movement.Route(dest, middle, second, jump, (origin, middle, dest),
                                     second_crosses))
    if movement.rail_bonus(state, p):
        for route in rail_bonus_routes(state, occ, p):
            offer(route)
    return found


def assert_routes_match_the_rules(state: AhdState, p: Piece) -> None:
    """The routes worked out once per box (movement.march_lines, rail_bonus_lines) and checked
    against the state give every way, in the same order, that checking each line finds."""
    found, expected = movement.entries(state, p), entries_rule_by_rule(state, p)
    assert found == expected
    assert [list(ways) for ways in found.values()] == [list(ways) for ways in expected.values()]
    assert list(found) == list(expected)


def assert_march_origins(state: AhdState) -> None:
    """marching.march_origins: the boxes with a piece that can march or entrench."""
    side = state.player
    assert marching.march_origins(state, side) == sorted(
        {p.loc for p in q.pieces_of(state, side)
         if movement.can_march(p) or movement.can_entrench(state, p)})


def assert_promotable(state: AhdState, frame: Promotion) -> None:
    """promotion.promotable (by the counters' kinds, counters.KINDS) against a plain scan."""
    side = state.player
    expected = [p for p in q.pieces_of(state, side)
                if p.grade in NEXT_GRADE and not p.foreign and p.id not in frame.promoted
                and q.free_counter(state, side, p.arm, NEXT_GRADE[p.grade]) is not None]
    assert promotion.promotable(state, frame.promoted) == expected


@pytest.mark.parametrize("scenario, preset, seed", GAMES)
def test_the_piece_index_matches_a_recount_after_every_action(scenario, preset, seed) -> None:
    options = preset_options(RULES, preset) if preset else {}
    match = Match.new(RULES, seed=seed, scenario=scenario, options=options)
    check = Recount(match)
    played = random_playout(RULES, seed, scenario=scenario, options=options, on_action=check)
    assert check.actions == len(played.history) > 0


def test_the_written_out_copy_copies_every_mutable_field() -> None:
    """`core.ahd.state.copy_state`, the copy `clone` makes, against the field types: every field
    the engine's derived copier would copy is a new object, and the copy encodes the same. (A
    field added to AhdState and not to copy_state fails here.)"""
    match = Match.new(RULES, seed=2, scenario="1863",
                      options=preset_options(RULES, "advanced-all"))
    for _ in range(60):  # a state with leaders, frames and marks
        role = match.state.active[0]
        match.act(role, match.actions(role)[0].action)
    state = match.state
    copy = clone(state)
    assert msgspec.msgpack.encode(copy) == msgspec.msgpack.encode(state)
    for field in msgspec.inspect.type_info(AhdState).fields:
        if engine._copier_for(field.type) is not None:
            assert getattr(copy, field.name) is not getattr(state, field.name), field.name
    for mine, theirs in zip(copy.stack + copy.leaders, state.stack + state.leaders):
        assert mine == theirs and mine is not theirs


def test_a_copy_has_its_own_index() -> None:
    state = RULES.setup(1, "campaign", {})
    before = recount(state.pieces)
    copy = clone(state)
    p = q.pieces_of(copy, UNION)[0]
    update(copy, p, loc="richmond")
    assert state.whereabouts.at == before
    assert copy.whereabouts.at == recount(copy.pieces)
    assert q.has_piece(copy, "richmond", UNION) and not q.has_piece(state, "richmond", UNION)


def test_the_index_is_never_saved_and_is_rebuilt_after_loading() -> None:
    state = RULES.setup(1, "campaign", {})
    state.whereabouts  # built
    data = msgspec.msgpack.encode(state)
    assert data == msgspec.msgpack.encode(RULES.setup(1, "campaign", {}))
    loaded = msgspec.msgpack.decode(data, type=AhdState)
    assert "_whereabouts" not in loaded.__dict__
    assert loaded.whereabouts.at == recount(loaded.pieces) == state.whereabouts.at


def test_a_replaced_piece_list_gets_a_new_index() -> None:
    state = RULES.setup(1, "campaign", {})
    old = state.whereabouts
    state.pieces = [msgspec.structs.replace(p, loc=SPARE) for p in state.pieces]
    assert state.whereabouts is not old
    assert not q.occupied(state, UNION) and not q.occupied(state, CSA)


@pytest.mark.parametrize("preset, seed", [(None, 7), ("advanced-all", 8)])
def test_a_random_playout_replays_to_the_same_game(preset, seed) -> None:
    """The playout's shortcuts (no undo kept, choices vouched for by Match) change nothing:
    its history, replayed with every action checked by the rules alone, gives the same state."""
    options = preset_options(RULES, preset) if preset else {}
    played = random_playout(RULES, seed, options=options)
    assert not played.can_undo and not played.keeps_undo
    again = Match.replay(RULES, played.header, played.history)
    assert again.keeps_undo
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(played.state)


@pytest.mark.parametrize("preset, seed", [(None, 9), ("advanced-all", 10)])
def test_a_playout_in_place_plays_the_same_game_as_one_that_copies(preset, seed) -> None:
    """Without a callback random_playout changes one state in place (Match.in_place, the
    rules' `apply`); with one, every action makes a new state (the callback may keep them).
    Both play the same game to the same end."""
    options = preset_options(RULES, preset) if preset else {}
    in_place = random_playout(RULES, seed, options=options)
    states: list[AhdState] = []
    copying = random_playout(RULES, seed, options=options,
                             on_action=lambda match, role, action: states.append(match.state))
    assert in_place.in_place and not copying.in_place
    assert in_place.history == copying.history
    assert msgspec.msgpack.encode(in_place.state) == msgspec.msgpack.encode(copying.state)
    assert len({id(state) for state in states}) == len(states)  # one new state per action


def test_take_carries_out_the_choice_as_listed() -> None:
    """Match.take: the index-th choice of the list actions() returned for this state, read as
    it was listed; any other list is refused."""
    match = Match.new(RULES, seed=3)
    role = match.state.active[0]
    choices = match.actions(role)
    with pytest.raises(ValueError):
        match.take(role, list(choices), 0)  # a copy is not the list actions() returned
    listed = choices[-1]
    choices[-1] = choices[0]  # edited after listing: the choice as listed is taken
    assert match.take(role, choices, len(choices) - 1) == listed.action
    assert match.history[-1] == (role, listed.action)
    with pytest.raises(ValueError):
        match.take(role, choices, 0)  # listed for the state before the action
    with pytest.raises(IllegalAction):
        match.act(role, Action("no-such-verb", None))


def test_a_list_a_caller_changes_is_its_own() -> None:
    """The parts of the frequent choices are worked out once (marching.march_from...), but
    each call gets a list of its own: editing one changes no later list, and a Choice itself
    cannot be changed (frozen: lists may share them)."""
    state = RULES.setup(1, "campaign", {})
    role = state.active[0]
    first = RULES.actions(state, role)
    expected = [(c.action, c.label) for c in first]
    with pytest.raises(AttributeError):
        first[0].label = "changed"
    first[0] = Choice(Action("forged", None), "changed")
    first.append(Choice(Action("forged", None), "added"))
    assert [(c.action, c.label) for c in RULES.actions(state, role)] == expected


def test_clearing_the_turn_marks_on_the_map_is_update_for_each_counter() -> None:
    """pieces.clear_turn_marks_on_map (written out, the index left as it is) against
    pieces.update of each marked counter."""
    match = Match.new(RULES, seed=4, options=preset_options(RULES, "advanced-all"))
    for _ in range(80):  # marches, entrenchments, battles: counters with marks
        role = match.state.active[0]
        match.act(role, match.actions(role)[0].action)
    state = match.state
    assert isinstance(state, AhdState)
    assert any(has_turn_marks(p) for p in state.pieces)
    written_out, by_update = clone(state), clone(state)
    clear_turn_marks_on_map(written_out)
    for p in q.pieces_of(by_update, UNION) + q.pieces_of(by_update, CSA):
        if has_turn_marks(p):
            update(by_update, p, **TURN_MARKS)
    assert written_out.pieces == by_update.pieces
    assert written_out.whereabouts.at == recount(written_out.pieces)
