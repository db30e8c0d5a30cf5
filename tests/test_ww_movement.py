"""Washington's War movement (7.0-7.9), rule by rule with the reference's worked examples
(../shared/rules/washingtons-war.md, "Movement and activation": TC-7.*) and its readings.

Positions: tests/support/ww_movement.py. Battles and Overruns are the battle part's: each test
watches movement's calls to it through `movement.battles_by` (the `battles` fixture)."""
from __future__ import annotations

import msgspec
import pytest

import core.dice
from core import stack
from core.engine import Action, IllegalAction
from core.ww import battle, movement
from core.ww import query as q
from core.ww.frames.movement import (Activation, Intercept, Move, RetreatBeforeBattle,
                                     SurplusGeneral, WashingtonCaptured)
from core.ww.frames.strategy import CampaignChoice
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH, BRITISH_REINFORCEMENTS,
                           CAPTURED, DISPERSED, FR, REMOVED)
from tests.support.ww_movement import (FLOW, Recorder, act, activate, campaign, choice, choices,
                                       count, cus, empty, labels, nouns, pcs, put, snapshot, top)


@pytest.fixture
def battles():
    with movement.battles_by(Recorder()) as recorder:
        yield recorder


def moves(state, role):
    return nouns(state, role, "move")


# --- the entry points and the flow ------------------------------------------------------------


def test_flow_has_every_frame():
    from core.ww.frames import movement as frames
    assert set(movement.FLOW) == set(frames.FRAMES)


def test_7_1_A_thresholds():
    """TC-7.1-A: Carleton (3) needs a 3, Gates (2) a 2 or 3, Greene (1) any card."""
    state = empty()
    put(state, "carleton", "quebec", br=2)
    put(state, "howe", "boston", br=5)
    put(state, "gates", "camden")
    put(state, "greene", "newport", am=2)
    assert movement.activatable(state, BRITISH, 3) == ["howe", "carleton"]
    assert movement.activatable(state, BRITISH, 2) == []
    assert movement.activatable(state, AMERICAN, 1) == ["greene"]
    assert set(movement.activatable(state, AMERICAN, 2)) == {"greene", "gates"}
    assert movement.strategy("gates") == 2


def test_7_2_A_any_general_on_the_map_for_a_campaign():
    """7.2.A: None = any rating; generals in a box or captured are not on the map."""
    state = empty()
    put(state, "lee", "trenton")
    put(state, "greene", "newport")
    state.generals["arnold"] = CAPTURED
    assert set(movement.activatable(state, AMERICAN, None)) == {"lee", "greene"}


# --- 7.3 the movement procedure -------------------------------------------------------------


def test_7_3_gates_example(battles):
    """TC-7.3-GATES: Ninety Six -> Camden -> Eutaw Springs (drop 2) -> Charleston (pick up 3:
    5 CUs) -> Savannah, 4 spaces; a 5th to Augusta or St. Mary's would be legal."""
    state = empty()
    put(state, "gates", "ninety-six", am=4)
    cus(state, "charleston", am=3)
    state = activate(state, AMERICAN, "gates")
    act_ = state.stack[0]
    assert isinstance(act_, Activation) and act_.budget == 5 and act_.carried == {AM: 4}
    state = act(state, AMERICAN, "move", "camden")
    state = act(state, AMERICAN, "move", "eutaw-springs")
    state = act(state, AMERICAN, "carry", "american=2")
    state = act(state, AMERICAN, "move", "charleston")
    assert "carry american=6" not in labels(state, AMERICAN)       # 7.3.A: 5 at most
    state = act(state, AMERICAN, "carry", "american=5")
    state = act(state, AMERICAN, "move", "savannah")
    assert {"augusta", "st-marys"} <= set(moves(state, AMERICAN))  # the 5th space
    assert state.stack[0].spent == 4
    state = act(state, AMERICAN, "end")
    assert state.stack == []
    assert count(state, "eutaw-springs") == 2 and count(state, "charleston") == 0
    assert state.generals["gates"] == "savannah" and count(state, "savannah") == 5
    assert battles.calls == []


def test_7_3_A_british_four_spaces():
    state = empty()
    put(state, "howe", "boston", br=3)
    state = activate(state, BRITISH, "howe")
    for space in ("exeter", "concord-nh", "norwich", "springfield"):
        state = act(state, BRITISH, "move", space)
    assert moves(state, BRITISH) == []
    assert labels(state, BRITISH)[-1] == "end"


def test_7_3_A_carry_choices_and_refusals():
    """7.3.A: pick up and drop per nationality; never more than 5; a choice not offered is
    refused and the state is untouched."""
    state = empty()
    put(state, "washington", "new-york", am=4, fr=3)
    state = activate(state, AMERICAN, "washington")
    assert state.stack[0].carried == {AM: 4, FR: 1}
    assert "carry french=2" not in labels(state, AMERICAN)
    state = act(state, AMERICAN, "carry", "american=2")
    state = act(state, AMERICAN, "carry", "french=3")
    assert state.stack[0].carried == {AM: 2, FR: 3}
    before = snapshot(state)
    for verb, noun in (("carry", "french=4"), ("move", "boston"), ("naval", "boston"),
                       ("carry", "american=9")):
        with pytest.raises(IllegalAction):
            act(state, AMERICAN, verb, noun)
    with pytest.raises(IllegalAction):
        act(state, BRITISH, "end")
    assert snapshot(state) == before


def test_7_3_B_entering_enemy_cus_ends_the_move_in_battle(battles):
    state = empty()
    put(state, "howe", "boston", br=5)
    put(state, "washington", "lexington-concord", am=2)
    pcs(state, british=["worcester"])   # the retreat spaces: none (A13), so no 7.9 stop
    pcs(state, british=["concord-nh"])
    state = activate(state, BRITISH, "howe")
    assert choice(state, BRITISH, "move", "lexington-concord").group == "battle"
    state = act(state, BRITISH, "move", "lexington-concord")
    assert battles.calls == [("battle", "lexington-concord", BRITISH, "howe", "boston", False)]
    assert state.stack == []


def test_7_3_C_american_fifth_space_into_enemy_cus(battles):
    """TC-7.3-C: a 5th space holding British CUs is illegal; the 4th is legal."""
    state = empty()
    put(state, "gates", "ninety-six", am=2)
    cus(state, "st-marys", br=2)
    state = activate(state, AMERICAN, "gates")
    for space in ("camden", "eutaw-springs", "charleston", "savannah"):
        state = act(state, AMERICAN, "move", space)
    assert "st-marys" not in moves(state, AMERICAN) and "augusta" in moves(state, AMERICAN)
    state = empty()
    put(state, "gates", "ninety-six", am=4)
    cus(state, "st-marys", br=1)                   # nor an Overrun on the 5th space
    state = activate(state, AMERICAN, "gates")
    for space in ("camden", "eutaw-springs", "charleston", "savannah"):
        state = act(state, AMERICAN, "move", space)
    assert "st-marys" not in moves(state, AMERICAN)
    state = empty()
    put(state, "gates", "ninety-six", am=2)
    cus(state, "savannah", br=2)
    state = activate(state, AMERICAN, "gates")
    for space in ("camden", "eutaw-springs", "charleston"):
        state = act(state, AMERICAN, "move", space)
    state = act(state, AMERICAN, "move", "savannah")
    assert battles.calls == [("battle", "savannah", AMERICAN, "gates", "charleston", False)]


def test_7_3_C_overrun_then_two_more_spaces(battles):
    """TC-7.3-C: an American Army that overran on its 2nd step may move at most 2 more."""
    state = empty()
    put(state, "gates", "ninety-six", am=4)
    cus(state, "eutaw-springs", br=1)
    state = activate(state, AMERICAN, "gates")
    state = act(state, AMERICAN, "move", "camden")
    assert choice(state, AMERICAN, "move", "eutaw-springs").label.startswith("Overrun")
    state = act(state, AMERICAN, "move", "eutaw-springs")
    assert battles.calls == [("overrun", "eutaw-springs", AMERICAN)]
    assert isinstance(top(state), Move) and state.stack[0].overran
    state = act(state, AMERICAN, "move", "charleston")
    state = act(state, AMERICAN, "move", "savannah")
    assert state.stack[0].spent == 4 and moves(state, AMERICAN) == []


def test_7_3_C_american_general_alone_moves_five():
    state = empty()
    put(state, "lee", "ninety-six")
    state = activate(state, AMERICAN, "lee")
    for space in ("camden", "eutaw-springs", "charleston", "savannah"):
        state = act(state, AMERICAN, "move", space)
    state = act(state, AMERICAN, "move", "st-marys")
    assert state.stack[0].spent == 5


def test_7_3_C_capture_and_still_five(battles):
    """7.3.C: an American Army may capture lone British generals and still move 5."""
    state = empty()
    put(state, "gates", "ninety-six", am=2)
    put(state, "clinton", "eutaw-springs")
    state = activate(state, AMERICAN, "gates")
    state = act(state, AMERICAN, "move", "camden")
    state = act(state, AMERICAN, "move", "eutaw-springs")
    assert state.generals["clinton"] == CAPTURED
    for space in ("charleston", "savannah", "st-marys"):
        state = act(state, AMERICAN, "move", space)
    assert state.stack[0].spent == 5


def test_7_3_C_glover_six_spaces_then_battle(battles):
    """7.3.C special: Glover's general moves up to 6 and may fight after 6."""
    state = empty()
    put(state, "greene", "gilbert-town", am=3)
    cus(state, "st-marys", br=2)
    state = activate(state, AMERICAN, "greene", via="glover", card=17)
    assert state.stack[0].budget == 6
    for space in ("charlotte", "camden", "eutaw-springs", "charleston", "savannah"):
        state = act(state, AMERICAN, "move", space)
    state = act(state, AMERICAN, "move", "st-marys")
    assert battles.calls == [("battle", "st-marys", AMERICAN, "greene", "savannah", False)]


def test_7_3_D_wilderness_fort_detroit():
    """TC-7.3-D: Fort Detroit -> Bassett Town costs 3; Point Pleasant would cost 3 more."""
    state = empty()
    put(state, "burgoyne", "fort-detroit", br=2)
    state = activate(state, BRITISH, "burgoyne")
    assert "3 of 4 spaces" in choice(state, BRITISH, "move", "bassett-town").label
    state = act(state, BRITISH, "move", "bassett-town")
    assert state.stack[0].spent == 3
    assert moves(state, BRITISH) == ["pittsburgh"]


# --- 7.4 restrictions --------------------------------------------------------------------------


def test_7_4_A_B_lone_general():
    """TC-7.4-A/B: alone, no space with an American PC or CUs; through a space holding only an
    American general, but no stop there."""
    state = empty()
    put(state, "clinton", "new-york")
    cus(state, "elizabethtown", am=1)
    pcs(state, american=["white-plains"])
    put(state, "lee", "long-island")
    state = activate(state, BRITISH, "clinton")
    assert set(moves(state, BRITISH)) == {"long-island", "new-haven"}
    state = act(state, BRITISH, "move", "long-island")
    assert state.generals["lee"] == "long-island"            # alone: no capture
    assert "end" not in labels(state, BRITISH)
    assert moves(state, BRITISH) == ["new-york"]


def test_7_4_A_no_dead_end_pass_through():
    """7.4.A: a lone general is not offered a lone enemy general's space he could not leave
    within his budget (he may not stop there)."""
    state = empty()
    put(state, "clinton", "bassett-town")
    put(state, "lee", "point-pleasant")       # 3 spaces in, 3 more to leave: 6 > 4
    state = activate(state, BRITISH, "clinton")
    assert moves(state, BRITISH) == ["fort-detroit", "pittsburgh"]
    state = empty()
    put(state, "clinton", "bassett-town")
    put(state, "lee", "pittsburgh")
    state = activate(state, BRITISH, "clinton")
    assert "pittsburgh" in moves(state, BRITISH)


def test_7_4_C_two_generals_owner_chooses(battles):
    """TC-7.4-C: Greene ends in Lafayette's space: the American sends one to the box."""
    state = empty()
    put(state, "greene", "newport", am=1)
    put(state, "lafayette", "providence", am=1)
    state = activate(state, AMERICAN, "greene")
    assert not choice(state, AMERICAN, "move", "providence").ends_turn
    state = act(state, AMERICAN, "move", "providence")
    end = choice(state, AMERICAN, "end")
    assert not end.ends_turn                   # a 7.4.C choice follows
    state = act(state, AMERICAN, "end")
    assert isinstance(top(state), SurplusGeneral)
    assert set(nouns(state, AMERICAN, "send")) == {"greene", "lafayette"}
    state = act(state, AMERICAN, "send", "greene")
    assert state.generals["greene"] == AMERICAN_LEADERS and state.stack == []
    assert count(state, "providence") == 2


def test_7_4_C_british_general_to_the_british_reinforcements_box():
    state = empty()
    put(state, "clinton", "new-york", br=2)
    put(state, "howe", "white-plains", br=3)
    state = activate(state, BRITISH, "clinton")
    state = act(state, BRITISH, "move", "white-plains")
    state = act(state, BRITISH, "end")
    state = act(state, BRITISH, "send", "howe")
    assert state.generals["howe"] == BRITISH_REINFORCEMENTS
    assert state.generals["clinton"] == "white-plains" and count(state, "white-plains") == 5


def test_7_4_C_washington_never_goes():
    """TC-7.4-C: Gates ends in Washington's space: Gates is the one removed."""
    state = empty()
    put(state, "gates", "trenton", am=1)
    put(state, "washington", "princeton", am=3)
    state = activate(state, AMERICAN, "gates")
    state = act(state, AMERICAN, "move", "princeton")
    assert choice(state, AMERICAN, "end").ends_turn
    state = act(state, AMERICAN, "end")
    assert state.generals["gates"] == AMERICAN_LEADERS and state.stack == []
    assert state.generals["washington"] == "princeton"


def test_7_4_C_passing_through_a_friendly_general():
    state = empty()
    put(state, "gates", "trenton", am=1)
    put(state, "washington", "princeton", am=3)
    state = activate(state, AMERICAN, "gates")
    state = act(state, AMERICAN, "move", "princeton")
    state = act(state, AMERICAN, "move", "new-brunswick")
    state = act(state, AMERICAN, "end")
    assert state.generals["gates"] == "new-brunswick"
    assert state.generals["washington"] == "princeton"


def test_7_4_D_falmouth_quebec_for_arnold_only():
    state = empty()
    put(state, "arnold", "falmouth", am=2)
    state = activate(state, AMERICAN, "arnold")
    assert "quebec" in moves(state, AMERICAN)
    state = act(state, AMERICAN, "move", "quebec")
    assert state.stack[0].spent == 3          # a wilderness link
    state = empty()
    put(state, "washington", "falmouth", am=2)
    state = activate(state, AMERICAN, "washington")
    assert moves(state, AMERICAN) == ["exeter"]


def test_7_4_E_campaign_cus_move_with_one_general():
    """7.2.A, 7.4.E: CUs that moved with one general of the Campaign do not move with another;
    CUs that did not move may."""
    state = empty()
    put(state, "howe", "boston", br=3)
    put(state, "clinton", "providence", br=1)
    state = campaign(state, BRITISH, 2)
    assert isinstance(top(state), CampaignChoice)
    state = act(state, BRITISH, "general", "howe")
    state = act(state, BRITISH, "move", "providence")
    state = act(state, BRITISH, "carry", "british=1")  # leaves 2 moved CUs in Providence
    state = act(state, BRITISH, "move", "boston")
    state = act(state, BRITISH, "end")
    state = act(state, BRITISH, "general", "clinton")
    act_ = state.stack[-2]
    assert isinstance(act_, Activation) and act_.carried == {BR: 1}   # his unmoved CU only
    assert "carry british=2" not in labels(state, BRITISH)
    state = act(state, BRITISH, "move", "boston")
    assert "carry british=2" not in labels(state, BRITISH)           # Howe's CU moved
    assert count(state, "boston") == 2
    state = act(state, BRITISH, "move", "exeter")
    state = act(state, BRITISH, "end")
    assert state.stack == [] and count(state, "exeter") == 1


def test_7_4_E_picked_up_and_dropped_in_place_has_not_moved():
    state = empty()
    put(state, "howe", "boston", br=3)
    put(state, "clinton", "exeter")
    state = campaign(state, BRITISH, 2)
    state = act(state, BRITISH, "general", "howe")
    state = act(state, BRITISH, "carry", "british=0")
    state = act(state, BRITISH, "move", "exeter")
    state = act(state, BRITISH, "move", "boston")
    state = act(state, BRITISH, "carry", "british=2")
    state = act(state, BRITISH, "carry", "british=1")
    state = act(state, BRITISH, "move", "exeter")
    state = act(state, BRITISH, "carry", "british=0")           # 1 moved CU left in Exeter
    state = act(state, BRITISH, "move", "boston")
    state = act(state, BRITISH, "end")
    # Boston's 2 CUs never moved (one was picked up and left again there); Exeter's 1 did:
    # Clinton in Exeter may take none there, then both in Boston
    state = act(state, BRITISH, "general", "clinton")
    assert state.stack[-2].carried == {}
    state = act(state, BRITISH, "move", "boston")
    assert "carry british=2" in labels(state, BRITISH)


def test_7_4_E_ends_turn_only_after_the_last_activation():
    state = empty()
    put(state, "howe", "boston", br=3)
    state = campaign(state, BRITISH, 2)
    state = act(state, BRITISH, "general", "howe")
    assert not choice(state, BRITISH, "end").ends_turn


# --- 7.5 British naval movement ------------------------------------------------------------


def test_7_5_naval_move(battles):
    """TC-7.5: Howe in Boston (British PC) with 5 CUs sails to Wilmington NC (British PC): the
    whole activation; no interception."""
    state = empty()
    put(state, "howe", "boston", br=5)
    pcs(state, british=["boston", "wilmington-nc"], american=["new-bern", "philadelphia"])
    put(state, "greene", "new-bern", am=3)   # adjacent to Wilmington: never intercepts
    cus(state, "savannah", am=1)
    state = activate(state, BRITISH, "howe")
    ports = nouns(state, BRITISH, "naval")
    assert "wilmington-nc" in ports
    assert not {"new-bern", "savannah", "philadelphia", "charleston", "boston"} & set(ports)
    assert choice(state, BRITISH, "naval", "wilmington-nc").ends_turn
    state = act(state, BRITISH, "naval", "wilmington-nc")
    assert state.stack == [] and battles.calls == []
    assert state.generals["howe"] == "wilmington-nc" and count(state, "wilmington-nc") == 5


def test_7_5_fortified_port_needs_a_british_pc():
    state = empty()
    put(state, "howe", "boston", br=5)
    state = activate(state, BRITISH, "howe")
    assert "philadelphia" not in nouns(state, BRITISH, "naval")
    state = empty()
    put(state, "howe", "boston", br=5)
    pcs(state, british=["philadelphia"])
    state.congress = DISPERSED
    state = activate(state, BRITISH, "howe")
    assert "philadelphia" in nouns(state, BRITISH, "naval")


def test_7_5_blockaded_zone_neither_origin_nor_destination():
    state = empty()
    put(state, "howe", "boston", br=5)
    state.navy = q.zone("wilmington-nc")
    state = activate(state, BRITISH, "howe")
    naval = nouns(state, BRITISH, "naval")
    assert "wilmington-nc" not in naval and "new-york" in naval
    state = empty()
    put(state, "howe", "boston", br=5)
    state.navy = q.zone("boston")
    state = activate(state, BRITISH, "howe")
    assert nouns(state, BRITISH, "naval") == []


def test_7_5_only_before_moving_and_american_never():
    state = empty()
    put(state, "howe", "boston", br=5)
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "barnstable")
    assert nouns(state, BRITISH, "naval") == []
    state = empty()
    put(state, "greene", "newport", am=2)
    state = activate(state, AMERICAN, "greene")
    assert nouns(state, AMERICAN, "naval") == []


def test_7_5_naval_captures_and_disperses():
    """7.5: an Army sailing into a port with a lone American general captures him (7.6); the
    Congress there without CUs is dispersed (7.7)."""
    state = empty()
    put(state, "howe", "new-york", br=2)
    put(state, "lee", "baltimore")
    state.congress = "baltimore"
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "naval", "baltimore")
    assert state.generals["lee"] == CAPTURED and state.congress == DISPERSED


def test_7_5_lone_general_may_not_sail_onto_a_lone_enemy_general():
    state = empty()
    put(state, "howe", "new-york")
    put(state, "lee", "baltimore")
    state = activate(state, BRITISH, "howe")
    assert "baltimore" not in nouns(state, BRITISH, "naval")
    assert "norfolk" in nouns(state, BRITISH, "naval")


# --- 7.6 capture -------------------------------------------------------------------------------


def test_7_6_A_capture_and_continue():
    """TC-7.6-A: a British Army (general + 2 CUs) enters Lee's space (no PC): Lee goes to the
    Captured Generals box and the Army may keep moving."""
    state = empty()
    put(state, "howe", "trenton", br=2)
    put(state, "lee", "princeton")
    state = activate(state, BRITISH, "howe")
    assert "capture Lee" in choice(state, BRITISH, "move", "princeton").label
    state = act(state, BRITISH, "move", "princeton")
    assert state.generals["lee"] == CAPTURED
    assert isinstance(top(state), Move) and "new-brunswick" in moves(state, BRITISH)


def test_7_6_B_washington_captured():
    """TC-7.6-B: French Alliance 2, no France: Washington removed, 5 PCs at most one per
    colony from spaces with no American unit, the marker 2 -> 0."""
    state = empty()
    state.alliance = 2
    put(state, "howe", "trenton", br=2)
    put(state, "washington", "princeton")
    put(state, "greene", "boston", am=1)
    pcs(state, american=["boston", "worcester", "springfield", "hartford", "newport",
                         "albany", "baltimore", "norfolk", "philadelphia", "trenton"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert state.generals["washington"] == REMOVED
    assert state.alliance == 0
    assert isinstance(top(state), WashingtonCaptured)
    offered = set(nouns(state, BRITISH, "remove"))
    assert "boston" not in offered and "philadelphia" not in offered   # Greene, the Congress
    assert offered == {"worcester", "springfield", "hartford", "newport", "albany",
                       "baltimore", "norfolk", "trenton"}
    state = act(state, BRITISH, "remove", "worcester")
    assert "springfield" not in nouns(state, BRITISH, "remove")        # one per colony (MA)
    for space in ("hartford", "newport", "albany", "baltimore"):
        state = act(state, BRITISH, "remove", space)
    assert isinstance(top(state), Move)                              # 5 removed
    assert state.pcs.get("norfolk") == AMERICAN and "worcester" not in state.pcs


def test_7_6_B_after_the_alliance_and_A37_fewer_pcs():
    """TC-7.6-B variant: after the French Alliance the marker stays; A37: fewer than 5
    eligible PCs: all of them go."""
    state = empty()
    state.alliance, state.france_in_war = 9, True
    put(state, "howe", "trenton", br=2)
    put(state, "washington", "princeton")
    pcs(state, american=["worcester", "springfield"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert state.alliance == 9
    state = act(state, BRITISH, "remove", "springfield")
    assert isinstance(top(state), Move) and state.pcs == {"worcester": AMERICAN}


def test_8_2_reinforcements_capture_through_arrive():
    """TC-8.2-CLAR: American CUs placed on a lone British general capture him (arrive)."""
    state = empty()
    state.generals["clinton"] = "trenton"
    cus(state, "trenton", am=2)
    movement.arrive(state, "trenton", AMERICAN)
    assert state.generals["clinton"] == CAPTURED


# --- 7.7 the Congress -----------------------------------------------------------------------


def test_7_7_congress_dispersed_and_move_on():
    """TC-7.7: a British Army enters Philadelphia with the Congress and no American CU."""
    state = empty()
    put(state, "howe", "trenton", br=2)
    pcs(state, american=["philadelphia"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "philadelphia")
    assert state.congress == DISPERSED
    assert isinstance(top(state), Move) and "lancaster" in moves(state, BRITISH)


def test_7_7_A36_lone_general_does_not_disperse():
    state = empty()
    put(state, "howe", "trenton")
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "philadelphia")
    assert state.congress == "philadelphia"
    state = act(state, BRITISH, "end")
    assert state.congress == "philadelphia"


# --- 7.8 interception --------------------------------------------------------------------------


def intercept_position():
    """TC-7.8-ARNOLD: a British Army enters Saratoga (American PC, no British CU before),
    next to Arnold (Agility 2) with 3 CUs in Albany."""
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=3)
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    return act(state, BRITISH, "move", "saratoga")


def test_7_8_arnold_intercepts(battles):
    """TC-7.8-ARNOLD, d6 2: Arnold + 3 CUs in Saratoga, the British move ends, battle with the
    British attacking and the interception flagged (9.46)."""
    state = intercept_position()
    assert isinstance(top(state), Intercept)
    assert "succeeds on 1-2" in choice(state, AMERICAN, "intercept", "arnold").label
    state = act(state, AMERICAN, "intercept", "arnold", dice=[2])
    assert state.generals["arnold"] == "saratoga" and count(state, "saratoga", AM) == 3
    assert battles.calls == [("battle", "saratoga", BRITISH, "burgoyne", "ticonderoga", True)]
    assert state.stack == []


def test_7_8_arnold_fails_then_no_retreat_before_battle(battles):
    """TC-7.8-ARNOLD, d6 3: the British may go on; entering Arnold's space during the same
    card, Arnold may not retreat before battle."""
    state = intercept_position()
    state = act(state, AMERICAN, "intercept", "arnold", dice=[3])
    assert state.intercepted == ["arnold"]
    assert isinstance(top(state), Move)
    state = act(state, BRITISH, "move", "albany")
    assert battles.calls == [("battle", "albany", BRITISH, "burgoyne", "saratoga", False)]


def test_7_8_declined():
    state = intercept_position()
    state = act(state, AMERICAN, "no-interception")
    assert isinstance(top(state), Move) and state.intercepted == []


def test_7_8_B_no_interception():
    """7.8.B: not into a space that held British CUs; not against a general alone; not
    without an American PC; A34: not by a general alone."""
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=3)
    cus(state, "saratoga", br=1)
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")
    assert isinstance(top(state), Move)
    assert state.generals["burgoyne"] == "saratoga" and count(state, "saratoga", BR) == 6
    assert state.generals["arnold"] == "albany" and count(state, "albany", AM) == 3
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=3)
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")                # no PC
    assert isinstance(top(state), Move)
    assert state.generals["burgoyne"] == "saratoga" and count(state, "saratoga", BR) == 5
    assert state.generals["arnold"] == "albany" and count(state, "albany", AM) == 3
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=2)
    put(state, "arnold", "albany")                                   # A34: no CU
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")
    assert isinstance(top(state), Move)
    assert state.generals["burgoyne"] == "saratoga" and count(state, "saratoga", BR) == 2
    assert state.generals["arnold"] == "albany" and count(state, "albany", AM) == 0


def test_7_8_C_at_most_five_come(battles):
    """TC-7.8-C: with 7 CUs the interceptor brings 5; 2 stay."""
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=7)
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")
    state = act(state, AMERICAN, "intercept", "arnold", dice=[1])
    assert count(state, "saratoga", AM) == 5 and count(state, "albany", AM) == 2


def test_7_8_C_mixed_nationalities_choose_which(battles):
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=4, fr=3)
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")
    offered = nouns(state, AMERICAN, "intercept")
    assert "arnold:american=2/french=3" in offered and "arnold:american=4/french=1" in offered
    state = act(state, AMERICAN, "intercept", "arnold:american=2/french=3", dice=[2])
    assert count(state, "albany", AM) == 2 and count(state, "saratoga", FR) == 3


def test_7_8_D_A1_intercepting_onto_a_lone_general(battles):
    """A1, 7.8.D: interception first; the lone American general in Saratoga is then not
    captured, and one of the two generals goes to the box before the battle."""
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=3)
    put(state, "lee", "saratoga")
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")
    state = act(state, AMERICAN, "intercept", "arnold", dice=[1])
    assert isinstance(top(state), SurplusGeneral) and battles.calls == []
    state = act(state, AMERICAN, "send", "arnold")
    assert state.generals["lee"] == "saratoga" and state.generals["arnold"] == AMERICAN_LEADERS
    assert battles.calls == [("battle", "saratoga", BRITISH, "burgoyne", "ticonderoga", True)]


def test_7_8_D_without_interception_the_lone_general_is_captured():
    state = empty()
    put(state, "burgoyne", "ticonderoga", br=5)
    put(state, "arnold", "albany", am=3)
    put(state, "lee", "saratoga")
    pcs(state, american=["saratoga"])
    state = activate(state, BRITISH, "burgoyne")
    state = act(state, BRITISH, "move", "saratoga")
    state = act(state, AMERICAN, "intercept", "arnold", dice=[6])
    assert state.generals["lee"] == CAPTURED and isinstance(top(state), Move)


def test_7_8_E_several_armies_once_each_per_card(battles):
    """7.8.E: several Armies may try, the first success ends it; each Army tries once per
    British card; a new card brings a new try."""
    state = empty()
    put(state, "howe", "new-brunswick", br=5)
    put(state, "washington", "morristown", am=3)
    put(state, "greene", "trenton", am=2)
    pcs(state, american=["princeton", "elizabethtown"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert set(nouns(state, AMERICAN, "intercept")) == {"greene"}
    state = act(state, AMERICAN, "intercept", "greene", dice=[5])
    assert isinstance(top(state), Move)                    # no candidate left
    assert state.generals["greene"] == "trenton" and count(state, "trenton", AM) == 2
    assert state.generals["howe"] == "princeton" and count(state, "princeton", BR) == 5
    state = act(state, BRITISH, "move", "new-brunswick")
    state = act(state, BRITISH, "move", "elizabethtown")
    assert set(nouns(state, AMERICAN, "intercept")) == {"washington"}
    state = act(state, AMERICAN, "intercept", "washington", dice=[2])
    assert battles.calls[-1][:2] == ("battle", "elizabethtown")
    assert state.generals["washington"] == "elizabethtown" and \
        count(state, "elizabethtown", AM) == 3 and count(state, "morristown", AM) == 0
    # the next British card: everybody may try again
    put(state, "clinton", "new-york", br=4)
    state = activate(state, BRITISH, "clinton")
    assert state.intercepted == []


def test_7_8_E_campaign_one_try_in_all(battles):
    """7.8.E: in a British Campaign each American Army tries once in all."""
    state = empty()
    put(state, "howe", "new-brunswick", br=5)
    put(state, "clinton", "new-york", br=5)
    put(state, "greene", "trenton", am=2)
    pcs(state, american=["princeton"])
    state = campaign(state, BRITISH, 2)
    state = act(state, BRITISH, "general", "howe")
    state = act(state, BRITISH, "move", "princeton")
    state = act(state, AMERICAN, "intercept", "greene", dice=[6])
    state = act(state, BRITISH, "move", "new-brunswick")
    state = act(state, BRITISH, "end")
    state = act(state, BRITISH, "general", "clinton")
    state = act(state, BRITISH, "move", "elizabethtown")
    state = act(state, BRITISH, "move", "new-brunswick")
    state = act(state, BRITISH, "move", "princeton")     # held British CUs? no: Howe left
    assert isinstance(top(state), Move)                   # Greene already tried this card


def test_7_8_two_interceptors_first_fails_second_tries():
    state = empty()
    put(state, "howe", "trenton", br=5)
    put(state, "washington", "monmouth", am=3)
    put(state, "greene", "elizabethtown", am=2)
    pcs(state, american=["new-brunswick"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    state = act(state, BRITISH, "move", "new-brunswick")
    assert set(nouns(state, AMERICAN, "intercept")) == {"washington", "greene"}
    assert "succeeds on 1-2" in choice(state, AMERICAN, "intercept", "washington").label  # no +2
    state = act(state, AMERICAN, "intercept", "washington", dice=[4])
    assert isinstance(top(state), Intercept)
    assert nouns(state, AMERICAN, "intercept") == ["greene"]


def test_7_8_across_a_wilderness_link(battles):
    """7.3.D: American Armies intercept across wilderness links."""
    state = empty()
    put(state, "carleton", "fort-detroit", br=2)
    put(state, "lee", "pittsburgh", am=2)
    put(state, "greene", "point-pleasant", am=2)
    pcs(state, american=["bassett-town"])
    state = activate(state, BRITISH, "carleton")
    state = act(state, BRITISH, "move", "bassett-town")
    assert set(nouns(state, AMERICAN, "intercept")) == {"lee", "greene"}


# --- 7.9 retreat before battle -------------------------------------------------------------


def rbb_position(general: str, am: int, british: int = 5):
    state = empty()
    put(state, "howe", "trenton", br=british)
    put(state, general, "princeton", am=am)
    state = activate(state, BRITISH, "howe")
    return act(state, BRITISH, "move", "princeton")


def test_7_9_A_greene_plus_two(battles):
    """TC-7.9-A: Greene (Agility 2) retreats on d6 <= 4."""
    state = rbb_position("greene", 3)
    assert isinstance(top(state), RetreatBeforeBattle)
    assert "succeeds on 1-4" in choice(state, AMERICAN, "retreat").label
    state = act(state, AMERICAN, "retreat", dice=[4])
    assert set(nouns(state, AMERICAN, "retreat-to")) == {"new-brunswick"}  # not Trenton
    state = act(state, AMERICAN, "retreat-to", "new-brunswick")
    assert state.generals["greene"] == "new-brunswick" and count(state, "new-brunswick") == 3
    assert battles.calls == [] and state.stack == []      # 7.3.B: the British move ends
    assert state.generals["howe"] == "princeton"


def test_7_9_A_other_general_agility_only(battles):
    """TC-7.9-A: Lafayette (Agility 3, no bonus) fails on 4: battle."""
    state = rbb_position("lafayette", 2)
    assert "succeeds on 1-3" in choice(state, AMERICAN, "retreat").label
    state = act(state, AMERICAN, "retreat", dice=[4])
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", False)]


def test_7_9_stand_and_fight(battles):
    state = rbb_position("greene", 3)
    state = act(state, AMERICAN, "stand")
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", False)]


def test_7_9_B_washington_with_seven(battles):
    """TC-7.9-B: Washington and 5 CUs escape; 2 stay and fight a battle with no general; the
    British Army stops."""
    state = rbb_position("washington", 7)
    state = act(state, AMERICAN, "retreat", dice=[3])
    state = act(state, AMERICAN, "retreat-to", "new-brunswick")
    assert count(state, "new-brunswick") == 5 and count(state, "princeton", AM) == 2
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", False)]


def test_7_9_B_six_cus_one_overrun_and_stop(battles):
    """TC-7.9-B variant: with 6 CUs the one left is overrun and the British Army still
    stops."""
    state = rbb_position("washington", 6)
    state = act(state, AMERICAN, "retreat", dice=[1])
    state = act(state, AMERICAN, "retreat-to", "new-brunswick")
    assert battles.calls == [("overrun", "princeton", BRITISH)]
    assert state.stack == []


def test_7_9_B_mixed_stack_chooses_who_escapes(battles):
    state = empty()
    put(state, "howe", "trenton", br=5)
    put(state, "washington", "princeton", am=4, fr=3)
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    offered = nouns(state, AMERICAN, "retreat")
    assert "american=4/french=1" in offered and "american=2/french=3" in offered
    state = act(state, AMERICAN, "retreat", "american=2/french=3", dice=[4])
    state = act(state, AMERICAN, "retreat-to", "new-brunswick")
    assert count(state, "princeton", AM) == 2 and count(state, "new-brunswick", FR) == 3
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", False)]


def test_7_9_A13_no_retreat_space_no_attempt(battles):
    state = empty()
    put(state, "howe", "trenton", br=5)
    put(state, "greene", "princeton", am=2)
    pcs(state, british=["new-brunswick"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", False)]


def test_7_9_B_retreat_spaces_follow_9_61(battles):
    """9.61: no British CU, no British PC, not where the British came from; 7.6.A: a lone
    British general there is captured by the retreating Army."""
    state = empty()
    put(state, "howe", "new-york", br=5)
    put(state, "greene", "elizabethtown", am=2)
    cus(state, "new-brunswick", br=1)
    put(state, "clinton", "morristown")
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "elizabethtown")
    state = act(state, AMERICAN, "retreat", dice=[2])
    assert nouns(state, AMERICAN, "retreat-to") == ["morristown"]
    state = act(state, AMERICAN, "retreat-to", "morristown")
    assert state.generals["clinton"] == CAPTURED


def test_7_9_A15_congress_dispersed_after_retreat(battles):
    state = empty()
    put(state, "howe", "trenton", br=5)
    put(state, "greene", "philadelphia", am=2)
    pcs(state, american=["philadelphia"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "philadelphia")
    state = act(state, AMERICAN, "retreat", dice=[1])
    state = act(state, AMERICAN, "retreat-to", "lancaster")
    assert state.congress == DISPERSED and battles.calls == []


def test_7_9_C_retreat_again_in_each_activation():
    """7.9.C: an Army attacked in each activation of a British Campaign may try each time."""
    state = empty()
    put(state, "howe", "trenton", br=5)
    put(state, "clinton", "monmouth", br=5)
    put(state, "greene", "princeton", am=2)
    state = campaign(state, BRITISH, 2)
    state = act(state, BRITISH, "general", "howe")
    state = act(state, BRITISH, "move", "princeton")
    state = act(state, AMERICAN, "retreat", dice=[1])
    state = act(state, AMERICAN, "retreat-to", "new-brunswick")
    assert state.generals["greene"] == "new-brunswick" and count(state, "new-brunswick", AM) == 2
    assert count(state, "princeton", AM) == 0 and state.generals["howe"] == "princeton"
    state = act(state, BRITISH, "general", "clinton")
    state = act(state, BRITISH, "move", "new-brunswick")
    assert isinstance(top(state), RetreatBeforeBattle)
    assert top(state).space == "new-brunswick" and top(state).came_from == "monmouth"
    assert state.generals["clinton"] == "new-brunswick"
    assert state.generals["greene"] == "new-brunswick"        # asked again, before any battle


def test_7_9_not_for_american_attacks(battles):
    state = empty()
    put(state, "greene", "trenton", am=3)
    put(state, "howe", "princeton", br=2)
    state = activate(state, AMERICAN, "greene")
    state = act(state, AMERICAN, "move", "princeton")
    assert battles.calls == [("battle", "princeton", AMERICAN, "greene", "trenton", False)]


# --- 9.7 Overrun (the movement side) ------------------------------------------------------


def test_9_7_overrun_then_move_on(battles):
    """9.7, A2: 4 or 5 CUs entering a space with exactly 1 enemy CU and no general overrun it
    and may move on; interceptions come first."""
    state = empty()
    put(state, "howe", "trenton", br=4)
    cus(state, "princeton", am=1)
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert battles.calls == [("overrun", "princeton", BRITISH)]
    assert isinstance(top(state), Move) and "new-brunswick" in moves(state, BRITISH)


def test_9_7_three_cus_fight(battles):
    state = empty()
    put(state, "howe", "trenton", br=3)
    cus(state, "princeton", am=1)
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", False)]


def test_9_7_interception_before_overrun(battles):
    state = empty()
    put(state, "howe", "trenton", br=4)
    cus(state, "princeton", am=1)
    put(state, "greene", "new-brunswick", am=2)
    pcs(state, american=["princeton"])
    state = activate(state, BRITISH, "howe")
    state = act(state, BRITISH, "move", "princeton")
    assert isinstance(top(state), Intercept)
    state = act(state, AMERICAN, "intercept", "greene", dice=[1])
    assert battles.calls == [("battle", "princeton", BRITISH, "howe", "trenton", True)]


# --- the battle part, once it exists ------------------------------------------------------


class RealBattles(Recorder):
    """The battle part itself, the Battle frame kept as it was pushed."""

    def begin(self, state, space, attacker, general, entered_from, intercepted):
        super().begin(state, space, attacker, general, entered_from, intercepted)
        battle.begin(state, space, attacker, general, entered_from, intercepted)
        self.pushed = list(state.stack)


def test_battle_begin_pushes_the_battle_above_the_activation():
    """movement -> battle.begin: the Battle frame above the Activation (9.44 and 9.61.B read
    it), the attacker the activated Army (9.1)."""
    from core.ww.frames.battle import Battle
    state = empty()
    put(state, "greene", "trenton", am=3)
    put(state, "howe", "princeton", br=2)
    state = activate(state, AMERICAN, "greene")
    real = RealBattles()
    with movement.battles_by(real), core.dice.scripted([]):
        stack.act(state, {**FLOW, **battle.FLOW}, AMERICAN, Action("move", "princeton"))
    assert isinstance(real.pushed[-1], Battle) and isinstance(real.pushed[0], Activation)
    found = real.pushed[-1]
    assert (found.space, found.attacker, found.attacker_general, found.entered_from,
            found.intercepted) == ("princeton", AMERICAN, "greene", "trenton", False)


class ArnoldBetrays(Recorder):
    """A battle whose card removes the defending general, leaving 1 CU: an Overrun instead
    (9.2 step 1 special, 9.7 clarification), as the battle part does it."""

    def begin(self, state, space, attacker, general, entered_from, intercepted):
        super().begin(state, space, attacker, general, entered_from, intercepted)
        state.generals["arnold"] = REMOVED
        self.overrun(state, space, attacker)
        stack.find(state, Activation).overran = True


def test_9_7_battle_turned_into_overrun_moves_on():
    state = empty()
    put(state, "howe", "new-york", br=5)
    put(state, "arnold", "long-island", am=1)     # no retreat space: a battle (A13)
    state = activate(state, BRITISH, "howe")
    with movement.battles_by(ArnoldBetrays()) as calls:
        state = act(state, BRITISH, "move", "long-island")
    assert [c[0] for c in calls.calls] == ["battle", "overrun"]
    assert isinstance(top(state), Move) and state.stack[0].overran
    assert moves(state, BRITISH) == ["new-york"]


def test_9_7_battle_turned_into_overrun_after_interception_stops():
    """7.8.C: after an interception the British movement ends whatever the battle becomes."""
    state = empty()
    put(state, "howe", "trenton", br=5)
    put(state, "arnold", "new-brunswick", am=1)
    pcs(state, american=["princeton"])
    state = activate(state, BRITISH, "howe")
    with movement.battles_by(ArnoldBetrays()):
        state = act(state, BRITISH, "move", "princeton")
        state = act(state, AMERICAN, "intercept", "arnold", dice=[1])
    assert state.stack == []


def test_every_choice_is_legal_and_listed():
    """A stop's choices are complete and each is legal: every listed action acts. Washington
    (carrying 5 of the 6 CUs in New York, 7.3.A) may move to each of the four adjacent spaces
    (Long Island as an attack), change what he carries, or end his move."""
    state = empty()
    put(state, "washington", "new-york", am=4, fr=2)
    put(state, "howe", "long-island", br=1)
    state = activate(state, AMERICAN, "washington")
    listed = [(c.action.verb, c.action.noun) for c in choices(state, AMERICAN)]
    assert sorted(listed, key=str) == sorted([
        ("move", "white-plains"), ("move", "long-island"), ("move", "elizabethtown"),
        ("move", "new-haven"),
        ("carry", "american=0"), ("carry", "american=1"), ("carry", "american=2"),
        ("carry", "american=3"), ("carry", "french=0"),
        ("end", None)], key=str)
    before = msgspec.json.encode(state)
    with movement.battles_by(Recorder()):
        for verb, noun in listed:
            after = act(state, AMERICAN, verb, noun)
            assert msgspec.json.encode(after) != before, (verb, noun)   # it did something
            assert msgspec.json.encode(state) == before                 # on a copy
