"""Events that place, flip or remove PCs (10.12.A: the text applied literally; "place" never
flips, R18). Where an event removes the opponent's PCs, the player who played it chooses them
(6.31); "up to" lets him stop early, and an event with nothing at all to do is not playable
(6.32.A).

    15  William Pitt Urges Peace Negotiations      British: up to 3 American PCs, 3 colonies
    18  Joseph Brant Leads an Iroquois Raid        British: up to 3 American PCs, NY PA VA
    21  Nathan Hale, American Martyr               American: up to 2 PCs in NY / CT
    22  Thomas Paine Publishes Common Sense        American: up to 3 PCs, 3 colonies
    23  Ethan Allen ... Take Ticonderoga           American: 1 CU and a PC at Ticonderoga
    24  George Rogers Clark's Illinois Campaign    American: Fort Detroit
    25  Overmountain Men Win at Kings Mountain     American: up to 2 British PCs, Gilbert Town
    33  Loyalists Rise in the Carolinas            British: up to 2 PCs in NC / SC / GA
    34  Lord Dunmore's Proclamation                British: up to 2 PCs in VA (or flip Norfolk)
    35  Captain Mowat Burns Falmouth               British: up to 2 American PCs in ports
"""
from __future__ import annotations

from core.ww import deck
from core.ww import query as q
from core.ww.events.common import (THIRTEEN, EventPick, american_may_place, any_target_now,
                                   ask, british_may_place, card_number, from_reserve, left_text,
                                   name, pick, register, remove_pc, set_pc,
                                   unprotected_american_pc)
from core.ww.frames.events import Event
from core.ww.state import AM, AMERICAN, BR, BRITISH, RESERVE, WwState


def _colonies_chosen(frame: EventPick) -> set[str]:
    return {q.colony(str(s)) for s in frame.chosen}


def _simple(what: str, side: str, card_title: str, left: int, targets, apply, prompt: str,
            verb_rule: str):
    """An event that is one "up to `left`" choice: register its pick, its playability (a
    target exists now) and its one stage."""
    number = card_number(card_title)

    def stage(state: WwState, frame: Event) -> None:
        ask(state, what, side, frame.card, left, must=False)

    pick(what, lambda state, frame: f"{side}: {prompt} ({left_text(frame)}; {verb_rule}).",
         targets, apply, done_label="No more")
    register(number, lambda state, player: any_target_now(state, what, side, number), stage)
    return number


# --- 15 William Pitt -----------------------------------------------------------------------------


def _pitt_targets(state: WwState, frame: EventPick):
    done = _colonies_chosen(frame)
    return (("remove", s, f"Remove the American PC in {name(s)} ({q.colony(s)})")
            for s in q.spaces() if unprotected_american_pc(state, s)
            and q.colony(s) not in done)


def _pitt(state: WwState, frame: EventPick, verb: str, space) -> None:
    remove_pc(state, space, BRITISH, "William Pitt")


PITT = _simple("pitt", BRITISH, deck.NAMED_TITLES["pitt"], 3, _pitt_targets, _pitt,
               "William Pitt: remove American PCs, each in a different colony, from spaces with "
               "no American CU, general or Congress", "6.31")

# --- 18 Joseph Brant -------------------------------------------------------------------------------


def _brant_targets(state: WwState, frame: EventPick):
    colonies = deck.card(deck.BRANT).colonies
    return (("remove", s, f"Remove the American PC in {name(s)} ({q.colony(s)})")
            for s in q.spaces_in(colonies) if not q.is_port(s)
            and unprotected_american_pc(state, s))


def _brant(state: WwState, frame: EventPick, verb: str, space) -> None:
    remove_pc(state, space, BRITISH, "Joseph Brant, 6.31")


BRANT = _simple("brant", BRITISH, deck.NAMED_TITLES["brant"], 3, _brant_targets, _brant,
                "Joseph Brant: remove American PCs from non-port spaces of New York, Pennsylvania "
                "and Virginia with no American CU, general or Congress", "6.31")

# --- 21 Nathan Hale ----------------------------------------------------------------------------------

HALE_TITLE = "Nathan Hale, American Martyr"


def _hale_targets(state: WwState, frame: EventPick):
    colonies = deck.card(card_number(HALE_TITLE)).colonies
    return (("place", s, f"Place an American PC in {name(s)} ({q.colony(s)})")
            for s in q.spaces_in(colonies) if american_may_place(state, s))


def _hale(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, AMERICAN, "Nathan Hale")


HALE = _simple("hale", AMERICAN, HALE_TITLE, 2, _hale_targets, _hale,
               "Nathan Hale: place American PCs in New York and/or Connecticut, in spaces with "
               "no PC and no British CU", "10.11.A.ii")

# --- 22 Thomas Paine ---------------------------------------------------------------------------------


def _paine_targets(state: WwState, frame: EventPick):
    done = _colonies_chosen(frame)
    return (("place", s, f"Place an American PC in {name(s)} ({q.colony(s)})")
            for s in q.spaces_in(THIRTEEN) if q.colony(s) not in done
            and american_may_place(state, s))


def _paine(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, AMERICAN, "Thomas Paine")


PAINE = _simple("paine", AMERICAN, "Thomas Paine Publishes Common Sense", 3, _paine_targets,
                _paine, "Thomas Paine: place American PCs, each in a different colony (not "
                "Canada), in spaces with no PC and no British CU", "10.11.A.ii")

# --- 23 Ethan Allen takes Ticonderoga ---------------------------------------------------------------

ALLEN = card_number("Ethan Allen and the Green Mountain Boys Take Ticonderoga")
TICONDEROGA = "ticonderoga"


def allen_playable(state: WwState, side: str) -> bool:
    """Only if Ticonderoga holds no British CU and no British general; and the event must
    change something: a CU from the Reserve, or the PC not yet American."""
    if q.cus(state, TICONDEROGA, BRITISH) or q.general_at(state, TICONDEROGA, BRITISH):
        return False
    return bool(q.cu_count(state, RESERVE, AM)) or state.pcs.get(TICONDEROGA) != AMERICAN


def allen(state: WwState, frame: Event) -> None:
    """One American CU from the Reserve and an American PC at Ticonderoga, flipping a British
    PC."""
    from_reserve(state, TICONDEROGA, AM, 1, "Ethan Allen and the Green Mountain Boys")
    if state.pcs.get(TICONDEROGA) != AMERICAN:
        set_pc(state, TICONDEROGA, AMERICAN, "Ethan Allen and the Green Mountain Boys")


register(ALLEN, allen_playable, allen)

# --- 24 George Rogers Clark -------------------------------------------------------------------------

CLARK = card_number("George Rogers Clark's Illinois Campaign")
DETROIT = "fort-detroit"


def clark_playable(state: WwState, side: str) -> bool:
    """Only if Fort Detroit holds a British CU or does not hold an American PC."""
    return bool(q.cus(state, DETROIT, BRITISH)) or state.pcs.get(DETROIT) != AMERICAN


def clark(state: WwState, frame: Event) -> None:
    """One British CU at Fort Detroit removed; then, with no British CU left, an American PC
    there (flipping a British PC). Fort Detroit does not count for Canada (10.0.B)."""
    if q.cus(state, DETROIT, BRITISH):
        q.eliminate_cus(state, DETROIT, BR, 1)
        state.log.append(f"American removes 1 British CU at {name(DETROIT)} "
                         "(George Rogers Clark).")
    if not q.cus(state, DETROIT, BRITISH) and state.pcs.get(DETROIT) != AMERICAN:
        set_pc(state, DETROIT, AMERICAN, "George Rogers Clark")


register(CLARK, clark_playable, clark)

# --- 25 Kings Mountain ----------------------------------------------------------------------------

KINGS_MOUNTAIN = card_number("Overmountain Men Win at Kings Mountain")
GILBERT_TOWN = "gilbert-town"


def _kings_mountain_targets(state: WwState, frame: EventPick):
    colonies = deck.card(KINGS_MOUNTAIN).colonies
    return (("remove", s, f"Remove the British PC in {name(s)} ({q.colony(s)})")
            for s in q.spaces_in(colonies) if state.pcs.get(s) == BRITISH
            and not q.cus(state, s, BRITISH))


def _kings_mountain(state: WwState, frame: EventPick, verb: str, space) -> None:
    remove_pc(state, space, AMERICAN, "Kings Mountain, 6.31")


def _gilbert_town_targets(state: WwState, frame: EventPick):
    if american_may_place(state, GILBERT_TOWN):
        return [("place", GILBERT_TOWN, f"Place an American PC in {name(GILBERT_TOWN)}")]
    return []


def _gilbert_town(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, AMERICAN, "Kings Mountain")


pick("kings-mountain",
     lambda state, frame: (f"American: Kings Mountain: remove British PCs in North and/or "
                           f"South Carolina from spaces with no British CU "
                           f"({left_text(frame)}; 6.31)."),
     _kings_mountain_targets, _kings_mountain)
pick("gilbert-town",
     lambda state, frame: ("American: Kings Mountain: you may place an American PC in "
                           f"{name(GILBERT_TOWN)}."),
     _gilbert_town_targets, _gilbert_town, done_label="No PC in Gilbert Town")


def kings_mountain_playable(state: WwState, side: str) -> bool:
    return any_target_now(state, "kings-mountain", AMERICAN) or \
        any_target_now(state, "gilbert-town", AMERICAN)


def kings_mountain_remove(state: WwState, frame: Event) -> None:
    ask(state, "kings-mountain", AMERICAN, frame.card, 2, must=False)


def kings_mountain_place(state: WwState, frame: Event) -> None:
    """Then, if Gilbert Town holds no PC and no British CU, the American may place a PC."""
    ask(state, "gilbert-town", AMERICAN, frame.card, 1, must=False)


register(KINGS_MOUNTAIN, kings_mountain_playable, kings_mountain_remove, kings_mountain_place)

# --- 33 Loyalists Rise in the Carolinas ------------------------------------------------------------

LOYALISTS_TITLE = "Loyalists Rise in the Carolinas"


def _loyalists_targets(state: WwState, frame: EventPick):
    colonies = deck.card(card_number(LOYALISTS_TITLE)).colonies
    return (("place", s, f"Place a British PC in {name(s)} ({q.colony(s)})")
            for s in q.spaces_in(colonies) if british_may_place(state, s))


def _loyalists(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, BRITISH, "Loyalists Rise in the Carolinas")


LOYALISTS = _simple("loyalists", BRITISH, LOYALISTS_TITLE, 2, _loyalists_targets, _loyalists,
                    "Loyalists: place British PCs in North Carolina, South Carolina and/or "
                    "Georgia, in spaces with no PC and no American Unit; no adjacency needed",
                    "10.11.B.ii")

# --- 34 Lord Dunmore's Proclamation ---------------------------------------------------------------

DUNMORE_TITLE = "Lord Dunmore's Proclamation"
NORFOLK = "norfolk"


def _dunmore_targets(state: WwState, frame: EventPick):
    colonies = deck.card(card_number(DUNMORE_TITLE)).colonies
    for s in q.spaces_in(colonies):
        if british_may_place(state, s):
            yield "place", s, f"Place a British PC in {name(s)}"
    if state.pcs.get(NORFOLK) == AMERICAN and not q.american_units(state, NORFOLK):
        yield "flip", NORFOLK, f"Flip the American PC in {name(NORFOLK)} to British"


def _dunmore(state: WwState, frame: EventPick, verb: str, space) -> None:
    set_pc(state, space, BRITISH, "Lord Dunmore's Proclamation")


DUNMORE = _simple("dunmore", BRITISH, DUNMORE_TITLE, 2, _dunmore_targets, _dunmore,
                  "Lord Dunmore: place British PCs in Virginia spaces with no PC and no "
                  "American Unit (no adjacency needed), or instead flip the American PC in "
                  "Norfolk if no American Unit is there", "10.12.A")

# --- 35 Captain Mowat Burns Falmouth ---------------------------------------------------------------


def _mowat_targets(state: WwState, frame: EventPick):
    return (("remove", s, f"Remove the American PC in {name(s)}")
            for s in q.ports() if not q.blockaded(state, s) and not q.is_fortified(s)
            and unprotected_american_pc(state, s))


def _mowat(state: WwState, frame: EventPick, verb: str, space) -> None:
    remove_pc(state, space, BRITISH, "Captain Mowat, 6.31")


MOWAT = _simple("mowat", BRITISH, "Captain Mowat Burns Falmouth", 2, _mowat_targets, _mowat,
                "Captain Mowat: remove American PCs from ports not Blockaded and not fortified "
                "with no American CU, general or Congress", "6.31")
