"""Wellington 13.1 for leaderless soldiers (a Formation with no commander, 9.1) that move,
evade or intercept by an event and lose SP to attrition: "La Potenza influenzata sceglie
quale SP eliminare". Once the owner has picked the counters, the moving force's record of
its soldiers (the `Move`'s or the `Attempt`'s Armies) holds exactly what the answer left of
them, never the soldiers of the same Power that already stood there (movement.carry: a
leaderless force is named "<power>:<duchy>", movement.army_key;
docs/wellington-movement.md)."""
from __future__ import annotations

from core import stack
from core.wellington import attrition
from core.wellington.frames.attrition_losses import ArmyCasualty
from core.wellington.frames.battle import Battle
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.frames.movement import Attempt, Move, MoveStep
from core.wellington.state import ADN, CAV, GB, INF, SPAIN, WellingtonState
from tests.support.wellington_movement import (act, choices, counts, empty, give, put, spend,
                                               top, troops)


def battle(state: WellingtonState) -> Battle:
    found = stack.find(state, Battle)
    assert found is not None
    return found


def attempt(state: WellingtonState) -> Attempt:
    found = stack.find(state, Attempt)
    assert found is not None
    return found


def spanish_soldiers_join_with_41_in_adns_hand() -> WellingtonState:
    """TC-E26's battle (tests/test_wellington_event_interception_losses.py): Joseph's 2
    cavalry attack the Spanish cavalry at Ciudad Rodrigo; Spain plays #40 for its leaderless
    infantry and cavalry at Valladolid through Salamanca: 4 + 5 = 9 succeeds; the ambush
    (9.43): 6, 1, 1: one SP to lose, Spain picks it. AdN holds #41 Stragglers."""
    state = empty()
    state.flags["ciudad-rodrigo"] = SPAIN
    put(state, "joseph", "almaraz", [0, 2, 0])
    troops(state, "ciudad-rodrigo", SPAIN, [0, 1, 0])
    give(state, SPAIN, 40)
    give(state, SPAIN, 14)
    give(state, ADN, 41)
    state = act(spend(state, ADN, 1), ADN, "move", "joseph")
    state = act(state, ADN, "to", "ciudad-rodrigo")
    state = act(state, ADN, "no-response")          # AdN keeps #41 at Joseph's window
    state = act(state, SPAIN, "stay")
    troops(state, "valladolid", SPAIN, [1, 1, 0])     # (they come by the event only)
    state = act(state, SPAIN, "battle-card", 40)
    return act(state, SPAIN, "reinforce", "soldiers:Spain:valladolid@salamanca",
               dice=[4, 5, 6, 1, 1])


def test_13_1_the_leaderless_force_is_named_in_the_question():
    state = spanish_soldiers_join_with_41_in_adns_hand()
    frame = top(state)
    assert isinstance(frame, ArmyCasualty) and frame.army == "Spain:ciudad-rodrigo"
    assert frame.pool == [1, 1, 0]
    assert attrition.army_label(frame) == " in Spain's leaderless Formation"
    labels = [c.label for c in choices(state, SPAIN)]
    assert any(label.startswith("Lose an infantry (1 SP)") for label in labels)
    assert any(label.startswith("Lose 1 SP of a cavalry, change made") for label in labels)


def test_13_1_the_attempt_carries_what_spains_answer_left_not_the_standing_cavalry():
    """Spain loses 1 SP of its arriving cavalry (changed into 2 infantry, one of which goes,
    1.5): the arriving soldiers are 2 infantry; the Spanish cavalry that stood at Ciudad
    Rodrigo is not theirs."""
    state = act(spanish_soldiers_join_with_41_in_adns_hand(), SPAIN, "lose", CAV)
    assert counts(state, "ciudad-rodrigo", SPAIN) == [2, 1, 0]
    assert isinstance(top(state), ResponseWindow)
    assert attempt(state).armies[0].troops == [2, 0, 0]
    assert battle(state).start_units["Allies"] == 4


def test_41_then_strikes_only_the_soldiers_that_came():
    """#41 at the ENTERED window: one die per arriving SP (2 infantry: 2 dice, not the 3 the
    old record gave), 6 and 1: one infantry goes, no choice (one kind); the standing cavalry
    stays; the battle counts 4 - 1 = 3 Allied units."""
    state = act(spanish_soldiers_join_with_41_in_adns_hand(), SPAIN, "lose", CAV)
    state = act(state, ADN, "respond", 41, dice=[6, 1])
    assert not isinstance(top(state), ArmyCasualty)
    assert counts(state, "ciudad-rodrigo", SPAIN) == [1, 1, 0]
    assert attempt(state).armies[0].troops == [1, 0, 0]
    assert battle(state).start_units["Allies"] == 3


def test_13_1_losing_the_infantry_leaves_the_arriving_cavalry_carried():
    state = act(spanish_soldiers_join_with_41_in_adns_hand(), SPAIN, "lose", INF)
    assert counts(state, "ciudad-rodrigo", SPAIN) == [0, 2, 0]
    assert attempt(state).armies[0].troops == [0, 1, 0]
    state = act(state, ADN, "respond", 41, dice=[1, 6])
    assert counts(state, "ciudad-rodrigo", SPAIN) == [1, 1, 0]     # 1 SP, change made


# --- a leaderless counter on the move (9.1: one counter, so no choice of counters) ------------


def leaderless_cavalry_forced_march(faces: list[int]) -> WellingtonState:
    """9.1, 9.42: a British cavalry alone from Lisbon; its 5th duchy is Elvas (friendly),
    where British infantry and cavalry already stand: one die per SP (2)."""
    state = empty()
    troops(state, "lisbon", GB, [0, 1, 0])
    troops(state, "elvas", GB, [1, 1, 0])
    state = act(spend(state, GB, 6), GB, "move-soldier", "lisbon/cav")
    for dest in ("coimbra", "almeida", "fuentes-d-onoro", "lisbon"):
        state = act(state, GB, "to", dest)
    return act(state, GB, "to", "elvas", dice=faces)


def test_9_42_the_leaderless_cavalry_loses_1_sp_change_made_and_moves_on_with_the_rest():
    """One 6: 1 SP of the moving cavalry, changed into 2 infantry (1.5), one goes; the move
    goes on with the one infantry left; Elvas keeps exactly its own infantry and cavalry."""
    state = leaderless_cavalry_forced_march([6, 1])
    assert isinstance(top(state), MoveStep)
    move = stack.find(state, Move)
    assert move is not None and move.armies[0].troops == [1, 0, 0]
    assert counts(state, "elvas", GB) == [2, 1, 0]
    state = act(state, GB, "to", "badajoz", dice=[1])      # the 6th duchy: one die (1 SP)
    assert counts(state, "elvas", GB) == [1, 1, 0]
    assert counts(state, "badajoz", GB) == [1, 0, 0]
