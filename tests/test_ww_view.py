"""Washington's War: what a role sees (core/ww/view.py). Hidden information is filtered there,
once (../shared/DESIGN.md, "The shared core"; issue 8 parts 5 and 6): a role's view holds its
own hand only, the other hand as a count, the face-up piles (never the deck), and the log never
names a card the other role cannot see.

Positions come from tests/support/ww_strategy.py (set-up and Strategy Phase stops only; the
other parts of the rules may still be scaffolds). The fuzzed whole game runs once every part
of the rules exists; until then the same checks run on the set-up and Strategy Phase stops.
"""
from __future__ import annotations

import random

import msgspec
import pytest

from core import cards
from core.engine import Match, Panel, View
from core.ww import deck, strategy, view
from core.ww import generals as roster
from core.ww import query as q
from core.ww.frames.battle import Battle
from core.ww.frames.strategy import (CampaignChoice, ChooseGeneral, Exchange,
                                     PlayCard)
from core.ww.frames.turn import Setup
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, AMERICAN_REINFORCEMENT_CARDS, BR,
                           BRITISH, BRITISH_REINFORCEMENT_CARD, BRITISH_REINFORCEMENTS, CAPTURED,
                           DISPERSED, FR, FRENCH_REINFORCEMENTS, IN_PLAY, NAVY_ON_TURN_TRACK,
                           QUEUE, REMOVED, RESERVE, SIDES, WAR_ENDS)
from tests.support.ww_strategy import (ONE, THREE, TWO, act, choices, force, no_campaign,
                                       fresh, hand, hidden_cards_named, impulse, names_card,
                                       place, run, strategy_phase, top)

MORGAN, CHURCH, PAINE, KNOX = deck.MORGAN, 31, 22, deck.HENRY_KNOX
OTHER = {AMERICAN: BRITISH, BRITISH: AMERICAN}


def at_setup(seed: int = 1):
    state = fresh(seed)
    state.stack = [Setup()]
    return run(state)


def dealt(seed: int = 1):
    state = fresh(seed)
    strategy.strategy_card_phase(state)
    return state


def tokens(v: View, where: str) -> dict[str, tuple]:
    return {t.id: (t.kind, t.side, t.label, t.strength) for t in v.board.get(where, [])}


def box(v: View, where: str) -> dict[str, tuple]:
    return {t.id: (t.kind, t.side, t.label, t.strength) for t in v.boxes.get(where, [])}


def encoded(v: View) -> str:
    return msgspec.json.encode(v).decode()


# --- the board ----------------------------------------------------------------------------------


def test_board_generals_with_their_ratings_cus_per_nationality_and_the_congress():
    v = view.build(at_setup(), AMERICAN)
    assert tokens(v, "boston") == {
        "howe": ("general", BRITISH, "Howe S3 T6 A2", None),
        "cu-british-boston": ("cu", BRITISH, "5 British CUs", 5)}
    assert tokens(v, "lexington-concord")["washington"][2] == "Washington S1 T4 A2"
    assert tokens(v, "lexington-concord")["cu-american-lexington-concord"][3] == 5
    assert tokens(v, "philadelphia") == {
        "congress": ("congress", AMERICAN, "Continental Congress", None)}
    assert tokens(v, "fort-detroit") == {"cu-british-fort-detroit": ("cu", BRITISH,
                                                                     "1 British CU", 1)}
    assert set(v.board) == {"quebec", "fort-detroit", "boston", "lexington-concord",
                            "newport", "philadelphia", "charleston"}
    washington = next(t for t in v.board["lexington-concord"] if t.id == "washington")
    assert any("7.9.A" in flag for flag in washington.flags)   # +2 to retreat before battle


def test_board_ratings_come_from_the_counters():
    v = view.build(at_setup(), None)
    generals = [t for ts in (*v.board.values(), *v.boxes.values()) for t in ts
                if t.kind == "general"]
    assert len(generals) == 13
    for t in generals:
        g = roster.general(t.id)
        assert t.label == f"{g.name} S{g.strategy} T{g.tactical} A{g.agility}"


def test_control_is_the_pc_of_each_space():
    state = at_setup()
    state.pcs["worcester"] = AMERICAN
    v = view.build(state, BRITISH)
    assert v.control == state.pcs and v.control["boston"] == BRITISH
    assert v.control["worcester"] == AMERICAN and "newport" not in v.control


def test_french_cus_are_american_units_marked_french():
    state = fresh()
    q.move_cus(state, FRENCH_REINFORCEMENTS, "newport", FR, 5)
    state.generals["rochambeau"] = "newport"
    got = tokens(view.build(state, AMERICAN), "newport")
    assert got["cu-french-newport"] == ("cu", AMERICAN, "5 French CUs", 5)
    assert got["cu-american-newport"] == ("cu", AMERICAN, "2 American CUs", 2)
    assert got["rochambeau"][1] == AMERICAN


# --- the boxes --------------------------------------------------------------------------------


def test_boxes_reinforcements_captured_dispersed_reserve():
    state = fresh()
    state.generals["lee"] = CAPTURED
    state.generals["washington"] = REMOVED
    q.move_cus(state, RESERVE, BRITISH_REINFORCEMENTS, BR, 4)
    state.congress = DISPERSED
    v = view.build(state, AMERICAN)
    assert set(box(v, BRITISH_REINFORCEMENTS)) == {"burgoyne", "clinton", "cornwallis",
                                                    f"cu-british-{BRITISH_REINFORCEMENTS}"}
    assert box(v, BRITISH_REINFORCEMENTS)[f"cu-british-{BRITISH_REINFORCEMENTS}"][3] == 4
    assert set(box(v, AMERICAN_LEADERS)) == {"arnold", "lincoln", "gates", "lafayette"}
    assert set(box(v, CAPTURED)) == {"lee"}
    assert set(box(v, REMOVED)) == {"washington"}
    assert set(box(v, DISPERSED)) == {"congress"}
    assert "congress" not in str([t.id for ts in v.board.values() for t in ts])
    assert set(box(v, FRENCH_REINFORCEMENTS)) == {
        "rochambeau", f"cu-french-{FRENCH_REINFORCEMENTS}", "french-navy"}
    reserve = box(v, RESERVE)
    assert reserve[f"cu-american-{RESERVE}"][3] == q.cu_count(state, RESERVE, AM)
    assert reserve[f"cu-british-{RESERVE}"][3] == q.cu_count(state, RESERVE, BR)
    assert v.tracks["Continental Congress"] == "dispersed"
    assert v.tracks["Captured Generals"] == "Lee"


def test_the_french_navy_is_a_marker_on_its_blockade_zone():
    state = fresh()
    state.france_in_war = True
    state.navy = "zone-chesapeake"
    v = view.build(state, BRITISH)
    assert [t.id for t in v.board["zone-chesapeake"]] == ["french-navy"]
    assert "french-navy" not in box(v, FRENCH_REINFORCEMENTS)
    assert v.tracks["French Navy"] == "Chesapeake blockade zone"
    state.navy = NAVY_ON_TURN_TRACK                     # d'Estaing (12.3)
    state.year = 1779
    v = view.build(state, BRITISH)
    assert [t.id for t in v.board["turn-1779"]] == ["french-navy"]
    assert "no zone blockaded" in v.tracks["French Navy"]


# --- tracks -----------------------------------------------------------------------------------


def test_tracks_and_pinned_at_the_start():
    state = at_setup()
    v = view.build(state, AMERICAN)
    t = v.tracks
    assert v.pinned == ["Turn", "Colonies controlled", "French Alliance", "War Ends"]
    assert all(key in t for key in v.pinned)
    assert t["Turn"] == 1775 and t["Phase"] == "Set-up (4.0)"
    assert t["French Alliance"] == "0/9"
    assert t["War Ends"] == "no card"
    assert t["British Regulars Advantage"] == "in effect"
    assert t["American Operations Queue"] == t["British Operations Queue"] == "none"
    assert t["British reinforcements used"] == "0/1"
    assert t["American reinforcements used"] == "0/2"
    assert t["Colonies controlled"] == (f"American {q.colonies_controlled(state, AMERICAN)} · "
                                        f"British {q.colonies_controlled(state, BRITISH)} (of 14)")
    assert t["French Navy"] == "not in play"
    assert t["Deck"] == 108
    assert set(t["British Reinforcements"].split(", ")) == {"Clinton", "Cornwallis", "Burgoyne"}
    assert t["French Reinforcements"] == "Rochambeau, 5 French CU"


def test_tracks_in_the_strategy_phase():
    state = fresh()
    hand(state, AMERICAN, TWO[0])
    hand(state, BRITISH, ONE[0], THREE[0])
    state = strategy_phase(state)
    state = act(no_campaign(state), AMERICAN, "first", BRITISH)
    t = view.build(state, AMERICAN).tracks
    assert (t["Phase"], t["Impulse"], t["First player"]) == ("Strategy Phase (5.3)", BRITISH,
                                                             BRITISH)
    assert view.build(state, AMERICAN).hand_sizes == {AMERICAN: 1, BRITISH: 2}


def test_tracks_follow_the_game():
    state = dealt()
    war_ends = deck.WAR_ENDS_CARDS[2]                       # 1781
    place(state, war_ends, WAR_ENDS)
    place(state, ONE[0], QUEUE[BRITISH])
    place(state, TWO[0], QUEUE[BRITISH])
    place(state, ONE[1], BRITISH_REINFORCEMENT_CARD)
    place(state, ONE[2], AMERICAN_REINFORCEMENT_CARDS[0])
    state.regulars = False
    state.alliance = 6
    t = view.build(state, BRITISH).tracks
    assert t["War Ends"] == f"1781 (card {war_ends})"
    assert t["British Operations Queue"] == "2 cards, 3 OPS"
    assert t["British reinforcements used"] == "1/1"
    assert t["American reinforcements used"] == "1/2"
    assert t["British Regulars Advantage"] == "lost"
    assert t["French Alliance"] == "6/9"
    assert t["Deck"] == len(state.piles.deck)
    state.france_in_war = state.european_war = True
    assert view.build(state, BRITISH).tracks["French Alliance"] == \
        "France in the war · European War"


# --- hands and piles: hidden information -------------------------------------------------------


@pytest.mark.parametrize("role", SIDES)
def test_a_role_sees_its_own_hand_only_and_the_other_hands_size(role):
    state = dealt()
    v = view.build(state, role)
    assert [c.id for c in v.hand] == state.piles.hands[role]
    assert v.hand_sizes == {AMERICAN: 7, BRITISH: 7}
    for c in v.hand:
        card = deck.card(c.id)
        assert str(c.id) in c.name and c.text == card.text
        assert c.value == card.ops
        if card.kind != "ops":
            assert card.title in c.name and c.tags == list(card.tags)
    text = encoded(v)
    for number in state.piles.hands[OTHER[role]]:
        assert view.card_view(number).name not in text
        if deck.card(number).kind not in ("ops", "campaign"):
            assert deck.card(number).title not in text
    shown = {c.id for pile in v.piles.values() for c in pile}
    assert not shown & (set(state.piles.deck) | set(state.piles.hands[OTHER[role]]))
    assert "deck" not in v.piles


def test_a_spectator_sees_no_hand_and_no_actions():
    state = at_setup()
    v = view.build(state, None)
    assert v.hand is None and v.actions == []
    assert v.hand_sizes == {AMERICAN: 0, BRITISH: 0}
    v = view.build(dealt(), None)
    assert v.hand is None and v.hand_sizes == {AMERICAN: 7, BRITISH: 7}


def test_piles_show_every_face_up_pile():
    state = dealt()
    place(state, deck.WAR_ENDS_CARDS[0], WAR_ENDS)
    place(state, ONE[0], QUEUE[AMERICAN])
    place(state, TWO[0], AMERICAN_REINFORCEMENT_CARDS[1])
    place(state, THREE[0], cards.DISCARD)
    place(state, THREE[1], cards.REMOVED)
    place(state, PAINE, IN_PLAY)
    piles = view.build(state, BRITISH).piles
    assert [c.id for c in piles[cards.DISCARD]] == [THREE[0]]
    assert [c.id for c in piles[cards.REMOVED]] == [THREE[1]]
    assert [c.id for c in piles[WAR_ENDS]] == [deck.WAR_ENDS_CARDS[0]]
    assert [c.id for c in piles[QUEUE[AMERICAN]]] == [ONE[0]]
    assert [c.id for c in piles[AMERICAN_REINFORCEMENT_CARDS[1]]] == [TWO[0]]
    assert [c.id for c in piles[IN_PLAY]] == [PAINE]
    assert sorted(c.id for c in piles["aside"]) == sorted([deck.DECLARATION, deck.STEUBEN])
    card = piles[cards.DISCARD][0]
    assert (card.value, card.text) == (3, deck.card(THREE[0]).text)


# --- prompt, actions, log, result ------------------------------------------------------------


def test_prompt_for_everyone_actions_only_for_the_asked_role():
    state = at_setup()
    american, british = view.build(state, AMERICAN), view.build(state, BRITISH)
    assert american.prompt == british.prompt and "Committees of Correspondence" in american.prompt
    assert [c.action for c in american.actions] == [c.action for c in
                                                    choices(state, AMERICAN)]
    assert american.actions and british.actions == []
    assert american.active == british.active == [AMERICAN]
    assert american.log == state.log and american.result is None


def test_the_exchange_question_is_shown_to_the_asked_side_only():
    state = fresh()
    hand(state, AMERICAN, TWO[0], ONE[0])
    hand(state, BRITISH, ONE[1])
    place(state, KNOX, cards.DISCARD)
    state.exchange_card, state.exchange_for = KNOX, AMERICAN
    state = impulse(state, AMERICAN)
    assert isinstance(top(state), Exchange)
    assert "exchange" in view.build(state, AMERICAN).prompt
    assert view.build(state, BRITISH).prompt == "American to act."
    assert view.build(state, BRITISH).actions == []


def test_the_result_is_shown():
    state = at_setup()
    state.result = "British victory (13.1)"
    v = view.build(state, AMERICAN)
    assert v.result == v.prompt == "British victory (13.1)"


def test_views_encode():
    """Every view survives the JSON round trip unchanged (the saves and the online server send
    views as JSON), as its own type and as the shared View schema."""
    for state in (at_setup(), dealt()):
        for role in (AMERICAN, BRITISH, None):
            original = view.build(state, role)
            assert original.board and original.log
            back = msgspec.json.decode(encoded(original), type=type(original))
            assert back == original
            shared = msgspec.json.decode(encoded(original), type=View)
            assert (shared.board, shared.hand, shared.actions, shared.tracks) == \
                (original.board, original.hand, original.actions, original.tracks)


# --- the battle being resolved ------------------------------------------------------------------


def battle_state():
    state = fresh()
    state.generals["washington"] = "boston"
    q.move_cus(state, "lexington-concord", "boston", AM, 5)
    q.move_cus(state, FRENCH_REINFORCEMENTS, "boston", FR, 2)
    place(state, MORGAN, IN_PLAY)
    place(state, CHURCH, cards.DISCARD)
    state.stack = [Battle(
        space="boston", attacker=AMERICAN, defender=BRITISH, attacker_general="washington",
        defender_general="howe", entered_from="lexington-concord",
        cards={AMERICAN: MORGAN, BRITISH: CHURCH}, played={AMERICAN: True, BRITISH: False},
        ratings={AMERICAN: 3, BRITISH: 4},
        modifiers={AMERICAN: [(3, "battle rating (9.3)"), (2, "Morgan's Riflemen (9.45)")],
                   BRITISH: [(4, "battle rating (9.3)"), (1, "Royal Navy support (9.42)"),
                             (1, "British Regulars Advantage (9.41)"),
                             (1, "Event card discarded (9.45)")]},
        rolls={AMERICAN: 6, BRITISH: 2}, winner=AMERICAN, losses={BRITISH: 2, AMERICAN: 1})]
    return state


def test_focus_shows_the_battle_step_by_step():
    state = battle_state()
    focus = view.build(state, BRITISH).focus
    assert isinstance(focus, Panel) and focus.where == "boston"
    assert "Boston" in focus.title and "American attacking" in focus.title
    assert "American wins" in focus.title
    rows = [tuple(r) for r in focus.rows]
    att, dfn = "American (attacker)", "British (defender)"
    assert (att, "General", "Washington S1 T4 A2") in rows
    assert (dfn, "General", "Howe S3 T6 A2") in rows
    assert (att, "CUs", "5 American, 2 French") in rows
    assert (dfn, "CUs", "5 British") in rows
    assert (att, "Card", f"{deck.card(MORGAN).name}: played as a Battle card (+2, 9.45)") in rows
    assert (dfn, "Card", f"{deck.card(CHURCH).name}: discarded (+1, 9.45)") in rows
    assert (att, "Battle rating", "3") in rows and (dfn, "Battle rating", "4") in rows
    for side, head in ((AMERICAN, att), (BRITISH, dfn)):        # every DRM named
        for amount, reason in state.stack[0].modifiers[side]:
            assert (head, "DRM", f"+{amount} {reason}") in rows
    assert (att, "Total DRM", "+5") in rows and (dfn, "Total DRM", "+7") in rows
    assert (att, "Die", "6 +5 = 11") in rows and (dfn, "Die", "2 +7 = 9") in rows
    assert (dfn, "Losses", "2 CUs") in rows and (att, "Losses", "1 CU") in rows
    assert any(n.startswith("Winner: American") for n in focus.notes)
    assert {r[0] for r in rows} == {att, dfn}                   # two groups side by side


def test_focus_before_the_dice_shows_what_is_known():
    state = battle_state()
    b = state.stack[0]
    b.rolls, b.winner, b.losses, b.ratings = {}, "", {}, {}
    b.cards, b.played, b.modifiers = {AMERICAN: MORGAN}, {AMERICAN: True}, {}
    focus = view.build(state, AMERICAN).focus
    kinds = {(r[0], r[1]) for r in focus.rows}
    assert ("British (defender)", "Card") not in kinds and ("British (defender)", "Die") \
        not in kinds
    assert "wins" not in focus.title


def test_no_focus_without_a_battle():
    assert view.build(at_setup(), AMERICAN).focus is None


# --- the log never names a hidden card ---------------------------------------------------------


class Watch:
    """After each step of a game: no new log line names a card in a hand unless that card was
    face up just before (an exchange takes a face-up card: both players saw it); every view
    holds its own hand only and no pile shows a hand or the deck."""

    def __init__(self, state, every_view: bool = True) -> None:
        self.every_view = every_view    # False: not the asked role's (its menu may need a part
        self.seen = len(state.log)      # of the rules that is still a scaffold)
        self.known: dict[int, str] = {}
        self.faceup = self.face_up(state)

    @staticmethod
    def face_up(state) -> set[int]:
        return {n for pile in cards.face_up(state.piles).values() for n in pile}

    def check(self, state) -> None:
        for side in SIDES:
            for number in state.piles.hands[side]:
                if number in self.faceup:
                    self.known[number] = side
        self.known = {n: s for n, s in self.known.items() if n in state.piles.hands[s]}
        new = state.log[self.seen:]
        leaks = hidden_cards_named(new, state, known=self.known)
        assert not leaks, f"log names a hidden card: {leaks}"
        self.seen = len(state.log)
        self.faceup = self.face_up(state)
        for role in (*SIDES, None):
            if role in state.active and not self.every_view:
                continue
            v = view.build(state, role)
            own = [] if role is None else state.piles.hands[role]
            assert (v.hand is None) if role is None else [c.id for c in v.hand] == own
            shown = {c.id for pile in v.piles.values() for c in pile}
            hidden = set(state.piles.deck) | {n for s in SIDES for n in state.piles.hands[s]}
            assert not shown & hidden


def test_the_watch_catches_a_log_line_naming_a_card_in_a_hand():
    state = dealt()
    watch = Watch(state)
    secret = state.piles.hands[BRITISH][0]
    state.log.append(f"British draws {view.card_view(secret).name}.")
    with pytest.raises(AssertionError, match="hidden card"):
        watch.check(state)


def test_names_card_recognises_titles_and_ops_labels():
    assert names_card(f"British discards {deck.card(KNOX).name} (6.32).", KNOX)
    assert names_card(f"American plays {ONE[0]} (1 OPS) for PC actions.", ONE[0])
    assert names_card("Henry Knox, Continental Army Artillery Commander goes", KNOX)
    assert not names_card("Each player draws 7 cards, the American first (5.2).", 7)


SPECIAL = set(deck.MUST_PLAY)


def random_strategy_play(state, rng: random.Random):
    """One decision at a Strategy Phase or set-up stop, at random among what the stops that can
    run now allow (a card play is chosen among the uses that need no scaffold part)."""
    frame = top(state)
    side = state.active[0]
    if isinstance(frame, PlayCard):
        number = rng.choice(state.piles.hands[side])
        c = deck.card(number)
        queue = state.piles.boxes[QUEUE[side]]
        if c.kind == "ops":
            uses = ["discard"]
            uses += ["queue-add"] if queue else (["queue"] if c.ops in (1, 2) else [])
            if strategy.pc_targets(state, side, strategy.pcs_before(state, side)):
                uses.append("pc")
            return force(state, side, rng.choice(uses), number)
        if c.kind == "campaign" and rng.random() < 0.5:
            return force(state, side, "event", number)
        return force(state, side, "discard-event", number)
    if isinstance(frame, CampaignChoice):
        if side == BRITISH and strategy.landing_targets(state) and rng.random() < 0.5 and \
                not next(f for f in state.stack if type(f).__name__ == "Campaign").landing_party:
            return force(state, side, "landing-party")
        return force(state, side, "end-campaign")
    if isinstance(frame, ChooseGeneral):
        return force(state, side, "keep-queue")
    action = rng.choice(choices(state, side)).action
    return act(state, side, action.verb, action.noun)


def end_of_turn(state) -> None:
    """What the End Phase does to the cards (5.7), for a fuzz of several Strategy Phases."""
    for name in (BRITISH_REINFORCEMENT_CARD, *AMERICAN_REINFORCEMENT_CARDS, *QUEUE.values()):
        for number in list(state.piles.boxes[name]):
            cards.move(state.piles, number, name, cards.DISCARD)
    state.exchange_card, state.exchange_for = 0, ""
    state.year += 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_log_line_names_a_hidden_card_in_the_stops_that_run_now(seed):
    """Set-up, then three years of Strategy Phases (1775-1777, the 1776 insertion included)
    played at random through the strategy stops; the Special Events are left out (the events
    part plays them)."""
    rng = random.Random(seed)
    state = at_setup(seed)
    watch = Watch(state, every_view=True)
    while state.stack:
        state = random_strategy_play(state, rng)
        watch.check(state)
    for _ in range(3):
        for number in SPECIAL:
            where = state.piles.where(number)
            if where in (cards.DECK, cards.ASIDE) and state.year >= 1776 or where == cards.DECK:
                cards.move(state.piles, number, where, cards.REMOVED)
        strategy.strategy_card_phase(state)
        watch.check(state)
        state = strategy_phase(state)
        watch.check(state)
        steps = 0
        while state.stack:
            state = random_strategy_play(state, rng)
            watch.check(state)
            steps += 1
            assert steps < 500
        assert not state.piles.hands[AMERICAN] and not state.piles.hands[BRITISH]
        cards.check_conserved(state.piles, [c.number for c in deck.CARDS])
        end_of_turn(state)


@pytest.mark.parametrize("seed", [11, 12])
def test_a_fuzzed_game_never_names_a_hidden_card(seed):
    """A whole game at random through Match: after every action, no new log line names a card
    in a hand (unless it came there face up), and every view holds its own hand only."""
    from core.ww.rules import RULES
    rng = random.Random(seed)
    match = Match.new(RULES, seed=seed)
    watch = Watch(match.state)
    for _ in range(50_000):
        if match.result is not None:
            break
        role = match.active[0]
        legal = match.actions(role)
        match.act(role, rng.choice(legal).action, legal)
        watch.check(match.state)
    assert match.result is not None
