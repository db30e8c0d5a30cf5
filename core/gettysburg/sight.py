"""Line of sight (5.1, 5.2) as bits of the map, worked out once per pair of hexes.

The board's `line_of_sight` (maps/hexboard.py) walks the exact segment between two centres and
asks each hex it crosses whether it obstructs: blocking terrain, or a unit in it (5.1), at the
viewer's level or above (5.2: a viewer on a hill sees over lower obstructions, AMB-14 [R]); a
segment along a hexside is blocked only when both hexes block. The segment and the terrain
never change, only where the units stand, so each ordered pair of hexes is reduced once to
what a unit could still block: the bits (`query.bitboard`) of the crossed hexes a unit would
block in, and the hexside pairs that units in both hexes would block. Recovery (3.0, AMB-06)
and fire (5.0) ask it of many pairs at every position; tests/test_gettysburg_sight.py checks
it against the board's answer.
"""
from __future__ import annotations

from core.gettysburg import query as q
from maps import hexes

Sight = tuple[int, tuple[int, ...]] | None  # (hexes a unit blocks in, hexside pairs); None: never


def clear(a: str, b: str, occupied: int) -> bool:
    """Nothing blocks the line of sight from `a` to `b` (the board's `line_of_sight`), where
    `occupied` is the bits of the hexes holding a unit (`query.occupied_bits`)."""
    line = _sight(a, b)
    if line is None:
        return False
    singles, pairs = line
    if occupied & singles:
        return False
    for both in pairs:
        if occupied & both == both:
            return False
    return True


_known: dict[tuple[str, str], Sight] = {}  # (viewer's hex, seen hex) -> `_reduce` of the line


def _sight(a: str, b: str) -> Sight:
    known = _known.get((a, b), False)
    if known is False:
        known = _known[(a, b)] = _reduce(a, b)
    return known  # type: ignore[return-value]


def _reduce(a: str, b: str) -> Sight:
    """The line from `a` to `b` as what units could still block (None: the terrain does)."""
    board, cubes = q.board(), q.cubes()
    bit, at = q.bitboard().bit, q.hex_at()
    eye = board.elevation(a)

    def level(c: hexes.Cube) -> tuple[str, bool] | None:
        """(the hex, its terrain blocks) for a hex that obstructs at the viewer's level when
        blocked; None for a hex that never obstructs (off the map, or below the eye)."""
        h = at.get((c[0], c[1]))
        if h is None or board.elevation(h) < eye:
            return None
        return h, board.terrain(h).blocks_los

    crossed, spines = hexes.sight_crossings(cubes[a], cubes[b])
    singles = 0
    for c in crossed:
        found = level(c)
        if found is None:
            continue
        h, terrain = found
        if terrain:
            return None
        singles |= bit[h]
    pairs = []
    for x, y in spines:
        fx, fy = level(x), level(y)
        if fx is None or fy is None:
            continue
        (hx, tx), (hy, ty) = fx, fy
        if tx and ty:
            return None
        if tx or ty:  # one side blocks already: a unit on the other closes the line
            singles |= bit[hy] if tx else bit[hx]
        else:
            pairs.append(bit[hx] | bit[hy])
    return singles, tuple(pairs)
