"""Read-only questions about an A House Divided state: who owns what, who stands where, MAS.

Everything here is a pure function of the state and the (static) board.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import cache
from itertools import compress, repeat
from operator import eq
from typing import Iterable, Iterator

from maps.a_house_divided import load as load_board
from maps.board import Board, Link

from core.ahd.calendar import ENLISTMENT_TURNS, year
from core.ahd.counters import FIRST_FOREIGN
from core.ahd.state import CAVALRY, CSA, INFANTRY, POOL, SPARE, UNION, AhdState, Piece

BLUE_SIDE = {"blue": UNION, "grey": CSA}


def board() -> Board:
    return load_board()


ENEMY = {UNION: CSA, CSA: UNION}


def enemy(side: str) -> str:
    return ENEMY[side]


@cache
def printed_owner(box: str) -> str | None:
    """The owner of a box without a flag: its printed colour (B9.0); None for white."""
    return BLUE_SIDE.get(board().locations[box].props["colour"])


@cache
def shield(box: str, side: str) -> int:
    """Recruiting shield value of `side`'s colour in `box` (blue = Union, red = CSA; B7.0)."""
    props = board().locations[box].props
    return int(props["union_shield"] if side == UNION else props["csa_shield"])


def die_to_count(die: int) -> int:
    """Movement and recruiting dice: a 1 counts as 2 (B4.0, B7.0)."""
    return 2 if die == 1 else die


@cache
def is_recruiting_city(box: str) -> bool:
    """A box with a number in a shield of either colour (B4.2.5)."""
    return shield(box, UNION) > 0 or shield(box, CSA) > 0


@cache
def is_port(box: str) -> bool:
    return bool(board().locations[box].props.get("port"))


CONFEDERATE_STATES = frozenset((
    "Virginia", "North Carolina", "South Carolina", "Georgia", "Florida", "Alabama",
    "Mississippi", "Louisiana", "Tennessee", "Arkansas", "Texas"))


@cache
def is_southern_port(box: str) -> bool:
    """O3.1 'porto sudista' (AMB-34): a port printed grey or lying in a Confederate state, so
    Fort Monroe and Pensacola too."""
    props = board().locations[box].props
    return is_port(box) and (props["colour"] == "grey" or props["state"] in CONFEDERATE_STATES)


@cache
def is_permanent_entrenchment(box: str) -> bool:
    return bool(board().locations[box].props.get("permanent_entrenchment"))


@cache
def map_boxes() -> tuple[str, ...]:
    """Every on-map box id (the Europe box is off the map)."""
    return tuple(loc.id for loc in board().locations.values() if not loc.offmap)


@cache
def ports() -> tuple[str, ...]:
    return tuple(box for box in map_boxes() if is_port(box))


@cache
def port_set() -> frozenset[str]:
    """ports(), for set operations."""
    return frozenset(ports())


@cache
def adjacent(box: str) -> tuple[tuple[str, Link], ...]:
    return tuple(board().adjacent(box))


def is_potomac(link: Link) -> bool:
    return bool(link.props.get("potomac"))


def usable(link: Link, side: str) -> bool:
    """Confederate pieces may never use the Potomac (B4.2.6, AMB-57)."""
    return not (side == CSA and is_potomac(link))


@cache
def neighbours(box: str, side: str) -> tuple[str, ...]:
    """Boxes joined to `box` by a line `side` may use (each listed once)."""
    seen: list[str] = []
    for other, link in adjacent(box):
        if other not in seen and usable(link, side):
            seen.append(other)
    return tuple(seen)


def owner(state: AhdState, box: str) -> str | None:
    return state.owner.get(box)


# Who stands where: read from the state's index of the counters (AhdState.whereabouts), which
# lists each side's counters by place in the order of `state.pieces`.


def pieces_at(state: AhdState, box: str, side: str | None = None) -> list[Piece]:
    """The counters in `box` (of `side`), in the order of `state.pieces`."""
    pieces, at = state.pieces, state.whereabouts.at
    if side is not None:
        return [pieces[i] for i in at[side].get(box, ())]
    return [pieces[i] for i in sorted(at[UNION].get(box, ()) + at[CSA].get(box, ()))]


def pieces_in(state: AhdState, boxes: Iterable[str], side: str) -> list[Piece]:
    """`side`'s counters in any of `boxes`, in the order of `state.pieces`."""
    at = state.whereabouts.at[side]
    found: list[int] = []
    for box in boxes:
        found += at.get(box, ())
    found.sort()
    pieces = state.pieces
    return [pieces[i] for i in found]


def pieces_of(state: AhdState, side: str) -> list[Piece]:
    """A side's pieces on the map."""
    pieces = state.pieces
    return [pieces[i] for i in state.whereabouts.on_map[side]]


def occupied(state: AhdState, side: str) -> set[str]:
    """Boxes holding at least one piece of `side`."""
    return set(state.whereabouts.boxes[side])


def counts(state: AhdState, side: str) -> dict[str, int]:
    """Each box holding pieces of `side`, with how many."""
    at = state.whereabouts.at[side]
    return {box: len(at[box]) for box in state.whereabouts.boxes[side]}


def owned(state: AhdState, side: str) -> set[str]:
    """The boxes `side` owns."""
    owner = state.owner
    return set(compress(owner, map(eq, owner.values(), repeat(side))))


def occupied_ports(state: AhdState, side: str) -> frozenset[str]:
    """Ports holding at least one piece of `side`."""
    return port_set() & state.whereabouts.boxes[side]


class Occupancy:
    """Which boxes each side occupies, for the many look-ups of one choices() call: a view of
    the state's index of the counters (AhdState.whereabouts), read as the state is now."""

    def __init__(self, state: AhdState) -> None:
        self.pieces = state.pieces
        at = state.whereabouts.at
        self.foes = {UNION: at[CSA], CSA: at[UNION]}  # side -> where its enemy's counters are

    def enemy(self, box: str, side: str) -> bool:
        return box in self.foes[side]

    def enemy_cavalry(self, box: str, side: str) -> bool:
        pieces = self.pieces
        return any(pieces[i].arm == CAVALRY for i in self.foes[side].get(box, ()))


def has_piece(state: AhdState, box: str, side: str) -> bool:
    """Whether `box` holds a piece of `side`."""
    return box in state.whereabouts.at[side]


def has_enemy(state: AhdState, box: str, side: str) -> bool:
    return box in state.whereabouts.at[ENEMY[side]]


def has_enemy_cavalry(state: AhdState, box: str, side: str) -> bool:
    return Occupancy(state).enemy_cavalry(box, side)


def is_entrenched(state: AhdState, piece: Piece) -> bool:
    """Marker, or an owned permanent entrenchment (B4.2.5)."""
    return piece.entrenched or (is_permanent_entrenchment(piece.loc)
                                and state.owner.get(piece.loc) == piece.side)


def is_enemy_recruiting_city(state: AhdState, box: str, side: str) -> bool:
    """B5.2.5 'una città nemica di reclutamento' (also B5.2.6): a recruiting city, «un qualsiasi
    riquadro che contiene un numero, sia blu che rosso», that the enemy holds, whatever the
    colour of its shield (Union-held Richmond is one for a Confederate retreat)."""
    return state.owner.get(box) == enemy(side) and is_recruiting_city(box)


@cache
def shields(side: str) -> dict[str, int]:
    """Every box whose shield of `side`'s colour has a value, with it (B7.0)."""
    return {box: value for box in board().locations if (value := shield(box, side))}


@cache
def shield_table(side: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """`shields(side)` as two columns: the boxes, and their shields' values."""
    return tuple(shields(side)), tuple(shields(side).values())


def owned_by(state: AhdState, boxes: tuple[str, ...], side: str) -> Iterator[bool]:
    """For each of `boxes`, whether `side` owns it."""
    return map(eq, map(state.owner.get, boxes), repeat(side))


def mas(state: AhdState, side: str) -> int:
    """Maximum Army Size: own-colour shields of owned boxes (B7.0, AMB-4), plus offsets."""
    boxes, values = shield_table(side)
    return sum(compress(values, owned_by(state, boxes, side))) + state.mas_offset.get(side, 0)


def in_play(state: AhdState, side: str) -> int:
    """Pieces counted against MAS: all the side's pieces on the map (B7.0), except foreign
    units, which 'non contano nel limite massimo dell'armata Confederata' (A8.4)."""
    return bisect_left(state.whereabouts.on_map[side], FIRST_FOREIGN)  # (the foreign units
    # follow every other counter in the list: counters/FIRST_FOREIGN; the positions are sorted)


def union_force_increase(state: AhdState) -> int:
    """O3.4: pieces the Union may have above its MAS. The seed's 'after the first / second /
    third turn' is read as calendar years (AMB-32): +4 from January 1862, +8 from January 1863,
    +12 from January 1864; the option `increased_union_forces_from = "april"` ties the steps to
    the April enlistments instead (B8.0)."""
    if not state.options.increased_union_forces:
        return 0
    if state.options.increased_union_forces_from == "april":
        steps = sum(1 for t in ENLISTMENT_TURNS if state.turn >= t)
    else:
        steps = min(3, max(0, year(state.turn) - 1861))
    return 4 * steps


def army_limit(state: AhdState, side: str) -> int:
    """How many pieces `side` may have in play and recruit up to: the MAS (B7.0), plus the
    O3.4 increase for the Union. The MAS itself, which victory compares, is unchanged."""
    return mas(state, side) + (union_force_increase(state) if side == UNION else 0)


def first_turn_restricted(state: AhdState) -> bool:
    """O4.1 is in force: the option is on and this is game turn 1 (July 1861)."""
    return state.turn == 1 and bool(state.options.first_turn_restrictions)


@cache
def is_kentucky(box: str) -> bool:
    """O4.1, AMB-53: 'nel Kentucky (in nessun riquadro bianco)': a Kentucky box, or any other
    white box of the map."""
    loc = board().locations[box]
    return not loc.offmap and (loc.props["state"] == "Kentucky" or loc.props["colour"] == "white")


def enterable(state: AhdState, box: str) -> bool:
    """Whether a piece may enter `box` now: on turn 1 under O4.1 no piece enters Kentucky
    (marches, retreats and escapes alike, AMB-58)."""
    return not (first_turn_restricted(state) and is_kentucky(box))


def free_counter(state: AhdState, side: str, arm: str, grade: str) -> Piece | None:
    """A spare counter (not in play) that a promotion could put on the map (B6.0)."""
    pieces = state.pieces
    for i in state.whereabouts.at[side].get(SPARE, ()):
        if pieces[i].arm == arm and pieces[i].grade == grade:
            return pieces[i]
    return None


def pool(state: AhdState, side: str, arm: str | None = None) -> list[Piece]:
    return [p for p in pieces_at(state, POOL, side) if arm is None or p.arm == arm]


def in_pool(state: AhdState, side: str, arm: str) -> bool:
    """Whether `pool(state, side, arm)` has any counter."""
    pieces = state.pieces
    return any(pieces[i].arm == arm for i in state.whereabouts.at[side].get(POOL, ()))


def only_cavalry(pieces: list[Piece]) -> bool:
    return bool(pieces) and all(p.arm == CAVALRY for p in pieces)


def has_infantry(pieces: list[Piece]) -> bool:
    return any(p.arm == INFANTRY for p in pieces)
