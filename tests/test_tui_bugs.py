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


# -- bug 2: undo survives quit and continue -----------------------------------------------


@pytest.mark.parametrize("game_id", ["a-house-divided", "gettysburg-1863", "washingtons-war"])
async def test_undo_after_quit_and_continue(game_id):
    """March, q, `muster continue`, u: the march is taken back (it said "nothing to undo")."""
    from tui.screens.title import TitleScreen

    match = Match.new(registry.get_rules(game_id), seed=3)
    # a first undoable action of the person (no die, no hand-over)
    role = match.active[0]
    undoable = None
    for choice in match.actions(role):
        trial = Match(match.rules, match.header, match.state, players=match.players)
        trial.act(role, choice.action)
        if trial.can_undo:
            undoable = choice
            break
    assert undoable is not None
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("space")
            await pilot.pause()
        start = match.view(role)
        game(app).take(undoable)
        await pilot.pause()
        assert len(match.history) == 1 and match.can_undo
        await pilot.press("q")
        await pilot.pause()

    again = MusterApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TitleScreen)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(again.screen, (GameScreen, HandoffScreen)))
        if isinstance(again.screen, HandoffScreen):
            await pilot.press("space")
            await pilot.pause()
        resumed = game(again)
        assert len(resumed.match.history) == 1
        await pilot.press("u")
        await pilot.pause()
        assert resumed.match.history == []
        assert resumed.match.view(role) == start
        assert not any("nothing" in str(n.message) for n in again._notifications)


# -- bug 3: after continue the log and the map cursor are where the game is -----------------


def played_ahd(actions: int = 40, seed: int = 5) -> Match:
    import random

    match = Match.new(registry.get_rules("a-house-divided"), seed=seed)
    chooser = random.Random(1)
    for _ in range(actions):
        role = match.active[0]
        match.act(role, chooser.choice(match.actions(role)).action)
    return match


def at_end(log) -> bool:
    return log.max_scroll_y > 0 and log.scroll_y >= log.max_scroll_y


async def test_continue_opens_the_log_at_its_newest_line():
    from saves import load_match, save_match
    from tui.panes import LogPane

    match = played_ahd()
    path = save_match(match, match_path())
    app = MusterApp(match=load_match(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = game(app).query_one(LogPane)
        await until(pilot, lambda: log.max_scroll_y > 0)
        await pilot.pause()
        assert at_end(log), (log.scroll_y, log.max_scroll_y)


def match_path():
    from saves import saves_dir

    return saves_dir() / "g.muster"


async def test_continue_puts_the_map_cursor_where_the_last_action_was():
    from tui.mappane import MapPane

    match = played_ahd()
    role, action = match.history[-1]
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        mappane = screen.query_one(MapPane)
        last = action.noun
        assert last in screen.canvas.places  # this game's last action names a place
        expected = last if last in mappane.targets or not mappane.targets \
            else mappane._nearest_target(last)
        assert mappane.cursor == expected
        assert mappane.cursor != screen.canvas.first() or expected == screen.canvas.first()


@pytest.mark.parametrize("how", ["search", "zoom"])
async def test_the_log_follows_new_entries_after_a_search_or_a_zoom(how):
    from tui.panes import LogPane

    match = played_ahd()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        log = screen.query_one(LogPane)
        log.focus()
        await pilot.pause()
        if how == "search":
            await pilot.press("slash", *"union", "enter")
            await pilot.pause()
            await pilot.press("home")  # reading the oldest lines
            await pilot.press("escape")
        else:
            await pilot.press("z")
            await pilot.pause()
            await pilot.press("home")
            await pilot.press("z")
        await pilot.pause()
        await pilot.press("escape")  # back to the map: the player plays on
        await pilot.pause()
        assert not log.has_focus
        before = len(log.entries)
        while len(log.entries) == before:
            role = match.active[0]
            screen.take(screen.view.actions[0])
            await pilot.pause()
            if not isinstance(app.screen, GameScreen):  # a turn banner
                app.screen.dismiss(None)
                await pilot.pause()
        await pilot.pause()
        assert at_end(log), (log.scroll_y, log.max_scroll_y)
