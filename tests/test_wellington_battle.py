"""Wellington battles (11, 11.1-11.11; §C.13, §C.14), each rule by number with the seed's
numbers, and the reference's worked cases (../shared/rules/wellington.md §I: TC-..). Positions
come from tests/support/wellington_battle.py; dice are scripted strictly; the cards' effects
are set through the battle's card seam as the events part will set them."""
from __future__ import annotations

import pytest

from core import stack
from core.dice import scripted
from core.engine import IllegalAction
from core.wellington import battle as battles
from core.wellington.battle import aftermath, cards, retreat
from core.wellington.frames.battle import (Battle, BattleCasualty, BattleRetreat,
                                           BattleSplit)
from core.wellington.frames.cardplay import FlagChoice
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, INF, CAV, REGROUP, SPAIN,
                                   UNBUILT)
from tests.support.wellington_battle import (Caller, act, asked, board, failed_evasion,
                                             fight, place, sp)


def log_has(state, text: str) -> bool:
    return any(text in line for line in state.log)


# --- the tutorial's battles (§I.2) ------------------------------------------------------------


def valladolid():
    """TC-E11..E13: GB's impulse; Spain's Levy (#90) puts 1 cavalry at Valladolid, where
    Marmont (2-6) and 1 cavalry stand (Marmont failed to evade); 1 AdN infantry at
    Salamanca."""
    state = board(GB)
    place(state, "valladolid", ADN, cavalry=1, commanders=("marmont",), lead=True)
    place(state, "salamanca", ADN, infantry=1)
    place(state, "valladolid", SPAIN, cavalry=1)
    failed_evasion(state, "valladolid")
    return state


def levy(b: Battle) -> None:
    cards.add_dice(b, ALLIES, 2, "#90 The Spanish Levy (first round only, G.32)", 1)


def test_tc_e13_valladolid_two_rounds_spain_wins():
    """TC-E13: round 1 Spain 2 + 0 + 2 = 4 dice (no +1 for the failed evasion: Spain is not
    the active Power, G.22), AdN 2 + 2 + 2 = 6 (no terrain: placed by event); one 5 against
    one 6, a tie; round 2 Spain 1 die, AdN 2 + 2 + 2 - 1 = 5; Spain's 6 wins 2-1; no rout;
    Marmont retreats with 1 infantry to Salamanca; BFI markers on both."""
    state = valladolid()
    with scripted([5, 1, 1, 1, 6, 1, 1, 1, 1, 1, 6, 1, 2, 3, 4, 1], strict=True):
        fight(state, "valladolid", SPAIN, "Spain:valladolid", "", cards=levy)
    assert log_has(state, "Round 1: the Allies roll 4 dice")
    assert log_has(state, "the attacker is not the active Power: no die (10.7, G.22)")
    assert log_has(state, "Round 1: the French roll 6 dice")
    assert log_has(state, "Losses 1 each: another round (11.52)")
    assert log_has(state, "Round 2: the Allies roll 1 die")
    assert log_has(state, "Round 2: the French roll 5 dice")
    assert log_has(state, "-1 1 disorganisation suffered (11.52, 11.53)")
    assert not log_has(state, "Rout")
    assert asked(state) is BattleRetreat and state.active == [ADN]
    b = stack.find(state, Battle)
    assert b.winner == ALLIES and b.suffered_e[FRENCH] + b.suffered_d[FRENCH] == 2
    assert b.suffered_e[ALLIES] == 1
    options = {c.action.noun for c in battles.FLOW[BattleRetreat].choices(state,
                                                                          stack.top(state))}
    assert "salamanca" in options and "lerma" in options   # friendly; not Spain's origin
    state = act(state, ADN, "retreat", "salamanca")
    assert asked(state) is Caller
    assert state.commanders["marmont"] == "salamanca"
    assert sp(state, "salamanca", ADN) == 2 and sp(state, "valladolid", ADN) == 0
    assert sp(state, "valladolid", SPAIN) == 1
    assert state.leading["salamanca"] == "marmont"
    assert "marmont" in state.bfi and "Spain:valladolid" in state.bfi
    assert state.resources[GB] == 1 and not log_has(state, "Plunder")


def salamanca():
    """TC-E16: Wellington (5-9) with 5 SP enters Salamanca from Ciudad Rodrigo (a Broken
    line) against Marmont (2-6) and 2 infantry; Salamanca is AdN's."""
    state = board(GB)
    place(state, "salamanca", ADN, infantry=2, commanders=("marmont",), lead=True)
    place(state, "salamanca", GB, infantry=3, cavalry=1, commanders=("wellington",))
    return state


def salamanca_cards(b: Battle) -> None:
    cards.add_dice(b, ALLIES, 1, "#98 The Light Division", 0)
    cards.add_dice(b, ALLIES, 2, "#96 Bloody Bagpipes", 1)
    cards.add_dice(b, ALLIES, -1, "#52 Wounded Commander", 0)
    cards.ignore_results(b, FRENCH, 5, 2, "#96 Bloody Bagpipes")
    cards.add_plunder_drm(b, 3, "#96 Bloody Bagpipes")


SALAMANCA_GB = [6, 5, 5, 5, 1, 1, 1, 1, 2, 2, 3, 3, 4]       # 13 dice: one 6, three 5s
SALAMANCA_ADN = [6, 5, 5, 1, 2, 3, 4]                          # 7 dice: one 6, two 5s


def test_tc_e16_salamanca_rout_overrun_flag_overrun():
    """TC-E16: GB 5 + 5 + 1 + 1 + 2 - 1 = 13 dice, AdN 2 + 2 + 1 (Broken, friendly) + 2 =
    7; GB one 6 and three 5s (4 losses), AdN one 6 and two 5s, #96 ignoring the 5s (1 loss);
    4 - 1 = 3: Rout, Marmont and his infantry eliminated, an Overrun; 4 losses > 2 SP +
    Marmont: Flag Overrun, GB places a British flag free."""
    state = salamanca()
    with scripted([*SALAMANCA_GB, *SALAMANCA_ADN], strict=True):
        fight(state, "salamanca", GB, "wellington", "ciudad-rodrigo", cards=salamanca_cards)
    assert log_has(state, "Round 1: the Allies roll 13 dice")
    assert log_has(state, "Round 1: the French roll 7 dice")
    assert log_has(state, "+1 terrain: broken line crossed into Salamanca (11.41)")
    # GB loses 1 SP: infantry or cavalry, its choice (1.5, 11.5)
    assert asked(state) is BattleCasualty and state.active == [GB]
    with scripted([1], strict=True):
        state = act(state, GB, "lose", INF)
        assert asked(state) is FlagChoice and state.active == [GB]
        b = stack.find(state, Battle)
        assert b.routed and b.overrun and b.flag_overrun
        assert b.suffered_e[FRENCH] + b.suffered_d[FRENCH] == 4
        assert state.commanders["marmont"] == UNBUILT and sp(state, "salamanca", ADN) == 0
        assert sp(state, "salamanca", GB) == 4
        state = act(state, GB, "flag", "salamanca=GB")
    assert state.flags["salamanca"] == GB
    # TC-E17: Plunder 1 + 3 (SP and commanders lost) + 3 (#96) = 7, no natural 6: nothing
    assert log_has(state, "die 1 + 3 SP and commanders lost +3 (#96 Bloody Bagpipes) = 7: "
                          "0 Resources")
    assert state.resources[GB] == 1
    # 11.52: the winner of an Overrun gets no BFI marker (Wellington may move on, 11.8)
    assert "wellington" not in state.bfi
    assert asked(state) is Caller


def test_tc_e17_plunder_on_natural_six_and_table():
    """TC-E17, TC-36 (C.14): 7 or less gives 1 Resource only on a natural 6; 8-11 one;
    12 or more two."""
    state = salamanca()
    with scripted([*SALAMANCA_GB, *SALAMANCA_ADN], strict=True):
        fight(state, "salamanca", GB, "wellington", "ciudad-rodrigo", cards=salamanca_cards)
    with scripted([6], strict=True):
        state = act(state, GB, "lose", CAV)
        state = act(state, GB, "no-flag")
    assert state.resources[GB] == 1 + 2       # 6 + 3 + 3 = 12: two Resources
    assert aftermath.plunder_result(6, 7) == 1
    assert aftermath.plunder_result(5, 7) == 0
    assert aftermath.plunder_result(1, 8) == 1
    assert aftermath.plunder_result(5, 11) == 1
    assert aftermath.plunder_result(1, 12) == 2


def test_tc_e26_battle_outside_the_walls():
    """TC-E26: Joseph (1-4) and 2 cavalry attack the lone Spanish cavalry at Ciudad Rodrigo
    (a Spanish-flagged fortress) from Almaraz (Open); it failed to evade: AdN 4 + 1 + 2 + 1 =
    8 dice, Spain 2; three 5s: a Rout, the cavalry eliminated, an Overrun; no Flag Overrun in
    a fortress duchy; no Plunder (no Army)."""
    state = board(ADN)
    state.flags["ciudad-rodrigo"] = SPAIN
    place(state, "ciudad-rodrigo", SPAIN, cavalry=1)
    place(state, "ciudad-rodrigo", ADN, cavalry=2, commanders=("joseph",))
    failed_evasion(state, "ciudad-rodrigo")
    with scripted([5, 5, 5, 1, 1, 1, 1, 1, 1, 2], strict=True):
        fight(state, "ciudad-rodrigo", ADN, "joseph", "almaraz")
    assert log_has(state, "Round 1: the French roll 8 dice")
    assert log_has(state, "+1 the enemy failed to evade (10.7)")
    assert log_has(state, "Round 1: the Allies roll 2 dice")
    assert log_has(state, "Rout: the French inflicted 3 more losses")
    assert log_has(state, "is a fortress: no Flag Overrun (11.9)")
    assert not log_has(state, "Plunder")
    assert sp(state, "ciudad-rodrigo", SPAIN) == 0 and state.flags["ciudad-rodrigo"] == SPAIN
    assert "joseph" not in state.bfi and asked(state) is Caller
    assert "ciudad-rodrigo" not in state.evasion_failed
    # TC-E27 (12.2): the battle was an Overrun, so Joseph may besiege the fortress now
    from core.wellington import siege
    assert siege.besiegers(state, ADN, "ciudad-rodrigo") == ["joseph"]


# --- 11.2, 11.3, 11.4: the dice -----------------------------------------------------------


def test_tc_13_round_two_dice_with_excess_disorganisation():
    """TC-13 (11.53): Soult (4-9) with 4 SP and +1 from #13 suffers 6 disorganisations in
    round 1; round 2: 4 + 4 + 2 + 1 - 6 = 5 dice."""
    state = board(ADS)
    place(state, "toledo", ADS, infantry=4, commanders=("soult",))
    place(state, "toledo", GB, infantry=9, commanders=("hill",), lead=True)

    def thirteen(b: Battle) -> None:
        cards.add_dice(b, FRENCH, 1, "#13 (+1 nationality die)", 0)
    # round 1: AdS 11 dice with six 5s; GB 9 + 3 + 1 = 13 dice with six 5s: 6-6; round 2:
    # GB 13 - 6 = 7 dice
    ads1 = [5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1]
    gb1 = [5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1]
    ads2 = [6, 1, 1, 1, 1]                      # 5 dice: one 6
    gb2 = [1] * 7
    with scripted([*ads1, *gb1, *ads2, *gb2], strict=True):
        fight(state, "toledo", ADS, "soult", "madrid", cards=thirteen)
    assert log_has(state, "Round 2: the French roll 5 dice")
    assert log_has(state, "-6 6 disorganisations suffered (11.52, 11.53)")
    b = stack.find(state, Battle)
    assert b is not None and b.winner == FRENCH and b.marked[FRENCH] == 5


def test_11_3_nationality_bonus():
    """11.3: French +2 (+1 after #38), British +1, Spanish 0; an Anglo-Spanish side +1 only
    when at least 50% of its SP and commanders are British."""
    from core.wellington.battle import sides
    state = board(GB)
    place(state, "toledo", GB, infantry=2, commanders=("wellington",))
    place(state, "toledo", SPAIN, infantry=3)
    place(state, "toledo", ADN, infantry=1)
    b = Battle(duchy="toledo", attacker=GB, attacking=ALLIES, defending=FRENCH)
    assert sides.nationality(state, b, ALLIES)[0] == 1           # 3 of 6 British
    place(state, "toledo", SPAIN, infantry=1)
    assert sides.nationality(state, b, ALLIES)[0] == 0           # 3 of 7
    assert sides.nationality(state, b, FRENCH)[0] == 2
    state.french_bonus_reduced = True
    assert sides.nationality(state, b, FRENCH)[0] == 1


def test_11_42_11_43_terrain_friendly_only_and_river_attrition_on_retreat():
    """11.43: an active Formation crossed a River into the duchy: the defender +3 dice in
    round 1 (the duchy friendly to it); the losing attacker goes back across the River with
    attrition (11.62, 9.44): one die per SP and commander."""
    state = board(ADN)
    place(state, "lerma", ADN, infantry=1, commanders=("clausel",))
    place(state, "lerma", SPAIN, infantry=1)
    state.flags["lerma"] = SPAIN
    # AdN 1 + 2 + 2 = 5 dice; Spain 1 + 0 + 3 (river, friendly) = 4 dice
    with scripted([1, 1, 1, 1, 1, 6, 5, 1, 1, 6, 1], strict=True):
        fight(state, "lerma", ADN, "clausel", "valladolid")
        assert log_has(state, "+3 terrain: river line crossed into Lerma (11.43)")
        # AdN lost 1 E + 1 D against nothing: it retreats to Valladolid (AdN's) across the
        # River: 1 commander, no SP left: 1 attrition die; its 6 eliminates Clausel
    assert state.commanders["clausel"] == UNBUILT
    assert log_has(state, "across a River (9.44)")
    b_overrun = log_has(state, "Overrun: nothing of the French is left in play (11.8)")
    assert b_overrun
    assert "Spain:lerma" not in state.bfi             # the Overrun's winner: no marker


def test_11_4_no_terrain_when_the_duchy_was_not_friendly():
    """11.4: terrain only if the duchy was friendly to the defender before the battle."""
    state = board(GB)
    state.flags["salamanca"] = GB
    place(state, "salamanca", ADN, infantry=2, commanders=("marmont",))
    place(state, "salamanca", GB, infantry=1, commanders=("wellington",))
    with scripted([1] * (7 + 6) * 2, strict=True):           # two rounds, no hit
        fight(state, "salamanca", GB, "wellington", "ciudad-rodrigo")
    assert log_has(state, "broken line crossed into Salamanca: the duchy was not friendly to "
                          "the defender (11.4)")
    assert log_has(state, "Losses 0 each after round 2")


# --- 11.51: eliminations ----------------------------------------------------------------------


def test_11_51_shared_eliminations_odd_one_chosen_by_the_commanders_power():
    """11.51: 3 eliminations on an Anglo-Spanish Army Group under Wellington: 1 each, and GB
    (the Commander's Power) decides who takes the third; Spain may not answer for it, and a
    refused action changes nothing."""
    state = board(ADN)
    place(state, "toledo", GB, infantry=2, commanders=("wellington",), lead=True)
    place(state, "toledo", SPAIN, infantry=2)
    place(state, "toledo", ADN, infantry=1, commanders=("joseph",))
    # AdN 1 + 1 + 2 = 4 dice: three 6s; Allies 4 + 5 + 1 = 10 dice: nothing
    with scripted([6, 6, 6, 1] + [1] * 10, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
    assert asked(state) is BattleSplit and state.active == [GB]
    before = state
    with pytest.raises(IllegalAction):
        act(state, SPAIN, "odd-to", SPAIN)
    with pytest.raises(IllegalAction):
        act(state, GB, "odd-to", ADN)
    assert state is before and sp(state, "toledo", GB) == 2
    state = act(state, GB, "odd-to", SPAIN)
    assert sp(state, "toledo", GB) == 1 and sp(state, "toledo", SPAIN) == 0


def test_11_51_commanders_last_staff_officers_first():
    """11.51: no commander is eliminated while a soldier SP of his side is left; then the
    staff officer goes before the Commander (a reading)."""
    state = board(ADN)
    place(state, "toledo", GB, infantry=1, commanders=("wellington", "hill"), lead=True)
    place(state, "toledo", ADN, infantry=6, commanders=("joseph",))
    # AdN 6 + 1 + 2 = 9 dice: two 6s; GB 1 + 1 (staff) + 5 + 1 = 8 dice
    with scripted([6, 6] + [1] * 7 + [1] * 8, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
    assert state.commanders["hill"] == UNBUILT and sp(state, "toledo", GB) == 0
    assert state.commanders["wellington"] != UNBUILT


def test_11_5_casualty_choice_and_change():
    """11.5, 1.5: a Power with more than one kind of counter chooses which loses the SP;
    1 SP off a cavalry leaves an infantry (change made)."""
    state = board(ADN)
    place(state, "toledo", GB, infantry=1, cavalry=1, commanders=("wellington",))
    place(state, "toledo", ADN, infantry=3, commanders=("joseph",))
    with scripted([6, 1, 1, 1, 1, 1] + [1] * 9 + [1] * 6 + [1] * 9, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
        assert asked(state) is BattleCasualty
        labels = [c.label for c in battles.FLOW[BattleCasualty].choices(state,
                                                                       stack.top(state))]
        assert any("Lose 1 SP of a cavalry, change made (1.5)" in l for l in labels)
        state = act(state, GB, "lose", CAV)
    assert state.troops["toledo"][GB] == [2, 0, 0]


# --- 11.52: the outcome -----------------------------------------------------------------------


def test_11_52_tie_after_two_rounds_active_side_retreats():
    """11.52, 11.62: still tied after round 2: the active Formations go back where they came
    from (friendly); no winner, no rout; BFI markers on both sides."""
    state = board(ADN)
    place(state, "toledo", ADN, infantry=2, commanders=("joseph",))
    place(state, "toledo", GB, infantry=2, commanders=("beresford",))
    with scripted([1] * 5 + [1] * 5 + [1] * 5 + [1] * 5, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
    assert state.commanders["joseph"] == "madrid" and sp(state, "madrid", ADN) == 2
    assert "joseph" in state.bfi and "beresford" in state.bfi


def test_11_52_both_sides_eliminated_no_winner():
    """11.52, G.30: both sides wholly eliminated: no winner, no Flag Overrun, no Plunder."""
    state = board(ADN)
    place(state, "toledo", ADN, infantry=1)
    place(state, "toledo", SPAIN, infantry=1)
    with scripted([6, 1, 1, 6, 1], strict=True):    # AdN 1 + 2 = 3 dice, Spain 1 + 0 + ...
        fight(state, "toledo", ADN, "AdN:madrid", "madrid")
    assert log_has(state, "Both sides are eliminated: no winner (11.52, G.30)")
    assert not log_has(state, "Flag Overrun") and not log_has(state, "Plunder")
    assert "toledo" not in state.flags


def test_11_62_active_loser_with_no_friendly_entry_goes_to_the_regroup_box():
    """11.62, G.33: the entry duchy is not friendly (a Spanish flag): the losing attacker goes
    to the Regroup Box, an Overrun (11.8); the winning defender rolls for Plunder (the
    attacker was an Army)."""
    state = board(ADN)
    state.flags["madrid"] = SPAIN
    place(state, "toledo", ADN, infantry=1, commanders=("joseph",))
    place(state, "toledo", SPAIN, infantry=6, commanders=("de-espana",))
    # AdN 1 + 1 + 2 = 4 dice: nothing; Spain 6 + 1 = 7 dice: one 5
    with scripted([1] * 4 + [5, 1, 1, 1, 1, 1, 1] + [2], strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
    assert state.commanders["joseph"] == REGROUP and state.troops[REGROUP][ADN] == [1, 0, 0]
    assert log_has(state, "cannot retreat")
    assert log_has(state, "Overrun: nothing of the French is left in play (11.8)")
    assert log_has(state, "Spain: die 2 + 0 SP and commanders lost = 2: 0 Resources")
    assert "de-espana" not in state.bfi


# --- 11.61: the defender's retreat ------------------------------------------------------------


def test_tc_05_pass_retreat_between_friendly_duchies_no_attrition():
    """TC-05 (3.1, 9.41, 9.44): a French Formation retreats from San Sebastián (French
    fortress) to Bayonne (French) across the Pass: no attrition die."""
    state = board(GB)
    place(state, "san-sebastian", ADN, infantry=1, commanders=("clausel",))
    place(state, "san-sebastian", GB, infantry=6, commanders=("wellington",))
    # GB 6 + 5 + 1 = 12 dice: one 5; AdN 1 + 2 + 2 + 1 (Broken, friendly) = 6 dice
    with scripted([5] + [1] * 11 + [1] * 6, strict=True):
        fight(state, "san-sebastian", GB, "wellington", "bilbao")
        options = {c.action.noun for c in battles.FLOW[BattleRetreat].choices(
            state, stack.top(state)) if c.action.verb == "retreat"}
        assert options == {"bayonne", "vitoria", "pamplona"}     # never Bilbao (11.61)
        before = state
        with pytest.raises(IllegalAction):
            act(state, ADN, "retreat", "bilbao")
        with pytest.raises(IllegalAction):
            act(state, GB, "retreat", "bayonne")
        assert state is before and state.commanders["clausel"] == "san-sebastian"
        state = act(state, ADN, "retreat", "bayonne")
    assert state.commanders["clausel"] == "bayonne" and sp(state, "bayonne", ADN) == 1
    assert not log_has(state, "ttrition")
    # 12.2: GB fought a battle there that was no Overrun: no siege by it this impulse
    from core.wellington import siege
    assert siege.besiegers(state, GB, "san-sebastian") == []


def test_11_61_tiers_friendly_then_uncontrolled_then_any_with_attrition():
    """11.61: a friendly duchy if possible; else an Uncontrolled one; else any adjacent
    duchy with no enemy Formation, with attrition (9.44: into an enemy duchy)."""
    state = board(GB)
    place(state, "avila", ADN, infantry=1, commanders=("clausel",))
    place(state, "avila", GB, infantry=1, commanders=("wellington",))
    b = Battle(duchy="avila", attacker=GB, came_from="salamanca", attacking=ALLIES,
               defending=FRENCH, friendly_before=True)
    assert retreat.defender_options(state, b, ADN) == ["madrid"]
    state.flags["madrid"] = SPAIN                       # enemy-controlled: the only way left
    assert retreat.defender_options(state, b, ADN) == ["madrid"]
    assert retreat.causes(state, b, ADN, "madrid")[0] == "into an enemy duchy (9.44)"
    place(state, "madrid", SPAIN, infantry=1)           # an enemy Formation: nowhere to go
    assert retreat.defender_options(state, b, ADN) == []


def test_11_61_no_retreat_means_regroup_box_and_overrun():
    """11.61, 11.8: a defender with nowhere to retreat goes to the Regroup Box: an Overrun;
    the winner's Commander may move on (no BFI marker)."""
    state = board(GB)
    place(state, "avila", ADN, infantry=2, commanders=("clausel",))
    place(state, "madrid", SPAIN, infantry=1)
    place(state, "avila", GB, infantry=4, commanders=("wellington",))
    # GB 4 + 5 + 1 = 10 dice: one 5; AdN 2 + 2 + 2 + 2 (Pass, friendly) = 8 dice
    with scripted([5] + [1] * 9 + [1] * 8 + [3], strict=True):
        fight(state, "avila", GB, "wellington", "salamanca")
    assert log_has(state, "+2 terrain: pass line crossed into Ávila (11.42)") or \
        log_has(state, "+2 terrain: pass line crossed into Avila (11.42)")
    assert state.commanders["clausel"] == REGROUP
    assert state.troops[REGROUP][ADN] == [2, 0, 0]
    assert "wellington" not in state.bfi
    assert log_has(state, "GB: die 3 + 0 SP and commanders lost = 3: 0 Resources")


# --- 11.10, 11.11: Plunder --------------------------------------------------------------------


def rout_of_an_army(commander_power: str):
    """A French Army routed by an Anglo-Spanish Army Group led by `commander_power`."""
    state = board(GB)
    place(state, "toledo", ADN, infantry=1, commanders=("joseph",))
    lead = "wellington" if commander_power == GB else "de-espana"
    place(state, "toledo", GB, infantry=1, commanders=("wellington",))
    place(state, "toledo", SPAIN, infantry=2, commanders=("de-espana",))
    state.leading["toledo"] = lead
    return state, lead


def test_tc_14_plunder_to_gb_no_spanish_attrition_under_wellington():
    """TC-14 (11.11): Wellington commands; the Plunder goes to GB, and the Spanish Formation
    rolls no attrition."""
    state, lead = rout_of_an_army(GB)
    # Allies 3 SP + 1 staff + 5 + 0 (2 of 5 British) = 9 dice: two 6s and two 5s (a rout)
    with scripted([6, 6, 5, 5, 1, 1, 1, 1, 1] + [1] * 4 + [6], strict=True):
        fight(state, "toledo", GB, lead, "madrid")
        assert asked(state) is FlagChoice and state.active == [GB]   # 4 > 2: Flag Overrun
        state = act(state, GB, "no-flag")
    assert state.resources[GB] == 2 and state.resources[SPAIN] == 1    # 6 + 2 = 8: one
    assert not log_has(state, "Spanish plunder attrition")


def test_11_11_spanish_plunder_attrition_to_the_regroup_box():
    """11.11: Spain commands and gains a Resource: its victorious Formations check attrition
    once per Resource, losses to the Regroup Box."""
    state, lead = rout_of_an_army(SPAIN)
    # Allies 3 + 1 staff + 1 (De España) + 0 (2 of 5 British) = 5 dice: two 6s, two 5s
    spanish = [6, 1, 1]                  # De España + 2 infantry: one 6
    with scripted([6, 6, 5, 5, 1] + [1] * 4 + [6] + spanish, strict=True):
        fight(state, "toledo", SPAIN, lead, "madrid")
        assert asked(state) is FlagChoice and state.active == [SPAIN]
        state = act(state, SPAIN, "no-flag")
    assert state.resources[SPAIN] == 2
    assert log_has(state, "Attrition at Toledo (Spanish plunder attrition, 11.11): 3 dice, "
                          "1 six")
    assert state.troops[REGROUP][SPAIN] == [1, 0, 0] and sp(state, "toledo", SPAIN) == 1


def test_11_11_wild_geese_waives_the_attrition():
    state, lead = rout_of_an_army(SPAIN)
    with scripted([6, 6, 5, 5, 1] + [1] * 4 + [6], strict=True):
        fight(state, "toledo", SPAIN, lead, "madrid",
              cards=lambda b: cards.waive_spanish_attrition(b, "#91 Wild Geese"))
        state = act(state, SPAIN, "no-flag")
    assert state.resources[SPAIN] == 2 and sp(state, "toledo", SPAIN) == 2


# --- the entry point, the cards' seam and the view ----------------------------------------------


def test_start_refuses_a_duchy_without_both_sides():
    state = board(GB)
    place(state, "toledo", GB, infantry=1, commanders=("wellington",))
    before = list(state.stack)
    with pytest.raises(IllegalAction):
        battles.start(state, "toledo", GB, "wellington", "madrid", False)
    assert state.stack == before


def test_11_1_no_battle_card_without_one_in_hand():
    """11.1: the seam asks a Power only when it holds a battle event it may play: with an
    empty hand none is offered, and a battle card not in hand cannot be played."""
    state = salamanca()
    b = Battle(duchy="salamanca", attacker=GB, attacking=ALLIES, defending=FRENCH)
    assert battles.battle_cards(state, b, GB) == []
    with pytest.raises(IllegalAction):
        cards.play_battle_card(state, b, GB, 96)


def test_focus_lists_both_sides_every_modifier_and_the_dice():
    """The View's focus: both sides' Formations and Commanders, each die named with its
    rule, the rolls, the losses."""
    state = valladolid()
    assert battles.focus(state) is None
    with scripted([5, 1, 1, 1, 6, 1, 1, 1, 1, 1, 6, 1, 2, 3, 4, 1], strict=True):
        fight(state, "valladolid", SPAIN, "Spain:valladolid", "", cards=levy)
    panel = battles.focus(state)
    assert panel is not None and panel.where == "valladolid"
    text = "\n".join(" | ".join(r) for r in panel.rows) + "\n" + "\n".join(panel.notes)
    assert "the Allies win" in panel.title
    assert "Marmont 2-6" in text
    assert "+2 French nationality bonus (11.3)" in text
    assert "-1 1 disorganisation suffered (11.52, 11.53)" in text
    assert "Round 1: the Allies roll 4 dice" in text
    assert "Losses suffered" in text


def test_11_52_an_event_extends_the_battle_to_a_third_round():
    """11.52: never more than two rounds unless an event says so (#11, #51): extended, a
    third round is fought."""
    state = board(ADN)
    place(state, "toledo", ADN, infantry=2, commanders=("joseph",))
    place(state, "toledo", GB, infantry=2, commanders=("beresford",))
    with scripted([1] * 10 * 2 + [6, 1, 1, 1, 1] + [1] * 5, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid",
              cards=lambda b: cards.extend(b, 1))
    assert log_has(state, "Round 3: the French roll 5 dice")
    # GB lost round 3: no friendly or Uncontrolled neighbour, so any enemy duchy but the
    # attacker's origin, with attrition (11.61, 9.44): 1 SP + Beresford, 2 dice
    labels = [c.label for c in battles.FLOW[BattleRetreat].choices(state, stack.top(state))
              if c.action.verb == "retreat"]
    assert len(labels) == 3 and all("into an enemy duchy (9.44)" in l for l in labels)
    with scripted([6, 1], strict=True):
        state = act(state, GB, "retreat", "talavera-de-la-reina")
    assert state.commanders["beresford"] == "talavera-de-la-reina"
    assert sp(state, "talavera-de-la-reina", GB) == 0       # the 6 took the last SP


def test_intercepting_defenders_are_named_in_the_focus():
    """11.4: an inactive Formation that intercepted into the duchy defends."""
    state = board(GB)
    place(state, "toledo", GB, infantry=3, cavalry=1, commanders=("wellington",))
    place(state, "toledo", ADN, infantry=1, commanders=("joseph",))
    battles.start(state, "toledo", GB, "wellington", "madrid", True)
    panel = battles.focus(state)
    assert panel is not None
    assert "The defenders intercepted into the duchy: they defend (11.4)." in panel.notes
    assert ["French (defender)", "Commander", "Joseph 1-4"] in panel.rows


def test_a_battle_saved_at_a_decision_loads_at_the_same_decision():
    """The Battle frame and its stops are data: a game saved at the retreat question loads
    there with the same choices, and plays on alike."""
    import msgspec

    from core.wellington.state import WellingtonState
    state = valladolid()
    state.stack = state.stack[:1]                      # the impulse only: a savable stack
    with scripted([5, 1, 1, 1, 6, 1, 1, 1, 1, 1, 6, 1, 2, 3, 4, 1], strict=True):
        fight(state, "valladolid", SPAIN, "Spain:valladolid", "", cards=levy)
    assert asked(state) is BattleRetreat
    loaded = msgspec.json.decode(msgspec.json.encode(state), type=WellingtonState)
    choices = battles.FLOW[BattleRetreat].choices
    assert choices(loaded, stack.top(loaded)) == choices(state, stack.top(state))
    assert battles.focus(loaded) == battles.focus(state)
    after = act(loaded, ADN, "retreat", "salamanca")
    again = act(state, ADN, "retreat", "salamanca")
    assert msgspec.json.encode(after) == msgspec.json.encode(again)


def test_tc_e24_humbugged_commander_fights_as_a_1_4():
    """TC-E24 (#23 Humbugged): Wellington is a 1-4 until the end of GB's next impulse: his
    Battle Value in battle is 1, as in interception (one reading of the effect, movement.py)."""
    from core.wellington.state import Effect
    state = board(GB)
    state.effects.append(Effect(card=23, power=ADN, target="wellington",
                                until="end-next-impulse"))
    place(state, "toledo", ADN, infantry=1, commanders=("joseph",))
    place(state, "toledo", GB, infantry=1, commanders=("wellington",))
    # GB 1 + 1 + 1 = 3 dice; AdN 1 + 1 + 2 = 4 dice (no terrain: an Open line)
    with scripted([1] * 7 * 2, strict=True):
        fight(state, "toledo", GB, "wellington", "madrid")
    assert log_has(state, "Round 1: the Allies roll 3 dice")
    assert log_has(state, "+1 Battle Value of Wellington, printed 5, changed by a card in "
                          "effect (11.2)")


def test_tc_e16_through_the_movement_part():
    """TC-E16 played from the move (9.51, 10.5): Wellington's Army (5 SP) enters Salamanca
    from Ciudad Rodrigo across the Broken line, Marmont stays; GB 5 + 5 + 1 = 11 dice, AdN
    2 + 2 + 2 + 1 (terrain) = 7; GB one 6 and three 5s, AdN one 6 (as #96 would leave it):
    Rout, Overrun, Flag Overrun; the winner of the Overrun has no BFI marker, so the move
    goes on (11.8)."""
    from core.wellington.frames.movement import MoveStep
    from tests.support import wellington_movement as mv
    state = mv.empty()
    state.stack = [stack_impulse(GB)]
    mv.put(state, "wellington", "ciudad-rodrigo", [3, 1, 0])
    state.flags["ciudad-rodrigo"] = SPAIN
    mv.put(state, "marmont", "salamanca", [2, 0, 0])
    state = mv.spend(state, GB, 5)
    state = mv.act(state, GB, "move", "wellington")
    state = mv.act(state, GB, "to", "salamanca")
    state = mv.act(state, ADN, "stay", dice=[6, 5, 5, 5] + [1] * 7 + [6] + [1] * 6)
    assert log_has(state, "+1 terrain: broken line crossed into Salamanca (11.41)")
    state = mv.act(state, GB, "lose", INF)
    assert isinstance(mv.top(state), FlagChoice)
    state = mv.act(state, GB, "flag", "salamanca=GB", dice=[4])
    assert state.flags["salamanca"] == GB and state.commanders["marmont"] == UNBUILT
    assert "wellington" not in state.bfi
    assert isinstance(mv.top(state), MoveStep)
    assert "to valladolid" in [str(c.action) for c in mv.choices(state, GB)]


def stack_impulse(power: str):
    from core.wellington.frames.impulse import Impulse
    return Impulse(power=power, kind="scheduled")


def test_14_3_assault_battery_losses_count_and_the_loser_goes_back_to_sea():
    """14.3: the coastal battery's 1 E and 1 D count as first-round losses of the assaulting
    side; beaten, it returns to the friendly port it sailed from (Lisbon), to sea with
    attrition (9.44): one die per SP and commander."""
    state = board(GB)
    place(state, "santander", ADN, infantry=1)
    place(state, "santander", GB, infantry=2, commanders=("beresford",))
    state.battery["santander"] = [state.impulses, 1, 1]
    # GB 2 + 2 + 1 = 5 dice: one 5; AdN 1 + 2 = 3 dice: nothing. Losses GB 2, AdN 1.
    with scripted([5, 1, 1, 1, 1] + [1, 1, 1] + [1, 1, 6], strict=True):
        fight(state, "santander", GB, "beresford", "lisbon")
    assert log_has(state, "Losses Allies 2, French 1: the French win (11.52)")
    assert log_has(state, "to sea (9.44, 14.3)")
    assert state.commanders["beresford"] == "lisbon" and sp(state, "lisbon", GB) == 1


def test_11_61_a_defender_may_split_its_retreat():
    """11.61 (and the differences chapter): the defending Formations need not all retreat
    into the same duchy: Clausel goes to Bayonne, his infantry to Pamplona; each group rolls
    its own attrition (none here: friendly duchies)."""
    state = board(GB)
    place(state, "san-sebastian", ADN, infantry=2, commanders=("clausel",))
    place(state, "san-sebastian", GB, infantry=6, commanders=("wellington",))
    # GB 6 + 5 + 1 = 12 dice: one 5; AdN 2 + 2 + 2 + 1 (Broken, friendly) = 7 dice
    with scripted([5] + [1] * 11 + [1] * 7, strict=True):
        fight(state, "san-sebastian", GB, "wellington", "bilbao")
    state = act(state, ADN, "send", "clausel>bayonne")
    sends = [c.action.noun for c in battles.FLOW[BattleRetreat].choices(state, stack.top(state))
             if c.action.verb == "send"]
    assert "clausel>vitoria" not in sends and "inf>vitoria" in sends
    with pytest.raises(IllegalAction):
        act(state, ADN, "send", "inf>bilbao")
    state = act(state, ADN, "retreat", "pamplona")
    assert state.commanders["clausel"] == "bayonne" and sp(state, "bayonne", ADN) == 0
    assert sp(state, "pamplona", ADN) == 2 and sp(state, "san-sebastian", ADN) == 0
    assert state.leading["bayonne"] == "clausel"
    assert "clausel" in state.bfi and "AdN:pamplona" in state.bfi


# --- wiring of card effects --------------------------------------------------------------------


def test_w5_106_dragoons_pursuit_between_the_decision_and_the_rout():
    """#106 Dragoons (W5): Marmont (BV 2, +1 from the card: W3) wins at Toledo; the
    battle's pursuit step rolls the card's 3 dice (5, 6: 2 more eliminations of the beaten
    side), which bring the margin to 3: the Rout follows (11.7)."""
    from core.wellington.events.cards_56_110_lasting import DRAGOONS
    from core.wellington.state import Effect
    state = board(ADN)
    place(state, "toledo", ADN, infantry=2, commanders=("marmont",), lead=True)
    place(state, "toledo", SPAIN, infantry=4)
    state.effects.append(Effect(card=DRAGOONS, power=ADN, target="marmont", until="turn"))
    # French 2 + 3 + 2 = 7 dice, Allies 4 + 0 + 0 = 4 dice, then the Dragoons' 3
    with scripted([6, 1, 1, 1, 1, 1, 1] + [1, 1, 1, 1] + [5, 6, 1], strict=True):
        fight(state, "toledo", ADN, "marmont", "madrid")
    assert log_has(state, "+3 Battle Value of Marmont")
    assert log_has(state, "#106 Dragoons: [5, 6, 1]: 2 more losses for the Allies.")
    assert log_has(state, "Rout: the French inflicted 3 more losses")
    assert sp(state, "toledo", SPAIN) == 1


def test_w7_100_pontoons_no_river_bonus_and_no_river_attrition_on_retreat():
    """#100 Pontoons (W7): AdN's bridged River into Lerma is open terrain for the battle's
    terrain dice (no +3 for the Allied defender, 11.43) and for a French retreat back across
    it (no River attrition, 9.44); the Spanish still cross a River."""
    from core.wellington.battle import modifiers
    from core.wellington.state import Effect
    state = board(ADN)
    place(state, "lerma", ADN, infantry=1, commanders=("clausel",))
    place(state, "lerma", SPAIN, infantry=1)
    state.flags["lerma"] = SPAIN
    battles.start(state, "lerma", ADN, "clausel", "valladolid", False)
    fought = stack.top(state)
    assert modifiers.lines_crossed(state, fought) == ["river"]
    assert "across a River (9.44)" in retreat.causes(state, fought, ADN, "valladolid")
    state.effects.append(Effect(card=100, power=ADN, target="lerma|valladolid",
                                until="impulse"))
    assert modifiers.lines_crossed(state, fought) == []          # open: no terrain dice
    assert "across a River (9.44)" not in retreat.causes(state, fought, ADN, "valladolid")
    assert "across a River (9.44)" in retreat.causes(state, fought, SPAIN, "valladolid")


# --- 11.62 note: offensive interceptions by event from several duchies ------------------------

SEED_11_62_NOTE = ("Nota: se si hanno più intercettazioni offensive causate da un evento "
                   "provenienti da più di un Ducato adiacente, il giocatore attivo sceglie in "
                   "quale Ducato possibile si ritira.")


def tied_at_toledo(entries: tuple[tuple[str, str], ...]):
    """AdN's impulse: Joseph entered Toledo from Madrid; `entries` (Power, duchy) are event
    interceptions into Toledo this impulse, recorded through the ENTERED seam as
    interception.arrive_reinforcement calls it; the battle is tied after round 2 (11.52): the
    active side must retreat (11.62)."""
    from core.wellington import movement
    state = board(ADN)
    place(state, "toledo", ADN, infantry=2, commanders=("joseph",))
    place(state, "toledo", GB, infantry=2, commanders=("beresford",))
    for power, origin in entries:
        movement.entered(state, "reinforce", f"{power}:toledo", origin, "toledo", power)
    with scripted([1] * 20, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
    return state


def test_11_62_note_the_active_player_chooses_among_the_entry_duchies():
    """11.62 note (seed): "se si hanno più intercettazioni offensive causate da un evento
    provenienti da più di un Ducato adiacente, il giocatore attivo sceglie in quale Ducato
    possibile si ritira": French Formations came into Toledo from Madrid and (by an event)
    from Aranjuez, both friendly: AdN chooses; a duchy it did not come from is refused."""
    assert "il giocatore attivo sceglie" in SEED_11_62_NOTE
    state = tied_at_toledo(((ADN, "aranjuez"),))
    assert asked(state) is BattleRetreat and stack.top(state).power == ADN
    options = {c.action.noun for c in battles.FLOW[BattleRetreat].choices(state,
                                                                          stack.top(state))}
    assert options == {"madrid", "aranjuez"}
    with pytest.raises(IllegalAction):
        act(state, ADN, "retreat", "talavera-de-la-reina")
    state = act(state, ADN, "retreat", "aranjuez")
    assert state.commanders["joseph"] == "aranjuez" and sp(state, "aranjuez", ADN) == 2
    assert sp(state, "toledo", ADN) == 0


def test_11_62_note_only_possible_duchies_and_only_the_active_sides_interceptions():
    """11.62: a duchy counts only "se amico controllato o fortezza nemica assediata": an
    entry from Aranjuez under a Spanish flag is not possible, and an Allied (defensive)
    interception from Talavera is not the active side's: Joseph goes back to Madrid with
    no question asked."""
    assert "Ducato possibile" in SEED_11_62_NOTE
    state = board(ADN)
    state.flags["aranjuez"] = SPAIN
    place(state, "toledo", ADN, infantry=2, commanders=("joseph",))
    place(state, "toledo", GB, infantry=2, commanders=("beresford",))
    from core.wellington import movement
    movement.entered(state, "reinforce", "AdN:toledo", "aranjuez", "toledo", ADN)
    movement.entered(state, "reinforce", "GB:toledo", "talavera-de-la-reina", "toledo", GB)
    with scripted([1] * 20, strict=True):
        fight(state, "toledo", ADN, "joseph", "madrid")
    assert asked(state) is not BattleRetreat
    assert state.commanders["joseph"] == "madrid" and sp(state, "madrid", ADN) == 2
