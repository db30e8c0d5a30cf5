"""Washington's War: hands, drawing and rebuilding the deck (6.1), and where a played card goes
(6.2, 6.3.C). Every part of the rules that draws or moves a card uses these (core/cards.py
underneath: draws and shuffles are undo barriers)."""
from __future__ import annotations

from core import cards
from core.ww import deck
from core.ww.state import IN_PLAY, RESHUFFLE_REMINDER, WwState

HAND_SIZE = 7                  # 5.2, 6.1: seven cards each


def hand(state: WwState, side: str) -> list[int]:
    return state.piles.hands[side]


def title(number: int) -> str:
    """'14 Hortelez et Cie: ...': for cards both players may see (played, discarded)."""
    return _TITLES[number] if number in _TITLES else deck.card(number).name


_TITLES: dict[int, str] = {c.number: c.name for c in deck.CARDS}


def ops_label(number: int) -> str:
    """'57 (3 OPS)' for an OPS card, the number and title of an Event card."""
    c = deck.card(number)
    return f"{c.number} ({c.ops} OPS)" if c.kind == "ops" else c.name


def rebuild(state: WwState, why: str) -> None:
    """6.1.B: the discard pile (and a reshuffle reminder, 6.3.D) and the deck shuffled
    together; the War Ends box, the Reinforcement Card boxes, the queues, the hands and the
    removed cards stay out (6.1 clarification, A31)."""
    cards.reshuffle(state, state.piles, also=returning_reminders(state))
    state.log.append(f"The deck is rebuilt ({why}): {len(state.piles.deck)} cards (6.1.B).")


def returning_reminders(state: WwState) -> list[int]:
    """The reshuffle reminders (6.3.D) that go back into the deck at a rebuild; one whose
    event removes it from the game goes to the removed cards instead (6.3.C)."""
    back: list[int] = []
    for number in list(state.piles.boxes[RESHUFFLE_REMINDER]):
        if number in deck.REMOVE_AFTER_PLAY:
            cards.move(state.piles, number, RESHUFFLE_REMINDER, cards.REMOVED)
        else:
            back.append(number)
    return back


def draw(state: WwState, side: str, count: int) -> int:
    """`side` draws `count` cards, the deck rebuilt whenever it runs out (6.1.A). Returns how
    many were drawn (fewer only if the deck and the discard pile are both empty)."""
    drawn = 0
    while drawn < count:
        if not state.piles.deck:
            if not state.piles.discard and not state.piles.boxes.get(RESHUFFLE_REMINDER):
                break
            rebuild(state, "the deck ran out")
        drawn += len(cards.draw(state, state.piles, side, 1))
    return drawn


def finish_card(state: WwState, number: int, where: str = cards.DISCARD) -> None:
    """The card in play goes where its use sends it: the discard pile, the removed cards, a
    Reinforcement Card box, a queue, the War Ends box or the reshuffle reminder."""
    cards.move(state.piles, number, IN_PLAY, where)
