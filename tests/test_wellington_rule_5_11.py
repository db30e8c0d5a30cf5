"""Wellington 5.11 (seed 003: "Insufficienza di pedine per la costruzione"): an event places
SP and the Power lacks the unbuilt counters: it "deve eliminare suoi SP sufficienti a sua
scelta" (change made) so that the event is carried out in full. For every event that places
SP through events/common.place_sp_then (#20, #47, #63, #69, #78, #86, #101, #105; #35 is in
test_wellington_events_siege_seams.py, TC-06 in test_wellington_worked_cases.py): counters run
short, the owner is asked where to eliminate, chooses, and the event completes in full, what
the card does after placing coming after the choice. Played through cardplay and the one
legality path (stack.act); no dice are rolled (scripted strictly, none given)."""
from __future__ import annotations

import pytest

import core.wellington.events as events
from core import cards, stack
from core.dice import scripted
from core.engine import Action
from core.wellington import building, cardplay, flow, hands, interphase
from core.wellington import flags as geo
from core.wellington.events import common
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.state import ADN, ADS, GB, POWERS, SPAIN, WellingtonState
from tests.support.wellington_battle import CALLER, Caller, board, place

FLOW: stack.Flow = {**flow.FLOW, **events.FLOW, Caller: CALLER}
OFF_MAP = "regroup"          # where counters are parked so that they are neither unbuilt nor
#                              on the map (the Regroup Box: not a duchy, never a donor)


def game(active: str) -> WellingtonState:
    """The 1812 game, no piece on the map, no flag, no card in hand, in `active`'s impulse."""
    state = board(active)
    state.resources = {p: 0 for p in POWERS}
    return state


def leave_unbuilt(state: WellingtonState, power: str, inf: int = 0, cav: int = 0,
                  art: int = 0) -> None:
    """Park every other counter of `power` off the map: only these stay unbuilt."""
    free = building.unbuilt(state, power)
    place(state, OFF_MAP, power, infantry=free[0] - inf, cavalry=free[1] - cav,
          artillery=free[2] - art)
    assert building.unbuilt(state, power) == [inf, cav, art]


def give(state: WellingtonState, power: str, number: int) -> None:
    cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def play(state: WellingtonState, power: str, number: int) -> WellingtonState:
    assert cardplay.event_playable(state, power, number, "")
    with scripted([], strict=True):
        cardplay.play_event(state, power, number, "")
        stack.run(state, FLOW, flow.settle)
    while isinstance(stack.top(state), ResponseWindow):
        state = stack.act(state, FLOW, stack.top(state).asked[0], Action("no-response"),
                          settle=flow.settle)
    return state


def asked(state: WellingtonState) -> EventChoice:
    top = stack.top(state)
    assert isinstance(top, EventChoice)
    return top


def choose(state: WellingtonState, power: str, noun: str) -> WellingtonState:
    assert asked(state).power == power
    with scripted([], strict=True):
        return stack.act(state, FLOW, power, Action("event-choice", noun), settle=flow.settle)


def eliminate(state: WellingtonState, power: str, donor: str) -> WellingtonState:
    """`power` answers 5.11's question: 1 SP of its own eliminated at `donor`."""
    assert asked(state).step == common.EXCHANGE
    return choose(state, power, donor)


def on_map_sp(state: WellingtonState, power: str) -> int:
    return sum(building.sp(state, d, power) for d in state.troops if geo.on_map(d))


# --- the placement itself ----------------------------------------------------------------------


def test_5_11_an_exact_fit_is_found_before_any_elimination():
    """2 SP to place with 1 infantry and 1 cavalry unbuilt: the cavalry fits, no SP of the
    map is eliminated (taking the infantry first would have left 1 SP short)."""
    state = game(ADS)
    place(state, "valencia", ADS, infantry=2)
    leave_unbuilt(state, ADS, inf=1, cav=1)
    assert common.placeable(state, ADS, 2) == 2
    common.place_sp_then(state, "valencia", ADS, 2, "test", 105, "")
    assert stack.top(state) is not None and not isinstance(stack.top(state), EventChoice)
    assert building.counters(state, "valencia", ADS) == [2, 1, 0]


# --- #47 Call Up the Next Class: the seed's own example (5.11) ---------------------------------


def test_5_11_47_the_seed_example_one_soldier_eliminated_then_4_placed():
    """5.11's example, its first way: 4 SP to place, 3 infantry unbuilt; GB eliminates 1
    soldier (Porto, not its artillery at Coimbra) and places exactly 4 SP at Lisbon."""
    state = game(GB)
    place(state, "coimbra", GB, artillery=1)
    place(state, "porto", GB, infantry=1)
    leave_unbuilt(state, GB, inf=3)
    give(state, GB, 47)
    state = play(state, GB, 47)
    state = choose(state, GB, "lisbon")
    assert asked(state).power == GB and sorted(asked(state).options) == ["coimbra", "porto"]
    assert building.sp(state, "lisbon", GB) == 0                  # nothing placed before
    state = eliminate(state, GB, "porto")
    assert building.counters(state, "lisbon", GB) == [4, 0, 0]
    assert building.sp(state, "porto", GB) == 0
    assert building.counters(state, "coimbra", GB) == [0, 0, 1]
    assert stack.top(state) is not None and not isinstance(stack.top(state), EventChoice)


# --- #20 The Fatherland in Danger ---------------------------------------------------------------


def test_5_11_20_ads_short_chooses_each_sp_then_every_duchy_has_1_and_resources_follow():
    """AdN plays #20 (a British Formation next to Bayonne): 1 SP in each of the 8 French
    National duchies, all French. The Armée du Sud has 1 infantry unbuilt for its 4 duchies
    and 3 infantry at Valencia: it is asked 3 times (each its choice: Valencia), the
    Resources come once every SP is placed. (Its duchies already filled are offered too: any
    of its SP on the map.)"""
    state = game(ADN)
    place(state, "pamplona", GB, infantry=1)
    assert "pamplona" in geo.neighbours("bayonne")
    place(state, "valencia", ADS, infantry=3)
    leave_unbuilt(state, ADS, inf=1)
    give(state, ADN, 20)
    state = play(state, ADN, 20)
    ads_duchies = [d for d in geo.duchies() if geo.national_power(d) == ADS]
    adn_duchies = [d for d in geo.duchies() if geo.national_power(d) == ADN]
    for _ in range(3):
        assert asked(state).power == ADS and "valencia" in asked(state).options
        assert state.resources[ADS] == 0 and state.resources[ADN] == 0   # not yet
        state = eliminate(state, ADS, "valencia")
    assert stack.top(state) is not None and not isinstance(stack.top(state), EventChoice)
    assert all(building.sp(state, d, ADS) == 1 for d in ads_duchies)
    assert all(building.sp(state, d, ADN) == 1 for d in adn_duchies)
    assert building.sp(state, "valencia", ADS) == 0
    assert state.resources[ADS] == 1 and state.resources[ADN] == 1
    assert 20 in state.piles.removed


# --- #63 British Subsidies ----------------------------------------------------------------------


def test_5_11_63_gb_short_chooses_then_both_place_4_and_only_then_draw():
    """GB places 4 SP at Lisbon with 2 infantry unbuilt: it eliminates 1 SP twice, its choice
    (Coimbra's infantry, then Braga's), then Spain places 4 at Santander; the two cards are
    drawn after both placements (the card's order)."""
    state = game(GB)
    state.flags.update({"lisbon": GB, "santander": SPAIN})
    place(state, "coimbra", GB, infantry=1)
    place(state, "braga", GB, infantry=1)
    leave_unbuilt(state, GB, inf=2)
    give(state, GB, 63)
    state = play(state, GB, 63)
    state = choose(state, GB, "lisbon")
    assert sorted(asked(state).options) == ["braga", "coimbra"]
    state = eliminate(state, GB, "coimbra")
    assert asked(state).options == ["braga"]
    assert hands.hand(state, GB) == [] and hands.hand(state, SPAIN) == []
    state = eliminate(state, GB, "braga")
    assert building.sp(state, "lisbon", GB) == 4 and on_map_sp(state, GB) == 4
    assert asked(state).power == SPAIN
    assert hands.hand(state, GB) == []                          # drawn after Spain places
    state = choose(state, SPAIN, "santander")
    assert building.sp(state, "santander", SPAIN) == 4
    assert len(hands.hand(state, GB)) == 1 and len(hands.hand(state, SPAIN)) == 1


# --- #69 Descent from the Sea -------------------------------------------------------------------


def test_5_11_69_no_british_infantry_unbuilt_gb_eliminates_1_sp_then_lands_and_flags():
    """No British infantry unbuilt (a cavalry left: 2 SP, too big): GB eliminates its
    infantry at Coimbra, then 1 SP lands at Huelva (as by sea) and the British flag
    follows."""
    state = game(GB)
    place(state, "coimbra", GB, infantry=1)
    leave_unbuilt(state, GB, cav=1)
    give(state, GB, 69)
    state = play(state, GB, 69)
    state = choose(state, GB, "huelva")
    assert asked(state).options == ["coimbra"]
    assert state.flags.get("huelva") is None                    # the flag after the SP
    state = eliminate(state, GB, "coimbra")
    assert building.counters(state, "huelva", GB) == [1, 0, 0]
    assert building.sp(state, "coimbra", GB) == 0
    assert state.flags["huelva"] == GB
    assert state.sea_moved[f"{GB}@huelva"] == state.impulses


def test_5_11_69_refused_with_no_infantry_unbuilt_and_no_british_sp_on_the_map():
    state = game(GB)
    leave_unbuilt(state, GB, cav=1)
    give(state, GB, 69)
    assert not cardplay.event_playable(state, GB, 69, "")


# --- #78 Reversal of Fortune --------------------------------------------------------------------


def test_5_11_78_gb_changes_a_cavalry_into_an_infantry_then_places_4():
    """4 SP at Lisbon with 3 infantry unbuilt: GB eliminates 1 SP of its cavalry at Coimbra
    (change made: the cavalry for 1 infantry, 1.5); the cavalry freed, 2 infantry and the
    cavalry are placed: 4 SP."""
    state = game(GB)
    place(state, "coimbra", GB, cavalry=1)
    leave_unbuilt(state, GB, inf=3)
    give(state, GB, 78)
    state = play(state, GB, 78)
    state = choose(state, GB, "lisbon")
    assert asked(state).power == GB and asked(state).options == ["coimbra"]
    state = eliminate(state, GB, "coimbra")
    assert building.counters(state, "coimbra", GB) == [1, 0, 0]
    assert building.counters(state, "lisbon", GB) == [2, 1, 0]
    assert on_map_sp(state, GB) == 1 + 4


# --- #86 The Eagles Come South ------------------------------------------------------------------


def test_5_11_86_ads_short_chooses_then_adn_places_its_4():
    """Each French Power places 4 SP: the Armée du Sud (asked first) has 3 infantry
    unbuilt and eliminates 1 SP at Valencia (its choice over Madrid), then 4 at Toulouse;
    the Armée du Nord has counters enough."""
    state = game(ADS)
    place(state, "valencia", ADS, infantry=1)
    place(state, "madrid", ADS, infantry=2)
    leave_unbuilt(state, ADS, inf=3)
    give(state, ADS, 86)
    drm = interphase.appeal_drm(state)
    state = play(state, ADS, 86)
    assert interphase.appeal_drm(state) == drm - 3
    state = choose(state, ADS, "toulouse")
    assert asked(state).power == ADS and sorted(asked(state).options) == ["madrid", "valencia"]
    state = eliminate(state, ADS, "valencia")
    assert building.sp(state, "toulouse", ADS) == 4
    assert building.sp(state, "valencia", ADS) == 0 and building.sp(state, "madrid", ADS) == 2
    assert asked(state).power == ADN
    state = choose(state, ADN, "bordeaux")
    assert building.sp(state, "bordeaux", ADN) == 4
    assert 86 in state.piles.boxes["in-effect"]


# --- #101 German Conscripts ---------------------------------------------------------------------


def test_5_11_101_adn_short_chooses_burgos_then_places_4_at_bordeaux():
    state = game(ADN)
    place(state, "madrid", ADN, infantry=2)
    place(state, "burgos", ADN, infantry=1)
    leave_unbuilt(state, ADN, inf=3)
    give(state, ADN, 101)
    state = play(state, ADN, 101)
    state = choose(state, ADN, "bordeaux")
    assert sorted(asked(state).options) == ["burgos", "madrid"]
    state = eliminate(state, ADN, "burgos")
    assert building.counters(state, "bordeaux", ADN) == [4, 0, 0]
    assert building.sp(state, "burgos", ADN) == 0 and building.sp(state, "madrid", ADN) == 2


# --- #105 Afrancesados --------------------------------------------------------------------------


@pytest.mark.parametrize("donor, left", [("cuenca", {"cuenca": 1, "teruel": 3}),
                                         ("teruel", {"cuenca": 2, "teruel": 2})])
def test_5_11_105_ads_with_1_infantry_unbuilt_eliminates_where_it_chooses(donor, left):
    """2 SP at Teruel (a Spanish duchy the Armée du Sud occupies), 1 infantry unbuilt: it
    eliminates 1 SP where it chooses (Cuenca, or Teruel itself: any of its SP on the map),
    then 2 are placed."""
    state = game(ADS)
    place(state, "teruel", ADS, infantry=1)
    place(state, "cuenca", ADS, infantry=2)
    leave_unbuilt(state, ADS, inf=1)
    give(state, ADS, 105)
    state = play(state, ADS, 105)
    state = choose(state, ADS, "teruel")
    assert sorted(asked(state).options) == ["cuenca", "teruel"]
    state = eliminate(state, ADS, donor)
    assert {d: building.sp(state, d, ADS) for d in left} == left
    assert on_map_sp(state, ADS) == 3 - 1 + 2
