"""Screenshots of every game's screen (pytest-textual-snapshot, Textual's own snapshot
testing): map, battle (the focus panel), hand (Washington's War and Wellington) and overview,
at 80x24 and 120x40. The SVGs are committed in tests/__snapshots__/test_snapshots/, so a
change to what a player sees shows in review; a failing test writes a side-by-side report.

Regenerate them all after a deliberate change (and look at them before committing):

    .venv/bin/python -m pytest tests/test_snapshots.py --snapshot-update

Deterministic: each game starts from a fixed seed; a battle is reached by legal actions drawn
from a `random.Random` of a fixed seed (the game's own dice come from the seeded state, so the
same rolls every run); the computer plays no part; the pace is 0 and Textual's animations are
off; no clock is on screen (the header has none) and nothing names the save folder.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from core import registry
from core.engine import Match
from saves import load_match
from tui.app import MusterApp

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
SAVES = Path(__file__).parent / "data" / "saves-v1"

# game -> (seed, scenario); the opening position of each snapshot
GAMES = {
    "a-house-divided": (7, None),
    "washingtons-war": (3, None),
    "wellington": (3, None),
    "gettysburg-1863": (2, None),
}


def opening(game: str) -> Match:
    seed, scenario = GAMES[game]
    return Match.new(registry.get_rules(game), seed=seed, scenario=scenario)


def battle(game: str) -> Match:
    """The first position where the focus panel resolves something for a person to decide:
    A House Divided's from a save made for it; the others by seeded legal actions."""
    if game == "a-house-divided":
        return load_match(SAVES / "basic-campaign-battle.muster")
    match = opening(game)
    rng = random.Random(3)
    for step in range(3000):
        role = match.active[0]
        view = match.view(role)
        # Gettysburg: a combat (the round's dice are on the panel from the start)
        if step and view.focus is not None and view.actions and (
                game != "gettysburg-1863" or view.focus.where):
            return match
        match.act(role, rng.choice(view.actions).action)
    raise AssertionError(f"{game}: no battle in 3000 actions")


# (game, what) -> the match and the keys / focus that bring the screen there
CASES = [
    *[(game, "map") for game in GAMES],
    *[(game, "battle") for game in GAMES],
    ("washingtons-war", "hand"),
    ("wellington", "hand"),
    *[(game, "overview") for game in GAMES],
]


async def _settle(pilot) -> None:
    """Let every refresh, and what runs after one (the menu scrolling to its highlight), end."""
    for _ in range(4):
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.1)
    await pilot.pause()


def prepare(what: str):
    async def run_before(pilot) -> None:
        from tui.screens.dialogs import HandoffScreen

        pilot.app.animation_level = "none"
        await _settle(pilot)
        if isinstance(pilot.app.screen, HandoffScreen):  # a hidden-hand game opens on it
            await pilot.press("enter")
            await _settle(pilot)
        screen = pilot.app.screen
        if what == "hand":
            screen.query_one("#cards").focus()
        elif what == "overview":
            screen.query_one("#map").focus()
            await pilot.press("o")
        await _settle(pilot)
        # toasts (a choice taken for the player says so in one) come and go with the clock:
        # the screen is compared without them; what was taken stays under the prompt
        pilot.app.clear_notifications()
        # the menu scrolls its highlight into view after a refresh; whether the group header
        # above the first action stays in view depends on which comes first: start it at top
        for actions in pilot.app.screen.query("#actions"):
            actions.scroll_home(animate=False)
        await _settle(pilot)

    return run_before


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game,what", CASES, ids=[f"{g}-{w}" for g, w in CASES])
def test_screen(snap_compare, game: str, what: str, size: str) -> None:
    match = battle(game) if what == "battle" else opening(game)
    app = MusterApp(match=match, pace=0)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=prepare(what))
