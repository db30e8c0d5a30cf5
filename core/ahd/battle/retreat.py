"""Retreat, seed B5.2.5 "Ritirata".

'A cominciare dal secondo round di battaglia, entrambe i giocatori possono ritirare la propria
armata. Le ritirate sono condotte prima di sparare; tutti i pezzi del giocatore in ritirata si
devono spostare in un riquadro adiacente e la battaglia ha termine. Tutti i pezzi devono
ritirarsi nello stesso riquadro; tale riquadro non deve contenere pezzi nemici e non deve essere
una città nemica di reclutamento.' A recruiting city is 'un qualsiasi riquadro che contiene un
numero, sia blu che rosso' (B4.2.5), so an enemy one is any box with a shield the enemy holds
(core/ahd/query.py `is_enemy_recruiting_city`). 'Se possibile, la ritirata deve essere fatta
in un riquadro amico ... I pezzi di un giocatore non possono ritirarsi nel riquadro da cui sono
arrivati i pezzi nemici. Se un'armata si ritira, l'altro fronte vince la battaglia.'

The attacker is asked first, then the defender (AMB-13). O3.1 adds a retreat by sea
(by_sea.py); A4.0 turns a breakout's retreat into calling it off (breakout.py); A5.0: the
coastal garrison fights on alone when the Confederate pieces retreat (garrison.py).
"""
from __future__ import annotations

from core import stack
from core.ahd import query
from core.ahd.battle import breakout, by_sea, garrison, leadership
from core.ahd.battle.base import GROUP, current, move_army, other, own, ownership, title
from core.ahd.frames import Retreat
from core.ahd.state import AhdState, Battle
from core.ahd.text import name
from core.engine import Action, Choice


def boxes(state: AhdState, b: Battle, side: str) -> list[str]:
    """B5.2.5: the adjacent boxes `side`'s army may retreat to, along a line it may use (never
    the Potomac for the Confederacy, AMB-57): no enemy pieces, not an enemy recruiting city,
    not a box the enemy's pieces came from (AMB-17), never into Kentucky on turn 1 under O4.1
    (AMB-58); only the friendly ones if there are any (O3.1: Washington by sea is one)."""
    if breakout.calling_off(b, side):
        return [b.box]  # A4.0: a failed breakout stays contained in its port
    enemy_origins = b.defender_origins if side == b.attacker else b.attacker_origins
    allowed = [box for box in query.neighbours(b.box, side)
               if not query.has_enemy(state, box, side)
               and not query.is_enemy_recruiting_city(state, box, side)
               and box not in enemy_origins
               and query.enterable(state, box)]
    friendly = [box for box in allowed if state.owner.get(box) == side]
    if not friendly and by_sea.possible(state, b, side):
        return []  # a friendly box is at hand: Washington, by sea (O3.1)
    return friendly or allowed


def choices(state: AhdState, b: Battle, side: str) -> list[Choice]:
    """Where `side`'s whole army may go (B5.2.5, O3.1, A4.0)."""
    out = [Choice(Action("retreat", box), label(state, b, side, box), GROUP)
           for box in boxes(state, b, side)]
    if by_sea.possible(state, b, side):
        out.append(by_sea.choice())
    return out


def label(state: AhdState, b: Battle, side: str, box: str) -> str:
    if breakout.calling_off(b, side):
        return breakout.label(name(box))
    return f"Retreat to {name(box)} ({ownership(state, box, side)})"


def offer(state: AhdState, b: Battle, side: str) -> None:
    """B5.2.5, from round 2, before the fire: `side` may retreat (and lose the battle)."""
    if b.round >= 2 and own(b, side) and choices(state, b, side):
        stack.push(state, Retreat(side=side))


def withdraw(state: AhdState, b: Battle, side: str, dest: str) -> list[str]:
    """`side`'s whole army leaves the battle for `dest`, its leaders with it (AMB-46); a
    breakout called off stays in its port (A4.0). Returns the ids that went."""
    ids = list(own(b, side))
    move_army(state, ids, dest)
    if dest != b.box:
        leadership.follow(state, side, b.box, dest)
    own(b, side).clear()
    return ids


def _prompt(state: AhdState, frame: Retreat) -> str:
    return f"{title(current(state))} — {frame.side}: retreat (losing the battle) or stand"


def _choices(state: AhdState, frame: Retreat) -> list[Choice]:
    return (choices(state, current(state), frame.side)
            + [Choice(Action("stand", None), "Stand and fight", GROUP)])


def _retreat(state: AhdState, frame: Retreat, dest: str, by_sea_: bool = False) -> None:
    b = current(state)
    side = frame.side
    ids = withdraw(state, b, side, dest)
    stack.done(state, frame)
    if side == b.defender and garrison.alive(b):
        state.log.append(f"{title(b)}: {side} retreats to {name(dest)} ({', '.join(ids)}); the "
                         f"coastal garrison fights on alone (A5.0)")
        return
    b.winner = other(b, side)  # 'Se un'armata si ritira, l'altro fronte vince la battaglia'
    how = " by sea (O3.1)" if by_sea_ else ""
    if breakout.calling_off(b, side):
        how = " (calls off the breakout, A4.0)"
    state.log.append(f"{title(b)}: {side} retreats{how} to {name(dest)} ({', '.join(ids)}); "
                     f"{b.winner} wins")


def _retreat_by_sea(state: AhdState, frame: Retreat, dest: str) -> None:
    _retreat(state, frame, dest, by_sea_=True)



RETREAT = stack.Stop(role=lambda state, frame: frame.side, prompt=_prompt, choices=_choices,
                     handlers={"retreat": _retreat, by_sea.VERB: _retreat_by_sea,
                               "stand": lambda state, frame, noun: stack.done(state, frame)})
