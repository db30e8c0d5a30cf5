"""The map pane: the board canvas in a scrolling window, with a location cursor and jump hints.

The canvas is the point-to-point `MapCanvas` or, for a hex board, the `HexCanvas`
(`MapPane.canvas_for` chooses); both have the same interface. `MapPane(canvas)` is a
`HexMapPane` for a hex canvas. The floors: the shared drawing pieces (tui/mapparts.py) below,
the canvases (tui/mapcanvas.py, tui/hexcanvas.py, tui/overview.py) above them, this module,
the only widget, on top; the hex canvas module is imported only for a hex board.

Arrows / hjkl move the cursor to the nearest location in that direction and the window scrolls
to keep it visible. `f` labels every legal target with one or two letters; typing a label moves
the cursor there and acts. Enter acts on the location under the cursor. `o` shows the whole
board zoomed out to the pane (`OverviewCanvas`, tui/overview.py; a hex board's `HexOverview`)
and back: the cursor, targets, jump labels and Enter work the same there. Styles are the component classes
`map--<key>` (app.tcss), re-read when the theme changes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size, Spacing
from rich.segment import Segment
from rich.style import Style
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.mapcanvas import STYLE_KEYS, MapCanvas
from tui.mapparts import HEX_STYLE_KEYS, hint_labels


HEXMAP_TCSS = Path(__file__).with_name("hexmap.tcss")  # HexMapPane.DEFAULT_CSS
FULL_NAMES_WIDTH = 80  # map columns from which places show their full names (120x40 on)


def is_hex_board(board: Any) -> bool:
    """A maps.hexboard.HexBoard (or anything shaped like one)."""
    return all(hasattr(board, name) for name in ("spec", "hexes", "terrains", "side"))


class MapPane(ScrollView, can_focus=True):
    """A window on the map canvas (a Line API widget: only visible rows are rendered)."""

    BINDINGS = [
        Binding("left,h", "move(-1, 0)", "West", show=False),
        Binding("right,l", "move(1, 0)", "East", show=False),
        Binding("up,k", "move(0, -1)", "North", show=False),
        Binding("down,j", "move(0, 1)", "South", show=False),
        Binding("enter", "activate", "Act here", show=False),
        Binding("n", "next_target(1)", "Next target", show=False),
        Binding("N", "next_target(-1)", "Previous target", show=False),
        Binding("o", "overview", "Overview", show=False),
    ]
    COMPONENT_CLASSES = {f"map--{key}" for key in STYLE_KEYS}

    # the whole board zoomed out to the pane (point-to-point maps); class -overview meanwhile
    zoomed: reactive[bool] = reactive(False, repaint=False, toggle_class="-overview")

    class CursorMoved(Message):
        """The cursor is on another location."""

        def __init__(self, loc: str | None) -> None:
            super().__init__()
            self.loc = loc

    class Activated(Message):
        """Act on a location (Enter on it, a click on the cursor, or its jump label)."""

        def __init__(self, loc: str) -> None:
            super().__init__()
            self.loc = loc

    class JumpChanged(Message):
        """Jump labels shown (label -> location), or hidden (empty)."""

        def __init__(self, hints: dict[str, str]) -> None:
            super().__init__()
            self.hints = hints

    @staticmethod
    def canvas_for(board: Any, sides: Any = (), names: Any = ()) -> Any:
        """The canvas that draws `board`: the hex canvas for a hex board (maps/hexboard.py),
        else the point-to-point one. `names`: (side, unit name) of every unit the game has,
        so a hex map gives each the same short name everywhere."""
        if is_hex_board(board):
            from tui.hexcanvas import HexCanvas  # only for a hex board (start-up)

            return HexCanvas(board, sides, names)
        return MapCanvas(board, sides)

    def __new__(cls, canvas: Any = None, *args: Any, **kwargs: Any) -> "MapPane":
        """`MapPane(canvas)` is the hex map pane for a hex canvas."""
        if cls is MapPane and canvas is not None and is_hex_board(getattr(canvas, "board",
                                                                          None)):
            cls = HexMapPane
        return super().__new__(cls)

    def __init__(self, canvas: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.canvas = canvas
        self.cursor: str | None = canvas.first()
        self.targets: list[str] = []
        self._focus_seen: str | None = None  # the focus panel's place at the last view
        self.jumping = False
        self._typed = ""
        self._hints: dict[str, str] = {}  # label -> location
        self.overview: Any = None   # the OverviewCanvas while zoomed out (built for the size)
        # the last view drawn (pieces, control, targets, focus), for an overview built later
        self._drawn_args: tuple[Any, ...] = ({}, {}, [], None)

    @property
    def drawn(self) -> Any:
        """The canvas on screen: the overview while zoomed out, else the map canvas."""
        return self.overview if self.zoomed and self.overview is not None else self.canvas

    def on_mount(self) -> None:
        self.virtual_size = Size(self.canvas.width, self.canvas.height)
        super().on_mount()
        self._read_styles()

    # -- the overview ----------------------------------------------------------------------

    def action_overview(self) -> None:
        """Toggle the overview: the whole board zoomed out to the pane."""
        self.zoomed = not self.zoomed

    def watch_zoomed(self, zoomed: bool) -> None:
        if zoomed:
            self._build_overview()
        else:
            self.overview = None
            self.virtual_size = Size(self.canvas.width, self.canvas.height)
            self.refresh()
            self.call_after_refresh(self.scroll_to_cursor)

    def _zoomed_out(self, width: int, height: int) -> Any:
        from tui.overview import OverviewCanvas

        return OverviewCanvas(self.canvas.board, self.canvas, width, height)

    def _build_overview(self) -> None:
        region = self.scrollable_content_region
        width = region.width or self.size.width or 80
        height = region.height or self.size.height or 20
        if self.overview is not None and getattr(self, "_overview_for", None) == (width,
                                                                                  height):
            return
        self._overview_for = (width, height)
        self.overview = self._zoomed_out(width, height)
        board_view, control, targets, focus = self._drawn_args
        self.overview.update(board_view, control, targets, self.cursor,
                             self.canvas.hints, focus)
        self.virtual_size = Size(self.overview.width, self.overview.height)
        self.scroll_to(0, 0, animate=False, immediate=True, force=True)
        self.refresh()

    # -- styles from the component classes ---------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self.is_mounted:  # CSS changed (a theme, say): read the styles once it is applied
            self.call_after_refresh(self._read_styles)

    def _read_styles(self) -> None:
        """The canvas's styles from the component classes `map--<key>`, colours blended over
        the pane's background (so `$text-muted` and colours with an alpha work)."""
        if not isinstance(self.canvas, MapCanvas):
            return
        if self.canvas.plain != self.app.no_color:
            # under NO_COLOR the sides' letters (control, pieces) are the text's own colour,
            # bold: the monochrome filter made red and blue near-black greys (as on the hex map)
            self.canvas.plain = self.app.no_color
            self.canvas.set_styles({})
        _, background = self.background_colors
        styles: dict[str, Style] = {}
        for key in STYLE_KEYS:
            try:
                part = self.get_component_styles(f"map--{key}")
            except KeyError:  # pragma: no cover - every key is a component class
                continue
            color = (background + part.color).rich_color if part.has_rule("color") else None
            bgcolor = (background + part.background).rich_color \
                if part.has_rule("background") else None
            styles[key] = Style(color=color, bgcolor=bgcolor) + part.text_style
        if styles != {k: self.canvas.styles.get(k) for k in styles}:
            self.canvas.set_styles(styles)
            if self.overview is not None:
                self.overview.set_styles(self.canvas.styles)
            self.refresh()

    # -- state from the screen -----------------------------------------------------------

    def show(self, view: Any, targets: list[str]) -> None:
        """A new view: redraw pieces, control and target markers."""
        self.targets = self.canvas.reading_order(targets)
        if self.jumping:
            self.cancel_jump()
        moved = False
        if self.cursor not in self.canvas.places:
            self.cursor = self.targets[0] if self.targets else self.canvas.first()
            moved = True
        elif self.targets and self.cursor not in self.targets:
            # the map follows the game: the nearest place where something can be done now
            self.cursor = self._nearest_target(self.cursor)
            moved = True
        focus = getattr(getattr(view, "focus", None), "where", "") or None
        if focus in self.canvas.places and focus != self._focus_seen \
                and self.cursor not in self.targets:
            # a battle (siege, interception) begins elsewhere: the map goes there (`m`)
            self.cursor = focus
            moved = True
        self._focus_seen = focus
        self._drawn_args = (view.board, view.control, self.targets, focus)
        self.canvas.update(view.board, view.control, self.targets, self.cursor, focus=focus)
        if self.overview is not None:
            self.overview.update(view.board, view.control, self.targets, self.cursor,
                                 focus=focus)
        self.refresh()
        if moved:
            self.call_after_refresh(self.scroll_to_cursor)

    def _nearest_target(self, loc: str) -> str:
        here = self.canvas.places[loc]

        def distance(target: str) -> tuple[int, str]:
            place = self.canvas.places[target]
            # a row is about twice as tall as a column is wide
            return ((place.left - here.left) ** 2 + 4 * (place.y - here.y) ** 2, target)

        return min(self.targets, key=distance)

    # -- rendering -----------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        strip = self.drawn.row_strip(scroll_y + y)
        return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(
            self.rich_style)

    def on_resize(self) -> None:
        self._fit_names()
        if self.zoomed:  # the overview fits the pane: draw it again at the new size
            self.call_after_refresh(self._build_overview)
        self.call_after_refresh(self.scroll_to_cursor, False)

    def _fit_names(self) -> None:
        """Full names on the places once the pane is FULL_NAMES_WIDTH columns wide (the
        canvas lays the board out again for them), abbreviations below."""
        width = self.scrollable_content_region.width or self.size.width
        switch = getattr(self.canvas, "set_full_names", None)
        if switch is None or not width or not switch(width >= FULL_NAMES_WIDTH):
            return
        self.virtual_size = Size(self.canvas.width, self.canvas.height)
        self.overview = None  # built again from the new layout when zoomed out
        if self.zoomed:
            self.call_after_refresh(self._build_overview)
        self.refresh()

    def scroll_to_cursor(self, animate: bool = False) -> None:
        if self.zoomed:
            return  # the overview fits the pane
        place = self.canvas.places.get(self.cursor or "")
        if place is None:
            return
        # the label, its piece row below and the row above (pieces cut short below go there)
        top = max(0, place.y - 1)
        wide = max(place.width, getattr(self.canvas, "pieces_width", lambda _: 0)(place.id))
        region = Region(max(0, place.left - 2), top, wide + 4, place.y + 2 - top)
        # force: in compact layouts the map has no scrollbars (overflow hidden) but still scrolls
        self.scroll_to_region(region, animate=animate, spacing=Spacing(1, 6, 1, 6),
                              immediate=True, force=True)

    # -- cursor --------------------------------------------------------------------------

    def move_to(self, loc: str | None) -> None:
        if loc is None or loc not in self.canvas.places:
            return
        self.cursor = loc
        self.canvas.set_cursor(loc)
        if self.overview is not None:
            self.overview.set_cursor(loc)
        self.refresh()
        self.scroll_to_cursor()
        self.post_message(self.CursorMoved(loc))

    def action_move(self, dx: int, dy: int) -> None:
        if self.jumping:
            return
        self.move_to(self.drawn.nearest(self.cursor, dx, dy))

    def action_next_target(self, step: int) -> None:
        """Cycle the cursor through the legal targets in reading order."""
        if not self.targets:
            self.app.bell()
            return
        if self.cursor in self.targets:
            index = (self.targets.index(self.cursor) + step) % len(self.targets)
        else:
            index = 0 if step > 0 else len(self.targets) - 1
        self.move_to(self.targets[index])

    def action_activate(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Activated(self.cursor))

    def on_click(self, event: events.Click) -> None:
        scroll_x, scroll_y = self.scroll_offset
        loc = self.drawn.location_at(event.x + scroll_x, event.y + scroll_y)
        if loc is None:
            return
        if loc == self.cursor or event.chain > 1:
            self.move_to(loc)
            self.post_message(self.Activated(loc))
        else:
            self.move_to(loc)

    # -- jump hints ----------------------------------------------------------------------

    def start_jump(self) -> bool:
        """Label every target; the next letters typed pick one. False if there is none."""
        if not self.targets:
            return False
        labels = hint_labels(len(self.targets))
        self._hints = dict(zip(labels, self.targets))
        self._typed = ""
        self.jumping = True
        self._set_hints({loc: label for label, loc in self._hints.items()})
        self.post_message(self.JumpChanged(dict(self._hints)))
        return True

    def cancel_jump(self) -> None:
        was_jumping = self.jumping
        self.jumping = False
        self._typed = ""
        self._hints = {}
        self._set_hints(None)
        if was_jumping:
            self.post_message(self.JumpChanged({}))

    def _set_hints(self, hints: dict[str, str] | None) -> None:
        self.canvas.set_hints(hints)
        if self.overview is not None:
            self.overview.set_hints(hints)
        self.refresh()

    def hint_for(self, loc: str) -> str | None:
        for label, target in self._hints.items():
            if target == loc:
                return label
        return None

    async def on_key(self, event: events.Key) -> None:
        if not self.jumping:
            return
        stale = getattr(self.screen, "stale_key", None)
        if stale is not None and stale(event):
            return  # typed before the player changed: the screen drops it
        event.stop()
        event.prevent_default()
        if event.key == "escape":
            self.cancel_jump()
            return
        if event.key == "backspace":
            self._typed = self._typed[:-1]
            return
        char = (event.character or "").lower()
        if not char.isalpha():
            self.app.bell()
            return
        typed = self._typed + char
        if typed in self._hints:
            loc = self._hints[typed]
            self.cancel_jump()
            self.move_to(loc)
            self.post_message(self.Activated(loc))
        elif any(label.startswith(typed) for label in self._hints):
            self._typed = typed
            # show only the labels still possible
            left = {label: loc for label, loc in self._hints.items() if label.startswith(typed)}
            self._set_hints({loc: label for label, loc in left.items()})
            self.post_message(self.JumpChanged(left))
        else:
            self.app.bell()
            self.cancel_jump()


class HexMapPane(MapPane):
    """The map pane of a hex board (`MapPane(HexCanvas(...))` makes one): the same keys, jump
    labels, overview and scrolling; the box width follows the pane's (`HexCanvas.box_for`:
    wider boxes when the whole board fits); `v` shades the hexes the unit under the cursor
    reaches (the game's `sight`, given by the screen as `sight_of`); styles from the component
    classes `hexmap--<key>` (tui/hexmap.tcss), re-read when the theme changes. `cursor` is
    reactive: setting it moves the canvas's cursor and redraws; `jumping` sets the class
    `-jumping` while labels are shown."""

    BINDINGS = [Binding("v", "sight", "Sight", show=False)]
    COMPONENT_CLASSES = {f"hexmap--{key.replace('_', '-')}" for key in HEX_STYLE_KEYS}
    # tui/hexmap.tcss, as the widget's default styles: Textual parses them when the first hex
    # map is mounted, so a point-to-point game's first frame never does
    DEFAULT_CSS = HEXMAP_TCSS.read_text(encoding="utf-8")

    cursor: reactive[str | None] = reactive(None, repaint=False)
    jumping: reactive[bool] = reactive(False, repaint=False, toggle_class="-jumping")
    # v: the unit under the cursor's reach shaded (follows the cursor while on)
    sighting: reactive[bool] = reactive(False, repaint=False, toggle_class="-sighting")

    def __init__(self, canvas: Any, **kwargs: Any) -> None:
        super().__init__(canvas, **kwargs)
        self.sight_of: Any = None  # loc -> {hex: line of sight clear} or None (the screen's)

    def watch_cursor(self, cursor: str | None) -> None:
        self.canvas.set_cursor(cursor)
        self.refresh()

    def on_resize(self) -> None:
        width = self.scrollable_content_region.width or self.size.width
        if width and self.canvas.set_box(self.canvas.box_for(self.canvas.board, width)):
            self.virtual_size = Size(self.canvas.width, self.canvas.height)
            self.refresh()
        super().on_resize()

    def _zoomed_out(self, width: int, height: int) -> Any:
        return self.canvas.zoomed_out(width, height)

    def watch_zoomed(self, zoomed: bool) -> None:
        super().watch_zoomed(zoomed)
        # the screen gives the overview a row more at 80x24 (app.tcss: 21 files in 11 rows)
        self.screen.set_class(zoomed, "-hex-overview")
        if not zoomed:
            self.virtual_size = Size(self.canvas.width, self.canvas.height)

    # -- v: range and line of sight ---------------------------------------------------------

    def action_sight(self) -> None:
        """Shade (or stop shading) the hexes the unit under the cursor can fire into."""
        if self.sighting:
            self.sighting = False
            self._show_sight()
            return
        reach = self.sight_of(self.cursor) if self.sight_of is not None else None
        if reach is None:
            self.app.bell()
            self.notify("v shows where a unit can fire: put the cursor on a unit first.",
                        timeout=3)
            return
        self.sighting = True
        self._show_sight()

    def _show_sight(self) -> None:
        """The shading of the unit under the cursor; on a hex without units, the last unit's
        stays (so the hexes it reaches can be visited and read)."""
        reach = self.sight_of(self.cursor) if self.sighting and self.sight_of else None
        if reach is None and self.sighting and self.canvas.sight_from is not None:
            origin = self.canvas.sight_from
            reach = self.sight_of(origin)  # again: units may have moved
        else:
            origin = self.cursor
        self.canvas.set_sight(origin if reach is not None else None, reach)
        if self.overview is not None:
            self.overview.set_sight(reach)
        self.refresh()

    def move_to(self, loc: str | None) -> None:
        super().move_to(loc)
        if self.sighting and loc is not None:
            self._show_sight()  # the shading follows the cursor while it is on

    def show(self, view: Any, targets: list[str]) -> None:
        super().show(view, targets)
        if self.sighting:
            self._show_sight()  # the units moved: lines of sight change

    # -- coordinates kept in view ------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The canvas row, with the coordinates kept on the window's edges while it is
        scrolled: each row of hexes' file letter in the first column, and the numbers of the
        first row of hexes below on the top line."""
        strip = super().render_line(y)
        if self.zoomed:
            return strip
        scroll_x, scroll_y = (int(v) for v in self.scroll_offset)
        width = self.scrollable_content_region.width
        edge = self.rich_style + self.canvas.styles["edge"]
        if y == 0 and scroll_y > 0:
            cells = [" "] * width
            for column, number in self.canvas.numbers_under(scroll_y + 1):
                for i, ch in enumerate(number):
                    if 0 <= column - scroll_x + i < width:
                        cells[column - scroll_x + i] = ch
            return Strip([Segment("".join(cells), edge)], width)
        letter = self.canvas.file_at(scroll_y + y) if scroll_x > 0 else None
        if letter and width > 2:
            return Strip.join([Strip([Segment(f"{letter} ", edge)], 2),
                               strip.crop(2, width)])
        return strip

    # -- scrolling and styles -----------------------------------------------------------------

    def scroll_to_cursor(self, animate: bool = False) -> None:
        """Keep the cursor's hex and its six neighbours in view (when the window is that big):
        a margin of one hex on every side."""
        if self.zoomed:
            return
        place = self.canvas.places.get(self.cursor or "")
        if place is None:
            return
        window = self.scrollable_content_region
        step_x, step_y, box = self.canvas.W, 3, self.canvas.box
        margin_y = step_y if window.height >= 2 + 2 * step_y else max(0,
                                                                      (window.height - 2) // 2)
        margin_x = step_x + 1 if window.width >= box + 2 * (step_x + 1) else 0
        self.scroll_to_region(Region(place.column, place.y, box, 2), animate=animate,
                              spacing=Spacing(margin_y, margin_x, margin_y, margin_x),
                              immediate=True, force=True)

    def _read_styles(self) -> None:
        """The canvas's styles from the component classes, colours blended over the pane's
        background (so `$text-muted` and tints with an alpha work). An ANSI theme (16-colour
        terminals) cannot blend: a tint would be a solid colour hiding the characters on it,
        so there it becomes an underline. Under NO_COLOR the sides' letters are the text's
        own colour (bold): the monochrome filter made blue and red near-black greys."""
        if self.canvas.plain != self.app.no_color:
            self.canvas.plain = self.app.no_color
            self.canvas.set_styles({})
        _, background = self.background_colors
        styles: dict[str, Style] = {}
        for key in HEX_STYLE_KEYS:
            part = self.get_component_styles(f"hexmap--{key.replace('_', '-')}")
            color = (background + part.color).rich_color if part.has_rule("color") else None
            bgcolor = None
            text_style = part.text_style
            if part.has_rule("background"):
                tint = background + part.background
                if key in self.canvas.TINTS and (tint.ansi is not None
                                                   or background.ansi is not None):
                    text_style = text_style + Style(underline=True)
                else:
                    bgcolor = tint.rich_color
            styles[key] = Style(color=color, bgcolor=bgcolor) + text_style
        if styles != {k: self.canvas.styles.get(k) for k in styles}:
            self.canvas.set_styles(styles)
            self.refresh()
