"""Events of France and the French Navy (12.1, 12.3).

    14  Hortelez et Cie                 French Alliance +2 (before the alliance)
    20  d'Estaing Sails for the Caribbean   the French Navy to the Turn Track (12.3)
    27  Admiral de Grasse Sails North   the French Navy to any Blockade Zone now
"""
from __future__ import annotations

from core.ww import alliance, deck
from core.ww.events.common import EventPick, ask, card_number, name, pick, register
from core.ww.frames.events import Event
from core.ww.state import AMERICAN, NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK, WwState
from maps import washingtons_war as board_data

HORTALEZ_SPACES = 2           # 12.1


def zones() -> tuple[str, ...]:
    """The seven Blockade Zones (12.3)."""
    return tuple(board_data.BLOCKADE_ZONES)


def navy_in_zone(state: WwState) -> bool:
    return state.navy not in (NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK)


# --- 14 Hortelez et Cie ------------------------------------------------------------------------


def hortalez(state: WwState, frame: Event) -> None:
    """12.1: the French Alliance marker 2 forward; playing it rebuilds nothing (6.1 note)."""
    alliance.advance(state, HORTALEZ_SPACES, "Hortelez et Cie played, 12.1")


register(deck.HORTALEZ, lambda state, side: not state.france_in_war, hortalez)

# --- 20 d'Estaing Sails for the Caribbean -----------------------------------------------------


def destaing(state: WwState, frame: Event) -> None:
    """12.3: the French Navy leaves its zone for the current turn's space of the Turn Track; no
    zone is Blockaded until the next French Naval Phase, where the American must place it."""
    state.log.append(f"d'Estaing sails for the Caribbean: the French Navy leaves the "
                     f"{name(state.navy)} for the {state.year} space of the Turn Track; no zone "
                     "is Blockaded until the next French Naval Phase (12.3).")
    state.navy = NAVY_ON_TURN_TRACK


register(deck.DESTAING, lambda state, side: navy_in_zone(state), destaing)

# --- 27 Admiral de Grasse Sails North -----------------------------------------------------------

DE_GRASSE = card_number("Admiral de Grasse Sails North")


def _de_grasse_targets(state: WwState, frame: EventPick):
    return [("zone", z, f"The French Navy to the {name(z)}"
             + (" (where it is)" if z == state.navy else "")) for z in zones()]


def _de_grasse(state: WwState, frame: EventPick, verb: str, zone) -> None:
    state.navy = zone
    state.log.append(f"Admiral de Grasse: the American places the French Navy in the "
                     f"{name(zone)} (card text beats 5.5 and 12.3).")


pick("de-grasse",
     lambda state, frame: ("American: Admiral de Grasse sails north: place the French Navy in "
                           "any Blockade Zone now."),
     _de_grasse_targets, _de_grasse, group="navy")
register(DE_GRASSE, lambda state, side: state.france_in_war,
         lambda state, frame: ask(state, "de-grasse", AMERICAN, frame.card, 1, must=True))
