"""Washington's War: a general's ratings and side, by id (core/ww/generals.toml, loaded and
validated by core/ww/forces.py)."""
from __future__ import annotations

from functools import cache

from core.ww.forces import General, generals


def general(gid: str) -> General:
    return generals()[gid]


def side(gid: str) -> str:
    """Who plays him: AMERICAN or BRITISH (12.2.C: Rochambeau is played as an American)."""
    return generals()[gid].side


@cache
def sides() -> dict[str, str]:
    """Every general's side, by id (the lookup the board queries make most)."""
    return {gid: data.side for gid, data in generals().items()}


def strategy(gid: str) -> int:
    return generals()[gid].strategy


def tactical(gid: str) -> int:
    return generals()[gid].tactical


def agility(gid: str) -> int:
    return generals()[gid].agility


def retreat_bonus(gid: str) -> int:
    """7.9.A: +2 to Agility for Washington and Greene when retreating before battle."""
    return generals()[gid].retreat_bonus


def display(gid: str) -> str:
    return generals()[gid].name


@cache
def of_side(side_name: str) -> tuple[str, ...]:
    return tuple(g for g, data in generals().items() if data.side == side_name)
