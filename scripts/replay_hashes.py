"""Final-state fingerprints of random games, to show that a refactor or speed work leaves every
game identical action for action.

    .venv/bin/python scripts/replay_hashes.py [--game ID ...] [--seeds N] [--first S] > after.txt
    diff before.txt after.txt

For each game, each scenario and the basic options plus every preset, it plays seeds
first..first+N-1 with `core.playout.random_playout` (the fuzzer's random policy) and prints one
line per game: game, scenario, preset, seed, number of actions, and a SHA-256 of the final state
encoded with msgspec. The same commit always prints the same lines; two commits that print the
same lines play the same games.
"""
from __future__ import annotations

import argparse
import hashlib
import sys

import msgspec

from core.engine import preset_options, presets_of
from core.playout import random_playout
from core.registry import game_ids, get_rules


def fingerprint(game: str, scenario: str, preset: str, options: dict, seed: int) -> str:
    """One line: where the game ended and a hash of its final state."""
    rules = get_rules(game)
    match = random_playout(rules, seed, scenario=scenario, options=options)
    digest = hashlib.sha256(msgspec.json.encode(match.state)).hexdigest()[:16]
    return f"{game} {scenario} {preset} {seed} {len(match.history)} {digest}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--seeds", type=int, default=8, help="seeds per configuration")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--basic-only", action="store_true", help="skip the presets")
    args = parser.parse_args(argv)
    for game in args.game or game_ids():
        rules = get_rules(game)
        configs = [("basic", {})]
        if not args.basic_only:
            configs += [(p.key, preset_options(rules, p.key)) for p in presets_of(rules)]
        for scenario in rules.scenarios():
            for preset, options in configs:
                for seed in range(args.first, args.first + args.seeds):
                    print(fingerprint(game, scenario, preset, options, seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
