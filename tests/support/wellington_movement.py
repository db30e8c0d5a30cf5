"""Builders for the Wellington movement and interception tests (tests/test_wellington_movement.py,
tests/test_wellington_interception.py).

Positions start from the 1812 set-up (2.2) or from an empty map, then run through the
movement stops only:

    state = empty()                                   # 1812 state, no piece or flag on the map
    put(state, "wellington", "ciudad-rodrigo", gb=[1, 0, 1])    # a commander and soldiers
    troops(state, "salamanca", "AdN", [1, 0, 0])      # soldiers alone
    state = spend(state, "GB", 5)                     # a card's 5 CP (5.5), run to its stop
    state = act(state, "GB", "move", "wellington")    # core.stack.act: refused if not offered
    state = act(state, "GB", "to", "almaraz", dice=[5, 3])   # with these faces, strictly

Battles belong to the battle part: the tests watch movement's calls through its one seam
(`movement.battles_by`) with a `Recorder`, which records each `battle.start` call and plays the
outcome the test asks for: "bfi" (A.3 step 9: every Formation in the duchy takes a BFI
marker), "overrun" (the defenders are wiped out, the attacker may go on) or "none".
Without a recorder the battle part itself fights (its frames are in the flow). The flow is the
skeleton's with movement's, interception's and the battle's joined in.
"""
from __future__ import annotations

from typing import Iterable

import msgspec

import core.dice
from core import cards, stack
from core.engine import Action, Choice
from core.wellington import battle, flow, interception, movement, presence, setup
from core.wellington import flags as geo
from core.wellington.presence import place_commander
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.impulse import Impulse
from core.wellington.options import WellingtonOptions
from core.wellington.state import POWERS, SIDE, UNBUILT, WellingtonState
from tests.support.wellington_battle import CALLER, Caller

FLOW: stack.Flow = {**flow.FLOW, **movement.FLOW, **interception.FLOW, **battle.FLOW,
                    Caller: CALLER}


class Recorder(movement.Battles):
    """Stands in for the battle part: records `start` calls and plays `outcome`."""

    def __init__(self, outcome: str = "bfi") -> None:
        self.calls: list[tuple] = []
        self.outcome = outcome

    def start(self, state: WellingtonState, duchy: str, attacker: str, formation: str,
              came_from: str, intercepted: bool) -> None:
        self.calls.append((duchy, attacker, formation, came_from, intercepted))
        if self.outcome == "bfi":
            for cid in movement.commanders_at(state, duchy):
                if cid not in state.bfi:
                    state.bfi.append(cid)
            for power in state.troops.get(duchy, {}):
                state.bfi.append(f"{power}:{duchy}")
        elif self.outcome == "overrun":
            enemy = geo.enemy_side(SIDE[attacker])
            for power in list(state.troops.get(duchy, {})):
                if SIDE[power] == enemy:
                    del state.troops[duchy][power]
            presence.forget(state)           # (the soldiers were taken off directly)
            for cid in movement.commanders_at(state, duchy, enemy):
                place_commander(state, cid, UNBUILT)
                state.leading.pop(duchy, None)


def start(seed: int = 1) -> WellingtonState:
    """The 1812 set-up (2.2), no frame pending, every hand emptied into the deck: these tests
    are about movement rules, not about the Response windows and battle cards the dealt hands
    would open (a test about a card deals it with `give`)."""
    state = setup.new_state(seed, "1812", WellingtonOptions())
    state.stack = []
    empty_hands(state)
    return state


def empty_hands(state: WellingtonState) -> None:
    """Every Power's hand back into the deck."""
    for power in POWERS:
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)


def give(state: WellingtonState, power: str, number: int) -> None:
    """Card `number` from wherever it lies into `power`'s hand."""
    cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def empty(seed: int = 1) -> WellingtonState:
    """The 1812 state with every piece off the map and no flag."""
    state = start(seed)
    state.troops = {}
    state.commanders = {c: UNBUILT for c in state.commanders}
    state.leading = {}
    state.flags = {}
    return state


def put(state: WellingtonState, commander: str, duchy: str, troops_: list[int] | None = None,
        lead: bool = True) -> None:
    place_commander(state, commander, duchy)
    if lead and duchy not in state.leading:
        state.leading[duchy] = commander
    if troops_:
        troops(state, duchy, movement.power_of(commander), troops_)


def troops(state: WellingtonState, duchy: str, power: str, counts: list[int]) -> None:
    have = state.troops.setdefault(duchy, {}).setdefault(power, [0, 0, 0])
    for t, n in enumerate(counts):
        have[t] += n
    presence.forget(state)          # (written directly: the index of who stands where goes)


def counts(state: WellingtonState, duchy: str, power: str) -> list[int]:
    return list(state.troops.get(duchy, {}).get(power, [0, 0, 0]))


def run(state: WellingtonState, dice: Iterable[int] = ()) -> WellingtonState:
    with core.dice.scripted(list(dice), strict=True):
        stack.run(state, FLOW)
    return state


def in_impulse(state: WellingtonState, power: str) -> WellingtonState:
    """`power`'s scheduled impulse under way (an event card may be played as its card play,
    5.1); what it starts returns to a `Caller` stop (tests/support/wellington_battle.py)."""
    state.stack = [Impulse(power=power, kind="scheduled"), Caller(power=power)]
    return state


def play_event(state: WellingtonState, power: str, number: int,
               dice: Iterable[int] = ()) -> WellingtonState:
    """`power` plays card `number` as its event in its own impulse (5.1), run to its stop."""
    from core.wellington import cardplay
    give(state, power, number)
    assert cardplay.event_playable(state, power, number)
    cardplay.play_event(state, power, number)
    return run(state, dice)


def spend(state: WellingtonState, power: str, cp: int) -> WellingtonState:
    """A card played for `cp` CP by `power` (5.5), run to its stop."""
    state.stack.append(CommandPoints(power=power, card=0, left=cp))
    return run(state)


def act(state: WellingtonState, role: str, verb: str, noun=None,
        dice: Iterable[int] = ()) -> WellingtonState:
    """stack.act: IllegalAction (the state untouched) unless offered; dice scripted strictly."""
    with core.dice.scripted(list(dice), strict=True):
        return stack.act(state, FLOW, role, Action(verb, noun))


def choices(state: WellingtonState, role: str) -> list[Choice]:
    return stack.choices(state, FLOW, role)


def nouns(state: WellingtonState, role: str, verb: str) -> list:
    return [c.action.noun for c in choices(state, role) if c.action.verb == verb]


def label(state: WellingtonState, role: str, verb: str, noun=None) -> str:
    for c in choices(state, role):
        if c.action == Action(verb, noun):
            return c.label
    raise AssertionError(f"{verb} {noun} is not offered: "
                         f"{[str(c.action) for c in choices(state, role)]}")


def top(state: WellingtonState):
    return state.stack[-1] if state.stack else None


def snapshot(state: WellingtonState) -> bytes:
    return msgspec.msgpack.encode(state)
