"""The map drawn on a character canvas: pure geometry and Rich styles, no Textual widgets.

Every location is drawn at its board x/y (the centre of its label) as

    c[ABBR]*        c: control letter (lower case side code), * : legal target marker
     U2C1           pieces: side code + number of pieces, on the row below
    !U2C1           "!" before the pieces: what `View.focus` resolves happens here (a battle)

Links are drawn between location centres, one character per kind (road `·`, rail `=`,
river `~`, anything else `:`). The link layer never changes during a game, so it is drawn once;
labels, pieces, markers and the cursor are an overlay rebuilt when the view changes, and rows
are turned into Strips lazily (only rows on screen) and cached until they change.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

LINK_CHARS = {"road": "·", "rail": "=", "river": "~"}
OTHER_LINK_CHAR = ":"
LINK_STYLES = {
    "road": Style(color="yellow"),
    "rail": Style(color="bright_black"),  # grey: lines recede, places and pieces stand out
    "river": Style(color="bright_blue"),
}
OTHER_LINK_STYLE = Style(color="bright_black")
SIDE_COLOURS = ["bright_blue", "bright_red", "bright_green", "bright_magenta", "bright_yellow",
                "bright_cyan"]

LABEL_STYLE = Style(bold=True)
BRACKET_STYLE = Style(color="bright_black")
TARGET_STYLE = Style(color="bright_yellow", bold=True, underline=True)
MARK_STYLE = Style(color="bright_yellow", bold=True)
CURSOR_STYLE = Style(reverse=True, bold=True)
HINT_STYLE = Style(color="black", bgcolor="bright_yellow", bold=True)
TARGET_MARK = "*"
FOCUS_MARK = "!"   # before the piece summary: the battle (View.focus.where) is here
FOCUS_STYLE = Style(color="bright_red", bold=True, reverse=True)

# home row first, so the commonest labels are the easiest to type
HINT_ALPHABET = "asdfghjklqwertyuiopzxcvbnm"


def hint_labels(count: int) -> list[str]:
    """`count` prefix-free labels: single letters when they suffice, else two letters each."""
    letters = HINT_ALPHABET
    if count <= len(letters):
        return list(letters[:count])
    labels = [a + b for a in letters for b in letters]
    if count > len(labels):
        raise ValueError("too many targets to label")
    return labels[:count]


def side_codes(sides: Iterable[str]) -> dict[str, str]:
    """A short unique code per side: its initial, or more letters when initials clash."""
    codes: dict[str, str] = {}
    used: set[str] = set()
    for side in sides:
        if side in codes or not side:
            continue
        word = "".join(ch for ch in side if ch.isalnum()) or "?"
        for length in range(1, len(word) + 1):
            code = word[:length].capitalize()
            if code not in used:
                break
        else:  # pragma: no cover - identical names
            code = f"{word[:1].upper()}{len(used)}"
        codes[side] = code
        used.add(code)
    return codes


@dataclass
class Place:
    """Where one location's label sits on the canvas: `c[ABBR]*` on row y, pieces on y + 1."""

    id: str
    name: str
    abbr: str
    column: int  # column of the abbreviation's first letter
    y: int       # row

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
    def x(self) -> int:  # centre column: where links end
        return self.column + len(self.abbr) // 2


MARGIN = 2          # columns left of the westmost label (control letter + bracket)
LABEL_ROOM = 5      # a label needs len(abbr) + this many columns: c [ ] and a 2-letter hint


def layout(locations: list[Any]) -> tuple[float, int]:
    """Scale factors (x, y) that keep labels and piece rows apart.

    Board x/y are where the abbreviation starts (maps/board.py: labels on a row are at least
    len(abbr) + 1 apart). Brackets, control letters and jump labels need more room, and piece
    summaries need the row below, so dense boards are stretched: x by the least factor that
    separates every label on a row, y by 2 when a label sits right under another one.
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


def _line_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The cells of a straight line (Bresenham), both ends included."""
    cells = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    x, y = x0, y0
    while True:
        cells.append((x, y))
        if x == x1 and y == y1:
            return cells
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy


class MapCanvas:
    """The board on a character grid, with a cached static layer and a dynamic overlay."""

    def __init__(self, board: Any, sides: Iterable[str] = ()) -> None:
        self.board = board
        locations = list(board.locations.values())
        self.scale = layout(locations)
        sx, sy = self.scale
        self.places: dict[str, Place] = {}
        for loc in locations:
            self.places[loc.id] = Place(loc.id, loc.name, loc.abbr,
                                        MARGIN + round(int(loc.x) * sx), int(loc.y) * sy)
        self.width = max([p.right + 6 for p in self.places.values()] + [10])
        self.height = max([p.y + 2 for p in self.places.values()] + [3])
        self.codes = side_codes(sides)
        self.colours: dict[str, str] = {}
        for side in self.codes:
            self._colour(side)
        # static layer: one list of (char, style) per row
        self._static: list[list[tuple[str, Style | None]]] = [
            [(" ", None)] * self.width for _ in range(self.height)]
        for link in sorted(board.links, key=lambda ln: ln.kind == "rail"):  # rails on top
            char = LINK_CHARS.get(link.kind, OTHER_LINK_CHAR)
            style = LINK_STYLES.get(link.kind, OTHER_LINK_STYLE)
            a, b = self.places.get(link.a), self.places.get(link.b)
            if a is None or b is None:
                continue
            for cx, cy in _line_cells(a.x, a.y, b.x, b.y):
                if 0 <= cy < self.height and 0 <= cx < self.width:
                    self._static[cy][cx] = (char, style)
        # dynamic state
        self.board_view: dict[str, list] = {}
        self.control: dict[str, str] = {}
        self.targets: set[str] = set()
        self.cursor: str | None = None
        self.hints: dict[str, str] = {}
        self.focus: str | None = None  # the location of View.focus, marked "!"
        self._overlay: dict[int, list[tuple[int, str, Style]]] = {}
        self._rows: dict[int, Strip] = {}

    # -- sides ---------------------------------------------------------------------------

    def _colour(self, side: str) -> str:
        if side not in self.colours:
            self.colours[side] = SIDE_COLOURS[len(self.colours) % len(SIDE_COLOURS)]
        return self.colours[side]

    def code(self, side: str) -> str:
        if side not in self.codes:
            self.codes = side_codes([*self.codes, side])
        return self.codes[side]

    def side_style(self, side: str) -> Style:
        return Style(color=self._colour(side), bold=True)

    # -- dynamic state -------------------------------------------------------------------

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
        """The piece summary of a location: side code + count, per side in order of arrival."""
        counts: dict[str, int] = {}
        for token in self.board_view.get(loc, []):
            counts[token.side] = counts.get(token.side, 0) + 1
        return [(f"{self.code(side)}{n}", self.side_style(side)) for side, n in counts.items()]

    def _place_items(self, place: Place) -> list[tuple[int, int, str, Style]]:
        """(row, column, text, style) for one location's label, marker, control and pieces."""
        items: list[tuple[int, int, str, Style]] = []
        loc = place.id
        is_cursor = loc == self.cursor
        is_target = loc in self.targets
        label_style = TARGET_STYLE if is_target else LABEL_STYLE
        if is_cursor:
            label_style = label_style + CURSOR_STYLE
            items.append((place.y, place.left, ">" + place.abbr + "<", label_style))
        else:
            items.append((place.y, place.left, "[", BRACKET_STYLE))
            items.append((place.y, place.left + 1, place.abbr, label_style))
            items.append((place.y, place.right - 1, "]", BRACKET_STYLE))
        owner = self.control.get(loc)
        if owner:
            code = self.code(owner).lower()
            items.append((place.y, place.left - len(code), code, self.side_style(owner)))
        hint = self.hints.get(loc)
        if hint:
            items.append((place.y, place.right, hint, HINT_STYLE))
        elif is_target:
            items.append((place.y, place.right, TARGET_MARK, MARK_STYLE))
        column = place.column
        if loc == self.focus:
            items.append((place.y + 1, place.left, FOCUS_MARK, FOCUS_STYLE))
        for text, style in self.summary(loc):
            items.append((place.y + 1, column, text, style))
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
                    rows |= {self.places[loc].y, self.places[loc].y + 1}
            while True:
                places = [p for p in self.places.values() if p.y in rows or p.y + 1 in rows]
                grown = rows | {p.y for p in places} | {p.y + 1 for p in places}
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

    # -- rendering -----------------------------------------------------------------------

    def row_strip(self, row: int) -> Strip:
        """The whole canvas row as a Strip (cached until the row changes)."""
        strip = self._rows.get(row)
        if strip is not None:
            return strip
        if not 0 <= row < self.height:
            strip = Strip.blank(self.width)
        else:
            cells = list(self._static[row])
            for column, text, style in self._overlay.get(row, ()):
                for i, ch in enumerate(text):
                    c = column + i
                    if 0 <= c < self.width:
                        cells[c] = (ch, style)
            segments: list[Segment] = []
            run_text, run_style = "", None
            for ch, style in cells:
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

    def location_at(self, column: int, row: int) -> str | None:
        """The location whose label (or piece row) covers a canvas cell."""
        for place in self.places.values():
            if place.y <= row <= place.y + 1 and place.left - 1 <= column <= place.right:
                return place.id
        return None

    # -- navigation ----------------------------------------------------------------------

    def nearest(self, origin: str | None, dx: int, dy: int) -> str | None:
        """The nearest location from `origin` in direction (dx, dy) (one of the four)."""
        if not self.places:
            return None
        if origin not in self.places:
            return self.first()
        o = self.places[origin]
        best, best_score = None, None
        for place in self.places.values():
            if place.id == origin:
                continue
            # rows are about twice as tall as columns are wide
            vx, vy = place.x - o.x, (place.y - o.y) * 2
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            across = abs(vx * dy) + abs(vy * dx)
            score = along + 2 * across
            if best_score is None or score < best_score:
                best, best_score = place.id, score
        return best

    def first(self) -> str | None:
        if not self.places:
            return None
        return min(self.places.values(), key=lambda p: (p.y, p.x)).id

    def reading_order(self, ids: Iterable[str]) -> list[str]:
        """Locations sorted top to bottom, left to right (for labelling targets)."""
        return sorted((i for i in ids if i in self.places),
                      key=lambda i: (self.places[i].y, self.places[i].x))
