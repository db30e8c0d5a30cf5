"""The hex map canvas (tui/hexcanvas.py) playing Gettysburg 1863, driven by keys (Textual Pilot).

Seed 2 of the 3-day battle opens on the Union's enemy-flag redeployment: Wadsworth (F, 4 SP)
stands on the Peach Orchard G9 (a 1-VP orchard), Gamble and Devin (C, 2 SP) on R10 and S10,
and the three are the map's targets. The round's dice panel stands beside the hex map (it
does not replace it, even at 80x24); `m` gives the map the whole width.
"""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from core import registry
from core.engine import Match, Token
from maps import gettysburg as gb_map
from maps.hexboard import HexBoard
from tui.app import MusterApp
from tui.hexcanvas import BOXES, ROAD_E, ROAD_FALLING, ROAD_JOIN, ROAD_RISING, TERRAIN_CHARS, \
    VP_MARK, HexCanvas, legend, terrain_chars
from tui.mappane import HexMapPane, MapPane

BOX = BOXES[0]
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen

GAME = "gettysburg-1863"
SIZE = (80, 24)
BIG = (120, 40)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def new_match(seed: int = 2, scenario: str | None = None) -> Match:
    return Match.new(registry.get_rules(GAME), seed=seed, scenario=scenario)


def game(app) -> GameScreen:
    assert isinstance(app.screen, GameScreen), app.screen
    return app.screen


def screen_rows(app) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def box_on_screen(app, pane: MapPane, hex_id: str) -> tuple[str, str]:
    """The two rows of a hex's box as the terminal shows them (after every filter)."""
    place = pane.canvas.places[hex_id]
    rows = screen_rows(app)
    region = pane.content_region
    sx, sy = pane.scroll_offset
    x = region.x + place.column - int(sx)
    y = region.y + place.y - int(sy)
    return rows[y][x:x + place.box], rows[y + 1][x:x + place.box]


def rendered(widget, width: int = 100) -> str:
    """A Static's Rich content as plain text."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def wadsworth_view(match: Match):
    view = match.view("Union")
    assert [t.label for t in view.board["G9"]] == ["Wadsworth"]
    return view


# -- the board hook and the choice of canvas ----------------------------------------------


def test_gettysburg_rules_give_the_hex_board_and_the_map_pane_draws_it_with_hexes():
    board = registry.get_rules(GAME).board()
    assert isinstance(board, HexBoard) and len(board.hexes) == 273
    canvas = MapPane.canvas_for(board, ["Union", "Confederate"])
    assert isinstance(canvas, HexCanvas)
    assert type(MapPane(canvas)) is HexMapPane  # the map pane chooses the hex widget
    # north up: V (the north edge) is the top row under the numbers, number 1 (the east) the
    # right end; the file letters at both ends of each row, the numbers above and below
    assert canvas.places["V13"].y == 1 and canvas.places["A1"].y == canvas.height - 4
    assert canvas.places["K1"].column > canvas.places["K13"].column
    assert canvas.plain_row(canvas.places["K6"].y)[0] == "K"
    assert canvas.plain_row(canvas.places["K6"].y).rstrip()[-1] == "K"
    top, bottom = canvas.plain_row(0).split(), canvas.plain_row(canvas.height - 1).split()
    assert top == bottom == [str(n) for n in range(13, 0, -1)]
    v5 = canvas.places["V5"]
    assert canvas.plain_row(0)[v5.x] == "5"  # over the middle of its box
    # the box widens with the pane: the widest with which the whole board fits
    assert HexCanvas.box_for(board, 80) == BOXES[0]  # none fits: the narrowest, scrolled
    assert HexCanvas.box_for(board, 198) == BOXES[-1]
    wide = HexCanvas(board, ["Union", "Confederate"], box=BOXES[-1])
    assert wide.width <= 198 < HexCanvas.width_for(board, BOXES[-1] + 2)


# -- drawing -------------------------------------------------------------------------------


def test_canvas_draws_terrain_vp_hexsides_and_units():
    board = gb_map.load()
    canvas = HexCanvas(board, ["Union", "Confederate"])
    view = wadsworth_view(new_match())
    canvas.update(view.board, view.control, [], None)
    assert canvas.terrain_chars == terrain_chars(board)
    # Cemetery Hill N5: a hill (^), worth 3 VP, held by no one yet; roads meet there (•)
    row_a, row_b = canvas.box_text(gb_map.CEMETERY_HILL)
    assert row_a.startswith(f"^{VP_MARK}3") and ROAD_JOIN in row_a
    assert row_b.strip("^ " + ROAD_RISING + ROAD_FALLING) == ""
    # Round Top B7 (wooded hill, level 2) and a plain town hex P4
    assert canvas.box_text("B7")[0] == "▲ ▲ ▲ ▲ ▲" and canvas.box_text("R5")[1].count("#") >= 3
    # the Peach Orchard G9: held by the Union (U), Wadsworth by name and SP on row B
    row_a, row_b = canvas.box_text("G9")
    assert row_a.startswith(f"U{VP_MARK}1") and "♠" in row_a + row_b
    assert row_b.startswith("UWad4 ")
    # an entry hex (A12, the Emmitsburg Road)
    assert canvas.box_text("A12")[0][BOX - 2] == "»"
    # hexsides: Rock Creek between I1 and I2, the Baltimore Pike over it (a bridge): the road
    # on row A across the separator, the stream on row B
    left = canvas.places["I2"]
    separator = left.column + BOX
    assert canvas.plain_row(left.y + 1)[separator] == "~"
    assert canvas.plain_row(left.y)[separator] == ROAD_E


def test_stacks_of_two_activated_units_and_the_focus_mark():
    canvas = HexCanvas(gb_map.load(), ["Union", "Confederate"])
    stack = [Token("a", "F", "Union", "Wadsworth", 4, ["elite"]),
             Token("b", "A", "Union", "Hall", 3, ["veteran", "activated"])]
    horse = [Token("c", "AC", "Confederate", "Stuart", 2, []),
             Token("d", "C", "Confederate", "Hampton", 2, ["activated"])]
    canvas.update({"K6": stack, "T5": horse}, {}, ["K6"], None, focus="K6")
    a, b = canvas.box_text("K6")
    assert b == "UWad4·hal3"  # one side code, then name + SP each; activated in lower case
    assert a[0] == "!" and a[-1] == "*"  # the focus and the target mark
    assert "".join(ch for ch, _ in canvas.row_cells(canvas.places["T5"].y + 1)[
        canvas.places["T5"].column:][:BOX + 1]) == "CStu2·ham2"  # into the separator
    # a lone unit that lost SP: SP now / printed
    heth = Token("h", "F", "Confederate", "Heth", 4, ["printed 6 SP"])
    canvas.update({"Q10": [heth]}, {}, [], None)
    assert canvas.box_text("Q10")[1].startswith("CHet4/6 ")
    # the cursor is the box in reverse video, every cell of it
    canvas.set_cursor("K6")
    for row in (canvas.places["K6"].y, canvas.places["K6"].y + 1):
        cells = canvas.row_cells(row)[canvas.places["K6"].column:][:BOX]
        assert all(style is not None and style.reverse for _, style in cells)


def test_info_line_names_the_units_first_then_terrain_elevation_and_hexsides():
    match = new_match()
    canvas = HexCanvas(gb_map.load(), match.roles)
    view = wadsworth_view(match)
    text = canvas.describe(view, "G9", []).plain
    first, second = text.split("\n")[:2]
    assert first.startswith("G9 Peach Orchard: Union Wadsworth [Wad] F infantry 4/4 SP (elite")
    assert "Orchard ♠, elevation 0" in second and "held by Union" in second
    assert "road Emmitsburg Road" in second
    text = canvas.describe(view, "I1", []).plain
    assert "stream Rock Creek" in text and "road Baltimore Pike" in text
    assert "Union entry hex" in text
    text = canvas.describe(view, "V13", []).plain
    assert "waiting to enter: Heth" in text  # the pending reinforcements at their entry hex
    assert "elevation 2" in canvas.describe(view, "D8", []).plain
    assert "no units" in canvas.describe(view, "A1", []).plain.split("\n")[0]


# -- the app ---------------------------------------------------------------------------------


async def test_the_map_draws_a_known_hex_and_a_unit_on_screen():
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        assert isinstance(pane, HexMapPane) and isinstance(screen.canvas, HexCanvas)
        # the dice panel is beside the map, not in its place
        assert screen.query_one("#focus").region.width > 0 and pane.region.width > 40
        assert pane.cursor in ("G9", "R10", "S10")
        pane.move_to("G9")
        await pilot.pause()
        row_a, row_b = box_on_screen(app, pane, "G9")
        assert row_a.startswith(f"U{VP_MARK}1") and row_a.endswith("*")
        assert row_b.startswith("UWad4")
        info = str(screen.query_one("#info").render())
        assert info.startswith("G9 Peach Orchard: Union Wadsworth")


async def test_the_whole_width_at_200_columns_with_wider_boxes():
    app = MusterApp(match=new_match())
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert pane.canvas.box == BOXES[-1]  # the box widens to the pane
        assert pane.scrollable_content_region.width >= screen.canvas.width
        assert screen.canvas.width > 0.9 * pane.scrollable_content_region.width
        pane.move_to("G9")
        await pilot.pause()
        row_a, row_b = box_on_screen(app, pane, "G9")
        assert row_b.startswith("UWadsw4")  # names grow with the box
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert pane.canvas.box < BOXES[-1]  # the dice panel beside it: narrower boxes


async def test_cursor_moves_between_neighbouring_hexes():
    match = new_match()
    board = match.rules.board()
    app = MusterApp(match=match)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        pane = game(app).query_one(MapPane)
        pane.move_to("K6")
        await pilot.pause()
        await pilot.press("right")
        assert pane.cursor == board.neighbours("K6")["E"] == "K5"
        await pilot.press("left", "left")
        assert pane.cursor == board.neighbours("K6")["W"] == "K7"
        await pilot.press("l")
        assert pane.cursor == "K6"
        await pilot.press("up")
        assert pane.cursor in (board.neighbours("K6")["NE"], board.neighbours("K6")["NW"])
        await pilot.press("down")  # and back
        assert pane.cursor == "K6"
        for _ in range(4):  # up, up, ...: a zigzag along the column, never drifting away
            here = pane.cursor
            await pilot.press("k")
            assert pane.cursor in board.neighbours(here).values()
        assert abs(pane.canvas.places[pane.cursor].column
                   - pane.canvas.places["K6"].column) <= pane.canvas.W // 2
        pane.move_to("V13")  # a corner: nothing further up or left
        await pilot.press("up", "left")
        assert pane.cursor == "V13"
        assert "V13" in str(game(app).query_one("#info").render())


async def test_targets_are_marked_from_the_actions():
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        # the redeployment names three units: their hexes are the targets
        assert set(screen.targets) == {"G9", "R10", "S10"} == pane.canvas.targets
        for h in ("G9", "R10", "S10"):
            assert pane.canvas.box_text(h)[0].endswith("*")
        assert not pane.canvas.box_text("N5")[0].endswith("*")
        await pilot.press("m", "n")
        await pilot.pause()
        assert pane.cursor in screen.targets


async def test_choosing_the_hex_under_the_cursor_acts():
    match = new_match()
    app = MusterApp(match=match)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        await pilot.press("m")
        pane.move_to("G9")
        await pilot.press("enter")  # Wadsworth's hex: redeploy Wadsworth
        await pilot.pause()
        assert "choose the hex" in match.view("Union").prompt
        destinations = set(screen.targets)
        assert "H9" in destinations and pane.cursor in destinations
        pane.move_to("G9")
        await pilot.press("up")  # G9 -> H9 or H10, both destinations
        assert pane.cursor in destinations
        chosen = pane.cursor
        await pilot.press("enter")
        await pilot.pause()
        assert [t.label for t in match.view(None).board[chosen]] == ["Wadsworth"]
        assert "G9" not in match.view(None).board


async def test_jump_labels_reach_a_target_in_two_keys():
    match = new_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        await pilot.press("m", "f")
        await pilot.pause()
        assert pane.jumping and pane.has_class("-jumping")
        labels = {loc: label for label, loc in pane._hints.items()}
        assert set(labels) == {"G9", "R10", "S10"}
        assert pane.canvas.box_text("S10")[0].endswith(labels["S10"])
        assert "Jump" in str(screen.query_one("#info").render())
        await pilot.press(labels["G9"])  # f + one letter: redeploy Wadsworth
        await pilot.pause()
        assert not pane.jumping and pane.cursor in screen.targets
        assert "choose the hex" in match.view("Union").prompt


async def test_80x24_the_viewport_follows_the_cursor():
    app = MusterApp(match=new_match())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        pane = screen.query_one(MapPane)
        assert screen.has_class("-compact")
        await pilot.press("m")
        await pilot.pause()
        assert pane.region.height >= 10 and pane.region.right <= SIZE[0]

        def visible(h: str) -> bool:
            place = pane.canvas.places[h]
            sx, sy = pane.scroll_offset
            window = pane.scrollable_content_region
            return sy <= place.y and place.y + 2 <= sy + window.height \
                and sx <= place.column and place.column + BOX <= sx + window.width

        # from the middle to the north edge, its west corner, then the south-east one
        pane.move_to("K7")
        await pilot.pause()
        assert visible("K7")
        for keys, edge in ((["k"] * 11, "V"), (["h"] * 7, "V13")):
            await pilot.press(*keys)
            await pilot.pause()
            assert visible(pane.cursor) and pane.cursor.startswith(edge), pane.cursor
        pane.move_to("C2")  # a jump across the map (as `n` or a label does)
        await pilot.pause()
        await pilot.press("j", "j", "l")
        await pilot.pause()
        assert pane.cursor == "A1" and visible("A1")
        row_a, _ = box_on_screen(app, pane, pane.cursor)
        assert row_a.strip()  # drawn where the terminal shows it
        await pilot.press("m")  # back to all the panes: the dice panel, menu and log
        await pilot.pause()
        assert screen.query_one("#menu").region.height > 0


async def test_no_color_keeps_every_fact_readable(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert app.no_color
        screen = game(app)
        pane = screen.query_one(MapPane)
        await pilot.press("m")
        pane.move_to("H9")
        await pilot.pause()
        text = "\n".join(screen_rows(app))
        # terrain, streams, roads, VP, names and units are characters, not colours
        for ch in ("♠", "⌂", "♣", "^", "~", ROAD_RISING, VP_MARK, "UWad4", "Peach Orchard"):
            assert ch in text, ch
        row_a, _ = box_on_screen(app, pane, "G9")
        assert row_a.startswith(f"U{VP_MARK}1") and row_a.endswith("*")  # Union's, a target
        # bug 6: the units' letters are in the text's own colour (bold), like the blank cells
        # around them, not a side colour the monochrome filter turns into a grey near the
        # background (235-240 on 233)
        strips = app.screen._compositor.render_strips()
        place = pane.canvas.places["G9"]
        y = pane.content_region.y + place.y + 1 - int(pane.scroll_offset.y)
        segments = list(strips[y])
        unit = next(seg for seg in segments if "Wad" in seg.text)
        blank = next(seg for seg in segments if not seg.text.strip())
        assert unit.style.color == blank.style.color and unit.style.bold
        assert pane.canvas.side_style("Confederate").color is None
        # the cursor: reverse video, which NO_COLOR keeps
        strips = app.screen._compositor.render_strips()
        place = pane.canvas.places["H9"]
        y = pane.content_region.y + place.y - int(pane.scroll_offset.y)
        x = pane.content_region.x + place.column - int(pane.scroll_offset.x)
        column, styles = 0, []
        for segment in strips[y]:
            for _ch in segment.text:
                if x <= column < x + BOX:
                    styles.append(segment.style)
                column += 1
        assert styles and all(style is not None and style.reverse for style in styles)
        assert "H9 Klingel farm: no units" in str(screen.query_one("#info").render())


async def test_a_combat_is_marked_on_the_map():
    """Play the 3 July scenario (fire when possible, otherwise at random) to the first
    combat: the focus panel resolves it and the map marks its hex with "!"."""
    match = new_match(seed=5, scenario="day-3")
    rng = random.Random(1)
    for _ in range(400):
        view = match.view(match.active[0])
        if view.focus is not None and view.focus.where:
            break
        fire = [c for c in view.actions if c.action.verb in ("fire", "attack", "target")]
        match.act(match.active[0], (fire[0] if fire else rng.choice(view.actions)).action)
    else:
        pytest.fail("no combat in 400 actions")
    where = view.focus.where
    app = MusterApp(match=match)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = game(app)
        assert screen.canvas.focus == where
        assert screen.canvas.box_text(where)[0][0] == "!"


async def test_help_lists_every_terrain_character_of_the_board():
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = legend(gb_map.load(), {"Union": "U", "Confederate": "C"})
        chars = {ch for ch, _ in rows}
        for ch in terrain_chars(gb_map.load()).values():
            assert ch in chars
        assert set(TERRAIN_CHARS.values()) <= chars
        shown = rendered(app.screen.query_one("#hex-legend"))
        assert "Hex map legend" in shown and "wooded hill, elevation 2" in shown
        for ch in terrain_chars(gb_map.load()).values():
            assert ch in shown
        # the point-to-point legend is not the map in play
        assert not any("Map legend" in rendered(static) for static in app.screen.query(
            "Static") if static.id != "hex-legend")


async def test_a_theme_change_redraws_the_map_in_the_new_colours():
    app = MusterApp(match=new_match())
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        canvas = game(app).canvas
        before = canvas.styles["woods"]
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        assert canvas.styles["woods"] != before


# --- the fog of war option hides the screen between players (AMB-31) -----------------------------


@pytest.mark.parametrize("fog", [True, False])
async def test_fog_of_war_hands_the_keyboard_over_like_a_hidden_hand(fog):
    """With the fog of war each side's view differs, so hotseat opens on the hand-off screen
    (the board hidden until the player presses a key); an open game opens on the board."""
    from tui.screens.dialogs import HandoffScreen

    rules = registry.get_rules("gettysburg-1863")
    match = Match.new(rules, seed=2, scenario="day-3", options={"fog_of_war": fog})
    assert match.hidden_info is fog
    app = MusterApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) is fog
        if fog:
            await pilot.press("space")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.view == match.view(screen.role)      # the role's own (filtered) view
