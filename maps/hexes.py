"""Generic hex-grid geometry: ids, offset and cube coordinates, distance, neighbours, lines and
line of sight. Nothing here knows a particular game; a :class:`GridSpec` describes the grid.

**The grid.** Hexes are named by a column letter and a row number ("K7"). Each letter is a
straight file of hexes numbered ``1 .. rows``; the hexes of one file touch along flat sides,
and neighbouring files are offset by half a hex (a "flat-top, columns" offset layout). The
letters are listed in :attr:`GridSpec.letters`, so a grid may skip letters (Gettysburg skips J:
I and K are neighbouring files). :attr:`GridSpec.shifted` says which files (by 0-based index in
``letters``) sit half a hex toward the higher numbers: ``"even"`` (the first, third, ... file) or
``"odd"``. In a file that is shifted, hex ``n`` touches hexes ``n`` and ``n + 1`` of the files on
either side; in a file that is not, hexes ``n - 1`` and ``n``.

**Coordinates.** ``offset(h)`` is ``(col, row)``, both 0-based: ``col`` = index of the letter,
``row`` = number - 1; drawing uses it (see :func:`center`). ``cube(h)`` is ``(q, r, s)`` with
``q + r + s == 0`` (q = col); distance and lines are computed in cube space.

**Directions.** The six neighbours are taken in :data:`CUBE_DIRECTIONS` order: row - 1, then
clockwise (next file / row - 1 side, next file / row side, row + 1, previous file / row side,
previous file / row - 1 side). :attr:`GridSpec.directions` names them; the default names suit a
drawing with files left to right and numbers downward ("N" = row - 1); a game names them by
its own compass.

**Lines.** :func:`line` is the usual cube interpolation: ``distance + 1`` samples of the segment
between the two centres, each rounded to the nearest hex. When a sample falls exactly on a
hexside (the segment runs along hexsides), the tie is broken by nudging both ends by
``nudge * (1e-6, 2e-6, -3e-6)``: ``nudge=+1`` and ``nudge=-1`` give the two sides.

**Line of sight.** :func:`sight_crossings` is exact (rational arithmetic): the hexes whose
interior the segment between two centres crosses, and the hexside pairs it runs exactly along
(the "spine" case). A segment that only touches a hex at a corner does not cross it. Up to
distance 5 the crossed hexes are exactly the hexes of ``line(+1)`` and ``line(-1)``; farther away
a segment can clip a hex that both lines skip, so line of sight never uses :func:`line`.
:func:`sight_blockers` applies a game's obstruction rule (see its docstring for the
Gettysburg reading of 5.1 / 5.2).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

__all__ = [
    "CUBE_DIRECTIONS",
    "Cube",
    "GridSpec",
    "Offset",
    "adjacent",
    "all_hexes",
    "center",
    "cube",
    "cube_distance",
    "cube_line",
    "cube_neighbour",
    "direction",
    "distance",
    "from_cube",
    "hex_id",
    "hexside",
    "is_hex",
    "line",
    "line_of_sight",
    "neighbours",
    "offset",
    "opposite",
    "sight_blockers",
    "sight_crossings",
    "within",
]

Cube = tuple[int, int, int]
Offset = tuple[int, int]

# row - 1, then clockwise in a drawing with files left to right and rows downward.
CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (0, -1, 1), (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1),
)
_NUDGE = (1e-6, 2e-6, -3e-6)
_ID_RE = re.compile(r"^([A-Z])([0-9]{1,3})$")


@dataclass(frozen=True)
class GridSpec:
    """A rectangular grid of ``len(letters)`` files of ``rows`` hexes each."""

    letters: str
    rows: int
    shifted: Literal["even", "odd"] = "even"
    directions: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

    def __post_init__(self) -> None:
        if not self.letters or len(set(self.letters)) != len(self.letters) \
                or not all("A" <= ch <= "Z" for ch in self.letters):
            raise ValueError(f"letters must be distinct capitals, not {self.letters!r}")
        if self.rows < 1:
            raise ValueError(f"rows must be positive, not {self.rows!r}")
        if self.shifted not in ("even", "odd"):
            raise ValueError(f"shifted must be 'even' or 'odd', not {self.shifted!r}")
        if len(self.directions) != 6 or len(set(self.directions)) != 6:
            raise ValueError(f"directions must be six distinct names, not {self.directions!r}")

    @property
    def cols(self) -> int:
        return len(self.letters)

    def is_shifted(self, col: int) -> bool:
        """True if file ``col`` sits half a hex toward the higher numbers."""
        return col % 2 == (0 if self.shifted == "even" else 1)


# ---------------------------------------------------------------- ids and coordinates

def offset(h: str, spec: GridSpec) -> Offset:
    """``(col, row)`` of hex ``h`` (0-based); ``ValueError`` if ``h`` is not on the grid."""
    m = _ID_RE.match(h) if isinstance(h, str) else None
    if m is None or m.group(1) not in spec.letters or m.group(2).startswith("0"):
        raise ValueError(f"not a hex id of this grid: {h!r}")
    row = int(m.group(2)) - 1
    if not 0 <= row < spec.rows:
        raise ValueError(f"not a hex id of this grid: {h!r}")
    return spec.letters.index(m.group(1)), row


def hex_id(col: int, row: int, spec: GridSpec) -> str:
    """The id of the hex at ``(col, row)``; ``ValueError`` if off the grid."""
    if not (0 <= col < spec.cols and 0 <= row < spec.rows):
        raise ValueError(f"({col}, {row}) is off the grid")
    return f"{spec.letters[col]}{row + 1}"


def is_hex(h: object, spec: GridSpec) -> bool:
    """True if ``h`` names a hex of the grid."""
    try:
        offset(h, spec)  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def all_hexes(spec: GridSpec) -> list[str]:
    """Every hex id, file by file (A1, A2, ..., B1, ...)."""
    return [hex_id(c, r, spec) for c in range(spec.cols) for r in range(spec.rows)]


def _cube_of(col: int, row: int, spec: GridSpec) -> Cube:
    lift = (col + (col & 1)) // 2 if spec.shifted == "even" else (col - (col & 1)) // 2
    q, r = col, row - lift
    return (q, r, -q - r)


def cube(h: str, spec: GridSpec) -> Cube:
    """Cube coordinates ``(q, r, s)`` of hex ``h``."""
    return _cube_of(*offset(h, spec), spec)


def from_cube(c: Cube, spec: GridSpec) -> str | None:
    """The hex at cube ``c``, or ``None`` if it is off the grid."""
    q, r, _ = c
    lift = (q + (q & 1)) // 2 if spec.shifted == "even" else (q - (q & 1)) // 2
    col, row = q, r + lift
    if 0 <= col < spec.cols and 0 <= row < spec.rows:
        return hex_id(col, row, spec)
    return None


def center(h: str, spec: GridSpec, size: float = 1.0) -> tuple[float, float]:
    """Centre of ``h`` in a flat-top drawing (files left to right, numbers downward) whose
    hexes have centre-to-corner ``size``: ``x = 1.5 * size * col``,
    ``y = sqrt(3) * size * (row + 0.5 if the file is shifted else row)``."""
    col, row = offset(h, spec)
    return (1.5 * size * col,
            math.sqrt(3) * size * (row + (0.5 if spec.is_shifted(col) else 0.0)))


# ---------------------------------------------------------------- distance and neighbours

def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def cube_neighbour(c: Cube, k: int) -> Cube:
    """The neighbour of ``c`` in direction ``k`` (index into :data:`CUBE_DIRECTIONS`)."""
    d = CUBE_DIRECTIONS[k % 6]
    return (c[0] + d[0], c[1] + d[1], c[2] + d[2])


def distance(a: str, b: str, spec: GridSpec) -> int:
    """Number of hex steps from ``a`` to ``b``."""
    return cube_distance(cube(a, spec), cube(b, spec))


def neighbours(h: str, spec: GridSpec) -> dict[str, str]:
    """Direction name -> neighbouring hex, for the neighbours on the grid (edge hexes have
    fewer than six), in :data:`CUBE_DIRECTIONS` order."""
    c = cube(h, spec)
    out: dict[str, str] = {}
    for k, name in enumerate(spec.directions):
        other = from_cube(cube_neighbour(c, k), spec)
        if other is not None:
            out[name] = other
    return out


def adjacent(a: str, b: str, spec: GridSpec) -> bool:
    return distance(a, b, spec) == 1


def direction(a: str, b: str, spec: GridSpec) -> str:
    """Name of the hexside of ``a`` that ``b`` lies across; ``ValueError`` if not adjacent."""
    ca, cb = cube(a, spec), cube(b, spec)
    d = (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2])
    if d not in CUBE_DIRECTIONS:
        raise ValueError(f"{a} and {b} are not adjacent")
    return spec.directions[CUBE_DIRECTIONS.index(d)]


def opposite(name: str, spec: GridSpec) -> str:
    """The direction opposite ``name`` ("N" -> "S")."""
    return spec.directions[(spec.directions.index(name) + 3) % 6]


def hexside(a: str, b: str, spec: GridSpec) -> frozenset[str]:
    """The key of the hexside between two adjacent hexes: the unordered pair ``{a, b}``."""
    if not adjacent(a, b, spec):
        raise ValueError(f"{a} and {b} are not adjacent: no hexside between them")
    return frozenset((a, b))


def within(h: str, radius: int, spec: GridSpec) -> list[str]:
    """Every hex at distance 1 .. ``radius`` from ``h`` (nearest first, then by id order)."""
    c = cube(h, spec)
    found: list[tuple[int, str]] = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            other = from_cube((c[0] + dq, c[1] + dr, c[2] - dq - dr), spec)
            if other is not None and other != h:
                found.append((cube_distance(c, cube(other, spec)), other))
    return [other for _, other in sorted(found, key=lambda t: (t[0], offset(t[1], spec)))]


# ---------------------------------------------------------------- lines

def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return (rq, rr, rs)


def cube_line(a: Cube, b: Cube, nudge: int = 1) -> list[Cube]:
    """Cube interpolation from ``a`` to ``b`` (both included), ties broken by ``nudge``."""
    n = cube_distance(a, b)
    if n == 0:
        return [a]
    e = tuple(nudge * x for x in _NUDGE)
    pa = [a[i] + e[i] for i in range(3)]
    pb = [b[i] + e[i] for i in range(3)]
    return [_cube_round(*(pa[i] + (pb[i] - pa[i]) * k / n for i in range(3)))
            for k in range(n + 1)]


def line(a: str, b: str, spec: GridSpec, nudge: int = 1) -> list[str]:
    """The hexes from ``a`` to ``b`` (both included) by cube interpolation (see the module
    docstring for the tie rule). Where the segment runs along the grid's edge and the nudged
    sample falls off the grid, the hex on the other side of that hexside is taken."""
    ca, cb = cube(a, spec), cube(b, spec)
    out: list[str] = []
    for c, other in zip(cube_line(ca, cb, nudge), cube_line(ca, cb, -nudge)):
        h = from_cube(c, spec) or from_cube(other, spec)
        if h is None:  # cannot happen: a segment between centres never leaves both sides
            raise ValueError(f"the line {a}-{b} leaves the grid")
        out.append(h)
    return out


# ---------------------------------------------------------------- line of sight

def _interval(a: Cube, d: Cube, h: Cube, strict: bool) -> tuple[Fraction, Fraction] | None:
    """Parameters t in [0, 1] where ``a + t * d`` lies in hex ``h`` (its interior if
    ``strict``): the hex is ``|q - r| <= 1, |r - s| <= 1, |s - q| <= 1`` around its centre."""
    lo, hi = Fraction(0), Fraction(1)
    for i, j in ((0, 1), (1, 2), (2, 0)):
        alpha = (a[i] - a[j]) - (h[i] - h[j])
        beta = d[i] - d[j]
        if beta == 0:
            if abs(alpha) > 1 or (strict and abs(alpha) == 1):
                return None
            continue
        t1, t2 = sorted((Fraction(-1 - alpha, beta), Fraction(1 - alpha, beta)))
        lo, hi = max(lo, t1), min(hi, t2)
    if lo < hi or (not strict and lo == hi):
        return lo, hi
    return None


def sight_crossings(a: Cube, b: Cube) -> tuple[list[Cube], list[tuple[Cube, Cube]]]:
    """The segment between the centres of ``a`` and ``b``, exactly: the hexes other than the
    two ends whose interior it crosses (in order along the segment), and the hexside pairs it
    runs exactly along (the 5.1 "spine" case), each pair once, in order."""
    crossed, spines = _crossings(b[0] - a[0], b[1] - a[1], b[2] - a[2])

    def at(c: Cube) -> Cube:
        return (a[0] + c[0], a[1] + c[1], a[2] + c[2])

    return [at(c) for c in crossed], [(at(x), at(y)) for x, y in spines]


@cache
def _crossings(dq: int, dr: int, ds: int) -> tuple[tuple[Cube, ...], tuple[tuple[Cube, Cube], ...]]:
    """:func:`sight_crossings` from the origin to ``(dq, dr, ds)`` (the answer only depends on
    the difference of the two ends, so it is computed once per difference)."""
    a: Cube = (0, 0, 0)
    d: Cube = (dq, dr, ds)
    candidates: set[Cube] = set()
    for nudge in (1, -1):
        for c in cube_line(a, d, nudge):
            candidates.add(c)
            candidates.update(cube_neighbour(c, k) for k in range(6))
    candidates.discard(a)
    candidates.discard(d)
    crossed: list[tuple[Fraction, Cube]] = []
    spines: dict[frozenset[Cube], tuple[Fraction, tuple[Cube, Cube]]] = {}
    for h in candidates:
        inner = _interval(a, d, h, strict=True)
        if inner is not None:
            crossed.append((inner[0], h))
            continue
        closed = _interval(a, d, h, strict=False)
        if closed is None or closed[0] == closed[1]:
            continue  # misses the hex, or touches one corner
        for k in range(6):  # the segment lies on one side of h: find the hex across it
            other = cube_neighbour(h, k)
            other_closed = _interval(a, d, other, strict=False)
            if other_closed == closed and _interval(a, d, other, strict=True) is None:
                pair = (h, other) if h < other else (other, h)
                spines.setdefault(frozenset(pair), (closed[0], pair))
                break
    return (tuple(h for _, h in sorted(crossed)),
            tuple(pair for _, pair in sorted(spines.values())))


def sight_blockers(a: str, b: str, spec: GridSpec,
                   obstruction: Callable[[str], int | None], eye: int = 0) -> list[str]:
    """What blocks the line of sight from ``a`` to ``b``: the ids of the crossed hexes that
    block, and ``"X|Y"`` for each hexside both of whose hexes block. Empty = clear.

    ``obstruction(h)`` is the level at which ``h`` obstructs (its elevation, when its terrain
    blocks or a unit stands in it), or ``None``. An obstruction blocks a viewer at level ``eye``
    when its level is ``>= eye``. With the Yankees & Rebels reading (5.1, 5.2, AMB-14 [R]):
    obstructions are blocking terrain and units; a viewer on a hill (level 1) sees over
    obstructions at level 0; a line along a hexside is blocked only if both hexes block; the two
    end hexes never block (adjacent hexes always see each other). Off-grid hexes never block.
    """
    def blocks(c: Cube) -> bool:
        h = from_cube(c, spec)
        if h is None:
            return False
        level = obstruction(h)
        return level is not None and level >= eye

    crossed, spines = sight_crossings(cube(a, spec), cube(b, spec))
    out = [from_cube(c, spec) for c in crossed if blocks(c)]
    for x, y in spines:
        if blocks(x) and blocks(y):
            out.append(f"{from_cube(x, spec)}|{from_cube(y, spec)}")
    return [h for h in out if h is not None]


def line_of_sight(a: str, b: str, spec: GridSpec,
                  obstruction: Callable[[str], int | None], eye: int = 0) -> bool:
    """True if nothing blocks the line of sight from ``a`` to ``b`` (see :func:`sight_blockers`)."""
    return not sight_blockers(a, b, spec, obstruction, eye)

