"""Builders for the tests of the phases outside the Strategy Phase, the French Alliance and
victory (tests/test_ww_phases.py, test_ww_attrition.py, test_ww_isolation.py,
test_ww_alliance.py, test_ww_victory.py).

    state = bare()                            # the 1775 position with nothing on the map
    put(state, "reading", "howe", br=5)       # a general and CUs in a space
    pcs(state, american=["a", "b"], british=["c"])
    state = start(state, WinterAttrition(), dice=[3])   # that frame on an empty stack, run
    state = act(state, AMERICAN, "french", 1, dice=[])  # stack.act, refused if not offered

Every run and action is under a strict dice script: the faces given and no more (a stop that
rolled one die too many fails the test). The flow is the game's (`core.ww.flow.FLOW`, every
part joined); `settle` is the game's too (13.1, automatic victory), so a test sees exactly what
a game would. Tests never replace a module's function.
"""
from __future__ import annotations

from typing import Iterable

import core.dice
from core import stack
from core.engine import Action, Choice
from core.ww import flow, setup
from core.ww import generals as roster
from core.ww import query as q
from core.ww.options import WwOptions
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH, BRITISH_REINFORCEMENTS,
                           FR, FRENCH_REINFORCEMENTS, RESERVE, WwState)

FLOW = flow.FLOW
HOME = {AMERICAN: AMERICAN_LEADERS, BRITISH: BRITISH_REINFORCEMENTS}


def fresh(seed: int = 1, **options) -> WwState:
    """4.0 steps 1-5: the 1775 position (setup.new_state), an empty stack."""
    return setup.new_state(seed, WwOptions(**options))


def bare(seed: int = 1, **options) -> WwState:
    """The 1775 position with the map emptied: no PC, no CU (back to the Reserve), every
    general in his side's box; the Congress stays in Philadelphia, the French at home."""
    state = fresh(seed, **options)
    state.pcs = {}
    for space in list(state.cus):
        if q.on_map(space):
            for nationality, n in list(state.cus[space].items()):
                q.move_cus(state, space, RESERVE, nationality, n)
    for general, where in state.generals.items():
        if q.on_map(where):
            state.generals[general] = HOME[roster.side(general)]
    return state


def put(state: WwState, space: str, general: str | None = None, am: int = 0, br: int = 0,
        fr: int = 0) -> None:
    """A general (from wherever he is) and CUs (from the Reserve, the French from their box)
    in `space`."""
    if general is not None:
        state.generals[general] = space
    for nationality, n in ((AM, am), (BR, br)):
        assert q.move_cus(state, RESERVE, space, nationality, n) == n, "the Reserve ran short"
    assert q.move_cus(state, FRENCH_REINFORCEMENTS, space, FR, fr) == fr


def bystanders(state: WwState) -> None:
    """Forces that keep both automatic victories away (13.1) and never suffer winter attrition:
    Greene with 1 American CU at Morristown (11.2), 2 British CUs at Savannah, south of the
    Attrition Line (11.1)."""
    put(state, "morristown", "greene", am=1)
    put(state, "savannah", br=2)


def pcs(state: WwState, american: Iterable[str] = (), british: Iterable[str] = ()) -> None:
    for space in american:
        state.pcs[space] = AMERICAN
    for space in british:
        state.pcs[space] = BRITISH


def every_space(state: WwState, side: str, *, but: Iterable[str] = ()) -> None:
    """A PC of `side` in every map space except `but` (a map with no uncontrolled space)."""
    skip = set(but)
    for space in q.spaces():
        if space not in skip:
            state.pcs[space] = side


def start(state: WwState, *frames: stack.Frame, dice: Iterable[int] = ()) -> WwState:
    """These frames on the stack (outermost first), run to the next stop."""
    state.stack = list(frames)
    return run(state, dice)


def run(state: WwState, dice: Iterable[int] = ()) -> WwState:
    with core.dice.scripted(list(dice), strict=True) as script:
        stack.run(state, FLOW, flow.settle)
    assert not script.remaining, f"dice not rolled: {script.remaining}"
    return state


def choices(state: WwState, side: str) -> list[Choice]:
    return stack.choices(state, FLOW, side)


def nouns(state: WwState, side: str, verb: str) -> list:
    return [c.action.noun for c in choices(state, side) if c.action.verb == verb]


def labels(state: WwState, side: str) -> list[str]:
    return [str(c.action) for c in choices(state, side)]


def act(state: WwState, side: str, verb: str, noun=None, dice: Iterable[int] = ()) -> WwState:
    """The state after `side` takes (verb, noun), which must be offered; only these dice."""
    with core.dice.scripted(list(dice), strict=True) as script:
        new = stack.act(state, FLOW, side, Action(verb, noun), settle=flow.settle)
    assert not script.remaining, f"dice not rolled: {script.remaining}"
    return new


def asked(state: WwState) -> tuple[str, str] | None:
    """(the role asked, the tag of the stop asking), or None."""
    top = stack.asking(state, FLOW)
    if top is None:
        return None
    stop, frame = top
    return stop.role(state, frame), type(frame).__name__


def cus(state: WwState, space: str) -> dict[str, int]:
    return dict(state.cus.get(space, {}))


def total_cus(state: WwState) -> dict[str, int]:
    """CUs of each nationality anywhere (conservation)."""
    out: dict[str, int] = {}
    for here in state.cus.values():
        for nationality, n in here.items():
            out[nationality] = out.get(nationality, 0) + n
    return out
