"""Who stands where (core/gettysburg/ground.py) read from the field agrees with a full scan of
the units after every action of random games of the scenarios with many units on the map."""
from __future__ import annotations

from core.gettysburg import query as q
from core.gettysburg.ground import Field, Ground
from core.gettysburg.rules import RULES
from core.gettysburg.state import SIDES, GbState, enemy
from core.playout import random_playout

GAMES = (("day-2", 1), ("day-3", 2), ("campaign", 3))


def _after_every_action(check) -> int:
    """Run `check(state)` after every action of the games of GAMES; the number of actions."""
    actions = 0

    def each(match, _role, _action) -> None:
        nonlocal actions
        actions += 1
        check(match.state)

    for scenario, seed in GAMES:
        random_playout(RULES, seed, scenario=scenario, on_action=each)
    return actions


def _scan_next_to(state: GbState, h: str, side: str) -> list[str]:
    near = set(q.neighbours(h))
    return [u.id for u in state.units if u.on_map and u.side != side and u.hex in near]


def test_enemies_next_to_agrees_with_a_scan_of_every_unit() -> None:
    def check(state: GbState) -> None:
        for u in state.units:
            if u.on_map:
                assert [e.id for e in q.enemies_next_to(state, u.hex, u.side)] == (
                    _scan_next_to(state, u.hex, u.side)), u.id

    assert _after_every_action(check) > 1000


def test_units_in_agrees_with_a_scan_of_every_unit() -> None:
    def check(state: GbState) -> None:
        g = q.ground(state)
        for side in SIDES:
            for h in sorted(q.board().hexes)[::37]:
                hexes = q.within(h, 4)
                assert [u.id for u in q.units_in(g, hexes, side)] == [
                    u.id for u in state.units
                    if u.on_map and u.side == side and u.hex in hexes], (side, h)

    assert _after_every_action(check) > 1000


def test_the_field_kept_from_action_to_action_is_the_one_built_afresh() -> None:
    def check(state: GbState) -> None:
        g = q.ground(state)
        where = tuple(u.hex if u.on_map else "" for u in state.units)
        fresh = Field(list(state.units), where, state.options)
        assert g.field.where == where
        assert g.field.occupants == fresh.occupants
        assert g.field.hexes == fresh.hexes and g.field.occupied == fresh.occupied
        for side, zoc in list(g.field.zocs.items()):
            assert zoc == q.zoc_of(Ground(list(state.units), state.options, fresh), side), side

    assert _after_every_action(check) > 1000


def test_the_bits_derived_from_the_last_field_are_the_ones_built_afresh() -> None:
    """`query.side_bits` of a field a move made (set and cleared where units moved, from the
    field before: `Field.base`) against the bits of a field built afresh, and `open_bits` (the
    map less the enemy's grown bits and the occupied hexes) against its definition."""
    derived = 0

    def check(state: GbState) -> None:
        nonlocal derived
        g = q.ground(state)
        derived += g.field.base is not None
        where = tuple(u.hex if u.on_map else "" for u in state.units)
        fresh = Ground(list(state.units), state.options, Field(list(state.units), where,
                                                               state.options))
        bit = q.bitboard().bit
        for side in (None, *SIDES):
            hexes = g.field.occupants if side is None else g.field.hexes[side]
            assert q.side_bits(g, side) == q.side_bits(fresh, side) == sum(
                bit[h] for h in hexes), side
        for side in SIDES:
            zoc = q.zoc_of(fresh, enemy(side))
            assert q.open_bits(g, side) == sum(
                b for h, b in bit.items() if h not in zoc and h not in g.field.occupants)

    assert _after_every_action(check) > 1000
    assert derived > 500
