"""Washington's War: where a PC action may place, flip or remove a PC, asked of every space at
once (10.11 with an OPS card, 6.32.B with a discarded Event). Each rule is a set of map spaces
made from what the board holds, read once per listing (`PcBoard`). A set of spaces is an int,
one bit per map space in board order (core/ww/space_bits.py), so a rule is a few operations on
ints and a listing reads its spaces in board order from the bits, with no sorting.

    PcBoard(state)                      the PCs, CUs and generals these rules read
    friendly_adjacent(side, pcs)        the spaces next to PCs of `side` (10.11, 10.12.B, A35)
    can_place_now(state, side)          an OPS card's PC actions may place now (one scan)
    can_flip_now(state, side)           ... or flip now (a look at each of the side's generals)
    placeable(board, side, before, friendly)
                                        10.11.A.ii, 10.11.A.iv / 10.11.B.ii-iii; by discard
                                        (`friendly` given) next to a friendly PC, 10.12.B
    flippable(board, side, friendly)    10.11.A.iii / 10.11.B.iii (and 10.12.B by discard)
    removable(board, side, friendly)    6.32.B.iii, A9

`core/ww/strategy.py` lists the choices from these sets in board order. The board must not
change while a `PcBoard` is used (each set is made once, when a rule first asks it).
"""
from __future__ import annotations

from typing import Iterator

from core.ww import generals as roster
from core.ww import query as q
from core.ww.space_bits import BIT, MAP, PORTS, near
from core.ww.state import AM, AMERICAN, BR, BRITISH, FR, WwState

def friendly_adjacent(side: str, pcs: int) -> int:
    """Every map space for which `query.friendly_adjacent(space, side, pcs)` holds: next to
    one of `pcs`; for the British also every port when a port is among them, but that port
    when it is the only one (A35: every port is next to every other port for the British)."""
    out = near(pcs)
    if side != BRITISH:
        return out
    ports = pcs & PORTS
    if not ports:
        return out
    return out | (PORTS if ports & (ports - 1) else PORTS & ~ports)


# --- what the PC rules read of a state --------------------------------------------------------


class PcBoard:
    """What the PC rules read of one state, each set made the first time a rule asks."""

    __slots__ = ("state", "american_may_place", "_american_pcs", "_british_pcs",
                 "_british_cus", "_american_cus", "_leaders", "_armies")

    def __init__(self, state: WwState) -> None:
        self.state = state
        # 10.11.A.iv: no American PC actions while the Congress is dispersed or after the
        # Mutinies
        self.american_may_place = not (q.congress_dispersed(state) or state.mutiny)
        self._american_pcs: int | None = None
        self._british_pcs = 0
        self._british_cus: int | None = None
        self._american_cus: int | None = None
        self._leaders: int | None = None
        self._armies: int | None = None

    def pcs(self, side: str) -> int:
        """The spaces with a PC of `side` (both sides' read at once: every PC is American or
        British, 10.0.A)."""
        if self._american_pcs is None:
            american = british = 0
            for space, holder in self.state.pcs.items():
                if holder == AMERICAN:
                    american |= BIT[space]
                else:
                    british |= BIT[space]
            self._american_pcs, self._british_pcs = american, british
        return self._american_pcs if side == AMERICAN else self._british_pcs

    def free(self) -> int:
        """The map spaces with no PC (10.0.A)."""
        return MAP & ~(self.pcs(AMERICAN) | self._british_pcs)

    def british_cus(self) -> int:
        if self._british_cus is None:
            out = 0
            for where, here in self.state.cus.items():
                if here.get(BR):
                    out |= BIT.get(where, 0)
            self._british_cus = out
        return self._british_cus

    def american_units(self) -> int:
        """3.0 "American Unit": an American or French CU or general, or the Congress."""
        return self.american_forces() | BIT.get(self.state.congress, 0)

    def american_forces(self) -> int:
        """An American or French CU or general (the American Units but the Congress)."""
        return self.american_cus() | self.american_leaders()

    def american_cus(self) -> int:
        """An American or French CU (12.2.C: French units are American units)."""
        if self._american_cus is None:
            out = 0
            for where, here in self.state.cus.items():
                if here.get(AM) or here.get(FR):
                    out |= BIT.get(where, 0)
            self._american_cus = out
        return self._american_cus

    def american_leaders(self) -> int:
        """The American generals' spaces (Rochambeau too, 12.2.C)."""
        if self._leaders is None:
            self._leaders = _general_spaces(self.state, AMERICAN)
        return self._leaders

    def british_armies(self) -> int:
        """3.0: a British general with at least one British CU (query.has_army)."""
        if self._armies is None:
            self._armies = _general_spaces(self.state, BRITISH) & self.british_cus()
        return self._armies


def _general_spaces(state: WwState, side: str) -> int:
    """The map spaces `query.general_spaces(state, side)` holds."""
    sides = roster.sides()
    out = 0
    for general, where in state.generals.items():
        if sides[general] == side:
            out |= BIT.get(where, 0)
    return out


# --- the rules ----------------------------------------------------------------------------------


def placeable(board: PcBoard, side: str, before: int | None = None,
              friendly: int | None = None) -> int:
    """Where `side` may place a PC. American (10.11.A.ii): no PC and no British CU. British
    (10.11.B.ii-iii): no PC and no American Unit, and next to a British PC that stood before
    the card was played (`before`: `friendly_adjacent(BRITISH, those PCs)`) or holding a
    British Army. By discard (`friendly`: `friendly_adjacent(side, the side's PCs now)`,
    6.32.B.ii): next to a friendly PC for both sides instead (10.12.B)."""
    if side == AMERICAN:
        if not board.american_may_place:
            return 0
        out = board.free() & ~board.british_cus()
        return out & friendly if friendly is not None else out
    out = board.free() & ~board.american_units()
    if friendly is not None:
        return out & friendly
    assert before is not None, "a British placement needs the PCs before the card (10.11.B)"
    return out & (before | board.british_armies())


def can_place(board: PcBoard, side: str, british_before: set[str]) -> bool:
    """`placeable(board, side, friendly_adjacent(BRITISH, british_before))` is not empty,
    found without reading the whole map: the spaces are asked in board order until one will
    do, mostly one of the first."""
    return next(placements(board, side, british_before), None) is not None


def can_place_now(state: WwState, side: str) -> bool:
    """`can_place(PcBoard(state), side, pcs_of(state, BRITISH))`, the question an OPS card's
    menu asks (10.11 with the PCs before the card those of now), read space by space from the
    state in board order with no set made: mostly one of the first spaces answers. American
    (10.11.A.ii, iv): no PC and no British CU. British (10.11.B.ii-iii): no PC, no American
    Unit (3.0), and a British Army there or a British PC next door (A35: a port when a port
    holds a British PC; the space asked holds none, so that port is another)."""
    pcs, cus = state.pcs, state.cus
    if side == AMERICAN:
        if q.congress_dispersed(state) or state.mutiny:
            return False
        for space in q.spaces():
            if space not in pcs:
                here = cus.get(space)
                if not here or not here.get(BR, 0):
                    return True
        return False
    congress = state.congress
    british_port: bool | None = None   # whether a port holds a British PC, asked once
    for space in q.spaces():
        if space in pcs or space == congress:
            continue
        here = cus.get(space)
        if here and (here.get(AM, 0) or here.get(FR, 0)):
            continue
        if q.general_at(state, space, AMERICAN) is not None:
            continue
        if here and here.get(BR, 0) and q.general_at(state, space, BRITISH) is not None:
            return True                                         # a British Army
        if any(pcs.get(other) == BRITISH for other in q.neighbours(space)):
            return True
        if q.is_port(space):
            if british_port is None:
                british_port = any(pcs.get(port) == BRITISH for port in q.ports())
            if british_port:
                return True
    return False


def can_flip_now(state: WwState, side: str) -> bool:
    """`flippable(PcBoard(state), side)` is not empty, asked of the side's generals one by one
    with no set made: an enemy PC where an American general stands (10.11.A.iii), or where a
    British general stands with a British CU, a British Army (10.11.B.iii)."""
    enemy, pcs, sides = q.enemy(side), state.pcs, roster.sides()
    for general, where in state.generals.items():
        if sides[general] == side and pcs.get(where) == enemy and (
                side == AMERICAN or q.cus(state, where, BRITISH)):
            return True
    return False


def placements(board: PcBoard, side: str, british_before: set[str]) -> Iterator[str]:
    """The spaces of `placeable(board, side, friendly_adjacent(BRITISH, british_before))`, in
    board order, each asked on its own (American: no PC and no British CU; British: no PC, no
    American Unit, and a British Army there or a British PC of `british_before` next door, A35
    included)."""
    pcs = board.state.pcs
    if side == AMERICAN:
        if not board.american_may_place:
            return
        british_cus = board.british_cus()
        for space in q.spaces():
            if space not in pcs and not BIT[space] & british_cus:
                yield space
        return
    units, armies = board.american_units(), board.british_armies()
    ports = q.port_spaces().intersection(british_before)
    for space in q.spaces():
        if space in pcs or BIT[space] & units:
            continue
        if (BIT[space] & armies or any(other in british_before for other in q.neighbours(space))
                or q.is_port(space) and any(port != space for port in ports)):  # A35
            yield space


def flippable(board: PcBoard, side: str, friendly: int | None = None) -> int:
    """Where `side` may flip an enemy PC: with an American general there (10.11.A.iii), or a
    British Army (10.11.B.iii); by discard (`friendly`, as for `placeable`) also next to a
    friendly PC (10.12.B)."""
    with_force = board.american_leaders() if side == AMERICAN else board.british_armies()
    out = board.pcs(q.enemy(side)) & with_force
    return out & friendly if friendly is not None else out


def removable(board: PcBoard, side: str, friendly: int) -> int:
    """6.32.B.iii, A9: an enemy PC next to a friendly PC (`friendly`, as for `placeable`); the
    British not where an American CU, general or the Congress is, the American not where a
    British CU is."""
    out = board.pcs(q.enemy(side)) & friendly
    return out & ~(board.american_units() if side == BRITISH else board.british_cus())
