"""SCAFFOLD, replaced by the phases engineer: 13.1, 13.2."""
from __future__ import annotations


def check_automatic(state):
    raise NotImplementedError("victory: 13.1")


def final(state, why):
    raise NotImplementedError("victory: 13.2")
