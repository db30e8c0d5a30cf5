"""Open-loop Monte Carlo tree search over the rules engine, generic over games.

Each iteration plays one line from the position the computer must decide in:

1. *Start*: a copy of the position with a fresh dice generator drawn from the search's own
   generator (chance is sampled, the game's future dice are never read) and, in a game with
   hidden information, the cards the deciding role cannot see dealt anew consistently with its
   view (the game's `determinize`).
2. *Select*: down the tree, each role picks among its legal actions by UCB1 on the value of
   the lines tried so far for that role, rescaled to the range of values that role's lines
   have been given in this search (Bounds). The tree is keyed by actions, not states ("open
   loop"): after a die roll the same action may lead to different positions, and the values
   average over them.
3. *Expand*: a legal action not tried yet at a node is added and played (the one the game's
   default policy ranks first, `Game.prior`; at random without one); a forced move (the only
   legal action) is followed without stopping. With a `Shape` of `chain` > 0 the expansion
   goes on through the **whole move**: every further decision of the same role, until another
   role must decide, chance (a die, a draw) has spoken or `chain` decisions were added, gets
   a new node too, its action drawn by the default policy. A game that splits one move into
   small decisions (march -> piece -> destination) then has the move's consequence, and on the
   next visit the opponent's reply, within one or two iterations instead of four or five.
   With `widening` > 0 a node is **widened progressively**: a node tried n times has at most
   ceil(widening * sqrt(n)) children, so the iterations go deeper along the best moves found
   instead of trying every piece and every hex once first. The root is always expanded in
   full (every action the computer may answer is tried at least once).
4. *Evaluate*: optionally a few actions of the default policy, then the game's evaluation of
   the position for every role (a number in [0, 1], 1 = won), for the games' evaluations
   (a logistic of points) measured from the searched position's own value (`relative`: a
   line as good as the position is worth 0.5, so a lopsided position does not saturate the
   values), credited to every node on the line for the role that chose it.

The answer is the most tried action at the root (`ranked` gives every root action's visits
and mean value, for a hint that explains itself). Budgets are iterations (core/ai/levels.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Protocol

from core import rng
from core.engine import Action, Choice, Rules, State, clone

Progress = Callable[[int, int], None]
# A game's default policy: a score per legal action (higher: more promising), cheap to compute.
Prior = Callable[[State, str, list[Choice]], list[float]]

WIDENING_POWER = 0.5     # progressive widening: children allowed ~ widening * visits ** this
STRAY = 0.2              # inside a whole move, the share of decisions drawn at random instead
                         # of by the default policy (other lines of the same move get tried)


@dataclass(frozen=True)
class Shape:
    """How the tree grows (see the module docstring): `widening` 0 tries every action of a
    node once before any twice (plain UCT); `chain` 0 adds one decision per iteration."""

    widening: float = 0.0
    chain: int = 0


PLAIN = Shape()


@dataclass(frozen=True)
class Work:
    """A cap on a search's work (`grow`), in steps: an action played on a line, or a line
    started and valued, is a step; a legal action listed at a decision is `listing` steps
    (what listing costs beside playing an action, in the game at hand)."""

    cap: float
    listing: float = 0.0


class Evaluation(Protocol):
    def __call__(self, state: State, role: str) -> float: ...


@dataclass
class Generator:
    """The search's own random generator (one integer, core/rng.py)."""

    rng: int


@dataclass
class Node:
    """A line of play so far: who chose its last action, how often it was tried, and the sum
    of the values those tries gave that role."""

    role: str | None
    visits: int = 0
    total: float = 0.0
    children: dict[Action, "Node"] = field(default_factory=dict)
    work: int = 0              # at the root: the steps the search played (`grow`)
    listed: int = 0            # at the root: the legal actions it listed

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Bounds:
    """The lowest and highest value each role's lines have been given so far in this search.
    UCB1 compares means rescaled to this range: an evaluation's differences between moves may
    be small (a box closer to a target) beside the exploration bonus, and then every action is
    tried about as often and more iterations buy nothing."""

    low: dict[str, float] = field(default_factory=dict)
    high: dict[str, float] = field(default_factory=dict)

    def widen(self, values: dict[str, float]) -> None:
        for role, value in values.items():
            self.low[role] = min(self.low.get(role, value), value)
            self.high[role] = max(self.high.get(role, value), value)

    def scale(self, role: str | None, mean: float) -> float:
        """`mean` as a share of the range seen for `role` (unchanged if none seen yet)."""
        if role is None or role not in self.low:
            return mean
        low, high = self.low[role], self.high[role]
        return (mean - low) / (high - low) if high - low > 1e-9 else 0.5


@dataclass(frozen=True)
class Game:
    """What the search needs of a game: its rules, how to value a position, and (hidden
    information only) how to deal what a role cannot see."""

    rules: Rules
    evaluate: Evaluation
    determinize: Callable[[State, str, Generator], State] | None = None
    # every role's value at once, where the game computes them together (`evaluate_all`)
    evaluate_all: Callable[[State], dict[str, float]] | None = None
    # the default policy (core/<game>/policy.py); None: uniform (random order, random play)
    prior: Prior | None = None
    # whether lines are valued from the searched position's own value (`relative`): for an
    # evaluation that is a logistic of points, as every game's is (core/<game>/evaluate.py)
    relative: bool = False

    def values(self, state: State, roles: list[str]) -> dict[str, float]:
        """The position's value for each role: one computation where the game offers it."""
        if self.evaluate_all is not None:
            return self.evaluate_all(state)
        return {r: self.evaluate(state, r) for r in roles}


def search(game: Game, root: State, role: str, roles: list[str], iterations: int,
           exploration: float, rollout: int, seed: int,
           progress: Progress | None = None, allowed: list[Action] | None = None,
           shape: Shape = PLAIN, work: Work | None = None) -> Action:
    """The action `role` should take in `root` after `iterations` simulated lines; `roles`:
    every role of the game (each line is valued for each of them); `allowed`: the root
    actions to consider (None: every legal one); `work`: a cap on the steps (`grow`)."""
    return best(grow(game, root, role, roles, iterations, exploration, rollout, seed, progress,
                     allowed, shape, work))


def grow(game: Game, root: State, role: str, roles: list[str], iterations: int,
         exploration: float, rollout: int, seed: int,
         progress: Progress | None = None, allowed: list[Action] | None = None,
         shape: Shape = PLAIN, work: Work | None = None) -> Node:
    """The search tree after `iterations` simulated lines (see `search`), or fewer: with
    `work`, the search stops after the line that brings its steps to `work.cap` or more. A
    step is an action played on a line (`Rules.act`, in the tree or past it) or a line
    started and valued (copy, dealing, evaluation); each legal action listed on the way
    (`Rules.actions` at every decision: in Gettysburg a position with many units and hexes
    costs most there) counts `work.listing`: what a decision's think time is made of, counted
    rather than timed, so that the same seed gives the same move however busy the machine
    (core/ai/levels.py sets each game's cap from its measured cost of a step). The root's
    `work` is the count of steps, its `listed` the legal actions listed."""
    generator = Generator(rng.seed_state(seed))
    tree = Node(role=None)
    bounds = Bounds()
    centre: dict[str, float] | None = None   # the position's own value, each role's
    for done in range(iterations):
        state = start(game, root, role, generator)
        if centre is None and game.relative:
            centre = game.values(state, roles)
        line = descend(game, tree, state, role, exploration, generator, bounds, allowed, shape)
        end, past, listed = play_out(game, line.state, rollout, generator)
        tree.work += len(line.nodes) + past      # its start and its actions
        tree.listed += line.listed + listed
        values = game.values(end, roles)
        if centre is not None:
            values = relative(values, centre)
        bounds.widen(values)
        for node in line.nodes:
            node.visits += 1
            if node.role is not None:
                node.total += values[node.role]
        if progress is not None:
            progress(done + 1, iterations)
        if work is not None and tree.work + work.listing * tree.listed >= work.cap:
            if progress is not None:
                progress(iterations, iterations)
            break
    return tree


# A value this close to 0 or 1 is treated as the game's result (its logit is not recoverable).
SURE = 1e-12


def relative(values: dict[str, float], centre: dict[str, float]) -> dict[str, float]:
    """Each role's value of a line as seen from the position searched (`centre`, each role's
    value there): the logistic of the difference of their logits. The games' evaluations are
    a logistic of points (core/<game>/evaluate.py), which a lopsided position saturates: at
    +40 points against a scale of 4 every line is worth 0.99995 or more, a city taken or lost
    changes the fourth decimal, and the search spreads its lines evenly over moves it cannot
    tell apart (seen: A House Divided's Union ahead of random play "ending movement" beside a
    free city, every root action at 1.0). Measured from the position itself, a line as good
    as the position is worth 0.5 and a point gained or lost moves the value as much as it
    does in an even game; the order of lines for each role is unchanged. A game's result (0
    or 1) stays what it is; where the two sides' values sum to 1 they still do."""
    out = {}
    for role, value in values.items():
        middle = centre.get(role)
        if middle is None or value <= SURE or value >= 1.0 - SURE:
            out[role] = value
            continue
        middle = min(max(middle, SURE), 1.0 - SURE)   # (so every logit here is within 28)
        out[role] = 1.0 / (1.0 + math.exp(logit(middle) - logit(value)))
    return out


def logit(p: float) -> float:
    return math.log(p) - math.log1p(-p)


def start(game: Game, root: State, role: str, generator: Generator) -> State:
    """The position an iteration starts from: fresh dice, and the unseen cards dealt anew."""
    state = clone(root)
    if game.determinize is not None:
        state = game.determinize(state, role, generator)
    state.rng = rng.seed_state(draw(generator))
    return state


def draw(generator: Generator) -> int:
    """64 random bits from the search's generator."""
    return rng.randbelow(generator, 1 << 62)


@dataclass
class Line:
    state: State
    nodes: list[Node]
    listed: int = 0      # the legal actions listed to walk it (`Rules.actions`, every decision)


def descend(game: Game, tree: Node, state: State, role: str, exploration: float,
            generator: Generator, bounds: Bounds, allowed: list[Action] | None = None,
            shape: Shape = PLAIN) -> Line:
    """Select down the tree and expand (one new decision, or with `shape.chain` the rest of
    the move it starts; forced moves followed); at the root the deciding role acts, among
    the `allowed` actions if given."""
    node, nodes = tree, [tree]
    listed = 0                   # legal actions listed on the way (the line's work)
    first: str | None = role
    mover: str | None = None     # the role whose move is being expanded, once expanding
    added = 0                    # decisions added to that move
    while state.result is None:
        asked = asking(game.rules, state, first)
        if asked is None:
            break
        actor, choices = asked
        listed += len(choices)
        at_root = first is not None
        if at_root and allowed is not None:
            choices = [c for c in choices if c.action in allowed]
        first = None
        if mover is not None and len(choices) > 1 and (actor != mover or added >= shape.chain):
            break  # the move is over (another role decides) or long enough
        tried = [c for c in choices if c.action in node.children]
        if mover is not None or (len(tried) < len(choices)
                                 and (at_root or widens(node, len(tried), shape))):
            untried = [c for c in choices if c.action not in node.children]
            action = pick(game, state, actor, untried, generator, stray=mover is not None)
            node.children[action] = child = Node(role=actor)
            before = state.rng
            state = game.rules.act(state, actor, action, legal=choices)
            node = child
            nodes.append(child)
            if len(choices) > 1:
                if mover is None:
                    mover = actor
                added += 1
                if shape.chain == 0:
                    break
            if mover is not None and state.rng != before:
                break  # chance spoke: what follows is not part of the move as decided
            continue  # a forced move, or the rest of the move
        action = select(node, tried, exploration, bounds)
        state = game.rules.act(state, actor, action, legal=choices)
        node = node.children[action]
        nodes.append(node)
    return Line(state, nodes, listed)


def widens(node: Node, tried: int, shape: Shape) -> bool:
    """Whether a node tried so far by `tried` actions takes a new one now (progressive
    widening: at most ceil(widening * visits ** WIDENING_POWER) children; every action when
    `widening` is 0)."""
    if shape.widening <= 0 or tried == 0:
        return True
    return tried < math.ceil(shape.widening * max(1, node.visits) ** WIDENING_POWER)


def pick(game: Game, state: State, role: str, choices: list[Choice], generator: Generator,
         stray: bool = False) -> Action:
    """An action among `choices`: the default policy's best (ties at random); at random
    without a policy, or (`stray`) one time in 1/STRAY."""
    if game.prior is None or len(choices) == 1 or (
            stray and rng.randbelow(generator, 1000) < STRAY * 1000):
        return choices[rng.randbelow(generator, len(choices))].action
    scores = game.prior(state, role, choices)
    top = max(scores)
    best_ones = [c for c, score in zip(choices, scores) if score >= top - 1e-9]
    return best_ones[rng.randbelow(generator, len(best_ones))].action


def select(node: Node, choices: list[Choice], exploration: float, bounds: Bounds) -> Action:
    """UCB1 among `choices` (all tried at this node): the best mean (rescaled to the range of
    values seen, Bounds) plus a bonus for few tries."""
    log_n = math.log(max(1, node.visits))
    best_action, best_score = choices[0].action, -math.inf
    for choice in choices:
        child = node.children[choice.action]
        score = (bounds.scale(child.role, child.mean())
                 + exploration * math.sqrt(log_n / child.visits)) if child.visits else math.inf
        if score > best_score:
            best_action, best_score = choice.action, score
    return best_action


def play_out(game: Game, state: State, actions: int,
             generator: Generator) -> tuple[State, int, int]:
    """Up to `actions` legal actions past the tree, by the default policy (at random
    without one): the position reached, the actions played and the legal actions listed."""
    played = listed = 0
    while played < actions and state.result is None:
        asked = asking(game.rules, state)
        if asked is None:
            break
        role, choices = asked
        action = pick(game, state, role, choices, generator, stray=True)
        state = game.rules.act(state, role, action, legal=choices)
        played += 1
        listed += len(choices)
    return state, played, listed


def asking(rules: Rules, state: State,
           first: str | None = None) -> tuple[str, list[Choice]] | None:
    """The first active role with a legal action (`first` before the others), and its
    actions; None when nobody can act."""
    for role in ([first] if first is not None else []) + list(state.active):
        choices = searched(rules.actions(state, role))
        if choices:
            return role, choices
    return None


def searched(choices: list[Choice]) -> list[Choice]:
    """The choices the search weighs: not a shortcut (`Choice.shortcut`: the same outcome,
    reached by the other choices one step at a time; choosing freely among its selections,
    whose positions all look alike, could go on for ever), unless nothing else is left."""
    kept = [c for c in choices if not c.shortcut]
    return kept or choices


def best(tree: Node) -> Action:
    """The most tried action at the root (ties: the better mean, then the first expanded)."""
    return ranked(tree)[0][0]


def ranked(tree: Node) -> list[tuple[Action, Node]]:
    """The root's actions, most tried first (ties: the better mean, then the first
    expanded), each with its node (visits, mean value for the deciding role)."""
    return sorted(tree.children.items(), key=lambda item: (-item[1].visits, -item[1].mean()))
