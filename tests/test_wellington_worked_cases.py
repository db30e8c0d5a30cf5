"""Wellington: the worked cases of ../shared/rules/wellington.md §I (65: TC-01..TC-36, the
tutorial's TC-E01..TC-E29) that no other test file plays under its own id, with the seed's
numbers, and the tutorial's first round of 1812 replayed move by move through the game's real
flow (`Match`, cards played from the tutorial's hands, dice scripted strictly).

The other cases are played in test_wellington_flow.py, _setup.py, _movement.py,
_interception.py, _battle.py, _siege.py, _naval.py, _attrition.py, _guerrilla.py, _map.py and
_forces.py; `test_every_worked_case_is_named_by_a_test` checks that each of the 65 is named by
some test. docs/wellington-worked-cases.md maps every id to its tests.

Every card these cases play has its event registered (test_wellington_card_registry.py):
none is an expected failure.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from core import stack
from core.dice import scripted
from core.engine import Action
from core.wellington import building, cardplay, flags as geo, siege
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.siege import Siege
from core.wellington.state import ADN, ADS, GB, POWERS, SPAIN
from maps import wellington as wm
from tests.support import wellington_battle as wb
from tests.support import wellington_cases as wc
from tests.support import wellington_movement as wmv

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "wellington.md"


# --- TC-02 Adjacency (1.23) ----------------------------------------------------------------------


def test_TC_02_valencia_and_yecla_are_adjacent():
    """TC-02 (1.23, seed "Valencia e Yecla sono adiacenti"): adjacent both ways, so a lone
    infantry at Valencia may march to Yecla for 1 CP (9.3)."""
    assert "yecla" in wm.neighbours("valencia") and "valencia" in wm.neighbours("yecla")
    assert "yecla" in geo.neighbours("valencia")
    state = wmv.empty()
    wmv.troops(state, "valencia", SPAIN, [1, 0, 0])
    state = wmv.spend(state, SPAIN, 1)
    state = wmv.act(state, SPAIN, "move-soldier", "valencia/inf")
    assert "yecla" in wmv.nouns(state, SPAIN, "to")
    state = wmv.act(state, SPAIN, "to", "yecla")
    assert wmv.counts(state, "yecla", SPAIN) == [1, 0, 0]


# --- TC-06 Not enough counters to build (5.11) ------------------------------------------------


def test_TC_06_call_up_with_only_3_sp_unbuilt_eliminates_1_then_places_4():
    """TC-06 (5.11, the seed's #47 example): GB plays #47 (place 4 SP) with only 3 infantry
    (3 SP) unbuilt: GB first eliminates 1 SP on the map, its choice (here its artillery at
    Coimbra, changed into 3 infantry, 1.5), then places exactly 4 SP at Lisbon."""
    from core.wellington.events import common
    from core.wellington.frames.events import EventChoice
    state = wc.event_game(GB)
    mix = building.mix(GB)
    wb.place(state, "coimbra", GB, artillery=1)
    wb.place(state, "england", GB, infantry=mix[0] - 3, cavalry=mix[1], artillery=mix[2] - 1)
    assert building.unbuilt(state, GB) == [3, 0, 0]
    wb.give(state, GB, 47)
    state = wc.play_event(state, GB, 47)
    state = wc.choose(state, GB, "lisbon")
    top = stack.top(state)
    assert isinstance(top, EventChoice) and top.step == common.EXCHANGE
    state = wc.step(state, GB, "event-choice", "coimbra")
    assert building.sp(state, "coimbra", GB) == 3
    assert building.sp(state, "lisbon", GB) == 4


# --- TC-07 Response precedence (5.2) -----------------------------------------------------------


def test_TC_07_another_day_of_battle_overrides_field_fortifications():
    """TC-07 (5.2, the seed's example; cards #74, #11): AdS, the inactive Power, plays #74
    Field Fortifications before the battle (the enemy must retreat after one round); at the
    end of round 1 (a tie, 1 loss each: no rout, no side wiped out) Spain plays #11 Another
    Day of Battle as a Response: the later card prevails and a second round is fought.
    Dice: GB 3 infantry + 1 (British, 11.3) = 4; AdS 3 infantry + 2 (French) = 5; each side
    one 6 in round 1, #74 cancelling 2 Disorganisations of AdS (none here)."""
    state = wb.board(GB)
    wb.place(state, "caceres", GB, infantry=3)
    wb.place(state, "caceres", ADS, infantry=3)
    wb.give(state, ADS, 74)
    wb.give(state, SPAIN, 11)
    with scripted([], strict=True):
        state = wb.fight(state, "caceres", GB, "GB:caceres", came_from="merida")
    state = wc.card(state, ADS, "battle-card", 74)          # GB holds none: AdS is asked
    state = wc.card(state, ADS, "no-more-cards", dice=[6, 1, 1, 1] + [6, 1, 1, 1, 1])
    assert "Round 1: the Allies roll 4 dice" in "\n".join(state.log)
    state = wc.respond(state, SPAIN, 11)          # no Spanish Formation within two duchies
    state = wc.step(state, SPAIN, "no-response", dice=[1, 1, 1] + [1, 1, 1, 1])  # round 2: 3, 4
    assert "Losses Allies 1, French 1: the battle goes on for another round (#11 Another Day " \
        "of Battle)." in state.log
    assert any(line.startswith("Round 2: the Allies roll 3 dice") for line in state.log)
    assert any(line.startswith("Round 2: the French roll 4 dice") for line in state.log)


# --- TC-08 Combined responses (5.2) --------------------------------------------------------------


def test_TC_08_nationalist_revolt_with_the_levy_and_juramentados_combined():
    """TC-08 (5.2, the seed's example): to free a French-occupied unfortified duchy of Spain
    (Toledo, AdN, 2 AdN infantry), GB plays #62 (2 Spanish SP, +1 die); Spain answers at once
    with #90 (2 Spanish SP, +2 dice) and #35 (eliminate 1 French SP, place 1 Spanish SP): the
    effects combine: 1 French SP eliminated, 5 Spanish SP placed, one attack with +3 dice in
    the first round (5 SP + 0 + 3 = 8 dice against 1 SP + 2 = 3)."""
    state = wc.event_game(GB)
    wb.place(state, "toledo", ADN, infantry=2)
    wb.give(state, GB, 62)
    wb.give(state, SPAIN, 90)
    wb.give(state, SPAIN, 35)
    assert cardplay.event_playable(state, GB, 62, "")
    cardplay.play_event(state, GB, 62, "")
    state = wc.run(state)
    state = wc.respond(state, SPAIN, 90)
    state = wc.choose(state, SPAIN, f"{SPAIN}|toledo")
    state = wc.respond(state, SPAIN, 35)
    state = wc.choose(state, SPAIN, "toledo")
    state = wc.decline(state)
    state = wc.choose(state, GB, f"{SPAIN}|toledo")
    assert stack.top(state).step == "evade" and stack.top(state).power == ADN   # 10.5
    # the Spanish 6 eliminates the last French SP in round 1: the battle is won there
    state = wc.choose(state, ADN, "stay", dice=[6] + [1] * 7 + [1] * 3)
    assert building.sp(state, "toledo", ADN) == 0
    assert building.sp(state, "toledo", SPAIN) == 5
    rounds = [line for line in state.log if line.startswith("Round 1: the Allies roll")]
    assert len(rounds) == 1 and "roll 8 dice" in rounds[0]


# --- TC-12 Battle cards by a minor partner (11.1) ------------------------------------------------


@pytest.mark.parametrize("spanish", ["army", "one-infantry"])
def test_TC_12_spain_declares_battle_events_beside_a_british_army(spanish):
    """TC-12 (11.1, the seed's examples 1 and 2): Spain may declare battle events when its
    Army is in an Anglo-Spanish Army Group under Wellington, or when only one Spanish infantry
    stands with a British Army in the battle duchy; without a unit there it is never asked."""
    state = wb.board(GB)
    wb.place(state, "caceres", GB, infantry=3, commanders=("wellington",), lead=True)
    if spanish == "army":
        wb.place(state, "caceres", SPAIN, infantry=1, commanders=("de-espana",))
    else:
        wb.place(state, "caceres", SPAIN, infantry=1)
    wb.place(state, "caceres", ADS, infantry=3)
    wb.give(state, SPAIN, 28)
    with scripted([], strict=True):
        state = wb.fight(state, "caceres", GB, "wellington", came_from="merida")
    asked = []
    while type(stack.top(state)).__name__ == "BattleCard":
        power = state.active[0]
        asked.append(power)
        if power == SPAIN:
            assert Action("battle-card", 28) in [
                c.action for c in stack.choices(state, wb.FLOW, SPAIN)]
            break
        state = wc.step(state, power, "no-more-cards")
    assert SPAIN in asked


@pytest.mark.parametrize("spanish_infantry, may", [(0, False), (1, True)])
def test_TC_12_spain_needs_a_unit_in_the_battle(spanish_infantry, may):
    """TC-12's contrast (11.1): at the first declaration of the battle (GB's), Spain holding
    #28 may declare it only with a commander or soldier in the battle."""
    from core.wellington.battle import cards as battle_cards
    state = wb.board(GB)
    wb.place(state, "caceres", GB, infantry=3, commanders=("wellington",), lead=True)
    wb.place(state, "caceres", SPAIN, infantry=spanish_infantry)
    wb.place(state, "caceres", ADS, infantry=3)
    wb.give(state, GB, 29)                        # GB is asked first: the round not rolled
    wb.give(state, SPAIN, 28)
    with scripted([], strict=True):
        state = wb.fight(state, "caceres", GB, "wellington", came_from="merida")
    assert state.active == [GB] and type(stack.top(state)).__name__ == "BattleCard"
    assert battle_cards.may_declare(state, stack.find(state, Battle), SPAIN, 28) is may


# --- TC-32 Rounding (glossary; 5.1 "arrotondate sempre per eccesso") ---------------------------


@pytest.mark.parametrize("n, half", [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_TC_32_half_rounds_up(n, half):
    """TC-32: half(1) = 1, half(2) = 1, half(3) = 2, half(4) = 2: the cards carried into the
    Interphase that leave at random (16.42) and a halved siege roll (12.3 with a halving
    card) both round up."""
    from core.wellington import interphase
    from core.wellington.frames.interphase import Interphase
    state = wc.event_game(GB)
    carried = [n_ for n_ in state.piles.deck if n_ <= 86][:n]
    for number in carried:
        wb.give(state, GB, number)
    frame = Interphase(order=list(POWERS), carried={GB: list(carried)})
    interphase.halve_carried(state, frame)
    assert len(state.piles.hands[GB]) == n - half
    fort = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3)
    fort.halved.append((siege.BESIEGER, "a halving card"))
    assert siege.total(state, fort, siege.BESIEGER, [(n, "dice")]) == half


# =================================================================================================
# §I.2 The tutorial's first round of 1812, replayed move by move through Match
# =================================================================================================
# One function per case plays that case's moves with the tutorial's dice and checks its "Then";
# `replay(until)` plays every case from the start up to `until`; every case is played as the
# seed plays it (TC-E12, Marmont's evasion before the #90 battle, included).


def light_division(m) -> None:
    """TC-E01 (#98): GB plays The Light Division as its event on Wellington: +1 die in each of
    his battle and siege rounds this turn, 1 free CP every British impulse; the impulse goes
    on."""
    wc.play(m, GB, "event", 98)
    wc.let_pass(m)
    wc.act(m, GB, "event-choice", "wellington")
    wc.quiet(m)
    s = m.state
    assert [(e.card, e.target, e.until) for e in s.effects] == [(98, "wellington", "turn")]
    assert s.active == [GB] and "light-division" in wc.verbs(m, GB)
    assert "end" in wc.verbs(m, GB)                                 # the impulse is not over


def siege_declared(m) -> None:
    """TC-E02 (12.2, 12.23, 5.2): Wellington began the impulse at Ciudad Rodrigo (AdN
    fortress, strength 3, no enemy Formation): GB besieges with Wellington's Army alone, no CP
    and no card needed. GB declares no siege card; AdN (the fortress's owner) plays #71; AdS,
    not involved, answers with #52 on Wellington (die 1: one die fewer for the impulse);
    Spain plays nothing."""
    assert "ciudad-rodrigo=wellington" in wc.offered(m, GB, "siege")
    assert "ciudad-rodrigo=de-espana" not in wc.offered(m, GB, "siege")
    wc.act(m, GB, "siege", "ciudad-rodrigo=wellington")
    assert m.state.active == [ADN]                     # GB holds no siege card: not asked
    wc.play(m, ADN, "siege-card", 71)
    wc.let_pass(m)                                     # #71 announced: AdS keeps #52 for later
    wc.act(m, ADN, "siege-cards-done")
    assert ADS in stack.top(m.state).asked and 52 in wc.offered(m, ADS, "respond")
    wc.answer(m, ADS, 52)
    wc.act(m, ADS, "event-choice", "wellington", dice=[1])
    wc.let_pass(m)                                        # nobody answers #52
    assert (52, "wellington|die") in [(e.card, e.target) for e in m.state.effects]
    assert stack.top(m.state).trigger == "siege:before-dice"    # Spain plays nothing


def siege_round_1(m) -> None:
    """TC-E03 (12.3): 5 (BV) + 5 (SP) + 1 (British) + 1 (#98) - 1 (#52) = 11 dice: two 6s;
    AdN's 3 dice give one 5, and #71 one automatic 6: 2 hits < 3, not captured; GB suffers 1
    E (1 SP eliminated) and 1 D; 2 hits are not more than 2 losses: the siege would end."""
    start = len(m.state.log)
    wc.let_pass(m, dice=[6, 6] + [1] * 9 + [5, 1, 1])
    log = "\n".join(m.state.log[start:])
    assert _siege_dice(m.state, GB, 1) == 11
    assert "2 hit(s) on the fortress (2 of 3)" in log
    assert "GB suffers 1 eliminated and 1 disorganised" in log
    wc.act(m, GB, "lose", 0)                                  # GB's choice (12.3): the infantry
    assert building.sp(m.state, "ciudad-rodrigo", GB) == 4         # 5 - 1 (the infantry)


def _siege_dice(state, power: str, round_: int) -> int:
    """The dice `power` rolled in round `round_` of the siege (the log's die lines)."""
    return sum(1 for line in state.log
               if line.startswith("[d6") and f"round {round_}: {power} (12.3)" in line)


def bombardment_after_round_1(m) -> None:
    """TC-E04 (#8, 5.2): after round 1, Spain plays #8 Bombardment for GB as a Response: +3
    dice for one round (GB takes them in round 2) and another round whatever round 1 gave."""
    siege_ = stack.find(m.state, Siege)
    assert siege_ is not None and not siege_.over, "the siege is over after round 1"
    assert stack.top(m.state).trigger == siege.AFTER_ROUND
    wc.answer(m, SPAIN, 8)
    assert m.state.active == [GB]                     # the besieger chooses the round
    assert set(wc.offered(m, GB, "event-choice")) == {"1", "2"}   # now, or in round 2
    wc.act(m, GB, "event-choice", "2")
    siege_ = stack.find(m.state, Siege)
    assert siege_.continue_after == [1]
    assert (siege.BESIEGER, 2, 3) in [(s_, r, n) for s_, r, n, _w in siege_.extra_dice]


def siege_round_2(m) -> None:
    """TC-E05 (G.28: 12 dice, the tutorial's 13 forgetting the disorganised SP): 5 + 4 + 1 +
    1 + 3 - 1 - 1 = 12 dice, "many" 6s (here three): captured; AdN's 5 and 6 cost 1 SP more
    (4 -> 3). GB places a Spanish flag (an Occupied Spanish duchy): Spanish-controlled, a
    Spanish National duchy. TC-E06: Devastation 5 + 1 = 6: GB 1 -> 2 Resources; a Siege
    Overrun (2 rounds < 3)."""
    wc.quiet(m)                                    # #8's own window, then round 1's result
    assert stack.find(m.state, Siege).round == 2
    assert m.state.active == [ADN] and 70 in wc.offered(m, ADN, "siege-card")
    wc.act(m, ADN, "siege-cards-done")             # AdN keeps #70 for its own siege
    wc.quiet(m, dice=[6, 6, 6] + [1] * 9 + [5, 6, 1] + [5])
    s = m.state
    assert _siege_dice(s, GB, 2) == 12
    assert building.sp(s, "ciudad-rodrigo", GB) == 3 and s.resources[GB] == 2
    assert "wellington" not in s.bfi
    assert set(wc.offered(m, GB, "flag")) == {"ciudad-rodrigo=GB", "ciudad-rodrigo=Spain"}
    wc.act(m, GB, "flag", "ciudad-rodrigo=Spain")
    wc.quiet(m)
    assert geo.controller(m.state, "ciudad-rodrigo") == SPAIN
    assert geo.is_national(m.state, "ciudad-rodrigo", SPAIN)


def free_cp_to_almaraz(m) -> None:
    """TC-E07 (#98, 9.63): the free CP moves Wellington's Army alone to Almaraz (south-east);
    De España's Army stays and commands at Ciudad Rodrigo; both would have cost 2 CP."""
    wc.act(m, GB, "light-division")
    assert "ciudad-rodrigo" not in wc.offered(m, GB, "move-group")
    wc.act(m, GB, "move", "wellington")
    wc.act(m, GB, "to", "almaraz")
    wc.quiet(m)
    assert m.state.leading["ciudad-rodrigo"] == "de-espana"


def evasion_from_almaraz(m) -> None:
    """TC-E08 (10.5, 10.7): the AdN infantry at Almaraz evades to Talavera (AdN, friendly):
    5 + 3 = 8, + 1 = 9 >= 9: it goes (the line is Open: no -1). Wellington's Army enters."""
    assert "needs 8+" in wc.label(m, ADN, "evade", "soldiers>talavera-de-la-reina")
    wc.act(m, ADN, "evade", "soldiers>talavera-de-la-reina")
    wc.quiet(m, dice=[5, 3])
    s = m.state
    assert building.sp(s, "talavera-de-la-reina", ADN) == 2        # the two infantry (1.5)
    assert s.commanders["wellington"] == "almaraz" and s.troops["almaraz"] == {GB: [1, 1, 0]}


def second_card(m) -> None:
    """TC-E09 (5.6): #98 was a "+" card: GB plays #17 for its 5 CP (not its pro-French
    event); no other "+" card is offered any more."""
    assert 17 in wc.offered(m, GB, "cp") and 93 not in wc.offered(m, GB, "cp")
    wc.act(m, GB, "cp", 17)
    wc.quiet(m)
    assert type(stack.top(m.state)).__name__ == "CommandPoints" and stack.top(m.state).left == 5


def cavalry_and_pickup(m) -> None:
    """TC-E10 (9.1, 9.64, 9.42): CP 1-2: Beresford's cavalry alone Lisbon -> Fuentes d'Oñoro
    -> Ciudad Rodrigo; CP 3: Wellington's Army Almaraz -> Ciudad Rodrigo picks it up free:
    3 + 2 = 5 SP, march marker 2; nobody has entered 5 duchies (no forced-march die)."""
    wc.act(m, GB, "move-soldier", "lisbon/cav")
    wc.act(m, GB, "to", "fuentes-d-onoro")
    wc.quiet(m)
    wc.act(m, GB, "to", "ciudad-rodrigo")
    wc.quiet(m)
    wc.act(m, GB, "halt")
    assert m.state.marched["GB:ciudad-rodrigo"] == 2
    wc.act(m, GB, "move", "wellington")
    wc.act(m, GB, "to", "ciudad-rodrigo")
    wc.quiet(m)
    wc.act(m, GB, "take", "wellington/cav")
    army = next(f for f in reversed(m.state.stack) if type(f).__name__ == "Move").armies[0]
    assert army.troops == [1, 2, 0] and army.marched == 2
    assert stack.find(m.state, CommandPoints).left == 2


def levy_at_valladolid(m) -> None:
    """TC-E11 (#90, 5.2): before Wellington's Army enters Salamanca (CP 4), Spain answers with
    #90 and raises 2 SP at Valladolid (unfortified, AdN; Marmont + 1 cavalry): they attack at
    once, the French first asked whether to evade (TC-E12), then the battle."""
    wc.act(m, GB, "to", "salamanca")
    assert stack.top(m.state).trigger == "move:wellington:ciudad-rodrigo>salamanca"
    wc.answer(m, SPAIN, 90)
    assert f"{SPAIN}|valladolid" in wc.offered(m, SPAIN, "event-choice")
    wc.act(m, SPAIN, "event-choice", f"{SPAIN}|valladolid")
    assert building.sp(m.state, "valladolid", SPAIN) == 2
    assert m.state.active == [ADN] and stack.top(m.state).step == "evade"


def marmont_fails_to_evade(m) -> None:
    """TC-E12 (10.5, 10.7): before the levy attacks, Marmont tries to evade to Salamanca
    (AdN, friendly): 5 + 2 (BV) + 1 = 8 < 9: he fails and takes a battle marker (no -1:
    Valladolid is not Uncontrolled, control as before the rising, G.18). The levy's question
    is #90's (an event's choice: a rising has no entry for interception.py's EvadeAsk)."""
    assert "army>salamanca" in wc.offered(m, ADN, "event-choice"), "no evasion offered (10.5)"
    text = wc.label(m, ADN, "event-choice", "army>salamanca")
    assert "needs 6+" in text and "-1" not in text
    wc.act(m, ADN, "event-choice", "army>salamanca")
    wc.quiet(m, dice=[2, 3])          # the attempt's TRY and roll windows: nobody answers
    assert "marmont" in m.state.bfi and m.state.commanders["marmont"] == "valladolid"
    assert "Battle at Valladolid: Spain attacks" in "\n".join(m.state.log)


def valladolid_battle(m) -> None:
    """TC-E13 (11.2-11.7, #90, G.22): round 1 Spain 2 + 0 + 2 (#90) = 4 dice (no die for the
    failed evasion), AdN 2 + 2 (Marmont) + 2 (French) = 6 (no terrain: the SP were placed):
    one 5 against one 6: a tie, round 2. Round 2: Spain 1 die (#90 only in round 1): a 6;
    AdN 2 + 2 + 2 - 1 (disorganised) = 5 dice: nothing. AdN 2 losses, Spain 1: Spain wins, no
    rout, no Plunder; Marmont retreats with 1 infantry to Salamanca and takes the infantry
    there (2 infantry); BFI markers on him and on the Spanish infantry; #90's Spanish flag."""
    start = len(m.state.log)
    wc.act(m, ADN, "no-more-cards")
    wc.quiet(m, dice=[5, 1, 1, 1] + [6, 1, 1, 1, 1, 1])
    log = "\n".join(m.state.log[start:])
    assert "Round 1: the Allies roll 4 dice" in log and "Round 1: the French roll 6 dice" in log
    assert "Losses 1 each: another round" in log
    wc.act(m, ADN, "no-more-cards")
    wc.quiet(m, dice=[6] + [1, 1, 1, 1, 1])
    log = "\n".join(m.state.log[start:])
    assert "Round 2: the Allies roll 1 die" in log and "Round 2: the French roll 5 dice" in log
    assert "the Allies win" in log and "Rout" not in log and "Plunder" not in log
    assert wc.offered(m, ADN, "retreat")[0] == "salamanca"
    wc.act(m, ADN, "retreat", "salamanca")
    wc.quiet(m)
    s = m.state
    assert s.troops["valladolid"] == {SPAIN: [1, 0, 0]} and s.flags["valladolid"] == SPAIN
    assert s.commanders["marmont"] == "salamanca" and s.troops["salamanca"][ADN] == [2, 0, 0]
    assert {"marmont", f"{SPAIN}:valladolid"} <= set(s.bfi)


def clausel_blocked(m) -> None:
    """TC-E14 (10.4, #9, 5.2): Wellington enters Salamanca; Clausel (2-4) at Ávila intercepts
    across the Pass: 7 + 2 + 1 - 1 = 9: success; Spain then answers with #9 on that Pass:
    Clausel cannot cross, the interception does not happen."""
    assert "needs 7+" in wc.label(m, ADN, "intercept", "clausel")
    wc.act(m, ADN, "intercept", "clausel")
    wc.let_pass(m, dice=[3, 4])                             # the roll is made: 7
    assert stack.top(m.state).trigger == "intercept-rolled:clausel:avila>salamanca"
    wc.answer(m, SPAIN, 9)
    wc.act(m, SPAIN, "event-choice", "avila|salamanca")
    wc.quiet(m)
    log = "\n".join(m.state.log)
    assert "Interception succeeds: 9" in log and "cannot be carried out" in log
    assert m.state.commanders["clausel"] == "avila" and "avila|salamanca" in m.state.blocked


def marmonts_options(m) -> None:
    """TC-E15 (10.6): Marmont's only evasion from Salamanca is Lumbrales (Ávila: Pass blocked;
    Zamora: a River; Valladolid: a Spanish Formation; Ciudad Rodrigo: the enemy's entry);
    AdN chooses to fight."""
    assert wc.offered(m, ADN, "evade") == ["army>lumbrales"]
    wc.act(m, ADN, "stay")


def salamanca_battle(m) -> None:
    """TC-E16 (11, #96): GB declares #96; AdN nothing. GB 5 + 5 + 1 + 1 (#98) + 2 (#96) - 1
    (#52) = 13 dice: one 6, three 5s; AdN 2 + 2 + 1 (Broken line, Salamanca friendly to it)
    + 2 = 7 dice: one 6, two 5s, #96 ignoring the two 5s: 4 losses against 1. GB loses 1 SP
    (5 -> 4); a difference of 3: a Rout; all of AdN (2 SP and Marmont) eliminated; more
    losses than units: a Flag Overrun: GB places a British flag on Salamanca (a Key)."""
    start = len(m.state.log)
    wc.play(m, GB, "battle-card", 96)
    wc.quiet(m)
    wc.act(m, GB, "no-more-cards")
    wc.act(m, ADN, "no-more-cards")
    wc.quiet(m, dice=[6, 5, 5, 5] + [1] * 9 + [6, 5, 5, 1, 1, 1, 1])
    log = "\n".join(m.state.log[start:])
    assert "Round 1: the Allies roll 13 dice" in log and "Round 1: the French roll 7 dice" in log
    wc.act(m, GB, "lose", 0)                                  # the infantry (5 -> 4 SP)
    wc.quiet(m)
    log = "\n".join(m.state.log[start:])
    assert "Rout" in log and "Flag Overrun" in log
    s = m.state
    assert s.commanders["marmont"] == "unbuilt" and ADN not in s.troops.get("salamanca", {})
    wc.act(m, GB, "flag", "salamanca=GB")


def salamanca_plunder(m) -> None:
    """TC-E17 (11.10, C.14): Plunder 1 + 3 (SP and commanders lost) + 3 (#96) = 7, no natural
    6: no Resource."""
    wc.quiet(m, dice=[1])
    assert "= 7: 0 Resources" in "\n".join(m.state.log) and m.state.resources[GB] == 2
    assert building.sp(m.state, "salamanca", GB) == 4 and m.state.flags["salamanca"] == GB


def convoy_to_valencia(m) -> None:
    """TC-E18 (14.2): Wellington may go on (Overrun) but GB convoys instead: the England
    cavalry changed into 2 infantry, 1 infantry to Valencia (a Spanish fortress port, past
    British Gibraltar) for the last CP of #17."""
    wc.act(m, GB, "halt")
    wc.act(m, GB, "convoy")
    wc.act(m, GB, "convoy-from", "england")
    wc.act(m, GB, "convoy-load", "0")
    wc.act(m, GB, "convoy-sail", "valencia")
    wc.quiet(m)
    s = m.state
    assert s.troops["valencia"][GB] == [1, 0, 0] and s.troops["england"][GB] == [1, 0, 0]


def end_of_gb_impulse(m) -> None:
    """TC-E19 (4.2, #52): GB ends its impulse: #52 is discarded, every BFI marker goes; AdS
    is next."""
    wc.act(m, GB, "end")
    s = m.state
    assert s.bfi == [] and s.piles.where(52) == "discard"
    assert 52 not in [e.card for e in s.effects] and s.active == [ADS]


def italian_adventure(m) -> None:
    """TC-E20 (#26, G.64): AdS plays the Must-Play #26: GB eliminates 2 SP (the cavalry at
    Palma) and owes #26 as the 2-CP play of its next scheduled impulse; #26 is removed, +1 on
    the Appeal table; AdS draws #86 and may play on, but ends its impulse."""
    from core.wellington import interphase
    wc.on_top(m.state, 86)
    wc.play(m, ADS, "event", 26)
    wc.quiet(m)
    wc.act(m, GB, "lose", "palma")
    wc.act(m, GB, "lose", "palma")
    wc.quiet(m)
    s = m.state
    assert "palma" not in s.troops or not s.troops["palma"].get(GB)
    assert s.obligations == {GB: [26]} and s.piles.where(26) == "removed"
    assert interphase.appeal_drm(s) == 1 and 86 in s.piles.hands[ADS]
    assert "end" in wc.verbs(m, ADS) and wc.offered(m, ADS, "cp")
    wc.act(m, ADS, "end")


def spanish_impulse(m) -> None:
    """TC-E21 (#9, 15.2, #46, 5.6, 6, 7.1): the #9 marker goes at the start of Spain's impulse;
    Spain spends its Resource (1 -> 0) to draw #16 (the "+" play); plays the Must-Play #46:
    nobody holds more than 3 Resources (GB 2, AdS 1, Spain 0, AdN 2), Spain draws #41, the
    discards and #46 are shuffled into the deck; as the continuation, #16 for 5 CP: 4 CP a
    cavalry at Ciudad Rodrigo (with De España), 1 CP a Spanish flag on adjacent Almaraz."""
    s = m.state
    assert s.blocked == [] and 9 not in [e.card for e in s.effects]
    wc.on_top(s, 16, 41)
    wc.act(m, SPAIN, "resource")
    assert m.state.resources[SPAIN] == 0 and 16 in m.state.piles.hands[SPAIN]
    wc.play(m, SPAIN, "event", 46)
    wc.quiet(m)
    s = m.state
    assert s.resources == {GB: 2, ADS: 1, SPAIN: 0, ADN: 2}
    assert 41 in s.piles.hands[SPAIN] and s.piles.discard == [] and 46 in s.piles.deck
    wc.act(m, SPAIN, "cp", 16)
    wc.quiet(m)
    wc.act(m, SPAIN, "build", "1@ciudad-rodrigo")
    wc.quiet(m)
    wc.act(m, SPAIN, "flag", "almaraz=Spain")
    wc.quiet(m)
    s = m.state
    assert s.troops["ciudad-rodrigo"][SPAIN] == [1, 1, 0] and s.flags["almaraz"] == SPAIN
    wc.act(m, SPAIN, "end")


def afrancesados_and_rothschild(m) -> None:
    """TC-E22 (#105, #57, 5.6): AdN plays #105 (France holds Madrid): 2 SP at Madrid join
    Joseph (3 SP); then #57 (AdN holds no preemption capability: AdS has as many cards):
    draws #23 and #85 and must play one: #85 for 6 CP. The discards (#57, #16, #85) are
    shuffled into the deck once #85's CP are spent."""
    wc.play(m, ADN, "event", 105)
    wc.quiet(m)
    wc.act(m, ADN, "event-choice", "madrid")
    wc.quiet(m)
    assert building.sp(m.state, "madrid", ADN) == 3
    wc.on_top(m.state, 23, 85)
    wc.play(m, ADN, "event", 57)
    wc.quiet(m)
    assert set(wc.offered(m, ADN, "event-choice")) >= {"cp:23", "cp:85"}
    wc.act(m, ADN, "event-choice", "cp:85")
    wc.quiet(m)
    assert stack.top(m.state).left == 6


def adn_moves(m) -> None:
    """TC-E23 (9.1, 9.64, 9.42, 9.43, 7.1): CP 1 Clausel Ávila -> Madrid, taking Joseph's
    infantry free (Clausel 3 SP); CP 2-3 Joseph Madrid -> Toledo -> Talavera, picking up the
    2 SP there (4 SP = CV 4, full); CP 4 -> Almaraz (Spanish flag): De España may intercept
    and declines; CP 5 removes the flag (Almaraz AdN again); CP 6 Joseph -> Ciudad Rodrigo:
    no ambush (Almaraz friendly again), 4 duchies entered: no forced march."""
    wc.act(m, ADN, "move", "clausel")
    wc.act(m, ADN, "to", "madrid")
    wc.quiet(m)
    wc.act(m, ADN, "take", "clausel/inf")
    wc.act(m, ADN, "halt")
    wc.act(m, ADN, "command", "joseph")
    wc.act(m, ADN, "move", "joseph")
    wc.act(m, ADN, "leave", "joseph/cav")                   # Clausel keeps his cavalry
    wc.act(m, ADN, "to", "toledo")
    wc.quiet(m)
    wc.act(m, ADN, "to", "talavera-de-la-reina")
    wc.quiet(m)
    while "joseph/inf" in wc.offered(m, ADN, "take"):
        wc.act(m, ADN, "take", "joseph/inf")
    army = next(f for f in reversed(m.state.stack) if type(f).__name__ == "Move").armies[0]
    assert sum(n * sp for n, sp in zip(army.troops, (1, 2, 4))) == 4
    wc.act(m, ADN, "to", "almaraz")
    wc.quiet(m)
    assert "de-espana" in wc.offered(m, SPAIN, "intercept")
    wc.act(m, SPAIN, "no-intercept")
    wc.act(m, ADN, "halt")
    wc.act(m, ADN, "flag", "almaraz=-")
    wc.quiet(m)
    assert geo.controller(m.state, "almaraz") == ADN
    wc.act(m, ADN, "move", "joseph")
    assert "ambush" not in wc.label(m, ADN, "to", "ciudad-rodrigo")
    wc.act(m, ADN, "to", "ciudad-rodrigo")                # strict: no attrition die
    wc.quiet(m)
    army = next(f for f in reversed(m.state.stack) if type(f).__name__ == "Move").armies[0]
    assert army.marched == 4 and building.sp(m.state, "madrid", ADN) == 3


def humbugged(m) -> None:
    """TC-E24 (10.4, #23): Wellington (5-9) at Salamanca intercepts into Ciudad Rodrigo
    (Spanish, friendly) across a Broken line: +5 + 1 - 1, a 4+ would do; AdN answers with #23
    Humbugged: Wellington a 1-4 until the end of GB's next impulse: +1; GB rolls 6: 7 < 9,
    fails; a BFI marker on Wellington."""
    assert "needs 4+" in wc.label(m, GB, "intercept", "wellington")
    wc.act(m, GB, "intercept", "wellington")
    wc.answer(m, ADN, 23)
    wc.act(m, ADN, "event-choice", "wellington")
    wc.quiet(m, dice=[3, 3])
    assert "Interception fails: 7 (needs 8+" in "\n".join(m.state.log)
    assert "wellington" in m.state.bfi


def disgraced_commander(m) -> None:
    """TC-E25 (#33, 10.7, 10.5): Spain announces De España's evasion; AdN answers with #33
    (his BV is 1): he is shot (to be rebuilt at full cost, 2 CP). Spain still tries, each
    counter on its own, to Fuentes d'Oñoro (friendly, +1): the infantry 8 -> 9 goes, the
    cavalry 6 -> 7 fails."""
    wc.act(m, SPAIN, "evade", "army>fuentes-d-onoro")
    wc.answer(m, ADN, 33)
    if type(stack.top(m.state)).__name__ == "EventChoice":
        wc.act(m, ADN, "event-choice", "de-espana")
    wc.quiet(m)
    s = m.state
    assert s.commanders["de-espana"] == "unbuilt" and building.commander_cost("de-espana") == 2
    if "soldiers>fuentes-d-onoro" in wc.offered(m, SPAIN, "evade"):
        wc.act(m, SPAIN, "evade", "soldiers>fuentes-d-onoro")
    wc.quiet(m, dice=[4, 4, 3, 3])
    s = m.state
    assert s.troops["fuentes-d-onoro"] == {SPAIN: [1, 0, 0]}
    assert s.troops["ciudad-rodrigo"][SPAIN] == [0, 1, 0]


def battle_outside_the_walls(m) -> None:
    """TC-E26 (11, 10.7, 11.7-11.9, 9.52): Joseph's 4 SP attack the Spanish cavalry at Ciudad
    Rodrigo, a battle, not a siege. Neither side plays a card (Spain may hold #40 but has no
    one to call). AdN 4 + 1 (Joseph) + 2 + 1 (failed evasion) = 8 dice, Spain 2 (no terrain:
    the Almaraz line is Open): three 5s against nothing: AdN wins, a Rout: the cavalry is
    eliminated; no Flag Overrun in a fortress duchy; no Plunder (no Army beaten); Joseph
    stops in the enemy fortress duchy (9.52)."""
    start = len(m.state.log)
    wc.act(m, ADN, "no-more-cards")
    if m.state.active == [SPAIN] and "no-more-cards" in wc.verbs(m, SPAIN):
        wc.act(m, SPAIN, "no-more-cards")
    wc.quiet(m, dice=[5, 5, 5, 1, 1, 1, 1, 1] + [1, 1])
    log = "\n".join(m.state.log[start:])
    assert "Round 1: the French roll 8 dice" in log and "Round 1: the Allies roll 2 dice" in log
    assert "Rout" in log and "no Flag Overrun" in log and "Plunder" not in log
    s = m.state
    assert SPAIN not in s.troops["ciudad-rodrigo"] and s.flags["ciudad-rodrigo"] == SPAIN
    assert "Joseph stops at Ciudad Rodrigo" in log


def french_siege(m) -> None:
    """TC-E27 (12.2, #21, #70): the battle was an Overrun, so AdN may besiege this impulse;
    it plays #21 and #70: 4 + 2 + 1 (Joseph) + 1 (#70) = 8 dice: two 6s and two 5s = 3 hits
    (#21: two 5s make one): Ciudad Rodrigo falls in round 1 (Spain's 3 dice hit nothing), a
    Siege Overrun; the Spanish flag goes and AdN's print rules again."""
    start = len(m.state.log)
    assert "ciudad-rodrigo=joseph" in wc.offered(m, ADN, "siege")
    wc.act(m, ADN, "siege", "ciudad-rodrigo=joseph")
    wc.play(m, ADN, "siege-card", 21)
    wc.let_pass(m)                                     # each siege card is announced (#24, #42)
    wc.play(m, ADN, "siege-card", 70)
    wc.let_pass(m)
    wc.act(m, ADN, "siege-cards-done")
    wc.quiet(m, dice=[6, 6, 5, 5, 1, 1, 1, 1] + [1, 1, 1] + [5])
    log = "\n".join(m.state.log[start:])
    assert _siege_dice(m.state, ADN, 1) == 8
    assert "3 hit(s) on the fortress (3 of 3)" in log and "Siege Overrun" in log
    assert wc.offered(m, ADN, "flag") == ["ciudad-rodrigo=-"]
    wc.act(m, ADN, "flag", "ciudad-rodrigo=-")
    assert geo.controller(m.state, "ciudad-rodrigo") == ADN


def pillage_and_devastation(m) -> None:
    """TC-E28 (#7, 12.5): AdN answers its capture with #7: 1 Resource and a card (#47);
    Devastation 5 + 2 (taken in round 1 of 3) = 7: 1 Resource: AdN 2 + 1 + 1 = 4."""
    assert "Devastation: 5 + 2 = 7: 1 Resource for AdN" in "\n".join(m.state.log)
    wc.on_top(m.state, 47)
    wc.answer(m, ADN, 7)
    wc.quiet(m)
    assert m.state.resources[ADN] == 4 and 47 in m.state.piles.hands[ADN]


def end_of_round(m) -> None:
    """TC-E29 (4.2, 4.22, #26): AdN's impulse ends the round: every BFI marker goes. Hands:
    AdS 7 (the most), GB 6 (#26 is a marker, not a card), Spain 5, AdN 2 (+ 4 Resources):
    AdS may preempt GB (round 1 is over, AdS did not have the last impulse); if it does not,
    GB's scheduled impulse must play the #26 obligation (2 CP), adding only a "+" card (#93)."""
    wc.act(m, ADN, "end")
    s = m.state
    assert s.bfi == [] and s.round == 2
    assert {p: len(s.piles.hands[p]) for p in POWERS} == {GB: 6, ADS: 7, SPAIN: 5, ADN: 2}
    assert s.active == [ADS] and set(wc.verbs(m, ADS)) == {"preempt", "no-preempt"}
    wc.act(m, ADS, "no-preempt")
    assert m.state.active == [GB] and wc.offered(m, GB, "owed") == [26]
    assert set(wc.offered(m, GB, "cp")) == {93} and "end" not in wc.verbs(m, GB)


TUTORIAL = (
    ("TC-E01", light_division), ("TC-E02", siege_declared), ("TC-E03", siege_round_1),
    ("TC-E04", bombardment_after_round_1), ("TC-E06", siege_round_2),
    ("TC-E07", free_cp_to_almaraz),
    ("TC-E08", evasion_from_almaraz), ("TC-E09", second_card), ("TC-E10", cavalry_and_pickup),
    ("TC-E11", levy_at_valladolid), ("TC-E12", marmont_fails_to_evade),
    ("TC-E13", valladolid_battle),
    ("TC-E14", clausel_blocked), ("TC-E15", marmonts_options), ("TC-E16", salamanca_battle),
    ("TC-E17", salamanca_plunder), ("TC-E18", convoy_to_valencia),
    ("TC-E19", end_of_gb_impulse), ("TC-E20", italian_adventure),
    ("TC-E21", spanish_impulse), ("TC-E22", afrancesados_and_rothschild),
    ("TC-E23", adn_moves), ("TC-E24", humbugged), ("TC-E25", disgraced_commander),
    ("TC-E26", battle_outside_the_walls), ("TC-E27", french_siege),
    ("TC-E28", pillage_and_devastation), ("TC-E29", end_of_round),
)


def replay(until: str, through: bool = True):
    """The tutorial from its start, every case up to `until` (included unless `through` is
    False)."""
    m = wc.tutorial()
    for case, step in TUTORIAL:
        if case == until and not through:
            return m
        step(m)
        if case == until:
            return m
    raise AssertionError(f"{until} is not in the replay")


def test_TC_E01_the_light_division_on_wellington():
    light_division(replay("TC-E01", through=False))


def test_TC_E02_siege_declared_sappers_and_wounded_commander():
    siege_declared(replay("TC-E02", through=False))


def test_TC_E03_siege_round_1_eleven_dice_would_end():
    siege_round_1(replay("TC-E03", through=False))


def test_TC_E04_bombardment_played_after_round_1():
    bombardment_after_round_1(replay("TC-E04", through=False))


def test_TC_E05_TC_E06_round_2_capture_spanish_flag_and_devastation():
    siege_round_2(replay("TC-E06", through=False))


def test_TC_E07_free_cp_moves_wellington_alone_to_almaraz():
    free_cp_to_almaraz(replay("TC-E07", through=False))


def test_TC_E08_the_almaraz_infantry_evades_on_9():
    evasion_from_almaraz(replay("TC-E08", through=False))


def test_TC_E09_portuguese_revolt_for_5_cp_after_a_plus_card():
    second_card(replay("TC-E09", through=False))


def test_TC_E10_cavalry_from_lisbon_picked_up_no_forced_march():
    cavalry_and_pickup(replay("TC-E10", through=False))


def test_TC_E11_the_spanish_levy_answers_the_move():
    levy_at_valladolid(replay("TC-E11", through=False))


def test_TC_E12_marmont_fails_to_evade_the_levy():
    marmont_fails_to_evade(replay("TC-E12", through=False))


def test_TC_E13_valladolid_two_rounds_spain_wins():
    valladolid_battle(replay("TC-E13", through=False))


def test_TC_E14_passes_blocked_after_clausels_successful_roll():
    clausel_blocked(replay("TC-E14", through=False))


def test_TC_E15_marmont_may_evade_only_to_lumbrales():
    marmonts_options(replay("TC-E15", through=False))


def test_TC_E16_salamanca_13_against_7_rout_and_flag_overrun():
    salamanca_battle(replay("TC-E16", through=False))


def test_TC_E17_no_plunder_on_7():
    salamanca_plunder(replay("TC-E17", through=False))


def test_TC_E18_convoy_to_valencia_with_the_last_cp():
    convoy_to_valencia(replay("TC-E18", through=False))


def test_TC_E19_end_of_the_british_impulse():
    end_of_gb_impulse(replay("TC-E19", through=False))


def test_TC_E20_italian_adventure():
    italian_adventure(replay("TC-E20", through=False))


def test_TC_E21_spanish_impulse_resource_corruption_build_and_flag():
    spanish_impulse(replay("TC-E21", through=False))


def test_TC_E22_afrancesados_then_rothschild_for_85s_6_cp():
    afrancesados_and_rothschild(replay("TC-E22", through=False))


def test_TC_E23_joseph_to_ciudad_rodrigo_flag_removed_no_ambush():
    adn_moves(replay("TC-E23", through=False))


def test_TC_E24_humbugged_wellington_fails_to_intercept():
    humbugged(replay("TC-E24", through=False))


def test_TC_E25_disgraced_de_espana_then_the_counters_evade_alone():
    disgraced_commander(replay("TC-E25", through=False))


def test_TC_E26_battle_outside_the_walls():
    battle_outside_the_walls(replay("TC-E26", through=False))


def test_TC_E27_siege_after_the_overrun_really_big_guns():
    french_siege(replay("TC-E27", through=False))


def test_TC_E28_pillage_and_devastation_4_resources():
    pillage_and_devastation(replay("TC-E28", through=False))


def test_TC_E29_end_of_round_preemption_and_the_owed_card():
    end_of_round(replay("TC-E29", through=False))


# --- every case somewhere -------------------------------------------------------------------------


CASES = Path(__file__).parent / "data" / "wellington_worked_cases.txt"


def case_ids() -> list[str]:
    """The ids of §I, as tests/data/wellington_worked_cases.txt keeps them."""
    return [line.strip() for line in CASES.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.mark.skipif(not REFERENCE.exists(), reason="the reference is not beside the repository")
def test_the_kept_case_ids_are_the_reference_s():
    text = REFERENCE.read_text(encoding="utf-8")
    section = text[text.index("## §I "):text.index("## §J ")]
    assert case_ids() == sorted(set(re.findall(r"^\*\*(TC-E?[0-9]+)\b", section, re.M)))


def test_every_worked_case_is_named_by_a_test():
    """Each of the 65 ids of the reference's §I (the rule-book cases and the tutorial's) is
    named by a Wellington test, in the test's name or in its docstring (see `named`); this
    test's own name and docstring name none."""
    ids = case_ids()
    assert len(ids) == 65
    tests = "\n".join(names_and_docstrings(p)
                      for p in sorted(Path(__file__).parent.glob("test_wellington_*.py")))
    missing = [tc for tc in ids if not named(tc, tests)]
    assert not missing, f"worked cases no test names: {missing}"


def names_and_docstrings(path: Path) -> str:
    """The name and docstring of every test function of a test module."""
    import ast
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            out += [node.name, ast.get_docstring(node) or ""]
    return "\n".join(out)


def named(tc: str, tests: str) -> bool:
    """`tc` (TC-07, TC-E13) appears as itself (not as the start of a longer id: TC-E1 in
    TC-E13) or as tc_07 / tc07 / TC_E13 / tc_e13 / tce13."""
    body = tc[3:].lower()                                     # "07", "e13"
    forms = [re.escape(tc), f"tc_?{body}", f"tc_?{body.replace('e', 'e_?', 1)}"]
    return any(re.search(rf"(?i)(?<![a-z0-9]){form}(?![0-9])", tests) for form in forms)
