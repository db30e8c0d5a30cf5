"""Containment, advanced rule A4.0 (seed "Regole Avanzate" 4.0 "Contenimento", contents
number 9), with the reading AMB-37.

Instead of fighting for a port the Union holds, the Confederacy may contain the Union force
there. Eligible ports: those the Union captured by naval invasion, plus Fort Monroe and
Pensacola. At the end of its movement segment the CSA decides, for each eligible port holding
pieces of both sides, to contain (no battle there) or to fight. While a port is contained:
  * its Union pieces cannot leave it, by land or by sea (nor reinforce a battle), until they win
    a breakout battle at the start of a Union movement segment (1 march each);
  * the Union may still ship pieces in by naval movement: they are contained too;
  * no battle is fought there except a breakout or a Confederate attack (the CSA choosing to
    fight at the end of its movement); in those the attacker leaves its entrenchment and nobody
    crosses a river;
  * ownership does not change (B9.0: both sides are there) and nobody recruits there (B7.0);
  * the Confederate pieces there may entrench (1 march in a recruiting city, otherwise 2).
Containment ends when either side has no piece left in the port.
"""
from __future__ import annotations

from core import stack
from core.ahd import query as q
from core.ahd.frames import Battle, BattleSegment, Containment
from core.ahd.pieces import update
from core.ahd.state import CSA, UNION, AhdState, Piece
from core.ahd.text import name
from core.engine import Action, Choice

# A4.0: "(oltre a Fort Monroe ed a Pensacola)"
ALWAYS_ELIGIBLE = ("fort-monroe", "pensacola")


def in_use(state: AhdState) -> bool:
    return bool(state.options.containment)


def both_sides(state: AhdState, box: str) -> bool:
    return q.has_enemy(state, box, UNION) and q.has_enemy(state, box, CSA)


def eligible(state: AhdState, box: str) -> bool:
    """A4.0: a port the Union captured by naval invasion, or Fort Monroe, or Pensacola."""
    return box in ALWAYS_ELIGIBLE or box in state.invaded_ports


def note_capture(state: AhdState, box: str, side: str, pieces: list[Piece]) -> None:
    """Record which ports the Union took by naval invasion (A4.0 eligibility); a Confederate
    recapture ends that (the port is no longer one "lost to a naval invasion")."""
    if not in_use(state) or not q.is_port(box):
        return
    if side == UNION and any(p.sailed and p.crossing for p in pieces):
        if box not in state.invaded_ports:
            state.invaded_ports.append(box)
    elif side == CSA and box in state.invaded_ports:
        state.invaded_ports.remove(box)


def fights(state: AhdState) -> list[str]:
    """Contained ports the CSA attacks in this battle segment (empty outside one)."""
    segment = stack.find(state, BattleSegment)
    return segment.fights if segment is not None else []


def lift_ended(state: AhdState) -> list[str]:
    """Containment ends where either side has no piece left; returns the ports freed."""
    ended = [box for box in state.contained if not both_sides(state, box)]
    attacked = fights(state)
    for box in ended:
        state.contained.remove(box)
        if box in attacked:
            attacked.remove(box)
    return ended


def after_battle(state: AhdState, fought: Battle) -> None:
    """Every battle's end: containments with a side gone are lifted; a won breakout frees the
    port's Union pieces for this movement segment, a lost one leaves them contained (A4.0)."""
    lift_ended(state)
    if not fought.breakout:
        return
    if fought.winner == UNION:
        release(state, fought.box)
        state.log.append(f"Breakout from {name(fought.box)} won: its Union pieces move freely "
                         f"(A4.0).")
    elif fought.box in state.contained:
        state.log.append(f"Breakout from {name(fought.box)} failed: its Union pieces stay "
                         f"contained (A4.0).")


def is_contained(state: AhdState, p: Piece) -> bool:
    """A Union piece shut in a contained port: it may not leave until a breakout is won."""
    return p.side == UNION and p.loc in state.contained


def decisions(state: AhdState) -> list[str]:
    """The eligible ports where, at the end of the Confederate movement segment, both sides
    stand: the CSA contains or fights in each (AMB-37)."""
    if not in_use(state) or state.player != CSA:
        return []
    both = q.occupied(state, UNION) & q.occupied(state, CSA)
    return sorted(box for box in both if eligible(state, box))


def quiet(state: AhdState) -> set[str]:
    """Contained ports where no battle is fought in this battle segment."""
    return set(state.contained) - set(fights(state))


def breakout_ports(state: AhdState) -> list[str]:
    """Contained ports whose Union pieces may still try a breakout now (A4.0): once a turn,
    so not where they have already fought this turn."""
    if not in_use(state) or state.player != UNION:
        return []
    return sorted(box for box in state.contained if both_sides(state, box)
                  and any(not p.fought for p in q.pieces_at(state, box, UNION)))


def hold(state: AhdState) -> None:
    """At the start of the Union movement segment: contained pieces may not move (A4.0)."""
    for p in q.pieces_of(state, UNION):
        if p.loc in state.contained:
            update(state, p, halted=True)


def release(state: AhdState, box: str) -> None:
    """A won breakout: the Union pieces of the port move freely this segment (A4.0)."""
    for p in q.pieces_at(state, box, UNION):
        update(state, p, halted=False)


def may_entrench(state: AhdState, p: Piece) -> bool:
    """A4.0: Confederate pieces containing (or about to contain) a Union force in an eligible
    port may entrench there, an exception to B4.2.5."""
    return (in_use(state) and p.side == CSA and eligible(state, p.loc)
            and q.has_enemy(state, p.loc, CSA))


# --- the Containment stop: end of the Confederate movement (A4.0, AMB-37) ---------------------


def ask(state: AhdState) -> None:
    """At the end of its movement the CSA decides, port by port, where to contain."""
    ports = decisions(state)
    if ports:
        stack.push(state, Containment(ports=ports))


def choices(state: AhdState, frame: Containment) -> list[Choice]:
    box = frame.ports[0]
    keep = "Keep containing" if box in state.contained else "Contain"
    return [Choice(Action("contain", box), f"{keep} the Union force in {name(box)}: no battle "
                   f"(A4.0)", "battle"),
            Choice(Action("fight", box), f"Fight the battle of {name(box)}", "battle")]


def _decide(contain: bool):
    def handler(state: AhdState, frame: Containment, box: str) -> None:
        frame.ports.pop(0)
        if contain:
            if box not in state.contained:
                state.contained.append(box)
            state.log.append(f"The Confederates contain the Union force in {name(box)}: no "
                             f"battle there (A4.0).")
        else:
            if box in state.contained:
                fights(state).append(box)  # an attack out of the containment
            state.log.append(f"The Confederates attack the Union force in {name(box)}.")
        if not frame.ports:
            stack.done(state, frame)
    return handler


CONTAINMENT = stack.Stop(
    role=lambda state, frame: CSA,
    prompt=lambda state, frame: (f"Confederate: contain the Union force in "
                                 f"{name(frame.ports[0])} (no battle, A4.0), or fight it."),
    choices=choices,
    handlers={"contain": _decide(True), "fight": _decide(False)},
)
