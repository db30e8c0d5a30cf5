"""What each Power may see of a game of Wellington, checked after every action of a random game
(tests/test_wellington_fuzz.py plays it over every scenario and split; tests/test_wellington_view.py
shows that it catches a leak).

    sight = Sight(Match.new(RULES, seed=seed, scenario=scenario, options=options))
    random_playout(..., on_action=sight)      # or call sight(match, role, action) yourself

After each action: each new log line names only cards seen face up (before or after the
action, or earlier: a lasting effect), or the card the acting Power has just played from its
hand, never a card drawn or held unseen; each Power's view (built once per action) shows its
own hand exactly, the right size of every hand, no card of another Power's hand among the
face-up piles, a prompt naming only cards it has seen or holds, and actions only while it is
asked; a battle being fought is the spectator's focus.
"""
from __future__ import annotations

import re

from core import cards, stack
from core.engine import Action, Match
from core.wellington import hands
from core.wellington.frames.battle import Battle
from core.wellington.state import NATIONAL_DECKS, POWERS, WellingtonState

CARD_NAMED = re.compile(r"#(\d+) ")


def places(state: WellingtonState) -> dict[int, str]:
    """Card -> the name of its pile, as `Piles.where` names it, in one pass over the piles."""
    piles = state.piles
    out: dict[int, str] = {}
    for name in (cards.DECK, cards.DISCARD, cards.REMOVED, cards.ASIDE):
        for number in piles.pile(name):
            out.setdefault(number, name)
    for role, hand in piles.hands.items():
        for number in hand:
            out.setdefault(number, f"hand:{role}")
    for box, held in piles.boxes.items():
        for number in held:
            out.setdefault(number, box)
    return out


def face_up(where: str) -> bool:
    """A pile every Power sees: not the deck, a national deck or a hand."""
    return not where.startswith("hand:") and where != cards.DECK \
        and where not in NATIONAL_DECKS.values()


def named(text: str) -> list[int]:
    """The cards a text names by their title ("#88 Partisans"; a card's own text citing "#88"
    among others tells nothing of where #88 is)."""
    return [n for n in map(int, CARD_NAMED.findall(text))
            if 1 <= n <= 110 and hands.title(n) in text]


class Sight:
    """The check after every action; it keeps what was seen face up so far, the log lines
    already read and where the cards were before the action."""

    def __init__(self, first: Match) -> None:
        state = first.state
        assert isinstance(state, WellingtonState)
        self.last = places(state)
        self.shown_once: set[int] = set()
        self.seen_lines = len(state.log)

    def __call__(self, match: Match, role: str, action: Action) -> None:
        state = match.state
        assert isinstance(state, WellingtonState)
        before, after = self.last, places(state)
        self.shown_once.update(n for n, where in before.items() if face_up(where))
        self.shown_once.update(n for n, where in after.items() if face_up(where))
        for line in state.log[self.seen_lines:]:
            for number in named(line):
                played = before[number] == f"hand:{role}" and after[number] != before[number]
                assert number in self.shown_once or played, line
        self.seen_lines = len(state.log)
        self.last = after
        if stack.find(state, Battle) is not None:
            assert match.view(None).focus is not None      # the battle as the focus
        for power in POWERS:
            view = match.view(power)
            own = hands.hand(state, power)
            assert set(named(view.prompt)) <= self.shown_once | set(own), view.prompt
            assert not view.actions or power in state.active
            assert [c.id for c in view.hand or []] == own
            shown = {c.id for pile in view.piles.values() for c in pile}
            for other in POWERS:
                if other != power:
                    assert not shown & set(hands.hand(state, other)), \
                        f"{power} sees a card of {other}'s hand"
                assert view.hand_sizes.get(other, 0) == len(hands.hand(state, other))
