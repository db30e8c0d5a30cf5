"""Wellington views (core/wellington/view.py): each Power sees its own hand and national
cards only, the other hands as counts, the top of the discard pile, the removed cards; never
a national deck or a Reserve (4.21); no log line names a card still hidden."""
from __future__ import annotations

import re

from core import cards, stack
from core.engine import Action, Match
from core.playout import random_playout
from core.wellington import hands
from core.wellington.frames.battle import Battle
from core.wellington.rules import RULES
from core.wellington.state import (ADN, ADS, GB, IN_EFFECT, IN_PLAY, NATIONAL_DECKS, POWERS,
                                   SPAIN)
from core.wellington.view import DISCARD_TOP, PINNED
from tests.test_wellington_flow import new, past_setup

CARD_NAMED = re.compile(r"#(\d+) ")


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


def places(match: Match) -> dict[int, str]:
    return {n: match.state.piles.where(n) for n in range(1, 111)}


def face_up(where: str) -> bool:
    """A pile every Power sees: not the deck, a national deck or a hand."""
    return not where.startswith("hand:") and where != cards.DECK \
        and where not in NATIONAL_DECKS.values()


def test_no_log_line_names_a_hidden_card() -> None:
    """Random play in every split: each new log line names only cards seen face up (before or
    after the action, or earlier: a lasting effect), or the card the acting Power has just
    played from its hand; never a card drawn or held unseen."""
    for players, seed in (("4", 3), ("2", 4), ("3-allies", 5)):
        seen = [0]
        first = new(seed=seed, players=players)
        last = [places(first)]

        shown_once: set[int] = set()          # cards seen face up so far (played, lasting)

        def check(match: Match, role: str, action: Action) -> None:
            before, after = last[0], places(match)
            shown_once.update(n for n, where in {**before}.items() if face_up(where))
            shown_once.update(n for n, where in after.items() if face_up(where))
            for line in match.state.log[seen[0]:]:
                for number in map(int, CARD_NAMED.findall(line)):
                    played = before[number] == f"hand:{role}" and after[number] != before[number]
                    assert number in shown_once or played, line
            seen[0] = len(match.state.log)
            last[0] = after
            if stack.find(match.state, Battle) is not None:
                assert match.view(None).focus is not None      # the battle as the focus
            for power in POWERS:
                view = match.view(power)
                assert [c.id for c in view.hand] == hands.hand(match.state, power)
                shown = {c.id for pile in view.piles.values() for c in pile}
                for other in POWERS:
                    if other != power:
                        assert not shown & set(hands.hand(match.state, other))

        match = random_playout(RULES, seed, options={"players": players}, max_actions=20000,
                               on_action=check)
        assert match.result


def test_preemption_prompt_names_no_card() -> None:
    match = new()
    past_setup(match)
    view = match.view(ADN)
    assert not CARD_NAMED.search(view.prompt)
    assert view.tracks["Turn"] == 1812 and view.tracks["Impulse marker"] == GB
    assert view.tracks["Resources"] == "GB 1, AdS 1, Spain 1, AdN 2"
    assert ADS in view.tracks["Key duchies"] and ADN in view.hand_sizes
