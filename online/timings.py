"""How long the server took over the requests that change games, for its log at stop.

    timings = Timings()
    timings.add(wall_seconds, cpu_seconds)      # one act or undo answered
    timings.summary()                           # one line: count, median, p99, max

Kept: the last KEPT answers (a ring of floats, so a server running for months holds a fixed
few MB). Wall time runs from the request's bytes read to its reply and pushes written; CPU
time is the server thread's over the same span: the two differ by the time the host's other
work took the CPU from the server.
"""
from __future__ import annotations

from array import array

KEPT = 100_000


class Timings:
    def __init__(self) -> None:
        self.count = 0
        self._wall = array("d")
        self._cpu = array("d")

    def add(self, wall: float, cpu: float) -> None:
        if len(self._wall) < KEPT:
            self._wall.append(wall)
            self._cpu.append(cpu)
        else:
            self._wall[self.count % KEPT] = wall
            self._cpu[self.count % KEPT] = cpu
        self.count += 1

    def summary(self) -> str:
        """One line: how many were answered, and the median, p99 and max of each time."""
        if not self.count:
            return "no act or undo answered"
        kept = "" if self.count <= KEPT else f" (the last {KEPT})"
        return (f"{self.count} acts and undos answered{kept}, each in {_spread(self._wall)} "
                f"from its bytes read to its reply and pushes written (the server's CPU time "
                f"over it: {_spread(self._cpu)})")


def _spread(values: array) -> str:
    ordered = sorted(values)
    n = len(ordered)

    def at(q: float) -> str:
        return f"{ordered[min(n - 1, int(q * n))] * 1000:.1f}"

    return f"median {at(0.5)} ms, p99 {at(0.99)} ms, max {ordered[-1] * 1000:.1f} ms"
