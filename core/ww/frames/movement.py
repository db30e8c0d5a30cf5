"""An activation (7.0-7.9): a general's move, British naval movement, captures, the Congress,
American interception and retreat before battle. Behaviour: core/ww/movement.py.

    Activation          the activated general's whole activation (a sequence: move, conclude)
      Move              his player moves one space, picks up / drops CUs, moves by sea or stops
      Entry             what entering one space brings (a sequence: interception, contact,
                        after the retreat before battle, after the battle)
        Intercept       the American tries to intercept with an adjacent Army (7.8)
        RetreatBeforeBattle   the American Army in the entered space may try to slip away (7.9)
    SurplusGeneral      7.4.C: two generals of a side in a space (any arrival)
    WashingtonCaptured  7.6.B: the British removes American PCs
"""
from __future__ import annotations

from core.stack import Frame, Sequence


class Activation(Sequence, tag="activation", kw_only=True):
    """One activated general of `side` (7.1, 7.2, Glover): where he started, the spaces spent of
    `budget` (4; American 5, 7.3.C; Glover 6), the CUs he carries (at most 5, 7.3.A; counted
    per nationality: they stand in his space in `WwState.cus`, this says how many of them move
    with him), the space he entered his current space from (9.61.B), whether he has overrun
    (7.3.C: an American Army then moves at most 4 spaces in all), and how he was activated
    (`via`: "ops", "queue", "campaign", "glover").

    For a Campaign (7.4.E): `picked_here` counts the CUs picked up in the current space since he
    entered it (they have not moved yet, so dropping them again moves nothing); `dropped` the
    CUs that moved with him and were left behind, per space. A battle ends the movement:
    `battle_space` is where it was fought and `base_cus` how many friendly CUs stood in the
    space he entered it from (so the survivors can be counted wherever he ends)."""

    side: str
    general: str
    card: int
    via: str
    start: str
    budget: int
    spent: int = 0
    carried: dict[str, int] = {}
    picked_here: dict[str, int] = {}
    dropped: dict[str, int] = {}
    entered_from: str = ""
    overran: bool = False
    naval: bool = False               # 7.5: a naval move takes the whole activation
    over: bool = False                # the movement has ended (stop, sea, contact, battle)
    path: list[str] = []
    battle_space: str = ""
    base_cus: int = 0


class Move(Frame, tag="move", kw_only=True):
    """7.3: the activated general's player: the next space, CUs to pick up or drop, a naval
    move (7.5), or the end of the move. The activation is the `Activation` below it."""


class Entry(Sequence, tag="entry", kw_only=True):
    """The activated Army (or general) has just entered `space` from `came_from`.
    `occupied`: the space held CUs of the mover's side before (7.8.B: no interception);
    `interceptor`: the American general whose interception succeeded (7.8.C);
    `rbb`: a retreat before battle was open to the Army standing there (7.9.B: the British
    Army stops in the space whatever follows); `fought`: a battle was started here, and
    `capped`: the Army had overrun before it (7.3.C), so a battle that a card turns into an
    Overrun (9.2 step 1 special, 9.7) can be told apart."""

    space: str
    came_from: str
    occupied: bool = False
    interceptor: str = ""
    rbb: bool = False
    fought: bool = False
    capped: bool = False


class Intercept(Frame, tag="intercept", kw_only=True):
    """7.8: the American chooses the next Army to try to intercept into `space` (each Army once
    per British card, 7.8.E; `WwState.intercepted`), or none. A success ends the choice."""

    space: str
    came_from: str


class RetreatBeforeBattle(Frame, tag="retreat-before-battle", kw_only=True):
    """7.9: the American Army in `space` may try to retreat before battle (not after trying an
    interception during this British card, 7.8.E); once the roll succeeded (`escaping`: the
    CUs per nationality going with the general, at most 5) the American chooses where to."""

    space: str
    came_from: str
    escaping: dict[str, int] = {}
    rolled: bool = False              # the attempt succeeded: now choose the space


class SurplusGeneral(Frame, tag="surplus-general", kw_only=True):
    """7.4.C: two generals of `side` in `space`: the owner sends one to the reinforcements
    box (never Washington, who makes the choice automatic)."""

    side: str
    space: str


class WashingtonCaptured(Frame, tag="washington-captured", kw_only=True):
    """7.6.B: the British removes up to 5 American PCs, at most one per colony (Canada
    included), from spaces with no American CU, general or Congress (A37: as many as the
    limits allow)."""

    left: int = 5
    colonies_done: list[str] = []


FRAMES: tuple[type, ...] = (Activation, Move, Entry, Intercept, RetreatBeforeBattle,
                            SurplusGeneral, WashingtonCaptured)
