"""Random-play fuzzer for Wellington (issue 10 part 7).

Whole games through Match, both scenarios, with 4, 3 (either split) and 2 players, to the
end: no exception, no dead end, and the invariants after every action: the 110 cards conserved
across the deck, hands, national decks, Reserves, the boxes, the discard pile and the removed
cards; no Power with more counters of a type than its counter mix (1.5) nor a negative count
anywhere; every commander somewhere known; and what each Power sees (tests/support/
wellington_sight.py): no log line naming a card still hidden, no view holding a card of another
Power's hand, every hand size right.

The split changes only who reads which Power's view and the end of the game (19.1, 18.32), not
the random play: the same seed plays the same game in every split. So each split has seeds of
its own (`seed_of`), and every game played is a different one. `MUSTER_FUZZ_SEEDS=40 pytest
tests/test_wellington_fuzz.py` plays 40 games per scenario and split.
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
from tests.support.wellington_sight import Sight

SEEDS = int(os.environ.get("MUSTER_FUZZ_SEEDS", "1"))
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


def seed_of(split: str, index: int) -> int:
    """The seed of a split's index-th game: 1, 5, 9... for the first split, 2, 6, 10... for
    the second; no two splits share one."""
    return 1 + index * len(SPLITS) + SPLITS.index(split)


@pytest.mark.parametrize("scenario", ["1812", "1813"])
@pytest.mark.parametrize("split", SPLITS)
@pytest.mark.parametrize("index", range(SEEDS))
def test_random_games_finish_with_every_invariant(index: int, split: str, scenario: str) -> None:
    seed, options = seed_of(split, index), {"players": split}
    sight = Sight(Match.new(RULES, seed=seed, scenario=scenario, options=options))

    def on_action(match: Match, role: str, action: Action) -> None:
        check(match, role, action)
        sight(match, role, action)

    match = random_playout(RULES, seed, scenario=scenario, options=options,
                           on_action=on_action, max_actions=40_000)
    assert match.result and match.result.startswith(("The French win", "The Allies win"))


def test_no_two_splits_play_the_same_seed() -> None:
    seeds = [seed_of(split, index) for split in SPLITS for index in range(max(SEEDS, 10))]
    assert len(set(seeds)) == len(seeds) and min(seeds) == 1
