"""The online protocol: every message as a msgspec Struct, and the frames that carry them.

A frame is a 4-byte big-endian length followed by that many bytes of msgpack (msgspec), one
message per frame, at most MAX_FRAME bytes. A message is a map whose "kind" field names its
type (a msgspec tagged union). The client speaks first with `Hello`; every request carries an
`id` of the client's choosing that the server echoes in its reply (`Error` included); pushes
(`Update`) carry no id. See docs/online.md for the whole exchange.

    await write_frame(writer, encode(Hello(id=1, version=VERSION)))
    reply = decode_reply(await read_frame(reader))

`number` (a game's action number) counts every change of a game: each accepted action and each
undo adds one, so a number is never reused and an act chosen at an old number is refused.
"""
from __future__ import annotations

import asyncio
import struct
from typing import Annotated, Any, Union

import msgspec

from core.engine import Action, View

VERSION = 1                       # the protocol version, sent in Hello and Welcome
MAX_FRAME = 16 * 1024 * 1024      # bytes of one message, either way (a view, an upload)
HEADER = struct.Struct(">I")      # the length in front of each message
MAX_ROLES = 64                    # roles named in one request (a game has a handful)

RequestId = Annotated[int, msgspec.Meta(ge=0, le=2 ** 63 - 1)]
GameId = Annotated[int, msgspec.Meta(ge=1, le=2 ** 63 - 1)]
Number = Annotated[int, msgspec.Meta(ge=0, le=2 ** 63 - 1)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2 ** 63 - 1)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
OptionValue = Union[bool, int, str]

# seats: what a role is played by, as a string
OPEN = "open"                     # anyone's: the first account to join takes it
COMPUTER = "computer"             # "computer" or "computer:LEVEL" (easy / normal / hard)
ACCOUNT = "account:"              # an account, when its name would read as one of the above


class FrameError(Exception):
    """A frame that cannot be read: over MAX_FRAME, or cut short. The stream cannot go on."""


class Message(msgspec.Struct, kw_only=True, tag_field="kind"):
    """Every message: a msgpack map whose "kind" names its type."""


# --- requests (client -> server) ---------------------------------------------------------


class Hello(Message, tag="hello", kw_only=True):
    id: RequestId = 0
    version: int
    program: str = ""             # the client's name and version, for the server's log


class ListGames(Message, tag="list", kw_only=True):
    id: RequestId = 0


class CreateGame(Message, tag="create", kw_only=True):
    id: RequestId = 0
    game: Name                    # a game id: washingtons-war, a-house-divided...
    scenario: Name | None = None  # None: the game's first
    options: dict[Name, OptionValue] = {}
    seed: Seed | None = None      # None: the server picks one (and nobody ever sees it)
    seats: dict[Name, Name] = {}  # role -> account | "computer[:LEVEL]" | "open"


class JoinGame(Message, tag="join", kw_only=True):
    id: RequestId = 0
    game_id: GameId
    role: Name                    # an open seat


class OpenGame(Message, tag="open", kw_only=True):
    """Watch a game: the reply has its views, and every later change is pushed (`Update`).
    `roles`: only these of the account's roles (their views alone are sent on this
    connection, so a player holding two seats may follow each from its own terminal); None:
    every role the account holds, now and after a join."""
    id: RequestId = 0
    game_id: GameId
    roles: Annotated[list[Name], msgspec.Meta(max_length=MAX_ROLES)] | None = None


class CloseGame(Message, tag="close", kw_only=True):
    """Stop watching a game (the game itself goes on)."""
    id: RequestId = 0
    game_id: GameId


class Act(Message, tag="act", kw_only=True):
    id: RequestId = 0
    game_id: GameId
    role: Name
    action: Action
    at: Number                    # the game's number when the action was chosen


class Undo(Message, tag="undo", kw_only=True):
    id: RequestId = 0
    game_id: GameId
    role: Name
    at: Number


class Upload(Message, tag="upload", kw_only=True):
    """A hotseat save (its file's bytes) to continue online; every role's seat named."""
    id: RequestId = 0
    save: bytes
    seats: dict[Name, Name] = {}
    name: str = ""                # the file's name, for messages


class Download(Message, tag="download", kw_only=True):
    """A finished game as an ordinary save file (refused before the end: a save holds the
    seed)."""
    id: RequestId = 0
    game_id: GameId


Request = Union[Hello, ListGames, CreateGame, JoinGame, OpenGame, CloseGame, Act, Undo,
                Upload, Download]


# --- replies and pushes (server -> client) -----------------------------------------------


class GameInfo(msgspec.Struct, kw_only=True):
    """A game as the asking account may know it (nothing hidden: no seed, no hands)."""
    game_id: int
    game: str                     # the game's id
    title: str                    # "Washington's War"
    scenario: str
    options: dict[str, Any]
    seats: dict[str, str]         # role -> account | "computer:LEVEL" | "open", in role order
    status: str                   # "waiting" (open seats), "playing", "over", "damaged"
    number: int
    active: list[str]             # the roles to act now
    deciding: str                 # what is being decided: the prompt of the asking account's
                                  # first role (the public one if it has none), or the result
    result: str | None
    yours: list[str]              # the asking account's roles
    to_act: bool                  # one of them is to act now
    seed_given: bool              # the creator chose the seed (so the creator knows it)
    created: str                  # UTC, ISO 8601
    updated: str
    note: str = ""                # why a game is damaged


class Welcome(Message, tag="welcome", kw_only=True):
    id: int
    version: int
    account: str                  # who the server says you are
    server_account: str           # the account the server runs as
    max_frame: int = MAX_FRAME


class Games(Message, tag="games", kw_only=True):
    id: int
    games: list[GameInfo]         # the caller's games: those waiting on the caller first
    open: list[GameInfo]          # other games with a seat anyone may join


class GameReply(Message, tag="game", kw_only=True):
    """The reply to create, join and upload."""
    id: int
    info: GameInfo


class Opened(Message, tag="opened", kw_only=True):
    id: int
    info: GameInfo
    number: int
    views: dict[str, View]        # the caller's roles' views


class Accepted(Message, tag="accepted", kw_only=True):
    """The reply to an accepted act or undo: the game's new number and the caller's views."""
    id: int
    info: GameInfo
    number: int
    views: dict[str, View]
    log_from: dict[str, int] = {}  # see LOGS


class Done(Message, tag="done", kw_only=True):
    id: int


class SaveData(Message, tag="save", kw_only=True):
    id: int
    name: str                     # a file name for it
    data: bytes                   # an ordinary save file (saves.load_match reads it)


class Error(Message, tag="error", kw_only=True):
    """A refused request, or a message the server could not read; nothing was changed.

    `code` says which kind (see ERROR_CODES); a "stale" act or undo carries the game's number
    now and the caller's fresh views."""
    id: int
    code: str
    message: str                  # one line for a person
    game_id: int | None = None
    number: int | None = None
    views: dict[str, View] | None = None
    info: GameInfo | None = None  # with the views: the game as it stands now
    log_from: dict[str, int] = {}  # see LOGS


class Update(Message, tag="update", kw_only=True):
    """Pushed to every connection watching a game after each change (not to the connection
    that made it: it has its reply)."""
    game_id: int
    info: GameInfo
    number: int
    views: dict[str, View]        # the watcher's roles' views
    lines: list[str]              # the log lines new since the position before (the log is
                                  # public: the same in every role's view)
    by: str | None = None         # the role that acted (or undid)
    undone: bool = False          # the change was an undo
    log_from: dict[str, int] = {}  # see LOGS


LOGS = """A view's log is the game's whole log, which grows with every action, so after the
first view of a role on a connection (`opened`) the server sends only what the client lacks:
`log_from[role] = k` means the first k lines are those of the last view of that role it sent
on this connection (k absent: the log is whole), and `view.log` holds the lines after them.
The client library puts the whole log back together; its views always hold the whole log."""

Reply = Union[Welcome, Games, GameReply, Opened, Accepted, Done, SaveData, Error, Update]

ERROR_CODES = {
    "frame": "a frame over the size limit or cut short",
    "message": "bytes that are not a request of this protocol",
    "version": "a protocol version the server does not speak",
    "hello": "a request before hello, or a second hello",
    "unknown-game": "no such game (or not one the caller may see)",
    "not-yours": "a seat of another account",
    "bad-request": "a request the server refuses (bad game, scenario, option, seat...)",
    "damaged": "a game the server cannot rebuild from its stored actions",
    "waiting": "the game waits for players to take its open seats",
    "stale": "the game moved on since the action was chosen",
    "illegal": "an action the rules refuse now",
    "undo": "nothing the caller may undo",
    "not-over": "a game that is not finished cannot be downloaded",
    "full": "the server's limits (connections, games) are reached",
    "server": "the server failed on this request (a bug; nothing was changed)",
}


# --- encoding and frames -----------------------------------------------------------------

_encoder = msgspec.msgpack.Encoder()
_request_decoder = msgspec.msgpack.Decoder(Request)
_reply_decoder = msgspec.msgpack.Decoder(Reply)


class _Envelope(msgspec.Struct):
    """Just the id of a message that is otherwise unreadable (to answer it)."""
    id: Any = 0


_envelope_decoder = msgspec.msgpack.Decoder(_Envelope)


def encode(message: Any) -> bytes:
    return _encoder.encode(message)


def decode_request(data: bytes) -> Request:
    """The request in `data`; msgspec.DecodeError / ValidationError naming what is wrong."""
    return _request_decoder.decode(data)


def decode_reply(data: bytes) -> Reply:
    return _reply_decoder.decode(data)


def request_id(data: bytes) -> int:
    """The id of an unreadable message, when one can be read out of it; else 0."""
    try:
        value = _envelope_decoder.decode(data).id
    except (msgspec.DecodeError, msgspec.ValidationError):
        return 0
    return value if type(value) is int and 0 <= value < 2 ** 63 else 0


def frame(payload: bytes) -> bytes:
    """The bytes of one frame carrying `payload`."""
    if len(payload) > MAX_FRAME:
        raise FrameError(f"a message of {len(payload)} bytes is over the limit of {MAX_FRAME}")
    return HEADER.pack(len(payload)) + payload


async def read_frame(reader: asyncio.StreamReader, limit: int = MAX_FRAME,
                     timeout: float | None = None) -> bytes | None:
    """The next frame's payload; None at a clean end of the stream (between frames).

    FrameError for a length over `limit`, a stream that ends inside a frame, or (`timeout`)
    a frame whose bytes do not all arrive within `timeout` seconds of its length."""
    try:
        head = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            return None
        raise FrameError(f"the stream ended inside a frame's length "
                         f"({len(exc.partial)} of {HEADER.size} bytes)") from None
    (length,) = HEADER.unpack(head)
    if length > limit:
        raise FrameError(f"a frame of {length} bytes is over the limit of {limit}")
    try:
        if timeout is None:
            return await reader.readexactly(length)
        async with asyncio.timeout(timeout):  # (a timer, not a task per frame as wait_for)
            return await reader.readexactly(length)
    except TimeoutError:
        raise FrameError(f"a frame of {length} bytes did not arrive within {timeout:g} s") \
            from None
    except asyncio.IncompleteReadError as exc:
        raise FrameError(f"the stream ended inside a frame ({len(exc.partial)} of {length} "
                         f"bytes)") from None


async def write_frame(writer: asyncio.StreamWriter, payload: bytes) -> None:
    writer.write(frame(payload))
    await writer.drain()
