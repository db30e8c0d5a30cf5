"""MusterApp: the title screen, new game, load, the game screen, help.

    MusterApp()                      # title screen
    MusterApp(match=m)               # straight into a game (title screen made on demand)
    MusterApp(start="new")           # "title" | "new" | "load" | "continue"
    MusterApp(match=m, pace=0.2)     # seconds between the computer's moves (default 0.6)
    MusterApp(match=m, start="replay", role=None)  # its history alone (muster replay)
    MusterApp(start="online", online_server=PATH)  # the Online screen (muster online)

Saves go to saves.saves_dir() (under MUSTER_HOME when it is set). Quitting from anywhere
(q, ctrl+q, the command palette) autosaves the game in progress first (and stops the
computer thinking: nothing it had not played yet is applied). `MUSTER_PACE` sets the pause
between the computer's moves, in seconds, when `pace` is not given.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tui import gc_pause, session, terminal_watch
from tui.screens.game import GameScreen

# The title, new-game, load and help screens are imported when first shown, so `muster
# continue` (straight into a game) draws its game screen without them (bench/startup.py).


def abandon_threads_after(seconds: float) -> None:
    """End the process `seconds` from now if it is still running then: the app has exited
    and saved, but Python waits at exit for the worker threads of the executor (a computer
    search in the middle of a step). The timer's thread is a daemon: a process that ends
    sooner ends normally."""
    def end() -> None:
        sys.stdout.flush()
        os._exit(0)

    timer = threading.Timer(seconds, end)
    timer.daemon = True
    timer.start()


def pace_from_env() -> float:
    """MUSTER_PACE (seconds between the computer's moves), else GameScreen.PACE."""
    try:
        return max(0.0, float(os.environ.get("MUSTER_PACE", "")))
    except ValueError:
        return GameScreen.PACE


class MusterApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Muster"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]
    HANG_UP_GRACE = 1.0  # seconds the process may take to end after a hang-up is handled
    _hung_up = False

    def __init__(self, match: Any = None, start: str = "title", pace: float | None = None,
                 role: str | None = None, online_server: str | None = None,
                 online_connect: Any = None, online_game: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # online play (tui/screens/online.py): the socket given (None: $MUSTER_SERVER or the
        # default), how to connect (tests name their accounts by it), a game to open at once
        self.online_server = online_server
        self.online_connect = online_connect
        self.online_game = online_game
        self.online: Any = None  # the connection to the server, once the Online screen made it
        self._terminal_watch: Any = None  # online: leave once the terminal hangs up
        self.initial_match = match
        self.start = start
        self.replay_role = role  # start="replay": the role whose view the history shows
        self.pace = pace if pace is not None else pace_from_env()

    def on_mount(self) -> None:
        # the first screen is built by the time the app refreshes: the collector can resume
        self.call_after_refresh(gc_pause.resume, True)
        self._pick_theme()
        self._catch_hang_up()
        if self.initial_match is not None and self.start == "replay":
            from tui.screens.history import HistoryScreen

            self.push_screen(HistoryScreen(self.initial_match, role=self.replay_role,
                                           standalone=True))
            return
        if self.initial_match is not None:
            # straight into the game; the title screen is built only if the player goes there
            # (`muster continue` draws its game screen that much sooner). Pushed once this
            # handler is done: Textual holds the display back while the app mounts, and a
            # screen pushed meanwhile is laid out and rendered for nothing, then again
            self.call_later(self.push_screen, GameScreen(self.initial_match, pace=self.pace))
            return
        from tui.screens.title import TitleScreen

        self.push_screen(TitleScreen())
        if self.start == "new":
            self.action_new_game()
        elif self.start == "load":
            self.action_load_game()
        elif self.start == "continue":
            self.action_continue_game()
        elif self.start == "online":
            self.action_online()

    def _catch_hang_up(self) -> None:
        """SIGHUP (the terminal closed, SSH dropped) and SIGTERM: save and exit at once
        (issue 17, bug 11). Without it a hang-up could leave the process running, a
        computer search included, with nobody to see it."""
        loop = asyncio.get_running_loop()
        for name in ("SIGHUP", "SIGTERM"):
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                loop.add_signal_handler(number, self.hang_up)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
                pass
        if not self.is_headless:  # a terminal that is gone without a signal: poll it
            self.set_interval(0.5, self._check_terminal, name="hang-up")

    def _check_terminal(self) -> None:
        """The terminal hung up without a SIGHUP reaching us (no controlling terminal, or
        the signal ignored as under nohup): its input reports POLLHUP (the same poll as
        tui/terminal_watch.py's thread, which online play adds); then as `hang_up`."""
        try:
            fd = sys.__stdin__.fileno()
        except (AttributeError, OSError, ValueError):  # no input stream, or it is closed
            return
        if terminal_watch.terminal_gone(fd):
            self.hang_up()

    def hang_up(self) -> None:
        """Save the game in progress (the computer stopped first: the save holds the last
        move played) and exit; the process ends within HANG_UP_GRACE seconds even if a
        computer search is still finishing its step in a worker thread (it is abandoned:
        nothing it decides is applied or saved)."""
        if self._hung_up:
            return
        self._hung_up = True
        game = self.game_screen
        if game is not None:
            game.stop_computer()
            game.autosave(quiet=True)
        if not self.is_headless:  # (never inside a test's process)
            abandon_threads_after(self.HANG_UP_GRACE)
        self.exit()

    def _pick_theme(self) -> None:
        """MUSTER_THEME wins; a 16-colour terminal gets the ANSI theme (its own 16 colours,
        which the player has already tuned to be legible) instead of approximated RGB."""
        wanted = os.environ.get("MUSTER_THEME", "").strip()
        if wanted and wanted in self.available_themes:
            self.theme = wanted
        elif self.console.color_system in ("standard", "windows"):
            self.theme = "ansi-dark"

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        # messages come from games and saves (file names, "[...]"): never read them as markup
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # -- games ---------------------------------------------------------------------------

    @property
    def game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    @property
    def match(self) -> Any:
        """The match being played, or None."""
        screen = self.game_screen
        return screen.match if screen is not None else None

    def _back_to_title(self) -> None:
        """Save the game in progress and pop every screen above the title screen."""
        from tui.screens.title import TitleScreen

        game = self.game_screen
        if game is not None:
            game.stop_computer()
            game.autosave(quiet=True)
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            self.push_screen(TitleScreen())

    def start_match(self, match: Any, replace: Screen | None = None) -> None:
        """Play `match` (from the new-game or load screen, or Continue)."""
        self._back_to_title()
        self.push_screen(GameScreen(match, pace=self.pace))

    def open_save(self, path: Path | str, replace: Screen | None = None) -> bool:
        try:
            match = session.load(path)
        except Exception as exc:  # SaveError: its message is the one sentence to show
            self.notify(str(exc), severity="error", timeout=10)
            return False
        self.start_match(match, replace)
        return True

    # -- actions (keys, the title menu and the command palette) ---------------------------

    def action_continue_game(self) -> None:
        """Open the newest save that loads. Damaged newer ones are skipped, and a notice
        (on the game screen that opens) names the newest and says what opened instead."""
        try:
            match, info, damaged = session.resume()
        except Exception as exc:
            self.notify(f"Saves cannot be listed: {exc}", severity="error")
            return
        notice = session.damaged_notice(damaged, info)
        if match is None:
            if notice:
                self.notify(f"No save can be continued: {notice}. Press l to see the saves "
                            "or n to start a new game.", severity="error", timeout=15)
            else:
                self.notify("No saved game to continue yet: start a new one.",
                            severity="warning")
            return
        self.start_match(match)
        if notice:
            self.notify(notice[0].upper() + notice[1:] + ".", title="Continue",
                        severity="warning", timeout=15)

    def continue_past_damaged(self) -> None:
        """The save a continued game was drawn from does not load (its preview did, the
        game did not: tui/stored.py): back to the title screen and Continue from there,
        which skips that save, names it and opens the next one that loads."""
        self._back_to_title()
        self.call_after_refresh(self.action_continue_game)  # once the title screen is up

    def action_new_game(self) -> None:
        game = self.game_screen
        if game is not None:
            game.autosave(quiet=True)
        from tui.screens.newgame import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_load_game(self) -> None:
        game = self.game_screen
        if game is not None:
            game.autosave(quiet=True)
        from tui.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def action_online(self) -> None:
        """The Online screen (the one already open, if any: its connection is kept)."""
        from tui.screens.online import OnlineScreen

        game = self.game_screen
        if game is not None:
            game.stop_computer()
            game.autosave(quiet=True)
        for screen in self.screen_stack:
            if isinstance(screen, OnlineScreen):
                while self.screen is not screen:
                    self.pop_screen()
                return
        self.push_screen(OnlineScreen(self.online_server, self.online_connect,
                                      open_game=self.online_game))
        self.online_game = None
        if self._terminal_watch is None:  # tui/terminal_watch.py: a hang-up with no SIGHUP
            self._terminal_watch = terminal_watch.watch(self) or False

    def action_title(self) -> None:
        self._back_to_title()

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_save_and_quit(self) -> None:
        game = self.game_screen
        if game is not None:
            game.stop_computer()  # the save holds the last move played, nothing half-decided
        if game is not None and not game.autosave(quiet=True):
            if not getattr(self, "_quit_unsaved", False):
                self._quit_unsaved = True
                game.resume_computer()
                self.notify("The game could not be saved: press q again to quit anyway.",
                            severity="error", timeout=10)
                return
        if game is not None and game.workers_running() and not self.is_headless:
            # a search still in its step: the terminal is restored by then, the save done
            abandon_threads_after(3 * self.HANG_UP_GRACE)
        self.exit()

    async def action_quit(self) -> None:
        self.action_save_and_quit()

    # -- command palette ------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        game = self.game_screen
        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo", "Take back the last action (u)", screen.action_undo)
            yield SystemCommand("Save", "Save the game now (s)", screen.action_save)
            yield SystemCommand("Jump to a target", "Label the legal targets on the map (f)",
                                screen.action_jump)
            yield SystemCommand("Filter actions", "Type to filter the action menu (/)",
                                screen.action_filter)
            yield SystemCommand("Maximize map", "Give the map the whole screen (m)",
                                screen.action_maximize_map)
            yield SystemCommand("History", "Step through every action of the game so far (H)",
                                screen.action_history)
            yield SystemCommand("Location details", "Everything about the cursor's location (i)",
                                screen.action_details)
            yield SystemCommand("Switch role", "Act as another active role (r)",
                                screen.action_switch_role)
            yield SystemCommand("Hint", "Ask the computer for a suggested action (t)",
                                screen.action_hint)
            yield SystemCommand(
                "Always ask me", "Turn on or off: ask every decision, even one with a single "
                f"choice (now {'on' if screen.always_ask else 'off'}; A)",
                screen.action_always_ask)
            yield SystemCommand("Skip ahead", "No pauses between the computer's moves until "
                                "your next decision (space)", screen.action_skip)
        yield SystemCommand("Help", "Every key binding (?)", self.action_help)
        yield SystemCommand("New game", "Choose a game, scenario, options and seed",
                            self.action_new_game)
        yield SystemCommand("Load game", "Open a saved game", self.action_load_game)
        yield SystemCommand("Continue", "Resume the most recent saved game",
                            self.action_continue_game)
        yield SystemCommand("Online", "Your games on this host's Muster server (o)",
                            self.action_online)
        if game is not None:
            yield SystemCommand("Title screen", "Save this game and go to the title screen",
                                self.action_title)
        yield SystemCommand("Quit", "Save the game in progress and quit (q)",
                            self.action_save_and_quit)
        for command in super().get_system_commands(screen):
            if command.title not in ("Quit",):
                yield command
