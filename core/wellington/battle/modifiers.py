"""The battle dice of each side, every one named with its rule (11.2-11.4, 10.7, 11.53).

    1 per SP of soldiers; 1 per staff officer; the Commander's Battle Value (as events change
    it); the nationality bonus (11.3); the defender's terrain in the first round (11.4,
    11.41-11.43); +1 to the active attacker in the first round if a defender failed to evade
    (10.7, G.22); the cards' dice (11.1); from round 2 minus every 5 suffered before (11.52,
    11.53, G.27); never below 0.

Terrain (G.26): the defenders' bonus for each kind of line active Formations crossed into
the duchy this impulse (each kind once; they stack), only if the duchy was friendly to them
before the battle (11.4: control does not change until the battle is over) and they did not
fail an evasion (10.7): Broken +1, Pass +2, River +3.
"""
from __future__ import annotations

from core.wellington import building, lookups
from core.wellington import flags as geo
from core.wellington.battle import cards, sides
from core.wellington.frames.battle import Battle
from core.wellington.state import WellingtonState

TERRAIN = {"broken": (1, "11.41"), "pass": (2, "11.42"), "river": (3, "11.43")}
FAILED_EVASION = 1             # 10.7


def dice(state: WellingtonState, battle: Battle, side: str) -> list[tuple[int, str]]:
    """This round's dice for `side`, each (amount, reason with its rule)."""
    duchy = battle.duchy
    out: list[tuple[int, str]] = []
    sp = sides.soldier_sp(state, duchy, side)
    out.append((sp, f"{sp} SP of soldiers (11.2)"))
    for officer in sides.staff(state, battle, side):
        out.append((1, f"staff officer {building.commander(officer).name} (11.2)"))
    leader = battle.commander.get(side, "")
    if side in battle.headless:
        out.append((0, f"a 0-4 commander of {battle.headless[side]}: nobody else takes "
                       "command (#32, #52)"))
    elif leader:
        bv = sides.battle_value(state, battle, leader)
        changed = [why for who, _v, why in battle.bv_changes if who == leader]
        if not changed and bv != building.commander(leader).bv:
            changed = [f"printed {building.commander(leader).bv}, changed by a card in effect"]
        out.append((bv, f"Battle Value of {building.commander(leader).name}"
                        + (f", {changed[0]}" if changed else "") + " (11.2)"))
    else:
        out.append((0, "no commander: no Battle Value (11.2)"))
    out.append(sides.nationality(state, battle, side))
    if battle.round == 1:
        out += terrain(state, battle, side)
        if side == battle.attacking and battle.evasion_failed:
            if battle.attacker == battle.active:
                out.append((FAILED_EVASION, "the enemy failed to evade (10.7)"))
            else:
                out.append((0, "the enemy failed to evade, but the attacker is not the active "
                               "Power: no die (10.7, G.22)"))
    for who, when, amount, why in battle.extra_dice:
        if who == side and when in (0, battle.round):
            if not cards.in_force(battle, why):
                out.append((0, f"{why}: cancelled"))
            elif sides.form_square(state, side, cards.card_of(why)):
                out.append((0, f"{why}: cancelled by #1 Form Square"))
            else:
                out.append((amount, why))
    if battle.round > 1:
        fives = battle.suffered_d.get(side, 0)
        if fives:
            out.append((-fives, f"{fives} disorganisation{'s' if fives > 1 else ''} suffered "
                                "(11.52, 11.53)"))
    if battle.halved and cards.in_force(battle, battle.halved):
        out.append((-(total(out) // 2), f"halved, rounded up ({battle.halved})"))
    return out


def lines_crossed(state: WellingtonState, battle: Battle) -> list[str]:
    """G.26: the kinds of line active Formations crossed into the duchy this impulse (the
    movement part's record, valid while `movement_impulse` is this impulse) and the line the
    attacker crossed into this battle; each kind once."""
    kinds: list[str] = []
    if state.movement_impulse == state.impulses:
        kinds += state.crossed.get(battle.duchy, [])
    if battle.came_from and geo.on_map(battle.came_from) and \
            battle.duchy in geo.neighbours(battle.came_from):
        kinds.append(lookups.line_kind(state, battle.came_from, battle.duchy,   # #100 (W7)
                                        battle.attacker))
    return [k for k in TERRAIN if k in kinds]


def failed_evasion(state: WellingtonState, duchy: str) -> bool:
    """10.7: a defender failed an evasion from `duchy` this impulse (the movement part's
    record)."""
    return state.movement_impulse == state.impulses and duchy in state.evasion_failed


def terrain(state: WellingtonState, battle: Battle, side: str) -> list[tuple[int, str]]:
    """11.4, 11.41-11.43, G.26: the defenders' first-round dice for the lines crossed."""
    if side != battle.defending:
        return []
    out: list[tuple[int, str]] = []
    for kind in lines_crossed(state, battle):
        amount, rule = TERRAIN[kind]
        what = f"{kind} line crossed into {geo.name(battle.duchy)}"
        if not battle.friendly_before:
            out.append((0, f"{what}: the duchy was not friendly to the defender (11.4)"))
        elif battle.evasion_failed:
            out.append((0, f"{what}: no terrain after a failed evasion (10.7)"))
        else:
            out.append((amount, f"terrain: {what} ({rule})"))
    return out


def total(mods: list[tuple[int, str]]) -> int:
    """11.53: reductions below zero are ignored."""
    return max(0, sum(amount for amount, _ in mods))
