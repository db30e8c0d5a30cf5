"""A House Divided battles: core/ahd/battle/ (seed B5.0–B5.2.6, battle promotion B6.0).

Rule numbers are those of the seed's basic rules (../shared/seeds/001_f551d95babcd19e5.txt,
"5.0 Battaglie", "6.0 Promozioni"); TC-n and AMB-n are the test cases and readings of the
English reference (../shared/rules/a-house-divided.md). Boxes and lines are the real board's
(maps/a_house_divided.toml): Little Rock is joined to Fort Smith (road and river, no blue bank),
Memphis (road, blue bank at both ends), Newport, Shreveport and Arkansas Post.

Battles are fought on the decision stack (tests/support/battle.py): each question is a stop
whose tag is `state.phase` ("targets", "retreat", ...), asked of `state.active`. Every die is
scripted, strictly and exactly (the `battle_dice` fixture fails a test that leaves one unused).
"""
from __future__ import annotations

import msgspec
import pytest

from core import stack
from core.ahd import battle
from core.ahd.battle import retreat
from core.ahd.frames import Battle
from core.ahd.pieces import piece, update
from core.ahd.state import CSA, POOL, SPARE, UNION, AhdState
from core.engine import Action
from tests.support.battle import (FLOW, acts, asking, battle_dice,  # noqa: F401  (fixture)
                                  battle_state, choices, declare, do, labels, nouns, over,
                                  play_on, prompt, put, refused, shots, start)

LR = "little-rock"
A, B, C, D, E = "U-MF-01", "U-MF-02", "U-FS-01", "C-FV-01", "C-MF-01"


# --- B5.1 fire: TC-6, TC-7, TC-8 ---------------------------------------------------------------


def little_rock(state: AhdState) -> None:
    """TC-8: Union A, B (militia infantry) and C (crack infantry) came from Fort Smith;
    Little Rock holds the CSA's D (veteran infantry) and E (militia infantry)."""
    put(state, LR, A, B, C, came_from="fort-smith")
    put(state, LR, D, E)


def test_tc8_little_rock_round_1(battle_dice):
    """TC-8, seed 5.0 "Esempio di Combattimento": the South fires first (D→A, E→C; dice 4, 1:
    D misses, E needs 1 against the crack infantry and reduces C); then the North declares
    A, B → D and C → E after seeing those results (the seed: "Ora tocca al Nord e decide...";
    its sentence "all'inizio di un round" is read through this example, AMB-14) and rolls
    A = 5 (miss), B = 1 (D reduced), C = 2 (a reduced C still fires at 3: E reduced).
    Declarations go in id order, so the Union's dice are rolled C, A, B."""
    state = battle_state(UNION)
    little_rock(state)
    battle_dice.push(4, 1, 2, 5, 1)
    b = start(state, LR)
    assert (b.attacker, b.defender, b.round) == (UNION, CSA, 1)
    assert (state.phase, state.active) == ("targets", [CSA])
    assert b.attacker_origins == ["fort-smith"]
    assert sorted(b.participants) == sorted([A, B, C, D, E])
    assert all(piece(state, pid).fought for pid in (A, B, C, D, E))
    assert prompt(state) == ("Battle of Little Rock, round 1 — Confederate fire: "
                             "choose the target of C-FV-01 (veteran infantry)")
    declare(state, A)   # D -> A
    # AMB-15: 2 firers against 3 targets need 2 distinct targets: E may not also take A
    assert nouns(state, "target") == sorted([B, C])
    declare(state, C)   # E -> C
    assert (state.phase, state.active) == ("targets", [UNION])
    declare(state, E, D, D)  # C -> E, A -> D, B -> D
    assert battle_dice.rolled == [4, 1, 2, 5, 1]
    assert shots(state) == [
        "Little Rock r1: C-FV-01 fires at U-MF-01 (hits on 3 or less): 4 — miss",
        "Little Rock r1: C-MF-01 fires at U-FS-01 (hits on 1 or less): 1 — hit, reduced",
        "Little Rock r1: U-FS-01 fires at C-MF-01 (hits on 3 or less): 2 — hit, reduced",
        "Little Rock r1: U-MF-01 fires at C-FV-01 (hits on 2 or less): 5 — miss",
        "Little Rock r1: U-MF-02 fires at C-FV-01 (hits on 2 or less): 1 — hit, reduced",
    ]
    reduced = {pid: piece(state, pid).reduced for pid in (A, B, C, D, E)}
    assert reduced == {A: False, B: False, C: True, D: True, E: True}
    # end of round 1: the battle goes on to round 2, where retreat becomes possible
    assert b.round == 2 and b.winner == "" and asking(state, "retreat", UNION)(state)


def test_tc8_declaring_every_union_shot_at_d_is_rejected(battle_dice):
    """TC-8 targeting check, seed 5.1 "ogni pezzo nemico deve essere obiettivo di almeno un
    pezzo (se possibile)": 3 Union firers against D and E must cover both, so once two firers
    chose D the third may only choose E; A, B, C → D is refused and changes nothing."""
    state = battle_state(UNION)
    little_rock(state)
    battle_dice.push(6, 6)
    b = start(state, LR)
    declare(state, A, B)  # the CSA fire: both miss
    assert asking(state, "targets", UNION)(state)
    declare(state, D, D)  # C -> D, A -> D
    assert nouns(state, "target") == [E]
    refused(state, UNION, Action("target", D))
    assert b.shots == [[C, D], [A, D]]


def test_tc6_declared_targets_cannot_change(battle_dice):
    """TC-6, seed 5.1 "Esempio": three militia fire at one veteran, the only enemy piece; the
    first two hits (dice 1, 2) eliminate it and the third militia must still fire at it (die 6),
    uselessly. With a single enemy the declaration is forced and done automatically."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-MF-01", "C-MF-02", "C-MF-03")
    battle_dice.push(1, 2, 6)
    b = start(state, LR)
    assert "Little Rock r1: Confederate targets (only one possible): C-MF-01 → U-FV-01, " \
           "C-MF-02 → U-FV-01, C-MF-03 → U-FV-01" in state.log
    assert shots(state) == [
        "Little Rock r1: C-MF-01 fires at U-FV-01 (hits on 2 or less): 1 — hit, reduced",
        "Little Rock r1: C-MF-02 fires at U-FV-01 (hits on 2 or less): 2 — hit, eliminated",
        "Little Rock r1: C-MF-03 fires at U-FV-01 (already eliminated): 6 — wasted",
    ]
    assert piece(state, "U-FV-01").loc == SPARE  # B5.1: a veteran goes back to the supply
    assert b.attackers == [] and b.winner == CSA
    # no declaration can be changed or added once the fire is resolved
    refused(state, CSA, Action("target", "U-FV-01"))


def test_declared_target_stays_when_an_earlier_shot_eliminates_it(battle_dice):
    """B5.1 / TC-6 with a choice: two CSA pieces both declared at a reduced A; the first shot
    eliminates A, the second is wasted, it does not move on to B."""
    state = battle_state(UNION)
    put(state, LR, A, B, came_from="fort-smith")
    update(state, piece(state, A), reduced=True)
    put(state, LR, "C-FV-01", "C-FV-02", "C-FV-03")
    battle_dice.push(1, 1, 6)
    start(state, LR)
    declare(state, A, A)  # 3 firers, 2 targets: the first two may both take A ...
    assert nouns(state, "target") == [B]  # ... then B must be covered
    declare(state, B)
    assert shots(state) == [
        "Little Rock r1: C-FV-01 fires at U-MF-01 (hits on 3 or less): 1 — hit, eliminated",
        "Little Rock r1: C-FV-02 fires at U-MF-01 (already eliminated): 1 — wasted",
        "Little Rock r1: C-FV-03 fires at U-MF-02 (hits on 3 or less): 6 — miss",
    ]
    assert piece(state, B).reduced is False and piece(state, A).loc == POOL


def one_shot(battle_dice, state: AhdState, attacker_die: int = 6,
             defender_die: int = 6) -> list[str]:
    """Fight round 1 of the battle in Little Rock, one piece a side (forced targets): the
    defender's die, then the attacker's; return the shot lines."""
    battle_dice.push(defender_die, attacker_die)
    start(state, LR)
    return shots(state)


@pytest.mark.parametrize("die, result", [(2, "hit, reduced"), (3, "miss")])
def test_tc7a_veteran_cavalry_hits_on_1_2(battle_dice, die, result):
    """TC-7 a, seed 5.1: "se spara una Cavalleria di veterani, colpisce se il giocatore ottiene
    un 1 o un 2". (The attacker is cavalry too, so the defending cavalry cannot escape.)"""
    state = battle_state(UNION)
    put(state, LR, "U-MC-01", came_from="fort-smith")
    put(state, LR, "C-CV-01")
    lines_ = one_shot(battle_dice, state, defender_die=die)
    assert lines_[0] == (f"Little Rock r1: C-CV-01 fires at U-MC-01 (hits on 2 or less): "
                         f"{die} — {result}")


@pytest.mark.parametrize("die, result", [(2, "hit, reduced"), (3, "miss")])
def test_tc7b_veteran_infantry_at_entrenched_target(battle_dice, die, result):
    """TC-7 b, seed 5.2.1: veteran infantry firing at an entrenched enemy has value 2."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-MF-01", entrenched=True)
    lines_ = one_shot(battle_dice, state, attacker_die=die)
    assert lines_[1] == (f"Little Rock r1: U-FV-01 fires at C-MF-01 (hits on 2 or less): "
                         f"{die} — {result}")


def test_tc7b_permanent_entrenchment_counts(battle_dice):
    """B4.2.5, B5.2.1: a piece in an owned permanent entrenchment (Washington) is entrenched
    without a marker; the CSA veteran infantry attacking from Manassas Junction needs 2."""
    state = battle_state(CSA)
    put(state, "washington", "U-MF-01")
    put(state, "washington", "C-FV-01", came_from="manassas-junction")
    battle_dice.push(6, 2)
    start(state, "washington")
    assert shots(state)[1] == ("Washington r1: C-FV-01 fires at U-MF-01 (hits on 2 or less): "
                               "2 — hit, reduced")


def test_tc7c_militia_cavalry_cannot_hit_entrenched(battle_dice):
    """TC-7 c, seed 5.2.1: "la Milizia di Cavalleria non può colpire i nemici trincerati"."""
    state = battle_state(UNION)
    put(state, LR, "U-MC-01", came_from="fort-smith")
    put(state, LR, "C-FV-01", entrenched=True)
    lines_ = one_shot(battle_dice, state, attacker_die=1)
    assert lines_[1] == "Little Rock r1: U-MC-01 fires at C-FV-01 (hits on 0 or less): 1 — miss"
    assert piece(state, "C-FV-01").reduced is False


def test_tc7d_entrenched_crack_infantry(battle_dice):
    """TC-7 d, seed 5.2.2: against entrenched crack infantry (−2) militia infantry, militia
    cavalry and veteran cavalry never hit; veteran infantry hits only on 1."""
    state = battle_state(UNION)
    put(state, LR, "U-CV-01", "U-FV-01", "U-MC-01", "U-MF-01", came_from="fort-smith")
    put(state, LR, "C-FS-01", entrenched=True)
    battle_dice.push(6, 1, 1, 1, 1)
    start(state, LR)
    declare(state, "U-CV-01")
    assert shots(state)[1:] == [
        "Little Rock r1: U-CV-01 fires at C-FS-01 (hits on 0 or less): 1 — miss",
        "Little Rock r1: U-FV-01 fires at C-FS-01 (hits on 1 or less): 1 — hit, reduced",
        "Little Rock r1: U-MC-01 fires at C-FS-01 (hits on 0 or less): 1 — miss",
        "Little Rock r1: U-MF-01 fires at C-FS-01 (hits on 0 or less): 1 — miss",
    ]


@pytest.mark.parametrize("die, result", [(2, "hit, reduced"), (3, "miss")])
def test_tc7d_crack_infantry_at_crack_infantry(battle_dice, die, result):
    """TC-7 d, seed 5.2.2: "anche la Fanteria di Sfondamento quando spara contro un'altra
    Fanteria di Sfondamento": 3 − 1 = 2."""
    state = battle_state(UNION)
    put(state, LR, "U-FS-01", came_from="fort-smith")
    put(state, LR, "C-FS-01")
    lines_ = one_shot(battle_dice, state, defender_die=die)
    assert lines_[0] == (f"Little Rock r1: C-FS-01 fires at U-FS-01 (hits on 2 or less): "
                         f"{die} — {result}")


def test_tc7e_river_crossing_bonus_rounds_1_and_2_only(battle_dice):
    """TC-7 e, seed 5.2.3: in the defender's first two battle rounds (not later) its veteran
    infantry fires at 4 at an attacker crossing the river; in round 3 at 3. The Union came from
    Memphis, whose road enters Little Rock across a blue bank."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="memphis", crossing=True)
    put(state, LR, "C-FV-01")
    battle_dice.push(4, 6, 6, 6, 6, 6)  # rounds 1-3: the CSA's die, then the Union's
    start(state, LR)
    play_on(state, asking(state, "retreat", UNION, round_no=4))
    mine = [line for line in shots(state) if ": C-FV-01 fires" in line]
    assert mine == [
        "Little Rock r1: C-FV-01 fires at U-FV-01 (hits on 4 or less): 4 — hit, reduced",
        "Little Rock r2: C-FV-01 fires at U-FV-01 (hits on 4 or less): 6 — miss",
        "Little Rock r3: C-FV-01 fires at U-FV-01 (hits on 3 or less): 6 — miss",
    ]
    # the attacker's own fire never gets the bonus
    assert "Little Rock r1: U-FV-01 fires at C-FV-01 (hits on 3 or less): 6 — miss" \
        in shots(state)


def test_tc7f_crossing_crack_infantry_cancels(battle_dice):
    """TC-7 f, seed 5.2.3: "quando spara ad una Fanteria di Sfondamento che sta attraversando
    un fiume" the +1 and −1 cancel: 3 + 1 − 1 = 3."""
    state = battle_state(UNION)
    put(state, LR, "U-FS-01", came_from="memphis", crossing=True)
    put(state, LR, "C-FV-01")
    lines_ = one_shot(battle_dice, state, defender_die=3)
    assert lines_[0] == ("Little Rock r1: C-FV-01 fires at U-FS-01 (hits on 3 or less): "
                         "3 — hit, reduced")


def test_tc7g_naval_invasion_counts_as_crossing(battle_dice):
    """TC-7 g, seed 5.2.3 "Un'Invasione Navale conta come un attacco attraverso un fiume": the
    defender gets +1 against invaders (movement marks them crossing, with no origin box), and an
    invasion excludes no retreat box (AMB-17)."""
    state = battle_state(UNION)
    put(state, "charleston", "U-FV-01", came_from="", crossing=True)
    put(state, "charleston", "C-MF-01")
    battle_dice.push(3, 6)
    b = start(state, "charleston")
    assert b.attacker_origins == []
    assert shots(state)[0] == ("Charleston r1: C-MF-01 fires at U-FV-01 (hits on 3 or less): "
                               "3 — hit, reduced")


def test_target_label_and_prompt():
    """B5.2.2, B5.2.3: the choice names the target, its state and the number it hits on; a
    reduced crossing crack infantry under militia cavalry fire: 1 − 1 + 1 = 1."""
    state = battle_state(UNION)
    put(state, LR, "U-FS-01", "U-MF-01", came_from="memphis", crossing=True)
    update(state, piece(state, "U-FS-01"), reduced=True)
    put(state, LR, "C-MC-01")
    start(state, LR)
    do(state, "fight")  # B5.2.6: the lone cavalry could escape; it stays
    assert labels(state) == [
        "Fire at U-FS-01 — Union crack infantry, reduced, crossing (hits on 1 or less)",
        "Fire at U-MF-01 — Union militia infantry, crossing (hits on 2 or less)",
    ]
    assert all(c.group == "battle" for c in choices(state))


def test_a_firer_with_one_legal_target_is_still_asked(battle_dice):
    """B5.1: declaring is the player's act; only a side with one possible assignment overall
    (a single enemy piece) declares automatically."""
    state = battle_state(UNION)
    little_rock(state)
    battle_dice.push(6, 6)
    b = start(state, LR)
    declare(state, A)
    assert asking(state, "targets", CSA)(state) and len(acts(state)) == 2
    declare(state, B)
    declare(state, D, D)
    assert acts(state) == [Action("target", E)]  # B's only legal target, still a question
    assert state.active == [UNION] and b.firers == [B]


# --- the battle panel (View.focus) --------------------------------------------------------------


def test_focus_panel_names_every_modifier_of_each_shot(battle_dice):
    """The view's battle panel: both armies with their marks, and each declared or rolled shot
    of the current fire with the number it hits on — always 'N or less' — and every modifier
    named, from the very function the dice are rolled against (B5.2.1 entrenched, B5.2.3 the
    defender's +1 at a crossing attacker in rounds 1-2). The Confederates attack Cairo across
    the river, C-MF-02 in an entrenchment of its own (set for the test)."""
    state = battle_state(CSA)
    put(state, "cairo", "U-FV-01", "U-MF-01")
    put(state, "cairo", "C-MF-02", came_from="cape-girardeau", crossing=True, entrenched=True)
    put(state, "cairo", "C-MF-03", came_from="cape-girardeau", crossing=True)
    assert battle.focus(state) is None
    start(state, "cairo")
    panel = battle.focus(state)
    assert panel is not None and panel.title == "Battle of Cairo — round 1, day 1"
    assert panel.rows == [
        ["Confederate (attacker)", "C-MF-02", "militia infantry", "2", "entrenched, crossing"],
        ["Confederate (attacker)", "C-MF-03", "militia infantry", "2", "crossing"],
        ["Union (defender)", "U-FV-01", "veteran infantry", "3", ""],
        ["Union (defender)", "U-MF-01", "militia infantry", "2", ""],
    ]
    declare(state, "C-MF-02")  # U-FV-01 -> C-MF-02
    assert battle.focus(state).notes == [
        "Union fire (B5.1):",
        "U-FV-01 at C-MF-02: hits on 3 or less: veteran infantry 3, -1 entrenched, +1 crossing",
        "still to declare a target: U-MF-01",
    ]
    battle_dice.push(3, 4)  # U-FV-01 hits on 3; U-MF-01 (2 + 1 crossing) misses on 4
    declare(state, "C-MF-03")
    assert battle.focus(state).notes == [
        "Union fire (B5.1):",
        "U-FV-01 at C-MF-02: hits on 3 or less: veteran infantry 3, -1 entrenched, +1 crossing"
        " — rolled 3, hit, reduced",
        "U-MF-01 at C-MF-03: hits on 3 or less: militia infantry 2, +1 crossing — rolled 4, "
        "miss",
        "Confederate fire (B5.1):",
        "still to declare a target: C-MF-02, C-MF-03",
    ]
    assert "Cairo r1: U-FV-01 fires at C-MF-02 (hits on 3 or less): 3 — hit, reduced" \
        in state.log


# --- B5.0 end of the battle and B6.0 battle promotion -------------------------------------------


def test_attacker_wins_and_promotes_a_militia_tc12(battle_dice):
    """B5.0 end, B6.0 / TC-12, seed 6.0 "Ogni volta che un giocatore vince una battaglia ... può
    promuovere immediatamente uno dei pezzi che hanno partecipato": the CSA reduces A (die 1),
    A's shot (die 1) eliminates the reduced defender and B's is wasted (die 6); the Union wins
    and promotes A: a veteran infantry takes its place and its reduced face, and the militia
    counter goes back to the pool."""
    state = battle_state(UNION)
    put(state, LR, A, B, came_from="fort-smith")
    put(state, LR, "C-MF-01", reduced=True)
    battle_dice.push(1, 1, 6)
    b = start(state, LR)
    declare(state, A)
    assert b.winner == UNION and asking(state, "battle-promotion", UNION)(state)
    assert piece(state, "C-MF-01").loc == POOL  # B5.1: an eliminated militia goes to the pool
    assert nouns(state, "promote") == [A, B]
    assert Action("no-promotion", None) in acts(state)
    assert "Promote U-MF-01 (militia infantry, reduced) to veteran infantry" in labels(state)
    assert prompt(state) == "Battle of Little Rock won by Union: promote one participant, or none"
    do(state, "promote", A)
    new = [p for p in state.pieces if p.loc == LR and p.grade == "veteran"]
    assert len(new) == 1 and new[0].arm == "inf" and new[0].side == UNION
    assert new[0].reduced is True  # AMB-20: keeps the face of the piece it replaces
    assert piece(state, A).loc == POOL and piece(state, B).loc == LR
    assert over(state) and b.winner == UNION
    assert new[0].id in b.attackers and A not in b.participants


def test_no_promotion_question_when_nothing_can_be_promoted(battle_dice):
    """B6.0: a crack piece cannot be promoted; with nothing promotable the battle just ends."""
    state = battle_state(UNION)
    put(state, LR, C, came_from="fort-smith")
    put(state, LR, "C-MF-01", reduced=True)
    battle_dice.push(6, 1)
    b = start(state, LR)
    assert over(state) and b.winner == UNION
    assert state.active == [UNION]  # the Union player turn goes on
    assert "Battle of Little Rock: Union wins" in state.log


def test_gap6_a_promotion_stopped_by_the_counter_mix_is_explained(battle_dice):
    """B6.0 needs a free counter of the next quality; the counter mix is a reconstruction
    (GAP-6), so when it alone stops a promotion the game says so instead of offering nothing:
    the Union veteran wins, but every Union crack infantry counter is already on the map."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-MF-01", reduced=True)
    for p in state.pieces:
        if p.side == UNION and p.code == "FS":
            update(state, p, loc="washington")
    battle_dice.push(6, 1)
    b = start(state, LR)
    assert over(state) and b.winner == UNION
    assert ("Battle of Little Rock won by Union: no battle promotion, no free crack infantry "
            "counter left (counter mix, GAP-6)") in state.log


def test_gap6_the_promotion_prompt_names_the_missing_counters(battle_dice):
    """GAP-6 with a militia beside the veteran: the militia may still be promoted; the prompt
    says why the veteran may not."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", A, came_from="fort-smith")
    put(state, LR, "C-MF-01", reduced=True)
    for p in state.pieces:
        if p.side == UNION and p.code == "FS":
            update(state, p, loc="washington")
    battle_dice.push(6, 1, 6)  # the CSA misses; U-FV-01 eliminates it, A's shot is wasted
    start(state, LR)
    declare(state, "U-FV-01")
    assert nouns(state, "promote") == [A]
    assert prompt(state) == ("Battle of Little Rock won by Union: promote one participant, or "
                             "none (not possible for some: no free crack infantry counter left "
                             "(counter mix, GAP-6))")


def test_eliminated_participant_cannot_be_promoted(battle_dice):
    """B6.0, AMB-20: only surviving participants of the winner may be promoted."""
    state = battle_state(UNION)
    put(state, LR, A, B, came_from="fort-smith")
    update(state, piece(state, A), reduced=True)
    put(state, LR, "C-MF-01", reduced=True)
    battle_dice.push(1, 1)  # CSA eliminates A, B eliminates C-MF-01
    b = start(state, LR)
    declare(state, A)
    assert b.winner == UNION
    assert nouns(state, "promote") == [B]


def test_declining_promotion(battle_dice):
    state = battle_state(UNION)
    put(state, LR, A, came_from="fort-smith")
    put(state, LR, "C-MF-01", reduced=True)
    battle_dice.push(6, 1)
    start(state, LR)
    do(state, "no-promotion")
    assert over(state) and piece(state, A).loc == LR
    assert piece(state, A).grade == "militia"


# --- B5.2.6 cavalry escape: TC-9 -----------------------------------------------------------------


def fort_smith_raid(state: AhdState, attacker: str = "C-FV-01") -> None:
    """TC-9: the CSA attacks Fort Smith (X) from Fayetteville (W) with infantry; Fort Smith holds
    only Union cavalry. Fort Scott (Y) is empty with no shield; Little Rock (Z) is a CSA-owned
    recruiting city."""
    put(state, "fort-smith", "U-CV-01", "U-MC-01", entrenched=True)
    put(state, "fort-smith", attacker, came_from="fayetteville")


def test_tc9_cavalry_escape():
    """TC-9, seed 5.2.6: the cavalry may retreat before any round, anywhere adjacent except an
    enemy recruiting city (Little Rock), a box with enemy pieces or the box the enemy came from
    (Fayetteville); there is no friendly-box preference, so Fort Scott (Union) and a
    neutral box are both offered; "la ritirata della Cavalleria non fa perdere una battaglia":
    no winner, no promotion."""
    state = battle_state(CSA)
    fort_smith_raid(state)
    b = start(state, "fort-smith")
    assert (state.phase, b.round, state.active) == ("escape", 0, [UNION])
    assert nouns(state, "escape") == ["fort-scott"]
    assert Action("fight", None) in acts(state)
    assert "Escape to Fort Scott (friendly)" in labels(state)
    refused(state, UNION, Action("escape", "fayetteville"))
    refused(state, UNION, Action("escape", "little-rock"))
    do(state, "escape", "fort-scott")
    assert over(state) and (b.winner, b.defenders) == ("none", [])
    for pid in ("U-CV-01", "U-MC-01"):
        p = piece(state, pid)
        assert (p.loc, p.retreated, p.entrenched) == ("fort-scott", True, False)
    assert piece(state, "C-FV-01").loc == "fort-smith"  # the attacker is left alone in the box


def test_tc9_escape_has_no_friendly_preference():
    """B5.2.6: "la Cavalleria può ritirarsi in qualsiasi riquadro adiacente" — unlike B5.2.5 a
    neutral box stays available beside a friendly one. Little Rock made neutral here."""
    state = battle_state(CSA, owners={LR: None})
    fort_smith_raid(state)
    start(state, "fort-smith")
    assert nouns(state, "escape") == sorted(["fort-scott", LR])


def test_tc9_escaped_cavalry_cannot_reinforce(battle_dice):
    """TC-9, B5.2.4, AMB-18: pieces that escaped count as retreated: in a later battle this turn
    in Springfield (adjacent to Fort Scott) they may not reinforce, a fresh piece may."""
    state = battle_state(CSA)
    fort_smith_raid(state)
    start(state, "fort-smith")
    do(state, "escape", "fort-scott")
    put(state, "fort-scott", "U-FV-05")
    put(state, "springfield-mo", "U-FV-01")
    put(state, "springfield-mo", "C-FV-02", came_from="fayetteville")
    battle_dice.push(6, 6)  # round 1 of Springfield
    start(state, "springfield-mo")
    play_on(state, asking(state, "reinforcements", UNION, round_no=2))
    assert nouns(state, "reinforce") == ["U-FV-05"]


def test_tc9_no_escape_when_the_attackers_are_all_cavalry(battle_dice):
    """TC-9, seed 5.2.6: "La Cavalleria non può ritirarsi se tutti i pezzi del nemico sono
    anch'essi solo di Cavalleria": the battle starts with round 1 and an escape is refused."""
    state = battle_state(CSA)
    fort_smith_raid(state, attacker="C-CV-01")
    battle_dice.push(6, 6)
    b = start(state, "fort-smith")
    # round 1 at once; the Union's fire was forced (one target), the CSA's is asked
    assert b.round == 1 and asking(state, "targets", CSA)(state)
    assert any(": U-CV-01 fires at C-CV-01" in line for line in shots(state))
    refused(state, UNION, Action("escape", "fort-scott"))


def test_no_escape_question_without_an_eligible_box(battle_dice):
    """B5.2.6: with Fort Scott occupied by the CSA there is nowhere to escape: no question."""
    state = battle_state(CSA)
    fort_smith_raid(state)
    put(state, "fort-scott", "C-MF-05")
    battle_dice.push(6, 6)
    b = start(state, "fort-smith")
    assert asking(state, "targets", CSA)(state) and b.round == 1


def test_cavalry_escape_declined_fights_round_1(battle_dice):
    state = battle_state(CSA)
    fort_smith_raid(state)
    b = start(state, "fort-smith")
    battle_dice.push(6, 6)
    do(state, "fight")
    assert b.round == 1 and asking(state, "targets", CSA)(state)
    assert len(shots(state)) == 2  # both Union cavalry fired at the lone attacker


# --- B5.2.4 reinforcements and B5.2.5 retreat: TC-10 ---------------------------------------------


def tc10(state: AhdState) -> None:
    """TC-10 around Little Rock (X), the Union attacking from Fort Smith. Arkansas Post (V) holds
    3 CSA pieces and 2 Union pieces (a pending battle); Newport (U) holds 2 CSA pieces;
    Shreveport holds Union pieces: one that fought this turn, one that retreated, one fresh."""
    put(state, LR, "U-FV-01", "U-FV-02", came_from="fort-smith", fought=False)
    put(state, LR, "C-FV-01", "C-FV-02")
    put(state, "arkansas-post", "C-MF-01", "C-MF-02", "C-MF-03")
    put(state, "arkansas-post", "U-MF-01", "U-MF-02", came_from="memphis")
    put(state, "newport", "C-MF-04", "C-MF-05")
    put(state, "shreveport", "U-FV-03", fought=True)
    put(state, "shreveport", "U-CV-01", retreated=True)
    put(state, "shreveport", "U-FV-04")


def test_tc10_nothing_before_round_2():
    """TC-10, seed 5.2.4 "Iniziando dal secondo round di battaglia" and 5.2.5 "A cominciare dal
    secondo round": in round 1 no reinforcement or retreat is accepted."""
    state = battle_state(UNION)
    tc10(state)
    b = start(state, LR)
    assert b.round == 1 and asking(state, "targets", CSA)(state)
    refused(state, CSA, Action("reinforce", "C-MF-04"))
    refused(state, CSA, Action("retreat", "memphis"))
    refused(state, UNION, Action("reinforce", "U-FV-04"))


def test_tc10_reinforcement_limits(battle_dice):
    """TC-10, seed 5.2.4. Attacker: not from a box with enemy pieces (Arkansas Post), not with
    pieces that already fought (U-FV-03) or retreated (U-CV-01): only U-FV-04. Defender: one
    piece per adjacent box per round; from Arkansas Post it must leave as many pieces as the enemy
    has there (the seed: "un numero di pezzi pari a quelli avversari"), so with 3 against 2 one
    may go in round 2 and none in round 3. The seed's "pezzi che hanno già combattuto una
    battaglia" carries no "this turn": it is read within the current player turn, as the
    reference does, since the `fought` mark is cleared when a player turn starts."""
    state = battle_state(UNION)
    tc10(state)
    battle_dice.push(6, 6, 6, 6)  # round 1: two shots a side
    b = start(state, LR)
    play_on(state, asking(state, "reinforcements", UNION, round_no=2))
    assert nouns(state, "reinforce") == ["U-FV-04"]
    assert "Reinforce from Shreveport: U-FV-04 (veteran infantry)" in labels(state)
    refused(state, UNION, Action("reinforce", "U-MF-01"))
    refused(state, UNION, Action("reinforce", "U-FV-03"))
    refused(state, UNION, Action("reinforce", "U-CV-01"))
    do(state, "reinforce", "U-FV-04")
    p = piece(state, "U-FV-04")
    assert (p.loc, p.came_from, p.fought, p.crossing) == (LR, "shreveport", True, False)
    assert "U-FV-04" in b.attackers and "U-FV-04" in b.participants
    assert b.attacker_origins == ["fort-smith", "shreveport"]
    # nothing else eligible for the Union: on to the defender without a question
    assert asking(state, "reinforcements", CSA)(state)
    assert nouns(state, "reinforce") == ["C-MF-01", "C-MF-02", "C-MF-03", "C-MF-04", "C-MF-05"]
    do(state, "reinforce", "C-MF-01")
    assert nouns(state, "reinforce") == ["C-MF-04", "C-MF-05"]  # one per box per round
    refused(state, CSA, Action("reinforce", "C-MF-02"))
    do(state, "reinforce", "C-MF-04")
    assert b.defender_origins == ["arkansas-post", "newport"]
    assert asking(state, "retreat", UNION)(state)  # no box left: the question ended by itself
    battle_dice.push(*[6] * 7)  # round 2: four CSA shots, three Union shots
    play_on(state, asking(state, "reinforcements", CSA, round_no=3))
    # Arkansas Post: 2 CSA against 2 Union, none may leave; Newport's last piece may
    assert nouns(state, "reinforce") == ["C-MF-05"]


def test_reinforcement_loses_entrenchment_and_crossing_from_a_blue_bank(battle_dice):
    """B5.2.4, B5.2.3, AMB-16: a reinforcement loses its entrenchment; an attacking
    reinforcement entering along a line across a blue bank (Memphis–Little Rock road) is
    crossing and the defender gets +1 against it in round 2."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01", "C-FV-02")
    put(state, "memphis", "U-FV-02", entrenched=True)
    battle_dice.push(6, 6, 6)  # round 1: two CSA shots, one Union shot
    start(state, LR)
    play_on(state, asking(state, "reinforcements", UNION, round_no=2))
    do(state, "reinforce", "U-FV-02")
    p = piece(state, "U-FV-02")
    assert (p.entrenched, p.crossing, p.came_from) == (False, True, "memphis")
    battle_dice.push(6, 6)  # round 2: the CSA's two shots
    play_on(state, asking(state, "targets", UNION, round_no=2))
    # play_on declares C-FV-01 -> U-FV-01, so C-FV-02 must cover the reinforcement
    assert "Little Rock r2: C-FV-02 fires at U-FV-02 (hits on 4 or less): 6 — miss" \
        in shots(state)


def test_tc10_retreat_in_round_2_ends_the_battle(battle_dice):
    """TC-10, seed 5.2.5 "Se un'armata si ritira, l'altro fronte vince la battaglia": the CSA
    retreats before firing in round 2 (reinforcements go with it, AMB-13); the Union wins and may
    promote a participant, the reinforcement included."""
    state = battle_state(UNION)
    tc10(state)
    battle_dice.push(6, 6, 6, 6)
    b = start(state, LR)
    play_on(state, asking(state, "reinforcements", UNION, round_no=2))
    do(state, "reinforce", "U-FV-04")
    do(state, "reinforce", "C-MF-04")
    do(state, "done")
    assert asking(state, "retreat", UNION)(state)
    do(state, "stand")
    assert asking(state, "retreat", CSA)(state)
    do(state, "retreat", "memphis")
    for pid in ("C-FV-01", "C-FV-02", "C-MF-04"):
        assert (piece(state, pid).loc, piece(state, pid).retreated) == ("memphis", True)
    assert b.defenders == [] and b.winner == UNION
    assert asking(state, "battle-promotion", UNION)(state)
    assert "U-FV-04" in nouns(state, "promote")
    do(state, "promote", "U-FV-04")
    assert piece(state, "U-FV-04").loc == SPARE and over(state)
    assert any(p.loc == LR and p.side == UNION and p.grade == "crack" for p in state.pieces)


def test_reinforcement_and_retreat_are_skipped_when_impossible(battle_dice):
    """B5.2.4, B5.2.5: nobody is asked when no piece can reinforce and no box can take a
    retreat. Every box around Little Rock holds one piece of each side (the attacker's have
    fought; the defender would have to leave its only piece), single targets make every
    declaration forced, so the battle runs by itself: the CSA hits in rounds 2 and 3 and wins."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01")
    for n, box in enumerate(["memphis", "newport", "fort-smith", "shreveport", "arkansas-post"]):
        put(state, box, f"U-MF-{n + 1:02d}", fought=True)
        put(state, box, f"C-MF-{n + 1:02d}")
    battle_dice.push(6, 6, 1, 6, 1)
    b = start(state, LR)
    assert (b.round, b.winner, state.active) == (3, CSA, [CSA])
    assert state.phase == "battle-promotion"
    assert len(shots(state)) == 5


# --- B5.2.5 retreat boxes ------------------------------------------------------------------------


def retreat_options(battle_dice, state: AhdState, box: str, side: str) -> list[str]:
    """Fight round 1 (one piece a side, both miss) and return where `side` may retreat in
    round 2."""
    battle_dice.push(6, 6)
    start(state, box)
    play_on(state, asking(state, "retreat", side, round_no=2))
    return nouns(state, "retreat")


def test_retreat_must_go_to_a_friendly_box_if_one_qualifies(battle_dice):
    """B5.2.5, seed "Se possibile, la ritirata deve essere fatta in un riquadro amico": the Union
    attacking Little Rock may retreat to Fort Smith, Newport, Shreveport or Arkansas Post (enemy,
    no shield) — but once it owns Shreveport, only there."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01")
    options = retreat_options(battle_dice, state, LR, UNION)
    assert options == sorted(["fort-smith", "newport", "shreveport", "arkansas-post"])
    assert "Retreat to Fort Smith (enemy)" in labels(state)

    state = battle_state(UNION, owners={"shreveport": UNION})
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01")
    assert retreat_options(battle_dice, state, LR, UNION) == ["shreveport"]
    assert labels(state) == ["Retreat to Shreveport (friendly)", "Stand and fight"]


def test_retreat_never_into_an_enemy_recruiting_city(battle_dice):
    """B5.2.5, seed "non deve essere una città nemica di reclutamento": Memphis (CSA, red
    shield 2) is never offered to the Union — unless the Union owns it."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01")
    assert "memphis" not in retreat_options(battle_dice, state, LR, UNION)
    refused(state, UNION, Action("retreat", "memphis"))

    state = battle_state(UNION, owners={"memphis": UNION})
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01")
    assert retreat_options(battle_dice, state, LR, UNION) == ["memphis"]


def test_the_seed_wins_a_confederate_retreat_never_enters_union_held_richmond(battle_dice):
    """B5.2.5: the retreat box «non deve essere una città nemica di reclutamento», and a
    recruiting city is «un qualsiasi riquadro che contiene un numero, sia blu che rosso»
    (B4.2.5): any box with a shield of either colour. So Union-held Richmond, whose only shield
    is red, is an enemy recruiting city for the Confederacy (the reference's reading, a shield
    of the enemy's colour, would let the CSA retreat into it: the seed wins). The Union attacks
    Fredericksburg from Manassas Junction with Culpeper held by Union pieces: with Richmond
    the Union's, the CSA has nowhere to retreat and is not asked; with Richmond its own, it may
    retreat there."""
    for richmond, expected in ((UNION, []), (CSA, ["richmond"])):
        state = battle_state(UNION, owners={"richmond": richmond})
        put(state, "fredericksburg", "U-FV-01", came_from="manassas-junction")
        put(state, "fredericksburg", "C-FV-01")
        put(state, "culpeper", "U-FV-02")
        battle_dice.push(6, 6)  # round 1: one shot a side
        b = start(state, "fredericksburg")
        play_on(state, asking(state, "retreat", UNION, round_no=2))
        if not expected:
            battle_dice.push(6, 6)  # round 2: nobody asks the CSA; one shot a side
        do(state, "stand")
        if not expected:  # round 2 was fought without asking the CSA: round 3 begins
            assert b.round == 3 and state.active == [UNION]
            assert retreat.boxes(state, b, CSA) == []
        else:
            assert asking(state, "retreat", CSA)(state)
            assert nouns(state, "retreat") == expected


def test_retreat_never_where_the_enemy_came_from(battle_dice):
    """B5.2.5, seed "non possono ritirarsi nel riquadro da cui sono arrivati i pezzi nemici",
    AMB-17: the CSA may not retreat to Fort Smith (the attack came from there) nor to a box an
    enemy reinforcement came from (Newport, emptied by it); with both sides' pieces elsewhere,
    the CSA keeps Memphis, Shreveport and Arkansas Post."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01")
    put(state, "newport", "U-FV-02")
    battle_dice.push(6, 6)
    start(state, LR)
    play_on(state, asking(state, "reinforcements", UNION, round_no=2))
    do(state, "reinforce", "U-FV-02")
    play_on(state, asking(state, "retreat", CSA, round_no=2))
    assert nouns(state, "retreat") == sorted(["memphis", "shreveport", "arkansas-post"])
    refused(state, CSA, Action("retreat", "fort-smith"))
    refused(state, CSA, Action("retreat", "newport"))


def test_csa_never_retreats_or_reinforces_along_the_potomac(battle_dice):
    """B4.2.6, AMB-57: the CSA holding a captured Washington may retreat to Manassas Junction
    but not to Fredericksburg (only the Potomac joins them), and its pieces in Fredericksburg
    may not reinforce Washington; Frederick (Union, no shield) is dropped by the friendly-box
    rule."""
    state = battle_state(UNION, owners={"washington": CSA})
    put(state, "washington", "U-FV-01", came_from="baltimore")
    put(state, "washington", "C-FV-01")
    put(state, "fredericksburg", "C-FV-02")
    put(state, "manassas-junction", "C-FV-03")
    battle_dice.push(6, 6)
    start(state, "washington")
    play_on(state, asking(state, "reinforcements", CSA, round_no=2))
    assert nouns(state, "reinforce") == ["C-FV-03"]
    refused(state, CSA, Action("reinforce", "C-FV-02"))
    do(state, "done")
    play_on(state, asking(state, "retreat", CSA, round_no=2))
    assert nouns(state, "retreat") == ["manassas-junction"]
    refused(state, CSA, Action("retreat", "fredericksburg"))


def test_union_may_retreat_along_the_potomac(battle_dice):
    """B4.2.6: the ban is the Confederacy's only: the Union attacking Fredericksburg may fall
    back to Washington (friendly) along the Potomac."""
    state = battle_state(UNION)
    put(state, "fredericksburg", "U-FV-01", came_from="manassas-junction")
    put(state, "fredericksburg", "C-FV-01")
    assert retreat_options(battle_dice, state, "fredericksburg", UNION) == ["washington"]


def test_retreat_moves_the_whole_army(battle_dice):
    """B5.2.5, B4.2.5: all the side's pieces go to one box, lose entrenchment, count as
    retreated; the other side wins."""
    state = battle_state(UNION)
    put(state, LR, "U-FV-01", "U-FV-02", came_from="fort-smith")
    put(state, LR, "C-FV-01", "C-MF-01", entrenched=True)
    battle_dice.push(6, 6, 6, 6)
    b = start(state, LR)
    play_on(state, asking(state, "retreat", CSA, round_no=2))
    do(state, "retreat", "newport")
    for pid in ("C-FV-01", "C-MF-01"):
        p = piece(state, pid)
        assert (p.loc, p.entrenched, p.retreated) == ("newport", False, True)
    assert b.winner == UNION


# --- the decision stack --------------------------------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged():
    """engine contract: a refused action raises IllegalAction and changes nothing."""
    state = battle_state(UNION)
    little_rock(state)
    start(state, LR)
    refused(state, UNION, Action("target", D))          # not the Union's decision
    refused(state, CSA, Action("target", D))            # own piece
    refused(state, CSA, Action("target", "U-MF-09"))    # not in the battle
    refused(state, CSA, Action("stand", None))           # not a retreat question
    refused(state, CSA, Action("promote", D))
    declare(state, A)
    refused(state, CSA, Action("target", A))            # AMB-15 coverage


def test_the_battle_is_frames_on_the_stack_and_survives_a_save():
    """The battle is data: a Battle frame (a step list) with the stop asking on top of it; the
    whole state, stack included, round-trips through msgspec and plays on identically."""
    state = battle_state(UNION)
    little_rock(state)
    start(state, LR)
    assert [f.__struct_config__.tag for f in state.stack] == ["player-turn", "battle", "targets"]
    again = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=AhdState)
    assert again == state and isinstance(again.stack[1], Battle)
    after = stack.act(again, FLOW, CSA, Action("target", A))
    assert after.stack[-1] == state.stack[-1]  # still the CSA's targets: E to declare
    assert after.active == [CSA] and after.battle.shots == [[D, A]]
    assert again.battle.shots == []  # act returns a new state
