"""The long fuzz of Gettysburg 1863: many random and combat-seeking games in every scenario,
with the invariants of tests/test_gettysburg_fuzz.py checked after every action.

    .venv/bin/python scripts/gettysburg_fuzz.py [SEEDS]      # default 20 seeds per scenario

Prints one line per game (scenario, seed, player, actions, seconds, result) and a summary.
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_gettysburg_fuzz import ALL_OPTIONS, fight, play  # noqa: E402

SCENARIOS = [("day-1", {}), ("day-3", {}), ("day-2", {}), ("campaign", {}),
             ("day-2", {"scenario_2_length": "2 July only"}), ("day-3", ALL_OPTIONS),
             ("campaign", ALL_OPTIONS)]


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    results: Counter[str] = Counter()
    games = actions = 0
    start = time.time()
    for scenario, options in SCENARIOS:
        tag = scenario + ("+options" if options else "")
        for seed in range(seeds):
            for player, run in (("random", play), ("fighter", fight)):
                t = time.time()
                match = run(seed, scenario, options)
                games += 1
                actions += len(match.history)
                outcome = (match.result or "").split(":")[0]
                results[f"{tag} {player}: {outcome}"] += 1
                print(f"{tag:18} seed {seed:3} {player:7} {len(match.history):6} actions "
                      f"{time.time() - t:6.2f}s  {match.result}", flush=True)
    print(f"\n{games} games, {actions} actions, {time.time() - start:.0f}s, no dead end, "
          "every invariant held")
    for key, n in sorted(results.items()):
        print(f"  {key}: {n}")


if __name__ == "__main__":
    main()
