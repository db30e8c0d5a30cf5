"""Builders for the rule-by-rule tests of Gettysburg 1863 (tests/test_gettysburg_rules*.py).

    match = new_match("day-1")                     # a game at its first question
    state = clear(match)                           # every unit off the board, nothing pending
    place(state, "US.I.Wadsworth", "K6", sp=3)     # put a unit anywhere
    start_round(match, "CSA.II", dice, [...])      # a round of that chit with those white dice
    act(match, CSA, "activate", "CSA.II.Early")    # Match.act with (verb, noun)
    labels(match, CSA)                             # the legal actions as "verb noun" strings
    assert_illegal(match, CSA, "move", "X")        # IllegalAction and the state unchanged

Tests put a position in place by editing `match.state` (units' hex, SP, status) and putting the
decision stack where they want it, then drive the game only through `Match`. Dice are scripted
strictly (`dice` fixture): every die a test causes is accounted for.
"""
from __future__ import annotations

from typing import Iterator

import msgspec
import pytest

import core.dice
from core import stack
from core.engine import Action, IllegalAction, Match
from core.gettysburg import flow
from core.gettysburg import query as q
from core.gettysburg.chits import chit_mix
from core.gettysburg.frames import Engagement, GameTurn, Round
from core.gettysburg.scenarios import Turn
from core.gettysburg.state import CSA, DUE, ON_MAP, PENDING, UNION, GbState, Unit
from core.registry import get_rules

RULES = get_rules("gettysburg-1863")
NEVER = 99  # a day that never comes: parked units wait there, out of the game

# the white faces, short (reference §F: DF, UF, CF, BU, HAT; black X, AR, SV)
DF, UF, CF, BU, HAT = (core.dice.DOUBLE_FLAG, core.dice.UNION_FLAG, core.dice.CONFEDERATE_FLAG,
                       core.dice.BUGLE, core.dice.COMMAND_HAT)
X, AR, SV = core.dice.CROSS, core.dice.ARROW, core.dice.SAVE

__all__ = ["AR", "BU", "CF", "CSA", "DF", "HAT", "RULES", "SV", "UF", "UNION", "X", "act",
           "assert_illegal", "clear", "dice", "encoded", "engagement", "labels", "new_match",
           "place", "st", "start_round", "unit"]


def new_match(scenario: str = "day-1", seed: int = 1, **options: object) -> Match:
    """A new game at its first question; the dice its setup rolls come from the generator
    even inside a test's strict script."""
    with core.dice.scripted([]):
        return Match.new(RULES, seed=seed, scenario=scenario, options=dict(options))


def st(match: Match) -> GbState:
    state = match.state
    assert isinstance(state, GbState)
    return state


def encoded(match: Match) -> bytes:
    return msgspec.msgpack.encode(match.state)


def unit(match: Match, uid: str) -> Unit:
    return q.unit(st(match), uid)


def clear(match: Match, turn: Turn | None = None) -> GbState:
    """Every unit parked off the board (a reinforcement that never comes), nothing pending,
    the clock at `turn` (default: the last hour of the scenario's last day, so that the game
    ends after the round a test plays), the cup empty: a blank battlefield for a test."""
    state = st(match)
    turn = turn or Turn(state.last_day, 20)
    for u in state.units:
        q.update(state, u.id, status=DUE, hex="", sp=q.printed_sp(u.id), activated=False,
                 reacted=False, straggler=False, arrival_day=NEVER, arrival_hour=8, entry="")
    state.stack, state.active, state.cup, state.drawn = [], [], [], []
    state.turn, state.focus = turn, None
    return state


def place(state: GbState, uid: str, h: str, sp: int | None = None, **marks: object) -> Unit:
    """Put `uid` on the map in `h` (full strength unless `sp`), not activated."""
    return q.update(state, uid, status=ON_MAP, hex=h,
                    sp=q.printed_sp(uid) if sp is None else sp,
                    **{"activated": False, "reacted": False, **marks})


def pend(state: GbState, uid: str, entry: str) -> Unit:
    """A reinforcement due now and not yet entered at `entry` (7.0)."""
    return q.update(state, uid, status=PENDING, hex="", sp=q.printed_sp(uid), entry=entry,
                    arrival_day=state.turn.day, arrival_hour=state.turn.hour)


def start_round(match: Match, chit: str, dice: core.dice.Script, faces: list[str],
                cup: list[str] | None = None) -> GbState:
    """Play a round of `chit` whose owner rolls `faces` (2.0 steps 1-2): the stack becomes the
    game turn (inside its rounds) and that round, run up to its first question. With the cup
    empty (the default) and the clock at the last hour of the last day, the game ends once the
    round is over, without rolling anything more."""
    state = st(match)
    state.cup = list(cup or [])
    state.drawn = [chit]
    state.round_no = 1
    side = chit_mix().chits[chit].side
    state.stack = [GameTurn(step=flow.GAME_TURN.index(flow.rounds)),
                   Round(chit=chit, side=side, number=1)]
    dice.push(*faces)
    stack.run(state, flow.FLOW, flow.settle)
    return state


def engagement(match: Match) -> Engagement:
    e = stack.find(st(match), Engagement)
    assert e is not None, f"no engagement under way ({st(match).phase})"
    return e


def act(match: Match, role: str, verb: str, noun: str | int | None = None) -> None:
    match.act(role, Action(verb, noun))


def labels(match: Match, role: str) -> list[str]:
    """The legal actions of `role`, as "verb noun" strings."""
    return [str(c.action) for c in match.actions(role)]


def assert_illegal(match: Match, role: str, verb: str, noun: str | int | None = None) -> None:
    """`match.act` refuses the action with IllegalAction and changes nothing."""
    before = encoded(match)
    history = list(match.history)
    with pytest.raises(IllegalAction):
        match.act(role, Action(verb, noun))
    assert encoded(match) == before, f"{verb} {noun} was refused but changed the state"
    assert match.history == history


@pytest.fixture
def dice() -> Iterator[core.dice.Script]:
    """Strictly scripted dice: `dice.push(...)` scripts the next rolls; one roll too many fails
    the test."""
    with core.dice.scripted([], strict=True) as script:
        yield script
