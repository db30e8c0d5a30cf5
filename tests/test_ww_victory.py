"""Washington's War, victory (13.0): automatic victory (13.1, A12; reference TC-13.1) and
victory at the end of the game (13.2; TC-13.2), results as sentences naming the winner first."""
from __future__ import annotations

import pytest

from core.ww import query as q
from core.ww import victory
from core.ww.frames.phases import PoliticalControl, WinterAttrition
from core.ww.frames.strategy import StrategyPhase
from core.ww.state import AMERICAN, BRITISH, BRITISH_REINFORCEMENTS
from tests.support.ww_phases import bare, bystanders, put

COLONIES = ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC", "SC", "GA")


def control(state, side, *colonies):
    """`side` controls these colonies with one PC each (Canada: Montreal and Quebec)."""
    for colony in colonies:
        if colony == q.CANADA:
            state.pcs["montreal"] = state.pcs["quebec"] = side
        else:
            state.pcs[q.spaces_of(colony)[0]] = side


@pytest.fixture
def state():
    s = bare()
    bystanders(s)
    return s


# --- 13.2 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("american, british, winner", [
    (7, 6, BRITISH),     # TC-13.2: both meet their condition
    (7, 5, AMERICAN),    # TC-13.2
    (6, 4, BRITISH),     # TC-13.2: neither
    (8, 6, BRITISH),
    (9, 5, AMERICAN),
    (0, 0, BRITISH),
])
def test_13_2_who_wins(american, british, winner):
    assert victory.winner(american, british) == winner


@pytest.mark.parametrize("american, british, first", [
    (7, 6, "British victory:"), (7, 5, "American victory:"), (6, 4, "British victory:")])
def test_13_2_final_counts_the_board(state, american, british, first):
    regions = (*COLONIES, q.CANADA)
    control(state, AMERICAN, *regions[:american])
    control(state, BRITISH, *regions[american:american + british])
    assert q.colonies_controlled(state, AMERICAN) == american
    assert q.colonies_controlled(state, BRITISH) == british
    victory.final(state, "the War Ends card for 1781 is in the War Ends box")
    assert state.result.startswith(first)
    assert "13.2" in state.result and "War Ends card for 1781" in state.result
    assert f"{american}" in state.result and f"{british}" in state.result
    assert state.active == [] and state.log[-1] == f"GAME OVER — {state.result}"


def test_13_2_canada_counts_with_both_montreal_and_quebec(state):
    control(state, AMERICAN, *COLONIES[:6])
    state.pcs["quebec"] = AMERICAN
    state.pcs["montreal"] = BRITISH
    state.pcs["fort-detroit"] = AMERICAN      # irrelevant to Canada (10.0.B)
    assert q.colonies_controlled(state, AMERICAN) == 6
    victory.final(state, "test")
    assert state.result.startswith("British victory:")
    state = bare()
    control(state, AMERICAN, *COLONIES[:6], q.CANADA)
    victory.final(state, "test")
    assert state.result.startswith("American victory:")


def test_13_2_a_colony_tied_is_nobodys(state):
    spaces = q.spaces_of("PA")
    state.pcs[spaces[0]] = AMERICAN
    state.pcs[spaces[1]] = BRITISH
    assert q.colony_controller(state, "PA") is None


def test_13_2_the_result_is_final(state):
    victory.final(state, "the first end")
    result = state.result
    victory.final(state, "a second end")
    assert state.result == result


# --- 13.1 ---------------------------------------------------------------------------------------


def during(state, frame):
    state.stack = [frame]
    victory.check_automatic(state)
    return state


def test_13_1_american_when_no_british_cu_in_the_colonies(state):
    """TC-13.1: the last British CU in the 13 colonies gone in the Strategy Phase, British CUs
    in Quebec and in the box: the American wins at once."""
    state.cus.pop("savannah")
    put(state, "quebec", br=3)
    put(state, BRITISH_REINFORCEMENTS, br=2)
    put(state, "boston", "howe")                # a general is not a CU
    state = during(state, StrategyPhase())
    assert state.result == ("American victory: no British CU is left in the 13 colonies "
                            "(automatic victory, 13.1).")


def test_13_1_british_when_no_american_or_french_cu_on_the_map(state):
    state.cus.pop("morristown")
    state = during(state, WinterAttrition())
    assert state.result.startswith("British victory:")


def test_13_1_french_cus_count_for_the_american(state):
    state.cus.pop("morristown")
    put(state, "quebec", fr=1)                  # Canada included
    assert during(state, StrategyPhase()).result is None


@pytest.mark.parametrize("frame", [None, PoliticalControl()])
def test_13_1_only_in_the_strategy_and_winter_attrition_phases(state, frame):
    """13.1, A12: not in the other phases."""
    state.cus.pop("savannah")
    state.stack = [frame] if frame else []
    victory.check_automatic(state)
    assert state.result is None


def test_13_1_both_at_once_the_british_wins(state):
    """A12: the text gives no answer when both happen at the same instant; as in 13.2 ties,
    the British wins."""
    state.cus.clear()
    state = during(state, StrategyPhase())
    assert state.result.startswith("British victory:")


def test_13_1_nothing_while_both_sides_stand(state):
    assert during(state, StrategyPhase()).result is None
