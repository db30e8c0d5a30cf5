"""Washington's War card events: the machinery (6.3, 6.31, 6.32.A), the Special Events (6.34:
Declaration of Independence, Benjamin Franklin, the War Ends cards) and the random discards
(6.31, 6.34.B: John Paul Jones, Dr. Benjamin Church). Card texts: core/ww/cards.toml.

The other groups: tests/test_ww_events_political.py, _military.py, _french.py, _battle.py.
Positions are built with tests/support/ww_events.py and driven through the stack only.
"""
from __future__ import annotations

import msgspec
import pytest

from core.engine import IllegalAction
from core.ww import deck, events
from core.ww import query as q
from core.ww.frames import events as event_frames
from core.ww.frames.events import Event, EventPick
from core.ww.frames.phases import FrenchNavy
from core.ww.frames.strategy import Impulse, PlayCard
from core.ww.state import (AM, AMERICAN, BR, BRITISH, DISPERSED, IN_PLAY, RESHUFFLE_REMINDER,
                           WAR_ENDS, WwState)
from tests.support.ww_events import (act, clear, conserved, event, fresh, hand, labels,
                                     log_since, nouns, played, put, run, top)
from tests.support.ww_strategy import hidden_cards_named

DECLARATION, FRANKLIN = deck.DECLARATION, deck.FRANKLIN
W1779, W1780, W1781, W1782, W1783 = deck.WAR_ENDS_CARDS
JPJ, HORTALEZ, PITT = deck.JOHN_PAUL_JONES, deck.HORTALEZ, deck.PITT
CHURCH = deck.by_title("Dr. Benjamin Church Spies for the British")[0].number
HALE = deck.by_title("Nathan Hale, American Martyr")[0].number
OPS = [n for n in deck.OPS_CARDS][:6]
THIRTEEN = ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC", "SC", "GA")


def event_cards() -> list[int]:
    return [c.number for c in deck.CARDS if c.kind not in ("ops", "campaign")
            and "strategy" in c.play_in]


# =============================================================================================
# The machinery
# =============================================================================================


def test_every_event_card_but_campaigns_and_battle_only_cards_has_its_event():
    assert sorted(events.common.EVENTS) == sorted(event_cards())
    assert len(event_cards()) == 34         # 50 Event cards - 5 Campaigns - 11 battle-only


def test_flow_lists_every_frame_of_the_events_part():
    assert set(events.FLOW) == set(event_frames.FRAMES) == {Event, EventPick}
    for verb in events.common.VERBS:
        assert verb in events.common.EVENT_PICK.handlers


@pytest.mark.parametrize("number", [c.number for c in deck.CARDS if c.kind == "ops"][:3])
def test_ops_cards_have_no_event_3_0(number):
    assert not events.playable(fresh(), AMERICAN, number)
    with pytest.raises(ValueError):
        events.play(fresh(), AMERICAN, number)


def test_6_3_B_flags_only_the_flags_side_plays_an_event():
    state = fresh()
    hale, mutinies = HALE, deck.MUTINIES
    assert events.playable(state, AMERICAN, hale) and not events.playable(state, BRITISH, hale)
    assert events.playable(state, BRITISH, mutinies)
    assert not events.playable(state, AMERICAN, mutinies)


@pytest.mark.parametrize("number", [c.number for c in deck.CARDS if c.battle
                                    and c.number != deck.TARLETON])
def test_6_33_A_battle_cards_are_never_strategy_events(number):
    state = fresh()
    for side in (AMERICAN, BRITISH):
        assert not events.playable(state, side, number)
    with pytest.raises(ValueError):
        events.play(state, AMERICAN, number)


def weird_states() -> list[WwState]:
    """Positions where nothing else could be done: empty board, empty hands, France in the
    war, the Congress dispersed, the Mutinies played."""
    a = clear(fresh(2))
    b = clear(fresh(3))
    b.france_in_war, b.european_war, b.alliance = True, True, 9
    b.congress, b.mutiny, b.regulars = DISPERSED, True, False
    c = fresh(4)
    for s in q.spaces():
        c.pcs[s] = BRITISH
    return [a, b, c]


def busy_states() -> list[WwState]:
    """Positions where most events have something to do: unprotected American PCs in every
    colony, the French Navy in a zone, before and after the alliance."""
    out = []
    for france in (False, True):
        state = fresh(6)
        for colony in THIRTEEN + ("Canada",):
            spaces = q.spaces_of(colony)
            state.pcs[spaces[0]] = AMERICAN
            state.pcs[spaces[-1]] = AMERICAN
        state.navy = "zone-chesapeake"
        state.france_in_war = state.european_war = france
        state.alliance = 9 if france else 3
        out.append(state)
    return out


@pytest.mark.parametrize("number", deck.MUST_PLAY)
def test_6_34_A_a_special_event_is_always_playable_by_whoever_holds_it(number):
    for state in weird_states():
        for side in (AMERICAN, BRITISH):
            assert events.playable(state, side, number)


@pytest.mark.parametrize("number", event_cards())
def test_6_32_A_every_playable_event_can_be_carried_out_to_its_end(number):
    """Whatever a played event asks, each stop offers choices, and taking the first each time
    leads to the card's destination; every event card is playable in one of the positions."""
    c = deck.card(number)
    side = AMERICAN if c.flag in ("american", "both") else BRITISH
    carried_out = 0
    for state in [fresh(5), *weird_states(), *busy_states()]:
        state.piles.hands[q.enemy(side)].extend(
            [state.piles.deck.pop() for _ in range(2)] if state.piles.deck else [])
        if not events.playable(state, side, number):
            continue
        carried_out += 1
        state = event(state, side, number)
        for _ in range(40):
            frame = top(state)
            if frame is None:
                break
            asked = state.active[0]
            options = [c for c in labels(state, asked)]
            assert options, f"{c.name}: a stop with no choice"
            verb, _, noun = options[0].partition(" ")
            noun = int(noun) if noun.isdigit() else (noun or None)
            if number == deck.GLOVER:
                return             # movement.activate: tests/test_ww_events_military.py
            state = act(state, asked, verb, noun)
        assert not state.stack
        assert number not in state.piles.boxes[IN_PLAY]
        conserved(state)
    assert carried_out, f"{c.name}: playable in none of the positions tried"


def test_the_card_waits_in_play_until_its_event_is_resolved_6_3_C():
    state = clear(fresh())
    state = event(state, AMERICAN, HALE)
    assert isinstance(top(state), EventPick)
    assert state.piles.boxes[IN_PLAY] == [HALE]
    state = act(state, AMERICAN, "done")
    assert state.piles.boxes[IN_PLAY] == [] and HALE in state.piles.removed


def test_a_choice_not_offered_is_refused_and_the_state_untouched():
    state = event(clear(fresh()), AMERICAN, HALE)
    with pytest.raises(IllegalAction):
        act(state, AMERICAN, "place", "boston")          # Massachusetts, not NY or CT
    with pytest.raises(IllegalAction):
        act(state, BRITISH, "place", "albany")           # the American chooses
    assert state.pcs == {}


def test_a_save_taken_mid_event_continues_exactly_there():
    state = event(clear(fresh()), AMERICAN, HALE)
    state = act(state, AMERICAN, "place", "albany")
    raw = msgspec.msgpack.encode(state)
    again = msgspec.msgpack.decode(raw, type=WwState)
    assert again.stack == state.stack and isinstance(again.stack[-1], EventPick)
    done = act(again, AMERICAN, "place", "hartford")
    assert done.pcs == {"albany": AMERICAN, "hartford": AMERICAN} and not done.stack


def test_played_through_an_impulse_the_strategy_phase_path():
    """strategy.py offers "event" after events.playable and calls events.play with the card in
    the in-play box; the impulse then ends normally."""
    state = clear(fresh())
    hand(state, AMERICAN, HALE, JPJ)
    hand(state, BRITISH)
    state = played(state, AMERICAN, HALE)
    assert isinstance(top(state), EventPick)
    state = act(state, AMERICAN, "place", "albany")
    state = act(state, AMERICAN, "done")
    assert not state.stack and HALE in state.piles.removed
    assert state.piles.hands[AMERICAN] == [JPJ] and state.last_impulse == AMERICAN


def test_an_event_not_playable_is_not_offered_by_the_strategy_phase_6_32_A():
    state = clear(fresh())
    hand(state, BRITISH, JPJ, PITT)            # JPJ: American flag; Pitt: nothing to remove
    hand(state, AMERICAN)
    state.stack = [Impulse(side=BRITISH, step=1)]
    run(state)
    assert isinstance(top(state), PlayCard)
    assert not nouns(state, BRITISH, "event")
    assert sorted(nouns(state, BRITISH, "discard-event")) == sorted([JPJ, PITT])


# =============================================================================================
# 6.34.C.i Declaration of Independence
# =============================================================================================


def declaration_position() -> WwState:
    """The 1775 set-up plus: Delaware with one legal space (a British PC in Dover), Georgia
    with none (every space has a PC), Rhode Island with its two legal spaces."""
    state = fresh()
    state.pcs["dover"] = BRITISH
    for s in q.spaces_of("GA"):
        state.pcs[s] = BRITISH if s != "savannah" else AMERICAN
    return state


def test_6_34_C_i_one_pc_in_each_colony_with_a_legal_space_the_american_chooses():
    state = declaration_position()
    before = dict(state.pcs)
    state = event(state, BRITISH, DECLARATION)          # whoever plays it, the American places
    assert state.pcs["wilmington-de"] == AMERICAN        # Delaware's only legal space, at once
    assert isinstance(top(state), EventPick) and state.active == [AMERICAN]
    offered = nouns(state, AMERICAN, "place")
    assert "done" not in labels(state, AMERICAN)         # compulsory (6.31)
    assert not any(q.colony(s) in ("GA", "DE", "Canada") for s in offered)
    assert "boston" not in offered and "gilbert-town" not in offered    # no flip (British PC)
    assert "quebec" not in offered                                       # not Canada
    assert {"providence", "newport"} <= set(offered)
    colonies_left = {q.colony(s) for s in offered}
    chosen = {}
    while isinstance(top(state), EventPick):
        space = nouns(state, AMERICAN, "place")[0]
        chosen[q.colony(space)] = space
        state = act(state, AMERICAN, "place", space)
        assert all(q.colony(s) != q.colony(space) for s in nouns(state, AMERICAN, "place"))
    assert set(chosen) == colonies_left
    new = {s for s in state.pcs if s not in before or before[s] != state.pcs[s]}
    assert all(state.pcs[s] == AMERICAN for s in new)
    assert all(before.get(s) != BRITISH for s in new)             # nothing flipped
    assert sorted(q.colony(s) for s in new) == sorted(
        c for c in THIRTEEN if c != "GA")                          # exactly one per colony
    assert DECLARATION in state.piles.removed and state.reshuffle_pending
    assert state.piles.boxes[RESHUFFLE_REMINDER] == []


def test_6_34_C_i_declaration_with_the_congress_dispersed_and_after_the_mutinies():
    state = fresh()
    state.congress, state.mutiny = DISPERSED, True
    state = event(state, AMERICAN, DECLARATION)
    while isinstance(top(state), EventPick):
        state = act(state, AMERICAN, "place", nouns(state, AMERICAN, "place")[0])
    assert sum(1 for c in THIRTEEN if q.pcs_in(state, c, AMERICAN)) == 13


def test_6_34_C_i_declaration_never_places_where_a_british_cu_stands():
    state = clear(fresh())
    for s in q.spaces_of("RI"):
        put(state, s, BR, 1)
    put(state, "albany", BR, 1)
    state = event(state, AMERICAN, DECLARATION)
    assert "albany" not in nouns(state, AMERICAN, "place")
    assert not any(q.colony(s) == "RI" for s in nouns(state, AMERICAN, "place"))


def test_6_1_note_declaration_rebuilds_the_deck_at_the_next_strategy_card_phase():
    state = clear(fresh())
    for s in q.spaces():
        state.pcs[s] = BRITISH                  # nothing to place: the event still happens
    state = event(state, AMERICAN, DECLARATION)
    assert not state.stack and state.reshuffle_pending
    assert DECLARATION in state.piles.removed   # once per game (R5): never shuffled back


# =============================================================================================
# 6.34.C.ii Benjamin Franklin
# =============================================================================================


def test_6_34_C_ii_franklin_moves_the_alliance_marker_4():
    state = fresh()
    state.alliance = 2
    after = event(state, BRITISH, FRANKLIN)
    assert after.alliance == 6 and not after.stack and FRANKLIN in after.piles.removed
    assert any("French Alliance marker moves forward 4" in line for line in after.log)


def test_6_34_C_ii_12_2_B_franklin_to_9_the_alliance_once_the_card_is_resolved():
    state = clear(fresh())
    put(state, "boston", AM, 2)
    state.alliance = 6
    hand(state, AMERICAN, FRANKLIN, HALE)
    hand(state, BRITISH)
    state = played(state, AMERICAN, FRANKLIN)
    assert state.alliance == 9 and state.france_in_war          # after_card applied it
    assert FRANKLIN in state.piles.removed
    assert isinstance(top(state), FrenchNavy)
    assert state.active == [AMERICAN]                            # 12.2.B.i the Navy


def test_6_34_C_ii_r6_franklin_after_the_alliance_places_one_american_pc():
    state = clear(fresh())
    state.france_in_war, state.alliance = True, 9
    state.congress = DISPERSED
    put(state, "albany", BR, 1)
    state.pcs["boston"] = BRITISH
    state = event(state, BRITISH, FRANKLIN)
    offered = nouns(state, AMERICAN, "place")
    assert state.active == [AMERICAN] and "done" not in labels(state, AMERICAN)
    assert "albany" not in offered and "boston" not in offered and "quebec" in offered
    state = act(state, AMERICAN, "place", "quebec")
    assert state.pcs["quebec"] == AMERICAN and state.alliance == 9 and not state.stack


# =============================================================================================
# 6.34.C.iii The War Ends cards
# =============================================================================================


def test_6_34_C_iii_a_war_ends_card_goes_to_the_war_ends_box():
    state = event(fresh(), AMERICAN, W1781)
    assert state.piles.boxes[WAR_ENDS] == [W1781] and not state.stack


def test_6_34_C_iii_a_new_war_ends_card_replaces_and_discards_the_old():
    state = event(fresh(), BRITISH, W1780)
    state = event(state, AMERICAN, W1782)
    assert state.piles.boxes[WAR_ENDS] == [W1782]
    assert state.piles.discard[-1] == W1780
    conserved(state)


# =============================================================================================
# 6.31 random discards: John Paul Jones, Dr. Church; 6.34.B
# =============================================================================================


def test_6_1_D_john_paul_jones_discards_a_random_british_card_tc_6_1_d():
    state = fresh()
    british = hand(state, BRITISH, *OPS[:5])[:]
    hand(state, AMERICAN, JPJ)
    state = played(state, AMERICAN, JPJ)
    assert len(state.piles.hands[BRITISH]) == 4
    lost = [n for n in british if n not in state.piles.hands[BRITISH]]
    assert len(lost) == 1 and state.piles.discard[-2:] == [lost[0], JPJ]
    assert any(deck.card(lost[0]).name in line for line in state.log)   # face up: named
    assert not state.stack and state.last_impulse == AMERICAN           # not a British play
    assert not hidden_cards_named(state.log, state)


def test_6_31_john_paul_jones_needs_a_british_card():
    state = fresh()
    hand(state, BRITISH)
    assert not events.playable(state, AMERICAN, JPJ)
    hand(state, BRITISH, OPS[0])
    assert events.playable(state, AMERICAN, JPJ)


def test_6_1_note_a_hortalez_taken_at_random_rebuilds_the_deck():
    state = fresh()
    hand(state, BRITISH, HORTALEZ)
    state = event(state, AMERICAN, JPJ)
    assert state.piles.discard[-2:] == [HORTALEZ, JPJ] and state.reshuffle_pending


def test_6_34_B_a_war_ends_card_taken_at_random_is_carried_out_at_once():
    state = fresh()
    hand(state, BRITISH, W1779)
    state = event(state, AMERICAN, JPJ)
    assert state.piles.boxes[WAR_ENDS] == [W1779] and JPJ in state.piles.discard
    assert not state.piles.hands[BRITISH]


def test_6_34_B_franklin_taken_at_random_moves_the_marker_and_is_removed():
    state = fresh()
    state.alliance = 1
    hand(state, AMERICAN, FRANKLIN)
    state = event(state, BRITISH, CHURCH)
    assert state.alliance == 5 and FRANKLIN in state.piles.removed
    assert CHURCH in state.piles.removed and not state.stack     # Church: once per game


def test_6_34_B_the_declaration_taken_at_random_from_the_british_is_the_americans():
    state = declaration_position()
    hand(state, BRITISH, DECLARATION)
    state = event(state, AMERICAN, JPJ)
    assert isinstance(top(state), EventPick) and state.active == [AMERICAN]
    assert state.piles.boxes[IN_PLAY] == [JPJ, DECLARATION]
    while isinstance(top(state), EventPick):
        state = act(state, AMERICAN, "place", nouns(state, AMERICAN, "place")[0])
    assert DECLARATION in state.piles.removed and JPJ in state.piles.discard
    assert state.reshuffle_pending and not state.piles.boxes[IN_PLAY]


def test_6_31_dr_church_discards_a_random_american_card_and_is_removed():
    state = fresh()
    hand(state, AMERICAN, *OPS[:3])
    hand(state, BRITISH, CHURCH)
    before = state
    state = played(state, BRITISH, CHURCH)
    assert len(state.piles.hands[AMERICAN]) == 2 and CHURCH in state.piles.removed
    assert not hidden_cards_named(log_since(before, state), state)
    hand(state, AMERICAN)
    assert not events.playable(state, BRITISH, CHURCH)


def test_random_discard_of_an_empty_hand_takes_nothing():
    state = fresh()
    hand(state, BRITISH)
    assert events.random_discard(state, BRITISH) is None
    conserved(state)


def test_hidden_cards_are_never_named_while_events_are_played():
    state = fresh()
    hand(state, AMERICAN, HALE, FRANKLIN, *OPS[:2])
    hand(state, BRITISH, PITT, *OPS[2:5])
    state.pcs = {}
    before = state
    state = event(state, AMERICAN, HALE)
    state = act(state, AMERICAN, "done")
    assert not hidden_cards_named(log_since(before, state), state)


@pytest.mark.parametrize("number", deck.MUST_PLAY)
def test_6_34_A_the_strategy_phase_offers_a_special_event_to_play_never_to_discard(number):
    for state in weird_states():
        hand(state, BRITISH, number)
        hand(state, AMERICAN)
        state.stack = [Impulse(side=BRITISH, step=1)]
        run(state)
        assert labels(state, BRITISH) == [f"event {number}"]


def test_6_34_C_iii_a_war_ends_card_played_through_an_impulse():
    state = fresh()
    hand(state, BRITISH, W1783)
    hand(state, AMERICAN)
    state = played(state, BRITISH, W1783)
    assert state.piles.boxes[WAR_ENDS] == [W1783] and not state.stack
    assert not state.piles.hands[BRITISH] and state.last_impulse == BRITISH
