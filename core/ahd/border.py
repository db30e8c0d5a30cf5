"""More support from the border states, advanced optional rule A8.3 (seed "Regole Avanzate"
8.3, contents number 13; the table "Tabella dei Supporti sui Confini Confederati" and its
"Modificatori sul Lancio del Dado" are on the optional rules' player aid, reference T7).

At the start of each Confederate player turn (AMB-35: after the A2.0 support check, before the
A8.4 intervention check) the Confederate player rolls 1d6 for each border state whose
recruiting cities he all controls (Missouri: St. Joseph, Springfield, St. Louis; Kentucky:
Bowling Green, Louisville; Maryland: Baltimore) and whose militia has not joined yet. The die
plus the T7 modifiers greater than the state's support number (Missouri 3, Kentucky 1, Maryland
6) adds one militia infantry to the Confederate pool: once per state per game, the militia
staying for the rest of the game. Maryland therefore needs a net modifier of at least +1.
The three militia counters wait set aside from the setup (core/ahd/counters.py).
"""
from __future__ import annotations

from core import dice
from core.ahd import query as q
from core.ahd.calendar import year
from core.ahd.pieces import update
from core.ahd.state import ASIDE, CSA, INFANTRY, MILITIA, POOL, UNION, AhdState, Piece
from maps.a_house_divided import BORDER_STATES, RICHMOND, WASHINGTON

# T7: the modified die must be greater than this number
SUPPORT_NUMBER = {"missouri": 3, "kentucky": 1, "maryland": 6}
STATE_NAME = {"missouri": "Missouri", "kentucky": "Kentucky", "maryland": "Maryland"}


def in_use(state: AhdState) -> bool:
    return bool(state.options.border_states)


def cities_held(state: AhdState, border: str) -> int:
    """How many of the state's recruiting cities the Confederacy controls."""
    return sum(1 for box in BORDER_STATES[border] if state.owner.get(box) == CSA)


def eligible(state: AhdState) -> list[str]:
    """A8.3: 'controlla ogni città di reclutamento' of the state, not yet used (T7 order)."""
    return [border for border in BORDER_STATES if border not in state.border_used
            and cities_held(state, border) == len(BORDER_STATES[border])]


def modifiers(state: AhdState) -> list[tuple[int, str]]:
    """The T7 'Modificatori sul Lancio del Dado' that apply now, each with its reason.

    '+1 Se la dimensione dell'armata Confederata è inferiore di cinque punti la dimensione
    dell'armata nordista' is read as MAS(Union) - MAS(CSA) < 5 (AMB-49), and '-1 Se il massimo
    dell'armata nordista supera di 10 punti quella sudista' as a gap of 10 or more; the year is
    that of the game turn (every turn has one calendar year, docs/ahd-decisions.md)."""
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    gap = union - csa
    when = year(state.turn)
    out: list[tuple[int, str]] = []
    if gap < 5:
        out.append((1, f"Confederate MAS {csa} less than 5 below Union {union}"))
    if when == 1861:
        out.append((1, "rolled in 1861"))
    if state.owner.get(WASHINGTON) == CSA:
        out.append((2, "Confederates hold Washington"))
    if when > 1862:
        out.append((1862 - when, f"rolled in {when}"))
    if gap >= 10:
        out.append((-1, f"Union MAS {union} exceeds Confederate {csa} by 10 or more"))
    if state.owner.get(RICHMOND) == UNION:
        out.append((-1, "Union holds Richmond"))
    return out


def drm(state: AhdState) -> int:
    return sum(value for value, _why in modifiers(state))


def explain(mods: list[tuple[int, str]]) -> str:
    """'+0 (+2 Confederates hold Washington, -2 rolled in 1864)'."""
    total = sum(value for value, _why in mods)
    if not mods:
        return "+0"
    return f"{total:+d} (" + ", ".join(f"{v:+d} {why}" for v, why in mods) + ")"


def militia_aside(state: AhdState) -> Piece | None:
    """One of the Confederate militia infantry set aside for this rule."""
    for p in state.pieces:
        if (p.loc == ASIDE and p.side == CSA and p.arm == INFANTRY and p.grade == MILITIA
                and not p.foreign):
            return p
    return None


def roll_support(state: AhdState) -> None:
    """A8.3: at the start of the Confederate player turn, one roll for each eligible state."""
    if not in_use(state) or state.player != CSA:
        return
    mods = modifiers(state)
    total_drm = sum(value for value, _why in mods)
    for border in eligible(state):
        die = dice.d6(state, f"border-state support: {border}", "A8.3")
        state.border_rolls[border] = state.border_rolls.get(border, 0) + 1
        result = die + total_drm
        need = SUPPORT_NUMBER[border]
        head = (f"Border-state support (A8.3), {STATE_NAME[border]}: die {die} "
                f"{explain(mods)} = {result}")
        recruit = militia_aside(state) if result > need else None
        if recruit is None:
            state.log.append(f"{head}, not greater than {need}: no militia.")
            continue
        update(state, recruit, loc=POOL)
        state.border_used.append(border)
        state.log.append(f"{head} > {need}: one militia infantry ({recruit.id}) joins the "
                         f"Confederate pool for the rest of the game; {STATE_NAME[border]} "
                         f"will not roll again.")


def tracks(state: AhdState) -> dict[str, int | str]:
    """The track pane: each state's status and the modifier a roll would have now."""
    if not in_use(state):
        return {}
    out: dict[str, int | str] = {}
    for border, cities in BORDER_STATES.items():
        rolls = state.border_rolls.get(border, 0)
        tried = f"{rolls} roll{'s' if rolls != 1 else ''}"
        if border in state.border_used:
            status = f"used: militia joined ({tried})"
        else:
            status = (f"needs > {SUPPORT_NUMBER[border]}; Confederates hold "
                      f"{cities_held(state, border)}/{len(cities)} cities; {tried}")
        out[f"{STATE_NAME[border]} support (A8.3)"] = status
    out["Border-state DRM now (A8.3)"] = explain(modifiers(state))
    return out
