"""bench/ai_strength.py's choice of games and scenarios (`--games`)."""
import pytest

from bench.ai_strength import EVERY_GAME, games_of


def test_no_names_plays_every_game_from_its_first_scenario() -> None:
    assert games_of(None) == EVERY_GAME


def test_a_game_named_with_a_scenario_plays_that_scenario_with_the_games_options() -> None:
    assert games_of("wellington:1812,gettysburg-1863") == (
        ("wellington", "1812", {"players": "2"}), ("gettysburg-1863", "day-1", {}))


def test_an_unknown_game_is_refused_with_the_names_known() -> None:
    with pytest.raises(SystemExit, match="no game 'chess': one of a-house-divided"):
        games_of("chess")


def test_another_scenario_of_a_house_divided_is_played_without_the_short_game() -> None:
    # the short game (B13.0) is the campaign's first year: setting it up for 1862 is refused
    assert games_of("a-house-divided:1862,a-house-divided:campaign") == (
        ("a-house-divided", "1862", {}), ("a-house-divided", "campaign", {"short_game": True}))
