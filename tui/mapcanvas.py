"""The point-to-point map drawn on a character canvas: geometry, cells and Rich styles, no
widget (the pane is tui/mappane.py, the zoomed-out overview tui/overview.py).

Every location is drawn at its board x/y as

    u[RICH]*✪★C3      control letter, [abbreviation], target mark, then the place's markers
     C:3·2·1 U:2      pieces: per side its code and each piece's strength, on the row below
    !C:3·2            "!" before the pieces: what `View.focus` resolves happens here (a battle)

**Lines** are drawn with box-drawing characters and join where they meet: each link is a
staircase of horizontal and vertical runs (so it never leaves the 4-connected grid), every
cell remembers which of its four sides a line leaves by, and the character is chosen from
those sides (`═╗ ╚╦ ╬ ╪ ┼ ├`...). A link leaves a box by the side facing the other end: the
cell left of the control letter or the target mark's cell for a mostly horizontal link, the
row above the label or the piece row for a steep one, so every line visibly ends at its box.
Each kind is its own family of characters (`LINE_FAMILIES`), readable without colour: rail
double `═║╔`, road light `─│┌`, river `~≀╭` (rounded corners; under a line that crosses it,
a bridge; joined to one it runs along), other kinds dashed `╌╎` / dotted `┄┆` / heavy `━┃`
in order of appearance.
Where a road and a rail cross, the mixed characters keep both (`╪`, `╫`). A river bank
(`Link.props["bank"]`: the end whose box is entered across a river along that line) is `≈`
on the line next to that box; a link's `name` prop (the Potomac) is written beside it.

**Markers** (`MARKERS`, from board props, so every game with those props gets them):
`capital` ✪, `victory` ★, `fortified` ♜, `port` Ψ, `recruit` (a number, or side -> number:
`U2C1`).

The line layer never changes during a game, so it is drawn once; labels, pieces, markers and
the cursor are an overlay rebuilt when the view changes, and rows are turned into Strips
lazily (only rows on screen) and cached until they change.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from importlib import import_module
from itertools import chain
from pathlib import Path
from typing import Any, Iterable

from rich.style import Style
from textual.strip import Strip

from maps.cache import cache_digest, cached_object

# the pieces both canvases share (the marks, their styles, jump labels, side codes)
from tui.mapparts import (cells_strip, CURSOR_STYLE, FOCUS_MARK, FOCUS_STYLE, HINT_ALPHABET, HINT_STYLE,  # noqa: F401
                          MARK_STYLE, SIDE_COLOURS, TARGET_MARK, SideLook, hint_labels,
                          side_codes)

# -- line characters ---------------------------------------------------------------------------

N, E, S, W = 0, 1, 2, 3
STEP = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
OPPOSITE = {N: S, S: N, E: W, W: E}

# (north, east, south, west) weights (0 none, 1 light, 2 double) -> box-drawing character
BOX_CHARS: dict[tuple[int, int, int, int], str] = {}


def _box(chars: str, keys: list[tuple[int, int, int, int]]) -> None:
    for ch, key in zip(chars, keys):
        BOX_CHARS[key] = ch


for _w, _chars in ((1, "─│┌┐└┘├┤┬┴┼"), (2, "═║╔╗╚╝╠╣╦╩╬")):
    _box(_chars, [(0, _w, 0, _w), (_w, 0, _w, 0), (0, _w, _w, 0), (0, 0, _w, _w), (_w, _w, 0, 0),
                  (_w, 0, 0, _w), (_w, _w, _w, 0), (_w, 0, _w, _w), (0, _w, _w, _w),
                  (_w, _w, 0, _w), (_w, _w, _w, _w)])
# mixed: vertical light and horizontal double, then vertical double and horizontal light
_box("╒╕╘╛╞╡╤╧╪", [(0, 2, 1, 0), (0, 0, 1, 2), (1, 2, 0, 0), (1, 0, 0, 2), (1, 2, 1, 0),
                   (1, 0, 1, 2), (0, 2, 1, 2), (1, 2, 0, 2), (1, 2, 1, 2)])
_box("╓╖╙╜╟╢╥╨╫", [(0, 1, 2, 0), (0, 0, 2, 1), (2, 1, 0, 0), (2, 0, 0, 1), (2, 1, 2, 0),
                   (2, 0, 2, 1), (0, 1, 2, 1), (2, 1, 0, 1), (2, 1, 2, 1)])


@dataclass(frozen=True)
class LineFamily:
    """How one kind of link is drawn: box-drawing weight (1 light, 2 double) and the
    characters of its straight runs (corners and junctions come from `BOX_CHARS`)."""

    name: str
    weight: int
    horizontal: str
    vertical: str
    describe: str


FAMILIES = {
    "double": LineFamily("double", 2, "═", "║", "double line"),
    "solid": LineFamily("solid", 1, "─", "│", "single line"),
    "dashed": LineFamily("dashed", 1, "╌", "╎", "dashed line"),
    "dotted": LineFamily("dotted", 1, "┄", "┆", "dotted line"),
    "heavy": LineFamily("heavy", 1, "━", "┃", "heavy line"),
}
# link kinds with a conventional drawing; any other kind gets the next free family
KIND_FAMILIES = {"rail": "double", "railway": "double", "road": "solid", "open": "solid"}
SPARE_FAMILIES = ("dashed", "dotted", "heavy", "solid", "double")
RIVER_KINDS = {"river"}
RIVER_CHARS = {frozenset({E, W}): "~", frozenset({E}): "~", frozenset({W}): "~",
               frozenset({N, S}): "≀", frozenset({N}): "≀", frozenset({S}): "≀",
               frozenset({S, E}): "╭", frozenset({S, W}): "╮", frozenset({N, E}): "╰",
               frozenset({N, W}): "╯"}
RIVER_CHAR = "~"
BANK_CHAR = "≈"

# -- markers and marks --------------------------------------------------------------------------

CAPITAL_MARK = "✪"
VICTORY_MARK = "★"
FORT_MARK = "♜"
PORT_MARK = "Ψ"
STRENGTH_SEP = "·"
MAX_STRENGTHS = 6  # strengths shown per side; more pieces end in "+N"

# board props read for markers: (prop, mark, words for the legend)
MARKERS = [
    ("capital", CAPITAL_MARK, "a capital"),
    ("victory", VICTORY_MARK, "a victory city (or space)"),
    ("fortified", FORT_MARK, "a fortress (a fortified space, a permanent entrenchment)"),
    ("port", PORT_MARK, "a port"),
]
# other spellings of those props: Wellington's `key` (a Key duchy, what victory counts) and
# `fortress` (its defence value, 0 = none)
MARKER_ALIASES = {"victory": ("key",), "fortified": ("fortress",)}
MARKER_WORDS = {"key": "a Key duchy", "fortress": "a fortress"}

# Style keys -> styles. The map pane replaces them with its component classes' styles
# (`map--<key>` in app.tcss), so themes apply; these are the defaults of a canvas on its own.
DEFAULT_STYLES: dict[str, Style] = {
    "rail": Style(color="bright_black", bold=True),
    "road": Style(color="yellow"),
    "river": Style(color="bright_blue"),
    "other": Style(color="bright_black"),
    "bank": Style(color="bright_cyan", bold=True),
    "line-name": Style(color="bright_blue", italic=True),
    "label": Style(bold=True),
    "bracket": Style(color="bright_black"),
    "marker": Style(bold=True),
    "target": Style(color="bright_yellow", bold=True, underline=True),
    "mark": MARK_STYLE,
    "cursor": CURSOR_STYLE,
    "hint": HINT_STYLE,
    "focus": FOCUS_STYLE,
    "region-name": Style(color="bright_black", italic=True),
    "region-edge": Style(color="bright_black"),
    # region tints (a colony, state or country: `REGION_PROPS`), neighbours never alike
    "region-0": Style(bgcolor="#14202c"),
    "region-1": Style(bgcolor="#2a1a1a"),
    "region-2": Style(bgcolor="#16261a"),
    "region-3": Style(bgcolor="#262314"),
    "region-4": Style(bgcolor="#24182a"),
    "region-5": Style(bgcolor="#142626"),
}
REGION_TINTS = 6
STYLE_KEYS = tuple(DEFAULT_STYLES)
# the same styles by their old names (older callers)
LABEL_STYLE = DEFAULT_STYLES["label"]
BRACKET_STYLE = DEFAULT_STYLES["bracket"]
TARGET_STYLE = DEFAULT_STYLES["target"]

def board_display(board: Any, name: str, default: Any = None) -> Any:
    """A display constant a board's own module may define (maps/<board file stem>.py):
    `SIDE_CODES` (side -> code, e.g. Wellington's G E N S), `SIDE_COLOURS` (side -> colour
    name) and `CURSOR_START` (the place the cursor starts on). `default` when the board has
    no file, no module or no such constant."""
    path = getattr(board, "path", None)
    if path is None:
        return default
    try:
        module = import_module(f"maps.{Path(path).stem}")
    except ImportError:
        return default
    return getattr(module, name, default)


def link_families(kinds: Iterable[str]) -> dict[str, LineFamily | None]:
    """Each link kind's family of characters (None: a river), distinct for every kind."""
    out: dict[str, LineFamily | None] = {}
    used: set[str] = set()
    for kind in dict.fromkeys(kinds):
        if kind in RIVER_KINDS:
            out[kind] = None
            continue
        name = KIND_FAMILIES.get(kind)
        if name is None or name in used:
            name = next((f for f in SPARE_FAMILIES if f not in used), "dashed")
        used.add(name)
        out[kind] = FAMILIES[name]
    return out


def style_key(kind: str) -> str:
    """The style key of a link kind: rail, road and river have their own, the rest "other"."""
    if kind in RIVER_KINDS:
        return "river"
    family = KIND_FAMILIES.get(kind)
    return {"double": "rail", "solid": "road"}.get(family or "", "other")


def port_value(value: Any) -> bool:
    """A `port` prop that means a port: true, or a kind of port ("minor", "major"...)."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "none", "no", "false")
    return bool(value)


def location_markers(props: dict[str, Any], code: Any = None) -> list[tuple[str, str]]:
    """(text, side or "") of a location's markers from its board props: capital ✪, victory ★,
    fortified ♜, port Ψ, then recruiting values (`recruit`: a number, or side -> number shown `U2`).
    `code(side)` gives a side's code."""
    out: list[tuple[str, str]] = []
    for prop, mark, _ in MARKERS:
        value = props.get(prop)
        for alias in MARKER_ALIASES.get(prop, ()):
            value = value or props.get(alias)
        if prop == "port" and not port_value(value):
            continue
        if value:
            out.append((mark, value if isinstance(value, str) and prop != "port" else ""))
    recruit = props.get("recruit")
    if isinstance(recruit, dict):
        for side, value in recruit.items():
            if value:
                out.append((f"{code(side) if code else side[:1]}{value}", side))
    elif recruit:
        out.append((str(recruit), ""))
    return out


MARK_PREFIX = "+"  # under the box, after the pieces: markers of no side, by initial


def marker_initial(token: Any) -> str:
    """A side-less marker's letter on the map: the initial of its label (`H` Hasty Fort)."""
    return (token.label or token.kind or "?")[:1].upper()


def strengths_text(tokens: list[Any], code: str) -> str:
    """One side's pieces: its code, then each piece's strength (a letter of its kind when it
    has none), e.g. `U:3·2·1`; past `MAX_STRENGTHS` pieces the rest is counted: `U:2·2·2·2·2·+4`.
    (The map draws `pieces_text`; this plain form is for tokens without names.)"""
    values = []
    for token in tokens:
        if token.strength is not None:
            values.append(str(token.strength))
        else:
            values.append((token.kind or "?")[:1].upper())
    if len(values) > MAX_STRENGTHS:
        values = values[:MAX_STRENGTHS - 1] + [f"+{len(values) - MAX_STRENGTHS + 1}"]
    return f"{code}:" + STRENGTH_SEP.join(values)


# -- pieces by name ------------------------------------------------------------------------------

NAMED_KINDS = frozenset({"general", "commander", "leader"})  # drawn by name
REDUCED_MARK = "'"     # after a counter's code: reduced (its weaker face)
NAME_SEP = "·"         # between the names of one side's generals
CUT_MARK = "…"
SHORT_NAMES_PATH = Path(__file__).resolve().parent.parent / "maps" / "short_names.toml"
_short_names: dict[str, str] | None = None


def short_names() -> dict[str, str]:
    """Name -> short name (maps/short_names.toml), read once."""
    global _short_names
    if _short_names is None:
        import tomllib

        with SHORT_NAMES_PATH.open("rb") as handle:
            _short_names = dict(tomllib.load(handle).get("names", {}))
    return _short_names


def piece_name(token: Any) -> str:
    """The name a player reads on a piece: the words of its label before the first one with
    a digit (`Howe S3 T6 A2` -> Howe, `De España 1-4` -> De España, `Lee 3` -> Lee)."""
    words = []
    for word in (token.label or "").split():
        if any(ch.isdigit() for ch in word):
            break
        words.append(word)
    return " ".join(words)


def short_name(name: str) -> str:
    """The one short form of a name (maps/short_names.toml), or the name when it is short."""
    return short_names().get(name, name)


def _is_counter(token: Any) -> bool:
    """A counter whose label is its code (A House Divided's `MF`, `Foreign FV`)."""
    label = token.label or ""
    return bool(token.kind) and (label == token.kind or label.endswith(" " + token.kind))


def side_parts(tokens: list[Any], short: bool) -> tuple[list[str], list[str]]:
    """(names, forces) of one side's pieces at a place: the names of its generals (short ones
    if `short`), then its forces: counters by code and count (`2MF`, a reduced one `MF'`),
    strength points or CUs (`5`, several `5+2`), other pieces by name or kind."""
    names: list[str] = []
    codes: Counter[str] = Counter()
    strengths: list[str] = []
    others: list[str] = []
    for token in tokens:
        if token.kind in NAMED_KINDS:
            name = piece_name(token) or token.kind
            names.append(short_name(name) if short else name)
        elif _is_counter(token):
            reduced = "reduced" in (token.flags or [])
            codes[token.kind + (REDUCED_MARK if reduced else "")] += 1
        elif token.strength is not None:
            strengths.append(str(token.strength))
        else:
            name = piece_name(token)
            others.append(short_name(name) if name else (token.kind or "?")[:1].upper())
    forces = [f"{n}{code}" if n > 1 else code for code, n in codes.items()]
    if strengths:
        forces.append("+".join(strengths))
    return names, forces + others


def pieces_text(tokens: list[Any], code: str, level: int = 0) -> str:
    """One side's pieces where they stand: `B:Howe·Clinton 8`, `U:Grant 2MF·FV`, `G:5`.
    `level` 0: full names; 1: short names (maps/short_names.toml); 2: one short name and
    `+N` more."""
    names, forces = side_parts(tokens, short=level >= 1)
    if level >= 2 and len(names) > 1:
        names = [names[0], f"+{len(names) - 1}"]
    head = NAME_SEP.join(names)
    body = NAME_SEP.join(forces)
    return f"{code}:" + " ".join(part for part in (head, body) if part)


def fit_pieces(groups: list[tuple[list[Any], str]], room: int) -> list[str]:
    """Each side's `pieces_text`, at the first level whose line (sides joined by a blank)
    fits in `room` columns; still too long: cut, ending with `…` (the info line has all)."""
    texts: list[str] = []
    for level in range(3):
        texts = [pieces_text(tokens, code, level) for tokens, code in groups]
        if len(" ".join(texts)) <= room:
            return texts
    out: list[str] = []
    used = 0
    for text in texts:
        left = room - used - (1 if out else 0)
        if left <= 1:
            if out:
                out[-1] = out[-1][:-1] + CUT_MARK
            break
        if len(text) > left:
            out.append(text[:left - 1] + CUT_MARK)
            break
        out.append(text)
        used += len(text) + (1 if len(out) > 1 else 0)
    return out


@dataclass
class Place:
    """Where one location's label sits on the canvas: `c[ABBR]*` on row y, pieces on y + 1."""

    id: str
    name: str
    abbr: str    # the label drawn: the abbreviation, or the full name (`set_full_names`)
    column: int  # column of the label's first letter
    y: int       # row
    markers: int = 0  # cells of markers after the target mark
    short: str = ""   # the board's abbreviation (whichever label is drawn)

    @property
    def left(self) -> int:  # column of "["
        return self.column - 1

    @property
    def width(self) -> int:  # "[ABBR]"
        return len(self.abbr) + 2

    @property
    def right(self) -> int:  # column just after "]": the target marker / jump label
        return self.left + self.width

    @property
    def x(self) -> int:  # centre column
        return self.column + len(self.abbr) // 2

    @property
    def end(self) -> int:  # the last column the label row uses: markers, or a jump label
        return self.right + max(1, self.markers)

    @property
    def east(self) -> int:  # where a line leaves eastward: the target mark's cell, or after
        return self.right + (self.markers + 1 if self.markers else 0)  # the markers

    @property
    def west(self) -> int:  # where a line leaves westward: the control letter's cell
        return self.left - 1


def covering_labels(places: dict[str, Place]) -> set[str]:
    """The places whose label row covers where the piece row of a place on the row above
    begins (that place's pieces would run into the label)."""
    by_row: dict[int, list[Place]] = {}
    for place in places.values():
        by_row.setdefault(place.y, []).append(place)
    out: set[str] = set()
    for place in places.values():
        for above in by_row.get(place.y - 1, []):
            if place.left - 2 <= above.left <= place.end + 1:
                out.add(place.id)
    return out


MARGIN = 2          # columns left of the westmost label (control letter + bracket)
PIECE_ROOM = 18     # columns a piece row may take east of the last label (`B:Carleton 2`)
LABEL_ROOM = 5      # a label needs len(abbr) + this many columns: c [ ] and a 2-letter hint


def layout(locations: list[Any]) -> tuple[float, int]:
    """Scale factors (x, y) that keep labels and piece rows apart.

    Board x/y are where the abbreviation starts (maps/board.py: labels on a row are at least
    len(abbr) + 1 apart). Brackets, control letters and jump labels need more room, and piece
    summaries need the row below, so dense boards are stretched: x by the least factor that
    separates every label on a row, y by 2 when a label sits right under another one. Markers
    do not stretch the board: `place_columns` pushes the few labels they crowd.
    """
    rows: dict[int, list[Any]] = {}
    for loc in locations:
        rows.setdefault(int(loc.y), []).append(loc)
    pairs = []
    for row in rows.values():
        row.sort(key=lambda loc: loc.x)
        pairs.extend(zip(row, row[1:]))
    sx = 1.0
    for a, b in pairs:
        gap = int(b.x) - int(a.x)
        if gap > 0:
            sx = max(sx, (len(a.abbr) + LABEL_ROOM) / gap)
    while any(round(int(b.x) * sx) - round(int(a.x) * sx) < len(a.abbr) + LABEL_ROOM
              for a, b in pairs if int(b.x) > int(a.x)) and sx < 8:
        sx += 0.05

    def span(loc: Any) -> tuple[int, int]:
        start = round(int(loc.x) * sx)
        return start - 2, start + len(loc.abbr) + 2

    sy = 1
    for loc in locations:
        a0, a1 = span(loc)
        for other in rows.get(int(loc.y) + 1, []):
            b0, b1 = span(other)
            if a0 <= b1 and b0 <= a1:
                sy = 2
                break
        if sy == 2:
            break
    return round(sx, 2), sy


def place_columns(locations: list[Any], sx: float, markers: dict[str, int],
                  labels: dict[str, str] | None = None) -> dict[str, int]:
    """The column of each label (`labels`: id -> text, else the abbreviations): board x
    scaled, then, row by row from the west, a label crowded by its western neighbour's
    markers (or longer label) pushed east just enough."""
    text = labels or {loc.id: loc.abbr for loc in locations}
    columns = {loc.id: MARGIN + round(int(loc.x) * sx) for loc in locations}
    rows: dict[int, list[Any]] = {}
    for loc in locations:
        rows.setdefault(int(loc.y), []).append(loc)
    for row in rows.values():
        row.sort(key=lambda loc: columns[loc.id])
        for a, b in zip(row, row[1:]):
            # a's label row: "]", the target mark (or a 2-letter jump label), its markers and
            # a blank; then b's control letter and "["
            need = columns[a.id] + len(text[a.id]) + LABEL_ROOM + markers.get(a.id, 0)
            if columns[b.id] < need:
                columns[b.id] = need
    return columns


# -- regions (colonies, states, countries) ---------------------------------------------------

REGION_PROPS = ("colony", "state", "region", "country")  # the first a board has names regions
REGION_REACH = 7      # a cell belongs to the nearest place's region within this distance
EDGE_CHAR = "·"       # a blank cell where two regions meet (the border, without colour)


def region_of(loc: Any) -> str | None:
    """The region a location lies in (its colony, state or country), None off the map."""
    if getattr(loc, "offmap", False):
        return None
    props = getattr(loc, "props", {}) or {}
    for prop in REGION_PROPS:
        value = props.get(prop)
        if isinstance(value, str) and value:
            return value
    return None


def region_tints(board: Any, regions: dict[str, str]) -> dict[str, int]:
    """A tint index per region, two regions joined by a link never alike (greedy colouring,
    the regions with most neighbours first)."""
    near: dict[str, set[str]] = {r: set() for r in regions.values()}
    for link in board.links:
        a, b = regions.get(link.a), regions.get(link.b)
        if a and b and a != b:
            near[a].add(b)
            near[b].add(a)
    tints: dict[str, int] = {}
    for region in sorted(near, key=lambda r: (-len(near[r]), r)):
        used = {tints[n] for n in near[region] if n in tints}
        tints[region] = next((i for i in range(REGION_TINTS) if i not in used),
                             len(tints) % REGION_TINTS)
    return tints


class FallbackLocation:
    """A location synthesised for games without a drawable board."""

    def __init__(self, loc_id: str, x: int, y: int) -> None:
        self.id = loc_id
        self.name = loc_id.replace("_", " ").replace("-", " ").title()
        self.abbr = loc_id.replace("-", "").replace("_", "")[:5].upper()
        self.x, self.y = x, y
        self.props: dict[str, Any] = {}
        self.offmap = False


class FallbackBoard:
    """A grid of the view's locations, for games whose rules have no board()."""

    links: list = []

    def __init__(self, ids: Iterable[str]) -> None:
        ids = sorted(set(ids))
        self.locations = {}
        for i, loc_id in enumerate(ids):
            self.locations[loc_id] = FallbackLocation(loc_id, 6 + (i % 8) * 12, 1 + (i // 8) * 3)

    def adjacent(self, loc: str) -> list:
        return []

    def info(self, loc: str) -> list[str]:
        return []


def staircase(start: tuple[int, int], end: tuple[int, int],
              horizontal: bool) -> list[tuple[int, int]]:
    """A 4-connected path from `start` to `end` that follows the straight line between them:
    runs along rows (`horizontal`) or columns, one step across between runs, the steps spread
    evenly. Both ends included."""
    (x0, y0), (x1, y1) = start, end
    if not horizontal:  # the same walk with rows and columns swapped
        return [(x, y) for y, x in staircase((y0, x0), (y1, x1), True)]
    cells = [(x0, y0)]
    steps = abs(y1 - y0)
    sy = 1 if y1 > y0 else -1
    x, y = x0, y0
    for k in range(1, steps + 1):
        turn = x0 + round(k * (x1 - x0) / (steps + 1))
        while x != turn:
            x += 1 if turn > x else -1
            cells.append((x, y))
        y += sy
        cells.append((x, y))
    while x != x1:
        x += 1 if x1 > x else -1
        cells.append((x, y))
    return cells


def elbows(start: tuple[int, int], end: tuple[int, int],
           horizontal: bool) -> list[list[tuple[int, int]]]:
    """The orthogonal routes from `start` to `end` with at most two turns: for a link that
    leaves sideways (`horizontal`) a run along the row, one down the column at the middle (or
    at either end: an L) and a run along the other row; for a steep one the same turned."""
    (x0, y0), (x1, y1) = start, end
    if not horizontal:
        return [[(x, y) for y, x in path] for path in elbows((y0, x0), (y1, x1), True)]
    routes = []
    for turn in dict.fromkeys(((x0 + x1) // 2, x1, x0)):
        path = [(x0, y0)]
        x, y = x0, y0
        for tx, ty in ((turn, y0), (turn, y1), (x1, y1)):
            while (x, y) != (tx, ty):
                x += (tx > x) - (tx < x)
                y += (ty > y) - (ty < y)
                path.append((x, y))
        routes.append(path)
    return routes


def turns(path: list[tuple[int, int]]) -> int:
    """How many times a path changes direction."""
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]
    return sum(1 for a, b in zip(steps, steps[1:]) if a != b)


ROUTE_LABEL_COST = 12   # a route's cell over another place's label or piece row
ROUTE_LINE_COST = 0     # a cell another line uses: free (lines sharing a run fork where they
#                         part, as on the printed maps); only labels are avoided
ROUTE_TURN_COST = 0     # turns cost nothing: the staircase (first) wins ties, so a link keeps
#                         its bearing unless an elbow spares a label or a crossing


SIDE_OF = {(0, -1): N, (1, 0): E, (0, 1): S, (-1, 0): W}  # a step -> the side it leaves by


class LineCell:
    """What the lines passing through one cell need of it."""

    __slots__ = ("weights", "families", "keys", "river")

    def __init__(self) -> None:
        self.weights = [0, 0, 0, 0]          # N E S W: 0 none, 1 light, 2 double
        self.families: set[str] = set()
        self.keys: set[str] = set()          # style keys of the lines here
        self.river: set[int] = set()         # sides a river leaves by


class LineLayer:
    """Lines on a grid: each cell collects the sides its lines leave by; `char` picks the
    box-drawing character that joins them.

    Lazy (issue 7 part 10, start-up): `add` only records a line; the cells of a row are worked
    out when that row is first asked for (`char`, `row_cells`), so opening a game lays out the
    rows on screen, not the whole board. Every cell depends only on the lines through it, so
    the result is the same whichever rows are worked out first."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self._cells: dict[tuple[int, int], LineCell] = {}
        self.marks: dict[tuple[int, int], tuple[str, str]] = {}  # (char, style key) on top
        # the lines added: (path, family, style key, into, first row, last row)
        self._lines: list[tuple[list[tuple[int, int]], LineFamily | None, str,
                                tuple[int | None, int | None], int, int]] = []
        self._rows_done: set[int] = set()
        self._row_cells: dict[int, list[tuple[int, int]]] = {}  # the cells worked out, by row
        self._uses: dict[tuple[int, int], int] | None = None

    def inside(self, cell: tuple[int, int]) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def add(self, path: list[tuple[int, int]], family: LineFamily | None, key: str,
            into: tuple[int | None, int | None] = (None, None)) -> None:
        """A line along `path` (None family: a river). `into`: the side of the first / last
        cell that leads into the box the line ends at (so the end joins the box)."""
        rows = [y for _, y in path]
        self._lines.append((path, family, key, into, min(rows), max(rows)))
        self._rows_done.clear()  # a row already worked out may gain cells
        self._uses = None

    @property
    def uses(self) -> dict[tuple[int, int], int]:
        """How many lines pass each cell of the grid."""
        if self._uses is None:
            counts = Counter(chain.from_iterable(line[0] for line in self._lines))
            self._uses = {cell: n for cell, n in counts.items() if self.inside(cell)}
        return self._uses

    @property
    def cells(self) -> dict[tuple[int, int], LineCell]:
        """Every cell a line passes (all rows worked out)."""
        for row in range(self.height):
            self._work_out(row)
        return self._cells

    def row_cells(self, row: int) -> list[tuple[int, int]]:
        """The cells of one row that a line passes or a mark covers."""
        self._work_out(row)
        return self._row_cells.get(row, []) + [cell for cell in self.marks
                                                 if cell[1] == row and cell not in self._cells]

    def _work_out(self, row: int) -> None:
        """Collect, for the cells of `row`, the sides each line through them leaves by."""
        if row in self._rows_done:
            return
        self._rows_done.add(row)
        if not 0 <= row < self.height:
            return
        for cell in self._row_cells.pop(row, []):
            del self._cells[cell]
        made: list[tuple[int, int]] = []
        for path, family, key, into, low, high in self._lines:
            if low <= row <= high:
                self._add_row(path, family, key, into, row, made)
        self._row_cells[row] = made

    def _add_row(self, path: list[tuple[int, int]], family: LineFamily | None, key: str,
                 into: tuple[int | None, int | None], row: int,
                 made: list[tuple[int, int]]) -> None:
        last = len(path) - 1
        weight = family.weight if family is not None else 0
        for i, cell in enumerate(path):
            x, y = cell
            if y != row or not 0 <= x < self.width:
                continue
            sides = []
            for j in (i - 1, i + 1):
                if 0 <= j <= last:
                    nx, ny = path[j]
                    sides.append(SIDE_OF[(nx - x, ny - y)])
            if i == 0 and into[0] is not None:
                sides.append(into[0])
            if i == last and into[1] is not None:
                sides.append(into[1])
            data = self._cells.get(cell)
            if data is None:
                data = self._cells[cell] = LineCell()
                made.append(cell)
            data.keys.add(key)
            if family is None:
                data.river.update(sides)
                continue
            data.families.add(family.name)
            weights = data.weights
            for side in sides:
                if weights[side] < weight:
                    weights[side] = weight

    def char(self, cell: tuple[int, int]) -> tuple[str, str] | None:
        """(character, style key) of a cell, or None when no line passes it."""
        if cell in self.marks:
            return self.marks[cell]
        self._work_out(cell[1])
        data = self._cells.get(cell)
        if data is None:
            return None
        n, e, s, w = data.weights
        if not (n or e or s or w):
            return RIVER_CHARS.get(frozenset(data.river), RIVER_CHAR), "river"
        key = next(k for k in ("rail", "road", "other", "river") if k in data.keys)
        # a river running along a line here (they share a side): its other sides join too,
        # light; a river crossing a line (no side shared) passes under it, a bridge
        shared = any(data.weights[side] for side in data.river)
        for side in data.river if shared else ():
            if not data.weights[side]:
                n, e, s, w = (weight or (1 if i == side else 0)
                              for i, weight in enumerate((n, e, s, w)))
        # a weight must match across an axis (no character mixes them): the heavier wins
        if n and s:
            n = s = max(n, s)
        if e and w:
            e = w = max(e, w)
        if (n or s) and not (e or w) and not (n and s):
            n = s = max(n, s)  # a line's end: a straight piece
        if (e or w) and not (n or s) and not (e and w):
            e = w = max(e, w)
        if len(data.families) == 1:
            family = FAMILIES[next(iter(data.families))]
            if (n, e, s, w) == (0, family.weight, 0, family.weight):
                return family.horizontal, key
            if (n, e, s, w) == (family.weight, 0, family.weight, 0):
                return family.vertical, key
        return BOX_CHARS.get((n, e, s, w), "┼"), key


class MapCanvas(SideLook):
    """The board on a character grid, with a cached static layer and a dynamic overlay."""

    # what the layout computes from the board, its sides and the label text: cached per
    # canvas and in a file (`maps.cache.cached_object`), so a game opens without routing
    LAYOUT = ("markers", "scale", "places", "width", "height", "families", "piece_room",
              "room_above", "regions", "tints", "_region_rows", "lines", "routes",
              "_label_cells", "names", "region_labels")

    def __init__(self, board: Any, sides: Iterable[str] = (), full_names: bool = False) -> None:
        self.board = board
        self._init_sides(list(sides), board_display(board, "SIDE_CODES"),
                         board_display(board, "SIDE_COLOURS"))
        self.styles: dict[str, Style] = dict(DEFAULT_STYLES)
        self._layouts: dict[bool, dict[str, Any]] = {}
        self.full_names = full_names
        self._use_layout(self._layout(full_names))
        # dynamic state
        self.board_view: dict[str, list] = {}
        self.control: dict[str, str] = {}
        self.targets: set[str] = set()
        self.cursor: str | None = None
        self.hints: dict[str, str] = {}
        self.focus: str | None = None  # the location of View.focus, marked "!"
        self._overlay: dict[int, list[tuple[int, str, Style]]] = {}
        self._rows: dict[int, Strip] = {}

    # -- the layout: short or full names ---------------------------------------------------

    def has_full_names(self) -> bool:
        """Whether any place's full name differs from its abbreviation."""
        return any(loc.name and loc.name != loc.abbr for loc in self.board.locations.values())

    def set_full_names(self, full: bool) -> bool:
        """Label the places by their full names (True) or their abbreviations: the board is
        laid out again for them (once; then kept), the view drawn stays. True if it changed."""
        if full == self.full_names or (full and not self.has_full_names()):
            return False
        self.full_names = full
        self._use_layout(self._layout(full))
        self._rebuild()
        return True

    def _use_layout(self, layout: dict[str, Any]) -> None:
        for name in self.LAYOUT:
            setattr(self, name, layout[name])
        self.above: set[str] = set()  # places whose pieces are drawn above their label
        self._paint_static()

    def _layout(self, full: bool) -> dict[str, Any]:
        """The layout for short or full labels: this canvas's own, the file cache's, or
        worked out now."""
        found = self._layouts.get(full)
        if found is None:
            found = self._layouts[full] = self._cached_layout(full)
        return found

    def _cached_layout(self, full: bool) -> dict[str, Any]:
        board = self.board
        locations = getattr(board, "locations", None)
        links = getattr(board, "links", None)
        path = getattr(board, "path", None)
        if path is None or locations is None or links is None:  # a board of no file
            return self._build_layout(full)
        parts = (list(locations.values()), list(links), sorted(self.codes.items()), full)
        key = cache_digest(parts, (Path(__file__), Path(__file__).with_name("mapparts.py")))
        if key is None:
            return self._build_layout(full)
        stem = f"canvas-{Path(path).stem}-{'full' if full else 'short'}"
        stored = cached_object(stem, key, lambda: self._stored(self._build_layout(full)))
        if not isinstance(stored, dict) or set(stored) != set(self.LAYOUT):
            return self._build_layout(full)
        try:  # the routes' links by index: the board's own objects again
            stored["routes"] = [(links[i], path) for i, path in stored["routes"]]
        except (IndexError, TypeError, ValueError):
            return self._build_layout(full)
        return stored

    def _stored(self, layout: dict[str, Any]) -> dict[str, Any]:
        """A layout as the file keeps it: routes name their links by index."""
        index = {id(link): i for i, link in enumerate(self.board.links)}
        return dict(layout, routes=[(index[id(link)], path) for link, path in layout["routes"]])

    def _build_layout(self, full: bool) -> dict[str, Any]:
        """Place every label (its abbreviation, or its full name with `full`), then route
        the lines and place the region names. A full-name layout keeps the abbreviations'
        scale: labels crowded by longer names are pushed east (`place_columns`)."""
        locations = list(self.board.locations.values())
        self.markers = {
            loc.id: location_markers(getattr(loc, "props", {}) or {}, self.code)
            for loc in locations}
        widths = {loc: sum(len(t) for t, _ in marks) for loc, marks in self.markers.items()}
        self.scale = layout(locations)
        labels = {loc.id: (loc.name or loc.abbr) if full else loc.abbr for loc in locations}
        sx, sy = self.scale
        while True:
            columns = place_columns(locations, sx, widths, labels)
            self.places = {}
            for loc in locations:
                self.places[loc.id] = Place(loc.id, loc.name, labels[loc.id], columns[loc.id],
                                            int(loc.y) * sy, widths[loc.id], loc.abbr)
            # a full name over the piece row of a place on the row above: its abbreviation
            crowded = {loc.id for loc in locations if labels[loc.id] != loc.abbr} \
                & covering_labels(self.places)
            if not crowded:
                break
            labels.update({loc: self.board.locations[loc].abbr for loc in crowded})
        # room east of the last label for its markers and its piece row (names, `PIECE_ROOM`)
        self.width = max([max(p.end + 6, p.column + PIECE_ROOM) for p in self.places.values()]
                         + [10])
        self.height = max([p.y + 3 for p in self.places.values()] + [3])
        self.families = link_families(link.kind for link in self.board.links)
        self.piece_room = self._piece_rooms()
        self.room_above = self._rooms_above()
        self.regions = {loc.id: r for loc in locations if (r := region_of(loc)) is not None}
        self.tints = region_tints(self.board, self.regions)
        self._region_rows = {}
        self.lines = self._draw_lines()
        self.region_labels = self._place_region_names()
        return {name: getattr(self, name) for name in self.LAYOUT}

    # -- the static layer: lines -----------------------------------------------------------

    def ports(self, a: Place, b: Place, shift: int = 0) -> tuple[tuple[int, int], int,
                                                                 tuple[int, int], int, bool]:
        """Where a link from `a` to `b` leaves each box and which way it enters it: the sides
        for a mostly horizontal link (`shift` 0), the top or the piece row for a steep one
        (or for the second of two links between the same boxes, `shift` 1)."""
        vx, vy = b.x - a.x, (b.y - a.y) * 2
        horizontal = abs(vx) >= abs(vy)
        if shift % 2:
            horizontal = not horizontal
        if horizontal:
            if vx >= 0:
                pa, pb = (a.east, a.y), (b.west, b.y)
            else:
                pa, pb = (a.west, a.y), (b.east, b.y)
            if (pb[0] - pa[0]) * (vx or 1) > 0 or pa == pb:
                into_a, into_b = (W, E) if vx >= 0 else (E, W)
                return pa, into_a, pb, into_b, True
        # steep: the row above the label or the piece row below it, at the label's centre
        offset = shift // 2
        if vy >= 0:
            pa, pb = (a.x + offset, a.y + 1), (b.x + offset, b.y - 1)
            return pa, N, pb, S, False
        pa, pb = (a.x + offset, a.y - 1), (b.x + offset, b.y + 1)
        return pa, S, pb, N, False

    def _draw_lines(self) -> LineLayer:
        layer = LineLayer(self.width, self.height)
        seen: dict[frozenset[str], int] = {}
        named: list[tuple[Any, list[tuple[int, int]]]] = []
        banks: list[tuple[list[tuple[int, int]], str]] = []
        used: set[tuple[int, int]] = set()  # cells the links routed so far pass
        self.routes: list[tuple[Any, list[tuple[int, int]]]] = []  # (link, its cells)
        self._label_cells = self._label_areas()
        # rivers first: a road or rail crossing one is a bridge over it
        for link in sorted(self.board.links, key=lambda ln: ln.kind not in RIVER_KINDS):
            a, b = self.places.get(link.a), self.places.get(link.b)
            if a is None or b is None:
                continue
            pair = frozenset((link.a, link.b))
            shift = seen.get(pair, 0)
            seen[pair] = shift + 1
            pa, into_a, pb, into_b, horizontal = self.ports(a, b, shift)
            path = self._route(pa, pb, horizontal, {a.id, b.id}, used)
            used.update(path)
            self.routes.append((link, path))
            layer.add(path, self.families.get(link.kind), style_key(link.kind), (into_a, into_b))
            props = getattr(link, "props", {}) or {}
            for end in props.get("bank", []) or []:
                banks.append((path if end == link.a else path[::-1], end))
            if props.get("name"):
                named.append((link, path))
        for path, _ in banks:
            # next to the box, on the first cell this line does not share with another one
            spot = next((c for c in path[1:-1] if layer.uses.get(c, 0) == 1),
                        path[1] if len(path) > 2 else path[0])
            layer.marks[spot] = (BANK_CHAR, "bank")
        self.names: dict[tuple[int, int], str] = {}
        for link, path in named:
            self._place_name(layer, str(link.props["name"]), path)
        return layer

    def _label_areas(self) -> dict[tuple[int, int], str]:
        """The cells each place's label and piece row take (a route avoids other places')."""
        cells: dict[tuple[int, int], str] = {}
        for place in self.places.values():
            for column in range(place.left - 1, place.end + 1):
                cells[(column, place.y)] = place.id
            for column in range(place.left, place.column + min(self.piece_room[place.id], 9)):
                cells[(column, place.y + 1)] = place.id
        return cells

    def _route(self, start: tuple[int, int], end: tuple[int, int], horizontal: bool,
               ends: set[str], used: set[tuple[int, int]]) -> list[tuple[int, int]]:
        """The cheapest of the staircase along the straight line and the orthogonal elbows
        (`elbows`): a cell over another place's label or pieces costs most, then a cell
        another line uses (fewer crossings), then each turn; ties keep the staircase."""
        def cost(path: list[tuple[int, int]]) -> int:
            total = ROUTE_TURN_COST * turns(path)
            for cell in path:
                owner = self._label_cells.get(cell)
                if owner is not None and owner not in ends:
                    total += ROUTE_LABEL_COST
                elif cell in used:
                    total += ROUTE_LINE_COST
            return total

        candidates = [staircase(start, end, horizontal), *elbows(start, end, horizontal)]
        return min(candidates, key=cost)

    def _place_name(self, layer: LineLayer, name: str, path: list[tuple[int, int]]) -> None:
        """Write a line's name in blank cells beside its middle (never over a label)."""
        mx, my = path[len(path) // 2]
        busy = set(layer.uses) | set(self.names)
        for place in self.places.values():
            for row in (place.y, place.y + 1):
                for column in range(place.left - 2, place.end + 2):
                    busy.add((column, row))
        for dy in (0, -1, 1, -2, 2, -3, 3):
            for start in (mx + 2, mx - len(name) - 1, mx + 4, mx - len(name) - 3):
                cells = [(start + i, my + dy) for i in range(len(name))]
                if all(layer.inside(c) and c not in busy for c in cells) \
                        and (start - 1, my + dy) not in self.names \
                        and (start + len(name), my + dy) not in self.names:
                    for c, ch in zip(cells, name):
                        self.names[c] = ch
                    return

    # -- regions ---------------------------------------------------------------------------

    def region_row(self, row: int) -> list[str | None]:
        """The region of every cell of a row: the region of the nearest place (by its label's
        span, a row counting two columns) within `REGION_REACH`, else None."""
        found = self._region_rows.get(row)
        if found is not None:
            return found
        best: list[int] = [REGION_REACH + 1] * self.width
        cells: list[str | None] = [None] * self.width
        for place in self.places.values():
            region = self.regions.get(place.id)
            if region is None:
                continue
            dy = 0 if place.y <= row <= place.y + 1 else min(abs(row - place.y),
                                                              abs(row - place.y - 1))
            reach = REGION_REACH - 2 * dy
            if reach < 0:
                continue
            left, right = place.left - 1, place.end
            for x in range(max(0, left - reach), min(self.width, right + reach + 1)):
                d = 2 * dy + (left - x if x < left else (x - right if x > right else 0))
                if d < best[x]:
                    best[x], cells[x] = d, region
        self._region_rows[row] = cells
        return cells

    def region_style(self, column: int, row: int) -> Style | None:
        """The tint of a cell's region (None outside every region)."""
        if not 0 <= row < self.height or not 0 <= column < self.width:
            return None
        region = self.region_row(row)[column]
        return None if region is None else self.styles[f"region-{self.tints[region]}"]

    def _tinted(self, cells: list[tuple[str, Style | None]],
                regions: list[str | None]) -> list[tuple[str, Style | None]]:
        """A row's cells over their regions' tints (combined styles cached: one object per
        pair, so equal runs join cheaply)."""
        tints = {region: self.styles[f"region-{index}"] for region, index in self.tints.items()}
        combined = self._combined
        out = []
        for (ch, style), region in zip(cells, regions):
            if region is not None:
                key = (style, region)
                found = combined.get(key)
                if found is None:
                    tint = tints[region]
                    found = combined[key] = tint if style is None else style + tint
                style = found
            out.append((ch, style))
        return out

    def region_edge(self, column: int, row: int) -> bool:
        """A cell where two regions meet (its east or south neighbour is in another one)."""
        here = self.region_row(row)[column]
        if here is None:
            return False
        east = self.region_row(row)[column + 1] if column + 1 < self.width else None
        south = self.region_row(row + 1)[column] if row + 1 < self.height else None
        return (east is not None and east != here) or (south is not None and south != here)

    def _place_region_names(self) -> dict[tuple[int, int], str]:
        """Each region's name written once in blank cells near the middle of its places
        (never over a line, a label or a piece row): the border's words, without colour."""
        busy = set(self.lines.uses) | set(self.names)
        for place in self.places.values():
            for row in (place.y, place.y + 1):
                for column in range(place.left - 2, place.left + max(place.end - place.left,
                                                                     12) + 2):
                    busy.add((column, row))
        out: dict[tuple[int, int], str] = {}
        members: dict[str, list[Place]] = {}
        for loc, region in self.regions.items():
            members.setdefault(region, []).append(self.places[loc])
        for region, places in members.items():
            text = region.upper() if len(region) <= 3 else region
            mx = round(sum(p.x for p in places) / len(places))
            my = round(sum(p.y for p in places) / len(places))
            spots = sorted(((x, y) for x in range(max(0, mx - 12), mx + 13)
                            for y in range(max(0, my - 4), my + 5)),
                           key=lambda c: abs(c[0] - mx) + 2 * abs(c[1] - my))
            for x, y in spots:
                cells = [(x + i, y) for i in range(-1, len(text) + 1)]
                if all(self.lines.inside(c) and c not in busy and c not in out for c in cells) \
                        and all(self.region_row(y)[c[0]] == region for c in cells[1:-1]):
                    for i, ch in enumerate(text):
                        out[(x + i, y)] = ch
                    busy.update(cells)
                    break
        return out

    def _paint_static(self) -> None:
        """Forget the painted line rows: each is painted when first drawn (`static_row`),
        so a game opens without painting rows that are never on screen."""
        self._static = {}
        self._combined: dict[tuple[Style | None, str], Style] = {}
        self._name_rows: dict[int, list[tuple[int, int]]] = {}
        for cell in self.names:
            self._name_rows.setdefault(cell[1], []).append(cell)

    def static_row(self, row: int) -> list[tuple[str, Style | None]]:
        """The line layer's cells of one row: (character, style)."""
        cells = self._static.get(row)
        if cells is None:
            cells: list[tuple[str, Style | None]] = [(" ", None)] * self.width
            here = self.region_row(row)
            below = self.region_row(row + 1) if row + 1 < self.height else [None] * self.width
            edge = (EDGE_CHAR, self.styles["region-edge"])
            for x, region in enumerate(here):
                if region is None:
                    continue
                if (x, row) in self.region_labels:
                    cells[x] = (self.region_labels[(x, row)], self.styles["region-name"])
                elif (x + 1 < self.width and here[x + 1] not in (None, region)) \
                        or below[x] not in (None, region):
                    cells[x] = edge
            for (x, y) in self.lines.row_cells(row) + self._name_rows.get(row, []):
                if not 0 <= x < self.width:
                    continue
                if (x, y) in self.names:
                    cells[x] = (self.names[(x, y)], self.styles["line-name"])
                    continue
                found = self.lines.char((x, y))
                if found is not None:
                    cells[x] = (found[0], self.styles[found[1]])
            self._static[row] = cells
        return cells

    def set_styles(self, styles: dict[str, Style]) -> None:
        """New styles by key (the pane's component classes, e.g. after a theme change)."""
        self.styles.update(styles)
        self._paint_static()
        self._rebuild()

    def line_char(self, column: int, row: int) -> str:
        """The line character drawn at a cell (" " if none): tests and the legend."""
        found = self.lines.char((column, row))
        return found[0] if found else " "

    # -- dynamic state ---------------------------------------------------------------------

    def update(self, board_view: dict[str, list], control: dict[str, str],
               targets: Iterable[str], cursor: str | None, hints: dict[str, str] | None = None,
               focus: str | None = None) -> None:
        """Take a new view (pieces, control, targets, the focus's place) and redraw the
        overlay."""
        self.focus = focus
        self.board_view = board_view
        self.control = control
        self.targets = set(targets)
        self.cursor = cursor
        self.hints = dict(hints or {})
        self._rebuild()

    def set_cursor(self, cursor: str | None) -> None:
        if cursor == self.cursor:
            return
        old = self.cursor
        self.cursor = cursor
        self._rebuild(only=[old, cursor])

    def set_hints(self, hints: dict[str, str] | None) -> None:
        self.hints = dict(hints or {})
        self._rebuild()

    def summary(self, loc: str) -> list[tuple[str, Style]]:
        """The pieces of a location, per side (in order of arrival) its code, its generals by
        name and its forces (`B:Howe 5`, `U:2MF·FV`), as long as the room under the box allows
        (`fit_pieces`: short names, then cut with `…`)."""
        sides: dict[str, list[Any]] = {}
        marks: list[Any] = []
        for token in self.board_view.get(loc, []):
            if token.side:
                sides.setdefault(token.side, []).append(token)
            else:
                marks.append(token)
        mark = MARK_PREFIX + "".join(marker_initial(t) for t in marks) if marks else ""
        extra = len(mark) + 1 if mark else 0
        groups = [(tokens, self.code(side)) for side, tokens in sides.items()]
        room = self.piece_room.get(loc, 40) - extra
        texts = fit_pieces(groups, max(room, 2))
        self.above.discard(loc)
        if any(text.endswith(CUT_MARK) for text in texts):
            # cut short under the box: above it, if the row above has the room
            up = self.room_above.get(loc, 0) - extra
            if up > room:
                texts = fit_pieces(groups, up)
                self.above.add(loc)
        items = [(text, self.side_style(side)) for text, side in zip(texts, sides)]
        if mark:  # markers of no side (a Hasty Fort, a siege): their initials, `+H`
            items.append((mark, self.styles["marker"]))
        return items

    def pieces_width(self, loc: str) -> int:
        """Columns a place's piece row takes (so the pane keeps all of it in view)."""
        items = [text for row, _, text, _ in self._place_items(self.places[loc])
                 if row != self.places[loc].y]
        return len(" ".join(items))

    def _rooms_above(self) -> dict[str, int]:
        """Columns free on the row above each label (the second place for a piece row that
        is cut short under it): up to a blank before a label there, the piece row of a place
        two rows up, or the next place's on this row."""
        busy: dict[int, list[tuple[int, int]]] = {}
        for q in self.places.values():
            busy.setdefault(q.y, []).append((q.left - 2, q.end + 1))
            busy.setdefault(q.y + 1, []).append((q.left, q.column + self.piece_room[q.id]))
        rooms: dict[str, int] = {}
        for place in self.places.values():
            row = place.y - 1
            if row < 0:
                continue
            start = place.left
            spans = [(a, b) for a, b in busy.get(row, []) if b >= start - 1]
            if any(a <= start <= b for a, b in spans):
                continue
            ahead = [a for a, _ in spans if a > start]
            ahead += [q.left for q in self.places.values()
                      if q.y == place.y and q.left > place.left]
            rooms[place.id] = max(0, min(ahead + [self.width]) - 1 - place.column)
        return rooms

    def _piece_rooms(self) -> dict[str, int]:
        """Columns free for each place's piece row (under its label, from the abbreviation's
        first letter): up to a blank before the next thing on that row, the label of a place
        on that row (with its control letter) or the piece row of a place beside it."""
        starts: dict[int, list[int]] = {}
        for q in self.places.values():
            starts.setdefault(q.y, []).append(q.left - 2)      # a label: control letter
            starts.setdefault(q.y + 1, []).append(q.left)       # a piece row (its "!")
        rooms: dict[str, int] = {}
        for place in self.places.values():
            row = place.y + 1
            ahead = [x for x in starts.get(row, []) if x > place.left]
            end = min(ahead + [self.width]) - 1
            rooms[place.id] = max(0, end - place.column)
        return rooms

    def marker_items(self, loc: str) -> list[tuple[str, Style]]:
        """A location's markers with their styles (a side's in its colour)."""
        return [(text, self.side_style(side) if side else self.styles["marker"])
                for text, side in self.markers.get(loc, [])]

    def _place_items(self, place: Place) -> list[tuple[int, int, str, Style]]:
        """(row, column, text, style) for one location's label, marker, control and pieces."""
        items: list[tuple[int, int, str, Style]] = []
        loc = place.id
        is_cursor = loc == self.cursor
        is_target = loc in self.targets
        label_style = self.styles["target"] if is_target else self.styles["label"]
        if is_cursor:
            label_style = label_style + self.styles["cursor"]
            items.append((place.y, place.left, ">" + place.abbr + "<", label_style))
        else:
            items.append((place.y, place.left, "[", self.styles["bracket"]))
            items.append((place.y, place.left + 1, place.abbr, label_style))
            items.append((place.y, place.right - 1, "]", self.styles["bracket"]))
        owner = self.control.get(loc)
        if owner:
            code = self.code(owner).lower()
            items.append((place.y, place.left - len(code), code, self.side_style(owner)))
        column = place.right + 1
        for text, style in self.marker_items(loc):
            items.append((place.y, column, text, style))
            column += len(text)
        hint = self.hints.get(loc)
        if hint:
            # upper case (typed in either case): never read as a control letter (lower case)
            items.append((place.y, place.right, hint.upper(), self.styles["hint"]))
        elif is_target:
            items.append((place.y, place.right, TARGET_MARK, self.styles["mark"]))
        elif self.markers.get(loc):
            items.append((place.y, place.right, " ", Style()))
        column = place.column
        summary = self.summary(loc)
        row = place.y - 1 if loc in self.above else place.y + 1
        if loc == self.focus:
            items.append((row, place.left, FOCUS_MARK, self.styles["focus"]))
        for i, (text, style) in enumerate(summary):
            if i:
                items.append((row, column, " ", Style()))
                column += 1
            items.append((row, column, text, style))
            column += len(text)
        return items

    def _rebuild(self, only: Iterable[str | None] | None = None) -> None:
        if only is None:
            places = list(self.places.values())
            overlay: dict[int, list[tuple[int, str, Style]]] = {}
        else:
            # redraw every place sharing a row with a changed one (cheap, keeps overlaps right)
            rows: set[int] = set()
            for loc in only:
                if loc in self.places:
                    rows |= {self.places[loc].y - 1, self.places[loc].y,
                             self.places[loc].y + 1}
            while True:
                places = [p for p in self.places.values()
                          if p.y in rows or p.y + 1 in rows or p.y - 1 in rows]
                grown = rows | {p.y for p in places} | {p.y + 1 for p in places} \
                    | {p.y - 1 for p in places if p.y}
                if grown == rows:
                    break
                rows = grown
            overlay = {r: v for r, v in self._overlay.items() if r not in rows}
        # piece rows first, labels after, cursor and targets last: they win any overlap
        ordered = sorted(places, key=lambda p: (p.id == self.cursor, p.id in self.targets))
        for place in ordered:
            for row, column, text, style in self._place_items(place):
                overlay.setdefault(row, []).append((column, text, style))
        changed = set(overlay) | set(self._overlay)
        if only is not None:
            changed = {r for r in changed if overlay.get(r) != self._overlay.get(r)}
        self._overlay = overlay
        for r in changed:
            self._rows.pop(r, None)
        if only is None:
            self._rows.clear()

    # -- rendering -------------------------------------------------------------------------

    def row_strip(self, row: int) -> Strip:
        """The whole canvas row as a Strip (cached until the row changes)."""
        strip = self._rows.get(row)
        if strip is not None:
            return strip
        if not 0 <= row < self.height:
            strip = Strip.blank(self.width)
        else:
            cells = list(self.static_row(row))
            for column, text, style in self._overlay.get(row, ()):
                for i, ch in enumerate(text):
                    c = column + i
                    if 0 <= c < self.width:
                        cells[c] = (ch, style)
            strip = cells_strip(self._tinted(cells, self.region_row(row)), self.width)
        self._rows[row] = strip
        return strip

    def plain_row(self, row: int) -> str:
        return self.row_strip(row).text

    def location_at(self, column: int, row: int) -> str | None:
        """The location whose label (or piece row) covers a canvas cell."""
        for place in self.places.values():
            if place.y <= row <= place.y + 1 and place.left - 1 <= column <= place.right:
                return place.id
        return None

    # -- navigation ------------------------------------------------------------------------

    def nearest(self, origin: str | None, dx: int, dy: int) -> str | None:
        """The nearest location from `origin` in direction (dx, dy) (one of the four)."""
        return nearest_place(self.places, origin, dx, dy) if origin in self.places \
            else self.first()

    def first(self) -> str | None:
        """Where the cursor starts: the board's `CURSOR_START` (board_display), else the
        first place in reading order."""
        if not self.places:
            return None
        start = board_display(self.board, "CURSOR_START")
        if start in self.places:
            return start
        return min(self.places.values(), key=lambda p: (p.y, p.x)).id

    def reading_order(self, ids: Iterable[str]) -> list[str]:
        """Locations sorted top to bottom, left to right (for labelling targets)."""
        return sorted((i for i in ids if i in self.places),
                      key=lambda i: (self.places[i].y, self.places[i].x))


def nearest_place(places: dict[str, Any], origin: str, dx: int, dy: int) -> str | None:
    """The nearest place from `origin` in direction (dx, dy): distance along the direction
    plus twice the sideways offset, rows counted double (a cell is about twice as tall as
    wide)."""
    o = places[origin]
    best, best_score = None, None
    for place in places.values():
        if place.id == origin:
            continue
        vx, vy = place.x - o.x, (place.y - o.y) * 2
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = place.id, score
    return best




def legend(canvas: MapCanvas | None = None) -> list[tuple[str, str]]:
    """(characters, meaning) rows for the help screen's map legend: the lines of the board in
    play (every kind it has; without a canvas, rail, road, river), its markers, the pieces and
    marks, and the overview's glyphs."""
    kinds = list(dict.fromkeys(link.kind for link in canvas.board.links)) if canvas is not None \
        else ["rail", "road", "river"]
    families = canvas.families if canvas is not None else link_families(kinds)
    rows: list[tuple[str, str]] = []
    code = next(iter(canvas.codes.values()), "U") if canvas is not None else "U"
    for kind in kinds:
        family = families.get(kind)
        if family is None:
            rows.append(("~ ≀ ╭╯", f"{kind}: a wavy line (under a line crossing it: a bridge)"))
        else:
            corners = "╔╝" if family.weight == 2 else "┌┘"
            rows.append((f"{family.horizontal} {family.vertical} {corners}",
                         f"{kind}: a {family.describe}"))
    rows.append(("╦ ╬ ╪ ├", "lines join where they meet: a fork, a crossing (mixed characters "
                           "keep both kinds); a line ends at the box it leads to"))
    links = canvas.board.links if canvas is not None else []
    if canvas is None or any((getattr(ln, "props", {}) or {}).get("bank") for ln in links):
        rows.append((BANK_CHAR, "a river bank on that line, next to the box entered across it"))
    names = sorted({str(ln.props["name"]) for ln in links
                    if (getattr(ln, "props", {}) or {}).get("name")})
    if names:
        rows.append((names[0], "a named line (" + ", ".join(names) + ") is written beside it"))
    rows += [
        ("[ABBR]", "a location; >ABBR< is the cursor (reverse video)"),
        (f"{code.lower()}[ABBR]", "lower-case letter before it: the side that controls it"
                                  + (" (" + ", ".join(f"{c.lower()} {side}" for side, c in
                                                      canvas.codes.items()) + ")"
                                     if canvas is not None and canvas.codes else "")),
        (TARGET_MARK, "after the box: a legal target of the current prompt (the name also "
                      "underlined)"),
    ]
    # the markers this board has (all of them without a game)
    shown = {text for marks in canvas.markers.values() for text, _ in marks} \
        if canvas is not None else None
    used = {prop for loc in canvas.board.locations.values()
            for prop, value in (getattr(loc, "props", {}) or {}).items() if value} \
        if canvas is not None else set()
    for prop, mark, words in MARKERS:
        if shown is None or mark in shown:
            # a board spelling the prop otherwise says what it means there ("a Key duchy")
            words = next((MARKER_WORDS[a] for a in MARKER_ALIASES.get(prop, ())
                          if a in used and prop not in used), words)
            rows.append((mark, f"after the box: {words}"))
    if shown is None or shown - {mark for _, mark, _ in MARKERS}:
        sides = list(canvas.codes.items())[:2] if canvas is not None else []
        if len(sides) < 2:
            sides = [("Union", "U"), ("Confederate", "C")]
        (one, a), (two, b) = sides
        rows.append((f"{a}2{b}1", f"after the box: recruiting values by side ({one} 2, "
                                  f"{two} 1); a lone digit: the place's recruiting value"))
    shorts = short_names()
    example = next(iter(shorts.items()), ("Washington", "Wash"))
    rows += [
        (f"{code}:Howe·Clinton 8", "under the box: the pieces there, per side its code, its "
                                   "generals or commanders by name, then its forces: CUs or "
                                   "SP (5+2: two groups), counters by code and count (2MF·FV)"),
        (f"{example[1]}", f"a short name where the full one does not fit, always the same "
                          f"({', '.join(f'{v} {k}' for k, v in list(shorts.items())[:6])}…; "
                          f"the info line names everyone)"),
        (f"MF{REDUCED_MARK}", "a reduced counter; +N after names: N more generals; "
                              f"{CUT_MARK}: more than fits (see the info line)"),
        (f"{FOCUS_MARK}{code}:3·2", "the battle (or what the focus panel resolves) is here"),
    ]
    if canvas is None or canvas.regions:
        regions = sorted(set(canvas.regions.values())) if canvas is not None else []
        rows.append((f"{EDGE_CHAR * 3} Name", "a region (colony, state or country: "
                     + (", ".join(regions[:8]) + ("…" if len(regions) > 8 else "")
                        if regions else "from the board") + "): its name, a dotted border "
                     "and a faint background of its own"))
    rows += [
        ("AS", "jump labels (f) in reverse video after the box (the control letter is "
               "before it, plain): type one to act there (either case)"),
        ("o", "overview: the whole board in the pane; a place is one glyph (U pieces of that "
              "side, u held by that side, ∘ no one), then * if a target; labels are placed "
              "where they collide with nothing, most important first (cursor, targets, "
              "pieces); off-map boxes are left out"),
    ]
    return rows
