"""Who plays a role of an online game, as text: parsed from requests, kept in the store.

Stored (canonical): "account:NAME", "computer:LEVEL" or "open". Shown to players and written
in requests: "NAME" (or "account:NAME" when the name would read as one of the others),
"computer" or "computer:LEVEL", "open".
"""
from __future__ import annotations

from typing import Callable

from core.ai.levels import DEFAULT_LEVEL, LEVELS
from online.host import valid_account_name
from online.protocol import ACCOUNT, COMPUTER, OPEN


def parse(text: str, exists: Callable[[str], bool]) -> str:
    """The stored form of a seat written in a request; ValueError saying what is wrong."""
    text = text.strip()
    if text == OPEN:
        return OPEN
    if text == COMPUTER or text.startswith(COMPUTER + ":"):
        level = text.partition(":")[2] if text != COMPUTER else DEFAULT_LEVEL
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r} (levels: {', '.join(LEVELS)})")
        return f"{COMPUTER}:{level}"
    name = text[len(ACCOUNT):] if text.startswith(ACCOUNT) else text
    if not valid_account_name(name):
        raise ValueError(f"{name!r} is not an account name")
    if not exists(name):
        raise ValueError(f"there is no account {name!r} on this host")
    return ACCOUNT + name


def of_account(name: str) -> str:
    return ACCOUNT + name


def account(seat: str) -> str | None:
    """The account holding a stored seat, or None (computer, open)."""
    return seat[len(ACCOUNT):] if seat.startswith(ACCOUNT) else None


def level(seat: str) -> str | None:
    """The computer's level of a stored seat, or None (an account, open)."""
    return seat.partition(":")[2] if seat.startswith(COMPUTER + ":") else None


def shown(seat: str) -> str:
    """A stored seat as players read it (and may write it back)."""
    name = account(seat)
    if name is None:
        return seat
    if name == OPEN or name == COMPUTER or name.startswith(COMPUTER + ":"):
        return seat
    return name


def player(seat: str, role: str) -> str:
    """The seat as `Match.players` names it: the account, "computer", or (open) the role."""
    name = account(seat)
    if name is not None:
        return name
    return COMPUTER if level(seat) is not None else role
