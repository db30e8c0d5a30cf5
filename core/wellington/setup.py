"""Wellington set-up (2, §F): the state built from the set-up data (forces.deployment), the
cards dealt (2.4: national cards first, then 6 common cards each), then the bid's removal
(2.1) and Substitution (2.6) in impulse order, as stops.

1813 (2.4, §F.3): #99 is removed before the national cards are dealt; #4, #6 and #38 count as
played in 1812 (removed, face up beside the Regroup Box: #4 and #38 modify the Appeal to the
Emperor); the French nationality bonus is +1 (#38, 11.3).
"""
from __future__ import annotations

from core import cards, rng, stack
from core.engine import Action, Choice
from core.wellington import building, forces, hands
from core.wellington import flags as geo
from core.wellington.frames.turn import BidRemoval, Setup, Substitution
from core.wellington.options import WellingtonOptions
from core.wellington.powers import bidder_powers
from core.wellington.state import CARD_BOXES, NATIONAL_DECKS, POWERS, WellingtonState

GAME_ID = "wellington"
SCENARIOS = ("1812", "1813")


def new_state(seed: int, scenario: str, options: WellingtonOptions) -> WellingtonState:
    """2.2-2.4: pieces, markers, Resources and the cards."""
    data = forces.deployment(scenario)
    start = data.scenario
    state = WellingtonState(game=GAME_ID, scenario=scenario, options=options,
                            rng=rng.seed_state(seed), start_year=start.year, year=start.year)
    state.troops = {where: {p: list(c) for p, c in by.items()}
                    for where, by in data.troops.items()}
    state.commanders = dict(data.commanders)
    state.leading = dict(data.leading)
    state.flags = dict(data.flags)
    state.resources = dict(data.resources)
    state.marker = POWERS.index(start.first_impulse)
    state.french_bonus_reduced = start.french_nationality_bonus < 2
    out = [*start.removed_cards, *start.played_cards]
    state.piles = cards.new_piles(hands.common_cards(), POWERS, boxes=CARD_BOXES)
    state.piles.removed.extend(n for n in out if not hands.is_national(n))
    for number in out:
        if number in state.piles.deck:
            state.piles.deck.remove(number)
    for key, box in NATIONAL_DECKS.items():
        pile = state.piles.boxes[box]
        for number in hands.national_cards(key):
            if number in out:
                state.piles.removed.append(number)
            else:
                pile.append(number)
        cards.shuffle(state, pile)
    for power in POWERS:                                   # 2.4.1: national cards first
        hands.deal_nationals(state, power)
    cards.shuffle(state, state.piles.deck)                 # 2.4.4: 6 common cards each
    cards.deal(state, state.piles, {p: hands.COMMON_DEAL for p in POWERS})
    state.log.append(f"Wellington, {scenario}: set-up (2.2-2.4); {start.first_impulse} has "
                     "the first impulse.")
    return state


# --- 2.1 the bid -----------------------------------------------------------------------------


def begin_bid(state: WellingtonState, frame: Setup) -> None:
    powers = bidder_powers(state.options.players, state.options.bid_winner)
    if state.options.bid_sp > 0 and powers:
        removal = BidRemoval(powers=powers, left=state.options.bid_sp)
        if bid_choices(state, removal):
            stack.push(state, removal)


def bid_choices(state: WellingtonState, frame: BidRemoval) -> list[Choice]:
    out = []
    for where in state.troops:
        if not geo.on_map(where):
            continue
        for power in frame.powers:
            if building.sp(state, where, power):
                out.append(Choice(Action("remove", f"{where}|{power}"),
                                  f"Remove 1 {power} SP at {geo.name(where)} (2.1 bid, "
                                  f"{frame.left} left)", "removal"))
    return out


def _bid_remove(state: WellingtonState, frame: BidRemoval, noun: str) -> None:
    where, power = noun.split("|")
    lost = building.lose_sp(state, where, power, 1)
    frame.left -= lost
    state.log.append(f"{power} removes {lost} SP at {geo.name(where)} for its bid (2.1).")
    if frame.left <= 0 or not bid_choices(state, frame):
        stack.done(state, frame)


BID_REMOVAL = stack.Stop(
    role=lambda state, frame: frame.powers[0],
    prompt=lambda state, frame: (f"{' and '.join(frame.powers)}: you won the bid; remove "
                                 f"{frame.left} more SP of your soldiers (2.1)."),
    choices=bid_choices,
    handlers={"remove": _bid_remove},
)


# --- 2.6 Substitution (also 16.42) ------------------------------------------------------------


def begin_substitution(state: WellingtonState, frame: Setup) -> None:
    """2.6: in impulse order, each Power keeps its hand or gives back every card but its
    national and Must-Play cards."""
    for power in reversed(POWERS):
        held = substitutable(state, power)
        if held:
            stack.push(state, Substitution(power=power, cards=held))


def substitutable(state: WellingtonState, power: str) -> list[int]:
    return [n for n in hands.hand(state, power)
            if not hands.is_national(n) and not hands.must_play(n)]


def substitution_choices(state: WellingtonState, frame: Substitution) -> list[Choice]:
    out = [Choice(Action("keep"), "Keep these cards (2.6)", "turn")]
    if frame.cards:
        out.append(Choice(Action("substitute"), f"Give back {len(frame.cards)} cards and draw "
                          f"{len(frame.cards) - 1} (2.6)", "card"))
    return out


def _substitute(state: WellingtonState, frame: Substitution, _noun: None) -> None:
    power = frame.power
    given = list(frame.cards)
    target = cards.DECK if state.options.substitution_to_deck else cards.DISCARD
    for number in given:
        cards.move(state.piles, number, hands.holder(state, power), target)
    if target == cards.DECK:
        cards.shuffle(state, state.piles.deck)
    before = set(hands.hand(state, power))
    drawn = hands.draw(state, power, len(given) - 1)
    state.log.append(f"{power} substitutes {len(given)} cards and draws {drawn} (2.6).")
    frame.cards = [n for n in hands.hand(state, power)
                   if n not in before and not hands.must_play(n)]
    if not frame.cards:
        stack.done(state, frame)


def _keep(state: WellingtonState, frame: Substitution, _noun: None) -> None:
    state.log.append(f"{frame.power} keeps its cards (2.6).")
    stack.done(state, frame)


SUBSTITUTION = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: keep your hand, or substitute it for one "
                                 f"card fewer (2.6)?"),
    choices=substitution_choices,
    handlers={"keep": _keep, "substitute": _substitute},
)

SETUP = stack.Steps((begin_bid, begin_substitution))

FLOW: stack.Flow = {Setup: SETUP, BidRemoval: BID_REMOVAL, Substitution: SUBSTITUTION}
