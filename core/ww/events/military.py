"""Events that move, add or remove generals and CUs. Where an event removes the opponent's CUs
the player who played it chooses them (6.31); CUs removed go back to the Reserve, French CUs are
gone for good (9.5, 12.2.C: French CUs and Rochambeau are American CUs and an American general
for every card). Events that add CUs take them from the Reserve, fewer if it holds fewer, and
are not reinforcement actions (R19).

    13  Baron von Steuben               Regulars Advantage lost (+2 alliance), or 2 CUs
    17  John Glover's Marblehead Reg.   one American general activated, 6 spaces
    19  Line Mutinies                   no American PC placement this turn; 2 American CUs
    26  Spain Declares War              2 British CUs removed
    28  Marquis de Lafayette Arrives    2 CUs (and Lafayette) in a space
    29  Enlistment Bounties             3 CUs with a general or the Congress
    30  Clinton and Cornwallis Quarrel  a British general to his box
    32  Hessian Mercenaries Land        up to 3 British CUs in a port
    36  General Charles Lee Captured    Lee to the Captured Generals box
    37  The Conway Cabal                an American general (not Washington) to his box
    38  Smallpox                        up to 2 American CUs, two spaces
    45  Tarleton (Strategy Phase)       1 American CU in NC / SC / GA
"""
from __future__ import annotations

from typing import Iterator

from core.ww import alliance, deck, movement
from core.ww import query as q
from core.ww.events.common import (EventPick, any_target_now, arrival, ask, card_number,
                                   cu_word, eliminate, event_frame, exists, from_reserve,
                                   general_name, generals_on_map, left_text, name, pick,
                                   register, to_box)
from core.ww.frames.events import Event
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH, BRITISH_REINFORCEMENTS,
                           CAPTURED, FR, RESERVE, WwState)

WASHINGTON = q.WASHINGTON
LAFAYETTE = "lafayette"
LEE = "lee"
REGULARS_SPACES = 2           # 9.41, 12.1
STEUBEN_CUS = 2
LAFAYETTE_CUS = 2
BOUNTY_CUS = 3
HESSIAN_CUS = 3


def cu_spaces(state: WwState, side: str) -> Iterator[str]:
    """Map spaces holding CUs of `side` (French CUs are American), in board order (yielded:
    `exists` stops at the first)."""
    cus = state.cus
    return (s for s in q.spaces() if s in cus and q.cus(state, s, side))


def american_cu_targets(state: WwState, spaces: list[str], verb_prefix: str):
    """(verb, space, label) to remove one American or one French CU in each space: the player
    removing them chooses which (6.31)."""
    out = []
    for s in spaces:
        if q.cu_count(state, s, AM):
            out.append(("american", s, f"{verb_prefix} an American CU at {name(s)}"))
        if q.cu_count(state, s, FR):
            out.append(("french", s, f"{verb_prefix} a French CU at {name(s)}"))
    return out


NATIONALITY_OF_VERB = {"american": AM, "french": FR}

# --- 13 Baron von Steuben ---------------------------------------------------------------------


def _steuben_targets(state: WwState, frame: EventPick):
    return [("general", g, f"Place the CUs with {general_name(g)} at "
             f"{name(state.generals[g])}") for g in generals_on_map(state, AMERICAN)]


def _steuben(state: WwState, frame: EventPick, verb: str, general) -> None:
    from_reserve(state, state.generals[general], AM, STEUBEN_CUS, "Baron von Steuben")


pick("steuben",
     lambda state, frame: ("American: Baron von Steuben: Washington is not on the map: place "
                           f"{STEUBEN_CUS} American CUs from the Reserve with one American "
                           "general on the map."),
     _steuben_targets, _steuben, group="move")


def steuben_playable(state: WwState, side: str) -> bool:
    """Always while the Regulars Advantage lasts; afterwards CUs from the Reserve must be able
    to join an American general on the map."""
    if state.regulars:
        return True
    return bool(q.cu_count(state, RESERVE, AM)) and exists(generals_on_map(state, AMERICAN))


def lose_regulars(state: WwState, why: str) -> None:
    """9.41: the Turn marker flipped to "No Regulars" for the rest of the game; the French
    Alliance marker 2 forward unless France is in the war (12.1; alliance.advance knows)."""
    state.regulars = False
    state.log.append(f"The British loses the Regulars Advantage for the rest of the game ({why}, "
                     "9.41).")
    alliance.advance(state, REGULARS_SPACES, f"the Regulars Advantage lost ({why})")


def steuben(state: WwState, frame: Event) -> None:
    if state.regulars:
        lose_regulars(state, "Baron von Steuben")
        return
    if q.on_map(state.generals.get(WASHINGTON, "")):
        from_reserve(state, state.generals[WASHINGTON], AM, STEUBEN_CUS,
                     "Baron von Steuben, with Washington")
        return
    ask(state, "steuben", AMERICAN, frame.card, 1, must=True)


register(deck.STEUBEN, steuben_playable, steuben)

# --- 17 John Glover's Marblehead Regiment ---------------------------------------------------------


def _glover_targets(state: WwState, frame: EventPick):
    return [("general", g, f"Activate {general_name(g)} at {name(state.generals[g])}: up to 6 "
             "spaces, battles and Overruns even after 5 or 6") for g in
            movement.activatable(state, AMERICAN, None)]


def _glover(state: WwState, frame: EventPick, verb: str, general) -> None:
    state.log.append(f"John Glover's Marblehead Regiment activates {general_name(general)} "
                     "(7.0, 7.3.C).")
    movement.activate(state, AMERICAN, general, frame.card, "glover")


pick("glover",
     lambda state, frame: ("American: John Glover's Marblehead Regiment: activate one American "
                           "general on the map, whatever his Strategy rating."),
     _glover_targets, _glover, group="move")


def glover(state: WwState, frame: Event) -> None:
    ask(state, "glover", AMERICAN, frame.card, 1, must=True)


register(deck.GLOVER, lambda state, side: any_target_now(state, "glover", AMERICAN), glover)

# --- 19 Pennsylvania and New Jersey Line Mutinies -----------------------------------------------


def _mutiny_targets(state: WwState, frame: EventPick):
    return [("remove", s, f"Remove an American CU at {name(s)}") for s in q.spaces()
            if q.cu_count(state, s, AM)]


def _mutiny(state: WwState, frame: EventPick, verb: str, space) -> None:
    eliminate(state, space, AM, BRITISH, "Line Mutinies, 6.31")


pick("mutinies",
     lambda state, frame: ("British: the Line Mutinies: remove American CUs (not French) from "
                           f"the map ({left_text(frame)})."),
     _mutiny_targets, _mutiny, group="move")


def mutinies(state: WwState, frame: Event) -> None:
    """10.11.A.iv: for the rest of the turn no American PC placement by OPS cards or discarded
    events (the End Phase lifts it); then two American CUs, not French, removed by the British
    (as many as there are)."""
    state.mutiny = True
    state.log.append("The Line Mutinies: for the rest of this turn the American may not place "
                     "PCs with OPS cards or discarded Event cards (10.11.A.iv).")
    ask(state, "mutinies", BRITISH, frame.card, 2, must=True)


register(deck.MUTINIES, lambda state, side: True, mutinies)

# --- 26 Spain Declares War -----------------------------------------------------------------------


def _spain_targets(state: WwState, frame: EventPick):
    return [("remove", s, f"Remove a British CU at {name(s)}") for s in cu_spaces(state, BRITISH)]


def _spain(state: WwState, frame: EventPick, verb: str, space) -> None:
    eliminate(state, space, BR, AMERICAN, "Spain Declares War, 6.31")


pick("spain",
     lambda state, frame: ("American: Spain declares war: remove British CUs from the map "
                           f"({left_text(frame)}; 6.31)."),
     _spain_targets, _spain, group="move")

SPAIN = register("Spain Declares War on Britain",
                 lambda state, side: exists(cu_spaces(state, BRITISH)),
                 lambda state, frame: ask(state, "spain", AMERICAN, frame.card, 2, must=True))

# --- 28 Marquis de Lafayette Arrives -----------------------------------------------------------

LAFAYETTE_CARD = card_number("Marquis de Lafayette Arrives")


def lafayette_spaces(state: WwState) -> Iterator[str]:
    return (s for s in q.spaces() if not q.cus(state, s, BRITISH)
            and state.pcs.get(s) != BRITISH)


def lafayette_waiting(state: WwState) -> bool:
    return state.generals.get(LAFAYETTE) == AMERICAN_LEADERS


def _lafayette_space_targets(state: WwState, frame: EventPick):
    return [("space", s, f"Place the CUs in {name(s)}") for s in lafayette_spaces(state)]


def _lafayette_space(state: WwState, frame: EventPick, verb: str, space) -> None:
    event_frame(state).target = space
    from_reserve(state, space, AM, LAFAYETTE_CUS, "Marquis de Lafayette Arrives")


def _lafayette_targets(state: WwState, frame: EventPick):
    if not lafayette_waiting(state):
        return []
    return [("general", LAFAYETTE, f"Lafayette comes with them to "
             f"{name(event_frame(state).target)}")]


def _lafayette(state: WwState, frame: EventPick, verb: str, general) -> None:
    space = event_frame(state).target
    state.generals[LAFAYETTE] = space
    state.log.append(f"Lafayette arrives at {name(space)} (Marquis de Lafayette Arrives).")


pick("lafayette-space",
     lambda state, frame: (f"American: Lafayette: place {LAFAYETTE_CUS} American CUs from the "
                           "Reserve in a space with no British CU and no British PC."),
     _lafayette_space_targets, _lafayette_space, group="move")
pick("lafayette",
     lambda state, frame: ("American: Lafayette is in the American Reinforcement Leaders box: "
                           "he may come with them (a general already there: one of the two "
                           "goes to the box, never Washington, 7.4.C)."),
     _lafayette_targets, _lafayette, group="move", done_label="Lafayette stays in the box")


def lafayette_playable(state: WwState, side: str) -> bool:
    return exists(lafayette_spaces(state)) and (bool(q.cu_count(state, RESERVE, AM))
                                              or lafayette_waiting(state))


def lafayette_place(state: WwState, frame: Event) -> None:
    ask(state, "lafayette-space", AMERICAN, frame.card, 1, must=True)


def lafayette_general(state: WwState, frame: Event) -> None:
    ask(state, "lafayette", AMERICAN, frame.card, 1, must=False)


def lafayette_arrival(state: WwState, frame: Event) -> None:
    if frame.target:
        arrival(state, frame.target, AMERICAN)


register(LAFAYETTE_CARD, lafayette_playable, lafayette_place, lafayette_general,
         lafayette_arrival)

# --- 29 Congress Offers Enlistment Bounties ------------------------------------------------------


def bounty_spaces(state: WwState) -> Iterator[str]:
    leaders = q.general_spaces(state, AMERICAN)   # where general_at(.., AMERICAN) finds one
    return (s for s in q.spaces() if (s in leaders or state.congress == s)
            and not q.cus(state, s, BRITISH))


def _bounty_targets(state: WwState, frame: EventPick):
    return [("space", s, f"Place the CUs in {name(s)}") for s in bounty_spaces(state)]


def _bounty(state: WwState, frame: EventPick, verb: str, space) -> None:
    event_frame(state).target = space
    from_reserve(state, space, AM, BOUNTY_CUS, "Congress Offers Enlistment Bounties")


pick("bounties",
     lambda state, frame: (f"American: Enlistment Bounties: place {BOUNTY_CUS} American CUs from "
                           "the Reserve in a space with an American general or the Congress "
                           "and no British CU."),
     _bounty_targets, _bounty, group="move")


def bounties(state: WwState, frame: Event) -> None:
    ask(state, "bounties", AMERICAN, frame.card, 1, must=True)


def bounties_arrival(state: WwState, frame: Event) -> None:
    """A lone British general with the Congress is captured by the CUs (8.2 clarification)."""
    if frame.target:
        arrival(state, frame.target, AMERICAN)


BOUNTIES = register("Congress Offers Enlistment Bounties",
                    lambda state, side: bool(q.cu_count(state, RESERVE, AM))
                    and exists(bounty_spaces(state)), bounties, bounties_arrival)

# --- 30 Clinton and Cornwallis Quarrel -----------------------------------------------------------


def _quarrel_targets(state: WwState, frame: EventPick):
    return [("general", g, f"Send {general_name(g)} at {name(state.generals[g])} to the British "
             "Reinforcements box") for g in generals_on_map(state, BRITISH)]


def _quarrel(state: WwState, frame: EventPick, verb: str, general) -> None:
    to_box(state, general, BRITISH_REINFORCEMENTS, "Clinton and Cornwallis Quarrel; his CUs "
           "stay")


pick("quarrel",
     lambda state, frame: ("American: Clinton and Cornwallis quarrel: send one British general "
                           "on the map to the British Reinforcements box."),
     _quarrel_targets, _quarrel, group="move")
QUARREL = register("Clinton and Cornwallis Quarrel",
                   lambda state, side: exists(generals_on_map(state, BRITISH)),
                   lambda state, frame: ask(state, "quarrel", AMERICAN, frame.card, 1,
                                            must=True))

# --- 32 Hessian Mercenaries Land ------------------------------------------------------------------


def hessian_ports(state: WwState) -> list[str]:
    """8.1.C: a port not in a Blockaded Zone, with no American CU and no American PC."""
    return [s for s in q.ports() if not q.blockaded(state, s)
            and not q.cus(state, s, AMERICAN) and state.pcs.get(s) != AMERICAN]


def _hessian_port_targets(state: WwState, frame: EventPick):
    return [("space", s, f"The Hessians land at {name(s)}") for s in hessian_ports(state)]


def _hessian_port(state: WwState, frame: EventPick, verb: str, space) -> None:
    event_frame(state).target = space


def _hessian_count_targets(state: WwState, frame: EventPick):
    most = min(HESSIAN_CUS, q.cu_count(state, RESERVE, BR))
    return [("count", n, f"{cu_word(n)} land at {name(event_frame(state).target)}")
            for n in range(1, most + 1)]


def _hessian_count(state: WwState, frame: EventPick, verb: str, n) -> None:
    from_reserve(state, event_frame(state).target, BR, int(n), "Hessian Mercenaries Land")


pick("hessian-port",
     lambda state, frame: ("British: the Hessians: the port where up to 3 British CUs from the "
                           "Reserve land (not Blockaded, no American CU, no American PC)."),
     _hessian_port_targets, _hessian_port, group="move")
pick("hessian-count",
     lambda state, frame: "British: the Hessians: how many British CUs land?",
     _hessian_count_targets, _hessian_count, group="move")


def hessians_playable(state: WwState, side: str) -> bool:
    return bool(q.cu_count(state, RESERVE, BR)) and bool(hessian_ports(state))


def hessians_arrival(state: WwState, frame: Event) -> None:
    """A lone American general there is captured, the Congress there dispersed (7.6, 7.7)."""
    if frame.target:
        arrival(state, frame.target, BRITISH)


HESSIANS = register("Hessian Mercenaries Land", hessians_playable,
                    lambda state, frame: ask(state, "hessian-port", BRITISH, frame.card, 1,
                                             must=True),
                    lambda state, frame: ask(state, "hessian-count", BRITISH, frame.card, 1,
                                             must=True),
                    hessians_arrival)

# --- 36 General Charles Lee Captured ---------------------------------------------------------------


def lee_playable(state: WwState, side: str) -> bool:
    where = state.generals.get(LEE, "")
    return q.on_map(where) or where == AMERICAN_LEADERS


def lee(state: WwState, frame: Event) -> None:
    """Lee to the Captured Generals box (7.6); his CUs stay; he comes back like any captured
    general in the next Reinforcement Phase (5.1)."""
    to_box(state, LEE, CAPTURED, "General Charles Lee Captured, 7.6; his CUs stay")


LEE_CARD = register("General Charles Lee Captured", lee_playable, lee)

# --- 37 The Conway Cabal ----------------------------------------------------------------------------


def _conway_targets(state: WwState, frame: EventPick):
    return [("general", g, f"Send {general_name(g)} at {name(state.generals[g])} to the American "
             "Reinforcement Leaders box") for g in generals_on_map(state, AMERICAN)
            if g != WASHINGTON]


def _conway(state: WwState, frame: EventPick, verb: str, general) -> None:
    to_box(state, general, AMERICAN_LEADERS, "The Conway Cabal; his CUs stay")


pick("conway",
     lambda state, frame: ("British: the Conway Cabal: send one American general on the map, "
                           "not Washington, to the American Reinforcement Leaders box."),
     _conway_targets, _conway, group="move")
CONWAY = register("The Conway Cabal",
                  lambda state, side: any_target_now(state, "conway", BRITISH),
                  lambda state, frame: ask(state, "conway", BRITISH, frame.card, 1, must=True))

# --- 38 Smallpox --------------------------------------------------------------------------------


def _smallpox_targets(state: WwState, frame: EventPick):
    spaces = [s for s in cu_spaces(state, AMERICAN) if s not in frame.chosen]
    return american_cu_targets(state, spaces, "Remove")


def _smallpox(state: WwState, frame: EventPick, verb: str, space) -> None:
    eliminate(state, space, NATIONALITY_OF_VERB[verb], BRITISH, "Smallpox, 6.31")


pick("smallpox",
     lambda state, frame: ("British: Smallpox: remove one American or French CU from each of "
                           f"up to two different spaces ({left_text(frame)}; 6.31)."),
     _smallpox_targets, _smallpox, group="move")
SMALLPOX = register("Smallpox Ravages the Continental Army",
                    lambda state, side: exists(cu_spaces(state, AMERICAN)),
                    lambda state, frame: ask(state, "smallpox", BRITISH, frame.card, 2,
                                             must=False))

# --- 45 Tarleton's Waxhaws Massacre, as a Strategy Phase event (6.33.A) -------------------------


def tarleton_spaces(state: WwState) -> Iterator[str]:
    colonies = deck.card(deck.TARLETON).colonies
    return (s for s in cu_spaces(state, AMERICAN) if q.colony(s) in colonies
            and q.general_at(state, s, AMERICAN) is None)


def _tarleton_targets(state: WwState, frame: EventPick):
    return american_cu_targets(state, tarleton_spaces(state), "Remove")


def _tarleton(state: WwState, frame: EventPick, verb: str, space) -> None:
    eliminate(state, space, NATIONALITY_OF_VERB[verb], BRITISH, "Tarleton's Waxhaws Massacre")


pick("tarleton",
     lambda state, frame: ("British: Tarleton's Waxhaws Massacre: remove one American CU from a "
                           "space in North Carolina, South Carolina or Georgia with no American "
                           "general."),
     _tarleton_targets, _tarleton, group="move")
register(deck.TARLETON, lambda state, side: exists(tarleton_spaces(state)),
         lambda state, frame: ask(state, "tarleton", BRITISH, frame.card, 1, must=True))

