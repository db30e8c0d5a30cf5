"""The game screen: map, hand, tracks, log, prompt + action menu. Drives a Match, nothing else.

The screen acts for whichever role is active (hotseat). After every action it autosaves; an
IllegalAction shows its one-line message and changes nothing.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from tui import session
from tui.actionmenu import ActionMenu
from tui.mapcanvas import FallbackBoard, MapCanvas
from tui.mappane import MapPane
from tui.panes import HandPane, LogPane, TrackPane, TurnBar, location_info
from tui.screens.dialogs import GameOverDialog, HandoffScreen, PickDialog, TextDialog

COMPACT_WIDTH = 100   # below this many columns, or
COMPACT_HEIGHT = 32   # this many rows, the panes go compact and the map gets the room


class GameScreen(Screen):
    BINDINGS = [
        *[Binding(str(n), f"pick({n})", f"Action {n}", show=False) for n in range(1, 10)],
        Binding("f", "jump", "Jump"),
        Binding("slash", "filter", "Filter"),
        Binding("u", "undo", "Undo"),
        Binding("m", "maximize_map", "Map"),
        Binding("i", "details", "Info", show=False),
        Binding("s", "save", "Save", show=False),
        Binding("r", "switch_role", "Role", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "focus_map", "Map", show=False),
    ]

    def __init__(self, match: Any) -> None:
        super().__init__(id="game")
        self.match = match
        self.rules = match.rules
        self.board, self.board_error = session.board_of(self.rules)
        self.role: str | None = None
        self.view: Any = None
        self.targets: dict[str, list[Any]] = {}
        self.save_path = getattr(match, "save_path", None)
        self._handed_to: str | None = None
        self._announced_result = False
        first = match.view(None)
        if self.board is None:
            self.board = FallbackBoard([*first.board, *first.control])
        sides = list(match.roles)
        for tokens in first.board.values():
            sides.extend(t.side for t in tokens)
        sides.extend(first.control.values())
        self.canvas = MapCanvas(self.board, sides)
        self._announced_result = first.result is not None

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # the layout class is known before the first style pass: no second pass at mount
        self._layout(self.app.size.width, self.app.size.height)
        yield Header()
        yield TurnBar(id="turn")
        with Horizontal(id="main"):
            yield MapPane(self.canvas, id="map")
            with Vertical(id="side"):
                with VerticalScroll(id="tracks"):
                    yield TrackPane(id="track-text")
                yield HandPane(id="hand")
        yield Static(id="info")
        with Horizontal(id="bottom"):
            yield ActionMenu(id="menu")
            yield LogPane(id="log")
        yield Footer()

    def on_mount(self) -> None:
        header = self.match.header
        self.title = self.rules.title
        self.sub_title = f"{header.scenario} · seed {header.seed}"
        self.query_one("#map").border_title = "Map"
        self.query_one("#tracks").border_title = "Tracks"
        self.query_one("#log").border_title = "Log"
        self.query_one("#menu").border_title = "Actions"
        self._layout(self.app.size.width, self.app.size.height)
        self.refresh_view(first=True)
        self.query_one(MapPane).focus()
        if self.board_error:
            self.notify(self.board_error, severity="error", timeout=10)
        if self.save_path is None:  # a new game is saved at once: `continue` finds it
            self.autosave(quiet=True)

    def on_key(self, event: events.Key) -> None:
        """Keys typed right after "/" go to the filter box, even before it has focus.

        "/" opens the filter here rather than through its binding: bindings run after the key
        events already queued, so a fast "/end" would otherwise lose "end" to the map keys.
        """
        menu = self.query_one(ActionMenu)
        if event.key == "slash" and not menu.opening_filter and self.focused is not None \
                and self.focused.id != "filter":
            menu.start_filter()
            event.stop()
            event.prevent_default()
            return
        if menu.opening_filter and event.is_printable and event.character:
            menu.type_early(event.character)
            event.stop()
            event.prevent_default()

    def on_resize(self, event: Any) -> None:
        self._layout(event.size.width, event.size.height)

    def _layout(self, width: int, height: int) -> None:
        self.set_class(width < COMPACT_WIDTH or height < COMPACT_HEIGHT, "-compact")

    # -- the view ------------------------------------------------------------------------

    def _pick_role(self) -> str | None:
        active = self.match.active
        if self.match.result is not None:
            return self.role or (self.match.roles[0] if self.match.roles else None)
        if self.role in active:
            return self.role
        return active[0] if active else None

    def refresh_view(self, first: bool = False) -> None:
        """Re-read the view for the acting role and redraw every pane."""
        previous = self.role
        self.role = self._pick_role()
        self.view = view = self.match.view(self.role)
        self.targets = self._targets(view)
        mappane = self.query_one(MapPane)
        mappane.show(view, list(self.targets))
        colour = self.canvas.colours.get(self.role or "", "")
        self.query_one(TurnBar).show(view.active, self.role, view.result,
                                     f"black on {colour}" if colour else "", view.tracks)
        self.query_one(TrackPane).show(view.tracks, view.hand_sizes)
        self.query_one(HandPane).show(view, self.canvas)
        self.query_one(LogPane).show(view.log)
        self.query_one(ActionMenu).show(view.prompt, view.actions, view.result)
        self._show_info(mappane.cursor)
        if view.result and not self._announced_result:
            self._announced_result = True
            self.app.push_screen(GameOverDialog(view.result))
        elif view.result is None and self._needs_hand_off():
            self._handed_to = player = self.match.player_of(self.role)
            self.app.push_screen(HandoffScreen(self.role, player))
        if len(view.active) > 1 and self.role != previous and not first:
            self.notify(f"{', '.join(view.active)} may all act now; r switches who you act as.")

    def _needs_hand_off(self) -> bool:
        """Hotseat hands over when the *player* changes, not the role, and only in a game with
        hidden information: one player holding the next role too keeps the keyboard, and a
        role the computer plays never gets the screen (the next human's is compared with the
        last human who had the keyboard)."""
        if not getattr(self.rules, "hidden_info", False) or self.role is None:
            return False
        player = self.match.player_of(self.role)
        return player != self.match.COMPUTER and player != self._handed_to

    def _targets(self, view: Any) -> dict[str, list[Any]]:
        """Locations that legal actions name (directly, or through a piece standing there)."""
        piece_at = {token.id: loc for loc, tokens in view.board.items() for token in tokens}
        targets: dict[str, list[Any]] = {}
        for choice in view.actions:
            noun = choice.action.noun
            if not isinstance(noun, str):
                continue
            loc = noun if noun in self.canvas.places else piece_at.get(noun)
            if loc in self.canvas.places:
                targets.setdefault(loc, []).append(choice)
        return targets

    def _show_info(self, loc: str | None) -> None:
        here = self.targets.get(loc or "", [])
        self.query_one("#info", Static).update(
            location_info(self.canvas, self.board, self.view, loc, here))

    @on(MapPane.JumpChanged)
    def _jump_changed(self, event: MapPane.JumpChanged) -> None:
        """List every label with its location: targets off screen can be picked too."""
        self.set_class(bool(event.hints), "-jumping")  # the info line may grow meanwhile
        if not event.hints:
            self._show_info(self.query_one(MapPane).cursor)
            return
        text = Text()
        text.append("Jump (Esc cancels): ", style="bold")
        for i, (label, loc) in enumerate(event.hints.items()):
            if i:
                text.append(" · ")
            text.append(label, style="bold reverse")
            text.append(f" {self.canvas.places[loc].abbr}")
        self.query_one("#info", Static).update(text)

    @on(MapPane.CursorMoved)
    def _cursor_moved(self, event: MapPane.CursorMoved) -> None:
        self._show_info(event.loc)

    # -- acting --------------------------------------------------------------------------

    @on(ActionMenu.Chosen)
    def _chosen(self, event: ActionMenu.Chosen) -> None:
        self.take(event.choice)

    @on(MapPane.Activated)
    def _activated(self, event: MapPane.Activated) -> None:
        choices = self.targets.get(event.loc, [])
        name = self.canvas.places[event.loc].name
        if not choices:
            if self.view.result:
                self.notify("The game is over.")
            else:
                self.notify(f"No action at {name} now.", severity="warning")
            return
        if len(choices) == 1:
            self.take(choices[0])
            return
        numbers = {id(c): n for n, c in enumerate(self.query_one(ActionMenu).numbered, 1)}
        labels = [f"{c.label}  (#{numbers.get(id(c), '?')})" for c in choices]
        self.app.push_screen(PickDialog(f"{name}: which action?", choices, labels),
                             self._picked)

    def _picked(self, choice: Any) -> None:
        if choice is not None:
            self.take(choice)

    def take(self, choice: Any) -> None:
        """Take one action for the acting role; autosave; redraw."""
        from core.engine import IllegalAction

        if self.role is None:
            self.notify("Nobody can act now.", severity="warning")
            return
        try:
            self.match.act(self.role, choice.action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        except Exception as exc:  # a rules bug: say so, keep the game (the state is unchanged)
            self.notify(f"The rules failed on {choice.label!r}: {type(exc).__name__}: {exc}",
                        severity="error", timeout=10)
            return
        self.autosave(quiet=True)
        self.refresh_view()
        if self.focused is not None and self.focused.id == "filter":
            self.query_one(MapPane).focus()  # the filter did its job: keys are map keys again

    def autosave(self, quiet: bool = False) -> bool:
        try:
            self.save_path = session.autosave(self.match)
        except Exception as exc:  # SaveError: one sentence; keep playing
            self.notify(f"Not saved: {exc}", severity="error", timeout=10)
            return False
        if not quiet:
            self.notify(f"Saved to {self.save_path}")
        return True

    # -- key actions ---------------------------------------------------------------------

    def action_pick(self, number: int) -> None:
        if not self.query_one(ActionMenu).choose_number(number):
            self.app.bell()

    def action_jump(self) -> None:
        mappane = self.query_one(MapPane)
        mappane.focus()
        if not mappane.start_jump():
            self.notify("No location on the map is a legal target now.")

    def action_filter(self) -> None:
        self.query_one(ActionMenu).start_filter()

    def action_focus_map(self) -> None:
        self.query_one(MapPane).focus()

    def action_undo(self) -> None:
        from core.engine import IllegalAction

        try:
            self.match.undo()
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")
            return
        self.autosave(quiet=True)
        self.refresh_view()
        self.notify("Undone.")

    def action_save(self) -> None:
        self.autosave()

    def action_maximize_map(self) -> None:
        self.toggle_class("-maxmap")
        self.query_one(MapPane).call_after_refresh(self.query_one(MapPane).scroll_to_cursor)

    def action_details(self) -> None:
        mappane = self.query_one(MapPane)
        loc = mappane.cursor
        if loc is None:
            return
        text = location_info(self.canvas, self.board, self.view, loc, self.targets.get(loc))
        self.app.push_screen(TextDialog(self.canvas.places[loc].name, text))

    def action_switch_role(self) -> None:
        active = self.match.active
        if len(active) < 2:
            self.notify(f"Only {active[0] if active else 'nobody'} can act now.")
            return
        self.app.push_screen(PickDialog("Act as which role?", active, active), self._as_role)

    def _as_role(self, role: str | None) -> None:
        if role is not None:
            self.role = role
            self.refresh_view()

    def action_help(self) -> None:
        self.app.action_help()

    def action_quit_game(self) -> None:
        self.app.action_save_and_quit()
