"""Online play, the server side (docs/online.md): a real server on a temporary socket and a real
SQLite file, clients through the real protocol; accounts named by the test's injected identity
(tests/support/online.py) except in the peer-credential test, which makes real accounts."""
from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from pathlib import Path

import msgspec
import pytest

from core.engine import Action, Match
from core.registry import get_rules
from online.client import ServerError, StaleAction
from online.protocol import Act
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
    if stored(server, ga.game_id).match.can_undo:
        with pytest.raises(ServerError) as refused:
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


async def test_upload_a_hotseat_save_then_download_the_finished_game(server, tmp_path):
    rules = get_rules(WW)
    local = Match.new(rules, seed=11)
    rng = random.Random(4)
    while local.result is None:
        role = local.active[0]
        local.act(role, rng.choice(local.actions(role)).action)
    history = list(local.history)
    before_end = Match.replay(rules, local.header, history[:-1])
    path = save_match(before_end, tmp_path / "hotseat.muster")
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
