"""Stack moves from the keyboard (issue 7 part 5), Textual Pilot at 80x24: a three-piece stack
marches to one box in at most three keys after its origin is picked, and a piece's menu entry
keeps its letter key ("[a] ...") while the menu around it changes (tui/actionmenu.py)."""
from __future__ import annotations

import pytest

from core.ahd import marching
from core.ahd.state import UNION
from core.engine import Action, Match
from tests.support.ahd import clear_box, movement_phase, new_match, piece, place, st
from tui.actionmenu import ActionList, ActionMenu, key_of, matches
from tui.app import MusterApp
from tui.screens.game import GameScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def stack_of_three() -> tuple[Match, list[str]]:
    """Union movement; Baltimore holds three pieces (two cavalry, one infantry)."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    clear_box(state, "baltimore")
    ids = [p.id for p in place(state, UNION, "MC", "baltimore")
           + place(state, UNION, "CV", "baltimore") + place(state, UNION, "FV", "baltimore")]
    return m, sorted(ids, key=marching.INDEX.__getitem__)


def number_of(app: MusterApp, verb: str, noun: object = None) -> int:
    """The menu number of the action (verb, noun) now shown."""
    menu = app.screen.query_one(ActionMenu)
    for n, choice in enumerate(menu.numbered, 1):
        if choice.action.verb == verb and choice.action.noun == noun:
            return n
    raise AssertionError(f"{verb} {noun} is not in the menu")


async def take_origin(pilot, app: MusterApp) -> None:
    await pilot.press(str(number_of(app, "march", "baltimore")))
    await pilot.pause()
    assert st(app.screen.match).phase == "march"


async def test_a_three_piece_stack_marches_in_two_keys_after_the_origin():
    match, ids = stack_of_three()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await take_origin(pilot, app)
        keys = ["1"]  # "Move the whole stack" comes first
        assert number_of(app, "move-stack") == 1
        await pilot.press(*keys)
        await pilot.pause()
        dest = number_of(app, "space", "frederick")
        assert dest <= 9  # a number key from anywhere
        keys.append(str(dest))
        await pilot.press(keys[-1])
        await pilot.pause()
        state = st(match)
        assert [piece(state, pid).loc for pid in ids] == ["frederick"] * 3
        assert len(keys) <= 3
        assert [a.verb for _, a in match.history][-3:] == ["march", "move-stack", "space"]


async def test_pieces_are_chosen_by_their_letters_and_the_letters_do_not_shift():
    match, ids = stack_of_three()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_origin(pilot, app)
        await pilot.press(str(number_of(app, "choose-pieces")))
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        letters = {c.action.noun: key_of(c.label) for c in menu.numbered
                   if c.action.verb == "toggle"}
        assert sorted(letters.values()) == ["a", "b", "c"]
        app.screen.query_one(ActionList).focus()
        await pilot.pause()
        await pilot.press(letters[ids[2]])  # the infantry, by its letter
        await pilot.pause()
        app.screen.query_one(ActionList).focus()
        await pilot.press(letters[ids[0]])
        await pilot.pause()
        assert sorted(marching.stack.find(st(match), marching.Selection).chosen) == sorted(
            [ids[0], ids[2]])
        after = {c.action.noun: key_of(c.label) for c in menu.numbered
                 if c.action.verb == "toggle"}
        assert after == letters
        await pilot.press(str(number_of(app, "move-selection")))
        await pilot.pause()
        await pilot.press(str(number_of(app, "space", "frederick")))
        await pilot.pause()
        state = st(match)
        assert [piece(state, pid).loc for pid in ids] == ["frederick", "baltimore", "frederick"]
        # back in the march: the piece left keeps its letter, "/b" Enter takes it
        assert st(match).phase == "march"
        await pilot.press("slash", letters[ids[1]], "enter")
        await pilot.pause()
        assert st(match).phase == "march-to"
        assert [a for _, a in match.history][-1] == Action("piece", ids[1])


def test_a_single_letter_filters_to_a_key_only_in_a_keyed_menu():
    assert matches("a", 4, "[a] Move Union militia cavalry (U-MC-01)", keyed=True)
    assert not matches("a", 5, "End this march", keyed=True)
    assert matches("a", 5, "End this march")  # words, where no choice has a key
    assert key_of("[b] ☑ Union veteran cavalry") == "b" and key_of("To Frederick") == ""


async def test_a_letter_typed_before_the_player_changed_is_dropped():
    """Hotseat safety (issue 7 part 1) holds for the letter keys too."""
    match, ids = stack_of_three()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_origin(pilot, app)
        screen = app.screen
        screen.query_one(ActionList).focus()
        await pilot.pause()
        taken = len(match.history)
        screen.key_barrier = float("inf")  # as if the keys came before a change of player
        await pilot.press("a")
        await pilot.pause()
        assert len(match.history) == taken
        screen.key_barrier = 0.0
        await pilot.press("a")
        await pilot.pause()
        assert [a for _, a in match.history][-1] == Action("piece", ids[0])
