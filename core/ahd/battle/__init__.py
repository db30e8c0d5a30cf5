"""A House Divided battles (seed B5.0-B5.2.7, battle promotion B6.0, and the advanced and
optional rules that change them), fought on the decision stack (core/stack.py).

The public interface the turn flow uses:

    battle.begin(state, box, breakout=False)   push the Battle frame (the caller runs the stack)
    battle.FLOW                                each battle frame -> its Stop or Steps
    battle.focus(state)                        the battle panel of the view, or None
    battle.day(round_no)                       the battle day of a round (A7.0)

The modules, the basic battle first:

    rounds.py          the battle's step list, in the rulebook's order; begin; FLOW
    base.py            the two armies, names, moving an army out
    escape.py          B5.2.6 cavalry escape                       (stop: Escape)
    reinforcements.py  B5.2.4 reinforcements                       (stop: Reinforce)
    retreat.py         B5.2.5 retreat                              (stop: Retreat)
    declaring.py       B5.1 what may be declared a target (AMB-15), shared with O2.2
    fire.py            B5.1-B5.2.3 fire, the need of a shot, B5.0 end check (stop: Targets)
    promotion.py       B6.0 battle promotion                       (stop: BattlePromotion)
    panel.py           the battle panel of the view

and each advanced or optional rule in a module of its own, hooking into named steps:

    targeting.py       O2.2 battlefield targeting
    by_sea.py          O3.1 Union naval retreat
    breakout.py        A4.0 containment and breakout battles
    garrison.py        A5.0 coastal garrison
    days.py            A7.0 battle days and command values          (stop: Firers)
    rout.py            A8.1 morale, A8.1.1 rally, rout retreat      (stops: Rally, RoutRetreat)
    desertion.py       A8.1.2 desertion and straggling
    leadership.py      A8.2 leaders in battle (A8.2.1, A8.2.2, A8.2.3) (stop: LeaderBonus)
"""
from __future__ import annotations

from core.ahd.battle.base import NO_WINNER, day
from core.ahd.battle.panel import focus
from core.ahd.battle.rounds import BATTLE, FLOW, begin

__all__ = ["BATTLE", "FLOW", "NO_WINNER", "begin", "day", "focus"]
