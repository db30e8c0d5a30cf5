"""Bad input (docs/online.md "Limits"): a protocol fuzz of 10,000 messages against a real
server — junk bytes, wrong types, unknown games, seats of another account, illegal actions,
acts for an old number, bad games to create, truncated frames and huge lengths. Every one is
answered with an error, the server goes on serving, and no game changes."""
from __future__ import annotations

import asyncio
import hashlib
import random
import shutil
import tempfile
from pathlib import Path

import msgspec

from online.protocol import (HEADER, MAX_FRAME, VERSION, Error, Hello, Welcome, decode_reply,
                             encode, frame, read_frame)
from online.store import Store
from tests.support.online import connect, socket_as, start_server

WW = "washingtons-war"
MESSAGES = 10_000
CLOSING = 300          # of them, frames that end the connection (it is opened again)
BATCH = 200            # requests written before their replies are read


class Raw:
    """A connection speaking frames by hand, so that anything at all can be sent."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, path, account, hello=True):
        reader, writer = await asyncio.open_unix_connection(sock=socket_as(account, path))
        raw = cls(reader, writer)
        if hello:
            raw.writer.write(frame(encode(Hello(id=1, version=VERSION))))
            assert isinstance(decode_reply(await read_frame(reader)), Welcome)
        return raw

    async def reply(self):
        async with asyncio.timeout(10):
            return decode_reply(await read_frame(self.reader))

    def close(self):
        self.writer.close()


def fingerprint(server):
    """Every game's number, history and state (hashed), and what the store holds."""
    marks = {}
    for game_id, game in server.lobby.games.items():
        state = hashlib.sha256(msgspec.msgpack.encode(game.match.state)).hexdigest()
        marks[game_id] = (game.number, game.row.status, tuple(game.seats.items()),
                          len(game.match.history), state,
                          tuple(Store.history(server.store, game_id)))
    return marks


def requests(rng: random.Random, mine: int, theirs: int, number: int, legal: list):
    """(payload, expected error code, expected id) for the kinds of bad request, in turn."""
    rid = 10
    junk_names = ["", "x" * 300, "nope", "American ", "british", "\0", "é" * 3]  # [2:]: roles no game has

    def m(**fields):
        return msgspec.msgpack.encode(fields)

    def act(**over):
        fields = {"kind": "act", "id": rid, "game_id": mine, "role": "American",
                  "action": list(rng.choice(legal)), "at": number}
        fields.update(over)
        return m(**fields)

    makers = [
        # junk bytes and wrong types: not a request at all
        lambda: (rng.randbytes(rng.randrange(0, 40)), "message", 0),
        lambda: (m(kind="act", id=rid, game_id="one", role="American",
                   action=["pass", None], at=number), "message", rid),
        lambda: (m(kind=rng.choice(["zzz", "", 7, None]), id=rid), "message", rid),
        lambda: (m(kind="open", id=rid, game_id=rng.choice([0, -5, 2 ** 63, 2 ** 64 - 1, 1.5, [1]])),
                 "message", rid),
        lambda: (act(action=rng.choice([[], [1, 2, 3], "pass", {"verb": "pass"}, [None]])),
                 "message", rid),
        lambda: (act(at=rng.choice([-1, "7", None])), "message", rid),
        lambda: (m(kind="create", id=rid, game=rng.choice(["", "x" * 300]), seats={}),
                 "message", rid),
        lambda: (m(kind="create", id=rid, game=WW, seed=rng.choice([-1, "s", 2 ** 64 - 1])),
                 "message", rid),
        lambda: (msgspec.msgpack.encode(rng.choice([[1, 2], 5, "act", None, b"\x00" * 9])),
                 "message", 0),
        # unknown games
        lambda: (m(kind=rng.choice(["open", "close", "download"]), id=rid,
                   game_id=rng.randrange(10 ** 6, 10 ** 9)), "unknown-game", rid),
        lambda: (act(game_id=rng.randrange(10 ** 6, 10 ** 9)), "unknown-game", rid),
        lambda: (m(kind="join", id=rid, game_id=rng.randrange(10 ** 6, 10 ** 9),
                   role="British"), "unknown-game", rid),
        # seats of another account, games of others
        lambda: (act(role="British"), "not-yours", rid),
        lambda: (m(kind="undo", id=rid, game_id=mine, role="British", at=number),
                 "not-yours", rid),
        lambda: (m(kind=rng.choice(["open", "download"]), id=rid, game_id=theirs),
                 "not-yours", rid),
        lambda: (act(game_id=theirs), "not-yours", rid),
        # illegal actions at the right number
        lambda: (act(action=[rng.choice(["fly", "card", "space", "pass"]) + "-x",
                             rng.choice([None, 17, "boston", -3])]), "illegal", rid),
        lambda: (act(role=rng.choice(junk_names[2:])), "bad-request", rid),
        # acts and undos for an old (or a future) number
        lambda: (act(at=rng.choice([n for n in range(number)] + [number + 1, 10 ** 12])),
                 "stale", rid),
        lambda: (m(kind="undo", id=rid, game_id=mine, role="American",
                   at=rng.randrange(number)), "stale", rid),
        # undo of an action another player has seen
        lambda: (m(kind="undo", id=rid, game_id=mine, role="American", at=number), "undo", rid),
        # games that cannot be made, seats that cannot be taken, saves that are not saves
        lambda: (m(kind="create", id=rid, game=rng.choice(["chess", "Washingtons-War"]),
                   seats={}), "bad-request", rid),
        lambda: (m(kind="create", id=rid, game=WW, scenario="1999"), "bad-request", rid),
        lambda: (m(kind="create", id=rid, game=WW, options={"no_such": True}),
                 "bad-request", rid),
        lambda: (m(kind="create", id=rid, game=WW,
                   seats={rng.choice(["French", "american"]): "alice"}), "bad-request", rid),
        lambda: (m(kind="create", id=rid, game=WW,
                   seats={"American": rng.choice(["computer:superhard", "a b", "-x",
                                                  "computer:"])}), "bad-request", rid),
        lambda: (m(kind="join", id=rid, game_id=mine, role=rng.choice(["British", "King"])),
                 "bad-request", rid),
        lambda: (m(kind="download", id=rid, game_id=mine), "not-over", rid),
        lambda: (m(kind="hello", id=rid, version=VERSION), "hello", rid),
    ]
    rare = [lambda: (m(kind="upload", id=rid, save=rng.randbytes(rng.randrange(60)),
                       seats={"American": "alice", "British": "bob"}), "bad-request", rid)]
    while True:
        rid += 1
        maker = rng.choice(rare) if rng.random() < 0.01 else rng.choice(makers)
        yield maker()


async def test_ten_thousand_bad_messages_each_answered_nothing_changed(tmp_path):
    folder = Path(tempfile.mkdtemp(prefix="mf-", dir="/tmp"))
    server = await start_server(folder, tmp_path / "games.sqlite3")
    try:
        await _fuzz(server)
    finally:
        await server.close()
        shutil.rmtree(folder, ignore_errors=True)


async def _fuzz(server):
    rng = random.Random(20)
    alice = await connect(server, "alice")
    info = await alice.create_game(WW, seats={"American": "alice", "British": "bob"}, seed=9)
    theirs = (await alice.create_game(WW, seats={"American": "bob", "British": "carol"})).game_id
    game = await alice.open_game(info.game_id)
    while len(game.actions("American")) < 2 or game.number < 3:
        await game.act("American", game.actions("American")[0].action)
    bob = await connect(server, "bob")
    await bob.open_game(info.game_id)          # bob has seen alice's last action: no undo
    before = fingerprint(server)
    games_before = len(server.lobby.games)
    legal = [(c.action.verb, c.action.noun) for c in game.actions("American")]
    made = requests(rng, info.game_id, theirs, game.number, legal)

    raw = await Raw.open(server.path, "alice")
    sent = answered = 0
    codes: dict[str, int] = {}
    while sent < MESSAGES - CLOSING:
        batch = [next(made) for _ in range(min(BATCH, MESSAGES - CLOSING - sent))]
        raw.writer.write(b"".join(frame(payload) for payload, _, _ in batch))
        for payload, code, rid in batch:
            reply = await raw.reply()
            assert isinstance(reply, Error), (payload, reply)
            assert (reply.code, reply.id) == (code, rid), (payload, reply)
            assert reply.message and "\n" not in reply.message
            codes[code] = codes.get(code, 0) + 1
            answered += 1
        sent += len(batch)

    for index in range(CLOSING):               # each of these ends its connection
        kind = index % 3
        raw = await Raw.open(server.path, "alice", hello=kind != 2)
        if kind == 0:                          # a huge length
            raw.writer.write(HEADER.pack(rng.randrange(MAX_FRAME + 1, 2 ** 32)) + b"xx")
        elif kind == 1:                        # a frame cut short, then the end of stream
            raw.writer.write(HEADER.pack(100) + rng.randbytes(rng.randrange(0, 100)))
            raw.writer.write_eof()
        else:                                  # no hello first, then a length cut short
            raw.writer.write(frame(msgspec.msgpack.encode({"kind": "list", "id": 5})))
            reply = await raw.reply()
            assert (reply.code, reply.id) == ("hello", 5)
            raw.writer.write(b"\x00\x00")
            raw.writer.write_eof()
        reply = await raw.reply()
        assert isinstance(reply, Error) and reply.code == "frame", reply
        assert await asyncio.wait_for(read_frame(raw.reader), 10) is None  # it hung up
        raw.close()
        answered += 1
    assert answered == MESSAGES
    assert set(codes) >= {"message", "unknown-game", "not-yours", "illegal", "stale", "undo",
                          "bad-request", "not-over", "hello"}

    assert fingerprint(server) == before and len(server.lobby.games) == games_before
    listing = await alice.list_games()          # still serving, and the game still plays
    assert [i.game_id for i in listing.games] == [info.game_id]
    await game.act("American", game.actions("American")[0].action)
    assert len(Store.history(server.store, info.game_id)) == before[info.game_id][3] + 1
    await alice.close()
    await bob.close()
