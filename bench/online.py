"""Online load: simulated clients playing random legal actions through the real server.

    .venv/bin/python -m bench.online [--clients 100] [--games 50] [--seconds 60] [--game G]
                                     [--option KEY=VALUE ...] [--think SECONDS] [--profile PATH]

    e.g. --game wellington --option players=2 (the Allies against the French: two accounts)

Starts `python -m online.server` (the product: peer credentials, SQLite in WAL) on a temporary
socket and database, creates the games (every seat the benchmark's account: two clients per
game, each opening the game for its own roles alone, as the players of a game between two
accounts would be sent it: one view each) and lets every client act as soon as its role is to
act: a random legal action from the view it was sent, at the number it was sent. A finished
game is replaced by a new one (the first games are made before the clock starts). Where one
account may not hold every seat (Wellington: enemy Powers, 2.1), each game's two clients are
two accounts, named as the test suite names them (bench/online_server.py: the product's server
with tests/support/online.py's identities instead of peer credentials).

The clients are cheap on purpose, so that the figures are the server's: all of them run in
this one process (not the server's), one asyncio task per connection that reads its frames
and answers at once; they speak the real protocol (online.protocol's requests and frames) and
decode of each reply only what they act on (number, active roles, their view's actions)
instead of whole views as the app's client library does.

It reports: actions served per second; the time from one client sending its act to the other
client of the game holding the pushed update (median, p99, max); errors (any refusal but "the
game moved on", any failure); lost actions (acknowledged acts missing from the store, checked
after the server stops); the server's peak resident memory; the CPU time of the server and of
the clients per action; and what the server logs at its stop: how long it took over each act
from reading it to writing its reply and pushes, in wall and in CPU time (the wait of an act
before the server reads it is the rest of the latency). Not a test: figures for this machine, under its load (printed with
them).
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.engine import Action, normalize_options  # noqa: E402
from core.registry import get_rules  # noqa: E402
from online.host import own_account  # noqa: E402
from online.protocol import (VERSION, Act, CloseGame, CreateGame, Hello, OpenGame,  # noqa: E402
                             encode, frame, read_frame)
from online.store import Store  # noqa: E402
from tests.support.online import socket_as  # noqa: E402

NAMED_ACCOUNTS = ("bench-a", "bench-b")  # a game's two clients where one account cannot sit all


# --- what a client decodes of the server's messages (online.protocol's, fields left out) ---


class Choice(msgspec.Struct):
    action: Action


class SeatView(msgspec.Struct):
    actions: list[Choice]


class Info(msgspec.Struct):
    game_id: int
    active: list[str]
    result: str | None


class Reply(msgspec.Struct, tag_field="kind"):
    pass


class Welcome(Reply, tag="welcome"):
    id: int


class GameReply(Reply, tag="game"):
    id: int
    info: Info


class Opened(Reply, tag="opened"):
    id: int
    info: Info
    number: int
    views: dict[str, SeatView]


class Accepted(Reply, tag="accepted"):
    id: int
    info: Info
    number: int
    views: dict[str, SeatView]


class Done(Reply, tag="done"):
    id: int


class Error(Reply, tag="error"):
    id: int
    code: str
    message: str
    number: int | None = None
    views: dict[str, SeatView] | None = None
    info: Info | None = None


class Update(Reply, tag="update"):
    info: Info
    number: int
    views: dict[str, SeatView]


decode = msgspec.msgpack.Decoder(Welcome | GameReply | Opened | Accepted | Done | Error
                                 | Update).decode


class Stats:
    def __init__(self) -> None:
        self.acted = 0
        self.stale = 0
        self.errors: list[str] = []
        self.latencies: list[float] = []
        self.sent: dict[tuple[int, int], float] = {}   # (game, number) -> when its act left
        self.acked: dict[tuple[int, int], tuple[str, Action]] = {}
        self.finished = 0
        self.measuring = True   # False once the clock stopped: answers after it not counted


class Client:
    """One connection playing `roles` of one game at a time; acts from its reader."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 stats: Stats, rng: random.Random, think: float) -> None:
        self.reader, self.writer = reader, writer
        self.stats, self.rng, self.think = stats, rng, think
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future] = {}
        self.roles: list[str] = []
        self.game_id = 0
        self.number = 0
        self.active: list[str] = []
        self.views: dict[str, SeatView] = {}
        self.result: str | None = None
        self.acting: tuple[str, Action] | None = None  # the act sent and not yet answered
        self.playing = False
        self.over = asyncio.Event()
        self.thinking: asyncio.TimerHandle | None = None
        self.task = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, sock: Path, stats: Stats, rng: random.Random, think: float,
                   account: str | None = None) -> "Client":
        """Connect as this process's account (peer credentials), or as `account` named."""
        if account is None:
            reader, writer = await asyncio.open_unix_connection(str(sock))
        else:
            reader, writer = await asyncio.open_unix_connection(sock=socket_as(account, sock))
        client = cls(reader, writer, stats, rng, think)
        await client.request(Hello(version=VERSION, program="bench"))
        return client

    def send(self, request: Any) -> int:
        request.id = next(self.ids)
        self.writer.write(frame(encode(request)))
        return request.id

    async def request(self, request: Any) -> Reply:
        future = asyncio.get_running_loop().create_future()
        self.waiting[self.send(request)] = future
        reply = await future
        if isinstance(reply, Error):
            raise RuntimeError(f"{type(request).__name__} refused: {reply.code}: "
                               f"{reply.message}")
        return reply

    async def play(self, game_id: int, roles: list[str]) -> None:
        """Open the game for `roles` and act until it ends or `stop()`."""
        self.roles, self.game_id, self.result, self.acting = roles, game_id, None, None
        self.number = 0
        self.over.clear()
        opened = await self.request(OpenGame(game_id=game_id, roles=roles))
        self.take(opened.number, opened.info, opened.views)
        self.playing = True
        self.act()
        await self.over.wait()

    def stop(self) -> None:
        self.playing = False
        self.over.set()

    def take(self, number: int, info: Info | None, views: dict[str, SeatView] | None) -> None:
        if number < self.number:  # (an update older than the reply taken in already)
            return
        self.number = number
        if info is not None:
            self.active, self.result = info.active, info.result
        if views:
            self.views.update(views)
        if self.result is not None:
            self.stop()

    def act(self, thought: bool = False) -> None:
        """Send an act if one of our roles is to act and none is on its way (with a thinking
        time, once it has passed: `thought`)."""
        if not self.playing or self.acting is not None or (self.thinking and not thought):
            return
        mine = [role for role in self.active if role in self.roles
                and self.views.get(role) and self.views[role].actions]
        if not mine:
            return
        if self.think and not thought:
            self.thinking = asyncio.get_running_loop().call_later(
                self.rng.expovariate(1 / self.think), self.thought)
            return
        role = mine[0]
        action = self.rng.choice(self.views[role].actions).action
        self.acting = (role, action)
        self.stats.sent[(self.game_id, self.number + 1)] = time.perf_counter()
        self.send(Act(game_id=self.game_id, role=role, action=action, at=self.number))

    def thought(self) -> None:
        self.thinking = None
        self.act(thought=True)

    async def read(self) -> None:
        try:
            await self.take_messages()
        finally:  # the connection is gone: nothing more will be answered
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("the server hung up"))
            self.stop()

    async def take_messages(self) -> None:
        stats = self.stats
        while True:
            data = await read_frame(self.reader)
            if data is None:
                return
            message = decode(data)
            if isinstance(message, Update):
                sent = stats.sent.pop((message.info.game_id, message.number), None)
                if sent is not None and stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent)
                if message.info.game_id == self.game_id:
                    self.take(message.number, message.info, message.views)
                    self.act()
                continue
            future = self.waiting.pop(message.id, None)
            if future is not None:
                future.set_result(message)
                continue
            if self.acting is None:  # an answer to nothing asked: the server hung up saying why
                stats.errors.append(f"{message.code}: {message.message}")
                continue
            role, action = self.acting  # the answer to our act
            self.acting = None
            if isinstance(message, Accepted):
                stats.acted += stats.measuring
                stats.acked[(self.game_id, message.number)] = (role, action)
                self.take(message.number, message.info, message.views)
            else:
                stats.sent.pop((self.game_id, self.number + 1), None)
                if message.code == "stale":
                    stats.stale += 1
                    self.take(message.number, message.info, message.views)
                elif self.playing:
                    stats.errors.append(f"{message.code}: {message.message}")
            self.act()

    async def close(self) -> None:
        self.writer.close()
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def game_options(game: str, given: list[str]) -> dict[str, Any]:
    """The games' options from --option KEY=VALUE (converted as the server converts them)."""
    rules = get_rules(game)
    try:
        return normalize_options(rules, dict(item.split("=", 1) for item in given))
    except ValueError as exc:
        raise SystemExit(f"bench/online.py: --option: {exc}") from None


def seat_split(game: str, options: dict[str, Any]) -> tuple[list[list[str]],
                                                            tuple[str, str] | None]:
    """The roles of each of a game's two clients, and None when every seat is this process's
    account, else the two accounts (NAMED_ACCOUNTS) when the game lets no account hold them
    all (its `check_players`)."""
    rules = get_rules(game)
    roles = rules.roles(rules.scenarios()[0], options)
    split = [roles[0::2], roles[1::2]]
    check = getattr(rules, "check_players", None)
    if check is None:
        return split, None
    try:
        check(options, {role: "bench" for role in roles})
        return split, None
    except ValueError:
        pass
    seats = {role: NAMED_ACCOUNTS[index] for index, part in enumerate(split) for role in part}
    try:
        check(options, seats)
    except ValueError as exc:
        raise SystemExit(f"bench/online.py cannot seat {game} on two accounts: {exc} (choose "
                         f"options for two players, e.g. --option players=2)") from None
    return split, NAMED_ACCOUNTS


async def start_server(sock: Path, db: Path, log: Path, profile: str | None = None,
                       named: bool = False) -> asyncio.subprocess.Process:
    """The server in its own process: the product (`online.server`), or with named accounts
    (`bench.online_server`)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    python = [sys.executable] + (["-m", "cProfile", "-o", profile] if profile else [])
    module = "bench.online_server" if named else "online.server"
    with open(log, "wb") as err:
        proc = await asyncio.create_subprocess_exec(
            *python, "-m", module, "--socket", str(sock), "--db", str(db),
            stdout=asyncio.subprocess.PIPE, stderr=err, cwd=ROOT, env=env)
    line = await asyncio.wait_for(proc.stdout.readline(), 120)
    if b"listening on" not in line:
        raise SystemExit(f"the server did not start: {line!r}")
    return proc


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def pair(sock: Path, game: str, options: dict[str, Any], seed: int, stats: Stats,
               ready: asyncio.Barrier, stop: asyncio.Event, think: float) -> None:
    """Two clients on one game (the roles dealt between them), then a new game when it ends.
    The first games are made before the clock starts (`ready`: every pair has its game)."""
    split, accounts = seat_split(game, options)
    names = accounts or (own_account(), own_account())
    seats = {role: names[index] for index, part in enumerate(split) for role in part}
    rng = random.Random(seed)
    clients = [await Client.open(sock, stats, random.Random(rng.random()), think,
                                 accounts and accounts[index]) for index in range(2)]
    first = True
    while not stop.is_set():
        created = await clients[0].request(CreateGame(game=game, seats=seats, options=options,
                                                      seed=rng.randrange(2 ** 31)))
        game_id = created.info.game_id
        if first:
            first = False
            await ready.wait()
        players = [asyncio.create_task(client.play(game_id, split[index]))
                   for index, client in enumerate(clients)]
        ending = asyncio.create_task(stop.wait())
        await asyncio.wait([ending, *players], return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            for client in clients:
                client.stop()
        await asyncio.gather(*players)
        ending.cancel()
        stats.finished += clients[0].result is not None and stats.measuring
        for client in clients:
            await client.request(CloseGame(game_id=game_id))
    for client in clients:
        await client.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--game", default="washingtons-war")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of every game (repeatable)")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean time a client takes before each act (default 0: at once, "
                             "the server saturated)")
    parser.add_argument("--profile", metavar="PATH",
                        help="run the server under cProfile, its statistics written to PATH")
    args = parser.parse_args()
    if args.clients != 2 * args.games:
        raise SystemExit("two clients per game: --clients must be twice --games")
    folder = Path(tempfile.mkdtemp(prefix="mb-", dir="/tmp"))
    sock, db, log = folder / "server.sock", folder / "games.sqlite3", folder / "server.log"
    options = game_options(args.game, args.option)
    accounts = seat_split(args.game, options)[1]
    proc = await start_server(sock, db, log, args.profile, named=accounts is not None)
    stats, stop = Stats(), asyncio.Event()
    load_before = os.getloadavg()
    peak = rss_mb(proc.pid)
    ready = asyncio.Barrier(args.games + 1)
    pairs = [asyncio.create_task(pair(sock, args.game, options, seed, stats, ready, stop, args.think))
             for seed in range(args.games)]
    # every game made: the clock starts (a client that fails first stops the bench, saying why)
    waiting = asyncio.create_task(ready.wait())
    await asyncio.wait([waiting, *pairs], timeout=600, return_when=asyncio.FIRST_COMPLETED)
    failed = [task for task in pairs if task.done() and task.exception() is not None]
    if not waiting.done() or failed:
        waiting.cancel()
        proc.send_signal(signal.SIGTERM)
        await proc.wait()
        raise SystemExit(f"bench/online.py: the games were not made: "
                         f"{failed[0].exception() if failed else 'timed out'}")
    server_cpu_before = cpu_seconds(proc.pid)
    own_cpu_before = sum(os.times()[:2])
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        await asyncio.sleep(0.5)
        peak = max(peak, rss_mb(proc.pid))
        for task in pairs:
            if task.done() and task.exception() is not None:
                stats.errors.append(f"client failed: {task.exception()!r}")
                pairs.remove(task)
                break
    stop.set()
    stats.measuring = False
    elapsed = time.perf_counter() - started
    server_cpu = cpu_seconds(proc.pid) - server_cpu_before
    own_cpu = sum(os.times()[:2]) - own_cpu_before
    acted = stats.acted
    results = await asyncio.gather(*pairs, return_exceptions=True)
    stats.errors += [f"client failed: {r!r}" for r in results if isinstance(r, Exception)]
    proc.send_signal(signal.SIGTERM)
    await proc.wait()
    said = [line.split(": ", 1)[1] for line in log.read_text().splitlines()
            if "acts and undos answered" in line]
    store = Store.open(db)
    histories: dict[int, list] = {}
    lost = 0
    for (game_id, number), (role, action) in stats.acked.items():
        history = histories.get(game_id)
        if history is None:
            history = histories[game_id] = store.history(game_id)
        if number > len(history) or history[number - 1] != (role, action):
            lost += 1
    stored_actions = sum(len(h) for h in histories.values())
    store.close()
    lat = sorted(stats.latencies)

    def ms(q: float) -> str:
        return f"{lat[min(len(lat) - 1, int(q * len(lat)))] * 1000:.1f} ms" if lat else "n/a"

    if accounts:
        print(f"(accounts named by the bench, {' and '.join(accounts)}: {args.game} lets no "
              f"account hold every seat; bench/online_server.py)")
    print(f"bench/online.py: {args.clients} clients on {args.games} games of {args.game}"
          + (f" ({', '.join(args.option)})" if args.option else "") + ", "
          f"think {args.think:g} s, {elapsed:.0f} s (load average before {load_before[0]:.1f}, "
          f"after {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)")
    print(f"  actions served: {acted} ({acted / elapsed:.1f}/s); refused as moved "
          f"on: {stats.stale}; games finished: {stats.finished}")
    print(f"  act -> other client's update: median {ms(0.5)}, p99 {ms(0.99)}, max "
          f"{lat[-1] * 1000 if lat else 0:.1f} ms over {len(lat)} updates"
          f" (mean {statistics.mean(lat) * 1000 if lat else 0:.1f} ms)")
    print(f"  errors: {len(stats.errors)}" + (f" (first: {stats.errors[0]})"
                                              if stats.errors else ""))
    print(f"  lost actions: {lost} of {len(stats.acked)} acknowledged ({stored_actions} stored)")
    print(f"  server peak RSS: {peak:.0f} MB")
    if said:
        print(f"  the server's own log (the whole run, set-up included): {said[0]}")
    print(f"  CPU: server {server_cpu:.1f} s ({server_cpu / max(acted, 1) * 1000:.2f} ms "
          f"per action, {server_cpu / elapsed * 100:.0f}% of a core), clients {own_cpu:.1f} s "
          f"({own_cpu / max(acted, 1) * 1000:.2f} ms per action), in {elapsed:.0f} s of wall "
          f"time")
    if acted:
        print(f"  each game acts every {args.games / (acted / elapsed) * 1000:.0f} ms on "
              f"average (games / actions per second): the act, its wait for the server, the "
              f"server's work and the answer's way to the clients")


if __name__ == "__main__":
    asyncio.run(main())
