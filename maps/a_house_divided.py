"""A House Divided: the board (``a_house_divided.toml``), its constants and its validation.

The seed prints no map; the TOML reconstructs it (docs/ahd-map.md). ``load()`` returns the cached
:class:`maps.board.Board`; location props are ``state``, ``colour`` (blue / grey / white, the
printed colour = owner at start, B9.0), ``union_shield`` / ``csa_shield`` (B7.0), ``port``
(B4.2.3), ``permanent_entrenchment`` (B4.2.5) and ``border_state`` (A8.3); link props are
``downstream`` (rivers, B4.2.2), ``bank`` (B5.2.3) and ``potomac`` (B4.2.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from maps import board as board_module
from maps.board import Board, Location, load_board
from maps.cache import cached

__all__ = [
    "BORDER_STATES",
    "COLOURS",
    "EUROPE",
    "GAME_ID",
    "MAP_PATH",
    "PERMANENT_ENTRENCHMENTS",
    "UNION_VICTORY_CITIES",
    "format_info",
    "load",
    "load_path",
]

GAME_ID = "a-house-divided"
MAP_PATH = Path(__file__).with_name("a_house_divided.toml")

# The two capitals (B11.0: Washington's fall; A6.0; A8.3 DRMs; A8.4 conditions; B4.2.4 invasions
# sail from Washington).
WASHINGTON = "washington"
RICHMOND = "richmond"
# B11.0 / T10: the Confederate recruiting cities of value 2 or 3; the Union wins owning all seven.
UNION_VICTORY_CITIES: tuple[str, ...] = (
    "new-orleans", "mobile", "atlanta", "memphis", "charleston", "wilmington", RICHMOND,
)
# B4.2.5: the complete list of permanent entrenchments.
PERMANENT_ENTRENCHMENTS: tuple[str, ...] = (WASHINGTON, RICHMOND, "fort-monroe", "vicksburg")
# A8.3 / T7: the recruiting cities the CSA must all control to roll for a border state.
BORDER_STATES: dict[str, tuple[str, ...]] = {
    "missouri": ("st-joseph", "springfield-mo", "st-louis"),
    "kentucky": ("bowling-green", "louisville"),
    "maryland": ("baltimore",),
}
# A8.4 / GAP-11: the off-map box where foreign units wait.
EUROPE = "europe"

# Printed colour -> who owns the box at start (B9.0).
COLOURS: dict[str, str] = {"blue": "Union", "grey": "Confederate", "white": "neutral"}

LOCATION_PROPS = ("state", "colour", "union_shield", "csa_shield", "port",
                  "permanent_entrenchment", "border_state")
LINK_DEFAULTS = {"bank": [], "potomac": False}


def _check_entry(kind: str, entry: Mapping[str, Any]) -> str | None:
    """AHD-specific validation of one raw entry (after defaults); an error message or None."""
    if kind == "location":
        for key in LOCATION_PROPS:
            if key not in entry:
                return f"missing required key '{key}'"
        state = entry["state"]
        if not isinstance(state, str) or (not state and not entry.get("offmap", False)):
            return "state must be a non-empty string (empty only for an off-map box)"
        if entry["colour"] not in COLOURS:
            return f"bad colour {entry['colour']!r} (expected blue, grey or white)"
        for key in ("union_shield", "csa_shield"):
            value = entry[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                return f"{key} must be a non-negative integer, not {value!r}"
        for key in ("port", "permanent_entrenchment"):
            if not isinstance(entry[key], bool):
                return f"{key} must be true or false"
        border = entry["border_state"]
        if border not in ("", *BORDER_STATES):
            return f"bad border_state {border!r} (expected missouri, kentucky, maryland or \"\")"
        if border and state.lower() != border:
            return f"border_state {border!r} does not match state {state!r}"
        if entry.get("offmap", False) and (entry["port"] or entry["union_shield"]
                                           or entry["csa_shield"]):
            return "an off-map box has no port, shield or entrenchment"
        return None
    # link
    river = entry["kind"] == "river"
    if river and "downstream" not in entry:
        return "river link without 'downstream' (direction of the current, B4.2.2)"
    if not isinstance(entry.get("potomac"), bool):
        return "potomac must be true or false"
    if entry["potomac"] and not river:
        return "only a river line can be the Potomac (B4.2.6)"
    return None


def format_info(loc: Location) -> list[str]:
    """Status-bar lines for a box, e.g. "Colour: blue (Union at start)", "Recruiting: Union 2"."""
    p = loc.props
    lines: list[str] = []
    if loc.offmap:
        lines.append("Off-map box")
    if p.get("state"):
        lines.append(f"State: {p['state']}")
    colour = p.get("colour", "white")
    lines.append(f"Colour: {colour} ({COLOURS.get(colour, '?')} at start)")
    shields = [f"{side} {p[key]}" for side, key in (("Union", "union_shield"),
                                                     ("Confederate", "csa_shield")) if p.get(key)]
    if shields:
        lines.append("Recruiting: " + ", ".join(shields))
    if p.get("port"):
        lines.append("Port")
    if p.get("permanent_entrenchment"):
        lines.append("Permanent entrenchment")
    if p.get("border_state"):
        lines.append(f"Border state: {p['border_state'].capitalize()}")
    return lines


def load_path(path: str | Path) -> Board:
    """Load and validate an AHD board file (uncached; ``load()`` is the one to use in play)."""
    return load_board(path, GAME_ID, info_formatter=format_info, link_defaults=LINK_DEFAULTS,
                      entry_check=_check_entry)


@cache
def load() -> Board:
    """The A House Divided board, loaded once per process (from the board cache,
    ``maps/cache.py``, when it holds this file's board)."""
    return cached(MAP_PATH, load_path, code=(Path(__file__), Path(board_module.__file__)),
                  kind=Board)
