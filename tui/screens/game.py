"""The game screen: map, hand, tracks, log, prompt + action menu. Drives a Match, nothing else.

The screen acts for whichever role is active (hotseat). After every action it autosaves; an
IllegalAction shows its one-line message and changes nothing.

Hotseat safety: keys typed before the *player* to act changes are dropped (`key_barrier`), a
choice made on a menu that has since been replaced is dropped (`_view_time`), and the change
itself raises a screen that waits for the next player: the hand-off screen in games with
hidden information, the turn banner in the others.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual._time import get_time  # the clock of `Message.time`
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from tui import session
from tui.actionmenu import ActionMenu
from tui.mapcanvas import FallbackBoard, MapCanvas
from tui.mappane import MapPane
from tui.panes import FocusPanel, HandPane, LogPane, TrackPane, TurnBar, location_info, \
    mark_focus, set_title
from tui.screens.dialogs import GameOverDialog, HandoffScreen, PickDialog, TextDialog, \
    TurnBanner

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
        # the last human player who had the keyboard (turn banner in open games)
        self._player: str | None = None
        # keys typed before this time are dropped: the player to act changed after them
        self.key_barrier = 0.0
        # the time the menu and the targets were last rebuilt: a choice made before is stale
        self._view_time = 0.0
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
            with Vertical(id="mapcol"):
                yield MapPane(self.canvas, id="map")
                yield FocusPanel(id="focus")
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
        for pane, title in (("#map", "Map"), ("#tracks", "Tracks"), ("#log", "Log"),
                            ("#menu", "Actions"), ("#focus", "Now resolving")):
            set_title(self.query_one(pane), title)
        # the pane holding the focus has "▶ " before its title (not colour alone)
        self.watch(self, "focused", self._mark_focus, init=False)
        self._layout(self.app.size.width, self.app.size.height)
        self.refresh_view(first=True)
        self.query_one(MapPane).focus()
        if self.board_error:
            self.notify(self.board_error, severity="error", timeout=10)
        if self.save_path is None:  # a new game is saved at once: `continue` finds it
            self.autosave(quiet=True)

    PANES = ("#map", "#focus", "#tracks", "#hand", "#menu", "#log")

    def _mark_focus(self, _focused: Any = None) -> None:
        for pane in self.query(", ".join(self.PANES)):
            mark_focus(pane)

    def on_key(self, event: events.Key) -> None:
        """Keys typed right after "/" go to the filter box, even before it has focus.

        "/" opens the filter here rather than through its binding: bindings run after the key
        events already queued, so a fast "/end" would otherwise lose "end" to the map keys.
        An Enter typed before the box has focus takes the action the box would (it went to
        the map before: a fast "/end" Enter recruited in the city under the cursor).
        Keys typed before the player to act changed are dropped.
        """
        if self.stale_key(event):
            event.stop()
            event.prevent_default()
            return
        menu = self.query_one(ActionMenu)
        if event.key == "slash" and not menu.opening_filter and self.focused is not None \
                and self.focused.id != "filter":
            menu.start_filter()
            event.stop()
            event.prevent_default()
            return
        if menu.opening_filter:
            if event.is_printable and event.character:
                menu.type_early(event.character)
            elif event.key == "backspace":
                menu.backspace_early()
            elif event.key == "escape":
                menu.cancel_early()
            elif event.key == "enter":
                choice = menu.enter_early()
                if choice is None:
                    self.app.bell()
                else:  # at once, not by a message: the keys queued after it see its result
                    self.take(choice)
            else:
                return
            event.stop()
            event.prevent_default()

    def stale_key(self, event: events.Key) -> bool:
        """A key typed before the player to act changed: it must not act for the next one."""
        return event.time < self.key_barrier

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

    def refresh_view(self, first: bool = False, switched: bool = False) -> None:
        """Re-read the view for the acting role and redraw every pane.

        `switched`: the player picked the role (`r`), so no banner and no dropped keys."""
        previous = self.role
        before = self._player_of(previous)
        self.role = self._pick_role()
        self._view_time = get_time()
        if not (first or switched) and self._player_of(self.role) != before:
            self.key_barrier = self._view_time
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
        focus = getattr(view, "focus", None)
        self.query_one(FocusPanel).show(focus, self.canvas)
        self.set_class(focus is not None, "-battle")
        self.query_one(ActionMenu).show(view.prompt, view.actions, view.result)
        self._show_info(mappane.cursor)
        if view.result and not self._announced_result:
            self._announced_result = True
            self.app.push_screen(GameOverDialog(view.result))
        elif view.result is None and self._needs_hand_off():
            self._handed_to = player = self.match.player_of(self.role)
            self.app.push_screen(HandoffScreen(self.role, player, grace=not first))
        elif view.result is None and self._needs_banner(first or switched):
            self.app.push_screen(TurnBanner(self.role, self._player_of(self.role),
                                            before=self._player or ""))
        if not getattr(self.rules, "hidden_info", False):
            player = self._player_of(self.role)
            if player is not None and player != self.match.COMPUTER:
                self._player = player
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

    def _player_of(self, role: str | None) -> str | None:
        return None if role is None else self.match.player_of(role)

    def _needs_banner(self, first: bool) -> bool:
        """The turn banner (games without hidden information): the *player* to act changed
        since the last human who had the keyboard; never for a role the computer plays, nor
        when the game opens."""
        if first or getattr(self.rules, "hidden_info", False) or self.role is None:
            return False
        player = self.match.player_of(self.role)
        return player != self.match.COMPUTER and self._player is not None \
            and player != self._player

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
        if event.time < self._view_time:
            return  # chosen on a menu that has been replaced since (typed ahead): dropped
        self.take(event.choice)

    @on(MapPane.Activated)
    def _activated(self, event: MapPane.Activated) -> None:
        if event.time < self._view_time:
            return  # asked of a map that has changed since (typed ahead): dropped
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
            self.refresh_view(switched=True)

    def action_help(self) -> None:
        self.app.action_help()

    def action_quit_game(self) -> None:
        self.app.action_save_and_quit()
