"""Wellington interception and evasion (10; the intercept and evasion table, reference §C.12)
and the order of what entering a duchy brings (10.9).

    ENTRY     Responses to the declared step (5.2) -> the step (unless a Response closed the
              line) -> the inactive enemy Powers' interceptions, each
              asked in impulse order until it declines (10.1-10.4, "11.4" in §10) -> the
              defenders' evasions (10.5-10.7) -> movement attrition of mover, interceptors and
              evaders (10.9, movement.py) -> battle (9.51) -> the move stops or goes on
    ATTEMPT   announced (TRY: Responses, 5.2) -> rolled: 2d6 (Responses again: #23
              Humbugged may come after the roll, TC-E24; #9 Passes Blocked may close the
              line, TC-E14) -> resolved with the modifiers as they stand then, 9 or more
              succeeds -> SUCCEEDED (Responses: #45, #51 may cancel it) -> carried out ->
              ENTERED (armies.entered: #3, #41)
    REINFORCE an event's interceptions into a battle or siege within two duchies (#16, #40,
              #53, #108): JoinBattleAsk -> an Attempt of kind "reinforce" -> again -> #16's
              battle against the besiegers, the siege lifted
    ALONE     an evasion before a battle no move brings (#62, #90 risings; 14.2, 14.3
              landings; 6.3 builds into a besieged fortress, placement.py):
              `evade_before_battle` pushes the same Attempt with no Entry; the
              interceptions of a landing or of a placement (10.1, 10.10; placement.py):
              `intercept_landing`
The seams cards use (TRY, SUCCEEDED, REINFORCE) are described where they are written below
and in docs/wellington-movement.md.

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
from typing import Callable

from core import dice, stack
from core.engine import Action, Choice, IllegalAction
from core.wellington import building, cardplay, lookups, movement
from core.wellington.armies import entered, resync
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.frames.battle import Battle
from core.wellington.frames.movement import (Army, Attempt, Entry, EvadeAsk, InterceptAsk,
                                             Move, JoinBattle, JoinBattleAsk)
from core.wellington.movement import (PASS, army_sp, battle_value, commanders_at,
                                      command_value, fill, formation_id, free_troops,
                                      friendly_owner, members, power_of)
from core.wellington.state import ART, CAV, FRENCH, INF, SIDE, WellingtonState

SUCCESS = 9                   # 10.4, 10.7: a modified 9 or more
EMPERORS_HORSES = 85          # #85: -1 to every French evasion and interception, for good
EVADE_INTO_ENEMY = "evasion into enemy territory (10.5)"
REINFORCE_KIND = "reinforce"  # an event's interception into a battle or siege (REINFORCE)


def entry_of(state: WellingtonState) -> Entry:
    entry = stack.find(state, Entry)
    assert entry is not None
    return entry


# --- the modifiers (10.4, 10.7, §C.12) -----------------------------------------------------------


def modifiers(state: WellingtonState, kind: str, power: str, origin: str, target: str,
              leader: str, entry: Entry) -> list[tuple[str, int]]:
    return control_modifiers(state, kind, power, origin, target, leader, entry.before)


def control_modifiers(state: WellingtonState, kind: str, power: str, origin: str, target: str,
                      leader: str, before: str) -> list[tuple[str, int]]:
    """10.4, 10.7 with `before`: the entered duchy's controller before the entry (G.18)."""
    side = SIDE[power]
    if kind == "intercept":
        into, out_of = before, geo.controller(state, origin)
    else:
        into, out_of = geo.controller(state, target), before
    mods: list[tuple[str, int]] = []
    if friendly_owner(into, power):
        mods.append(("into a friendly duchy", 1))
    flag = state.flags.get(origin, "")
    if not out_of or (flag and SIDE[flag] != side):
        mods.append(("from an Uncontrolled duchy or one with an enemy flag", -1))
    if leader:
        mods.append((f"{building.commander(leader).name}'s BV", battle_value(state, leader)))
    line = lookups.line_kind(state, origin, target, power)
    if line in ("pass", "broken"):
        mods.append((f"across a {line} line", -1))
    if side == FRENCH and any(e.card == EMPERORS_HORSES for e in state.effects):
        mods.append(("#85 All the Emperor's Horses", -1))
    if lookups.under(state, movement.SCUM_OF_THE_EARTH, leader):
        mods.append(("#82 Scum of the Earth", -2))
    return mods


def reinforce_modifiers(state: WellingtonState, power: str, origin: str, via: str,
                        target: str, leader: str, virtual_bv: int) -> list[tuple[str, int]]:
    """10.4 for an event's interception into a battle or siege (REINFORCE below): +1 into a
    friendly duchy, -1 from an Uncontrolled duchy or one with an enemy flag, +BV (of the
    virtual commander for leaderless soldiers), -1 when a line of the path is a Pass or
    Broken (once: reading I5), #85, #82."""
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
    kinds = [lookups.line_kind(state, a, b, power) for a, b in path_lines(origin, via, target)]
    if any(k in ("pass", "broken") for k in kinds):
        mods.append(("across a pass or broken line", -1))
    if side == FRENCH and any(e.card == EMPERORS_HORSES for e in state.effects):
        mods.append(("#85 All the Emperor's Horses", -1))
    if lookups.under(state, movement.SCUM_OF_THE_EARTH, leader):
        mods.append(("#82 Scum of the Earth", -2))
    return mods


def attempt_modifiers(state: WellingtonState, frame: Attempt) -> list[tuple[str, int]]:
    if frame.kind == REINFORCE_KIND:
        return reinforce_modifiers(state, frame.power, frame.origin, frame.via, frame.target,
                                   frame.leader, frame.virtual_bv)
    if frame.alone:
        return control_modifiers(state, frame.kind, frame.power, frame.origin, frame.target,
                                 frame.leader, frame.before)
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
    return lookups.line_kind(state, a, b, power) != "river" and not geo.blocked(state, a, b)


def group_members(state: WellingtonState, duchy: str, leader: str, chiefs: list[str]
                  ) -> list[str]:
    """The Army Group `leader` commands in `duchy` out of `chiefs`: the leader first, then
    those whose Power may go with him (#22 Insulted Ally)."""
    return [leader] + [c for c in chiefs if c != leader
                       and lookups.may_go_with(state, power_of(c), leader)]


def interceptors(state: WellingtonState, entry: Entry, power: str) -> list[str]:
    """The interceptions `power` may try into the entered duchy: "<commander>" (his Army) or
    "group:<duchy>" (the Army Group there), from adjacent duchies (10.1, 10.3, 12.4)."""
    if SIDE[power] == SIDE[entry.power]:
        return []
    target = entry.duchy
    out: list[str] = []
    for origin in geo.neighbours(target):
        side = commanders_at(state, origin, SIDE[power])
        if not side:                             # (no Army there: the usual case, asked first)
            continue
        if origin in entry.failed_from or not crossable(state, origin, target, power):
            continue
        if not may_leave_before(state, origin, power, entry) or movement.mired(state, origin):
            continue
        ready = [c for c in side if not movement.stays(state, c)]
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
                                if not movement.stays(state, c)])
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
    out.append(Choice(Action("no-intercept"), NO_MORE, "battle"))
    return out


NO_MORE = "No (more) interception"


def offered_menu(offered: list[tuple[str, str]]) -> list[Choice]:
    """An interception question's menu from its (noun, label) options (a landing's, 14.2;
    a placement's, 10.1), and the refusal."""
    out = [Choice(Action("intercept", noun), label, "battle") for noun, label in offered]
    out.append(Choice(Action("no-intercept"), NO_MORE, "battle"))
    return out


def require_offered(offered: list[tuple[str, str]], power: str, noun: str) -> None:
    """IllegalAction unless `noun` is one of the (noun, label) options offered (10.1-10.3)."""
    if noun not in [n for n, _ in offered]:
        raise IllegalAction(f"{power} may not intercept with {noun} (10.1-10.3)")


STAY = "stay"


def evasion_menu(offered: list[tuple[str, str]]) -> list[Choice]:
    """An evasion question's menu before a battle from its (noun, label) options (a
    landing's, 14.2-14.3; a build into a besieged fortress, 6.3), and staying to fight."""
    out = [Choice(Action("evade", noun), label, "battle") for noun, label in offered]
    out.append(Choice(Action(STAY), "Stay and fight", "battle"))
    return out


def require_evasion(offered: list[tuple[str, str]], power: str, noun: str) -> None:
    """IllegalAction unless `noun` is one of the evasions offered (10.5, 10.6)."""
    if noun not in [n for n, _ in offered]:
        raise IllegalAction(f"{power} may not evade with {noun} (10.5, 10.6)")


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
    prompt=lambda state, frame: (f"{frame.power}: {text.formation(entry_of(state).formation)} "
                                 f"has entered {geo.name(entry_of(state).duchy)}. "
                                 "Intercept (10.1)?"),
    choices=intercept_choices,
    handlers={"intercept": _intercept, "no-intercept": _no_intercept},
)


# --- evasion (10.5-10.7) ---------------------------------------------------------------------


def evaders(state: WellingtonState, entry: Entry, power: str) -> tuple[list[str], str]:
    """(commanders, Commander) of `power`'s Army or Army Group in the duchy that may evade
    as a whole (I3): the side's commanders not intercepting, when `power` leads them."""
    side = SIDE[power]
    chiefs = [c for c in commanders_at(state, entry.duchy, side)
              if c not in entry.interceptors and not movement.held(state, c)]  # #81
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
    if movement.mired(state, here) or movement.storm_holds(state, power, here):
        return out                               # #3 Mud, #81: nobody leaves the duchy
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
    while entry.entered and entry.defenders and not may_evade(state, entry, entry.defenders[0]):
        entry.defenders.pop(0)
    if entry.entered and entry.defenders:
        stack.repeat(entry)
        stack.push(state, EvadeAsk(power=entry.defenders[0]))


def may_evade(state: WellingtonState, entry: Entry, power: str) -> bool:
    """Whether `evade_choices_for` offers `power` an evasion (the same tests, no labels)."""
    if not evasion_asked(state, entry, power):
        return False
    if power not in geo.powers_present(state, entry.duchy):
        return False                             # (nothing of `power` there to evade)
    if not (evading_army(state, entry, power)[0] or soldiers_may_evade(state, entry, power)):
        return False
    return bool(evasion_targets(state, entry, power))


def evasion_asked(state: WellingtonState, entry: Entry, power: str) -> bool:
    """10.5: an enemy of the moving Power, while the movers are in the entered duchy."""
    if SIDE[power] == SIDE[entry.power]:
        return False
    movers = movement.move_of(state).armies
    return any(movement.present(state, a, entry.duchy) for a in movers)


def evading_army(state: WellingtonState, entry: Entry, power: str) -> tuple[list[str], str]:
    """`evaders`, none once their Commander has tried to evade."""
    chiefs, leader = evaders(state, entry, power)
    return ([] if leader in entry.tried else chiefs), leader


def soldiers_may_evade(state: WellingtonState, entry: Entry, power: str) -> bool:
    """I3: `power`'s leaderless soldiers there may evade, each counter on its own, unless
    they have tried (artillery only when change can be made)."""
    if f"{power}:soldiers" in entry.tried:
        return False
    loose = loose_soldiers(state, entry, power)
    return bool(loose[INF] or loose[CAV] or (loose[ART] and can_change_artillery(state, power)))


def evade_choices_for(state: WellingtonState, entry: Entry, power: str) -> list[Choice]:
    if not evasion_asked(state, entry, power):
        return []
    out = []
    targets = evasion_targets(state, entry, power)
    chiefs, leader = evading_army(state, entry, power)
    for dest in targets if chiefs else []:
        mods = modifiers(state, "evade", power, entry.duchy, dest, leader, entry)
        what = "Army Group" if len(chiefs) > 1 else "Army"
        out.append(Choice(Action("evade", f"army>{dest}"), f"{building.commander(leader).name}"
                          f"'s {what} evades to {geo.name(dest)}: {describe(mods)} (10.7)",
                          "battle"))
    if soldiers_may_evade(state, entry, power):
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
    out.append(Choice(Action(STAY), "Stay and fight", "battle"))
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
    prompt=lambda state, frame: (f"{frame.power}: {text.formation(entry_of(state).formation)} "
                                 f"has entered {geo.name(entry_of(state).duchy)}. Evade (10.5)?"),
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
    """The trying Formation in a Response trigger: its leader's id or the Power's soldiers."""
    return frame.leader or f"{frame.power}'s soldiers"


def who_of(frame: Attempt) -> str:
    """The trying Formation as a player reads it: its leader's name or the Power's soldiers."""
    return text.commander(frame.leader) if frame.leader else \
        f"{frame.power}'s leaderless Formation"


def announce(state: WellingtonState, frame: Attempt) -> None:
    """TRY (the seam): the Formation tries to intercept or evade; the other Powers may
    answer (5.2) before the dice: #33, #67, #95 strike here (`trying`)."""
    kind = {"intercept": "interception (10.4)", "evade": "evasion (10.7)"}.get(
        frame.kind, "interception into the battle (10.4, by event)")
    state.log.append(f"{frame.power} announces an {kind} by {who_of(frame)} from "
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
    what = text.commander(frame.leader) if frame.leader else "a counter"
    each = frame.kind == "evade" and not frame.leader
    noun = "evasion" if frame.kind == "evade" else "interception"
    frame.rolls = [two_dice(state, f"{frame.power}: {noun} by {what}", rule)
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
            if frame.alone:
                mark_failed(state, frame.origin, frame.power, [formation_id_of(frame)])
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
    if frame.kind == "intercept" and frame.alone:
        mark_failed(state, frame.origin, frame.power)        # "11.4" in §10 (a landing's)
    elif frame.kind == "intercept":
        failed_interception(state, entry_of(state), frame)
    elif frame.kind == REINFORCE_KIND:
        mark_failed(state, frame.origin, frame.power,
                    [] if frame.leader else [formation_id_of(frame)])
    else:
        movement.record_failed_evasion(state, frame.origin)
        if frame.alone:        # the tutorial's battle marker on Marmont (TC-E12)
            mark_failed(state, frame.origin, frame.power, [a.commander for a in frame.armies])


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
    elif frame.alone:
        arrive_alone(state, frame)
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
    resync(state, frame.armies, frame.origin)   # what Responses have left of it
    side = SIDE[frame.power]
    origin_owner = geo.controller(state, frame.origin)
    friends = geo.has_formation(state, frame.target, side)
    into = geo.controller(state, frame.target)
    besieged = movement.besieged_enemy_fortress(state, frame.target, frame.power)
    line = lookups.line_kind(state, frame.origin, frame.target, frame.power)
    for army in frame.armies:
        movement.shift(state, army, frame.origin, frame.target)
    extra = [movement.STRAGGLING] if movement.straggling(state, frame.armies) else []
    if frame.kind == "intercept":
        entry.interceptors.extend(c for a in frame.armies for c in members(a))
        entry.arrived.extend(frame.armies)
        causes = movement.march_causes(line, origin_owner, entry.before, friends, frame.power)
        for army in frame.armies:
            movement.owe(entry, army, frame.target, causes + extra)
        state.log.append(f"{who_of(frame)} intercepts into {geo.name(frame.target)} (10.4).")
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
        who = (f"{text.commander(frame.leader)} evades" if frame.leader else
               f"{frame.power}'s soldiers evade")
        state.log.append(f"{who} to "
                         f"{geo.name(frame.target)} (10.7).")
    movement.leadership(state, frame.origin, arrived=False)
    movement.arrive_with(state, frame.target,
                         [frame.leader] + [c for a in frame.armies for c in members(a)
                                           if c != frame.leader] if frame.leader else [])
    entered(state, frame.kind, formation_id(frame.armies[0], frame.target)
                     if frame.armies else what_of(frame), frame.origin, frame.target,
                     frame.power)


ATTEMPT = stack.Steps((announce, roll, resolve, succeeded, carry_out))


# --- an evasion before a battle no move brings (#62, #90 risings; 14.2, 14.3 landings) -------
#
# The Formations attacked may evade first (10.5-10.7): the same Attempt as a move's evasion
# (TRY, rolled, SUCCEEDED, carried out, ENTERED), `alone`: no Entry, `before` (the duchy's
# control before the attackers came, G.18) for the modifiers, the attrition paid at once (no
# mover's attrition to wait for, 10.9), a failure's BFI marker on the evaders (the tutorial's
# Marmont, TC-E12). The ENTERED window opens while the Attempt is still on the stack, so #41
# Stragglers knows the units it brought (their attrition at once: no Entry owes it). A
# landing's interceptions (10.1, naval.py) are `alone` Attempts too (`intercept_landing`).


def standing(power: str, duchy: str, before: str, came_from: str,
             arrived: list[Army] | None = None) -> Entry:
    """What 10.1-10.7's rules (`interceptors`, `evaders`, `loose_soldiers`,
    `evasion_targets`) read of an entry, for an attack no move brings: never pushed, no
    mover; `arrived`: the Armies that intercepted into the duchy (they do not evade)."""
    armies = list(arrived or [])
    return Entry(power=power, formation=f"{power}:{duchy}", duchy=duchy, came_from=came_from,
                 line="", before=before, from_control="", arrived=armies,
                 interceptors=[c for a in armies for c in members(a)])


def before_battle_options(state: WellingtonState, power: str, duchy: str, before: str,
                          came_from: str, tried: list[str],
                          arrived: list[Army] | None = None) -> list[tuple[str, str]]:
    """(noun, text): `power`'s Army or Army Group ("army>dest", one attempt) and its
    leaderless soldiers ("soldiers>dest", each counter on its own), to each duchy 10.6
    allows; `tried` holds "<power>:army" / "<power>:soldiers" already tried (10.5);
    `arrived`: the Armies that intercepted into the duchy (`standing`)."""
    entry = standing(power, duchy, before, came_from, arrived)
    targets = evasion_targets(state, entry, power)
    out: list[tuple[str, str]] = []
    chiefs, leader = evaders(state, entry, power)
    if chiefs and f"{power}:army" not in tried:
        what = "Army Group" if len(chiefs) > 1 else "Army"
        for dest in targets:
            mods = control_modifiers(state, "evade", power, duchy, dest, leader, before)
            out.append((f"army>{dest}", f"{building.commander(leader).name}'s {what} evades "
                        f"to {geo.name(dest)}: {describe(mods)} (10.7)"))
    loose = loose_soldiers(state, entry, power)
    if f"{power}:soldiers" not in tried and (
            loose[INF] or loose[CAV] or (loose[ART] and can_change_artillery(state, power))):
        for dest in targets:
            mods = control_modifiers(state, "evade", power, duchy, dest, "", before)
            out.append((f"soldiers>{dest}", f"The leaderless soldiers evade to "
                        f"{geo.name(dest)}, each counter on its own: {describe(mods)} "
                        "(10.5, 10.7)"))
    return out


def evade_before_battle(state: WellingtonState, power: str, duchy: str, before: str,
                        noun: str, came_from: str = "",
                        arrived: list[Army] | None = None) -> None:
    """Push `power`'s evasion `noun` (a `before_battle_options` noun) out of `duchy` as an
    `alone` Attempt (above)."""
    entry = standing(power, duchy, before, came_from, arrived)
    what, _, dest = noun.partition(">")
    if dest not in evasion_targets(state, entry, power) or what not in ("army", "soldiers"):
        raise IllegalAction(f"{power} may not evade from {duchy} to {dest} (10.5, 10.6)")
    leader = ""
    if what == "army":
        chiefs, leader = evaders(state, entry, power)
        if not chiefs:
            raise IllegalAction(f"{power} has no Army at {duchy} to evade (10.5)")
        armies: list[Army] = []
        for cid in chiefs:
            army = Army(commander=cid, power=power_of(cid))
            army.troops = fill(free_troops(state, duchy, army.power, armies),
                               command_value(state, cid))
            armies.append(army)
    else:
        loose = loose_soldiers(state, entry, power)
        if not (loose[INF] or loose[CAV] or (loose[ART] and can_change_artillery(state, power))):
            raise IllegalAction(f"{power} has no leaderless soldiers at {duchy} to evade (10.5)")
        while building.counters(state, duchy, power)[ART] and \
                loose_soldiers(state, entry, power)[ART] and \
                building.make_change(state, duchy, power, ART):
            state.log.append(f"{power} changes an artillery counter to evade (10.5).")
        loose = loose_soldiers(state, entry, power)
        armies = [Army(commander="", power=power, troops=[1 if k == kind else 0
                                                          for k in (INF, CAV, ART)])
                  for kind in (INF, CAV) for _ in range(loose[kind])]
    stack.push(state, Attempt(kind="evade", power=power, origin=duchy, target=dest,
                              armies=armies, leader=leader, alone=True, before=before))


def landing_intercept_options(state: WellingtonState, power: str, lander: str, duchy: str,
                              before: str, came_from: str) -> list[tuple[str, str]]:
    """(noun, text): the interceptions `power` may try into `duchy`, where `lander`'s
    Formation has landed or been placed (10.1: "per impedire il movimento o piazzamento di una
    Formazione nemica nel Ducato"; placement.py): `interceptors`' nouns, 10.4's modifiers
    with `before` (G.18)."""
    entry = standing(lander, duchy, before, came_from)
    out: list[tuple[str, str]] = []
    for noun in interceptors(state, entry, power):
        origin, armies, leader = interceptor_armies(state, noun)
        mods = control_modifiers(state, "intercept", power, origin, duchy, leader, before)
        what = ("the Army Group" if noun.startswith("group:")
                else f"{building.commander(leader).name}'s Army")
        sp = sum(army_sp(a) for a in armies)
        out.append((noun, f"Intercept into {geo.name(duchy)} with {what} from "
                    f"{geo.name(origin)} ({sp} SP): {describe(mods)} (10.4)"))
    return out


def intercept_landing(state: WellingtonState, power: str, lander: str, duchy: str,
                      before: str, noun: str, came_from: str = "") -> list[Army]:
    """Push `power`'s interception `noun` (a `landing_intercept_options` noun) into `duchy`
    as an `alone` Attempt; returns its Armies (the caller sees afterwards whether they came:
    their commanders in `duchy`)."""
    if noun not in [n for n, _ in landing_intercept_options(state, power, lander, duchy,
                                                             before, came_from)]:
        raise IllegalAction(f"{power} may not intercept into {duchy} with {noun} (10.1-10.3)")
    origin, armies, leader = interceptor_armies(state, noun)
    stack.push(state, Attempt(kind="intercept", power=power, origin=origin, target=duchy,
                              armies=armies, leader=leader, alone=True, before=before))
    return armies


def arrive_alone(state: WellingtonState, frame: Attempt) -> None:
    """The evaders (or a landing's interceptors) go, their attrition at once: an evader's
    into an enemy-controlled duchy or a besieged enemy fortress (10.5), across a Pass not
    friendly at both ends (9.41); an interceptor's 9.41 and 9.43 with the port's control
    before the landing (I4); #41's stragglers; then the ENTERED window, the Attempt still on
    the stack (#41 reads the units it brought), its owner's 13.1 questions asked first."""
    if not valid(state, frame):
        state.log.append(f"The {frame.kind} from {geo.name(frame.origin)} cannot be carried "
                         "out.")
        return
    resync(state, frame.armies, frame.origin)
    power, origin, dest = frame.power, frame.origin, frame.target
    into = geo.controller(state, dest)
    line = lookups.line_kind(state, origin, dest, power)
    causes: list[str] = []
    if frame.kind == "intercept":
        causes += movement.march_causes(line, geo.controller(state, origin), frame.before,
                                        geo.has_formation(state, dest, SIDE[power]), power)
    elif (into and SIDE[into] != SIDE[power]) or \
            movement.besieged_enemy_fortress(state, dest, power):
        causes.append(EVADE_INTO_ENEMY)
    if frame.kind != "intercept" and line == "pass" and not (
            friendly_owner(frame.before, power) and friendly_owner(into, power)):
        causes.append(PASS)
    if movement.straggling(state, frame.armies):
        causes.append(movement.STRAGGLING)
    for army in frame.armies:
        movement.shift(state, army, origin, dest)
        if formation_id(army, origin) in state.bfi:
            state.bfi.append(formation_id(army, dest))
    state.log.append(f"{who_of(frame)} intercepts into {geo.name(dest)} (10.4)."
                     if frame.kind == "intercept" else
                     f"{who_of(frame)} evade{'s' if frame.leader else ''} to "
                     f"{geo.name(dest)} (10.7).")
    asks: list[stack.Frame] = []      # 13.1: the owner picks the counters (asked first)
    if causes and frame.armies:
        movement.attrition(state, dest, frame.armies, causes,
                           text.formation(formation_id(frame.armies[0], dest)), asks=asks,
                           chooser=movement.group_chooser(frame.armies))
    # The Attempt stays on the stack until the questions pushed here are answered (it has no
    # step left): the ENTERED window reads which units it brought (#41, `entered_armies`).
    # 9.53: the Commander where they arrive
    movement.leadership(state, origin, arrived=False)
    movement.arrive_with(state, dest, [frame.leader] + [c for a in frame.armies
                                                        for c in members(a) if c != frame.leader]
                         if frame.leader else [])
    alive = [a for a in frame.armies if movement.present(state, a, dest)]
    if alive:
        entered(state, frame.kind, formation_id(alive[0], dest), origin, dest, power)
    movement.push_losses(state, asks)


# --- TRY: the moment a Formation tries to move, intercept or evade (the seam) -----------------
#
# The Response windows every try opens (5.2): "move:<formation>:<from>><to>" (a declared step,
# the Entry's first step), "intercept:<what>:...", "evade:<what>:...", "reinforce:<what>:..."
# (an Attempt announced). `trying` tells a card what is trying; `cancel` stops it (#67: the
# step's CP are spent). After a success, before it is carried out, "<kind>-succeeded:..."
# (`succeeded_attempt`, `cancel_success`: #45, #51).

TRY_KINDS = ("move", "intercept", "evade", REINFORCE_KIND)


@dataclass(frozen=True)
class Try:
    """What is trying: `kind` (TRY_KINDS), the `power` it belongs to, its Commander
    (`leader`, "" for leaderless soldiers), every commander in it, and its step."""

    kind: str
    power: str
    leader: str
    commanders: tuple[str, ...]
    origin: str
    target: str


def trying(state: WellingtonState, trigger: str) -> Try | None:
    """The Formation trying to move (a declared step not yet carried out), intercept or
    evade when the Response window of `trigger` is open, or None."""
    kind = trigger.split(":", 1)[0]
    if kind == "move":
        entry, move = stack.find(state, Entry), stack.find(state, Move)
        if entry is None or move is None or entry.entered or entry.cancelled:
            return None
        chiefs = tuple(c for a in move.armies for c in members(a))
        return Try("move", move.power, move.armies[0].commander, chiefs, entry.came_from,
                   entry.duchy)
    if kind in TRY_KINDS:
        frame = stack.find(state, Attempt)
        if frame is None or frame.kind != kind or frame.rolls or not valid(state, frame):
            return None
        chiefs = tuple(c for a in frame.armies for c in members(a))
        return Try(kind, frame.power, frame.leader, chiefs, frame.origin, frame.target)
    return None


def trying_armies(state: WellingtonState, trigger: str) -> tuple[list[Army], str]:
    """The Armies of the Formation `trying` names, and the duchy they stand in (#95 strikes
    them there: their losses follow them, `movement.attrition`)."""
    attempt = trying(state, trigger)
    if attempt is None:
        return [], ""
    if attempt.kind == "move":
        move = stack.find(state, Move)
        assert move is not None
        return move.armies, move.at
    frame = stack.find(state, Attempt)
    assert frame is not None
    return frame.armies, frame.origin


def cancel(state: WellingtonState, trigger: str, why: str, mark: bool) -> None:
    """Cancel what `trying` names: a declared step does not happen (its CP are spent) and
    the move is over; an announced attempt is not rolled. `mark`: a BFI marker goes on the
    Formation (#67: it moves and intercepts no more this impulse, M2, 10.3)."""
    kind = trigger.split(":", 1)[0]
    ids: list[str] = []
    if kind == "move":
        entry, move = stack.find(state, Entry), stack.find(state, Move)
        if entry is None or move is None:
            raise IllegalAction("no move is being declared")
        entry.cancelled, move.over = why, True
        ids = [formation_id(a, move.at) for a in move.armies]
    else:
        frame = stack.find(state, Attempt)
        if frame is None:
            raise IllegalAction("no interception or evasion is being tried")
        frame.cancelled = why
        ids = [formation_id(a, frame.origin) for a in frame.armies]
    state.log.append(f"Cancelled: {why}.")
    for fid in ids if mark else []:
        if fid not in state.bfi:
            state.bfi.append(fid)


def succeeded_attempt(state: WellingtonState, trigger: str) -> Attempt | None:
    """The successful interception or evasion the "<kind>-succeeded" window answers."""
    kind = trigger.split(":", 1)[0]
    if not kind.endswith("-succeeded"):
        return None
    frame = stack.find(state, Attempt)
    if frame is None or f"{frame.kind}-succeeded" != kind or not frame.success \
            or frame.cancelled:
        return None
    return frame


def cancel_success(state: WellingtonState, frame: Attempt, why: str) -> None:
    """A success cancelled before it is carried out: the Formation stays where it is."""
    frame.cancelled = why
    state.log.append(f"The successful {frame.kind} from {geo.name(frame.origin)} is "
                     f"cancelled ({why}).")


# --- REINFORCE: an event's interceptions into a battle or siege (#11, #16, #36, #40, #53, #108)
#
# JoinBattle (frames/movement.py) -> JoinBattleAsk: the card's player picks a Formation of its
# side within two duchies (its path: one line, or two through a duchy it may pass) -> an
# Attempt of kind "reinforce" (announced, rolled with `reinforce_modifiers`, succeeded,
# carried out by `arrive_reinforcement`: attrition of the path unless #53, its owner picking
# the counters (13.1), then it joins the battle under way with what the dice leave it,
# `join_battle`; its ENTERED window, #41) -> again, until the player stops -> for a siege (#16) the
# battle against the besieger, then the siege ends unless the besieger won it by an Overrun.

VIRTUAL = {"1-4": (1, 4), "2-4": (2, 4)}    # the virtual commanders' BV and CV
# the window after a relief battle (#16): the siege part ends the siege (siege.relieved)
RELIEVED: list[Callable[[WellingtonState, JoinBattle], None]] = []


def reinforcement(state: WellingtonState, power: str, card: int, duchy: str, virtual: str,
                  french_only_virtual: bool = False, no_attrition: bool = False,
                  siege: bool = False) -> None:
    """Push the interceptions `card` allows into the battle or siege at `duchy` (above)."""
    stack.push(state, JoinBattle(power=power, card=card, duchy=duchy, virtual=virtual,
                                french_only_virtual=french_only_virtual,
                                no_attrition=no_attrition, siege=siege))


def reinforce_of(state: WellingtonState) -> JoinBattle:
    frame = stack.find(state, JoinBattle)
    assert frame is not None
    return frame


def paths(state: WellingtonState, origin: str, target: str, power: str) -> list[str]:
    """The ways from `origin` into `target` (10.1 by event: within two duchies): "" for the
    direct line, else the duchy between. Never across a River or a blocked line (10.3: "not
    even one of its lines"), 12.4 out of an enemy fortress duchy, #3 Mud; the duchy between
    holds no enemy Formation and is no enemy fortress (9.5, 9.52: no moving through them)."""
    if movement.mired(state, origin) or movement.storm_holds(state, power, origin):
        return []
    out = []
    if target in geo.neighbours(origin) and crossable(state, origin, target, power) \
            and movement.may_leave(state, origin, target, power):
        out.append("")
    enemy = geo.enemy_side(SIDE[power])
    for via in geo.neighbours(origin):
        if via == target or not geo.on_map(via) or target not in geo.neighbours(via):
            continue
        if not (crossable(state, origin, via, power) and crossable(state, via, target, power)):
            continue
        if geo.has_formation(state, via, enemy) or movement.enemy_fortress(state, via, power):
            continue
        if movement.may_leave(state, origin, via, power):
            out.append(via)
    return out


def reinforce_formations(state: WellingtonState, frame: JoinBattle
                         ) -> list[tuple[str, str, list[Army], str, int]]:
    """(noun, origin, Armies, leader, virtual BV) of every Formation of the player's side
    within two duchies that may still try: an Army (with at least 1 SP: reading I5, TC-E26),
    an Army Group ("11.4" in §10), or a Power's leaderless soldiers where none of its
    commanders stands, led by the virtual commander up to its CV; none with a BFI marker
    (10.3) or already tried."""
    side = SIDE[frame.power]
    near = {o for n in geo.neighbours(frame.duchy) for o in [n, *geo.neighbours(n)]}
    near.discard(frame.duchy)
    out: list[tuple[str, str, list[Army], str, int]] = []
    for origin in sorted(d for d in near if geo.on_map(d)):
        chiefs = [c for c in commanders_at(state, origin, side) if not movement.stays(state, c)]
        for cid in chiefs:
            army = Army(commander=cid, power=power_of(cid))
            army.troops = fill(free_troops(state, origin, army.power, []),
                               command_value(state, cid))
            if army_sp(army) and cid not in frame.tried:
                out.append((cid, origin, [army], cid, -1))
        leader = state.leading.get(origin, "")
        if leader in chiefs and f"group:{origin}" not in frame.tried:
            group = group_members(state, origin, leader, chiefs)
            if len(group) >= 2:
                _, armies, _ = interceptor_armies(state, f"group:{origin}")
                out.append((f"group:{origin}", origin, armies, leader, -1))
        if not frame.virtual:
            continue
        bv, cv = VIRTUAL[frame.virtual]
        for power in sorted(geo.powers_present(state, origin)):
            if SIDE[power] != side or any(power_of(c) == power
                                          for c in commanders_at(state, origin)):
                continue
            if frame.french_only_virtual and side != FRENCH:
                continue
            noun = f"soldiers:{power}:{origin}"
            if noun in frame.tried or movement.marked(state, origin, power):
                continue
            troops = fill(free_troops(state, origin, power, []), cv)
            if any(troops):
                out.append((noun, origin, [Army(commander="", power=power, troops=troops)],
                            "", bv))
    return out


def reinforce_step(state: WellingtonState, frame: JoinBattle) -> None:
    """The player is asked again while a Formation may still try."""
    if can_reinforce(state, frame):
        stack.repeat(frame)
        stack.push(state, JoinBattleAsk(power=frame.power))


def can_reinforce(state: WellingtonState, frame: JoinBattle) -> bool:
    """Whether `reinforce_options` offers a Formation (the same tests, without the labels)."""
    for _noun, origin, armies, _leader, _bv in reinforce_formations(state, frame):
        if paths(state, origin, frame.duchy, armies[0].power):
            return True
    return False


def reinforce_options(state: WellingtonState, frame: JoinBattle) -> list[Choice]:
    out = []
    for noun, origin, armies, leader, bv in reinforce_formations(state, frame):
        power = armies[0].power
        what = (f"{building.commander(leader).name}'s Army" if leader and
                not noun.startswith("group:") else "the Army Group" if leader
                else f"{power}'s leaderless soldiers ({frame.virtual} virtual commander)")
        sp = sum(army_sp(a) for a in armies)
        for via in paths(state, origin, frame.duchy, power):
            mods = reinforce_modifiers(state, power, origin, via, frame.duchy, leader, bv)
            way = f" through {geo.name(via)}" if via else ""
            out.append(Choice(Action("reinforce", f"{noun}@{via or '-'}"),
                              f"Intercept into {geo.name(frame.duchy)} with {what} from "
                              f"{geo.name(origin)}{way} ({sp} SP): {describe(mods)} "
                              f"(#{frame.card}, 10.4)", "battle"))
    return out


def _reinforce(state: WellingtonState, ask: JoinBattleAsk, noun: str) -> None:
    frame = reinforce_of(state)
    formation, via = noun.rsplit("@", 1)
    found = {n: (o, a, lead, bv) for n, o, a, lead, bv in reinforce_formations(state, frame)}
    if formation not in found:
        raise IllegalAction(f"{formation} may not intercept into {frame.duchy} (#{frame.card})")
    origin, armies, leader, bv = found[formation]
    via = "" if via == "-" else via
    if via not in paths(state, origin, frame.duchy, armies[0].power):
        raise IllegalAction(f"no way from {origin} through {via} (#{frame.card}, 10.3)")
    stack.done(state, ask)
    frame.tried.append(formation)
    stack.push(state, Attempt(kind=REINFORCE_KIND, power=armies[0].power, origin=origin,
                              target=frame.duchy, armies=armies, leader=leader, via=via,
                              virtual_bv=bv))


def _reinforce_done(state: WellingtonState, ask: JoinBattleAsk, _noun: None) -> None:
    stack.done(state, ask)
    stack.goto(reinforce_of(state), REINFORCE, relief_battle)   # the player has stopped


REINFORCE_ASK = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: #{reinforce_of(state).card}: which "
                                 "Formation tries to intercept into "
                                 f"{geo.name(reinforce_of(state).duchy)}?"),
    choices=lambda state, frame: [*reinforce_options(state, reinforce_of(state)),
                                  Choice(Action("reinforce-done"), "No more interceptions",
                                         "battle")],
    handlers={"reinforce": _reinforce, "reinforce-done": _reinforce_done},
)


def arrive_reinforcement(state: WellingtonState, frame: Attempt) -> None:
    """The interceptor enters the battle's (or siege's) duchy along its path: attrition of
    the path's lines (9.41, 9.43; none with #53), its owner choosing the counters lost (13.1,
    A3: the questions are answered before the Attempt goes on), then it joins the battle
    under way (10.1: its dice as if it had been there from the start) with the units the
    dice leave it (`attrition.pending`: the number lost is known before the choice); the
    ENTERED window (#3, #41: `lost_after_joining`)."""
    if not valid(state, frame):
        state.log.append(f"The interception from {geo.name(frame.origin)} cannot be carried "
                         "out.")
        return
    reinforce = reinforce_of(state)
    resync(state, frame.armies, frame.origin)
    side = SIDE[frame.power]
    causes: list[str] = []
    for a, b in path_lines(frame.origin, frame.via, frame.target):
        line = lookups.line_kind(state, a, b, frame.power)
        causes += movement.march_causes(line, geo.controller(state, a),
                                        geo.controller(state, b),
                                        geo.has_formation(state, b, side), frame.power)
    if movement.straggling(state, frame.armies):
        causes.append(movement.STRAGGLING)
    for army in frame.armies:
        movement.shift(state, army, frame.origin, frame.target)
    state.log.append(f"{who_of(frame)} intercepts into {geo.name(frame.target)} "
                     f"(#{reinforce.card}, 10.4).")
    if reinforce.no_attrition:
        causes = []
    arriving = sum(army_sp(a) + len(members(a)) for a in frame.armies)
    asks: list[stack.Frame] = []      # 13.1: the owner picks the counters (asked first)
    lost = movement.attrition(state, frame.target, frame.armies, causes,
                              text.formation(formation_id(frame.armies[0], frame.target)),
                              asks=asks, chooser=movement.group_chooser(frame.armies))
    alive = [a for a in frame.armies if movement.present(state, a, frame.target)]
    reinforce.joined.extend(formation_id(a, frame.target) for a in alive)
    reinforce.came_from = reinforce.came_from or frame.via or frame.origin
    battle = battle_joined(state, frame)
    if alive and battle is not None:
        join_battle(state, battle, alive, reinforce.card, arriving - lost)
    movement.leadership(state, frame.origin, arrived=False)
    movement.arrive_with(state, frame.target, [c for a in alive for c in members(a)])
    if alive:
        entered(state, REINFORCE_KIND, formation_id(alive[0], frame.target),
                         frame.via or frame.origin, frame.target, frame.power)
    movement.push_losses(state, asks)


def battle_joined(state: WellingtonState, frame: Attempt) -> Battle | None:
    """The battle under way that the event's interception `frame` joins (none for #16's
    relief of a siege: its battle starts once every attempt is made)."""
    reinforce = stack.find(state, JoinBattle)
    battle = stack.find(state, Battle)
    if frame.kind != REINFORCE_KIND or reinforce is None or reinforce.siege \
            or battle is None or battle.duchy != frame.target:
        return None
    return battle


def join_battle(state: WellingtonState, battle: Battle, armies: list[Army], card: int,
                units: int) -> None:
    """10.1: the Armies that intercepted into the battle fight on their side from now on
    (the battle reads the units in its duchy each round); they count as there from the start
    (11.9's units: `units`, the SP and commanders their attrition leaves them; 11.10's Army,
    11.52's BFI markers)."""
    side = SIDE[armies[0].power]
    for army in armies:
        if army.power not in battle.powers.setdefault(side, []):
            battle.powers[side].append(army.power)
        chiefs = members(army)
        battle.involved += [c for c in chiefs if c not in battle.involved]
        if chiefs:
            battle.had_army[side] = True
    battle.start_units[side] = battle.start_units.get(side, 0) + max(0, units)
    battle.history.append(f"{', '.join(formation_id(a, battle.duchy) for a in armies)} "
                          f"joined the battle (#{card}, 10.1)")


def lost_after_joining(state: WellingtonState, frame: Attempt, lost: int) -> None:
    """`lost` units of the event's interception `frame` fell to attrition in the duchy it
    has just entered after it joined the battle there (#41 at its ENTERED window): like the
    path's, they are out of the battle's start strength (13.1: attrition losses are no
    battle losses)."""
    battle = battle_joined(state, frame)
    if battle is not None and lost:
        side = SIDE[frame.power]
        battle.start_units[side] = max(0, battle.start_units.get(side, 0) - lost)


def relief_battle(state: WellingtonState, frame: JoinBattle) -> None:
    """#16: once every relief attempt is made, those that came fight the besieger."""
    if not frame.siege or not frame.joined:
        return
    side = SIDE[frame.power]
    if not (geo.has_formation(state, frame.duchy, side)
            and geo.has_formation(state, frame.duchy, geo.enemy_side(side))):
        return
    attacker = next((power_of(f) if ":" not in f else f.split(":")[0]) for f in frame.joined)
    state.log.append(f"The relief force attacks the besiegers at {geo.name(frame.duchy)} "
                     f"(#{frame.card}).")
    movement.start_battle(state, frame.duchy, attacker, frame.joined[0], frame.came_from)


def lift_siege(state: WellingtonState, frame: JoinBattle) -> None:
    """#16 "Siege Lifted": after the relief battle the siege part may end the siege (the
    RELIEVED window, filled by core/wellington/siege.py)."""
    if not frame.siege or not frame.joined:
        return
    for relieved in RELIEVED:
        relieved(state, frame)


REINFORCE = stack.Steps((reinforce_step, relief_battle, lift_siege))


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
                    Attempt: ATTEMPT, JoinBattle: REINFORCE, JoinBattleAsk: REINFORCE_ASK}

