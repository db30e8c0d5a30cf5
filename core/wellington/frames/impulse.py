"""The impulse phase (4.2-4.24), preemption (4.22), one impulse and what may be played in it
(5.6, 15.2), Response windows (5.2). Behaviour: core/wellington/impulse.py. Placements in an
impulse (6.3, 10.1, 10.10): core/wellington/placement.py."""
from __future__ import annotations

from core.stack import Frame, Sequence


class ImpulsePhase(Sequence, tag="impulse-phase", kw_only=True):
    """4.2-4.24: impulses in Impulse Track order, round after round, until the last Power
    holding cards has completed its impulse with a play (4.24). `preempted`: the scheduled
    Power was asked about preemption: its impulse follows with no further preemption (4.22);
    `over`: the turn-end test has ended the phase (4.24); `opened`: the window before the
    scheduled Power's impulse has been offered (#34: the only card played between impulses);
    `initiative`: the Power #34 named, whose unscheduled impulse comes next (G.51)."""

    asked: bool = False
    over: bool = False
    opened: bool = False
    initiative: str = ""


class Preempt(Frame, tag="preempt", kw_only=True):
    """4.22: `power`, holding strictly the most cards, may take a preemptive impulse before
    `scheduled`'s impulse."""

    power: str
    scheduled: str


class Impulse(Sequence, tag="impulse", kw_only=True):
    """One impulse of `power` (4.2): `kind` "scheduled", "preemptive", "pass" (4.23) or
    "initiative" (#34 Seize the Initiative, G.51: unscheduled, 3 CP from the card as its "+"
    play; the Impulse marker does not move).

    What has been played, for the limits of 5.6 and 15.2: `plain` non-"+" cards played as the
    impulse's play, `plus` a "+" card (or a Resource, which counts as one), `resource` a
    Resource spent; `extra`: further non-"+" plays an event allows (5.6: continuations);
    `played`: a card or a Resource was played (4.24)."""

    power: str
    kind: str
    plain: int = 0
    plus: bool = False
    resource: bool = False
    extra: int = 0
    played: bool = False
    owed: bool = False              # a card play is owed (#26, #65) and not yet made


class ImpulseMenu(Frame, tag="impulse-menu", kw_only=True):
    """The active Power's next play in its impulse: a card for CP or as its event, a
    Resource, a siege, or the end of the impulse."""

    power: str


class ResponseWindow(Frame, tag="response-window", kw_only=True):
    """5.2: after `trigger` (an announced CP expenditure, a card play, an event), the Powers
    in `asked` (impulse order from the next Power, 5.2) may play Response events."""

    trigger: str
    asked: list[str]
    everyone: bool = False          # every Power is asked in turn, holding a Response or not
    #                                 (the window before an impulse: naming only #34's holder
    #                                 would tell who holds it)




# -- placements (6.3, 10.1, 10.10): core/wellington/placement.py --


class PlacementIntercept(Sequence, tag="placement-intercept", kw_only=True):
    """10.1, 10.10: the active side's `power` has placed `formation` (a commander's id or
    "<power>:<duchy>"; "" for a flag an event placed, `flag`) in `duchy`; the inactive
    enemy Powers in `asked` (impulse order) may each try to intercept until they decline.
    `before`: the duchy's controller before the placement (G.18); `pending`: the commanders
    of the attempt under way; `came`: an interceptor has entered the duchy."""

    power: str
    duchy: str
    formation: str = ""
    flag: bool = False
    before: str = ""
    asked: list[str] = []
    pending: list[str] = []
    came: bool = False


class PlacementInterceptAsk(Frame, tag="placement-intercept-ask", kw_only=True):
    """10.1: may `power` intercept into the duchy of the placement under way?"""

    power: str


class BesiegedBuildBattle(Sequence, tag="besieged-build-battle", kw_only=True):
    """6.3: at the end of `power`'s impulse, the battle in the besieged friendly fortress
    `duchy` it built into: the besiegers' evasions first (`tried`: "<power>:army|soldiers|
    stay"), then the battle; `before`: the duchy's controller (G.18)."""

    power: str
    duchy: str
    before: str = ""
    tried: list[str] = []


class BesiegedEvade(Frame, tag="besieged-evade", kw_only=True):
    """6.3, 10.5: may the besieging `power` evade before the battle the build brings?"""

    power: str


FRAMES = (ImpulsePhase, Preempt, Impulse, ImpulseMenu, ResponseWindow, PlacementIntercept,
          PlacementInterceptAsk, BesiegedBuildBattle, BesiegedEvade)
