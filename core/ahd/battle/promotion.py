"""Battle promotion, seed B6.0 "Promozioni".

'Ogni volta che un giocatore vince una battaglia ... può promuovere immediatamente uno dei
pezzi che hanno partecipato': one surviving participant of the winner (reinforcements
included, AMB-20): militia to veteran, veteran to crack, same type, if a counter of the next
quality is free. The counter mix is a reconstruction (GAP-6): when that alone stops a
promotion, the log and the prompt say so. Nobody wins an escape or a battle where both armies
are gone, and beating only a coastal garrison earns nothing (A5.0).
"""
from __future__ import annotations

from core import stack
from core.ahd.battle import garrison
from core.ahd.battle.base import GROUP, current, own, short
from core.ahd.frames import BattlePromotion
from core.ahd.pieces import NEXT_GRADE, can_promote, describe, missing_counters, piece, promote
from core.ahd.state import INFANTRY, AhdState, Battle, Piece
from core.ahd.text import name
from core.engine import Action, Choice


def candidates(state: AhdState, b: Battle) -> list[Piece]:
    """The winner's surviving participants a promotion could reach by the rules (B6.0)."""
    if b.winner not in (b.attacker, b.defender) or garrison.only_garrison_beaten(b):
        return []
    return [piece(state, pid) for pid in sorted(own(b, b.winner)) if pid in b.participants]


def promotable(state: AhdState, b: Battle) -> list[Piece]:
    """Those of the candidates with a free counter of the next quality."""
    return [p for p in candidates(state, b) if can_promote(state, p)]


def offer(state: AhdState, b: Battle) -> None:
    """B6.0, step after the battle: the winner may promote one participant."""
    blocked = missing_counters(state, candidates(state, b))
    if promotable(state, b):
        stack.push(state, BattlePromotion(side=b.winner))
    elif blocked:
        state.log.append(f"Battle of {name(b.box)} won by {b.winner}: no battle promotion, "
                         f"{blocked}")


def _prompt(state: AhdState, frame: BattlePromotion) -> str:
    b = current(state)
    blocked = missing_counters(state, candidates(state, b))
    text = f"Battle of {name(b.box)} won by {b.winner}: promote one participant, or none"
    return f"{text} (not possible for some: {blocked})" if blocked else text


def _choices(state: AhdState, frame: BattlePromotion) -> list[Choice]:
    b = current(state)
    out = []
    for p in promotable(state, b):
        arm = "infantry" if p.arm == INFANTRY else "cavalry"
        out.append(Choice(Action("promote", p.id),
                          f"Promote {p.id} ({short(state, b, p)}) to {NEXT_GRADE[p.grade]} "
                          f"{arm}", GROUP))
    out.append(Choice(Action("no-promotion", None), "No promotion", GROUP))
    return out


def _promote(state: AhdState, frame: BattlePromotion, pid: str) -> None:
    """B6.0: the militia counter goes back to the pool, a veteran to the spare counters; the new
    counter keeps the face of the one it replaces (AMB-20)."""
    b = current(state)
    old = piece(state, pid)
    new = promote(state, old)
    for ids in (b.attackers, b.defenders, b.participants):
        if old.id in ids:
            ids[ids.index(old.id)] = new.id
    state.log.append(f"Battle of {name(b.box)}: {b.winner} promotes {old.id} to "
                     f"{describe(new)}")
    stack.done(state, frame)



PROMOTION = stack.Stop(role=lambda state, frame: frame.side, prompt=_prompt, choices=_choices,
                       handlers={"promote": _promote,
                                 "no-promotion": lambda state, frame, noun: stack.done(state,
                                                                                       frame)})
