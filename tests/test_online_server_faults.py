"""Faults (docs/online.md "The store"): the real server (`python -m online.server`, peer
credentials and all) is killed with SIGKILL at random moments while simulated clients play;
after each restart every acknowledged action is in the store at its place, no game is
damaged, and the clients reconnect and carry on."""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import sys
import tempfile
from pathlib import Path


from core.engine import Header, Match
from core.registry import get_rules
from online.client import Connection, ConnectionLost, NoServer, OnlineError, ServerError
from online.host import own_account
from online.store import Store

ROOT = Path(__file__).resolve().parent.parent
WW = "washingtons-war"
GAMES = 3
KILLS = 3


async def start(sock: Path, db: Path, log: Path) -> asyncio.subprocess.Process:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("MUSTER_SERVER", None)
    with open(log, "ab") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "online.server", "--socket", str(sock), "--db", str(db),
            stdout=asyncio.subprocess.PIPE, stderr=err, cwd=ROOT, env=env)
    line = await asyncio.wait_for(proc.stdout.readline(), 60)
    assert b"listening on" in line, (line, log.read_text())
    return proc


class Player:
    """One client playing one role of one game: random legal actions, reconnecting."""

    def __init__(self, sock: Path, game_id: int, role: str, seed: int, acked: dict) -> None:
        self.sock, self.game_id, self.role = sock, game_id, role
        self.rng = random.Random(seed)
        self.acked = acked          # (game_id, number) -> (role, action), acknowledged acts
        self.reconnects = 0
        self.stop = False

    async def run(self) -> None:
        conn = game = None
        while not self.stop:
            try:
                if game is None:
                    conn = await Connection.open(self.sock, timeout=2)
                    game = await conn.open_game(self.game_id)
                    self.reconnects += 1
                if game.result is not None:
                    await asyncio.sleep(0.05)
                    continue
                if self.role in game.active and game.actions(self.role):
                    action = self.rng.choice(game.actions(self.role)).action
                    await game.act(self.role, action)
                    self.acked[(self.game_id, game.number)] = (self.role, action)
                else:
                    try:
                        await asyncio.wait_for(game.updates().__anext__(), 0.3)
                    except asyncio.TimeoutError:
                        pass
            except ServerError as exc:
                assert exc.code == "stale", exc  # the other role's act crossed ours
            except (ConnectionLost, NoServer, OnlineError, asyncio.TimeoutError):
                game = None
                if conn is not None:
                    await conn.close()
                await asyncio.sleep(0.05)
        if conn is not None:
            await conn.close()


async def test_kill_9_loses_no_acknowledged_action_and_clients_carry_on(tmp_path):
    folder = Path(tempfile.mkdtemp(prefix="mk-", dir="/tmp"))
    sock, db, log = folder / "server.sock", tmp_path / "games.sqlite3", tmp_path / "server.log"
    rng = random.Random(7)
    proc = await start(sock, db, log)
    players: list[Player] = []
    try:
        me = own_account()
        conn = await Connection.open(sock)
        ids = [(await conn.create_game(WW, seats={"American": me, "British": me},
                                       seed=100 + n)).game_id for n in range(GAMES)]
        await conn.close()
        acked: dict = {}
        players = [Player(sock, game_id, role, seed=len(acked) + 10 * game_id + i, acked=acked)
                   for game_id in ids for i, role in enumerate(("American", "British"))]
        tasks = [asyncio.create_task(p.run()) for p in players]
        counts = []
        for kill in range(1, KILLS + 1):
            # a random moment, counted in acknowledged actions (a time would let a fast
            # machine play every game to its end, about 200-330 actions each, before the last
            # kill, and leave nothing to carry on with)
            due = len(acked) + rng.randint(10, 40)
            for _ in range(600):
                if len(acked) >= due:
                    break
                await asyncio.sleep(0.01)
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            counts.append(len(acked))
            proc = await start(sock, db, log)
            for _ in range(600):                   # every client is back before the next kill
                if all(p.reconnects > kill for p in players):
                    break
                await asyncio.sleep(0.05)
        before_last = len(acked)
        for _ in range(200):                       # they reconnect and play on
            await asyncio.sleep(0.05)
            if len(acked) > before_last + 5:
                break
        for player in players:
            player.stop = True
        await asyncio.gather(*tasks)
        assert len(acked) > before_last, "no client played on after the last restart"
        assert all(p.reconnects > KILLS for p in players)
        assert counts == sorted(counts) and counts[0] > 0
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(proc.wait(), 30)
        shutil.rmtree(folder, ignore_errors=True)
    assert proc.returncode == 0                    # SIGTERM: a clean stop
    store = Store.open(db)
    try:
        rules = get_rules(WW)
        for row in store.games():
            history = store.history(row.id)
            assert row.status in ("playing", "over") and row.number == len(history)
            for (game_id, number), (role, action) in acked.items():
                if game_id == row.id:
                    assert history[number - 1] == (role, action)
            header = Header(game=row.game, rules_version=row.rules_version,
                            scenario=row.scenario, options=row.options, seed=row.seed)
            match = Match.replay(rules, header, history)   # not damaged: it replays whole
            assert match.result == row.result
    finally:
        store.close()
