"""Washington's War (GMT 2009, Mark Herman; rules of 12/08/2010): the Rules object."""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice, OptionSpec, State, View
from core.options import typed
from core.ww import evaluate, flow, setup, view
from core.ww.options import OPTIONS, WwOptions
from core.ww.state import SIDES, WwState
from maps import washingtons_war as board_data
from maps.board import Board


class WashingtonsWar:
    id = setup.GAME_ID
    title = "Washington's War"
    version = "1"
    state_type = WwState
    hidden_info = True

    def scenarios(self) -> list[str]:
        return [setup.SCENARIO]

    def roles(self, scenario: str, options: dict) -> list[str]:
        return list(SIDES)

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def board(self) -> Board:
        return board_data.load()

    def setup(self, seed: int, scenario: str, options: dict) -> WwState:
        if scenario != setup.SCENARIO:
            raise ValueError(f"unknown scenario {scenario!r} (known: {setup.SCENARIO})")
        state = setup.new_state(seed, typed(WwOptions, options))
        flow.start(state)
        return state

    def view(self, state: State, role: str | None) -> View:
        assert isinstance(state, WwState)
        return view.build(state, role)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, WwState)
        return stack.choices(state, flow.FLOW, role)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        assert isinstance(state, WwState)
        return stack.act(state, flow.FLOW, role, action, legal, flow.settle)

    def apply(self, state: State, role: str, action: Action) -> None:
        """`act` carried out on `state` itself, for an action already found legal (Match, when
        it acts in place: core/engine.py)."""
        assert isinstance(state, WwState)
        stack.apply(state, flow.FLOW, action, flow.settle)

    def evaluate(self, state: State, role: str) -> float:
        """For the computer player (core/ai): the position's worth to `role`, in [0, 1]."""
        assert isinstance(state, WwState)
        return evaluate.evaluate(state, role)

    def determinize(self, state: State, role: str, generator) -> State:
        """For the computer player: the cards `role` cannot see dealt anew (core/ai)."""
        assert isinstance(state, WwState)
        return evaluate.determinize(state, role, generator)


RULES = WashingtonsWar()
