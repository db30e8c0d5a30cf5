"""Desertion and straggling, advanced optional rule A8.1.2 (the tables T4, T6:
core/ahd/morale.py), with A8.2.3 leaders and desertion.

Seed "Regole Avanzate" 8.12 "Disertare e Sbandare": 'Dopo una battaglia, entrambe i fronti
devono testare la diserzione e le sbandate. Per tutte le riduzioni (numero in rosso) i pezzi
devono fare un test sulla diserzione ... Se il risultato del dado è maggiore del valore di
morale di un dato pezzo, quell'unità diserta e viene eliminata dal gioco.' +1 if its army has
just lost the battle (AMB-43: by retreating or being destroyed or routed; nobody after a
cavalry escape or with no winner), -1 if it is not routed, minus the friendly leaders present
(A8.2.3). Tested before the winner's promotion (AMB-43); a deserter is eliminated as usual
(militia to the pool), and it is no battle loss for O4.3 ('le unità ... perse durante una
diserzione non sono considerate').
"""
from __future__ import annotations

from core import dice
from core.ahd import morale
from core.ahd.battle import leadership
from core.ahd.battle.base import loser
from core.ahd.pieces import piece, remove_from_play
from core.ahd.state import AhdState, Battle, Piece
from core.ahd.text import name


def tests(state: AhdState, b: Battle) -> None:
    """A8.1.2, first step after the battle: every reduced piece of both sides that took part
    and is still on the map tests, the attacker's first, each side in id order."""
    if not state.options.desertion:
        return
    beaten = loser(b)
    for side in (b.attacker, b.defender):
        leaders = leadership.desertion_bonus(state, b, side)
        for pid in sorted(pid for pid in b.participants if piece(state, pid).side == side):
            p = piece(state, pid)
            if p.on_map and p.reduced:
                _test(state, b, p, lost=side == beaten, leaders=leaders)


def _test(state: AhdState, b: Battle, p: Piece, lost: bool, leaders: int) -> None:
    value = morale.morale_value(p, state.turn)
    routed = p.id in b.routed
    modifier = morale.desertion_modifier(lost, routed, leaders)
    die = dice.d6(state, f"desertion test of {p.id}", "A8.1.2")
    deserts = morale.fails(die, modifier, value)
    parts = [f"{n:+d} {why}" for n, why in ((1 if lost else 0, "lost"),
                                            (0 if routed else -1, "not routed"),
                                            (-leaders, "leaders")) if n]
    shown = f" {' '.join(parts)} = {die + modifier}" if parts else ""
    state.log.append(f"Battle of {name(b.box)}: desertion test of {p.id} (morale {value}): "
                     f"die {die}{shown} — "
                     f"{'deserts, eliminated (A8.1.2)' if deserts else 'stays'}")
    if deserts:
        for ids in (b.attackers, b.defenders, b.routed):
            if p.id in ids:
                ids.remove(p.id)
        remove_from_play(state, p)  # AMB-43: an ordinary elimination, militia to the pool
