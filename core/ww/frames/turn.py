"""The game turn and the set-up (4.0, 5.0)."""
from __future__ import annotations

from core.stack import Frame, Sequence


class GameTurn(Sequence, tag="game-turn", kw_only=True):
    """One year (5.0): reinforcement, strategy card, strategy, winter attrition, French naval,
    political control and end phases, in order. The year is `WwState.year`."""


class Setup(Sequence, tag="setup", kw_only=True):
    """4.0 steps 6 and 7: Committees of Correspondence, then For the King."""


class Committees(Frame, tag="committees", kw_only=True):
    """4.0.6: the American places one PC in each colony of `colonies`, one colony at a time
    (the first in the list is asked now)."""

    colonies: list[str]


class ForTheKing(Frame, tag="for-the-king", kw_only=True):
    """4.0.7: the British places 2 PCs; `before`: the spaces with a British PC when For the
    King began (one 2-PC action, no chaining: A18); `placed` so far."""

    before: list[str]
    placed: list[str] = []


FRAMES = (GameTurn, Setup, Committees, ForTheKing)
