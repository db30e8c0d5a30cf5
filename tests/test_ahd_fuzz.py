"""Random-play fuzzer for A House Divided (DESIGN.md, Testing).

Plays whole games through Match: no exception, no dead end, a bounded length, and the game's
invariants after every action. By default every option set and scenario below is played from
one seed (the basic game from two); `MUSTER_FUZZ_SEEDS=200 pytest tests/test_ahd_fuzz.py` runs
the basic game larger on demand, and MUSTER_FUZZ_SCENARIO_SEEDS, _OPTIONAL_SEEDS,
_ADVANCED_SEEDS, _FLAVOUR_SEEDS and _OUTSIDE_HELP_SEEDS each set (docs/tests.md).
"""
from __future__ import annotations

import os
from typing import Callable

import msgspec
import pytest

from core import stack
from core.ahd import query as q
from core.ahd.frames import Firers, GameTurn, PlayerTurn, Promotion, Recruiting, SupportLoss
from core.ahd.calendar import militia_enlisted
from core.ahd.options import OPTIONAL_RULES, OPTIONS
from core.ahd.state import ASIDE, CSA, INFANTRY, MILITIA, OFF_MAP, POOL, SPARE, UNION, AhdState
from core.engine import Action, Match
from core.playout import random_playout
from core.registry import get_rules

SEEDS = int(os.environ.get("MUSTER_FUZZ_SEEDS", "2"))
MAX_ACTIONS = 40_000
OPTION_SETS = [{}, {"inexperienced_union": True}, {"short_game": True}]


class Invariants:
    """Checks run after every action (the issue's list: pieces conserved, at most two marches,
    recruiting within MAS, control consistent with pieces)."""

    def __init__(self, match: Match) -> None:
        state = match.state
        assert isinstance(state, AhdState)
        self.total = len(state.pieces)
        self.militia_in_supply = self._militia_in_supply(state)
        self.before = state

    @staticmethod
    def _militia_in_supply(state: AhdState) -> int:
        return sum(1 for p in state.pieces if p.grade == MILITIA and p.loc == SPARE)

    def __call__(self, match: Match, role: str, action: Action) -> None:
        before, state = self.before, match.state
        assert isinstance(state, AhdState)
        boxes = set(q.map_boxes())
        # pieces conserved: every counter is in exactly one known place
        assert len(state.pieces) == self.total
        for p in state.pieces:
            assert p.loc in OFF_MAP or p.loc in boxes, p
            assert p.marches <= 2, f"{p.id} in {p.marches} marches (B4.0)"
        # militia never leave play for the supply (B7.0: they return to the pool)
        assert self._militia_in_supply(state) <= self.militia_in_supply
        # Union militia infantry available = 12 + 4 per enlistment so far (B8.0; O4.4 1 a month
        # from April to July 1863)
        union_mf = sum(1 for p in state.pieces if p.side == UNION and p.arm == INFANTRY
                       and p.grade == MILITIA and p.loc != ASIDE and p.loc != SPARE)
        assert union_mf <= militia_enlisted(state.turn, state.options.draft_riots)
        # recruiting never above maximum army size (B7.0), plus the O3.4 increase
        if action.verb.startswith("recruit-"):
            side = before.player
            assert q.in_play(before, side) < q.army_limit(before, side)
            assert q.in_play(state, side) <= q.army_limit(state, side)
            # one recruit per city, two in cities of value 3+ under O3.3
            box = str(action.noun)
            most = 2 if state.options.historical_recruiting and q.shield(box, side) >= 3 \
                else 1
            recruiting = stack.find(before, Recruiting)
            assert recruiting is not None and (recruiting.placed_in + [box]).count(box) <= most
        # O4.1: nobody in Kentucky on turn 1; O4.3: at most two promotions in a segment, two
        # only for the CSA under the rule
        if q.first_turn_restricted(state):
            assert not [p.id for p in state.pieces if p.on_map and q.is_kentucky(p.loc)]
        promoting = stack.find(state, Promotion)
        if promoting is not None:
            training = state.player == CSA and state.options.southern_training
            assert len(promoting.promoted) + promoting.left <= (2 if training else 1)
        # outside the battle segment no box holds both sides, and nothing stays reduced
        if state.phase in ("promotion", "recruit") or (
                state.phase == "movement" and state.player != before.player):
            both = q.occupied(state, UNION) & q.occupied(state, CSA)
            both -= set(state.contained)  # A4.0: a contained port holds both sides, no battle
            assert not both, f"unresolved battle in {both} during {state.phase}"
            for box in state.contained:  # A4.0: eligible ports, both sides present
                assert box in ("fort-monroe", "pensacola") or box in state.invaded_ports, box
                assert state.owner.get(box) == UNION, f"contained {box} not Union-owned"
            assert not any(p.reduced for p in state.pieces), "reduced piece after recovery"
        # control consistent with pieces at the end of a player turn (B9.0)
        if state.player != before.player or state.result is not None:
            ended = before.player
            enemy_boxes = q.occupied(state, q.enemy(ended))
            for box in q.occupied(state, ended) - enemy_boxes:
                assert state.owner.get(box) == ended, f"{box} not captured by {ended}"
            for box in state.cavalry_held:
                assert box in state.owner
        # the decision stack: the game turn outermost, at most one player turn, and a stop
        # asking exactly one role while the game goes on
        if state.result is None:
            assert isinstance(state.stack[0], GameTurn), state.stack
            assert sum(isinstance(f, PlayerTurn) for f in state.stack) == 1, state.stack
            assert len(state.active) == 1
            # a view never offers actions to a role that is not active
            idle = q.enemy(state.active[0])
            assert match.view(idle).actions == [] and match.actions(idle) == []
        self.before = state


def play(seed: int, options: dict, scenario: str | None = None,
         check: Callable[[AhdState], None] | None = None) -> Match:
    """One random game to its end; `check(state)`: extra invariants after every action."""
    rules = get_rules("a-house-divided")
    holder: dict[str, Invariants] = {}
    extra = check

    def on_action(match: Match, role: str, action: Action) -> None:
        if "inv" not in holder:
            holder["inv"] = Invariants(match)
        holder["inv"](match, role, action)
        if extra is not None:
            extra(match.state)

    match = random_playout(rules, seed, scenario=scenario, options=options,
                           max_actions=MAX_ACTIONS, on_action=on_action)
    assert match.state.result is not None
    return match


@pytest.mark.parametrize("options", OPTION_SETS, ids=["basic", "b12", "b13"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_fuzz_plays_to_the_end(seed: int, options: dict) -> None:
    match = play(seed, options)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.turn <= state.last_turn


# O5.0: every year scenario played to June 1865, and every start to each March it may agree
# to be judged at on the scenario victory table (T9; 1865-03 is the extrapolated row, AMB-24).
SCENARIO_SETS = [
    ("1862", {}), ("1862", {"scenario_end": "1863-03"}), ("1862", {"scenario_end": "1864-03"}),
    ("1863", {}), ("1863", {"scenario_end": "1864-03"}),
    ("1864", {}), ("1864", {"scenario_end": "1865-03"}),
    ("campaign", {"scenario_end": "1862-03"}), ("campaign", {"scenario_end": "1863-03"}),
    ("campaign", {"scenario_end": "1864-03"}),
    ("1863", {"scenario_end": "1864-03", "inexperienced_union": True}),
    ("1863", {"draft_riots": True}),  # O4.4: 1 MF in the pool, 1 a month May-July
]
SCENARIO_SEEDS = int(os.environ.get("MUSTER_FUZZ_SCENARIO_SEEDS", "1"))


@pytest.mark.parametrize("scenario, options", SCENARIO_SETS,
                         ids=[f"{s}-{o.get('scenario_end', 'jun1865')}"
                              f"{'-b12' if o.get('inexperienced_union') else ''}"
                              f"{'-o44' if o.get('draft_riots') else ''}"
                              for s, o in SCENARIO_SETS])
@pytest.mark.parametrize("seed", range(SCENARIO_SEEDS))
def test_fuzz_o5_0_scenarios_play_to_the_end(seed: int, scenario: str, options: dict) -> None:
    match = play(seed, options, scenario)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.start_turn <= state.turn <= state.last_turn
    result = state.result or ""
    if "scenario_end" in options and "(B11.0)" not in result:  # no sudden death: judged on T9
        assert "(O5.0, T9)" in result and state.turn == state.last_turn, result


def test_fuzz_replay_reproduces_the_game() -> None:
    """DESIGN.md determinism: setup(seed) + the actions rebuild the game exactly."""
    match = play(101, {})
    again = Match.replay(match.rules, match.header, match.history)
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(match.state)


# O2-O4: each optional rule alone, and all of them together, played to the end from a few seeds
# (MUSTER_FUZZ_OPTIONAL_SEEDS raises the count); all of them together in every scenario too.
ALL_OPTIONAL = {key: True for key in OPTIONAL_RULES}
OPTIONAL_SETS = ([{key: True} for key in OPTIONAL_RULES]
                 + [{"increased_union_forces": True, "increased_union_forces_from": "april"},
                    ALL_OPTIONAL])
OPTIONAL_SEEDS = int(os.environ.get("MUSTER_FUZZ_OPTIONAL_SEEDS", "1"))


@pytest.mark.parametrize("options", OPTIONAL_SETS,
                         ids=[("all-optional" if o is ALL_OPTIONAL else
                               "-".join(f"{k}={v}" if v is not True else k for k, v in o.items()))
                              for o in OPTIONAL_SETS])
@pytest.mark.parametrize("seed", range(OPTIONAL_SEEDS))
def test_fuzz_optional_rules_play_to_the_end(seed: int, options: dict) -> None:
    match = play(seed + 1000, options)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.turn <= state.last_turn


@pytest.mark.parametrize("scenario", ["1862", "1863", "1864"])
def test_fuzz_optional_rules_in_the_scenarios(scenario: str) -> None:
    """Every optional rule at once in each year scenario (O4.4 in the 1863 one: the April
    militia come with the scenario's pool, May to July one a month)."""
    match = play(2000, dict(ALL_OPTIONAL), scenario)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.start_turn <= state.turn <= state.last_turn


# The advanced rules A2.0-A7.0: all at once and each alone, in the campaign and the scenarios.
ADVANCED_RULES = [spec.key for spec in OPTIONS if spec.balance == "advanced"]
ALL_ADVANCED = {key: True for key in ADVANCED_RULES}
ADVANCED_SETS = [ALL_ADVANCED] + [{key: True} for key in ADVANCED_RULES]
ADVANCED_SEEDS = int(os.environ.get("MUSTER_FUZZ_ADVANCED_SEEDS", "1"))


def advanced_invariants(state: AhdState) -> None:
    """A6.0: Washington only ever costs the Union MAS; A5.0: a garrison takes at most 2 hits;
    A7.0: a command value is at most 8; A2.0: the supply question names a real stack."""
    assert state.mas_offset.get(UNION, 0) <= 0
    b = state.battle
    if b is not None:
        assert 0 <= b.garrison_hits <= 2 and 0 <= b.garrison <= 3
        assert all(1 <= v <= 8 for v in b.command.values()), b.command
        firers = stack.find(state, Firers)
        assert firers is None or len(firers.engaged) <= b.command[firers.side]
    loss = stack.find(state, SupportLoss)
    if loss is not None:
        assert len(q.pieces_at(state, loss.boxes[0], state.player)) >= 2


@pytest.mark.parametrize("options", ADVANCED_SETS,
                         ids=["all-advanced"] + ADVANCED_RULES)
@pytest.mark.parametrize("seed", range(ADVANCED_SEEDS))
def test_fuzz_advanced_rules_play_to_the_end(seed: int, options: dict) -> None:
    match = play(seed + 3000, options, check=advanced_invariants)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.turn <= state.last_turn


@pytest.mark.parametrize("scenario", ["1862", "1863", "1864"])
def test_fuzz_advanced_rules_in_the_scenarios(scenario: str) -> None:
    """Every advanced rule at once in each year scenario (A3.0: the first turn is 1 march)."""
    match = play(4000, dict(ALL_ADVANCED), scenario, check=advanced_invariants)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.start_turn <= state.turn <= state.last_turn


# A8.1 morale (with A8.1.1 rallies), A8.1.2 desertion, A8.2 leaders: each alone, the three
# together, and with every advanced rule, in the campaign and in each year scenario.
BATTLE_FLAVOUR = ["morale", "desertion", "leaders"]
ALL_FLAVOUR = {key: True for key in BATTLE_FLAVOUR}
FLAVOUR_SETS = [{key: True} for key in BATTLE_FLAVOUR] + [
    ALL_FLAVOUR, {**ALL_ADVANCED, **ALL_FLAVOUR},
    {**ALL_OPTIONAL, **ALL_ADVANCED, **ALL_FLAVOUR}]  # O2.2 targeting among routed pieces too
FLAVOUR_SEEDS = int(os.environ.get("MUSTER_FUZZ_FLAVOUR_SEEDS", "1"))


def flavour_invariants(state: AhdState) -> None:
    """A8.1: routed pieces are reduced pieces of the battle, and nobody is routed outside one;
    A8.2.2: a leader gives at most its value, to at most 2 pieces (Lee 3); A8.2.1: at most 2
    free marches alone; a leader is never left alone with enemy pieces; its value is one of its
    counter's two values."""
    from core.ahd import leaders
    from core.ahd.pieces import piece
    from core.ahd.state import LEADER_OFF_MAP
    advanced_invariants(state)
    b = state.battle
    if b is not None:
        assert set(b.routed) <= set(b.attackers) | set(b.defenders), b.routed
        for pid in b.routed:
            assert piece(state, pid).reduced and piece(state, pid).loc == b.box, pid
        for lid, given in b.leader_bonus.items():
            assert len(given) <= leaders.leader(state, lid).value
            assert len(set(given)) <= leaders.split(lid)
    if not state.options.leaders:
        assert not state.leaders
        return
    assert sorted(ldr.id for ldr in state.leaders) == ["grant", "lee", "sherman"]
    boxes = set(q.map_boxes())
    for ldr in state.leaders:
        counter = leaders.counters()[ldr.id]
        assert ldr.value in (counter.value, counter.condition_value)
        assert ldr.marches <= leaders.MAX_ALONE_MARCHES
        assert ldr.loc in boxes or ldr.loc in LEADER_OFF_MAP, ldr
        if ldr.on_map and q.has_enemy(state, ldr.loc, ldr.side):
            assert q.pieces_at(state, ldr.loc, ldr.side), f"{ldr.id} alone with the enemy"


@pytest.mark.parametrize("options", FLAVOUR_SETS,
                         ids=BATTLE_FLAVOUR + ["all-a8-battle", "all-advanced-a8-battle",
                                               "all-optional-advanced-a8-battle"])
@pytest.mark.parametrize("seed", range(FLAVOUR_SEEDS))
def test_fuzz_a8_1_a8_2_play_to_the_end(seed: int, options: dict) -> None:
    match = play(seed + 8000, options, check=flavour_invariants)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.turn <= state.last_turn


@pytest.mark.parametrize("scenario", ["1862", "1863", "1864"])
@pytest.mark.parametrize("extra", [{}, ALL_ADVANCED], ids=["alone", "all-advanced"])
def test_fuzz_a8_1_a8_2_in_the_scenarios(scenario: str, extra: dict) -> None:
    """Morale, desertion and leaders in each year scenario (1863, 1864: the leaders marked
    '***' start on the map; 1862: they arrive on their dates), alone and with every advanced
    rule."""
    match = play(9000, {**extra, **ALL_FLAVOUR}, scenario, check=flavour_invariants)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.start_turn <= state.turn <= state.last_turn


# A8.3 border-state support and A8.4 foreign intervention: alone, together, and with every
# advanced rule, in the campaign and the scenarios; then with the start-of-turn conditions
# forced true, so the rolls, the intervention, Confederate naval moves, the foreign units and
# their replacement are played in every game.
OUTSIDE_HELP = {"border_states": True, "foreign_intervention": True}
OUTSIDE_HELP_SETS = [{"border_states": True}, {"foreign_intervention": True}, OUTSIDE_HELP,
                     {**ALL_ADVANCED, **OUTSIDE_HELP}]
OUTSIDE_HELP_IDS = ["a8_3", "a8_4", "a8_3-a8_4", "all-advanced-a8_3-a8_4"]
OUTSIDE_HELP_SEEDS = int(os.environ.get("MUSTER_FUZZ_OUTSIDE_HELP_SEEDS", "1"))


def outside_help_invariants(state: AhdState) -> None:
    """A8.3: each state's militia joins once, out of the three set aside. A8.4: four foreign
    veteran infantry (never promoted), set aside until the intervention, then in Europe, on the
    map, or set aside once lost; never in the pool or the counter supply; outside the MAS. Plus
    the advanced rules' invariants."""
    advanced_invariants(state)
    assert len(set(state.border_used)) == len(state.border_used) <= 3
    aside_mf = sum(1 for p in state.pieces if p.side == CSA and p.loc == ASIDE
                   and p.grade == MILITIA and not p.foreign)
    assert aside_mf == 3 - len(state.border_used)
    units = [p for p in state.pieces if p.foreign]
    assert len(units) == (4 if state.options.foreign_intervention else 0)
    for p in units:
        assert p.side == CSA and p.grade == "veteran" and p.arm == INFANTRY, p
        assert p.loc not in (POOL, SPARE), p
        if not state.intervention_turn:
            assert p.loc == ASIDE, p
    assert q.in_play(state, CSA) == sum(1 for p in q.pieces_of(state, CSA) if not p.foreign)


@pytest.mark.parametrize("options", OUTSIDE_HELP_SETS, ids=OUTSIDE_HELP_IDS)
@pytest.mark.parametrize("seed", range(OUTSIDE_HELP_SEEDS))
def test_fuzz_a8_3_a8_4_play_to_the_end(seed: int, options: dict) -> None:
    match = play(seed + 5000, dict(options), check=outside_help_invariants)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.turn <= state.last_turn


@pytest.mark.parametrize("scenario", ["1862", "1863", "1864"])
def test_fuzz_a8_3_a8_4_in_the_scenarios(scenario: str) -> None:
    match = play(6000, {**ALL_ADVANCED, **OUTSIDE_HELP}, scenario,
                 check=outside_help_invariants)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.start_turn <= state.turn <= state.last_turn


@pytest.mark.parametrize("scenario", ["campaign", "1862", "1863", "1864"])
@pytest.mark.parametrize("extra", [{}, ALL_ADVANCED], ids=["alone", "all-advanced"])
def test_fuzz_a8_3_a8_4_forced_play_to_the_end(monkeypatch: pytest.MonkeyPatch, scenario: str,
                                               extra: dict) -> None:
    """Every border state eligible and intervention granted at the first Confederate player
    turn: the A8.3 rolls until all three militia have joined, and a whole game of Confederate
    naval moves, foreign units sailing from Europe, lost and replaced."""
    from core.ahd import border, foreign
    monkeypatch.setattr(border, "eligible", lambda state: [
        b for b in border.SUPPORT_NUMBER if b not in state.border_used])
    monkeypatch.setattr(foreign, "conditions_met", lambda state: True)
    seen: dict[str, bool] = {}

    def check(state: AhdState) -> None:
        outside_help_invariants(state)
        if any(p.foreign and p.on_map for p in state.pieces):
            seen["landed"] = True

    match = play(7000, {**extra, **OUTSIDE_HELP}, scenario, check=check)
    state = match.state
    assert isinstance(state, AhdState)
    assert state.intervention_turn and state.border_rolls
    assert seen.get("landed"), "no foreign unit ever reached the map"
