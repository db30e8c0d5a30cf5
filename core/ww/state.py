"""Washington's War: the whole game state, as data (saved and copied by the engine).

Where things are:
- `generals`: every general -> where he is: a map space id, or one of the boxes below.
- `cus`: where combat units are, as counts per nationality: location -> {nationality: n}.
  Locations are map space ids and the boxes below (the British Reinforcements box, the
  Reserves, the French forces waiting to arrive). CU pieces are "like money" (2.2.A, 3.0):
  only the totals per nationality matter, so no piece has an identity.
- `pcs`: space -> the side whose PC marker is there (10.0.A: at most one per space).
- `congress`: the Continental Congress's space, or DISPERSED (7.7).
- `piles`: every card (core/cards.py): deck, discard, removed, hands, and the board's card
  boxes (the War Ends box, the Reinforcement Card boxes, each side's Operations Queue).
- `stack`: what is pending (core/ww/frames/), outermost first; `flow.py` says what each
  frame does.

Names: sides are AMERICAN / BRITISH (the two roles); nationalities of CUs are "american",
"british", "french" (12.2.C: French units count as American except in Winter Attrition).
"""
from __future__ import annotations

import msgspec

from core.cards import Piles
from core.engine import State
from core.ww.frames import WwFrame
from core.ww.options import WwOptions

AMERICAN = "American"
BRITISH = "British"
SIDES = (AMERICAN, BRITISH)

# nationalities of combat units (2.2.A)
AM = "american"
BR = "british"
FR = "french"
NATIONALITIES = (AM, BR, FR)
SIDE_OF = {AM: AMERICAN, FR: AMERICAN, BR: BRITISH}  # 12.2.C: French units are American units

# Boxes of the board (one definition, in maps/washingtons_war.py) and of the counter tray.
from maps.washingtons_war import (  # noqa: E402
    AMERICAN_REINFORCEMENT_CARDS,                       # 8.2.B: twice per turn
    AMERICAN_REINFORCEMENT_LEADERS as AMERICAN_LEADERS,  # 5.1, 8.2: American generals
    BRITISH_REINFORCEMENT_CARD,                         # 8.1.B: once per turn
    BRITISH_REINFORCEMENTS,                             # 5.1, 8.1: generals and CUs
    CAPTURED_GENERALS as CAPTURED,                      # 7.6
    CONGRESS_DISPERSED as DISPERSED,                    # 7.7
    FRENCH_REINFORCEMENTS,                              # 4.0: Rochambeau, 5 French CUs
    WAR_ENDS,                                           # 6.34.C.iii
)
RESERVE = "reserve"                                     # 8.2.C, 9.5: CUs out of play
REMOVED = "removed"                                     # 7.6.B Washington; Arnold (6.33)
BOXES = (BRITISH_REINFORCEMENTS, AMERICAN_LEADERS, FRENCH_REINFORCEMENTS, CAPTURED, RESERVE,
         REMOVED, DISPERSED)

# Card boxes (core.cards.Piles.boxes): the board's, and the players' own
QUEUE = {AMERICAN: "american-queue", BRITISH: "british-queue"}     # 7.1.B
RESHUFFLE_REMINDER = "reshuffle-reminder"  # 6.3.D: a played reshuffle event, face up on the deck
IN_PLAY = "in-play"          # the card being played, until its use sends it on (6.2, 6.3.C)
CARD_BOXES = (WAR_ENDS, BRITISH_REINFORCEMENT_CARD, *AMERICAN_REINFORCEMENT_CARDS,
              *QUEUE.values(), RESHUFFLE_REMINDER, IN_PLAY)

# French Alliance track (12.0): 0..9, 9 = the French Alliance
ALLIANCE_SPACES = 9
# French Navy (12.3): a blockade zone id (the zone boxes of the map), or one of these
NAVY_NOT_IN_PLAY = ""
NAVY_ON_TURN_TRACK = "turn-track"   # "d'Estaing Sails for the Caribbean": no zone blockaded

FIRST_YEAR = 1775
LAST_YEAR = 1783                    # the Turn Track's last space (A20)


class WwState(State, kw_only=True):
    """The whole game of Washington's War."""

    options: WwOptions = WwOptions()
    stack: list[WwFrame] = []
    year: int = FIRST_YEAR
    generals: dict[str, str] = {}              # general id -> space or box
    cus: dict[str, dict[str, int]] = {}        # space or box -> nationality -> CUs (no zeros)
    pcs: dict[str, str] = {}                   # space -> AMERICAN | BRITISH
    congress: str = ""                         # its space, or DISPERSED (7.7)
    piles: Piles = msgspec.field(default_factory=Piles)
    regulars: bool = True                      # British Regulars Advantage in effect (9.41)
    alliance: int = 0                          # French Alliance track, 0..9 (12.0)
    france_in_war: bool = False                # the French Alliance has been applied (12.2)
    alliance_this_turn: bool = False           # applied this turn: End Phase European War (5.7)
    european_war: bool = False                 # in effect from the End Phase of that turn
    navy: str = NAVY_NOT_IN_PLAY               # a blockade zone id, or the two values above
    reshuffle_pending: bool = False            # a reshuffle at the next Strategy Card Phase
    mutiny: bool = False                       # "Line Mutinies" played this turn (10.11.A.iv)
    # -- the Strategy Phase --
    first_player: str = ""                     # who played the first impulse this turn (5.3)
    last_impulse: str = ""                     # who played the last impulse
    exchange_card: int = 0                     # an Event discarded as a play, open to exchange
    exchange_for: str = ""                     # ... by this side, before its impulse (6.32.C)
    replacements: dict[str, int] = {}          # Battle-card replacement draws due (6.33.B)
    intercepted: list[str] = []                # generals who tried to intercept during the
                                               # current British card (7.8.E)
