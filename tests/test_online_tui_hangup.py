"""The terminal hangs up (SSH dropped, the laptop closed) while `muster online` plays: the
client process exits within two seconds, the server loses nothing, and the next `muster
online` opens the game as it was (docs/ui.md "Online").

The client is the real command in a pseudo-terminal of its own (its controlling terminal);
closing the terminal's master side is the hang-up. The server is real, on a temporary socket
and database; it names every connection "alice" (the test's injected identity)."""
from __future__ import annotations

import asyncio
import fcntl
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import pytest

from online.server import Server
from tests.support.online import connect

ROOT = Path(__file__).resolve().parent.parent
WW = "washingtons-war"

pytestmark = pytest.mark.skipif(shutil.which("setsid") is None,
                                reason="needs setsid(1) to give the client its terminal")


@pytest.fixture
def sock_dir():
    folder = Path(tempfile.mkdtemp(prefix="mh-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


async def read_until(fd: int, needle: bytes, timeout: float = 60.0) -> bytes:
    """What the client drew on its terminal, until `needle` is in it."""
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        assert time.monotonic() < deadline, f"the client never drew {needle!r}"
        try:
            seen += os.read(fd, 65536)
        except BlockingIOError:
            await asyncio.sleep(0.05)
    return seen


@pytest.mark.parametrize("controlling", [True, False], ids=["sighup", "no-sighup"])
async def test_a_hang_up_ends_the_client_within_two_seconds_and_loses_nothing(sock_dir,
                                                                              controlling):
    """`controlling`: the terminal is the client's controlling terminal (ssh -t: the hang-up
    sends SIGHUP); else it is only its input and output (as through su, which starts a new
    session: no SIGHUP comes, the input just ends)."""
    server = await Server.start(sock_dir / "s.sock", sock_dir / "games.sqlite3",
                                identify=lambda sock: "alice", account_exists=lambda n: True)
    try:
        alice = await connect(server, "alice")
        info = await alice.create_game(WW, seats={"American": "alice", "British": "bob"},
                                       seed=3)
        game = await alice.open_game(info.game_id)
        await game.act("American", game.view("American").actions[0].action)
        await alice.close()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.set_blocking(master, False)
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24",
                   MUSTER_PACE="0")
        command = [sys.executable, "-m", "tui", "online", "--server", str(server.path),
                   "open", str(info.game_id)]
        client = subprocess.Popen(
            ["setsid", "-c", *command] if controlling else command,
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True,
            start_new_session=not controlling)
        os.close(slave)
        try:
            await read_until(master, b"Undo")            # the game screen is up
            os.close(master)                            # the terminal hangs up
            hung_up = time.monotonic()
            while client.poll() is None:
                assert time.monotonic() - hung_up < 2.0, "the client outlived the hang-up"
                await asyncio.sleep(0.02)
        finally:
            if client.poll() is None:
                client.kill()
                client.wait()
        # nothing lost: the game is there, as it was, for the next `muster online`
        again = await connect(server, "alice")
        resumed = await again.open_game(info.game_id)
        assert resumed.number == 1
        assert resumed.view("American").log == server.lobby.games[info.game_id].match.view(
            "American").log
        await again.close()
    finally:
        await server.close()
