"""The movement segment (B4.0-B4.2.6) as stops of the decision stack.

    Movement   choose a box to march from, a naval move, the invasion, a leader, or end movement
      Breakouts  A4.0: at the start of the Union movement, port after port:
        Breakout   a breakout battle (1 march) or begin movement
      March      one march from one box: pick a piece, entrench one, move the whole stack,
                 choose pieces to move together, or end the march
        MarchTo    where the picked piece goes
          Route      its destination holds enemy pieces and can be entered from several boxes:
                     which one (B5.2.3 river banks, B5.2.5 retreats)
        Selection  the pieces chosen to go together (toggled; the list never shifts)
          StackTo    where they go: one destination for them all
            StackRoute the box they enter it from, as Route
      SailTo     B4.2.3: the port a piece sails to (1 march each)
      Invasion   B4.2.4: the pieces shipped from Washington to the invaded port (1 march each)
      LeaderTo   A8.2.1 (core/ahd/leaders.py)

Where a piece may go is core/ahd/movement.py; this module asks and keeps the march count.
"""
from __future__ import annotations

from functools import cache

from core import dice, stack
from core.ahd import battle, containment, leaders, movement
from core.ahd import query as q
from core.ahd.command import table_value
from core.ahd.calendar import year as year_of
from core.ahd.frames import (Breakout, Breakouts, Invasion, LeaderTo, March, MarchTo, Movement,
                             PlayerTurn, Route, SailTo, Selection, StackRoute, StackTo)
from core.ahd.counters import COUNTERS, INDEX
from core.ahd.pieces import counter_name, describe, piece
from core.ahd.state import CSA, UNION, AhdState, Piece
from core.ahd.text import marches, name
from core.engine import Action, Choice
from maps.a_house_divided import WASHINGTON


def segment_of(state: AhdState) -> Movement:
    """The movement segment under way."""
    frame = stack.find(state, Movement)
    assert frame is not None, "not in a movement segment"
    return frame


def player_turn(state: AhdState) -> PlayerTurn:
    frame = stack.find(state, PlayerTurn)
    assert frame is not None, "not in a player turn"
    return frame


def is_scenario_start(state: AhdState) -> bool:
    """The first turn of a year scenario (O5.0), which starts on an April, not July 1861."""
    return state.turn == state.start_turn and state.start_turn != 1


# --- the segment starts ----------------------------------------------------------------------


def begin(state: AhdState, turn: PlayerTurn) -> None:
    """The movement segment: the march allowance, then the breakout battles (A4.0)."""
    turn.invasion_port = ""
    turn.garrison_engaged = False  # A5.0: a new invasion meets a garrison at full strength
    segment = Movement(marches_left=0)
    roll_marches(state, segment)
    stack.push(state, segment)
    offer_breakouts(state, segment)


def roll_marches(state: AhdState, segment: Movement) -> None:
    """B4.0 march allowance (A3.0: read on the Command Table); B4.1 exactly 2 marches on the
    campaign's first turn; O5.0 one march on a scenario's first turn."""
    side = state.player
    if state.turn == 1 and state.start_turn == 1:
        segment.marches_left = 2
        state.log.append(f"{side}: first turn, 2 marches without a roll (B4.1).")
        if q.first_turn_restricted(state):
            state.log.append("First-turn restrictions (O4.1): no piece may enter Kentucky, "
                             "rivers carry 1 box per march, no Union naval movement.")
        return
    if is_scenario_start(state):  # O5.0: 1 march each, no die, so no invasion (B4.2.4)
        segment.marches_left = 1
        state.log.append(f"{side}: first turn of the scenario, 1 march without a roll (O5.0).")
        return
    command = state.options.command_marches
    segment.die = dice.d6(state, f"{side} movement", "A3.0" if command else "B4.0")
    # B4.2.4; under A3.0 a natural 6 on the Command Table die (AMB-12, AMB-41)
    segment.invasion = side == UNION and segment.die == 6
    extra = " — a naval invasion is allowed" if segment.invasion else ""
    if command:  # A3.0: the Command Table (T2), column of the current year
        when = year_of(state.turn)
        segment.marches_left = table_value(when, segment.die, side)
        state.log.append(f"{side} Command Table die {segment.die} ({when}): "
                         f"{marches(segment.marches_left)}{extra} (A3.0).")
        return
    segment.marches_left = q.die_to_count(segment.die)
    state.log.append(f"{side} movement die {segment.die}: "
                     f"{marches(segment.marches_left)}{extra}.")


def offer_breakouts(state: AhdState, segment: Movement) -> None:
    """A4.0: at the start of the Union movement segment the contained pieces are held in their
    ports; each contained port may try a breakout battle, 1 march each."""
    if state.player != UNION or not containment.in_use(state):
        return
    containment.lift_ended(state)
    containment.hold(state)
    stack.push(state, Breakouts())


def offer_breakout(state: AhdState, frame: Breakouts) -> None:
    """A4.0: while a contained port may still break out and a march is left, ask; the
    Union may decline and begin its movement."""
    if (not frame.declined and containment.breakout_ports(state)
            and segment_of(state).marches_left > 0):
        stack.repeat(frame)
        stack.push(state, Breakout())


BREAKOUTS = stack.Steps((offer_breakout,))


# --- Movement: the segment's main question ---------------------------------------------------


# The actions of the choices every stop of the movement offers (an Action is frozen: every
# choice of it may share one).
END_MOVEMENT = Action("end-movement", None)
END_MARCH = Action("end-march", None)
CANCEL = Action("cancel", None)


def movement_prompt(state: AhdState, frame: Movement) -> str:
    extra = " or an invasion" if frame.invasion else ""
    return (f"{state.player} movement: {marches(frame.marches_left)} left. Choose a box to "
            f"march from, a naval move{extra}, or end movement.")


def movement_choices(state: AhdState, frame: Movement) -> list[Choice]:
    side = state.player
    out: list[Choice] = []
    if frame.marches_left > 0:
        out += [Choice(*march_from(box)) for box in march_origins(state, side)]
        if movement.naval_moves_allowed(state, side):
            sailors = [p for p in movement.sea_movers(state, side)
                       if movement.ready_to_sail(state, p)]
            # B4.2.3: to another port; two of them show whether there is one besides its own
            ports = movement.open_ports(state, side, most=2) if sailors else []
            out += [Choice(*sail_choice(p.id, p.loc)) for p in sailors
                    if len(ports) > (p.loc in ports)]  # another port to go to
        if frame.invasion and any(movement.can_invade_with(state, p)
                                  for p in q.pieces_at(state, WASHINGTON, side)):
            out += [Choice(Action("invade", port), f"Naval invasion of {name(port)}", "naval")
                    for port in movement.invasion_targets(state)]
    if state.leaders:
        out += leaders.move_choices(state)  # A8.2.1: with its pieces, or alone for free
    out.append(Choice(END_MOVEMENT, "End movement", "turn"))
    return out


def march_origins(state: AhdState, side: str) -> list[str]:
    """The boxes a march may start from, sorted: those holding a piece of `side` that can
    march or entrench. A piece that cannot march cannot entrench either (both need a march
    left, neither after a naval move or a halt: `movement.can_entrench`), so a box qualifies
    when one of its pieces can march (tests/test_ahd_speed.py checks it against both)."""
    where = state.whereabouts
    at, pieces = where.at[side], state.pieces
    out = []
    for box in sorted(where.boxes[side]):
        for i in at[box]:
            p = pieces[i]
            if p.marches < 2 and not p.halted and not p.sailed:  # movement.can_march
                out.append(box)
                break
    return out


# The choices the movement offers most often are worked out once: their action, label and
# group (an Action is frozen: every choice of it may share one; a label depends only on the
# arguments). A Choice is made of them for each list: a caller may change its own.
ChoiceParts = tuple[Action, str, str]


@cache
def march_from(box: str) -> ChoiceParts:
    """The choice of a march from `box`."""
    return Action("march", box), f"March from {name(box)}", "move"


def _march(state: AhdState, frame: Movement, box: str) -> None:
    stack.push(state, March(origin=box))


def _sail(state: AhdState, frame: Movement, pid: str) -> None:
    stack.push(state, SailTo(piece=pid))


def _invade(state: AhdState, frame: Movement, port: str) -> None:
    stack.push(state, Invasion(port=port))


def _leader(state: AhdState, frame: Movement, lid: str) -> None:
    stack.push(state, LeaderTo(leader=lid))


def _end_movement(state: AhdState, frame: Movement, _noun: None) -> None:
    state.log.append(f"{state.player} ends movement.")
    stack.done(state, frame)


MOVEMENT = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=movement_prompt,
    choices=movement_choices,
    handlers={"march": _march, "sail": _sail, "invade": _invade, "leader": _leader,
              "end-movement": _end_movement},
)


# --- Breakout (A4.0) ----------------------------------------------------------------------------


def breakout_choices(state: AhdState, frame: Breakout) -> list[Choice]:
    """A4.0: a breakout battle from each contained port (1 march each), or begin movement."""
    out = [Choice(Action("breakout", box), f"Break out of {name(box)}: battle against the "
                  f"containing Confederates (1 march, A4.0)", "battle")
           for box in containment.breakout_ports(state)] if segment_of(state).marches_left else []
    out.append(Choice(Action("begin-movement", None), "No breakout: begin movement", "turn"))
    return out


def _breakout(state: AhdState, frame: Breakout, box: str) -> None:
    """A4.0: 'Questa battaglia avviene ... all'inizio del segmento di movimento, consumando una
    marcia.' The Union attacks the containing Confederates; then it may try another port."""
    segment = segment_of(state)
    segment.marches_left -= 1
    state.log.append(f"Union breakout from {name(box)} (A4.0): 1 march; "
                     f"{marches(segment.marches_left)} left.")
    stack.done(state, frame)
    battle.begin(state, box, breakout=True)


def _begin_movement(state: AhdState, frame: Breakout, _noun: None) -> None:
    stack.done(state, frame)
    breakouts = stack.top(state)
    assert isinstance(breakouts, Breakouts)
    breakouts.declined = True


BREAKOUT = stack.Stop(
    role=lambda state, frame: UNION,
    prompt=lambda state, frame: (
        f"Union: {marches(segment_of(state).marches_left)}. Break out of a contained port (a "
        f"battle, 1 march, A4.0), or begin movement."),
    choices=breakout_choices,
    handlers={"breakout": _breakout, "begin-movement": _begin_movement},
)


# --- March: one march from one box (B4.0) ------------------------------------------------------


def joiners(state: AhdState, frame: March) -> list[tuple[Piece, bool, bool]]:
    """The pieces of the march's box that can still join it: (piece, may move, may entrench)."""
    out = []
    side = state.player
    enemy_here = q.has_enemy(state, frame.origin, side)
    exit_here = movement.has_exit_from(frame.origin, side)  # has_exit: the same for them all
    for p in q.pieces_at(state, frame.origin, side):
        if p.id in frame.moved:
            continue
        move = movement.can_march(p) and exit_here
        entrench = movement.can_entrench(state, p, enemy_here)
        if move or entrench:
            out.append((p, move, entrench))
    return out


def march_choices(state: AhdState, frame: March) -> list[Choice]:
    out: list[Choice] = []
    found = joiners(state, frame)
    keys = piece_keys(state, frame)
    moving = sum(move for _, move, _ in found)
    if moving > 1:  # they always share a destination (see "Selection, StackTo" below)
        out.append(Choice(MOVE_STACK, f"Move the whole stack ({moving} pieces) to one box",
                          "move"))
        out.append(Choice(CHOOSE_PIECES, "Choose pieces to move together", "move",
                          shortcut=True))  # every subset is the one-by-one moves (B4.2)
    for p, move, entrench in found:
        if move:
            out.append(Choice(*move_choice(p.id, p.marches, keys[p.id])))
        if entrench:
            out.append(Choice(*entrench_choice(p.id, p.loc)))
    out.append(Choice(END_MARCH, "End this march", "turn"))
    return out


MOVE_STACK = Action("move-stack", None)
CHOOSE_PIECES = Action("choose-pieces", None)
KEY_LETTERS = "abcdeghjklnopvwxy"  # not the game screen's own letter keys (f, i, m, q, r, ...)


def piece_keys(state: AhdState, frame: March) -> dict[str, str]:
    """A letter for each piece of the march, fixed for the whole march (the menu shows it and
    takes it as the key: it does not shift as pieces leave): the pieces still at the origin
    and those already moved, in counter order."""
    ids = {p.id for p in q.pieces_at(state, frame.origin, state.player)} | set(frame.moved)
    ordered = sorted(ids, key=INDEX.__getitem__)
    return {pid: KEY_LETTERS[i] if i < len(KEY_LETTERS) else "" for i, pid in enumerate(ordered)}


def keyed(key: str, label: str) -> str:
    """`label` with its stable key in front, "[a] Move ..." (tui/actionmenu.py reads it)."""
    return f"[{key}] {label}" if key else label


# The parts of the most frequent choices, worked out once (see march_from).


@cache
def move_choice(pid: str, marches_used: int, key: str = "") -> ChoiceParts:
    used = f", {marches_used} march used" if marches_used else ""
    return Action("piece", pid), keyed(key, f"Move {counter_name(pid)}{used}"), "move"


@cache
def entrench_choice(pid: str, box: str) -> ChoiceParts:
    cost = "1 march" if q.is_recruiting_city(box) else "2 marches"
    return Action("entrench", pid), f"Entrench {counter_name(pid)} ({cost})", "move"


@cache
def destination_choice(dest: str, jump: bool, crossing: bool, battle: bool,
                       rail_bonus: bool) -> ChoiceParts:
    notes = [note for note, on in (("jump", jump), ("across a river bank", crossing),
                                   ("enemy there: battle", battle),
                                   ("3 boxes by friendly rail, O3.2", rail_bonus)) if on]
    extra = f" ({', '.join(notes)})" if notes else ""
    return Action("space", dest), f"To {name(dest)}{extra}", "move"


@cache
def sail_choice(pid: str, box: str) -> ChoiceParts:
    rule = " (A8.4)" if COUNTERS[INDEX[pid]].side == CSA else ""  # Confederates: intervention
    return Action("sail", pid), f"Naval move: {counter_name(pid)} from {name(box)}{rule}", "naval"


def pay(state: AhdState, frame: March) -> None:
    """A march costs one of the allowance once, however many of its box's pieces take part."""
    if not frame.paid:
        frame.paid = True
        segment_of(state).marches_left -= 1


def end_march(state: AhdState, frame: March) -> None:
    if frame.paid:
        state.log.append(f"March from {name(frame.origin)} done; "
                         f"{segment_of(state).marches_left} left.")
    stack.done(state, frame)


def close_if_spent(state: AhdState, frame: March) -> None:
    """A march ends by itself once no piece of its box can still join it."""
    if not joiners(state, frame):
        end_march(state, frame)


def _pick(state: AhdState, frame: March, pid: str) -> None:
    stack.push(state, MarchTo(piece=pid))


def _move_stack(state: AhdState, frame: March, _noun: None) -> None:
    stack.push(state, StackTo(pieces=[p.id for p in movers(state, frame)]))


def _choose_pieces(state: AhdState, frame: March, _noun: None) -> None:
    stack.push(state, Selection())


def _entrench(state: AhdState, frame: March, pid: str) -> None:
    p = piece(state, pid)
    pay(state, frame)
    frame.moved.append(pid)
    state.log.append(f"{describe(p)} in {name(p.loc)} {movement.entrench(state, p)} (B4.2.5).")
    close_if_spent(state, frame)


MARCH = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"March from {name(frame.origin)}: choose a piece to move or "
                                 f"entrench; every piece may go its own way."),
    choices=march_choices,
    handlers={"piece": _pick, "entrench": _entrench, "move-stack": _move_stack,
              "choose-pieces": _choose_pieces,
              "end-march": lambda state, frame, _noun: end_march(state, frame)},
)


# --- MarchTo and Route: where the picked piece goes ------------------------------------------


def destination_choices(state: AhdState, frame: MarchTo) -> list[Choice]:
    p = piece(state, frame.piece)
    occ = q.Occupancy(state)
    out: list[Choice] = []
    for dest, (jump, crossing, boxes, _via) in sorted(movement.reach(state, p, occ).items()):
        out.append(Choice(*destination_choice(dest, jump, crossing, occ.enemy(dest, p.side),
                                              boxes == 4)))
    out.append(Choice(CANCEL, "Choose another piece", "turn"))
    return out


def _move_to(state: AhdState, frame: MarchTo, dest: str) -> None:
    p = piece(state, frame.piece)
    occ = q.Occupancy(state)
    ways = movement.entries(state, p, occ, to=dest)[dest]
    if len(ways) > 1 and occ.enemy(dest, p.side):
        stack.push(state, Route(piece=p.id, dest=dest))  # the entry box matters: ask
        return
    stack.done(state, frame)
    complete_move(state, p, movement.best(ways))


def complete_move(state: AhdState, p, route: movement.Route) -> None:
    """The picked piece marches along `route`; the march below goes on (or closes)."""
    march = stack.top(state)
    assert isinstance(march, March)
    move_one(state, march, p, route)
    close_if_spent(state, march)


def move_one(state: AhdState, march: March, p: Piece, route: movement.Route) -> None:
    """One piece of `march` goes along `route`: its one-piece move, whichever way it was
    asked for (alone, or one of a stack)."""
    pay(state, march)
    leaders.note_departure(state, p, p.loc)  # A8.2.1: its box's leaders may go with it
    p = movement.move(state, p, route)
    march.moved.append(p.id)
    via = " via " + ", ".join(name(b) for b in route.path[1:-1]) if len(route.path) > 2 else ""
    state.log.append(f"{describe(p)}: {name(route.path[0])} to {name(route.dest)}{via} "
                     f"by {route.last.kind}{' (jump)' if route.jump else ''}.")


MARCH_TO = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: f"Where does {describe(piece(state, frame.piece))} go?",
    choices=destination_choices,
    handlers={"space": _move_to,
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


def route_choices(state: AhdState, frame: Route) -> list[Choice]:
    p = piece(state, frame.piece)
    ways = movement.entries(state, p, to=frame.dest)[frame.dest]
    out = []
    for via, route in sorted(ways.items()):
        notes = [f"by {route.last.kind}"] + [n for n, on in (
            ("across a river bank", route.crossing), ("jump", route.jump)) if on]
        out.append(Choice(Action("route", via), f"Enter {name(frame.dest)} from "
                          f"{name(via)} ({', '.join(notes)})", "move"))
    out.append(Choice(Action("cancel", None), "Choose another destination", "turn"))
    return out


def _choose_route(state: AhdState, frame: Route, via: str) -> None:
    p = piece(state, frame.piece)
    route = movement.entries(state, p, to=frame.dest)[frame.dest][via]
    stack.done(state, frame)
    stack.done(state, stack.top(state))  # the MarchTo below: the piece has its destination
    complete_move(state, p, route)


ROUTE = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"{describe(piece(state, frame.piece))} marches on "
                                 f"{name(frame.dest)}: from which box does it attack?"),
    choices=route_choices,
    handlers={"route": _choose_route,
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- Selection, StackTo and StackRoute: several pieces to one destination --------------------
#
# A stack move is a shortcut for picking each of its pieces in turn (MarchTo) and sending it to
# the same box: every piece goes by the route the one-piece path gives it (`movement.best`, or
# the entry box chosen once for those that could choose, as Route asks), in counter order, with
# the same costs, marks and log lines (`move_one`). Pieces of one side moving do not change
# where the enemy stands nor who owns a box, and cavalry control (B9.0) cannot lapse while
# pieces of the stack remain in the origin, so each piece's ways are the same before and after
# the others move: listing them all from the state before the first move is exact
# (tests/test_ahd_stack_moves.py compares a stack move with the same moves one by one).
#
# Pieces that may move from one box always share a destination: a one-box move along any line
# their side may use is always allowed (B4.0, `movement.has_exit`), into an enemy-held box too
# (entered from the origin itself, an entry box they all share), and the lines usable out of a
# box are the same for every piece of a side; so a stack move is offered without listing its
# destinations (tests/test_ahd_stack_moves.py checks that every one offered has some).


def movers(state: AhdState, frame: March) -> list[Piece]:
    """The pieces of the march's box that may still move in it, in counter order."""
    return [p for p, move, _ in joiners(state, frame) if move]


def stack_ways(state: AhdState, pieces: list[Piece], occ: q.Occupancy,
               dest: str) -> list[dict[str, movement.Route]] | None:
    """Each piece's ways into `dest` (entry box -> route), or None if one cannot reach it."""
    out = []
    for p in pieces:
        ways = movement.entries(state, p, occ, to=dest).get(dest)
        if not ways:
            return None
        out.append(ways)
    return out


def shared_entries(ways: list[dict[str, movement.Route]]) -> list[str]:
    """The entry boxes every piece that has a choice of entry box could use (sorted)."""
    choosing = [set(w) for w in ways if len(w) > 1]
    return sorted(set.intersection(*choosing)) if choosing else []


def asks_entry(ways: list[dict[str, movement.Route]], enemy: bool) -> bool:
    """Whether the entry box must be asked, as Route asks it of a single piece: the
    destination holds enemy pieces and some piece could enter it from several boxes."""
    return enemy and any(len(w) > 1 for w in ways)


def common_destinations(state: AhdState, pieces: list[Piece],
                        occ: q.Occupancy | None = None) -> list[str]:
    """The boxes all of `pieces` can reach in this march (sorted), leaving out an enemy-held
    box they could not enter by one common entry box where any of them would be asked it."""
    occ = occ or q.Occupancy(state)
    common: set[str] | None = None
    for p in pieces:
        found = set(movement.reach(state, p, occ))
        common = found if common is None else common & found
        if not common:
            return []
    out = []
    for dest in sorted(common or ()):
        if occ.enemy(dest, pieces[0].side):
            ways = stack_ways(state, pieces, occ, dest)
            if ways is None or (asks_entry(ways, True) and not shared_entries(ways)):
                continue
        out.append(dest)
    return out


def selection_choices(state: AhdState, frame: Selection) -> list[Choice]:
    """A toggle for each piece that may move (each keeps its place and its letter), then move
    the selection, or back to the march."""
    march = stack.find(state, March)
    assert march is not None
    keys = piece_keys(state, march)
    out = []
    for p in movers(state, march):
        mark = "☑" if p.id in frame.chosen else "☐"
        out.append(Choice(Action("toggle", p.id),
                          keyed(keys[p.id], f"{mark} {counter_name(p.id)}"), "stack"))
    chosen = selected(state, frame)
    if chosen:  # they always share a destination (see above)
        out.append(Choice(MOVE_SELECTION, f"Move the selection ({len(chosen)} "
                          f"piece{'s' if len(chosen) > 1 else ''}) to one box", "move"))
    out.append(Choice(CANCEL, "Back to the march", "turn"))
    return out


MOVE_SELECTION = Action("move-selection", None)


def selected(state: AhdState, frame: Selection) -> list[Piece]:
    """The chosen pieces, in counter order."""
    return sorted((piece(state, pid) for pid in frame.chosen), key=lambda p: INDEX[p.id])


def _toggle(state: AhdState, frame: Selection, pid: str) -> None:
    if pid in frame.chosen:
        frame.chosen.remove(pid)
    else:
        frame.chosen.append(pid)


def _move_selection(state: AhdState, frame: Selection, _noun: None) -> None:
    stack.push(state, StackTo(pieces=[p.id for p in selected(state, frame)]))


SELECTION = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"March from {name(stack.find(state, March).origin)}: "
                                 f"choose the pieces that go together ({len(frame.chosen)} "
                                 f"chosen), then move the selection."),
    choices=selection_choices,
    handlers={"toggle": _toggle, "move-selection": _move_selection,
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


def stack_destination_choices(state: AhdState, frame: StackTo) -> list[Choice]:
    pieces = [piece(state, pid) for pid in frame.pieces]
    occ = q.Occupancy(state)
    reach = [movement.reach(state, p, occ) for p in pieces]
    out: list[Choice] = []
    for dest in common_destinations(state, pieces, occ):
        jump = any(r[dest][0] for r in reach)
        crossing = any(r[dest][1] for r in reach)
        rail = any(r[dest][2] == 4 for r in reach)
        battle_there = occ.enemy(dest, pieces[0].side)
        out.append(Choice(*destination_choice(dest, jump, crossing, battle_there, rail)))
    out.append(Choice(CANCEL, "Choose other pieces", "turn"))
    return out


def _stack_to(state: AhdState, frame: StackTo, dest: str) -> None:
    pieces = [piece(state, pid) for pid in frame.pieces]
    occ = q.Occupancy(state)
    ways = stack_ways(state, pieces, occ, dest)
    assert ways is not None  # a listed destination
    if asks_entry(ways, occ.enemy(dest, pieces[0].side)):
        stack.push(state, StackRoute(pieces=frame.pieces, dest=dest))
        return
    finish_stack(state, pieces, [movement.best(w) for w in ways])


def finish_stack(state: AhdState, pieces: list[Piece], routes: list[movement.Route]) -> None:
    """Close the stack's frames down to the march, move each piece by its route in order as
    the one-piece path would, then the march goes on (or closes)."""
    while not isinstance(stack.top(state), March):
        stack.done(state, stack.top(state))
    march = stack.top(state)
    assert isinstance(march, March)
    for p, route in zip(pieces, routes):
        move_one(state, march, piece(state, p.id), route)
    close_if_spent(state, march)


STACK_TO = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"Where do the {len(frame.pieces)} pieces go together? (Each "
                                 f"by its own line, as if moved alone.)"),
    choices=stack_destination_choices,
    handlers={"space": _stack_to,
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


def stack_route_choices(state: AhdState, frame: StackRoute) -> list[Choice]:
    pieces = [piece(state, pid) for pid in frame.pieces]
    ways = stack_ways(state, pieces, q.Occupancy(state), frame.dest)
    assert ways is not None
    out = []
    for via in shared_entries(ways):
        kinds = sorted({w[via].last.kind for w in ways if via in w})
        notes = [f"by {' and '.join(kinds)}"] + [n for n, on in (
            ("across a river bank", any(w[via].crossing for w in ways if via in w)),
            ("jump", any(w[via].jump for w in ways if via in w))) if on]
        out.append(Choice(Action("route", via), f"Enter {name(frame.dest)} from "
                          f"{name(via)} ({', '.join(notes)})", "move"))
    out.append(Choice(Action("cancel", None), "Choose another destination", "turn"))
    return out


def _stack_route(state: AhdState, frame: StackRoute, via: str) -> None:
    pieces = [piece(state, pid) for pid in frame.pieces]
    ways = stack_ways(state, pieces, q.Occupancy(state), frame.dest)
    assert ways is not None
    # as Route: the chosen entry box for a piece that had a choice, its only way otherwise
    finish_stack(state, pieces, [w[via] if len(w) > 1 else next(iter(w.values()))
                                 for w in ways])


STACK_ROUTE = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"{len(frame.pieces)} pieces march on {name(frame.dest)}: "
                                 f"from which box do they attack?"),
    choices=stack_route_choices,
    handlers={"route": _stack_route,
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- SailTo (B4.2.3) and Invasion (B4.2.4) ---------------------------------------------------


def sail_choices(state: AhdState, frame: SailTo) -> list[Choice]:
    p = piece(state, frame.piece)
    out = [Choice(Action("space", port), f"Sail to {name(port)}", "naval")
           for port in movement.sail_destinations(state, p)]
    out.append(Choice(CANCEL, "Choose another piece", "turn"))
    return out


def _sail_to(state: AhdState, frame: SailTo, port: str) -> None:
    p = piece(state, frame.piece)
    start = p.loc
    segment = segment_of(state)
    segment.marches_left -= 1  # each piece moved by sea costs one march (B4.2.3)
    leaders.note_departure(state, p, start)  # A8.2.1: a leader may sail with it
    p = movement.sail(state, p, port)
    rule = "B4.2.3, A8.4" if p.side == CSA else "B4.2.3"
    state.log.append(f"{describe(p)} sails from {name(start)} to {name(port)} ({rule}); "
                     f"{marches(segment.marches_left)} left.")
    stack.done(state, frame)


SAIL_TO = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=lambda state, frame: (f"Which {state.player} port does "
                                 f"{describe(piece(state, frame.piece))} sail to?"),
    choices=sail_choices,
    handlers={"space": _sail_to,
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


def shipped(state: AhdState, frame: Invasion) -> bool:
    """Pieces have landed at the invaded port this turn."""
    return any(p.loc == frame.port and p.sailed and p.crossing
               for p in q.pieces_of(state, UNION))


def embark_choices(state: AhdState, frame: Invasion) -> list[Choice]:
    if not segment_of(state).marches_left:
        return []
    return [Choice(Action("piece", p.id),
                   f"Embark {describe(p)} for {name(frame.port)} (1 march)", "naval")
            for p in q.pieces_at(state, WASHINGTON, UNION) if movement.can_invade_with(state, p)]


def invasion_choices(state: AhdState, frame: Invasion) -> list[Choice]:
    out = embark_choices(state, frame)
    if shipped(state, frame):
        out.append(Choice(Action("end-invasion", None), "End the invasion", "turn"))
    else:
        out.append(Choice(Action("cancel", None), "Call off the invasion", "turn"))
    return out


def _embark(state: AhdState, frame: Invasion, pid: str) -> None:
    p = piece(state, pid)
    segment = segment_of(state)
    if segment.invasion:
        segment.invasion = False  # one invasion per roll of 6; it cannot be saved (B4.2.4)
        player_turn(state).invasion_port = frame.port
        state.log.append(f"Naval invasion of {name(frame.port)} (B4.2.4).")
    segment.marches_left -= 1
    leaders.note_departure(state, p, p.loc)  # A8.2.1: a leader may join the invasion
    p = movement.invade(state, p, frame.port)
    state.log.append(f"{describe(p)} lands at {name(frame.port)}; "
                     f"{marches(segment.marches_left)} left.")
    if not embark_choices(state, frame):
        stack.done(state, frame)


INVASION = stack.Stop(
    role=lambda state, frame: UNION,
    prompt=lambda state, frame: (f"Invasion of {name(frame.port)}: embark pieces from "
                                 f"Washington, 1 march each "
                                 f"({segment_of(state).marches_left} left)."),
    choices=invasion_choices,
    handlers={"piece": _embark,
              "end-invasion": lambda state, frame, _noun: stack.done(state, frame),
              "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


FLOW = {Movement: MOVEMENT, Breakouts: BREAKOUTS, Breakout: BREAKOUT, March: MARCH,
        MarchTo: MARCH_TO, Route: ROUTE, Selection: SELECTION, StackTo: STACK_TO,
        StackRoute: STACK_ROUTE, SailTo: SAIL_TO, Invasion: INVASION}
