"""Frames of core/ww/events (see core/ww/frames/__init__.py): a card event being carried out
(6.3, 6.31) and the choices its text gives a player.

    Event      one event, from its first instruction to the card's destination (6.3.C, 6.3.D,
               6.34.C.iii); its stages run in the order of the card text
    EventPick  one choice the text gives a player: a space, a general, a Blockade Zone, how many
               CUs; `left` more may be chosen, `must`: mandatory while any target is left
               (6.31: without "may" every instruction is carried out)
"""
from __future__ import annotations

from core.stack import Frame, Sequence


class Event(Sequence, tag="event", kw_only=True):
    """The event of `card`, played by `side` (or carried out at once, 6.34.B). The card waits in
    the in-play box until the event is fully resolved, then goes where its text sends it.
    `stage`: the next part of the card text to carry out; `target`: a space an earlier part
    chose (Lafayette's and the Hessians' space, the Bounties' space)."""

    side: str
    card: int
    stage: int = 0
    target: str = ""


class EventPick(Frame, tag="event-pick", kw_only=True):
    """`side` chooses for the event of `card` (core/ww/events/common.py PICKS[`what`] says
    what may be chosen): up to `left` more; `chosen` so far (nouns). `must`: no "no more"
    choice while a target is left."""

    side: str
    card: int
    what: str
    left: int
    must: bool
    chosen: list[str | int] = []


FRAMES: tuple[type, ...] = (Event, EventPick)
