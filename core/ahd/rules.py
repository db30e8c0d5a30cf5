"""A House Divided (American Civil War 1861-65): the Rules object the registry hands out."""
from __future__ import annotations

from maps.a_house_divided import load as load_board
from maps.board import Board

from core.ahd import flow, setup, view
from core.ahd.state import CSA, UNION, AhdState
from core.engine import Action, Choice, IllegalAction, OptionSpec, State, View, clone

OPTIONS = [
    OptionSpec("inexperienced_union", "Inexperienced Union player (B12.0)", False,
               "Confederate victory conditions are checked only at the end of the Union player "
               "turn, so the Union always gets a turn to undo a Confederate success.",
               balance="pro-Union"),
    OptionSpec("short_game", "Short game (B13.0)", False,
               "10 turns, July 1861 to June 1862. If nobody has won by then, the Union wins with "
               "a MAS at least 5 above the Confederate one, otherwise the Confederacy wins.",
               balance="neutral"),
    OptionSpec("short_game_margin", "Short game: how much larger the Union MAS must be (B13.0)",
               "5-more",
               "The seed says the Union MAS must be 'almeno cinque volte più grande' (five "
               "times larger), which the starting 34 against 29 makes unreachable; read as a "
               "translation slip for '5 larger' (AMB-22) by default. '5-times' plays the "
               "seed's literal words.",
               choices=("5-more", "5-times"), balance="neutral"),
]


class AHouseDivided:
    id = setup.GAME_ID
    title = "A House Divided"
    version = "1"
    state_type = AhdState
    hidden_info = False

    def scenarios(self) -> list[str]:
        return ["campaign"]

    def roles(self, scenario: str, options: dict) -> list[str]:
        return [UNION, CSA]

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def board(self) -> Board:
        return load_board()

    def setup(self, seed: int, scenario: str, options: dict) -> AhdState:
        if scenario != "campaign":
            raise ValueError(f"unknown scenario {scenario!r} (known: campaign)")
        state = setup.campaign(seed, options)
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

    def act(self, state: State, role: str, action: Action) -> State:
        assert isinstance(state, AhdState)
        if state.result is not None:
            raise IllegalAction("the game is over")
        if role not in state.active:
            raise IllegalAction(f"it is not {role}'s turn to act")
        new = clone(state)
        flow.act(new, role, action)
        return new


RULES = AHouseDivided()
