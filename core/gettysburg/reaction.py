"""4.3 Reaction to movement and 4.31 Cavalry evasion.

4.3: "If a unit moves adjacent to enemy units, these may react and fight too. The reaction
attempt uses the combat dice: 2 for conscripts, 3 for veterans, 4 for chosen / elite units. If
at least one own flag shows, the defender may fire during the combat. All units may react when
an enemy unit moves adjacent; several reactions may follow one another in a turn. This reaction
fire replaces the unit's normal activation." AMB-08 [R]: the double flag counts as an own flag;
reacting is optional; a unit is activated when it actually fires or evades (option: any
attempt); activated units may react (option: once per turn); only a move into adjacency (an
activated move, an entry, an advance) sets it off (option: an attacked unit may return fire);
a successful reactor fires at the mover even if it makes no attack (option: only if it
attacks); each reactor fires on its own.
4.31: "Cavalry may, instead of fighting, avoid combat by withdrawing one full move (4 MP): roll
for the reaction, then declare whether it fights or evades." AMB-09 [R]: evading needs a
successful roll; it is a full move under the terrain and ZoC rules, away from the enemy, ending
next to no enemy; it counts as the unit's activation; the mover then picks another target.
"""
from __future__ import annotations

from core import dice, stack
from core.dice import WHITE
from core.engine import Action as Act, Choice
from core.gettysburg import fire, movement
from core.gettysburg import query as q
from core.gettysburg.frames import Engagement, EvadeOrFight, EvadeTo, Reactions
from core.gettysburg.state import GbState, Unit, enemy


def may_try(state: GbState, u: Unit) -> bool:
    """AMB-08 c: every unit may react, activated or not (option: once a turn)."""
    return u.on_map and not (state.options.reaction_once and u.reacted)


def candidates(state: GbState, e: Engagement) -> list[str]:
    """The enemy units that may try to react to `e` (4.3, AMB-08 d)."""
    mover = q.unit(state, e.mover)
    if not mover.on_map:
        return []
    if e.kind == "fire":  # AMB-08 d option: an attacked unit may return fire
        if not state.options.return_fire or not e.target:
            return []
        target = q.unit(state, e.target)
        if (not may_try(state, target) or not target.on_map
                or q.distance(target.hex, e.firing_hex) != 1):
            return []
        return [e.target]
    before = q.neighbour_set(e.start) if e.start else frozenset()
    return [u.id for u in q.enemies_next_to(state, mover.hex, mover.side)
            if u.hex not in before and may_try(state, u)]


def waiting(state: GbState, e: Engagement) -> list[str]:
    """Candidates that have not rolled yet and still stand next to the mover (or, returning
    fire, next to the firing hex)."""
    mover = q.unit(state, e.mover)
    if e.closed or not mover.on_map:
        return []
    where = e.firing_hex if e.kind == "fire" else mover.hex
    near = q.neighbour_set(where)
    return [c for c in e.candidates if c not in e.tried
            and q.unit(state, c).on_map and q.unit(state, c).hex in near]


def fires_at(e: Engagement) -> str:
    """Whom a reactor fires at: the mover, or (returning fire) the unit that fired."""
    return e.mover


# --- Reactions: the stop ---------------------------------------------------------------------


def _engagement(state: GbState) -> Engagement:
    e = stack.find(state, Engagement)
    assert e is not None, "no engagement under way"
    return e


def reactions_role(state: GbState, frame: Reactions) -> str:
    return enemy(q.unit(state, _engagement(state).mover).side)


def reactions_prompt(state: GbState, frame: Reactions) -> str:
    e = _engagement(state)
    what = "fired at" if e.kind == "fire" else "moved next to"
    return (f"{q.describe(state, e.mover)} {what} your units: choose a unit to try a reaction "
            f"(4.3: one own flag or double flag succeeds), or no more reactions.")


def reactions_choices(state: GbState, frame: Reactions) -> list[Choice]:
    e = _engagement(state)
    out = []
    for uid in waiting(state, e):
        n = q.counters().training_dice(uid)
        training = q.counter(uid).training
        need = fire.need(state, [uid], fires_at(e))
        out.append(Choice(Act("react", uid),
                          f"{q.name(uid)} ({training}) rolls {n} dice to react; it would fire "
                          f"{need.text}", "reaction"))
    out.append(Choice(Act("no-reaction", None), "No (more) reactions", "reaction"))
    return out


def _react(state: GbState, frame: Reactions, uid: str) -> None:
    """4.3: roll the training dice; a success fires (or, cavalry, may evade: 4.31)."""
    e = _engagement(state)
    side = q.unit(state, uid).side
    n = q.counters().training_dice(uid)
    faces = [str(dice.roll(state, f"{q.name(uid)} reaction", "4.3", WHITE)) for _ in range(n)]
    e.tried.append(uid)
    success = fire.hits(side, faces) > 0
    changes: dict[str, object] = {"reacted": True}
    if state.options.reaction_activation == "any attempt":  # AMB-08 b option
        changes["activated"] = True
    q.update(state, uid, **changes)
    state.log.append(f"{q.name(uid)} tries to react (4.3): {', '.join(faces)} -> "
                     f"{'success' if success else 'no own flag, no reaction'}.")
    stack.done(state, frame)
    if not success:
        return
    if q.is_cavalry(uid) and evasion_hexes(state, uid):
        stack.push(state, EvadeOrFight(unit=uid))
    else:
        e.reactors.append(uid)


def _no_reaction(state: GbState, frame: Reactions, _noun: None) -> None:
    _engagement(state).closed = True
    stack.done(state, frame)


REACTIONS = stack.Stop(
    role=reactions_role,
    prompt=reactions_prompt,
    choices=reactions_choices,
    handlers={"react": _react, "no-reaction": _no_reaction},
)


# --- 4.31 cavalry evasion --------------------------------------------------------------------


def evasion_hexes(state: GbState, uid: str) -> dict[str, movement.Reach]:
    """AMB-09 [R]: a full move (4 MP) by the terrain and ZoC rules, ending next to no enemy."""
    return movement.reach(state, uid, end_clear=True)


def evade_prompt(state: GbState, frame: EvadeOrFight) -> str:
    return (f"{q.describe(state, frame.unit)} may react: fight in the coming combat, or evade "
            f"with a full move (4.31).")


def evade_choices(state: GbState, frame: EvadeOrFight) -> list[Choice]:
    e = _engagement(state)
    need = fire.need(state, [frame.unit], fires_at(e))
    return [Choice(Act("fight", frame.unit), f"{q.name(frame.unit)} fights: {need.text}",
                   "reaction"),
            Choice(Act("evade", frame.unit), f"{q.name(frame.unit)} evades (4.31)", "reaction")]


def _fight(state: GbState, frame: EvadeOrFight, uid: str) -> None:
    _engagement(state).reactors.append(frame.unit)
    stack.done(state, frame)


def _evade(state: GbState, frame: EvadeOrFight, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, EvadeTo(unit=frame.unit))


EVADE_OR_FIGHT = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=evade_prompt,
    choices=evade_choices,
    handlers={"fight": _fight, "evade": _evade},
)


def evade_to_prompt(state: GbState, frame: EvadeTo) -> str:
    return f"{q.describe(state, frame.unit)} evades (4.31): choose where it withdraws."


def evade_to_choices(state: GbState, frame: EvadeTo) -> list[Choice]:
    return [Choice(Act("to", h), f"{q.name(frame.unit)} withdraws to {q.hex_name(h)}", "move")
            for h in sorted(evasion_hexes(state, frame.unit))]


def _evade_to(state: GbState, frame: EvadeTo, h: str) -> None:
    u = q.unit(state, frame.unit)
    q.update(state, frame.unit, hex=h, activated=True)  # AMB-09: the evasion is its activation
    state.log.append(f"{q.name(frame.unit)} evades {q.hex_name(u.hex)} -> {q.hex_name(h)} "
                     "(4.31).")
    stack.done(state, frame)


EVADE_TO = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=evade_to_prompt,
    choices=evade_to_choices,
    handlers={"to": _evade_to},
)
