"""History: step through every action of a game, the board as it was after each one.

    HistoryScreen(match)                  # over the game screen (H), or alone (muster replay)
    HistoryScreen(match, role="British")  # a hidden-information game seen as one role

The screen never touches the match it is given: `Timeline` rebuilds the game from its header
and history (what `Match.replay` does, keeping the states on the way) in a worker thread, with
progress on the position bar. It keeps one state every `CHECKPOINT` actions and rebuilds the
states between two checkpoints when they are asked for (the last `BLOCKS` such blocks stay in
memory), so a long game costs a few dozen states, and one step back is at most `CHECKPOINT`
actions replayed. The screen opens on the last action (the live position, known at once), so
nothing waits for the rebuild unless the player steps back before it is done.

What is shown at position i (0: the game as set up; i: after the i-th action) is
`rules.view(state_i, role)` for one role fixed when the screen opens, in the game screen's
panes: map, tracks, hand or off-map boxes, the focus panel (a battle then), the log as it was
then, and on the position bar "action 134 / 880 · Union: March from Cairo".

Hidden information (decision, docs/ui.md "History"): in a game with `Match.hidden_info` the
role is the one whose view the game screen shows when `H` is pressed (the person at the
keyboard: never the other hand), and `muster replay` shows the spectator view (role None, no
hands) unless `--role` is given. The label of another role's action is never its menu label
(which could name a card the viewer did not see) but the first line that action added to the
viewer's own log. Open games show the public view (role None) and every action's label.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header
from textual.worker import Worker, WorkerState, get_current_worker

from tui import session
from tui.fit import FitStatic, Fitted
from tui.mapcanvas import FallbackBoard, MapCanvas
from tui.mappane import MapPane
from tui.panes import FocusPanel, HandPane, LogPane, PlaceFinder, TrackPane, TurnBar, \
    location_info, mark_focus, set_title

CHECKPOINT = 32   # one state kept every this many actions
BLOCKS = 4        # blocks of CHECKPOINT states kept around the positions last shown
COMPACT_WIDTH, COMPACT_HEIGHT = 100, 32  # as the game screen: below, the compact layout


class Stopped(Exception):
    """The rebuild was cancelled (the screen closed)."""


class Timeline:
    """The states of a game after each of its actions, rebuilt from its header and history.

    `build()` (a worker thread) replays the game once, keeping a checkpoint every CHECKPOINT
    actions and, for every position, whether its action rolled dice or drew (the random state
    moved) and the value of the turn track; `state(i)` gives any position built so far.
    `final`: the state after the last action, when known (the live game's): shown at once.
    """

    def __init__(self, rules: Any, header: Any, history: list[tuple[str, Any]],
                 final: Any = None) -> None:
        from core.engine import as_action

        self.rules = rules
        self.header = header
        self.history = [(role, as_action(action)) for role, action in history]
        self.total = len(self.history)
        self.final = final
        self.built = -1            # positions 0..built can be shown
        self.error: str | None = None  # why the rebuild stopped before the end
        self.turns: list[Any] = []     # the turn track's value at each position
        self.rolls: list[bool] = []    # position i: its action rolled dice or drew
        self.turn_key: str | None = None
        self._checkpoints: dict[int, Any] = {}
        self._blocks: OrderedDict[int, list[Any]] = OrderedDict()

    # -- the rebuild (worker thread) -------------------------------------------------------

    def build(self, report: Callable[[int, int], None] | None = None,
              cancelled: Callable[[], bool] | None = None) -> None:
        """Replay the whole game. Stops (with `error` set) at an action the rules refuse."""
        rules, header = self.rules, self.header
        state = rules.setup(header.seed, header.scenario, dict(header.options))
        self._record(0, state, None)
        for i, (role, action) in enumerate(self.history, 1):
            if cancelled is not None and cancelled():
                raise Stopped()
            try:
                if role not in state.active:
                    raise ValueError(f"it is not {role}'s turn to act")
                after = rules.act(state, role, action)
            except Exception as exc:
                self.error = f"action {i} ({role}: {action}) cannot be replayed: {exc}"
                return
            self._record(i, after, state)
            state = after
            if report is not None:
                report(i, self.total)

    def _record(self, i: int, state: Any, before: Any) -> None:
        if i % CHECKPOINT == 0:
            self._checkpoints[i] = state
        self.rolls.append(before is not None and state.rng != before.rng)
        self.turns.append(self._turn(state))
        self.built = i

    def _turn(self, state: Any) -> Any:
        """The turn track's value (public: the spectator's view); without one, who acts."""
        try:
            tracks = self.rules.view(state, None).tracks
        except Exception:
            tracks = {}
        if self.turn_key is None:
            keys = [k for k in tracks if str(k).lower() == "turn"] or \
                [k for k in tracks if str(k).lower().startswith("turn")]
            self.turn_key = keys[0] if keys else ""
        if self.turn_key:
            return tracks.get(self.turn_key)
        return tuple(state.active)

    # -- positions -------------------------------------------------------------------------

    def ready(self, i: int) -> bool:
        return 0 <= i <= self.built or (i == self.total and self.final is not None)

    def state(self, i: int) -> Any:
        """The state after `i` actions (0: as set up). LookupError if not built yet."""
        if i == self.total and self.final is not None and self.built < i:
            return self.final
        if not 0 <= i <= self.built:
            raise LookupError(f"position {i} is not rebuilt yet")
        base = i - i % CHECKPOINT
        block = self._blocks.get(base)
        if block is None or len(block) <= i - base:
            block = [self._checkpoints[base]]
            last = min(base + CHECKPOINT - 1, self.built)
            for role, action in self.history[base:last]:
                block.append(self.rules.act(block[-1], role, action))
            self._blocks[base] = block
            while len(self._blocks) > BLOCKS:
                self._blocks.popitem(last=False)
        self._blocks.move_to_end(base)
        return block[i - base]

    def label(self, i: int, viewer: str | None, hidden: bool) -> str:
        """What action `i` was, as the viewer may know it (see the module's docstring)."""
        if i <= 0:
            return "the game as set up"
        role, action = self.history[i - 1]
        if not self.ready(i - 1):
            return f"{role}: … (rebuilding)"
        if not hidden or viewer == role:
            try:
                for choice in self.rules.actions(self.state(i - 1), role):
                    if choice.action == action:
                        return f"{role}: {choice.label}"
            except Exception:
                pass
            return f"{role}: {action}"
        try:  # another role's move, with hidden information: only what the viewer saw of it
            before = self.rules.view(self.state(i - 1), viewer).log
            after = self.rules.view(self.state(i), viewer).log
        except Exception:
            return f"{role} acted"
        new = [line for line in after[len(before):] if line.strip()]
        if not new:
            return f"{role} acted"
        return new[0] if new[0].startswith(role) else f"{role}: {new[0]}"

    def next_turn(self, i: int, step: int) -> int | None:
        """The first position of the next turn (step 1), or of this turn or the one before
        (step -1: like "previous track" on a player); None if there is none."""
        last = min(self.built, len(self.turns) - 1)
        if last < 0:
            return None
        i = min(i, last)
        if step > 0:
            for j in range(i + 1, last + 1):
                if self.turns[j] != self.turns[i]:
                    return j
            return None
        start = self._turn_start(i)
        if start < i:
            return start
        return self._turn_start(i - 1) if i > 0 else None

    def _turn_start(self, i: int) -> int:
        while i > 0 and self.turns[i - 1] == self.turns[i]:
            i -= 1
        return i

    def next_roll(self, i: int, step: int) -> int | None:
        """The next (step 1) or previous (-1) position whose action rolled dice or drew."""
        last = min(self.built, len(self.rolls) - 1)
        positions = range(i + 1, last + 1) if step > 0 else range(min(i, last + 1) - 1, 0, -1)
        return next((j for j in positions if self.rolls[j]), None)


def new_canvas(board: Any, sides: list[str], like: Any = None) -> Any:
    """A map canvas of the game's board of its own (the game screen's keeps its cursor and
    pieces), of the kind the game screen draws that board with, with the same side codes as
    `like` (the game screen's canvas) when given."""
    sides = [*getattr(like, "codes", {}), *sides]
    factory = getattr(MapPane, "canvas_for", None)
    # a hex map: the units' short names of the game screen's canvas
    names = list(getattr(like, "unit_names", ()))
    return factory(board, sides, names) if factory is not None else MapCanvas(board, sides)


class HistoryBar(Widget):
    """Two lines: where the history stands ("ACTION 134 / 880 · Union: March from Cairo")
    and a slider (━ done, ● here, ─ to come: not colour alone), with the rebuild's progress.
    A click on the slider goes to that position."""

    DEFAULT_CSS = """
    HistoryBar {
        height: 2;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    position: reactive[int] = reactive(0)
    total: reactive[int] = reactive(0)
    label: reactive[str] = reactive("")
    progress: reactive[float | None] = reactive(None)  # the rebuild, while it runs
    waiting: reactive[bool] = reactive(False)  # the position is not rebuilt yet

    class Picked(Message):
        """A click on the slider: go to `position`."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def render(self) -> Text:
        width = max(self.content_size.width, 20)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        where = "START" if self.position == 0 else f"ACTION {self.position}"
        text.append(f" {where} / {self.total} ", style="bold reverse")
        if self.waiting:
            text.append(" rebuilding the game: this step shows when it is ready…", style="dim")
        else:
            text.append(f" {self.label}")
        text.append("\n")
        suffix = ""
        if self.progress is not None:
            suffix = f" rebuilding {self.progress * 100:3.0f}%"
        size = max(width - len(suffix) - 2, 4)
        knob = round(self.position / self.total * (size - 1)) if self.total else size - 1
        text.append("├", style="dim")
        text.append("━" * knob, style="bold")
        text.append("●", style="bold")
        text.append("─" * (size - 1 - knob), style="dim")
        text.append("┤", style="dim")
        if suffix:
            text.append(suffix, style="italic")
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 1 or not self.total:
            return
        width = max(self.content_size.width, 20)
        suffix = 0 if self.progress is None else len(f" rebuilding {100:3.0f}%")
        size = max(width - suffix - 2, 4)
        column = max(0, min(offset.x - 1, size - 1))
        self.post_message(self.Picked(round(column / max(size - 1, 1) * self.total)))


class HistoryScreen(Screen):
    CSS_PATH = "history.tcss"  # parsed when the screen is first shown, not at start-up
    """Every action of a game, one at a time (see the module's docstring)."""

    BINDINGS = [
        Binding("left", "step(-1)", "Back", priority=True, key_display="←"),
        Binding("right", "step(1)", "Forward", priority=True, key_display="→"),
        Binding("pageup", "step(-10)", "-10", priority=True, show=False),
        Binding("pagedown", "step(10)", "+10", priority=True, show=False),
        Binding("home", "edge(-1)", "Start", priority=True, show=False),
        Binding("end", "edge(1)", "Last", priority=True, show=False),
        Binding("t", "turn(1)", "Turn"),
        Binding("T", "turn(-1)", "Previous turn", show=False),
        Binding("r", "roll(1)", "Roll"),
        Binding("R", "roll(-1)", "Previous roll", show=False),
        Binding("i", "details", "Info", show=False),
        Binding("m", "maximize_map", "Map", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("escape,H", "close", "Close", key_display="esc"),
        Binding("q", "quit", "Quit", show=False),
    ]

    class Built(Message):
        """How far the rebuild has got (posted from the worker thread)."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    def __init__(self, match: Any, role: str | None = None, board: Any = None,
                 like: Any = None, standalone: bool = False) -> None:
        super().__init__(id="history")
        from core.engine import clone

        self.match = match
        self.rules = match.rules
        self.role = role
        self.hidden = match.hidden_info
        self.standalone = standalone  # `muster replay`: closing it quits
        self.timeline = Timeline(self.rules, match.header, list(match.history),
                                 final=clone(match.state))
        if board is None:
            board, self.board_error = session.board_of(self.rules)
        else:
            self.board_error = None
        last = match.view(None)
        if board is None:
            board = FallbackBoard([*last.board, *last.control])
        self.board = board
        sides = list(match.roles)
        for tokens in last.board.values():
            sides.extend(t.side for t in tokens)
        sides.extend(last.control.values())
        self.canvas = new_canvas(board, sides, like)
        self.places = PlaceFinder(self.canvas.places)
        self.position = self.timeline.total
        self.view: Any = None

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self._layout(self.app.size.width, self.app.size.height)
        yield Header()
        yield HistoryBar(id="h-bar")
        yield TurnBar(id="h-turn")
        with Horizontal(id="h-main"):
            with Vertical(id="h-mapcol"):
                yield MapPane(self.canvas, id="h-map")
                yield FocusPanel(id="h-focus")
            with Vertical(id="h-side"):
                with VerticalScroll(id="h-tracks"):
                    yield TrackPane(id="h-track-text")
                yield HandPane(id="h-hand")
        yield FitStatic(id="h-info")
        yield LogPane(id="h-log")
        yield Footer()

    PANES = ("#h-map", "#h-focus", "#h-tracks", "#h-hand", "#h-log")

    def on_mount(self) -> None:
        header = self.match.header
        self.title = f"History · {self.rules.title}"
        seen = "" if not self.hidden else f" · as {self.role}" if self.role else \
            " · spectator (no hands)"
        self.sub_title = f"{header.scenario} · seed {header.seed}{seen}"
        for pane, title in (("#h-map", "Map"), ("#h-tracks", "Tracks"), ("#h-log", "Log"),
                            ("#h-focus", "Now resolving")):
            set_title(self.query_one(pane), title)
        self.watch(self, "focused", self._mark_focus, init=False)
        bar = self.query_one(HistoryBar)
        bar.total = self.timeline.total
        if self.timeline.total:
            bar.progress = 0.0
        self.show_position()
        self.query_one(LogPane).focus()
        if self.board_error:
            self.notify(self.board_error, severity="error", timeout=10)
        self._rebuild()

    def _mark_focus(self, _focused: Any = None) -> None:
        for pane in self.query(", ".join(self.PANES)):
            mark_focus(pane)

    def on_resize(self, event: Any) -> None:
        self._layout(event.size.width, event.size.height)

    def _layout(self, width: int, height: int) -> None:
        self.set_class(width < COMPACT_WIDTH or height < COMPACT_HEIGHT, "-compact")

    # -- the rebuild -----------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="history", exit_on_error=False)
    def _rebuild(self) -> None:
        worker = get_current_worker()
        timeline = self.timeline
        reported = [-1]

        def report(done: int, total: int) -> None:
            percent = done * 100 // max(total, 1)
            if percent != reported[0]:  # at most once a percent
                reported[0] = percent
                self.post_message(self.Built(done, total))

        timeline.build(report, lambda: worker.is_cancelled)

    @on(Built)
    def _built(self, event: Built) -> None:
        self.query_one(HistoryBar).progress = event.done / max(event.total, 1)
        if self.query_one(HistoryBar).waiting and self.timeline.ready(self.position):
            self.show_position()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "history" or event.state not in (
                WorkerState.SUCCESS, WorkerState.ERROR):
            return
        bar = self.query_one(HistoryBar)
        bar.progress = None
        if event.state == WorkerState.ERROR:
            if isinstance(event.worker.error, Stopped):
                return
            self.timeline.error = self.timeline.error or \
                f"the game cannot be rebuilt: {type(event.worker.error).__name__}: " \
                f"{event.worker.error}"
        if self.timeline.error:
            self.notify(f"History: {self.timeline.error}; the steps after it cannot be shown.",
                        severity="error", timeout=15)
        if not self.timeline.ready(self.position):
            self.position = self.timeline.built if self.timeline.built >= 0 \
                else self.timeline.total
        # again: the first position was shown before the one before it was known (its
        # label and where it happened can be told now)
        self.show_position()

    @property
    def rebuilt(self) -> bool:
        """The whole game is rebuilt (or the rebuild stopped at an error)."""
        return self.timeline.built >= self.timeline.total or self.timeline.error is not None

    # -- showing a position ----------------------------------------------------------------

    def show_position(self) -> None:
        """Show the board, tracks, hand, focus panel and log as they were at `position`."""
        bar = self.query_one(HistoryBar)
        i = self.position
        bar.position = i
        timeline = self.timeline
        if not timeline.ready(i):
            bar.waiting = True
            return
        bar.waiting = False
        try:
            state = timeline.state(i)
            view = self.rules.view(state, self.role)
            label = timeline.label(i, self.role, self.hidden)
            # the log as it was before this action: what the action added is in bold
            before = self.rules.view(timeline.state(i - 1), self.role).log \
                if i > 0 and timeline.ready(i - 1) else None
        except Exception as exc:  # a rules bug: say so, keep the screen
            self.notify(f"Action {i} cannot be shown: {type(exc).__name__}: {exc}",
                        severity="error", timeout=10)
            return
        self.view = view
        bar.label = label
        mappane = self.query_one(MapPane)
        mappane.show(view, [])
        acting = view.active[0] if view.active else None
        colour = self.canvas.colours.get(acting or "", "")
        pinned = list(getattr(view, "pinned", []) or [])
        self.query_one(TurnBar).show(view.active, acting, view.result,
                                     f"black on {colour}" if colour else "", view.tracks,
                                     pinned=pinned, codes=self.canvas.codes)
        self.query_one(TrackPane).show(view.tracks, view.hand_sizes, pinned)
        self.query_one(HandPane).show(view, self.canvas)
        fresh = len(before) if before is not None and len(before) < len(view.log) else None
        self.query_one(LogPane).show(view.log, fresh)
        focus = getattr(view, "focus", None)
        self.query_one(FocusPanel).show(focus, self.canvas)
        self.set_class(focus is not None, "-battle")
        where = self._where(i, before)
        if where is not None and where != mappane.cursor:
            mappane.move_to(where)  # posts CursorMoved: the info line follows
        else:
            self._show_info(mappane.cursor)

    def _where(self, i: int, before: list[str] | None) -> str | None:
        """Where action `i` happened, for the map cursor: the place its action names (or the
        place of the piece it names); with hidden information and another role's action, the
        first place named by what it added to the viewer's log (nothing more is known)."""
        if i <= 0 or self.view is None:
            return None
        role, action = self.timeline.history[i - 1]
        if not self.hidden or role == self.role:
            noun = action.noun
            if isinstance(noun, str):
                if noun in self.canvas.places:
                    return noun
                for loc, tokens in self.view.board.items():
                    if loc in self.canvas.places and any(t.id == noun for t in tokens):
                        return loc
        if before is None:
            return None
        for line in self.view.log[len(before):]:
            loc = self.places.first(line, self.view.board)
            if loc in self.canvas.places:
                return loc
        return None

    def go(self, position: int | None) -> None:
        if position is None:
            self.app.bell()
            return
        position = max(0, min(position, self.timeline.total))
        if position != self.position:
            self.position = position
            self.show_position()

    def _show_info(self, loc: str | None) -> None:
        if self.view is None:
            return
        self.query_one("#h-info", FitStatic).update(
            Fitted(location_info(self.canvas, self.board, self.view, loc)))

    @on(MapPane.CursorMoved)
    def _cursor_moved(self, event: MapPane.CursorMoved) -> None:
        self._show_info(event.loc)

    @on(MapPane.Activated)
    def _activated(self, event: MapPane.Activated) -> None:
        self.action_details()

    @on(LogPane.LineChosen)
    def _log_line_chosen(self, event: LogPane.LineChosen) -> None:
        """The map cursor goes to the first place the chosen log line names."""
        loc = self.places.first(event.line, self.view.board if self.view else None)
        if loc is None or loc not in self.canvas.places:
            self.notify("That line names no place on the map.")
            return
        self.query_one(MapPane).move_to(loc)

    @on(HistoryBar.Picked)
    def _picked(self, event: HistoryBar.Picked) -> None:
        self.go(event.position)

    # -- keys ------------------------------------------------------------------------------

    def action_step(self, step: int) -> None:
        target = self.position + step
        if not 0 <= target <= self.timeline.total:
            target = max(0, min(target, self.timeline.total))
            if target == self.position:
                self.app.bell()
                return
        self.go(target)

    def action_edge(self, step: int) -> None:
        self.go(0 if step < 0 else self.timeline.total)

    def action_turn(self, step: int) -> None:
        if not self.rebuilt:
            self.notify("Still rebuilding the game: turns can be found when it is done.")
            return
        self.go(self.timeline.next_turn(self.position, step))

    def action_roll(self, step: int) -> None:
        if not self.rebuilt:
            self.notify("Still rebuilding the game: rolls can be found when it is done.")
            return
        self.go(self.timeline.next_roll(self.position, step))

    def action_details(self) -> None:
        from tui.screens.dialogs import TextDialog

        loc = self.query_one(MapPane).cursor
        if loc is None or self.view is None:
            return
        text = location_info(self.canvas, self.board, self.view, loc)
        self.app.push_screen(TextDialog(self.canvas.places[loc].name, text))

    def action_maximize_map(self) -> None:
        self.toggle_class("-maxmap")
        mappane = self.query_one(MapPane)
        mappane.call_after_refresh(mappane.scroll_to_cursor)

    def action_help(self) -> None:
        self.app.action_help()

    def action_close(self) -> None:
        """Back to the live game, unchanged (alone, from `muster replay`: quit)."""
        self.workers.cancel_group(self, "history")
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss(None)

    def action_quit(self) -> None:
        self.workers.cancel_group(self, "history")
        if self.standalone:
            self.app.exit()
        else:
            self.app.action_save_and_quit()

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "history")
