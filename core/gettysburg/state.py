"""Gettysburg 1863: the game state (everything the game needs, serialised with msgspec).

Rule numbers are the seed's (../shared/seeds/004_8f5627d0b513d1c4.txt), as the reference
../shared/rules/gettysburg-1863.md writes them.
"""
from __future__ import annotations

from typing import Union

import msgspec

from core.engine import State
from core.gettysburg.frames import FRAMES
from core.gettysburg.options import GbOptions
from core.gettysburg.scenarios import Turn

UNION = "Union"
CSA = "Confederate"
SIDES = (UNION, CSA)
INITIATIVE = CSA   # 7.1: the Confederate player has the initiative at Gettysburg

# Where a unit is (its `status`).
ON_MAP = "map"             # on the battlefield, in `hex`
DUE = "due"                # a reinforcement whose turn has not come (7.0)
PENDING = "pending"        # a reinforcement due, not yet entered (7.0, AMB-23)
ELIMINATED = "eliminated"  # eliminated in this game (5.3: 0 SP)
REMOVED = "removed"        # eliminated before the scenario starts (Scenarios 2 and 3)


def enemy(side: str) -> str:
    return CSA if side == UNION else UNION


class Unit(msgspec.Struct, frozen=True, kw_only=True, array_like=True, gc=False):
    """One combat unit as it stands now; what its counter prints is in the roster
    (core/gettysburg/units.py). Frozen: a change replaces it (`query.update`), so copies of
    the state share the units that did not change."""

    id: str
    side: str
    status: str
    hex: str = ""
    sp: int = 0                    # current SP: stand + discs (1.1)
    activated: bool = False        # 4.0 IMPORTANT: has acted this turn (counter turned)
    reacted: bool = False          # has rolled for a reaction this turn (AMB-08 c option)
    straggler: bool = False        # failed the corps integrity check (6.0 option)
    arrival_day: int = 0           # a reinforcement's turn and entry hex (7.0)
    arrival_hour: int | str = 0    # an hour, or "night" (7.1)
    entry: str = ""

    @property
    def on_map(self) -> bool:
        return self.status == ON_MAP

    @property
    def arrival(self) -> Turn:
        return Turn(self.arrival_day, self.arrival_hour)  # type: ignore[arg-type]


class Focus(msgspec.Struct, kw_only=True):
    """What is being resolved (the view's Panel): the round's dice, or a combat."""

    title: str
    rows: list[list[str]] = []
    notes: list[str] = []
    where: str = ""


GbFrame = Union[FRAMES]  # every frame the stack may hold (a tagged union for msgspec)


class GbState(State, kw_only=True):
    """The whole game: the clock, the units, the cup, the score, and the stack of what is
    pending (core/gettysburg/frames.py), outermost first."""

    options: GbOptions = GbOptions()
    stack: list[GbFrame] = []
    played: str = ""               # the scenarios.toml scenario played (a variant, AMB-28)
    turn: Turn = Turn(1, 8)
    last_day: int = 3
    units: list[Unit] = []
    cup: list[str] = []            # 2.0: the chits still in the cup this turn
    drawn: list[str] = []          # the chits drawn this turn, in order
    round_no: int = 0              # rounds played this turn
    hex_vp: list[int] = []         # 8.0: Confederate VP scored for hexes at the end of each day
    control: dict[str, str] = {}   # AMB-25 option: VP hex -> the last side to occupy it
    focus: Focus | None = None

    @property
    def phase(self) -> str:
        """The name of the stop on top of the stack, or "over" once the game has ended."""
        if self.result is not None:
            return "over"
        return self.stack[-1].__struct_config__.tag if self.stack else ""
