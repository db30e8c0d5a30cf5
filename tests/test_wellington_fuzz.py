"""Random-play fuzzer for Wellington (issue 10 part 7).

Whole games through Match from many seeds, both scenarios, with 4, 3 (either split) and 2
players, to the end: no exception, no dead end, and the invariants after every action: the 110
cards conserved across the deck, hands, national decks, Reserves, the boxes, the discard pile
and the removed cards; no Power with more counters of a type than its counter mix (1.5) nor a
negative count anywhere; every commander somewhere known; no view holding a card of another
Power's hand, and every hand size right. `MUSTER_FUZZ_SEEDS=40 pytest
tests/test_wellington_fuzz.py` runs it larger.
"""
from __future__ import annotations

import os

import pytest

from core import cards
from core.engine import Action, Match
from core.playout import random_playout
from core.registry import get_rules
from core.wellington import building, deck
from core.wellington.state import ENGLAND, POWERS, REGROUP, UNBUILT, WellingtonState
from maps import wellington as wellington_map

SEEDS = int(os.environ.get("MUSTER_FUZZ_SEEDS", "2"))
RULES = get_rules("wellington")
CATALOGUE = [c.number for c in deck.CARDS]
SPLITS = ("4", "3-allies", "3-french", "2")
PLACES = set(wellington_map.load().locations) | {ENGLAND, REGROUP}


def check(match: Match, role: str, action: Action) -> None:
    state = match.state
    assert isinstance(state, WellingtonState)
    assert len(CATALOGUE) == 110
    cards.check_conserved(state.piles, CATALOGUE)
    for where, by_power in state.troops.items():
        assert where in PLACES, where
        for power, counts in by_power.items():
            assert power in POWERS and min(counts) >= 0 and any(counts), (where, power, counts)
    for power in POWERS:
        used, mix = building.in_play(state, power), building.mix(power)
        assert all(u <= m for u, m in zip(used, mix)), (power, used, mix)
    for commander, where in state.commanders.items():
        assert where in PLACES or where == UNBUILT, (commander, where)
    for viewer in POWERS:
        view = match.view(viewer)
        own = set(state.piles.hands.get(viewer, []))
        others = {n for power, hand in state.piles.hands.items() if power != viewer
                  for n in hand} - own
        shown = {c.id for c in view.hand or []} | {c.id for pile in view.piles.values()
                                                   for c in pile}
        assert not (shown & others), f"{viewer} sees a card of another Power's hand"
        for power in POWERS:
            assert view.hand_sizes.get(power, 0) == len(state.piles.hands.get(power, []))


@pytest.mark.parametrize("scenario", ["1812", "1813"])
@pytest.mark.parametrize("split", SPLITS)
@pytest.mark.parametrize("seed", range(1, SEEDS + 1))
def test_random_games_finish_with_every_invariant(seed: int, split: str, scenario: str) -> None:
    match = random_playout(RULES, seed, scenario=scenario, options={"players": split},
                           on_action=check, max_actions=40_000)
    assert match.result and match.result.startswith(("The French win", "The Allies win"))
