"""Identities through the host itself (docs/online.md "Security"): as root, two local accounts
are made (and removed after); a client runs as each (`su ACCOUNT -c ...`) against a server
that names connections by their peer credentials (SO_PEERCRED), the product path. Each is
told its own account, sees only its own seat's view and hand, and cannot act for the other."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from online.server import Server

ROOT = Path(__file__).resolve().parent.parent
SITE = next(Path(p) for p in sys.path if p.endswith("site-packages"))
WW = "washingtons-war"


def _system_python() -> str | None:
    """A Python of the same version the new accounts may run (the venv's may sit in a folder
    only root can enter)."""
    for name in (f"python{sys.version_info.major}.{sys.version_info.minor}",):
        for folder in ("/usr/bin", "/usr/local/bin"):
            path = Path(folder) / name
            if path.exists() and os.access(path, os.X_OK):
                return str(path)
    return None


PYTHON = _system_python()
pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="making local accounts needs root; the "
                       "peer-credential path is then tested only through the injected one"),
    pytest.mark.skipif(shutil.which("useradd") is None or shutil.which("su") is None,
                       reason="no useradd or su on this host"),
    pytest.mark.skipif(PYTHON is None, reason=f"no system python{sys.version_info.major}."
                       f"{sys.version_info.minor} the new accounts could run"),
]

CLIENT = r'''
import asyncio, json, sys
from online.client import Connection, ServerError

async def main(path, game_id, role, other):
    conn = await Connection.open(path)
    game = await conn.open_game(int(game_id))
    out = {"account": conn.account, "server_account": conn.server_account,
           "views": sorted(game.views), "yours": game.roles,
           "hand": [card.id for card in game.view(role).hand or []]}
    try:
        await game.act(other, ("pass", None))
        out["other"] = "accepted"
    except ServerError as exc:
        out["other"] = exc.code
    await conn.close()
    print(json.dumps(out))

asyncio.run(main(*sys.argv[1:]))
'''


@pytest.fixture
def accounts():
    names = [f"mustr{os.getpid() % 100000}{tag}" for tag in "ab"]
    made = []
    try:
        for name in names:
            for attempt in range(10):  # /etc/passwd may be locked a moment by another useradd
                done = subprocess.run(["useradd", "-M", "-d", "/nonexistent", "-s", "/bin/sh",
                                       name], capture_output=True, text=True)
                if done.returncode == 0:
                    break
                time.sleep(0.2)
            assert done.returncode == 0, done.stderr
            made.append(name)
        yield names
    finally:
        for name in made:
            subprocess.run(["userdel", name], capture_output=True)


async def run_as(account: str, script: Path, *args: str) -> dict:
    env = (f"PYTHONPATH={ROOT}:{SITE} PYTHONDONTWRITEBYTECODE=1 MUSTER_HOME=/tmp "
           f"{PYTHON} {script} " + " ".join(args))
    proc = await asyncio.create_subprocess_exec(
        "su", "-s", "/bin/sh", account, "-c", env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    return json.loads(out.decode().strip().splitlines()[-1])


async def test_each_real_account_is_told_apart_by_its_peer_credentials(accounts, tmp_path):
    first, second = accounts
    folder = Path(tempfile.mkdtemp(prefix="ma-", dir="/tmp"))
    os.chmod(folder, 0o755)
    script = folder / "client.py"
    script.write_text(CLIENT)
    os.chmod(script, 0o644)
    server = await Server.start(folder / "server.sock", tmp_path / "games.sqlite3")
    try:
        game = server.lobby.create("root", WW, None, {}, 5,
                                   {"American": first, "British": second})
        match = game.match
        while not (match.view("American").hand and match.view("British").hand):
            role = match.active[0]       # the opening, played by the server for the seats
            account = first if role == "American" else second
            server.lobby.act(account, game.id, role, match.actions(role)[0].action,
                             game.number)
        a = await run_as(first, script, str(server.path), str(game.id), "American", "British")
        b = await run_as(second, script, str(server.path), str(game.id), "British", "American")
    finally:
        await server.close()
        shutil.rmtree(folder, ignore_errors=True)
    assert (a["account"], b["account"]) == (first, second)
    assert a["server_account"] == b["server_account"] == "root"
    assert a["views"] == a["yours"] == ["American"] and b["views"] == b["yours"] == ["British"]
    assert a["hand"] == [c.id for c in match.view("American").hand]
    assert b["hand"] == [c.id for c in match.view("British").hand]
    assert set(a["hand"]).isdisjoint(b["hand"])
    assert a["other"] == b["other"] == "not-yours"
