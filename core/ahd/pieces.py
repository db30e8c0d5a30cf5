"""Changes to single pieces: lookup, hits, elimination, promotion (B5.1, B6.0, B7.0)."""
from __future__ import annotations

from functools import cache
from operator import attrgetter
from typing import Any

import msgspec

from core.ahd.counters import COUNTERS, INDEX
from core.ahd.query import free_counter
from core.ahd.state import (ASIDE, CRACK, CSA, MILITIA, NAME, POOL, SPARE, UNION, VETERAN,
                            AhdState, Piece)

NEXT_GRADE = {MILITIA: VETERAN, VETERAN: CRACK}


def piece(state: AhdState, pid: str) -> Piece:
    return state.pieces[INDEX[pid]]


def update(state: AhdState, p: Piece, **changes: Any) -> Piece:
    """Change counter `p`: pieces are frozen (every copy of the state shares them, so a copy
    is cheap), so the counter is replaced in `state.pieces` by one with `changes`. Returns the
    new counter: use it, not `p`, afterwards. Every change of a counter goes through here (but
    `clear_turn_marks_on_map`, which moves none), so it keeps the state's index of where the
    counters are (`AhdState.whereabouts`) in step."""
    new = msgspec.structs.replace(p, **changes)
    i = INDEX[p.id]
    old = state.pieces[i]
    if new.loc != old.loc:  # (the index first: if not built yet, built from the list as it was)
        state.whereabouts.moved(i, new.side, old.loc, new.loc)
    state.pieces[i] = new
    return new


# The bookkeeping of one player turn (B4.0-B5.2.4), cleared when a player turn starts.
TURN_MARKS: dict[str, Any] = dict(marches=0, digging=False, jumped=False, halted=False,
                                  sailed=False, came_from="", crossing=False, fought=False,
                                  retreated=False)


def describe(p: Piece) -> str:
    """'Union veteran infantry (U-FV-03)'; 'Confederate foreign veteran infantry (C-FOR-01)'
    (A8.4)."""
    return _description(p.side, p.foreign, p.arm, p.grade, p.id)


@cache
def _description(side: str, foreign: bool, arm: str, grade: str, pid: str) -> str:
    """describe(), worked out once per counter (labels and the log name counters often)."""
    return f"{side} {'foreign ' if foreign else ''}{NAME[(arm, grade)]} ({pid})"


def counter_name(pid: str) -> str:
    """describe() of counter `pid`, whatever its state: a counter's side, type and quality
    never change (a promotion swaps counters)."""
    return describe(COUNTERS[INDEX[pid]])


turn_marks_of = attrgetter(*TURN_MARKS)  # a counter's turn marks, in the order of TURN_MARKS
NO_TURN_MARKS = tuple(TURN_MARKS.values())


def has_turn_marks(p: Piece) -> bool:
    return turn_marks_of(p) != NO_TURN_MARKS


def clear_turn_marks_on_map(state: AhdState) -> None:
    """A new player turn: `clear_turn_marks` for every counter on the map (only those carry
    turn marks: a counter leaves the map eliminated, `remove_from_play`, or swapped by a
    promotion, `promote`, both clearing them). Written out for speed: no counter changes
    place, so the index of where they are (`AhdState.whereabouts`) stays as it is."""
    pieces, on_map = state.pieces, state.whereabouts.on_map
    for i in on_map[UNION] + on_map[CSA]:
        p = pieces[i]
        if turn_marks_of(p) != NO_TURN_MARKS:
            pieces[i] = msgspec.structs.replace(p, **TURN_MARKS)


def clear_turn_marks(state: AhdState, p: Piece) -> Piece:
    """A new player turn: no marches, jumps, naval moves or battles yet (the counter unchanged
    when it has none)."""
    return update(state, p, **TURN_MARKS) if has_turn_marks(p) else p


def remove_from_play(state: AhdState, p: Piece) -> Piece:
    """Eliminated: militia to the pool, others back to the spare counters (B5.1, AMB-3); a
    foreign unit is set aside until a recruiting die of 5 or 6 replaces it in Europe (A8.4),
    never a counter a promotion could take."""
    return update(state, p, loc=ASIDE if p.foreign else POOL if p.grade == MILITIA else SPARE,
                  reduced=False, entrenched=False, **TURN_MARKS)


def hit(state: AhdState, target: Piece) -> str:
    """Apply one hit: full -> reduced, reduced -> eliminated (B5.1). Returns what happened."""
    if target.reduced:
        remove_from_play(state, target)
        return "eliminated"
    update(state, target, reduced=True)
    return "reduced"


def can_promote(state: AhdState, p: Piece) -> bool:
    """Militia -> veteran, veteran -> crack, if a counter is free (B6.0); 'Le unità straniere
    non possono essere promosse' (A8.4)."""
    grade = NEXT_GRADE.get(p.grade)
    return (grade is not None and not p.foreign
            and free_counter(state, p.side, p.arm, grade) is not None)


def missing_counters(state: AhdState, candidates: list[Piece]) -> str:
    """Why some of `candidates` cannot be promoted although the rules would allow it: no free
    counter of the next quality ('no free crack infantry counter left (counter mix, GAP-6)');
    "" when nothing is stopped by the counter mix alone. The counter mix is reconstructed
    (GAP-6), so the player is told whenever it decides."""
    kinds = sorted({(p.side, p.arm, NEXT_GRADE[p.grade]) for p in candidates
                    if p.grade in NEXT_GRADE and not p.foreign and p.on_map})
    short = [NAME[(arm, grade)] for side, arm, grade in kinds
             if free_counter(state, side, arm, grade) is None]
    if not short:
        return ""
    return f"no free {' or '.join(short)} counter left (counter mix, GAP-6)"


def promote(state: AhdState, p: Piece) -> Piece:
    """Swap the counter for one of the next quality, same type, same place and face (B6.0).

    The new counter keeps the old one's face, entrenchment and turn marks (AMB-20); the old
    militia counter returns to the pool, an old veteran to the spare counters.
    """
    new = free_counter(state, p.side, p.arm, NEXT_GRADE[p.grade])
    assert new is not None, "promotion without a free counter"
    new = update(state, new, **{field: getattr(p, field) for field in (
        "loc", "reduced", "entrenched", "marches", "digging", "jumped", "halted", "sailed",
        "came_from", "crossing", "fought", "retreated")})
    update(state, p, loc=POOL if p.grade == MILITIA else SPARE, reduced=False,
           entrenched=False, **TURN_MARKS)
    return new
