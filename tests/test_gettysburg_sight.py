"""core/gettysburg/sight.py: the line of sight read from bits gives the board's answer (5.1, 5.2)
for every pair of hexes within artillery range and a sample of longer lines, with units in
random hexes (and none, and every hex taken)."""
from __future__ import annotations

import random

from core.gettysburg import query as q
from core.gettysburg import sight


def _bits(hexes: set[str]) -> int:
    bit = q.bitboard().bit
    return sum(bit[h] for h in hexes)


def _occupancies(seed: int) -> list[set[str]]:
    hexes = sorted(q.board().hexes)
    chooser = random.Random(seed)
    return [set(), set(hexes)] + [set(chooser.sample(hexes, k)) for k in (20, 60, 120, 200)]


def test_every_line_within_range_matches_the_board() -> None:
    board = q.board()
    occupancies = _occupancies(1)
    checked = blocked = 0
    for a in sorted(board.hexes):
        for b in sorted(q.within(a, 4)):
            if a == b:
                continue
            for occupied in occupancies:
                expected = board.line_of_sight(a, b, occupied)
                assert sight.clear(a, b, _bits(occupied)) == expected, (a, b, sorted(occupied))
                checked += 1
                blocked += not expected
    assert checked > 50_000 and 0 < blocked < checked  # (lines both open and closed were met)


def test_long_lines_match_the_board() -> None:
    board = q.board()
    hexes = sorted(board.hexes)
    chooser = random.Random(2)
    for _ in range(1500):
        a, b = chooser.sample(hexes, 2)
        for occupied in _occupancies(chooser.randrange(1000)):
            assert sight.clear(a, b, _bits(occupied)) == board.line_of_sight(a, b, occupied), \
                (a, b, sorted(occupied))
