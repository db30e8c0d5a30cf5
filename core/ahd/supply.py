"""Support (supply), advanced rule A2.0 (seed "Regole Avanzate" 2.0-2.2, contents number 7).

At the start of his player turn a player checks his stacks: a piece alone in its box always has
support; two or more pieces in a box need a support line (A2.1), otherwise the owner eliminates
one of them (A2.2).

A2.1 as a connected-component test on the board graph (reference AMB-36):
  * nodes: the boxes the player owns that hold no enemy piece, plus the stack's own box;
  * edges: river lines (either direction) and friendly railways (both ends owned by the
    player); never roads; never the Potomac for the Confederacy (B4.2.6);
  * a stack in a box with a recruiting shield (either colour) is supported when its component
    holds another friendly recruiting city (an owned box with a shield of the player's colour);
    a stack anywhere else needs two (it reaches one, which reaches another);
  * a Union stack is also supported when its component holds a Union-owned port.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx

from core import stack
from core.ahd import query as q
from core.ahd.frames import PlayerTurn, SupportLoss
from core.ahd.pieces import describe, remove_from_play
from core.ahd.state import UNION, AhdState
from core.ahd.text import name
from core.engine import Action, Choice


def _line_boxes(state: AhdState, side: str) -> set[str]:
    """Boxes a support line may run through: owned by `side`, free of enemy pieces (A2.1)."""
    return q.owned(state, side) - q.occupied(state, q.enemy(side))


@cache
def support_lines(side: str) -> tuple[tuple[str, str, str], ...]:
    """(a, b, kind) for every river and railway of the board's MultiGraph (edge attribute
    "link") that `side` may use: never roads; never the Potomac for the Confederacy (B4.2.6,
    AMB-57)."""
    return tuple((a, b, link.kind) for a, b, link in q.board().graph.edges(data="link")
                 if link.kind in ("river", "rail") and q.usable(link, side))


@cache
def support_links(side: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """`support_lines` box by box, both ways: box -> ((the box at the other end, kind), ...)."""
    links: dict[str, list[tuple[str, str]]] = {}
    for a, b, kind in support_lines(side):
        links.setdefault(a, []).append((b, kind))
        links.setdefault(b, []).append((a, kind))
    return {box: tuple(ends) for box, ends in links.items()}


def joins(state: AhdState, side: str, a: str, b: str, kind: str) -> bool:
    """A2.1: a river carries support either way; a railway only if friendly (both ends owned
    by `side`)."""
    return kind == "river" or state.owner.get(a) == side == state.owner.get(b)


def support_graph(state: AhdState, side: str, stacks: set[str]) -> "networkx.Graph":
    """The A2.1 graph for `side`: friendly boxes (plus the stacks' own boxes) joined by rivers
    (either direction) and friendly railways (both ends owned by `side`). `unsupported` walks
    it without building it (`supported`)."""
    nodes = _line_boxes(state, side) | stacks
    import networkx  # imported on first use: it costs more than the rest of start-up

    graph = networkx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for a, b, kind in support_lines(side)
                         if a in nodes and b in nodes and joins(state, side, a, b, kind))
    return graph


def _friendly_city(state: AhdState, box: str, side: str) -> bool:
    """A friendly recruiting city: owned, with a shield of the owner's colour (AMB-36)."""
    return state.owner.get(box) == side and q.shield(box, side) > 0


def supported_in(state: AhdState, reach: set[str], box: str, side: str) -> bool:
    """A2.1 for a stack of `side` in `box`, whose support-graph component is `reach`."""
    if side == UNION and any(state.owner.get(b) == UNION for b in reach & q.port_set()):
        return True  # A2.1: Union pieces in, or with a line to, a (Union-owned) port
    cities = sum(1 for b in reach.intersection(q.shields(side))  # (boxes with a shield)
                 if b != box and _friendly_city(state, b, side))
    return cities >= (1 if q.is_recruiting_city(box) else 2)


def supported(state: AhdState, side: str, box: str, nodes: set[str]) -> bool:
    """`supported_in` for the stack in `box`, walking its component of the support graph (the
    friendly boxes and the stacks' boxes, `nodes`, joined by `joins`) only until the boxes
    found so far support it. tests/test_ahd_speed.py checks `unsupported` against the
    components of `support_graph` and `supported_in`."""
    owner = state.owner
    union = side == UNION
    ports = q.port_set()
    if union and box in ports and owner.get(box) == UNION:
        return True  # A2.1: Union pieces in a (Union-owned) port
    need = 1 if q.is_recruiting_city(box) else 2  # other friendly recruiting cities
    links = support_links(side)
    found = {box}
    todo = [box]
    while todo:
        here = todo.pop()
        for other, kind in links.get(here, ()):
            if other in found or other not in nodes:
                continue
            if kind == "river" or owner.get(here) == side == owner.get(other):  # joins()
                found.add(other)
                todo.append(other)
                if owner.get(other) == side:
                    if union and other in ports:
                        return True  # a line to a Union-owned port
                    if q.shield(other, side) > 0:  # a friendly recruiting city
                        need -= 1
                        if need == 0:
                            return True
    return False


def stacks(state: AhdState, side: str) -> dict[str, int]:
    """Boxes holding two or more of `side`'s pieces, with the count (A2.0: one piece alone is
    always supported)."""
    count = q.counts(state, side)
    return {box: n for box, n in count.items() if n >= 2}


def unsupported(state: AhdState, side: str) -> list[str]:
    """A2.2: the boxes where `side` has two or more pieces and no support line, sorted."""
    boxes = set(stacks(state, side))
    if not boxes:
        return []
    nodes = _line_boxes(state, side) | boxes
    return sorted(box for box in boxes if not supported(state, side, box, nodes))


# --- the start-of-turn check and its stop (A2.2) ----------------------------------------------


def check(state: AhdState, turn: PlayerTurn) -> None:
    """A2.0: 'All'inizio del suo turno, prima di fare qualunque altra cosa' (AMB-35: the first
    start-of-turn step) each stack of 2+ pieces without a support line loses a piece of its
    owner's choice (A2.2)."""
    if not state.options.supply:
        return
    boxes = unsupported(state, turn.side)
    if not boxes:
        return
    state.log.append(f"{turn.side}: no support line for the stacks in "
                     f"{', '.join(name(box) for box in boxes)}; one piece of each is eliminated "
                     f"(A2.2).")
    stack.push(state, SupportLoss(boxes=boxes))


def loss_choices(state: AhdState, frame: SupportLoss) -> list[Choice]:
    """A2.2: the owner picks the piece his unsupported stack loses."""
    box = frame.boxes[0]
    return [Choice(Action("eliminate", p.id),
                   f"Eliminate {describe(p)} in {name(box)} (no support line, A2.2)", "support")
            for p in sorted(q.pieces_at(state, box, state.player), key=lambda p: p.id)]


def _eliminate(state: AhdState, frame: SupportLoss, pid: str) -> None:
    """A2.2: 'il proprietario deve eliminare da tale riquadro un pezzo a sua scelta'."""
    p = next(p for p in q.pieces_at(state, frame.boxes[0], state.player) if p.id == pid)
    box = frame.boxes.pop(0)
    remove_from_play(state, p)  # militia back to the pool (B7.0, AMB-3)
    state.log.append(f"{describe(p)} in {name(box)} is eliminated: no support line (A2.2).")
    if not frame.boxes:
        stack.done(state, frame)


SUPPORT_LOSS = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"{state.player}: the stack in {name(frame.boxes[0])} has no "
                                 f"support line (A2.0): choose the piece it loses."),
    choices=loss_choices,
    handlers={"eliminate": _eliminate},
)
