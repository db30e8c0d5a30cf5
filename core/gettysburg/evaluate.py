"""How good a position is, for the computer player (core/ai): a number in [0, 1] for a side.

A finished game is worth its result (a win 1, a draw 1/2, a loss 0). Otherwise the value is a
logistic of a margin in VP-equivalents, the Confederate's minus the Union's, each term as a
player reads the board (the weights in evaluate.toml, tuned by bench/tune.py):

- `score`: the VP difference so far against the scenario's victory levels (8.0, 8.2);
- `holding`: the red-dot hexes the Confederate player holds now, counted for every end of day
  still to come (8.0: hexes score at each day's end);
- `strength`: the share of each army's printed SP still in the game (8.0: an eliminated unit
  scores its printed SP for the enemy);
- `waiting`: the SP due and not yet brought on (7.0): a division off the map is not in the
  fight (the issue: reinforcements left off the map, "End the round" as an opening);
- `race`: each red-dot hex, by its VP, for the side whose nearest unit stands nearer to it
  (held and wanted: the hex the day's end will score goes to who gets there first, 8.0);
- `reach`: each army's SP on the map weighted by closeness to the nearest red-dot hex (1 in
  it, 1/2 next to it...), over its printed SP: units able to reach the fight;
- `cover`: the share of each army's printed SP on the map in a hex with protection (5.3.1:
  fewer dice against it) or higher than every enemy neighbour (3.0 elevation);
- `exposed`: the share of each army's printed SP next to an enemy unit in a hex without
  protection
  (5.0, 5.3.1: it takes the full dice; the issue: Gamble moved out of Herbst Woods into the
  open);
- `fresh`: the share of each army's units on the map at full SP and not stragglers (6.0
  integrity: a spent formation fights and holds worse).

Line of sight is not read (the map has no LOS data the rules use for this); distance stands in
for it. Zero-sum: the Union value is one minus the Confederate's.
"""
from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path

from core.gettysburg import query as q
from core.gettysburg import victory
from core.gettysburg.scenarios import scenario_book
from core.gettysburg.state import CSA, DUE, ON_MAP, PENDING, UNION, GbState
from maps import gettysburg as gb_map

WEIGHTS_FILE = Path(__file__).with_name("evaluate.toml")
FAR = 99


WEIGHTS: dict[str, float] = tomllib.loads(WEIGHTS_FILE.read_text())


def use_weights(new: dict[str, float]) -> None:
    """Value positions with other weights from now on (bench/tune.py plays candidate weights
    against these)."""
    WEIGHTS.clear()
    WEIGHTS.update(new)


def evaluate(state: GbState, role: str) -> float:
    csa = confederate_value(state)
    return csa if role == CSA else 1.0 - csa


def evaluate_all(state: GbState) -> dict[str, float]:
    """Both sides' values from one computation (the search values every line for each)."""
    csa = confederate_value(state)
    return {CSA: csa, UNION: 1.0 - csa}


def confederate_value(state: GbState, ) -> float:
    if state.result is not None:
        if state.result.startswith("Confederate"):
            return 1.0
        return 0.0 if state.result.startswith("Union") else 0.5
    w = WEIGHTS
    terms = margin_terms(state)
    margin = sum(w[name] * value for name, value in terms.items())
    return 1.0 / (1.0 + math.exp(-margin / w["scale"]))


def margin_terms(state: GbState) -> dict[str, float]:
    """Each term of the margin, unweighted, Confederate minus Union (see the docstring)."""
    book = scenario_book()
    rule = book.victory[book.scenarios[state.played].victory]
    middle = (rule.confederate + rule.draw) / 2  # 8.0: 1/2; 8.2: 7
    days_left = state.last_day - state.turn.day + (0 if state.turn.night else 1)
    board = Board.of(state)
    return {
        "score": victory.vp(state, CSA) - victory.vp(state, UNION) - middle,
        "holding": days_left * victory.held_vp(state),
        "strength": strength(state, CSA) - strength(state, UNION),
        "waiting": board.waiting[UNION] - board.waiting[CSA],
        "race": board.race(),
        "reach": board.reach(CSA) - board.reach(UNION),
        "cover": board.cover(CSA) - board.cover(UNION),
        "exposed": board.exposed(UNION) - board.exposed(CSA),
        "fresh": board.fresh(CSA) - board.fresh(UNION),
    }


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


class Board:
    """One pass over the units: where each army stands, for the positional terms."""

    def __init__(self, state: GbState) -> None:
        self.units = {UNION: [], CSA: []}
        self.hexes: dict[str, set[str]] = {UNION: set(), CSA: set()}
        self.arriving: dict[str, set[str]] = {UNION: set(), CSA: set()}   # entry hexes (7.0)
        printed = {UNION: 0, CSA: 0}
        pending = {UNION: 0, CSA: 0}
        for u in state.units:
            printed[u.side] += q.printed_sp(u.id)
            if u.status == ON_MAP:
                self.units[u.side].append(u)
                self.hexes[u.side].add(u.hex)
            elif u.status == PENDING:
                pending[u.side] += u.sp
                self.arriving[u.side].add(u.entry)
        self.printed = printed
        self.waiting = {side: pending[side] / printed[side] if printed[side] else 0.0
                        for side in printed}

    @classmethod
    def of(cls, state: GbState) -> "Board":
        return cls(state)

    def race(self) -> float:
        """Sum over the red-dot hexes of VP x (Union's distance - Confederate's) / (sum),
        each in [-1, 1]: +1 a hex only the Confederate is near (8.0). A reinforcement due now
        counts from its entry hex, one turn behind (7.0)."""
        total = 0.0
        for h, vp in gb_map.VP_HEXES.items():
            csa = min(nearest(self.hexes[CSA], h), 1 + nearest(self.arriving[CSA], h))
            union = min(nearest(self.hexes[UNION], h), 1 + nearest(self.arriving[UNION], h))
            if csa == union:
                continue
            total += vp * (union - csa) / (union + csa)
        return total

    # Shares of the army's *printed* SP, not of the SP on the map: a unit brought on never
    # lowers a term (as a share of the SP on the map, a reinforcement entering far from the
    # red-dot hexes lowered `reach`, and the computer left Robinson off the map).

    def reach(self, side: str) -> float:
        near = vp_distance()
        total = sum(u.sp / (1 + near.get(u.hex, FAR)) for u in self.units[side])
        return total / self.printed[side] if self.printed[side] else 0.0

    def cover(self, side: str) -> float:
        enemy = self.hexes[UNION if side == CSA else CSA]
        held = sum(u.sp for u in self.units[side] if q.cover(u.hex) or above(u.hex, enemy))
        return held / self.printed[side] if self.printed[side] else 0.0

    def exposed(self, side: str) -> float:
        enemy = self.hexes[UNION if side == CSA else CSA]
        out = sum(u.sp for u in self.units[side]
                  if not q.cover(u.hex) and any(n in enemy for n in q.neighbours(u.hex)))
        return out / self.printed[side] if self.printed[side] else 0.0

    def fresh(self, side: str) -> float:
        units = self.units[side]
        good = sum(1 for u in units if u.sp >= q.printed_sp(u.id) and not u.straggler)
        return good / len(units) if units else 1.0


def nearest(hexes: set[str], h: str) -> int:
    return min((q.distance(h, other) for other in hexes), default=FAR)


def above(h: str, enemy: set[str]) -> bool:
    """Higher than every enemy unit next to it, with one next to it (3.0 elevation)."""
    heights = [q.elevation(n) for n in q.neighbours(h) if n in enemy]
    return bool(heights) and q.elevation(h) > max(heights)


@cache
def vp_distance() -> dict[str, int]:
    """Hexes from every hex to the nearest red-dot hex (8.0)."""
    return q.distance_field(gb_map.VP_HEXES)
