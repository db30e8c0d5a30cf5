"""Hand-offs and prompts per game turn in hotseat play, before and after the app takes the
decisions of one legal action for the player (issue 17, "Fewer prompts").

    .venv/bin/python -m bench.handoffs [--games N] [--actions N] [--game ID]

Each game is played by random choices (`random.Random(seed)`) with every seat a person of
its own (Wellington: four players, and the 2-player split: GB+Spain and the French, seated
as the app seats a new game, `Match.seated`) through the app's presentation
rules (`tui.turns`, no Textual): at every decision the person of the acting role is asked,
or, with the rules of now, the only legal action is taken for them (`turns.auto_choice`).
A keyboard change (the hand-off screen in a game with hidden information, the turn banner
in an open one) is counted whenever the person asked differs from the one who was asked
last (`turns.hand_off_to` for the hidden games; the same rule for the banner). Both ways
are counted on one playout (an action taken for the player is the one random play would
take too). A game turn is a change of the view's "Turn" track. Prints the figures per turn.
"""
from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from core.engine import Match
from core.registry import get_rules
from tui import turns

GAMES: list[tuple[str, dict]] = [
    ("a-house-divided", {}),
    ("washingtons-war", {}),
    ("wellington", {}),
    ("wellington", {"players": "2"}),
    ("gettysburg-1863", {}),
]


@dataclass
class Count:
    turns: int = 0
    decisions: int = 0
    prompts: dict[str, int] = field(default_factory=lambda: {"before": 0, "after": 0})
    changes: dict[str, int] = field(default_factory=lambda: {"before": 0, "after": 0})


def keyboard_change(match: Match, role: str, last: str | None) -> bool:
    """Whether asking `role` hands the keyboard to another person (a hand-off screen or a
    turn banner): `turns.hand_off_to` for a game with hidden information, the same rule for
    the banner of an open one."""
    if match.hidden_info:
        return turns.hand_off_to(match, role, last) is not None and last is not None
    return last is not None and match.player_of(role) != last


def play(game: str, options: dict, seed: int, cap: int, count: Count) -> None:
    rules = get_rules(game)
    match = Match.new(rules, seed=seed, options=options)
    # seated as the app seats a new game (tui.session.new_match): Wellington's 2-player split
    # is two people (GB+Spain, the French), not four
    match.players = Match.seated(rules, match.header.scenario, dict(match.header.options),
                                 match.players)
    chooser = random.Random(seed)
    last = {"before": None, "after": None}  # the person asked last, each way
    turn = None
    for _ in range(cap):
        if match.result is not None or not match.active:
            break
        role = match.active[0]
        choices = match.actions(role)
        tracks = match.view(None).tracks
        if tracks.get("Turn") != turn:
            turn = tracks.get("Turn")
            count.turns += 1
        count.decisions += 1
        person = match.player_of(role)
        for way in ("before", "after"):
            if way == "after" and turns.auto_choice(match, role, False, choices) is not None:
                continue  # taken for the player: nobody is asked, the keyboard stays
            count.prompts[way] += 1
            if keyboard_change(match, role, last[way]):
                count.changes[way] += 1
            last[way] = person
        match.act(role, chooser.choice(choices).action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="random games per game")
    parser.add_argument("--actions", type=int, default=800, help="actions per game at most")
    parser.add_argument("--game", default=None, help="only this game id")
    args = parser.parse_args(argv)
    print(f"{'game':<28} {'turns':>5} {'decisions':>9}  prompts/turn before → after  "
          "hand-offs/turn before → after")
    for game, options in GAMES:
        if args.game and game != args.game:
            continue
        count = Count()
        for seed in range(1, args.games + 1):
            play(game, options, seed, args.actions, count)
        name = game + (f" ({', '.join(f'{k}={v}' for k, v in options.items())})"
                       if options else "")
        per = max(count.turns, 1)
        print(f"{name:<28} {count.turns:>5} {count.decisions:>9}  "
              f"{count.prompts['before'] / per:>8.1f} → {count.prompts['after'] / per:<8.1f}"
              f"          {count.changes['before'] / per:>6.2f} → "
              f"{count.changes['after'] / per:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
