"""Battlefield morale and rallying, advanced optional rules A8.1 and A8.1.1 (the tables T4 and
T5: core/ahd/morale.py).

Seed "Regole Avanzate" 8.1 "Il Morale sul Campo di Battaglia": 'Dopo che il nemico ha sparato
durante un round di battaglia, i pezzi che sono stati appena colpiti dovranno fare un test sul
morale. I pezzi a piena forza, quelli eliminati e quelli ridotti in precedenti battaglie non
dovranno fare il test sul morale.' Above its morale value (-1 entrenched) a piece routs: it
stays in the battle box on its reduced side, 'non può combattere nella battaglia' (AMB-42: it
neither fires nor is a target) 'ed è considerato eliminato quando si dovrà determinare il
vincitore della battaglia'. After the battle the loser's routed pieces retreat as in B5.2.5,
or are destroyed if they cannot (AMB-42); the winner's stay.

8.11 "Recupero del Morale": 'Al termine di ognuno dei quattro turni di battaglia (cioè alla
fine di ogni giorno), prima che cominci il nuovo round di battaglia, ogni fronte può recuperare
un'unità tra quelle in rotta.'
"""
from __future__ import annotations

from core import dice, stack
from core.ahd import morale
from core.ahd.battle import by_sea, retreat
from core.ahd.battle.base import (GROUP, count_training_loss, current, day, entrenched,
                                  in_line, own, short, tag)
from core.ahd.frames import Rally, RoutRetreat
from core.ahd.pieces import piece, remove_from_play
from core.ahd.state import AhdState, Battle
from core.ahd.text import name
from core.engine import Action, Choice


def in_force(state: AhdState) -> bool:
    return state.options.morale


# --- A8.1 morale tests after each fire ----------------------------------------------------------


def tests(state: AhdState, b: Battle, side: str) -> None:
    """A8.1, step after the enemy's fire: each piece of `side` that fire has just flipped from
    full strength to reduced (not the eliminated, not those reduced before) rolls 1d6, -1 if
    entrenched (T5, AMB-52); above its morale value (T4) it routs."""
    if not in_force(state):
        return
    for pid in [pid for pid in own(b, side) if pid in b.flipped]:
        p = piece(state, pid)
        value = morale.morale_value(p, state.turn)
        modifier = morale.battlefield_modifier(entrenched(state, b, p))
        die = dice.d6(state, f"morale test of {pid}", "A8.1")
        routs = morale.fails(die, modifier, value)
        if routs:
            b.routed.append(pid)
        shown = f" {modifier:+d} entrenched = {die + modifier}" if modifier else ""
        state.log.append(f"{tag(b)}: {pid} morale test (morale {value}): die {die}{shown} — "
                         f"{'routs (A8.1)' if routs else 'holds'}")


# --- A8.1.1 rallying at the end of each day ------------------------------------------------------


def rally(state: AhdState, b: Battle, side: str) -> None:
    """A8.1.1, step at the end of rounds 4, 8, 12...: `side` may rally one routed piece."""
    if in_force(state) and morale.end_of_day(b.round) and _routed(b, side):
        stack.push(state, Rally(side=side))


def _routed(b: Battle, side: str) -> list[str]:
    return sorted(pid for pid in own(b, side) if pid in b.routed)


def _rally_prompt(state: AhdState, frame: Rally) -> str:
    b = current(state)
    return (f"Battle of {name(b.box)}, round {b.round} — end of day {day(b.round)}: "
            f"{frame.side} may rally one routed piece (A8.1.1)")


def _rally_choices(state: AhdState, frame: Rally) -> list[Choice]:
    b = current(state)
    out = [Choice(Action("rally", pid), f"Rally {pid} ({short(state, b, piece(state, pid))}): "
                  f"back in the line, still reduced (A8.1.1)", GROUP)
           for pid in _routed(b, frame.side)]
    out.append(Choice(Action("no-rally", None), "Rally nobody", GROUP))
    return out


def _rally(state: AhdState, frame: Rally, pid: str) -> None:
    """A8.1.1: 'ogni fronte può recuperare un'unità tra quelle in rotta'."""
    b = current(state)
    b.routed.remove(pid)
    state.log.append(f"{tag(b)}: end of day {day(b.round)}, {frame.side} rallies {pid} "
                     f"(A8.1.1)")
    stack.done(state, frame)


RALLY = stack.Stop(role=lambda state, frame: frame.side, prompt=_rally_prompt,
                   choices=_rally_choices,
                   handlers={"rally": _rally,
                             "no-rally": lambda state, frame, noun: stack.done(state, frame)})


# --- A8.1 the loser's routed pieces retreat ------------------------------------------------------


def withdrawing(b: Battle) -> str | None:
    """A8.1, AMB-42: the side, not the winner, whose pieces left in the battle box are all
    routed: they must retreat (with no winner, both sides', attacker first)."""
    for side in (b.attacker, b.defender):
        if side != b.winner and own(b, side) and not in_line(b, side):
            return side
    return None


def rout_retreat(state: AhdState, b: Battle) -> None:
    """A8.1, AMB-42, step after the battle: 'the loser's surviving routed pieces retreat as in
    B5.2.5 (one eligible adjacent box; destroyed if there is none)'; the winner's routed
    pieces simply stay. With one way out they take it; with several the owner chooses."""
    while (side := withdrawing(b)) is not None:
        options = retreat.choices(state, b, side)
        if len(options) > 1:
            stack.push(state, RoutRetreat(side=side))
            stack.repeat(b)  # then look again: with no winner, the other side's routed too
            return
        if options:
            _withdraw(state, b, side, str(options[0].action.noun))
        else:
            _destroyed(state, b, side)
    b.routed = []  # the battle is over: the winner's routed pieces are back in the line


def _withdraw(state: AhdState, b: Battle, side: str, dest: str) -> None:
    ids = list(own(b, side))
    if dest == b.box:  # A4.0: a failed breakout stays contained in its port
        state.log.append(f"Battle of {name(b.box)}: the routed {side} pieces "
                         f"({', '.join(ids)}) stay contained (A8.1, A4.0)")
        own(b, side).clear()
        return
    state.log.append(f"Battle of {name(b.box)}: the routed {side} pieces ({', '.join(ids)}) "
                     f"retreat to {name(dest)} (A8.1)")
    retreat.withdraw(state, b, side, dest)


def _destroyed(state: AhdState, b: Battle, side: str) -> None:
    ids = list(own(b, side))
    for pid in ids:
        p = piece(state, pid)
        remove_from_play(state, p)
        count_training_loss(state, p)  # O4.3: lost in battle
    state.log.append(f"Battle of {name(b.box)}: the routed {side} pieces ({', '.join(ids)}) "
                     f"cannot retreat and are destroyed (A8.1)")
    own(b, side).clear()


def _rout_prompt(state: AhdState, frame: RoutRetreat) -> str:
    b = current(state)
    return (f"Battle of {name(b.box)} — {frame.side} has lost: its routed pieces retreat "
            f"(A8.1): choose the box")


def _rout_choices(state: AhdState, frame: RoutRetreat) -> list[Choice]:
    return retreat.choices(state, current(state), frame.side)


def _go(state: AhdState, frame: RoutRetreat, dest: str) -> None:
    _withdraw(state, current(state), frame.side, dest)
    stack.done(state, frame)



ROUT_RETREAT = stack.Stop(role=lambda state, frame: frame.side, prompt=_rout_prompt,
                          choices=_rout_choices,
                          handlers={"retreat": _go, by_sea.VERB: _go})
