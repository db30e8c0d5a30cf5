"""The `requires` conditions of cards.toml (deck.REQUIREMENTS), read from the state: whether a
card's event may be played now, in the Strategy Phase or in a battle.

    met(state, requirement, side)                   a condition outside battle
    met_in_battle(state, battle, requirement, side) a condition in `battle` (or outside one)

A lookup floor: the Strategy Phase's event window (core/ww/event_cards.py) and the battle's
Battle card window (core/ww/battle.py) ask it; it asks only the state.
"""
from __future__ import annotations

from core.ww import query as q
from core.ww.frames.battle import Battle
from core.ww.state import AMERICAN, BRITISH, NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK, WwState


def met(state: WwState, requirement: str, side: str) -> bool:
    """A `requires` condition of cards.toml outside battle (deck.REQUIREMENTS)."""
    if requirement == "france-not-in-war":
        return not state.france_in_war
    if requirement == "france-in-war":
        return state.france_in_war
    if requirement == "european-war":
        return state.european_war
    if requirement == "french-navy-in-zone":
        return state.navy not in (NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK)
    if requirement == "opponent-has-cards":
        return bool(side) and bool(state.piles.hands[q.enemy(side)])
    raise ValueError(f"requirement {requirement!r} is checked only in battle")


def met_in_battle(state: WwState, battle: Battle, requirement: str, side: str) -> bool:
    """A `requires` condition of cards.toml in this battle (deck.REQUIREMENTS)."""
    if requirement == "american-attacking":
        return battle.attacker == AMERICAN
    if requirement == "american-defending":
        return battle.defender == AMERICAN
    if requirement == "british-attacking":
        return battle.attacker == BRITISH
    if requirement == "battle-in-port":
        return q.is_port(battle.space)
    return met(state, requirement, side)
