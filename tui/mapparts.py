"""The drawing pieces both map canvases share (the point-to-point `tui/mapcanvas.py` and the
hex `tui/hexcanvas.py`): the target and focus marks, the styles of the marks, the cursor and
the jump labels, the jump labels themselves, and each side's code and colour (`SideLook`).

The floors: this module; above it the two canvases (and the overview); the map pane
(`tui/mappane.py`) on top, the only one that is a widget. Nothing here imports a canvas.
"""
from __future__ import annotations

from typing import Iterable

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

TARGET_MARK = "*"
FOCUS_MARK = "!"   # what the focus panel resolves (View.focus.where) is here

MARK_STYLE = Style(color="bright_yellow", bold=True)
CURSOR_STYLE = Style(reverse=True, bold=True)
HINT_STYLE = Style(color="black", bgcolor="bright_yellow", bold=True)
FOCUS_STYLE = Style(color="bright_red", bold=True, reverse=True)

# the hex canvas's style keys (tui/hexcanvas.py DEFAULT_STYLES has one style each); here so the
# map pane can name its component classes `hexmap--<key>` without importing the hex canvas
HEX_STYLE_KEYS = ("clear", "hill", "woods", "wooded_hill", "rough_hill", "town", "farm",
                  "orchard", "ploughed", "entrenchments", "terrain", "stream", "road", "side",
                  "vp", "name", "edge", "target", "sight", "mark", "hint", "focus", "cursor")

SIDE_COLOURS = ["bright_blue", "bright_red", "bright_green", "bright_magenta", "bright_yellow",
                "bright_cyan"]

# home row first, so the commonest labels are the easiest to type
HINT_ALPHABET = "asdfghjklqwertyuiopzxcvbnm"


def hint_labels(count: int) -> list[str]:
    """`count` prefix-free labels: single letters when they suffice, else two letters each."""
    letters = HINT_ALPHABET
    if count <= len(letters):
        return list(letters[:count])
    labels = [a + b for a in letters for b in letters]
    if count > len(labels):
        raise ValueError("too many targets to label")
    return labels[:count]


def side_codes(sides: Iterable[str], given: dict[str, str] | None = None) -> dict[str, str]:
    """A short unique code per side: its initial, or more letters when initials clash.
    `given`: codes a board chooses itself (`board_display(board, "SIDE_CODES")`)."""
    sides = list(sides)
    chosen = {side: code for side, code in (given or {}).items() if side in sides and code}
    codes: dict[str, str] = {}
    used: set[str] = set(chosen.values())
    for side in sides:
        if side in codes or not side:
            continue
        if side in chosen:
            codes[side] = chosen[side]
            continue
        word = "".join(ch for ch in side if ch.isalnum()) or "?"
        for length in range(1, len(word) + 1):
            code = word[:length].capitalize()
            if code not in used:
                break
        else:  # pragma: no cover - identical names
            code = f"{word[:1].upper()}{len(used)}"
        codes[side] = code
        used.add(code)
    return codes


class SideLook:
    """Each side's letter code and colour on a canvas (map or hexes): the board's own where it
    gives them (`SIDE_CODES`, `SIDE_COLOURS`), else assigned in order as sides appear."""

    codes: dict[str, str]
    colours: dict[str, str]
    # no colours at all (NO_COLOR): a side's letters in the text's own colour, bold; the
    # monochrome filter would turn blue and red into greys near the background's
    plain: bool = False

    def _init_sides(self, sides: list[str], codes: dict[str, str] | None = None,
                    colours: dict[str, str] | None = None) -> None:
        self.codes = side_codes(sides, codes)
        self.colours = {side: colour for side, colour in (colours or {}).items()
                        if side in sides}
        for side in self.codes:
            self._colour(side)

    def _colour(self, side: str) -> str:
        if side not in self.colours:
            self.colours[side] = SIDE_COLOURS[len(self.colours) % len(SIDE_COLOURS)]
        return self.colours[side]

    def code(self, side: str) -> str:
        if side not in self.codes:
            self.codes = side_codes([*self.codes, side])
        return self.codes[side]

    def side_style(self, side: str, dim: bool = False) -> Style:
        """A side's letters: its colour, bold (`dim`: an activated unit, not bold)."""
        if self.plain:
            return Style(dim=True) if dim else Style(bold=True)
        return Style(color=self._colour(side), dim=True) if dim else \
            Style(color=self._colour(side), bold=True)


def cells_strip(cells: list[tuple[str, Style | None]], width: int) -> Strip:
    """A row of (character, style) cells as a Strip, equal styles in one segment."""
    segments: list[Segment] = []
    run_text, run_style = "", None
    for ch, style in cells:
        if style is run_style or style == run_style:
            run_text += ch
        else:
            if run_text:
                segments.append(Segment(run_text, run_style))
            run_text, run_style = ch, style
    if run_text:
        segments.append(Segment(run_text, run_style))
    return Strip(segments, width)
