"""Builders for the rule-by-rule tests of A House Divided (tests/test_ahd_*.py).

    match = new_match(seed=1)                       # campaign, July 1861, Union movement
    relocate(match.state, "U-MF-01", "rolla")       # put a counter anywhere (turn marks cleared)
    movement_phase(match, UNION, marches=3, turn=2) # a movement segment with a given allowance
    dice.push(6, 1)                                 # scripted dice (pytest fixture `dice`)
    act(match, UNION, "march", "rolla")             # Match.act with (verb, noun)
    labels(match, UNION)                            # the legal actions as "verb noun" strings
    assert_illegal(match, UNION, "march", "rolla")  # IllegalAction and the state unchanged

Tests put a position in place by editing `match.state` directly (pieces' `loc`, `owner`...)
and by putting the decision stack where they want it (`movement_phase`, `recruiting_phase`,
`promotion_phase`, `in_player_turn`), then drive the game only through `Match`.
"""
from __future__ import annotations

from typing import Iterable, Iterator, TypeVar

import msgspec
import pytest

import core.dice
from core import stack
from core.ahd import flow, movement
from core.ahd.frames import GameTurn, Movement, PlayerTurn, Promotion, Recruiting
from core.ahd import query as q
from core.ahd.pieces import TURN_MARKS, clear_turn_marks, piece, update
from core.ahd.state import ASIDE, CODE, CSA, POOL, SPARE, UNION, AhdState, Piece
from core.engine import Action, IllegalAction, Match
from core.registry import get_rules

RULES = get_rules("a-house-divided")
_CODES = {code: key for key, code in CODE.items()}

__all__ = ["ASIDE", "CSA", "POOL", "SPARE", "UNION", "Dice", "RULES", "act", "actions",
           "assert_illegal", "dice", "encoded", "finish_player_turn", "labels", "movement_phase",
           "in_player_turn", "recruiting_phase", "promotion_phase", "marches_left",
           "movement_of", "recruiting_of", "promotion_of",
           "new_match", "piece", "place", "relocate", "roll_into_turn", "route", "st",
           "destinations", "march", "clear_box", "ids", "pieces_in", "end_player_turn"]


# --- matches and positions ---------------------------------------------------------------


def new_match(seed: int = 1, **options: object) -> Match:
    """A campaign game (B2.0) at its first stop: July 1861, Union movement (B4.1)."""
    return Match.new(RULES, seed=seed, scenario="campaign", options=dict(options))


def st(match: Match) -> AhdState:
    state = match.state
    assert isinstance(state, AhdState)
    return state


def encoded(match: Match) -> bytes:
    return msgspec.msgpack.encode(match.state)


def relocate(state: AhdState, pid: str, box: str, **marks: object) -> Piece:
    """Put counter `pid` in `box` (a map box, POOL, ASIDE or SPARE), full strength, no marks."""
    return update(state, piece(state, pid), **{
        "loc": box, "reduced": False, "entrenched": False, **TURN_MARKS, **marks})


def put(state: AhdState, box: str, *ids: str, **marks: object) -> None:
    """Put counters `ids` in `box` as they are, setting the given marks (e.g. reduced=True)."""
    for pid in ids:
        update(state, piece(state, pid), loc=box, **marks)


def place(state: AhdState, side: str, code: str, box: str, n: int = 1) -> list[Piece]:
    """Take `n` counters of `code` (MF, FV, MC...) from the supply and put them in `box`."""
    arm, grade = _CODES[code]
    free = [p for p in state.pieces
            if p.side == side and p.arm == arm and p.grade == grade and p.loc == SPARE]
    assert len(free) >= n, f"not enough free {side} {code} counters"
    return [relocate(state, p.id, box) for p in free[:n]]


def clear_box(state: AhdState, box: str) -> None:
    """Send every counter in `box` to the supply (out of play)."""
    for p in state.pieces:
        if p.loc == box:
            relocate(state, p.id, SPARE)


def in_player_turn(match: Match, side: str, after: object, turn: int | None = None) -> AhdState:
    """Put the game inside `side`'s player turn of game turn `turn` (default: as it is), just
    after the PLAYER_TURN step `after` (e.g. flow.movement_segment): the stack becomes the game
    turn and that player turn, with nothing pending inside it."""
    state = st(match)
    if turn is not None:
        state.turn = turn
    game_turn = GameTurn(step=flow.GAME_TURN.index(
        flow.union_player_turn if side == UNION else flow.confederate_player_turn) + 1)
    player_turn = PlayerTurn(side=side, step=flow.PLAYER_TURN.index(after) + 1)
    state.stack = [game_turn, player_turn]
    state.active = [side]
    return state


def movement_phase(match: Match, side: str, marches: int, turn: int = 2,
                   die: int = 0) -> AhdState:
    """Start of `side`'s movement segment with `marches` left (turn marks cleared)."""
    state = in_player_turn(match, side, flow.movement_segment, turn)
    for p in state.pieces:
        clear_turn_marks(state, p)
    state.stack.append(Movement(die=die, marches_left=marches,
                                invasion=side == UNION and die == 6))
    return state


def recruiting_phase(match: Match, side: str, left: int = 0, die: int = 0,
                     turn: int | None = None) -> AhdState:
    """`side`'s recruiting segment with `left` militia still to place (0: only "end")."""
    state = in_player_turn(match, side, flow.recruiting_segment, turn)
    state.stack.append(Recruiting(die=die, left=left))
    return state


def promotion_phase(match: Match, side: str, turn: int | None = None) -> AhdState:
    """`side`'s promotion segment, one promotion allowed (B6.0)."""
    state = in_player_turn(match, side, flow.promotion_segment, turn)
    state.stack.append(Promotion(left=1))
    return state


F = TypeVar("F", bound=stack.Frame)


def pending(state: AhdState, kind: type[F]) -> F:
    """The innermost pending frame of `kind`; the test fails if there is none."""
    frame = stack.find(state, kind)
    assert frame is not None, f"no {kind.__name__} pending ({state.phase})"
    return frame


def movement_of(state: AhdState) -> Movement:
    """The movement segment under way (B4.0)."""
    return pending(state, Movement)


def recruiting_of(state: AhdState) -> Recruiting:
    return pending(state, Recruiting)


def promotion_of(state: AhdState) -> Promotion:
    return pending(state, Promotion)


def marches_left(state: AhdState) -> int:
    """The movement segment's marches left (0 outside a movement segment)."""
    moving = stack.find(state, Movement)
    return moving.marches_left if moving is not None else 0


def roll_into_turn(match: Match, side: str, dice: "Dice", move_die: int,
                   turn: int = 2) -> AhdState:
    """Reach `side`'s movement segment of game turn `turn` through the flow: the previous player
    turn is put at the end of its recruiting, ends, and `side` rolls `move_die` (B4.0)."""
    previous = CSA if side == UNION else UNION
    recruiting_phase(match, previous, turn=turn - 1 if side == UNION else turn)
    dice.push(move_die)
    act(match, previous, "end-recruiting")
    state = st(match)
    assert (state.player, state.phase, state.turn) == (side, "movement", turn)
    return state


def end_player_turn(match: Match, side: str, dice: "Dice", *next_rolls: int) -> AhdState:
    """Jump to the end of `side`'s recruiting segment (nothing more to recruit) and end the
    player turn through the flow: captures, victory, and the next player's movement roll
    (`next_rolls`: scripted dice rolled by that, usually the next movement die)."""
    recruiting_phase(match, side)
    dice.push(*next_rolls)
    act(match, side, "end-recruiting")
    return st(match)


def route(state: AhdState, pid: str, dest: str) -> movement.Route | None:
    return movement.routes(state, piece(state, pid)).get(dest)


def destinations(state: AhdState, pid: str) -> set[str]:
    return set(movement.routes(state, piece(state, pid)))


# --- acting ------------------------------------------------------------------------------


def act(match: Match, role: str, verb: str, noun: str | int | None = None) -> None:
    match.act(role, Action(verb, noun))


def actions(match: Match, role: str) -> list[Action]:
    return [c.action for c in match.actions(role)]


def labels(match: Match, role: str) -> list[str]:
    """The legal actions of `role`, as "verb noun" strings ("end-movement" without a noun)."""
    return [str(a) for a in actions(match, role)]


def assert_illegal(match: Match, role: str, verb: str, noun: str | int | None = None) -> None:
    """`match.act` refuses the action with IllegalAction and changes nothing."""
    before = encoded(match)
    history = list(match.history)
    with pytest.raises(IllegalAction):
        match.act(role, Action(verb, noun))
    assert encoded(match) == before, f"{verb} {noun} was refused but changed the state"
    assert match.history == history


def march(match: Match, role: str, origin: str, *moves: tuple[str, str]) -> None:
    """One march from `origin`: each (piece, destination) in turn, then end the march if it is
    still open."""
    act(match, role, "march", origin)
    for pid, dest in moves:
        act(match, role, "piece", pid)
        act(match, role, "space", dest)
    if st(match).phase == "march":
        act(match, role, "end-march")


def finish_player_turn(match: Match, role: str) -> None:
    """End movement, promote nobody, end recruiting (dice as scripted by the test)."""
    state = st(match)
    assert state.player == role
    if state.phase in ("march", "march-to", "sail-to", "invasion"):
        raise AssertionError(f"finish_player_turn in phase {state.phase}")
    if state.phase == "movement":
        act(match, role, "end-movement")
    if st(match).phase == "promotion" and st(match).player == role:
        act(match, role, "pass")
    if st(match).phase == "recruit" and st(match).player == role:
        act(match, role, "end-recruiting")


# --- scripted dice -----------------------------------------------------------------------


Dice = core.dice.Script


@pytest.fixture
def dice() -> Iterator[core.dice.Script]:
    """Strictly scripted dice (core.dice.scripted): `dice.push(6, 1)` scripts the next rolls;
    a roll with nothing pushed fails the test, so every die a test causes is accounted for."""
    with core.dice.scripted([], strict=True) as script:
        yield script


def ids(pieces: Iterable[Piece]) -> list[str]:
    return sorted(p.id for p in pieces)


def pieces_in(state: AhdState, box: str, side: str | None = None) -> list[str]:
    return ids(q.pieces_at(state, box, side))
