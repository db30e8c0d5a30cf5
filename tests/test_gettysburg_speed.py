"""The shortcuts of the Gettysburg movement search (core/gettysburg/movement.py) find what the
full search finds: a search made with the terrain alone stands for the real one wherever no
enemy is near the hexes it looked at."""
from __future__ import annotations

from core.engine import clone
from core.gettysburg import movement
from core.gettysburg import query as q
from core.gettysburg.rules import RULES
from core.gettysburg.state import GbState, enemy
from core.playout import random_playout


def _states(scenario: str, seed: int, every: int) -> list[GbState]:
    """Every `every`-th state of a random game."""
    states: list[GbState] = []

    def keep(match, _role, _action) -> None:
        if len(match.history) % every == 0:
            states.append(clone(match.state))

    random_playout(RULES, seed, scenario=scenario, on_action=keep)
    return states


def test_the_terrain_alone_search_stands_for_the_real_one_where_no_enemy_is_near() -> None:
    used = checked = 0
    for scenario, seed in (("day-1", 1), ("day-3", 2)):
        for state in _states(scenario, seed, 25):
            g = q.ground(state)
            for u in state.units:
                if not u.on_map:
                    continue
                allowance = q.kind(u.id).mp * movement.HALF
                closed = q.closed(u.id)
                quiet, near, _ = movement._quiet_search(u.hex, False, allowance, closed,
                                                     state.options.stream_cost)
                foes = q.side_bits(g, enemy(u.side))
                zoc = q.zoc_of(g, enemy(u.side))
                started_in_zoc = u.hex in zoc
                real = movement._search(
                    u.hex, False, allowance, movement._ways(state.options.stream_cost),
                    g.hexes[enemy(u.side)] | closed, zoc,
                    started_in_zoc and state.options.leave_zoc == "never re-enter",
                    started_in_zoc)
                checked += 1
                if not near & foes:
                    assert quiet == real, (u.id, u.hex)
                    used += 1
    assert 0 < used < checked  # (both the shortcut and the real search were met)


def test_reach_is_the_same_with_or_without_the_remembered_searches() -> None:
    for state in _states("day-2", 3, 40):
        for u in state.units:
            if not u.on_map:
                continue
            movement._quiet_searches.clear()
            fresh = movement._reach(state, u.id, False, 1, False, False)
            movement._quiet_search(u.hex, False, q.kind(u.id).mp * movement.HALF,
                                   q.closed(u.id), state.options.stream_cost)
            assert movement._reach(state, u.id, False, 1, False, False) == fresh, u.id
