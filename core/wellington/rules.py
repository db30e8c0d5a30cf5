"""Wellington (GMT 2005, Mark McLaughlin; the Italian rules, seed 003): the Rules object."""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice, OptionSpec, State, View
from core.options import typed
from core.wellington import evaluate, flow, powers, setup, view
from core.wellington.options import OPTIONS, WellingtonOptions
from core.wellington.state import POWERS, WellingtonState
from maps import wellington as wellington_map
from maps.board import Board


class Wellington:
    id = setup.GAME_ID
    title = "Wellington"
    version = "0"
    state_type = WellingtonState
    hidden_info = True

    def scenarios(self) -> list[str]:
        return list(setup.SCENARIOS)

    def roles(self, scenario: str, options: dict) -> list[str]:
        """1.1, 2.1: the four Powers, whatever the split (one player may hold two)."""
        return list(POWERS)

    def seats(self, scenario: str, options: dict) -> list[tuple[str, ...]]:
        """2.1: the players' seats of the `players` split, each the Powers one player holds
        (New Game asks one name per seat)."""
        return list(powers.seats(typed(WellingtonOptions, options).players))

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def board(self) -> Board:
        return wellington_map.load()

    def setup(self, seed: int, scenario: str, options: dict) -> WellingtonState:
        if scenario not in setup.SCENARIOS:
            raise ValueError(f"unknown scenario {scenario!r} (known: "
                             f"{', '.join(setup.SCENARIOS)})")
        state = setup.new_state(seed, scenario, typed(WellingtonOptions, options))
        flow.start(state)
        return state

    def view(self, state: State, role: str | None) -> View:
        assert isinstance(state, WellingtonState)
        return view.build(state, role)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, WellingtonState)
        return stack.choices(state, flow.FLOW, role)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        assert isinstance(state, WellingtonState)
        return stack.act(state, flow.FLOW, role, action, legal, flow.settle)

    def evaluate(self, state: State, role: str) -> float:
        """For the computer player (core/ai): the position's worth to `role`, in [0, 1]."""
        assert isinstance(state, WellingtonState)
        return evaluate.evaluate(state, role)

    def evaluate_all(self, state: State) -> dict[str, float]:
        """Every Power's worth from one computation (core/ai)."""
        assert isinstance(state, WellingtonState)
        return evaluate.evaluate_all(state)

    def determinize(self, state: State, role: str, generator) -> State:
        """For the computer player: the cards `role`'s player cannot see dealt anew."""
        assert isinstance(state, WellingtonState)
        return evaluate.determinize(state, role, generator)


RULES = Wellington()
