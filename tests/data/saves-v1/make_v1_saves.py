"""Write the format-1 / rules-version-1 A House Divided saves of this folder.

Run with the code of commit d8c3afc (the last one before A House Divided moved to the decision
stack), not with the current code:

    git worktree add /tmp/old-muster d8c3afc
    cd /tmp/old-muster && PYTHONPATH=/tmp/old-muster /work/main/.venv/bin/python \
        /work/main/tests/data/saves-v1/make_v1_saves.py /work/main/tests/data/saves-v1
    git worktree remove /tmp/old-muster --force

Each game is played by the random policy of core/playout.py (uniform among the legal actions of
the first active role, its own generator seeded with seed ^ 0x5EED) and saved at the first stop,
after at least `after` actions, that matches the case. `expected.json` records, for each file,
what the old code showed there (prompt, active roles, turn, player, phase, result, legal actions).
"""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path

import saves
from core import registry, rng
from core.engine import Match, preset_options
from saves import clock

clock.utc_now = lambda: datetime(2026, 11, 20, 15, 30, 12, tzinfo=timezone.utc)


def in_battle(state) -> bool:
    return state.battle is not None and state.phase == "battle"


def marching(state) -> bool:
    return state.phase in ("march-to", "route") and bool(state.march_from and state.selected)


def recruiting(state) -> bool:
    return state.phase == "recruit"


def moving(state) -> bool:
    return state.phase == "movement"


def over(state) -> bool:
    return state.result is not None


def play(rules, seed, scenario, options, after, stop, limit=20_000):
    match = Match.new(rules, seed=seed, scenario=scenario, options=options)
    chooser = type("Chooser", (), {})()
    chooser.rng = rng.seed_state(seed ^ 0x5EED)
    for _ in range(limit):
        if len(match.history) >= after and stop(match.state):
            return match
        if match.state.result is not None:
            raise RuntimeError(f"seed {seed}: game over before the stop")
        role, choices = next(((r, c) for r in match.state.active
                              for c in [match.actions(r)] if c), (None, []))
        action = choices[rng.randbelow(chooser, len(choices))].action
        match.act(role, action, legal=choices)
    raise RuntimeError(f"seed {seed}: no such stop within {limit} actions")


def main(folder: Path) -> None:
    rules = registry.get_rules("a-house-divided")
    cases = [
        # name, seed, scenario, options, at least this many actions, stop, players
        ("basic-campaign-battle", 11, "campaign", {}, 400, in_battle,
         {"Union": "human", "Confederate": "human"}),
        ("advanced-all-march", 21, "campaign", preset_options(rules, "advanced-all"), 300,
         marching, {"Union": "human", "Confederate": "computer"}),
        ("1863-leaders-battle-days-recruiting", 13, "1863",
         {"leaders": True, "battle_days": True}, 150, recruiting, {}),
        ("short-game-finished", 16, "campaign", {"short_game": True}, 0, over,
         {"Union": "human", "Confederate": "human"}),
        ("advanced-all-finished", 21, "campaign", preset_options(rules, "advanced-all"), 0,
         over, {"Union": "computer", "Confederate": "human"}),
        # action 656 (Confederate: retreat st-louis) is refused by rules version 2 (B5.2.5:
        # Union-held St. Louis, a red shield, is now an enemy recruiting city)
        ("union-rail-bonus-rules-changed", 3, "campaign", {"union_rail_bonus": True}, 680,
         moving, {"Union": "human", "Confederate": "computer"}),
    ]
    expected = {}
    for name, seed, scenario, options, after, stop, players in cases:
        match = play(rules, seed, scenario, options, after, stop)
        match.players = dict(players)
        path = folder / f"{name}.muster"
        saves.save_match(match, path)
        state, view = match.state, match.view(None)
        active = list(state.active)
        expected[path.name] = {
            "seed": seed, "scenario": scenario, "options": match.header.options,
            "actions": len(match.history), "rules_version": rules.version,
            "prompt": view.prompt, "active": active, "turn": state.turn,
            "player": state.player, "phase": state.phase, "result": state.result,
            "battle_box": state.battle.box if state.battle else None,
            "march_from": state.march_from,
            "legal": {role: [[c.action.verb, c.action.noun] for c in match.actions(role)] for role in active},
        }
        print(f"{path.name}: seed {seed}, {len(match.history)} actions, phase {state.phase}, "
              f"turn {state.turn}, {state.player}, result {state.result!r}: {view.prompt}")
    (folder / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
