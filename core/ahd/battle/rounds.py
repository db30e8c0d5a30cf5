"""One battle, step by step, in the order of the reference's sequence of play (section 1,
"BATTLE(box)") and of the seed's rules B5.0-B5.2.6 and B6.0.

    before round 1   B5.2.6 the defender's cavalry may escape
    each round       B5.0 round r begins
                     A7.0 (+A8.2.2) on rounds 1, 5, 9...: each side's command value for the day
                     B5.2.4 from round 2: reinforcements, attacker then defender (AMB-13)
                     B5.2.5 from round 2: retreats, attacker then defender
                     A8.2.2 the leaders allot their bonus before any piece fires
                     DEFENDER FIRE: B5.1 every piece fires; A7.0 the owner picks who, within
                       the command value; O2.2 cavalry declares first; B5.1 declare targets;
                       B5.1-B5.2.3 roll the shots; A8.1 the attacker's pieces just hit test
                       morale
                     B5.0 end check
                     ATTACKER FIRE: the same, the attacker firing
                     B5.0 end check
                     A8.1.1 on rounds 4, 8, 12...: each side may rally a routed piece
                     next round
    the end          A8.1.2 desertion tests, both sides
                     A8.1 the loser's routed pieces retreat
                     B6.0 the winner promotes one participant
                     A8.2.2 leaders left alone with the enemy are removed; A4.0 containments

A battle decided in the middle of a round (a retreat, an escape, an end check) skips the rest
of the round and goes on to its end (`fighting`). Each optional or advanced rule is a module of
its own whose steps return at once when its option is off.
"""
from __future__ import annotations

from core import stack
from core.ahd import coastal, containment, leaders
from core.ahd.battle import (days, desertion, escape, fire, leadership, promotion,
                             reinforcements, retreat, rout, targeting)
from core.ahd.battle.base import BattleStep, day, fighting, listing, sided
from core.ahd.battle.breakout import leave_entrenchment
from core.ahd.frames import (Battle, BattlePromotion, Escape, Firers, LeaderBonus, PlayerTurn,
                             Reinforce, Retreat, Rally, RoutRetreat, Targets)
from core.ahd.pieces import piece, update
from core.ahd.query import enemy, pieces_at
from core.ahd.state import AhdState
from core.ahd.text import name

# --- starting a battle -------------------------------------------------------------------------


def begin(state: AhdState, box: str, breakout: bool = False) -> None:
    """Push the battle in `box`: the active player attacks, the other side defends (B5.0).
    `breakout`: the Union breakout from a contained port (A4.0). The caller runs the stack."""
    attacker = state.player
    defender = enemy(attacker)
    attackers = sorted(p.id for p in pieces_at(state, box, attacker))
    defenders = sorted(p.id for p in pieces_at(state, box, defender))
    garrison = coastal.garrison_value(state, box)  # A5.0: an invaded port's coastal garrison
    if not attackers or not (defenders or garrison):
        raise ValueError(f"no battle in {box}: it does not hold pieces of both sides")
    origins: list[str] = []
    for pid in attackers:
        # B5.2.5, B5.2.6, AMB-17: the boxes the attacking pieces entered from (none by sea)
        came = piece(state, pid).came_from
        if came and came not in origins:
            origins.append(came)
    b = Battle(box=box, attacker=attacker, defender=defender, attackers=attackers,
               defenders=defenders, participants=attackers + defenders,
               attacker_origins=sorted(origins), garrison=garrison, breakout=breakout,
               containment=box in state.contained,
               # B4.2.4: invading pieces come by sea and cross (O3.1: a battle from an invasion)
               invasion=any(coastal.invaded(piece(state, pid)) for pid in attackers))
    b.leaders = leadership.present(state, b)  # A8.2.2
    for pid in attackers + defenders:
        update(state, piece(state, pid), fought=True)  # B5.2.4: "pezzi che hanno già combattuto una battaglia"
    leave_entrenchment(state, b)  # A4.0
    if garrison:
        turn = stack.find(state, PlayerTurn)
        if turn is not None:
            turn.garrison_engaged = True  # A5.0: the garrison fights this invasion once
    defence = listing(state, defenders)
    if garrison:
        defence = ", ".join(filter(None, (defence, f"the coastal garrison ({garrison}, A5.0)")))
    state.log.append(f"Battle of {name(box)}: {attacker} attacks with "
                     f"{listing(state, attackers)}{leadership.led(state, b, attacker)}; "
                     f"{defender} defends with {defence}{leadership.led(state, b, defender)}")
    stack.push(state, b)


# --- the steps ---------------------------------------------------------------------------------


@fighting
def start_round(state: AhdState, b: Battle) -> None:
    """B5.0: a new battle round (four to a day, A7.0)."""
    b.round += 1
    b.used_boxes = []
    b.earlier = []
    state.log.append(f"Battle of {name(b.box)}, round {b.round} (day {day(b.round)})")


def in_rounds(*steps: BattleStep) -> tuple[BattleStep, ...]:
    """Steps of a battle round: skipped once the battle is decided (`fighting`)."""
    return tuple(fighting(step) for step in steps)


attacker_reinforces, defender_reinforces = sided(reinforcements.offer)
attacker_retreats, defender_retreats = sided(retreat.offer)
attacker_opens_fire, defender_opens_fire = sided(fire.opens)
attacker_engages, defender_engages = sided(days.engages)
attacker_cavalry_first, defender_cavalry_first = sided(targeting.cavalry_first)
attacker_declares, defender_declares = sided(fire.declares)
attacker_rolls, defender_rolls = sided(fire.rolls)
attacker_morale_tests, defender_morale_tests = sided(rout.tests)
attacker_rallies, defender_rallies = sided(rout.rally)


def next_round(state: AhdState, b: Battle) -> None:
    """The battle goes on: next round (B5.0)."""
    stack.goto(b, BATTLE, start_round)


def finish(state: AhdState, b: Battle) -> None:
    """The battle is over: a leader left alone with the enemy is removed (A8.2.2); ended
    containments are lifted and a breakout decided (A4.0)."""
    b.firers = []
    leaders.sweep(state)
    containment.after_battle(state, b)


BATTLE: stack.Steps[AhdState, Battle] = stack.Steps((
    escape.offer,                  # B5.2.6
    start_round,                   # B5.0
    *in_rounds(
        days.start_day,            # A7.0, A8.2.2
        attacker_reinforces,       # B5.2.4
        defender_reinforces,
        attacker_retreats,         # B5.2.5
        defender_retreats,
        leadership.allot_bonus,    # A8.2.2
        # the defender fires
        defender_opens_fire,       # B5.1
        defender_engages,          # A7.0
        defender_cavalry_first,    # O2.2
        defender_declares,         # B5.1
        defender_rolls,            # B5.1, B5.2
        attacker_morale_tests,     # A8.1
        fire.end_check,            # B5.0
        # the attacker fires
        attacker_opens_fire,
        attacker_engages,
        attacker_cavalry_first,
        attacker_declares,
        attacker_rolls,
        defender_morale_tests,
        fire.end_check,
        attacker_rallies,          # A8.1.1
        defender_rallies,
        next_round,
    ),
    desertion.tests,               # A8.1.2
    rout.rout_retreat,             # A8.1
    promotion.offer,               # B6.0
    finish,                        # A8.2.2, A4.0
))

# where a round's first fire opens in BATTLE (its steps are wrapped by `fighting`)
FIRST_FIRE = next(i for i, step in enumerate(BATTLE.steps)
                  if getattr(step, "__wrapped__", step) is defender_opens_fire)


def fired_this_round(b: Battle) -> bool:
    """Whether the fire on the battle (`b.shots`, `b.rolled`) is this round's: before the
    round's first fire opens it is still the last round's (B5.0: a round starts with the
    reinforcements and retreats, B5.2.4, B5.2.5)."""
    return b.step > FIRST_FIRE


FLOW = {
    Battle: BATTLE,
    Escape: escape.ESCAPE,
    Reinforce: reinforcements.REINFORCE,
    Retreat: retreat.RETREAT,
    LeaderBonus: leadership.LEADER_BONUS,
    Firers: days.FIRERS,
    Targets: fire.TARGETS,
    Rally: rout.RALLY,
    RoutRetreat: rout.ROUT_RETREAT,
    BattlePromotion: promotion.PROMOTION,
}
