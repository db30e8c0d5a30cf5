"""Washington's War: the board (``washingtons_war.toml``), its constants and its validation.

The seeds print no map; the TOML reconstructs it (docs/ww-map.md). ``load()`` returns the cached
:class:`maps.board.Board`. Space props: ``colony`` (3.0), ``port`` and ``blockade_zone`` (2.1.C,
12.3), ``fortified`` (2.1.C), ``winter_quarters`` (2.1.B, 11.0), ``south_of_attrition_line``
(2.1.B, 11.1-11.2). Off-map boxes carry ``box`` (and ``side`` / ``year`` / ``step``). Links are
``road`` or ``wilderness`` (7.3.D); ``arnold_only`` marks Falmouth-Quebec (3.0, 7.4.D, 10.3).

The TOML is the only definition of every per-location fact. The upper-case sets below are views
of it, computed on first use (PEP 562 ``__getattr__``), so importing this module reads no file:

    PORTS, FORTIFIED_PORTS, WINTER_QUARTERS, SOUTH_OF_ATTRITION_LINE, SPACES,
    COLONY_SPACES, BLOCKADE_ZONES, TURN_TRACK, FRENCH_ALLIANCE_TRACK

Names the rules fix (the colonies, Canada's two control spaces, the boxes' ids, the wilderness
cost) are defined here once, and ``load`` checks the file against them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from maps import board as board_module
from maps.board import Board, BoardError, Link, Location, load_board
from maps.cache import cached

__all__ = [
    "AMERICAN_REINFORCEMENT_CARDS",
    "AMERICAN_REINFORCEMENT_LEADERS",
    "BLOCKADE_ZONES",
    "BRITISH_REINFORCEMENTS",
    "BRITISH_REINFORCEMENT_CARD",
    "CANADA",
    "CANADA_CONTROL",
    "CAPTURED_GENERALS",
    "COLONIES",
    "COLONY_SPACES",
    "CONGRESS_DISPERSED",
    "FORTIFIED_PORTS",
    "FRENCH_ALLIANCE_SPACE",
    "FRENCH_ALLIANCE_TRACK",
    "FRENCH_REINFORCEMENTS",
    "GAME_ID",
    "MAP_PATH",
    "PORTS",
    "REGIONS",
    "SIDES",
    "SOUTH_OF_ATTRITION_LINE",
    "SPACES",
    "TURN_TRACK",
    "WAR_ENDS",
    "WILDERNESS_COST",
    "WINTER_QUARTERS",
    "colony_of",
    "format_info",
    "load",
    "load_path",
    "move_cost",
    "neighbours",
    "usable",
    "zone_of",
]

GAME_ID = "washingtons-war"
MAP_PATH = Path(__file__).with_name("washingtons_war.toml")

SIDES: tuple[str, ...] = ("American", "British")
# 3.0 "Colonia", 4.0 (Committees of Correspondence: "ciascuna delle Tredici Colonie"), 13.2.
COLONIES: tuple[str, ...] = ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC",
                             "SC", "GA")
CANADA = "Canada"
# 13.2: Canada counts as a colony for victory; 9.43 militia and 7.6.B count it too.
REGIONS: tuple[str, ...] = (*COLONIES, CANADA)
# 10.0.B, 9.43, 13.2: whoever controls both controls Canada; Fort Detroit does not count.
CANADA_CONTROL: tuple[str, ...] = ("montreal", "quebec")
# 2.1.B: the snowflake line coincides with the VA-NC border.
SOUTH_OF_LINE_COLONIES: frozenset[str] = frozenset({"NC", "SC", "GA"})
# 7.3.D: crossing a dashed (wilderness) line counts as moving 3 spaces.
WILDERNESS_COST = 3
ROAD, WILDERNESS = "road", "wilderness"

# The boxes of the board (off-map locations), by the rules that name them.
BRITISH_REINFORCEMENTS = "british-reinforcements"                # 4.0, 5.1, 8.1
AMERICAN_REINFORCEMENT_LEADERS = "american-reinforcement-leaders"  # 4.0, 5.1, 7.4.C, 8.2
FRENCH_REINFORCEMENTS = "french-reinforcements"                  # 4.0, 12.2.B
CAPTURED_GENERALS = "captured-generals"                          # 5.1, 7.6.A, 9.63
CONGRESS_DISPERSED = "congress-dispersed"                        # 7.7, 10.2 segment 1
WAR_ENDS = "war-ends"                                            # 6.34.C.iii, 5.7
BRITISH_REINFORCEMENT_CARD = "british-reinforcement-card"        # 8.1.B (one action a turn)
AMERICAN_REINFORCEMENT_CARDS: tuple[str, ...] = (                # 8.2.B (two actions a turn)
    "american-reinforcement-card-1", "american-reinforcement-card-2")
FRENCH_ALLIANCE_SPACE = 9                                        # 12.0, 12.2.A

BOX_KINDS: frozenset[str] = frozenset({
    "reinforcements", "reinforcement-card", "captured-generals", "congress-dispersed",
    "war-ends", "blockade-zone", "turn", "french-alliance"})
# id -> (box kind, side or None): every singleton box the rules name must exist as such.
NAMED_BOXES: dict[str, tuple[str, str | None]] = {
    BRITISH_REINFORCEMENTS: ("reinforcements", "British"),
    AMERICAN_REINFORCEMENT_LEADERS: ("reinforcements", "American"),
    FRENCH_REINFORCEMENTS: ("reinforcements", "French"),
    CAPTURED_GENERALS: ("captured-generals", None),
    CONGRESS_DISPERSED: ("congress-dispersed", None),
    WAR_ENDS: ("war-ends", None),
    BRITISH_REINFORCEMENT_CARD: ("reinforcement-card", "British"),
    AMERICAN_REINFORCEMENT_CARDS[0]: ("reinforcement-card", "American"),
    AMERICAN_REINFORCEMENT_CARDS[1]: ("reinforcement-card", "American"),
}
BOX_SIDES = ("American", "British", "French")

SPACE_PROPS = ("colony", "port", "fortified", "winter_quarters", "south_of_attrition_line")
LINK_DEFAULTS = {"arnold_only": False}

if TYPE_CHECKING:  # the lazily computed views (module __getattr__ below)
    SPACES: tuple[str, ...]
    PORTS: frozenset[str]
    FORTIFIED_PORTS: frozenset[str]
    WINTER_QUARTERS: frozenset[str]
    SOUTH_OF_ATTRITION_LINE: frozenset[str]
    COLONY_SPACES: Mapping[str, tuple[str, ...]]
    BLOCKADE_ZONES: Mapping[str, tuple[str, ...]]
    TURN_TRACK: Mapping[int, str]
    FRENCH_ALLIANCE_TRACK: tuple[str, ...]


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _check_space(entry: Mapping[str, Any]) -> str | None:
    for key in SPACE_PROPS:
        if key not in entry:
            return f"missing required key '{key}'"
    for key in ("box", "side", "year", "step"):
        if key in entry:
            return f"'{key}' belongs to off-map boxes, not to a space"
    colony = entry["colony"]
    if colony not in REGIONS:
        return f"bad colony {colony!r} (expected one of {', '.join(REGIONS)})"
    for key in SPACE_PROPS[1:]:
        if not _is_bool(entry[key]):
            return f"{key} must be true or false"
    if entry["port"]:
        zone = entry.get("blockade_zone")
        if not isinstance(zone, str) or not zone:
            return "a port needs its blockade_zone (12.3: every port belongs to a Blockade Zone)"
    elif "blockade_zone" in entry:
        return "blockade_zone on a space that is not a port"
    if entry["fortified"] and not (entry["port"] and entry["winter_quarters"]):
        return "a fortified port (a star, 2.1.C) must be a port and winter quarters (11.0)"
    south = colony in SOUTH_OF_LINE_COLONIES
    if entry["south_of_attrition_line"] != south:
        return (f"south_of_attrition_line must be {str(south).lower()} for colony {colony} "
                "(2.1.B: the Attrition Line is the VA-NC border)")
    return None


def _check_box(entry: Mapping[str, Any]) -> str | None:
    for key in (*SPACE_PROPS, "blockade_zone"):
        if key in entry:
            return f"'{key}' belongs to map spaces, not to an off-map box"
    kind = entry.get("box")
    if kind not in BOX_KINDS:
        return f"bad or missing box {kind!r} (expected one of {', '.join(sorted(BOX_KINDS))})"
    side = entry.get("side")
    if kind in ("reinforcements", "reinforcement-card"):
        if side not in BOX_SIDES:
            return f"a {kind} box needs side = American, British or French, not {side!r}"
    elif side is not None:
        return f"a {kind} box has no side"
    for key, needed in (("year", kind == "turn"), ("step", kind == "french-alliance")):
        value = entry.get(key)
        if needed and (not isinstance(value, int) or isinstance(value, bool)):
            return f"a {kind} box needs an integer '{key}'"
        if not needed and key in entry:
            return f"'{key}' only belongs to {'turn' if key == 'year' else 'french-alliance'} boxes"
    return None


def _check_entry(kind: str, entry: Mapping[str, Any]) -> str | None:
    """WW validation of one raw entry (after defaults); an error message or None."""
    if kind == "location":
        return _check_box(entry) if entry.get("offmap", False) else _check_space(entry)
    if not _is_bool(entry.get("arnold_only")):
        return "arnold_only must be true or false"
    if entry["arnold_only"] and entry["kind"] != WILDERNESS:
        return "only a wilderness (dashed) link can be Arnold's (7.4.D)"
    return None


def _check_board(board: Board) -> None:
    """Checks across entries: links join spaces, zones exist, the named boxes and tracks."""
    fname = board.path.name if board.path else "board"

    def fail(what: str, msg: str) -> BoardError:
        return BoardError(f"{fname}: {what}: {msg}")

    locs = board.locations
    for link in board.links:
        for end in link.ends:
            if locs[end].offmap:
                raise fail(f"link {link.a}-{link.b}", f"{end!r} is an off-map box; boxes are "
                           "never linked")
    zones = {lid for lid, loc in locs.items() if loc.props.get("box") == "blockade-zone"}
    for lid, loc in locs.items():
        zone = loc.props.get("blockade_zone")
        if zone is not None and zone not in zones:
            raise fail(f"location {lid!r}", f"unknown blockade_zone {zone!r} (no off-map box "
                       "with box = \"blockade-zone\" has that id)")
    for zone in sorted(zones):
        if not any(loc.props.get("blockade_zone") == zone for loc in locs.values()):
            raise fail(f"location {zone!r}", "a Blockade Zone without a port (12.3)")
    for box_id, (kind, side) in NAMED_BOXES.items():
        loc = locs.get(box_id)
        if loc is None or not loc.offmap or loc.props.get("box") != kind \
                or loc.props.get("side") != side:
            raise fail(f"location {box_id!r}", f"missing: the rules need an off-map {kind} box "
                       f"{box_id!r}" + (f" for the {side}" if side else ""))
    for colony in REGIONS:
        if not any(loc.props.get("colony") == colony for loc in locs.values()):
            raise fail("colony", f"{colony} has no space (3.0: every colony is a group of spaces)")
    for lid in CANADA_CONTROL:
        if lid not in locs or locs[lid].props.get("colony") != CANADA:
            raise fail(f"location {lid!r}", "must be a Canada space (10.0.B)")
    years = sorted(loc.props["year"] for loc in locs.values() if loc.props.get("box") == "turn")
    if not years or years != list(range(years[0], years[0] + len(years))) or years[0] != 1775:
        raise fail("turn track", f"years must run from 1775 without gaps, not {years} (4.0)")
    steps = sorted(loc.props["step"] for loc in locs.values()
                   if loc.props.get("box") == "french-alliance")
    if steps != list(range(FRENCH_ALLIANCE_SPACE + 1)):
        raise fail("French Alliance track", f"spaces must be 0-{FRENCH_ALLIANCE_SPACE} (12.0), "
                   f"not {steps}")
    arnold = [link for link in board.links if link.props.get("arnold_only")]
    if len(arnold) != 1:
        raise fail("links", f"exactly one Arnold-only link (Falmouth-Quebec, 7.4.D), found "
                   f"{len(arnold)}")


def format_info(loc: Location) -> list[str]:
    """Status-bar lines for a location, e.g. "Colony: MA", "Port (New England blockade zone)"."""
    p = loc.props
    if loc.offmap:
        return ["Off-map box"] + ([f"Side: {p['side']}"] if p.get("side") else [])
    lines = [f"Colony: {p['colony']}"]
    if p["fortified"]:
        lines.append("Fortified port (star)")
    elif p["port"]:
        lines.append("Port")
    if p["port"]:
        zone = p["blockade_zone"].removeprefix("zone-").replace("-", " ").title()
        lines.append(f"Blockade zone: {zone}")
    if p["winter_quarters"]:
        lines.append("Winter quarters")
    lines.append("South of the Attrition Line" if p["south_of_attrition_line"]
                 else "North of the Attrition Line")
    return lines


def load_path(path: str | Path) -> Board:
    """Load and validate a WW board file (uncached; ``load()`` is the one to use in play)."""
    board = load_board(path, GAME_ID, info_formatter=format_info, link_defaults=LINK_DEFAULTS,
                       entry_check=_check_entry)
    _check_board(board)
    return board


@cache
def load() -> Board:
    """The Washington's War board, loaded once per process (from the board cache,
    ``maps/cache.py``, when it holds this file's board)."""
    return cached(MAP_PATH, load_path, code=(Path(__file__), Path(board_module.__file__)),
                  kind=Board)


# ---- queries the rules read ------------------------------------------------------------------


def colony_of(space: str) -> str:
    """The colony (or "Canada") of a map space."""
    return load().location(space).props["colony"]


def zone_of(space: str) -> str | None:
    """The Blockade Zone box id of a port (12.3); None for a space that is not a port."""
    return load().location(space).props.get("blockade_zone")


def usable(link: Link, arnold: bool = False) -> bool:
    """Whether a link may be moved along: Falmouth-Quebec by Arnold only (3.0, 7.4.D)."""
    return arnold or not link.props["arnold_only"]


def neighbours(space: str, *, arnold: bool = False) -> list[str]:
    """Spaces adjacent to ``space`` for movement, interception and retreat (3.0, 7.4.D).

    ``arnold``: the moving general is Arnold, for whom Falmouth and Quebec are adjacent. PC
    isolation (10.3) never uses that link, and for the British all ports are adjacent to one
    another there (3.0, 10.11.B): that is the rules' business, not the map's.
    """
    return list(dict.fromkeys(other for other, link in load().adjacent(space)
                              if usable(link, arnold)))


def move_cost(a: str, b: str, *, arnold: bool = False) -> int:
    """Spaces of movement used to cross from ``a`` to the adjacent ``b``: 1, or 3 across a
    wilderness link (7.3.D). Raises ValueError if no usable link joins them."""
    costs = [WILDERNESS_COST if link.kind == WILDERNESS else 1
             for link in load().links_between(a, b) if usable(link, arnold)]
    if not costs:
        raise ValueError(f"{a} and {b} are not adjacent" + ("" if arnold else " (without Arnold)"))
    return min(costs)


# ---- the lazily computed views of the board --------------------------------------------------


def _spaces() -> tuple[str, ...]:
    return tuple(lid for lid, loc in load().locations.items() if not loc.offmap)


def _with(prop: str) -> frozenset[str]:
    locs = load().locations
    return frozenset(lid for lid in _spaces() if locs[lid].props[prop])


def _colony_spaces() -> Mapping[str, tuple[str, ...]]:
    locs = load().locations
    return MappingProxyType({c: tuple(lid for lid in _spaces() if locs[lid].props["colony"] == c)
                             for c in REGIONS})


def _blockade_zones() -> Mapping[str, tuple[str, ...]]:
    locs = load().locations
    zones = [lid for lid, loc in locs.items() if loc.props.get("box") == "blockade-zone"]
    return MappingProxyType({z: tuple(lid for lid in _spaces()
                                      if locs[lid].props.get("blockade_zone") == z)
                             for z in zones})


def _turn_track() -> Mapping[int, str]:
    return MappingProxyType({loc.props["year"]: lid for lid, loc in load().locations.items()
                             if loc.props.get("box") == "turn"})


def _french_alliance_track() -> tuple[str, ...]:
    by_step = {loc.props["step"]: lid for lid, loc in load().locations.items()
               if loc.props.get("box") == "french-alliance"}
    return tuple(by_step[n] for n in sorted(by_step))


_VIEWS: dict[str, Any] = {
    "SPACES": _spaces,
    "PORTS": lambda: _with("port"),                                  # 2.1.C, 12.3
    "FORTIFIED_PORTS": lambda: _with("fortified"),                   # 2.1.C
    "WINTER_QUARTERS": lambda: _with("winter_quarters"),             # 2.1.B, 11.0
    "SOUTH_OF_ATTRITION_LINE": lambda: _with("south_of_attrition_line"),  # 2.1.B, 11.1
    "COLONY_SPACES": _colony_spaces,                                 # 3.0, 10.0.B
    "BLOCKADE_ZONES": _blockade_zones,                               # 12.3
    "TURN_TRACK": _turn_track,                                       # 4.0, 5.7
    "FRENCH_ALLIANCE_TRACK": _french_alliance_track,                 # 12.0
}
_cache: dict[str, Any] = {}


def __getattr__(name: str) -> Any:
    if name in _VIEWS:
        if name not in _cache:
            _cache[name] = _VIEWS[name]()
        return _cache[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
