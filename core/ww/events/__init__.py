"""Every card event (6.3-6.34): the text of each Event card in core/ww/cards.toml carried out
exactly. Campaigns are the Strategy Phase's (core/ww/strategy.py, 7.2); every other event is
here, one module per group:

    special.py       6.34 Special Events (Declaration, Franklin, War Ends), random discards
                     (6.31, 6.34.B: John Paul Jones, Dr. Church)
    political.py     events that place, flip or remove PCs (10.12.A)
    military.py      events that move, add or remove generals and CUs; Tarleton in the
                     Strategy Phase
    french.py        Hortelez, d'Estaing, de Grasse (12.1, 12.3)
    battle_cards.py  Battle cards in battle (6.33, 9.2 step 1, 9.45), Arnold Betrays (9.7)
    common.py        the registry, the Event sequence, the choices (EventPick), PCs and CUs

Entry points (docs/ww-engine.md):

    playable(state, side, card)          may `side` play the event now? (6.3.B flag, 6.32.A
                                         conditions and `requires`; a Special Event always)
    play(state, side, card)              push the event; the card waits in the in-play box and
                                         goes where its text sends it once resolved (6.3.C/D)
    battle_playable / play_in_battle     Battle cards in battle (battle_cards.py)
    random_discard(state, victim)        6.31, 6.34.B
    FLOW                                 Event (a sequence) and EventPick (a stop)
"""
from __future__ import annotations

from core import stack
from core.ww import deck
from core.ww.events import battle_cards, french, military, political, special  # noqa: F401
from core.ww.events.battle_cards import battle_playable, play_in_battle
from core.ww.events.common import EVENT, EVENT_PICK, EVENTS
from core.ww.events.special import random_discard
from core.ww.frames.events import Event, EventPick
from core.ww.state import NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK, WwState

__all__ = ["FLOW", "battle_playable", "play", "play_in_battle", "playable", "random_discard",
           "requirement_met"]


def requirement_met(state: WwState, requirement: str, side: str) -> bool:
    """A `requires` condition of cards.toml outside battle (deck.REQUIREMENTS)."""
    if requirement == "france-not-in-war":
        return not state.france_in_war
    if requirement == "france-in-war":
        return state.france_in_war
    if requirement == "european-war":
        return state.european_war
    if requirement == "french-navy-in-zone":
        return state.navy not in (NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK)
    if requirement == "opponent-has-cards":
        from core.ww import query as q
        return bool(side) and bool(state.piles.hands[q.enemy(side)])
    raise ValueError(f"requirement {requirement!r} is checked only in battle")


def flag_allows(side: str, card: int) -> bool:
    """6.3.B: an American flag for the American, a British flag for the British; both flags
    (a Special Event) and no flag for either."""
    flag = deck.card(card).flag
    return flag in ("both", "none") or flag == side.lower()


def playable(state: WwState, side: str, card: int) -> bool:
    """Whether `side` may play `card` as an event in the Strategy Phase now. A Special Event
    always is (6.34.A). Otherwise the flag (6.3.B), Strategy Phase play (6.33.A: Battle cards
    only in battle, Tarleton excepted), the `requires` conditions and the card's own (6.32.A:
    "Play only if ..."; an event none of whose instructions could be carried out cannot be
    played either, reading E1)."""
    c = deck.card(card)
    if c.kind == "ops":
        return False
    if c.must_play:
        return True
    if c.kind == "campaign":
        return True                   # 7.2: no conditions (strategy.py plays them)
    if not flag_allows(side, card) or "strategy" not in c.play_in:
        return False
    if not all(requirement_met(state, r, side) for r in c.requires):
        return False
    return EVENTS[card].playable(state, side)


def play(state: WwState, side: str, card: int) -> None:
    """6.3: carry out `card`'s event for `side`; the card is in the in-play box."""
    c = deck.card(card)
    if c.kind in ("ops", "campaign") or "strategy" not in c.play_in:
        raise ValueError(f"{c.name} has no Strategy Phase event here")
    stack.push(state, Event(side=side, card=card))


FLOW: stack.Flow = {Event: EVENT, EventPick: EVENT_PICK}


def _check_every_event() -> None:
    """Every Event card but the Campaigns and the battle-only Battle cards has its event."""
    want = {c.number for c in deck.CARDS if c.kind not in ("ops", "campaign")
            and "strategy" in c.play_in}
    missing = sorted(want - set(EVENTS))
    extra = sorted(set(EVENTS) - want)
    if missing or extra:
        raise RuntimeError(f"events: no event for cards {missing}; unexpected {extra}")


_check_every_event()
