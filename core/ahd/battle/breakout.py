"""Containment battles, advanced rule A4.0 (containment itself: core/ahd/containment.py).

Seed "Regole Avanzate" 4.0 "Contenimento". Two battles are fought inside a contained port: the
Union breakout at the start of its movement segment, and a Confederate attack the CSA chooses
at the end of its movement. In both 'se un fronte attacca l'altro, l'attaccante deve
abbandonare il suo trinceramento e perciò attaccare senza il -1 difensivo' (a permanent
entrenchment too, AMB-37: core/ahd/battle/base.py `entrenched`), and nobody crosses a river
(AMB-16). A breakout's 'retreat' calls it off: the Union pieces stay contained in the port and
the Confederacy wins; a won breakout frees them (core/ahd/containment.py `after_battle`).
"""
from __future__ import annotations

from core.ahd.pieces import piece, update
from core.ahd.state import AhdState, Battle


def leave_entrenchment(state: AhdState, b: Battle) -> None:
    """A4.0, when the battle begins: the attacker leaves its entrenchment, and nobody crosses."""
    if not b.containment:
        return
    for pid in b.attackers:
        update(state, piece(state, pid), entrenched=False, digging=False, crossing=False)


def calling_off(b: Battle, side: str) -> bool:
    """The Union's retreat from a breakout: it stays in its port (A4.0)."""
    return b.breakout and side == b.attacker


def label(port: str) -> str:
    """The retreat choice of a breakout: `port` is the port's name."""
    return f"Call off the breakout: stay contained in {port} (the Confederates win)"
