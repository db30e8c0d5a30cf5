"""2.0 step 3 / 3.0 enemy flag: for each enemy flag rolled, the opponent moves one of his own
units into an adjacent hex, not adjacent to the enemy.

AMB-07 [R]: the opponent may decline; any of his units, activated or not; it is not an
activation; it may leave an enemy ZoC as long as it does not end next to an enemy; one hex,
whatever its MP cost, but not into prohibited terrain or over the stacking limit. AMB-05 [R]:
after the bugles, before the activations.
"""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from core import stack
from core.engine import Action as Act, Choice
from core.gettysburg import integrity
from core.gettysburg import query as q
from core.gettysburg.frames import RedeployTo, Redeploys, Round
from core.gettysburg.ground import Ground
from core.gettysburg.state import GbState, Unit, enemy


def hexes(state: GbState, uid: str) -> list[str]:
    """The adjacent hexes `uid` may redeploy into (AMB-07 [R]), worked out once per position
    (core/gettysburg/ground.py): read the list, never change it."""
    g = q.ground(state)
    u = q.unit(state, uid)
    key = ("redeploy", q.positional(u))
    known = g.field.memo.get(key)
    if known is None:
        if not u.on_map:
            known = []
        else:
            zoc, occupants = q.zoc_of(g, enemy(u.side)), g.field.occupants
            closed, side = q.closed(uid), u.side
            integrity_on = state.options.corps_integrity
            known = []
            for h in q.neighbours(u.hex):  # (`can_end_in`: a neighbour, never its own hex)
                if h in zoc or h in closed:
                    continue
                there = occupants.get(h)
                if (there is None or q.room(there, uid, side)) and (
                        not integrity_on or integrity.may_move_to(state, uid, h)):
                    known.append(h)
            known.sort()
        g.field.memo[key] = known
    return known


def can_redeploy(state: GbState, uid: str) -> bool:
    """`hexes` is not empty (asked of every unit of a side: stops at the first hex)."""
    return _can_redeploy(state, q.unit(state, uid), q.ground(state))


def _can_redeploy(state: GbState, u: Unit, g: Ground) -> bool:
    """`can_redeploy` of unit `u` of `state`, whose ground `g` is at hand."""
    if (u.on_map and not state.options.corps_integrity
            and _quick_redeploy(u, q.open_bits(g, u.side))):
        return True
    return _searched(state, u, g)


def _quick_redeploy(u: Unit, open_hexes: int) -> bool:
    """The quick answer for `u` on the map, from the bits of the map: an empty hex next to it,
    out of the enemy's ZoC (`query.open_bits`), that it may enter. False: ask `_searched`."""
    return bool(q.neighbour_bits(u.hex) & open_hexes & q.enterable_bits(u.id))


def _searched(state: GbState, u: Unit, g: Ground) -> bool:
    """`can_redeploy` of `u`, asked of each hex next to it (worked out once per position)."""
    uid, memo, position = u.id, g.field.memo, q.positional(u)
    known = memo.get(("redeploy", position))
    if known is not None:
        return bool(known)
    key = ("may-redeploy", position)
    found = memo.get(key)
    if found is None:
        found = False
        if u.on_map:
            zoc, occupants = q.zoc_of(g, enemy(u.side)), g.field.occupants
            closed, side = q.closed(uid), u.side
            integrity_on = state.options.corps_integrity
            for h in q.neighbours(u.hex):  # (as in `hexes`)
                if h in zoc or h in closed:
                    continue
                there = occupants.get(h)
                if (there is None or q.room(there, uid, side)) and (
                        not integrity_on or integrity.may_move_to(state, uid, h)):
                    found = True
                    break
        memo[key] = found
    return found


def movable(state: GbState, side: str) -> list[str]:
    """The units of `side` that have a hex to redeploy into, worked out once per set of units
    (the ground's memo: the step and the menu share it): read it, never change it."""
    g = q.ground(state)
    key = ("movable", side)
    known = g.memo.get(key)
    if known is None:
        quick = not state.options.corps_integrity  # (6.0 asks of each hex: no quick answer)
        open_hexes = q.open_bits(g, side)
        near, enterable = q.neighbour_bit_table(), q.enterable_bit_table()
        known = g.memo[key] = [u.id for u in g.on_map[side]  # (`_quick_redeploy`, inline)
                               if (quick and near[u.hex] & open_hexes & enterable[u.id])
                               or _searched(state, u, g)]
    return known


def _round(state: GbState) -> Round:
    r = stack.find(state, Round)
    assert r is not None, "no round under way"
    return r


def redeploy_step(state: GbState, r: Round) -> None:
    """2.0 step 3: the opponent redeploys, one unit per enemy flag."""
    if r.redeploys <= 0:
        return
    if not movable(state, enemy(r.side)):
        state.log.append(f"{r.redeploys} enemy flag(s): no {enemy(r.side)} unit can redeploy.")
        r.redeploys = 0
        return
    stack.repeat(r)
    stack.push(state, Redeploys())


def redeploys_prompt(state: GbState, frame: Redeploys) -> str:
    r = _round(state)
    return (f"{r.side} rolled {r.redeploys} {enemy(r.side)} flag(s) (2.0 step 3): you may move "
            "one of your units to an adjacent hex not next to the enemy, for each.")


def redeploys_choices(state: GbState, frame: Redeploys) -> list[Choice]:
    side = enemy(_round(state).side)
    units, index, made = state.units, q.unit_numbers(), _REDEPLOY_CHOICES
    out = []
    for uid in movable(state, side):
        sp = units[index[uid]].sp
        by_sp = made[uid]
        choice = by_sp.get(sp)
        if choice is None:
            choice = by_sp[sp] = _redeploy_choice(uid, sp)
        out.append(choice)
    out.append(_NO_MORE)
    return out


# unit -> its SP -> `_redeploy_choice`, each made once (two look-ups by a string and an int,
# cheaper than an lru key of two; bounded by the roster's units and SP)
_REDEPLOY_CHOICES: defaultdict[str, dict[int, Choice]] = defaultdict(dict)


# (one choice, shared by every list: read, never changed)
_NO_MORE = Choice(Act("pass", None), "Redeploy no (more) units", "move")


def _redeploy_choice(uid: str, sp: int) -> Choice:
    """The choice to redeploy `uid` with `sp` SP (made once, `_REDEPLOY_CHOICES`: the same
    come back all game; the lists share it, so it is read, never changed)."""
    return Choice(Act("redeploy", uid), f"Redeploy {q.described(uid, sp)}", "move")


def _redeploy(state: GbState, frame: Redeploys, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, RedeployTo(unit=uid))


def _pass(state: GbState, frame: Redeploys, _noun: None) -> None:
    _round(state).redeploys = 0
    stack.done(state, frame)


REDEPLOYS = stack.Stop(
    role=lambda state, frame: enemy(_round(state).side),
    prompt=redeploys_prompt,
    choices=redeploys_choices,
    handlers={"redeploy": _redeploy, "pass": _pass},
)


def redeploy_to_choices(state: GbState, frame: RedeployTo) -> list[Choice]:
    return [_to_choice(frame.unit, h) for h in hexes(state, frame.unit)]


@lru_cache(maxsize=4096)
def _to_choice(uid: str, h: str) -> Choice:
    """The choice of `uid` redeploying to `h`, made once (the lists share it: read, never
    changed)."""
    return Choice(Act("to", h), f"{q.name(uid)} to {q.hex_name(h)}", "move")


def _to(state: GbState, frame: RedeployTo, h: str) -> None:
    u = q.unit(state, frame.unit)
    q.update(state, frame.unit, hex=h)
    _round(state).redeploys -= 1
    state.log.append(f"{q.name(frame.unit)} redeploys {q.hex_name(u.hex)} -> {q.hex_name(h)} "
                     "(2.0 step 3).")
    stack.done(state, frame)


REDEPLOY_TO = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=lambda state, frame: f"Redeploy {q.describe(state, frame.unit)}: choose the hex.",
    choices=redeploy_to_choices,
    handlers={"to": _to},
)
