"""Fit the work cap's cost model, `core.ai.levels.STEP_COST` (issue 19, part 4).

    .venv/bin/python -m bench.step_cost [--game ID] [--quick] [--positions N] [--start N]
                                        [--seed S]

A search's CPU time is modelled as `seconds = step * steps + listing * listed`: `steps` the
actions it played and the lines it started and valued (the root's `work`,
core/ai/search.py `grow`), `listed` the legal actions it listed (the root's `listed`).
`Level.work_for` turns a level's think time into a cap on that work with each game's
(`step`, `listing`), so the pair must be this machine's.

For each game (or `--game`), decisions are searched at `normal` through the code path of
`core.ai.choose` (`ai.searched_tree`) with the work cap off (`capped=False`: the fit sees
the whole work of normal's iterations, not work cut short by the model being fitted), and
timed in the process's CPU time: every other one of the first 2N positions of
tests/data/ai_positions (`--positions N`, default 8: half of a game's 16), then the first
`--start` decisions searched from the game's start (`bench.ai_strength.EVERY_GAME`, normal
on every side, each decision's seed as in `bench.ai_strength.play_out`). A scenario is
warmed up once (`ai.warm_up`, as the app does when a game opens) before its first timing.

The pair is fitted by least squares (no constant term: the 2x2 normal equations), then
raised by the model's worst under-estimate (the highest measured/model ratio, if above 1), so
that no measured decision costs more than the model says. The script prints each decision's
measured seconds, steps, listed actions and measured/model ratio, the fit, the raise, the
old model's ratios on the same decisions, and the STEP_COST lines to paste into
core/ai/levels.py. `--quick`: 2 positions and 2 start decisions a game (a smoke test, not a
fit to keep). The machine is shared: run nothing else that measures meanwhile.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Iterator

from bench.ai_positions import GAMES, load
from bench.ai_strength import EVERY_GAME
from core import ai
from core.ai.levels import STEP_COST
from core.engine import Match
from core.registry import get_rules

LEVEL = "normal"
POSITIONS = 8        # every other one of a game's first 2 * POSITIONS positions
START = 8            # decisions searched from the game's start
QUICK = 2            # positions and start decisions a game with --quick
SEED = 1


@dataclass(frozen=True)
class Sample:
    """One searched decision: what it was, its CPU seconds, steps and listed actions."""

    label: str
    seconds: float
    steps: int
    listed: int
    lines: int = 0


@dataclass(frozen=True)
class Fit:
    """The least-squares pair (seconds per step, per listed action), the measured/model
    ratios of the decisions it was fitted on, and the raise (the highest ratio, at least 1)."""

    step: float
    listing: float
    ratios: tuple[float, ...]

    @property
    def raise_(self) -> float:
        return max(1.0, *self.ratios) if self.ratios else 1.0

    @property
    def raised(self) -> tuple[float, float]:
        """The pair for STEP_COST: the fit times the raise."""
        return self.step * self.raise_, self.listing * self.raise_


def model(cost: tuple[float, float], sample: Sample) -> float:
    """The seconds the model `cost` (per step, per listed action) gives `sample`."""
    step, listing = cost
    return step * sample.steps + listing * sample.listed


def ratios(cost: tuple[float, float], samples: list[Sample]) -> tuple[float, ...]:
    """Each sample's measured seconds over the model's (above 1: an under-estimate)."""
    return tuple(s.seconds / model(cost, s) if model(cost, s) > 0 else float("inf")
                 for s in samples)


def least_squares(samples: list[Sample]) -> tuple[float, float]:
    """(a, b) minimising the sum of (seconds - a * steps - b * listed) ** 2: the normal
    equations [Sss Ssl; Ssl Sll] (a, b) = (Sst, Slt) solved by hand. Where they are singular
    (listed proportional to steps) or b would be negative, b is 0 and a the fit on steps."""
    ss = sum(s.steps * s.steps for s in samples)
    sl = sum(s.steps * s.listed for s in samples)
    ll = sum(s.listed * s.listed for s in samples)
    st = sum(s.steps * s.seconds for s in samples)
    lt = sum(s.listed * s.seconds for s in samples)
    if ss == 0:
        raise ValueError("no steps to fit")
    determinant = ss * ll - sl * sl
    if abs(determinant) > 1e-12 * ss * max(ll, 1):
        a = (st * ll - lt * sl) / determinant
        b = (ss * lt - sl * st) / determinant
        if b >= 0 and a > 0:
            return a, b
    return st / ss, 0.0


def fit(samples: list[Sample]) -> Fit:
    """The least-squares fit of `samples` and its ratios."""
    cost = least_squares(samples)
    return Fit(cost[0], cost[1], ratios(cost, samples))


def timed(match: Match, role: str, seed: int, label: str) -> tuple[Sample | None, object]:
    """`role`'s decision in `match` searched at LEVEL without the work cap: its sample (None
    when it is not searched: one choice left) and the action chosen."""
    start = time.process_time()
    choices, tree = ai.searched_tree(match, role, LEVEL, seed=seed, capped=False)
    seconds = time.process_time() - start
    if tree is None:
        return None, choices[0].action
    return Sample(label, seconds, tree.work, tree.listed, tree.visits), ai.ranked(tree)[0][0]


class WarmUp:
    """Warms each scenario up once, before its first timed decision (`ai.warm_up`)."""

    def __init__(self) -> None:
        self.done: set[str] = set()

    def __call__(self, match: Match, key: str) -> None:
        if key not in self.done:
            self.done.add(key)
            ai.warm_up(match)


def position_samples(game: str, count: int, seed: int, warm: WarmUp) -> Iterator[Sample]:
    """Every other one of the game's first 2 * `count` positions (tests/data/ai_positions)."""
    for index, position in enumerate(load(game)[:2 * count:2]):
        match = position.match()
        warm(match, f"{game} {position.scenario} {sorted(position.options.items())}")
        sample, _ = timed(match, position.role, seed,
                          f"position {2 * index:2} {position.kind}")
        if sample is not None:
            yield sample


def start_samples(game: str, count: int, seed: int, warm: WarmUp) -> Iterator[Sample]:
    """The first `count` decisions searched from the game's start (EVERY_GAME), normal on
    every side; a decision with one choice left is played and not counted."""
    scenario, options = next((s, o) for g, s, o in EVERY_GAME if g == game)
    match = Match.new(get_rules(game), seed=seed, scenario=scenario, options=dict(options))
    warm(match, f"{game} {scenario} {sorted(options.items())}")
    found = 0
    while found < count and match.state.result is None:
        role = match.state.active[0]
        if len(match.actions(role)) > 1:
            sample, action = timed(match, role, seed * 100_003 + len(match.history),
                                   f"start {len(match.history):4} {role}")
            if sample is not None:
                found += 1
                yield sample
        else:
            action = match.actions(role)[0].action
        match.act(role, action)


def micro(seconds: float) -> str:
    """`seconds` as millionths, three significant figures (whole above 100): 206e-6; 0.0."""
    if seconds == 0:
        return "0.0"
    value = seconds * 1e6
    digits = 0 if value >= 100 else 1 if value >= 10 else 2 if value >= 1 else 3
    return f"{value:.{digits}f}e-6"


def report(game: str, samples: list[Sample]) -> tuple[float, float]:
    """Prints each decision, the fit and the raise; the raised pair."""
    result = fit(samples)
    print(f"{game}: {len(samples)} decisions searched at {LEVEL}, no cap")
    for sample, ratio in zip(samples, result.ratios):
        print(f"  {sample.label:32} {sample.seconds:6.3f} s  {sample.steps:6} steps  "
              f"{sample.listed:7} listed  {sample.lines:4} lines  "
              f"model {model((result.step, result.listing), sample):6.3f} s  x{ratio:.2f}")
    print(f"  fit: {micro(result.step)} s a step, {micro(result.listing)} s a listed action; "
          f"measured/model x{min(result.ratios):.2f} to x{max(result.ratios):.2f}; "
          f"raise x{result.raise_:.2f}")
    if result.listing == 0:
        print("  (no cost per listed action: fitted with steps alone, the two-term fit gave it "
              "a negative cost or could not tell it from the steps)")
    if game in STEP_COST:
        old = ratios(STEP_COST[game], samples)
        print(f"  STEP_COST now ({micro(STEP_COST[game][0])}, {micro(STEP_COST[game][1])}): "
              f"measured/model x{min(old):.2f} to x{max(old):.2f}")
    step, listing = result.raised
    print(f"  raised: {micro(step)}, {micro(listing)}", flush=True)
    return step, listing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, help="one game (default: all four)")
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK} positions and {QUICK} start decisions a game")
    parser.add_argument("--positions", type=int, default=POSITIONS,
                        help="every other one of the first 2N positions (default %(default)s)")
    parser.add_argument("--start", type=int, default=START,
                        help="decisions searched from the start (default %(default)s)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    positions, starts = (QUICK, QUICK) if args.quick else (args.positions, args.start)
    fitted: dict[str, tuple[float, float]] = {}
    for game in [args.game] if args.game else GAMES:
        warm = WarmUp()
        samples = [*position_samples(game, positions, args.seed, warm),
                   *start_samples(game, starts, args.seed, warm)]
        fitted[game] = report(game, samples)
    print("STEP_COST: dict[str, tuple[float, float]] = {")
    for game, (step, listing) in fitted.items():
        print(f'    "{game}": ({micro(step)}, {micro(listing)}),')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
