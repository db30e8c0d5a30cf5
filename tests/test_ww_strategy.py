"""Washington's War: the set-up (4.0, core/ww/setup.py) and the Strategy Card and Strategy Phases
(5.2, 5.3, 6.0-6.34, 7.1.B, 7.2, 8.1, 8.2, 10.11, 10.12; core/ww/strategy.py), rule by rule,
with the reference's worked examples and their numbers (../shared/rules/washingtons-war.md,
"Worked examples as test cases": TC-...).

Positions are built and driven with tests/support/ww_strategy.py: only the set-up and strategy
stops run, with the real flow of every part of the rules.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from core import cards
from core.engine import Action, IllegalAction
from core.ww import deck, hands, setup, strategy
from core.ww import generals as roster
from core.ww import query as q
from core.ww.frames.strategy import (Campaign, CampaignChoice, ChooseGeneral, DiscardAction,
                                     Exchange, FirstPlayer, LandingParty, PcActions, PlayCard,
                                     Reinforce)
from core.ww.frames.turn import Committees, ForTheKing, Setup
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, AMERICAN_REINFORCEMENT_CARDS, BR,
                           BRITISH, BRITISH_REINFORCEMENT_CARD, BRITISH_REINFORCEMENTS, CAPTURED,
                           DISPERSED, FR, FRENCH_REINFORCEMENTS, IN_PLAY, NAVY_NOT_IN_PLAY, QUEUE,
                           RESERVE, RESHUFFLE_REMINDER, WAR_ENDS)
from tests.support.ww_strategy import (ONE, THREE, TWO, act, choices, force, fresh, hand, no_campaign,
                                       hidden_cards_named, impulse, labels, nouns, only_pcs,
                                       place, run,
                                       strategy_phase, top)

THIRTEEN = ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC", "SC", "GA")
ALL_CARDS = [c.number for c in deck.CARDS]
MINOR, MAJOR = deck.MINOR_CAMPAIGNS[0], deck.MAJOR_CAMPAIGNS[0]
KNOX = deck.HENRY_KNOX                 # American-flag Battle card (the 6.32.C example)
PAINE = 22                             # an ordinary American-flag Event card
HALE, ALLEN = 21, 23                   # more American-flag Event cards
CHURCH = 31                            # an ordinary British-flag Event card
MORGAN_CARD = deck.MORGAN              # an American-flag Battle card (the Saratoga example)



def test_the_cards_these_tests_use():
    assert deck.card(PAINE).flag == deck.card(HALE).flag == deck.card(ALLEN).flag == "american"
    assert deck.card(CHURCH).flag == "british" and deck.card(KNOX).flag == "american"
    assert all(deck.card(n).kind == "event" for n in (PAINE, HALE, ALLEN, CHURCH))
    assert deck.card(KNOX).battle and deck.card(MORGAN_CARD).battle
    assert {deck.card(n).ops for n in ONE} == {1} and {deck.card(n).ops for n in TWO} == {2}


def everything_conserved(state) -> None:
    cards.check_conserved(state.piles, ALL_CARDS)


# =============================================================================================
# 4.0 Set-up
# =============================================================================================


def test_4_0_2_declaration_and_steuben_set_aside_every_other_card_shuffled_into_the_deck():
    state = fresh(1)
    assert sorted(state.piles.aside) == sorted([deck.DECLARATION, deck.STEUBEN])
    assert len(state.piles.deck) == 108
    assert not state.piles.discard and not state.piles.removed
    assert all(not h for h in state.piles.hands.values())
    assert all(not box for box in state.piles.boxes.values())
    everything_conserved(state)
    assert fresh(1).piles.deck == state.piles.deck            # the seed fixes the order
    assert fresh(2).piles.deck != state.piles.deck
    assert state.piles.deck != sorted(state.piles.deck)


def test_4_0_3_4_turn_marker_1775_regulars_side_up_french_alliance_on_0():
    state = fresh()
    assert (state.year, state.regulars, state.alliance) == (1775, True, 0)
    assert not state.france_in_war and not state.european_war
    assert state.navy == NAVY_NOT_IN_PLAY and not state.reshuffle_pending


SETUP_TABLE = [  # 4.0 step 5: location, generals, CUs, PC
    ("quebec", {"carleton"}, {BR: 2}, BRITISH),
    ("montreal", set(), {}, BRITISH),
    ("fort-detroit", set(), {BR: 1}, BRITISH),
    ("boston", {"howe"}, {BR: 5}, BRITISH),
    ("norfolk", set(), {}, BRITISH),
    ("gilbert-town", set(), {}, BRITISH),
    ("wilmington-nc", set(), {}, BRITISH),
    ("ninety-six", set(), {}, BRITISH),
    ("lexington-concord", {"washington"}, {AM: 5}, AMERICAN),
    ("newport", {"greene"}, {AM: 2}, None),
    ("charleston", set(), {AM: 2}, AMERICAN),
    ("philadelphia", set(), {}, AMERICAN),
    (BRITISH_REINFORCEMENTS, {"burgoyne", "clinton", "cornwallis"}, {}, None),
    (AMERICAN_LEADERS, {"arnold", "lincoln", "gates", "lee", "lafayette"}, {}, None),
    (FRENCH_REINFORCEMENTS, {"rochambeau"}, {FR: 5}, None),
]


@pytest.mark.parametrize("where,generals,cus,pc", SETUP_TABLE, ids=[r[0] for r in SETUP_TABLE])
def test_4_0_5_the_fixed_set_up(where, generals, cus, pc):
    state = fresh()
    assert set(q.generals_at(state, where)) == generals
    assert state.cus.get(where, {}) == cus
    assert state.pcs.get(where) == pc


def test_4_0_5_totals_congress_and_nothing_else_on_the_map():
    state = fresh()
    assert state.congress == "philadelphia"
    assert q.cus_on_map(state, BRITISH) == 8 and len(q.pcs_of(state, BRITISH)) == 8
    assert q.cus_on_map(state, AMERICAN) == 9 and len(q.pcs_of(state, AMERICAN)) == 3
    placed = {row[0] for row in SETUP_TABLE}
    assert {w for w in state.cus if q.on_map(w)} <= placed
    assert {w for w in state.generals.values() if q.on_map(w)} <= placed
    assert not q.generals_at(state, CAPTURED)


def test_4_0_every_cu_is_counted_the_rest_wait_in_the_reserve():
    state = fresh()
    for nationality in (AM, BR):
        total = sum(here.get(nationality, 0) for here in state.cus.values())
        assert total == setup.TOTAL_CUS[nationality]
        assert q.cu_count(state, RESERVE, nationality) > 0
    assert sum(here.get(FR, 0) for here in state.cus.values()) == 5    # 12.2.C: never replaced


# --- 4.0 step 6: Committees of Correspondence ------------------------------------------------


def at_setup(seed: int = 1, **options):
    state = fresh(seed, **options)
    state.stack = [Setup()]
    return run(state)


def test_4_0_6_committees_one_american_pc_in_each_of_the_13_colonies_none_in_canada():
    state = at_setup()
    before = dict(state.pcs)
    asked, rng = [], random.Random(5)
    while isinstance(top(state), Committees):
        asked.append(top(state).colonies[0])
        assert state.active == [AMERICAN] and labels(state, BRITISH) == []
        state = act(state, AMERICAN, "space", rng.choice(nouns(state, AMERICAN, "space")))
    assert asked == list(THIRTEEN)
    new = {s: side for s, side in state.pcs.items() if s not in before}
    assert set(new.values()) == {AMERICAN}
    assert Counter(q.colony(s) for s in new) == Counter(THIRTEEN)    # one each, Canada none
    assert {s: state.pcs[s] for s in before} == before               # nothing flipped
    assert isinstance(top(state), ForTheKing) and state.active == [BRITISH]


def test_4_0_6_committees_only_where_no_british_piece_and_no_pc_stands():
    state = fresh()
    state.generals["clinton"] = "falmouth"          # a lone British general: a British piece
    q.move_cus(state, RESERVE, "worcester", BR, 1)  # a lone British CU
    state.stack = [Setup()]
    state = run(state)
    assert set(nouns(state, AMERICAN, "space")) == set(q.spaces_of("NH"))
    state = act(state, AMERICAN, "space", "exeter")
    # MA: Boston (British PC, Howe, 5 CUs), Lexington Concord (American PC) and the two
    # spaces with a British piece are out
    assert set(nouns(state, AMERICAN, "space")) == {"springfield", "pittsfield", "barnstable"}
    with pytest.raises(IllegalAction):
        act(state, AMERICAN, "space", "boston")
    state = act(state, AMERICAN, "space", "barnstable")
    # RI: Newport holds Greene's American units but no PC: allowed
    assert set(nouns(state, AMERICAN, "space")) == {"providence", "newport"}


def test_4_0_6_a_colony_with_no_legal_space_is_passed_over():
    state = fresh()
    for space in q.spaces_of("GA"):
        state.pcs[space] = BRITISH
    for space in q.spaces_of("DE"):
        state.pcs[space] = AMERICAN
    state.stack = [Setup()]
    state = run(state)
    asked = []
    while isinstance(top(state), Committees):
        asked.append(top(state).colonies[0])
        state = act(state, AMERICAN, "space", nouns(state, AMERICAN, "space")[0])
    assert asked == [c for c in THIRTEEN if c not in ("GA", "DE")]


# --- 4.0 step 7: For the King -----------------------------------------------------------------


def at_for_the_king(seed: int = 1, **options):
    """Set-up through the Committees (the first legal space of each colony)."""
    state = at_setup(seed, **options)
    while isinstance(top(state), Committees):
        state = act(state, AMERICAN, "space", nouns(state, AMERICAN, "space")[0])
    assert isinstance(top(state), ForTheKing)
    return state


def test_4_0_7_for_the_king_starts_from_the_british_pcs_already_placed():
    state = at_for_the_king()
    assert set(top(state).before) == q.pcs_of(state, BRITISH) and len(top(state).before) == 8
    assert state.active == [BRITISH]


def test_4_0_7_for_the_king_two_british_pcs_under_10_11_b_not_in_ma_ct_nh_pa_va():
    state = at_for_the_king()
    offered = set(nouns(state, BRITISH, "space"))
    assert offered
    assert not {q.colony(s) for s in offered} & {"MA", "CT", "NH", "PA", "VA"}
    assert not offered & set(state.pcs)
    assert not {s for s in offered if q.american_units(state, s)}
    assert "charlotte" in offered                   # next to Gilbert Town
    assert "new-york" in offered                    # a port: British PCs stand in ports (3.0)
    assert "williamsburg" not in offered            # next to Norfolk, but in VA
    assert "hartford" not in offered                # CT
    assert "salem" not in offered                   # next to no British PC, not a port
    state = act(state, BRITISH, "space", "charlotte")
    assert state.pcs["charlotte"] == BRITISH and isinstance(top(state), ForTheKing)
    state = act(state, BRITISH, "space", "new-york")
    assert not any(isinstance(f, ForTheKing) for f in state.stack)
    placed = {s for s, side in state.pcs.items() if side == BRITISH}
    assert placed == set(setup_pcs(BRITISH)) | {"charlotte", "new-york"}


def setup_pcs(side):
    return [row[0] for row in SETUP_TABLE if row[3] == side]


def test_4_0_7_a18_the_second_pc_may_not_chain_off_the_first():
    state = at_for_the_king()
    state = act(state, BRITISH, "space", "charlotte")
    # Salem is next to Charlotte only (of the British PCs): one 2-PC action, no daisy chain
    assert "salem" not in nouns(state, BRITISH, "space")
    with pytest.raises(IllegalAction):
        act(state, BRITISH, "space", "salem")


def test_4_0_7_a19_canada_allowed_unless_the_option_reads_it_out():
    assert "three-rivers" in nouns(at_for_the_king(), BRITISH, "space")
    state = at_for_the_king(for_the_king_in_canada=False)
    assert not [s for s in nouns(state, BRITISH, "space") if q.colony(s) == q.CANADA]


# =============================================================================================
# 5.2, 6.1 Dealing and rebuilding the deck
# =============================================================================================


def test_5_2_a23_seven_cards_each_one_at_a_time_the_american_first():
    state = fresh()
    top14 = state.piles.deck[-14:][::-1]             # the top card first
    strategy.strategy_card_phase(state)
    assert state.piles.hands[AMERICAN] == top14[0::2]
    assert state.piles.hands[BRITISH] == top14[1::2]
    assert len(state.piles.deck) == 108 - 14
    assert sorted(state.piles.aside) == sorted([deck.DECLARATION, deck.STEUBEN])  # 1775
    assert hidden_cards_named(state.log, state) == []
    everything_conserved(state)


def later_year(year: int = 1778):
    """A state in a later year: the set-aside cards have joined the deck (6.1.E)."""
    state = fresh()
    state.year = year
    for number in list(state.piles.aside):
        cards.move(state.piles, number, cards.ASIDE, cards.DECK, top=False)
    return state


def to_discard(state, count: int) -> list[int]:
    moved = state.piles.deck[:count]
    for number in moved:
        place(state, number, cards.DISCARD)
    return moved


def test_6_1_a_the_deck_runs_out_during_the_deal_rebuilt_and_the_deal_goes_on():
    state = later_year()
    boxed = {WAR_ENDS: deck.WAR_ENDS_CARDS[2], BRITISH_REINFORCEMENT_CARD: ONE[0],
             AMERICAN_REINFORCEMENT_CARDS[0]: TWO[0], QUEUE[BRITISH]: ONE[1],
             cards.REMOVED: THREE[0]}
    for box, number in boxed.items():
        place(state, number, box)
    to_discard(state, len(state.piles.deck) - 5)
    last5 = state.piles.deck[::-1]
    strategy.strategy_card_phase(state)
    assert len(state.piles.hands[AMERICAN]) == len(state.piles.hands[BRITISH]) == 7
    assert state.piles.hands[AMERICAN][:3] == last5[0::2]
    assert state.piles.hands[BRITISH][:2] == last5[1::2]
    assert not state.piles.discard                           # all shuffled into the new deck
    for box, number in boxed.items():                        # 6.1 clarification, A31
        assert state.piles.pile(box) == [number]
    assert any("rebuilt" in line for line in state.log)
    everything_conserved(state)


def test_6_1_e_tc_1776_the_two_cards_join_the_remaining_deck_the_discards_stay():
    state = fresh()
    state.year = 1776
    discards = to_discard(state, 12)
    remaining = set(state.piles.deck)
    strategy.strategy_card_phase(state)
    assert state.piles.discard == discards                     # not a true rebuild
    assert not state.piles.aside
    in_play = set(state.piles.deck) | set(state.piles.hands[AMERICAN]) | \
        set(state.piles.hands[BRITISH])
    assert in_play == remaining | {deck.DECLARATION, deck.STEUBEN}
    everything_conserved(state)


def test_6_1_e_tc_variant_a_reshuffle_due_from_1775_rebuilds_everything_with_the_two():
    state = fresh()
    state.year = 1776
    to_discard(state, 12)
    state.reshuffle_pending = True
    strategy.strategy_card_phase(state)
    assert not state.piles.discard and not state.piles.aside
    assert not state.reshuffle_pending
    assert len(state.piles.deck) + 14 == 110
    everything_conserved(state)


def test_6_1_e_the_set_aside_cards_stay_out_in_1775():
    state = fresh()
    strategy.strategy_card_phase(state)
    assert sorted(state.piles.aside) == sorted([deck.DECLARATION, deck.STEUBEN])


def test_6_3_d_a29_a_pending_reshuffle_rebuilds_the_deck_before_the_deal():
    state = later_year(1779)
    place(state, deck.PITT, RESHUFFLE_REMINDER)                # face up on the deck
    to_discard(state, 20)
    state.reshuffle_pending = True
    strategy.strategy_card_phase(state)
    assert not state.piles.discard and not state.piles.boxes[RESHUFFLE_REMINDER]
    assert not state.reshuffle_pending
    assert len(state.piles.deck) + 14 == 110
    everything_conserved(state)


def test_6_1_b_no_pending_reshuffle_no_rebuild():
    state = later_year(1779)
    discards = to_discard(state, 20)
    strategy.strategy_card_phase(state)
    assert state.piles.discard == discards


def test_6_1_clar_tc_a_mid_phase_rebuild_is_the_discard_pile_only():
    state = later_year(1780)
    boxed = {WAR_ENDS: deck.WAR_ENDS_CARDS[3], BRITISH_REINFORCEMENT_CARD: ONE[0],
             AMERICAN_REINFORCEMENT_CARDS[0]: TWO[0], AMERICAN_REINFORCEMENT_CARDS[1]: TWO[1],
             QUEUE[AMERICAN]: ONE[1], cards.REMOVED: THREE[0]}
    for box, number in boxed.items():
        place(state, number, box)
    discards = to_discard(state, 30)
    hand(state, BRITISH, *state.piles.deck)                     # the deck is empty
    assert not state.piles.deck
    drawn = hands.draw(state, AMERICAN, 1)
    assert drawn == 1
    assert set(state.piles.deck) | set(state.piles.hands[AMERICAN]) == set(discards)
    for box, number in boxed.items():
        assert state.piles.pile(box) == [number]
    everything_conserved(state)


def test_a30_a_mid_phase_rebuild_keeps_the_pending_reshuffle_for_the_next_card_phase():
    state = later_year(1780)
    discards = to_discard(state, 30)
    hand(state, BRITISH, *state.piles.deck)
    before = list(state.piles.hands[AMERICAN])
    assert state.piles.deck == []
    state.reshuffle_pending = True
    assert hands.draw(state, AMERICAN, 1) == 1
    # 6.1.A: the empty deck was rebuilt from the discard pile, and the card drawn came from it
    drawn = [n for n in state.piles.hands[AMERICAN] if n not in before]
    assert len(drawn) == 1 and drawn[0] in discards
    assert state.piles.discard == []
    assert sorted(state.piles.deck + drawn) == sorted(discards)
    assert "The deck is rebuilt (the deck ran out)" in state.log[-1]
    assert state.reshuffle_pending          # A30: the card phase's reshuffle is still owed


def test_6_3_d_tc_a_draw_under_the_reshuffle_reminder_takes_the_next_card_no_reshuffle():
    state = later_year(1777)
    place(state, deck.PITT, RESHUFFLE_REMINDER)
    discards = to_discard(state, 10)
    under = state.piles.deck[-1]
    hands.draw(state, BRITISH, 1)
    assert state.piles.hands[BRITISH] == [under]
    assert state.piles.discard == discards and state.piles.boxes[RESHUFFLE_REMINDER] == [deck.PITT]


def test_6_3_c_a_removed_reshuffle_event_does_not_come_back_with_the_rebuild():
    state = later_year(1777)
    place(state, deck.DECLARATION, RESHUFFLE_REMINDER)
    state.reshuffle_pending = True
    strategy.strategy_card_phase(state)
    assert state.piles.where(deck.DECLARATION) == cards.REMOVED


def test_6_3_d_a_reshuffle_event_kept_in_play_returns_with_the_rebuild():
    state = later_year(1777)
    place(state, deck.PITT, RESHUFFLE_REMINDER)
    state.reshuffle_pending = True
    strategy.strategy_card_phase(state)
    assert state.piles.where(deck.PITT) in (cards.DECK, f"hand:{AMERICAN}", f"hand:{BRITISH}")


@pytest.mark.parametrize("number,pending", [(deck.HORTALEZ, True), (deck.PITT, False),
                                            (PAINE, False)])
def test_6_1_note_hortalez_discarded_triggers_a_reshuffle_pitt_discarded_does_not(
        number, pending):
    state = fresh()
    side = AMERICAN if deck.card(number).flag == "american" else BRITISH
    hand(state, side, number, ONE[0])
    state = impulse(state, side)
    state = force(state, side, "discard-event", number)
    assert state.reshuffle_pending is pending
    assert number in state.piles.discard


# =============================================================================================
# 5.3 Who plays first, and impulses
# =============================================================================================


def dealt(american, british, seed: int = 1):
    state = fresh(seed)
    hand(state, AMERICAN, *american)
    hand(state, BRITISH, *british)
    return state


def test_5_3_the_british_may_open_with_a_campaign_and_so_plays_first():
    state = strategy_phase(dealt([TWO[0], THREE[0]], [MINOR, ONE[0], ONE[1]]))
    assert isinstance(top(state), FirstPlayer) and top(state).asked == BRITISH
    assert state.active == [BRITISH]
    assert labels(state, BRITISH) == [f"open {MINOR}", "no-campaign"]
    state = act(state, BRITISH, "open", MINOR)
    assert state.first_player == BRITISH
    campaign = next(f for f in state.stack if isinstance(f, Campaign))
    assert (campaign.side, campaign.card, campaign.activations) == (BRITISH, MINOR, 2)
    assert isinstance(top(state), CampaignChoice) and top(state).side == BRITISH
    assert state.piles.boxes[IN_PLAY] == [MINOR] and MINOR not in state.piles.hands[BRITISH]


def test_7_2_a_a_major_campaign_activates_up_to_three():
    state = strategy_phase(dealt([TWO[0]], [MAJOR, ONE[0]]))
    state = act(state, BRITISH, "open", MAJOR)
    assert next(f for f in state.stack if isinstance(f, Campaign)).activations == 3


def test_5_3_without_an_opening_campaign_the_american_chooses_who_plays_first():
    state = strategy_phase(dealt([TWO[0]], [MINOR, ONE[0]]))
    state = act(state, BRITISH, "no-campaign")
    assert top(state).asked == AMERICAN and state.active == [AMERICAN]
    assert labels(state, AMERICAN) == ["first American", "first British"]
    state = act(no_campaign(state), AMERICAN, "first", BRITISH)
    assert state.first_player == BRITISH
    assert isinstance(top(state), PlayCard) and top(state).side == BRITISH
    assert state.active == [BRITISH]


def test_5_3_the_american_may_play_first():
    state = strategy_phase(dealt([TWO[0]], [ONE[0]]))
    assert top(state).asked == BRITISH and labels(state, BRITISH) == ["no-campaign"]
    state = no_campaign(state)
    assert top(state).asked == AMERICAN
    state = act(no_campaign(state), AMERICAN, "first", AMERICAN)
    assert isinstance(top(state), PlayCard) and top(state).side == AMERICAN


def test_5_3_the_british_is_asked_about_an_opening_campaign_whatever_his_hand():
    state = strategy_phase(dealt([TWO[0]], [ONE[0], ONE[1]]))
    assert top(state).asked == BRITISH
    assert labels(state, BRITISH) == ["no-campaign"]


def play_out(state, first: str) -> list[str]:
    """Play a Strategy Phase to its end, each side discarding its OPS cards one by one (A38);
    returns who played each impulse."""
    state = act(no_campaign(state), AMERICAN, "first", first)
    order = []
    while state.stack:
        assert isinstance(top(state), PlayCard)
        side = top(state).side
        order.append(side)
        state = force(state, side, "discard", state.piles.hands[side][0])
    return order


def test_5_3_impulses_alternate_until_both_hands_are_empty():
    state = strategy_phase(dealt(ONE[:3], TWO[:3]))
    assert play_out(state, AMERICAN) == [AMERICAN, BRITISH] * 3
    state = strategy_phase(dealt(ONE[:3], TWO[:3]))
    assert play_out(state, BRITISH) == [BRITISH, AMERICAN] * 3


def test_5_3_a_player_without_cards_is_skipped_the_other_plays_on():
    state = strategy_phase(dealt(ONE[:1], TWO[:4]))
    assert play_out(state, AMERICAN) == [AMERICAN, BRITISH, BRITISH, BRITISH, BRITISH]
    state = strategy_phase(dealt(ONE[:3], TWO[:1]))
    assert play_out(state, BRITISH) == [BRITISH, AMERICAN, AMERICAN, AMERICAN]


def test_5_3_no_pass_while_holding_cards_every_play_uses_a_card_of_the_hand():
    state = strategy_phase(dealt([ONE[0], PAINE, MINOR], [TWO[0]]))
    state = act(no_campaign(state), AMERICAN, "first", AMERICAN)
    played = {c.action.noun for c in choices(state, AMERICAN)}
    assert played == {ONE[0], PAINE, MINOR}


def test_a11_the_last_card_of_the_phase_is_marked_when_both_hands_are_otherwise_empty():
    state = dealt([THREE[0]], [])
    state = force(impulse(state, AMERICAN), AMERICAN, "activate", THREE[0])
    assert state.stack[0].last_card is True                  # 9.44 Winter Offensive
    state = dealt([THREE[0]], [ONE[0]])
    state = force(impulse(state, AMERICAN), AMERICAN, "activate", THREE[0])
    assert state.stack[0].last_card is False


def test_6_33_b_replacement_draws_at_the_end_of_the_impulse_the_active_player_first():
    state = dealt([ONE[0]], [ONE[1]])
    state.replacements = {BRITISH: 1, AMERICAN: 2}
    top3 = state.piles.deck[-3:][::-1]
    state = force(impulse(state, AMERICAN), AMERICAN, "discard", ONE[0])
    assert state.piles.hands[AMERICAN] == top3[:2]
    assert state.piles.hands[BRITISH] == [ONE[1], top3[2]]
    assert not state.replacements and state.last_impulse == AMERICAN
    assert hidden_cards_named(state.log, state) == []


# =============================================================================================
# 6.2, 6.3 Where a card goes
# =============================================================================================


def at_play(side: str, *numbers: int, seed: int = 1):
    state = fresh(seed)
    hand(state, side, *numbers)
    return impulse(state, side)


def test_6_2_ops_to_activate_goes_to_the_discard_pile():
    state = force(at_play(BRITISH, THREE[0], ONE[0]), BRITISH, "activate", THREE[0])
    assert state.piles.discard == [THREE[0]]
    general = top(state)
    assert isinstance(general, ChooseGeneral)
    assert (general.side, general.ops, general.card, general.queue) == (BRITISH, 3, THREE[0],
                                                                       False)


def test_6_2_ops_for_pcs_goes_to_the_discard_pile():
    state = force(at_play(BRITISH, TWO[0]), BRITISH, "pc", TWO[0])
    assert state.piles.discard == [TWO[0]]
    pcs = top(state)
    assert isinstance(pcs, PcActions)
    assert (pcs.side, pcs.left) == (BRITISH, 2)
    assert set(pcs.before) == q.pcs_of(state, BRITISH)     # 10.11.B: when the card was played


def test_6_2_ops_for_reinforcements_goes_to_the_reinforcement_card_box():
    state = force(at_play(BRITISH, ONE[0]), BRITISH, "reinforce", ONE[0])
    assert state.piles.boxes[BRITISH_REINFORCEMENT_CARD] == [ONE[0]]
    assert isinstance(top(state), Reinforce) and not state.piles.discard
    state = force(at_play(AMERICAN, TWO[0], TWO[1]), AMERICAN, "reinforce", TWO[0])
    assert state.piles.boxes[AMERICAN_REINFORCEMENT_CARDS[0]] == [TWO[0]]
    state.stack = []
    state = force(impulse(state, AMERICAN), AMERICAN, "reinforce", TWO[1])
    assert state.piles.boxes[AMERICAN_REINFORCEMENT_CARDS[1]] == [TWO[1]]


def test_6_2_7_1_b_ops_to_a_queue_goes_face_up_in_front_of_the_player():
    state = force(at_play(AMERICAN, TWO[0], ONE[0]), AMERICAN, "queue", TWO[0])
    assert state.piles.boxes[QUEUE[AMERICAN]] == [TWO[0]]
    assert not state.stack and not state.piles.discard


def test_a38_an_ops_card_discarded_without_effect_opens_no_exchange():
    state = force(at_play(BRITISH, ONE[0], ONE[1]), BRITISH, "discard", ONE[0])
    assert state.piles.discard == [ONE[0]]
    assert not state.stack and state.exchange_card == 0


def test_6_32_an_event_discarded_as_a_play_goes_to_the_discard_pile_and_opens_the_exchange():
    state = force(at_play(BRITISH, KNOX, ONE[0]), BRITISH, "discard-event", KNOX)
    assert state.piles.discard == [KNOX]
    assert (state.exchange_card, state.exchange_for) == (KNOX, AMERICAN)
    assert isinstance(top(state), DiscardAction) and top(state).side == BRITISH
    assert any(f"discards {deck.card(KNOX).name}" in line for line in state.log)


def test_6_3_c_a_campaign_stays_in_play_until_its_activations_end_then_the_discard_pile():
    state = force(at_play(BRITISH, MINOR, ONE[0]), BRITISH, "event", MINOR)
    assert state.piles.boxes[IN_PLAY] == [MINOR]
    state = force(state, BRITISH, "end-campaign")
    assert state.piles.discard == [MINOR] and not state.piles.boxes[IN_PLAY]
    assert not state.stack


# --- 6.32.A: which cards a side must discard ------------------------------------------------------


def test_6_32_a_6_33_a_enemy_flag_events_and_battle_cards_may_only_be_discarded():
    state = at_play(BRITISH, PAINE, KNOX, MINOR)
    assert labels(state, BRITISH) == [f"discard-event {PAINE}", f"discard-event {KNOX}",
                                      f"event {MINOR}", f"discard-event {MINOR}"]
    state = at_play(AMERICAN, CHURCH, deck.TARLETON, deck.MORGAN, MAJOR)
    assert labels(state, AMERICAN) == [
        f"discard-event {CHURCH}", f"discard-event {deck.TARLETON}",
        f"discard-event {deck.MORGAN}", f"event {MAJOR}", f"discard-event {MAJOR}"]


def test_6_34_a_a_special_event_is_never_discarded():
    for number in (deck.DECLARATION, deck.FRANKLIN, deck.WAR_ENDS_CARDS[0]):
        state = at_play(AMERICAN, number)
        assert labels(state, AMERICAN) == [f"event {number}"]


def test_6_32_a_tc_pitt_after_the_french_alliance_may_only_be_discarded():
    state = fresh()
    state.france_in_war = True
    hand(state, BRITISH, deck.PITT)
    state = impulse(state, BRITISH)
    assert labels(state, BRITISH) == [f"discard-event {deck.PITT}"]


# =============================================================================================
# 6.32.B Minor actions of a discarded Event (10.12.B engine table)
# =============================================================================================


def discard_action(side: str, state):
    state.stack = [DiscardAction(side=side, card=PAINE)]
    return run(state)


def minor(state, side: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {"place": set(), "flip": set(), "remove": set()}
    for c in choices(state, side):
        if c.action.verb in out:
            out[c.action.verb].add(c.action.noun)
    return out


def american_discard_position():
    """An American PC in Providence; around it (providence - boston, worcester, newport,
    lebanon, new-haven): New Haven British PC with Lee; Worcester British PC with Clinton
    alone; Lebanon empty but for a British CU; Boston (British PC, Howe, 5 CUs); Newport
    (Greene, 2 CUs, no PC). Springfield is not adjacent to an American PC."""
    state = fresh()
    only_pcs(state, providence=AMERICAN, new_haven=BRITISH, worcester=BRITISH, boston=BRITISH)
    state.generals["lee"] = "new-haven"
    state.generals["clinton"] = "worcester"
    q.move_cus(state, RESERVE, "lebanon", BR, 1)
    return state


def test_10_12_b_american_discard_place_flip_remove_next_to_an_american_pc():
    state = discard_action(AMERICAN, american_discard_position())
    got = minor(state, AMERICAN)
    assert got["place"] == {"newport"} | {s for s in q.adjacent("providence")
                                          if s not in state.pcs and not q.cus(state, s, BRITISH)}
    assert "newport" in got["place"] and "lebanon" not in got["place"]   # a British CU
    assert "springfield" not in got["place"]                             # not adjacent
    assert got["flip"] == {"new-haven"}           # a British PC with an American general
    assert "boston" not in got["remove"]          # British CUs protect it
    assert {"new-haven", "worcester"} <= got["remove"]   # A9: a lone British general does not
    assert labels(state, AMERICAN)[0] == "nothing"


@pytest.mark.parametrize("why", ["dispersed", "mutiny"])
def test_10_11_a_iv_no_american_placement_by_discard_flip_and_remove_remain(why):
    state = american_discard_position()
    if why == "dispersed":
        state.congress = DISPERSED
    else:
        state.mutiny = True
    got = minor(discard_action(AMERICAN, state), AMERICAN)
    assert not got["place"]
    assert got["flip"] == {"new-haven"} and {"new-haven", "worcester"} <= got["remove"]


def british_discard_position():
    """A British PC in Ninety Six (ninety-six - gilbert-town, camden, augusta, kettle-creek) and
    in Norfolk (a port); Camden an American PC alone; Augusta an American PC with a British
    Army (Cornwallis, 2 CUs); Kettle Creek an American PC with Gates alone; Gilbert Town
    empty; Salem (next to no British PC) holds Howe's Army."""
    state = fresh()
    only_pcs(state, ninety_six=BRITISH, norfolk=BRITISH, camden=AMERICAN, augusta=AMERICAN,
             kettle_creek=AMERICAN)
    state.generals["cornwallis"] = "augusta"
    q.move_cus(state, RESERVE, "augusta", BR, 2)
    state.generals["gates"] = "kettle-creek"
    state.generals["howe"] = "salem"
    q.move_cus(state, "boston", "salem", BR, 5)
    return state


def test_10_12_b_british_discard_place_flip_remove_next_to_a_british_pc():
    state = discard_action(BRITISH, british_discard_position())
    got = minor(state, BRITISH)
    assert "gilbert-town" in got["place"]
    assert {"savannah", "new-york", "baltimore"} <= got["place"]     # every port is adjacent
    assert "salem" not in got["place"]        # an Army there, but a discard needs adjacency
    assert got["flip"] == {"augusta"}         # an American PC with a British Army
    assert "camden" not in got["flip"]        # TC-10.12-B-FLIP: no British Army, no flip
    assert {"camden", "augusta"} <= got["remove"]
    assert "kettle-creek" not in got["remove"]    # an American general protects it
    state = act(state, BRITISH, "flip", "augusta")
    assert state.pcs["augusta"] == BRITISH and not state.stack        # one action only


def test_10_12_b_british_removal_is_stopped_by_an_american_cu_or_the_congress():
    state = british_discard_position()
    q.move_cus(state, RESERVE, "camden", AM, 1)
    state.congress = "kettle-creek"
    state.generals["gates"] = AMERICAN_LEADERS
    got = minor(discard_action(BRITISH, state), BRITISH)
    assert not {"camden", "kettle-creek"} & got["remove"]
    assert "gilbert-town" in got["place"]
    state.generals["greene"] = "gilbert-town"             # an American unit: no placement
    assert "gilbert-town" not in minor(discard_action(BRITISH, state), BRITISH)["place"]


def test_6_32_b_i_the_minor_action_may_be_nothing():
    state = discard_action(BRITISH, british_discard_position())
    before = dict(state.pcs)
    state = act(state, BRITISH, "nothing")
    assert state.pcs == before and not state.stack


# =============================================================================================
# 6.32.C Exchange
# =============================================================================================


def exchange_open(american, british, offered=KNOX, to=AMERICAN):
    """The opponent of `to` has just discarded `offered` as his play (6.32.C)."""
    state = dealt(american, british)
    place(state, offered, cards.DISCARD)
    state.exchange_card, state.exchange_for = offered, to
    return impulse(state, to)


def test_6_32_c_the_american_may_exchange_a_2_or_3_ops_card_before_his_impulse():
    state = exchange_open([ONE[0], TWO[0], THREE[0], PAINE], [ONE[1]])
    assert isinstance(top(state), Exchange) and state.active == [AMERICAN]
    assert labels(state, AMERICAN) == [f"exchange {TWO[0]}", f"exchange {THREE[0]}", "decline"]
    with pytest.raises(IllegalAction):
        act(state, AMERICAN, "exchange", ONE[0])
    state = act(state, AMERICAN, "exchange", TWO[0])
    assert sorted(state.piles.hands[AMERICAN]) == sorted([ONE[0], THREE[0], PAINE, KNOX])
    assert state.piles.discard == [TWO[0]]
    assert isinstance(top(state), PlayCard) and top(state).side == AMERICAN  # not a play
    assert any("exchanges" in line for line in state.log)


def test_6_32_c_tc_negative_an_american_with_only_1_ops_cards_cannot_exchange():
    state = exchange_open([ONE[0], ONE[1], PAINE], [ONE[2]])
    assert isinstance(top(state), PlayCard) and state.exchange_card == 0


def test_6_32_c_tc_negative_a_british_with_only_a_1_ops_card_can():
    state = exchange_open([ONE[1]], [ONE[0], CHURCH], offered=PAINE, to=BRITISH)
    assert isinstance(top(state), Exchange)
    assert labels(state, BRITISH) == [f"exchange {ONE[0]}", "decline"]
    state = act(state, BRITISH, "exchange", ONE[0])
    assert sorted(state.piles.hands[BRITISH]) == sorted([CHURCH, PAINE])


def test_6_32_c_declined_the_card_stays_discarded_and_the_offer_lapses():
    state = exchange_open([TWO[0]], [ONE[0]])
    state = act(state, AMERICAN, "decline")
    assert state.piles.discard == [KNOX] and isinstance(top(state), PlayCard)
    assert state.exchange_card == 0


def test_6_32_c_only_the_discarders_opponent_and_only_before_his_very_next_impulse():
    state = dealt([TWO[0]], [ONE[0], ONE[1]])
    place(state, KNOX, cards.DISCARD)
    state.exchange_card, state.exchange_for = KNOX, AMERICAN
    state = impulse(state, BRITISH)           # the American had no impulse in between
    assert isinstance(top(state), PlayCard) and state.exchange_card == 0
    state.stack = []
    assert isinstance(top(impulse(state, AMERICAN)), PlayCard)


def test_6_32_c_tc_henry_knox():
    """The British discards Henry Knox and places one PC; before his impulse the American gives
    a 2-OPS card for it; his hand size is unchanged and his impulse then begins."""
    state = dealt([TWO[0], ONE[0], PAINE], [KNOX, ONE[1]])
    state = force(impulse(state, BRITISH), BRITISH, "discard-event", KNOX)
    state = act(state, BRITISH, "place", "charlotte")        # next to Gilbert Town
    assert state.pcs["charlotte"] == BRITISH and not state.stack
    state = impulse(state, AMERICAN)
    assert isinstance(top(state), Exchange) and top(state).card == KNOX
    state = act(state, AMERICAN, "exchange", TWO[0])
    assert len(state.piles.hands[AMERICAN]) == 3 and KNOX in state.piles.hands[AMERICAN]
    assert TWO[0] in state.piles.discard and KNOX not in state.piles.discard
    assert isinstance(top(state), PlayCard) and top(state).side == AMERICAN


def test_7_1_b_clar_tc_an_exchange_does_not_abandon_the_queue():
    state = dealt([ONE[1], PAINE], [ONE[0], TWO[0]])
    place(state, ONE[2], QUEUE[BRITISH])
    state = force(impulse(state, AMERICAN), AMERICAN, "discard-event", PAINE)
    state.stack = []                                   # (the minor action: nothing)
    state = act(impulse(state, BRITISH), BRITISH, "exchange", ONE[0])
    assert state.piles.boxes[QUEUE[BRITISH]] == [ONE[2]]
    assert isinstance(top(state), PlayCard)


def test_5_7_clar_tc_no_exchange_and_no_queue_carry_into_the_next_turn():
    """The British makes the last play of the Strategy Phase by discarding an American-flag
    Event; the American holds no card. In the End Phase the exchange lapses and the queue goes
    to the discard pile; the next Strategy Phase opens with no exchange."""
    from core import stack as core_stack
    from core.ww import flow
    from core.ww.frames.turn import GameTurn
    state = dealt([], [PAINE])
    place(state, ONE[0], QUEUE[AMERICAN])
    state = force(impulse(state, BRITISH), BRITISH, "discard-event", PAINE)
    state = act(state, BRITISH, "nothing")
    state.stack = [GameTurn(step=flow.GAME_TURN.index(flow.end_phase))]
    core_stack.run(state, flow.FLOW, flow.settle)
    assert not state.piles.boxes[QUEUE[AMERICAN]]
    if isinstance(top(state), FirstPlayer):
        if top(state).asked == BRITISH:
            state = core_stack.act(state, flow.FLOW, BRITISH, Action("no-campaign"))
        state = core_stack.act(state, flow.FLOW, AMERICAN, Action("first", AMERICAN))
        assert not isinstance(top(state), Exchange)


# =============================================================================================
# 7.1.B Operations Queues (examples 1-3)
# =============================================================================================


def example_hand():
    """TC-7.1-B: three 1-OPS cards, one 3-OPS card and three Event cards."""
    return [ONE[0], ONE[1], ONE[2], THREE[0], PAINE, HALE, ALLEN]


def test_7_1_b_tc_1_a_queue_of_two_1s_activates_burgoyne():
    """TC-7.1-B-1: a queue of two 1-OPS cards activates Burgoyne (strategy 2)."""
    state = dealt([TWO[5]], example_hand())
    state = force(impulse(state, BRITISH), BRITISH, "queue", ONE[0])           # play 1
    assert state.piles.boxes[QUEUE[BRITISH]] == [ONE[0]] and not state.stack
    state = force(impulse(state, AMERICAN), AMERICAN, "discard", TWO[5])       # any play
    assert state.piles.boxes[QUEUE[BRITISH]] == [ONE[0]]
    state = force(impulse(state, BRITISH), BRITISH, "queue-add", ONE[1])       # play 2
    general = top(state)
    assert isinstance(general, ChooseGeneral)
    assert (general.ops, general.queue, general.card) == (2, True, ONE[1])
    assert roster.strategy("burgoyne") <= general.ops
    assert state.piles.boxes[QUEUE[BRITISH]] == [ONE[0], ONE[1]]
    assert sorted(state.piles.hands[BRITISH]) == sorted([ONE[2], THREE[0], PAINE, HALE, ALLEN])


def test_7_1_b_tc_1_the_queue_is_spent_both_cards_to_the_discard_pile():
    state = dealt([TWO[5]], example_hand())
    state.generals["burgoyne"] = "new-york"
    q.move_cus(state, RESERVE, "new-york", BR, 2)
    place(state, ONE[0], QUEUE[BRITISH])
    state = force(impulse(state, BRITISH), BRITISH, "queue-add", ONE[1])
    assert "burgoyne" in nouns(state, BRITISH, "general")
    assert "howe" not in nouns(state, BRITISH, "general")           # strategy 3 > 2
    state = act(state, BRITISH, "general", "burgoyne")
    assert not state.piles.boxes[QUEUE[BRITISH]]
    assert {ONE[0], ONE[1]} <= set(state.piles.discard)


@pytest.mark.parametrize("verb,number", [("discard-event", PAINE), ("pc", THREE[0]),
                                         ("discard", THREE[0]), ("activate", THREE[0]),
                                         ("reinforce", THREE[0]), ("event", MINOR)])
def test_7_1_b_tc_2_any_other_play_abandons_the_queue(verb, number):
    """TC-7.1-B-2: any other play abandons the queue; its card goes to the discard pile."""
    state = dealt([TWO[5]], [*example_hand(), MINOR])
    place(state, ONE[0], QUEUE[BRITISH])
    state = force(impulse(state, BRITISH), BRITISH, verb, number)
    assert not state.piles.boxes[QUEUE[BRITISH]]
    assert ONE[0] in state.piles.discard
    assert any("abandons the Operations Queue" in line for line in state.log)


def test_7_1_b_tc_2_after_abandoning_a_new_queue_may_start_with_the_next_play():
    state = dealt([TWO[5]], example_hand())
    place(state, ONE[0], QUEUE[BRITISH])
    state = force(impulse(state, BRITISH), BRITISH, "discard", THREE[0])
    state = force(impulse(state, BRITISH), BRITISH, "queue", ONE[1])
    assert state.piles.boxes[QUEUE[BRITISH]] == [ONE[1]]


def test_7_1_b_tc_3_the_third_1_added_makes_3_operations_enough_for_any_general():
    state = dealt([TWO[5]], [ONE[2], THREE[0], PAINE])
    place(state, ONE[0], QUEUE[BRITISH])
    place(state, ONE[1], QUEUE[BRITISH])
    state = force(impulse(state, BRITISH), BRITISH, "queue-add", ONE[2])
    general = top(state)
    assert (general.ops, general.queue) == (3, True)
    assert all(roster.strategy(g) <= 3 for g in roster.of_side(BRITISH))


def test_7_1_b_tc_3_an_event_play_cannot_also_activate_through_the_queue():
    state = dealt([TWO[5]], [ONE[2], THREE[0], PAINE])
    place(state, ONE[0], QUEUE[BRITISH])
    place(state, ONE[1], QUEUE[BRITISH])
    state = force(impulse(state, BRITISH), BRITISH, "discard-event", PAINE)
    assert not any(isinstance(f, ChooseGeneral) for f in state.stack)
    assert not state.piles.boxes[QUEUE[BRITISH]]


def test_7_1_b_ii_the_queue_may_be_kept_for_a_later_card():
    state = dealt([TWO[5]], [ONE[2], THREE[0]])
    place(state, ONE[0], QUEUE[BRITISH])
    state = force(impulse(state, BRITISH), BRITISH, "queue-add", ONE[2])
    state = force(state, BRITISH, "keep-queue")
    assert state.piles.boxes[QUEUE[BRITISH]] == [ONE[0], ONE[2]] and not state.stack


def test_7_1_b_what_the_menu_offers_with_and_without_a_queue():
    state = dealt([TWO[5]], [ONE[0], TWO[0], THREE[0], PAINE])
    state = impulse(state, BRITISH)
    got = labels(state, BRITISH)
    assert f"queue {ONE[0]}" in got and f"queue {TWO[0]}" in got
    assert f"queue {THREE[0]}" not in got                      # 7.1.B.i: a 3 cannot start
    assert not [x for x in got if x.startswith("queue-add")]
    state.stack = []
    place(state, ONE[1], QUEUE[BRITISH])
    state = impulse(state, BRITISH)
    got = labels(state, BRITISH)
    assert {f"queue-add {n}" for n in (ONE[0], TWO[0], THREE[0])} <= set(got)
    assert not [x for x in got if x.startswith("queue ")]      # one queue per player
    assert all("abandons" in c.label for c in choices(state, BRITISH)
               if c.action.verb in ("activate", "pc", "reinforce", "discard"))
    # 7.1.B.ii, TC-7.1-B-3: nothing activates through the queue without a card played
    assert {c.action.noun for c in choices(state, BRITISH)} <= set(state.piles.hands[BRITISH])


# =============================================================================================
# 8.1, 8.2 Reinforcements
# =============================================================================================


def reinforce(side: str, card: int, state=None, **frame):
    state = state or fresh()
    state.stack = [Reinforce(side=side, card=card, **frame)]
    return run(state)


def test_8_1_c_tc_british_reinforcements_land_in_an_unblockaded_port_without_american_cu_or_pc():
    state = fresh()
    state.navy = "zone-chesapeake"
    state.pcs["new-haven"] = AMERICAN
    state = reinforce(BRITISH, ONE[0], state)
    spaces = set(nouns(state, BRITISH, "space"))
    assert spaces <= set(q.ports())
    assert not spaces & {"baltimore", "alexandria", "yorktown", "norfolk"}   # blockaded
    assert not spaces & {"charleston", "newport"}                            # American CUs
    assert not spaces & {"philadelphia", "new-haven"}                        # American PC
    assert {"new-york", "boston", "savannah", "quebec", "montreal"} <= spaces


def british_box(state, cus: int = 6, generals=("clinton",)):
    for gid in q.generals_at(state, BRITISH_REINFORCEMENTS):
        if gid not in generals:
            state.generals[gid] = CAPTURED
    q.move_cus(state, RESERVE, BRITISH_REINFORCEMENTS, BR, cus)
    return state


def test_8_1_c_a21_any_number_of_cus_zero_only_when_a_general_may_come_alone():
    state = reinforce(BRITISH, ONE[0], british_box(fresh()), space="new-york")
    assert nouns(state, BRITISH, "cus") == list(range(0, 7))
    state = reinforce(BRITISH, ONE[0], british_box(fresh(), generals=()), space="new-york")
    assert nouns(state, BRITISH, "cus") == list(range(1, 7))


def test_8_1_tc_clinton_and_any_part_of_the_six_cus_into_one_port():
    state = reinforce(BRITISH, ONE[0], british_box(fresh()))
    state = act(state, BRITISH, "space", "new-york")
    assert nouns(state, BRITISH, "cus") == list(range(0, 7))
    state = act(state, BRITISH, "cus", 4)
    assert q.cu_count(state, "new-york", BR) == 4
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) == 2
    assert labels(state, BRITISH) == ["general clinton", "no-general"]


def test_8_1_c_tc_a_new_general_sends_the_one_in_the_port_back_to_the_box():
    state = reinforce(BRITISH, ONE[0], british_box(fresh()))
    state = act(state, BRITISH, "space", "boston")
    state = act(state, BRITISH, "cus", 6)
    state = act(state, BRITISH, "general", "clinton")
    assert state.generals["clinton"] == "boston"
    assert state.generals["howe"] == BRITISH_REINFORCEMENTS
    assert q.cu_count(state, "boston", BR) == 11


def test_8_1_b_tc_once_per_turn_a_second_british_action_is_illegal():
    state = fresh()
    assert strategy.can_reinforce(state, BRITISH)
    place(state, ONE[0], BRITISH_REINFORCEMENT_CARD)
    assert not strategy.can_reinforce(state, BRITISH)
    with pytest.raises(IllegalAction):
        strategy.free_reinforcement_box(state, BRITISH)


def test_8_2_b_tc_twice_per_turn_a_third_american_action_is_illegal():
    state = fresh()
    place(state, TWO[0], AMERICAN_REINFORCEMENT_CARDS[0])
    assert strategy.can_reinforce(state, AMERICAN)
    assert strategy.free_reinforcement_box(state, AMERICAN) == AMERICAN_REINFORCEMENT_CARDS[1]
    place(state, TWO[1], AMERICAN_REINFORCEMENT_CARDS[1])
    assert not strategy.can_reinforce(state, AMERICAN)


def test_8_2_c_american_reinforcements_go_to_any_space_without_british_cu_or_pc():
    state = fresh()
    state.navy = "zone-chesapeake"
    state.generals["clinton"] = "salem"             # a lone British general (8.2 clarification)
    state = reinforce(AMERICAN, THREE[0], state)
    spaces = set(nouns(state, AMERICAN, "space"))
    assert {"three-rivers", "st-marys", "salem", "baltimore", "worcester",
            "lexington-concord"} <= spaces         # Canada, no port needed, blockade no matter
    assert not spaces & {"boston", "quebec", "fort-detroit"}                 # British CUs
    assert not spaces & {"norfolk", "montreal", "gilbert-town"}              # British PCs
    assert spaces == {s for s in q.spaces()
                      if not q.cus(state, s, BRITISH) and state.pcs.get(s) != BRITISH}


def test_8_2_c_tc_a_3_ops_card_brings_3_cus_from_the_reserve_and_a_general_may_come():
    state = fresh()
    reserve = q.cu_count(state, RESERVE, AM)
    state = act(reinforce(AMERICAN, THREE[0], state), AMERICAN, "space", "worcester")
    assert q.cu_count(state, "worcester", AM) == 3
    assert q.cu_count(state, RESERVE, AM) == reserve - 3
    assert set(nouns(state, AMERICAN, "general")) == {"arnold", "lincoln", "gates", "lee",
                                                       "lafayette"}
    assert "no-general" in labels(state, AMERICAN)


def test_8_2_c_tc_no_general_may_come_to_washingtons_space():
    state = fresh()
    frame = Reinforce(side=AMERICAN, card=THREE[0], space="lexington-concord", cus=3)
    assert strategy.arriving_generals(state, frame) == []


def test_8_2_c_tc_a_general_may_come_where_another_stands():
    state = fresh()
    state.generals["lee"] = "worcester"
    frame = Reinforce(side=AMERICAN, card=THREE[0], space="worcester", cus=3)
    assert set(strategy.arriving_generals(state, frame)) == {"arnold", "lincoln", "gates",
                                                             "lafayette"}


def test_a21_a_general_alone_may_not_arrive_on_a_lone_enemy_general():
    state = british_box(fresh())
    state.generals["greene"] = "new-york"
    q.remove_cus(state, "newport", AM, 2)
    frame = Reinforce(side=BRITISH, card=ONE[0], space="new-york", cus=0)
    assert strategy.arriving_generals(state, frame) == []
    frame = Reinforce(side=BRITISH, card=ONE[0], space="new-york", cus=2)
    assert strategy.arriving_generals(state, frame) == ["clinton"]


def test_8_2_c_tc_lee_sent_back_by_lafayette_may_return_with_the_second_action():
    state = fresh()
    state.generals["lee"] = "worcester"
    state = act(reinforce(AMERICAN, THREE[0], state), AMERICAN, "space", "worcester")
    state = act(state, AMERICAN, "general", "lafayette")
    assert state.generals["lee"] == AMERICAN_LEADERS
    state = act(reinforce(AMERICAN, TWO[0], state), AMERICAN, "space", "springfield")
    assert "lee" in nouns(state, AMERICAN, "general")


def test_8_2_clar_tc_reinforcements_on_a_lone_british_general_capture_him():
    state = fresh()
    state.generals["clinton"] = "salem"
    state = act(reinforce(AMERICAN, TWO[0], state), AMERICAN, "space", "salem")
    if state.stack:
        state = act(state, AMERICAN, "no-general")
    assert state.generals["clinton"] == CAPTURED


def french_waiting_position():
    """12.2.B.ii: France is in the war but no port could take Rochambeau and the French CUs,
    which wait in the American Reinforcement Leaders box."""
    state = fresh()
    state.france_in_war = True
    state.generals["rochambeau"] = AMERICAN_LEADERS
    q.move_cus(state, FRENCH_REINFORCEMENTS, AMERICAN_LEADERS, FR, 5)
    return state


def test_12_2_b_ii_a22_the_french_come_with_a_reinforcement_action_and_alone():
    state = french_waiting_position()
    assert strategy.can_bring_french(state, AMERICAN)
    assert "rochambeau" not in strategy.waiting_generals(state, AMERICAN)
    state.navy = "zone-new-england"
    ports = set(strategy.french_ports(state))
    assert "boston" not in ports and "norfolk" not in ports       # British CU / PC
    assert {"newport", "barnstable", "new-york"} <= ports         # blockades do not matter


def test_12_2_b_ii_a22_the_french_group_enters_together_without_american_cus():
    state = french_waiting_position()
    reserve = q.cu_count(state, RESERVE, AM)
    hand(state, AMERICAN, THREE[0])
    state = force(impulse(state, AMERICAN), AMERICAN, "french", THREE[0])
    state = act(state, AMERICAN, "space", "new-york")
    assert state.generals["rochambeau"] == "new-york"
    assert state.cus["new-york"] == {FR: 5}
    assert q.cu_count(state, RESERVE, AM) == reserve                   # A22
    assert state.piles.boxes[AMERICAN_REINFORCEMENT_CARDS[0]] == [THREE[0]]


# =============================================================================================
# 10.11 PC actions with OPS cards
# =============================================================================================


def pc_actions(side: str, left: int, state=None, card: int = THREE[0]):
    state = state or fresh()
    state.stack = [PcActions(side=side, card=card, left=left,
                             before=sorted(q.pcs_of(state, side)))]
    return run(state)


def targets(state, side: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {"place": set(), "flip": set()}
    for c in choices(state, side):
        if c.action.verb in out:
            out[c.action.verb].add(c.action.noun)
    return out


def test_10_11_a_tc_a_3_ops_card_places_two_and_flips_one():
    state = fresh()
    only_pcs(state, new_haven=BRITISH, hartford=BRITISH)
    state.generals["lee"] = "new-haven"
    state = pc_actions(AMERICAN, 3, state)
    state = act(state, AMERICAN, "place", "worcester")
    state = act(state, AMERICAN, "place", "st-marys")      # no adjacency needed
    assert top(state).left == 1
    state = act(state, AMERICAN, "flip", "new-haven")
    assert not state.stack
    assert {s: state.pcs[s] for s in ("worcester", "st-marys", "new-haven")} == \
        {"worcester": AMERICAN, "st-marys": AMERICAN, "new-haven": AMERICAN}
    assert state.pcs["hartford"] == BRITISH


def test_10_11_a_ii_iii_american_place_and_flip_table():
    state = fresh()
    state.generals["clinton"] = "salem"                    # a lone British general (A27)
    state.pcs["hartford"] = BRITISH                        # no American general there
    state.pcs["new-haven"] = BRITISH
    state.generals["rochambeau"] = "new-haven"             # 12.2.C: an American general
    got = targets(pc_actions(AMERICAN, 2, state), AMERICAN)
    assert "salem" in got["place"] and "st-marys" in got["place"]
    assert not got["place"] & {"boston", "quebec", "fort-detroit"}     # British CUs
    assert not got["place"] & set(state.pcs)                           # a PC of either side
    assert got["flip"] == {"new-haven"}                                # a general needed


@pytest.mark.parametrize("why", ["dispersed", "mutiny"])
def test_10_11_a_iv_congress_dispersed_or_mutiny_no_placement_flips_remain(why):
    state = fresh()
    state.pcs["new-haven"] = BRITISH
    state.generals["lee"] = "new-haven"
    if why == "dispersed":
        state.congress = DISPERSED
    else:
        state.mutiny = True
    got = targets(pc_actions(AMERICAN, 3, state), AMERICAN)
    assert not got["place"] and got["flip"] == {"new-haven"}


def test_10_11_the_actions_are_up_to_the_cards_value():
    state = pc_actions(AMERICAN, 2)
    state = act(state, AMERICAN, "place", "worcester")
    assert labels(state, AMERICAN)[-1] == "stop"
    state = act(state, AMERICAN, "stop")
    assert not state.stack and state.pcs["worcester"] == AMERICAN


def test_10_11_b_tc_montreal_no_daisy_chain():
    """TC-10.11-B-MONTREAL: a PC placed by this card does not make its neighbours adjacent."""
    state = fresh()
    only_pcs(state, montreal=BRITISH)
    hand(state, BRITISH, TWO[0], TWO[1])
    state = force(impulse(state, BRITISH), BRITISH, "pc", TWO[0])
    assert top(state).before == ["montreal"]
    got = targets(state, BRITISH)
    assert "oswego" in got["place"] and "fort-stanwix" not in got["place"]
    state = act(state, BRITISH, "place", "oswego")
    got = targets(state, BRITISH)
    assert "fort-stanwix" not in got["place"]           # Oswego's PC is from this card
    with pytest.raises(IllegalAction):
        act(state, BRITISH, "place", "fort-stanwix")
    assert {"three-rivers", "ticonderoga", "new-york"} <= got["place"]   # elsewhere is fine
    state = act(state, BRITISH, "place", "three-rivers")
    assert not state.stack
    state = force(impulse(state, BRITISH), BRITISH, "pc", TWO[1])        # the next card
    assert "fort-stanwix" in targets(state, BRITISH)["place"]


def test_10_11_b_tc_ports_all_ports_are_adjacent_for_the_british():
    """TC-10.11-B-PORTS: Norfolk's British PC makes Baltimore placeable (10.11.B)."""
    state = fresh()
    only_pcs(state, norfolk=BRITISH)
    got = targets(pc_actions(BRITISH, 1, state), BRITISH)
    assert "baltimore" in got["place"]
    assert not {"york", "wilmington-de", "frederick-town", "alexandria"} & \
        q.pcs_of(state, BRITISH)


def test_10_11_b_ii_iii_british_place_and_flip_table():
    state = fresh()
    only_pcs(state, gilbert_town=BRITISH, salem=AMERICAN, camden=AMERICAN)
    state.generals["howe"] = "salem"                       # a British Army: flip, anywhere
    q.move_cus(state, "boston", "salem", BR, 5)
    state.generals["cornwallis"] = "cheraw"                # a lone British general: no
    state.generals["greene"] = "charlotte"                 # an American unit: no placement
    state.generals["clinton"] = "hillsborough"             # Army, not adjacent: placement ok
    q.move_cus(state, RESERVE, "hillsborough", BR, 1)
    got = targets(pc_actions(BRITISH, 2, state), BRITISH)
    assert got["flip"] == {"salem"}                        # Camden: no British Army
    assert "hillsborough" in got["place"]
    assert "cheraw" not in got["place"]                    # next to no British PC, no Army
    assert "charlotte" not in got["place"]                 # next to Gilbert Town, Greene there
    assert "ninety-six" in got["place"]                    # next to Gilbert Town


# =============================================================================================
# 7.2 Campaigns and the Landing Party
# =============================================================================================


def landing_position():
    """Ports around the coast (7.2.B, A4-A6), the Navy blockading the South Atlantic."""
    state = fresh()
    only_pcs(state, new_haven=AMERICAN, long_island=AMERICAN, baltimore=AMERICAN,
             philadelphia=AMERICAN, charleston=AMERICAN, falmouth=AMERICAN, savannah=AMERICAN,
             quebec=BRITISH, boston=BRITISH)
    state.navy = "zone-south-atlantic"
    q.move_cus(state, RESERVE, "long-island", AM, 1)       # an American CU
    state.generals["lee"] = "baltimore"                    # an American general
    state.congress = "falmouth"                            # the Congress
    q.remove_cus(state, "charleston", AM, 2)               # Charleston: nothing but its PC
    q.move_cus(state, RESERVE, "new-bern", BR, 1)          # British CU, no PC: not empty
    state.generals["lafayette"] = "yorktown"               # an American general, no PC
    return state


def test_7_2_b_a4_a6_landing_party_targets():
    state = landing_position()
    got = set(strategy.landing_targets(state))
    assert ("flip", "new-haven") in got
    assert ("place", "new-york") in got and ("place", "wilmington-de") in got
    flips = {p for verb, p in got if verb == "flip"}
    places = {p for verb, p in got if verb == "place"}
    assert flips == {"new-haven"}
    # long-island (American CU), baltimore (American general), falmouth (Congress),
    # philadelphia and charleston (fortified), savannah (blockaded): no flip
    assert not places & {"st-marys", "savannah"}           # A6: blockaded
    assert not places & {"new-bern", "yorktown", "boston", "quebec", "montreal"}
    assert places <= {p for p in q.ports() if p not in state.pcs}


def test_7_2_b_a5_never_in_a_fortified_port():
    state = fresh()
    only_pcs(state, charleston=AMERICAN, philadelphia=AMERICAN, quebec=AMERICAN,
             montreal=AMERICAN)
    q.remove_cus(state, "charleston", AM, 2)
    state.congress = DISPERSED
    state.generals["carleton"] = CAPTURED
    q.remove_cus(state, "quebec", BR, 2)
    got = {p for _, p in strategy.landing_targets(state)}
    assert not got & {"charleston", "philadelphia", "quebec", "montreal"}
    only_pcs(state)
    got = {p for _, p in strategy.landing_targets(state)}
    assert not got & {"charleston", "philadelphia", "quebec", "montreal"}


def test_7_2_b_tc_a_minor_campaign_landing_party_flips_a_port_using_one_activation():
    state = landing_position()
    hand(state, BRITISH, MINOR, ONE[0])
    state = force(impulse(state, BRITISH), BRITISH, "event", MINOR)
    state = force(state, BRITISH, "landing-party")
    assert isinstance(top(state), LandingParty) and state.active == [BRITISH]
    assert "flip new-haven" in labels(state, BRITISH)
    with pytest.raises(IllegalAction):
        act(state, BRITISH, "flip", "charleston")
    state = act(state, BRITISH, "flip", "new-haven")
    assert state.pcs["new-haven"] == BRITISH
    campaign = next(f for f in state.stack if isinstance(f, Campaign))
    assert campaign.landing_party and isinstance(top(state), CampaignChoice)
    state = force(state, BRITISH, "end-campaign")
    assert state.piles.discard == [MINOR] and not state.stack


def test_7_2_b_tc_one_landing_party_per_campaign_card():
    state = landing_position()
    hand(state, BRITISH, MAJOR, ONE[0])
    state = force(impulse(state, BRITISH), BRITISH, "event", MAJOR)
    assert "landing-party" in labels(state, BRITISH)
    state = force(state, BRITISH, "landing-party")
    state = act(state, BRITISH, "flip", "new-haven")
    assert "landing-party" not in labels(state, BRITISH)


def test_7_2_b_the_american_has_no_landing_party():
    state = landing_position()
    hand(state, AMERICAN, MINOR)
    state = force(impulse(state, AMERICAN), AMERICAN, "event", MINOR)
    assert "landing-party" not in labels(state, AMERICAN)


def test_7_2_a_a_campaign_activates_generals_whatever_their_strategy():
    state = landing_position()
    hand(state, BRITISH, MINOR, ONE[0])
    state = force(impulse(state, BRITISH), BRITISH, "event", MINOR)
    state = force(state, BRITISH, "landing-party")
    state = act(state, BRITISH, "flip", "new-haven")
    assert nouns(state, BRITISH, "general")
    assert "carleton" in nouns(state, BRITISH, "general")   # any strategy rating (7.2.A)
