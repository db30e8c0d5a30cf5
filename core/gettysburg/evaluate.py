"""How good a position is, for the computer player (core/ai): a number in [0, 1] for a side.

A finished game is worth its result (a win 1, a draw 1/2, a loss 0). Otherwise the value reads
what decides the game (8.0, 8.2): the VP difference so far against the scenario's victory
levels; the red-dot hexes the Confederate player holds now, counted for every end of day still
to come; and the strength each army keeps (SP on the map and to come, against its printed SP),
which is what the next eliminations will be made of. Zero-sum: the Union value is one minus the
Confederate's.
"""
from __future__ import annotations

import math

from core.gettysburg import query as q
from core.gettysburg import victory
from core.gettysburg.scenarios import scenario_book
from core.gettysburg.state import CSA, DUE, ON_MAP, PENDING, UNION, GbState

SCALE = 4.0             # VP that move the value from 1/2 to about 3/4
HOLDING = 0.6           # how much a hex held now is worth per end of day to come
STRENGTH = 12.0         # VP-equivalent of a whole army's strength


def evaluate(state: GbState, role: str) -> float:
    csa = confederate_value(state)
    return csa if role == CSA else 1.0 - csa


def evaluate_all(state: GbState) -> dict[str, float]:
    """Both sides' values from one computation (the search values every line for each)."""
    csa = confederate_value(state)
    return {CSA: csa, UNION: 1.0 - csa}


def confederate_value(state: GbState) -> float:
    if state.result is not None:
        if state.result.startswith("Confederate"):
            return 1.0
        return 0.0 if state.result.startswith("Union") else 0.5
    book = scenario_book()
    rule = book.victory[book.scenarios[state.played].victory]
    middle = (rule.confederate + rule.draw) / 2  # 8.0: 1/2; 8.2: 7
    days_left = state.last_day - state.turn.day + (0 if state.turn.night else 1)
    margin = (victory.vp(state, CSA) - victory.vp(state, UNION) - middle
              + HOLDING * days_left * victory.held_vp(state)
              + STRENGTH * (strength(state, CSA) - strength(state, UNION)))
    return 1.0 / (1.0 + math.exp(-margin / SCALE))


def strength(state: GbState, side: str) -> float:
    """The share of `side`'s printed SP still in the game (on the map or to come)."""
    alive = printed = 0
    for u in state.units:
        if u.side != side:
            continue
        printed += q.printed_sp(u.id)
        if u.status in (ON_MAP, PENDING, DUE):
            alive += u.sp
    return alive / printed if printed else 0.0
