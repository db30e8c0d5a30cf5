"""How good a position is, for the computer player (core/ai): a number in [0, 1] for a side.

A finished game is worth its result (a win 1, a loss 0, the T9 levels of a scenario in
between). Otherwise the Union's prospects are read from what decides the game:

- the MAS difference (B7.0) against what the Union needs: more than the Confederate MAS at
  every moment (B11.0), 5 more at the end of the short game (B13.0), the draw row of the
  agreed March in a scenario (O5.0, T9);
- the seven Union victory cities (B11.0) the Union owns, each worth more as they add up;
- Washington in Confederate hands (B11.0);
- the two armies' combat values on the map (T1; a reduced piece counts half);
- how close each army stands to what it must take: every piece's combat value weighs more the
  fewer boxes lie between it and the nearest enemy-held recruiting city (for the Union the
  victory cities first). Without this a line of play only pays once a capture happens, three
  decisions after "march from" (march, piece, destination), and the search sees too little.

Ownership is read as it will be at the end of the player turns: a box where only one side
has pieces is counted for that side (B9.0 captures). The Confederate value is one minus the
Union's: the game is zero-sum.
"""
from __future__ import annotations

import math
from functools import cache

from core.ahd import query as q
from core.ahd import scenarios
from core.ahd.state import CSA, UNION, AhdState
from maps.a_house_divided import UNION_VICTORY_CITIES, WASHINGTON

SHORT_GAME_MARGIN = 5   # B13.0 (AMB-22): the Union needs a MAS 5 larger at the end of turn 10
SCALE = 4.0             # how many "points" below move the value from 0.5 to about 0.73


def evaluate(state: AhdState, role: str) -> float:
    union = union_value(state)
    return union if role == UNION else 1.0 - union


def union_value(state: AhdState) -> float:
    if state.result is not None:
        return outcome(state.result)
    owner = projected_owner(state)
    margin = mas(state, owner, UNION) - mas(state, owner, CSA) - needed_margin(state)
    cities = sum(1 for city in UNION_VICTORY_CITIES if owner.get(city) == UNION)
    union_army, csa_army = army(state, UNION), army(state, CSA)
    points = (margin
              + 0.5 * cities * (cities + 1)          # 1, 3, 6 ... 28: the last ones count most
              + 12.0 * (union_army - csa_army) / max(1.0, union_army + csa_army)
              - (10.0 if owner.get(WASHINGTON) == CSA else 0.0)
              + 6.0 * (reach(state, owner, UNION) - reach(state, owner, CSA)))
    return 1.0 / (1.0 + math.exp(-points / SCALE))


def outcome(result: str) -> float:
    """A finished game: 1 for a Union win, 0 for a Confederate one, the T9 levels between."""
    for index, level in enumerate(scenarios.LEVELS):
        if result.startswith(level):
            return 1.0 - index / (len(scenarios.LEVELS) - 1)
    return 1.0 if result.startswith("Union") else 0.0


def projected_owner(state: AhdState) -> dict[str, str]:
    """Box owners once the pieces standing alone in a box have captured it (B9.0)."""
    owner = dict(state.owner)
    union, csa = q.occupied(state, UNION), q.occupied(state, CSA)
    for box in union - csa:
        owner[box] = UNION
    for box in csa - union:
        owner[box] = CSA
    return owner


def mas(state: AhdState, owner: dict[str, str], side: str) -> int:
    """B7.0 with the projected owners."""
    return (sum(value for box, value in q.shields(side).items() if owner.get(box) == side)
            + state.mas_offset.get(side, 0))


def needed_margin(state: AhdState) -> int:
    """The MAS difference the Union must reach: 5 in the short game (B13.0), the draw row of
    the agreed March (O5.0, T9), else not to fall behind (B11.0)."""
    year = scenarios.end_year(state.options)
    if year is not None:
        return scenarios.T9[year][3]
    if state.options.short_game:
        return SHORT_GAME_MARGIN
    return 0


def army(state: AhdState, side: str) -> float:
    """Combat values of `side`'s pieces on the map (T1), a reduced piece counting half."""
    return sum(p.value * (0.5 if p.reduced else 1.0) for p in q.pieces_of(state, side))


def targets(owner: dict[str, str], side: str) -> list[str]:
    """What `side` marches on: for the Union the victory cities it does not own (B11.0), for
    the Confederacy every Union-held box with a blue shield and Washington (B7.0, B11.0)."""
    if side == UNION:
        return [c for c in UNION_VICTORY_CITIES if owner.get(c) != UNION]
    return [box for box in q.shields(UNION) if owner.get(box) == UNION] + \
        ([WASHINGTON] if owner.get(WASHINGTON) != CSA else [])


def reach(state: AhdState, owner: dict[str, str], side: str) -> float:
    """The side's combat value weighted by closeness to its nearest target (1 in it, 1/2 next
    to it, 1/3 two boxes away...), over its whole combat value: 0 to 1."""
    goals = targets(owner, side)
    if not goals:
        return 1.0
    total = weighted = 0.0
    for p in q.pieces_of(state, side):
        nearest = min(distance(p.loc, goal) for goal in goals)
        total += p.value
        weighted += p.value / (1 + nearest)
    return weighted / total if total else 0.0


@cache
def distances(source: str) -> dict[str, int]:
    """Boxes between `source` and every box, along any line (the board as a graph)."""
    import networkx
    return dict(networkx.single_source_shortest_path_length(q.board().graph, source))


def distance(a: str, b: str) -> int:
    return distances(b).get(a, 99)
