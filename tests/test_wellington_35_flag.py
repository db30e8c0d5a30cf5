"""Wellington #35 Juramentados (seed, card 35: "Se non vi è alcuna formazione francese dopo il
piazzamento o la battaglia, ponete la bandiera spagnola nel Ducato") and 10.10 ("Quando una
bandiera (senza Formazioni) piazzata da un evento viene intercettata con successo, viene
immediatamente rimossa"): when #35's battle leaves no Formation of either side, its Spanish
flag stands alone and the inactive French may intercept into the duchy (P5: in an Allied
impulse); a successful interception removes the flag. 10.4's numbers: 9 or more on 2d6 with
the interceptor's BV, +1 into a friendly duchy, -1 from an enemy-flagged or Uncontrolled
duchy, -1 across a Pass, the control before the flag (G.18)."""
from __future__ import annotations

from core import stack
from core.dice import scripted
from core.wellington import building
from core.wellington.frames.impulse import PlacementInterceptAsk
from core.wellington.state import ADN, GB, SPAIN, WellingtonState
from tests.support.wellington_battle import place
from tests.test_wellington_event_placements import (FLOW, act, asked_to_intercept, choose, game,
                                                    no_question, play)


def juramentados_at_avila(active: str = GB) -> WellingtonState:
    """#35 (a Response) in `active`'s impulse at Ávila (AdN's), where AdN has 2 infantry: 1
    French SP eliminated, 1 Spanish SP placed; Marmont (BV 2) with a cavalry at Salamanca
    declines the placement's interception (10.1); the Spanish SP attack the last infantry."""
    state = game(active)
    place(state, "avila", ADN, infantry=2)
    place(state, "salamanca", ADN, cavalry=1, commanders=("marmont",), lead=True)
    state = play(state, SPAIN, 35, "cp-card:10")
    state = choose(state, SPAIN, "avila")
    if isinstance(stack.top(state), PlacementInterceptAsk):
        state = act(state, ADN, "no-intercept")
    return state


BOTH_FALL = [6, 6, 1, 1]   # round 1: the Spanish die 6 (1 E), the French 6, 1, 1 (1 E): 11.52


def test_35_10_10_the_lone_flag_may_be_intercepted():
    """Both sides eliminated (11.52, G.30): the Spanish flag alone at Ávila; Marmont asked:
    9 - 2 (his BV) - 1 (into Ávila, AdN's before the flag, G.18) + 1 (the Pass) = 7+."""
    with scripted(BOTH_FALL, strict=True):
        state = juramentados_at_avila()
    assert state.flags["avila"] == SPAIN
    assert building.sp(state, "avila", SPAIN) == 0 and building.sp(state, "avila", ADN) == 0
    labels = asked_to_intercept(state, ADN)
    assert "needs 7+" in labels["marmont"] and "10.10" in stack.prompt(state, FLOW)


def test_35_10_10_a_successful_interception_removes_the_flag():
    with scripted(BOTH_FALL, strict=True):
        state = juramentados_at_avila()
    with scripted([3, 4], strict=True):                # 7 + 2 + 1 - 1 = 9
        state = act(state, ADN, "intercept", "marmont")
    assert state.commanders["marmont"] == "avila"
    assert state.flags.get("avila") != SPAIN
    assert any("10.10" in line for line in state.log)


def test_35_10_10_a_failed_interception_leaves_the_flag():
    with scripted(BOTH_FALL, strict=True):
        state = juramentados_at_avila()
    with scripted([3, 3], strict=True):                # 6 + 2 + 1 - 1 = 8: failure
        state = act(state, ADN, "intercept", "marmont")
    assert state.flags["avila"] == SPAIN and state.commanders["marmont"] == "salamanca"


def test_35_no_question_in_a_french_impulse_p5():
    with scripted(BOTH_FALL, strict=True):
        state = juramentados_at_avila(active=ADN)
    assert state.flags["avila"] == SPAIN and no_question(state)


def test_35_no_10_10_question_when_the_spanish_sp_survive():
    """The Spanish die hits, the French miss: the French are gone, the Spanish SP stands
    with its flag: a flag beside a Formation is no 10.10 case."""
    with scripted([6, 1, 1, 1], strict=True):
        state = juramentados_at_avila()
    assert state.flags["avila"] == SPAIN and building.sp(state, "avila", SPAIN) == 1
    assert no_question(state)
