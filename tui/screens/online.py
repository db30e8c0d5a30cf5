"""The Online screen: the games you have on this host's Muster server, those waiting on you
first, and the games with a seat anyone may take; open, create, join, upload, download.

It connects when it opens (`MusterApp(online_server=PATH)`, else $MUSTER_SERVER, else the
default socket) and says which account runs the server it reached and who you are there; a
server that cannot be reached is one line saying where it looked and how to start one. The
list is asked again every few seconds while the screen is on top (games change while you
look). Enter opens a game of yours, or joins an open seat (asking which, when there are
several) and opens it; the game screen is tui/screens/online_game.py.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from online.client import Connection, OnlineError
from online.paths import socket_path
from tui import session
from tui.screens.dialogs import PickDialog
from tui.screens.online_game import OnlineGameScreen
from tui.screens.online_new import OnlineNewScreen, UploadScreen
from tui.remote import RemoteMatch, player_of_seat, refusal_text, seats_text, state_text, \
    unreachable

REFRESH = 3.0  # seconds between two listings while the screen is on top


def game_line(info: Any, account: str) -> Text:
    """One game of yours in the list: number, game, scenario, what it waits for, the others."""
    state, style = state_text(info)
    text = Text()
    text.append(f"#{info.game_id} ", style="bold")
    text.append(f"{info.title} {info.scenario}  ")
    text.append(state, style=style)
    others = seats_text(info, account)
    if others:
        text.append(f"\n    {others}", style="dim")
    return text


def open_line(info: Any) -> Text:
    holders = sorted({player_of_seat(seat) for seat in info.seats.values()} - {"open"})
    text = Text()
    text.append(f"#{info.game_id} ", style="bold")
    text.append(f"{info.title} {info.scenario}  ")
    text.append("open: " + ", ".join(r for r, s in info.seats.items() if s == "open"),
                style="bold")
    if holders:
        text.append(f"\n    with {', '.join(holders)}", style="dim")
    return text


class OnlineScreen(Screen):
    CSS_PATH = "online.tcss"
    BINDINGS = [
        Binding("n", "new", "New game"),
        Binding("j", "join", "Join"),
        Binding("u", "upload", "Upload"),
        Binding("d", "download", "Download"),
        Binding("r", "refresh", "Refresh", show=False),
        Binding("escape", "back", "Back"),
        Binding("question_mark", "app.help", "Help", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, server: str | None = None, connect: Any = None,
                 open_game: int | None = None) -> None:
        super().__init__(id="online")
        self.server = server            # the socket path given (None: $MUSTER_SERVER, default)
        self.connect = connect          # async (path) -> online.client.Connection (tests)
        self.conn: Any = None
        self.games: list[Any] = []      # yours, then the open ones, in the list's order
        self.rows: list[tuple[str, Any]] = []   # ("yours" | "open", GameInfo) per option id
        self._open_first = open_game    # open this game as soon as connected (CLI)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Connecting to the Muster server…", id="online-who")
        yield OptionList(id="online-games", markup=False)
        yield Static(id="online-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Muster"
        self.sub_title = "Online"
        self.query_one("#online-games").focus()
        self._connect()
        self.set_interval(REFRESH, self._tick)

    def note(self, message: str, error: bool = False) -> None:
        self.query_one("#online-note", Static).update(
            Text(message, style="bold" if error else "dim"))

    # -- the connection --------------------------------------------------------------------

    @work(exclusive=True, group="online-connect", exit_on_error=False)
    async def _connect(self) -> None:
        where = socket_path(self.server)
        try:
            if self.connect is not None:
                self.conn = await self.connect(where)
            else:
                self.conn = await Connection.open(where)
        except OnlineError as exc:
            self.query_one("#online-who", Static).update(
                Text(f"{unreachable(exc, self.server)}", style="bold"))
            self.note("Esc goes back · r tries again", error=True)
            return
        self.conn.on_lost = self._lost
        self.app.online = self.conn
        self.query_one("#online-who", Static).update(who_line(self.conn))
        await self._list()
        if self._open_first is not None:
            game_id, self._open_first = self._open_first, None
            await self._open(game_id)

    def _lost(self, exc: Exception) -> None:
        """The connection went: the game screens on it say so; this screen offers r."""
        for screen in self.app.screen_stack:
            if isinstance(screen, OnlineGameScreen) and screen.match.game.conn is self.conn:
                screen.match.connection_lost(exc)
        if self.is_mounted:
            self.query_one("#online-who", Static).update(
                Text(f"The connection to the server is gone ({exc}). r connects again.",
                     style="bold"))

    async def on_unmount(self) -> None:
        """Hang up (the games go on on the server)."""
        conn, self.conn = self.conn, None
        if conn is not None:
            conn.on_lost = None
            await conn.close()

    async def _list(self) -> None:
        if self.conn is None or self.conn.lost is not None:
            return
        try:
            listing = await self.conn.list_games()
        except OnlineError as exc:
            self.note(f"The games cannot be listed: {exc}", error=True)
            return
        self._fill(listing)

    def _fill(self, listing: Any) -> None:
        menu = self.query_one("#online-games", OptionList)
        keep = menu.highlighted_option.id if menu.highlighted_option is not None else None
        account = self.conn.account
        options: list[Option] = []
        self.rows = []
        waiting = sum(1 for info in listing.games if info.to_act)
        options.append(Option(Text(f"Your games ({len(listing.games)}, {waiting} waiting on "
                                   "you; Enter opens)", style="bold underline"), disabled=True))
        for info in listing.games:
            options.append(Option(game_line(info, account), id=f"yours-{info.game_id}"))
            self.rows.append(("yours", info))
        if not listing.games:
            options.append(Option(Text("(none yet: n creates one, j joins an open seat)",
                                       style="dim"), disabled=True))
        if listing.open:
            options.append(Option(Text("Open seats (Enter or j joins)",
                                       style="bold underline"), disabled=True))
            for info in listing.open:
                options.append(Option(open_line(info), id=f"open-{info.game_id}"))
                self.rows.append(("open", info))
        menu.set_options(options)
        ids = [option.id for option in options]
        if keep is not None and keep in ids:
            menu.highlighted = ids.index(keep)
        else:
            menu.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)

    def _tick(self) -> None:
        if self.is_current and self.conn is not None and self.conn.lost is None:
            self._relist()

    @work(exclusive=True, group="online-list", exit_on_error=False)
    async def _relist(self) -> None:
        await self._list()

    def on_screen_resume(self) -> None:
        if self.conn is not None:
            self._relist()

    def action_refresh(self) -> None:
        if self.conn is None or self.conn.lost is not None:
            self.query_one("#online-who", Static).update("Connecting to the Muster server…")
            self._connect()
        else:
            self._relist()

    def action_back(self) -> None:
        self.app.pop_screen()

    # -- the highlighted row -----------------------------------------------------------------

    def _row(self) -> tuple[str, Any] | None:
        option = self.query_one("#online-games", OptionList).highlighted_option
        if option is None or option.id is None:
            return None
        for kind, info in self.rows:
            if option.id == f"{kind}-{info.game_id}":
                return kind, info
        return None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = self._row()
        if row is None:
            return
        kind, info = row
        if kind == "open":
            self.action_join()
        else:
            self._open_worker(info.game_id)

    @work(exclusive=True, group="online-open", exit_on_error=False)
    async def _open_worker(self, game_id: int) -> None:
        await self._open(game_id)

    async def _open(self, game_id: int) -> None:
        """Open a game of yours on the game screen (watched from now on)."""
        if not self._connected():
            return
        try:
            game = await self.conn.open_game(game_id)
        except OnlineError as exc:
            self.note(refusal_text(exc), error=True)
            return
        try:
            match = RemoteMatch(game, self.conn.account)
        except Exception as exc:  # a game this Muster does not know (a newer server's)
            self.note(f"Game {game_id} cannot be shown here: {exc}", error=True)
            return
        if not match.mine:
            self.note(f"You have no seat in game {game_id}.", error=True)
            return
        self.app.push_screen(OnlineGameScreen(match, pace=self.app.pace))

    def _connected(self) -> bool:
        if self.conn is None or self.conn.lost is not None:
            self.note("Not connected to a server: r tries again.", error=True)
            return False
        return True

    # -- join, new, upload, download ---------------------------------------------------------

    def action_join(self) -> None:
        row = self._row()
        if row is None or row[0] != "open":
            self.note("Highlight a game under \"Open seats\" to join it.", error=True)
            return
        info = row[1]
        seats = [role for role, seat in info.seats.items() if seat == "open"]
        if len(seats) == 1:
            self._join(info.game_id, seats[0])
            return
        self.app.push_screen(PickDialog(f"Game {info.game_id}: take which seat?", seats,
                                        seats),
                             lambda role: role and self._join(info.game_id, role))

    @work(exclusive=True, group="online-join", exit_on_error=False)
    async def _join(self, game_id: int, role: str) -> None:
        if not self._connected():
            return
        try:
            info = await self.conn.join(game_id, role)
        except OnlineError as exc:
            self.note(refusal_text(exc), error=True)
            await self._list()
            return
        await self._list()
        if info.status == "waiting":
            self.note(f"You hold {role} in game {game_id}; it starts once every seat is taken.")
            return
        await self._open(game_id)

    def action_new(self) -> None:
        if not self._connected():
            return
        self.app.push_screen(OnlineNewScreen(self.conn.account), self._create)

    @work(exclusive=True, group="online-create", exit_on_error=False)
    async def _create(self, request: Any) -> None:
        if request is None or not self._connected():
            return
        try:
            info = await self.conn.create_game(request.game, seats=request.seats,
                                               scenario=request.scenario,
                                               options=request.options)
        except OnlineError as exc:
            self.note(refusal_text(exc), error=True)
            return
        await self._list()
        await self._after_new(info)

    async def _after_new(self, info: Any) -> None:
        if info.yours and info.status != "waiting":
            await self._open(info.game_id)
        elif info.status == "waiting":
            self.note(f"Game {info.game_id} created; it starts once its open seats are taken.")
        else:
            self.note(f"Game {info.game_id} created (you hold no seat in it).")

    def action_upload(self) -> None:
        if not self._connected():
            return
        self.app.push_screen(UploadScreen(self.conn.account), self._upload)

    @work(exclusive=True, group="online-upload", exit_on_error=False)
    async def _upload(self, request: Any) -> None:
        if request is None or not self._connected():
            return
        try:
            info = await self.conn.upload(request.path, seats=request.seats)
        except OnlineError as exc:
            self.note(refusal_text(exc), error=True)
            return
        await self._list()
        await self._after_new(info)

    def action_download(self) -> None:
        row = self._row()
        if row is None or row[0] != "yours":
            self.note("Highlight a game of yours to download it.", error=True)
            return
        self._download(row[1].game_id)

    @work(exclusive=True, group="online-download", exit_on_error=False)
    async def _download(self, game_id: int) -> None:
        if not self._connected():
            return
        try:
            folder = session.saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            path = await self.conn.download_to(game_id, folder)
        except OnlineError as exc:
            self.note(refusal_text(exc), error=True)
            return
        except OSError as exc:
            self.note(f"The save cannot be written: {exc}", error=True)
            return
        self.note(f"Saved as {path} (l on the title screen loads it; muster replay {path} "
                  "steps through it).")


def who_line(conn: Any) -> Text:
    """Which server was reached, who runs it, and who you are there."""
    text = Text()
    text.append("Server ", style="dim")
    text.append(str(conn.path))
    text.append(" run by ", style="dim")
    text.append(conn.server_account or "?", style="bold")
    text.append(" · you are ", style="dim")
    text.append(conn.account, style="bold")
    return text
