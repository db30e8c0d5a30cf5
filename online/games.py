"""The server's games in memory and the rules of who may do what with them.

`Lobby` owns every online game (an `OnlineGame`: its stored row, seats and a `Match` rebuilt
from the store) and carries out requests for an account: list, create, join, act, undo,
upload, download. It knows nothing of sockets; the server calls it on its event loop, one
request at a time, so each act is checked, applied, stored and answered with no other request
in between. Each refusal is a `Refusal` (a protocol error code and one line).

Undo (docs/online.md "Undo"): an account may take back the game's last action when it was taken
by one of its own seats, the engine can undo it (no die rolled, card drawn, hidden information
revealed or turn handed over since), and no other account has been sent a view of the position
after it. `OnlineGame.shown` keeps, for each account, the length of the history of the last
position it was sent (an open, a reply, a push, or a listing: its prompt tells where the game
stands); after a restart every account counts as having seen every action.
"""
from __future__ import annotations

import secrets
import sqlite3
import tempfile
from pathlib import Path
from typing import Any, Callable

import msgspec

from core import registry
from core.engine import (Action, Header, IllegalAction, Match, Rules, View, as_action,
                         normalize_options)
from online import seats as seat_text
from online.protocol import OPEN, GameInfo
from online.store import GameRow, Store

WAITING, PLAYING, OVER, DAMAGED = "waiting", "playing", "over", "damaged"
MAX_GAMES_PER_ACCOUNT = 500       # games an account may have created and not finished


class Refusal(Exception):
    """A request refused: `code` (protocol.ERROR_CODES), one line; nothing was changed."""

    def __init__(self, code: str, message: str, game: "OnlineGame | None" = None,
                 views: dict[str, View] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.game = game
        self.views = views


class Change(msgspec.Struct):
    """What an accepted act or undo did, for the pushes."""
    game: Any                      # the OnlineGame
    by: str                        # the role that acted or undid
    lines: list[str]               # log lines new since the position before
    undone: bool = False


class OnlineGame:
    """One online game: its row, seats, the rebuilt match and what each account was shown."""

    def __init__(self, row: GameRow, rules: Rules, seats: dict[str, str],
                 match: Match | None) -> None:
        self.row = row
        self.rules = rules
        self.seats = seats              # role -> stored seat
        self.match = match              # None: not loaded (a finished or damaged game)
        self.shown: dict[str, int] = {}  # account -> history length of the last view sent
        self._views: dict[str | None, View] = {}
        self._views_at = -1

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def roles(self) -> list[str]:
        return list(self.seats)

    def roles_of(self, account: str) -> list[str]:
        mine = seat_text.of_account(account)
        return [role for role, seat in self.seats.items() if seat == mine]

    def accounts(self) -> set[str]:
        return {name for seat in self.seats.values()
                if (name := seat_text.account(seat)) is not None}

    def open_seats(self) -> list[str]:
        return [role for role, seat in self.seats.items() if seat == OPEN]

    def computer_to_act(self) -> str | None:
        """The first role to act now that the computer plays, if any."""
        if self.row.status != PLAYING or self.match is None or self.match.result is not None:
            return None
        for role in self.match.active:
            if seat_text.level(self.seats.get(role, "")) is not None:
                return role
        return None

    def view(self, role: str | None) -> View:
        """The view of `role` now (computed once per number)."""
        if self._views_at != self.row.number:
            self._views.clear()
            self._views_at = self.row.number
        view = self._views.get(role)
        if view is None:
            view = self._views[role] = self.match.view(role)
        return view

    def views_for(self, account: str,
                  only: frozenset[str] | None = None) -> dict[str, View]:
        """The views of `account`'s roles (those in `only`, when given: the roles a
        connection watches), and it counts as having been shown them."""
        if self.match is None:
            return {}
        self.shown[account] = len(self.match.history)
        return {role: self.view(role) for role in self.roles_of(account)
                if only is None or role in only}

    def info(self, account: str, only: frozenset[str] | None = None) -> GameInfo:
        """The game as `account` may know it; `only`: the roles a connection watches (the
        prompt is then that of the first of them)."""
        row = self.row
        match = self.match
        active = match.active if match is not None and match.result is None else []
        yours = self.roles_of(account)
        if match is not None and row.status != DAMAGED:
            # the prompt as this account sees it: its own first (watched) role's view,
            # computed for it anyway, else the public view; an inactive role's prompt says
            # what is decided
            watched = [role for role in yours if only is None or role in only] or yours
            deciding = match.result or self.view(watched[0] if watched else None).prompt
        else:
            deciding = row.result or ""
        return GameInfo(
            game_id=row.id, game=row.game, title=self.rules.title, scenario=row.scenario,
            options=dict(row.options),
            seats={role: seat_text.shown(seat) for role, seat in self.seats.items()},
            status=row.status, number=row.number, active=active, deciding=deciding,
            result=row.result, yours=yours,
            to_act=row.status == PLAYING and any(role in active for role in yours),
            seed_given=row.seed_given, created=row.created, updated=row.updated,
            note=row.note)


class Lobby:
    """Every online game, and the requests of accounts on them."""

    def __init__(self, store: Store, account_exists: Callable[[str], bool]) -> None:
        self.store = store
        self.account_exists = account_exists
        self.games: dict[int, OnlineGame] = {}

    # --- loading -------------------------------------------------------------------------

    def load(self) -> None:
        """Every game of the store; those not finished are rebuilt now, action by action."""
        for row in self.store.games():
            rules = _rules(row.game)
            seats = self.store.seats(row.id)
            game = OnlineGame(row, rules, seats, None) if rules is not None else None
            if game is None:
                row.status, row.note = DAMAGED, f"this Muster cannot play {row.game!r}"
                game = OnlineGame(row, _Unknown(row.game), seats, None)
            self.games[row.id] = game
            if row.status in (WAITING, PLAYING):
                self._rebuild(game)

    def _rebuild(self, game: OnlineGame) -> None:
        """The game's match from its stored set-up and actions (damaged if it fails)."""
        if isinstance(game.rules, _Unknown):
            return
        try:
            history = self.store.history(game.id)
            match = replay(game, history)
        except Exception as exc:  # IllegalAction, StoreError, a rules bug: it cannot be played
            self.damaged(game, exc)
            return
        self.adopt(game, match)

    def adopt(self, game: OnlineGame, match: Match) -> None:
        """`match` (`replay` made it) is the game's from now on."""
        game.match = match
        game.shown = {name: len(match.history) for name in game.accounts()}  # after a restart
        game._views_at = -1

    def damaged(self, game: OnlineGame, exc: BaseException) -> None:
        game.match = None
        game.row.status = DAMAGED
        game.row.note = (f"the game cannot be rebuilt from its actions "
                         f"({type(exc).__name__}: {_one_line(exc)})")

    def loaded(self, game: OnlineGame) -> Match:
        if game.match is None and game.row.status != DAMAGED:
            self._rebuild(game)
        if game.match is None:
            raise Refusal("damaged", f"game {game.id} is damaged: {game.row.note}", game)
        return game.match

    # --- lookups -------------------------------------------------------------------------

    def game_of(self, account: str, game_id: int, *, seated: bool = True) -> OnlineGame:
        game = self.games.get(game_id)
        if game is None:
            raise Refusal("unknown-game", f"there is no game {game_id}")
        if seated and not game.roles_of(account):
            raise Refusal("not-yours", f"you ({account}) have no seat in game {game_id}", game)
        return game

    def seat_of(self, account: str, game: OnlineGame, role: str) -> None:
        if role not in game.seats:
            raise Refusal("bad-request", f"game {game.id} has no role {role!r} "
                                         f"(roles: {', '.join(game.roles)})", game)
        if game.seats[role] != seat_text.of_account(account):
            holder = seat_text.shown(game.seats[role])
            raise Refusal("not-yours", f"{role} in game {game.id} is not your seat "
                                       f"(it is {holder}'s)", game)

    def listing(self, account: str) -> tuple[list[GameInfo], list[GameInfo]]:
        """The account's games (those waiting on it first, then the latest changed) and the
        other games with an open seat (newest first)."""
        mine, others = [], []
        for game in self.games.values():
            if game.roles_of(account):
                mine.append(game.info(account))
                if game.match is not None:  # its prompt says where the game stands: seen
                    game.shown[account] = len(game.match.history)
            elif game.row.status == WAITING and game.open_seats():
                others.append(game.info(account))
        mine.sort(key=lambda info: info.updated, reverse=True)
        mine.sort(key=lambda info: not info.to_act)
        others.sort(key=lambda info: info.game_id, reverse=True)
        return mine, others

    # --- new games -----------------------------------------------------------------------

    def create(self, account: str, game_id: str, scenario: str | None,
               options: dict[str, Any], seed: int | None,
               seats: dict[str, str]) -> OnlineGame:
        """A new game; every role not named in `seats` is open."""
        self._check_quota(account)
        rules = _rules(game_id)
        if rules is None:
            raise Refusal("bad-request", f"unknown game {game_id!r} (games: "
                                         f"{', '.join(registry.game_ids())})")
        try:
            if scenario is None:
                scenario = rules.scenarios()[0]
            elif scenario not in rules.scenarios():
                raise ValueError(f"unknown scenario {scenario!r} for {rules.id} "
                                 f"(known: {', '.join(rules.scenarios())})")
            opts = normalize_options(rules, options)
            roles = rules.roles(scenario, opts)
            stored = self._seats(roles, seats)
            players = {role: seat_text.player(seat, role) for role, seat in stored.items()}
            chosen = secrets.randbits(62) if seed is None else seed
            match = Match.new(rules, seed=chosen, scenario=scenario, options=opts,
                              players=players)
        except ValueError as exc:
            raise Refusal("bad-request", _one_line(exc)) from None
        row = GameRow(game=rules.id, scenario=scenario, options=dict(match.header.options),
                      seed=match.header.seed, seed_given=seed is not None,
                      rules_version=rules.version,
                      status=WAITING if OPEN in stored.values() else PLAYING, creator=account)
        return self._add(row, rules, stored, match)

    def upload(self, account: str, match: Match, seats: dict[str, str],
               name: str) -> OnlineGame:
        """A hotseat save (`load_save` read it) to continue online: every role's seat must
        be named."""
        self._check_quota(account)
        if match.result is not None:
            raise Refusal("bad-request", f"the game in {name or 'the save'} is already over "
                                         f"({match.result})")
        missing = [role for role in match.roles if role not in seats]
        if missing:
            raise Refusal("bad-request", f"name the seat of every role: {', '.join(missing)} "
                                         f"missing")
        try:
            stored = self._seats(match.roles, seats)
            players = {role: seat_text.player(seat, role) for role, seat in stored.items()}
            check = getattr(match.rules, "check_players", None)
            if check is not None:
                check(dict(match.header.options), players)
        except ValueError as exc:
            raise Refusal("bad-request", _one_line(exc)) from None
        match.players = players
        header = match.header
        row = GameRow(game=header.game, scenario=header.scenario, options=dict(header.options),
                      seed=header.seed, seed_given=True, rules_version=header.rules_version,
                      status=WAITING if OPEN in stored.values() else PLAYING,
                      number=len(match.history), creator=account,
                      note=getattr(match, "load_notice", None) or "")
        return self._add(row, match.rules, stored, match, list(match.history))

    def _add(self, row: GameRow, rules: Rules, stored: dict[str, str], match: Match,
             history: list[tuple[str, Action]] = ()) -> OnlineGame:
        if any(seat_text.level(seat) is not None for seat in stored.values()):
            from core.ai import game_of
            try:
                game_of(rules, match.hidden_info)  # the computer can play this game
            except ValueError as exc:
                raise Refusal("bad-request", _one_line(exc)) from None
        match.computer_levels = {role: seat_text.level(seat) for role, seat in stored.items()
                                 if seat_text.level(seat) is not None}
        try:
            row.id, stamp = self.store.create(row, stored, history)
        except (sqlite3.Error, OSError) as exc:
            raise Refusal("server", f"the game could not be stored ({exc})") from None
        row.created = row.updated = stamp
        game = OnlineGame(row, rules, stored, match)
        self.games[row.id] = game
        return game

    def _seats(self, roles: list[str], given: dict[str, str]) -> dict[str, str]:
        unknown = [role for role in given if role not in roles]
        if unknown:
            raise ValueError(f"unknown role {unknown[0]!r} (roles: {', '.join(roles)})")
        stored = {}
        for role in roles:
            try:
                stored[role] = seat_text.parse(given.get(role, OPEN), self.account_exists)
            except ValueError as exc:
                raise ValueError(f"{role}: {exc}") from None
        return stored

    def _check_quota(self, account: str) -> None:
        running = sum(1 for game in self.games.values()
                      if game.row.creator == account and game.row.status in (WAITING, PLAYING))
        if running >= MAX_GAMES_PER_ACCOUNT:
            raise Refusal("full", f"you have {running} unfinished games on this server, the "
                                  f"most it keeps for one account")

    def join(self, account: str, game_id: int, role: str) -> OnlineGame:
        game = self.game_of(account, game_id, seated=False)
        match = self.loaded(game)
        if role not in game.seats:
            raise Refusal("bad-request", f"game {game_id} has no role {role!r} "
                                         f"(roles: {', '.join(game.roles)})", game)
        if game.seats[role] != OPEN:
            raise Refusal("bad-request", f"{role} in game {game_id} is not an open seat "
                                         f"(it is {seat_text.shown(game.seats[role])}'s)", game)
        players = dict(match.players)
        players[role] = account
        check = getattr(game.rules, "check_players", None)
        if check is not None:
            try:
                check(dict(match.header.options), players)
            except ValueError as exc:
                raise Refusal("bad-request", _one_line(exc), game) from None
        seats = dict(game.seats)
        seats[role] = seat_text.of_account(account)
        status = WAITING if OPEN in seats.values() else PLAYING
        try:
            game.row.updated = self.store.set_seat(game.id, role, seats[role], status)
        except (sqlite3.Error, OSError) as exc:
            raise Refusal("server", f"the seat could not be stored ({exc})", game) from None
        game.seats = seats
        game.row.status = status
        match.players = players
        return game

    # --- play ----------------------------------------------------------------------------

    def act(self, account: str, game_id: int, role: str, action: Action,
            at: int) -> Change:
        game = self.game_of(account, game_id)
        self.seat_of(account, game, role)
        return self._act(game, role, action, at, account)

    def computer_act(self, game: OnlineGame, role: str, action: Action, at: int) -> Change:
        if seat_text.level(game.seats.get(role, "")) is None:
            raise Refusal("not-yours", f"{role} is not the computer's seat", game)
        return self._act(game, role, action, at, None)

    def _act(self, game: OnlineGame, role: str, action: Action, at: int,
             account: str | None) -> Change:
        match = self._playable(game, at, account)
        before = len(match.state.log)
        try:
            match.act(role, as_action(action))
        except IllegalAction as exc:
            raise Refusal("illegal", _one_line(exc), game) from None
        except Exception as exc:  # a rules bug: the state is untouched (act returns a new one)
            raise Refusal("server", f"the rules failed on {action} "
                                    f"({type(exc).__name__}: {exc}); nothing was changed",
                          game) from exc
        number = game.row.number + 1
        status = OVER if match.result is not None else PLAYING
        try:
            stamp = self.store.append(game.id, len(match.history), role, match.history[-1][1],
                                      number, status, match.result)
        except (sqlite3.Error, OSError) as exc:
            self._rebuild(game)  # back to what the store holds
            raise Refusal("server", f"the action could not be stored ({exc}); nothing was "
                                    f"changed", game) from None
        self._changed(game, number, status, stamp)
        return Change(game, role, list(match.state.log[before:]))

    def undo(self, account: str, game_id: int, role: str, at: int) -> Change:
        game = self.game_of(account, game_id)
        self.seat_of(account, game, role)
        match = self._playable(game, at, account)
        if not match.history:
            raise Refusal("undo", "nothing has been played yet", game)
        last_role, _ = match.history[-1]
        if last_role not in game.roles_of(account):
            raise Refusal("undo", f"the last action was {last_role}'s, not yours", game)
        if not match.can_undo:
            raise Refusal("undo", "nothing to undo since the last die roll, card drawn, "
                                  "reveal or change of player", game)
        length = len(match.history)
        seen = sorted(name for name, shown in game.shown.items()
                      if name != account and shown >= length)
        if seen:
            raise Refusal("undo", f"{', '.join(seen)} has already seen that action", game)
        match.undo()
        number = game.row.number + 1
        try:
            stamp = self.store.remove_last(game.id, length, number)
        except (sqlite3.Error, OSError) as exc:
            self._rebuild(game)
            raise Refusal("server", f"the undo could not be stored ({exc}); nothing was "
                                    f"changed", game) from None
        for name in game.shown:
            game.shown[name] = min(game.shown[name], len(match.history))
        self._changed(game, number, PLAYING, stamp)
        return Change(game, role, [], undone=True)

    def _playable(self, game: OnlineGame, at: int, account: str | None) -> Match:
        match = self.loaded(game)
        if game.row.status == WAITING:
            raise Refusal("waiting", f"game {game.id} waits for players to take "
                                     f"{', '.join(game.open_seats())}", game)
        if game.row.status == OVER or match.result is not None:
            raise Refusal("illegal", f"game {game.id} is over: {match.result}", game)
        if at != game.row.number:
            views = game.views_for(account) if account is not None else None
            raise Refusal("stale", "the game moved on", game, views)
        return match

    def _changed(self, game: OnlineGame, number: int, status: str, stamp: str) -> None:
        game.row.number = number
        game.row.status = status
        game.row.result = game.match.result
        game.row.updated = stamp

    # --- finished games ------------------------------------------------------------------

    def download(self, account: str, game_id: int) -> tuple[str, bytes]:
        """A finished game as an ordinary save: (a file name, its bytes)."""
        game = self.game_of(account, game_id)
        if game.row.status != OVER:
            raise Refusal("not-over", f"game {game_id} is not finished: a save holds the "
                                      f"seed, so it is given only after the end", game)
        match = self.loaded(game)
        from datetime import datetime

        from saves import save_match
        match.created = datetime.fromisoformat(game.row.created)  # the save's "created"
        name = f"{game.row.game}-online-{game.id}.muster"
        with tempfile.TemporaryDirectory(prefix="muster-download-") as folder:
            path = Path(folder) / name
            save_match(match, path)
            return name, path.read_bytes()


def replay(game: OnlineGame, history: list[tuple[str, Action]]) -> Match:
    """The game's match rebuilt from its set-up and `history` (touches nothing shared, so it
    may run in a worker thread). IllegalAction, or any failure of the rules."""
    row = game.row
    players = {role: seat_text.player(seat, role) for role, seat in game.seats.items()}
    header = Header(game=row.game, rules_version=game.rules.version, scenario=row.scenario,
                    options=dict(row.options), seed=row.seed)
    match = Match.replay(game.rules, header, history, players=players)
    match.computer_levels = {role: level for role, seat in game.seats.items()
                             if (level := seat_text.level(seat)) is not None}
    return match


def load_save(data: bytes, name: str) -> Match:
    """The game in a save file's bytes (saves.load_match), or Refusal naming the problem.

    The save's state snapshot is not trusted (anyone may write a file): the game is rebuilt
    from its set-up and actions, as the server rebuilds its games after a restart, and a save
    whose snapshot is not where its actions lead is refused."""
    from saves import SaveError, load_match

    label = Path(name).name or "upload.muster"
    with tempfile.TemporaryDirectory(prefix="muster-upload-") as folder:
        path = Path(folder) / label
        path.write_bytes(data)
        try:
            saved = load_match(path)
        except SaveError as exc:
            raise Refusal("bad-request", _one_line(exc)) from None
    if getattr(saved, "load_notice", None):  # load_match rebuilt it already (another rules
        return saved                          # version refused an action): no snapshot used
    try:
        match = Match.replay(saved.rules, saved.header, saved.history, players=saved.players)
    except Exception as exc:  # IllegalAction, or the rules failing on a forged history
        raise Refusal("bad-request", f"the actions in {label} cannot be replayed "
                                     f"({type(exc).__name__}: {_one_line(exc)})") from None
    if msgspec.json.encode(match.state) != msgspec.json.encode(saved.state):
        raise Refusal("bad-request", f"the state saved in {label} is not where its actions "
                                     f"lead: the file was changed")
    return match


def _rules(game_id: str) -> Rules | None:
    if game_id not in registry.game_ids():
        return None
    return registry.get_rules(game_id)


def _one_line(exc: BaseException) -> str:
    text = str(exc.args[0] if exc.args else exc)
    return " ".join(text.split()) or type(exc).__name__


class _Unknown:
    """The rules of a game this Muster cannot play (its games are listed as damaged)."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id
        self.title = game_id
        self.version = "?"
