"""Starting a game of A House Divided from setups.toml (B2.0, S1)."""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from core import rng
from core.ahd import query as q
from core.ahd.calendar import LAST_TURN
from core.ahd.counters import make_counters
from core.ahd.state import ASIDE, CODE, CSA, MILITIA, INFANTRY, POOL, UNION, AhdState, Piece

GAME_ID = "a-house-divided"
SHORT_GAME_LAST_TURN = 10  # B13.0: July 1861 to June 1862
_CODES = {code: key for key, code in CODE.items()}


@cache
def setups() -> dict[str, Any]:
    with open(Path(__file__).with_name("setups.toml"), "rb") as f:
        return tomllib.load(f)


def _take(pieces: list[Piece], side: str, code: str) -> Piece:
    arm, grade = _CODES[code]
    for p in pieces:
        if p.side == side and p.arm == arm and p.grade == grade and p.loc == "supply":
            return p
    raise ValueError(f"setup needs more {side} {code} counters than the counter mix has")


def printed_ownership() -> dict[str, str]:
    """Every blue box belongs to the Union, every grey one to the CSA (B9.0)."""
    return {box: side for box in q.map_boxes() if (side := q.printed_owner(box)) is not None}


def campaign(seed: int, options: dict[str, Any]) -> AhdState:
    data = setups()["campaign"]
    pieces = make_counters()
    for side, key in ((UNION, "union"), (CSA, "csa")):
        for box, codes in data[key]["boxes"].items():
            if box not in q.board().locations:
                raise ValueError(f"setups.toml: campaign {key}: unknown box {box!r}")
            for code in codes:
                p = _take(pieces, side, code.rstrip("*"))
                p.loc = box
                p.entrenched = code.endswith("*")
        for code in data[f"{key}_pool"]:
            _take(pieces, side, code).loc = POOL
    for _ in range(data["union_aside"]):
        _take(pieces, UNION, CODE[(INFANTRY, MILITIA)]).loc = ASIDE
    for p in pieces:  # the Confederate border-state militia (A8.3) wait set aside
        if p.side == CSA and p.arm == INFANTRY and p.grade == MILITIA and p.loc == "supply":
            p.loc = ASIDE
    short = bool(options.get("short_game"))
    state = AhdState(
        game=GAME_ID, scenario="campaign", options=dict(options), rng=rng.seed_state(seed),
        pieces=pieces, owner=printed_ownership(), turn=data["start_turn"],
        start_turn=data["start_turn"], last_turn=SHORT_GAME_LAST_TURN if short else LAST_TURN,
    )
    for side, key in ((UNION, "union_mas"), (CSA, "csa_mas")):
        if q.mas(state, side) != data[key]:
            raise ValueError(f"map shields give {side} MAS {q.mas(state, side)}, "
                             f"the seed says {data[key]} (B2.0)")
    return state
