"""The Special Events (6.34): the Declaration of Independence, Benjamin Franklin and the five
War Ends cards, always playable (6.34.A: a must-play card never dead-ends a hand); and the
random discards of events (6.31, 6.34.B): John Paul Jones and Dr. Benjamin Church.

    6   Declaration of Independence   one American PC in every colony with a legal space
    7   Benjamin Franklin             French Alliance +4; after the alliance one American PC
    8-12 War Ends 1779-1783           to the War Ends box (the finish of common.py)
    16  John Paul Jones               a random British card to the discard pile
    31  Dr. Benjamin Church           a random American card to the discard pile
"""
from __future__ import annotations

from core import cards, stack
from core.ww import alliance, deck
from core.ww import query as q
from core.ww.events.common import (THIRTEEN, EventPick, american_may_place, always, ask, name,
                                   pick, register, set_pc, take_in_play)
from core.ww.frames.events import Event
from core.ww.state import AMERICAN, BRITISH, WwState

FRANKLIN_SPACES = 4               # 6.34.C.ii, 12.1


# --- 6.34.C.i Declaration of Independence --------------------------------------------------------


def declaration_spaces(state: WwState, colony: str) -> list[str]:
    """The spaces of `colony` where `american_may_place` holds (no PC, no British CU; listed
    for all 13 colonies at every Declaration choice)."""
    return q.without_pc_or_british_cu(state, q.spaces_of(colony))


def _declaration_targets(state: WwState, frame: EventPick):
    done = {q.colony(s) for s in frame.chosen}
    return [_DECLARATION_TARGET[s] for colony in THIRTEEN if colony not in done
            for s in declaration_spaces(state, colony)]


# each space's target, made once (the board never changes)
_DECLARATION_TARGET = {s: ("place", s, f"Place an American PC in {name(s)} ({q.colony(s)})")
                       for s in q.spaces()}


def _declaration_place(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, AMERICAN, "Declaration of Independence, 6.34.C.i")


pick("declaration",
     lambda state, frame: ("American: the Declaration of Independence: place one American PC "
                           "in each colony that has a legal space (6.34.C.i); "
                           f"{q.count_colonies(len({q.colony(t[1]) for t in _declaration_targets(state, frame)}))} "
                           "left."),
     _declaration_targets, _declaration_place)


def declaration(state: WwState, frame: Event) -> None:
    """6.34.C.i: one American PC in each of the 13 colonies (not Canada) that has a space with
    no PC and no British CU (10.11.A.ii), compulsory; no flip; even with the Congress dispersed.
    A colony with one legal space gets its PC at once; where there are several the American
    chooses (the colonies are independent: a PC in one changes nothing in another)."""
    state.log.append("Declaration of Independence: the American places one PC in each colony "
                     "where he can (6.34.C.i).")
    several = 0
    for colony in THIRTEEN:
        spaces = declaration_spaces(state, colony)
        if len(spaces) == 1:
            set_pc(state, spaces[0], AMERICAN, "Declaration of Independence, 6.34.C.i")
        elif spaces:
            several += 1
    if several:
        ask(state, "declaration", AMERICAN, frame.card, several, must=True)


register(deck.DECLARATION, always, declaration)


# --- 6.34.C.ii Benjamin Franklin ------------------------------------------------------------------


def _franklin_targets(state: WwState, frame: EventPick):
    return [("place", s, f"Place an American PC in {name(s)}") for s in q.spaces()
            if american_may_place(state, s)]


def _franklin_place(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, AMERICAN, "Benjamin Franklin, France already in the war")


pick("franklin",
     lambda state, frame: ("American: France is already in the war: Benjamin Franklin places "
                           "one American PC in a space with no PC and no British CU."),
     _franklin_targets, _franklin_place)


def franklin(state: WwState, frame: Event) -> None:
    """6.34.C.ii, 12.1: the French Alliance marker 4 spaces forward (the alliance itself once
    the card in play is resolved, 12.2.B, A8: strategy's after_card). Once France is in the war
    the marker moves no more (12.2.A): the card text places one American PC instead (R6)."""
    if state.france_in_war:
        ask(state, "franklin", AMERICAN, frame.card, 1, must=True)
        return
    alliance.advance(state, FRANKLIN_SPACES, "Benjamin Franklin: Minister to France, 6.34.C.ii")


register(deck.FRANKLIN, always, franklin)


# --- 6.34.C.iii the War Ends cards ----------------------------------------------------------------


def war_ends(state: WwState, frame: Event) -> None:
    """6.34.C.iii: the card goes to the War Ends box (common.finish), replacing the one there."""


for _number in deck.WAR_ENDS_CARDS:
    register(_number, always, war_ends)


# --- random discards (6.31, 6.34.B) -------------------------------------------------------------


def random_discard(state: WwState, victim: str) -> int | None:
    """6.31: a card taken at random from `victim`'s hand, unseen, goes face up to the discard
    pile (not a play of his). 6.34.B: a Special Event taken so is carried out at once, whoever
    holds it or gains by it: it is pushed as an event of its holder, above the event that took
    it. A discarded Hortelez et Cie rebuilds the deck at the next Strategy Card Phase (6.1 note,
    R8). Returns the card, or None if the hand was empty."""
    number = cards.take_at_random(state, state.piles, victim)
    if number is None:
        state.log.append(f"The {victim} hand is empty: no card is taken (6.31).")
        return None
    c = deck.card(number)
    if c.must_play:
        take_in_play(state, number)
        state.log.append(f"A card taken at random from the {victim} hand is {c.name}, a Special "
                         "Event: it is carried out at once (6.34.B).")
        stack.push(state, Event(side=victim, card=number))
        return number
    cards.move(state.piles, number, f"hand:{victim}", cards.DISCARD)
    state.log.append(f"A card taken at random from the {victim} hand goes face up to the "
                     f"discard pile: {c.name} (6.31).")
    if number in deck.RESHUFFLE_WHEN_DISCARDED:
        state.reshuffle_pending = True
        state.log.append(f"{c.name} discarded: the deck will be rebuilt at the next Strategy "
                         "Card Phase (6.1 note).")
    return number


def opponent_has_cards(state: WwState, side: str) -> bool:
    return bool(state.piles.hands[q.enemy(side)])


def john_paul_jones(state: WwState, frame: Event) -> None:
    """6.1.D: one British card at random to the discard pile."""
    random_discard(state, BRITISH)


def church(state: WwState, frame: Event) -> None:
    """One American card at random to the discard pile (6.31)."""
    random_discard(state, AMERICAN)


register(deck.JOHN_PAUL_JONES, opponent_has_cards, john_paul_jones)
CHURCH = register("Dr. Benjamin Church Spies for the British", opponent_has_cards, church)

