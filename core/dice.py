"""Dice (../shared/DESIGN.md, "The shared core": Dice).

Dice are data: a `Die` has a name and its faces (`D6`, or custom dice with named faces such as
Gettysburg's white and black dice). Every roll of every game goes through `roll`, which
advances the state's generator (core/rng.py: so `Match` sees an undo barrier), writes the die,
its reason and its rule to the game log, and returns the face.

Tests and checks outside the project script the dice with the public hook

    with core.dice.scripted([6, 1, 3], strict=True) as dice:
        match.act(...)          # the next rolls show 6, 1, 3
        dice.push(4)            # more faces, for a later roll
        assert dice.rolled == [6, 1, 3, 4]

The generator still advances on a scripted roll. When the script runs out, rolls come from
the generator again, unless `strict=True`, where one more roll raises `ScriptExhausted` (so an
unexpected extra roll fails the test; the action that rolled it changes nothing).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Protocol

from core import rng

Face = int | str


class Holder(Protocol):
    """A game state: its generator and its log."""

    rng: int
    log: list[str]


@dataclass(frozen=True)
class Die:
    name: str
    faces: tuple[Face, ...]


D6 = Die("d6", (1, 2, 3, 4, 5, 6))

# Gettysburg 1863 (Yankees & Rebels, rule 1.2). The white activation / combat dice: the two-flag
# image on two faces, then one face each for the Union flag, the Confederate flag, the bugle and
# the command symbol (a hat). The black combat-effect dice: a loss circle (cross) on three faces,
# a pushed-back circle (arrow) on two, no effect (save) on one.
DOUBLE_FLAG = "double flag"
UNION_FLAG = "Union flag"
CONFEDERATE_FLAG = "Confederate flag"
BUGLE = "bugle"
COMMAND_HAT = "command hat"
CROSS = "cross"
ARROW = "arrow"
SAVE = "save"
WHITE = Die("white", (DOUBLE_FLAG, DOUBLE_FLAG, UNION_FLAG, CONFEDERATE_FLAG, BUGLE, COMMAND_HAT))
BLACK = Die("black", (CROSS, CROSS, CROSS, ARROW, ARROW, SAVE))


class ScriptExhausted(AssertionError):
    """A strict script was asked for one more roll than it holds."""


@dataclass
class Script:
    """The faces the next rolls will show, and the faces rolled so far under the script."""

    faces: list[Face]
    strict: bool = False
    rolled: list[Face] = field(default_factory=list)

    def push(self, *faces: Face) -> "Script":
        self.faces.extend(faces)
        return self

    @property
    def remaining(self) -> list[Face]:
        return list(self.faces)


_SCRIPT: ContextVar[Script | None] = ContextVar("muster_dice_script", default=None)


def roll(state: Holder, reason: str, rule: str, die: Die = D6) -> Face:
    """Roll `die` for `reason` under `rule` ("B4.0"): advance the generator, log, return."""
    face = die.faces[rng.randbelow(state, len(die.faces))]
    script = _SCRIPT.get()
    if script is not None:
        if script.faces:
            face = script.faces.pop(0)
            if face not in die.faces:
                raise ValueError(f"scripted face {face!r} is not a face of the {die.name}")
            script.rolled.append(face)
        elif script.strict:
            raise ScriptExhausted(f"a {die.name} was rolled for {reason} ({rule}) "
                                  f"but the dice script is used up")
    state.log.append(f"[{die.name}: {face}] {reason} ({rule})")
    return face


def d6(state: Holder, reason: str, rule: str) -> int:
    """One six-sided die, as an int."""
    face = roll(state, reason, rule, D6)
    assert isinstance(face, int)
    return face


@contextmanager
def scripted(faces: Iterable[Face], strict: bool = False) -> Iterator[Script]:
    """The next rolls show `faces` in order (see the module docstring)."""
    script = Script(list(faces), strict)
    token = _SCRIPT.set(script)
    try:
        yield script
    finally:
        _SCRIPT.reset(token)
