"""Random-play fuzzer for Washington's War (issue 8 part 7).

Whole games through Match from many seeds, 1775 to the war's end: no exception, no dead end,
and the invariants after every action: the 110 cards conserved across deck, hands, discard,
removed and the card boxes; combat units conserved per nationality; at most one general per
side in a space; no space holding both sides outside a battle; no hidden card in the other
role's view. `MUSTER_FUZZ_SEEDS=100 pytest tests/test_ww_fuzz.py` runs it larger.
"""
from __future__ import annotations

import os

import pytest

from core import cards
from core.engine import Action, Match
from core.playout import random_playout
from core.registry import get_rules
from core.ww import deck, setup
from core.ww import query as q
from core.ww.frames.battle import Battle
from core.ww.frames.movement import Activation, SurplusGeneral
from core.ww.state import AM, AMERICAN, BR, BRITISH, FR, REMOVED, SIDES, WwState

SEEDS = int(os.environ.get("MUSTER_FUZZ_SEEDS", "8"))
RULES = get_rules("washingtons-war")
CATALOGUE = [c.number for c in deck.CARDS]


def cus_everywhere(state: WwState, nationality: str) -> int:
    return sum(here.get(nationality, 0) for here in state.cus.values())


def check(match: Match, role: str, action: Action) -> None:
    state = match.state
    assert isinstance(state, WwState)
    cards.check_conserved(state.piles, CATALOGUE)
    for nationality in (AM, BR):
        assert cus_everywhere(state, nationality) == setup.TOTAL_CUS[nationality], nationality
    french = cus_everywhere(state, FR) - state.cus.get(REMOVED, {}).get(FR, 0)
    assert 0 <= french <= 5 and cus_everywhere(state, FR) == 5
    fighting = {f.space for f in state.stack if isinstance(f, Battle)}
    choosing = {f.space for f in state.stack if isinstance(f, SurplusGeneral)}
    # 7.4.C clarification: an activated general may pass through a friendly general's space
    choosing |= {state.generals[f.general] for f in state.stack if isinstance(f, Activation)}
    for space in q.spaces():
        if space not in choosing:
            for side in SIDES:
                assert len(q.generals_at(state, space, side)) <= 1, (space, side)
        if space not in fighting and state.result is None:
            both = (q.cus(state, space, AMERICAN) or q.general_at(state, space, AMERICAN)) and \
                (q.cus(state, space, BRITISH) or q.general_at(state, space, BRITISH))
            assert not both or _moving_through(state, space), space
    for viewer in SIDES:
        view = match.view(viewer)
        other = state.piles.hands[q.enemy(viewer)]
        shown = {c.id for c in view.hand or []} | {c.id for pile in view.piles.values()
                                                   for c in pile}
        assert not (shown & set(other)), f"{viewer} sees a card of the other hand"
        assert view.hand_sizes[q.enemy(viewer)] == len(other)


def _moving_through(state: WwState, space: str) -> bool:
    """A general alone passing through a space holding only an enemy general (7.4.A), or an
    army stopped by a decision that will move it on (interception, retreat before battle)."""
    top = state.stack[-1] if state.stack else None
    if top is not None and getattr(top, "space", None) == space:
        return True
    return any(state.generals[f.general] == space for f in state.stack
               if isinstance(f, Activation))


@pytest.mark.parametrize("seed", range(1, SEEDS + 1))
def test_random_games_finish_with_every_invariant(seed):
    match = random_playout(RULES, seed, on_action=check, max_actions=20_000)
    assert match.result and match.result.split(":")[0] in ("American victory", "British victory")
