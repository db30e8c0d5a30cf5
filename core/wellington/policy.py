"""The computer's default policy in Wellington (core/ai/search.py): a cheap score per legal
action, to grow the search tree along promising moves and to draw the rest of an impulse
(card -> CP -> Army -> duchies) inside the search. It reads the position, never the hidden
cards or the dice.

- CP spent (5.5) on moving Armies (9.1), flags (7.1) and building (6.1) over stopping with CP
  left, which loses them (5.5);
- an Army's march carried on over halting; a lone SP moved last (9.1);
- an interception or evasion tried (10.1, 10.7) over declining it (the issue: the Armée du
  Sud declined both and left 1 SP to be beaten by 4).
"""
from __future__ import annotations

from core.engine import Choice
from core.wellington.state import WellingtonState

VERB = {
    "cp": 0.5, "event": 0.3, "move": 1.0, "to": 0.6, "join": 0.3, "take": 0.3, "flag": 0.5,
    "build": 0.3, "convoy": 0.1, "respond": 0.2, "move-soldier": 0.0, "leave": -0.2,
    "detach": -0.2, "halt": -0.3, "no-response": 0.0, "end": -0.5, "stop": -1.0,
}


def prior(state: WellingtonState, role: str, choices: list[Choice]) -> list[float]:
    return [VERB.get(choice.action.verb, 0.0) for choice in choices]
