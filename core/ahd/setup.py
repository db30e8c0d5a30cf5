"""Starting a game of A House Divided from setups.toml: the campaign (B2.0, S1) and the year
scenarios 1862, 1863, 1864 (O5.0, S3)."""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from core import rng
from core.catalogue import read_toml
from core.ahd import query as q
from core.ahd import scenarios
from core.ahd.calendar import LAST_TURN
from core.ahd.counters import INDEX, foreign_counters, make_counters
from core.ahd.options import AhdOptions
from core.ahd.state import ASIDE, CODE, CSA, INFANTRY, MILITIA, POOL, SPARE, UNION, AhdState, Piece

GAME_ID = "a-house-divided"
SHORT_GAME_LAST_TURN = 10  # B13.0: July 1861 to June 1862
_CODES = {code: key for key, code in CODE.items()}


@cache
def setups() -> dict[str, Any]:
    return read_toml(Path(__file__).with_name("setups.toml"), ValueError)


def _take(pieces: list[Piece], side: str, code: str) -> Piece:
    arm, grade = _CODES[code]
    for p in pieces:
        if p.side == side and p.arm == arm and p.grade == grade and p.loc == SPARE:
            return p
    raise ValueError(f"setup needs more {side} {code} counters than the counter mix has")


def _set(pieces: list[Piece], p: Piece, loc: str, **marks: bool) -> None:
    """Put counter `p` in `loc`: pieces are frozen, so the list gets the changed counter."""
    pieces[INDEX[p.id]] = msgspec.structs.replace(p, loc=loc, **marks)


def _set_aside_border_militia(pieces: list[Piece]) -> None:
    """The Confederate border-state militia (A8.3) wait set aside."""
    for p in list(pieces):
        if p.side == CSA and p.arm == INFANTRY and p.grade == MILITIA and p.loc == SPARE:
            _set(pieces, p, ASIDE)


def foreign_units(options: AhdOptions) -> list[Piece]:
    """A8.4: the four foreign units, set aside until the intervention puts them in Europe;
    only in a game played with the rule (option foreign_intervention)."""
    return foreign_counters() if options.foreign_intervention else []


def printed_ownership() -> dict[str, str]:
    """Every blue box belongs to the Union, every grey one to the CSA (B9.0)."""
    return {box: side for box in q.map_boxes() if (side := q.printed_owner(box)) is not None}


def campaign(seed: int, options: AhdOptions) -> AhdState:
    data = setups()["campaign"]
    pieces = make_counters()
    for side, key in ((UNION, "union"), (CSA, "csa")):
        for box, codes in data[key]["boxes"].items():
            if box not in q.board().locations:
                raise ValueError(f"setups.toml: campaign {key}: unknown box {box!r}")
            for code in codes:
                _set(pieces, _take(pieces, side, code.rstrip("*")), box,
                     entrenched=code.endswith("*"))
        for code in data[f"{key}_pool"]:
            _set(pieces, _take(pieces, side, code), POOL)
    for _ in range(data["union_aside"]):
        _set(pieces, _take(pieces, UNION, CODE[(INFANTRY, MILITIA)]), ASIDE)
    _set_aside_border_militia(pieces)
    pieces += foreign_units(options)
    short = options.short_game
    state = AhdState(
        game=GAME_ID, scenario="campaign", options=options, rng=rng.seed_state(seed),
        pieces=pieces, owner=printed_ownership(), turn=data["start_turn"],
        start_turn=data["start_turn"], last_turn=SHORT_GAME_LAST_TURN if short else LAST_TURN,
    )
    for side, key in ((UNION, "union_mas"), (CSA, "csa_mas")):
        if q.mas(state, side) != data[key]:
            raise ValueError(f"map shields give {side} MAS {q.mas(state, side)}, "
                             f"the seed says {data[key]} (B2.0)")
    return state


# --- year scenarios (O5.0, reference S3) -------------------------------------------------------


def scenario_data(name: str) -> dict[str, Any]:
    data = setups()["scenarios"].get(name)
    if data is None:
        known = ", ".join(["campaign", *setups()["scenarios"]])
        raise ValueError(f"unknown scenario {name!r} (known: {known})")
    return data


def scenario_leaders(name: str) -> dict[str, dict[str, dict[str, Any]]]:
    """The seed's "***" entries of a scenario, for the leader rule (A8.2) to place:
    {side: {leader: {"box": box id, "value": command value at the start}}}. Empty for the
    campaign, where leaders arrive on their counters' dates."""
    if name not in setups().get("scenarios", {}):
        return {UNION: {}, CSA: {}}
    data = setups()["scenarios"][name]
    return {side: dict(data[key].get("leaders", {})) for side, key in ((UNION, "union"),
                                                                       (CSA, "csa"))}


def _check_box(name: str, key: str, box: str) -> None:
    if box not in q.board().locations or q.board().locations[box].offmap:
        raise ValueError(f"setups.toml: scenario {name} {key}: unknown box {box!r}")


def _flagged(name: str, key: str, side_data: dict[str, Any]) -> list[str]:
    """The boxes under the side's control markers: named boxes and every box of the named
    states ("Tutti in Kentucky")."""
    boxes = []
    for box in side_data["flags"]:
        _check_box(name, key, box)
        boxes.append(box)
    for state_name in side_data["flag_states"]:
        in_state = [box for box in q.map_boxes()
                    if q.board().locations[box].props.get("state") == state_name]
        if not in_state:
            raise ValueError(f"setups.toml: scenario {name} {key}: no box in {state_name!r}")
        boxes += in_state
    return boxes


def scenario(seed: int, name: str, options: AhdOptions) -> AhdState:
    """O5.0: a year scenario from its table in setups.toml, on its April turn."""
    data = scenario_data(name)
    if options.short_game:
        raise ValueError(f"the short game (B13.0) is the campaign from July 1861 to June "
                         f"1862; it cannot be played with the {name} scenario")
    pieces = make_counters()
    owner = printed_ownership()
    cavalry_held: list[str] = []
    sides = ((UNION, "union"), (CSA, "csa"))
    for side, key in sides:  # control markers (seed: "Segnalini di Controllo")
        for box in _flagged(name, key, data[key]):
            owner[box] = side
    for side, key in sides:
        for box, codes in data[key]["boxes"].items():
            _check_box(name, key, box)
            for code in codes:
                _set(pieces, _take(pieces, side, code.rstrip("*")), box,
                     entrenched=code.endswith("*"))  # "*" = trincerato
            # AMB-28: a box occupied at start belongs to the occupier; by cavalry alone it is
            # cavalry-only control (B9.0) unless the box is the side's anyway.
            here = [p for p in pieces if p.loc == box]
            if owner.get(box) != side and not any(p.arm == INFANTRY for p in here):
                cavalry_held.append(box)
            owner[box] = side
        for code in data[key]["pool"]:
            _set(pieces, _take(pieces, side, code), POOL)
    union_pool_mf = [p for p in pieces if p.side == UNION and p.loc == POOL
                     and p.arm == INFANTRY]
    aside = data["union_aside"]
    if name == "1863" and options.draft_riots:
        # O4.4: the April 1863 militia come one a month, April to July; the scenario's pool
        # holds April's, the other three wait aside for the draft-riot rule to enlist them.
        for p in union_pool_mf[1:4]:
            _set(pieces, p, ASIDE)
    for _ in range(aside):
        _set(pieces, _take(pieces, UNION, CODE[(INFANTRY, MILITIA)]), ASIDE)
    _set_aside_border_militia(pieces)
    pieces += foreign_units(options)  # GAP-9: no intervention has happened at the start
    state = AhdState(
        game=GAME_ID, scenario=name, options=options, rng=rng.seed_state(seed),
        pieces=pieces, owner=owner, cavalry_held=sorted(cavalry_held), turn=data["start_turn"],
        start_turn=data["start_turn"], last_turn=LAST_TURN,
    )
    contested = q.occupied(state, UNION) & q.occupied(state, CSA)
    if contested:
        raise ValueError(f"setups.toml: scenario {name} starts with both sides in "
                         f"{', '.join(sorted(contested))} (AMB-26)")
    for side, key in ((UNION, "union_mas"), (CSA, "csa_mas")):
        if q.mas(state, side) != data[key]:  # AMB-29: the listed MAS must come out of the map
            raise ValueError(f"map shields give {side} MAS {q.mas(state, side)} in scenario "
                             f"{name}, the seed says {data[key]} (O5.0, S4)")
    return state


def agree_end(state: AhdState) -> None:
    """O5.0: the March agreed for the scenario victory table (option scenario_end) becomes the
    game's last turn; an end point the start cannot reach is refused (ValueError)."""
    scenarios.check_end_point(state.scenario, state.start_turn, state.options)
    when = scenarios.end_turn(state.options)
    if when is not None:
        state.last_turn = min(state.last_turn, when)
