"""History (issue 7 part 6): every action of a game, one step at a time, the board as it was.

`Timeline` (the rebuild, its checkpoints, labels, turn and roll jumps) is tested on its own;
the screen with Textual Pilot at 80x24 unless said otherwise: from the game screen (H) and
back unchanged, `muster replay` (MusterApp(start="replay")), the log line that moves the map
cursor (in the game and in the history), hidden information (never the other hand, nor the
menu label of another role's action), progress while the rebuild runs.
"""
from __future__ import annotations

import threading

import msgspec
import pytest

from core import registry
from core.engine import Action, Match
from tests.support.toygame import registered
from tests.support.tui_toy import HIDDEN_RULES, RULES
from tui.app import MusterApp
from tui.mappane import MapPane
from tui.panes import LogPane, PlaceFinder
from tui.screens.game import GameScreen
from tui.screens.help import KEYS
from tui.screens.history import BLOCKS, CHECKPOINT, HistoryBar, HistoryScreen, Timeline

SIZE = (80, 24)
AHD = "a-house-divided"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def played(rules, actions: int, seed: int = 4, pick=lambda choices, n: choices[0]) -> Match:
    """A match after `actions` actions, each the one `pick` takes from the legal ones."""
    match = Match.new(rules, seed=seed)
    for n in range(actions):
        if match.result is not None:
            break
        role = match.active[0]
        match.act(role, pick(match.actions(role), n).action)
    return match


def probing(choices, n):
    """The toy played to roll dice: probe when it can, march towards the enemy, else end."""
    return next((c for c in choices if c.action.verb == "probe"), None) or next(
        (c for c in choices if c.action.verb == "march"
         and c.action.noun in ("vale", "marsh", "pass", "keep", "tower")), None) or choices[-1]


def state_bytes(state) -> bytes:
    return msgspec.json.encode(state)


def rows(app) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


async def rebuilt(app, pilot) -> HistoryScreen:
    screen = app.screen
    assert isinstance(screen, HistoryScreen), f"expected the history, not {screen!r}"
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.rebuilt
    return screen


# -- the timeline --------------------------------------------------------------------------


def test_timeline_states_are_the_replayed_states_with_bounded_memory():
    rules = registry.get_rules(AHD)
    match = played(rules, 150, pick=lambda choices, n: choices[n % len(choices)])
    timeline = Timeline(rules, match.header, match.history)
    reports = []
    timeline.build(lambda done, total: reports.append((done, total)))
    assert timeline.built == timeline.total == len(match.history)
    assert reports[-1] == (len(match.history), len(match.history))
    assert [d for d, _ in reports] == sorted(d for d, _ in reports)
    # one checkpoint every CHECKPOINT actions, not every state
    assert sorted(timeline._checkpoints) == list(range(0, timeline.total + 1, CHECKPOINT))
    for i in (0, 1, 31, 32, 33, 100, 149, timeline.total):
        expected = Match.replay(rules, match.header, match.history[:i]).state
        assert state_bytes(timeline.state(i)) == state_bytes(expected), i
    assert state_bytes(timeline.state(timeline.total)) == state_bytes(match.state)
    for i in range(timeline.total, -1, -1):  # every position, backwards
        timeline.state(i)
    assert len(timeline._blocks) <= BLOCKS


def test_timeline_labels_turns_and_rolls():
    match = played(RULES, 30, seed=3, pick=probing)
    timeline = Timeline(RULES, match.header, match.history)
    timeline.build()
    assert timeline.label(0, None, False) == "the game as set up"
    role, action = match.history[0]
    first = Match.new(RULES, seed=3)
    [choice] = [c for c in first.actions(role) if c.action == action]
    assert timeline.label(1, None, False) == f"{role}: {choice.label}"
    # turns: the toy's "turn" track; the next turn starts where its value changes
    turns = timeline.turns
    start = timeline.next_turn(0, 1)
    assert start is not None and turns[start] != turns[0] and turns[start - 1] == turns[0]
    assert timeline.next_turn(start, -1) == 0
    assert timeline.next_turn(start + 1, -1) in (start, 0)
    # rolls: actions that moved the random state (dice, draws)
    rolls = [i for i in range(1, timeline.total + 1) if timeline.rolls[i]]
    assert rolls, "probes roll a die"
    assert timeline.next_roll(0, 1) == rolls[0]
    assert timeline.next_roll(rolls[-1], 1) is None
    assert timeline.next_roll(rolls[0] + 1, -1) == rolls[0]


def test_timeline_stops_at_an_action_the_rules_refuse():
    match = played(RULES, 4, seed=3)
    history = [*match.history[:2], ("Blue", Action("end")), *match.history[2:]]
    timeline = Timeline(RULES, match.header, history)
    timeline.build()
    assert timeline.built == 2 and timeline.error and "action 3" in timeline.error
    assert not timeline.ready(3)


def test_place_finder_takes_the_first_place_named_whole_words_longest_first():
    board = RULES.board()
    finder = PlaceFinder(board.locations)
    assert finder.first("Red marches R1 to Old Mill, then Ford.") == "mill"
    assert finder.first("Blue rolls 3: the attack at Blue Tower fails.") == "tower"
    assert finder.first("fording the river (keepsake)") is None  # not inside words
    assert finder.first("tower falls") == "tower"  # an id is a name too
    # no place named: a piece named stands somewhere
    view = RULES.view(RULES.setup(3, "standard", {}), None)
    assert finder.first("Red entrenches R2.", view.board) == "ford"
    assert finder.first("Nothing happens.", view.board) is None


# -- from the game screen ----------------------------------------------------------------


async def test_history_from_the_game_screen_steps_and_returns_unchanged():
    rules = registry.get_rules(AHD)
    match = played(rules, 12)
    state, history = match.state, list(match.history)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("H")
        await pilot.pause()
        screen = await rebuilt(app, pilot)
        bar = screen.query_one(HistoryBar)
        assert screen.position == 12 and "ACTION 12 / 12" in rows(app)[1]
        assert screen.query_one(LogPane).has_focus
        for keys, position in ((["left"] * 3, 9), (["right"], 10), (["pageup"], 0),
                               (["pagedown"], 10), (["end"], 12), (["home"], 0)):
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            assert screen.position == position, keys
            expected = Match.replay(rules, match.header, history[:position]).view(None)
            assert screen.view.board == expected.board  # the board as it was
            assert screen.view.tracks == expected.tracks
            assert screen.query_one(LogPane).entries[-3:] == expected.log[-3:]
            assert screen.query_one(MapPane).canvas.board_view == expected.board
            line = rows(app)[1]
            assert (f"ACTION {position} / 12" if position else "START / 12") in line
            assert not bar.waiting
        await pilot.press("right", "right", "right")
        await pilot.pause()
        role, action = history[2]
        assert bar.label.startswith(f"{role}: ") and "ACTION 3 / 12" in rows(app)[1]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert match.state is state and match.history == history  # the live game, unchanged
        assert app.screen.match is match


async def test_history_key_and_commands_are_documented():
    documented = " ".join(keys for _, rows_ in KEYS for keys, _ in rows_)
    for binding in HistoryScreen.BINDINGS:
        for key in binding.key.split(","):
            name = {"question_mark": "?", "escape": "esc", "pageup": "pgup",
                    "pagedown": "pgdn"}.get(key, key)
            assert name in documented, f"history: {key} is not in the help"
    assert any(b.key == "H" and b.action == "history" for b in GameScreen.BINDINGS)
    assert "H" in documented


async def test_the_cursor_follows_each_action_and_turn_and_roll_keys_jump():
    match = played(RULES, 20, seed=3, pick=probing)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("H")
        screen = await rebuilt(app, pilot)
        timeline = screen.timeline
        await pilot.press("home")
        await pilot.pause()
        assert screen.position == 0
        await pilot.press("t")
        await pilot.pause()
        assert screen.position == timeline.next_turn(0, 1) and screen.position > 0
        await pilot.press("T")
        await pilot.pause()
        assert screen.position == 0
        await pilot.press("r")
        await pilot.pause()
        first_roll = timeline.next_roll(0, 1)
        assert screen.position == first_roll
        # a march: the map cursor is where the army went
        march = next(i for i, (_, a) in enumerate(timeline.history, 1) if a.verb == "march")
        screen.go(march)
        await pilot.pause()
        assert screen.query_one(MapPane).cursor == timeline.history[march - 1][1].noun


async def test_a_chosen_log_line_moves_the_map_cursor_in_the_game():
    match = played(RULES, 1, seed=3, pick=lambda choices, n: next(
        c for c in choices if c.action.verb == "march" and c.action.noun == "mill"))
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        log = game.query_one(LogPane)
        assert log.entries[-1] == "Red marches R1 to Old Mill."
        mappane = game.query_one(MapPane)
        mappane.move_to("tower")
        log.focus()
        await pilot.pause()
        assert log.cursor == len(log.entries) - 1  # the focus lands on the newest line
        await pilot.press("enter")
        await pilot.pause()
        assert mappane.cursor == "mill"
        assert log.has_focus  # the next line can be chosen at once
        await pilot.press("up", "enter")  # "Toy War begins (standard)." names no place
        await pilot.pause()
        assert mappane.cursor == "mill"
        assert any("names no place" in str(n.message) for n in app._notifications)


async def test_a_chosen_log_line_moves_the_cursor_in_the_history_too():
    rules = registry.get_rules(AHD)
    match = played(rules, 12)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("H")
        screen = await rebuilt(app, pilot)
        log = screen.query_one(LogPane)
        finder = PlaceFinder(screen.canvas.places)
        index = max(i for i, line in enumerate(log.entries) if finder.first(line))
        log.move_cursor(index)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one(MapPane).cursor == finder.first(log.entries[index])


async def test_clicking_a_log_line_chooses_it():
    match = played(RULES, 1, seed=3, pick=lambda choices, n: next(
        c for c in choices if c.action.verb == "march" and c.action.noun == "mill"))
    app = MusterApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = app.screen
        log = game.query_one(LogPane)
        game.query_one(MapPane).move_to("tower")
        row = next(y for y in range(log.size.height)
                   if "Old Mill" in "".join(s.text for s in log.render_line(y)))
        await pilot.click(LogPane, offset=(3, row + 1))  # +1: the border
        await pilot.pause()
        assert game.query_one(MapPane).cursor == "mill"


# -- hidden information --------------------------------------------------------------------


async def test_hidden_information_history_shows_only_the_viewers_own_hand():
    with registered(HIDDEN_RULES):
        match = played(HIDDEN_RULES, 14, seed=3,
                       pick=lambda choices, n: next((c for c in choices
                                                     if c.action.verb == "card"), choices[-1]))
        app = MusterApp(match=match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("space")  # the hand-off screen: the player takes the keyboard
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            viewer = game.view.role
            other = next(r for r in match.roles if r != viewer)
            await pilot.press("H")
            screen = await rebuilt(app, pilot)
            assert screen.role == viewer
            timeline = screen.timeline
            for i in range(timeline.total + 1):
                screen.go(i)
                await pilot.pause()
                state = timeline.state(i)
                mine = HIDDEN_RULES.view(state, viewer).hand
                assert [c.id for c in screen.view.hand] == [c.id for c in mine]
                shown = "\n".join(rows(app))
                theirs = {c.name for c in HIDDEN_RULES.view(state, other).hand} - \
                    {c.name for c in mine}
                hand_text = str(screen.query_one("#h-hand").query_one("#cards").options)
                for name in theirs:
                    assert name not in hand_text
                role, action = timeline.history[i - 1] if i else (None, None)
                if role == other and action.verb == "card":
                    # never the menu label ("Play Fog (#3)"), only what the viewer's log said
                    assert "(#" not in screen.query_one(HistoryBar).label
                    assert "plays" in screen.query_one(HistoryBar).label
                assert shown


async def test_replay_of_a_hidden_game_is_the_spectators_unless_a_role_is_given():
    with registered(HIDDEN_RULES):
        match = played(HIDDEN_RULES, 6, seed=3)
        app = MusterApp(match=match, start="replay")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = await rebuilt(app, pilot)
            assert screen.standalone and screen.role is None
            assert screen.view.hand is None  # no hands: the off-map boxes instead
            assert str(screen.query_one("#h-hand").pane_title).startswith("Off-map")
            assert "spectator" in screen.sub_title
            await pilot.press("escape")
            await pilot.pause()
        assert app.return_code in (None, 0)
        app = MusterApp(match=match, start="replay", role="Blue")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = await rebuilt(app, pilot)
            assert screen.role == "Blue"
            assert [c.id for c in screen.view.hand] == \
                [c.id for c in HIDDEN_RULES.view(match.state, "Blue").hand]


async def test_replay_of_an_open_game_at_120x40():
    rules = registry.get_rules(AHD)
    match = played(rules, 40, pick=lambda choices, n: choices[n % len(choices)])
    app = MusterApp(match=match, start="replay")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = await rebuilt(app, pilot)
        assert not screen.has_class("-compact")
        for pane in ("#h-bar", "#h-turn", "#h-map", "#h-tracks", "#h-hand", "#h-info", "#h-log"):
            assert screen.query_one(pane).size.height > 0, pane
        assert "ACTION 40 / 40" in rows(app)[1]
        await pilot.press("home")
        await pilot.pause()
        assert "START / 40" in rows(app)[1]
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


# -- progress and stepping before the rebuild is done ---------------------------------------


async def test_progress_shows_and_a_step_waits_for_the_rebuild(monkeypatch):
    match = played(RULES, 20, seed=3, pick=lambda choices, n: choices[n % len(choices)])
    gate = threading.Event()
    real = Timeline.build

    def slow(self, report=None, cancelled=None):
        gate.wait(10)
        real(self, report, cancelled)

    monkeypatch.setattr(Timeline, "build", slow)
    app = MusterApp(match=match, start="replay")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        bar = screen.query_one(HistoryBar)
        # the last position shows at once (it is the save's own state)
        assert screen.position == 20 and not bar.waiting and screen.view is not None
        assert bar.progress == 0.0 and "rebuilding" in rows(app)[2]
        await pilot.press("left")
        await pilot.pause()
        assert screen.position == 19 and bar.waiting
        assert "rebuilding the game" in rows(app)[1]
        gate.set()
        screen = await rebuilt(app, pilot)
        assert not bar.waiting and bar.progress is None
        expected = Match.replay(RULES, match.header, match.history[:19]).view(None)
        assert screen.view.board == expected.board
        assert "rebuilding" not in rows(app)[2]


# -- the log pane ------------------------------------------------------------------------


async def test_log_pane_wraps_only_what_changed():
    match = Match.new(RULES, seed=3)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        lines = [f"line {n}: " + "word " * (n % 7) for n in range(50)]
        log.show(lines)
        rows_before = list(log._rows)
        first_rows = log._rows[:3]
        log.show(lines[:40])  # an undo, a step back: rows dropped from the end only
        assert log._rows == rows_before[:log._starts[-1] + len(log._wrap(lines[39]))]
        assert log._rows[:3] == first_rows
        log.show(lines + ["a new line"])
        assert log.entries[-1] == "a new line"
        assert all(len(row) <= log._width for row in log._rows)
        log.show(["x"] * (LogPane.MAX_LINES + LogPane.SLACK + 10))  # the newest kept
        assert len(log.entries) == LogPane.MAX_LINES
