"""The server's computer players: `core.ai.choose` in worker processes.

    searches = Searches()                                # no process started yet
    action = await searches.choose(match, role, level)   # a worker searches a copy of it
    searches.close()                                     # running searches stop, workers go

A search is pure Python: in a thread of the server it would hold the interpreter lock (GIL)
and the event loop would get it back only every switch interval (5 ms), or less often with
several searches at once, so every other game's replies would wait on it. In a worker process
it has an interpreter of its own; the workers also run at a lower priority (`WORKER_NICENESS`)
so that when the CPUs are busy the server's replies come first and the searches take what is
left. A worker gets the game's set-up, state, history and players (pickled: a few tens of KB),
rebuilds the match with the rules of its own import and answers the action: the server's match
is never touched. The workers are forked from a forkserver that imported the rules and the
computer once (a fresh process, not the server with its threads and sockets), started at the
first search; as with any multiprocessing start but fork, each worker imports the server's main
module (`python -m online.server`, the `muster` script: both start nothing on import). At
`close` each running search stops at its next iteration.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from core.engine import Action, Header, Match, State

WORKERS = min(4, (os.cpu_count() or 1) + 1)  # searches at once (more wait for a worker)
WORKER_NICENESS = 10                         # added to a worker's niceness: the loop first
PRELOAD = ["core.ai", "core.registry", "online.computer"]

_stop: Any = None   # in a worker: the Event that stops its search (set by `close`)


class Searches:
    """The worker processes of one server and the searches running in them."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._stop: Any = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            self._stop = context.Event()
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                             initializer=_start_worker,
                                             initargs=(self._stop,))
        return self._pool

    async def choose(self, match: Match, role: str, level: str) -> Action:
        """The computer's action for `role` in (a copy of) `match`; whatever `choose`
        raises; asyncio.CancelledError when the searches were closed meanwhile. A worker
        that died (killed, out of memory) breaks the pool: a new one is started and the
        search made again, once."""
        args = (match.header, match.state, list(match.history), dict(match.players), role,
                level)
        loop = asyncio.get_running_loop()
        pool = self._started()
        try:
            return await loop.run_in_executor(pool, search, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
        return await loop.run_in_executor(self._started(), search, *args)

    def close(self) -> None:
        """Stop every running search at its next iteration (within one simulated line: up
        to a second for a hard search) and let the workers end then, without waiting."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        self._stop.set()
        pool.shutdown(wait=False, cancel_futures=True)


class Stopped(Exception):
    """A search stopped because the server closes."""


def _start_worker(stop: Any) -> None:
    global _stop
    _stop = stop
    os.nice(WORKER_NICENESS)


def _check_stop(done: int, total: int) -> None:
    if _stop is not None and _stop.is_set():
        raise Stopped()


def search(header: Header, state: State, history: list[tuple[str, Action]],
           players: dict[str, str], role: str, level: str) -> Action:
    """In a worker: the computer's action for `role` at the position."""
    from core import registry
    from core.ai import choose

    match = Match(registry.get_rules(header.game), header, state, history, players=players)
    return choose(match, role, level, None, _check_stop)
