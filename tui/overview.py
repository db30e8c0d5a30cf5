"""The whole point-to-point board zoomed out to fit the map pane (`o` on the map).

`OverviewCanvas` has the interface of `MapCanvas` (places, update, set_cursor, set_hints,
row_strip, location_at, nearest, first, reading_order), so the map pane swaps one for the
other and its cursor keys, `n` / `N`, jump labels, clicks and Enter work the same.

Board x/y of the places on the map (off-map boxes are left out) are scaled to the pane (each
axis on its own); a place is one glyph cell, a place whose cell is taken moves to the nearest
free one. Then a label pass (`place_labels`) gives places their abbreviation, most important
first (the cursor, the focus, targets, places with pieces, capitals and fortresses...): right
of the glyph, else left of it, else on the row above or below, never over another glyph or
label and with a blank between two labels, so labels never collide. A place with no room for
its label keeps its glyph (the info line names it); the cursor's place is always named, over
its neighbours' glyphs if it must (they show again when the cursor moves on):

    U*RICH      glyph: the first side with pieces there (upper-case code), else the controlling
                side (lower case), else `∘`; `*` a legal target (its label also underlined);
    c ATL       `!` instead of the glyph: the focus (a battle); the cursor in reverse video;
                jump labels over the glyph

Lines are drawn between the glyphs with the same characters as the full map (`LineLayer`),
dimmed, under the labels.
"""
from __future__ import annotations

from typing import Any, Iterable

from rich.style import Style
from textual.strip import Strip

from tui.mapcanvas import (DEFAULT_STYLES, FOCUS_MARK, RIVER_KINDS, TARGET_MARK, LineLayer, Place,
                           cells_strip, link_families, nearest_place, staircase, style_key)

NEUTRAL_GLYPH = "∘"
MIN_WIDTH, MIN_HEIGHT = 10, 4
MAX_LINE_DENSITY = 0.06  # places per cell above which the overview draws no lines


class OverviewCanvas:
    """The board scaled to `width` x `height` cells; styles, codes and colours are the full
    map canvas's (`like`)."""

    def __init__(self, board: Any, like: Any, width: int, height: int) -> None:
        self.board = board
        self.like = like
        self.width = max(MIN_WIDTH, width)
        self.height = max(MIN_HEIGHT, height)
        self.styles: dict[str, Style] = like.styles if hasattr(like, "styles") \
            else dict(DEFAULT_STYLES)
        locations = list(board.locations.values())
        self.places: dict[str, Place] = {}
        self._glyphs: dict[tuple[int, int], str] = {}
        self._shown: dict[str, int] = {}  # cells each glyph and its marks take now (clicks)
        self.labels: dict[str, tuple[int, int, str]] = {}  # loc -> (column, row, text)
        if locations:
            self._layout(locations)
        self.lines = self._draw_lines()
        self._static: list[list[tuple[str, Style | None]]] = []
        self._paint_static()
        self.board_view: dict[str, list] = {}
        self.control: dict[str, str] = {}
        self.targets: set[str] = set()
        self.cursor: str | None = None
        self.hints: dict[str, str] = {}
        self.focus: str | None = None
        self._overlay: dict[int, list[tuple[int, str, Style]]] = {}
        self._rows: dict[int, Strip] = {}

    # -- layout ------------------------------------------------------------------------------

    def _layout(self, locations: list[Any]) -> None:
        locations = [loc for loc in locations if not getattr(loc, "offmap", False)] \
            or locations
        x0 = min(int(loc.x) for loc in locations)
        x1 = max(int(loc.x) + len(loc.abbr) // 2 for loc in locations)
        y0 = min(int(loc.y) for loc in locations)
        y1 = max(int(loc.y) for loc in locations)
        sx = (self.width - 5) / max(1, x1 - x0)
        sy = (self.height - 1) / max(1, y1 - y0)
        taken: dict[tuple[int, int], str] = {}
        # the crowded first: west to east, north to south, each to its nearest free cell
        for loc in sorted(locations, key=lambda loc: (int(loc.y), int(loc.x))):
            want = (2 + round((int(loc.x) + len(loc.abbr) // 2 - x0) * sx),
                    round((int(loc.y) - y0) * sy))
            cell = self._free(want, taken)
            taken[cell] = loc.id
            self.places[loc.id] = Place(loc.id, loc.name, " ", cell[0], cell[1])
        self._glyphs = {cell: loc for cell, loc in taken.items()}

    def _free(self, want: tuple[int, int], taken: dict[tuple[int, int], str]) -> tuple[int, int]:
        x, y = min(max(want[0], 0), self.width - 1), min(max(want[1], 0), self.height - 1)
        for radius in range(0, self.width + self.height):
            for dy in sorted(range(-radius, radius + 1), key=abs):
                for dx in sorted(range(-2 * radius, 2 * radius + 1), key=abs):
                    if max(abs(dx) / 2, abs(dy)) != radius and radius:
                        continue
                    cell = (x + dx, y + dy)
                    if 0 <= cell[0] < self.width and 0 <= cell[1] < self.height \
                            and cell not in taken:
                        return cell
        return (x, y)  # pragma: no cover - more places than cells

    def _draw_lines(self) -> LineLayer:
        """The links between glyphs, unless the pane is so crowded with places
        (`MAX_LINE_DENSITY`) that lines would only fill the gaps the labels need."""
        layer = LineLayer(self.width, self.height)
        if len(self.places) > MAX_LINE_DENSITY * self.width * self.height:
            return layer
        families = link_families(link.kind for link in self.board.links)
        for link in sorted(self.board.links, key=lambda ln: ln.kind not in RIVER_KINDS):
            a, b = self.places.get(link.a), self.places.get(link.b)
            if a is None or b is None:
                continue
            vx, vy = b.column - a.column, (b.y - a.y) * 2
            path = staircase((a.column, a.y), (b.column, b.y), abs(vx) >= abs(vy))
            layer.add(path, families.get(link.kind), style_key(link.kind))
        return layer

    def _paint_static(self) -> None:
        blank: tuple[str, Style | None] = (" ", None)
        self._static = [[blank] * self.width for _ in range(self.height)]
        dim = Style(dim=True)
        for (x, y) in self.lines.cells:
            found = self.lines.char((x, y))
            if found is not None:
                self._static[y][x] = (found[0], self.styles[found[1]] + dim)

    def set_styles(self, styles: dict[str, Style]) -> None:
        self.styles = dict(styles)
        self._paint_static()
        self._rebuild()

    # -- the interface of MapCanvas ------------------------------------------------------------

    def update(self, board_view: dict[str, list], control: dict[str, str],
               targets: Iterable[str], cursor: str | None, hints: dict[str, str] | None = None,
               focus: str | None = None) -> None:
        self.board_view = board_view
        self.control = control
        self.targets = set(targets)
        self.cursor = cursor
        self.hints = dict(hints or {})
        self.focus = focus
        self._rebuild()

    def set_cursor(self, cursor: str | None) -> None:
        if cursor != self.cursor:
            self.cursor = cursor
            self._rebuild()

    def set_hints(self, hints: dict[str, str] | None) -> None:
        self.hints = dict(hints or {})
        self._rebuild()

    def glyph(self, loc: str) -> tuple[str, Style]:
        """The one character of a place: who has pieces there, else who controls it."""
        tokens = [t for t in self.board_view.get(loc, []) if t.side]  # markers have none
        if tokens:
            side = tokens[0].side
            return self.like.code(side)[:1].upper(), self.like.side_style(side)
        owner = self.control.get(loc)
        if owner:
            return self.like.code(owner)[:1].lower(), self.like.side_style(owner)
        return NEUTRAL_GLYPH, self.styles["bracket"]

    def priority(self, loc: str) -> tuple[int, ...]:
        """Who gets a label first: the cursor, the focus, targets, places with pieces, then
        places with markers (capitals, fortresses...), in reading order."""
        place = self.places[loc]
        markers = getattr(self.like, "markers", {}).get(loc)
        return (loc != self.cursor, loc != self.focus, loc not in self.targets,
                not self.board_view.get(loc), not markers, place.y, place.column)

    def place_labels(self) -> dict[str, tuple[int, int, str]]:
        """(column, row, text) of each place's label that has room (`label pass`): tried right
        of the glyph (after the target mark or the jump label), left of it, then centred on
        the row above or below; never over a glyph or another label, a blank between two
        labels."""
        used: set[tuple[int, int]] = set(self._glyphs)
        out: dict[str, tuple[int, int, str]] = {}
        for loc in sorted(self.places, key=self.priority):
            place = self.places[loc]
            text = self.board.locations[loc].abbr
            x, y = place.column, place.y
            after = max(len(self.hints.get(loc, "")), 1 + (loc in self.targets))
            for column, row in ((x + after, y), (x - len(text) - 1, y),
                                (x - len(text) // 2, y - 1), (x - len(text) // 2, y + 1)):
                cells = [(column + i, row) for i in range(len(text))]
                if column < 0 or column + len(text) > self.width or not 0 <= row < self.height:
                    continue
                around = cells + [(column - 1, row), (column + len(text), row)]
                if any(c in used and self._glyphs.get(c) != loc for c in around):
                    continue
                used.update(cells)
                out[loc] = (column, row, text)
                break
            else:
                if loc == self.cursor:  # the cursor's name always shows, over glyphs if need
                    column = x + after if x + after + len(text) <= self.width \
                        else max(0, x - len(text))
                    cells = [(column + i, y) for i in range(len(text))]
                    used.update(cells)
                    out[loc] = (column, y, text)
        return out

    def glyph_cells(self, loc: str) -> list[tuple[str, Style]]:
        """(character, style) cells at a place's glyph: glyph (or focus, or jump label),
        then the target mark."""
        is_target = loc in self.targets
        ch, style = self.glyph(loc)
        if loc == self.focus:
            ch, style = FOCUS_MARK, self.styles["focus"]
        cells = [(ch, style)]
        hint = self.hints.get(loc)
        if hint:
            cells = [(c, self.styles["hint"]) for c in hint.upper()]  # not a control letter
        elif is_target:
            cells.append((TARGET_MARK, self.styles["mark"]))
        return self._marked(loc, cells)

    def _marked(self, loc: str, cells: list[tuple[str, Style]]) -> list[tuple[str, Style]]:
        if loc in self.targets:
            cells = [(c, s + Style(underline=True)) for c, s in cells]
        if loc == self.cursor:
            cells = [(c, s + self.styles["cursor"]) for c, s in cells]
        return cells

    def label(self, loc: str) -> list[tuple[str, Style]]:
        """(character, style) cells of a place's glyph and, when it sits right of the glyph,
        its name (tests and clicks)."""
        cells = self.glyph_cells(loc)
        spot = self.labels.get(loc)
        place = self.places[loc]
        if spot is not None and spot[1] == place.y and spot[0] == place.column + len(cells):
            name_style = self.styles["target"] if loc in self.targets else self.styles["label"]
            cells += self._marked(loc, [(c, name_style) for c in spot[2]])
        return cells

    def _rebuild(self) -> None:
        overlay: dict[int, list[tuple[int, str, Style]]] = {}
        self.labels = self.place_labels()
        for loc, place in self.places.items():
            cells = self.glyph_cells(loc)
            self._shown[loc] = len(cells)
            for i, (ch, style) in enumerate(cells):
                overlay.setdefault(place.y, []).append((place.column + i, ch, style))
        for loc, (column, row, text) in self.labels.items():
            name_style = self.styles["target"] if loc in self.targets else self.styles["label"]
            for i, (ch, style) in enumerate(self._marked(loc, [(c, name_style) for c in text])):
                overlay.setdefault(row, []).append((column + i, ch, style))
        self._overlay = overlay
        self._rows.clear()

    def row_strip(self, row: int) -> Strip:
        strip = self._rows.get(row)
        if strip is not None:
            return strip
        if not 0 <= row < self.height:
            strip = Strip.blank(self.width)
        else:
            cells = list(self._static[row])
            for column, ch, style in self._overlay.get(row, ()):
                if 0 <= column < self.width:
                    cells[column] = (ch, style)
            strip = cells_strip(cells, self.width)
        self._rows[row] = strip
        return strip

    def plain_row(self, row: int) -> str:
        return self.row_strip(row).text

    def location_at(self, column: int, row: int) -> str | None:
        """The place whose glyph (with its marks) or label covers a cell."""
        for place in self.places.values():
            shown = self._shown.get(place.id, 1)
            if place.y == row and place.column <= column < place.column + shown:
                return place.id
        for loc, (x, y, text) in self.labels.items():
            if y == row and x <= column < x + len(text):
                return loc
        return None

    def nearest(self, origin: str | None, dx: int, dy: int) -> str | None:
        if origin not in self.places:
            return self.first()
        return nearest_place(self.places, origin, dx, dy)

    def first(self) -> str | None:
        return self.like.first() if self.places else None

    def reading_order(self, ids: Iterable[str]) -> list[str]:
        return self.like.reading_order(ids)
