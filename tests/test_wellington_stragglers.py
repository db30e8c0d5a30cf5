"""Wellington #41 Stragglers after an attempt made alone (interception.evade_before_battle,
intercept_landing, arrive_alone): "Una Formazione che muove, intercetta, evade o si ritira
subisce l'Attrito nel Ducato dove è appena entrata ed in ogni Ducato aggiuntivo in cui entra
in questo impulso." The Attempt stays on the stack until its ENTERED window closes, so the
window knows the units it brought (events/cards_1_55_field.py `entered_armies`): a landing's
interception (10.1), a landing's evasion (14.2) and a rising's evasion (#90), the attrition
at once with its owner choosing the counters (13.1); declined and refused."""
from __future__ import annotations

import msgspec

from core import stack
from core.dice import scripted
from core.engine import Action
from core.wellington import cardplay, flow
from core.wellington.frames.attrition_losses import ArmyCasualty
from core.wellington.frames.battle import Battle
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.frames.movement import Attempt
from core.wellington.state import ADN, ADS, CAV, ENGLAND, GB, INF, SPAIN, WellingtonState
from tests.support import wellington_battle as battles
from tests.support.wellington_siege import (act, board, flag, give, offered, put,
                                            refused_untouched, spend)

FLOW = battles.FLOW          # the game's flow and the battle tests' caller
STRAGGLERS = 41


def straggling(state: WellingtonState, cid: str) -> bool:
    return any(e.card == STRAGGLERS and e.target == cid for e in state.effects)


# --- a landing's interception (10.1, naval.py) -----------------------------------------------


def suchet_intercepts_castellon(**troops: int):
    """GB convoys 1 infantry from the England box to Castellón (Spanish); Suchet (AdS) with
    `troops` at Tortosa (AdS, an Open line) intercepts: 6 + 6 + 3 (BV) >= 9; no attrition
    on his way (from a friendly duchy, open line). GB holds #41: the ENTERED window asks it."""
    match = board()
    put(match.state, ENGLAND, GB, inf=1)
    put(match.state, "tortosa", ADS, "suchet", **troops)
    give(match.state, GB, STRAGGLERS)
    spend(match, GB, 1)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", ENGLAND)
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "castellon")
    act(match, ADS, "intercept", "suchet", dice=[6, 6])
    window = stack.top(match.state)
    assert isinstance(window, ResponseWindow) and window.asked == [GB]
    assert window.trigger == "entered:intercept:suchet:tortosa>castellon"
    assert isinstance(stack.find(match.state, Attempt), Attempt)   # the attempt waits
    return match


def test_41_on_a_landings_interceptor_adS_picks_the_loss():
    """#41 on Suchet's Army (1 infantry, 1 cavalry: 3 SP + Suchet = 4 dice) at Castellón:
    6, 1, 1, 1: one SP to lose; AdS picks the infantry; then the landing's battle."""
    match = suchet_intercepts_castellon(inf=1, cav=1)
    assert offered(match, "respond") == [STRAGGLERS]
    act(match, GB, "respond", STRAGGLERS, dice=[6, 1, 1, 1])
    frame = stack.top(match.state)
    assert isinstance(frame, ArmyCasualty) and match.state.active == [ADS]
    assert frame.army == "suchet" and frame.left == 1
    assert sorted(offered(match, "lose")) == [INF, CAV]
    assert straggling(match.state, "suchet")
    act(match, ADS, "lose", INF)
    assert offered(match, "respond") == []                      # the window goes on
    with scripted([1] * 40):
        match.act(GB, Action("no-response"))
    state = match.state
    assert state.troops["castellon"][ADS] == [0, 1, 0]
    assert "Battle at Castellón: GB attacks" in "\n".join(state.log)


def test_41_declined_no_attrition_and_the_battle():
    match = suchet_intercepts_castellon(inf=2)
    with scripted([1] * 40):
        match.act(GB, Action("no-response"))
    state = match.state
    assert state.troops["castellon"][ADS] == [2, 0, 0]
    assert not straggling(state, "suchet")
    assert "Battle at Castellón: GB attacks" in "\n".join(state.log)


def test_41_refused_to_a_power_not_holding_it_and_once_the_window_is_gone():
    match = suchet_intercepts_castellon(inf=2)
    refused_untouched(match, ADS, "respond", STRAGGLERS)
    refused_untouched(match, GB, "respond", 3)                  # not in GB's hand
    with scripted([1] * 40):                                    # the window closes
        match.act(GB, Action("no-response"))
    state = match.state
    assert stack.find(state, Attempt) is None                   # the attempt is over
    assert not cardplay.event_playable(state, GB, STRAGGLERS,
                                       "entered:intercept:suchet:tortosa>castellon")


def test_41_a_game_saved_at_the_entered_window_goes_on_from_it():
    match = suchet_intercepts_castellon(inf=2)
    state = match.state
    loaded = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    assert isinstance(stack.find(loaded, Attempt), Attempt)
    with scripted([6, 1, 1], strict=True):     # 2 SP + Suchet: one infantry (no choice)
        after = stack.act(loaded, FLOW, GB, Action("respond", STRAGGLERS), settle=flow.settle)
    assert after.troops["castellon"][ADS][INF] == 1 and straggling(after, "suchet")


# --- a landing's evasion (14.2: the besiegers of a fortress a convoy enters) ----------------


def test_41_on_the_besiegers_evasion_to_yecla():
    """Suchet's Army (2 infantry) evades from besieged Valencia to Yecla (AdS's: no
    attrition of its own); GB answers with #41: 3 dice (2 SP + Suchet), 6, 1, 1: one
    infantry lost (one kind of counter: no question); no battle at Valencia."""
    match = board()
    flag(match.state, "yecla", ADS)
    put(match.state, ENGLAND, GB, inf=1)
    put(match.state, "valencia", ADS, "suchet", inf=2)
    give(match.state, GB, STRAGGLERS)
    spend(match, GB, 1)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", ENGLAND)
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "valencia")
    act(match, ADS, "evade", "army>yecla", dice=[6, 6])
    assert stack.top(match.state).trigger == "entered:evade:suchet:valencia>yecla"
    act(match, GB, "respond", STRAGGLERS, dice=[6, 1, 1])
    act(match, GB, "no-response")
    state = match.state
    assert state.commanders["suchet"] == "yecla" and state.troops["yecla"][ADS] == [1, 0, 0]
    assert straggling(state, "suchet")
    assert "Battle at Valencia" not in "\n".join(state.log)


# --- a rising's evasion (#90, TC-E11/E12's position) --------------------------------------------


def test_41_on_marmonts_evasion_from_the_levy():
    """Marmont (1 cavalry) evades the Spanish Levy at Valladolid to Salamanca (3 + 3 + his
    BV 2 + 1 friendly >= 9; AdN's: no attrition of its own); GB answers with #41: 3 dice
    (2 SP + Marmont), 6, 1, 1: 1 SP of the cavalry, change made (1.5: no choice, one
    kind): an infantry is left to him, beside Salamanca's own infantry."""
    state = battles.board(GB)
    state.resources = {p: 0 for p in (GB, ADS, SPAIN, ADN)}
    battles.place(state, "valladolid", ADN, cavalry=1, commanders=("marmont",), lead=True)
    battles.place(state, "salamanca", ADN, infantry=1)
    give(state, SPAIN, 90)
    give(state, GB, STRAGGLERS)
    cardplay.play_event(state, SPAIN, 90, "cp-card:10")
    stack.run(state, FLOW, flow.settle)
    while isinstance(stack.top(state), ResponseWindow):
        stack.apply(state, FLOW, Action("no-response"), flow.settle)
    state = stack.act(state, FLOW, SPAIN, Action("event-choice", f"{SPAIN}|valladolid"),
                      settle=flow.settle)
    assert isinstance(stack.top(state), EventChoice) and stack.top(state).power == ADN
    with scripted([3, 3], strict=True):
        state = stack.act(state, FLOW, ADN, Action("event-choice", "army>salamanca"),
                          settle=flow.settle)
    window = stack.top(state)
    assert isinstance(window, ResponseWindow)
    assert window.trigger == "entered:evade:marmont:valladolid>salamanca"
    with scripted([6, 1, 1], strict=True):
        state = stack.act(state, FLOW, GB, Action("respond", STRAGGLERS), settle=flow.settle)
    while isinstance(stack.top(state), ResponseWindow):
        stack.apply(state, FLOW, Action("no-response"), flow.settle)
    assert state.commanders["marmont"] == "salamanca" and straggling(state, "marmont")
    assert state.troops["salamanca"][ADN] == [2, 0, 0]
    assert stack.find(state, Battle) is None
