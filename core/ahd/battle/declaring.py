"""Declaring targets, seed B5.1 (AMB-15), the part the optional O2.2 reads too: what a side
may fire at, the rule that every enemy piece be a target if possible, and the declaration as the
log shows it. A floor below fire.py (the Targets stop) and targeting.py (O2.2).
"""
from __future__ import annotations

from core.ahd.battle import garrison
from core.ahd.battle.base import in_line, other
from core.ahd.state import Battle


def targets_open(b: Battle, side: str) -> list[str]:
    """What `side` may fire at: the enemy pieces still fighting (A8.1, AMB-42: not the
    routed), or only the coastal garrison while it stands (A5.0)."""
    if garrison.must_be_targeted(b, side):
        return [garrison.GARRISON]
    return sorted(in_line(b, other(b, side)))


def covering(b: Battle, side: str) -> list[str]:
    """Targets the next firer may declare under B5.1 (AMB-15): the distinct targets must number
    min(firers, enemy pieces), so an enemy already targeted is legal only if the firers still
    to declare after this one can cover every enemy that must still be covered. O2.2 replaces
    that rule for a piece firing (targeting.py)."""
    foes = targets_open(b, side)
    if foes == [garrison.GARRISON]:
        return foes  # A5.0: the garrison first, then any other piece
    required = min(len(b.firers) + len(b.shots), len(foes))
    covered = {target for _, target in b.shots}
    left_after = len(b.firers) - 1
    return [t for t in foes if t not in covered or required - len(covered) <= left_after]


def declared(b: Battle) -> str:
    """'C-FV-01 → U-MF-01, C-MF-01 → U-FS-01'."""
    return ", ".join(f"{f} → {t}" for f, t in b.shots)
