"""The UI's door to games and saves: starting matches, autosaving, loading, listing.

Everything is imported lazily, so `muster --help` and `muster list` stay instant and no game
module is imported before a game is needed.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

SEED_LIMIT = 1_000_000  # seeds stay short enough to read out and retype


def random_seed() -> int:
    """A fresh seed from os.urandom (shown in the header, so a game can be replayed)."""
    return int.from_bytes(os.urandom(4), "big") % SEED_LIMIT


def game_ids() -> list[str]:
    from core.registry import game_ids as ids

    return ids()


def get_rules(game_id: str) -> Any:
    """The rules of a game; KeyError naming the known games."""
    from core.registry import get_rules as lookup

    return lookup(game_id)


def new_match(game_id: str, scenario: str | None = None, seed: int | None = None,
              options: dict[str, Any] | None = None, preset: str | None = None,
              players: dict[str, str] | None = None) -> Any:
    """A new Match. KeyError: unknown game; ValueError: bad scenario, preset, option or player.

    A preset's options come first; `options` override them one by one. `players`: role ->
    name or "computer" (roles not named are each played by a player of their own name)."""
    from core.engine import Match, preset_options

    rules = get_rules(game_id)
    chosen = preset_options(rules, preset) if preset else {}
    chosen.update(options or {})
    return Match.new(rules, seed=random_seed() if seed is None else seed, scenario=scenario,
                     options=chosen, players=players)


def presets_of(rules: Any) -> list[Any]:
    from core.engine import presets_of as presets

    return presets(rules)


def autosave(match: Any) -> Path:
    from saves import autosave as save

    return save(match)


def load(path: str | os.PathLike[str]) -> Any:
    """The saved Match; saves.SaveError (one sentence) on any problem."""
    from saves import load_match

    return load_match(path)


def latest() -> Path | None:
    from saves import latest_save

    return latest_save()


def listing() -> list[Any]:
    from saves import list_saves

    return list_saves()


def saves_dir() -> Path:
    from saves import saves_dir as folder

    return folder()


def save_error() -> type[Exception]:
    from saves import SaveError

    return SaveError


def board_of(rules: Any) -> tuple[Any, str | None]:
    """(the rules' drawable board or None, why it could not be loaded or None).

    A game without a board gets a plain grid of its locations; so does a game whose board
    fails to load (the error is shown), because the game can still be played from the menu.
    """
    getter = getattr(rules, "board", None)
    if getter is None:
        return None, None
    try:
        return getter(), None
    except Exception as exc:
        return None, f"the board of {getattr(rules, 'title', rules)} could not be loaded: {exc}"
