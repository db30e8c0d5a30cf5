"""Movement (9), interception and evasion (10). Behaviour: core/wellington/movement.py
(Move, MoveStep, JoinConsent, Entry, NameCommander) and core/wellington/interception.py
(Entry's steps, InterceptAsk, EvadeAsk, Attempt).

    Move            one CP expenditure chain of the active Power (or an event's free move,
                    #44, #109): an Army, an Army Group or one leaderless soldier counter moving
                    duchy by duchy (a sequence: the MoveStep stop again and again, then the
                    end of the move)
      MoveStep      the mover's player: the next duchy, units to take or leave, or halt
      JoinConsent   9.61: may a stationary allied Army join the moving one?
      Entry         what entering one duchy brings (a sequence: Responses, interceptions,
                    evasions, movement attrition, then battle or the fortress stop, 9.51, 9.52)
        InterceptAsk   an inactive enemy Power may try to intercept into the duchy (10.1-10.4)
        EvadeAsk       a defending Power may try to evade out of the duchy (10.5-10.7)
        Attempt        one interception or evasion: announced (Responses), rolled, carried out
    JoinBattle      an event's interceptions into a battle or siege (#16, #40, #53, #108)
      JoinBattleAsk the card's player: the next Formation to try, or no more
    NameCommander   9.53, 9.6, 9.62: several friendly commanders in a duchy: one is named
                    Commander
    CommanderConsent  9.62: the other Power of a two-Power Army Group agrees (or not) to the
                    new Commander the active Power proposes

Formation ids (what `WellingtonState.bfi` and `WellingtonState.marched` hold, and what
`battle.start(..., formation, ...)` receives): an Army or Army Group is named by its
commander's id ("wellington"); soldiers with no commander of their Power in their duchy are
named "<power>:<duchy>" ("Spain:valladolid": the leaderless Spanish soldiers there; after a
move, the duchy they now stand in).
"""
from __future__ import annotations

import msgspec

from core.stack import Frame, Sequence


class Army(msgspec.Struct, kw_only=True):
    """One moving Army (1.61): its `commander` ("" for a leaderless soldier counter, 9.1),
    its Power, the soldiers it carries ([infantry, cavalry, artillery], they stand in its
    duchy in `WellingtonState.troops`), its staff officers (own Power only, 1.61), and the
    duchies it has entered this impulse (its march marker, 9.42)."""

    commander: str
    power: str
    troops: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    staff: list[str] = []
    marched: int = 0


class Move(Sequence, tag="move", kw_only=True):
    """9.1, 9.63, 9.64: `power` moves `armies` (one Army, an Army Group of several, or one
    leaderless counter) from duchy to duchy, paying 1 CP per Army (or per counter) for each
    duchy entered. `at`: where they stand; `came_from`: the duchy they entered it from;
    `over`: the move may go no further (a battle that was no Overrun, an enemy fortress, the
    player halts, nothing left); `entered`: duchies entered so far in this move; `dropped`:
    commanders left behind at `at` since the move came there (they stop there, 9.53);
    `refused`: allied commanders whose Power would not let them join (9.61)."""

    power: str
    armies: list[Army]
    at: str
    start: str
    came_from: str = ""
    over: bool = False
    entered: int = 0
    dropped: list[str] = []
    refused: list[str] = []
    # event moves and card effects on this move (movement.py "EVENT MOVES", "TRY")
    free: str = ""            # an event's free move: "flank" (#44), "soult" (#109); no CP
    limit: int = 0            # at most this many duchies entered (0: no limit; #44: 2)
    surcharge: int = 0        # CP more per duchy entered (#45 Column Attacked)
    straggling: bool = False  # #41 Stragglers: attrition in every duchy entered; no halt


class MoveStep(Frame, tag="move-step", kw_only=True):
    """The moving Power's next order for the `Move` below."""


class Pending(msgspec.Struct, kw_only=True):
    """Movement attrition owed once the interception and evasion attempts are over (10.9):
    `army` at `duchy`, one set of dice per cause (13.1)."""

    army: Army
    duchy: str
    causes: list[str]


class Entry(Sequence, tag="entry", kw_only=True):
    """The moving `formation` of `power` marches into `duchy` from `came_from` across a
    `line` of that kind: declared (Responses, 5.2), then carried out (`entered`), unless a
    Response has closed the line.

    What held before the entry (G.18, 11.4 note: control changes only after the battle):
    `before` the duchy's controller ("" Uncontrolled), `from_control` the controller of the
    duchy it left at the moment it left, `friends_before` whether a Formation of the mover's
    side stood in the duchy (the glossary's "enemy duchy").

    `asked`: enemy Powers still to be asked about interception, then `defenders` about
    evasion; `interceptors`: the commanders that have intercepted into the duchy, `arrived`
    their Armies as they came; `failed_from`: duchies an interception has failed from
    ("11.4" in §10); `tried`: the evasions already attempted (a commander's id, or
    "<power>:soldiers": each Formation makes a single attempt, 10.5); `owed`: attrition of
    interceptors and evaders (10.9); `battle`: a battle was started."""

    power: str
    formation: str
    duchy: str
    came_from: str
    line: str
    before: str
    from_control: str
    friends_before: bool = False
    entered: bool = False
    asked: list[str] = []
    defenders: list[str] = []
    interceptors: list[str] = []
    arrived: list[Army] = []
    failed_from: list[str] = []
    tried: list[str] = []
    owed: list[Pending] = []
    battle: bool = False
    cancelled: str = ""       # a Response cancelled the declared step (#67): why


class InterceptAsk(Frame, tag="intercept-ask", kw_only=True):
    """10.1-10.4: `power` (inactive, an enemy of the mover) may try an interception into the
    duchy of the `Entry` below, with one of its Armies or Army Groups adjacent to it."""

    power: str


class EvadeAsk(Frame, tag="evade-ask", kw_only=True):
    """10.5-10.7: `power` has Formations in the duchy of the `Entry` below and may try to
    evade with them."""

    power: str


class Attempt(Sequence, tag="attempt", kw_only=True):
    """One interception (`kind` "intercept"; "reinforce" for an event's interception into a
    battle or siege, `JoinBattle`) or evasion ("evade") by `power`: `armies` from
    `origin` to `target`, led by `leader` (his Battle Value counts; "" for leaderless
    soldiers, each counter rolling on its own, 10.5; an Army Group: the Commander's BV only,
    "11.4" in §10). Steps: announced (Responses, 5.2), rolled (`rolls`: each 2d6 total;
    Responses again: #23 after the roll, #9 after a success, TC-E14, TC-E24), resolved
    (the modifiers as they stand then: 9 or more succeeds, 10.4, 10.7) and carried out."""

    kind: str
    power: str
    origin: str
    target: str
    armies: list[Army]
    leader: str = ""
    rolls: list[int] = []
    success: bool = False     # resolved: it succeeded (then Responses: #45, #51 may cancel)
    cancelled: str = ""       # a Response cancelled it (#33, #45, #51, #67): why
    via: str = ""             # "reinforce": the duchy between origin and target, if any
    virtual_bv: int = -1      # "reinforce": leaderless soldiers' virtual commander's BV
    alone: bool = False       # an evasion before an event's or a landing's battle (no Entry:
    before: str = ""          # `before` is the duchy's control before, G.18; attrition at once)


class JoinBattle(Sequence, tag="join-battle", kw_only=True):
    """An event's interceptions into a battle under way or a siege (#11, #16, #36, #40, #53,
    #108): `power` (the card's player) picks Formations of its side within two duchies of
    `duchy` one at a time (`Attempt`s of kind "reinforce"), then, for a siege (#16), the
    battle against the besieger starts. `card` names the event, `virtual` the Battle and
    Command Values of the virtual commander leaderless soldiers roll with ("1-4", "2-4"),
    `french_only_virtual` (#108: only French leaderless soldiers get it), `no_attrition`
    (#53), `tried` the Formations already rolled (each tries once), `joined` the Formations
    that came, `came_from` the duchy the first came from (#16's battle), `siege` a siege's relief (#16: the battle starts once all have rolled)."""

    power: str
    card: int
    duchy: str
    virtual: str
    french_only_virtual: bool = False
    no_attrition: bool = False
    siege: bool = False
    tried: list[str] = []
    joined: list[str] = []
    came_from: str = ""


class JoinBattleAsk(Frame, tag="join-battle-ask", kw_only=True):
    """The `JoinBattle` below: its player picks the next Formation to try, or stops."""

    power: str


class JoinConsent(Frame, tag="join-consent", kw_only=True):
    """9.61: `power` agrees or not that its stationary Army under `commander` joins the
    allied Army moving through its duchy (the `Move` below)."""

    power: str
    commander: str


class NameCommander(Frame, tag="name-commander", kw_only=True):
    """9.53, 9.6, 9.62: `power` names the Commander of the Formations in `duchy` among
    `candidates` (the others become his staff officers)."""

    power: str
    duchy: str
    candidates: list[str]


class CommanderConsent(Frame, tag="commander-consent", kw_only=True):
    """9.62: `proposer` (the active Power, spending CP) proposes `commander` as the new
    Commander of the two-Power Army Group in `duchy`; `power`, the other Power of the group,
    agrees or not."""

    power: str
    proposer: str
    duchy: str
    commander: str


FRAMES = (Move, MoveStep, Entry, InterceptAsk, EvadeAsk, Attempt, JoinConsent, NameCommander,
          JoinBattle, JoinBattleAsk, CommanderConsent)
