"""Computer players, generic over games (../shared/DESIGN.md, "Computer players").

    action = core.ai.choose(match, "Union", level="normal", seed=7)

The computer searches the game with the engine itself (core/ai/search.py: Monte Carlo tree
search, a budget of iterations per level in core/ai/levels.py, so the same seed gives the same
move on any machine). A game supplies what only it knows, as methods of its Rules object:

- `evaluate(state, role) -> float`: how good a position is for `role`, in [0, 1] (1 = won);
  optionally `evaluate_all(state) -> {role: value}`, every role's at once, where one
  computation gives them all (a two-sided game: the other side's is one minus this one's);
- `determinize(state, role, generator) -> State`, for games with hidden information: the
  position with every card `role` cannot see dealt anew, consistently with its view;
- a default policy, `prior(state, role, choices) -> list[float]` (core/ai/policies.py finds
  it: core/<game>/policy.py): which actions look promising, to grow the tree along them and
  to draw the rest of a move.

`analyse` gives the search's view of the decision: every action it weighed, how often it was
tried and its mean value for the role (the hint shows the top three).

The computer decides only from what its role may know: dice are sampled from its own
generator, hidden cards are dealt anew in every simulated line, and without a seed its
generator is seeded from the role's own view of the game.
"""
from __future__ import annotations

import zlib
from typing import NamedTuple

import msgspec

from core.ai import levels
from core.ai.levels import DEFAULT_LEVEL, LEVELS, Level
from core.ai.policies import prior_of
from core.ai.search import Game, Node, Progress, grow, ranked, search, searched
from core.engine import Action, Choice, IllegalAction, Match, Rules, State

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Considered", "Level", "analyse", "choose", "game_of",
           "searched_tree", "warm_up"]

WARM_UP_ITERATIONS = 8


class Considered(NamedTuple):
    """One action the search weighed at the root: how many simulated lines began with it,
    and their mean value for the deciding role (0 = lost, 1 = won; None: not searched, the
    only action left)."""

    choice: Choice
    visits: int
    value: float | None


def choose(match: Match, role: str, level: str = DEFAULT_LEVEL, seed: int | None = None,
           progress: Progress | None = None) -> Action:
    """The action the computer takes for `role` now. IllegalAction when `role` has nothing
    to decide; ValueError for an unknown level or a game the computer cannot play."""
    return analyse(match, role, level, seed, progress)[0].choice.action


def analyse(match: Match, role: str, level: str = DEFAULT_LEVEL, seed: int | None = None,
            progress: Progress | None = None) -> list[Considered]:
    """Every action the computer weighed for `role` now, the one it takes first (then by
    tries): what `choose` answers, with the reasons. A decision with one action left (the
    only legal one, or the only one that does not go back) is not searched: that action
    alone, with no visits and no value."""
    choices, tree = searched_tree(match, role, level, seed, progress)
    if tree is None:
        return [Considered(choices[0], 0, None)]
    by_action = {c.action: c for c in choices}
    return [Considered(by_action[action], node.visits, node.mean())
            for action, node in ranked(tree)]


def searched_tree(match: Match, role: str, level: str = DEFAULT_LEVEL, seed: int | None = None,
                  progress: Progress | None = None, *,
                  capped: bool = True) -> tuple[list[Choice], Node | None]:
    """The choices the computer weighs for `role` now and the tree of its search (None when
    one choice is left, unsearched; the root's `visits` are the lines searched, its `work`
    the steps, its `listed` the legal actions listed, core/ai/search.py `grow`): what
    `analyse` reads. `capped=False` searches the level's iterations without its work cap
    (bench/step_cost.py fits the cap's cost model on the whole work)."""
    budget = levels.level(level)
    choices = match.actions(role)
    if not choices:
        raise IllegalAction(f"{role} has no decision to make now")
    if len(choices) == 1:
        return choices, None
    game = game_of(match.rules, match.hidden_info)
    choices = without_going_back(match, role, searched(choices))
    if len(choices) == 1:
        return choices, None
    if seed is None:
        seed = seed_from_view(match, role)
    tree = grow(game, match.state, role, match.roles, budget.iterations_for(match.rules.id),
                budget.exploration, budget.rollout, seed, progress,
                [c.action for c in choices], budget.shape,
                budget.work_for(match.rules.id) if capped else None)
    return choices, tree


def warm_up(match: Match) -> None:
    """A few simulated lines from the position now, thrown away: the first search of a
    process otherwise pays for what is done once (the engine learning how to copy the game's
    states, the evaluation's distance tables), and the first computer move would be slower
    than the others. Call it when a game with a computer player opens, in the background.
    Changes nothing and reads nothing hidden (the same search `choose` makes)."""
    for role in match.active:
        if len(match.actions(role)) > 1:
            budget = levels.level(DEFAULT_LEVEL)
            search(game_of(match.rules, match.hidden_info), match.state, role, match.roles,
                   WARM_UP_ITERATIONS, budget.exploration, 0, seed=0, shape=budget.shape)
            return


# Decisions of one stretch of play (no die, draw or hand-over) after which the computer takes
# no action it has already taken in that stretch, where another is left.
LONG_STRETCH = 30


def without_going_back(match: Match, role: str, choices: list[Choice]) -> list[Choice]:
    """The choices that do not bring back a position of this same stretch of play (since the
    last die, draw or hand-over): "choose another piece" after picking one, say. A search
    values such a step as much as the position it returns to, so without this the computer
    could pick and cancel for ever. Every choice is kept if all of them would go back.

    A cycle need not bring back the very same position: in Wellington an Army joining a move
    being formed and then staying behind (9.61, 9.53) leaves its commanders on the move's
    dropped list and the Armies in another order, and the normal computer went on joining and
    leaving for hundreds of decisions in one impulse. So once a stretch has lasted
    LONG_STRETCH decisions (a long march's single steps, a stack taken one SP at a time, are
    far fewer) the actions already taken in it are dropped too, while another is left."""
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
    base = match.undo_base
    if base is not None and len(match.history) - base[1] >= LONG_STRETCH:
        taken = {action for _, action in match.history[base[1]:]}
        fresh = [c for c in ahead if c.action not in taken]
        ahead = fresh or ahead
    return ahead or choices


def fingerprint(state: State) -> bytes:
    """A position without its log (the log only grows, positions repeat)."""
    return msgspec.msgpack.encode(msgspec.structs.replace(state, log=[]))


def game_of(rules: Rules, hidden_info: bool | None = None) -> Game:
    """The game's evaluation (and dealing of unseen cards) for the search. `hidden_info`:
    whether this match hides information (`Match.hidden_info`: an option may decide, as
    Gettysburg's fog of war does); None: the game's own `rules.hidden_info`."""
    evaluate = getattr(rules, "evaluate", None)
    if evaluate is None:
        raise ValueError(f"{rules.title} has no evaluation for a computer player yet")
    hidden = rules.hidden_info if hidden_info is None else hidden_info
    determinize = getattr(rules, "determinize", None)
    if hidden and determinize is None:
        raise ValueError(f"{rules.title} hides information with these options and cannot "
                         "deal unseen cards for a computer player yet")
    # every game's evaluation is a logistic of points (core/<game>/evaluate.py): its lines
    # are valued from the position searched (search.relative)
    return Game(rules, evaluate, determinize if hidden else None,
                getattr(rules, "evaluate_all", None), prior_of(rules), relative=True)


def seed_from_view(match: Match, role: str) -> int:
    """A seed from what `role` sees (its view) and how far the game has gone: the same
    position seen the same way gives the same move, and nothing hidden from `role` is read."""
    seen = msgspec.msgpack.encode(match.view(role))
    return zlib.crc32(seen) ^ (len(match.history) << 32)
