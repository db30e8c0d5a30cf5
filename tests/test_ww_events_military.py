"""Washington's War: the events that move, add or remove generals and CUs, and the French
events (card texts in core/ww/cards.toml): von Steuben, Glover, the Mutinies, Spain,
Lafayette, the Enlistment Bounties, the Clinton-Cornwallis quarrel, the Hessians, Lee captured,
the Conway Cabal, Smallpox, Tarleton in the Strategy Phase; Hortelez, d'Estaing, de Grasse.
Each with its effect and its refusals.
"""
from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.ww import deck, events, strategy
from core.ww import query as q
from core.ww.frames.events import EventPick
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH, BRITISH_REINFORCEMENTS,
                           CAPTURED, FR, NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK, RESERVE, REMOVED)
from core.ww.frames.movement import Activation, Move, SurplusGeneral
from tests.support.ww_events import (act, clear, event, fresh, general, hand, labels, nouns,
                                     played, put, top)


def number(title: str) -> int:
    return deck.by_title(title)[0].number


STEUBEN, GLOVER, MUTINIES, TARLETON = deck.STEUBEN, deck.GLOVER, deck.MUTINIES, deck.TARLETON
HORTALEZ, DESTAING = deck.HORTALEZ, deck.DESTAING
SPAIN = number("Spain Declares War on Britain")
DE_GRASSE = number("Admiral de Grasse Sails North")
LAFAYETTE = number("Marquis de Lafayette Arrives")
BOUNTIES = number("Congress Offers Enlistment Bounties")
QUARREL = number("Clinton and Cornwallis Quarrel")
HESSIANS = number("Hessian Mercenaries Land")
LEE = number("General Charles Lee Captured")
CONWAY = number("The Conway Cabal")
SMALLPOX = number("Smallpox Ravages the Continental Army")


def empty():
    return clear(fresh())


def drain(state, nationality):
    """Empty the Reserve of `nationality` onto a far space (Fort Niagara)."""
    q.move_cus(state, RESERVE, "fort-niagara", nationality,
               q.cu_count(state, RESERVE, nationality))


# =============================================================================================
# 13 Baron von Steuben
# =============================================================================================


def test_steuben_ends_the_regulars_advantage_and_moves_the_alliance_2_rule_9_41():
    state = empty()
    state.alliance = 3
    state = event(state, AMERICAN, STEUBEN)
    assert not state.regulars and state.alliance == 5
    assert STEUBEN in state.piles.removed and not state.stack


def test_steuben_after_the_alliance_no_marker_move_12_2_a():
    state = empty()
    state.france_in_war, state.alliance = True, 9
    state = event(state, AMERICAN, STEUBEN)
    assert not state.regulars and state.alliance == 9


def test_steuben_r10_regulars_already_lost_two_cus_with_washington():
    state = empty()
    state.regulars = False
    general(state, "washington", "morristown")
    reserve = q.cu_count(state, RESERVE, AM)
    state = event(state, AMERICAN, STEUBEN)
    assert q.cu_count(state, "morristown", AM) == 2
    assert q.cu_count(state, RESERVE, AM) == reserve - 2 and not state.stack


def test_steuben_fewer_cus_if_the_reserve_holds_fewer():
    state = empty()
    state.regulars = False
    general(state, "washington", "morristown")
    drain(state, AM)
    put_back = q.move_cus(state, "fort-niagara", RESERVE, AM, 1)
    assert put_back == 1
    state = event(state, AMERICAN, STEUBEN)
    assert q.cu_count(state, "morristown", AM) == 1


def test_steuben_washington_off_the_map_the_american_chooses_a_general_rochambeau_too():
    state = empty()
    state.regulars = False
    general(state, "greene", "trenton")
    general(state, "rochambeau", "newport")
    state = event(state, AMERICAN, STEUBEN)
    assert sorted(nouns(state, AMERICAN, "general")) == ["greene", "rochambeau"]
    assert "done" not in labels(state, AMERICAN)
    state = act(state, AMERICAN, "general", "rochambeau")
    assert q.cu_count(state, "newport", AM) == 2 and not state.stack


def test_steuben_refused_with_the_regulars_lost_and_no_general_or_no_reserve():
    state = empty()
    state.regulars = False
    assert not events.playable(state, AMERICAN, STEUBEN)          # no general on the map
    general(state, "washington", "morristown")
    assert events.playable(state, AMERICAN, STEUBEN)
    drain(state, AM)
    assert not events.playable(state, AMERICAN, STEUBEN)          # nothing to place
    assert not events.playable(fresh(), BRITISH, STEUBEN)         # American flag


# =============================================================================================
# 17 John Glover's Marblehead Regiment
# =============================================================================================


def test_glover_activates_any_american_general_on_the_map_7_3_c():
    state = empty()
    general(state, "gates", "albany")                  # strategy rating does not matter
    general(state, "rochambeau", "newport")            # 12.2.C
    general(state, "howe", "boston")
    state = event(state, AMERICAN, GLOVER)
    assert sorted(nouns(state, AMERICAN, "general")) == ["gates", "rochambeau"]
    state = act(state, AMERICAN, "general", "gates")
    activation = next(f for f in state.stack if isinstance(f, Activation))
    assert (activation.general, activation.via, activation.card) == ("gates", "glover", GLOVER)
    assert activation.budget == 6 and isinstance(top(state), Move)
    assert state.piles.boxes["in-play"] == [GLOVER]          # discarded once the move is done
    state = act(state, AMERICAN, "end")
    assert not state.stack and GLOVER in state.piles.discard


def test_glover_refused_with_no_american_general_on_the_map():
    state = empty()
    assert not events.playable(state, AMERICAN, GLOVER)
    general(state, "greene", "trenton")
    assert events.playable(state, AMERICAN, GLOVER)


# =============================================================================================
# 19 Pennsylvania and New Jersey Line Mutinies
# =============================================================================================


def test_mutinies_ban_american_placement_and_remove_two_american_cus_10_11_a_iv():
    state = empty()
    put(state, "morristown", AM, 3)
    put(state, "newport", FR, 2)
    hand(state, BRITISH, MUTINIES)
    hand(state, AMERICAN)
    state = played(state, BRITISH, MUTINIES)
    assert state.mutiny
    assert ("place", "trenton") not in strategy.pc_targets(state, AMERICAN, set())
    assert nouns(state, BRITISH, "remove") == ["morristown"]          # not French CUs
    assert "done" not in labels(state, BRITISH)                       # compulsory
    state = act(state, BRITISH, "remove", "morristown")
    state = act(state, BRITISH, "remove", "morristown")
    assert q.cu_count(state, "morristown", AM) == 1 and q.cu_count(state, "newport", FR) == 2
    assert MUTINIES in state.piles.discard and not state.stack


def test_mutinies_with_one_american_cu_removes_it_and_with_none_still_bans():
    state = empty()
    put(state, "morristown", AM, 1)
    put(state, "boston", BR, 1)
    state = event(state, BRITISH, MUTINIES)
    state = act(state, BRITISH, "remove", "morristown")
    assert not state.stack and not q.cus(state, "morristown")
    none = event(empty(), BRITISH, MUTINIES)
    assert none.mutiny and not none.stack
    assert not events.playable(empty(), AMERICAN, MUTINIES)


# =============================================================================================
# 26 Spain Declares War on Britain
# =============================================================================================


def test_spain_the_american_removes_two_british_cus_from_the_map():
    state = empty()
    state.european_war = True
    put(state, "boston", BR, 1)
    put(state, "quebec", BR, 3)
    q.move_cus(state, RESERVE, BRITISH_REINFORCEMENTS, BR, 4)
    state = event(state, AMERICAN, SPAIN)
    assert state.active == [AMERICAN]
    assert sorted(nouns(state, AMERICAN, "remove")) == ["boston", "quebec"]
    assert "done" not in labels(state, AMERICAN)
    state = act(state, AMERICAN, "remove", "boston")
    assert nouns(state, AMERICAN, "remove") == ["quebec"]
    state = act(state, AMERICAN, "remove", "quebec")
    assert q.cus(state, "quebec") == 2 and q.cus(state, BRITISH_REINFORCEMENTS) == 4
    assert SPAIN in state.piles.removed


def test_spain_refused_before_the_european_war_12_2_b_iii():
    state = empty()
    put(state, "boston", BR, 1)
    state.france_in_war = True                 # the alliance this turn: not yet in effect
    assert not events.playable(state, AMERICAN, SPAIN)
    state.european_war = True
    assert events.playable(state, AMERICAN, SPAIN)
    assert not events.playable(state, BRITISH, SPAIN)


# =============================================================================================
# 28 Marquis de Lafayette Arrives
# =============================================================================================


def test_lafayette_two_cus_and_lafayette_in_a_space_without_british_cu_or_pc():
    state = empty()
    state.pcs = {"boston": BRITISH, "trenton": AMERICAN}
    put(state, "albany", BR, 1)
    state = event(state, AMERICAN, LAFAYETTE)
    spaces = nouns(state, AMERICAN, "space")
    assert "boston" not in spaces and "albany" not in spaces and "trenton" in spaces
    assert "quebec" in spaces                       # any space
    state = act(state, AMERICAN, "space", "trenton")
    assert q.cu_count(state, "trenton", AM) == 2
    assert nouns(state, AMERICAN, "general") == ["lafayette"]
    state = act(state, AMERICAN, "general", "lafayette")
    assert state.generals["lafayette"] == "trenton" and not state.stack
    assert LAFAYETTE in state.piles.removed


def test_lafayette_may_stay_in_the_box():
    state = event(empty(), AMERICAN, LAFAYETTE)
    state = act(state, AMERICAN, "space", "trenton")
    state = act(state, AMERICAN, "done")
    assert state.generals["lafayette"] == AMERICAN_LEADERS and not state.stack


def test_lafayette_not_in_the_box_only_the_cus_come():
    state = empty()
    general(state, "lafayette", CAPTURED)
    state = event(state, AMERICAN, LAFAYETTE)
    state = act(state, AMERICAN, "space", "trenton")
    assert not state.stack and q.cu_count(state, "trenton", AM) == 2


def test_lafayette_joining_another_american_general_settles_by_7_4_c():
    state = empty()
    general(state, "greene", "trenton")
    state = event(state, AMERICAN, LAFAYETTE)
    state = act(state, AMERICAN, "space", "trenton")
    state = act(state, AMERICAN, "general", "lafayette")
    assert isinstance(top(state), SurplusGeneral) and state.active == [AMERICAN]
    state = act(state, AMERICAN, "send", "greene")
    assert state.generals["greene"] == AMERICAN_LEADERS
    assert state.generals["lafayette"] == "trenton" and not state.stack


def test_lafayette_joining_washington_goes_back_to_the_box_7_4_c():
    state = empty()
    general(state, "washington", "trenton")
    state = event(state, AMERICAN, LAFAYETTE)
    state = act(state, AMERICAN, "space", "trenton")
    state = act(state, AMERICAN, "general", "lafayette")
    assert state.generals["lafayette"] == AMERICAN_LEADERS and not state.stack


def test_lafayette_cus_on_a_lone_british_general_capture_him_8_2():
    state = empty()
    general(state, "clinton", "trenton")
    state = event(state, AMERICAN, LAFAYETTE)
    state = act(state, AMERICAN, "space", "trenton")
    state = act(state, AMERICAN, "done")
    assert state.generals["clinton"] == CAPTURED and not state.stack


def test_lafayette_refused_with_no_reserve_and_lafayette_gone():
    state = empty()
    drain(state, AM)
    assert events.playable(state, AMERICAN, LAFAYETTE)       # Lafayette alone may come
    general(state, "lafayette", "trenton")
    assert not events.playable(state, AMERICAN, LAFAYETTE)


# =============================================================================================
# 29 Congress Offers Enlistment Bounties
# =============================================================================================


def test_bounties_three_cus_with_an_american_general_or_the_congress():
    state = empty()
    general(state, "greene", "trenton")
    general(state, "gates", "albany")
    put(state, "albany", BR, 1)                 # a battle space: not allowed (no British CU)
    state.congress = "baltimore"
    state = event(state, AMERICAN, BOUNTIES)
    assert sorted(nouns(state, AMERICAN, "space")) == ["baltimore", "trenton"]
    state = act(state, AMERICAN, "space", "baltimore")
    assert q.cu_count(state, "baltimore", AM) == 3 and not state.stack
    assert BOUNTIES in state.piles.discard


def test_bounties_fewer_if_the_reserve_holds_fewer_refused_with_none():
    state = empty()
    drain(state, AM)
    q.move_cus(state, "fort-niagara", RESERVE, AM, 2)
    state = event(state, AMERICAN, BOUNTIES)
    state = act(state, AMERICAN, "space", "philadelphia")
    assert q.cu_count(state, "philadelphia", AM) == 2
    drain(state, AM)
    assert not events.playable(state, AMERICAN, BOUNTIES)


def test_bounties_refused_with_no_general_and_the_congress_dispersed():
    state = empty()
    state.congress = "congress-dispersed"
    assert not events.playable(state, AMERICAN, BOUNTIES)


# =============================================================================================
# 30 Clinton and Cornwallis Quarrel; 37 The Conway Cabal; 36 Lee Captured
# =============================================================================================


def test_quarrel_sends_a_british_general_to_his_box_his_cus_stay():
    state = empty()
    general(state, "clinton", "new-york")
    put(state, "new-york", BR, 4)
    state = event(state, AMERICAN, QUARREL)
    assert nouns(state, AMERICAN, "general") == ["clinton"]
    state = act(state, AMERICAN, "general", "clinton")
    assert state.generals["clinton"] == BRITISH_REINFORCEMENTS
    assert q.cus(state, "new-york", BRITISH) == 4 and QUARREL in state.piles.discard
    assert not events.playable(state, AMERICAN, QUARREL)        # none left on the map


def test_conway_cabal_never_washington_rochambeau_included():
    state = empty()
    general(state, "washington", "morristown")
    general(state, "greene", "trenton")
    general(state, "rochambeau", "newport")
    put(state, "trenton", AM, 2)
    state = event(state, BRITISH, CONWAY)
    assert sorted(nouns(state, BRITISH, "general")) == ["greene", "rochambeau"]
    state = act(state, BRITISH, "general", "greene")
    assert state.generals["greene"] == AMERICAN_LEADERS and q.cus(state, "trenton") == 2
    alone = empty()
    general(alone, "washington", "morristown")
    assert not events.playable(alone, BRITISH, CONWAY)


@pytest.mark.parametrize("where", ["trenton", AMERICAN_LEADERS])
def test_lee_captured_from_the_map_or_the_box(where):
    state = empty()
    general(state, "lee", where)
    if where == "trenton":
        put(state, "trenton", AM, 2)
    state = event(state, BRITISH, LEE)
    assert state.generals["lee"] == CAPTURED and LEE in state.piles.removed
    if where == "trenton":
        assert q.cus(state, "trenton") == 2


@pytest.mark.parametrize("where", [CAPTURED, REMOVED])
def test_lee_captured_refused_when_lee_is_elsewhere(where):
    state = empty()
    general(state, "lee", where)
    assert not events.playable(state, BRITISH, LEE)


# =============================================================================================
# 32 Hessian Mercenaries Land
# =============================================================================================


def test_hessians_up_to_three_british_cus_from_the_reserve_in_a_qualifying_port():
    state = empty()
    state.pcs = {"charleston": AMERICAN, "new-york": BRITISH}
    put(state, "newport", AM, 1)
    state.navy = "zone-chesapeake"
    state = event(state, BRITISH, HESSIANS)
    ports = nouns(state, BRITISH, "space")
    assert {"charleston", "newport", "baltimore", "norfolk"}.isdisjoint(ports)
    assert "new-york" in ports and "quebec" in ports and "albany" not in ports
    state = act(state, BRITISH, "space", "new-york")
    assert nouns(state, BRITISH, "count") == [1, 2, 3]
    state = act(state, BRITISH, "count", 3)
    assert q.cus(state, "new-york", BRITISH) == 3 and not state.stack
    assert HESSIANS in state.piles.discard


def test_hessians_limited_by_the_reserve_and_refused_without_it():
    state = empty()
    drain(state, BR)
    q.move_cus(state, "fort-niagara", RESERVE, BR, 2)
    state = event(state, BRITISH, HESSIANS)
    state = act(state, BRITISH, "space", "boston")
    assert nouns(state, BRITISH, "count") == [1, 2]
    drain(state, BR)
    assert not events.playable(state, BRITISH, HESSIANS)


def test_hessians_with_a_british_general_in_the_congress_port_disperse_it_7_7():
    state = empty()
    state.congress = "baltimore"
    general(state, "clinton", "baltimore")        # alone he is no Army (A36)
    state = event(state, BRITISH, HESSIANS)
    state = act(state, BRITISH, "space", "baltimore")
    state = act(state, BRITISH, "count", 1)
    assert q.congress_dispersed(state) and not state.stack


def test_hessians_alone_in_the_congress_port_are_no_army_a36():
    state = empty()
    state.congress = "baltimore"
    state = event(state, BRITISH, HESSIANS)
    state = act(state, BRITISH, "space", "baltimore")
    state = act(state, BRITISH, "count", 2)
    assert state.congress == "baltimore" and q.cus(state, "baltimore", BRITISH) == 2


def test_hessians_capture_a_lone_american_general_7_6():
    state = empty()
    general(state, "gates", "new-york")
    state = event(state, BRITISH, HESSIANS)
    state = act(state, BRITISH, "space", "new-york")
    state = act(state, BRITISH, "count", 1)
    assert state.generals["gates"] == CAPTURED


# =============================================================================================
# 38 Smallpox; 45 Tarleton in the Strategy Phase
# =============================================================================================


def test_smallpox_one_cu_from_each_of_up_to_two_spaces_french_count():
    state = empty()
    put(state, "trenton", AM, 3)
    put(state, "newport", FR, 2)
    put(state, "newport", AM, 1)
    state = event(state, BRITISH, SMALLPOX)
    assert sorted(labels(state, BRITISH)) == ["american newport", "american trenton", "done",
                                              "french newport"]
    state = act(state, BRITISH, "french", "newport")
    assert labels(state, BRITISH) == ["american trenton", "done"]     # another space
    state = act(state, BRITISH, "american", "trenton")
    assert q.cu_count(state, "newport", FR) == 1 and q.cu_count(state, "trenton", AM) == 2
    assert q.cu_count(state, REMOVED, FR) == 1                        # French: gone for good
    assert not state.stack and SMALLPOX in state.piles.discard


def test_smallpox_refused_with_no_american_cu_on_the_map():
    assert not events.playable(empty(), BRITISH, SMALLPOX)


def test_tarleton_strategy_event_one_american_cu_in_the_south_without_a_general_r16():
    state = empty()
    put(state, "charleston", AM, 2)
    put(state, "camden", AM, 2)
    general(state, "greene", "camden")
    put(state, "richmond", AM, 2)                        # Virginia: not named
    hand(state, BRITISH, TARLETON)
    hand(state, AMERICAN)
    state = played(state, BRITISH, TARLETON)
    assert labels(state, BRITISH) == ["american charleston"]
    state = act(state, BRITISH, "american", "charleston")
    assert q.cu_count(state, "charleston", AM) == 1
    assert TARLETON in state.piles.discard and not state.replacements.get(BRITISH)
    assert not state.stack


def test_tarleton_strategy_event_refused_without_a_target_and_for_the_american():
    state = empty()
    put(state, "camden", AM, 2)
    general(state, "rochambeau", "camden")               # an American general (12.2.C)
    assert not events.playable(state, BRITISH, TARLETON)
    put(state, "savannah", FR, 1)
    assert events.playable(state, BRITISH, TARLETON)
    assert not events.playable(state, AMERICAN, TARLETON)


# =============================================================================================
# 14 Hortelez et Cie; 20 d'Estaing; 27 de Grasse
# =============================================================================================


def test_hortalez_played_moves_the_alliance_2_and_rebuilds_nothing_tc_6_1_note():
    state = empty()
    state.alliance = 4
    state = event(state, AMERICAN, HORTALEZ)
    assert state.alliance == 6 and not state.reshuffle_pending
    assert HORTALEZ in state.piles.discard and not state.stack


def test_hortalez_refused_once_france_is_in_the_war():
    state = empty()
    state.france_in_war, state.alliance = True, 9
    assert not events.playable(state, AMERICAN, HORTALEZ)
    assert not events.playable(empty(), BRITISH, HORTALEZ)


def test_destaing_sends_the_navy_to_the_turn_track_12_3():
    state = empty()
    state.france_in_war, state.navy = True, "zone-delaware"
    state = event(state, BRITISH, DESTAING)
    assert state.navy == NAVY_ON_TURN_TRACK and not q.blockaded(state, "philadelphia")
    assert DESTAING in state.piles.discard
    assert not events.playable(state, BRITISH, DESTAING)            # no longer in a zone


def test_destaing_refused_before_the_navy_is_in_play():
    state = empty()
    assert state.navy == NAVY_NOT_IN_PLAY
    assert not events.playable(state, BRITISH, DESTAING)


def test_de_grasse_places_the_navy_in_any_zone_now():
    state = empty()
    state.france_in_war, state.navy = True, NAVY_ON_TURN_TRACK
    state = event(state, AMERICAN, DE_GRASSE)
    assert len(nouns(state, AMERICAN, "zone")) == 7 and "done" not in labels(state, AMERICAN)
    state = act(state, AMERICAN, "zone", "zone-carolinas")
    assert state.navy == "zone-carolinas" and q.blockaded(state, "charleston")
    assert DE_GRASSE in state.piles.discard and not state.stack


def test_de_grasse_refused_before_the_alliance():
    state = empty()
    assert not events.playable(state, AMERICAN, DE_GRASSE)
    state.france_in_war = True
    assert events.playable(state, AMERICAN, DE_GRASSE)
    assert not events.playable(state, BRITISH, DE_GRASSE)


def test_a_general_choice_is_the_players_of_the_card():
    state = empty()
    general(state, "clinton", "new-york")
    state = event(state, AMERICAN, QUARREL)
    assert isinstance(top(state), EventPick)
    with pytest.raises(IllegalAction):
        act(state, BRITISH, "general", "clinton")
