"""The Online screen's forms: a new online game (game, scenario, preset, who holds each seat)
and the upload of a hotseat save (its path, who holds each seat).

A seat is written as the server reads it: an account name, `computer` (or `computer:easy`,
`computer:normal`, `computer:hard`), or `open` (the first account to join takes it). The new
game's first role starts as yours and the others as open. Each form dismisses with its
request (or None: Esc); the Online screen sends it and shows the server's answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from core.engine import normalize_options
from tui import session
from tui.computer import COMPUTER

SEAT_HELP = "each seat: an account, computer (or computer:easy / normal / hard), or open"


@dataclass
class NewRequest:
    game: str
    scenario: str | None
    seats: dict[str, str]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class UploadRequest:
    path: Path
    seats: dict[str, str]


def seat_rows(roles: list[str], values: dict[str, str], prefix: str) -> list[Horizontal]:
    """One row per role: its name and an input holding who takes the seat."""
    rows = []
    for index, role in enumerate(roles):
        box = Input(values.get(role, "open"), id=f"{prefix}-{index}", compact=True,
                    classes="seat-input")
        box.role = role
        rows.append(Horizontal(Label(role, classes="seat-role"), box, classes="seat-row"))
    return rows


def seats_of(screen: Screen) -> dict[str, str]:
    """role -> the seat as typed (blank: open)."""
    return {widget.role: widget.value.strip() or "open"
            for widget in screen.query(".seat-input") if getattr(widget, "role", None)}


class OnlineNewScreen(Screen):
    CSS_PATH = "online.tcss"
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "create", "Create")]

    def __init__(self, account: str) -> None:
        super().__init__(id="online-new")
        self.account = account
        self.games: list[tuple[str, Any]] = []
        for game_id in session.game_ids():
            try:
                self.games.append((game_id, session.get_rules(game_id)))
            except Exception:  # a game that fails to import cannot be offered
                continue
        self.game = self.games[0][0] if self.games else None
        self._generation = 0

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="online-form"):
            yield Label("Game", classes="field-label")
            yield Select([(rules.title, gid) for gid, rules in self.games], id="game",
                         value=self.game or Select.NULL, allow_blank=not self.games,
                         compact=True)
            yield Label("Scenario", classes="field-label")
            yield Select([], id="scenario", compact=True)
            yield Label("Rules preset", classes="field-label")
            yield Select([], id="preset", compact=True, prompt="the game's defaults")
            yield Label(f"Seats ({SEAT_HELP})", classes="field-label")
            yield Vertical(id="seats")
            yield Static(id="online-error")
            with Horizontal(id="online-buttons"):
                yield Button("Create", id="create", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    async def on_mount(self) -> None:
        self.title = "Muster"
        self.sub_title = "New online game"
        self._fill_scenarios()
        await self._fill_seats()
        self.query_one("#create").focus()

    def _rules(self) -> Any:
        return dict(self.games).get(self.game)

    def _fill_scenarios(self) -> None:
        rules = self._rules()
        names = rules.scenarios() if rules is not None else []
        scenario = self.query_one("#scenario", Select)
        scenario.set_options([(name, name) for name in names])
        if names:
            scenario.value = names[0]
        presets = session.presets_of(rules) if rules is not None else []
        self.query_one("#preset", Select).set_options([(p.label, p.key) for p in presets])

    def roles(self) -> list[str]:
        rules = self._rules()
        scenario = self.query_one("#scenario", Select).value
        if rules is None or scenario is Select.NULL:
            return []
        return list(rules.roles(scenario, normalize_options(rules, self.options())))

    def options(self) -> dict[str, Any]:
        rules = self._rules()
        key = self.query_one("#preset", Select).value
        if rules is None or key is Select.NULL:
            return {}
        chosen = next((p for p in session.presets_of(rules) if p.key == key), None)
        return dict(chosen.options) if chosen is not None else {}

    async def _fill_seats(self) -> None:
        box = self.query_one("#seats", Vertical)
        typed = seats_of(self)
        await box.remove_children()
        self._generation += 1
        roles = self.roles()
        values = {role: "open" for role in roles}
        if roles:
            values[roles[0]] = self.account
        values.update({role: seat for role, seat in typed.items() if role in values})
        await box.mount_all(seat_rows(roles, values, f"seat-{self._generation}"))

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value is Select.NULL or event.value == self.game:
            return
        self.game = event.value
        self._fill_scenarios()
        await self._fill_seats()

    @on(Select.Changed, "#scenario")
    @on(Select.Changed, "#preset")
    async def _roles_may_change(self, event: Select.Changed) -> None:
        if [w.role for w in self.query(".seat-input")] != self.roles():
            await self._fill_seats()

    @on(Button.Pressed, "#create")
    def _create_pressed(self) -> None:
        self.action_create()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted, ".seat-input")
    def _submitted(self) -> None:
        self.action_create()

    def action_create(self) -> None:
        if self.game is None:
            self.query_one("#online-error", Static).update("No game can be loaded.")
            return
        scenario = self.query_one("#scenario", Select).value
        self.dismiss(NewRequest(self.game, None if scenario is Select.NULL else scenario,
                                seats_of(self), self.options()))

    def action_back(self) -> None:
        self.dismiss(None)


class UploadScreen(Screen):
    """A hotseat save to continue online: its path, then who holds each of its seats (the
    save's own player names to begin with; the computer's roles stay the computer's)."""

    CSS_PATH = "online.tcss"
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "upload", "Upload")]

    def __init__(self, account: str) -> None:
        super().__init__(id="online-upload")
        self.account = account
        self.path: Path | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="online-form"):
            yield Label("The save file (Enter reads it)", classes="field-label")
            yield Input(placeholder="path/to/game.muster", id="upload-path", compact=True)
            yield Label(f"Seats ({SEAT_HELP}; every seat must be named)",
                        classes="field-label")
            yield Vertical(id="seats")
            yield Static(id="online-error")
            with Horizontal(id="online-buttons"):
                yield Button("Upload", id="upload", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Muster"
        self.sub_title = "Continue a save online"
        self.query_one("#upload-path").focus()

    def error(self, message: str) -> None:
        self.query_one("#online-error", Static).update(Text(message, style="bold"))

    @on(Input.Submitted, "#upload-path")
    async def _path_given(self, event: Input.Submitted) -> None:
        path = Path(event.value.strip()).expanduser()
        try:
            match = session.load(path)
        except Exception as exc:  # SaveError: one sentence naming the file and the problem
            self.error(str(exc))
            return
        self.path = path
        values = {}
        for role in match.roles:
            player = match.player_of(role)
            values[role] = COMPUTER if player == COMPUTER else self.account
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        await box.mount_all(seat_rows(match.roles, values, "upload-seat"))
        self.error("")
        self.query_one(".seat-input").focus()

    @on(Input.Submitted, ".seat-input")
    def _seat_submitted(self) -> None:
        self.action_upload()

    @on(Button.Pressed, "#upload")
    def _upload_pressed(self) -> None:
        self.action_upload()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_upload(self) -> None:
        if self.path is None:
            self.error("Type the save's path and press Enter first.")
            return
        self.dismiss(UploadRequest(self.path, seats_of(self)))

    def action_back(self) -> None:
        self.dismiss(None)
