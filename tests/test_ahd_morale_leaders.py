"""A House Divided, advanced optional rules A8.1 battlefield morale (A8.1.1 rallying, A8.1.2
desertion and straggling) and A8.2 leaders (A8.2.1 movement, A8.2.2 battles, A8.2.3 desertion).

Rule numbers are the body numbers of the seed's "Regole Avanzate"
(../shared/seeds/001_f551d95babcd19e5.txt: 8.1, 8.11, 8.12, 8.2, 8.2.1, 8.2.2, 8.2.3), written
A8.1.1 / A8.1.2 for the seed's 8.11 / 8.12 as in the English reference
(../shared/rules/a-house-divided.md); T4-T6, TC-n, GAP-7 and AMB-n are that reference's tables,
test cases, gaps and readings. Where they differ the seed's paragraph is quoted and followed.
Boxes and lines are the real board's (maps/a_house_divided.toml).
"""
from __future__ import annotations

import pytest

from core.ahd import battle, leaders, morale, setup
from core.ahd.battle import leadership
from core.ahd import view as ahd_view
from core.ahd.calendar import turn_of
from core.ahd.command import MAX_ENGAGED, day_value
from core.ahd.counters import make_counters
from core.ahd.pieces import piece
from core.ahd.options import OPTIONS
from core.ahd.state import (ARRIVING, CSA, NOT_ARRIVED, POOL, RETURNING, SPARE, UNION, AhdState)
from core.engine import Action, Match
from tests.support.ahd import (RULES, act, assert_illegal, clear_box, end_player_turn, labels,
                               march, marches_left, movement_phase, new_match, recruiting_phase,
                               relocate, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)
from tests.support.battle import (acts, battle_dice,  # noqa: F401  (the strict battle dice)
                                  battle_state, declare, do, lead, lines, nouns, over,
                                  play_on, prompt, put, start)
from tests.support.battle import refused as refused_as

LR = "little-rock"
A, B, C, D, E = "U-MF-01", "U-MF-02", "U-FS-01", "C-FV-01", "C-MF-01"
A8 = ("morale", "desertion", "leaders")


# --- battle-level helpers (tests/support/battle.py) --------------------------------------------


def new_state(player: str = UNION, turn: int = 1, **options: bool) -> AhdState:
    """A campaign state in `player`'s turn, every counter in the supply, printed owners (B9.0);
    the leaders of A8.2 exist (off the map) when `leaders` is on."""
    return battle_state(player, turn=turn, **options)


def refused(state: AhdState, action: Action) -> None:
    """IllegalAction, and the state byte for byte unchanged."""
    refused_as(state, state.active[0] if state.active else UNION, action)


def at(tag: str, round_no: int | None = None):
    return lambda s: s.phase == tag and (round_no is None or s.battle.round == round_no)


# --- the options --------------------------------------------------------------------------------


def test_a8_options_are_offered_off_by_default_as_advanced_optional():
    """O1.0 / A1.0: each rule is its own New Game option, off by default, its label citing the
    rule, in the 'advanced-optional' balance class that the 'advanced-all' preset collects."""
    specs = {spec.key: spec for spec in OPTIONS}
    for key, rule in (("morale", "A8.1"), ("desertion", "A8.1.2"), ("leaders", "A8.2")):
        spec = specs[key]
        assert spec.default is False and rule in spec.label and spec.help
        assert spec.balance == "advanced-optional"
    preset = next(p for p in RULES.presets() if p.key == "advanced-all")
    assert all(preset.options.get(key) for key in A8)
    assert not any(p.options.get(key) for p in RULES.presets() if p.key != "advanced-all"
                   for key in A8)


# --- A8.1 battlefield morale (T4, T5) -----------------------------------------------------------


@pytest.mark.parametrize("code, turn, value", [
    ("FS", 1, 5), ("CS", 1, 5),                      # "Tutte le unità di Sfondamento"
    ("FV", 1, 4), ("CV", 40, 4),                     # "Tutte le unità di Veterani"
    ("MF", 1, 2), ("MC", 5, 2),                      # "Tutta la Milizia nel 1861" (Jul, Nov-Dec)
    ("MF", 6, 3), ("MC", 28, 3),                     # "Tutta la Milizia dopo il 1861"
])
def test_a8_1_t4_morale_values(code, turn, value):
    """T4, seed player aid 2 'Tabella del Morale': 5 crack, 4 veteran, 3 militia after 1861, 2
    militia in 1861 (AMB-48: the turn's year, so Jan-Feb 1862 is after 1861)."""
    p = next(p for p in make_counters() if p.code == code)
    assert morale.morale_value(p, turn) == value


def test_a8_1_t4_t5_a_test_fails_only_above_the_morale_value():
    """T4 'Un pezzo fallisce il test sul morale se il risultato del dado lanciato è maggiore del
    valore di morale di quell'unità, inclusi i modificatori'; T5 '-1 se il pezzo è in forte o in
    trinceramento'."""
    assert morale.fails(5, 0, 4) and not morale.fails(4, 0, 4)
    assert not morale.fails(5, morale.battlefield_modifier(True), 4)
    assert morale.fails(6, morale.battlefield_modifier(True), 4)
    assert morale.battlefield_modifier(False) == 0


def tc8_round_1(battle_dice, **options: bool) -> AhdState:
    """TC-8 (Little Rock, seed 5.0 'Esempio di Combattimento') in July 1861 with A8.1: the
    CSA declares D -> A, E -> C and rolls 4, 1 (C reduced); C, crack infantry, tests morale with
    a 6 and routs; the Union's A and B are then asked for their targets."""
    state = new_state(UNION, morale=True, **options)
    put(state, LR, A, B, C, came_from="fort-smith")
    put(state, LR, D, E)
    battle_dice.push(4, 1, 6)
    start(state, LR)
    declare(state, A, C)
    return state


def test_a8_1_tc8_a_routed_attacker_does_not_fire_in_the_same_round(battle_dice):
    """A8.1 'Dopo che il nemico ha sparato durante un round di battaglia, i pezzi che sono stati
    appena colpiti dovranno fare un test sul morale ... Se il risultato del dado è maggiore del
    valore di morale del pezzo, questo va in rotta ... Un pezzo in rotta non può combattere':
    C, routed by the CSA fire, does not fire back in round 1 (TC-8 gave it the 2 that reduced
    E); A and B declare alone and roll 5, 1. E, militia in 1861 (morale 2), routs on a 3."""
    state = tc8_round_1(battle_dice)
    b = state.battle
    assert b.routed == [C] and at("targets")(state) and state.active == [UNION]
    assert b.firers == [A, B]
    battle_dice.push(5, 1, 3)
    declare(state, D, E)
    assert battle_dice.rolled == [4, 1, 6, 5, 1, 3]
    assert lines(state, "Little Rock r1: ") == [
        "Little Rock r1: Confederate targets: C-FV-01 → U-MF-01, C-MF-01 → U-FS-01",
        "Little Rock r1: C-FV-01 fires at U-MF-01 (hits on 3 or less): 4 — miss",
        "Little Rock r1: C-MF-01 fires at U-FS-01 (hits on 1 or less): 1 — hit, reduced",
        "Little Rock r1: U-FS-01 morale test (morale 5): die 6 — routs (A8.1)",
        "Little Rock r1: Union targets: U-MF-01 → C-FV-01, U-MF-02 → C-MF-01",
        "Little Rock r1: U-MF-01 fires at C-FV-01 (hits on 2 or less): 5 — miss",
        "Little Rock r1: U-MF-02 fires at C-MF-01 (hits on 2 or less): 1 — hit, reduced",
        "Little Rock r1: C-MF-01 morale test (morale 2): die 3 — routs (A8.1)",
    ]
    assert b.routed == [C, E] and b.round == 2 and b.winner == ""
    # routed pieces stay in the battle box on their reduced side
    assert piece(state, C).loc == LR and piece(state, C).reduced
    assert piece(state, E).loc == LR and piece(state, E).reduced


def test_a8_1_amb_42_routed_pieces_are_no_targets(battle_dice):
    """AMB-42 (the reference's reading of 'non può combattere'): a routed piece neither fires
    nor is a target. Round 2 of TC-8: D alone fires for the CSA, at A or B but not at the routed
    C; the Union's A and B can only take D (not the routed E), so that is declared for them."""
    state = tc8_round_1(battle_dice)
    battle_dice.push(5, 1, 3)
    declare(state, D, E)
    play_on(state, at("targets", 2))
    b = state.battle
    assert b.firers == [D] and nouns(state, "target") == [A, B]
    refused(state, Action("target", C))
    battle_dice.push(6, 6, 6)  # D at B, then A and B at D: all miss
    declare(state, B)
    assert "Little Rock r2: Union targets (only one possible): U-MF-01 → C-FV-01, " \
           "U-MF-02 → C-FV-01" in state.log
    assert len(lines(state, "C-MF-01 fires")) == 1      # round 1 only
    assert lines(state, "U-FS-01 fires") == []


def test_a8_1_only_pieces_just_flipped_test_morale(battle_dice):
    """A8.1 'I pezzi a piena forza, quelli eliminati e quelli ridotti in precedenti battaglie
    non dovranno fare il test sul morale': of the Union's reduced veteran (hit again:
    eliminated), militia (flipped: tests) and crack infantry (missed: full strength), only the
    militia tests."""
    state = new_state(UNION, morale=True)
    put(state, LR, "U-FV-01", reduced=True, came_from="fort-smith")
    put(state, LR, A, C, came_from="fort-smith")
    put(state, LR, D, "C-FV-02", "C-FV-03")
    battle_dice.push(1, 1, 6, 2)
    start(state, LR)
    declare(state, "U-FV-01", A, C)
    assert piece(state, "U-FV-01").loc == SPARE and piece(state, A).reduced
    assert lines(state, "morale test") == [
        "Little Rock r1: U-MF-01 morale test (morale 2): die 2 — holds"]
    assert state.battle.routed == []


def test_a8_1_t5_entrenched_piece_subtracts_one(battle_dice):
    """T5 'Modificatori sul Campo di Battaglia: -1 se il pezzo è in forte o in trinceramento'
    (AMB-52: entrenched by any means): two CSA veterans (morale 4) hit by the Union both roll
    5; the entrenched one holds (5 - 1 = 4), the other routs."""
    state = new_state(UNION, turn=turn_of("Apr", 1862), morale=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, D, entrenched=True)
    put(state, LR, "C-FV-02")
    battle_dice.push(6, 6, 1, 1, 5, 5)
    start(state, LR)
    declare(state, A, B)                       # both CSA shots miss (6, 6)
    declare(state, D, "C-FV-02")               # A -> D hits on 1: 1; B -> C-FV-02 on 2: 1
    assert lines(state, "morale test") == [
        "Little Rock r1: C-FV-01 morale test (morale 4): die 5 -1 entrenched = 4 — holds",
        "Little Rock r1: C-FV-02 morale test (morale 4): die 5 — routs (A8.1)",
    ]
    assert state.battle.routed == ["C-FV-02"]


def test_a8_1_a_side_left_with_routed_pieces_loses_they_retreat(battle_dice):
    """A8.1 'Un pezzo in rotta ... è considerato eliminato quando si dovrà determinare il
    vincitore della battaglia' (AMB-42): E, the CSA's only piece, routs: the Union wins; E
    retreats as in B5.2.5 (friendly boxes, not Fort Smith the Union came from) and the CSA
    chooses; the Union's routed A simply stays, and its B may be promoted (B6.0)."""
    state = new_state(UNION, morale=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, E)
    battle_dice.push(1, 3, 1, 3)
    b = start(state, LR)
    declare(state, A)                          # E -> A: 1, reduced; A's morale 3 > 2: routs
    #                                            B -> E (only target): 1; E's morale: routs
    assert b.winner == UNION and at("rout-retreat")(state) and state.active == [CSA]
    assert "Battle of Little Rock: Union wins (the Confederate pieces left are routed, A8.1)" \
        in state.log
    assert nouns(state, "retreat") == ["arkansas-post", "memphis", "newport", "shreveport"]
    do(state, "retreat", "shreveport")
    assert piece(state, E).loc == "shreveport" and piece(state, E).retreated
    assert "Battle of Little Rock: the routed Confederate pieces (C-MF-01) retreat to " \
           "Shreveport (A8.1)" in state.log
    assert piece(state, A).loc == LR and b.routed == []   # the winner's routed piece stays
    assert at("battle-promotion")(state) and nouns(state, "promote") == [A, B]


def test_a8_1_routed_pieces_that_cannot_retreat_are_destroyed(battle_dice):
    """AMB-42: the loser's routed pieces with no box to retreat to (B5.2.5) are destroyed: D
    routs with every other neighbour of Little Rock held by the Union; as a battle loss it
    counts for O4.3."""
    state = new_state(UNION, turn=turn_of("Apr", 1862), morale=True, southern_training=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, D)
    for box, pid in zip(("memphis", "newport", "shreveport", "arkansas-post"),
                        ("U-MF-03", "U-MF-04", "U-MF-05", "U-MF-06")):
        put(state, box, pid)
    battle_dice.push(1, 2, 1, 6, 5)
    b = start(state, LR)
    declare(state, A)                          # D -> A: 1; A's morale 3: 2, holds
    #                                            A, B -> D: 1, 6; D's morale 4: 5, routs
    assert b.winner == UNION and piece(state, D).loc == SPARE
    assert "Battle of Little Rock: the routed Confederate pieces (C-FV-01) cannot retreat and " \
           "are destroyed (A8.1)" in state.log
    assert state.csa_infantry_lost == 1


def test_a8_1_1_rally_one_routed_piece_at_the_end_of_each_day(battle_dice):
    """A8.1.1 'Al termine di ognuno dei quattro turni di battaglia (cioè alla fine di ogni
    giorno), prima che cominci il nuovo round di battaglia, ogni fronte può recuperare un'unità
    tra quelle in rotta': no rally after rounds 1-3; after round 4 the Union rallies A, which
    fires again in round 5 (still reduced); the CSA, with nobody routed, is not asked."""
    state = new_state(UNION, morale=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, D, "C-FV-02")
    # round 1: D -> A 1, C-FV-02 -> B 6; A's morale 3 (routs); B's one shot 6;
    # rounds 2-4: two CSA shots at B, B's one shot: all miss
    battle_dice.push(1, 6, 3, 6, *[6] * 9)
    b = start(state, LR)
    declare(state, A, B)
    assert b.routed == [A]
    for round_no in (1, 2, 3):
        play_on(state, lambda s, r=round_no: s.battle.round == r + 1)
        assert not lines(state, "rallies")
    play_on(state, at("rally"))
    assert b.round == 4 and state.active == [UNION]
    assert nouns(state, "rally") == [A] and Action("no-rally", None) in acts(state)
    refused(state, Action("rally", B))
    do(state, "rally", A)
    assert "Little Rock r4: end of day 1, Union rallies U-MF-01 (A8.1.1)" in state.log
    assert b.routed == [] and piece(state, A).reduced
    assert b.round == 5
    battle_dice.push(6, 6)  # round 5: the CSA's two shots
    play_on(state, lambda s: at("targets", 5)(s) and s.active == [UNION])
    assert b.firers == [A, B]


# --- A8.1.2 desertion and straggling (T6) ------------------------------------------------------


def test_a8_1_2_t6_modifiers():
    """T6 'Modificatori sulla Diserzione': +1 part of an army that has just lost a battle, -1 not
    routed, minus the value of every friendly leader present."""
    assert morale.desertion_modifier(lost=True, routed=True, leaders=0) == 1
    assert morale.desertion_modifier(lost=False, routed=False, leaders=0) == -1
    assert morale.desertion_modifier(lost=True, routed=False, leaders=3) == -3
    assert morale.desertion_modifier(lost=False, routed=True, leaders=2) == -2


def test_a8_1_2_every_reduced_piece_of_both_sides_tests_after_the_battle(battle_dice):
    """A8.1.2 'Dopo una battaglia, entrambe i fronti devono testare la diserzione ... Per tutte le
    riduzioni (numero in rosso)': the Union wins; its two reduced veterans (-1, not routed) roll
    6 and 5: the first deserts (5 > 4, to the counter supply), the other stays; the CSA's
    routed militia of the beaten army (+1) rolls 3: 4 > 3, it deserts to the pool (AMB-43).
    Desertion comes before the battle promotion: only the veteran that stayed may be promoted."""
    state = new_state(UNION, turn=turn_of("Apr", 1862), morale=True, desertion=True)
    put(state, LR, "U-FV-01", reduced=True, came_from="fort-smith")
    put(state, LR, "U-FV-02", came_from="fort-smith")
    put(state, LR, E)
    battle_dice.push(1, 4, 1, 6, 4, 6, 5, 3)
    b = start(state, LR)
    declare(state, "U-FV-02")                  # E -> U-FV-02: 1, reduced; morale 4: holds
    assert lines(state, "desertion test") == [  # Union 1, 6 at E: reduced, routs (4 > 3)
        "Battle of Little Rock: desertion test of U-FV-01 (morale 4): die 6 -1 not routed = 5 "
        "— deserts, eliminated (A8.1.2)",
        "Battle of Little Rock: desertion test of U-FV-02 (morale 4): die 5 -1 not routed = 4 "
        "— stays",
        "Battle of Little Rock: desertion test of C-MF-01 (morale 3): die 3 +1 lost = 4 — "
        "deserts, eliminated (A8.1.2)",
    ]
    assert piece(state, "U-FV-01").loc == SPARE and piece(state, E).loc == POOL
    assert at("battle-promotion")(state) and nouns(state, "promote") == ["U-FV-02"]
    assert b.winner == UNION


@pytest.mark.parametrize("with_lee", [True, False])
def test_a8_1_2_a8_2_3_retreating_army_and_leaders_present(battle_dice, with_lee):
    """T6: the aid sheet's '+1 se il pezzo è parte di un'armata che si ritira'; A8.2.3 'possono
    sottrarre il valore di tutti i leader amici presenti nella battaglia' (AMB-45: on desertion
    tests). The CSA's reduced veteran retreats from Little Rock and rolls 6: with Lee (3),
    6 + 1 - 1 - 3 = 3, it stays; without him 6 > 4, it deserts, and a desertion is no battle
    loss for O4.3 ('le unità ... perse durante una diserzione non sono considerate'). Lee goes
    with the retreat (AMB-46)."""
    options = dict(desertion=True, southern_training=True, leaders=with_lee)
    state = new_state(UNION, turn=turn_of("Apr", 1862), **options)
    put(state, LR, A, came_from="fort-smith")
    put(state, LR, D, reduced=True)
    if with_lee:
        lead(state, "lee", LR, 3)
    battle_dice.push(*((6, 6, 5, 6) if with_lee else (6, 6, 6)))
    start(state, LR)                           # Lee's 3 points all go to D, the only firer
    play_on(state, at("retreat"))              # D -> A: 6 (hits on 6 with Lee), A -> D: 6
    do(state, "stand")
    do(state, "retreat", "shreveport")
    assert lines(state, "desertion test")[0] == (
        "Battle of Little Rock: desertion test of U-MF-01 (morale 3): die 5 -1 not routed = 4 "
        "— deserts, eliminated (A8.1.2)" if with_lee else
        "Battle of Little Rock: desertion test of C-FV-01 (morale 4): die 6 +1 lost -1 not "
        "routed = 6 — deserts, eliminated (A8.1.2)")
    if with_lee:
        assert lines(state, "desertion test of C-FV-01") == [
            "Battle of Little Rock: desertion test of C-FV-01 (morale 4): die 6 +1 lost -1 not "
            "routed -3 leaders = 3 — stays"]
        assert piece(state, D).loc == "shreveport"
        assert leaders.leader(state, "lee").loc == "shreveport"
        assert "Lee 3 goes with them to Shreveport (A8.2)" in state.log
    else:
        assert piece(state, D).loc == SPARE and state.csa_infantry_lost == 0


def test_a8_1_2_amb_43_no_winner_no_plus_one(battle_dice):
    """AMB-43: a cavalry escape (B5.2.6) is no defeat, so the escaping reduced cavalry tests
    without the +1: 5 - 1 = 4, it stays (with +1 it would desert)."""
    state = new_state(UNION, turn=turn_of("Apr", 1862), desertion=True)
    put(state, LR, A, came_from="fort-smith")
    put(state, LR, "C-CV-01", reduced=True)
    battle_dice.push(5)
    start(state, LR)
    do(state, "escape", "shreveport")
    assert lines(state, "desertion test") == [
        "Battle of Little Rock: desertion test of C-CV-01 (morale 4): die 5 -1 not routed = 4 "
        "— stays"]


def test_a8_1_amb_45_leaders_do_not_change_battlefield_morale(battle_dice):
    """AMB-45: the seed's 8.2.3 says 'test sul morale' under the heading 'Leader e Diserzione';
    its player aid lists the leaders' -x only among the 'Modificatori sulla Diserzione'. Read as
    desertion only: with Lee 3 present, the CSA veteran hit by the Union still routs on a 5."""
    state = new_state(UNION, turn=turn_of("Apr", 1862), morale=True, leaders=True)
    put(state, LR, A, came_from="fort-smith")
    put(state, LR, D)
    lead(state, "lee", LR, 3)
    battle_dice.push(5, 1, 1, 5)
    b = start(state, LR)                       # Lee's 3 on D (3 + 3 = 6): its 5 hits A
    assert "Little Rock r1: Lee 3's bonus (A8.2.2): C-FV-01 +3" in state.log
    assert lines(state, "morale test") == [
        "Little Rock r1: U-MF-01 morale test (morale 3): die 1 — holds",
        "Little Rock r1: C-FV-01 morale test (morale 4): die 5 — routs (A8.1)"]
    assert b.winner == UNION


# --- A8.2 leaders: the counters (GAP-7) ---------------------------------------------------------


def test_a8_2_gap7_counter_schedule_reproduces_every_scenario():
    """GAP-7: the counters' dates and values are not in the seed's text; leaders.toml
    reconstructs them. Checked against the seed's scenario tables ('***' entries): April 1862 no
    leader (every arrival is later), April 1863 Lee 3, Grant 1, Sherman 1, April 1864 Lee 2,
    Grant 2, Sherman 2. Lee's condition lowers his value, Grant's and Sherman's raise theirs
    ('Per Lee, la condizione rappresenta la perdita del comando ... Per Grant e Sherman indica
    un aumento del comando')."""
    counters = leaders.counters()
    assert {(c.id, c.side, c.split) for c in counters.values()} == {
        ("lee", CSA, 3), ("grant", UNION, 2), ("sherman", UNION, 2)}
    for c in counters.values():
        assert c.provenance and c.arrives < c.condition
    assert counters["lee"].condition_value < counters["lee"].value
    assert all(counters[lid].condition_value > counters[lid].value for lid in ("grant", "sherman"))
    for name in ("1862", "1863", "1864"):
        start = setup.scenario_data(name)["start_turn"]
        expected = {(c.side, c.id, c.value if start < c.condition else c.condition_value)
                    for c in counters.values() if c.arrives <= start}
        listed = {(side, lid, entry["value"])
                  for side, entries in setup.scenario_leaders(name).items()
                  for lid, entry in entries.items()}
        assert listed == expected, name


@pytest.mark.parametrize("name, placed", [
    ("1863", {"lee": ("fredericksburg", 3), "grant": ("arkansas-post", 1),
              "sherman": ("arkansas-post", 1)}),
    ("1864", {"lee": ("fredericksburg", 2), "grant": ("washington", 2),
              "sherman": ("sparta", 2)}),
    ("1862", {}),
])
def test_a8_2_scenarios_place_the_leaders_only_with_the_rule(name, placed):
    """S3 '*** = Se non giocate con i Leader, questo pezzo non viene piazzato': with A8.2 the
    listed leaders start where and as strong as listed; the others wait for their dates
    (GAP-9). Without it there are no leaders at all."""
    state = st(Match.new(RULES, seed=1, scenario=name, options={"leaders": True}))
    got = {ldr.id: (ldr.loc, ldr.value) for ldr in state.leaders if ldr.on_map}
    assert got == placed
    assert all(ldr.loc == NOT_ARRIVED for ldr in state.leaders if ldr.id not in placed)
    assert st(Match.new(RULES, seed=1, scenario=name)).leaders == []


def test_a8_2_arrival_on_the_counter_date_and_placement(dice):
    """A8.2 'La data presente (mese/anno) indica il turno di arrivo ... Quando i leader sono
    piazzati sulla mappa, possono essere sistemati in un qualunque riquadro che contiene un pezzo
    amico': Lee (June 1862) arrives when turn 10 begins and is placed at the end of the
    Confederate recruiting segment, in a box holding a Confederate piece of the player's
    choice; anywhere else is refused."""
    m = new_match(seed=3, leaders=True)
    state = st(m)
    assert leaders.leader(state, "lee").loc == NOT_ARRIVED
    state.turn = turn_of("May", 1862)
    state = end_player_turn(m, CSA, dice, 3)
    assert state.turn == turn_of("Jun", 1862) and state.player == UNION
    assert leaders.leader(state, "lee").loc == ARRIVING
    assert ("Lee 3 arrives (Jun 1862, A8.2): placed in the Confederate recruiting segment in a "
            "box with a Confederate piece.") in state.log
    assert leaders.leader(state, "grant").loc == NOT_ARRIVED
    act_end_recruiting(m, CSA)
    state = st(m)
    assert state.phase == "leader-placement" and state.active == [CSA]
    boxes = {c.action.noun for c in m.actions(CSA)}
    assert boxes == {p.loc for p in state.pieces if p.side == CSA and p.on_map}
    assert_illegal(m, CSA, "place-leader", "washington")
    dice.push(2)                                  # the Union movement die of turn 11
    act(m, CSA, "place-leader", "fredericksburg")
    state = st(m)
    assert leaders.leader(state, "lee").loc == "fredericksburg"
    assert "Lee 3 enters the map in Fredericksburg (A8.2)." in state.log
    assert state.turn == turn_of("Jul", 1862) and state.phase == "movement"


def act_end_recruiting(m: Match, side: str) -> None:
    """`side` ends its recruiting segment, nothing left to recruit (B7.0)."""
    recruiting_phase(m, side)
    act(m, side, "end-recruiting")


def test_a8_2_condition_changes_the_value_on_its_date(dice):
    """A8.2 'La condizione di un leader ... Per Lee, la condizione rappresenta la perdita del
    comando per la morte del suo aiutante maggiore, il generale Stonewall Jackson. Per Grant e
    Sherman indica un aumento del comando nelle date delle loro promozioni': in the 1863
    scenario Lee falls from 3 to 2 in May 1863; Grant and Sherman rise from 1 to 2 in March
    1864 (leaders.toml)."""
    m = Match.new(RULES, seed=2, scenario="1863", options={"leaders": True})
    state = end_player_turn(m, CSA, dice, 3)
    assert state.turn == turn_of("May", 1863)
    assert [ldr.value for ldr in state.leaders] == [2, 1, 1]
    assert ("Lee's condition (May 1863, A8.2): the death of Stonewall Jackson, command value "
            "3 -> 2.") in state.log
    state.turn = turn_of("Jan-Feb", 1864)
    state = end_player_turn(m, CSA, dice, 3)
    assert state.turn == turn_of("Mar", 1864)
    assert {ldr.id: ldr.value for ldr in state.leaders} == {"lee": 2, "grant": 2, "sherman": 2}
    assert ("Grant's condition (Mar 1864, A8.2): promotion, command value 1 -> 2."
            in state.log)


# --- A8.2.1 leaders and movement ----------------------------------------------------------------


def leader_in_dayton(m: Match) -> AhdState:
    """Grant with a Union veteran in Dayton, a Confederate piece in Cincinnati (Ohio's rail
    hub), the Union movement segment with 2 marches."""
    state = movement_phase(m, UNION, marches=2, turn=20)
    for box in ("dayton", "cincinnati", "columbus", "indianapolis", "toledo", "cleveland"):
        clear_box(state, box)
    relocate(state, "U-FV-01", "dayton")
    relocate(state, "C-FV-01", "cincinnati")
    lead(state, "grant", "dayton", 1)
    return state


def test_a8_2_1_a_leader_moves_with_the_pieces_of_its_box_for_free(dice):
    """A8.2.1 'I Leader possono spostarsi normalmente assieme ai pezzi che si trovano nello
    stesso loro riquadro': the veteran marches from Dayton to Columbus; Grant goes with it,
    spending none of his free marches and none of the player's."""
    m = new_match(seed=4, leaders=True)
    leader_in_dayton(m)
    march(m, UNION, "dayton", ("U-FV-01", "columbus"))
    assert marches_left(st(m)) == 1
    act(m, UNION, "leader", "grant")
    choice = next(c for c in m.actions(UNION) if c.action == Action("space", "columbus"))
    assert choice.label == "Grant 1 to Columbus (with its pieces, free)"
    act(m, UNION, "space", "columbus")
    ldr = leaders.leader(st(m), "grant")
    assert ldr.loc == "columbus" and ldr.marches == 0 and marches_left(st(m)) == 1
    assert "Grant 1: Dayton to Columbus (with its pieces, free, A8.2.1)." in st(m).log


def test_a8_2_1_a_leader_alone_two_free_marches_like_cavalry_without_jumps(dice):
    """A8.2.1 'In alternativa, essi possono muovere da soli. Possono fare fino a due marce senza
    nessun costo ma non possono fare i salti della cavalleria' (AMB-44: 2 boxes like cavalry,
    never into a box holding enemy pieces): from Dayton Grant reaches Indianapolis and
    Louisville beyond it by rail, but neither Cincinnati (Confederates) nor the boxes beyond it
    (a jump); after two free marches he may not move alone again."""
    m = new_match(seed=4, leaders=True)
    leader_in_dayton(m)
    act(m, UNION, "leader", "grant")
    reach = {a.noun for a in [c.action for c in m.actions(UNION)] if a.verb == "space"}
    assert {"indianapolis", "louisville", "columbus", "wheeling", "toledo"} <= reach
    assert not reach & {"cincinnati", "parkersburg", "lexington-ky"}
    assert_illegal(m, UNION, "space", "cincinnati")
    act(m, UNION, "space", "indianapolis")
    assert marches_left(st(m)) == 2                  # not the player's marches
    act(m, UNION, "leader", "grant")
    act(m, UNION, "space", "chicago")
    ldr = leaders.leader(st(m), "grant")
    assert ldr.loc == "chicago" and ldr.marches == 2
    assert "leader grant" not in labels(m, UNION)
    assert_illegal(m, UNION, "leader", "grant")


def test_a8_2_2_a_leader_left_alone_with_the_enemy_returns_in_the_recruiting_segment(dice):
    """A8.2.2 'I leader che si vengono a trovare da soli in un riquadro che contiene delle unità
    nemiche, non sono distrutti. Essi ritornano in gioco durante il prossimo segmento di
    reclutamento del giocatore proprietario': a Confederate veteran marches into Louisville,
    where Grant stands alone: he is removed at once, and the Union places him again at the end
    of its next recruiting segment. A leader is not a piece (AMB-46): alone in a box he never
    captures it."""
    m = new_match(seed=5, leaders=True)
    state = movement_phase(m, CSA, marches=1, turn=20)
    clear_box(state, "louisville")
    clear_box(state, "bowling-green")
    relocate(state, "C-FV-01", "bowling-green")
    lead(state, "grant", "louisville", 1)
    owner = state.owner.get("louisville")
    march(m, CSA, "bowling-green", ("C-FV-01", "louisville"))
    state = st(m)
    assert leaders.leader(state, "grant").loc == RETURNING
    assert ("Grant 1 is left alone with enemy pieces in Louisville: removed, back in the Union "
            "recruiting segment (A8.2.2).") in state.log
    # the Union's next recruiting segment
    act_end_recruiting(m, UNION)
    assert st(m).phase == "leader-placement"
    dice.push(3)                                  # then the Confederate movement die
    act(m, UNION, "place-leader", "washington")
    assert leaders.leader(st(m), "grant").loc == "washington"
    assert "Grant 1 returns in Washington (A8.2)." in st(m).log
    lead(st(m), "grant", "frankfort")   # alone in an empty box: no capture (AMB-46)
    assert st(m).owner.get("louisville") == owner


# --- A8.2.2 leaders in battle -------------------------------------------------------------------


def three_firers_with_lee(*pieces: str) -> AhdState:
    """The Union attacks Little Rock with A; Lee (3) defends with `pieces`."""
    state = new_state(UNION, turn=turn_of("Apr", 1863), leaders=True)
    put(state, LR, A, came_from="fort-smith")
    put(state, LR, *pieces)
    lead(state, "lee", LR, 3)
    start(state, LR)
    return state


CSA3 = ("C-FV-01", "C-FV-02", "C-FV-03")


@pytest.mark.parametrize("allotment, expected", [
    (("C-FV-01", "C-FV-02", "C-FV-03"), {"C-FV-01": 1, "C-FV-02": 1, "C-FV-03": 1}),
    (("C-FV-02", "C-FV-02", "C-FV-02"), {"C-FV-02": 3}),
    (("C-FV-01", "C-FV-01", "C-FV-03"), {"C-FV-01": 2, "C-FV-03": 1}),
])
def test_a8_2_2_tc17_lee_allots_his_three_points(battle_dice, allotment, expected):
    """TC-17, seed 8.2.2 'Esempio: Lee ha il suo bonus pari a 3. Tre pezzi Confederati iniziano
    un round di battaglia in cui Lee è presente ... Ognuno dei tre pezzi Confederati ha il suo
    valore incrementato di 1; oppure un solo pezzo può avere il suo valore incrementato di 3;
    oppure ancora un pezzo può avere il suo valore incrementato di 2 e un altro di 1'. Announced
    'prima che qualunque unità abbia sparato', one point at a time."""
    state = three_firers_with_lee(*CSA3)
    b = state.battle
    assert at("leader-bonus")(state) and state.active == [CSA] and b.round == 1
    assert prompt(state) == ("Battle of Little Rock, round 1 — Lee 3 allots its bonus "
                             "before any piece fires (A8.2.2): +1 to which piece? (3 of "
                             "3 left)")
    battle_dice.push(6, 6, 6)  # then the CSA fire, all at A
    for pid in allotment:
        assert nouns(state, "bonus") == list(CSA3)
        do(state, "bonus", pid)
    assert {pid: leadership.bonus_of(b, pid) for pid in CSA3
            if leadership.bonus_of(b, pid)} == expected
    shown = ", ".join(f"{pid} +{n}" for pid, n in sorted(expected.items()))
    assert f"Little Rock r1: Lee 3's bonus (A8.2.2): {shown}" in state.log
    # the CSA fire (all at A, the only target), each veteran at 3 + its points
    assert [line.split(" (")[1].split(")")[0] for line in lines(state, "fires at U-MF-01")] == [
        f"hits on {min(6, 3 + expected.get(pid, 0))} or less" for pid in CSA3]


def test_a8_2_2_tc17_four_pieces_cannot_all_get_a_point_from_lee(battle_dice):
    """TC-17 derived: +1 to each of four pieces is rejected: Lee has 3 points, so after three the
    allotment is over and a fourth is refused, the state unchanged."""
    state = three_firers_with_lee(*CSA3, "C-FV-04")
    battle_dice.push(6, 6, 6, 6)  # then the four CSA shots at A
    for pid in CSA3:
        do(state, "bonus", pid)
    assert at("targets")(state) and state.active == [UNION]
    assert state.battle.leader_bonus == {"lee": list(CSA3)}
    refused(state, Action("bonus", "C-FV-04"))
    assert leadership.bonus_of(state.battle, "C-FV-04") == 0


def test_a8_2_2_grant_whole_or_split_between_two_and_each_round(battle_dice):
    """TC-17 derived, seed 8.2.2 'Un leader può aggiungere il suo valore intero ad un singolo
    pezzo oppure dividerlo tra due pezzi (o in tre, nel caso di Lee)': Grant (2) gives (+2) or
    (+1, +1); 'i leader aggiungono il loro valore in ogni round di battaglia in cui sono
    presenti': he allots again in round 2. A hypothetical Grant of 3 could still split among
    two pieces only."""
    state = new_state(UNION, turn=turn_of("Apr", 1864), leaders=True)
    put(state, LR, A, B, C, came_from="fort-smith")
    put(state, LR, D)
    lead(state, "grant", LR, 2)
    b = start(state, LR)
    assert at("leader-bonus")(state) and state.active == [UNION]
    do(state, "bonus", A)
    assert nouns(state, "bonus") == sorted([A, B, C])   # (+2) on A or (+1, +1)
    battle_dice.push(6, 6, 6, 6)  # round 1: D's shot, then A, B, C at D
    do(state, "bonus", C)
    assert b.leader_bonus == {"grant": [A, C]}
    play_on(state, at("leader-bonus", 2))
    assert b.leader_bonus == {} and state.active == [UNION]
    do(state, "bonus", B)
    do(state, "bonus", B)
    assert b.leader_bonus == {"grant": [B, B]}
    # the split limit: a Grant of 3 who has given to two pieces keeps to those two
    leaders.leader(state, "grant").value = 3
    b.leader_bonus = {"grant": [A, C]}
    assert leadership.recipients(b, leaders.leader(state, "grant"), [A, B, C]) == sorted([A, C])


def test_a8_2_2_the_bonus_raises_the_firer_value(battle_dice):
    """A8.2.2 'Ogni ... pezzo ... ha il suo valore incrementato di 1' per point (T11 +n): Lee
    gives +2 to the CSA militia E and +1 to D; E hits on 4 or less instead of 2 against A, and
    the battle panel names the bonus."""
    state = three_firers_with_lee(D, E)
    do(state, "bonus", E)
    do(state, "bonus", E)
    battle_dice.push(6, 6)
    do(state, "bonus", D)
    assert "Little Rock r1: Lee 3's bonus (A8.2.2): C-FV-01 +1, C-MF-01 +2" in state.log
    assert lines(state, "fires at") == [
        "Little Rock r1: C-FV-01 fires at U-MF-01 (hits on 4 or less): 6 — miss",
        "Little Rock r1: C-MF-01 fires at U-MF-01 (hits on 4 or less): 6 — miss",
    ]
    assert battle.focus(state).notes[:3] == [
        "Confederate fire (B5.1):",
        "C-FV-01 at U-MF-01: hits on 4 or less: veteran infantry 3, +1 leader bonus — rolled 6, "
        "miss",
        "C-MF-01 at U-MF-01: hits on 4 or less: militia infantry 2, +2 leader bonus — rolled 6, "
        "miss",
    ]


def test_a8_2_2_tc18_grant_joins_on_day_3(battle_dice):
    """TC-18 derived, seed 8.2.2 'per ogni giorno potete aggiungere il bonus dei vostri leader
    presenti in battaglia. L'effetto è applicabile al massimo ad 8 pezzi' and 'I leader che
    rinforzano una battaglia possono aggiungere i loro effetti già dal momento in cui arrivano':
    the TC-18 Union (command 3, 4, then 4 + 2 = 6 on day 3) is joined by Grant (2) in round 9:
    4 + 2 + 2 = 8; Sherman (2) joining too would make 10, capped at 8."""
    assert day_value(4, 4, 2) == 8 and day_value(4, 4, 4) == MAX_ENGAGED == 8
    assert day_value(3, 0, 2) == 5
    state = new_state(UNION, turn=turn_of("Apr", 1862), battle_days=True, leaders=True)
    for p in [p for p in state.pieces if p.side == UNION and p.code == "MF"][:8]:
        put(state, LR, p.id, came_from="fort-smith")
    for p in [p for p in state.pieces if p.side == CSA and p.code == "FV"][:8]:
        put(state, LR, p.id)
    lead(state, "grant", "fort-smith", 2)
    lead(state, "sherman", "fort-smith", 2)
    # Command Table dice day by day (Union, then Confederate); every shot misses: day 1 the
    # CSA fires 3 and the Union 3 a round, day 2 5 and 4
    battle_dice.push(4, 1, *[6] * (4 * 6), 1, 1, *[6] * (4 * 9), 5, 1)
    b = start(state, LR)
    play_on(state, lambda s: at("reinforcements", 9)(s) and s.active == [UNION])
    assert b.command[UNION] == 6 and b.command_leaders == {UNION: 0, CSA: 0}
    assert nouns(state, "reinforce-leader") == ["grant", "sherman"]
    do(state, "reinforce-leader", "grant")
    assert b.command[UNION] == 8 and b.command_leaders[UNION] == 2
    assert ("Battle of Little Rock, round 9: Union reinforces from Fort Smith with Grant 2 "
            "(leader, A8.2.1); Union command 8 (A7.0)") in state.log
    do(state, "reinforce-leader", "sherman")
    assert b.command[UNION] == 8 and b.command_leaders[UNION] == 4
    assert sorted(b.leaders) == ["grant", "sherman"]
    assert "Union command 8 (A7.0): die 5, table 4 + 2 carried + 4 leaders; max 8" \
        in battle.focus(state).notes
    tracks = ahd_view.tracks(state)
    assert tracks["Union command (A7.0)"] == "8 (die 5: table 4 + 2 carried + 4 leaders; max 8)"


def test_a8_2_2_leaders_present_add_to_the_day_roll(battle_dice):
    """A8.2.2 (b), AMB-40: a leader present at the start of a day is a term of that day's
    command value: 1862 Union die 4 -> table 3, Grant 2: command 5."""
    state = new_state(UNION, turn=turn_of("Apr", 1862), battle_days=True, leaders=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, D)
    lead(state, "grant", LR, 2)
    battle_dice.push(4, 1)
    b = start(state, LR)
    assert b.command[UNION] == 5 and b.command_leaders[UNION] == 2
    assert ("Little Rock r1: day 1, Union Command Table die 4 (1862): 3 + 2 leaders (A8.2.2) "
            "= command 5 (A7.0)") in state.log


def test_a8_2_2_a_leader_whose_army_is_destroyed_is_removed(battle_dice):
    """A8.2.2: Grant's only piece is eliminated: left alone with the enemy, he is removed and
    returns in the Union's next recruiting segment (not destroyed)."""
    state = new_state(UNION, turn=turn_of("Apr", 1864), leaders=True)
    put(state, LR, A, reduced=True, came_from="fort-smith")
    put(state, LR, D)
    lead(state, "grant", LR, 2)
    battle_dice.push(1)
    b = start(state, LR)                       # Grant's 2 on A (auto); D -> A: 1, eliminated
    assert b.winner == CSA and at("battle-promotion")(state)
    assert leaders.leader(state, "grant").loc == LR
    do(state, "no-promotion")
    assert over(state)
    assert leaders.leader(state, "grant").loc == RETURNING
    assert ("Grant 2 is left alone with enemy pieces in Little Rock: removed, back in the Union "
            "recruiting segment (A8.2.2).") in state.log


def test_a8_2_1_a_leader_reinforces_alone_and_cannot_be_targeted(battle_dice):
    """A8.2.1 '(possono anche rinforzare una battaglia muovendo da soli)': Lee alone in
    Shreveport joins the battle of Little Rock in round 2 without using Shreveport's one
    piece; he then allots his bonus; he is no target (AMB-46)."""
    state = new_state(UNION, turn=turn_of("Apr", 1863), leaders=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, D)
    put(state, "shreveport", "C-FV-02")
    lead(state, "lee", "shreveport", 3)
    battle_dice.push(6, 6, 6)  # round 1: D's shot, A's and B's
    b = start(state, LR)
    play_on(state, lambda s: at("reinforcements", 2)(s) and s.active == [CSA])
    assert nouns(state, "reinforce-leader") == ["lee"]
    assert nouns(state, "reinforce") == ["C-FV-02"]
    do(state, "reinforce-leader", "lee")
    assert nouns(state, "reinforce") == ["C-FV-02"]   # the box's piece may still come
    do(state, "reinforce", "C-FV-02")
    play_on(state, at("leader-bonus", 2))
    assert leaders.leader(state, "lee").loc == LR and state.active == [CSA]
    assert b.leaders == ["lee"]
    assert nouns(state, "bonus") == [D, "C-FV-02"]
    battle_dice.push(6, 6)  # round 2: the CSA's two shots
    for _ in range(3):
        do(state, "bonus", D)
    play_on(state, lambda s: at("targets", 2)(s) and s.active == [UNION])
    assert nouns(state, "target") == [D, "C-FV-02"]  # never Lee


# --- the view -----------------------------------------------------------------------------------


def test_a8_view_leaders_routed_pieces_and_bonus(battle_dice):
    """The view: leaders as tokens (kind 'leader', label 'Lee 3'), off the map in a holding box,
    their values in the tracks; routed pieces flagged 'routed'; the round's leader bonus in the
    battle tracks and the battle panel; the Rules track names A8.1, A8.1.2 and A8.2."""
    state = new_state(UNION, turn=turn_of("Apr", 1863), morale=True, desertion=True,
                      leaders=True)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, D, E)
    lead(state, "lee", LR, 3)
    battle_dice.push(1, 6, 4)
    start(state, LR)
    do(state, "bonus", D)
    do(state, "bonus", D)
    do(state, "bonus", E)
    declare(state, A, B)                        # D -> A: 1, reduced; A's morale: 4 > 3, routs
    panel = battle.focus(state)
    assert ["Confederate (defender)", "lee", "leader (A8.2)", "3", "bonus C-FV-01 +2, C-MF-01 +1"] \
        in panel.rows
    assert ["Union (attacker)", A, "militia infantry", "2", "reduced, routed"] in panel.rows
    view = RULES.view(state, None)
    lee = next(t for t in view.board[LR] if t.id == "lee")
    assert (lee.kind, lee.side, lee.label, lee.strength) == ("leader", CSA, "Lee 3", 3)
    assert "routed" in next(t for t in view.board[LR] if t.id == A).flags
    assert "routed" not in next(t for t in view.board[LR] if t.id == B).flags
    waiting = {t.label: t.flags for t in view.boxes["Union leaders off the map"]}
    assert waiting == {"Grant 1": ["arrives Oct 1862"], "Sherman 1": ["arrives Nov-Dec 1862"]}
    tracks = view.tracks
    assert tracks["Lee (A8.2)"] == "3 — Little Rock; 2 from May 1863"
    assert tracks["Union routed (A8.1)"] == "U-MF-01"
    assert tracks["Confederate routed (A8.1)"] == "none"
    assert tracks["Lee 3 bonus (A8.2.2)"] == "round 1: C-FV-01 +2, C-MF-01 +1"
    assert tracks["Rules"].endswith("+ A8.1 + A8.1.2 + A8.2")


def test_a8_2_1_a_leader_may_sail_alone_from_a_port(dice):
    """A8.2.1 'I leader possono fare movimenti navali', AMB-44: alone, as one of its free
    marches, from a Union port it has not yet left this turn, to another Union port free of
    enemy pieces; after that it moves alone no more this turn."""
    m = new_match(seed=6, leaders=True)
    state = movement_phase(m, UNION, marches=1, turn=20)
    clear_box(state, "new-york")
    relocate(state, "U-FV-01", "new-york")
    lead(state, "grant", "new-york", 1)
    act(m, UNION, "leader", "grant")
    by_sea = {c.action.noun for c in m.actions(UNION) if "alone by sea" in c.label}
    assert {"washington", "fort-monroe"} <= by_sea   # (Philadelphia is 2 boxes by rail)
    act(m, UNION, "space", "washington")
    ldr = leaders.leader(st(m), "grant")
    assert ldr.loc == "washington" and ldr.sailed and ldr.marches == 1
    assert marches_left(st(m)) == 1
    assert "leader grant" not in labels(m, UNION)
