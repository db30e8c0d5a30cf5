"""Where the server listens and keeps its games (light to import: the `muster` command's
parser reads it).

- The socket: `--socket PATH` / `--server PATH`, else `$MUSTER_SERVER`, else SOCKET_PATH
  (`/tmp/muster/server.sock`): a folder every account can reach, made by the server's account
  (mode 0755) with the socket in it open to all (0666); the server decides what each may do.
- The games: `--db PATH`, else `<muster home>/online/games.sqlite3` (MUSTER_HOME, else the
  platform's user data folder, as for saves), the folder 0700 and the file 0600.
"""
from __future__ import annotations

import os
from pathlib import Path

SOCKET_PATH = Path("/tmp/muster/server.sock")
SOCKET_ENV = "MUSTER_SERVER"
DB_NAME = "games.sqlite3"


def socket_path(given: str | os.PathLike[str] | None = None) -> Path:
    """The socket to listen on or connect to: `given`, else $MUSTER_SERVER, else the default."""
    if given:
        return Path(given).expanduser()
    env = os.environ.get(SOCKET_ENV, "").strip()
    return Path(env).expanduser() if env else SOCKET_PATH


def db_path(given: str | os.PathLike[str] | None = None) -> Path:
    """The server's database: `given`, else `<muster home>/online/games.sqlite3`."""
    if given:
        return Path(given).expanduser()
    from saves.locations import muster_home  # (saves imports the engine: only when needed)

    return muster_home() / "online" / DB_NAME
