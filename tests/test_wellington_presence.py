"""Who stands where (core/wellington/presence.py), the index kept up to date by the writers of
pieces, agrees with one built afresh from the state after every action of random games: played
in place (one state changed action after action, as random play does) and by copies (every
action a new state, as the computer player's search does)."""
from __future__ import annotations

import msgspec

from core import rng
from core.engine import Match
from core.playout import random_playout
from core.wellington import presence
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
