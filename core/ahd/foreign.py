"""Foreign intervention, advanced optional rule A8.4 (seed "Regole Avanzate" 8.4, contents
number 13; player aid "Intervento Esterno", reference T8).

The check is made at the start of each Confederate player turn (AMB-35: after the A2.0 support
check and the A8.3 border-state rolls) until it succeeds. All three conditions must hold:
  1. the Confederate MAS is within three points of the Union one: MAS(U) - MAS(C) <= 3;
  2. the Confederacy controls Washington and at least one Union recruiting city of value 2+;
  3. no Confederate recruiting city of value 2+ is Union-controlled, or for each of them the
     Confederacy controls a Union recruiting city of value 2+ (AMB-51: count against count,
     the city of condition 2 included).
Once granted the intervention is permanent (AMB-51):
  * the Confederates may make naval moves (B4.2.3 between their own ports; still no river
    jump, no Potomac, no invasion: core/ahd/movement.py);
  * four foreign units wait in the off-map Europe box; they reach the map only by a naval move
    from Europe to a Confederate-owned port free of enemy pieces, one march each (GAP-11), do
    not count against the Confederate MAS (query.in_play) and are never promoted
    (pieces.can_promote);
  * a destroyed foreign unit is set aside; in a Confederate recruiting segment whose die shows
    5 or 6, one of them is replaced in Europe, to sail in a later turn.
Foreign units are Confederate pieces for capture and support (AMB-36, GAP-8); their type and
values are not in the seed (GAP-8): veteran infantry (docs/ahd-decisions.md).
"""
from __future__ import annotations

from functools import cache

from maps.a_house_divided import WASHINGTON
from core.ahd import query as q
from core.ahd.calendar import label
from core.ahd.pieces import update
from core.ahd.state import ASIDE, CSA, EUROPE, UNION, AhdState, Piece

MAS_WITHIN = 3          # condition 1: "entro tre punti"
CITY_VALUE = 2          # conditions 2 and 3: "un valore di 2 o più"
REPLACEMENT_DICE = (5, 6)  # "ha ottenuto con il dado un 5 o un 6"
EUROPE_BOX = "Europe"   # the name of the off-map box in the view (location id "europe")


def in_use(state: AhdState) -> bool:
    return bool(state.options.foreign_intervention)


def intervened(state: AhdState) -> bool:
    """The intervention has been granted (it is permanent, AMB-51)."""
    return state.intervention_turn > 0


@cache
def cities_of_value(side: str) -> tuple[str, ...]:
    """Recruiting cities of value 2+ in `side`'s colour (blue: Union, red: Confederate)."""
    return tuple(box for box in q.map_boxes() if q.shield(box, side) >= CITY_VALUE)


def union_cities_held(state: AhdState) -> list[str]:
    """Union recruiting cities of value 2+ (blue shield) the Confederacy controls."""
    return [box for box in cities_of_value(UNION) if state.owner.get(box) == CSA]


def csa_cities_lost(state: AhdState) -> list[str]:
    """Confederate recruiting cities of value 2+ (red shield) the Union controls."""
    return [box for box in cities_of_value(CSA) if state.owner.get(box) == UNION]


def conditions(state: AhdState) -> list[tuple[bool, str]]:
    """The three conditions of A8.4, each with what it found."""
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    held, lost = union_cities_held(state), csa_cities_lost(state)
    washington = state.owner.get(WASHINGTON) == CSA
    return [
        (union - csa <= MAS_WITHIN, f"(1) MAS gap {union - csa}, at most {MAS_WITHIN}"),
        (washington and bool(held), f"(2) Washington {'held' if washington else 'not held'}, "
                                    f"{len(held)} Union 2+ cities held"),
        (len(lost) <= len(held), f"(3) {len(lost)} Confederate 2+ cities lost, at most "
                                 f"{len(held)}"),
    ]


def conditions_met(state: AhdState) -> bool:
    return all(ok for ok, _what in conditions(state))


def units(state: AhdState) -> list[Piece]:
    return [p for p in state.pieces if p.foreign]


def in_europe(state: AhdState) -> list[Piece]:
    return [p for p in q.pieces_at(state, EUROPE, CSA) if p.foreign]


def lost(state: AhdState) -> list[Piece]:
    """Destroyed foreign units waiting for a replacement roll (set aside after intervention)."""
    if not intervened(state):
        return []
    return [p for p in state.pieces if p.foreign and p.loc == ASIDE]


def check_intervention(state: AhdState) -> None:
    """A8.4: 'Se tutte queste condizioni sono verificate all'inizio del turno Confederato,
    allora i sudisti potranno avere un intervento straniero'."""
    if not in_use(state) or state.player != CSA or intervened(state):
        return
    if not conditions_met(state):
        return
    state.intervention_turn = state.turn
    for p in units(state):
        update(state, p, loc=EUROPE)
    found = "; ".join(what for _ok, what in conditions(state))
    state.log.append(f"Foreign intervention (A8.4): {found}. From now on the Confederates may "
                     f"move by sea, and {len(units(state))} foreign units wait in Europe, "
                     f"outside the MAS, to sail to a Confederate port (1 march each).")


def may_sail(state: AhdState) -> bool:
    """Consequence 1: 'I sudisti possono fare movimenti navali'."""
    return in_use(state) and intervened(state)


def replacement_pending(state: AhdState) -> bool:
    """A Confederate recruiting segment in which a lost foreign unit could be replaced."""
    return in_use(state) and state.player == CSA and bool(lost(state))


def replace(state: AhdState, die: int) -> None:
    """A8.4, T8: 'Un'unità persa è rimpiazzata in Europa se il dado sul reclutamento
    Confederato è 5 o 6' (the natural die, O3.3's cap notwithstanding): one unit per roll."""
    waiting = lost(state)
    if not replacement_pending(state):
        return
    if die not in REPLACEMENT_DICE:
        state.log.append(f"Foreign units (A8.4): recruiting die {die}, no replacement "
                         f"({len(waiting)} lost; a 5 or 6 replaces one).")
        return
    unit = waiting[0]
    update(state, unit, loc=EUROPE, reduced=False)
    state.log.append(f"Foreign units (A8.4): recruiting die {die}, {unit.id} is replaced in "
                     f"Europe and may sail in a later turn.")


def flags(state: AhdState, p: Piece) -> list[str]:
    """Token flags of a foreign unit: 'foreign', and off the map why it waits."""
    out = ["foreign"]
    if p.loc == ASIDE:
        out.append("lost: replaced on a CSA recruiting die of 5-6" if intervened(state)
                   else "awaiting intervention")
    elif p.loc == EUROPE:
        out.append("sails to a Confederate port, 1 march")
    return out


def tracks(state: AhdState) -> dict[str, int | str]:
    """The track pane: whether intervention is granted, and where the foreign units are."""
    if not in_use(state):
        return {}
    if not intervened(state):
        found = "; ".join(f"{what}: {'yes' if ok else 'no'}" for ok, what in conditions(state))
        return {"Foreign intervention (A8.4)": f"not granted; now: {found}"}
    on_map = sum(1 for p in units(state) if p.on_map)
    return {
        "Foreign intervention (A8.4)": (f"granted {label(state.intervention_turn)}: "
                                        f"Confederate naval movement"),
        "Foreign units (A8.4)": (f"{len(in_europe(state))} in Europe, {on_map} on the map, "
                                 f"{len(lost(state))} lost (replaced on a recruiting die of "
                                 f"5-6)"),
    }
