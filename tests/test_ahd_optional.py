"""A House Divided, optional rules O2.1-O4.4 ("Regole Opzionali": neutral, pro-Union and
pro-Confederate rules), each a New Game option, tested by number.

Rule numbers are the seed's optional-rules numbers (../shared/seeds/001_f551d95babcd19e5.txt,
"Regole Opzionali e Scenari" 2.1-4.4, written O2.1 ... as in the English reference
../shared/rules/a-house-divided.md); TC-n and AMB-n are the reference's test cases and readings.
Each docstring quotes the seed's own paragraph; where the reference says more than the seed, the
seed was read first and the reading chosen is in docs/ahd-decisions.md ("Optional rules").
Boxes and lines are the real board's (maps/a_house_divided.toml).
"""
from __future__ import annotations

import pytest

from core.ahd import flow, movement
from core.ahd import query as q
from core.ahd.calendar import label, militia_enlisted, turn_of
from core.ahd.options import OPTIONS
from core.ahd.state import ASIDE, CSA, INFANTRY, MILITIA, POOL, SPARE, UNION, AhdState
from core.engine import Action
from tests.support.ahd import (RULES, act, assert_illegal, destinations, Dice, in_player_turn,
                               labels, march, marches_left, movement_phase, new_match, piece,
                               place, promotion_of, promotion_phase, recruiting_of,
                               recruiting_phase, relocate, roll_into_turn, route, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)
from tests.support.battle import (asking, battle_dice,  # noqa: F401  (the strict battle dice)
                                  do, play_on, prompt, shots, start)
from tests.support.battle import battle_state as new_battle_state
from tests.support.battle import nouns as battle_nouns
from tests.support.battle import refused as refused_as

OPTIONAL = {
    "crack_fast_march": ("O2.1", "neutral"),
    "battlefield_targeting": ("O2.2", "neutral"),
    "naval_retreat": ("O3.1", "pro-Union"),
    "union_rail_bonus": ("O3.2", "pro-Union"),
    "historical_recruiting": ("O3.3", "pro-Union"),
    "increased_union_forces": ("O3.4", "pro-Union"),
    "first_turn_restrictions": ("O4.1", "pro-Confederate"),
    "fort_monroe": ("O4.2", "pro-Confederate"),
    "southern_training": ("O4.3", "pro-Confederate"),
    "draft_riots": ("O4.4", "pro-Confederate"),
}
WORDS = {"neutral": "Neutral rule (O2)", "pro-Union": "Pro-Union rule (O3)",
         "pro-Confederate": "Pro-Confederate rule (O4)"}


# --- helpers -----------------------------------------------------------------------------------


def battle_state(player: str = UNION, turn: int = 2, **options: object) -> AhdState:
    """A state in `player`'s turn with every counter in the supply and the printed owners
    (B9.0), for battles (tests/support/battle.py)."""
    return new_battle_state(player, turn=turn, **options)


def put(state: AhdState, box: str, *ids: str, **marks: object) -> None:
    for pid in ids:
        relocate(state, pid, box, **marks)


def nouns(state: AhdState, verb: str) -> set:
    return set(battle_nouns(state, verb))


def refused(state: AhdState, verb: str, noun: str | None = None) -> None:
    """The battle action raises IllegalAction and leaves the state byte for byte unchanged."""
    refused_as(state, state.active[0], Action(verb, noun))


def play_to(state: AhdState, tag: str, side: str, round_no: int = 2) -> None:
    """Answer every battle question plainly (fight, first target, done, stand) until the stop
    `tag` asks `side` in round `round_no`."""
    play_on(state, asking(state, tag, side, round_no))


def union_militia_available(state: AhdState) -> int:
    """Union militia infantry on the map or in the pool (B8.0, TC-14)."""
    return sum(1 for p in state.pieces if p.side == UNION and p.arm == INFANTRY
               and p.grade == MILITIA and p.loc not in (ASIDE, SPARE))


def recruiting(m, side: str, die: int, dice: Dice, pool=()) -> AhdState:
    """From `side`'s promotion segment, pass, and roll `die` for recruiting (B7.0)."""
    state = promotion_phase(m, side)
    for pid in pool:
        relocate(state, pid, POOL)
    dice.push(die)
    act(m, side, "pass")
    return st(m)


def next_game_turn(m, dice: Dice, turn: int, move_die: int = 3) -> AhdState:
    """End the Confederate player turn of `turn - 1` through the flow: game turn `turn` starts
    (enlistment, B8.0 / O4.4) and the Union rolls `move_die` for movement."""
    recruiting_phase(m, CSA, turn=turn - 1)
    dice.push(move_die)
    act(m, CSA, "end-recruiting")
    state = st(m)
    assert (state.turn, state.player) == (turn, UNION)
    return state


# --- the options themselves (O1.0) ------------------------------------------------------------


def test_o1_0_every_optional_rule_is_an_independent_new_game_option():
    """O1.0: 'Esse sono indipendenti tra loro, e sono state divise tra regole Pro-Unione,
    Pro-Confederazione oppure neutrali': one switch each, off by default, its label citing the
    rule, its balance class in .balance and in the help the player reads."""
    specs = {spec.key: spec for spec in OPTIONS}
    for key, (number, balance) in OPTIONAL.items():
        spec = specs[key]
        assert spec.default is False
        assert f"({number})" in spec.label
        assert spec.balance == balance
        assert spec.help.startswith(WORDS[balance])
    assert specs["increased_union_forces_from"].choices == ("january", "april")
    state = st(new_match())
    assert not any(getattr(state.options, key) for key in OPTIONAL)
    on = st(new_match(**{key: True for key in OPTIONAL}))
    assert RULES.view(on, None).tracks["Rules"] == (
        "basic + O2.1 + O2.2 + O3.1 + O3.2 + O3.3 + O3.4 + O4.1 + O4.2 + O4.3 + O4.4")


async def test_o1_0_the_new_game_screen_shows_each_rule_its_help_and_balance(tmp_path,
                                                                             monkeypatch):
    """The player chooses the optional rules on the New Game screen, which shows each one's
    label (with its rule number), help text and balance class."""
    from tui.app import MusterApp
    from tui.screens.newgame import NewGameScreen

    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    app = MusterApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen(RULES.id))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = " ".join(str(w.render()) for w in screen.query("Label, Static, Checkbox"))
        for spec in OPTIONS:
            if spec.key in OPTIONAL:
                assert spec.label in text and spec.help in text and f"[{spec.balance}]" in text


# --- O2.1 crack infantry --------------------------------------------------------------------


def test_o2_1_crack_infantry_moves_road_and_rail_like_the_tc_3_cavalry():
    """O2.1: 'per il movimento trattate la Fanteria di Sfondamento come se fosse una
    Cavalleria ... Essi possono spostarsi di due riquadri su strada e ferrovia (amica o nemica),
    e possono combinare il movimento su strada e ferrovia nella stessa marcia'. TC-3's cavalry
    went Shreveport -> Monroe (road) -> Vicksburg (rail) in one march: so does a crack
    infantry, not a veteran one, and not without the option."""
    m = new_match(crack_fast_march=True)
    state = movement_phase(m, CSA, marches=2)
    fs = place(state, CSA, "FS", "shreveport")[0]
    fv = place(state, CSA, "FV", "shreveport")[0]
    assert "vicksburg" in destinations(state, fs.id)
    assert route(state, fs.id, "vicksburg").path == ("shreveport", "monroe", "vicksburg")
    assert "vicksburg" not in destinations(state, fv.id)
    march(m, CSA, "shreveport", (fs.id, "vicksburg"))
    assert piece(st(m), fs.id).loc == "vicksburg" and marches_left(st(m)) == 1
    basic = new_match()
    state = movement_phase(basic, CSA, marches=2)
    fs = place(state, CSA, "FS", "shreveport")[0]
    assert "vicksburg" not in destinations(state, fs.id)
    act(basic, CSA, "march", "shreveport")
    act(basic, CSA, "piece", fs.id)
    assert_illegal(basic, CSA, "space", "vicksburg")


def test_o2_1_non_friendly_railway_and_road_two_boxes():
    """O2.1: 'ferrovia (amica o nemica)': a Union crack infantry goes Harper's Ferry -> Winchester
    (Confederate railway) -> Staunton (road) in one march; infantry is held to 1 box there."""
    m = new_match(crack_fast_march=True)
    state = movement_phase(m, UNION, marches=2)
    fs = place(state, UNION, "FS", "harpers-ferry")[0]
    assert {"winchester", "staunton", "hagerstown", "front-royal"} <= destinations(state, fs.id)
    assert "staunton" not in destinations(state, "U-MF-08")
    off = new_match()
    state = movement_phase(off, UNION, marches=2)
    fs = place(state, UNION, "FS", "harpers-ferry")[0]
    assert "staunton" not in destinations(state, fs.id)


def test_o2_1_no_cavalry_jump_but_the_union_river_jump_stays():
    """O2.1: 'ma essi non possono fare il Movimento di Salto della Cavalleria'. With a Union
    piece in Monroe, the CSA cavalry jumps to Vicksburg (B4.2.1), the crack infantry may not.
    A Union crack infantry still jumps downstream Evansville -> Paducah -> Cairo past a CSA
    piece (B4.2.2 is not a cavalry jump), and never mixes river with road (all-river)."""
    m = new_match(crack_fast_march=True)
    state = movement_phase(m, CSA, marches=2)
    fs = place(state, CSA, "FS", "shreveport")[0]
    cv = place(state, CSA, "CV", "shreveport")[0]
    place(state, UNION, "FV", "monroe")
    assert "vicksburg" in destinations(state, cv.id)
    assert route(state, cv.id, "vicksburg").jump
    assert "vicksburg" not in destinations(state, fs.id)
    state = movement_phase(m, UNION, marches=2)
    ufs = place(state, UNION, "FS", "evansville")[0]
    place(state, CSA, "FV", "paducah")
    assert route(state, ufs.id, "cairo").jump
    relocate(state, ufs.id, "cairo")
    assert "cape-girardeau" in destinations(state, ufs.id)
    assert "ironton" not in destinations(state, ufs.id)  # river then road: never mixed


# --- O2.2 battlefield targeting ---------------------------------------------------------------


LR = "little-rock"


def test_o2_2_cavalry_declares_first_at_enemy_cavalry_and_infantry_not_at_it():
    """O2.2: 'La Cavalleria, tuttavia, deve sparare alla Cavalleria nemica'; 'I pezzi della
    Fanteria non possono sparare alla Cavalleria nemica che è stata già selezionata in quel round
    come obiettivo'. The CSA defends Little Rock with a veteran infantry and a militia cavalry
    against a Union militia infantry and veteran cavalry: the cavalry declares first (though its
    id sorts after the infantry's) and may only take the Union cavalry; the infantry may then
    not take that cavalry. Without O2.2 the infantry declares first, free to take either."""
    state = battle_state(battlefield_targeting=True)
    put(state, LR, "U-MF-01", "U-CV-01", came_from="fort-smith")
    put(state, LR, "C-FV-01", "C-MC-01")
    b = start(state, LR)
    assert state.phase == "targets" and state.active == [CSA]
    assert b.firers == ["C-MC-01", "C-FV-01"]
    assert "O2.2" in prompt(state)
    assert nouns(state, "target") == {"U-CV-01"}
    refused(state, "target", "U-MF-01")
    do(state, "target", "U-CV-01")
    assert nouns(state, "target") == {"U-MF-01"}
    refused(state, "target", "U-CV-01")
    basic = battle_state()
    put(basic, LR, "U-MF-01", "U-CV-01", came_from="fort-smith")
    put(basic, LR, "C-FV-01", "C-MC-01")
    b = start(basic, LR)
    assert b.firers == ["C-FV-01", "C-MC-01"]
    assert nouns(basic, "target") == {"U-MF-01", "U-CV-01"}


def test_o2_2_infantry_may_leave_enemy_cavalry_and_concentrate_on_infantry(battle_dice):
    """O2.2: 'la Fanteria può scegliere di ignorare i pezzi nemici scelti come obiettivo, ed
    invece iniziare a concentrarsi sui pezzi di Fanteria' (AMB-31: the B5.1 duty to target every
    enemy piece no longer covers enemy cavalry; enemy infantry is still covered before doubling
    up). Three Union militia against two CSA militia and a veteran cavalry: the second may not
    double up while C-MF-02 is uncovered; the third may double up, where B5.1 would force it
    onto the cavalry."""
    state = battle_state(battlefield_targeting=True)
    put(state, LR, "U-MF-01", "U-MF-02", "U-MF-03", came_from="fort-smith")
    put(state, LR, "C-MF-01", "C-MF-02", "C-CV-01")
    battle_dice.push(6, 6, 6)  # the CSA's three shots
    b = start(state, LR)
    play_to(state, "targets", UNION, round_no=1)
    do(state, "target", "C-MF-01")
    assert nouns(state, "target") == {"C-MF-02", "C-CV-01"}
    do(state, "target", "C-MF-02")
    assert nouns(state, "target") == {"C-MF-01", "C-MF-02", "C-CV-01"}
    battle_dice.push(6, 6, 6)  # the Union's three shots
    do(state, "target", "C-MF-01")
    assert b.round == 2  # the Union fire was resolved: C-CV-01 was never a target
    assert not [line for line in shots(state) if "fires at C-CV-01" in line]
    basic = battle_state()
    put(basic, LR, "U-MF-01", "U-MF-02", "U-MF-03", came_from="fort-smith")
    put(basic, LR, "C-MF-01", "C-MF-02", "C-CV-01")
    battle_dice.push(6, 6, 6)
    start(basic, LR)
    play_to(basic, "targets", UNION, round_no=1)
    do(basic, "target", "C-MF-01")
    do(basic, "target", "C-MF-02")
    assert nouns(basic, "target") == {"C-CV-01"}  # B5.1: every enemy piece must be a target


def test_o2_2_infantry_facing_only_chosen_cavalry_holds_its_fire(battle_dice):
    """O2.2: infantry may not fire at enemy cavalry already chosen as a target. Three Union
    militia against a lone CSA cavalry: one of them takes it, the other two have no target they
    may take and hold their fire (one Union die, not three as under B5.1's TC-6)."""
    state = battle_state(battlefield_targeting=True)
    put(state, LR, "U-MF-01", "U-MF-02", "U-MF-03", came_from="fort-smith")
    put(state, LR, "C-CV-01")
    b = start(state, LR)
    do(state, "fight")                     # B5.2.6: the cavalry could have escaped
    battle_dice.push(6, 6)
    do(state, "target", "U-MF-01")         # the CSA cavalry: no Union cavalry, free
    assert battle_dice.rolled == [6, 6]
    assert "Little Rock r1: U-MF-02, U-MF-03 cannot fire: no target allowed (O2.2 "\
           "battlefield targeting)" in state.log
    assert "Little Rock r1: Union targets: U-MF-01 → C-CV-01" in state.log
    assert b.round == 2


def test_o2_2_cavalry_fires_freely_once_every_enemy_cavalry_is_a_target(battle_dice):
    """O2.2: 'la Cavalleria non può coalizzarsi sulla Cavalleria o sulla Fanteria nemica fino a
    che nel round corrente ogni pezzo di Cavalleria non è stato selezionato come obiettivo'.
    Two Union cavalry against a CSA cavalry and two militia: the first must take the cavalry;
    then every enemy cavalry is a target and the second may take anything, even the cavalry
    again (B5.1 would force a militia not yet covered)."""
    state = battle_state(battlefield_targeting=True)
    put(state, LR, "U-CV-01", "U-CV-02", came_from="fort-smith")
    put(state, LR, "C-CV-01", "C-MF-01", "C-MF-02")
    # the CSA's cavalry takes one Union cavalry, C-MF-01 the other; C-MF-02 holds its fire
    battle_dice.push(6, 6)
    start(state, LR)
    play_to(state, "targets", UNION, round_no=1)
    assert "Little Rock r1: C-MF-02 cannot fire: no target allowed (O2.2 battlefield " \
           "targeting)" in state.log
    assert nouns(state, "target") == {"C-CV-01"}
    do(state, "target", "C-CV-01")
    assert nouns(state, "target") == {"C-CV-01", "C-MF-01", "C-MF-02"}
    basic = battle_state()
    put(basic, LR, "U-CV-01", "U-CV-02", came_from="fort-smith")
    put(basic, LR, "C-CV-01", "C-MF-01", "C-MF-02")
    battle_dice.push(6, 6, 6)
    start(basic, LR)
    play_to(basic, "targets", UNION, round_no=1)
    do(basic, "target", "C-CV-01")
    assert nouns(basic, "target") == {"C-MF-01", "C-MF-02"}


# --- O3.1 naval retreat -----------------------------------------------------------------------


def invaded_charleston(battle_dice, **options: object) -> AhdState:
    """Two Union militia landed at Charleston by a naval invasion (B4.2.4) against one CSA
    militia; round 1 is fought (the militia's shot, then the Union's two, all missing) and the
    battle has reached the Union's retreat question of round 2."""
    state = battle_state(**options)
    put(state, "charleston", "U-MF-01", "U-MF-02", sailed=True, crossing=True)
    put(state, "charleston", "C-MF-04")
    battle_dice.push(6, 6, 6)
    start(state, "charleston")
    play_to(state, "retreat", UNION)
    return state


def test_o3_1_union_invaders_retreat_by_sea_to_washington(battle_dice):
    """O3.1: 'Se in un porto sudista avviene una battaglia come risultato di un'invasione
    navale ..., le truppe dell'Unione possono ritirarsi raggruppandosi a Washington'. A normal
    retreat (B5.2.5, from round 2, all pieces, the CSA wins), whatever the adjacency; since a
    friendly box (Washington) is then at hand, B5.2.5 rules out the non-friendly land boxes."""
    state = invaded_charleston(battle_dice, naval_retreat=True)
    b = state.battle
    assert b.invasion
    assert nouns(state, "retreat-by-sea") == {"washington"}
    assert nouns(state, "retreat") == set()
    do(state, "retreat-by-sea", "washington")
    assert b.winner == CSA and b.attackers == []
    assert {piece(state, pid).loc for pid in ("U-MF-01", "U-MF-02")} == {"washington"}
    assert all(piece(state, pid).retreated for pid in ("U-MF-01", "U-MF-02"))
    assert any("Union retreats by sea (O3.1) to Washington" in line for line in state.log)
    basic = invaded_charleston(battle_dice)
    assert nouns(basic, "retreat-by-sea") == set() and nouns(basic, "retreat")


def test_o3_1_union_garrison_attacked_in_a_southern_port(battle_dice):
    """O3.1: '... o di un attacco Confederato in un presidio nordista': the Union garrison of
    Pensacola (a port in Florida, printed blue: a Southern port by AMB-34) attacked by the CSA
    may retreat by sea; the garrison of Baltimore (Maryland) may not."""
    for box, origin, by_sea in (("pensacola", "montgomery", True),
                                ("baltimore", "frederick", False)):
        state = battle_state(CSA, naval_retreat=True)
        put(state, box, "U-MF-01")
        put(state, box, "C-MF-01", "C-MF-02", came_from=origin)
        battle_dice.push(6, 6, 6)  # round 1: the Union's shot, the CSA's two
        start(state, box)
        play_to(state, "retreat", UNION)
        assert (nouns(state, "retreat-by-sea") == {"washington"}) is by_sea, box


def test_o3_1_amb_34_no_naval_retreat_after_a_land_attack_or_with_washington_lost(battle_dice):
    """O3.1 covers battles from a naval invasion or a CSA attack on a Union garrison: a Union
    attack by land on Charleston gives no retreat by sea; nor does an invasion while Washington
    holds CSA pieces or is not the Union's (AMB-34)."""
    state = battle_state(naval_retreat=True)
    put(state, "charleston", "U-MF-01", "U-MF-02", came_from="port-royal")
    put(state, "charleston", "C-MF-04")
    battle_dice.push(6, 6, 6)
    start(state, "charleston")
    play_to(state, "retreat", UNION)
    assert nouns(state, "retreat-by-sea") == set()
    state = battle_state(naval_retreat=True)
    put(state, "washington", "C-MF-05")
    put(state, "charleston", "U-MF-01", "U-MF-02", sailed=True, crossing=True)
    put(state, "charleston", "C-MF-04")
    battle_dice.push(6, 6, 6)
    start(state, "charleston")
    play_to(state, "retreat", UNION)
    assert nouns(state, "retreat-by-sea") == set()
    refused(state, "retreat-by-sea", "washington")


# --- O3.2 Union railway bonus -----------------------------------------------------------------


def test_o3_2_three_boxes_along_friendly_railway_tc_2():
    """O3.2: 'Se si spostano interamente lungo una linea ferroviaria amica, i pezzi dell'Unione
    possono muovere di tre riquadri per ogni marcia'. TC-2's Evansville militia goes by rail
    through Bloomington and Indianapolis on to Chicago in one march (all Union-owned); without
    the option it stops at Indianapolis."""
    m = new_match(union_rail_bonus=True)
    state = movement_phase(m, UNION, marches=2)
    mf = relocate(state, "U-MF-04", "evansville")
    reach = destinations(state, mf.id)
    assert {"chicago", "cincinnati", "dayton"} <= reach
    assert route(state, mf.id, "chicago").path == ("evansville", "bloomington", "indianapolis",
                                                   "chicago")
    act(m, UNION, "march", "evansville")
    act(m, UNION, "piece", mf.id)
    assert "To Chicago (3 boxes by friendly rail, O3.2)" in [c.label for c in m.actions(UNION)]
    act(m, UNION, "space", "chicago")
    state = st(m)
    assert piece(state, mf.id).loc == "chicago" and marches_left(state) == 1
    assert piece(state, mf.id).marches == 1
    off = new_match()
    state = movement_phase(off, UNION, marches=2)
    relocate(state, "U-MF-04", "evansville")
    assert "chicago" not in destinations(state, "U-MF-04")
    assert "indianapolis" in destinations(state, "U-MF-04")


def test_o3_2_amb_6_every_segment_friendly_and_never_mixed_with_road():
    """AMB-6: a 3-box move needs every segment friendly: with Indianapolis in Confederate hands
    Chicago is out of reach. Every 3-box route offered runs on friendly railway only (a cavalry
    march mixing road and rail keeps its limit of 2)."""
    m = new_match(union_rail_bonus=True)
    state = movement_phase(m, UNION, marches=2)
    state.owner["indianapolis"] = CSA
    relocate(state, "U-MF-04", "evansville")
    assert "chicago" not in destinations(state, "U-MF-04")
    cv = place(state, UNION, "CV", "harpers-ferry")[0]
    for pid in (cv.id, "U-MF-01", "U-MF-08"):
        for r in movement.routes(state, piece(state, pid)).values():
            if len(r.path) == 4:
                links = [link for a, b in zip(r.path, r.path[1:])
                         for other, link in q.adjacent(a) if other == b]
                assert any(movement.friendly_rail(state, link, UNION) for link in links)
                assert all(state.owner.get(box) == UNION for box in r.path), r


def test_o3_2_only_union_pieces():
    """O3.2 is 'dell'Unione': the CSA's Vicksburg -> Jackson -> Meridian -> Mobile, all
    Confederate railway, stays out of reach."""
    m = new_match(union_rail_bonus=True)
    state = movement_phase(m, CSA, marches=2)
    mf = place(state, CSA, "FV", "vicksburg")[0]
    assert "meridian" in destinations(state, mf.id)
    assert "mobile" not in destinations(state, mf.id)


def test_o3_2_amb_55_a_cavalry_jump_inside_the_move(monkeypatch):
    """AMB-55: every Union piece type; a cavalry jump inside the move follows B4.2.1. With a CSA
    militia in Bloomington (still Union-owned) the Union cavalry jumps it to Chicago; infantry
    cannot pass; enemy cavalry there forbids the jump."""
    m = new_match(union_rail_bonus=True)
    state = movement_phase(m, UNION, marches=2)
    cv = place(state, UNION, "CV", "evansville")[0]
    relocate(state, "U-MF-04", "evansville")
    relocate(state, "C-MF-01", "bloomington")      # both ways to Indianapolis are held
    relocate(state, "C-MF-02", "terre-haute")
    assert route(state, cv.id, "chicago").jump
    assert route(state, cv.id, "chicago").path[-2:] == ("indianapolis", "chicago")
    assert "chicago" not in destinations(state, "U-MF-04")
    assert "bloomington" in destinations(state, "U-MF-04")  # it may only stop there
    relocate(state, "C-MF-01", SPARE)
    relocate(state, "C-MF-02", SPARE)
    relocate(state, "C-MC-01", "bloomington")
    place(state, CSA, "CV", "terre-haute")
    assert "chicago" not in destinations(state, cv.id)


# --- O3.3 historical recruiting ---------------------------------------------------------------


UNION_POOL = [f"U-MF-{n}" for n in range(13, 21)]
CSA_POOL = ["C-MF-09", "C-MF-10", "C-MF-11"]


@pytest.mark.parametrize("side, die, count", [
    (UNION, 1, 3), (UNION, 2, 3), (UNION, 3, 3), (UNION, 4, 4), (UNION, 5, 5), (UNION, 6, 6),
    (CSA, 1, 2), (CSA, 2, 2), (CSA, 3, 3), (CSA, 4, 4), (CSA, 5, 4), (CSA, 6, 4)])
def test_o3_3_t8_historical_recruiting_rows(dice: Dice, side, die, count):
    """O3.3: 'L'Unione può reclutare tre Milizie per turno, anche se il risultato del dado è 1
    o 2. Il giocatore Confederato non può reclutare più di quattro Milizie per turno, anche se
    il risultato del dado è 5 o 6' (T8, player aid 'Reclutamento Storico')."""
    m = new_match(historical_recruiting=True)
    state = recruiting(m, side, die, dice, pool=UNION_POOL if side == UNION else CSA_POOL)
    assert (recruiting_of(state).die, recruiting_of(state).left) == (die, count)
    assert any("O3.3" in line for line in state.log[-2:])


def test_o3_3_two_recruits_in_cities_of_value_three_or_more(dice: Dice):
    """O3.3: 'Entrambe i giocatori possono piazzare fino a due nuovi pezzi di Milizia reclutata
    all'interno delle città di reclutamento che hanno un valore di 3 o più' (own-colour shield,
    AMB-56): Chicago (blue 3) takes two Union militia, Toledo (blue 1) one; Richmond (red 3)
    two Confederate ones, Atlanta (red 2) one."""
    m = new_match(historical_recruiting=True)
    recruiting(m, UNION, 6, dice, pool=UNION_POOL)
    act(m, UNION, "recruit-infantry", "chicago")
    act(m, UNION, "recruit-infantry", "chicago")
    assert_illegal(m, UNION, "recruit-infantry", "chicago")
    act(m, UNION, "recruit-infantry", "toledo")
    assert_illegal(m, UNION, "recruit-infantry", "toledo")
    assert "two in cities of value 3+ (O3.3)" in m.view(UNION).prompt
    c = new_match(historical_recruiting=True)
    recruiting(c, CSA, 4, dice, pool=CSA_POOL)
    act(c, CSA, "recruit-infantry", "richmond")
    act(c, CSA, "recruit-infantry", "richmond")
    assert_illegal(c, CSA, "recruit-cavalry", "richmond")
    act(c, CSA, "recruit-infantry", "atlanta")
    assert_illegal(c, CSA, "recruit-cavalry", "atlanta")
    basic = new_match()
    recruiting(basic, UNION, 6, dice, pool=UNION_POOL)
    act(basic, UNION, "recruit-infantry", "chicago")
    assert_illegal(basic, UNION, "recruit-infantry", "chicago")


# --- O3.4 increased Union forces -----------------------------------------------------------------


def test_tc_19_o3_4_may_1864_mas_35_allows_47_pieces(dice: Dice):
    """O3.4 / TC-19: 'se nel maggio (05) 1864 il massimo dell'armata nordista è 35, ci potranno
    essere in gioco fino a 47 unità nordiste'. The Union, with 46 pieces in play, recruits one
    more and no other; its MAS stays 35 (victory compares MAS, B11.0)."""
    m = new_match(increased_union_forces=True)
    state = st(m)
    state.turn = turn_of("May", 1864)
    state.owner["louisville"] = UNION           # MAS 34 + 1 = 35
    place(state, UNION, "FV", "chicago", n=24)
    place(state, UNION, "FS", "chicago", n=6)
    place(state, UNION, "CV", "chicago", n=4)
    assert q.mas(state, UNION) == 35 and q.army_limit(state, UNION) == 47
    assert q.in_play(state, UNION) == 46
    recruiting(m, UNION, 6, dice, pool=UNION_POOL)
    act(m, UNION, "recruit-infantry", "toledo")
    assert labels(m, UNION) == ["end-recruiting"]
    state = st(m)
    assert q.in_play(state, UNION) == 47 and q.mas(state, UNION) == 35
    tracks = RULES.view(state, None).tracks
    assert tracks["Union MAS"] == 35 and tracks["Union army limit (O3.4)"] == "47 = MAS 35 + 12"
    off = new_match()
    state = st(off)
    state.turn = turn_of("May", 1864)
    state.owner["louisville"] = UNION
    place(state, UNION, "FV", "chicago", n=24)
    dice.push(3)                                # the CSA movement die; no Union recruiting die
    rolled = len(dice.rolled)
    promotion_phase(off, UNION)
    act(off, UNION, "pass")
    assert dice.rolled[rolled:] == [3] and st(off).player == CSA


def test_o3_4_amb_32_calendar_years_or_april_enlistments():
    """O3.4: 'Dopo il primo turno ... quattro pezzi in più ... Dopo il secondo turno ... altri
    quattro e dopo il terzo altri quattro ancora' (AMB-32: calendar years, +4 from January 1862,
    +8 from January 1863, +12 from January 1864; the April-enlistment reading is a choice)."""
    state = st(new_match(increased_union_forces=True))
    steps = {}
    for turn in range(1, 41):
        state.turn = turn
        steps[label(turn)] = q.union_force_increase(state)
    assert steps["Jul 1861"] == steps["Nov-Dec 1861"] == 0
    assert steps["Jan-Feb 1862"] == steps["Nov-Dec 1862"] == 4
    assert steps["Jan-Feb 1863"] == steps["Nov-Dec 1863"] == 8
    assert steps["Jan-Feb 1864"] == steps["May 1864"] == steps["Jun 1865"] == 12
    april = st(new_match(increased_union_forces=True, increased_union_forces_from="april"))
    for turn, extra in ((7, 0), (8, 4), (17, 4), (18, 8), (27, 8), (28, 12), (29, 12)):
        april.turn = turn
        assert q.union_force_increase(april) == extra, label(turn)
    off = st(new_match())
    off.turn = 29
    assert q.union_force_increase(off) == 0 and q.army_limit(off, UNION) == q.mas(off, UNION)
    assert q.army_limit(state, CSA) == q.mas(state, CSA)


# --- O4.1 first-turn restrictions -------------------------------------------------------------


def test_tc_2_o4_1_no_kentucky_and_one_river_box_on_turn_1(dice: Dice):
    """O4.1: 'nel turno uno ... Nessun pezzo può entrare nel Kentucky (in nessun riquadro
    bianco). Sui fiumi, un pezzo può spostarsi solo di un riquadro per marcia'. TC-2 variant:
    on turn 1 the Evansville militia may not enter Paducah (Kentucky) nor go on to Cairo; its
    rail move to Indianapolis stands; Louisville and Bowling Green are closed too. Cairo ->
    Cape Girardeau -> St. Louis (2 river boxes) shrinks to Cape Girardeau, cavalry included.
    On turn 2 all of it is open again."""
    m = new_match(first_turn_restrictions=True)
    state = st(m)
    assert state.turn == 1 and marches_left(state) == 2
    assert any("O4.1" in line for line in state.log)
    relocate(state, "U-MF-04", "evansville")
    mc = place(state, UNION, "MC", "cairo")[0]
    relocate(state, "U-MF-05", "cairo")
    reach = destinations(state, "U-MF-04")
    assert {"bloomington", "indianapolis", "terre-haute"} <= reach
    assert not reach & {"paducah", "cairo", "louisville", "bowling-green"}
    for pid in ("U-MF-05", mc.id):
        reach = destinations(state, pid)
        assert "cape-girardeau" in reach and not reach & {"paducah", "columbus-ky"}
        ways = movement.entries(state, piece(state, pid))
        assert "cape-girardeau" not in ways["st-louis"]  # by rail via Centralia only
        assert not [r for w in ways.values() for r in w.values()
                    if r.last.kind == "river" and len(r.path) > 2]
    act(m, UNION, "march", "evansville")
    act(m, UNION, "piece", "U-MF-04")
    assert_illegal(m, UNION, "space", "paducah")
    state = movement_phase(m, UNION, marches=2, turn=2)
    assert {"paducah", "cairo", "louisville"} <= destinations(state, "U-MF-04")
    assert "cape-girardeau" in movement.entries(state, piece(state, "U-MF-05"))["st-louis"]
    basic = st(new_match())
    relocate(basic, "U-MF-04", "evansville")
    assert "paducah" in destinations(basic, "U-MF-04")


def test_o4_1_binds_the_confederacy_too_and_no_union_naval_move():
    """O4.1 holds for both sides: no CSA piece enters Kentucky on turn 1 (Forts Henry and
    Donelson -> Paducah, Bowling Green). 'L'Unione non può fare nessun movimento navale': a
    Union militia that began turn 1 in New York may not sail."""
    m = new_match(first_turn_restrictions=True)
    state = st(m)
    relocate(state, "U-MF-04", "new-york")
    assert not any(lab.startswith("sail") for lab in labels(m, UNION))
    assert_illegal(m, UNION, "sail", "U-MF-04")
    assert RULES.view(state, None).tracks["First-turn restrictions (O4.1)"]
    state = in_player_turn(m, CSA, flow.movement_segment, turn=1)
    mf = place(state, CSA, "FV", "forts-henry-and-donelson")[0]
    reach = destinations(state, mf.id)
    assert "nashville" in reach and not reach & {"paducah", "bowling-green"}
    basic = new_match()
    relocate(st(basic), "U-MF-04", "new-york")
    assert "sail U-MF-04" in labels(basic, UNION)


def test_o4_1_amb_58_no_escape_or_retreat_into_kentucky_on_turn_1(battle_dice):
    """AMB-58: retreats and escapes move along a line 'subject to the Potomac ban and O4.1'.
    A Union cavalry attacked in Cairo on turn 1 may escape to Centralia only, not to Paducah or
    Columbus (Kentucky); a Union infantry there with Centralia held by the CSA has no retreat
    at all; on turn 2 both Kentucky boxes are open."""
    for turn, escapes in ((1, {"centralia"}), (2, {"centralia", "paducah", "columbus-ky"})):
        state = battle_state(CSA, turn=turn, first_turn_restrictions=True)
        put(state, "cairo", "U-MC-01")
        put(state, "cairo", "C-MF-01", came_from="cape-girardeau")
        start(state, "cairo")
        assert nouns(state, "escape") == escapes
    for turn in (1, 2):
        state = battle_state(CSA, turn=turn, first_turn_restrictions=True)
        put(state, "cairo", "U-MF-01")
        put(state, "centralia", "C-MF-02")
        put(state, "cairo", "C-MF-01", came_from="cape-girardeau")
        battle_dice.push(6, 6)  # round 1: one shot a side
        b = start(state, "cairo")
        play_to(state, "retreat", CSA)
        if turn == 1:
            battle_dice.push(6, 6)  # round 2 is fought without a Union question
        do(state, "stand")
        if turn == 2:
            assert state.phase == "retreat" and state.active == [UNION]
            assert nouns(state, "retreat") == {"paducah", "columbus-ky"}
        else:  # no box to retreat to: the Union is not asked, round 3 begins
            assert b.round == 3 and state.active == [CSA]


# --- O4.2 Fort Monroe ---------------------------------------------------------------------------


def test_o4_2_no_invasion_of_yorktown_or_norfolk_while_the_csa_holds_fort_monroe(dice: Dice):
    """O4.2: 'Se i Confederati controllano Fort Monroe, allora il giocatore dell'Unione non può
    invadere sia Yorktown e Norfolk (AMB-54: neither). Naturalmente, l'Unione può invadere Fort
    Monroe.' With a 6 on the movement die (B4.2.4)."""
    m = new_match(fort_monroe=True)
    st(m).owner["fort-monroe"] = CSA
    roll_into_turn(m, UNION, dice, move_die=6)
    acts = labels(m, UNION)
    assert "invade fort-monroe" in acts and "invade charleston" in acts
    assert "invade yorktown" not in acts and "invade norfolk" not in acts
    assert_illegal(m, UNION, "invade", "yorktown")
    assert_illegal(m, UNION, "invade", "norfolk")
    assert "Confederate" in RULES.view(st(m), None).tracks["Fort Monroe (O4.2)"]
    held = new_match(fort_monroe=True)                # Fort Monroe the Union's: no restriction
    roll_into_turn(held, UNION, dice, move_die=6)
    assert {"invade yorktown", "invade norfolk"} <= set(labels(held, UNION))
    basic = new_match()
    st(basic).owner["fort-monroe"] = CSA
    roll_into_turn(basic, UNION, dice, move_die=6)
    assert {"invade yorktown", "invade norfolk"} <= set(labels(basic, UNION))


# --- O4.3 southern training -------------------------------------------------------------------


def csa_promotion(m, dice: Dice, *rolls: int, lost: int = 0) -> AhdState:
    """The CSA ends movement on turn 2 with nothing to fight: its promotion segment, with
    `lost` FV/FS already eliminated this game turn and `rolls` scripted."""
    state = movement_phase(m, CSA, marches=1, turn=2)
    state.csa_infantry_lost = lost
    dice.push(*rolls)
    act(m, CSA, "end-movement")
    return st(m)


def test_o4_3_modified_one_or_less_gives_two_promotions(dice: Dice):
    """O4.3: 'Il giocatore Confederato lancia 1d6 durante il suo segmento delle promozioni. Con
    un risultato di uno o meno, egli può promuovere due pezzi, invece del solito uno. Il
    Confederato può sottrarre uno dal dado per ogni Fanteria Veterana o di Sfondamento persa in
    battaglia nel turno corrente'. Die 2, one veteran lost: 1, two promotions of two different
    pieces, then recruiting."""
    m = new_match(southern_training=True)
    state = csa_promotion(m, dice, 2, lost=1)
    assert (state.phase, promotion_of(state).training_die, promotion_of(state).left) == ("promotion", 2, 2)
    assert "Southern training (O4.3): die 2 - 1 veteran/crack infantry lost this turn = 1: " \
           "two promotions." in state.log
    assert "two pieces" in m.view(CSA).prompt
    act(m, CSA, "promote", "C-MF-01")
    state = st(m)
    assert piece(state, "C-MF-01").loc == POOL     # B6.0: the militia counter to the pool
    assert state.phase == "promotion" and promotion_of(state).promoted == ["C-FV-01"]
    acts = labels(m, CSA)
    assert "promote C-FV-01" not in acts and "promote C-MF-02" in acts
    assert_illegal(m, CSA, "promote", "C-FV-01")
    dice.push(3)                                     # the recruiting die
    act(m, CSA, "promote", "C-MF-02")
    state = st(m)
    assert state.phase == "recruit"
    assert piece(state, "C-FV-01").loc == "manassas-junction"
    assert piece(state, "C-FV-02").loc == "fredericksburg"


@pytest.mark.parametrize("die, lost, two", [(1, 0, True), (2, 0, False), (3, 1, False),
                                            (4, 3, True), (6, 5, True)])
def test_o4_3_the_die_minus_losses(dice: Dice, die, lost, two):
    """O4.3, T8 'Rimpiazzamento Confederato': '1 o meno = 2 promozioni', minus 1 per FV/FS lost."""
    m = new_match(southern_training=True)
    state = csa_promotion(m, dice, die, lost=lost)
    assert promotion_of(state).left == (2 if two else 1)
    dice.push(3)
    act(m, CSA, "promote", "C-MF-01")
    assert (st(m).phase == "promotion") is two


def test_o4_3_only_the_confederacy_and_only_with_the_option(dice: Dice):
    """O4.3 is the Confederate player's roll: no die for the Union's promotion segment, none
    without the option (a die rolled unscripted would fail the test)."""
    m = new_match(southern_training=True)
    state = movement_phase(m, UNION, marches=1, turn=2)
    act(m, UNION, "end-movement")
    assert st(m).phase == "promotion" and promotion_of(st(m)).training_die == 0 and dice.rolled == []
    off = new_match()
    state = csa_promotion(off, dice)
    assert state.phase == "promotion" and promotion_of(state).left == 1 and dice.rolled == []


def test_o4_3_amb_33_losses_counted_by_enemy_fire_for_the_whole_game_turn(dice: Dice):
    """AMB-33: 'persa in battaglia nel turno corrente' = CSA veteran/crack infantry eliminated
    by enemy fire in this game turn, both player turns. A CSA veteran defending Winchester dies
    in the Union player turn; in the CSA promotion segment a 2 becomes 1: two promotions. The
    count starts again at the next game turn."""
    m = new_match(southern_training=True)
    state = movement_phase(m, UNION, marches=1, turn=2)
    place(state, UNION, "FV", "harpers-ferry", n=2)
    place(state, CSA, "FV", "winchester")
    march(m, UNION, "harpers-ferry", ("U-FV-01", "winchester"), ("U-FV-02", "winchester"),
          ("U-MF-08", "winchester"))
    act(m, UNION, "end-movement")                 # the battle of Winchester begins
    dice.push(6, 1, 1, 6)                         # CSA misses; Union: hit, hit (eliminated)
    act(m, CSA, "target", "U-MF-08")
    assert piece(st(m), "C-FV-01").loc == SPARE
    assert st(m).csa_infantry_lost == 1
    assert RULES.view(st(m), None).tracks["CSA FV/FS lost this turn (O4.3)"] == 1
    act(m, UNION, "no-promotion")                 # B6.0 battle promotion: none
    dice.push(6)                                  # the Union recruiting die
    act(m, UNION, "pass")                         # the Union promotion segment
    dice.push(3)                                  # the CSA movement die
    act(m, UNION, "end-recruiting")
    state = st(m)
    assert state.player == CSA and state.csa_infantry_lost == 1
    dice.push(2)                                  # the training die: 2 - 1 = 1
    act(m, CSA, "end-movement")
    state = st(m)
    assert promotion_of(state).training_die == 2 and promotion_of(state).left == 2
    dice.push(3, 4)                               # CSA recruiting die; Union movement, turn 3
    act(m, CSA, "pass")
    act(m, CSA, "end-recruiting")
    state = st(m)
    assert state.turn == 3 and state.csa_infantry_lost == 0


def test_o4_3_union_losses_and_militia_do_not_count(battle_dice):
    """O4.3 counts 'Fanteria Veterana o di Sfondamento' of the Confederacy only: a CSA militia
    or a Union veteran eliminated leaves the count alone."""
    battle_dice.push(1, 1)
    state = battle_state(southern_training=True)
    put(state, LR, "U-FV-01", came_from="fort-smith")
    put(state, LR, "C-MF-01", "C-MF-02")
    start(state, LR)                               # CSA fire 1, 1: the Union veteran is gone
    assert piece(state, "U-FV-01").loc == SPARE and state.csa_infantry_lost == 0
    battle_dice.push(6, 1, 1)
    state = battle_state(southern_training=True)
    put(state, LR, "U-FV-01", "U-FV-02", came_from="fort-smith")
    put(state, LR, "C-MF-01")
    start(state, LR)
    do(state, "target", "U-FV-01")                # CSA: 6; Union 1, 1: the militia is gone
    assert piece(state, "C-MF-01").loc == POOL and state.csa_infantry_lost == 0
    battle_dice.push(6, 1, 1)
    state = battle_state(southern_training=True)
    put(state, LR, "U-FV-01", "U-FV-02", came_from="fort-smith")
    put(state, LR, "C-FS-01")
    start(state, LR)
    do(state, "target", "U-FV-01")                # a crack infantry: hit on 1-2 (B5.2.2)
    assert piece(state, "C-FS-01").loc == SPARE and state.csa_infantry_lost == 1


# --- O4.4 the 1863 draft riots ------------------------------------------------------------------


def test_tc_14_o4_4_one_militia_a_month_april_to_july_1863(dice: Dice):
    """O4.4: 'In aprile (04), i quattro pezzi di Milizia nordista distaccati non sono aggiunti
    tutti al pozzo di reclutamento. Invece, uno viene aggiunto ad aprile (04), un altro a maggio
    (05), uno a giugno (06) ed infine uno a luglio (07) del 1863.' TC-14 with O4.4: 16, then 17
    in April, 18 in May, 19 in June, 20 in July 1863; 24 from April 1864."""
    m = new_match(draft_riots=True)
    expected = {label(t): n for t, n in ((7, 12), (8, 16), (17, 16), (18, 17), (19, 18),
                                          (20, 19), (21, 20), (22, 20), (27, 20), (28, 24))}
    for turn in range(2, 41):
        state = next_game_turn(m, dice, turn)
        available = union_militia_available(state)
        assert available == militia_enlisted(turn, True), label(turn)
        if label(turn) in expected:
            assert available == expected[label(turn)], label(turn)
        if turn in (18, 19, 20, 21):
            assert "Enlistment: 1 Union militia infantry joins the pool (O4.4 draft riots)." \
                in state.log
    assert union_militia_available(st(m)) == 24
    assert RULES.view(st(m), None).tracks["Union militia enlisted (O4.4)"] == "24 of 24"


def test_o4_4_the_1863_scenario_starts_with_one_militia_then_one_a_month(dice: Dice):
    """O5.0 + O4.4 (AMB-24): the 1863 scenario's Union receives 1 MF in April, then 1 in each
    of May, June and July."""
    from core.engine import Match
    m = Match.new(RULES, seed=1, scenario="1863", options={"draft_riots": True})
    assert union_militia_available(st(m)) == 17
    for turn, n in ((19, 18), (20, 19), (21, 20), (22, 20)):
        assert union_militia_available(next_game_turn(m, dice, turn)) == n
