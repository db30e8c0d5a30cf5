"""Gettysburg 1863 (Yankees & Rebels, Giogames 2005, rules 2.0): the Rules object the registry
hands out."""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice, OptionSpec, State, View
from core.gettysburg import evaluate, explain, flow, options, query, setup, view
from core.gettysburg.options import GbOptions
from core.gettysburg.state import CSA, UNION, GbState
from core.options import typed
from maps.hexboard import HexBoard


class Gettysburg:
    id = setup.GAME_ID
    title = "Gettysburg 1863"
    version = "1"
    state_type = GbState
    hidden_info = False  # AMB-31 [R]: open information (the counters' backs are not hidden)

    def scenarios(self) -> list[str]:
        return list(setup.SCENARIOS)  # 8.1: the 3-day battle first, the default

    def roles(self, scenario: str, options: dict) -> list[str]:
        return [UNION, CSA]

    def option_specs(self) -> list[OptionSpec]:
        return list(options.OPTIONS)

    def hides_information(self, options: dict) -> bool:
        """Only with the fog of war option (AMB-31) do the two sides see different things."""
        return typed(GbOptions, options).fog_of_war

    def board(self) -> HexBoard:
        """The battlefield (maps/gettysburg.toml) for the UI's hex canvas: terrain, elevation,
        roads and streams by hexside, VP and entry hexes."""
        return query.board()

    def sight(self, view: View, loc: str) -> dict[str, bool] | None:
        """For the UI's line-of-sight key: the hexes the units in `loc` could fire into (hex
        -> line of sight clear, 5.0-5.2), read from the view's board alone; None: no unit."""
        return explain.reach(view.board, loc)

    def setup(self, seed: int, scenario: str, options: dict) -> GbState:
        state = setup.build(seed, scenario, typed(GbOptions, options))
        flow.start(state)
        return state

    def view(self, state: State, role: str | None) -> View:
        assert isinstance(state, GbState)
        return view.build(state, role, self.id)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, GbState)
        return stack.choices(state, flow.FLOW, role)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        """The one legality path: the top stop's choices (core/stack.py)."""
        assert isinstance(state, GbState)
        return stack.act(state, flow.FLOW, role, action, legal, flow.settle_of(state))

    def apply(self, state: State, role: str, action: Action) -> None:
        """`act` carried out on `state` itself, for an action already found legal (Match, when
        it acts in place: core/engine.py): a random playout changes one state, never copied."""
        assert isinstance(state, GbState)
        stack.apply(state, flow.FLOW, action, flow.settle_of(state))

    def evaluate(self, state: State, role: str) -> float:
        """For the computer player (core/ai): the position's worth to `role`, in [0, 1]."""
        assert isinstance(state, GbState)
        return evaluate.evaluate(state, role)

    def evaluate_all(self, state: State) -> dict[str, float]:
        """Every role's value at once, for the computer player's search."""
        assert isinstance(state, GbState)
        return evaluate.evaluate_all(state)


RULES = Gettysburg()
