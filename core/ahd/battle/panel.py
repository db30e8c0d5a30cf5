"""The battle as the view shows it (core.engine.Panel): both armies, the command values and
every shot of the current fire with what it needs, each modifier named (fire.need: the very
function the dice are rolled against)."""
from __future__ import annotations

from core.ahd.battle import declaring, fire, garrison, leadership
from core.ahd.battle.base import NO_WINNER, day, entrenched, kind, own
from core.ahd.calendar import year
from core.ahd.command import table_value
from core.ahd.pieces import piece
from core.ahd.state import AhdState, Battle
from core.ahd.text import name
from core.engine import Panel


def focus(state: AhdState) -> Panel | None:
    """The battle being fought, or None."""
    b = state.battle
    if b is None:
        return None
    return Panel(title=title(b), rows=rows(state, b), notes=notes(state, b), where=b.box)


def title(b: Battle) -> str:
    """'Battle of Little Rock — round 2, day 1 (invasion)'."""
    when = f"round {b.round}, day {day(b.round)}" if b.round else "before round 1"
    kinds = [what for what, yes in (("breakout", b.breakout), ("invasion", b.invasion)) if yes]
    text = f"Battle of {name(b.box)} — {when}"
    if kinds:
        text += f" ({', '.join(kinds)})"
    if b.winner == NO_WINNER:
        text += ": no winner"
    elif b.winner:
        text += f": {b.winner} wins"
    return text


def rows(state: AhdState, b: Battle) -> list[list[str]]:
    """One row per piece, leader and garrison: side (role), id, type, value, marks."""
    out: list[list[str]] = []
    for side in (b.attacker, b.defender):
        role = f"{side} ({'attacker' if side == b.attacker else 'defender'})"
        for pid in own(b, side):
            p = piece(state, pid)
            marks = [mark for mark, yes in (("reduced", p.reduced),
                                            ("entrenched", entrenched(state, b, p)),
                                            ("routed", pid in b.routed),
                                            ("crossing", p.crossing and pid in b.attackers))
                     if yes]
            out.append([role, pid, kind(p), str(p.value), ", ".join(marks)])
        if side == b.defender and garrison.alive(b):
            g = fire.unit(state, b, garrison.GARRISON)
            marks = "entrenched, reduced" if g.reduced else "entrenched"
            out.append([role, garrison.GARRISON, "coastal garrison (A5.0)", str(g.value), marks])
        for ldr in leadership.in_battle(state, b, side):
            bonus = (f"bonus {leadership.allotment(b, ldr.id)}"
                     if b.bonus_round == b.round and ldr.id not in b.allotting else "")
            out.append([role, ldr.id, "leader (A8.2)", str(ldr.value), bonus])
    return out


def notes(state: AhdState, b: Battle) -> list[str]:
    """The command values of the day (A7.0), then this round's fires shot by shot."""
    out = [command_note(state, b, side) for side in (b.attacker, b.defender)
           if side in b.command]
    out += b.earlier
    if b.fire_side and (b.shots or b.firers):
        out.append(f"{b.fire_side} fire (B5.1):")
    for i, (firer, target) in enumerate(b.shots):
        if i < len(b.rolled):
            out.append(b.rolled[i])
        elif target in declaring.targets_open(b, b.fire_side):
            out.append(f"{firer} at {target}: {fire.need(state, b, firer, target).text}")
        else:
            out.append(f"{firer} at {target}: already eliminated, the shot will be wasted")
    if b.firers:
        out.append(f"still to declare a target: {', '.join(b.firers)}")
    return out


def command_note(state: AhdState, b: Battle, side: str) -> str:
    """'Union command 6 (A7.0): die 5, table 4 + 2 carried; max 8'."""
    parts = [f"table {table_value(year(state.turn), b.command_die[side], side)}"]
    if b.command_carried.get(side):
        parts.append(f"{b.command_carried[side]} carried")
    if b.command_leaders.get(side):
        parts.append(f"{b.command_leaders[side]} leaders")
    return (f"{side} command {b.command[side]} (A7.0): die {b.command_die[side]}, "
            f"{' + '.join(parts)}; max 8")

