"""The questions a card event asks and the steps it runs after what it pushed (5.1).
Behaviour: core/wellington/events/common.py (the handlers, by card and step)."""
from __future__ import annotations

from core.stack import Frame, Sequence


class EventChoice(Frame, tag="event-choice", kw_only=True):
    """Card `card`'s event asks `power` to choose one of `options` (nouns, shown with
    `labels`) for its step `step`; `picked` carries what its earlier steps chose; `optional`:
    the Power may also decline."""

    power: str
    card: int
    step: str
    options: list[str]
    labels: list[str]
    prompt: str = ""
    picked: list[str] = []
    optional: bool = False


class EventStep(Sequence, tag="event-step", kw_only=True):
    """The after-step `what` of card `card`'s event for `power`, run once what the event
    pushed after it (a battle, a removal) is over; `picked` as in EventChoice. (`step` is the
    Sequence's own counter.)"""

    power: str
    card: int
    what: str
    picked: list[str] = []


FRAMES: tuple[type, ...] = (EventChoice, EventStep)
