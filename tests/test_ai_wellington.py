"""The computer player for Wellington (issue 11): legal in both scenarios for every Power and
level, honest with the hidden hands, its evaluation counting VP as rule 19 does, and the
dealing of unseen cards keeping what the deciding Power's player sees."""
from __future__ import annotations

import msgspec
import pytest

import core.ai as ai
from core import rng
from core.engine import Match, clone
from core.wellington import evaluate as ev
from core.wellington import flags as geo
from core.wellington import hands, powers, victory
from core.wellington.frames.events import EventChoice
from core.wellington.frames.turn import Substitution
from core.wellington.rules import RULES
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, NATIONAL_DECKS, POWERS,
                                   RESERVES, SIDE, SPAIN, deck_key)


class Chooser:
    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)


def random_step(match: Match, chooser: Chooser) -> None:
    role = match.active[0]
    choices = match.actions(role)
    match.act(role, choices[rng.randbelow(chooser, len(choices))].action)


def played(scenario: str, seed: int, actions: int, options: dict | None = None) -> Match:
    """A game after `actions` random actions."""
    match = Match.new(RULES, seed=seed, scenario=scenario, options=options or {})
    chooser = Chooser(seed)
    while match.result is None and len(match.history) < actions:
        random_step(match, chooser)
    return match


# --- legal play --------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", RULES.scenarios())
@pytest.mark.parametrize("power", POWERS)
def test_the_computer_only_plays_legal_actions(scenario, power):
    """The computer (easy) as one Power against random play, 60 actions of a game: Match.act
    refuses an illegal action (no `legal=` shortcut for the computer's moves)."""
    match = Match.new(RULES, seed=11, scenario=scenario)
    chooser = Chooser(11)
    asked = 0
    while match.result is None and len(match.history) < 60:
        role = match.active[0]
        if role == power and len(match.actions(role)) > 1:
            match.act(role, ai.choose(match, role, "easy", seed=len(match.history)))
            asked += 1
        else:
            random_step(match, chooser)
    assert asked > 0


@pytest.mark.parametrize("level, scenario, powers", [("normal", "1812", 2), ("normal", "1813", 2),
                                                     ("hard", "1813", 1)])
def test_every_level_answers_with_a_legal_action(level, scenario, powers):
    """Normal and hard from a position a few random actions into the game, for the first
    Powers that have a choice to make on the way."""
    match = Match.new(RULES, seed=5, scenario=scenario)
    chooser = Chooser(5)
    seen: set[str] = set()
    while match.result is None and len(match.history) < 40 and len(seen) < powers:
        role = match.active[0]
        choices = match.actions(role)
        if len(choices) > 1 and role not in seen:
            seen.add(role)
            action = ai.choose(match, role, level, seed=3)
            assert action in [c.action for c in choices]
            match.act(role, action)
        else:
            random_step(match, chooser)
    assert seen


@pytest.mark.parametrize("split", ["2", "3-allies", "3-french"])
def test_the_computer_plays_every_split(split):
    """2.1: one player holding two Powers; every Power played by the computer (easy). The
    players sit as the split says (one name per seat, both Powers of a two-Power seat), and
    the computer's decisions come from every seat in the first 40 actions."""
    seats = powers.seats(split)
    names = [f"player {i + 1}" for i in range(len(seats))]
    match = Match.new(RULES, seed=4, scenario="1813", options={"players": split},
                      players=powers.players_for(split, names))
    assert {power: match.players[power] for seat in seats for power in seat} == \
        {power: name for seat, name in zip(seats, names) for power in seat}
    assert len(seats) == (2 if split == "2" else 3) and max(map(len, seats)) == 2
    decided: dict[str, int] = {}
    while match.result is None and len(match.history) < 40:
        role = match.active[0]
        action = ai.choose(match, role, "easy", seed=len(match.history))
        assert action in [c.action for c in match.actions(role)]
        match.act(role, action)
        decided[match.players[role]] = decided.get(match.players[role], 0) + 1
    assert set(decided) == set(names) and len(match.history) == 40


# --- honest play ----------------------------------------------------------------------------


def swap_hand(state, power: str) -> None:
    """`power`'s common cards exchanged in place for cards of the deck (same sizes). Must-Play
    cards stay out of the exchange: the tracks show who holds the most cards that can be
    played (4.22, reading R2), which a Must-Play card that cannot be played changes."""
    piles = state.piles

    def plain(n: int) -> bool:
        return not hands.is_national(n) and not hands.must_play(n)

    held = [i for i, n in enumerate(piles.hands[power]) if plain(n)]
    spare = [i for i, n in enumerate(piles.deck) if plain(n)]
    for i, slot in zip(held, spare):
        piles.hands[power][i], piles.deck[slot] = piles.deck[slot], piles.hands[power][i]


def with_other_hand(match: Match, power: str) -> Match:
    """The same game and position with `power`'s common cards exchanged for cards of the deck
    (the positions it may still go back to alike): the other Powers' views are unchanged."""
    other = Match.replay(RULES, match.header, match.history)
    assert other.state == match.state
    other._undo = [(clone(state), at) for state, at in match._undo]
    for state in [other.state, *(state for state, _ in other._undo)]:
        swap_hand(state, power)
    return other


def decision_for(power: str, seed: int) -> Match:
    """A 1812 game at a decision of `power` with several choices, past the set-up."""
    match = Match.new(RULES, seed=seed, scenario="1812")
    chooser = Chooser(seed)
    while not (match.active and match.active[0] == power and len(match.history) > 20
               and len(match.actions(power)) > 1):
        random_step(match, chooser)
    return match


@pytest.mark.parametrize("power, hidden", [(GB, ADN), (ADN, SPAIN), (SPAIN, GB), (ADS, ADN)])
def test_another_powers_hand_changes_neither_view_nor_decision(power, hidden):
    """Two positions differing only in another Power's hidden cards (an enemy's, or in the
    four-player game a partner's) give the same view, evaluation and decision."""
    plain = decision_for(power, 3)
    other = with_other_hand(plain, hidden)
    assert plain.state.piles.hands[hidden] != other.state.piles.hands[hidden]
    assert repr(plain.view(power)) == repr(other.view(power))
    assert RULES.evaluate_all(plain.state) == RULES.evaluate_all(other.state)
    for seed in range(3):   # the unseen cards dealt anew alike, whatever they were
        assert RULES.determinize(plain.state, power, Chooser(seed)) == \
            RULES.determinize(other.state, power, Chooser(seed))
    for level in ("easy", "normal"):
        assert ai.choose(plain, power, level, seed=5) == ai.choose(other, power, level, seed=5)
    assert ai.choose(plain, power, "easy") == ai.choose(other, power, "easy")


def test_the_evaluation_reads_no_card_identity():
    """The values depend on hand sizes only: every card of every hand and of the deck
    exchanged leaves them as they were."""
    match = played("1813", 6, 80)
    state = clone(match.state)
    piles = state.piles
    everything = piles.deck + [n for p in POWERS for n in piles.hands[p]]
    everything.reverse()
    piles.deck[:] = everything[:len(piles.deck)]
    rest = everything[len(piles.deck):]
    for p in POWERS:
        size = len(piles.hands[p])
        piles.hands[p][:], rest = rest[:size], rest[size:]
    assert RULES.evaluate_all(state) == RULES.evaluate_all(clone(match.state))


# --- dealing the unseen cards ------------------------------------------------------------------


@pytest.mark.parametrize("split, role, seen", [("4", GB, {GB}), ("2", SPAIN, {GB, SPAIN}),
                                               ("3-french", ADS, {ADS, ADN})])
def test_determinize_keeps_what_the_player_sees(split, role, seen):
    match = played("1812", 7, 50, {"players": split})
    state = match.state
    changed = False
    for seed in range(6):
        new = RULES.determinize(state, role, Chooser(seed))
        assert sorted(new.piles.every_card()) == sorted(state.piles.every_card())
        for p in POWERS:
            hand, was = new.piles.hands[p], state.piles.hands[p]
            if p in seen:
                assert hand == was
            else:
                changed |= hand != was
            assert len(hand) == len(was)
            assert sum(map(hands.is_national, hand)) == sum(map(hands.is_national, was))
            assert all(hands.national_of(n) in ("", deck_key(p)) for n in hand)
        for name in ("removed", "aside"):
            assert getattr(new.piles, name) == getattr(state.piles, name)
        assert len(new.piles.discard) == len(state.piles.discard)
        assert new.piles.discard[-1:] == state.piles.discard[-1:]   # 4.21: the top is shown
        assert len(new.piles.deck) == len(state.piles.deck)
        for key in NATIONAL_DECKS:
            for box in (NATIONAL_DECKS[key], RESERVES[key]):
                assert len(new.piles.boxes[box]) == len(state.piles.boxes[box])
                assert all(hands.national_of(n) == key for n in new.piles.boxes[box])
        assert new.piles.boxes["in-play"] == state.piles.boxes["in-play"]
        assert new.piles.boxes["in-effect"] == state.piles.boxes["in-effect"]
    assert changed


def test_determinize_renames_another_powers_substitution_cards():
    """2.6: a Substitution question of another Power names cards of its hand: after dealing
    they are cards of its new hand, the same number of them."""
    match = Match.new(RULES, seed=2, scenario="1812")
    frames = [f for f in match.state.stack if isinstance(f, Substitution)]
    assert frames
    for seed in range(4):
        new = RULES.determinize(match.state, GB, Chooser(seed))
        for frame in (f for f in new.stack if isinstance(f, Substitution)):
            old = next(f for f in frames if f.power == frame.power)
            assert len(frame.cards) == len(old.cards)
            assert set(frame.cards) <= set(new.piles.hands[frame.power])
            if frame.power == GB:
                assert frame.cards == old.cards


# --- the evaluation ---------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", RULES.scenarios())
def test_the_vp_are_counted_as_rule_19_counts_them(scenario):
    """The evaluation's control table equals flags.controller (3.1) and its VP victory.vp
    (19.2-19.4), all along a random game."""
    match = Match.new(RULES, seed=8, scenario=scenario)
    chooser = Chooser(8)
    checked = 0
    while match.result is None and len(match.history) < 400:
        random_step(match, chooser)
        owner = ev.control(match.state)
        assert owner == {d: geo.controller(match.state, d) for d in geo.duchies()}
        for p in POWERS:
            assert ev.vp(match.state, owner, p) == victory.vp(match.state, p)
        assert ev.spanish_bonus(owner) == victory.spanish_bonus(match.state)
        checked += 1
    assert checked >= 100                                # a real stretch of play was checked


def test_values_are_in_range_and_sides_oppose():
    """One player a side (split 2): partners share a value and the sides' values add to 1;
    four players: each Power's value is at most its side's, partners differing by their VP."""
    two = played("1812", 9, 120, {"players": "2"}).state
    values = RULES.evaluate_all(two)
    assert set(values) == set(POWERS)
    assert values[GB] == values[SPAIN] and values[ADS] == values[ADN]
    assert values[GB] + values[ADS] == pytest.approx(1.0)
    assert 0.0 < values[GB] < 1.0
    four = clone(two)
    four.options = msgspec.structs.replace(two.options, players="4")
    split = RULES.evaluate_all(four)
    for p in POWERS:
        assert 0.0 < split[p] <= values[p]
        assert RULES.evaluate(four, p) == split[p]
    owner = ev.control(four)
    ahead = GB if ev.vp(four, owner, GB) > ev.vp(four, owner, SPAIN) + ev.spanish_bonus(owner) \
        else SPAIN
    assert split[ahead] > split[SPAIN if ahead == GB else GB]


def test_a_finished_game_is_worth_its_result():
    match = played("1812", 10, 20)
    state = clone(match.state)
    state.result = "The French win: conquest of Spain (18.6)."
    assert RULES.evaluate_all(state) == {GB: 0.0, SPAIN: 0.0, ADS: 1.0, ADN: 1.0}
    state = clone(match.state)
    state.result = ("The Allies win: liberation of Spain (18.32). Spain wins individually "
                    "(12 VP, 19.1).")
    values = RULES.evaluate_all(state)
    assert values[SPAIN] == 1.0 and values[GB] == ev.PARTNER_SHARE
    assert values[ADS] == values[ADN] == 0.0


def test_holding_madrid_and_spanish_keys_is_the_18_6_threat():
    """18.6: d6 + 1 per 3 French Spanish Keys, 8+; 1812 (three turns to play): 11 Keys give
    +3, a 5 or 6 (1/3 a turn), with peace (a 6) ending the game first; no Madrid, no threat."""
    state = clone(Match.new(RULES, seed=1, scenario="1812").state)
    owner = ev.control(state)
    assert owner["madrid"] == ADN
    keys = sum(1 for d in ev.spanish_keys() if owner[d] and SIDE[owner[d]] == FRENCH)
    assert keys == 11
    third = 1 / 3
    go_on = (1 - third) * 5 / 6
    assert ev.conquest_threat(state, owner) == pytest.approx(
        third + go_on * third + go_on * go_on * third)
    owner["madrid"] = SPAIN
    assert ev.conquest_threat(state, owner) == 0.0


def test_taking_a_key_duchy_raises_the_side_that_takes_it():
    state = clone(Match.new(RULES, seed=1, scenario="1812").state)
    before = RULES.evaluate_all(state)
    state.flags["salamanca"] = GB          # an AdN Key duchy with no Formation of AdN
    state.troops.get("salamanca", {}).pop(ADN, None)
    for c, where in list(state.commanders.items()):
        if where == "salamanca":
            state.commanders[c] = "unbuilt"
    after = RULES.evaluate_all(clone(state))
    assert SIDE[GB] == ALLIES
    assert after[GB] > before[GB] and after[ADN] < before[ADN]


def test_a_formation_nearer_an_enemy_key_counts_more_for_its_side():
    """What a side could take next: an enemy Key duchy (Madrid, 2 VP) besieged, next door,
    three March Lines away, out of reach; the other side's Formations count against."""
    owner = {d: "" for d in geo.duchies()}
    owner["madrid"] = ADN
    next_door = geo.neighbours("madrid")[0]
    three = next(d for d in geo.duchies() if ev.wellington_map.distance("madrid", d) == 3)
    far = next(d for d in geo.duchies() if (ev.wellington_map.distance("madrid", d) or 0) > 5)
    values = [ev.reach(owner, {where: {ALLIES}}) for where in ("madrid", next_door, three, far)]
    assert values[0] > values[1] > values[2] > values[3] == 0.0
    assert values[0] == pytest.approx(2)   # Madrid: 2 VP (19.2), besieged: nearness 1
    assert ev.reach(owner, {next_door: {FRENCH}}) == 0.0
    owner["madrid"] = SPAIN
    assert ev.reach(owner, {next_door: {FRENCH}}) == -values[1]


def ask_for_cards(state, power: str, numbers: list[int]) -> None:
    """An event's question (as #18 asks) naming cards, on top of the stack."""
    state.stack.append(EventChoice(power=power, card=18, step="take",
                                   options=[str(n) for n in numbers],
                                   labels=[f"Take {hands.title(n)}" for n in numbers]))


def test_determinize_keeps_the_cards_the_players_own_question_shows():
    """#18/#104: the deciding Power is shown cards of its national deck it may take: they stay
    where they are (it sees them); the rest of what it cannot see is dealt anew."""
    state = clone(played("1812", 7, 50).state)
    box = NATIONAL_DECKS[FRENCH]
    shown = sorted(state.piles.boxes[box])
    assert shown
    ask_for_cards(state, ADN, shown)
    for seed in range(4):
        new = RULES.determinize(state, ADN, Chooser(seed))
        assert sorted(new.piles.boxes[box]) == shown
        assert new.stack[-1] == state.stack[-1]


def test_determinize_renames_the_cards_another_players_question_shows():
    """The same question asked of another player's Power names cards the deciding Power
    cannot see: they are renamed as dealt, each option still a card of that deck, label and
    noun alike."""
    state = clone(played("1812", 7, 50).state)
    box = NATIONAL_DECKS[FRENCH]
    ask_for_cards(state, ADS, sorted(state.piles.boxes[box]))
    renamed = False
    for seed in range(6):
        new = RULES.determinize(state, GB, Chooser(seed))
        frame = new.stack[-1]
        numbers = [int(n) for n in frame.options]
        assert sorted(numbers) == sorted(new.piles.boxes[box])
        assert frame.labels == [f"Take {hands.title(n)}" for n in numbers]
        renamed |= frame.options != state.stack[-1].options
    assert renamed


def test_warming_up_changes_nothing():
    """ai.warm_up, run when a game with a computer player opens: the match, its dice and the
    next decision are as without it."""
    match, other = played("1813", 12, 30), played("1813", 12, 30)
    before = (clone(match.state), len(match.history), match.state.rng)
    ai.warm_up(match)
    assert (match.state, len(match.history), match.state.rng) == before
    role = match.active[0]
    assert ai.choose(match, role, "easy", seed=2) == ai.choose(other, role, "easy", seed=2)
