"""5.5 "a card whose CP are all spent asks nothing more", checked through a Match (the game's
own flow and legality path) where a frame pushed on top of the card's CP frame spends its
last CP and then runs on its own: a move intercepted into a battle (Move.finish ends the CP
frame), a build intercepted into a battle (placement.py's PlacementIntercept ends itself).
core.stack.run pops a finished Sequence without running flow.settle, so every such frame
must end itself in a step (docs/wellington-engine.md, 5.5)."""
from __future__ import annotations

import core.dice
from core import stack
from core.engine import Action, Header, Match
from core.wellington import building, flow
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.impulse import Impulse
from core.wellington.rules import RULES
from core.wellington.state import GB, WellingtonState
from tests.support.wellington_battle import board, place

MENU_DONE = 2          # the Impulse's step after its card play
ALL_ONES = [1] * 200   # dice that hit nobody


def match_with_cp(cp: int) -> Match:
    """GB's impulse after its card play, a card of `cp` CP to spend, as a Match."""
    state = board(GB)
    state.stack = [Impulse(power=GB, kind="scheduled", step=MENU_DONE, played=True),
                   CommandPoints(power=GB, card=0, left=cp)]
    return Match(RULES, Header(game="wellington", rules_version=RULES.version,
                               scenario="1812", options={}, seed=1), state)


def spent_cp_asked(state: WellingtonState) -> bool:
    top = stack.top(state)
    return isinstance(top, CommandPoints) and top.left <= 0


def play_out(match: Match) -> None:
    """Every question answered with its last choice while GB's impulse lasts; never a card
    with no CP left on top (the bug: "spend 0 CP")."""
    while any(isinstance(f, Impulse) and f.power == GB for f in match.state.stack):
        assert not spent_cp_asked(match.state), [type(f).__name__ for f in match.state.stack]
        role = match.active[0]
        match.act(role, match.actions(role)[-1].action)


def test_5_5_a_move_spending_the_last_cp_intercepted_into_a_battle_asks_no_more_cp():
    """Wellington moves Ciudad Rodrigo -> Salamanca with GB's only CP; Clausel intercepts from
    Ávila (needs 8+, tests/test_wellington_interception.py: 4 + 4 succeeds, then his Pass
    attrition, 3 dice); the battle is fought with dice that hit nobody."""
    match = match_with_cp(1)
    state = match.state
    place(state, "ciudad-rodrigo", GB, infantry=1, commanders=("wellington",), lead=True)
    state.flags.update({"ciudad-rodrigo": "Spain", "salamanca": GB})
    place(state, "avila", "AdN", cavalry=1, commanders=("clausel",), lead=True)
    stack.run(state, flow.FLOW, flow.settle)
    match.act(GB, Action("move", "wellington"))
    match.act(GB, Action("to", "salamanca"))
    assert match.active == ["AdN"]
    with core.dice.scripted([4, 4, 1, 1, 1] + ALL_ONES):
        match.act("AdN", Action("intercept", "clausel"))
        assert match.state.commanders["clausel"] == "salamanca"
        play_out(match)
    assert any(line.startswith("Battle at Salamanca") for line in match.state.log)


def test_5_5_a_build_spending_the_last_cp_intercepted_into_a_battle_asks_no_more_cp():
    """GB builds 1 infantry at Lisbon with its 2 CP (6.1); Soult intercepts from Coimbra
    (6 + 4 - 1 = 9, tests/test_wellington_placement.py); the battle follows."""
    match = match_with_cp(2)
    state = match.state
    place(state, "coimbra", "AdS", infantry=2, commanders=("soult",), lead=True)
    stack.run(state, flow.FLOW, flow.settle)
    match.act(GB, Action("build", "0@lisbon"))
    assert match.active == ["AdS"]
    with core.dice.scripted([3, 3] + ALL_ONES):
        match.act("AdS", Action("intercept", "soult"))
        play_out(match)
    assert match.state.commanders["soult"] == "lisbon"
    assert building.sp(match.state, "lisbon", "AdS") == 2
