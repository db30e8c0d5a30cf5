"""Wellington: diplomacy (8).

8.1 Allies. GB and Spain are allies, and so are the two French Powers; alliances never change.
A duchy one Power controls is friendly to its ally for attrition and movement (flags.friendly);
a Power may not attack its ally's Formations (no battle between allies: `may_fight`) nor place
its flag on a duchy its ally controls (flags.flag_options), but may always replace an enemy
Power's flag with its own, even on an ally's National duchy.

8.2 Negotiation. Deals are public, never binding, and nothing in the game carries them out:
cards and Resources are never given, traded or shown except by an event (2.5, 8.2). The
engine offers no action that would (there is none to refuse), and a Power's view shows no card
of another hand (view.py), so a player holding two Powers sees both its hands and no other.
"""
from __future__ import annotations

from core.wellington.state import ALLY, POWERS, SIDE


def allied(a: str, b: str) -> bool:
    """8.1: the same side (a Power is its own ally for these tests)."""
    return SIDE[a] == SIDE[b]


def ally(power: str) -> str:
    return ALLY[power]


def enemies(power: str) -> list[str]:
    """8.1: the Powers of the other side, in impulse order."""
    return [p for p in POWERS if SIDE[p] != SIDE[power]]


def may_fight(a: str, b: str) -> bool:
    """8.1: no Power attacks its ally's Formations."""
    return not allied(a, b)
