"""Wellington: naval matters (14): convoys (14.2), amphibious assaults (14.3) and the fortified
Strait of Gibraltar (14.4). There are no ships and no naval combat (14.1).

    who       only GB pays CP for a convoy (14.1; Spain never moves by sea); France moves by
              sea only through #103 (a free convoy: `start_convoy(..., free=True)`)
    CONVOY    CP "convoy" (cardplay.register_cp) pushes the Convoy stop: the port it sails
              from, what it carries (at most 5 commanders and SP, 14.2, G.37: Wellington and
              2 cavalry are 5), where it lands; 1 CP per commander and per SP, one paid
              convoy per impulse (differences chapter, #93)
    SAILING   paid, announced (a Response window, 5.2: #103 may `block` it, the CP lost),
              carried out (the landing, the battery), the enemy's interceptions
              (LandingIntercept: interception.intercept_landing, 10.1), their evasions
              (LandingEvade: interception.evade_before_battle), the battle (N4)
    ports     from one friendly port to another (the England box is a British port, G.7);
              the convoyed pieces begin the impulse in the port (no land move before, none
              after: `sea_moved`); while Gibraltar is enemy-controlled, never from one Zone to
              the other (14.4; Gibraltar is in both)
    landing   in a friendly fortress the enemy besieges: a battle at once unless the
              besiegers evade (14.2, LandingEvade); in an enemy fortress friends besiege: an
              amphibious assault (14.2, G.36: every 14.3 condition by default, option
              convoy_assault_needs_93)
    ASSAULT   CP "assault" once #93 allowed it this impulse (`enable_assault`): a convoy into
              an enemy minor port (never a major one, 14.3); the coastal battery fires first,
              3 dice (6 in a fortress duchy, 4 at a Hasty Fort, #37), 5s and 6s as in battle;
              the survivors land: a battle if enemy Formations hold the port unless they
              evade (LandingEvade), else they may besiege the fortress (siege.py) or do
              anything an entry by land allows. The battery's losses count as first-round
              losses of that battle or siege: recorded in `WellingtonState.battery`
              (siege.py reads it; the battle part must too)

Readings (docs/wellington-sieges-naval.md): an amphibious assault is paid like a convoy (1 CP
per commander and SP) and is the impulse's paid convoy (N1); the battery's eliminations fall
on the landing Power's soldiers in the port, then on the landed commanders (N2).
"""
from __future__ import annotations

from collections.abc import Iterator

from core import dice, stack
from core.engine import Action, Choice, IllegalAction
from core.wellington import battle, building, cardplay, interception
from core.wellington import flags as geo
from core.wellington.presence import place_commander
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.movement import Army
from core.wellington.frames.naval import Convoy, LandingEvade, LandingIntercept, Sailing
from core.wellington.state import (ART, CAV, COUNTER_NAME, COUNTER_TYPES, ENGLAND, GB, INF,
                                   POWERS, SIDE, SP,
                                   Effect, WellingtonState)
from maps import wellington as wellington_map

CAPACITY = 5                   # 14.2: commanders and SP together
COST_PER_UNIT = 1              # 14.2: 1 CP per commander and per SP
COASTAL_BATTERY = 3            # 14.3
FORTRESS_BATTERY = 6           # 14.3: a fortress duchy
HASTY_FORT_BATTERY = 4         # #37
ADMIRALTY = 93                 # 14.3: the amphibious assault needs #93
HIT, DISORGANISE = 6, 5        # 11.5: the battery's losses as in battle
CONVOY, ASSAULT = "convoy", "assault"


# --- ports and the Strait (14.2, 14.4) ----------------------------------------------------------


def is_port(place: str) -> bool:
    return wellington_map.port_size(place) is not None


def friendly_port(state: WellingtonState, port: str, power: str) -> bool:
    """A port `power`'s side controls; the England box is British (G.7)."""
    if port == ENGLAND:
        return power == GB
    return is_port(port) and geo.friendly(state, port, power)


def enemy_controlled(state: WellingtonState, duchy: str, power: str) -> bool:
    if duchy == ENGLAND:
        return False
    owner = geo.controller(state, duchy)
    return bool(owner) and SIDE[owner] != SIDE[power]


def strait_open(state: WellingtonState, power: str, a: str, b: str) -> bool:
    """14.4: while Gibraltar is enemy-controlled, no convoy or assault from a port of one Zone
    to a port of the other (Gibraltar lies in both)."""
    if not enemy_controlled(state, wellington_map.GIBRALTAR, power):
        return True
    return wellington_map.shares_zone(a, b)


def besieged_by_enemy(state: WellingtonState, port: str, power: str) -> bool:
    """A friendly-controlled fortress with an enemy Formation in it (14.2)."""
    return (port != ENGLAND and geo.is_fortress(state, port) and friendly_port(state, port, power)
            and geo.has_formation(state, port, geo.enemy_side(SIDE[power])))


def besieged_by_friends(state: WellingtonState, port: str, power: str) -> bool:
    """An enemy-controlled fortress a friendly Formation besieges (14.2)."""
    return (port != ENGLAND and is_port(port) and geo.is_fortress(state, port)
            and enemy_controlled(state, port, power)
            and geo.has_formation(state, port, SIDE[power]))


def assault_target(state: WellingtonState, port: str, power: str) -> bool:
    """14.3: an enemy minor port (never a major one)."""
    return (port != ENGLAND and wellington_map.port_size(port) == "minor"
            and enemy_controlled(state, port, power))


# --- who may sail now ----------------------------------------------------------------------------


def paid_convoy_used(state: WellingtonState, power: str) -> bool:
    return state.paid_convoy.get(power) == state.impulses


def enable_assault(state: WellingtonState, power: str) -> None:
    """#93 played for its amphibious assault (14.3): `power` may make one this impulse (the
    events part calls this)."""
    state.effects.append(Effect(card=ADMIRALTY, power=power, target=ASSAULT, until="impulse",
                                started=state.impulses))


def assault_enabled(state: WellingtonState, power: str) -> bool:
    return any(e.card == ADMIRALTY and e.power == power and e.target == ASSAULT
               for e in state.effects)


def movable_commanders(state: WellingtonState, port: str, power: str) -> list[str]:
    """14.2: commanders that began the impulse in the port: no land move (9.42 markers), no
    BFI marker, not landed by sea this impulse."""
    return sorted(c for c in building.commanders_at(state, port, power)
                  if c not in state.bfi and not state.marched.get(c)
                  and state.sea_moved.get(c) != state.impulses)


def soldiers_may_sail(state: WellingtonState, port: str, power: str) -> bool:
    key = f"{power}:{port}"
    return (key not in state.bfi and not state.marched.get(key)
            and state.sea_moved.get(f"{power}@{port}") != state.impulses)


def origins(state: WellingtonState, power: str) -> list[str]:
    """The friendly ports holding something of `power` that may sail (14.2)."""
    return list(_origins_found(state, power))


def may_sail(state: WellingtonState, power: str) -> bool:
    """Whether `origins` holds a port (stopping at the first)."""
    return next(_origins_found(state, power), None) is not None


def _origins_found(state: WellingtonState, power: str) -> Iterator[str]:
    places = [ENGLAND, *geo.duchies()]
    own = geo.places_of(state, power)       # (nothing of `power` there: nothing sails)
    return (p for p in places if p in own and friendly_port(state, p, power)
            and (movable_commanders(state, p, power)
                 or (soldiers_may_sail(state, p, power) and building.sp(state, p, power))))


def cargo(frame: Convoy) -> int:
    """14.2: commanders and SP aboard."""
    return sum(n * SP[t] for t, n in enumerate(frame.soldiers)) + len(frame.commanders)


def destinations(state: WellingtonState, frame: Convoy) -> list[str]:
    """Where the loaded convoy may land (14.2, 14.3, 14.4)."""
    power = frame.power
    out: list[str] = []
    for port in [ENGLAND, *geo.duchies()]:
        if port == frame.origin or not is_port(port):
            continue
        if not strait_open(state, power, frame.origin, port):
            continue
        if frame.kind == ASSAULT:
            ok = assault_target(state, port, power)
        elif besieged_by_friends(state, port, power):
            ok = not state.options.convoy_assault_needs_93       # G.36 [config]
        else:
            ok = friendly_port(state, port, power)
        if ok:
            out.append(port)
    return out


def deployment_destinations(state: WellingtonState, power: str, origin: str) -> list[str]:
    """16.3, 16.31: a convoy Deployment (GB) from the friendly port `origin`: to any friendly
    unbesieged port, not across an enemy Strait (14.4), never into a port an enemy Army could
    intercept into (the Interphase part carries the Deployment out)."""
    return list(_deployments_found(state, power, origin))


def may_deploy_from(state: WellingtonState, power: str, origin: str) -> bool:
    """Whether `deployment_destinations` holds a port (stopping at the first)."""
    return next(_deployments_found(state, power, origin), None) is not None


def _deployments_found(state: WellingtonState, power: str, origin: str) -> Iterator[str]:
    for port in [ENGLAND, *geo.duchies()]:
        if port == origin or not friendly_port(state, port, power):
            continue
        if besieged_by_enemy(state, port, power) or not strait_open(state, power, origin, port):
            continue
        if port != ENGLAND and geo.intercept_threat(state, port, power):
            continue
        yield port


# --- CP operations (cardplay.register_cp) ---------------------------------------------------------


def cp_choices(state: WellingtonState, frame: CommandPoints) -> list[Choice]:
    """14.2: GB's paid convoy (one per impulse); 14.3: an assault once #93 allowed it."""
    power = frame.power
    if power != GB or frame.left < COST_PER_UNIT or paid_convoy_used(state, power):
        return []
    if not may_sail(state, power):
        return []
    out = [Choice(Action("convoy"), "Convoy: up to 5 commanders and SP from one friendly port "
                  "to another, 1 CP each (14.2)", "naval")]
    if assault_enabled(state, power):
        out.append(Choice(Action("assault"), "Amphibious assault on an enemy minor port, 1 CP "
                          "per commander and SP (14.3, #93)", "naval"))
    return out


def _convoy(state: WellingtonState, frame: CommandPoints, _noun: None) -> None:
    stack.push(state, Convoy(power=frame.power, kind=CONVOY))


def _assault(state: WellingtonState, frame: CommandPoints, _noun: None) -> None:
    stack.push(state, Convoy(power=frame.power, kind=ASSAULT))


cardplay.register_cp("convoy", cardplay.CpOperation(
    choices=cp_choices, handlers={"convoy": _convoy, "assault": _assault}))


def start_convoy(state: WellingtonState, power: str, free: bool = True,
                 kind: str = CONVOY) -> None:
    """A convoy an event gives (#93's two free convoys, #103 for France): no CP, not the
    impulse's paid convoy."""
    stack.push(state, Convoy(power=power, kind=kind, free=free))


# --- the Convoy stop ------------------------------------------------------------------------------


def budget(state: WellingtonState, frame: Convoy) -> int:
    """Units that may still be loaded: the capacity, and the CP left unless free."""
    room = CAPACITY - cargo(frame)
    if frame.free:
        return room
    cp = stack.find(state, CommandPoints)
    left = cp.left if cp is not None else 0
    return min(room, left // COST_PER_UNIT - cargo(frame))


def available(state: WellingtonState, frame: Convoy) -> list[int]:
    if not soldiers_may_sail(state, frame.origin, frame.power):
        return [0, 0, 0]
    have = building.counters(state, frame.origin, frame.power)
    return [h - n for h, n in zip(have, frame.soldiers)]


def loadable_kinds(state: WellingtonState, frame: Convoy) -> list[int]:
    """Counters that fit; a smaller one also when change can be made (1.5: a cavalry into 2
    infantry, TC-E18; an artillery into 2 cavalry or 4 infantry)."""
    free, room = available(state, frame), budget(state, frame)
    spare = building.unbuilt(state, frame.power)
    changeable = {INF: (free[CAV] and spare[INF] >= 2) or (free[ART] and spare[INF] >= 4),
                  CAV: free[ART] and spare[CAV] >= 2, ART: False}
    return [kind for kind in COUNTER_TYPES
            if SP[kind] <= room and (free[kind] or changeable[kind])]


def convoy_choices(state: WellingtonState, frame: Convoy) -> list[Choice]:
    out: list[Choice] = []
    what = "assault" if frame.kind == ASSAULT else "convoy"
    if not frame.origin:
        for port in origins(state, frame.power):
            out.append(Choice(Action("convoy-from", port), f"The {what} sails from "
                              f"{geo.name(port)} (14.2)", "naval"))
    else:
        for kind in loadable_kinds(state, frame):
            out.append(Choice(Action("convoy-load", str(kind)), f"Load 1 {COUNTER_NAME[kind]} "
                              f"({SP[kind]} SP)", "naval"))
        if budget(state, frame) >= 1:
            for cid in movable_commanders(state, frame.origin, frame.power):
                if cid not in frame.commanders:
                    out.append(Choice(Action("convoy-load", cid),
                                      f"Load {building.commander(cid).name}", "naval"))
        if cargo(frame):
            cost = 0 if frame.free else cargo(frame) * COST_PER_UNIT
            rules = "14.2, 14.3" if frame.kind == ASSAULT else "14.2"
            for port in destinations(state, frame):
                out.append(Choice(Action("convoy-sail", port),
                                  f"Sail to {geo.name(port)} with {cargo(frame)} commanders "
                                  f"and SP: {cost} CP ({rules})", "naval"))
    out.append(Choice(Action("convoy-cancel"), f"Give up the {what} (no CP spent)", "turn"))
    return out


def _from(state: WellingtonState, frame: Convoy, port: str) -> None:
    frame.origin = port


def _load(state: WellingtonState, frame: Convoy, noun: str) -> None:
    if not noun.isdigit():
        frame.commanders.append(noun)
        return
    kind = int(noun)
    if not available(state, frame)[kind]:               # 1.5: make change first
        bigger = CAV if kind == INF and available(state, frame)[CAV] else ART
        if not building.make_change(state, frame.origin, frame.power, bigger):
            raise IllegalAction("no counters to make change with (1.5)")
        if not available(state, frame)[kind]:
            building.make_change(state, frame.origin, frame.power, CAV)
    frame.soldiers[kind] += 1


def _cancel(state: WellingtonState, frame: Convoy, _noun: None) -> None:
    stack.done(state, frame)
    state.log.append(f"{frame.power} gives up its {frame.kind}.")


def _sail(state: WellingtonState, frame: Convoy, port: str) -> None:
    """14.2: the CP are paid as the convoy is announced (#103 may block it: they are lost,
    G.62); then it sails."""
    stack.done(state, frame)
    size = cargo(frame)
    if not frame.free:
        state.paid_convoy[frame.power] = state.impulses
        cp = stack.find(state, CommandPoints)
        assert cp is not None
        cardplay.pay(state, cp, size * COST_PER_UNIT)
    state.log.append(f"{frame.power} announces its {frame.kind} of {size} commanders and SP "
                     f"from {geo.name(frame.origin)} to {geo.name(port)}"
                     f"{' (free)' if frame.free else f' for {size} CP'} (14.2).")
    stack.push(state, Sailing(power=frame.power, kind=frame.kind, free=frame.free,
                              origin=frame.origin, to=port, soldiers=list(frame.soldiers),
                              commanders=list(frame.commanders)))


def block(state: WellingtonState, why: str) -> None:
    """#103 Naval Support: the announced British convoy or assault does not sail (the events
    part calls this from its Response)."""
    sailing = stack.find(state, Sailing)
    if sailing is None:
        raise IllegalAction("no convoy or assault is sailing")
    sailing.blocked = why


def announce(state: WellingtonState, frame: Sailing) -> None:
    """5.2: the other Powers may answer the convoy or assault (#103)."""
    cardplay.respond(state, f"cp-{frame.kind}:{frame.origin}>{frame.to}", frame.power)


def carry_out(state: WellingtonState, frame: Sailing) -> None:
    """14.2, 14.3: the pieces sail and land; then the landing's consequences."""
    power, origin, port = frame.power, frame.origin, frame.to
    if frame.blocked:
        state.log.append(f"The {frame.kind} does not sail: {frame.blocked}.")
        return
    frame.before = geo.controller(state, port) if geo.on_map(port) else ""   # England box
    for kind, n in enumerate(frame.soldiers):
        if n:
            building.add(state, origin, power, kind, -n)
            building.add(state, port, power, kind, n)
    for cid in frame.commanders:
        place_commander(state, cid, port)
        if state.leading.get(origin) == cid:
            del state.leading[origin]
        state.sea_moved[cid] = state.impulses
    if any(frame.soldiers):
        state.sea_moved[f"{power}@{port}"] = state.impulses
    state.log.append(f"{power}'s {frame.kind} lands at {geo.name(port)} (14.2).")
    if frame.kind == ASSAULT or besieged_by_friends(state, port, power):
        battery_fire(state, frame, port)
    frame.landed = landing_formation(state, frame)
    frame.asked = [p for p in POWERS if SIDE[p] != SIDE[power]]


def landing_formation(state: WellingtonState, frame: Sailing) -> str:
    """The landed Formation's id (frames/movement.py): its first commander still in the
    port, else the Power's soldiers there."""
    return next((c for c in frame.commanders if state.commanders.get(c) == frame.to),
                f"{frame.power}:{frame.to}")


def contested(state: WellingtonState, frame: Sailing) -> bool:
    """The landing and enemy Formations are both in the port: a battle unless they evade."""
    side = SIDE[frame.power]
    return bool(frame.landed) and geo.has_formation(state, frame.to, side) and \
        geo.has_formation(state, frame.to, geo.enemy_side(side))


def landing_intercepts(state: WellingtonState, frame: Sailing) -> None:
    """10.1 ("to prevent the movement of an enemy Formation into the duchy"), 10.2-10.4:
    each enemy Power in impulse order, asked until it declines, may try to intercept into
    the port with an adjacent Army or Army Group (interception.intercept_landing: the real
    Attempt, 10.4's modifiers with the port's control before the landing, attrition at
    once; a failure marks its duchy, "11.4" in §10). Nobody intercepts into the England box
    (G.7: off the map)."""
    if not frame.landed or not geo.on_map(frame.to):
        return
    settle_interception(state, frame)
    if not geo.has_formation(state, frame.to, SIDE[frame.power]):
        return
    while frame.asked and not intercept_options(state, frame, frame.asked[0]):
        frame.asked.pop(0)
    if frame.asked:
        stack.repeat(frame)
        stack.push(state, LandingIntercept(power=frame.asked[0]))


def intercept_options(state: WellingtonState, frame: Sailing, power: str
                      ) -> list[tuple[str, str]]:
    return interception.landing_intercept_options(state, power, frame.power, frame.to,
                                                  frame.before, frame.origin)


def settle_interception(state: WellingtonState, frame: Sailing) -> None:
    """The interception tried is over: the Armies whose commanders are now in the port came
    (with what their attrition left: the port's counters of their Power now less before)."""
    for army in frame.pending:
        if state.commanders.get(army.commander) != frame.to:
            continue
        now = building.counters(state, frame.to, army.power)
        had = frame.counts.get(army.power, [0, 0, 0])
        came = [max(0, n - h) for n, h in zip(now, had)]
        frame.counts[army.power] = now
        frame.arrived.append(Army(commander=army.commander, power=army.power, troops=came,
                                  staff=list(army.staff)))
    frame.pending, frame.counts = [], {}


def landing_intercept_choices(state: WellingtonState, frame: LandingIntercept) -> list[Choice]:
    return interception.offered_menu(intercept_options(state, sailing_of(state), frame.power))


def _landing_intercept(state: WellingtonState, frame: LandingIntercept, noun: str) -> None:
    sailing = sailing_of(state)
    interception.require_offered(intercept_options(state, sailing, frame.power), frame.power,
                                 noun)
    stack.done(state, frame)
    sailing.counts = {p: building.counters(state, sailing.to, p) for p in POWERS
                      if SIDE[p] == SIDE[frame.power]}
    sailing.pending = interception.intercept_landing(state, frame.power, sailing.power,
                                                     sailing.to, sailing.before, noun,
                                                     sailing.origin)


def _landing_no_intercept(state: WellingtonState, frame: LandingIntercept, _noun: None) -> None:
    sailing_of(state).asked.pop(0)
    stack.done(state, frame)


LANDING_INTERCEPT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {sailing_of(state).power}'s "
                                 f"{sailing_of(state).kind} has landed at "
                                 f"{geo.name(sailing_of(state).to)}. Intercept (10.1)?"),
    choices=landing_intercept_choices,
    handlers={"intercept": _landing_intercept, "no-intercept": _landing_no_intercept},
)


def landing_evasions(state: WellingtonState, frame: Sailing) -> None:
    """14.2 ("unless the besieging Formation evades successfully"), 14.3 ("unless the
    defender evades"), 10.5-10.7: each enemy Power in the port, in impulse order, until it
    stays or has nothing left to try (interception.evade_before_battle: the real Attempt,
    its Response windows, the port's control before the landing, G.18)."""
    if not contested(state, frame):
        return
    for power in POWERS:
        if SIDE[power] == SIDE[frame.power] or f"{power}:stay" in frame.tried:
            continue
        if evade_options(state, frame, power):
            stack.repeat(frame)
            stack.push(state, LandingEvade(power=power))
            return


def evade_options(state: WellingtonState, frame: Sailing, power: str) -> list[tuple[str, str]]:
    return interception.before_battle_options(state, power, frame.to, frame.before,
                                              frame.origin, frame.tried, frame.arrived)


def landing_battle(state: WellingtonState, frame: Sailing) -> None:
    """14.2, 14.3: the landing fights the enemy Formations left in the port."""
    if contested(state, frame):
        start_battle(state, frame.to, frame.power, landing_formation(state, frame),
                     frame.origin)


SAILING = stack.Steps((announce, carry_out, landing_intercepts, landing_evasions,
                       landing_battle))


def sailing_of(state: WellingtonState) -> Sailing:
    frame = stack.find(state, Sailing)
    assert frame is not None
    return frame


def landing_evade_choices(state: WellingtonState, frame: LandingEvade) -> list[Choice]:
    return interception.evasion_menu(evade_options(state, sailing_of(state), frame.power))


def _landing_evade(state: WellingtonState, frame: LandingEvade, noun: str) -> None:
    sailing = sailing_of(state)
    interception.require_evasion(evade_options(state, sailing, frame.power), frame.power, noun)
    stack.done(state, frame)
    sailing.tried.append(f"{frame.power}:{noun.split('>')[0]}")
    interception.evade_before_battle(state, frame.power, sailing.to, sailing.before, noun,
                                     sailing.origin, sailing.arrived)


def _landing_stay(state: WellingtonState, frame: LandingEvade, _noun: None) -> None:
    sailing_of(state).tried.append(f"{frame.power}:stay")
    stack.done(state, frame)


LANDING_EVADE = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {sailing_of(state).power}'s "
                                 f"{sailing_of(state).kind} has landed at "
                                 f"{geo.name(sailing_of(state).to)}. Evade (10.5)?"),
    choices=landing_evade_choices,
    handlers={"evade": _landing_evade, interception.STAY: _landing_stay},
)


def battery_fire(state: WellingtonState, frame: Sailing, port: str) -> None:
    """14.3: the port's controller fires its coastal battery at the landing Formations: 3 dice,
    6 in a fortress duchy, 4 at a Hasty Fort; 6s eliminate, 5s disorganise (11.5)."""
    owner = geo.controller(state, port)
    if wellington_map.FORTRESSES.get(port, 0):
        count, why = FORTRESS_BATTERY, "a fortress duchy"
    elif port in state.hasty_forts:
        count, why = HASTY_FORT_BATTERY, "a Hasty Fort, #37"
    else:
        count, why = COASTAL_BATTERY, "a port"
    faces = [dice.d6(state, f"{owner}'s coastal battery at {geo.name(port)} ({why})", "14.3")
             for _ in range(count)]
    e, d = faces.count(HIT), faces.count(DISORGANISE)
    lost = 0
    for _ in range(e):
        if building.sp(state, port, frame.power):
            building.lose_sp(state, port, frame.power, 1)
            lost += 1
            continue
        landed = [c for c in frame.commanders if state.commanders.get(c) == port]
        if not landed:
            break
        building.eliminate_commander(state, landed[-1])
        lost += 1
    state.battery[port] = [state.impulses, lost, d]
    state.log.append(f"The coastal battery at {geo.name(port)} fires {count} dice {faces}: "
                     f"{e} eliminated, {d} disorganised; they count as first-round losses of "
                     "the battle or siege that follows (14.3).")


def start_battle(state: WellingtonState, port: str, power: str, formation: str,
                 origin: str) -> None:
    """14.2, 14.3: the landing fights the enemy Formations in the port (the battle part);
    a loser retreats, with attrition, to the port it sailed from (`came_from`, 9.44)."""
    battle.start(state, port, power, formation, origin, False)


CONVOY_STOP = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: the {frame.kind}: "
                                 + ("choose the port it sails from (14.2)." if not frame.origin
                                    else f"{cargo(frame)} of {CAPACITY} aboard at "
                                    f"{geo.name(frame.origin)}: load more or sail (14.2).")),
    choices=convoy_choices,
    handlers={"convoy-from": _from, "convoy-load": _load, "convoy-sail": _sail,
              "convoy-cancel": _cancel},
)

FLOW: stack.Flow = {Convoy: CONVOY_STOP, Sailing: SAILING, LandingEvade: LANDING_EVADE,
                    LandingIntercept: LANDING_INTERCEPT}
