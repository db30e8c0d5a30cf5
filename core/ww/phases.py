"""The phases of the game turn outside the Strategy Phase (5.0): flow.py calls one function per
phase; each does its work at once or pushes the frames (stops) that run before the next phase.

    reinforcement_phase       5.1, 8.1.A, 8.2.A: captured generals home; British CUs arrive in
                              the British Reinforcements box
    winter_attrition_phase    5.4, 11 (attrition.py)
    french_naval_phase        5.5, 12.3: the American may move the French Navy (must, after
                              d'Estaing)
    political_control_phase   5.6, 10.2: POLITICAL_CONTROL = the Congress segment -> PC placement
                              by Armies -> isolated PCs removed, the American first (isolation.py)
    end_phase                 5.7: END_PHASE = the European War -> the War Ends card -> the
                              reinforcement and queued cards to the discard pile

The French Alliance (12) is in alliance.py, victory (13) in victory.py.
"""
from __future__ import annotations

from core import cards, stack
from core.engine import Action, Choice
from core.ww import alliance, attrition, deck, forces, isolation, victory
from core.ww import generals as roster
from core.ww import query as q
from core.ww.frames.phases import (EndPhase, EuropeanWar, FrenchNavy, PlaceCongress,
                                   PoliticalControl, WinterAttrition)
from core.ww.state import (AMERICAN, AMERICAN_LEADERS, AMERICAN_REINFORCEMENT_CARDS, BR,
                           BRITISH, BRITISH_REINFORCEMENT_CARD, BRITISH_REINFORCEMENTS, CAPTURED,
                           DISPERSED, NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK, QUEUE, RESERVE,
                           SIDES, WAR_ENDS, WwState)
from core.ww.query import name, set_pc

EUROPEAN_WAR_CUS = 2           # 5.7, 12.2.B.iii


# --- 5.1 Reinforcement Phase ------------------------------------------------------------------


def reinforcement_phase(state: WwState) -> None:
    """5.1: captured generals go to their own side's box (8.1.A, 8.2.A: Rochambeau to the
    American Reinforcement Leaders box); then the British CUs of this year's Turn Track space
    go from the Reserve to the British Reinforcements box (8.1.A)."""
    for general, where in list(state.generals.items()):
        if where == CAPTURED:
            box = BRITISH_REINFORCEMENTS if roster.side(general) == BRITISH else AMERICAN_LEADERS
            state.generals[general] = box
            rule = "8.1.A" if box == BRITISH_REINFORCEMENTS else "8.2.A"
            state.log.append(f"{roster.display(general)} returns from captivity to the "
                             f"{name(box)} box ({rule}).")
    due = forces.setup().british_reinforcements(state.year)
    moved = q.move_cus(state, RESERVE, BRITISH_REINFORCEMENTS, BR, due)
    short = f"; the Reserve held only {moved}" if moved < due else ""
    state.log.append(f"{moved} British CU{'' if moved == 1 else 's'} join the British "
                     f"Reinforcements box (the {state.year} Turn Track space shows {due}"
                     f"{short}) (5.1, 8.1.A).")


# --- 5.4 Winter Attrition Phase ---------------------------------------------------------------


def winter_attrition_phase(state: WwState) -> None:
    """5.4, 11: see attrition.py; automatic victory may happen here (13.1)."""
    stack.push(state, WinterAttrition())


# --- 5.5 French Naval Phase -------------------------------------------------------------------


def french_naval_phase(state: WwState) -> None:
    """5.5: nothing until the French Navy is in play (12.2.B.i); then the American may move it
    to any Blockade Zone, and must place it when d'Estaing left it on the Turn Track (12.3)."""
    if state.navy == NAVY_NOT_IN_PLAY:
        return
    if state.navy == NAVY_ON_TURN_TRACK:
        stack.push(state, FrenchNavy(must=True, rule="5.5, 12.3 d'Estaing"))
    else:
        stack.push(state, FrenchNavy(must=False, rule="5.5"))


# --- 5.6 Political Control Phase (10.2) -------------------------------------------------------


def political_control_phase(state: WwState) -> None:
    stack.push(state, PoliticalControl())


def congress_spaces(state: WwState) -> list[str]:
    """10.2.1 (C5): a space of the 13 colonies (not Canada) holding an American PC and no
    British piece at all, CU or general."""
    return [s for s in q.spaces() if q.colony(s) != q.CANADA and state.pcs.get(s) == AMERICAN
            and not q.british_pieces(state, s)]


def congress_segment(state: WwState, frame: PoliticalControl) -> None:
    """10.2.1: the American must return a dispersed Congress to the map if he can; otherwise
    it waits for the next turn's Congress segment."""
    if state.congress != DISPERSED:
        return
    spaces = congress_spaces(state)
    if not spaces:
        state.log.append("The Continental Congress stays dispersed: no space of the 13 colonies "
                         "holds an American PC and no British piece (10.2.1).")
    elif len(spaces) == 1:
        place_congress(state, spaces[0])
    else:
        stack.push(state, PlaceCongress())


def place_congress(state: WwState, space: str) -> None:
    state.congress = space
    state.log.append(f"The American returns the Continental Congress to {name(space)} "
                     "(10.2.1).")


def _congress(state: WwState, frame: PlaceCongress, space: str) -> None:
    stack.done(state, frame)
    place_congress(state, space)


PLACE_CONGRESS = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=lambda state, frame: ("American: return the Continental Congress to a space with an "
                                 "American PC and no British piece (10.2.1)."),
    choices=lambda state, frame: [Choice(Action("space", s), f"The Congress to {name(s)}", "pc")
                                  for s in congress_spaces(state)],
    handlers={"space": _congress},
)


def placement_segment(state: WwState, frame: PoliticalControl) -> None:
    """10.2.2 (A28: mandatory and automatic): in every space holding one of his Armies (a
    general with at least one CU; French ones count as American, 12.2.C) each side places
    his PC or flips the enemy's, the British with no need of adjacency."""
    # where each side has an Army (query.has_army), read once: placing PCs moves no piece
    armies = {side: {space for space in q.general_spaces(state, side)
                     if q.cus(state, space, side)} for side in SIDES}
    for space in q.in_board_order((armies[AMERICAN] | armies[BRITISH]) & q.map_spaces()):
        for side in SIDES:
            if space in armies[side] and state.pcs.get(space) != side:
                set_pc(state, space, side, "10.2.2")


def isolation_segment(state: WwState, frame: PoliticalControl) -> None:
    """10.2.3: the American removes his isolated PCs, then the British his, on the map the
    American removals leave (10.3)."""
    isolation.remove_isolated(state, AMERICAN)
    isolation.remove_isolated(state, BRITISH)


POLITICAL_CONTROL = stack.Steps((congress_segment, placement_segment, isolation_segment))


# --- 5.7 End Phase ------------------------------------------------------------------------------


def end_phase(state: WwState) -> None:
    stack.push(state, EndPhase())


def european_war(state: WwState, frame: EndPhase) -> None:
    """5.7.1, 12.2.B.iii: if the French Alliance took effect this turn, the European War breaks
    out and the British removes 2 CUs from the map, from any one or two spaces (blockaded ports
    too; never from the British Reinforcements box)."""
    if not state.alliance_this_turn:
        return
    state.alliance_this_turn = False
    state.european_war = True
    state.log.append("The European War breaks out: the British removes 2 CUs from the map "
                     "(5.7, 12.2.B.iii).")
    european_removals(state, EUROPEAN_WAR_CUS)


def british_spaces(state: WwState) -> list[str]:
    return [s for s in q.spaces() if q.cu_count(state, s, BR)]


def european_removals(state: WwState, left: int) -> None:
    """Remove the British CUs still due: at once while a single space holds them all, else the
    British chooses each one."""
    while left:
        spaces = british_spaces(state)
        if not spaces:
            state.log.append("No British CU is left on the map to remove (12.2.B.iii).")
            return
        if len(spaces) > 1:
            stack.push(state, EuropeanWar(left=left))
            return
        taken = q.eliminate_cus(state, spaces[0], BR, left)
        log_removal(state, spaces[0], taken)
        left -= taken


def log_removal(state: WwState, space: str, count: int) -> None:
    state.log.append(f"The British removes {count} CU{'' if count == 1 else 's'} from "
                     f"{name(space)} for the European War (12.2.B.iii).")


def _european_cu(state: WwState, frame: EuropeanWar, space: str) -> None:
    stack.done(state, frame)
    log_removal(state, space, q.eliminate_cus(state, space, BR, 1))
    european_removals(state, frame.left - 1)


EUROPEAN_WAR = stack.Stop(
    role=lambda state, frame: BRITISH,
    prompt=lambda state, frame: (f"British: the European War: remove {frame.left} more "
                                 f"CU{'' if frame.left == 1 else 's'} from the map "
                                 "(12.2.B.iii)."),
    choices=lambda state, frame: [
        Choice(Action("remove", s), f"Remove 1 CU from {name(s)} "
               f"({q.cu_count(state, s, BR)} there)", "cu")
        for s in british_spaces(state)],
    handlers={"remove": _european_cu},
)


def war_ends_year(state: WwState) -> int | None:
    """6.34.C.iii: the year of the Lord North card in the War Ends box, if any."""
    boxed = state.piles.boxes[WAR_ENDS]
    return deck.card(boxed[-1]).war_end_year if boxed else None


def war_over(state: WwState, year: int) -> bool:
    """5.7.2, D6: the card shows the current year or an earlier one; with the option
    `war_ends_literal`, the Italian text's current or previous year."""
    if state.options.war_ends_literal:
        return year in (state.year, state.year - 1)
    return year <= state.year


def game_end(state: WwState, frame: EndPhase) -> None:
    """5.7.2: unless an automatic victory ended the game, the War Ends card may end it now,
    the winner decided by 13.2."""
    year = war_ends_year(state)
    if state.result is None and year is not None and war_over(state, year):
        victory.final(state, f"the War Ends card for {year} is in the War Ends box in the "
                             f"End Phase of {state.year} (5.7)")


def tidy(state: WwState, frame: EndPhase) -> None:
    """5.7.3 and its clarification: the OPS cards in the Reinforcement Card boxes go to the
    discard pile; every Operations Queue and every pending exchange lapses (the queued cards
    to the discard pile too); the Mutinies of this turn end (10.11.A.iv)."""
    for box in (BRITISH_REINFORCEMENT_CARD, *AMERICAN_REINFORCEMENT_CARDS, *QUEUE.values()):
        for number in list(state.piles.boxes[box]):
            cards.move(state.piles, number, box, cards.DISCARD)
    state.exchange_card, state.exchange_for = 0, ""
    state.mutiny = False
    state.log.append("End Phase: the reinforcement and queued cards go to the discard pile; "
                     "queues and exchanges lapse (5.7).")


END_PHASE = stack.Steps((european_war, game_end, tidy))


FLOW: stack.Flow = {
    **attrition.FLOW,
    **alliance.FLOW,
    PoliticalControl: POLITICAL_CONTROL,
    PlaceCongress: PLACE_CONGRESS,
    EndPhase: END_PHASE,
    EuropeanWar: EUROPEAN_WAR,
}
