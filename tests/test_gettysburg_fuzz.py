"""Random-play fuzzer for Gettysburg 1863 (../shared/DESIGN.md, Testing).

Plays whole games through Match (core.playout.random_playout) in every scenario: no exception,
no dead end (a state without a legal action before the result), a bounded length, and the
game's invariants after every action: SP never above the printed value; the stacking limit
(4.1) and one side per hex; every unit in exactly one place; an activated unit never activated
again in the same turn (4.0, 3.0); the chits of a turn conserved (2.0). Uniform random play
seldom fights, so a second player that seeks combat (still choosing among the legal actions,
through Match) plays too. `MUSTER_FUZZ_SEEDS=20 pytest tests/test_gettysburg_fuzz.py` plays more;
scripts/gettysburg_fuzz.py is the long run.
"""
from __future__ import annotations

import os

import msgspec
import pytest

from core import rng
from core.engine import Action, Match
from core.gettysburg import query as q
from core.gettysburg.state import ON_MAP, SIDES, GbState
from core.playout import random_playout
from core.registry import get_rules

RULES = get_rules("gettysburg-1863")
SEEDS = int(os.environ.get("MUSTER_FUZZ_SEEDS", "1"))
MAX_ACTIONS = 60_000
ACTIVATING = {"activate", "command", "command-stack", "bugle-retreat", "bugle-recover"}


class Invariants:
    """Checked after every action."""

    def __init__(self, match: Match, first: bool = False) -> None:
        self.before = match.state
        self.turn_chits: set[str] | None = None
        self.first = first   # made after the first action: no "before" to compare with yet
        self.count = 0

    def __call__(self, match: Match, role: str, action: Action) -> None:
        before, state = self.before, match.state
        if self.first:
            before, self.first = state, False
        assert isinstance(state, GbState) and isinstance(before, GbState)
        ids = [u.id for u in state.units]
        assert len(ids) == len(set(ids)) == len(q.unit_ids()), "a unit lost or doubled"
        where: dict[str, list[str]] = {}
        for u in state.units:
            assert 0 <= u.sp <= q.printed_sp(u.id), f"{u.id} at {u.sp} SP (1.1)"
            if u.status == ON_MAP:
                assert u.hex in q.board().hexes and u.sp > 0, u
                assert q.may_enter(u.id, u.hex), f"{u.id} in closed terrain {u.hex} (4.0)"
                where.setdefault(u.hex, []).append(u.id)
            else:
                assert u.hex == "", u
        for h, there in where.items():
            assert q.stack_ok(there), f"overstacked {h}: {there} (4.1)"
            assert len({q.unit(state, u).side for u in there}) == 1, f"both sides in {h}"
        same_turn = state.turn == before.turn and state.result is None
        if same_turn and before is not state:
            # activated units stay activated for the turn and are never activated again
            for old, new in zip(before.units, state.units):
                assert not old.activated or new.activated, f"{old.id} turned back mid-turn"
            if action.verb in ACTIVATING:
                chosen = ([u.id for u in q.at(before, str(action.noun), role)]
                          if action.verb == "command-stack" else [str(action.noun)])
                for uid in chosen:
                    assert not q.unit(before, uid).activated, f"{uid} activated twice (4.0)"
            # chits: the cup and the drawn ones are the turn's chits, each once
            chits = state.cup + state.drawn
            assert len(chits) == len(set(chits))
            if self.turn_chits is not None and not state.turn.night:
                assert set(chits) == self.turn_chits, "chits changed within a turn (2.0)"
        if not state.turn.night:
            self.turn_chits = set(state.cup + state.drawn)
        if state.result is None:
            assert len(state.active) == 1
            idle = [side for side in SIDES if side not in state.active][0]
            assert match.actions(idle) == []
            if self.count % 100 == 0:
                assert match.view(idle).actions == []
                if state.options.fog_of_war:
                    for side in SIDES:
                        assert_fog(match, side)
        self.count += 1
        self.before = state


def assert_fog(match: Match, side: str) -> None:
    """AMB-31 fog of war: `side`'s view shows no printed value (training, printed SP) of an
    enemy unit that is not activated."""
    state = match.state
    assert isinstance(state, GbState)
    hidden = {u.id for u in state.units if u.side != side and not u.activated}
    for where in (match.view(side).board, match.view(side).boxes):
        for tokens in where.values():
            for t in tokens:
                if t.id in hidden:
                    assert not any(f.startswith("printed ") or f == q.counter(t.id).training
                                   for f in t.flags), f"{side} sees the back of {t.id}"


def play(seed: int, scenario: str, options: dict | None = None) -> Match:
    holder: dict[str, Invariants] = {}

    def on_action(match: Match, role: str, action: Action) -> None:
        if "inv" not in holder:
            holder["inv"] = Invariants(match, first=True)
        holder["inv"](match, role, action)

    match = random_playout(RULES, seed, scenario=scenario, options=options or {},
                           max_actions=MAX_ACTIONS, on_action=on_action)
    assert match.state.result is not None
    return match


@pytest.mark.parametrize("scenario", ["day-1", "day-3", "day-2", "campaign"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_fuzz_every_scenario_plays_to_the_end(seed: int, scenario: str) -> None:
    match = play(seed, scenario)
    state = match.state
    assert isinstance(state, GbState)
    assert state.turn.day == state.last_day and state.turn.hour == 20


# --- a player that seeks combat -------------------------------------------------------------

PREFER = ("fire-together", "fire", "advance", "react", "fight", "enter", "move", "activate",
          "command-stack", "command", "to", "retreat-to", "bugle-recover", "recover")


def fighter_choice(match: Match, role: str, chooser: rng.HasRng) -> Action:
    """Mostly the most warlike legal action; a destination toward the enemy; sometimes any."""
    choices = match.actions(role)
    if rng.randbelow(chooser, 10) == 0:
        return choices[rng.randbelow(chooser, len(choices))].action
    for verb in PREFER:
        picks = [c.action for c in choices if c.action.verb == verb]
        if not picks:
            continue
        if verb == "to":
            state = match.state
            assert isinstance(state, GbState)
            foes = [u.hex for u in q.on_map(state) if u.side != role]
            if foes:
                picks.sort(key=lambda a: min(q.distance(str(a.noun), f) for f in foes))
                return picks[0]
        return picks[rng.randbelow(chooser, len(picks))]
    return choices[rng.randbelow(chooser, len(choices))].action


class Chooser:
    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)


def fight(seed: int, scenario: str, options: dict | None = None) -> Match:
    match = Match.new(RULES, seed=seed, scenario=scenario, options=options or {})
    check = Invariants(match)
    chooser = Chooser(seed)
    for _ in range(MAX_ACTIONS):
        if match.result is not None:
            return match
        role = match.active[0]
        assert match.actions(role), f"dead end at {match.view(None).prompt}"
        action = fighter_choice(match, role, chooser)
        match.act(role, action)
        check(match, role, action)
    raise AssertionError("no result")


ALL_OPTIONS = {"corps_integrity": True, "reserve_chits": True, "return_fire": True,
               "reaction_once": True, "leave_zoc": "re-enter and stop", "stream_cost": "+2",
               "artillery_losses": "halved", "night_movement": "every unit",
               "vp_control": "last occupied", "reaction_activation": "any attempt",
               "fog_of_war": True}


FIGHTS = [("day-3", ALL_OPTIONS), ("day-1", {}), ("day-3", {}),
          ("day-2", {"scenario_2_length": "2 July only"}), ("campaign", {})]
FIGHT_IDS = ["day-3-all-options", "day-1", "day-3", "day-2-only", "campaign"]
FIGHT_COUNT = 1 if SEEDS == 1 else len(FIGHTS)   # the first by default, all on demand


@pytest.mark.parametrize("scenario, options", FIGHTS[:FIGHT_COUNT], ids=FIGHT_IDS[:FIGHT_COUNT])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_fuzz_combat_seeking_play_to_the_end(seed: int, scenario: str, options: dict) -> None:
    match = fight(11 + seed, scenario, options)
    state = match.state
    assert isinstance(state, GbState)
    log = "\n".join(state.log)
    assert "(5.3)" in log and "black dice" in log, "no combat was fought"


def test_fuzz_replay_reproduces_the_game() -> None:
    """DESIGN.md determinism: setup(seed) + the actions rebuild the game exactly."""
    match = play(5, "day-1")
    again = Match.replay(match.rules, match.header, match.history)
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(match.state)
