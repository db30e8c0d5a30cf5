"""Online load: simulated clients playing random legal actions through the real server.

    .venv/bin/python -m bench.online [--clients 100] [--games 50] [--seconds 60] [--game G]
                                     [--think SECONDS] [--profile PATH]

Starts `python -m online.server` (the product: peer credentials, SQLite in WAL) on a temporary
socket and database, creates the games (each seat the benchmark's account, two clients per
game: one per role, each playing only its role; as both seats are one account's, each client
is sent both views, twice what a game between two accounts sends), and lets every client act as fast as the
game lets it: a random legal action whenever its role is to act. A finished game is replaced
by a new one (the first games are made before the clock starts). It reports: actions served per second; the time from one client sending its act
to the other client of the game holding the pushed update (median, p99, max); errors (any
refusal but "the game moved on", any failure); lost actions (acknowledged acts missing from
the store, checked after the server stops); the server's peak resident memory. Not a test:
figures for this machine, under its load (printed with them).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.engine import normalize_options  # noqa: E402
from core.registry import get_rules  # noqa: E402
from online.client import Connection, ServerError, StaleAction  # noqa: E402
from online.host import own_account  # noqa: E402
from online.store import Store  # noqa: E402


class Stats:
    def __init__(self) -> None:
        self.acted = 0
        self.stale = 0
        self.errors: list[str] = []
        self.latencies: list[float] = []
        self.sent: dict[tuple[int, int], float] = {}   # (game, number) -> when its act left
        self.acked: dict[tuple[int, int], tuple[str, object]] = {}
        self.finished = 0


async def start_server(sock: Path, db: Path,
                       profile: str | None = None) -> asyncio.subprocess.Process:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    python = [sys.executable] + (["-m", "cProfile", "-o", profile] if profile else [])
    proc = await asyncio.create_subprocess_exec(
        *python, "-m", "online.server", "--socket", str(sock), "--db", str(db),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, cwd=ROOT, env=env)
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


async def pair(sock: Path, game: str, seed: int, stats: Stats, ready: asyncio.Barrier,
               stop: asyncio.Event, think: float) -> None:
    """Two clients on one game (one per role), then a new game when it ends. The first games
    are made before the clock starts (`ready`: every pair has its game)."""
    me = own_account()
    rules = get_rules(game)
    roles = rules.roles(rules.scenarios()[0], normalize_options(rules, {}))
    conns = [await Connection.open(sock, program="bench") for _ in range(2)]
    rng = random.Random(seed)
    first = True
    while not stop.is_set():
        info = await conns[0].create_game(game, seats={role: me for role in roles},
                                          seed=rng.randrange(2 ** 31))
        games = [await conn.open_game(info.game_id) for conn in conns]
        if first:
            first = False
            await ready.wait()

        events = [asyncio.Event() for _ in games]

        def arrived(update, game_id=info.game_id, event=None) -> None:
            sent = stats.sent.pop((game_id, update.number), None)
            if sent is not None:
                stats.latencies.append(time.perf_counter() - sent)
            event.set()

        for remote, event in zip(games, events):
            remote.on_update = lambda update, event=event: arrived(update, event=event)
        players = [asyncio.create_task(play(remote, roles[index::2], rng, stats, stop, think,
                                            events[index]))
                   for index, remote in enumerate(games)]
        await asyncio.gather(*players)
        for remote in games:
            await remote.close()
        if games[0].result is not None:
            stats.finished += 1
    for conn in conns:
        await conn.close()


async def play(remote, roles: list[str], rng: random.Random, stats: Stats,
               stop: asyncio.Event, think: float, pushed: asyncio.Event) -> None:
    """Act for `roles` whenever one is to act (after `think` seconds on average), until the
    game ends or time is up; otherwise wait for a push (`pushed`)."""
    while not stop.is_set() and remote.result is None:
        pushed.clear()
        mine = [role for role in remote.active if role in roles]
        if not mine or not remote.actions(mine[0]):
            try:
                async with asyncio.timeout(0.5):
                    await pushed.wait()
            except TimeoutError:
                pass
            continue
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
            if remote.result is not None or mine[0] not in remote.active:
                continue
        actor = mine[0]
        action = rng.choice(remote.actions(actor)).action
        number = remote.number
        stats.sent[(remote.game_id, number + 1)] = time.perf_counter()
        try:
            await remote.act(actor, action)
        except StaleAction:
            stats.sent.pop((remote.game_id, number + 1), None)
            stats.stale += 1
            continue
        except ServerError as exc:
            stats.sent.pop((remote.game_id, number + 1), None)
            stats.errors.append(f"{exc.code}: {exc.message}")
            continue
        stats.acted += 1
        stats.acked[(remote.game_id, remote.number)] = (actor, action)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--game", default="washingtons-war")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean time a client takes before each act (default 0: as fast "
                             "as it can, the server saturated)")
    parser.add_argument("--profile", metavar="PATH",
                        help="run the server under cProfile, its statistics written to PATH")
    args = parser.parse_args()
    if args.clients != 2 * args.games:
        raise SystemExit("two clients per game: --clients must be twice --games")
    folder = Path(tempfile.mkdtemp(prefix="mb-", dir="/tmp"))
    sock, db = folder / "server.sock", folder / "games.sqlite3"
    proc = await start_server(sock, db, args.profile)
    stats, stop = Stats(), asyncio.Event()
    load_before = os.getloadavg()
    peak = rss_mb(proc.pid)
    ready = asyncio.Barrier(args.games + 1)
    pairs = [asyncio.create_task(pair(sock, args.game, seed, stats, ready, stop, args.think))
             for seed in range(args.games)]
    await asyncio.wait_for(ready.wait(), 600)  # every game made and opened: the clock starts
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
    elapsed = time.perf_counter() - started
    server_cpu = cpu_seconds(proc.pid) - server_cpu_before
    own_cpu = sum(os.times()[:2]) - own_cpu_before
    results = await asyncio.gather(*pairs, return_exceptions=True)
    stats.errors += [f"client failed: {r!r}" for r in results if isinstance(r, Exception)]
    proc.send_signal(signal.SIGTERM)
    await proc.wait()
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

    print(f"bench/online.py: {args.clients} clients on {args.games} games of {args.game}, "
          f"think {args.think:g} s, {elapsed:.0f} s (load average before {load_before[0]:.1f}, after "
          f"{os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)")
    print(f"  actions served: {stats.acted} ({stats.acted / elapsed:.1f}/s); refused as moved "
          f"on: {stats.stale}; games finished: {stats.finished}")
    print(f"  act -> other client's update: median {ms(0.5)}, p99 {ms(0.99)}, max "
          f"{lat[-1] * 1000 if lat else 0:.1f} ms over {len(lat)} updates"
          f" (mean {statistics.mean(lat) * 1000 if lat else 0:.1f} ms)")
    print(f"  errors: {len(stats.errors)}" + (f" (first: {stats.errors[0]})"
                                              if stats.errors else ""))
    print(f"  lost actions: {lost} of {len(stats.acked)} acknowledged ({stored_actions} stored)")
    print(f"  server peak RSS: {peak:.0f} MB")
    print(f"  CPU: server {server_cpu:.1f} s ({server_cpu / max(stats.acted, 1) * 1000:.1f} ms "
          f"per action), clients {own_cpu:.1f} s, in {elapsed:.0f} s of "
          f"wall time")


if __name__ == "__main__":
    asyncio.run(main())
