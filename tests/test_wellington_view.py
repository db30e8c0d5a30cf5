"""Wellington views (core/wellington/view.py): each Power sees its own hand and national
cards only, the other hands as counts, the top of the discard pile, the removed cards; never
a national deck or a Reserve (4.21); no log line names a card still hidden."""
from __future__ import annotations

import pytest

from core import cards, stack
from core.engine import Action, Match
from core.wellington import hands
from core.wellington.rules import RULES
from core.wellington.state import ADN, ADS, GB, IN_EFFECT, IN_PLAY, POWERS, SPAIN
from core.wellington.view import DISCARD_TOP
from core.wellington.view_panels import PINNED
from tests.support.wellington_sight import CARD_NAMED, Sight
from tests.test_wellington_flow import empty_hands, give, impulses, new, past_setup


def test_own_hand_only() -> None:
    match = new()
    for power in POWERS:
        view = match.view(power)
        assert [c.id for c in view.hand] == hands.hand(match.state, power)
        assert view.hand_sizes == {p: len(hands.hand(match.state, p)) for p in POWERS}
        nationals = [c.id for c in view.hand if hands.is_national(c.id)]
        assert len(nationals) == (3 if power == GB else 2)
    assert match.view(None).hand is None


def test_actions_only_for_the_asked_power() -> None:
    match = new()
    assert match.view(GB).actions and not match.view(ADS).actions
    assert not match.view(None).actions


def test_piles_show_the_discard_top_and_removed_never_reserves() -> None:
    match = new("1813")
    past_setup(match)
    view = match.view(SPAIN)
    assert set(view.piles) == {DISCARD_TOP, cards.REMOVED, IN_PLAY, IN_EFFECT}
    assert [c.id for c in view.piles[cards.REMOVED]] == match.state.piles.removed
    assert len(view.piles[DISCARD_TOP]) <= 1
    assert not any("reserve" in key or "national" in key for key in view.boxes)
    assert set(PINNED) <= set(view.tracks)


def test_board_shows_commanders_and_soldiers() -> None:
    view = new().view(None)
    labels = [t.label for t in view.board["ciudad-rodrigo"]]
    assert "Wellington 5-9" in labels and "De España 1-4" in labels
    assert "GB: 1 infantry, 1 artillery (5 SP)" in labels
    wellington = next(t for t in view.board["ciudad-rodrigo"] if t.id == "wellington")
    assert "Commander" in wellington.flags
    assert view.control["lisbon"] == GB and view.control["salamanca"] == ADN


def test_the_sight_check_catches_a_log_line_naming_a_hidden_card() -> None:
    """The fuzzer's check of what each Power sees (tests/support/wellington_sight.py, run after
    every action of every game of tests/test_wellington_fuzz.py, every scenario and split):
    a log line naming a card held unseen in another hand fails it, and so does a view showing
    a card of another hand face up; the same line naming a card face up on the discard pile
    passes."""
    match = new()
    past_setup(match)
    state = match.state
    hidden = hands.hand(state, ADS)[0]
    cards.move(state.piles, hands.hand(state, SPAIN)[0], f"hand:{SPAIN}", cards.DISCARD)
    face_up = state.piles.discard[-1]
    sight = Sight(match)
    state.log.append(f"GB looks at {hands.title(face_up)}.")
    sight(match, GB, Action("pass"))
    state.log.append(f"GB looks at {hands.title(hidden)}.")
    with pytest.raises(AssertionError):
        sight(match, GB, Action("pass"))
    state.log.pop()
    sight = Sight(match)
    state.piles.discard.append(hands.hand(state, ADS)[1])   # on top of the pile and in a hand
    with pytest.raises(AssertionError, match=f"sees a card of {ADS}'s hand"):
        sight(match, GB, Action("pass"))


def test_preemption_prompt_names_no_card() -> None:
    match = new()
    past_setup(match)
    view = match.view(ADN)
    assert not CARD_NAMED.search(view.prompt)
    assert view.tracks["Turn"] == 1812 and view.tracks["Track"].startswith(f"▸{GB} ")
    assert view.tracks["Resources"] == "GB 1, AdS 1, Spain 1, AdN 2"
    assert ADS in view.tracks["Key duchies"] and ADN in view.hand_sizes


# --- event questions naming cards only their chooser may see (#57 #65 #76 #89 #104) ----------


def labels(match: Match, role: str) -> str:
    return " ".join(c.label for c in match.view(role).actions)


def chooser_alone_sees(match: Match, chooser: str, secret: list[int]) -> None:
    """The question's labels name the secret cards for its chooser only; every other role's
    view (its partner's too, when one player holds both Powers: the view is per role) shows
    no action, and neither the prompt nor the log names them."""
    assert all(hands.title(n) in labels(match, chooser) for n in secret)
    for power in POWERS:
        view = match.view(power)
        text = view.prompt + " ".join(view.log)
        assert not any(hands.title(n) in text for n in secret)
        if power != chooser:
            assert view.actions == [] and not any(n in [c.id for c in view.hand or []]
                                                  for n in secret if n not in
                                                  hands.hand(match.state, power))


def at_impulse(power: str, players: str, last: str = "", **held: list[int]) -> Match:
    """`power`'s impulse, the hands `held` (keyword: the Power's constant's name); `last`
    had the previous impulse (no preemption by it, 4.22)."""
    match = new(players=players)
    past_setup(match)
    empty_hands(match.state)
    for who, numbers in held.items():
        give(match.state, {"GB": GB, "ADS": ADS, "SPAIN": SPAIN, "ADN": ADN}[who], *numbers)
    impulses(match, power, round_=2, last=last or (ADN if power != ADN else SPAIN))
    return match


def play_event(match: Match, power: str, number: int) -> None:
    match.act(power, Action("event", number))
    while type(stack.top(match.state)).__name__ == "ResponseWindow":
        match.act(match.state.active[0], Action("no-response"))


def deck_top(match: Match, *numbers: int) -> None:
    for number in reversed(numbers):
        cards.move(match.state.piles, number, match.state.piles.where(number), cards.DECK)


def test_89_the_drawn_cards_are_named_to_spain_only_even_beside_gb() -> None:
    """Two players: the Allied player holds GB and Spain, but GB's view (a role) does not show
    the cards Spain has just drawn with #89 The Church."""
    match = at_impulse(SPAIN, "2", SPAIN=[89])
    deck_top(match, 10, 11)
    play_event(match, SPAIN, 89)
    chooser_alone_sees(match, SPAIN, [10, 11])


def test_57_and_104_drawn_cards_named_to_their_player_only() -> None:
    match = at_impulse(GB, "3-french", last=ADS, GB=[57], ADS=[1, 2, 3])
    deck_top(match, 10, 11)
    play_event(match, GB, 57)
    chooser_alone_sees(match, GB, [10, 11])
    favour = at_impulse(ADN, "3-french", ADN=[104])
    deck_top(favour, 12, 13)
    play_event(favour, ADN, 104)
    favour.act(ADN, Action("event-choice", "draw"))
    chooser_alone_sees(favour, ADN, [12, 13])


def test_76_spies_name_the_victim_s_cards_to_the_spy_only() -> None:
    match = at_impulse(GB, "3-allies", last=ADS, GB=[76], ADS=[14, 15])
    play_event(match, GB, 76)
    match.act(GB, Action("event-choice", f"spies:{ADS}"))
    chooser_alone_sees(match, GB, [14, 15])


def test_65_the_card_taken_is_named_to_the_taker_only() -> None:
    match = at_impulse(ADN, "2", ADN=[65], GB=[14])
    play_event(match, ADN, 65)
    match.act(ADN, Action("event-choice", GB))
    chooser_alone_sees(match, ADN, [14])


def test_march_markers_are_public_tokens_on_the_map() -> None:
    """9.42: the march markers (`state.marched`) are shown to everyone as a side-less marker
    (`+M` on the map, as the Besieged marker) in the duchy where the Formation stands, naming
    it and the duchies it entered; leaderless soldiers under "<power>:<duchy>"; gone with the
    markers at the end of the impulse (4.2)."""
    from core.wellington.view_panels import MARCH
    from tests.support.wellington_movement import act, empty, put, spend
    state = empty()
    state.flags.update({"lisbon": GB, "coimbra": GB})
    put(state, "wellington", "lisbon", [2, 0, 0])
    state = act(spend(state, GB, 3), GB, "move", "wellington")
    state = act(state, GB, "to", "coimbra")
    state = act(state, GB, "halt")
    assert state.marched["wellington"] == 1
    state.marched["GB:lisbon"] = 2                 # as a counter moving alone leaves it
    state.troops["lisbon"] = {GB: [1, 0, 0]}
    for who in (None, GB, ADN):
        board = RULES.view(state, who).board
        marks = [t for t in board["coimbra"] if t.id == "march-coimbra"]
        assert [(t.kind, t.side, t.label) for t in marks] == \
            [("marker", "", f"{MARCH}: Wellington 1")]
        assert any(t.label == f"{MARCH}: GB soldiers 2" for t in board["lisbon"])
    state.marched = {}
    assert not any(t.id.startswith("march-") for ts in RULES.view(state, None).board.values()
                   for t in ts)
