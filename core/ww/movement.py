"""SCAFFOLD, replaced by the movement engineer: 7.3-7.9."""
from __future__ import annotations

from core import stack
from core.ww.generals import strategy  # noqa: F401  (strategy.py reads movement.strategy)


def activatable(state, side, ops):
    raise NotImplementedError("movement: 7.1 activatable")


def activate(state, side, general, card, via):
    raise NotImplementedError("movement: 7.3 activate")


def arrive(state, space, side):
    raise NotImplementedError("movement: 7.4.C / 7.6 / 7.7 arrive")


def capture(state, general):
    raise NotImplementedError("movement: 7.6 capture")


FLOW: stack.Flow = {}
