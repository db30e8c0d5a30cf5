"""Wellington: the Guerrilla phase (4.4, the Guerrilla table C.17).

    eligible   every unfortified French-controlled duchy in Spain and Portugal with no soldier
               or commander in it (4.4; a French-controlled duchy holding an Allied Formation
               is Uncontrolled, 3.1, so "no French soldier or commander" of 4.1 is the same)
    roll       1d6 each, +1 (never more) when the duchy is adjacent to a Spanish and/or
               British Formation
    1-3        no effect
    4-7        the French flag is removed; a duchy printed with a blue dot or a green triangle
               (French by print, not by flag) gets a Spanish flag instead

Every eligible duchy is found before the first die (a result never makes another duchy
eligible). Reading: when the Allies have no flag left (1.7: 45), a printed French duchy keeps
its French control; a flag is only removed. 18.2 and 18.32 call `guerrilla_step` again after
an Allied automatic win when a player runs Spain (victory.py's business).
"""
from __future__ import annotations

from core import dice
from core.wellington import flags as geo
from core.wellington.state import ALLIES, FRENCH, GB, SIDE, SPAIN, WellingtonState

SUCCESS = 4                    # C.17: 4-7 the guerrillas take the duchy
ADJACENT_BONUS = 1             # 4.4: +1, never more
COUNTRIES = ("Spain", "Portugal")


def eligible(state: WellingtonState) -> list[str]:
    """4.4: unfortified, French-controlled, in Spain or Portugal, no soldier or commander."""
    out: list[str] = []
    for duchy in geo.duchies():
        owner = geo.controller(state, duchy)
        if (owner and SIDE[owner] == FRENCH and geo.country(duchy) in COUNTRIES
                and not geo.is_fortress(state, duchy) and not geo.powers_present(state, duchy)):
            out.append(duchy)
    return out


def allied_neighbour(state: WellingtonState, duchy: str) -> bool:
    """4.4: a Spanish and/or British Formation in an adjacent duchy."""
    return any(geo.powers_present(state, other) & {SPAIN, GB} for other in geo.neighbours(duchy))


def modifier(state: WellingtonState, duchy: str) -> int:
    return ADJACENT_BONUS if allied_neighbour(state, duchy) else 0


def strike(state: WellingtonState, duchy: str) -> bool:
    """One duchy's roll on the Guerrilla table (C.17). Returns whether the guerrillas won."""
    drm = modifier(state, duchy)
    face = dice.d6(state, f"guerrillas at {geo.name(duchy)}", "4.4")
    total = face + drm
    plus = f" + {drm} (Allied Formation adjacent)" if drm else ""
    if total < SUCCESS:
        state.log.append(f"Guerrillas at {geo.name(duchy)}: {face}{plus} = {total}, no "
                         "effect (4.4).")
        return False
    state.log.append(f"Guerrillas at {geo.name(duchy)}: {face}{plus} = {total}, they take it "
                     "(4.4).")
    if geo.is_occupied(duchy):
        if geo.flags_of_side(state, ALLIES) < geo.flag_limit(ALLIES) or \
                SIDE.get(state.flags.get(duchy, ""), "") == ALLIES:
            geo.set_flag(state, duchy, SPAIN, "4.4 guerrillas")
        elif duchy in state.flags:
            geo.remove_flag(state, duchy, SPAIN, "4.4 guerrillas; no Allied flag left, 1.7")
    elif duchy in state.flags:
        geo.remove_flag(state, duchy, SPAIN, "4.4 guerrillas")
    return True


def guerrilla_step(state: WellingtonState) -> None:
    """4.4: the Guerrilla phase of the turn."""
    targets = eligible(state)
    if not targets:
        state.log.append("4.4 Guerrilla: no French-controlled duchy is open to the "
                         "guerrillas.")
        return
    for duchy in targets:
        strike(state, duchy)
