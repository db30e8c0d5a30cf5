"""The computer's default policy in Washington's War (core/ai/search.py): a cheap score per
legal action, to grow the search tree along promising moves and to draw the rest of a move
(card -> OPS use -> general -> spaces, or PC after PC) inside the search. It reads the
position and the card data, never the hidden cards or the dice.

- a card played for its event when the event is the player's own (6.3.B flag) or a campaign
  (7.2); an enemy event discarded rather than handed over by an exchange (6.32: the issue's
  Spain Declares War passed back and forth);
- OPS used (activating a general, 7.1; PCs, 10.11; reinforcements, 8.0) over discarding or
  stopping with actions unused (passivity);
- a general activated and his CUs carried with him (7.3) over none.
"""
from __future__ import annotations

from core.engine import Choice
from core.ww import deck
from core.ww.state import WwState

VERB = {
    "event": 0.3, "activate": 0.8, "pc": 0.6, "reinforce": 0.5, "queue": 0.0,
    "queue-add": 0.1, "place": 0.5, "remove": 0.6, "space": 0.3, "general": 0.5, "move": 0.3,
    "naval": 0.2, "end": 0.0, "carry": 0.0, "discard-event": -0.3, "exchange": -0.6,
    "decline": 0.0, "discard": -1.0, "stop": -1.0, "nothing": -1.0, "no-general": -1.0,
    "end-campaign": -0.5,
}


def prior(state: WwState, role: str, choices: list[Choice]) -> list[float]:
    side = role.lower()
    scores = []
    for choice in choices:
        action = choice.action
        score = VERB.get(action.verb, 0.0)
        if action.verb in ("event", "discard-event") and isinstance(action.noun, int):
            card = deck.card(action.noun)
            own = card.flag == side or card.kind == "campaign"
            if action.verb == "event":
                score += 1.0 if own else 0.0
            elif card.flag not in (side, "none", "both"):
                score += 0.8   # the enemy's event: out of the game rather than in its hand
        elif action.verb == "carry" and isinstance(action.noun, str) and "=" in action.noun:
            score += 0.1 * int(action.noun.rpartition("=")[2] or 0)
        scores.append(score)
    return scores
