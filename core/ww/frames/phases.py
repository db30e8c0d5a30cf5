"""The phases outside the Strategy Phase and the French Alliance (5.1, 5.4-5.7, 10.2, 10.3, 11,
12, 13): winter attrition, the French Navy, political control, the End Phase and the alliance's
effects. Behaviour: core/ww/phases.py, attrition.py, alliance.py (see core/ww/frames/__init__.py).
"""
from __future__ import annotations

from core.stack import Frame, Sequence


class WinterAttrition(Sequence, tag="winter-attrition", kw_only=True):
    """5.4, 11: every CU on the map is checked, one space at a time, the British stacks first
    (11.1), then the American and French ones (11.2, 11.3). `british` / `american`: the spaces
    still to check. Automatic victory (13.1) is checked after each space."""

    british: list[str] = []
    american: list[str] = []


class AttritionLosses(Frame, tag="attrition-losses", kw_only=True):
    """11.3: the American chooses which `count` CUs of the mixed American and French stack in
    `space` are lost to winter attrition."""

    space: str
    count: int


class FrenchNavy(Frame, tag="french-navy", kw_only=True):
    """12.2.B.i, 5.5, 12.3: the American places the French Navy in a Blockade Zone.
    `must`: no choice to leave it where it is (its entry with the alliance, or its return from
    the Turn Track after d'Estaing)."""

    must: bool
    rule: str


class PoliticalControl(Sequence, tag="political-control", kw_only=True):
    """5.6, 10.2: the Continental Congress segment, the PC placement segment, the isolated PC
    removal segment."""


class PlaceCongress(Frame, tag="place-congress", kw_only=True):
    """10.2.1: the American must return the dispersed Continental Congress to a space of the 13
    colonies holding an American PC and no British piece."""


class EndPhase(Sequence, tag="end-phase", kw_only=True):
    """5.7: the European War, the end of the game by the War Ends card, the tidying up."""


class EuropeanWar(Frame, tag="european-war", kw_only=True):
    """5.7.1, 12.2.B.iii: the British removes `left` more CUs from the map, from any spaces."""

    left: int


class FrenchAlliance(Sequence, tag="french-alliance", kw_only=True):
    """12.2.B: the effects of the French Alliance, once the card in play is resolved: the
    French Navy, Rochambeau and the French CUs, the European War pending, the reshuffle."""


class FrenchLanding(Frame, tag="french-landing", kw_only=True):
    """12.2.B.ii: the American chooses the port where Rochambeau and the 5 French CUs land."""


FRAMES: tuple[type, ...] = (WinterAttrition, AttritionLosses, FrenchNavy, PoliticalControl,
                            PlaceCongress, EndPhase, EuropeanWar, FrenchAlliance, FrenchLanding)
