"""SCAFFOLD, replaced by the phases engineer: 12.1, 12.2."""
from __future__ import annotations


def advance(state, spaces, reason):
    raise NotImplementedError("alliance: 12.1")


def apply_if_due(state):
    raise NotImplementedError("alliance: 12.2.B")
