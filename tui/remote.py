"""An online game as the game screen plays it: `RemoteMatch`, a `tui.playable.Playable` over
online.client's RemoteGame (the latest views of your seats, from the Muster server).

The screen reads synchronously (views, whose turn, the result), so RemoteMatch answers from
the views the server sent last. `act` and `undo` check what can be checked here (your seat,
its turn, an action its view lists), send the request with the number of the position it was
chosen at and return at once; the outcome, and every change another player or the computer
makes, comes to the listener as a `Change`:

    match = RemoteMatch(game, account)        # game: online.client.RemoteGame
    match.listen(callback)                   # callback(Change) on the app's event loop
    match.act("American", action)            # IllegalAction now, or later Change("accepted")
    match.undo("American")                   # later Change("undone") or Change("refused")

Nothing here imports Textual; online.client is imported by whoever opens the connection.
"""
from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from tui.computer import COMPUTER

OPEN_SEAT = "open"            # online.protocol.OPEN: the first account to join takes it


@dataclass
class Change:
    """What the server said about the game: `kind` is "update" (another player or the
    computer changed it: `by` the role, `lines` the log lines new in your view, `undone`),
    "accepted" (your action), "undone" (your undo), "refused" (`message`: one line; the views
    are the fresh ones) or "lost" (the connection is gone: `message`)."""
    kind: str
    by: str | None = None
    lines: list[str] = field(default_factory=list)
    undone: bool = False
    message: str = ""


@dataclass
class OnlineHeader:
    """The part of a save's header an online player may know: no seed (it stays on the
    server, unless the game's creator chose it)."""
    game: str
    scenario: str
    options: dict[str, Any]
    game_id: int
    seed: int | None = None


def player_of_seat(seat: str) -> str:
    """Who plays a seat, as a person reads it: the account, "computer", or "open"."""
    if seat == COMPUTER or seat.startswith(COMPUTER + ":"):
        return COMPUTER
    if seat.startswith("account:"):
        return seat[len("account:"):]
    return seat


class RemoteMatch:
    """A Playable online game (see the module's docstring)."""

    COMPUTER: ClassVar[str] = COMPUTER

    def __init__(self, game: Any, account: str) -> None:
        from core.registry import get_rules

        self.game = game                  # online.client.RemoteGame
        self.account = account
        self.rules = get_rules(game.info.game)
        info = game.info
        self.header = OnlineHeader(game=info.game, scenario=info.scenario,
                                   options=dict(info.options), game_id=info.game_id)
        self.pending = False              # an act or undo is on its way
        self._listener: Callable[[Change], None] | None = None
        self._tasks: set[asyncio.Task] = set()
        game.on_update = self._pushed

    # -- what the screen reads -----------------------------------------------------------

    @property
    def game_id(self) -> int:
        return self.game.game_id

    @property
    def info(self) -> Any:
        return self.game.info

    @property
    def players(self) -> dict[str, str]:
        return {role: player_of_seat(seat) for role, seat in self.info.seats.items()}

    @property
    def roles(self) -> list[str]:
        return list(self.info.seats)

    @property
    def mine(self) -> list[str]:
        """Your seats in this game."""
        return list(self.info.yours)

    @property
    def active(self) -> list[str]:
        return list(self.info.active)

    @property
    def result(self) -> str | None:
        return self.info.result

    @property
    def deciding(self) -> str:
        """What the roles to act are deciding (the public prompt)."""
        return self.info.deciding

    @property
    def number(self) -> int:
        return self.game.number

    @property
    def hidden_info(self) -> bool:
        decide = getattr(self.rules, "hides_information", None)
        if decide is not None:
            return bool(decide(dict(self.header.options)))
        return bool(getattr(self.rules, "hidden_info", False))

    def player_of(self, role: str) -> str:
        seat = self.info.seats.get(role)
        if seat is None:
            raise ValueError(f"unknown role {role!r} (roles: {', '.join(self.roles)})")
        return player_of_seat(seat)

    def roles_of(self, player: str) -> list[str]:
        return [role for role in self.roles if self.player_of(role) == player]

    def view(self, role: str | None) -> Any:
        """The latest view of `role` if it is yours; else of your first seat (never another
        account's: the server sends only yours)."""
        views = self.game.views
        if role in views:
            return views[role]
        for mine in self.mine:
            if mine in views:
                return views[mine]
        raise LookupError(f"no view of game {self.game_id} has come from the server")

    # -- acting --------------------------------------------------------------------------

    def listen(self, listener: Callable[[Change], None] | None) -> None:
        """Who is told of each Change (one listener: the game screen showing this game)."""
        self._listener = listener

    def act(self, role: str, action: Any) -> None:
        """Send `action` for your seat `role`; IllegalAction (one line, nothing sent) for a
        seat not yours, not to act, an action its view does not list, or one still on its
        way."""
        from core.engine import IllegalAction, as_action

        action = as_action(action)
        self._check(role)
        if role not in self.active:
            raise IllegalAction(f"it is not {role}'s turn to act")
        if not any(choice.action == action for choice in self.view(role).actions):
            raise IllegalAction(f"{action} is not a legal action now")
        self._send(self.game.act(role, action), "accepted")

    def undo(self, role: str | None = None) -> None:
        """Ask the server to take back your last action (`role`: the seat asking; default
        your first). The server refuses when another player has been shown it."""
        role = role or (self.mine[0] if self.mine else None)
        if role is None:
            from core.engine import IllegalAction

            raise IllegalAction("you have no seat in this game")
        self._check(role)
        self._send(self.game.undo(role), "undone")

    def _check(self, role: str) -> None:
        from core.engine import IllegalAction

        if self.game.conn.lost is not None:
            raise IllegalAction(f"not connected: {self.game.conn.lost}")
        if role not in self.mine:
            raise IllegalAction(f"{role} is not your seat (yours: "
                                f"{', '.join(self.mine) or 'none'})")
        if self.pending:
            raise IllegalAction("your last request is still on its way to the server")

    def _send(self, request: Any, kind: str) -> None:
        self.pending = True
        task = asyncio.ensure_future(self._outcome(request, kind))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _outcome(self, request: Any, kind: str) -> None:
        from online.client import ConnectionLost, OnlineError, ServerError

        try:
            await request
        except ConnectionLost as exc:
            change = Change("lost", message=lost_text(exc))
        except ServerError as exc:
            change = Change("refused", message=refusal_text(exc))
        except OnlineError as exc:
            change = Change("refused", message=str(exc))
        else:
            change = Change(kind)
        finally:
            self.pending = False
        self._tell(change)

    def _pushed(self, update: Any) -> None:
        """online.client's on_update (called in its reader: it must not raise)."""
        self._tell(Change("update", by=update.by, lines=list(update.lines),
                          undone=update.undone))

    def _tell(self, change: Change) -> None:
        if self._listener is not None:
            self._listener(change)

    def connection_lost(self, exc: Exception) -> None:
        """The connection went (online.client's on_lost): the screen says so."""
        self._tell(Change("lost", message=lost_text(exc)))


def refusal_text(exc: Any) -> str:
    """The server's refusal as one line for the player."""
    code = getattr(exc, "code", "")
    message = str(getattr(exc, "message", "") or exc)
    if code == "stale":
        return f"Not played: the game moved on ({message}); here is the position now."
    if code == "undo":
        return f"No undo: {message}"
    return f"Refused: {message}"


def lost_text(exc: Any) -> str:
    return f"The connection to the server is gone ({exc}); the game is safe on the server: " \
           "quit (q) and run muster online again."


def seats_text(info: Any, account: str) -> str:
    """The other seats of a game as "vs bob (British)"; open ones as "open: British"."""
    others = [(role, player_of_seat(seat)) for role, seat in info.seats.items()
              if role not in info.yours]
    people = [f"{who} ({role})" for role, who in others if who != "open"]
    open_ = [role for role, who in others if who == "open"]
    parts = []
    if people:
        parts.append("vs " + ", ".join(people))
    if open_:
        parts.append("open: " + ", ".join(open_))
    return " · ".join(parts)


def state_text(info: Any) -> tuple[str, str]:
    """(what the game waits for, its style): your turn, another's, open seats, the result."""
    if info.status == "damaged":
        return f"DAMAGED: {info.note}", "bold reverse"
    if info.result is not None or info.status == "over":
        return f"over: {info.result}", "dim"
    if info.status == "waiting":
        return "waiting for players to join", ""
    if info.to_act:
        mine = [role for role in info.active if role in info.yours]
        return f"YOUR TURN ({', '.join(mine)})", "bold reverse"
    who = ", ".join(f"{player_of_seat(info.seats.get(role, ''))} ({role})"
                    for role in info.active)
    return f"waiting for {who}", ""


def unreachable(exc: Exception, given: str | None) -> str:
    """The one line for a server that cannot be reached: where it looked (and why there)."""


    from online.paths import SOCKET_ENV

    if given:
        why = "--server named it"
    elif os.environ.get(SOCKET_ENV, "").strip():
        why = f"${SOCKET_ENV} names it"
    else:
        why = f"it is the default; --server PATH or ${SOCKET_ENV} choose another"
    text = str(exc)
    return f"{text[0].upper()}{text[1:]}; looked there because {why}."
