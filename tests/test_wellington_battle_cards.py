"""The battle-card seam (core/wellington/battle/cards.py): which battle events a Power may
declare (11.1, 5.3, 5.4), how a declared one is carried out, and the lasting effects that reach
a battle when it starts (`standing_effects`). The cards themselves are tested with their
events (tests/test_wellington_events_1_55.py, _56_110.py)."""
from __future__ import annotations

import pytest

import core.wellington.events as events
from core import cards, stack
from core.engine import Action, IllegalAction
from core.wellington import battle, deck, flow, hands
from core.wellington.battle import cards as battle_cards
from core.wellington.frames.battle import Battle, BattleCard
from core.wellington.state import (ADN, ADS, FRENCH, GB, POWERS, SPAIN, Effect,
                                   WellingtonState)
from tests.support.wellington_battle import CALLER, Caller, board, place

FLOW: stack.Flow = {**flow.FLOW, **events.FLOW, Caller: CALLER}


def game() -> WellingtonState:
    state = board(GB)
    for power in POWERS:
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)
    return state


def give(state: WellingtonState, power: str, *numbers: int) -> None:
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def badajoz(state: WellingtonState) -> Battle:
    place(state, "badajoz", GB, infantry=2)
    place(state, "badajoz", ADS, infantry=2)
    battle.start(state, "badajoz", GB, "GB:badajoz", "", False)
    found = stack.find(state, Battle)
    assert found is not None
    return found


def test_every_registered_battle_event_is_a_battle_card():
    """5.3: only B cards are declared in a battle."""
    assert battle_cards.BATTLE_EVENTS
    for number in battle_cards.BATTLE_EVENTS:
        assert hands.is_battle(number), number


def test_offered_only_to_a_power_with_a_formation_in_the_battle_rule_5_3():
    state = game()
    give(state, GB, 28)
    give(state, ADN, 29)
    b = badajoz(state)
    stack.run(state, FLOW, flow.settle)             # round 1: GB is asked (it holds #28)
    assert [c.action.noun for c in battle_cards.battle_cards(state, b, GB)] == [28]
    assert battle_cards.battle_cards(state, b, ADN) == []        # no Formation there
    assert isinstance(stack.top(state), BattleCard) and stack.top(state).power == GB
    with pytest.raises(IllegalAction):
        battle_cards.play_battle_card(state, b, ADN, 29)


def test_a_national_battle_card_only_by_its_owner_rule_5_4():
    state = game()
    b = badajoz(state)
    national = [n for n in battle_cards.BATTLE_EVENTS if deck.card(n).deck == "french"]
    for number in national:
        give(state, GB, number)
        assert not battle_cards.may_declare(state, b, GB, number)


def test_a_card_not_in_hand_or_not_registered_is_refused_state_untouched():
    state = game()
    b = badajoz(state)
    before = len(state.log)
    with pytest.raises(IllegalAction):
        battle_cards.play_battle_card(state, b, GB, 12)             # not in GB's hand
    give(state, GB, 1)                                               # #1 is a Response
    assert not battle_cards.may_declare(state, b, GB, 1)
    assert len(state.log) == before


def test_a_declared_card_leaves_the_hand_and_is_discarded_rule_11_1():
    state = game()
    give(state, GB, 12)
    place(state, "badajoz", GB, commanders=("wellington",), lead=True)
    badajoz(state)
    stack.run(state, FLOW, flow.settle)
    state = stack.act(state, FLOW, GB, Action("battle-card", 12), settle=flow.settle)
    assert 12 not in hands.hand(state, GB)
    assert 12 in state.played_this_turn


def test_standing_effects_call_the_registered_function_of_each_effect():
    """An effect in play whose card registered a standing function reaches the battle as it
    starts (#13 Atrocity: +1 die every round to its player's side)."""
    state = game()
    state.effects.append(Effect(card=13, power=ADS, until="turn"))
    state.effects.append(Effect(card=17, power=SPAIN, target=GB, until="turn"))  # no battle use
    b = badajoz(state)
    assert b.extra_dice == [(FRENCH, 0, 1, "#13 Atrocity (AdS, this turn)")]
