"""Wellington's quick paths (issue 19: random play faster) answer as the rules they stand for,
on the states of random games.

- `movement.can_leave`: with every line open and no enemy fortress it reads whether the place
  reaches the map (once per place); it must say what `destinations` says (9.3, 12.4, #3).
- `cardplay.may_respond` stops at the first playable Response: `responses` must hold one
  exactly then (5.2), at every Response window the games open.
- #9 / #10 and #23 are asked at every Response window while held: their tests without lists
  must agree with the lists the events build (`open_lines`, the commanders on the map).
- `victory.still_no_conquest` (after every step, 18.1) rechecks the four remembered duchies
  with control written out: it must answer as `controller`, and `conquest` find none then.
"""
from __future__ import annotations

from core.engine import Match, clone
from core.playout import random_playout
from core.registry import get_rules
from core.wellington import cardplay, movement, victory
from core.wellington import flags as geo
from core.wellington.events import cards_1_55
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.state import POWERS, SIDE, WellingtonState

SEEDS = (1, 2, 3)
EVERY = 7                      # one state in this many is examined (the games are long)


def states_of(seed: int) -> list[WellingtonState]:
    """Some states of one random game, copied as they were (every Response window kept)."""
    kept: list[WellingtonState] = []

    def keep(match: Match, _role: str, _action: object) -> None:
        state = match.state
        assert isinstance(state, WellingtonState)
        window = bool(state.stack) and isinstance(state.stack[-1], ResponseWindow)
        if state.result is None and (window or len(match.history) % EVERY == 0):
            kept.append(clone(state))

    random_playout(get_rules("wellington"), seed, on_action=keep)
    return kept


def places_with_pieces(state: WellingtonState) -> set[str]:
    return {d for d in (*state.troops, *state.commanders.values()) if geo.on_map(d)}


def test_can_leave_says_what_destinations_say() -> None:
    asked = 0
    for seed in SEEDS:
        for state in states_of(seed):
            for place in places_with_pieces(state):
                for power in POWERS:
                    assert movement.can_leave(state, place, power) == bool(
                        movement.destinations(state, place, power)), (seed, place, power)
                    asked += 1
    assert asked > 1000


def test_may_respond_says_what_responses_say() -> None:
    windows = 0
    for seed in SEEDS:
        for state in states_of(seed):
            top = state.stack[-1] if state.stack else None
            if not isinstance(top, ResponseWindow):
                continue
            windows += 1
            for power in POWERS:
                with geo.reading(state):
                    quick = cardplay.may_respond(state, power, top.trigger)
                assert quick == bool(cardplay.responses(state, power, top.trigger)), \
                    (seed, power, top.trigger)
    assert windows > 10


def test_blocking_and_humbug_tests_agree_with_their_lists() -> None:
    for seed in SEEDS:
        for state in states_of(seed):
            for card in (cards_1_55.PASSES_BLOCKED, cards_1_55.BRIDGES_SWEPT_AWAY):
                assert cards_1_55.any_open_line(state, card) == bool(
                    cards_1_55.open_lines(state, card))
            for power in POWERS:
                listed = cards_1_55.response(state, power, "play:1") and any(
                    not cards_1_55._humbugged(state, c)
                    for c in cards_1_55.commanders_on_map(state))
                assert cards_1_55.humbug_playable(state, power, "play:1") == listed


def test_still_no_conquest_says_what_conquest_says() -> None:
    """18.1: when the four remembered duchies still answer, `conquest` finds none; and the
    recheck asks each remembered duchy as `any_held` asks it (3.1 through `controller`)."""
    asked = 0
    for seed in SEEDS:
        for state in states_of(seed):
            if not victory.still_no_conquest(state):
                continue
            asked += 1
            for question, duchy in victory._LAST_ANSWER.items():
                _name, side, held = question
                owner = geo.controller_now(state, duchy)
                if held:
                    assert owner and SIDE[owner] == side, (seed, question, duchy)
                else:
                    assert not owner or SIDE[owner] == side, (seed, question, duchy)
            assert victory.conquest(state) is None, seed
    assert asked > 100
