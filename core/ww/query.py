"""Washington's War: questions about the board and the pieces, and the small changes every part
of the rules makes (moving CUs and generals, placing PCs). One place for each, so movement,
battles, events and phases ask and change the board the same way.

The board is maps/washingtons_war.toml (loaded by maps/washingtons_war.py): space props
`colony`, `port`, `fortified`, `winter_quarters`, `blockade_zone` (of a port, 12.3),
`south_of_attrition_line` (2.1.B); links of kind "wilderness" cost 3 (7.3.D) and
the Falmouth-Quebec link is `arnold_only` (7.4.D).
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import Iterable

from maps.board import Board, Link
from maps import washingtons_war as board_data
from core.ww import generals as roster
from core.ww.state import (AM, AMERICAN, BR, BRITISH, DISPERSED, FR, NATIONALITIES, REMOVED,
                           RESERVE, SIDE_OF, WwState)

ARNOLD = "arnold"
WASHINGTON = "washington"
ROCHAMBEAU = "rochambeau"
CANADA = "Canada"
WILDERNESS_COST = 3        # 7.3.D: crossing a dashed line counts as 3 spaces


def enemy(side: str) -> str:
    return BRITISH if side == AMERICAN else AMERICAN


def nationalities(side: str) -> tuple[str, ...]:
    """The CU nationalities of a side: French CUs are American units (12.2.C)."""
    return (AM, FR) if side == AMERICAN else (BR,)


# --- the board ----------------------------------------------------------------------------


def board() -> Board:
    return board_data.load()


@cache
def spaces() -> tuple[str, ...]:
    """Every map space (no off-map box), in file order."""
    return tuple(loc.id for loc in board().locations.values() if not loc.offmap)


def name(space: str) -> str:
    """A space's (or box's) name as the log and the menus write it."""
    return _NAMES[space]


def set_pc(state: WwState, space: str, side: str, rule: str) -> None:
    """Place a PC of `side` in `space`, or flip the enemy's there (10.0.A: one per space)."""
    flipped = space in state.pcs
    state.pcs[space] = side
    state.log.append(f"{side} {'flips the PC' if flipped else 'places a PC'} in "
                     f"{name(space)} ({rule}).")


# The board never changes in a game: what the rules ask of a space most, read once at import.
_LOCATIONS = board_data.load().locations
_PROPS: dict[str, dict] = {loc.id: loc.props for loc in _LOCATIONS.values()}
_NAMES: dict[str, str] = {loc.id: loc.name for loc in _LOCATIONS.values()}
_COLONIES: dict[str, str] = {space: str(props.get("colony")) for space, props in _PROPS.items()}
_PORTS: dict[str, bool] = {space: bool(props.get("port", False))
                           for space, props in _PROPS.items()}
_MAP_SPACES: frozenset[str] = frozenset(loc.id for loc in _LOCATIONS.values() if not loc.offmap)
_PORT_SPACES: frozenset[str] = frozenset(space for space in _MAP_SPACES if _PORTS[space])
_BOARD_ORDER: dict[str, int] = {space: i for i, space in enumerate(
    loc.id for loc in _LOCATIONS.values() if not loc.offmap)}   # spaces() order


def map_spaces() -> frozenset[str]:
    """Every map space (no off-map box), as a set."""
    return _MAP_SPACES


def in_board_order(some: Iterable[str]) -> list[str]:
    """Map spaces in board order (`spaces()`), for a listing made from sets."""
    return sorted(some, key=_BOARD_ORDER.__getitem__)


def port_spaces() -> frozenset[str]:
    """Every port, as a set (`ports` in board order)."""
    return _PORT_SPACES


def prop(space: str, key: str, default=None):
    return _PROPS[space].get(key, default)


def colony(space: str) -> str:
    return _COLONIES[space]


def is_port(space: str) -> bool:
    return _PORTS[space]


def is_fortified(space: str) -> bool:
    """2.1.C: Quebec, Montreal, Charleston, Philadelphia."""
    return space in _FORTIFIED


def is_winter_quarters(space: str) -> bool:
    return space in _WINTER_QUARTERS


def south_of_line(space: str) -> bool:
    return space in _SOUTH


def zone(space: str) -> str:
    """The blockade zone of a port (12.3), "" for a space that is not a port."""
    return _ZONES[space]


def blockaded(state: WwState, space: str) -> bool:
    """12.3: the port lies in the zone the French Navy is in."""
    navy = state.navy
    return bool(navy) and _PORTS[space] and _ZONES[space] == navy


def _flagged(key: str) -> frozenset[str]:
    return frozenset(space for space, props in _PROPS.items() if props.get(key, False))


_FORTIFIED = _flagged("fortified")
_WINTER_QUARTERS = _flagged("winter_quarters")
_SOUTH = _flagged("south_of_attrition_line")
_ZONES: dict[str, str] = {space: str(props.get("blockade_zone", "") or "")
                          for space, props in _PROPS.items()}


@cache
def _links(space: str) -> tuple[tuple[str, Link], ...]:
    return tuple(board().adjacent(space))


def adjacent(space: str, general: str | None = None, isolation: bool = False) -> list[str]:
    """Spaces joined to `space` by a line. The Falmouth-Quebec link exists for Arnold only,
    for moving, intercepting, retreating before battle and retreating (7.4.D, A14), and never
    for isolation (10.3)."""
    return list(_adjacent(space, general == ARNOLD and not isolation))


@cache
def _adjacent(space: str, arnold: bool) -> tuple[str, ...]:
    out: list[str] = []
    for other, link in _links(space):
        if link.props.get("arnold_only") and not arnold:
            continue
        if other not in out:
            out.append(other)
    return tuple(out)


def neighbours(space: str) -> tuple[str, ...]:
    """The spaces joined to `space` by an isolation link (every link but Falmouth-Quebec,
    10.3): the adjacency of PCs (10.11, 10.12.B)."""
    return _adjacent(space, False)


def link_cost(a: str, b: str) -> int:
    """Spaces a move from `a` to adjacent `b` counts: 1, or 3 across a wilderness link."""
    found = _link_costs().get((a, b))
    if found is None:
        raise KeyError(f"{a} and {b} are not adjacent")
    return found


@cache
def _link_costs() -> dict[tuple[str, str], int]:
    """`link_cost` of every two adjacent spaces (the first link between them, as listed)."""
    out: dict[tuple[str, str], int] = {}
    for a in _LOCATIONS:
        for other, link in _links(a):
            out.setdefault((a, other), WILDERNESS_COST if link.kind == "wilderness" else 1)
    return out


@cache
def colonies() -> tuple[str, ...]:
    """The 13 colonies and Canada, in board order (13.2: Canada counts for victory)."""
    seen: list[str] = []
    for space in spaces():
        if colony(space) not in seen:
            seen.append(colony(space))
    return tuple(seen)


@cache
def spaces_of(colony_name: str) -> tuple[str, ...]:
    """The spaces of a colony, in board order (made once: the board never changes)."""
    return tuple(s for s in spaces() if colony(s) == colony_name)


@cache
def spaces_in(colony_names: tuple[str, ...]) -> tuple[str, ...]:
    """The spaces of any of these colonies, in board order (an event's "in NY, PA or VA")."""
    return tuple(s for s in spaces() if colony(s) in colony_names)


@cache
def ports() -> tuple[str, ...]:
    return tuple(s for s in spaces() if is_port(s))


# --- pieces ---------------------------------------------------------------------------------


def cus(state: WwState, where: str, side: str | None = None) -> int:
    """CUs at a space or box: of `side` (French counted as American), or all."""
    here = state.cus.get(where)
    if not here:
        return 0
    if side is None:
        return sum(here.values())
    if side == AMERICAN:
        return here.get(AM, 0) + here.get(FR, 0)
    return here.get(BR, 0)


def cu_count(state: WwState, where: str, nationality: str) -> int:
    return state.cus.get(where, {}).get(nationality, 0)


def add_cus(state: WwState, where: str, nationality: str, n: int) -> None:
    if n <= 0:
        return
    here = state.cus.setdefault(where, {})
    here[nationality] = here.get(nationality, 0) + n


def remove_cus(state: WwState, where: str, nationality: str, n: int) -> int:
    """Take up to `n` CUs of `nationality` from `where`; returns how many were taken."""
    here = state.cus.get(where, {})
    taken = min(n, here.get(nationality, 0))
    if taken:
        here[nationality] -= taken
        if not here[nationality]:
            del here[nationality]
        if not here:
            del state.cus[where]
    return taken


def move_cus(state: WwState, source: str, target: str, nationality: str, n: int) -> int:
    taken = remove_cus(state, source, nationality, n)
    add_cus(state, target, nationality, taken)
    return taken


def generals_at(state: WwState, where: str, side: str | None = None) -> list[str]:
    if where not in state.generals.values():  # (most places have none: one look in C)
        return []
    if side is None:
        return [g for g, loc in state.generals.items() if loc == where]
    sides = roster.sides()
    return [g for g, loc in state.generals.items() if loc == where and sides[g] == side]


def general_at(state: WwState, where: str, side: str) -> str | None:
    """The general of `side` in a space (at most one per side outside the moment of arrival,
    3.0 stacking)."""
    generals = state.generals
    if where not in generals.values():  # (most places have none: one look in C)
        return None
    sides = roster.sides()
    for general, loc in generals.items():
        if loc == where and sides[general] == side:
            return general
    return None


def has_army(state: WwState, where: str, side: str) -> bool:
    """3.0: a general plus at least one friendly CU."""
    return cus(state, where, side) > 0 and general_at(state, where, side) is not None


def american_units(state: WwState, where: str) -> bool:
    """3.0 'American Unit': an American or French general or CU, or the Continental Congress."""
    return (cus(state, where, AMERICAN) > 0 or state.congress == where
            or general_at(state, where, AMERICAN) is not None)


def general_spaces(state: WwState, side: str) -> set[str]:
    """Every place where `general_at(state, place, side)` finds a general."""
    sides = roster.sides()
    return {loc for general, loc in state.generals.items() if sides[general] == side}


def american_unit_spaces(state: WwState) -> set[str]:
    """Every place where `american_units` holds, for a listing that asks of every space."""
    out = {where for where, here in state.cus.items() if here.get(AM, 0) or here.get(FR, 0)}
    sides = roster.sides()
    out.update(loc for general, loc in state.generals.items() if sides[general] == AMERICAN)
    out.add(state.congress)
    return out


def without_pc_or_british_cu(state: WwState, spaces: Iterable[str]) -> list[str]:
    """The `spaces` with no PC of either side and no British CU (10.11.A.ii, where the
    American may place), read from the state directly: asked of every space of a colony at
    every set-up and Declaration choice."""
    pcs, cus = state.pcs, state.cus
    return [s for s in spaces
            if s not in pcs and not ((here := cus.get(s)) and here.get(BR, 0))]


def british_pieces(state: WwState, where: str) -> bool:
    return cus(state, where, BRITISH) > 0 or general_at(state, where, BRITISH) is not None


def on_map(where: str) -> bool:
    return where in _MAP_SPACES


def cus_on_map(state: WwState, side: str) -> int:
    return sum(cus(state, space, side) for space in state.cus if on_map(space))


def congress_dispersed(state: WwState) -> bool:
    return state.congress == DISPERSED


def side_of_nationality(nationality: str) -> str:
    return SIDE_OF[nationality]


# --- political control (10.0) ---------------------------------------------------------------


def pc(state: WwState, space: str) -> str | None:
    return state.pcs.get(space)


def pcs_in(state: WwState, colony_name: str, side: str) -> int:
    return sum(1 for s in spaces_of(colony_name) if state.pcs.get(s) == side)


def colony_controller(state: WwState, colony_name: str) -> str | None:
    """10.0.B: the side with more PCs; Canada needs both Montreal and Quebec."""
    if colony_name == CANADA:
        holders = {state.pcs.get("montreal"), state.pcs.get("quebec")}
        return holders.pop() if len(holders) == 1 and None not in holders else None
    held = [state.pcs.get(space) for space in spaces_of(colony_name)]   # (one look each)
    american, british = held.count(AMERICAN), held.count(BRITISH)
    if american > british:
        return AMERICAN
    if british > american:
        return BRITISH
    return None


def count_colonies(n: int) -> str:
    """'1 colony', '13 colonies' (prompts)."""
    return f"{n} {'colony' if n == 1 else 'colonies'}"


def colonies_controlled(state: WwState, side: str) -> int:
    """13.2: colonies (Canada counting as one) the side controls."""
    return sum(1 for c in colonies() if colony_controller(state, c) == side)


def british_adjacent(space: str, british_pcs: set[str]) -> bool:
    """10.11.B: adjacent to a space with a British PC, every port adjacent to every other
    port for the British (A35: all British PC adjacency tests, not movement)."""
    if any(other in british_pcs for other in _adjacent(space, False)):
        return True
    return is_port(space) and any(is_port(other) and other != space for other in british_pcs)


def american_adjacent(space: str, american_pcs: set[str]) -> bool:
    return any(other in american_pcs for other in _adjacent(space, False))


def friendly_adjacent(space: str, side: str, friendly_pcs: set[str]) -> bool:
    """10.11 / 10.12.B adjacency of one space to a side's PCs (A35 for the British); a listing
    asks `Neighbourhood.adjacent_set` instead, the same answer for every space at once."""
    return (british_adjacent(space, friendly_pcs) if side == BRITISH
            else american_adjacent(space, friendly_pcs))


class Neighbourhood:
    """A side's PCs and the spaces next to them, read once by a listing that asks of every
    space whether it is adjacent to one (10.11, 10.12.B): `american_adjacent` and
    `british_adjacent` answered from sets (`adjacent_set`). The PCs must not change while it
    is used."""

    __slots__ = ("pcs", "near", "ports", "_british")

    def __init__(self, pcs: set[str]) -> None:
        self.pcs = pcs
        self.near, self.ports = _near(frozenset(pcs))
        self._british: frozenset[str] | None = None

    def british_adjacent(self, space: str) -> bool:
        """As `british_adjacent(space, pcs)`: next to one, or a port while another is a port
        (A35)."""
        if space in self.near:
            return True
        return _PORTS[space] and any(port != space for port in self.ports)

    def adjacent_set(self, side: str) -> frozenset[str]:
        """Every map space for which `friendly_adjacent(space, side, pcs)` holds."""
        if side != BRITISH:
            return self.near
        if self._british is None:
            ports = self.ports   # A35: every port is next to every other port
            if len(ports) > 1:
                self._british = self.near | _PORT_SPACES
            elif ports:
                self._british = self.near | _PORT_SPACES.difference(ports)
            else:
                self._british = self.near
        return self._british


@lru_cache(maxsize=512)
def _near(pcs: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The spaces next to `pcs` (isolation links) and those of `pcs` that are ports: a pure
    function of the map, remembered for the PC sets a game goes through (they change slowly)."""
    return frozenset().union(*[_NEAR_ONE[space] for space in pcs]), _PORT_SPACES.intersection(pcs)


# each space's neighbours by the isolation links (no Arnold-only link), as a set
_NEAR_ONE: dict[str, frozenset[str]] = {space: frozenset(_adjacent(space, False))
                                        for space in _MAP_SPACES}


def pcs_of(state: WwState, side: str) -> set[str]:
    return {space for space, holder in state.pcs.items() if holder == side}


def all_nationalities() -> tuple[str, ...]:
    return NATIONALITIES


def eliminate_cus(state: WwState, where: str, nationality: str, n: int) -> int:
    """Up to `n` CUs of `nationality` leave `where` for good in this battle, attrition or
    event: American and British CUs go back to the Reserve (3.0, 9.5), French CUs are removed
    from the game, never to be replaced (12.2.C). Returns how many were taken."""
    return move_cus(state, where, REMOVED if nationality == FR else RESERVE, nationality, n)
