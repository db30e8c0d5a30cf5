"""SCAFFOLD, replaced by the events engineer: every card event (6.3)."""
from __future__ import annotations

from core import stack


def playable(state, side, card):
    raise NotImplementedError("events: playable")


def play(state, side, card):
    raise NotImplementedError("events: play")


FLOW: stack.Flow = {}
