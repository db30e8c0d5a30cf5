"""Wellington: Armies on the move as the stack's frames hold them (core/wellington/frames/
movement.py), for every part that moves pieces or strikes moving ones: movement and
interception, attrition (13) and the battle's retreat (11.6).

    formation_id / share_out / resync   a Formation's id; what one Power's moving soldiers are
                                        after losses, shared among its Armies; an Army's pieces
                                        as far as they are still there
    carry                               an attrition question answered: the moving Armies carry
                                        what the losses left (13)
    entered / entry_duchies             the ENTERED window (#3 Mud, #41 Stragglers answer it,
                                        5.2) and the duchies an event's interception came from
                                        this impulse (11.62 note)
"""
from __future__ import annotations

from core.wellington import building, cardplay
from core.wellington.frames.movement import Army, Attempt, Move
from core.wellington.state import SIDE, WellingtonState


def formation_id(army: Army, duchy: str) -> str:
    """frames/movement.py: a commander's id, or "<power>:<duchy>" for leaderless soldiers."""
    return army.commander or f"{army.power}:{duchy}"


def share_out(armies: list[Army], troops: list[int]) -> None:
    """`troops` (what one Power's moving soldiers are now) shared among its `armies`: each
    keeps what it had as far as it is left, the counters change made (1.5) go to the first."""
    left = list(troops)
    for army in armies:
        army.troops = [min(n, m) for n, m in zip(army.troops, left)]
        left = [m - n for n, m in zip(army.troops, left)]
    if armies:
        armies[0].troops = [n + m for n, m in zip(armies[0].troops, left)]


def resync(state: WellingtonState, armies: list[Army], duchy: str) -> None:
    """What is left of each Army at `duchy` after losses, retreats, change or events: its
    soldiers as far as they are there, its commanders still there (a staff officer takes
    over a lost Army commander)."""
    left: dict[str, list[int]] = {}
    for army in armies:
        have = left.setdefault(army.power, building.counters(state, duchy, army.power))
        for t in range(3):
            army.troops[t] = min(army.troops[t], have[t])
            have[t] -= army.troops[t]
        army.staff = [c for c in army.staff if state.commanders.get(c) == duchy]
        if army.commander and state.commanders.get(army.commander) != duchy:
            if army.staff:
                army.commander = army.staff.pop(0)
            else:
                army.commander = ""


def carry(state: WellingtonState, power: str, moving: list[str], duchy: str,
          troops: list[int]) -> None:
    """An attrition question answered: `power`'s moving Armies at `duchy` named by `moving`
    (their Formation ids: a commander's, or "<power>:<duchy>" for leaderless soldiers, every
    commander-less counter of `power` there) carry `troops`, what the losses left of their
    soldiers. They are those of the innermost `Move` or `Attempt` on the stack that holds
    them (the one whose attrition was asked: its question stood above it); none when they
    moved in no frame still on the stack (an interceptor's or evader's owed attrition,
    10.9)."""
    for frame in reversed(state.stack):
        if isinstance(frame, Move) and frame.at == duchy:
            armies = frame.armies
        elif isinstance(frame, Attempt) and duchy in (frame.origin, frame.target):
            armies = frame.armies
        else:
            continue
        own = [a for a in armies if a.power == power and formation_id(a, duchy) in moving]
        if own:
            share_out(own, troops)
            resync(state, armies, duchy)
            return


def fresh_records(state: WellingtonState) -> None:
    """The impulse's records for the battle (11.41-11.43, 10.7, 11.62) start afresh in each
    impulse: the lines crossed, the failed evasions, the duchies reinforced from."""
    if state.movement_impulse != state.impulses:
        state.movement_impulse = state.impulses
        state.crossed = {}
        state.evasion_failed = []
        state.reinforced_from = {}


def entered(state: WellingtonState, how: str, formation: str, origin: str, dest: str,
            power: str) -> None:
    """ENTERED (the seam): `formation` of `power` has just entered `dest` from `origin` by
    `how` ("move", "intercept", "evade", "reinforce"; the battle calls it with "retreat"):
    the Powers may answer (5.2) with #3 Mud and #41 Stragglers. An event's interception
    ("reinforce") is recorded first for 11.62's note (`entry_duchies`)."""
    if how == "reinforce":
        fresh_records(state)
        froms = state.reinforced_from.setdefault(f"{SIDE[power]}@{dest}", [])
        if origin not in froms:
            froms.append(origin)
    cardplay.respond(state, f"entered:{how}:{formation}:{origin}>{dest}", power)


def entry_duchies(state: WellingtonState, duchy: str, side: str) -> list[str]:
    """11.62 note: the adjacent duchies `side`'s Formations entered `duchy` from by an event's
    interception this impulse ("se si hanno più intercettazioni offensive causate da un evento
    provenienti da più di un Ducato adiacente"), in the order they came."""
    if state.movement_impulse != state.impulses:
        return []
    return list(state.reinforced_from.get(f"{side}@{duchy}", []))


def parse_entered(trigger: str) -> tuple[str, str, str, str] | None:
    """(how, formation, origin, dest) of an ENTERED trigger, else None."""
    if not trigger.startswith("entered:"):
        return None
    how, rest = trigger[len("entered:"):].split(":", 1)
    formation, line = rest.rsplit(":", 1)
    origin, dest = line.split(">")
    return how, formation, origin, dest
