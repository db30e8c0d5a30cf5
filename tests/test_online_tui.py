"""Online play in the app (docs/ui.md "Online"): Textual pilots on a real Muster server (a
temporary socket and SQLite file), each app an account of its own through the server's
injected identity (tests/support/online.py), never the product's peer credentials."""
from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path

import pytest

from core.engine import Match
from core.registry import get_rules
from tests.support.online import connect, start_server
from tests.support.pilot import until
from tui.app import MusterApp
from tui.playable import Playable
from tui.screens.online import OnlineScreen
from tui.screens.online_game import OnlineGameScreen

WW = "washingtons-war"
SIZE = (100, 32)


@pytest.fixture
def sock_dir():
    folder = Path(tempfile.mkdtemp(prefix="mt-", dir="/tmp"))  # short: a socket path is <108
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def server(sock_dir, tmp_path):
    server = await start_server(sock_dir, tmp_path / "games.sqlite3")
    yield server
    await server.close()


def app_as(server, account: str, game_id: int | None = None) -> MusterApp:
    """The app as `account` would run `muster online` (straight into `game_id` if given)."""
    async def connector(path):
        return await connect(path, account)

    return MusterApp(start="online", online_server=str(server.path), online_connect=connector,
                     online_game=game_id, pace=0)


async def new_ww(server, seed: int = 5, seats: dict | None = None) -> int:
    alice = await connect(server, "alice")
    info = await alice.create_game(WW, seats=seats or {"American": "alice", "British": "bob"},
                                   seed=seed)
    await alice.close()
    return info.game_id


def game_screen(app) -> OnlineGameScreen | None:
    screen = app.screen
    return screen if isinstance(screen, OnlineGameScreen) else None


def playing(app) -> bool:
    """The app shows an online game, drawn."""
    screen = game_screen(app)
    return screen is not None and screen.view is not None


def served(server, game_id: int) -> Match:
    return server.lobby.games[game_id].match


def menu_text(screen) -> str:
    """What the action menu's first line says."""
    return str(screen.query_one("#actions").get_option_at_index(0).prompt)


def hand_ids(screen) -> set[int]:
    return {card.id for card in screen.view.hand or []}


def test_a_match_and_a_remote_match_are_both_playable():
    match = Match.new(get_rules(WW), seed=1)
    assert isinstance(match, Playable)
    from tui.remote import RemoteMatch
    assert all(hasattr(RemoteMatch, name) for name in
               ("view", "act", "undo", "player_of", "roles_of", "active", "result",
                "hidden_info", "roles", "COMPUTER"))


async def test_two_players_at_their_own_terminals_play_washingtons_war(server):
    game_id = await new_ww(server)
    alice, bob = app_as(server, "alice", game_id), app_as(server, "bob", game_id)
    async with alice.run_test(size=SIZE) as pa, bob.run_test(size=SIZE) as pb:
        await until(pa, lambda: playing(alice))
        await until(pb, lambda: playing(bob))
        sa, sb = game_screen(alice), game_screen(bob)
        match = served(server, game_id)
        pilots = {"American": (pa, sa, sb), "British": (pb, sb, sa)}
        rng = random.Random(1)

        def far_enough() -> bool:  # both hands dealt and the British have played a few times
            return sum(r == "British" for r, _ in match.history) >= 4 and \
                bool(match.view("British").hand) and bool(match.view("American").hand)

        moves = 0
        while not far_enough():
            assert moves < 80, "the game did not get to the first impulses"
            role = match.active[0]
            pilot, mine, theirs = pilots[role]
            other_role = "British" if role == "American" else "American"
            # each screen shows only its own seat, and only that seat's hand
            assert mine.view.role == role and theirs.view.role == other_role
            assert hand_ids(mine) == {c.id for c in match.view(role).hand or []}
            assert hand_ids(theirs) == {c.id for c in match.view(other_role).hand or []}
            assert not hand_ids(mine) & hand_ids(theirs) or not match.view(role).hand
            # the other may not act for this seat: its keys take nothing
            other_pilot = pilots[other_role][0]
            number = len(match.history)
            assert theirs.computer_turn and not theirs.menu_choices()
            assert menu_text(theirs).startswith(f"Waiting for {role} ({mine.match.account}): ")
            await other_pilot.press("1")
            await other_pilot.pause()
            assert len(match.history) == number
            # the one to act takes its first action; the other sees it arrive
            await until(pilot, lambda: not mine.computer_turn)
            await pilot.press(str(rng.randint(1, min(9, len(mine.menu_choices())))))
            await until(pilot, lambda: len(match.history) > number)
            await until(other_pilot, lambda: theirs.match.number == mine.match.number)
            await until(other_pilot, lambda: theirs.view.log == match.view(other_role).log)
            status = theirs.query_one("StatusLine")
            assert status.message == f"{role} ({mine.match.account}) played"
            assert status.detail.startswith(f"{role} played: ")
            moves += 1
        # the hands are secret: each app was shown its own only, never the other's
        assert hand_ids(sa) and hand_ids(sb) and not hand_ids(sa) & hand_ids(sb)
        assert "British" not in sa.match.game.views and "American" not in sb.match.game.views
