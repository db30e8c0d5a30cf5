"""Builders for the Washington's War Strategy Phase and view tests (tests/test_ww_strategy.py,
tests/test_ww_view.py).

Positions are built by hand and driven through the real stops of every part of the rules:

    state = fresh(seed=1)                        # setup.new_state: pieces, deck, no stack
    hand(state, AMERICAN, 75, 93)                # a side's hand, exactly these cards
    state = impulse(state, BRITISH)              # the stack at a British card play (PlayCard)
    state = act(state, BRITISH, "discard-event", 40)    # stack.act: refused if not offered
    state = force(state, BRITISH, "pc", 93)      # stack.apply: a chosen play's handler
    labels(state, AMERICAN)                      # the legal actions as "verb noun"

`FLOW` is the test flow: the strategy and set-up stops with the movement, battle, phases and
events parts; `settle` (13.1, victory) is never called. The tests never replace a module's
function. `force` takes a chosen play's handler directly, through the public
`core.stack.apply`, for a test of what that play does whatever else the menu lists. Dice: every action runs under a strict empty dice script, so a Strategy Phase stop that
rolled a die would fail the test (none of them rolls).
"""
from __future__ import annotations

from typing import Iterable


import core.dice
from core import cards, stack
from core.engine import Action, Choice, clone
from core.ww import alliance, battle, deck, events, movement, phases, setup, strategy, victory
from core.ww.frames.strategy import FirstPlayer, Impulse, PlayCard, StrategyPhase
from core.ww.hands import ops_label
from core.ww.options import WwOptions
from core.ww.state import AMERICAN, BRITISH, SIDES, WwState

__all__ = ["AMERICAN", "BRITISH", "FLOW", "ONE", "TWO", "THREE", "act", "force", "fresh",
           "hand", "impulse", "labels", "choices", "run", "nouns",
           "hidden_cards_named", "names_card", "top",
           "strategy_phase", "place", "only_pcs"]

PARTS = {"movement": movement, "battle": battle, "events": events, "alliance": alliance,
         "phases": phases, "victory": victory}


FLOW: stack.Flow = {**strategy.FLOW, **setup.FLOW, Impulse: strategy.IMPULSE,
                    **{k: v for part in ("movement", "battle", "phases", "events")
                       for k, v in PARTS[part].FLOW.items()}}

ONE = tuple(n for n in deck.OPS_CARDS if deck.card(n).ops == 1)
TWO = tuple(n for n in deck.OPS_CARDS if deck.card(n).ops == 2)
THREE = tuple(n for n in deck.OPS_CARDS if deck.card(n).ops == 3)


# --- building positions ---------------------------------------------------------------------


def fresh(seed: int = 1, **options) -> WwState:
    """4.0 steps 1-5 (setup.new_state): pieces, markers, the shuffled deck; an empty stack."""
    return setup.new_state(seed, WwOptions(**options))


def hand(state: WwState, side: str, *numbers: int) -> list[int]:
    """Give `side` exactly these cards: its old hand goes back on the deck, each card given is
    taken from wherever it is."""
    for number in list(state.piles.hands[side]):
        cards.move(state.piles, number, f"hand:{side}", cards.DECK, top=False)
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{side}")
    return state.piles.hands[side]


def place(state: WwState, number: int, pile: str) -> None:
    """Put a card in a pile or box (discard, removed, a queue, the War Ends box...)."""
    cards.move(state.piles, number, state.piles.where(number), pile)


def only_pcs(state: WwState, **pcs: str) -> None:
    """Replace every PC on the map: only_pcs(state, montreal=BRITISH)."""
    state.pcs = {space.replace("_", "-"): side for space, side in pcs.items()}


def run(state: WwState) -> WwState:
    """Run the test flow to the next stop (sets state.active)."""
    with core.dice.scripted([], strict=True):
        stack.run(state, FLOW)
    return state


def impulse(state: WwState, side: str, step: int = 0) -> WwState:
    """An impulse of `side` starting now (its exchange window first, 6.32.C), run to its stop.
    `step`: start later in the impulse; with step 1 the exchange window is passed."""
    state.stack = [Impulse(side=side, step=step)]
    return run(state)


def strategy_phase(state: WwState) -> WwState:
    """The Strategy Phase (5.3) from its start: who plays first, then impulses."""
    state.stack = [StrategyPhase()]
    return run(state)


def no_campaign(state: WwState) -> WwState:
    """5.3: the British, asked every phase, opens with no Campaign; the American is asked."""
    frame = state.stack[-1]
    if isinstance(frame, FirstPlayer) and frame.asked == BRITISH:
        return act(state, BRITISH, "no-campaign")
    return state


def top(state: WwState):
    return state.stack[-1] if state.stack else None


# --- acting -----------------------------------------------------------------------------------


def choices(state: WwState, side: str) -> list[Choice]:
    return stack.choices(state, FLOW, side)


def labels(state: WwState, side: str) -> list[str]:
    return [str(c.action) for c in choices(state, side)]


def nouns(state: WwState, side: str, verb: str) -> list:
    return [c.action.noun for c in choices(state, side) if c.action.verb == verb]


def act(state: WwState, side: str, verb: str, noun=None) -> WwState:
    """The state after `side` takes (verb, noun), which must be among the stop's choices
    (IllegalAction otherwise, the state untouched). No die may be rolled."""
    with core.dice.scripted([], strict=True):
        return stack.act(state, FLOW, side, Action(verb, noun))


def force(state: WwState, side: str, verb: str, noun=None) -> WwState:
    """Carry out a card play at a PlayCard stop (or a choice of a stop whose list needs the
    movement part) without listing the stop's choices: see the module docstring. The stop
    must ask `side` and know the verb; a card played must be in `side`'s hand."""
    ask = stack.asking(state, FLOW)
    assert ask is not None, "nothing is asked"
    stop, frame = ask
    assert stop.role(state, frame) == side, f"{side} is not asked"
    assert verb in stop.handlers, f"{verb!r} is not a verb of this stop"
    if isinstance(frame, PlayCard):
        assert noun in state.piles.hands[side], f"card {noun} is not in the {side} hand"
    new = clone(state)
    with core.dice.scripted([], strict=True):
        stack.apply(new, FLOW, Action(verb, noun))
    return new


# --- hidden information -------------------------------------------------------------------------


def names_card(line: str, number: int) -> bool:
    """Whether a log line names this card: its number with its title ("40 Henry Knox...") or
    its OPS label ("57 (3 OPS)"), or an Event's own title when no other card shares it."""
    c = deck.card(number)
    if c.name in line or ops_label(number) in line:
        return True
    return c.kind not in ("ops", "campaign") and c.title in line


def hidden_cards_named(lines: Iterable[str], state: WwState,
                       known: Iterable[int] = ()) -> list[tuple[str, int]]:
    """(line, card) for every line naming a card that sits in a hand, except the cards in
    `known` (cards the other role saw face up go there, e.g. one taken by an exchange)."""
    seen = set(known)
    out = []
    for line in lines:
        for side in SIDES:
            for number in state.piles.hands[side]:
                if number not in seen and names_card(line, number):
                    out.append((line, number))
    return out
