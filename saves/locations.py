"""Where saves live: `$MUSTER_HOME/saves` when MUSTER_HOME is set, else the platform's
per-user data folder (`platformdirs.user_data_dir("muster")/saves`). Also names new saves."""
from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

from saves import clock

SUFFIX = ".muster"

# names handed out by new_save_path in this process and not yet written (so two calls in the
# same second never return the same name, even before either file exists)
_issued: set[Path] = set()


def muster_home() -> Path:
    """The folder Muster keeps its data in (not created)."""
    home = os.environ.get("MUSTER_HOME", "").strip()
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir("muster"))


def saves_dir() -> Path:
    """The folder of saves, created on demand."""
    folder = muster_home() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_save_path(game_id: str, seed: int | None = None) -> Path:
    """A fresh file name in saves_dir(): `a-house-divided-20261120-153012-s7.muster`.

    The time is local (people read it); `-s7` is the seed when given. If the name is taken
    (or was already handed out by this process) `-2`, `-3`... is appended before the suffix.
    """
    folder = saves_dir()
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", game_id).strip("-") or "game"
    stamp = clock.utc_now().astimezone().strftime("%Y%m%d-%H%M%S")
    base = f"{slug}-{stamp}" + (f"-s{seed}" if seed is not None else "")
    number = 1
    while True:
        candidate = folder / (base + (f"-{number}" if number > 1 else "") + SUFFIX)
        if candidate not in _issued and not candidate.exists():
            _issued.add(candidate)
            return candidate
        number += 1
