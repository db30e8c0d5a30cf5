"""core/cards.py: piles, drawing and dealing as undo barriers, reshuffles, hidden-information
filtering and dealing unseen cards anew for a computer player."""
from __future__ import annotations

import msgspec
import pytest

from core import cards, rng
from core.cards import CardError, Piles
from core.engine import State, clone

CATALOGUE = list(range(1, 21))


class CardState(State, kw_only=True):
    piles: Piles = msgspec.field(default_factory=Piles)


def game(seed: int = 1) -> CardState:
    state = CardState(game="cards", scenario="test", rng=rng.seed_state(seed))
    state.piles = cards.new_piles(CATALOGUE, ["A", "B"], aside=[19, 20], boxes=["war-ends"])
    cards.shuffle(state, state.piles.deck)
    return state


def test_new_piles_set_cards_aside_and_conserve_the_catalogue():
    state = game()
    assert sorted(state.piles.aside) == [19, 20] and len(state.piles.deck) == 18
    cards.check_conserved(state.piles, CATALOGUE)


def test_shuffle_advances_the_generator_and_is_reproducible():
    first, second = game(3), game(3)
    assert first.piles.deck == second.piles.deck != sorted(first.piles.deck)
    assert first.rng != rng.seed_state(3)


def test_deal_alternates_from_the_top_and_bumps_reveals():
    state = game()
    top = list(reversed(state.piles.deck))[:5]
    dealt = cards.deal(state, state.piles, {"A": 3, "B": 2})
    assert dealt == {"A": [top[0], top[2], top[4]], "B": [top[1], top[3]]}
    assert state.reveals == 1
    cards.check_conserved(state.piles, CATALOGUE)


def test_draw_stops_when_the_deck_runs_out():
    state = game()
    drawn = cards.draw(state, state.piles, "A", 30)
    assert len(drawn) == 18 and state.piles.deck == [] and state.reveals == 1
    assert cards.draw(state, state.piles, "B", 1) == [] and state.reveals == 1


def test_move_refuses_a_card_that_is_elsewhere():
    state = game()
    card = state.piles.deck[-1]
    cards.move(state.piles, card, cards.DECK, "war-ends")
    assert state.piles.where(card) == "war-ends"
    with pytest.raises(CardError, match=f"card {card} is not in deck \\(it is in war-ends\\)"):
        cards.move(state.piles, card, cards.DECK, cards.DISCARD)


def test_reshuffle_brings_the_discard_and_named_cards_back():
    state = game()
    cards.draw(state, state.piles, "A", 5)
    for card in list(state.piles.hands["A"][:3]):
        cards.move(state.piles, card, "hand:A", cards.DISCARD)
    before = state.rng
    cards.reshuffle(state, state.piles, also=[19, 20])  # the set-aside cards enter the game
    assert state.piles.discard == [] and state.piles.aside == []
    assert len(state.piles.deck) == 13 + 3 + 2 and state.rng != before
    cards.check_conserved(state.piles, CATALOGUE)


def test_take_at_random_is_a_barrier_and_leaves_the_card_in_hand():
    state = game()
    cards.draw(state, state.piles, "B", 4)
    card = cards.take_at_random(state, state.piles, "B")
    assert card in state.piles.hands["B"] and state.reveals == 2
    assert cards.take_at_random(state, state.piles, "A") is None


def test_check_conserved_names_what_is_missing_and_duplicated():
    state = game()
    state.piles.deck.remove(5)
    state.piles.discard.append(7)
    with pytest.raises(CardError, match=r"missing \[5\], duplicated or unknown \[7\]"):
        cards.check_conserved(state.piles, CATALOGUE)


def test_a_role_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = game()
    cards.deal(state, state.piles, {"A": 4, "B": 3})
    assert cards.hand_of(state.piles, "A") == state.piles.hands["A"]
    assert cards.hand_of(state.piles, None) is None
    assert cards.hand_sizes(state.piles) == {"A": 4, "B": 3}
    shown = cards.face_up(state.piles, hidden_boxes=["war-ends"])
    assert set(shown) == {"discard", "removed"}
    assert set(cards.unseen_by(state.piles, "A")) == (
        set(state.piles.deck) | set(state.piles.hands["B"]) | {19, 20})


def test_deal_unseen_keeps_what_the_role_sees_and_every_size():
    state = game()
    cards.deal(state, state.piles, {"A": 4, "B": 3})
    cards.move(state.piles, state.piles.deck[-1], cards.DECK, cards.DISCARD)
    generator = type("G", (), {"rng": rng.seed_state(9)})()
    seen_hand, seen_discard = list(state.piles.hands["A"]), list(state.piles.discard)
    samples = [cards.deal_unseen(state.piles, "A", generator) for _ in range(20)]
    for new in samples:
        assert new.hands["A"] == seen_hand and new.discard == seen_discard
        assert len(new.hands["B"]) == 3 and len(new.deck) == len(state.piles.deck)
        assert new.aside == state.piles.aside
        cards.check_conserved(new, CATALOGUE)
    assert len({tuple(new.hands["B"]) for new in samples}) > 1  # B's hand really is re-dealt
    assert state.piles.hands["A"] == seen_hand  # the original is untouched


def test_deal_unseen_does_not_depend_on_where_the_unseen_cards_are():
    """Two positions that differ only in B's hidden hand (swapped with deck cards) give the
    same deal for the same seed: the computer's sample cannot tell them apart."""
    state = game()
    cards.deal(state, state.piles, {"A": 4, "B": 3})
    other = clone(state)
    b_hand, deck = other.piles.hands["B"], other.piles.deck
    b_hand[0], deck[0] = deck[0], b_hand[0]
    deals = [cards.deal_unseen(s.piles, "A", type("G", (), {"rng": rng.seed_state(5)})())
             for s in (state, other)]
    assert deals[0].hands == deals[1].hands and deals[0].deck == deals[1].deck


def test_deal_unseen_keeps_cards_the_role_knows():
    state = game()
    cards.deal(state, state.piles, {"A": 2, "B": 2})
    known = state.piles.hands["B"][0]
    generator = type("G", (), {"rng": rng.seed_state(2)})()
    for _ in range(10):
        assert cards.deal_unseen(state.piles, "A", generator, fixed=[known]).hands["B"][0] == known


def test_piles_survive_a_state_copy_independently():
    state = game()
    copy = clone(state)
    cards.draw(copy, copy.piles, "A", 2)
    assert state.piles.hands["A"] == [] and len(copy.piles.hands["A"]) == 2
