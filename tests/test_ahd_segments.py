"""A House Divided, basic game: recovery, promotion, recruiting, enlistment, capture, victory,
the inexperienced-Union rule and the short game (seed 5.2.7 through the flow, 6.0-13.0;
TC-11 to TC-16, TC-23).

Rule numbers are the seed's (../shared/seeds/001_f551d95babcd19e5.txt), written B6.0 ... as in
the English reference (../shared/rules/a-house-divided.md). Battles themselves (B5) are tested
in the battle tests; here a battle is only played where a rule of the turn needs one.
"""
from __future__ import annotations

import pytest

from core.ahd import query as q
from core.ahd.calendar import ENLISTMENT_TURNS, label
from core.ahd.pieces import update
from core.ahd.state import (ASIDE, CAVALRY, CRACK, CSA, INFANTRY, MILITIA, POOL, SPARE, UNION,
                            VETERAN)
from tests.support.ahd import (act, assert_illegal, clear_box, Dice, end_player_turn, labels,
                               march, movement_phase, new_match, piece, place, promotion_phase,
                               recruiting_of, recruiting_phase, relocate, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)

UNION_RECRUITING_CITIES = {
    "new-york", "philadelphia", "harrisburg", "pittsburgh", "cleveland", "toledo", "columbus",
    "cincinnati", "dayton", "indianapolis", "fort-wayne", "terre-haute", "evansville",
    "chicago", "springfield-il", "cairo", "washington", "baltimore", "st-louis", "st-joseph",
    "wheeling"}
VICTORY_CITIES = ("new-orleans", "mobile", "atlanta", "memphis", "charleston", "wilmington",
                  "richmond")


def promotion_segment(m, side):
    return promotion_phase(m, side)


def union_militia_available(state) -> int:
    """Union militia infantry on the map or in the pool (B8.0)."""
    return sum(1 for p in state.pieces if p.side == UNION and p.arm == INFANTRY
               and p.grade == MILITIA and p.loc not in (ASIDE, SPARE))


# --- TC-11 / TC-12: recovery and the promotion segment after a battle ---------------------------


def test_tc_11_tc_12_b5_2_7_b6_0_recovery_then_one_more_promotion(dice: Dice):
    """B5.2.7: 'Dopo che un segmento di battaglia è terminato, tutti i pezzi che sono stati
    ridotti dal nemico vengono riportati alla loro forza piena' (TC-11: 2 Union and 1 CSA
    reduced, all full again before the Union promotion segment). B6.0: after winning, the
    Union promotes one participant at once; 'Nel segmento delle Promozioni, il giocatore di
    turno può promuovere un'altro pezzo' (TC-12: exactly one more)."""
    m = new_match()
    march(m, UNION, "washington", ("U-MF-01", "manassas-junction"),
          ("U-MF-02", "manassas-junction"), ("U-MF-03", "manassas-junction"))
    act(m, UNION, "end-movement")
    dice.push(1, 1, 6, 6)             # round 1: CSA hits U-MF-01; Union: 1 hit, 2 misses
    act(m, CSA, "target", "U-MF-01")
    act(m, CSA, "done")               # round 2: no CSA reinforcements
    act(m, UNION, "stand")
    act(m, CSA, "stand")
    dice.push(1, 6, 6, 6)             # CSA hits U-MF-02; the Union misses
    act(m, CSA, "target", "U-MF-02")
    act(m, CSA, "done")               # round 3
    act(m, UNION, "stand")
    state = st(m)
    assert [piece(state, pid).reduced for pid in ("U-MF-01", "U-MF-02", "U-MF-03",
                                                  "C-MF-01")] == [True, True, False, True]
    act(m, CSA, "retreat", "culpeper")   # the Union wins (B5.2.5)
    assert "promote U-MF-03" in labels(m, UNION)
    act(m, UNION, "promote", "U-MF-03")  # battle promotion (B6.0)
    state = st(m)
    # TC-11: the battle segment is over, all three are back at full strength
    assert (state.phase, state.player) == ("promotion", UNION)
    assert not any(piece(state, pid).reduced for pid in ("U-MF-01", "U-MF-02", "C-MF-01"))
    assert not any(p.reduced for p in state.pieces)
    assert piece(state, "U-FV-01").loc == "manassas-junction"
    assert piece(state, "U-MF-03").loc == POOL
    # TC-12: exactly one more promotion in the promotion segment
    dice.push(2)                          # then the recruiting die
    act(m, UNION, "promote", "U-MF-04")
    state = st(m)
    assert piece(state, "U-FV-02").loc == "chicago" and piece(state, "U-MF-04").loc == POOL
    assert state.phase == "recruit"
    assert not any(lab.startswith("promote") for lab in labels(m, UNION))
    assert_illegal(m, UNION, "promote", "U-MF-05")


# --- B6.0 -------------------------------------------------------------------------------------


def test_b6_0_promotion_segment_offers_every_own_piece_and_a_pass():
    """B6.0: 'La Milizia può essere promossa a Veterana, e i Veterani a Sfondamento'; in the
    promotion segment the active player may promote one piece (AMB-20: any of his)."""
    m = new_match()
    promotion_segment(m, UNION)
    union_militia = sorted(p.id for p in q.pieces_of(st(m), UNION))
    assert labels(m, UNION) == [f"promote {pid}" for pid in union_militia] + ["pass"]
    assert_illegal(m, UNION, "promote", "C-MF-01")


def test_tc_12_b6_0_militia_becomes_veteran_in_place_and_its_counter_returns_to_the_pool(
        dice: Dice):
    """B6.0: 'rimuovete quello vecchio dalla mappa e piazzate al suo posto un pezzo dello
    stesso tipo ma con qualità migliorata' (militia counter to the pool, B7.0)."""
    m = new_match()
    promotion_segment(m, UNION)
    dice.push(3)
    act(m, UNION, "promote", "U-MF-08")
    state = st(m)
    new = piece(state, "U-FV-01")
    assert (new.loc, new.arm, new.grade) == ("harpers-ferry", INFANTRY, VETERAN)
    assert piece(state, "U-MF-08").loc == POOL
    assert q.in_play(state, UNION) == 12
    assert state.phase == "recruit"


def test_b6_0_veteran_becomes_crack_and_crack_is_the_top(dice: Dice):
    m = new_match()
    state = promotion_segment(m, UNION)
    relocate(state, "U-FV-01", "chicago", entrenched=True)
    relocate(state, "U-FS-01", "canton")
    relocate(state, "U-CV-01", "columbus")
    assert "promote U-FS-01" not in labels(m, UNION)
    assert "promote U-CV-01" in labels(m, UNION)
    dice.push(3)
    act(m, UNION, "promote", "U-FV-01")
    state = st(m)
    new = piece(state, "U-FS-02")
    assert (new.loc, new.arm, new.grade, new.entrenched) == ("chicago", INFANTRY, CRACK, True)
    assert piece(state, "U-FV-01").loc == SPARE  # only militia go back to the pool


def test_b6_0_cavalry_stays_cavalry(dice: Dice):
    m = new_match()
    state = promotion_segment(m, CSA)
    relocate(state, "C-MC-01", "richmond")
    dice.push(3)
    act(m, CSA, "promote", "C-MC-01")
    state = st(m)
    assert (piece(state, "C-CV-01").loc, piece(state, "C-CV-01").arm) == ("richmond", CAVALRY)
    assert piece(state, "C-MC-01").loc == POOL


def test_b6_0_no_promotion_without_a_free_counter_of_the_next_quality():
    m = new_match()
    state = promotion_segment(m, UNION)
    for p in state.pieces:
        if p.side == UNION and p.arm == INFANTRY and p.grade == VETERAN:
            update(state, p, loc=ASIDE)  # every veteran infantry counter is in use
    assert labels(m, UNION) == ["pass"]
    assert_illegal(m, UNION, "promote", "U-MF-01")
    # the counter mix is a reconstruction (GAP-6): the player is told why, where he looks
    assert m.view(UNION).prompt.endswith("Not possible now: no free veteran infantry counter "
                                         "left (counter mix, GAP-6).")


def test_b6_0_gap_6_a_segment_with_nothing_to_promote_says_why_in_the_log(dice: Dice):
    """When only the counter mix (GAP-6) stops every promotion, the segment is skipped with a
    log line naming the missing counters."""
    m = new_match()
    state = st(m)
    for p in state.pieces:
        if p.side == UNION and p.grade == VETERAN:
            update(state, p, loc=ASIDE)  # every Union veteran counter is in use
    dice.push(3)                                     # the recruiting die
    act(m, UNION, "end-movement")
    assert ("Union: no piece can be promoted: no free veteran infantry counter left (counter "
            "mix, GAP-6).") in st(m).log
    assert st(m).phase == "recruit"


def test_b6_0_passing_promotes_nobody(dice: Dice):
    m = new_match()
    promotion_segment(m, UNION)
    dice.push(3)
    act(m, UNION, "pass")
    state = st(m)
    assert state.phase == "recruit"
    assert all(p.grade == MILITIA for p in q.pieces_of(state, UNION))


# --- B7.0 / TC-13 -------------------------------------------------------------------------------


def _recruiting(m, side, die, dice, pool=()):
    state = promotion_segment(m, side)
    for pid in pool:
        relocate(state, pid, POOL)
    dice.push(die)
    act(m, side, "pass")
    return st(m)


@pytest.mark.parametrize("die, count", [(1, 2), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_b7_0_recruiting_die_gives_militia_and_a_one_counts_as_two(dice: Dice, die, count):
    """B7.0: 'lanciate 1d6. Tuttavia, se ottenete un 1 possono essere reclutati due pezzi'."""
    m = new_match()
    state = _recruiting(m, UNION, die, dice,
                        pool=[f"U-MF-{n}" for n in range(13, 21)])
    assert (recruiting_of(state).die, recruiting_of(state).left) == (die, count)
    cities = sorted(UNION_RECRUITING_CITIES)
    for box in cities[:count]:
        act(m, UNION, "recruit-infantry", box)
    assert labels(m, UNION) == ["end-recruiting"]
    assert q.in_play(st(m), UNION) == 12 + count


def test_tc_13_b7_0_union_recruits_in_its_own_blue_shield_cities_one_each(dice: Dice):
    """TC-13: die 1 -> up to 2 militia, one per owned blue-shield city. B7.0: 'Un pezzo di
    Milizia reclutato può essere piazzato in una città di reclutamento amica con il limite di
    un'unità per ogni città'; 'solo la milizia'."""
    m = new_match()
    _recruiting(m, UNION, 1, dice, pool=["U-MF-13", "U-MF-14"])
    acts = labels(m, UNION)
    assert {lab.split()[1] for lab in acts if lab.startswith("recruit-infantry")} \
        == UNION_RECRUITING_CITIES
    assert {lab.split()[1] for lab in acts if lab.startswith("recruit-cavalry")} \
        == UNION_RECRUITING_CITIES
    assert acts[-1] == "end-recruiting"
    assert not any(lab.startswith("recruit-") and "richmond" in lab for lab in acts)
    act(m, UNION, "recruit-infantry", "chicago")
    assert_illegal(m, UNION, "recruit-infantry", "chicago")   # one per city
    assert_illegal(m, UNION, "recruit-cavalry", "chicago")
    act(m, UNION, "recruit-cavalry", "cairo")
    state = st(m)
    assert recruiting_of(state).left == 0
    assert labels(m, UNION) == ["end-recruiting"]
    assert piece(state, "U-MC-01").loc == "cairo"
    assert sorted(p.loc for p in state.pieces if p.id in ("U-MF-13", "U-MF-14")) == [
        "chicago", POOL]


def test_b7_0_only_militia_in_the_pool_can_be_recruited(dice: Dice):
    """B7.0: only militia return to the pool and are recruited; veterans and cracks in the
    supply never are. The Union pool at start holds one militia cavalry only (B2.0)."""
    m = new_match()
    _recruiting(m, UNION, 6, dice)
    acts = labels(m, UNION)
    assert not any(lab.startswith("recruit-infantry") for lab in acts)
    act(m, UNION, "recruit-cavalry", "chicago")
    assert labels(m, UNION) == ["end-recruiting"]   # the pool is empty: 5 recruits are lost


def test_tc_13_b7_0_the_confederacy_recruits_in_captured_cairo(dice: Dice):
    """TC-13 / B7.0: 'Cairo, per esempio, è una città di reclutamento che supporta entrambe i
    fronti': owned by the CSA it takes a Confederate recruit, and its red 1 counts in the CSA
    MAS while its blue 1 leaves the Union MAS."""
    m = new_match()
    state = st(m)
    state.owner["cairo"] = CSA
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (33, 30)
    _recruiting(m, CSA, 3, dice)
    assert "recruit-cavalry cairo" in labels(m, CSA)
    act(m, CSA, "recruit-cavalry", "cairo")
    assert piece(st(m), "C-MC-01").loc == "cairo"


def test_b7_0_no_recruiting_in_a_city_one_does_not_own_even_an_own_colour_one(dice: Dice):
    """B7.0: 'Un giocatore non può reclutare in una città che non gli appartiene (perfino in una
    città amica che possiede dall'inizio della partita)'. AMB-62: nor in one holding enemies."""
    m = new_match()
    state = st(m)
    state.owner["cairo"] = CSA
    relocate(state, "C-MF-02", "chicago")   # a Confederate piece in Chicago (Union-owned)
    _recruiting(m, UNION, 6, dice)
    cities = {lab.split()[1] for lab in labels(m, UNION) if lab.startswith("recruit-")}
    assert cities == UNION_RECRUITING_CITIES - {"cairo", "chicago"}
    assert_illegal(m, UNION, "recruit-cavalry", "cairo")
    assert_illegal(m, UNION, "recruit-cavalry", "chicago")


def test_b7_0_a_captured_white_city_recruits_for_its_new_owner(dice: Dice):
    """B7.0 / AMB-5: Louisville (white, blue 1 and red 1) recruits for whoever owns it."""
    m = new_match()
    _recruiting(m, UNION, 6, dice)
    assert "recruit-cavalry louisville" not in labels(m, UNION)
    m2 = new_match()
    st(m2).owner["louisville"] = UNION
    assert q.mas(st(m2), UNION) == 35
    _recruiting(m2, UNION, 6, dice)
    assert "recruit-cavalry louisville" in labels(m2, UNION)


def test_tc_13_b7_0_no_recruiting_at_maximum_army_size_whatever_the_die(dice: Dice):
    """B7.0: 'Un giocatore non può reclutare più Milizia di quella indicata dalla dimensione
    massima della sua armata (anche se avesse altri pezzi disponibili)'. With 34 pieces in play
    the Union recruits nothing and no die is rolled (docs/ahd-decisions.md)."""
    m = new_match()
    state = st(m)
    place(state, UNION, "FV", "chicago", n=22)
    assert q.in_play(state, UNION) == q.mas(state, UNION) == 34
    promotion_segment(m, UNION)
    act(m, UNION, "pass")
    state = st(m)
    assert dice.rolled == []
    assert (state.player, state.phase) == (CSA, "movement")   # turn 1: no CSA roll either
    assert piece(state, "U-MC-01").loc == POOL


def test_b7_0_recruits_stop_at_maximum_army_size(dice: Dice):
    m = new_match()
    state = st(m)
    place(state, UNION, "FV", "chicago", n=21)
    assert q.in_play(state, UNION) == 33
    _recruiting(m, UNION, 5, dice, pool=["U-MF-13", "U-MF-14"])
    act(m, UNION, "recruit-infantry", "toledo")
    assert recruiting_of(st(m)).left == 4
    assert labels(m, UNION) == ["end-recruiting"]
    assert q.in_play(st(m), UNION) == 34


def test_tc_13_b7_0_above_maximum_after_losing_a_city_no_piece_is_removed(dice: Dice):
    """B7.0: 'se un'armata dovesse eccedere il limite massimo a causa della perdita di una
    città, non viene richiesto di rimuovere le unità in eccesso' (it just cannot recruit).
    The CSA takes Cairo (blue 1) from a Union army of 34 pieces."""
    m = new_match()
    state = movement_phase(m, CSA, marches=2, turn=2)
    place(state, UNION, "FV", "chicago", n=22)
    relocate(state, "C-MF-06", "cairo")
    end_player_turn(m, CSA, dice, 4)          # captures Cairo; Union movement die of turn 3
    state = st(m)
    assert state.owner["cairo"] == CSA
    assert (q.mas(state, UNION), q.in_play(state, UNION)) == (33, 34)
    act(m, UNION, "end-movement")
    dice.push(2)                               # the CSA movement die; no Union recruiting die
    act(m, UNION, "pass")
    state = st(m)
    assert (state.player, state.phase) == (CSA, "movement")
    assert q.in_play(state, UNION) == 34 and dice.rolled == [4, 2]


def test_b7_0_maximum_army_size_follows_ownership_of_shields():
    """B7.0: MAS = the values in the owner's colour of its recruiting cities; 'se un giocatore
    dovesse catturare una città che non gli fornisce nessun reclutamento, le dimensioni
    dell'armata nemica non viene ridotto' (read as AMB-4)."""
    state = st(new_match())
    cases = [
        ({"richmond": UNION}, 34, 26),         # red 3, no blue shield: CSA -3, Union +0
        ({"chicago": CSA}, 31, 29),            # blue 3 only
        ({"cairo": CSA}, 33, 30),              # blue 1 and red 1
        ({"louisville": CSA}, 34, 30),         # white: Union loses nothing
        ({"louisville": UNION}, 35, 29),
        ({"baltimore": CSA}, 31, 30),          # blue 3, red 1
    ]
    for change, union, csa in cases:
        saved = dict(state.owner)
        for box, side in change.items():
            state.owner[box] = side
        assert (q.mas(state, UNION), q.mas(state, CSA)) == (union, csa), change
        state.owner = saved


# --- B8.0 / TC-14 -----------------------------------------------------------------------------


def test_tc_14_b8_0_four_militia_enlisted_each_april_1862_1863_1864(dice: Dice):
    """B8.0: 'Gli arruolamenti avvengono nei mesi di aprile (04) del 1862, 1863 e 1864. Per
    ogni arruolamento, quattro nuove Milizie di Fanteria possono essere aggiunte ... al
    reclutamento (nel pozzo)': 12, then 16, 20, 24 Union militia infantry available."""
    assert [label(t) for t in ENLISTMENT_TURNS] == ["Apr 1862", "Apr 1863", "Apr 1864"]
    m = new_match()
    assert union_militia_available(st(m)) == 12
    expected = 12
    for turn in range(2, 41):
        recruiting_phase(m, CSA, turn=turn - 1)
        dice.push(3)
        act(m, CSA, "end-recruiting")
        state = st(m)
        assert (state.turn, state.player) == (turn, UNION)
        if turn in (8, 18, 28):
            expected += 4
        assert union_militia_available(state) == expected, label(turn)
        assert sum(1 for p in state.pieces if p.side == UNION and p.loc == ASIDE) == 24 - expected
    assert expected == 24


def test_b8_0_enlisted_militia_can_be_recruited_in_the_same_april(dice: Dice):
    """AMB-59: the enlistment comes at the start of the April turn, before the Union recruits."""
    m = new_match()
    recruiting_phase(m, CSA, turn=7)
    dice.push(3)
    act(m, CSA, "end-recruiting")
    assert len(q.pool(st(m), UNION, INFANTRY)) == 4
    act(m, UNION, "end-movement")
    dice.push(6)
    act(m, UNION, "pass")
    assert "recruit-infantry chicago" in labels(m, UNION)


# --- B9.0 / TC-16 -----------------------------------------------------------------------------


def test_tc_16_b9_0_a_box_passed_through_or_left_is_not_captured(dice: Dice):
    """B9.0: 'Un giocatore cattura un riquadro se, al termine del suo turno ha portato in tale
    riquadro almeno un suo pezzo (non solo al termine della marcia)'. A Union militia ends its
    first march in Springfield (Mo., grey) and its second in Thayer (grey): only Thayer changes
    hands, and only when the Union player turn ends; Paducah, passed through by river, stays
    neutral."""
    m = new_match()
    state = movement_phase(m, UNION, marches=3)
    relocate(state, "U-MF-08", "rolla")
    relocate(state, "U-MF-09", "evansville")
    march(m, UNION, "rolla", ("U-MF-08", "springfield-mo"))
    march(m, UNION, "springfield-mo", ("U-MF-08", "thayer"))
    march(m, UNION, "evansville", ("U-MF-09", "cairo"))
    state = st(m)
    assert state.owner["thayer"] == CSA and state.owner["springfield-mo"] == CSA
    state = end_player_turn(m, UNION, dice, 2)
    assert state.owner["thayer"] == UNION
    assert state.owner["springfield-mo"] == CSA
    assert "paducah" not in state.owner
    assert "thayer" not in state.cavalry_held
    assert m.view(None).control["thayer"] == UNION


def test_b9_0_an_empty_white_box_is_captured_and_keeps_its_owner_when_left(dice: Dice):
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MF-09", "evansville")
    march(m, UNION, "evansville", ("U-MF-09", "paducah"))
    end_player_turn(m, UNION, dice, 2)
    assert st(m).owner["paducah"] == UNION
    end_player_turn(m, CSA, dice, 3)
    march(m, UNION, "paducah", ("U-MF-09", "evansville"))
    end_player_turn(m, UNION, dice, 2)
    assert st(m).owner["paducah"] == UNION   # 'diventa proprio fino a che l'avversario non lo
    #                                           ricattura'


def test_b9_0_the_enemy_recaptures_a_box(dice: Dice):
    m = new_match()
    state = movement_phase(m, CSA, marches=2)
    state.owner["thayer"] = UNION
    relocate(state, "C-MF-06", "thayer")
    end_player_turn(m, CSA, dice, 2)
    assert st(m).owner["thayer"] == CSA


def _cavalry_in_thayer(dice):
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    relocate(state, "U-MC-01", "rolla")
    march(m, UNION, "rolla", ("U-MC-01", "thayer"))
    end_player_turn(m, UNION, dice, 2)
    end_player_turn(m, CSA, dice, 3)
    return m


def test_tc_16_b9_0_cavalry_alone_controls_only_while_it_stays(dice: Dice):
    """B9.0: 'Le unità di Cavalleria solitarie ... controllano un riquadro solo nel momento in
    cui lo stanno occupando. Se lo abbandonano in un turno seguente, il controllo di tale
    riquadro ritorna al proprietario originale'."""
    m = _cavalry_in_thayer(dice)
    state = st(m)
    assert state.owner["thayer"] == UNION and state.cavalry_held == ["thayer"]
    assert (state.turn, state.player) == (3, UNION)
    csa_mas = q.mas(state, CSA)
    march(m, UNION, "thayer", ("U-MC-01", "ironton"))
    state = st(m)  # the moment the cavalry leaves, not at the end of the turn
    assert state.owner["thayer"] == CSA and state.cavalry_held == []
    assert q.mas(state, CSA) == csa_mas + q.shield("thayer", CSA)
    assert "Thayer returns to the Confederate: the cavalry has left (B9.0)." in state.log
    state = end_player_turn(m, UNION, dice, 2)
    assert state.owner["thayer"] == CSA
    assert state.owner["ironton"] == UNION          # its own blue box: nothing to revert


def test_b9_0_cavalry_control_lapses_in_the_enemy_turn_before_its_victory_check(dice: Dice):
    """B9.0: cavalry «controllano un riquadro solo nel momento in cui lo stanno occupando».
    Union cavalry took Springfield, Missouri alone; in the Confederate turn it leaves to
    reinforce the battle of Rolla (B5.2.4). Springfield is Confederate again at once, so the
    Confederate MAS counts its shield at the Confederate end-of-turn victory check (B11.0): here
    that shield is what puts the Confederate MAS above the Union one."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    cav = place(state, UNION, "CV", "springfield-mo")[0].id
    clear_box(state, "rolla")
    place(state, UNION, "FV", "rolla")
    state = end_player_turn(m, UNION, dice, 1)        # the CSA movement die: 2 marches
    assert state.owner["springfield-mo"] == UNION and state.cavalry_held == ["springfield-mo"]
    union = q.mas(state, UNION)
    # the Confederate MAS equals the Union one while the Union holds Springfield (shield 1)
    state.mas_offset[CSA] = union - q.mas(state, CSA)
    clear_box(state, "st-louis")
    relocate(state, "C-FV-01", "st-louis")
    relocate(state, "C-FV-02", "st-louis")
    march(m, CSA, "st-louis", ("C-FV-01", "rolla"), ("C-FV-02", "rolla"))
    dice.push(6, 6, 6)                                # round 1: every shot misses
    act(m, CSA, "end-movement")
    while st(m).phase == "targets":
        act(m, st(m).active[0], "target", next(
            c.action.noun for c in m.actions(st(m).active[0]) if c.action.verb == "target"))
    state = st(m)
    assert state.phase == "reinforcements" and state.battle.round == 2
    if state.active == [CSA]:
        act(m, CSA, "done")
    assert st(m).active == [UNION] and f"reinforce {cav}" in labels(m, UNION)
    act(m, UNION, "reinforce", cav)
    state = st(m)
    assert state.owner["springfield-mo"] == CSA and "springfield-mo" not in state.cavalry_held
    assert q.mas(state, CSA) == union + 1
    # the end of the Confederate player turn, the battle aside: its victory check (B11.0)
    state = end_player_turn(m, CSA, dice)
    assert state.result == (f"Confederate victory: Confederate MAS {union + 1} exceeds Union "
                            f"MAS {union} (B11.0).")


def test_tc_16_b9_0_infantry_arriving_makes_cavalry_control_permanent(dice: Dice):
    """B9.0: '... a meno che nel frattempo non è arrivata un'unità di Fanteria ad occuparlo'."""
    m = _cavalry_in_thayer(dice)
    state = st(m)
    relocate(state, "U-MF-08", "ironton")
    march(m, UNION, "ironton", ("U-MF-08", "thayer"))
    end_player_turn(m, UNION, dice, 2)
    assert st(m).cavalry_held == []
    end_player_turn(m, CSA, dice, 3)
    march(m, UNION, "thayer", ("U-MC-01", "ironton"), ("U-MF-08", "ironton"))
    state = end_player_turn(m, UNION, dice, 2)
    assert state.owner["thayer"] == UNION


def test_tc_16_b9_0_infantry_recruited_there_makes_cavalry_control_permanent(dice: Dice):
    """B9.0: '... (oppure è stata reclutata)'. Knoxville (grey) carries a blue shield: while
    the Union cavalry holds it, the Union may recruit there, and the militia recruited there
    makes the control permanent: the cavalry may then leave."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    cav = place(state, UNION, "CV", "knoxville")[0].id
    state = end_player_turn(m, UNION, dice, 2)
    assert state.owner["knoxville"] == UNION and state.cavalry_held == ["knoxville"]
    end_player_turn(m, CSA, dice, 3)
    relocate(st(m), "U-MF-13", POOL)
    act(m, UNION, "end-movement")
    dice.push(2)
    act(m, UNION, "pass")
    act(m, UNION, "recruit-infantry", "knoxville")
    dice.push(3)
    act(m, UNION, "end-recruiting")
    state = st(m)
    assert state.owner["knoxville"] == UNION and "knoxville" not in state.cavalry_held
    assert piece(state, "U-MF-13").loc == "knoxville"
    end_player_turn(m, CSA, dice, 3)
    march(m, UNION, "knoxville", (cav, "chattanooga"))
    assert st(m).owner["knoxville"] == UNION  # the infantry holds it: control stays


# --- B11.0 / TC-15 ----------------------------------------------------------------------------


def test_b11_0_union_wins_on_owning_the_seven_cities(dice: Dice):
    """B11.0: 'Il giocatore dell'Unione vince quando ... è proprietario di tutte le città di
    reclutamento Confederate che hanno un valore di reclutamento pari a 2 o 3 ... New Orleans,
    Mobile, Atlanta, Memphis, Charleston, Wilmington e Richmond. ... la partita si interrompe
    immediatamente'."""
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    for city in VICTORY_CITIES[:-1]:
        state.owner[city] = UNION
    for city in VICTORY_CITIES:
        for p in q.pieces_at(state, city, CSA):
            relocate(state, p.id, "culpeper")
    assert all(q.shield(c, CSA) in (2, 3) for c in VICTORY_CITIES)
    place(state, UNION, "FV", "richmond")
    state = end_player_turn(m, UNION, dice)
    assert state.result is not None and state.result.startswith("Union victory")
    assert (state.phase, state.active, state.player) == ("over", [], UNION)
    assert m.actions(CSA) == []


def test_b11_0_six_of_the_seven_cities_are_not_enough(dice: Dice):
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    for city in VICTORY_CITIES[:-1]:
        state.owner[city] = UNION
    state = end_player_turn(m, UNION, dice, 3)
    assert state.result is None and state.player == CSA


def test_b11_0_cavalry_control_counts_for_the_union_victory(dice: Dice):
    m = new_match()
    state = movement_phase(m, UNION, marches=2)
    for city in VICTORY_CITIES[:-1]:
        state.owner[city] = UNION
    place(state, UNION, "CV", "richmond")
    state = end_player_turn(m, UNION, dice)
    assert state.result.startswith("Union victory")


def test_b11_0_confederacy_wins_by_capturing_washington(dice: Dice):
    """B11.0 (1): 'Catturare Washington. Se ci riesce, la partita si interrompe immediatamente
    e il giocatore sudista vince'."""
    m = new_match()
    state = movement_phase(m, CSA, marches=2)
    for pid in ("U-MF-01", "U-MF-02", "U-MF-03"):
        relocate(state, pid, "baltimore")
    relocate(state, "C-MF-01", "washington")
    state = end_player_turn(m, CSA, dice)
    assert state.owner["washington"] == CSA
    assert state.result is not None and "Washington" in state.result
    assert state.result.startswith("Confederate victory")
    assert state.turn == 2 and state.phase == "over"


def _mas_position(m, union_loses: tuple[str, ...], csa_louisville: bool):
    """Cairo still Union-owned with a Confederate piece in it, ready to be captured at the end
    of the Confederate player turn."""
    state = movement_phase(m, CSA, marches=2)
    for box in union_loses:
        state.owner[box] = CSA          # blue-only shields: the Union MAS falls, CSA unchanged
    if csa_louisville:
        state.owner["louisville"] = CSA
    relocate(state, "C-MF-06", "cairo")
    return state


def test_tc_15_b11_0_confederacy_wins_when_its_army_size_exceeds_the_union_one(dice: Dice):
    """B11.0 (2), seed example: 'se la dimensione massima dell'armata Confederata è di 31 e
    quella dell'Unione è di 30, il sudista vince la partita' - immediately after the capture."""
    m = new_match()
    state = _mas_position(m, ("evansville", "terre-haute", "dayton"), csa_louisville=True)
    assert (q.mas(state, CSA), q.mas(state, UNION)) == (30, 31)
    state = end_player_turn(m, CSA, dice)
    assert (q.mas(state, CSA), q.mas(state, UNION)) == (31, 30)
    assert state.result is not None and state.result.startswith("Confederate victory")
    assert "31" in state.result and "30" in state.result


def test_tc_15_b11_0_equal_army_sizes_are_not_a_confederate_win(dice: Dice):
    m = new_match()
    state = _mas_position(m, ("evansville", "terre-haute", "dayton"), csa_louisville=False)
    assert (q.mas(state, CSA), q.mas(state, UNION)) == (29, 31)
    state = end_player_turn(m, CSA, dice, 4)
    assert (q.mas(state, CSA), q.mas(state, UNION)) == (30, 30)
    assert state.result is None and (state.turn, state.player) == (3, UNION)


# --- B12.0 ------------------------------------------------------------------------------------


def test_tc_15_b12_0_confederate_win_only_at_the_end_of_the_union_player_turn(dice: Dice):
    """B12.0: 'il giocatore Confederato deve soddisfare le sue condizioni di vittoria, non in
    qualunque momento, ma alla fine del turno del giocatore nordista'. 31 against 30 after the
    Confederate capture: no win yet; the Union does nothing about it and loses at the end of its
    player turn."""
    m = new_match(inexperienced_union=True)
    _mas_position(m, ("evansville", "terre-haute", "dayton"), csa_louisville=True)
    state = end_player_turn(m, CSA, dice, 3)
    assert (q.mas(state, CSA), q.mas(state, UNION)) == (31, 30)
    assert state.result is None and (state.turn, state.player) == (3, UNION)
    state = end_player_turn(m, UNION, dice)
    assert state.result is not None and state.result.startswith("Confederate victory")


def test_b12_0_the_union_gets_a_player_turn_to_undo_the_confederate_success(dice: Dice):
    """B12.0: the Union retakes Louisville (red 1) in its player turn: 30 against 31, no win."""
    m = new_match(inexperienced_union=True)
    _mas_position(m, ("evansville", "terre-haute", "dayton"), csa_louisville=True)
    end_player_turn(m, CSA, dice, 3)
    relocate(st(m), "U-MF-09", "evansville")
    march(m, UNION, "evansville", ("U-MF-09", "louisville"))
    state = end_player_turn(m, UNION, dice, 2)
    assert state.owner["louisville"] == UNION
    assert (q.mas(state, CSA), q.mas(state, UNION)) == (30, 31)
    assert state.result is None and state.player == CSA


def test_b12_0_washington_captured_wins_only_at_the_end_of_the_union_turn(dice: Dice):
    m = new_match(inexperienced_union=True)
    state = movement_phase(m, CSA, marches=2)
    for pid in ("U-MF-01", "U-MF-02", "U-MF-03"):
        relocate(state, pid, "baltimore")
    relocate(state, "C-MF-01", "washington")
    state = end_player_turn(m, CSA, dice, 3)
    assert state.owner["washington"] == CSA and state.result is None
    state = end_player_turn(m, UNION, dice)
    assert state.result is not None and "Washington" in state.result


def test_b12_0_off_by_default():
    m = new_match()
    assert st(m).options.inexperienced_union is False
    spec = {s.key: s for s in m.rules.option_specs()}["inexperienced_union"]
    assert spec.default is False and "B12.0" in spec.label


# --- B13.0 / TC-23 ----------------------------------------------------------------------------


def _end_of_turn_10(m, dice, union_loses=()):
    state = movement_phase(m, CSA, marches=2, turn=10)
    for box in union_loses:
        state.owner[box] = CSA
    return end_player_turn(m, CSA, dice, 3)


def test_tc_23_b13_0_short_game_lasts_ten_turns_union_wins_with_five_more(dice: Dice):
    """B13.0: 'Il gioco dura 10 turni, dal luglio (07) 1861 fino al giugno (06) 1862 ... al
    termine del 10 turno, il giocatore dell'Unione vince se la sua armata massima è almeno
    cinque volte più grande di quella della Confederazione; altrimenti la partita la vince il
    giocatore della Confederazione'. The seed's 'cinque volte' (five times) cannot be met at
    34 against 29; read as 'at least 5 more' (AMB-22, docs/ahd-decisions.md). TC-23: 34 vs 29
    -> Union wins."""
    m = new_match(short_game=True)
    assert st(m).last_turn == 10 and m.view(None).tracks["Turn"] == "1/10"
    state = _end_of_turn_10(m, dice)
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (34, 29)
    assert state.result is not None and state.result.startswith("Union victory")
    assert state.turn == 10 and dice.faces == [3]


def test_tc_23_b13_0_short_game_four_more_is_a_confederate_win(dice: Dice):
    m = new_match(short_game=True)
    state = _end_of_turn_10(m, dice, union_loses=("evansville",))
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (33, 29)
    assert state.result is not None and state.result.startswith("Confederate victory")


def test_b13_0_sudden_death_still_applies_in_the_short_game(dice: Dice):
    """B13.0: 'Sono ancora valide tutte le regole, incluse le condizioni di vittoria'."""
    m = new_match(short_game=True)
    state = movement_phase(m, CSA, marches=2, turn=3)
    for pid in ("U-MF-01", "U-MF-02", "U-MF-03"):
        relocate(state, pid, "baltimore")
    relocate(state, "C-MF-01", "washington")
    state = end_player_turn(m, CSA, dice)
    assert state.turn == 3 and "Washington" in state.result


def test_b13_0_without_the_option_the_game_goes_past_june_1862(dice: Dice):
    m = new_match()
    state = _end_of_turn_10(m, dice)
    assert state.result is None and (state.turn, state.player) == (11, UNION)


def test_b13_0_seed_literal_five_times_reading_is_selectable(dice: Dice):
    """B13.0, the seed's literal 'almeno cinque volte più grande' (option short_game_margin =
    5-times): 34 against 29 is a Confederate win; a Union MAS five times the Confederate one
    wins."""
    m = new_match(short_game=True, short_game_margin="5-times")
    state = _end_of_turn_10(m, dice)
    assert (q.mas(state, UNION), q.mas(state, CSA)) == (34, 29)
    assert state.result is not None and state.result.startswith("Confederate victory")
    assert "five times" in state.result
    m = new_match(short_game=True, short_game_margin="5-times")
    state = movement_phase(m, CSA, marches=2, turn=10)
    for p in q.pieces_of(state, CSA):
        relocate(state, p.id, "richmond")
    for box, side in list(state.owner.items()):
        if side == CSA and box != "richmond":
            state.owner[box] = UNION
    state = end_player_turn(m, CSA, dice, 3)
    assert q.mas(state, CSA) == 3
    assert q.mas(state, UNION) >= 5 * q.mas(state, CSA)
    assert state.result is not None and state.result.startswith("Union victory")
