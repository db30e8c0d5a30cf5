"""The words of `muster serve` (shared by tui/cli.py and `python -m online.server`); light to
import, so the `muster` command stays fast to start."""
from __future__ import annotations

import argparse

from online.paths import SOCKET_ENV, SOCKET_PATH

HELP = "run the server for online play on this host"
DESCRIPTION = ("Run the Muster server for online play on this host: it keeps every online "
               "game and lets each account play only its own seats. Players connect with "
               "`muster online` (over SSH: ssh -t HOST muster online). It prints where it "
               "listens; SIGTERM or Ctrl-C stops it cleanly.")
EPILOG = (f"Defaults: the socket ${SOCKET_ENV}, else {SOCKET_PATH} (its folder made 0755, the "
          "socket 0666: any account may connect, the server decides what each may do); the "
          "database $MUSTER_HOME/online/games.sqlite3, else under the platform's user data "
          "folder (0600). docs/online.md has a systemd user unit.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--socket", metavar="PATH",
                        help=f"the UNIX socket to listen on (default: ${SOCKET_ENV}, else "
                             f"{SOCKET_PATH})")
    parser.add_argument("--db", metavar="PATH",
                        help="the SQLite database of the games (default: "
                             "<muster home>/online/games.sqlite3)")
