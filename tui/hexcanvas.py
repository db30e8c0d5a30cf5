r"""A hex board (maps/hexboard.py) drawn on a character canvas, and the map pane that shows it.

`HexCanvas` is the model: geometry, cells and Rich styles, no widget; it has the interface of
the point-to-point `MapCanvas` (places, update, set_cursor, set_hints, row_strip, location_at,
nearest, first, reading_order, code, side_style, colours) so the game screen and the panes use
either, plus `describe`, the info line of a hex. `HexMapPane` is the widget: the map pane
(`MapPane(HexCanvas(...))` makes one) with its styles as component classes (app.tcss).

**Layout.** Files (the id letters) are drawn as rows of hexes, the numbers along them, so a map
whose letters run south to north and numbers east to west (Gettysburg) is drawn north up: the
last file at the top, number 1 at the right, each shifted file half a hex toward the higher
numbers (`GridSpec.is_shifted`; docs/gettysburg-map.md, "Drawing"). A hex is a box of 5
columns x 2 rows; the separator column between two hexes of a row carries the hexside between
them, and the boundary row between two rows of hexes carries the slanted hexsides, two cells
each:

      ^ ^ ^~u★1 *     .            row A: terrain, VP, entry, target mark / jump label
       ^ ^ ~UF4A3                  row B: units, then terrain
           ~~   /     ~~           boundary: a stream ~~, a road / or \ to the row above

6 columns and 3 rows a hex: Gettysburg is 80 x 62 cells, its whole width in 80 columns.

**A hex box.** Row A: the terrain character (one per type, `TERRAIN_CHARS`) at columns 0, 2
and 4 (open ground: one dot in the middle); a VP hex puts `★` and its value at columns 1-2,
the holder's lower-case code before them (`u★5`); an entry hex `»` at column 3; a legal
target `*` at column 4 and its whole box tinted (a jump label over columns 3-4 while labels
are shown); the focus (`!`, the combat being resolved) at column 0. Row B: the units, the side
code once then type and SP of each unit (`UF4A3`: a Union stack of 4-SP infantry and 3-SP
artillery), an activated unit's type in lower case (and dim); then the terrain at columns 1
and 3. The cursor is the box in reverse video. Every fact is a character: colour only helps.

Terrain and hexsides never change during a game: separators and boundaries are a static
layer; the boxes are rebuilt from each view, and a row becomes a Rich `Strip` lazily (only rows
on screen) and stays cached until a box on it changes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Spacing
from textual.reactive import reactive
from textual.strip import Strip

from maps import hexes
from tui.mapcanvas import CURSOR_STYLE, FOCUS_MARK, FOCUS_STYLE, HINT_STYLE, MARK_STYLE, \
    TARGET_MARK, SideLook
from tui.mappane import MapPane

BOX = 5          # columns of a hex box
W = BOX + 1      # columns from one hex to the next in a row (box + separator)
H = 3            # rows from one row of hexes to the next (two box rows + boundary)

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
ROAD_CHARS = {"E": "=", "NE": "/", "NW": "\\"}  # across a separator; to the row above
OTHER_SIDE_CHAR = ":"
VP_MARK = "★"
ENTRY_MARK = "»"

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
    "target": Style(bgcolor="color(58)", bold=True),
    "mark": MARK_STYLE,
    "hint": HINT_STYLE,
    "focus": FOCUS_STYLE,
    "cursor": CURSOR_STYLE,
}
STYLE_KEYS = tuple(DEFAULT_STYLES)
TINTS = {"target"}  # translucent backgrounds: an underline instead in ANSI themes

# the View's unit kinds (Gettysburg: tokens' `kind`) in words, for the info line and legend
UNIT_KINDS = {"F": "infantry", "C": "cavalry", "A": "artillery", "AC": "horse artillery"}

Cell = tuple[str, Style | None]


@dataclass
class HexPlace:
    """Where one hex's box sits: columns `column` .. `column + 4`, rows `y` and `y + 1`."""

    id: str
    name: str
    abbr: str
    column: int  # first column of the box
    y: int       # row A

    @property
    def left(self) -> int:  # the separator before the box
        return self.column - 1

    @property
    def width(self) -> int:  # separator, box, separator
        return BOX + 2

    @property
    def right(self) -> int:
        return self.column + BOX

    @property
    def x(self) -> int:  # the middle column
        return self.column + BOX // 2


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


class HexCanvas(SideLook):
    """The hex board on a character grid: a static layer of hexsides, boxes rebuilt per view."""

    def __init__(self, board: Any, sides: Iterable[str] = ()) -> None:
        self.board = board
        self.spec = spec = board.spec
        # compass: number 1 at the right when "E" names the number - 1 side (Gettysburg), and
        # the last file at the top when the next file is a northern one (NE / NW)
        self.numbers_left = spec.directions[0] == "E"
        self.files_up = "N" in spec.directions[1]
        self.terrain_chars = terrain_chars(board)
        self.places: dict[str, HexPlace] = {}
        for h, hx in board.hexes.items():
            col, row = hexes.offset(h, spec)
            along = row + (0.5 if spec.is_shifted(col) else 0.0)
            if self.numbers_left:
                along = spec.rows - 0.5 - along
            column = round(along * W)
            y = (spec.cols - 1 - col if self.files_up else col) * H
            name = f"{h} {hx.name}" if hx.name else h
            self.places[h] = HexPlace(h, name, h, column, y)
        left = min(p.column for p in self.places.values())
        top = min(p.y for p in self.places.values())
        for p in self.places.values():
            p.column -= left
            p.y -= top
        self.width = max(p.column + BOX for p in self.places.values())
        self.height = max(p.y + 2 for p in self.places.values())
        self._at: dict[tuple[int, int], str] = {(p.column, p.y): p.id
                                                 for p in self.places.values()}
        self._init_sides(list(sides))
        self.styles: dict[str, Style] = dict(DEFAULT_STYLES)
        self._draw_hexsides()
        # dynamic state
        self.board_view: dict[str, list] = {}
        self.control: dict[str, str] = {}
        self.targets: set[str] = set()
        self.cursor: str | None = None
        self.hints: dict[str, str] = {}
        self.focus: str | None = None
        self._boxes: dict[str, tuple[tuple[Cell, ...], tuple[Cell, ...]]] = {}
        self._rows: dict[int, Strip] = {}
        self._sticky: tuple[str, int] | None = None  # (hex, column) of an up/down walk
        self._rebuild()

    # -- the static layer: hexside features ------------------------------------------------

    def _put(self, column: int, row: int, ch: str, style: Style | None) -> None:
        if 0 <= row < self.height and 0 <= column < self.width:
            self._static[row][column] = (ch, style)

    def set_styles(self, styles: dict[str, Style]) -> None:
        """New styles by key (the pane's component classes, e.g. after a theme change)."""
        self.styles.update(styles)
        self._draw_hexsides()
        self._boxes.clear()
        self._rows.clear()
        self._rebuild()

    def _draw_hexsides(self) -> None:
        self._static = [[(" ", None)] * self.width for _ in range(self.height)]
        stream_cell: Cell = (STREAM_CHAR, self.styles["stream"])
        road_style = self.styles["road"]
        other_cell: Cell = (OTHER_SIDE_CHAR, self.styles["side"])
        for h, place in self.places.items():
            for other in self.board.neighbours(h).values():
                there = self.places.get(other)
                if there is None or (there.y, there.column) < (place.y, place.column):
                    continue  # each hexside once: from the hex above, or the left one
                kinds = self.board.side(h, other)
                if not kinds:
                    continue
                stream = "stream" in kinds
                road = "road" in kinds
                other_kind = not (stream or road)
                if there.y == place.y:  # the separator between two hexes of a row
                    column = there.column - 1
                    road_cell: Cell = (ROAD_CHARS["E"], road_style)
                    top = stream_cell if stream else road_cell if road else other_cell
                    below = road_cell if road else top  # a bridge: stream above, road below
                    self._put(column, place.y, *top)
                    self._put(column, place.y + 1, *below)
                    continue
                # a slanted side: the boundary row under `place`, where the boxes overlap
                row = place.y + 2
                lo = max(place.column, there.column)
                hi = min(place.column, there.column) + BOX  # exclusive
                cells = list(range(lo, hi))
                for c in cells:
                    if stream:
                        self._put(c, row, *stream_cell)
                    elif other_kind:
                        self._put(c, row, *other_cell)
                if road and cells:
                    # seen from the lower hex: up-right "/" or up-left "\"
                    ch = ROAD_CHARS["NE"] if place.column > there.column else ROAD_CHARS["NW"]
                    # next to the lower hex's top corner, so a road's marks line up
                    spot = cells[0] if place.column > there.column else cells[-1]
                    self._put(spot, row, ch, road_style)

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

    # -- a hex's box -----------------------------------------------------------------------

    def _fill(self, h: str) -> tuple[list[Cell], list[Cell]]:
        hx = self.board.hexes[h]
        ch = self.terrain_chars[hx.terrain]
        style = self.styles.get(hx.terrain, self.styles["terrain"])
        blank: Cell = (" ", None)
        if hx.terrain in SPARSE:
            a = [blank] * BOX
            a[BOX // 2] = (ch, style)
            return a, [blank] * BOX
        return ([(ch, style) if i % 2 == 0 else blank for i in range(BOX)],
                [(ch, style) if i % 2 == 1 else blank for i in range(BOX)])

    def units_text(self, tokens: list[Any]) -> list[tuple[str, Style]]:
        """The units of a hex: each side's code once, then type and SP per unit (an activated
        unit's type in lower case)."""
        out: list[tuple[str, Style]] = []
        sides: dict[str, list[Any]] = {}
        for token in tokens:
            sides.setdefault(token.side, []).append(token)
        for side, group in sides.items():
            style = self.side_style(side)
            out.append((self.code(side), style))
            for token in group:
                done = "activated" in (token.flags or [])
                kind = token.kind.lower() if done else token.kind
                strength = "" if token.strength is None else str(token.strength)
                unit_style = Style(color=self._colour(side), dim=True) if done else style
                out.append((f"{kind}{strength}", unit_style))
        return out

    def _box(self, h: str) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        a, b = self._fill(h)
        hx = self.board.hexes[h]
        is_target = h in self.targets
        if is_target:  # the whole box tinted (the * below says it without colour)
            a = [(ch, (style or Style()) + self.styles["target"]) for ch, style in a]
            b = [(ch, (style or Style()) + self.styles["target"]) for ch, style in b]
        vp = hx.props.get("vp")
        if vp:
            holder = self.control.get(h)
            style = self.side_style(holder) if holder else self.styles["vp"]
            if holder:
                a[0] = (self.code(holder)[:1].lower(), style)
            a[1] = (VP_MARK, style)
            a[2] = (str(vp)[-1], style)
        entry = hx.props.get("entry")
        if entry:
            a[3] = (ENTRY_MARK, self.side_style(entry) if isinstance(entry, str)
                    else self.styles["vp"])
        hint = self.hints.get(h)
        if hint:
            for i, ch in enumerate(hint[-2:]):
                a[BOX - len(hint[-2:]) + i] = (ch, self.styles["hint"])
        elif is_target:
            a[BOX - 1] = (TARGET_MARK, self.styles["mark"])
        if h == self.focus:
            a[0] = (FOCUS_MARK, self.styles["focus"])
        # row B: the units; a sixth character takes the separator (its hexside still shows
        # in row A) rather than losing a unit's SP; more than that ends in "+"
        cells: list[Cell] = [(ch, style) for text, style in
                             self.units_text(self.board_view.get(h, [])) for ch in text]
        if len(cells) > BOX + 1:
            cells = cells[:BOX - 1] + [("+", cells[BOX - 1][1])]
        if cells:  # a blank after the units, so the terrain never reads as part of them
            b = cells + [(" ", None)] + b[len(cells) + 1:]
        b = b[:max(BOX, len(cells))]
        self._keep_terrain(h, a, b, len(cells))
        if h == self.cursor:
            a = [(ch, (style or Style()) + self.styles["cursor"]) for ch, style in a]
            b = [(ch, (style or Style()) + self.styles["cursor"]) for ch, style in b]
        return tuple(a), tuple(b)

    def _keep_terrain(self, h: str, a: list[Cell], b: list[Cell], units: int) -> None:
        """When marks and units cover every terrain character of a box (a VP hex with a
        stack, say), one goes back in a free cell: every hex shows its terrain."""
        ch = self.terrain_chars[self.board.hexes[h].terrain]
        if any(c == ch for c, _ in a) or any(c == ch for c, _ in b):
            return
        fill = self._fill(h)[0][0 if self.board.hexes[h].terrain not in SPARSE else BOX // 2]
        style = fill[1]
        if h in self.targets:
            style = (style or Style()) + self.styles["target"]
        for row, cells in ((a, (3, 4, 0)), (b, range(units + 1, BOX))):
            for i in cells:
                if row[i][0] == " ":
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
        cells = list(self._static[row])
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
        if not 0 <= row < self.height:
            strip = Strip.blank(self.width)
        else:
            segments: list[Segment] = []
            run_text, run_style = "", None
            for ch, style in self.row_cells(row):
                if style is run_style or style == run_style:
                    run_text += ch
                else:
                    if run_text:
                        segments.append(Segment(run_text, run_style))
                    run_text, run_style = ch, style
            if run_text:
                segments.append(Segment(run_text, run_style))
            strip = Strip(segments, self.width)
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
            for c in range(column - BOX + 1, column + 1):
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
            return self._at.get((here.column + dx * W, here.y))
        if self._sticky is not None and self._sticky[0] == origin:
            column = self._sticky[1]
        else:
            column = here.column
        y = here.y + dy * H
        found = [h for h in (self._at.get((here.column - W // 2, y)),
                             self._at.get((here.column + W // 2, y))) if h is not None]
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
        """The info line of a hex: id and name, the units there first; then terrain,
        elevation, VP, entry, roads and streams; the terrain's effects; the actions there."""
        text = Text()
        if loc is None or loc not in self.places:
            return Text("(no hex)", style="dim")
        hx = self.board.hexes[loc]
        text.append(self.places[loc].name, style="bold")
        tokens = view.board.get(loc, []) if view is not None else []
        if tokens:
            text.append(": ")
            for i, token in enumerate(tokens):
                if i:
                    text.append("; ")
                text.append(f"{token.side} {token.label}", style=self.side_style(token.side))
                text.append(" " + unit_words(token))
        else:
            text.append(": no units", style="dim")
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
        text.append("\n" + " · ".join(facts))
        effects = terrain_effects(terrain, hx)
        if effects:
            text.append("\n" + effects, style="dim")
        if here:
            text.append("\nHere: ", style="bold")
            text.append(" | ".join(choice.label for choice in here))
        return text


def unit_words(token: Any) -> str:
    """`F 4/4 SP (elite, I Corps, activated)`: type code, SP of printed SP, the other flags."""
    printed = None
    flags = []
    for flag in token.flags or []:
        if flag.startswith("printed ") and flag.endswith(" SP"):
            printed = flag[len("printed "):-len(" SP")]
        else:
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
    (without a board, the terrain types this module knows), hexsides, units and marks."""
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
    kinds = ", ".join(f"{code} {words}" for code, words in UNIT_KINDS.items())
    rows += [
        (f"{STREAM_CHAR} {STREAM_CHAR}{STREAM_CHAR}",
         "a stream along that hexside: between two hexes of a row, or between two rows"),
        (f"{ROAD_CHARS['E']} / {ROAD_CHARS['NW']}",
         f"a road across that hexside: {ROAD_CHARS['E']} to the hex beside, / and "
         f"{ROAD_CHARS['NW']} to the row above or below"),
        ("UF4A3", f"units, on a hex's second row: the side once ({sides}), then type and SP "
                  f"of each unit ({kinds})"),
        ("Uf4", "a lower-case type: that unit is activated this turn"),
        (f"u{VP_MARK}5", f"a VP hex worth 5 a day; the lower-case letter before {VP_MARK} "
                         "is the side holding it"),
        (ENTRY_MARK, "an entry hex for reinforcements"),
        (TARGET_MARK, "a legal target of the current prompt (its hex is also tinted)"),
        ("as", "jump labels (f): type one to act there"),
        (FOCUS_MARK, "the combat the focus panel resolves is here"),
        ("reversed hex", "the cursor; the line under the map describes its hex, units first"),
    ]
    return rows


# -- the widget --------------------------------------------------------------------------------


class HexMapPane(MapPane):
    """The map pane of a hex board (`MapPane(HexCanvas(...))` makes one): the same keys, jump
    labels and scrolling; styles from the component classes below (app.tcss), re-read when the
    theme changes. `cursor` is reactive: setting it moves the canvas's cursor and redraws;
    `jumping` sets the class `-jumping` while labels are shown."""

    COMPONENT_CLASSES = {f"hexmap--{key.replace('_', '-')}" for key in STYLE_KEYS}

    cursor: reactive[str | None] = reactive(None, repaint=False)
    jumping: reactive[bool] = reactive(False, repaint=False, toggle_class="-jumping")

    canvas: HexCanvas

    def watch_cursor(self, cursor: str | None) -> None:
        self.canvas.set_cursor(cursor)
        self.refresh()

    def on_mount(self) -> None:
        super().on_mount()
        self._read_styles()

    def scroll_to_cursor(self, animate: bool = False) -> None:
        """Keep the cursor's hex and its six neighbours in view (when the window is that big):
        a margin of one hex on every side."""
        place = self.canvas.places.get(self.cursor or "")
        if place is None:
            return
        window = self.scrollable_content_region
        margin_y = H if window.height >= 2 + 2 * H else max(0, (window.height - 2) // 2)
        margin_x = W + 1 if window.width >= BOX + 2 * (W + 1) else 0
        self.scroll_to_region(Region(place.column, place.y, BOX, 2), animate=animate,
                              spacing=Spacing(margin_y, margin_x, margin_y, margin_x),
                              immediate=True, force=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self.is_mounted:  # CSS changed (a theme, say): read the styles once it is applied
            self.call_after_refresh(self._read_styles)

    def _read_styles(self) -> None:
        """The canvas's styles from the component classes, colours blended over the pane's
        background (so `$text-muted` and tints with an alpha work). An ANSI theme (16-colour
        terminals) cannot blend: a tint (`TINTS`) would be a solid colour hiding the
        characters on it, so there it becomes an underline."""
        _, background = self.background_colors
        styles: dict[str, Style] = {}
        for key in STYLE_KEYS:
            try:
                part = self.get_component_styles(f"hexmap--{key.replace('_', '-')}")
            except KeyError:  # pragma: no cover - every key is a component class
                continue
            color = (background + part.color).rich_color if part.has_rule("color") else None
            bgcolor = None
            text_style = part.text_style
            if part.has_rule("background"):
                tint = background + part.background
                if key in TINTS and (tint.ansi is not None or background.ansi is not None):
                    text_style = text_style + Style(underline=True)
                else:
                    bgcolor = tint.rich_color
            styles[key] = Style(color=color, bgcolor=bgcolor) + text_style
        if styles != {k: self.canvas.styles.get(k) for k in styles}:
            self.canvas.set_styles(styles)
            self.refresh()
