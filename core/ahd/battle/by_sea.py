"""Union naval retreat, optional rule O3.1 (seed "Regole Opzionali" 3.1; AMB-34).

'Se in un porto sudista avviene una battaglia come risultato di un'invasione navale o di un
attacco Confederato in un presidio nordista, le truppe dell'Unione possono ritirarsi
raggruppandosi a Washington.' A Southern port is a port printed grey or in a Confederate state
(Fort Monroe and Pensacola too); Washington must be the Union's and free of enemy pieces; not
on turn 1 under O4.1, which forbids every Union naval movement. It is a normal retreat
(B5.2.5): from round 2, the whole army, and the Confederacy wins the battle.
"""
from __future__ import annotations

from core.ahd import query
from core.ahd.battle.base import GROUP, own
from core.ahd.state import UNION, AhdState, Battle
from core.engine import Action, Choice
from maps.a_house_divided import WASHINGTON

VERB = "retreat-by-sea"


def possible(state: AhdState, b: Battle, side: str) -> bool:
    """The Union army of this battle may retreat by sea to Washington (O3.1)."""
    if side != UNION or not state.options.naval_retreat or not own(b, side):
        return False
    if not query.is_southern_port(b.box) or query.first_turn_restricted(state):
        return False
    if not (b.invasion or side == b.defender):
        return False  # a land attack on a Southern port gives no way back by sea
    return (b.box != WASHINGTON and query.owner(state, WASHINGTON) == UNION
            and not query.has_enemy(state, WASHINGTON, UNION))


def choice() -> Choice:
    return Choice(Action(VERB, WASHINGTON), "Retreat by sea to Washington (O3.1 naval retreat)",
                  GROUP)
