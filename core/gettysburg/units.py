"""Gettysburg 1863 forces: the 64 combat units, their types, training levels and corps
(``units.toml``).

Typed, frozen msgspec Structs, validated as a whole: every unit names a corps of its own side and
a type and training level of the file; its SP fits its type (1.1); artillery, and only artillery,
has a fire array as long as its range (1.1, 5.0); each side's units fit the box's stands (1.0). A
bad file raises :class:`UnitsError` whose message names the file and the entry, e.g.
``units.toml: unit 'US.I.Wadsworth': sp 7 is more than an infantry unit can have (6)``.

``roster()`` is loaded once per process; ``load_roster`` reads any path (tests). Rule numbers are
the seed's (../shared/rules/gettysburg-1863.md). docs/gettysburg-forces.md says which values are
the seed's and which are reconstructed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from core.catalogue import convert, read_toml
from maps import gettysburg as gb_map
from maps.hexboard import HexBoard

__all__ = [
    "SIDE_PREFIX",
    "UNITS_PATH",
    "Components",
    "Corps",
    "Roster",
    "Stacking",
    "Training",
    "Unit",
    "UnitSource",
    "UnitType",
    "UnitsError",
    "load_roster",
    "roster",
]

UNITS_PATH = Path(__file__).with_name("units.toml")

Side = Literal["Union", "Confederate"]
TypeId = Literal["infantry", "cavalry", "artillery", "horse_artillery"]
TrainingId = Literal["conscript", "veteran", "elite"]
Positive = Annotated[int, msgspec.Meta(ge=1)]
Count = Annotated[int, msgspec.Meta(ge=0)]

# Unit and corps ids start with the side's prefix: "US.I.Wadsworth", "CSA.III" (reference D.1).
SIDE_PREFIX: Mapping[str, str] = {"Union": "US", "Confederate": "CSA"}

TOP_LEVEL = frozenset({"components", "type", "training", "stacking", "corps", "unit"})


class UnitsError(ValueError):
    """units.toml is unreadable or invalid; the message names the file and the entry."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every record: immutable, and an unknown key is an error (a typo is not ignored)."""


class PerSide(_Data):
    Union: Count
    Confederate: Count


class Discs(_Data):
    Union: Count
    Confederate: Count
    black: Count


class Components(_Data):
    """1.0: the plastic stands and discs in the box; the black disc's worth (Scenario 2 tip)."""

    stands: PerSide
    discs: Discs
    black_disc_sp: Positive
    source: str


class UnitType(_Data):
    """A unit type of the legend (F, C, A, AC) and what rules 1.1, 4.0 and 5.0 give it."""

    id: TypeId
    code: str
    name: str
    italian: str
    mp: Positive                    # 4.0 standard movement allowance
    moves_and_fires: bool           # 4.0 / 5.0: may move and fight in one action
    range: Positive                 # 5.0: farthest target, in hexes
    fires_by: Literal["sp", "array"]  # 1.1: dice = current SP, or the counter's array
    sp_max: Positive
    infantry: bool                  # 4.1 stacking, 5.4.1 optional advance
    cavalry: bool                   # 4.0 no wooded hills, 4.31 evasion, 5.4.1 must advance
    artillery: bool                 # 4.0 not into B7 / D8, 5.1 line of sight
    source: str


class Training(_Data):
    """A training level (1.1) and the white dice it rolls to react (4.3) and recover (3.0)."""

    id: TrainingId
    name: str
    italian: str
    dice: Positive
    source: str


class Stacking(_Data):
    """4.1: most units in a hex, and most infantry units among them."""

    units: Positive
    infantry: Positive
    source: str


class Corps(_Data):
    """A corps of the scenario tables, or a side's cavalry / artillery reserve."""

    id: str
    side: Side
    label: str
    name: str
    reserve: bool
    source: str


class UnitSource(_Data):
    """Provenance of each value of a unit."""

    identity: str
    corps: str
    type: str
    sp: str
    training: str
    fire: str = ""


class Unit(_Data):
    """One combat unit as its counter prints it (1.1)."""

    id: str
    name: str
    side: Side
    corps: str
    type: TypeId
    sp: Positive                    # printed SP: stand + discs (1.1)
    training: TrainingId
    formation: str
    commander: str
    source: UnitSource
    fire: tuple[Positive, ...] = ()  # artillery: dice at 1, 2, 3, 4 hexes (1.1)
    spellings: tuple[str, ...] = ()  # other spellings the seed prints


class Roster(_Data):
    """The whole of units.toml, with the look-ups the rules need."""

    components: Components
    types: dict[str, UnitType]
    training: dict[str, Training]
    stacking: Stacking
    corps: dict[str, Corps]
    units: dict[str, Unit]

    def of_side(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.side == side)

    def of_corps(self, corps_id: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.corps == corps_id)

    def type_of(self, uid: str) -> UnitType:
        return self.types[self.units[uid].type]

    def movement(self, uid: str) -> int:
        """The unit's movement allowance, M# (4.0: the type's standard; GAP-07)."""
        return self.type_of(uid).mp

    def training_dice(self, uid: str) -> int:
        """White dice the unit rolls to react (4.3) or to recover SP (3.0)."""
        return self.training[self.units[uid].training].dice

    def is_reserve(self, uid: str) -> bool:
        """A CR / AR unit: activated by the command result (3.0)."""
        return self.corps[self.units[uid].corps].reserve

    def fire_dice(self, uid: str, distance: int, sp: int) -> int:
        """Dice the unit fires with at `distance` hexes, before protection (1.1, 5.0): its
        current `sp` at an adjacent target for infantry and cavalry; the printed array for
        artillery, whatever its SP (AMB-17 [R]); 0 out of range."""
        kind = self.type_of(uid)
        if not 1 <= distance <= kind.range:
            return 0
        if kind.fires_by == "sp":
            return sp
        return self.units[uid].fire[distance - 1]

    def stack_ok(self, uids: Iterable[str]) -> bool:
        """4.1: at most two units in a hex, at most one of them infantry."""
        ids = list(uids)
        infantry = sum(self.type_of(u).infantry for u in ids)
        return len(ids) <= self.stacking.units and infantry <= self.stacking.infantry

    def may_enter(self, uid: str, hex_id: str, board: HexBoard | None = None) -> bool:
        """The hex is on the map and open to the unit's type (4.0): no cavalry on a terrain
        closed to it (wooded and rough hills), no artillery in B7 or D8."""
        board = board or gb_map.load()
        if hex_id not in board:
            return False
        kind = self.type_of(uid)
        if kind.cavalry and not board.terrain(hex_id).props["cavalry"]:
            return False
        return not (kind.artillery and board.hexes[hex_id].props.get("closed_to_artillery"))


# ---- reading ---------------------------------------------------------------------------------

T = TypeVar("T")


def _keyed(data: Mapping[str, Any], key: str, kind: type[T], fname: str) -> dict[str, T]:
    """A table of tables ([type.infantry] ...), each converted with its key as its id."""
    table = data[key]
    if not isinstance(table, dict) or not table:
        raise UnitsError(f"{fname}: '{key}' must be a table of tables ([{key}.<id>])")
    out: dict[str, T] = {}
    for name, raw in table.items():
        if not isinstance(raw, dict):
            raise UnitsError(f"{fname}: {key} {name!r}: must be a table")
        out[name] = convert({**raw, "id": name}, kind,
                            lambda msg, name=name: UnitsError(f"{fname}: {key} {name!r}: {msg}"))
    return out


def _array(data: Mapping[str, Any], key: str, kind: type[T], fname: str) -> list[T]:
    """An array of tables ([[corps]] ...), each converted; an error names the entry's id."""
    entries = data[key]
    if not isinstance(entries, list) or not entries:
        raise UnitsError(f"{fname}: '{key}' must be a non-empty array of tables ([[{key}]])")
    out = []
    for index, raw in enumerate(entries):
        uid = raw.get("id") if isinstance(raw, dict) else None
        label = repr(uid) if isinstance(uid, str) else f"#{index + 1}"
        out.append(convert(raw, kind,
                           lambda msg, label=label: UnitsError(f"{fname}: {key} {label}: {msg}")))
    return out


def _check_unit(unit: Unit, roster_: Roster) -> str | None:
    """What is wrong with one unit, or None."""
    corps = roster_.corps.get(unit.corps)
    if corps is None:
        return f"unknown corps {unit.corps!r}"
    if corps.side != unit.side:
        return f"corps {unit.corps!r} is {corps.side}, the unit is {unit.side}"
    if not unit.id.startswith(unit.corps + "."):
        return f"the id must start with its corps, {unit.corps + '.'!r}"
    kind = roster_.types.get(unit.type)
    if kind is None:
        return f"unknown type {unit.type!r}"
    if unit.training not in roster_.training:
        return f"unknown training level {unit.training!r}"
    if unit.sp > kind.sp_max:
        return f"sp {unit.sp} is more than {kind.name.lower()} can have ({kind.sp_max}, 1.1)"
    if kind.fires_by == "array":
        if len(unit.fire) != kind.range:
            return (f"fire must give the dice at each range 1-{kind.range} (1.1, 5.0), "
                    f"not {list(unit.fire)}")
        if any(a < b for a, b in zip(unit.fire, unit.fire[1:])):
            return f"fire {list(unit.fire)} grows with the range"
        if not unit.source.fire:
            return "source.fire is missing"
    elif unit.fire or unit.source.fire:
        return f"only artillery has a fire array ({kind.name.lower()} fires with its SP, 1.1)"
    return None


def load_roster(path: str | Path = UNITS_PATH) -> Roster:
    """Read and validate a units file."""
    path = Path(path)
    fname = path.name
    data = read_toml(path, UnitsError)
    unknown = sorted(set(data) - TOP_LEVEL)
    if unknown:
        raise UnitsError(f"{fname}: unknown top-level key(s) {', '.join(map(repr, unknown))}")
    missing = sorted(TOP_LEVEL - set(data))
    if missing:
        raise UnitsError(f"{fname}: missing {', '.join(map(repr, missing))}")
    components = convert(data["components"], Components,
                         lambda msg: UnitsError(f"{fname}: components: {msg}"))
    stacking = convert(data["stacking"], Stacking,
                       lambda msg: UnitsError(f"{fname}: stacking: {msg}"))
    types = _keyed(data, "type", UnitType, fname)
    training = _keyed(data, "training", Training, fname)
    corps: dict[str, Corps] = {}
    for c in _array(data, "corps", Corps, fname):
        if c.id in corps:
            raise UnitsError(f"{fname}: corps {c.id!r}: duplicate id")
        if not c.id.startswith(SIDE_PREFIX[c.side] + "."):
            raise UnitsError(f"{fname}: corps {c.id!r}: a {c.side} id starts with "
                             f"{SIDE_PREFIX[c.side] + '.'!r}")
        corps[c.id] = c
    units: dict[str, Unit] = {}
    for u in _array(data, "unit", Unit, fname):
        if u.id in units:
            raise UnitsError(f"{fname}: unit {u.id!r}: duplicate id")
        units[u.id] = u
    roster_ = Roster(components, types, training, stacking, corps, units)
    for u in units.values():
        problem = _check_unit(u, roster_)
        if problem:
            raise UnitsError(f"{fname}: unit {u.id!r}: {problem}")
    for side in SIDE_PREFIX:
        count, stands = len(roster_.of_side(side)), getattr(components.stands, side)
        if count > stands:
            raise UnitsError(f"{fname}: {count} {side} units, but the box has {stands} "
                             f"{side} stands (1.0)")
    for c in corps.values():
        if not roster_.of_corps(c.id):
            raise UnitsError(f"{fname}: corps {c.id!r}: no unit belongs to it")
    return roster_


@cache
def roster() -> Roster:
    """The Gettysburg roster, loaded once per process."""
    return load_roster()
