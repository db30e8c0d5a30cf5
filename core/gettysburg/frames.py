"""Gettysburg 1863: the frames of the decision stack (core/stack.py), as data.

Each frame is one pending thing: a sequence of steps or a stop that asks a role one question.
What each frame *does* is in the module named beside it; what it holds is here, so that a save
carries the whole stack. A frame's tag is the name of its stop (`GbState.phase`).

    GameTurn          one hour: turn start, rounds until the cup is empty, turn end   flow.py
      NightTurn       7.1: arrivals, (AMB-24 option) movement, disengagement          night.py
        NightEntry    a night arrival's hex                                           night.py
        NightMoves    AMB-24 option: a side moves units at night, one at a time       night.py
        NightMoveTo   where that unit goes                                            night.py
        Disengage     a unit next to the enemy retreats (or may stay)                 night.py
      Round           2.0 steps 1-7: one chit, the activation dice, its results       flow.py
        Bugles        3.0 bugle: a unit retreats or tries to recover                  bugle.py
          BugleRetreat  where it retreats                                             bugle.py
          RecoverToo    a second bugle: recover after the retreat                     bugle.py
        Redeploys     3.0 / 2.0 step 3: the opponent moves a unit for an enemy flag   redeploy.py
          RedeployTo    where                                                         redeploy.py
        Activations   3.0 flags and hats: which unit (or stack) acts next             activation.py
          Activation  one activated unit or stack, until each has acted               activation.py
            Action    move, enter, fire, or end the activation                        activation.py
              MoveTo  4.0 where the unit moves (7.0 enters)                           movement.py
              Target  5.0 what the unit fires at (alone or with its stack partner)    combat.py
            Engagement  4.3-5.4.2: reactions, fire, effects, retreats, advance        combat.py
              Reactions     4.3 the enemy units next to the mover try to react        reaction.py
                EvadeOrFight  4.31 a cavalry reactor fights or evades                 reaction.py
                EvadeTo       4.31 where it evades to                                 reaction.py
              RetreatTo     5.4.2 the owner picks a retreat hex                       retreat.py
              Advance       5.4.1 an infantry attacker may occupy the emptied hex     combat.py
"""
from __future__ import annotations

import msgspec

from core.stack import Frame, Sequence

# --- the game turn (2.0, 7.1) ---------------------------------------------------------------


class GameTurn(Sequence, tag="game-turn", kw_only=True):
    """One game turn (an hour, or the night turn); the clock is `GbState.turn`."""


class NightTurn(Sequence, tag="night-turn", kw_only=True):
    """7.1: the night turn. `queue`: the units the current step still has to deal with."""

    queue: list[str] = []


class NightEntry(Frame, tag="night-entry", kw_only=True):
    """7.1: `unit` arrives this night: where it goes (MP x 2, never next to the enemy)."""

    unit: str


class NightMoves(Frame, tag="night-moves", kw_only=True):
    """AMB-24 option: `side` may move its units at night, one at a time."""

    side: str


class NightMoveTo(Frame, tag="night-move-to", kw_only=True):
    unit: str


class Disengage(Frame, tag="disengage", kw_only=True):
    """7.1: `unit` is next to the enemy at night: it retreats 1 hex (`optional`: or stays)."""

    unit: str
    optional: bool = False


# --- the round (2.0, 3.0) -------------------------------------------------------------------


class Round(Sequence, tag="round", kw_only=True):
    """2.0 steps 1-7: the chit drawn, its owner's activation dice and what is left of them."""

    chit: str
    side: str
    number: int = 0                # the round's number in the turn (1, 2, ...)
    faces: list[str] = []
    bugles: int = 0                # 3.0 bugle results left
    redeploys: int = 0             # 3.0 enemy-flag results left (the opponent redeploys)
    flags: int = 0                 # own flag and double flag results left: one unit each
    hats: int = 0                  # command results left: a stack of two or a reserve unit


class Bugles(Frame, tag="bugle", kw_only=True):
    """3.0 bugle: the roller picks a unit to retreat or to recover, or forgoes the bugles."""


class BugleRetreat(Frame, tag="bugle-retreat", kw_only=True):
    """3.0 bugle: where `unit` retreats (up to 3 hexes away from the enemy)."""

    unit: str


class RecoverToo(Frame, tag="recover-too", kw_only=True):
    """3.0: a second bugle lets `unit`, which has just retreated, try to recover."""

    unit: str


class Redeploys(Frame, tag="redeploy", kw_only=True):
    """2.0 step 3: for an enemy flag the opponent may move one of his units 1 hex."""


class RedeployTo(Frame, tag="redeploy-to", kw_only=True):
    unit: str


class Activations(Frame, tag="activations", kw_only=True):
    """3.0: the roller picks the next unit (flag) or stack / reserve unit (hat) to activate."""


class Activation(Sequence, tag="activation", kw_only=True):
    """One activation: `units` (one, or a stack of two for a hat) act one at a time.
    `acted`: units that have moved, entered or fired (or given up); `how`: the result used;
    `ready`: units that moved and may still fire with their partner (5.1 note, AMB-04);
    `fired`: units that have fired."""

    units: list[str]
    how: str
    acted: list[str] = []
    ready: list[str] = []
    fired: list[str] = []


class Action(Frame, tag="action", kw_only=True):
    """What the next unit of the activation does: move, enter, fire, or end the activation."""


class MoveTo(Frame, tag="move-to", kw_only=True):
    """4.0: where `unit` moves; `entering`: a reinforcement entering the map (7.0)."""

    unit: str
    entering: bool = False


class Target(Frame, tag="target", kw_only=True):
    """5.0: the unit `unit` fires at; `in_place`: it has not moved (else it fires after its
    move, from inside the engagement)."""

    unit: str
    in_place: bool = True


# --- one engagement: reaction, combat, effects, retreats, advance (4.3-5.4.2) -----------------


class RetreatOrder(msgspec.Struct, kw_only=True, array_like=True):
    """5.4.2: `unit` owes `arrows` hexes of retreat away from the hexes in `away`."""

    unit: str
    arrows: int
    away: list[str]


class Engagement(Sequence, tag="engagement", kw_only=True):
    """What follows a move, an entry, an advance or a fire in place (2.0 steps 5-7).

    kind: "move", "entry", "advance" or "fire"; mover: the unit that moved (or fires in place);
    start: the hex it moved from ("" for an entry); may_fire: it may still attack (4.0, 5.0);
    attackers, target: the attack declared (5.0, 5.1 combined fire); firing_hex: where the
    attackers fired from; candidates / tried: enemy units that may react / have rolled (4.3);
    reactors: those that will fire at the mover; retreats: 5.4.2 retreats owed; advanced:
    attackers that have advanced or declined (5.4.1)."""

    kind: str
    mover: str
    start: str = ""
    may_fire: bool = False
    attackers: list[str] = []
    target: str = ""
    target_hex: str = ""
    firing_hex: str = ""
    candidates: list[str] = []
    tried: list[str] = []
    reactors: list[str] = []
    closed: bool = False           # the reacting player wants no more reaction rolls
    retreats: list[RetreatOrder] = []
    emptied: bool = False          # the attack emptied the target hex (5.4.1)
    advanced: list[str] = []


class Reactions(Frame, tag="react", kw_only=True):
    """4.3: the owner of the units next to the mover picks one to try a reaction, or stops."""


class EvadeOrFight(Frame, tag="evade-or-fight", kw_only=True):
    """4.31: `unit`, a cavalry reactor that rolled a success, fights or evades."""

    unit: str


class EvadeTo(Frame, tag="evade-to", kw_only=True):
    unit: str


class RetreatTo(Frame, tag="retreat-to", kw_only=True):
    """5.4.2: the owner of the first retreat owed picks the hex (several are legal)."""


class Advance(Frame, tag="advance", kw_only=True):
    """5.4.1: infantry `unit` emptied the hex it attacked: it may occupy it."""

    unit: str


FRAMES = (GameTurn, NightTurn, NightEntry, NightMoves, NightMoveTo, Disengage, Round, Bugles,
          BugleRetreat, RecoverToo, Redeploys, RedeployTo, Activations, Activation, Action,
          MoveTo, Target, Engagement, Reactions, EvadeOrFight, EvadeTo, RetreatTo, Advance)
