"""Helpers for tests/test_wellington_worked_cases.py: the tutorial's first round of 1812
(../shared/rules/wellington.md §I.2, the seed's "ESEMPIO DI GIOCO") played through `Match`,
and the state-level steps of the rule-book cases.

    match = tutorial()                   # 1812 set-up, the tutorial's hands and Resources
    play(match, GB, "event", 98)         # GB plays #98 as an event
    act(match, ADN, "siege-card", 71, dice=[...])   # exactly these dice up to the next stop
    let_pass(match, dice=[...])          # the Response window on top declined by all asked
    answer(match, SPAIN, 9)              # windows declined until Spain is asked; it plays #9
    quiet(match, dice=[...])             # every window declined, whatever opens next
    on_top(match.state, 23, 85)          # the next draws are #23 then #85 (the tutorial's)
"""
from __future__ import annotations

from typing import Iterable

from core import cards, stack
from core.dice import scripted
from core.engine import Action, Match
from core.wellington import cardplay, deck
from core.wellington.frames.turn import Substitution
from core.wellington.rules import RULES
from core.wellington.state import ADN, ADS, GB, POWERS, SPAIN, WellingtonState

# §I.2: the hands the tutorial reveals ("Per questo esempio sveliamo tutte le carte").
TUTORIAL_HANDS: dict[str, tuple[int, ...]] = {
    ADN: (101, 105, 7, 21, 33, 57, 70, 71),
    ADS: (103, 109, 26, 38, 39, 52, 59, 78),
    SPAIN: (89, 90, 8, 9, 20, 37, 40, 46),
    GB: (93, 96, 98, 6, 10, 17, 29, 83, 84),
}
TUTORIAL_RESOURCES = {GB: 1, ADS: 1, SPAIN: 1, ADN: 2}      # C.9, F.2


def tutorial(seed: int = 1) -> Match:
    """The 1812 game past its set-up (every Power keeps its hand), then the tutorial's hands
    and Resources in place: the cards dealt are swapped for the tutorial's."""
    match = Match.new(RULES, seed=seed, scenario="1812", options={})
    while isinstance(stack.top(match.state), Substitution):
        match.act(match.state.active[0], Action("keep"))
    state = match.state
    wanted = {n for hand in TUTORIAL_HANDS.values() for n in hand}
    for power in POWERS:
        for number in list(state.piles.hands[power]):
            if number not in wanted:
                cards.move(state.piles, number, f"hand:{power}", _home(number))
    for power, hand in TUTORIAL_HANDS.items():
        for number in hand:
            cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")
    state.resources = dict(TUTORIAL_RESOURCES)
    return match


NATIONAL_DECKS = {"gb": "national-deck-GB", "spain": "national-deck-Spain",
                  "french": "national-deck-French"}


def _home(number: int) -> str:
    """Where a dealt card goes back: a national card to its undealt national deck (2.4)."""
    return NATIONAL_DECKS.get(deck.card(number).deck, cards.DECK)


def on_top(state: WellingtonState, *numbers: int) -> None:
    """The next cards drawn are `numbers`, in this order (the tutorial's draws)."""
    for number in reversed(numbers):
        where = state.piles.where(number)
        cards.move(state.piles, number, where, cards.DECK)
        state.piles.deck.remove(number)
        state.piles.deck.append(number)


def verbs(match: Match, power: str) -> set[str]:
    return {c.action.verb for c in match.actions(power)}


def label(match: Match, power: str, verb: str, noun: object = None) -> str:
    for c in match.actions(power):
        if c.action == Action(verb, noun):
            return c.label
    raise AssertionError(f"{verb} {noun!r} is not offered to {power}")


def offered(match: Match, power: str, verb: str) -> list[object]:
    return [c.action.noun for c in match.actions(power) if c.action.verb == verb]


def act(match: Match, power: str, verb: str, noun: object = None,
        dice: Iterable[int] = ()) -> None:
    """`power` acts with exactly these dice (strict: all rolled, no other)."""
    with scripted(list(dice), strict=True) as script:
        match.act(power, Action(verb, noun))
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"


def quiet(match: Match, dice: Iterable[int] = ()) -> None:
    """Every Response window on top is answered No Response (what follows rolls `dice`)."""
    from core.wellington.frames.impulse import ResponseWindow
    with scripted(list(dice), strict=True) as script:
        while isinstance(stack.top(match.state), ResponseWindow):
            match.act(match.state.active[0], Action("no-response"))
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"


def let_pass(match: Match, dice: Iterable[int] = ()) -> None:
    """The Response window on top (one trigger) is answered No Response by everyone asked;
    what follows, up to the next decision, rolls exactly `dice`."""
    from core.wellington.frames.impulse import ResponseWindow
    window = stack.top(match.state)
    assert isinstance(window, ResponseWindow), f"no Response window on top: {window}"
    with scripted(list(dice), strict=True) as script:
        while isinstance(stack.top(match.state), ResponseWindow) \
                and stack.top(match.state).trigger == window.trigger:
            match.act(match.state.active[0], Action("no-response"))
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"


def answer(match: Match, power: str, number: int) -> None:
    """The Response windows on top are declined until `power` is asked, which plays `number`
    (an IllegalAction if it may not); the window its own announcement opens is declined."""
    from core.wellington.frames.impulse import ResponseWindow
    while isinstance(stack.top(match.state), ResponseWindow) and match.state.active != [power]:
        match.act(match.state.active[0], Action("no-response"))
    act(match, power, "respond", number)
    while isinstance(stack.top(match.state), ResponseWindow) \
            and stack.top(match.state).trigger == f"play:{number}":
        match.act(match.state.active[0], Action("no-response"))


def play(match: Match, power: str, verb: str, number: int, dice: Iterable[int] = ()) -> None:
    """`power` plays card `number` (`verb`: event, respond, battle-card, siege-card...)."""
    act(match, power, verb, number, dice)


# --- state-level steps (the battle and event tests' positions) ----------------------------------


def event_game(active: str) -> WellingtonState:
    """The 1812 game with nothing on the map, no flag, no card in hand, no Resource, in
    `active`'s scheduled impulse (tests/support/wellington_battle.board)."""
    from tests.support.wellington_battle import board
    state = board(active)
    state.resources = {p: 0 for p in POWERS}
    return state


def step(state: WellingtonState, power: str, verb: str, noun: object = None,
         dice: Iterable[int] = ()) -> WellingtonState:
    """One decision through the one legality path, with exactly these dice."""
    from tests.support.wellington_battle import FLOW
    from core.wellington import flow
    with scripted(list(dice), strict=True) as script:
        new = stack.act(state, FLOW, power, Action(verb, noun), settle=flow.settle)
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return new


def card(state: WellingtonState, power: str, verb: str, number: object = None,
         dice: Iterable[int] = ()) -> WellingtonState:
    """`step` with a card: `power` plays `number` (`verb`: battle-card, siege-card...)."""
    return step(state, power, verb, number, dice)


def respond(state: WellingtonState, power: str, number: int,
            dice: Iterable[int] = ()) -> WellingtonState:
    """Decline every Response window until `power` is asked, then play `number` there and
    decline the window its announcement opens; what follows, up to the
    next decision, rolls exactly `dice`."""
    from tests.support.wellington_battle import FLOW
    from core.wellington import flow
    from core.wellington.frames.impulse import ResponseWindow
    while isinstance(stack.top(state), ResponseWindow) and state.active != [power]:
        state = step(state, state.active[0], "no-response")
    with scripted(list(dice), strict=True) as script:
        state = stack.act(state, FLOW, power, Action("respond", number), settle=flow.settle)
        while isinstance(stack.top(state), ResponseWindow) \
                and stack.top(state).trigger == f"play:{number}":
            state = stack.act(state, FLOW, state.active[0], Action("no-response"),
                              settle=flow.settle)
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return state


def decline(state: WellingtonState) -> WellingtonState:
    """Every Response window on top is answered No Response."""
    from core.wellington.frames.impulse import ResponseWindow
    while isinstance(stack.top(state), ResponseWindow):
        state = step(state, state.active[0], "no-response")
    return state


def play_event(state: WellingtonState, power: str, number: int,
               trigger: str = "") -> WellingtonState:
    """`power` plays `number` as an event now; the Response window its announcement opens
    is declined."""
    from tests.support.wellington_battle import FLOW
    from core.wellington import flow
    assert cardplay.event_playable(state, power, number, trigger)
    cardplay.play_event(state, power, number, trigger)
    stack.run(state, FLOW, flow.settle)
    return decline(state)


def choose(state: WellingtonState, power: str, noun: str,
           dice: Iterable[int] = ()) -> WellingtonState:
    """An event's choice (EventChoice, verb event-choice)."""
    return step(state, power, "event-choice", noun, dice)


def run(state: WellingtonState, dice: Iterable[int] = ()) -> WellingtonState:
    """Run the stack to its next decision with exactly these dice."""
    from tests.support.wellington_battle import FLOW
    from core.wellington import flow
    with scripted(list(dice), strict=True):
        stack.run(state, FLOW, flow.settle)
    return state
