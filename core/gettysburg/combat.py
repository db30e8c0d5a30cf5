"""Combat (5.0-5.4.1): the attack, the simultaneous reaction fire, the black dice, the retreats
and the advance, as one engagement on the decision stack.

    ENGAGEMENT  reactions (4.3) -> the mover's attack (5.0) -> fire (5.3, simultaneous)
                -> retreats (5.4.2) -> advance after combat (5.4.1)

5.3: "Roll as many battle dice as the firer's SP (its fire value for artillery); apply the
terrain; each die showing the own flag, the double flag included, is a hit." 5.4: for each hit
the target rolls a black die: a cross costs 1 SP; an arrow retreats it 1 hex away from the
enemy (save in an entrenchment, ignored on Cemetery Hill, 5.2.1); save, nothing. With a
reaction both sides roll before any result is applied (2.0 step 6); AMB-19 [R]: losses first,
then retreats, an eliminated unit does not retreat, the mover retreats from its reactors.
AMB-18 [R]: one attack per activated unit (or combined stack) against one unit; the firer
picks which unit of a stack.
5.4.1: "If the attacking infantry empties the hex it attacked it may occupy it; cavalry must.
This move may set off reaction fire." AMB-20 [R]: only the active attacker, never a reactor or
artillery; the hex must be empty; no MP or ZoC, but stacking and prohibited terrain hold;
compulsory for cavalry firing as part of a combined stack; never a new attack.
"""
from __future__ import annotations

from core import dice, stack
from core.dice import ARROW, BLACK, CROSS, WHITE
from core.engine import Action as Act, Choice
from core.gettysburg import fire, losses, reaction, retreat
from core.gettysburg import query as q
from core.gettysburg.frames import (Activation, Advance, Engagement, Reactions, RetreatOrder,
                                    Target)
from core.gettysburg.state import Focus, GbState
from maps import gettysburg as gb_map

# --- Target: what the unit fires at -------------------------------------------------------------


def partner(state: GbState, uid: str) -> str | None:
    """The other unit of a hat-activated stack that may fire with `uid` (5.1 note: units in the
    same hex firing at the same unit in the same action combine). AMB-04 [R]: the two may move
    one after the other; a unit that has moved into the hex and may still fire (4.0: no road,
    no 2-MP terrain; not artillery) and has not fired waits there for its partner."""
    activation = stack.find(state, Activation)
    if activation is None or uid not in activation.units:
        return None
    u = q.unit(state, uid)
    for other in activation.units:
        if other == uid or other in activation.fired:
            continue
        if other in activation.acted and other not in activation.ready:
            continue
        o = q.unit(state, other)
        if o.on_map and o.hex == u.hex:
            return other
    return None


def target_prompt(state: GbState, frame: Target) -> str:
    when = "" if frame.in_place else " after its move"
    return f"{q.describe(state, frame.unit)} attacks{when} (5.0): choose the enemy unit it fires at."


def target_choices(state: GbState, frame: Target) -> list[Choice]:
    out = []
    mate = partner(state, frame.unit)
    for t in fire.targets(state, frame.unit):
        need = fire.need(state, [frame.unit], t)
        out.append(Choice(Act("fire", t), f"Fire at {q.describe(state, t)} in "
                          f"{q.hex_name(q.unit(state, t).hex)}: {need.text}", "combat"))
        if mate is not None and fire.may_fire_at(state, mate, t):
            both = fire.need(state, [frame.unit, mate], t)
            out.append(Choice(Act("fire-together", t),
                              f"Fire with {q.name(mate)} at {q.name(t)} (5.1 note): {both.text}",
                              "combat"))
    if not frame.in_place:
        out.append(Choice(Act("no-attack", None), "No attack", "combat"))
    return out


def _declare(state: GbState, frame: Target, target: str, firers: list[str]) -> None:
    activation = stack.find(state, Activation)
    if activation is not None:
        activation.acted.extend(f for f in firers if f not in activation.acted)
        activation.fired.extend(firers)
    here = q.unit(state, frame.unit).hex
    t = q.unit(state, target)
    stack.done(state, frame)
    if frame.in_place:
        stack.push(state, Engagement(kind="fire", mover=frame.unit, start=here, attackers=firers,
                                     target=target, target_hex=t.hex, firing_hex=here))
        return
    e = stack.find(state, Engagement)
    assert e is not None
    e.attackers, e.target, e.target_hex, e.firing_hex = firers, target, t.hex, here


def _fire(state: GbState, frame: Target, target: str) -> None:
    _declare(state, frame, target, [frame.unit])


def _fire_together(state: GbState, frame: Target, target: str) -> None:
    mate = partner(state, frame.unit)
    assert mate is not None
    _declare(state, frame, target, [frame.unit, mate])


def _no_attack(state: GbState, frame: Target, _noun: None) -> None:
    state.log.append(f"{q.name(frame.unit)} makes no attack.")
    stack.done(state, frame)


TARGET = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=target_prompt,
    choices=target_choices,
    handlers={"fire": _fire, "fire-together": _fire_together, "no-attack": _no_attack},
)


# --- the engagement's steps ---------------------------------------------------------------------


def reactions(state: GbState, e: Engagement) -> None:
    """4.3: the enemy units the mover came next to may try to react, one at a time."""
    if not e.candidates and not e.tried:
        e.candidates = reaction.candidates(state, e)
    if reaction.waiting(state, e):
        stack.repeat(e)
        stack.push(state, Reactions())


def attack(state: GbState, e: Engagement) -> None:
    """5.0: after its move the mover may attack one unit (if it may still fire, 4.0)."""
    if e.kind not in ("move", "entry") or not e.may_fire:
        return
    if fire.targets(state, e.mover):
        stack.push(state, Target(unit=e.mover, in_place=False))


def fire_step(state: GbState, e: Engagement) -> None:
    resolve(state, e)


def retreats(state: GbState, e: Engagement) -> None:
    """5.4.2: the retreats owed, the owner choosing where there is a choice."""
    if retreat.carry_out(state, e):
        stack.repeat(e)
        return
    if e.target_hex and e.attackers and not q.at(state, e.target_hex):
        e.emptied = True


def advance(state: GbState, e: Engagement) -> None:
    """5.4.1: attackers that emptied the hex occupy it: cavalry must, infantry may."""
    if not e.emptied:
        return
    ready = [a for a in e.attackers if a not in e.advanced and may_advance(state, e, a)]
    if not ready:
        return
    ready.sort(key=lambda a: not q.is_cavalry(a))  # the compulsory advance first
    uid = ready[0]
    e.advanced.append(uid)
    stack.repeat(e)
    if q.is_cavalry(uid):
        move_in(state, e, uid, "must")
    else:
        stack.push(state, Advance(unit=uid))


ENGAGEMENT = stack.Steps((reactions, attack, fire_step, retreats, advance))


def may_advance(state: GbState, e: Engagement, uid: str) -> bool:
    """AMB-20 [R]: an active attacker still in the hex it fired from, not artillery, and the
    emptied hex open to it (stacking, prohibited terrain; no enemy has come in)."""
    u = q.unit(state, uid)
    return (u.on_map and u.hex == e.firing_hex and not q.is_artillery(uid)
            and q.can_end_in(state, uid, e.target_hex))


def move_in(state: GbState, e: Engagement, uid: str, how: str) -> None:
    """5.4.1: the advance; it may set off reactions from new neighbours (never a new attack)."""
    start = q.unit(state, uid).hex
    q.update(state, uid, hex=e.target_hex)
    state.log.append(f"{q.name(uid)} {how} occupy {q.hex_name(e.target_hex)} (5.4.1).")
    stack.push(state, Engagement(kind="advance", mover=uid, start=start))


def advance_prompt(state: GbState, frame: Advance) -> str:
    e = stack.find(state, Engagement)
    assert e is not None
    return (f"{q.describe(state, frame.unit)} has emptied {q.hex_name(e.target_hex)}: it may "
            "occupy the position (5.4.1).")


def advance_choices(state: GbState, frame: Advance) -> list[Choice]:
    e = stack.find(state, Engagement)
    assert e is not None
    return [Choice(Act("advance", e.target_hex),
                   f"{q.name(frame.unit)} occupies {q.hex_name(e.target_hex)}", "combat"),
            Choice(Act("stay", None), f"{q.name(frame.unit)} stays", "combat")]


def _advance(state: GbState, frame: Advance, h: str) -> None:
    e = stack.find(state, Engagement)
    assert e is not None
    stack.done(state, frame)
    move_in(state, e, frame.unit, "chooses to")


def _stay(state: GbState, frame: Advance, _noun: None) -> None:
    stack.done(state, frame)


ADVANCE = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=advance_prompt,
    choices=advance_choices,
    handlers={"advance": _advance, "stay": _stay},
)


# --- the fire ---------------------------------------------------------------------------------


def resolve(state: GbState, e: Engagement) -> None:
    """5.3: every fire of the engagement rolls its white dice, then each target its black dice
    for the hits; losses are applied, then the retreats are owed (AMB-19)."""
    fires: list[tuple[list[str], str, str]] = []  # (firers, target, firing hex)
    attacked = False
    if e.attackers and e.target:
        firers = [a for a in e.attackers if q.unit(state, a).on_map]
        if firers and q.unit(state, e.target).on_map:
            fires.append((firers, e.target, e.firing_hex))
            attacked = True
    mover = q.unit(state, e.mover)
    if e.reactors and (attacked or not state.options.reaction_answers_attack):
        for r in e.reactors:
            u = q.unit(state, r)
            if mover.on_map and u.on_map and q.distance(u.hex, mover.hex) == 1:
                fires.append(([r], e.mover, u.hex))
    if not fires:
        return
    where = e.target_hex or mover.hex
    panel = Focus(title=f"Combat at {q.hex_name(where)} (5.3)", where=where,
                  rows=[])
    rolled: list[tuple[list[str], str, str, int]] = []  # firers, target, hex, hits
    for firers, target, here in fires:
        need = fire.need(state, firers, target, here)
        side = q.unit(state, firers[0]).side
        faces = [str(dice.roll(state, f"{' + '.join(q.name(f) for f in firers)} fire at "
                                      f"{q.name(target)}", "5.3", WHITE))
                 for _ in range(need.dice)]
        hit = fire.hits(side, faces)
        for f in firers:
            u = q.unit(state, f)
            panel.rows.append([side, q.name(f), q.kind(f).name, f"{u.sp}/{q.printed_sp(f)} SP",
                               f"fires at {q.name(target)}",
                               f"{need.dice} {'die' if need.dice == 1 else 'dice'}"])
        reacting = " (reaction fire, 4.3)" if firers[0] in e.reactors else ""
        panel.notes.append(f"{' + '.join(q.name(f) for f in firers)} at {q.name(target)}"
                           f"{reacting}: {need.text}"
                           + (f": {', '.join(faces)} -> {hit} {'hit' if hit == 1 else 'hits'}"
                              if faces else ""))
        state.log.append(panel.notes[-1] + ".")
        rolled.append((firers, target, here, hit))
    # 5.4: one black die per hit, every die rolled before any result is applied
    crosses: dict[str, int] = {}
    arrows: dict[str, tuple[int, list[str]]] = {}
    for firers, target, here, hit in rolled:
        faces = [str(dice.roll(state, f"effect on {q.name(target)}", "5.4", BLACK))
                 for _ in range(hit)]
        if not faces:
            continue
        t = q.unit(state, target)
        n_cross = faces.count(CROSS)
        n_arrow = faces.count(ARROW)
        note = f"{q.name(target)} black dice: {', '.join(faces)}"
        if n_arrow and q.entrenched(t.hex):
            note += " (entrenchments: arrows count as save, 5.3)"
            n_arrow = 0
        elif n_arrow and t.hex == gb_map.CEMETERY_HILL:
            note += " (Cemetery Hill ignores retreats, 5.2.1)"
            n_arrow = 0
        panel.notes.append(note)
        state.log.append(note + ".")
        crosses[target] = crosses.get(target, 0) + n_cross
        if n_arrow:
            owed, away = arrows.get(target, (0, []))
            arrows[target] = (owed + n_arrow, away + [here])
    for firers, _t, _h, _n in rolled:
        for f in firers:
            if f in e.reactors:
                q.update(state, f, activated=True, reacted=True)  # 4.3: replaces its activation
    for target, n in crosses.items():
        losses.lose(state, target, n, "cross results, 5.3")
    for target, (n, away) in arrows.items():
        if q.unit(state, target).on_map:  # AMB-19: an eliminated unit does not retreat
            e.retreats.append(RetreatOrder(unit=target, arrows=n, away=sorted(set(away))))
    state.focus = panel
