"""6.0 Corps integrity (optional rule).

"Units of the same corps MUST be at most 2 hexes from one another at the end of the turn.
Otherwise they may afterwards move only to close up." AMB-22 [R]: a unit passes when it is
within 2 hexes of at least one other unit of its corps on the map (a chain); the option
'pairwise' asks it to be within 2 hexes of every one. Reserves (CR, AR) and a corps' only unit
on the map are exempt. A unit that fails is a straggler until a later check passes it: its
voluntary moves (activation, bugle retreat, redeployment, evasion) must bring it closer to its
corps (to the nearest unit; 'pairwise': to the farthest). Forced retreats are not limited.
"""
from __future__ import annotations

from core.gettysburg import query as q
from core.gettysburg.state import GbState

MAX_SPREAD = 2  # 6.0: at most 2 hexes


def _mates(state: GbState, uid: str) -> list[str]:
    """The hexes of the other units of `uid`'s corps on the map."""
    corps = q.corps_of(uid)
    return [u.hex for u in q.on_map(state) if u.id != uid and q.corps_of(u.id) == corps]


def spread(state: GbState, uid: str, h: str) -> int | None:
    """From `h`, the distance to the unit of its corps the rule measures (None: exempt)."""
    if q.is_reserve(uid):
        return None
    mates = _mates(state, uid)
    if not mates:
        return None
    distances = [q.distance(h, m) for m in mates]
    return max(distances) if state.options.integrity_reading == "pairwise" else min(distances)


def check(state: GbState) -> None:
    """6.0, at the end of each turn: mark the units that fail, clear the ones that pass."""
    if not state.options.corps_integrity:
        return
    failing = []
    for u in q.on_map(state):
        far = spread(state, u.id, u.hex)
        straggler = far is not None and far > MAX_SPREAD
        if straggler != u.straggler:
            q.update(state, u.id, straggler=straggler)
        if straggler:
            failing.append(f"{q.name(u.id)} ({far} hexes)")
    if failing:
        state.log.append("Corps integrity (6.0): out of touch with their corps, may only move "
                         "to close up: " + ", ".join(failing) + ".")


def may_move_to(state: GbState, uid: str, h: str) -> bool:
    """6.0: a straggler may only make moves that bring it closer to its corps."""
    if not state.options.corps_integrity:
        return True
    u = q.unit(state, uid)
    if not u.straggler or not u.on_map:
        return True
    now, then = spread(state, uid, u.hex), spread(state, uid, h)
    return now is None or then is None or then < now
