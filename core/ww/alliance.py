"""The French Alliance (12.0): its effects (12.2) and the French Navy's placement (12.3, also in
the French Naval Phase, 5.5); its track (12.1) is the floor below (core/ww/alliance_track.py).

    advance(state, spaces, reason)   12.1: every cause that moves the marker calls this
    apply_if_due(state)              12.2.B: after each card is fully resolved (strategy.py)
    FRENCH_ALLIANCE                  France enters -> the French Navy (i) -> Rochambeau and
                                     the French CUs (ii) -> the European War pending (iii) ->
                                     the reshuffle at the end of the turn (iv)
"""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice
from core.ww import arrival
from core.ww import query as q
# 12.1 is the track's floor (core/ww/alliance_track.py); kept here as the alliance's entry points
from core.ww.alliance_track import advance, due  # noqa: F401
from core.ww.frames.phases import FrenchAlliance, FrenchLanding, FrenchNavy
from core.ww.state import (AMERICAN, AMERICAN_LEADERS, BRITISH, FR, FRENCH_REINFORCEMENTS,
                           NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK, WwState)
from maps import washingtons_war as board_data


def apply_if_due(state: WwState) -> None:
    """12.2.B: called once the card in play is completely resolved (every activation of a
    Campaign included): the French Alliance takes effect if the marker stands on space 9."""
    if due(state) and stack.find(state, FrenchAlliance) is None:
        stack.push(state, FrenchAlliance())


# --- 12.2.B the effects -----------------------------------------------------------------------


def france_enters(state: WwState, frame: FrenchAlliance) -> None:
    """12.2.A: France signs the alliance and enters the war."""
    state.france_in_war = True
    state.alliance_this_turn = True
    state.log.append("The French Alliance: France enters the war (12.2).")


def place_navy(state: WwState, frame: FrenchAlliance) -> None:
    """12.2.B.i: the American places the French Navy in any Blockade Zone."""
    stack.push(state, FrenchNavy(must=True, rule="12.2.B.i"))


def french_forces(state: WwState, frame: FrenchAlliance) -> None:
    """12.2.B.ii: Rochambeau and the 5 French CUs land together in a port with no British CU
    and no British PC (blockades do not matter), at once if there is one; otherwise they wait
    in the American Reinforcement Leaders box (strategy.py brings them in later)."""
    ports = french_ports(state)
    if not ports:
        state.generals[q.ROCHAMBEAU] = AMERICAN_LEADERS
        moved = q.move_cus(state, FRENCH_REINFORCEMENTS, AMERICAN_LEADERS, FR,
                           q.cu_count(state, FRENCH_REINFORCEMENTS, FR))
        state.log.append(f"No port can take them: Rochambeau and {moved} French CUs go to the "
                         "American Reinforcement Leaders box (12.2.B.ii).")
    elif len(ports) == 1:
        land(state, ports[0])
    else:
        stack.push(state, FrenchLanding())


def european_war(state: WwState, frame: FrenchAlliance) -> None:
    """12.2.B.iii: the European War breaks out in this turn's End Phase (5.7, phases.py); the
    rest of this Strategy Phase is played as if it were not in effect."""
    state.log.append(f"The European War marker goes on the Turn Track's {state.year + 1} "
                     f"space: the European War takes effect in this turn's End Phase, where "
                     f"the British removes 2 CUs from the map (12.2.B.iii).")


def reshuffle(state: WwState, frame: FrenchAlliance) -> None:
    """12.2.B.iv: the deck is reshuffled at the end of the turn: the rebuild of the next
    Strategy Card Phase (5.2), after the End Phase has discarded the reinforcement and queued
    cards (the same deck either way)."""
    state.reshuffle_pending = True
    state.log.append("The deck will be reshuffled at the end of the turn (12.2.B.iv).")


FRENCH_ALLIANCE = stack.Steps((france_enters, place_navy, french_forces, european_war,
                               reshuffle))


# --- 12.2.B.ii the landing --------------------------------------------------------------------


def french_ports(state: WwState) -> list[str]:
    """12.2.B.ii: a port with no British CU and no British PC; blockades do not matter."""
    return [s for s in q.ports() if not q.cus(state, s, BRITISH)
            and state.pcs.get(s) != BRITISH]


def land(state: WwState, port: str) -> None:
    """Rochambeau and the French CUs arrive in `port`; another general there is settled as
    on any arrival (arrival.arrive: 7.4.C two American generals, 7.6 a lone British general
    captured)."""
    others = q.generals_at(state, port)
    state.generals[q.ROCHAMBEAU] = port
    moved = q.move_cus(state, FRENCH_REINFORCEMENTS, port, FR,
                       q.cu_count(state, FRENCH_REINFORCEMENTS, FR))
    state.log.append(f"Rochambeau and {moved} French CUs land at {q.name(port)} "
                     f"(12.2.B.ii).")
    if others:
        arrival.arrive(state, port, AMERICAN)


def _land(state: WwState, frame: FrenchLanding, port: str) -> None:
    stack.done(state, frame)
    land(state, port)


FRENCH_LANDING = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=lambda state, frame: ("American: the port where Rochambeau and the 5 French CUs "
                                 "land, with no British CU and no British PC (12.2.B.ii)."),
    choices=lambda state, frame: [
        Choice(Action("port", p), f"Land the French at {q.name(p)}", "move")
        for p in french_ports(state)],
    handlers={"port": _land},
)


# --- 12.3 the French Navy ---------------------------------------------------------------------


def zones() -> tuple[str, ...]:
    """The seven Blockade Zones (12.3)."""
    return tuple(board_data.BLOCKADE_ZONES)


def zone_name(zone: str) -> str:
    return q.board().locations[zone].name


def navy_choices(state: WwState, frame: FrenchNavy) -> list[Choice]:
    out = [Choice(Action("zone", z), f"The French Navy to the {zone_name(z)}: blockades "
                  f"{', '.join(q.name(p) for p in board_data.BLOCKADE_ZONES[z])} (12.3)",
                  "navy")
           for z in zones() if z != state.navy or frame.must]
    if not frame.must:
        out.append(Choice(Action("stay"), f"Leave the French Navy in the "
                          f"{zone_name(state.navy)}", "navy", ends_turn=True))
    return out


def _zone(state: WwState, frame: FrenchNavy, zone: str) -> None:
    stack.done(state, frame)
    state.navy = zone
    state.log.append(f"The American places the French Navy in the {zone_name(zone)} "
                     f"({frame.rule}).")


def _stay(state: WwState, frame: FrenchNavy, _noun: None) -> None:
    stack.done(state, frame)
    state.log.append(f"The French Navy stays in the {zone_name(state.navy)} ({frame.rule}).")


def navy_prompt(state: WwState, frame: FrenchNavy) -> str:
    if state.navy == NAVY_ON_TURN_TRACK:
        return ("American: the French Navy returns from the Caribbean (d'Estaing): place it in "
                "a Blockade Zone (12.3).")
    if state.navy == NAVY_NOT_IN_PLAY:
        return "American: place the French Navy in a Blockade Zone (12.2.B.i)."
    return "American: the French Naval Phase: move the French Navy to another Blockade Zone? (5.5)"


FRENCH_NAVY = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=navy_prompt,
    choices=navy_choices,
    handlers={"zone": _zone, "stay": _stay},
)


FLOW: stack.Flow = {FrenchAlliance: FRENCH_ALLIANCE, FrenchLanding: FRENCH_LANDING,
                    FrenchNavy: FRENCH_NAVY}
