"""How good a position is, for the computer player (core/ai): a number in [0, 1] for a side,
and the dealing of the cards a side cannot see (determinize).

A finished game is worth its result. Otherwise the American's points, a logistic of the terms
below (American minus British; the weights in evaluate.toml, tuned by bench/tune.py):

- `colonies`: the colonies each side controls against 13.2's thresholds (the American wins
  with 7 or more while the British holds 5 or fewer; Canada counts as one);
- `pcs`: PCs held (10.0: what controls the colonies next);
- `army`: the CUs on the map (13.1: a side with none on the map loses);
- `alliance`: the French Alliance track (12.0), or France in the war;
- `regulars`: the British Regulars Advantage (9.41);
- `washington`: Washington removed (7.6.B);
- `clock`: the colony margin weighted by how near the game's end is (the War Ends card in its
  box, 6.34.C.iii, else 1783): the nearer the end, the more the present count decides;
- `winter`: the share of each side's CUs on the map in winter quarters or south of the
  winter line (11: the others suffer attrition; the issue: Howe retreated to Barnstable
  instead of winter quarters and lost 2 CUs);
- `generals`: each general with no CU of his side beside an enemy army (7.6: a lone general
  overrun is captured), Washington counting three;
- `congress`: the Continental Congress dispersed (7.7);
- `concentration`: the share of each side's CUs on the map in armies (3.0: CUs with a
  general move and fight; CUs alone are picked off);
- `cards`: the OPS in each hand (6.2), an event of the side's own flag counted as 2 and one of
  the other flag as nothing (6.3.B: it cannot be played, only discarded, and an exchange hands
  it to the other side): an event that helps the opponent is not worth handing over.
  The search deals the hidden hand anew (determinize), so this reads only what it may.

Zero-sum: the British value is one minus the American's.
"""
from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path

from core import cards
from core.engine import clone
from core.rng import HasRng
from core.ww import deck
from core.ww import query as q
from core.ww.state import AMERICAN, BRITISH, LAST_YEAR, REMOVED, WAR_ENDS, WwState

WEIGHTS_FILE = Path(__file__).with_name("evaluate.toml")
SIDES = (AMERICAN, BRITISH)


WEIGHTS: dict[str, float] = tomllib.loads(WEIGHTS_FILE.read_text())


def use_weights(new: dict[str, float]) -> None:
    """Value positions with other weights from now on (bench/tune.py plays candidate weights
    against these)."""
    WEIGHTS.clear()
    WEIGHTS.update(new)


def evaluate(state: WwState, role: str) -> float:
    american = american_value(state)
    return american if role == AMERICAN else 1.0 - american


def evaluate_all(state: WwState) -> dict[str, float]:
    american = american_value(state)
    return {AMERICAN: american, BRITISH: 1.0 - american}


def american_value(state: WwState, ) -> float:
    if state.result is not None:
        return 1.0 if state.result.startswith("American") else 0.0
    w = WEIGHTS
    points = sum(w[name] * value for name, value in terms(state).items())
    return 1.0 / (1.0 + math.exp(-points / w["scale"]))


def terms(state: WwState) -> dict[str, float]:
    """Each term of the American's points, unweighted (see the module docstring)."""
    american = q.colonies_controlled(state, AMERICAN)
    british = q.colonies_controlled(state, BRITISH)
    colonies = (american - 6.5) - (british - 5.5)               # 13.2 thresholds
    army_am, army_br = q.cus_on_map(state, AMERICAN), q.cus_on_map(state, BRITISH)
    board = Board(state)
    return {
        "colonies": colonies,
        "pcs": len(q.pcs_of(state, AMERICAN)) - len(q.pcs_of(state, BRITISH)),
        "army": (army_am - army_br) / max(1, army_am + army_br),
        "alliance": 8.0 if state.france_in_war else float(state.alliance),
        "regulars": -1.0 if state.regulars else 0.0,
        "washington": -1.0 if state.generals.get(q.WASHINGTON) == REMOVED else 0.0,
        "clock": colonies / (1 + max(0, end_year(state) - state.year)),
        "winter": board.sheltered(AMERICAN) - board.sheltered(BRITISH),
        "generals": board.exposed_generals(BRITISH) - board.exposed_generals(AMERICAN),
        "congress": -1.0 if q.congress_dispersed(state) else 0.0,
        "concentration": board.massed(AMERICAN) - board.massed(BRITISH),
        "cards": hand_value(state, AMERICAN) - hand_value(state, BRITISH),
    }


def end_year(state: WwState) -> int:
    """6.34.C.iii: the year on the War Ends card in its box, else the last year."""
    years = [deck.card(n).war_end_year for n in state.piles.boxes.get(WAR_ENDS, [])]
    return min((y for y in years if y is not None), default=LAST_YEAR)


def hand_value(state: WwState, side: str) -> float:
    """The OPS of `side`'s hand, an event of its own flag (or none: campaigns) counted as 2,
    one of the other flag as nothing (6.2, 6.3.B)."""
    flag = side.lower()
    total = 0.0
    for number in state.piles.hands.get(side, []):
        card = deck.card(number)
        if card.ops is not None:
            total += card.ops
        elif card.flag in (flag, "none", "both"):
            total += 2.0
    return total


class Board:
    """One pass over the map: where each side's CUs and generals stand."""

    def __init__(self, state: WwState) -> None:
        self.state = state
        self.cus = {AMERICAN: {}, BRITISH: {}}
        for space in state.cus:
            if not q.on_map(space):
                continue
            for side in SIDES:
                n = q.cus(state, space, side)
                if n:
                    self.cus[side][space] = n
        self.generals = {AMERICAN: {}, BRITISH: {}}
        for general, where in state.generals.items():
            if q.on_map(where):
                self.generals[q.roster.side(general)][where] = general

    def sheltered(self, side: str) -> float:
        """11: the share of `side`'s CUs on the map in winter quarters or south of the line."""
        total = sum(self.cus[side].values())
        safe = sum(n for space, n in self.cus[side].items()
                   if q.is_winter_quarters(space) or q.south_of_line(space))
        return safe / total if total else 1.0

    def massed(self, side: str) -> float:
        """3.0: the share of `side`'s CUs on the map standing with one of its generals."""
        total = sum(self.cus[side].values())
        massed = sum(n for space, n in self.cus[side].items() if space in self.generals[side])
        return massed / total if total else 0.0

    def exposed_generals(self, side: str) -> float:
        """7.6: `side`'s generals with no CU of theirs, beside an enemy army (a general and
        CUs); Washington counts three."""
        enemy = BRITISH if side == AMERICAN else AMERICAN
        armies = {space for space in self.cus[enemy] if space in self.generals[enemy]}
        count = 0.0
        for space, general in self.generals[side].items():
            if self.cus[side].get(space):
                continue
            if space in armies or any(s in armies for s in q.adjacent(space)):
                count += 3.0 if general == q.WASHINGTON else 1.0
        return count


def determinize(state: WwState, role: str, generator: HasRng) -> WwState:
    """The position with every card `role` cannot see (the other hand, the deck) dealt anew,
    each place keeping its size (core/cards.py deal_unseen)."""
    new = clone(state)
    new.piles = cards.deal_unseen(state.piles, role, generator)
    return new
