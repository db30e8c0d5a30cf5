"""Small modal dialogs: pick one of several choices, read a long text, game over, and the
screens between two players' turns (the hand-off screen, the turn banner)."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual._time import get_time  # the clock of `Message.time` (monotonic, or perf_counter)
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui.markedlist import MarkedOptionList


class OnceModal(ModalScreen):
    """A modal screen that is dismissed once. Textual's `dismiss` pops whatever screen is on
    top, so two keys in one burst ("1 1", Enter Enter) each dismissing the screen popped the
    game screen under it too and left a blank screen (issue 17, bug 1). Here a second dismiss,
    or one while another screen is on top, does nothing."""

    # The styles of every dialog below and of the help screen (tui/screens/dialogs.tcss): read
    # when the first one opens, so the game screen's first frame neither parses them nor
    # matches its widgets against them.
    CSS_PATH = "dialogs.tcss"

    _dismissed = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._dismissed or self.app.screen is not self:
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)


class PickDialog(OnceModal):
    """A numbered list of items; dismisses with the picked item, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")] + [
        Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)]

    def __init__(self, title: str, items: list[Any], labels: list[str]) -> None:
        super().__init__(classes="dialog")
        self.heading = title
        self.items = items
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Text(self.heading, style="bold"), classes="dialog-title")
            yield MarkedOptionList(*[Option(Text(f"{i}  {label}")) for i, label in
                                     enumerate(self.labels, 1)], id="pick", markup=False)
            yield Static(Text("1-9 or arrows + Enter · Esc cancels", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#pick", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.items[event.option_index])

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.items):
            self.dismiss(self.items[number - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(OnceModal):
    """A yes / no question; dismisses with True (y or Enter) or False (n or Esc)."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"),
                Binding("n,escape", "answer(False)", "No")]

    def __init__(self, title: str, body: Text | str, yes: str = "yes", no: str = "no") -> None:
        super().__init__(classes="dialog confirm")
        self.heading = title
        self.body = body
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Text(self.heading, style="bold"), classes="dialog-title")
            yield Static(self.body, id="confirm-body")
            yield Static(Text(f"y / Enter: {self.yes} · n / Esc: {self.no}", style="dim"))
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TextDialog(OnceModal):
    """A long text (location details, results); any of Esc, Enter, q or i closes it."""

    BINDINGS = [Binding("escape,enter,q,i,space", "close", "Close")]

    def __init__(self, title: str, body: Text | str) -> None:
        super().__init__(classes="dialog")
        self.heading = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Text(self.heading, style="bold"), classes="dialog-title")
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body)
            yield Static(Text("Esc / Enter closes", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverDialog(TextDialog):
    """The result, once, when the game ends. The board stays viewable underneath."""

    def __init__(self, result: str) -> None:
        body = Text()
        body.append(result, style="bold")
        body.append("\n\nThe game is over. The board, hand, tracks and log stay viewable; "
                    "q quits (the game is saved).")
        super().__init__("GAME OVER", body)


class HandoffScreen(OnceModal):
    """Hides everything until the next player has the keyboard (hidden-information games)."""

    def __init__(self, role: str, player: str | None = None, grace: bool = False) -> None:
        super().__init__(id="handoff")
        self.role = role
        self.player = player or role
        # after a change of player (not when a game opens), keys typed ahead are dropped:
        # those typed before the screen is on the terminal, and GRACE seconds after that
        self.grace = TurnBanner.GRACE if grace else 0.0
        self.ignore_until = get_time() + self.grace

    def on_mount(self) -> None:
        if self.grace:
            self.call_after_refresh(self._shown)

    def _shown(self) -> None:
        self.ignore_until = get_time() + self.grace

    @property
    def who(self) -> str:
        """"Alice (Union)"; just "Union" when the player goes by the role's own name."""
        return self.role if self.player == self.role else f"{self.player} ({self.role})"

    def compose(self) -> ComposeResult:
        with Vertical(classes="handoff-box"):
            yield Static(Text(f"Pass the keyboard to {self.player}.", style="bold"),
                         id="handoff-title")
            yield Static(f"{self.who}: press any key when the other players cannot see "
                         "the screen.", id="handoff-text")

    async def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if event.time >= self.ignore_until:
            self.dismiss(self.role)

    def on_click(self, event: events.Click) -> None:
        if event.time >= self.ignore_until:
            self.dismiss(self.role)


class TurnBanner(OnceModal):
    """"Confederate player's turn — press Enter": when the player to act changes in a game
    without hidden information (the board stays visible behind it).

    Keys typed ahead never reach the next player's turn: every key is swallowed here, only
    Enter lifts the banner, and only when it was typed at least GRACE seconds after the
    banner was drawn (keys typed before the change, or in a burst right after it, are
    dropped).
    """

    GRACE = 0.3  # seconds

    def __init__(self, role: str, player: str | None = None, before: str = "") -> None:
        super().__init__(id="banner-screen", classes="banner")
        self.role = role
        self.player = player or role
        self.before = before  # who had the keyboard ("Union"), for the text
        self.opened = get_time()
        self.ignore_until = self.opened + self.GRACE  # moved on once the banner is drawn

    def on_mount(self) -> None:
        self.call_after_refresh(self._shown)

    def _shown(self) -> None:
        self.ignore_until = get_time() + self.GRACE

    @property
    def heading(self) -> str:
        if self.player == self.role:
            return f"{self.role} player's turn"
        return f"{self.player}'s turn ({self.role})"

    def compose(self) -> ComposeResult:
        with Vertical(classes="banner-box"):
            yield Static(Text(f"▶ {self.heading.upper()}", style="bold reverse"),
                         id="banner-title")
            lines = Text()
            if self.before:
                lines.append(f"The keyboard passes from {self.before} to {self.player}.\n")
            lines.append(f"{self.player}: press Enter to play.", style="bold")
            yield Static(lines, id="banner-text")
            yield Static(Text("Keys typed before this banner are ignored.", style="dim"),
                         id="banner-note")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if event.key == "enter" and event.time >= self.ignore_until:
            self.dismiss(self.role)

    def on_click(self, event: events.Click) -> None:
        if event.time >= self.ignore_until:
            self.dismiss(self.role)
