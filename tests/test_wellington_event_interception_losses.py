"""Wellington 13.1 for an event's interception into a battle under way (#11, #16, #36, #40,
#53, #108: interception.arrive_reinforcement): "La Potenza influenzata sceglie quale SP
eliminare" — the interceptor's path attrition (9.41 Pass, 9.43 ambush) and #41 Stragglers at
its ENTERED window are asked of its owner (ArmyCasualty, the asking code of attrition.py),
and the battle's start strength (11.9's `start_units`) counts the units the dice leave it
(`attrition.pending`: the number lost is known before the choice), never the lost ones
(docs/wellington-sieges-naval.md, A3)."""
from __future__ import annotations

import msgspec
import pytest

from core import stack
from core.engine import IllegalAction
from core.wellington.frames.attrition_losses import ArmyCasualty
from core.wellington.frames.battle import Battle, BattleCard
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.frames.movement import Attempt, JoinBattleAsk
from core.wellington.state import ADN, ART, CAV, GB, INF, SPAIN, WellingtonState
from tests.support.wellington_movement import (act, counts, empty, give, nouns, put, spend,
                                               top, troops)


def tc_e26_with_a_cavalry_at_valladolid():
    """TC-E26's battle outside the walls (Joseph's 2 cavalry attack the Spanish cavalry at
    Ciudad Rodrigo: 2 units for the Allies at the start), Spain plays #40 for its leaderless
    infantry and cavalry (3 SP) at Valladolid, through Salamanca (tests/
    test_wellington_events_movement_seams.py, test_40_tc_e26_*): +1 friendly, -1 from
    Uncontrolled Valladolid, +1 the virtual 1-4's BV, -1 the Broken line: 4 + 5 = 9
    succeeds; passing enemy Salamanca from Uncontrolled Valladolid costs the ambush (9.43):
    one die per SP, 6, 1, 1: one SP to lose, from the infantry or the cavalry (change
    made)."""
    state = empty()
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "joseph", "almaraz", [0, 2, 0])
    troops(state, "ciudad-rodrigo", SPAIN, [0, 1, 0])
    give(state, SPAIN, 40)
    give(state, SPAIN, 14)                # a second battle card: Spain is asked again after
    state = act(spend(state, ADN, 1), ADN, "move", "joseph")
    state = act(state, ADN, "to", "ciudad-rodrigo")
    state = act(state, SPAIN, "stay")
    troops(state, "valladolid", SPAIN, [1, 1, 0])     # (they come by the event only)
    state = act(state, SPAIN, "battle-card", 40)
    assert isinstance(top(state), JoinBattleAsk)
    return act(state, SPAIN, "reinforce", "soldiers:Spain:valladolid@salamanca",
               dice=[4, 5, 6, 1, 1])


def battle(state: WellingtonState) -> Battle:
    found = stack.find(state, Battle)
    assert found is not None
    return found


def test_tc_e26_40_the_ambush_loss_is_asked_of_spain():
    """The soldiers are in Ciudad Rodrigo, the loss not yet taken: Spain picks the counter
    among the arriving ones (no artillery); the battle already counts 2 + 3 - 1 = 4."""
    state = tc_e26_with_a_cavalry_at_valladolid()
    frame = top(state)
    assert isinstance(frame, ArmyCasualty) and state.active == [SPAIN]
    assert frame.left == 1 and frame.pool == [1, 1, 0]
    assert sorted(nouns(state, SPAIN, "lose")) == [INF, CAV]
    assert counts(state, "ciudad-rodrigo", SPAIN) == [1, 2, 0]
    assert battle(state).start_units["Allies"] == 4
    assert isinstance(stack.find(state, Attempt), Attempt)        # the attempt waits


def test_tc_e26_40_spain_loses_the_infantry_and_the_battle_goes_on():
    state = act(tc_e26_with_a_cavalry_at_valladolid(), SPAIN, "lose", INF)
    assert counts(state, "ciudad-rodrigo", SPAIN) == [0, 2, 0]
    assert counts(state, "valladolid", SPAIN) == [0, 0, 0]
    assert battle(state).start_units["Allies"] == 4
    assert SPAIN in battle(state).powers["Allies"]
    assert isinstance(top(state), BattleCard)                     # back to the declarations


def test_tc_e26_40_one_sp_of_the_cavalry_change_made():
    """1.5: the cavalry is changed into 2 infantry, one of which goes: 4 units still."""
    state = act(tc_e26_with_a_cavalry_at_valladolid(), SPAIN, "lose", CAV)
    assert counts(state, "ciudad-rodrigo", SPAIN) == [2, 1, 0]
    assert battle(state).start_units["Allies"] == 4


def test_13_1_refusals_at_the_interceptors_question_leave_the_state_untouched():
    """No artillery among the arriving soldiers; AdN does not choose Spain's losses."""
    state = tc_e26_with_a_cavalry_at_valladolid()
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction):
        act(state, SPAIN, "lose", ART)
    with pytest.raises(IllegalAction):
        act(state, ADN, "lose", INF)
    with pytest.raises(IllegalAction):
        act(state, SPAIN, "reinforce-done")
    assert msgspec.json.encode(state) == before


def test_13_1_a_game_saved_at_the_interceptors_question_goes_on_from_it():
    state = tc_e26_with_a_cavalry_at_valladolid()
    loaded = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    assert isinstance(top(loaded), ArmyCasualty)
    after = act(loaded, SPAIN, "lose", CAV)
    again = act(state, SPAIN, "lose", CAV)
    assert msgspec.json.encode(after) == msgspec.json.encode(again)
    assert battle(after).start_units["Allies"] == 4


def salamanca_battle(origin: str, army: list[int], flag: str = ""):
    """Wellington (2 infantry) attacks Marmont (1 infantry) at Salamanca: the French have
    2 units at the start; AdN plays #40 and Clausel (BV 2) with `army` tries from `origin`."""
    state = empty()
    state.flags["ciudad-rodrigo"] = "Spain"
    if flag:
        state.flags[origin] = flag
    put(state, "wellington", "ciudad-rodrigo", [2, 0, 0])
    put(state, "marmont", "salamanca", [1, 0, 0])
    give(state, ADN, 40)
    give(state, ADN, 14)                  # a second battle card: AdN is asked again after
    state = act(spend(state, GB, 1), GB, "move", "wellington")
    state = act(state, GB, "to", "salamanca")
    state = act(state, ADN, "stay")
    put(state, "clausel", origin, army)              # (he comes by the event only)
    give(state, GB, 41)
    state = act(state, ADN, "battle-card", 40)
    assert battle(state).start_units["French"] == 2
    return state


def test_9_41_clausels_army_across_the_pass_loses_what_adn_picks():
    """Clausel from Ávila (a Spanish flag: -1, +2 his BV, -1 the Pass: 4 + 5 = 9) with an
    infantry and a cavalry; the Pass (9.41): 4 dice (3 SP + Clausel), 6, 1, 1, 1: AdN picks;
    the battle counts 2 + 4 - 1 = 5."""
    state = salamanca_battle("avila", [1, 1, 0], flag="Spain")
    state = act(state, ADN, "reinforce", "clausel@-", dice=[4, 5, 6, 1, 1, 1])
    assert isinstance(top(state), ArmyCasualty) and state.active == [ADN]
    assert top(state).army == "clausel"
    assert battle(state).start_units["French"] == 5
    state = act(state, ADN, "lose", CAV)
    state = act(state, GB, "no-response")            # GB keeps #41 at the ENTERED window
    state = act(state, ADN, "command", "marmont")        # 9.53: Marmont keeps the command
    assert counts(state, "salamanca", ADN) == [3, 0, 0]     # Marmont's 1 + 2 by the change
    assert state.commanders["clausel"] == "salamanca"
    assert "clausel" in battle(state).involved
    assert battle(state).start_units["French"] == 5
    assert isinstance(top(state), BattleCard) and top(state).power == ADN


def test_41_at_the_interceptions_entered_window_out_of_the_start_strength():
    """Clausel from Valladolid (no attrition across the line between AdN's duchies; +2 his
    BV: 3 + 4 = 7 of 7+) joins with 3 SP: 2 + 4 = 6 French units; GB answers his ENTERED
    window with #41: 4 dice, 6, 1, 1, 1: AdN picks the infantry; the battle counts 5."""
    state = salamanca_battle("valladolid", [1, 1, 0])
    state = act(state, ADN, "reinforce", "clausel@-", dice=[3, 4])
    assert isinstance(top(state), ResponseWindow)
    assert top(state).trigger == "entered:reinforce:clausel:valladolid>salamanca"
    assert battle(state).start_units["French"] == 6
    state = act(state, GB, "respond", 41, dice=[6, 1, 1, 1])
    assert isinstance(top(state), ArmyCasualty) and top(state).army == "clausel"
    assert battle(state).start_units["French"] == 5
    state = act(state, ADN, "lose", INF)
    assert counts(state, "salamanca", ADN) == [1, 1, 0]
    assert battle(state).start_units["French"] == 5
    state = act(state, GB, "no-response")           # the window goes on, then 9.53
    state = act(state, ADN, "command", "marmont")
    assert isinstance(top(state), BattleCard) and top(state).power == ADN
