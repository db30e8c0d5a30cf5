"""Wellington in the terminal UI (issue 10 parts 5 and 6): the duchy map's codes, colours and
markers (Keys, fortresses, ports, the capital, a besieged fortress, a Hasty Fort), the pinned
line at 80 columns (core/wellington/view_panels.py), an interception's focus panel with every
modifier named (TC-E14's numbers), the siege panel at 80x24, each Power's hand and the
partner's hand of one player, no hand-off between two Powers of one player (and a hand-off
when the player changes), and New Game's seats: one row per player of the split."""
from __future__ import annotations

import pytest

import core.dice
from core import registry, stack
from core.engine import Action, Header, Match, Token
from core.options import typed
from core.wellington import powers, siege, view_panels
from core.wellington import rules as wellington_rules
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.frames.siege import Siege
from core.wellington.options import WellingtonOptions
from core.wellington.state import POWERS
from maps import wellington as wmap
from tests.support.toygame import registered
from tests.support.wellington_movement import (FLOW, Recorder, act, empty, in_impulse, put,
                                               spend, top, troops)
from tui.app import MusterApp
from tui.mapcanvas import CAPITAL_MARK, FORT_MARK, PORT_MARK, VICTORY_MARK, MapCanvas, legend
from tui.panes import HandPane, TurnBar
from tui.screens.dialogs import HandoffScreen
from tui.screens.game import GameScreen
from tui.screens.newgame import NewGameScreen

SIZE = (80, 24)
RULES = registry.get_rules("wellington")
TWO = {"GB": "Allies", "Spain": "Allies", "AdS": "French", "AdN": "French"}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def game(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def canvas() -> MapCanvas:
    return MapCanvas(RULES.board(), RULES.roles("1812", {}))


def screen_text(app) -> str:
    return "\n".join("".join(seg.text for seg in strip)
                     for strip in app.screen._compositor.render_strips())


# -- the map ------------------------------------------------------------------------------


def test_each_power_has_its_own_letter_and_printed_colour():
    """G E N S (initials would give AdS and AdN one glyph in the overview), each Power in the
    colour its duchies are printed in (1.1)."""
    c = canvas()
    assert c.codes == {"GB": "G", "AdS": "S", "Spain": "E", "AdN": "N"}
    assert len({code[:1] for code in c.codes.values()}) == 4
    assert c.colours == {p: f"bright_{wmap.COLOURS[p]}" for p in POWERS}
    assert c.first() == wmap.MADRID  # the cursor starts in the middle, not in France


def test_keys_fortresses_ports_and_the_capital_are_marked_on_every_duchy():
    c = canvas()
    for duchy in wmap.DUCHIES:
        marks = "".join(text for text, _ in c.markers[duchy])
        assert (VICTORY_MARK in marks) == (duchy in wmap.KEYS), duchy
        assert (FORT_MARK in marks) == (duchy in wmap.FORTRESSES), duchy
        assert (PORT_MARK in marks) == (duchy in wmap.PORTS), duchy
        assert (CAPITAL_MARK in marks) == (duchy in wmap.CAPITALS), duchy
    assert "".join(t for t, _ in c.markers["lisbon"]) == VICTORY_MARK + FORT_MARK + PORT_MARK
    assert "".join(t for t, _ in c.markers["madrid"]) == CAPITAL_MARK + VICTORY_MARK
    words = dict((mark, text) for mark, text in legend(c))
    assert "Key duchy" in words[VICTORY_MARK] and "fortress" in words[FORT_MARK]
    assert "(g GB, s AdS, e Spain, n AdN)" in words["g[ABBR]"]


def test_markers_of_no_side_show_by_initial_and_pieces_by_code():
    """A Hasty Fort (#37) and a besieged fortress are markers of no side (view.py,
    view_panels.py): `+HB` after the pieces, never a crash for a side-less token."""
    c = canvas()
    c.update({"madrid": [Token(id="s", kind="soldiers", side="AdN", label="x", strength=7),
                         Token(id="h", kind="marker", side="", label="Hasty Fort (#37)"),
                         Token(id="b", kind="marker", side="", label="Besieged (12)")]},
             {"madrid": "AdN"}, [], None)
    place = c.places["madrid"]
    assert c.plain_row(place.y + 1)[place.column:].startswith("N:7 +HB")
    assert c.plain_row(place.y)[place.left - 1:place.left] == "n"


def test_the_1812_view_marks_the_besieged_fortress_and_commanders_carry_no_strength():
    """Wellington's Army stands in Ciudad Rodrigo, an AdN fortress (2.2): besieged (12)."""
    match = Match.new(RULES, seed=5)
    view = view_panels.extend(match.state, match.view("GB"))
    assert "ciudad-rodrigo" in view_panels.besieged(match.state)
    assert any(t.label == view_panels.BESIEGED for t in view.board["ciudad-rodrigo"])
    commanders = [t for ts in view.board.values() for t in ts if t.kind == "commander"]
    assert commanders and all(t.strength is None for t in commanders)
    assert all(t.strength for ts in view.board.values() for t in ts if t.kind == "soldiers")


# -- the pinned line ----------------------------------------------------------------------


def test_pinned_tracks_name_the_impulse_track_and_who_may_preempt():
    match = Match.new(RULES, seed=5)
    view = view_panels.extend(match.state, match.view("GB"))
    assert view.pinned == view_panels.PINNED
    assert view.tracks[view_panels.TRACK] == "▸GB AdS Spain AdN"
    assert view.tracks[view_panels.PREEMPT] == "no preemption"   # 4.22: the first round


def test_preemption_between_impulses_is_the_rules_own():
    """Between impulses `may_preempt` is impulse.preemptor for the Power on the marker."""
    from core.wellington import impulse
    match = Match.new(RULES, seed=5)
    state = match.state
    state.round, state.stack = 2, []
    for marker in range(len(POWERS)):
        state.marker = marker
        assert view_panels.may_preempt(state) == impulse.preemptor(state, POWERS[marker])


async def test_every_pinned_track_is_on_the_turn_bar_at_80_columns():
    match = Match.new(RULES, seed=5)
    view = view_panels.extend(match.state, match.view("GB"))
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game(app)
        bar = screen.query_one(TurnBar)
        bar.show(view.active, "GB", None, "", view.tracks, pinned=view.pinned,
                 codes=screen.canvas.codes)
        await pilot.pause()
        line = str(bar.render())
        assert len(line) <= bar.content_size.width
        for value in ("1812", "Round 1", "-", "▸GB AdS Spain AdN", "no preemption"):
            assert value in line, line


# -- the focus panel ----------------------------------------------------------------------


def test_tc_e14_interception_panel_names_every_modifier():
    """TC-E14: Clausel (2-4) intercepts from Ávila into Salamanca: +1 friendly, +2 BV, -1
    across the Pass: needs 7+ (9 or more with 2d6)."""
    state = empty()
    state.options = WellingtonOptions(ask_every_power_for_responses=True)
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "wellington", "ciudad-rodrigo", [1, 2, 0])
    put(state, "marmont", "salamanca", [2, 0, 0])
    put(state, "clausel", "avila", [0, 1, 0])
    troops(state, "valladolid", "Spain", [1, 0, 0])
    state.flags["valladolid"] = "Spain"
    state = act(spend(state, "GB", 2), "GB", "move", "wellington")
    from core.wellington import movement
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        while isinstance(top(state), ResponseWindow):
            state = act(state, state.active[0], "no-response")
        assert view_panels.attempt_panel(state) is None      # asked, not yet tried
        state = act(state, "AdN", "intercept", "clausel")
        panel = view_panels.attempt_panel(state)
    assert panel is not None and panel.where == "salamanca"
    assert panel.title == "Interception (10.4): Clausel's Army, Ávila to Salamanca"
    assert panel.notes[0].startswith("Needs 7+ on 2d6")
    assert {"+1 into a friendly duchy", "+2 Clausel's BV", "-1 across a pass line"} \
        <= set(panel.notes)
    assert ["AdN", "From", "Ávila (pass line)"] in panel.rows


def siege_match() -> Match:
    """GB's Wellington besieging Ciudad Rodrigo (AdN, strength 3) in his impulse: no
    Response before the dice (5.2), the first round rolled (12.3), stopped at the next
    decision while the siege is still on the stack."""
    match = Match.new(RULES, seed=5)
    state = match.state
    in_impulse(state, "GB")
    siege.start(state, "ciudad-rodrigo", "GB", "wellington")
    with core.dice.scripted([2] * 60):
        stack.run(state, FLOW)
        while not stack.find(state, Siege).history:
            assert isinstance(top(state), ResponseWindow)
            state = stack.act(state, FLOW, state.active[0], Action("no-response"))
    assert isinstance(top(state), ResponseWindow)   # the Responses after the dice
    return Match(RULES, Header("wellington", RULES.version, "1812", {}, 5), state,
                 players=TWO)


async def test_the_siege_fills_the_screen_at_80x24_and_m_shows_the_map():
    match = siege_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("x")
            await pilot.pause()
        screen = game(app)
        assert screen.has_class("-battle")
        text = screen_text(app)
        assert "Siege of Ciudad Rodrigo" in text
        assert "12.31" in text and "Battle Value" in text      # every die named with its rule
        await pilot.press("m")
        await pilot.pause()
        assert "[CRO]" in screen_text(app) or ">CRO<" in screen_text(app)


# -- hands and hand-off -------------------------------------------------------------------


def keep_hands(match: Match) -> None:
    """2.6: every Power keeps its dealt hand."""
    while match.active and any(c.label.startswith("Keep")
                               for c in match.actions(match.active[0])):
        role = match.active[0]
        keep = next(c for c in match.actions(role) if c.label.startswith("Keep"))
        match.act(role, keep.action)


async def test_no_hand_off_between_two_powers_of_one_player_and_both_hands_shown():
    """2.1, 2.5: the Allies' player holds GB and Spain. GB plays #94 for CP; Spain's Response
    window (5.2) follows without a hand-off, and the hand pane shows both Powers' hands."""
    match = Match.new(RULES, seed=5, options={"players": "2"}, players=TWO)
    keep_hands(match)
    assert match.active == ["GB"]
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Allies"
        await pilot.press("x")
        await pilot.pause()
        screen = game(app)
        hand = screen.query_one(HandPane)
        options = [str(o.prompt) for o in hand.query_one("#cards").options]
        assert "─ Spain's hand (8) ─" in options
        for card in match.view("Spain").hand:  # number, badges (CP...), then the title
            number, title = card.name.split(" ", 1)
            assert any(o.startswith(number) and o.endswith(title) for o in options)
        play = next(c for c in match.actions("GB") if "#94" in c.label and "CP" in c.label)
        screen.take(play)
        await pilot.pause()
        assert match.active == ["Spain"]
        assert app.screen is screen and screen.role == "Spain"   # no hand-off
        options = [str(o.prompt) for o in hand.query_one("#cards").options]
        assert "─ GB's hand (8) ─" in options


async def test_hand_off_when_the_player_changes_and_no_partner_hand_of_another_player():
    match = Match.new(RULES, seed=5)   # four players, one Power each
    keep_hands(match)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        screen = game(app)
        options = [str(o.prompt) for o in screen.query_one(HandPane).query_one("#cards").options]
        assert not any("Spain's hand" in o for o in options)
        spain = {c.name for c in match.view("Spain").hand} - {c.name for c in match.view("GB").hand}
        assert not any(name in o for name in spain for o in options)
        play = next(c for c in match.actions("GB") if "#94" in c.label and "CP" in c.label)
        screen.take(play)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.role == "Spain"


# -- New Game -----------------------------------------------------------------------------


async def test_new_game_asks_the_split_and_one_name_per_player():
    rules = wellington_rules.RULES
    with registered(rules):
        app = MusterApp()
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            screen = NewGameScreen(game="wellington")
            await app.push_screen(screen)
            await pilot.pause()
            rows = [str(w.render()) for w in screen.query("#players Label")]
            assert rows == ["GB", "AdS", "Spain", "AdN"]                 # 4 players
            split = next(w for w in screen.query("#options Select")
                         if getattr(w, "option_key", "") == "players")
            split.value = "3-french"
            await pilot.pause()
            await pilot.pause()
            rows = [str(w.render()) for w in screen.query("#players Label")]
            assert rows == ["AdS + AdN", "GB", "Spain"]
            split.value = "2"
            await pilot.pause()
            await pilot.pause()
            assert [str(w.render()) for w in screen.query("#players Label")] == \
                ["GB + Spain", "AdS + AdN"]
            names = list(screen.query("#players Input"))
            names[0].value = "Alice"
            assert screen.names_chosen() == {"GB": "Alice", "Spain": "Alice",
                                             "AdS": "AdS+AdN", "AdN": "AdS+AdN"}
            screen.action_start()
            await pilot.pause()
            match = game(app).match
            assert match.players == {"GB": "Alice", "Spain": "Alice", "AdS": "AdS+AdN",
                                     "AdN": "AdS+AdN"}
            assert match.state.options.players == "2"


async def test_new_game_without_seats_keeps_one_row_per_role_with_a_name():
    """A game without `seats` (every other game): one row per role, a name each."""
    app = MusterApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = NewGameScreen(game="washingtons-war")
        await app.push_screen(screen)
        await pilot.pause()
        roles = RULES_WW_ROLES = registry.get_rules("washingtons-war").roles(
            registry.get_rules("washingtons-war").scenarios()[0], {})
        assert [str(w.render()) for w in screen.query("#players Label")] == list(roles)
        assert screen.names_chosen() == {r: r for r in RULES_WW_ROLES}


async def test_evasion_destinations_and_sieges_are_map_targets():
    """Hill enters Badajoz; Drouet may evade (10.5) to Mérida, Cáceres or Llerena: the nouns
    `army>merida`... are marked on the map (the destination after `>`), and Enter there
    takes the evasion. A siege's `duchy=commander` marks its duchy."""
    state = empty()
    put(state, "hill", "elvas", [2, 1, 0])
    put(state, "drouet", "badajoz", [2, 1, 0])
    state = act(spend(state, "GB", 1), "GB", "move", "hill")
    from core.wellington import movement
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "badajoz")
        while isinstance(top(state), ResponseWindow):
            state = act(state, state.active[0], "no-response")
    assert state.active == ["AdS"] and "Badajoz" in RULES.view(state, "AdS").prompt
    evasions = {c.action.noun for c in RULES.actions(state, "AdS") if c.action.verb == "evade"}
    assert evasions == {"army>merida", "army>caceres", "army>llerena"}
    match = Match(RULES, Header("wellington", RULES.version, "1812", {}, 1), state, players=TWO)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        screen = game(app)
        assert set(screen.targets) == {"merida", "caceres", "llerena"}
        mappane = screen.query_one("MapPane")
        assert mappane.cursor in screen.targets
        assert all(f"[{mappane.canvas.places[t].abbr}]*" in
                   mappane.canvas.plain_row(mappane.canvas.places[t].y)
                   for t in screen.targets if t != mappane.cursor)
    match = Match.new(RULES, seed=5, options={"players": "2"}, players=TWO)
    keep_hands(match)
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        screen = game(app)
        sieges = [c for c in screen.targets.get("ciudad-rodrigo", [])
                  if c.action.verb == "siege"]
        assert [c.action.noun for c in sieges] == ["ciudad-rodrigo=wellington"]
