"""8.1 Scenarios: the starting state of a game, from the scenario tables (scenarios.toml).

The units on the map stand in their hexes with their SP; the reinforcements wait for their turn
(7.0, 7.1); the units eliminated before the start are out of play (AMB-25). The clock starts at
08:00 of the scenario's first day (AMB-27 [R]); the Confederate player has the initiative (7.1).
"""
from __future__ import annotations

from core import rng
from core.gettysburg import query as q
from core.gettysburg import victory
from core.gettysburg.options import GbOptions
from core.gettysburg.scenarios import scenario_book
from core.gettysburg.state import DUE, ON_MAP, REMOVED, GbState, Unit
from maps import gettysburg as gb_map

GAME_ID = gb_map.GAME_ID
SCENARIOS = ["campaign", "day-1", "day-2", "day-3"]  # the first is the default (8.1)
SHORT_SCENARIO_2 = "day-2-only"                       # AMB-28 option: the variant of day-2


def played(scenario: str, options: GbOptions) -> str:
    """The scenarios.toml scenario a game plays: AMB-28's option swaps Scenario 2's length."""
    if scenario == "day-2" and options.scenario_2_length == "2 July only":
        return SHORT_SCENARIO_2
    return scenario


def build(seed: int, scenario: str, options: GbOptions) -> GbState:
    book = scenario_book()
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r} (known: {', '.join(SCENARIOS)})")
    sid = played(scenario, options)
    chosen = book.scenarios[sid]
    table = book.setups[chosen.setup]
    start = {p.unit: p for p in table.start}
    arrive = {a.unit: a for a in table.arrive}
    removed = {e.unit for e in table.eliminated}
    units: list[Unit] = []
    for uid in q.unit_ids():
        side = q.counter(uid).side
        if uid in start:
            units.append(Unit(id=uid, side=side, status=ON_MAP, hex=start[uid].hex,
                              sp=start[uid].sp))
        elif uid in arrive:
            a = arrive[uid]
            units.append(Unit(id=uid, side=side, status=DUE, sp=q.printed_sp(uid),
                              arrival_day=a.day, arrival_hour=a.hour, entry=a.hex))
        else:
            assert uid in removed, f"{uid} is in no table of {table.id}"
            units.append(Unit(id=uid, side=side, status=REMOVED, sp=0))
    state = GbState(game=GAME_ID, scenario=scenario, options=options, rng=rng.seed_state(seed),
                    played=sid, turn=book.first_turn(sid), last_day=chosen.last_day,
                    units=units)
    victory.track_control(state)
    state.log.append(f"{chosen.title} ({table.title}); {len(book.turns(sid))} turns, "
                     f"{book.clock.label(book.first_turn(sid))} to "
                     f"{book.clock.label(book.last_turn(sid))}.")
    if removed:
        state.log.append("Eliminated before the start: " + ", ".join(
            f"{q.name(u)} ({q.printed_sp(u)} SP)" for u in sorted(removed)) + (
            " — they count for the Confederate player (AMB-25)."
            if options.eliminated_before_start else " — they score nothing (AMB-25 option)."))
    return state
