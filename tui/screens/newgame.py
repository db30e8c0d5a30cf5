"""The new-game screen: game, scenario, who plays each role (a person, or the computer at a
level), every option (label, help, balance) and the seed.

Focus starts on Start, so `n` then Enter on the title screen starts the default game (every
role played by a person).
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from tui import computer, session

PERSON = "person"
# who plays a role: a person, or the computer at one of its levels (the value is the level)
PLAYER_CHOICES = [("a person", PERSON)] + [(f"the computer ({level})", level)
                                           for level in computer.LEVEL_NAMES]


def seat_name(seat: tuple[str, ...]) -> str:
    """The default name of the player of a seat: its role, or its roles joined by "+"."""
    return "+".join(seat)


def on_off(label: tuple[Text, Text], value: bool) -> Text:
    """`Label: on  [balance]`: the state in words, not only the box's colour."""
    name, balance = label
    return Text.assemble(name, ": ", ("on" if value else "off", "bold underline"), balance)


class NewGameScreen(Screen):
    CSS_PATH = "newgame.tcss"  # parsed when the screen is first shown, not at start-up
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__(id="newgame")
        self.games: list[tuple[str, Any]] = []
        self.problems: list[str] = []
        for game_id in session.game_ids():
            try:
                self.games.append((game_id, session.get_rules(game_id)))
            except Exception as exc:  # a game that fails to import is named, not fatal
                self.problems.append(f"{game_id} cannot be loaded: {exc}")
        ids = [g for g, _ in self.games]
        self.game = game if game in ids else (ids[0] if ids else None)
        self._generation = 0

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="form"):
            yield Label("Game", classes="field-label")
            yield Select([(rules.title, gid) for gid, rules in self.games], id="game",
                         value=self.game if self.game else Select.NULL, allow_blank=False
                         if self.games else True, compact=True)
            yield Label("Scenario", classes="field-label")
            yield Select([], id="scenario", compact=True)
            yield Label("Players (who plays each side; one name per person)",
                        classes="field-label")
            yield Vertical(id="players")
            yield Label("Rules preset (sets the options below; each can still be changed)",
                        classes="field-label")
            yield Select([], id="preset", compact=True, prompt="custom")
            yield Vertical(*self._option_widgets(), id="options")
            yield Label("Seed (empty: random)", classes="field-label")
            yield Input(placeholder="random", id="seed", type="integer", compact=True)
            for problem in self.problems:
                yield Static(Text(problem, style="bold"))
        # outside the scrolling form, always on screen: the focus starts on Start, and a
        # Start at the form's end scrolled the form to its bottom, Game and Scenario off
        # screen (issue 17, bug 5)
        with Vertical(id="start-bar"):
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    async def on_mount(self) -> None:
        self.title = "Muster"
        self.sub_title = "New game"
        self._fill_scenarios()
        await self._fill_players()
        self.query_one("#start").focus()

    def _roles(self) -> list[str]:
        return [role for seat in self._seats() for role in seat]

    def _seats(self) -> list[tuple[str, ...]]:
        """The players' seats: the roles each player holds. A game may seat one player on
        several roles by its options (`rules.seats(scenario, options)`: Wellington's split of
        the four Powers among 2, 3 or 4 players); otherwise one seat per role."""
        rules = self._rules()
        scenario = self.query_one("#scenario", Select).value
        if rules is None or scenario is Select.NULL:
            return []
        from core.engine import normalize_options

        try:
            options = normalize_options(rules, self._options_chosen())
        except Exception:  # a value being typed that does not parse yet: the defaults
            options = normalize_options(rules, {})
        seats = getattr(rules, "seats", None)
        if seats is not None:
            return [tuple(seat) for seat in seats(scenario, options)]
        return [(role,) for role in rules.roles(scenario, options)]

    async def _fill_players(self) -> None:
        """One row per seat: the roles it holds, who plays them (a person, or the computer at
        a level) and the person's name (empty: the roles' own names). Choices already made
        for a seat of the same roles are kept."""
        box = self.query_one("#players", Vertical)
        kept = {widget.seat: widget.value for widget in self.query("#players Select")
                if getattr(widget, "seat", None) is not None}
        names = {widget.seat: widget.value for widget in self.query("#players Input")
                 if getattr(widget, "seat", None) is not None}
        await box.remove_children()
        self._generation += 1
        rows = []
        for index, seat in enumerate(self._seats()):
            select = Select(PLAYER_CHOICES, value=kept.get(seat, PERSON), allow_blank=False,
                            id=f"player-{self._generation}-{index}", compact=True)
            select.role, select.seat = seat[0], seat
            name = Input(names.get(seat, ""), placeholder=seat_name(seat), compact=True,
                         id=f"name-{self._generation}-{index}", classes="player-name")
            name.seat = seat
            rows.append(Horizontal(Label(" + ".join(seat), classes="role-name"), select, name,
                                   classes="player-row"))
        await box.mount_all(rows)

    def players_chosen(self) -> dict[str, str]:
        """role -> "person" or the computer's level, as the form says now."""
        return {role: widget.value for widget in self.query("#players Select")
                if getattr(widget, "seat", None) is not None for role in widget.seat}

    def names_chosen(self) -> dict[str, str]:
        """role -> the name of the person playing it (a seat's typed name, else its roles
        joined by "+": one player holding two roles keeps the keyboard between them)."""
        return {role: widget.value.strip() or seat_name(widget.seat)
                for widget in self.query("#players Input")
                if getattr(widget, "seat", None) is not None for role in widget.seat}

    async def _refill_if_seats_changed(self) -> None:
        shown = [w.seat for w in self.query("#players Select")
                 if getattr(w, "seat", None) is not None]
        if shown != self._seats():
            await self._fill_players()

    @on(Select.Changed, "#scenario")
    async def _scenario_changed(self, event: Select.Changed) -> None:
        await self._refill_if_seats_changed()

    @on(Select.Changed, "#options Select")
    async def _option_changed(self, event: Select.Changed) -> None:
        await self._refill_if_seats_changed()

    def _rules(self) -> Any:
        return dict(self.games).get(self.game)

    def _fill_scenarios(self) -> None:
        rules = self._rules()
        scenario = self.query_one("#scenario", Select)
        scenarios = rules.scenarios() if rules is not None else []
        scenario.set_options([(name, name) for name in scenarios])
        if scenarios:
            scenario.value = scenarios[0]
        presets = session.presets_of(rules) if rules is not None else []
        self.query_one("#preset", Select).set_options([(p.label, p.key) for p in presets])

    @on(Select.Changed, "#preset")
    def _preset_chosen(self, event: Select.Changed) -> None:
        """Set every option to the preset's value (its default where the preset is silent)."""
        rules = self._rules()
        if rules is None or event.value is Select.NULL:
            return
        chosen = next((p for p in session.presets_of(rules) if p.key == event.value), None)
        if chosen is None:
            return
        defaults = {spec.key: spec.default for spec in rules.option_specs()}
        for widget in self.query_one("#options").children:
            key = getattr(widget, "option_key", None)
            if key is not None:
                value = chosen.options.get(key, defaults[key])
                widget.value = value if not isinstance(widget, Input) else str(value)

    async def _fill_game(self) -> None:
        """Another game: its scenarios, its roles and its options."""
        self._fill_scenarios()
        await self._fill_players()
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        await options.mount_all(self._option_widgets())

    def _option_widgets(self) -> list[Any]:
        rules = self._rules()
        if rules is None:
            return []
        self._generation += 1
        widgets: list[Any] = []
        for spec in rules.option_specs():
            ident = f"opt-{self._generation}-{spec.key}"
            balance = Text(f"  [{spec.balance}]" if spec.balance else "", style="italic")
            label = Text.assemble((spec.label, "bold"), balance)
            if isinstance(spec.default, bool):
                plain = (Text(spec.label, style="bold"), balance)
                widget = Checkbox(on_off(plain, spec.default), spec.default, id=ident,
                                  compact=True)
                widget.plain_label = plain
            elif spec.choices:
                widgets.append(Label(label, classes="field-label"))
                widget = Select([(str(c), c) for c in spec.choices], value=spec.default,
                                allow_blank=False, id=ident, compact=True)
            else:
                widgets.append(Label(label, classes="field-label"))
                widget = Input(str(spec.default), id=ident, compact=True,
                               type="integer" if isinstance(spec.default, int) else "text")
            widget.option_key = spec.key
            widgets.append(widget)
            if spec.help:
                widgets.append(Static(Text(spec.help, style="dim"), classes="option-help"))
        return widgets

    @on(Checkbox.Changed)
    def _toggled(self, event: Checkbox.Changed) -> None:
        # say "on" / "off" in words: the box's colour alone would not tell everyone
        plain = getattr(event.checkbox, "plain_label", None)
        if plain is not None:
            event.checkbox.label = on_off(plain, event.value)

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value != self.game and event.value is not Select.NULL:
            self.game = event.value
            await self._fill_game()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def _options_chosen(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for widget in self.query_one("#options").children:
            key = getattr(widget, "option_key", None)
            if key is not None:
                options[key] = widget.value
        return options

    def values(self) -> tuple[str | None, str | None, int | None, dict[str, Any]]:
        scenario = self.query_one("#scenario", Select).value
        seed_text = self.query_one("#seed", Input).value.strip()
        return (self.game, None if scenario is Select.NULL else scenario,
                int(seed_text) if seed_text.lstrip("-").isdigit() else None,
                self._options_chosen())

    def action_start(self) -> None:
        game, scenario, seed, options = self.values()
        error = self.query_one("#error", Static)
        if game is None:
            error.update(Text("No game can be played.", style="bold"))
            error.add_class("-shown")
            return
        chosen = self.players_chosen()
        names = self.names_chosen()
        players = {role: computer.COMPUTER if who != PERSON else names.get(role, role)
                   for role, who in chosen.items()}
        players = {role: name for role, name in players.items() if name != role}
        levels = {role: who for role, who in chosen.items() if who != PERSON}
        try:
            match = session.new_match(game, scenario, seed, options, players=players,
                                      levels=levels)
        except (KeyError, ValueError) as exc:
            message = exc.args[0] if exc.args else str(exc)
            error.update(Text(str(message), style="bold"))
            error.add_class("-shown")
            self.notify(str(message), severity="error")
            return
        self.app.start_match(match, replace=self)

    def action_back(self) -> None:
        self.app.pop_screen()
