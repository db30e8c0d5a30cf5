"""The game turn and the set-up (2.1, 2.6, 4.1). Behaviour: flow.py, setup.py, hands.py."""
from __future__ import annotations

from core.stack import Frame, Sequence


class GameTurn(Sequence, tag="game-turn", kw_only=True):
    """One year (4.1): impulses, attrition, guerrilla, Resource balance, conquest, peace and
    victory, the Interphase. The year is `WellingtonState.year`."""


class Setup(Sequence, tag="setup", kw_only=True):
    """2.1 the bid's removal, then 2.6 Substitution in impulse order."""


class BidRemoval(Frame, tag="bid-removal", kw_only=True):
    """2.1: the highest bidder removes `left` more SP of its soldiers (any of `powers`)."""

    powers: list[str]
    left: int


class Substitution(Frame, tag="substitution", kw_only=True):
    """2.6, 16.42: `power` keeps its hand or gives back `cards` (its common, non-Must-Play
    cards just dealt) for one card fewer; it may repeat (each time one fewer)."""

    power: str
    cards: list[int]


FRAMES = (GameTurn, Setup, BidRemoval, Substitution)
