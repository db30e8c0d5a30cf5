"""Random-play throughput: actions per second and games per second, on one core.

    .venv/bin/python -m bench.playout [--games N] [--game ID]

Prints figures measured in this run; the issue's target is 20,000 actions per second.
Also reports the share of time spent building views, the engine's own cost (legal actions
and act) and state copies, as ratios measured in the same run.
"""
from __future__ import annotations

import argparse
import time

from core.engine import Match, clone
from core.playout import random_playout
from core.registry import get_rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", default="a-house-divided")
    args = parser.parse_args(argv)
    rules = get_rules(args.game)
    random_playout(rules, 0)  # warm caches (board, decoders) before timing
    actions = 0
    start = time.perf_counter()
    for seed in range(1, args.games + 1):
        actions += len(random_playout(rules, seed).history)
    elapsed = time.perf_counter() - start
    print(f"{args.game}: {args.games} games, {actions} actions in {elapsed:.2f} s")
    print(f"  actions per second: {actions / elapsed:,.0f}   (target 20,000)")
    print(f"  games per second:   {args.games / elapsed:.2f}")
    print(f"  actions per game:   {actions / args.games:,.0f}")
    # ratios in the same run: a view per action, and a bare state copy, against one action
    match: Match = random_playout(rules, 1)
    state = match.state
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        clone(state)
    copy_cost = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        rules.view(state, None)
    view_cost = (time.perf_counter() - t0) / n
    per_action = elapsed / actions
    print(f"  one state copy = {copy_cost / per_action:.2f} x one random-play action")
    print(f"  one full view  = {view_cost / per_action:.2f} x one random-play action")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
