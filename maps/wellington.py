"""Wellington: the board (``wellington.toml``), its constants and its validation.

The seed prints no map; the TOML reconstructs it (docs/wellington-map.md). ``load()`` returns the
cached :class:`maps.board.Board`. Duchy props (1.21): ``country``, ``national`` (the Power whose
colour it is printed in), ``colour``, ``occupied`` (the French dot / triangle on a Spanish duchy),
``key``, ``fortress`` (defence value, 0 = none), ``capital``, ``port`` (none / minor / major) and,
for ports, ``sea_zones`` (1.24, 14.4). Off-map boxes carry ``box``. Links are March Lines of kind
``open``, ``broken``, ``pass`` or ``river`` (1.22, C.5).

The TOML is the only definition of every per-duchy fact. The upper-case views below are computed
from it on first use (PEP 562 ``__getattr__``), so importing this module reads no file:

    DUCHIES, SPANISH, PORTUGUESE, FRENCH, KEYS, FORTRESSES, CAPITALS, PORTS, MAJOR_PORTS,
    MINOR_PORTS, PORT_ZONES, ZONE_PORTS, OCCUPIED_NORD, OCCUPIED_SUD, NATIONAL, PRINTED_OWNER

NATIONAL is the printed colour (1.21). Spain's National duchies in play are the Spanish-controlled
duchies in Spain, which changes with control: that is the rules' business, not the map's.

Names and numbers the seed fixes (the Powers, the 62/35/20/15/27 counts, the 24 Keys of C.10, the
fortresses it names, the Zones, the boxes) are defined here once, and ``load`` checks the file
against them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from maps.board import Board, BoardError, Location, load_board

__all__ = [
    "BOXES",
    "CAPITALS",
    "DUCHIES",
    "FORTRESSES",
    "FRENCH",
    "KEYS",
    "MAJOR_PORTS",
    "MINOR_PORTS",
    "NATIONAL",
    "OCCUPIED_NORD",
    "OCCUPIED_SUD",
    "PORTS",
    "PORTUGUESE",
    "PORT_ZONES",
    "PRINTED_OWNER",
    "SPANISH",
    "ZONE_PORTS",
    "BROKEN",
    "CASUALTY_DISPLAY",
    "COLOURS",
    "COUNTRIES",
    "ENGLAND",
    "FRENCH_DUCHY_COUNT",
    "GAME_ID",
    "GIBRALTAR",
    "LINE_KINDS",
    "MAP_PATH",
    "MADRID",
    "OCCUPIED_NORD_COUNT",
    "OCCUPIED_SUD_COUNT",
    "OPEN",
    "PASS",
    "POWERS",
    "PORT_SIZES",
    "REGROUP",
    "RIVER",
    "SEA_ZONES",
    "SEED_FORTRESSES",
    "SEED_KEYS_1812",
    "SPANISH_AT_START_COUNT",
    "SPANISH_DUCHY_COUNT",
    "SPANISH_KEY_COUNT",
    "country_of",
    "distance",
    "duchies_within",
    "format_info",
    "fortress_value",
    "line_kind",
    "lines_of_kind",
    "load",
    "load_path",
    "neighbours",
    "port_size",
    "printed_owner",
    "sea_zones_of",
    "shares_zone",
]

GAME_ID = "wellington"
MAP_PATH = Path(__file__).with_name("wellington.toml")

# C.1 / 1.1, 1.3: the four Powers in impulse order, and their colours on the map.
POWERS: tuple[str, ...] = ("GB", "AdS", "Spain", "AdN")
COLOURS: Mapping[str, str] = MappingProxyType(
    {"GB": "red", "AdS": "green", "Spain": "yellow", "AdN": "blue"})
FRENCH_POWERS: tuple[str, ...] = ("AdN", "AdS")
# 1.21, 18.x, 19.5: which country a duchy lies in. Gibraltar is a British possession.
COUNTRIES: tuple[str, ...] = ("Spain", "Portugal", "France", "Gibraltar")
# 1.22 / C.5: the four March Line types.
OPEN, BROKEN, PASS, RIVER = "open", "broken", "pass", "river"
LINE_KINDS: tuple[str, ...] = (OPEN, BROKEN, PASS, RIVER)
# 1.21 / 14.3: small anchor = minor port, large anchor = major port.
PORT_SIZES: tuple[str, ...] = ("minor", "major")
# 1.24 / 14.4: two Zones, which meet at Gibraltar.
SEA_ZONES: tuple[str, ...] = ("atlantic", "mediterranean")

# 1.21 / 2.3 / §K.1: the counts the seed fixes.
SPANISH_DUCHY_COUNT = 62
OCCUPIED_NORD_COUNT = 20      # blue dots
OCCUPIED_SUD_COUNT = 15       # green triangles
SPANISH_AT_START_COUNT = SPANISH_DUCHY_COUNT - OCCUPIED_NORD_COUNT - OCCUPIED_SUD_COUNT  # 27
SPANISH_KEY_COUNT = 15
FRENCH_DUCHY_COUNT = 8        # 18.2; 4 National duchies per French Power (19.4)
FRENCH_NATIONAL_PER_POWER = 4

MADRID = "madrid"             # 1.21: the only Capital
GIBRALTAR = "gibraltar"       # 1.21, 14.4: fortress 5, in both Zones
# 2.3 / C.10: the Key duchies each Power controls at the start of 1812 (the printed map).
SEED_KEYS_1812: Mapping[str, frozenset[str]] = MappingProxyType({
    "GB": frozenset({"gibraltar", "elvas", "lisbon", "almeida", "porto"}),
    "Spain": frozenset({"valencia", "cartagena", "cadiz", "oviedo"}),
    "AdS": frozenset({"barcelona", "granada", "cordoba", "sevilla", "badajoz", "toulouse",
                      "perpignan"}),
    "AdN": frozenset({"zaragoza", "san-sebastian", "burgos", "madrid", "salamanca",
                      "ciudad-rodrigo", "bordeaux", "bayonne"}),
})
# 1.21, 12.3 examples, 3.1, tutorial: the fortresses the seed names, with their values.
SEED_FORTRESSES: Mapping[str, int] = MappingProxyType({
    "gibraltar": 5, "lisbon": 3, "ciudad-rodrigo": 3, "san-sebastian": 3, "valencia": 3})
FORTRESS_VALUES = (3, 5)      # 1.21: 3, Gibraltar 5 (the Hasty Fort's 2 is a marker, #37)

# Off-map boxes, by the rules that name them.
ENGLAND = "england"                    # 6.3 (Plymouth), tutorial and #17 (Portsmouth), G.7
REGROUP = "regroup"                    # 6.2, 5.7
CASUALTY_DISPLAY = "casualty-display"  # 1.8
BOXES: Mapping[str, str] = MappingProxyType({   # id -> box kind
    ENGLAND: "england", REGROUP: "regroup", CASUALTY_DISPLAY: "casualty-display",
    "atlantic": "sea-zone", "mediterranean": "sea-zone"})

DUCHY_PROPS = ("country", "national", "colour", "occupied", "key", "fortress", "capital", "port")

if TYPE_CHECKING:  # the lazily computed views (module __getattr__ below)
    DUCHIES: tuple[str, ...]
    SPANISH: frozenset[str]
    PORTUGUESE: frozenset[str]
    FRENCH: frozenset[str]
    KEYS: frozenset[str]
    FORTRESSES: Mapping[str, int]
    CAPITALS: frozenset[str]
    PORTS: Mapping[str, str]
    MAJOR_PORTS: frozenset[str]
    MINOR_PORTS: frozenset[str]
    PORT_ZONES: Mapping[str, tuple[str, ...]]
    ZONE_PORTS: Mapping[str, tuple[str, ...]]
    OCCUPIED_NORD: frozenset[str]
    OCCUPIED_SUD: frozenset[str]
    NATIONAL: Mapping[str, frozenset[str]]
    PRINTED_OWNER: Mapping[str, str]


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _check_zones(entry: Mapping[str, Any]) -> str | None:
    port = entry.get("port")
    if port == "none":
        return "sea_zones on a duchy that is not a port" if "sea_zones" in entry else None
    if port not in PORT_SIZES:
        return f"bad port {port!r} (expected none, minor or major)"
    zones = entry.get("sea_zones")
    if not (isinstance(zones, list) and zones and all(z in SEA_ZONES for z in zones)
            and len(set(zones)) == len(zones)):
        return f"a port needs sea_zones, a list of {', '.join(SEA_ZONES)} (1.24, 14.4)"
    return None


def _check_duchy(entry: Mapping[str, Any]) -> str | None:
    for key in DUCHY_PROPS:
        if key not in entry:
            return f"missing required key '{key}'"
    if "box" in entry:
        return "'box' belongs to off-map boxes, not to a duchy"
    country, national, occupied = entry["country"], entry["national"], entry["occupied"]
    if country not in COUNTRIES:
        return f"bad country {country!r} (expected one of {', '.join(COUNTRIES)})"
    if national not in POWERS:
        return f"bad national {national!r} (expected one of {', '.join(POWERS)})"
    if entry["colour"] != COLOURS[national]:
        return f"colour must be {COLOURS[national]!r}, the colour of {national} (C.1)"
    expected = {"Spain": ("Spain",), "Portugal": ("GB",), "Gibraltar": ("GB",),
                "France": FRENCH_POWERS}[country]
    if national not in expected:
        return (f"a duchy in {country} is National for {' or '.join(expected)}, "
                f"not {national} (1.21)")
    if occupied not in ("none", *FRENCH_POWERS):
        return f"bad occupied {occupied!r} (expected none, AdN or AdS)"
    if occupied != "none" and country != "Spain":
        return "only Spanish duchies carry an Occupied symbol (1.21)"
    for key in ("key", "capital"):
        if not _is_bool(entry[key]):
            return f"{key} must be true or false"
    fortress = entry["fortress"]
    if not isinstance(fortress, int) or _is_bool(fortress) or fortress not in (0, *FORTRESS_VALUES):
        return f"fortress must be 0 or one of {FORTRESS_VALUES} (1.21), not {fortress!r}"
    if fortress and not entry["key"]:
        return "a fortress is a star, hence a Key duchy (1.21)"
    if entry["capital"] and not entry["key"]:
        return "the Capital is a Key duchy (1.21, G.6)"
    return _check_zones(entry)


def _check_box(entry: Mapping[str, Any]) -> str | None:
    for key in DUCHY_PROPS[:-1]:
        if key in entry:
            return f"'{key}' belongs to duchies, not to an off-map box"
    kind = entry.get("box")
    if kind not in set(BOXES.values()):
        kinds = ", ".join(sorted(set(BOXES.values())))
        return f"bad or missing box {kind!r} (expected one of {kinds})"
    if "port" in entry or "sea_zones" in entry:
        if kind != "england":
            return "only the England box is a port (6.3, tutorial)"
        return _check_zones(entry)
    return None


def _check_entry(kind: str, entry: Mapping[str, Any]) -> str | None:
    """Wellington validation of one raw entry; an error message or None."""
    if kind == "location":
        return _check_box(entry) if entry.get("offmap", False) else _check_duchy(entry)
    return None


def _check_board(board: Board) -> None:
    """Checks across entries: the counts, Keys and fortresses the seed fixes, boxes, links."""
    fname = board.path.name if board.path else "board"

    def fail(what: str, msg: str) -> BoardError:
        return BoardError(f"{fname}: {what}: {msg}")

    locs = board.locations
    for link in board.links:
        for end in link.ends:
            if locs[end].offmap:
                raise fail(f"link {link.a}-{link.b}", f"{end!r} is an off-map box; boxes are "
                           "never linked")
    for box_id, kind in BOXES.items():
        loc = locs.get(box_id)
        if loc is None or not loc.offmap or loc.props.get("box") != kind:
            raise fail(f"location {box_id!r}", f"missing: the rules need an off-map {kind} box")
    duchies = {lid: loc.props for lid, loc in locs.items() if not loc.offmap}
    spanish = [lid for lid, p in duchies.items() if p["country"] == "Spain"]
    nord = [lid for lid in spanish if duchies[lid]["occupied"] == "AdN"]
    sud = [lid for lid in spanish if duchies[lid]["occupied"] == "AdS"]
    for what, found, wanted in (
            ("Spanish duchies (1.21)", len(spanish), SPANISH_DUCHY_COUNT),
            ("AdN blue dots (1.21)", len(nord), OCCUPIED_NORD_COUNT),
            ("AdS green triangles (1.21)", len(sud), OCCUPIED_SUD_COUNT),
            ("Spanish Keys (C.4)", sum(duchies[lid]["key"] for lid in spanish), SPANISH_KEY_COUNT),
            ("duchies in France (18.2)",
             sum(p["country"] == "France" for p in duchies.values()), FRENCH_DUCHY_COUNT)):
        if found != wanted:
            raise fail("counts", f"{wanted} {what} expected, found {found}")
    for power in FRENCH_POWERS:
        own = [lid for lid, p in duchies.items() if p["country"] == "France"
               and p["national"] == power]
        if len(own) != FRENCH_NATIONAL_PER_POWER:
            raise fail("counts", f"{power} needs {FRENCH_NATIONAL_PER_POWER} National duchies "
                       f"in France (19.4), found {len(own)}")
    keys_by_owner: dict[str, set[str]] = {power: set() for power in POWERS}
    for lid, p in duchies.items():
        if p["key"]:
            keys_by_owner[_owner(p)].add(lid)
    for power, keys in SEED_KEYS_1812.items():
        if keys_by_owner[power] != keys:
            raise fail("Keys", f"{power}'s 1812 Keys must be {sorted(keys)} (2.3, C.10), "
                       f"the map gives {sorted(keys_by_owner[power])}")
    for lid, value in SEED_FORTRESSES.items():
        if duchies.get(lid, {}).get("fortress") != value:
            raise fail(f"location {lid!r}", f"the seed makes it a fortress of strength {value}")
    fives = sorted(lid for lid, p in duchies.items() if p["fortress"] == 5)
    if fives != [GIBRALTAR]:
        raise fail("fortresses", f"only Gibraltar has strength 5 (1.21), not {fives}")
    capitals = sorted(lid for lid, p in duchies.items() if p["capital"])
    if capitals != [MADRID]:
        raise fail("capital", f"Madrid is the only Capital (1.21), not {capitals}")
    if duchies[MADRID]["fortress"]:
        raise fail("location 'madrid'", "Madrid is a square, not a fortress (G.6)")
    if set(duchies[GIBRALTAR].get("sea_zones", [])) != set(SEA_ZONES):
        raise fail("location 'gibraltar'", "Gibraltar belongs to both Zones (1.24, 14.4)")
    for zone in SEA_ZONES:
        if not any(zone in p.get("sea_zones", []) for p in duchies.values()):
            raise fail("sea_zones", f"no port on the {zone} Zone")


def _owner(props: Mapping[str, Any]) -> str:
    """3.1: with no flag and no enemy Formation, the printed symbol's Power, else the colour's."""
    occupied = props["occupied"]
    return occupied if occupied != "none" else props["national"]


_POWER_NAMES = {"GB": "Great Britain", "AdS": "Armée du Sud", "Spain": "Spain",
                "AdN": "Armée du Nord"}


def format_info(loc: Location) -> list[str]:
    """Status-bar lines for a duchy, e.g. "Occupied: Armée du Nord (blue dot)", "Key duchy"."""
    p = loc.props
    if loc.offmap:
        lines = [f"Off-map box: {p['box']}"]
        if p.get("port"):
            lines.append(f"{p['port'].capitalize()} port ({', '.join(p['sea_zones'])})")
        return lines
    lines = [f"{p['country']} ({p['colour']}; National duchy of {_POWER_NAMES[p['national']]})"]
    if p["occupied"] != "none":
        symbol = "blue dot" if p["occupied"] == "AdN" else "green triangle"
        lines.append(f"Occupied: {_POWER_NAMES[p['occupied']]} ({symbol})")
    if p["capital"]:
        lines.append("Capital")
    if p["fortress"]:
        lines.append(f"Key fortress, strength {p['fortress']}")
    elif p["key"]:
        lines.append("Key duchy")
    if p["port"] != "none":
        zones = " and ".join(z.capitalize() for z in p["sea_zones"])
        lines.append(f"{p['port'].capitalize()} port ({zones})")
    return lines


def load_path(path: str | Path) -> Board:
    """Load and validate a Wellington board file (uncached; ``load()`` is the one to use)."""
    board = load_board(path, GAME_ID, info_formatter=format_info, entry_check=_check_entry)
    _check_board(board)
    return board


@cache
def load() -> Board:
    """The Wellington board, loaded once per process."""
    return load_path(MAP_PATH)


# ---- queries the rules read ------------------------------------------------------------------


def _duchy(duchy: str) -> Location:
    loc = load().location(duchy)
    if loc.offmap:
        raise KeyError(f"{duchy!r} is an off-map box, not a duchy")
    return loc


def country_of(duchy: str) -> str:
    """Spain, Portugal, France or Gibraltar (guerrilla 4.4, #35, #62, #90, #92, 18.x, 19.5)."""
    return _duchy(duchy).props["country"]


def printed_owner(duchy: str) -> str:
    """The Power controlling ``duchy`` with no flag and no enemy Formation (1.21, 3.1)."""
    return _owner(_duchy(duchy).props)


def fortress_value(duchy: str) -> int:
    """The printed defence value of a fortress (1.21: 3, Gibraltar 5); 0 if none."""
    return _duchy(duchy).props["fortress"]


def port_size(place: str) -> str | None:
    """"minor" or "major" for a port duchy or the England box (1.21, 14.3); None otherwise."""
    port = load().location(place).props.get("port", "none")
    return None if port == "none" else port


def sea_zones_of(place: str) -> tuple[str, ...]:
    """The Zones a port opens on (Gibraltar both, 14.4); () for a duchy that is not a port."""
    return tuple(load().location(place).props.get("sea_zones", ()))


def shares_zone(a: str, b: str) -> bool:
    """Whether two ports open on a common Zone, so that a convoy between them does not cross the
    Strait of Gibraltar (14.4; Gibraltar is in both Zones). False if either is not a port."""
    return bool(set(sea_zones_of(a)) & set(sea_zones_of(b)))


def neighbours(duchy: str) -> list[str]:
    """Duchies joined to ``duchy`` by a March Line (1.23)."""
    return load().neighbours(duchy)


def line_kind(a: str, b: str) -> str:
    """The March Line type between adjacent ``a`` and ``b`` (1.22, C.5); ValueError if none."""
    links = load().links_between(a, b)
    if not links:
        raise ValueError(f"{a} and {b} are not adjacent (no March Line joins them)")
    return links[0].kind


def lines_of_kind(kind: str) -> tuple[tuple[str, str], ...]:
    """Every March Line of one type as (a, b) pairs, in file order: the targets of #9 (a Pass),
    #10 and #100 (a River)."""
    if kind not in LINE_KINDS:
        raise ValueError(f"unknown March Line type {kind!r} (expected one of {LINE_KINDS})")
    return tuple(link.ends for link in load().links if link.kind == kind)


def distance(a: str, b: str) -> int | None:
    """The fewest March Lines from ``a`` to ``b``; None if no land route (Palma is an island)."""
    return _distances(a).get(b)


def duchies_within(duchy: str, n: int) -> frozenset[str]:
    """Duchies at most ``n`` March Lines from ``duchy``, itself excluded ("within 2 duchies":
    #11, #16, #36, #40, #53, #108). Which of them may act is the rules' business."""
    return frozenset(d for d, steps in _distances(duchy).items() if 0 < steps <= n)


@cache
def _distances(start: str) -> Mapping[str, int]:
    board = load()
    board.location(start)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for other in board.neighbours(here):
            if other not in seen:
                seen[other] = seen[here] + 1
                queue.append(other)
    return MappingProxyType(seen)


# ---- the lazily computed views of the board --------------------------------------------------


def _duchies() -> tuple[str, ...]:
    return tuple(lid for lid, loc in load().locations.items() if not loc.offmap)


def _props(duchy: str) -> Mapping[str, Any]:
    return load().locations[duchy].props


def _where(test: Any) -> frozenset[str]:
    return frozenset(d for d in _duchies() if test(_props(d)))


def _ports() -> Mapping[str, str]:
    return MappingProxyType({lid: loc.props["port"] for lid, loc in load().locations.items()
                             if loc.props.get("port", "none") != "none"})


def _zone_ports() -> Mapping[str, tuple[str, ...]]:
    ports = _ports()
    return MappingProxyType({zone: tuple(p for p in ports if zone in sea_zones_of(p))
                             for zone in SEA_ZONES})


def _national() -> Mapping[str, frozenset[str]]:
    return MappingProxyType({power: _where(lambda p, pw=power: p["national"] == pw)
                             for power in POWERS})


_VIEWS: dict[str, Any] = {
    "DUCHIES": _duchies,
    "SPANISH": lambda: _where(lambda p: p["country"] == "Spain"),              # 1.21
    "PORTUGUESE": lambda: _where(lambda p: p["country"] == "Portugal"),
    "FRENCH": lambda: _where(lambda p: p["country"] == "France"),              # 18.2
    "KEYS": lambda: _where(lambda p: p["key"]),                                # 1.21, C.10
    "FORTRESSES": lambda: MappingProxyType(                                    # 1.21, 12
        {d: _props(d)["fortress"] for d in _duchies() if _props(d)["fortress"]}),
    "CAPITALS": lambda: _where(lambda p: p["capital"]),                        # 1.21
    "PORTS": _ports,                                                           # 1.21, 14
    "MAJOR_PORTS": lambda: frozenset(p for p, s in _ports().items() if s == "major"),
    "MINOR_PORTS": lambda: frozenset(p for p, s in _ports().items() if s == "minor"),
    "PORT_ZONES": lambda: MappingProxyType({p: sea_zones_of(p) for p in _ports()}),
    "ZONE_PORTS": _zone_ports,                                                 # 1.24, 14.4
    "OCCUPIED_NORD": lambda: _where(lambda p: p["occupied"] == "AdN"),         # 1.21 blue dot
    "OCCUPIED_SUD": lambda: _where(lambda p: p["occupied"] == "AdS"),          # 1.21 triangle
    "NATIONAL": _national,                                                     # 1.21 colours
    "PRINTED_OWNER": lambda: MappingProxyType({d: _owner(_props(d)) for d in _duchies()}),
}
_cache: dict[str, Any] = {}


def __getattr__(name: str) -> Any:
    if name in _VIEWS:
        if name not in _cache:
            _cache[name] = _VIEWS[name]()
        return _cache[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- screen layout (the terminal UI reads these through tui.mapcanvas.board_display) -------

# One letter per Power on the map (control before a box, pieces under it, the overview's
# glyph): initials would give GB, AdS, Spain and AdN the codes G, A, S and Ad, and the two
# French armies one glyph in the overview. E for España, N and S for Nord and Sud.
SIDE_CODES: Mapping[str, str] = MappingProxyType(
    {"GB": "G", "Spain": "E", "AdN": "N", "AdS": "S"})
# Each Power in the colour the map prints its duchies in (1.1, 1.21; COLOURS).
SIDE_COLOURS: Mapping[str, str] = MappingProxyType(
    {power: f"bright_{colour}" for power, colour in COLOURS.items()})
# Where the map's cursor starts when a game opens (the first place in reading order would be
# Bordeaux, in a corner of France): Madrid, the capital, in the middle of the board.
CURSOR_START = MADRID
