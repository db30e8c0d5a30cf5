"""The movement segment (B4.0-B4.2.6): marches, the Movement Table, jumps, naval moves,
invasions and entrenchment.

A march moves any of the pieces that start it in one box, each along its own path (B4.0).
Paths are enumerated here; the flow module turns them into choices.
"""
from __future__ import annotations

from functools import cache
from itertools import islice
from typing import Iterator

import msgspec

from maps.board import Link

from maps.a_house_divided import WASHINGTON
from core.ahd import containment, foreign
from core.ahd import query as q
from core.ahd.pieces import update
from core.ahd.state import CAVALRY, CRACK, CSA, EUROPE, INFANTRY, UNION, AhdState, Piece



class Route(msgspec.Struct, frozen=True, gc=False):
    """One way for a piece to reach `dest` in one march. (A Struct, never saved: many are made
    for each choice of a destination, and a Struct is quick to make.)"""

    dest: str
    via: str          # the box it enters `dest` from (its origin for a one-box move)
    last: Link        # the line it enters `dest` by
    jump: bool        # passes through an enemy-occupied box (B4.2.1, B4.2.2)
    path: tuple[str, ...]
    crossing: bool    # enters `dest` across a blue river bank (B5.2.3): crosses(last, dest)


def crosses(link: Link, box: str) -> bool:
    """Whether `link` enters `box` across one of its blue river banks (B5.2.3)."""
    return box in link.props.get("bank", ())


def friendly_rail(state: AhdState, link: Link, side: str) -> bool:
    """A railway joining two boxes both owned by the moving player (B4.0, AMB-6)."""
    return (link.kind == "rail" and state.owner.get(link.a) == side
            and state.owner.get(link.b) == side)


def downstream(link: Link, toward: str) -> bool:
    """Moving along a river toward `toward` goes with the current (B4.2.2)."""
    return link.kind == "river" and link.props.get("downstream") == toward


def can_march(p: Piece) -> bool:
    """Not yet in two marches, not stopped by enemies, not shipped by sea (B4.0, B4.2.3)."""
    return p.marches < 2 and not p.halted and not p.sailed


def fast_crack(state: AhdState, p: Piece) -> bool:
    """O2.1: crack infantry moves like cavalry, 2 boxes along road and railway mixed, friendly
    or not; it never makes a cavalry jump (B4.2.1), a Union one may still jump downstream."""
    return (p.arm == INFANTRY and p.grade == CRACK
            and bool(state.options.crack_fast_march))


def rail_bonus(state: AhdState, p: Piece) -> bool:
    """O3.2: a Union piece moving entirely along friendly railway may go 3 boxes."""
    return p.side == UNION and bool(state.options.union_rail_bonus)


def has_exit(p: Piece) -> bool:
    """Whether any line leaves the piece's box that its side may use: a one-box move along any
    usable line is always allowed (B4.0), so then the piece has somewhere to go."""
    return has_exit_from(p.loc, p.side)


def has_exit_from(box: str, side: str) -> bool:
    """has_exit for any piece of `side` in `box`."""
    return bool(two_box_lines(box, side))


def moves_like_cavalry(state: AhdState, p: Piece) -> bool:
    """Cavalry, or O2.1 crack infantry, which marches like cavalry."""
    return p.arm == CAVALRY or fast_crack(state, p)


def line_types_ok(first: str, second: str, like_cavalry: bool, river_once: bool) -> bool:
    """Movement Table T3, the line types a two-box move may combine: infantry moves 2 boxes
    only by river or by railway (friendly railway, checked on the move), one line type per
    march; cavalry along road and railway mixed, or river only (never mixing river with another
    line type, B4.0). `river_once`: O4.1, on turn 1 a piece moves 1 river box per march."""
    if first == second == "river":
        return not river_once
    if like_cavalry:
        return "river" not in (first, second)
    return first == second == "rail"  # infantry: road 1 box; no mixing line types (B4.0)


@cache
def two_box_moves(origin: str, side: str, like_cavalry: bool, river_once: bool) -> tuple[
        tuple[str, Link, bool, tuple[tuple[str, Link, bool], ...]], ...]:
    """two_box_lines, keeping only the second lines whose type T3 lets the mover add to the
    first (`line_types_ok`), each line with whether it crosses a river bank into the box it
    enters (`crosses`). A pure function of the board, worked out once."""
    return tuple(
        (middle, first, crosses(first, middle),
         tuple((dest, second, crosses(second, dest)) for dest, second in onward
               if line_types_ok(first.kind, second.kind, like_cavalry, river_once)))
        for middle, first, onward in two_box_lines(origin, side))


@cache
def two_box_lines(origin: str, side: str) -> tuple[tuple[str, Link, tuple[tuple[str, Link], ...]],
                                                   ...]:
    """The lines `side` may use out of `origin` (the Potomac is closed to Confederate pieces,
    B4.2.6): (middle, first line, the usable lines on from `middle` to a box other than
    `origin`). A pure function of the board, the candidates of every one- and two-box move."""
    return tuple(
        (middle, first, tuple((dest, second) for dest, second in q.adjacent(middle)
                              if dest != origin and q.usable(second, side)))
        for middle, first in q.adjacent(origin) if q.usable(first, side))


@cache
def march_lines(origin: str, side: str, like_cavalry: bool, turn_one: bool) -> tuple[
        tuple[str, Route, tuple[str, ...], tuple[tuple[str, tuple[str, ...], bool, bool, Route,
                                                      Route], ...]], ...]:
    """`two_box_moves` worked out once into what `entries` offers: for each box next to
    `origin` (`middle`), the one-box route there, the ends of the first line when it must be a
    friendly railway (infantry by railway, AMB-6; () otherwise), and for each box beyond it
    (`dest`): the ends of the second line likewise, whether it goes by river, whether a Union
    river jump is allowed (downstream both lines, B4.2.2), and the route there without and with
    a jump. `turn_one`: O4.1 is in force, and no box of Kentucky is entered (AMB-58). A pure
    function of the board."""
    out = []
    for middle, first, first_crosses, onward in two_box_moves(origin, side, like_cavalry,
                                                             turn_one):
        if turn_one and q.is_kentucky(middle):
            continue
        river = first.kind == "river"
        by_rail = not (like_cavalry or river)  # then T3 allows railway, then railway only
        steps = []
        for dest, second, second_crosses in onward:
            if turn_one and q.is_kentucky(dest):
                continue
            river_jump = (river and side == UNION and downstream(first, middle)
                          and downstream(second, dest))
            path = (origin, middle, dest)
            steps.append((dest, (second.a, second.b) if by_rail else (), river, river_jump,
                          Route(dest, middle, second, False, path, second_crosses),
                          Route(dest, middle, second, True, path, second_crosses)))
        out.append((middle, Route(middle, origin, first, False, (origin, middle), first_crosses),
                    (first.a, first.b) if by_rail else (), tuple(steps)))
    return tuple(out)


def entries(state: AhdState, p: Piece, occ: q.Occupancy | None = None,
            to: str | None = None) -> dict[str, dict[str, Route]]:
    """Every box `p` can reach in one march, and for each the boxes it could enter it from
    (`to`: only the ways into that box, when the destination is chosen).

    For each (destination, entry box) the best line is kept: no jump, then no river-bank
    crossing. The entry box matters in a battle: it decides the river-bank bonus (B5.2.3) and
    the box the defender may not retreat or escape into (B5.2.5, B5.2.6).
    """
    found: dict[str, dict[str, Route]] = {}
    for route in _ways(state, p, occ or q.Occupancy(state), to):
        _offer(found, route)
    return found


def reach(state: AhdState, p: Piece, occ: q.Occupancy | None = None) -> dict[
        str, tuple[bool, bool, int, str]]:
    """`routes` in short, for listing the destinations: each box `p` can reach in one march,
    with (jump, river-bank crossing, boxes in the path, entry box) of the route `routes` takes
    there. That route is the least of all the ways there by those four: `entries` keeps, for
    each entry box, the first way offered among those with the least (jump, crossing), and the
    ways are offered shortest first; `best` takes the least of those by the four
    (tests/test_ahd_speed.py checks it against `routes`)."""
    found: dict[str, tuple[bool, bool, int, str]] = {}
    for route in _ways(state, p, occ or q.Occupancy(state), None):
        key = (route.jump, route.crossing, len(route.path), route.via)
        known = found.get(route.dest)
        if known is None or key < known:
            found[route.dest] = key
    return found


def _ways(state: AhdState, p: Piece, occ: q.Occupancy, to: str | None) -> Iterator[Route]:
    """Every way `p` may march now (into `to` only, if given), shortest first: one box, two
    boxes, then three by friendly railway (O3.2).

    A two-box move follows the Movement Table (T3, `line_types_ok`); infantry by railway needs
    both lines friendly railway (AMB-6). Passing through a box holding enemy pieces is a jump,
    one per piece per turn (AMB-10), never ending in an enemy-occupied box (B4.2.1, B4.2.2): a
    Union river jump downstream only, any Union piece, even past cavalry (B4.2.2); a cavalry
    jump by road or railway, never through enemy cavalry (B4.2.1).
    """
    side = p.side
    foes = occ.foes[side]  # where the enemy's pieces stand
    owner = state.owner
    lines = march_lines(p.loc, side, moves_like_cavalry(state, p), q.first_turn_restricted(state))
    for middle, one_box, first_rail, onward in lines:
        if to is None or middle == to:
            yield one_box
        if first_rail and not (owner.get(first_rail[0]) == side == owner.get(first_rail[1])):
            continue  # infantry by railway: friendly railway only (AMB-6)
        through_enemy = middle in foes
        if through_enemy:
            if p.jumped:
                continue  # its one jump is spent: no way on through `middle`
            cavalry_jump = p.arm == CAVALRY and not occ.enemy_cavalry(middle, side)
        for dest, second_rail, river, river_jump, walk, jump in onward:
            if to is not None and dest != to:
                continue
            if second_rail and not (owner.get(second_rail[0]) == side
                                    == owner.get(second_rail[1])):
                continue
            if not through_enemy:
                yield walk
            elif dest not in foes and (river_jump if river else cavalry_jump):
                yield jump
    if rail_bonus(state, p):
        for route in _rail_bonus_routes(state, occ, p):
            if to is None or route.dest == to:
                yield route


def _offer(found: dict[str, dict[str, Route]], route: Route) -> None:
    """Keep `route` among the ways into its destination: the first for its entry box, unless
    it is better (no jump, then no river-bank crossing)."""
    ways = found.get(route.dest)
    if ways is None:
        found[route.dest] = {route.via: route}
        return
    best = ways.get(route.via)
    if best is None or (route.jump, route.crossing) < (best.jump, best.crossing):
        ways[route.via] = route


@cache
def railways(box: str) -> tuple[tuple[str, Link], ...]:
    """The railway lines out of `box` (of its lines, `q.adjacent`, in the same order)."""
    return tuple((other, link) for other, link in q.adjacent(box) if link.kind == "rail")


@cache
def rail_bonus_lines(origin: str, turn_one: bool) -> tuple[
        tuple[str, tuple[tuple[str, tuple[tuple[str, Route, Route], ...]], ...]], ...]:
    """The three-box railway paths out of `origin` (O3.2), worked out once, as a tree: each
    first box, each second box beyond it (not back to `origin`), each destination beyond that
    (not `origin` nor the first box), with the route there without and with a jump (through one
    box). `turn_one`: O4.1 is in force, and no box of Kentucky is entered (AMB-58). Whether the
    railways are friendly and who stands in the way is `_rail_bonus_routes`' to check."""
    def open_(box: str) -> bool:
        return not (turn_one and q.is_kentucky(box))

    tree = []
    for first_box, first in railways(origin):
        if not open_(first_box):
            continue
        seconds = []
        for second_box, second in railways(first_box):
            if second_box == origin or not open_(second_box):
                continue
            ends = []
            for dest, third in railways(second_box):
                if dest in (origin, first_box) or not open_(dest):
                    continue
                assert {first.a, first.b, second.a, second.b, third.a, third.b} == {
                    origin, first_box, second_box, dest}  # each line joins its two boxes
                path = (origin, first_box, second_box, dest)
                ends.append((dest, Route(dest, second_box, third, False, path,
                                         crosses(third, dest)),
                             Route(dest, second_box, third, True, path, crosses(third, dest))))
            seconds.append((second_box, tuple(ends)))
        tree.append((first_box, tuple(seconds)))
    return tuple(tree)


def _rail_bonus_routes(state: AhdState, occ: q.Occupancy, p: Piece) -> list[Route]:
    """O3.2: the three-box moves of a Union piece 'interamente lungo una linea ferroviaria
    amica': every segment friendly railway (AMB-6), so every box of the path owned by its side.
    Infantry may not pass through a box holding enemy pieces (it would have to stop there,
    B4.0); cavalry may pass through one with its one jump of the turn, under B4.2.1 (AMB-55);
    O2.1 crack infantry never jumps."""
    origin, side = p.loc, p.side
    owner = state.owner
    out: list[Route] = []
    if owner.get(origin) != side:
        return out  # no friendly railway out of it
    foes = occ.foes[side]
    for first_box, seconds in rail_bonus_lines(origin, q.first_turn_restricted(state)):
        if owner.get(first_box) != side:
            continue
        first_enemy = first_box in foes
        for second_box, ends in seconds:
            if owner.get(second_box) != side:
                continue
            second_enemy = second_box in foes
            for dest, walk, jump in ends:
                if owner.get(dest) != side:
                    continue
                if first_enemy or second_enemy:
                    passed = first_box if first_enemy else second_box
                    if (first_enemy and second_enemy) or not _rail_jump_ok(occ, p, passed, dest):
                        continue
                    out.append(jump)
                else:
                    out.append(walk)
    return out


def _rail_jump_ok(occ: q.Occupancy, p: Piece, passed: str, dest: str) -> bool:
    """A cavalry jump inside an O3.2 move (AMB-55, B4.2.1): the piece's one jump of the turn,
    through one box (`passed`) free of enemy cavalry, ending in a box free of enemy pieces."""
    return (p.arm == CAVALRY and not p.jumped and not occ.enemy_cavalry(passed, p.side)
            and not occ.enemy(dest, p.side))


def best(ways: dict[str, Route]) -> Route:
    """The route the engine takes when the entry box does not matter: no jump, then no
    river-bank crossing, then the shorter path."""
    return min(ways.values(), key=lambda r: (r.jump, r.crossing, len(r.path), r.via))


def routes(state: AhdState, p: Piece, occ: q.Occupancy | None = None) -> dict[str, Route]:
    """Every box `p` can reach in one march from where it stands, with the best route there."""
    return {dest: best(ways) if len(ways) > 1 else next(iter(ways.values()))
            for dest, ways in entries(state, p, occ).items()}


def can_entrench(state: AhdState, p: Piece, enemy_here: bool | None = None) -> bool:
    """B4.2.5: one march in a recruiting city, both of the piece's marches elsewhere; never in
    a box holding enemy pieces; pointless where already entrenched. `enemy_here`: whether the
    piece's box holds enemy pieces, when the caller knows it."""
    if p.sailed or p.halted or p.marches >= 2 or q.is_entrenched(state, p):
        return False  # (both ways below need a march left)
    if enemy_here is None:
        enemy_here = q.has_enemy(state, p.loc, p.side)
    if enemy_here and not containment.may_entrench(state, p):
        return False  # A4.0: Confederates containing a port may entrench there
    if q.is_recruiting_city(p.loc):
        return p.marches < 2
    return p.marches == 0 or (p.digging and p.marches == 1)


def entrench(state: AhdState, p: Piece) -> str:
    """Spend this march entrenching `p` (B4.2.5). Returns what happened, for the log."""
    if q.is_recruiting_city(p.loc) or p.digging:
        update(state, p, marches=p.marches + 1, entrenched=True, digging=False)
        return "entrenched"
    update(state, p, marches=p.marches + 1, digging=True)
    return "begins to entrench (a second march completes it)"


def move(state: AhdState, p: Piece, route: Route) -> Piece:
    """Carry out one piece's move within a march (B4.0); returns the moved counter."""
    return update(
        state, p, loc=route.dest, marches=p.marches + 1, came_from=route.via,
        crossing=route.crossing, jumped=p.jumped or route.jump,
        entrenched=False,  # an entrenched piece that moves loses it (B4.2.5)
        digging=False,
        # A piece entering a box with enemy pieces stops for the rest of the turn (B4.0,
        # AMB-11).
        halted=q.has_enemy(state, route.dest, p.side))


# --- naval movement and invasion (B4.2.3, B4.2.4) --------------------------------------------


def can_sail(state: AhdState, p: Piece) -> bool:
    """A Union piece that began the turn in a Union-owned port and has not moved (B4.2.3);
    under O4.1 'L'Unione non può fare nessun movimento navale' on turn 1. After foreign
    intervention the Confederates too 'possono fare movimenti navali' from their own ports, and
    the foreign units from Europe (A8.4, GAP-11)."""
    return naval_moves_allowed(state, p.side) and ready_to_sail(state, p)


def ready_to_sail(state: AhdState, p: Piece) -> bool:
    """What `can_sail` asks of the piece itself: it has not moved, and it stands in a port its
    side owns (or, a Confederate foreign unit, in Europe)."""
    if p.marches or p.sailed or p.halted:
        return False
    if p.side == CSA:
        return p.loc == EUROPE or (q.is_port(p.loc) and state.owner.get(p.loc) == CSA)
    return q.is_port(p.loc) and state.owner.get(p.loc) == UNION


def naval_moves_allowed(state: AhdState, side: str) -> bool:
    """Whether `side` may make naval moves at all now: the Union, except on turn 1 under O4.1;
    the Confederates only after foreign intervention (A8.4)."""
    if side == CSA:
        return foreign.may_sail(state)
    return not q.first_turn_restricted(state)


def sea_movers(state: AhdState, side: str) -> list[Piece]:
    """The pieces that might make a naval move (B4.2.3): the side's pieces in the ports it owns
    and, for the Confederates, the foreign units waiting in Europe (A8.4)."""
    own_ports = [box for box in q.occupied_ports(state, side) if state.owner.get(box) == side]
    in_ports = q.pieces_in(state, own_ports, side)
    return in_ports + foreign.in_europe(state) if side == CSA else in_ports


def sail_destinations(state: AhdState, p: Piece, occ: q.Occupancy | None = None) -> list[str]:
    """Any other port of the piece's side free of enemy pieces (no sea zones, GAP-1), or for
    the Union a contained port, whose force the pieces shipped in join (A4.0, AMB-37). A
    Confederate naval move under A8.4 is the same B4.2.3 move (AMB-51)."""
    return [port for port in open_ports(state, p.side, occ) if port != p.loc]


def open_ports(state: AhdState, side: str, occ: q.Occupancy | None = None,
               most: int | None = None) -> list[str]:
    """The ports a piece of `side` may sail to (B4.2.3, A4.0), whatever its own port (`most`:
    only the first ones, when a caller needs no more)."""
    enemy_boxes = (occ or q.Occupancy(state)).foes[side]
    owner, contained = state.owner, state.contained
    return list(islice((port for port in q.ports() if owner.get(port) == side and (
        port not in enemy_boxes or (side == UNION and port in contained))), most))


def sail(state: AhdState, p: Piece, port: str) -> Piece:
    return update(state, p, loc=port,
                  sailed=True,  # no other move this turn (B4.2.3)
                  entrenched=False, digging=False, came_from="", crossing=False)


def invasion_targets(state: AhdState) -> list[str]:
    """Confederate-owned ports (B4.2.4, AMB-12); under O4.2 neither Yorktown nor Norfolk while
    the CSA holds Fort Monroe (AMB-54), Fort Monroe itself remaining a target; under O4.1 no
    naval movement at all on turn 1."""
    if q.first_turn_restricted(state):
        return []
    closed = FORT_MONROE_SHIELDS if fort_monroe_closes(state) else ()
    return [port for port in q.ports() if state.owner.get(port) == CSA and port not in closed]


FORT_MONROE = "fort-monroe"
FORT_MONROE_SHIELDS = ("yorktown", "norfolk")  # O4.2: the ports Fort Monroe's guns cover


def fort_monroe_closes(state: AhdState) -> bool:
    """O4.2: 'Se i Confederati controllano Fort Monroe, allora il giocatore dell'Unione non può
    invadere sia Yorktown e Norfolk' (read: neither of them, AMB-54)."""
    return bool(state.options.fort_monroe) and state.owner.get(FORT_MONROE) == CSA


def can_invade_with(state: AhdState, p: Piece) -> bool:
    """Invading pieces start the turn in Washington and make no other move (B4.2.4)."""
    return (p.side == UNION and p.loc == WASHINGTON and p.marches == 0 and not p.sailed
            and not p.halted)


def invade(state: AhdState, p: Piece, port: str) -> Piece:
    return update(state, p, loc=port, sailed=True, entrenched=False, digging=False,
                  came_from="",
                  crossing=True,  # an invasion is an attack across a river (B4.2.4, B5.2.3)
                  halted=q.has_enemy(state, port, UNION))
