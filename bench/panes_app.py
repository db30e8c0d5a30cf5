"""A second baseline for bench.startup: a Textual app with the same kinds of widgets as
Muster's game screen (header, footer, a scrolling canvas, an option list, an input, a log,
statics) and no game at all. It separates Textual's own cost of a four-pane screen from ours."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static


class PanesApp(App):
    BINDINGS = [("q", "quit", "Quit"), ("u", "quit", "Undo"), ("m", "quit", "Map")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("PANES APP READY")
        with Horizontal():
            yield VerticalScroll(Static("map\n" * 60))
            with Vertical():
                yield Static("tracks")
                yield Static("hand")
        yield Static("info")
        with Horizontal():
            with Vertical():
                yield Static("prompt")
                yield Input(placeholder="filter")
                yield OptionList(*[f"action {n}" for n in range(12)])
            log = RichLog()
            yield log
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(RichLog).write("log line\n" * 40)


if __name__ == "__main__":
    PanesApp().run()
