"""Builders for the battle tests of A House Divided (core/ahd/battle/), on the decision stack.

    state = battle_state(UNION, turn=2, morale=True)   # every counter in the supply
    put(state, "little-rock", "U-MF-01", came_from="fort-smith")
    battle_dice.push(4, 1)                             # the strict dice fixture below
    start(state, "little-rock")                        # battle.begin, then run to a stop
    do(state, "target", "U-MF-01")                     # the asked role acts, in place
    refused(state, CSA, Action("target", "C-FV-01"))   # IllegalAction, the state unchanged

A test state has a `PlayerTurn` frame of the attacker under the battle (the flow's frame that
`state.player` reads); in these tests that frame is a stop that asks nothing, so once the
battle ends the stack rests on it, with the player turn's side active.
"""
from __future__ import annotations

from typing import Callable, Iterator

import msgspec
import pytest

import core.dice
from core import stack
from core.ahd import battle, leaders
from core.ahd.counters import make_counters
from core.ahd.frames import Battle, PlayerTurn
from core.ahd.options import AhdOptions
from core.ahd.query import map_boxes, printed_owner
from core.ahd.state import UNION, AhdState
from core.engine import Action, Choice, IllegalAction
from tests.support.ahd import put  # noqa: F401  (re-exported for the battle tests)

# After the battle: the player turn goes on (the flow's business, not these tests').
PLAYER_TURN = stack.Stop(role=lambda state, frame: frame.side,
                         prompt=lambda state, frame: f"{frame.side} player turn goes on",
                         choices=lambda state, frame: [], handlers={})
FLOW = {**battle.FLOW, PlayerTurn: PLAYER_TURN}


@pytest.fixture
def battle_dice() -> Iterator[core.dice.Script]:
    """Strictly scripted dice: `battle_dice.push(6, 1)` scripts the next rolls; one roll more
    than pushed fails the test (core.dice.ScriptExhausted), and so does a pushed face left
    unrolled at its end: every test states exactly the dice its battle rolls."""
    with core.dice.scripted([], strict=True) as script:
        yield script
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"


def battle_state(player: str = UNION, turn: int = 1, owners: dict[str, str | None] | None = None,
                 **options: object) -> AhdState:
    """A campaign state in `player`'s player turn, game turn `turn`, every counter in the
    supply, the printed owners (B9.0) changed by `owners` (None: nobody's), and the given
    options; the leaders of A8.2 exist (off the map) when `leaders` is on."""
    owner = {box: side for box in map_boxes() if (side := printed_owner(box))}
    for box, side in (owners or {}).items():
        if side is None:
            owner.pop(box, None)
        else:
            owner[box] = side
    state = AhdState(game="a-house-divided", scenario="campaign", pieces=make_counters(),
                     owner=owner, turn=turn, options=AhdOptions(**options))
    leaders.enter_game(state, {})
    stack.push(state, PlayerTurn(side=player))
    return state


def lead(state: AhdState, lid: str, box: str, value: int | None = None) -> None:
    """Put leader `lid` (A8.2) in `box`, with `value` if given."""
    ldr = leaders.leader(state, lid)
    ldr.loc = box
    if value is not None:
        ldr.value = value


def start(state: AhdState, box: str, breakout: bool = False) -> Battle:
    """Begin the battle in `box` and run it to its first question (or its end)."""
    battle.begin(state, box, breakout=breakout)
    b = state.battle
    assert b is not None
    stack.run(state, FLOW)
    return b


def choices(state: AhdState) -> list[Choice]:
    return stack.choices(state, FLOW, state.active[0]) if state.active else []


def acts(state: AhdState) -> list[Action]:
    return [c.action for c in choices(state)]


def labels(state: AhdState) -> list[str]:
    return [c.label for c in choices(state)]


def nouns(state: AhdState, verb: str) -> list:
    """The nouns offered with `verb`, sorted."""
    return sorted(a.noun for a in acts(state) if a.verb == verb)


def prompt(state: AhdState) -> str:
    return stack.prompt(state, FLOW)


def do(state: AhdState, verb: str, noun: str | int | None = None) -> None:
    """The asked role takes (verb, noun), which must be legal, in place (the Battle frame the
    test holds stays the one in the state)."""
    action = Action(verb, noun)
    if action not in acts(state):
        raise IllegalAction(f"{action} is not offered: {acts(state)}")
    stack.apply(state, FLOW, action)


def declare(state: AhdState, *targets: str) -> None:
    for target in targets:
        do(state, "target", target)


def encoded(state: AhdState) -> bytes:
    return msgspec.msgpack.encode(state)


def refused(state: AhdState, role: str, action: Action) -> None:
    """`stack.act` refuses the action with IllegalAction and the state is unchanged."""
    before = encoded(state)
    with pytest.raises(IllegalAction):
        stack.act(state, FLOW, role, action)
    assert encoded(state) == before


def lines(state: AhdState, text: str) -> list[str]:
    """The log lines holding `text`, less the dice's own lines ('[d6: 4] ...', core.dice)."""
    return [line for line in state.log if text in line and not line.startswith("[")]


def shots(state: AhdState) -> list[str]:
    return lines(state, " fires at ")


def asking(state: AhdState, tag: str, side: str | None = None,
           round_no: int | None = None) -> Callable[[AhdState], bool]:
    """A condition: the stop `tag` asks (`side`), in round `round_no`."""
    def check(s: AhdState) -> bool:
        b = s.battle
        return (s.phase == tag and (side is None or s.active == [side])
                and (round_no is None or (b is not None and b.round == round_no)))
    return check


PLAIN = ("stand", "done", "fight", "no-rally", "no-promotion", "target", "bonus", "engage")


def play_on(state: AhdState, until: Callable[[AhdState], bool]) -> None:
    """Answer every question plainly (stand, done, fight, no rally, no promotion, the first
    target / bonus point / firer offered) until `until(state)`; the dice come from the test's
    strict script."""
    for _ in range(400):
        if until(state):
            return
        assert state.battle is not None, "the battle ended first"
        offered = {a.verb: a for a in reversed(acts(state))}
        verb = next((v for v in PLAIN if v in offered), None)
        assert verb is not None, f"no plain answer among {acts(state)}"
        stack.apply(state, FLOW, offered[verb])
    raise AssertionError("the wanted point was not reached")


def over(state: AhdState) -> bool:
    """The battle has ended: the stack rests on the player turn."""
    return state.battle is None
