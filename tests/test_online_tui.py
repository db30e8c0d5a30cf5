"""Online play in the app (docs/ui.md "Online"): Textual pilots on a real Muster server (a
temporary socket and SQLite file), each app an account of its own through the server's
injected identity (tests/support/online.py), never the product's peer credentials."""
from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from pathlib import Path

import pytest

from core.engine import Match
from core.registry import get_rules
from tests.support.online import connect, start_server
from tests.support.pilot import until
from tui.actionmenu import menu_numbers
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


async def play_to_the_first_impulse(server, game_id: int) -> None:
    """Both accounts take their first legal actions through the client library (the set-up
    places pieces, with no screen to see) until both hands are dealt."""
    conns = {role: await connect(server, account)
             for role, account in (("American", "alice"), ("British", "bob"))}
    games = {role: await conn.open_game(game_id) for role, conn in conns.items()}
    match = served(server, game_id)
    while not (match.view("American").hand and match.view("British").hand):
        role = match.active[0]
        game = games[role]
        while game.number != len(match.history):   # its view of the last move has come
            await asyncio.wait_for(game.updates().__anext__(), 5)
        await game.act(role, game.actions(role)[0].action)
    for conn in conns.values():
        await conn.close()


async def test_two_players_at_their_own_terminals_play_washingtons_war(server):
    game_id = await new_ww(server)
    await play_to_the_first_impulse(server, game_id)
    alice, bob = app_as(server, "alice", game_id), app_as(server, "bob", game_id)
    async with alice.run_test(size=SIZE) as pa, bob.run_test(size=SIZE) as pb:
        await until(pa, lambda: playing(alice))
        await until(pb, lambda: playing(bob))
        sa, sb = game_screen(alice), game_screen(bob)
        match = served(server, game_id)
        pilots = {"American": (pa, sa, sb), "British": (pb, sb, sa)}
        rng = random.Random(1)

        played = {"American": 0, "British": 0}

        def far_enough() -> bool:  # an impulse of each side played at its own terminal
            return min(played.values()) >= 1 and moves >= 4

        moves = 0
        while not far_enough():
            assert moves < 60, "the game did not get through a few impulses"
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
            keys = [n for n in menu_numbers(mine.menu_choices()) if n <= 9]
            await pilot.press(str(rng.choice(keys)))
            await until(pilot, lambda: len(match.history) > number)
            await until(other_pilot, lambda: theirs.match.number == mine.match.number)
            await until(other_pilot, lambda: theirs.view.log == match.view(other_role).log)
            status = theirs.query_one("StatusLine")
            assert status.message == f"{role} ({mine.match.account}) played"
            news = status.detail.split(" · ")    # the move's new log lines, said once
            assert news == ["(nothing of it is shown to you yet)"] or (
                all(line in theirs.view.log for line in news)), news
            played[role] += 1
            moves += 1
        # the hands are secret: each app was shown its own only, never the other's
        assert hand_ids(sa) and hand_ids(sb) and not hand_ids(sa) & hand_ids(sb)
        assert "British" not in sa.match.game.views and "American" not in sb.match.game.views


def lobby(app) -> OnlineScreen | None:
    screen = app.screen
    return screen if isinstance(screen, OnlineScreen) else None


def listed(app) -> list[tuple[str, int]]:
    """The Online screen's rows: ("yours" | "open", game number), in the list's order."""
    screen = lobby(app)
    return [] if screen is None else [(kind, info.game_id) for kind, info in screen.rows]


def note(app) -> str:
    return str(app.screen.query_one("#online-note").render())


async def highlight(app, pilot, kind: str, game_id: int) -> None:
    """Move the list's highlight to a row by keys."""
    menu = app.screen.query_one("#online-games")
    menu.focus()
    target = f"{kind}-{game_id}"
    for _ in range(30):
        if menu.highlighted_option is not None and menu.highlighted_option.id == target:
            return
        await pilot.press("down")
    raise AssertionError(f"no row {target}")


async def test_the_online_screen_lists_the_games_waiting_on_you_first(server):
    later = await new_ww(server, seats={"American": "bob", "British": "alice"})   # bob's turn
    now = await new_ww(server, seats={"American": "alice", "British": "bob"})     # alice's
    carol = await connect(server, "carol")
    open_game = (await carol.create_game(WW, seats={"American": "carol",
                                                    "British": "open"})).game_id
    await carol.close()
    app = app_as(server, "alice")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(listed(app)) == 3)
        assert listed(app) == [("yours", now), ("yours", later), ("open", open_game)]
        who = str(app.screen.query_one("#online-who").render())
        assert "you are alice" in who and f"run by {server.account}" in who
        menu = app.screen.query_one("#online-games")
        texts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any(f"#{now} " in t and "YOUR TURN (American)" in t for t in texts)
        assert any(f"#{later} " in t and "waiting for bob (American)" in t for t in texts)
        # Enter opens the highlighted game (the first: the one waiting on you)
        await pilot.press("enter")
        await until(pilot, lambda: playing(app))
        assert app.screen.match.game_id == now and not app.screen.computer_turn
        await pilot.press("1")
        await until(pilot, lambda: len(served(server, now).history) == 1)
        await until(pilot, lambda: not app.screen.match.pending)
        await pilot.press("q")  # quitting leaves the game on the server
    assert app.return_code in (None, 0)
    again = app_as(server, "alice")
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(again)[:1] == [("yours", now)])
        await pilot.press("enter")
        await until(pilot, lambda: playing(again))
        assert again.screen.view.log == served(server, now).view("American").log
        assert again.screen.match.number == served(server, now).history.__len__()


async def test_create_a_game_on_the_form_then_another_account_joins_its_open_seat(server):
    alice, bob = app_as(server, "alice"), app_as(server, "bob")
    async with alice.run_test(size=SIZE) as pa, bob.run_test(size=SIZE) as pb:
        await until(pa, lambda: lobby(alice) is not None and lobby(alice).conn is not None)
        await pa.press("n")
        await until(pa, lambda: alice.screen.id == "online-new")
        alice.screen.query_one("#game").value = WW
        await until(pa, lambda: [w.role for w in alice.screen.query(".seat-input")]
                    == ["American", "British"])
        assert [w.value for w in alice.screen.query(".seat-input")] == ["alice", "open"]
        await pa.press("ctrl+s")
        await until(pa, lambda: lobby(alice) is not None and len(listed(alice)) == 1)
        game_id = listed(alice)[0][1]
        await until(pa, lambda: "starts once its open seats are taken" in note(alice))
        # bob sees the open seat, joins it with Enter, and plays British
        await until(pb, lambda: ("open", game_id) in listed(bob))
        await highlight(bob, pb, "open", game_id)
        await pb.press("enter")
        await until(pb, lambda: playing(bob))
        screen = game_screen(bob)
        assert screen.match.mine == ["British"] and screen.view.role == "British"
        assert screen.computer_turn  # the Americans place first
        assert screen.match.players == {"American": "alice", "British": "bob"}
        # alice's list, asked again, has her turn first
        await until(pa, lambda: lobby(alice).rows and lobby(alice).rows[0][1].to_act,
                    timeout=15)


async def test_a_computer_seat_is_played_by_the_server(server):
    game_id = await new_ww(server, seats={"American": "computer:easy", "British": "alice"})
    app = app_as(server, "alice", game_id)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: playing(app))
        screen = game_screen(app)
        # the server's computer places the American PCs; alice's screen follows each one
        await until(pilot, lambda: "British" in screen.match.active, timeout=60)
        assert len(served(server, game_id).history) >= 13
        # the push that made British active redraws the screen a moment later
        await until(pilot, lambda: not screen.computer_turn and screen.menu_choices())
        assert screen.role == "British"


async def test_undo_online_only_what_no_other_player_has_been_shown(server):
    game_id = await new_ww(server)
    alice = app_as(server, "alice", game_id)
    async with alice.run_test(size=SIZE) as pa:
        await until(pa, lambda: playing(alice))
        match = served(server, game_id)
        await pa.press("1")
        await until(pa, lambda: len(match.history) == 1 and not alice.screen.match.pending)
        await pa.press("u")     # bob has not been shown it: undone
        await until(pa, lambda: len(match.history) == 0)
        await until(pa, lambda: len(alice.screen.menu_choices()) > 0)
        bob = app_as(server, "bob", game_id)
        async with bob.run_test(size=SIZE) as pb:
            await until(pb, lambda: playing(bob))
            await pa.press("1")
            await until(pb, lambda: game_screen(bob).match.number == alice.screen.match.number)
            await pa.press("u")     # bob has been shown it: refused, in one line
            await until(pa, lambda: any("No undo:" in str(n.message)
                                        for n in alice._notifications))
            assert len(match.history) == 1


async def test_upload_a_hotseat_save_then_play_it_online(server, tmp_path):
    from saves import save_match

    local = Match.new(get_rules(WW), seed=9)
    for _ in range(3):
        local.act("American", local.view("American").actions[0].action)
    path = save_match(local, tmp_path / "hotseat.muster")
    app = app_as(server, "alice")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: lobby(app) is not None and lobby(app).conn is not None)
        await pilot.press("u")
        await until(pilot, lambda: app.screen.id == "online-upload")
        await pilot.press(*str(path), "enter")
        await until(pilot, lambda: len(app.screen.query(".seat-input")) == 2)
        app.screen.query(".seat-input")[1].value = "bob"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: playing(app))
        screen = game_screen(app)
        assert screen.view.log == local.view("American").log
        assert screen.match.players == {"American": "alice", "British": "bob"}
        # it goes on from there
        await pilot.press("1")
        game_id = screen.match.game_id
        await until(pilot, lambda: len(served(server, game_id).history) == 4)


async def test_download_is_refused_before_the_end_in_one_line(server):
    game_id = await new_ww(server)
    app = app_as(server, "alice")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: listed(app) == [("yours", game_id)])
        await highlight(app, pilot, "yours", game_id)
        await pilot.press("d")
        await until(pilot, lambda: note(app).startswith("Refused: "))
        assert "\n" not in note(app)
    assert not list((Path(__import__("os").environ["MUSTER_HOME"])).rglob("*.muster"))


async def test_no_server_is_one_line_saying_where_and_how_to_start_one(sock_dir):
    app = MusterApp(start="online", online_server=str(sock_dir / "none.sock"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: lobby(app) is not None
                    and "muster serve" in str(app.screen.query_one("#online-who").render()))
        line = str(app.screen.query_one("#online-who").render())
        assert str(sock_dir / "none.sock") in line and "--server named it" in line


async def cli(monkeypatch, server, account: str, *argv: str) -> int:
    """`muster online ...` as `account` (the injected identity), the app not opened: the
    number of the game it would open, or its exit code."""
    from tui import cli as muster_cli, online_cli

    async def as_account(path):
        return await connect(server, account)

    opened: list[dict] = []
    monkeypatch.setattr(online_cli, "_connect", as_account)
    # each command runs its own event loop (asyncio.run): in a thread, beside the test's
    code = await asyncio.to_thread(online_cli.main, muster_cli.build_parser().parse_args(
        ["online", "--server", str(server.path), *argv]), lambda **kw: opened.append(kw) or 0)
    return opened[0]["online_game"] if opened else code


async def test_the_online_commands_create_upload_and_refuse_a_download(server, monkeypatch,
                                                                       tmp_path, capsys):
    from saves import save_match

    game_id = await cli(monkeypatch, server, "alice", "new", WW, "--player", "American=alice",
                        "--computer", "British=easy")
    assert server.lobby.games[game_id].seats == {"American": "account:alice",
                                                 "British": "computer:easy"}
    assert "Created online game" in capsys.readouterr().out
    assert await cli(monkeypatch, server, "alice", "download", str(game_id)) == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith("muster: Refused: ") and "\n" not in error
    local = Match.new(get_rules(WW), seed=4)
    local.act("American", local.view("American").actions[0].action)
    path = save_match(local, tmp_path / "hotseat.muster")
    assert await cli(monkeypatch, server, "alice", "upload", str(path), "--player",
                     "American=alice", "--player", "British=bob") == 0
    uploaded = max(server.lobby.games)
    assert served(server, uploaded).history == local.history
    # a seat given twice is one line and exit 2, nothing sent
    assert await cli(monkeypatch, server, "alice", "new", WW, "--player", "American=alice",
                     "--open", "American") == 2
    assert "American is given twice" in capsys.readouterr().err
    assert max(server.lobby.games) == uploaded


async def test_an_action_chosen_on_an_old_position_is_refused_in_one_line(server):
    game_id = await new_ww(server)
    app = app_as(server, "alice", game_id)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: playing(app))
        match = served(server, game_id)
        await pilot.press("1")
        await until(pilot, lambda: len(match.history) == 1 and not app.screen.match.pending)
        # as if the screen had not yet heard of that move: its next act names the old number
        app.screen.match.game.number -= 1
        await pilot.press("1")
        await until(pilot, lambda: any("the game moved on" in str(n.message)
                                       for n in app._notifications))
        assert len(match.history) == 1                    # nothing applied
        assert app.screen.match.number == 1               # the fresh position taken in
        assert app.screen.view.log == match.view("American").log and app.screen.menu_choices()


async def test_the_title_screen_has_online(server):
    app = app_as(server, "alice")
    app.start = "title"
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.id == "title")
        menu = app.screen.query_one("#title-menu")
        assert "Online" in [str(menu.get_option_at_index(i).prompt)[3:]
                            for i in range(menu.option_count)]
        await pilot.press("o")
        await until(pilot, lambda: lobby(app) is not None and lobby(app).conn is not None)
        assert "you are alice" in str(app.screen.query_one("#online-who").render())
        await pilot.press("escape")
        await until(pilot, lambda: app.screen.id == "title")
