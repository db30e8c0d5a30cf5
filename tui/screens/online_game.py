"""The game screen on an online game (tui/remote.py's RemoteGame): the same panes, menu and
keys as a local game, with what the server does instead of this process.

- Each person sees only their own seats: the screen acts for one of them when it is to act,
  and otherwise shows the view of one of them, the turn bar naming who is to act and the menu
  saying what they are deciding. No hand-off screens or turn banners.
- An action is sent to the server with the number of the position it was chosen at; until the
  reply comes the menu says so and takes nothing. A refusal (the game moved on, the rules or
  the server refused) is one line, and the fresh view is shown.
- Another player's move arrives as a push: the board, log and menu change at once, and the
  status line under the prompt says who played and what, as it does for the computer's move;
  the map cursor goes to the place the move names.
- The computer's seats are played by the server; the server keeps the game after every
  action (nothing to save here) and decides undo: only your own actions no other player has
  been shown. No hints and no history while the game goes on: the state is the server's.
"""
from __future__ import annotations

from typing import Any

from textual import on
from textual.message import Message

from core.engine import IllegalAction
from tui.panes import PlaceFinder
from tui.mappane import MapPane
from tui.screens.dialogs import PickDialog
from tui.screens.game import GameScreen


class OnlineGameScreen(GameScreen):
    """GameScreen on a RemoteGame (`match` is the RemoteGame)."""

    # a single choice is sent to the server like any other (the local screen takes it for
    # the player: tui/turns.py; here the server's round trip and its refusals stay explicit)
    TAKES_SINGLE_CHOICES = False

    class Changed(Message):
        """The remote game changed or answered (posted by the RemoteGame's listener)."""

        def __init__(self, change: Any) -> None:
            super().__init__()
            self.change = change

    def __init__(self, game: Any, pace: float | None = None) -> None:
        super().__init__(game, pace=pace)
        self._seat: str | None = None      # the own seat last shown
        self._finder: PlaceFinder | None = None

    def on_mount(self) -> None:
        self.match.listen(lambda change: self.post_message(self.Changed(change)))
        super().on_mount()

    def on_unmount(self) -> None:
        self.match.listen(None)
        super().on_unmount()

    def subtitle(self) -> str:
        return f"{self.match.header.scenario} · online game {self.match.game_id} · " \
               f"you: {self.match.account}"

    # -- whose view, whose turn ------------------------------------------------------------

    @property
    def mine(self) -> list[str]:
        return list(self.match.mine)

    def _pick_role(self) -> str | None:
        """One of your seats when one is to act (the one picked with r, else the first); else
        the role to act (someone else's: the screen waits)."""
        game = self.match
        if game.result is not None:
            return self.role if self.role in self.mine else (self.mine or game.roles)[0]
        yours = [role for role in game.active if role in self.mine]
        if self.role in yours:
            return self.role
        if yours:
            return yours[0]
        return (game.active or [None])[0]

    @property
    def computer_turn(self) -> bool:
        """No seat of yours may act now (or your action is on its way): the screen waits."""
        game = self.match
        return game.result is None and (self.role not in self.mine or game.pending)

    def _computer_plays(self, role: str | None) -> bool:
        return False  # the server plays the computer's seats

    def _shown_role(self, playing: bool) -> str | None:
        """Always one of your own seats (the last shown, else the first)."""
        if self.role in self.mine:
            self._seat = self.role
        elif self._seat not in self.mine:
            self._seat = self.mine[0] if self.mine else None
        return self._seat

    def _played_by(self, playing: bool) -> str:
        if not playing or self.role is None or self.role in self.mine:
            return ""
        return self.match.player_of(self.role)

    def _waiting_text(self, view: Any) -> str:
        game = self.match
        if game.pending:
            return "Sending your action to the server…"
        if not game.active:
            return "Waiting for the server."
        who = ", ".join(f"{role} ({game.player_of(role)})" for role in game.active)
        deciding = game.deciding or view.prompt
        return f"Waiting for {who}: {deciding}" if deciding else f"Waiting for {who}."

    def _needs_hand_off(self) -> bool:
        return False  # each person sees only their own seats

    def _needs_banner(self, first: bool) -> bool:
        return False

    def _warm_up(self) -> None:
        pass  # the computer thinks on the server

    def autosave(self, quiet: bool = False) -> bool:
        """The server keeps the game after every action: nothing to save here."""
        if not quiet:
            self.notify("Online games are kept by the server after every action; quitting "
                        "leaves this one there (muster online comes back to it).")
        return True

    # -- acting ----------------------------------------------------------------------------

    def take(self, choice: Any) -> None:
        """Send one action for your seat; the reply (or a push) redraws."""
        game = self.match
        if game.pending:
            self.notify("Your last action is still on its way to the server.",
                        severity="warning")
            return
        if self.role not in self.mine or self.computer_turn:
            self.notify(self._waiting_text(self.view), severity="warning")
            return
        try:
            game.act(self.role, choice.action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        self.refresh_view()
        if self.focused is not None and self.focused.id == "filter":
            self.query_one(MapPane).focus()

    def action_undo(self) -> None:
        """Ask the server to take back your last action (it refuses when another player has
        been shown it, or dice, a draw or a reveal came after it)."""
        seat = self.role if self.role in self.mine else self._shown_role(False)
        try:
            self.match.undo(seat)
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")
            return
        self.refresh_view()

    def action_switch_role(self) -> None:
        yours = [role for role in self.match.active if role in self.mine]
        if len(yours) < 2:
            self.notify("Only one of your seats can act now." if yours
                        else "None of your seats can act now.")
            return
        self.app.push_screen(PickDialog("Act as which of your seats?", yours, yours),
                             self._as_role)

    def action_hint(self) -> None:
        self.notify("No hints online: the server keeps the game's state.", severity="warning")

    def action_history(self) -> None:
        self.notify("The history of an online game opens once it has ended: download it "
                    f"then (muster online download {self.match.game_id}).",
                    severity="warning")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hint", "skip"):
            return False
        return super().check_action(action, parameters)

    # -- the server's news -----------------------------------------------------------------

    @on(Changed)
    def _changed(self, event: Changed) -> None:
        change = event.change
        if change.kind == "lost":
            self.notify(change.message, severity="error", timeout=30)
            self.refresh_view(switched=True)
            return
        if change.kind == "refused":
            self.notify(change.message, severity="error", timeout=10)
        self.refresh_view()
        if change.kind == "undone":
            self.notify("Undone.")
        if change.kind == "update" and change.by is not None:
            self._show_news(change)

    def _show_news(self, change: Any) -> None:
        """Another player's move (or undo): said under the prompt, the cursor on its place."""
        who = f"{change.by} ({self.match.player_of(change.by)})"
        lines = [line for line in change.lines if line.strip()]
        if change.undone:
            self._say(f"{who} took back an action", detail=" · ".join(lines))
        else:
            # the first line says who played, the second the log's new lines; a choice that
            # logs nothing (a card chosen, not yet played) is not shown
            self._say(f"{who} played", detail=" · ".join(lines) if lines
                      else "(nothing of it is shown to you yet)")
        if self._finder is None:
            self._finder = PlaceFinder(self.canvas.places)
        for line in lines:
            loc = self._finder.first(line, self.view.board if self.view else None)
            if loc in self.canvas.places:
                self.query_one(MapPane).move_to(loc)
                break
