"""The small panes of the game screen: turn bar, location info, tracks, hand, log, and the
focus panel (what is being resolved: a battle)."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from tui.mapcanvas import MapCanvas
from tui.markedlist import MarkedOptionList


def title_case(key: str) -> str:
    text = str(key).replace("_", " ")
    return text[:1].upper() + text[1:]


# before the title of the pane that holds the focus: tab shows where it went without colour
FOCUS_MARK = "▶ "


def set_title(pane: Any, title: str) -> None:
    """Give a pane its border title (kept in `pane_title`), marked if it holds the focus."""
    pane.pane_title = title
    mark_focus(pane)


def mark_focus(pane: Any) -> None:
    """`▶ Title` while the focus is in the pane (or one of its children), `Title` otherwise."""
    title = getattr(pane, "pane_title", None)
    if title is not None:
        pane.border_title = f"{FOCUS_MARK}{title}" if pane.has_focus_within else title


class TurnBar(Static):
    """Whose turn it is, in reverse video (hard to miss, not colour alone), then as many of
    the tracks as fit on the line."""

    def show(self, active: list[str], role: str | None, result: str | None,
             style: str = "", tracks: dict[str, Any] | None = None,
             computer: bool = False) -> None:
        """`computer`: the computer plays `role` (said in words: "(COMPUTER)")."""
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if result:
            text.append(" GAME OVER ", style="bold reverse")
            text.append(f" {result}", style="bold")
        elif role:
            who = f"{role.upper()} (COMPUTER)" if computer else role.upper()
            text.append(f" ▶ {who} TO ACT ", style=f"bold {style or 'reverse'}")
            others = [r for r in active if r != role]
            if others:
                text.append(f" also active: {', '.join(others)} (r switches)", style="bold")
        else:
            text.append(" waiting… ", style="reverse")
        for key, value in (tracks or {}).items():
            text.append("  ·  " if key == next(iter(tracks)) else " · ", style="dim")
            text.append(f"{title_case(key)} ", style="dim")
            text.append(str(value))
        self.update(text)


class TrackPane(Static):
    """Every track of the view: turn, phase, victory points, pools..."""

    def show(self, tracks: dict[str, Any], hand_sizes: dict[str, int]) -> None:
        rows = [(title_case(key), str(value)) for key, value in tracks.items()]
        rows += [(f"{side} cards", str(count)) for side, count in hand_sizes.items()]
        text = Text()
        for key, value in rows:
            if text:
                text.append("\n")
            text.append(f"{key}: ", style="bold")
            text.append(value)
        self.update(text or Text("(no tracks)", style="dim"))


class HandPane(Vertical):
    """The acting role's cards (or, without cards, the off-map boxes), with full card text."""

    def compose(self) -> ComposeResult:
        yield MarkedOptionList(id="cards", compact=True)
        yield Static(id="card-text")

    def on_mount(self) -> None:
        self._texts: list[Text] = []

    def show(self, view: Any, canvas: MapCanvas | None) -> None:
        cards = self.query_one("#cards", OptionList)
        highlighted = cards.highlighted
        options: list[Option] = []
        self._texts = []
        if view.hand is not None:
            set_title(self, f"Hand ({len(view.hand)})")
            for card in view.hand:
                value = "" if card.value is None else f" [{card.value}]"
                options.append(Option(f"{card.name}{value}"))
                body = Text()
                body.append(f"{card.name}", style="bold")
                if card.value is not None:
                    body.append(f"  value {card.value}")
                if card.tags:
                    body.append(f"  ({', '.join(card.tags)})", style="italic")
                body.append(f"\n{card.text}")
                self._texts.append(body)
            if not view.hand:
                options.append(Option(Text("(no cards)", style="dim"), disabled=True))
                self._texts.append(Text(""))
        else:
            set_title(self, "Off-map")
            for name, tokens in view.boxes.items():
                counts = Counter((t.side, t.label) for t in tokens)
                options.append(Option(f"{title_case(name)} ({len(tokens)})"))
                body = Text()
                body.append(f"{title_case(name)}", style="bold")
                body.append(f": {len(tokens)} piece{'s' if len(tokens) != 1 else ''}")
                for (side, label), n in counts.items():
                    body.append(f"\n {side} {label}" + (f" ×{n}" if n > 1 else ""))
                self._texts.append(body)
            if not view.boxes:
                options.append(Option(Text("(nothing off the map)", style="dim"),
                                      disabled=True))
                self._texts.append(Text(""))
        cards.set_options(options)
        if options:
            index = highlighted if highlighted is not None and highlighted < len(options) else 0
            if not options[index].disabled:
                cards.highlighted = index
        self._show_text(cards.highlighted)

    def _show_text(self, index: int | None) -> None:
        text = self._texts[index] if index is not None and index < len(self._texts) else Text()
        self.query_one("#card-text", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_text(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a card: its whole text in a dialog (the pane may be too small for it)."""
        event.stop()
        self._show_text(event.option_index)
        if event.option_index < len(self._texts) and self._texts[event.option_index]:
            from tui.screens.dialogs import TextDialog

            body = self._texts[event.option_index]
            self.app.push_screen(TextDialog(body.plain.split("\n", 1)[0], body))


class LogPane(RichLog):
    """The game log, newest last. Only new lines are written; an undo rewrites it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, min_width=10,
                         **kwargs)
        self._shown: list[str] = []

    def show(self, log: list[str]) -> None:
        if log[: len(self._shown)] == self._shown:
            new = log[len(self._shown):]
        else:
            self.clear()
            new = list(log)
        for line in new:
            self.write(Text(line))
        self._shown = list(log)

    def on_resize(self, event: Any) -> None:
        # lines are wrapped when written: rewrap them all when the width changes
        width = event.size.width
        if width != getattr(self, "_width", None):
            self._width = width
            shown, self._shown = self._shown, []
            self.clear()
            self.call_after_refresh(self.show, shown)


def location_info(canvas: MapCanvas, board: Any, view: Any, loc: str | None,
                  here: list[Any] | None = None) -> Text:
    """Everything about one location: name, owner, board facts, pieces, lines, actions."""
    text = Text()
    if loc is None or loc not in canvas.places:
        return Text("(no location)", style="dim")
    place = canvas.places[loc]
    text.append(f"{place.name}", style="bold")
    text.append(f" [{place.abbr}]")
    owner = view.control.get(loc)
    text.append(f" · {'held by ' + owner if owner else 'no owner'}")
    try:
        facts = list(board.info(loc))
    except Exception:
        facts = []
    if facts:
        text.append(" · " + ", ".join(facts))
    tokens = view.board.get(loc, [])
    if tokens:
        text.append("\nPieces: ", style="bold")
        parts = []
        for token in tokens:
            bits = [token.kind] if token.kind.lower() not in token.label.lower() else []
            if token.strength is not None:
                bits.append(f"strength {token.strength}")
            bits.extend(token.flags)
            name = token.label if token.side.lower() in token.label.lower() \
                else f"{token.side} {token.label}"
            parts.append(f"{name} ({', '.join(bits)})" if bits else name)
        text.append("; ".join(parts))
    else:
        text.append("\nPieces: none", style="dim")
    try:
        links = list(board.adjacent(loc))
    except Exception:
        links = []
    if links:
        text.append("\nLines: ", style="bold")
        names = []
        for other, link in links:
            other_place = canvas.places.get(other)
            names.append(f"{link.kind} to {other_place.name if other_place else other}")
        text.append(", ".join(names))
    if here:
        text.append("\nHere: ", style="bold")
        text.append(" | ".join(choice.label for choice in here))
    return text


NEED = re.compile(r"hits on \d+ or less|needs? \d+( or less| or more)?")


def focus_renderable(panel: Any, canvas: MapCanvas | None = None) -> Group:
    """`View.focus` laid out: the title; the rows grouped by their first cell (a battle: one
    column per side, each piece with type, strength and marks); then every note on its own
    line, what a die needs in bold. The core writes every word; this only arranges them."""
    parts: list[Any] = [Text(f" {panel.title} ", style="bold reverse")]
    groups: dict[str, list[list[str]]] = {}
    for row in panel.rows:
        cells = [str(c) for c in row]
        groups.setdefault(cells[0] if len(cells) > 1 else "", []).append(
            cells[1:] if len(cells) > 1 else cells)

    def side_style(name: str) -> str:
        for side, colour in (canvas.colours.items() if canvas is not None else ()):
            if name.split(" ")[0] == side:
                return f"bold {colour}"
        return "bold"

    cells: list[Text] = []
    for name, rows in groups.items():
        text = Text()
        if name:
            text.append(name, style=side_style(name) + " underline")
        for row in rows:
            if text:
                text.append("\n")
            shown = [c for c in row if c]
            text.append(shown[0] if shown else "", style="bold")
            for cell in shown[1:]:
                text.append(f"  {cell}")
        cells.append(text)
    if cells:
        if 2 <= len(cells) <= 3:
            table = Table.grid(expand=True, padding=(0, 2))
            for _ in cells:
                table.add_column(ratio=1)
            table.add_row(*cells)
            parts.append(table)
        else:
            parts.extend(cells)
    for note in panel.notes:
        text = Text(str(note))
        text.highlight_regex(NEED, "bold")
        parts.append(text)
    return Group(*parts)


class FocusPanel(VerticalScroll, can_focus=True):
    """`View.focus` in full while it is set (shown by the game screen's `-battle` class);
    scrolls when it does not fit."""

    def compose(self) -> ComposeResult:
        yield Static(id="focus-text")

    def show(self, panel: Any, canvas: MapCanvas | None = None) -> None:
        if panel is None:
            self.query_one("#focus-text", Static).update("")
            return
        self.query_one("#focus-text", Static).update(focus_renderable(panel, canvas))
