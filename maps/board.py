"""Generic, game-independent board model for point-to-point maps.

A board file (TOML) holds a ``[meta]`` table, an array of ``[[location]]`` tables and an array
of ``[[link]]`` tables::

    [meta]
    game = "a-house-divided"

    [[location]]
    id = "washington"      # lowercase-hyphen id, unique
    name = "Washington"    # display name
    abbr = "WASH"          # 1-5 character terminal label, unique
    x = 158                # character-canvas column, 0 <= x, x + len(abbr) <= width
    y = 16                 # character-canvas row, 0 <= y < height
    source = "seed ..."    # provenance
    offmap = false         # optional (e.g. an off-map holding box)
    port = true            # every other key is a game property -> Location.props

    [[link]]
    a = "washington"
    b = "fredericksburg"
    kind = "river"         # one of meta.link_kinds (default road / rail / river)
    downstream = "fredericksburg"   # optional; must be one of the two ends
    bank = ["fredericksburg"]       # optional; every entry must be one of the two ends
    source = "seed ..."    # every other key -> Link.props

``load_board`` validates the file and raises :class:`BoardError` with a message that names the
file, the line of the offending ``[[location]]`` / ``[[link]]`` header and the entry, e.g.
``a_house_divided.toml: line 12 (richmond-petersburg): unknown location 'petersberg'``.

The canvas is 200 x 64 characters unless ``[meta]`` gives ``width`` / ``height``. Two labels on
the same row must be separated by at least one blank column: two locations overlap when they are
on the same row and ``|x1 - x2| < max(len(abbr1), len(abbr2)) + 1``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx


__all__ = [
    "CANVAS_HEIGHT",
    "CANVAS_WIDTH",
    "LINK_KINDS",
    "Board",
    "BoardError",
    "Link",
    "Location",
    "load_board",
]

CANVAS_WIDTH = 200
CANVAS_HEIGHT = 64
LINK_KINDS: tuple[str, ...] = ("road", "rail", "river")
MAX_ABBR = 5

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

LOCATION_KEYS = frozenset({"id", "name", "abbr", "x", "y", "source", "offmap"})
LOCATION_REQUIRED = ("id", "name", "abbr", "x", "y", "source")
LINK_KEYS = frozenset({"a", "b", "kind", "source"})
LINK_REQUIRED = ("a", "b", "kind", "source")
TOP_LEVEL_KEYS = frozenset({"meta", "location", "link"})


@dataclass(frozen=True)
class Location:
    """One box / space of a board. ``props`` holds the game properties (read-only by convention)."""

    id: str
    name: str
    abbr: str
    x: int
    y: int
    props: dict = field(hash=False)
    source: str
    offmap: bool = False


@dataclass(frozen=True)
class Link:
    """One transport line between two locations, stored once (undirected)."""

    a: str
    b: str
    kind: str
    props: dict = field(hash=False)
    source: str

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, loc: str) -> str:
        """The end of this link that is not ``loc``."""
        if loc == self.a:
            return self.b
        if loc == self.b:
            return self.a
        raise ValueError(f"{loc!r} is not an end of link {self.a}-{self.b}")

    def touches(self, loc: str) -> bool:
        return loc == self.a or loc == self.b


class BoardError(ValueError):
    """A board file is missing, unreadable or invalid. The message names the file and the entry."""


InfoFormatter = Callable[[Location], Iterable[str]]
EntryCheck = Callable[[str, Mapping[str, Any]], "str | None"]


class Board:
    """A loaded board: locations, links and a networkx MultiGraph over them.

    ``graph`` has one node per location id (attribute ``loc`` = the :class:`Location`) and one
    edge per link (key = index in ``links``, attribute ``link`` = the :class:`Link`).
    """

    def __init__(
        self,
        game: str,
        locations: Mapping[str, Location],
        links: Iterable[Link],
        *,
        info_formatter: InfoFormatter | None = None,
        path: Path | None = None,
    ) -> None:
        self.game = game
        self.locations: dict[str, Location] = dict(locations)
        self.links: list[Link] = list(links)
        self.path = path
        self._info_formatter = info_formatter
        adj: dict[str, list[tuple[str, Link]]] = {loc_id: [] for loc_id in self.locations}
        between: dict[tuple[str, str], list[Link]] = {}
        for index, link in enumerate(self.links):
            if link.a not in self.locations or link.b not in self.locations:
                raise BoardError(f"link {link.a}-{link.b}: unknown location")
            adj[link.a].append((link.b, link))
            adj[link.b].append((link.a, link))
            between.setdefault((link.a, link.b), []).append(link)
            between.setdefault((link.b, link.a), []).append(link)
        self._adjacent = {k: tuple(v) for k, v in adj.items()}
        self._between = {k: tuple(v) for k, v in between.items()}

    @cached_property
    def graph(self) -> "networkx.MultiGraph":
        """The networkx MultiGraph, built on first use: importing networkx costs more than the
        rest of start-up, and drawing or continuing a game does not need it."""
        import networkx

        graph = networkx.MultiGraph(game=self.game)
        for loc_id, loc in self.locations.items():
            graph.add_node(loc_id, loc=loc)
        for index, link in enumerate(self.links):
            graph.add_edge(link.a, link.b, key=index, link=link)
        return graph

    def __repr__(self) -> str:
        return f"<Board {self.game}: {len(self.locations)} locations, {len(self.links)} links>"

    def __contains__(self, loc: object) -> bool:
        return loc in self.locations

    def location(self, loc: str) -> Location:
        try:
            return self.locations[loc]
        except KeyError:
            raise KeyError(f"unknown location {loc!r} on board {self.game}") from None

    def adjacent(self, loc: str) -> list[tuple[str, Link]]:
        """``(other end, link)`` for every link touching ``loc`` (one entry per link)."""
        try:
            return list(self._adjacent[loc])
        except KeyError:
            raise KeyError(f"unknown location {loc!r} on board {self.game}") from None

    def neighbours(self, loc: str) -> list[str]:
        """Distinct location ids joined to ``loc`` by at least one link, in link order."""
        return list(dict.fromkeys(other for other, _ in self.adjacent(loc)))

    def links_between(self, a: str, b: str) -> list[Link]:
        """Every link joining ``a`` and ``b`` (either direction); empty if none."""
        return list(self._between.get((a, b), ()))

    def info(self, loc: str) -> list[str]:
        """Human-readable lines describing ``loc`` (for a status bar)."""
        location = self.location(loc)
        if self._info_formatter is not None:
            return list(self._info_formatter(location))
        return [f"{key}: {value}" for key, value in location.props.items()]


def _entry_lines(text: str, table: str) -> list[int]:
    """1-based line numbers of the ``[[table]]`` headers, in file order."""
    pattern = re.compile(r"^\s*\[\[\s*" + re.escape(table) + r"\s*\]\]\s*(?:#.*)?$")
    return [n for n, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_board(
    path: str | Path,
    game: str | None = None,
    *,
    info_formatter: InfoFormatter | None = None,
    location_defaults: Mapping[str, Any] | None = None,
    link_defaults: Mapping[str, Any] | None = None,
    entry_check: EntryCheck | None = None,
) -> Board:
    """Load, validate and return the board in the TOML file ``path``.

    ``game``: expected game id; a file whose ``[meta] game`` differs is rejected.
    ``info_formatter``: builds :meth:`Board.info` lines from a :class:`Location`.
    ``location_defaults`` / ``link_defaults``: property values filled in (deep-copied) where an
    entry omits them. ``entry_check(kind, entry)``, with kind ``"location"`` or ``"link"`` and the
    entry's raw table after defaults, returns an error message (or ``None``) for game-specific
    validation; the loader adds the file, line and entry to the message.
    """
    import tomllib  # only here: a board read from maps/cache.py needs no TOML parser

    path = Path(path)
    fname = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardError(f"{fname}: board file not found ({path})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"{fname}: cannot read board file: {exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{fname}: invalid TOML: {exc}") from None

    def fail(what: str, msg: str) -> BoardError:
        return BoardError(f"{fname}: {what}: {msg}" if what else f"{fname}: {msg}")

    unknown = sorted(set(data) - TOP_LEVEL_KEYS)
    if unknown:
        raise fail("", f"unknown top-level key(s) {', '.join(map(repr, unknown))} "
                       "(expected [meta], [[location]], [[link]])")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise fail("[meta]", "must be a table")
    file_game = meta.get("game")
    if file_game is not None and not isinstance(file_game, str):
        raise fail("[meta]", "game must be a string")
    if game is not None and file_game is not None and file_game != game:
        raise fail("[meta]", f"board is for game {file_game!r}, expected {game!r}")
    board_game = file_game or game
    if not board_game:
        raise fail("[meta]", "missing 'game'")
    width = meta.get("width", CANVAS_WIDTH)
    height = meta.get("height", CANVAS_HEIGHT)
    if not (_is_int(width) and width > 0 and _is_int(height) and height > 0):
        raise fail("[meta]", "width and height must be positive integers")
    kinds = meta.get("link_kinds", list(LINK_KINDS))
    if not (isinstance(kinds, list) and kinds and all(isinstance(k, str) and k for k in kinds)):
        raise fail("[meta]", "link_kinds must be a non-empty list of strings")

    raw_locations = data.get("location", [])
    raw_links = data.get("link", [])
    if not isinstance(raw_locations, list) or not all(isinstance(e, dict) for e in raw_locations):
        raise fail("location", "'location' must be an array of tables ([[location]])")
    if not isinstance(raw_links, list) or not all(isinstance(e, dict) for e in raw_links):
        raise fail("link", "'link' must be an array of tables ([[link]])")
    loc_lines = _entry_lines(text, "location")
    link_lines = _entry_lines(text, "link")
    if len(loc_lines) != len(raw_locations):
        loc_lines = []
    if len(link_lines) != len(raw_links):
        link_lines = []

    def where(lines: list[int], index: int, kind: str, label: str) -> str:
        pos = f"line {lines[index]}" if lines else f"{kind} #{index + 1}"
        return f"{pos} ({label})"

    # ---- locations
    locations: dict[str, Location] = {}
    abbrs: dict[str, str] = {}
    for index, entry in enumerate(raw_locations):
        label = entry.get("id") if isinstance(entry.get("id"), str) else f"location #{index + 1}"
        at = where(loc_lines, index, "location", label)
        for key in LOCATION_REQUIRED:
            if key not in entry:
                raise fail(at, f"missing required key '{key}'")
        loc_id, name, abbr, x, y, source = (entry[k] for k in LOCATION_REQUIRED)
        if not isinstance(loc_id, str) or not ID_RE.match(loc_id):
            raise fail(at, f"bad id {loc_id!r} (lowercase letters, digits and single hyphens)")
        if not isinstance(name, str) or not name.strip():
            raise fail(at, "name must be a non-empty string")
        if not isinstance(abbr, str) or not (1 <= len(abbr) <= MAX_ABBR) or abbr != abbr.strip() \
                or any(ch.isspace() for ch in abbr):
            raise fail(at, f"abbr {abbr!r} must be 1-{MAX_ABBR} characters without spaces")
        if not isinstance(source, str):
            raise fail(at, "source must be a string")
        if not (_is_int(x) and _is_int(y)):
            raise fail(at, "x and y must be integers")
        if not (0 <= x < width and 0 <= y < height) or x + len(abbr) > width:
            raise fail(at, f"position ({x}, {y}) with label {abbr!r} is outside the "
                           f"{width}x{height} canvas")
        offmap = entry.get("offmap", False)
        if not isinstance(offmap, bool):
            raise fail(at, "offmap must be true or false")
        if loc_id in locations:
            raise fail(at, f"duplicate id {loc_id!r}")
        if abbr in abbrs:
            raise fail(at, f"duplicate abbr {abbr!r} (already used by {abbrs[abbr]!r})")
        for other in locations.values():
            gap = max(len(abbr), len(other.abbr)) + 1
            if other.y == y and abs(other.x - x) < gap:
                raise fail(at, f"label {abbr!r} at ({x}, {y}) overlaps {other.id!r} "
                               f"({other.abbr!r} at ({other.x}, {other.y}))")
        props = {k: v for k, v in entry.items() if k not in LOCATION_KEYS}
        for key, value in (location_defaults or {}).items():
            props.setdefault(key, copy.deepcopy(value))
        if entry_check is not None:
            msg = entry_check("location", {**entry, **props})
            if msg:
                raise fail(at, msg)
        abbrs[abbr] = loc_id
        locations[loc_id] = Location(id=loc_id, name=name, abbr=abbr, x=x, y=y, props=props,
                                     source=source, offmap=offmap)

    # ---- links
    links: list[Link] = []
    seen: dict[tuple[frozenset[str], str], int] = {}
    for index, entry in enumerate(raw_links):
        a, b = entry.get("a"), entry.get("b")
        label = f"{a}-{b}" if isinstance(a, str) and isinstance(b, str) else f"link #{index + 1}"
        at = where(link_lines, index, "link", label)
        for key in LINK_REQUIRED:
            if key not in entry:
                raise fail(at, f"missing required key '{key}'")
        kind, source = entry["kind"], entry["source"]
        if not isinstance(a, str) or not isinstance(b, str):
            raise fail(at, "a and b must be location ids")
        for end in (a, b):
            if end not in locations:
                raise fail(at, f"unknown location {end!r}")
        if a == b:
            raise fail(at, "a link may not join a location to itself")
        if kind not in kinds:
            raise fail(at, f"bad kind {kind!r} (expected one of {', '.join(kinds)})")
        if not isinstance(source, str):
            raise fail(at, "source must be a string")
        key = (frozenset((a, b)), kind)
        if key in seen:
            raise fail(at, f"duplicate {kind} link {a}-{b} (same as link #{seen[key] + 1})")
        props = {k: v for k, v in entry.items() if k not in LINK_KEYS}
        for pkey, value in (link_defaults or {}).items():
            props.setdefault(pkey, copy.deepcopy(value))
        if "downstream" in props:
            down = props["downstream"]
            if down not in (a, b):
                raise fail(at, f"downstream {down!r} is not an end of the link")
            if kind != "river":
                raise fail(at, "downstream is only allowed on river links")
        if "bank" in props:
            bank = props["bank"]
            if not isinstance(bank, list):
                raise fail(at, "bank must be a list of link ends")
            for end in bank:
                if end not in (a, b):
                    raise fail(at, f"bank entry {end!r} is not an end of the link")
            if len(set(bank)) != len(bank):
                raise fail(at, "bank lists an end twice")
        if entry_check is not None:
            msg = entry_check("link", {**entry, **props})
            if msg:
                raise fail(at, msg)
        seen[key] = index
        links.append(Link(a=a, b=b, kind=kind, props=props, source=source))

    return Board(board_game, locations, links, info_formatter=info_formatter, path=path)
