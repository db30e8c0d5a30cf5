"""The terminal UI driven by keys (Textual Pilot), at 80x24 unless said otherwise.

The main flows (new game from the title screen, actions by number / arrows + Enter / map jump
keys, undo, quit and continue, load) play A House Divided. The rest play the toy game of
tests/support/tui_toy.py, whose small board the tests know (two choices on one location,
hidden hands for the hand-off screen, a quick game over).
"""
from __future__ import annotations

import pytest
from textual._time import get_time  # the clock of key events and of the banner's grace

from core import registry
from core.engine import Action, Choice, Match
from tests.support.pilot import until
from tests.support.toygame import RULES as RACE
from tests.support.toygame import registered
from tests.support.tui_toy import HIDDEN_RULES, RULES
from tui.actionmenu import ActionMenu
from tui.app import MusterApp
from tui.mapcanvas import MapCanvas, hint_labels, side_codes
from tui.mappane import MapPane
from tui.screens.dialogs import ConfirmDialog, GameOverDialog, HandoffScreen, PickDialog, \
    TurnBanner
from tui.screens.game import GameScreen
from tui.screens.help import KEYS, HelpScreen
from tui.screens.load import LoadScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen

SIZE = (80, 24)
AHD = "a-house-divided"


@pytest.fixture
def ahd():
    return registry.get_rules(AHD)


def ahd_match(seed: int = 3) -> Match:
    return Match.new(registry.get_rules(AHD), seed=seed)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def toy(monkeypatch):
    """The toy is the only game (so the new-game screen's default is the toy)."""
    monkeypatch.setattr(registry, "_GAMES", {})
    with registered(RULES), registered(HIDDEN_RULES), registered(RACE):
        registry._GAMES.pop(HIDDEN_RULES.id)
        registry._GAMES.pop(RACE.id)
        yield RULES


def game(app) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, not {screen!r}"
    return screen


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


# -- the title screen and the new-game screen ------------------------------------------


async def test_new_game_from_the_title_screen_by_keys(ahd):
    app = MusterApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # focus starts on Start: the default game, a fresh seed
        await pilot.pause()
        screen = game(app)
        assert screen.match.header.game == AHD
        assert screen.match.header.scenario == ahd.scenarios()[0]
        assert f"seed {screen.match.header.seed}" in screen.sub_title
        assert screen.save_path is not None and screen.save_path.exists()  # saved at once
        # 80 columns: "TO ACT" gives its room to the pinned tracks (docs/ui.md)
        assert "▶ UNION " in str(screen.query_one("#turn").render())


async def test_new_game_screen_shows_every_option_and_takes_a_seed(toy):
    app = MusterApp(start="new")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = " ".join(str(w.render()) for w in screen.query("Label, Static, Checkbox"))
        for spec in RULES.option_specs():
            assert spec.label in text and spec.help in text and spec.balance in text
        screen.query_one("#seed").value = "1234"
        await pilot.click("#start")
        await pilot.pause()
        assert game(app).match.header.seed == 1234


async def test_new_game_screen_reports_a_bad_option(toy):
    app = MusterApp(start="new")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        marches = next(w for w in screen.query("#options Input")
                       if getattr(w, "option_key", "") == "marches")
        marches.value = ""
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "marches" in str(screen.query_one("#error").render())


# -- taking actions ----------------------------------------------------------------------


async def test_action_by_number_key_autosaves(ahd):
    import saves

    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = game(app).query_one(ActionMenu).numbered[0]
        await pilot.press("1")
        await pilot.pause()
        assert match.history == [("Union", first.action)]
        saved = saves.load_match(game(app).save_path)
        assert saved.history == match.history


async def test_action_by_arrows_and_enter(ahd):
    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = game(app).query_one(ActionMenu)
        second = menu.numbered[1]
        await pilot.press("slash", "down")  # filter box, then the list
        await pilot.pause()
        assert app.focused.id == "actions"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert match.history == [("Union", second.action)]


async def test_action_by_typing_a_filter(toy):
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"end the", "enter")
        await pilot.pause()
        assert match.history == [("Red", Action("end", None))]


async def test_map_cursor_and_enter(toy):
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mappane = game(app).query_one(MapPane)
        assert app.focused is mappane
        mappane.move_to("keep")
        await pilot.press("left")  # from the Keep, west is the Ford
        assert mappane.cursor == "ford"
        await pilot.press("up")  # north of the Ford: the Mill (closer than the Harbor)
        assert mappane.cursor == "mill"
        await pilot.press("h")  # west of the Mill: the Harbor
        assert mappane.cursor == "harbor"
        await pilot.press("enter")
        await pilot.pause()
        assert match.history == [("Red", Action("march", "harbor"))]


async def test_map_jump_keys_take_a_target_in_at_most_three_keys(ahd):
    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        mappane = screen.query_one(MapPane)
        await pilot.press("f")
        assert mappane.jumping
        single = [loc for loc, choices in screen.targets.items() if len(choices) == 1]
        target = single[-1]
        expected = screen.targets[target][0].action
        label = mappane.hint_for(target)
        assert label is not None and len(label) <= 2
        # every label is listed under the map (targets off screen can be picked as well)
        assert f"{label} {mappane.canvas.places[target].abbr}" in str(
            screen.query_one("#info").render())
        await pilot.press(*label)
        await pilot.pause()
        assert not mappane.jumping and mappane.cursor == target
        assert match.history == [("Union", expected)]


async def test_jump_to_a_box_with_several_actions_opens_a_menu(ahd):
    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        crowded = next(loc for loc, choices in screen.targets.items() if len(choices) > 1)
        mappane = screen.query_one(MapPane)
        await pilot.press("f")
        await pilot.press(*mappane.hint_for(crowded))
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        expected = app.screen.items[1].action
        await pilot.press("2")
        await pilot.pause()
        assert match.history == [("Union", expected)]


async def test_jump_to_a_location_with_several_actions_opens_a_menu(toy):
    match = Match.new(RULES, seed=3)
    for loc in ("pass",):
        match.act("Red", ("march", loc))  # R1 from the Keep to the Pass: next to the Tower
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mappane = game(app).query_one(MapPane)
        await pilot.press("f")
        await pilot.press(*mappane.hint_for("tower"))
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        assert [c.action.verb for c in app.screen.items] == ["attack", "probe"]
        await pilot.press("2")
        await pilot.pause()
        assert match.history[-1] == ("Red", Action("probe", "tower"))


async def test_escape_cancels_jump_mode(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f", "escape")
        mappane = game(app).query_one(MapPane)
        assert not mappane.jumping and not mappane.canvas.hints
        assert app.screen.match.history == []


async def test_targets_are_marked_with_a_glyph_not_only_colour(toy):
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        canvas = game(app).canvas
        rows = [canvas.plain_row(r) for r in range(canvas.height)]
        for loc in ("mill", "harbor", "vale"):  # targets
            place = canvas.places[loc]
            assert rows[place.y][place.right] == "*"
        place = canvas.places["tower"]  # not a target for Red now
        assert rows[place.y][place.right] != "*"
        # control letters: the Keep and the Ford are Red's, the Tower Blue's
        assert rows[canvas.places["ford"].y][canvas.places["ford"].left - 1] == "r"
        assert rows[canvas.places["tower"].y][canvas.places["tower"].left - 1] == "b"


async def test_map_scrolls_to_keep_the_cursor_visible(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mappane = game(app).query_one(MapPane)
        mappane.move_to("tower")  # far bottom right of a 180x60 canvas
        await pilot.pause()
        place = mappane.canvas.places["tower"]
        x, y = mappane.scroll_offset
        width, height = mappane.scrollable_content_region.size
        assert x <= place.left and place.right <= x + width
        assert y <= place.y < y + height


async def test_info_line_describes_the_cursor_location(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game(app)
        screen.query_one(MapPane).move_to("ford")
        await pilot.pause()
        info = str(screen.query_one("#info").render())
        for fact in ("Ford", "held by Red", "recruiting 2", "strength 2", "entrenched",
                     "river to Harbor Town", "road to Red Keep"):
            assert fact in info


async def test_illegal_action_shows_its_message_and_changes_nothing(toy):
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = match.view("Red")
        game(app).take(Choice(Action("march", "tower"), "March to Blue Tower"))
        await pilot.pause()
        assert match.history == [] and match.view("Red") == before
        assert any("not a legal action" in n for n in notes(app))


async def test_undo_and_nothing_to_undo(ahd):
    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = match.view("Union")
        await pilot.press("1")
        await pilot.pause()
        assert len(match.history) == 1
        await pilot.press("u")
        await pilot.pause()
        assert match.history == [] and match.view("Union") == start
        assert game(app).view == start
        await pilot.press("u")
        await pilot.pause()
        assert any("nothing to undo" in n for n in notes(app))


# -- quitting and continuing -------------------------------------------------------------


async def test_quit_then_continue_finds_the_same_view(ahd):
    match = ahd_match(seed=11)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")
        await pilot.pause()
        role = match.active[0]
        expected = match.view(role)
        assert len(match.history) == 2
        # the last action's autosave is undone: only quitting can write the game as it is
        game(app).save_path.unlink()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)

    again = MusterApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TitleScreen)
        await pilot.press("c")
        await pilot.pause()
        resumed = game(again)
        assert resumed.match.history == match.history
        assert resumed.match.view(role) == expected
        assert resumed.role == role and resumed.view == expected


async def test_quit_autosaves_even_without_an_action(toy):
    import saves

    match = Match.new(RULES, seed=4)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # the opening autosave exists: take it away, and play on past the screen (no autosave)
        path = game(app).save_path
        path.unlink()
        role = match.active[0]
        match.act(role, match.view(role).actions[0].action)
        assert saves.latest_save() is None
        await pilot.press("q")
        await pilot.pause()
    assert saves.latest_save() == path
    assert saves.load_match(path).history == match.history != []


async def test_continue_with_no_save_says_so(toy):
    app = MusterApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert any("No saved game" in n for n in notes(app))


# -- other screens -----------------------------------------------------------------------


async def test_help_screen_opens_and_closes(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def test_help_lists_every_binding():
    documented = " ".join(keys for _, rows in KEYS for keys, _ in rows)
    from tui.app import MusterApp as App_

    for owner in (GameScreen, MapPane, TitleScreen, LoadScreen, ConfirmDialog):
        for binding in owner.BINDINGS:
            for key in binding.key.split(","):
                name = {"question_mark": "?", "slash": "/", "escape": "esc"}.get(key, key)
                if key.isdigit():
                    name = "9" if key == "9" else "1"
                if key in ("left", "right", "up", "down"):
                    name = "arrows"
                assert name in documented, f"{owner.__name__}: {key} is not in the help"
    assert App_.BINDINGS  # ctrl+q is the standard quit; it autosaves too


async def test_load_screen_lists_damaged_saves_and_loads_the_others(ahd, home):
    import saves

    good = ahd_match(seed=21)
    good.act("Union", good.view("Union").actions[0].action)
    saves.autosave(good)
    broken = saves.saves_dir() / "broken.muster"
    broken.write_bytes(b"{ this is not a save")
    app = MusterApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        options = screen.query_one("#saves").options
        damaged = [o for o, info in zip(options, screen.infos) if info.error]
        assert len(damaged) == 1 and "broken.muster" in str(damaged[0].prompt)
        assert "DAMAGED" in str(damaged[0].prompt)
        error = next(i.error for i in screen.infos if i.error)
        assert error in str(damaged[0].prompt)  # the SaveError sentence, as list_saves has it
        await pilot.press("enter")  # the highlight starts on the first loadable save
        await pilot.pause()
        assert game(app).match.history == good.history
        assert game(app).match.view("Union") == good.view("Union")


def damaged_newest(home):
    """A damaged file that is the newest in the saves folder."""
    import os
    import time

    import saves

    broken = saves.saves_dir() / "broken.muster"
    broken.write_bytes(b"{ this is not a save")
    later = time.time() + 60
    os.utime(broken, (later, later))
    return broken


async def test_continue_past_a_damaged_newest_save_says_which_game_it_opens(toy, home):
    """Issue 7.7: Continue no longer skips a damaged newest save without a word."""
    import saves
    from saves.listing import read_info

    older = Match.new(RULES, seed=8)
    older.act("Red", ("march", "mill"))
    path = saves.autosave(older)
    broken = damaged_newest(home)
    app = MusterApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "DAMAGED" in str(app.screen.query_one("#latest").render())
        await pilot.press("c")
        await pilot.pause()
        assert game(app).match.history == older.history
        notice, = [n for n in notes(app) if "damaged" in n]
        assert notice.startswith("The newest save broken.muster is damaged (")
        assert read_info(path).summary in notice and "instead" in notice
    assert broken.exists()  # Continue never deletes or repairs


async def test_load_screen_deletes_a_save_only_after_confirmation(toy, home):
    import saves

    keep = saves.autosave(Match.new(RULES, seed=5))
    doomed = Match.new(RULES, seed=6)
    doomed.act("Red", ("march", "mill"))
    doomed_path = saves.autosave(doomed)  # the newest: highlighted first
    broken = damaged_newest(home)
    app = MusterApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert [i.path for i in screen.infos] == [broken, doomed_path, keep]
        assert screen.current.path == doomed_path
        for cancel in ("n", "escape"):
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            assert doomed_path.name in str(app.screen.query_one("#confirm-body").render())
            await pilot.press(cancel)
            await pilot.pause()
            assert app.screen is screen and doomed_path.exists()
            assert len(screen.query_one("#saves").options) == 3
        await pilot.press("delete", "y")
        await pilot.pause()
        assert app.screen is screen
        assert not doomed_path.exists() and keep.exists() and broken.exists()
        assert [i.path for i in screen.infos] == [broken, keep]
        assert len(screen.query_one("#saves").options) == 2
        assert any(f"Deleted {doomed_path.name}" in n for n in notes(app))
        # a damaged file: Enter says why it does not load, d + Enter deletes it
        await pilot.press("up")
        assert screen.current.path == broken
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and any("cannot be loaded" in n for n in notes(app))
        await pilot.press("d", "enter")
        await pilot.pause()
        assert not broken.exists() and keep.exists()
        assert [i.path for i in screen.infos] == [keep]
        assert sorted(p.name for p in saves.saves_dir().iterdir()) == [keep.name]


async def test_command_palette_reaches_everything(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = {c.title for c in app.get_system_commands(app.screen)}
        for title in ("Undo", "Save", "Help", "Quit", "New game", "Load game", "Continue",
                      "Jump to a target", "Maximize map", "Title screen"):
            assert title in titles


async def test_maximize_map_gives_it_the_width(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mappane = game(app).query_one(MapPane)
        before = mappane.size
        assert before.width >= 50 and before.height >= 10  # most of an 80x24 screen
        await pilot.press("m")
        await pilot.pause()
        assert mappane.size.width == 80 and mappane.size.height > before.height
        await pilot.press("m")
        await pilot.pause()
        assert mappane.size == before


async def test_roomy_layout_at_120x40(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game(app)
        assert not screen.has_class("-compact")
        for pane in ("#map", "#tracks", "#hand", "#log", "#menu", "#info"):
            assert screen.query_one(pane).size.height > 0
        assert "Marches left" in str(screen.query_one("#track-text").render())


# -- hotseat -----------------------------------------------------------------------------


async def test_hand_off_hides_the_board_between_players_with_hidden_hands(toy):
    with registered(HIDDEN_RULES):
        match = Match.new(HIDDEN_RULES, seed=3)
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen) and app.screen.role == "Red"
            await pilot.press("space")
            await pilot.pause()
            screen = game(app)
            await pilot.press("slash", *"end", "enter")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen) and app.screen.role == "Blue"
            await after_grace(pilot)
            await pilot.press("x")
            await pilot.pause()
            assert app.screen is screen and screen.role == "Blue"
            assert screen.view.hand == match.view("Blue").hand
            assert "BLUE TO ACT" in str(screen.query_one("#turn").render())


def hand_off_text(app) -> str:
    screen = app.screen
    assert isinstance(screen, HandoffScreen), f"expected the hand-off screen, not {screen!r}"
    return str(screen.query_one("#handoff-text").render())


async def end_turn(pilot) -> None:
    await pilot.press("slash", *"end", "enter")
    await pilot.pause()


async def after_grace(pilot) -> None:
    """Wait until the hand-off screen or turn banner takes keys (keys typed in a burst right
    after the player changed are dropped as type-ahead). The screen moves its `ignore_until`
    when it is drawn, which a loaded machine may delay: wait on that time, not on a guess."""
    await pilot.pause(TurnBanner.GRACE + 0.05)
    await until(pilot, lambda: get_time() > getattr(pilot.app.screen, "ignore_until", 0.0))


async def test_no_hand_off_when_one_player_holds_both_roles(toy):
    """DESIGN "Roles and players": hotseat hands over when the player changes, not the role."""
    with registered(HIDDEN_RULES):
        match = Match.new(HIDDEN_RULES, seed=3, players={"Red": "Alice", "Blue": "Alice"})
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = game(app)  # one person: no hand-off, not even when the game opens
            await end_turn(pilot)
            assert app.screen is screen and screen.role == "Blue"
            assert screen.view.hand == match.view("Blue").hand
            assert "BLUE TO ACT" in str(screen.query_one("#turn").render())


async def test_hand_off_names_the_next_player_when_the_player_changes(toy):
    with registered(HIDDEN_RULES):
        match = Match.new(HIDDEN_RULES, seed=3, players={"Red": "Alice", "Blue": "Bob"})
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Alice (Red): press any key" in hand_off_text(app)
            await pilot.press("space")
            await pilot.pause()
            screen = game(app)
            await end_turn(pilot)
            assert (app.screen.player, app.screen.role) == ("Bob", "Blue")
            assert "Bob (Blue): press any key" in hand_off_text(app)
            await after_grace(pilot)
            await pilot.press("x")  # the key only lifts the screen: it is not an action
            await pilot.pause()
            assert app.screen is screen and screen.role == "Blue"
            assert len(match.history) == 1


async def test_no_hand_off_to_or_back_from_the_computer(toy):
    with registered(HIDDEN_RULES):
        match = Match.new(HIDDEN_RULES, seed=3, players={"Red": "Alice", "Blue": "computer"})
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("space")  # Alice takes the keyboard
            await pilot.pause()
            screen = game(app)
            await end_turn(pilot)
            assert app.screen is screen and screen.role == "Blue"  # the computer's role
            await end_turn(pilot)
            assert app.screen is screen and screen.role == "Red"  # Alice still has it


async def test_no_hand_off_without_hidden_information(toy):
    """An open game gets the turn banner instead: the board stays visible behind it."""
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await pilot.press("slash", *"end", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
        assert isinstance(app.screen, TurnBanner) and app.screen_stack[-2] is screen
        assert screen.role == "Blue"
        assert "BLUE TO ACT" in str(screen.query_one("#turn").render())


async def test_game_over_is_shown_and_the_game_stays_viewable(toy):
    match = Match.new(RULES, seed=3, scenario="short", players={"Red": "Al", "Blue": "Al"})
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(6):
            await pilot.press("slash", *"end", "enter")
            await pilot.pause()
        assert match.result is not None, match.history
        assert isinstance(app.screen, GameOverDialog)
        await pilot.press("escape")
        await pilot.pause()
        screen = game(app)
        assert "GAME OVER" in str(screen.query_one("#turn").render())
        await pilot.press("right")  # the map still moves
        await pilot.press("1")  # nothing to take: no crash, no change
        await pilot.pause()
        assert len(match.history) == 6


async def test_a_game_without_a_board_still_plays(monkeypatch):
    with registered(RACE):
        match = Match.new(RACE, seed=1)
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            assert len(match.history) == 1
            assert "lane-north" in game(app).canvas.places


# -- the canvas, without Textual ----------------------------------------------------------


def test_hint_labels_are_prefix_free_and_short():
    for count in (1, 5, 26, 27, 100, 300):
        labels = hint_labels(count)
        assert len(labels) == len(set(labels)) == count
        assert all(1 <= len(label) <= 2 for label in labels)
        for a in labels:
            assert not any(b != a and b.startswith(a) for b in labels)


def test_side_codes_are_unique():
    codes = side_codes(["Union", "Confederate", "Comanche", "Union"])
    assert codes["Union"] == "U" and codes["Confederate"] == "C"
    assert len(set(codes.values())) == 3


def test_nearest_location_in_each_direction():
    canvas = MapCanvas(RULES.board(), ["Red", "Blue"])
    assert canvas.nearest("keep", -1, 0) == "ford"
    assert canvas.nearest("keep", 1, 0) == "pass"
    assert canvas.nearest("keep", 0, -1) == "mill"
    assert canvas.nearest("harbor", -1, 0) is None  # nothing west of the westmost
    assert canvas.nearest("harbor", 0, -1) is None


def test_links_are_drawn_with_characters_of_their_kind():
    # rail double, road single, river wavy (tests/test_tui_map.py has the details)
    canvas = MapCanvas(RULES.board(), ["Red", "Blue"])
    canvas.update({}, {}, [], None)
    text = "\n".join(canvas.plain_row(r) for r in range(canvas.height))
    assert "═" in text and "─" in text and ("~" in text or "≀" in text)


async def test_several_active_roles_the_player_picks_which(toy):
    match = Match.new(RULES, seed=3)
    match.state.active = ["Red", "Blue"]  # both may act (e.g. a simultaneous step)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        assert screen.role == "Red"
        assert "also active: Blue" in str(screen.query_one("#turn").render())
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PickDialog)
        await pilot.press("2")
        await pilot.pause()
        assert screen.role == "Blue" and "BLUE TO ACT" in str(screen.query_one("#turn").render())
        await pilot.press("1")
        await pilot.pause()
        assert match.history[0][0] == "Blue"


async def test_next_target_key_cycles_the_cursor_through_targets(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mappane = game(app).query_one(MapPane)
        seen = []
        for _ in range(len(mappane.targets)):
            await pilot.press("n")
            seen.append(mappane.cursor)
        assert sorted(seen) == sorted(mappane.targets)
        await pilot.press("N")
        assert mappane.cursor == seen[-2]


async def test_location_details_and_card_text_dialogs(toy):
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game(app).query_one(MapPane).move_to("keep")
        await pilot.press("i")
        await pilot.pause()
        assert "strength 3" in str(app.screen.body)
        await pilot.press("escape")
        await pilot.pause()
        cards = game(app).query_one("#cards")
        cards.focus()
        await pilot.press("enter")
        await pilot.pause()
        card = RULES.view(app.screen_stack[-2].match.state, "Red").hand[0]
        assert card.text in str(app.screen.body)


async def test_mouse_click_moves_the_cursor_and_a_second_click_acts(toy):
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mappane = game(app).query_one(MapPane)
        place = mappane.canvas.places["mill"]

        def offset():
            x, y = mappane.scroll_offset
            region = mappane.scrollable_content_region
            gutter = region.offset - mappane.region.offset  # the border
            assert 0 <= place.column - x < region.width and 0 <= place.y - y < region.height
            return (place.column - x + gutter.x, place.y - y + gutter.y)

        await pilot.click(MapPane, offset=offset())
        await pilot.pause()
        assert mappane.cursor == "mill" and match.history == []
        await pilot.click(MapPane, offset=offset())
        await pilot.pause()
        assert match.history == [("Red", Action("march", "mill"))]


async def test_fast_typing_after_slash_lands_in_the_filter(ahd):
    """'/end' typed in one burst (as a fast typist or a paste does): every letter reaches the
    filter box, although the box takes focus only after the next refresh; no map key fires."""
    from textual import events

    app = MusterApp(match=ahd_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for char in "/end":
            app.post_message(events.Key("slash" if char == "/" else char, char))
        await pilot.pause(0.3)
        assert app.screen.query_one("#filter").value == "end"
        await pilot.press("enter")
        await pilot.pause()
        assert game(app).match.history[-1][1] == Action("end-movement", None)


async def test_new_game_preset_sets_the_options(ahd):
    """Choosing the 'Advanced with every optional rule' preset ticks every rule it names;
    the game starts with exactly those options."""
    from textual.widgets import Select

    from core.engine import preset_options

    app = MusterApp(start="new")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#preset", Select).value = "advanced-all"
        await pilot.pause()
        app.screen.action_start()
        await pilot.pause()
        options = game(app).match.header.options
        wanted = preset_options(ahd, "advanced-all")
        assert wanted and all(options[key] is True for key in wanted)
        assert options["short_game"] is False


async def test_map_cursor_follows_the_game_to_the_next_targets(ahd):
    """After an action, if the place under the cursor is no longer a legal target, the cursor
    moves to the nearest target (e.g. from the march origin to the piece's destinations)."""
    app = MusterApp(match=ahd_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        labels = [c.label for c in screen.query_one(ActionMenu).numbered]
        await pilot.press(str(labels.index("March from Washington") + 1))
        await pilot.pause()
        assert screen.query_one(MapPane).cursor == "washington"  # its pieces are the targets
        await pilot.press("1")  # the first piece: now its destinations are the targets
        await pilot.pause()
        cursor = screen.query_one(MapPane).cursor
        assert cursor != "washington" and cursor in screen.targets
        assert cursor in {"baltimore", "manassas-junction", "fredericksburg", "frederick"}


# -- hotseat safety: type-ahead, the turn banner -------------------------------------------


def ahd_union_recruiting(seed: int = 11) -> Match:
    """A House Divided at the Union's recruiting: "End recruiting" hands over to the
    Confederate, whose menu starts with marches ("1" would march)."""
    match = ahd_match(seed)
    match.act("Union", Action("end-movement", None))
    match.act("Union", Action("pass", None))  # promote nobody
    assert match.active == ["Union"] and "recruiting" in match.view("Union").prompt
    return match


def burst(app, keys: str) -> None:
    """Keys typed faster than the app reads them: every event exists before the first is
    handled (as in a terminal's input buffer)."""
    from textual import events

    names = {"/": "slash", "\n": "enter", " ": "space"}
    for char in keys:
        app.post_message(events.Key(names.get(char, char), None if char == "\n" else char))


async def test_end_of_turn_is_marked_in_the_action_menu(ahd):
    app = MusterApp(match=ahd_union_recruiting())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = game(app).query_one(ActionMenu)
        rows = [str(menu.query_one("#actions").get_option_at_index(i).prompt)
                for i in range(menu.query_one("#actions").option_count)]
        marked = [row for row in rows if "ends your turn" in row]
        assert len(marked) == 1 and "End recruiting" in marked[0]


async def test_keys_typed_ahead_never_act_for_the_next_player(ahd):
    """The issue's report: `/end` Enter `1 1 1 1 1 1` typed fast at the Union's recruiting
    ended it and then marched for the Confederate. Now the change of player raises the turn
    banner, which swallows the keys typed ahead; the Confederate's turn is untouched."""
    match = ahd_union_recruiting()
    done = len(match.history)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        before = match.view("Confederate").board
        await pilot.press("slash", *"end", "enter", *"111111")  # no pause in between
        await pilot.pause()
        assert [a.verb for _, a in match.history[done:]] == ["end-recruiting"]
        assert isinstance(app.screen, TurnBanner) and app.screen.role == "Confederate"
        assert "CONFEDERATE PLAYER'S TURN" in str(app.screen.query_one("#banner-title").render())
        after = match.view("Confederate")
        assert after.board == before  # no march
        assert after.prompt.startswith("Confederate movement: 2 marches left")
        await after_grace(pilot)
        await pilot.press("enter")  # the Confederate player takes the keyboard
        await pilot.pause()
        assert app.screen is screen and screen.role == "Confederate"
        assert len(match.history) == done + 1  # the Enter only lifted the banner
        await pilot.press("1")  # now keys are the Confederate's
        await pilot.pause()
        assert len(match.history) == done + 2 and match.history[-1][0] == "Confederate"


async def test_an_enter_typed_ahead_does_not_lift_the_banner(ahd):
    """Every key of the burst exists before the Union's "End recruiting" is taken, Enters
    included: none of them lifts the banner or acts for the Confederate."""
    match = ahd_union_recruiting()
    done = len(match.history)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "/end\n1\n1\n11\n")
        await until(pilot, lambda: isinstance(app.screen, TurnBanner))
        await pilot.pause()  # the rest of the burst reaches the banner
        assert [a.verb for _, a in match.history[done:]] == ["end-recruiting"]
        assert isinstance(app.screen, TurnBanner)
        await after_grace(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert game(app).role == "Confederate" and len(match.history) == done + 1


async def test_turn_banner_only_when_the_player_changes(toy):
    """One player holding both roles keeps the keyboard: no banner. Two players: a banner
    naming the next one, and keys only reach the game after it is lifted."""
    match = Match.new(RULES, seed=3, players={"Red": "Alice", "Blue": "Alice"})
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        assert app.screen is screen and screen.role == "Blue"
    match = Match.new(RULES, seed=3, players={"Red": "Alice", "Blue": "Bob"})
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game(app)  # no banner when the game opens
        await end_turn(pilot)
        assert isinstance(app.screen, TurnBanner)
        assert "BOB'S TURN (BLUE)" in str(app.screen.query_one("#banner-title").render())
        assert "from Alice to Bob" in str(app.screen.query_one("#banner-text").render())
        await after_grace(pilot)
        await pilot.press("x")  # only Enter lifts it
        await pilot.pause()
        assert isinstance(app.screen, TurnBanner)
        await pilot.press("enter")
        await pilot.pause()
        assert game(app).role == "Blue" and len(match.history) == 1


async def test_no_turn_banner_to_or_back_from_the_computer(toy):
    match = Match.new(RULES, seed=3, players={"Red": "Alice", "Blue": "computer"})
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        assert app.screen is screen and screen.role == "Blue"  # the computer's role
        await end_turn(pilot)
        assert app.screen is screen and screen.role == "Red"  # Alice still has it
        assert len(match.history) == 2


# -- the focus panel (View.focus) -----------------------------------------------------------


def rendered(screen, selector: str, width: int = 78) -> str:
    """A widget's Rich content as plain text."""
    import io

    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(screen.query_one(selector).content)
    return console.export_text()


async def test_a_battle_is_shown_in_the_focus_panel_and_marked_on_the_map(ahd):
    """The Union marches three militia into Manassas Junction (as in test_ahd_turn's B3.0
    test) and ends movement: the battle's panel shows in the map's place at 80x24 (title,
    both sides, each shot with what it needs), the action menu stays, the map marks the
    box, and once the battle is over the map comes back."""
    from tui.panes import FocusPanel

    match = ahd_match()
    match.act("Union", Action("march", "washington"))
    for pid in ("U-MF-01", "U-MF-02", "U-MF-03"):
        match.act("Union", Action("piece", pid))
        match.act("Union", Action("space", "manassas-junction"))
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        assert not screen.has_class("-battle") and not screen.query_one(FocusPanel).display
        await pilot.press("slash", *"end mov", "enter")
        await pilot.pause()
        assert match.state.battle is not None and match.active == ["Confederate"]
        assert isinstance(app.screen, TurnBanner)  # the defender declares first
        await after_grace(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.has_class("-battle")
        text = rendered(screen, "#focus-text")
        assert "Battle of Manassas Junction — round 1, day 1" in text
        assert "Union (attacker)" in text and "Confederate (defender)" in text
        assert "U-MF-01" in text and "C-MF-01" in text
        assert "manassas-junction" == screen.canvas.focus
        assert "!" in "".join(screen.canvas.plain_row(r) for r in range(screen.canvas.height))
        labels = [c.label for c in screen.query_one(ActionMenu).numbered]
        await pilot.press(str(next(i for i, label in enumerate(labels, 1)
                                   if "U-MF-01" in label)))
        await pilot.pause()
        if isinstance(app.screen, TurnBanner):
            await after_grace(pilot)
            await pilot.press("enter")
            await pilot.pause()
        assert app.screen is screen and match.view(screen.role).focus is not None
        text = rendered(screen, "#focus-text")
        assert "Battle of Manassas Junction" in text and "hits on 2 or less" in text
        # at 80x24 the panel is on screen and so are the prompt and the action menu
        focus, menu = screen.query_one(FocusPanel), screen.query_one("#actions")
        prompt = screen.query_one("#prompt")
        assert focus.region.height >= 5 and menu.region.height >= 3 and prompt.region.height
        assert menu.region.bottom <= SIZE[1] and not focus.region.overlaps(menu.region)
        await pilot.press("m")  # m shows the map instead
        await pilot.pause()
        assert screen.query_one(MapPane).region.height > 0 and not focus.display
        await pilot.press("m")
        await pilot.pause()
        assert focus.display and focus.region.height >= 5
        menu = screen.query_one(ActionMenu)
        decline = next(c for c in menu.numbered if c.label == "No promotion")
        assert menu.number_of(decline) == 0  # the decline is always 0 (issue 17)
        await pilot.press("0")  # the battle is over
        await pilot.pause()
        assert match.state.battle is None and match.view(screen.role).focus is None
        # the result stays in the panel until the next decision (issue 17, bug 7)
        assert screen.has_class("-battle") and "result" in rendered(screen, "#focus-text")
        if isinstance(app.screen, TurnBanner):
            await after_grace(pilot)
            await pilot.press("enter")
            await pilot.pause()
        screen.take(screen.view.actions[0])
        await pilot.pause()
        assert not screen.has_class("-battle") and not focus.display
        assert screen.query_one(MapPane).region.height > 0 and screen.canvas.focus is None


# -- NO_COLOR: the selection and the focus are not told by colour alone ------------------


def screen_rows(app) -> list[str]:
    """The screen as the terminal shows it, one string a row (after Textual's filters)."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def marked_rows(widget) -> list[tuple[str, object]]:
    """The rendered rows of an option list that begin with a marker, with their style."""
    rows = []
    for y in range(widget.size.height):
        strip = widget.render_line(y)
        text = "".join(seg.text for seg in strip)
        if text[:1] in "▶▷":
            rows.append((text, next(iter(strip)).style))
    return rows


async def test_no_color_marks_the_highlighted_action_by_a_character_and_a_style(
        ahd, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read when the app is created
    app = MusterApp(match=ahd_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        screen = game(app)
        menu = screen.query_one(ActionMenu)
        actions = screen.query_one("#actions")
        first, second = menu.numbered[0], menu.numbered[1]
        # the map has the focus: the highlighted action is marked, hollow
        [(row, _)] = marked_rows(actions)
        assert row.startswith("▷") and first.label in row
        await pilot.press("slash")  # Enter in the filter box takes it: solid marker
        await pilot.pause()
        assert app.focused.id == "filter"
        [(row, _)] = marked_rows(actions)
        assert row.startswith("▶") and first.label in row
        await pilot.press("down")
        await pilot.pause()
        assert app.focused is actions
        [(row, style)] = marked_rows(actions)
        assert row.startswith("▶") and first.label in row
        assert style.bold and style.underline  # a text style, which NO_COLOR keeps
        assert any(r.lstrip("│▏ ").startswith("▶  1 ") for r in screen_rows(app))
        await pilot.press("down")
        await pilot.pause()
        [(row, _)] = marked_rows(actions)
        assert row.startswith("▶") and second.label in row
        # the others have a blank gutter: the marker is the only difference without colour
        lines = ["".join(s.text for s in actions.render_line(y))
                 for y in range(actions.size.height)]
        assert any(line.startswith("   1 ") and first.label in line for line in lines)


async def test_the_focused_pane_title_is_marked_and_follows_tab(ahd, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = MusterApp(match=ahd_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        panes = [screen.query_one(p) for p in ("#map", "#tracks", "#hand", "#menu", "#log")]

        def marked() -> list[str]:
            return [str(p.border_title) for p in panes if str(p.border_title).startswith("▶ ")]

        assert marked() == ["▶ Map"]
        assert any("▶ Map" in row for row in screen_rows(app))  # drawn, even at 80x24
        seen = []
        for _ in range(6):
            await pilot.press("tab")
            await pilot.pause()
            [title] = marked()  # exactly one pane, the one holding the focus
            holder = next(p for p in panes if p.has_focus_within)
            assert title == f"▶ {holder.pane_title}"
            assert any(title in row for row in screen_rows(app))
            seen.append(title)
        assert {"▶ Tracks", "▶ Actions", "▶ Log"} <= set(seen)
        assert any(t.startswith("▶ Off-map") or t.startswith("▶ Hand") for t in seen)
        await pilot.press("escape")  # back to the map
        await pilot.pause()
        assert marked() == ["▶ Map"]
        assert "▶ Actions" not in "".join(screen_rows(app))


async def test_pick_dialog_marks_the_highlighted_choice(toy, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = MusterApp(match=Match.new(RULES, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(PickDialog("Which?", ["a", "b"], ["alpha", "beta"]))
        await pilot.pause()
        pick = app.screen.query_one("#pick")
        [(row, _)] = marked_rows(pick)
        assert row.startswith("▶") and "alpha" in row
        await pilot.press("down")
        await pilot.pause()
        [(row, _)] = marked_rows(pick)
        assert "beta" in row
