"""Washington's War, the phases outside the Strategy Phase: the Reinforcement Phase (5.1, 8.1.A,
8.2.A), the Political Control Phase's Congress and PC placement segments (10.2.1, 10.2.2;
reference TC-10.2-2, C5, A28), the End Phase (5.7: the European War, the War Ends card with D6
and the option `war_ends_literal`, the tidying up) and whole game turns through core/ww/flow.py
(A12, A20). Attrition, isolation, the alliance and victory have their own files
(tests/test_ww_attrition.py, test_ww_isolation.py, test_ww_alliance.py, test_ww_victory.py).
"""
from __future__ import annotations

import pytest

from core import cards
from core.engine import IllegalAction
from core.ww import alliance, deck, flow, forces, phases
from core.ww import query as q
from core.ww.frames.phases import EndPhase, PoliticalControl
from core.ww.frames.strategy import FirstPlayer
from core.ww.frames.turn import GameTurn
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, AMERICAN_REINFORCEMENT_CARDS, BR,
                           BRITISH, BRITISH_REINFORCEMENT_CARD, BRITISH_REINFORCEMENTS, CAPTURED,
                           DISPERSED, FR, QUEUE, RESERVE, WAR_ENDS)
from tests.support.ww_phases import (act, asked, bare, bystanders, cus, fresh, labels, nouns,
                                     pcs, put, run, start, total_cus)

WAR_ENDS_CARD = {1779: 8, 1780: 9, 1781: 10, 1782: 11, 1783: 12}


@pytest.fixture
def state():
    s = bare()
    bystanders(s)
    return s


def box(state, number, where):
    cards.move(state.piles, number, state.piles.where(number), where)


# --- 5.1 Reinforcement Phase --------------------------------------------------------------------


def test_5_1_captured_generals_go_home(state):
    """8.1.A, 8.2.A: British generals to the British Reinforcements box; American generals and
    Rochambeau to the American Reinforcement Leaders box."""
    for general in ("howe", "greene", "rochambeau"):
        state.generals[general] = CAPTURED
    phases.reinforcement_phase(state)
    assert state.generals["howe"] == BRITISH_REINFORCEMENTS
    assert state.generals["greene"] == AMERICAN_LEADERS
    assert state.generals["rochambeau"] == AMERICAN_LEADERS
    assert not q.generals_at(state, CAPTURED)


@pytest.mark.parametrize("year", range(1775, 1784))
def test_5_1_british_cus_by_the_turn_track(year):
    """5.1, 8.1.A: the number printed on the year's Turn Track space (setup.toml), from the
    Reserve to the British Reinforcements box, joining the CUs already there."""
    state = fresh()
    state.year = year
    before, reserve = q.cu_count(state, BRITISH_REINFORCEMENTS, BR), state.cus[RESERVE][BR]
    totals = total_cus(state)
    phases.reinforcement_phase(state)
    due = forces.setup().british_reinforcements(year)
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) == before + due
    assert state.cus[RESERVE][BR] == reserve - due
    assert total_cus(state) == totals
    assert not state.stack


def test_5_1_the_1775_number():
    state = fresh()
    phases.reinforcement_phase(state)
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) == 3
    assert "3 British CUs join the British Reinforcements box (the 1775 Turn Track space shows " \
        "3) (5.1, 8.1.A)." in state.log


def test_5_1_the_reserve_limits_them():
    state = fresh()
    state.year = 1776
    q.move_cus(state, RESERVE, "boston", BR, state.cus[RESERVE][BR] - 2)
    phases.reinforcement_phase(state)
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) == 2
    assert any("the Reserve held only 2" in line for line in state.log)


# --- 10.2.1 the Continental Congress segment ------------------------------------------------------


def political(state, dice=()):
    return start(state, PoliticalControl(), dice=dice)


def test_10_2_1_the_american_must_return_the_congress(state):
    """C5: a space of the 13 colonies with an American PC and no British piece, CU or
    general; never Canada; no way to keep it out."""
    state.congress = DISPERSED
    pcs(state, american=["trenton", "reading", "albany", "quebec", "easton"],
        british=["lancaster"])
    put(state, "reading", "howe")                      # a lone British general
    put(state, "albany", br=1)
    state = political(state)
    assert asked(state) == (AMERICAN, "PlaceCongress")
    assert sorted(nouns(state, AMERICAN, "space")) == ["easton", "trenton"]
    assert labels(state, AMERICAN) == [f"space {s}" for s in nouns(state, AMERICAN, "space")]
    with pytest.raises(IllegalAction):
        act(state, AMERICAN, "space", "quebec")
    state = act(state, AMERICAN, "space", "trenton")
    assert state.congress == "trenton"
    assert not state.stack


def test_10_2_1_a_single_space_takes_it(state):
    state.congress = DISPERSED
    pcs(state, american=["trenton"])
    state = political(state)
    assert state.congress == "trenton"


def test_10_2_1_no_space_it_stays_out(state):
    state.congress = DISPERSED
    pcs(state, american=["quebec"], british=["trenton"])
    state = political(state)
    assert state.congress == DISPERSED
    assert any("stays dispersed" in line for line in state.log)


def test_10_2_1_the_congress_returns_before_isolation(state):
    """The Congress placed in the first segment saves the PCs that trace to it in the third."""
    state.congress = DISPERSED
    pcs(state, british=[s for s in q.spaces() if s != "trenton"])
    state.cus.pop("morristown")                         # no American unit elsewhere
    state.generals["greene"] = AMERICAN_LEADERS
    pcs(state, american=["trenton"])
    state = political(state)
    assert state.congress == "trenton" and state.pcs["trenton"] == AMERICAN


# --- 10.2.2 the PC placement segment --------------------------------------------------------------


def test_10_2_2_armies_place_and_flip(state):
    """TC-10.2-2: S1 a British general + 1 CU with an American PC flips; S2 a British general
    alone and S3 2 British CUs without a general change nothing."""
    put(state, "new-york", "howe", br=1)
    put(state, "albany", "clinton")
    put(state, "kingston", br=2)
    pcs(state, american=["new-york"])
    state = political(state)
    assert state.pcs.get("new-york") == BRITISH
    assert "albany" not in state.pcs and "kingston" not in state.pcs
    assert "British flips the PC in New York (10.2.2)." in state.log


def test_10_2_2_the_british_needs_no_adjacency(state):
    put(state, "reading", "howe", br=2)
    state = political(state)
    assert state.pcs.get("reading") == BRITISH


def test_10_2_2_american_and_french_armies(state):
    """12.2.C: Rochambeau with French CUs is an American Army; so is an American general with
    French CUs only."""
    put(state, "lancaster", "rochambeau", fr=2)
    put(state, "reading", "lee", fr=1)
    put(state, "easton", "lafayette", am=1)
    pcs(state, british=["easton"])
    state = political(state)
    assert [state.pcs.get(s) for s in ("lancaster", "reading", "easton")] == [AMERICAN] * 3


def test_10_2_2_even_with_the_congress_dispersed(state):
    """10.11.A.iv restricts PC placement by OPS cards and discards only: Armies still place
    in the Political Control Phase when the Congress cannot return."""
    state.congress = DISPERSED
    put(state, "reading", "lee", am=2)
    state = political(state)
    assert state.pcs.get("reading") == AMERICAN


# --- 5.7 End Phase ------------------------------------------------------------------------------


def end(state, dice=()):
    return start(state, EndPhase(), dice=dice)


def test_5_7_no_european_war_without_the_alliance_this_turn(state):
    put(state, "new-york", "howe", br=4)
    state = end(state)
    assert cus(state, "new-york") == {BR: 4} and not state.european_war


def test_5_7_1_european_war_the_british_chooses_two_cus(state):
    state.alliance_this_turn = state.france_in_war = True
    put(state, "new-york", "howe", br=4)
    put(state, "charleston", br=1)
    reserve = state.cus[RESERVE][BR]
    state = end(state)
    assert state.european_war and not state.alliance_this_turn
    assert asked(state) == (BRITISH, "EuropeanWar")
    assert nouns(state, BRITISH, "remove") == ["new-york", "charleston", "savannah"]
    state = act(state, BRITISH, "remove", "charleston")
    assert asked(state) == (BRITISH, "EuropeanWar")   # still two spaces to choose from
    assert nouns(state, BRITISH, "remove") == ["new-york", "savannah"]
    state = act(state, BRITISH, "remove", "new-york")
    assert cus(state, "new-york") == {BR: 3} and cus(state, "charleston") == {}
    assert state.cus[RESERVE][BR] == reserve + 2
    assert not state.stack


def test_5_7_1_both_from_one_space(state):
    state.alliance_this_turn = state.france_in_war = True
    put(state, "new-york", br=4)
    state = end(state)
    state = act(state, BRITISH, "remove", "savannah")
    state = act(state, BRITISH, "remove", "savannah")
    assert cus(state, "savannah") == {} and cus(state, "new-york") == {BR: 4}


def test_5_7_1_a_single_space_needs_no_choice(state):
    state.alliance_this_turn = state.france_in_war = True
    state.cus.pop("savannah")
    put(state, "new-york", br=4)
    put(state, BRITISH_REINFORCEMENTS, br=3)              # never from the box
    state = end(state)
    assert cus(state, "new-york") == {BR: 2}
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) >= 3


def test_5_7_1_fewer_than_two_on_the_map(state):
    state.alliance_this_turn = state.france_in_war = True
    state.cus.pop("savannah")
    put(state, "quebec", br=1)
    state = end(state)
    assert cus(state, "quebec") == {}
    assert not state.stack and state.result is None         # A12: no victory in the End Phase


@pytest.mark.parametrize("card_year, year, over", [
    (1780, 1779, False), (1780, 1780, True), (1780, 1781, True), (1780, 1782, True),
    (1783, 1783, True), (1781, 1780, False), (1781, 1781, True), (1779, 1781, True)])
def test_5_7_2_war_ends_card_year_or_earlier(state, card_year, year, over):
    """5.7.2, D6: the game ends when the boxed card shows the current year or an earlier one.
    TC-6.34-C-iii: the 1781 card boxed: 1780 goes on, 1781 ends; the 1779 card played in
    1781 ends the game in 1781 (the 1782 card replacing the 1780 one: test_ww_events.py)."""
    box(state, WAR_ENDS_CARD[card_year], WAR_ENDS)
    state.year = year
    state = end(state)
    assert (state.result is not None) == over
    if over:
        assert state.result.split(":")[0] in ("American victory", "British victory")
        assert f"War Ends card for {card_year}" in state.result


@pytest.mark.parametrize("card_year, year, over", [
    (1780, 1780, True), (1780, 1781, True), (1780, 1782, False), (1779, 1783, False)])
def test_5_7_2_war_ends_literal_option(card_year, year, over):
    """D6, option war_ends_literal: the Italian text's "this turn or the previous turn"."""
    state = bare(war_ends_literal=True)
    bystanders(state)
    box(state, WAR_ENDS_CARD[card_year], WAR_ENDS)
    state.year = year
    state = end(state)
    assert (state.result is not None) == over


def test_5_7_2_no_card_no_end(state):
    state.year = 1783
    assert end(state).result is None


def test_5_7_3_cards_to_the_discard_pile_and_lapses(state):
    """5.7.3 and its clarification: the Reinforcement Card boxes and both queues to the discard
    pile; a pending exchange lapses; the Mutinies end with the turn."""
    box(state, 51, BRITISH_REINFORCEMENT_CARD)
    box(state, 52, AMERICAN_REINFORCEMENT_CARDS[0])
    box(state, 53, AMERICAN_REINFORCEMENT_CARDS[1])
    box(state, 54, QUEUE[AMERICAN])
    box(state, 55, QUEUE[BRITISH])
    state.exchange_card, state.exchange_for = 40, AMERICAN
    state.mutiny = True
    state = end(state)
    assert {51, 52, 53, 54, 55} <= set(state.piles.discard)
    for name in (BRITISH_REINFORCEMENT_CARD, *AMERICAN_REINFORCEMENT_CARDS, *QUEUE.values()):
        assert state.piles.boxes[name] == []
    assert (state.exchange_card, state.exchange_for, state.mutiny) == (0, "", False)
    cards.check_conserved(state.piles, range(1, 111))


# --- whole game turns (core/ww/flow.py) -----------------------------------------------------------


def from_winter(state, dice=()):
    """The game turn from its Winter Attrition Phase (flow.GAME_TURN), run to the next stop."""
    step = flow.GAME_TURN.index(flow.winter_attrition_phase)
    return start(state, GameTurn(step=step), dice=dice)


def test_5_0_winter_to_the_next_strategy_phase(state):
    """P4-P7 then the next year's P1-P3: attrition, no navy, political control, the End Phase,
    1776: the British reinforcements, seven cards each, and who plays first (5.3)."""
    put(state, "reading", "howe", br=5)
    put(state, "philadelphia", "washington", am=5)
    pcs(state, american=["philadelphia"])
    box(state, 51, BRITISH_REINFORCEMENT_CARD)
    state = from_winter(state)
    assert state.year == 1776
    assert cus(state, "reading") == {BR: 3}
    assert state.pcs.get("reading") == BRITISH              # 10.2.2
    assert 51 not in state.piles.boxes[BRITISH_REINFORCEMENT_CARD]
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) == forces.setup(). \
        british_reinforcements(1776)
    assert len(state.piles.hands[AMERICAN]) == len(state.piles.hands[BRITISH]) == 7
    assert isinstance(state.stack[-1], FirstPlayer)
    assert state.result is None


def test_5_0_alliance_turn_ends_with_european_war_and_a_reshuffle(state):
    """12.2.B.iii, iv: the naval phase of the alliance's turn, the European War in its End
    Phase, and the rebuilt deck at the next Strategy Card Phase."""
    state.alliance = 9
    state.stack = []
    alliance.apply_if_due(state)
    state = run(state)
    state = act(state, AMERICAN, "zone", "zone-delaware")
    state = act(state, AMERICAN, "port", "baltimore")
    put(state, "new-york", "howe", br=3)
    box(state, 60, cards.DISCARD)
    state = from_winter(state)
    assert asked(state) == (AMERICAN, "FrenchNavy")          # 5.5, including this turn's
    state = act(state, AMERICAN, "stay")
    assert asked(state) == (BRITISH, "EuropeanWar")
    state = act(state, BRITISH, "remove", "new-york")
    state = act(state, BRITISH, "remove", "new-york")
    assert state.european_war and state.year == 1776
    assert not state.reshuffle_pending and state.piles.discard == []   # rebuilt (6.1.B)


def test_a20_the_game_ends_after_1783(state):
    state.year = 1783
    pcs(state, american=["trenton"])
    state = from_winter(state)
    assert state.result.startswith("British victory:")
    assert "1783" in state.result and "A20" in state.result


def test_a12_automatic_victory_waits_for_the_strategy_phase(state):
    """A12: the European War removes the last British CUs in the 13 colonies in the End
    Phase: no victory there; the next Strategy Phase begins with the American's."""
    state.alliance_this_turn = state.france_in_war = True
    state.cus.pop("savannah")
    put(state, "new-york", br=2)
    put(state, "quebec", br=2)
    state = from_winter(state)
    assert asked(state) == (BRITISH, "EuropeanWar")
    state = act(state, BRITISH, "remove", "new-york")
    state = act(state, BRITISH, "remove", "new-york")
    assert state.year == 1776
    assert state.result.startswith("American victory:") and "13.1" in state.result
    assert len(state.piles.hands[AMERICAN]) == 7             # the Strategy Card Phase ran


def test_no_french_cu_created_or_lost_by_the_phases(state):
    put(state, "new-york", "rochambeau", am=1, fr=3)
    totals = total_cus(state)
    state = from_winter(state)
    state = act(state, AMERICAN, "french", 2)
    after = total_cus(state)
    assert after[FR] == totals[FR] and after[AM] == totals[AM]


def test_5_0_a_whole_year_from_the_1775_position():
    """The 1775 position, both hands of OPS cards discarded one impulse at a time (5.3), then
    the phases: attrition (Fort Detroit's lone CU rolls, Greene's and Charleston's stacks lose
    1; Boston, Quebec and Washington's Lexington Concord are winter quarters), political
    control (Greene's Army at Newport places a PC) and the next year up to its first player."""
    state = fresh()
    ops = list(deck.OPS_CARDS)
    for side, numbers in ((AMERICAN, ops[:7]), (BRITISH, ops[7:14])):
        for number in list(state.piles.hands[side]):
            cards.move(state.piles, number, f"hand:{side}", cards.DECK, top=False)
        for number in numbers:
            box(state, number, f"hand:{side}")
    state = start(state, GameTurn(step=flow.GAME_TURN.index(flow.strategy_phase)))
    if asked(state) == (BRITISH, "FirstPlayer"):
        state = act(state, BRITISH, "no-campaign")
    state = act(state, AMERICAN, "first", AMERICAN)
    for turn in range(14):
        side = AMERICAN if turn % 2 == 0 else BRITISH
        number = state.piles.hands[side][0]
        state = act(state, side, "discard", number, dice=[4] if turn == 13 else [])
    assert state.year == 1776 and state.result is None
    assert cus(state, "fort-detroit") == {BR: 1}
    assert cus(state, "boston") == {BR: 5} and cus(state, "quebec") == {BR: 2}
    assert cus(state, "lexington-concord") == {AM: 5}
    assert cus(state, "newport") == {AM: 1} and cus(state, "charleston") == {AM: 1}
    assert state.pcs.get("newport") == AMERICAN
    assert q.cu_count(state, BRITISH_REINFORCEMENTS, BR) == \
        forces.setup().british_reinforcements(1776)       # the test began after 1775's P1
    assert isinstance(state.stack[-1], FirstPlayer)
    assert not state.piles.boxes[QUEUE[AMERICAN]] and not state.piles.boxes[QUEUE[BRITISH]]
    cards.check_conserved(state.piles, range(1, 111))
