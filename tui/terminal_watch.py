"""Leave when the terminal is gone, even when no SIGHUP comes.

Over `ssh -t host muster online` the terminal is the client's controlling terminal, and a
hang-up (SSH dropped, the laptop closed) sends SIGHUP, whose default action ends the process
at once. But a client started without a controlling terminal of its own (through `su`, which
starts a new session; under some multiplexers) is never sent SIGHUP: its input just ends,
and it would live on, unseen, holding its connection. So while an online game may be open the
app checks its input terminal twice a second; once the terminal has hung up it exits, and if
the exit does not finish (writing to a terminal that is gone can stall) the process ends
GRACE seconds later. Nothing is lost: the server keeps every online game after each action,
and local games are saved after each action too.
"""
from __future__ import annotations

import os
import select
import sys
import threading
from typing import Any

CHECK = 0.5         # seconds between two looks at the terminal
GRACE = 1.0         # seconds the app has to exit before the process is ended
EXIT_HANGUP = 129   # 128 + SIGHUP, as the shell reports a hang-up


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up (or `fd` is no longer open)."""
    try:
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        events = poller.poll(0)
    except (OSError, ValueError):
        return True
    gone = select.POLLHUP | select.POLLERR | select.POLLNVAL
    return any(mask & gone for _, mask in events)


def watch(app: Any, fd: int | None = None) -> Any:
    """Check the app's input terminal every CHECK seconds and leave once it has hung up; the
    interval timer, or None when the input is not a terminal (tests, pipes)."""
    if fd is None:
        stream = sys.__stdin__
        if stream is None:
            return None
        fd = stream.fileno()
    if not os.isatty(fd):
        return None

    def check() -> None:
        if terminal_gone(fd):
            leave(app)

    return app.set_interval(CHECK, check, name="terminal-watch")


def leave(app: Any) -> None:
    """Exit now; end the process GRACE seconds from now if the exit has not done it."""
    timer = threading.Timer(GRACE, os._exit, (EXIT_HANGUP,))
    timer.daemon = True
    timer.start()
    app.exit(return_code=EXIT_HANGUP)
