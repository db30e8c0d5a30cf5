"""Control of boxes (B9.0), with the capture of Washington (A6.0).

At the end of his player turn a player captures every box where he has pieces and the enemy
has none. Cavalry «controllano un riquadro solo nel momento in cui lo stanno occupando»: a box
taken by cavalry alone is held only while that side still has a piece there (unless infantry
joins it, which makes the capture permanent); the moment the last piece leaves — in either
player's turn, by a march, a retreat, a reinforcement or an elimination — the box returns to
its printed owner (AMB-21), and both MAS change at once.
"""
from __future__ import annotations

from core import dice
from core.ahd import containment
from core.ahd import query as q
from core.ahd.state import CSA, UNION, AhdState
from core.ahd.text import name
from maps.a_house_divided import WASHINGTON


def capture(state: AhdState, side: str) -> None:
    """B9.0: `side` captures every box where it has a piece and the enemy has none."""
    enemy_boxes = q.occupied(state, q.enemy(side))
    for box in sorted(q.occupied(state, side)):
        if box in enemy_boxes:
            continue  # pieces of both sides: no change of owner (AMB-21)
        if state.owner.get(box) == side and box not in state.cavalry_held:
            continue  # already owned for good: nothing changes
        mine = q.pieces_at(state, box, side)
        cavalry_only = not q.has_infantry(mine)
        if state.owner.get(box) != side:
            state.owner[box] = side
            if box in state.cavalry_held:
                state.cavalry_held.remove(box)
            if cavalry_only:
                state.cavalry_held.append(box)
            how = " by cavalry alone (held while occupied)" if cavalry_only else ""
            state.log.append(f"{side} captures {name(box)}{how}.")
            containment.note_capture(state, box, side, mine)  # A4.0 eligible ports
            if box == WASHINGTON and state.options.washington_capture:
                washington_changes_hands(state, side)
        elif box in state.cavalry_held and not cavalry_only:
            state.cavalry_held.remove(box)  # infantry made the control permanent


def lapse(state: AhdState) -> None:
    """B9.0: cavalry-only control ends the moment its side has no piece left in the box."""
    if not state.cavalry_held:
        return
    at = state.whereabouts.at
    for box in list(state.cavalry_held):
        holder = state.owner.get(box)
        if holder is None or box not in at[holder]:  # q.has_piece
            state.cavalry_held.remove(box)
            revert(state, box)


def revert(state: AhdState, box: str) -> None:
    """Cavalry-only control lapses: the box returns to its printed owner (B9.0, AMB-21)."""
    printed = q.printed_owner(box)
    if printed is None:
        state.owner.pop(box, None)
        state.log.append(f"{name(box)} returns to neutral: the cavalry has left (B9.0).")
    else:
        state.owner[box] = printed
        state.log.append(f"{name(box)} returns to the {printed}: the cavalry has left (B9.0).")


def washington_changes_hands(state: AhdState, side: str) -> None:
    """A6.0 (TC-20, AMB-39): a Confederate capture of Washington costs the Union 1d6 of MAS, a 1
    counting as 2, instead of the city's blue shield of 1: the shield is lost by ownership
    (B7.0) and the rest is a permanent offset. A Union recapture gives back only the shield."""
    if side == CSA:
        die = dice.d6(state, "Union MAS lost with Washington", "A6.0")
        loss = q.die_to_count(die)  # "se il risultato del dado è un 1, sottraete 2"
        shield = q.shield(WASHINGTON, UNION)
        state.mas_offset[UNION] = state.mas_offset.get(UNION, 0) - (loss - shield)
        state.log.append(f"Washington falls (A6.0): die {die}, Union MAS -{loss} "
                         f"(now {q.mas(state, UNION)}); the Confederacy does not win by it.")
    else:
        state.log.append(f"The Union recaptures Washington (A6.0): Union MAS "
                         f"+{q.shield(WASHINGTON, UNION)} only (now {q.mas(state, UNION)}).")
