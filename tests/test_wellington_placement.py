"""Wellington: Formations placed in an impulse (core/wellington/placement.py): building into a
besieged friendly fortress and its battle at the impulse's end (6.3, G.34: the retreat in
battle/retreat.py), and the inactive side's interceptions of a placement (10.1, 10.10).
The numbers are the seed's: 2 CP per SP (6.1), 9 or more on 2d6 with BV and the +1 / -1 of
10.4 and 10.7, battle dice per SP + BV + nationality (11.2, 11.3), one more die after a
failed evasion (10.7)."""
from __future__ import annotations

import core.dice
import msgspec
import pytest

from core import stack
from core.engine import Header, IllegalAction, Match
from core.wellington import battle, building, flow, placement
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.movement import Army, Move, NameCommander
from core.wellington.frames.impulse import (BesiegedBuildBattle, BesiegedEvade, Impulse,
                                            PlacementIntercept, PlacementInterceptAsk)
from core.wellington.rules import RULES
from core.wellington.state import GB, REGROUP, WellingtonState
from saves import load_match, save_match
from tests.support.wellington_battle import FLOW, Caller, act, board, place

MENU_DONE = 2          # the Impulse's next step: the battles of 6.3, then its end
ALL_ONES = [1] * 80    # battle dice that hit nobody: a tie after two rounds (11.52)


def impulse_with_cp(power: str, *cards_cp: int) -> WellingtonState:
    """`power`'s impulse after its menu, with cards played for these CP (the last one spent
    first): what the 6.3 step sees once the Power has placed everything."""
    state = board(power)
    state.stack = [Impulse(power=power, kind="scheduled", step=MENU_DONE, played=True)]
    for cp in cards_cp:
        state.stack.append(CommandPoints(power=power, card=0, left=cp))
    return state


def run(state: WellingtonState) -> WellingtonState:
    stack.run(state, FLOW, flow.settle)
    return state


def verbs(state: WellingtonState, role: str) -> list[tuple[str, object]]:
    return [(c.action.verb, c.action.noun) for c in stack.choices(state, FLOW, role)]


def elvas_besieged(*cards_cp: int) -> WellingtonState:
    """Soult (BV 4) and 2 AdS infantry besiege the British fortress of Elvas."""
    state = impulse_with_cp(GB, *cards_cp)
    place(state, "elvas", "AdS", infantry=2, commanders=("soult",), lead=True)
    return run(state)


def finish(state: WellingtonState, faces: list[int]) -> WellingtonState:
    """Answer every remaining question with its last choice (no card, no more), dice
    `faces` (then the generator's), up to the caller's next step if one waits."""
    with core.dice.scripted(faces):
        run(state)
        while state.active and not isinstance(state.stack[-1], Caller):
            role = state.active[0]
            last = stack.choices(state, FLOW, role)[-1].action
            state = act(state, role, last.verb, last.noun)
    return state


# --- 6.3: offered, recorded, fought at the impulse's end -----------------------------------------


def test_6_3_building_into_a_besieged_fortress_is_offered_for_cp_with_its_warning():
    state = elvas_besieged(4)
    offered = dict((c.action.noun, c.label) for c in stack.choices(state, FLOW, GB)
                   if c.action.verb == "build")
    assert "0@elvas" in offered and "hill@elvas" in offered       # 2 CP; CV 4 -> 2 CP
    assert "besieged fortress" in offered["0@elvas"] and "6.3" in offered["0@elvas"]
    assert "besieged fortress" not in offered["0@lisbon"]


def test_6_3_reinforcements_still_never_go_into_a_besieged_fortress_16_2():
    state = elvas_besieged(4)
    assert "elvas" not in building.soldier_places(state, GB)
    assert "elvas" not in building.commander_places(state, GB)
    assert "elvas" in building.soldier_places(state, GB, besieged_ok=True)


def test_6_3_an_enemy_occupied_unfortified_national_duchy_is_still_refused():
    state = impulse_with_cp(GB, 4)
    place(state, "coimbra", "AdS", infantry=2, commanders=("soult",), lead=True)
    run(state)
    assert ("build", "0@coimbra") not in verbs(state, GB)
    with pytest.raises(IllegalAction):
        act(state, GB, "build", "0@coimbra")


def test_6_3_the_battle_waits_until_all_is_placed_over_several_cards():
    state = elvas_besieged(2, 2)                     # two cards of 2 CP
    state = act(state, GB, "build", "0@elvas")
    assert isinstance(state.stack[-1], CommandPoints)            # the next card: no battle
    assert state.placed_besieged == {"elvas": ["GB/0"]}
    state = act(state, GB, "build", "0@elvas")
    assert state.placed_besieged == {"elvas": ["GB/0", "GB/0"]}
    assert isinstance(state.stack[-1], BesiegedEvade) and state.active == ["AdS"]
    assert isinstance(state.stack[-2], BesiegedBuildBattle)
    assert ("evade", "army>caceres") in verbs(state, "AdS") and ("stay", None) in verbs(
        state, "AdS")


def test_6_3_the_besieger_evades_successfully_no_battle():
    state = elvas_besieged(2)
    state = act(state, GB, "build", "0@elvas")
    # 10.7: 2d6 = 4, +1 into friendly Cáceres, +4 Soult's BV = 9: success
    with core.dice.scripted([2, 2], strict=True):
        state = act(state, "AdS", "evade", "army>caceres")
    assert state.commanders["soult"] == "caceres"
    assert building.counters(state, "caceres", "AdS") == [2, 0, 0]
    assert building.counters(state, "elvas", GB) == [1, 0, 0]
    assert not state.stack and not state.placed_besieged      # the impulse is over
    assert any("No battle at Elvas" in line for line in state.log)


def test_6_3_a_failed_evasion_then_the_battle_the_new_formation_goes_to_the_regroup_box():
    state = elvas_besieged(4)
    state = act(state, GB, "build", "0@elvas")
    state = act(state, GB, "build", "0@elvas")
    # 10.7: 2d6 = 3 +5 = 8: the evasion fails; Soult takes a BFI marker and, with nothing
    # left to try, the battle follows at once (all battle dice 1s)
    with core.dice.scripted([1, 2] + ALL_ONES):
        state = act(state, "AdS", "evade", "army>caceres")
    state = finish(state, ALL_ONES)
    assert any(line.startswith("Evasion fails: 8") for line in state.log)
    # 11.2, 11.3, 10.7: 2 SP + the British bonus 1 + the failed-evasion die = 4 dice
    assert any("Round 1: the Allies roll 4 dice" in line for line in state.log)
    # 11.52: a tie after round 2 sends the active side back; built from nowhere: 6.3
    assert building.counters(state, REGROUP, GB) == [2, 0, 0]
    assert building.counters(state, "elvas", GB) == [0, 0, 0]
    assert building.counters(state, "elvas", "AdS") == [2, 0, 0]
    assert any("built at Elvas must retreat: it goes to the Regroup Box (6.3)" in line
               for line in state.log)
    assert not state.placed_besieged


def test_6_3_a_built_commander_leads_the_attack_and_goes_to_the_regroup_box_with_it():
    state = elvas_besieged(4)
    state = act(state, GB, "build", "hill@elvas")          # CV 4: 2 CP (6.1)
    state = act(state, GB, "build", "0@elvas")
    assert state.placed_besieged == {"elvas": ["hill", "GB/0"]}
    with core.dice.scripted(ALL_ONES):
        state = act(state, "AdS", "stay")
    state = finish(state, ALL_ONES)
    assert any("Battle at Elvas: GB attacks" in line for line in state.log)
    assert state.commanders["hill"] == REGROUP
    assert building.counters(state, REGROUP, GB) == [1, 0, 0]


def saved_and_loaded(state: WellingtonState, tmp_path) -> WellingtonState:
    """The state through a save file and back (saves/: the JSON snapshot, same rules)."""
    header = Header(game="wellington", rules_version=RULES.version, scenario="1812",
                    options={}, seed=1)
    return load_match(save_match(Match(RULES, header, state), tmp_path / "s.json")).state


def test_6_3_a_save_taken_at_the_besiegers_question_continues(tmp_path):
    state = elvas_besieged(2)
    state = act(state, GB, "build", "0@elvas")
    assert isinstance(state.stack[-1], BesiegedEvade)
    loaded = saved_and_loaded(state, tmp_path)
    assert verbs(loaded, "AdS") == verbs(state, "AdS")
    assert loaded.placed_besieged == {"elvas": ["GB/0"]}
    with core.dice.scripted([2, 2], strict=True):
        loaded = act(loaded, "AdS", "evade", "army>caceres")
    assert loaded.commanders["soult"] == "caceres"


# --- G.34: which pieces go to the Regroup Box --------------------------------------------------


def elvas_battle(came_from: str) -> WellingtonState:
    """1 GB infantry built into Elvas this impulse (on record) beside Wellington and 2 GB
    infantry that entered from `came_from`; Soult's 2 AdS infantry besiege it."""
    state = board(GB)
    place(state, "elvas", "AdS", infantry=2, commanders=("soult",), lead=True)
    place(state, "elvas", GB, infantry=3, commanders=("wellington",))
    state.placed_besieged = {"elvas": ["GB/0"]}
    return state


def test_g34_a_formation_that_moved_in_goes_back_the_new_one_to_the_regroup_box():
    state = elvas_battle("lisbon")
    battle.start(state, "elvas", GB, "wellington", "lisbon", False)
    state = finish(state, ALL_ONES)
    # 11.62: Wellington's Army back to Lisbon; 6.3: the built infantry to the Regroup Box
    assert state.commanders["wellington"] == "lisbon"
    assert building.counters(state, "lisbon", GB) == [2, 0, 0]
    assert building.counters(state, REGROUP, GB) == [1, 0, 0]


def test_g34_the_new_formation_joins_the_retreat_of_one_an_event_brought():
    state = elvas_battle("")
    state.movement_impulse = state.impulses        # an event's interception from Lisbon
    state.reinforced_from = {"Allies@elvas": ["lisbon"]}     # (#40, #53, #108: REINFORCE)
    battle.start(state, "elvas", GB, "GB:elvas", "", False)
    state = finish(state, ALL_ONES)
    assert state.commanders["wellington"] == "lisbon"
    assert building.counters(state, "lisbon", GB) == [3, 0, 0]
    assert building.counters(state, REGROUP, GB) == [0, 0, 0]
    assert any("G.34" in line for line in state.log)


def test_g34_an_event_move_brings_the_formation_the_new_one_joins_its_retreat():
    """#44 Flank March brought Wellington's Army into Elvas (a free Move on the stack)."""
    state = elvas_battle("lisbon")
    state.stack.append(Move(power=GB, armies=[Army(commander="wellington", power=GB,
                                                   troops=[2, 0, 0])],
                            at="elvas", start="lisbon", came_from="lisbon", over=True,
                            free="flank", step=99))
    battle.start(state, "elvas", GB, "wellington", "lisbon", False)
    state = finish(state, ALL_ONES)
    assert state.commanders["wellington"] == "lisbon"
    assert building.counters(state, "lisbon", GB) == [3, 0, 0]
    assert building.counters(state, REGROUP, GB) == [0, 0, 0]


def test_g34_nothing_on_record_the_retreat_is_11_62_alone():
    state = elvas_battle("lisbon")
    state.placed_besieged = {}
    battle.start(state, "elvas", GB, "wellington", "lisbon", False)
    state = finish(state, ALL_ONES)
    assert building.counters(state, "lisbon", GB) == [3, 0, 0]
    assert building.counters(state, REGROUP, GB) == [0, 0, 0]


# --- 10.1: interceptions of a build -------------------------------------------------------------


def lisbon_build(cp: int = 2) -> WellingtonState:
    """Soult (BV 4) and 2 AdS infantry at Coimbra, next to Lisbon; GB has `cp` CP to spend."""
    state = impulse_with_cp(GB, cp)
    place(state, "coimbra", "AdS", infantry=2, commanders=("soult",), lead=True)
    return run(state)


def test_10_1_a_build_may_be_intercepted_by_the_inactive_side():
    state = act(lisbon_build(), GB, "build", "0@lisbon")
    assert isinstance(state.stack[-1], PlacementInterceptAsk) and state.active == ["AdS"]
    labels = {c.action.noun: c.label for c in stack.choices(state, FLOW, "AdS")}
    # 10.4: +4 Soult's BV, -1 from Uncontrolled Coimbra: needs 6+
    assert "needs 6+" in labels["soult"]
    assert ("no-intercept", None) in verbs(state, "AdS")


def test_10_1_a_successful_interception_fights_the_placed_formation_at_once():
    state = act(lisbon_build(), GB, "build", "0@lisbon")
    with core.dice.scripted([3, 3] + ALL_ONES):     # 6 + 3 = 9: success (10.4)
        state = act(state, "AdS", "intercept", "soult")
    assert state.stack == []          # the battle fought; the spent card asks nothing (5.5)
    assert state.commanders["soult"] == "lisbon"
    # P2: the placed Formation attacked; a tie sends it back to nowhere: the Regroup Box
    assert any("Battle at Lisbon: GB attacks (the defenders intercepted)" in line
               for line in state.log)
    assert building.counters(state, REGROUP, GB) == [1, 0, 0]
    assert building.counters(state, "lisbon", "AdS") == [2, 0, 0]


def test_10_1_a_failed_interception_marks_the_interceptor_and_nothing_follows():
    state = act(lisbon_build(cp=4), GB, "build", "0@lisbon")
    with core.dice.scripted([2, 3], strict=True):   # 5 + 3 = 8: failure
        state = act(state, "AdS", "intercept", "soult")
    assert state.commanders["soult"] == "coimbra" and "soult" in state.bfi      # 10.4
    assert building.counters(state, "lisbon", GB) == [1, 0, 0]
    assert isinstance(state.stack[-1], CommandPoints) and state.active == [GB]
    assert not any(line.startswith("Battle at Lisbon") for line in state.log)
    state = act(state, GB, "build", "0@lisbon")       # P3: GB's infantry stands there now
    assert not any(isinstance(f, PlacementIntercept) for f in state.stack)


def test_10_1_no_interception_where_the_placers_side_already_stands_p3():
    state = impulse_with_cp(GB, 2)
    place(state, "coimbra", "AdS", infantry=2, commanders=("soult",), lead=True)
    place(state, "lisbon", GB, infantry=2, commanders=("beresford",), lead=True)
    state = act(run(state), GB, "build", "0@lisbon")
    assert not any(isinstance(f, PlacementIntercept) for f in state.stack)
    assert state.active != ["AdS"]


def test_10_1_no_interception_of_reinforcements_outside_an_impulse_p5():
    state = board(GB)
    state.stack = []
    place(state, "coimbra", "AdS", infantry=2, commanders=("soult",), lead=True)
    building.carry_out(state, GB, "build", "0@lisbon")
    assert state.stack == [] and state.placed_besieged == {}


def test_10_1_the_besiegers_allies_may_intercept_into_the_besieged_build_the_battle_waits():
    state = impulse_with_cp(GB, 2)
    place(state, "elvas", "AdS", infantry=2, commanders=("soult",), lead=True)
    place(state, "caceres", "AdS", infantry=1, commanders=("drouet",), lead=True)
    state = act(run(state), GB, "build", "0@elvas")
    assert state.active == ["AdS"] and ("intercept", "drouet") in verbs(state, "AdS")
    # 10.4: 2d6 = 6, +2 Drouet's BV, +0: 8 fails; 7 + 2 = 9 succeeds
    with core.dice.scripted([3, 4]):
        state = act(state, "AdS", "intercept", "drouet")
    assert state.commanders["drouet"] == "elvas"
    assert not any(isinstance(f, Battle) for f in state.stack)      # 6.3: not yet
    while isinstance(state.stack[-1], NameCommander):                # 9.53 there first
        first = stack.choices(state, FLOW, "AdS")[0].action
        state = act(state, "AdS", first.verb, first.noun)
    # then the end of the impulse: the besiegers (the interceptor among them, P4) may evade
    assert isinstance(state.stack[-1], BesiegedEvade)
    assert not any(isinstance(f, Battle) for f in state.stack)


def test_10_1_a_save_taken_at_the_interception_question_continues(tmp_path):
    state = act(lisbon_build(), GB, "build", "0@lisbon")
    loaded = saved_and_loaded(state, tmp_path)
    assert verbs(loaded, "AdS") == verbs(state, "AdS")
    loaded = act(loaded, "AdS", "no-intercept")
    assert not any(isinstance(f, PlacementIntercept) for f in loaded.stack)
    assert building.counters(loaded, "lisbon", GB) == [1, 0, 0]


def test_10_1_refused_interception_leaves_the_state_untouched():
    state = act(lisbon_build(), GB, "build", "0@lisbon")
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction):
        act(state, "AdS", "intercept", "suchet")
    with pytest.raises(IllegalAction):
        act(state, GB, "no-intercept")
    assert msgspec.msgpack.encode(state) == before


# --- 10.10: a flag placed by an event ------------------------------------------------------------


def flag_placed(faces: list[int]) -> WellingtonState:
    """Spain's event has placed a Spanish flag at Mérida with no Formation (the events part
    calls `placement.intercept_placement(..., flag=True)`); Soult (BV 4) stands next to it at
    Badajoz: 10.4 needs 5+ (Mérida is Spain's now: no +1)."""
    state = board("Spain")
    state.stack = [Impulse(power="Spain", kind="scheduled", step=MENU_DONE, played=True)]
    place(state, "badajoz", "AdS", infantry=1, commanders=("soult",), lead=True)
    state.flags["merida"] = "Spain"
    placement.intercept_placement(state, "Spain", "merida", "", flag=True)
    with core.dice.scripted(faces):
        run(state)
    return state


def test_10_10_an_intercepted_flag_placed_by_an_event_is_removed():
    state = flag_placed([])
    assert state.active == ["AdS"] and ("intercept", "soult") in verbs(state, "AdS")
    assert "needs 5+" in next(c.label for c in stack.choices(state, FLOW, "AdS")
                              if c.action.noun == "soult")
    with core.dice.scripted([6, 6] + [1] * 5):
        state = act(state, "AdS", "intercept", "soult")
    assert state.commanders["soult"] == "merida"
    assert "merida" not in state.flags
    assert any("10.10" in line for line in state.log)


def test_10_10_a_failed_interception_leaves_the_flag():
    state = flag_placed([])
    with core.dice.scripted([1, 1], strict=True):       # 2 + 4 Soult's BV = 6: failure
        state = act(state, "AdS", "intercept", "soult")
    assert state.flags["merida"] == "Spain" and state.commanders["soult"] == "badajoz"
    assert any(line.startswith("Interception fails: 6") for line in state.log)


def test_10_10_no_question_when_a_formation_of_the_side_is_there():
    state = board("Spain")
    state.stack = [Impulse(power="Spain", kind="scheduled", step=MENU_DONE, played=True)]
    place(state, "badajoz", "AdS", infantry=1, commanders=("soult",), lead=True)
    place(state, "merida", "Spain", infantry=1)
    placement.intercept_placement(state, "Spain", "merida", "", flag=True)
    assert not any(isinstance(f, PlacementIntercept) for f in state.stack)
