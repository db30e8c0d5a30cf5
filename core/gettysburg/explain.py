"""What the screen explains about a Gettysburg position, from the public rules alone: where the
units in a hex could fire (range and line of sight), and why a unit of the side to act has no
move or fire among its choices. Nothing here changes the state or decides anything.

5.0: infantry and cavalry fire at adjacent hexes only; artillery up to its range, where its
printed array gives dice (1.1). 5.1: beyond an adjacent hex the line of sight must be clear of
blocking terrain and of every unit; 5.2: the firer's hill sees over lower obstructions (the
board's `line_of_sight`). 3.0 and 4.0: a unit acts when a result activates it, once a turn.
"""
from __future__ import annotations

from core import stack
from core.engine import Token
from core.gettysburg import activation, movement
from core.gettysburg import query as q
from core.gettysburg.frames import Action, Activation, Activations, Round
from core.gettysburg.state import ON_MAP, PENDING, GbState, enemy
from maps import hexes


def reach(board: dict[str, list[Token]], h: str) -> dict[str, bool] | None:
    """The hexes the units standing in `h` could fire into, from a view's board (hex -> its
    units): hex -> whether the line of sight is clear (5.0-5.2); None when no unit is there."""
    tokens = [t for t in board.get(h, []) if t.id in q.counters().units]
    if not tokens:
        return None
    occupied = set(board)
    spec = q.board().spec
    out: dict[str, bool] = {}
    for token in tokens:
        sp = token.strength if token.strength is not None else q.printed_sp(token.id)
        for other in hexes.within(h, q.kind(token.id).range, spec):
            dist = q.distance(h, other)
            if q.counters().fire_dice(token.id, dist, sp) <= 0:
                continue
            clear = dist == 1 or q.board().line_of_sight(h, other, occupied)
            out[other] = out.get(other, False) or clear
    return out


def _no_fire(state: GbState, uid: str) -> str:
    """Why `uid` has no enemy to fire at (5.0, 5.1)."""
    u = q.unit(state, uid)
    reach_ = q.kind(uid).range
    foes = [t for t in q.on_map(state, enemy(u.side))
            if q.distance(u.hex, t.hex) <= reach_]
    if reach_ == 1:
        return "cannot fire: no enemy unit next to it (5.0: adjacent hexes only)"
    if not foes:
        return f"cannot fire: no enemy unit within {reach_} hexes (5.0)"
    return (f"cannot fire: no enemy within {reach_} hexes in its line of sight or its "
            "array's range (5.0, 5.1)")


def _no_move(state: GbState, uid: str) -> str:
    """Why `uid` has nowhere to move (4.0-4.2)."""
    u = q.unit(state, uid)
    if u.hex in q.zoc(state, enemy(u.side)):
        return ("cannot move: in an enemy zone of control, with no hex to reach outside it "
                "(4.2)")
    return "cannot move: no hex it may end in within its MP (4.0, 4.1)"


def _action_reasons(state: GbState, uid: str) -> list[str]:
    """At an activation's next action: why the activated `uid` cannot move, enter or fire."""
    a = stack.find(state, Activation)
    if a is None or uid not in a.units:
        return []
    if uid in a.acted:
        return ["has no more actions in this activation (it has acted)"]
    if q.unit(state, uid).status == PENDING:
        return [] if movement.can_enter(state, uid) else \
            ["cannot enter: its entry hex is held by the enemy or leaves no room (7.0)"]
    options = activation.options(state, uid)
    return ([] if "move" in options else [_no_move(state, uid)]) + \
        ([] if "fire" in options else [_no_fire(state, uid)])


def _activation_reasons(state: GbState, r: Round) -> dict[str, list[str]]:
    """When choosing what acts next: why each unit of the roller cannot be activated (3.0)."""
    by_flag = set(activation.flag_units(state, r)) if r.flags else set()
    by_hat = set(activation.reserve_units(state, r)) if r.hats else set()
    stacked = set(activation.stacks(state, r)) if r.hats else set()
    chit = activation.chit_of(r)
    out: dict[str, list[str]] = {}
    for u in state.units:
        if u.side != r.side or u.status not in (ON_MAP, PENDING):
            continue
        if u.id in by_flag or u.id in by_hat or (u.status == ON_MAP and u.hex in stacked):
            continue
        if u.activated:
            why = "cannot be activated: it was activated this turn (4.0)"
        elif u.status == PENDING and not movement.can_enter(state, u.id):
            why = "cannot be activated: its entry hex is held by the enemy or leaves no room (7.0)"
        elif r.flags and chit.kind != "flag" and q.corps_of(u.id) != chit.corps:
            why = f"cannot be activated: not of the {q.chit_name(r.chit)} drawn (3.0)"
        elif not r.flags:
            why = ("cannot be activated: only command results are left, for a stack of two or "
                   "a reserve unit (3.0)")
        else:
            continue
        out[u.id] = [why]
    return out


def flags_for(state: GbState, role: str | None) -> dict[str, list[str]]:
    """Unit id -> why it has no action of some kind, for the units of `role` when `role` is
    the one deciding what acts next or what an activated unit does."""
    if role is None or role not in state.active:
        return {}
    top = stack.top(state)
    r = stack.find(state, Round)
    if isinstance(top, Action):
        a = stack.find(state, Activation)
        units = a.units if a is not None else []
        return {uid: why for uid in units if q.unit(state, uid).side == role
                and (why := _action_reasons(state, uid))}
    if isinstance(top, Activations) and r is not None and r.side == role:
        return _activation_reasons(state, r)
    return {}
