"""Each evaluation term reads the board as a player does (issue 19, part 1): for every named
term a position where it must be better for one side than in another (the two differing only
in what the term reads), and the term's share of the value moving the same way."""
from __future__ import annotations

import msgspec

from core.engine import Match, clone
from core.registry import get_rules

# --- Gettysburg 1863 ---------------------------------------------------------------------------

from core.gettysburg import evaluate as gb
from core.gettysburg import query as gq
from core.gettysburg.state import CSA, ON_MAP, PENDING, UNION
from maps import gettysburg as gb_map


def gettysburg(scenario: str = "day-1"):
    return Match.new(get_rules("gettysburg-1863"), seed=1, scenario=scenario).state


def empty_hex(state, want) -> str:
    """A hex with no unit, no unit next to it, meeting `want(hex)`."""
    taken = {u.hex for u in state.units if u.status == ON_MAP}
    for h in gq.board().hexes:
        if h in taken or any(n in taken for n in gq.neighbours(h)) or not want(h):
            continue
        return h
    raise AssertionError("no such hex")


def test_gettysburg_a_reinforcement_brought_on_counts_more_than_one_waiting():
    state = gettysburg("day-2")
    waiting = next((u for u in state.units if u.side == CSA and u.status == PENDING), None)
    if waiting is None:
        state.units = [msgspec.structs.replace(u, status=PENDING, hex="")
                       if u.side == CSA and u.status == ON_MAP and u.entry else u
                       for u in state.units]
        waiting = next(u for u in state.units if u.side == CSA and u.status == PENDING)
    entered = clone(state)
    gq.update(entered, waiting.id, status=ON_MAP, hex=waiting.entry)
    assert gb.margin_terms(entered)["waiting"] > gb.margin_terms(state)["waiting"]
    assert gb.evaluate(entered, CSA) > gb.evaluate(state, CSA)


def test_gettysburg_the_side_nearer_a_red_dot_hex_wins_the_race_and_the_reach():
    state = gettysburg("day-1")
    union = next(u for u in state.units if u.side == UNION and u.status == ON_MAP)
    far = max(gq.board().hexes, key=lambda h: gb.vp_distance().get(h, 0))
    away, on_hex = clone(state), clone(state)
    gq.update(away, union.id, hex=far)
    target = next(h for h in gb_map.VP_HEXES if not gq.at(state, h))
    gq.update(on_hex, union.id, hex=target)
    assert gb.margin_terms(on_hex)["race"] < gb.margin_terms(away)["race"]    # Union nearer
    assert gb.margin_terms(on_hex)["reach"] < gb.margin_terms(away)["reach"]
    assert gb.evaluate(on_hex, UNION) > gb.evaluate(away, UNION)


def test_gettysburg_cover_counts_and_the_open_next_to_the_enemy_is_exposed():
    state = gettysburg("day-1")
    union = next(u for u in state.units if u.side == UNION and u.status == ON_MAP)
    csa = next(u for u in state.units if u.side == CSA and u.status != ON_MAP)
    open_hex = empty_hex(state, lambda h: not gq.cover(h)
                         and any(not gq.cover(n) for n in gq.neighbours(h)))
    cover_hex = empty_hex(state, lambda h: gq.cover(h))
    in_open, in_cover = clone(state), clone(state)
    for s, h in ((in_open, open_hex), (in_cover, cover_hex)):
        gq.update(s, union.id, hex=h)
        enemy_at = next(n for n in gq.neighbours(h) if not gq.at(s, n))
        gq.update(s, csa.id, status=ON_MAP, hex=enemy_at)
    assert gb.Board(in_cover).cover(UNION) > gb.Board(in_open).cover(UNION)
    assert gb.Board(in_open).exposed(UNION) > gb.Board(in_cover).exposed(UNION) == 0.0
    assert gb.margin_terms(in_open)["exposed"] > gb.margin_terms(in_cover)["exposed"]


def test_gettysburg_a_spent_unit_is_not_fresh():
    state = gettysburg("day-1")
    union = next(u for u in state.units if u.side == UNION and u.status == ON_MAP and u.sp > 1)
    spent = clone(state)
    gq.update(spent, union.id, sp=union.sp - 1)
    assert gb.Board(spent).fresh(UNION) < gb.Board(state).fresh(UNION)
    assert gb.margin_terms(spent)["fresh"] > gb.margin_terms(state)["fresh"]   # CSA's gain


# --- A House Divided -----------------------------------------------------------------------------

from core.ahd import evaluate as ahd
from core.ahd import query as aq
from core.ahd.pieces import update as move_piece
from core.ahd.state import CSA as CONFEDERATE, UNION as NORTH


def ahd_start(**options):
    return Match.new(get_rules("a-house-divided"), seed=2, options=options).state


def test_ahd_pieces_massed_near_the_enemy_count_for_concentration():
    """Two Union pieces in one box within two boxes of the enemy (B10.0: a battle is fought
    by the whole stack) against the same pieces one of them far behind."""
    state = ahd_start(short_game=True)
    enemy = aq.occupied(state, CONFEDERATE)
    near = ahd.distances_to(tuple(sorted(enemy)))
    front = next(b for b in sorted(aq.occupied(state, NORTH)) if near.get(b, 99) <= 2)
    behind = next(b for b in sorted(aq.occupied(state, NORTH)) if near.get(b, 99) > 2
                  or b != front)
    spread, massed = clone(state), clone(state)
    piece = aq.pieces_at(state, behind, NORTH)[0]
    move_piece(massed, aq.pieces_at(massed, behind, NORTH)[0], loc=front)
    far = max((b for b in aq.map_boxes() if near.get(b, 0) > 3 and b not in enemy),
              key=lambda b: near.get(b, 0))
    move_piece(spread, aq.pieces_at(spread, behind, NORTH)[0], loc=far)
    assert piece is not None
    assert ahd.concentration(massed, NORTH) > ahd.concentration(spread, NORTH)
    assert ahd.terms(massed)["concentration"] > ahd.terms(spread)["concentration"]


def test_ahd_a_stack_without_a_support_line_counts_against_its_side():
    """A2.0 (with the advanced rule): two Union pieces deep in the South, cut off, will lose
    one at the Union's next turn; the same two pieces at home do not count."""
    state = ahd_start(supply=True)
    home = sorted(aq.occupied(state, NORTH))[0]
    pieces = aq.pieces_at(state, home, NORTH)
    if len(pieces) < 2:
        other = next(b for b in sorted(aq.occupied(state, NORTH)) if b != home)
        move_piece(state, aq.pieces_at(state, other, NORTH)[0], loc=home)
    assert ahd.unsupplied(state, NORTH) == 0
    cut_off = clone(state)
    deep = next(b for b in ("new-orleans", "mobile", "savannah", "atlanta")
                if b in aq.map_boxes() and not aq.pieces_at(cut_off, b, CONFEDERATE))
    for piece in aq.pieces_at(cut_off, home, NORTH)[:2]:
        move_piece(cut_off, piece, loc=deep)
    assert ahd.unsupplied(cut_off, NORTH) == 1
    assert ahd.terms(cut_off)["supply"] == ahd.terms(state)["supply"] - 1
    without = ahd_start(supply=False)
    assert ahd.unsupplied(without, NORTH) == 0


# --- Washington's War ---------------------------------------------------------------------------

from core.ww import deck
from core.ww import evaluate as ww
from core.ww import query as wq
from core.ww.state import AMERICAN, BRITISH, DISPERSED, WAR_ENDS


def ww_start():
    return Match.new(get_rules("washingtons-war"), seed=1).state


def test_ww_cus_in_winter_quarters_are_sheltered():
    """11: Howe's 5 CUs in Boston (winter quarters) against the same CUs moved to a space
    that is neither winter quarters nor south of the line."""
    state = ww_start()
    assert wq.is_winter_quarters("boston")
    exposed = clone(state)
    bare = next(s for s in wq.spaces() if wq.on_map(s) and not wq.is_winter_quarters(s)
                and not wq.south_of_line(s) and s not in state.cus)
    wq.move_cus(exposed, "boston", bare, "british", 5)
    exposed.generals["howe"] = bare
    assert ww.Board(exposed).sheltered(BRITISH) < ww.Board(state).sheltered(BRITISH)
    assert ww.terms(exposed)["winter"] > ww.terms(state)["winter"]     # better for America
    assert ww.evaluate(exposed, BRITISH) < ww.evaluate(state, BRITISH)


def test_ww_a_lone_general_beside_an_enemy_army_is_exposed():
    """7.6: Washington without CUs beside Howe's army in Boston may be captured."""
    state = ww_start()
    lone = clone(state)
    beside = next(s for s in wq.adjacent("boston") if s not in state.cus)
    lone.generals["washington"] = beside
    assert ww.Board(lone).exposed_generals(AMERICAN) == 3.0   # Washington counts three
    assert ww.Board(state).exposed_generals(AMERICAN) == 0.0
    assert ww.evaluate(lone, AMERICAN) < ww.evaluate(state, AMERICAN)


def test_ww_cus_with_a_general_are_concentrated():
    state = ww_start()
    apart = clone(state)
    apart.generals["washington"] = next(s for s in wq.adjacent("lexington-concord")
                                        if s not in state.cus)
    assert ww.Board(apart).massed(AMERICAN) < ww.Board(state).massed(AMERICAN)


def test_ww_a_dispersed_congress_counts_against_the_american():
    state = ww_start()
    dispersed = clone(state)
    dispersed.congress = DISPERSED
    assert ww.terms(dispersed)["congress"] < ww.terms(state)["congress"] == 0.0
    assert ww.evaluate(dispersed, AMERICAN) < ww.evaluate(state, AMERICAN)


def test_ww_an_event_of_ones_own_flag_is_worth_more_in_hand_than_the_enemys():
    """6.3.B: a British-flag event in the American's hand is worth nothing to him (and
    handing it over by an exchange gives the British a playable event)."""
    state = ww_start()
    own = next(c.number for c in deck.load() if c.flag == "american" and not c.must_play)
    enemy = next(c.number for c in deck.load() if c.flag == "british" and not c.must_play)
    holding_own, holding_enemy = clone(state), clone(state)
    holding_own.piles.hands["American"] = [own]
    holding_enemy.piles.hands["American"] = [enemy]
    assert ww.hand_value(holding_own, AMERICAN) == 2.0
    assert ww.hand_value(holding_enemy, AMERICAN) == 0.0
    assert ww.terms(holding_own)["cards"] > ww.terms(holding_enemy)["cards"]


def test_ww_the_war_ends_clock_makes_the_present_count_weigh_more():
    """6.34.C.iii: with a War Ends card in its box the game ends sooner: the colony count now
    (the British ahead at the start) weighs more."""
    state = ww_start()
    ending = clone(state)
    card = next(c for c in deck.load() if c.war_end_year is not None)
    ending.piles.boxes[WAR_ENDS] = [card.number]
    assert ww.end_year(ending) == card.war_end_year < ww.end_year(state)
    assert ww.terms(ending)["clock"] < ww.terms(state)["clock"] < 0


# --- Wellington -------------------------------------------------------------------------------

from core.wellington import evaluate as wel
from core.wellington import flags as wgeo
from core.wellington.state import ALLIES, FRENCH, SIDE


def test_wellington_sp_beside_a_force_twice_as_strong_are_at_risk():
    state = Match.new(get_rules("wellington"), seed=1, scenario="1813").state
    before = wel.at_risk(state, FRENCH)
    sp = wel.side_sp(state)
    allied = max(sp[ALLIES], key=sp[ALLIES].get)          # the strongest Allied force
    lone = next(d for d in wgeo.neighbours(allied) if d not in sp[FRENCH]
                and wel.on_map(d))
    risky = clone(state)
    risky.troops.setdefault(lone, {})["AdS"] = [1, 0, 0]  # 1 infantry SP alone beside it
    assert wel.at_risk(risky, FRENCH) >= before + 1
    far = clone(state)
    quiet = next(d for d in wgeo.duchies() if wel.on_map(d) and d not in sp[ALLIES]
                 and d not in sp[FRENCH]
                 and not any(n in sp[ALLIES] for n in wgeo.neighbours(d)))
    far.troops.setdefault(quiet, {})["AdS"] = [1, 0, 0]
    assert wel.at_risk(far, FRENCH) == before


def test_wellington_a_fortress_held_counts_for_its_side():
    state = Match.new(get_rules("wellington"), seed=1, scenario="1813").state
    owner = wel.control(state)
    fortress = next(d for d in wel.wellington_map.FORTRESSES
                    if owner.get(d) and SIDE[owner[d]] == FRENCH)
    flipped = dict(owner, **{fortress: "GB"})
    assert wel.fortresses(state, flipped) == wel.fortresses(state, owner) + 2
