"""Builders for the Washington's War movement tests (tests/test_ww_movement.py).

Positions are built on an empty map, then driven through the movement stops only:

    state = empty()                                  # 1775 state, no piece or PC on the map
    put(state, "gates", "ninety-six", am=4)          # a general and the CUs with him
    cus(state, "charleston", am=3)                   # CUs alone
    pcs(state, american=["camden"], british=["savannah"])
    state = activate(state, AMERICAN, "gates")       # 7.1: the activation, run to its stop
    state = act(state, AMERICAN, "move", "camden")   # core.stack.act: refused if not offered
    state = act(state, BRITISH, "move", "x", dice=[2])   # with these die faces, strictly

Battles and Overruns belong to the battle part: the tests watch movement's calls to it through
the module's one seam (`movement.battles_by`) with a `Recorder`, which records each call and,
for an Overrun, removes the overrun CU to its Reserve as 9.7 does, so the move can go on. Every
action runs under a strict dice script (`act(..., dice=[...])`): a roll too many fails the test.
The test flow joins the movement and Strategy Phase flows (a Campaign, 7.2, drives several
activations); `settle` (13.1) is not run.
"""
from __future__ import annotations

from typing import Iterable

import msgspec

import core.dice
from core import cards, stack
from core.engine import Action, Choice, clone
from core.ww import deck, movement, setup, strategy
from core.ww import query as q
from core.ww.frames.strategy import Campaign
from core.ww.generals import generals, side as general_side
from core.ww.options import WwOptions
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH, BRITISH_REINFORCEMENTS,
                           FR, FRENCH_REINFORCEMENTS, IN_PLAY, RESERVE, WwState)

FLOW: stack.Flow = {**strategy.FLOW, **movement.FLOW}


class Recorder(movement.Battles):
    """Stands in for the battle part: records `begin` and `overrun` calls."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def begin(self, state: WwState, space: str, attacker: str, general: str,
              entered_from: str, intercepted: bool) -> None:
        self.calls.append(("battle", space, attacker, general, entered_from, intercepted))

    def overrun(self, state: WwState, space: str, attacker: str) -> None:
        """9.7: the one enemy CU goes to its Reserve (French CUs leave the game, 12.2.C)."""
        self.calls.append(("overrun", space, attacker))
        for nat in q.nationalities(q.enemy(attacker)):
            if q.cu_count(state, space, nat):
                q.move_cus(state, space, RESERVE if nat != FR else "removed", nat, 1)


# --- building positions ---------------------------------------------------------------------


def empty(seed: int = 1) -> WwState:
    """The 1775 state (4.0 steps 1-5) with the map cleared: every general in his box, no CU,
    no PC; the Congress in Philadelphia; an empty stack."""
    state = setup.new_state(seed, WwOptions())
    boxes = {AMERICAN: AMERICAN_LEADERS, BRITISH: BRITISH_REINFORCEMENTS}
    for gid in generals():
        state.generals[gid] = FRENCH_REINFORCEMENTS if gid == q.ROCHAMBEAU \
            else boxes[general_side(gid)]
    for where in [w for w in state.cus if q.on_map(w)]:
        for nat, n in list(state.cus[where].items()):
            q.move_cus(state, where, RESERVE, nat, n)
    state.pcs = {}
    state.congress = "philadelphia"
    state.stack = []
    return state


def put(state: WwState, general: str, space: str, am: int = 0, br: int = 0,
        fr: int = 0) -> None:
    state.generals[general] = space
    cus(state, space, am=am, br=br, fr=fr)


def cus(state: WwState, space: str, am: int = 0, br: int = 0, fr: int = 0) -> None:
    for nat, n in ((AM, am), (BR, br), (FR, fr)):
        q.add_cus(state, space, nat, n)


def pcs(state: WwState, american: Iterable[str] = (), british: Iterable[str] = ()) -> None:
    for space in american:
        state.pcs[space] = AMERICAN
    for space in british:
        state.pcs[space] = BRITISH


def count(state: WwState, space: str, nat: str = "") -> int:
    return q.cu_count(state, space, nat) if nat else sum(state.cus.get(space, {}).values())


# --- driving the stops ----------------------------------------------------------------------


def run(state: WwState, dice: Iterable[int] = ()) -> WwState:
    with core.dice.scripted(list(dice), strict=True):
        stack.run(state, FLOW)
    return state


def activate(state: WwState, side: str, general: str, via: str = "ops",
             card: int = 0) -> WwState:
    """Push the activation (7.1) as the Strategy Phase does and run to its first stop."""
    movement.activate(state, side, general, card, via)
    return run(state)


def campaign(state: WwState, side: str, activations: int = 2) -> WwState:
    """A Campaign card (7.2) in play for `side`, run to its first CampaignChoice."""
    number = (deck.MINOR_CAMPAIGNS if activations == 2 else deck.MAJOR_CAMPAIGNS)[0]
    cards.move(state.piles, number, state.piles.where(number), IN_PLAY)
    state.stack = [Campaign(side=side, card=number, activations=activations)]
    return run(state)


def act(state: WwState, role: str, verb: str, noun=None, dice: Iterable[int] = ()) -> WwState:
    """stack.act: IllegalAction (the state untouched) unless offered; dice scripted strictly."""
    with core.dice.scripted(list(dice), strict=True):
        return stack.act(state, FLOW, role, Action(verb, noun))


def choices(state: WwState, role: str) -> list[Choice]:
    return stack.choices(state, FLOW, role)


def labels(state: WwState, role: str) -> list[str]:
    return [str(c.action) for c in choices(state, role)]


def nouns(state: WwState, role: str, verb: str) -> list:
    return [c.action.noun for c in choices(state, role) if c.action.verb == verb]


def choice(state: WwState, role: str, verb: str, noun=None) -> Choice:
    for c in choices(state, role):
        if c.action == Action(verb, noun):
            return c
    raise AssertionError(f"{verb} {noun} is not offered: {labels(state, role)}")


def top(state: WwState):
    return state.stack[-1] if state.stack else None


def snapshot(state: WwState) -> bytes:
    return msgspec.msgpack.encode(state)


def copy(state: WwState) -> WwState:
    return clone(state)
