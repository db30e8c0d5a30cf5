"""The baseline for bench.startup: the smallest Textual app, launched like Muster."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static


class BareApp(App):
    def compose(self) -> ComposeResult:
        yield Static("BARE APP READY")


if __name__ == "__main__":
    BareApp().run()
