"""The Muster server: one asyncio process per host, on a UNIX socket, owning the online games.

    muster serve [--socket PATH] [--db PATH]       (or: python -m online.server ...)

    server = await Server.start(socket_path, db_path)     # listening; games reopened
    await server.close()

Who a connection is comes from the socket's peer credentials (SO_PEERCRED -> uid -> account,
`online.host.peer_account`); tests pass `identify` (a function of the connection's socket) and
`account_exists` instead, never the product. Each connection's requests are answered in order;
every game change happens on the event loop in one go (checked, applied, stored, answered), so
of two acts at the same number exactly one applies. After each change every other connection
watching the game is pushed an `Update` with the views of the roles it watches (its
account's, or those it named when it opened the game). Computer seats are
played here: `core.ai.choose` in a worker process (online.computer) on a copy of the
match, its act then checked like anyone's (a position changed meanwhile is thought about
again). Nothing a client sends can stop the server: each request is validated and each
failure is an `Error` reply naming the problem.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import signal
import stat
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Callable, TextIO

import msgspec

from core.engine import View
from online import command, host, paths
from online import seats as seat_text
from online.computer import Searches, Stopped
from online.games import OVER, Change, Lobby, OnlineGame, Refusal, load_save, replay
from online.protocol import (MAX_FRAME, VERSION, Accepted, Act, CloseGame, CreateGame, Done,
                             Download, Error, FrameError, GameInfo, GameReply, Games, Hello,
                             JoinGame, ListGames, OpenGame, Opened, SaveData, Undo, Update,
                             Upload, Welcome, decode_request, encode, frame, read_frame,
                             request_id)
from online.store import Store, StoreError
from online.timings import Timings

MAX_CONNECTIONS = 512
MAX_CONNECTIONS_PER_ACCOUNT = 128  # so that one account cannot take every connection
FRAME_TIMEOUT = 30.0              # seconds for a frame's bytes to follow its length
MAX_WATCHED = 64                  # games one connection may watch at once
MAX_BUFFER = 64 * 1024 * 1024     # bytes waiting to reach one client before it is dropped

# Full garbage collections walk every object and stop the event loop meanwhile (50-150 ms
# with 50 games in memory, measured). What start-up made (modules, the rules' tables, the
# games reopened) is frozen out of them; the rest are made ten times rarer than Python's
# default (the engine makes few reference cycles: about two objects per action, and the young
# collections find those).
GC_FULL_AFTER = 100               # collections of the middle generation before a full one

Identify = Callable[[Any], str]   # a connection's socket -> its account


def say(line: str, stream: TextIO | None = None) -> None:
    """Print one line to stdout (or `stream`). When the stream is gone (the terminal closed,
    the pipe's reader exited) the line is lost, never the server: its descriptor is pointed at
    /dev/null so that neither this nor Python's flush at exit raises BrokenPipeError."""
    stream = stream or sys.stdout
    try:
        print(line, file=stream, flush=True)
    except (BrokenPipeError, ValueError):   # (ValueError: the stream was closed)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        except (OSError, ValueError):
            pass


def log(message: str) -> None:
    say(f"muster serve: {message}", sys.stderr)


class Client:
    """One connection: its account, the games it watches, and its outgoing frames."""

    def __init__(self, account: str, writer: asyncio.StreamWriter) -> None:
        self.account = account
        self.writer = writer
        self.greeted = False
        self.watching: dict[int, frozenset[str] | None] = {}  # game -> roles watched (None:
                                                              # every role of the account)
        self.logs: dict[tuple[int, str], list[str]] = {}  # (game, role) -> the log last sent

    def send(self, message: Any) -> None:
        """Queue a message (never waits: a slow client does not slow anyone else; one too far
        behind is dropped)."""
        writer = self.writer
        if writer.is_closing():
            return
        writer.write(frame(encode(message)))
        if writer.transport.get_write_buffer_size() > MAX_BUFFER:
            log(f"dropping a connection of {self.account}: it reads too slowly")
            writer.transport.abort()

    def trim(self, game_id: int, views: dict[str, View]
             ) -> tuple[dict[str, int], dict[str, View]]:
        """The views with the start of each log this connection was sent already cut off
        (protocol.LOGS): (log_from, views)."""
        log_from: dict[str, int] = {}
        trimmed: dict[str, View] = {}
        for role, view in views.items():
            key = (game_id, role)
            sent = self.logs.get(key)
            self.logs[key] = view.log
            start = _common_start(sent, view.log) if sent is not None else 0
            if start:
                log_from[role] = start
                view = msgspec.structs.replace(view, log=view.log[start:])
            trimmed[role] = view
        return log_from, trimmed

    def views(self, game: OnlineGame) -> dict[str, View]:
        """The views of the roles this connection watches in `game` (computed once per change
        and role: OnlineGame.view)."""
        return game.views_for(self.account, self.watching.get(game.id))

    def info(self, game: OnlineGame) -> GameInfo:
        return game.info(self.account, self.watching.get(game.id))

    def forget_logs(self, game_id: int) -> None:
        for key in [key for key in self.logs if key[0] == game_id]:
            del self.logs[key]

    async def reply(self, message: Any) -> None:
        self.send(message)
        await self.drain()

    async def drain(self) -> None:
        try:
            await self.writer.drain()
        except (ConnectionError, OSError):
            pass


class Server:
    def __init__(self, store: Store, path: Path, identify: Identify,
                 account_exists: Callable[[str], bool]) -> None:
        self.store = store
        self.path = path
        self.identify = identify
        self.account = host.own_account()
        self.lobby = Lobby(store, account_exists)
        self.clients: set[Client] = set()
        self.watchers: dict[int, set[Client]] = {}
        self.thinking: dict[int, asyncio.Task] = {}
        self.searches = Searches()
        self.timings = Timings()    # each accepted act's and undo's time (logged at stop)
        self.stopping = False
        self._server: asyncio.AbstractServer | None = None
        self._handlers: set[asyncio.Task] = set()
        self._socket_id: tuple[int, int] | None = None

    # --- start and stop ------------------------------------------------------------------

    @classmethod
    async def start(cls, socket_path: str | os.PathLike[str] | None = None,
                    db: str | os.PathLike[str] | None = None,
                    identify: Identify | None = None,
                    account_exists: Callable[[str], bool] | None = None) -> "Server":
        """Open the store, rebuild its games and listen. StoreError / OSError (one sentence)
        when the database or the socket cannot be used."""
        store = Store.open(paths.db_path(db))
        try:
            server = cls(store, paths.socket_path(socket_path), identify or host.peer_account,
                         account_exists or host.account_exists)
            server.lobby.load()
            await server._listen()
        except BaseException:
            store.close()
            raise
        for game in server.lobby.games.values():
            server._kick_computer(game)
        return server

    async def _listen(self) -> None:
        path = self.path
        prepare_folder(path.parent)
        await _clear_stale_socket(path)
        self._server = await asyncio.start_unix_server(self._connection, path=str(path),
                                                       limit=2 ** 16)
        os.chmod(path, 0o666)  # every account may connect; the server decides what each may do
        info = os.stat(path)
        self._socket_id = (info.st_dev, info.st_ino)

    async def close(self) -> None:
        """Stop listening, close every connection, stop the computer players, close the store."""
        self.stopping = True
        if self._server is not None:
            self._server.close()
        for client in list(self.clients):
            client.writer.close()
        for task in list(self.thinking.values()) + list(self._handlers):
            task.cancel()
        await asyncio.gather(*self.thinking.values(), *self._handlers, return_exceptions=True)
        self.searches.close()
        if self._server is not None:
            await self._server.wait_closed()
        self._remove_socket()
        self.store.close()

    def _remove_socket(self) -> None:
        try:
            info = os.stat(self.path)
            if (info.st_dev, info.st_ino) == self._socket_id:
                os.unlink(self.path)
        except OSError:
            pass

    # --- connections ---------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        self._handlers.add(task)
        client = None
        try:
            try:
                account = self.identify(writer.get_extra_info("socket"))
            except Exception as exc:
                writer.write(frame(encode(Error(id=0, code="hello", message=
                                                f"who you are cannot be told ({exc})"))))
                return
            client = Client(account, writer)
            if len(self.clients) >= MAX_CONNECTIONS:
                await client.reply(Error(id=0, code="full", message=
                                         f"the server has {MAX_CONNECTIONS} connections, its "
                                         f"most; try again later"))
                return
            if sum(1 for c in self.clients if c.account == account) >= \
                    MAX_CONNECTIONS_PER_ACCOUNT:
                await client.reply(Error(id=0, code="full", message=
                                         f"{account} has {MAX_CONNECTIONS_PER_ACCOUNT} "
                                         f"connections open, the most for one account"))
                return
            self.clients.add(client)
            await self._serve(client, reader)
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass
        except Exception:  # never expected: a bug in the server; the connection goes, not us
            log("a connection failed:\n" + traceback.format_exc())
        finally:
            self._handlers.discard(task)
            if client is not None:
                self._forget(client)
            try:
                writer.close()
            except Exception:
                pass

    async def _serve(self, client: Client, reader: asyncio.StreamReader) -> None:
        while not self.stopping:
            try:
                data = await read_frame(reader, timeout=FRAME_TIMEOUT)
            except FrameError as exc:  # the stream is lost: say why and hang up
                await client.reply(Error(id=0, code="frame", message=str(exc)))
                return
            if data is None:
                return
            started, cpu = time.perf_counter(), time.thread_time()
            try:
                reply, hang_up = await self._answer(client, data)
            except Refusal as refusal:
                reply, hang_up = self._error(client, request_id(data), refusal), False
                if refusal.code == "server" and refusal.__cause__ is not None:  # a bug: say
                    log(f"{refusal.message}:\n" + "".join(
                        traceback.format_exception(refusal.__cause__)))
            except Exception as exc:
                log("a request failed:\n" + traceback.format_exc())
                reply = Error(id=request_id(data), code="server",
                              message=f"the server failed on this request ({type(exc).__name__}:"
                                      f" {exc}); nothing was changed")
                hang_up = False
            client.send(reply)
            if isinstance(reply, Accepted):
                self.timings.add(time.perf_counter() - started, time.thread_time() - cpu)
            await client.drain()
            if hang_up:
                return

    def _forget(self, client: Client) -> None:
        self.clients.discard(client)
        for game_id in list(client.watching):
            self._unwatch(client, game_id)

    def _unwatch(self, client: Client, game_id: int) -> None:
        """`client` no longer watches the game; a finished game nobody watches leaves memory
        (it is rebuilt from the store if opened or downloaded again)."""
        client.watching.pop(game_id, None)
        client.forget_logs(game_id)
        watchers = self.watchers.get(game_id)
        if watchers is not None:
            watchers.discard(client)
            if not watchers:
                del self.watchers[game_id]
        game = self.lobby.games.get(game_id)
        if game is not None and game.row.status == OVER and game_id not in self.watchers:
            game.match = None

    def _error(self, client: Client, rid: int, refusal: Refusal) -> Error:
        game = refusal.game
        if game is None or refusal.views is None:
            return Error(id=rid, code=refusal.code, message=refusal.message,
                         game_id=game.id if game is not None else None,
                         number=game.number if game is not None else None)
        only = client.watching.get(game.id)
        log_from, views = client.trim(game.id, {role: view for role, view in
                                                refusal.views.items()
                                                if only is None or role in only})
        return Error(id=rid, code=refusal.code, message=refusal.message, game_id=game.id,
                     number=game.number, views=views, info=client.info(game),
                     log_from=log_from)

    # --- requests ------------------------------------------------------------------------

    async def _answer(self, client: Client, data: bytes) -> tuple[Any, bool]:
        """The reply to one frame, and whether to hang up after it."""
        try:
            request = decode_request(data)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            return Error(id=request_id(data), code="message",
                         message=f"not a request: {_short(exc)}"), False
        rid = request.id
        if isinstance(request, Hello):
            if client.greeted:
                return Error(id=rid, code="hello", message="hello was already said"), False
            if request.version != VERSION:
                return Error(id=rid, code="version", message=
                             f"this server speaks protocol version {VERSION}, the client "
                             f"{request.version}: install the same Muster for both"), True
            client.greeted = True
            return Welcome(id=rid, version=VERSION, account=client.account,
                           server_account=self.account, max_frame=MAX_FRAME), False
        if not client.greeted:
            return Error(id=rid, code="hello", message="say hello first"), False
        account, lobby = client.account, self.lobby
        if isinstance(request, ListGames):
            mine, others = lobby.listing(account)
            return Games(id=rid, games=mine, open=others), False
        if isinstance(request, OpenGame):
            game = lobby.game_of(account, request.game_id)
            await self._rebuilt(game)
            lobby.loaded(game)
            if request.game_id not in client.watching and len(client.watching) >= MAX_WATCHED:
                raise Refusal("full", f"one connection watches at most {MAX_WATCHED} games")
            only = None if request.roles is None else frozenset(request.roles)
            if only is not None:
                for role in sorted(only):
                    lobby.seat_of(account, game, role)
            client.watching[game.id] = only
            self.watchers.setdefault(game.id, set()).add(client)
            views = client.views(game)
            client.forget_logs(game.id)
            client.trim(game.id, views)  # whole logs now; from now on only what is new
            return Opened(id=rid, info=client.info(game), number=game.number,
                          views=views), False
        if isinstance(request, CloseGame):
            game = lobby.game_of(account, request.game_id, seated=False)
            self._unwatch(client, game.id)
            return Done(id=rid), False
        if isinstance(request, Act):
            change = lobby.act(account, request.game_id, request.role, request.action,
                               request.at)
            return self._accepted(client, rid, change), False
        if isinstance(request, Undo):
            change = lobby.undo(account, request.game_id, request.role, request.at)
            return self._accepted(client, rid, change), False
        if isinstance(request, CreateGame):
            game = lobby.create(account, request.game, request.scenario, dict(request.options),
                                request.seed, dict(request.seats))
            log(f"game {game.id} ({game.row.game}) created by {account}")
            self._kick_computer(game)
            return GameReply(id=rid, info=game.info(account)), False
        if isinstance(request, JoinGame):
            game = lobby.join(account, request.game_id, request.role)
            self._push(Change(game, request.role, []), client)
            return GameReply(id=rid, info=game.info(account)), False
        if isinstance(request, Upload):
            match = await asyncio.to_thread(load_save, request.save, request.name)
            game = lobby.upload(account, match, dict(request.seats), request.name)
            log(f"game {game.id} ({game.row.game}) uploaded by {account}")
            self._kick_computer(game)
            return GameReply(id=rid, info=game.info(account)), False
        if isinstance(request, Download):
            await self._rebuilt(lobby.game_of(account, request.game_id))
            name, save = lobby.download(account, request.game_id)
            return SaveData(id=rid, name=name, data=save), False
        raise AssertionError(f"unhandled request {type(request).__name__}")  # pragma: no cover

    async def _rebuilt(self, game: OnlineGame) -> None:
        """A finished game not rebuilt since the start, rebuilt in a worker thread (a long
        game's replay takes seconds: not on the loop)."""
        if game.match is not None or game.row.status != OVER:
            return
        history = self.store.history(game.id)
        try:
            match = await asyncio.to_thread(replay, game, history)
        except Exception as exc:  # IllegalAction or a rules failure: it cannot be rebuilt
            self.lobby.damaged(game, exc)
            return
        if game.match is None:
            self.lobby.adopt(game, match)

    def _accepted(self, client: Client, rid: int, change: Change) -> Accepted:
        game = change.game
        self._push(change, client)
        log_from, views = client.trim(game.id, client.views(game))
        return Accepted(id=rid, info=client.info(game), number=game.number,
                        views=views, log_from=log_from)

    # --- pushes and the computer ---------------------------------------------------------

    def _push(self, change: Change, origin: Client | None) -> None:
        """Tell every other connection watching the game, then let the computer move."""
        game = change.game
        for client in list(self.watchers.get(game.id, ())):
            if client is origin:
                continue
            log_from, views = client.trim(game.id, client.views(game))
            client.send(Update(game_id=game.id, info=client.info(game),
                               number=game.number, views=views, lines=change.lines,
                               by=change.by, undone=change.undone, log_from=log_from))
        self._kick_computer(game)

    def _kick_computer(self, game: OnlineGame) -> None:
        if self.stopping or game.id in self.thinking or game.computer_to_act() is None:
            return
        self.thinking[game.id] = asyncio.create_task(self._computer_turns(game))

    async def _computer_turns(self, game: OnlineGame) -> None:
        """Play the computer's seats of one game while one is to act (each search in a worker
        process: online.computer)."""
        try:
            while not self.stopping and (role := game.computer_to_act()) is not None:
                match, at = game.match, game.number
                level = seat_text.level(game.seats[role])
                action = await self.searches.choose(match, role, level)
                if self.stopping or game.number != at:
                    continue  # the game moved on (an undo): think again
                try:
                    change = self.lobby.computer_act(game, role, action, at)
                except Refusal as refusal:
                    log(f"game {game.id}: the computer's {action} for {role} was refused "
                        f"({refusal.message})")
                    game.row.note = f"the computer could not play {role}: {refusal.message}"
                    return
                self._push(change, None)
        except (asyncio.CancelledError, Stopped):
            pass
        except Exception as exc:
            log(f"game {game.id}: the computer failed:\n" + traceback.format_exc())
            game.row.note = f"the computer failed to play ({type(exc).__name__}: {exc})"
        finally:
            self.thinking.pop(game.id, None)


def prepare_folder(folder: Path) -> None:
    """The socket's folder: made (0755: any account may reach the socket) if missing; an
    existing one must be a real folder that no other account can replace the socket in."""
    if not folder.exists():
        folder.mkdir(parents=True, mode=0o755)
        os.chmod(folder, 0o755)
    info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise OSError(f"{folder} is not a folder (a link or a file): the socket cannot go there")
    writable_by_others = info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX
    if info.st_uid not in (os.geteuid(), 0) or writable_by_others:
        raise OSError(f"{folder} belongs to another account or others may write in it, so the "
                      f"socket there could be replaced: remove it, or choose --socket PATH")


async def _clear_stale_socket(path: Path) -> None:
    """Remove a socket left by a server that is gone (kill -9); refuse if one still listens."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(info.st_mode):
        raise OSError(f"{path} exists and is not a socket")
    try:
        _reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(str(path)), 2)
    except (ConnectionRefusedError, FileNotFoundError, asyncio.TimeoutError, OSError):
        os.unlink(path)
        return
    writer.close()
    raise OSError(f"a Muster server already listens at {path}")


def _common_start(old: list[str], new: list[str]) -> int:
    """How many first lines two logs share (the same line objects, mostly: a fast compare)."""
    n = min(len(old), len(new))
    if old[:n] == new[:n]:
        return n
    low, high = 0, n  # old[:low] == new[:low] holds, old[:high] == new[:high] does not
    while high - low > 1:
        middle = (low + high) // 2
        if old[:middle] == new[:middle]:
            low = middle
        else:
            high = middle
    return low


def _short(exc: Exception) -> str:
    return " ".join(str(exc).split())[:300]


# --- the command -----------------------------------------------------------------------


def build_parser(prog: str = "muster serve") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=command.DESCRIPTION,
                                     epilog=command.EPILOG)
    command.add_arguments(parser)
    return parser


async def serve(socket_path: str | None = None, db: str | None = None,
                identify: Identify | None = None,
                account_exists: Callable[[str], bool] | None = None) -> int:
    """Run until SIGTERM or SIGINT; 0 after a clean stop, 1 if it cannot start. (`identify`
    and `account_exists` as for `Server.start`: the product passes neither.)"""
    started = time.perf_counter()
    try:
        server = await Server.start(socket_path, db, identify, account_exists)
    except (StoreError, OSError) as exc:
        log(f"cannot start: {exc}")
        return 1
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, GC_FULL_AFTER)
    games = server.lobby.games.values()
    running = sum(1 for g in games if g.row.status in ("waiting", "playing"))
    say(f"muster serve: listening on {server.path} as {server.account} "
        f"(protocol {VERSION}); games in {server.store.path}: {len(games)}, {running} "
        f"unfinished, reopened in {time.perf_counter() - started:.1f} s")
    await stop.wait()
    await server.close()
    log(server.timings.summary())
    say("muster serve: stopped")
    return 0


def run(socket_path: str | None = None, db: str | None = None) -> int:
    return asyncio.run(serve(socket_path, db))


def main(argv: list[str] | None = None) -> int:
    args = build_parser("python -m online.server").parse_args(argv)
    return run(args.socket, args.db)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
