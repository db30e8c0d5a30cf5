"""Isolated PCs (10.3), with the engine algorithm of the reference (10.32, "Engine algorithm"):

1. the graph of the spaces `side` controls, joined by map adjacency: wilderness links count,
   Falmouth-Quebec does not (10.3); for the British every two British-controlled ports are
   joined too (3.0, 10.11.B);
2. a PC is safe when its part of that graph holds a friendly target (American: the Congress,
   an American or French CU or general; British: a port, a British CU) or touches an
   uncontrolled target (American: an uncontrolled space with no British CU, or the Congress
   whatever its control; British: an uncontrolled space with no American or French CU and no
   American or French general, A7);
3. every PC that is not safe is isolated, and they are removed all at once (10.31.B, 10.32.B).

`political_control.isolation_segment` (phases.py) removes the American's first, then computes
the British's on the map that leaves (10.2.3).
"""
from __future__ import annotations

from functools import cache

import networkx

from core.ww import query as q
from core.ww.pc_spaces import PcBoard
from core.ww.space_bits import BIT, PORTS, near, spaces_in
from core.ww.state import AMERICAN, BRITISH, WwState


@cache
def map_graph() -> networkx.Graph:
    """The map's spaces joined by every link except Falmouth-Quebec, which exists for Arnold
    alone and never for isolation (10.3)."""
    board = q.board()
    graph = networkx.Graph()
    graph.add_nodes_from(q.spaces())
    for link in board.links:
        if not link.props.get("arnold_only"):
            graph.add_edge(link.a, link.b)
    return graph


def controlled_graph(state: WwState, side: str) -> networkx.Graph:
    """Step 1: the spaces `side` controls; for the British all British ports are adjacent."""
    mine = q.pcs_of(state, side)
    graph = networkx.Graph(map_graph().subgraph(mine))
    if side == BRITISH:
        ports = sorted(s for s in mine if q.is_port(s))
        graph.add_edges_from((a, b) for i, a in enumerate(ports) for b in ports[i + 1:])
    return graph


def friendly_targets(board: PcBoard, side: str) -> int:
    """10.31.A / 10.32.A: the controlled spaces a PC may trace to (space_bits). American: the
    Congress, an American or French CU or general (3.0 American Units); British: a port or a
    British CU."""
    if side == AMERICAN:
        return board.american_units()
    return PORTS | board.british_cus()


def uncontrolled_targets(board: PcBoard, side: str) -> int:
    """10.31.A / 10.32.A: the spaces next to the traced path that end it (space_bits). The
    Congress ends an American path whatever the control of its space; A7: a British path needs
    an uncontrolled space with neither American or French CUs nor an American or French
    general. A lone British general does not stop an American trace (C6)."""
    free = board.free()
    if side == AMERICAN:
        return free & ~board.british_cus() | BIT.get(board.state.congress, 0)
    return free & ~board.american_forces()


def isolated(state: WwState, side: str) -> set[str]:
    """Every isolated PC of `side` now (10.31, 10.32): computed all at once, never re-tested
    after one is removed (10.31.B)."""
    return set(spaces_in(_isolated(state, side)))


def _isolated(state: WwState, side: str) -> int:
    """`isolated` as space_bits. The engine algorithm's steps 2-3 turned around: instead of
    testing each connected part of `controlled_graph`, the safe PCs are traced outwards from
    the PCs that make a part safe (a friendly target, or next to an uncontrolled target),
    through the controlled spaces; whatever is not reached is isolated. The same PCs: a part
    is safe exactly when it holds such a PC. (The Congress, the one uncontrolled target that
    may stand in a controlled space, is an American friendly target too, so its neighbours in
    its part decide nothing more.) For the British every controlled port is a friendly
    target, so the ports' joins (step 1) reach nothing more."""
    board = PcBoard(state)
    mine = board.pcs(side)
    reached = mine & (friendly_targets(board, side) | near(uncontrolled_targets(board, side)))
    frontier = reached
    while frontier:
        frontier = near(frontier) & mine & ~reached
        reached |= frontier
    return mine & ~reached


def remove_isolated(state: WwState, side: str) -> list[str]:
    """10.2.3: `side` removes all its isolated PCs at the same time; returns them in board
    order, logged."""
    gone = spaces_in(_isolated(state, side))
    for space in gone:
        del state.pcs[space]
    rule = "10.31" if side == AMERICAN else "10.32"
    if gone:
        names = ", ".join(q.board().locations[s].name for s in gone)
        state.log.append(f"{side} isolated PCs removed: {names} ({rule}).")
    else:
        state.log.append(f"No {side} PC is isolated ({rule}).")
    return gone
