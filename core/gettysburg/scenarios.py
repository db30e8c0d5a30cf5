"""Gettysburg 1863 scenarios (8.1-8.3): the seed's three scenario tables and the scenarios played
from them (``scenarios.toml``).

A *setup* is one of the seed's tables: the units on the map at 08:00 of its first day, the
reinforcements with their turn and entry hex (7.0, 7.1), the units eliminated before the start.
A *scenario* is what the players choose: a setup, the day it ends and its victory levels (the
3-day campaign and the short 1 July scenario share Scenario 1's table).

Validated against the roster (units.toml) and the board (maps/gettysburg.toml): every unit of
the roster is listed once in each setup; a start hex is on the map, open to the unit (4.0) and
within the stacking limit (4.1), never shared with the enemy; a unit starts with 1 to its printed
SP; a reinforcement enters through an entry hex of its side (7.0) at a turn of the clock. A bad
file raises :class:`ScenarioError` naming the file, the setup or scenario and the unit, e.g.
``scenarios.toml: setup 'scenario-1': start 'CSA.III.Heth': hex V13: CSA.III.Heth,
CSA.III.McIntosh, CSA.III.Pegram break the stacking limit (4.1: at most 2 units, 1 infantry)``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from core.gettysburg.chits import ChitMix, chit_mix
from core.catalogue import convert, read_toml
from core.gettysburg.units import Roster, roster
from maps import gettysburg as gb_map
from maps.hexboard import HexBoard

__all__ = [
    "NIGHT",
    "SCENARIOS_PATH",
    "Arrival",
    "Clock",
    "Elimination",
    "Placement",
    "Scenario",
    "ScenarioBook",
    "ScenarioError",
    "Scoring",
    "Setup",
    "Turn",
    "Victory",
    "load_scenarios",
    "scenario_book",
]

SCENARIOS_PATH = Path(__file__).with_name("scenarios.toml")

# The night turn (7.1) after a day's last turn; an arrival's `hour` may be NIGHT.
NIGHT = "night"

Hour = int | Literal["night"]
Positive = Annotated[int, msgspec.Meta(ge=1)]
Outcome = Literal["Confederate", "draw", "Union"]
TOP_LEVEL = frozenset({"clock", "scoring", "victory", "scenario", "setup"})


class ScenarioError(ValueError):
    """scenarios.toml is unreadable or invalid; the message names the file and the entry."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every record: immutable, and an unknown key is an error."""


class Turn(msgspec.Struct, frozen=True):
    """A game turn: a day (1 = 1 July 1863) and an hour, or the night turn after that day."""

    day: int
    hour: Hour

    @property
    def night(self) -> bool:
        return self.hour == NIGHT

    @property
    def key(self) -> tuple[int, int]:
        """Sort key: hours in order, the night after the day's last hour."""
        return (self.day, 24 if self.hour == NIGHT else int(self.hour))

    def __str__(self) -> str:
        return f"day {self.day} night" if self.night else f"day {self.day} {self.hour:02d}:00"


class Clock(_Data):
    """The turn record track: one turn an hour, first_hour to last_hour each day, a night turn
    between days (1.4, 7.1, AMB-27)."""

    first_hour: Annotated[int, msgspec.Meta(ge=0, le=23)]
    last_hour: Annotated[int, msgspec.Meta(ge=0, le=23)]
    days: tuple[str, ...]
    source: str

    def valid(self, turn: Turn) -> bool:
        """A turn of the track: an hour of a day, or a night that has a next day."""
        if not 1 <= turn.day <= len(self.days):
            return False
        if turn.night:
            return turn.day < len(self.days)
        return isinstance(turn.hour, int) and self.first_hour <= turn.hour <= self.last_hour

    def turns(self, first_day: int, last_day: int) -> tuple[Turn, ...]:
        """Every turn from first_day's first hour to last_day's last, nights between."""
        out: list[Turn] = []
        for day in range(first_day, last_day + 1):
            out += [Turn(day, h) for h in range(self.first_hour, self.last_hour + 1)]
            if day < last_day:
                out.append(Turn(day, NIGHT))
        return tuple(out)

    def label(self, turn: Turn) -> str:
        """'1 July 1863, 09:00'; 'night of 1 July 1863'."""
        date = self.days[turn.day - 1]
        return f"night of {date}" if turn.night else f"{date}, {turn.hour:02d}:00"


class Scoring(_Data):
    """8.0 as read (AMB-25 [R]): hex VP at the end of every day; an eliminated unit scores its
    printed SP; units eliminated before the start count for the Confederate player."""

    hexes_every_day: bool
    eliminated_printed_sp: bool
    eliminated_before_start_count: bool
    source: str


class Victory(_Data):
    """Victory levels on d = Confederate VP - Union VP (8.0, 8.2, 8.3)."""

    id: str
    rule: str
    confederate: int          # d >= confederate: Confederate victory
    draw: int                 # otherwise d >= draw: draw; otherwise Union victory
    source: str

    def outcome(self, confederate_vp: int, union_vp: int) -> Outcome:
        d = confederate_vp - union_vp
        if d >= self.confederate:
            return "Confederate"
        return "draw" if d >= self.draw else "Union"


class Placement(_Data):
    """A unit on the map at the start, with its current SP."""

    unit: str
    hex: str
    sp: Positive
    source: str


class Arrival(_Data):
    """A reinforcement: its turn and entry hex (7.0; 7.1 for the night turn)."""

    unit: str
    day: Positive
    hour: Hour
    hex: str
    source: str

    @property
    def turn(self) -> Turn:
        return Turn(self.day, self.hour)


class Elimination(_Data):
    """A unit out of play before the start (Scenarios 2 and 3)."""

    unit: str
    source: str


class Setup(_Data):
    """One of the seed's scenario tables."""

    id: str
    title: str
    day: Positive               # the first day; the game starts at its first hour
    source: str
    start: tuple[Placement, ...]
    arrive: tuple[Arrival, ...]
    eliminated: tuple[Elimination, ...]

    def arrivals(self, turn: Turn) -> tuple[Arrival, ...]:
        """The reinforcements due at `turn` (7.0)."""
        return tuple(a for a in self.arrive if a.turn == turn)

    def arrived_by(self, turn: Turn) -> tuple[Arrival, ...]:
        """The reinforcements due at or before `turn`."""
        return tuple(a for a in self.arrive if a.turn.key <= turn.key)


class Scenario(_Data):
    """A scenario the players choose (8.1): a setup, its last day and its victory levels."""

    id: str
    title: str
    setup: str
    last_day: Positive
    victory: str
    source: str
    variant_of: str = ""        # an alternative reading of that scenario, offered as an option


class ScenarioBook(_Data):
    """The whole of scenarios.toml."""

    clock: Clock
    scoring: Scoring
    victory: dict[str, Victory]
    scenarios: dict[str, Scenario]
    setups: dict[str, Setup]

    def setup_of(self, sid: str) -> Setup:
        return self.setups[self.scenarios[sid].setup]

    def first_turn(self, sid: str) -> Turn:
        return Turn(self.setup_of(sid).day, self.clock.first_hour)

    def last_turn(self, sid: str) -> Turn:
        return Turn(self.scenarios[sid].last_day, self.clock.last_hour)

    def turns(self, sid: str) -> tuple[Turn, ...]:
        """Every turn of the scenario, nights included (41 for the campaign, AMB-27)."""
        return self.clock.turns(self.setup_of(sid).day, self.scenarios[sid].last_day)

    def outcome(self, sid: str, confederate_vp: int, union_vp: int) -> Outcome:
        return self.victory[self.scenarios[sid].victory].outcome(confederate_vp, union_vp)

    def corps_in_play(self, sid: str, turn: Turn, roster_: Roster | None = None) -> set[str]:
        """Corps with a unit on the map at the start or due by `turn`, if no unit has been
        eliminated since: those whose chits go into the cup (2.0, 7.0, AMB-23)."""
        roster_ = roster_ or roster()
        setup = self.setup_of(sid)
        uids = [p.unit for p in setup.start] + [a.unit for a in setup.arrived_by(turn)]
        return {roster_.units[u].corps for u in uids}

    def cup(self, sid: str, turn: Turn, options: Collection[str] = (),
            mix: ChitMix | None = None) -> tuple[str, ...]:
        """The chits in the cup at the start of `turn` if no unit has been eliminated (2.0)."""
        mix = mix or chit_mix()
        return mix.cup(self.corps_in_play(sid, turn), options, night=turn.night)


# ---- reading ---------------------------------------------------------------------------------


def _check_setup(setup: Setup, clock: Clock, roster_: Roster, board: HexBoard,
                 fail: Callable[[str], ScenarioError]) -> None:
    """Every unit once; start hexes legal and stacked legally; arrivals at entry hexes."""
    if setup.day > len(clock.days):
        raise fail(f"day {setup.day} is not a day of the clock (1-{len(clock.days)})")
    listed: dict[str, str] = {}
    entries = ([("start", p.unit) for p in setup.start] + [("arrive", a.unit) for a in setup.arrive]
               + [("eliminated", e.unit) for e in setup.eliminated])
    for section, uid in entries:
        if uid not in roster_.units:
            raise fail(f"{section} {uid!r}: unknown unit")
        if uid in listed:
            raise fail(f"{section} {uid!r}: already listed in {listed[uid]}")
        listed[uid] = section
    missing = [u for u in roster_.units if u not in listed]
    if missing:
        raise fail(f"{len(missing)} unit(s) not listed: {', '.join(missing)} (each unit is on "
                   "the map, arriving or eliminated)")
    by_hex: dict[str, list[str]] = {}
    for p in setup.start:
        unit = roster_.units[p.unit]
        where = f"start {p.unit!r}"
        if p.hex not in board:
            raise fail(f"{where}: unknown hex {p.hex!r}")
        if not roster_.may_enter(p.unit, p.hex, board):
            raise fail(f"{where}: hex {p.hex} is closed to {roster_.type_of(p.unit).name.lower()}"
                       " (4.0)")
        if p.sp > unit.sp:
            raise fail(f"{where}: sp {p.sp} is more than the printed {unit.sp} (1.1)")
        by_hex.setdefault(p.hex, []).append(p.unit)
    for h, uids in by_hex.items():
        if len({roster_.units[u].side for u in uids}) > 1:
            raise fail(f"start {uids[0]!r}: hex {h} holds units of both sides: "
                       f"{', '.join(uids)}")
        if not roster_.stack_ok(uids):
            limit = roster_.stacking
            raise fail(f"start {uids[0]!r}: hex {h}: {', '.join(uids)} break the stacking "
                       f"limit (4.1: at most {limit.units} units, {limit.infantry} infantry)")
    for a in setup.arrive:
        where = f"arrive {a.unit!r}"
        side = roster_.units[a.unit].side
        if a.hex not in board:
            raise fail(f"{where}: unknown hex {a.hex!r}")
        entry = board.hexes[a.hex].props.get("entry")
        if entry != side:
            raise fail(f"{where}: {a.hex} is not a {side} entry hex (7.0)")
        if not roster_.may_enter(a.unit, a.hex, board):
            raise fail(f"{where}: hex {a.hex} is closed to {roster_.type_of(a.unit).name.lower()}"
                       " (4.0)")
        if not clock.valid(a.turn):
            raise fail(f"{where}: {a.turn} is not a turn of the clock (hours "
                       f"{clock.first_hour}-{clock.last_hour}, night before a next day)")
        if a.turn.key < (setup.day, clock.first_hour):
            raise fail(f"{where}: {a.turn} is before the setup starts (day {setup.day})")


def _entries(data: dict[str, Any], key: str, fname: str) -> list[dict[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not entries:
        raise ScenarioError(f"{fname}: '{key}' must be a non-empty array of tables ([[{key}]])")
    return entries


def _label(raw: object, index: int) -> str:
    value = raw.get("id") if isinstance(raw, dict) else None
    return repr(value) if isinstance(value, str) else f"#{index + 1}"


def _convert_setup(raw: object, label: str, fname: str) -> Setup:
    """Convert one [[setup]], each row on its own so that an error names the row's unit."""
    def fail(msg: str) -> ScenarioError:
        return ScenarioError(f"{fname}: setup {label}: {msg}")

    if isinstance(raw, dict):
        for section, kind in (("start", Placement), ("arrive", Arrival),
                              ("eliminated", Elimination)):
            rows = raw.get(section)
            if not isinstance(rows, list):
                continue
            for index, row in enumerate(rows):
                unit = row.get("unit") if isinstance(row, dict) else None
                where = f"{section} {unit!r}" if isinstance(unit, str) else \
                    f"{section} #{index + 1}"
                convert(row, kind, lambda msg, where=where: fail(f"{where}: {msg}"))
    return convert(raw, Setup, fail)


def load_scenarios(path: str | Path = SCENARIOS_PATH, roster_: Roster | None = None,
                   board: HexBoard | None = None) -> ScenarioBook:
    """Read and validate a scenarios file against the roster and the board."""
    path = Path(path)
    fname = path.name
    roster_ = roster_ or roster()
    board = board or gb_map.load()
    data = read_toml(path, ScenarioError)
    unknown = sorted(set(data) - TOP_LEVEL)
    if unknown:
        raise ScenarioError(f"{fname}: unknown top-level key(s) {', '.join(map(repr, unknown))}")
    missing = sorted(TOP_LEVEL - set(data))
    if missing:
        raise ScenarioError(f"{fname}: missing {', '.join(map(repr, missing))}")
    clock = convert(data["clock"], Clock, lambda msg: ScenarioError(f"{fname}: clock: {msg}"))
    if clock.first_hour >= clock.last_hour or not clock.days:
        raise ScenarioError(f"{fname}: clock: a day needs a first hour before its last hour "
                            "and the clock at least one day")
    scoring = convert(data["scoring"], Scoring,
                      lambda msg: ScenarioError(f"{fname}: scoring: {msg}"))
    if not isinstance(data["victory"], dict) or not data["victory"]:
        raise ScenarioError(f"{fname}: 'victory' must be a table of tables ([victory.<id>])")
    victory: dict[str, Victory] = {}
    for vid, raw in data["victory"].items():
        fields = {**raw, "id": vid} if isinstance(raw, dict) else raw
        victory[vid] = convert(fields, Victory,
                               lambda msg, vid=vid: ScenarioError(f"{fname}: victory {vid!r}: "
                                                                  f"{msg}"))
        if victory[vid].draw > victory[vid].confederate:
            raise ScenarioError(f"{fname}: victory {vid!r}: the draw level is above the "
                                "Confederate victory level")
    setups: dict[str, Setup] = {}
    for index, raw in enumerate(_entries(data, "setup", fname)):
        label = _label(raw, index)
        setup = _convert_setup(raw, label, fname)
        if setup.id in setups:
            raise ScenarioError(f"{fname}: setup {label}: duplicate id")
        _check_setup(setup, clock, roster_, board,
                     lambda msg, label=label: ScenarioError(f"{fname}: setup {label}: {msg}"))
        setups[setup.id] = setup
    scenarios: dict[str, Scenario] = {}
    for index, raw in enumerate(_entries(data, "scenario", fname)):
        label = _label(raw, index)

        def fail(msg: str, label: str = label) -> ScenarioError:
            return ScenarioError(f"{fname}: scenario {label}: {msg}")

        sc = convert(raw, Scenario, fail)
        if sc.id in scenarios:
            raise fail("duplicate id")
        if sc.setup not in setups:
            raise fail(f"unknown setup {sc.setup!r}")
        if sc.victory not in victory:
            raise fail(f"unknown victory {sc.victory!r}")
        if not setups[sc.setup].day <= sc.last_day <= len(clock.days):
            raise fail(f"last_day {sc.last_day} is not between the setup's first day "
                       f"({setups[sc.setup].day}) and the clock's last ({len(clock.days)})")
        if sc.variant_of and (sc.variant_of not in scenarios
                              or scenarios[sc.variant_of].setup != sc.setup):
            raise fail(f"variant_of {sc.variant_of!r} must be an earlier scenario of the same "
                       "setup")
        scenarios[sc.id] = sc
    return ScenarioBook(clock, scoring, victory, scenarios, setups)


@cache
def scenario_book() -> ScenarioBook:
    """The Gettysburg scenarios, loaded once per process."""
    return load_scenarios()
