"""A House Divided (American Civil War 1861-65): the Rules object the registry hands out."""
from __future__ import annotations

from core import stack
from core.ahd import evaluate, flow, leaders, options, scenarios, setup, view
from core.ahd.options import AhdOptions
from core.ahd.state import CSA, UNION, AhdState
from core.engine import Action, Choice, OptionSpec, Preset, State, View
from core.options import typed
from maps.a_house_divided import load as load_board
from maps.board import Board


class AHouseDivided:
    id = setup.GAME_ID
    title = "A House Divided"
    version = "2"  # 2: the decision stack (older saves are rebuilt by replay)
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
        flow.start(state)
        return state

    def view(self, state: State, role: str | None) -> View:
        assert isinstance(state, AhdState)
        return view.build(state, role, self.id)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, AhdState)
        return stack.choices(state, flow.FLOW, role)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        """The one legality path: the top stop's choices (core/stack.py)."""
        assert isinstance(state, AhdState)
        return stack.act(state, flow.FLOW, role, action, legal, flow.settle)

    def apply(self, state: State, role: str, action: Action) -> None:
        """`act` carried out on `state` itself, for an action already found legal (Match, when
        it acts in place: core/engine.py)."""
        assert isinstance(state, AhdState)
        stack.apply(state, flow.FLOW, action, flow.settle)

    def evaluate(self, state: State, role: str) -> float:
        """For the computer player (core/ai): the position's worth to `role`, in [0, 1]."""
        assert isinstance(state, AhdState)
        return evaluate.evaluate(state, role)

    def evaluate_all(self, state: State) -> dict[str, float]:
        """Every role's value at once, for the computer player's search."""
        assert isinstance(state, AhdState)
        return evaluate.evaluate_all(state)


RULES = AHouseDivided()
