"""The positions with an obvious right move (tests/data/ai_positions, bench/ai_positions.py;
issue 19, part 6) stay what they claim: at least 15 per game, each reached by legal play from
Match.new, the role to decide there, the right actions legal and fewer than all the choices
(a position where every move is right would prove nothing), and the rule of thumb that found
each one still finding the same right actions on today's rules. How often the computer finds
them is measured by `python -m bench.ai_positions --check` (docs/ai.md), not here: it takes
minutes."""
from __future__ import annotations

import pytest

from bench.ai_positions import FINDERS, GAMES, load
from core.ai.search import searched


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_at_least_15_positions(game):
    assert len(load(game)) >= 15


@pytest.mark.parametrize("game", GAMES)
def test_each_position_is_reached_by_play_and_its_right_moves_are_some_of_the_legal_ones(game):
    for position in load(game):
        match = position.match()
        assert position.role in match.active
        legal = {c.action for c in searched(match.actions(position.role))}
        right = position.right_actions()
        assert right and right <= legal and len(right) < len(legal), position.why
        found = FINDERS[game][position.kind](match, position.role,
                                             match.actions(position.role))
        assert found is not None
        assert {c.action for c in found[0]} == right


PASSIVE_KIND = {"free-city": "marches unused with a free city in reach",
                "cover-capital": "capital left bare within the enemy's reach",
                "bring-on": "reinforcement left off the map (could enter)",
                "arrivals": "round ended with results left and reinforcements waiting",
                "fire": "fire declined",
                "use-ops": "OPS unused (card discarded for nothing)",
                "pc": "PC actions left unused",
                "spend-cp": "CP left unused (stopped with an Army to move or a flag to place)"}


@pytest.mark.parametrize("game", GAMES)
def test_passivity_counts_a_wrong_choice_of_the_positions_and_never_a_right_one(game):
    """bench/ai_strength.py's PASSIVITY (docs/ai.md, "Passivity, defined") on the suite: in
    every position each right action counts as no passivity of the position's kind, and at
    least one position per game has a wrong action that counts."""
    from bench.ai_strength import PASSIVITY
    counted = 0
    for position in load(game):
        match = position.match()
        choices = match.actions(position.role)
        test = PASSIVITY[game][PASSIVE_KIND[position.kind]]
        for action in position.right_actions():
            assert not test(match, position.role, choices, action), position.why
        counted += any(test(match, position.role, choices, c.action) for c in choices
                       if c.action not in position.right_actions())
    assert counted >= 1
