"""Positions for Wellington battle tests (core/wellington/battle/): an empty board, pieces
placed where a test wants them, a caller's frame under the battle (the movement part's next
step stands in as a stop that asks nobody anything), and the flow with the battle merged in
(flow.py merges it for the game: docs/wellington-battle.md)."""
from __future__ import annotations

from typing import Callable

from core import cards, stack
from core.engine import Action, Choice
from core.wellington import battle, building, flow
from core.wellington.presence import place_commander
from core.wellington.frames.battle import Battle
from core.wellington.frames.impulse import Impulse
from core.wellington.options import WellingtonOptions
from core.wellington.setup import new_state
from core.wellington.state import ART, CAV, INF, POWERS, UNBUILT, WellingtonState


class Caller(stack.Frame, tag="test-caller", kw_only=True):
    """What the battle returns to: the caller's next step (never answered in these tests)."""

    power: str


CALLER = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: "the caller's next step",
    choices=lambda state, frame: [Choice(Action("caller-next"), "next", "turn")],
    handlers={"caller-next": lambda state, frame, _noun: None},
)

FLOW: stack.Flow = {**flow.FLOW, **battle.FLOW, Caller: CALLER}


def board(active: str = "GB", seed: int = 1) -> WellingtonState:
    """The 1812 game with no piece on the map, no flag, no card in any hand (a battle test is
    about the battle rules; a test about a card deals it with `give`), in `active`'s impulse."""
    state = new_state(seed, "1812", WellingtonOptions())
    empty_hands(state)
    state.troops = {}
    state.commanders = {c: UNBUILT for c in state.commanders}
    state.leading = {}
    state.flags = {}
    state.log = []
    state.stack = [Impulse(power=active, kind="scheduled"), Caller(power=active)]
    return state


def empty_hands(state: WellingtonState) -> None:
    """Every Power's hand back into the deck."""
    for power in POWERS:
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)


def give(state: WellingtonState, power: str, number: int) -> None:
    """Card `number` from wherever it lies into `power`'s hand."""
    cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def place(state: WellingtonState, duchy: str, power: str, infantry: int = 0,
          cavalry: int = 0, artillery: int = 0, commanders: tuple[str, ...] = (),
          lead: bool = False) -> None:
    for kind, count in ((INF, infantry), (CAV, cavalry), (ART, artillery)):
        if count:
            building.add(state, duchy, power, kind, count)
    for commander in commanders:
        place_commander(state, commander, duchy)
    if lead and commanders:
        state.leading[duchy] = commanders[0]


def failed_evasion(state: WellingtonState, duchy: str) -> None:
    """What the movement part records when a defender fails to evade (10.7)."""
    state.evasion_failed.append(duchy)
    state.movement_impulse = state.impulses


def fight(state: WellingtonState, duchy: str, attacker: str, formation: str, came_from: str,
          intercepted: bool = False,
          cards: Callable[[Battle], None] | None = None) -> WellingtonState:
    """Start the battle as the movement part does, let `cards` set the card effects the
    events part would set, and run to the first decision."""
    battle.start(state, duchy, attacker, formation, came_from, intercepted)
    top = stack.top(state)
    assert isinstance(top, Battle)
    if cards is not None:
        cards(top)
    stack.run(state, FLOW, flow.settle)
    return state


def act(state: WellingtonState, role: str, verb: str, noun: str | int | None = None
        ) -> WellingtonState:
    """One decision through the one legality path (a new state; refusals raise)."""
    return stack.act(state, FLOW, role, Action(verb, noun), settle=flow.settle)


def asked(state: WellingtonState) -> type | None:
    top = stack.top(state)
    return type(top) if top is not None else None


def sp(state: WellingtonState, where: str, power: str) -> int:
    return building.sp(state, where, power)
