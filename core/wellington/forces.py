"""Wellington forces and set-up data: forces.toml, setup.toml, reinforcements.toml.

Typed, frozen msgspec Structs, validated on load against the seed's fixed numbers and against
each other: every commander of a known Power with a Battle Value 1-5 and a Command Value 4, 6
or 9 (1.6); soldiers within the counter mix (1.5); flags within 35 French / 45 Allied (1.7)
less one Control Chart marker per Power (1.9); every Army within its commander's CV (1.61);
every commander placed or listed absent in each scenario; the Appeal to the Emperor rows cover
every roll once (16.21). With a board (maps/wellington.toml), every location must be one of its
locations or the England box. A bad file raises :class:`ForcesError` whose message names the
file, the entry and the value, e.g. ``setup.toml: placement 'madrid' (1812, #3): commander
'josef' is not in forces.toml``.

``forces()``, ``setup()`` and ``charts()`` are loaded once per process; ``load_*`` read any path
(tests). ``deployment(scenario)`` gives one scenario's set-up in the shapes of
core/wellington/state.py. Rule numbers are the seed's (../shared/rules/wellington.md).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from core import catalogue
from core.wellington.state import (ALLIES, COUNTER_NAME, ENGLAND, FRENCH, GB, POWERS, SIDE, SP,
                                   SPAIN, UNBUILT)
from maps import wellington as wellington_map

__all__ = [
    "CHARTS_PATH",
    "FORCES_PATH",
    "SCENARIOS",
    "SETUP_PATH",
    "Charts",
    "Commander",
    "Deployment",
    "Forces",
    "ForcesError",
    "Placement",
    "Setup",
    "appeal_modifier",
    "appeal_result",
    "board_locations",
    "build_cost",
    "charts",
    "deployment",
    "forces",
    "horse_guards_modifier",
    "load_charts",
    "load_forces",
    "load_setup",
    "popular_uprising_bonus",
    "setup",
]

FORCES_PATH = Path(__file__).with_name("forces.toml")
SETUP_PATH = Path(__file__).with_name("setup.toml")
CHARTS_PATH = Path(__file__).with_name("reinforcements.toml")

SCENARIOS = ("1812", "1813")                 # 1.0, §F: the two start years
SIDES = (ALLIES, FRENCH)
ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")   # as maps/board.py: "de-espana"

Power = Literal["GB", "AdS", "Spain", "AdN"]
BattleValue = Annotated[int, msgspec.Meta(ge=1, le=5)]   # 1.6: "va da 1 a 5"
CommandValue = Literal[4, 6, 9]                          # 1.6: "(4, 6 o 9)"
Count = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]
Card = Annotated[int, msgspec.Meta(ge=1, le=110)]        # 1.10: 110 cards


class ForcesError(ValueError):
    """A forces, set-up or chart file is unreadable or invalid; the message names the entry."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every record: immutable, and an unknown key is an error (a typo is not ignored)."""


# ---- forces.toml ------------------------------------------------------------------------------


class Soldier(_Data):
    """1.5: a soldier type and its SP."""

    sp: Positive
    source: str


class CounterMix(_Data):
    """1.5: one Power's soldier counters, an absolute limit."""

    power: Power
    infantry: Count
    cavalry: Count
    artillery: Count
    counters: Count
    source: str

    def by_type(self) -> tuple[int, int, int]:
        """Counters per type in state order (INF, CAV, ART)."""
        return (self.infantry, self.cavalry, self.artillery)

    @property
    def sp(self) -> int:
        """The SP of every counter together (1.5 values)."""
        return sum(n * v for n, v in zip(self.by_type(), SP))


class Flags(_Data):
    """1.7 the side limits; 1.9 one flag per Power marks the Control Chart."""

    french: Positive
    allied: Positive
    control_chart_marker: Count
    source: str


class FlagSplit(_Data):
    """One Power's flag counters (reconstructed, §K 9)."""

    power: Power
    flags: Count
    source: str


class StaffOfficers(_Data):
    """One Power's staff-officer counters (1.6; reconstructed, §K 8)."""

    power: Power
    counters: Count
    source: str


class CommanderSource(_Data):
    """Provenance of each value of a commander counter."""

    power: str
    bv: str
    cv: str


class Commander(_Data):
    """One commander counter (1.6): Battle Value, Command Value, his Power."""

    id: str
    name: str
    power: Power
    bv: BattleValue
    cv: CommandValue
    source: CommanderSource
    history: str

    @property
    def build_cost(self) -> int:
        """6.1: half his Command Value, rounded up."""
        return build_cost(self.cv)


# id(Forces) -> (that Forces, its commanders by id); the Forces is kept so its id stays its own
_COMMANDER_INDEX: dict[int, tuple["Forces", dict[str, "Commander"]]] = {}


class Forces(_Data):
    """The whole of forces.toml."""

    soldier: dict[str, Soldier]
    counter_mix: tuple[CounterMix, ...]
    flags: Flags
    flag_split: tuple[FlagSplit, ...]
    staff_officers: tuple[StaffOfficers, ...]
    commanders: tuple[Commander, ...] = msgspec.field(name="commander")

    def commander(self, cid: str) -> Commander:
        """The commander `cid` (asked thousands of times a game: by a dict, built once)."""
        entry = _COMMANDER_INDEX.get(id(self))
        if entry is None or entry[0] is not self:
            entry = _COMMANDER_INDEX[id(self)] = (self, {c.id: c for c in self.commanders})
        try:
            return entry[1][cid]
        except KeyError:
            raise KeyError(f"no commander {cid!r}") from None

    def commanders_of(self, power: str) -> tuple[Commander, ...]:
        return tuple(c for c in self.commanders if c.power == power)

    def mix(self, power: str) -> CounterMix:
        return next(m for m in self.counter_mix if m.power == power)

    def flags_of(self, power: str) -> int:
        """The reconstructed flag counters of one Power (§K 9)."""
        return next(f.flags for f in self.flag_split if f.power == power)

    def staff_officer_counters(self, power: str) -> int:
        return next(s.counters for s in self.staff_officers if s.power == power)

    def flag_limit(self, side: str) -> int:
        """1.7 and 1.9: the flags a side may have on the map: its pool less one Control
        Chart marker per Power of the side."""
        pool = self.flags.french if side == FRENCH else self.flags.allied
        powers = sum(1 for p in POWERS if SIDE[p] == side)
        return pool - powers * self.flags.control_chart_marker


def build_cost(cv: int) -> int:
    """6.1: a commander costs half his Command Value, rounded up (CV 4 -> 2, 6 -> 3, 9 -> 5)."""
    return -(-cv // 2)


# ---- setup.toml -------------------------------------------------------------------------------


class Scenario(_Data):
    """§F: the start of one scenario (2.3, 2.7 [=2.4])."""

    id: str
    year: Annotated[int, msgspec.Meta(ge=1812, le=1814)]
    first_impulse: Power
    french_nationality_bonus: Annotated[int, msgspec.Meta(ge=1, le=2)]   # 11.3, #38
    removed_cards: tuple[Card, ...]
    played_cards: tuple[Card, ...]
    appeal_reminders: tuple[Card, ...]
    source: str


class Deal(_Data):
    """2.7 [=2.4]: the cards each Power is dealt."""

    common: Positive
    national: dict[str, Count]
    source: str


class Resources(_Data):
    """2.3: each Power's Resources at the start of a scenario."""

    scenario: str
    amounts: dict[str, Count]
    source: str


class KeyDuchies(_Data):
    """1.9, 2.3: the Key duchies one Power controls at the start (Control Chart, VP marker)."""

    scenario: str
    power: Power
    duchies: tuple[str, ...]
    source: str


class Flag(_Data):
    """7: a flag on the map at the start."""

    scenario: str
    power: Power
    location: str
    source: str


class ArmyGroup(_Data):
    """1.62, 9.6: commanders in one duchy under one Commander at the start."""

    scenario: str
    location: str
    commander: str
    members: tuple[str, ...]
    source: str


class Placement(_Data):
    """One HQ-card box: a commander and the soldiers of his Army (1.61), or a Power's
    leaderless soldiers in one location (commander = "")."""

    scenario: str
    power: Power
    location: str
    source: str
    commander: str = ""
    infantry: Count = 0
    cavalry: Count = 0
    artillery: Count = 0

    def by_type(self) -> tuple[int, int, int]:
        return (self.infantry, self.cavalry, self.artillery)

    @property
    def sp(self) -> int:
        return sum(n * v for n, v in zip(self.by_type(), SP))


class Absent(_Data):
    """A commander not on the map at the start of a scenario (he may be built, 6.1, 16.2)."""

    scenario: str
    commander: str
    source: str


class Setup(_Data):
    """The whole of setup.toml."""

    scenarios: tuple[Scenario, ...] = msgspec.field(name="scenario")
    deal: Deal
    resources: tuple[Resources, ...]
    key_duchies: tuple[KeyDuchies, ...]
    placements: tuple[Placement, ...] = msgspec.field(name="placement")
    flags: tuple[Flag, ...] = msgspec.field(default=(), name="flag")
    army_groups: tuple[ArmyGroup, ...] = msgspec.field(default=(), name="army_group")
    absent: tuple[Absent, ...] = ()

    def scenario(self, sid: str) -> Scenario:
        for s in self.scenarios:
            if s.id == sid:
                return s
        raise KeyError(f"no scenario {sid!r}")


class Deployment(_Data):
    """One scenario's set-up, in the shapes of core/wellington/state.py."""

    scenario: Scenario
    resources: dict[str, int]                      # Power -> Resources (2.3)
    troops: dict[str, dict[str, list[int]]]        # location -> Power -> [inf, cav, art]
    commanders: dict[str, str]                     # commander -> location or UNBUILT
    leading: dict[str, str]                        # duchy -> its Commander (9.53, 9.6)
    flags: dict[str, str]                          # duchy -> Power (7)
    key_duchies: dict[str, tuple[str, ...]]        # Power -> Key duchies (1.9, VP marker)
    placements: tuple[Placement, ...]
    army_groups: tuple[ArmyGroup, ...]


# ---- reinforcements.toml ----------------------------------------------------------------------


class Costs(_Data):
    """6.1, 6.2, 16.31: what Reinforcement CP buy."""

    build_per_sp: Positive
    build_commander: Literal["half_cv"]
    regroup_per_sp: Positive
    regroup_commander: Positive
    extra_deployment: Positive
    source: str


class AppealRow(_Data):
    """One row of the Appeal to the Emperor table: modified rolls low..high (None: and up)."""

    low: int
    source: str
    high: int | None = None
    gain: Count = 0
    remove: Count = 0


class AppealModifier(_Data):
    """An event that modifies the Appeal roll (its reminder lies beside the table)."""

    card: Card
    name: str
    value: int
    lasting: bool
    source: str


class Appeal(_Data):
    """16.21: the French reinforcement table."""

    dice: Positive
    source: str
    rows: tuple[AppealRow, ...] = msgspec.field(name="row")
    modifiers: tuple[AppealModifier, ...] = msgspec.field(name="modifier")


class Penalty(_Data):
    duchy: str
    value: int
    source: str


class HorseGuards(_Data):
    """16.22: Letter to the Horse Guards (GB)."""

    power: Power
    dice: Positive
    card_die: Card
    source: str
    penalties: tuple[Penalty, ...] = msgspec.field(name="penalty")


class PopularUprising(_Data):
    """16.23: Popular Uprising (Spain)."""

    power: Power
    dice: Positive
    keys_per_bonus: Positive
    card_die: Card
    source: str


class Charts(_Data):
    """The whole of reinforcements.toml."""

    costs: Costs
    appeal_to_the_emperor: Appeal
    horse_guards: HorseGuards
    popular_uprising: PopularUprising


# ---- reading (core/catalogue.py: TOML into Structs, errors naming the file and entry) --------

def board_locations() -> frozenset[str]:
    """The location ids of maps/wellington.toml."""
    return frozenset(wellington_map.load().locations)


# ---- forces -----------------------------------------------------------------------------------

FORCES_KEYS = ("soldier", "counter_mix", "flags", "flag_split", "staff_officers", "commander")


def _one_per_power(entries: Iterable[Any], what: str, fname: str) -> None:
    powers = [e.power for e in entries]
    for power in POWERS:
        if powers.count(power) != 1:
            raise ForcesError(f"{fname}: {what}: {powers.count(power)} entries for {power} "
                              "(one per Power)")


def _check_forces(f: Forces, fname: str) -> None:
    if tuple(f.soldier) != COUNTER_NAME:
        raise ForcesError(f"{fname}: soldier types {tuple(f.soldier)} are not "
                          f"{COUNTER_NAME} (1.5)")
    for name, value in zip(COUNTER_NAME, SP):
        if f.soldier[name].sp != value:
            raise ForcesError(f"{fname}: soldier.{name}: sp {f.soldier[name].sp}, the state "
                              f"counts {value} (1.5)")
    _one_per_power(f.counter_mix, "counter_mix", fname)
    _one_per_power(f.flag_split, "flag_split", fname)
    _one_per_power(f.staff_officers, "staff_officers", fname)
    for mix in f.counter_mix:
        if sum(mix.by_type()) != mix.counters:
            raise ForcesError(f"{fname}: counter_mix {mix.power}: {sum(mix.by_type())} "
                              f"counters by type, total {mix.counters} (1.5)")
    for side, pool in ((FRENCH, f.flags.french), (ALLIES, f.flags.allied)):
        split = sum(s.flags for s in f.flag_split if SIDE[s.power] == side)
        if split != pool:
            raise ForcesError(f"{fname}: flag_split: the {side} Powers have {split} flags, "
                              f"the side has {pool} (1.7)")
    seen: set[str] = set()
    for c in f.commanders:
        if not ID_RE.match(c.id):
            raise ForcesError(f"{fname}: commander {c.id!r}: id must be lowercase words "
                              "joined by '-'")
        if c.id in seen:
            raise ForcesError(f"{fname}: commander {c.id!r}: duplicate id")
        seen.add(c.id)
    for power in POWERS:
        if not f.commanders_of(power):
            raise ForcesError(f"{fname}: {power} has no commander")


def load_forces(path: str | Path = FORCES_PATH) -> Forces:
    """Read and validate a forces file."""
    path = Path(path)
    fname = path.name
    data = catalogue.read_toml(path, ForcesError)
    catalogue.check_keys(data, FORCES_KEYS, fname, ForcesError)
    catalogue.convert_each(data, "commander", Commander, fname, ForcesError,
                           lambda raw: repr(raw.get("id")))
    for key, kind in (("counter_mix", CounterMix), ("flag_split", FlagSplit),
                      ("staff_officers", StaffOfficers)):
        catalogue.convert_each(data, key, kind, fname, ForcesError,
                               lambda raw: str(raw.get("power")))
    f = catalogue.convert(data, Forces, lambda msg: ForcesError(f"{fname}: {msg}"))
    _check_forces(f, fname)
    return f


@cache
def forces() -> Forces:
    """forces.toml, loaded once per process."""
    return load_forces()


# ---- set-up -----------------------------------------------------------------------------------

SETUP_KEYS = ("scenario", "deal", "resources", "key_duchies", "placement")
SETUP_OPTIONAL = ("flag", "army_group", "absent")     # arrays that may be empty


def _check_locations(s: Setup, board: Collection[str], fname: str) -> None:
    places: list[tuple[str, str]] = [
        *((f"placement {p.location!r} ({p.scenario})", p.location) for p in s.placements),
        *((f"flag {f.location!r} ({f.scenario})", f.location) for f in s.flags),
        *((f"army_group {g.location!r} ({g.scenario})", g.location) for g in s.army_groups),
        *((f"key_duchies {k.power} ({k.scenario})", d) for k in s.key_duchies
          for d in k.duchies),
    ]
    for what, loc in places:
        if loc not in board and loc != ENGLAND:
            raise ForcesError(f"{fname}: {what}: {loc!r} is not a location of "
                              "maps/wellington.toml")


def _check_scenario(s: Setup, sid: str, f: Forces, fname: str) -> None:
    here = [p for p in s.placements if p.scenario == sid]
    # Resources and key duchies (2.3)
    res = [r for r in s.resources if r.scenario == sid]
    if len(res) != 1 or set(res[0].amounts) != set(POWERS):
        raise ForcesError(f"{fname}: resources ({sid}): one entry with every Power (2.3)")
    keyed: dict[str, str] = {}
    for power in POWERS:
        entries = [k for k in s.key_duchies if k.scenario == sid and k.power == power]
        if len(entries) != 1:
            raise ForcesError(f"{fname}: key_duchies ({sid}): {len(entries)} entries for "
                              f"{power} (one per Power, 1.9)")
        for duchy in entries[0].duchies:
            if duchy in keyed:
                raise ForcesError(f"{fname}: key_duchies ({sid}): {duchy!r} is both "
                                  f"{keyed[duchy]}'s and {power}'s")
            keyed[duchy] = power
    # placements (2.2)
    placed: dict[str, Placement] = {}
    leaderless: set[tuple[str, str]] = set()
    for index, p in enumerate(here):

        def fail(msg: str, p: Placement = p, index: int = index) -> ForcesError:
            return ForcesError(f"{fname}: placement {p.location!r} ({sid}, #{index + 1}): {msg}")

        if p.location == ENGLAND and p.power != GB:
            raise fail("only British pieces stand in the England box (6.3, G.7)")
        if p.commander:
            try:
                c = f.commander(p.commander)
            except KeyError:
                raise fail(f"commander {p.commander!r} is not in forces.toml") from None
            if c.power != p.power:
                raise fail(f"{c.name} is {c.power}'s, not {p.power}'s (1.61: an Army is of "
                           "its commander's Power)")
            if p.commander in placed:
                raise fail(f"{c.name} is placed twice")
            if p.sp > c.cv:
                raise fail(f"{p.sp} SP in {c.name}'s Army, his Command Value is {c.cv} "
                           "(1.61; soldiers beyond it are a separate leaderless placement)")
            placed[p.commander] = p
        else:
            if p.sp == 0:
                raise fail("an empty placement (no commander, no soldiers)")
            if (p.power, p.location) in leaderless:
                raise fail(f"a second leaderless {p.power} placement in one location")
            leaderless.add((p.power, p.location))
    for power in POWERS:
        mix = f.mix(power)
        for t, name in enumerate(COUNTER_NAME):
            used = sum(p.by_type()[t] for p in here if p.power == power)
            if used > mix.by_type()[t]:
                raise ForcesError(f"{fname}: {sid}: {power} places {used} {name}, the counter "
                                  f"mix has {mix.by_type()[t]} (1.5)")
    # every commander placed or absent, once
    absent = [a.commander for a in s.absent if a.scenario == sid]
    for cid in absent:
        if cid in placed or absent.count(cid) > 1:
            raise ForcesError(f"{fname}: absent {cid!r} ({sid}): also placed, or listed twice")
    for c in f.commanders:
        if c.id not in placed and c.id not in absent:
            raise ForcesError(f"{fname}: {sid}: commander {c.id!r} is neither placed nor "
                              "listed in [[absent]]")
    # Army Groups (9.6): every duchy with two or more commanders of one side has one
    groups = [g for g in s.army_groups if g.scenario == sid]
    grouped: set[str] = set()
    for g in groups:
        where = f"{fname}: army_group {g.location!r} ({sid})"
        if g.commander not in g.members or len(set(g.members)) < 2:
            raise ForcesError(f"{where}: the Commander must be one of two or more members")
        sides = set()
        for m in g.members:
            if m not in placed or placed[m].location != g.location:
                raise ForcesError(f"{where}: {m!r} is not placed there")
            sides.add(SIDE[placed[m].power])
        if len(sides) != 1:
            raise ForcesError(f"{where}: members of both sides")
        grouped.update((g.location, m) for m in g.members)
    for cid, p in placed.items():
        others = [o for o, q in placed.items() if o != cid and q.location == p.location
                  and SIDE[q.power] == SIDE[p.power]]
        if others and p.location != ENGLAND and (p.location, cid) not in grouped:
            raise ForcesError(f"{fname}: {sid}: {cid!r} shares {p.location!r} with "
                              f"{', '.join(others)} but no [[army_group]] names them (9.6)")
    # flags (1.7, 7)
    flags = [fl for fl in s.flags if fl.scenario == sid]
    at = [fl.location for fl in flags]
    for fl in flags:
        if at.count(fl.location) > 1:
            raise ForcesError(f"{fname}: flag {fl.location!r} ({sid}): two flags in one duchy "
                              "(7)")
    for side in SIDES:
        n = sum(1 for fl in flags if SIDE[fl.power] == side)
        if n > f.flag_limit(side):
            raise ForcesError(f"{fname}: {sid}: {n} {side} flags, the limit is "
                              f"{f.flag_limit(side)} (1.7, 1.9)")
    for power in POWERS:
        n = sum(1 for fl in flags if fl.power == power)
        if n > f.flags_of(power) - f.flags.control_chart_marker:
            raise ForcesError(f"{fname}: {sid}: {n} {power} flags, more than its counters")


def load_setup(path: str | Path = SETUP_PATH, f: Forces | None = None,
               board: Collection[str] | None = None) -> Setup:
    """Read and validate a set-up file against the forces and the board's location ids
    (`board`, by default those of maps/wellington.toml)."""
    path = Path(path)
    fname = path.name
    f = f if f is not None else forces()
    data = catalogue.read_toml(path, ForcesError)
    catalogue.check_keys(data, SETUP_KEYS, fname, ForcesError, SETUP_OPTIONAL)
    for key, kind in (("scenario", Scenario), ("resources", Resources),
                      ("key_duchies", KeyDuchies), ("flag", Flag), ("army_group", ArmyGroup),
                      ("placement", Placement), ("absent", Absent)):
        catalogue.convert_each(data, key, kind, fname, ForcesError,
                               lambda raw: repr(raw.get("id") or raw.get("location")
                                                or raw.get("commander") or raw.get("power")
                                                or raw.get("scenario")))
    s = catalogue.convert(data, Setup, lambda msg: ForcesError(f"{fname}: {msg}"))
    ids = [sc.id for sc in s.scenarios]
    if sorted(ids) != sorted(SCENARIOS):
        raise ForcesError(f"{fname}: scenarios {ids}, expected {list(SCENARIOS)} (1.0, §F)")
    if set(s.deal.national) != set(POWERS):
        raise ForcesError(f"{fname}: deal.national must name every Power (2.7 [=2.4])")
    known = set(SCENARIOS)
    for entries, what in ((s.resources, "resources"), (s.key_duchies, "key_duchies"),
                          (s.flags, "flag"), (s.army_groups, "army_group"),
                          (s.placements, "placement"), (s.absent, "absent")):
        for e in entries:
            if e.scenario not in known:
                raise ForcesError(f"{fname}: {what}: unknown scenario {e.scenario!r}")
    for sid in SCENARIOS:
        _check_scenario(s, sid, f, fname)
    _check_locations(s, board if board is not None else board_locations(), fname)
    return s


@cache
def setup() -> Setup:
    """setup.toml, loaded once per process."""
    return load_setup()


def deployment(scenario: str, s: Setup | None = None) -> Deployment:
    """One scenario's set-up in the shapes of WellingtonState (troops, commanders, leading,
    flags, resources); commanders not placed are UNBUILT (they may be built, 6.1, 16.2)."""
    s = s if s is not None else setup()
    sc = s.scenario(scenario)
    troops: dict[str, dict[str, list[int]]] = {}
    commanders: dict[str, str] = {}
    leading: dict[str, str] = {}
    placements = tuple(p for p in s.placements if p.scenario == scenario)
    for p in placements:
        if p.sp:
            here = troops.setdefault(p.location, {}).setdefault(p.power, [0, 0, 0])
            for t, n in enumerate(p.by_type()):
                here[t] += n
        if p.commander:
            commanders[p.commander] = p.location
            if p.location != ENGLAND:
                leading.setdefault(p.location, p.commander)
    groups = tuple(g for g in s.army_groups if g.scenario == scenario)
    for g in groups:
        leading[g.location] = g.commander
    for a in s.absent:
        if a.scenario == scenario:
            commanders[a.commander] = UNBUILT
    resources = next(r.amounts for r in s.resources if r.scenario == scenario)
    return Deployment(
        scenario=sc,
        resources={p: resources[p] for p in POWERS},
        troops=troops,
        commanders=commanders,
        leading=leading,
        flags={fl.location: fl.power for fl in s.flags if fl.scenario == scenario},
        key_duchies={k.power: k.duchies for k in s.key_duchies if k.scenario == scenario},
        placements=placements,
        army_groups=groups,
    )


# ---- reinforcement charts ---------------------------------------------------------------------

CHARTS_KEYS = ("costs", "appeal_to_the_emperor", "horse_guards", "popular_uprising")


def _check_charts(c: Charts, fname: str) -> None:
    rows = sorted(c.appeal_to_the_emperor.rows, key=lambda r: r.low)
    expect = 1   # 16.21: one d6, modifiers only add (a -3 result below 1 reads as 1)
    for index, row in enumerate(rows):
        where = f"{fname}: appeal_to_the_emperor.row {row.low}"
        if row.low != expect:
            raise ForcesError(f"{where}: rows must cover every roll from 1 once (expected a "
                              f"row from {expect})")
        if row.gain and row.remove:
            raise ForcesError(f"{where}: a row gains or removes, not both")
        last = index == len(rows) - 1
        if (row.high is None) != last:
            raise ForcesError(f"{where}: only the last row is open-ended ('10+')")
        if row.high is not None:
            if row.high < row.low:
                raise ForcesError(f"{where}: high {row.high} below low {row.low}")
            expect = row.high + 1
    cards = [m.card for m in c.appeal_to_the_emperor.modifiers]
    if len(set(cards)) != len(cards):
        raise ForcesError(f"{fname}: appeal_to_the_emperor.modifier: a card listed twice")
    if c.horse_guards.power != GB or c.popular_uprising.power != SPAIN:
        raise ForcesError(f"{fname}: the Horse Guards are GB's (16.22), the Popular Uprising "
                          "Spain's (16.23)")


def load_charts(path: str | Path = CHARTS_PATH) -> Charts:
    """Read and validate a reinforcement-charts file."""
    path = Path(path)
    fname = path.name
    data = catalogue.read_toml(path, ForcesError)
    catalogue.check_keys(data, CHARTS_KEYS, fname, ForcesError)
    c = catalogue.convert(data, Charts, lambda msg: ForcesError(f"{fname}: {msg}"))
    _check_charts(c, fname)
    return c


@cache
def charts() -> Charts:
    """reinforcements.toml, loaded once per process."""
    return load_charts()


def appeal_result(modified: int, c: Charts | None = None) -> int:
    """16.21: the Appeal to the Emperor row for a modified roll, for EACH French Power:
    > 0 Reinforcement CP gained, < 0 units worth that many CP removed, 0 nothing.
    A roll below 1 (after #86's -3) reads as the first row."""
    c = c if c is not None else charts()
    for row in c.appeal_to_the_emperor.rows:
        if max(modified, 1) >= row.low and (row.high is None or modified <= row.high):
            return row.gain - row.remove
    raise ValueError(f"no Appeal to the Emperor row for {modified}")   # validated: unreachable


def appeal_modifier(reminders: Iterable[int], c: Charts | None = None) -> int:
    """16.21: the sum of the modifiers of the events whose reminders lie by the table."""
    c = c if c is not None else charts()
    values = {m.card: m.value for m in c.appeal_to_the_emperor.modifiers}
    return sum(values.get(card, 0) for card in set(reminders))


def horse_guards_modifier(gb_controls: Collection[str], c: Charts | None = None) -> int:
    """16.22: -4 without Lisbon, -2 without Porto (`gb_controls`: duchies GB controls)."""
    c = c if c is not None else charts()
    return sum(p.value for p in c.horse_guards.penalties if p.duchy not in gb_controls)


def popular_uprising_bonus(spanish_keys: int, c: Charts | None = None) -> int:
    """16.23: +1 per two Spanish Key duchies Spain controls, fractions dropped."""
    c = c if c is not None else charts()
    return spanish_keys // c.popular_uprising.keys_per_bonus

