"""Tune an evaluation's weights by self-play against the previous weights (issue 19, part 1).

    .venv/bin/python -m bench.tune --game GAME [--rounds R] [--games G] [--decisions D]
                                   [--level easy] [--seed S] [--terms T,T] [--write]

Each round changes one weight of core/<game>/evaluate.toml (the terms in turn, each round
multiplying one by 1.5 or by 2/3, alternately) and plays `--games` games of the candidate
weights against the current ones from the start of the game's first scenario, the sides
swapped every other game: each role's computer (at `--level`) values positions with its own
weights (`evaluate.use_weights` before each of its decisions). A game stops when it ends or
after `--decisions` decisions of the computers, and is judged by what decides the game
(`JUDGES`: a result counts +-100; else A House Divided the MAS difference, B7.0; Gettysburg
the VP difference and the red-dot hexes held, 8.0; Washington's War the colonies and a tenth
of the PCs, 13.2; Wellington the side VP, 19), for the candidate's side. The candidate
replaces the current weights when its total over the games is above zero. With `--write` the
final weights are written back to evaluate.toml, with a header saying what was run.
`--terms` tunes only the terms named (comma-separated), in that order: a term added by hand
is tuned without playing every other term's rounds again.

Small budgets by design (the machine is shared): a round of 2 games of 60 decisions at easy
costs a minute or two. Deterministic: the same arguments give the same weights.
"""
from __future__ import annotations

import argparse
import importlib
import time
from pathlib import Path
from typing import Callable

from core import ai
from core.engine import Match
from core.registry import get_rules

MODULES = {"a-house-divided": "core.ahd.evaluate", "gettysburg-1863": "core.gettysburg.evaluate",
           "washingtons-war": "core.ww.evaluate", "wellington": "core.wellington.evaluate"}
START = {"a-house-divided": ("campaign", {"short_game": True}),
         "gettysburg-1863": ("day-1", {}),
         "washingtons-war": ("1775", {}),
         "wellington": ("1813", {"players": "2"})}
FIXED = ("scale",)       # not tuned: the logistic's width, not a term
WIN = 100.0


def ahd_judge(match: Match, side: str) -> float:
    from core.ahd import evaluate
    union = evaluate.terms(match.state)["margin"]
    return union if side == "Union" else -union


def gettysburg_judge(match: Match, side: str) -> float:
    from core.gettysburg import evaluate
    terms = evaluate.margin_terms(match.state)
    csa = terms["score"] + terms["holding"]
    return csa if side == "Confederate" else -csa


def ww_judge(match: Match, side: str) -> float:
    from core.ww import evaluate
    terms = evaluate.terms(match.state)
    american = terms["colonies"] + 0.1 * terms["pcs"]
    return american if side == "American" else -american


def wellington_judge(match: Match, side: str) -> float:
    from core.wellington import victory
    from core.wellington.state import ALLIES, FRENCH, SIDE
    state = match.state
    allies = float(victory.side_vp(state, ALLIES) - victory.side_vp(state, FRENCH))
    return allies if SIDE[side] == ALLIES else -allies


JUDGES: dict[str, Callable[[Match, str], float]] = {
    "a-house-divided": ahd_judge, "gettysburg-1863": gettysburg_judge,
    "washingtons-war": ww_judge, "wellington": wellington_judge}


def sides_of(game: str, match: Match) -> list[list[str]]:
    """The roles grouped by side: Wellington's Powers by their side (2.1), else each role."""
    if game == "wellington":
        from core.wellington.state import ALLIES, SIDE
        allies = [r for r in match.roles if SIDE[r] == ALLIES]
        return [allies, [r for r in match.roles if r not in allies]]
    return [[r] for r in match.roles]


def judged(game: str, match: Match, roles: list[str]) -> float:
    """The game for the side holding `roles`: +-WIN for a result, else the judge's margin."""
    result = match.state.result
    if result is not None:
        won = any(result.startswith(r) for r in roles) or (
            game == "wellington" and result.startswith(
                "The Allies" if "GB" in roles else "The French"))
        lost = not won and not result.lower().startswith("draw")
        return WIN if won else (-WIN if lost else 0.0)
    return JUDGES[game](match, roles[0])


def play(game: str, seed: int, weights_of: dict[str, dict[str, float]], level: str,
         decisions: int, module) -> Match:
    scenario, options = START[game]
    match = Match.new(get_rules(game), seed=seed, scenario=scenario, options=dict(options))
    made = 0
    while match.state.result is None and made < decisions:
        role = match.state.active[0]
        choices = match.actions(role)
        if len(choices) == 1:
            match.act(role, choices[0].action)
            continue
        module.use_weights(weights_of[role])
        action = ai.choose(match, role, level, seed=seed * 7_919 + len(match.history))
        match.act(role, action)
        made += 1
    return match


def tune(game: str, rounds: int, games: int, decisions: int, level: str, seed: int,
         write: bool, terms: list[str] | None = None) -> dict[str, float]:
    module = importlib.import_module(MODULES[game])
    path = Path(module.WEIGHTS_FILE)
    original = dict(module.WEIGHTS)
    current = dict(original)
    names = [n for n in current if n not in FIXED]
    if terms:
        unknown = [t for t in terms if t not in names]
        if unknown:
            raise SystemExit(f"no term {', '.join(unknown)} in {path.name} "
                             f"(terms: {', '.join(names)})")
        names = list(terms)
    log: list[str] = []
    started = time.process_time()
    for round_ in range(rounds):
        name = names[round_ % len(names)]
        factor = 1.5 if (round_ // len(names)) % 2 == 0 else 2 / 3
        candidate = dict(current, **{name: round(current[name] * factor, 4)})
        total = 0.0
        for index in range(games):
            probe = Match.new(get_rules(game), seed=1, scenario=START[game][0],
                              options=dict(START[game][1]))
            sides = sides_of(game, probe)
            mine = sides[index % 2]
            weights_of = {r: candidate if r in mine else current for r in probe.roles}
            match = play(game, seed + round_ * 101 + index, weights_of, level, decisions,
                         module)
            total += judged(game, match, mine)
        kept = total > 0
        line = (f"round {round_ + 1}: {name} x{factor:.2f} -> {candidate[name]}: "
                f"{total:+.2f} over {games} games: {'kept' if kept else 'not kept'}")
        print(line, flush=True)
        log.append(line)
        if kept:
            current = candidate
    module.use_weights(original)
    cpu = time.process_time() - started
    print(f"{game}: {rounds} rounds of {games} games, {decisions} decisions each at {level}, "
          f"seed {seed}: {cpu:.0f} s CPU")
    if write:
        chosen = f" --terms {','.join(terms)}" if terms else ""
        write_weights(path, current, original, log,
                      f"bench.tune --game {game} --rounds {rounds} --games {games} "
                      f"--decisions {decisions} --level {level} --seed {seed}{chosen}")
    return current


def write_weights(path: Path, weights: dict[str, float], before: dict[str, float],
                  log: list[str], command: str) -> None:
    """evaluate.toml again: each weight's comment kept, the header kept (earlier runs
    included) and a block saying what was run added to it."""
    comments = {}
    header = []
    for line in path.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key = line.split("=", 1)[0].strip()
            comments[key] = line.split("#", 1)[1].strip() if "#" in line else ""
        elif line.startswith("#"):
            header.append(line)
    out = header + [f"# tuned: {command}"] + [f"#   {entry}" for entry in log]
    width = max(len(f"{k} = {v}") for k, v in weights.items()) + 2
    for key, value in weights.items():
        text = f"{key} = {value}"
        out.append(f"{text:<{width}}# {comments.get(key, '')}".rstrip())
    path.write_text("\n".join(out) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(MODULES), required=True)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--terms", default="", help="only these terms, comma-separated")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    terms = [t for t in args.terms.split(",") if t]
    tune(args.game, args.rounds, args.games, args.decisions, args.level, args.seed, args.write,
         terms)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
