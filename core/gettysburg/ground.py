"""Gettysburg 1863: who stands where, worked out once per position and shared by every question
the rules ask of it (docs/gettysburg-rules.md, "Speed").

Listing the legal actions asks the same things many times of one state: which hexes the enemy
holds, its zones of control (4.2), who is in a hex (4.1), where each unit could move (4.0),
fire (5.0) or retreat (3.0). `of(state)` gives the `Ground` of the state's units: built at the
first question and kept while the state has the very same units with the same options. Units
are frozen (any change replaces the unit: `query.update`), so "the same unit objects" means
"nothing has moved, fired, lost SP or been activated": what is cached cannot be stale.

A Ground holds a `Field`: where the units stand (each unit's hex, or none off the map), shared
by the grounds of one position. Turning a counter (4.0, activated) makes a new Ground but keeps
the Field, with what was worked out from the positions alone.

Each keeps a `memo` of answers under a key naming the question (and whatever else of the unit
the answer reads): `Ground.memo` for answers that read anything of the units, `Field.memo` for
answers that read only the positions, the options, the asking unit's own key and the printed
counters. What is cached is read, never changed, by whoever asks. Nothing here is part of the
state, so saves and `msgspec.json.encode(state)` are untouched.
"""
from __future__ import annotations

from functools import cache
from itertools import compress
from operator import is_not, itemgetter
from typing import Any, Callable

from core.gettysburg.options import GbOptions
from core.gettysburg.state import CSA, ON_MAP, UNION, GbState, Unit
from core.gettysburg.units import roster


class Field:
    """Where the units stand: each side's hexes and the units in each hex (by id)."""

    __slots__ = ("where", "options", "occupants", "hexes", "_occupied", "zocs", "bits", "base",
                 "picks", "memo")

    def __init__(self, units: list[Unit], where: tuple[str, ...], options: GbOptions) -> None:
        self.where = where                            # each unit's hex, "" when off the map
        self.options = options
        occupants: dict[str, tuple[str, ...]] = {}
        hexes: dict[str, set[str]] = {UNION: set(), CSA: set()}
        numbers: dict[str | None, list[int]] = {None: [], UNION: [], CSA: []}
        for i, (u, h) in enumerate(zip(units, where)):
            if h:
                here = occupants.get(h)
                occupants[h] = (u.id,) if here is None else here + (u.id,)
                hexes[u.side].add(h)
                numbers[None].append(i)
                numbers[u.side].append(i)
        self.occupants = occupants                    # hex -> its units' ids, in state order
        # side (None: both) -> picks its units on the map out of a list of units, in order
        self.picks = {side: _picker(n) for side, n in numbers.items()}
        self.hexes = {side: frozenset(h) for side, h in hexes.items()}
        self._occupied: frozenset[str] | None = None  # `occupied`, made when first asked
        self.zocs: dict[str, frozenset[str]] = {}     # side -> its ZoC (4.2): query.zoc_of
        # side (None: both) -> its hexes as the bits of `query.bitboard` (query.side_bits)
        self.bits: dict[str | None, int] = {}
        # (the bits of the field this one was moved from, the hexes a unit left or entered):
        # query.side_bits derives this field's from them (`moved`); None: none to derive from
        self.base: tuple[dict[str | None, int], frozenset[str]] | None = None
        self.memo: dict[tuple[Any, ...], Any] = {}

    @property
    def occupied(self) -> frozenset[str]:
        """The hexes holding a unit (5.1)."""
        if self._occupied is None:
            self._occupied = frozenset(self.occupants)
        return self._occupied

    def moved(self, units: list[Unit], where: tuple[str, ...],
              changed: list[int]) -> Field | None:
        """The field once the units at `changed` (their places in `units`) have moved from hex
        to hex (a move, a retreat): this one's occupants and hexes with theirs changed, the
        ZoC of a side none of whose units moved kept. None when a unit came onto the map or
        left it (build a new field)."""
        before = self.where
        for i in changed:
            if not before[i] or not where[i]:
                return None
        occupants = self.occupants.copy()
        hexes: dict[str, set[str]] = {}  # side -> its hexes now, for each side that moved
        zocs = dict(self.zocs)
        side_of, number = sides(), numbers().__getitem__
        for i in changed:
            u, old, new = units[i], before[i], where[i]
            uid, side = u.id, u.side
            if side in zocs:  # (its side's ZoC is worked out again when asked)
                del zocs[side]
            mine = hexes.get(side)
            if mine is None:
                mine = hexes[side] = set(self.hexes[side])
            there = occupants[old]
            if len(there) == 1:
                del occupants[old]
                mine.discard(old)
            else:
                left = tuple([other for other in there if other != uid])
                occupants[old] = left
                if side not in map(side_of.__getitem__, left):
                    mine.discard(old)
            here = occupants.get(new)
            occupants[new] = (uid,) if here is None else tuple(sorted(here + (uid,),
                                                                      key=number))
            mine.add(new)
        field = Field.__new__(Field)
        field.where, field.options, field.occupants = where, self.options, occupants
        field.picks, field.memo, field.zocs = self.picks, {}, zocs
        field.hexes = {side: frozenset(hexes[side]) if side in hexes else h
                       for side, h in self.hexes.items()}
        field._occupied, field.bits = None, {}
        field.base = (self.bits, frozenset([before[i] for i in changed] +
                                           [where[i] for i in changed])) if self.bits else None
        return field


@cache
def sides() -> dict[str, str]:
    """Unit id -> its side (the roster's: a unit never changes sides)."""
    return {uid: c.side for uid, c in roster().units.items()}


@cache
def numbers() -> dict[str, int]:
    """Unit id -> its place in `GbState.units` (the roster's order)."""
    return {uid: i for i, uid in enumerate(roster().units)}


class Ground:
    """The facts of one set of units: its Field, and the units on the map and in each hex."""

    __slots__ = ("units", "options", "field", "_occupancy", "_on_map", "memo")

    def __init__(self, units: list[Unit], options: GbOptions, field: Field) -> None:
        self.units = units
        self.options = options
        self.field = field
        self._occupancy: dict[str, list[Unit]] | None = None
        self._on_map: dict[str | None, tuple[Unit, ...]] | None = None
        self.memo: dict[tuple[Any, ...], Any] = {}

    @property
    def occupancy(self) -> dict[str, list[Unit]]:
        """Hex -> the units in it, in the state's order."""
        if self._occupancy is None:
            out: dict[str, list[Unit]] = {}
            for u, h in zip(self.units, self.field.where):
                if h:
                    here = out.get(h)
                    if here is None:
                        out[h] = [u]
                    else:
                        here.append(u)
            self._occupancy = out
        return self._occupancy

    @property
    def on_map(self) -> dict[str | None, tuple[Unit, ...]]:
        """Side (None: both) -> its units on the map, in the state's order (each side picked
        when first asked)."""
        if self._on_map is None:
            self._on_map = _OnMap(self.units, self.field.picks)
        return self._on_map

    @property
    def hexes(self) -> dict[str, frozenset[str]]:
        return self.field.hexes

    @property
    def occupied(self) -> frozenset[str]:
        return self.field.occupied


class _OnMap(dict):
    """`Ground.on_map`: side (None: both) -> its units on the map, picked at the first ask."""

    def __init__(self, units: list[Unit],
                 picks: dict[str | None, Callable[[list[Unit]], tuple[Unit, ...]]]) -> None:
        super().__init__()
        self.units = units
        self.picks = picks

    def __missing__(self, side: str | None) -> tuple[Unit, ...]:
        picked = self[side] = self.picks[side](self.units)
        return picked


def _picker(numbers: list[int]) -> Callable[[list[Unit]], tuple[Unit, ...]]:
    """A function taking the items at `numbers` out of a list, as a tuple."""
    if not numbers:
        return lambda units: ()
    if len(numbers) == 1:
        only = numbers[0]
        return lambda units: (units[only],)
    return itemgetter(*numbers)


_last: Ground | None = None  # the ground of the last state asked about


def of(state: GbState) -> Ground:
    """The ground of `state`'s units (built now, or the one kept since nothing changed)."""
    global _last
    last = _last
    options = state.options
    if last is not None and last.units == state.units and (
            last.options is options or last.options == options):
        return last
    units = list(state.units)
    field: Field | None = None
    if last is not None and len(last.units) == len(units) and (
            last.options is options or last.options == options):
        before = last.field.where  # (only the units replaced since can stand elsewhere)
        replaced = compress(range(len(units)), map(is_not, last.units, units))
        changed = [i for i in replaced
                   if (units[i].hex if units[i].status == ON_MAP else "") != before[i]]
        if not changed:
            field = last.field
        else:
            now = list(before)
            for i in changed:
                now[i] = units[i].hex if units[i].status == ON_MAP else ""
            field = last.field.moved(units, tuple(now), changed)
    if field is None:
        field = Field(units, tuple([u.hex if u.status == ON_MAP else "" for u in units]),
                      options)
    ground = _last = Ground(units, options, field)
    return ground
