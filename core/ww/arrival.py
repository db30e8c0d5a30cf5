"""Arriving in a space (7.4.C, 7.6, 7.7): what every part applies once a general or CUs end a
move, a retreat, a retreat before battle, an interception or a reinforcement in a space.

    arrive(state, space, side)    lone enemy generals captured (7.6.A), an unguarded Congress
                                  dispersed by a British Army (7.7), two generals of a side:
                                  one to its box (7.4.C, the SurplusGeneral stop)
    capture(state, general)       7.6; Washington (7.6.B, the WashingtonCaptured stop)
    disperse_congress(state)      7.7, also after a lost battle or an overrun there

A floor below the movement and the battle (core/ww/movement.py, core/ww/battle.py), which both
call it, as do the Strategy Phase's reinforcements and the French landing (12.2.B.ii).
"""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice
from core.ww import alliance_track
from core.ww import generals as roster
from core.ww import query as q
from core.ww.frames.movement import SurplusGeneral, WashingtonCaptured
from core.ww.state import (AMERICAN, AMERICAN_LEADERS, BRITISH, BRITISH_REINFORCEMENTS, CAPTURED,
                           DISPERSED, REMOVED, WwState)

WASHINGTON_PCS = 5         # 7.6.B
WASHINGTON_ALLIANCE = -3   # 7.6.B


def name(space: str) -> str:
    return q.name(space)


def who(general: str) -> str:
    return roster.display(general)


def box_of(side: str) -> str:
    """7.4.C: British generals to the British Reinforcements box, American ones (Rochambeau
    too) to the American Reinforcement Leaders box."""
    return BRITISH_REINFORCEMENTS if side == BRITISH else AMERICAN_LEADERS


def lone_enemy_general(state: WwState, space: str, side: str) -> str | None:
    """An enemy general standing in `space` without CUs (7.4.A, 7.6.A)."""
    enemy = q.enemy(side)
    general = q.general_at(state, space, enemy)
    return general if general is not None and not q.cus(state, space, enemy) else None


# --- arriving: 7.4.C, 7.6, 7.7 ----------------------------------------------------------------


def arrive(state: WwState, space: str, side: str) -> None:
    """A general or CUs of `side` have ended a move, retreat, retreat before battle,
    interception or reinforcement in `space`: lone enemy generals there are captured (7.6.A,
    8.2 clarification: CUs are needed), a British Army disperses an unguarded Congress (7.7),
    and two generals of `side` there send one to the box (7.4.C)."""
    if not q.on_map(space):
        return
    capture_lone_generals(state, space, side)
    if side == BRITISH:
        disperse_if_unguarded(state, space)
    surplus_general(state, space, side)


def capture_lone_generals(state: WwState, space: str, side: str) -> None:
    """7.6.A: CUs of `side` in a space with an enemy general who has no CUs capture him."""
    if not q.cus(state, space, side):
        return
    general = lone_enemy_general(state, space, side)
    if general is not None:
        capture(state, general)


def capture(state: WwState, general: str) -> None:
    """7.6.A: to the Captured Generals box (back to his side's box next Reinforcement Phase,
    5.1). 7.6.B: Washington leaves the game; the British removes up to 5 American PCs, one per
    colony; the French Alliance marker goes back 3 if France is not yet in the war."""
    where_from = state.generals.get(general, "")
    place = name(where_from) if q.on_map(where_from) else where_from
    if general != q.WASHINGTON:
        state.generals[general] = CAPTURED
        state.log.append(f"{who(general)} is captured in {place} (7.6).")
        return
    state.generals[general] = REMOVED
    state.log.append(f"Washington is captured in {place} and removed from the game (7.6.B).")
    if washington_pcs(state, []):
        stack.push(state, WashingtonCaptured(left=WASHINGTON_PCS))
    if not state.france_in_war:
        alliance_track.advance(state, WASHINGTON_ALLIANCE, "Washington captured, 7.6.B")


def disperse_if_unguarded(state: WwState, space: str) -> None:
    """7.7: a British Army in the Congress's space with no American CU disperses it (A36:
    not a general alone)."""
    if state.congress == space and not q.cus(state, space, AMERICAN) \
            and q.has_army(state, space, BRITISH):
        disperse_congress(state)


def disperse_congress(state: WwState) -> None:
    """7.7: the Congress goes to the Continental Congress Dispersed box until the next
    Political Control Phase (10.2 segment 1)."""
    if state.congress in ("", DISPERSED):
        return
    state.log.append(f"The Continental Congress in {name(state.congress)} is dispersed (7.7).")
    state.congress = DISPERSED


def surplus_general(state: WwState, space: str, side: str) -> None:
    """7.4.C: two generals of a side in one space: one goes to its box, the owner's choice;
    never Washington (then the other goes at once)."""
    here = q.generals_at(state, space, side)
    if len(here) < 2:
        return
    if q.WASHINGTON in here:
        for general in here:
            if general != q.WASHINGTON:
                send_to_box(state, general, space)
        return
    stack.push(state, SurplusGeneral(side=side, space=space))


def send_to_box(state: WwState, general: str, space: str) -> None:
    box = box_of(roster.side(general))
    state.generals[general] = box
    title = ("British Reinforcements" if box == BRITISH_REINFORCEMENTS
             else "American Reinforcement Leaders")
    state.log.append(f"{who(general)} leaves {name(space)} for the {title} box (7.4.C).")


def _send(state: WwState, frame: SurplusGeneral, general: str) -> None:
    send_to_box(state, general, frame.space)
    if len(q.generals_at(state, frame.space, frame.side)) < 2:
        stack.done(state, frame)


SURPLUS_GENERAL = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (f"{frame.side}: two generals in {name(frame.space)}: which "
                                 f"one goes to the reinforcements box? (7.4.C)"),
    choices=lambda state, frame: [
        Choice(Action("send", g), f"Send {who(g)} to the reinforcements box, keep the other "
               f"(7.4.C)", "move")
        for g in q.generals_at(state, frame.space, frame.side) if g != q.WASHINGTON],
    handlers={"send": _send},
)


# --- 7.6.B Washington captured ----------------------------------------------------------------


def washington_pcs(state: WwState, colonies_done: list[str]) -> list[str]:
    """7.6.B: American PCs in spaces with no American CU, no American general and no
    Congress, in colonies (Canada included) where none was removed yet."""
    return [s for s in q.spaces() if state.pcs.get(s) == AMERICAN
            and q.colony(s) not in colonies_done and not q.cus(state, s, AMERICAN)
            and q.general_at(state, s, AMERICAN) is None and state.congress != s]


def _remove_pc(state: WwState, frame: WashingtonCaptured, space: str) -> None:
    del state.pcs[space]
    frame.colonies_done.append(q.colony(space))
    frame.left -= 1
    state.log.append(f"British removes the American PC in {name(space)} (7.6.B).")
    if frame.left == 0 or not washington_pcs(state, frame.colonies_done):
        stack.done(state, frame)


WASHINGTON_CAPTURED_STOP = stack.Stop(
    role=lambda state, frame: BRITISH,
    prompt=lambda state, frame: (f"British: Washington is captured. Remove {frame.left} more "
                                 f"American PC{'' if frame.left == 1 else 's'}, at most one per "
                                 f"colony, where no American unit stands (7.6.B)."),
    choices=lambda state, frame: [
        Choice(Action("remove", s), f"Remove the American PC in {name(s)} ({q.colony(s)})",
               "pc")
        for s in washington_pcs(state, frame.colonies_done)],
    handlers={"remove": _remove_pc},
)


FLOW: stack.Flow = {
    SurplusGeneral: SURPLUS_GENERAL,
    WashingtonCaptured: WASHINGTON_CAPTURED_STOP,
}
