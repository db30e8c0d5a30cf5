"""After the battle: the Flag Overrun (11.9, G.29), Plunder (11.10, C.14, G.31), the Spanish
plunder attrition (11.11) and the BFI markers (11.52).

Plunder table (C.14): 1d6 + the SP and commanders the defeated side lost (+ card modifiers):
7 or less, 1 Resource only on a natural 6; 8-11, 1 Resource; 12 or more, 2 Resources.
"""
from __future__ import annotations

from typing import Iterable

from core import stack
from core.dice import d6
from core.stack import Frame
from core.wellington import attrition, building
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.battle import cards, sides
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import FlagChoice
from core.wellington.state import ALLIES, SIDE, SPAIN, WellingtonState

PLUNDER_ONE = 8                # C.14: 8-11 -> 1 Resource
PLUNDER_TWO = 12               # C.14: 12 or more -> 2 Resources
PLUNDER_NATURAL = 6            # C.14: 7 or less -> 1 Resource only on an unmodified 6


def flag_overrun(state: WellingtonState, battle: Battle) -> None:
    """11.9 (and the second 11.7), G.29: the loser suffered more losses (5s and 6s) than it
    had SP and commanders: the winner may place or remove a flag in the battle duchy free;
    never in a fortress duchy, never when both sides were eliminated."""
    if not battle.winner or battle.both_eliminated:
        return
    denied = cards.applies(battle, battle.no_free_flag, battle.winner)
    suffered = battle.suffered_e.get(battle.loser, 0) + battle.suffered_d.get(battle.loser, 0)
    had = battle.start_units.get(battle.loser, 0)
    if suffered <= had:
        return
    if geo.is_fortress(state, battle.duchy):
        state.log.append(f"{suffered} losses against {had} SP and commanders, but "
                         f"{geo.name(battle.duchy)} is a fortress: no Flag Overrun (11.9).")
        return
    if denied:
        state.log.append(f"{suffered} losses against {had} SP and commanders, but {denied} "
                         f"denies {text.side(battle.winner)} the free flag (11.9).")
        return
    battle.flag_overrun = True
    power = sides.army_power(state, battle, battle.winner)
    state.log.append(f"Flag Overrun: {suffered} losses against {had} SP and commanders; "
                     f"{power} may place or remove a flag at {geo.name(battle.duchy)} free "
                     "(11.9).")
    if geo.flag_options(state, battle.duchy, power):
        stack.push(state, FlagChoice(power=power, duchy=battle.duchy, free=True,
                                     why="Flag Overrun, 11.9"))


def plunder_due(battle: Battle) -> bool:
    """11.10, G.31: a whole Army or Army Group (the loser had a commander) routed or
    eliminated."""
    return bool(battle.winner) and battle.had_army.get(battle.loser, False) and (
        battle.routed or battle.overrun)


def plunder_result(die: int, modified: int) -> int:
    """C.14: Resources the Plunder roll gives."""
    if modified >= PLUNDER_TWO:
        return 2
    if modified >= PLUNDER_ONE:
        return 1
    return 1 if die == PLUNDER_NATURAL else 0


def plunder(state: WellingtonState, battle: Battle) -> None:
    """11.10: the Power of the winning Formation's Commander rolls; Spain's gains cost its
    victorious Formations attrition (11.11). The loser's losses count over all rounds (#11:
    the extra rounds too) and, after #51, over the battles fought here (`carried`)."""
    if not plunder_due(battle):
        return
    if battle.no_plunder:
        battle.plunder = f"none: {battle.no_plunder}"
        state.log.append(f"No Plunder: {battle.no_plunder}.")
        return
    power = sides.army_power(state, battle, battle.winner)
    carried = battle.carried.get(battle.loser, 0)       # #51: the battles before, here
    lost = battle.eliminated.get(battle.loser, 0) + carried
    die = d6(state, f"{power} Plunder", "11.10")
    drms = [(amount, why) for amount, why in battle.plunder_drm if cards.in_force(battle, why)]
    drms += [(amount, why) for side, amount, why in battle.plunder_if
             if side == battle.winner and cards.in_force(battle, why)]
    extra = sum(amount for amount, _ in drms)
    modified = die + lost + extra
    gained = plunder_result(die, modified)
    named = "".join(f" {amount:+d} ({why})" for amount, why in drms)
    before = f" ({carried} in the battle before, #51 To the Death)" if carried else ""
    battle.plunder = (f"{power}: die {die} + {lost} SP and commanders lost{before}{named} = "
                      f"{modified}"
                      f": {gained} Resource{'s' if gained != 1 else ''} (11.10, C.14)")
    state.log.append(f"Plunder: {battle.plunder}.")
    if gained:
        state.resources[power] = state.resources.get(power, 0) + gained
        if power == SPAIN:
            spanish_attrition(state, battle, gained)


def spanish_attrition(state: WellingtonState, battle: Battle, checks: int) -> None:
    """11.11: one attrition check per Resource Spain gained for its victorious Formations in
    the battle (13.1); losses go to the Regroup Box. #91 Wild Geese waives it."""
    if battle.no_spanish_attrition:
        state.log.append(f"No Spanish plunder attrition: {battle.no_spanish_attrition} "
                         "(11.11).")
        return
    asks: list[Frame] = []       # 13.1: Spain picks the counters, before the battle closes
    attrition.loot_attrition(state, battle.duchy, checks,
                             attrition.units_of_side(state, battle.duchy, ALLIES),
                             "Spanish plunder attrition", "11.11", asks)
    attrition.push_all(state, asks)


def markers(state: WellingtonState, battle: Battle) -> None:
    """11.52: a BFI marker on every Formation involved, but the winning side of an Overrun;
    the disorganised pieces are themselves again (11.53: `marked` is the battle's count)."""
    skip = battle.winner if battle.overrun and battle.winner else ""
    pinned = cards.applies(battle, battle.pinned, skip) if skip else ""
    if pinned:
        state.log.append(f"{skip} overran, but goes no further ({pinned}).")
        skip = ""
    marked: list[str] = []
    for commander in battle.involved:
        where = state.commanders.get(commander, "")
        if geo.on_map(where) and SIDE[geo.commander_power(commander)] != skip:
            marked.append(commander)
    places = [battle.duchy, *geo.neighbours(battle.duchy), battle.came_from]
    for side in (battle.attacking, battle.defending):
        if side == skip:
            continue
        for power in battle.powers.get(side, []):
            for where in places:
                if where != battle.duchy and not retreated_to(battle, power, where):
                    continue
                if building.sp(state, where, power) and \
                        not building.commanders_at(state, where, power):
                    marked.append(f"{power}:{where}")
    for formation in marked:
        if formation not in state.bfi:
            state.bfi.append(formation)
    if marked:
        state.log.append("BFI markers: " + ", ".join(text.formation(f, at=True) for f in marked)
                         + " (11.52).")


def retreated_to(battle: Battle, power: str, where: str) -> bool:
    return f"{power}: {geo.name(where)}" in battle.retreats


def tidy_command(state: WellingtonState, battle: Battle) -> None:
    """9.53: the battle duchy's Commander is one still there (the winner's)."""
    named = state.leading.get(battle.duchy, "")
    if named and state.commanders.get(named) == battle.duchy:
        return
    state.leading.pop(battle.duchy, None)
    for side in (battle.winner, battle.attacking, battle.defending):
        if not side:
            continue
        leader = battle.commander.get(side, "")
        if leader and state.commanders.get(leader) == battle.duchy:
            state.leading[battle.duchy] = leader
            return
        present = sides.commanders(state, battle.duchy, side)
        if present:
            state.leading[battle.duchy] = max(
                present, key=lambda c: (building.commander(c).bv, building.commander(c).cv, c))
            return


def note_battle(state: WellingtonState, duchy: str, powers: Iterable[str], overrun: bool) -> None:
    """12.2: when a battle ends, a Power that fought a non-Overrun battle in a duchy may not
    besiege there in this impulse (`state.fought`, read by siege.besiegers)."""
    if overrun:
        return
    for power in powers:
        state.fought[f"{power}@{duchy}"] = state.impulses
