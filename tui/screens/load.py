"""The load screen: every save, newest first. Damaged ones show their one-sentence error and
do not load; the others load with Enter. `d` (or Delete) deletes the highlighted save, damaged
or not, after a yes / no question."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tui import session
from tui.screens.dialogs import ConfirmDialog

when = session.when


class LoadScreen(Screen):
    CSS_PATH = "load.tcss"  # parsed when the screen is first shown, not at start-up
    BINDINGS = [Binding("escape", "back", "Back"), Binding("q", "back", "Back", show=False),
                Binding("d,delete", "delete", "Delete")]

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

    def fill(self, highlight: int | None = None) -> None:
        """List the saves again; highlight `highlight` (clamped), else the first that loads."""
        saves = self.query_one("#saves", OptionList)
        try:
            self.infos = session.listing()
            where = (f"Saves in {session.saves_dir()}  ·  Enter loads  ·  d deletes  ·  "
                     "Esc goes back")
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
            else:
                # highlightable (so it can be deleted), but Enter does not load it
                text.append("DAMAGED", style="bold reverse")
                text.append(f"  {when(info)} ", style="bold")
                if info.path.name not in info.error:  # the sentence usually names the file
                    text.append(f" {info.path.name}")
                text.append(f" {info.error}")
            options.append(Option(text))
        if not options:
            options.append(Option(Text("No saved games yet.", style="dim"), disabled=True))
        saves.set_options(options)
        if not self.infos:
            saves.highlighted = None
        elif highlight is not None:
            saves.highlighted = max(0, min(highlight, len(self.infos) - 1))
        else:
            first = next((i for i, info in enumerate(self.infos) if info.error is None), 0)
            saves.highlighted = first
        saves.focus()

    @property
    def current(self) -> Any:
        """The SaveInfo under the highlight, or None."""
        index = self.query_one("#saves", OptionList).highlighted
        if index is None or not 0 <= index < len(self.infos):
            return None
        return self.infos[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not 0 <= event.option_index < len(self.infos):
            return
        info = self.infos[event.option_index]
        if info.error is not None:
            self.app.notify(f"{info.error} It cannot be loaded; d deletes it.",
                            severity="error", timeout=10)
            return
        self.app.open_save(info.path, replace=self)

    def action_delete(self) -> None:
        info = self.current
        if info is None:
            return
        index = self.query_one("#saves", OptionList).highlighted
        body = Text()
        body.append(info.path.name, style="bold")
        body.append("\n")
        body.append(info.summary if info.error is None else info.error or "")
        body.append(f"\nLast saved {when(info)}. Only this file is deleted; it cannot be "
                    "undone.")
        playing = getattr(getattr(self.app, "match", None), "save_path", None)
        if playing is not None and _same(playing, info.path):
            body.append("\nThis is the game in progress: its next save writes it again.",
                        style="bold")

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                session.delete(info.path)
            except OSError as exc:
                self.app.notify(f"{info.path.name} could not be deleted: "
                                f"{exc.strerror or exc}.", severity="error", timeout=10)
            else:
                self.app.notify(f"Deleted {info.path.name}.")
            self.fill(highlight=index)

        self.app.push_screen(ConfirmDialog("Delete this save?", body, yes="delete",
                                           no="keep it"), answered)

    def action_back(self) -> None:
        self.app.pop_screen()


def _same(a: Any, b: Any) -> bool:
    from pathlib import Path

    try:
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, TypeError):
        return False
