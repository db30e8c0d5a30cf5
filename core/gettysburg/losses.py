"""Losses and elimination (5.3 cross results, 5.4.2 retreats not carried out).

A unit's SP are its stand and discs (1.1); at 0 SP it is eliminated [INF] and leaves the map,
scoring its printed SP for the enemy (8.0, AMB-25 [R]).
"""
from __future__ import annotations

from core.gettysburg import query as q
from core.gettysburg.state import ELIMINATED, GbState


def lose(state: GbState, uid: str, n: int, why: str) -> None:
    """`uid` loses `n` SP (one disc each); at 0 it is eliminated."""
    u = q.unit(state, uid)
    if n <= 0 or not u.on_map:
        return
    left = u.sp - n
    if left > 0:
        q.update(state, uid, sp=left)
        state.log.append(f"{q.name(uid)} loses {n} SP ({why}): {left} left.")
        return
    q.update(state, uid, sp=0, status=ELIMINATED, hex="")
    state.log.append(f"{q.name(uid)} loses {u.sp} SP ({why}) and is eliminated: "
                     f"{q.printed_sp(uid)} VP to the enemy (8.0).")
