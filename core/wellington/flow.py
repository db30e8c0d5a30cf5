"""Wellington: the sequence of play (4.1) as step lists on the decision stack.

Read beside ../shared/rules/wellington.md §A:

    GAME       set-up (2.1 the bid, 2.6 Substitution) -> turns from the start year
    GAME_TURN  1 impulses (4.2-4.24) -> 2 attrition (4.3, 13) and the end-of-turn flags
               (4.3) -> 3 guerrilla (4.4) -> 4 Resource balance (4.5) -> 5 conquest (4.6,
               18.6) -> 6 peace and victory (4.7, 18.7, 19) -> 7 Interphase (4.8, 16) -> the
               next turn

The parts' own steps and stops live in their modules: impulse.py (the impulse phase),
cardplay.py (a card for CP or as an event), movement.py and interception.py (9, 10: CP
operations registered with cardplay), battle/ (11), siege.py (12: an impulse operation),
naval.py (14: CP operations), events/ (the cards, registered with cardplay), attrition.py
(13, 4.3), guerrilla.py (4.4), interphase.py (16), victory.py (18, 19), setup.py. Importing
a part registers its operations. `settle` runs after every step and decision: the
immediate end (18.1-18.4).
"""
from __future__ import annotations

from core import stack
from core.wellington import (attrition, battle, cardplay, events, guerrilla, impulse,
                             interception, interphase, movement, naval, setup, siege, victory)
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.impulse import ImpulsePhase
from core.wellington.frames.interphase import Interphase
from core.wellington.frames.turn import GameTurn, Setup
from core.wellington.state import LAST_YEAR, POWERS, WellingtonState

RESOURCE_CAP = 5               # 4.5


def impulse_phase(state: WellingtonState, frame: GameTurn) -> None:
    state.log.append(f"== {state.year} ==")
    stack.push(state, ImpulsePhase())


def attrition_phase(state: WellingtonState, frame: GameTurn) -> None:
    """4.3, 13: Formations in duchies neither their Power nor its ally controls roll
    attrition (attrition.py)."""
    attrition.attrition_step(state)


def end_of_turn_flags(state: WellingtonState, frame: GameTurn) -> None:
    """4.3: the surviving Formations flag the unfortified Uncontrolled duchies they hold."""
    interphase.end_of_turn_flags(state)


def guerrilla_phase(state: WellingtonState, frame: GameTurn) -> None:
    """4.4: the guerrillas strike French-held unfortified duchies (guerrilla.py)."""
    if state.result is None:
        guerrilla.guerrilla_step(state)


def resource_balance(state: WellingtonState, frame: GameTurn) -> None:
    """4.5: no Power ends the turn with more than 5 Resources."""
    for power in POWERS:
        held = state.resources.get(power, 0)
        if held > RESOURCE_CAP:
            state.resources[power] = RESOURCE_CAP
            state.log.append(f"{power} loses {held - RESOURCE_CAP} Resources over the cap of "
                             f"{RESOURCE_CAP} (4.5).")


def conquest(state: WellingtonState, frame: GameTurn) -> None:
    victory.conquest_phase(state)


def peace_and_victory(state: WellingtonState, frame: GameTurn) -> None:
    victory.peace_and_victory(state)


def interphase_(state: WellingtonState, frame: GameTurn) -> None:
    """4.8: the turn's effects end; the Interphase (16) prepares the next turn."""
    if state.result is not None:
        return
    state.effects = [e for e in state.effects if e.until != "turn"]
    events.common.release_kept(state)                  # #13: kept for the turn only
    stack.push(state, Interphase())


def next_turn(state: WellingtonState, frame: GameTurn) -> None:
    """4.8, 16.44: the next year; the Power on the Impulse marker plays first."""
    if state.result is not None or state.year >= LAST_YEAR:
        return
    state.year += 1
    state.round = 1
    state.last_holder = ""
    state.played_this_turn = []
    state.played_a_card = []
    stack.goto(frame, GAME_TURN, impulse_phase)


GAME_TURN = stack.Steps((impulse_phase, attrition_phase, end_of_turn_flags, guerrilla_phase,
                         resource_balance, conquest, peace_and_victory, interphase_,
                         next_turn))


def start(state: WellingtonState) -> None:
    """The set-up stops, then the first turn, run to the first decision."""
    stack.push(state, GameTurn())
    stack.push(state, Setup())
    stack.run(state, FLOW, settle)


def settle(state: WellingtonState) -> None:
    """What holds at every moment: the immediate end of the game (18.1); a card whose CP are
    all spent is over (5.5)."""
    # (after every step: the two quick tests first, the full ones only when they may act)
    if state.stack and isinstance(state.stack[-1], CommandPoints):
        cardplay.close_spent(state)
    if state.result is None and not victory.still_no_conquest(state):
        victory.check_immediate(state)


impulse.END_HOOKS.append(events.common.end_of_impulse)   # #22, #39, kept cards

FLOW: stack.Flow = {
    GameTurn: GAME_TURN,
    **setup.FLOW,
    **impulse.FLOW,
    **cardplay.FLOW,
    **movement.FLOW,
    **interception.FLOW,
    **battle.FLOW,
    **siege.FLOW,
    **naval.FLOW,
    **events.FLOW,
    **interphase.FLOW,
}
