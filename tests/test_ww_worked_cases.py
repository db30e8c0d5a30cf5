"""Washington's War: worked cases of ../shared/rules/washingtons-war.md ("Worked examples as test
cases") that no other test file plays under its own name, played here through the game's real
flow (core/ww/flow.py) or its rule functions. The other 62 cases are in test_ww_strategy.py,
test_ww_movement.py, test_ww_battle.py, test_ww_events*.py, test_ww_phases.py,
test_ww_isolation.py and test_ww_victory.py; `test_every_worked_case_is_played_somewhere`
checks that each of the 68 is named by some test.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import core.dice
from core import stack
from core.engine import Action
from core.ww import battle, deck, flow, movement, strategy
from core.ww import query as q
from core.ww.frames.strategy import Impulse
from core.ww.state import AM, AMERICAN, BR, BRITISH, CAPTURED, WwState
from tests.support.ww_battle import hand
from tests.support.ww_movement import empty, pcs, put

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "washingtons-war.md"
CAROLINAS = "zone-carolinas"


def act(state: WwState, role: str, verb: str, noun=None, dice=()) -> WwState:
    """One action through the game's whole flow, dice scripted strictly."""
    with core.dice.scripted(list(dice), strict=True) as script:
        new = stack.act(state, flow.FLOW, role, Action(verb, noun), None, flow.settle)
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return new


# --- TC-7.8-F -----------------------------------------------------------------------------------


def test_TC_7_8_F_an_intercepted_british_army_that_loses_must_retreat_into_an_american_pc():
    """TC-7.8-F: a British Army moves from Y (an American PC) into X and is intercepted; it
    loses the battle, its only retreat is back to Y, which holds an enemy PC: it surrenders, its
    CUs eliminated and its general captured (7.8.F, 9.61, 9.63)."""
    state = empty()
    put(state, "burgoyne", "albany", br=3)
    put(state, "arnold", "bennington", am=4)
    pcs(state, american=["albany", "saratoga"])
    hand(state, BRITISH)
    hand(state, AMERICAN)
    state.stack = [Impulse(side=BRITISH, step=99)]
    movement.activate(state, BRITISH, "burgoyne", 0, "ops")
    with core.dice.scripted([], strict=True):
        stack.run(state, flow.FLOW)
    state = act(state, BRITISH, "move", "saratoga")
    assert state.active == [AMERICAN]
    assert "intercept" in [c.action.verb for c in stack.choices(state, flow.FLOW, AMERICAN)]
    # d6: interception 1 (Arnold, agility 2); battle ratings (9.3) Burgoyne 1, Arnold 6;
    # battle rolls British 1, American 6; casualties British 5, American 4
    state = act(state, AMERICAN, "intercept", "arnold", dice=[1, 1, 6, 1, 6, 5, 4])
    log = "\n".join(state.log)
    assert "The American wins" in log or "the American wins" in log
    assert "The British (Burgoyne, 1 CU) has no legal retreat and surrenders (9.63)." in log
    assert state.generals["burgoyne"] == CAPTURED
    assert q.cu_count(state, "saratoga", BR) == 0 and q.cu_count(state, "albany", BR) == 0
    assert q.cu_count(state, "saratoga", AM) == 4                  # the winner loses none (die 4)


def test_TC_7_8_F_the_same_retreat_into_a_british_held_space_is_no_surrender():
    """The contrast: Y without the American PC is a legal retreat (9.61), so no surrender."""
    state = empty()
    put(state, "burgoyne", "albany", br=3)
    put(state, "arnold", "bennington", am=4)
    pcs(state, american=["saratoga"])
    hand(state, BRITISH)
    hand(state, AMERICAN)
    state.stack = [Impulse(side=BRITISH, step=99)]
    movement.activate(state, BRITISH, "burgoyne", 0, "ops")
    with core.dice.scripted([], strict=True):
        stack.run(state, flow.FLOW)
    state = act(state, BRITISH, "move", "saratoga")
    state = act(state, AMERICAN, "intercept", "arnold", dice=[1, 1, 6, 1, 6, 5, 4])
    assert "surrenders" not in "\n".join(state.log)
    assert state.generals["burgoyne"] == "albany" and q.cu_count(state, "albany", BR) == 1


# --- TC-12.3 ------------------------------------------------------------------------------------


def test_TC_12_3_the_french_navy_in_the_carolinas_zone():
    """TC-12.3: with the French Navy in the Carolinas zone, Wilmington (NC), New Bern and
    Charleston take no British reinforcements (8.1.C), no Naval Movement (7.5), no Landing
    Party (7.2.B), no retreat by sea (9.62), no Royal Navy +1 (9.42); PC placement there is
    unaffected."""
    state = empty()
    blocked = ("wilmington-nc", "new-bern", "charleston")
    assert {q.zone(p) for p in blocked} == {CAROLINAS}
    pcs(state, british=["charleston"])
    before = (strategy.reinforcement_spaces(state, BRITISH),
              [p for p in blocked if movement.qualifying_port(state, p)],
              [port for _, port in strategy.landing_targets(state)],
              battle.royal_navy_supports(state, "wilmington-nc"))
    assert set(blocked) <= set(before[0]) and set(before[1]) == set(blocked)
    assert {"wilmington-nc", "new-bern"} <= set(before[2]) and before[3]

    state.navy = CAROLINAS
    assert all(q.blockaded(state, p) for p in blocked)
    assert not set(blocked) & set(strategy.reinforcement_spaces(state, BRITISH))
    assert not [p for p in blocked if movement.qualifying_port(state, p)]
    assert not set(blocked) & {port for _, port in strategy.landing_targets(state)}
    assert not any(battle.royal_navy_supports(state, p) for p in blocked)
    put(state, "cornwallis", "wilmington-nc", br=2)
    assert battle.sea_retreats(state, "wilmington-nc", BRITISH) == []
    assert "wilmington-nc" not in battle.sea_retreats(
        _with_army(state, "howe", "norfolk"), "norfolk", BRITISH)
    # PC placement is unaffected: New Bern, empty, next to a British PC
    pcs(state, british=["wilmington-nc"])
    placements = {s for v, s in strategy.pc_targets(state, BRITISH, {"wilmington-nc"})
                  if v == "place"}
    assert "new-bern" in placements


def _with_army(state: WwState, general: str, port: str) -> WwState:
    put(state, general, port, br=2)
    return state


# --- TC-6.33-C ---------------------------------------------------------------------------------


def test_TC_6_33_C_a_battle_discard_is_final():
    """TC-6.33-C: in a battle the American discards a British-flag Event card for +1 (6.33.C,
    9.45): the British may not exchange for it (6.32.C) and the American draws no replacement
    (6.33.B)."""
    from tests.support import ww_battle as wb
    state = wb.board()
    wb.put(state, "albany", "greene", american=5)
    wb.put(state, "albany", "howe", british=5)
    church = deck.by_title("Dr. Benjamin Church Spies for the British")[0].number
    assert deck.card(church).flag == "british" and deck.card(church).kind == "event"
    paine = deck.by_title("Thomas Paine Publishes Common Sense")[0].number
    hand(state, AMERICAN, church)
    hand(state, BRITISH, paine)                 # so the battle waits at the British card step
    state = wb.fight(state, "albany", AMERICAN, "greene", came_from="saratoga")
    state = wb.act(state, AMERICAN, "discard", church)
    assert [tuple(m) for m in wb.frame(state).modifiers[AMERICAN]] == [
        (1, f"Event card {deck.card(church).name} discarded (9.45)")]
    assert church in state.piles.discard and state.piles.hands[AMERICAN] == []
    assert state.exchange_card == 0 and state.exchange_for == ""       # no exchange (6.32.C)
    assert AMERICAN not in state.replacements                          # no replacement (6.33.B)


# --- every case somewhere -----------------------------------------------------------------------


CASES = Path(__file__).parent / "data" / "ww_worked_cases.txt"


def case_ids() -> list[str]:
    """The reference's TC ids, as tests/data/ww_worked_cases.txt keeps them."""
    return [line.strip() for line in CASES.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.mark.skipif(not REFERENCE.exists(), reason="the reference is not beside the repository")
def test_the_kept_case_ids_are_the_reference_s():
    text = REFERENCE.read_text(encoding="utf-8")
    assert case_ids() == sorted(set(re.findall(r"^\*\*(TC-[0-9A-Za-z.\-]*[0-9A-Za-z])", text,
                                               re.M)))


def test_every_worked_case_is_played_somewhere():
    """Each TC id of the reference is named by a test (as TC-9.3, TC_9_3, or test_9_3_..._tc)."""
    ids = case_ids()
    assert len(ids) == 68
    tests = "\n".join(p.read_text(encoding="utf-8")
                      for p in Path(__file__).parent.glob("test_ww_*.py")).lower()
    missing = []
    for tc in ids:
        body = tc[3:].lower()
        under = body.replace(".", "_").replace("-", "_")
        if tc.lower() not in tests and f"tc_{under}" not in tests \
                and not re.search(rf"test_{re.escape(under)}\w*_tc", tests) \
                and not re.search(rf"test_{re.escape(under)}_tc", tests):
            missing.append(tc)
    assert not missing, f"worked cases no test names: {missing}"
