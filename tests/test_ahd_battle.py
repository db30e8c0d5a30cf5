"""A House Divided battles: core/ahd/battle.py (seed B5.0–B5.2.6, battle promotion B6.0).

Rule numbers are those of the seed's basic rules (../shared/seeds/001_f551d95babcd19e5.txt,
"5.0 Battaglie", "6.0 Promozioni"); TC-n and AMB-n are the test cases and readings of the
English reference (../shared/rules/a-house-divided.md). Boxes and lines are the real board's
(maps/a_house_divided.toml): Little Rock is joined to Fort Smith (road and river, no blue bank),
Memphis (road, blue bank at both ends), Newport, Shreveport and Arkansas Post.
"""
from __future__ import annotations

import core.dice

import msgspec
import pytest

from core.ahd import battle
from core.ahd.counters import make_counters
from core.ahd.pieces import piece
from core.ahd.query import map_boxes, printed_owner
from core.ahd.state import CSA, POOL, SUPPLY, UNION, AhdState
from core.engine import Action, IllegalAction
from tests.support.ahd import put as place

LR = "little-rock"


# --- helpers ---------------------------------------------------------------------------------


def new_state(player: str = UNION, **owners: str | None) -> AhdState:
    """A campaign state with every counter in the supply and the printed owners (B9.0)."""
    owner = {box: side for box in map_boxes() if (side := printed_owner(box))}
    for box, side in owners.items():
        box = box.replace("_", "-")
        if side is None:
            owner.pop(box, None)
        else:
            owner[box] = side
    return AhdState(game="a-house-divided", scenario="campaign", pieces=make_counters(),
                    owner=owner, player=player)


class Dice:
    """Scripted dice for battle.roll_die; 6 (a miss for every value below 6) once exhausted."""

    def __init__(self, monkeypatch, *faces: int) -> None:
        self.faces = list(faces)
        self.rolled: list[int] = []
        monkeypatch.setattr(core.dice, "d6", lambda state, reason, rule: self(state))

    def __call__(self, state: AhdState) -> int:
        assert len(self.rolled) < 500, "the battle does not end"
        face = self.faces.pop(0) if self.faces else 6
        self.rolled.append(face)
        return face


def acts(state: AhdState) -> list[Action]:
    return [c.action for c in battle.choices(state)]


def labels(state: AhdState) -> list[str]:
    return [c.label for c in battle.choices(state)]


def nouns(state: AhdState, verb: str) -> set:
    return {a.noun for a in acts(state) if a.verb == verb}


def do(state: AhdState, verb: str, noun=None) -> None:
    battle.act(state, state.active[0], Action(verb, noun))


def declare(state: AhdState, *targets: str) -> None:
    for target in targets:
        do(state, "target", target)


def shots(state: AhdState) -> list[str]:
    return [line for line in state.log if " fires at " in line]


def encoded(state: AhdState) -> bytes:
    return msgspec.msgpack.encode(state)


def refused(state: AhdState, role: str, action: Action) -> None:
    """The action raises IllegalAction and leaves the state byte for byte unchanged."""
    before = encoded(state)
    with pytest.raises(IllegalAction):
        battle.act(state, role, action)
    assert encoded(state) == before


def play_on(state: AhdState, until) -> None:
    """Answer every question with 'stand' / 'done' / 'fight' / the first target until `until`."""
    for _ in range(200):
        b = state.battle
        if until(state) or b.step == "over":
            return
        if b.step.endswith("targets"):
            do(state, "target", nouns_sorted(state)[0])
        else:
            verb = {"escape": "fight", "promotion": "no-promotion"}.get(
                b.step, "done" if b.step.endswith("reinforcements") else "stand")
            do(state, verb)
    raise AssertionError("battle did not reach the wanted point")


def nouns_sorted(state: AhdState) -> list:
    return sorted(a.noun for a in acts(state))


def at_step(step: str, round_no: int):
    return lambda s: s.battle.step == step and s.battle.round == round_no


# --- B5.1 fire: TC-6, TC-7, TC-8 ---------------------------------------------------------------


def little_rock(state: AhdState) -> None:
    """TC-8: Union A, B (militia infantry) and C (crack infantry) came from Fort Smith;
    Little Rock holds the CSA's D (veteran infantry) and E (militia infantry)."""
    place(state, LR, "U-MF-01", "U-MF-02", "U-FS-01", came_from="fort-smith")
    place(state, LR, "C-FV-01", "C-MF-01")


A, B, C, D, E = "U-MF-01", "U-MF-02", "U-FS-01", "C-FV-01", "C-MF-01"


def test_tc8_little_rock_round_1(monkeypatch):
    """TC-8, seed 5.0 "Esempio di Combattimento": the South fires first (D→A, E→C; dice 4, 1:
    D misses, E needs 1 against the crack infantry and reduces C); then the North declares
    A, B → D and C → E after seeing those results (the seed: "Ora tocca al Nord e decide...";
    its sentence "all'inizio di un round" is read through this example, AMB-14) and rolls
    A = 5 (miss), B = 1 (D reduced), C = 2 (a reduced C still fires at 3: E reduced).
    Declarations go in id order, so the Union's dice are rolled C, A, B."""
    state = new_state(UNION)
    little_rock(state)
    dice = Dice(monkeypatch, 4, 1, 2, 5, 1)
    battle.begin(state, LR)
    b = state.battle
    assert (b.attacker, b.defender, b.round, b.step) == (UNION, CSA, 1, "defender-targets")
    assert b.attacker_origins == ["fort-smith"]
    assert sorted(b.participants) == sorted([A, B, C, D, E])
    assert all(piece(state, pid).fought for pid in (A, B, C, D, E))
    assert state.active == [CSA]
    assert battle.prompt(state) == ("Battle of Little Rock, round 1 — Confederate fire: "
                                    "choose the target of C-FV-01 (veteran infantry)")
    declare(state, A)   # D -> A
    # AMB-15: 2 firers against 3 targets need 2 distinct targets: E may not also take A
    assert nouns(state, "target") == {B, C}
    declare(state, C)   # E -> C
    assert state.active == [UNION] and b.step == "attacker-targets"
    declare(state, E, D, D)  # C -> E, A -> D, B -> D
    assert dice.rolled == [4, 1, 2, 5, 1]
    assert shots(state) == [
        "Little Rock r1: C-FV-01 fires at U-MF-01 (needs 3): 4 — miss",
        "Little Rock r1: C-MF-01 fires at U-FS-01 (needs 1): 1 — hit, reduced",
        "Little Rock r1: U-FS-01 fires at C-MF-01 (needs 3): 2 — hit, reduced",
        "Little Rock r1: U-MF-01 fires at C-FV-01 (needs 2): 5 — miss",
        "Little Rock r1: U-MF-02 fires at C-FV-01 (needs 2): 1 — hit, reduced",
    ]
    reduced = {pid: piece(state, pid).reduced for pid in (A, B, C, D, E)}
    assert reduced == {A: False, B: False, C: True, D: True, E: True}
    # end of round 1: the battle goes on to round 2, where retreat becomes possible
    assert b.round == 2 and b.winner == "" and b.step == "attacker-retreat"


def test_tc8_declaring_every_union_shot_at_d_is_rejected(monkeypatch):
    """TC-8 targeting check, seed 5.1 "ogni pezzo nemico deve essere obiettivo di almeno un
    pezzo (se possibile)": 3 Union firers against D and E must cover both, so once two firers
    chose D the third may only choose E; A, B, C → D is refused and changes nothing."""
    state = new_state(UNION)
    little_rock(state)
    Dice(monkeypatch, 6, 6)
    battle.begin(state, LR)
    declare(state, A, B)  # the CSA fire: both miss
    assert state.battle.step == "attacker-targets"
    declare(state, D, D)  # C -> D, A -> D
    assert nouns(state, "target") == {E}
    refused(state, UNION, Action("target", D))
    assert state.battle.shots == [[C, D], [A, D]]


def test_tc6_declared_targets_cannot_change(monkeypatch):
    """TC-6, seed 5.1 "Esempio": three militia fire at one veteran, the only enemy piece; the
    first two hits (dice 1, 2) eliminate it and the third militia must still fire at it (die 6),
    uselessly. With a single enemy the declaration is forced and done automatically."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-MF-01", "C-MF-02", "C-MF-03")
    dice = Dice(monkeypatch, 1, 2, 6)
    battle.begin(state, LR)
    assert dice.rolled == [1, 2, 6]
    assert "Little Rock r1: Confederate targets (only one possible): C-MF-01 → U-FV-01, " \
           "C-MF-02 → U-FV-01, C-MF-03 → U-FV-01" in state.log
    assert shots(state) == [
        "Little Rock r1: C-MF-01 fires at U-FV-01 (needs 2): 1 — hit, reduced",
        "Little Rock r1: C-MF-02 fires at U-FV-01 (needs 2): 2 — hit, eliminated",
        "Little Rock r1: C-MF-03 fires at U-FV-01 (already eliminated): 6 — wasted",
    ]
    assert piece(state, "U-FV-01").loc == SUPPLY  # B5.1: a veteran goes back to the supply
    b = state.battle
    assert b.attackers == [] and b.winner == CSA
    # no declaration can be changed or added once the fire is resolved
    refused(state, CSA, Action("target", "U-FV-01"))


def test_declared_target_stays_when_an_earlier_shot_eliminates_it(monkeypatch):
    """B5.1 / TC-6 with a choice: two CSA pieces both declared at a reduced A; the first shot
    eliminates A, the second is wasted, it does not move on to B."""
    state = new_state(UNION)
    place(state, LR, A, B, came_from="fort-smith")
    piece(state, A).reduced = True
    place(state, LR, "C-FV-01", "C-FV-02", "C-FV-03")
    Dice(monkeypatch, 1, 1, 6)
    battle.begin(state, LR)
    declare(state, A, A)  # 3 firers, 2 targets: the first two may both take A ...
    assert nouns(state, "target") == {B}  # ... then B must be covered
    declare(state, B)
    assert shots(state)[:2] == [
        "Little Rock r1: C-FV-01 fires at U-MF-01 (needs 3): 1 — hit, eliminated",
        "Little Rock r1: C-FV-02 fires at U-MF-01 (already eliminated): 1 — wasted",
    ]
    assert piece(state, B).reduced is False and piece(state, A).loc == POOL


def one_shot(monkeypatch, state, attacker_die=6, defender_die=6):
    """Fight round 1 of the battle in Little Rock with forced targets; return the shot lines."""
    Dice(monkeypatch, defender_die, attacker_die)
    battle.begin(state, LR)
    return shots(state)


@pytest.mark.parametrize("die, result", [(2, "hit, reduced"), (3, "miss")])
def test_tc7a_veteran_cavalry_hits_on_1_2(monkeypatch, die, result):
    """TC-7 a, seed 5.1: "se spara una Cavalleria di veterani, colpisce se il giocatore ottiene
    un 1 o un 2". (The attacker is cavalry too, so the defending cavalry cannot escape.)"""
    state = new_state(UNION)
    place(state, LR, "U-MC-01", came_from="fort-smith")
    place(state, LR, "C-CV-01")
    lines = one_shot(monkeypatch, state, defender_die=die)
    assert lines[0] == f"Little Rock r1: C-CV-01 fires at U-MC-01 (needs 2): {die} — {result}"


@pytest.mark.parametrize("die, result", [(2, "hit, reduced"), (3, "miss")])
def test_tc7b_veteran_infantry_at_entrenched_target(monkeypatch, die, result):
    """TC-7 b, seed 5.2.1: veteran infantry firing at an entrenched enemy has value 2."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-MF-01", entrenched=True)
    lines = one_shot(monkeypatch, state, attacker_die=die)
    assert lines[1] == f"Little Rock r1: U-FV-01 fires at C-MF-01 (needs 2): {die} — {result}"


def test_tc7b_permanent_entrenchment_counts(monkeypatch):
    """B4.2.5, B5.2.1: a piece in an owned permanent entrenchment (Washington) is entrenched
    without a marker; the CSA veteran infantry attacking from Manassas Junction needs 2."""
    state = new_state(CSA)
    place(state, "washington", "U-MF-01")
    place(state, "washington", "C-FV-01", came_from="manassas-junction")
    Dice(monkeypatch, 6, 2)
    battle.begin(state, "washington")
    assert shots(state)[1] == ("Washington r1: C-FV-01 fires at U-MF-01 (needs 2): "
                               "2 — hit, reduced")


def test_tc7c_militia_cavalry_cannot_hit_entrenched(monkeypatch):
    """TC-7 c, seed 5.2.1: "la Milizia di Cavalleria non può colpire i nemici trincerati"."""
    state = new_state(UNION)
    place(state, LR, "U-MC-01", came_from="fort-smith")
    place(state, LR, "C-FV-01", entrenched=True)
    lines = one_shot(monkeypatch, state, attacker_die=1)
    assert lines[1] == "Little Rock r1: U-MC-01 fires at C-FV-01 (cannot hit): 1 — miss"
    assert piece(state, "C-FV-01").reduced is False


def test_tc7d_entrenched_crack_infantry(monkeypatch):
    """TC-7 d, seed 5.2.2: against entrenched crack infantry (−2) militia infantry, militia
    cavalry and veteran cavalry never hit; veteran infantry hits only on 1."""
    state = new_state(UNION)
    place(state, LR, "U-CV-01", "U-FV-01", "U-MC-01", "U-MF-01", came_from="fort-smith")
    place(state, LR, "C-FS-01", entrenched=True)
    Dice(monkeypatch, 6, 1, 1, 1, 1)
    battle.begin(state, LR)
    declare(state, "U-CV-01")
    assert shots(state)[1:] == [
        "Little Rock r1: U-CV-01 fires at C-FS-01 (cannot hit): 1 — miss",
        "Little Rock r1: U-FV-01 fires at C-FS-01 (needs 1): 1 — hit, reduced",
        "Little Rock r1: U-MC-01 fires at C-FS-01 (cannot hit): 1 — miss",
        "Little Rock r1: U-MF-01 fires at C-FS-01 (cannot hit): 1 — miss",
    ]


@pytest.mark.parametrize("die, result", [(2, "hit, reduced"), (3, "miss")])
def test_tc7d_crack_infantry_at_crack_infantry(monkeypatch, die, result):
    """TC-7 d, seed 5.2.2: "anche la Fanteria di Sfondamento quando spara contro un'altra
    Fanteria di Sfondamento": 3 − 1 = 2."""
    state = new_state(UNION)
    place(state, LR, "U-FS-01", came_from="fort-smith")
    place(state, LR, "C-FS-01")
    lines = one_shot(monkeypatch, state, defender_die=die)
    assert lines[0] == f"Little Rock r1: C-FS-01 fires at U-FS-01 (needs 2): {die} — {result}"


def test_tc7e_river_crossing_bonus_rounds_1_and_2_only(monkeypatch):
    """TC-7 e, seed 5.2.3: in the defender's first two battle rounds (not later) its veteran
    infantry fires at 4 at an attacker crossing the river; in round 3 at 3. The Union came from
    Memphis, whose road enters Little Rock across a blue bank."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="memphis", crossing=True)
    place(state, LR, "C-FV-01")
    Dice(monkeypatch, 4)
    battle.begin(state, LR)
    play_on(state, at_step("attacker-retreat", 4))
    mine = [line for line in shots(state) if ": C-FV-01 fires" in line]
    assert mine == [
        "Little Rock r1: C-FV-01 fires at U-FV-01 (needs 4): 4 — hit, reduced",
        "Little Rock r2: C-FV-01 fires at U-FV-01 (needs 4): 6 — miss",
        "Little Rock r3: C-FV-01 fires at U-FV-01 (needs 3): 6 — miss",
    ]
    # the attacker's own fire never gets the bonus
    assert "Little Rock r1: U-FV-01 fires at C-FV-01 (needs 3): 6 — miss" in shots(state)


def test_tc7f_crossing_crack_infantry_cancels(monkeypatch):
    """TC-7 f, seed 5.2.3: "quando spara ad una Fanteria di Sfondamento che sta attraversando
    un fiume" the +1 and −1 cancel: 3 + 1 − 1 = 3."""
    state = new_state(UNION)
    place(state, LR, "U-FS-01", came_from="memphis", crossing=True)
    place(state, LR, "C-FV-01")
    lines = one_shot(monkeypatch, state, defender_die=3)
    assert lines[0] == "Little Rock r1: C-FV-01 fires at U-FS-01 (needs 3): 3 — hit, reduced"


def test_tc7g_naval_invasion_counts_as_crossing(monkeypatch):
    """TC-7 g, seed 5.2.3 "Un'Invasione Navale conta come un attacco attraverso un fiume": the
    defender gets +1 against invaders (movement marks them crossing, with no origin box), and an
    invasion excludes no retreat box (AMB-17)."""
    state = new_state(UNION)
    place(state, "charleston", "U-FV-01", came_from="", crossing=True)
    place(state, "charleston", "C-MF-01")
    Dice(monkeypatch, 3)
    battle.begin(state, "charleston")
    assert state.battle.attacker_origins == []
    assert shots(state)[0] == ("Charleston r1: C-MF-01 fires at U-FV-01 (needs 3): "
                               "3 — hit, reduced")


def test_target_label_and_prompt(monkeypatch):
    """B5.2.2, B5.2.3: the choice names the target, its state and the number needed; a
    reduced crossing crack infantry under militia cavalry fire needs 1 − 1 + 1 = 1."""
    state = new_state(UNION)
    place(state, LR, "U-FS-01", "U-MF-01", came_from="memphis", crossing=True)
    piece(state, "U-FS-01").reduced = True
    place(state, LR, "C-MC-01")
    Dice(monkeypatch)
    battle.begin(state, LR)
    do(state, "fight")  # B5.2.6: the lone cavalry could escape; it stays
    assert labels(state) == [
        "Fire at U-FS-01 — Union crack infantry, reduced, crossing (needs 1)",
        "Fire at U-MF-01 — Union militia infantry, crossing (needs 2)",
    ]
    assert all(c.group == "battle" for c in battle.choices(state))


def test_a_firer_with_one_legal_target_is_still_asked(monkeypatch):
    """B5.1: declaring is the player's act; only a side with one possible assignment overall
    (a single enemy piece) declares automatically."""
    state = new_state(UNION)
    little_rock(state)
    Dice(monkeypatch)
    battle.begin(state, LR)
    declare(state, A)
    assert state.battle.step == "defender-targets" and len(acts(state)) == 2
    declare(state, B)
    declare(state, D, D)
    assert acts(state) == [Action("target", E)]  # B's only legal target, still a question
    assert state.active == [UNION]


# --- B5.0 end of the battle and B6.0 battle promotion -------------------------------------------


def test_attacker_wins_and_promotes_a_militia_tc12(monkeypatch):
    """B5.0 end, B6.0 / TC-12, seed 6.0 "Ogni volta che un giocatore vince una battaglia ... può
    promuovere immediatamente uno dei pezzi che hanno partecipato": the CSA reduces A (die 1),
    A's shot (die 1) eliminates the reduced defender and B's is wasted; the Union wins and
    promotes A: a veteran infantry takes its place and its reduced face, and the militia counter
    goes back to the pool."""
    state = new_state(UNION)
    place(state, LR, A, B, came_from="fort-smith")
    place(state, LR, "C-MF-01", reduced=True)
    Dice(monkeypatch, 1, 1)
    battle.begin(state, LR)
    declare(state, A)
    b = state.battle
    assert b.winner == UNION and b.step == "promotion" and state.active == [UNION]
    assert piece(state, "C-MF-01").loc == POOL  # B5.1: an eliminated militia goes to the pool
    assert nouns(state, "promote") == {A, B}
    assert Action("no-promotion", None) in acts(state)
    assert "Promote U-MF-01 (militia infantry, reduced) to veteran infantry" in labels(state)
    assert battle.prompt(state) == ("Battle of Little Rock won by Union: promote one "
                                    "participant, or none")
    do(state, "promote", A)
    new = [p for p in state.pieces if p.loc == LR and p.grade == "veteran"]
    assert len(new) == 1 and new[0].arm == "inf" and new[0].side == UNION
    assert new[0].reduced is True  # AMB-20: keeps the face of the piece it replaces
    assert piece(state, A).loc == POOL and piece(state, B).loc == LR
    assert b.step == "over" and b.winner == UNION
    assert new[0].id in b.attackers and A not in b.participants


def test_no_promotion_question_when_nothing_can_be_promoted(monkeypatch):
    """B6.0: a crack piece cannot be promoted; with nothing promotable the battle just ends."""
    state = new_state(UNION)
    place(state, LR, C, came_from="fort-smith")
    place(state, LR, "C-MF-01", reduced=True)
    Dice(monkeypatch, 6, 1)
    battle.begin(state, LR)
    assert state.battle.step == "over" and state.battle.winner == UNION


def test_eliminated_participant_cannot_be_promoted(monkeypatch):
    """B6.0, AMB-20: only surviving participants of the winner may be promoted."""
    state = new_state(UNION)
    place(state, LR, A, B, came_from="fort-smith")
    piece(state, A).reduced = True
    place(state, LR, "C-MF-01", reduced=True)
    Dice(monkeypatch, 1, 1)  # CSA eliminates A, B eliminates C-MF-01
    battle.begin(state, LR)
    declare(state, A)
    assert state.battle.winner == UNION
    assert nouns(state, "promote") == {B}


def test_declining_promotion(monkeypatch):
    state = new_state(UNION)
    place(state, LR, A, came_from="fort-smith")
    place(state, LR, "C-MF-01", reduced=True)
    Dice(monkeypatch, 6, 1)
    battle.begin(state, LR)
    do(state, "no-promotion")
    assert state.battle.step == "over" and piece(state, A).loc == LR
    assert piece(state, A).grade == "militia"


# --- B5.2.6 cavalry escape: TC-9 -----------------------------------------------------------------


def fort_smith_raid(state: AhdState, attacker: str = "C-FV-01") -> None:
    """TC-9: the CSA attacks Fort Smith (X) from Fayetteville (W) with infantry; Fort Smith holds
    only Union cavalry. Fort Scott (Y) is empty with no shield; Little Rock (Z) is a CSA-owned
    recruiting city."""
    place(state, "fort-smith", "U-CV-01", "U-MC-01", entrenched=True)
    place(state, "fort-smith", attacker, came_from="fayetteville")


def test_tc9_cavalry_escape(monkeypatch):
    """TC-9, seed 5.2.6: the cavalry may retreat before any round, anywhere adjacent except an
    enemy recruiting city (Little Rock), a box with enemy pieces or the box the enemy came from
    (Fayetteville); there is no friendly-box preference, so Fort Scott (Union) and a
    neutral box are both offered; "la ritirata della Cavalleria non fa perdere una battaglia":
    no winner, no promotion."""
    state = new_state(CSA)
    fort_smith_raid(state)
    Dice(monkeypatch)
    battle.begin(state, "fort-smith")
    b = state.battle
    assert (b.step, b.round, state.active) == ("escape", 0, [UNION])
    assert nouns(state, "escape") == {"fort-scott"}
    assert Action("fight", None) in acts(state)
    assert "Escape to Fort Scott (friendly)" in labels(state)
    refused(state, UNION, Action("escape", "fayetteville"))
    refused(state, UNION, Action("escape", "little-rock"))
    do(state, "escape", "fort-scott")
    assert (b.step, b.winner, b.defenders) == ("over", "none", [])
    for pid in ("U-CV-01", "U-MC-01"):
        p = piece(state, pid)
        assert (p.loc, p.retreated, p.entrenched) == ("fort-scott", True, False)
    assert piece(state, "C-FV-01").loc == "fort-smith"  # the attacker is left alone in the box


def test_tc9_escape_has_no_friendly_preference():
    """B5.2.6: "la Cavalleria può ritirarsi in qualsiasi riquadro adiacente" — unlike B5.2.5 a
    neutral box stays available beside a friendly one. Little Rock made neutral here."""
    state = new_state(CSA, little_rock=None)
    fort_smith_raid(state)
    battle.begin(state, "fort-smith")
    assert nouns(state, "escape") == {"fort-scott", LR}


def test_tc9_escaped_cavalry_cannot_reinforce(monkeypatch):
    """TC-9, B5.2.4, AMB-18: pieces that escaped count as retreated: in a later battle this turn
    in Springfield (adjacent to Fort Scott) they may not reinforce, a fresh piece may."""
    state = new_state(CSA)
    fort_smith_raid(state)
    Dice(monkeypatch)
    battle.begin(state, "fort-smith")
    do(state, "escape", "fort-scott")
    place(state, "fort-scott", "U-FV-05")
    state.battle = None
    place(state, "springfield-mo", "U-FV-01")
    place(state, "springfield-mo", "C-FV-02", came_from="fayetteville")
    battle.begin(state, "springfield-mo")
    play_on(state, at_step("defender-reinforcements", 2))
    assert nouns(state, "reinforce") == {"U-FV-05"}


def test_tc9_no_escape_when_the_attackers_are_all_cavalry(monkeypatch):
    """TC-9, seed 5.2.6: "La Cavalleria non può ritirarsi se tutti i pezzi del nemico sono
    anch'essi solo di Cavalleria": the battle starts with round 1 and an escape is refused."""
    state = new_state(CSA)
    fort_smith_raid(state, attacker="C-CV-01")
    Dice(monkeypatch)
    battle.begin(state, "fort-smith")
    # round 1 at once; the Union's fire was forced (one target), the CSA's is asked
    assert state.battle.round == 1 and state.battle.step == "attacker-targets"
    assert any(": U-CV-01 fires at C-CV-01" in line for line in shots(state))
    refused(state, UNION, Action("escape", "fort-scott"))


def test_no_escape_question_without_an_eligible_box(monkeypatch):
    """B5.2.6: with Fort Scott occupied by the CSA there is nowhere to escape: no question."""
    state = new_state(CSA)
    fort_smith_raid(state)
    place(state, "fort-scott", "C-MF-05")
    Dice(monkeypatch)
    battle.begin(state, "fort-smith")
    assert state.battle.step == "attacker-targets" and state.battle.round == 1


def test_cavalry_escape_declined_fights_round_1(monkeypatch):
    state = new_state(CSA)
    fort_smith_raid(state)
    Dice(monkeypatch)
    battle.begin(state, "fort-smith")
    do(state, "fight")
    assert state.battle.round == 1 and state.battle.step == "attacker-targets"
    assert len(shots(state)) == 2  # both Union cavalry fired at the lone attacker


# --- B5.2.4 reinforcements and B5.2.5 retreat: TC-10 ---------------------------------------------


def tc10(state: AhdState) -> None:
    """TC-10 around Little Rock (X), the Union attacking from Fort Smith. Arkansas Post (V) holds
    3 CSA pieces and 2 Union pieces (a pending battle); Newport (U) holds 2 CSA pieces;
    Shreveport holds Union pieces: one that fought this turn, one that retreated, one fresh."""
    place(state, LR, "U-FV-01", "U-FV-02", came_from="fort-smith", fought=False)
    place(state, LR, "C-FV-01", "C-FV-02")
    place(state, "arkansas-post", "C-MF-01", "C-MF-02", "C-MF-03")
    place(state, "arkansas-post", "U-MF-01", "U-MF-02", came_from="memphis")
    place(state, "newport", "C-MF-04", "C-MF-05")
    place(state, "shreveport", "U-FV-03", fought=True)
    place(state, "shreveport", "U-CV-01", retreated=True)
    place(state, "shreveport", "U-FV-04")


def test_tc10_nothing_before_round_2(monkeypatch):
    """TC-10, seed 5.2.4 "Iniziando dal secondo round di battaglia" and 5.2.5 "A cominciare dal
    secondo round": in round 1 no reinforcement or retreat is accepted."""
    state = new_state(UNION)
    tc10(state)
    Dice(monkeypatch)
    battle.begin(state, LR)
    assert state.battle.round == 1 and state.battle.step == "defender-targets"
    refused(state, CSA, Action("reinforce", "C-MF-04"))
    refused(state, CSA, Action("retreat", "memphis"))
    refused(state, UNION, Action("reinforce", "U-FV-04"))


def test_tc10_reinforcement_limits(monkeypatch):
    """TC-10, seed 5.2.4. Attacker: not from a box with enemy pieces (Arkansas Post), not with
    pieces that already fought (U-FV-03) or retreated (U-CV-01): only U-FV-04. Defender: one
    piece per adjacent box per round; from Arkansas Post it must leave as many pieces as the enemy
    has there (the seed: "un numero di pezzi pari a quelli avversari"), so with 3 against 2 one
    may go in round 2 and none in round 3. The seed's "pezzi che hanno già combattuto una
    battaglia" carries no "this turn": it is read within the current player turn, as the
    reference does, since the `fought` mark is cleared when a player turn starts."""
    state = new_state(UNION)
    tc10(state)
    Dice(monkeypatch)
    battle.begin(state, LR)
    play_on(state, at_step("attacker-reinforcements", 2))
    b = state.battle
    assert state.active == [UNION]
    assert nouns(state, "reinforce") == {"U-FV-04"}
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
    assert b.step == "defender-reinforcements" and state.active == [CSA]
    assert nouns(state, "reinforce") == {"C-MF-01", "C-MF-02", "C-MF-03", "C-MF-04", "C-MF-05"}
    do(state, "reinforce", "C-MF-01")
    assert nouns(state, "reinforce") == {"C-MF-04", "C-MF-05"}  # one per box per round
    refused(state, CSA, Action("reinforce", "C-MF-02"))
    do(state, "reinforce", "C-MF-04")
    assert b.defender_origins == ["arkansas-post", "newport"]
    assert b.step == "attacker-retreat"  # no box left: the step ends by itself
    play_on(state, at_step("defender-reinforcements", 3))
    # Arkansas Post: 2 CSA against 2 Union, none may leave; Newport's last piece may
    assert nouns(state, "reinforce") == {"C-MF-05"}


def test_reinforcement_loses_entrenchment_and_crossing_from_a_blue_bank(monkeypatch):
    """B5.2.4, B5.2.3, AMB-16: a reinforcement loses its entrenchment; an attacking
    reinforcement entering along a line across a blue bank (Memphis–Little Rock road) is
    crossing and the defender gets +1 against it in round 2."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01", "C-FV-02")
    place(state, "memphis", "U-FV-02", entrenched=True)
    Dice(monkeypatch)
    battle.begin(state, LR)
    play_on(state, at_step("attacker-reinforcements", 2))
    do(state, "reinforce", "U-FV-02")
    p = piece(state, "U-FV-02")
    assert (p.entrenched, p.crossing, p.came_from) == (False, True, "memphis")
    play_on(state, at_step("attacker-targets", 2))
    # play_on declares C-FV-01 -> U-FV-01, so C-FV-02 must cover the reinforcement
    assert "Little Rock r2: C-FV-02 fires at U-FV-02 (needs 4): 6 — miss" in shots(state)


def test_tc10_retreat_in_round_2_ends_the_battle(monkeypatch):
    """TC-10, seed 5.2.5 "Se un'armata si ritira, l'altro fronte vince la battaglia": the CSA
    retreats before firing in round 2 (reinforcements go with it, AMB-13); the Union wins and may
    promote a participant, the reinforcement included."""
    state = new_state(UNION)
    tc10(state)
    Dice(monkeypatch)
    battle.begin(state, LR)
    play_on(state, at_step("attacker-reinforcements", 2))
    do(state, "reinforce", "U-FV-04")
    do(state, "reinforce", "C-MF-04")
    do(state, "done")
    assert state.battle.step == "attacker-retreat"
    do(state, "stand")
    assert state.battle.step == "defender-retreat" and state.active == [CSA]
    do(state, "retreat", "memphis")
    b = state.battle
    for pid in ("C-FV-01", "C-FV-02", "C-MF-04"):
        assert (piece(state, pid).loc, piece(state, pid).retreated) == ("memphis", True)
    assert b.defenders == [] and b.winner == UNION and b.step == "promotion"
    assert "U-FV-04" in nouns(state, "promote")
    do(state, "promote", "U-FV-04")
    assert piece(state, "U-FV-04").loc == SUPPLY and b.step == "over"
    assert any(p.loc == LR and p.side == UNION and p.grade == "crack" for p in state.pieces)


def test_reinforcement_and_retreat_are_skipped_when_impossible(monkeypatch):
    """B5.2.4, B5.2.5: nobody is asked when no piece can reinforce and no box can take a
    retreat. Every box around Little Rock holds one piece of each side (the attacker's have
    fought; the defender would have to leave its only piece), single targets make every
    declaration forced, so the battle runs by itself: the CSA hits in rounds 2 and 3 and wins."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01")
    for n, box in enumerate(["memphis", "newport", "fort-smith", "shreveport", "arkansas-post"]):
        place(state, box, f"U-MF-{n + 1:02d}", fought=True)
        place(state, box, f"C-MF-{n + 1:02d}")
    Dice(monkeypatch, 6, 6, 1, 6, 1)
    battle.begin(state, LR)
    b = state.battle
    assert (b.round, b.step, b.winner, state.active) == (3, "promotion", CSA, [CSA])
    assert len(shots(state)) == 5


# --- B5.2.5 retreat boxes ------------------------------------------------------------------------


def retreat_options(monkeypatch, state, box, step) -> set:
    Dice(monkeypatch)
    battle.begin(state, box)
    play_on(state, at_step(step, 2))
    return nouns(state, "retreat")


def test_retreat_must_go_to_a_friendly_box_if_one_qualifies(monkeypatch):
    """B5.2.5, seed "Se possibile, la ritirata deve essere fatta in un riquadro amico": the Union
    attacking Little Rock may retreat to Fort Smith, Newport, Shreveport or Arkansas Post (enemy,
    no shield) — but once it owns Shreveport, only there."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01")
    options = retreat_options(monkeypatch, state, LR, "attacker-retreat")
    assert options == {"fort-smith", "newport", "shreveport", "arkansas-post"}
    assert "Retreat to Fort Smith (enemy)" in labels(state)

    state = new_state(UNION, shreveport=UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01")
    assert retreat_options(monkeypatch, state, LR, "attacker-retreat") == {"shreveport"}
    assert labels(state) == ["Retreat to Shreveport (friendly)", "Stand and fight"]


def test_retreat_never_into_an_enemy_recruiting_city(monkeypatch):
    """B5.2.5, seed "non deve essere una città nemica di reclutamento": Memphis (CSA, red
    shield 2) is never offered to the Union — unless the Union owns it."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01")
    assert "memphis" not in retreat_options(monkeypatch, state, LR, "attacker-retreat")
    refused(state, UNION, Action("retreat", "memphis"))

    state = new_state(UNION, memphis=UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01")
    assert retreat_options(monkeypatch, state, LR, "attacker-retreat") == {"memphis"}


def test_retreat_never_where_the_enemy_came_from(monkeypatch):
    """B5.2.5, seed "non possono ritirarsi nel riquadro da cui sono arrivati i pezzi nemici",
    AMB-17: the CSA may not retreat to Fort Smith (the attack came from there) nor to a box an
    enemy reinforcement came from (Newport, emptied by it); with both sides' pieces elsewhere,
    the CSA keeps Memphis, Shreveport and Arkansas Post."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", came_from="fort-smith")
    place(state, LR, "C-FV-01")
    place(state, "newport", "U-FV-02")
    Dice(monkeypatch)
    battle.begin(state, LR)
    play_on(state, at_step("attacker-reinforcements", 2))
    do(state, "reinforce", "U-FV-02")
    play_on(state, at_step("defender-retreat", 2))
    assert nouns(state, "retreat") == {"memphis", "shreveport", "arkansas-post"}
    refused(state, CSA, Action("retreat", "fort-smith"))
    refused(state, CSA, Action("retreat", "newport"))


def test_csa_never_retreats_or_reinforces_along_the_potomac(monkeypatch):
    """B4.2.6, AMB-57: the CSA holding a captured Washington may retreat to Manassas Junction
    but not to Fredericksburg (only the Potomac joins them), and its pieces in Fredericksburg
    may not reinforce Washington; Frederick (Union, no shield) is dropped by the friendly-box
    rule."""
    state = new_state(UNION, washington=CSA)
    place(state, "washington", "U-FV-01", came_from="baltimore")
    place(state, "washington", "C-FV-01")
    place(state, "fredericksburg", "C-FV-02")
    place(state, "manassas-junction", "C-FV-03")
    Dice(monkeypatch)
    battle.begin(state, "washington")
    play_on(state, lambda s: s.battle.round == 2 and s.active == [CSA])
    assert state.battle.step == "defender-reinforcements"
    assert nouns(state, "reinforce") == {"C-FV-03"}
    refused(state, CSA, Action("reinforce", "C-FV-02"))
    do(state, "done")
    play_on(state, at_step("defender-retreat", 2))
    assert nouns(state, "retreat") == {"manassas-junction"}
    refused(state, CSA, Action("retreat", "fredericksburg"))


def test_union_may_retreat_along_the_potomac(monkeypatch):
    """B4.2.6: the ban is the Confederacy's only: the Union attacking Fredericksburg may fall
    back to Washington (friendly) along the Potomac."""
    state = new_state(UNION)
    place(state, "fredericksburg", "U-FV-01", came_from="manassas-junction")
    place(state, "fredericksburg", "C-FV-01")
    assert retreat_options(monkeypatch, state, "fredericksburg",
                           "attacker-retreat") == {"washington"}


def test_retreat_moves_the_whole_army(monkeypatch):
    """B5.2.5, B4.2.5: all the side's pieces go to one box, lose entrenchment, count as
    retreated; the other side wins."""
    state = new_state(UNION)
    place(state, LR, "U-FV-01", "U-FV-02", came_from="fort-smith")
    place(state, LR, "C-FV-01", "C-MF-01", entrenched=True)
    Dice(monkeypatch)
    battle.begin(state, LR)
    play_on(state, at_step("defender-retreat", 2))
    do(state, "retreat", "newport")
    for pid in ("C-FV-01", "C-MF-01"):
        p = piece(state, pid)
        assert (p.loc, p.entrenched, p.retreated) == ("newport", False, True)
    assert state.battle.winner == UNION


# --- IllegalAction -------------------------------------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged(monkeypatch):
    """engine contract: a refused action raises IllegalAction and changes nothing."""
    state = new_state(UNION)
    little_rock(state)
    Dice(monkeypatch)
    battle.begin(state, LR)
    refused(state, UNION, Action("target", D))          # not the Union's decision
    refused(state, CSA, Action("target", D))            # own piece
    refused(state, CSA, Action("target", "U-MF-09"))    # not in the battle
    refused(state, CSA, Action("stand", None))           # not a retreat step
    refused(state, CSA, Action("promote", D))
    declare(state, A)
    refused(state, CSA, Action("target", A))            # AMB-15 coverage
    state.battle.step = "over"
    refused(state, CSA, Action("target", B))            # battle finished
