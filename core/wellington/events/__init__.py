"""Wellington: the card events (5.1-5.3), carried out as each card's text in the seed says.

Importing this package registers every event that is implemented: common events and
Responses with core/wellington/cardplay.register, battle cards with
core/wellington/battle/cards.register_battle, lasting effects that reach battles with
register_standing. A card whose event is not finished is not registered (never offered as
an event) and is listed OPEN in docs/wellington-events-1-55.md / -56-110.md.

    common.py          helpers both halves share: an event's questions (EventChoice) and
                       after-steps (EventStep), who may play, kept cards, placing SP
    cards_1_55.py      cards #1-55 (docs/wellington-events-1-55.md); cards_1_55_battle.py:
                       #12 #21 #28 #29; cards_1_55_field.py: #7 #8 #19 #35
    cards_56_110.py    cards #56-110 (written by the other half)
"""
from __future__ import annotations

from core import stack
from core.wellington.events import (cards_1_55, cards_1_55_battle,  # noqa: F401  (register)
                                    cards_1_55_field)
from core.wellington.events import cards_56_110  # noqa: F401
from core.wellington.events import cards_siege_attrition  # noqa: F401
from core.wellington.events import cards_61  # noqa: F401
from core.wellington.events import common

# what flow.FLOW must merge: the events' questions and after-steps (frames/events.py)
FLOW: stack.Flow = dict(common.FLOW)
