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
    common.py        registering an event, the Event sequence, the choices (EventPick), PCs
                     and CUs

The top floor of the game: the events import the mechanisms (movement, battle, the alliance)
and register their handlers in the windows those own, once, when this package is imported
(core/ww/flow.py imports it): each Strategy Phase event in core/ww/event_cards.py, each Battle
card's event in core/ww/battle.py. No mechanism imports the events (docs/ww-engine.md).

Entry points (docs/ww-engine.md); the first four are the windows' own, named here too:

    playable(state, side, card)          may `side` play the event now? (6.3.B flag, 6.32.A
                                         conditions and `requires`; a Special Event always)
    play(state, side, card)              push the event; the card waits in the in-play box and
                                         goes where its text sends it once resolved (6.3.C/D)
    battle_playable / play_in_battle     Battle cards in battle (the battle's window)
    random_discard(state, victim)        6.31, 6.34.B
    FLOW                                 Event (a sequence) and EventPick (a stop)
"""
from __future__ import annotations

from core import stack
from core.ww import deck
from core.ww.battle import battle_playable, play_in_battle
from core.ww.event_cards import EVENTS, flag_allows, play, playable  # noqa: F401
from core.ww.events import battle_cards, french, military, political, special  # noqa: F401
from core.ww.events.common import EVENT, EVENT_PICK
from core.ww.events.special import random_discard
from core.ww.frames.events import Event, EventPick
from core.ww.requirements import met as requirement_met

__all__ = ["FLOW", "battle_playable", "play", "play_in_battle", "playable", "random_discard",
           "requirement_met"]


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
