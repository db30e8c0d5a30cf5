"""The command palette (ctrl+p) finds the game's legal actions by verb and by place name and
takes the one chosen (tui/commands.py). Textual Pilot, 80x24."""
from __future__ import annotations

import pytest

from core import registry
from core.engine import Match
from tui.app import MusterApp
from tui.commands import WORD_SCORE, score_of
from tui.screens.game import GameScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


def ahd_match(seed: int = 3) -> Match:
    return Match.new(registry.get_rules("a-house-divided"), seed=seed)


async def palette(pilot, text: str) -> list[str]:
    """Open the palette, type `text`, and return the hits shown (prompt lines)."""
    from textual.command import CommandList, CommandPalette

    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*text)
    for _ in range(20):  # the palette gathers hits in a worker
        await pilot.pause(0.05)
        hits = pilot.app.screen.query_one(CommandList)
        if hits.option_count:
            break
    return [str(hits.get_option_at_index(i).prompt).split("\n")[0]
            for i in range(hits.option_count)]


async def test_typing_a_verb_finds_the_legal_actions_and_enter_takes_one():
    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hits = await palette(pilot, "march")
        marches = [c.label for c in match.view("Union").actions if c.label.startswith("March")]
        assert len(marches) >= 3
        assert [h.split(" ", 1)[1] for h in hits[:len(marches)]] == marches
        await pilot.press("enter")  # the first hit: March from Canton
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert [role for role, _ in match.history][-1:] == ["Union"]
        assert match.history[-1][1].verb == "march"
        assert "March from Canton" in match.view("Union").prompt


async def test_a_place_name_finds_the_actions_on_pieces_standing_there():
    match = ahd_match()
    chicago = next(c for c in match.view("Union").actions if c.label == "March from Chicago")
    match.act("Union", chicago.action)
    here = [t.id for t in match.view("Union").board["chicago"]]
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hits = await palette(pilot, "chicago")
        # no label names Chicago now: the pieces standing there are found by their place
        assert hits and all("Chicago" not in h for h in hits[:2])
        assert any(piece in hits[0] for piece in here)
        first = hits[0]
        await pilot.press("enter")
        await pilot.pause()
        assert match.history[-1][1].noun in here
        assert match.history[-1][1].noun in first


async def test_discovery_lists_every_action_and_nothing_is_taken_after_the_game_moved_on():
    match = ahd_match()
    app = MusterApp(match=match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from textual.command import CommandList

        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        shown = app.screen.query_one(CommandList)
        prompts = [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]
        assert any(p.startswith("1 March from Canton") for p in prompts)
        assert any("at Chicago" in p for p in prompts)  # the place, in the help line
        # a command kept from an older view does nothing
        from tui.commands import ActionsProvider

        screen = app.screen_stack[-2]
        provider = ActionsProvider(screen)
        run = provider._command(screen.menu_choices()[0])
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("2")  # March from Chicago
        await pilot.pause()
        taken = len(match.history)
        run()
        await pilot.pause()
        assert len(match.history) == taken
        assert any("moved on" in str(n.message) for n in app._notifications)


def test_every_word_scores_above_any_fuzzy_match():
    assert score_of(["march"], "March from Canton · move", 1.0) >= WORD_SCORE
    assert score_of(["mrch"], "March from Canton · move", 1.0) <= 0.5
    assert score_of(["march"], "March from Canton", 0.9, 0.0) > \
        score_of(["march"], "March from Chicago", 0.9, 0.1)  # menu order
    assert score_of(["richmond"], "March from Canton", 0.0) == 0
