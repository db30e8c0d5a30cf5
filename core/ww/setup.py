"""Washington's War set-up (4.0): the fixed pieces, the deck, then the Committees of
Correspondence (American PCs) and For the King (British PCs), as stops."""
from __future__ import annotations

from functools import cache

from core import cards, rng, stack
from core.engine import Action, Choice
from core.ww import deck, forces, pc_spaces, space_bits
from core.ww import query as q
from core.ww.frames.turn import Committees, ForTheKing, Setup
from core.ww.options import WwOptions
from core.ww.state import (AM, AMERICAN, BR, BRITISH, CARD_BOXES, FR, FRENCH_REINFORCEMENTS,
                           RESERVE, SIDES, WwState)
from core.ww.query import name, set_pc

GAME_ID = "washingtons-war"
SCENARIO = "1775"
NATIONALITY = {"American": AM, "British": BR, "French": FR}
# The Reserves (8.2.C, 9.5): the seed gives 52 round CU pieces of 1, 2, 3 and 5 but no total per
# nationality (reference "Data the seeds do NOT contain" 6). Reconstructed so that neither side
# runs short in a normal game while the supply still bounds what events and reinforcements can
# bring: every American and British CU is counted, so CUs are conserved (the fuzzer checks it).
TOTAL_CUS = {AM: 35, BR: 45}   # reconstructed (docs/ww-map.md)


def new_state(seed: int, options: WwOptions) -> WwState:
    """4.0 steps 1-5: pieces, markers and the shuffled deck."""
    data = forces.setup()
    state = WwState(game=GAME_ID, scenario=SCENARIO, options=options, rng=rng.seed_state(seed),
                    year=data.start.year, regulars=data.start.regulars_advantage,
                    alliance=data.start.french_alliance)
    aside = [n for n in deck.SET_ASIDE]
    state.piles = cards.new_piles([c.number for c in deck.CARDS], SIDES, aside=aside,
                                  boxes=CARD_BOXES)
    cards.shuffle(state, state.piles.deck)
    for general in forces.generals().values():
        state.generals[general.id] = general.start
    for placement in data.placements:
        nationality = NATIONALITY[placement.nationality]
        q.add_cus(state, placement.location, nationality, placement.cu)
        if placement.pc:
            state.pcs[placement.location] = forces.side_of(placement.nationality)
        if placement.congress:
            state.congress = placement.location
    for nationality in (AM, BR):
        placed = sum(here.get(nationality, 0) for here in state.cus.values())
        q.add_cus(state, RESERVE, nationality, TOTAL_CUS[nationality] - placed)
    state.log.append("Washington's War, 1775: set-up (4.0).")
    return state


# --- 4.0.6 Committees of Correspondence ------------------------------------------------------

# the set-up PCs' choices for every space, made once (the board never changes; a Choice is
# frozen, so one object serves every listing)
_PC_IN = {s: Choice(Action("space", s), f"PC in {name(s)}", "pc") for s in q.spaces()}
_PCS_IN = space_bits.table(_PC_IN.__getitem__)


def committees_spaces(state: WwState, colony: str) -> list[str]:
    """4.0.6: a space of the colony with no British piece, and (reading) the normal American
    placement rules: no PC of either side, no British CU (10.11.A.ii)."""
    return [s for s in q.without_pc_or_british_cu(state, q.spaces_of(colony))
            if q.general_at(state, s, BRITISH) is None]


def begin_committees(state: WwState, frame: Setup) -> None:
    colonies = [c for c in forces.setup().committees_of_correspondence.colonies
                if committees_spaces(state, c)]
    if colonies:
        stack.push(state, Committees(colonies=colonies))


def _committee(state: WwState, frame: Committees, space: str) -> None:
    set_pc(state, space, AMERICAN, "4.0 Committees of Correspondence")
    frame.colonies.pop(0)
    while frame.colonies and not committees_spaces(state, frame.colonies[0]):
        frame.colonies.pop(0)
    if not frame.colonies:
        stack.done(state, frame)


COMMITTEES = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=lambda state, frame: (f"Committees of Correspondence (4.0): place an American PC in "
                                 f"{frame.colonies[0]} ({q.count_colonies(len(frame.colonies))} left)."),
    choices=lambda state, frame: [_PC_IN[s] for s in committees_spaces(state,
                                                                        frame.colonies[0])],
    handlers={"space": _committee},
)


# --- 4.0.7 For the King ------------------------------------------------------------------------


def for_the_king_spaces(state: WwState, frame: ForTheKing) -> list[str]:
    """4.0.7: under 10.11.B, adjacent to a British PC that stood before For the King (A18: one
    2-PC action, no chaining), no PC, no American unit; not in MA, CT, NH, PA or VA; Canada
    allowed unless the option reads it out (A19)."""
    # 10.11.B's British placement (`pc_spaces.placeable` with the PCs before: no PC, no
    # American unit, next to one of them or with a British Army) within the allowed colonies
    return space_bits.spaces_in(for_the_king_mask(state, frame))


def for_the_king_mask(state: WwState, frame: ForTheKing) -> int:
    """`for_the_king_spaces` as bits (space_bits)."""
    board = pc_spaces.PcBoard(state)
    before = pc_spaces.friendly_adjacent(BRITISH, space_bits.mask_of(frame.before))
    allowed = _for_the_king_colonies(state.options.for_the_king_in_canada)
    return pc_spaces.placeable(board, BRITISH, before) & allowed


@cache
def _for_the_king_colonies(canada: bool) -> int:
    """The map spaces For the King may place in (4.0.7, A19), as bits (space_bits)."""
    excluded = set(forces.setup().for_the_king.excluded_colonies)
    if not canada:
        excluded.add(q.CANADA)
    return space_bits.mask_of(s for s in q.spaces() if q.colony(s) not in excluded)


def begin_for_the_king(state: WwState, frame: Setup) -> None:
    stack.push(state, ForTheKing(before=sorted(q.pcs_of(state, BRITISH))))


def _for_the_king(state: WwState, frame: ForTheKing, space: str) -> None:
    set_pc(state, space, BRITISH, "4.0 For the King")
    frame.placed.append(space)
    if len(frame.placed) >= forces.setup().for_the_king.pcs or \
            not for_the_king_spaces(state, frame):
        stack.done(state, frame)


FOR_THE_KING = stack.Stop(
    role=lambda state, frame: BRITISH,
    prompt=lambda state, frame: (f"For the King (4.0): place a British PC "
                                 f"({forces.setup().for_the_king.pcs - len(frame.placed)} left)."),
    choices=lambda state, frame: space_bits.gather(for_the_king_mask(state, frame), _PCS_IN),
    handlers={"space": _for_the_king},
)

SETUP = stack.Steps((begin_committees, begin_for_the_king))

FLOW: stack.Flow = {Setup: SETUP, Committees: COMMITTEES, ForTheKing: FOR_THE_KING}
