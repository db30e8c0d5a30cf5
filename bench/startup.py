"""Time from launch to a drawn game screen for `muster continue`, as a ratio to a bare Textual
app launched the same way in the same run (the issue's target: at most 1.3x).

    .venv/bin/python -m bench.startup [--runs N] [--game ID|all]

Each program runs in a pseudo-terminal of 80x24 (as over SSH); the clock stops when the
program's first frame contains its marker text (the game screen's turn bar, "▶ UNION", or
the bare app's text), then the program is killed. Runs alternate between the two, and the medians are
compared. A game is saved to a temporary MUSTER_HOME first so that `continue` has one to open;
the untimed warm-up run writes the board cache there (maps/cache.py), so the timed runs start
as a player's every start after the first one does. `--game` continues another game (its
first position, one player holding every role, so that no hand-off screen comes first;
Wellington two players, the computer holding the French; the marker is the acting role in
the turn bar), `all` each game in turn; the default is A House
Divided's campaign, seed 7, as the figures in docs/ui.md.
"""
from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time


def time_to_marker(argv: list[str], marker: bytes, env: dict[str, str],
                   timeout: float = 30.0) -> float:
    """Seconds from spawning `argv` in a pty until `marker` appears in its output."""
    return run_to_marker(argv, marker, env, timeout)[0]


def run_to_marker(argv: list[str], marker: bytes, env: dict[str, str],
                  timeout: float = 30.0) -> tuple[float, float]:
    """(wall seconds, CPU seconds) from spawning `argv` in a pty until `marker` appears in
    its output. The CPU time (user + system, of the process and its children, until it is
    killed at the marker) hardly depends on the machine's load, the wall time does."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, close_fds=True)
    os.close(slave)
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                seen = (seen + chunk)[-200_000:]
                if marker in seen:
                    wall = time.perf_counter() - start
                    return wall, _kill_and_reap(proc)
            elif proc.poll() is not None:
                break
        raise RuntimeError(f"{' '.join(argv)}: marker {marker!r} not seen "
                           f"(last output: {seen[-300:]!r})")
    finally:
        if proc.returncode is None:
            _kill_and_reap(proc)
        os.close(master)


def _kill_and_reap(proc: subprocess.Popen[bytes]) -> float:
    """Kill the process group and reap the process: the CPU seconds it used."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = -signal.SIGKILL if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return usage.ru_utime + usage.ru_stime


GAME = "a-house-divided"  # the game continued unless --game says otherwise
ALL = "all"
SETUP = """
import sys
from core.registry import get_rules
from core.engine import Match
import saves
game = sys.argv[1]
rules = get_rules(game)
players, options = None, None
if game == "wellington":  # (2.1: a player holds one side's Powers; the computer the other)
    options = {"players": "2"}
    players = {"GB": "Player", "Spain": "Player", "AdS": "computer", "AdN": "computer"}
elif game != "a-house-divided":  # one player holding every role: no hand-off first
    players = {role: "Player" for role in Match.new(rules, seed=7).roles}
match = Match.new(rules, seed=7, options=options, players=players)
saves.autosave(match)
print(match.active[0].upper())
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default=GAME, help="a game's id, or all")
    args = parser.parse_args(argv)
    if args.game == ALL:
        from core.registry import game_ids

        for game in game_ids():
            print(f"== {game}", flush=True)
            measure(game, args.runs)
        return 0
    return measure(args.game, args.runs)


def measure(game: str, runs: int) -> int:
    """Time `muster continue` of `game` against the two baselines, `runs` rounds."""
    home = tempfile.mkdtemp(prefix="muster-bench-")
    env = dict(os.environ, MUSTER_HOME=home, TERM="xterm-256color", COLUMNS="80", LINES="24")
    # a game in progress to continue, and the role its turn bar shows
    role = subprocess.run([sys.executable, "-c", SETUP, game], env=env, check=True,
                          capture_output=True, text=True).stdout.strip()
    # Bytecode as a player's install has it after the first run (the installed Textual is
    # compiled already); needed where PYTHONDONTWRITEBYTECODE stops Python from caching it.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run([sys.executable, "-m", "compileall", "-q", *(os.path.join(root, d) for d in
                    ("core", "maps", "saves", "tui", "bench"))], check=True)
    muster = [sys.executable, "-m", "tui", "continue"]
    bare = [sys.executable, "-m", "bench.bare_app"]
    marker_muster, marker_bare = f"▶ {role}".encode(), b"BARE APP READY"
    time_to_marker(muster, marker_muster, env)  # warm the OS file cache and .pyc files
    time_to_marker(bare, marker_bare, env)
    panes, marker_panes = [sys.executable, "-m", "bench.panes_app"], b"PANES APP READY"
    time_to_marker(panes, marker_panes, env)
    muster_times, bare_times, panes_times = [], [], []
    cpu: dict[str, list[float]] = {"muster": [], "bare": [], "panes": []}
    for _ in range(runs):
        for name, argv, marker, times in (("bare", bare, marker_bare, bare_times),
                                          ("muster", muster, marker_muster, muster_times),
                                          ("panes", panes, marker_panes, panes_times)):
            wall, used = run_to_marker(argv, marker, env)
            times.append(wall)
            cpu[name].append(used)
    m, b = statistics.median(muster_times), statistics.median(bare_times)
    p = statistics.median(panes_times)
    for name, times in (("muster", muster_times), ("bare", bare_times), ("panes", panes_times)):
        print(f"{name:>6} runs (ms): {' '.join(f'{t * 1000:.0f}' for t in times)}")
    for name, times in cpu.items():
        print(f"{name:>6} CPU (ms):  {' '.join(f'{t * 1000:.0f}' for t in times)}")
    print("ratio run by run (muster / the bare app launched just before it): "
          + " ".join(f"{mt / bt:.2f}" for mt, bt in zip(muster_times, bare_times)))
    print(f"muster continue to a drawn game screen: median {m * 1000:.0f} ms over {runs} runs")
    print(f"bare Textual app to its first frame:    median {b * 1000:.0f} ms")
    print(f"ratio: {m / b:.2f}x   (target at most 1.3x)")
    print(f"Textual app with the same kinds of panes, no game: median {p * 1000:.0f} ms "
          f"({p / b:.2f}x the bare app; muster is {m / p:.2f}x this one)")
    cm, cb, cp = (statistics.median(cpu[name]) for name in ("muster", "bare", "panes"))
    print(f"CPU time to the first frame (less sensitive to load): muster {cm * 1000:.0f} ms, "
          f"bare {cb * 1000:.0f} ms, panes {cp * 1000:.0f} ms; muster is {cm / cb:.2f}x the "
          f"bare app and {cm / cp:.2f}x the panes app")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
