"""Battlefield targeting, optional rule O2.2 (seed "Regole Opzionali" 2.2; AMB-31).

It replaces B5.1's "ogni pezzo nemico deve essere obiettivo di almeno un pezzo". The seed's
text is garbled; read as AMB-31 (docs/ahd-decisions.md):
  * cavalry declares first and 'deve sparare alla Cavalleria nemica': while an enemy cavalry
    piece is not yet a target, a cavalry firer must take one of those; once every enemy cavalry
    piece is a target it fires freely;
  * infantry 'non può sparare alla Cavalleria nemica che è stata già selezionata in quel round
    come obiettivo': it may take an enemy cavalry piece nobody targets yet, or enemy infantry,
    covering every enemy infantry piece before doubling up on one;
  * a firer left with no target it may take holds its fire.
"""
from __future__ import annotations

from core.ahd.battle import declaring, garrison
from core.ahd.battle.base import in_line, other, tag
from core.ahd.pieces import piece
from core.ahd.state import CAVALRY, AhdState, Battle


def in_force(state: AhdState) -> bool:
    return state.options.battlefield_targeting


def cavalry_first(state: AhdState, b: Battle, side: str) -> None:
    """O2.2, step before the declarations: cavalry declares first (the coastal garrison, A5.0,
    still fires first of all)."""
    if not in_force(state):
        return

    def order(uid: str) -> int:
        if uid == garrison.GARRISON:
            return 0
        return 1 if piece(state, uid).arm == CAVALRY else 2

    b.firers.sort(key=order)


def legal(state: AhdState, b: Battle, side: str, foes: list[str]) -> list[str]:
    """The targets the next firer, a piece, may declare under O2.2."""
    firer = piece(state, b.firers[0])
    covered = {target for _, target in b.shots}
    cavalry = [t for t in foes if piece(state, t).arm == CAVALRY]
    infantry = [t for t in foes if piece(state, t).arm != CAVALRY]
    open_cavalry = [t for t in cavalry if t not in covered]
    if firer.arm == CAVALRY:
        return open_cavalry or foes
    open_infantry = [t for t in infantry if t not in covered]
    return sorted(open_cavalry + (open_infantry or infantry))


def legal_now(state: AhdState, b: Battle, side: str) -> list[str]:
    """Under O2.2, the targets the next firer may declare: the coastal garrison first (A5.0) and
    the garrison's own fire as B5.1 says (declaring.covering); a piece under O2.2 (`legal`)."""
    foes = declaring.targets_open(b, side)
    if foes == [garrison.GARRISON] or b.firers[0] == garrison.GARRISON:
        return declaring.covering(b, side)
    return legal(state, b, side, foes)


def forced(state: AhdState, b: Battle, side: str) -> None:
    """Under O2.2: a firer left with no target it may take holds its fire (infantry facing
    only enemy cavalry already chosen); against a single enemy piece the one possible
    declaration is made at once."""
    if not in_force(state):
        return
    held: list[str] = []
    made = False
    while b.firers:
        allowed = legal_now(state, b, side)
        if allowed and len(in_line(b, other(b, side))) > 1:
            break
        firer = b.firers.pop(0)
        if allowed:
            b.shots.append([firer, allowed[0]])
            made = True
        else:
            held.append(firer)
    if held:
        state.log.append(f"{tag(b)}: {', '.join(held)} cannot fire: no target allowed "
                         f"(O2.2 battlefield targeting)")
    if (held or made) and not b.firers and b.shots:
        state.log.append(f"{tag(b)}: {side} targets: {declaring.declared(b)}")
