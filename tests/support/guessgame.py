"""Guess: the smallest game with hidden information, for tests of the computer player.

The Keeper is dealt one card, 1 to 3, face down. The Seeker names a number once: right, the
Seeker wins; wrong, the Keeper wins. The Seeker's view shows the Keeper's hand as a count
only. A player who could read the hidden card would always be right; an honest one cannot do
better than a guess that depends on nothing but its own view.
"""
from __future__ import annotations

from core import rng
from core.engine import (Action, Card, Choice, IllegalAction, Options, OptionSpec, State, View,
                         check_legal)

SEEKER, KEEPER = "Seeker", "Keeper"
NUMBERS = (1, 2, 3)


class GuessState(State, kw_only=True):
    card: int = 0          # the Keeper's hidden card


class GuessRules:
    id = "guess"
    title = "Guess"
    version = "1"
    state_type = GuessState
    hidden_info = True

    def scenarios(self) -> list[str]:
        return ["standard"]

    def roles(self, scenario: str, options: Options) -> list[str]:
        return [SEEKER, KEEPER]

    def option_specs(self) -> list[OptionSpec]:
        return []

    def setup(self, seed: int, scenario: str, options: Options) -> GuessState:
        state = GuessState(game=self.id, scenario=scenario, rng=rng.seed_state(seed),
                           active=[SEEKER])
        state.card = NUMBERS[rng.randbelow(state, len(NUMBERS))]
        return state

    def with_card(self, state: GuessState, card: int) -> GuessState:
        """The same position with another hidden card (for tests)."""
        new = state.__copy__()
        new.card = card
        return new

    def actions(self, state: GuessState, role: str) -> list[Choice]:
        if state.result is not None or role not in state.active:
            return []
        return [Choice(Action("guess", n), f"Guess {n}") for n in NUMBERS]

    def act(self, state: GuessState, role: str, action: Action,
            legal: list[Choice] | None = None) -> GuessState:
        if role not in state.active:
            raise IllegalAction(f"it is not {role}'s turn to act")
        check_legal(self.actions(state, role), action)
        new = state.__copy__()
        new.active = []
        new.result = f"{SEEKER if action.noun == state.card else KEEPER} wins"
        new.log = state.log + [f"The Seeker guesses {action.noun}: {new.result}."]
        return new

    def view(self, state: GuessState, role: str | None) -> View:
        hand = [Card(id=state.card, name=str(state.card), value=state.card, text="")] \
            if role == KEEPER else None
        return View(game=self.id, scenario=state.scenario, role=role, active=list(state.active),
                    prompt="Seeker: name the Keeper's card.",
                    actions=self.actions(state, role) if role else [], board={}, boxes={},
                    control={}, tracks={}, hand=hand, hand_sizes={KEEPER: 1}, log=list(state.log),
                    result=state.result)

    def evaluate(self, state: GuessState, role: str) -> float:
        if state.result is None:
            return 0.5
        return 1.0 if state.result.startswith(role) else 0.0

    def determinize(self, state: GuessState, role: str, generator) -> GuessState:
        """Deal the cards `role` cannot see anew: the Seeker does not know the Keeper's."""
        if role == KEEPER:
            return state
        return self.with_card(state, NUMBERS[rng.randbelow(generator, len(NUMBERS))])


RULES = GuessRules()
