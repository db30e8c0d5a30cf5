"""An OptionList whose highlighted option is marked by a character, not by colour alone.

Textual marks the highlighted option only by its background (and bold while the list has
focus). Under `NO_COLOR` (Textual's monochrome filter turns every colour into a grey) or for
a colour-blind player that is a difference of shade. This list draws a two-cell gutter before
every option: `▶` on the highlighted one while the list has focus, `▷` while it has not
(Enter elsewhere would not take it), blank on the others. The gutter is Textual's own hook
(`_get_left_gutter_width`, as `SelectionList` uses for its check boxes).
"""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widgets import OptionList

MARK = "▶ "  # the highlighted option of the focused list
MARK_BLURRED = "▷ "  # the highlighted option of a list without the focus
GUTTER = 2


class MarkedOptionList(OptionList):
    """OptionList with `▶` before the highlighted option (see the module's docstring)."""

    def _get_left_gutter_width(self) -> int:
        return GUTTER

    def marker(self, index: int) -> str:
        """The gutter of option `index`'s first line."""
        if index != self.highlighted or self.get_option_at_index(index).disabled:
            return " " * GUTTER
        return MARK if self.has_focus else MARK_BLURRED

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:
            return strip  # a blank line, already the full width
        style = next(iter(strip), Segment("", self.rich_style)).style or Style()
        gutter = self.marker(index) if offset == 0 else " " * GUTTER
        if gutter.strip():
            style = style + Style(bold=True)
        return Strip([Segment(gutter, style), *strip], strip.cell_length + GUTTER)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
