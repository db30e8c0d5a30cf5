"""Coastal defences, advanced rule A5.0 (seed "Regole Avanzate" 5.0 "Difese Costiere",
contents number 10), with the readings AMB-38 and AMB-63.

Every Confederate-owned port with a red recruiting shield has a coastal garrison that fights
naval invasions only: a virtual Confederate defender with the city's red value, two steps,
always entrenched, firing first in each round (with the defender's +1 against invaders in rounds
1-2), and the target of every Union shot until it is destroyed. It is not a piece: it never
moves, retreats, counts for MAS or support, and is back at full strength for every invasion.
Its state lives in the Battle (garrison, garrison_hits); core/ahd/battle/garrison.py fights it.
"""
from __future__ import annotations

from dataclasses import dataclass

from core import stack
from core.ahd import query as q
from core.ahd.frames import PlayerTurn
from core.ahd.frames import Battle
from core.ahd.state import CSA, UNION, AhdState, Piece

GARRISON = "garrison"  # the id the garrison has in a battle's shots and in the view
STEPS = 2              # "Il presidio deve essere colpito due volte per essere distrutto"


@dataclass(frozen=True)
class Garrison:
    """The coastal garrison as a combatant, with the attributes a battle reads of a Piece."""

    loc: str
    value: int
    reduced: bool
    id: str = GARRISON
    side: str = CSA
    arm: str = GARRISON
    grade: str = GARRISON
    entrenched: bool = True  # A5.0: "permanentemente trincerati"
    crossing: bool = False


def invaded(p: Piece) -> bool:
    """The piece landed by naval invasion this turn (B4.2.4: shipped, and counted as crossing)."""
    return p.sailed and p.crossing


def garrison_value(state: AhdState, box: str) -> int:
    """A5.0, AMB-63: the red shield of `box` if a coastal garrison defends it in a battle now:
    a Confederate-owned port with a red shield, attacked by Union pieces that landed there by
    naval invasion this turn. 0 otherwise (no garrison against attacks by land)."""
    if not state.options.coastal_defences or state.player != UNION:
        return 0
    if not q.is_port(box) or state.owner.get(box) != CSA:
        return 0
    if not any(p.loc == box and invaded(p) for p in q.pieces_of(state, UNION)):
        return 0
    return q.shield(box, CSA)


def lone_garrison_battles(state: AhdState) -> set[str]:
    """AMB-38: an invaded port defended by its garrison alone is still a battle, fought once."""
    turn = stack.find(state, PlayerTurn)
    if turn is None or not turn.invasion_port or turn.garrison_engaged:
        return set()
    return {turn.invasion_port} if garrison_value(state, turn.invasion_port) else set()


def alive(b: Battle) -> bool:
    """The battle has a coastal garrison that has not taken its second hit."""
    return b.garrison > 0 and b.garrison_hits < STEPS


def combatant(b: Battle) -> Garrison:
    return Garrison(loc=b.box, value=b.garrison, reduced=b.garrison_hits > 0)


def hit(b: Battle) -> str:
    """One hit on the garrison: the first reduces it, the second destroys it (A5.0)."""
    b.garrison_hits += 1
    return "reduced" if b.garrison_hits < STEPS else "destroyed"
