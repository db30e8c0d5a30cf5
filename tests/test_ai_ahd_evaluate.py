"""core/ahd/evaluate.py: the A House Divided evaluation reads what decides the game."""
from __future__ import annotations

import msgspec

from core import rng
from core.ahd import evaluate as e
from core.ahd import query as q
from core.ahd.pieces import update
from core.ahd.state import CSA, UNION, AhdState
from core.engine import Match, clone
from core.registry import get_rules
from maps.a_house_divided import UNION_VICTORY_CITIES

AHD = get_rules("a-house-divided")


def start(short: bool = True) -> AhdState:
    state = Match.new(AHD, seed=2, options={"short_game": short}).state
    assert isinstance(state, AhdState)
    return state


def test_a_bare_city_within_two_boxes_of_the_enemy_counts_for_the_enemy():
    """Baltimore (blue 3, red 1) stands empty two boxes from the Confederates at
    Fredericksburg: taking it would swing the Confederate margin by 4 (B7.0). A Union piece
    in it takes that away."""
    state = start()
    assert e.distances("baltimore")["fredericksburg"] == 2 and not q.has_piece(state, "baltimore",
                                                                              UNION)
    before = e.within_reach(state, e.projected_owner(state), CSA)
    guarded = clone(state)
    update(guarded, q.pieces_at(guarded, "washington", UNION)[0], loc="baltimore")
    after = e.within_reach(guarded, e.projected_owner(guarded), CSA)
    assert before - after == 4
    assert e.evaluate(guarded, UNION) > e.evaluate(state, UNION)


def test_on_the_last_turn_the_union_can_take_nothing_once_its_player_turn_is_over():
    match = Match.new(AHD, seed=2, options={"short_game": True})
    chooser = type("Chooser", (), {"rng": rng.seed_state(2)})()
    while match.state.player != CSA:
        choices = match.actions(match.active[0])
        match.act(match.active[0], choices[rng.randbelow(chooser, len(choices))].action)
    state = match.state
    assert isinstance(state, AhdState)
    last = msgspec.structs.replace(state, turn=state.last_turn)
    owner = e.projected_owner(state)
    assert e.within_reach(state, owner, UNION) > 0
    assert e.within_reach(last, owner, UNION) == 0
    assert e.within_reach(last, owner, CSA) == e.within_reach(state, owner, CSA)


def test_what_the_union_marches_on_depends_on_how_the_game_is_judged():
    """Short game (B13.0, judged by MAS): every box that raises the Union margin, Louisville
    (neutral, blue 1) among them; campaign (B11.0 sudden death): the victory cities."""
    short, campaign = start(short=True), start(short=False)
    goals = e.targets(short, e.projected_owner(short), UNION)
    assert "louisville" in goals and "richmond" in goals and "chicago" not in goals
    assert sorted(e.targets(campaign, e.projected_owner(campaign), UNION)) == \
        sorted(UNION_VICTORY_CITIES)
    assert e.gain(e.projected_owner(short), "knoxville", UNION) == 2   # blue 1 + red 1 taken


def test_the_needed_margin_follows_the_short_game_reading():
    state = start()
    assert e.needed_margin(state, 29) == 5                     # AMB-22: at least 5 more
    times = msgspec.structs.replace(
        state, options=msgspec.structs.replace(state.options, short_game_margin="5-times"))
    assert e.needed_margin(times, 29) == 4 * 29                # union - csa >= 4 csa
    assert e.needed_margin(start(short=False), 29) == 0        # B11.0: not to fall behind


def test_the_two_sides_values_add_up_to_one_whatever_was_asked_before():
    first, second = start(), start(short=False)
    update(second, q.pieces_at(second, "washington", UNION)[0], loc="baltimore")
    for state in (first, second, first):
        assert abs(e.evaluate(state, UNION) + e.evaluate(state, CSA) - 1.0) < 1e-12
    assert e.evaluate(first, UNION) != e.evaluate(second, UNION)
