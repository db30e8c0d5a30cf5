"""Online play, the server side (docs/online.md): a real server on a temporary socket and a real
SQLite file, clients through the real protocol; accounts named by the test's injected identity
(tests/support/online.py) except in the peer-credential test, which makes real accounts."""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from core.engine import Match
from core.registry import get_rules
from online.client import ServerError, StaleAction
from online.protocol import VERSION, Act, Hello
from online.store import Store
from saves import load_match, save_match
from tests.support.online import connect, start_server

WW = "washingtons-war"


@pytest.fixture
def sock_dir():
    folder = Path(tempfile.mkdtemp(prefix="mo-", dir="/tmp"))  # short: a socket path is <108
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def server(sock_dir, tmp_path):
    server = await start_server(sock_dir, tmp_path / "games.sqlite3")
    yield server
    await server.close()


async def two_players(server, seats=None, seed=5):
    alice = await connect(server, "alice")
    bob = await connect(server, "bob")
    info = await alice.create_game(WW, seats=seats or {"American": "alice", "British": "bob"},
                                   seed=seed)
    return alice, bob, await alice.open_game(info.game_id), await bob.open_game(info.game_id)


async def play_until(games, done, limit=400, rng=None):
    """Each game acts for its account's active roles (first legal action, or a random one)
    until `done()`; the number of actions taken."""
    taken = 0
    while not done():
        moved = False
        for game in games:
            for role in game.roles:
                if role in game.active and game.actions(role):
                    choices = game.actions(role)
                    choice = rng.choice(choices) if rng else choices[0]
                    await game.act(role, choice.action)
                    taken += 1
                    moved = True
        if not moved:
            await asyncio.sleep(0.02)  # the computer's turn: its pushes bring the game on
        assert taken < limit, "the game did not get there"
    return taken


def stored(server, game_id):
    return server.lobby.games[game_id]


async def test_each_account_sees_only_its_own_seats_and_hand(server):
    alice, bob, ga, gb = await two_players(server)
    assert (alice.account, bob.account) == ("alice", "bob")
    assert list(ga.views) == ["American"] and list(gb.views) == ["British"]
    assert ga.roles == ["American"] and gb.roles == ["British"]
    await play_until([ga, gb], lambda: ga.view("American").hand and gb.view("British").hand)
    match = stored(server, ga.game_id).match
    assert ga.view("American").hand == match.view("American").hand
    assert gb.view("British").hand == match.view("British").hand
    assert "British" not in ga.views and "American" not in gb.views
    ids = {c.id for c in ga.view("American").hand}
    assert ids.isdisjoint(c.id for c in gb.view("British").hand)
    assert ga.view("American").hand_sizes["British"] == len(gb.view("British").hand)
    # neither may act or undo for the other's seat, nor open a game it has no seat in
    role = match.active[0]
    other, mine = (ga, gb) if role == "British" else (gb, ga)
    legal = mine.actions(role)[0].action
    with pytest.raises(ServerError) as refused:
        await other.act(role, legal)
    assert refused.value.code == "not-yours"
    with pytest.raises(ServerError) as refused:
        await other.undo(role)
    assert refused.value.code == "not-yours"
    carol = await connect(server, "carol")
    with pytest.raises(ServerError) as refused:
        await carol.open_game(ga.game_id)
    assert refused.value.code == "not-yours"
    assert (await carol.list_games()).games == []
    for conn in (alice, bob, carol):
        await conn.close()


async def test_the_other_player_is_pushed_each_move_within_a_second(server):
    alice, bob, ga, gb = await two_players(server)
    seen = []
    gb.on_update = seen.append
    before = gb.number
    view = ga.view("American")
    await ga.act("American", view.actions[0].action)
    update = await asyncio.wait_for(gb.updates().__anext__(), 1.0)
    assert update.number == before + 1 == gb.number == ga.number
    assert update.by == "American" and not update.undone
    assert update.lines and update.lines == gb.view("British").log[-len(update.lines):]
    assert list(update.views) == ["British"] and seen == [update]
    assert update.info.active == ga.active
    await alice.close()
    await bob.close()


async def test_a_connection_may_watch_only_some_of_its_accounts_seats(server):
    alice = await connect(server, "alice")
    info = await alice.create_game(WW, seats={"American": "alice", "British": "alice"}, seed=3)
    both = await alice.open_game(info.game_id)
    assert sorted(both.views) == ["American", "British"]
    second = await connect(server, "alice")         # alice's second terminal: British only
    british = await second.open_game(info.game_id, roles=["British"])
    assert list(british.views) == ["British"] and british.roles == ["British"]
    third = await connect(server, "alice")
    american = await third.open_game(info.game_id, roles=["American"])
    assert list(american.views) == ["American"] and american.roles == ["American"]
    rng = random.Random(2)
    for _ in range(12):                     # pushes, replies and refusals carry those alone
        role = both.active[0]
        game = british if role == "British" else american
        number = game.number
        await game.act(role, rng.choice(game.actions(role)).action)
        for watcher in (british, american):
            while watcher.number < number + 1:
                await asyncio.wait_for(watcher.updates().__anext__(), 2.0)
        assert list(british.views) == ["British"] and list(american.views) == ["American"]
    match = stored(server, info.game_id).match
    assert british.view("British") == match.view("British")
    assert american.view("American") == match.view("American")
    stale = american if match.active[0] == "American" else british
    role = stale.roles[0]
    while both.number < stale.number:
        await asyncio.wait_for(both.updates().__anext__(), 2.0)
    results = await asyncio.gather(both.act(role, both.actions(role)[0].action),
                                   stale.act(role, stale.actions(role)[0].action),
                                   return_exceptions=True)
    refused = [(game, r) for game, r in zip((both, stale), results) if r is not None]
    assert len(refused) == 1 and isinstance(refused[0][1], StaleAction)
    game, error = refused[0]
    assert sorted(error.views) == (["American", "British"] if game is both else [role])
    bob = await connect(server, "bob")
    with pytest.raises(ServerError) as refused:      # a seat not the account's: refused
        await second.open_game(info.game_id, roles=["British", "Spain"])
    assert refused.value.code == "bad-request"
    other = await bob.create_game(WW, seats={"American": "bob", "British": "alice"})
    with pytest.raises(ServerError) as refused:
        await alice.open_game(other.game_id, roles=["American"])
    assert refused.value.code == "not-yours"
    for conn in (alice, second, third, bob):
        await conn.close()


async def test_two_acts_at_the_same_moment_one_applies_the_other_is_refused_fresh(server):
    alice, bob, ga, gb = await two_players(server)
    second = await connect(server, "alice")           # alice at a second terminal
    ga2 = await second.open_game(ga.game_id)
    choices = ga.actions("American")
    number = ga.number
    results = await asyncio.gather(ga.act("American", choices[0].action),
                                   ga2.act("American", choices[1].action),
                                   return_exceptions=True)
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], StaleAction)
    stale = refused[0]
    assert stale.message == "the game moved on" and stale.number == number + 1
    assert set(stale.views) == {"American"}
    loser = ga2 if results[1] is refused[0] else ga
    assert loser.number == number + 1                  # it holds the fresh views already
    assert loser.view("American") == stored(server, ga.game_id).match.view("American")
    history = Store.history(server.store, ga.game_id)
    assert len(history) == 1
    winner = choices[0] if loser is ga2 else choices[1]
    assert history[0] == ("American", winner.action)
    for conn in (alice, bob, second):
        await conn.close()


async def test_a_computer_seat_plays_its_turns_on_the_server(server):
    alice = await connect(server, "alice")
    info = await alice.create_game(WW, seats={"American": "alice", "British": "computer:easy"},
                                   seed=3)
    assert info.seats["British"] == "computer:easy"
    game = await alice.open_game(info.game_id)
    pushed = []
    game.on_update = pushed.append
    await play_until([game], lambda: any(u.by == "British" for u in pushed), limit=60)
    history = Store.history(server.store, info.game_id)
    assert any(role == "British" for role, _ in history)
    assert stored(server, info.game_id).match.history == history
    await alice.close()


async def test_undo_only_own_actions_no_other_player_was_shown(server):
    alice, bob, ga, gb = await two_players(server)
    await gb.close()                                   # bob is not looking
    await play_until([ga], lambda: stored(server, ga.game_id).match.can_undo, limit=30)
    number = ga.number
    length = len(stored(server, ga.game_id).match.history)
    await ga.undo("American")
    assert ga.number == number + 1                     # a new number: an undo is a change
    assert len(Store.history(server.store, ga.game_id)) == length - 1
    # the undone action again, now with bob watching: bob has seen it, so no undo
    legal = ga.actions("American")[0].action
    gb = await bob.open_game(ga.game_id)
    await ga.act("American", legal)
    await asyncio.wait_for(gb.updates().__anext__(), 1.0)
    assert stored(server, ga.game_id).match.can_undo   # the engine could take it back...
    with pytest.raises(ServerError) as refused:        # ...but bob has seen it
        await ga.undo("American")
    assert refused.value.code == "undo" and "bob has already seen" in refused.value.message
    with pytest.raises(ServerError) as refused:
        await gb.undo("British")                       # the last action is not bob's
    assert refused.value.code == "undo"
    with pytest.raises(StaleAction):                   # an act chosen before the undo
        await ga.conn._request(Act(game_id=ga.game_id, role="American", action=legal,
                                   at=number))
    await alice.close()
    await bob.close()


async def test_open_seats_wait_for_a_player_to_join(server):
    alice = await connect(server, "alice")
    bob = await connect(server, "bob")
    info = await alice.create_game(WW, seats={"American": "alice"})
    assert info.status == "waiting" and info.seats["British"] == "open"
    assert not info.seed_given
    game = await alice.open_game(info.game_id)
    with pytest.raises(ServerError) as refused:
        await game.act("American", game.actions("American")[0].action)
    assert refused.value.code == "waiting"
    listing = await bob.list_games()
    assert [i.game_id for i in listing.open] == [info.game_id] and listing.games == []
    joined = await bob.join(info.game_id, "British")
    assert joined.status == "playing" and joined.yours == ["British"]
    update = await asyncio.wait_for(game.updates().__anext__(), 1.0)
    assert update.info.seats["British"] == "bob" and update.info.status == "playing"
    with pytest.raises(ServerError) as refused:
        await bob.join(info.game_id, "British")
    assert refused.value.code == "bad-request"
    await game.act("American", game.actions("American")[0].action)
    listing = await alice.list_games()
    assert listing.games[0].game_id == info.game_id
    await alice.close()
    await bob.close()


async def test_games_waiting_on_you_are_listed_first(server):
    alice = await connect(server, "alice")
    first = await alice.create_game(WW, seats={"American": "bob", "British": "alice"})
    second = await alice.create_game(WW, seats={"American": "alice", "British": "bob"})
    third = await alice.create_game(WW, seats={"American": "bob", "British": "alice"})
    listing = await alice.list_games()
    assert [i.game_id for i in listing.games] == [second.game_id, third.game_id, first.game_id]
    assert [i.to_act for i in listing.games] == [True, False, False]
    await alice.close()


def finished_hotseat_game(tmp_path, seed=11):
    """A hotseat game played to its end, and its save one action before the end."""
    rules = get_rules(WW)
    local = Match.new(rules, seed=seed)
    rng = random.Random(4)
    while local.result is None:
        role = local.active[0]
        local.act(role, rng.choice(local.actions(role)).action)
    before_end = Match.replay(rules, local.header, local.history[:-1])
    return local, before_end, save_match(before_end, tmp_path / "hotseat.muster")


async def test_upload_a_hotseat_save_then_download_the_finished_game(server, tmp_path):
    local, before_end, path = finished_hotseat_game(tmp_path)
    history = list(local.history)
    alice = await connect(server, "alice")
    bob = await connect(server, "bob")
    with pytest.raises(ServerError) as refused:
        await alice.upload(path, seats={"American": "alice"})
    assert refused.value.code == "bad-request" and "British" in refused.value.message
    info = await alice.upload(path, seats={"American": "alice", "British": "bob"})
    assert info.seed_given and info.status == "playing"
    last_role, last_action = history[-1]
    player = alice if last_role == "American" else bob
    game = await player.open_game(info.game_id)
    assert game.view(last_role) == before_end.view(last_role)
    with pytest.raises(ServerError) as refused:
        await alice.download(info.game_id)
    assert refused.value.code == "not-over"
    await game.act(last_role, last_action)
    assert game.result == local.result
    saved = await alice.download_to(info.game_id, tmp_path)
    again = load_match(saved)
    assert again.history == history and again.result == local.result
    assert again.players == {"American": "alice", "British": "bob"}
    with pytest.raises(ServerError) as refused:
        await alice.upload(b"not a save", seats={"American": "alice", "British": "bob"})
    assert refused.value.code == "bad-request"
    await alice.close()
    await bob.close()


async def test_games_are_reopened_after_a_restart(sock_dir, tmp_path):
    db = tmp_path / "games.sqlite3"
    server = await start_server(sock_dir, db)
    alice, bob, ga, gb = await two_players(server)
    await play_until([ga, gb], lambda: ga.number >= 12)
    number, view = ga.number, ga.view("American")
    await alice.close()
    await bob.close()
    await server.close()
    assert (db.stat().st_mode & 0o777) == 0o600
    server = await start_server(sock_dir, db)
    alice = await connect(server, "alice")
    again = await alice.open_game(ga.game_id)
    assert again.number == number and again.view("American") == view
    with pytest.raises(ServerError) as refused:           # after a restart nothing is undone
        await again.undo("American")
    assert refused.value.code == "undo"
    await alice.close()
    await server.close()


async def test_a_client_of_another_protocol_version_is_refused(server):
    from online.protocol import Hello, decode_reply, encode, frame, read_frame
    from tests.support.online import socket_as

    reader, writer = await asyncio.open_unix_connection(sock=socket_as("alice", server.path))
    writer.write(frame(encode(Hello(id=3, version=999))))
    reply = decode_reply(await read_frame(reader))
    assert reply.code == "version" and reply.id == 3 and "version 1" in reply.message
    assert await read_frame(reader) is None                # and it hangs up
    writer.close()


async def test_socket_open_to_all_database_private(sock_dir, tmp_path):
    server = await start_server(sock_dir / "run", tmp_path / "data" / "games.sqlite3")
    try:
        assert server.path.stat().st_mode & 0o777 == 0o666
        assert server.path.parent.stat().st_mode & 0o777 == 0o755
        assert server.store.path.parent.stat().st_mode & 0o777 == 0o700
        alice = await connect(server, "alice")
        await alice.create_game(WW, seats={"American": "alice"})   # the WAL files now exist
        await alice.close()
        for name in ("", "-wal", "-shm", ".lock"):
            path = server.store.path.with_name(server.store.path.name + name)
            assert path.stat().st_mode & 0o777 == 0o600, path
    finally:
        await server.close()


async def test_one_account_cannot_take_every_connection(server, monkeypatch):
    import online.server as online_server

    monkeypatch.setattr(online_server, "MAX_CONNECTIONS_PER_ACCOUNT", 2)
    kept = [await connect(server, "mallory") for _ in range(2)]
    with pytest.raises(Exception) as refused:
        await connect(server, "mallory")
    assert "the most for one account" in str(refused.value)
    alice = await connect(server, "alice")             # another account still gets in
    assert alice.account == "alice"
    for conn in kept + [alice]:
        await conn.close()


async def test_a_frame_that_does_not_arrive_is_given_up(server, monkeypatch):
    import online.server as online_server
    from online.protocol import HEADER, decode_reply, read_frame
    from tests.support.online import socket_as

    monkeypatch.setattr(online_server, "FRAME_TIMEOUT", 0.2)
    reader, writer = await asyncio.open_unix_connection(sock=socket_as("alice", server.path))
    writer.write(HEADER.pack(1000) + b"abc")            # and then nothing more
    reply = decode_reply(await asyncio.wait_for(read_frame(reader), 5))
    assert reply.code == "frame" and "did not arrive" in reply.message
    writer.close()


def _muster_serve(sock: Path, db: Path):
    """`muster serve` in its own process, its output piped."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    return subprocess.Popen([sys.executable, "-m", "tui", "serve", "--socket", str(sock),
                             "--db", str(db)], cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(root)))


def test_muster_serve_listens_then_stops_cleanly_on_sigint(sock_dir, tmp_path):
    import signal

    from tui.cli import main

    assert main(["serve", "--help"]) == 0
    sock = sock_dir / "cli.sock"
    proc = _muster_serve(sock, tmp_path / "g.sqlite3")
    try:
        line = proc.stdout.readline()
        assert f"listening on {sock}" in line
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "stopped" in out and not sock.exists()


def test_muster_serve_stops_cleanly_when_its_output_is_gone(sock_dir, tmp_path):
    """The terminal that started the server closed (its stdout's reader is gone): the stop
    line is lost, not the clean stop (it once raised BrokenPipeError at 'stopped')."""
    import signal

    sock = sock_dir / "gone.sock"
    proc = _muster_serve(sock, tmp_path / "g.sqlite3")
    try:
        assert f"listening on {sock}" in proc.stdout.readline()
        proc.stdout.close()                        # nobody reads the server's output any more
        proc.send_signal(signal.SIGTERM)
        err = proc.stderr.read()
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert not sock.exists()


async def test_a_computer_thinking_blocks_neither_the_server_nor_another_game(server):
    alice = await connect(server, "alice")
    thinking = await alice.create_game(WW, seats={"American": "computer:hard",
                                                  "British": "alice"}, seed=8)
    assert thinking.game_id in server.thinking          # its search runs in a worker process
    other = await alice.create_game(WW, seats={"American": "alice", "British": "bob"})
    game = await alice.open_game(other.game_id)
    for _ in range(5):                                  # served meanwhile, one act after another
        await game.act("American", game.actions("American")[0].action)
    assert game.number == 5
    assert stored(server, thinking.game_id).number == 0  # the hard search is still going
    assert not server.thinking[thinking.game_id].done()
    await alice.close()                                 # and closing stops it at once


async def test_a_computer_worker_killed_mid_game_is_replaced(server):
    alice = await connect(server, "alice")
    info = await alice.create_game(WW, seats={"American": "computer:easy",
                                              "British": "alice"}, seed=4)
    for _ in range(400):                      # its workers are up: the first search started
        pool = server.searches._pool
        if pool is not None and pool._processes:
            break
        await asyncio.sleep(0.01)
    for pid in list(pool._processes):         # killed, as the out-of-memory killer would
        os.kill(pid, signal.SIGKILL)
    game = stored(server, info.game_id)
    killed_at = game.number
    for _ in range(600):                      # a new pool plays on: two more moves at least
        if game.number >= killed_at + 2:
            break
        await asyncio.sleep(0.05)
    assert game.number >= killed_at + 2 and game.row.note == ""
    assert server.searches._pool is not pool
    await alice.close()


async def test_a_lost_connection_is_a_clear_exception_everywhere(sock_dir, tmp_path):
    from online.client import Connection, ConnectionLost, NoServer

    server = await start_server(sock_dir, tmp_path / "games.sqlite3")
    alice, bob, ga, gb = await two_players(server)
    told = []
    alice.on_lost = told.append
    await server.close()                                # the server goes away
    lost = await asyncio.wait_for(alice.wait_closed(), 5)
    assert isinstance(lost, ConnectionLost) and told == [lost] and alice.closed
    with pytest.raises(ConnectionLost):
        await alice.list_games()
    with pytest.raises(ConnectionLost):
        await ga.act("American", ga.actions("American")[0].action)
    with pytest.raises(ConnectionLost):
        await asyncio.wait_for(ga.updates().__anext__(), 5)
    with pytest.raises(NoServer) as none:
        await Connection.open(server.path)
    assert "no Muster server listens at" in str(none.value)
    await alice.close()
    await bob.close()


async def test_a_game_finished_before_a_restart_is_downloaded_after_it(sock_dir, tmp_path):
    local, _, path = finished_hotseat_game(tmp_path, seed=12)
    db = tmp_path / "games.sqlite3"
    server = await start_server(sock_dir, db)
    alice = await connect(server, "alice")
    info = await alice.upload(path, seats={"American": "alice", "British": "alice"})
    game = await alice.open_game(info.game_id)
    await game.act(*local.history[-1])
    await alice.close()
    await server.close()
    server = await start_server(sock_dir, db)          # finished games are not rebuilt at start
    try:
        assert stored(server, info.game_id).match is None
        alice = await connect(server, "alice")
        assert (await alice.list_games()).games[0].result == local.result
        again = load_match(await alice.download_to(info.game_id, tmp_path / "after.muster"))
        assert again.history == local.history and again.result == local.result
        await alice.close()
    finally:
        await server.close()


async def test_views_stay_whole_while_only_new_log_lines_are_sent(server):
    alice, bob, ga, gb = await two_players(server)
    second = await connect(server, "alice")            # alice again, opened later
    rng = random.Random(3)
    pushed = []
    gb.on_update = pushed.append
    match = stored(server, ga.game_id).match
    games = [ga, gb]
    undone = 0
    for step in range(40):
        if step == 10:
            games.append(await second.open_game(ga.game_id))
        if step % 5 == 3 and "American" in ga.active:
            await gb.close()                           # bob looks away: alice may undo
            await ga.act("American", rng.choice(ga.actions("American")).action)
            if match.can_undo:
                await ga.undo("American")
                undone += 1
            gb = games[1] = await bob.open_game(ga.game_id)
            gb.on_update = pushed.append
        for game in games[:2]:
            for role in game.roles:
                if role in game.active and game.actions(role):
                    await game.act(role, rng.choice(game.actions(role)).action)
        await asyncio.wait_for(_caught_up(games, match), 5)
        for game in games:
            for role in game.roles:
                assert game.view(role) == match.view(role), (step, role)
    assert undone and any(u.log_from for u in pushed)
    # on the wire: only the new lines travel
    from online.protocol import OpenGame, decode_reply, encode, frame, read_frame
    from tests.support.online import socket_as

    reader, writer = await asyncio.open_unix_connection(sock=socket_as("bob", server.path))
    writer.write(frame(encode(Hello(id=1, version=VERSION))) +
                 frame(encode(OpenGame(id=2, game_id=ga.game_id))))
    await read_frame(reader)
    opened = decode_reply(await read_frame(reader))
    before = len(opened.views["British"].log)
    while "American" not in ga.active:
        await gb.act("British", gb.actions("British")[0].action)
        await read_frame(reader)
        before = len(match.view("British").log)
    await ga.act("American", ga.actions("American")[0].action)
    update = decode_reply(await read_frame(reader))
    assert update.log_from == {"British": before}
    assert update.views["British"].log == match.view("British").log[before:] == update.lines
    writer.close()
    for conn in (alice, bob, second):
        await conn.close()


async def _caught_up(games, match):
    """Until every client has been pushed the game's latest position."""
    while any(game.number != games[0].number or
              game.view(game.roles[0]).log != match.view(game.roles[0]).log for game in games):
        await asyncio.sleep(0.01)


async def test_the_client_finds_the_server_by_muster_server(sock_dir, tmp_path, monkeypatch):
    from online.client import Connection
    from online.host import own_account
    from online.server import Server

    server = await Server.start(sock_dir / "env.sock", tmp_path / "games.sqlite3")  # the product
    try:
        monkeypatch.setenv("MUSTER_SERVER", str(server.path))
        conn = await Connection.open()
        assert conn.path == server.path
        assert conn.account == conn.server_account == own_account()   # peer credentials
        await conn.close()
    finally:
        await server.close()


async def test_a_game_its_rules_cannot_replay_is_listed_damaged_the_others_play_on(
        sock_dir, tmp_path):
    import sqlite3

    db = tmp_path / "games.sqlite3"
    server = await start_server(sock_dir, db)
    alice, bob, ga, gb = await two_players(server)
    await play_until([ga, gb], lambda: ga.number >= 4)
    other = await alice.create_game(WW, seats={"American": "alice", "British": "bob"})
    played = len(Store.history(server.store, ga.game_id))
    await alice.close()
    await bob.close()
    await server.close()
    with sqlite3.connect(db) as raw:                   # as if the rules read action 3 otherwise
        raw.execute("UPDATE actions SET verb='no-such-verb' WHERE game=? AND seq=3",
                    (ga.game_id,))
    server = await start_server(sock_dir, db)
    try:
        alice = await connect(server, "alice")
        listing = {info.game_id: info for info in (await alice.list_games()).games}
        assert listing[ga.game_id].status == "damaged"
        assert "cannot be rebuilt" in listing[ga.game_id].note
        with pytest.raises(ServerError) as refused:
            await alice.open_game(ga.game_id)
        assert refused.value.code == "damaged"
        game = await alice.open_game(other.game_id)    # the other game plays on
        await game.act("American", game.actions("American")[0].action)
        await alice.close()
    finally:
        await server.close()
    with sqlite3.connect(db) as raw:                   # and the damaged game's rows are kept
        assert raw.execute("SELECT COUNT(*) FROM actions WHERE game=?",
                           (ga.game_id,)).fetchone()[0] == played


async def test_an_action_seen_in_the_other_players_listing_cannot_be_undone(server):
    alice, bob, ga, gb = await two_players(server)
    await gb.close()
    await play_until([ga], lambda: stored(server, ga.game_id).match.can_undo, limit=30)
    await bob.list_games()                            # bob sees where the game stands
    with pytest.raises(ServerError) as refused:
        await ga.undo("American")
    assert "bob has already seen" in refused.value.message
    await ga.act("American", ga.actions("American")[0].action)
    if stored(server, ga.game_id).match.can_undo:     # not seen yet: alice may take it back
        await ga.undo("American")
    await alice.close()
    await bob.close()


async def test_seats_follow_the_games_own_seating_rules(server):
    """Wellington 2.1: with the two-player split one account holds two Powers of a side,
    never two enemies; checked at create and at join."""
    alice = await connect(server, "alice")
    bob = await connect(server, "bob")
    with pytest.raises(ServerError) as refused:
        await alice.create_game("wellington", options={"players": "2"},
                                seats={"GB": "alice", "AdN": "alice", "AdS": "bob",
                                       "Spain": "bob"})
    assert refused.value.code == "bad-request" and "2.1" in refused.value.message
    info = await alice.create_game("wellington", options={"players": "2"},
                                   seats={"GB": "alice", "Spain": "alice", "AdS": "bob"})
    assert info.status == "waiting" and info.seats["AdN"] == "open"
    with pytest.raises(ServerError) as refused:       # alice may not take an enemy Power
        await alice.join(info.game_id, "AdN")
    assert refused.value.code == "bad-request" and "2.1" in refused.value.message
    joined = await bob.join(info.game_id, "AdN")
    assert joined.status == "playing" and joined.yours == ["AdS", "AdN"]
    game = await bob.open_game(info.game_id)
    assert sorted(game.views) == ["AdN", "AdS"]
    await alice.close()
    await bob.close()


async def test_an_upload_whose_state_was_changed_by_hand_is_refused(server, tmp_path):
    import json

    local, before_end, path = finished_hotseat_game(tmp_path)
    document = json.loads(path.read_text())
    document["state"]["log"].append("the British hand holds every card")   # forged
    path.write_text(json.dumps(document))
    alice = await connect(server, "alice")
    with pytest.raises(ServerError) as refused:
        await alice.upload(path, seats={"American": "alice", "British": "bob"})
    assert refused.value.code == "bad-request"
    assert "not where its actions lead" in refused.value.message
    assert (await alice.list_games()).games == []
    await alice.close()


async def test_a_finished_game_nobody_watches_leaves_memory_and_comes_back(server, tmp_path):
    local, _, path = finished_hotseat_game(tmp_path, seed=13)
    alice = await connect(server, "alice")
    info = await alice.upload(path, seats={"American": "alice", "British": "alice"})
    game = await alice.open_game(info.game_id)
    await game.act(*local.history[-1])
    assert stored(server, info.game_id).match is not None   # watched: kept
    await game.close()
    assert stored(server, info.game_id).match is None       # over and unwatched: let go
    again = await alice.open_game(info.game_id)             # rebuilt from the store
    assert again.result == local.result
    assert again.view("American") == local.view("American")
    await alice.close()
