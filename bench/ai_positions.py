"""Positions with an obvious right move, for the computer player (issue 19, part 6).

    .venv/bin/python -m bench.ai_positions --make GAME [--seeds N] [--per-kind K]
    .venv/bin/python -m bench.ai_positions --check [--games G,G] [--level normal] [--seeds 3]

A position is a real one, reached by play: a game set up by `Match.new` (game, scenario,
options, seed) and the actions played from it (random play from its own generator, as the
fuzzer), then the role to decide and the actions any player would agree on (`right`), found
by a rule of thumb of the game (`FINDERS`, each named by its `kind`) that checks the move's
consequence on the rules engine itself:

- A House Divided, `free-city`: a march (B4.0) or a naval move (B5.0) can end in a box no
  enemy piece holds that wins the side 2 MAS or more (B7.0), or a Union victory city in the
  campaign (B11.0), or Washington for the Confederacy (B9.0 capture); right: every first step
  of such a move ("march from", "naval move", "naval invasion").
  `cover-capital`: the side's capital (Washington, Richmond) holds none of its pieces and an
  enemy piece could end a march in it in its next player turn, in one or two marches (B4.0,
  the engine's own routes; B11.0: Washington's fall is the game), and no recruit can be put
  there this turn (B7.0: no room under MAS, or an empty pool no promotion refills, B6.0), and
  no free city to take (`free-city`); right: every "march from" or naval move (B4.2.3) that
  can end a piece in the capital.
- Gettysburg 1863, `bring-on`: a reinforcement may enter (7.0); right: entering.
  `fire`: an enemy unit may be fired at (5.0); right: firing (any target).
  `arrivals`: activation results left and units waiting to come on (7.0); right: anything
  but ending the round, which loses the results.
- Washington's War, `use-ops`: a card may be played for its OPS (7.1, 8.0, 10.11); right:
  anything but discarding it with no effect.
  `pc`: PC actions left and a space to place in (10.11); right: placing or removing a PC.
- Wellington, `spend-cp`: CP left to spend and an Army to move or a flag to place (5.5);
  right: anything but stopping, which loses them.

`--make` scans random games and writes tests/data/ai_positions/<game>.json (at most K
positions of each kind from one game); `--check` asks the computer at `--level` for each
position with seeds 1..N and prints how many it finds per game and seed (target: 90% for at
least 2 of 3 seeds). The positions are data: the file is committed, `--make` is how it was
made (and can be remade if the rules change the games random play reaches).
"""
from __future__ import annotations

import argparse
import json
import time
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import msgspec

from core import ai, rng
from core.ai.search import searched
from core.engine import Action, Choice, Match, State
from core.registry import get_rules

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "ai_positions"
GAMES = ("a-house-divided", "gettysburg-1863", "washingtons-war", "wellington")
SCENARIOS = {"a-house-divided": (("campaign", {}), ("campaign", {"short_game": True})),
             "gettysburg-1863": (("day-1", {}), ("campaign", {})),
             "washingtons-war": (("1775", {}),),
             "wellington": (("1813", {"players": "2"}), ("1812", {"players": "2"}))}
LIMIT = 600          # actions of random play scanned per game


@dataclass
class Position:
    game: str
    scenario: str
    options: dict
    seed: int
    actions: list[list]          # [role, verb, noun] played from Match.new
    role: str
    kind: str
    right: list[list]            # [verb, noun] of the right actions
    why: str = ""
    labels: list[str] = field(default_factory=list)   # the right actions' labels, for a reader

    def match(self) -> Match:
        """The position: the game set up and the actions replayed (each checked legal)."""
        match = Match.new(get_rules(self.game), seed=self.seed, scenario=self.scenario,
                          options=dict(self.options))
        for role, verb, noun in self.actions:
            match.act(role, Action(verb, noun))
        return match

    def right_actions(self) -> set[Action]:
        return {Action(verb, noun) for verb, noun in self.right}


def load(game: str) -> list[Position]:
    path = DATA / f"{game}.json"
    if not path.exists():
        return []
    return [Position(**raw) for raw in json.loads(path.read_text())]


# --- the rules of thumb ---------------------------------------------------------------------

Finder = Callable[[Match, str, list[Choice]], tuple[list[Choice], str] | None]


def after(match: Match, role: str, action: Action, legal: list[Choice]) -> State:
    return match.rules.act(match.state, role, action, legal=legal)


def own_choices(rules, state: State, role: str) -> list[Choice]:
    return rules.actions(state, role) if role in state.active and state.result is None else []


def ahd_free_city(match: Match, role: str, choices: list[Choice]):
    moves = [c for c in choices if c.action.verb in ("march", "sail", "invade")]
    if not moves or not any(c.action.verb == "end-movement" for c in choices):
        return None
    right, where = ahd_free_city_moves(match, role, moves)
    if not right or len(right) == len(moves):
        return None
    return right, f"a free city worth taking one move away ({', '.join(sorted(where))})"


def ahd_free_city_moves(match: Match, role: str,
                        moves: list[Choice]) -> tuple[list[Choice], set[str]]:
    """The first steps among `moves` (march, naval move, naval invasion: B4.0, B5.0) of a
    move that can end in a free city worth taking (below), and those cities."""
    from core.ahd import evaluate, query as q
    choices = match.actions(role)
    rules, state = match.rules, match.state
    enemy_boxes = q.occupied(state, q.enemy(role))

    wanted = set(evaluate.targets(state, evaluate.projected_owner(state), role))

    def free(box) -> bool:
        """A box no enemy piece holds that wins the side 2 MAS or more (B7.0), or one of its
        targets (the Union's victory cities, B11.0; Washington for the Confederacy)."""
        if not isinstance(box, str) or box in enemy_boxes:
            return False
        worth = evaluate.gain(state.owner, box, role)
        return worth >= 2 or (worth >= 1 and box in wanted and not evaluate.judged_by_mas(state)) \
            or (box == "washington" and state.owner.get(box) != role)

    def takes(now: State, depth: int) -> str | None:
        """A free city this move can end in, choosing pieces and destinations (B4.0, B5.0)."""
        for choice in own_choices(rules, now, role):
            verb, noun = choice.action.verb, choice.action.noun
            if verb in ("space", "invade") and free(noun):
                return noun
            if depth and verb in ("piece", "move-stack", "sail"):
                found = takes(rules.act(now, role, choice.action), depth - 1)
                if found:
                    return found
        return None

    right, where = [], set()
    for move in moves:
        if move.action.verb == "invade":
            box = move.action.noun if free(move.action.noun) else None
        else:
            box = takes(after(match, role, move.action, choices), 1)
        if box:
            right.append(move)
            where.add(box)
    return right, where


def ahd_cover_capital(match: Match, role: str, choices: list[Choice]):
    moves = [c for c in choices if c.action.verb in ("march", "sail")]
    if not moves or not any(c.action.verb == "end-movement" for c in choices):
        return None
    threat = ahd_capital_threat(match.state, role)
    if threat is None or ahd_free_city(match, role, choices) is not None:
        return None   # (a free city to take as well: two obvious moves, not one)
    capital, enemy_box = threat
    right = [c for c in moves if ahd_move_ends_in(match, role, c, capital)]
    if not right or len(right) == len(moves):
        return None
    return right, f"{capital} bare, an enemy piece at {enemy_box} can march into it"


def ahd_capital_threat(state, role: str) -> tuple[str, str] | None:
    """`role`'s capital, if it is `role`'s, holds none of its pieces, cannot be given a recruit
    this player turn (B7.0: no room under MAS, or an empty pool that no promotion will refill,
    B6.0) and an enemy piece could end a
    march in it in one or two marches of its next player turn (its turn's marks cleared: B4.0,
    the engine's routes); and the box of that piece."""
    import msgspec
    from core.ahd import evaluate, movement, promotion, query as q, recruiting
    from core.ahd.pieces import TURN_MARKS
    capital = evaluate.CAPITALS[role]
    if state.owner.get(capital) != role or q.has_piece(state, capital, role):
        return None
    if recruiting.room(state) > 0 and (q.pool(state, role) or promotion.promotable(state, [])):
        return None    # a recruit may garrison it after movement (a promotion refills the pool)
    occ = q.Occupancy(state)
    for p in q.pieces_of(state, q.enemy(role)):
        fresh = msgspec.structs.replace(p, **TURN_MARKS)
        first = movement.reach(state, fresh, occ)
        if capital in first:
            return capital, p.loc
        for box in first:
            if occ.enemy(box, p.side):
                continue   # entering a box of the other side's pieces stops it (AMB-11)
            on = msgspec.structs.replace(fresh, loc=box, marches=1)
            if capital in movement.reach(state, on, occ):
                return capital, p.loc
    return None


def ahd_move_ends_in(match: Match, role: str, move: Choice, box: str) -> bool:
    """Whether the march or naval move begun by `move` can end a piece in `box` (a march: its
    piece or stack, then the destination)."""
    rules = match.rules
    now = after(match, role, move.action, match.actions(role))
    for choice in own_choices(rules, now, role):
        if choice.action.verb == "space" and choice.action.noun == box:
            return True
        if choice.action.verb in ("piece", "move-stack"):
            then = rules.act(now, role, choice.action)
            if any(c.action.verb == "space" and c.action.noun == box
                   for c in own_choices(rules, then, role)):
                return True
    return False


def gb_bring_on(match: Match, role: str, choices: list[Choice]):
    enter = [c for c in choices if c.action.verb == "enter"]
    if enter and len(enter) < len(choices):
        return enter, "a reinforcement may enter (7.0)"
    return None


def gb_fire(match: Match, role: str, choices: list[Choice]):
    fire = [c for c in choices if c.action.verb == "fire"]
    if fire and any(c.action.verb == "no-attack" for c in choices):
        return fire, "an enemy unit may be fired at (5.0)"
    return None


def gb_arrivals(match: Match, role: str, choices: list[Choice]):
    from core.gettysburg import query as q
    ending = [c for c in choices if c.action.verb == "end-activations"]
    if not ending or len(choices) < 2 or not q.pending(match.state, role):
        return None
    if not any(c.action.verb in ("activate", "command") and "arriving" in c.label
               for c in choices):
        return None
    return ([c for c in choices if c.action.verb != "end-activations"],
            "activation results left and reinforcements waiting to come on (7.0)")


def ww_use_ops(match: Match, role: str, choices: list[Choice]):
    discard = [c for c in choices if c.action.verb == "discard"]
    used = [c for c in choices if c.action.verb in ("activate", "pc", "reinforce")]
    if discard and used:
        return ([c for c in choices if c.action.verb != "discard"],
                "a card may be played for its OPS (7.1, 8.0, 10.11)")
    return None


def ww_pc(match: Match, role: str, choices: list[Choice]):
    place = [c for c in choices if c.action.verb in ("place", "remove")]
    if place and any(c.action.verb in ("stop", "nothing") for c in choices):
        return place, "PC actions left and a space to place in (10.11)"
    return None


def wellington_spend_cp(match: Match, role: str, choices: list[Choice]):
    stop = [c for c in choices if c.action.verb == "stop"]
    spend = [c for c in choices if c.action.verb in ("move", "flag")]
    if stop and spend:
        return ([c for c in choices if c.action.verb != "stop"],
                "CP left and an Army to move or a flag to place (5.5)")
    return None


FINDERS: dict[str, dict[str, Finder]] = {
    "a-house-divided": {"free-city": ahd_free_city, "cover-capital": ahd_cover_capital},
    "gettysburg-1863": {"bring-on": gb_bring_on, "fire": gb_fire, "arrivals": gb_arrivals},
    "washingtons-war": {"use-ops": ww_use_ops, "pc": ww_pc},
    "wellington": {"spend-cp": wellington_spend_cp},
}


@dataclass
class Random:
    rng: int


def scan(game: str, scenario: str, options: dict, seed: int, per_kind: int,
         spacing: int = 40) -> Iterator[Position]:
    """Positions of every kind met in one game of random play (at most `per_kind` of each,
    at least `spacing` actions apart)."""
    match = Match.new(get_rules(game), seed=seed, scenario=scenario, options=dict(options))
    chooser = Random(rng.seed_state(seed * 7919 + zlib.crc32(
        f"{scenario}{sorted(options.items())}".encode())))
    found: dict[str, int] = {}
    last = -spacing
    played: list[list] = []
    while match.state.result is None and len(played) < LIMIT:
        role = match.state.active[0]
        choices = match.actions(role)
        if len(played) - last >= spacing and len(searched(choices)) > 1:
            for kind, finder in FINDERS[game].items():
                if found.get(kind, 0) >= per_kind:
                    continue
                hit = finder(match, role, choices)
                if hit is None:
                    continue
                right, why = hit
                found[kind] = found.get(kind, 0) + 1
                last = len(played)
                yield Position(game, scenario, dict(options), seed, list(played), role, kind,
                               [[c.action.verb, c.action.noun] for c in right], why,
                               [c.label for c in right][:6])
                break
        action = choices[rng.randbelow(chooser, len(choices))].action
        try:
            match.act(role, action, legal=choices)
        except Exception as exc:  # a fault of the rules met by random play: say it, go on
            print(f"  {game} {scenario} {options} seed {seed}: random play stopped after "
                  f"{len(played)} actions: {action} raised {type(exc).__name__}: {exc}",
                  flush=True)
            return
        played.append([role, action.verb, action.noun])


def make(game: str, seeds: int, per_kind: int, wanted: int) -> list[Position]:
    """Up to `wanted` positions, no two alike (the same position reached twice counts once)."""
    positions: list[Position] = []
    seen: set[bytes] = set()
    for seed in range(1, seeds + 1):
        for scenario, options in SCENARIOS[game]:
            for position in scan(game, scenario, options, seed, per_kind):
                key = msgspec.msgpack.encode(msgspec.structs.replace(position.match().state,
                                                                     log=[]))
                if key not in seen:
                    seen.add(key)
                    positions.append(position)
            if len(positions) >= wanted:
                return positions[:wanted]
    return positions


def check(games: list[str], level: str, seeds: range) -> None:
    for game in games:
        positions = load(game)
        for seed in seeds:
            found, cpu, missed, steps, lines, listed, per_step = 0, [], [], [], [], [], []
            for index, position in enumerate(positions):
                match = position.match()
                start = time.process_time()
                choices, tree = ai.searched_tree(match, position.role, level, seed=seed)
                action = choices[0].action if tree is None else ai.ranked(tree)[0][0]
                cpu.append(time.process_time() - start)
                if tree is not None:
                    steps.append(tree.work)
                    lines.append(tree.visits)
                    listed.append(tree.listed)
                    per_step.append(1000 * cpu[-1] / max(1, tree.work))
                if action in position.right_actions():
                    found += 1
                else:
                    missed.append(f"{index} {position.kind} ({action})")
            share = found / len(positions) if positions else 0.0
            print(f"{game} seed {seed}: {level} found {found}/{len(positions)} "
                  f"({100 * share:.0f}%); CPU mean {sum(cpu) / max(1, len(cpu)):.2f} s, "
                  f"slowest {max(cpu, default=0):.2f} s; missed: {', '.join(missed) or '-'}",
                  flush=True)
            print(f"  {len(steps)} searched: lines mean {sum(lines) / max(1, len(lines)):.0f}, "
                  f"fewest {min(lines, default=0)}; steps mean "
                  f"{sum(steps) / max(1, len(steps)):.0f}, most {max(steps, default=0)}; listed "
                  f"mean {sum(listed) / max(1, len(listed)):.0f}; CPU per step mean "
                  f"{sum(per_step) / max(1, len(per_step)):.2f} ms, highest "
                  f"{max(per_step, default=0):.2f} ms", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", choices=GAMES)
    parser.add_argument("--seeds", type=int, default=None)
    parser.add_argument("--per-kind", type=int, default=1)
    parser.add_argument("--wanted", type=int, default=16)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--level", default="normal")
    args = parser.parse_args(argv)
    if args.make:
        positions = make(args.make, args.seeds or 20, args.per_kind, args.wanted)
        DATA.mkdir(parents=True, exist_ok=True)
        (DATA / f"{args.make}.json").write_text(
            json.dumps([asdict(p) for p in positions], indent=1, ensure_ascii=False) + "\n")
        kinds: dict[str, int] = {}
        for p in positions:
            kinds[p.kind] = kinds.get(p.kind, 0) + 1
        print(f"{args.make}: {len(positions)} positions {kinds}")
    if args.check:
        check(args.games.split(","), args.level, range(1, 1 + (args.seeds or 3)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
