"""Start-up (issue 7 part 10): the board cache (maps/cache.py) and the lazily laid-out map
lines (tui/mapcanvas.py) give exactly what parsing and laying out everything gives, and a bad
cache never breaks a game."""
from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from maps import a_house_divided, cache, gettysburg, washingtons_war
from maps.board import Board, BoardError
from tui.mapcanvas import LineLayer, MapCanvas


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    monkeypatch.delenv("MUSTER_BOARD_CACHE", raising=False)
    return tmp_path


def ahd_cached(path: Path | None = None) -> Board:
    return cache.cached(path or a_house_divided.MAP_PATH, a_house_divided.load_path,
                        code=(Path(a_house_divided.__file__),), kind=Board)


def same_board(a: Board, b: Board) -> bool:
    return a.game == b.game and a.locations == b.locations and a.links == b.links \
        and a.info("washington") == b.info("washington")


def test_cached_board_is_the_parsed_board(home: Path) -> None:
    parsed = a_house_divided.load_path(a_house_divided.MAP_PATH)
    first = ahd_cached()          # parses and writes the cache
    files = list((home / "cache").glob("a_house_divided-*.boardcache"))
    assert len(files) == 1
    second = ahd_cached()         # read back
    assert second is not first
    assert same_board(first, parsed) and same_board(second, parsed)
    assert second.path == a_house_divided.MAP_PATH
    assert second.neighbours("washington") == parsed.neighbours("washington")


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps({"a": 1}),
                                     pickle.dumps(Board("other", {}, []))[:20]])
def test_a_corrupt_or_foreign_cache_is_ignored_and_replaced(home: Path, content: bytes) -> None:
    ahd_cached()
    (file,) = (home / "cache").glob("*.boardcache")
    file.write_bytes(content)
    board = ahd_cached()
    assert same_board(board, a_house_divided.load_path(a_house_divided.MAP_PATH))
    assert pickle.loads(file.read_bytes()).game == "a-house-divided"  # rewritten


def test_a_changed_board_file_gets_a_new_key_and_errors_are_not_cached(
        home: Path, tmp_path: Path) -> None:
    copy = tmp_path / "a_house_divided.toml"
    text = a_house_divided.MAP_PATH.read_text(encoding="utf-8")
    copy.write_text(text, encoding="utf-8")
    ahd_cached(copy)
    copy.write_text(text.replace('abbr = "WASH"', 'abbr = "WSH"', 1), encoding="utf-8")
    assert ahd_cached(copy).locations["washington"].abbr == "WSH"
    assert len(list((home / "cache").glob("*.boardcache"))) == 1  # the old one is dropped
    copy.write_text(text.replace('id = "washington"', 'id = "Washington"', 1), encoding="utf-8")
    with pytest.raises(BoardError):
        ahd_cached(copy)
    with pytest.raises(BoardError, match="not found"):
        ahd_cached(tmp_path / "missing.toml")


def test_an_unwritable_cache_folder_only_means_no_cache(home: Path) -> None:
    (home / "cache").write_text("a file where the folder should be")
    assert same_board(ahd_cached(), a_house_divided.load_path(a_house_divided.MAP_PATH))


def test_the_cache_can_be_turned_off(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUSTER_BOARD_CACHE", "0")
    ahd_cached()
    assert not (home / "cache").exists()


def test_every_game_board_round_trips_through_the_cache(home: Path) -> None:
    for module, code in ((washingtons_war, ()), (gettysburg, ())):
        parsed = module.load_path(module.MAP_PATH)
        cache.cached(module.MAP_PATH, module.load_path, code=code)
        board = cache.cached(module.MAP_PATH, module.load_path, code=code)
        assert board is not parsed
        assert {k: v for k, v in vars(board).items() if k != "path"} == \
            {k: v for k, v in vars(parsed).items() if k != "path"}


def test_lines_laid_out_row_by_row_in_any_order_match_the_whole_layout() -> None:
    board = a_house_divided.load_path(a_house_divided.MAP_PATH)
    whole = MapCanvas(board, ["Union", "Confederate"])
    rows = {row: whole.static_row(row) for row in range(whole.height)}  # top to bottom
    assert whole.lines.cells  # every row worked out
    shuffled = MapCanvas(board, ["Union", "Confederate"])
    order = list(range(shuffled.height))
    random.Random(3).shuffle(order)
    for row in order:
        assert shuffled.static_row(row) == rows[row]
    assert shuffled.lines.uses == whole.lines.uses


def test_a_row_worked_out_before_a_later_line_is_worked_out_again() -> None:
    layer = LineLayer(10, 3)
    layer.add([(0, 1), (1, 1), (2, 1)], None, "river")
    assert layer.char((1, 1)) is not None and layer.char((1, 0)) is None
    layer.add([(1, 0), (1, 1), (1, 2)], None, "river")
    assert set(layer.cells) == {(0, 1), (1, 1), (2, 1), (1, 0), (1, 2)}
    assert layer.uses[(1, 1)] == 2


def test_the_game_footer_shows_what_textuals_footer_shows(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    import tui.screens.game as game
    from core.engine import Match
    from core.registry import get_rules
    from tui.app import MusterApp
    from tui.footer import GameFooter

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))

    async def keys_seen(footer: type) -> list[object]:
        monkeypatch.setattr(game, "GameFooter", footer)
        app = MusterApp(match=Match.new(get_rules("a-house-divided"), seed=7), pace=0)
        seen: list[object] = []
        async with app.run_test(size=(120, 40)) as pilot:
            for key in ("", "tab", "tab", "slash", "escape", "question_mark", "escape"):
                if key:
                    await pilot.press(key)
                await pilot.pause()
                seen.append((type(app.focused).__name__, type(app.screen).__name__,
                             [(k.key, k.description, k.disabled, k.tooltip)
                              for k in app.screen.query(FooterKey)]))
        return seen

    ours, textuals = asyncio.run(keys_seen(GameFooter)), asyncio.run(keys_seen(Footer))
    assert ours == textuals
    assert ("u", "Undo", False, None) in ours[0][2]  # keys in the first frame already


def test_no_style_pass_of_their_own_for_the_footer_keys_or_the_layout_classes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up (bench/startup.py): the footer's keys and the game screen's layout classes
    (-compact, -hexmap, -tiny) are set before their first style pass, not by a restyle of
    each key and of the whole screen while it is built; the keys are still compact. The
    screen's first resume, right after its mount, does not restyle it; a later one does."""
    import asyncio

    from textual import events
    from textual.dom import DOMNode
    from textual.widgets._footer import FooterKey

    from core.engine import Match
    from core.registry import get_rules
    from tui.app import MusterApp
    from tui.screens.game import GameScreen

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    restyled: list[str] = []
    update_node_styles = DOMNode.update_node_styles

    def recorded(node: DOMNode, animate: bool = True) -> None:
        restyled.append(type(node).__name__)
        update_node_styles(node, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", recorded)

    async def first_frame() -> None:
        app = MusterApp(match=Match.new(get_rules("a-house-divided"), seed=7), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and app.screen.has_class("-compact")
            keys = list(app.screen.query(FooterKey))
            assert keys and all(key.has_class("-compact") for key in keys)
            assert "FooterKey" not in restyled and "GameScreen" not in restyled
            app.screen.post_message(events.ScreenResume())  # a later resume asking for it
            await pilot.pause()
            assert restyled.count("GameScreen") == 1

    asyncio.run(first_frame())


@pytest.fixture
def collector_restored():
    """Whatever a test does to the garbage collector, it is on and unfrozen afterwards."""
    yield
    import gc

    from tui import gc_pause

    gc_pause._paused = False
    gc.unfreeze()
    gc.enable()


def test_every_command_but_the_app_ends_with_the_collector_on(
        collector_restored: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """tui/gc_pause.py: `main` pauses the collector and turns it on again when the command
    is done; the pause holds while the command runs (the app resumes it itself)."""
    import gc

    from tui import cli

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    during: list[bool] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: during.append(gc.isenabled()) or 0)
    assert cli.main(["list"]) == 0 and gc.isenabled()
    assert cli.main(["new", "a-house-divided", "--seed", "1"]) == 0
    assert during == [False] and gc.isenabled() and gc.get_freeze_count() == 0
    assert cli.main(["nope"]) == 2 and gc.isenabled()
    gc.disable()  # a collector someone else turned off stays off
    assert cli.main(["list"]) == 0 and not gc.isenabled()


def test_the_app_resumes_the_paused_collector_once_its_first_screen_is_drawn(
        collector_restored: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The objects start-up made are frozen (later passes skip them) and the collector is on
    again, for the game screen as for the title screen; an app not started paused (a test's)
    leaves the collector as it is."""
    import asyncio
    import gc

    from core.engine import Match
    from core.registry import get_rules
    from tui import gc_pause
    from tui.app import MusterApp

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))

    async def first_frame(app: MusterApp) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

    for app in (MusterApp(match=Match.new(get_rules("a-house-divided"), seed=7), pace=0),
                MusterApp()):
        gc_pause.pause()
        assert not gc.isenabled()
        asyncio.run(first_frame(app))
        assert gc.isenabled() and gc.get_freeze_count() > 0
        gc.unfreeze()
    asyncio.run(first_frame(MusterApp()))
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_the_game_screen_is_built_after_the_app_has_mounted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`muster continue`: the game screen is composed once Textual no longer holds the
    display back for the app's mount (its `batch_update`), so its first layout and render are
    the first frame, not a frame drawn for nothing and then drawn again."""
    import asyncio

    from core.engine import Match
    from core.registry import get_rules
    from tui.app import MusterApp
    from tui.screens.game import GameScreen

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    held_back: list[int] = []
    compose = GameScreen.compose

    def recorded(screen: GameScreen):  # type: ignore[no-untyped-def]
        held_back.append(screen.app._batch_count)
        return compose(screen)

    monkeypatch.setattr(GameScreen, "compose", recorded)

    async def first_frame() -> None:
        app = MusterApp(match=Match.new(get_rules("a-house-divided"), seed=7), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)

    asyncio.run(first_frame())
    assert held_back == [0]


@pytest.mark.parametrize("words", [[], ["continue"], ["list"], ["games"]])
def test_a_command_without_arguments_runs_without_argparse(words: list[str]) -> None:
    """`muster continue` (the usual start), `muster` alone, `list` and `games` are run without
    building the parser of every command (bench/startup.py), as the command argparse picks."""
    from tui import cli

    bare = cli._bare_command(words)
    assert bare is not None
    parsed = cli.build_parser().parse_args(words).command
    if parsed is None:
        assert words == []
    else:
        assert bare is {"continue": cli.cmd_continue, "list": cli.cmd_list,
                        "games": cli.cmd_games}[parsed]


@pytest.mark.parametrize("words", [["continue", "--help"], ["--help"], ["lis"], ["new"],
                                   ["load", "x.muster"], ["serve"], ["online"]])
def test_anything_else_goes_through_the_parser(words: list[str]) -> None:
    from tui import cli

    assert cli._bare_command(words) is None


def test_muster_list_imports_no_argparse(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    code = ("import sys; from tui.cli import main; main(['list']); "
            "print('argparse' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[1],
                         env=dict(os.environ, MUSTER_HOME=str(tmp_path)))
    assert out.stdout.splitlines()[-1] == "False"


def test_the_dialogs_and_hex_map_styles_are_parsed_only_when_first_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dialogs' styles (tui/screens/dialogs.tcss, OnceModal.CSS_PATH) and the hex map's
    (tui/hexmap.tcss, HexMapPane.DEFAULT_CSS) are not in the stylesheet of a point-to-point
    game's first frame; the first dialog opened adds its file, styled as before (a box 70 wide
    with a round border, centred)."""
    import asyncio

    from core.engine import Match
    from core.registry import get_rules
    from tui.app import MusterApp
    from tui.screens.dialogs import TextDialog

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))

    def sources(app: MusterApp) -> set[str]:
        """Each stylesheet source as its file's name or its class variable."""
        return {where or Path(path).name for path, where in app.stylesheet.source}

    async def first_frame() -> None:
        app = MusterApp(match=Match.new(get_rules("a-house-divided"), seed=7), pace=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert "app.tcss" in sources(app)
            assert "dialogs.tcss" not in sources(app)
            assert "HexMapPane.DEFAULT_CSS" not in sources(app)
            app.push_screen(TextDialog("Heading", "body"))
            await pilot.pause()
            assert "dialogs.tcss" in sources(app)
            box = app.screen.query_one(".dialog-box")
            assert box.styles.width is not None and box.styles.width.value == 70
            assert box.styles.border_top[0] == "round"
            assert app.screen.styles.align == ("center", "middle")

    asyncio.run(first_frame())


def test_the_hex_maps_static_layer_from_the_cache_is_the_drawn_one(home: Path) -> None:
    """Gettysburg's hexsides, roads, edges and names are drawn once per box size and kept in
    the cache folder: read back, they are the layer drawn afresh; a damaged file is drawn
    again (and replaced)."""
    from tui.hexcanvas import BOXES, HexCanvas

    board = gettysburg.load()
    for box in BOXES[:2]:
        drawn = HexCanvas(board, box=box)          # draws it and writes the file
        layer = (drawn._static, drawn._road, drawn.name_at)
        assert layer == drawn._draw_static()
        read = HexCanvas(board, box=box)           # reads it back
        assert (read._static, read._road, read.name_at) == layer
        assert [read.row_strip(r).text for r in range(read.height)] == \
            [drawn.row_strip(r).text for r in range(drawn.height)]
    (file,) = (home / "cache").glob(f"hexstatic-gettysburg-{BOXES[0]}-*.boardcache")
    file.write_bytes(pickle.dumps(([["x"]], {}, {})))  # a layer of the wrong size
    again = HexCanvas(board, box=BOXES[0])
    assert (again._static, again._road, again.name_at) == again._draw_static()
