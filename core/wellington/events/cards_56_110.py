"""Wellington: the events of cards #56-110, each as its own paragraph of the seed's card list
says (003, "ALLEGATO: ELENCO DELLE CARTE"; English in core/wellington/cards.toml).

Importing this module registers every card the themed modules carry out:
    cards_56_110_battle.py    battles and sieges, and Responses to their outcome
    cards_56_110_hands.py     hands and the deck
    cards_56_110_map.py       pieces, flags and attrition on the map
    cards_56_110_lasting.py   Must-Play cards and effects that outlast the impulse
through cardplay.register (own-impulse events and Responses), battle.cards.register_battle
(battle cards), siege.register_card (12.23) and common.on_choice / on_step (their questions).
A card not registered is never offered as an event; docs/wellington-events-56-110.md lists
each one OPEN with the reason.

Calls other parts need (the lead wires them, docs/wellington-events-56-110.md "Wiring"):
    reinforcements_rolled(state)   interphase.reinforcement_rolls, once the rolls are made (#72)
    after_interphase(state)        at the end of the Interphase (#85, #86)
    battle_value(state, cid, bv)   the last step of movement.battle_value (#59, #66)
    attrition_losses(state, duchy, power, n)   attrition.check, each Power's losses (#93)
    release_kept(state)            where common.release_kept is called (#59, #106)
    battle_won(state, battle)      the battle, between its decision and the Rout (#106)
    owed_spent(state, power, n)    impulse.py's owed play, once made (#65)
    obligation_lapsed(state, power)   impulse.py, at an impulse's start (#65)
    line_kind(state, a, b, power)  movement, interception, retreat: a line's kind (#100)
"""
from __future__ import annotations

from core.wellington.events import (cards_56_110_battle, cards_56_110_hands,  # noqa: F401
                                    cards_56_110_lasting, cards_56_110_map)
from core.wellington.events.cards_56_110_hands import obligation_lapsed, owed_spent
from core.wellington.events.cards_56_110_lasting import (after_interphase, attrition_losses,
                                                        battle_value, battle_won, line_kind,
                                                        reinforcements_rolled, release_kept)

__all__ = ["after_interphase", "attrition_losses", "battle_value", "battle_won",
           "line_kind", "obligation_lapsed", "owed_spent", "reinforcements_rolled",
           "release_kept"]
