"""How strong the computer player is, and how long it thinks (issue 11, part 4).

    .venv/bin/python -m bench.ai_strength [--part PART|all] [--seeds N] [--first SEED]
                                          [--levels L,L] [--games G,G] [--decisions D]

- short: A House Divided short game (B13.0), the computer at `normal` as the Union against
  random Confederate play, seeds 1..N (default 40); target: the Union wins at least 80%.
- campaign: the campaign, the computer at `normal` as the Union against random play, seeds
  1..N (default 20); target: some Union wins by sudden death (B11.0, all seven cities).
- versus: `hard` against `normal` in the short game, seeds 1..N (default 20), the sides swapped
  on odd seeds; target: `hard` wins more than half.

- think: the think time alone, the Union's first 40 decisions of the short game against
  random play at each level of `--levels` (default all), seed 1 (or `--first`, `--seeds`).
- wellington: Wellington, the first turn of the 1813 scenario, one player a side (2.1), the
  computer at `normal` holding one side against random play, then the other, seeds 1..N
  (default 4), beside random play on both sides with the same seed: the Allied VP lead
  (19) when the turn ends; target: the computer's side gains VP over random play.
- wellington-think: Wellington's think time, GB's first 20 decisions with a choice (1813)
  at each level of `--levels`.
- think-all: every game (`EVERY_GAME`, or `--games`), each level of `--levels` playing every
  side from the start, the first 12 decisions with a choice timed (issue 19, part 4: normal
  at most 2 s, hard at most 8 s).
- random-all: every game, normal holding one side (in turn over the seeds) against random
  play, up to `--decisions` decisions: wins, the margin (bench/tune.py's judges) against
  random play on both sides for as many actions, and the passivity counts (`PASSIVITY`,
  docs/ai.md).
- previous: every game, today's normal against the normal of the commit before issue 19
  (`PREVIOUS`, read with git show), sides swapped over the seeds (target: 70%).
- versus-all: every game, hard against normal, sides swapped over the seeds (target: 65%).

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
from fractions import Fraction
from typing import Callable

from bench.ai_positions import (ahd_cover_capital, ahd_free_city_moves, gb_arrivals,
                                gb_bring_on, gb_fire, ww_pc, ww_use_ops, wellington_spend_cp)
from core import ai, rng
from core.engine import Action, Choice, Match
from core.registry import get_rules

GAME = "a-house-divided"
SHORT = {"short_game": True}


@dataclass
class Clock:
    """Think times of one level: wall time, and the process's CPU time (on a machine shared
    with other work the wall time also counts the waiting for a core)."""

    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)    # lines searched, per searched decision
    per_step: list[float] = field(default_factory=list)   # its CPU per step (search.grow)

    def line(self, level: str) -> str:
        if not self.times:
            return f"  {level}: no decisions"
        real = [i for i, t in enumerate(self.cpu) if t > 0.0005]
        work = (f"; searched {len(self.lines)}: lines mean {mean(self.lines):.0f}, fewest "
                f"{min(self.lines)}; CPU per step mean {1000 * mean(self.per_step):.2f} ms, "
                f"highest {1000 * max(self.per_step):.2f} ms" if self.lines else "")
        return (f"  {level}: {len(self.times)} decisions ({len(real)} with a choice to make); "
                f"wall: mean {mean(self.times):.3f} s, slowest {max(self.times):.3f} s; "
                f"CPU: mean {mean(self.cpu):.3f} s, slowest {max(self.cpu):.3f} s, mean with a "
                f"choice {mean([self.cpu[i] for i in real]):.3f} s{work}")


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


@dataclass
class Random:
    rng: int


def play(seed: int, options: dict, levels: dict[str, str], clocks: dict[str, Clock],
         limit: int | None = None) -> Match:
    """One game: each role in `levels` played by the computer at that level, the others at
    random; `limit`: stop after that many computer decisions."""
    return play_out(Match.new(get_rules(GAME), seed=seed, options=options), seed, levels,
                    clocks, limit)


def play_out(match: Match, seed: int, levels: dict[str, str], clocks: dict[str, Clock],
             limit: int | None = None, going: Callable[[Match], bool] = lambda m: True,
             timed_when_forced: bool = True,
             watch: Callable[[Match, str, object], None] | None = None) -> Match:
    """Play `match` on while `going(match)`: each role in `levels` by the computer at that
    level (its think time in `clocks`; a decision with one legal action timed too unless
    `timed_when_forced` is false), the others at random from their own generator; `limit`:
    stop after that many timed computer decisions; `watch(match, role, action)` before each
    action is taken."""
    chooser = Random(rng.seed_state(seed ^ 0x5EED))
    decided = 0
    while match.state.result is None and going(match) and (limit is None or decided < limit):
        role = match.state.active[0]
        choices = match.actions(role)
        if role in levels and (timed_when_forced or len(choices) > 1):
            start, start_cpu = time.perf_counter(), time.process_time()
            considered, tree = ai.searched_tree(match, role, levels[role],
                                                seed=seed * 100_003 + len(match.history))
            action = considered[0].action if tree is None else ai.ranked(tree)[0][0]
            clock = clocks.setdefault(levels[role], Clock())
            clock.times.append(time.perf_counter() - start)
            clock.cpu.append(time.process_time() - start_cpu)
            if tree is not None:
                clock.lines.append(tree.visits)
                clock.per_step.append(clock.cpu[-1] / max(1, tree.work))
            decided += 1
        else:
            action = choices[rng.randbelow(chooser, len(choices))].action
        if watch is not None:
            watch(match, role, action)
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


# --- Wellington ---------------------------------------------------------------------------------

WELLINGTON = "wellington"
WELLINGTON_SHORT = "1813"       # the short scenario; its first turn is the short game here
WELLINGTON_SPLIT = {"players": "2"}   # 2.1: one player per side, the computer holding both


def wellington_turn(seed: int, levels: dict[str, str], clocks: dict[str, Clock],
                    limit: int | None = None) -> Match:
    """A Wellington game of the 1813 scenario to the end of its first turn (or its end, or
    `limit` computer decisions with a choice): each Power in `levels` played by the computer
    at that level, the others at random."""
    match = Match.new(get_rules(WELLINGTON), seed=seed, scenario=WELLINGTON_SHORT,
                      options=WELLINGTON_SPLIT)
    year = match.state.year
    return play_out(match, seed, levels, clocks, limit, going=lambda m: m.state.year == year,
                    timed_when_forced=False)


def wellington_margin(match: Match) -> Fraction:
    """The Allied VP lead (19.2-19.4, without the Spanish bonus) where the game stopped."""
    from core.wellington import victory
    from core.wellington.state import ALLIES, FRENCH
    state = match.state
    return victory.side_vp(state, ALLIES) - victory.side_vp(state, FRENCH)


def wellington(seeds: range) -> None:
    """Normal against random play, the first turn of 1813, each side in turn played by the
    computer (both its Powers); the same seeds with random play on both sides for comparison:
    the Allied VP lead when the turn ends (19), or the game's result if it ended first."""
    clocks: dict[str, Clock] = {}
    gains = {"Allies": 0.0, "French": 0.0}
    for seed in seeds:
        base = wellington_turn(seed, {}, clocks)
        print(f"  seed {seed}: random both sides: Allied lead "
              f"{float(wellington_margin(base)):+.1f}", flush=True)
        for side, powers in (("Allies", ("GB", "Spain")), ("French", ("AdS", "AdN"))):
            match = wellington_turn(seed, {p: "normal" for p in powers}, clocks)
            lead = wellington_margin(match)
            gain = float(lead - wellington_margin(base)) * (1 if side == "Allies" else -1)
            gains[side] += gain
            print(f"  seed {seed}: normal {side}: Allied lead {float(lead):+.1f} ({gain:+.1f} "
                  f"VP for {side}){' ' + match.result if match.result else ''}", flush=True)
            print(clocks["normal"].line("normal"), flush=True)
    print(f"Wellington 1813 first turn, normal vs random, seeds {seeds.start}-{seeds.stop - 1}: "
          f"mean VP gained over random play, Allies {gains['Allies'] / len(seeds):+.2f}, "
          f"French {gains['French'] / len(seeds):+.2f}")
    for level, clock in clocks.items():
        print(clock.line(level))


def wellington_think(seeds: range, levels: list[str]) -> None:
    """The think time: GB's first 20 decisions with a choice (1813, against random play)."""
    clocks: dict[str, Clock] = {}
    for seed in seeds:
        for level in levels:
            wellington_turn(seed, {"GB": level}, clocks, limit=WELLINGTON_THINK_DECISIONS)
    print(f"think time, Wellington 1813, GB's first {WELLINGTON_THINK_DECISIONS} decisions "
          f"with a choice against random play, seeds {seeds.start}-{seeds.stop - 1}:")
    for level, clock in clocks.items():
        print(clock.line(level))


WELLINGTON_THINK_DECISIONS = 20


# --- every game ---------------------------------------------------------------------------------

# The position every game starts from here: (game, scenario, options), one player a side.
EVERY_GAME = (("a-house-divided", "campaign", {"short_game": True}),
              ("gettysburg-1863", "day-1", {}),
              ("washingtons-war", "1775", {}),
              ("wellington", "1813", {"players": "2"}))
# options of EVERY_GAME that only its first scenario takes (A House Divided's short game,
# B13.0, is the campaign's first year)
FIRST_SCENARIO_ONLY = frozenset({"short_game"})
THINK_ALL_DECISIONS = 12


def games_of(names: str | None) -> tuple[tuple[str, str, dict], ...]:
    """The games of `EVERY_GAME` named (comma-separated ids; all when None). `game:scenario`
    plays that scenario instead (`wellington:1812`), with the game's options here except
    those of `FIRST_SCENARIO_ONLY`."""
    if not names:
        return EVERY_GAME
    chosen = []
    for name in names.split(","):
        game, _, scenario = name.partition(":")
        known = {g: (first, options) for g, first, options in EVERY_GAME}
        if game not in known:
            raise SystemExit(f"no game {game!r}: one of {', '.join(known)}")
        first, options = known[game]
        scenario = scenario or first
        if scenario != first:
            options = {k: v for k, v in options.items() if k not in FIRST_SCENARIO_ONLY}
        chosen.append((game, scenario, options))
    return tuple(chosen)


def think_all(seeds: range, levels: list[str], games: str | None = None,
              decisions: int = THINK_ALL_DECISIONS) -> None:
    """Think time in every game: the computer at each level playing every role against
    itself from the start, the first `decisions` decisions with a choice, timed (CPU mean
    and slowest; target: normal at most 2 s, hard at most 8 s)."""
    for game, scenario, options in games_of(games):
        for level in levels:
            clocks: dict[str, Clock] = {}
            for seed in seeds:
                match = Match.new(get_rules(game), seed=seed, scenario=scenario,
                                  options=dict(options))
                play_out(match, seed, {r: level for r in match.roles}, clocks,
                         limit=decisions, timed_when_forced=False)
            print(f"think time, {game} {scenario}, {level} on every side, the first "
                  f"{decisions} decisions with a choice, seeds "
                  f"{seeds.start}-{seeds.stop - 1}:", flush=True)
            print(clocks[level].line(level) if level in clocks else "  no decisions",
                  flush=True)


def against_random(seeds: range, games: str | None = None, level: str = "normal",
                   decisions: int = 150) -> None:
    """Normal against random play in every game: the computer holds one side (the sides in
    turn over the seeds), random play the other, up to `decisions` computer decisions (the
    game's end first, if it comes); the result, the margin by what decides the game
    (bench/tune.py's judges: MAS, VP and hexes, colonies, side VP) against random play on
    both sides from the same seed for as many actions, and the passivity counts
    (`PASSIVITY`)."""
    from bench.tune import JUDGES, sides_of
    for game, scenario, options in games_of(games):
        gains, wins, ended = [], 0, 0
        kinds: dict[str, int] = {}
        decided = 0
        clocks: dict[str, Clock] = {}
        for seed in seeds:
            probe = Match.new(get_rules(game), seed=seed, scenario=scenario,
                              options=dict(options))
            side = sides_of(game, probe)[seed % 2]
            counter = Passivity(game, side)
            match = play_out(Match.new(get_rules(game), seed=seed, scenario=scenario,
                                       options=dict(options)), seed,
                             {r: level for r in side}, clocks, limit=decisions,
                             timed_when_forced=False, watch=counter)
            played = len(match.history)
            base = play_out(Match.new(get_rules(game), seed=seed, scenario=scenario,
                                      options=dict(options)), seed, {}, {},
                            going=lambda m: len(m.history) < played)
            mine, theirs = JUDGES[game](match, side[0]), JUDGES[game](base, side[0])
            gains.append(mine - theirs)
            for kind, n in counter.counts.items():
                kinds[kind] = kinds.get(kind, 0) + n
            decided += counter.decisions
            won = match.result is not None and margin_of(game, match, side) > 0
            wins += won
            ended += match.result is not None
            print(f"  {game} seed {seed}: {level} as {'+'.join(side)}: margin {mine:+.1f} "
                  f"(random both sides {theirs:+.1f}, gain {mine - theirs:+.1f})"
                  f"{'; ' + match.result if match.result else '; not ended'}; "
                  f"{counter.line()}", flush=True)
        total = sum(kinds.values())
        print(f"{game} {scenario}: {level} vs random, seeds {seeds.start}-{seeds.stop - 1} "
              f"({len(gains)} games, up to {decisions} decisions each): won {wins} of the "
              f"{ended} that ended; margin gain mean {sum(gains) / max(1, len(gains)):+.2f}, "
              f"gained on {sum(1 for g in gains if g > 0)}/{len(gains)}; passivity {total} in "
              f"{decided} decisions"
              f"{': ' + '; '.join(f'{k} {n}' for k, n in kinds.items()) if kinds else ''}",
              flush=True)
        for lv, clock in clocks.items():
            print(clock.line(lv), flush=True)


def margin_of(game: str, match: Match, side: list[str]) -> float:
    from bench.tune import judged
    return judged(game, match, side)


# What a player would call passivity (issue 19, part 6), each kind a test of the computer's
# own decision against what was open to it (docs/ai.md, "Passivity"): the position's
# choices, the action taken. The rules of thumb are bench/ai_positions.py's finders.
PassiveTest = Callable[[Match, str, list[Choice], Action], bool]
ATTACK_ODDS = 3        # an attack at 3:1 or better (T1 combat values) declined


def ahd_marches_unused(match: Match, role: str, choices: list[Choice], action: Action) -> bool:
    """Ending movement (B4.0) while a march or naval move could end in a free city worth
    taking (bench.ai_positions' free-city rule)."""
    moves = [c for c in choices if c.action.verb in ("march", "sail", "invade")]
    return action.verb == "end-movement" and bool(moves) and bool(
        ahd_free_city_moves(match, role, moves)[0])


def ahd_attack_declined(match: Match, role: str, choices: list[Choice], action: Action) -> bool:
    """Ending movement while a box a march may leave holds combat value (T1, a reduced piece
    half) ATTACK_ODDS times that of the enemy pieces in a box next to it (B5.0)."""
    from core.ahd import query as q
    if action.verb != "end-movement":
        return False
    state = match.state

    def value(box: str, side: str) -> float:
        return sum(p.value * (0.5 if p.reduced else 1.0) for p in q.pieces_at(state, box, side))

    enemy = q.enemy(role)
    for c in choices:
        if c.action.verb == "march" and isinstance(c.action.noun, str):
            mine = value(c.action.noun, role)
            for box, link in q.adjacent(c.action.noun):
                theirs = value(box, enemy)
                if theirs and q.usable(link, role) and mine >= ATTACK_ODDS * theirs:
                    return True
    return False


def found_but_not_taken(finder) -> PassiveTest:
    """The finder saw right moves in this position and the action is none of them."""
    def test(match: Match, role: str, choices: list[Choice], action: Action) -> bool:
        hit = finder(match, role, choices)
        return hit is not None and action not in {c.action for c in hit[0]}
    return test


PASSIVITY: dict[str, dict[str, PassiveTest]] = {
    "a-house-divided": {"marches unused with a free city in reach": ahd_marches_unused,
                        "attack at 3:1 or better declined": ahd_attack_declined,
                        "capital left bare within the enemy's reach":
                        found_but_not_taken(ahd_cover_capital)},
    "gettysburg-1863": {"reinforcement left off the map (could enter)":
                        found_but_not_taken(gb_bring_on),
                        "round ended with results left and reinforcements waiting":
                        found_but_not_taken(gb_arrivals),
                        "fire declined": found_but_not_taken(gb_fire)},
    "washingtons-war": {"OPS unused (card discarded for nothing)":
                        found_but_not_taken(ww_use_ops),
                        "PC actions left unused": found_but_not_taken(ww_pc)},
    "wellington": {"CP left unused (stopped with an Army to move or a flag to place)":
                   found_but_not_taken(wellington_spend_cp)},
}


@dataclass
class Passivity:
    """Counts of each kind of passivity (PASSIVITY) in the decisions of `side`'s roles."""

    game: str
    side: list[str]
    counts: dict[str, int] = field(default_factory=dict)
    decisions: int = 0

    @property
    def count(self) -> int:
        return sum(self.counts.values())

    def __call__(self, match: Match, role: str, action: Action) -> None:
        if role not in self.side:
            return
        choices = match.actions(role)
        if len(choices) < 2:
            return
        self.decisions += 1
        for kind, test in PASSIVITY[self.game].items():
            if test(match, role, choices, action):
                self.counts[kind] = self.counts.get(kind, 0) + 1

    def line(self) -> str:
        kinds = "; ".join(f"{kind} {n}" for kind, n in self.counts.items())
        listed = f": {kinds}" if kinds else ""
        return f"passivity {self.count} in {self.decisions} decisions{listed}"


# --- the new normal against the normal of an earlier commit -------------------------------------

PREVIOUS = "931be53"     # the commit before issue 19's work
EVALUATIONS = {"a-house-divided": "core/ahd/evaluate.py",
               "gettysburg-1863": "core/gettysburg/evaluate.py",
               "washingtons-war": "core/ww/evaluate.py",
               "wellington": "core/wellington/evaluate.py"}


def previous_computer(game: str, commit: str = PREVIOUS):
    """The computer of `commit` (its core/ai and the game's evaluation, read with `git show`
    into a scratch package `previous_ai`): a function (match, role, level, seed) -> action
    playing as that commit's `core.ai.choose` did, against today's rules."""
    import importlib.util
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(tempfile.mkdtemp(prefix="muster-previous-"))
    package = root / "previous_ai"
    package.mkdir()
    repo = Path(__file__).resolve().parent.parent
    names = subprocess.run(["git", "ls-tree", "--name-only", commit, "core/ai/"], cwd=repo,
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        text = subprocess.run(["git", "show", f"{commit}:{name}"], cwd=repo, check=True,
                              capture_output=True, text=True).stdout
        (package / Path(name).name).write_text(text.replace("core.ai", "previous_ai"))
    evaluation = subprocess.run(["git", "show", f"{commit}:{EVALUATIONS[game]}"], cwd=repo,
                                check=True, capture_output=True, text=True).stdout
    (root / "previous_evaluate.py").write_text(evaluation)
    sys.path.insert(0, str(root))
    old_ai = importlib.import_module("previous_ai")
    old_search = importlib.import_module("previous_ai.search")
    spec = importlib.util.spec_from_file_location("previous_evaluate",
                                                  root / "previous_evaluate.py")
    old_eval = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(old_eval)

    def choose(match: Match, role: str, level: str, seed: int):
        budget = old_ai.levels.level(level)
        choices = match.actions(role)
        if len(choices) == 1:
            return choices[0].action
        kept = old_ai.without_going_back(match, role, old_search.searched(choices))
        if len(kept) == 1:
            return kept[0].action
        rules = match.rules
        hidden = match.hidden_info
        game_ = old_search.Game(rules, old_eval.evaluate,
                                getattr(old_eval, "determinize", None) if hidden else None,
                                getattr(old_eval, "evaluate_all", None))
        return old_search.search(game_, match.state, role, match.roles, budget.iterations,
                                 budget.exploration, budget.rollout, seed, None,
                                 [c.action for c in kept])
    return choose


Chooser = Callable[[Match, str, str, int], Action]    # (match, role, level, seed) -> action


def today(match: Match, role: str, level: str, seed: int) -> Action:
    return ai.choose(match, role, level, seed=seed)


def duel(seeds: range, games: str | None, decisions: int, first: tuple[str, str, Chooser],
         second: tuple[str, str, Chooser] | None = None, target: str = "") -> None:
    """`first` (a name, a level, a chooser) against `second` (default: today's normal; for
    each game, a chooser may be made per game: see versus_previous), sides swapped over the
    seeds, up to `decisions` decisions with a choice of each; judged as bench/tune.py judges
    (a result +-100, else the margin: MAS, VP and hexes, colonies, side VP), for `first`'s
    side."""
    from bench.tune import judged, sides_of
    name, level, chooser = first
    other_name, other_level, other = second or ("normal", "normal", today)
    for game, scenario, options in games_of(games):
        better = ended = 0
        clocks: dict[str, Clock] = {}
        for seed in seeds:
            match = Match.new(get_rules(game), seed=seed, scenario=scenario,
                              options=dict(options))
            side = sides_of(game, match)[seed % 2]
            made = 0
            while match.state.result is None and made < 2 * decisions:
                role = match.state.active[0]
                choices = match.actions(role)
                if len(choices) == 1:
                    match.act(role, choices[0].action)
                    continue
                start = time.process_time()
                key = seed * 100_003 + len(match.history)
                mine = role in side
                action = (chooser(match, role, level, key) if mine
                          else other(match, role, other_level, key))
                clock = clocks.setdefault(name if mine else other_name, Clock())
                clock.cpu.append(time.process_time() - start)
                match.act(role, action)
                made += 1
            margin = judged(game, match, side)
            better += margin > 0
            ended += match.result is not None
            print(f"  {game} seed {seed}: {name} as {'+'.join(side)}: {margin:+.1f}"
                  f"{'; ' + match.result if match.result else '; not ended'} ({made} "
                  f"decisions)", flush=True)
            # the think times so far: a long run stopped between games still has them
            for clock_name, clock in clocks.items():
                clock.times = list(clock.cpu)
                print(f"  so far, {clock.line(clock_name).strip()}", flush=True)
        print(f"{game} {scenario}: {name} vs {other_name}, seeds {seeds.start}-{seeds.stop - 1} "
              f"({len(seeds)} games, {ended} ended, up to {decisions} decisions a side): "
              f"{name} ahead or won in {better}/{len(seeds)}{target}", flush=True)
        for clock_name, clock in clocks.items():
            clock.times = list(clock.cpu)
            print(clock.line(clock_name), flush=True)


def versus_previous(seeds: range, games: str | None = None, decisions: int = 150) -> None:
    """Today's normal against the normal of PREVIOUS, sides swapped over the seeds (target:
    better in at least 70%)."""
    for game, _scenario, _options in games_of(games):
        old = previous_computer(game)
        duel(seeds, game, decisions, ("new normal", "normal", today),
             (f"{PREVIOUS}'s normal", "normal", lambda m, r, lv, k: old(m, r, lv, k)),
             " (target at least 70%)")


def versus_all(seeds: range, games: str | None = None, decisions: int = 150) -> None:
    """Hard against normal in every game, sides swapped over the seeds (target: at least
    65%)."""
    duel(seeds, games, decisions, ("hard", "hard", today), None, " (target at least 65%)")


PARTS = {"short": (short, 40), "campaign": (campaign, 20), "versus": (versus, 20),
         "think": (think, 1), "wellington": (wellington, 4),
         "wellington-think": (wellington_think, 1), "think-all": (think_all, 1),
         "random-all": (against_random, 4), "previous": (versus_previous, 2),
         "versus-all": (versus_all, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all")
    parser.add_argument("--seeds", type=int, default=None, help="games per part")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--levels", default=",".join(ai.LEVELS),
                        help="levels timed by the think part (comma-separated)")
    parser.add_argument("--games", default=None,
                        help="think-all, random-all, previous, versus-all: the games "
                             "(comma-separated ids; game:scenario for another scenario)")
    parser.add_argument("--decisions", type=int, default=None,
                        help="think-all (default 12), random-all and previous (150): the "
                             "computer's decisions per game")
    args = parser.parse_args(argv)
    for name, (run, default) in PARTS.items():
        if args.part in (name, "all"):
            seeds = range(args.first, args.first + (args.seeds or default))
            if name in ("think", "wellington-think"):
                run(seeds, args.levels.split(","))
            elif name == "think-all":
                run(seeds, args.levels.split(","), args.games,
                    args.decisions or THINK_ALL_DECISIONS)
            elif name in ("random-all", "previous", "versus-all"):
                run(seeds, args.games, decisions=args.decisions or 150)
            else:
                run(seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
