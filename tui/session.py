"""The UI's door to games and saves: starting matches, autosaving, loading, listing.

Everything is imported lazily, so `muster --help` and `muster list` stay instant and no game
module is imported before a game is needed.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tui import computer

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
              players: dict[str, str] | None = None,
              levels: dict[str, str] | None = None) -> Any:
    """A new Match. KeyError: unknown game; ValueError: bad scenario, preset, option, player
    or level.

    A preset's options come first; `options` override them one by one. `players`: role ->
    name or "computer" (roles not named are each played by a player of their own name).
    `levels`: role -> easy / normal / hard for the roles the computer plays (default
    normal), kept in `match.computer_levels` and in the saves."""
    from core.engine import Match, preset_options

    rules = get_rules(game_id)
    chosen = preset_options(rules, preset) if preset else {}
    chosen.update(options or {})
    for level in (levels or {}).values():
        computer.check_level(level)
    match = Match.new(rules, seed=random_seed() if seed is None else seed, scenario=scenario,
                      options=chosen, players=players)
    # one person per seat (Wellington's players=2 with no names: two people, not four)
    match.players = Match.seated(rules, match.header.scenario, dict(match.header.options),
                                 match.players)
    computer.set_levels(match, levels)
    return match


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


def resume(preview: bool = False) -> tuple[Any, Any, list[tuple[Any, str]]]:
    """What Continue opens: (match or None, its SaveInfo or None, the damaged saves newer
    than it as (SaveInfo, SaveError sentence), newest first).

    A file the listing already calls damaged is skipped; so is one whose header reads but
    whose game does not load (the load's SaveError is its sentence). `preview`: the newest
    save with a usable preview is opened as a StoredMatch (tui/stored.py: the game screen
    draws it, then loads the game itself, and skips it as here if it does not load)."""
    damaged: list[tuple[Any, str]] = []
    for info in listing():
        if info.error is not None:
            damaged.append((info, info.error))
            continue
        if preview:
            from tui.stored import stored_match

            stored = stored_match(info)
            if stored is not None:
                return stored, info, damaged
        try:
            return load(info.path), info, damaged
        except Exception as exc:  # SaveError: one sentence naming the file and the problem
            damaged.append((info, str(exc)))
    return None, None, damaged


def when(info: Any) -> str:
    """When a save was last written, local time, to the minute."""
    try:
        return info.updated.astimezone().strftime("%Y-%m-%d %H:%M")
    except Exception:
        return "????-??-?? ??:??"


def _reason(info: Any, error: str) -> str:
    """The SaveError sentence without the file name in front and the full stop at the end."""
    prefix = f"{info.path.name}: "
    text = error[len(prefix):] if error.startswith(prefix) else error
    return text.rstrip(" .")


def damaged_notice(damaged: list[tuple[Any, str]], opened: Any = None) -> str | None:
    """One line saying that Continue skipped damaged saves and what it opens instead
    (`opened`: the SaveInfo of the save it opens; None: nothing to open). None if nothing
    was skipped."""
    if not damaged:
        return None
    info, error = damaged[0]
    text = f"the newest save {info.path.name} is damaged ({_reason(info, error)})"
    if len(damaged) > 1:
        more = len(damaged) - 1
        text += f", as {'is' if more == 1 else 'are'} {more} other recent save{'s' * (more > 1)}"
    if opened is None:
        return text + "; there is no other save to continue"
    return f"{text}; continuing {opened.summary or opened.path.name} (saved {when(opened)}) instead"


def delete(path: str | os.PathLike[str]) -> None:
    """Delete one save file (and nothing else). OSError if it cannot be deleted; a file
    already gone is not an error."""
    Path(path).unlink(missing_ok=True)


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
