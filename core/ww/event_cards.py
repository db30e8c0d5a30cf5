"""The window for Event cards played in the Strategy Phase (6.3): the registry the events floor
(core/ww/events) fills and the two things the Strategy Phase (core/ww/strategy.py) asks of it.

    EVENTS[number] = EventDef(playable, stages)   one per card, registered by the events floor
                                                  (events/common.py `register`) at import of the
                                                  game (core/ww/flow.py imports the events)
    playable(state, side, card)   may `side` play the event now? (6.3.B flag, 6.32.A conditions
                                  and `requires`; a Special Event always, 6.34.A)
    play(state, side, card)       push the Event frame; the events floor's FLOW carries out the
                                  card's `stages` and sends the card where its text says

The Strategy Phase never imports the events: it asks this registry (docs/ww-engine.md, "Floors").
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Callable

from core import stack
from core.ww import deck, requirements
from core.ww.frames.events import Event
from core.ww.state import WwState

Stage = Callable[[WwState, Event], None]


@dataclass(frozen=True)
class EventDef:
    """One card's event: whether `side` may play it now, and its text's parts in order."""

    playable: Callable[[WwState, str], bool]
    stages: tuple[Stage, ...]


EVENTS: dict[int, EventDef] = {}


def register(number: int, event: EventDef) -> None:
    """The events floor registers each card's event once."""
    if number in EVENTS:
        raise ValueError(f"card {number} registered twice")
    EVENTS[number] = event


def flag_allows(side: str, card: int) -> bool:
    """6.3.B: an American flag for the American, a British flag for the British; both flags
    (a Special Event) and no flag for either."""
    flag = deck.card(card).flag
    return flag in ("both", "none") or flag == side.lower()


def playable(state: WwState, side: str, card: int) -> bool:
    """Whether `side` may play `card` as an event in the Strategy Phase now. A Special Event
    always is (6.34.A). Otherwise the flag (6.3.B), Strategy Phase play (6.33.A: Battle cards
    only in battle, Tarleton excepted), the `requires` conditions and the card's own (6.32.A:
    "Play only if ..."; an event none of whose instructions could be carried out cannot be
    played either, reading E1)."""
    fixed = fixed_playability(card, side)
    if fixed is not None:
        return fixed
    return playable_by_state(state, side, card)


def playable_by_state(state: WwState, side: str, card: int) -> bool:
    """What `playable` asks of the state, when the card and side alone do not answer
    (`fixed_playability` is None): the `requires` conditions and the card's own."""
    if not all(requirements.met(state, r, side) for r in deck.card(card).requires):
        return False
    return event_of(card).playable(state, side)


@cache
def fixed_playability(card: int, side: str) -> bool | None:
    """What `playable` answers from the card and the side alone, whatever the state (asked at
    every card menu, so answered once); None when the state decides."""
    c = deck.card(card)
    if c.kind == "ops":
        return False
    if c.must_play:
        return True
    if c.kind == "campaign":
        return True                   # 7.2: no conditions (strategy.py plays them)
    if not flag_allows(side, card) or "strategy" not in c.play_in:
        return False
    return None


def play(state: WwState, side: str, card: int) -> None:
    """6.3: carry out `card`'s event for `side`; the card is in the in-play box."""
    c = deck.card(card)
    if c.kind in ("ops", "campaign") or "strategy" not in c.play_in:
        raise ValueError(f"{c.name} has no Strategy Phase event here")
    event_of(card)
    stack.push(state, Event(side=side, card=card))


def event_of(card: int) -> EventDef:
    """The registered event of `card`; a clear error when the events floor was not loaded."""
    try:
        return EVENTS[card]
    except KeyError:
        raise LookupError(f"no event registered for card {card}: the events floor "
                          f"(core.ww.events) registers them at import of the game") from None
