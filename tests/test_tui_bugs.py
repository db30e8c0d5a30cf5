"""The bugs new players hit (issue 17, "Bugs"), each driven by keys (Textual Pilot) at 80x24.

Every test here failed on the code before its fix (checked by running it there)."""
from __future__ import annotations

import pytest

from core import registry
from core.engine import Action, Match
from tests.support.pilot import until
from tests.support.toygame import registered
from tests.support.tui_toy import HIDDEN_RULES, RULES
from tui.app import MusterApp
from tui.screens.dialogs import HandoffScreen, TurnBanner
from tui.screens.game import GameScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def game(app) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, not {screen!r}"
    return screen


def burst(app, keys: list[str]) -> None:
    """Keys typed faster than the app reads them: every event exists before the first is
    handled (a terminal's input buffer)."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


# -- bug 1: two keys in one burst at the hand-off screen ----------------------------------


@pytest.mark.parametrize("keys", [["1", "1"], ["enter", "enter"], ["x", "y", "z"]])
async def test_a_burst_of_keys_at_the_hand_off_lifts_it_once(keys):
    """Each key dismissed the screen again: the second popped the game screen itself and
    left a blank screen where only ctrl+q worked."""
    with registered(HIDDEN_RULES):
        match = Match.new(HIDDEN_RULES, seed=3)
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            burst(app, keys)
            await until(pilot, lambda: not isinstance(app.screen, HandoffScreen))
            await pilot.pause()
            screen = game(app)
            assert screen.role == "Red" and match.history == []
            assert screen in app.screen_stack


async def test_a_burst_of_enters_at_the_turn_banner_lifts_it_once():
    with registered(RULES):
        match = Match.new(RULES, seed=3, players={"Red": "Alice", "Blue": "Bob"})
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = game(app)
            await pilot.press("slash", *"end", "enter")
            await until(pilot, lambda: isinstance(app.screen, TurnBanner))
            banner = app.screen
            await until(pilot, lambda: banner.is_mounted)
            banner.ignore_until = 0.0  # past its grace
            burst(app, ["enter", "enter", "enter"])
            await until(pilot, lambda: not isinstance(app.screen, TurnBanner))
            await pilot.pause()
            assert app.screen is screen and screen.role == "Blue"
            assert len(match.history) == 1
