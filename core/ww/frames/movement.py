"""An activation (7.0-7.9): a general's move, British naval movement, captures, the Congress,
American interception and retreat before battle. Behaviour: core/ww/movement.py."""
from __future__ import annotations

from core.stack import Frame, Sequence


class Activation(Frame, tag="activation", kw_only=True):
    """One activated general of `side` moving (7.3): where he started, the spaces spent of
    `budget`, the CUs he carries (at most 5, 7.3.A; counted per nationality), the space he
    entered his current space from (9.61.B), whether he has overrun (7.3.C) and how he was
    activated (`via`: "ops", "queue", "campaign", "glover")."""

    side: str
    general: str
    card: int
    via: str
    start: str
    budget: int                       # 4, American 5 (7.3.C), Glover 6
    spent: int = 0
    carried: dict[str, int] = {}      # nationality -> CUs moving with him
    entered_from: str = ""
    overran: bool = False
    naval: bool = False               # 7.5: a naval move takes the whole activation
    path: list[str] = []


class Interceptions(Sequence, tag="interceptions", kw_only=True):
    """7.8: the British Army has entered `space` from `came_from`; each eligible American Army
    may try once (E), the first success ends the movement and starts a battle."""

    space: str
    came_from: str
    candidates: list[str] = []        # American generals whose Armies may still try
    succeeded: str = ""               # the interceptor, once one succeeds


class Intercept(Frame, tag="intercept", kw_only=True):
    """7.8: the American chooses the next Army to try to intercept into `space`, or none."""

    space: str


class RetreatBeforeBattle(Frame, tag="retreat-before-battle", kw_only=True):
    """7.9: the American Army in `space` may try to retreat before battle (not after an
    interception attempt in this card, 7.8.E); then where it goes."""

    space: str
    came_from: str
    rolled: bool = False              # the attempt succeeded: now choose the space


class SurplusGeneral(Frame, tag="surplus-general", kw_only=True):
    """7.4.C: two generals of `side` in `space`: the owner sends one to the reinforcements
    box (never Washington)."""

    side: str
    space: str


class WashingtonCaptured(Frame, tag="washington-captured", kw_only=True):
    """7.6.B: the British removes up to 5 American PCs, at most one per colony (Canada
    included), from spaces with no American CU, general or Congress."""

    left: int = 5
    colonies_done: list[str] = []


FRAMES: tuple[type, ...] = (Activation, Interceptions, Intercept, RetreatBeforeBattle,
                            SurplusGeneral, WashingtonCaptured)
