"""5.4.2 Retreats: one hex per arrow into the rear hemisphere, or 1 SP lost per retreat that
cannot be carried out.

"The unit forced to retreat must retreat into one of the 3 hexes of the rear hemisphere from
which the attack comes. The retreat hex must not be an enemy ZoC, hold enemy units or break the
stacking limit. If none is available the unit stays and loses 1 SP for each retreat result not
carried out." AMB-19 [R]: the rear hexes are the neighbours farthest from the firer(s) (for an
adjacent attacker in direction k: k+2, k+3, k+4); ties in distance are broken by the angle away
from the firers, and hexes still tied with the third are rear hexes too; a rear hex must be
farther from the firers than the hex the unit leaves ("away from the enemy", 5.3), so a ranged
firer on a diagonal leaves 2 rear hexes and firers all round leave none; each further arrow
repeats from the new hex; a retreating stacked unit leaves its partner behind. Prohibited
terrain (4.0) is closed to a retreat as to a move.
"""
from __future__ import annotations

import math

from core import stack
from core.engine import Action as Act, Choice
from core.gettysburg import losses
from core.gettysburg import query as q
from core.gettysburg.frames import Engagement, RetreatOrder, RetreatTo
from core.gettysburg.state import GbState, enemy
from maps import hexes

REAR = 3  # 5.4.2: the 3 hexes of the rear hemisphere


def _angle(h: str, n: str, away: list[str]) -> float:
    """Degrees between the step h -> n and the direction straight away from the firers."""
    spec = q.board().spec
    hx, hy = hexes.center(h, spec)
    vx = vy = 0.0
    for f in away:
        fx, fy = hexes.center(f, spec)
        d = math.hypot(hx - fx, hy - fy) or 1.0
        vx, vy = vx + (hx - fx) / d, vy + (hy - fy) / d
    nx, ny = hexes.center(n, spec)
    sx, sy = nx - hx, ny - hy
    norm = math.hypot(vx, vy) * math.hypot(sx, sy)
    if norm == 0:
        return 0.0
    return math.degrees(math.acos(max(-1.0, min(1.0, (vx * sx + vy * sy) / norm))))


def rear_hexes(h: str, away: list[str]) -> list[str]:
    """5.4.2, AMB-19 [R]: the rear hemisphere of `h` seen from the firers in `away`."""
    def score(n: str) -> tuple[int, int, float]:
        ds = [q.distance(n, f) for f in away]
        return (min(ds), sum(ds), -round(_angle(h, n, away), 6))

    here = min(q.distance(h, f) for f in away)
    ranked = [n for n in sorted(q.neighbours(h), key=score, reverse=True)
              if score(n)[0] > here]
    if len(ranked) <= REAR:
        return ranked
    cut = score(ranked[REAR - 1])
    return [n for n in ranked if score(n) >= cut]


def options(state: GbState, order: RetreatOrder) -> list[str]:
    """The hexes `order.unit` may retreat into now (5.4.2)."""
    u = q.unit(state, order.unit)
    if not u.on_map:
        return []
    zoc = q.zoc(state, enemy(u.side))
    return sorted(h for h in rear_hexes(u.hex, order.away)
                  if h not in zoc and q.can_end_in(state, order.unit, h))


def step(state: GbState, order: RetreatOrder, h: str) -> None:
    """One arrow carried out: the unit retreats into `h`."""
    u = q.unit(state, order.unit)
    q.update(state, order.unit, hex=h)
    order.arrows -= 1
    state.log.append(f"{q.name(order.unit)} retreats {q.hex_name(u.hex)} -> {q.hex_name(h)} "
                     "(5.4.2).")


def carry_out(state: GbState, e: Engagement) -> bool:
    """Carry out the retreats `e` owes, first to last; True when the owner must choose a hex
    (a RetreatTo stop was pushed: call again once it is done)."""
    while e.retreats:
        order = e.retreats[0]
        if order.arrows <= 0 or not q.unit(state, order.unit).on_map:
            e.retreats.pop(0)
            continue
        legal = options(state, order)
        if not legal:
            losses.lose(state, order.unit, order.arrows,
                        f"no hex to retreat into: 1 SP for each retreat not carried out, 5.4.2")
            e.retreats.pop(0)
        elif len(legal) == 1:
            step(state, order, legal[0])
        else:
            stack.push(state, RetreatTo())
            return True
    return False


# --- RetreatTo: the owner picks the hex -----------------------------------------------------


def _order(state: GbState) -> RetreatOrder:
    e = stack.find(state, Engagement)
    assert e is not None and e.retreats, "no retreat pending"
    return e.retreats[0]


def retreat_prompt(state: GbState, frame: RetreatTo) -> str:
    order = _order(state)
    return (f"{q.describe(state, order.unit)} must retreat "
            f"{order.arrows} {'hex' if order.arrows == 1 else 'hexes'} (5.4.2): choose the "
            f"next hex of its retreat.")


def retreat_choices(state: GbState, frame: RetreatTo) -> list[Choice]:
    order = _order(state)
    return [Choice(Act("retreat-to", h), f"{q.name(order.unit)} retreats to {q.hex_name(h)}",
                   "retreat") for h in options(state, order)]


def _retreat_to(state: GbState, frame: RetreatTo, h: str) -> None:
    step(state, _order(state), h)
    stack.done(state, frame)


RETREAT_TO = stack.Stop(
    role=lambda state, frame: q.unit(state, _order(state).unit).side,
    prompt=retreat_prompt,
    choices=retreat_choices,
    handlers={"retreat-to": _retreat_to},
)
