"""The load screen: every save, newest first. Damaged ones show their one-sentence error and
cannot be picked; the others load with Enter."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tui import session


def when(info: Any) -> str:
    try:
        return info.updated.astimezone().strftime("%Y-%m-%d %H:%M")
    except Exception:
        return "?"


class LoadScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("q", "back", "Back", show=False)]

    def __init__(self) -> None:
        super().__init__(id="load")
        self.infos: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="load-where")
        yield OptionList(id="saves", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Muster"
        self.sub_title = "Load a game"
        self.fill()

    def fill(self) -> None:
        saves = self.query_one("#saves", OptionList)
        try:
            self.infos = session.listing()
            where = f"Saves in {session.saves_dir()}  ·  Enter loads  ·  Esc goes back"
        except Exception as exc:
            self.infos = []
            where = f"Saves cannot be listed: {exc}"
        self.query_one("#load-where", Static).update(Text(where, style="dim"))
        options = []
        for info in self.infos:
            text = Text()
            if info.error is None:
                text.append(f"{when(info)}  ", style="bold")
                text.append(info.summary or "")
                text.append(f"\n    {info.path.name}", style="dim")
                options.append(Option(text))
            else:
                text.append("DAMAGED  ", style="bold reverse")
                if info.path.name not in info.error:  # the sentence usually names the file
                    text.append(f" {info.path.name}")
                text.append(f" {info.error}")
                options.append(Option(text, disabled=True))
        if not options:
            options.append(Option(Text("No saved games yet.", style="dim"), disabled=True))
        saves.set_options(options)
        first = next((i for i, info in enumerate(self.infos) if info.error is None), None)
        saves.highlighted = first
        saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        info = self.infos[event.option_index]
        if info.error is not None:
            return
        self.app.open_save(info.path, replace=self)

    def action_back(self) -> None:
        self.app.pop_screen()
