"""A hang-up (SIGHUP: the terminal closed, SSH dropped) saves the game and ends the process
within two seconds, a computer search in progress included (issue 17, bug 11).

A real `muster` process in a pseudo-terminal: the computer plays both sides of A House
Divided at its hardest level, so a search is running when the signal comes."""
from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import msgspec
import pytest

ROOT = Path(__file__).resolve().parent.parent


def read_until(master: int, proc: subprocess.Popen, marker: bytes, timeout: float,
               seen: bytes = b"") -> bytes:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                seen = (seen + os.read(master, 65536))[-400_000:]
            except OSError:
                break
            if marker in seen:
                return seen
        elif proc.poll() is not None:
            break
    raise AssertionError(f"{marker!r} not seen (last output: {seen[-400:]!r})")


@pytest.mark.parametrize("how", ["sighup under nohup", "terminal closed"])
def test_a_hang_up_saves_and_exits_within_two_seconds_while_the_computer_thinks(tmp_path,
                                                                               how):
    """"sighup under nohup": SIGHUP ignored by the parent (as `nohup` does), so Python's
    default (dying at once) does not apply; "terminal closed": the terminal's other end
    closes and no signal comes (no controlling terminal). Before the fix both kept the
    process running, the computer playing on."""
    from saves import list_saves, load_match

    env = dict(os.environ, MUSTER_HOME=str(tmp_path), MUSTER_PACE="0.2", TERM="xterm-256color")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    argv = [sys.executable, "-m", "tui", "new", "a-house-divided", "--seed", "3",
            "--computer", "Union", "--computer", "Confederate", "--level", "hard"]
    ignore = (lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN)) \
        if how == "sighup under nohup" else None
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
                            start_new_session=True, close_fds=True, preexec_fn=ignore)
    os.close(slave)
    try:
        seen = read_until(master, proc, b"played", 90)  # it has moved at least once
        seen = read_until(master, proc, b"thinking", 30, seen)  # and thinks again
        start = time.monotonic()
        if how == "terminal closed":
            os.close(master)
            master = -1
        else:
            proc.send_signal(signal.SIGHUP)
        while proc.poll() is None and time.monotonic() - start < 10:
            if master < 0:
                time.sleep(0.05)
                continue
            select.select([master], [], [], 0.05)
            try:
                os.read(master, 65536)
            except OSError:
                pass
        took = time.monotonic() - start
        assert proc.poll() is not None, "still running 10 s after SIGHUP"
        assert took < 2.0, f"exited {took:.2f} s after SIGHUP"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if master >= 0:
            os.close(master)
    os.environ["MUSTER_HOME"], old = str(tmp_path), os.environ.get("MUSTER_HOME")
    try:
        (info,) = list_saves()
        match = load_match(info.path)
    finally:
        if old is None:
            del os.environ["MUSTER_HOME"]
        else:
            os.environ["MUSTER_HOME"] = old
    # the save holds the moves played, and exactly them: its history replays to its state
    assert len(match.history) >= 1
    from core.engine import Match

    again = Match.replay(match.rules, match.header, match.history)
    assert msgspec.json.encode(again.state) == msgspec.json.encode(match.state)
