"""Wellington interception and evasion (10; the intercept and evasion table, reference §C.12)
and the order of what entering a duchy brings (10.9).

    ENTRY     Responses to the declared step (5.2) -> the step (unless a Response closed the
              line) -> the inactive enemy Powers' interceptions, each
              asked in impulse order until it declines (10.1-10.4, "11.4" in §10) -> the
              defenders' evasions (10.5-10.7) -> movement attrition of mover, interceptors and
              evaders (10.9, movement.py) -> battle (9.51) -> the move stops or goes on
    ATTEMPT   announced (Responses, 5.2) -> rolled: 2d6 (Responses again: #23 Humbugged may
              come after the roll, TC-E24; #9 Passes Blocked may close the line, TC-E14) ->
              resolved with the modifiers as they stand then, 9 or more succeeds -> carried
              out

The modifiers (10.4, 10.7, §C.12), with control as it stood before the mover entered (G.18):
+1 into a friendly duchy; -1 from a duchy with an enemy flag or Uncontrolled; +BV of the
(Army Group's) Commander; -1 across a Pass or a Broken line; -1 for the French after #85; -2
for a commander under #82. Never across a River or a blocked line (10.3, 10.6).

Readings (docs/wellington-movement.md):
- I1 only the mover's enemies intercept (10.1: to join a battle or stop an enemy Formation);
  offensive interceptions by the active side come only with an event (10.2): not here (OPEN).
- I2 an interceptor is the commander and his Power's soldiers up to his CV, the largest
  counters first, or an Army Group (every commander of the side there, the Commander's BV);
  failure marks every Formation of the side in that duchy (BFI) and no other attempt comes
  from there this impulse ("11.4" in §10).
- I3 an evading Army or Army Group takes the side's commanders in the duchy (not the
  interceptors) and soldiers up to their CVs, largest first; leaderless soldiers evade when no
  commander of their Power is left there, each counter rolling on its own, artillery first
  changed into cavalry or infantry (10.5); they go to one duchy.
- I4 a successful evader's attrition: into an enemy-controlled duchy or a besieged enemy
  fortress (10.5), across a Pass not friendly at both ends (9.41). An interceptor's: 9.41 and
  9.43. Neither counts for forced march (9.42).
"""
from __future__ import annotations

from dataclasses import dataclass

from core import dice, stack
from core.engine import Action, Choice, IllegalAction
from core.wellington import building, cardplay, movement
from core.wellington import flags as geo
from core.wellington.frames.battle import Battle
from core.wellington.frames.movement import (Army, Attempt, Entry, EvadeAsk, InterceptAsk,
                                             Move, Reinforce, ReinforceAsk)
from core.wellington.movement import (PASS, army_sp, battle_value, commanders_at,
                                      command_value, fill, formation_id, free_troops,
                                      friendly_owner, members, power_of)
from core.wellington.state import ART, CAV, FRENCH, INF, SIDE, WellingtonState

SUCCESS = 9                   # 10.4, 10.7: a modified 9 or more
EMPERORS_HORSES = 85          # #85: -1 to every French evasion and interception, for good
EVADE_INTO_ENEMY = "evasion into enemy territory (10.5)"


def entry_of(state: WellingtonState) -> Entry:
    entry = stack.find(state, Entry)
    assert entry is not None
    return entry


# --- the modifiers (10.4, 10.7, §C.12) -----------------------------------------------------------


def modifiers(state: WellingtonState, kind: str, power: str, origin: str, target: str,
              leader: str, entry: Entry) -> list[tuple[str, int]]:
    side = SIDE[power]
    if kind == "intercept":
        into, out_of = entry.before, geo.controller(state, origin)
    else:
        into, out_of = geo.controller(state, target), entry.before
    mods: list[tuple[str, int]] = []
    if friendly_owner(into, power):
        mods.append(("into a friendly duchy", 1))
    flag = state.flags.get(origin, "")
    if not out_of or (flag and SIDE[flag] != side):
        mods.append(("from an Uncontrolled duchy or one with an enemy flag", -1))
    if leader:
        mods.append((f"{building.commander(leader).name}'s BV", battle_value(state, leader)))
    line = movement.line_kind(state, origin, target, power)
    if line in ("pass", "broken"):
        mods.append((f"across a {line} line", -1))
    if side == FRENCH and any(e.card == EMPERORS_HORSES for e in state.effects):
        mods.append(("#85 All the Emperor's Horses", -1))
    if movement.under(state, movement.SCUM_OF_THE_EARTH, leader):
        mods.append(("#82 Scum of the Earth", -2))
    return mods


def reinforce_modifiers(state: WellingtonState, power: str, origin: str, via: str,
                        target: str, leader: str, virtual_bv: int) -> list[tuple[str, int]]:
    """10.4 for an event's interception into a battle or siege (REINFORCE below): +1 into a
    friendly duchy, -1 from an Uncontrolled duchy or one with an enemy flag, +BV (of the
    virtual commander for leaderless soldiers), -1 when a line of the path is a Pass or
    Broken (once: reading I6), #85, #82."""
    side = SIDE[power]
    mods: list[tuple[str, int]] = []
    if friendly_owner(geo.controller(state, target), power):
        mods.append(("into a friendly duchy", 1))
    flag = state.flags.get(origin, "")
    if not geo.controller(state, origin) or (flag and SIDE[flag] != side):
        mods.append(("from an Uncontrolled duchy or one with an enemy flag", -1))
    if leader:
        mods.append((f"{building.commander(leader).name}'s BV", battle_value(state, leader)))
    elif virtual_bv >= 0:
        mods.append(("the virtual commander's BV", virtual_bv))
    kinds = [movement.line_kind(state, a, b, power) for a, b in path_lines(origin, via, target)]
    if any(k in ("pass", "broken") for k in kinds):
        mods.append(("across a pass or broken line", -1))
    if side == FRENCH and any(e.card == EMPERORS_HORSES for e in state.effects):
        mods.append(("#85 All the Emperor's Horses", -1))
    if movement.under(state, movement.SCUM_OF_THE_EARTH, leader):
        mods.append(("#82 Scum of the Earth", -2))
    return mods


def attempt_modifiers(state: WellingtonState, frame: Attempt) -> list[tuple[str, int]]:
    if frame.kind == REINFORCE_KIND:
        return reinforce_modifiers(state, frame.power, frame.origin, frame.via, frame.target,
                                   frame.leader, frame.virtual_bv)
    return modifiers(state, frame.kind, frame.power, frame.origin, frame.target, frame.leader,
                     entry_of(state))


def describe(mods: list[tuple[str, int]]) -> str:
    total = sum(v for _, v in mods)
    need = SUCCESS - total
    named = ", ".join(f"{v:+d} {what}" for what, v in mods) or "no modifier"
    return f"needs {need}+ on 2d6 ({named})"


# --- interception (10.1-10.4, "11.4" in §10) -------------------------------------------------


def crossable(state: WellingtonState, a: str, b: str, power: str) -> bool:
    """10.3, 10.6: never across a River (unless #100 bridges it for `power`, W7) nor a
    blocked line."""
    return movement.line_kind(state, a, b, power) != "river" and not geo.blocked(state, a, b)


def group_members(state: WellingtonState, duchy: str, leader: str, chiefs: list[str]
                  ) -> list[str]:
    """The Army Group `leader` commands in `duchy` out of `chiefs`: the leader first, then
    those whose Power may go with him (#22 Insulted Ally)."""
    return [leader] + [c for c in chiefs if c != leader
                       and movement.may_go_with(state, power_of(c), leader)]


def interceptors(state: WellingtonState, entry: Entry, power: str) -> list[str]:
    """The interceptions `power` may try into the entered duchy: "<commander>" (his Army) or
    "group:<duchy>" (the Army Group there), from adjacent duchies (10.1, 10.3, 12.4)."""
    if SIDE[power] == SIDE[entry.power]:
        return []
    target = entry.duchy
    out: list[str] = []
    for origin in geo.neighbours(target):
        if origin in entry.failed_from or not crossable(state, origin, target, power):
            continue
        if not may_leave_before(state, origin, power, entry) or movement.mired(state, origin):
            continue
        side = commanders_at(state, origin, SIDE[power])
        ready = [c for c in side if c not in state.bfi]
        out.extend(c for c in ready if power_of(c) == power)
        leader = state.leading.get(origin, "")
        if leader in ready and power_of(leader) == power \
                and len(group_members(state, origin, leader, ready)) >= 2:
            out.append(f"group:{origin}")
    return out


def may_leave_before(state: WellingtonState, origin: str, power: str, entry: Entry) -> bool:
    """12.4 for an interceptor leaving an enemy fortress duchy: the target must be friendly,
    Uncontrolled or a besieged enemy fortress (as it stood before the entry, G.18)."""
    if not movement.enemy_fortress(state, origin, power):
        return True
    owner = entry.before
    return (not owner or friendly_owner(owner, power)
            or (geo.is_fortress(state, entry.duchy)
                and geo.has_formation(state, entry.duchy, SIDE[power])))


def interceptor_armies(state: WellingtonState, noun: str) -> tuple[str, list[Army], str]:
    """(origin, Armies, Commander) of an interception choice (I2)."""
    if noun.startswith("group:"):
        origin = noun.split(":", 1)[1]
        leader = state.leading[origin]
        chiefs = group_members(state, origin, leader,
                               [c for c in commanders_at(state, origin, SIDE[power_of(leader)])
                                if c not in state.bfi])
    else:
        origin, leader, chiefs = state.commanders[noun], noun, [noun]
    armies: list[Army] = []
    for cid in chiefs:
        army = Army(commander=cid, power=power_of(cid))
        army.troops = fill(free_troops(state, origin, army.power, armies),
                           command_value(state, cid))
        armies.append(army)
    return origin, armies, leader


def intercepts(state: WellingtonState, entry: Entry) -> None:
    """10.1-10.4: each inactive enemy Power in turn, until it declines (10.9: no fixed order;
    each result is seen before the next attempt)."""
    while entry.entered and entry.asked and not interceptors(state, entry, entry.asked[0]):
        entry.asked.pop(0)
    if entry.entered and entry.asked:
        stack.repeat(entry)
        stack.push(state, InterceptAsk(power=entry.asked[0]))


def intercept_choices(state: WellingtonState, frame: InterceptAsk) -> list[Choice]:
    entry = entry_of(state)
    out = []
    for noun in interceptors(state, entry, frame.power):
        origin, armies, leader = interceptor_armies(state, noun)
        mods = modifiers(state, "intercept", frame.power, origin, entry.duchy, leader, entry)
        what = ("the Army Group" if noun.startswith("group:")
                else f"{building.commander(leader).name}'s Army")
        sp = sum(army_sp(a) for a in armies)
        out.append(Choice(Action("intercept", noun), f"Intercept into "
                          f"{geo.name(entry.duchy)} with {what} from {geo.name(origin)} "
                          f"({sp} SP): {describe(mods)} (10.4)", "battle"))
    out.append(Choice(Action("no-intercept"), "No (more) interception", "battle"))
    return out


def _intercept(state: WellingtonState, frame: InterceptAsk, noun: str) -> None:
    entry = entry_of(state)
    origin, armies, leader = interceptor_armies(state, noun)
    stack.done(state, frame)
    stack.push(state, Attempt(kind="intercept", power=frame.power, origin=origin,
                              target=entry.duchy, armies=armies, leader=leader))


def _no_intercept(state: WellingtonState, frame: InterceptAsk, _noun: None) -> None:
    entry_of(state).asked.pop(0)
    stack.done(state, frame)


INTERCEPT_ASK = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {entry_of(state).formation} has entered "
                                 f"{geo.name(entry_of(state).duchy)}. Intercept (10.1)?"),
    choices=intercept_choices,
    handlers={"intercept": _intercept, "no-intercept": _no_intercept},
)


# --- evasion (10.5-10.7) ---------------------------------------------------------------------


def evaders(state: WellingtonState, entry: Entry, power: str) -> tuple[list[str], str]:
    """(commanders, Commander) of `power`'s Army or Army Group in the duchy that may evade
    as a whole (I3): the side's commanders not intercepting, when `power` leads them."""
    side = SIDE[power]
    chiefs = [c for c in commanders_at(state, entry.duchy, side)
              if c not in entry.interceptors]
    if not chiefs:
        return [], ""
    leader = state.leading.get(entry.duchy, "")
    if leader not in chiefs:
        leader = chiefs[0]
    if power_of(leader) != power:
        return [], ""
    return group_members(state, entry.duchy, leader, chiefs), leader


def loose_soldiers(state: WellingtonState, entry: Entry, power: str) -> list[int]:
    """`power`'s soldiers in the duchy with no commander of its Power left there, less what
    interceptors brought (I3)."""
    chiefs = [c for c in commanders_at(state, entry.duchy) if power_of(c) == power
              and c not in entry.interceptors]
    if chiefs:
        return [0, 0, 0]
    return [max(0, n) for n in free_troops(state, entry.duchy, power, entry.arrived)]


def evasion_targets(state: WellingtonState, entry: Entry, power: str) -> list[str]:
    """10.5, 10.6, 12.4: adjacent, not where the enemy came from, not across a River or a
    blocked line, no enemy Formation there, not an unbesieged enemy fortress."""
    here = entry.duchy
    enemy = geo.enemy_side(SIDE[power])
    out: list[str] = []
    if movement.mired(state, here):
        return out                               # #3 Mud: nobody leaves the duchy
    for dest in geo.neighbours(here):
        if dest == entry.came_from or not geo.on_map(dest) \
                or not crossable(state, here, dest, power):
            continue
        if geo.has_formation(state, dest, enemy):
            continue
        if movement.enemy_fortress(state, dest, power) \
                and not movement.besieged_enemy_fortress(state, dest, power):
            continue
        if not movement.may_leave(state, here, dest, power):
            continue
        out.append(dest)
    return out


def evasions(state: WellingtonState, entry: Entry) -> None:
    """10.5: the defending Powers in turn, each until it stays."""
    while entry.entered and entry.defenders and \
            not evade_choices_for(state, entry, entry.defenders[0]):
        entry.defenders.pop(0)
    if entry.entered and entry.defenders:
        stack.repeat(entry)
        stack.push(state, EvadeAsk(power=entry.defenders[0]))


def evade_choices_for(state: WellingtonState, entry: Entry, power: str) -> list[Choice]:
    if SIDE[power] == SIDE[entry.power]:
        return []
    movers = movement.move_of(state).armies
    if not any(movement.present(state, a, entry.duchy) for a in movers):
        return []
    out = []
    targets = evasion_targets(state, entry, power)
    chiefs, leader = evaders(state, entry, power)
    if leader in entry.tried:
        chiefs = []
    for dest in targets if chiefs else []:
        mods = modifiers(state, "evade", power, entry.duchy, dest, leader, entry)
        what = "Army Group" if len(chiefs) > 1 else "Army"
        out.append(Choice(Action("evade", f"army>{dest}"), f"{building.commander(leader).name}"
                          f"'s {what} evades to {geo.name(dest)}: {describe(mods)} (10.7)",
                          "battle"))
    loose = loose_soldiers(state, entry, power)
    if f"{power}:soldiers" in entry.tried:
        loose = [0, 0, 0]
    if any(loose[k] for k in (INF, CAV)) or (loose[ART] and can_change_artillery(state, power)):
        for dest in targets:
            mods = modifiers(state, "evade", power, entry.duchy, dest, "", entry)
            out.append(Choice(Action("evade", f"soldiers>{dest}"), f"The leaderless soldiers "
                              f"evade to {geo.name(dest)}, each counter on its own: "
                              f"{describe(mods)} (10.5, 10.7)", "battle"))
    return out


def can_change_artillery(state: WellingtonState, power: str) -> bool:
    free = building.unbuilt(state, power)
    return free[CAV] >= 2 or free[INF] >= 4


def evade_choices(state: WellingtonState, frame: EvadeAsk) -> list[Choice]:
    out = evade_choices_for(state, entry_of(state), frame.power)
    out.append(Choice(Action("stay"), "Stay and fight", "battle"))
    return out


def _evade(state: WellingtonState, frame: EvadeAsk, noun: str) -> None:
    entry = entry_of(state)
    what, dest = noun.split(">")
    power = frame.power
    stack.done(state, frame)
    entry.tried.append(evaders(state, entry, power)[1] if what == "army"
                       else f"{power}:soldiers")
    if what == "army":
        chiefs, leader = evaders(state, entry, power)
        armies: list[Army] = []
        for cid in chiefs:
            army = Army(commander=cid, power=power_of(cid))
            army.troops = fill(free_troops(state, entry.duchy, army.power,
                                           entry.arrived + armies),
                               command_value(state, cid))
            armies.append(army)
        stack.push(state, Attempt(kind="evade", power=power, origin=entry.duchy,
                                  target=dest, armies=armies, leader=leader))
        return
    while building.counters(state, entry.duchy, power)[ART] and \
            loose_soldiers(state, entry, power)[ART] and \
            building.make_change(state, entry.duchy, power, ART):
        state.log.append(f"{power} changes an artillery counter to evade (10.5).")
    loose = loose_soldiers(state, entry, power)
    counters = []
    for kind in (INF, CAV):
        for _ in range(loose[kind]):
            troops = [0, 0, 0]
            troops[kind] = 1
            counters.append(Army(commander="", power=power, troops=troops))
    stack.push(state, Attempt(kind="evade", power=power, origin=entry.duchy, target=dest,
                              armies=counters))


def _stay(state: WellingtonState, frame: EvadeAsk, _noun: None) -> None:
    entry_of(state).defenders.pop(0)
    stack.done(state, frame)


EVADE_ASK = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {entry_of(state).formation} has entered "
                                 f"{geo.name(entry_of(state).duchy)}. Evade (10.5)?"),
    choices=evade_choices,
    handlers={"evade": _evade, "stay": _stay},
)


# --- one attempt ---------------------------------------------------------------------------


def valid(state: WellingtonState, frame: Attempt) -> bool:
    """The attempt can still be made: not cancelled (#67), its Commander still there (#33 may
    shoot him), the line still open (#9, #10)."""
    if frame.cancelled:
        return False
    if frame.leader and state.commanders.get(frame.leader) != frame.origin:
        return False
    return all(crossable(state, a, b, frame.power)
               for a, b in path_lines(frame.origin, frame.via, frame.target))


def path_lines(origin: str, via: str, target: str) -> list[tuple[str, str]]:
    return [(origin, via), (via, target)] if via else [(origin, target)]


def what_of(frame: Attempt) -> str:
    return frame.leader or f"{frame.power}'s soldiers"


def announce(state: WellingtonState, frame: Attempt) -> None:
    """TRY (the seam): the Formation tries to intercept or evade; the other Powers may
    answer (5.2) before the dice: #33, #67, #95 strike here (`trying`)."""
    kind = {"intercept": "interception (10.4)", "evade": "evasion (10.7)"}.get(
        frame.kind, "interception into the battle (10.4, by event)")
    state.log.append(f"{frame.power} announces an {kind} by {what_of(frame)} from "
                     f"{geo.name(frame.origin)} to {geo.name(frame.target)}.")
    cardplay.respond(state, f"{frame.kind}:{what_of(frame)}:{frame.origin}>{frame.target}",
                     frame.power)


def roll(state: WellingtonState, frame: Attempt) -> None:
    """The dice (2d6; one pair per counter for leaderless soldiers, 10.5); then the other
    Powers may answer the roll (5.2: #23 may still change it, TC-E24; #9 may close the
    line, TC-E14)."""
    if not valid(state, frame):
        state.log.append(f"The attempt from {geo.name(frame.origin)} lapses"
                         f"{' (' + frame.cancelled + ')' if frame.cancelled else ''}.")
        return
    rule = "10.7" if frame.kind == "evade" else "10.4"
    what = frame.leader or "a counter"
    each = frame.kind == "evade" and not frame.leader
    frame.rolls = [two_dice(state, f"{frame.power} {frame.kind} by {what}", rule)
                   for _ in (frame.armies if each else [None])]
    cardplay.respond(state, f"{frame.kind}-rolled:{what_of(frame)}:{frame.origin}>"
                     f"{frame.target}", frame.power)


def two_dice(state: WellingtonState, reason: str, rule: str) -> int:
    return dice.d6(state, reason, rule) + dice.d6(state, reason, rule)


def resolve(state: WellingtonState, frame: Attempt) -> None:
    """10.4, 10.7: the roll and the modifiers as they stand now; 9 or more succeeds. A
    failed interception marks its duchy ("11.4" in §10); a failed evasion is on record for
    the battle (10.7)."""
    if not frame.rolls:
        return
    rule = "10.7" if frame.kind == "evade" else "10.4"
    mods = attempt_modifiers(state, frame)
    total = sum(v for _, v in mods)
    if frame.kind == "evade" and not frame.leader:
        kept = [a for a, r in zip(frame.armies, frame.rolls) if r + total >= SUCCESS]
        state.log.append(f"{len(kept)} of {len(frame.armies)} counters evade "
                         f"({describe(mods)}, 10.5).")
        if len(kept) < len(frame.armies):
            movement.record_failed_evasion(state, frame.origin)
        frame.armies = kept
        frame.success = bool(kept)
        return
    score = frame.rolls[0] + total
    frame.success = score >= SUCCESS
    word = "Evasion" if frame.kind == "evade" else "Interception"
    state.log.append(f"{word} {'succeeds' if frame.success else 'fails'}: {score} "
                     f"({describe(mods)}, {rule}).")
    if frame.success:
        return
    if frame.kind == "intercept":
        failed_interception(state, entry_of(state), frame)
    elif frame.kind == REINFORCE_KIND:
        mark_failed(state, frame.origin, frame.power,
                    [] if frame.leader else [formation_id_of(frame)])
    else:
        movement.record_failed_evasion(state, frame.origin)


def formation_id_of(frame: Attempt) -> str:
    return frame.leader or f"{frame.power}:{frame.origin}"


def succeeded(state: WellingtonState, frame: Attempt) -> None:
    """SUCCEEDED (the seam): a successful attempt, before it is carried out; the other
    Powers may answer (5.2): #45 and #51 cancel it here."""
    if frame.success and valid(state, frame):
        cardplay.respond(state, f"{frame.kind}-succeeded:{what_of(frame)}:{frame.origin}>"
                         f"{frame.target}", frame.power)


def carry_out(state: WellingtonState, frame: Attempt) -> None:
    if not frame.success:
        return
    if frame.cancelled:
        state.log.append(f"The {frame.kind} from {geo.name(frame.origin)} is cancelled "
                         f"({frame.cancelled}).")
        return
    if frame.kind == REINFORCE_KIND:
        arrive_reinforcement(state, frame)
    else:
        arrive(state, frame, entry_of(state))


def failed_interception(state: WellingtonState, entry: Entry, frame: Attempt) -> None:
    """10.4, "11.4" in §10: the interceptor does not move, causes no attrition, and every
    Formation of its side in that duchy takes a BFI marker and intercepts no more."""
    entry.failed_from.append(frame.origin)
    mark_failed(state, frame.origin, frame.power)


def mark_failed(state: WellingtonState, origin: str, power: str,
                only: list[str] | None = None) -> None:
    """"11.4" in §10: a BFI marker on every Formation of `power`'s side at `origin` (`only`:
    just these Formation ids, for leaderless soldiers that failed with a virtual
    commander)."""
    side = SIDE[power]
    ids = only if only else commanders_at(state, origin, side) + [
        f"{p}:{origin}" for p in geo.powers_present(state, origin) if SIDE[p] == side]
    for fid in ids:
        if fid not in state.bfi:
            state.bfi.append(fid)


def arrive(state: WellingtonState, frame: Attempt, entry: Entry) -> None:
    """A successful attempt is carried out, unless a Response has since closed the line or
    taken the Commander (TC-E14)."""
    if not valid(state, frame):
        state.log.append(f"The {frame.kind} from {geo.name(frame.origin)} cannot be carried "
                         "out.")
        return
    movement.resync(state, frame.armies, frame.origin)   # what Responses have left of it
    side = SIDE[frame.power]
    origin_owner = geo.controller(state, frame.origin)
    friends = geo.has_formation(state, frame.target, side)
    into = geo.controller(state, frame.target)
    besieged = movement.besieged_enemy_fortress(state, frame.target, frame.power)
    line = movement.line_kind(state, frame.origin, frame.target, frame.power)
    for army in frame.armies:
        movement.shift(state, army, frame.origin, frame.target)
    extra = [movement.STRAGGLING] if movement.straggling(state, frame.armies) else []
    if frame.kind == "intercept":
        entry.interceptors.extend(c for a in frame.armies for c in members(a))
        entry.arrived.extend(frame.armies)
        causes = movement.march_causes(line, origin_owner, entry.before, friends, frame.power)
        for army in frame.armies:
            movement.owe(entry, army, frame.target, causes + extra)
        state.log.append(f"{frame.leader} intercepts into {geo.name(frame.target)} (10.4).")
    else:
        causes = []
        if (into and SIDE[into] != side) or besieged:
            causes.append(EVADE_INTO_ENEMY)
        if line == "pass" and not (friendly_owner(entry.before, frame.power)
                                   and friendly_owner(into, frame.power)):
            causes.append(PASS)
        for army in frame.armies:
            old = formation_id(army, frame.origin)
            if old in state.bfi:
                state.bfi.append(formation_id(army, frame.target))
            movement.owe(entry, army, frame.target, causes + extra)
        state.log.append(f"{frame.leader or frame.power + ' soldiers'} evade to "
                         f"{geo.name(frame.target)} (10.7).")
    movement.leadership(state, frame.origin, arrived=False)
    movement.arrive_with(state, frame.target,
                         [frame.leader] + [c for a in frame.armies for c in members(a)
                                           if c != frame.leader] if frame.leader else [])
    movement.entered(state, frame.kind, formation_id(frame.armies[0], frame.target)
                     if frame.armies else what_of(frame), frame.origin, frame.target,
                     frame.power)


ATTEMPT = stack.Steps((announce, roll, resolve, succeeded, carry_out))


# --- the entry as a whole (10.9) -----------------------------------------------------------


def announce_move(state: WellingtonState, entry: Entry) -> None:
    """5.2: the other Powers may answer the move with Responses."""
    cardplay.respond(state, f"move:{entry.formation}:{entry.came_from}>{entry.duchy}",
                     entry.power)


def cross_step(state: WellingtonState, entry: Entry) -> None:
    movement.cross(state, entry)


def attrition_step(state: WellingtonState, entry: Entry) -> None:
    movement.movement_attrition(state, entry)


def contact_step(state: WellingtonState, entry: Entry) -> None:
    movement.contact(state, entry)


def after_step(state: WellingtonState, entry: Entry) -> None:
    movement.after_contact(state, entry)


ENTRY = stack.Steps((announce_move, cross_step, intercepts, evasions, attrition_step,
                     contact_step, after_step))

FLOW: stack.Flow = {Entry: ENTRY, InterceptAsk: INTERCEPT_ASK, EvadeAsk: EVADE_ASK,
                    Attempt: ATTEMPT}

