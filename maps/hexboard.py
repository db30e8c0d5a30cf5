"""Generic hex boards: a TOML loader that validates the file and a :class:`HexBoard` over it.

A hex board file holds::

    [meta]                      # game, letters, rows, shifted, directions, levels (+ free keys)
    game = "gettysburg-1863"
    letters = "ABCDEFGHIKLMNOPQRSTUV"
    rows = 13
    shifted = "even"            # see maps.hexes.GridSpec
    directions = ["E", "NE", "NW", "W", "SW", "SE"]
    levels = [0, 1, 2]          # the elevations a hex may have

    [terrain.woods]             # one table per terrain type
    name = "Woods"              # required: name, blocks_los, level, source
    blocks_los = true
    level = 0
    source = "seed 5.3.1"
    mp = 2                      # every other key -> Terrain.props

    [side.stream]               # one table per hexside feature kind: name, source (+ props)
    name = "Stream"
    source = "seed 5.3.1"

    [hex]                       # every hex of the grid, one inline table each
    K7 = { terrain = "woods", elevation = 0, source = "reconstructed", name = "..." }

    [[line]]                    # a named hexside feature: a road, a stream...
    kind = "road"               # a key of [side]
    name = "Baltimore Pike"
    hexes = ["Q6", "Q5", ...]   # a chain of adjacent hexes (its consecutive pairs are hexsides)
    # or: sides = [["K7", "K8"], ["I7", "K8"]]   (each pair must be adjacent)
    source = "research roads.csv"

``load_hexboard`` validates the file and raises :class:`HexBoardError` with a message naming the
file, the line and the entry, e.g. ``gettysburg.toml: line 180 (K7): unknown terrain 'swamp'``
or ``gettysburg.toml: line 540 (stream Rock Creek): hexside V3-V5: the hexes are not adjacent``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from maps import hexes
from maps.hexes import GridSpec

if TYPE_CHECKING:
    import networkx

__all__ = [
    "Hex",
    "HexBoard",
    "HexBoardError",
    "HexLine",
    "SideKind",
    "Terrain",
    "load_hexboard",
]

TOP_LEVEL_KEYS = frozenset({"meta", "terrain", "side", "hex", "line"})
TERRAIN_REQUIRED = ("name", "blocks_los", "level", "source")
SIDE_REQUIRED = ("name", "source")
HEX_REQUIRED = ("terrain", "elevation", "source")
LINE_REQUIRED = ("kind", "name", "source")
KEY_RE = re.compile(r"^[a-z][a-z0-9_]*$")


class HexBoardError(ValueError):
    """A hex board file is missing, unreadable or invalid. The message names file, line, entry."""


@dataclass(frozen=True)
class Terrain:
    """A terrain type. ``props`` holds the game's values (MP cost, protection...)."""

    id: str
    name: str
    blocks_los: bool
    level: int
    source: str
    props: dict = field(hash=False)


@dataclass(frozen=True)
class SideKind:
    """A kind of hexside feature (road, stream...)."""

    id: str
    name: str
    source: str
    props: dict = field(hash=False)


@dataclass(frozen=True)
class Hex:
    """One hex: its terrain, elevation, provenance, optional name and game properties."""

    id: str
    terrain: str
    elevation: int
    source: str
    name: str = ""
    props: dict = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class HexLine:
    """A named hexside feature: the hexsides it runs along (and, for a chain, its hexes)."""

    kind: str
    name: str
    sides: tuple[frozenset[str], ...]
    source: str
    hexes: tuple[str, ...] = ()


EntryCheck = Callable[[str, str, Mapping[str, Any]], "str | None"]


class HexBoard:
    """A loaded hex board. ``graph`` (networkx, built on first use) has one node per hex
    (attributes ``hex``, ``terrain``, ``elevation``) and one edge per pair of adjacent hexes,
    carrying for each side kind the tuple of feature names on that hexside (empty if none)."""

    def __init__(self, game: str, spec: GridSpec, terrains: Mapping[str, Terrain],
                 side_kinds: Mapping[str, SideKind], hex_map: Mapping[str, Hex],
                 lines: list[HexLine], *, meta: Mapping[str, Any] | None = None,
                 path: Path | None = None) -> None:
        self.game = game
        self.spec = spec
        self.terrains = dict(terrains)
        self.side_kinds = dict(side_kinds)
        self.hexes = dict(hex_map)
        self.lines = list(lines)
        self.meta = dict(meta or {})
        self.path = path
        features: dict[frozenset[str], dict[str, tuple[str, ...]]] = {}
        for ln in self.lines:
            for side in ln.sides:
                names = features.setdefault(side, {}).setdefault(ln.kind, ())
                if ln.name not in names:
                    features[side][ln.kind] = names + (ln.name,)
        self._features = features

    def __repr__(self) -> str:
        return f"<HexBoard {self.game}: {len(self.hexes)} hexes, {len(self.lines)} lines>"

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    # ---- hexes and terrain
    def hex(self, h: str) -> Hex:
        try:
            return self.hexes[h]
        except KeyError:
            raise KeyError(f"unknown hex {h!r} on board {self.game}") from None

    def terrain(self, h: str) -> Terrain:
        return self.terrains[self.hex(h).terrain]

    def elevation(self, h: str) -> int:
        return self.hex(h).elevation

    def neighbours(self, h: str) -> dict[str, str]:
        """Direction name -> neighbouring hex on the board."""
        return {d: n for d, n in hexes.neighbours(h, self.spec).items() if n in self.hexes}

    def distance(self, a: str, b: str) -> int:
        return hexes.distance(a, b, self.spec)

    # ---- hexsides
    def side(self, a: str, b: str) -> dict[str, tuple[str, ...]]:
        """Side kind -> feature names on the hexside between adjacent ``a`` and ``b``."""
        return dict(self._features.get(hexes.hexside(a, b, self.spec), {}))

    def has(self, a: str, b: str, kind: str) -> bool:
        """True if a feature of ``kind`` (e.g. "road") is on the hexside between ``a`` and ``b``."""
        return bool(self.side(a, b).get(kind))

    def sides_of(self, kind: str) -> set[frozenset[str]]:
        """Every hexside carrying a feature of ``kind``."""
        return {s for s, feats in self._features.items() if feats.get(kind)}

    # ---- line of sight
    def obstruction(self, h: str, occupied: Collection[str] = ()) -> int | None:
        """The level at which ``h`` obstructs a line of sight: its elevation if its terrain
        blocks (5.3.1) or a unit stands in it (5.1), else ``None``."""
        hx = self.hexes.get(h)
        if hx is None:
            return None
        if self.terrains[hx.terrain].blocks_los or h in occupied:
            return hx.elevation
        return None

    def sight_blockers(self, a: str, b: str, occupied: Collection[str] = (),
                       eye: int | None = None) -> list[str]:
        """What blocks the line of sight from ``a`` to ``b`` (see maps.hexes.sight_blockers);
        ``eye`` defaults to the elevation of ``a``; ``occupied`` = hexes holding any unit."""
        level = self.elevation(a) if eye is None else eye
        self.hex(b)
        return hexes.sight_blockers(a, b, self.spec,
                                    lambda h: self.obstruction(h, occupied), level)

    def line_of_sight(self, a: str, b: str, occupied: Collection[str] = (),
                      eye: int | None = None) -> bool:
        return not self.sight_blockers(a, b, occupied, eye)

    # ---- display and graph
    def info(self, h: str) -> list[str]:
        """Human-readable lines describing ``h`` (for a status bar)."""
        hx = self.hex(h)
        lines = [f"{h} {hx.name}".rstrip(), f"{self.terrains[hx.terrain].name}, "
                 f"level {hx.elevation}"]
        for other in self.neighbours(h).values():
            for kind, names in self.side(h, other).items():
                for name in names:
                    text = f"{self.side_kinds[kind].name}: {name}"
                    if text not in lines:
                        lines.append(text)
        return lines

    @cached_property
    def graph(self) -> "networkx.Graph":
        """The networkx Graph, built on first use (importing networkx is slow)."""
        import networkx

        graph = networkx.Graph(game=self.game)
        for h, hx in self.hexes.items():
            graph.add_node(h, hex=hx, terrain=hx.terrain, elevation=hx.elevation)
        for h in self.hexes:
            for other in self.neighbours(h).values():
                if not graph.has_edge(h, other):
                    feats = self._features.get(frozenset((h, other)), {})
                    graph.add_edge(h, other, **{k: feats.get(k, ()) for k in self.side_kinds})
        return graph


# ---------------------------------------------------------------- loading

def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Lines:
    """Line numbers of the entries of a TOML text, for error messages."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        start = self.table("hex") or 0
        key = re.compile(r"^\s*([A-Za-z0-9_]+)\s*=")
        self.hex_keys: dict[str, int] = {}
        for n in range(start, len(self.lines)):
            if self.lines[n].lstrip().startswith("["):
                break
            m = key.match(self.lines[n])
            if m:
                self.hex_keys.setdefault(m.group(1), n + 1)

    def first(self, pattern: str, start: int = 0) -> int | None:
        rx = re.compile(pattern)
        for n in range(start, len(self.lines)):
            if rx.search(self.lines[n]):
                return n + 1
        return None

    def table(self, header: str) -> int | None:
        return self.first(r"^\s*\[\s*" + re.escape(header).replace(r"\.", r"\s*\.\s*")
                          + r"\s*\]\s*(#.*)?$")

    def hex_key(self, h: str) -> int | None:
        return self.hex_keys.get(h)

    def arrays(self, name: str) -> list[int]:
        rx = re.compile(r"^\s*\[\[\s*" + re.escape(name) + r"\s*\]\]\s*(#.*)?$")
        return [n + 1 for n, text in enumerate(self.lines) if rx.match(text)]


def load_hexboard(path: str | Path, game: str | None = None, *,
                  terrain_required: Collection[str] = (),
                  entry_check: EntryCheck | None = None,
                  complete: bool = True) -> HexBoard:
    """Load, validate and return the hex board in the TOML file ``path``.

    ``game``: expected ``[meta] game``. ``terrain_required``: property keys every terrain type
    must have besides the generic ones. ``entry_check(kind, id, entry)`` with kind ``"terrain"``,
    ``"side"``, ``"hex"`` or ``"line"`` returns an error message (or ``None``) for game-specific
    validation; the loader adds the file, line and entry. ``complete``: every hex of the grid
    must be listed.
    """
    path = Path(path)
    fname = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HexBoardError(f"{fname}: board file not found ({path})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise HexBoardError(f"{fname}: cannot read board file: {exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HexBoardError(f"{fname}: invalid TOML: {exc}") from None
    where = _Lines(text)

    def fail(line: int | None, label: str, msg: str) -> HexBoardError:
        pos = f"line {line} ({label})" if line else f"({label})" if label else ""
        return HexBoardError(f"{fname}: {pos}: {msg}" if pos else f"{fname}: {msg}")

    unknown = sorted(set(data) - TOP_LEVEL_KEYS)
    if unknown:
        raise fail(where.first(r"^\s*\[\[?\s*" + re.escape(unknown[0])), unknown[0],
                   "unknown top-level key (expected [meta], [terrain.*], [side.*], [hex], "
                   "[[line]])")

    # ---- meta and grid
    meta = data.get("meta")
    meta_line = where.table("meta")
    if not isinstance(meta, dict):
        raise fail(meta_line, "meta", "missing [meta] table")
    file_game = meta.get("game")
    if not isinstance(file_game, str) or not file_game:
        raise fail(meta_line, "meta", "missing 'game'")
    if game is not None and file_game != game:
        raise fail(meta_line, "meta", f"board is for game {file_game!r}, expected {game!r}")
    for key in ("letters", "rows", "shifted"):
        if key not in meta:
            raise fail(meta_line, "meta", f"missing required key '{key}'")
    try:
        spec = GridSpec(letters=meta["letters"], rows=meta["rows"], shifted=meta["shifted"],
                        directions=tuple(meta.get("directions", GridSpec.directions)))
    except (TypeError, ValueError) as exc:
        raise fail(meta_line, "meta", f"bad grid: {exc}") from None
    levels = meta.get("levels", [0])
    if not (isinstance(levels, list) and levels and all(_is_int(v) for v in levels)):
        raise fail(meta_line, "meta", "levels must be a non-empty list of integers")

    def check(kind: str, key: str, entry: Mapping[str, Any], line: int | None,
              label: str) -> None:
        if entry_check is not None:
            msg = entry_check(kind, key, entry)
            if msg:
                raise fail(line, label, msg)

    # ---- terrain types
    raw_terrain = data.get("terrain")
    if not isinstance(raw_terrain, dict) or not raw_terrain:
        raise fail(None, "terrain", "missing [terrain.*] tables")
    terrains: dict[str, Terrain] = {}
    for tid, entry in raw_terrain.items():
        line = where.table(f"terrain.{tid}")
        label = f"terrain {tid}"
        if not KEY_RE.match(tid) or not isinstance(entry, dict):
            raise fail(line, label, "terrain ids are lowercase words, each a [terrain.<id>] table")
        for key in (*TERRAIN_REQUIRED, *terrain_required):
            if key not in entry:
                raise fail(line, label, f"missing required key '{key}'")
        if not isinstance(entry["name"], str) or not isinstance(entry["source"], str):
            raise fail(line, label, "name and source must be strings")
        if not isinstance(entry["blocks_los"], bool):
            raise fail(line, label, "blocks_los must be true or false")
        if entry["level"] not in levels or not _is_int(entry["level"]):
            raise fail(line, label, f"level {entry['level']!r} is not one of {levels}")
        check("terrain", tid, entry, line, label)
        terrains[tid] = Terrain(id=tid, name=entry["name"], blocks_los=entry["blocks_los"],
                                level=entry["level"], source=entry["source"],
                                props={k: v for k, v in entry.items()
                                       if k not in TERRAIN_REQUIRED})

    # ---- hexside kinds
    raw_sides = data.get("side", {})
    if not isinstance(raw_sides, dict):
        raise fail(where.table("side"), "side", "[side.*] must be tables")
    side_kinds: dict[str, SideKind] = {}
    for kid, entry in raw_sides.items():
        line = where.table(f"side.{kid}")
        label = f"side {kid}"
        if not KEY_RE.match(kid) or not isinstance(entry, dict):
            raise fail(line, label, "side kinds are lowercase words, each a [side.<id>] table")
        for key in SIDE_REQUIRED:
            if not isinstance(entry.get(key), str):
                raise fail(line, label, f"missing required key '{key}' (a string)")
        check("side", kid, entry, line, label)
        side_kinds[kid] = SideKind(id=kid, name=entry["name"], source=entry["source"],
                                   props={k: v for k, v in entry.items()
                                          if k not in SIDE_REQUIRED})

    # ---- hexes
    raw_hexes = data.get("hex")
    if not isinstance(raw_hexes, dict) or not raw_hexes:
        raise fail(None, "hex", "missing [hex] table")
    hex_map: dict[str, Hex] = {}
    for h, entry in raw_hexes.items():
        line = where.hex_key(h)
        if not hexes.is_hex(h, spec):
            raise fail(line, h, f"unknown hex id {h!r} (not on the {spec.letters[0]}-"
                                f"{spec.letters[-1]} x 1-{spec.rows} grid of letters "
                                f"{spec.letters})")
        if not isinstance(entry, dict):
            raise fail(line, h, "a hex entry must be an inline table { terrain = ..., ... }")
        for key in HEX_REQUIRED:
            if key not in entry:
                raise fail(line, h, f"missing required key '{key}'")
        if entry["terrain"] not in terrains:
            raise fail(line, h, f"unknown terrain {entry['terrain']!r} (expected one of "
                                f"{', '.join(terrains)})")
        if not _is_int(entry["elevation"]) or entry["elevation"] not in levels:
            raise fail(line, h, f"elevation {entry['elevation']!r} is not one of {levels}")
        if not isinstance(entry["source"], str) or not entry["source"]:
            raise fail(line, h, "source must be a non-empty string")
        name = entry.get("name", "")
        if not isinstance(name, str):
            raise fail(line, h, "name must be a string")
        check("hex", h, entry, line, h)
        hex_map[h] = Hex(id=h, terrain=entry["terrain"], elevation=entry["elevation"],
                         source=entry["source"], name=name,
                         props={k: v for k, v in entry.items()
                                if k not in (*HEX_REQUIRED, "name")})
    if complete:
        missing = [h for h in hexes.all_hexes(spec) if h not in hex_map]
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            raise fail(where.table("hex"), "hex", f"{len(missing)} hex(es) of the grid missing: "
                                                  f"{shown}")

    # ---- lines (hexside features)
    raw_lines = data.get("line", [])
    if not isinstance(raw_lines, list) or not all(isinstance(e, dict) for e in raw_lines):
        raise fail(None, "line", "'line' must be an array of tables ([[line]])")
    line_heads = where.arrays("line")
    if len(line_heads) != len(raw_lines):
        line_heads = [0] * len(raw_lines)
    lines: list[HexLine] = []
    for index, entry in enumerate(raw_lines):
        head = line_heads[index] or None
        label = f"{entry.get('kind', '?')} {entry.get('name', f'#{index + 1}')}"
        for key in LINE_REQUIRED:
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise fail(head, label, f"missing required key '{key}' (a string)")
        if entry["kind"] not in side_kinds:
            raise fail(head, label, f"unknown side kind {entry['kind']!r} (expected one of "
                                    f"{', '.join(side_kinds) or 'none: add [side.*] tables'})")
        if ("hexes" in entry) == ("sides" in entry):
            raise fail(head, label, "give exactly one of 'hexes' (a chain) or 'sides' (pairs)")

        def pair_line(a: str, b: str) -> int | None:
            found = where.first(rf'"{re.escape(a)}"\s*,\s*"{re.escape(b)}"', (head or 1) - 1)
            return found or head

        if "hexes" in entry:
            chain = entry["hexes"]
            if not (isinstance(chain, list) and len(chain) >= 2
                    and all(isinstance(h, str) for h in chain)):
                raise fail(head, label, "hexes must be a list of at least two hex ids")
            pairs = list(zip(chain, chain[1:]))
        else:
            raw_pairs = entry["sides"]
            if not (isinstance(raw_pairs, list) and raw_pairs
                    and all(isinstance(p, list) and len(p) == 2
                            and all(isinstance(h, str) for h in p) for p in raw_pairs)):
                raise fail(head, label, "sides must be a non-empty list of [hex, hex] pairs")
            pairs = [(p[0], p[1]) for p in raw_pairs]
        sides: list[frozenset[str]] = []
        for a, b in pairs:
            for h in (a, b):
                if h not in hex_map:
                    raise fail(pair_line(a, b), label, f"unknown hex {h!r}")
            if not hexes.adjacent(a, b, spec):
                raise fail(pair_line(a, b), label,
                           f"hexside {a}-{b}: the hexes are not adjacent")
            side = frozenset((a, b))
            if side in sides:
                raise fail(pair_line(a, b), label, f"hexside {a}-{b} listed twice")
            sides.append(side)
        check("line", entry["name"], entry, head, label)
        lines.append(HexLine(kind=entry["kind"], name=entry["name"], sides=tuple(sides),
                             source=entry["source"],
                             hexes=tuple(entry.get("hexes", ()))))

    return HexBoard(file_game, spec, terrains, side_kinds, hex_map, lines, meta=meta, path=path)
