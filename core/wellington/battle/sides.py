"""Who fights a battle (11, 11.2, 11.3, 11.51): each side's Powers, Commander, staff
officers, soldiers and units, and the Power that controls a side (9.62, 11.10).

A side is ALLIES or FRENCH (8.1); every Formation of a side in the battle duchy fights on it
(11.1: any Power with a commander or soldier there takes part). A commander counts as a 1-SP
soldier for taking battle losses (glossary), so a side's *units* are its SP plus its
commanders (11.9 counts them so, G.29).
"""
from __future__ import annotations

from core.wellington import building, lookups
from core.wellington import flags as geo
from core.wellington.frames.battle import Battle
from core.wellington.state import FRENCH, GB, POWERS, SIDE, WellingtonState

FRENCH_BONUS = 2               # 11.3
FRENCH_BONUS_REDUCED = 1       # 11.3, #38 The Emperor's Call
BRITISH_BONUS = 1              # 11.3
BRITISH_SHARE = 0.5            # 11.3: at least 50% of the SP and commanders British
# #1 Form Square: for the rest of the impulse, the enemy's #106, #2 and #107 do nothing to
# battle dice (and its #61 is cancelled)
FORM_SQUARE = 1
FORM_SQUARE_CANCELS = (106, 2, 107, 61)
DRAGOONS, DRAGOONS_BV = 106, 1 # #106 Dragoons' +1 BV, which #1 Form Square cancels


def powers(state: WellingtonState, duchy: str, side: str) -> list[str]:
    """The Powers of `side` with a soldier or commander in `duchy`, in impulse order."""
    present = geo.powers_present(state, duchy)
    return [p for p in POWERS if p in present and SIDE[p] == side]


def commanders(state: WellingtonState, duchy: str, side: str) -> list[str]:
    return sorted(c for c, at in state.commanders.items()
                  if at == duchy and SIDE[geo.commander_power(c)] == side)


def soldier_sp(state: WellingtonState, duchy: str, side: str) -> int:
    return sum(building.sp(state, duchy, p) for p in POWERS if SIDE[p] == side)


def units(state: WellingtonState, duchy: str, side: str) -> int:
    """SP of soldiers plus commanders (each commander counts as 1 SP for losses)."""
    return soldier_sp(state, duchy, side) + len(commanders(state, duchy, side))


def power_units(state: WellingtonState, duchy: str, power: str) -> int:
    return building.sp(state, duchy, power) + len(building.commanders_at(state, duchy, power))


def battle_value(state: WellingtonState, battle: Battle, commander: str) -> int:
    """A commander's BV (1.6) as an event changed it for this battle (`bv_changes`), else as
    the movement part reads it with the effects in play (#23 Humbugged: a 1-4)."""
    for who, value, _why in battle.bv_changes:
        if who == commander:
            return value
    value = lookups.battle_value(state, commander)
    side = SIDE[geo.commander_power(commander)]
    if form_square(state, side, DRAGOONS) and any(
            e.card == DRAGOONS and e.target == commander for e in state.effects):
        value = max(0, value - DRAGOONS_BV)      # #1 Form Square cancels #106's +1
    return value


def name_commander(state: WellingtonState, battle: Battle, side: str) -> str:
    """9.6, 9.53: the Commander of `side` in the battle: the one named in the duchy
    (`leading`), else the moving Formation's commander, else the highest Battle Value there
    (then Command Value, then name: a reading, docs/wellington-battle.md). "" for none."""
    present = commanders(state, battle.duchy, side)
    if not present or side in battle.headless:     # #32, #52: nobody else takes command
        return ""
    named = state.leading.get(battle.duchy, "")
    if named in present:
        return named
    if battle.formation in present:
        return battle.formation
    return max(present, key=lambda c: (battle_value(state, battle, c),
                                       building.commander(c).cv, c))


def staff(state: WellingtonState, battle: Battle, side: str) -> list[str]:
    """The staff officers: every other commander of the side (11.2: 1 die each)."""
    return [c for c in commanders(state, battle.duchy, side) if c != battle.commander.get(side)]


def nationality(state: WellingtonState, battle: Battle, side: str) -> tuple[int, str]:
    """11.3: French +2 (+1 after #38), British +1, Spanish 0; an Anglo-Spanish side gets the
    British bonus when at least 50% of its SP and commanders are British."""
    if side == FRENCH:
        if state.french_bonus_reduced:
            return FRENCH_BONUS_REDUCED, "French nationality bonus, reduced by #38 (11.3)"
        return FRENCH_BONUS, "French nationality bonus (11.3)"
    total = units(state, battle.duchy, side)
    british = power_units(state, battle.duchy, GB)
    if total and british >= BRITISH_SHARE * total:
        share = "" if british == total else f": {british} of {total} SP and commanders British"
        return BRITISH_BONUS, f"British nationality bonus{share} (11.3)"
    if british:
        return 0, f"no British bonus: only {british} of {total} SP and commanders British (11.3)"
    return 0, "Spanish: no nationality bonus (11.3)"


def army_power(state: WellingtonState, battle: Battle, side: str) -> str:
    """The Power that controls `side`'s Formation (9.62, 11.10): its Commander's; with no
    commander the Power with the most SP there, the attacker first on a tie."""
    if side in battle.headless:
        return battle.headless[side]             # #32, #52: the 0-4 commander's Power
    leader = battle.commander.get(side) or name_commander(state, battle, side)
    if leader:
        return geo.commander_power(leader)
    present = powers(state, battle.duchy, side)
    if not present:
        return ""
    return max(present, key=lambda p: (building.sp(state, battle.duchy, p),
                                       p == battle.attacker))


def form_square(state: WellingtonState, side: str, number: int) -> bool:
    """#1 Form Square played this impulse by a Power of the side opposing `side`: `side`'s
    card `number` (#106, #2, #107, #61) does nothing to battle dice."""
    return number in FORM_SQUARE_CANCELS and any(
        e.card == FORM_SQUARE and SIDE[e.power] != side for e in state.effects)
