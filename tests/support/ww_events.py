"""Builders for the Washington's War card event tests (tests/test_ww_events*.py).

Positions are built directly (core.ww.setup.new_state gives the 1775 position; tests edit it)
and driven through the public stack only:

    state = fresh()                               # 4.0 pieces and deck, no stack
    clear(state)                                  # no PC, no CU, every general in his box
    state = event(state, AMERICAN, HALE)          # the card to the in-play box, events.play,
                                                  # run to the first stop (or the end)
    state = act(state, AMERICAN, "place", "albany")   # stack.act: refused if not offered
    labels(state, AMERICAN)                       # the legal actions as "verb noun"
    state = played(state, BRITISH, MUTINIES)      # the same through a Strategy Phase impulse:
                                                  # PlayCard -> "event" (strategy.py's own path)

`FLOW` is the test flow: the events, the Strategy Phase (whose impulses call events.playable and
events.play), the set-up, the French Alliance (after_card, 12.2.B), movement and battle.

The movement and battle parts are real (Glover's activation, arrivals by movement.arrive,
Battle cards inside core/ww/battle.py's battle); no module function is replaced.
"""
from __future__ import annotations

import core.dice
from core import cards, stack
from core.engine import Action, Choice, clone
from core.ww import alliance, battle, deck, events, movement, setup, strategy
from core.ww import query as q
from core.ww.frames.strategy import Impulse
from core.ww.options import WwOptions
from core.ww.state import (AMERICAN, AMERICAN_LEADERS, BRITISH, BRITISH_REINFORCEMENTS,
                           FRENCH_REINFORCEMENTS, IN_PLAY, RESERVE, SIDES, WwState)

__all__ = ["AMERICAN", "BRITISH", "FLOW", "act", "choices", "clear", "event", "fresh",
           "labels", "nouns", "played", "top", "hand", "run", "log_since",
           "conserved", "cus_total", "put", "general", "prompt"]

FLOW: stack.Flow = {**strategy.FLOW, **setup.FLOW, **alliance.FLOW, **movement.FLOW,
                    **battle.FLOW, **events.FLOW}

ALL_CARDS = [c.number for c in deck.CARDS]


# --- positions -------------------------------------------------------------------------------


def fresh(seed: int = 1, **options) -> WwState:
    return setup.new_state(seed, WwOptions(**options))


def clear(state: WwState) -> WwState:
    """An empty board: no PC, every CU in the Reserve (French CUs in their box), every general
    in his reinforcements box, the Congress at Philadelphia."""
    for where in list(state.cus):
        for nationality, n in list(state.cus[where].items()):
            target = FRENCH_REINFORCEMENTS if nationality == "french" else RESERVE
            if where != target:
                q.move_cus(state, where, target, nationality, n)
    state.pcs = {}
    for g in state.generals:
        side = q.roster.side(g)
        state.generals[g] = (FRENCH_REINFORCEMENTS if g == q.ROCHAMBEAU else
                             AMERICAN_LEADERS if side == AMERICAN else BRITISH_REINFORCEMENTS)
    state.congress = "philadelphia"
    return state


def put(state: WwState, space: str, nationality: str, n: int) -> None:
    """n CUs of `nationality` from their pool (the Reserve, the French box) to `space`."""
    source = FRENCH_REINFORCEMENTS if nationality == "french" else RESERVE
    assert q.move_cus(state, source, space, nationality, n) == n


def general(state: WwState, gid: str, space: str) -> None:
    state.generals[gid] = space


def hand(state: WwState, side: str, *numbers: int) -> list[int]:
    """Give `side` exactly these cards (its old hand goes to the bottom of the deck)."""
    for number in list(state.piles.hands[side]):
        cards.move(state.piles, number, f"hand:{side}", cards.DECK, top=False)
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{side}")
    return state.piles.hands[side]


def cus_total(state: WwState, nationality: str) -> int:
    return sum(here.get(nationality, 0) for here in state.cus.values())


def conserved(state: WwState) -> None:
    cards.check_conserved(state.piles, ALL_CARDS)


# --- driving -----------------------------------------------------------------------------------


def run(state: WwState) -> WwState:
    with core.dice.scripted([], strict=True):
        stack.run(state, FLOW)
    return state


def event(state: WwState, side: str, number: int) -> WwState:
    """`side` plays `number` as an event now (outside any impulse): the card goes to the
    in-play box (from wherever it is), events.play, then run to the first stop or the end."""
    state = clone(state)
    cards.move(state.piles, number, state.piles.where(number), IN_PLAY)
    state.stack = []
    events.play(state, side, number)
    return run(state)


def played(state: WwState, side: str, number: int) -> WwState:
    """`side` plays `number` as an event through a Strategy Phase impulse: the card joins the
    hand, the impulse's PlayCard stop offers "event" (strategy.may_play_event ->
    events.playable) and takes it."""
    state = clone(state)
    if number not in state.piles.hands[side]:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{side}")
    state.stack = [Impulse(side=side, step=1)]
    run(state)
    return act(state, side, "event", number)


def choices(state: WwState, side: str) -> list[Choice]:
    return stack.choices(state, FLOW, side)


def labels(state: WwState, side: str) -> list[str]:
    return [str(c.action) for c in choices(state, side)]


def nouns(state: WwState, side: str, verb: str) -> list:
    return [c.action.noun for c in choices(state, side) if c.action.verb == verb]


def prompt(state: WwState) -> str:
    return stack.prompt(state, FLOW)


def act(state: WwState, side: str, verb: str, noun=None, dice: tuple[int, ...] = ()) -> WwState:
    """The state after `side` takes (verb, noun), which must be offered (IllegalAction
    otherwise, the state untouched). Exactly the `dice` given are rolled (strict script)."""
    with core.dice.scripted(list(dice), strict=True) as script:
        new = stack.act(state, FLOW, side, Action(verb, noun))
    assert not script.remaining, f"dice not rolled: {script.remaining}"
    return new


def top(state: WwState):
    return state.stack[-1] if state.stack else None


def log_since(before: WwState, after: WwState) -> list[str]:
    return after.log[len(before.log):]


assert set(SIDES) == {AMERICAN, BRITISH}
