"""Game id -> Rules object. Only games that can be played start to finish are listed."""
from __future__ import annotations

from functools import cache
from importlib import import_module

from core.engine import Rules

# id -> "module:attribute" of its Rules object (imported on first use, so start-up stays fast)
_GAMES: dict[str, str] = {
    "a-house-divided": "core.ahd.rules:RULES",
    "washingtons-war": "core.ww.rules:RULES",
    "gettysburg-1863": "core.gettysburg.rules:RULES",
    "wellington": "core.wellington.rules:RULES",
}


def game_ids() -> list[str]:
    """The ids of every playable game."""
    return list(_GAMES)


@cache
def get_rules(game_id: str) -> Rules:
    """The Rules object of a game; KeyError names the known ids."""
    if game_id not in _GAMES:
        known = ", ".join(game_ids())
        raise KeyError(f"unknown game {game_id!r}; known games: {known}")
    module, attribute = _GAMES[game_id].split(":")
    return getattr(import_module(module), attribute)
