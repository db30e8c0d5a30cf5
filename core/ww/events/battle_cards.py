"""Battle cards played in battle (6.33, 9.2 step 1, 9.45): the card's event for this one
battle, registered in the battle's Battle card window (core/ww/battle.py owns the registry,
`register_battle_card`; its `battle_playable` reads the card's flag and `requires`, its
`play_in_battle` calls the effect registered here).

The battle part has already moved the card, recorded it (battle.cards, battle.played), added its
+2 (9.45) and counted the replacement draw (6.33.B); after the battle it discards the card, or
removes Arnold Betrays from the game (6.33.A). The event sets its effects for this battle with
the battle part's functions, which the later steps read:

    deny(battle, side, rule, why)          a DRM of table 9.4 the side does not get
    grant(battle, side, rule, why)         a DRM the side gets whatever its conditions
    halve_rating(battle, side, why)        half Tactical whatever the die (9.3)
    change_losses(battle, winner, side, n, why)   if `winner` wins, `side` loses n more (fewer)
    end_as_overrun(battle)                 an Overrun replaces the battle (9.7 clarification)

Reading E4: a card that takes the Royal Navy +1 away (Henry Knox, Kosciuszko) beats one that
grants it (Royal Navy Bombards the Shore): the battle part lists a denied DRM as +0.
"""
from __future__ import annotations

from core.ww import battle as battle_part
from core.ww import deck
from core.ww import query as q
from core.ww.events.common import card_number, general_name, name
from core.ww.frames.battle import Battle
from core.ww.state import AMERICAN, BRITISH, REMOVED, WwState

MORGAN = deck.MORGAN
KNOX = deck.HENRY_KNOX
KOSCIUSZKO = card_number("Thaddeus Kosciuszko Constructs Engineering Works")
WAYNE = card_number("Mad Anthony Wayne Storms Stony Point")
BREEDS_HILL = card_number("Defense of Breed's Hill")
DELAWARE = card_number("Washington Crosses the Delaware")
TARLETON = deck.TARLETON
ARNOLD_BETRAYS = deck.ARNOLD_BETRAYS
PAOLI = card_number("Grey's Night Attack at Paoli")
BRANDYWINE = card_number("Howe's Flank March at Brandywine")
BOMBARDS = card_number("Royal Navy Bombards the Shore")
FERGUSON = card_number("Ferguson's Rifle Corps")

ARNOLD = q.ARNOLD


def short(number: int) -> str:
    return deck.card(number).title


# --- playing one (9.2 step 1) -------------------------------------------------------------------


def morgan(state: WwState, side: str, battle: Battle) -> None:
    battle_part.change_losses(battle, BRITISH, AMERICAN, -1, short(MORGAN))


def knox(state: WwState, side: str, battle: Battle) -> None:
    battle_part.deny(battle, BRITISH, battle_part.ROYAL_NAVY, short(KNOX))


def kosciuszko(state: WwState, side: str, battle: Battle) -> None:
    battle_part.deny(battle, BRITISH, battle_part.REGULARS, short(KOSCIUSZKO))
    battle_part.deny(battle, BRITISH, battle_part.ROYAL_NAVY, short(KOSCIUSZKO))


def wayne(state: WwState, side: str, battle: Battle) -> None:
    battle_part.change_losses(battle, AMERICAN, BRITISH, 1, short(WAYNE))


def breeds_hill(state: WwState, side: str, battle: Battle) -> None:
    """Card text beats the one-CU limit of the winner's loss (9.5, 6.31, R17)."""
    battle_part.change_losses(battle, BRITISH, BRITISH, 1, short(BREEDS_HILL))


def delaware(state: WwState, side: str, battle: Battle) -> None:
    """The defending British general (the card needs the American attacking)."""
    battle_part.halve_rating(battle, BRITISH, short(DELAWARE))


def tarleton(state: WwState, side: str, battle: Battle) -> None:
    battle_part.change_losses(battle, BRITISH, AMERICAN, 1, short(TARLETON))


def paoli(state: WwState, side: str, battle: Battle) -> None:
    """The defending American general (the card needs the British attacking)."""
    battle_part.halve_rating(battle, AMERICAN, short(PAOLI))


def brandywine(state: WwState, side: str, battle: Battle) -> None:
    battle_part.deny(battle, AMERICAN, battle_part.MILITIA, short(BRANDYWINE))
    battle_part.deny(battle, AMERICAN, battle_part.INTERCEPTION, short(BRANDYWINE))


def bombards(state: WwState, side: str, battle: Battle) -> None:
    """Royal Navy +1 even in a fortified port without a British PC or a Blockaded Zone (the
    card needs a port)."""
    battle_part.grant(battle, BRITISH, battle_part.ROYAL_NAVY, short(BOMBARDS))


def ferguson(state: WwState, side: str, battle: Battle) -> None:
    battle_part.change_losses(battle, AMERICAN, BRITISH, -1, short(FERGUSON))


def arnold_betrays(state: WwState, side: str, battle: Battle) -> None:
    """6.33 clarification, 9.2 step 1, 9.7 clarification: at once, Arnold is removed from the
    game wherever he is (map, American Reinforcement Leaders box, Captured Generals box),
    whether or not he is in this battle (6.3.B). A British attacker with 4 or 5 CUs left facing
    1 American CU and no general overruns instead of fighting; an American attacker fights on,
    without a general if Arnold led him."""
    where = state.generals.get(ARNOLD)
    if where is not None and where != REMOVED:
        state.generals[ARNOLD] = REMOVED
        state.log.append(f"Benedict Arnold betrays the Patriot cause: {general_name(ARNOLD)} "
                         f"({name(where)}) is removed from the game (6.33).")
    if battle.attacker_general == ARNOLD:
        battle.attacker_general = ""
    if battle.defender_general == ARNOLD:
        battle.defender_general = ""
    if battle.attacker == BRITISH and battle_part.overrun_applies(state, battle.space, BRITISH):
        state.log.append("Arnold's betrayal leaves 1 American CU and no general against 4 or 5 "
                         "British CUs: an Overrun takes place instead of the battle (9.7).")
        battle_part.end_as_overrun(battle)


EFFECTS = {MORGAN: morgan, KNOX: knox, KOSCIUSZKO: kosciuszko, WAYNE: wayne,
           BREEDS_HILL: breeds_hill, DELAWARE: delaware, TARLETON: tarleton, PAOLI: paoli,
           BRANDYWINE: brandywine, BOMBARDS: bombards, FERGUSON: ferguson,
           ARNOLD_BETRAYS: arnold_betrays}

if set(EFFECTS) != set(deck.BATTLE_CARDS):
    raise RuntimeError(f"events: Battle cards without an effect: "
                       f"{sorted(set(deck.BATTLE_CARDS) - set(EFFECTS))}")

for _number, _effect in EFFECTS.items():
    battle_part.register_battle_card(_number, _effect)
