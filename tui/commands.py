"""The game's legal actions in the command palette (ctrl+p): typing "march" or a place name
finds them, Enter takes one.

Each legal action of the view on screen is searched as its label, its group and the name of
the place it acts on (the place its noun names, or where the piece it names stands), so
"Richmond" finds "Move Confederate infantry (C-I-3)" when that piece stands in Richmond.
Every word of the query found in that text scores above any fuzzy match (Textual's matcher,
letters in order), so a word typed in full ranks its actions first, in menu order. The chosen action goes
through `GameScreen.take`, like a number key; if the game has moved on since the palette
opened (the computer played, a banner came and went), nothing is taken and a notice says so.
"""
from __future__ import annotations

from typing import Any, Iterator

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

WORD_SCORE = 0.8    # every query word is in the text: at least this (up to 1.0)
FUZZY_WEIGHT = 0.5  # a fuzzy match (letters in order) scores at most this


class ActionsProvider(Provider):
    """The legal actions of the game screen the palette was opened on."""

    def _actions(self) -> Iterator[tuple[int, Any, str, str]]:
        """(number in the menu, choice, searchable text, where it acts) of every legal
        action; nothing while the computer plays or the screen is not a game screen."""
        screen = self.screen
        menu_choices = getattr(screen, "menu_choices", None)
        if menu_choices is None:
            return
        for number, choice in enumerate(menu_choices(), 1):
            place = screen.place_of(choice)
            where = f"at {place}" if place else ""
            text = " · ".join(part for part in (choice.label, choice.group, place) if part)
            yield number, choice, text, where

    def _command(self, choice: Any) -> Any:
        screen = self.screen
        view = screen.view

        def run() -> None:
            if screen.view is not view or not screen.is_current:
                self.app.notify("The game has moved on since the palette opened: nothing "
                                "was taken.", severity="warning")
                return
            screen.take(choice)

        return run

    @staticmethod
    def _help(number: int, choice: Any, where: str) -> Content:
        bits = [f"action {number}", *(b for b in (choice.group, where) if b)]
        if getattr(choice, "ends_turn", False):
            bits.append("ends your turn")
        return Content(" · ".join(bits))

    async def discover(self) -> Hits:
        """With nothing typed yet: every legal action, in menu order."""
        for number, choice, _text, where in self._actions():
            yield DiscoveryHit(Content(f"{number} {choice.label}"), self._command(choice),
                               text=f"{number} {choice.label}",
                               help=self._help(number, choice, where).markup)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        words = query.lower().split()
        actions = list(self._actions())
        for number, choice, text, where in actions:
            score = score_of(words, text, matcher.match(text), (number - 1) / len(actions))
            if score <= 0:
                continue
            display = Content(f"{number} {choice.label}")
            shown = display.plain
            for offset in _offsets(words, shown):
                display = display.stylize(matcher.match_style, offset[0], offset[1])
            yield Hit(score, display, self._command(choice), text=shown,
                      help=self._help(number, choice, where).markup)


def score_of(words: list[str], text: str, fuzzy: float, place: float = 0.0) -> float:
    """How well `text` answers the query: every word in it scores WORD_SCORE and more, the
    earlier in the menu the more (`place`: 0 for the first action, towards 1 for the last),
    else the fuzzy score scaled below that; 0 no match."""
    lower = text.lower()
    if words and all(word in lower for word in words):
        return WORD_SCORE + (1 - WORD_SCORE) * (1 - min(max(place, 0.0), 0.99))
    return FUZZY_WEIGHT * fuzzy


def _offsets(words: list[str], text: str) -> Iterator[tuple[int, int]]:
    """Where each query word stands in `text` (case-insensitive): the spans to highlight."""
    lower = text.lower()
    for word in words:
        at = lower.find(word)
        if at >= 0:
            yield at, at + len(word)
