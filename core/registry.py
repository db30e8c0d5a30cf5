"""Game id -> Rules object, and its board without the rules. Only games that can be played
start to finish are listed."""
from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from core.engine import Rules

# id -> "module:attribute" of its Rules object (imported on first use, so start-up stays fast)
_GAMES: dict[str, str] = {
    "a-house-divided": "core.ahd.rules:RULES",
    "washingtons-war": "core.ww.rules:RULES",
    "gettysburg-1863": "core.gettysburg.rules:RULES",
    "wellington": "core.wellington.rules:RULES",
}

# id -> the maps module of its board (the `load()` its Rules' `board()` returns): a continued
# game's first frame is drawn before the rules are imported (saves/preview.py, tui/stored.py)
_BOARDS: dict[str, str] = {
    "a-house-divided": "maps.a_house_divided",
    "washingtons-war": "maps.washingtons_war",
    "gettysburg-1863": "maps.gettysburg",
    "wellington": "maps.wellington",
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


def load_board(game_id: str) -> Any:
    """The board of a game, the same object its Rules' `board()` returns, read without
    importing the rules; KeyError names the known ids."""
    if game_id not in _BOARDS:
        known = ", ".join(game_ids())
        raise KeyError(f"unknown game {game_id!r}; known games: {known}")
    return import_module(_BOARDS[game_id]).load()
