"""The map pane: the board canvas in a scrolling window, with a location cursor and jump hints.

The canvas is the point-to-point `MapCanvas` or, for a hex board, the `HexCanvas`
(`MapPane.canvas_for` chooses); both have the same interface.

Arrows / hjkl move the cursor to the nearest location in that direction and the window scrolls
to keep it visible. `f` labels every legal target with one or two letters; typing a label moves
the cursor there and acts. Enter acts on the location under the cursor. `o` shows the whole
point-to-point board zoomed out to the pane (`OverviewCanvas`, tui/overview.py) and back: the
cursor, targets, jump labels and Enter work the same there. Styles are the component classes
`map--<key>` (app.tcss), re-read when the theme changes.
"""
from __future__ import annotations

from typing import Any

from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size, Spacing
from rich.style import Style
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.mapcanvas import STYLE_KEYS, MapCanvas, hint_labels


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
    def canvas_for(board: Any, sides: Any = ()) -> Any:
        """The canvas that draws `board`: the hex canvas for a hex board (maps/hexboard.py),
        else the point-to-point one."""
        if is_hex_board(board):
            from tui.hexcanvas import HexCanvas  # only for a hex board (start-up)

            return HexCanvas(board, sides)
        return MapCanvas(board, sides)

    def __new__(cls, canvas: Any = None, *args: Any, **kwargs: Any) -> "MapPane":
        """`MapPane(canvas)` is the hex map pane (tui/hexcanvas.py) for a hex canvas."""
        if cls is MapPane and canvas is not None and not isinstance(canvas, MapCanvas):
            from tui.hexcanvas import HexCanvas, HexMapPane

            if isinstance(canvas, HexCanvas):
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
        """Toggle the overview: the whole board zoomed out to the pane (point-to-point maps;
        a hex map already shows its whole width)."""
        if not isinstance(self.canvas, MapCanvas):
            self.app.bell()
            self.notify("This map has no overview: it is drawn whole already.", timeout=3)
            return
        self.zoomed = not self.zoomed

    def watch_zoomed(self, zoomed: bool) -> None:
        if zoomed:
            self._build_overview()
        else:
            self.overview = None
            self.virtual_size = Size(self.canvas.width, self.canvas.height)
            self.refresh()
            self.call_after_refresh(self.scroll_to_cursor)

    def _build_overview(self) -> None:
        from tui.overview import OverviewCanvas

        region = self.scrollable_content_region
        width = region.width or self.size.width or 80
        height = region.height or self.size.height or 20
        if self.overview is not None and (self.overview.width, self.overview.height) == (
                width, height):
            return
        self.overview = OverviewCanvas(self.canvas.board, self.canvas, width, height)
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
        if self.zoomed:  # the overview fits the pane: draw it again at the new size
            self.call_after_refresh(self._build_overview)
        self.call_after_refresh(self.scroll_to_cursor, False)

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
