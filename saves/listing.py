"""What is in the saves folder: `list_saves` (newest first, damaged files included, each with
its error) and `latest_save` (what "Continue" opens). Needs no game's rules."""
from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from core import registry
from saves import format, store
from saves.errors import SaveError
from saves.locations import saves_dir


@dataclass(frozen=True)
class SaveInfo:
    """One file of the saves folder.

    A readable save has `summary` (one line), `game`, `scenario`, `created` and `error` None;
    a damaged one has `error` (the SaveError sentence) and `summary` None. `updated` is when the
    game was last saved (a damaged file: when the file was last modified), aware UTC.
    """

    path: Path
    updated: datetime
    summary: str | None = None
    error: str | None = None
    game: str | None = None
    scenario: str | None = None
    created: datetime | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def read_info(path: str | os.PathLike[str]) -> SaveInfo:
    """The listing entry of one file; never raises."""
    path = Path(path)
    try:
        header = format.decode(store.read_bytes(path), path, format.SaveHeader)
        if header.game not in registry.game_ids():
            raise SaveError(path, f"the save is a game of {header.game!r}, which this Muster "
                                  f"cannot play")
    except Exception as exc:  # SaveError, or anything unforeseen: list it, never stop
        error = str(exc) if isinstance(exc, SaveError) else str(
            SaveError(path, f"the save cannot be read ({type(exc).__name__}: {exc})"))
        return SaveInfo(path=path, updated=_modified(path), error=error)
    return SaveInfo(path=path, updated=_utc(header.updated), summary=header.summary,
                    game=header.game, scenario=header.scenario, created=_utc(header.created))


def list_saves(folder: str | os.PathLike[str] | None = None) -> list[SaveInfo]:
    """Every `*.muster` file in saves_dir() (or `folder`), newest first."""
    found = [read_info(path) for path in store.save_files(Path(folder) if folder else saves_dir())]
    return sorted(found, key=lambda info: (info.updated, info.path.name), reverse=True)


def latest_save(folder: str | os.PathLike[str] | None = None) -> Path | None:
    """The most recently saved readable game (what "Continue" opens), or None."""
    return next((info.path for info in list_saves(folder) if info.ok), None)


def _utc(moment: datetime) -> datetime:
    # a hand-edited save may lack the offset: read it as UTC, as Muster writes it
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment


def _modified(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    except OSError:
        return datetime.fromtimestamp(0, timezone.utc)
