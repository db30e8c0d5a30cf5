"""Cards and hidden information (../shared/DESIGN.md, "The shared core": Cards).

A card game keeps one `Piles` in its state: the draw deck, the discard pile, the removed
cards, cards set aside until later, each role's hand and any named card boxes of the board
(Washington's War's War Ends box, Wellington's national decks...). Cards are numbers; what a
number means (title, value, text) is the game's catalogue.

Every change goes through the functions here, so the two rules of hidden information hold in
one place:

- **Undo barriers.** Shuffling advances the state's generator; drawing, dealing, taking a card
  at random and revealing bump `state.reveals`. `Match` never undoes across either.
- **Filtering.** `hand_of`, `hand_sizes` and `face_up` are all a view may show: a role's own
  hand, the other hands as counts, and the face-up piles. The deck's order and other hands are
  never shown; a game's log names a card only when it is played or revealed face up.

`deal_unseen` is what a computer player needs (core/ai): the same position with every card a
role cannot see dealt anew, keeping every hand's and the deck's size.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Protocol

import msgspec

from core import rng

Card = int
DECK = "deck"
DISCARD = "discard"
REMOVED = "removed"
ASIDE = "aside"
FACE_UP = (DISCARD, REMOVED)  # piles every role sees, besides the game's face-up boxes


class CardError(Exception):
    """A card is not where a rule says it is (a bug in the game, never a player's error)."""


class Holder(Protocol):
    """A game state: its generator and its undo barrier for reveals."""

    rng: int
    reveals: int


class Piles(msgspec.Struct, kw_only=True):
    """Where every card is. Lists are ordered: the deck's last card is its top."""

    deck: list[Card] = []
    discard: list[Card] = []
    removed: list[Card] = []
    aside: list[Card] = []
    hands: dict[str, list[Card]] = {}
    boxes: dict[str, list[Card]] = {}   # named boxes of the board, face up unless a game hides one

    def pile(self, name: str) -> list[Card]:
        """A pile by name: deck, discard, removed, aside, a role's hand ("hand:ROLE") or a box."""
        if name in (DECK, DISCARD, REMOVED, ASIDE):
            return getattr(self, name)
        if name.startswith("hand:"):
            return self.hands[name[len("hand:"):]]
        return self.boxes[name]

    def where(self, card: Card) -> str:
        """The name of the pile holding `card`; CardError if none does."""
        for name in (DECK, DISCARD, REMOVED, ASIDE):
            if card in getattr(self, name):
                return name
        for role, hand in self.hands.items():
            if card in hand:
                return f"hand:{role}"
        for box, cards in self.boxes.items():
            if card in cards:
                return box
        raise CardError(f"card {card} is nowhere")

    def every_card(self) -> list[Card]:
        """All the cards, wherever they are (for the conservation invariant)."""
        out = [*self.deck, *self.discard, *self.removed, *self.aside]
        for hand in self.hands.values():
            out += hand
        for cards in self.boxes.values():
            out += cards
        return out


def new_piles(deck: Iterable[Card], roles: Iterable[str], aside: Iterable[Card] = (),
              boxes: Iterable[str] = ()) -> Piles:
    """Piles at the start of a game: the deck in the given order (shuffle it next), empty hands,
    the set-aside cards and empty named boxes."""
    kept = list(aside)
    return Piles(deck=[c for c in deck if c not in kept], aside=kept,
                 hands={role: [] for role in roles}, boxes={box: [] for box in boxes})


def check_conserved(piles: Piles, catalogue: Iterable[Card]) -> None:
    """Every card of the catalogue is in exactly one place (CardError naming the difference)."""
    have, want = Counter(piles.every_card()), Counter(catalogue)
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        raise CardError(f"cards not conserved: missing {missing}, duplicated or unknown {extra}")


# --- moving cards ------------------------------------------------------------------------


def shuffle(state: Holder, cards: list[Card]) -> None:
    """Shuffle a pile in place with the state's generator (an undo barrier)."""
    rng.shuffle(state, cards)


def move(piles: Piles, card: Card, source: str, target: str, top: bool = True) -> None:
    """Move `card` from pile `source` to pile `target` (its top, or its bottom)."""
    held = piles.pile(source)
    if card not in held:
        raise CardError(f"card {card} is not in {source} (it is in {piles.where(card)})")
    held.remove(card)
    destination = piles.pile(target)
    if top:
        destination.append(card)
    else:
        destination.insert(0, card)


def draw(state: Holder, piles: Piles, role: str, count: int = 1) -> list[Card]:
    """`role` draws up to `count` cards from the top of the deck (fewer if it runs out; the
    game decides when to reshuffle). Each draw reveals a card to its drawer."""
    drawn: list[Card] = []
    for _ in range(count):
        if not piles.deck:
            break
        card = piles.deck.pop()
        piles.hands[role].append(card)
        drawn.append(card)
    if drawn:
        state.reveals += 1
    return drawn


def deal(state: Holder, piles: Piles, counts: dict[str, int]) -> dict[str, list[Card]]:
    """Deal `counts[role]` cards to each role, one at a time in turn, from the top of the deck."""
    dealt: dict[str, list[Card]] = {role: [] for role in counts}
    for round_ in range(max(counts.values(), default=0)):
        for role, count in counts.items():
            if round_ < count and piles.deck:
                card = piles.deck.pop()
                piles.hands[role].append(card)
                dealt[role].append(card)
    if any(dealt.values()):
        state.reveals += 1
    return dealt


def reshuffle(state: Holder, piles: Piles, also: Iterable[Card] = ()) -> None:
    """The discard pile (and the cards `also` brings back from elsewhere, e.g. set-aside cards
    entering the game) shuffled into the deck (an undo barrier)."""
    returning = list(also)
    for card in returning:
        piles.pile(piles.where(card)).remove(card)
    piles.deck.extend(piles.discard)
    piles.deck.extend(returning)
    piles.discard.clear()
    shuffle(state, piles.deck)


def take_at_random(state: Holder, piles: Piles, role: str) -> Card | None:
    """A card taken from `role`'s hand at random (an event's random discard); None if empty.
    The card is still in the hand: the caller moves it where the rule says."""
    hand = piles.hands[role]
    if not hand:
        return None
    card = hand[rng.randbelow(state, len(hand))]
    state.reveals += 1
    return card


def reveal(state: Holder) -> None:
    """Hidden information has just become known (a card shown face up): an undo barrier."""
    state.reveals += 1


# --- what a role may see -----------------------------------------------------------------


def hand_of(piles: Piles, role: str | None) -> list[Card] | None:
    """`role`'s own hand (a copy), or None for a spectator or a role without one."""
    if role is None or role not in piles.hands:
        return None
    return list(piles.hands[role])


def hand_sizes(piles: Piles) -> dict[str, int]:
    """How many cards each role holds: what every role may know of the other hands."""
    return {role: len(hand) for role, hand in piles.hands.items()}


def face_up(piles: Piles, hidden_boxes: Iterable[str] = ()) -> dict[str, list[Card]]:
    """The piles every role sees: discard, removed and the board's boxes except
    `hidden_boxes` (copies, top card last)."""
    hidden = set(hidden_boxes)
    shown = {name: list(piles.pile(name)) for name in FACE_UP}
    shown.update({box: list(cards) for box, cards in piles.boxes.items() if box not in hidden})
    return shown


def unseen_by(piles: Piles, role: str, hidden_boxes: Iterable[str] = ()) -> list[Card]:
    """The cards `role` cannot see: the deck, the set-aside cards, the other hands and the
    hidden boxes."""
    out = [*piles.deck, *piles.aside]
    for other, hand in piles.hands.items():
        if other != role:
            out += hand
    for box in hidden_boxes:
        out += piles.boxes[box]
    return out


def deal_unseen(piles: Piles, role: str, generator: rng.HasRng,
                hidden_boxes: Iterable[str] = (), fixed: Iterable[Card] = ()) -> Piles:
    """A copy of `piles` with every card `role` cannot see dealt anew at random among the
    places it cannot see (the deck, the other hands, the hidden boxes), each keeping its size.
    The set-aside cards stay put (the rules say which they are); `fixed`: unseen cards whose
    place `role` knows all the same (a card the game revealed to it) also stay put."""
    hidden = list(hidden_boxes)
    keep = set(fixed) | set(piles.aside)
    new = msgspec.structs.replace(
        piles, deck=list(piles.deck), hands={r: list(h) for r, h in piles.hands.items()},
        boxes={b: list(c) for b, c in piles.boxes.items()})
    places: list[list[Card]] = [new.deck, *(h for r, h in new.hands.items() if r != role),
                                *(new.boxes[b] for b in hidden)]
    # sorted first: the deal must not depend on where the unseen cards really are (the same
    # seed and view give the same deal whatever the hidden hands hold)
    pool = sorted(card for place in places for card in place if card not in keep)
    rng.shuffle(generator, pool)
    for place in places:
        for i, card in enumerate(place):
            if card not in keep:
                place[i] = pool.pop()
    return new
