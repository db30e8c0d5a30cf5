"""The battle being resolved, as the View's focus (core/engine.py `Panel`): both sides'
Formations, Commanders and staff officers, every die named with its rule, the rolls, the
losses and the outcome, as the Battle frame records them."""
from __future__ import annotations

from core import stack
from core.engine import Panel
from core.wellington import building
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.battle import modifiers, sides
from core.wellington.frames.battle import Battle
from core.wellington.state import COUNTER_NAME, COUNTER_TYPES, WellingtonState


def focus(state: WellingtonState) -> Panel | None:
    battle = stack.find(state, Battle)
    if battle is None:
        return None
    title = f"Battle of {geo.name(battle.duchy)} — round {max(battle.round, 1)}"
    if battle.winner:
        title += f": {text.side_does(battle.winner, 'win')}"
    elif battle.tie:
        title += ": a tie, the active side retreats"
    elif battle.both_eliminated:
        title += ": both sides eliminated"
    rows: list[list[str]] = []
    for side in (battle.attacking, battle.defending):
        head = f"{side} ({'attacker' if side == battle.attacking else 'defender'})"
        leader = battle.commander.get(side) or sides.name_commander(state, battle, side)
        rows.append([head, "Commander", commander_label(state, battle, leader) if leader
                     else "none (no Battle Value)"])
        officers = [c for c in sides.commanders(state, battle.duchy, side) if c != leader]
        if officers:
            rows.append([head, "Staff officers",
                         ", ".join(commander_label(state, battle, c) for c in officers)])
        for power in sides.powers(state, battle.duchy, side):
            counts = building.counters(state, battle.duchy, power)
            parts = [f"{counts[t]} {COUNTER_NAME[t]}" for t in COUNTER_TYPES if counts[t]]
            rows.append([head, power, f"{', '.join(parts) or 'no soldiers'} "
                                      f"({building.sp(state, battle.duchy, power)} SP)"])
        for amount, why in battle.dice.get(side, []):
            rows.append([head, "Dice", f"{amount:+d} {why}"])
        if side in battle.dice:
            rows.append([head, "Total dice", str(modifiers.total(battle.dice[side]))])
        if side in battle.rolls:
            rows.append([head, "Rolled", " ".join(map(str, sorted(battle.rolls[side],
                                                                  reverse=True)))
                         + f" = {battle.sixes.get(side, 0)} E, {battle.fives.get(side, 0)} D"])
        e, d = battle.suffered_e.get(side, 0), battle.suffered_d.get(side, 0)
        if e or d:
            rows.append([head, "Losses suffered", f"{e} eliminated, {d} disorganised "
                         f"({e + d} in all; {battle.marked.get(side, 0)} disorganised still "
                         "there)"])
    notes = list(battle.history)
    if battle.intercepted:
        notes.append("The defenders intercepted into the duchy: they defend (11.4).")
    if battle.routed:
        notes.append("Rout: the loser's disorganised units are eliminated (11.7).")
    if battle.overrun:
        notes.append("Overrun: the winning side gets no BFI marker (11.8, 11.52).")
    if battle.flag_overrun:
        notes.append("Flag Overrun: a free flag for the winner (11.9).")
    notes += [f"Retreat: {r}" for r in battle.retreats]
    if battle.plunder:
        notes.append(f"Plunder: {battle.plunder}")
    return Panel(title=title, rows=rows, notes=notes, where=battle.duchy)


def commander_label(state: WellingtonState, battle: Battle, commander: str) -> str:
    c = building.commander(commander)
    bv = sides.battle_value(state, battle, commander)
    return f"{c.name} {bv}-{c.cv}" + (" (BV changed by a card)" if bv != c.bv else "")
