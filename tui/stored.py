"""A continued game as its save's preview shows it: the game screen's first frame, drawn before
the rules are loaded (issue 17, "draw the first frame before anything not on it").

    stored = stored_match(info)     # from the listing's SaveInfo; None: no usable preview
    GameScreen(stored)              # draws the preview's views; right after its first frame
                                    # it loads the game itself (session.load) and goes live

`muster continue` used to import the game's rules and decode its history and state before
the app could draw; with a preview (saves/preview.py: the views of every role, written with
every save) the screen draws the same first frame from the save's header and views alone. A
`StoredMatch` answers what the first frame reads (the Playable protocol, tui/playable.py) and
nothing else: it cannot act, undo, be saved or searched, and the screen takes no key until the
live game has replaced it (`GameScreen.go_live`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from core.engine import Header, IllegalAction
from core.registry import load_board
from saves.preview import decoded, read_start
from tui.computer import COMPUTER


class StoredRules:
    """The rules' face for the first frame: the game's id, its title and its board (read
    from maps/ through the registry, without the rules)."""

    def __init__(self, game: str, title: str) -> None:
        self.id = game
        self.title = title

    def board(self) -> Any:
        return load_board(self.id)


class StoredMatch:
    """A Playable read from a save's preview (see the module's docstring)."""

    COMPUTER: ClassVar[str] = COMPUTER
    stored = True  # the screen loads the live game after the first frame

    def __init__(self, start: Any, preview: Any, path: Path) -> None:
        self.header = Header(game=start.game, rules_version=start.rules_version,
                             scenario=start.scenario, options=dict(start.options),
                             seed=start.seed)
        self.rules = StoredRules(start.game, preview.title)
        self.save_path = path
        self.players = dict(start.players)
        self.computer_levels = {role: level for role, level in start.computer_levels.items()
                                if self.players.get(role) == COMPUTER}
        self._preview = preview
        self._roles = [role for role in preview.views if role]
        self.history = [preview.last] if preview.last is not None else []

    @property
    def roles(self) -> list[str]:
        return list(self._roles)

    @property
    def active(self) -> list[str]:
        return list(self._preview.active)

    @property
    def result(self) -> str | None:
        return self._preview.result

    @property
    def hidden_info(self) -> bool:
        return self._preview.hidden_info

    def player_of(self, role: str) -> str:
        if role not in self._roles:
            raise ValueError(f"unknown role {role!r} (roles: {', '.join(self._roles)})")
        return self.players.get(role, role)

    def roles_of(self, player: str) -> list[str]:
        return [role for role in self._roles if self.player_of(role) == player]

    def view(self, role: str | None) -> Any:
        return self._preview.views[role or ""]

    def act(self, role: str, action: Any) -> None:
        raise IllegalAction("the game is still being loaded")

    def undo(self) -> None:
        raise IllegalAction("the game is still being loaded")


def stored_match(info: Any) -> StoredMatch | None:
    """The StoredMatch of the save the listing's `info` names, or None when it has no usable
    preview (an older save, a damaged preview, or a file that no longer reads)."""
    try:
        start = read_start(info.path)
    except Exception:  # SaveError: the full load says what is wrong
        return None
    preview = decoded(start)
    if preview is None or any(role not in start.players for role in preview.views if role):
        return None
    return StoredMatch(start, preview, Path(info.path))
