"""The game screen: map, hand, tracks, log, prompt + action menu. Drives a Match, nothing else.

The screen acts for whichever role is active (hotseat). After every action it autosaves; an
IllegalAction shows its one-line message and changes nothing.

Hotseat safety: keys typed before the *player* to act changes are dropped (`key_barrier`), a
choice made on a menu that has since been replaced is dropped (`_view_time`), and the change
itself raises a screen that waits for the next player: the hand-off screen in games with
hidden information, the turn banner in the others.

The computer: when a role it plays is to act, a worker thread decides (core.ai.choose on a
snapshot of the match, progress on the status line under the prompt); the move is then taken
here, on the UI's thread, through the same `Match.act` as a person's, after a pause
(`pace`, so its moves can be followed one by one in the map and the log; space skips the
pauses until a person must decide). It waits while a dialog is open over the game. Quitting
cancels the worker; nothing it decided is applied after that.
"""
from __future__ import annotations

import re
import time
from types import ModuleType
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual._time import get_time  # the clock of `Message.time`
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Static
from textual.worker import Worker, WorkerState, get_current_worker

from tui import computer, session, settings, turns
from tui.actionmenu import ActionMenu, StatusLine, warning_of
from tui.fit import FitStatic, Fitted
from tui.footer import GameFooter
from tui.mapcanvas import FallbackBoard
from tui.mappane import MapPane, is_hex_board
from tui.playable import Playable
from tui.panes import FocusPanel, HandPane, LogPane, PlaceFinder, TrackPane, TurnBar, \
    location_info, mark_focus, set_title

SKIPPING = " (no pauses)"  # after "thinking…" while space skips ahead
COMPACT_WIDTH = 100   # below this many columns, or
COMPACT_HEIGHT = 32   # this many rows, the panes go compact and the map gets the room
MIN_WIDTH = 70        # below this many columns (the pinned tracks need them), or
MIN_HEIGHT = 20       # this many rows, a notice asks for a larger terminal instead


def too_small_text(width: int, height: int) -> str:
    """The notice shown instead of the game below MIN_WIDTH x MIN_HEIGHT."""
    return (f"Make the terminal larger: the game needs at least {MIN_WIDTH}x{MIN_HEIGHT} "
            f"(80x24 or more is best); this one is {width}x{height}. Nothing is lost: the "
            "game is saved, and q saves and quits.")


def _dialogs() -> ModuleType:
    """tui/screens/dialogs.py, imported when the first dialog opens: defining its seven
    screen classes is ~3 ms that the first frame does without (bench/startup.py)."""
    from tui.screens import dialogs

    return dialogs


def _actions_provider() -> Any:
    """The palette's provider of the game's legal actions (imported when the palette opens)."""
    from tui.commands import ActionsProvider

    return ActionsProvider


class GameScreen(Screen):
    COMMANDS = {_actions_provider}  # ctrl+p finds the legal actions too (tui/commands.py)
    BINDINGS = [
        *[Binding(str(n), f"pick({n})", f"Action {n}", show=False) for n in range(0, 10)],
        Binding("f", "jump", "Jump"),
        Binding("slash", "filter", "Filter"),
        Binding("u", "undo", "Undo"),
        Binding("m", "maximize_map", "Map"),
        Binding("z", "zoom", "Zoom", show=False),
        Binding("H", "history", "History"),
        Binding("i", "details", "Info", show=False),
        Binding("s", "save", "Save", show=False),
        Binding("r", "switch_role", "Role", show=False),
        Binding("t", "hint", "Hint"),
        Binding("space", "skip", "Skip"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "focus_map", "Map", show=False),
        Binding("A", "always_ask", "Always ask", show=False),
    ]

    PACE = 0.6  # seconds between two of the computer's moves (MusterApp(pace=...))
    # z (zoom) maximises the pane holding the focus (Screen.maximize); the turn bar with the
    # pinned tracks and the footer stay; z or Esc restores it
    ALLOW_IN_MAXIMIZED_VIEW = "Footer, TurnBar"

    class Thinking(Message):
        """How far a decision has got (posted from the worker thread)."""

        def __init__(self, kind: str, state: Any, done: int, total: int) -> None:
            super().__init__()
            self.kind = kind        # "computer" (its own move) or "hint"
            self.state = state      # the position it decides in
            self.done = done
            self.total = total

    def __init__(self, match: Playable, pace: float | None = None) -> None:
        super().__init__(id="game")
        self.match = match
        self.rules = match.rules
        self.board, self.board_error = session.board_of(self.rules)
        self.role: str | None = None
        self.view: Any = None
        self.targets: dict[str, list[Any]] = {}
        self.save_path = getattr(match, "save_path", None)
        # a continued game drawn from its save's preview (tui/stored.py) until `go_live`
        # loads it: no key is taken, nothing is saved and the computer waits meanwhile
        self.previewing = bool(getattr(match, "stored", False))
        self._handed_to: str | None = None
        # the last human player who had the keyboard (turn banner in open games)
        self._player: str | None = None
        # keys typed before this time are dropped: the player to act changed after them
        self.key_barrier = float("inf") if self.previewing else 0.0
        # the time the menu and the targets were last rebuilt: a choice made before is stale
        self._view_time = 0.0
        self._announced_result = False
        self._decisions = 0     # decisions taken here (a person's or the computer's)
        # fewer prompts (tui/turns.py): the only legal action is taken for the player unless
        # "always ask me" is on; `_auto` holds the history indices of the actions so taken
        self.always_ask = settings.always_ask()
        self._auto: set[int] = set()
        self._auto_run = 0
        self._auto_said = False
        self._ask_at: Any = None  # a position where the player is asked anyway (after undo)
        self._undone = False    # the last change of the game was an undo
        # the focus panel last shown by core (panel, log length, decisions, role), and the
        # result panel the app keeps after it (panel, decisions, history length): see
        # `_panel_to_show`
        self._last_panel: tuple[Any, int, int, str | None] | None = None
        self._kept: tuple[Any, int, int] | None = None
        self._first_view = first = match.view(None)
        if self.board is None:
            self.board = FallbackBoard([*first.board, *first.control])
        sides = list(match.roles)
        for tokens in first.board.values():
            sides.extend(t.side for t in tokens)
        sides.extend(first.control.values())
        # a hex board gets the hex canvas, which gives every unit of the game one short name
        names = sorted({(t.side, t.label) for tokens in [*first.board.values(),
                                                         *first.boxes.values()] for t in tokens})
        self.canvas = MapPane.canvas_for(self.board, sides, names)
        self._announced_result = first.result is not None
        # -- the computer
        self.pace = self.PACE if pace is None else max(0.0, float(pace))
        self.skipping = False           # space: no pauses until a person must decide
        self._unable: str | None = None  # why the computer cannot play this game ("": it can)
        self._failed_at: Any = None     # a position where its decision failed: a person plays
        self._thinking_for: Any = None  # the position the running worker decides in
        self._decision: tuple[Any, str, Any, str] | None = None  # (state, role, action, label)
        self._timer: Timer | None = None
        self._last_move = time.monotonic()
        self._resumed = False  # the screen has been resumed (shown on top) once

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # the layout classes are set before the panes' first style pass, and without a style
        # pass of their own: app.tcss styles the panes by them, never the screen itself
        self._layout(self.app.size.width, self.app.size.height, update=False)
        yield Header()
        yield Static(too_small_text(self.app.size.width, self.app.size.height),
                     id="too-small")
        yield TurnBar(id="turn")
        with Horizontal(id="main"):
            with Vertical(id="mapcol"):
                yield MapPane(self.canvas, id="map")
                yield FocusPanel(id="focus")
            with Vertical(id="side"):
                with VerticalScroll(id="tracks"):
                    yield TrackPane(id="track-text")
                yield HandPane(id="hand")
        yield FitStatic(id="info")
        with Horizontal(id="bottom"):
            yield ActionMenu(id="menu")
            yield LogPane(id="log")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = self.rules.title
        self.sub_title = self.subtitle()
        for pane, title in (("#map", "Map"), ("#tracks", "Tracks"), ("#log", "Log"),
                            ("#menu", "Actions"), ("#focus", "Now resolving")):
            set_title(self.query_one(pane), title)
        # the pane holding the focus has "▶ " before its title (not colour alone)
        self.watch(self, "focused", self._mark_focus, init=False)
        self._layout(self.app.size.width, self.app.size.height)
        history = self._history()
        if history:  # a continued game: the map opens where it was last played
            place = self._place_of(history[-1][1], self._first_view)
            if place is not None:
                self.query_one(MapPane).cursor = place
        self.refresh_view(first=True)
        self.query_one(MapPane).focus()
        if self.board_error:
            self.notify(self.board_error, severity="error", timeout=10)
        if self.previewing:  # the game itself once this first frame is drawn
            self.call_after_refresh(self.go_live)
            return
        self._live()

    def _live(self) -> None:
        """What the screen does with the game itself (at mount, or once `go_live` has it)."""
        pane = self.query_one(MapPane)
        sight = getattr(self.rules, "sight", None)  # a hex game: where a unit can fire (v)
        if sight is not None and hasattr(pane, "sight_of"):
            pane.sight_of = lambda loc: sight(self.view, loc)
        if self.save_path is None:  # a new game is saved at once: `continue` finds it
            self.autosave(quiet=True)
        if computer.computer_roles(self.match):
            self.call_after_refresh(self._warm_up)

    def go_live(self) -> None:
        """The game itself replaces the preview it was drawn from (tui/stored.py): loaded
        now that the first frame is on the screen; the screen reads it again (the same views:
        the same screen) and takes keys from now on. A save whose game does not load is
        skipped as Continue skips it: the next one that loads opens, with a notice."""
        if not self.previewing:
            return
        try:
            match = session.load(self.match.save_path)
        except Exception:  # SaveError: the title screen's Continue names it and goes on
            self.app.call_later(self.app.continue_past_damaged)
            return
        self.previewing = False
        self.match, self.rules = match, match.rules
        self.save_path = match.save_path
        self.key_barrier = get_time()  # keys typed at the preview are not taken
        self.refresh_view(first=True)
        self.refresh_bindings()
        self._live()

    def subtitle(self) -> str:
        """The header's second part: the scenario and the seed (the game can be replayed)."""
        header = self.match.header
        return f"{header.scenario} · seed {header.seed}"

    def _warm_up(self) -> None:
        """A person acts first in a game with a computer player: the search's once-a-process
        costs are paid now, in the background, not on the computer's first move (when the
        computer acts first, that move pays them: warming up beside it would only slow it)."""
        if self.computer_turn or computer.cannot_play(self.rules, self.match.hidden_info):
            return
        self._warm_up_worker(computer.snapshot(self.match))

    @work(thread=True, group="warm-up", exit_on_error=False)
    def _warm_up_worker(self, snapshot: Any) -> None:
        computer.warm_up(snapshot)

    PANES = ("#map", "#focus", "#tracks", "#hand", "#menu", "#log")

    def _mark_focus(self, focused: Any = None) -> None:
        for pane in self.query(", ".join(self.PANES)):
            mark_focus(pane)
        if focused is not None and focused.id in ("actions", "cards"):
            # its labels wrap in full while it has the focus (app.tcss): once they have, the
            # highlighted one is brought wholly into view
            self.call_after_refresh(focused.scroll_to_highlight)

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
        if event.key == "slash" and self.computer_turn:
            event.stop()  # nothing to filter while the computer plays
            event.prevent_default()
            return
        if event.key == "slash" and not menu.opening_filter and self.focused is not None \
                and self.focused.id != "filter" and not isinstance(self.focused, LogPane):
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

    def _layout(self, width: int, height: int, update: bool = True) -> None:
        """The layout classes for a terminal of `width` x `height` (`update`: restyle the
        screen and its panes now)."""
        self.set_class(width < COMPACT_WIDTH or height < COMPACT_HEIGHT, "-compact",
                       update=update)
        # a hex map keeps its place beside the focus panel (app.tcss)
        self.set_class(is_hex_board(self.board), "-hexmap", update=update)
        tiny = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(tiny, "-tiny", update=update)
        if tiny and self.is_mounted:
            self.query_one("#too-small", Static).update(too_small_text(width, height))

    # -- the view ------------------------------------------------------------------------

    def _pick_role(self) -> str | None:
        """The role the screen acts for: the one picked with `r` while it may act, else the
        first active role a person plays, else the first active role (the computer's)."""
        active = self.match.active
        if self.match.result is not None:
            return self.role or (self.match.roles[0] if self.match.roles else None)
        people = [role for role in active if not self._computer_plays(role)]
        if self.role in active and (self.role in people or not people):
            return self.role
        return (people or active or [None])[0]

    def refresh_view(self, first: bool = False, switched: bool = False,
                     keyboard: Any = "") -> None:
        """Re-read the view for the acting role and redraw every pane.

        `switched`: the player picked the role (`r`), so no banner and no dropped keys.
        `keyboard`: the role before the actions taken for the player (internal)."""
        previous = self.role if keyboard == "" else keyboard
        before = self._player_of(previous)
        self.role = self._pick_role()
        playing = self.computer_turn  # the computer acts and no person may
        if not playing and self._take_for_player():
            # the only legal action was taken: read the game again, as if the player who
            # had the keyboard still has it (no hand-off, no banner for an auto-taken one)
            self.refresh_view(first=first, switched=switched, keyboard=previous)
            return
        self._view_time = get_time()
        if not (first or switched) and self._player_of(self.role) != before:
            self.key_barrier = self._view_time
        # while the computer plays, a game with hidden information shows what the person
        # watching may see (their own hand), never the computer's
        shown = self._shown_role(playing)
        self.view = view = self.match.view(shown)
        self.targets = {} if playing else self._targets(view)
        mappane = self.query_one(MapPane)
        mappane.show(view, list(self.targets))
        colour = self.canvas.colours.get(self.role or "", "")
        pinned = list(getattr(view, "pinned", []) or [])
        self.query_one(TurnBar).show(view.active, self.role, view.result,
                                     f"black on {colour}" if colour else "", view.tracks,
                                     computer=playing, pinned=pinned, codes=self.canvas.codes,
                                     by=self._played_by(playing))
        self.query_one(TrackPane).show(view.tracks, view.hand_sizes, pinned)
        self.query_one(HandPane).show(view, self.canvas, self._partner_hands(shown))
        self.query_one(LogPane).show(view.log)
        focus = self._panel_to_show(getattr(view, "focus", None), view, before)
        had_focus = self.focused
        self.query_one(FocusPanel).show(focus, self.canvas)
        self.set_class(focus is not None, "-battle")
        waiting = self._waiting_text(view) if playing else ""
        self.query_one(ActionMenu).show(view.prompt, [] if playing else view.actions,
                                        view.result, waiting=waiting)
        # cut with "…" to the rows it has; in full while the menu has the focus (app.tcss)
        self.query_one("#prompt", Static).update(Fitted(Text(view.prompt or "", style="bold")))
        self._show_info(mappane.cursor)
        if view.result and not self._announced_result:
            self._announced_result = True
            self.app.push_screen(_dialogs().GameOverDialog(view.result))
        elif view.result is None and self._needs_hand_off():
            self._handed_to = player = self.match.player_of(self.role)
            self.app.push_screen(_dialogs().HandoffScreen(self.role, player, grace=not first),
                                 self._keyboard_passed)
        elif view.result is None and self._needs_banner(first or switched):
            self.app.push_screen(_dialogs().TurnBanner(self.role, self._player_of(self.role),
                                                       before=self._player or ""),
                                 self._keyboard_passed)
        else:
            self.call_after_refresh(self._keep_focus_shown, had_focus)
        if not self.match.hidden_info:
            player = self._player_of(self.role)
            if player is not None and player != self.match.COMPUTER:
                self._player = player
        if len(view.active) > 1 and self.role != previous and not first and not playing:
            self.notify(f"{', '.join(view.active)} may all act now; r switches who you act as.")
        if not playing:
            if view.result is not None or self.role is not None:
                self.skipping = False  # a person decides (or the game is over): pauses again
            if self._computer_role() is None and not self._auto_said:
                self._say("", detail="")
            self._auto_said = False
        elif self.role != previous and not computer.human_roles(self.match):
            self.skipping = False  # computer against computer: space skips one side's turn
        if not first:  # the screen's first activation refreshes them anyway (one Footer
            self.refresh_bindings()  # rebuild fewer before the first frame)
        self._computer_next()

    def _panel_to_show(self, focus: Any, view: Any, before: str | None) -> Any:
        """The focus panel: the view's (core's), or, when it has just gone, the last one with
        what the action added to the log as its result, kept until the next decision.

        A battle won, a round that ends the combat, a siege settled: when no decision
        follows inside it, core's focus is gone with the action that resolved it, and the
        result flashed past into the log. The app keeps the last panel (its title marked
        "result", its rows as they stood before, its notes the log's new lines) until a
        decision is taken (by a person or the computer; an action the app takes by itself
        does not count), an undo, or, in a game with hidden information, a change of player
        (the panel was the last player's view)."""
        made = self._decisions
        if focus is not None:
            self._last_panel = (focus, len(view.log), made, view.role)
            self._kept = None
            return focus
        kept = self._kept
        if kept is not None and kept[1] == made and len(self._history()) >= kept[2]:
            return kept[0]
        self._kept = None
        last = self._last_panel
        self._last_panel = None
        if last is None or made != last[2] + 1 or self._undone:
            return None
        panel, seen, _, _role = last
        if self.match.hidden_info and self._player_of(self.role) != before:
            return None
        from core.engine import Panel

        result = Panel(title=f"{panel.title} — result (kept until the next decision)",
                       rows=panel.rows, notes=list(view.log[seen:]), where=panel.where)
        self._kept = (result, made, len(self._history()))
        return result

    def _history(self) -> list[Any]:
        """The game's actions so far (a screen on an online game has none here: empty)."""
        return getattr(self.match, "history", None) or []

    TAKES_SINGLE_CHOICES = True  # the only legal action is taken for the player (turns.py)

    AUTO_LIMIT = 500  # actions taken for the player in a row at most (a rules loop guard)

    def _take_for_player(self) -> bool:
        """Take the acting person's only legal action for them (tui/turns.py), say so on
        the status line and in a toast, autosave; True if it did."""
        if self.previewing or not self.TAKES_SINGLE_CHOICES or self.match.state is self._ask_at \
                or self._auto_run >= self.AUTO_LIMIT:
            return False
        choice = turns.auto_choice(self.match, self.role, self.always_ask)
        if choice is None:
            self._auto_run = 0
            return False
        try:
            self.match.act(self.role, choice.action)
        except Exception:  # the rules refused it (or failed): the person is asked instead
            self._ask_at = self.match.state
            return False
        self._auto_run += 1
        self._auto.add(len(self.match.history) - 1)
        line = turns.announce(self.role or "", choice.label)
        self._say("", detail=line)
        self._auto_said = True
        self.notify(line, timeout=4)
        self.autosave(quiet=True)
        return True

    def action_always_ask(self) -> None:
        """A: "always ask me" on or off (tui/settings.py; every game, kept between runs)."""
        self.always_ask = not self.always_ask
        problem = settings.set_always_ask(self.always_ask)
        self.notify("Always ask me: on — every decision is asked, even with one choice."
                    if self.always_ask else
                    "Always ask me: off — a decision with one choice is taken for you and "
                    "said in one line.")
        if problem:
            self.notify(problem, severity="warning", timeout=8)
        if not self.always_ask and not self.computer_turn:
            self.refresh_view()

    def _keyboard_passed(self, _role: Any = None) -> None:
        """The hand-off screen or the turn banner was lifted: the next player starts at the
        action menu (their decision), not wherever the last player left the focus (the log,
        whose `/` searches it instead of filtering the actions: issue 17, bug 4). Keys typed
        in the same burst as the one that lifted it are dropped: the player has not seen the
        screen yet ("1 1" at the hand-off lifts it and takes nothing)."""
        self.key_barrier = max(self.key_barrier, get_time())
        self.call_after_refresh(self.focus_decision)

    def focus_decision(self) -> None:
        """The focus to the action list (the map while the computer plays or nothing is to
        be chosen)."""
        actions = self.query_one("#actions")
        if self.computer_turn or not self.view.actions or not self._shown(actions):
            self.query_one(MapPane).focus()
            if not self._shown(self.query_one(MapPane)):
                self.set_focus(None)
            return
        actions.focus()

    @staticmethod
    def _shown(widget: Any) -> bool:
        return all(node.display for node in widget.ancestors_with_self
                   if hasattr(node, "display"))

    def _keep_focus_shown(self, had: Any) -> None:
        """The pane that had the focus was just hidden by the layout (the map, when a
        battle's panel takes its place at 80x24): the focus goes to the action list, not to
        whatever Textual picks next (the log)."""
        focused = self.focused
        if focused is None or not self._shown(focused) or (
                had is not None and had is not focused and not self._shown(had)):
            self.focus_decision()

    def _shown_role(self, playing: bool) -> str | None:
        """The role whose view the screen shows: the acting role's; while the computer plays
        a game with hidden information, what the person watching may see (their own hand)."""
        return self._watcher() if playing and self.match.hidden_info else self.role

    def _played_by(self, playing: bool) -> str:
        """Who plays the acting role, for the turn bar ("" : the person at the keyboard)."""
        return "computer" if playing else ""

    def _waiting_text(self, view: Any) -> str:
        """What the action menu says while another plays (here: the computer)."""
        level = computer.level_of(self.match, self.role or "")
        until = "your next decision" if computer.human_roles(self.match) \
            else "the next side's turn"
        return f"The computer plays {self.role} ({level}). space: no pauses until {until}."

    def _partner_hands(self, shown: str | None) -> list[tuple[str, list[Any]]]:
        """The hands of the other roles the player of `shown` holds (Wellington: one person
        with GB and Spain sees both hands, 2.5 keeps them apart): (role, hand)."""
        if shown is None or self.view.hand is None:
            return []
        player = self.match.player_of(shown)
        if player == self.match.COMPUTER:
            return []
        out = []
        for role in self.match.roles:
            if role != shown and self.match.player_of(role) == player:
                hand = self.match.view(role).hand
                if hand is not None:
                    out.append((role, hand))
        return out

    def _needs_hand_off(self) -> bool:
        """Hotseat hands over when the *player* changes, not the role, and only in a game with
        hidden information: one player holding the next role too keeps the keyboard, and a
        role the computer plays never gets the screen (the next human's is compared with the
        last human who had the keyboard)."""
        # (tui/turns.py: one person, against the computer or holding every role, has no one
        # to hide the screen from: issue 17, bug 9)
        return turns.hand_off_to(self.match, self.role, self._handed_to) is not None

    def _player_of(self, role: str | None) -> str | None:
        return None if role is None else self.match.player_of(role)

    def _watcher(self) -> str | None:
        """The role whose view a person watching the computer sees: the last person's who
        had the keyboard, else the first role a person plays; None (the public view) in a
        game the computer plays alone."""
        last = self._handed_to or self._player
        if last is not None and last != self.match.COMPUTER:
            mine = self.match.roles_of(last)
            if mine:
                return mine[0]
        people = computer.human_roles(self.match)
        return people[0] if people else None

    def _needs_banner(self, first: bool) -> bool:
        """The turn banner (games without hidden information): the *player* to act changed
        since the last human who had the keyboard; never for a role the computer plays, nor
        when the game opens."""
        if first or self.match.hidden_info or self.role is None:
            return False
        player = self.match.player_of(self.role)
        return player != self.match.COMPUTER and self._player is not None \
            and player != self._player

    def _targets(self, view: Any) -> dict[str, list[Any]]:
        """Locations that legal actions name (directly, or through a piece standing there, or
        waiting off the map to enter at a place: a token flagged "enters at LOC")."""
        piece_at = {token.id: flag[len("enters at "):]
                    for tokens in (getattr(view, "boxes", None) or {}).values()
                    for token in tokens for flag in token.flags or []
                    if flag.startswith("enters at ")}
        piece_at.update({token.id: loc for loc, tokens in view.board.items()
                         for token in tokens})
        targets: dict[str, list[Any]] = {}
        for choice in view.actions:
            noun = choice.action.noun
            if not isinstance(noun, str):
                continue
            loc = noun if noun in self.canvas.places else piece_at.get(noun)
            if loc is None:
                loc = self._compound_place(noun, piece_at)
            if loc in self.canvas.places:
                targets.setdefault(loc, []).append(choice)
        return targets

    def _compound_place(self, noun: str, piece_at: dict[str, str]) -> str | None:
        """The place of a noun made of parts (Wellington: `army>merida` an evasion to Mérida,
        `ciudad-rodrigo=wellington` a siege there, `saldana/cav` a counter there): after a
        `>` the destination; otherwise the first part that is a place, or a piece on the map."""
        if ">" in noun:
            last = noun.rsplit(">", 1)[1]
            return last if last in self.canvas.places else None
        for part in re.split(r"[=/|@]", noun):
            loc = part if part in self.canvas.places else piece_at.get(part)
            if loc is not None:
                return loc
        return None

    def menu_choices(self) -> list[Any]:
        """The legal actions in menu order (the palette's; none while the computer plays)."""
        return [] if self.computer_turn else list(self.query_one(ActionMenu).numbered)

    def place_of(self, choice: Any) -> str:
        """The name of the place `choice` acts on ("" if none): the place its noun names, or
        where the piece it names stands."""
        for loc, choices in self.targets.items():
            if any(c is choice for c in choices):
                return self.canvas.places[loc].name
        return ""

    def _show_info(self, loc: str | None) -> None:
        here = self.targets.get(loc or "", [])
        self.query_one("#info", FitStatic).update(
            Fitted(location_info(self.canvas, self.board, self.view, loc, here)))

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
            # the side effect its menu line announces (actionmenu.warning_of), here too
            warnings = {warning_of(c.label) for c in self.targets.get(loc, [])} - {""}
            if len(warnings) == 1:
                text.append(f" ({warnings.pop()})", style="bold")
        self.query_one("#info", FitStatic).update(Fitted(text))

    @on(MapPane.CursorMoved)
    def _cursor_moved(self, event: MapPane.CursorMoved) -> None:
        self._show_info(event.loc)

    @on(LogPane.LineChosen)
    def _log_line_chosen(self, event: LogPane.LineChosen) -> None:
        """A log line chosen (Enter, click): the map cursor goes to the first place it names
        (or where a piece it names stands); the log keeps the focus for the next line."""
        if getattr(self, "_places", None) is None:
            self._places = PlaceFinder(self.canvas.places)
        loc = self._places.first(event.line, self.view.board if self.view else None)
        if loc is None or loc not in self.canvas.places:
            self.notify("That line names no place on the map.")
            return
        self.query_one(MapPane).move_to(loc)

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
        menu = self.query_one(ActionMenu)
        labels = [f"{c.label}  (#{menu.number_of(c) if menu.number_of(c) is not None else '?'})"
                  for c in choices]
        self.app.push_screen(_dialogs().PickDialog(f"{name}: which action?", choices, labels),
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
        if self.computer_turn:
            self.notify(f"The computer is playing {self.role}: wait for your turn (space "
                        "skips the pauses).", severity="warning")
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
        self._last_move = time.monotonic()
        self._decisions += 1
        self._undone = False
        self.autosave(quiet=True)
        self.refresh_view()
        if self.focused is not None and self.focused.id == "filter":
            self.action_focus_map()  # the filter did its job: keys are map keys again

    def autosave(self, quiet: bool = False) -> bool:
        if self.previewing:  # nothing has changed since the save it was drawn from
            return True
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
        """Esc: to the map, or to the action list while the map is hidden (a battle's panel
        in its place at 80x24)."""
        mappane = self.query_one(MapPane)
        if self._shown(mappane):
            mappane.focus()
        else:
            self.focus_decision()

    def action_undo(self) -> None:
        """Take back the person's own last decision, and the computer's moves after it.

        The engine's undo stack ends at the last die roll, draw, reveal or change of player,
        so a person's undo normally meets only their own actions. When the computer's moves
        come first (two roles acting at once), they are taken back too, down to the person's
        own last action; if the stack ends before one, nothing is taken back at all, so undo
        never leaves the game waiting on a decision of the computer's."""
        from core.engine import IllegalAction

        if self.computer_turn:
            self.notify(f"The computer is playing {self.role}: undo on your own turn.",
                        severity="warning")
            return
        match = self.match
        state, history = match.state, list(match.history)
        try:
            while True:
                index = len(match.history) - 1
                role = match.history[-1][0] if match.history else None
                match.undo()
                auto = index in self._auto  # taken for the player: it goes with the undo
                self._auto.discard(index)
                if not auto and (role is None or not self._computer_plays(role)):
                    break
                if not match.can_undo:  # only the computer's moves could be taken back
                    match.state, match.history = state, history
                    raise IllegalAction("nothing of yours to undo since the last die roll or "
                                        "change of player")
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")
            return
        self._drop_decision()
        self._ask_at = match.state  # asked here even if it has one choice only: no loop
        self._undone = True
        self._kept = None
        self.autosave(quiet=True)
        self.refresh_view()
        self.notify("Undone.")

    def action_save(self) -> None:
        self.autosave()

    def action_maximize_map(self) -> None:
        self.toggle_class("-maxmap")
        mappane = self.query_one(MapPane)
        mappane.call_after_refresh(mappane.scroll_to_cursor)
        # `m` asks for the map: it takes the focus once shown (it may have been hidden by a
        # battle's panel at 80x24); the map hidden again, the actions take it back
        self.call_after_refresh(self._focus_map_if_shown)

    def _focus_map_if_shown(self) -> None:
        mappane = self.query_one(MapPane)
        if self._shown(mappane):
            if self.has_class("-maxmap"):
                mappane.focus()
        elif self.focused is mappane:
            self.focus_decision()

    def action_zoom(self) -> None:
        """Maximise the pane that holds the focus (like Harlequin), or restore it."""
        if self.maximized is not None:
            self.minimize()
            return
        for pane in self.query(", ".join(self.PANES)):
            if pane.has_focus_within and pane.display:
                self.maximized = pane
                return
        self.notify("Move the focus to a pane first (tab).")

    def action_details(self) -> None:
        mappane = self.query_one(MapPane)
        loc = mappane.cursor
        if loc is None:
            return
        text = location_info(self.canvas, self.board, self.view, loc, self.targets.get(loc))
        self.app.push_screen(_dialogs().TextDialog(self.canvas.places[loc].name, text))

    def action_switch_role(self) -> None:
        active = self.match.active
        if len(active) < 2:
            self.notify(f"Only {active[0] if active else 'nobody'} can act now.")
            return
        self.app.push_screen(_dialogs().PickDialog("Act as which role?", active, active),
                             self._as_role)

    def _as_role(self, role: str | None) -> None:
        if role is not None:
            self.role = role
            self.refresh_view(switched=True)

    def action_history(self) -> None:
        """Step through every action of the game so far (tui/screens/history.py); the live
        game is left as it is. A game with hidden information shows the view of the role on
        screen now (never another role's hand); an open game the public view."""
        from tui.screens.history import HistoryScreen

        viewer = self.view.role if self.view is not None and \
            self.match.hidden_info else None
        self.app.push_screen(HistoryScreen(self.match, role=viewer, board=self.board,
                                           like=self.canvas))

    def action_help(self) -> None:
        self.app.action_help()

    def action_quit_game(self) -> None:
        self.app.action_save_and_quit()

    # -- the computer ----------------------------------------------------------------------

    def _computer_plays(self, role: str | None) -> bool:
        """The computer plays `role` and can play this game (else a person plays its moves)."""
        if not computer.is_computer(self.match, role):
            return False
        if self.previewing:  # whether it can play this game is asked of the live game
            return True
        if self._unable is None:
            self._unable = computer.cannot_play(self.rules, self.match.hidden_info) or ""
            if self._unable:
                self.notify(f"{self._unable}: play the computer's roles yourself.",
                            severity="warning", timeout=10)
        return not self._unable and self.match.state is not self._failed_at

    @property
    def computer_turn(self) -> bool:
        """The role to act is the computer's and no person may act now: the screen waits."""
        return self.match.result is None and self._computer_plays(self.role)

    def _computer_role(self) -> str | None:
        """An active role the computer plays (it may act beside a person), or None."""
        if self.match.result is not None:
            return None
        if self._computer_plays(self.role):
            return self.role
        return next((r for r in self.match.active if self._computer_plays(r)), None)

    def _say(self, message: str, fraction: float | None = None,
             detail: str | None = None) -> None:
        """The status line under the prompt; `detail`: its second line (None: unchanged)."""
        self.query_one(StatusLine).say(message, fraction, detail)

    def _who(self, role: str) -> str:
        return f"Computer ({role})"  # its level is in the line below (the menu's place)

    def _computer_next(self) -> None:
        """If the computer is to act, decide (in a worker) unless it already is or has."""
        if self.previewing:
            return
        role = self._computer_role()
        if role is None:
            return
        state = self.match.state
        if self._decision is not None and self._decision[0] is state:
            self._play_when_due()
            return
        if self._thinking_for is state:
            return
        self._thinking_for = state
        self._say(f"{self._who(role)} thinking…{SKIPPING if self.skipping else ''}", 0.0)
        self._think(computer.snapshot(self.match), role, computer.level_of(self.match, role))

    @work(thread=True, exclusive=True, group="computer", exit_on_error=False)
    def _think(self, snapshot: Any, role: str, level: str) -> tuple[Any, str, Any, str]:
        """In a worker thread: the computer's decision for `role` in `snapshot`."""
        worker = get_current_worker()
        state = snapshot.state

        def report(done: int, total: int) -> None:
            self.post_message(self.Thinking("computer", state, done, total))

        action = computer.decide(snapshot, role, level, report, lambda: worker.is_cancelled)
        return state, role, action, computer.label_of(snapshot, role, action)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _think_hint(self, snapshot: Any, role: str,
                    level: str) -> tuple[Any, str, Any, str, Any]:
        """In a worker thread: the move the computer would make for the person's `role`, and
        the focus panel that explains it (its top three moves)."""
        worker = get_current_worker()
        state = snapshot.state

        def report(done: int, total: int) -> None:
            self.post_message(self.Thinking("hint", state, done, total))

        considered = computer.explain(snapshot, role, level, report,
                                      lambda: worker.is_cancelled)
        action = considered[0].choice.action
        return (state, role, action, computer.label_of(snapshot, role, action),
                computer.hint_panel(considered, role, level))

    @on(Thinking)
    def _thinking(self, event: Thinking) -> None:
        if event.state is not self.match.state:
            return
        status = self.query_one(StatusLine)
        if status.fraction is not None:
            status.fraction = event.done / max(event.total, 1)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group not in ("computer", "hint") or event.state not in (
                WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if worker.group == "computer" and self._thinking_for is not None:
            if event.state == WorkerState.SUCCESS and worker.result[0] is self._thinking_for:
                self._thinking_for = None
            elif event.state == WorkerState.ERROR:
                self._thinking_for = None
        if event.state == WorkerState.ERROR:
            error = worker.error
            if isinstance(error, computer.Stopped):
                return
            if worker.group == "hint":
                self._say("")
                self.notify(f"No hint: {type(error).__name__}: {error}", severity="error")
                return
            # a failing search must not stall the game: a person plays this decision
            self._failed_at = self.match.state
            self.notify(f"The computer could not decide ({type(error).__name__}: {error}); "
                        "play this move yourself.", severity="error", timeout=10)
            self.refresh_view(switched=True)
            return
        if worker.group == "hint":
            self._hinted(*worker.result)
        else:
            self._decided(*worker.result)

    def _decided(self, state: Any, role: str, action: Any, label: str) -> None:
        if state is not self.match.state or role not in self.match.active:
            self._computer_next()  # the game moved on meanwhile (undo, a person's move)
            return
        self._decision = (state, role, action, label)
        # played when the pause is over
        self._say(f"{self._who(role)} thinking…{SKIPPING if self.skipping else ''}", 1.0)
        self._play_when_due()

    def _play_when_due(self) -> None:
        """Play the decided move once `pace` has passed since the last move (at once when
        skipping), and only while the game screen is on top (not under a dialog)."""
        if self._decision is None or self._timer is not None or not self.is_active:
            return
        wait = 0.0 if self.skipping else self.pace - (time.monotonic() - self._last_move)
        if wait > 0:
            self._timer = self.set_timer(wait, self._play_decision)
        else:
            self._play_decision()

    def _play_decision(self) -> None:
        self._timer = None
        decision = self._decision
        if decision is None:
            return
        if not self.is_active:  # a dialog opened during the pause: play it once it closes
            return
        self._decision = None
        state, role, action, label = decision
        if state is not self.match.state or role not in self.match.active \
                or not self._computer_plays(role):
            self._computer_next()
            return
        try:
            self.match.act(role, action)
        except Exception as exc:  # the rules refused the search's move: a person plays it
            self._failed_at = state
            self.notify(f"The computer's move {label!r} failed ({type(exc).__name__}: {exc}); "
                        "play this move yourself.", severity="error", timeout=10)
            self.refresh_view(switched=True)
            return
        self._last_move = time.monotonic()
        self._decisions += 1
        self._undone = False
        self.autosave(quiet=True)
        # the second line names the move the map and the log now show
        self._say(f"{self._who(role)} played", detail=f"{role} played: {label}")
        self._show_move(action)
        self.refresh_view()

    def _show_move(self, action: Any) -> None:
        """The map cursor goes to where the computer acted (a place, or a piece's place)."""
        loc = self._place_of(action, self.match.view(None), self.view)
        if loc is not None:
            self.query_one(MapPane).move_to(loc)

    def _place_of(self, action: Any, *views: Any) -> str | None:
        """The place on the map `action` acts on: the place its noun names, where the piece
        it names stands in one of `views`, or a compound noun's place; else None."""
        noun = action.noun
        if not isinstance(noun, str):
            return None
        if noun in self.canvas.places:
            return noun
        for view in views:
            if view is None:
                continue
            piece_at = {token.id: loc for loc, tokens in view.board.items() for token in tokens}
            loc = piece_at.get(noun) or self._compound_place(noun, piece_at)
            if loc in self.canvas.places:
                return loc
        return None

    def _drop_decision(self) -> None:
        """Forget a decided move not yet played, and stop the thinking (undo, quit)."""
        self._decision = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._thinking_for = None
        self.workers.cancel_group(self, "computer")
        self.workers.cancel_group(self, "hint")

    def stop_computer(self) -> None:
        """Quitting or leaving the game: cancel the worker (it stops at its next search
        iteration); nothing it decided is applied, so the save holds the last move played."""
        self._drop_decision()

    def workers_running(self) -> bool:
        """Whether a worker thread (the computer's search, a hint, the warm-up) is running."""
        return any(not worker.is_finished for worker in self.workers)

    def resume_computer(self) -> None:
        """The computer goes on (a dialog over the game closed; a quit did not happen)."""
        self._play_when_due()
        self._computer_next()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            # the first resume comes right after the mount, where every widget was styled
            # with the classes it has now: Textual's restyle of the whole screen would
            # change nothing (~10 ms before the first frame, bench/startup.py)
            self._resumed = True
            event.refresh_styles = False
        self.resume_computer()

    def on_unmount(self) -> None:
        self.stop_computer()

    def action_skip(self) -> None:
        """No pauses between the computer's moves until a person must decide."""
        if self._computer_role() is None:
            self.notify("Nothing to skip: it is your decision.")
            return
        self.skipping = True
        status = self.query_one(StatusLine)
        if status.message and SKIPPING not in status.message:
            status.message += SKIPPING
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._play_when_due()

    def action_hint(self) -> None:
        """Ask the computer which action it would take here: marked in the menu, not taken."""
        if self.match.result is not None:
            self.notify("The game is over.")
            return
        if self.computer_turn or self.role is None:
            self.notify("It is the computer's turn: ask for a hint on yours.")
            return
        if not self.view.actions:
            self.notify("Nothing to decide now.")
            return
        reason = computer.cannot_play(self.rules, self.match.hidden_info)
        if reason:
            self.notify(f"No hint: {reason}.", severity="warning")
            return
        level = self._hint_level()
        self._say(f"Hint for {self.role} ({level}): thinking…", 0.0, detail="")
        self._think_hint(computer.snapshot(self.match), self.role, level)

    def _hint_level(self) -> str:
        """Hints come at the level of the game's computer player (normal without one)."""
        levels = computer.levels_of(self.match)
        return next(iter(levels.values()), computer.DEFAULT_LEVEL) if levels \
            else computer.DEFAULT_LEVEL

    def _hinted(self, state: Any, role: str, action: Any, label: str, panel: Any) -> None:
        if state is not self.match.state or role != self.role:
            return  # the game moved on: the hint no longer applies
        # the reasons in the focus panel, until the next view (the player's move) replaces it
        self.query_one(FocusPanel).show(panel, self.canvas)
        self.set_class(True, "-battle")
        menu = self.query_one(ActionMenu)
        number = menu.mark_hint(action)
        if number is None:
            self._say(f"Hint: {label}")
            return
        # the list takes the focus with the hint highlighted: Enter takes it; so does its number
        menu.query_one("#actions").focus()
        keys = f"{number} or Enter" if number <= 9 else "Enter"
        self._say(f"Hint: {number} {label} · {keys} takes it")
        place = next((loc for loc, choices in self.targets.items()
                      if any(c.action == action for c in choices)), None)
        if place is not None:
            self.query_one(MapPane).move_to(place)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Skip shows in the footer while the computer plays, Hint while a person does."""
        if action == "skip":
            return self._computer_role() is not None
        if action == "hint":
            return self.match.result is None and not self.computer_turn
        if action in ("jump", "filter", "undo", "pick"):
            return not self.computer_turn  # nothing of the person's to do meanwhile
        return True
