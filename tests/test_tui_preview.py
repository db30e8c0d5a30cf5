"""`muster continue` draws its first frame from the save's preview, before the rules are
imported (issue 17, start-up; saves/preview.py, tui/stored.py): the same screen the game
itself then draws, no key taken before the game is loaded, nothing lost when the save's game
does not load, and older saves (no preview) opened as before."""
from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from core.engine import Match
from core.registry import game_ids, get_rules, load_board
from saves import list_saves, save_match
from saves.preview import PREVIEW_LOG, decoded, read_start
from tui import session
from tui.app import MusterApp
from tui.screens.game import GameScreen
from tui.stored import StoredMatch, stored_match

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def played(game: str, seed: int, actions: int, players: dict[str, str] | None = None) -> Match:
    """`actions` random actions from the start, then on until a person is to act (the
    computer's turn is played as soon as the game is loaded: its frames move on)."""
    match = Match.new(get_rules(game), seed=seed, players=players)
    rnd = random.Random(seed)
    made = 0
    while match.result is None and (made < actions or
                                    match.player_of(match.active[0]) == Match.COMPUTER):
        role = match.active[0]
        match.act(role, rnd.choice(match.actions(role)).action)
        made += 1
    return match


def screen_text(app: MusterApp) -> str:
    return "\n".join("".join(seg.text for seg in strip)
                     for strip in app.screen._compositor.render_strips())


def newest_stored() -> StoredMatch:
    stored, _info, _damaged = session.resume(preview=True)
    assert isinstance(stored, StoredMatch)
    return stored


def continued(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = SIZE,
              keys: tuple[str, ...] = ()) -> tuple[str, str, Match]:
    """Continue the newest save as `muster continue` does: (the screen drawn from the
    preview, the screen once the game itself is loaded, that game). `keys` are pressed while
    the preview is shown: the screen must stay as drawn, and nothing may be said."""
    drawn: list[str] = []
    live = GameScreen.go_live

    def recorded(screen: GameScreen) -> None:
        drawn.append(screen_text(screen.app))

    monkeypatch.setattr(GameScreen, "go_live", recorded)
    app = MusterApp(match=newest_stored(), pace=0)

    async def run() -> tuple[str, Match]:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            game = app.game_screen
            assert game is not None and game.previewing and drawn
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            assert screen_text(app) == drawn[0]  # no key changed anything
            assert not app._notifications, [str(n.message) for n in app._notifications]
            live(game)
            await pilot.pause()
            assert not game.previewing and isinstance(game.match, Match)
            return screen_text(app), game.match

    after, match = asyncio.run(run())
    return drawn[0], after, match


@pytest.mark.parametrize("game, seed, actions, players", [
    ("a-house-divided", 7, 0, None),
    ("a-house-divided", 3, 40, {"Confederate": "computer"}),
    ("washingtons-war", 2, 30, None),
    ("washingtons-war", 5, 25, {"British": "computer"}),
    ("gettysburg-1863", 4, 60, None),
    ("wellington", 6, 50, None),
])
def test_the_first_frame_from_the_preview_is_the_games_own(
        monkeypatch: pytest.MonkeyPatch, game: str, seed: int, actions: int,
        players: dict[str, str] | None) -> None:
    """Hotseat and against the computer, open games and hidden hands, a hex map: the frame
    drawn from the preview is, character for character, the frame the loaded game draws."""
    save_match(played(game, seed, actions, players), Path(session.saves_dir()) / "g.muster")
    first, live, _match = continued(monkeypatch)
    assert first == live
    assert ("Actions" in first or "Now resolving" in first) if players \
        else "Pass the keyboard" in first or "Actions" in first


def test_at_120x40_too(monkeypatch: pytest.MonkeyPatch) -> None:
    save_match(played("washingtons-war", 3, 20), Path(session.saves_dir()) / "g.muster")
    first, live, _match = continued(monkeypatch, size=(120, 40))
    assert first == live


def test_keys_pressed_at_the_preview_are_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen takes no key until the game itself is there: the cursor does not move, a
    digit does not pick an action of the preview's menu (nor says it cannot), `u` undoes
    nothing, `f` shows no jump labels, and the game stands as it was saved."""
    match = played("a-house-divided", 7, 3)
    save_match(match, Path(session.saves_dir()) / "g.muster")
    first, live, loaded = continued(monkeypatch, keys=("down", "1", "u", "f", "enter"))
    assert first == live
    assert len(loaded.history) == 3 and loaded.state == match.state


def test_no_rules_are_imported_before_the_first_frame(tmp_path: Path) -> None:
    """In a process of its own, as `muster continue`: when the preview's frame is drawn,
    neither the game's rules nor the computer have been imported."""
    save_match(played("a-house-divided", 7, 5), Path(session.saves_dir()) / "g.muster")
    script = f"""
import asyncio, sys
from tui import session
from tui.app import MusterApp
from tui.screens.game import GameScreen
seen = []
GameScreen.go_live = lambda screen: seen.append(sorted(
    m for m in sys.modules if m.startswith(("core.ahd", "core.ai"))))
stored, _, _ = session.resume(preview=True)
app = MusterApp(match=stored, pace=0)
async def run():
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
asyncio.run(run())
print(seen)
"""
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={**__import__("os").environ,
                                                     "MUSTER_HOME": str(tmp_path)})
    assert out.stdout.strip() == "[[]]", out.stderr


def test_a_save_without_a_preview_is_continued_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_match(played("a-house-divided", 7, 4), Path(session.saves_dir()) / "g.muster")
    document = json.loads(path.read_text())
    del document["preview"]  # as an older Muster wrote it
    path.write_text(json.dumps(document))
    (info,) = list_saves()
    assert stored_match(info) is None
    match, _info, damaged = session.resume(preview=True)
    assert isinstance(match, Match) and not damaged and len(match.history) == 4


def test_a_damaged_preview_costs_the_fast_start_never_the_game() -> None:
    path = save_match(played("washingtons-war", 2, 10), Path(session.saves_dir()) / "g.muster")
    document = json.loads(path.read_text())
    document["preview"]["views"] = {"Union": "not a view"}
    path.write_text(json.dumps(document))
    (info,) = list_saves()
    assert info.error is None and stored_match(info) is None
    match, _info, damaged = session.resume(preview=True)
    assert isinstance(match, Match) and not damaged and len(match.history) == 10


def test_a_save_whose_game_does_not_load_is_skipped_after_its_preview(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview reads but the game does not (its state and history damaged): once the
    first frame is drawn, Continue goes on as the title screen's does: the next save that
    loads opens, and a notice names the damaged one."""
    older = save_match(played("a-house-divided", 7, 2), Path(session.saves_dir()) / "a.muster")
    newer = save_match(played("washingtons-war", 2, 6), Path(session.saves_dir()) / "b.muster")
    document = json.loads(newer.read_text())
    document["state"] = {"nonsense": True}
    document["history"] = [["British", ["no-such-verb", None]]]
    document["updated"] = "2099-01-01T00:00:00Z"  # the newest
    newer.write_text(json.dumps(document))
    assert isinstance(newest_stored(), StoredMatch)
    app = MusterApp(match=newest_stored(), pace=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(5):
                await pilot.pause()
            game = app.game_screen
            assert game is not None and not game.previewing, (
                app.screen_stack, [str(n.message) for n in app._notifications])
            assert game.match.header.game == "a-house-divided"
            assert game.match.save_path == older
            said = " ".join(str(n.message) for n in app._notifications)
            assert "b.muster" in said

    asyncio.run(run())


def test_the_preview_holds_every_view_with_the_newest_log() -> None:
    match = played("gettysburg-1863", 2, 400)
    path = save_match(match, Path(session.saves_dir()) / "g.muster")
    preview = decoded(read_start(path))
    assert preview is not None and list(preview.views) == ["", *match.roles]
    for role in [None, *match.roles]:
        view = match.view(role)
        kept = preview.views[role or ""]
        assert kept.log == view.log[-PREVIEW_LOG:] and kept.actions == view.actions
        assert kept.board == view.board and kept.hand == view.hand
    assert preview.active == match.active and preview.last == tuple(match.history[-1])


@pytest.mark.parametrize("game", game_ids())
def test_the_registry_gives_each_games_own_board_without_its_rules(game: str) -> None:
    assert load_board(game) is get_rules(game).board()


def test_the_game_is_loaded_behind_a_hand_off_screen_too() -> None:
    """A hotseat game with hidden hands opens at the hand-off screen (on top of the preview's
    game screen): the game itself is loaded behind it, and the next player plays it."""
    save_match(played("washingtons-war", 6, 40), Path(session.saves_dir()) / "g.muster")
    app = MusterApp(match=newest_stored(), pace=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            game = app.game_screen
            assert game is not None and app.screen is not game  # the hand-off screen
            assert not game.previewing and isinstance(game.match, Match)
            before = len(game.match.history)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is game
            await pilot.press("0")
            await pilot.pause()
            assert len(game.match.history) > before

    asyncio.run(run())
