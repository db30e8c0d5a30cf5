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

from typing import Any

from core.gettysburg.options import GbOptions
from core.gettysburg.state import CSA, ON_MAP, UNION, GbState, Unit


class Field:
    """Where the units stand: each side's hexes and the units in each hex (by id)."""

    __slots__ = ("where", "options", "occupants", "hexes", "occupied", "zocs", "memo")

    def __init__(self, units: list[Unit], where: tuple[str, ...], options: GbOptions) -> None:
        self.where = where                            # each unit's hex, "" when off the map
        self.options = options
        occupants: dict[str, tuple[str, ...]] = {}
        hexes: dict[str, set[str]] = {UNION: set(), CSA: set()}
        for u, h in zip(units, where):
            if h:
                here = occupants.get(h)
                occupants[h] = (u.id,) if here is None else here + (u.id,)
                hexes[u.side].add(h)
        self.occupants = occupants                    # hex -> its units' ids, in state order
        self.hexes = {side: frozenset(h) for side, h in hexes.items()}
        self.occupied = frozenset(occupants)          # the hexes holding a unit (5.1)
        self.zocs: dict[str, frozenset[str]] = {}     # side -> its ZoC (4.2): query.zoc_of
        self.memo: dict[tuple[Any, ...], Any] = {}


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
        """Side (None: both) -> its units on the map, in the state's order."""
        if self._on_map is None:
            mine = [u for u, h in zip(self.units, self.field.where) if h]
            self._on_map = {None: tuple(mine),
                            UNION: tuple(u for u in mine if u.side == UNION),
                            CSA: tuple(u for u in mine if u.side == CSA)}
        return self._on_map

    @property
    def hexes(self) -> dict[str, frozenset[str]]:
        return self.field.hexes

    @property
    def occupied(self) -> frozenset[str]:
        return self.field.occupied


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
    where = tuple([u.hex if u.status == ON_MAP else "" for u in units])
    if last is not None and last.field.where == where and (
            last.options is options or last.options == options):
        field = last.field
    else:
        field = Field(units, where, options)
    ground = _last = Ground(units, options, field)
    return ground
