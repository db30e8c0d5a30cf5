"""Cavalry escape, seed B5.2.6 "Fuga della Cavalleria".

'Se, nel riquadro di battaglia, il difensore ha solo delle unità di Cavalleria, questi pezzi
possono ritirarsi prima che qualsiasi round di battaglia venga risolto. La Cavalleria può
ritirarsi in qualsiasi riquadro adiacente, tranne nelle città nemiche di reclutamento, nei
riquadri che contengono pezzi nemici o nel riquadro da cui è arrivata l'armata nemica. La
Cavalleria non può ritirarsi se tutti i pezzi del nemico sono anch'essi solo di Cavalleria. La
ritirata della Cavalleria non fa perdere una battaglia.'
"""
from __future__ import annotations

from core import stack
from core.ahd import query
from core.ahd.battle import garrison, leadership
from core.ahd.battle.base import GROUP, NO_WINNER, current, move_army, ownership
from core.ahd.frames import Escape
from core.ahd.pieces import piece
from core.ahd.state import CAVALRY, AhdState, Battle
from core.ahd.text import name
from core.engine import Action, Choice


def allowed(state: AhdState, b: Battle) -> bool:
    """B5.2.6, AMB-18: the defender has only cavalry and the attacker not only cavalry."""
    return (bool(b.defenders) and all(piece(state, pid).arm == CAVALRY for pid in b.defenders)
            and not all(piece(state, pid).arm == CAVALRY for pid in b.attackers))


def boxes(state: AhdState, b: Battle) -> list[str]:
    """B5.2.6: any adjacent box (along a line the defender may use: never the Potomac for
    the Confederacy, AMB-57) except enemy recruiting cities, boxes with enemy pieces and the
    boxes the attackers came from (AMB-17); no preference for friendly boxes; never into
    Kentucky on turn 1 under O4.1 (AMB-58)."""
    side = b.defender
    return [box for box in query.neighbours(b.box, side)
            if not query.is_enemy_recruiting_city(state, box, side)
            and not query.has_enemy(state, box, side)
            and box not in b.attacker_origins
            and query.enterable(state, box)]


def offer(state: AhdState, b: Battle) -> None:
    """B5.2.6, the battle's first step: the defender may escape before round 1."""
    if allowed(state, b) and boxes(state, b):
        stack.push(state, Escape())


def _prompt(state: AhdState, frame: Escape) -> str:
    b = current(state)
    return (f"Battle of {name(b.box)} — {b.defender} cavalry: escape before the first round, "
            f"or fight")


def _choices(state: AhdState, frame: Escape) -> list[Choice]:
    b = current(state)
    out = [Choice(Action("escape", box),
                  f"Escape to {name(box)} ({ownership(state, box, b.defender)})", GROUP)
           for box in boxes(state, b)]
    out.append(Choice(Action("fight", None), "Stand and fight", GROUP))
    return out


def _fight(state: AhdState, frame: Escape, noun: None) -> None:
    b = current(state)
    state.log.append(f"Battle of {name(b.box)}: the {b.defender} cavalry stands and fights")
    stack.done(state, frame)


def _escape(state: AhdState, frame: Escape, dest: str) -> None:
    b = current(state)
    ids = list(b.defenders)
    move_army(state, ids, dest)
    leadership.follow(state, b.defender, b.box, dest)  # A8.2: its leaders go with it
    b.defenders = []
    escaped = f"Battle of {name(b.box)}: the {b.defender} cavalry escapes to {name(dest)} " \
              f"({', '.join(ids)})"
    if garrison.alive(b):
        state.log.append(f"{escaped} (B5.2.6); the coastal garrison fights on alone (A5.0)")
    else:
        b.winner = NO_WINNER  # 'La ritirata della Cavalleria non fa perdere una battaglia'
        state.log.append(f"{escaped}; no winner (B5.2.6)")
    stack.done(state, frame)



ESCAPE = stack.Stop(role=lambda state, frame: current(state).defender, prompt=_prompt,
                    choices=_choices, handlers={"escape": _escape, "fight": _fight})
