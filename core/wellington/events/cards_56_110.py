"""Wellington: the events of cards #56-110, each as its own paragraph of the seed's card list
says (003, "ALLEGATO: ELENCO DELLE CARTE"; English in core/wellington/cards.toml).

Importing this module registers every card the themed modules carry out:
    cards_56_110_battle.py    battles and sieges, and Responses to their outcome
    cards_56_110_hands.py     hands and the deck
    cards_56_110_map.py       pieces, flags and attrition on the map
    cards_56_110_lasting.py   Must-Play cards and effects that outlast the impulse
through cardplay.register (own-impulse events and Responses), battle.cards.register_battle
(battle cards), siege.register_card (12.23) and common.on_choice / on_step (their questions).
This module itself carries out #98 The Light Division, whose effect reaches every British
impulse (an impulse operation), battle (a standing effect) and siege (siege.on_begin).
A card not registered is never offered as an event; docs/wellington-events-56-110.md lists
each one OPEN with the reason.

What the mechanisms read of the lasting effects (docs/wellington-events-56-110.md "Wiring"),
registered into their windows by cards_56_110_lasting.py:
    reinforcements_rolled(state)   interphase.ROLLED, once the rolls are made (#72)
    after_interphase(state)        interphase.AFTER, at the end of the Interphase (#85, #86)
    battle_value(state, cid, bv)   lookups.BV_CHANGES, a commander's BV (#59, #66, #106)
    attrition_losses(state, duchy, power, n)   attrition.on_losses, each Power's losses (#93)
    battle_won(state, battle)      battle.cards.WON, between the decision and the Rout (#106)
    line_kind(state, a, b, power)  a line's kind with #100 (`bridged`: lookups.LINE_CHANGES)
"""
from __future__ import annotations

from core import cards, stack
from core.engine import Action, Choice
from core.wellington import cardplay, impulse
from core.wellington import flags as geo
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.events import (cards_56_110_battle, cards_56_110_hands,  # noqa: F401
                                    cards_56_110_lasting, cards_56_110_map, common)
from core.wellington.events import helpers_56_110 as h
from core.wellington.events.cards_56_110_lasting import (after_interphase, attrition_losses,
                                                        battle_value, battle_won, line_kind,
                                                        reinforcements_rolled)
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import CommandPoints, EventPlay
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import Impulse, ImpulseMenu
from core.wellington.frames.siege import Siege
from core.wellington.state import (ENGLAND, GB, IN_EFFECT, RESERVES, SIDE, Effect,
                                   WellingtonState)

__all__ = ["after_interphase", "attrition_losses", "battle_value", "battle_won",
           "line_kind", "reinforcements_rolled"]


# --- #98 The Light Division (+E, GB) -------------------------------------------------------------
# "Ponete il segnalino di questo evento su qualsiasi carta di HQ inglese. Per il resto del turno
# aggiungere un dado in ogni round battaglia o di assedio dove questo comandante è presente e
# date a questi 1 CP gratuito da usare per muovere, porre bandiere o togliere bandiere in ogni
# impulso inglese. Scartatela alla fine del turno o se il comandante viene eliminato."

LIGHT_DIVISION = 98
LIGHT_DICE = 1
LIGHT_CP = 1
LIGHT_SPENDING = ["move", "flag"]
LIGHT_USED = "free CP spent"                 # the effect's target while this impulse's CP is used


def light_commanders(state: WellingtonState) -> list[str]:
    """A British commander with an HQ card in play: on the map or in the England box."""
    return sorted(c for c, at in state.commanders.items()
                  if geo.commander_power(c) == GB and (geo.on_map(at) or at == ENGLAND))


def _light_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, LIGHT_DIVISION, trigger) and bool(light_commanders(state))


def _light_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, LIGHT_DIVISION, "commander",
               [(c, f"The Light Division joins {h.commander_name(c)}")
                for c in light_commanders(state)], "which British commander?")


def _light_commander(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    """The card stays face up (in effect) with its commander until the end of the turn."""
    common.effect(state, LIGHT_DIVISION, GB, target=cid, until="turn")
    common.keep(state, LIGHT_DIVISION)
    state.log.append(f"#98 The Light Division joins {h.commander_name(cid)} for the rest of the "
                     "turn: +1 die in his battles and sieges, 1 free CP in every British impulse.")


def light_division(state: WellingtonState) -> str:
    """The commander the Light Division is with, "" when it is not in play."""
    return next((e.target for e in state.effects
                 if e.card == LIGHT_DIVISION and e.target != LIGHT_USED), "")


def _light_choices(state: WellingtonState, impulse_: Impulse) -> list[Choice]:
    """Once in every British impulse (of any kind), while he is on the map."""
    cid = light_division(state)
    if impulse_.power != GB or not cid or not geo.on_map(state.commanders.get(cid, "")):
        return []
    if any(e.card == LIGHT_DIVISION and e.target == LIGHT_USED for e in state.effects):
        return []
    return [Choice(Action("light-division"), f"{h.commander_name(cid)}'s free CP (#98): "
                   f"{LIGHT_CP} CP to move his Army or place or remove a flag", "move")]


def _light_cp(state: WellingtonState, frame: ImpulseMenu, _noun: None) -> None:
    cid = light_division(state)
    common.effect(state, LIGHT_DIVISION, GB, target=LIGHT_USED, until="impulse")
    state.log.append(f"GB uses {h.commander_name(cid)}'s free CP (#98).")
    stack.push(state, CommandPoints(power=GB, card=LIGHT_DIVISION, left=LIGHT_CP,
                                    only=list(LIGHT_SPENDING), commander=cid))


def _light_in_battle(state: WellingtonState, battle: Battle, effect: Effect) -> None:
    """+1 die in every round of a battle he is in when it starts (the standing-effect seam
    reads the effects then)."""
    if effect.target != LIGHT_USED and state.commanders.get(effect.target) == battle.duchy:
        battle_cards.add_dice(battle, SIDE[GB], LIGHT_DICE, "#98 The Light Division", 0)


def _light_in_siege(state: WellingtonState, siege: Siege) -> None:
    cid = light_division(state)
    if cid and state.commanders.get(cid) == siege.duchy:
        side = sieges.BESIEGER if SIDE[siege.power] == SIDE[GB] else sieges.FORTRESS
        sieges.add_dice(siege, side, LIGHT_DICE, "#98 The Light Division", 0)


def light_division_over(state: WellingtonState) -> None:
    """The card goes to the British Reserve (4.21) once the turn's impulses are over (nothing
    after them reads it) or its commander is eliminated (`light_division_checked`)."""
    state.effects = [e for e in state.effects if e.card != LIGHT_DIVISION]
    if LIGHT_DIVISION in state.piles.boxes[IN_EFFECT]:
        cards.move(state.piles, LIGHT_DIVISION, IN_EFFECT, RESERVES[GB])
        state.log.append("#98 The Light Division's effect is over: the card goes to the "
                         "British Reserve.")


def light_division_checked(state: WellingtonState, power: str, kind: str) -> None:
    """At each impulse's end: its commander eliminated (the unbuilt pool or the Regroup Box)
    ends it."""
    cid = light_division(state)
    where = state.commanders.get(cid, "")
    if cid and not (geo.on_map(where) or where == ENGLAND):
        light_division_over(state)


cardplay.register(LIGHT_DIVISION, cardplay.Event(_light_playable, _light_play))
common.on_choice(LIGHT_DIVISION, "commander", _light_commander)
impulse.register("light-division", impulse.ImpulseOperation(_light_choices,
                                                            {"light-division": _light_cp}))
battle_cards.register_standing(LIGHT_DIVISION, _light_in_battle)
sieges.on_begin(_light_in_siege)
impulse.END_HOOKS.append(light_division_checked)
impulse.PHASE_END_HOOKS.append(light_division_over)
