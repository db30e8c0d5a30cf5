"""Washington's War, the Winter Attrition Phase (5.4, 11), with the seed's numbers
(reference TC-11.1-READING, TC-11.2-WASHINGTON, TC-11.3) and the readings A25, A26, A40."""
from __future__ import annotations

import pytest

from core.ww.frames.phases import WinterAttrition
from core.ww.state import AM, AMERICAN, BR, FR, REMOVED, RESERVE
from tests.support.ww_phases import (act, asked, bare, bystanders, cus, labels, nouns, put,
                                     start, total_cus)


def winter(state, dice=()):
    """The Winter Attrition Phase, run to its first stop or its end."""
    return start(state, WinterAttrition(), dice=dice)


@pytest.fixture
def state():
    s = bare()
    bystanders(s)
    return s


# --- 11.1 British ------------------------------------------------------------------------------


@pytest.mark.parametrize("count, left", [(5, 3), (3, 2), (2, 1), (4, 2)])
def test_11_1_half_rounded_down_north_of_the_line(state, count, left):
    """TC-11.1-READING: 5 British CUs at Reading lose 2 (2.5 rounded down), leaving 3; 3 CUs
    drop to 2."""
    put(state, "reading", br=count)
    state = winter(state)
    assert cus(state, "reading") == {BR: left}
    assert not state.stack and state.result is None


def test_11_1_an_army_of_one_cu_never_suffers(state):
    put(state, "reading", "howe", br=1)
    state = winter(state)
    assert cus(state, "reading") == {BR: 1}


def test_11_1_a_general_does_not_shelter_a_bigger_stack(state):
    put(state, "reading", "howe", br=5)
    state = winter(state)
    assert cus(state, "reading") == {BR: 3}


@pytest.mark.parametrize("face, left", [(1, {}), (3, {}), (4, {BR: 1}), (6, {BR: 1})])
def test_11_1_a_lone_cu_rolls(state, face, left):
    """TC-11.1-READING: a lone CU at Reading: d6 1-3 removes it, 4-6 keeps it."""
    put(state, "reading", br=1)
    state = winter(state, dice=[face])
    assert cus(state, "reading") == left
    assert any("lone British CU at Reading" in line and "11.1" in line for line in state.log)


@pytest.mark.parametrize("space", ["new-york", "philadelphia", "camden", "wilmington-nc"])
def test_11_1_winter_quarters_and_the_south_shelter(state, space):
    """TC-11.1-READING: 5 British CUs in a winter quarters space, or in NC, SC or GA, lose
    nothing; a lone CU there rolls no die."""
    put(state, space, br=5)
    state = winter(state)
    assert cus(state, space) == {BR: 5}


def test_11_1_lone_cu_in_winter_quarters_rolls_no_die(state):
    put(state, "albany", br=1)
    state = winter(state)            # the strict empty script: no die
    assert cus(state, "albany") == {BR: 1}


def test_11_0_boxes_and_generals_never_suffer(state):
    before = cus(state, "british-reinforcements")
    put(state, "reading", "howe", br=2)
    state = winter(state)
    assert cus(state, "british-reinforcements") == before
    assert state.generals["howe"] == "reading"


def test_11_losses_go_to_the_reserve(state):
    reserve = state.cus[RESERVE][BR]
    totals = total_cus(state)
    put(state, "reading", br=5)
    state = winter(state)
    assert state.cus[RESERVE][BR] == reserve - 5 + 2
    assert total_cus(state) == totals


# --- 11.2 American -----------------------------------------------------------------------------


def test_11_2_washington_shelters_five_in_winter_quarters(state):
    """TC-11.2-WASHINGTON: Washington and 6 CUs in the winter quarters of Philadelphia: five are
    immune, the sixth rolls (1-3 removed)."""
    put(state, "philadelphia", "washington", am=6)
    state = winter(state, dice=[3])
    assert cus(state, "philadelphia") == {AM: 5}


@pytest.mark.parametrize("face, left", [(1, 5), (2, 5), (3, 5), (4, 6), (5, 6), (6, 6)])
def test_11_2_washington_sixth_cu_rolls(face, left):
    state = bare()
    bystanders(state)
    put(state, "philadelphia", "washington", am=6)
    state = winter(state, dice=[face])
    assert cus(state, "philadelphia") == {AM: left}
    assert any("beyond Washington's five" in line for line in state.log)


def test_11_2_washington_surplus_of_three_loses_one(state):
    """TC-11.2-WASHINGTON: Washington + 8 CUs there: the surplus of 3 loses 1."""
    put(state, "philadelphia", "washington", am=8)
    state = winter(state)
    assert cus(state, "philadelphia") == {AM: 7}


def test_11_2_washington_up_to_five_lose_nothing(state):
    put(state, "philadelphia", "washington", am=5)
    state = winter(state)
    assert cus(state, "philadelphia") == {AM: 5}


def test_11_2_washington_south_of_the_line(state):
    put(state, "camden", "washington", am=7)
    state = winter(state)
    assert cus(state, "camden") == {AM: 6}


def test_11_2_washington_north_outside_winter_quarters_gives_nothing(state):
    """TC-11.2-WASHINGTON: Washington + 6 CUs at Reading (not WQ, north): they lose 3."""
    put(state, "reading", "washington", am=6)
    state = winter(state)
    assert cus(state, "reading") == {AM: 3}


def test_11_2_americans_suffer_everywhere(state):
    """TC-11.2-WASHINGTON: 4 American CUs, no general, in the winter quarters of Charleston:
    they lose 2."""
    put(state, "charleston", am=4)
    state = winter(state)
    assert cus(state, "charleston") == {AM: 2}


def test_11_2_single_cu_with_a_general(state):
    """TC-11.2-WASHINGTON: 1 American CU with Greene: no loss (the bystanders' Morristown);
    with another general anywhere, the same."""
    put(state, "reading", "lee", am=1)
    state = winter(state)
    assert cus(state, "reading") == {AM: 1}
    assert cus(state, "morristown") == {AM: 1}


@pytest.mark.parametrize("face, left", [(3, {}), (4, {AM: 1})])
def test_11_2_lone_american_cu_rolls_even_in_winter_quarters(state, face, left):
    put(state, "charleston", am=1)
    state = winter(state, dice=[face])
    assert cus(state, "charleston") == left


# --- 11.3 French -------------------------------------------------------------------------------


def test_11_3_mixed_stack_the_american_chooses(state):
    """TC-11.3: 3 French + 1 American CU with Rochambeau in New York: American rules, lose
    floor(4/2) = 2, and the American chooses which."""
    put(state, "new-york", "rochambeau", am=1, fr=3)
    state = winter(state)
    assert asked(state) == (AMERICAN, "AttritionLosses")
    assert nouns(state, AMERICAN, "french") == [1, 2]     # at most 1 American CU to lose
    assert "french 0" not in labels(state, AMERICAN)
    state = act(state, AMERICAN, "french", 2)
    assert cus(state, "new-york") == {AM: 1, FR: 1}
    assert state.cus[REMOVED][FR] == 2                    # 12.2.C: never replaced
    assert not state.stack


def test_11_3_mixed_losses_from_american_cus(state):
    put(state, "new-york", "rochambeau", am=3, fr=1)
    state = winter(state)
    assert nouns(state, AMERICAN, "french") == [0, 1]
    state = act(state, AMERICAN, "french", 0)
    assert cus(state, "new-york") == {AM: 1, FR: 1}


def test_11_3_french_alone_suffer_as_british(state):
    """TC-11.3: 5 French CUs only, in a winter quarters space: British rules, no loss; north
    and outside winter quarters they lose half."""
    put(state, "albany", fr=3)
    put(state, "reading", fr=2)
    state = winter(state)
    assert cus(state, "albany") == {FR: 3}
    assert cus(state, "reading") == {FR: 1}
    assert state.cus[REMOVED][FR] == 1


def test_11_3_french_with_an_american_general_but_no_american_cu(state):
    """A26: still "only French CUs": British rules; one CU with the general is an Army, so no
    loss; the stack of 3 in Reading loses 1 though Lee is there."""
    put(state, "reading", "lee", fr=3)
    put(state, "lancaster", "rochambeau", fr=1)
    state = winter(state)
    assert cus(state, "reading") == {FR: 2}
    assert cus(state, "lancaster") == {FR: 1}


@pytest.mark.parametrize("face, left", [(2, {}), (5, {FR: 1})])
def test_11_3_lone_french_cu_rolls(state, face, left):
    put(state, "reading", fr=1)
    state = winter(state, dice=[face])
    assert cus(state, "reading") == left


def test_a40_washington_shelters_french_cus_too(state):
    """A40: French CUs in winter quarters with Washington and American CUs are part of the
    American stack: 4 American + 2 French, the surplus of 1 rolls; the American chooses which
    nationality loses it."""
    put(state, "philadelphia", "washington", am=4, fr=2)
    state = winter(state, dice=[1])
    assert asked(state) == (AMERICAN, "AttritionLosses")
    state = act(state, AMERICAN, "french", 1)
    assert cus(state, "philadelphia") == {AM: 4, FR: 1}


def test_a40_no_choice_when_the_surplus_survives(state):
    put(state, "philadelphia", "washington", am=4, fr=2)
    state = winter(state, dice=[6])
    assert not state.stack
    assert cus(state, "philadelphia") == {AM: 4, FR: 2}


# --- order and automatic victory (13.1) ---------------------------------------------------------


def test_11_every_space_in_one_phase(state):
    put(state, "reading", br=5)
    put(state, "lancaster", am=4)
    put(state, "easton", br=1)
    state = winter(state, dice=[6])
    assert cus(state, "reading") == {BR: 3}
    assert cus(state, "lancaster") == {AM: 2}
    assert cus(state, "easton") == {BR: 1}


def test_13_1_british_automatic_victory_by_attrition():
    """TC-13.1: the last American CU on the map perishes in winter: the British wins at once,
    before any further space is checked."""
    state = bare()
    put(state, "savannah", br=2)
    put(state, "charleston", am=1)
    put(state, "reading", br=1)
    state = winter(state, dice=[6, 2])     # the lone British CU survives; the American one dies
    assert state.result.startswith("British victory:")
    assert "13.1" in state.result
    assert state.active == []


def test_13_1_british_stacks_first():
    """5.0: the American sets the order; the British stacks go first, so the last British CU
    in the colonies dying first gives the American his victory before his own lone CU rolls."""
    state = bare()
    put(state, "reading", br=1)
    put(state, "quebec", br=2)              # Canada does not count (13.1)
    put(state, "lancaster", am=1)
    state = winter(state, dice=[1])         # the British CU dies; no American die is rolled
    assert state.result.startswith("American victory:")
    assert cus(state, "lancaster") == {AM: 1}
