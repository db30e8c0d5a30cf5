"""A tiny two-player game on a tiny board, for the terminal UI's tests.

It exercises what the UI must show generically: map targets (some locations with two choices),
piece-id targets, an undoable action, dice (an undo barrier), hidden hands (a hand-off between
players when `hidden_info` is true), off-map boxes, tracks and a game over.

Not a real game: Red and Blue march their pieces along the lines; entering the enemy capital
wins; after `last_turn` turns the game is a draw.
"""
from __future__ import annotations

from typing import Any

import msgspec

from core import rng
from maps.board import Board, Link, Location
from core.engine import Action, Card, Choice, IllegalAction, OptionSpec, State, Token, View, \
    check_legal, clone

RED, BLUE = "Red", "Blue"
CAPITAL = {RED: "keep", BLUE: "tower"}


def _info(location: Location) -> list[str]:
    props = location.props
    lines = []
    if props.get("port"):
        lines.append("port")
    if "recruit" in props:
        lines.append(f"recruiting {props['recruit']}")
    if props.get("capital"):
        lines.append(f"capital of {props['capital']}")
    return lines


def _place(id: str, name: str, abbr: str, x: int, y: int, props: dict | None = None) -> Location:
    return Location(id, name, abbr, x, y, props or {}, "toy")


def _line(a: str, b: str, kind: str) -> Link:
    return Link(a, b, kind, {}, "toy")


BOARD = Board(
    "toy",
    {loc.id: loc for loc in [
        _place("harbor", "Harbor Town", "HARB", 20, 5, {"port": True, "recruit": 1}),
        _place("mill", "Old Mill", "MILL", 60, 8),
        _place("ford", "Ford", "FORD", 40, 20, {"recruit": 2}),
        _place("keep", "Red Keep", "KEEP", 90, 22, {"capital": RED}),
        _place("pass", "High Pass", "PASS", 130, 30),
        _place("vale", "Green Vale", "VALE", 70, 40),
        _place("marsh", "Salt Marsh", "MRSH", 120, 58),
        _place("tower", "Blue Tower", "TOWR", 175, 55, {"capital": BLUE}),
    ]},
    [
        _line("harbor", "mill", "road"),
        _line("harbor", "ford", "river"),
        _line("mill", "keep", "rail"),
        _line("ford", "keep", "road"),
        _line("ford", "vale", "road"),
        _line("keep", "pass", "rail"),
        _line("pass", "tower", "road"),
        _line("vale", "marsh", "river"),
        _line("marsh", "tower", "road"),
        _line("vale", "pass", "road"),
    ],
    info_formatter=_info,
)

CARDS = {
    1: ("Forced March", "Take one more march this turn."),
    2: ("Fresh Troops", "Your weakest piece gains one strength point."),
    3: ("Fog", "Nothing happens, but it is very atmospheric. " * 3),
    4: ("Forced March", "Take one more march this turn."),
    5: ("Fresh Troops", "Your weakest piece gains one strength point."),
    6: ("Fog", "Nothing happens."),
}


class Piece(msgspec.Struct):
    id: str
    side: str
    loc: str
    strength: int
    flags: list[str] = []


class ToyState(State, kw_only=True):
    turn: int = 1
    last_turn: int = 10
    marches: int = 2
    pieces: list[Piece] = []
    owner: dict[str, str] = {}
    lost: list[str] = []
    deck: list[int] = []
    hands: dict[str, list[int]] = {}


class ToyRules:
    id = "tui-toy"
    title = "Toy War"
    version = "1"
    state_type = ToyState

    def __init__(self, hidden_info: bool = False, game_id: str = "tui-toy") -> None:
        self.hidden_info = hidden_info
        self.id = game_id

    def board(self) -> Board:
        return BOARD

    def scenarios(self) -> list[str]:
        return ["standard", "short"]

    def roles(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return [RED, BLUE]

    def option_specs(self) -> list[OptionSpec]:
        return [
            OptionSpec("fog", "Fog of war", False, help="Hide the enemy's strength.",
                       balance="neutral"),
            OptionSpec("marches", "Marches per turn", 2, help="How far armies go each turn.",
                       balance="pro-attacker"),
            OptionSpec("weather", "Weather", "fair", choices=("fair", "rain"),
                       help="Rain slows everyone.", balance="pro-Blue"),
        ]

    def setup(self, seed: int, scenario: str, options: dict[str, Any]) -> ToyState:
        state = ToyState(game=self.id, scenario=scenario, options=dict(options),
                         rng=rng.seed_state(seed), active=[RED],
                         last_turn=10 if scenario == "standard" else 3,
                         marches=int(options.get("marches", 2)))
        state.pieces = [
            Piece("R1", RED, "keep", 3),
            Piece("R2", RED, "ford", 2, ["entrenched"]),
            Piece("B1", BLUE, "tower", 3),
            Piece("B2", BLUE, "marsh", 2, ["reduced"]),
        ]
        state.owner = {"keep": RED, "ford": RED, "tower": BLUE, "marsh": BLUE}
        deck = sorted(CARDS)
        rng.shuffle(state, deck)
        state.hands = {RED: deck[:2], BLUE: deck[2:4]}
        state.deck = deck[4:]
        state.log = [f"Toy War begins ({scenario})."]
        return state

    # -- views ---------------------------------------------------------------------------

    def view(self, state: ToyState, role: str | None) -> View:
        board: dict[str, list[Token]] = {}
        for p in state.pieces:
            board.setdefault(p.loc, []).append(
                Token(p.id, "army", p.side, f"{p.side} army {p.id}", p.strength, list(p.flags)))
        hand = None
        if role in state.hands:
            hand = [Card(c, CARDS[c][0], c, CARDS[c][1]) for c in state.hands[role]]
        return View(
            game=self.id, scenario=state.scenario, role=role, active=list(state.active),
            prompt=self._prompt(state, role),
            actions=self.actions(state, role) if role in state.active and not state.result
            else [],
            board=board,
            boxes={"lost": [Token(i, "army", RED if i[0] == "R" else BLUE, i) for i in state.lost]},
            control=dict(state.owner),
            tracks={"turn": state.turn, "player": state.active[0] if state.active else "-",
                    "marches left": state.marches, "deck": len(state.deck)},
            hand=hand,
            hand_sizes={side: len(cards) for side, cards in state.hands.items()},
            log=list(state.log), result=state.result,
        )

    def _prompt(self, state: ToyState, role: str | None) -> str:
        if state.result:
            return state.result
        if role not in state.active:
            return f"Waiting for {', '.join(state.active)}."
        return f"{role}: march ({state.marches} left), play a card, or end the turn."

    def actions(self, state: ToyState, role: str) -> list[Choice]:
        if state.result or role not in state.active:
            return []
        out: list[Choice] = []
        mine = [p for p in state.pieces if p.side == role]
        if state.marches > 0:
            seen = set()
            for p in mine:
                for other, link in BOARD.adjacent(p.loc):
                    if other in seen:
                        continue
                    seen.add(other)
                    name = BOARD.locations[other].name
                    enemy = any(q.loc == other and q.side != role for q in state.pieces)
                    if enemy:
                        out.append(Choice(Action("attack", other), f"Attack {name}", "battle"))
                        out.append(Choice(Action("probe", other), f"Probe {name}", "battle"))
                    else:
                        out.append(Choice(Action("march", other), f"March to {name}", "move"))
            for p in mine:
                out.append(Choice(Action("dig", p.id), f"Entrench {p.id}", "move"))
        for c in state.hands.get(role, []):
            out.append(Choice(Action("card", c), f"Play {CARDS[c][0]} (#{c})", "card"))
        out.append(Choice(Action("end", None), "End the turn", "turn"))
        return out

    def act(self, state: ToyState, role: str, action: Action,
            legal: list[Choice] | None = None) -> ToyState:
        if role not in state.active:
            raise IllegalAction(f"it is not {role}'s turn")
        check_legal(self.actions(state, role), action)
        s = clone(state)
        mine = [p for p in s.pieces if p.side == role]
        verb, noun = action.verb, action.noun
        if verb in ("march", "attack", "probe"):
            mover = next(p for p in mine if any(o == noun for o, _ in BOARD.adjacent(p.loc)))
            s.marches -= 1
            if verb == "march":
                mover.loc = str(noun)
                if "entrenched" in mover.flags:
                    mover.flags.remove("entrenched")
                s.owner[str(noun)] = role
                s.log.append(f"{role} marches {mover.id} to {BOARD.locations[noun].name}.")
            else:
                die = rng.roll(s)
                enemy = [q for q in s.pieces if q.loc == noun and q.side != role]
                if verb == "attack" and die + mover.strength > sum(q.strength for q in enemy):
                    for q in enemy:
                        s.pieces.remove(q)
                        s.lost.append(q.id)
                    mover.loc = str(noun)
                    s.owner[str(noun)] = role
                    s.log.append(f"{role} rolls {die} and takes {BOARD.locations[noun].name}.")
                else:
                    s.log.append(f"{role} rolls {die}: the {verb} at "
                                 f"{BOARD.locations[noun].name} fails.")
            if s.owner.get(CAPITAL[BLUE if role == RED else RED]) == role:
                s.result = f"{role} wins: the enemy capital has fallen."
                s.log.append(s.result)
        elif verb == "dig":
            piece = next(p for p in mine if p.id == noun)
            if "entrenched" not in piece.flags:
                piece.flags.append("entrenched")
            s.marches -= 1
            s.log.append(f"{role} entrenches {piece.id}.")
        elif verb == "card":
            s.hands[role].remove(int(noun))
            name = CARDS[int(noun)][0]
            if name == "Forced March":
                s.marches += 1
            elif name == "Fresh Troops" and mine:
                min(mine, key=lambda p: p.strength).strength += 1
            s.reveals += 1
            s.log.append(f"{role} plays {name}.")
        elif verb == "end":
            other = BLUE if role == RED else RED
            if role == BLUE:
                s.turn += 1
            s.active = [other]
            s.marches = int(s.options.get("marches", 2))
            if s.deck:
                s.hands[other].append(s.deck.pop())
            s.log.append(f"{role} ends the turn.")
            if s.turn > s.last_turn:
                s.result = "Draw: the turns ran out."
                s.log.append(s.result)
        return s


RULES = ToyRules()
HIDDEN_RULES = ToyRules(hidden_info=True, game_id="tui-toy-hidden")
