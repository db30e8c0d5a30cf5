"""Read-only questions about an A House Divided state: who owns what, who stands where, MAS.

Everything here is a pure function of the state and the (static) board.
"""
from __future__ import annotations

from functools import cache

from maps.a_house_divided import load as load_board
from maps.board import Board, Link

from core.ahd.calendar import ENLISTMENT_TURNS, year
from core.ahd.state import CAVALRY, CSA, INFANTRY, OFF_MAP, POOL, SPARE, UNION, AhdState, Piece

BLUE_SIDE = {"blue": UNION, "grey": CSA}


def board() -> Board:
    return load_board()


def enemy(side: str) -> str:
    return CSA if side == UNION else UNION


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
def adjacent(box: str) -> tuple[tuple[str, Link], ...]:
    return tuple(board().adjacent(box))


def is_potomac(link: Link) -> bool:
    return bool(link.props.get("potomac"))


def usable(link: Link, side: str) -> bool:
    """Confederate pieces may never use the Potomac (B4.2.6, AMB-57)."""
    return not (side == CSA and is_potomac(link))


def neighbours(box: str, side: str) -> list[str]:
    """Boxes joined to `box` by a line `side` may use (each listed once)."""
    seen: list[str] = []
    for other, link in adjacent(box):
        if other not in seen and usable(link, side):
            seen.append(other)
    return seen


def owner(state: AhdState, box: str) -> str | None:
    return state.owner.get(box)


def pieces_at(state: AhdState, box: str, side: str | None = None) -> list[Piece]:
    return [p for p in state.pieces if p.loc == box and (side is None or p.side == side)]


def pieces_of(state: AhdState, side: str) -> list[Piece]:
    """A side's pieces on the map."""
    return [p for p in state.pieces if p.side == side and p.loc not in _OFF_MAP]


def occupied(state: AhdState, side: str) -> set[str]:
    """Boxes holding at least one piece of `side`."""
    return {p.loc for p in state.pieces if p.side == side and p.loc not in _OFF_MAP}


class Occupancy:
    """Which boxes each side occupies, counted once: for the many look-ups of one choices()
    call."""

    def __init__(self, state: AhdState) -> None:
        self.boxes: dict[str, set[str]] = {UNION: set(), CSA: set()}
        self.cavalry: dict[str, set[str]] = {UNION: set(), CSA: set()}
        off_map, boxes, cavalry = _OFF_MAP, self.boxes, self.cavalry
        for p in state.pieces:
            loc = p.loc
            if loc not in off_map:
                boxes[p.side].add(loc)
                if p.arm == CAVALRY:
                    cavalry[p.side].add(loc)

    def enemy(self, box: str, side: str) -> bool:
        return box in self.boxes[enemy(side)]

    def enemy_cavalry(self, box: str, side: str) -> bool:
        return box in self.cavalry[enemy(side)]


def has_piece(state: AhdState, box: str, side: str) -> bool:
    """Whether `box` holds a piece of `side` (a loop: faster than any() over a generator)."""
    for p in state.pieces:
        if p.loc == box and p.side == side:
            return True
    return False


def has_enemy(state: AhdState, box: str, side: str) -> bool:
    return has_piece(state, box, enemy(side))


def has_enemy_cavalry(state: AhdState, box: str, side: str) -> bool:
    other = enemy(side)
    for p in state.pieces:
        if p.loc == box and p.side == other and p.arm == CAVALRY:
            return True
    return False


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


def mas(state: AhdState, side: str) -> int:
    """Maximum Army Size: own-colour shields of owned boxes (B7.0, AMB-4), plus offsets."""
    owner = state.owner
    total = sum(value for box, value in shields(side).items() if owner.get(box) == side)
    return total + state.mas_offset.get(side, 0)


def in_play(state: AhdState, side: str) -> int:
    """Pieces counted against MAS: all the side's pieces on the map (B7.0), except foreign
    units, which 'non contano nel limite massimo dell'armata Confederata' (A8.4)."""
    return sum(1 for p in state.pieces
               if p.side == side and p.loc not in _OFF_MAP and not p.foreign)


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
    for p in state.pieces:
        if p.loc == SPARE and p.side == side and p.arm == arm and p.grade == grade:
            return p
    return None


def pool(state: AhdState, side: str, arm: str | None = None) -> list[Piece]:
    return [p for p in state.pieces if p.loc == POOL and p.side == side
            and (arm is None or p.arm == arm)]


def only_cavalry(pieces: list[Piece]) -> bool:
    return bool(pieces) and all(p.arm == CAVALRY for p in pieces)


def has_infantry(pieces: list[Piece]) -> bool:
    return any(p.arm == INFANTRY for p in pieces)


_OFF_MAP = frozenset(OFF_MAP)
