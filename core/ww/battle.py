"""SCAFFOLD, replaced by the battle engineer: 9.0-9.7."""
from __future__ import annotations

from core import stack


def begin(state, space, attacker, general, entered_from, intercepted):
    raise NotImplementedError("battle: 9.2 begin")


def overrun(state, space, attacker):
    raise NotImplementedError("battle: 9.7 overrun")


FLOW: stack.Flow = {}
