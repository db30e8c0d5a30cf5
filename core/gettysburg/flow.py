"""The sequence of play (2.0, 3.0, 7.1) as step lists on the decision stack (core/stack.py).

Read these lists beside the reference's state machine (../shared/rules/gettysburg-1863.md §B):

    GAME_TURN   turn start (7.0 arrivals, counters turned back, 2.0 the cup) -> rounds until the
                cup is empty or every unit has been activated (2.0) -> turn end (6.0 option,
                8.0 the day's VP at 20:00, the clock: next hour, the night turn, or the end)
    ROUND       2.0 steps 1-7: the chit drawn (in `rounds`) -> 5 or 4 white dice -> bugles
                (3.0) -> enemy-flag redeployments (step 3) -> activations one at a time
                (steps 4-7: move, reaction, combat, effects)
    NIGHT_TURN  7.1 (core/gettysburg/night.py)

The stops each step asks live with their rule: bugle.py, redeploy.py, activation.py,
movement.py, combat.py, reaction.py, retreat.py, night.py. `FLOW` gathers them for the Rules
object; `settle` runs after every step and every decision (where the AMB-25 option needs it).
"""
from __future__ import annotations

from core import dice, rng, stack
from core.dice import BUGLE, COMMAND_HAT, DOUBLE_FLAG, WHITE
from core.gettysburg import (activation, bugle, combat, integrity, movement, night, reaction,
                             redeploy, reinforcements, retreat, victory)
from core.gettysburg import query as q
from core.gettysburg.chits import RESERVE_CHITS, chit_mix
from core.gettysburg.fire import enemy_flag, own_flag
from core.gettysburg.frames import (Action, Activation, Activations, Advance, BugleRetreat,
                                    Bugles, Disengage, Engagement, EvadeOrFight, EvadeTo,
                                    GameTurn, MoveTo, NightEntry, NightMoves, NightMoveTo,
                                    NightTurn, Reactions, RecoverToo, RedeployTo, Redeploys,
                                    RetreatTo, Round, Target)
from core.gettysburg.scenarios import NIGHT, Turn, scenario_book
from core.gettysburg.state import ON_MAP, PENDING, GbState, Focus

# --- the game turn (2.0) ---------------------------------------------------------------------


def chit_options(state: GbState) -> tuple[str, ...]:
    return (RESERVE_CHITS,) if state.options.reserve_chits else ()


def turn_start(state: GbState, frame: GameTurn) -> None:
    """2.0 turn start: reinforcements due (7.0); every counter turned back; the two flags and
    the chit of every corps on the map or arriving go into the cup."""
    if state.turn.night:
        stack.push(state, NightTurn())
        return
    state.log.append(f"== {scenario_book().clock.label(state.turn)} ==")
    reinforcements.arrive(state)
    for u in state.units:
        if u.activated or u.reacted:
            q.update(state, u.id, activated=False, reacted=False)
    state.cup = list(chit_mix().cup(reinforcements.corps_in_play(state), chit_options(state)))
    state.drawn, state.round_no, state.focus = [], 0, None
    state.log.append(f"The cup holds {len(state.cup)} chits (2.0): "
                     f"{', '.join(q.chit_name(c) for c in state.cup)}.")


def all_activated(state: GbState) -> bool:
    """2.0, AMB-30 [R]: every unit on the map and every reinforcement able to enter, of both
    sides, has been activated."""
    for u in state.units:
        if u.activated:
            continue
        if u.status == ON_MAP or (u.status == PENDING and movement.can_enter(state, u.id)):
            return False
    return True


def rounds(state: GbState, frame: GameTurn) -> None:
    """2.0: draw a chit at random and play its round, until the cup is empty, or at once when
    every unit has been activated (the chits left are not drawn)."""
    if state.turn.night:
        return
    if not state.cup:
        state.log.append("The cup is empty: the turn ends (2.0).")
        return
    if all_activated(state):
        state.log.append(f"Every unit has been activated: the turn ends, {len(state.cup)} "
                         f"chit(s) not drawn (2.0).")
        return
    chit = state.cup.pop(rng.randbelow(state, len(state.cup)))
    state.drawn.append(chit)
    state.round_no += 1
    side = chit_mix().chits[chit].side
    state.log.append(f"-- Round {state.round_no}: the {q.chit_name(chit)} chit is drawn "
                     f"(2.0 step 1) --")
    stack.repeat(frame)
    stack.push(state, Round(chit=chit, side=side, number=state.round_no))


def turn_end(state: GbState, frame: GameTurn) -> None:
    """2.0 turn end: 6.0 (option); at the day's last hour the VP hexes (8.0) and the end of the
    scenario or the night turn (7.1); otherwise the next hour."""
    clock = scenario_book().clock
    day, hour = state.turn.day, state.turn.hour
    integrity.check(state)
    if state.turn.night:
        state.turn = Turn(day + 1, clock.first_hour)
    else:
        if hour == clock.last_hour:
            victory.score_day(state)
            if day >= state.last_day:
                victory.finish(state)
                return
            state.turn = Turn(day, NIGHT)
        else:
            assert isinstance(hour, int)
            state.turn = Turn(day, hour + 1)
    stack.goto(frame, GAME_TURN, turn_start)


GAME_TURN = stack.Steps((turn_start, rounds, turn_end))


# --- the round (2.0 steps 1-7, 3.0) ------------------------------------------------------------

MEANING = {BUGLE: "bugle: retreat or recover (3.0)",
           COMMAND_HAT: "command: a stack of 2 or a reserve unit (3.0)",
           DOUBLE_FLAG: "double flag: 1 unit (3.0)"}


def meaning(side: str, face: str) -> str:
    if face == own_flag(side):
        return "own flag: 1 unit (3.0)"
    if face == enemy_flag(side):
        return "enemy flag: the opponent redeploys a unit (2.0 step 3)"
    return MEANING[face]


def roll(state: GbState, r: Round) -> None:
    """2.0 step 2: the owner of the chit rolls his activation dice, 5 Confederate, 4 Union."""
    n = chit_mix().dice(r.side)
    r.faces = [str(dice.roll(state, f"{r.side} activation", "2.0", WHITE)) for _ in range(n)]
    r.bugles = r.faces.count(BUGLE)
    r.redeploys = r.faces.count(enemy_flag(r.side))
    r.flags = r.faces.count(own_flag(r.side)) + r.faces.count(DOUBLE_FLAG)
    r.hats = r.faces.count(COMMAND_HAT)
    state.log.append(f"{r.side} activation dice: {', '.join(r.faces)}.")
    state.focus = Focus(
        title=f"Round {r.number}: {q.chit_name(r.chit)} chit, {r.side} rolls {n} white dice "
              "(2.0)",
        rows=[[r.side, f"die {i + 1}", f, meaning(r.side, f)] for i, f in enumerate(r.faces)],
        notes=[f"{r.bugles} bugle, {r.redeploys} enemy flag, {r.flags} flag, {r.hats} command"])


ROUND = stack.Steps((roll, bugle.bugle_step, redeploy.redeploy_step, activation.activation_step))


# --- what always holds, and the whole flow ---------------------------------------------------


def settle(state: GbState) -> None:
    """After every step and decision: the AMB-25 option's VP hex control follows occupation."""
    if state.options.vp_control == "last occupied":
        victory.track_control(state)


def settle_of(state: GbState) -> stack.Settle | None:
    """`settle` for a game where it has something to do (the AMB-25 option), else None: then
    the stack need not call it after every step."""
    return settle if state.options.vp_control == "last occupied" else None


FLOW: stack.Flow = {
    GameTurn: GAME_TURN,
    NightTurn: night.NIGHT_TURN,
    NightEntry: night.NIGHT_ENTRY,
    NightMoves: night.NIGHT_MOVES,
    NightMoveTo: night.NIGHT_MOVE_TO,
    Disengage: night.DISENGAGE,
    Round: ROUND,
    Bugles: bugle.BUGLES,
    BugleRetreat: bugle.BUGLE_RETREAT,
    RecoverToo: bugle.RECOVER_TOO,
    Redeploys: redeploy.REDEPLOYS,
    RedeployTo: redeploy.REDEPLOY_TO,
    Activations: activation.ACTIVATIONS,
    Activation: activation.ACTIVATION,
    Action: activation.ACTION,
    MoveTo: movement.MOVE_TO,
    Target: combat.TARGET,
    Engagement: combat.ENGAGEMENT,
    Reactions: reaction.REACTIONS,
    EvadeOrFight: reaction.EVADE_OR_FIGHT,
    EvadeTo: reaction.EVADE_TO,
    RetreatTo: retreat.RETREAT_TO,
    Advance: combat.ADVANCE,
}


def start(state: GbState) -> None:
    """The game begins: the first game turn runs up to its first question."""
    stack.push(state, GameTurn())
    stack.run(state, FLOW, settle_of(state))
