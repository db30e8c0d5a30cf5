"""SCAFFOLD, replaced by the phases engineer: 5.1, 5.4-5.7, 10.2, 10.3, 11, 12."""
from __future__ import annotations

from core import stack


def reinforcement_phase(state):
    raise NotImplementedError("phases: 5.1")


def winter_attrition_phase(state):
    raise NotImplementedError("phases: 5.4, 11")


def french_naval_phase(state):
    raise NotImplementedError("phases: 5.5")


def political_control_phase(state):
    raise NotImplementedError("phases: 5.6, 10.2")


def end_phase(state):
    raise NotImplementedError("phases: 5.7")


FLOW: stack.Flow = {}
