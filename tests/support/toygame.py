"""Toy Race: a complete, tiny game implementing the Rules contract, for tests of anything
that is generic over games (saves, the match engine, the TUI, fuzzers, benchmarks).

Two roles, North and South, take turns. On its turn a role first *picks* 1, 2 or 3 (an
undoable choice: no dice, same role still to act), may *change* its mind (back to picking,
also undoable), then *rolls* a die: if the die shows at least twice the pick, the role scores
the pick. Rolling hands the turn to the other role (so it clears the undo stack). After each
role has had `turns` turns the higher score wins.

    from tests.support.toygame import RULES, ToyRules, registered, play
    with registered(RULES):                 # core.registry.get_rules("toy") -> RULES
        match = Match.new(RULES, seed=7)    # scenario "short" (3 turns each) or "long" (6)
        play(match, 5)                      # five deterministic legal actions

Options: `sides` (die faces, default 6) and `first` ("North" or "South", who starts).
`ToyRules(version=..., picks=...)` builds variants: another rules version (saves replay the
history instead of trusting the snapshot) or fewer legal picks (old histories become illegal).
Everything the game needs is in `ToyState`, dice included (core.rng); no hidden information.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from core import rng
from core.engine import (Action, Choice, IllegalAction, Match, Options, OptionSpec, State,
                         Token, View, check_legal)

ROLES = ["North", "South"]
SCENARIOS = {"short": 3, "long": 6}  # scenario -> turns each role plays


class ToyState(State, kw_only=True):
    """The whole game: scores, turn, the pending pick and the phase ("pick" or "roll")."""

    turn: int = 1
    turns: int = 3
    sides: int = 6
    first: str = "North"
    phase: str = "pick"
    pick: int = 0
    scores: dict[str, int] = {}
    rolls: list[int] = []


class ToyRules:
    """Toy Race rules. Instances are independent; `RULES` is the default one (id "toy")."""

    state_type = ToyState
    hidden_info = False

    def __init__(self, id: str = "toy", version: str = "1.0", picks: tuple[int, ...] = (1, 2, 3),
                 title: str = "Toy Race") -> None:
        self.id = id
        self.version = version
        self.picks = tuple(picks)
        self.title = title

    def __repr__(self) -> str:
        return f"ToyRules(id={self.id!r}, version={self.version!r}, picks={self.picks!r})"

    # --- setup ---------------------------------------------------------------------------

    def scenarios(self) -> list[str]:
        return list(SCENARIOS)

    def roles(self, scenario: str, options: Options) -> list[str]:
        return list(ROLES)

    def option_specs(self) -> list[OptionSpec]:
        return [
            OptionSpec("sides", "Die faces", 6, help="faces of the die rolled each turn"),
            OptionSpec("first", "First player", "North", help="the role that plays first",
                       choices=tuple(ROLES)),
        ]

    def setup(self, seed: int, scenario: str, options: Options) -> ToyState:
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown scenario {scenario!r} for {self.id}")
        first = str(options.get("first", "North"))
        sides = int(options.get("sides", 6))
        return ToyState(game=self.id, scenario=scenario, options=dict(options),
                        rng=rng.seed_state(seed), active=[first], turns=SCENARIOS[scenario],
                        sides=sides, first=first, scores={role: 0 for role in ROLES},
                        log=[f"Toy Race, {scenario}: {first} plays first."])

    # --- play ----------------------------------------------------------------------------

    def actions(self, state: ToyState, role: str) -> list[Choice]:
        if state.result is not None or role not in state.active:
            return []
        if state.phase == "pick":
            return [Choice(Action("pick", n), f"Pick {n} (scores on {2 * n}+)", "pick")
                    for n in self.picks]
        return [Choice(Action("roll"), f"Roll the die for your {state.pick}", "roll"),
                Choice(Action("change"), "Pick another number", "pick")]

    def act(self, state: ToyState, role: str, action: Action,
            legal: list[Choice] | None = None) -> ToyState:
        if state.result is not None:
            raise IllegalAction("the game is over")
        if role not in state.active:
            raise IllegalAction(f"it is not {role}'s turn to act")
        check_legal(self.actions(state, role), action)
        new = state.__copy__()  # shallow: every mutable field touched below is replaced
        if action.verb == "pick":
            new.pick, new.phase = int(action.noun), "roll"
            new.log = state.log + [f"{role} picks {action.noun}."]
        elif action.verb == "change":
            new.pick, new.phase = 0, "pick"
            new.log = state.log + [f"{role} changes its mind."]
        else:  # roll
            die = rng.roll(new, state.sides)
            scored = state.pick if die >= 2 * state.pick else 0
            new.scores = dict(state.scores)
            new.scores[role] += scored
            new.rolls = state.rolls + [die]
            new.log = state.log + [f"{role} rolls {die} and scores {scored}."]
            new.pick, new.phase = 0, "pick"
            other = ROLES[1 - ROLES.index(role)]
            if other == state.first:
                new.turn = state.turn + 1
            if new.turn > state.turns:
                new.active, new.result = [], self._result(new.scores)
                new.log.append(f"Game over: {new.result}.")
            else:
                new.active = [other]
        return new

    @staticmethod
    def _result(scores: dict[str, int]) -> str:
        north, south = scores["North"], scores["South"]
        if north == south:
            return f"draw {north}-{south}"
        winner = "North" if north > south else "South"
        return f"{winner} wins {max(north, south)}-{min(north, south)}"

    # --- what players see ----------------------------------------------------------------

    def view(self, state: ToyState, role: str | None) -> View:
        if state.result is not None:
            prompt = f"Game over: {state.result}."
        elif state.phase == "pick":
            prompt = f"{state.active[0]}: pick 1 to {max(self.picks)}."
        else:
            prompt = f"{state.active[0]}: roll for your {state.pick}."
        board = {f"lane-{side.lower()}": [Token(id=side.lower(), kind="runner", side=side,
                                                label=side[0], strength=state.scores[side])]
                 for side in ROLES}
        return View(game=state.game, scenario=state.scenario, role=role,
                    active=list(state.active), prompt=prompt,
                    actions=self.actions(state, role) if role else [], board=board, boxes={},
                    control={}, tracks={"turn": state.turn, "phase": state.phase,
                                        **state.scores},
                    hand=None, hand_sizes={}, log=list(state.log), result=state.result)


RULES = ToyRules()


class _Dice:
    """A holder for core.rng outside any game state."""

    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)


def play(match: Match, count: int | None = None, seed: int = 0,
         choose: Callable[[Match, list[Choice]], Choice] | None = None) -> int:
    """Take up to `count` legal actions (None: to the end) and return how many were taken.

    The default chooser is pseudo-random but deterministic: it depends only on `seed` and the
    length of the history, so the same match, count and seed always give the same actions
    (for any rules, not only Toy Race). `choose(match, choices)` replaces it.
    """
    taken = 0
    while match.result is None and (count is None or taken < count):
        role = match.active[0]
        choices = match.actions(role)
        if not choices:
            raise AssertionError(f"dead end: {role} to act with no legal action")
        if choose is not None:
            choice = choose(match, choices)
        else:
            dice = _Dice(seed * 1_000_003 + len(match.history))
            choice = choices[rng.randbelow(dice, len(choices))]
        match.act(role, choice.action)
        taken += 1
    return taken


@contextmanager
def registered(rules=RULES) -> Iterator:
    """Make `rules` known to core.registry (get_rules and game_ids) inside the block.

    Works for every caller of `core.registry.get_rules`, however it was imported: the rules
    are parked on this module and the registry's table points at them; both are restored
    (and get_rules' cache cleared) on the way out.
    """
    from core import registry

    attribute = "_registered_" + "".join(c if c.isalnum() else "_" for c in rules.id)
    globals()[attribute] = rules
    table = registry._GAMES
    previous = table.get(rules.id)
    table[rules.id] = f"{__name__}:{attribute}"
    registry.get_rules.cache_clear()
    try:
        yield rules
    finally:
        if previous is None:
            table.pop(rules.id, None)
        else:
            table[rules.id] = previous
        globals().pop(attribute, None)
        registry.get_rules.cache_clear()
