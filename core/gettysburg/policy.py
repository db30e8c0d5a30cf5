"""The computer's default policy in Gettysburg 1863 (core/ai/search.py): a cheap score per
legal action, to grow the search tree along promising moves and to draw the rest of a move
(activate -> unit -> hex, or fire -> target) inside the search. It reads the position and the
map, never the dice.

- bring the troops into the fight: entering a reinforcement (7.0) and activating a unit or a
  stack (4.0, command results) over ending the round with results left (the issue: Robinson,
  Doubleday and Barlow activated and never brought on; "End the round" as a Confederate
  opening);
- fire (5.0) over declining to;
- a hex to move to: near the red-dot hexes (8.0, what the day's end scores), with cover
  (5.3.1 protection) and height (3.0); redeploying (a move off the map and back, 4.1) last.
"""
from __future__ import annotations

from functools import cache

from core.engine import Choice
from core.gettysburg import query as q
from core.gettysburg.state import GbState
from maps import gettysburg as gb_map

VERB = {
    "enter": 2.0, "command-stack": 1.2, "command": 1.0, "activate": 1.0, "fire": 1.5,
    "react": 0.5, "move": 0.6, "to": 0.5, "no-reaction": 0.0, "bugle-retreat": 0.0,
    "end-activation": -0.5, "redeploy": -0.8, "no-attack": -1.0, "pass": -1.0,
    "end-activations": -2.0,
}
COVER = 0.4          # a hex with protection (5.3.1) over an open one
HEIGHT = 0.03        # per elevation level (3.0)


def prior(state: GbState, role: str, choices: list[Choice]) -> list[float]:
    near = vp_distance()
    scores = []
    for choice in choices:
        action = choice.action
        score = VERB.get(action.verb, 0.0)
        if action.verb == "to" and isinstance(action.noun, str) and action.noun in near:
            h = action.noun
            score += (1.0 / (1 + near[h]) + (COVER if q.cover(h) else 0.0)
                      + HEIGHT * q.elevation(h))
        scores.append(score)
    return scores


@cache
def vp_distance() -> dict[str, int]:
    """Hexes from every hex to the nearest red-dot hex (8.0)."""
    return q.distance_field(gb_map.VP_HEXES)
