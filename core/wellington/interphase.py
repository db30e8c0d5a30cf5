"""Wellington: the end-of-turn flags (4.3) and the Interphase (16).

    INTERPHASE  16.1 Resources -> 16.2 Reinforcement rolls (16.21 Appeal to the Emperor,
                16.22 Letter to the Horse Guards, 16.23 Popular Uprising) -> the French
                removals and each Power's reinforcements, from the Power with the next
                scheduled impulse in impulse-track order -> 16.3 Deployment (GB: or a
                convoy) -> 16.32
                strategic transfer -> 16.41 shuffle and draw -> 16.42 Substitution, half the
                carried cards out -> 16.43 excess cards -> 16.44 national cards

No events and no interceptions in the Interphase (16): no Response window is opened here.
"""
from __future__ import annotations

from collections.abc import Iterator
from math import ceil
from typing import Callable

from core import cards, dice, rng, stack
from core.engine import Action, Choice
from core.wellington import building, cardplay, forces, hands, naval
from core.wellington import flags as geo
from core.wellington.presence import place_commander
from core.wellington.frames.cardplay import FlagChoice
from core.wellington.frames.interphase import (AppealRemoval, Deploy, Deployment, ExcessCards,
                                               Interphase, Reinforce, SeaDeploy,
                                               StrategicTransfer)
from core.wellington.frames.turn import Substitution
from core.wellington.state import (ADN, ADS, COUNTER_NAME, COUNTER_TYPES, FRENCH, GB,
                                   NATIONAL_DECKS, POWERS, SIDE, SP, SPAIN, WellingtonState)
from maps import wellington as wellington_map

HORSE_GUARDS_DICE = 4          # 16.22
UPRISING_DICE = 2              # 16.23
EAGLE_MOVES_SOUTH = 86         # 16.21 table: -3 on the next roll only
REINFORCEMENT_DIE_CARD = 72    # 16.22, 16.23 (the seed prints #73, G.4)

# windows the card events fill at import (core/wellington/events/): once the reinforcement
# rolls are made (#72 lasts for these rolls only), and once the national cards are dealt at
# the end of the Interphase (#85 back into the deck, #86 out of the game)
ROLLED: list[Callable[[WellingtonState], None]] = []
AFTER: list[Callable[[WellingtonState], None]] = []


def order_from_marker(state: WellingtonState) -> list[str]:
    """16.2: from the Power with the next scheduled impulse, in impulse-track order."""
    return [POWERS[(state.marker + i) % len(POWERS)] for i in range(len(POWERS))]


# --- 4.3: flags at the end of the turn ------------------------------------------------------


def occupier(state: WellingtonState, duchy: str) -> str:
    """The Power whose Formations hold `duchy`: its Commander's Power, else the first Power
    present in impulse order (reading R3)."""
    leader = state.leading.get(duchy)
    if leader and state.commanders.get(leader) == duchy:
        return geo.commander_power(leader)
    present = geo.powers_present(state, duchy)
    return next(p for p in POWERS if p in present)


def end_of_turn_flags(state: WellingtonState) -> None:
    """4.3: after attrition, surviving Formations place their flag (or remove an opposing
    one) free in every unfortified Uncontrolled duchy they occupy."""
    duchies = [d for d in geo.duchies() if not geo.is_fortress(state, d)
               and geo.controller(state, d) == "" and geo.powers_present(state, d)]
    for duchy in reversed(duchies):
        power = occupier(state, duchy)
        if geo.flag_options(state, duchy, power):
            stack.push(state, FlagChoice(power=power, duchy=duchy, free=True,
                                         why="4.3 end of turn", must=True))


# --- 16.1 Resources ----------------------------------------------------------------------


def interphase_resources(state: WellingtonState, frame: Interphase) -> None:
    """16.1: +1 to the controller of Madrid; +1 to a French controller of Lisbon, and of
    Gibraltar (after the cap of 4.5)."""
    frame.order = order_from_marker(state)
    state.log.append(f"== Interphase {state.year}-{state.year + 1} (16) ==")
    for duchy, french_only in ((wellington_map.MADRID, False), ("lisbon", True),
                               (wellington_map.GIBRALTAR, True)):
        owner = geo.controller(state, duchy)
        if owner and (not french_only or SIDE[owner] == FRENCH):
            state.resources[owner] = state.resources.get(owner, 0) + 1
            state.log.append(f"{owner} gains 1 Resource for {geo.name(duchy)} (16.1).")


# --- 16.2 Reinforcements -----------------------------------------------------------------


def appeal_drm(state: WellingtonState) -> int:
    """16.21: the lasting modifiers of the removed events beside the table, and #86's -3 for
    the next roll only (its effect marker)."""
    chart = forces.charts().appeal_to_the_emperor
    lasting = {m.card for m in chart.modifiers if m.lasting}
    reminders = [n for n in state.piles.removed if n in lasting]
    if any(e.card == EAGLE_MOVES_SOUTH for e in state.effects):
        reminders.append(EAGLE_MOVES_SOUTH)
    return forces.appeal_modifier(reminders)


def extra_dice(state: WellingtonState, power: str) -> int:
    """16.22, 16.23: #72 adds (or for GB removes) a die: its effect marker targets the Power
    as "GB:+1", "GB:-1" or "Spain:+1"."""
    total = 0
    for effect in state.effects:
        if effect.card == REINFORCEMENT_DIE_CARD and effect.target.startswith(power + ":"):
            total += int(effect.target.split(":")[1])
    return total


def reinforcement_rolls(state: WellingtonState, frame: Interphase) -> None:
    """16.21-16.23: each Power's Reinforcement CP (or the French removals)."""
    roller = next(p for p in frame.order if SIDE[p] == FRENCH)
    drm = appeal_drm(state)
    face = dice.d6(state, f"{roller}: Appeal to the Emperor, {drm:+d}", "16.21")
    state.effects = [e for e in state.effects if e.card != EAGLE_MOVES_SOUTH]
    result = forces.appeal_result(face + drm)
    frame.appeal = face + drm
    for power in (ADS, ADN):
        state.reinforcement_cp[power] = max(result, 0)
    if result > 0:
        outcome = f"gains {result} Reinforcement CP"
    elif result < 0:
        outcome = f"removes units worth {-result} CP"
    else:
        outcome = "gains nothing"
    state.log.append(f"Appeal to the Emperor: {face} {drm:+d} = {face + drm}: each French "
                     f"Power {outcome} (16.21).")
    gb_dice = HORSE_GUARDS_DICE + extra_dice(state, GB)
    rolls = [dice.d6(state, "Letter to the Horse Guards", "16.22") for _ in range(gb_dice)]
    held = {d for d in ("lisbon", "porto") if geo.controller(state, d) == GB}
    gb = max(sum(rolls) + forces.horse_guards_modifier(held), 0)
    state.reinforcement_cp[GB] = gb
    state.log.append(f"Letter to the Horse Guards: {rolls} "
                     f"{forces.horse_guards_modifier(held):+d} = {gb} CP for GB (16.22).")
    es_dice = UPRISING_DICE + extra_dice(state, SPAIN)
    rolls = [dice.d6(state, "Popular Uprising", "16.23") for _ in range(es_dice)]
    keys = sum(1 for d in geo.keys_of(state, SPAIN) if geo.country(d) == "Spain")
    bonus = forces.popular_uprising_bonus(keys)
    state.reinforcement_cp[SPAIN] = sum(rolls) + bonus
    state.log.append(f"Popular Uprising: {rolls} +{bonus} ({keys} Key duchies) = "
                     f"{sum(rolls) + bonus} CP for Spain (16.23).")
    for rolled in ROLLED:                              # #72 lasts for these rolls only
        rolled(state)
    for power in reversed(frame.order):
        if power in (ADS, ADN) and result < 0:
            worth = -result // 2 if state.options.appeal_removal_as_sp else -result
            stack.push(state, AppealRemoval(power=power, left=worth))
        elif state.reinforcement_cp.get(power, 0) > 0:
            stack.push(state, Reinforce(power=power))


def national_keys(state: WellingtonState, power: str) -> list[str]:
    """16.2: the friendly, unbesieged National Key duchies of `power`."""
    return [d for d in geo.duchies() if geo.is_key(d) and geo.is_national(state, d, power)
            and geo.controller(state, d) == power and not building.besieged(state, d)]


def reinforcement_places(state: WellingtonState, power: str) -> list[str]:
    """16.2: its friendly unbesieged National Key duchies; if it has none, the friendly
    duchies nearest one of its printed National Key duchies (never a besieged fortress)."""
    places = national_keys(state, power)
    if places:
        return places
    printed = [d for d in geo.duchies() if geo.is_key(d) and geo.national_power(d) == power]
    friendly = [d for d in geo.duchies() if geo.friendly(state, d, power)
                and not building.besieged(state, d)]
    best: dict[str, int] = {}
    for duchy in friendly:
        steps = [s for s in (wellington_map.distance(duchy, p) for p in printed) if s is not None]
        if steps:
            best[duchy] = min(steps)
    if not best:
        return []
    nearest = min(best.values())
    return [d for d, s in best.items() if s == nearest]


def reinforce_options(state: WellingtonState, frame: Reinforce) -> list[tuple[str, str, int, str]]:
    power = frame.power
    cp = state.reinforcement_cp.get(power, 0)
    if frame.anywhere:
        soldiers = national_keys(state, power)
    elif frame.duchy:
        soldiers = [frame.duchy]
    else:
        soldiers = reinforcement_places(state, power)
    chiefs = building.commander_places(state, power) if power != SPAIN else soldiers
    return building.build_options(state, power, cp, soldiers, chiefs, regroup_only_cp=frame.odd)


def reinforce_choices(state: WellingtonState, frame: Reinforce) -> list[Choice]:
    if state.owed_removals.get(frame.power) and \
            state.reinforcement_cp.get(frame.power, 0) >= building.SOLDIER_COST:
        return [Choice(Action("owed"), f"Build and lose 1 SP against your removal reminder "
                       f"({building.SOLDIER_COST} CP, 5.12: the first opportunity)", "build")]
    out = [Choice(Action(verb, noun), label, "build")
           for verb, noun, _cost, label in reinforce_options(state, frame)]
    left = state.reinforcement_cp.get(frame.power, 0) + frame.odd
    outer = stack.find(state, Interphase)
    if outer is not None and not frame.anywhere and frame.power not in outer.extra \
            and state.reinforcement_cp.get(frame.power, 0) >= EXTRA_DEPLOYMENT_COST:
        out.append(Choice(Action("extra-deployment"), f"An extra Deployment for "
                          f"{EXTRA_DEPLOYMENT_COST} Reinforcement CP (16.31)", "move"))
    out.append(Choice(Action("done"), f"Done ({left} Reinforcement CP left are lost)", "turn"))
    return out


def _pay_owed(state: WellingtonState, frame: Reinforce, _noun: None) -> None:
    state.reinforcement_cp[frame.power] -= building.SOLDIER_COST
    cardplay.pay_owed(state, frame.power, 1)
    state.log.append(f"{frame.power} builds and loses 1 SP against its removal reminder "
                     f"(5.12).")


def _extra_deployment(state: WellingtonState, frame: Reinforce, _noun: None) -> None:
    interphase_frame(state).extra.append(frame.power)
    state.reinforcement_cp[frame.power] -= EXTRA_DEPLOYMENT_COST
    state.log.append(f"{frame.power} buys an extra Deployment (16.31).")
    if not reinforce_options(state, frame) and not state.reinforcement_cp[frame.power]:
        finish_reinforce(state, frame)


def _reinforce(state: WellingtonState, frame: Reinforce, verb: str, noun: str) -> None:
    power = frame.power
    what, duchy = noun.split("@")
    cost = building.carry_out(state, power, verb, noun)
    if verb == "regroup":
        used = min(frame.odd, cost)
        frame.odd -= used
        cost -= used
    state.reinforcement_cp[power] -= cost
    commander = not what.isdigit()
    if not frame.anywhere and (not commander or power == SPAIN) and duchy != wellington_map.ENGLAND:
        frame.duchy = duchy
    if not reinforce_options(state, frame):
        finish_reinforce(state, frame)


def finish_reinforce(state: WellingtonState, frame: Reinforce) -> None:
    stack.done(state, frame)
    state.reinforcement_cp.pop(frame.power, None)


WHERE_2 = "16.2: all in one National Key duchy"
WHERE_43 = "16.43: any National Key duchy"

REINFORCE = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (
        f"{frame.power}: spend {state.reinforcement_cp.get(frame.power, 0)} Reinforcement CP"
        f"{f' (+{frame.odd} for regrouping only)' if frame.odd else ''} on builds and "
        f"regroups ({WHERE_43 if frame.anywhere else WHERE_2})."),
    choices=reinforce_choices,
    handlers={"build": lambda s, f, n: _reinforce(s, f, "build", n),
              "regroup": lambda s, f, n: _reinforce(s, f, "regroup", n),
              "extra-deployment": _extra_deployment, "owed": _pay_owed,
              "done": lambda s, f, _n: finish_reinforce(s, f)},
)


# --- 16.21 the Appeal's removals --------------------------------------------------------------


def removal_choices(state: WellingtonState, frame: AppealRemoval) -> list[Choice]:
    power = frame.power
    out = []
    for where in sorted(state.troops):
        if geo.on_map(where) and building.sp(state, where, power):
            worth = "1 SP" if state.options.appeal_removal_as_sp else "2 CP"
            out.append(Choice(Action("soldier", where), f"Remove 1 SP at {geo.name(where)} "
                              f"(worth {worth})", "removal"))
    if not state.options.appeal_removal_as_sp:
        for commander, where in state.commanders.items():
            if geo.on_map(where) and geo.commander_power(commander) == power:
                out.append(Choice(Action("commander", commander),
                                  f"Remove {building.commander(commander).name} (worth "
                                  f"{building.commander_cost(commander)} CP)", "removal"))
    return out


def _remove_soldier(state: WellingtonState, frame: AppealRemoval, where: str) -> None:
    lost = building.lose_sp(state, where, frame.power, 1)
    frame.left -= lost if state.options.appeal_removal_as_sp else lost * building.SOLDIER_COST
    state.log.append(f"{frame.power} removes {lost} SP at {geo.name(where)} (16.21).")
    removal_done(state, frame)


def _remove_commander(state: WellingtonState, frame: AppealRemoval, commander: str) -> None:
    building.eliminate_commander(state, commander)
    frame.left -= building.commander_cost(commander)
    state.log.append(f"{frame.power} removes {building.commander(commander).name} (16.21).")
    removal_done(state, frame)


def removal_done(state: WellingtonState, frame: AppealRemoval) -> None:
    if frame.left <= 0 or not removal_choices(state, frame):
        stack.done(state, frame)


def removal_unit(state: WellingtonState) -> str:
    return "SP" if state.options.appeal_removal_as_sp else "CP"


APPEAL_REMOVAL = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: the Appeal to the Emperor takes units worth "
                                 f"{frame.left} more {removal_unit(state)} (16.21, G.39)."),
    choices=removal_choices,
    handlers={"soldier": _remove_soldier, "commander": _remove_commander},
)


# --- 16.3 Deployment, 16.31 extra Deployment, 16.32 strategic transfer --------------------------

EXTRA_DEPLOYMENT_COST = 1      # 16.31


def deployment(state: WellingtonState, frame: Interphase) -> None:
    """16.3: from the Power with the next scheduled impulse, each Power may deploy one
    commander (two after buying an extra Deployment, 16.31); GB may convoy instead."""
    for power in reversed(frame.order):
        if deployable(state, frame, power) or may_sea_deploy(state, frame, power):
            left = 2 if power in frame.extra else 1
            stack.push(state, Deployment(power=power, left=left))


def may_enter(state: WellingtonState, power: str, here: str, there: str) -> bool:
    """16.3: a friendly duchy, by a land March Line not blocked (#9, #10), where no enemy Army
    could intercept (reading R4: the duchy he ends in too)."""
    return (geo.on_map(there) and not geo.blocked(state, here, there)
            and geo.friendly(state, there, power)
            and not geo.intercept_threat(state, there, power))


def deployable(state: WellingtonState, frame: Interphase, power: str) -> list[str]:
    return [c for c, where in state.commanders.items()
            if geo.on_map(where) and geo.commander_power(c) == power
            and c not in frame.deployed
            and any(may_enter(state, power, where, n) for n in geo.neighbours(where))]


def interphase_frame(state: WellingtonState) -> Interphase:
    found = stack.find(state, Interphase)
    assert found is not None
    return found


def deployment_choices(state: WellingtonState, frame: Deployment) -> list[Choice]:
    outer = interphase_frame(state)
    out = [Choice(Action("deploy", c), f"Deploy {building.commander(c).name} from "
                  f"{geo.name(state.commanders[c])} (16.3)", "move")
           for c in deployable(state, outer, frame.power)]
    if may_sea_deploy(state, outer, frame.power):
        out.append(Choice(Action("sea-deploy"), "A convoy Deployment from a friendly port "
                          "(16.3, 14.2)", "naval"))
    out.append(Choice(Action("none"), "No (more) Deployment", "turn"))
    return out


def _deploy(state: WellingtonState, frame: Deployment, commander: str) -> None:
    frame.left -= 1
    if frame.left <= 0:
        stack.done(state, frame)
    where = state.commanders[commander]
    interphase_frame(state).deployed.append(commander)
    stack.push(state, Deploy(power=frame.power, commander=commander, start=where, at=where))


def _sea_deploy(state: WellingtonState, frame: Deployment, _noun: None) -> None:
    frame.left -= 1
    if frame.left <= 0:
        stack.done(state, frame)
    stack.push(state, SeaDeploy(power=frame.power))


# --- 16.3 GB's convoy Deployment (14.2, 14.4) ---------------------------------------------------


def undeployed(state: WellingtonState, outer: Interphase, port: str,
               power: str) -> tuple[list[int], list[str]]:
    """What of `power` at `port` has not yet taken part in a Deployment (16.31)."""
    done = outer.deployed_troops.get(f"{power}@{port}", [0, 0, 0])
    soldiers = [max(h - d, 0) for h, d in zip(building.counters(state, port, power), done)]
    chiefs = [c for c in building.commanders_at(state, port, power) if c not in outer.deployed]
    return soldiers, chiefs


def sea_origins(state: WellingtonState, outer: Interphase, power: str) -> list[str]:
    """16.3: only GB convoys; a friendly port holding something undeployed, with somewhere to
    go (naval.deployment_destinations)."""
    return list(_sea_origins_found(state, outer, power))


def may_sea_deploy(state: WellingtonState, outer: Interphase, power: str) -> bool:
    """Whether `sea_origins` holds a port (stopping at the first)."""
    return next(_sea_origins_found(state, outer, power), None) is not None


def _sea_origins_found(state: WellingtonState, outer: Interphase, power: str
                       ) -> Iterator[str]:
    if power != GB:
        return
    for port in [wellington_map.ENGLAND, *geo.duchies()]:
        if not naval.friendly_port(state, port, power):
            continue
        soldiers, chiefs = undeployed(state, outer, port, power)
        if (any(soldiers) or chiefs) and naval.may_deploy_from(state, power, port):
            yield port


def sea_cargo(frame: SeaDeploy) -> int:
    return sum(n * SP[t] for t, n in enumerate(frame.soldiers)) + len(frame.commanders)


def sea_choices(state: WellingtonState, frame: SeaDeploy) -> list[Choice]:
    outer = interphase_frame(state)
    if not frame.origin:
        return [Choice(Action("sea-from", port), f"The convoy sails from {geo.name(port)} "
                       "(16.3)", "naval") for port in sea_origins(state, outer, frame.power)]
    soldiers, chiefs = undeployed(state, outer, frame.origin, frame.power)
    room = naval.CAPACITY - sea_cargo(frame)
    out: list[Choice] = []
    for kind in COUNTER_TYPES:
        if soldiers[kind] > frame.soldiers[kind] and SP[kind] <= room:
            out.append(Choice(Action("sea-load", kind), f"Load 1 {COUNTER_NAME[kind]} "
                              f"({sea_cargo(frame) + SP[kind]}/{naval.CAPACITY}, 14.2)", "naval"))
    if room >= 1:
        for chief in chiefs:
            if chief not in frame.commanders:
                out.append(Choice(Action("sea-commander", chief), f"Load "
                                  f"{building.commander(chief).name} (14.2)", "naval"))
    if sea_cargo(frame):
        for port in naval.deployment_destinations(state, frame.power, frame.origin):
            out.append(Choice(Action("sea-to", port), f"Land at {geo.name(port)} (16.3)",
                              "naval"))
    return out


def _sea_from(state: WellingtonState, frame: SeaDeploy, port: str) -> None:
    frame.origin = port


def _sea_load(state: WellingtonState, frame: SeaDeploy, kind: int) -> None:
    frame.soldiers[kind] += 1


def _sea_commander(state: WellingtonState, frame: SeaDeploy, chief: str) -> None:
    frame.commanders.append(chief)


def _sea_to(state: WellingtonState, frame: SeaDeploy, port: str) -> None:
    stack.done(state, frame)
    outer = interphase_frame(state)
    for kind, count in enumerate(frame.soldiers):
        if count:
            building.add(state, frame.origin, frame.power, kind, -count)
            building.add(state, port, frame.power, kind, count)
    done_there = outer.deployed_troops.setdefault(f"{frame.power}@{port}", [0, 0, 0])
    for kind, count in enumerate(frame.soldiers):
        done_there[kind] += count
    for chief in frame.commanders:
        place_commander(state, chief, port)
        outer.deployed.append(chief)
    if frame.origin != wellington_map.ENGLAND:
        leave(state, frame.origin)
    if frame.commanders and port != wellington_map.ENGLAND:
        state.leading.setdefault(port, frame.commanders[0])
    state.log.append(f"{frame.power} deploys {sea_cargo(frame)} commanders and SP by sea from "
                     f"{geo.name(frame.origin)} to {geo.name(port)} (16.3).")


SEA_ASK = ("choose the port it sails from",
           "load it (at most 5 commanders and SP) and choose where it lands")

SEA_DEPLOY = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: a convoy Deployment (16.3): "
                                 f"{SEA_ASK[bool(frame.origin)]}."),
    choices=sea_choices,
    handlers={"sea-from": _sea_from, "sea-load": _sea_load, "sea-commander": _sea_commander,
              "sea-to": _sea_to},
)


DEPLOYMENT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: f"{frame.power}: deploy a commander (16.3)?",
    choices=deployment_choices,
    handlers={"deploy": _deploy, "sea-deploy": _sea_deploy,
              "none": lambda state, frame, _noun: stack.done(state, frame)},
)


def carried_load(frame: Deploy) -> int:
    """1.61: SP plus commanders in his Army (himself not counted)."""
    return sum(n * SP[t] for t, n in enumerate(frame.carried)) + len(frame.staff)


def deploy_choices(state: WellingtonState, frame: Deploy) -> list[Choice]:
    outer = interphase_frame(state)
    cv = building.commander(frame.commander).cv
    load = carried_load(frame)
    here = building.counters(state, frame.at, frame.power)
    done_here = outer.deployed_troops.get(f"{frame.power}@{frame.at}", [0, 0, 0])
    out: list[Choice] = []
    for kind in COUNTER_TYPES:
        free = here[kind] - frame.carried[kind] - done_here[kind]
        if free > 0 and load + SP[kind] <= cv:
            out.append(Choice(Action("take", kind), f"Take 1 {COUNTER_NAME[kind]} along "
                              f"({load + SP[kind]}/{cv}, 16.3)", "move"))
    if load + 1 <= cv:
        for other in building.commanders_at(state, frame.at, frame.power):
            if other != frame.commander and other not in frame.staff \
                    and other not in outer.deployed:
                out.append(Choice(Action("staff", other), f"Take {building.commander(other).name} "
                                  f"along as a staff officer ({load + 1}/{cv}, 16.3)", "move"))
    visited = {frame.start, *frame.path}
    for there in geo.neighbours(frame.at):
        if there not in visited and may_enter(state, frame.power, frame.at, there):
            out.append(Choice(Action("move", there), f"Move to {geo.name(there)} (16.3)", "move"))
    out.append(Choice(Action("end"), f"End the Deployment at {geo.name(frame.at)}", "turn"))
    return out


def _take(state: WellingtonState, frame: Deploy, kind: int) -> None:
    frame.carried[kind] += 1


def _staff(state: WellingtonState, frame: Deploy, other: str) -> None:
    frame.staff.append(other)


def _deploy_move(state: WellingtonState, frame: Deploy, there: str) -> None:
    for kind, count in enumerate(frame.carried):
        if count:
            building.add(state, frame.at, frame.power, kind, -count)
            building.add(state, there, frame.power, kind, count)
    for commander in (frame.commander, *frame.staff):
        place_commander(state, commander, there)
    leave(state, frame.at)
    frame.at = there
    frame.path.append(there)


def leave(state: WellingtonState, duchy: str) -> None:
    """9.53: the Commander of a duchy who left is replaced by a commander of his side still
    there (the first listed; the owners may name another when it matters), or by none."""
    leader = state.leading.get(duchy)
    if leader and state.commanders.get(leader) != duchy:
        side = SIDE[geo.commander_power(leader)]
        staying = [c for c, at in state.commanders.items()
                   if at == duchy and SIDE[geo.commander_power(c)] == side]
        if staying:
            state.leading[duchy] = staying[0]
        else:
            del state.leading[duchy]


def _deploy_end(state: WellingtonState, frame: Deploy, _noun: None) -> None:
    stack.done(state, frame)
    outer = interphase_frame(state)
    outer.deployed.extend(frame.staff)
    if frame.path:
        done_there = outer.deployed_troops.setdefault(f"{frame.power}@{frame.at}", [0, 0, 0])
        for kind, count in enumerate(frame.carried):
            done_there[kind] += count
        state.leading.setdefault(frame.at, frame.commander)
        name = building.commander(frame.commander).name
        state.log.append(f"{frame.power} deploys {name} from {geo.name(frame.start)} to "
                         f"{geo.name(frame.at)} with {carried_load(frame)} SP and staff "
                         f"(16.3).")


DEPLOY = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {building.commander(frame.commander).name} "
                                 f"deploys through friendly duchies (16.3); now at "
                                 f"{geo.name(frame.at)}."),
    choices=deploy_choices,
    handlers={"take": _take, "staff": _staff, "move": _deploy_move, "end": _deploy_end},
)


def strategic_transfer(state: WellingtonState, frame: Interphase) -> None:
    for power in reversed(frame.order):
        if transfer_choices(state, StrategicTransfer(power=power))[:-1]:
            stack.push(state, StrategicTransfer(power=power))


def transfer_choices(state: WellingtonState, frame: StrategicTransfer) -> list[Choice]:
    out = [Choice(Action("remove", c), f"Remove {building.commander(c).name} from "
                  f"{geo.name(where)}: he may be built next turn (16.32)", "build")
           for c, where in state.commanders.items()
           if geo.on_map(where) and geo.commander_power(c) == frame.power]
    out.append(Choice(Action("done"), "No (more) strategic transfer", "turn"))
    return out


def _transfer(state: WellingtonState, frame: StrategicTransfer, commander: str) -> None:
    where = state.commanders[commander]
    building.eliminate_commander(state, commander)
    state.log.append(f"{frame.power} withdraws {building.commander(commander).name} from "
                     f"{geo.name(where)} (16.32).")


STRATEGIC_TRANSFER = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: f"{frame.power}: remove commanders from the map (16.32)?",
    choices=transfer_choices,
    handlers={"remove": _transfer,
              "done": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- 16.4 the cards ------------------------------------------------------------------------


def shuffle_and_draw(state: WellingtonState, frame: Interphase) -> None:
    """16.41: the discard pile shuffled into the deck; each Power draws 6, in order. The
    common cards already held are the carried ones (16.42); the new ones may be
    substituted."""
    cards.reshuffle(state, state.piles)
    for power in frame.order:
        before = set(hands.hand(state, power))
        hands.draw(state, power, hands.COMMON_DEAL)
        state.log.append(f"{power} draws {hands.COMMON_DEAL} cards (16.41).")
        new = [n for n in hands.hand(state, power) if n not in before]
        frame.carried[power] = [n for n in before if not hands.is_national(n)]
        frame.fresh[power] = [n for n in new if not hands.must_play(n)]


def substitutions(state: WellingtonState, frame: Interphase) -> None:
    """16.42: in order, each Power may substitute the cards it has just drawn (2.6)."""
    for power in reversed(frame.order):
        if frame.fresh.get(power):
            stack.push(state, Substitution(power=power, cards=list(frame.fresh[power])))


def halve_carried(state: WellingtonState, frame: Interphase) -> None:
    """16.42: half the cards carried from the last turn (rounded up) leave at random and are
    shuffled into the deck (national cards excluded, G.42)."""
    for power in frame.order:
        carried = [n for n in frame.carried.get(power, []) if n in hands.hand(state, power)]
        out = ceil(len(carried) / 2)
        for _ in range(out):
            card = carried.pop(rng.randbelow(state, len(carried)))
            cards.move(state.piles, card, hands.holder(state, power), cards.DECK)
        if out:
            cards.shuffle(state, state.piles.deck)
            state.reveals += 1
            state.log.append(f"{power} loses {out} of its {out + len(carried)} carried cards "
                             f"at random into the deck (16.42).")


def excess_cards(state: WellingtonState, frame: Interphase) -> None:
    """16.43: more than 8 common cards: one at random is discarded for 1 Resource (a
    Must-Play card so hit is shuffled into the deck, G.43); then down to 8 by choice."""
    for power in frame.order:
        if hands.common_in_hand(state, power) > hands.HAND_LIMIT:
            card = hands.random_common(state, power)
            assert card is not None
            if hands.must_play(card):
                cards.move(state.piles, card, hands.holder(state, power), cards.DECK)
                cards.shuffle(state, state.piles.deck)
                state.log.append(f"{power} holds more than 8 cards: a Must-Play card taken at "
                                 f"random is shuffled into the deck; +1 Resource (16.43).")
            else:
                hands.discard_from_hand(state, power, card)
                state.log.append(f"{power} holds more than 8 cards: {hands.title(card)}, "
                                 f"taken at random, is discarded; +1 Resource (16.43).")
            state.resources[power] = state.resources.get(power, 0) + 1
    for power in reversed(frame.order):
        if hands.common_in_hand(state, power) > hands.HAND_LIMIT and excess_choices(
                state, ExcessCards(power=power)):
            stack.push(state, ExcessCards(power=power))


def excess_choices(state: WellingtonState, frame: ExcessCards) -> list[Choice]:
    return [Choice(Action("discard", n), f"Discard {hands.title(n)} for {hands.cp(n)} "
                   "Reinforcement CP (16.43)", "card")
            for n in hands.hand(state, frame.power)
            if not hands.is_national(n) and not hands.must_play(n)]


def _excess(state: WellingtonState, frame: ExcessCards, number: int) -> None:
    hands.discard_from_hand(state, frame.power, number)
    frame.cp += hands.cp(number)
    state.log.append(f"{frame.power} discards {hands.title(number)} (16.43).")
    if hands.common_in_hand(state, frame.power) <= hands.HAND_LIMIT \
            or not excess_choices(state, frame):
        stack.done(state, frame)
        if frame.cp:
            even = frame.cp - frame.cp % 2
            state.reinforcement_cp[frame.power] = even
            stack.push(state, Reinforce(power=frame.power, anywhere=True, odd=frame.cp % 2))


EXCESS_CARDS = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: discard down to {hands.HAND_LIMIT} cards; "
                                 "their CP become Reinforcement CP (16.43)."),
    choices=excess_choices,
    handlers={"discard": _excess},
)


def national_cards(state: WellingtonState, frame: Interphase) -> None:
    """16.44: each national deck gathered (Reserve and unplayed cards, G.42), shuffled and
    dealt: GB 3, the others 2, in order. Then what the events keep until after the
    Interphase goes on (#85 into the deck, #86 out of the game)."""
    for key in NATIONAL_DECKS:
        hands.gather_nationals(state, key)
    for power in frame.order:
        dealt = hands.deal_nationals(state, power)
        state.log.append(f"{power} receives {dealt} national cards (16.44).")
    for after in AFTER:
        after(state)


INTERPHASE = stack.Steps((interphase_resources, reinforcement_rolls, deployment,
                          strategic_transfer, shuffle_and_draw, substitutions, halve_carried,
                          excess_cards, national_cards))

FLOW: stack.Flow = {Interphase: INTERPHASE, Reinforce: REINFORCE, AppealRemoval: APPEAL_REMOVAL,
                    Deployment: DEPLOYMENT, Deploy: DEPLOY, SeaDeploy: SEA_DEPLOY,
                    StrategicTransfer: STRATEGIC_TRANSFER, ExcessCards: EXCESS_CARDS}

