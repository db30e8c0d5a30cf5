"""Random-play speed, as ratios to python-chess random play measured in the same run.

    .venv/bin/python -m bench.playout [--games N] [--game ID|all] [--scenario ID|all] [--quick]

For each configuration of the game (the basic game with options {}, then the "advanced" and
"advanced-all" presets where the game has them) it plays N random games through
`core.playout.random_playout`, then plays python-chess random play for the same time:
from the standard start position, list the legal moves (`list(board.legal_moves)`), push one
picked by `random.Random(seed)`, until `board.is_game_over()` or 400 plies, then start again.
It prints the ratio of the two speeds (Muster random actions per python-chess random move);
the issue's target is at least 1.5 for the basic game. --scenario plays that scenario of the
game instead of its default one (the first of `rules.scenarios()`); `--scenario all` plays
every scenario in turn. `--game all` (the default) measures every game, one after the other
in one run, as issue 19 asks; each ratio is to python-chess timed right beside it. Absolute figures are printed
for reference only. Every time is the process's CPU time (`CLOCK`), not wall time: on a machine
shared with other work the wall-time ratios moved by 20-30% between identical runs, as the
other work took the core from one side of the comparison more than the other. Also reports one state copy and one full view against one random-play
action, as ratios measured in the same run.

--quick is a smoke run: 2 games per configuration (unless --games says otherwise), each
stopped after QUICK_ACTION_CAP actions, and fewer repetitions of the copy and view timings.
(The cap is a callback: then random_playout makes a new state at every action, as the fuzzers'
games do, instead of changing one in place, so --quick figures are lower.)
"""
from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

import chess

from core.engine import Action, Match, Rules, clone, preset_options, presets_of
from core.playout import random_playout
from core.registry import game_ids, get_rules

PRESETS = ("advanced", "advanced-all")  # measured after the basic game, where the game has them
ALL = "all"  # --game all, --scenario all
TARGET = "target: at least 1.5 for the basic game"
CHESS_PLY_CAP = 400
QUICK_ACTION_CAP = 300
MIN_CHESS_SECONDS = 0.5
QUICK_MIN_CHESS_SECONDS = 0.1
CLOCK = time.process_time  # CPU seconds of this process: what other processes take is not counted


@dataclass(frozen=True)
class Config:
    """One way to play the game: a label and its options."""

    label: str
    options: dict[str, Any]


@dataclass(frozen=True)
class Throughput:
    """Actions (or moves) over the games that made them, in CPU seconds (`CLOCK`)."""

    actions: int
    games: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds


class _Capped(Exception):
    """Raised from random_playout's callback to stop a game after the cap."""

    def __init__(self, match: Match) -> None:
        super().__init__("action cap reached")
        self.match = match


def configurations(rules: Rules) -> list[Config]:
    """The basic game (options {}) and the presets of PRESETS that this game has."""
    known = {preset.key for preset in presets_of(rules)}
    presets = [(key, preset_options(rules, key)) for key in PRESETS if key in known]
    return [Config("basic game (options {})", {})] + [
        Config(f"preset {key} ({len(options)} options set)", options) for key, options in presets]


def play(rules: Rules, seed: int, options: dict[str, Any], cap: int | None,
         scenario: str | None = None) -> Match:
    """One random game (the fuzzer's policy) of `scenario` (None: the default one); stopped
    after `cap` actions when cap is set."""
    if cap is None:
        return random_playout(rules, seed, scenario=scenario, options=options)

    def stop_at_cap(match: Match, _role: str, _action: Action) -> None:
        if len(match.history) >= cap:
            raise _Capped(match)

    try:
        return random_playout(rules, seed, scenario=scenario, options=options,
                              on_action=stop_at_cap)
    except _Capped as capped:
        return capped.match


def time_muster(rules: Rules, config: Config, games: int, cap: int | None,
                scenario: str | None = None) -> tuple[Throughput, Match]:
    """Random play of `games` games (seeds 1..games); also returns the last game's Match."""
    play(rules, 0, config.options, cap, scenario)  # warm caches (board, decoders) before timing
    actions = 0
    match: Match | None = None
    start = CLOCK()
    for seed in range(1, games + 1):
        match = play(rules, seed, config.options, cap, scenario)
        actions += len(match.history)
    elapsed = CLOCK() - start
    assert match is not None
    return Throughput(actions, games, elapsed), match


def chess_game(board: chess.Board, chooser: random.Random) -> int:
    """Random moves from the start position until the game ends or the ply cap. (No clock is
    read per move: a CPU clock is a system call, a few percent of a move.)"""
    board.reset()
    moves = 0
    while not board.is_game_over() and moves < CHESS_PLY_CAP:
        board.push(chooser.choice(list(board.legal_moves)))
        moves += 1
    return moves


def time_chess(seconds: float, seed: int = 1) -> Throughput:
    """python-chess random play for `seconds` of CPU time (at least one move)."""
    board = chess.Board()
    chooser = random.Random(seed)
    moves = games = 0
    start = CLOCK()
    deadline = start + seconds
    while moves == 0 or CLOCK() < deadline:
        moves += chess_game(board, chooser)
        games += 1
    return Throughput(moves, games, CLOCK() - start)


def cost_per_call(fn: Any, arg: Any, reps: int) -> float:
    """Mean seconds of one call fn(arg) over `reps` calls."""
    start = CLOCK()
    for _ in range(reps):
        fn(arg)
    return (CLOCK() - start) / reps


def report(game: str, config: Config, muster: Throughput, chess_play: Throughput,
           copy_cost: float, view_cost: float, cap: int | None,
           scenario: str | None = None) -> None:
    capped = f", each capped at {cap} actions" if cap is not None else ""
    if scenario is not None:
        game = f"{game} scenario {scenario}"
    per_action = muster.seconds / muster.actions
    games = f"{muster.games} game{'' if muster.games == 1 else 's'}"
    print(f"{game}, {config.label}: {games}{capped}, "
          f"{muster.actions:,} actions in {muster.seconds:.2f} s")
    print(f"  actions per second:   {muster.per_second:,.0f}")
    print(f"  games per second:     {muster.games / muster.seconds:.2f}")
    print(f"  actions per game:     {muster.actions / muster.games:,.0f}")
    print(f"  python-chess random play: {chess_play.actions:,} moves in "
          f"{chess_play.seconds:.2f} s ({chess_play.games} games), "
          f"{chess_play.per_second:,.0f} moves per second")
    print(f"  ratio: {muster.per_second / chess_play.per_second:.2f} "
          f"Muster random actions per python-chess random move")
    print(f"  one state copy = {copy_cost / per_action:.2f} x one random-play action")
    print(f"  one full view  = {view_cost / per_action:.2f} x one random-play action")


def measure(rules: Rules, config: Config, games: int, quick: bool,
            scenario: str | None = None) -> None:
    """Time one configuration and python-chess for the same CPU time; print the figures."""
    cap = QUICK_ACTION_CAP if quick else None
    muster, match = time_muster(rules, config, games, cap, scenario)
    floor = QUICK_MIN_CHESS_SECONDS if quick else MIN_CHESS_SECONDS
    chess_play = time_chess(max(muster.seconds, floor))
    reps = 200 if quick else 2000
    copy_cost = cost_per_call(clone, match.state, reps)
    view_cost = cost_per_call(lambda state: rules.view(state, None), match.state, reps)
    report(rules.id, config, muster, chess_play, copy_cost, view_cost, cap, scenario)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per configuration (default 20, or 2 with --quick)")
    parser.add_argument("--game", default=ALL, help="a game's id, or all (the default)")
    parser.add_argument("--scenario", default=None,
                        help="a scenario of the game, or all (default: its first, the default "
                             "one)")
    parser.add_argument("--quick", action="store_true",
                        help=f"smoke run: fewer games, each capped at {QUICK_ACTION_CAP} actions")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 2 if args.quick else 20
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    games = game_ids() if args.game == ALL else [args.game]
    time_chess(0.05)  # warm python-chess before timing
    for game in games:
        rules = get_rules(game)
        for scenario in scenarios_of(rules, args.scenario):
            for config in configurations(rules):
                measure(rules, config, args.games, args.quick, scenario)
    print(TARGET)
    return 0


def scenarios_of(rules: Rules, asked: str | None) -> list[str | None]:
    """The scenarios to measure: the default one (None), every one (`all`) or the one asked
    for (SystemExit naming the known ones if the game has no such scenario)."""
    if asked is None:
        return [None]
    if asked == ALL:
        return list(rules.scenarios())
    if asked not in rules.scenarios():
        raise SystemExit(f"unknown scenario {asked!r} of {rules.id}; known: "
                         f"{', '.join(rules.scenarios())}")
    return [asked]


if __name__ == "__main__":
    raise SystemExit(main())
