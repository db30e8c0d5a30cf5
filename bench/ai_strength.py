"""How strong the computer player is, and how long it thinks (issue 11, part 4).

    .venv/bin/python -m bench.ai_strength [--part short|campaign|versus|think|all]
                                          [--seeds N] [--first SEED] [--levels L,L]

- short: A House Divided short game (B13.0), the computer at `normal` as the Union against
  random Confederate play, seeds 1..N (default 40); target: the Union wins at least 80%.
- campaign: the campaign, the computer at `normal` as the Union against random play, seeds
  1..N (default 20); target: some Union wins by sudden death (B11.0, all seven cities).
- versus: `hard` against `normal` in the short game, seeds 1..N (default 20), the sides swapped
  on odd seeds; target: `hard` wins more than half.

- think: the think time alone, the Union's first 40 decisions of the short game against
  random play at each level of `--levels` (default all), seed 1 (or `--first`, `--seeds`).

`--first` starts the seeds elsewhere than 1 (seeds FIRST..FIRST+N-1), so that one part can be
split over several processes and the figures added up.

Every part prints the think time per decision of each level (mean and slowest) on this
machine: wall time and CPU time of `core.ai.choose`, decisions with a single legal action
included (they cost nothing). Random play uses its own generator (seeded from the game seed),
as the fuzzer.
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
    """Think times of one level: wall time, and the process's CPU time (on a machine shared
    with other work the wall time also counts the waiting for a core)."""

    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def line(self, level: str) -> str:
        if not self.times:
            return f"  {level}: no decisions"
        real = [i for i, t in enumerate(self.cpu) if t > 0.0005]
        return (f"  {level}: {len(self.times)} decisions ({len(real)} with a choice to make); "
                f"wall: mean {mean(self.times):.3f} s, slowest {max(self.times):.3f} s; "
                f"CPU: mean {mean(self.cpu):.3f} s, slowest {max(self.cpu):.3f} s, mean with a "
                f"choice {mean([self.cpu[i] for i in real]):.3f} s")


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


@dataclass
class Random:
    rng: int


def play(seed: int, options: dict, levels: dict[str, str], clocks: dict[str, Clock],
         limit: int | None = None) -> Match:
    """One game: each role in `levels` played by the computer at that level, the others at
    random; `limit`: stop after that many computer decisions."""
    match = Match.new(get_rules(GAME), seed=seed, options=options)
    chooser = Random(rng.seed_state(seed ^ 0x5EED))
    decided = 0
    while match.state.result is None and (limit is None or decided < limit):
        role = match.state.active[0]
        choices = match.actions(role)
        if role in levels:
            start, start_cpu = time.perf_counter(), time.process_time()
            action = ai.choose(match, role, levels[role], seed=seed * 100_003 + len(match.history))
            clock = clocks.setdefault(levels[role], Clock())
            clock.times.append(time.perf_counter() - start)
            clock.cpu.append(time.process_time() - start_cpu)
            decided += 1
        else:
            action = choices[rng.randbelow(chooser, len(choices))].action
        match.act(role, action, legal=choices if role not in levels else None)
    return match


def short(seeds: range) -> None:
    clocks: dict[str, Clock] = {}
    wins = 0
    for seed in seeds:
        match = play(seed, SHORT, {"Union": "normal"}, clocks)
        wins += match.result.startswith("Union")
        print(f"  seed {seed}: {match.result}", flush=True)
    print(f"short game, normal Union vs random, seeds {seeds.start}-{seeds.stop - 1}: "
          f"{wins}/{len(seeds)} Union wins ({100 * wins / len(seeds):.0f}%; target at least 80%)")
    for level, clock in clocks.items():
        print(clock.line(level))


def campaign(seeds: range) -> None:
    clocks: dict[str, Clock] = {}
    sudden = wins = 0
    for seed in seeds:
        match = play(seed, {}, {"Union": "normal"}, clocks)
        won = match.result.startswith("Union")
        wins += won
        sudden += won and "every Confederate recruiting city" in match.result
        print(f"  seed {seed}: turn {match.state.turn}: {match.result}", flush=True)
    print(f"campaign, normal Union vs random, seeds {seeds.start}-{seeds.stop - 1}: "
          f"{wins}/{len(seeds)} Union wins, {sudden} by sudden death (target: some)")
    for level, clock in clocks.items():
        print(clock.line(level))


def versus(seeds: range) -> None:
    clocks: dict[str, Clock] = {}
    hard_wins = 0
    for seed in seeds:
        hard_side = "Union" if seed % 2 == 0 else "Confederate"
        other = "Confederate" if hard_side == "Union" else "Union"
        match = play(seed, SHORT, {hard_side: "hard", other: "normal"}, clocks)
        won = match.result.startswith(hard_side)
        hard_wins += won
        print(f"  seed {seed}: hard as {hard_side}: {'won' if won else 'lost'}: {match.result}",
              flush=True)
    print(f"short game, hard vs normal (sides swapped), seeds {seeds.start}-{seeds.stop - 1}: "
          f"hard won {hard_wins}/{len(seeds)} ({100 * hard_wins / len(seeds):.0f}%; target more "
          f"than 50%)")
    for level, clock in clocks.items():
        print(clock.line(level))


def think(seeds: range, levels: list[str]) -> None:
    clocks: dict[str, Clock] = {}
    for seed in seeds:
        for level in levels:
            play(seed, SHORT, {"Union": level}, clocks, limit=THINK_DECISIONS)
    print(f"think time, short game, the Union's first {THINK_DECISIONS} decisions against "
          f"random play, seeds {seeds.start}-{seeds.stop - 1}:")
    for level, clock in clocks.items():
        print(clock.line(level))


THINK_DECISIONS = 40
PARTS = {"short": (short, 40), "campaign": (campaign, 20), "versus": (versus, 20),
         "think": (think, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all")
    parser.add_argument("--seeds", type=int, default=None, help="games per part")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--levels", default=",".join(ai.LEVELS),
                        help="levels timed by the think part (comma-separated)")
    args = parser.parse_args(argv)
    for name, (run, default) in PARTS.items():
        if args.part in (name, "all"):
            seeds = range(args.first, args.first + (args.seeds or default))
            if name == "think":
                think(seeds, args.levels.split(","))
            else:
                run(seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
