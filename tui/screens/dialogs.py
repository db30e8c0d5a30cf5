"""Small modal dialogs: pick one of several choices, read a long text, game over."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class PickDialog(ModalScreen):
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
            yield OptionList(*[Option(Text(f"{i}  {label}")) for i, label in
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


class TextDialog(ModalScreen):
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


class HandoffScreen(ModalScreen):
    """Hides everything until the next player has the keyboard (hidden-information games)."""

    def __init__(self, role: str, player: str | None = None) -> None:
        super().__init__(id="handoff")
        self.role = role
        self.player = player or role

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
        self.dismiss(self.role)

    def on_click(self, event: events.Click) -> None:
        self.dismiss(self.role)
