"""The server's games on disk: one SQLite file (WAL), private to the server's account.

    store = Store.open(path)              # creates the file (0600) and its tables; locks it
    game_id = store.create(row, seats, history)
    store.append(game_id, seq, role, action, number, status, result)   # one transaction
    store.remove_last(game_id, seq, number)                            # an undo
    for row in store.games(): ...; store.seats(game_id); store.history(game_id)

A game is its set-up (game, scenario, options, seed, rules version) plus its actions, as in a
save; the server rebuilds it with `Match.replay`. Each accepted action is appended in one
transaction with the game's new number, so after a crash (kill -9 included) the file holds
exactly the actions that were acknowledged. Tables (docs/online.md "The store"):

    games   (id, game, scenario, options JSON, seed, seed_given, rules_version, status,
             number, created, updated, result, note, creator)
    seats   (game, role, seat)            seat: "account:NAME", "computer:LEVEL" or "open"
    actions (game, seq, role, verb, noun, at)   seq: 1, 2, ... the action's place in history

Only one server may use a file at a time (an advisory lock on `<file>.lock`).
"""
from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import msgspec

from core.engine import Action
from saves import clock

SCHEMA_VERSION = 1
SYNCHRONOUS = "NORMAL"  # WAL: an acknowledged action survives a kill -9 (a power cut may
                        # lose the last ones; the file stays whole). FULL costs an fsync (~4 ms
                        # here) per action on the event loop.

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    scenario TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seed_given INTEGER NOT NULL,
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL,
    number INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    result TEXT,
    note TEXT NOT NULL DEFAULT '',
    creator TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id),
    role TEXT NOT NULL,
    seat TEXT NOT NULL,
    PRIMARY KEY (game, role)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    role TEXT NOT NULL,
    verb TEXT NOT NULL,
    noun,
    at TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
"""


class StoreError(Exception):
    """The database cannot be opened or used (one sentence naming the file)."""


class GameRow(msgspec.Struct, kw_only=True):
    """One row of `games`."""
    id: int = 0
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    seed_given: bool
    rules_version: str
    status: str
    number: int = 0
    created: str = ""
    updated: str = ""
    result: str | None = None
    note: str = ""
    creator: str


def now() -> str:
    return clock.utc_now().isoformat()


class Store:
    def __init__(self, path: Path, db: sqlite3.Connection, lock: int) -> None:
        self.path = path
        self._db = db
        self._lock = lock

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> "Store":
        """Open (creating it, mode 0600, its folder 0700) the database at `path`."""
        path = Path(path)
        try:
            if not path.parent.exists():
                path.parent.mkdir(parents=True, mode=0o700)
            lock = _lock(path)
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
                os.fchmod(fd, 0o600)  # an older file too: the games are the server's alone
                os.close(fd)
                db = sqlite3.connect(path, isolation_level=None, check_same_thread=True)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
                db.execute("PRAGMA busy_timeout=5000")
                db.executescript(_SCHEMA)
                found = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if found is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                elif int(found[0]) > SCHEMA_VERSION:
                    raise StoreError(f"{path} was written by a newer Muster server "
                                     f"(schema {found[0]}; this one knows {SCHEMA_VERSION})")
            except BaseException:
                os.close(lock)
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"{path} cannot be used as the games database ({exc})") from None
        except OSError as exc:
            raise StoreError(f"{path} cannot be opened ({exc.strerror or exc})") from None
        return cls(path, db, lock)

    def close(self) -> None:
        try:
            self._db.close()
        finally:
            os.close(self._lock)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # --- writes: each one transaction ----------------------------------------------------

    def create(self, row: GameRow, seats: dict[str, str],
               history: list[tuple[str, Action]] = ()) -> tuple[int, str]:
        """A new game with its seats (and, for an upload, its actions so far): its id and
        the time stamp it was created with."""
        stamp = now()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, scenario, options, seed, seed_given, rules_version,"
                " status, number, created, updated, result, note, creator)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.game, row.scenario, json.dumps(row.options), row.seed,
                 int(row.seed_given), row.rules_version, row.status, row.number, stamp, stamp,
                 row.result, row.note, row.creator))
            game_id = int(cursor.lastrowid)
            db.executemany("INSERT INTO seats VALUES (?,?,?)",
                           [(game_id, role, seat) for role, seat in seats.items()])
            db.executemany("INSERT INTO actions VALUES (?,?,?,?,?,?)",
                           [(game_id, seq, role, action.verb, action.noun, stamp)
                            for seq, (role, action) in enumerate(history, 1)])
        return game_id, stamp

    def append(self, game_id: int, seq: int, role: str, action: Action, number: int,
               status: str, result: str | None) -> str:
        """Action `seq` (1-based place in the history) and the game's new number; the time
        stamp."""
        stamp = now()
        with self._transaction() as db:
            db.execute("INSERT INTO actions VALUES (?,?,?,?,?,?)",
                       (game_id, seq, role, action.verb, action.noun, stamp))
            db.execute("UPDATE games SET number=?, status=?, result=?, updated=? WHERE id=?",
                       (number, status, result, stamp, game_id))
        return stamp

    def remove_last(self, game_id: int, seq: int, number: int) -> str:
        """Undo: action `seq` (the last) goes, and the game takes its new number."""
        stamp = now()
        with self._transaction() as db:
            db.execute("DELETE FROM actions WHERE game=? AND seq=?", (game_id, seq))
            db.execute("UPDATE games SET number=?, updated=? WHERE id=?",
                       (number, stamp, game_id))
        return stamp

    def set_seat(self, game_id: int, role: str, seat: str, status: str) -> str:
        stamp = now()
        with self._transaction() as db:
            db.execute("UPDATE seats SET seat=? WHERE game=? AND role=?", (seat, game_id, role))
            db.execute("UPDATE games SET status=?, updated=? WHERE id=?",
                       (status, stamp, game_id))
        return stamp

    def set_status(self, game_id: int, status: str, note: str = "") -> None:
        with self._transaction() as db:
            db.execute("UPDATE games SET status=?, note=?, updated=? WHERE id=?",
                       (status, note, now(), game_id))

    # --- reads ---------------------------------------------------------------------------

    def games(self) -> list[GameRow]:
        rows = self._db.execute(
            "SELECT id, game, scenario, options, seed, seed_given, rules_version, status,"
            " number, created, updated, result, note, creator FROM games ORDER BY id")
        return [GameRow(id=r[0], game=r[1], scenario=r[2], options=json.loads(r[3]),
                        seed=r[4], seed_given=bool(r[5]), rules_version=r[6], status=r[7],
                        number=r[8], created=r[9], updated=r[10], result=r[11], note=r[12],
                        creator=r[13]) for r in rows]

    def seats(self, game_id: int) -> dict[str, str]:
        return dict(self._db.execute("SELECT role, seat FROM seats WHERE game=?", (game_id,)))

    def history(self, game_id: int) -> list[tuple[str, Action]]:
        rows = self._db.execute(
            "SELECT seq, role, verb, noun FROM actions WHERE game=? ORDER BY seq", (game_id,))
        history = []
        for expected, (seq, role, verb, noun) in enumerate(rows, 1):
            if seq != expected:
                raise StoreError(f"game {game_id} lacks its action {expected} in {self.path}")
            history.append((role, Action(verb, noun)))
        return history


def _lock(path: Path) -> int:
    """An exclusive lock on `<path>.lock` held while the store is open (a second server on
    the same file would make the games diverge)."""
    lock_path = path.with_name(path.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(f"another Muster server is using {path}") from None
    return fd
