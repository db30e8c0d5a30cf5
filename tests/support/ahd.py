"""Builders for the rule-by-rule tests of A House Divided (tests/test_ahd_*.py).

    match = new_match(seed=1)                       # campaign, July 1861, Union movement
    relocate(match.state, "U-MF-01", "rolla")       # put a counter anywhere (turn marks cleared)
    movement_phase(match, UNION, marches=3, turn=2) # a movement segment with a given allowance
    dice.push(6, 1)                                 # scripted dice (pytest fixture `dice`)
    act(match, UNION, "march", "rolla")             # Match.act with (verb, noun)
    labels(match, UNION)                            # the legal actions as "verb noun" strings
    assert_illegal(match, UNION, "march", "rolla")  # IllegalAction and the state unchanged

Tests put a position in place by editing `match.state` directly (pieces' `loc`, `owner`,
`phase`, `player`/`active`, `marches_left`...), then drive the game only through `Match`.
"""
from __future__ import annotations

from typing import Iterable, Iterator

import msgspec
import pytest

import core.dice
from core.ahd import movement
from core.ahd import query as q
from core.ahd.pieces import clear_turn_marks, piece
from core.ahd.state import ASIDE, CODE, CSA, POOL, SUPPLY, UNION, AhdState, Piece
from core.engine import Action, IllegalAction, Match
from core.registry import get_rules

RULES = get_rules("a-house-divided")
_CODES = {code: key for key, code in CODE.items()}

__all__ = ["ASIDE", "CSA", "POOL", "SUPPLY", "UNION", "Dice", "RULES", "act", "actions",
           "assert_illegal", "dice", "encoded", "finish_player_turn", "labels", "movement_phase",
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
    """Put counter `pid` in `box` (a map box, POOL, ASIDE or SUPPLY), full strength, no marks."""
    p = piece(state, pid)
    p.loc = box
    p.reduced = False
    p.entrenched = False
    clear_turn_marks(p)
    for key, value in marks.items():
        setattr(p, key, value)
    return p


def put(state: AhdState, box: str, *ids: str, **marks: object) -> None:
    """Put counters `ids` in `box` as they are, setting the given marks (e.g. reduced=True)."""
    for pid in ids:
        p = piece(state, pid)
        p.loc = box
        for key, value in marks.items():
            setattr(p, key, value)


def place(state: AhdState, side: str, code: str, box: str, n: int = 1) -> list[Piece]:
    """Take `n` counters of `code` (MF, FV, MC...) from the supply and put them in `box`."""
    arm, grade = _CODES[code]
    free = [p for p in state.pieces
            if p.side == side and p.arm == arm and p.grade == grade and p.loc == SUPPLY]
    assert len(free) >= n, f"not enough free {side} {code} counters"
    return [relocate(state, p.id, box) for p in free[:n]]


def clear_box(state: AhdState, box: str) -> None:
    """Send every counter in `box` to the supply (out of play)."""
    for p in state.pieces:
        if p.loc == box:
            relocate(state, p.id, SUPPLY)


def movement_phase(match: Match, side: str, marches: int, turn: int = 2,
                   die: int = 0) -> AhdState:
    """Start of `side`'s movement segment with `marches` left (turn marks cleared)."""
    state = st(match)
    state.turn = turn
    state.player = side
    state.active = [side]
    state.phase = "movement"
    state.marches_left = marches
    state.move_die = die
    state.invasion = side == UNION and die == 6
    state.invasion_target = ""
    state.march_from = ""
    state.march_pieces = []
    state.march_paid = False
    state.selected = ""
    state.battle = None
    for p in state.pieces:
        clear_turn_marks(p)
    return state


def roll_into_turn(match: Match, side: str, dice: "Dice", move_die: int,
                   turn: int = 2) -> AhdState:
    """Reach `side`'s movement segment of game turn `turn` through the flow: the previous player
    turn is put at the end of its recruiting, ends, and `side` rolls `move_die` (B4.0)."""
    state = st(match)
    previous = CSA if side == UNION else UNION
    state.turn = turn - 1 if side == UNION else turn
    state.player = previous
    state.active = [previous]
    state.phase = "recruit"
    state.recruits_left = 0
    state.recruited_in = []
    state.battle = None
    dice.push(move_die)
    act(match, previous, "end-recruiting")
    state = st(match)
    assert (state.player, state.phase, state.turn) == (side, "movement", turn)
    return state


def end_player_turn(match: Match, side: str, dice: "Dice", *next_rolls: int) -> AhdState:
    """Jump to the end of `side`'s recruiting segment (nothing more to recruit) and end the
    player turn through the flow: captures, victory, and the next player's movement roll
    (`next_rolls`: scripted dice rolled by that, usually the next movement die)."""
    state = st(match)
    assert state.player == side and state.phase in ("movement", "promotion", "recruit")
    state.phase = "recruit"
    state.recruits_left = 0
    state.recruited_in = []
    state.march_from = ""
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
