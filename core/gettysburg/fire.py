"""What a fire needs (5.0-5.3.1): who may fire at whom, line of sight, the dice rolled and every
modifier named. The choice labels, the focus panel and the fire itself all read `need`.

5.0: infantry and cavalry fire at adjacent units only; artillery fires up to 4 hexes with its
printed array (1.1), horse artillery likewise. 5.1: beyond an adjacent hex artillery needs a
line of sight: no blocking terrain and no unit on the line (a hexside blocks only if both hexes
do); 5.2: from a hill it sees over lower obstructions (AMB-14 [R]). 5.1 note: units in one hex
firing at the same unit add their values before the terrain is subtracted. 5.3.1 protection:
the target hex's terrain; 5.2 the hill's part only when the firer is lower (AMB-14 [R]; option:
none at all at the same level); 5.2.1 Cemetery Hill -2 against infantry and cavalry, replacing
the hill (AMB-15 [R]); a stream hexside -1 against an adjacent firer across it (AMB-13 [R]).
AMB-16 [R]: 0 dice or fewer, no effect.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from core.dice import CONFEDERATE_FLAG, DOUBLE_FLAG, UNION_FLAG
from core.gettysburg import query as q
from core.gettysburg import sight
from core.gettysburg.state import UNION, GbState, enemy
from maps import gettysburg as gb_map

CEMETERY_HILL_PROTECTION = 2  # 5.2.1: -2 dice against infantry and cavalry
STREAM_PROTECTION = 1         # 5.3.1: a stream hexside, -1
HILL_PART = 1                 # 5.2: what a hill's elevation gives (a hill's -1; a wooded hill's
                              # -2 is woods -1 and hill -1, AMB-14 [R])


def own_flag(side: str) -> str:
    return UNION_FLAG if side == UNION else CONFEDERATE_FLAG


def enemy_flag(side: str) -> str:
    return CONFEDERATE_FLAG if side == UNION else UNION_FLAG


def hits(side: str, faces: list[str]) -> int:
    """5.3: one hit per die showing the firer's own flag, the double flag included."""
    return sum(1 for f in faces if f in (DOUBLE_FLAG, own_flag(side)))


def fire_value(state: GbState, uid: str, dist: int) -> int:
    """1.1: infantry and cavalry fire their current SP (adjacent only); artillery its printed
    array by range, fixed after losses (AMB-17 [R]; option: halved, rounded up, at 1 SP)."""
    u = q.unit(state, uid)
    value = q.counters().fire_dice(uid, dist, u.sp)
    kind = q.kind(uid)
    if (kind.fires_by == "array" and state.options.artillery_losses == "halved"
            and u.sp < q.printed_sp(uid)):
        value = (value + 1) // 2
    return value


def line_of_sight(state: GbState, a: str, b: str) -> bool:
    """5.1, 5.2: the line from the centre of `a` to the centre of `b` (any unit on it blocks),
    read from the bits of the map (core/gettysburg/sight.py)."""
    return sight.clear(a, b, q.occupied_bits(q.ground(state)))


def may_fire_at(state: GbState, uid: str, target: str, from_hex: str | None = None) -> bool:
    """5.0, 5.1: `uid`, standing in `from_hex` (its own hex by default), can reach `target`."""
    u, t = q.unit(state, uid), q.unit(state, target)
    if not t.on_map or t.side == u.side:
        return False
    here = from_hex or u.hex
    if not here:
        return False
    dist = q.distance(here, t.hex)
    if not 1 <= dist <= q.kind(uid).range or fire_value(state, uid, dist) <= 0:
        return False
    return dist == 1 or line_of_sight(state, here, t.hex)


def targets(state: GbState, uid: str) -> list[str]:
    """The enemy units `uid` may fire at from where it stands."""
    return list(_targets(state, uid))


def has_target(state: GbState, uid: str) -> bool:
    """`uid` may fire at someone from where it stands."""
    return bool(_targets(state, uid))


def _targets(state: GbState, uid: str) -> tuple[str, ...]:
    """`targets`, worked out once per position (core/gettysburg/ground.py)."""
    g = q.ground(state)
    u = q.unit(state, uid)
    key = ("targets", q.positional(u))
    known = g.field.memo.get(key)
    if known is None:
        reach = q.kind(uid).range
        if not u.on_map:
            known = ()
        elif reach == 1 and g.hexes[enemy(u.side)].isdisjoint(q.neighbours(u.hex)):
            known = ()  # (5.0: no enemy next to it, the only hexes it reaches)
        else:  # (the enemy's units within reach, in the state's order)
            foes = g.hexes[enemy(u.side)] & q.within(u.hex, reach)
            known = tuple(t.id for t in q.units_in(g, foes, enemy(u.side))
                          if may_fire_at(state, uid, t.id))
        g.field.memo[key] = known
    return known


@dataclass
class Need:
    """The dice of one fire: each firer's value, each protection, the dice left."""

    firers: list[str]
    target: str
    values: list[tuple[str, int]] = field(default_factory=list)
    mods: list[tuple[str, int]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(v for _, v in self.values)

    @property
    def dice(self) -> int:
        return max(0, self.total - sum(n for _, n in self.mods))

    @property
    def text(self) -> str:
        """'Hood 6 + Alexander 3 - 2 entrenchments (5.3.1) = 7 dice'."""
        parts = " + ".join(f"{name} {v}" for name, v in self.values)
        for label, n in self.mods:
            parts += f" - {n} {label}"
        dice = self.dice
        tail = f"{dice} {'die' if dice == 1 else 'dice'}" if dice else "no dice: no effect (AMB-16)"
        return f"{parts} = {tail}"


def protection(state: GbState, firers: list[str], firing_hex: str,
               target_hex: str) -> list[tuple[str, int]]:
    """5.3.1, 5.2, 5.2.1: the dice the target's position takes off, each named."""
    terrain = q.board().terrain(target_hex)
    out: list[tuple[str, int]] = []
    foot_or_horse = any(q.is_infantry(f) or q.is_cavalry(f) for f in firers)
    if target_hex == gb_map.CEMETERY_HILL and foot_or_horse:
        out.append(("Cemetery Hill against infantry and cavalry (5.2.1)", CEMETERY_HILL_PROTECTION))
    else:
        cover = q.protection(target_hex)
        high, low = q.elevation(target_hex), q.elevation(firing_hex)
        if high == 0 or low < high:
            if cover:
                why = ", firer lower (5.2)" if high else ""
                out.append((f"{terrain.name.lower()}{why} (5.3.1)", cover))
        else:  # 5.2: at the same elevation (or higher) the hill gives nothing
            rest = cover - HILL_PART
            if state.options.same_level_hill == "none" and low == high:
                rest = 0
            if rest > 0:
                out.append((f"{terrain.name.lower()}, woods only: firer not lower "
                            "(5.2, AMB-14)", rest))
    if q.distance(firing_hex, target_hex) == 1 and q.stream(firing_hex, target_hex):
        out.append(("across a stream (5.3.1)", STREAM_PROTECTION))
    return out


def need(state: GbState, firers: list[str], target: str, firing_hex: str | None = None) -> Need:
    """5.3 steps 1-2: the fire value of `firers` (one hex, combined: 5.1 note) at `target`,
    minus the protection once."""
    here = firing_hex or q.unit(state, firers[0]).hex
    t = q.unit(state, target)
    dist = q.distance(here, t.hex)
    result = Need(firers=list(firers), target=target)
    result.values = [(q.name(f), fire_value(state, f, dist)) for f in firers]
    result.mods = protection(state, firers, here, t.hex)
    return result
