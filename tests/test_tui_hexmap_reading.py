"""Reading the Gettysburg hex map at a glance (issue 17): the map beside the focus panel at
80x24, roads as lines, named ground, the overview (`o`, bug 8), range and line of sight (`v`),
why a unit has no move or fire, the legend, and the import floors of the map modules.

Seed 2 of the 3-day battle opens on the Union's enemy-flag redeployment (Wadsworth on the Peach
Orchard G9, Gamble and Devin on R10 and S10), with the round's dice on the focus panel.
"""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from core import registry
from core.engine import Match, Token
from core.gettysburg import explain
from maps import gettysburg as gb_map
from tui.app import MusterApp
from tui.hexcanvas import BLOCKED_MARK, ROAD_E, ROAD_FALLING, ROAD_JOIN, ROAD_RISING, \
    SIGHT_MARK, VP_MARK, HexCanvas, HexOverview, abbreviate, legend, named_features
from tui.mappane import HexMapPane, MapPane
from tui.screens.game import GameScreen

GAME = "gettysburg-1863"
SMALL = (80, 24)
BIG = (120, 40)
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def new_match(seed: int = 2, scenario: str | None = None) -> Match:
    return Match.new(registry.get_rules(GAME), seed=seed, scenario=scenario)


def game(app) -> GameScreen:
    assert isinstance(app.screen, GameScreen), app.screen
    return app.screen


def screen_text(app) -> str:
    return "\n".join("".join(seg.text for seg in strip)
                     for strip in app.screen._compositor.render_strips())


def canvas_for(match: Match) -> HexCanvas:
    view = match.view(None)
    names = sorted({(t.side, t.label) for tokens in [*view.board.values(),
                                                     *view.boxes.values()] for t in tokens})
    canvas = HexCanvas(gb_map.load(), match.roles, names)
    canvas.update(view.board, view.control, [], None)
    return canvas


# -- the import floors ---------------------------------------------------------------------------


def imports_of(module: str) -> set[str]:
    tree = ast.parse((ROOT / "tui" / f"{module}.py").read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tui."):
            out.add(node.module[len("tui."):])
        elif isinstance(node, ast.Import):
            out |= {a.name[len("tui."):] for a in node.names if a.name.startswith("tui.")}
    return out


def test_map_modules_import_only_downward():
    """Shared pieces below, both canvases above, the pane on top: no circle."""
    assert imports_of("mapparts") == set()
    assert imports_of("hexcanvas") == {"mapparts"}
    assert "mappane" not in imports_of("mapcanvas") | imports_of("overview")
    assert "hexcanvas" not in imports_of("mapcanvas") | imports_of("overview")
    assert {"mapcanvas", "hexcanvas", "mapparts"} <= imports_of("mappane")


# -- drawing: names, roads, coordinates ------------------------------------------------------


def test_units_are_named_with_one_short_name_each_per_side():
    canvas = canvas_for(new_match())
    table = canvas.abbreviations()
    for side in ("Union", "Confederate"):
        mine = [abbr for (s, _), abbr in table.items() if s == side]
        assert len(mine) == len(set(mine)), side  # unique within the side
    assert table[("Union", "Wadsworth")] == "Wad"
    assert table[("Union", "Robertson (US)")] != table[("Union", "Robinson")]
    assert abbreviate("Robinson", 3, {"Rob"}) == "Roi"
    # the history screen's canvas names them alike
    from tui.screens.history import new_canvas
    other = new_canvas(canvas.board, list(canvas.codes), like=canvas)
    assert other.abbreviations() == table
    # the same short name in the info line, after the full name
    view = new_match().view(None)
    assert "Wadsworth [Wad]" in canvas.describe(view, "G9").plain
    # an activated unit's name in lower case
    canvas.update({"K6": [Token("a", "F", "Union", "Wadsworth", 4, ["activated"])]}, {}, [],
                  None)
    assert canvas.box_text("K6")[1].startswith("Uwad4")


def test_roads_are_continuous_lines_from_hex_to_hex():
    """The Baltimore Pike and the Taneytown Road: every pair of hexes they join has road
    characters on every row between the two hexes' centres (no units on them here: units
    and marks stand over the road)."""
    canvas = HexCanvas(gb_map.load(), ["Union", "Confederate"])
    board = canvas.board
    checked = 0
    for h in board.hexes:
        for other in board.neighbours(h).values():
            if "road" not in board.side(h, other):
                continue
            (x0, y0), (x1, y1) = canvas.centre(h), canvas.centre(other)
            for y in range(min(y0, y1) + 1, max(y0, y1)):  # rows between: a ╱ or ╲ each
                row = canvas.plain_row(y)
                span = row[min(x0, x1):max(x0, x1) + 1]
                assert set(span) & {ROAD_RISING, ROAD_FALLING}, (h, other, y, span)
            if y0 == y1:  # beside: a run of ─ (units and marks may stand on it)
                row = [ch for ch, _ in canvas.row_cells(y0)]
                between = row[min(x0, x1) + 1:max(x0, x1)]
                assert between.count(ROAD_E) >= len(between) - 3, (h, other, between)
            checked += 1
    assert checked > 80
    # a town hex where roads meet shows the join
    assert ROAD_JOIN in canvas.box_text("Q6")[0]


def test_ridges_and_woods_are_named_on_the_map():
    canvas = canvas_for(new_match())
    text = "\n".join(canvas.plain_row(y) for y in range(canvas.height))
    for name in ("Cemetery Ridge", "Seminary Ridge", "Herbst Woods", "Culp's Hill",
                 "Little Round Top", "Peach Orchard", "Devil's Den", "Gettysburg",
                 "McPherson Ridge", "Spangler's Woods"):
        assert name in text, name
        assert text.count(name + " ") + text.count(name + "\n") >= 1
    features = named_features(canvas.board)
    assert set(features["Cemetery Ridge"]) >= {"I5", "K6", "L6", "M6"}
    assert not any("Road" in name or "Pike" in name for name in features)
    # each name near its ground: within two hexes of one of its hexes
    for name, (x, y) in canvas.name_at.items():
        spots = [canvas.places[h] for h in features[name]]
        assert min(abs(p.x - (x + len(name) // 2)) + 2 * abs(p.y - y) for p in spots) \
            <= 2 * canvas.W, name


def test_coordinates_on_the_edges_name_every_row_and_number():
    canvas = canvas_for(new_match())
    for h in ("V13", "K6", "A1"):
        place = canvas.places[h]
        row = canvas.plain_row(place.y)
        assert row[0] == row.rstrip()[-1] == h[0]
    assert canvas.plain_row(0).split() == [str(n) for n in range(13, 0, -1)]


# -- the focus panel shares the screen with the hex map ------------------------------------


@pytest.mark.parametrize("size", [SMALL, BIG])
async def test_the_map_stays_in_view_beside_the_dice_panel(size):
    app = MusterApp(match=new_match())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = game(app)
        pane, focus = screen.query_one(MapPane), screen.query_one("#focus")
        assert screen.has_class("-battle") and screen.has_class("-hexmap")
        assert pane.region.width >= 40 and pane.region.height >= 9
        assert focus.region.width >= 30 and focus.region.x >= pane.region.right
        assert "Round 1" in screen_text(app)
        # the unit under the cursor is on screen with its name
        assert pane.cursor == "G9" and "UWad4" in screen_text(app)
        assert screen.query_one("#menu").region.height > 0


# -- the overview (bug 8) -----------------------------------------------------------------------


async def test_overview_shows_every_file_of_the_board_at_80x24():
    app = MusterApp(match=new_match())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        await pilot.press("o")
        await pilot.pause()
        await pilot.pause()
        assert pane.zoomed and isinstance(pane.overview, HexOverview)
        window = pane.scrollable_content_region
        assert pane.overview.height <= window.height and pane.overview.width <= window.width
        text = screen_text(app)
        letters = set()
        for row in range(pane.overview.height):
            letters |= set(pane.overview.plain_row(row)[:2].strip())
        assert letters == set(gb_map.GRID.letters)  # all 21 files (were: 4 of them)
        # units and targets readable: Wadsworth's U* among them
        assert sum(pane.overview.plain_row(r).count("U*") for r in range(pane.overview.height)) \
            == 3
        assert "drawn whole already" not in text
        # the cursor moves by neighbours and Enter acts there
        before = pane.cursor
        await pilot.press("l")
        assert pane.cursor != before
        await pilot.press("n")
        target = pane.cursor
        assert target in screen.targets
        await pilot.press("enter")
        await pilot.pause()
        assert "choose the hex" in screen.match.view("Union").prompt
        await pilot.press("o")
        await pilot.pause()
        assert not pane.zoomed and pane.overview is None


def test_overview_at_full_height_gives_each_file_a_row():
    canvas = canvas_for(new_match())
    tall = canvas.zoomed_out(80, 30)
    assert tall.height == 21 and tall.fold == 1
    short = canvas.zoomed_out(56, 11)
    assert short.height == 11 and short.fold == 2 and short.width <= 56
    short.update(canvas.board_view, {}, ["G9"], "N5")
    row = short.places["G9"].y
    assert "U*" in short.plain_row(row)
    assert VP_MARK in short.plain_row(short.places["N5"].y)


# -- range and line of sight (v) ----------------------------------------------------------------


def test_reach_follows_range_and_line_of_sight():
    """5.0: infantry reaches its six neighbours only; artillery up to 4 hexes where its array
    gives dice, with hexes behind blocking terrain or units marked blocked (5.1)."""
    match = new_match(scenario="day-2")
    view = match.view(None)
    board = gb_map.load()
    infantry = next(h for h, ts in view.board.items()
                    if len(ts) == 1 and ts[0].kind == "F")
    reach = explain.reach(view.board, infantry)
    assert set(reach) == set(board.neighbours(infantry).values()) and all(reach.values())
    guns = next(h for h, ts in view.board.items() if any(t.kind == "A" for t in ts))
    reach = explain.reach(view.board, guns)
    assert max(board.distance(guns, h) for h in reach) > 1
    occupied = set(view.board)
    for h, clear in reach.items():
        if board.distance(guns, h) > 1:
            assert clear == board.line_of_sight(guns, h, occupied), h
    assert explain.reach(view.board, "A1") is None  # nobody there


async def test_v_shades_the_reach_of_the_unit_under_the_cursor():
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        assert isinstance(pane, HexMapPane)
        pane.move_to("G9")
        await pilot.press("v")
        await pilot.pause()
        assert pane.sighting and pane.canvas.sight_from == "G9"
        neighbours = set(pane.canvas.board.neighbours("G9").values())
        assert set(pane.canvas.sight) == neighbours
        for h in neighbours:
            assert SIGHT_MARK in pane.canvas.box_text(h)[0]
        pane.move_to(next(iter(sorted(neighbours))))
        await pilot.pause()
        info = str(screen.query_one("#info").render())
        assert "in range and sight from G9" in info  # the shading stays on an empty hex
        assert pane.canvas.sight_from == "G9"
        pane.move_to("S10")  # the shading follows the cursor to Devin
        await pilot.pause()
        assert pane.canvas.sight_from == "S10"
        await pilot.press("v")
        await pilot.pause()
        assert not pane.sighting and not pane.canvas.sight
        pane.move_to("A1")  # nobody there: a bell and a notice, nothing shaded
        await pilot.press("v")
        await pilot.pause()
        assert not pane.sighting


def test_blocked_hexes_are_marked_apart():
    canvas = canvas_for(new_match())
    canvas.set_sight("N5", {"N6": True, "P8": False})
    assert SIGHT_MARK in canvas.box_text("N6")[0]
    assert BLOCKED_MARK in canvas.box_text("P8")[0]
    assert "in range, sight blocked from N5" in canvas.describe(new_match().view(None),
                                                                "P8").plain


# -- why a unit has no action -------------------------------------------------------------------


def play_until(match: Match, wanted, limit: int = 400, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(limit):
        role = match.active[0]
        view = match.view(role)
        found = wanted(view)
        if found:
            return role, view, found
        match.act(role, rng.choice(view.actions).action)
    pytest.fail("not reached")


def test_the_reason_a_unit_cannot_fire_is_in_its_flags_and_the_info_line():
    match = new_match()

    def no_fire(view):
        return next(((h, t) for h, ts in view.board.items() for t in ts
                     if any(f.startswith("cannot fire") for f in t.flags)), None)

    role, view, (h, token) = play_until(match, no_fire)
    assert token.side == role
    assert not any(c.action.verb == "fire" and c.action.noun == token.id for c in view.actions)
    assert any(c.action.noun == token.id for c in view.actions)  # it is activated
    reason = next(f for f in token.flags if f.startswith("cannot fire"))
    assert "(5.0" in reason
    # the other side sees no reasons: it decides nothing now
    other = next(r for r in match.roles if r != role)
    assert not any(f.startswith("cannot") for ts in match.view(other).board.values()
                   for t in ts for f in t.flags)
    canvas = canvas_for(match)
    lines = canvas.describe(view, h).plain.split("\n")
    assert lines[0] == f"{token.label} {reason}"  # the first line: the reason, whole
    assert lines[1].startswith(h) and reason not in lines[1]


def test_the_reason_a_unit_cannot_be_activated():
    match = new_match()

    def not_activatable(view):
        return next((t for ts in view.board.values() for t in ts
                     if any(f.startswith("cannot be activated") for f in t.flags)), None)

    role, view, token = play_until(match, not_activatable)
    assert not any(c.action.noun == token.id for c in view.actions)
    assert "(3.0)" in " ".join(token.flags) or "(4.0)" in " ".join(token.flags)


# -- every symbol in ? --------------------------------------------------------------------------


def test_legend_lists_every_character_the_hex_map_draws():
    canvas = canvas_for(new_match())
    canvas.set_sight("G9", {"H9": True, "H10": False})
    canvas.update(canvas.board_view, {"G9": "Union"}, ["G9"], "G9", focus="S10")
    drawn = set()
    for y in range(canvas.height):
        drawn |= set(canvas.plain_row(y))
    named = "".join(name for name in canvas.name_at)
    chars = "".join(ch for ch, _ in legend(canvas.board, canvas.codes))
    unit_letters = "".join(canvas.abbreviations().values()) + "0123456789"
    unexplained = {ch for ch in drawn if ch not in chars and ch not in named
                   and ch not in unit_letters and ch not in gb_map.GRID.letters and ch != " "}
    assert not unexplained
    for ch in (SIGHT_MARK, BLOCKED_MARK, ROAD_JOIN, ROAD_RISING, "»", "*", "!"):
        assert ch in chars


async def test_coordinates_stay_on_the_window_edges_while_scrolled():
    """At 80x24 the map is a window on the board: its top line keeps the numbers of the first
    row of hexes in view, its first column each row's file letter."""
    app = MusterApp(match=new_match())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        pane.move_to("K6")
        await pilot.pause()
        await pilot.pause()
        sx, sy = (int(v) for v in pane.scroll_offset)
        assert sx > 0 and sy > 0
        region = pane.content_region
        rows = screen_text(app).split("\n")
        top = rows[region.y][region.x:region.x + region.width]
        numbers = [int(n) for n in top.split()]
        assert numbers and numbers == sorted(numbers, reverse=True)
        assert "6" in top.split() or "5" in top.split()
        k6 = pane.canvas.places["K6"]
        assert rows[region.y + k6.y - sy][region.x] == "K"
        # the letters and numbers are drawn over the window, not into the canvas
        assert pane.canvas.plain_row(k6.y)[sx] != "K" or sx == 0


async def test_a_turn_at_80x24_keeps_the_map_and_the_hex_in_play_in_view_without_m():
    """Play the first turn's decisions by number keys (seeded picks) at 80x24: after each one
    the map is on screen and the cursor's hex (the place of the next decision, when it has
    one) lies inside the map's window. `m` is never pressed."""
    from tui.screens.dialogs import TurnBanner

    match = new_match()
    app = MusterApp(match=match, pace=0)
    rng = random.Random(5)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        seen_focus = seen_map_only = 0
        for _ in range(40):
            if isinstance(app.screen, TurnBanner):
                await pilot.pause(0.35)
                await pilot.press("enter")
                await pilot.pause()
                continue
            screen = game(app)
            pane = screen.query_one(MapPane)
            assert pane.region.width >= 40 and pane.region.height >= 9
            seen_focus += screen.has_class("-battle")
            seen_map_only += not screen.has_class("-battle")
            if screen.targets:
                place = pane.canvas.places[pane.cursor]
                sx, sy = (int(v) for v in pane.scroll_offset)
                window = pane.scrollable_content_region
                assert sy <= place.y and place.y + 2 <= sy + window.height, pane.cursor
                assert sx <= place.column and place.column + place.box <= sx + window.width
            count = min(9, len(screen.query_one("#menu").numbered))
            if not count:
                break
            await pilot.press(str(rng.randint(1, count)))
            await pilot.pause()
        assert seen_focus and seen_map_only  # both layouts were met
        assert match.history  # the game moved on


def test_jump_labels_are_lower_case_and_unit_and_owner_marks_upper_case():
    """Issue 17, "owner marks visually distinct from jump labels": on the hex map and its
    overview a jump label is lower case (even when given in upper case), the side holding a
    VP hex and the units' side codes upper case (an all-activated hex in the overview: its
    code dim, still upper case); the legend says so."""
    canvas = canvas_for(new_match())
    units = {"K6": [Token("a", "F", "Union", "Wadsworth", 4, ["activated"])]}
    canvas.update(units, {"G9": "Union"}, ["G9", "K6"], None, hints={"G9": "AS", "K6": "d"})
    row_a, _ = canvas.box_text("G9")
    assert row_a.startswith(f"U{VP_MARK}1") and row_a.endswith("as"), row_a
    assert canvas.box_text("K6")[0].endswith("d") and canvas.box_text("K6")[1].startswith("U")
    overview = HexOverview(canvas, 80, 20)
    overview.update(units, {"G9": "Union"}, ["G9", "K6"], None, hints={"G9": "AS", "K6": "D"})
    cells = {h: overview.row_cells(overview.places[h].y)[overview.places[h].column:
                                                         overview.places[h].column + 2]
             for h in ("G9", "K6")}
    assert [ch for ch, _ in cells["G9"]] == ["a", "s"] and cells["K6"][0][0] == "d"
    overview.update(units, {"G9": "Union"}, [], None)
    glyph, style = overview.row_cells(overview.places["K6"].y)[overview.places["K6"].column]
    assert glyph == "U" and style.dim
    rows = dict(legend(canvas.board))
    assert "lower case" in rows["as"] and f"U{VP_MARK}5" in rows
