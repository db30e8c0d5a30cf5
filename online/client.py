"""The client side of online play: an asyncio library the app (and the tests, the benchmark)
talks to the Muster server with. It never sees a game's state: only its own seats' views.

    from online.client import Connection, NoServer, ConnectionLost, ServerError, StaleAction

    conn = await Connection.open()            # path=None: --server / $MUSTER_SERVER / default
    conn.account, conn.server_account         # who you are; who runs the server (peer creds)
    listing = await conn.list_games()         # .games (yours, waiting on you first), .open
    info = await conn.create_game("washingtons-war", seats={"American": "alice",
                                  "British": "bob"})    # also "computer[:LEVEL]", "open"
    info = await conn.join(game_id, "British")           # take an open seat
    game = await conn.open_game(info.game_id)            # a RemoteGame, watched from now on
    game = await conn.open_game(game_id, roles=["British"])  # only these of your seats' views
    game.view("American"); game.actions("American")      # latest View / its legal Choices
    game.number, game.active, game.result, game.info, game.roles (yours), game.all_roles
    await game.act("American", action)       # StaleAction (views refreshed) / ServerError
    await game.undo("American")              # ServerError(code "undo") when not allowed
    async for update in game.updates(): ...  # pushes: another player or the computer acted
                                             # (the last MAX_UNREAD unread ones are kept)
    game.on_update = callback                # or a callback, called with each Update
    await game.close()                       # stop watching (the game goes on)
    info = await conn.upload("game.muster", seats={...})   # a hotseat save, every role named
    data = await conn.download(game_id)      # bytes of an ordinary save (finished games only)
    path = await conn.download_to(game_id, "folder-or-file.muster")
    await conn.close()

Every call raises `ConnectionLost` once the connection is gone (the server stopped, the socket
closed); `conn.lost` is then that exception, `await conn.wait_closed()` returns when it happens,
and `conn.on_lost` (a callback) is called once. `ServerError` carries the server's `code`
(online.protocol.ERROR_CODES) and its one-line `message`; `StaleAction` (code "stale", "the
game moved on") carries the fresh `number` and `views`, already taken into the RemoteGame.
An `Update` has `number`, `views` (your roles'), `info`, `lines` (new log lines), `by` (the
role that acted) and `undone`. Views handed out are always whole, logs included (on the wire
only the new log lines travel: protocol.LOGS). The RemoteGame is brought up to date (views,
number, info) before a call returns, an `on_update` is called or an update is yielded.

The API above is stable: the app codes against it; a change will be noted here.
"""
from __future__ import annotations

import asyncio
import itertools
import os
import socket
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import msgspec

from core.engine import Action, Choice, View, as_action
from online import host, paths
from online.protocol import (VERSION, Accepted, Act, CloseGame, CreateGame, Download, Error,
                             FrameError, GameInfo, Hello, JoinGame, ListGames, OpenGame, Opened,
                             Undo, Update, Upload, Welcome, decode_reply, encode, frame,
                             read_frame)

HELLO_TIMEOUT = 10.0   # seconds to connect and be welcomed
MAX_UNREAD = 100       # pushes updates() keeps for a reader that is behind (oldest dropped)


class OnlineError(Exception):
    """Anything that went wrong talking to the server (one line for a person)."""


class NoServer(OnlineError):
    """No Muster server could be reached at the path."""


class ConnectionLost(OnlineError):
    """The connection to the server is gone."""


class ServerError(OnlineError):
    """The server refused a request; nothing was changed."""

    def __init__(self, error: Error) -> None:
        super().__init__(error.message)
        self.code = error.code
        self.message = error.message
        self.game_id = error.game_id
        self.number = error.number
        self.views = error.views


class StaleAction(ServerError):
    """The game moved on since the action was chosen: it was not applied. The RemoteGame holds
    the fresh views already."""


class Listing(msgspec.Struct):
    games: list[GameInfo]         # the account's games: those waiting on it first
    open: list[GameInfo]          # other games with a seat anyone may take


class Connection:
    """One connection to the server (open it with `await Connection.open()`)."""

    def __init__(self, path: Path, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.path = path
        self._reader = reader
        self._writer = writer
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future] = {}
        self._games: dict[int, RemoteGame] = {}
        self._watch: dict[int, frozenset[str] | None] = {}  # game -> roles asked for at open
        self._closed = asyncio.Event()
        self.lost: ConnectionLost | None = None
        self.on_lost: Callable[[ConnectionLost], None] | None = None
        self.account = ""
        self.server_account = ""
        self.server_version = 0
        self._task = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, path: str | os.PathLike[str] | None = None, *,
                   sock: socket.socket | None = None, program: str = "muster",
                   timeout: float = HELLO_TIMEOUT) -> "Connection":
        """Connect and say hello. `path`: the server's socket (None: $MUSTER_SERVER, else the
        default). `sock`: an already connected socket (tests name their accounts by it).
        NoServer when nothing answers there; ServerError when the server refuses us."""
        where = paths.socket_path(path)
        try:
            if sock is not None:
                reader, writer = await asyncio.open_unix_connection(sock=sock)
            else:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_unix_connection(str(where)), timeout)
        except (FileNotFoundError, ConnectionRefusedError):
            raise NoServer(f"no Muster server listens at {where} (start one on this host "
                           f"with: muster serve)") from None
        except PermissionError:
            raise NoServer(f"this account may not reach the Muster server's socket {where}") \
                from None
        except (OSError, asyncio.TimeoutError) as exc:
            raise NoServer(f"the Muster server at {where} cannot be reached "
                           f"({exc.strerror if isinstance(exc, OSError) else 'timed out'})") \
                from None
        conn = cls(where, reader, writer)
        try:
            conn.server_account = _server_account(writer)
            welcome = await asyncio.wait_for(
                conn._request(Hello(version=VERSION, program=program)), timeout)
        except BaseException:
            await conn.close()
            raise
        if not isinstance(welcome, Welcome):
            await conn.close()
            raise OnlineError(f"the server answered hello with {type(welcome).__name__}")
        conn.account = welcome.account
        conn.server_version = welcome.version
        if not conn.server_account:
            conn.server_account = welcome.server_account
        return conn

    # --- requests ------------------------------------------------------------------------

    async def list_games(self) -> Listing:
        reply = await self._request(ListGames())
        return Listing(games=reply.games, open=reply.open)

    async def create_game(self, game: str, *, seats: dict[str, str],
                          scenario: str | None = None, options: dict[str, Any] | None = None,
                          seed: int | None = None) -> GameInfo:
        """A new game. `seats`: role -> account, "computer[:LEVEL]" or "open" (roles not named
        are open). `seed`: None lets the server pick one that nobody sees."""
        reply = await self._request(CreateGame(game=game, scenario=scenario,
                                               options=dict(options or {}), seed=seed,
                                               seats=dict(seats)))
        return reply.info

    async def join(self, game_id: int, role: str) -> GameInfo:
        return (await self._request(JoinGame(game_id=game_id, role=role))).info

    async def open_game(self, game_id: int, roles: list[str] | None = None) -> "RemoteGame":
        """Open a game of yours and watch it; the same RemoteGame if it is open already.
        `roles`: only these of your seats (their views alone are sent); None: all of them."""
        self._watch[game_id] = None if roles is None else frozenset(roles)
        await self._request(OpenGame(game_id=game_id,
                                     roles=None if roles is None else list(roles)))
        return self._games[game_id]   # made (or brought up to date) by the reader

    async def upload(self, save: bytes | str | os.PathLike[str],
                     seats: dict[str, str]) -> GameInfo:
        """Continue a hotseat save online: `save` is its path or bytes; every role named."""
        if isinstance(save, (bytes, bytearray)):
            data, name = bytes(save), ""
        else:
            try:
                data, name = Path(save).read_bytes(), Path(save).name
            except OSError as exc:
                raise OnlineError(f"{save} cannot be read ({exc.strerror or exc})") from None
        return (await self._request(Upload(save=data, seats=dict(seats), name=name))).info

    async def download(self, game_id: int) -> bytes:
        """A finished game as the bytes of an ordinary save file."""
        return (await self._request(Download(game_id=game_id))).data

    async def download_to(self, game_id: int, path: str | os.PathLike[str]) -> Path:
        """Write a finished game's save to `path` (a file, or a folder: the server's name for
        it there); the path written."""
        from saves.store import write_atomic

        reply = await self._request(Download(game_id=game_id))
        target = Path(path)
        if target.is_dir():
            target = target / reply.name
        write_atomic(target, reply.data)
        return target

    async def close(self) -> None:
        """Hang up (the games go on on the server)."""
        if not self._writer.is_closing():
            self._writer.close()
        self._fail(ConnectionLost("the connection was closed"))
        if self._task is not asyncio.current_task():
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    async def wait_closed(self) -> ConnectionLost | None:
        await self._closed.wait()
        return self.lost

    # --- plumbing ------------------------------------------------------------------------

    async def _request(self, request: Any) -> Any:
        if self.lost is not None:
            raise self.lost
        request.id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[request.id] = future
        try:
            self._writer.write(frame(encode(request)))
            await self._writer.drain()
        except FrameError as exc:
            self._pending.pop(request.id, None)
            raise OnlineError(str(exc)) from None
        except (ConnectionError, OSError):
            self._pending.pop(request.id, None)
            # the server may have said why before hanging up: let the reader take it in
            await asyncio.wait({self._task}, timeout=1.0)
            self._fail(ConnectionLost("the connection to the server was lost"))
            raise self.lost from None
        reply = await future
        if isinstance(reply, Error):
            if reply.code == "stale":
                raise StaleAction(reply)
            raise ServerError(reply)
        return reply

    async def _read(self) -> None:
        reason = "the server closed the connection"
        said = None            # why the server hung up, when it said so first
        try:
            while True:
                data = await read_frame(self._reader)
                if data is None:
                    break
                try:
                    message = decode_reply(data)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    reason = f"the server sent something unreadable ({exc})"
                    break
                if isinstance(message, Update):
                    game = self._games.get(message.game_id)
                    if game is not None:
                        game._pushed(message)
                    continue
                # views are taken in here, in the order they came: a later push's log
                # continues the one before it (protocol.LOGS)
                if isinstance(message, Opened):
                    self._opened(message)
                elif isinstance(message, Accepted):
                    game = self._games.get(message.info.game_id)
                    if game is not None:
                        game._take(message.number, message.views, message.info,
                                   message.log_from)
                elif isinstance(message, Error) and message.views is not None:
                    game = self._games.get(message.game_id)
                    if game is not None:
                        game._take(message.number, message.views, message.info,
                                   message.log_from)
                future = self._pending.pop(message.id, None)
                if future is not None and not future.done():
                    future.set_result(message)
                elif isinstance(message, Error):  # said before hanging up: why
                    said = f"the server hung up: {message.message}"
        except FrameError as exc:
            reason = f"the connection to the server broke ({exc})"
        except (ConnectionError, OSError):
            reason = "the connection to the server was lost"
        except asyncio.CancelledError:
            reason = "the connection was closed"
        self._fail(ConnectionLost(said or reason))

    def _opened(self, reply: Opened) -> None:
        game = self._games.get(reply.info.game_id)
        if game is None:
            game = self._games[reply.info.game_id] = RemoteGame(self, reply)
            game.watched = self._watch.get(game.game_id)
        else:
            game.watched = self._watch.get(game.game_id)
            game.views = {role: view for role, view in game.views.items()
                          if game.watched is None or role in game.watched}
            game._logs.clear()  # the server starts again from whole logs
            game.watching = True
            game._take(reply.number, reply.views, reply.info)

    def _fail(self, lost: ConnectionLost) -> None:
        if self.lost is not None:
            return
        self.lost = lost
        for future in self._pending.values():
            if not future.done():
                future.set_exception(lost)
        self._pending.clear()
        for game in self._games.values():
            game._lost(lost)
        self._closed.set()
        if self.on_lost is not None:
            self.on_lost(lost)


class RemoteGame:
    """An online game as one account sees it: the latest views of its seats and the game's
    number; acts and undoes through the server; told of every change by pushes."""

    def __init__(self, conn: Connection, opened: Opened) -> None:
        self.conn = conn
        self.game_id = opened.info.game_id
        self.info: GameInfo = opened.info
        self.number = opened.number
        self.views: dict[str, View] = dict(opened.views)
        self.watched: frozenset[str] | None = None  # the roles asked for (None: every one)
        self._logs = {role: view.log for role, view in opened.views.items()}  # last received
        self.on_update: Callable[[Update], None] | None = None
        self._queue: asyncio.Queue[Update | ConnectionLost] = asyncio.Queue(MAX_UNREAD)
        self.watching = True

    # what the game screen reads
    @property
    def game(self) -> str:
        return self.info.game

    @property
    def roles(self) -> list[str]:
        """The roles of this account (whose views it has): those it watches."""
        return [role for role in self.info.yours
                if self.watched is None or role in self.watched]

    @property
    def all_roles(self) -> list[str]:
        return list(self.info.seats)

    @property
    def seats(self) -> dict[str, str]:
        return dict(self.info.seats)

    @property
    def active(self) -> list[str]:
        return list(self.info.active)

    @property
    def result(self) -> str | None:
        return self.info.result

    def view(self, role: str) -> View:
        """The latest view of one of this account's roles (KeyError for another's)."""
        return self.views[role]

    def actions(self, role: str) -> list[Choice]:
        view = self.views.get(role)
        return list(view.actions) if view is not None else []

    async def act(self, role: str, action: Action | tuple | list) -> None:
        """Take an action chosen at the current number. StaleAction if the game moved on
        meanwhile (this game then holds the fresh views); ServerError if refused."""
        await self.conn._request(Act(game_id=self.game_id, role=role,
                                     action=as_action(action), at=self.number))
        # (the reply's views were taken in by the connection's reader, in order)

    async def undo(self, role: str) -> None:
        await self.conn._request(Undo(game_id=self.game_id, role=role, at=self.number))

    async def updates(self) -> AsyncIterator[Update]:
        """Each push (another player or the computer changed the game), in order; raises
        ConnectionLost when the connection goes."""
        while True:
            item = await self._queue.get()
            if isinstance(item, ConnectionLost):
                self._queue.put_nowait(item)  # every later reader is told too
                raise item
            yield item

    async def close(self) -> None:
        """Stop watching (the game goes on)."""
        if self.watching and self.conn.lost is None:
            await self.conn._request(CloseGame(game_id=self.game_id))
        self.watching = False
        self.conn._games.pop(self.game_id, None)

    # called by the connection
    def _take(self, number: int | None, views: dict[str, View] | None,
              info: GameInfo | None, log_from: dict[str, int] | None = None) -> bool:
        """Take in views (their logs made whole: protocol.LOGS) if they are news."""
        for role, view in (views or {}).items():
            start = (log_from or {}).get(role, 0)
            if start:
                view.log = self._logs[role][:start] + view.log
            self._logs[role] = view.log
        if number is None or number < self.number:
            return False
        self.number = number
        if views:
            self.views.update(views)
        if info is not None:
            self.info = info
        return True

    def _pushed(self, update: Update) -> None:
        if not self._take(update.number, update.views, update.info, update.log_from):
            return
        self._keep(update)
        if self.on_update is not None:
            try:
                self.on_update(update)
            except Exception as exc:  # the caller's bug must not end the connection
                asyncio.get_running_loop().call_exception_handler(
                    {"message": "RemoteGame.on_update failed", "exception": exc})

    def _lost(self, lost: ConnectionLost) -> None:
        self._keep(lost)

    def _keep(self, item: Update | ConnectionLost) -> None:
        """Queue for updates(), dropping the oldest unread one when MAX_UNREAD wait."""
        if self._queue.full():
            self._queue.get_nowait()
        self._queue.put_nowait(item)


def _server_account(writer: asyncio.StreamWriter) -> str:
    """The account running the server, from the socket's peer credentials (not from what the
    server says about itself)."""
    sock = writer.get_extra_info("socket")
    try:
        return host.account_of_uid(host.peer_uid(sock))
    except (OSError, AttributeError):
        return ""
