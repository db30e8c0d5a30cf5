"""The prompt and the action menu: every legal action, numbered, grouped, filterable.

Numbers are given once per view in menu order (groups in order of first appearance) and do
not change while filtering, so "3" always means the same action. 0-9 take those keys from
anywhere in the game screen; the rest are reached with the arrows + Enter or by filtering
(`/`, then type: words of the label, or the number). An action that ends the player's turn
(`Choice.ends_turn`) is marked "⏎ ends your turn".

Keys that do not shift with the hand (issue 17): the one choice that declines (its verb
`no-…`, `pass`, `decline`, `none` or `nothing`, with no noun: Wellington's "No Response", "No
general") is always `0`, wherever it stands; a menu whose every choice counts something
(distinct int nouns 0-9, each label beginning with its number: "3 CUs") is keyed by the count,
so `3` always brings three CUs. Otherwise choices are 1, 2, 3... in menu order.

A side effect a choice has is written in its label after `WARNING_SEP` (" — "): "With
Cornwallis — Howe returns to the reinforcements box (8.1.C)"; the jump labels on the map list
it too (`warning_of`).

A choice whose label begins with a letter in brackets ("[a] Move ...", a game's stable key for
a piece: it does not shift as other choices come and go) is also taken by that letter while the
menu has the focus, and "/a" filters to it alone.
"""
from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.markedlist import MARK, MarkedOptionList


# after an action that hands the game to another player (`Choice.ends_turn`)
ENDS_TURN = "⏎ ends your turn"


# after the action the computer suggests (the hint key): words, not colour alone
HINT = "◀ hint"


class StatusLine(Widget):
    """Under the prompt: the computer thinking (with how far it has got) and, on a second
    line, the move it played last (what the map and the log now show); or a hint. Hidden
    while empty."""

    message: reactive[str] = reactive("", layout=True)
    fraction: reactive[float | None] = reactive(None)  # 0..1 while thinking, else None
    detail: reactive[str] = reactive("", layout=True)  # the second line

    def render(self) -> Text:
        """Each line cut to the width (the progress is never cut off: the message is)."""
        width = max(self.size.width, 1)
        bar = ""
        if self.fraction is not None:
            filled = round(self.fraction * 5)
            bar = f" {'▰' * filled}{'▱' * (5 - filled)} {int(self.fraction * 100)}%"
        text = Text(end="")
        text.append(_cut(self.message, width - len(bar)), style="bold")
        text.append(bar)
        if self.detail:
            text.append("\n" + _cut(self.detail, width))
        return text

    def watch_message(self, message: str) -> None:
        self.set_class(not (message or self.detail), "-empty")

    def watch_detail(self, detail: str) -> None:
        self.set_class(not (self.message or detail), "-empty")
        self.set_class(bool(detail), "-two")

    def say(self, message: str, fraction: float | None = None,
            detail: str | None = None) -> None:
        """`detail` None keeps the second line as it is."""
        self.message = message
        self.fraction = fraction
        if detail is not None:
            self.detail = detail


def _cut(text: str, width: int) -> str:
    """`text` in at most `width` cells, "…" at the end if it was longer."""
    if len(text) <= width:
        return text
    return text[:max(width - 1, 0)] + "…" if width > 0 else ""


def grouped(choices: list[Any]) -> list[tuple[str, list[Any]]]:
    """Choices by group, groups in order of first appearance, choices in their own order."""
    groups: dict[str, list[Any]] = {}
    for choice in choices:
        groups.setdefault(choice.group or "", []).append(choice)
    return list(groups.items())


KEYED = re.compile(r"\[([a-z])\] ")  # a label's stable key, "[a] Move ..."
DECLINE_VERBS = frozenset({"pass", "decline", "none", "nothing"})  # and every "no-…" verb
WARNING_SEP = " — "  # a label's side effect follows it


def is_decline(choice: Any) -> bool:
    """The choice that does nothing (No Response, No general, pass): key `0`."""
    verb, noun = choice.action.verb, choice.action.noun
    return noun is None and (verb in DECLINE_VERBS or verb.startswith("no-"))


def warning_of(label: str) -> str:
    """The side effect a label announces after `WARNING_SEP` ("" when none)."""
    return label.split(WARNING_SEP, 1)[1] if WARNING_SEP in label else ""


def menu_numbers(choices: list[Any]) -> list[int]:
    """The key number of each choice (menu order): counts keyed by their count, the one
    decline `0`, the rest 1, 2, 3..."""
    nouns = [c.action.noun for c in choices]
    if choices and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 9
                       for n in nouns) and len(set(nouns)) == len(nouns) \
            and all(c.label.startswith(f"{n} ") for c, n in zip(choices, nouns)):
        return list(nouns)
    declines = [i for i, c in enumerate(choices) if is_decline(c)]
    zero = declines[0] if len(declines) == 1 else None
    out, number = [], 0
    for i in range(len(choices)):
        if i == zero:
            out.append(0)
        else:
            number += 1
            out.append(number)
    return out


def key_of(label: str) -> str:
    """The stable key a label begins with ("[a] ..." -> "a"), or ""."""
    found = KEYED.match(label)
    return found.group(1) if found else ""


LEADING_NUMBER = re.compile(r"\W*(\d+)\b")  # a card's number at the start of its label
HASH_NUMBER = re.compile(r"#(\d+)\b")         # "... (#37)": a card named by its number


def matches(text: str, number: int, label: str, keyed: bool = False) -> bool:
    """`keyed`: the menu has keyed choices, so a single letter is a key, not a word.

    Digits match the menu number they begin ("1" finds 1 and 10-19) and a card of exactly
    that number: a label beginning with it ("109 Gates ...") or naming it "#109"."""
    text = text.strip().lower()
    if not text:
        return True
    if text.isdigit():
        if str(number).startswith(text):
            return True
        lead = LEADING_NUMBER.match(label)
        return (lead is not None and lead.group(1) == text) or any(
            found == text for found in HASH_NUMBER.findall(label))
    if keyed and len(text) == 1:
        return key_of(label) == text
    words = label.lower()
    return all(word in words for word in text.split())


class ActionList(MarkedOptionList):
    """The list itself; Enter takes the highlighted action (marked `▶`, not by colour alone)."""

    BINDINGS = [Binding("slash", "filter", "Filter", show=False)]

    def marker(self, index: int) -> str:
        # Enter in the filter box takes the highlighted action too: solid marker there as well
        mark = super().marker(index)
        if mark.strip() and self.parent is not None and self.parent.has_focus_within:
            return MARK
        return mark

    def action_filter(self) -> None:
        self.screen.query_one(ActionMenu).start_filter()


class FilterInput(Input):
    BINDINGS = [
        Binding("down", "to_list", "Actions", show=False),
        Binding("escape", "clear", "Clear filter", show=False),
    ]

    def action_to_list(self) -> None:
        self.screen.query_one(ActionList).focus()

    def action_clear(self) -> None:
        self.value = ""
        back = getattr(self.screen, "action_focus_map", None)  # the map, or the actions
        if back is not None:
            back()
        else:
            self.screen.set_focus(None)

    def on_focus(self) -> None:
        self.screen.query_one(ActionList).refresh()  # its marker: ▶ while the box has focus

    def on_blur(self) -> None:
        self.screen.query_one(ActionList).refresh()
        # compact layouts show the filter box only while it is in use
        if not self.value and self.parent is not None:
            self.parent.remove_class("-filtering")


class ActionMenu(Vertical):
    """Prompt, filter box and numbered action list."""

    class Chosen(Message):
        def __init__(self, choice: Any) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.numbered: list[Any] = []  # choices in menu order
        self.numbers: list[int] = []   # the key number of each (`menu_numbers`)
        self._visible: list[int] = []  # option index -> number - 1 (or -1 for group headers)
        # text typed between "/" and the filter box taking focus (it is shown first, focused
        # after the next refresh): kept for the box, so fast typing loses nothing
        self.opening_filter = False
        self._typed_early = ""
        self.hinted: Any | None = None  # the choice the computer suggested (hint key)
        self._waiting = ""  # what the list says when there is nothing to choose

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield StatusLine(id="status", classes="-empty")
        yield FilterInput(placeholder="/ filter: type words or a number", id="filter",
                          compact=True, select_on_focus=False)
        yield ActionList(id="actions", compact=True, markup=False)

    def show(self, prompt: str, choices: list[Any], result: str | None = None,
             waiting: str = "") -> None:
        """A new view. `waiting`: what to say instead of the actions when there are none
        (the computer is playing)."""
        self.query_one("#prompt", Static).update(Text(prompt or "", style="bold"))
        self.numbered = [c for _, group in grouped(choices) for c in group]
        self.numbers = menu_numbers(self.numbered)
        self._result = result
        self._waiting = waiting
        self.hinted = None
        self.set_class(bool(waiting), "-computer")  # no filter box while the computer plays
        self.query_one("#filter", Input).value = ""
        self._fill("")

    def _fill(self, text: str) -> None:
        actions = self.query_one("#actions", ActionList)
        options: list[Option | None] = []
        self._visible = []
        groups = grouped(self.numbered)
        keyed = self.keyed()
        index = 0
        for name, group in groups:
            rows = []
            for choice in group:
                number = self.numbers[index]
                index += 1
                if matches(text, number, choice.label, keyed):
                    rows.append((index, choice))
            if not rows:
                continue
            if len(groups) > 1 or name:
                options.append(Option(Text(f"─ {name or 'other'} ─", style="dim italic"),
                                      disabled=True))
                self._visible.append(-1)
            for n, choice in rows:
                prompt = Text()
                prompt.append(f"{self.numbers[n - 1]:>2} ", style="bold")
                label, warning = choice.label, warning_of(choice.label)
                prompt.append(label[:len(label) - len(warning)] if warning else label)
                if warning:
                    prompt.append(warning, style="bold")
                if getattr(choice, "ends_turn", False):
                    prompt.append(f"  {ENDS_TURN}", style="bold reverse")
                if choice is self.hinted:
                    prompt.append(f"  {HINT}", style="bold reverse")
                options.append(Option(prompt))
                self._visible.append(n - 1)
        if not options:
            if self._result:
                message = "Game over. The board stays viewable; q quits."
            elif self.numbered:
                message = "(no action matches the filter)"
            elif self._waiting:
                message = self._waiting
            else:
                message = "(nothing to do: waiting)"
            options.append(Option(Text(message, style="dim"), disabled=True))
            self._visible.append(-1)
        actions.set_options(options)
        first = next((i for i, n in enumerate(self._visible) if n >= 0), None)
        if self.hinted is not None:  # the suggested action stays highlighted
            hinted = self.numbered.index(self.hinted)
            if hinted in self._visible:
                first = self._visible.index(hinted)
        actions.highlighted = first

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill(event.value)

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        actions = self.query_one("#actions", ActionList)
        index = actions.highlighted
        if index is not None and self._visible[index] >= 0:
            self.post_message(self.Chosen(self.numbered[self._visible[index]]))

    @on(OptionList.OptionSelected, "#actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        number = self._visible[event.option_index]
        if number >= 0:
            self.post_message(self.Chosen(self.numbered[number]))

    def start_filter(self) -> None:
        """Show (compact layouts hide it) and focus the filter box."""
        self.add_class("-filtering")
        self.opening_filter = True
        self.call_after_refresh(self._focus_filter)

    def _focus_filter(self) -> None:
        if not self.opening_filter:
            return  # an Enter typed early already took the action (see `enter_early`)
        box = self.query_one("#filter", Input)
        box.focus()
        if self._typed_early:
            box.value += self._typed_early
            box.cursor_position = len(box.value)
        self.opening_filter = False
        self._typed_early = ""

    def type_early(self, text: str) -> None:
        """A key typed while the filter box is opening: it belongs in the box."""
        self._typed_early += text

    def backspace_early(self) -> None:
        self._typed_early = self._typed_early[:-1]

    def cancel_early(self) -> None:
        """Close the filter box before it opened (Escape, or an Enter that took an action)."""
        self.opening_filter = False
        self._typed_early = ""
        self.remove_class("-filtering")

    def enter_early(self) -> Any | None:
        """Enter typed while the filter box is opening ("/end" Enter typed fast): the action
        the box would highlight for the text typed so far, which the caller takes at once,
        so the keys typed after it act on the menu that follows (or are dropped)."""
        text = self._typed_early
        self.cancel_early()
        keyed = self.keyed()
        for number, choice in zip(self.numbers, self.numbered):
            if matches(text, number, choice.label, keyed):
                return choice
        return None

    def number_of(self, choice: Any) -> int | None:
        """The key number the menu gives `choice` (None if it is not in the menu)."""
        for number, listed in zip(self.numbers, self.numbered):
            if listed is choice:
                return number
        return None

    def mark_hint(self, action: Any) -> int | None:
        """Mark and highlight the choice taking `action` (the computer's suggestion); the
        filter is cleared if it hid it. Its number, or None if the menu does not offer it."""
        for number, choice in zip(self.numbers, self.numbered):
            if choice.action == action:
                break
        else:
            return None
        self.hinted = choice
        self.query_one("#filter", Input).value = ""
        self._fill("")
        return number

    def keyed(self) -> bool:
        """Whether any choice of the menu has a stable key."""
        return any(key_of(choice.label) for choice in self.numbered)

    def choose_key(self, key: str) -> bool:
        """Take the choice whose stable key is `key`; False if none has it."""
        for choice in self.numbered:
            if key and key_of(choice.label) == key:
                self.post_message(self.Chosen(choice))
                return True
        return False

    def choose_number(self, number: int) -> bool:
        """Take the action keyed `number` (`menu_numbers`); False if there is none."""
        for key, choice in zip(self.numbers, self.numbered):
            if key == number:
                self.post_message(self.Chosen(choice))
                return True
        return False

    def on_key(self, event: events.Key) -> None:
        # in the list, Up on the first action goes back to the filter box
        actions = self.query_one("#actions", ActionList)
        stale = getattr(self.screen, "stale_key", None)  # typed before the player changed
        if (actions.has_focus and event.character and len(event.character) == 1
                and not (stale is not None and stale(event))
                and self.choose_key(event.character)):
            event.stop()  # a choice's stable key, not the screen's key of that letter
            event.prevent_default()
            return
        if event.key == "up" and actions.has_focus:
            first = next((i for i, n in enumerate(self._visible) if n >= 0), None)
            box = self.query_one("#filter", Input)
            # back to the filter box only while it is on screen: in compact layouts it hides
            # when not in use, and Up at the top used to open it unseen, so the keys after it
            # (z, digits) went into the filter text (issue 17, bug 4)
            if actions.highlighted == first and (box.value or box.display and
                                                 not self.screen.has_class("-compact")):
                event.stop()
                self.start_filter()
