"""The French Alliance track (12.1): every cause that moves the marker calls `advance`.

A floor below every mechanism that moves the marker (a battle, an Overrun, Washington captured,
the events); the alliance's effects (12.2) and the French Navy (12.3) are core/ww/alliance.py.
"""
from __future__ import annotations

from core.ww.state import ALLIANCE_SPACES, WwState


def advance(state: WwState, spaces: int, reason: str) -> None:
    """12.1: move the French Alliance marker `spaces` (negative: back), never below 0 (12.1)
    and never past the French Alliance space, 9. Once it has entered that space France has
    signed and the marker moves no more (12.2.A; C8, C9: a later battle, Regulars loss or
    capture of Washington moves nothing)."""
    if state.france_in_war or state.alliance >= ALLIANCE_SPACES or spaces == 0:
        return
    old = state.alliance
    state.alliance = max(0, min(ALLIANCE_SPACES, old + spaces))
    moved = state.alliance - old
    how = (f"moves {'forward' if moved > 0 else 'back'} {abs(moved)}" if moved
           else "stays")
    state.log.append(f"French Alliance marker {how} ({reason}): {state.alliance}/"
                     f"{ALLIANCE_SPACES} (12.1).")
    if state.alliance == ALLIANCE_SPACES:
        state.log.append("The marker enters the French Alliance space: France enters the war "
                         "once the card in play is fully resolved (12.2.A, 12.2.B).")


def due(state: WwState) -> bool:
    return state.alliance >= ALLIANCE_SPACES and not state.france_in_war
