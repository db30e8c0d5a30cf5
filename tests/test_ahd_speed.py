"""What A House Divided's random play does for speed (issue 6 part 8), checked.

The state keeps an index of where its counters are (`AhdState.whereabouts`, core/ahd/state.py):
built on first use, kept in step by `pieces.update`, copied by `clone` (the written-out
`state.copy_state`), never saved. These tests recount it from the counters after every action
of random games, compare the questions core/ahd/query.py answers from it with plain scans of
`state.pieces`, and the shortcuts taken for speed (the ways into one chosen destination, the
A2.1 support walk, whether a leader may move) with the full computations; a random playout
(which keeps no undo and lets Match vouch for its choices) replays to the same game.
"""
from __future__ import annotations

import msgspec
import msgspec.inspect
import pytest

from core import engine

from core.ahd import leaders, marching, movement, supply
from core.ahd import query as q
from core.ahd.frames import MarchTo
from core.ahd.pieces import has_turn_marks, piece, update
from core.ahd.state import (CAVALRY, CSA, GRADES, INFANTRY, OFF_MAP, POOL, SIDES, SPARE, UNION,
                            AhdState, Piece, Whereabouts)
from core.engine import Action, Match, clone, preset_options
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
        if isinstance(state.stack[-1] if state.stack else None, MarchTo):
            assert_entries_for_one_destination(state, state.stack[-1])
        for ldr in state.leaders:
            if ldr.on_map:  # leaders.may_move, a shortcut of destinations()
                assert leaders.may_go_alone(state, ldr) == bool(leaders.alone_boxes(state, ldr))
                assert leaders.may_move(state, ldr) == bool(leaders.destinations(state, ldr))
        self.before, self.before_at = state, recount(state.pieces)
        self.actions += 1


def assert_support_walk_matches_the_graph(state: AhdState) -> None:
    """supply.support_component, the walk `unsupported` makes, finds each stack's component of
    the A2.1 support graph (networkx)."""
    import networkx

    for side in SIDES:
        boxes = set(supply.stacks(state, side))
        if boxes:
            graph = supply.support_graph(state, side, boxes)
            for box in boxes:
                assert supply.support_component(state, side, box, set(graph.nodes)) == (
                    networkx.node_connected_component(graph, box))


def assert_entries_for_one_destination(state: AhdState, frame: MarchTo) -> None:
    """`entries(..., to=dest)` finds exactly the ways into `dest` that the full search finds."""
    p = piece(state, frame.piece)
    found = movement.entries(state, p)
    for dest, ways in found.items():
        assert movement.entries(state, p, to=dest) == {dest: ways}
    assert [c.action.noun for c in marching.destination_choices(state, frame)][:-1] == sorted(
        found)


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
