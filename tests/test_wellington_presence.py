"""Who stands where (core/wellington/presence.py), the index kept up to date by the writers of
pieces, agrees with one built afresh from the state after every action of random games: played
in place (one state changed action after action, as random play does) and by copies (every
action a new state, as the computer player's search does)."""
from __future__ import annotations

import msgspec

from core import rng
from core.engine import Match
from core.playout import random_playout
from core.wellington import flags, presence
from core.wellington.rules import RULES
from core.wellington.state import WellingtonState

GAMES = (("1812", 1), ("1813", 2), ("1812", 3))


class _Chooser:
    def __init__(self, seed: int) -> None:
        self.rng = rng.seed_state(seed)


def _same_as_afresh(state: WellingtonState) -> None:
    kept = presence.known(state)
    assert kept is not None                   # (every action asks who stands where)
    fresh = presence.Presence(state)
    assert kept.chiefs == fresh.chiefs
    assert kept.powers == fresh.powers
    assert kept.changes >= 0
    assert kept.seen_troops == state.troops           # (so `checked` never builds it again
    assert kept.seen_commanders == state.commanders   # in play: only after writes by hand)
    assert {p: t for p, t in kept.totals.items() if any(t)} == {
        p: t for p, t in fresh.totals.items() if any(t)}


def test_the_index_kept_in_place_is_the_one_built_afresh() -> None:
    actions = 0
    for scenario, seed in GAMES:
        match = Match.new(RULES, seed=seed, scenario=scenario)
        match.keeps_undo = False
        match.in_place = True
        chooser = _Chooser(seed)
        while match.state.result is None:
            role = next(r for r in match.state.active if match.actions(r))
            choices = match.actions(role)
            match.take(role, choices, rng.randbelow(chooser, len(choices)))
            _same_as_afresh(match.state)
            actions += 1
    assert actions > 1000


def test_the_index_copied_with_the_state_is_the_one_built_afresh() -> None:
    actions = 0

    def each(match: Match, _role: str, _action: object) -> None:
        nonlocal actions
        actions += 1
        _same_as_afresh(match.state)

    for scenario, seed in GAMES:
        random_playout(RULES, seed, scenario=scenario, on_action=each)
    assert actions > 1000


def test_the_index_is_not_saved() -> None:
    match = Match.new(RULES, seed=1)
    state = match.state
    assert presence.known(state) is not None
    encoded = msgspec.json.encode(state)
    assert b"_presence" not in encoded
    presence.forget(state)
    assert msgspec.json.encode(state) == encoded


def test_a_position_written_by_hand_is_read_as_written() -> None:
    """A test or a check outside the project may set up a position by writing the state
    (`state.commanders[...] = ...`, `state.troops[...] = ...`, `state.flags[...] = ...`):
    the rules' door (`presence.checked`, in every listing, view and act) sees it."""
    match = Match.new(RULES, seed=2, scenario="1813")
    state = match.state
    role = next(r for r in state.active if match.actions(r))
    cid, was = next((c, w) for c, w in state.commanders.items()
                    if w in state.troops and len(flags.powers_present(state, w)) == 1)
    power = presence.commander_power(cid)
    empty = next(d for d in ("lisboa", "madrid", "sevilla", "bayonne", "burgos", "valencia",
                             "zaragoza", "salamanca") if not flags.powers_present(state, d))
    state.commanders[cid] = empty
    match.actions(role)
    assert power in flags.powers_present(state, empty)
    state.troops[empty] = {"Spain": [2, 0, 0]}
    RULES.view(state, role)
    assert flags.powers_present(state, empty) == {power, "Spain"}
    changes = presence.of(state).changes
    state.flags[empty] = "Spain"
    RULES.actions(state, role)
    assert presence.of(state).changes > changes       # the immediate-end memo is stale
    assert presence.Presence(state).powers == presence.of(state).powers
