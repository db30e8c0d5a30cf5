"""A House Divided: the frames of the decision stack (core/stack.py), as data.

Each frame is one pending thing: a sequence of steps (a game turn, a player turn, the battle
segment, one battle) or a stop that asks a role one question. What each frame *does* is in the
module named beside it; what it holds is here, so that a save carries the whole stack. The tag
of a frame (`tag="march"`) is the name of its stop, which `AhdState.phase` reports.

    GameTurn            the game turn: enlistment, Union turn, Confederate turn   flow.py
      PlayerTurn        one player turn, its segments in order (B3.0)            flow.py
        SupportLoss     A2.2: the owner picks the piece a stack without support
                        loses                                                    supply.py
        Movement        B4.0: a march, a naval move, the invasion, or the end     marching.py
          Breakouts     A4.0: breakout battles, port after port                   marching.py
            Breakout    A4.0: a breakout battle from a contained port, or none    marching.py
          March         one march from one box: pick a piece, entrench, end it    marching.py
            MarchTo     the picked piece's destination                            marching.py
              Route     B5.2.3: the box it enters a battle from                   marching.py
            Selection   the pieces chosen to march together                       marching.py
            StackTo     the one destination of several pieces                     marching.py
              StackRoute  B5.2.3: the box they enter a battle from                marching.py
          SailTo        B4.2.3: the port a piece sails to                         marching.py
          Invasion      B4.2.4: the pieces shipped from Washington                marching.py
          LeaderTo      A8.2.1: where a leader goes                               leaders.py
        BattleSegment   B5.0: every battle, in the attacker's order               battle_segment.py
          Containment   A4.0: the CSA contains or fights in an eligible port      containment.py
          ChooseBattle  several battles wait: the attacker picks the next         battle_segment.py
          Battle        one battle, round by round, and the stops it asks         battle/
        Promotion       B6.0: promote a piece (O4.3: maybe two)                   promotion.py
        Recruiting      B7.0: place recruited militia                             recruiting.py
        LeaderPlacement A8.2: place an arriving or returning leader               leaders.py
"""
from __future__ import annotations

from core.stack import Frame, Sequence

# --- the sequence of play (B3.0) ------------------------------------------------------------


class GameTurn(Sequence, tag="game-turn", kw_only=True):
    """One game turn (B3.0, B10.0); the turn number is `AhdState.turn`."""


class PlayerTurn(Sequence, tag="player-turn", kw_only=True):
    """One player turn of `side` (B3.0): its segments, in order."""

    side: str
    invasion_port: str = ""        # the port of this turn's naval invasion (B4.2.4)
    garrison_engaged: bool = False  # A5.0: that port's coastal garrison has fought this turn


class SupportLoss(Frame, tag="support-loss", kw_only=True):
    """A2.2: each box in `boxes` holds a stack without support; the first loses a piece."""

    boxes: list[str]


class Movement(Frame, tag="movement", kw_only=True):
    """The movement segment (B4.0): `marches_left` of the allowance remain."""

    die: int = 0                   # the natural movement die, 0 when none was rolled
    marches_left: int = 0
    invasion: bool = False         # a naval invasion is still allowed (B4.2.4: a Union 6)


class Breakouts(Sequence, tag="breakouts", kw_only=True):
    """A4.0: at the start of the Union movement, breakout battles from contained ports, one
    port after another, until the Union begins its movement (`declined`)."""

    declined: bool = False


class Breakout(Frame, tag="breakout", kw_only=True):
    """A4.0: a breakout battle from a contained port, or begin movement."""


class March(Frame, tag="march", kw_only=True):
    """One march (B4.0) from `origin`: `moved` pieces took part; `paid` once it cost a march."""

    origin: str
    paid: bool = False
    moved: list[str] = []


class MarchTo(Frame, tag="march-to", kw_only=True):
    """The destination of `piece`, picked in the march below."""

    piece: str


class Route(Frame, tag="route", kw_only=True):
    """`piece` goes to `dest`, which holds enemy pieces and can be entered from several boxes:
    which one (B5.2.3 river banks, B5.2.5 retreats)."""

    piece: str
    dest: str


class Selection(Frame, tag="march-select", kw_only=True):
    """Pieces of the march below being chosen to go to one destination together: `chosen`."""

    chosen: list[str] = []


class StackTo(Frame, tag="stack-to", kw_only=True):
    """The one destination of `pieces`, all of the march below, moved one after another in
    this order exactly as if each were picked and sent there alone."""

    pieces: list[str]


class StackRoute(Frame, tag="stack-route", kw_only=True):
    """`pieces` go to `dest`, which holds enemy pieces and can be entered from several boxes:
    which one (B5.2.3 river banks, B5.2.5 retreats) for those that could choose."""

    pieces: list[str]
    dest: str


class SailTo(Frame, tag="sail-to", kw_only=True):
    """B4.2.3: the port `piece` sails to."""

    piece: str


class Invasion(Frame, tag="invasion", kw_only=True):
    """B4.2.4: pieces ship from Washington to `port`, one march each."""

    port: str


class LeaderTo(Frame, tag="leader-to", kw_only=True):
    """A8.2.1: where `leader` goes (with its pieces, or alone)."""

    leader: str


class Containment(Frame, tag="containment", kw_only=True):
    """A4.0, end of the CSA movement: the ports in `ports` are decided one by one."""

    ports: list[str]


class BattleSegment(Sequence, tag="battle-segment", kw_only=True):
    """B5.0: the battles of the player turn; `fights` are contained ports the CSA attacks."""

    fights: list[str] = []


class ChooseBattle(Frame, tag="battles", kw_only=True):
    """Several battles wait: the attacker chooses which to fight next (B5.0)."""


class Promotion(Frame, tag="promotion", kw_only=True):
    """B6.0: `left` promotions remain (O4.3: two); `promoted` are this segment's."""

    left: int = 1
    promoted: list[str] = []
    training_die: int = 0          # O4.3, 0 when none was rolled


class Recruiting(Frame, tag="recruit", kw_only=True):
    """B7.0: `left` militia may still be placed; `placed_in` lists a box per recruit."""

    die: int = 0
    left: int = 0
    placed_in: list[str] = []


class LeaderPlacement(Frame, tag="leader-placement", kw_only=True):
    """A8.2: the active player places an arriving or returning leader."""


# --- battles (B5.0; core/ahd/battle/) -------------------------------------------------------
#
#   Battle            one battle: its steps, round by round (core/ahd/battle/rounds.py)
#     Escape          B5.2.6: the defender's cavalry escapes before round 1, or fights
#     Reinforce       B5.2.4: one side brings in a piece per adjacent box (A8.2.1: leaders)
#     Retreat         B5.2.5: one side retreats (O3.1: by sea; A4.0: calls off a breakout)
#     LeaderBonus     A8.2.2: each leader present allots its bonus points before the fire
#     Firers          A7.0: one side picks the pieces that fire this round (its command value)
#     Targets         B5.1: one side declares the target of each firing piece in turn
#     Rally           A8.1.1: at the end of a day one side may rally a routed piece
#     RoutRetreat     A8.1: the loser's routed pieces retreat after the battle
#     BattlePromotion B6.0: the winner promotes one participant, or none


class Battle(Sequence, tag="battle", kw_only=True):
    """A battle in progress (B5.0): its steps (core/ahd/battle/rounds.py) and what lasts from
    one round to the next. `step` is the index of its next step."""

    box: str
    attacker: str
    defender: str
    round: int = 0                 # 0 = before round 1 (cavalry escape, B5.2.6)
    attackers: list[str] = []      # ids of attacking pieces still in the battle box
    defenders: list[str] = []      # ids of defending pieces still in the battle box
    participants: list[str] = []   # every piece that took part, reinforcements included (B6.0)
    attacker_origins: list[str] = []  # boxes attacking pieces entered from (B5.2.5, AMB-17)
    defender_origins: list[str] = []  # boxes defending reinforcements entered from
    used_boxes: list[str] = []     # boxes that already sent a reinforcement this round
    winner: str = ""               # "" while fighting; a side; or "none" (no winner)
    # the current fire (B5.1): whose it is, the pieces still to declare a target, the declared
    # [firer, target] pairs in order, and what each shot already rolled needed and did
    fire_side: str = ""
    firers: list[str] = []
    shots: list[list[str]] = []
    rolled: list[str] = []
    flipped: list[str] = []        # pieces this fire turned to their reduced side (A8.1)
    earlier: list[str] = []        # the shots of this round's fire already over (the panel)
    # A7.0 battle days: each side's command value for the current day, its die (the Command
    # Table result follows from the die and the year) and what was carried from the day before
    command: dict[str, int] = {}
    command_die: dict[str, int] = {}
    command_carried: dict[str, int] = {}
    # A5.0 coastal garrison of an invaded port (0 = none), hits taken (2 destroy it), and
    # whether Confederate pieces fought beside it (promotion)
    garrison: int = 0
    garrison_hits: int = 0
    regular_combat: bool = False
    # A4.0: a battle inside a contained port (the attacker leaves its entrenchment, nobody
    # crosses), and whether it is the Union breakout of the movement segment
    containment: bool = False
    breakout: bool = False
    invasion: bool = False         # the attack came by naval invasion (B4.2.4; O3.1)
    # A8.1 battlefield morale: pieces routed in this battle (they stay in the box, reduced,
    # neither fire nor are targets, and count as eliminated for the winner)
    routed: list[str] = []
    # A8.2 leaders: every leader that took part (present at the start or come as a
    # reinforcement); the bonus points allotted this round, leader -> one piece id per point;
    # leaders still to allot this round (attacker's first); the round already allotted; and
    # each side's leaders' part of its A7.0 command value
    leaders: list[str] = []
    leader_bonus: dict[str, list[str]] = {}
    allotting: list[str] = []
    bonus_round: int = 0
    command_leaders: dict[str, int] = {}


class Escape(Frame, tag="escape", kw_only=True):
    """B5.2.6: the defender's cavalry may escape before round 1 (the defender is asked)."""


class Reinforce(Frame, tag="reinforcements", kw_only=True):
    """B5.2.4: `side` may bring a piece from each adjacent box into the battle this round."""

    side: str


class Retreat(Frame, tag="retreat", kw_only=True):
    """B5.2.5: `side` may retreat its whole army before the fire of this round."""

    side: str


class LeaderBonus(Frame, tag="leader-bonus", kw_only=True):
    """A8.2.2: the first leader of `Battle.allotting` gives its next bonus point."""


class Firers(Frame, tag="firers", kw_only=True):
    """A7.0: `side` picks the pieces that fire this round, up to its command value."""

    side: str
    engaged: list[str] = []


class Targets(Frame, tag="targets", kw_only=True):
    """B5.1: `side` declares the target of `Battle.firers[0]`, then of the next."""

    side: str


class Rally(Frame, tag="rally", kw_only=True):
    """A8.1.1: at the end of a day `side` may rally one of its routed pieces."""

    side: str


class RoutRetreat(Frame, tag="rout-retreat", kw_only=True):
    """A8.1: the battle is lost by `side`, whose pieces left are routed: where they retreat."""

    side: str


class BattlePromotion(Frame, tag="battle-promotion", kw_only=True):
    """B6.0: `side` won the battle and may promote one participant."""

    side: str


FLOW_FRAMES = (GameTurn, PlayerTurn, SupportLoss, Movement, Breakouts, Breakout, March, MarchTo,
               Route, Selection, StackTo, StackRoute, SailTo, Invasion, LeaderTo, Containment,
               BattleSegment, ChooseBattle, Promotion, Recruiting, LeaderPlacement)
BATTLE_FRAMES = (Battle, Escape, Reinforce, Retreat, LeaderBonus, Firers, Targets, Rally,
                 RoutRetreat, BattlePromotion)
FRAMES = FLOW_FRAMES + BATTLE_FRAMES
