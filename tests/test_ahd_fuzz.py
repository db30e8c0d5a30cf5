"""Random-play fuzzer for A House Divided (DESIGN.md, Testing).

Plays whole games through Match from many seeds: no exception, no dead end, a bounded length,
and the game's invariants after every action. `MUSTER_FUZZ_SEEDS=200 pytest tests/test_ahd_fuzz.py`
runs it larger on demand.
"""
from __future__ import annotations

import os

import msgspec
import pytest

from core.ahd import query as q
from core.ahd.calendar import ENLISTMENT_TURNS
from core.ahd.state import ASIDE, CSA, INFANTRY, MILITIA, OFF_MAP, POOL, SUPPLY, UNION, AhdState
from core.engine import Action, Match
from core.playout import random_playout
from core.registry import get_rules

SEEDS = int(os.environ.get("MUSTER_FUZZ_SEEDS", "6"))
MAX_ACTIONS = 40_000
OPTION_SETS = [{}, {"inexperienced_union": True}, {"short_game": True}]


class Invariants:
    """Checks run after every action (the issue's list: pieces conserved, at most two marches,
    recruiting within MAS, control consistent with pieces)."""

    def __init__(self, match: Match) -> None:
        state = match.state
        assert isinstance(state, AhdState)
        self.total = len(state.pieces)
        self.militia_in_supply = self._militia_in_supply(state)
        self.before = state

    @staticmethod
    def _militia_in_supply(state: AhdState) -> int:
        return sum(1 for p in state.pieces if p.grade == MILITIA and p.loc == SUPPLY)

    def __call__(self, match: Match, role: str, action: Action) -> None:
        before, state = self.before, match.state
        assert isinstance(state, AhdState)
        boxes = set(q.map_boxes())
        # pieces conserved: every counter is in exactly one known place
        assert len(state.pieces) == self.total
        for p in state.pieces:
            assert p.loc in OFF_MAP or p.loc in boxes, p
            assert p.marches <= 2, f"{p.id} in {p.marches} marches (B4.0)"
        # militia never leave play for the supply (B7.0: they return to the pool)
        assert self._militia_in_supply(state) <= self.militia_in_supply
        # Union militia infantry available = 12 + 4 per enlistment so far (B8.0)
        enlisted = sum(1 for t in ENLISTMENT_TURNS if state.turn >= t)
        union_mf = sum(1 for p in state.pieces if p.side == UNION and p.arm == INFANTRY
                       and p.grade == MILITIA and p.loc != ASIDE and p.loc != SUPPLY)
        assert union_mf <= 12 + 4 * enlisted
        # recruiting never above maximum army size (B7.0)
        if action.verb.startswith("recruit-"):
            side = before.player
            assert q.in_play(before, side) < q.mas(before, side)
            assert q.in_play(state, side) <= q.mas(state, side)
        # outside the battle segment no box holds both sides, and nothing stays reduced
        if state.phase in ("promotion", "recruit") or (
                state.phase == "movement" and state.player != before.player):
            both = q.occupied(state, UNION) & q.occupied(state, CSA)
            assert not both, f"unresolved battle in {both} during {state.phase}"
            assert not any(p.reduced for p in state.pieces), "reduced piece after recovery"
        # control consistent with pieces at the end of a player turn (B9.0)
        if state.player != before.player or state.result is not None:
            ended = before.player
            enemy_boxes = q.occupied(state, q.enemy(ended))
            for box in q.occupied(state, ended) - enemy_boxes:
                assert state.owner.get(box) == ended, f"{box} not captured by {ended}"
            for box in state.cavalry_held:
                assert box in state.owner
        if state.battle is None:
            assert state.phase != "battle"
        # a view never offers actions to a role that is not active
        assert match.view(None).actions == []
        self.before = state


def play(seed: int, options: dict) -> Match:
    rules = get_rules("a-house-divided")
    holder: dict[str, Invariants] = {}

    def check(match: Match, role: str, action: Action) -> None:
        if "inv" not in holder:
            holder["inv"] = Invariants(match)
        holder["inv"](match, role, action)

    match = random_playout(rules, seed, options=options, max_actions=MAX_ACTIONS, on_action=check)
    assert match.state.result is not None
    return match


@pytest.mark.parametrize("options", OPTION_SETS, ids=["basic", "b12", "b13"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_fuzz_plays_to_the_end(seed: int, options: dict) -> None:
    match = play(seed, options)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.turn <= state.last_turn


def test_fuzz_replay_reproduces_the_game() -> None:
    """DESIGN.md determinism: setup(seed) + the actions rebuild the game exactly."""
    match = play(101, {})
    again = Match.replay(match.rules, match.header, match.history)
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(match.state)
