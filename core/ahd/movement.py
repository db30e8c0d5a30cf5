"""The movement segment (B4.0-B4.2.6): marches, the Movement Table, jumps, naval moves,
invasions and entrenchment.

A march moves any of the pieces that start it in one box, each along its own path (B4.0).
Paths are enumerated here; the flow module turns them into choices.
"""
from __future__ import annotations

from typing import NamedTuple

from maps.board import Link

from core.ahd import query as q
from core.ahd.state import CAVALRY, CSA, UNION, AhdState, Piece

WASHINGTON = "washington"


class Route(NamedTuple):
    """One way for a piece to reach `dest` in one march."""

    dest: str
    via: str          # the box it enters `dest` from (its origin for a one-box move)
    last: Link        # the line it enters `dest` by
    jump: bool        # passes through an enemy-occupied box (B4.2.1, B4.2.2)
    path: tuple[str, ...]

    @property
    def crossing(self) -> bool:
        """Enters its destination across a blue river bank (B5.2.3)."""
        return self.dest in self.last.props.get("bank", ())


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


def has_exit(p: Piece) -> bool:
    """Whether any line leaves the piece's box that its side may use: a one-box move along any
    usable line is always allowed (B4.0), so then the piece has somewhere to go."""
    return any(q.usable(link, p.side) for _other, link in q.adjacent(p.loc))


def _second_step_ok(state: AhdState, occ: q.Occupancy, p: Piece, first: Link, second: Link,
                    middle: str, dest: str) -> tuple[bool, bool]:
    """Whether a two-box move along `first` then `second` is allowed; and if it is a jump.

    Movement Table T3: infantry moves 2 boxes only by river or by friendly railway, one line
    type per march; cavalry moves 2 boxes along road and railway mixed, or river only.
    """
    kinds = (first.kind, second.kind)
    if p.arm == CAVALRY:
        if ("river" in kinds) and kinds != ("river", "river"):
            return False, False  # cavalry may not mix river with another line type (B4.0)
    elif kinds == ("river", "river"):
        pass
    elif kinds == ("rail", "rail"):
        # both segments must be friendly railway (AMB-6)
        if not (friendly_rail(state, first, p.side) and friendly_rail(state, second, p.side)):
            return False, False
    else:
        return False, False  # infantry: road 1 box; no mixing line types (B4.0)
    if not occ.enemy(middle, p.side):
        return True, False
    # Passing through an enemy-occupied box is a jump; one per piece per turn (AMB-10),
    # and a jump may not end in an enemy-occupied box (B4.2.1, B4.2.2).
    if p.jumped or occ.enemy(dest, p.side):
        return False, False
    if kinds == ("river", "river"):
        # Union river jump: downstream only, any Union piece, even past cavalry (B4.2.2).
        ok = (p.side == UNION and downstream(first, middle) and downstream(second, dest))
        return ok, ok
    # Cavalry jump: road/rail, never through enemy cavalry (B4.2.1).
    ok = p.arm == CAVALRY and not occ.enemy_cavalry(middle, p.side)
    return ok, ok


def entries(state: AhdState, p: Piece,
            occ: q.Occupancy | None = None) -> dict[str, dict[str, Route]]:
    """Every box `p` can reach in one march, and for each the boxes it could enter it from.

    For each (destination, entry box) the best line is kept: no jump, then no river-bank
    crossing. The entry box matters in a battle: it decides the river-bank bonus (B5.2.3) and
    the box the defender may not retreat or escape into (B5.2.5, B5.2.6).
    """
    occ = occ or q.Occupancy(state)
    origin = p.loc
    found: dict[str, dict[str, Route]] = {}

    def offer(route: Route) -> None:
        ways = found.setdefault(route.dest, {})
        best = ways.get(route.via)
        if best is None or (route.jump, route.crossing) < (best.jump, best.crossing):
            ways[route.via] = route

    for middle, first in q.adjacent(origin):
        if not q.usable(first, p.side):
            continue  # the Potomac is closed to Confederate pieces (B4.2.6)
        offer(Route(middle, origin, first, False, (origin, middle)))
        for dest, second in q.adjacent(middle):
            if dest == origin or not q.usable(second, p.side):
                continue
            ok, jump = _second_step_ok(state, occ, p, first, second, middle, dest)
            if ok:
                offer(Route(dest, middle, second, jump, (origin, middle, dest)))
    return found


def best(ways: dict[str, Route]) -> Route:
    """The route the engine takes when the entry box does not matter: no jump, then no
    river-bank crossing, then the shorter path."""
    return min(ways.values(), key=lambda r: (r.jump, r.crossing, len(r.path), r.via))


def routes(state: AhdState, p: Piece, occ: q.Occupancy | None = None) -> dict[str, Route]:
    """Every box `p` can reach in one march from where it stands, with the best route there."""
    return {dest: best(ways) for dest, ways in entries(state, p, occ).items()}


def can_entrench(state: AhdState, p: Piece, occ: q.Occupancy | None = None) -> bool:
    """B4.2.5: one march in a recruiting city, both of the piece's marches elsewhere; never in
    a box holding enemy pieces; pointless where already entrenched."""
    if p.sailed or p.halted or q.is_entrenched(state, p):
        return False
    if (occ.enemy(p.loc, p.side) if occ else q.has_enemy(state, p.loc, p.side)):
        return False
    if q.is_recruiting_city(p.loc):
        return p.marches < 2
    return p.marches == 0 or (p.digging and p.marches == 1)


def entrench(state: AhdState, p: Piece) -> str:
    """Spend this march entrenching `p` (B4.2.5). Returns what happened, for the log."""
    p.marches += 1
    if q.is_recruiting_city(p.loc) or p.digging:
        p.entrenched = True
        p.digging = False
        return "entrenched"
    p.digging = True
    return "begins to entrench (a second march completes it)"


def move(state: AhdState, p: Piece, route: Route) -> None:
    """Carry out one piece's move within a march (B4.0)."""
    p.loc = route.dest
    p.marches += 1
    p.came_from = route.via
    p.crossing = route.crossing
    p.jumped = p.jumped or route.jump
    p.entrenched = False  # an entrenched piece that moves loses it (B4.2.5)
    p.digging = False
    # A piece entering a box with enemy pieces stops for the rest of the turn (B4.0, AMB-11).
    p.halted = q.has_enemy(state, route.dest, p.side)


# --- naval movement and invasion (B4.2.3, B4.2.4) --------------------------------------------


def can_sail(state: AhdState, p: Piece) -> bool:
    """A Union piece that began the turn in a Union-owned port and has not moved (B4.2.3)."""
    return (p.side == UNION and p.marches == 0 and not p.sailed and not p.halted
            and q.is_port(p.loc) and state.owner.get(p.loc) == UNION)


def sail_destinations(state: AhdState, p: Piece, occ: q.Occupancy | None = None) -> list[str]:
    """Any other Union-owned port free of enemy pieces (no sea zones, GAP-1)."""
    occ = occ or q.Occupancy(state)
    return [port for port in q.ports()
            if port != p.loc and state.owner.get(port) == UNION and not occ.enemy(port, UNION)]


def sail(p: Piece, port: str) -> None:
    p.loc = port
    p.sailed = True  # no other move this turn (B4.2.3)
    p.entrenched = False
    p.digging = False
    p.came_from = ""
    p.crossing = False


def invasion_targets(state: AhdState) -> list[str]:
    """Confederate-owned ports (B4.2.4, AMB-12)."""
    return [port for port in q.ports() if state.owner.get(port) == CSA]


def can_invade_with(state: AhdState, p: Piece) -> bool:
    """Invading pieces start the turn in Washington and make no other move (B4.2.4)."""
    return (p.side == UNION and p.loc == WASHINGTON and p.marches == 0 and not p.sailed
            and not p.halted)


def invade(state: AhdState, p: Piece, port: str) -> None:
    p.loc = port
    p.sailed = True
    p.entrenched = False
    p.digging = False
    p.came_from = ""
    p.crossing = True  # an invasion is an attack across a river (B4.2.4, B5.2.3)
    p.halted = q.has_enemy(state, port, UNION)
