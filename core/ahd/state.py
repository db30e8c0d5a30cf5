"""A House Divided: the game state (everything the game needs, serialised with msgspec).

Rule numbers are those of the seed's basic rules (B...), see ../shared/rules/a-house-divided.md.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Union

import msgspec

from core.ahd.frames import FRAMES, Battle, PlayerTurn
from core.ahd.options import AhdOptions
from core.engine import State, copy_structs, use_copier
from core.stack import find

UNION = "Union"
CSA = "Confederate"
SIDES = (UNION, CSA)

# Off-map places a counter can be in (B2.0, B7.0, AMB-3).
POOL = "pool"      # recruitable militia (B7.0)
ASIDE = "aside"    # Union militia waiting for enlistment (B8.0)
SPARE = "spare"  # counters not in play: veterans/cracks free for promotion (B6.0)
EUROPE = "europe"  # A8.4: the off-map Europe box, where foreign units wait to sail (GAP-11)
OFF_MAP = (POOL, ASIDE, SPARE, EUROPE)

INFANTRY = "inf"
CAVALRY = "cav"
MILITIA = "militia"
VETERAN = "veteran"
CRACK = "crack"
GRADES = (MILITIA, VETERAN, CRACK)

# T1 unit values (B5.1, B5.2.1, B5.2.2; MF, MC and CS inferred: reference §2.4).
COMBAT_VALUE = {
    (INFANTRY, MILITIA): 2, (INFANTRY, VETERAN): 3, (INFANTRY, CRACK): 3,
    (CAVALRY, MILITIA): 1, (CAVALRY, VETERAN): 2, (CAVALRY, CRACK): 3,
}
CODE = {
    (INFANTRY, MILITIA): "MF", (INFANTRY, VETERAN): "FV", (INFANTRY, CRACK): "FS",
    (CAVALRY, MILITIA): "MC", (CAVALRY, VETERAN): "CV", (CAVALRY, CRACK): "CS",
}
NAME = {
    (INFANTRY, MILITIA): "militia infantry", (INFANTRY, VETERAN): "veteran infantry",
    (INFANTRY, CRACK): "crack infantry", (CAVALRY, MILITIA): "militia cavalry",
    (CAVALRY, VETERAN): "veteran cavalry", (CAVALRY, CRACK): "crack cavalry",
}


class Piece(msgspec.Struct, kw_only=True, array_like=True, gc=False, frozen=True):
    """One counter. Its id never changes; promotion swaps counters (B6.0). Frozen: a change
    replaces it in the state's list (`pieces.update`), so copies of the state share it."""

    id: str            # e.g. "U-MF-03", "C-FV-11"
    side: str          # UNION | CSA
    arm: str           # INFANTRY | CAVALRY
    grade: str         # MILITIA | VETERAN | CRACK
    loc: str           # a box id, or POOL / ASIDE / SPARE
    reduced: bool = False      # flipped to its red face by a hit (B5.1)
    entrenched: bool = False   # Entrenchment marker (B4.2.5); permanent ones are derived
    # -- bookkeeping for the current player turn (reset when a player turn starts) --
    marches: int = 0           # marches it took part in (at most 2, B4.0)
    digging: bool = False      # spent the first of two marches entrenching (B4.2.5)
    jumped: bool = False       # used its one jump (B4.2.1, B4.2.2, AMB-10)
    halted: bool = False       # entered a box holding enemy pieces: stops for the turn (AMB-11)
    sailed: bool = False       # naval move or invasion: no other move this turn (B4.2.3)
    came_from: str = ""        # box it entered its current box from ("" = by sea or not moved)
    crossing: bool = False     # entered across a blue river bank or by invasion (B5.2.3)
    fought: bool = False       # took part in a battle this player turn (B5.2.4)
    retreated: bool = False    # retreated or escaped from a battle this turn (B5.2.4)
    foreign: bool = False      # A8.4 foreign unit: outside the MAS, never promoted

    @property
    def code(self) -> str:
        return CODE[(self.arm, self.grade)]

    @property
    def value(self) -> int:
        return COMBAT_VALUE[(self.arm, self.grade)]

    @property
    def on_map(self) -> bool:
        return self.loc not in OFF_MAP


# Where a leader (A8.2) is when it is not on a map box.
NOT_ARRIVED = "not arrived"  # before the date on its counter
ARRIVING = "arriving"        # its date has come: placed in the owner's recruiting segment
RETURNING = "returning"      # left alone with enemy pieces: back in the owner's next recruiting
                             # segment (A8.2.2)
LEADER_OFF_MAP = (NOT_ARRIVED, ARRIVING, RETURNING)


class Leader(msgspec.Struct, kw_only=True, array_like=True, gc=False):
    """A leader counter (A8.2): not a piece (AMB-46). Its schedule is in leaders.toml."""

    id: str            # "lee", "grant", "sherman"
    side: str
    value: int         # its command value now (the white number; changes on its condition)
    loc: str = NOT_ARRIVED     # a box id, or NOT_ARRIVED / ARRIVING / RETURNING
    # -- bookkeeping for the current player turn (A8.2.1) --
    marches: int = 0           # free marches made alone (at most 2)
    sailed: bool = False       # moved alone by sea: no other move alone this turn
    followable: list[str] = []  # pieces that left its box this turn since it got there

    @property
    def on_map(self) -> bool:
        return self.loc not in LEADER_OFF_MAP


class Whereabouts:
    """Where the counters are, for each side: each place holding any of its counters (a map
    box, or POOL, ASIDE, SPARE, EUROPE) -> their positions in `AhdState.pieces`, in list order
    (`at`); the map boxes among those places (`boxes`); the positions of its counters on the
    map, in list order (`on_map`).

    A derived index of `pieces`, never saved (core/ahd/query.py answers "who stands where"
    from it instead of reading all the counters). It lives outside the state's fields:
    `AhdState.whereabouts` builds it on first use and `pieces.update`, the one way a counter
    changes place, keeps it in step; `clone` gives the copy a copy of it (`copy_state`).
    It describes one list (`pieces`): a state whose list was replaced builds a new one.
    A copy shares the dicts and sets with its original until either of them changes (most
    actions move no counter). tests/test_ahd_speed.py checks it against a full recount after
    every action of random games."""

    __slots__ = ("pieces", "at", "boxes", "on_map", "shared")

    def __init__(self, pieces: list[Piece]) -> None:
        self.pieces = pieces
        self.at: dict[str, dict[str, tuple[int, ...]]] = {side: {} for side in SIDES}
        for i, p in enumerate(pieces):
            places = self.at[p.side]
            places[p.loc] = places.get(p.loc, ()) + (i,)
        self.boxes: dict[str, set[str]] = {
            side: {place for place in places if place not in OFF_MAP}
            for side, places in self.at.items()}
        self.on_map: dict[str, tuple[int, ...]] = {
            side: tuple(i for i, p in enumerate(pieces) if p.side == side and p.on_map)
            for side in SIDES}
        self.shared = False  # the dicts belong to another index too: copy them before a change

    def copy(self, pieces: list[Piece]) -> "Whereabouts":
        """The same index for `pieces`, a copy of the list it describes."""
        new = Whereabouts.__new__(Whereabouts)
        new.pieces, new.at, new.boxes, new.on_map = pieces, self.at, self.boxes, self.on_map
        new.shared = self.shared = True
        return new

    def moved(self, i: int, side: str, old: str, new: str) -> None:
        """Counter number `i` of `side` went from place `old` to place `new`."""
        if self.shared:
            self.at = {side: dict(places) for side, places in self.at.items()}
            self.boxes = {side: set(boxes) for side, boxes in self.boxes.items()}
            self.on_map = dict(self.on_map)
            self.shared = False
        places = self.at[side]
        left = _without(places[old], i)
        if left:
            places[old] = left
        else:
            del places[old]
            self.boxes[side].discard(old)
        places[new] = _with(places.get(new, ()), i)
        if new not in OFF_MAP:
            self.boxes[side].add(new)
        if (old in OFF_MAP) != (new in OFF_MAP):  # enters or leaves the map
            on_map = self.on_map[side]
            self.on_map[side] = _with(on_map, i) if old in OFF_MAP else _without(on_map, i)


def _with(positions: tuple[int, ...], i: int) -> tuple[int, ...]:
    """Sorted `positions` with `i` added."""
    at = bisect_left(positions, i)
    return positions[:at] + (i,) + positions[at:]


def _without(positions: tuple[int, ...], i: int) -> tuple[int, ...]:
    """`positions` without `i`, which is one of them."""
    at = positions.index(i)
    return positions[:at] + positions[at + 1:]


AhdFrame = Union[FRAMES]  # every frame the stack may hold (a tagged union for msgspec)


class AhdState(State, kw_only=True, dict=True):
    """The whole game: the board (pieces, owners, leaders), what lasts the whole game, and the
    stack of what is pending (core/ahd/frames.py), outermost first.

    `dict=True` lets the state carry a derived index that is not one of its fields, so never
    encoded nor compared: `whereabouts` (see Whereabouts)."""

    options: AhdOptions = AhdOptions()  # typed once (core/ahd/options.py)
    stack: list[AhdFrame] = []
    turn: int = 1                  # game turn, 1 = July 1861 (B10.0, T12)
    start_turn: int = 1            # first turn of this game (scenarios start later)
    last_turn: int = 40            # 40, or 10 in the short game (B13.0)
    pieces: list[Piece] = []
    owner: dict[str, str] = {}     # box -> owning side, for every owned box (B9.0)
    cavalry_held: list[str] = []   # boxes held by cavalry alone (B9.0)
    mas_offset: dict[str, int] = {}  # permanent MAS adjustments (A6.0, AMB-29)
    # A4.0 containment: ports where the CSA contains a Union force; ports the Union captured by
    # naval invasion
    contained: list[str] = []
    invaded_ports: list[str] = []
    # O4.3 southern training (AMB-33)
    csa_infantry_lost: int = 0     # CSA FV/FS eliminated by enemy fire in this game turn
    # A8.3 border-state support: states whose militia has joined the CSA pool (once per game),
    # and the rolls made for each state so far
    border_used: list[str] = []
    border_rolls: dict[str, int] = {}
    # A8.4 foreign intervention: the game turn it was granted (0 = not granted; permanent)
    intervention_turn: int = 0
    # A8.2 leaders (empty unless the leader rule is in force)
    leaders: list[Leader] = []

    @property
    def whereabouts(self) -> Whereabouts:
        """Where the counters are (a derived index of `pieces`, built on first use)."""
        index: Whereabouts | None = self.__dict__.get("_whereabouts")
        if index is None or index.pieces is not self.pieces:
            index = self.__dict__["_whereabouts"] = Whereabouts(self.pieces)
        return index

    @property
    def player(self) -> str:
        """Whose player turn it is (B3.0). Outside a player turn: the Union before its first
        one; the Confederacy once the game has ended after its player turn (B10.0, B11.0)."""
        stack = self.stack
        if len(stack) > 1 and type(stack[1]) is PlayerTurn:  # where it is: on the game turn
            return stack[1].side
        turn = find(self, PlayerTurn)
        if turn is not None:
            return turn.side
        return CSA if self.result is not None else UNION

    @property
    def phase(self) -> str:
        """The name of the stop on top of the stack ("movement", "march", "recruit"...), or
        "over" once the game has ended."""
        if self.result is not None:
            return "over"
        return self.stack[-1].__struct_config__.tag if self.stack else ""

    @property
    def battle(self) -> Battle | None:
        """The battle being fought, if any (B5.0)."""
        return find(self, Battle)


def copy_state(state: AhdState) -> AhdState:
    """The deep copy `clone` makes of a state (at every action), written out field by field:
    the copier derived from the field types does the same, slower. The immutable fields are
    shared; every mutable one is copied (tests/test_ahd_speed.py checks that none is left out);
    the piece index (`Whereabouts`) goes with the copy."""
    new = state.__copy__()
    new.active = list(state.active)
    new.log = list(state.log)
    new.stack = copy_structs(state.stack)
    new.pieces = list(state.pieces)  # (the counters themselves are frozen)
    new.owner = dict(state.owner)
    new.cavalry_held = list(state.cavalry_held)
    new.mas_offset = dict(state.mas_offset)
    new.contained = list(state.contained)
    new.invaded_ports = list(state.invaded_ports)
    new.border_used = list(state.border_used)
    new.border_rolls = dict(state.border_rolls)
    new.leaders = copy_structs(state.leaders) if state.leaders else []
    index: Whereabouts | None = state.__dict__.get("_whereabouts")
    if index is not None and index.pieces is state.pieces:
        new.__dict__["_whereabouts"] = index.copy(new.pieces)
    return new


use_copier(AhdState, copy_state)
