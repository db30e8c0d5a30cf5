r"""A hex board (maps/hexboard.py) drawn on a character canvas; and the same board zoomed out.

`HexCanvas` is the model: geometry, cells and Rich styles, no widget; it has the interface of
the point-to-point `MapCanvas` (places, update, set_cursor, set_hints, row_strip, location_at,
nearest, first, reading_order, code, side_style, colours) so the game screen and the panes use
either, plus `describe` (the info line of a hex), `set_sight` (the line-of-sight shading) and
`zoomed_out` (the overview, `HexOverview`). The widget is `HexMapPane` in tui/mappane.py.

**Layout.** Files (the id letters) are drawn as rows of hexes, the numbers along them, so a map
whose letters run south to north and numbers east to west (Gettysburg) is drawn north up: the
last file at the top, number 1 at the right, each shifted file half a hex toward the higher
numbers (`GridSpec.is_shifted`; docs/gettysburg-map.md, "Drawing"). A hex is a box of `box`
columns (9, or 11 / 13 when the pane is wide enough: `box_for`) x 2 rows; the separator column
between two hexes of a row carries the hexside between them, and the boundary row between two
rows of hexes the slanted hexsides. The file letters stand at both ends of each row of hexes,
the numbers above the top row and below the bottom one:

       13        12        11
  V  ^ ^ ^ ^ ^~  .    ─•─   .      V     row A: terrain, VP, entry, target mark / jump label
      ^ ^ ^ ^ ~CHet4/6           ╱       row B: units: side code, then name and SP each
         ~~~~      Herr Ridge  ╱         boundary: streams ~~~~, roads, feature names

**A hex box.** Row A: the terrain character (one per type, `TERRAIN_CHARS`) at even columns
(open ground: one dot in the middle); a VP hex puts `★` and its value at columns 1-2, the
holder's lower-case code before them (`u★5`); an entry hex `»` at the column before the last;
a legal target `*` in the last column and its whole box tinted (a jump label over the last two
while labels are shown); the focus (`!`, the combat being resolved) at column 0. Row B: the
units, the side code once then each unit's name, shortened to the same few letters everywhere
(`abbreviations`), and its SP (`UGam2·Dev2`); a lone unit that lost SP shows its printed SP too
(`CHet4/6`); an activated unit's name in lower case (and dim). The cursor is the box in reverse
video. **Roads** are continuous lines from hex centre to hex centre (`─` to the hex beside,
`╱` `╲` to the rows above and below, `•` where a road turns or roads meet), under the marks
and units; **names** of ridges, hills, woods and the other named ground (`HexBoard` hex names,
grouped without their parenthesised part) are written once per feature in a blank stretch of
a boundary row next to it. Every fact is a character: colour only helps.

Terrain, hexsides, roads and names never change during a game: they are a static layer drawn
once per box width; the boxes are rebuilt from each view, and a row becomes a Rich `Strip`
lazily (only rows on screen) and stays cached until a box on it changes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Iterable

from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from maps import hexboard, hexes
from maps.cache import cache_digest, cached_object
from tui.mapparts import CURSOR_STYLE, cells_strip, FOCUS_MARK, FOCUS_STYLE, HEX_STYLE_KEYS, HINT_STYLE, \
    MARK_STYLE, TARGET_MARK, SideLook

BOXES = (9, 11, 13)  # the widths a hex box takes, narrowest first (`box_for`)
H = 3                # rows from one row of hexes to the next (two box rows + boundary)
MARGIN_X = 3         # file letter, blank, the first box's (blank) separator
MARGIN_Y = 1         # the row of numbers above (and below) the hexes

# terrain id -> its character. A terrain not listed gets the first free letter of its name.
# Hills are their own characters: ^ level 1, ▲ and % level 2.
TERRAIN_CHARS: dict[str, str] = {
    "clear": ".",
    "hill": "^",
    "woods": "♣",
    "wooded_hill": "▲",
    "rough_hill": "%",
    "town": "#",
    "farm": "⌂",
    "orchard": "♠",
    "ploughed": '"',
    "entrenchments": "≡",
}
SPARSE = {"clear"}  # drawn with one character (row A, middle) instead of a pattern

STREAM_CHAR = "~"
ROAD_E = "─"                       # a road to the hex beside
ROAD_RISING, ROAD_FALLING = "╱", "╲"  # to the row above-right / below-left, and the other way
ROAD_JOIN = "•"                    # a hex where a road turns, or where roads meet
OTHER_SIDE_CHAR = ":"
VP_MARK = "★"
ENTRY_MARK = "»"
SIGHT_MARK = "○"    # in range of the unit under the cursor, with a line of sight
BLOCKED_MARK = "×"  # in range, the line of sight blocked
UNIT_SEP = "/"      # a lone unit's SP / printed SP
UNIT_GAP = "·"      # between the two units of a stack

# Style keys -> styles. The map pane replaces them with its component classes' styles
# (`hexmap--<key>` in app.tcss, `_` written `-`), so themes apply; these are the defaults for a
# canvas on its own (tests). A terrain without a key of its own uses "terrain".
DEFAULT_STYLES: dict[str, Style] = {
    "clear": Style(color="bright_black"),
    "hill": Style(color="yellow"),
    "woods": Style(color="green"),
    "wooded_hill": Style(color="green", bold=True),
    "rough_hill": Style(color="yellow", bold=True),
    "town": Style(bold=True),
    "farm": Style(),
    "orchard": Style(color="green"),
    "ploughed": Style(color="yellow"),
    "entrenchments": Style(bold=True),
    "terrain": Style(),
    "stream": Style(color="bright_cyan", bold=True),
    "road": Style(bold=True),
    "side": Style(color="bright_black"),
    "vp": Style(bold=True),
    "name": Style(italic=True),
    "edge": Style(bold=True),
    "target": Style(bgcolor="color(58)", bold=True),
    "sight": Style(bgcolor="color(23)"),
    "mark": MARK_STYLE,
    "hint": HINT_STYLE,
    "focus": FOCUS_STYLE,
    "cursor": CURSOR_STYLE,
}
STYLE_KEYS = HEX_STYLE_KEYS
assert tuple(DEFAULT_STYLES) == STYLE_KEYS, "one default style per key of tui/mapparts.py"
TINTS = {"target", "sight"}  # translucent backgrounds: an underline instead in ANSI themes

# the View's unit kinds (Gettysburg: tokens' `kind`) in words, for the info line and legend
UNIT_KINDS = {"F": "infantry", "C": "cavalry", "A": "artillery", "AC": "horse artillery"}
# a token flag that says why a unit has no action of some kind (core/gettysburg/explain.py)
WHY_NOT = re.compile(r"^(cannot|has no) ")

Cell = tuple[str, Style | None]

# the static layer: each cell's character and style key, the road cells, where each name is
StaticLayer = tuple[list[list[tuple[str, str | None]]], dict[tuple[int, int], str],
                    dict[str, tuple[int, int]]]


@dataclass
class HexPlace:
    """Where one hex's box sits: columns `column` .. `column + box - 1`, rows `y`, `y + 1`."""

    id: str
    name: str
    abbr: str
    column: int  # first column of the box
    y: int       # row A
    box: int = BOXES[0]

    @property
    def left(self) -> int:  # the separator before the box
        return self.column - 1

    @property
    def width(self) -> int:  # separator, box, separator
        return self.box + 2

    @property
    def right(self) -> int:
        return self.column + self.box

    @property
    def x(self) -> int:  # the middle column
        return self.column + self.box // 2


def terrain_chars(board: Any) -> dict[str, str]:
    """Terrain id -> character for every terrain of the board, characters unique."""
    out: dict[str, str] = {}
    for tid in board.terrains:
        if tid in TERRAIN_CHARS and TERRAIN_CHARS[tid] not in out.values():
            out[tid] = TERRAIN_CHARS[tid]
    used = set(out.values()) | {STREAM_CHAR, OTHER_SIDE_CHAR, VP_MARK, ENTRY_MARK, "*", "!"}
    for tid, terrain in board.terrains.items():
        if tid not in out:
            name = terrain.name or tid
            out[tid] = next((c for c in name.lower() + name.upper() + "?&@$"
                             if c.isalpha() and c not in used), "?")
            used.add(out[tid])
    return out


def name_length(box: int) -> int:
    """Letters of a unit's name in a box `box` wide: the side code, two units' names and SP
    and the `·` between them fit in one row and the separator after it (9: `UGam2·Dev2`)."""
    return (box - 3) // 2


def abbreviate(name: str, length: int, used: set[str]) -> str:
    """The first `length` letters of `name` (its parenthesised part left out), or, when those
    are taken, its first letter and later ones in order (`Robinson` after `Robertson`: `Roi`)."""
    base = re.sub(r"\s*\(.*?\)", "", name)
    letters = [c for c in base if c.isalnum()] or ["?"]
    for picks in combinations(range(1, len(letters)), min(length, len(letters)) - 1):
        word = letters[0] + "".join(letters[i] for i in picks)
        if word not in used:
            return word
    return (letters[0] + "".join(letters[1:length]))[:length]


def feature_name(name: str) -> str:
    """A hex name as its feature's: without the parenthesised part (`Cemetery Ridge (south)`)."""
    return re.sub(r"\s*\(.*?\)", "", name).strip()


def named_features(board: Any) -> dict[str, list[str]]:
    """Feature name -> its hexes: the named ground of the board (ridges, hills, woods, the
    town, farms...), not the roads that name an entry hex."""
    out: dict[str, list[str]] = {}
    for h, hx in board.hexes.items():
        if not hx.name or hx.props.get("entry") or re.search(r"\b(Road|Pike)\b", hx.name):
            continue
        out.setdefault(feature_name(hx.name), []).append(h)
    return out


def feature_rank(board: Any, name: str, hexes_: list[str]) -> tuple[int, int, str]:
    """The order names are placed in (the first ones find room first): VP ground, then ridges
    and hills, woods and the rest, farms last; bigger features first."""
    vp = any(board.hexes[h].props.get("vp") for h in hexes_)
    lowered = name.lower()
    kind = 0 if vp else 1 if re.search(r"ridge|hill|top|den|knoll", lowered) else \
        3 if "farm" in lowered else 2
    return kind, -len(hexes_), name


class HexCanvas(SideLook):
    """The hex board on a character grid: a static layer of hexsides, roads, names and edges;
    boxes rebuilt per view."""

    TINTS = TINTS

    def __init__(self, board: Any, sides: Iterable[str] = (),
                 names: Iterable[tuple[str, str]] = (), box: int = BOXES[0]) -> None:
        self.board = board
        self.spec = spec = board.spec
        # compass: number 1 at the right when "E" names the number - 1 side (Gettysburg), and
        # the last file at the top when the next file is a northern one (NE / NW)
        self.numbers_left = spec.directions[0] == "E"
        self.files_up = "N" in spec.directions[1]
        self.terrain_chars = terrain_chars(board)
        self.features = named_features(board)
        self._init_sides(list(sides))
        self.styles: dict[str, Style] = dict(DEFAULT_STYLES)
        # units' short names: (side, label) -> abbreviation, per name length, never changed;
        # `names` in the order they get them (the game screen: sorted by side and name)
        self._names: list[tuple[str, str]] = []
        self._learn_names(names)  # in the order given: the first take the shortest names
        self._abbrs: dict[int, dict[tuple[str, str], str]] = {}
        # dynamic state
        self.board_view: dict[str, list] = {}
        self.control: dict[str, str] = {}
        self.targets: set[str] = set()
        self.cursor: str | None = None
        self.hints: dict[str, str] = {}
        self.focus: str | None = None
        self.sight: dict[str, bool] = {}   # hex -> line of sight clear (set_sight)
        self.sight_from: str | None = None
        self._sticky: tuple[str, int] | None = None  # (hex, column) of an up/down walk
        self.box = 0
        self.set_box(box)

    # -- geometry --------------------------------------------------------------------------

    @property
    def W(self) -> int:  # noqa: N802 - columns from one hex to the next in a row
        return self.box + 1

    @staticmethod
    def width_for(board: Any, box: int) -> int:
        """The canvas's width with boxes `box` wide."""
        return 2 * MARGIN_X + round((board.spec.rows - 0.5) * (box + 1)) + box

    @classmethod
    def box_for(cls, board: Any, width: int) -> int:
        """The widest box with which the whole board fits in `width` columns (the narrowest
        when none does: the pane then scrolls sideways)."""
        fitting = [box for box in BOXES if cls.width_for(board, box) <= width]
        return fitting[-1] if fitting else BOXES[0]

    def set_box(self, box: int) -> bool:
        """Lay the board out with boxes `box` wide; False when it already was."""
        if box == self.box:
            return False
        self.box = box
        spec, W = self.spec, box + 1
        self.places: dict[str, HexPlace] = {}
        for h, hx in self.board.hexes.items():
            col, row = hexes.offset(h, spec)
            along = row + (0.5 if spec.is_shifted(col) else 0.0)
            if self.numbers_left:
                along = spec.rows - 0.5 - along
            y = (spec.cols - 1 - col if self.files_up else col) * H
            name = f"{h} {hx.name}" if hx.name else h
            self.places[h] = HexPlace(h, name, h, round(along * W), y, box)
        left = min(p.column for p in self.places.values())
        top = min(p.y for p in self.places.values())
        for p in self.places.values():
            p.column += MARGIN_X - left
            p.y += MARGIN_Y - top
        self.width = max(p.column + box for p in self.places.values()) + MARGIN_X
        self.height = max(p.y + 2 for p in self.places.values()) + 1 + MARGIN_Y
        self._at: dict[tuple[int, int], str] = {(p.column, p.y): p.id
                                                 for p in self.places.values()}
        self._static, self._road, self.name_at = self._static_layer()
        self._boxes: dict[str, tuple[tuple[Cell, ...], tuple[Cell, ...]]] = {}
        self._rows: dict[int, Strip] = {}
        self._rebuild()
        return True

    # -- the static layer: hexsides, roads, edges, names -----------------------------------

    def _put(self, column: int, row: int, ch: str, key: str | None) -> None:
        if 0 <= row < self.height and 0 <= column < self.width:
            self._static[row][column] = (ch, key)

    def set_styles(self, styles: dict[str, Style]) -> None:
        """New styles by key (the pane's component classes, e.g. after a theme change): the
        static layer keeps its keys, so only the rows and boxes are made again."""
        self.styles.update(styles)
        self._boxes.clear()
        self._rows.clear()
        self._rebuild()

    def _static_layer(self) -> StaticLayer:
        """The static layer of this box size (cells, road cells, where each name is): read
        from the cache folder (maps/cache.py: it depends only on the board file and this
        code, so a game opens without drawing it, ~25 ms of Gettysburg's first frame), else
        drawn now; a cached layer of the wrong size is drawn again."""
        path = getattr(self.board, "path", None)
        key = None if path is None else cache_digest(
            ("hex-static", self.box), (Path(__file__), Path(hexes.__file__),
                                       Path(hexboard.__file__), Path(path)))
        if key is None:
            return self._draw_static()
        layer = cached_object(f"hexstatic-{Path(path).stem}-{self.box}", key, self._draw_static)
        try:
            cells, road, names = layer
            if len(cells) == self.height and all(len(row) == self.width for row in cells) \
                    and isinstance(road, dict) and isinstance(names, dict):
                return cells, road, names
        except (TypeError, ValueError):
            pass
        return self._draw_static()

    def _draw_static(self) -> StaticLayer:
        """The static layer for this layout: each cell a character and the key of its style
        in `styles` (None: plain), worked out once per box size and painted with the styles
        of the moment when a row is made (`row_cells`)."""
        self._static = [[(" ", None)] * self.width for _ in range(self.height)]
        self._road = {}
        self._draw_hexsides()
        self._draw_roads()
        self._draw_edges()
        self._draw_names()
        return self._static, self._road, self.name_at

    def _draw_hexsides(self) -> None:
        stream_cell = (STREAM_CHAR, "stream")
        other_cell = (OTHER_SIDE_CHAR, "side")
        for h, place in self.places.items():
            for other in self.board.neighbours(h).values():
                there = self.places.get(other)
                if there is None or (there.y, there.column) < (place.y, place.column):
                    continue  # each hexside once: from the hex above, or the left one
                kinds = set(self.board.side(h, other)) - {"road"}  # roads: _draw_roads
                if not kinds:
                    continue
                cell = stream_cell if "stream" in kinds else other_cell
                if there.y == place.y:  # the separator between two hexes of a row
                    self._put(there.column - 1, place.y, *cell)
                    self._put(there.column - 1, place.y + 1, *cell)
                    continue
                # a slanted side: the boundary row under `place`, where the boxes overlap
                lo = max(place.column, there.column)
                hi = min(place.column, there.column) + self.box  # exclusive
                for c in range(lo, hi):
                    self._put(c, place.y + 2, *cell)

    def centre(self, h: str) -> tuple[int, int]:
        """Where roads meet in a hex: the middle of its row A."""
        place = self.places[h]
        return place.x, place.y

    def has_road(self, h: str) -> bool:
        """A road runs through `h` (its centre is on one)."""
        return self.centre(h) in self._road

    def _road_cells(self, a: str, b: str) -> list[tuple[int, int, str]]:
        """The cells of a road from the centre of `a` to the centre of `b` (neighbours), the
        two centres left out: a straight run beside, a staircase of ╱ or ╲ to another row."""
        (x0, y0), (x1, y1) = self.centre(a), self.centre(b)
        if y0 == y1:
            step = 1 if x1 > x0 else -1
            return [(x, y0, ROAD_E) for x in range(x0 + step, x1, step)]
        dx, dy = x1 - x0, y1 - y0
        ch = ROAD_RISING if (dx > 0) != (dy > 0) else ROAD_FALLING
        sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
        steps = [(x0 + round(k * dx / abs(dy)), y0 + k * sy) for k in range(1, abs(dy))]
        cells = [(x, y, ch) for x, y in steps]
        first, last = steps[0][0], steps[-1][0]
        cells += [(x, y0, ROAD_E) for x in range(x0 + sx, first, sx)]
        cells += [(x, y1, ROAD_E) for x in range(last + sx, x1, sx)]
        return cells

    def _draw_roads(self) -> None:
        """Every road hexside as a line between the two hexes' centres; a centre where the
        road runs straight on takes the line's character, else `•`."""
        style = "road"
        ways: dict[str, list[tuple[int, int]]] = {}
        for h in self.places:
            for other in self.board.neighbours(h).values():
                if other not in self.places or "road" not in self.board.side(h, other):
                    continue
                (x0, y0), (x1, y1) = self.centre(h), self.centre(other)
                ways.setdefault(h, []).append((x1 - x0, y1 - y0))
                if (self.places[other].y, self.places[other].column) < \
                        (self.places[h].y, self.places[h].column):
                    continue  # each road hexside once
                for x, y, ch in self._road_cells(h, other):
                    self._road[(x, y)] = ch
                    self._put(x, y, ch, style)
        for h, dirs in ways.items():
            x, y = self.centre(h)
            straight = len(dirs) == 2 and dirs[0][0] == -dirs[1][0] and dirs[0][1] == -dirs[1][1]
            if straight and dirs[0][1] == 0:
                ch = ROAD_E
            elif straight:
                ch = ROAD_RISING if (dirs[0][0] > 0) != (dirs[0][1] > 0) else ROAD_FALLING
            else:
                ch = ROAD_JOIN
            self._road[(x, y)] = ch

    def _draw_edges(self) -> None:
        """The file letters at both ends of each row of hexes; the numbers above the top row
        and below the bottom row, over the middle of each box."""
        style = "edge"
        rows: dict[int, str] = {}
        for h, place in self.places.items():
            rows.setdefault(place.y, h.rstrip("0123456789"))
        for y, letter in rows.items():
            self._put(0, y, letter, style)
            self._put(self.width - 1, y, letter, style)
        top, bottom = min(rows), max(rows)
        for h, place in self.places.items():
            if place.y in (top, bottom):
                number = h[len(h.rstrip("0123456789")):]
                row = 0 if place.y == top else self.height - 1
                start = place.x - (len(number) - 1) // 2
                for i, ch in enumerate(number):
                    self._put(start + i, row, ch, style)

    def file_at(self, row: int) -> str | None:
        """The file letter of the row of hexes whose first row is `row`."""
        h = next((h for (c, y), h in self._at.items() if y == row), None)
        return h.rstrip("0123456789") if h else None

    def numbers_under(self, row: int) -> list[tuple[int, str]]:
        """(column, number) over the middle of each box of the first row of hexes at or below
        `row`: the numbers the pane keeps on its top line while scrolled down."""
        below = sorted({y for (_, y) in self._at if y >= row})
        if not below:
            return []
        first = below[0]
        out = []
        for (column, y), h in self._at.items():
            if y == first:
                number = h[len(h.rstrip("0123456789")):]
                out.append((column + self.box // 2 - (len(number) - 1) // 2, number))
        return sorted(out)

    def _free(self, row: int, start: int, length: int) -> bool:
        """A blank stretch of a boundary row (and a blank either side)."""
        if start < MARGIN_X or start + length > self.width - MARGIN_X:
            return False
        return all(self._static[row][c][0] == " " for c in range(start - 1, start + length + 1))

    def _draw_names(self) -> None:
        """Each named feature once, in a blank stretch of a boundary row next to it: below or
        above the hex of the feature nearest its middle (or one of its other hexes), moved
        sideways by up to a hex when that is all it takes."""
        style = "name"
        self.name_at: dict[str, tuple[int, int]] = {}
        order = sorted(self.features.items(),
                       key=lambda item: feature_rank(self.board, *item))
        for name, hexes_ in order:
            xs = [self.places[h].x for h in hexes_]
            ys = [self.places[h].y for h in hexes_]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            anchors = sorted(hexes_, key=lambda h: ((self.places[h].x - mx) ** 2
                                                    + 4 * (self.places[h].y - my) ** 2, h))
            spot = self._spot(name, anchors)
            if spot is None:
                continue
            x, y = spot
            for i, ch in enumerate(name):
                self._put(x + i, y, ch, style)
            self.name_at[name] = spot

    def _spot(self, name: str, anchors: list[str]) -> tuple[int, int] | None:
        for h in anchors:
            place = self.places[h]
            for row in (place.y + 2, place.y - 1):
                if not MARGIN_Y <= row < self.height - MARGIN_Y:
                    continue
                middle = place.x - len(name) // 2
                for shift in sorted(range(-self.W, self.W + 1), key=abs):
                    if self._free(row, middle + shift, len(name)):
                        return middle + shift, row
        return None

    # -- dynamic state ---------------------------------------------------------------------

    def update(self, board_view: dict[str, list], control: dict[str, str],
               targets: Iterable[str], cursor: str | None, hints: dict[str, str] | None = None,
               focus: str | None = None) -> None:
        """Take a new view (units, VP control, targets, the focus's hex) and redraw."""
        self.board_view = board_view
        self.control = control
        self.targets = set(targets)
        self.cursor = cursor
        self.hints = dict(hints or {})
        self.focus = focus
        self._learn(token for tokens in board_view.values() for token in tokens)
        self._rebuild()

    def set_cursor(self, cursor: str | None) -> None:
        if self._sticky is not None and self._sticky[0] != cursor:
            self._sticky = None  # the cursor went elsewhere than an up/down walk took it
        if cursor == self.cursor:
            return
        old, self.cursor = self.cursor, cursor
        self._rebuild(only=[old, cursor])

    def set_hints(self, hints: dict[str, str] | None) -> None:
        self.hints = dict(hints or {})
        self._rebuild()

    def set_sight(self, origin: str | None, sight: dict[str, bool] | None) -> None:
        """Shade the hexes the unit in `origin` reaches (hex -> line of sight clear), or none."""
        self.sight_from = origin if sight is not None else None
        self.sight = dict(sight or {})
        self._rebuild()

    # -- units' names ----------------------------------------------------------------------

    def _learn(self, tokens: Iterable[Any]) -> None:
        self._learn_names((token.side, token.label) for token in tokens)

    def _learn_names(self, names: Iterable[tuple[str, str]]) -> None:
        known = set(self._names)
        for key in names:
            key = (key[0], key[1])
            if key not in known:
                known.add(key)
                self._names.append(key)  # after the first ones: theirs never change

    @property
    def unit_names(self) -> list[tuple[str, str]]:
        """(side, unit name) of every unit this canvas has named, in the order named (another
        canvas given them names them alike: the history screen's)."""
        return list(self._names)

    def abbreviations(self, length: int | None = None) -> dict[tuple[str, str], str]:
        """(side, unit name) -> its short name on this canvas: unique within the side."""
        length = length or name_length(self.box)
        table = self._abbrs.setdefault(length, {})
        if len(table) < len(self._names):
            used: dict[str, set[str]] = {}
            for side, label in table:
                used.setdefault(side, set()).add(table[(side, label)])
            for key in self._names:
                if key not in table:
                    taken = used.setdefault(key[0], set())
                    table[key] = abbreviate(key[1], length, taken)
                    taken.add(table[key])
        return table

    def short_name(self, token: Any) -> str:
        if (token.side, token.label) not in self.abbreviations():
            self._learn([token])
        return self.abbreviations()[(token.side, token.label)]

    # -- a hex's box -----------------------------------------------------------------------

    def _fill(self, h: str) -> tuple[list[Cell], list[Cell]]:
        """Terrain, with the road over it."""
        hx = self.board.hexes[h]
        ch = self.terrain_chars[hx.terrain]
        style = self.styles.get(hx.terrain, self.styles["terrain"])
        blank: Cell = (" ", None)
        box = self.box
        if hx.terrain in SPARSE:
            a = [blank] * box
            a[box // 2] = (ch, style)
            b = [blank] * box
        else:
            a = [(ch, style) if i % 2 == 0 else blank for i in range(box)]
            b = [(ch, style) if i % 2 == 1 else blank for i in range(box)]
        place = self.places[h]
        road = self.styles["road"]
        for row, cells in ((place.y, a), (place.y + 1, b)):
            for i in range(box):
                ch_road = self._road.get((place.column + i, row))
                if ch_road:
                    cells[i] = (ch_road, road)
        return a, b

    def units_text(self, tokens: list[Any]) -> list[tuple[str, Style]]:
        """The units of a hex: each side's code once, then each unit's short name and SP (an
        activated unit's name in lower case, dim); a lone unit that lost SP adds `/printed`."""
        out: list[tuple[str, Style]] = []
        sides: dict[str, list[Any]] = {}
        for token in tokens:
            sides.setdefault(token.side, []).append(token)
        for side, group in sides.items():
            style = self.side_style(side)
            out.append((self.code(side), style))
            for i, token in enumerate(group):
                if i:
                    out.append((UNIT_GAP, self.styles["side"]))
                done = "activated" in (token.flags or [])
                name = self.short_name(token)
                name = name.lower() if done else name
                strength = "" if token.strength is None else str(token.strength)
                printed = printed_sp(token)
                if len(tokens) == 1 and printed is not None and token.strength is not None \
                        and token.strength < printed:
                    strength += f"{UNIT_SEP}{printed}"
                unit_style = self.side_style(side, dim=done)
                out.append((f"{name}{strength}", unit_style))
        return out

    def _box(self, h: str) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        a, b = self._fill(h)
        box = self.box
        hx = self.board.hexes[h]
        tint = self.styles["target"] if h in self.targets else \
            self.styles["sight"] if h in self.sight else None
        if tint is not None:  # the whole box tinted (the marks below say it without colour)
            a = [(ch, (style or Style()) + tint) for ch, style in a]
            b = [(ch, (style or Style()) + tint) for ch, style in b]
        vp = hx.props.get("vp")
        if vp:
            holder = self.control.get(h)
            style = self.side_style(holder) if holder else self.styles["vp"]
            if holder:  # upper case, as the units' side codes: jump labels are lower case
                a[0] = (self.code(holder)[:1].upper(), style)
            a[1] = (VP_MARK, style)
            a[2] = (str(vp)[-1], style)
        entry = hx.props.get("entry")
        if entry:
            a[box - 2] = (ENTRY_MARK, self.side_style(entry) if isinstance(entry, str)
                          else self.styles["vp"])
        if h in self.sight:
            a[box - 3] = (SIGHT_MARK if self.sight[h] else BLOCKED_MARK, self.styles["mark"])
        hint = self.hints.get(h)
        if hint:  # lower case (typed in either case): never read as a unit's or owner's mark
            for i, ch in enumerate(hint[-2:].lower()):
                a[box - len(hint[-2:]) + i] = (ch, self.styles["hint"])
        elif h in self.targets:
            a[box - 1] = (TARGET_MARK, self.styles["mark"])
        if h == self.focus:
            a[0] = (FOCUS_MARK, self.styles["focus"])
        # row B: the units; one more character takes the separator (its hexside still shows
        # in row A) rather than losing a unit's SP; more than that ends in "+"
        cells: list[Cell] = [(ch, style) for text, style in
                             self.units_text(self.board_view.get(h, [])) for ch in text]
        if len(cells) > box + 1:
            cells = cells[:box - 1] + [("+", cells[box - 1][1])]
        if cells:  # a blank after the units, so the terrain never reads as part of them
            b = cells + [(" ", tint)] + b[len(cells) + 1:]
        b = b[:max(box, len(cells))]
        self._keep_terrain(h, a, b, len(cells), tint)
        if h == self.cursor:
            a = [(ch, (style or Style()) + self.styles["cursor"]) for ch, style in a]
            b = [(ch, (style or Style()) + self.styles["cursor"]) for ch, style in b]
        return tuple(a), tuple(b)

    def _keep_terrain(self, h: str, a: list[Cell], b: list[Cell], units: int,
                      tint: Style | None) -> None:
        """When marks, roads and units cover every terrain character of a box (a VP hex on a
        road with a stack, say), one goes back in a free cell: every hex shows its terrain."""
        hx = self.board.hexes[h]
        ch = self.terrain_chars[hx.terrain]
        if any(c == ch for c, _ in a) or any(c == ch for c, _ in b):
            return
        style = self.styles.get(hx.terrain, self.styles["terrain"])
        if tint is not None:
            style = style + tint
        box = self.box
        for row, cells in ((a, (box - 4, box - 5, 3)), (b, range(units + 1, box))):
            for i in cells:
                if 0 <= i < len(row) and row[i][0] == " ":
                    row[i] = (ch, style)
                    return

    def _rebuild(self, only: Iterable[str | None] | None = None) -> None:
        which = self.places if only is None else [h for h in only if h in self.places]
        for h in which:
            box = self._box(h)
            if self._boxes.get(h) != box:
                self._boxes[h] = box
                y = self.places[h].y
                self._rows.pop(y, None)
                self._rows.pop(y + 1, None)

    # -- rendering -------------------------------------------------------------------------

    def row_cells(self, row: int) -> list[Cell]:
        styles = self.styles
        cells: list[Cell] = [(ch, styles[key] if key else None) for ch, key in self._static[row]]
        for h, place in self.places.items():
            if place.y == row or place.y + 1 == row:
                line = self._boxes[h][row - place.y][:self.width - place.column]
                cells[place.column:place.column + len(line)] = line
        return cells

    def row_strip(self, row: int) -> Strip:
        """The whole canvas row as a Strip (cached until a box on it changes)."""
        strip = self._rows.get(row)
        if strip is not None:
            return strip
        strip = cells_strip(self.row_cells(row), self.width) if 0 <= row < self.height \
            else Strip.blank(self.width)
        self._rows[row] = strip
        return strip

    def plain_row(self, row: int) -> str:
        return self.row_strip(row).text

    def box_text(self, h: str) -> tuple[str, str]:
        """The two rows of a hex's box as plain text (tests, the legend)."""
        a, b = self._boxes[h]
        return "".join(ch for ch, _ in a), "".join(ch for ch, _ in b)

    def location_at(self, column: int, row: int) -> str | None:
        """The hex whose box covers a canvas cell (separators and boundaries: none)."""
        for y in (row, row - 1):
            for c in range(column - self.box + 1, column + 1):
                h = self._at.get((c, y))
                if h is not None:
                    return h
        return None

    # -- navigation ------------------------------------------------------------------------

    def nearest(self, origin: str | None, dx: int, dy: int) -> str | None:
        """The neighbour of `origin` that way: left / right in its row; up / down one of the
        two in the next row, the one nearer the column the up / down walk began in (so
        repeated up / down zigzags along a column and down then up comes back)."""
        if not self.places:
            return None
        if origin not in self.places:
            return self.first()
        here = self.places[origin]
        if dy == 0:
            self._sticky = None
            return self._at.get((here.column + dx * self.W, here.y))
        if self._sticky is not None and self._sticky[0] == origin:
            column = self._sticky[1]
        else:
            column = here.column
        y = here.y + dy * H
        half = self.W // 2
        found = [h for h in (self._at.get((here.column - half, y)),
                             self._at.get((here.column + half, y))) if h is not None]
        if not found:
            return None
        best = min(found, key=lambda h: (abs(self.places[h].column - column),
                                         self.places[h].column))
        self._sticky = (best, column)
        return best

    def first(self) -> str | None:
        """The hex in the middle of the board (where the cursor starts without a target)."""
        if not self.places:
            return None
        cx, cy = self.width / 2, self.height / 2
        return min(self.places.values(),
                   key=lambda p: ((p.x - cx) ** 2 + 4 * (p.y - cy) ** 2, p.y, p.x)).id

    def reading_order(self, ids: Iterable[str]) -> list[str]:
        """Hexes top to bottom, left to right (for labelling targets)."""
        return sorted((i for i in ids if i in self.places),
                      key=lambda i: (self.places[i].y, self.places[i].x))

    def zoomed_out(self, width: int, height: int) -> "HexOverview":
        """The overview of this board for a pane of `width` x `height` cells."""
        return HexOverview(self, width, height)

    # -- words -----------------------------------------------------------------------------

    def hexsides(self, h: str) -> dict[str, dict[str, list[str]]]:
        """Side kind name -> feature name -> the directions of this hex's sides it runs on."""
        out: dict[str, dict[str, list[str]]] = {}
        for direction, other in self.board.neighbours(h).items():
            for kind, names in self.board.side(h, other).items():
                kind_name = getattr(self.board.side_kinds.get(kind), "name", kind)
                for name in names:
                    out.setdefault(kind_name, {}).setdefault(name, []).append(direction)
        return out

    @staticmethod
    def arrivals(view: Any, loc: str) -> str:
        """Off-map units whose flags say they enter at `loc`, in a few words: the ones waiting
        to enter now ("enters at V13"), then how many are due later ("due ... at V13")."""
        waiting, later = [], 0
        for tokens in (getattr(view, "boxes", None) or {}).values():
            for token in tokens:
                for flag in token.flags or []:
                    if flag == f"enters at {loc}":
                        waiting.append(token.label)
                    elif flag.startswith("due ") and flag.endswith(f" at {loc}"):
                        later += 1
        words = []
        if waiting:
            words.append(f"waiting to enter: {', '.join(waiting)}")
        if later:
            words.append(f"{later} {'more ' if waiting else ''}due later")
        return "; ".join(words)

    def describe(self, view: Any, loc: str | None, here: list[Any] | None = None) -> Text:
        """The info line of a hex: why a unit there has no action of some kind, when the game
        says (the first row, so 80x24 shows it whole); the id and name, the units there (with
        their short names on the map); then terrain, elevation, VP, entry, roads and streams;
        the terrain's effects; the actions."""
        text = Text()
        if loc is None or loc not in self.places:
            return Text("(no hex)", style="dim")
        hx = self.board.hexes[loc]
        text.append(self.places[loc].name, style="bold")
        tokens = view.board.get(loc, []) if view is not None else []
        reasons = []
        if tokens:
            text.append(": ")
            for i, token in enumerate(tokens):
                if i:
                    text.append("; ")
                text.append(f"{token.side} {token.label} [{self.short_name(token)}]",
                            style=self.side_style(token.side))
                text.append(" " + unit_words(token))
                reasons += [f"{token.label} {flag}" for flag in token.flags or []
                            if WHY_NOT.match(flag)]
        else:
            text.append(": no units", style="dim")
        if reasons:  # first: the one line the player put the cursor there for (80x24)
            text = Text("; ".join(reasons), style="bold") + Text("\n") + text
        terrain = self.board.terrains[hx.terrain]
        ch = self.terrain_chars[hx.terrain]
        facts = [f"{terrain.name} {ch}, elevation {hx.elevation}"]
        vp = hx.props.get("vp")
        if vp:
            holder = view.control.get(loc) if view is not None else None
            facts.append(f"{VP_MARK}{vp} VP a day, " + (f"held by {holder}" if holder
                                                          else "held by no one"))
        if hx.props.get("entry"):
            arriving = self.arrivals(view, loc)
            facts.append(f"{ENTRY_MARK} {hx.props['entry']} entry hex"
                         + (f" ({arriving})" if arriving else ""))
        for kind, features in self.hexsides(loc).items():
            facts.append(kind.lower() + " " + ", ".join(
                f"{name} {'/'.join(dirs)}" for name, dirs in features.items()))
        if loc in self.sight and self.sight_from:
            facts.append(f"{SIGHT_MARK if self.sight[loc] else BLOCKED_MARK} "
                         f"{'in range and sight' if self.sight[loc] else 'in range, sight blocked'}"
                         f" from {self.sight_from}")
        text.append("\n" + " · ".join(facts))
        effects = terrain_effects(terrain, hx)
        if effects:
            text.append("\n" + effects, style="dim")
        if here:
            text.append("\nHere: ", style="bold")
            text.append(" | ".join(choice.label for choice in here))
        return text




class HexOverview:
    """The whole hex board zoomed out to a pane (`o`): a hex is one character, then its mark.

    A hex's character: the side code of the units there (lower case when all are activated),
    else `★` on a VP hex, else its terrain; then `*` for a target, `!` for the focus, `○` / `×`
    for the sight shading. Hexes are 4 columns apart (2 between a shifted file and the next),
    one text row a file when the pane has the rows, else two files a row, interleaved (a file
    and a shifted one never share a column), so 21 files take 11 rows. The file letters stand
    at the left. The cursor is in reverse video; navigation is the full canvas's (neighbours)."""

    STEP = 4

    def __init__(self, canvas: HexCanvas, width: int, height: int) -> None:
        self.canvas = canvas
        self.board = canvas.board
        spec = canvas.spec
        files = spec.cols
        self.fold = 1 if height >= files else 2
        self.places: dict[str, HexPlace] = {}
        rows: dict[int, list[str]] = {}
        for h in canvas.board.hexes:
            col, row = hexes.offset(h, spec)
            along = row + (0.5 if spec.is_shifted(col) else 0.0)
            if canvas.numbers_left:
                along = spec.rows - 0.5 - along
            file_row = spec.cols - 1 - col if canvas.files_up else col
            y = file_row // self.fold
            self.places[h] = HexPlace(h, canvas.places[h].name, h,
                                      2 + round(along * self.STEP), y, 1)
            rows.setdefault(y, []).append(h.rstrip("0123456789"))
        left = min(p.column for p in self.places.values())
        for p in self.places.values():
            p.column += 2 - left
        self.letters = {y: "".join(sorted(set(letters), reverse=canvas.files_up))
                        for y, letters in rows.items()}
        self.width = max(p.column for p in self.places.values()) + 3
        self.height = max(p.y for p in self.places.values()) + 1
        self._at = {(p.column, p.y): p.id for p in self.places.values()}
        self.hints: dict[str, str] = {}
        self._rows: dict[int, Strip] = {}
        self.board_view: dict[str, list] = {}
        self.control: dict[str, str] = {}
        self.targets: set[str] = set()
        self.cursor: str | None = None
        self.focus: str | None = None

    # the map canvas's interface
    def update(self, board_view: dict[str, list], control: dict[str, str],
               targets: Iterable[str], cursor: str | None, hints: dict[str, str] | None = None,
               focus: str | None = None) -> None:
        self.board_view, self.control = board_view, control
        self.targets, self.cursor = set(targets), cursor
        self.hints, self.focus = dict(hints or {}), focus
        self._rows.clear()

    def set_cursor(self, cursor: str | None) -> None:
        self.cursor = cursor
        self._rows.clear()

    def set_hints(self, hints: dict[str, str] | None) -> None:
        self.hints = dict(hints or {})
        self._rows.clear()

    def set_styles(self, styles: dict[str, Style]) -> None:
        self._rows.clear()

    def set_sight(self, sight: dict[str, bool] | None) -> None:
        self._rows.clear()  # the marks come from the canvas's shading

    def glyph(self, h: str) -> Cell:
        canvas = self.canvas
        tokens = self.board_view.get(h, [])
        if tokens:
            side = tokens[0].side
            code = canvas.code(side)[:1].upper()  # lower case is a jump label's
            # every unit there activated: the code dim (and in the side's colour)
            done = all("activated" in (t.flags or []) for t in tokens)
            return code, canvas.side_style(side, dim=done)
        hx = self.board.hexes[h]
        if hx.props.get("vp"):
            holder = self.control.get(h)
            return VP_MARK, canvas.side_style(holder) if holder else canvas.styles["vp"]
        if hx.terrain in SPARSE and canvas.has_road(h):
            return ROAD_JOIN, canvas.styles["road"]
        return canvas.terrain_chars[hx.terrain], canvas.styles.get(hx.terrain,
                                                                   canvas.styles["terrain"])

    def row_cells(self, row: int) -> list[Cell]:
        canvas = self.canvas
        cells: list[Cell] = [(" ", None)] * self.width
        for ch_i, ch in enumerate(self.letters.get(row, "")[:2]):
            cells[ch_i] = (ch, canvas.styles["edge"])
        for h, place in self.places.items():
            if place.y != row:
                continue
            glyph = self.glyph(h)
            mark: Cell = (" ", None)
            if h in self.hints:
                label = self.hints[h][-2:].lower()
                glyph = (label[0], canvas.styles["hint"])
                mark = (label[1], canvas.styles["hint"]) if len(label) > 1 else mark
            elif h == self.focus:
                mark = (FOCUS_MARK, canvas.styles["focus"])
            elif h in self.targets:
                mark = (TARGET_MARK, canvas.styles["mark"])
            elif h in canvas.sight:
                mark = (SIGHT_MARK if canvas.sight[h] else BLOCKED_MARK, canvas.styles["mark"])
            if h == self.cursor:
                glyph = (glyph[0], (glyph[1] or Style()) + canvas.styles["cursor"])
                mark = (mark[0], (mark[1] or Style()) + canvas.styles["cursor"])
            cells[place.column] = glyph
            cells[place.column + 1] = mark
        return cells

    def row_strip(self, row: int) -> Strip:
        strip = self._rows.get(row)
        if strip is None:
            strip = cells_strip(self.row_cells(row), self.width) if 0 <= row < self.height \
                else Strip.blank(self.width)
            self._rows[row] = strip
        return strip

    def plain_row(self, row: int) -> str:
        return self.row_strip(row).text

    def location_at(self, column: int, row: int) -> str | None:
        for c in (column, column - 1):
            h = self._at.get((c, row))
            if h is not None:
                return h
        return None

    def nearest(self, origin: str | None, dx: int, dy: int) -> str | None:
        return self.canvas.nearest(origin, dx, dy)  # the same neighbours as the full map

    def first(self) -> str | None:
        return self.canvas.first()

    def reading_order(self, ids: Iterable[str]) -> list[str]:
        return self.canvas.reading_order(ids)


def printed_sp(token: Any) -> int | None:
    for flag in token.flags or []:
        if flag.startswith("printed ") and flag.endswith(" SP"):
            try:
                return int(flag[len("printed "):-len(" SP")])
            except ValueError:
                return None
    return None


def unit_words(token: Any) -> str:
    """`F infantry 4/4 SP (elite, I Corps, activated)`: type code and word, SP of printed SP,
    the other flags (reasons for a missing action are said on a line of their own)."""
    printed = None
    flags = []
    for flag in token.flags or []:
        if flag.startswith("printed ") and flag.endswith(" SP"):
            printed = flag[len("printed "):-len(" SP")]
        elif not WHY_NOT.match(flag):
            flags.append(flag)
    words = UNIT_KINDS.get(token.kind, token.kind)
    strength = ""
    if token.strength is not None:
        strength = f" {token.strength}" + (f"/{printed}" if printed else "") + " SP"
    extra = f" ({', '.join(flags)})" if flags else ""
    return f"{token.kind} {words}{strength}{extra}"


def terrain_effects(terrain: Any, hx: Any) -> str:
    """The terrain's game values in words, when the board gives them (Gettysburg 5.3.1)."""
    props = terrain.props
    bits = []
    if "mp" in props:
        bits.append(f"{props['mp']} MP to enter")
    if props.get("stop"):
        bits.append("stops movement")
    if props.get("protection"):
        dice = props["protection"]
        bits.append(f"fire at it with {dice} {'die' if dice == 1 else 'dice'} fewer")
    if props.get("cavalry") is False:
        bits.append("no cavalry")
    if terrain.blocks_los:
        bits.append("blocks line of sight")
    if hx.props.get("closed_to_artillery"):
        bits.append("closed to artillery")
    if hx.props.get("special"):
        bits.append(f"special: {hx.props['special'].replace('-', ' ')}")
    return ", ".join(bits)


TERRAIN_WORDS = {"clear": "open ground", "hill": "hill", "woods": "woods",
                 "wooded_hill": "wooded hill", "rough_hill": "rough hill (boulders)",
                 "town": "town (buildings)", "farm": "farm", "orchard": "orchard",
                 "ploughed": "ploughed fields", "entrenchments": "entrenchments"}
TERRAIN_LEVELS = {"hill": 1, "wooded_hill": 2, "rough_hill": 2}


def legend(board: Any | None = None,
           codes: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(characters, meaning) rows for the help screen's hex map legend: the board's terrain
    (without a board, the terrain types this module knows), hexsides, roads, names, units,
    marks, the edges and the overview: every character the hex map draws."""
    rows: list[tuple[str, str]] = []
    if board is not None:
        chars = terrain_chars(board)
        for tid, terrain in board.terrains.items():
            level = f", elevation {terrain.level}: a hill" if terrain.level else ""
            rows.append((chars[tid], f"{terrain.name.lower()}{level}"))
    else:
        for tid, ch in TERRAIN_CHARS.items():
            level = TERRAIN_LEVELS.get(tid)
            rows.append((ch, TERRAIN_WORDS.get(tid, tid)
                         + (f", elevation {level}: a hill" if level else "")))
    sides = ", ".join(f"{code} {side}" for side, code in (codes or {}).items()) \
        or "U Union, C Confederate"
    rows += [
        (f"{STREAM_CHAR} {STREAM_CHAR}{STREAM_CHAR}{STREAM_CHAR}",
         "a stream along that hexside: between two hexes of a row, or between two rows"),
        (f"{ROAD_E} {ROAD_RISING} {ROAD_FALLING}",
         f"a road, from hex to hex ({ROAD_E} to the hex beside, {ROAD_RISING} and "
         f"{ROAD_FALLING} to the rows above and below); over a stream: a bridge"),
        (ROAD_JOIN, "where a road turns, or roads meet"),
        (OTHER_SIDE_CHAR, "a hexside of another kind"),
        ("Cemetery Ridge", "the name of a ridge, hill, wood or other ground, beside it"),
        (f"UGam2{UNIT_GAP}Dev2", f"units, on a hex's second row: the side once ({sides}), "
                                 "then each unit's short name (the same everywhere; the info "
                                 "line gives it after the full name) and its SP"),
        (f"CHet4{UNIT_SEP}6", "a lone unit that lost SP: SP now / printed SP"),
        ("Ugam2", "a lower-case name: that unit is activated this turn"),
        (f"U{VP_MARK}5", f"a VP hex worth 5 a day; the letter before {VP_MARK} is the side "
                         "holding it (upper case, as the units' side codes)"),
        (ENTRY_MARK, "an entry hex for reinforcements"),
        (TARGET_MARK, "a legal target of the current prompt (its hex is also tinted)"),
        ("as", "jump labels (f), in lower case on the hex's first row (unit and owner marks "
               "are upper case): type one to act there"),
        (FOCUS_MARK, "the combat the focus panel resolves is here"),
        (SIGHT_MARK, "v: in range of the unit under the cursor, with a line of sight"),
        (BLOCKED_MARK, "v: in range of the unit under the cursor, the line of sight blocked"),
        ("V  13", "the file letters at both ends of each row, the numbers above and below"),
        ("reversed hex", "the cursor; the line under the map describes its hex, units first, "
                         "and why a unit there cannot move or fire"),
        (f"U C {VP_MARK}", "the overview (o): a hex with units (the code dim: all activated), "
                           "a VP hex, else its terrain; then its mark; a jump label there is "
                           "lower case"),
    ]
    return rows
