"""Issue 17, "Reading the board", "Hands" and "Menus that do not trap", for the point-to-point
maps (Washington's War, A House Divided, Wellington): generals by name where they stand,
regions, routed links, an overview whose labels never collide, hands at 120x40, keys that do
not shift, side effects written on the menu line, the cursor kept in view."""
from __future__ import annotations

import random

import pytest

from core.engine import Action, Choice, Match, Token
from core.registry import get_rules
from tui.actionmenu import ActionMenu, menu_numbers, warning_of
from tui.app import MusterApp
from tui.mapcanvas import (EDGE_CHAR, NAMED_KINDS, MapCanvas, fit_pieces, legend, piece_name,
                           pieces_text, short_name, staircase)
from tui.mappane import MapPane
from tui.overview import OverviewCanvas
from tui.panes import HandPane, card_line
from tui.screens.game import GameScreen

WW, AHD, WEL = "washingtons-war", "a-house-divided", "wellington"
P2P = (WW, AHD, WEL)


def new_match(game: str, seed: int = 3) -> Match:
    return Match.new(get_rules(game), seed=seed, scenario=None, options={})


def canvas_of(game: str, match: Match | None = None) -> MapCanvas:
    rules = get_rules(game)
    match = match or new_match(game)
    canvas = MapCanvas(rules.board(), rules.roles(match.header.scenario, {}))
    view = match.view(None)
    canvas.update(view.board, view.control, [], None)
    return canvas


async def open_game(pilot) -> GameScreen:
    """The game screen, past the hand-off screen of a game with hidden hands."""
    await pilot.pause()
    for _ in range(3):
        if isinstance(pilot.app.screen, GameScreen):
            break
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
    return pilot.app.screen


def visible_rows(pane: MapPane) -> list[str]:
    """The map pane's rows as drawn (the window on the canvas)."""
    height = pane.scrollable_content_region.height
    return [pane.render_line(y).text for y in range(height)]


# -- names, not letters ----------------------------------------------------------------------


def test_piece_names_come_from_the_view_labels():
    assert piece_name(Token(id="howe", kind="general", side="British",
                            label="Howe S3 T6 A2")) == "Howe"
    assert piece_name(Token(id="x", kind="commander", side="Spain",
                            label="De España 1-4")) == "De España"
    assert piece_name(Token(id="lee", kind="leader", side="Confederate", label="Lee 3")) == "Lee"


def test_every_named_piece_of_every_map_game_has_one_short_name_of_at_most_five():
    """One definition of each short name (maps/short_names.toml): every general, commander,
    leader and named marker the three games put on the board or in a box."""
    for game in P2P:
        view = new_match(game).view(None)
        tokens = [t for ts in (*view.board.values(), *view.boxes.values()) for t in ts]
        named = {piece_name(t) for t in tokens
                 if t.kind in NAMED_KINDS or (t.side and t.strength is None)}
        if game == AHD:  # the leaders come with the advanced rule A8.2: from their file
            import tomllib
            from pathlib import Path

            data = tomllib.loads((Path(__file__).parent.parent / "core/ahd/leaders.toml")
                                 .read_text())
            named |= {entry["name"] for entry in data.values()}
        assert named, game
        for name in named - {""}:
            assert len(short_name(name)) <= 5, (game, name)


def test_a_side_reads_generals_by_name_then_forces():
    howe = Token(id="howe", kind="general", side="British", label="Howe S3 T6 A2")
    clinton = Token(id="clinton", kind="general", side="British", label="Clinton S2 T3 A2")
    cus = Token(id="c", kind="cu", side="British", label="5 British CUs", strength=5)
    assert pieces_text([howe, clinton, cus], "B") == "B:Howe·Clinton 5"
    assert pieces_text([howe, clinton, cus], "B", 1) == "B:Howe·Clint 5"
    assert pieces_text([howe, clinton, cus], "B", 2) == "B:Howe·+1 5"
    mf = [Token(id=f"m{i}", kind="MF", side="Union", label="MF", strength=2) for i in range(2)]
    fv = Token(id="f", kind="FV", side="Union", label="FV", strength=3, flags=["reduced"])
    assert pieces_text([*mf, fv], "U") == "U:2MF·FV'"
    # the room decides: full names, then short ones, then cut with …
    wash = Token(id="washington", kind="general", side="American", label="Washington S1 T4 A2")
    am = Token(id="a", kind="cu", side="American", label="5 American CUs", strength=5)
    assert fit_pieces([([wash, am], "A")], 20) == ["A:Washington 5"]
    assert fit_pieces([([wash, am], "A")], 9) == ["A:Wash 5"]
    assert fit_pieces([([wash, am], "A")], 5) == ["A:Wa…"]


@pytest.mark.parametrize("game, place, words", [
    (WW, "boston", ("B:Howe 5",)),
    (WW, "lexington-concord", ("A:Wash", " 5")),
    (AHD, "chicago", ("U:2MF",)),
    (WEL, "madrid", ("N:Joseph 1",)),
])
async def test_names_on_the_map_at_80x24(game, place, words):
    app = MusterApp(match=new_match(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        pane = screen.query_one(MapPane)
        pane.move_to(place)
        await pilot.pause()
        text = "\n".join(visible_rows(pane))
        for word in words:
            assert word in text, (game, place, word, text)


def test_piece_rows_never_run_into_another_place():
    """Nothing the map writes over its lines (labels, control letters, markers, piece rows,
    above the label when cut short below) overlaps anything else, in every game's set-up."""
    for game in P2P:
        canvas = canvas_of(game)
        for row, items in canvas._overlay.items():
            spans = sorted((column, column + len(text), text) for column, text, _ in items
                           if text.strip())
            for (a0, a1, a), (b0, b1, b) in zip(spans, spans[1:]):
                assert a1 <= b0, (game, row, a, b)


@pytest.mark.parametrize("game, place", [(WW, "boston"), (AHD, "philadelphia"),
                                         (WEL, "ciudad-rodrigo")])
async def test_full_names_on_the_map_once_the_pane_is_wide_enough(game, place):
    """At 80x24 the places keep their abbreviations; at 120x40 (the map 81 columns wide) the
    board is laid out again for the full names, and back at 80x24 the abbreviations return;
    the cursor's label is in view each time."""
    app = MusterApp(match=new_match(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        pane = screen.query_one(MapPane)
        location = pane.canvas.board.locations[place]
        assert location.name != location.abbr
        for size, label in (((80, 24), location.abbr), ((120, 40), location.name),
                            ((80, 24), location.abbr)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            pane.move_to(place)
            await pilot.pause()
            assert pane.canvas.places[place].abbr == label, size
            assert f">{label}<" in "\n".join(visible_rows(pane)), size
        assert pane.virtual_size.width == pane.canvas.width


def test_full_name_layouts_never_overlap():
    """In the full-name layout, as in the abbreviations', nothing the map writes overlaps
    anything else, and a name that would run into a piece row keeps its abbreviation."""
    for game in P2P:
        canvas = canvas_of(game)
        short = dict(canvas.places)
        assert canvas.set_full_names(True)
        full = [p for p in canvas.places.values() if p.abbr == p.name != short[p.id].abbr]
        assert len(full) > len(canvas.places) // 2, game
        for row, items in canvas._overlay.items():
            spans = sorted((column, column + len(text), text) for column, text, _ in items
                           if text.strip())
            for (a0, a1, a), (b0, b1, b) in zip(spans, spans[1:]):
                assert a1 <= b0, (game, row, a, b)
        assert canvas.set_full_names(False) and canvas.places == short


# -- regions, links ---------------------------------------------------------------------------


@pytest.mark.parametrize("game, region", [(WW, "NH"), (AHD, "Illinois"), (WEL, "Portugal")])
def test_regions_have_a_tint_a_border_and_a_name(game, region):
    canvas = canvas_of(game)
    assert region in canvas.regions.values()
    text = "\n".join(canvas.plain_row(y) for y in range(canvas.height))
    assert region in text and EDGE_CHAR in text
    # two regions joined by a link never share a tint
    for link in canvas.board.links:
        a, b = canvas.regions.get(link.a), canvas.regions.get(link.b)
        if a and b and a != b:
            assert canvas.tints[a] != canvas.tints[b], (a, b)
    # the background of a place's cell is its region's tint
    place = next(p for p in canvas.places.values() if canvas.regions.get(p.id) == region)
    tint = canvas.styles[f"region-{canvas.tints[region]}"].bgcolor
    strip = canvas.row_strip(place.y)
    column = 0
    for segment in strip:
        if column <= place.column < column + len(segment.text):
            assert segment.style.bgcolor == tint
            break
        column += len(segment.text)
    else:  # pragma: no cover
        raise AssertionError("no segment at the label")


def test_routed_links_cross_fewer_labels_than_straight_staircases():
    for game in P2P:
        canvas = canvas_of(game)
        cells = canvas._label_cells

        def over(link, path):
            return sum(1 for c in path if cells.get(c) not in (None, link.a, link.b))

        routed = sum(over(link, path) for link, path in canvas.routes)
        straight = 0
        seen: dict[frozenset, int] = {}
        for link, _ in canvas.routes:
            pair = frozenset((link.a, link.b))
            shift = seen.get(pair, 0)
            seen[pair] = shift + 1
            pa, _, pb, _, horizontal = canvas.ports(canvas.places[link.a],
                                                    canvas.places[link.b], shift)
            straight += over(link, staircase(pa, pb, horizontal))
        assert routed < straight, (game, routed, straight)


# -- the overview -----------------------------------------------------------------------------


def overview_cells(overview: OverviewCanvas) -> None:
    """No two labels share a cell, none covers a glyph, and two labels on a row are
    apart by a blank."""
    taken: dict[tuple[int, int], str] = {}
    glyphs = {(p.column, p.y): loc for loc, p in overview.places.items()}
    for loc, (x, y, text) in overview.labels.items():
        for i in range(len(text)):
            cell = (x + i, y)
            assert cell not in taken, (loc, taken.get(cell))
            if loc != overview.cursor:  # the cursor's name may cover glyphs (a tooltip)
                assert glyphs.get(cell) in (None, loc), (loc, glyphs.get(cell))
            assert 0 <= cell[0] < overview.width and 0 <= y < overview.height
            taken[cell] = loc
    for loc, (x, y, text) in overview.labels.items():
        for cell in ((x - 1, y), (x + len(text), y)):
            assert taken.get(cell) in (None, loc), (loc, taken.get(cell))


@pytest.mark.parametrize("game", P2P)
async def test_overview_labels_never_collide_at_80x24(game):
    app = MusterApp(match=new_match(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        pane = screen.query_one(MapPane)
        pane.focus()
        await pilot.press("o")
        await pilot.pause()
        overview = pane.drawn
        assert isinstance(overview, OverviewCanvas)
        overview_cells(overview)
        # the cursor's place is always named, and so are most places with pieces
        assert pane.cursor in overview.labels
        assert len(overview.labels) >= 12
        text = "\n".join(visible_rows(pane))
        loc = pane.cursor
        assert overview.board.locations[loc].abbr in text
        for _ in range(6):  # moving the cursor: labels placed again, still apart
            await pilot.press("right")
            await pilot.pause()
            overview_cells(pane.drawn)
            assert pane.cursor in pane.drawn.labels
        # also with jump labels shown
        await pilot.press("f")
        await pilot.pause()
        overview_cells(pane.drawn)


def test_overview_labels_never_collide_at_other_sizes():
    for game in P2P:
        canvas = canvas_of(game)
        view = new_match(game).view(None)
        for width, height in ((56, 10), (80, 13), (118, 28), (150, 40)):
            overview = OverviewCanvas(canvas.board, canvas, width, height)
            overview.update(view.board, view.control, [], canvas.first())
            overview_cells(overview)


# -- hands ------------------------------------------------------------------------------------


def played_to_a_hand(game: str, steps: int) -> Match:
    match = new_match(game)
    rnd = random.Random(1)
    for _ in range(steps):
        role = match.view(None).active[0]
        match.act(role, rnd.choice(match.view(role).actions).action)
    return match


def test_a_card_line_has_its_number_value_and_flag():
    ww = played_to_a_hand(WW, 60)
    role = ww.view(None).active[0]
    lines = {card.id: card_line(card).plain for card in ww.view(role).hand}
    for card in ww.view(role).hand:
        line = lines[card.id]
        assert line.strip().startswith(str(card.id))
        if card.value is not None:
            assert f"{card.value} OPS" in line
        else:  # an event: whose flag
            assert "flag" in line, line
    wel = played_to_a_hand(WEL, 40)
    role = wel.view(None).active[0]
    for card in wel.view(role).hand:
        line = card_line(card).plain
        assert line.lstrip().startswith(f"#{card.id}")
        assert (f"{card.value} CP" if card.value is not None else "no CP") in line
        assert card.name.split(" ", 1)[1] in line


def test_a_card_line_names_the_card_before_its_longer_tags():
    # a narrow hand pane (80 columns: ~22 wide) cuts the line's end: the name comes before
    # "gb national" or "British flag", the value first of all
    wel = played_to_a_hand(WEL, 40)
    role = wel.view(None).active[0]
    for card in wel.view(role).hand:
        line = card_line(card).plain
        title = card.name.split(" ", 1)[1]
        value = f"{card.value} CP" if card.value is not None else "no CP"
        assert line.index(value) < line.index(title)
        for tag in card.tags:
            if len(tag) > 5 and tag in line:
                assert line.index(title) < line.index(tag), line


@pytest.mark.parametrize("game, steps", [(WW, 60), (WEL, 40)])
async def test_at_least_six_cards_show_at_120x40(game, steps):
    match = played_to_a_hand(game, steps)
    app = MusterApp(match=match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot)
        hand = screen.query_one(HandPane)
        cards = hand.query_one("#cards")
        shown = screen.view.hand
        assert len(shown) >= 5
        assert cards.region.height >= 6  # rows for six entries on screen at once
        lines = [str(o.prompt) for o in cards.options]
        # the first six lines of the list are the hand's first six cards, number first
        for line, card in zip(lines[:6], shown[:6]):
            assert line.strip().lstrip("#").startswith(str(card.id)), (line, card.name)
        assert len(lines) >= 6 and cards.region.height >= 6
        # the highlighted card's text shows below (event text on focus)
        assert hand.query_one("#card-text").region.height >= 2


# -- menus that do not trap ------------------------------------------------------------------


def choice(verb, noun=None, label="x"):
    return Choice(Action(verb, noun), label, "card")


def test_no_response_is_always_zero_whatever_the_hand():
    for cards in (1, 2, 5):
        menu = [choice("respond", n, f"Play #{n} as a Response") for n in range(cards)]
        menu.append(choice("no-response", None, "No Response"))
        numbers = menu_numbers(menu)
        assert numbers[-1] == 0 and numbers[:-1] == list(range(1, cards + 1))


def test_counts_are_keyed_by_their_count():
    """British reinforcements (8.1.C): the key is the number of CUs, from 0 or from 1."""
    for least in (0, 1):
        menu = [choice("cus", n, f"{n} CU{'' if n == 1 else 's'}") for n in range(least, 6)]
        assert menu_numbers(menu) == list(range(least, 6))


def response_match() -> tuple[Match, str]:
    """A Wellington game at a Response window (5.2)."""
    for seed in range(1, 40):
        match = new_match(WEL, seed)
        rnd = random.Random(seed)
        for _ in range(400):
            view = match.view(None)
            if view.result is not None:
                break
            role = view.active[0]
            actions = match.view(role).actions
            if any(c.action.verb == "no-response" for c in actions):
                return match, role
            match.act(role, rnd.choice(actions).action)
    raise AssertionError("no Response window in 40 seeds")


async def test_zero_takes_no_response_in_wellington():
    match, role = response_match()
    app = MusterApp(match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        menu = screen.query_one(ActionMenu)
        decline = next(c for c in menu.numbered if c.action.verb == "no-response")
        assert menu.number_of(decline) == 0
        options = [str(o.prompt) for o in screen.query_one("#actions").options]
        assert " 0 No Response" in options
        before = len(match.history)
        await pilot.press("0")
        await pilot.pause()
        assert match.history[before][1] == Action("no-response")


def test_a_general_sent_back_says_so_on_the_menu_line():
    """8.1.C: a British general arriving where Howe stands sends Howe back to the box."""
    from core.ww import strategy
    from core.ww.frames.strategy import Reinforce

    match = new_match(WW)
    state = match.state
    frame = Reinforce(side="British", card=1, space="boston", cus=2)
    labels = [c.label for c in strategy.reinforce_choices(state, frame)
              if c.action.verb == "general"]
    assert labels and all(warning_of(label) == "Howe returns to the reinforcements box (8.1.C)"
                          for label in labels)
    frame = Reinforce(side="British", card=1, space="quebec", cus=2)
    # Carleton stands at Quebec: he goes back instead
    assert all("Carleton returns" in c.label for c in strategy.reinforce_choices(state, frame)
               if c.action.verb == "general")
    frame = Reinforce(side="British", card=1, space="new-york", cus=2)
    assert all(not warning_of(c.label) for c in strategy.reinforce_choices(state, frame))


# -- the cursor stays in view -----------------------------------------------------------------


@pytest.mark.parametrize("game", P2P)
async def test_the_cursor_stays_in_view_at_80x24(game):
    app = MusterApp(match=new_match(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        pane = screen.query_one(MapPane)
        canvas = pane.canvas
        on_map = [p for loc, p in canvas.places.items()
                  if not canvas.board.locations[loc].offmap]
        corners = [min(on_map, key=lambda p: p.x + p.y), max(on_map, key=lambda p: p.x + p.y),
                   min(on_map, key=lambda p: p.x - p.y), max(on_map, key=lambda p: p.x - p.y)]
        for place in corners:
            pane.move_to(place.id)
            await pilot.pause()
            x, y = pane.scroll_offset
            region = pane.scrollable_content_region
            assert x <= place.left and place.right <= x + region.width, place.id
            assert y <= place.y and place.y + 1 < y + region.height, place.id
            rows = visible_rows(pane)
            assert f">{place.abbr}<" in rows[place.y - y], place.id


def test_the_legend_explains_names_regions_and_jump_labels():
    canvas = canvas_of(WW)
    rows = legend(canvas)
    text = "\n".join(f"{a} {b}" for a, b in rows)
    assert "Howe·Clinton 8" in text and "Wash" in text and "a short name" in text
    assert EDGE_CHAR * 3 in text and "NH" in text and "region" in text
    assert "jump labels" in text and "upper" not in text.lower() or "reverse video" in text


async def test_no_color_keeps_the_sides_letters_readable(monkeypatch):
    """Under NO_COLOR the control letters and piece rows of the point-to-point maps are in
    the text's own colour (bold), not a side colour the monochrome filter turns into a grey
    near the background (GB's red: colour 237 on 234), as on the hex map (bug 6)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = MusterApp(match=new_match(WEL))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot)
        assert app.no_color
        pane = screen.query_one(MapPane)
        pane.move_to("madrid")
        await pilot.pause()
        assert pane.canvas.plain and pane.canvas.side_style("GB").color is None
        place = pane.canvas.places["madrid"]
        strips = app.screen._compositor.render_strips()
        y = pane.content_region.y + place.y + 1 - int(pane.scroll_offset.y)
        segments = list(strips[y])
        piece = next(seg for seg in segments if "N:" in seg.text)
        blank = next(seg for seg in segments if not seg.text.strip())
        assert piece.style.color == blank.style.color and piece.style.bold
