"""Washington's War forces: the general counters (generals.toml) and the set-up (setup.toml).

Typed, frozen msgspec Structs, validated against each other and against the board
(maps/washingtons_war.toml): every location id must be a space or box of the map, every general
a counter of generals.toml. A bad file raises :class:`ForcesError` whose message names the file,
the entry and the value, e.g. ``generals.toml: general 'howe': unknown location 'bostn' (start)``.

``generals()`` and ``setup()`` are loaded once per process; ``load_generals`` / ``load_setup``
read any path (tests). Rule numbers are the seed's (../shared/rules/washingtons-war.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from core import catalogue
from maps import washingtons_war as ww_map
from maps.board import Board

__all__ = [
    "GENERALS_PATH",
    "SETUP_PATH",
    "Committees",
    "CounterMix",
    "Deck",
    "ForTheKing",
    "ForcesError",
    "General",
    "GeneralSource",
    "Placement",
    "Reinforcement",
    "Setup",
    "Start",
    "generals",
    "load_generals",
    "load_setup",
    "setup",
    "side_of",
    "start_positions",
]

GENERALS_PATH = Path(__file__).with_name("generals.toml")
SETUP_PATH = Path(__file__).with_name("setup.toml")

Nationality = Literal["American", "British", "French"]
Side = Literal["American", "British"]
Strategy = Annotated[int, msgspec.Meta(ge=1, le=3)]   # 2.2.C: 1-3
Tactical = Annotated[int, msgspec.Meta(ge=1, le=6)]   # 2.2.C: 1-6
Agility = Annotated[int, msgspec.Meta(ge=1, le=3)]    # 2.2.C: 1-3
Count = Annotated[int, msgspec.Meta(ge=0)]


class ForcesError(ValueError):
    """generals.toml or setup.toml is unreadable or invalid; the message names the entry."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every record: immutable, and an unknown key is an error (a typo is not ignored)."""


class GeneralSource(_Data):
    """Provenance of each value of a general counter."""

    strategy: str
    tactical: str
    agility: str
    retreat_bonus: str
    start: str


class General(_Data):
    """One general counter as printed (2.2.C) and where it starts (4.0)."""

    id: str
    name: str
    nationality: Nationality
    side: Side                 # who plays him: French generals are played as American (12.2.C)
    strategy: Strategy
    tactical: Tactical
    agility: Agility
    retreat_bonus: Count       # 7.9.A: +2 for Washington and Greene
    start: str                 # a map space or an off-map box id
    source: GeneralSource


class Start(_Data):
    """4.0: the Turn marker's year and side, the French Alliance marker's space."""

    year: int
    regulars_advantage: bool
    french_alliance: Annotated[int, msgspec.Meta(ge=0, le=ww_map.FRENCH_ALLIANCE_SPACE)]
    source: str


class Deck(_Data):
    """4.0: cards set aside before the deck is shuffled (titles as in the card data)."""

    set_aside: tuple[str, ...]
    source: str


class Placement(_Data):
    """4.0: CUs and markers of one nationality in one location at set-up."""

    location: str
    nationality: Nationality
    cu: Count
    pc: bool
    source: str
    congress: bool = False
    french_navy: bool = False


class Committees(_Data):
    """4.0 Committees of Correspondence: PCs the American places, one per colony."""

    side: Side
    pcs_per_colony: Annotated[int, msgspec.Meta(ge=1)]
    colonies: tuple[str, ...]
    source: str


class ForTheKing(_Data):
    """4.0 For the King: PCs the British places after the Committees (10.11.B rules)."""

    side: Side
    pcs: Annotated[int, msgspec.Meta(ge=1)]
    excluded_colonies: tuple[str, ...]
    source: str


class Reinforcement(_Data):
    """5.1, 8.1.A: the British CU number printed on one year of the Turn Track."""

    year: int
    british_cu: Count
    source: str


class CounterMix(_Data):
    """The limits the seed fixes (2.0, 12.2.C); American / British CUs and PCs are unlimited."""

    french_cu: Annotated[int, msgspec.Meta(ge=1)]
    generals: Annotated[int, msgspec.Meta(ge=1)]
    round_pieces: Annotated[int, msgspec.Meta(ge=1)]
    hexagonal_pieces: Annotated[int, msgspec.Meta(ge=1)]
    source: str


class Setup(_Data):
    """The whole of setup.toml."""

    start: Start
    deck: Deck
    placements: tuple[Placement, ...] = msgspec.field(name="placement")
    committees_of_correspondence: Committees
    for_the_king: ForTheKing
    reinforcements: tuple[Reinforcement, ...]
    counter_mix: CounterMix

    def british_reinforcements(self, year: int) -> int:
        """The British CUs added to the British Reinforcements box in ``year`` (5.1, 8.1.A)."""
        for entry in self.reinforcements:
            if entry.year == year:
                return entry.british_cu
        raise KeyError(f"no Turn Track space for {year}")


def side_of(nationality: str) -> Side:
    """The player who owns a nationality's pieces (12.2.C: French units are American units)."""
    return "British" if nationality == "British" else "American"


# ---- reading ---------------------------------------------------------------------------------

def _label(entry: object, key: str, index: int) -> str:
    value = entry.get(key) if isinstance(entry, dict) else None
    return repr(value) if isinstance(value, str) else f"#{index + 1}"


# ---- generals --------------------------------------------------------------------------------


def load_generals(path: str | Path = GENERALS_PATH,
                  board: Board | None = None) -> dict[str, General]:
    """Read and validate a generals file; id -> General, in file order."""
    path = Path(path)
    fname = path.name
    board = board or ww_map.load()
    data = catalogue.read_toml(path, ForcesError)
    catalogue.check_keys(data, (), fname, ForcesError, optional=("general",),
                         expected="[[general]]")
    out: dict[str, General] = {}
    for index, raw in enumerate(catalogue.entries(data, "general", fname, ForcesError)):
        label = _label(raw, "id", index)

        def fail(msg: str, label: str = label) -> ForcesError:
            return ForcesError(f"{fname}: general {label}: {msg}")

        general = catalogue.convert(raw, General, fail)
        if general.id in out:
            raise fail(f"duplicate id {general.id!r}")
        if general.side != side_of(general.nationality):
            raise fail(f"a {general.nationality} general is played by the "
                       f"{side_of(general.nationality)} (12.2.C), not the {general.side}")
        if general.start not in board.locations:
            raise fail(f"unknown location {general.start!r} (start)")
        loc = board.locations[general.start]
        if loc.offmap and (loc.props.get("box") != "reinforcements"
                           or loc.props.get("side") != general.nationality):
            raise fail(f"a general starts on the map or in his own Reinforcements box (4.0), "
                       f"not in {general.start!r}")
        out[general.id] = general
    if not out:
        raise ForcesError(f"{fname}: no [[general]] entries")
    return out


@cache
def generals() -> Mapping[str, General]:
    """The thirteen general counters, loaded once per process."""
    return load_generals()


def start_positions(gens: Mapping[str, General] | None = None) -> dict[str, tuple[str, ...]]:
    """Location id -> the generals that start there (4.0), from generals.toml."""
    out: dict[str, list[str]] = {}
    for general in (gens if gens is not None else generals()).values():
        out.setdefault(general.start, []).append(general.id)
    return {loc: tuple(ids) for loc, ids in out.items()}


# ---- set-up ----------------------------------------------------------------------------------

SETUP_KEYS = frozenset({"start", "deck", "placement", "committees_of_correspondence",
                        "for_the_king", "reinforcements", "counter_mix"})


def _check_placements(setup_: Setup, board: Board, gens: Mapping[str, General],
                      fname: str) -> None:
    sides_at: dict[str, set[str]] = {}
    seen: set[tuple[str, str]] = set()
    for index, place in enumerate(setup_.placements):

        def fail(msg: str) -> ForcesError:
            return ForcesError(f"{fname}: placement {place.location!r} (#{index + 1}): {msg}")

        if place.location not in board.locations:
            raise fail(f"unknown location {place.location!r}")
        if (place.location, place.nationality) in seen:
            raise fail(f"a second {place.nationality} placement in the same location")
        seen.add((place.location, place.nationality))
        loc = board.locations[place.location]
        if place.pc and (loc.offmap or place.nationality == "French"):
            raise fail("a PC marker is American or British and goes in a map space (2.2.D)")
        if place.congress and (loc.offmap or place.nationality != "American"):
            raise fail("the Continental Congress is American and stands in a map space (3.0)")
        if place.french_navy and place.nationality != "French":
            raise fail("the French Navy is French")
        if place.nationality == "French" and place.cu and place.location != \
                ww_map.FRENCH_REINFORCEMENTS:
            raise fail("French CUs enter only through the French Alliance (4.0, 12.2.B.ii)")
        if not loc.offmap:
            sides_at.setdefault(place.location, set()).add(side_of(place.nationality))
    for general in gens.values():
        if not board.locations[general.start].offmap:
            sides_at.setdefault(general.start, set()).add(general.side)
    for loc_id, sides in sides_at.items():
        if len(sides) > 1:
            raise ForcesError(f"{fname}: location {loc_id!r}: both sides at set-up (3.0: no "
                              "space holds pieces of both sides outside a battle)")
    for loc_id, ids in start_positions(gens).items():
        for side in ww_map.SIDES:
            mine = [g for g in ids if gens[g].side == side]
            if len(mine) > 1 and not board.locations[loc_id].offmap:
                raise ForcesError(f"{fname}: location {loc_id!r}: {len(mine)} {side} generals "
                                  f"({', '.join(mine)}); 3.0 allows one per side in a space")
    french = sum(p.cu for p in setup_.placements if p.nationality == "French")
    if french > setup_.counter_mix.french_cu:
        raise ForcesError(f"{fname}: {french} French CUs placed, the counter mix has "
                          f"{setup_.counter_mix.french_cu} (12.2.C)")


def _check_setup(setup_: Setup, board: Board, gens: Mapping[str, General], fname: str) -> None:
    track = sorted(loc.props["year"] for loc in board.locations.values()
                   if loc.props.get("box") == "turn")
    if setup_.start.year != track[0]:
        raise ForcesError(f"{fname}: start: year {setup_.start.year} is not the first space of "
                          f"the Turn Track ({track[0]}, 4.0)")
    _check_placements(setup_, board, gens, fname)
    years = [entry.year for entry in setup_.reinforcements]
    for index, year in enumerate(years):
        if year not in track:
            raise ForcesError(f"{fname}: reinforcements {year} (#{index + 1}): no such year on "
                              f"the Turn Track ({track[0]}-{track[-1]})")
        if years.count(year) > 1:
            raise ForcesError(f"{fname}: reinforcements {year} (#{index + 1}): listed twice")
    missing = sorted(set(track) - set(years))
    if missing:
        raise ForcesError(f"{fname}: reinforcements: no British number for "
                          f"{', '.join(map(str, missing))} (every Turn Track space prints one, "
                          "5.1, 8.1.A)")
    committees = setup_.committees_of_correspondence
    for what, colonies in (("committees_of_correspondence", committees.colonies),
                           ("for_the_king", setup_.for_the_king.excluded_colonies)):
        for colony in colonies:
            if colony not in ww_map.COLONIES:
                raise ForcesError(f"{fname}: {what}: unknown colony {colony!r} (expected one "
                                  f"of {', '.join(ww_map.COLONIES)})")
        if len(set(colonies)) != len(colonies):
            raise ForcesError(f"{fname}: {what}: a colony is listed twice")
    if committees.side != "American" or setup_.for_the_king.side != "British":
        raise ForcesError(f"{fname}: the Committees of Correspondence are American and For the "
                          "King British (4.0)")
    if setup_.counter_mix.generals != len(gens):
        raise ForcesError(f"{fname}: counter_mix: {setup_.counter_mix.generals} generals, "
                          f"generals.toml has {len(gens)}")


def load_setup(path: str | Path = SETUP_PATH, gens: Mapping[str, General] | None = None,
               board: Board | None = None) -> Setup:
    """Read and validate a set-up file against the generals and the board."""
    path = Path(path)
    fname = path.name
    board = board or ww_map.load()
    gens = gens if gens is not None else generals()
    data = catalogue.read_toml(path, ForcesError)
    catalogue.check_keys(data, SETUP_KEYS, fname, ForcesError)
    # convert the arrays entry by entry, so that an error names its entry
    for key, kind, name in (("placement", Placement, "location"),
                            ("reinforcements", Reinforcement, "year")):
        catalogue.convert_each(data, key, kind, fname, ForcesError,
                               lambda raw, name=name: "" if raw.get(name) is None
                               else repr(raw.get(name)))
    setup_ = catalogue.convert(data, Setup, lambda msg: ForcesError(f"{fname}: {msg}"))
    _check_setup(setup_, board, gens, fname)
    return setup_


@cache
def setup() -> Setup:
    """The 1775 set-up, loaded once per process."""
    return load_setup()
