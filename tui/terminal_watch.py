"""Leave when the terminal is gone, even when no SIGHUP comes.

Over `ssh -t host muster online` the terminal is the client's controlling terminal, and a
hang-up (SSH dropped, the laptop closed) sends SIGHUP, whose default action ends the process
at once. But a client started without a controlling terminal of its own (through `su`, which
starts a new session; under some multiplexers) is never sent SIGHUP: its input just ends,
and it would live on, unseen, holding its connection. So once the Online screen has opened, a
thread waits for the input terminal to hang up (poll(2) for POLLHUP: no keys wake it); then
the game in progress is saved as on quitting (given at most GRACE seconds) and the process
ends. Nothing is lost: the server keeps every online game after each action, and local games
are saved after each action too.
"""
from __future__ import annotations

import os
import select
import sys
import threading
from typing import Any

GRACE = 0.5         # seconds the app has to save before the process is ended
EXIT_HANGUP = 129   # 128 + SIGHUP, as the shell reports a hang-up
GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def terminal_gone(fd: int, timeout: float | None = 0) -> bool:
    """Whether the terminal on `fd` has hung up (or `fd` is no longer open), waiting up to
    `timeout` seconds for it (None: as long as it takes). Typed keys do not wake it: only
    the hang-up is asked for."""
    try:
        poller = select.poll()
        poller.register(fd, 0)  # POLLHUP, POLLERR and POLLNVAL are always reported
        events = poller.poll(None if timeout is None else int(timeout * 1000))
    except (OSError, ValueError):
        return True
    return any(mask & GONE for _, mask in events)


def watch(app: Any, fd: int | None = None) -> threading.Thread | None:
    """Wait in a thread of its own for the app's input terminal to hang up, then leave; the
    thread, or None when the input is not a terminal (tests, pipes)."""
    if fd is None:
        stream = sys.__stdin__
        if stream is None:
            return None
        fd = stream.fileno()
    if not os.isatty(fd):
        return None

    def wait() -> None:
        while not terminal_gone(fd, None):
            pass
        leave(app)

    thread = threading.Thread(target=wait, name="terminal-watch", daemon=True)
    thread.start()
    return thread


def leave(app: Any) -> None:
    """Save what the app would save on quitting (a local game below the online screens),
    giving it GRACE seconds, then end the process at once: the terminal is gone, so there is
    no screen to restore, and the interpreter's own shutdown can take seconds on a loaded
    machine. (Called from the watching thread.)"""
    saved = threading.Event()

    def save() -> None:
        try:
            game = getattr(app, "game_screen", None)
            if game is not None:
                game.stop_computer()
                game.autosave(quiet=True)
        finally:
            saved.set()

    loop = getattr(app, "_loop", None)
    try:
        if loop is not None:
            loop.call_soon_threadsafe(save)
            saved.wait(GRACE)
    finally:
        os._exit(EXIT_HANGUP)
