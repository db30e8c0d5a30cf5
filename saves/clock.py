"""The wall clock, in one place so tests can set it (core/ never reads the clock)."""
from __future__ import annotations

from datetime import datetime, timezone


def utc_now() -> datetime:
    """Now, as an aware UTC datetime (what `created` / `updated` record)."""
    return datetime.now(timezone.utc)
