"""Text that says when it is cut: `Fitted` wraps a Rich Text to the width it is given and, when
it gets fewer rows than it needs, ends its last row with "…".

Used for the prompt and the info line of the game screen. Their CSS `max-height` is the one
limit: Textual measures a renderable's height without a height (all its rows), the widget is
clamped by `max-height`, and the render then receives that height (`options.height`) and cuts
there. Raising `max-height` (the prompt while the action menu has the focus) shows it in full.
"""
from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.widget import Widget

ELLIPSIS = "…"


class Fitted:
    """`text` wrapped to the width, cut with "…" to the height when one is given."""

    def __init__(self, text: Text | str) -> None:
        self.text = text if isinstance(text, Text) else Text(text)

    def __str__(self) -> str:
        return self.text.plain

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield fit(self.text, console, options.max_width, options.height)


def fit(text: Text, console: Console, width: int, height: int | None) -> Text:
    """`text` wrapped at `width`; at most `height` rows (None: all), the last one ending in
    "…" when rows were left out."""
    width = max(width, 1)
    lines = text.wrap(console, width, overflow="fold")
    if height is not None and height > 0 and len(lines) > height:
        kept = list(lines[:height])
        last = kept[-1]
        last.rstrip()
        if last.cell_len > width - 1:
            last.truncate(width - 1)
        last.append(ELLIPSIS)
        kept[-1] = last
        lines = kept
    out = Text("\n").join(lines)  # ends with a newline: Textual counts them for the height
    out.no_wrap = True
    return out


def cut_line(text: str, width: int) -> str:
    """`text` in at most `width` cells on one line, "…" at the end if it was longer."""
    if len(text) <= width:
        return text
    return text[:max(width - 1, 0)] + ELLIPSIS if width > 0 else ""


def plain(renderable: Any) -> str:
    """The plain text of a Text, a Fitted or anything else (for tests and tooltips)."""
    if isinstance(renderable, Text):
        return renderable.plain
    return str(renderable)


class FitStatic(Widget):
    """A Static-like widget (`update(text)`) whose text is `Fitted`: wrapped, and cut with "…"
    to the rows its CSS gives it. `render()` returns the Fitted (its str is the plain text)."""

    DEFAULT_CSS = """
    FitStatic {
        height: auto;
    }
    """

    def __init__(self, text: Text | str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fitted = Fitted(text)

    def update(self, text: Text | str | Fitted) -> None:
        self._fitted = text if isinstance(text, Fitted) else Fitted(text)
        self.refresh(layout=True)

    def render(self) -> Fitted:
        return self._fitted
