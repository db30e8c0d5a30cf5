"""The point-to-point map a wargamer can read (issue 7 part 3): lines of box-drawing characters
that join at boxes, each kind readable without colour, river banks and the Potomac, markers for
capitals, victory cities, recruiting values and ports, piece summaries with strengths, the
overview on `o`, and the legend on the help screen. A House Divided and Washington's War."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from core import registry
from core.engine import Match, Token
from maps import a_house_divided as ahd_map
from tui.app import MusterApp
from tui.mapcanvas import (BANK_CHAR, BOX_CHARS, CAPITAL_MARK, E, FAMILIES, FORT_MARK,
                           MARKERS, N, PORT_MARK, RIVER_CHARS, S, TARGET_MARK, VICTORY_MARK, W, MapCanvas,
                           link_families, location_markers, staircase, strengths_text)
from tui.mappane import MapPane
from tui.overview import OverviewCanvas
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen

AHD = "a-house-divided"
WW = "washingtons-war"
BIG = (200, 60)
MID = (120, 40)
NARROW = (90, 40)  # the map 66 columns wide (under FULL_NAMES_WIDTH): abbreviations
SIDES = {S: "south", N: "north", E: "east", W: "west"}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def new_match(game: str = AHD, seed: int = 3) -> Match:
    return Match.new(registry.get_rules(game), seed=seed)


def game(app) -> GameScreen:
    assert isinstance(app.screen, GameScreen), app.screen
    return app.screen


def screen_rows(app) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def place_row(app, pane: MapPane, loc: str, below: int = 0) -> tuple[str, int]:
    """The terminal row of a location's label (or `below` rows under it) and the screen column
    of its "[" (after every filter)."""
    place = pane.canvas.places[loc]
    region = pane.content_region
    sx, sy = pane.scroll_offset
    return (screen_rows(app)[region.y + place.y + below - int(sy)],
            region.x + place.left - int(sx))


def opens(ch: str) -> set[int]:
    """The sides a line character leads out of its cell by."""
    for key, box in BOX_CHARS.items():
        if box == ch:
            return {side for side, weight in enumerate(key) if weight}
    for family in FAMILIES.values():
        if ch == family.horizontal:
            return {E, W}
        if ch == family.vertical:
            return {N, S}
    for sides, river in RIVER_CHARS.items():
        if river == ch:
            return set(sides) | ({E, W} if ch == "~" else {N, S} if ch == "≀" else set())
    return set()


def rendered(widget, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


# -- the board's display props ----------------------------------------------------------------


def test_ahd_display_props_agree_with_the_rules_constants():
    board = ahd_map.load()
    capitals = {lid: loc.props["capital"] for lid, loc in board.locations.items()
                if "capital" in loc.props}
    assert capitals == {ahd_map.WASHINGTON: "Union", ahd_map.RICHMOND: "Confederate"}
    victory = {lid for lid, loc in board.locations.items() if loc.props.get("victory")}
    assert victory == set(ahd_map.UNION_VICTORY_CITIES)
    for lid, loc in board.locations.items():
        shields = {side: loc.props[key] for side, key in (("Union", "union_shield"),
                                                          ("Confederate", "csa_shield"))
                   if loc.props[key]}
        assert loc.props.get("recruit", {}) == shields, lid
    fortified = {lid for lid, loc in board.locations.items() if loc.props.get("fortified")}
    assert fortified == set(ahd_map.PERMANENT_ENTRENCHMENTS)
    named = {(ln.a, ln.b): ln.props.get("name") for ln in board.links if ln.props.get("name")}
    assert named == {(ln.a, ln.b): "Potomac" for ln in board.links if ln.props["potomac"]}
    assert len(named) == 1


def test_markers_come_from_board_props():
    code = {"Union": "U", "Confederate": "C"}.get
    board = ahd_map.load()
    assert location_markers(board.locations["richmond"].props, code) == [
        (CAPITAL_MARK, "Confederate"), (VICTORY_MARK, "Union"), (FORT_MARK, ""),
        ("C3", "Confederate")]
    assert [t for t, _ in location_markers(board.locations["st-louis"].props, code)] == [
        "U3", "C1"]
    assert [t for t, _ in location_markers(board.locations["new-york"].props, code)] == [
        PORT_MARK, "U3"]
    # other games' spellings: a bare capital flag, a kind of port, a lone recruiting value
    assert location_markers({"capital": True, "port": "major", "recruit": 2}) == [
        (CAPITAL_MARK, ""), (PORT_MARK, ""), ("2", "")]
    assert location_markers({"port": "none", "capital": False}) == []


def test_strength_summaries():
    tokens = [Token(id=str(i), kind="MF", side="Union", label="MF", strength=s)
              for i, s in enumerate([3, 2, 1])]
    assert strengths_text(tokens, "U") == "U:3·2·1"
    general = Token(id="g", kind="general", side="British", label="Howe")
    assert strengths_text([general, Token(id="c", kind="cu", side="British", label="5 CUs",
                                          strength=5)], "B") == "B:G·5"
    many = [Token(id=str(i), kind="MF", side="Union", label="MF", strength=2) for i in range(9)]
    assert strengths_text(many, "U") == "U:2·2·2·2·2·+4"


# -- lines -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [AHD, WW])
def test_every_line_ends_joined_to_its_boxes(game_id):
    """Each link's end cell is a line character open toward the box it leads to, and every
    cell of it joins its neighbours on the path (no gaps, no loose ends)."""
    board = registry.get_rules(game_id).board()
    canvas = MapCanvas(board, ["Union", "Confederate"])
    seen: dict[frozenset, int] = {}
    for link in sorted(board.links, key=lambda ln: ln.kind != "river"):
        pair = frozenset((link.a, link.b))
        shift = seen.get(pair, 0)
        seen[pair] = shift + 1
        a, b = canvas.places[link.a], canvas.places[link.b]
        pa, into_a, pb, into_b, _ = canvas.ports(a, b, shift)
        for (x, y), into in ((pa, into_a), (pb, into_b)):
            ch = canvas.line_char(x, y)
            cell = canvas.lines.cells[(x, y)]
            if ch == BANK_CHAR:
                continue
            if not any(cell.weights):  # only rivers here: wavy, and a junction of rivers is "~"
                assert into in cell.river and ch in {*RIVER_CHARS.values(), "~"}
                continue
            assert into in opens(ch), (link.a, link.b, (x, y), ch, SIDES[into])


def test_lines_fork_and_cross_with_junction_characters():
    board = ahd_map.load()
    canvas = MapCanvas(board, ["Union", "Confederate"])
    text = "\n".join(canvas.plain_row(r) for r in range(canvas.height))
    for ch in "╦╩╠╣╬":  # rail forks and crossings
        assert ch in text, ch
    assert any(ch in text for ch in "╪╫╤╧╞╡"), "a road meets a rail: mixed characters"


def test_each_kind_has_its_own_characters():
    families = link_families(["rail", "road", "river", "wilderness", "pass", "open"])
    assert families["rail"].horizontal == "═" and families["road"].horizontal == "─"
    assert families["river"] is None  # wavy: ~ and ≀
    drawn = {f.horizontal for f in families.values() if f} | {"~"}
    assert len(drawn) == len(families)  # every kind told apart by its characters alone


async def test_a_known_junction_on_screen_chicago():
    """Chicago (rail hub): rails leave west under its control letter and east after its
    recruiting value, and fork at once (`╦`)."""
    app = MusterApp(match=new_match())
    async with app.run_test(size=NARROW) as pilot:  # abbreviations
        await pilot.pause()
        pane = game(app).query_one(MapPane)
        assert not pane.canvas.full_names
        pane.move_to("fort-wayne")
        await pilot.pause()
        row, left = place_row(app, pane, "chicago")
        assert row[left - 5:left + 16] == "╔═╦═u[Chic]*U3═╦═══╦═"
        below, _ = place_row(app, pane, "chicago", 1)
        assert below[left + 1:left + 6] == "U:2MF"  # two militia infantry (MF) counters


async def test_kinds_banks_and_potomac_readable_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert app.no_color
        pane = game(app).query_one(MapPane)
        await pilot.press("m")
        pane.move_to("washington")
        await pilot.pause()
        text = "\n".join(screen_rows(app))
        for ch in ("═", "║", "─", "│", "~", "≀", BANK_CHAR, "Potomac", CAPITAL_MARK,
                   PORT_MARK):
            assert ch in text, ch
        # the Potomac (Washington - Fredericksburg) crosses a river bank next to Fredericksburg
        canvas = pane.canvas
        link = next(ln for ln in canvas.board.links if ln.props.get("potomac"))
        a, b = canvas.places[link.a], canvas.places[link.b]
        path = next(cells for ln, cells in canvas.routes if ln is link)  # as routed
        assert [canvas.line_char(*c) for c in path].count(BANK_CHAR) == 1
        fred = canvas.places["fredericksburg"]
        bank = next(c for c in path if canvas.line_char(*c) == BANK_CHAR)
        assert abs(bank[0] - fred.x) + abs(bank[1] - fred.y) < \
            abs(bank[0] - a.x) + abs(bank[1] - a.y)


async def test_wilderness_is_dashed_in_washingtons_war(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = MusterApp(match=new_match(WW))
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen):  # the hand-off screen of a hidden game
            await pilot.press("enter")
            await pilot.pause()
        pane = game(app).query_one(MapPane)
        pane.move_to("quebec")
        await pilot.pause()
        text = "\n".join(screen_rows(app))
        assert "╌" in text or "╎" in text  # the wilderness line to Quebec
        assert "─" in text and PORT_MARK in text
        row, left = place_row(app, pane, "quebec")
        width = pane.canvas.places["quebec"].width  # "[Quebec]": full names at this width
        assert row[left:left + width] == ">Quebec<"  # the cursor
        assert row[left + width:left + width + 3] == f" {FORT_MARK}{PORT_MARK}"  # 2.1.C
        row, left = place_row(app, pane, "quebec", 1)
        assert "B:" in row  # the British pieces at Quebec with strengths


# -- markers -----------------------------------------------------------------------------------


async def test_markers_are_drawn_for_known_places():
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        pane = game(app).query_one(MapPane)
        expected = {
            # capital, victory city, permanent entrenchment, Confederate recruiting 3
            "richmond": f"{CAPITAL_MARK}{VICTORY_MARK}{FORT_MARK}C3",
            "washington": f"{CAPITAL_MARK}{FORT_MARK}{PORT_MARK}U1",
            "new-orleans": f"{VICTORY_MARK}{PORT_MARK}C2",
            "st-louis": "U3C1",                             # both sides recruit there
            "new-york": f"{PORT_MARK}U3",
        }
        for loc, marks in expected.items():
            pane.move_to("chicago" if loc != "chicago" else "toledo")
            pane.move_to(loc)
            pane.move_to(pane.canvas.nearest(loc, 1, 0) or pane.canvas.nearest(loc, -1, 0))
            await pilot.pause()
            place = pane.canvas.places[loc]
            row, left = place_row(app, pane, loc)
            label = f"[{place.abbr}]"
            assert row[left:left + len(label)] == label, (loc, row)
            after = row[left + len(label) + 1:left + len(label) + 1 + len(marks)]
            assert after == marks, (loc, row)


# -- the overview ------------------------------------------------------------------------------


async def test_overview_shows_the_whole_board_and_the_cursor_and_targets_work():
    match = new_match()
    app = MusterApp(match=match)
    async with app.run_test(size=MID) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        pane.focus()
        start = pane.cursor
        await pilot.press("o")
        await pilot.pause()
        assert pane.zoomed and pane.has_class("-overview")
        overview = pane.drawn
        assert isinstance(overview, OverviewCanvas)
        region = pane.scrollable_content_region
        assert overview.width <= region.width and overview.height <= region.height
        on_map = [loc for loc in pane.canvas.places if not pane.canvas.board.locations[loc].offmap]
        assert sorted(overview.places) == sorted(on_map)  # off-map boxes are left out
        for place in overview.places.values():  # every place on screen, none hidden
            assert 0 <= place.column < region.width and 0 <= place.y < region.height
        assert pane.scroll_offset == (0, 0)
        rows = screen_rows(app)
        # the targets: "*" after the glyph (Chicago: Union pieces there, a target)
        assert any("U*Chic" in row for row in rows)
        # the cursor moves in the overview and the info line follows
        await pilot.press("l")
        await pilot.pause()
        overview = pane.drawn  # (drawn again if the pane's size changed)
        assert pane.cursor != start and overview.cursor == pane.cursor
        # the cursor in reverse video on the overview
        place = overview.places[pane.cursor]
        strip = overview.row_strip(place.y)
        styles = [seg.style for seg in strip]
        assert any(style is not None and style.reverse for style in styles)
        # n cycles through the targets; every target is marked
        await pilot.press("n")
        await pilot.pause()
        assert pane.cursor in pane.targets
        for target in pane.targets:
            cells = overview.label(target)
            assert (len(cells) > 1 and cells[1][0] == TARGET_MARK) or \
                all(style.underline for _, style in cells)
        # jump labels work there too, and act
        single = [loc for loc, choices in screen.targets.items() if len(choices) == 1]
        await pilot.press("f")
        overview = pane.drawn
        label = pane.hint_for(single[0])
        assert label and overview.label(single[0])[0][0] == label[0].upper()
        await pilot.press(*label)
        await pilot.pause()
        assert len(match.history) == 1
        # and back to the full map, cursor kept
        cursor = pane.cursor
        await pilot.press("o")
        await pilot.pause()
        assert not pane.zoomed and pane.drawn is pane.canvas and pane.cursor == cursor


async def test_overview_follows_a_resize_and_the_maximised_map():
    app = MusterApp(match=new_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = game(app).query_one(MapPane)
        pane.focus()
        await pilot.press("o")
        await pilot.pause()
        small = (pane.drawn.width, pane.drawn.height)
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        big = (pane.drawn.width, pane.drawn.height)
        assert big[0] > small[0] and pane.zoomed
        region = pane.scrollable_content_region
        assert big[0] <= region.width and big[1] <= region.height


# -- styles and the legend ---------------------------------------------------------------------


async def test_styles_come_from_the_component_classes():
    app = MusterApp(match=new_match())
    async with app.run_test(size=MID) as pilot:
        await pilot.pause()
        pane = game(app).query_one(MapPane)
        assert {f"map--{key}" for key in pane.canvas.styles} <= pane._component_styles.keys() \
            | MapPane.COMPONENT_CLASSES
        assert pane.canvas.styles["cursor"].reverse and pane.canvas.styles["target"].underline
        assert pane.canvas.styles["road"].color is not None  # a theme colour, not the default
        assert pane.canvas.styles["road"] != pane.canvas.styles["rail"]


async def test_the_help_legend_lists_every_marker_and_line_kind():
    app = MusterApp(match=new_match())
    async with app.run_test(size=MID) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = rendered(app.screen.query_one("#map-legend"))
        for _, mark, _ in MARKERS:
            assert mark in text, mark
        for words in ("rail", "road", "river", "U2C1", "Howe·Clinton 8", BANK_CHAR, "Potomac",
                      TARGET_MARK, "!U:3·2", "overview", "═", "─", "~"):
            assert words in text, words
        assert not app.screen.query("#hex-legend")


async def test_the_history_map_has_the_overview_too():
    match = new_match()
    view = match.view(match.active[0])
    match.act(match.active[0], view.actions[0].action)
    app = MusterApp(match=match)
    async with app.run_test(size=MID) as pilot:
        await pilot.pause()
        await pilot.press("H")
        await pilot.pause()
        pane = app.screen.query_one(MapPane)
        assert not isinstance(app.screen, GameScreen)
        pane.focus()
        await pilot.press("o")
        await pilot.pause()
        assert pane.zoomed and isinstance(pane.drawn, OverviewCanvas)
        assert pane.drawn.board_view == pane.canvas.board_view  # the board as it was
        before = pane.cursor
        await pilot.press("j")
        await pilot.pause()
        assert pane.cursor != before and pane.drawn.cursor == pane.cursor
