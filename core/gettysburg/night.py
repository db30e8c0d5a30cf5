"""7.1 The night turn, between the days of a scenario of 2 days or more.

"Units need not be activated but move automatically, spending their first 1/2 MP in the listed
hex. The units of the player WITHOUT the initiative move first (the Union at Gettysburg). Units
entering in that turn have their MP doubled; they may NOT move adjacent to enemy units. Units
adjacent to enemy units in hexes giving protection (hills, woods, buildings...) must retreat 1
hex. If both are in the open, each retreats 1 hex. If both are in hexes giving cover, they may
stay or retreat into an adjacent hex not in an enemy ZoC."

AMB-24 [R]: only the units arriving that night move (option: every unit may move, MP x 2, never
ending next to an enemy); cover = hex terrain with protection, not streams; the disengagement
follows the arrivals, the side without the initiative first; who must retreat is decided for
every pair at the start of the disengagement; a unit that finds no hex out of the enemy's ZoC
stays without loss; one retreat satisfies every enemy it was next to.
"""
from __future__ import annotations

from core import stack
from core.engine import Action as Act, Choice
from core.gettysburg import movement, reinforcements
from core.gettysburg import query as q
from core.gettysburg.frames import Disengage, NightEntry, NightMoves, NightMoveTo, NightTurn
from core.gettysburg.scenarios import scenario_book
from core.gettysburg.state import INITIATIVE, ON_MAP, PENDING, GbState, enemy

NIGHT_MP = 2  # 7.1: MP x 2
FIRST, SECOND = enemy(INITIATIVE), INITIATIVE  # 7.1: the side without the initiative first

MUST, MAY = "must:", "may:"


def _night(state: GbState) -> NightTurn:
    n = stack.find(state, NightTurn)
    assert n is not None, "not in a night turn"
    return n


def night_start(state: GbState, n: NightTurn) -> None:
    state.log.append(f"== {scenario_book().clock.label(state.turn)} (7.1 night turn) ==")
    state.cup, state.drawn, state.round_no, state.focus = [], [], 0, None


# --- arrivals ---------------------------------------------------------------------------------


def night_reach(state: GbState, uid: str) -> dict[str, movement.Reach]:
    """7.1: entering with MP x 2, never into a hex next to an enemy."""
    return movement.reach(state, uid, entering=True, factor=NIGHT_MP, shun_enemy=True)


def queue_first_arrivals(state: GbState, n: NightTurn) -> None:
    n.queue = reinforcements.night_arrivals(state, FIRST)


def queue_second_arrivals(state: GbState, n: NightTurn) -> None:
    n.queue = reinforcements.night_arrivals(state, SECOND)


def enter_arrivals(state: GbState, n: NightTurn) -> None:
    """7.1: each night arrival enters automatically (its player picks where it goes); one that
    cannot enter stays pending and enters by activation later (AMB-23)."""
    while n.queue:
        uid = n.queue[0]
        q.update(state, uid, status=PENDING)
        if night_reach(state, uid):
            stack.repeat(n)
            stack.push(state, NightEntry(unit=uid))
            return
        state.log.append(f"{q.name(uid)} cannot enter at {q.hex_name(q.unit(state, uid).entry)} "
                         "tonight (7.1): it stays pending.")
        n.queue.pop(0)


def entry_prompt(state: GbState, frame: NightEntry) -> str:
    u = q.unit(state, frame.unit)
    return (f"{q.describe(state, frame.unit)} arrives tonight at {q.hex_name(u.entry)} (7.1: "
            f"MP x 2, never next to the enemy): choose where it goes.")


def entry_choices(state: GbState, frame: NightEntry) -> list[Choice]:
    return [Choice(Act("to", h), f"{q.name(frame.unit)} to {q.hex_name(h)}", "move")
            for h in sorted(night_reach(state, frame.unit))]


def _entry_to(state: GbState, frame: NightEntry, h: str) -> None:
    u = q.unit(state, frame.unit)
    q.update(state, frame.unit, status=ON_MAP, hex=h)
    state.log.append(f"{q.name(frame.unit)} enters at night at {q.hex_name(u.entry)} and moves "
                     f"to {q.hex_name(h)} (7.1).")
    _night(state).queue.remove(frame.unit)
    stack.done(state, frame)


NIGHT_ENTRY = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=entry_prompt,
    choices=entry_choices,
    handlers={"to": _entry_to},
)


# --- AMB-24 option: every unit may move at night -------------------------------------------------


def night_moves(state: GbState, uid: str) -> dict[str, movement.Reach]:
    return movement.reach(state, uid, factor=NIGHT_MP, end_clear=True)


def _movers(state: GbState, n: NightTurn, side: str) -> list[str]:
    return [u.id for u in q.on_map(state, side) if u.id in n.queue and night_moves(state, u.id)]


def _night_movers(state: GbState, side: str) -> list[str]:
    """AMB-24 option: `side`'s units on the map, but those that arrived tonight (they moved)."""
    if state.options.night_movement != "every unit":
        return []
    return [u.id for u in q.on_map(state, side) if u.arrival != state.turn]


def queue_first_moves(state: GbState, n: NightTurn) -> None:
    """AMB-24 option: the side without the initiative moves first."""
    n.queue = _night_movers(state, FIRST)


def queue_second_moves(state: GbState, n: NightTurn) -> None:
    n.queue = _night_movers(state, SECOND)


def night_movement(state: GbState, n: NightTurn) -> None:
    """AMB-24 option: the queued side moves units one at a time until it is done."""
    if not n.queue:
        return
    side = q.unit(state, n.queue[0]).side
    if _movers(state, n, side):
        stack.repeat(n)
        stack.push(state, NightMoves(side=side))
    else:
        n.queue = []


def moves_choices(state: GbState, frame: NightMoves) -> list[Choice]:
    n = _night(state)
    out = [Choice(Act("move", uid), f"Move {q.describe(state, uid)} (MP x 2)", "move")
           for uid in _movers(state, n, frame.side)]
    out.append(Choice(Act("done", None), "No more night moves", "move", ends_turn=True))
    return out


def _move(state: GbState, frame: NightMoves, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, NightMoveTo(unit=uid))


def _done(state: GbState, frame: NightMoves, _noun: None) -> None:
    _night(state).queue = []
    stack.done(state, frame)


NIGHT_MOVES = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (f"{frame.side} night movement (AMB-24 option): move units with "
                                 "MP x 2, never ending next to the enemy, one at a time."),
    choices=moves_choices,
    handlers={"move": _move, "done": _done},
)


def move_to_choices(state: GbState, frame: NightMoveTo) -> list[Choice]:
    return [Choice(Act("to", h), f"{q.name(frame.unit)} to {q.hex_name(h)}", "move")
            for h in sorted(night_moves(state, frame.unit))]


def _move_to(state: GbState, frame: NightMoveTo, h: str) -> None:
    n = _night(state)
    u = q.unit(state, frame.unit)
    q.update(state, frame.unit, hex=h)
    state.log.append(f"{q.name(frame.unit)} moves at night {q.hex_name(u.hex)} -> "
                     f"{q.hex_name(h)} (AMB-24 option).")
    n.queue.remove(frame.unit)
    stack.done(state, frame)


NIGHT_MOVE_TO = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=lambda state, frame: f"Night move of {q.describe(state, frame.unit)}: choose the hex.",
    choices=move_to_choices,
    handlers={"to": _move_to},
)


# --- disengagement ----------------------------------------------------------------------------


def duty(state: GbState, uid: str) -> str | None:
    """7.1: MUST when `uid` is in the open next to an enemy; MAY when it is in cover next to an
    enemy in cover; None otherwise (in cover, every enemy next to it in the open)."""
    u = q.unit(state, uid)
    foes = q.enemies_next_to(state, u.hex, u.side)
    if not foes:
        return None
    if not q.cover(u.hex):
        return MUST
    return MAY if any(q.cover(f.hex) for f in foes) else None


def disengage_start(state: GbState, n: NightTurn) -> None:
    """Who must (or may) retreat, decided for every pair at once, side without initiative
    first."""
    n.queue = []
    for side in (FIRST, SECOND):
        for u in q.on_map(state, side):
            how = duty(state, u.id)
            if how is not None:
                n.queue.append(how + u.id)


def disengage_hexes(state: GbState, uid: str) -> list[str]:
    u = q.unit(state, uid)
    zoc = q.zoc(state, enemy(u.side))
    return sorted(h for h in q.neighbours(u.hex) if h not in zoc and q.can_end_in(state, uid, h))


def disengage(state: GbState, n: NightTurn) -> None:
    while n.queue:
        how, uid = n.queue[0].split(":", 1)
        how += ":"
        if not q.unit(state, uid).on_map:
            n.queue.pop(0)
            continue
        legal = disengage_hexes(state, uid)
        if not legal:
            state.log.append(f"{q.name(uid)} finds no hex out of the enemy's reach and stays, "
                             "without loss (7.1, AMB-24).")
            n.queue.pop(0)
            continue
        if how == MUST and len(legal) == 1:
            retreat_to(state, uid, legal[0])
            n.queue.pop(0)
            continue
        stack.repeat(n)
        stack.push(state, Disengage(unit=uid, optional=how == MAY))
        return


def retreat_to(state: GbState, uid: str, h: str) -> None:
    u = q.unit(state, uid)
    q.update(state, uid, hex=h)
    state.log.append(f"{q.name(uid)} disengages {q.hex_name(u.hex)} -> {q.hex_name(h)} (7.1).")


def disengage_prompt(state: GbState, frame: Disengage) -> str:
    u = q.unit(state, frame.unit)
    if frame.optional:
        return (f"{q.describe(state, frame.unit)} in {q.hex_name(u.hex)}: both it and the enemy "
                "next to it are in cover; it may stay or retreat 1 hex (7.1).")
    return (f"{q.describe(state, frame.unit)} in {q.hex_name(u.hex)} is in the open next to the "
            "enemy: it retreats 1 hex (7.1).")


def disengage_choices(state: GbState, frame: Disengage) -> list[Choice]:
    out = [Choice(Act("retreat-to", h), f"{q.name(frame.unit)} retreats to {q.hex_name(h)}",
                  "retreat") for h in disengage_hexes(state, frame.unit)]
    if frame.optional:
        out.append(Choice(Act("stay", None), f"{q.name(frame.unit)} stays", "retreat"))
    return out


def _retreat_to(state: GbState, frame: Disengage, h: str) -> None:
    retreat_to(state, frame.unit, h)
    _night(state).queue.pop(0)
    stack.done(state, frame)


def _stay(state: GbState, frame: Disengage, _noun: None) -> None:
    state.log.append(f"{q.name(frame.unit)} stays in cover (7.1).")
    _night(state).queue.pop(0)
    stack.done(state, frame)


DISENGAGE = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=disengage_prompt,
    choices=disengage_choices,
    handlers={"retreat-to": _retreat_to, "stay": _stay},
)


NIGHT_TURN = stack.Steps((night_start, queue_first_arrivals, enter_arrivals,
                          queue_second_arrivals, enter_arrivals, queue_first_moves,
                          night_movement, queue_second_moves, night_movement, disengage_start,
                          disengage))
