"""Gettysburg 1863 (Yankees & Rebels): the battlefield (``gettysburg.toml``), its constants and
its validation.

The seed prints no map; the TOML reconstructs it (docs/gettysburg-map.md). ``load()`` returns
the cached :class:`maps.hexboard.HexBoard`. The constants below are read from that one file (the
data is their only definition); tests/test_gettysburg_map.py checks them against the rules.

Hex properties the rules read: ``vp`` (8.0: VP the Confederate player scores per day holding
the hex), ``entry`` (7.0: reinforcement entry hex of "Union" / "Confederate"),
``closed_to_artillery`` (4.0), ``special = "cemetery-hill"`` (5.2.1). Terrain properties:
``mp``, ``stop``, ``protection``, ``cavalry`` (5.3.1, 4.0), ``level`` (5.2), ``blocks_los``
(5.1). Side kinds: ``road`` (4.0) and ``stream`` (5.3.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from maps import hexboard as hexboard_module
from maps import hexes as hexes_module
from maps.cache import cached
from maps.hexboard import HexBoard, HexBoardError, load_hexboard
from maps.hexes import GridSpec

__all__ = [
    "CEMETERY_HILL",
    "CLOSED_TO_ARTILLERY",
    "ENTRY_HEXES",
    "ENTRY_ROADS",
    "GAME_ID",
    "GRID",
    "MAP_PATH",
    "ROADS",
    "STREAMS",
    "SIDES",
    "VP_HEXES",
    "load",
    "load_path",
]

GAME_ID = "gettysburg-1863"
MAP_PATH = Path(__file__).with_name("gettysburg.toml")
SIDES = ("Union", "Confederate")
SPECIALS = ("cemetery-hill",)
HEX_PROPS = frozenset({"vp", "entry", "closed_to_artillery", "special"})
TERRAIN_REQUIRED = ("italian", "mp", "stop", "protection", "cavalry")
SIDE_REQUIRED = {"road": ("mp", "strategic"), "stream": ("mp", "stop", "protection")}


def _check(kind: str, key: str, entry: Mapping[str, Any]) -> str | None:
    """Gettysburg validation of one raw entry; an error message or None."""
    if kind == "terrain":
        if not isinstance(entry["mp"], int) or entry["mp"] < 1:
            return "mp must be a positive integer"
        if not isinstance(entry["protection"], int) or entry["protection"] < 0:
            return "protection must be a non-negative integer (dice fewer)"
        for flag in ("stop", "cavalry"):
            if not isinstance(entry[flag], bool):
                return f"{flag} must be true or false"
        return None
    if kind == "side":
        if key not in SIDE_REQUIRED:
            return f"unknown side kind {key!r} (expected road or stream)"
        for prop in SIDE_REQUIRED[key]:
            if prop not in entry:
                return f"missing required key '{prop}'"
        return None
    if kind == "hex":
        unknown = sorted(set(entry) - HEX_PROPS - {"terrain", "elevation", "source", "name"})
        if unknown:
            return f"unknown property {unknown[0]!r}"
        vp = entry.get("vp")
        if vp is not None and (not isinstance(vp, int) or isinstance(vp, bool) or vp < 1):
            return f"vp must be a positive integer, not {vp!r}"
        if entry.get("entry") not in (None, *SIDES):
            return f"entry must be 'Union' or 'Confederate', not {entry['entry']!r}"
        if not isinstance(entry.get("closed_to_artillery", False), bool):
            return "closed_to_artillery must be true or false"
        if entry.get("special") not in (None, *SPECIALS):
            return f"unknown special {entry['special']!r}"
        if (vp is not None or entry.get("entry") or entry.get("special")) \
                and not entry.get("name"):
            return "a VP, entry or special hex must have a name"
        return None
    return None


def _check_board(board: HexBoard) -> HexBoard:
    """Whole-board checks: one Cemetery Hill (5.2.1); each hex's elevation is its terrain's level
    (5.2); each entry hex is the end of a road (7.0: units enter spending 1/2 MP, the road
    rate)."""
    name = board.path.name if board.path else GAME_ID
    specials = [h for h, hx in board.hexes.items() if hx.props.get("special") == "cemetery-hill"]
    if len(specials) != 1:
        raise HexBoardError(f"{name}: (hex): exactly one hex must be special = "
                            f"\"cemetery-hill\" (5.2.1), not {len(specials)}")
    for h, hx in board.hexes.items():
        level = board.terrains[hx.terrain].level
        if hx.elevation != level:
            raise HexBoardError(f"{name}: ({h}): elevation {hx.elevation} contradicts terrain "
                                f"{hx.terrain!r} (level {level}, rule 5.2)")
        if hx.props.get("entry") and not any(
                ln.kind == "road" and h in (ln.hexes[0], ln.hexes[-1]) for ln in board.lines):
            raise HexBoardError(f"{name}: ({h}): entry hex is not the end of a road (7.0)")
    return board


def load_path(path: str | Path) -> HexBoard:
    """Load and validate a Gettysburg board file (uncached; ``load()`` is the one to use)."""
    board = load_hexboard(path, GAME_ID, terrain_required=TERRAIN_REQUIRED, entry_check=_check)
    return _check_board(board)


@cache
def load() -> HexBoard:
    """The Gettysburg battlefield, loaded once per process (from the board cache,
    ``maps/cache.py``, when it holds this file's board)."""
    return cached(MAP_PATH, load_path, code=(Path(__file__), Path(hexboard_module.__file__),
                                               Path(hexes_module.__file__)), kind=HexBoard)


# The constants are read from the data file on first use (module __getattr__, PEP 562), so that
# importing this module costs nothing until a game needs the map.
GRID: GridSpec
# 8.0: hex -> VP the Confederate player scores per day holding it.
VP_HEXES: Mapping[str, int]
# 7.0 / scenario tables: reinforcement entry hex -> side entering there.
ENTRY_HEXES: Mapping[str, str]
# 4.0: hexes artillery (and horse artillery) may not enter.
CLOSED_TO_ARTILLERY: frozenset[str]
# 5.2.1: -2 dice against infantry and cavalry, retreats ignored.
CEMETERY_HILL: str
# Road / stream name -> the hexsides it runs along.
ROADS: Mapping[str, tuple[frozenset[str], ...]]
STREAMS: Mapping[str, tuple[frozenset[str], ...]]
# Entry hex -> the road it is the end of (research identification, roads.csv).
ENTRY_ROADS: Mapping[str, str]


@cache
def _constants() -> dict[str, Any]:
    board = load()
    props = {h: x.props for h, x in board.hexes.items()}
    roads = [ln for ln in board.lines if ln.kind == "road"]
    entries = {h: p["entry"] for h, p in props.items() if "entry" in p}
    readonly = MappingProxyType
    return {
        "GRID": board.spec,
        "VP_HEXES": readonly({h: p["vp"] for h, p in props.items() if "vp" in p}),
        "ENTRY_HEXES": readonly(entries),
        "CLOSED_TO_ARTILLERY": frozenset(h for h, p in props.items()
                                         if p.get("closed_to_artillery")),
        "CEMETERY_HILL": next(h for h, p in props.items() if p.get("special") == "cemetery-hill"),
        "ROADS": readonly({ln.name: ln.sides for ln in roads}),
        "STREAMS": readonly({ln.name: ln.sides for ln in board.lines if ln.kind == "stream"}),
        "ENTRY_ROADS": readonly({h: next(ln.name for ln in roads
                                         if h in (ln.hexes[0], ln.hexes[-1]))
                                 for h in entries}),
    }


def __getattr__(name: str) -> Any:
    if name in __annotations__ and name.isupper():
        return _constants()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
