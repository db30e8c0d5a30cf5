"""Random play through `Match`: the fuzzer, the benchmarks and smoke tests all use it.

The policy picks uniformly among the legal actions of the first active role, with its own
deterministic generator (separate from the game's dice), so a playout is reproducible.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core import rng
from core.engine import Action, Choice, Match, Rules


class DeadEnd(Exception):
    """A state where the game is not over but no active role has a legal action."""


@dataclass
class _Chooser:
    rng: int


def random_playout(rules: Rules, seed: int, scenario: str | None = None,
                   options: dict | None = None, max_actions: int = 100_000,
                   on_action: Callable[[Match, str, Action], None] | None = None) -> Match:
    """Play one game to its end with random legal actions; returns the finished Match (with
    its history; it keeps no undo, `Match.keeps_undo`).

    Without `on_action` nobody sees the states in between, so the match acts in place where
    the rules can (`Match.in_place`): one state changed action after action. With it, every
    action makes a new state, so the callback may keep the states it is shown and compare them.

    Raises DeadEnd when the game stops without a result, and RuntimeError past max_actions.
    """
    match = Match.new(rules, seed=seed, scenario=scenario, options=options)
    match.keeps_undo = False  # nothing here undoes: each state goes once the next replaces it
    match.in_place = on_action is None
    chooser = _Chooser(rng.seed_state(seed ^ 0x5EED))
    for _ in range(max_actions):
        if match.state.result is not None:
            return match
        choices: list[Choice] = []
        for role in match.state.active:  # the first active role with a legal action
            choices = match.actions(role)
            if choices:
                break
        if not choices:
            raise DeadEnd(f"{rules.id} seed {seed}: no legal action at "
                          f"'{match.view(None).prompt}' after {len(match.history)} actions")
        action = match.take(role, choices, rng.randbelow(chooser, len(choices)))
        if on_action is not None:
            on_action(match, role, action)
    raise RuntimeError(f"{rules.id} seed {seed}: no result after {max_actions} actions")

