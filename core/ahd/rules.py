"""A House Divided (American Civil War 1861-65): the Rules object the registry hands out."""
from __future__ import annotations

from maps.a_house_divided import load as load_board
from maps.board import Board

from core.ahd import flow, leaders, options, scenarios, setup, view
from core.ahd.options import AhdOptions
from core.ahd.state import CSA, UNION, AhdState
from core.options import typed
from core.engine import (Action, Choice, IllegalAction, OptionSpec, Preset, State, View,
                         check_legal, clone)

class AHouseDivided:
    id = setup.GAME_ID
    title = "A House Divided"
    version = "1"
    state_type = AhdState
    hidden_info = False

    def scenarios(self) -> list[str]:
        return [scenarios.CAMPAIGN, *scenarios.SCENARIOS]  # O5.0; the campaign is the default

    def roles(self, scenario: str, options: dict) -> list[str]:
        return [UNION, CSA]

    def option_specs(self) -> list[OptionSpec]:
        return list(options.OPTIONS)

    def presets(self) -> list[Preset]:
        return options.presets()

    def board(self) -> Board:
        return load_board()

    def setup(self, seed: int, scenario: str, options: dict) -> AhdState:
        chosen = typed(AhdOptions, options)
        if scenario == scenarios.CAMPAIGN:
            state = setup.campaign(seed, chosen)
        elif scenarios.is_scenario(scenario):
            state = setup.scenario(seed, scenario, chosen)  # O5.0
        else:
            raise ValueError(f"unknown scenario {scenario!r} "
                             f"(known: {', '.join(self.scenarios())})")
        setup.agree_end(state)  # O5.0: the March judged on the scenario victory table (T9)
        leaders.enter_game(state, setup.scenario_leaders(scenario))  # A8.2, the "***" entries
        flow.start_game_turn(state)
        return state

    def view(self, state: State, role: str | None) -> View:
        assert isinstance(state, AhdState)
        return view.build(state, role, self.id)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, AhdState)
        if state.result is not None or role not in state.active:
            return []
        return flow.choices(state)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        assert isinstance(state, AhdState)
        if state.result is not None:
            raise IllegalAction("the game is over")
        if role not in state.active:
            raise IllegalAction(f"it is not {role}'s turn to act")
        check_legal(flow.choices(state) if legal is None else legal, action)
        new = clone(state)
        flow.act(new, role, action, checked=True)
        return new


RULES = AHouseDivided()
