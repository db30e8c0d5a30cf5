"""8.0-8.3 Victory: the red-dot hexes at the end of each day and the eliminated SP.

8.0: "The number is the VP the Confederate player scores if he controls the hex at the end of
the day. Moreover EACH player scores VP equal to the SP of the enemy units ELIMINATED. The
player with more VP wins." AMB-25 [R]: a hex is controlled when a Confederate unit occupies it
after the day's 20:00 turn (option: the last side to occupy it keeps it); hex VP are scored at
the end of every day and added up; an eliminated unit scores its printed SP; the units listed
as eliminated before Scenarios 2 and 3 count for the Confederate player (option: they do not);
equal VP is a draw. 8.2: the short scenario ends after 1 July: d = CSA - US VP >= 10 a
Confederate victory, 4 to 9 a draw, anything else a Union victory (AMB-26).
"""
from __future__ import annotations

from core.gettysburg import query as q
from core.gettysburg.scenarios import scenario_book
from core.gettysburg.state import CSA, ELIMINATED, REMOVED, UNION, GbState, enemy
from maps import gettysburg as gb_map


def holder(state: GbState, h: str) -> str | None:
    """Who controls VP hex `h` now (AMB-25)."""
    there = q.at(state, h)
    if there:
        return there[0].side
    if state.options.vp_control == "last occupied":
        return state.control.get(h)
    return None


def held_vp(state: GbState) -> int:
    """The hex VP the Confederate player would score if the day ended now."""
    return sum(vp for h, vp in gb_map.VP_HEXES.items() if holder(state, h) == CSA)


def eliminated_sp(state: GbState, side: str) -> int:
    """Printed SP of `side`'s units eliminated (AMB-25 [R]), before the start included when
    they count."""
    counted = (ELIMINATED, REMOVED) if state.options.eliminated_before_start else (ELIMINATED,)
    return sum(q.printed_sp(u.id) for u in state.units
               if u.side == side and u.status in counted)


def vp(state: GbState, side: str) -> int:
    """8.0: a side's VP so far: the enemy SP it eliminated, plus (Confederate) the hexes."""
    total = eliminated_sp(state, enemy(side))
    if side == CSA:
        total += sum(state.hex_vp)
    return total


def track_control(state: GbState) -> None:
    """AMB-25 option: the last side to occupy a VP hex keeps it."""
    for h in gb_map.VP_HEXES:
        there = q.at(state, h)
        if there and state.control.get(h) != there[0].side:
            state.control[h] = there[0].side


def score_day(state: GbState) -> None:
    """8.0: at the end of the day the Confederate player scores the red-dot hexes he holds."""
    held = {h: v for h, v in gb_map.VP_HEXES.items() if holder(state, h) == CSA}
    state.hex_vp.append(sum(held.values()))
    where = ", ".join(f"{q.hex_name(h)} {v}" for h, v in sorted(held.items())) or "none"
    state.log.append(f"End of {scenario_book().clock.days[state.turn.day - 1]} (8.0): the "
                     f"Confederate player holds {where}: {sum(held.values())} VP. Totals: "
                     f"Union {vp(state, UNION)}, Confederate {vp(state, CSA)}.")


def finish(state: GbState) -> None:
    """8.0, 8.2, 8.3: compare the VP."""
    book = scenario_book()
    csa, union = vp(state, CSA), vp(state, UNION)
    winner = book.outcome(state.played, csa, union)
    rule = book.victory[book.scenarios[state.played].victory].rule
    score = f"Confederate {csa} VP, Union {union} VP"
    if winner == "draw":
        state.result = f"Draw: {score} ({rule})."
    else:
        state.result = f"{winner} victory: {score} ({rule})."
    state.active = []
    state.log.append(f"GAME OVER — {state.result}")
