"""Who is who, as the host says: the OS account of the process at the other end of a
connection, from the socket's peer credentials (SO_PEERCRED), named by the password database.
(Where the server listens and keeps its games: online/paths.py.)"""
from __future__ import annotations

import os
import pwd
import re
import socket
import struct

_CRED = struct.Struct("3i")       # struct ucred: pid, uid, gid
# POSIX portable user names (plus the $ of machine accounts), as useradd accepts them
_ACCOUNT = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,31}\$?")


def peer_uid(sock: socket.socket) -> int:
    """The uid of the process at the other end of a connected UNIX socket."""
    data = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _CRED.size)
    _pid, uid, _gid = _CRED.unpack(data)
    return uid


def account_of_uid(uid: int) -> str:
    """The account name of `uid` (its number when the password database has none)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"


def peer_account(sock: socket.socket) -> str:
    """The account of the process at the other end: who a connection is (the product path)."""
    return account_of_uid(peer_uid(sock))


def own_account() -> str:
    """The account this process runs as."""
    return account_of_uid(os.geteuid())


def account_exists(name: str) -> bool:
    """Whether the host has an account called `name`."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def valid_account_name(name: str) -> bool:
    """Whether `name` is written as an account name may be (not whether it exists)."""
    return bool(_ACCOUNT.fullmatch(name))
