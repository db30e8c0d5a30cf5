"""A persistent cache of validated boards, so a game opens without parsing its TOML again.

    board = cached(MAP_PATH, load_path, code=(Path(__file__), Path(board_module.__file__)))

Parsing and checking A House Divided's board costs ~100 ms; reading it back from the cache a
few ms (issue 7 part 10, start-up). The cache file is named by a checksum of the board file's bytes,
of the loader's source files (`code`: a changed check or default gives a new key) and of the
Python version, and lives in `$MUSTER_HOME/cache` when MUSTER_HOME is set, else in the
platform's per-user cache folder (`platformdirs.user_cache_dir("muster")`).

The cache never decides anything: a missing, unreadable, corrupt or foreign cache file, or one
that cannot be written, only means the board is parsed and checked as without a cache. A board
file that fails its checks raises as before and is never cached. The file is a pickle written
by this process's user into that user's own folder; `MUSTER_BOARD_CACHE=0` turns the cache off.
"""
from __future__ import annotations

import os
import pickle
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

SUFFIX = ".boardcache"


def cache_dir() -> Path:
    """The folder of cached boards (not created)."""
    home = os.environ.get("MUSTER_HOME", "").strip()
    if home:
        return Path(home).expanduser() / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("muster"))


def enabled() -> bool:
    return os.environ.get("MUSTER_BOARD_CACHE", "").strip() != "0"


def checksum(parts: Iterable[bytes]) -> str:
    """A key for what `parts` hold: CRC-32 and Adler-32 over them, and their total length. It
    only tells one version of our own files from another (the cache is the user's own, never
    trusted across users), so zlib's checksums do; hashlib would load OpenSSL's library,
    ~3 ms of every start (bench/startup.py)."""
    crc, adler, total = 0, 1, 0
    for part in parts:
        crc, adler, total = zlib.crc32(part, crc), zlib.adler32(part, adler), total + len(part)
    return f"{crc:08x}{adler:08x}{total:x}"


def _sources(code: Iterable[Path]) -> Iterable[bytes]:
    """Each file's length, then its bytes (OSError if one cannot be read)."""
    for file in code:
        data = Path(file).read_bytes()
        yield len(data).to_bytes(8, "big")
        yield data


def cache_key(path: Path, code: Iterable[Path]) -> str:
    """A checksum of the board file, the loader's sources and the Python version (OSError if
    one of the files cannot be read)."""
    return checksum([sys.version.encode(), str(pickle.HIGHEST_PROTOCOL).encode(),
                     *_sources((path, *code))])


def cache_file(path: Path, key: str) -> Path:
    return cache_dir() / f"{path.stem}-{key}{SUFFIX}"


def cached(path: str | Path, build: Callable[[Path], T], *, code: Iterable[Path],
           kind: type | None = None) -> T:
    """`build(path)`, or the same result read from the cache. `kind`: the type the result must
    have (a cached object of another type is ignored)."""
    path = Path(path)
    if not enabled():
        return build(path)
    try:
        key = cache_key(path, code)
    except OSError:
        return build(path)  # the build reports a missing or unreadable board file
    file = cache_file(path, key)
    board = _read(file, kind)
    if board is not None:
        if hasattr(board, "path"):
            board.path = path  # where the board file is now (the cache may have been moved)
        return board
    board = build(path)
    _write(file, board, path.stem)
    return board


def cache_digest(value: object, code: Iterable[Path]) -> str | None:
    """A key for `cached_object`: a checksum of `value` pickled, of the source files that
    build from it (`code`) and of the Python version; None if it cannot be made."""
    try:
        return checksum([sys.version.encode(),
                         pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), *_sources(code)])
    except Exception:  # an unpicklable value or an unreadable source: no key, no cache
        return None


def cached_object(stem: str, key: str, build: Callable[[], T]) -> T:
    """`build()`, or what it built before under the same `stem` and `key`, read back from the
    cache folder (the same folder and rules as the boards': any failure means building it).
    The map canvas keeps its layout this way (tui/mapcanvas.py)."""
    if not enabled():
        return build()
    file = cache_dir() / f"{stem}-{key}{SUFFIX}"
    found = _read(file, None)
    if found is not None:
        return found  # type: ignore[return-value]
    value = build()
    _write(file, value, stem)
    return value


def _read(file: Path, kind: type | None) -> object | None:
    try:
        with open(file, "rb") as stream:
            board = pickle.load(stream)
    except Exception:  # absent, unreadable, truncated, from another version: parse instead
        return None
    if kind is not None and not isinstance(board, kind):
        return None
    return board


def _write(file: Path, board: object, stem: str) -> None:
    """Write atomically (a reader never sees half a file); drop older caches of the same board.
    Any failure leaves no cache and is otherwise ignored."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        data = pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL)
        fd, tmp = tempfile.mkstemp(prefix=file.stem, suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)
            os.replace(tmp, file)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        for old in file.parent.glob(f"{stem}-*{SUFFIX}"):
            if old != file and old.name[len(stem) + 1:-len(SUFFIX)].isalnum():
                old.unlink(missing_ok=True)
    except Exception:
        return
