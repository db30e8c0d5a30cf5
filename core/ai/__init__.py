"""Computer players, generic over games (../shared/DESIGN.md, "Computer players").

    action = core.ai.choose(match, "Union", level="normal", seed=7)

The computer searches the game with the engine itself (core/ai/search.py: Monte Carlo tree
search, a budget of iterations per level in core/ai/levels.py, so the same seed gives the same
move on any machine). A game supplies what only it knows, as methods of its Rules object:

- `evaluate(state, role) -> float`: how good a position is for `role`, in [0, 1] (1 = won);
- `determinize(state, role, generator) -> State`, for games with hidden information: the
  position with every card `role` cannot see dealt anew, consistently with its view.

The computer decides only from what its role may know: dice are sampled from its own
generator, hidden cards are dealt anew in every simulated line, and without a seed its
generator is seeded from the role's own view of the game.
"""
from __future__ import annotations

import zlib

import msgspec

from core.ai import levels
from core.ai.levels import DEFAULT_LEVEL, LEVELS, Level
from core.ai.search import Game, Progress, search
from core.engine import Action, Choice, IllegalAction, Match, Rules, State

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "choose", "game_of"]


def choose(match: Match, role: str, level: str = DEFAULT_LEVEL, seed: int | None = None,
           progress: Progress | None = None) -> Action:
    """The action the computer takes for `role` now. IllegalAction when `role` has nothing
    to decide; ValueError for an unknown level or a game the computer cannot play."""
    budget = levels.level(level)
    choices = match.actions(role)
    if not choices:
        raise IllegalAction(f"{role} has no decision to make now")
    if len(choices) == 1:
        return choices[0].action
    game = game_of(match.rules)
    choices = without_going_back(match, role, choices)
    if len(choices) == 1:
        return choices[0].action
    if seed is None:
        seed = seed_from_view(match, role)
    return search(game, match.state, role, match.roles, budget.iterations,
                  budget.exploration, budget.rollout, seed, progress,
                  [c.action for c in choices])


def without_going_back(match: Match, role: str, choices: list[Choice]) -> list[Choice]:
    """The choices that do not bring back a position of this same stretch of play (since the
    last die, draw or hand-over): "choose another piece" after picking one, say. A search
    values such a step as much as the position it returns to, so without this the computer
    could pick and cancel for ever. Every choice is kept if all of them would go back."""
    seen = {fingerprint(state) for state in match.undoable_states}
    seen.add(fingerprint(match.state))
    ahead = []
    for choice in choices:
        try:
            after = match.rules.act(match.state, role, choice.action, legal=choices)
        except IllegalAction:
            continue
        if after.rng != match.state.rng or fingerprint(after) not in seen:
            ahead.append(choice)
    return ahead or choices


def fingerprint(state: State) -> bytes:
    """A position without its log (the log only grows, positions repeat)."""
    return msgspec.msgpack.encode(msgspec.structs.replace(state, log=[]))


def game_of(rules: Rules) -> Game:
    """The game's evaluation (and dealing of unseen cards) for the search."""
    evaluate = getattr(rules, "evaluate", None)
    if evaluate is None:
        raise ValueError(f"{rules.title} has no evaluation for a computer player yet")
    determinize = getattr(rules, "determinize", None)
    if rules.hidden_info and determinize is None:
        raise ValueError(f"{rules.title} hides information but cannot deal unseen cards for "
                         "a computer player yet")
    return Game(rules, evaluate, determinize if rules.hidden_info else None)


def seed_from_view(match: Match, role: str) -> int:
    """A seed from what `role` sees (its view) and how far the game has gone: the same
    position seen the same way gives the same move, and nothing hidden from `role` is read."""
    seen = msgspec.msgpack.encode(match.view(role))
    return zlib.crc32(seen) ^ (len(match.history) << 32)
