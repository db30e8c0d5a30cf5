"""Wellington: hands and the cards' whereabouts (1.10, 2.4, 2.6, 4.21, 5.4, 5.7, 15.2, 16.4).

Every card a rule moves goes through here (core/cards.py underneath: draws and shuffles are
undo barriers). A Power's hand holds its common and its national cards together; the limit of
8 counts the common cards only (15.2, 16.43). What a card *is* (CP, "+", Must-Play, deck)
comes from core/wellington/deck.py (cards.toml); the accessors below are the only place the
engine reads it.
"""
from __future__ import annotations

from functools import cache

from core import cards, rng
from core.wellington import deck
from core.wellington.state import (FRENCH, GB, IN_PLAY, NATIONAL_DECKS, POWERS, RESERVES, SIDE,
                                   SPAIN, WellingtonState, deck_key)

HAND_LIMIT = 8                 # 15.2, 16.43: national cards not counted
COMMON_DEAL = 6                # 2.4, 16.41
NATIONAL_DEAL = {GB: 3}        # 2.4, 16.44: GB 3, every other Power 2
NATIONAL_DEAL_OTHERS = 2


# --- what a card is ----------------------------------------------------------------------


def title(number: int) -> str:
    """'#26 Italian Adventure': for cards every Power may see (played, discarded, removed)."""
    return f"#{number} {deck.card(number).title}"


def cp(number: int) -> int:
    """The card's CP value (5.5); 0 for a Must-Play card, which has none (5.8)."""
    return deck.card(number).cp or 0


def is_plus(number: int) -> bool:
    """5.6: a "+" card may be played in addition to another card."""
    return "+" in deck.card(number).type


def is_response(number: int) -> bool:
    """5.2: a Response event may be played in any impulse."""
    return number in response_cards()


@cache
def response_cards() -> frozenset[int]:
    """The numbers of the Response cards (`is_response`), read once."""
    return frozenset(c.number for c in deck.CARDS if "R" in c.type)


def is_battle(number: int) -> bool:
    """5.3, 11.1: a battle card."""
    return "B" in deck.card(number).type


def must_play(number: int) -> bool:
    """5.8: a Must-Play card (no CP; only as an event; never discarded voluntarily)."""
    return bool(deck.card(number).must_play)


def national_of(number: int) -> str:
    """The national deck of a card: GB, Spain or FRENCH; "" for a common card (1.10)."""
    return {"gb": GB, "spain": SPAIN, "french": FRENCH}.get(deck.card(number).deck, "")


def is_national(number: int) -> bool:
    return bool(national_of(number))


def removed_after_event(number: int) -> bool:
    """5.7: a red-circle card leaves play once its event is played."""
    return bool(deck.card(number).remove_after_play)


def common_cards() -> list[int]:
    return [c.number for c in deck.CARDS if not national_of(c.number)]


def national_cards(key: str) -> list[int]:
    return [c.number for c in deck.CARDS if national_of(c.number) == key]


# --- hands ------------------------------------------------------------------------------------


def hand(state: WellingtonState, power: str) -> list[int]:
    return state.piles.hands[power]


def common_in_hand(state: WellingtonState, power: str) -> int:
    """The cards counted against the limit of 8 (15.2, 16.43): national cards excluded."""
    return sum(1 for n in hand(state, power) if not is_national(n))


def holder(state: WellingtonState, power: str) -> str:
    return f"hand:{power}"


def refill_deck(state: WellingtonState) -> bool:
    """The deck has run out during a turn: the discard pile is shuffled into a new deck
    (reading R1, docs/wellington-engine.md: the rules do not say; 16.41 does it at every
    Interphase anyway). False when there is nothing to shuffle."""
    if state.piles.deck:
        return True
    if not state.piles.discard:
        return False
    cards.reshuffle(state, state.piles)
    state.log.append(f"The draw deck ran out: the discard pile is shuffled into a new deck "
                     f"of {len(state.piles.deck)} cards.")
    return True


def draw(state: WellingtonState, power: str, count: int) -> int:
    """`power` draws `count` common cards (fewer if the deck and discard run out)."""
    drawn = 0
    while drawn < count and refill_deck(state):
        drawn += len(cards.draw(state, state.piles, power, 1))
    return drawn


def deal_nationals(state: WellingtonState, power: str) -> int:
    """2.4, 16.44: `power` draws its national cards from its (shuffled) national deck."""
    box = NATIONAL_DECKS[deck_key(power)]
    count = NATIONAL_DEAL.get(power, NATIONAL_DEAL_OTHERS)
    dealt = 0
    for _ in range(count):
        pile = state.piles.boxes[box]
        if not pile:
            break
        cards.move(state.piles, pile[-1], box, holder(state, power))
        dealt += 1
    if dealt:
        cards.reveal(state)
    return dealt


def leave_hand(state: WellingtonState, power: str, number: int) -> None:
    """The card played leaves its hand for the in-play box until its use sends it on."""
    cards.move(state.piles, number, holder(state, power), IN_PLAY)


def finish_card(state: WellingtonState, number: int, as_event: bool) -> None:
    """Where a card goes once played (4.21, 5.4, 5.7): a national card to its Reserve, a
    red-circle card played as its event beside the Regroup Box (removed), any other common
    card to the discard pile. Events with another destination (kept, given away) move the
    card themselves."""
    if number not in state.piles.boxes[IN_PLAY]:
        return
    national = national_of(number)
    if as_event and removed_after_event(number):
        target = cards.REMOVED
    elif national:
        target = RESERVES[national]
    else:
        target = cards.DISCARD
    cards.move(state.piles, number, IN_PLAY, target)


def discard_from_hand(state: WellingtonState, power: str, number: int) -> None:
    """A card leaves a hand unplayed (16.43 excess, substitution): a national card to its
    Reserve, a common card to the discard pile."""
    national = national_of(number)
    cards.move(state.piles, number, holder(state, power),
               RESERVES[national] if national else cards.DISCARD)


def random_common(state: WellingtonState, power: str) -> int | None:
    """A non-national card taken at random from `power`'s hand (5.4: never a national card);
    None if it holds none. The card stays in the hand: the caller moves it."""
    pool = [n for n in hand(state, power) if not is_national(n)]
    if not pool:
        return None
    card = pool[rng.randbelow(state, len(pool))]
    state.reveals += 1
    return card


def gather_nationals(state: WellingtonState, key: str) -> None:
    """16.44 (G.42): every national card of deck `key` (its Reserve, and any still in the
    hands of its Powers) returns to its national deck, shuffled."""
    box = NATIONAL_DECKS[key]
    for number in list(state.piles.boxes[RESERVES[key]]):
        cards.move(state.piles, number, RESERVES[key], box)
    for power in POWERS:
        if deck_key(power) != key:
            continue
        for number in [n for n in hand(state, power) if national_of(n) == key]:
            cards.move(state.piles, number, holder(state, power), box)
    cards.shuffle(state, state.piles.boxes[box])


def sides_cards(state: WellingtonState, side: str) -> int:
    return sum(len(hand(state, p)) for p in POWERS if SIDE[p] == side)
