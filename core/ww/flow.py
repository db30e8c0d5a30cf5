"""Washington's War: the sequence of play (5.0) as step lists on the decision stack.

Read beside ../shared/rules/washingtons-war.md, "0. Sequence of play as a state machine":

    GAME         set-up (4.0: Committees of Correspondence, For the King) -> years
    GAME_TURN    P1 reinforcement phase (5.1) -> P2 strategy card phase (5.2, 6.1) ->
                 P3 strategy phase (5.3, impulses) -> P4 winter attrition (5.4, 11) ->
                 P5 French naval phase (5.5, 12.3) -> P6 political control (5.6, 10.2) ->
                 P7 end phase (5.7) -> the next year

The phases' own steps and stops live in their modules: strategy.py (P2, P3), movement.py and
battle.py (inside an impulse), phases.py (P1, P4-P7), events/ (the cards), setup.py (4.0).
`FLOW` gathers them; `settle` runs after every step and decision (13.1 automatic victory).
"""
from __future__ import annotations

from core import stack
from core.ww import battle, events, movement, phases, setup, strategy, victory
from core.ww.frames.strategy import StrategyPhase
from core.ww.frames.turn import GameTurn, Setup
from core.ww.state import LAST_YEAR, WwState


def reinforcement_phase(state: WwState, frame: GameTurn) -> None:
    state.log.append(f"== {state.year} ==")
    phases.reinforcement_phase(state)


def strategy_card_phase(state: WwState, frame: GameTurn) -> None:
    strategy.strategy_card_phase(state)


def strategy_phase(state: WwState, frame: GameTurn) -> None:
    stack.push(state, StrategyPhase())


def winter_attrition_phase(state: WwState, frame: GameTurn) -> None:
    phases.winter_attrition_phase(state)


def french_naval_phase(state: WwState, frame: GameTurn) -> None:
    phases.french_naval_phase(state)


def political_control_phase(state: WwState, frame: GameTurn) -> None:
    phases.political_control_phase(state)


def end_phase(state: WwState, frame: GameTurn) -> None:
    phases.end_phase(state)


def next_year(state: WwState, frame: GameTurn) -> None:
    """5.7.3: advance the Turn marker; after 1783 the game ends (A20)."""
    if state.result is not None:
        return
    if state.year >= LAST_YEAR:
        victory.final(state, f"the Turn Track ends in {LAST_YEAR} (A20)")
        return
    state.year += 1
    stack.goto(frame, GAME_TURN, reinforcement_phase)


GAME_TURN = stack.Steps((reinforcement_phase, strategy_card_phase, strategy_phase,
                         winter_attrition_phase, french_naval_phase, political_control_phase,
                         end_phase, next_year))


def start(state: WwState) -> None:
    """Set-up stops, then the first year, and run to the first decision."""
    stack.push(state, GameTurn())
    stack.push(state, Setup())
    stack.run(state, FLOW, settle)


# What holds at every moment, run after every step and decision: 13.1 automatic victory (in
# the Strategy and Winter Attrition Phases). The check itself, with no call around it: it runs
# several times an action.
settle: stack.Settle = victory.check_automatic


FLOW: stack.Flow = {
    GameTurn: GAME_TURN,
    **setup.FLOW,
    **strategy.FLOW,
    **movement.FLOW,
    **battle.FLOW,
    **phases.FLOW,
    **events.FLOW,
}
