"""The battle segment (B5.0, B5.2.7): every box holding pieces of both sides is a battle, the
active player attacking, fought one after another in the order he chooses; afterwards every
reduced piece recovers. A4.0: first the Confederates decide where they contain instead.

One battle is core/ahd/battle/.
"""
from __future__ import annotations

from core import stack
from core.ahd import battle, coastal, containment
from core.ahd import query as q
from core.ahd.frames import BattleSegment, ChooseBattle, Containment, PlayerTurn
from core.ahd.pieces import update
from core.ahd.state import CSA, UNION, AhdState
from core.ahd.text import name
from core.engine import Action, Choice


def begin(state: AhdState, turn: PlayerTurn) -> None:
    stack.push(state, BattleSegment())


def pending(state: AhdState) -> list[str]:
    """Boxes holding pieces of both sides (B5.0), less the contained ports where no battle is
    fought (A4.0), plus an invaded port held by its coastal garrison alone (A5.0, AMB-38)."""
    boxes = q.occupied(state, UNION) & q.occupied(state, CSA)
    boxes -= containment.quiet(state)
    boxes |= coastal.lone_garrison_battles(state)
    return sorted(boxes)


def containment_decisions(state: AhdState, segment: BattleSegment) -> None:
    """A4.0, AMB-37: at the end of the Confederate movement, contain or fight, port by port."""
    containment.lift_ended(state)
    containment.ask(state)


def fight_battles(state: AhdState, segment: BattleSegment) -> None:
    """B5.0: while battles wait, fight one (the attacker chooses which when several wait)."""
    waiting = pending(state)
    if not waiting:
        return
    stack.repeat(segment)
    if len(waiting) == 1:
        battle.begin(state, waiting[0])
    else:
        stack.push(state, ChooseBattle())


def recovery(state: AhdState, segment: BattleSegment) -> None:
    """B5.2.7: after the whole battle segment every reduced piece returns to full strength."""
    reduced = [p for p in q.pieces_of(state, UNION) + q.pieces_of(state, CSA) if p.reduced]
    for p in reduced:
        update(state, p, reduced=False)
    if reduced:
        state.log.append(f"Recovery: {len(reduced)} reduced pieces return to full strength "
                         f"(B5.2.7).")


BATTLE_SEGMENT = stack.Steps((containment_decisions, fight_battles, recovery))


def _choose(state: AhdState, frame: ChooseBattle, box: str) -> None:
    stack.done(state, frame)
    battle.begin(state, box)


CHOOSE_BATTLE = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: f"{state.player}: choose the next battle to fight.",
    choices=lambda state, frame: [
        Choice(Action("battle", box), f"Fight the battle of {name(box)}", "battle")
        for box in pending(state)],
    handlers={"battle": _choose},
)

FLOW = {BattleSegment: BATTLE_SEGMENT, ChooseBattle: CHOOSE_BATTLE,
        Containment: containment.CONTAINMENT}
