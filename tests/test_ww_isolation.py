"""Washington's War, isolated PCs (10.3): the seed's examples (reference TC-10.31-EX1..3,
TC-10.32-EX1..3) on the real map, the readings A7 and C6, and the removal segment (10.2.3).

Each example is laid out so that nothing but the spaces it names can save a PC: every other
space of the map holds the enemy's PC (`every_space`), so no other uncontrolled space is near.
"""
from __future__ import annotations

import pytest

from core.ww import isolation, phases
from core.ww.frames.phases import PoliticalControl
from core.ww.state import AMERICAN, BRITISH, DISPERSED
from tests.support.ww_phases import bare, bystanders, every_space, pcs, put, start


@pytest.fixture
def state():
    s = bare()
    s.congress = DISPERSED          # no Congress on the map unless a test puts it there
    return s


# --- 10.31 American ----------------------------------------------------------------------------


def american_chain(state, *, uncontrolled=("newport",)):
    """TC-10.31-EX1's graph A-B, B-C: Worcester (A) and Providence (B) American, Newport (C)
    uncontrolled; everything else British."""
    every_space(state, BRITISH, but=("worcester", "providence", *uncontrolled))
    pcs(state, american=["worcester", "providence"])


def test_10_31_ex1_an_uncontrolled_space_saves(state):
    american_chain(state)
    assert isolation.isolated(state, AMERICAN) == set()


def test_10_31_ex1_variant_a_british_cu_there_isolates_both(state):
    american_chain(state)
    put(state, "newport", br=1)
    assert isolation.isolated(state, AMERICAN) == {"worcester", "providence"}


def test_c6_a_lone_british_general_does_not_stop_the_trace(state):
    american_chain(state)
    put(state, "newport", "howe")
    assert isolation.isolated(state, AMERICAN) == set()


def test_10_31_ex2_the_congress_saves_whatever_its_control(state):
    """TC-10.31-EX2: C (Newport) holds the Continental Congress: A and B are not isolated."""
    every_space(state, BRITISH, but=("worcester", "providence"))
    pcs(state, american=["worcester", "providence"])
    state.congress = "newport"                      # in a British-controlled space
    assert isolation.isolated(state, AMERICAN) == set()


def test_10_31_ex2_the_congress_space_is_never_isolated(state):
    every_space(state, BRITISH, but=("newport",))
    pcs(state, american=["newport"])
    state.congress = "newport"
    assert isolation.isolated(state, AMERICAN) == set()


def three_american_pcs(state):
    """TC-10.31-EX3's graph A-C, C-B: Worcester (A), Providence (C), Newport (B)."""
    every_space(state, BRITISH, but=("worcester", "providence", "newport"))
    pcs(state, american=["worcester", "providence", "newport"])


@pytest.mark.parametrize("holding", [dict(am=1), dict(fr=1), dict(general="lee"),
                                     dict(general="rochambeau"), dict(general="greene", am=2)])
def test_10_31_ex3_a_unit_in_a_saves_all_three(state, holding):
    """TC-10.31-EX3 and variant a: an American CU, a French CU, or an American or French
    general (with or without CUs) in A."""
    three_american_pcs(state)
    put(state, "worcester", **holding)
    assert isolation.isolated(state, AMERICAN) == set()


def test_10_31_ex3_variant_b_nothing_in_a_isolates_all_three(state):
    three_american_pcs(state)
    assert isolation.isolated(state, AMERICAN) == {"worcester", "providence", "newport"}


def test_10_31_ex3_variant_c_trace_through_british_cus(state):
    """Variant c: A keeps its CU and C holds a British CU: B still traces B -> C -> A."""
    three_american_pcs(state)
    put(state, "worcester", am=1)
    put(state, "providence", br=3)
    assert isolation.isolated(state, AMERICAN) == set()


def test_10_3_no_falmouth_quebec_link(state):
    """10.3: Falmouth and Quebec are adjacent for Arnold only, never for isolation."""
    every_space(state, BRITISH, but=("quebec", "falmouth"))
    pcs(state, american=["quebec"])
    assert isolation.isolated(state, AMERICAN) == {"quebec"}
    state.pcs["three-rivers"] = AMERICAN
    del state.pcs["montreal"]
    assert isolation.isolated(state, AMERICAN) == set()


def test_10_3_wilderness_links_count(state):
    """10.3: the other wilderness links are normal adjacencies (Fort Detroit - Bassett Town)."""
    every_space(state, AMERICAN, but=("fort-detroit", "bassett-town"))
    pcs(state, british=["fort-detroit"])
    assert isolation.isolated(state, BRITISH) == set()
    put(state, "bassett-town", am=1)
    assert isolation.isolated(state, BRITISH) == {"fort-detroit"}


# --- 10.32 British -----------------------------------------------------------------------------


def test_10_32_ex1_a_british_port_next_to_hartford(state):
    """TC-10.32-EX1: A (New Haven, a port) British, B (Hartford) uncontrolled: A is safe; with
    an American PC in Hartford A is still safe, a British-controlled port is never isolated."""
    every_space(state, AMERICAN, but=("new-haven", "hartford"))
    pcs(state, british=["new-haven"])
    assert isolation.isolated(state, BRITISH) == set()
    state.pcs["hartford"] = AMERICAN
    assert isolation.isolated(state, BRITISH) == set()


def test_10_32_a_blockaded_port_is_still_a_port(state):
    every_space(state, AMERICAN, but=("new-haven",))
    pcs(state, british=["new-haven"])
    state.navy = "zone-long-island-sound"
    assert isolation.isolated(state, BRITISH) == set()


@pytest.mark.parametrize("holding, alone", [({}, False), (dict(am=1), True),
                                            (dict(general="lee"), True),
                                            (dict(fr=2), True)])
def test_10_32_ex1_variant_not_a_port(state, holding, alone):
    """TC-10.32-EX1 variant, A7: A (Danbury) is not a port and holds no British CU; Hartford
    uncontrolled saves it unless it holds an American/French CU or general."""
    every_space(state, AMERICAN, but=("danbury", "hartford"))
    pcs(state, british=["danbury"])
    put(state, "hartford", **holding)
    assert isolation.isolated(state, BRITISH) == ({"danbury"} if alone else set())


def test_a7_an_uncontrolled_space_with_only_the_congress_saves(state):
    every_space(state, AMERICAN, but=("danbury", "hartford"))
    pcs(state, british=["danbury"])
    state.congress = "hartford"
    assert isolation.isolated(state, BRITISH) == set()


def test_10_32_ex2_a_british_cu_saves(state):
    """TC-10.32-EX2: A holds a British PC and a British CU; B, C, D are American: A is safe;
    without the CU it is isolated (a lone British general does not count)."""
    every_space(state, AMERICAN, but=("danbury",))
    pcs(state, british=["danbury"])
    put(state, "danbury", "howe")
    assert isolation.isolated(state, BRITISH) == {"danbury"}
    put(state, "danbury", br=1)
    assert isolation.isolated(state, BRITISH) == set()


def test_10_32_trace_to_a_port_through_american_units(state):
    """10.32 note: the path may pass British spaces holding American CUs or generals; a chain
    reaching a British port is safe."""
    every_space(state, AMERICAN, but=("danbury", "white-plains", "new-york"))
    pcs(state, british=["danbury", "white-plains", "new-york"])
    put(state, "white-plains", "greene", am=2)
    assert isolation.isolated(state, BRITISH) == set()


def test_10_32_british_ports_are_adjacent_for_isolation(state):
    """3.0: every two British-controlled ports are joined: the graph has the edge."""
    every_space(state, AMERICAN, but=("new-haven", "savannah"))
    pcs(state, british=["new-haven", "savannah"])
    graph = isolation.controlled_graph(state, BRITISH)
    assert graph.has_edge("new-haven", "savannah")
    assert not isolation.controlled_graph(state, AMERICAN).has_edge("boston", "norfolk")


# --- 10.2.3 the removal segment ------------------------------------------------------------------


def segment(state):
    """The isolated PC removal segment of the Political Control Phase (10.2.3)."""
    step = phases.POLITICAL_CONTROL.index(phases.isolation_segment)
    return start(state, PoliticalControl(step=step))


def test_10_32_ex3_mutual_isolation_the_american_removes_first(state):
    """TC-10.32-EX3: British A, B (Danbury, West Point) among American PCs, no units, no
    uncontrolled space: both sides' PCs are isolated at the start of the segment; the
    American's go first, all at once, and then the British ones trace to the spaces they
    left uncontrolled and stay."""
    every_space(state, AMERICAN, but=("danbury", "west-point"))
    pcs(state, british=["danbury", "west-point"])
    assert isolation.isolated(state, BRITISH) == {"danbury", "west-point"}
    state = segment(state)
    assert state.pcs == {"danbury": BRITISH, "west-point": BRITISH}


def test_10_31_b_removed_at_the_same_time(state):
    """10.31.B: the isolated set is computed once; removing one PC never saves another (the
    spaces a removal leaves uncontrolled do not count for the other American PCs)."""
    three_american_pcs(state)
    state = segment(state)
    assert not {"worcester", "providence", "newport"} & set(state.pcs)
    assert any("American isolated PCs removed" in line and "10.31" in line
               for line in state.log)


def test_10_2_3_on_the_1775_position_nothing_is_isolated():
    state = bare()
    bystanders(state)
    pcs(state, american=["lexington-concord", "philadelphia"],
        british=["boston", "quebec", "montreal", "fort-detroit", "norfolk"])
    before = dict(state.pcs)
    state = segment(state)
    assert state.pcs == before
