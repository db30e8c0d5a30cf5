"""Washington's War, the French Alliance (12.1, 12.2), the French Navy (12.3) and the French
Naval Phase (5.5): reference TC-12.1-FLOOR, TC-12.2-B, C8, C9."""
from __future__ import annotations

import pytest

from core.ww import alliance, phases, strategy
from core.ww import query as q
from core.ww.frames.phases import FrenchAlliance
from core.ww.frames.strategy import Impulse
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BRITISH, FR, FRENCH_REINFORCEMENTS,
                           NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK)
from tests.support.ww_phases import (act, asked, bare, bystanders, cus, labels, nouns, pcs,
                                     put, run, start)

ZONES = ["zone-st-lawrence", "zone-new-england", "zone-long-island-sound", "zone-delaware",
         "zone-chesapeake", "zone-carolinas", "zone-south-atlantic"]


@pytest.fixture
def state():
    s = bare()
    bystanders(s)
    return s


# --- 12.1 the track ----------------------------------------------------------------------------


def test_12_1_moves_and_logs(state):
    alliance.advance(state, 1, "the British loses a battle")
    alliance.advance(state, 2, "Hortelez et Cie played")
    assert state.alliance == 3
    assert "French Alliance marker moves forward 2 (Hortelez et Cie played): 3/9 (12.1)." \
        in state.log


def test_12_1_floor(state):
    """TC-12.1-FLOOR: the marker on 1 and Washington captured: it goes to 0."""
    state.alliance = 1
    alliance.advance(state, -3, "Washington is captured")
    assert state.alliance == 0
    alliance.advance(state, -3, "Washington is captured")
    assert state.alliance == 0


def test_12_1_space_9_is_the_last(state):
    state.alliance = 7
    alliance.advance(state, 4, "Benjamin Franklin played")
    assert state.alliance == 9
    assert any("enters the French Alliance space" in line for line in state.log)


def test_12_2_a_the_marker_moves_no_more_once_on_9(state):
    """12.2.A: on space 9 France has signed; a capture of Washington later in the same card
    does not take it back (the alliance only waits for the card to end, 12.2.B)."""
    state.alliance = 9
    alliance.advance(state, -3, "Washington is captured")
    assert state.alliance == 9


def test_c8_c9_nothing_moves_after_the_alliance(state):
    state.alliance, state.france_in_war = 9, True
    log = list(state.log)
    alliance.advance(state, 2, "the British loses the Regulars Advantage")
    alliance.advance(state, -3, "Washington is captured")
    assert state.alliance == 9 and state.log == log


# --- 12.2 the effects --------------------------------------------------------------------------


def test_12_2_b_not_due_below_9(state):
    state.alliance = 8
    alliance.apply_if_due(state)
    assert state.stack == [] and not state.france_in_war


def ally(state):
    state.alliance = 9
    state.stack = []
    alliance.apply_if_due(state)
    return run(state)


def test_12_2_b_i_the_american_places_the_navy_anywhere(state):
    state = ally(state)
    assert state.france_in_war and state.alliance_this_turn
    assert asked(state) == (AMERICAN, "FrenchNavy")
    assert nouns(state, AMERICAN, "zone") == ZONES
    assert labels(state, AMERICAN) == [f"zone {z}" for z in ZONES]     # no "stay"
    state = act(state, AMERICAN, "zone", "zone-chesapeake")
    assert state.navy == "zone-chesapeake"
    assert q.blockaded(state, "norfolk") and not q.blockaded(state, "boston")


def test_12_2_b_ii_the_french_land_in_a_port_of_the_americans_choice(state):
    pcs(state, british=["boston", "new-york"])
    put(state, "charleston", br=1)
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    assert asked(state) == (AMERICAN, "FrenchLanding")
    ports = nouns(state, AMERICAN, "port")
    assert "boston" not in ports and "new-york" not in ports    # a British PC
    assert "charleston" not in ports                            # a British CU
    assert "philadelphia" in ports and "norfolk" in ports       # blockades do not matter
    assert ports == strategy.french_ports(state)
    state = act(state, AMERICAN, "port", "philadelphia")
    assert state.generals["rochambeau"] == "philadelphia"
    assert cus(state, "philadelphia") == {FR: 5}
    assert q.cu_count(state, FRENCH_REINFORCEMENTS, FR) == 0
    assert not state.stack


def test_12_2_b_iii_iv_european_war_waits_and_the_deck_will_reshuffle(state):
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    state = act(state, AMERICAN, "port", "baltimore")
    assert state.alliance_this_turn and not state.european_war   # not until the End Phase
    assert state.reshuffle_pending
    assert any("European War marker" in line and "1776" in line for line in state.log)


def test_12_2_b_ii_no_port_the_french_wait_in_the_leaders_box(state):
    pcs(state, british=list(q.ports()))
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    assert not state.stack
    assert state.generals["rochambeau"] == AMERICAN_LEADERS
    assert q.cu_count(state, AMERICAN_LEADERS, FR) == 5   # strategy.py brings them in later


def test_12_2_b_ii_a_single_port_needs_no_choice(state):
    pcs(state, british=[p for p in q.ports() if p != "savannah"])
    state.cus.pop("savannah")                      # the bystanders' British CUs
    put(state, "st-marys", br=2)
    pcs(state, british=["st-marys"])
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    assert state.generals["rochambeau"] == "savannah"
    assert cus(state, "savannah") == {FR: 5}


def test_12_2_a_once_only(state):
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    state = act(state, AMERICAN, "port", "baltimore")
    alliance.apply_if_due(state)
    assert state.stack == []


def test_12_2_b_after_the_card_in_the_impulse(state):
    """TC-12.2-B: the alliance is applied by the impulse's step after the card (strategy.py),
    then the impulse ends (replacement draws)."""
    state.alliance = 9
    step = strategy.IMPULSE.index(strategy.after_card)
    state = start(state, Impulse(side=BRITISH, card=51, step=step))
    assert asked(state) == (AMERICAN, "FrenchNavy")
    state = act(state, AMERICAN, "zone", "zone-carolinas")
    state = act(state, AMERICAN, "port", "boston")
    assert not state.stack and state.last_impulse == BRITISH
    assert state.france_in_war


def test_12_2_b_ii_landing_on_an_american_general_settles_7_4_c(state):
    put(state, "baltimore", "lee", am=1)
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    state = act(state, AMERICAN, "port", "baltimore")
    assert state.generals["rochambeau"] == "baltimore"
    assert q.cus(state, "baltimore", AMERICAN) == 6
    assert asked(state) == (AMERICAN, "SurplusGeneral")     # 7.4.C: the American sends one


def test_12_2_frame_is_saved_as_data(state):
    import msgspec

    state.alliance = 9
    alliance.apply_if_due(state)
    assert isinstance(state.stack[-1], FrenchAlliance)
    assert msgspec.json.decode(msgspec.json.encode(state.stack[-1]), type=FrenchAlliance) \
        == state.stack[-1]


# --- 5.5 the French Naval Phase, 12.3 ----------------------------------------------------------


def naval_phase(state):
    state.stack = []
    phases.french_naval_phase(state)
    return run(state)


def test_5_5_nothing_before_the_navy_is_in_play(state):
    assert state.navy == NAVY_NOT_IN_PLAY
    assert naval_phase(state).stack == []


def test_5_5_the_american_may_move_it_or_leave_it(state):
    state.navy = "zone-new-england"
    state = naval_phase(state)
    assert asked(state) == (AMERICAN, "FrenchNavy")
    assert "stay" in labels(state, AMERICAN)
    assert "zone zone-new-england" not in labels(state, AMERICAN)
    assert act(state, AMERICAN, "stay").navy == "zone-new-england"
    assert act(state, AMERICAN, "zone", "zone-south-atlantic").navy == "zone-south-atlantic"


def test_12_3_destaing_the_navy_must_come_back(state):
    """12.3: after d'Estaing the Navy is on the Turn Track and must be placed in any zone in
    the next French Naval Phase."""
    state.navy = NAVY_ON_TURN_TRACK
    assert not q.blockaded(state, "boston")
    state = naval_phase(state)
    assert "stay" not in labels(state, AMERICAN)
    assert nouns(state, AMERICAN, "zone") == ZONES
    assert act(state, AMERICAN, "zone", "zone-new-england").navy == "zone-new-england"


def test_12_2_b_i_the_same_turns_naval_phase_may_move_it(state):
    state = act(ally(state), AMERICAN, "zone", "zone-delaware")
    state = act(state, AMERICAN, "port", "baltimore")
    state = naval_phase(state)
    assert "stay" in labels(state, AMERICAN)


def test_12_2_c_french_count_as_american_for_pc_placement(state):
    put(state, "new-york", "rochambeau", fr=2)
    put(state, "albany", "lee", fr=1)
    assert q.has_army(state, "new-york", AMERICAN) and q.has_army(state, "albany", AMERICAN)
    assert AM not in cus(state, "new-york")
