"""A real Muster server for tests, with accounts named by the test (the server's injected
`identify`), never by the product: each client socket is bound to an abstract UNIX address
that carries its account's name, and the server reads it back as the connection's peer name.

    server = await start_server(tmp_path)                 # socket and database in tmp_path
    alice = await connect(server, "alice")                # a Connection as account alice
    ...
    await server.close()
"""
from __future__ import annotations

import os
import socket
import uuid
from pathlib import Path

from online.client import Connection
from online.server import Server

PREFIX = "\0muster-test/"


def identify_test_connection(sock) -> str:
    """The account a test connection named itself (its abstract address)."""
    name = sock.getpeername()
    if isinstance(name, bytes):
        name = name.decode()
    if not name.startswith(PREFIX):
        raise ValueError("not a test connection")
    return name[len(PREFIX):].split("/")[0]


async def start_server(folder: Path, db: Path | None = None) -> Server:
    return await Server.start(folder / "server.sock", db or folder / "games.sqlite3",
                              identify=identify_test_connection, account_exists=lambda name: True)


def socket_as(account: str, path: os.PathLike[str] | str) -> socket.socket:
    """A socket connected to `path` whose test identity is `account`."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(f"{PREFIX}{account}/{uuid.uuid4().hex}")
    sock.connect(str(path))
    sock.setblocking(False)
    return sock


async def connect(server_or_path, account: str) -> Connection:
    path = getattr(server_or_path, "path", server_or_path)
    return await Connection.open(path, sock=socket_as(account, path))
