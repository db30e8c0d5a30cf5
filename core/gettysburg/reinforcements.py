"""7.0 Reinforcements: the scenario's arrivals become pending on their turn and enter when
activated (core/gettysburg/movement.py: the entry move; activation.py: who may activate them).

"The units entering as reinforcements are listed in each scenario. If no unit of that corps is
on the map, put its chit into the cup. Once drawn, reinforcements, if activated, enter spending
their first 1/2 MP in the listed hex." AMB-23 [R]: a unit due but not activated stays pending
(its chit goes into the cup in later turns); its entry is its activation and a road move (no
attack); it waits while its entry hex is held by the enemy or cannot take it. 7.1: the units
arriving in a night turn enter then (core/gettysburg/night.py).
"""
from __future__ import annotations

from core.gettysburg import query as q
from core.gettysburg.state import DUE, ON_MAP, PENDING, GbState


def arrive(state: GbState) -> None:
    """Turn start: the reinforcements due by this turn become pending (7.0)."""
    now = state.turn.key
    due = [u for u in state.units if u.status == DUE and u.arrival.key <= now
           and not (u.arrival.night and u.arrival.key == now)]
    for u in due:
        q.update(state, u.id, status=PENDING)
    if due:
        state.log.append("Reinforcements due (7.0): " + ", ".join(
            f"{q.name(u.id)} at {u.entry}" for u in due) + ".")


def night_arrivals(state: GbState, side: str) -> list[str]:
    """7.1: the units of `side` arriving in this night turn."""
    return [u.id for u in state.units if u.side == side and u.status == DUE
            and u.arrival == state.turn]


def corps_in_play(state: GbState) -> set[str]:
    """2.0, 7.0: corps with a unit on the map or a reinforcement pending."""
    return {q.corps_of(u.id) for u in state.units if u.status in (ON_MAP, PENDING)}
