"""How Wellington games end, by side and by reason (18, 19), for a start year.

    .venv/bin/python -m bench.wellington_balance [--scenario 1813] [--seeds N] [--first S]
                                                 [--computer]

Random play on both sides (core.playout.random_playout, two players, 2.1) over seeds
FIRST..FIRST+N-1, or with `--computer` the normal computer on both sides (few seeds: a game
is some 500 decisions of about 0.2-0.7 s each on the shared machine). Each game prints its
seed, the year it ended in, the side VP (19.2-19.4, without the Spanish bonus) and the
result; then the counts by winning side and by reason (the result's text with the years and
the VP taken out).
"""
from __future__ import annotations

import argparse
import re
import time
from collections import Counter

from bench.ai_strength import play_out
from core.engine import Match
from core.playout import random_playout
from core.registry import get_rules
from core.wellington import victory
from core.wellington.state import ALLIES, FRENCH

GAME = "wellington"
OPTIONS = {"players": "2"}


def computer_game(seed: int, scenario: str) -> Match:
    """The normal computer holding every Power (bench.ai_strength.play_out's seeds)."""
    match = Match.new(get_rules(GAME), seed=seed, scenario=scenario, options=dict(OPTIONS))
    return play_out(match, seed, {role: "normal" for role in match.roles}, {},
                    timed_when_forced=False)


def reason(result: str) -> str:
    """The result without its figures: '<side> win: <why>'."""
    text = result.split(" (French ")[0].split(" Great Britain wins")[0]
    return re.sub(r"\b18[0-9][0-9]\b", "YEAR", text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="1813")
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--computer", action="store_true")
    args = parser.parse_args(argv)
    sides: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(args.first, args.first + args.seeds):
        start = time.perf_counter()
        match = (computer_game(seed, args.scenario) if args.computer
                 else random_playout(get_rules(GAME), seed, scenario=args.scenario,
                                     options=dict(OPTIONS)))
        state = match.state
        sides["Allies" if state.result.startswith("The Allies") else "French"] += 1
        reasons[reason(state.result)] += 1
        print(f"seed {seed}: ended {state.year}, French {float(victory.side_vp(state, FRENCH))}"
              f" Allies {float(victory.side_vp(state, ALLIES))}, "
              f"{time.perf_counter() - start:.1f} s: {state.result}", flush=True)
    who = "normal computer both sides" if args.computer else "random play both sides"
    print(f"Wellington {args.scenario}, {who}, seeds {args.first}-{args.first + args.seeds - 1}: "
          + ", ".join(f"{side} {n}" for side, n in sides.most_common()))
    for text, n in reasons.most_common():
        print(f"  {n:4d}  {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
