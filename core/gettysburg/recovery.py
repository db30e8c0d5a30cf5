"""3.0 Recovery: a bugle lets one unit try to win back strength points.

"1 unit may try to recover SP if it is NOT adjacent to enemy units and stands in a hex offering
cover or has NO line of sight with enemy units: roll 2 dice for conscripts, 3 for veterans, 4
for chosen or elite units. Each bugle result gives back 1 SP (one disc), up to the value printed
on the counter. Units that recover SP may NOT move or fight in the same turn, but may react."
AMB-06 [R]: not adjacent AND (in cover OR out of sight of every enemy); cover = terrain with
protection; the line of sight counts from every enemy within 4 hexes, the longest fire range
(option: every enemy); white dice, the only ones with a bugle.
"""
from __future__ import annotations

from core import dice
from core.dice import BUGLE, WHITE
from core.gettysburg import sight
from core.gettysburg import query as q
from core.gettysburg.ground import Ground
from core.gettysburg.state import GbState, Unit, enemy

SIGHT_RANGE = 4  # AMB-06 [R]: the longest fire range (5.0)


def in_sight(state: GbState, uid: str) -> bool:
    """Some enemy unit sees `uid` (or `uid` sees it): a clear line either way (5.1, 5.2)."""
    u = q.unit(state, uid)
    g = q.ground(state)
    occupied = q.occupied_bits(g)
    foes = g.hexes[enemy(u.side)]  # (the hexes of the enemy's units: each seen once)
    if state.options.recovery_sight != "unlimited":
        foes = foes & q.within(u.hex, SIGHT_RANGE)
    here = u.hex
    return any(sight.clear(here, h, occupied) or sight.clear(h, here, occupied) for h in foes)


def may_recover(state: GbState, uid: str) -> bool:
    """3.0: on the map, below its printed SP, not next to an enemy, in cover or unseen (worked
    out once per position: core/gettysburg/ground.py)."""
    return unit_may_recover(state, q.unit(state, uid), q.ground(state))


def unit_may_recover(state: GbState, u: Unit, g: Ground) -> bool:
    """`may_recover` of unit `u` of `state`, whose ground `g` is at hand."""
    if not u.on_map or u.sp >= q.printed_sp(u.id):
        return False  # (the quick answer, before the memo)
    key = ("recover", q.positional(u))
    known = g.field.memo.get(key)
    if known is None:
        known = g.field.memo[key] = _may_recover(state, u.id)
    return known


def _may_recover(state: GbState, uid: str) -> bool:
    u = q.unit(state, uid)
    if q.neighbour_bits(u.hex) & q.side_bits(q.ground(state), enemy(u.side)):
        return False  # next to an enemy
    return q.cover(u.hex) or not in_sight(state, uid)


def recover(state: GbState, uid: str) -> None:
    """3.0: roll the training dice; each bugle gives back 1 SP, never above the printed SP. The
    unit is activated: it may not move or fight this turn, but may still react (4.3)."""
    n = q.counters().training_dice(uid)
    faces = [str(dice.roll(state, f"{q.name(uid)} recovery", "3.0", WHITE)) for _ in range(n)]
    u = q.unit(state, uid)
    gained = min(faces.count(BUGLE), q.printed_sp(uid) - u.sp)
    q.update(state, uid, sp=u.sp + gained, activated=True)
    state.log.append(f"{q.name(uid)} tries to recover (3.0): {', '.join(faces)} -> "
                     f"+{gained} SP, now {u.sp + gained}/{q.printed_sp(uid)}.")
