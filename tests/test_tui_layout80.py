"""80x24 done properly (issue 7 part 4), Textual Pilot: the pinned tracks on one line for every
playable game, the place's pieces first, "…" on what is cut and the full text on focus, the
log's width after every layout change, a maximised pane, the log search, and the notice
below the smallest usable size."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

import saves
from core import registry
from core.engine import Match, preset_options
from tui.actionmenu import ActionMenu
from tui.app import MusterApp
from tui.fit import ELLIPSIS, fit
from tui.mappane import MapPane
from tui.panes import LogPane, TurnBar, location_info, pinned_items
from tui.screens.game import MIN_HEIGHT, MIN_WIDTH, GameScreen

SIZE = (80, 24)
SAVES = Path(__file__).parent / "data" / "saves-v1"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def new_match(game: str, preset: str | None = None, seed: int = 1) -> Match:
    rules = registry.get_rules(game)
    return Match.new(rules, seed=seed, options=preset_options(rules, preset) if preset else {})


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def screen_rows(app) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def widget_rows(widget) -> list[str]:
    return ["".join(seg.text for seg in widget.render_line(y)) for y in range(widget.size.height)]


def shows_value(line: str, value: object, role: str | None = None) -> bool:
    """`value` is on the line as it is, or without the acting side's name in front (the
    "▶ SIDE" says it), or (shortened: sides as codes) every number of it in order."""
    text = str(value)
    if text in line:
        return True
    if role and text.startswith(role + " ") and text[len(role) + 1:] in line:
        return True
    numbers = re.findall(r"\d+", text)
    return bool(numbers) and re.search(".*".join(numbers), line) is not None


# -- the pinned tracks ---------------------------------------------------------------------


@pytest.mark.parametrize("source", [
    ("a-house-divided", None), ("a-house-divided", "advanced"),
    ("a-house-divided", "advanced-all"), ("washingtons-war", None),
    ("gettysburg-1863", None), SAVES / "basic-campaign-battle.muster",
    SAVES / "1863-leaders-battle-days-recruiting.muster"])
async def test_every_pinned_track_is_on_the_turn_bar_at_80x24(source):
    match = saves.load_match(source) if isinstance(source, Path) else new_match(*source)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        view = screen.view
        assert view.pinned, "every playable game pins its tracks"
        bar = screen.query_one(TurnBar)
        line = str(bar.render())
        assert len(line) <= bar.content_size.width, line  # nothing cut off the end
        assert "\n" not in line
        for key in view.pinned:
            assert shows_value(line, view.tracks[key], screen.role), (key, line)
        assert f"▶ {screen.role.upper()}" in line
        if "Confederate MAS" in view.pinned:  # A House Divided: both MAS, by side code
            assert re.search(rf"MAS U{view.tracks['Union MAS']} C{view.tracks['Confederate MAS']}",
                             line), line
        # the full words are the tooltip, and the track pane lists the pinned ones first
        assert all(key in str(bar.tooltip) for key in view.pinned)
        tracks = str(screen.query_one("#track-text").render()).splitlines()
        assert [row.split(":")[0] for row in tracks[:len(view.pinned)]] == \
            [key.replace("_", " ") for key in view.pinned]


async def test_the_turn_bar_is_not_shortened_when_there_is_room():
    app = MusterApp(match=new_match("a-house-divided", "advanced-all"))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        line = str(game_screen(app).query_one(TurnBar).render())
        assert "▶ UNION TO ACT" in line and "Confederate MAS 29" in line
        assert "Union victory cities 0/7" in line


def test_pinned_tracks_are_shortened_step_by_step():
    items = [("Date", "Jul 1861"), ("Segment", "Confederate movement"), ("Marches left", "2"),
             ("Union MAS", "34"), ("Confederate MAS", "29"), ("Union victory cities", "0/7")]
    codes = {"Union": "u", "Confederate": "c"}
    assert pinned_items(items, 0, "Confederate", codes) == items
    merged = pinned_items(items, 1, "Confederate", codes)
    assert ("MAS", "U34 C29") in merged and ("Union victory cities", "0/7") in merged
    words = pinned_items(items, 7, "Confederate", codes, initials=6)  # first words
    assert words == [("", "Jul 1861"), ("", "movement"), ("Marches", "2"), ("MAS", "U34 C29"),
                     ("U victory", "0/7")]
    assert pinned_items(items, 8, "Confederate", codes, initials=6) == words  # (the player)
    shortest = pinned_items(items, 9, "Confederate", codes, initials=6)  # then initials
    assert shortest == [("", "Jul 1861"), ("", "movement"), ("ML", "2"), ("MAS", "U34 C29"),
                        ("U VC", "0/7")]


# -- the info line: pieces first -----------------------------------------------------------


async def test_the_place_under_the_cursor_shows_its_pieces_first():
    app = MusterApp(match=new_match("a-house-divided"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        loc = screen.query_one(MapPane).cursor
        text = location_info(screen.canvas, screen.board, screen.view, loc).plain
        assert text.index("Pieces:") < text.index("State:") < text.index("Lines:")
        info = screen.query_one("#info")
        rows = widget_rows(info)
        assert "Pieces:" in rows[0]  # on the first of its two rows at 80x24
        assert len(rows) == 2 and rows[-1].rstrip().endswith(ELLIPSIS)  # the rest: i


# -- "…" when cut, in full on focus ----------------------------------------------------------


def test_fit_cuts_to_the_height_with_an_ellipsis():
    console = Console(width=80)
    text = Text("one two three four five six seven eight nine ten")
    assert fit(text, console, 10, None).plain.count("\n") >= 4
    cut = fit(text, console, 10, 2).plain.splitlines()
    assert len(cut) == 2 and cut[-1].endswith(ELLIPSIS) and len(cut[-1]) <= 10
    assert fit(Text("short"), console, 10, 2).plain.strip() == "short"


async def test_prompt_and_labels_end_with_an_ellipsis_and_show_in_full_on_focus():
    match = new_match("a-house-divided", seed=3)
    chicago = next(c for c in match.view("Union").actions if c.label == "March from Chicago")
    app = MusterApp(match=match)
    async with app.run_test(size=(72, 30)) as pilot:  # compact; the prompt needs 3 rows of 2
        await pilot.pause()
        screen = game_screen(app)
        prompt, actions = screen.query_one("#prompt"), screen.query_one("#actions")
        full = screen.view.prompt
        shown = " ".join(r.strip() for r in widget_rows(prompt))
        assert shown.endswith(ELLIPSIS) and len(shown) < len(full)
        await pilot.press("tab", "tab", "tab")  # map -> tracks -> off-map -> actions
        await pilot.pause()
        assert actions.has_focus
        shown = " ".join(r.strip() for r in widget_rows(prompt))
        assert shown == full  # in full while the menu has the focus
        # a label too long for its row
        match.act("Union", chicago.action)
        screen.refresh_view()
        screen.query_one(MapPane).focus()
        await pilot.pause()
        label = next(c.label for c in screen.view.actions if c.label.startswith("Entrench"))
        rows = [r for r in widget_rows(actions) if "Entrench" in r]
        assert rows and rows[0].rstrip().endswith(ELLIPSIS) and label not in rows[0]
        actions.focus()
        numbered = screen.query_one(ActionMenu).numbered
        position = next(i for i, c in enumerate(numbered) if c.label == label)
        await pilot.press(*["down"] * position)  # the Entrench action highlighted
        await pilot.pause()
        actions.scroll_to_highlight(top=True)
        await pilot.pause()
        text = " ".join(r.strip() for r in widget_rows(actions))
        assert label in text and ELLIPSIS not in text  # wrapped over two rows, whole


# -- the log's width ---------------------------------------------------------------------------


def log_fits(log: LogPane) -> None:
    width = log.scrollable_content_region.width
    assert log._width == width > 20
    assert all(len(row) <= width for row in log._rows)
    assert any(len(row) > width - 12 for row in log._rows)  # wrapped at this width


async def test_the_log_keeps_its_width_after_every_layout_change():
    app = MusterApp(match=saves.load_match(SAVES / "basic-campaign-battle.muster"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one(LogPane)
        log_fits(log)
        normal = log._width
        for keys in (("m",), ("m",), ("z",), ("z",)):
            await pilot.press(*keys)
            await pilot.pause()
            if log.display and log.size.width:
                log_fits(log)
        assert log._width == normal
        log.focus()
        await pilot.press("z")  # the log maximised: wrapped at the whole width
        await pilot.pause()
        assert screen.maximized is log
        log_fits(log)
        assert log._width > 70
        await pilot.press("z")
        await pilot.pause()
        assert screen.maximized is None
        log_fits(log)
        assert log._width == normal
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        log_fits(log)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        log_fits(log)
        assert log._width == normal


async def test_a_pane_is_maximised_with_the_pinned_tracks_still_on_screen():
    app = MusterApp(match=new_match("a-house-divided"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("z")  # the map has the focus
        await pilot.pause()
        mappane = screen.query_one(MapPane)
        assert screen.maximized is mappane
        assert mappane.size.width >= 78 and mappane.size.height >= 18
        rows = screen_rows(app)
        assert any("MAS U34 C29" in row for row in rows[:2])
        await pilot.press("escape")  # Esc restores too
        await pilot.pause()
        assert screen.maximized is None and mappane.size.width < 60


# -- the log search ----------------------------------------------------------------------------


async def test_the_log_is_searched_like_toolong():
    app = MusterApp(match=saves.load_match(SAVES / "basic-campaign-battle.muster"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one(LogPane)
        log.focus()
        await pilot.press("slash", *"battle")
        await pilot.pause()
        assert not screen.query_one("#menu").has_class("-filtering")  # not the action filter
        found = log.matches()
        assert len(found) >= 2 and all("battle" in log.entries[i].lower() for i in found)
        assert log.cursor == found[-1]  # the newest match
        assert f"/battle▏ {len(found)}/{len(found)}" in log.border_title
        row = log._starts[log.cursor] - log.scroll_offset.y
        strip = list(log.render_line(row))
        marked = [seg for seg in strip if seg.style and seg.style.underline]
        assert any(seg.text.lower() == "battle" for seg in marked)  # underlined, not colour
        await pilot.press("enter", "N")  # the previous match (up)
        await pilot.pause()
        assert log.cursor == found[-2]
        assert f"{len(found) - 1}/{len(found)}" in log.border_title
        await pilot.press("n")
        assert log.cursor == found[-1]
        await pilot.press("n")  # wraps to the first
        assert log.cursor == found[0]
        await pilot.press("escape")
        await pilot.pause()
        assert log.query == "" and "/" not in log.border_title
        await pilot.press("slash", *"zzzqq")
        await pilot.pause()
        assert log.matches() == [] and "0/0" in log.border_title


# -- below the smallest usable size ------------------------------------------------------------


async def test_a_terminal_too_small_gets_a_notice_instead_of_a_broken_layout():
    app = MusterApp(match=new_match("a-house-divided"))
    async with app.run_test(size=(MIN_WIDTH - 10, MIN_HEIGHT - 5)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.has_class("-tiny")
        text = "\n".join(screen_rows(app))
        assert "Make the terminal larger" in text and f"{MIN_WIDTH}x{MIN_HEIGHT}" in text
        assert not screen.query_one(MapPane).region.height
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not screen.has_class("-tiny")
        assert screen.query_one(MapPane).region.height >= 8
        assert "Make the terminal larger" not in "\n".join(screen_rows(app))
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)  # the smallest usable size
        await pilot.pause()
        assert not screen.has_class("-tiny")
        line = str(screen.query_one(TurnBar).render())
        for key in screen.view.pinned:
            assert shows_value(line, screen.view.tracks[key], screen.role), (key, line)
