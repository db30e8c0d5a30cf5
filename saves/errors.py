"""The one exception the saves package raises: `SaveError`, one sentence naming the file."""
from __future__ import annotations

import os
from pathlib import Path


class SaveError(Exception):
    """A save that cannot be read or written.

    `str(error)` is one sentence a player can act on, naming the file and the problem:
    ``game.muster: the file is truncated, corrupted or not a Muster save.``
    `error.path` is the file, `error.problem` the sentence without the file name.
    """

    def __init__(self, path: str | os.PathLike[str] | None, problem: str) -> None:
        self.path = Path(path) if path is not None else None
        self.problem = _sentence(problem)
        name = self.path.name if self.path is not None and self.path.name else str(path or "save")
        super().__init__(f"{name}: {self.problem}")

    def __reduce__(self):  # keep pickling (multiprocessing, pytest-xdist) working
        return (type(self), (self.path, self.problem))


def _sentence(text: str) -> str:
    """One line, ending with exactly one full stop."""
    text = " ".join(str(text).split()).rstrip(" .")
    return (text or "the save cannot be used") + "."
