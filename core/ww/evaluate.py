"""How good a position is, for the computer player (core/ai): a number in [0, 1] for a side,
and the dealing of the cards a side cannot see (determinize).

A finished game is worth its result. Otherwise the American's prospects are read from what
decides the game (13.2: the American wins only with 7 colonies or more while the British holds
5 or fewer, Canada counting as one; 13.1: no American or French CU on the map, or no British
CU in the colonies): the colonies each side controls, PCs each side holds in contested colonies,
the combat units on the map, the French Alliance track (12.0), the British Regulars Advantage
(9.41) and Washington still in the game (7.6.B). Zero-sum: the British value is one minus the
American's.
"""
from __future__ import annotations

import math

from core import cards
from core.engine import clone
from core.rng import HasRng
from core.ww import query as q
from core.ww.state import AMERICAN, BRITISH, REMOVED, WwState

SCALE = 3.0


def evaluate(state: WwState, role: str) -> float:
    american = american_value(state)
    return american if role == AMERICAN else 1.0 - american


def american_value(state: WwState) -> float:
    if state.result is not None:
        return 1.0 if state.result.startswith("American") else 0.0
    american = q.colonies_controlled(state, AMERICAN)
    british = q.colonies_controlled(state, BRITISH)
    pcs = len(q.pcs_of(state, AMERICAN)) - len(q.pcs_of(state, BRITISH))
    army_am, army_br = q.cus_on_map(state, AMERICAN), q.cus_on_map(state, BRITISH)
    points = (1.0 * (american - 6.5) - 1.0 * (british - 5.5)      # 13.2 thresholds
              + 0.15 * pcs
              + 3.0 * (army_am - army_br) / max(1, army_am + army_br)
              + (2.0 if state.france_in_war else 0.25 * state.alliance)
              - (0.75 if state.regulars else 0.0)
              - (2.0 if state.generals.get(q.WASHINGTON) == REMOVED else 0.0))
    return 1.0 / (1.0 + math.exp(-points / SCALE))


def determinize(state: WwState, role: str, generator: HasRng) -> WwState:
    """The position with every card `role` cannot see (the other hand, the deck) dealt anew,
    each place keeping its size (core/cards.py deal_unseen)."""
    new = clone(state)
    new.piles = cards.deal_unseen(state.piles, role, generator)
    return new
