"""Washington's War: the events that place, flip or remove PCs (10.12.A; card texts in
core/ww/cards.toml): Pitt, Brant, Hale, Paine, Ticonderoga, Clark, Kings Mountain, Loyalists,
Dunmore, Mowat. Each with its effect and its refusals (6.32.A: not playable when its
conditions fail or nothing could be done; 6.31: who chooses, "up to").
"""
from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.ww import deck, events
from core.ww import query as q
from core.ww.state import (AM, AMERICAN, BR, BRITISH, DISPERSED, RESERVE, RESHUFFLE_REMINDER,
                           FR)
from tests.support.ww_events import (act, clear, event, fresh, general, labels, nouns, played,
                                     put, top, hand)


def number(title: str) -> int:
    return deck.by_title(title)[0].number


PITT, BRANT = deck.PITT, deck.BRANT
HALE = number("Nathan Hale, American Martyr")
PAINE = number("Thomas Paine Publishes Common Sense")
ALLEN = number("Ethan Allen and the Green Mountain Boys Take Ticonderoga")
CLARK = number("George Rogers Clark's Illinois Campaign")
KINGS_MOUNTAIN = number("Overmountain Men Win at Kings Mountain")
LOYALISTS = number("Loyalists Rise in the Carolinas")
DUNMORE = number("Lord Dunmore's Proclamation")
MOWAT = number("Captain Mowat Burns Falmouth")


def board(**pcs):
    state = clear(fresh())
    state.pcs = {k.replace("_", "-"): v for k, v in pcs.items()}
    return state


def finish(state, side):
    """Take "done" while a stop offers it."""
    while top(state) is not None and "done" in labels(state, side):
        state = act(state, side, "done")
    return state


# =============================================================================================
# 15 William Pitt Urges Peace Negotiations
# =============================================================================================


def pitt_board():
    state = board(albany=AMERICAN, kingston=AMERICAN, hartford=AMERICAN, boston=AMERICAN,
                  worcester=AMERICAN, springfield=AMERICAN, quebec=AMERICAN,
                  montreal=AMERICAN, exeter=BRITISH)
    put(state, "boston", AM, 1)                 # an American CU protects
    general(state, "washington", "worcester")   # an American general protects
    state.congress = "springfield"              # the Congress protects
    return state


def test_pitt_removes_up_to_three_unprotected_american_pcs_in_different_colonies():
    state = event(pitt_board(), BRITISH, PITT)
    assert state.active == [BRITISH]
    offered = nouns(state, BRITISH, "remove")
    assert sorted(offered) == ["albany", "hartford", "kingston", "montreal", "quebec"]
    assert "done" in labels(state, BRITISH)                      # "up to"
    state = act(state, BRITISH, "remove", "albany")
    assert "kingston" not in nouns(state, BRITISH, "remove")      # New York done
    state = act(state, BRITISH, "remove", "quebec")
    assert "montreal" not in nouns(state, BRITISH, "remove")      # Canada counts as one
    state = act(state, BRITISH, "remove", "hartford")
    assert not state.stack
    assert {"albany", "quebec", "hartford"}.isdisjoint(state.pcs)
    assert state.pcs["kingston"] == state.pcs["boston"] == AMERICAN
    assert state.piles.boxes[RESHUFFLE_REMINDER] == [PITT] and state.reshuffle_pending


def test_pitt_may_stop_early_and_still_rebuilds_the_deck_6_1_note():
    state = event(pitt_board(), BRITISH, PITT)
    state = act(state, BRITISH, "remove", "albany")
    state = act(state, BRITISH, "done")
    assert state.pcs.get("hartford") == AMERICAN and state.reshuffle_pending


def test_pitt_refused_after_the_alliance_tc_6_32_a():
    state = pitt_board()
    assert events.playable(state, BRITISH, PITT)
    state.france_in_war = True
    assert not events.playable(state, BRITISH, PITT)


def test_pitt_refused_with_no_unprotected_american_pc():
    state = board(boston=AMERICAN, exeter=BRITISH)
    put(state, "boston", FR, 1)                      # French CUs are American CUs (12.2.C)
    assert not events.playable(state, BRITISH, PITT)
    assert not events.playable(state, AMERICAN, PITT)


def test_pitt_through_the_strategy_phase_lies_on_the_deck_as_the_reminder_6_3_d():
    state = pitt_board()
    hand(state, BRITISH, PITT)
    hand(state, AMERICAN)
    state = played(state, BRITISH, PITT)
    state = finish(state, BRITISH)
    assert state.piles.boxes[RESHUFFLE_REMINDER] == [PITT] and state.reshuffle_pending


# =============================================================================================
# 18 Joseph Brant Leads an Iroquois Raid
# =============================================================================================


def test_brant_non_port_spaces_of_new_york_pennsylvania_virginia_tc_6_31():
    state = board(albany=AMERICAN, new_york=AMERICAN, reading=AMERICAN, norfolk=AMERICAN,
                  richmond=AMERICAN, hartford=AMERICAN, pittsburgh=AMERICAN,
                  staunton=AMERICAN)
    put(state, "richmond", AM, 1)
    general(state, "greene", "pittsburgh")
    state = event(state, BRITISH, BRANT)
    assert sorted(nouns(state, BRITISH, "remove")) == ["albany", "reading", "staunton"]
    state = act(state, BRITISH, "remove", "albany")
    state = act(state, BRITISH, "remove", "staunton")
    state = act(state, BRITISH, "remove", "reading")
    assert not state.stack and BRANT in state.piles.discard
    assert {"albany", "reading", "staunton"}.isdisjoint(state.pcs)
    assert state.pcs["new-york"] == state.pcs["norfolk"] == AMERICAN     # ports never


def test_brant_refused_with_nothing_to_remove_and_for_the_american():
    state = board(new_york=AMERICAN, hartford=AMERICAN)
    assert not events.playable(state, BRITISH, BRANT)
    state.pcs["albany"] = AMERICAN
    assert events.playable(state, BRITISH, BRANT)
    assert not events.playable(state, AMERICAN, BRANT)


# =============================================================================================
# 21 Nathan Hale; 22 Thomas Paine
# =============================================================================================


def test_hale_places_up_to_two_pcs_in_new_york_and_connecticut_no_flip():
    state = board(albany=BRITISH, exeter=AMERICAN)
    put(state, "kingston", BR, 1)
    general(state, "howe", "saratoga")          # a lone British general does not forbid it
    state.congress, state.mutiny = DISPERSED, True      # a played event places anyway
    state = event(state, AMERICAN, HALE)
    offered = nouns(state, AMERICAN, "place")
    assert set(offered) == {s for s in (*q.spaces_of("NY"), *q.spaces_of("CT"))
                            if s not in ("albany", "kingston")}
    assert "saratoga" in offered
    state = act(state, AMERICAN, "place", "saratoga")
    state = act(state, AMERICAN, "place", "hartford")
    assert not state.stack and HALE in state.piles.removed
    assert state.pcs["albany"] == BRITISH
    assert state.pcs["saratoga"] == state.pcs["hartford"] == AMERICAN


def test_hale_refused_when_new_york_and_connecticut_are_full():
    state = board(**{s.replace("-", "_"): BRITISH
                     for s in (*q.spaces_of("NY"), *q.spaces_of("CT"))})
    assert not events.playable(state, AMERICAN, HALE)


def test_paine_up_to_three_pcs_each_in_a_different_colony_not_canada():
    state = event(board(), AMERICAN, PAINE)
    offered = nouns(state, AMERICAN, "place")
    assert not any(q.colony(s) == "Canada" for s in offered)
    state = act(state, AMERICAN, "place", "albany")
    assert not any(q.colony(s) == "NY" for s in nouns(state, AMERICAN, "place"))
    state = act(state, AMERICAN, "place", "boston")
    state = act(state, AMERICAN, "done")
    assert state.pcs == {"albany": AMERICAN, "boston": AMERICAN}
    assert PAINE in state.piles.removed


def test_paine_refused_when_no_colony_has_a_legal_space():
    state = board(**{s.replace("-", "_"): BRITISH for s in q.spaces()
                     if q.colony(s) != "Canada"})
    assert not events.playable(state, AMERICAN, PAINE)


# =============================================================================================
# 23 Ethan Allen takes Ticonderoga
# =============================================================================================


def test_allen_one_cu_and_a_pc_at_ticonderoga_flipping_a_british_pc():
    state = board(ticonderoga=BRITISH)
    reserve = q.cu_count(state, RESERVE, AM)
    state = event(state, AMERICAN, ALLEN)
    assert q.cu_count(state, "ticonderoga", AM) == 1
    assert q.cu_count(state, RESERVE, AM) == reserve - 1
    assert state.pcs["ticonderoga"] == AMERICAN and ALLEN in state.piles.removed


@pytest.mark.parametrize("blocker", ["cu", "general"])
def test_allen_refused_with_a_british_cu_or_general_at_ticonderoga(blocker):
    state = board()
    if blocker == "cu":
        put(state, "ticonderoga", BR, 1)
    else:
        general(state, "burgoyne", "ticonderoga")
    assert not events.playable(state, AMERICAN, ALLEN)


def test_allen_with_the_reserve_empty_still_places_the_pc_and_refused_if_nothing_to_do():
    state = board()
    q.move_cus(state, RESERVE, "boston", AM, q.cu_count(state, RESERVE, AM))
    after = event(state, AMERICAN, ALLEN)
    assert after.pcs["ticonderoga"] == AMERICAN and not q.cus(after, "ticonderoga")
    state.pcs["ticonderoga"] = AMERICAN
    assert not events.playable(state, AMERICAN, ALLEN)


# =============================================================================================
# 24 George Rogers Clark's Illinois Campaign
# =============================================================================================


def test_clark_at_set_up_removes_the_british_cu_and_flips_fort_detroit():
    state = fresh()                    # 4.0: Fort Detroit, 1 British CU and a British PC
    reserve = q.cu_count(state, RESERVE, BR)
    state = event(state, AMERICAN, CLARK)
    assert not q.cus(state, "fort-detroit") and state.pcs["fort-detroit"] == AMERICAN
    assert q.cu_count(state, RESERVE, BR) == reserve + 1 and CLARK in state.piles.discard
    assert q.colony_controller(state, "Canada") == BRITISH        # 10.0.B: Detroit irrelevant


def test_clark_two_british_cus_one_removed_no_pc():
    state = board(fort_detroit=BRITISH)
    put(state, "fort-detroit", BR, 2)
    state = event(state, AMERICAN, CLARK)
    assert q.cus(state, "fort-detroit", BRITISH) == 1 and state.pcs["fort-detroit"] == BRITISH


def test_clark_places_a_pc_in_an_empty_fort_detroit_and_is_refused_once_american():
    state = event(board(), AMERICAN, CLARK)
    assert state.pcs["fort-detroit"] == AMERICAN
    assert not events.playable(state, AMERICAN, CLARK)


# =============================================================================================
# 25 Overmountain Men Win at Kings Mountain
# =============================================================================================


def test_kings_mountain_removes_up_to_two_british_pcs_then_may_place_in_gilbert_town():
    state = fresh()            # British PCs: Gilbert Town, Wilmington NC, Ninety Six
    put(state, "ninety-six", BR, 1)
    general(state, "cornwallis", "wilmington-nc")     # a lone general does not protect
    state = event(state, AMERICAN, KINGS_MOUNTAIN)
    assert state.active == [AMERICAN]
    assert sorted(nouns(state, AMERICAN, "remove")) == ["gilbert-town", "wilmington-nc"]
    state = act(state, AMERICAN, "remove", "gilbert-town")
    state = act(state, AMERICAN, "remove", "wilmington-nc")
    assert nouns(state, AMERICAN, "place") == ["gilbert-town"]
    assert "done" in labels(state, AMERICAN)          # "may"
    state = act(state, AMERICAN, "place", "gilbert-town")
    assert state.pcs["gilbert-town"] == AMERICAN and "wilmington-nc" not in state.pcs
    assert state.pcs["ninety-six"] == BRITISH and KINGS_MOUNTAIN in state.piles.removed


def test_kings_mountain_gilbert_town_placement_may_be_declined():
    state = event(fresh(), AMERICAN, KINGS_MOUNTAIN)
    state = act(state, AMERICAN, "remove", "gilbert-town")
    state = act(state, AMERICAN, "done")
    assert nouns(state, AMERICAN, "place") == ["gilbert-town"]
    state = act(state, AMERICAN, "done")
    assert "gilbert-town" not in state.pcs and not state.stack


def test_kings_mountain_playable_for_gilbert_town_alone_and_refused_with_nothing():
    state = board()
    assert events.playable(state, AMERICAN, KINGS_MOUNTAIN)
    state = event(state, AMERICAN, KINGS_MOUNTAIN)
    assert nouns(state, AMERICAN, "place") == ["gilbert-town"]
    blocked = board(gilbert_town=BRITISH)
    put(blocked, "gilbert-town", BR, 1)
    assert not events.playable(blocked, AMERICAN, KINGS_MOUNTAIN)


# =============================================================================================
# 33 Loyalists Rise in the Carolinas; 34 Lord Dunmore's Proclamation
# =============================================================================================


def test_loyalists_up_to_two_british_pcs_no_adjacency_no_american_unit():
    state = board(savannah=AMERICAN)
    put(state, "charleston", AM, 1)
    general(state, "greene", "camden")
    state.congress = "cheraw"
    state = event(state, BRITISH, LOYALISTS)
    offered = nouns(state, BRITISH, "place")
    assert {"charleston", "camden", "cheraw", "savannah"}.isdisjoint(offered)
    assert "st-marys" in offered and "halifax" in offered
    assert not any(q.colony(s) not in ("NC", "SC", "GA") for s in offered)
    state = act(state, BRITISH, "place", "st-marys")
    state = act(state, BRITISH, "place", "halifax")
    assert state.pcs["st-marys"] == state.pcs["halifax"] == BRITISH and not state.stack


def test_loyalists_refused_when_the_carolinas_and_georgia_are_full():
    state = board(**{s.replace("-", "_"): AMERICAN for s in q.spaces()
                     if q.colony(s) in ("NC", "SC", "GA")})
    assert not events.playable(state, BRITISH, LOYALISTS)


def test_dunmore_places_in_virginia_or_flips_norfolk_once():
    state = board(norfolk=AMERICAN, richmond=AMERICAN)
    put(state, "williamsburg", AM, 1)
    state = event(state, BRITISH, DUNMORE)
    assert nouns(state, BRITISH, "flip") == ["norfolk"]
    assert {"richmond", "williamsburg", "norfolk"}.isdisjoint(nouns(state, BRITISH, "place"))
    state = act(state, BRITISH, "flip", "norfolk")
    assert state.pcs["norfolk"] == BRITISH and not nouns(state, BRITISH, "flip")
    state = act(state, BRITISH, "place", "staunton")
    assert state.pcs["staunton"] == BRITISH and not state.stack
    assert DUNMORE in state.piles.removed and state.pcs["richmond"] == AMERICAN


def test_dunmore_cannot_flip_norfolk_with_an_american_unit_there():
    state = board(**{s.replace("-", "_"): AMERICAN for s in q.spaces_of("VA")})
    general(state, "lafayette", "norfolk")
    assert not events.playable(state, BRITISH, DUNMORE)
    general(state, "lafayette", "american-reinforcement-leaders")
    assert events.playable(state, BRITISH, DUNMORE)


# =============================================================================================
# 35 Captain Mowat Burns Falmouth
# =============================================================================================


def test_mowat_removes_up_to_two_american_pcs_in_unblockaded_unfortified_ports():
    state = board(falmouth=AMERICAN, charleston=AMERICAN, boston=AMERICAN, yorktown=AMERICAN,
                  newport=AMERICAN, albany=AMERICAN, new_haven=AMERICAN)
    put(state, "boston", AM, 1)
    state.navy = "zone-chesapeake"
    state.congress = "new-haven"
    state = event(state, BRITISH, MOWAT)
    assert sorted(nouns(state, BRITISH, "remove")) == ["falmouth", "newport"]
    state = act(state, BRITISH, "remove", "falmouth")
    state = act(state, BRITISH, "remove", "newport")
    assert {"falmouth", "newport"}.isdisjoint(state.pcs) and not state.stack
    assert MOWAT in state.piles.discard


def test_mowat_refused_with_no_target():
    state = board(charleston=AMERICAN, albany=AMERICAN)
    assert not events.playable(state, BRITISH, MOWAT)


def test_removal_choices_belong_to_the_player_of_the_card_6_31():
    state = event(pitt_board(), BRITISH, PITT)
    with pytest.raises(IllegalAction):
        act(state, AMERICAN, "remove", "albany")
