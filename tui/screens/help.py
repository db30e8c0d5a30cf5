"""The help screen: every key binding of the game screen, the map and the menus."""
from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tui.hexcanvas import legend as hex_legend
from tui.screens.dialogs import OnceModal
from tui.mapcanvas import MapCanvas, legend as map_legend

# (section, [(keys, what they do)]): the one list the help screen and docs/ui.md follow
KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Anywhere in a game", [
        ("1 … 9", "take that action of the menu (numbers never change while filtering; a "
                  "count is keyed by its count: 3 = three CUs)"),
        ("0", "the choice that declines (No Response, No general, pass): always 0"),
        ("f", "jump: label every legal target on the map; type a label (1-2 letters) to act"),
        ("/", "filter the actions: type words of a label or its number; Enter takes it"),
        ("u", "undo (back to the last die roll, card draw or change of player)"),
        ("s", "save now (every action autosaves anyway)"),
        ("m", "maximize the map (again: back to all panes); in a battle at 80x24, the map "
              "instead of the battle panel"),
        ("z", "zoom: maximise the pane that has the focus (map, battle, tracks, hand, "
              "actions, log), the pinned tracks staying on top; z or esc: back"),
        ("i", "everything about the location under the map cursor"),
        ("H", "history: step through every action so far, the board as it was (below)"),
        ("r", "act as another active role (when several roles act at once)"),
        ("t", "hint: the computer suggests an action; it is marked \u25c0 hint in the menu "
              "and named under the prompt, not taken"),
        ("space", "(while the computer plays) no pauses between its moves until your next "
                  "decision"),
        ("A", "always ask me: on, every decision is asked, even one with a single choice "
              "(off, the default: the app takes it for you and says so under the prompt)"),
        ("tab / shift+tab", "cycle focus: map, (battle panel,) tracks, hand, (filter,) actions, "
                            "log"),
        ("?", "this help"),
        ("q", "save and quit (quitting never loses the game)"),
        ("ctrl+p", "command palette: the legal actions (type a verb like march, or a place "
                   "name; Enter takes it), undo, save, help, new game, load, title, quit..."),
    ]),
    ("Map", [
        ("arrows / h j k l", "move the cursor to the nearest location that way"),
        ("n / N", "cursor to the next / previous legal target"),
        ("o", "overview: the whole board zoomed out to the pane (again: back); the cursor, "
              "targets, jump labels and enter work there too"),
        ("v", "(a hex map) shade the hexes the unit under the cursor can fire into: ○ in "
              "range with a line of sight, × in range but the sight blocked; the shading "
              "follows the cursor onto other units; v again: off"),
        ("enter", "act on the location under the cursor (a menu if several actions)"),
        ("click", "move the cursor; click again (or double click) to act"),
        ("esc", "(in jump mode) cancel the labels"),
    ]),
    ("Log pane", [
        ("up / down, pgup / pgdn, home / end", "move the line cursor (reverse video)"),
        ("enter / click", "the map cursor goes to the first place the line names"),
        ("/ or ctrl+f", "search the log: type, every match is underlined and the cursor goes "
                        "to the newest; enter ends the typing"),
        ("n / N", "(after a search) the next / previous matching line; esc clears the search"),
    ]),
    ("History (H in a game; muster replay PATH)", [
        ("left / right", "one action back / forward (the board, tracks, hand and log as "
                         "they were)"),
        ("pgup / pgdn", "ten actions back / forward"),
        ("home / end", "the game as set up / the last action"),
        ("t / T", "the first action of the next turn / of this (or the previous) turn"),
        ("r / R", "the next / previous action that rolled dice or drew cards"),
        ("click", "(on the slider) go to that point of the game"),
        ("i / enter", "everything about the place under the map cursor"),
        ("m", "maximize the map; in a battle at 80x24, the map instead of the battle"),
        ("esc / H", "back to the game, unchanged (muster replay: quit)"),
        ("q", "quit (the game in progress is saved first)"),
    ]),
    ("Hand / off-map pane", [
        ("up / down", "show a card's (or box's) full text under the list"),
        ("enter", "the whole text in a dialog"),
    ]),
    ("Action menu", [
        ("up / down, enter", "choose an action"),
        ("/ then type", "filter; down goes to the list, esc clears"),
    ]),
    ("Playing against the computer", [
        ("", "its moves come one by one (0.6 s apart; MUSTER_PACE sets it) while the line "
             "under the prompt says what it thinks and plays; it waits while a dialog is open; "
             "q quits at once (the save holds its last move played)"),
        ("u", "back to your own last decision (never to the middle of the computer's moves)"),
    ]),
    ("Turn banner (a new player's turn)", [
        ("enter", "take the keyboard (keys typed before the banner, or in its first 0.3 s, "
                  "are dropped)"),
    ]),
    ("Title screen", [
        ("c", "continue the most recent game (a damaged newer save is named, then skipped)"),
        ("n", "new game"),
        ("l", "load a saved game"),
        ("o", "online: your games on this host's Muster server"),
        ("q", "quit"),
    ]),
    ("Online (muster online; o on the title screen)", [
        ("enter", "open the highlighted game of yours / join the highlighted open seat"),
        ("n", "new online game: each seat an account, computer[:LEVEL] or open"),
        ("j", "join the highlighted open seat (which one, when several)"),
        ("u", "upload a hotseat save to continue online (every seat named)"),
        ("d", "download the highlighted game as an ordinary save (once it has ended)"),
        ("r", "list again (it lists again by itself every 3 s) / connect again"),
        ("esc", "back to the title screen"),
        ("", "in an online game the keys are a hotseat game's; u asks the server, which "
             "undoes only your own actions no other player has been shown; no hints; "
             "q quits, the game staying on the server"),
    ]),
    ("New game / load", [
        ("tab / shift+tab", "move between fields"),
        ("enter", "start the game / load the highlighted save (a damaged one says why not)"),
        ("d / delete", "(load) delete the highlighted save, damaged or not, after a question"),
        ("esc", "back"),
    ]),
    ("Delete a save?", [
        ("y / enter", "delete that file (and nothing else)"),
        ("n / esc", "keep it"),
    ]),
]

# the point-to-point map legend without a game (the map in play words its own: mapcanvas.legend)
LEGEND = map_legend()


def keys_table(title: str, rows: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", show_header=False,
                  box=None, padding=(0, 1), expand=True)
    table.add_column("keys", style="bold", no_wrap=True)
    table.add_column("does", ratio=1)
    for keys, does in rows:
        table.add_row(keys, does)
    return table


class HelpScreen(OnceModal):
    BINDINGS = [Binding("escape,q,question_mark,enter", "close", "Close")]

    def __init__(self) -> None:
        super().__init__(classes="dialog")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box help-box"):
            yield Static(Text("Muster — keys", style="bold"), classes="dialog-title")
            with VerticalScroll(id="help-body"):
                for section, rows in KEYS:
                    yield Static(keys_table(section, rows), classes="help-section")
                # the legend of the map in play: a hex map's, a point-to-point map's (its own
                # line kinds and markers), or both without a game
                canvas = self._canvas()
                hexmap = canvas is not None and hasattr(canvas, "terrain_chars")
                if canvas is None or hexmap:
                    yield Static(keys_table("Hex map legend", hex_legend(
                        getattr(canvas, "board", None), getattr(canvas, "codes", None))),
                        classes="help-section", id="hex-legend")
                if not hexmap:
                    rows = map_legend(canvas) if isinstance(canvas, MapCanvas) else LEGEND
                    yield Static(keys_table("Map legend", rows), classes="help-section",
                                 id="map-legend")
            yield Static(Text("Esc closes · arrows / pgup / pgdn scroll", style="dim"))

    def _canvas(self) -> Any:
        """The map canvas of the game under this screen (hex or point-to-point); None
        without a game."""
        for screen in reversed(self.app.screen_stack):
            canvas = getattr(screen, "canvas", None)
            if canvas is not None:
                return canvas
        return None

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
