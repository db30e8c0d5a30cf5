"""What the game screen needs of the game it plays: a local `core.engine.Match` (hotseat, the
computer in this process) or a remote game (tui/remote.py: views from a Muster server); for
the first frame of a continued game, the save's preview (tui/stored.py: read-only, replaced by
the Match right after that frame).

    from tui.playable import Playable
    isinstance(match, Playable)   # True for a Match and for a RemoteGame

The screen reads only views (`view(role)`), never a state, so a game whose state lives on a
server slots in beside a local one. A local Match is also searched by the computer, saved and
stepped through in the history; those parts of the screen (tui/screens/game.py) read the
Match's own state and history and are switched off for a remote game
(tui/screens/online_game.py), where the server plays the computer's seats, keeps the game and
decides undo.

`act` and `undo` differ in one way: a Match applies them at once (or raises IllegalAction and
changes nothing); a remote game sends them and learns the outcome later, which the online
screen shows when the server's reply arrives.
"""
from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable


@runtime_checkable
class Playable(Protocol):
    COMPUTER: ClassVar[str]           # the player of a role the computer plays

    rules: Any                        # the game's rules (its board, title and options)
    header: Any                       # game, scenario, options (and a seed when it is known)
    players: dict[str, str]           # role -> who plays it (a name or COMPUTER)

    @property
    def roles(self) -> list[str]: ...

    @property
    def active(self) -> list[str]: ...

    @property
    def result(self) -> str | None: ...

    @property
    def hidden_info(self) -> bool: ...

    def player_of(self, role: str) -> str: ...

    def roles_of(self, player: str) -> list[str]: ...

    def view(self, role: str | None) -> Any: ...

    def act(self, role: str, action: Any) -> None: ...

    def undo(self) -> None: ...
