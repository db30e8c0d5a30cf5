"""Coastal defences in battle, advanced rule A5.0 (the garrison itself: core/ahd/coastal.py).

Seed "Regole Avanzate" 5.0 "Difese Costiere". The coastal garrison of an invaded Confederate
port fights beside its defenders (AMB-38, AMB-63):
  * it fires first in each of the defender's fires, at the value of the city's red shield,
    with the defender's +1 against the invaders in rounds 1-2 (B5.2.3);
  * 'Qualunque pezzo dell'unione che sta tentando un'invasione navale deve per prima cosa
    distruggere il presidio in difesa (e poi qualunque altro pezzo presente)': every Union shot
    goes at it while it stands;
  * it is always entrenched; two hits destroy it; it never moves, so it fights on alone after
    a cavalry escape or a retreat of the Confederate pieces;
  * 'Il giocatore dell'Unione non riceve promozioni per aver sconfitto solamente un presidio
    costiero, ma se la battaglia evolve in un combattimento regolare allora potrà ricevere le
    promozioni come al solito' (B6.0).
"""
from __future__ import annotations

from core.ahd import coastal
from core.ahd.state import Battle

GARRISON = coastal.GARRISON


def alive(b: Battle) -> bool:
    """The battle has a coastal garrison that has not taken its second hit."""
    return coastal.alive(b)


def fires_first(b: Battle, side: str, firers: list[str]) -> list[str]:
    """The defender's firers with the garrison first, while it stands (A5.0)."""
    if side == b.defender and alive(b):
        return [GARRISON] + firers
    return firers


def must_be_targeted(b: Battle, side: str) -> bool:
    """The invaders fire at the garrison alone while it stands (A5.0)."""
    return side == b.attacker and alive(b)


def note_shot(b: Battle, firer: str, target: str) -> None:
    """A shot between pieces makes the battle 'un combattimento regolare' (promotion)."""
    if GARRISON not in (firer, target):
        b.regular_combat = True


def only_garrison_beaten(b: Battle) -> bool:
    """The Union won by beating the coastal garrison alone: no battle promotion (A5.0)."""
    return b.winner == b.attacker and b.garrison > 0 and not b.regular_combat
