"""Gettysburg 1863: look-ups every rule module reads (who stands where, what a counter prints,
what a hex is), and the one way a unit changes (`update`).

The printed counters are the roster (core/gettysburg/units.py), the battlefield the board
(maps/gettysburg.py); both are loaded once and never change, so the geometry is cached here.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache

import msgspec

from core.gettysburg.chits import chit_mix
from core.gettysburg.ground import Field, Ground, numbers, of as ground_of, sides
from core.gettysburg.state import CSA, ON_MAP, PENDING, UNION, GbState, Unit, enemy
from core.gettysburg.units import Roster, Unit as Counter, UnitType, roster
from maps import gettysburg as gb_map
from maps.hexboard import HexBoard


def board() -> HexBoard:
    return gb_map.load()


def counters() -> Roster:
    return roster()


_index = numbers  # unit id -> its place in `GbState.units`
unit_numbers = numbers  # (for the loops that read many units: `state.units[unit_numbers()[id]]`)


@cache
def side_units(side: str) -> tuple[str, ...]:
    """The ids of `side`'s units, in the roster's order (the order of `GbState.units`)."""
    return tuple(uid for uid, c in roster().units.items() if c.side == side)


@cache
def reserve_units(side: str) -> tuple[str, ...]:
    """The ids of `side`'s CR / AR units (3.0: the command hat), in the roster's order."""
    return tuple(uid for uid in side_units(side) if is_reserve(uid))


@cache
def corps_units(corps: str) -> tuple[str, ...]:
    """The ids of the units of `corps`, in the roster's order."""
    return tuple(uid for uid, c in roster().units.items() if c.corps == corps)


def unit_ids() -> list[str]:
    """Every unit id, in the roster's order (the order of `GbState.units`)."""
    return list(_index())


def unit(state: GbState, uid: str) -> Unit:
    return state.units[_index()[uid]]


def update(state: GbState, uid: str, **changes: object) -> Unit:
    """Replace unit `uid` with a copy carrying `changes` (units are frozen)."""
    i = _index()[uid]
    new = msgspec.structs.replace(state.units[i], **changes)
    state.units[i] = new
    return new


def counter(uid: str) -> Counter:
    """What the counter prints (1.1): name, side, corps, type, SP, training, fire."""
    return roster().units[uid]


def kind(uid: str) -> UnitType:
    return _kinds()[uid]


@cache
def _kinds() -> dict[str, UnitType]:
    """Unit id -> its type (the roster's `type_of`), read once: the searches ask it often."""
    r = roster()
    return {uid: r.type_of(uid) for uid in r.units}


def is_infantry(uid: str) -> bool:
    return kind(uid).infantry


def is_cavalry(uid: str) -> bool:
    return kind(uid).cavalry


def is_artillery(uid: str) -> bool:
    """Artillery and horse artillery (4.0: both may not enter B7 / D8, AMB-20 never advance)."""
    return kind(uid).artillery


def is_reserve(uid: str) -> bool:
    """A CR / AR unit (3.0: activated by the command hat, AMB-03)."""
    return roster().is_reserve(uid)


def corps_of(uid: str) -> str:
    return counter(uid).corps


def printed_sp(uid: str) -> int:
    """The SP the counter prints (1.1), from a table read once (recovery asks it of every
    unit at every bugle)."""
    return _printed_sp()[uid]


@cache
def _printed_sp() -> dict[str, int]:
    return {uid: c.sp for uid, c in roster().units.items()}


# --- where the units are -----------------------------------------------------------------


# ground(state): who stands where in `state`, worked out once while its units stay the same
# (core/gettysburg/ground.py). The rules ask it at every turn, so it is that function itself.
ground: Callable[[GbState], Ground] = ground_of


def on_map(state: GbState, side: str | None = None) -> list[Unit]:
    return list(ground_of(state).on_map[side])


def pending(state: GbState, side: str | None = None) -> list[Unit]:
    """Reinforcements due and not yet entered (7.0, AMB-23)."""
    return [u for u in state.units if u.status == PENDING and (side is None or u.side == side)]


def occupancy(state: GbState) -> dict[str, list[Unit]]:
    """Hex -> the units in it (shared by every asker of this position: read, never change)."""
    return ground_of(state).occupancy


def at(state: GbState, h: str, side: str | None = None) -> list[Unit]:
    there = ground_of(state).occupancy.get(h)
    if not there:
        return []
    return [u for u in there if side is None or u.side == side]


def hexes_of(state: GbState, side: str) -> frozenset[str]:
    return ground_of(state).hexes[side]


def zoc(state: GbState, side: str) -> frozenset[str]:
    """4.2: the hexes adjacent to a unit of `side` (its zones of control)."""
    return zoc_of(ground_of(state), side)


def zoc_of(g: Ground, side: str) -> frozenset[str]:
    """`zoc` of a ground at hand, worked out once for its position."""
    f = g.field
    known = f.zocs.get(side)
    if known is None:
        known = f.zocs[side] = frozenset().union(*map(_neighbour_sets().__getitem__,
                                                      f.hexes[side]))
    return known


@cache
def _neighbour_sets() -> dict[str, frozenset[str]]:
    """Hex -> its neighbours on the map, as a set (`zoc_of` joins them)."""
    return {h: frozenset(n) for h, n in _neighbour_table().items()}


def positional(u: Unit) -> tuple[str, str, str, int, bool]:
    """What of unit `u` an answer kept for its position (`Field.memo`) may read: all of it but
    the activation flags (4.0, 4.3), which leave the position as it was."""
    return (u.id, u.status, u.hex, u.sp, u.straggler)


def enemies_next_to(state: GbState, h: str, side: str) -> list[Unit]:
    """The enemy units (of `side`'s enemy) in the hexes adjacent to `h`."""
    g = ground_of(state)
    foes = g.hexes[enemy(side)]
    near = _neighbour_sets()[h]
    if foes.isdisjoint(near):
        return []
    return units_in(g, near & foes, enemy(side))


def units_in(g: Ground, hexes: Iterable[str], side: str) -> list[Unit]:
    """The units of `side` standing in `hexes`, in the state's order, read from who stands
    where (the field's occupants) instead of from every unit of the side."""
    occupants, of, index = g.field.occupants, sides(), numbers()
    found = [index[uid] for h in hexes if (there := occupants.get(h)) is not None
             for uid in there if of[uid] == side]
    found.sort()
    return [g.units[i] for i in found]


def distance_field(sources: Iterable[str]) -> Mapping[str, int]:
    """Hex -> distance to the nearest of `sources` (a breadth-first search over the grid, whose
    path lengths are the hex distances: tests/test_gettysburg_rules_move.py checks it). The
    same sources give the same field, kept for the next asker: read it, never change it."""
    return _distance_field(frozenset(sources))


@lru_cache(maxsize=256)
def _distance_field(sources: frozenset[str]) -> dict[str, int]:
    names, index, table = _grid()
    seen = [-1] * len(names)
    layer = [index[h] for h in sorted(sources)]
    order = list(layer)
    for i in layer:
        seen[i] = 0
    d = 0
    while layer:
        d += 1
        nxt = []
        for i in layer:
            for n in table[i]:
                if seen[n] < 0:
                    seen[n] = d
                    nxt.append(n)
        order += nxt
        layer = nxt
    return dict(zip(map(names.__getitem__, order), map(seen.__getitem__, order)))


@cache
def _grid() -> tuple[list[str], dict[str, int], list[tuple[int, ...]]]:
    """The map as numbers for the breadth-first search: hex ids, hex -> number, neighbours."""
    names = list(_neighbour_table())
    index = {h: i for i, h in enumerate(names)}
    return names, index, [tuple(index[n] for n in _neighbour_table()[h]) for h in names]


class Bitboard:
    """The map as the bits of one integer, for searches over sets of hexes at once: hex `h` is
    bit `bit[h]`, its axial coordinates (q, r) (maps/hexes.py cube) at q + r * width, each row
    ending in one unused bit so that no shift wraps a hex onto the next row's. A hex's six
    neighbours are then the shifts by 1, width - 1 and width either way (`grow`)."""

    def __init__(self, cubes: Mapping[str, tuple[int, int, int]],
                 table: Mapping[str, tuple[str, ...]]) -> None:
        q0 = min(c[0] for c in cubes.values())
        r0 = min(c[1] for c in cubes.values())
        self.width = max(c[0] for c in cubes.values()) - q0 + 2  # (the unused bit of a row)
        self.bit = {h: 1 << (q - q0 + (r - r0) * self.width) for h, (q, r, _) in cubes.items()}
        self.all = sum(self.bit.values())
        for h, n in table.items():  # (the map's neighbours are the grid's, edges included)
            assert self.grow(self.bit[h]) == self.bit[h] + sum(self.bit[x] for x in n), h

    def grow(self, hexes: int) -> int:
        """`hexes` and every hex of the map next to one of them."""
        w = self.width
        return self.all & (hexes | hexes << 1 | hexes >> 1 | hexes << w | hexes >> w
                           | hexes << (w - 1) | hexes >> (w - 1))


@cache
def bitboard() -> Bitboard:
    return Bitboard(cubes(), _neighbour_table())


def neighbour_bits(h: str) -> int:
    """The neighbours of `h` on the map, as bits (`bitboard`)."""
    return _neighbour_bits()[h]


def neighbour_set(h: str) -> frozenset[str]:
    """The neighbours of `h` on the map, as a set made once (read, never change it)."""
    return _neighbour_sets()[h]


def neighbour_bit_table() -> dict[str, int]:
    """Hex -> `neighbour_bits` of it, for the loops that ask it of many units."""
    return _neighbour_bits()


def enterable_bit_table() -> dict[str, int]:
    """Unit id -> `enterable_bits` of it, for the loops that ask it of many units."""
    return _enterable_bits()


def printed_sp_table() -> dict[str, int]:
    """Unit id -> `printed_sp` of it, for the loops that ask it of many units."""
    return _printed_sp()


@cache
def _neighbour_bits() -> dict[str, int]:
    b = bitboard()
    return {h: b.grow(bit) & ~bit for h, bit in b.bit.items()}


def enterable_bits(uid: str) -> int:
    """The hexes of the map `uid` may enter (4.0: all but `closed`), as bits."""
    return _enterable_bits()[uid]


@cache
def _enterable_bits() -> dict[str, int]:
    b = bitboard()
    by_closed: dict[frozenset[str], int] = {}
    for hexes in _closed().values():
        if hexes not in by_closed:
            by_closed[hexes] = b.all & ~sum(map(b.bit.__getitem__, hexes))
    return {uid: by_closed[hexes] for uid, hexes in _closed().items()}


def open_bits(g: Ground, side: str) -> int:
    """The empty hexes of the map out of the ZoC of `side`'s enemy (4.2), as bits: where a unit
    of `side` may step without asking who is there (4.1). Worked out once per position. (The
    enemy's hexes and the hexes next to them are `grow` of its bits; its own hexes are among
    the occupied ones anyway.)"""
    f = g.field
    key = ("open-bits", side)
    known = f.memo.get(key)
    if known is None:
        b = bitboard()
        known = f.memo[key] = b.all & ~b.grow(side_bits(g, enemy(side))) & ~occupied_bits(g)
    return known


def occupied_bits(g: Ground) -> int:
    """The hexes holding a unit, as bits (`bitboard`), worked out once per position."""
    return side_bits(g, None)


def side_bits(g: Ground, side: str | None) -> int:
    """The hexes holding a unit of `side` (None: of either), as bits (`bitboard`), worked out
    once per position: from the field a move made this one from (`Field.base`), when it has
    them, by setting or clearing the bits of the hexes a unit left or entered (no other hex
    changes), else from every hex."""
    f = g.field
    known = f.bits.get(side)
    if known is None:
        known = f.bits[side] = _side_bits(f, side)
    return known


def _side_bits(f: Field, side: str | None) -> int:
    bit = bitboard().bit
    hexes: Mapping[str, object] | frozenset[str] = f.occupants if side is None else f.hexes[side]
    base = f.base
    if base is not None:
        before = base[0].get(side)
        if before is not None:
            for h in base[1]:
                before = before | bit[h] if h in hexes else before & ~bit[h]
            return before
    return sum(map(bit.__getitem__, hexes))


@lru_cache(maxsize=256)
def balls(sources: frozenset[str]) -> tuple[int, ...]:
    """The hexes at most k hexes from the nearest of `sources`, as bits (`bitboard`), for
    k = 0, 1, ... until no hex is added: hex h is `distance_field(sources)[h]` hexes away from
    them when its bit is first set in the k-th (none: no sources). Read it, never change it."""
    b = bitboard()
    ball = sum(map(b.bit.__getitem__, sources))
    out = []
    while ball and (not out or ball != out[-1]):
        out.append(ball)
        ball = b.grow(ball)
    return tuple(out)


def nearest_enemy(state: GbState, h: str, side: str) -> int | None:
    """Hexes from `h` to the nearest unit of `side`'s enemy, None if the enemy has none."""
    hexes = hexes_of(state, enemy(side))
    return min((distance(h, e) for e in hexes), default=None)


# --- the battlefield -------------------------------------------------------------------------


def neighbours(h: str) -> tuple[str, ...]:
    return _neighbour_table()[h]


@cache
def _neighbour_table() -> dict[str, tuple[str, ...]]:
    """Hex -> its neighbours on the map, read once from the board."""
    b = board()
    return {h: tuple(b.neighbours(h).values()) for h in b.hexes}


@cache
def cubes() -> dict[str, tuple[int, int, int]]:
    """Hex -> its cube coordinates (q, r, s) (maps/hexes.py)."""
    from maps import hexes
    spec = board().spec
    return {h: hexes.cube(h, spec) for h in board().hexes}


@cache
def within(h: str, reach: int) -> frozenset[str]:
    """The hexes at most `reach` hexes from `h` (5.0: the reach of a fire), read once."""
    if reach == 1:  # (the hexes one hex away are its neighbours)
        return frozenset((h, *neighbours(h)))
    q1, r1, _ = cubes()[h]
    at = hex_at()  # (the cubes within `reach`: each dq, and the dr keeping |ds| <= reach)
    return frozenset(other for dq in range(-reach, reach + 1)
                     for dr in range(max(-reach, -dq - reach), min(reach, reach - dq) + 1)
                     if (other := at.get((q1 + dq, r1 + dr))) is not None)


@cache
def hex_at() -> dict[tuple[int, int], str]:
    """(q, r) cube coordinates -> the hex of the map there."""
    return {(c[0], c[1]): h for h, c in cubes().items()}


def distance(a: str, b: str) -> int:
    """Hexes from `a` to `b` (cube coordinates, maps/hexes.py)."""
    at = cubes()
    (q1, r1, s1), (q2, r2, s2) = at[a], at[b]
    return max(abs(q1 - q2), abs(r1 - r2), abs(s1 - s2))


@cache
def steps(h: str) -> tuple[tuple[str, bool, bool, int, bool], ...]:
    """Each step out of `h`: (neighbour, road along the hexside, stream on it, the
    neighbour's MP cost, the neighbour stops movement) — the movement search's data (4.0)."""
    return tuple((n, road(h, n), stream(h, n), terrain_mp(n), stops(n)) for n in neighbours(h))


@cache
def terrain_mp(h: str) -> int:
    return int(board().terrain(h).props["mp"])


@cache
def stops(h: str) -> bool:
    """4.0: entering a wooded hill or an urban hex (buildings / farm) ends the move."""
    return bool(board().terrain(h).props["stop"])


@cache
def protection(h: str) -> int:
    """5.3.1: white dice fewer for a target in `h`."""
    return int(board().terrain(h).props["protection"])


def cover(h: str) -> bool:
    """3.0, 7.1: a hex giving cover = terrain with any protection (AMB-06, AMB-24 [R])."""
    return protection(h) > 0


def elevation(h: str) -> int:
    return board().elevation(h)


def entrenched(h: str) -> bool:
    """5.3 exception: retreat results count as save in an entrenchment hex."""
    return board().hex(h).terrain == "entrenchments"


@cache
def road(a: str, b: str) -> bool:
    return board().has(a, b, "road")


@cache
def stream(a: str, b: str) -> bool:
    return board().has(a, b, "stream")


@cache
def hex_name(h: str) -> str:
    """'N5 Cemetery Hill', 'K7'."""
    name = board().hex(h).name
    return f"{h} {name}" if name else h


# --- standing in a hex -----------------------------------------------------------------------


def may_enter(uid: str, h: str) -> bool:
    """4.0: no cavalry on a wooded (or rough) hill, no artillery in B7 or D8."""
    return h in board().hexes and h not in closed(uid)


def closed(uid: str) -> frozenset[str]:
    """The hexes of the map `uid` may not enter (4.0), read once per unit from the roster."""
    return _closed()[uid]


@cache
def _closed() -> dict[str, frozenset[str]]:
    b, r = board(), roster()
    by_type = {t: frozenset(h for h in b.hexes if not r.may_enter(uid, h, b))
               for t, uid in {c.type: c.id for c in r.units.values()}.items()}
    return {uid: by_type[c.type] for uid, c in r.units.items()}


def infantry(uid: str) -> bool:
    """`is_infantry`, from a table read once (4.1 stacking: the movement search asks it)."""
    return _infantry()[uid]


@cache
def _infantry() -> dict[str, bool]:
    return {uid: roster().type_of(uid).infantry for uid in roster().units}


def stack_ok(uids: Iterable[str]) -> bool:
    """4.1: at most 2 units in a hex, at most 1 of them infantry."""
    return roster().stack_ok(uids)


def can_end_in(state: GbState, uid: str, h: str,
               occupied: dict[str, list[Unit]] | None = None) -> bool:
    """`uid` may end a move, retreat or advance in `h`: open to it, no enemy there, and the
    stacking limit kept (4.0, 4.1, AMB-21). `occupied`: `occupancy(state)`, if at hand."""
    if not may_enter(uid, h):
        return False
    u = unit(state, uid)
    if occupied is None:
        g = ground_of(state)
        if h != u.hex or u.status != ON_MAP:  # (its own hex: itself aside, below)
            return end_ok(g.field, uid, u.side, h)
        occupied = g.occupancy
    there = occupied.get(h)
    if not there:
        return True                       # one unit alone always stacks (4.1)
    side = u.side
    if any(o.side != side for o in there):
        return False
    return stack_ok([o.id for o in there if o.id != uid] + [uid])


def end_ok(f: Field, uid: str, side: str, h: str) -> bool:
    """`can_end_in` for a hex of the map that is not `uid`'s own (a step away, or an entry
    from off the map), read from the field at hand: the movement searches ask it at every
    hex."""
    if h in _closed()[uid]:
        return False
    there = f.occupants.get(h)
    return there is None or room(there, uid, side)  # (one unit alone always stacks, 4.1)


def room(there: tuple[str, ...], uid: str, side: str) -> bool:
    """`uid` of `side` may join the units `there` (by id) in a hex: none of them an enemy,
    and the stacking limit kept (4.1). The same few pairs come back all game: each is worked
    out once."""
    key = (there, side, _infantry()[uid])
    known = _room.get(key)
    if known is None:
        of = sides()
        known = _room[key] = all(of[i] == side for i in there) and roster().stack_ok(
            list(there) + [uid])
    return known


# (the ids in a hex, a side, infantry or not) -> `room`
_room: dict[tuple[tuple[str, ...], str, bool], bool] = {}


# --- names -----------------------------------------------------------------------------------

SIDE_SHORT = {UNION: "US", CSA: "CSA"}


@cache
def name(uid: str) -> str:
    """The counter's name; the two names both armies use get their side ('McIntosh (CSA)')."""
    c = counter(uid)
    if sum(1 for u in roster().units.values() if u.name == c.name) > 1:
        return f"{c.name} ({SIDE_SHORT[c.side]})"
    return c.name


def describe(state: GbState, uid: str) -> str:
    """'Heth (CSA III infantry, 4/6 SP)'."""
    return described(uid, unit(state, uid).sp)


@cache
def described(uid: str, sp: int) -> str:
    """`describe` of unit `uid` with `sp` SP."""
    c = counter(uid)
    corps = roster().corps[c.corps].label
    return f"{name(uid)} ({SIDE_SHORT[c.side]} {corps} {kind(uid).name.lower()}, {sp}/{c.sp} SP)"


def chit_name(chit: str) -> str:
    """'Confederate flag', 'Union XI Corps'."""
    c = chit_mix().chits[chit]
    if c.kind == "flag":
        return f"{c.side} flag"
    return f"{c.side} {roster().corps[c.corps].name}"

