"""How strong the computer player is, and how long it thinks (issue 11, part 4).

    .venv/bin/python -m bench.ai_strength [--part short|campaign|versus|all] [--seeds N]

- short: A House Divided short game (B13.0), the computer at `normal` as the Union against
  random Confederate play, seeds 1..N (default 40); target: the Union wins at least 80%.
- campaign: the campaign, the computer at `normal` as the Union against random play, seeds
  1..N (default 20); target: some Union wins by sudden death (B11.0, all seven cities).
- versus: `hard` against `normal` in the short game, seeds 1..N (default 20), the sides swapped
  on odd seeds; target: `hard` wins more than half.

Every part prints the think time per decision of each level (mean and slowest) on this
machine: wall time of `core.ai.choose`, decisions with a single legal action included (they
cost nothing). Random play uses its own generator (seeded from the game seed), as the fuzzer.
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

from core import ai, rng
from core.engine import Match
from core.registry import get_rules

GAME = "a-house-divided"
SHORT = {"short_game": True}


@dataclass
class Clock:
    """Think times of one level."""

    times: list[float] = field(default_factory=list)

    def line(self, level: str) -> str:
        real = [t for t in self.times if t > 0.0005]
        if not self.times:
            return f"  {level}: no decisions"
        mean = sum(self.times) / len(self.times)
        real_mean = sum(real) / len(real) if real else 0.0
        return (f"  {level}: {len(self.times)} decisions, mean {mean:.3f} s, slowest "
                f"{max(self.times):.3f} s; {len(real)} with a choice to make: mean "
                f"{real_mean:.3f} s")


@dataclass
class Random:
    rng: int


def play(seed: int, options: dict, levels: dict[str, str], clocks: dict[str, Clock]) -> Match:
    """One game: each role in `levels` played by the computer at that level, the others at
    random."""
    match = Match.new(get_rules(GAME), seed=seed, options=options)
    chooser = Random(rng.seed_state(seed ^ 0x5EED))
    while match.state.result is None:
        role = match.state.active[0]
        choices = match.actions(role)
        if role in levels:
            start = time.perf_counter()
            action = ai.choose(match, role, levels[role], seed=seed * 100_003 + len(match.history))
            clocks.setdefault(levels[role], Clock()).times.append(time.perf_counter() - start)
        else:
            action = choices[rng.randbelow(chooser, len(choices))].action
        match.act(role, action, legal=choices if role not in levels else None)
    return match


def short(seeds: int) -> None:
    clocks: dict[str, Clock] = {}
    wins = 0
    for seed in range(1, seeds + 1):
        match = play(seed, SHORT, {"Union": "normal"}, clocks)
        wins += match.result.startswith("Union")
        print(f"  seed {seed}: {match.result}", flush=True)
    print(f"short game, normal Union vs random: {wins}/{seeds} Union wins "
          f"({100 * wins / seeds:.0f}%; target at least 80%)")
    for level, clock in clocks.items():
        print(clock.line(level))


def campaign(seeds: int) -> None:
    clocks: dict[str, Clock] = {}
    sudden = wins = 0
    for seed in range(1, seeds + 1):
        match = play(seed, {}, {"Union": "normal"}, clocks)
        won = match.result.startswith("Union")
        wins += won
        sudden += won and "every Confederate recruiting city" in match.result
        print(f"  seed {seed}: turn {match.state.turn}: {match.result}", flush=True)
    print(f"campaign, normal Union vs random: {wins}/{seeds} Union wins, {sudden} by sudden "
          f"death (target: some)")
    for level, clock in clocks.items():
        print(clock.line(level))


def versus(seeds: int) -> None:
    clocks: dict[str, Clock] = {}
    hard_wins = 0
    for seed in range(1, seeds + 1):
        hard_side = "Union" if seed % 2 == 0 else "Confederate"
        other = "Confederate" if hard_side == "Union" else "Union"
        match = play(seed, SHORT, {hard_side: "hard", other: "normal"}, clocks)
        won = match.result.startswith(hard_side)
        hard_wins += won
        print(f"  seed {seed}: hard as {hard_side}: {'won' if won else 'lost'}: {match.result}",
              flush=True)
    print(f"short game, hard vs normal (sides swapped): hard won {hard_wins}/{seeds} "
          f"({100 * hard_wins / seeds:.0f}%; target more than 50%)")
    for level, clock in clocks.items():
        print(clock.line(level))


PARTS = {"short": (short, 40), "campaign": (campaign, 20), "versus": (versus, 20)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all")
    parser.add_argument("--seeds", type=int, default=None, help="games per part")
    args = parser.parse_args(argv)
    for name, (run, default) in PARTS.items():
        if args.part in (name, "all"):
            run(args.seeds or default)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
