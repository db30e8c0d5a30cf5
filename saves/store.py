"""Bytes on disk: atomic writes, reads that fail with SaveError, and finding save files."""
from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import BinaryIO

from saves.errors import SaveError
from saves.locations import SUFFIX


def write_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """Replace `path` with `data` so that no reader, crash or kill ever sees a partial file.

    The bytes go to a temporary file in the same folder (so the rename stays on one file
    system), are flushed and fsync'ed, then `os.replace` swaps them in (atomic on POSIX and
    Windows) and the folder is fsync'ed where the platform allows it, so the rename itself
    survives a power cut. On any failure the temporary file is removed and the old file is
    untouched; a process killed outright leaves at most a hidden `.NAME.*.tmp` beside it,
    which listings ignore.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise SaveError(path, f"the save could not be written ({_reason(exc)})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            _write(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise SaveError(path, f"the save could not be written ({_reason(exc)}); "
                                  f"the previous version is unchanged") from None
        raise
    _fsync_dir(path.parent)
    return path


def _write(handle: BinaryIO, data: bytes) -> None:
    """Write every byte (a separate function so tests can make it fail half-way)."""
    handle.write(data)


def _fsync_dir(folder: Path) -> None:
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:  # Windows cannot open a folder; its os.replace is already durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The whole file, or SaveError saying why it cannot be read."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "there is no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "this is a folder, not a save") from None
    except PermissionError:
        raise SaveError(path, "Muster is not allowed to read this file") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read ({_reason(exc)})") from None


def save_files(folder: Path) -> list[Path]:
    """The `*.muster` files in `folder` (not hidden temporaries, not sub-folders)."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    found = []
    for entry in entries:
        if entry.name.startswith(".") or entry.suffix != SUFFIX:
            continue
        try:
            if entry.is_file():
                found.append(entry)
        except OSError:
            continue
    return sorted(found)


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or str(exc) or type(exc).__name__
