"""The title screen: Continue / New game / Load / Online / Quit, one key each."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui import session

BANNER = r"""
 __  __ _   _ ____ _____ _____ ____
|  \/  | | | / ___|_   _| ____|  _ \
| |\/| | | | \___ \ | | |  _| | |_) |
| |  | | |_| |___) || | | |___|  _ <
|_|  |_|\___/|____/ |_| |_____|_| \_\
"""

MENU = [("continue", "c", "Continue"), ("new", "n", "New game"), ("load", "l", "Load"),
        ("online", "o", "Online"), ("quit", "q", "Quit")]


class TitleScreen(Screen):
    CSS_PATH = "title.tcss"  # parsed when the screen is first shown, not at start-up
    BINDINGS = [
        Binding("c", "app.continue_game", "Continue"),
        Binding("n", "app.new_game", "New game"),
        Binding("l", "app.load_game", "Load"),
        Binding("o", "app.online", "Online"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__(id="title")

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(Text(BANNER.strip("\n"), style="bold"), id="banner")
            yield Static("Complete board wargames in a terminal", id="tagline")
            yield OptionList(
                *[Option(Text.assemble((key, "bold underline"), f"  {label}"), id=ident)
                  for ident, key, label in MENU],
                id="title-menu", markup=False)
            yield Static(id="latest")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Muster"
        self.query_one("#title-menu").focus()
        self.show_latest()

    def on_screen_resume(self) -> None:
        self.show_latest()

    def show_latest(self) -> None:
        """Say what Continue would open (the most recent readable save)."""
        text = Text()
        try:
            listed = session.listing()
        except Exception as exc:
            listed = []
            text.append(f"Saves cannot be listed: {exc}", style="bold")
        infos = [info for info in listed if info.error is None]
        if infos:
            text.append("Continue: ", style="bold")
            text.append(infos[0].summary or infos[0].path.name)
        elif not text and not listed:
            text.append("No saved game yet: n starts one.", style="dim")
        if listed and listed[0].error is not None:
            # Continue skips it: say so here too, not only once Continue is chosen
            if text:
                text.append("\n")
            text.append("DAMAGED", style="bold reverse")
            text.append(f" the newest save, {listed[0].path.name}, cannot be read "
                        f"(l shows why)")
        self.query_one("#latest", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        action = {"continue": self.app.action_continue_game, "new": self.app.action_new_game,
                  "load": self.app.action_load_game, "online": self.app.action_online,
                  "quit": self.app.exit}
        action[event.option.id]()
