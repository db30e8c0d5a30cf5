"""The small panes of the game screen: turn bar, location info, tracks, hand, log, and the
focus panel (what is being resolved: a battle)."""
from __future__ import annotations

import re
import textwrap
from bisect import bisect_right
from collections import Counter
from typing import Any

from rich.console import Group
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList, Static
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
    """Whose turn it is, in reverse video (hard to miss, not colour alone), then the view's
    pinned tracks, always all of them on the one line (shortened step by step until they fit,
    see `pinned_items`), then as many other tracks as fit. The full line is the tooltip."""

    _parts: tuple[Any, ...] | None = None  # what `show` was given last

    def show(self, active: list[str], role: str | None, result: str | None,
             style: str = "", tracks: dict[str, Any] | None = None,
             computer: bool = False, pinned: list[str] | None = None,
             codes: dict[str, str] | None = None, by: str = "") -> None:
        """`computer`: `role` is played by another than the person at the keyboard, `by`
        (said in words: "(COMPUTER)", "(BOB)"; the computer when `by` is empty); `pinned`:
        the keys of `tracks` that must stay on the line; `codes`: the sides' short codes
        (the map's), used when the line must be shortened."""
        self._parts = (list(active), role, result, style, dict(tracks or {}),
                       (by or "computer") if computer else "", list(pinned or []),
                       dict(codes or {}))
        full = self._line(10_000)
        self.tooltip = full.plain.strip()
        self.update(self._line(self.content_size.width or 10_000))

    def on_resize(self) -> None:
        if self._parts is not None:
            self.update(self._line(self.content_size.width or 10_000))

    def _line(self, width: int) -> Text:
        """The line for `width` cells: the least shortening that fits (see SHORTENINGS)."""
        active, role, result, style, tracks, _by, pinned, codes = self._parts
        shown = [key for key in pinned if key in tracks]
        items = [(k, str(tracks[k])) for k in shown]
        text = Text()
        for level, initials in shortenings(len(items)):
            text = self._head(level)
            for n, (key, value) in enumerate(pinned_items(items, level, role, codes, initials)):
                text.append(" · ", style="dim")
                if key:
                    text.append(f"{key} ", style="dim")
                text.append(value, style="bold")
            others = [r for r in active if r != role]
            if others and level > 0 and role and not result:
                text.append(" · +" + ",".join(codes.get(r, r[:1]).upper() for r in others)
                            + " (r)", style="bold")
            if text.cell_len <= width:
                break
        # then the other tracks, whole ones only when there are pinned ones (else cut: "…")
        for n, (key, value) in enumerate((k, v) for k, v in tracks.items() if k not in shown):
            piece = Text(" · ", style="dim")
            piece.append(f"{title_case(key)} ", style="dim")
            piece.append(str(value))
            if shown and text.cell_len + piece.cell_len > width:
                break
            text.append_text(piece)
        return text

    def _head(self, level: int) -> Text:
        """Who acts (or the result), "TO ACT" and the other active roles while there is room."""
        active, role, result, style, _tracks, by, _pinned, _codes = self._parts
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if result:
            text.append(" GAME OVER ", style="bold reverse")
            text.append(f" {result}", style="bold")
        elif role:
            tight = level > SHORTENINGS.index("by")
            who = f"{role.upper()} ({by.upper()})" if by and not tight else role.upper()
            act = "" if level > SHORTENINGS.index("who") else " TO ACT"
            lead = "" if tight else " "   # (the line's first cell, before initials)
            text.append(f"{lead}▶ {who}{act} ", style=f"bold {style or 'reverse'}")
            others = [r for r in active if r != role]
            if others and level == 0:
                text.append(f" also active: {', '.join(others)} (r switches)", style="bold")
        else:
            text.append(" waiting… ", style="reverse")
        return text


# how the pinned tracks are shortened when they do not fit, in this order (each step keeps
# the ones before): merge "<Side> X" tracks of every side into "X U34 C29"; drop the key of a
# one-word key whose value is words ("Date Jul 1861" -> "Jul 1861"); drop the acting side's
# name at the start of a value (it is in "▶ UNION"); drop "TO ACT"; sides in keys as codes;
# sides in values as codes; keys of several words to their first word ("Chits left 3" ->
# "Chits 3"), one more at a time, the longest first; then, only if that is still too long,
# to initials the same way ("Chits left" -> "CL": issue 17 found "CL 2" unreadable where a
# word fitted), after dropping who plays the acting side ("▶ AMERICAN (ALICE)" -> "▶ AMERICAN":
# the menu says "Waiting for American (alice)"), which cost an online game its words, and the
# line's leading blank ("Colonies A10" missed its word by that one cell at 80 columns)
SHORTENINGS = ["merge", "bare", "self", "who", "codes", "values", "words", "by", "initials"]
COUNTED = ("words", "initials")  # the steps taken one key at a time


def shortenings(count: int) -> list[tuple[int, int]]:
    """Every (level, keys) to try, least shortened first: `level` steps of SHORTENINGS,
    and at each counted step (COUNTED) 1, 2... `count` keys shortened by it."""
    out: list[tuple[int, int]] = []
    for level in range(len(SHORTENINGS) + 1):
        step = SHORTENINGS[level - 1] if level else ""
        if step in COUNTED:
            out += [(level, n) for n in range(1, max(count, 1) + 1)]
        else:
            out.append((level, count if level and SHORTENINGS.index(COUNTED[0]) < level else 0))
    return out


def pinned_items(items: list[tuple[str, str]], level: int, role: str | None,
                 codes: dict[str, str], initials: int = 0) -> list[tuple[str, str]]:
    """The pinned (key, value) pairs shortened by the first `level` steps of SHORTENINGS;
    at the "initials" step, the `initials` longest keys of several words only."""
    steps = set(SHORTENINGS[:level])
    sides = sorted(codes, key=len, reverse=True)

    def code(side: str) -> str:
        return codes.get(side, side[:1]).upper()

    def side_of(key: str) -> tuple[str, str] | None:
        for side in sides:
            if key.startswith(side + " "):
                return side, key[len(side) + 1:]
        return None

    # a one-word key whose value is words says nothing the value does not ("Date Jul 1861")
    bare = {key for key, value in items
            if " " not in key and re.search(r"[^\W\d_]", value)} if "bare" in steps else set()
    out = [("" if key in bare else key, value) for key, value in items]
    if "merge" in steps:
        merged: list[tuple[str, str]] = []
        groups: dict[str, int] = {}
        counts = Counter(rest for key, _ in items if (found := side_of(key))
                         for _side, rest in [found])
        for key, value in items:
            found = side_of(key)
            if found and counts[found[1]] > 1:
                side, rest = found
                if rest in groups:
                    old_key, old_value = merged[groups[rest]]
                    merged[groups[rest]] = (old_key, f"{old_value} {code(side)}{value}")
                else:
                    groups[rest] = len(merged)
                    merged.append((rest, f"{code(side)}{value}"))
            else:
                merged.append(("" if key in bare else key, value))
        out = merged
    if "self" in steps and role:  # "Union movement" -> "movement" ("▶ UNION" says whose)
        out = [(key, value[len(role) + 1:] if re.match(rf"{re.escape(role)} [a-z]", value)
                else value) for key, value in out]
    if "codes" in steps:
        out = [(f"{code(found[0])} {found[1]}" if (found := side_of(key)) else key, value)
               for key, value in out]
    if "values" in steps:
        for side in sides:
            out = [(key, re.sub(rf"\b{re.escape(side)}\b(?: (?=\d))?", code(side), value))
                   for key, value in out]
    if "words" in steps:
        by_length = sorted(range(len(out)), key=lambda i: -len(out[i][0]))
        to_initials = set(by_length[:initials]) if "initials" in steps else set()
        to_words = set(by_length) if "initials" in steps else set(by_length[:initials])
        short = [(_initials(key) if i in to_initials else
                  _first_word(key) if i in to_words else key, value)
                 for i, (key, value) in enumerate(out)]
        keys = [key for key, _ in short if key]
        if len(keys) != len(set(keys)):  # two keys of one first word: initials for them
            short = [(_initials(key) if i in to_words else key, value)
                     for i, (key, value) in enumerate(out)]
        out = short
    return out


def _first_word(key: str) -> str:
    """A key of several words as its first word ("Chits left" -> "Chits"); a side code in
    front stays with the word after it ("U victory cities" -> "U victory")."""
    words = key.split()
    if len(words) < 2:
        return key
    if len(words[0]) <= 2 and words[0].isupper():
        return " ".join(words[:2])
    return words[0]


def _initials(key: str) -> str:
    """A key of several words as its initials ("Marches left" -> "ML"; words in capitals
    and a side code stay whole: "U victory cities" -> "U VC")."""
    words = key.split()
    if len(words) < 2:
        return key
    head = [words.pop(0)] if len(words[0]) <= 2 and words[0].isupper() else []
    rest = "".join(w if w.isupper() else w[:1].upper() for w in words)
    return " ".join([*head, rest])


class TrackPane(Static):
    """Every track of the view: turn, phase, victory points, pools...; the pinned ones first
    (so option notes never push them out of sight)."""

    def show(self, tracks: dict[str, Any], hand_sizes: dict[str, int],
             pinned: list[str] | None = None) -> None:
        first = [key for key in (pinned or []) if key in tracks]
        keys = first + [key for key in tracks if key not in first]
        rows = [(title_case(key), str(tracks[key])) for key in keys]
        rows += [(f"{side} cards", str(count)) for side, count in hand_sizes.items()]
        text = Text()
        for key, value in rows:
            if text:
                text.append("\n")
            text.append(f"{key}: ", style="bold")
            text.append(value)
        self.update(text or Text("(no tracks)", style="dim"))


BADGE_WIDTH = 13  # a card's tags up to this long are its badges: "3 OPS", "British flag", "4 CP"
LEAD_BADGE_WIDTH = 5  # badges up to this long come before the name ("3 OPS", "4 CP", "+B"), the
# longer ones after it ("British flag", "gb national"): a narrow hand pane cuts the line's end


def _says(text: str, words: str) -> bool:
    """Whether `words` stand in `text` as whole words ("1 OPS" in "58 (1 OPS)")."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text) is not None


def card_line(card: Any) -> Text:
    """A card's one line in the hand: its number, its short badges (the OPS or CP value, the
    battle or response mark), its title, then its longer badges (flag, type), e.g.
    ` 18 Joseph Brant Leads an Iroquois Raid British flag`, `#97 4 CP B Damned Good Ground gb
    national`: what the name already says is not repeated, and where the pane is narrow the
    name still shows. A card without badges shows its value in brackets after the name."""
    name = card.name
    number, _, title = name.partition(" ")
    if not number.lstrip("#").isdigit():
        number, title = "", name
    badges = [tag for tag in card.tags if len(tag) <= BADGE_WIDTH and not _says(title, tag)]
    line = Text()
    if number:
        line.append(f"{number:>3} ", style="bold")
    for badge in badges:
        if len(badge) <= LEAD_BADGE_WIDTH:
            line.append(badge, style="italic")
            line.append(" ")
    line.append(title)
    for badge in badges:
        if len(badge) > LEAD_BADGE_WIDTH:
            line.append(" ")
            line.append(badge, style="italic")
    if not badges and card.value is not None and str(card.value) not in title:
        line.append(f" [{card.value}]")
    return line


def card_text(card: Any) -> Text:
    """A card's full text, shown when it is highlighted: its name, its value and tags where the
    name does not say them already ("58 (1 OPS)" is not followed by "value 1 (1 OPS)"), then
    the event or play text."""
    body = Text()
    body.append(f"{card.name}", style="bold")
    tags = [tag for tag in card.tags if not _says(card.name, tag)]
    if card.value is not None and not any(_says(text, str(card.value))
                                          for text in [card.name, *card.tags]):
        body.append(f"  value {card.value}")
    if tags:
        body.append(f"  ({', '.join(tags)})", style="italic")
    body.append(f"\n{card.text}")
    return body


class HandPane(Vertical):
    """The acting role's cards, then the other hands of the same player (one person holding
    two roles, e.g. Wellington's GB and Spain), the face-up piles (`View.piles`: the discard
    pile's top card, removed cards...) and what is off the map (`View.boxes`); without cards,
    only the off-map boxes. The highlighted entry's full text shows below (Enter: a dialog)."""

    def compose(self) -> ComposeResult:
        yield MarkedOptionList(id="cards", compact=True)
        yield Static(id="card-text")

    def on_mount(self) -> None:
        self._texts: list[Text] = []

    def show(self, view: Any, canvas: MapCanvas | None,
             more: list[tuple[str, list[Any]]] | None = None) -> None:
        """`more`: (role, hand) of the other roles the acting player holds."""
        cards = self.query_one("#cards", OptionList)
        highlighted = cards.highlighted
        self._options: list[Option] = []
        self._texts = []
        if view.hand is not None:
            set_title(self, f"Hand ({len(view.hand)})" if not more
                      else f"{view.role}'s hand ({len(view.hand)})")
            self._cards(view.hand)
            if not view.hand:
                self._entry(Text("(no cards)", style="dim"), Text(""), disabled=True)
            for role, hand in more or []:
                self._heading(f"{role}'s hand ({len(hand)})")
                self._cards(hand)
            for name, pile in (getattr(view, "piles", None) or {}).items():
                if pile:
                    self._heading(f"{name} ({len(pile)})")
                    self._cards(pile)
            if view.boxes:
                self._heading("off the map")
                self._boxes(view.boxes)
        else:
            set_title(self, "Off-map")
            self._boxes(view.boxes)
            if not view.boxes:
                self._entry(Text("(nothing off the map)", style="dim"), Text(""), disabled=True)
        cards.set_options(self._options)
        options = self._options
        if options:
            index = highlighted if highlighted is not None and highlighted < len(options) else 0
            if options[index].disabled:
                index = next((i for i, o in enumerate(options) if not o.disabled), index)
            if not options[index].disabled:
                cards.highlighted = index
        self._show_text(cards.highlighted)

    def _entry(self, label: Any, body: Text, disabled: bool = False) -> None:
        self._options.append(Option(label, disabled=disabled))
        self._texts.append(body)

    def _heading(self, title: str) -> None:
        self._entry(Text(f"─ {title} ─", style="bold dim"), Text(""), disabled=True)

    def _cards(self, hand: list[Any]) -> None:
        for card in hand:
            self._entry(card_line(card), card_text(card))

    def _boxes(self, boxes: dict[str, list[Any]]) -> None:
        for name, tokens in boxes.items():
            counts = Counter((t.side, t.label) for t in tokens)
            body = Text()
            body.append(f"{title_case(name)}", style="bold")
            body.append(f": {len(tokens)} piece{'s' if len(tokens) != 1 else ''}")
            for (side, label), n in counts.items():
                body.append(f"\n {side} {label}" + (f" ×{n}" if n > 1 else ""))
            self._entry(f"{title_case(name)} ({len(tokens)})", body)

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


class LogPane(ScrollView, can_focus=True):
    """The game log, newest last, wrapped, scrollable; a line can be chosen.

    While the pane has the focus, up / down move a cursor over the log's lines (the line under
    it in reverse video: not colour alone), pgup / pgdn / home / end too; Enter or a click
    chooses it: `LineChosen`, which the screens use to move the map cursor to the first place
    the line names (`PlaceFinder`). A Line API widget: each line is wrapped once at the pane's
    width (continuation rows indented one cell) and kept until the width changes, so a new
    action wraps only its new lines and an undo, or a step back in the history, drops lines
    from the end without touching the others. At most `MAX_LINES` (the newest) are kept.

    Search (like Toolong): `/` (or ctrl+f) in the pane, then type; every match is in bold
    underlined reverse video (not colour alone), the cursor goes to the newest line that
    matches, Enter ends the typing, `n` / `N` go to the next / previous match (down / up,
    wrapping), Esc clears the search. The pane's title says `Log /word 3/17`.
    """

    DEFAULT_CSS = """
    LogPane {
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;
    }
    """

    BINDINGS = [
        Binding("up", "cursor(-1)", "Previous line", show=False),
        Binding("down", "cursor(1)", "Next line", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "edge(-1)", "First line", show=False),
        Binding("end", "edge(1)", "Last line", show=False),
        Binding("enter", "choose", "Show on map", show=False),
    ]

    MAX_LINES = 2000
    SLACK = 500  # lines kept beyond MAX_LINES before the oldest are dropped (in one go)
    CURSOR_STYLE = Style(reverse=True, bold=True)
    FRESH_STYLE = Style(bold=True)
    MATCH_STYLE = Style(bold=True, underline=True, reverse=True)
    TITLE = "Log"

    class LineChosen(Message):
        """A log line was chosen (Enter or a click): `index` in the whole log."""

        def __init__(self, pane: "LogPane", line: str, index: int) -> None:
            super().__init__()
            self.pane = pane
            self.line = line
            self.index = index

        @property
        def control(self) -> "LogPane":
            return self.pane

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: list[str] = []   # the log lines shown (the log from `_first` on)
        self._first = 0                # index in the whole log of entries[0]
        self._rows: list[str] = []     # every entry wrapped at `_width`, one string a row
        self._starts: list[int] = []   # the first row of each entry
        self._width = 0                # the width the rows are wrapped at (0: not yet)
        self.cursor: int | None = None  # index in `entries` of the line under the cursor
        self.fresh: int | None = None   # lines from this index of the whole log on are bold
        self.query = ""                 # the search (case-insensitive; "" none)
        self.typing = False             # keys go into the search (after "/")

    # -- content -------------------------------------------------------------------------

    def show(self, log: list[str], fresh: int | None = None) -> None:
        """Show `log` (the whole log, newest last): only what changed is wrapped again.
        `fresh`: the lines from this index on are in bold (the history: what the action shown
        added to the log)."""
        if fresh != self.fresh:
            self.fresh = fresh
            self.refresh()
        first = self._first
        if first > len(log) or len(log) - first > self.MAX_LINES + self.SLACK:
            first = max(0, len(log) - self.MAX_LINES)
        new = log[first:]
        old = self.entries if first == self._first else []
        keep = 0
        if old:
            if len(new) >= len(old) and new[len(old) - 1] == old[-1] and new[:len(old)] == old:
                keep = len(old)
            else:
                for a, b in zip(old, new):
                    if a != b:
                        break
                    keep += 1
        if keep == len(old) and len(new) == len(old) and first == self._first:
            return
        # the log follows new lines unless the player is reading it: the focus in the log
        # and its cursor above the newest line (a search or a zoom left behind does not count)
        following = not self.has_focus or self.cursor is None or self.cursor >= len(old) - 1
        self._first = first
        self.entries = list(new)
        if keep < len(self._starts):
            del self._rows[self._starts[keep]:]
            del self._starts[keep:]
        if self._width:
            for line in self.entries[keep:]:
                self._starts.append(len(self._rows))
                self._rows.extend(self._wrap(line))
        if self.cursor is not None:
            self.cursor = (len(self.entries) - 1 if following
                           else min(self.cursor, len(self.entries) - 1))
            if self.cursor < 0:
                self.cursor = None
        self._sized(following)

    def _wrap(self, line: str) -> list[str]:
        return textwrap.wrap(line, self._width, subsequent_indent=" ", break_on_hyphens=False,
                             drop_whitespace=True) or [""]

    def _rewrap(self) -> None:
        self._rows, self._starts = [], []
        for line in self.entries:
            self._starts.append(len(self._rows))
            self._rows.extend(self._wrap(line))

    def _sized(self, to_end: bool) -> None:
        self.virtual_size = Size(max(self._width, 1), len(self._rows))
        if to_end:
            # force: before its first layout the pane has no scrollbar yet, and a pane just
            # filled (a game opened by `continue`) stayed at its first line
            self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)
        elif self.cursor is not None:
            self._show_cursor()
        self.refresh()

    def on_resize(self, event: Any) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or width == self._width:
            return  # hidden (a maximised map): keep the rows until it shows again
        at_end = self.scroll_y >= self.max_scroll_y
        self._width = max(width, 8)
        self._rewrap()
        self._sized(at_end or self.cursor is None)

    # -- rendering -----------------------------------------------------------------------

    def entry_at(self, row: int) -> int | None:
        """The entry drawn on canvas row `row` (None below the last)."""
        if not 0 <= row < len(self._rows):
            return None
        return bisect_right(self._starts, row) - 1

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        row = self.scroll_offset.y + y
        base = self.rich_style
        entry = self.entry_at(row)
        if entry is None:
            return Strip.blank(width, base)
        style = base
        if self.fresh is not None and self._first + entry >= self.fresh:
            style = style + self.FRESH_STYLE
        if entry == self.cursor and self.has_focus:
            style = style + self.CURSOR_STYLE
        text = self._rows[row]
        segments = [Segment(text, style)]
        if self.query:
            segments = list(_marked(text, self.query, style, style + self.MATCH_STYLE))
        return Strip(segments).crop_extend(0, width, style)

    # -- search --------------------------------------------------------------------------

    def matches(self) -> list[int]:
        """Indices in `entries` of the lines that contain the search."""
        if not self.query:
            return []
        query = self.query.lower()
        return [i for i, line in enumerate(self.entries) if query in line.lower()]

    def start_search(self) -> None:
        if not (self.typing or self.query):  # the title to come back to
            self._base_title = getattr(self, "pane_title", None) or self.TITLE
        self.typing = True
        self.query = ""
        self._search_changed()

    def end_search(self) -> None:
        self.typing = False
        self.query = ""
        self._search_changed()

    def action_next_match(self, step: int) -> None:
        found = self.matches()
        if not found:
            self.app.bell()
            return
        here = self.cursor if self.cursor is not None else len(self.entries)
        if step > 0:
            after = [i for i in found if i > here]
            self.move_cursor(after[0] if after else found[0])
        else:
            before = [i for i in found if i < here]
            self.move_cursor(before[-1] if before else found[-1])
        self._title()

    def _search_changed(self) -> None:
        """The search changed: the cursor to the newest match, the title says how many."""
        found = self.matches()
        if found:
            self.move_cursor(found[-1])
        self._title()
        self.refresh()

    def _title(self) -> None:
        base = getattr(self, "_base_title", None) or self.TITLE
        if not (self.typing or self.query):
            set_title(self, base)
            return
        found = self.matches()
        where = f"{found.index(self.cursor) + 1}/{len(found)}" \
            if self.cursor in found else f"0/{len(found)}"
        typing = "▏" if self.typing else ""
        set_title(self, f"{base} /{self.query}{typing} {where}")

    def on_key(self, event: events.Key) -> None:
        """`/` or ctrl+f starts a search; while typing, keys go into it (Enter ends, Esc
        clears); after it, n / N step through the matches and Esc clears it."""
        key = event.key
        if key in ("slash", "ctrl+f"):
            self.start_search()
        elif self.typing:
            if key == "enter":
                self.typing = False
                self._title()
            elif key == "escape":
                self.end_search()
            elif key == "backspace":
                self.query = self.query[:-1]
                self._search_changed()
            elif event.is_printable and event.character:
                self.query += event.character
                self._search_changed()
            elif key in ("up", "down", "pageup", "pagedown", "home", "end"):
                self.typing = False  # arrows end the typing and move as usual
                self._title()
                return
            else:
                return
        elif self.query and key in ("n", "N"):
            self.action_next_match(1 if key == "n" else -1)
        elif self.query and key == "escape":
            self.end_search()
        else:
            return
        event.stop()
        event.prevent_default()

    # -- the cursor ----------------------------------------------------------------------

    def on_focus(self) -> None:
        if self.cursor is None and self.entries:
            self.cursor = len(self.entries) - 1
        if self.cursor is not None:
            self._show_cursor()
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def _show_cursor(self) -> None:
        if self.cursor is None or self.cursor >= len(self._starts):
            return
        start = self._starts[self.cursor]
        end = self._starts[self.cursor + 1] if self.cursor + 1 < len(self._starts) \
            else len(self._rows)
        self.scroll_to_region(Region(0, start, max(self._width, 1), max(end - start, 1)),
                              animate=False, immediate=True, force=True)

    def move_cursor(self, index: int) -> None:
        if not self.entries:
            return
        self.cursor = max(0, min(index, len(self.entries) - 1))
        self._show_cursor()
        self.refresh()

    def action_cursor(self, step: int) -> None:
        here = self.cursor if self.cursor is not None else len(self.entries)
        self.move_cursor(here + step)

    def action_page(self, step: int) -> None:
        if self.cursor is None or not self._starts:
            self.action_edge(step)
            return
        row = self._starts[self.cursor] + step * max(1, self.scrollable_content_region.height - 1)
        entry = self.entry_at(max(0, min(row, len(self._rows) - 1)))
        self.move_cursor(entry if entry is not None else self.cursor)

    def action_edge(self, step: int) -> None:
        self.move_cursor(0 if step < 0 else len(self.entries) - 1)

    def action_choose(self) -> None:
        if self.cursor is None or not self.entries:
            return
        self.post_message(self.LineChosen(self, self.entries[self.cursor],
                                          self._first + self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        entry = self.entry_at(offset.y + self.scroll_offset.y)
        if entry is None:
            return
        self.focus()
        self.move_cursor(entry)
        self.action_choose()


def _marked(text: str, query: str, style: Style, marked: Style) -> Any:
    """Segments of `text` with every occurrence of `query` (any case) in `marked`."""
    lower, query = text.lower(), query.lower()
    at = 0
    while query:
        found = lower.find(query, at)
        if found < 0:
            break
        if found > at:
            yield Segment(text[at:found], style)
        yield Segment(text[found:found + len(query)], marked)
        at = found + len(query)
    if at < len(text) or not text:
        yield Segment(text[at:], style)


class PlaceFinder:
    """The first place a line of text names: a location's name or id (whole words, longest
    first, so "New Orleans" is not "Orleans"), else a piece standing on the map (its place).

    `places`: location id -> anything with a `name` (the map canvas's places)."""

    def __init__(self, places: dict[str, Any]) -> None:
        self.names: dict[str, str] = {}
        for loc_id, place in places.items():
            for word in (str(getattr(place, "name", "") or ""), str(loc_id)):
                if len(word.strip()) >= 2:
                    self.names.setdefault(word, loc_id)
        words = sorted(self.names, key=len, reverse=True)
        self._pattern = re.compile(
            r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])") if words else None

    def first(self, text: str, board: dict[str, list[Any]] | None = None) -> str | None:
        """The location `text` names first; a piece id on `board` (a view's) counts as the
        place it stands on when no location is named."""
        if self._pattern is not None:
            found = self._pattern.search(text)
            if found:
                return self.names[found.group(1)]
        best: tuple[int, str] | None = None
        for loc, tokens in (board or {}).items():
            for token in tokens:
                at = _word_at(text, str(token.id))
                if at >= 0 and (best is None or at < best[0]):
                    best = (at, loc)
        return best[1] if best is not None else None


def _word_at(text: str, word: str) -> int:
    """Where `word` first stands in `text` as a whole word (-1: nowhere)."""
    if len(word) < 2:
        return -1
    start = text.find(word)
    while start >= 0:
        before = text[start - 1] if start else " "
        end = start + len(word)
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "-_") and not (after.isalnum() or after in "-_"):
            return start
        start = text.find(word, start + 1)
    return -1


def location_info(canvas: MapCanvas, board: Any, view: Any, loc: str | None,
                  here: list[Any] | None = None) -> Text:
    """Everything about one location, its pieces first (the first thing a player looks for,
    and what the 2-row info line at 80x24 must show): name, owner, pieces; then the board
    facts, lines and the actions there."""
    describe = getattr(canvas, "describe", None)
    if describe is not None:  # the hex canvas words its hexes itself (tui/hexcanvas.py)
        return describe(view, loc, here)
    text = Text()
    if loc is None or loc not in canvas.places:
        return Text("(no location)", style="dim")
    place = canvas.places[loc]
    text.append(f"{place.name}", style="bold")
    text.append(f" [{place.short or place.abbr}]")
    owner = view.control.get(loc)
    text.append(f" · {'held by ' + owner if owner else 'no owner'}")
    tokens = view.board.get(loc, [])
    if tokens:
        text.append(" · Pieces: ", style="bold")
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
        text.append(" · Pieces: none", style="dim")
    try:
        facts = list(board.info(loc))
    except Exception:
        facts = []
    if facts:
        text.append("\n" + ", ".join(facts))
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
