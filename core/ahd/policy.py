"""The computer's default policy in A House Divided (core/ai/search.py): a cheap score per
legal action, to grow the search tree along promising moves and to draw the rest of a move
(march -> piece -> destination) inside the search. It reads only the position and the
evaluation's tables (core/ahd/evaluate.py), never the dice.

- a destination (B4.0 march, B5.0 naval move): what taking the box would win (its MAS swing,
  `evaluate.gain`) and how near it stands to the nearest box the side must take
  (`evaluate.targets`): a march is worth the most where it ends on or beside a target;
- a destination in the side's own capital while it stands open to the enemy's next march
  (`evaluate.exposed`: Washington's fall is the game, B11.0; Richmond a victory city), by
  how open it is: without it the few lines a march gets never reached the capital, whose
  nearness to the targets is nil;
- marching on (a march, a piece, a stack) over ending movement: the issue's passivity
  (marches left unused while a gain was in reach);
- a recruit (B8.0) nearer the targets over one far behind; promoting over promoting nobody;
- "choose another piece" last: it only goes back.
"""
from __future__ import annotations

from core.ahd import evaluate
from core.ahd.state import AhdState
from core.engine import Choice

VERB = {   # a score by kind of action (the destination's own score is added to "space")
    "march": 1.0, "piece": 0.6, "move-stack": 0.8, "move-selection": 0.7, "toggle": 0.2,
    "sail": 0.3, "invade": 0.5, "space": 0.5, "promote": 0.5, "recruit-infantry": 0.4,
    "recruit-cavalry": 0.3, "entrench": 0.0, "end-march": -0.5, "end-movement": -1.0,
    "end-recruiting": -1.0, "pass": -1.0, "cancel": -2.0,
}
PLACED = ("space", "invade", "recruit-infantry", "recruit-cavalry")   # nouns that are boxes
COVER = 3.0   # a destination in one's own open capital, times how open it is (above any gain)


def prior(state: AhdState, role: str, choices: list[Choice]) -> list[float]:
    owner = evaluate.projected_owner(state)
    goals = evaluate.targets(state, owner, role)
    nearest = evaluate.distances_to(tuple(goals)) if goals else {}
    capital = evaluate.CAPITALS[role]
    cover = COVER * evaluate.exposed(state, owner, role)
    scores = []
    for choice in choices:
        action = choice.action
        score = VERB.get(action.verb, 0.0)
        if action.verb in PLACED and isinstance(action.noun, str):
            score += 1.0 / (1 + nearest.get(action.noun, 99))
            score += evaluate.gain(owner, action.noun, role)
            if action.noun == capital:
                score += cover
        scores.append(score)
    return scores
