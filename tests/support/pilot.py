"""Waiting in Textual pilot tests on a state rather than on a guessed time: keys posted in a
burst, the computer's thread and the screens' grace periods all run in the app's own time,
which a loaded machine stretches beyond any fixed pause."""
from __future__ import annotations

import time
from typing import Any, Callable


async def until(pilot: Any, condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the app"
        await pilot.pause(0.02)
