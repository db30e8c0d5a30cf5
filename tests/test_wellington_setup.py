"""Wellington set-up (2.1-2.6, §F) and the Powers (2.1): core/wellington/setup.py, powers.py.
Numbers from the seed (../shared/rules/wellington.md §C.9, §C.10, §F, TC-33, TC-34)."""
from __future__ import annotations

import pytest

from core import cards, stack
from core.engine import Action, IllegalAction
from core.wellington import building, hands, powers
from core.wellington import flags as geo
from core.wellington.frames.impulse import ImpulseMenu
from core.wellington.frames.turn import BidRemoval, Substitution
from core.wellington.rules import RULES
from core.wellington.state import (ADN, ADS, FRENCH, GB, NATIONAL_DECKS, POWERS, SPAIN,
                                   WellingtonState)
from tests.test_wellington_flow import new, past_setup


def keys(state: WellingtonState) -> dict[str, int]:
    return {p: len(geo.keys_of(state, p)) for p in POWERS}


def test_roles_are_the_four_powers() -> None:
    assert RULES.roles("1812", {}) == [GB, ADS, SPAIN, ADN]
    assert RULES.scenarios() == ["1812", "1813"]


def test_2_3_1812_markers_and_resources() -> None:
    """TC-33, TC-34: 1812 Resources GB 1, AdS 1, Spain 1, AdN 2; Keys GB 5, Spain 4, AdS 7,
    AdN 8; the Impulse marker on GB."""
    state = new("1812").state
    assert state.resources == {GB: 1, ADS: 1, SPAIN: 1, ADN: 2}
    assert keys(state) == {GB: 5, SPAIN: 4, ADS: 7, ADN: 8}
    assert state.year == 1812 and POWERS[state.marker] == GB and state.round == 1


def test_2_3_1813_markers_and_resources() -> None:
    """TC-33, TC-34: 1813 Resources GB 3, AdS 0, Spain 1, AdN 1; Keys GB 5, Spain 8, AdS 4,
    AdN 7; the French bonus reduced by #38 (§F.3)."""
    state = new("1813").state
    assert state.resources == {GB: 3, ADS: 0, SPAIN: 1, ADN: 1}
    assert keys(state) == {GB: 5, SPAIN: 8, ADS: 4, ADN: 7}
    assert state.year == 1813 and state.french_bonus_reduced


def test_2_4_initial_hands_1812() -> None:
    """2.4: national cards first (GB 3, the others 2), then 6 common cards each; the rest of
    the 86 common cards form the deck; the undealt national cards wait face down."""
    state = new("1812").state
    for power in POWERS:
        held = hands.hand(state, power)
        nationals = [n for n in held if hands.is_national(n)]
        assert len(nationals) == (3 if power == GB else 2)
        assert len(held) - len(nationals) == 6
        assert all(hands.national_of(n) == (FRENCH if power in (ADS, ADN) else power)
                   for n in nationals)
    assert len(state.piles.deck) == 86 - 24
    assert len(state.piles.boxes[NATIONAL_DECKS[FRENCH]]) == 12 - 4
    assert len(state.piles.boxes[NATIONAL_DECKS[GB]]) == 3
    assert len(state.piles.boxes[NATIONAL_DECKS[SPAIN]]) == 4
    cards.check_conserved(state.piles, range(1, 111))


def test_2_4_1813_removes_99_and_the_played_cards() -> None:
    """2.4.3, §F.3: #99 out before the national deal; #4, #6, #38 count as played; a common
    deck of 83."""
    state = new("1813").state
    assert sorted(state.piles.removed) == [4, 6, 38, 99]
    assert len(state.piles.deck) + 24 == 83
    assert 99 not in state.piles.boxes[NATIONAL_DECKS[FRENCH]]
    assert len(state.piles.boxes[NATIONAL_DECKS[FRENCH]]) == 11 - 4
    cards.check_conserved(state.piles, range(1, 111))


def test_f2_tutorial_positions() -> None:
    """§F.2: Wellington (5-9) with 1 artillery and 1 infantry and De España (1-4) with 1
    infantry at Ciudad Rodrigo, an Army Group under Wellington; Marmont at Valladolid."""
    state = new("1812").state
    assert state.commanders["wellington"] == "ciudad-rodrigo"
    assert state.commanders["de-espana"] == "ciudad-rodrigo"
    assert building.counters(state, "ciudad-rodrigo", GB) == [1, 0, 1]
    assert building.counters(state, "ciudad-rodrigo", SPAIN) == [1, 0, 0]
    assert state.leading["ciudad-rodrigo"] == "wellington"
    assert state.commanders["marmont"] == "valladolid"
    assert geo.controller(state, "ciudad-rodrigo") == ADN    # besieged fortress (3.1)


# --- 2.6 Substitution ---------------------------------------------------------------------------


def test_2_6_substitution_in_impulse_order_one_card_fewer() -> None:
    match = new("1812")
    assert isinstance(stack.top(match.state), Substitution) and match.state.active == [GB]
    nationals = [n for n in hands.hand(match.state, GB) if hands.is_national(n)]
    match.act(GB, Action("substitute"))
    held = hands.hand(match.state, GB)
    assert len(held) == 3 + 5 and all(n in held for n in nationals)
    frame = stack.top(match.state)
    assert isinstance(frame, Substitution) and frame.power == GB    # it may repeat
    match.act(GB, Action("substitute"))
    assert len(hands.hand(match.state, GB)) == 3 + 4
    match.act(GB, Action("keep"))
    assert match.state.active == [ADS]
    assert match.state.log[-1] == f"{GB} keeps its cards (2.6)."   # said to all, as at the table
    for power in (ADS, SPAIN, ADN):
        match.act(power, Action("keep"))
    assert isinstance(stack.top(match.state), ImpulseMenu)
    assert len(match.state.piles.discard) == 6 + 5             # G.15: to the discard pile


def test_2_6_g15_substitution_into_the_deck() -> None:
    match = new("1812", substitution_to_deck=True)
    deck = len(match.state.piles.deck)
    match.act(GB, Action("substitute"))
    assert not match.state.piles.discard
    assert len(match.state.piles.deck) == deck + 6 - 5


def test_2_6_must_play_cards_are_kept() -> None:
    match = new("1812")
    state = match.state
    must = next(n for n in state.piles.deck if hands.must_play(n))
    cards.move(state.piles, must, cards.DECK, f"hand:{GB}")
    stack.top(state).cards = [n for n in hands.hand(state, GB)
                              if not hands.is_national(n) and not hands.must_play(n)]
    match.act(GB, Action("substitute"))
    assert must in hands.hand(match.state, GB)


# --- 2.1 the Powers and the bid -------------------------------------------------------------------


def test_2_1_splits() -> None:
    assert powers.seats("2") == ((GB, SPAIN), (ADS, ADN))
    assert powers.seats("3-allies") == ((GB, SPAIN), (ADS,), (ADN,))
    assert powers.seats("3-french") == ((ADS, ADN), (GB,), (SPAIN,))
    assert len(powers.seats("4")) == 4
    assert powers.players_for("2", ["Ann", "Bob"]) == {GB: "Ann", SPAIN: "Ann", ADS: "Bob",
                                                       ADN: "Bob"}
    with pytest.raises(ValueError):
        powers.players_for("3-french", ["Ann", "Bob"])
    with pytest.raises(ValueError):
        powers.check_players("4", {GB: "Ann", ADS: "Ann", SPAIN: "Bob", ADN: "Cy"})
    powers.check_players("2", {GB: "Ann", SPAIN: "Ann", ADS: "Bob", ADN: "Bob"})


def test_2_1_bid_order_and_ties() -> None:
    """G.16: highest bid first; a tie rolls dice (again while tied)."""
    faces = iter([3, 3, 2, 5])          # seats 0 and 2 tie at 3, then roll 2 and 5
    assert powers.bid_order({0: 2, 1: 4, 2: 2}, lambda: next(faces)) == [1, 2, 0]


def test_2_1_bid_removal() -> None:
    match = new("1812", players="2", bid_sp=2, bid_winner=ADN)
    state = match.state
    frame = stack.top(state)
    assert isinstance(frame, BidRemoval) and frame.powers == [ADN, ADS]
    before = sum(building.sp(state, w, p) for w in state.troops for p in (ADS, ADN))
    with pytest.raises(IllegalAction):
        match.act(ADN, Action("remove", "lisbon|GB"))
    match.act(ADN, Action("remove", "madrid|AdN"))
    match.act(ADN, Action("remove", "valladolid|AdN"))
    after = sum(building.sp(match.state, w, p) for w in match.state.troops for p in (ADS, ADN))
    assert before - after >= 2
    assert isinstance(stack.top(match.state), Substitution)


def test_setup_is_reproducible() -> None:
    a, b = new(seed=7).state, new(seed=7).state
    assert a.piles.hands == b.piles.hands and a.piles.deck == b.piles.deck
    past_setup(new(seed=7))
