"""Washington's War: a set of map spaces as an int, one bit per space in board order
(`query.spaces`), for the rules that ask of every space at once (the PC rules, isolation):
a union, intersection or difference is one operation on ints, and the spaces of a set come
back in board order from its bits, with no sorting.

    BIT[space], MAP, PORTS          a space's bit; every map space; every port
    ZONE_PORTS[zone]                the ports of a blockade zone (12.3)
    mask_of(spaces)                 the spaces (map spaces only) as bits
    spaces_in(mask)                 the spaces of a mask, in board order
    table(of_space), gather(mask, t)  something made once per space, read for a mask's spaces
    near(mask)                      the spaces next to any of them by an isolation link (10.3)

The tables are made once at import from the board, which never changes.
"""
from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Callable, Iterable, TypeVar

from core.ww import query as q

T = TypeVar("T")

_ORDER: tuple[str, ...] = q.spaces()
BIT: dict[str, int] = {space: 1 << i for i, space in enumerate(_ORDER)}
MAP: int = (1 << len(_ORDER)) - 1
PORTS: int = sum(BIT[space] for space in q.port_spaces())
_BYTES = range((len(_ORDER) + 7) // 8)
ZONE_PORTS: dict[str, int] = {}   # a blockade zone (12.3) -> its ports
for _port in q.port_spaces():
    ZONE_PORTS[q.zone(_port)] = ZONE_PORTS.get(q.zone(_port), 0) | BIT[_port]


def _by_byte(of_space: Callable[[str], T]) -> list[list[list[T]]]:
    """For each byte of a mask and each value of it, `of_space` gathered over its bits:
    table[j][v] for the spaces 8j..8j+7 whose bits v sets, in board order."""
    table = []
    for j in _BYTES:
        row = []
        for v in range(256):
            row.append([of_space(_ORDER[8 * j + i]) for i in range(8)
                        if v >> i & 1 and 8 * j + i < len(_ORDER)])
        table.append(row)
    return table


# each space's neighbours by the isolation links (no Arnold-only link, 10.3, 10.11)
_NEAR: list[list[int]] = [[reduce(or_, masks, 0) for masks in row] for row in _by_byte(
    lambda space: sum(BIT[other] for other in q.neighbours(space)))]


def table(of_space: Callable[[str], T]) -> list[list[tuple[T, ...]]]:
    """`of_space` of every map space, laid out for `gather` (made once, at import)."""
    return [[tuple(items) for items in row] for row in _by_byte(of_space)]


_SPACES: list[list[tuple[str, ...]]] = table(lambda space: space)


def gather(mask: int, made: list[list[tuple[T, ...]]]) -> list[T]:
    """`made` (a `table`) of the spaces of `mask`, in board order: `[of_space(s) for s in
    spaces_in(mask)]` read whole bytes at a time."""
    out: list[T] = []
    for row in made:
        if not mask:
            break
        value = mask & 255
        if value:
            out.extend(row[value])
        mask >>= 8
    return out


def mask_of(spaces: Iterable[str]) -> int:
    """The map spaces `spaces`, each once, as bits."""
    return reduce(or_, map(BIT.__getitem__, spaces), 0)


def spaces_in(mask: int) -> list[str]:
    """The spaces of `mask`, in board order (`query.spaces`)."""
    return gather(mask, _SPACES)


def near(mask: int) -> int:
    """Every map space next to one of `mask` by an isolation link (10.3, 10.11)."""
    out = 0
    for row in _NEAR:
        if not mask:
            break
        value = mask & 255
        if value:
            out |= row[value]
        mask >>= 8
    return out
