"""Washington's War: Battle cards played in battle (6.33, 9.2 step 1, 9.45; card texts in
core/ww/cards.toml): who may play which (flags, `requires`), each card's benefit as the battle
part reads it (core/ww/battle.py: deny, grant, halve_rating, change_losses, end_as_overrun),
Benedict Arnold Betrays the Patriot Cause (9.2 step 1, 9.7 clarification, TC-6.3-B), and whole
battles through the battle part with the dice scripted.
"""
from __future__ import annotations

import pytest

import core.dice
from core import stack
from core.ww import battle as battle_part
from core.ww import deck, events
from core.ww.frames.battle import Battle, BattleCard, BattleRetreat
from core.ww import query as q
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH, CAPTURED, REMOVED)
from tests.support.ww_events import FLOW, act, clear, fresh, general, hand, labels, put, top


def number(title: str) -> int:
    return deck.by_title(title)[0].number


MORGAN, KNOX, TARLETON, ARNOLD_BETRAYS = (deck.MORGAN, deck.HENRY_KNOX, deck.TARLETON,
                                          deck.ARNOLD_BETRAYS)
KOSCIUSZKO = number("Thaddeus Kosciuszko Constructs Engineering Works")
WAYNE = number("Mad Anthony Wayne Storms Stony Point")
BREEDS_HILL = number("Defense of Breed's Hill")
DELAWARE = number("Washington Crosses the Delaware")
PAOLI = number("Grey's Night Attack at Paoli")
BRANDYWINE = number("Howe's Flank March at Brandywine")
BOMBARDS = number("Royal Navy Bombards the Shore")
FERGUSON = number("Ferguson's Rifle Corps")
AMERICAN_CARDS = (MORGAN, KNOX, KOSCIUSZKO, WAYNE, BREEDS_HILL, DELAWARE)
BRITISH_CARDS = (TARLETON, ARNOLD_BETRAYS, PAOLI, BRANDYWINE, BOMBARDS, FERGUSON)


def a_battle(space: str = "trenton", attacker: str = BRITISH, **kw) -> Battle:
    return Battle(space=space, attacker=attacker, defender=q.enemy(attacker),
                  entered_from=kw.pop("entered_from", "princeton"), **kw)


def test_every_battle_card_has_its_event_and_belongs_to_one_side():
    assert set(AMERICAN_CARDS + BRITISH_CARDS) == set(deck.BATTLE_CARDS)
    assert all(deck.card(n).flag == "american" for n in AMERICAN_CARDS)
    assert all(deck.card(n).flag == "british" for n in BRITISH_CARDS)


# =============================================================================================
# who may play which (6.33.A, 9.45, requires)
# =============================================================================================


@pytest.mark.parametrize("card", AMERICAN_CARDS + BRITISH_CARDS)
def test_9_45_only_the_flags_side_plays_a_battle_cards_event(card):
    state = fresh()
    owner = AMERICAN if deck.card(card).flag == "american" else BRITISH
    for attacker in (AMERICAN, BRITISH):
        battle = a_battle("new-york", attacker)
        assert not events.battle_playable(state, q.enemy(owner), card, battle)


ALWAYS = (MORGAN, KNOX, TARLETON, ARNOLD_BETRAYS, FERGUSON)


@pytest.mark.parametrize("card", ALWAYS)
def test_cards_without_conditions_attacking_or_defending(card):
    owner = AMERICAN if deck.card(card).flag == "american" else BRITISH
    for attacker in (AMERICAN, BRITISH):
        assert events.battle_playable(fresh(), owner, card, a_battle("trenton", attacker))


@pytest.mark.parametrize("card,owner,attacker", [
    (KOSCIUSZKO, AMERICAN, BRITISH), (BREEDS_HILL, AMERICAN, BRITISH),
    (WAYNE, AMERICAN, AMERICAN), (DELAWARE, AMERICAN, AMERICAN),
    (PAOLI, BRITISH, BRITISH), (BRANDYWINE, BRITISH, BRITISH)])
def test_requires_attacking_or_defending(card, owner, attacker):
    state = fresh()
    assert events.battle_playable(state, owner, card, a_battle("trenton", attacker))
    assert not events.battle_playable(state, owner, card, a_battle("trenton",
                                                                   q.enemy(attacker)))


def test_royal_navy_bombards_only_in_a_port():
    state = fresh()
    assert events.battle_playable(state, BRITISH, BOMBARDS, a_battle("new-york"))
    assert not events.battle_playable(state, BRITISH, BOMBARDS, a_battle("trenton"))


def test_6_33_A_battle_cards_only_in_battle_tarleton_also_in_the_strategy_phase():
    state = clear(fresh())
    put(state, "charleston", AM, 1)
    assert events.playable(state, BRITISH, TARLETON)
    for card in AMERICAN_CARDS + BRITISH_CARDS:
        if card != TARLETON:
            assert not events.playable(state, AMERICAN, card)
            assert not events.playable(state, BRITISH, card)


def test_special_events_and_plain_events_are_never_battle_playable():
    battle = a_battle()
    for card in (deck.DECLARATION, deck.FRANKLIN, deck.HORTALEZ, deck.MUTINIES):
        for side in (AMERICAN, BRITISH):
            assert not events.battle_playable(fresh(), side, card, battle)


# =============================================================================================
# each benefit (9.45), as data the battle part reads
# =============================================================================================


def test_morgan_one_cu_fewer_for_a_losing_american():
    battle = a_battle()
    events.play_in_battle(fresh(), AMERICAN, MORGAN, battle)
    assert [(w, s, n) for w, s, n, _ in battle.loss_changes] == [(BRITISH, AMERICAN, -1)]


def test_ferguson_one_cu_fewer_for_a_losing_british():
    battle = a_battle()
    events.play_in_battle(fresh(), BRITISH, FERGUSON, battle)
    assert [(w, s, n) for w, s, n, _ in battle.loss_changes] == [(AMERICAN, BRITISH, -1)]


def test_wayne_one_cu_more_for_the_british_when_the_american_attacker_wins():
    battle = a_battle(attacker=AMERICAN)
    events.play_in_battle(fresh(), AMERICAN, WAYNE, battle)
    assert [(w, s, n) for w, s, n, _ in battle.loss_changes] == [(AMERICAN, BRITISH, 1)]


def test_tarleton_one_cu_more_for_the_american_when_the_british_wins():
    battle = a_battle()
    events.play_in_battle(fresh(), BRITISH, TARLETON, battle)
    assert [(w, s, n) for w, s, n, _ in battle.loss_changes] == [(BRITISH, AMERICAN, 1)]


def test_breeds_hill_a_winning_british_loses_one_more_r17():
    battle = a_battle()
    events.play_in_battle(fresh(), AMERICAN, BREEDS_HILL, battle)
    assert [(w, s, n) for w, s, n, _ in battle.loss_changes] == [(BRITISH, BRITISH, 1)]


def test_delaware_and_paoli_halve_the_defending_generals_rating():
    battle = a_battle(attacker=AMERICAN)
    events.play_in_battle(fresh(), AMERICAN, DELAWARE, battle)
    assert [s for s, _ in battle.half_rating] == [BRITISH]
    battle = a_battle()
    events.play_in_battle(fresh(), BRITISH, PAOLI, battle)
    assert [s for s, _ in battle.half_rating] == [AMERICAN]


def test_knox_kosciuszko_brandywine_bombards_deny_or_grant_drms():
    state = fresh()
    battle = a_battle("new-york")
    events.play_in_battle(state, AMERICAN, KNOX, battle)
    assert [(s, r) for s, r, _ in battle.denied] == [(BRITISH, battle_part.ROYAL_NAVY)]
    battle = a_battle("new-york")
    events.play_in_battle(state, AMERICAN, KOSCIUSZKO, battle)
    assert sorted((s, r) for s, r, _ in battle.denied) == [
        (BRITISH, battle_part.REGULARS), (BRITISH, battle_part.ROYAL_NAVY)]
    battle = a_battle("new-york", intercepted=True)
    events.play_in_battle(state, BRITISH, BRANDYWINE, battle)
    assert sorted((s, r) for s, r, _ in battle.denied) == [
        (AMERICAN, battle_part.MILITIA), (AMERICAN, battle_part.INTERCEPTION)]
    battle = a_battle("charleston")
    events.play_in_battle(state, BRITISH, BOMBARDS, battle)
    assert [(s, r) for s, r, _ in battle.granted] == [(BRITISH, battle_part.ROYAL_NAVY)]


def drms(state, battle, side):
    battle.ratings = {AMERICAN: 0, BRITISH: 0}
    battle_part.battle_drms(state, battle)
    return {why: n for n, why in battle.modifiers[side]}


def test_kosciuszko_in_the_step_3_drms_the_british_loses_regulars_and_navy():
    state = clear(fresh())
    put(state, "new-york", BR, 3)
    put(state, "new-york", AM, 2)
    battle = a_battle("new-york", entered_from="white-plains")
    events.play_in_battle(state, AMERICAN, KOSCIUSZKO, battle)
    british = drms(state, battle, BRITISH)
    assert sum(british.values()) == 3                         # CUs only: both +1s are 0
    assert any("Regulars" in why and n == 0 for why, n in british.items())
    assert any("Royal Navy" in why and n == 0 for why, n in british.items())


def test_e4_knox_beats_royal_navy_bombards_in_a_fortified_port():
    state = clear(fresh())
    put(state, "charleston", BR, 3)
    put(state, "charleston", AM, 2)
    battle = a_battle("charleston", entered_from="eutaw-springs")
    events.play_in_battle(state, BRITISH, BOMBARDS, battle)
    assert any("Royal Navy" in why and n == 1 for why, n in drms(state, battle, BRITISH).items())
    events.play_in_battle(state, AMERICAN, KNOX, battle)
    assert any("Royal Navy" in why and n == 0 for why, n in drms(state, battle, BRITISH).items())


def test_brandywine_the_american_loses_militia_and_interception():
    state = clear(fresh())
    put(state, "trenton", BR, 3)
    put(state, "trenton", AM, 2)
    state.pcs = {"trenton": AMERICAN, "princeton": AMERICAN}
    battle = a_battle("trenton", intercepted=True)
    american = drms(state, battle, AMERICAN)
    assert sum(american.values()) == 4                        # 2 CUs, militia, interception
    battle = a_battle("trenton", intercepted=True)
    events.play_in_battle(state, BRITISH, BRANDYWINE, battle)
    assert sum(drms(state, battle, AMERICAN).values()) == 2


# =============================================================================================
# Benedict Arnold Betrays the Patriot Cause (6.33, 9.2 step 1, 9.7)
# =============================================================================================


def test_tc_6_3_b_arnold_betrays_with_arnold_in_the_box_removes_him_for_good():
    state = fresh()
    assert state.generals["arnold"] == AMERICAN_LEADERS
    battle = a_battle()
    assert events.battle_playable(state, BRITISH, ARNOLD_BETRAYS, battle)
    events.play_in_battle(state, BRITISH, ARNOLD_BETRAYS, battle)
    assert state.generals["arnold"] == REMOVED and not battle.overrun


@pytest.mark.parametrize("where", [CAPTURED, "boston"])
def test_arnold_removed_wherever_he_is(where):
    state = fresh()
    general(state, "arnold", where)
    events.play_in_battle(state, BRITISH, ARNOLD_BETRAYS, a_battle())
    assert state.generals["arnold"] == REMOVED


def test_arnold_leading_an_american_attack_the_americans_fight_on_without_a_general():
    state = clear(fresh())
    general(state, "arnold", "trenton")
    put(state, "trenton", AM, 1)
    general(state, "howe", "trenton")
    put(state, "trenton", BR, 5)
    battle = a_battle("trenton", AMERICAN, attacker_general="arnold", defender_general="howe")
    events.play_in_battle(state, BRITISH, ARNOLD_BETRAYS, battle)
    assert battle.attacker_general == "" and not battle.overrun       # 9.7 clarification


def whole_battle(state, space, attacker, general_, entered_from, intercepted=False):
    """A battle pushed by the battle part's own entry point, run to its first stop."""
    state.stack = []
    battle_part.begin(state, space, attacker, general_, entered_from, intercepted)
    with core.dice.scripted([], strict=True):
        stack.run(state, FLOW)
    return state


def test_9_7_arnold_betrays_turns_the_battle_into_an_overrun():
    state = clear(fresh())
    general(state, "arnold", "albany")
    put(state, "albany", AM, 1)
    general(state, "howe", "albany")
    put(state, "albany", BR, 4)
    hand(state, BRITISH, ARNOLD_BETRAYS)
    hand(state, AMERICAN, MORGAN)
    state = whole_battle(state, "albany", BRITISH, "howe", "saratoga")
    assert isinstance(top(state), BattleCard) and state.active == [BRITISH]
    assert f"play {ARNOLD_BETRAYS}" in labels(state, BRITISH)
    state = act(state, BRITISH, "play", ARNOLD_BETRAYS)          # no die: no battle
    assert state.generals["arnold"] == REMOVED
    assert not q.cus(state, "albany", AMERICAN) and q.cus(state, "albany", BRITISH) == 4
    assert ARNOLD_BETRAYS in state.piles.removed and not state.stack
    assert state.piles.hands[AMERICAN] == [MORGAN]               # never asked
    assert state.replacements == {BRITISH: 1}


def test_paoli_and_morgan_in_a_whole_battle_9_3_9_5():
    """Howe (Tactical 6) attacks Washington (4) at Trenton. Paoli: Washington rates 4 // 2 = 2
    whatever his die (6); Morgan: the beaten American loses 2 - 1 = 1 CU."""
    state = clear(fresh())
    general(state, "washington", "trenton")
    put(state, "trenton", AM, 3)
    general(state, "howe", "trenton")
    put(state, "trenton", BR, 4)
    hand(state, BRITISH, PAOLI)
    hand(state, AMERICAN, MORGAN)
    state = whole_battle(state, "trenton", BRITISH, "howe", "princeton")
    state = act(state, BRITISH, "play", PAOLI)
    assert state.active == [AMERICAN] and f"play {MORGAN}" in labels(state, AMERICAN)
    # ratings: Howe 4 -> 6 capped at 4 CUs; Washington 6 -> halved 2. Battle: British 6,
    # American 1. Casualties: the American (loser) 4 -> 2, less 1; the British 6 -> none.
    state = act(state, AMERICAN, "play", MORGAN, dice=(4, 6, 6, 1, 4, 6))
    battle = next(f for f in state.stack if isinstance(f, Battle))
    assert battle.ratings == {BRITISH: 4, AMERICAN: 2}
    assert battle.winner == BRITISH
    assert battle.losses == {AMERICAN: 1, BRITISH: 0}
    assert q.cus(state, "trenton", AMERICAN) == 2
    assert isinstance(top(state), BattleRetreat)
    state = act(state, AMERICAN, "retreat", "philadelphia")
    assert not state.stack
    assert PAOLI in state.piles.discard and MORGAN in state.piles.discard
    assert state.replacements == {BRITISH: 1, AMERICAN: 1}
