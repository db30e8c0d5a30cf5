"""3.0 Activation: own flags, double flags and command hats, one unit or stack at a time.

"If the drawn chit is a corps: own flag or double flag, 1 unit of the drawn corps may move and/or
fight. If it is your own flag: activate units of your choice NOT yet activated this turn.
Command (hat): both units in the same hex may move and/or fight, at least one of them of the
activated corps, or both reserve cavalry or artillery; or 1 reserve cavalry or artillery unit
may move and/or fight, or fire." 2.0 step 4: one unit, or one stack for a hat, at a time.
AMB-02 [R]: on a flag chit every own flag and double flag activates any unit, and a hat's stack
needs no drawn corps. AMB-03/04 [R]: every CR / AR unit answers the hat. A unit is activated
once a turn (4.0); a reinforcement's entry is its activation (7.0, AMB-23).
"""
from __future__ import annotations

from functools import cache, lru_cache

from core import stack
from core.engine import Action as Act, Choice
from core.gettysburg import fire, movement
from core.gettysburg import query as q
from core.gettysburg.chits import Chit, chit_mix
from core.gettysburg.frames import Action, Activation, Activations, MoveTo, Round, Target
from core.gettysburg.ground import Ground
from core.gettysburg.state import ON_MAP, PENDING, GbState, Unit


def chit_of(r: Round) -> Chit:
    return chit_mix().chits[r.chit]


def _ready_of(state: GbState, ids: tuple[str, ...]) -> list[str]:
    """The units of `ids` not yet activated, and on the map or reinforcements able to enter
    (AMB-30), in their order."""
    units = state.units
    out = []
    for i in _places(ids):
        u = units[i]
        if u.activated:
            continue
        status = u.status
        if status == ON_MAP or (status == PENDING and movement.can_enter(state, u.id)):
            out.append(u.id)
    return out


@lru_cache(maxsize=256)
def _places(ids: tuple[str, ...]) -> tuple[int, ...]:
    """The places of `ids` in `GbState.units` (the roster's order), looked up once."""
    index = q.unit_numbers()
    return tuple(index[uid] for uid in ids)


@cache
def _flag_candidates(side: str, kind: str, corps: str) -> tuple[str, ...]:
    """The units of `side` a flag may activate on a chit of `kind` (a flag chit: any; a corps
    chit: its corps'), in the roster's order."""
    ids = q.side_units(side) if kind == "flag" else q.corps_units(corps)
    return tuple(uid for uid in ids if q.counter(uid).side == side)


def flag_units(state: GbState, r: Round) -> list[str]:
    """Units an own flag or double flag may activate: of the drawn corps, or any (flag chit)."""
    chit = chit_of(r)
    memo = q.ground(state).memo  # (asked again by the choices: kept while no unit changes)
    key = ("flag-units", r.side, chit.kind, chit.corps)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _ready_of(state, _flag_candidates(r.side, chit.kind, chit.corps))
    return list(known)


def reserve_units(state: GbState, r: Round) -> list[str]:
    """3.0 hat (b): one reserve cavalry or artillery unit (AMB-04 [R]: every CR / AR unit)."""
    memo = q.ground(state).memo
    key = ("reserve-units", r.side)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _ready_of(state, q.reserve_units(r.side))
    return list(known)


def stacks(state: GbState, r: Round) -> list[str]:
    """3.0 hat (a): hexes holding two unactivated units of the roller, one of the drawn corps or
    both reserves (AMB-02 [R]: any two on a flag chit)."""
    chit = chit_of(r)
    memo = q.ground(state).memo
    key = ("stacks", r.side, chit.kind, chit.corps)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _stacks(state, r, chit)
    return list(known)


def _stacks(state: GbState, r: Round, chit: Chit) -> list[str]:
    out = []
    units, index = state.units, q.unit_numbers()
    for h, a, b in _pairs(q.ground(state), r.side):
        if units[index[a]].activated or units[index[b]].activated:
            continue
        if (chit.kind == "flag" or q.corps_of(a) == chit.corps or q.corps_of(b) == chit.corps
                or (q.is_reserve(a) and q.is_reserve(b))):
            out.append(h)
    return out


def _pairs(g: Ground, side: str) -> list[tuple[str, str, str]]:
    """(hex, unit, unit) for each hex holding exactly two units of `side`, by hex: the
    stacks a hat might activate (3.0), worked out once per position."""
    memo = g.field.memo
    key = ("pairs", side)
    known = memo.get(key)
    if known is None:
        occupants, sides = g.field.occupants, q.sides()
        known = []
        for h in sorted(h for h, ids in occupants.items() if len(ids) > 1):
            mine = [uid for uid in occupants[h] if sides[uid] == side]
            if len(mine) == 2:
                known.append((h, mine[0], mine[1]))
        memo[key] = known
    return known


def usable(state: GbState, r: Round) -> bool:
    return bool((r.flags and flag_units(state, r))
                or (r.hats and (reserve_units(state, r) or stacks(state, r))))


def activation_step(state: GbState, r: Round) -> None:
    """2.0 steps 4-7: activations one at a time until the results are used or given up."""
    if r.flags <= 0 and r.hats <= 0:
        return
    if not usable(state, r):
        left = [f"{n} {what}" for n, what in ((r.flags, "flag"), (r.hats, "command")) if n]
        state.log.append(f"{r.side}: {', '.join(left)} result(s) lost, no unit to activate.")
        r.flags = r.hats = 0
        return
    stack.repeat(r)
    stack.push(state, Activations())


# --- Activations: which unit or stack next ---------------------------------------------------


def _round(state: GbState) -> Round:
    r = stack.find(state, Round)
    assert r is not None, "no round under way"
    return r


def activations_prompt(state: GbState, frame: Activations) -> str:
    r = _round(state)
    chit = chit_of(r)
    whose = "any of your units" if chit.kind == "flag" else f"the {q.chit_name(r.chit)}"
    return (f"{r.side}: {r.flags} flag result(s) (1 unit of {whose} each) and {r.hats} command "
            "result(s) (a stack of 2 or 1 reserve unit) left: choose what acts next (3.0).")


def _unit_choice(verb: str, u: Unit) -> Choice:
    """The choice to activate `u` by `verb` ("activate" or "command"), labelled '<head> Heth
    (CSA III infantry, 4/6 SP), K7': the unit and its hex (a pending reinforcement: 'arriving
    at' its entry hex)."""
    on_map = u.status == ON_MAP
    return _choice(verb, u.id, u.sp, on_map, u.hex if on_map else u.entry)


_HEADS = {"activate": ("Activate", "activate"),
          "command": ("Command: activate reserve", "command")}  # verb -> label head, group


@lru_cache(maxsize=8192)
def _choice(verb: str, uid: str, sp: int, on_map: bool, h: str) -> Choice:
    """`_unit_choice`, made once for each unit, SP and hex (the same come back all game; the
    lists share it, so it is read, never changed)."""
    head, group = _HEADS[verb]
    where = q.hex_name(h) if on_map else f"arriving at {q.hex_name(h)}"
    return Choice(Act(verb, uid), f"{head} {q.described(uid, sp)}, {where}", group)


def activations_choices(state: GbState, frame: Activations) -> list[Choice]:
    r = _round(state)
    out = []
    units, index = state.units, q.unit_numbers()
    if r.flags:
        out += [_unit_choice("activate", units[index[uid]]) for uid in flag_units(state, r)]
    if r.hats:
        out += [_unit_choice("command", units[index[uid]]) for uid in reserve_units(state, r)]
        for h in stacks(state, r):
            out.append(_stack_choice(h, tuple(u.id for u in q.at(state, h, r.side))))
    out.append(_END_ACTIVATIONS)
    return out


@lru_cache(maxsize=4096)
def _stack_choice(h: str, ids: tuple[str, ...]) -> Choice:
    """The choice to activate the stack of `ids` in `h` (a hat), made once (the lists share it,
    so it is read, never changed)."""
    names = " and ".join(q.name(uid) for uid in ids)
    return Choice(Act("command-stack", h),
                  f"Command: activate the stack in {q.hex_name(h)} ({names})", "command")


_END_ACTIVATIONS = Choice(Act("end-activations", None),
                          "End the round (the remaining results are lost)", "turn",
                          ends_turn=True)


def _begin(state: GbState, frame: Activations, units: list[str], how: str) -> None:
    stack.done(state, frame)
    for uid in units:
        q.update(state, uid, activated=True)
    state.log.append(f"{_round(state).side} activates "
                     f"{' and '.join(q.name(u) for u in units)} ({how}, 3.0).")
    state.focus = None
    stack.push(state, Activation(units=units, how=how))


def _activate(state: GbState, frame: Activations, uid: str) -> None:
    _round(state).flags -= 1
    _begin(state, frame, [uid], "flag")


def _command(state: GbState, frame: Activations, uid: str) -> None:
    _round(state).hats -= 1
    _begin(state, frame, [uid], "command, reserve unit")


def _command_stack(state: GbState, frame: Activations, h: str) -> None:
    r = _round(state)
    r.hats -= 1
    _begin(state, frame, [u.id for u in q.at(state, h, r.side)], "command, stack")


def _end(state: GbState, frame: Activations, _noun: None) -> None:
    r = _round(state)
    if r.flags or r.hats:
        state.log.append(f"{r.side} gives up the round's remaining activations.")
    r.flags = r.hats = 0
    stack.done(state, frame)


ACTIVATIONS = stack.Stop(
    role=lambda state, frame: _round(state).side,
    prompt=activations_prompt,
    choices=activations_choices,
    handlers={"activate": _activate, "command": _command, "command-stack": _command_stack,
              "end-activations": _end},
)


# --- Activation: each unit acts in turn -----------------------------------------------------


def options(state: GbState, uid: str) -> list[str]:
    """What `uid` may do now: 'enter' (7.0), 'move' (4.0), 'fire' (5.0)."""
    u = q.unit(state, uid)
    if u.status == PENDING:
        return ["enter"] if movement.can_enter(state, uid) else []
    if not u.on_map:
        return []
    out = []
    if movement.can_move(state, uid):
        out.append("move")
    if fire.targets(state, uid):
        out.append("fire")
    return out


def can_act(state: GbState, uid: str) -> bool:
    """`options` is not empty (asked without listing them all)."""
    u = q.unit(state, uid)
    if u.status == PENDING:
        return movement.can_enter(state, uid)
    return u.on_map and (movement.can_move(state, uid) or fire.has_target(state, uid))


def next_unit(state: GbState, a: Activation) -> None:
    """Ask for the next action while a unit of the activation still can act."""
    if any(can_act(state, uid) for uid in a.units if uid not in a.acted):
        stack.repeat(a)
        stack.push(state, Action())


ACTIVATION = stack.Steps((next_unit,))


def _activation(state: GbState) -> Activation:
    a = stack.find(state, Activation)
    assert a is not None, "no activation under way"
    return a


def action_prompt(state: GbState, frame: Action) -> str:
    a = _activation(state)
    names = " and ".join(q.describe(state, u) for u in a.units if u not in a.acted)
    return f"Activated ({a.how}): {names}. Move, enter, fire, or end the activation."


def action_choices(state: GbState, frame: Action) -> list[Choice]:
    a = _activation(state)
    out = []
    for uid in a.units:
        if uid in a.acted:
            continue
        u = q.unit(state, uid)
        for verb in options(state, uid):
            out.append(_action_choice(verb, uid, u.entry if verb == "enter" else u.hex))
    out.append(_END_ACTIVATION)
    return out


_END_ACTIVATION = Choice(Act("end-activation", None), "End this activation", "activate")


@lru_cache(maxsize=4096)
def _action_choice(verb: str, uid: str, h: str) -> Choice:
    """The choice of `verb` for `uid` in `h` (its entry hex, entering), made once (the lists
    share it, so it is read, never changed)."""
    if verb == "enter":
        label = f"Enter {q.name(uid)} at {q.hex_name(h)} (7.0: road move, no attack)"
    elif verb == "move":
        label = f"Move {q.name(uid)} from {q.hex_name(h)}"
    else:
        label = f"Fire with {q.name(uid)} from {q.hex_name(h)} without moving"
    return Choice(Act(verb, uid), label, "move" if verb == "enter" else verb)


def _move(state: GbState, frame: Action, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, MoveTo(unit=uid))


def _enter(state: GbState, frame: Action, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, MoveTo(unit=uid, entering=True))


def _fire(state: GbState, frame: Action, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, Target(unit=uid, in_place=True))


def _end_activation(state: GbState, frame: Action, _noun: None) -> None:
    a = _activation(state)
    a.acted = list(a.units)
    stack.done(state, frame)


ACTION = stack.Stop(
    role=lambda state, frame: q.unit(state, _activation(state).units[0]).side,
    prompt=action_prompt,
    choices=action_choices,
    handlers={"move": _move, "enter": _enter, "fire": _fire, "end-activation": _end_activation},
)
