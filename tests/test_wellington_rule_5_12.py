"""5.12 "Insufficienza di pedine per la rimozione": a Power with too few soldiers on the map
to satisfy an event's removal "deve immediatamente – fuori dalla normale struttura degli
impulsi di gioco – costruire e perdere gli SP mancanti ... usando carte e/o Risorse che le
rimangono. Se non può comunque soddisfare le perdite, la Potenza riceve un segnalino" (5.13:
1 VP per unsatisfied event at the end). The numbers are #64 Invade Canada's "eliminare 4 SP"
and #26 Italian Adventure's "eliminare 2 SP inglesi"; cards: #17 and #84 (5 CP each), #46
and the other Must-Play cards (no CP)."""
from __future__ import annotations

import pytest

from core import cards, stack
from core.engine import Action, IllegalAction, Match
from core.wellington import building, cardplay, hands, victory
from core.wellington import flags as geo
from core.wellington.frames.cardplay import RemovalPayment
from core.wellington.frames.impulse import ImpulseMenu
from core.wellington.state import ADN, GB, INF, SPAIN, WellingtonState
from tests.test_wellington_flow import (MUST, PLAIN, PLAIN2, act, at_gb, empty_hands, give,
                                        impulses, nouns, past_setup, top, verbs)
from tests.test_wellington_flow import new as new_match

CANADA, CANADA_SP = 64, 4           # "La Potenza inglese ... eliminare 4 SP"
ITALIAN, ITALIAN_SP = 26, 2         # "eliminare 2 SP inglesi"
NO_CP = (4, 5, 6, 26, 38, 46, 64, 77)   # the Must-Play cards: no CP (5.8)


@pytest.fixture
def game() -> Match:
    match = new_match()
    past_setup(match)
    return match


def gb_on_map(state: WellingtonState, sp: int) -> None:
    """GB keeps only `sp` infantry SP on the map (at Lisbon)."""
    for where in list(state.troops):
        if geo.on_map(where):
            state.troops[where].pop(GB, None)
            if not state.troops[where]:
                del state.troops[where]
    if sp:
        building.add(state, "lisbon", GB, INF, sp)


def on_deck_top(state: WellingtonState, number: int) -> None:
    cards.move(state.piles, number, state.piles.where(number), cards.DECK)


def remove(game: Match, sp: int, card: int) -> None:
    cardplay.remove(game.state, GB, sp, card=card, why=hands.title(card))
    game.state.active = [GB]


def test_5_12_canada_one_on_the_map_the_rest_built_and_lost_with_a_card_and_a_resource(
        game: Match) -> None:
    """#64: GB has 1 SP on the map: it loses it, then must build and lose the other 3 at
    once: #17 (5 CP) pays 2 (1 CP lost), a Resource draws #84 (5 CP), which pays the last."""
    at_gb(game, PLAIN, resources=1)
    state = game.state
    gb_on_map(state, 1)
    on_deck_top(state, PLAIN2)
    remove(game, CANADA_SP, CANADA)
    game.act(GB, Action("lose", "lisbon"))
    assert isinstance(top(game), RemovalPayment) and top(game).left == 3
    assert game.state.owed_removals == {GB: [3]}
    assert verbs(game) == {"pay-card", "pay-resource"}     # no way to decline: "deve"
    game.act(GB, Action("pay-card", PLAIN))
    state = game.state
    assert state.owed_removals == {GB: [1]} and top(game).left == 1
    assert PLAIN in state.piles.discard
    assert verbs(game) == {"pay-resource"}
    game.act(GB, Action("pay-resource"))
    assert game.state.resources[GB] == 0
    assert nouns(game, "pay-card") == [PLAIN2]            # the card just drawn
    game.act(GB, Action("pay-card", PLAIN2))
    state = game.state
    assert state.owed_removals == {} and isinstance(top(game), ImpulseMenu)
    assert building.sp(state, "lisbon", GB) == 0


def test_5_12_one_card_pays_all_and_the_power_may_not_decline(game: Match) -> None:
    """#26 with no British SP on the map: #17's 5 CP build and lose both SP at once (2 CP
    each); anything but paying is refused while GB can pay."""
    at_gb(game, PLAIN, MUST)
    state = game.state
    gb_on_map(state, 0)
    vp = victory.vp(state, GB)
    remove(game, ITALIAN_SP, ITALIAN)
    assert nouns(game, "pay-card") == [PLAIN]             # #46 has no CP
    with pytest.raises(IllegalAction):
        game.act(GB, Action("stop"))
    assert game.state.owed_removals == {GB: [2]}           # untouched by the refusal
    game.act(GB, Action("pay-card", PLAIN))
    state = game.state
    assert state.owed_removals == {} and victory.vp(state, GB) == vp
    assert hands.hand(state, GB) == [MUST]
    assert isinstance(top(game), ImpulseMenu)


def test_5_12_partly_paid_leaves_a_reminder_for_the_rest(game: Match) -> None:
    """#64 with no SP on the map and only #17: 2 SP built and lost, a reminder of 2 SP (1 VP
    at the end while unsatisfied, 5.13)."""
    at_gb(game, PLAIN)
    state = game.state
    gb_on_map(state, 0)
    vp = victory.vp(state, GB)
    remove(game, CANADA_SP, CANADA)
    game.act(GB, Action("pay-card", PLAIN))
    state = game.state
    assert state.owed_removals == {GB: [2]} and isinstance(top(game), ImpulseMenu)
    assert victory.vp(state, GB) == vp - 1


def test_5_12_nothing_to_pay_with_a_reminder_at_once(game: Match) -> None:
    """Only cards without CP (#46) and no Resource: the reminder, no question asked."""
    at_gb(game, MUST)
    state = game.state
    gb_on_map(state, 0)
    remove(game, ITALIAN_SP, ITALIAN)
    assert game.state.owed_removals == {GB: [2]} and isinstance(top(game), ImpulseMenu)


def test_5_12_a_resource_drawing_a_card_without_cp_leaves_the_reminder(game: Match) -> None:
    at_gb(game, resources=1)
    state = game.state
    gb_on_map(state, 0)
    on_deck_top(state, MUST)
    remove(game, ITALIAN_SP, ITALIAN)
    assert verbs(game) == {"pay-resource"}
    game.act(GB, Action("pay-resource"))
    state = game.state
    assert state.resources[GB] == 0 and MUST in hands.hand(state, GB)
    assert state.owed_removals == {GB: [2]} and isinstance(top(game), ImpulseMenu)


def test_5_12_no_resource_at_the_hand_limit(game: Match) -> None:
    """15.2: a Resource draws no card at the hand limit of 8: with 8 cards without CP the
    Resources stay and the reminder is taken."""
    at_gb(game, *NO_CP, resources=2)
    state = game.state
    gb_on_map(state, 0)
    remove(game, ITALIAN_SP, ITALIAN)
    assert game.state.owed_removals == {GB: [2]} and game.state.resources[GB] == 2
    assert isinstance(top(game), ImpulseMenu)


def test_5_12_a_card_owed_as_a_play_does_not_pay(game: Match) -> None:
    """A card owed as the next impulse's play (#26, #65 `obligations`) is not spent here."""
    at_gb(game, PLAIN)
    state = game.state
    state.obligations[GB] = [PLAIN]
    gb_on_map(state, 0)
    remove(game, ITALIAN_SP, ITALIAN)
    assert game.state.owed_removals == {GB: [2]} and PLAIN in hands.hand(game.state, GB)


def test_5_12_an_older_reminder_is_not_paid_by_the_new_payment(game: Match) -> None:
    """The payment comes off the reminder of the event just played: an older one stays."""
    at_gb(game, PLAIN)
    state = game.state
    state.owed_removals = {GB: [1]}
    gb_on_map(state, 0)
    remove(game, ITALIAN_SP, ITALIAN)
    game.act(GB, Action("pay-card", PLAIN))
    assert game.state.owed_removals == {GB: [1]}


def test_5_12_canada_played_by_the_french_gb_pays_outside_its_impulse(game: Match) -> None:
    """#64 played by AdN in its impulse: GB loses its 1 SP on the map, then at once (in
    AdN's impulse) builds and loses 2 SP with #17 and takes a reminder for the last 1."""
    state = game.state
    empty_hands(state)
    give(state, ADN, CANADA, PLAIN2)     # #84 too: a scheduled impulse, not a pass (4.23)
    give(state, GB, PLAIN)
    state.resources[GB] = 0
    gb_on_map(state, 1)
    impulses(game, ADN, round_=2, last=SPAIN)
    act(game, ADN, "event", CANADA)
    assert game.state.active == [GB] and nouns(game, "lose") == ["lisbon"]
    act(game, GB, "lose", "lisbon")
    assert isinstance(top(game), RemovalPayment) and game.state.active == [GB]
    assert stack.find(game.state, ImpulseMenu).power == ADN
    act(game, GB, "pay-card", PLAIN)
    state = game.state
    assert state.owed_removals == {GB: [1]} and PLAIN in state.piles.discard
    assert not stack.find(state, RemovalPayment)
