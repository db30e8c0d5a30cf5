"""Wellington: the whole game state, as data (saved and copied by the engine).

Powers (the four roles, 1.1) and their order on the Impulse Track (1.3): GB, AdS, Spain, AdN.
Sides (8.1, fixed alliances): the Allies (GB + Spain) and the French (AdS + AdN).

Where things are:
- `troops`: soldiers as counters per type, location -> Power -> [infantry, cavalry, artillery]
  (1.5: 1, 2 and 4 SP). Locations are duchy ids of the map, the England box and the Regroup
  Box (REGROUP). Counters not in `troops` are unbuilt (they may be built, 6.0); the counter mix
  (1.5) bounds every Power's total.
- `commanders`: commander id -> duchy, the England box, REGROUP, or UNBUILT (eliminated or not
  yet in play: may be built, 6.1).
- `leading`: duchy -> the commander named Commander of the Formations there (9.53, 9.6); the
  other commanders of his side in the duchy are his staff officers (1.6).
- `flags`: duchy -> the Power whose flag stands there (7: at most one per duchy).
- `piles`: every card (core/cards.py): the common deck, discard pile, removed cards (5.7),
  hands (common and national cards together; nationals never count toward the limit of 8),
  and the boxes: each national deck (undealt, face down), each Reserve (played national cards,
  4.21: nobody may look), the card in play, and cards kept in effect.
- `stack`: what is pending (frames/), outermost first; flow.py says what each frame does.

Markers and effects other parts read and write (named here so every part finds them):
`bfi` (battle / failed intercept, 9.51, 10.4, 11.52: cleared at the end of every impulse,
4.2), `marched` (duchies entered this impulse, 9.42), `besieged` (fortresses besieged this
impulse, 12.22), `siege_to_resolve` (12.2), `hasty_forts` (#37), `blocked` (#9, #10), `effects`
(any card effect with a duration), `obligations` (#26, #65: a card play owed), `owed_removals`
(5.12) and `unsatisfied` (5.13, 19.3).
"""
from __future__ import annotations

import msgspec

from core.cards import Piles
from core.engine import State
from core.wellington.frames import WellingtonFrame
from core.wellington.options import WellingtonOptions

GB = "GB"
ADS = "AdS"
SPAIN = "Spain"
ADN = "AdN"
POWERS = (GB, ADS, SPAIN, ADN)           # 1.3: the Impulse Track, left to right
ALLIES = "Allies"
FRENCH = "French"
SIDE = {GB: ALLIES, SPAIN: ALLIES, ADS: FRENCH, ADN: FRENCH}   # 8.1: fixed alliances
ENEMY_SIDE = {ALLIES: FRENCH, FRENCH: ALLIES}
ALLY = {GB: SPAIN, SPAIN: GB, ADS: ADN, ADN: ADS}
POWER_NAME = {GB: "Great Britain", ADS: "Armée du Sud", SPAIN: "Spain", ADN: "Armée du Nord"}

# soldiers (1.5): counter types and their SP
INF, CAV, ART = 0, 1, 2
COUNTER_TYPES = (INF, CAV, ART)
SP = (1, 2, 4)
COUNTER_NAME = ("infantry", "cavalry", "artillery")

# off-map places of pieces (J.5)
from maps.wellington import ENGLAND, REGROUP  # noqa: E402, F401  (G.7 England box; 6.0 Regroup Box)
UNBUILT = "unbuilt"                      # a commander eliminated or not yet built (6.1)

# card boxes (core.cards.Piles.boxes)
NATIONAL_DECKS = {GB: "national-deck-GB", SPAIN: "national-deck-Spain",
                  FRENCH: "national-deck-French"}           # 2.4: undealt, face down
RESERVES = {GB: "reserve-GB", SPAIN: "reserve-Spain", FRENCH: "reserve-French"}  # 4.21
IN_PLAY = "in-play"                      # the card being played, until its use sends it on
IN_EFFECT = "in-effect"                  # played cards whose effect lasts (#13, #23...)
CARD_BOXES = (*NATIONAL_DECKS.values(), *RESERVES.values(), IN_PLAY, IN_EFFECT)
HIDDEN_BOXES = (*NATIONAL_DECKS.values(), *RESERVES.values())   # 2.4, 4.21

FIRST_YEAR = 1812
LAST_YEAR = 1814                         # 1.4: at most three turns


def deck_key(power: str) -> str:
    """The national deck a Power draws from: the French Powers share theirs (1.10)."""
    return FRENCH if SIDE[power] == FRENCH else power


class Effect(msgspec.Struct, kw_only=True):
    """A card effect with a duration. `until`: "impulse" (the end of the current impulse),
    "next-impulse" (the start of `power`'s next impulse), "end-next-impulse" (the end of
    `power`'s next impulse), "turn" (the end of the turn), "game"."""

    card: int
    power: str                           # who played it (or whom it binds: see the card)
    target: str = ""                     # a commander, duchy, line "a|b", Power...
    until: str = "turn"
    started: int = 0                     # the impulse count when it began


class WellingtonState(State, kw_only=True, dict=True):
    """The whole game of Wellington. (`dict=True` lets it carry the index of who stands where,
    core/wellington/presence.py, outside its fields: never encoded nor compared.)"""

    options: WellingtonOptions = WellingtonOptions()
    stack: list[WellingtonFrame] = []
    start_year: int = FIRST_YEAR
    year: int = FIRST_YEAR
    # -- pieces --
    troops: dict[str, dict[str, list[int]]] = {}   # location -> Power -> [inf, cav, art]
    commanders: dict[str, str] = {}                # commander -> location, REGROUP or UNBUILT
    leading: dict[str, str] = {}                   # duchy -> its Commander (9.53, 9.6)
    flags: dict[str, str] = {}                     # duchy -> Power (7)
    piles: Piles = msgspec.field(default_factory=Piles)
    resources: dict[str, int] = {}                 # Power -> Resources (15)
    # -- the impulse phase (4.2-4.24) --
    round: int = 1                                 # impulse round of the turn (4.24)
    marker: int = 0                                # the Impulse marker: index into POWERS
    impulses: int = 0                              # impulses taken this game (for effects)
    last_impulse: str = ""                         # the Power of the previous impulse (4.22)
    last_holder: str = ""                          # the only Power holding cards (4.24, 17.1)
    # -- markers other parts keep (see the module docstring) --
    bfi: list[str] = []                            # formation ids with a BFI marker
    marched: dict[str, int] = {}                   # formation id -> duchies entered (9.42)
    besieged: list[str] = []                       # fortresses besieged this impulse (12.22)
    siege_to_resolve: list[str] = []               # Powers with the marker (12.2)
    hasty_forts: list[str] = []                    # duchies with a Hasty Fort (#37)
    blocked: list[str] = []                        # lines "a|b" nothing may cross (#9, #10)
    effects: list[Effect] = []
    obligations: dict[str, list[int]] = {}         # Power -> cards owed as its play (#26, #65)
    owed_removals: dict[str, list[int]] = {}       # Power -> SP owed, one per event (5.12)
    unsatisfied: dict[str, int] = {}               # Power -> other VP penalties (19.3)
    played_this_turn: list[int] = []               # cards played as events this turn
    played_a_card: list[str] = []                  # Powers that played a card this turn (5.12)
    french_bonus_reduced: bool = False             # #38 The Emperor's Call (11.3)
    reinforcement_cp: dict[str, int] = {}          # Power -> Reinforcement CP left (16.2)
    # -- sieges and naval matters (rules 12, 14) --
    fought: dict[str, int] = {}      # "power@duchy" -> `impulses` when it fought a non-Overrun
    #                                  battle there (12.2: no siege by it there that impulse)
    sea_moved: dict[str, int] = {}   # commander id or "power@port" -> `impulses` when it came
    #                                  by sea (14.2: no land move in that impulse)
    paid_convoy: dict[str, int] = {}  # Power -> `impulses` of its paid convoy (14.2: one each)
    battery: dict[str, list[int]] = {}  # port -> [impulses, E, D] coastal battery losses of an
    #                                  assault: first-round losses of its siege (14.3)
    # -- movement (rules 9, 10) --
    # what the battle (11.41-11.43, 10.7) reads of this impulse's moves, through
    # movement.crossed_into and movement.evasion_failed; valid while movement_impulse equals
    # `impulses` (read as empty otherwise)
    crossed: dict[str, list[str]] = {}             # duchy -> line kinds active Formations crossed into it
    evasion_failed: list[str] = []                 # duchies where a defender failed an evasion (10.7)
    movement_impulse: int = -1                     # the impulse these two were written in
    # -- sieges and naval matters (cards #68, #102, #103) --
    # this impulse's attrition losses: (impulses, duchy, Power, cause card or 0, SP,
    # commander id or "", "" eliminated / REGROUP), so an event may give them back
    attrition_lost: list[tuple[int, str, str, int, int, str, str]] = []
    # -- movement (rule 11.62 note) --
    # "<side>@<duchy>" -> the adjacent duchies Formations of that side entered it from by an
    # event's interception this impulse (armies.entry_duchies; valid as `crossed`)
    reinforced_from: dict[str, list[str]] = {}
    # -- placements (rules 6.3, 10.1; placement.py) --
    # besieged friendly fortress duchy -> the pieces built or regrouped into it this impulse:
    # "<power>/<kind>" per soldier counter (kind 0-2), a commander's id; the battle at the
    # impulse's end (6.3) and the retreat (G.34) read them; cleared at every impulse's end
    placed_besieged: dict[str, list[str]] = {}
    # -- movement (rule 9.62) --
    # "<impulses>:<duchy>:<commander>": new Commanders proposed for a two-Power Army Group in
    # the impulse `impulses` (each proposed once an impulse; movement.proposals)
    commander_proposals: list[str] = []
