"""Builders for the Wellington siege, attrition, naval and guerrilla tests
(tests/test_wellington_siege.py, _attrition.py, _naval.py, _guerrilla.py).

    match = board()                              # 1812, past set-up, the map and hands emptied
    put(match.state, "ciudad-rodrigo", GB, "wellington", art=1, inf=1)
    flag(match.state, "almaraz", SPAIN)
    impulse(match, GB)                           # GB's impulse menu (a pass if it holds no card)
    act(match, GB, "siege", "ciudad-rodrigo=wellington", dice=[...])

Everything plays through the game's own Rules and `flow.FLOW` (which merges the siege's and
the naval flows, attrition's AttritionSplit with the siege's frames).
Dice are scripted strictly: `dice` must be exactly the rolls up to the next stop.
"""
from __future__ import annotations

from typing import Iterable

from core import cards, stack
from core.dice import scripted
from core.engine import Action, IllegalAction, Match
from core.wellington import flow, presence
from core.wellington.presence import place_commander
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.impulse import ImpulsePhase
from core.wellington.frames.turn import GameTurn, Substitution
from core.wellington.rules import RULES
from core.wellington.state import ART, CAV, INF, POWERS, UNBUILT, WellingtonState

FLOW: stack.Flow = flow.FLOW


def board(**options: object) -> Match:
    """The 1812 game past its set-up, with no piece, flag or card in any hand."""
    match = Match.new(RULES, seed=3, scenario="1812", options=dict(options))
    while isinstance(stack.top(match.state), Substitution):
        match.act(match.state.active[0], Action("keep"))
    state = match.state
    state.troops = {}
    state.commanders = {c: UNBUILT for c in state.commanders}
    state.leading = {}
    state.flags = {}
    state.stack = []
    for power in POWERS:
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)
    state.resources = {p: 0 for p in POWERS}
    return match


def put(state: WellingtonState, where: str, power: str, *commanders: str, inf: int = 0,
        cav: int = 0, art: int = 0) -> None:
    for kind, n in ((INF, inf), (CAV, cav), (ART, art)):
        if n:
            here = state.troops.setdefault(where, {}).setdefault(power, [0, 0, 0])
            here[kind] += n
    presence.forget(state)          # (written directly: the index of who stands where goes)
    for cid in commanders:
        place_commander(state, cid, where)


def flag(state: WellingtonState, duchy: str, power: str) -> None:
    state.flags[duchy] = power


def give(state: WellingtonState, power: str, *numbers: int) -> None:
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def impulse(match: Match, power: str) -> None:
    """The impulse phase with the marker on `power` (round 2), run to its first decision."""
    state = match.state
    state.stack = [GameTurn(step=1), ImpulsePhase()]
    state.marker = POWERS.index(power)
    state.round = 2
    state.last_impulse = ""
    stack.run(state, FLOW, flow.settle)


def spend(match: Match, power: str, cp: int, card: int = 17) -> None:
    """`power`'s impulse with `cp` CP of `card` to spend (a CommandPoints frame on its menu)."""
    impulse(match, power)
    stack.push(match.state, CommandPoints(power=power, card=card, left=cp))
    stack.run(match.state, FLOW, flow.settle)


def act(match: Match, role: str, verb: str, noun: object = None,
        dice: Iterable[int] = ()) -> None:
    """Take the action (refused if not offered) with exactly these dice."""
    with scripted(list(dice), strict=True):
        match.act(role, Action(verb, noun))


def offered(match: Match, verb: str) -> list[object]:
    role = match.state.active[0] if match.state.active else ""
    return [c.action.noun for c in match.actions(role) if c.action.verb == verb] if role else []


def refused_untouched(match: Match, role: str, verb: str, noun: object = None) -> None:
    """The action is refused with IllegalAction and the state is left as it was."""
    import msgspec
    before = msgspec.json.encode(match.state)
    try:
        match.act(role, Action(verb, noun))
    except IllegalAction:
        assert msgspec.json.encode(match.state) == before
        return
    raise AssertionError(f"{verb} {noun!r} was not refused")


__all__ = ["ART", "CAV", "INF", "IllegalAction", "stack"]
