"""Wellington: the turn and the impulse phase (4.1-4.24, 5.5-5.8, 15.2, 17.1), CP spending
(5.5, 6, 7), the end of the turn and the game (4.5, 18, 19) and the Interphase (16), rule by
rule with the seed's numbers (../shared/rules/wellington.md §I: TC-..). Random play over 2, 3
(both splits) and 4 players runs whole games. Positions are put in place with the helpers
below, then played through Match only; dice are scripted strictly.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import pytest

from core import cards, stack
from core.dice import scripted
from core.engine import Action, IllegalAction, Match
from core.playout import random_playout
from core.wellington import (building, cardplay, hands, impulse, interphase, presence,
                             victory)
from core.wellington import flags as geo
from core.wellington.flow import FLOW, settle
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.impulse import ImpulseMenu, ImpulsePhase, Preempt, ResponseWindow
from core.wellington.frames.interphase import ExcessCards, Interphase, Reinforce
from core.wellington.frames.turn import GameTurn, Substitution
from core.wellington.presence import place_commander
from core.wellington.rules import RULES
from core.wellington.state import (ADN, ADS, GB, POWERS, REGROUP, SPAIN, UNBUILT,
                                   WellingtonState)

PLUS, PLUS2 = 98, 93            # The Light Division (5, +E), Admiralty (6, +E): GB national
PLAIN, PLAIN2 = 17, 84          # Portuguese Revolt (5, E), Beaten and Scattered (5, R)
MUST = 46                       # Corruption & Sabotage (MP)


# --- helpers (other test modules import these) ------------------------------------------------


def new(scenario: str = "1812", seed: int = 1, **options: object) -> Match:
    return Match.new(RULES, seed=seed, scenario=scenario, options=dict(options))


def past_setup(match: Match) -> None:
    """Every Power keeps its hand (2.6)."""
    while isinstance(stack.top(match.state), Substitution):
        match.act(match.state.active[0], Action("keep"))


def give(state: WellingtonState, power: str, *numbers: int) -> None:
    """Put cards in a hand, wherever they are."""
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def empty_hands(state: WellingtonState, *powers: str) -> None:
    for power in powers or POWERS:
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)


def impulses(match: Match, power: str = GB, round_: int = 2, last: str = "") -> None:
    """The impulse phase with the marker on `power` in round `round_` (not the first round
    unless asked), run to its first decision."""
    state = match.state
    state.stack = [GameTurn(step=1), ImpulsePhase()]
    state.marker = POWERS.index(power)
    state.round = round_
    state.last_impulse = last
    stack.run(state, FLOW, settle)
    while isinstance(stack.top(match.state), ResponseWindow) \
            and stack.top(match.state).trigger.startswith(cardplay.BEFORE_IMPULSE):
        match.act(match.state.active[0], Action("no-response"))   # #34's window, declined


def act(match: Match, power: str, verb: str, noun: object = None) -> None:
    """`power` acts, then every Response window the action opens is declined (5.2)."""
    match.act(power, Action(verb, noun))
    while isinstance(stack.top(match.state), ResponseWindow):
        match.act(match.state.active[0], Action("no-response"))


def nouns(match: Match, verb: str) -> list:
    role = match.state.active[0]
    return [c.action.noun for c in match.actions(role) if c.action.verb == verb]


def verbs(match: Match) -> set[str]:
    return {c.action.verb for c in match.actions(match.state.active[0])}


PLAYS = {"cp", "event", "owed", "resource", "end"}   # the impulse's own verbs (not a siege's)


def plays(match: Match) -> set[str]:
    return verbs(match) & PLAYS


def top(match: Match) -> object:
    return stack.top(match.state)


@pytest.fixture
def game() -> Match:
    match = new()
    past_setup(match)
    return match


@contextmanager
def registered(number: int, event: cardplay.Event | None) -> Iterator[None]:
    """`number`'s event replaced for one test (None: not carried out), then restored."""
    before = cardplay.EVENTS.pop(number, None)
    if event is not None:
        cardplay.register(number, event)
    try:
        yield
    finally:
        cardplay.EVENTS.pop(number, None)
        if before is not None:
            cardplay.EVENTS[number] = before


@pytest.fixture
def registered_must_play():
    """A Must-Play event that only records its play, for this test."""
    played: list[int] = []
    with registered(MUST, cardplay.Event(playable=lambda state, power, trigger: not trigger,
                                         play=lambda state, frame: played.append(frame.card))):
        yield played


# --- 4.2, 4.22 the impulse phase and preemption -----------------------------------------------


def test_4_2_first_impulse_is_gb_and_the_marker_moves_right(game: Match) -> None:
    assert game.state.active == [GB] and isinstance(top(game), ImpulseMenu)
    card = next(n for n in hands.hand(game.state, GB) if hands.cp(n) and not hands.is_plus(n))
    act(game, GB, "cp", card)
    act(game, GB, "stop")
    act(game, GB, "end")
    assert game.state.active == [ADS] and game.state.marker == 1


def test_4_22_no_preemption_in_the_first_round(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, ADN, 1, 2, 3)
    give(state, GB, 8)
    assert impulse.preemptor(state, GB) == ""          # round 1 of 1812
    state.round = 2
    assert impulse.preemptor(state, GB) == ADN


def test_4_22_g10_first_round_of_a_1813_start() -> None:
    match = new("1813")
    past_setup(match)
    state = match.state
    empty_hands(state)
    give(state, ADN, 1, 2, 3)
    give(state, GB, 8)
    assert impulse.preemptor(state, GB) == ""          # G.10 default: the game's first round
    literal = new("1813", preempt_first_round_any_start=False)
    past_setup(literal)
    empty_hands(literal.state)
    give(literal.state, ADN, 1, 2, 3)
    give(literal.state, GB, 8)
    assert impulse.preemptor(literal.state, GB) == ADN


def test_4_22_ties_the_scheduled_power_and_two_in_a_row(game: Match) -> None:
    state = game.state
    state.round = 2
    empty_hands(state)
    give(state, ADN, 1, 2, 3)
    give(state, ADS, 7, 9, 10)
    give(state, GB, 8)
    assert impulse.preemptor(state, GB) == ""          # a tie: nobody preempts
    cards.move(state.piles, 10, f"hand:{ADS}", cards.DECK)
    assert impulse.preemptor(state, GB) == ADN
    state.last_impulse = ADN
    assert impulse.preemptor(state, GB) == ""          # not two impulses in a row
    state.last_impulse = SPAIN
    assert impulse.preemptor(state, ADN) == ""         # the scheduled Power itself
    empty_hands(state, GB)
    assert impulse.preemptor(state, GB) == ""          # GB holds nothing: a pass, no preemption


def test_4_22_preemptive_impulse_then_the_scheduled_one(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, ADS, 1, 2, 3, 7, 9, 11, 15)           # TC-E29: AdS 7 cards, the most
    give(state, GB, 10, 12)
    give(state, SPAIN, 13)
    give(state, ADN, 14)
    impulses(game, GB, round_=2, last=ADN)
    assert isinstance(top(game), Preempt) and game.state.active == [ADS]
    act(game, ADS, "preempt")
    assert game.state.active == [ADS] and game.state.marker == 0   # the marker stays on GB
    act(game, ADS, "cp", 1)
    act(game, ADS, "stop")
    act(game, ADS, "end")
    assert game.state.active == [GB] and isinstance(top(game), ImpulseMenu)   # no new ask
    assert game.state.marker == 0


def test_4_22_declined_preemption_asks_once(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, ADS, 1, 2, 3)
    give(state, GB, 10)
    impulses(game, GB, round_=2, last=ADN)
    act(game, ADS, "no-preempt")
    assert game.state.active == [GB] and isinstance(top(game), ImpulseMenu)


# --- 4.23 passing, 4.24 the end of the turn, 17.1 ------------------------------------------------


def test_4_23_a_power_without_cards_passes_and_may_use_a_resource(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, ADS, 1, 2)
    give(state, SPAIN, 3, 4)
    state.resources[GB] = 1
    impulses(game, GB, round_=2, last=ADN)
    assert game.state.active == [GB]
    assert plays(game) == {"resource", "end"}           # G.13: a Resource while passing
    game.act(GB, Action("resource"))
    assert len(hands.hand(game.state, GB)) == 1 and game.state.resources[GB] == 0
    drawn = hands.hand(game.state, GB)[0]
    if hands.cp(drawn) and not hands.is_plus(drawn):
        assert Action("cp", drawn) in [c.action for c in game.actions(GB)]   # 15.2 ex. 1


def test_4_23_a_must_play_card_of_its_own_impulse_is_a_card_to_play_not_a_pass(
        game: Match) -> None:
    """AdN holds only #64 Invade Canada (Must-Play, no CP, played in its own impulse, 5.8):
    its impulse is a scheduled one offering the event, not a pass (4.23: a pass is for a Power
    with no card it can play); the card counts for preemption too (4.22)."""
    state = game.state
    empty_hands(state)
    give(state, ADN, 64)
    give(state, GB, 1)
    assert impulse.holds_playable(state, ADN) and impulse.playable_cards(state, ADN) == 1
    impulses(game, ADN, round_=2, last=SPAIN)
    assert game.state.active == [ADN] and stack.find(game.state, impulse.Impulse).kind == \
        "scheduled"
    assert Action("event", 64) in [c.action for c in game.actions(ADN)]


def test_4_24_the_last_holder_ends_the_phase(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, SPAIN, 3)
    give(state, GB, 10, 12)
    impulses(game, SPAIN, round_=2, last=GB)          # GB, holding the most, just played
    act(game, SPAIN, "cp", 3)
    act(game, SPAIN, "stop")
    act(game, SPAIN, "end")                      # only GB holds cards now
    assert game.state.last_holder == GB
    assert game.state.active == [ADN]                   # AdN passes
    act(game, ADN, "end")
    assert game.state.active == [GB]
    act(game, GB, "cp", 10)
    act(game, GB, "stop")
    act(game, GB, "end")                         # GB played: the phase is over
    assert stack.find(game.state, ImpulsePhase) is None
    assert any("impulse phase is over" in line for line in game.state.log)
    assert 12 in hands.hand(game.state, GB)             # 4.24: a card carried over


def test_4_24_g12_nobody_holds_cards(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, GB, 10)
    impulses(game, GB, round_=2, last=ADN)
    act(game, GB, "cp", 10)
    act(game, GB, "stop")
    act(game, GB, "end")
    assert stack.find(game.state, ImpulsePhase) is None


def test_17_1_the_last_card_handed_on_extends_the_turn(game: Match) -> None:
    """TC-27: GB, the last holder, hands its last card to Spain: Spain becomes the last."""
    state = game.state
    empty_hands(state)
    give(state, GB, 10)
    state.last_holder = GB
    impulses(game, GB, round_=2, last=ADN)
    state = game.state
    frame = stack.find(state, impulse.Impulse)
    cards.move(state.piles, 10, f"hand:{GB}", f"hand:{SPAIN}")   # what #94 does (17.1)
    frame.played = True
    assert not impulse.turn_over(state, frame)
    assert state.last_holder == SPAIN


# --- 5.6, 15.2 what an impulse may play ---------------------------------------------------------


def at_gb(game: Match, *numbers: int, resources: int = 0) -> None:
    empty_hands(game.state)
    give(game.state, GB, *numbers)
    give(game.state, ADS, 1)
    game.state.resources[GB] = resources
    impulses(game, GB, round_=2, last=ADN)


def test_5_6_one_plus_card_and_one_other(game: Match) -> None:
    """TC-E09: #98 (a "+" card) then #17 for 5 CP."""
    at_gb(game, PLUS, PLUS2, PLAIN, PLAIN2)
    act(game, GB, "cp", PLUS)
    act(game, GB, "stop")
    assert PLUS2 not in nouns(game, "cp")               # never two "+" cards
    act(game, GB, "cp", PLAIN)
    assert game.state.stack[-1].left == 5 and isinstance(top(game), CommandPoints)
    act(game, GB, "stop")
    assert nouns(game, "cp") == []                      # a second plain card: no
    with pytest.raises(IllegalAction):
        act(game, GB, "cp", PLAIN2)


def test_5_6_continuation_allows_another_plain_card(game: Match) -> None:
    """TC-09: after an event that lets its player play another card, a third card may go, not
    a "+"."""
    at_gb(game, PLUS, PLUS2, PLAIN, PLAIN2)
    act(game, GB, "cp", PLUS)
    act(game, GB, "stop")
    act(game, GB, "cp", PLAIN)
    act(game, GB, "stop")
    cardplay.allow_continuation(game.state)
    assert nouns(game, "cp") == [PLAIN2]


def test_15_2_resource_examples(game: Match) -> None:
    """TC-24: ex. 3: two cards and a Resource: spend it (3 cards), then one non-"+" card;
    ex. 2: a Resource with a "+" card is never allowed."""
    at_gb(game, PLUS, PLAIN, resources=1)
    game.act(GB, Action("resource"))
    assert len(hands.hand(game.state, GB)) == 3
    assert PLUS not in nouns(game, "cp") and PLAIN in nouns(game, "cp")
    assert "end" in verbs(game)                         # may stop there
    game2 = new()
    past_setup(game2)
    at_gb(game2, PLUS, PLAIN, resources=1)
    game2.act(GB, Action("cp", PLUS))
    game2.act(GB, Action("stop"))
    assert "resource" not in verbs(game2)


def test_15_2_no_resource_at_the_hand_limit(game: Match) -> None:
    at_gb(game, *[n for n in range(2, 30) if hands.cp(n)][:8], PLUS, resources=2)
    assert hands.common_in_hand(game.state, GB) == 8
    assert "resource" not in verbs(game)                 # national #98 not counted


def test_4_2_a_power_holding_cards_must_play(game: Match) -> None:
    at_gb(game, PLAIN)
    assert "end" not in verbs(game)


def test_5_8_only_must_play_cards(game: Match, registered_must_play: list[int]) -> None:
    at_gb(game, MUST, resources=1)
    assert plays(game) == {"event", "resource"}
    game.act(GB, Action("event", MUST))
    assert registered_must_play == [MUST]
    assert MUST in game.state.piles.discard           # #46 is not removed (5.7)


def test_5_8_must_play_events_not_written_are_not_offered(game: Match) -> None:
    with registered(MUST, None):
        at_gb(game, MUST)
        assert plays(game) == {"end"}                   # R2: nothing the engine can play
        assert not impulse.holds_playable(game.state, GB)


def test_26_owed_play_is_the_impulse_card(game: Match) -> None:
    """TC-E29: GB's next scheduled impulse must use the #26 obligation (2 CP); only a "+"
    card may be added."""
    at_gb(game, PLUS, PLAIN)
    cards.move(game.state.piles, 26, game.state.piles.where(26), cards.REMOVED)   # 5.7
    game.state.obligations = {GB: [26]}
    impulses(game, GB, round_=2, last=ADN)
    assert "end" not in verbs(game) and nouns(game, "cp") == [PLUS]
    act(game, GB, "owed", 26)
    assert isinstance(top(game), CommandPoints) and top(game).left == 2
    act(game, GB, "stop")
    assert nouns(game, "cp") == [PLUS] and "end" in verbs(game)
    assert GB not in game.state.obligations


def test_26_owed_play_comes_before_a_held_must_play_card(game: Match) -> None:
    """#26 (owed as GB's card play of its next scheduled impulse) with only Must-Play #64 in
    hand: 5.8's "a Must-Play card must be played" does not take the owed play away (random
    play, 1812, 2 players, seed 131: GB could only end its impulses, the turn never ended)."""
    at_gb(game, 64)
    cards.move(game.state.piles, 26, game.state.piles.where(26), cards.REMOVED)   # 5.7
    game.state.obligations = {GB: [26]}
    impulses(game, GB, round_=2, last=ADN)
    assert nouns(game, "owed") == [26] and "end" not in verbs(game)
    act(game, GB, "owed", 26)
    act(game, GB, "stop")
    assert GB not in game.state.obligations and "end" in verbs(game)
    assert nouns(game, "event") == []                  # the impulse's card play is made


# --- 5.5, 6, 7: what CP buy ----------------------------------------------------------------------


def test_5_5_cp_spent_one_at_a_time_and_lost(game: Match) -> None:
    at_gb(game, PLAIN)
    act(game, GB, "cp", PLAIN)
    assert PLAIN in game.state.piles.discard
    build = next(n for n in nouns(game, "build") if n.startswith("0@"))
    act(game, GB, "build", build)
    assert top(game).left == 3
    act(game, GB, "stop")
    assert isinstance(top(game), ImpulseMenu)
    assert any("leaves 3 CP unspent" in line for line in game.state.log)


def test_6_1_costs() -> None:
    """TC-31: Suchet (CV 6) costs 3 CP to build; CV 4 -> 2, CV 9 -> 5; regroup 1."""
    assert building.commander_cost("suchet") == 3
    assert building.commander_cost("wellington") == 5
    assert building.commander_cost("de-espana") == 2
    assert building.SOLDIER_COST == 2 and building.REGROUP_SOLDIER_COST == 1
    assert building.REGROUP_COMMANDER_COST == 1


def test_6_3_placement(game: Match) -> None:
    state = game.state
    gb = building.soldier_places(state, GB)
    assert {"lisbon", "porto", "gibraltar"} <= set(gb)
    assert "salamanca" not in gb and "england" not in gb
    assert "england" in building.commander_places(state, GB)        # G.7
    assert "coimbra" not in building.commander_places(state, GB) or geo.is_key("coimbra")
    assert set(building.commander_places(state, ADN)) <= {"bordeaux", "bayonne"} | {
        d for d in geo.duchies() if geo.is_key(d)}
    spain = building.soldier_places(state, SPAIN)
    assert "valencia" in spain and all(geo.country(d) == "Spain" for d in spain)
    assert "salamanca" not in spain                      # AdN-held, not Spanish National


def test_6_3_french_exception(game: Match) -> None:
    state = game.state
    for duchy in geo.duchies():
        if geo.national_power(duchy) == ADS and geo.country(duchy) == "France":
            state.flags[duchy] = GB
    places = building.soldier_places(state, ADS)
    assert places and all(geo.national_power(d) == ADN for d in places)


def test_6_2_regroup_and_build_from_the_counter_mix(game: Match) -> None:
    state = game.state
    building.add(state, REGROUP, GB, 0, 1)
    options = building.build_options(state, GB, 1)
    assert [o[0] for o in options] and all(o[0] == "regroup" for o in options)
    assert building.unbuilt(state, GB) == [14 - building.in_play(state, GB)[0],
                                           6 - building.in_play(state, GB)[1],
                                           3 - building.in_play(state, GB)[2]]


def test_1_5_losing_sp_makes_change(game: Match) -> None:
    """TC-06's change: an artillery (4) loses 1 SP by becoming smaller counters."""
    state = game.state
    assert building.counters(state, "ciudad-rodrigo", GB) == [1, 0, 1]
    assert building.lose_sp(state, "ciudad-rodrigo", GB, 2) == 2
    assert building.sp(state, "ciudad-rodrigo", GB) == 3


def test_3_1_control() -> None:
    """TC-03, TC-04."""
    match = new()
    state = match.state
    assert geo.controller(state, "braga") == GB
    building.add(state, "braga", ADN, 0)
    assert geo.controller(state, "braga") == ""
    state.troops.pop("braga")
    state.flags["braga"] = ADN
    building.add(state, "braga", SPAIN, 0)
    assert geo.controller(state, "braga") == ""
    building.add(state, "san-sebastian", GB, 0)
    assert geo.controller(state, "san-sebastian") == ADN
    assert geo.friendly(state, "san-sebastian", ADS)
    assert not geo.friendly(state, "san-sebastian", GB)
    assert not geo.enemy(state, "san-sebastian", GB)    # GB stands there: Uncontrolled for it


def test_7_1_flags(game: Match) -> None:
    """TC-E21's second CP: De España's Army at a Spanish-flagged Ciudad Rodrigo flags
    adjacent Almaraz (no enemy Formation or fortress there, no enemy Army to intercept)."""
    state = game.state
    state.flags["ciudad-rodrigo"] = SPAIN
    state.commanders["wellington"] = "salamanca"
    state.flags["salamanca"] = GB
    state.troops["ciudad-rodrigo"].pop(GB)
    state.troops.pop("almaraz", None)
    state.troops.pop("salamanca", None)
    presence.forget(state)                              # (pieces written directly)
    assert "almaraz" in geo.cp_flag_targets(state, SPAIN)
    assert geo.flag_options(state, "almaraz", SPAIN) == [SPAIN]
    assert geo.flag_options(state, "almaraz", GB) == [GB, SPAIN]    # 7: GB may place Spanish
    assert "ciudad-rodrigo" not in geo.cp_flag_targets(state, ADN)  # a fortress: siege only
    place_commander(state, "marmont", "talavera-de-la-reina")       # an enemy Army adjacent
    assert "almaraz" not in geo.cp_flag_targets(state, SPAIN)       # G.21
    state.bfi.append("marmont")                                     # he cannot intercept
    assert "almaraz" in geo.cp_flag_targets(state, SPAIN)
    assert geo.flag_options(state, "lisbon", SPAIN) == []           # 8.1: ally's duchy


def test_7_flag_removal_and_limit(game: Match) -> None:
    state = game.state
    state.flags["almaraz"] = SPAIN
    assert geo.flag_options(state, "almaraz", ADN) == ["-"]         # its print: remove only
    assert geo.flag_options(state, "almaraz", ADS) == ["-", ADS]
    for duchy in geo.duchies()[:geo.flag_limit("Allies")]:
        state.flags.setdefault(duchy, GB)
    state.flags.pop("salamanca", None)
    while geo.flags_of_side(state, "Allies") > geo.flag_limit("Allies"):
        state.flags.popitem()
    if geo.flags_of_side(state, "Allies") == geo.flag_limit("Allies"):
        assert GB not in geo.flag_options(state, "salamanca", GB)   # 1.7: none left


def test_7_1_flag_costs_one_cp(game: Match) -> None:
    state = game.state
    state.troops.setdefault("almaraz", {})
    state.troops["almaraz"] = {GB: [1, 0, 0]}
    presence.forget(state)                              # (pieces written directly)
    at_gb(game, PLAIN)
    game.act(GB, Action("cp", PLAIN))
    assert "almaraz=GB" in nouns(game, "flag") and "almaraz=Spain" in nouns(game, "flag")
    game.act(GB, Action("flag", "almaraz=Spain"))
    assert game.state.flags["almaraz"] == SPAIN and top(game).left == 4


# --- the end of the turn (4.5, 18, 19) ------------------------------------------------------------


def test_4_5_resource_cap(game: Match) -> None:
    from core.wellington import flow
    state = game.state
    state.resources[ADN] = 7
    flow.resource_balance(state, GameTurn())
    assert state.resources[ADN] == 5


def test_18_6_conquest_modifier(game: Match) -> None:
    """TC-28: 7 Spanish Keys French-held, Madrid among them: 1d6 + 2, 8+ wins."""
    state = game.state
    assert victory.french_spanish_keys(state) == 11     # 1812: 11 of 15 (C.4)
    keys = [k for k in victory.spanish_keys() if geo.controller(state, k) in (ADN, ADS)
            and k != "madrid"]
    for key in keys[:4]:
        state.flags[key] = SPAIN
    assert victory.french_spanish_keys(state) == 7
    with scripted([5], strict=True):
        assert not victory.conquest_roll(state)          # 5 + 2 = 7
    with scripted([6], strict=True):
        assert victory.conquest_roll(state)              # 6 + 2 = 8
    state.played_this_turn.append(77)
    with scripted([6], strict=True):
        assert not victory.conquest_roll(state)          # 9+ after #77
    state.played_this_turn.clear()
    for key in keys[:4]:
        del state.flags[key]
    for key in keys[4:6]:
        state.flags[key] = SPAIN
    assert victory.french_spanish_keys(state) == 9       # +3
    with scripted([5], strict=True):
        assert victory.conquest_roll(state)


def test_18_7_peace(game: Match) -> None:
    state = game.state
    with scripted([5], strict=True):
        victory.peace_and_victory(state)
    assert state.result is None
    with scripted([6], strict=True):
        victory.peace_and_victory(state)
    assert state.result and "peace" in state.result
    other = new()
    other.state.played_this_turn.append(77)
    with scripted([], strict=True):
        victory.peace_and_victory(other.state)             # #77: no roll at all
    assert other.state.result is None


def test_18_3_liberation_and_conquest(game: Match) -> None:
    state = game.state
    for key in victory.spanish_keys():
        state.flags[key] = SPAIN
    presence.control_changed(state)                     # (flags written directly)
    victory.check_immediate(state)
    assert state.result and "liberation" in state.result and "Allies" in state.result
    other = new()
    for key in victory.spanish_keys():
        other.state.flags[key] = ADN
    presence.control_changed(other.state)
    victory.check_immediate(other.state)
    assert other.state.result and "conquest of Spain" in other.state.result


def test_19_2_vp(game: Match) -> None:
    """TC-33, TC-34 counted as VP: 1 per Key (Madrid 2) + ½ per Resource."""
    state = game.state
    assert victory.vp(state, GB) == 5 + Fraction(1, 2)
    assert victory.vp(state, SPAIN) == 4 + Fraction(1, 2)
    state.unsatisfied[SPAIN] = 1
    assert victory.vp(state, SPAIN) == 3 + Fraction(1, 2)    # 19.3


def test_19_4_french_bonus(game: Match) -> None:
    """TC-29: 20 duchies at the end of 1814 -> 6 VP; 1812 /5, 1813 /4."""
    state = game.state
    held = len(geo.controlled_by(state, ADN))
    base = sum(1 for d in ("lisbon", "gibraltar") if geo.controller(state, d) == ADN)
    assert victory.french_bonus(state, ADN) == base + held // 5
    state.year = 1814
    national = all(geo.controller(state, d) == ADN for d in victory.wellington_map.NATIONAL[ADN])
    assert victory.french_bonus(state, ADN) == base + held // 3 + (4 if national else 0)
    assert 20 // 3 == 6


def test_19_5_spanish_bonus_table(game: Match) -> None:
    """TC-30: 0 -> 6, 4 -> 5, 8 -> 4, 12 -> 2, 17 -> 1, 20+ -> 0."""
    state = game.state
    spanish = sorted(victory.wellington_map.SPANISH)
    for duchy in spanish:
        state.troops.pop(duchy, None)
    state.commanders = {c: UNBUILT for c in state.commanders}
    for count, bonus in ((0, 6), (4, 5), (8, 4), (12, 2), (17, 1), (20, 0), (30, 0)):
        state.flags = {d: SPAIN for d in spanish}
        for d in spanish[:count]:
            state.flags[d] = ADN
        assert victory.spanish_bonus(state) == bonus, count


def test_19_1_individual_winner_by_split() -> None:
    match = new(players="2")
    state = match.state
    assert victory.individual(state, "French") == ""
    four = new(players="4")
    assert victory.individual(four.state, "French") in (ADS, ADN)


# --- the Interphase (16) -----------------------------------------------------------------------


def interphase_at(match: Match) -> None:
    state = match.state
    state.stack = [GameTurn(step=8), Interphase()]


def test_16_1_resources(game: Match) -> None:
    state = game.state
    state.flags["lisbon"] = ADS
    frame = Interphase()
    before = dict(state.resources)
    interphase.interphase_resources(state, frame)
    assert state.resources[ADN] == before[ADN] + 1       # Madrid
    assert state.resources[ADS] == before[ADS] + 1       # a French Power at Lisbon
    assert state.resources[GB] == before[GB]             # GB gets nothing for its own Lisbon


def test_16_2_reinforcement_rolls(game: Match) -> None:
    """16.21 table, 16.22 (-4 without Lisbon), 16.23 TC-25 (+1 per 2 Spanish Keys)."""
    state = game.state
    frame = Interphase(order=list(POWERS))
    state.flags["lisbon"] = ADN
    with scripted([1, 3, 3, 3, 3, 4, 5], strict=True):
        interphase.reinforcement_rolls(state, frame)
    assert state.reinforcement_cp[ADS] == state.reinforcement_cp[ADN] == 8   # a 1: 8 CP
    assert state.reinforcement_cp[GB] == 12 - 4
    assert state.reinforcement_cp[SPAIN] == 9 + 2        # 4 Spanish Keys: +2
    assert isinstance(stack.top(state), Reinforce) and stack.top(state).power == GB


def test_16_21_removal_and_modifiers(game: Match) -> None:
    state = game.state
    state.piles.removed.extend([4, 38])                  # the 1813 reminders: +3 (§F.3)
    assert interphase.appeal_drm(state) == 3
    frame = Interphase(order=list(POWERS))
    with scripted([6, 1, 1, 1, 1, 1, 1], strict=True):
        interphase.reinforcement_rolls(state, frame)     # 6 + 3 = 9: remove units worth 4 CP
    removals = [f for f in state.stack if type(f).__name__ == "AppealRemoval"]
    assert [(f.power, f.left) for f in removals] == [(ADN, 4), (ADS, 4)]   # G.39: build cost
    assert state.reinforcement_cp[ADS] == 0


def test_16_2_reinforcements_go_to_one_duchy(game: Match) -> None:
    state = game.state
    state.reinforcement_cp[GB] = 6
    empty = [d for d in interphase.national_keys(state, GB)]
    assert set(empty) >= {"lisbon", "porto", "gibraltar", "elvas", "almeida"} - {
        "lisbon"} or empty
    state.stack = [GameTurn(step=8), Reinforce(power=GB)]
    stack.run(state, FLOW, settle)
    game.act(GB, Action("build", "0@porto"))
    assert {n.split("@")[1] for n in nouns(game, "build") if n[0].isdigit()} == {"porto"}
    assert state is not game.state and game.state.reinforcement_cp[GB] == 4


def test_16_43_excess_cards(game: Match) -> None:
    """TC-26: cards worth 5 CP discarded give 4 Reinforcement CP to build and 1 to regroup."""
    state = game.state
    empty_hands(state)
    give(state, GB, *[n for n in range(2, 40) if hands.cp(n) and n != 8][:9], 8)  # 10 cards
    frame = Interphase(order=list(POWERS))
    state.stack = [GameTurn(step=9), frame]
    before = state.resources[GB]
    interphase.excess_cards(state, frame)
    assert state.resources[GB] == before + 1             # the 9th card at random
    assert hands.common_in_hand(state, GB) == 9
    assert isinstance(stack.top(state), ExcessCards)
    stack.run(state, FLOW, settle)
    game.act(GB, Action("discard", 8))                   # Bombardment, 4 CP... any 5 CP card
    reinforce = stack.top(game.state)
    assert isinstance(reinforce, Reinforce) and reinforce.anywhere
    assert game.state.reinforcement_cp[GB] + reinforce.odd == hands.cp(8)


def test_16_42_half_the_carried_cards_leave(game: Match) -> None:
    state = game.state
    empty_hands(state)
    give(state, GB, 2, 3, 5)
    frame = Interphase(order=list(POWERS))
    interphase.shuffle_and_draw(state, frame)
    assert sorted(frame.carried[GB]) == [2, 3, 5]
    interphase.halve_carried(state, frame)
    assert sum(1 for n in (2, 3, 5) if n in hands.hand(state, GB)) == 1   # 2 of 3 out
    assert hands.common_in_hand(state, GB) == 7


def test_16_44_national_cards(game: Match) -> None:
    state = game.state
    frame = Interphase(order=list(POWERS))
    interphase.national_cards(state, frame)
    for power in POWERS:
        nationals = [n for n in hands.hand(state, power) if hands.is_national(n)]
        assert len(nationals) == (3 if power == GB else 2)


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", ["2", "3-allies", "3-french", "4"])
@pytest.mark.parametrize("scenario", ["1812", "1813"])
def test_random_play_runs_whole_games(players: str, scenario: str) -> None:
    seen_interphase = []

    def check(match: Match, role: str, action: Action) -> None:
        cards.check_conserved(match.state.piles, range(1, 111))
        if stack.find(match.state, Interphase) is not None:
            seen_interphase.append(True)

    seed = sum(map(ord, players + scenario))           # stable across runs
    match = random_playout(RULES, seed=seed, scenario=scenario,
                           options={"players": players}, max_actions=20000, on_action=check)
    assert match.result is not None
    assert any(line.startswith("== 18") for line in match.state.log)


# --- 5.2 Response windows ----------------------------------------------------------------------


@pytest.fixture
def registered_response():
    """#35 Juramentados (R) as a Response to flag placements that only records its play."""
    played: list[str] = []
    with registered(35, cardplay.Event(
            playable=lambda state, power, trigger: trigger.startswith("cp-flag"),
            play=lambda state, frame: played.append(frame.trigger))):
        yield played


def test_5_2_response_window_after_an_expenditure(game: Match, registered_response) -> None:
    state = game.state
    state.troops["almaraz"] = {GB: [1, 0, 0]}
    presence.forget(state)                              # (pieces written directly)
    at_gb(game, PLAIN)
    give(game.state, SPAIN, 35)
    game.act(GB, Action("cp", PLAIN))
    assert game.state.active == [GB]                    # nobody answers a card play here
    game.act(GB, Action("flag", "almaraz=GB"))
    assert game.state.active == [SPAIN]                 # Spain holds a playable Response
    assert nouns(game, "respond") == [35]
    game.act(SPAIN, Action("respond", 35))
    assert registered_response == ["cp-flag:almaraz=GB"]
    assert 35 in game.state.piles.discard
    assert game.state.active == [SPAIN]                 # it may answer again (5.2: no limit)
    game.act(SPAIN, Action("no-response"))
    assert game.state.active == [GB] and isinstance(top(game), CommandPoints)


def test_5_2_every_power_asked_when_the_option_says_so() -> None:
    match = new(ask_every_power_for_responses=True)
    past_setup(match)
    at_gb(match, PLAIN)
    match.act(GB, Action("cp", PLAIN))
    asked = []
    while isinstance(top(match), ResponseWindow):
        asked.append(match.state.active[0])
        match.act(match.state.active[0], Action("no-response"))
    assert asked == [ADS, SPAIN, ADN, GB]     # 5.2: the next in impulse order first, GB last


# --- the tutorial (§I.2) as far as these parts reach --------------------------------------


def test_tc_e21_spain_builds_and_flags_with_five_cp(game: Match) -> None:
    """TC-E21: Spain plays #16 for 5 CP: 4 CP build 1 cavalry (2 SP) at the Spanish-flagged
    Ciudad Rodrigo, joining De España; 1 CP: De España's Army places a Spanish flag on
    adjacent Almaraz (no enemy Formation or fortress, no enemy Army able to intercept)."""
    state = game.state
    state.flags["ciudad-rodrigo"] = SPAIN               # TC-E05: GB chose a Spanish flag
    state.flags["salamanca"] = GB                       # TC-E16
    state.commanders["wellington"] = "salamanca"
    state.commanders["marmont"] = UNBUILT               # TC-E16: overrun
    state.troops["salamanca"] = {GB: [0, 2, 0]}
    del state.troops["ciudad-rodrigo"][GB]
    state.troops.pop("almaraz")                          # TC-E08: evaded to Talavera
    presence.forget(state)                              # (pieces written directly)
    state.leading["ciudad-rodrigo"] = "de-espana"
    empty_hands(state)
    give(state, SPAIN, 16)
    give(state, ADN, 7)
    impulses(game, SPAIN, round_=1, last=ADS)
    game.act(SPAIN, Action("cp", 16))
    assert top(game).left == 5
    assert "1@ciudad-rodrigo" in nouns(game, "build")   # Ciudad Rodrigo: Spanish National Key
    game.act(SPAIN, Action("build", "1@ciudad-rodrigo"))
    assert top(game).left == 1
    assert building.counters(game.state, "ciudad-rodrigo", SPAIN) == [1, 1, 0]
    assert "almaraz=Spain" in nouns(game, "flag")
    game.act(SPAIN, Action("flag", "almaraz=Spain"))
    assert game.state.flags["almaraz"] == SPAIN
    assert isinstance(top(game), ImpulseMenu)           # all 5 CP spent


def test_tc_e19_bfi_markers_go_at_the_end_of_the_impulse(game: Match) -> None:
    at_gb(game, PLAIN)
    game.state.bfi.extend(["wellington", "marmont"])
    act(game, GB, "cp", PLAIN)
    act(game, GB, "stop")
    act(game, GB, "end")
    assert game.state.bfi == []


# --- 16.3 Deployment ----------------------------------------------------------------------------


def deployment_at(match: Match, power: str, extra: bool = False) -> None:
    state = match.state
    outer = Interphase(order=list(POWERS), step=3, extra=[power] if extra else [])
    state.stack = [GameTurn(step=8), outer]
    for p in reversed(POWERS):
        if p != power:
            continue
        stack.push(state, interphase.Deployment(power=p, left=2 if extra else 1))
    stack.run(state, FLOW, settle)


def test_16_3_deployment_through_friendly_duchies(game: Match) -> None:
    """16.3: Marmont (2-6) deploys from Valladolid through friendly duchies, picking up
    soldiers up to his CV; never where an enemy Army could intercept (Salamanca, next to
    Wellington at Ciudad Rodrigo)."""
    deployment_at(game, ADN)
    assert "marmont" in nouns(game, "deploy")
    game.act(ADN, Action("deploy", "marmont"))
    assert "salamanca" not in nouns(game, "move") and "leon" in nouns(game, "move")
    game.act(ADN, Action("take", 1))                    # his cavalry (2 SP)
    game.act(ADN, Action("move", "leon"))
    game.act(ADN, Action("move", "zamora"))
    assert "valladolid" not in nouns(game, "move")      # no going back over his path
    game.act(ADN, Action("take", 1))                    # the cavalry at Zamora: 4 SP of 6
    assert nouns(game, "take") == []                    # nothing more of his at Zamora
    game.act(ADN, Action("end"))
    state = game.state
    assert state.commanders["marmont"] == "zamora"
    assert building.counters(state, "zamora", ADN) == [0, 2, 0]
    assert building.counters(state, "valladolid", ADN) == [0, 0, 0]
    assert "marmont" not in interphase.deployable(state, stack.find(state, Interphase), ADN)


def test_16_31_extra_deployment(game: Match) -> None:
    state = game.state
    state.reinforcement_cp[GB] = 3
    outer = Interphase(order=list(POWERS), step=3)
    state.stack = [GameTurn(step=8), outer, Reinforce(power=GB)]
    stack.run(state, FLOW, settle)
    game.act(GB, Action("extra-deployment"))
    assert game.state.reinforcement_cp[GB] == 2
    assert "extra-deployment" not in verbs(game)        # G.41: one extra at most
    assert stack.find(game.state, Interphase).extra == [GB]


def test_4_3_end_of_turn_flags(game: Match) -> None:
    """4.3: a Formation in an unfortified Uncontrolled duchy flags it, free."""
    state = game.state
    state.troops["salamanca"] = {GB: [1, 0, 0]}
    presence.forget(state)                              # (pieces written directly)
    state.stack = [GameTurn(step=2)]
    stack.run(state, FLOW, settle)
    assert game.state.active == [GB]
    assert set(nouns(game, "flag")) == {"salamanca=GB", "salamanca=Spain"}
    assert "no-flag" not in verbs(game)
    game.act(GB, Action("flag", "salamanca=GB"))
    assert game.state.flags["salamanca"] == GB


def test_4_3_attrition_then_the_free_flag(game: Match) -> None:
    """4.1 step 2, 4.3: a British infantry alone at AdN's Salamanca (Uncontrolled) rolls one
    attrition die; surviving, it flags the duchy free."""
    from core.wellington import attrition
    state = game.state
    state.troops["salamanca"] = {GB: [1, 0, 0]}
    state.troops.pop("ciudad-rodrigo")                  # the besiegers would roll too
    state.commanders["wellington"] = state.commanders["de-espana"] = UNBUILT
    presence.forget(state)                              # (pieces written directly)
    assert attrition.exposed(state) == [("salamanca", "Allies")]
    state.stack = [GameTurn(step=1)]
    with scripted([5], strict=True):
        stack.run(state, FLOW, settle)
    assert game.state.active == [GB] and "salamanca=GB" in nouns(game, "flag")


def test_state_round_trips_through_msgpack_mid_game() -> None:
    """Every frame the stack may hold is in the union (frames/__init__.py): a save carries
    the whole stack."""
    import msgspec

    states = []

    def keep(match: Match, role: str, action: Action) -> None:
        if len(match.history) % 37 == 0:
            states.append(match.state)

    random_playout(RULES, seed=11, max_actions=20000, on_action=keep)
    assert states
    for state in states:
        data = msgspec.msgpack.encode(state)
        back = msgspec.msgpack.decode(data, type=WellingtonState)
        assert msgspec.msgpack.encode(back) == data


# --- 5.12, 5.13 an event's removals ---------------------------------------------------------


def test_5_12_removal_by_choice_then_a_reminder(game: Match) -> None:
    """#26's "eliminate 2 British SP" (TC-E20: GB chooses the cavalry at Palma): the owner
    chooses where; with too few soldiers on the map the rest is owed (5.12) and costs 1 VP
    at the end while unsatisfied (5.13)."""
    at_gb(game, PLAIN)
    state = game.state
    cardplay.remove(state, GB, 2, card=26, why="#26 Italian Adventure")
    assert isinstance(top(game), cardplay.Removal)
    state.active = [GB]
    assert "palma" in nouns(game, "lose")
    game.act(GB, Action("lose", "palma"))               # the cavalry, changed: 1 SP left
    assert building.counters(game.state, "palma", GB) == [1, 0, 0]
    game.act(GB, Action("lose", "palma"))
    assert building.sp(game.state, "palma", GB) == 0
    assert isinstance(top(game), ImpulseMenu)
    state = game.state
    vp = victory.vp(state, SPAIN)
    for where in list(state.troops):
        state.troops[where].pop(SPAIN, None)
    cardplay.remove(state, SPAIN, 3, why="a test removal")
    assert state.owed_removals == {SPAIN: [3]}
    assert victory.vp(state, SPAIN) == vp - 1
    cardplay.pay_owed(state, SPAIN, 3)
    assert state.owed_removals == {} and victory.vp(state, SPAIN) == vp


def test_5_12_reminder_paid_with_reinforcements(game: Match) -> None:
    state = game.state
    state.owed_removals = {GB: [1]}
    state.reinforcement_cp[GB] = 6
    state.stack = [GameTurn(step=8), Interphase(order=list(POWERS), step=2), Reinforce(power=GB)]
    stack.run(state, FLOW, settle)
    assert verbs(game) == {"owed"}                      # the first opportunity: it must
    game.act(GB, Action("owed"))
    assert game.state.owed_removals == {} and game.state.reinforcement_cp[GB] == 4
    assert "done" in verbs(game)


def test_16_3_gb_convoy_deployment(game: Match) -> None:
    """16.3: instead of a land Deployment GB convoys from a friendly port to a friendly
    unbesieged port, at most 5 commanders and SP (14.2): the England cavalry to Lisbon."""
    deployment_at(game, GB)
    assert "sea-deploy" in verbs(game)
    game.act(GB, Action("sea-deploy"))
    assert "england" in nouns(game, "sea-from")
    game.act(GB, Action("sea-from", "england"))
    assert nouns(game, "sea-to") == []                  # nothing loaded yet
    game.act(GB, Action("sea-load", 1))
    assert "lisbon" in nouns(game, "sea-to") and "salamanca" not in nouns(game, "sea-to")
    game.act(GB, Action("sea-to", "lisbon"))
    state = game.state
    assert building.counters(state, "lisbon", GB) == [0, 2, 0]
    assert building.counters(state, "england", GB) == [0, 0, 0]
    assert stack.find(state, Interphase).deployed_troops["GB@lisbon"] == [0, 1, 0]


# --- where played cards go (4.21, 5.4, 5.7) and more of the Interphase -------------------------


def test_4_21_a_national_card_for_cp_goes_to_its_reserve(game: Match) -> None:
    at_gb(game, PLUS)
    game.act(GB, Action("cp", PLUS))
    assert PLUS in game.state.piles.boxes["reserve-GB"]
    assert PLUS not in [c.id for pile in game.view(ADN).piles.values() for c in pile]


def test_5_7_a_red_circle_event_is_removed(game: Match) -> None:
    with registered(PLAIN, cardplay.Event(playable=lambda state, power, trigger: not trigger,
                                          play=lambda state, frame: None)):
        at_gb(game, PLAIN)
        game.act(GB, Action("event", PLAIN))
        assert PLAIN in game.state.piles.removed          # #17: removed after its event


def test_16_2_nearest_friendly_duchy_without_a_national_key(game: Match) -> None:
    """16.2 (differences chapter): all National Key duchies enemy-held: the friendly duchy
    nearest one of them."""
    state = game.state
    for duchy in ("gibraltar", "elvas", "lisbon", "almeida", "porto"):
        state.flags[duchy] = ADN
    places = interphase.reinforcement_places(state, GB)
    assert places and all(geo.friendly(state, d, GB) for d in places)
    best = min(min(interphase.wellington_map.distance(d, k) or 99
                   for k in ("gibraltar", "elvas", "lisbon", "almeida", "porto"))
               for d in places)
    assert best == 1


def test_16_32_strategic_transfer(game: Match) -> None:
    state = game.state
    outer = Interphase(order=list(POWERS), step=4)
    state.stack = [GameTurn(step=8), outer]
    interphase.strategic_transfer(state, outer)
    stack.run(state, FLOW, settle)
    assert game.state.active == [GB]
    game.act(GB, Action("remove", "beresford"))
    assert game.state.commanders["beresford"] == UNBUILT   # built again next turn (6.1)
    assert "beresford" in [c for c in building.buildable_commanders(game.state, GB)]


def test_5_5_a_card_with_no_cp_left_asks_nothing(game: Match) -> None:
    """An operation that spends the last CP after pushing its own frames (a move that ends in
    a battle) leaves the card's CP frame with nothing to spend: it closes (5.5)."""
    at_gb(game, PLAIN)
    state = game.state
    state.stack.append(CommandPoints(power=GB, card=PLAIN, left=0))
    settle(state)
    assert isinstance(top(game), ImpulseMenu)


def test_5_12_reminder_paid_with_the_first_card_of_a_turn(game: Match) -> None:
    state = game.state
    state.owed_removals = {GB: [2]}
    at_gb(game, PLAIN, PLUS)
    act(game, GB, "cp", PLAIN)
    assert verbs(game) == {"owed"}                      # the first card: it must
    act(game, GB, "owed")
    act(game, GB, "owed")
    assert game.state.owed_removals == {} and top(game).left == 1
    act(game, GB, "stop")
    game.state.owed_removals = {GB: [1]}
    act(game, GB, "cp", PLUS)                    # not the first card any more
    assert "owed" not in verbs(game)


def test_16_31_deployed_units_are_counted_per_power(game: Match) -> None:
    """16.31: no SP deploys twice; Spanish SP that deployed into Cádiz do not make GB's
    infantry there count as deployed."""
    state = game.state
    state.troops["cadiz"] = {GB: [1, 0, 0], SPAIN: [2, 0, 0]}
    outer = Interphase(order=list(POWERS), deployed_troops={"Spain@cadiz": [2, 0, 0]})
    assert interphase.undeployed(state, outer, "cadiz", GB) == ([1, 0, 0], [])
    assert interphase.undeployed(state, outer, "cadiz", SPAIN)[0] == [0, 0, 0]


def test_65_owed_card_in_hand_binds_any_impulse_and_lapses_when_lost(game: Match) -> None:
    """G.55: #65 passes to its victim, who must spend it as 2 CP in its next impulse (any
    kind) unless it has lost it meanwhile; spent, it goes to the discard pile."""
    at_gb(game, PLAIN, 65)
    game.state.obligations = {GB: [65]}
    impulses(game, GB, round_=2, last=ADN)
    assert nouns(game, "owed") == [65] and nouns(game, "cp") == []
    act(game, GB, "owed", 65)
    assert 65 in game.state.piles.discard and 65 not in hands.hand(game.state, GB)
    other = new()
    past_setup(other)
    at_gb(other, PLAIN)
    other.state.obligations = {GB: [65]}                # #65 was taken from GB meanwhile
    impulses(other, GB, round_=2, last=ADN)
    assert nouns(other, "owed") == [] and GB not in other.state.obligations


def test_5_2_a_response_may_cancel_an_event_before_it_resolves(game: Match) -> None:
    """5.2 (#24, #78): the window before an event resolves; a cancelled event does nothing
    and its card still goes on."""
    carried: list[int] = []
    cancel = cardplay.Event(playable=lambda state, power, trigger: trigger == f"play:{PLAIN}",
                            play=_cancel_below)
    with registered(PLAIN, cardplay.Event(playable=lambda state, power, trigger: not trigger,
                                          play=lambda state, frame: carried.append(1))), \
            registered(24, cancel):
        at_gb(game, PLAIN)
        give(game.state, SPAIN, 24)
        game.act(GB, Action("event", PLAIN))
        assert game.state.active == [SPAIN] and nouns(game, "respond") == [24]
        act(game, SPAIN, "respond", 24)
        assert carried == [] and PLAIN in game.state.piles.removed
        assert any("is cancelled" in line for line in game.state.log)


def _cancel_below(state: WellingtonState, frame: object) -> None:
    """The cancelled EventPlay is the one under the Response's own."""
    plays = [f for f in state.stack if isinstance(f, cardplay.EventPlay)]
    plays[-2].cancelled = True


def test_cp_limited_to_some_expenditures(game: Match) -> None:
    """#25 General Staff: 2 CP to move or build only (CommandPoints.only)."""
    state = game.state
    state.troops["almaraz"] = {GB: [1, 0, 0]}
    at_gb(game, PLAIN)
    game.state.stack.append(CommandPoints(power=GB, card=25, left=2, only=["move", "build"]))
    stack.run(game.state, FLOW, settle)
    groups = {c.group for c in game.actions(GB)}
    assert "flag" not in groups and "build" in groups and "turn" in groups


def test_19_4_the_1813_start_count() -> None:
    """2.3 (the 1813 VP markers: GB 5, AdS 4, AdN 7, Spain 8; Resources GB 3, Spain 1, AdN 1)
    and 19.4 counted on the 1813 set-up: the French lead 21½ to 15 if the game ended in 1813
    (+1 per 4 duchies: AdS 16, AdN 23) and 32½ to 15 if it ended in 1814 (+1 per 3, +4 for
    each French Power's four National duchies). The lead the Allies must overturn."""
    state = new("1813").state
    assert {p: len(geo.keys_of(state, p)) for p in POWERS} == {GB: 5, ADS: 4, SPAIN: 8, ADN: 7}
    assert {p: len(geo.controlled_by(state, p)) for p in (ADS, ADN)} == {ADS: 16, ADN: 23}
    assert victory.side_vp(state, "Allies") == 15                 # 6½ + 8½
    assert victory.side_vp(state, "French") == Fraction(43, 2)    # 4 + 4 + 8½ + 5
    state.year = 1814
    assert victory.french_bonus(state, ADS) == 5 + 4 and victory.french_bonus(state, ADN) == 7 + 4
    assert victory.side_vp(state, "French") == Fraction(65, 2)
    assert victory.side_vp(state, "Allies") == 15
