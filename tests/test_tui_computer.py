"""Playing against the computer in the terminal UI (issue 11, part 3), by keys (Textual Pilot).

The toy war of tests/support/tui_toy_ai.py (the toy of tui_toy.py with an evaluation, so the
computer can play it; `easy`, a few milliseconds a decision): New Game with a computer role,
the computer playing its turn and the person getting the menu back, no turn banner before the
computer's moves, the skip-ahead key, the hint key, undo, quitting while it thinks, continuing
a saved game against it, and what a person watching sees of a game with hidden hands.
"""
from __future__ import annotations

import threading
import time

import msgspec
import pytest

import saves
from core import registry
from core.engine import Action, Match
from tests.support.pilot import until
from tests.test_tui import rendered
from tests.support.toygame import registered
from tests.support.tui_toy import RULES as NO_AI_RULES
from tests.support.tui_toy_ai import AI_HIDDEN_RULES, AI_RULES
from tui import computer
from tui.actionmenu import HINT, ActionMenu, StatusLine
from tui.app import MusterApp
from tui.screens.dialogs import HandoffScreen, TurnBanner
from tui.screens.game import GameScreen
from tui.screens.newgame import NewGameScreen
from tui.screens.title import TitleScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    monkeypatch.delenv("MUSTER_PACE", raising=False)
    return tmp_path


@pytest.fixture
def toy(monkeypatch):
    """The computer-playable toy is the only game (the new-game screen's default)."""
    monkeypatch.setattr(registry, "_GAMES", {})
    with registered(AI_RULES), registered(AI_HIDDEN_RULES):
        registry._GAMES.pop(AI_HIDDEN_RULES.id)
        yield AI_RULES


def vs_computer(level: str = "easy", rules=AI_RULES, seed: int = 3) -> Match:
    """Alice plays Red; the computer plays Blue."""
    match = Match.new(rules, seed=seed, players={"Red": "Alice", "Blue": computer.COMPUTER})
    computer.set_levels(match, {"Blue": level})
    return match


def game(app) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, not {screen!r}"
    return screen


def status(screen: GameScreen) -> str:
    line = screen.query_one(StatusLine)
    return f"{line.message}\n{line.detail}"


def footer_keys(screen: GameScreen) -> set[str]:
    return {b.binding.key for b in screen.active_bindings.values()
            if b.binding.show and b.enabled}


def count_banners(monkeypatch) -> list[str]:
    """Every turn banner and hand-off screen the app raises (their roles)."""
    raised: list[str] = []

    def spying(original):
        def spy(self):  # no event parameter: Textual passes one to handlers that take it
            raised.append(self.role)
            return original(self)
        return spy

    for kind in (TurnBanner, HandoffScreen):
        monkeypatch.setattr(kind, "on_mount", spying(kind.on_mount))
    return raised


async def end_turn(pilot) -> None:
    await pilot.press("slash", *"end", "enter")
    await pilot.pause()


def blocking_decide(answers: dict[int, Action] | None = None):
    """A stand-in for computer.decide: the answer for a history length, else it thinks until
    it is stopped (as a long search would), reporting progress meanwhile."""
    answers = answers or {}
    calls: list[int] = []

    def decide(match, role, level, report=None, stopped=None):
        calls.append(len(match.history))
        if len(match.history) in answers:
            return answers[len(match.history)]
        done = 0
        while not stopped():
            done = min(done + 1, 99)
            if report is not None:
                report(done, 100)
            time.sleep(0.01)
        raise computer.Stopped()

    decide.calls = calls
    return decide


# -- the computer's turn -------------------------------------------------------------------


async def test_the_computer_plays_its_turn_and_the_person_gets_the_menu_back(toy, monkeypatch):
    raised = count_banners(monkeypatch)
    match = vs_computer()
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        assert match.history[0] == ("Red", Action("end", None))
        await until(pilot, lambda: match.active == ["Red"] and not screen.computer_turn)
        await pilot.pause()
        blue = [action for role, action in match.history if role == "Blue"]
        assert blue and blue[-1] == Action("end", None)  # its whole turn, ended by itself
        assert app.screen is screen and screen.role == "Red"
        menu = screen.query_one(ActionMenu)
        assert menu.numbered  # the menu is back, with every action of Red's
        assert {c.action for c in menu.numbered} == {c.action for c in match.actions("Red")}
        assert "RED TO ACT" in str(screen.query_one("#turn").render())
        assert raised == []  # no banner before, during or after the computer's moves
        # every move went through Match.act and autosaved: the save is the game
        assert saves.load_match(screen.save_path).history == match.history
        await pilot.press("1")
        await pilot.pause()
        assert match.history[-1][0] == "Red"


async def test_while_the_computer_plays_it_says_so_and_keys_do_not_act(toy):
    match = vs_computer()
    app = MusterApp(match=match, pace=30)  # it decides, then waits: the screen can be read
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        await until(pilot, lambda: screen._decision is not None)
        assert screen.computer_turn and screen.role == "Blue"
        assert "BLUE (COMPUTER) TO ACT" in str(screen.query_one("#turn").render())
        assert "Computer (Blue) thinking… ▰▰▰▰▰ 100%" in str(
            screen.query_one(StatusLine).render())
        menu = screen.query_one(ActionMenu)
        assert menu.numbered == [] and menu.has_class("-computer")
        shown = str(menu.query_one("#actions").get_option_at_index(0).prompt)
        assert "The computer plays Blue (easy)" in shown and "space" in shown
        assert "space" in footer_keys(screen) and "t" not in footer_keys(screen)
        assert not {"u", "f", "slash"} & footer_keys(screen)
        done = len(match.history)
        await pilot.press("1", "slash", "e", "enter", "u")  # nothing of the person's to do
        await pilot.pause()
        assert len(match.history) == done and screen._decision is not None
        assert screen.targets == {}


async def test_progress_is_shown_while_the_computer_thinks(toy, monkeypatch):
    monkeypatch.setattr(computer, "decide", blocking_decide())
    match = vs_computer()
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        line = screen.query_one(StatusLine)
        await until(pilot, lambda: (line.fraction or 0) > 0.05)
        assert line.message == "Computer (Blue) thinking…"
        assert "%" in str(line.render()) and "▰" in str(line.render())


async def test_the_skip_key_plays_the_computers_moves_without_pauses(toy):
    match = vs_computer()
    app = MusterApp(match=match, pace=30)  # without skipping: one move every 30 seconds
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        await until(pilot, lambda: screen._decision is not None)
        assert [r for r, _ in match.history] == ["Red"]  # decided, waiting for the pace
        await pilot.press("space")
        await until(pilot, lambda: match.active == ["Red"] and not screen.computer_turn,
                    timeout=5)
        assert match.history[-1] == ("Blue", Action("end", None))
        assert not screen.skipping  # a person decides: the next computer turn has pauses
        await end_turn(pilot)
        await until(pilot, lambda: screen._decision is not None)
        await pilot.pause(0.2)
        assert match.history[-1] == ("Red", Action("end", None))  # waiting again


async def test_no_turn_banner_before_the_computers_moves_in_an_open_game(toy, monkeypatch):
    """The banner is for a change of *person*; Alice hands over to the computer and gets the
    keyboard back without one (hidden hands: no hand-off screen either, beyond the first)."""
    raised = count_banners(monkeypatch)
    for rules in (AI_RULES, AI_HIDDEN_RULES):
        raised.clear()
        with registered(rules):
            match = vs_computer(rules=rules)
            app = MusterApp(match=match, pace=0)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                if rules.hidden_info:  # the game opens hidden until Alice has the keyboard
                    assert raised == ["Red"]
                    await pilot.press("space")
                    await pilot.pause()
                screen = game(app)
                for _ in range(2):
                    await end_turn(pilot)
                    await until(pilot, lambda: match.active == ["Red"]
                                and not screen.computer_turn)
                assert app.screen is screen
                assert raised == (["Red"] if rules.hidden_info else [])


async def test_a_person_watching_never_sees_the_computers_hand(toy):
    with registered(AI_HIDDEN_RULES):
        match = vs_computer(rules=AI_HIDDEN_RULES)
        app = MusterApp(match=match, pace=30)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("space")  # Alice takes the keyboard
            await pilot.pause()
            screen = game(app)
            await end_turn(pilot)
            await until(pilot, lambda: screen._decision is not None)
            assert screen.role == "Blue" and screen.computer_turn
            assert screen.view.hand == match.view("Red").hand != match.view("Blue").hand


async def test_computer_against_computer_plays_on_its_own(toy):
    match = Match.new(AI_RULES, seed=5, scenario="short",
                      players={"Red": computer.COMPUTER, "Blue": computer.COMPUTER})
    computer.set_levels(match, {"Red": "easy", "Blue": "easy"})
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # two easy computers may finish the short game before the first pause is over
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await until(pilot, lambda: match.result is not None, timeout=30)
        await pilot.pause()
        assert {role for role, _ in match.history} == {"Red", "Blue"}
        assert "GAME OVER" in str(screen.query_one("#turn").render())
        assert saves.load_match(screen.save_path).result == match.result


async def test_a_game_the_computer_cannot_play_leaves_its_moves_to_a_person(monkeypatch):
    """The toy of tui_toy.py has no evaluation: the app says so and a person plays Blue."""
    with registered(NO_AI_RULES):
        match = Match.new(NO_AI_RULES, seed=3, players={"Red": "Alice", "Blue": "computer"})
        app = MusterApp(match=match, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = game(app)
            await end_turn(pilot)
            assert screen.role == "Blue" and not screen.computer_turn
            assert any("no evaluation" in str(n.message) for n in app._notifications)
            await end_turn(pilot)
            assert [role for role, _ in match.history] == ["Red", "Blue"]


# -- hint, undo, quit -------------------------------------------------------------------------


async def test_the_hint_key_marks_the_computers_choice_without_taking_it(toy):
    from core.ai import choose

    match = vs_computer(level="normal")
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        assert "t" in footer_keys(screen)
        expected = choose(match, "Red", level="normal")  # the game's level; same position
        await pilot.press("t")
        menu = screen.query_one(ActionMenu)
        await until(pilot, lambda: menu.hinted is not None)
        assert match.history == []  # not taken
        assert menu.hinted.action == expected
        number = menu.numbered.index(menu.hinted) + 1
        actions = menu.query_one("#actions")
        highlighted = str(actions.get_option_at_index(actions.highlighted).prompt)
        assert f"{number:>2} {menu.hinted.label}" in highlighted and HINT in highlighted
        assert app.focused is actions  # Enter takes it
        text = status(screen)
        assert text.startswith(f"Hint: {number} {menu.hinted.label}") and "takes it" in text
        # the focus panel explains it: the top moves, how often each was tried, its value
        shown = rendered(screen, "#focus-text", width=120)
        assert "Hint for Red (normal): the computer's top" in shown
        assert f"1. {menu.hinted.label}" in shown and "tried" in shown and "value" in shown
        assert screen.has_class("-battle")
        await pilot.press("enter")
        await pilot.pause()
        assert match.history == [("Red", expected)]
        assert menu.hinted is None and "Hint" not in status(screen)  # a new menu


async def test_a_hint_is_dropped_when_the_game_moves_on(toy, monkeypatch):
    gate = threading.Event()
    real = computer.explain

    def slow(match, role, level, report=None, stopped=None):
        gate.wait(5)
        return real(match, role, level, report, stopped)

    monkeypatch.setattr(computer, "explain", slow)
    match = vs_computer()
    app = MusterApp(match=match, pace=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("1")  # Alice does not wait for it
        await pilot.pause()
        gate.set()
        await pilot.pause(0.3)
        assert screen.query_one(ActionMenu).hinted is None
        assert len(match.history) == 1


async def test_undo_after_the_computers_turn_never_reaches_into_it(toy):
    """The hand-over to the computer and back cleared the undo stack: the computer's turn
    is never taken back (so it is never re-decided differently)."""
    match = vs_computer()
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        await until(pilot, lambda: match.active == ["Red"] and not screen.computer_turn)
        before = list(match.history)
        await pilot.press("u")
        await pilot.pause()
        assert match.history == before
        assert any("nothing to undo" in str(n.message) for n in app._notifications)
        await pilot.press("1")  # Alice's own move can be taken back (a march: no dice)
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert match.history == before and screen.role == "Red"


async def test_undo_takes_back_the_computers_moves_down_to_the_persons_own(toy, monkeypatch):
    """Two roles acting at once: Alice marches, the computer entrenches, Alice undoes: both
    go, and the game is back at Alice's decision."""
    dig = Action("dig", "B1")
    fake = blocking_decide({1: dig})
    monkeypatch.setattr(computer, "decide", fake)
    match = vs_computer()
    match.state.active = ["Red", "Blue"]
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        assert screen.role == "Red" and not screen.computer_turn  # Alice's menu
        march = screen.query_one(ActionMenu).numbered[0].action
        await pilot.press("1")
        await until(pilot, lambda: len(match.history) == 2)
        assert match.history == [("Red", march), ("Blue", dig)]
        await pilot.press("u")
        await pilot.pause()
        assert match.history == []
        assert saves.load_match(screen.save_path).history == []


async def test_undo_refuses_when_only_the_computers_moves_could_go(toy, monkeypatch):
    dig = Action("dig", "B1")
    monkeypatch.setattr(computer, "decide", blocking_decide({0: dig}))
    match = vs_computer()
    match.state.active = ["Red", "Blue"]
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await until(pilot, lambda: len(match.history) == 1)
        state = match.state
        await pilot.press("u")
        await pilot.pause()
        assert match.history == [("Blue", dig)] and match.state is state
        assert any("nothing of yours to undo" in str(n.message) for n in app._notifications)


async def test_quitting_while_the_computer_thinks_is_clean(toy, monkeypatch):
    fake = blocking_decide()
    monkeypatch.setattr(computer, "decide", fake)
    match = vs_computer()
    app = MusterApp(match=match, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        await end_turn(pilot)
        await until(pilot, lambda: (screen.query_one(StatusLine).fraction or 0) > 0)
        path = screen.save_path
        path.unlink()  # only quitting's save can bring the file back
        worker = next(w for w in screen.workers if w.group == "computer")
        started = time.monotonic()
        await pilot.press("q")
        await pilot.pause()
    assert worker.is_cancelled
    assert time.monotonic() - started < 3
    assert match.history == [("Red", Action("end", None))]  # nothing half-applied
    assert saves.load_match(path).history == match.history


# -- new game, saves, continue ---------------------------------------------------------------


async def test_new_game_with_a_computer_role_by_keys(toy):
    app = MusterApp(start="new", pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.players_chosen() == {"Red": "person", "Blue": "person"}
        blue = next(w for w in screen.query("#players Select") if w.role == "Blue")
        blue.focus()
        await pilot.press("enter", "down", "down", "down", "enter")  # the computer (hard)
        await pilot.pause()
        assert screen.players_chosen() == {"Red": "person", "Blue": "hard"}
        assert [str(w.render()) for w in screen.query("#players Label")] == ["Red", "Blue"]
        assert str(blue.query_one("#label").render()) == "the computer (hard)"
        screen.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        match = game(app).match
        assert match.players == {"Red": "Red", "Blue": "computer"}
        assert match.computer_levels == {"Blue": "hard"}
        document = msgspec.json.decode(game(app).save_path.read_bytes())
        assert document["players"]["Blue"] == "computer"
        assert document["computer_levels"] == {"Blue": "hard"}


def test_levels_round_trip_and_old_saves_play_at_normal(toy, home):
    match = vs_computer(level="hard")
    path = saves.save_match(match, home / "g.muster")
    loaded = saves.load_match(path)
    assert loaded.players == match.players and loaded.computer_levels == {"Blue": "hard"}
    assert computer.level_of(loaded, "Blue") == "hard"
    # a save without the field (written before it existed) loads; the computer plays normal
    document = msgspec.json.decode(path.read_bytes())
    del document["computer_levels"]
    path.write_bytes(msgspec.json.encode(document))
    old = saves.load_match(path)
    assert old.computer_levels == {} and computer.level_of(old, "Blue") == "normal"
    # a level this Muster does not know (a newer one's) plays at the default too
    document["computer_levels"] = {"Blue": "grandmaster", "Red": "hard"}
    path.write_bytes(msgspec.json.encode(document))
    odd = saves.load_match(path)
    assert odd.computer_levels == {"Blue": "grandmaster"}  # Red is a person: dropped
    assert computer.level_of(odd, "Blue") == "normal"


async def test_continuing_a_game_against_the_computer_it_plays_on(toy):
    match = vs_computer(level="easy")  # not the default level: the save keeps it
    match.act("Red", Action("end", None))  # the computer is to act
    path = saves.autosave(match)
    app = MusterApp(pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await pilot.pause()
        screen = game(app)
        assert screen.save_path == path
        assert computer.level_of(screen.match, "Blue") == "easy"
        await until(pilot, lambda: screen.match.active == ["Red"] and not screen.computer_turn)
        assert [role for role, _ in screen.match.history][:2] == ["Red", "Blue"]
        assert saves.load_match(path).history == screen.match.history


def test_level_names_match_core_ai():
    from core.ai import DEFAULT_LEVEL, LEVELS

    assert computer.LEVEL_NAMES == tuple(LEVELS) and computer.DEFAULT_LEVEL == DEFAULT_LEVEL


async def test_a_game_against_the_computer_warms_the_search_up_while_the_person_acts(
        toy, monkeypatch):
    """core.ai.warm_up runs once, in the background, when the person acts first; not when
    the computer acts first (its own first move pays for it) and not without a computer."""
    warmed: list[tuple[str, ...]] = []
    real = computer.warm_up

    def recording(match):
        warmed.append(tuple(match.active))
        real(match)

    monkeypatch.setattr(computer, "warm_up", recording)
    for match, expected in ((vs_computer(), [("Red",)]),
                            (Match.new(AI_RULES, seed=3, players={"Red": computer.COMPUTER,
                                                                  "Blue": "Alice"}), []),
                            (Match.new(AI_RULES, seed=3), [])):
        warmed.clear()
        app = MusterApp(match=match, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await until(pilot, lambda: len(warmed) >= len(expected) and not [
                w for w in app.workers if w.group == "warm-up" and not w.is_finished])
            await pilot.pause()
            assert warmed == expected
