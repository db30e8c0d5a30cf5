"""core/ahd/evaluate.py: the A House Divided evaluation reads what decides the game."""
from __future__ import annotations

import msgspec

from core import rng
from core.ahd import evaluate as e
from core.ahd import movement, promotion
from core.ahd import query as q
from core.ahd.frames import Movement, Recruiting
from core.ahd.pieces import TURN_MARKS, update
from core.ahd.state import CAVALRY, CSA, INFANTRY, POOL, UNION, AhdState
from core.engine import Match, clone
from core.registry import get_rules
from maps.a_house_divided import UNION_VICTORY_CITIES, WASHINGTON

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


def played_until(found, seed: int = 3, limit: int = 3000) -> Match:
    """A short game of random play stopped at the first position where `found(state)`."""
    match = Match.new(AHD, seed=seed, options={"short_game": True})
    chooser = type("Chooser", (), {"rng": rng.seed_state(seed)})()
    for _ in range(limit):
        if found(match.state):
            return match
        choices = match.actions(match.active[0])
        match.act(match.active[0], choices[rng.randbelow(chooser, len(choices))].action)
    raise AssertionError("random play never reached the position")


def due_and_on_map(state: AhdState, side: str) -> float:
    return e.army(state, side) + e.pending(state, side)


def test_a_recruit_placed_or_a_piece_promoted_was_already_counted_as_due():
    """B6.0, B7.0: the promotion and the recruits of the player turn under way count before
    they are made, so ending movement (which brings them at once) is no gain of its own and a
    march made first no loss of them; placing a recruit changes nothing of the army."""
    def recruiting(state: AhdState) -> bool:
        top = state.stack[-1] if state.stack else None
        return isinstance(top, Recruiting) and top.left > 0 and bool(
            [c for c in AHD.actions(state, state.player) if c.action.verb == "recruit-infantry"])

    match = played_until(recruiting)
    state, side = match.state, match.state.player
    assert e.pending(state, side) > 0 and e.pending(state, q.enemy(side)) == 0
    recruit = next(c.action for c in match.actions(side) if c.action.verb == "recruit-infantry")
    after = AHD.act(state, side, recruit)
    assert e.army(after, side) == e.army(state, side) + 2          # T1: a militia infantry
    assert due_and_on_map(after, side) == due_and_on_map(state, side)

    def moving(state: AhdState) -> bool:
        return bool(state.stack) and isinstance(state.stack[-1], Movement) and bool(
            promotion.promotable(state, [])) and bool(q.pool(state, state.player))

    movement = played_until(moving).state
    assert e.pending(movement, movement.player) >= 1 + 2 * 1       # a promotion, recruits
    assert e.pending(movement, q.enemy(movement.player)) == 0


def test_one_piece_beside_many_bare_cities_can_take_one_of_them():
    """B4.0: a march takes a piece into one box. A lone Confederate piece two boxes from
    several bare cities threatens the best of them, not their sum."""
    state = start()
    union = q.occupied(state, UNION)
    csa = q.pieces_of(state, CSA)
    for p in csa[1:]:
        update(state, p, loc=POOL)
    owner = e.projected_owner(state)

    def bare(box: str) -> list[str]:
        return [c for c in e.cities_near(box) if c not in union and e.gain(owner, c, CSA) > 0]

    box = next(b for b in sorted(q.map_boxes()) if b not in union and len(bare(b)) >= 2)
    update(state, csa[0], loc=box)
    owner = e.projected_owner(state)
    gains = [e.gain(owner, c, CSA) for c in bare(box)]
    assert e.within_reach(state, owner, CSA) == max(gains) < sum(gains)


def bare_washington(state: AhdState) -> AhdState:
    """The start with Washington's garrison sent to the pool and the Confederate player to
    move (so no Union recruit is due to garrison it, B7.0), every Confederate piece in the
    pool."""
    state = clone(state)
    state.stack[1] = msgspec.structs.replace(state.stack[1], side=CSA)   # the PlayerTurn
    assert state.player == CSA
    for p in q.pieces_at(state, WASHINGTON, UNION) + q.pieces_of(state, CSA):
        update(state, p, loc=POOL)
    return state


def engine_reaches(state: AhdState, p, box: str) -> bool:
    """Whether the rules' own routes (core/ahd/movement.py) take `p`, its turn's marks cleared,
    into `box` in one march or two (the first ending where no Union piece stands, AMB-11)."""
    fresh = msgspec.structs.replace(p, **TURN_MARKS)
    occ = q.Occupancy(state)
    first = movement.reach(state, fresh, occ)
    return box in first or any(
        box in movement.reach(state, msgspec.structs.replace(fresh, loc=b, marches=1), occ)
        for b in first if not occ.enemy(b, p.side))


def test_a_bare_capital_is_open_exactly_where_the_rules_let_an_enemy_piece_march_into_it():
    """B4.0, T3, B4.2.1, B4.2.6: for a lone Confederate infantry or cavalry piece on every box
    within four of Washington (the other Union pieces where they start, stopping marches), the
    evaluation's two-march reach agrees with the engine's routes; and a bare Washington within
    reach is fully open, a garrison worth half the attack or more closes it (B5.2.1)."""
    near = e.distances(WASHINGTON)
    reached: dict[tuple[str, ...], int] = {}
    for blockers in ((), ("manassas-junction", "frederick")):   # Union pieces on the way
        state = bare_washington(start())
        spare = [p for p in state.pieces if p.side == UNION and p.loc not in near]
        for box, p in zip(blockers, spare):
            update(state, p, loc=box)
        infantry = next(p for p in state.pieces if p.side == CSA and p.arm == INFANTRY)
        cavalry = next(p for p in state.pieces if p.side == CSA and p.arm == CAVALRY)
        checked = 0
        for box in sorted(b for b, d in near.items() if 0 < d <= e.MARCHING_RANGE):
            if q.has_piece(state, box, UNION):
                continue
            for piece in (infantry, cavalry):
                there = clone(state)
                update(there, piece, loc=box)
                moved = next(p for p in there.pieces if p.id == piece.id)
                openness = e.exposed(there, dict(there.owner), UNION)
                assert openness in (0.0, 1.0)
                assert (openness == 1.0) == engine_reaches(there, moved, WASHINGTON), (
                    blockers, box, piece.arm)
                checked += 1
                reached[blockers] = reached.get(blockers, 0) + (openness == 1.0)
        assert checked > 40 and 0 < reached[blockers] < checked
    assert reached[("manassas-junction", "frederick")] < reached[()]   # the cover stops some


def test_a_garrison_worth_half_the_attack_closes_the_capital_and_a_lost_one_counts_in_full():
    state = bare_washington(start())
    attackers = [p for p in state.pieces if p.side == CSA and p.arm == INFANTRY][:2]
    for p in attackers:
        update(state, p, loc="manassas-junction")           # 2 militia: an attack of 4 (T1)
    owner = dict(state.owner)
    assert e.exposed(state, owner, UNION) == 1.0
    half = clone(state)
    update(half, next(p for p in half.pieces if p.side == UNION and p.loc == POOL), loc=WASHINGTON)
    assert e.exposed(half, owner, UNION) == 0.0             # 2 x 2 entrenched >= 4
    assert e.evaluate(half, UNION) > e.evaluate(state, UNION)
    lost = clone(state)
    update(lost, attackers[0], loc=WASHINGTON)
    assert e.projected_owner(lost)[WASHINGTON] == CSA
    assert e.exposed(lost, e.projected_owner(lost), UNION) == 1.0


def test_an_open_capital_stays_open_through_the_attacker_s_movement():
    """`marches_ahead`: in the attacker's own movement the capital's openness counts before
    its first march (the marches its segment has, B4.1) and after it (its next player turn's),
    so a line stopped inside a march and one that reached the other side's player turn read
    the capital alike; on the last turn, once the attacker has begun its movement, nothing
    is left to strike with."""
    state = bare_washington(start())
    piece = next(p for p in state.pieces if p.side == CSA and p.arm == INFANTRY)
    update(state, piece, loc="manassas-junction")
    assert e.marches_ahead(state, CSA) == 2                 # B4.1: two marches on turn 1
    assert e.exposed(state, dict(state.owner), UNION) == 1.0
    marched = clone(state)
    update(marched, piece, loc="manassas-junction", marches=1)
    assert e.marches_ahead(marched, CSA) == e.MARCHES_AHEAD
    assert e.exposed(marched, dict(marched.owner), UNION) == 1.0
    assert e.marches_ahead(marched, UNION) == e.MARCHES_AHEAD   # the side not moving: a turn's
    last = msgspec.structs.replace(marched, turn=marched.last_turn)
    assert e.marches_ahead(last, CSA) == 0
    assert e.exposed(last, dict(last.owner), UNION) == 0.0
    assert e.marches_ahead(last, UNION) == 0    # the Union moved first (B3.0): its turn is over


def bare_richmond_beside_a_union_piece(marched: bool) -> AhdState:
    """The start (the Union's movement, seed 2) with every Confederate piece in the pool and
    a Union militia at Fort Monroe, next to Richmond; `marched`: it has marched there."""
    state = clone(start())
    for p in q.pieces_of(state, CSA):
        update(state, p, loc=POOL)
    piece = next(p for p in state.pieces if p.side == UNION and p.arm == INFANTRY
                 and p.loc != POOL)
    update(state, piece, loc="fort-monroe", marches=1 if marched else 0)
    return state


def test_a_capital_its_owner_can_still_march_into_is_not_open():
    """`relief`: once the Union has marched (the Confederacy moves before its next march,
    B3.0), a Confederate piece one march from Richmond counts in its garrison; while the Union
    may still strike this turn, it does not."""
    bare = bare_richmond_beside_a_union_piece(marched=True)
    owner = e.projected_owner(bare)
    assert e.moves_before_the_strike(bare, CSA)
    assert e.exposed(bare, owner, CSA) == 1.0
    relieved = clone(bare)
    defender = next(p for p in relieved.pieces if p.side == CSA and p.arm == INFANTRY)
    update(relieved, defender, loc="petersburg")
    assert e.relief(relieved, CSA, "richmond", e.projected_owner(relieved)) > 0
    assert e.exposed(relieved, e.projected_owner(relieved), CSA) < 1.0
    striking = bare_richmond_beside_a_union_piece(marched=False)
    update(striking, next(p for p in striking.pieces if p.side == CSA and p.arm == INFANTRY),
           loc="petersburg")
    assert not e.moves_before_the_strike(striking, CSA)
    assert e.exposed(striking, e.projected_owner(striking), CSA) == 1.0


def test_in_its_own_movement_the_owner_s_relief_counts_until_its_first_march():
    """`relief` in the owner's own player turn: before its first march its pieces one march
    from Washington count in the garrison (a line of the enemy's reaching this turn reads
    them so); from its first march on the search sees what it sends, so they do not."""
    alone = clone(start())                                    # the Union's movement
    for p in q.pieces_at(alone, WASHINGTON, UNION) + q.pieces_of(alone, CSA):
        update(alone, p, loc=POOL)
    for p in [p for p in alone.pieces if p.side == CSA and p.arm == INFANTRY][:4]:
        update(alone, p, loc="manassas-junction")
    helper = next(p for p in alone.pieces if p.side == UNION and p.arm == INFANTRY
                  and p.loc != POOL)
    update(alone, helper, loc=POOL)
    helped = clone(alone)
    update(helped, helper, loc="baltimore")

    def open_(state: AhdState) -> float:
        return e.exposed(state, e.projected_owner(state), UNION)

    assert e.moves_before_the_strike(helped, UNION)
    assert open_(helped) < open_(alone)
    for state in (alone, helped):       # another piece's march begins the Union's movement
        mover = next(p for p in state.pieces if p.side == UNION and p.loc not in
                     (POOL, "baltimore", WASHINGTON))
        update(state, mover, marches=1)
    assert not e.moves_before_the_strike(helped, UNION)
    assert open_(helped) == open_(alone) > 0
