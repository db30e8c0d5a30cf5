"""Wellington (GMT 2005, Mark McLaughlin; the Italian rules, seed 003): the Rules object."""
from __future__ import annotations

from collections.abc import Mapping

from core import stack
from core.engine import Action, Choice, Match, OptionSpec, State, View
from core.options import typed
from core.wellington import evaluate, flow, powers, presence, setup, view
from core.wellington import flags as geo
from core.wellington.options import OPTIONS, WellingtonOptions
from core.wellington.state import POWERS, SIDE, WellingtonState
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

    def check_players(self, options: dict, players: Mapping[str, str]) -> None:
        """2.1, Match.new's hook: the players named must sit as the `players` split says: one
        player holds two Powers only when they share a seat, never two enemies (ValueError).
        A Power left to its default player (its own name) or to the computer is no one's
        seat-mate."""
        split = typed(WellingtonOptions, options).players
        named = {p: n for p, n in players.items() if n not in (p, Match.COMPUTER)}
        seat = {p: i for i, powers_ in enumerate(powers.seats(split)) for p in powers_}
        first: dict[str, str] = {}                    # name -> the first Power it holds
        for power in POWERS:
            name = named.get(power)
            if name is None:
                continue
            other = first.setdefault(name, power)
            if seat[other] == seat[power]:
                continue
            if SIDE[other] != SIDE[power]:
                raise ValueError(f"{name} cannot hold both {other} and {power}: they are "
                                 "enemies (2.1)")
            raise ValueError(f"{name} cannot hold both {other} and {power}: with players="
                             f"{split} they are two players' Powers (2.1)")
        for powers_ in powers.seats(split):
            given = sorted({named[p] for p in powers_ if p in named})
            if len(given) > 1:
                raise ValueError(f"with players={split} one player holds "
                                 f"{' and '.join(powers_)}, not {' and '.join(given)} (2.1)")

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
        presence.checked(state)
        with geo.reading(state):                 # building a view changes nothing
            return view.build(state, role)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, WellingtonState)
        presence.checked(state)
        with geo.reading(state):                 # listing the choices changes nothing
            return stack.choices(state, flow.FLOW, role)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        assert isinstance(state, WellingtonState)
        presence.checked(state)
        return stack.act(state, flow.FLOW, role, action, legal, flow.settle)

    def apply(self, state: State, role: str, action: Action) -> None:
        """`act`'s consequences carried out on `state` itself, for an action `actions` listed
        for this very state (core/engine.py: Match acts in place in random play)."""
        assert isinstance(state, WellingtonState)
        stack.apply(state, flow.FLOW, action, flow.settle)

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
