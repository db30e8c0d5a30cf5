"""Card events on sieges, attrition and naval moves (core/wellington/events/
cards_siege_attrition.py: #15, #27, #43, #68, #70, #81, #91, #103) and 5.11 (events/common.py
`place_sp`), each branch with the numbers of the card's own paragraph in the seed; played
through the game's own Rules and flow (tests/support/wellington_siege.py), dice scripted."""
from __future__ import annotations

from core import stack
from core.dice import scripted
from core.wellington import attrition, building, cardplay, siege
from core.wellington import flags as geo
from core.wellington.battle import cards as battle_cards
from core.wellington.events import common
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import FlagChoice
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.frames.siege import AttritionAnswer, Siege
from core.wellington.state import ADN, ADS, ALLIES, FRENCH, GB, SPAIN, UNBUILT
from tests.support.wellington_battle import CALLER, Caller
from tests.support.wellington_siege import (FLOW, act, board, flag, give, impulse, offered, put,
                                            refused_untouched)

from core.wellington import flow

ONES = [1] * 3


def marmont_at_lisbon(*cards: int, holder: str = ADN, inf: int = 4):
    """Marmont (BV 2, CV 6) and `inf` infantry of AdN at Lisbon (GB's fortress, strength 3);
    `holder` holds `cards`; AdN's impulse menu. Dice: inf + 2 (BV) + 2 (French) each round."""
    match = board()
    put(match.state, "lisbon", ADN, "marmont", inf=inf)
    give(match.state, holder, *cards)
    impulse(match, ADN)
    return match


def the_siege(match) -> Siege:
    frame = stack.find(match.state, Siege)
    assert frame is not None
    return frame


def top(match):
    return stack.top(match.state)


def rolled(match, reason: str) -> int:
    """How many dice the log shows rolled for `reason`."""
    return sum(1 for line in match.state.log if line.startswith("[d6") and reason in line)


# --- #15 Forlorn Hope ---------------------------------------------------------------------------


def test_15_forlorn_hope_3_dice_apart_a_6_hits_and_two_1s_cost_one_sp():
    """Round 1: 8 dice (4 SP + 2 + 2) [6, 2 x7] and 3 apart [6, 1, 1]: 2 hits; the 1s cost 1
    SP only (the maximum). 2 hits against 0 losses: round 2, 3 SP + 4 = 7 dice, no dice
    apart (one round only): a 6 is the third hit, Lisbon falls."""
    match = marmont_at_lisbon(15)
    act(match, ADN, "siege", "lisbon=marmont")
    assert offered(match, "siege-card") == [15]
    act(match, ADN, "siege-card", 15)
    act(match, ADN, "siege-cards-done",
        dice=[6] + [2] * 7 + [6, 1, 1] + ONES + [6] + [2] * 6 + ONES + [1])
    frame = the_siege(match)
    assert frame.round == 2 and frame.captured and frame.hits == 3
    assert building.sp(match.state, "lisbon", ADN) == 3
    assert "[6, 1, 1] apart" in frame.history[0] and "1 lost to a 1 (#15)" in frame.history[0]
    assert "apart" not in frame.history[1]
    assert isinstance(top(match), FlagChoice)


def test_15_forlorn_hope_no_1_no_self_loss():
    match = marmont_at_lisbon(15)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, ADN, "siege-card", 15)
    act(match, ADN, "siege-cards-done", dice=[2] * 8 + [2, 3, 4] + ONES)
    assert building.sp(match.state, "lisbon", ADN) == 4
    assert match.state.commanders["marmont"] == "lisbon"


def test_15_forlorn_hope_with_no_soldier_the_commander_falls_and_the_siege_fails():
    """No soldier: the one self-inflicted loss is the commander; the siege fails (12.3) even
    though the fortress took a hit."""
    match = marmont_at_lisbon(15, inf=0)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, ADN, "siege-card", 15)
    act(match, ADN, "siege-cards-done", dice=[2] * 4 + [6, 1, 2] + ONES)
    assert match.state.commanders["marmont"] == UNBUILT
    assert "lisbon" not in match.state.flags


def test_15_forlorn_hope_only_for_the_besieger():
    match = marmont_at_lisbon()
    give(match.state, GB, 15)
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3, round=1)
    assert siege.card_choices(match.state, frame, GB) == []


# --- #27 Heavy Guns Bogged Down ---------------------------------------------------------------


def guns_played(match) -> None:
    """GB answers the start of Marmont's siege of Lisbon with #27; AdN is asked."""
    act(match, ADN, "siege", "lisbon=marmont")
    assert isinstance(top(match), ResponseWindow) and top(match).trigger == siege.BEFORE_DICE
    act(match, GB, "respond", 27)
    assert isinstance(top(match), EventChoice) and top(match).power == ADN


def test_27_heavy_guns_half_the_besieger_s_dice_rounded_up():
    """4 SP + 2 + 2 = 8 dice halved: 4; the fortress keeps its 3."""
    match = marmont_at_lisbon(27, holder=GB)
    guns_played(match)
    act(match, ADN, "event-choice", "half")
    act(match, GB, "no-response", dice=[2, 2, 2, 2] + ONES)
    assert rolled(match, "siege of Lisbon, round 1: AdN") == 4
    assert rolled(match, "siege of Lisbon, round 1: the fortress") == 3


def test_27_heavy_guns_7_dice_halved_rounded_up_to_4():
    match = marmont_at_lisbon(27, holder=GB, inf=3)
    guns_played(match)
    act(match, ADN, "event-choice", "half")
    act(match, GB, "no-response", dice=[2] * 4 + ONES)
    assert rolled(match, "siege of Lisbon, round 1: AdN") == 4


def test_27_heavy_guns_the_besieger_may_not_attack():
    """No dice; the fortress counts as besieged this impulse (12.22); no BFI marker."""
    match = marmont_at_lisbon(27, holder=GB)
    guns_played(match)
    act(match, ADN, "event-choice", "no-attack")
    act(match, GB, "no-response", dice=[])
    state = match.state
    assert stack.find(state, Siege) is None
    assert "lisbon" in state.besieged and "marmont" not in state.bfi
    assert "AdN does not attack Lisbon (#27 Heavy Guns Bogged Down)." in state.log
    assert offered(match, "siege") == []


def test_27_only_at_the_start_of_a_siege():
    match = marmont_at_lisbon(27)
    assert 27 not in offered(match, "event")                 # no siege beginning
    refused_untouched(match, ADN, "event", 27)
    match = marmont_at_lisbon(27, holder=GB)
    state = match.state
    assert not cardplay.event_playable(state, GB, 27, "")
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3, round=2)
    state.stack.append(frame)
    assert not cardplay.event_playable(state, GB, 27, siege.BEFORE_DICE)
    frame.round = 1
    assert cardplay.event_playable(state, GB, 27, siege.BEFORE_DICE)




# --- #8 Bombardment after a round's result (12.3 "esteso ... da un evento"; TC-E04) -----------


def bombardment_after_round_1(match) -> None:
    """Marmont (4 SP + 2 + 2 = 8 dice) besieges Lisbon; AdS holds #8 and lets round 1 be
    rolled: AdN [6, 2 x7] = 1 hit, the fortress [5, 6, 1] = 1 E + 1 D: 1 hit against 2
    losses, the siege would end (12.3). AdS answers the round's result with #8."""
    act(match, ADN, "siege", "lisbon=marmont")
    assert top(match).trigger == siege.BEFORE_DICE
    act(match, ADS, "no-response", dice=[6] + [2] * 7 + [5, 6, 1])
    frame = the_siege(match)
    assert isinstance(top(match), ResponseWindow) and top(match).trigger == siege.AFTER_ROUND
    assert (frame.round, frame.round_hits, frame.round_losses, frame.over) == (1, 1, 2, False)
    act(match, ADS, "respond", 8)
    assert isinstance(top(match), EventChoice) and top(match).power == ADN   # the besieger
    assert offered(match, "event-choice") == ["1", "2"]


def test_8_after_round_1_the_dice_go_to_round_2_which_is_fought_whatever_round_1_gave():
    """TC-E04's choice: the 3 dice in round 2: 3 SP (one disorganised, 11.53) = 2 + 2 + 2 + 3
    = 9 dice; [6, 6, 2 x7] are the second and third hits: Lisbon falls in round 2, a Siege
    Overrun, Devastation 1 + 1."""
    match = marmont_at_lisbon(8, holder=ADS)
    bombardment_after_round_1(match)
    act(match, ADN, "event-choice", "2")
    assert the_siege(match).continue_after == [1]
    act(match, ADS, "no-response", dice=[6, 6] + [2] * 7 + ONES + [1])
    frame = the_siege(match)                            # the free flag is asked
    assert rolled(match, "siege of Lisbon, round 2: AdN") == 9
    assert frame.captured and frame.round == 2 and frame.overrun
    assert "AdN takes #8's 3 dice in siege round 2" in "\n".join(match.state.log)
    assert 8 in match.state.piles.discard


def test_8_after_round_1_the_dice_rolled_now_a_6_is_round_1_s_hit():
    """The tutorial's other option ("potrebbe tirare questi 3 dadi ora"): the 3 dice rolled
    now count in round 1: [6, 6, 1] are the second and third hits: Lisbon falls in round 1
    (a Siege Overrun, Devastation + 2)."""
    match = marmont_at_lisbon(8, holder=ADS)
    bombardment_after_round_1(match)
    act(match, ADN, "event-choice", "1", dice=[6, 6, 1])
    frame = the_siege(match)
    assert (frame.round_hits, frame.hits) == (3, 3)
    assert rolled(match, "round 1: AdN (#8 Bombardment (round 1))") == 3
    act(match, ADS, "no-response", dice=[4])                    # Devastation 4 + 2 = 6
    frame = the_siege(match)
    assert frame.captured and frame.round == 1 and frame.overrun
    assert match.state.resources[ADN] == 1


def test_8_dice_rolled_now_miss_and_round_2_still_follows_with_no_more_dice():
    """[2, 2, 2] now: still 1 hit against 2 losses, yet round 2 is fought (#8: "indipendente-
    mente dal risultato"), with no #8 dice: 2 + 2 + 2 = 6; a miss and 0 hits against 0
    losses end the siege in round 2 (no third round without the card's help)."""
    match = marmont_at_lisbon(8, holder=ADS)
    bombardment_after_round_1(match)
    act(match, ADN, "event-choice", "1", dice=[2, 2, 2])
    act(match, ADS, "no-response", dice=[2] * 6 + ONES)
    assert rolled(match, "siege of Lisbon, round 2: AdN") == 6
    assert stack.find(match.state, Siege) is None
    assert "marmont" in match.state.bfi and "lisbon" not in match.state.flags


def test_8_after_round_2_rolled_now_and_a_third_round_whatever_the_second_gave():
    """After round 2 only "now" is left (the first and second rounds only): no question; the
    siege goes to a third round though round 2 gave 0 hits against 1 loss."""
    match = marmont_at_lisbon(8, holder=ADS)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, ADS, "no-response", dice=[6] + [2] * 7 + ONES)      # 1 hit, 0 losses
    act(match, ADS, "no-response")                                 # round 1's result
    act(match, ADS, "no-response", dice=[2] * 8 + [5, 1, 1])       # round 2: 0 against 1
    assert top(match).trigger == siege.AFTER_ROUND and the_siege(match).round == 2
    act(match, ADS, "respond", 8, dice=[2, 2, 2])
    assert the_siege(match).continue_after == [2]
    act(match, ADS, "no-response", dice=[2] * 7 + ONES)
    assert stack.find(match.state, Siege) is None
    assert rolled(match, "round 2: AdN (#8 Bombardment (round 2))") == 3
    assert rolled(match, "siege of Lisbon, round 3: AdN (12.3)") == 7   # 4 SP, 1 D: 3 + 4


def test_8_refused_after_round_3_after_a_capture_and_with_the_commander_dead():
    match = marmont_at_lisbon(8, holder=ADS)
    state = match.state
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3,
                  round=1, rolls={"besieger": [6], "fortress": [1, 1, 1]}, hits=1)
    state.stack.append(frame)
    assert cardplay.event_playable(state, ADS, 8, siege.AFTER_ROUND)
    assert not cardplay.event_playable(state, ADS, 8, siege.BEFORE_DICE)   # already rolled
    frame.hits = 3
    assert not cardplay.event_playable(state, ADS, 8, siege.AFTER_ROUND)   # it has fallen
    frame.hits, frame.round = 1, 3
    assert not cardplay.event_playable(state, ADS, 8, siege.AFTER_ROUND)   # rounds 1-2 only
    frame.round = 2
    state.commanders["marmont"] = UNBUILT
    assert not cardplay.event_playable(state, ADS, 8, siege.AFTER_ROUND)   # no survivor
    assert not cardplay.event_playable(state, ADS, 8, "")


# --- #43 Dysentery --------------------------------------------------------------------------------


def test_43_dysentery_attrition_plus_1_from_the_sixth_die():
    """Marmont and 7 infantry at Salamanca: 8 dice [5, 5, 5, 5, 5, 5, 5, 6]: the first five
    5s miss, the sixth and seventh count +1 (6), the eighth is a 6: 3 SP lost."""
    match = board()
    put(match.state, "salamanca", ADN, "marmont", inf=7)
    give(match.state, GB, 43)
    impulse(match, GB)
    act(match, GB, "event", 43)
    assert "attrition:salamanca" in top(match).options
    act(match, GB, "event-choice", "attrition:salamanca", dice=[5] * 7 + [6])
    assert building.sp(match.state, "salamanca", ADN) == 4
    assert match.state.commanders["marmont"] == "salamanca"


def test_43_dysentery_a_besieged_fortress_falls_on_a_roll_above_its_strength():
    """2 leaderless AdN infantry in Lisbon (GB, strength 3): a 4 > 3 takes it; the SP may keep
    moving (their BFI marker goes, 12.41); Devastation 4 + 2 (as in round 1 of 3) = 6: 1
    Resource; AdN places its flag (free, compulsory)."""
    match = board()
    put(match.state, "lisbon", ADN, inf=2)
    match.state.bfi.append("AdN:lisbon")
    give(match.state, ADS, 43)
    impulse(match, ADS)
    act(match, ADS, "event", 43)
    assert "fortress:lisbon" in top(match).options
    act(match, ADS, "event-choice", "fortress:lisbon", dice=[4, 4])
    state = match.state
    assert "AdN:lisbon" not in state.bfi and state.resources[ADN] == 1
    assert isinstance(top(match), FlagChoice) and top(match).power == ADN
    act(match, ADN, "flag", "lisbon=AdN")
    assert geo.controller(match.state, "lisbon") == ADN


def test_43_dysentery_the_fortress_holds_on_its_strength_or_less():
    match = board()
    put(match.state, "lisbon", ADN, inf=2)
    give(match.state, ADN, 43)
    impulse(match, ADN)
    act(match, ADN, "event", 43)
    act(match, ADN, "event-choice", "fortress:lisbon", dice=[3])
    assert geo.controller(match.state, "lisbon") == GB
    assert match.state.resources[ADN] == 0


def test_43_dysentery_gibraltar_needs_a_6():
    match = board()
    put(match.state, "gibraltar", ADS, "soult", inf=3)
    give(match.state, ADS, 43)
    impulse(match, ADS)
    act(match, ADS, "event", 43)
    act(match, ADS, "event-choice", "fortress:gibraltar", dice=[5])
    assert geo.controller(match.state, "gibraltar") == GB


def test_43_not_offered_with_no_enemy_anywhere():
    match = board()
    put(match.state, "salamanca", GB, "wellington", inf=2)
    give(match.state, GB, 43)
    assert not cardplay.event_playable(match.state, GB, 43, "")
    assert cardplay.event_playable(match.state, ADN, 43, "cp-card:17")


# --- #68 Train des Équipages ---------------------------------------------------------------------


def test_68_train_cancels_the_attrition_just_suffered_in_a_duchy():
    """GB's #43 costs Marmont's 3 infantry 3 SP and Marmont himself (4 sixes); AdN answers
    with #68 on Salamanca: the 3 SP and Marmont come back."""
    match = board()
    put(match.state, "salamanca", ADN, "marmont", inf=3)
    give(match.state, GB, 43)
    give(match.state, ADN, 68)
    impulse(match, GB)
    act(match, GB, "event", 43)
    act(match, GB, "event-choice", "attrition:salamanca", dice=[6, 6, 6, 6])
    state = match.state
    assert building.sp(state, "salamanca", ADN) == 0 and state.commanders["marmont"] == UNBUILT
    assert isinstance(top(match), ResponseWindow) and top(match).trigger == "event:43"
    act(match, ADN, "respond", 68)
    assert top(match).options == ["salamanca"]
    act(match, ADN, "event-choice", "salamanca")
    state = match.state
    assert building.counters(state, "salamanca", ADN) == [3, 0, 0]
    assert state.commanders["marmont"] == "salamanca"
    assert attrition.losses(state) == []


def test_68_train_cancels_an_enemy_winner_s_plunder():
    """After a battle the French won with Plunder due (an Allied Army routed), GB cancels it
    in the after-battle window; a French player may not (its own side won)."""
    match = board()
    state = match.state
    give(state, GB, 68)
    battle = Battle(duchy="salamanca", attacker=ADN, attacking=FRENCH, defending=ALLIES,
                    winner=FRENCH, loser=ALLIES, routed=True, had_army={ALLIES: True})
    state.stack = [battle, Caller(power=ADN)]
    assert cardplay.event_playable(state, GB, 68, battle_cards.AFTER_BATTLE)
    assert not cardplay.event_playable(state, ADN, 68, battle_cards.AFTER_BATTLE)
    cardplay.play_event(state, GB, 68, battle_cards.AFTER_BATTLE)
    flow_ = {**FLOW, Caller: CALLER}
    stack.run(state, flow_, flow.settle)
    assert top(match).options == ["plunder"]
    state = stack.act(state, flow_, GB, stack_action("event-choice", "plunder"),
                      settle=flow.settle)
    assert stack.find(state, Battle).no_plunder == "#68 Train des Équipages"


def test_68_not_offered_with_nothing_to_cancel():
    match = board()
    give(match.state, GB, 68)
    impulse(match, GB)
    assert 68 not in offered(match, "event")


# --- #70 Combined Grenadiers (siege) -------------------------------------------------------------


def test_70_tc_e27_joseph_with_21_and_70_rolls_8_and_takes_ciudad_rodrigo():
    """TC-E27: 4 SP (2 cavalry) + 2 (French) + 1 (Joseph) + 1 (#70) = 8 dice; two 6s and two
    5s: 2 + 1 (#21) = 3 hits, Ciudad Rodrigo falls in round 1; Spain's 3 dice hit nothing.
    TC-E28: Devastation 5 + 2 = 7: 1 Resource."""
    match = board()
    state = match.state
    put(state, "ciudad-rodrigo", ADN, "joseph", cav=2)
    flag(state, "ciudad-rodrigo", SPAIN)
    give(state, ADN, 21, 70)
    impulse(match, ADN)
    act(match, ADN, "siege", "ciudad-rodrigo=joseph")
    act(match, ADN, "siege-card", 21)
    act(match, ADN, "siege-card", 70)
    act(match, ADN, "siege-cards-done", dice=[6, 6, 5, 5, 1, 2, 3, 4] + [1, 2, 3] + [5])
    frame = the_siege(match)
    assert rolled(match, "round 1: AdN") == 8 and frame.hits == 3
    assert frame.captured and frame.overrun and match.state.resources[ADN] == 1


def test_70_a_tied_siege_goes_on_past_its_maximum_once():
    """Marmont (4 SP, 9 dice with #70) at Lisbon: rounds 1-2 won (1 hit to 0), round 3 tied
    (0 to 0): a 4th round, past the maximum of 3; round 4 tied again: the siege ends."""
    match = marmont_at_lisbon(70)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, ADN, "siege-card", 70)
    won = [6] + [2] * 8 + ONES
    tie = [2] * 9 + ONES
    act(match, ADN, "siege-cards-done", dice=won + won + tie + tie)
    state = match.state
    assert rolled(match, "round 4: AdN") == 9 and rolled(match, "round 5") == 0
    assert geo.controller(state, "lisbon") == GB and "marmont" in state.bfi


def test_70_a_won_round_does_not_go_past_the_maximum():
    """Round 1 tied (0 to 0): it goes on (#70); rounds 2 and 3 won (1 hit to 0): 2 hits, the
    maximum of 3 rounds reached: no 4th round for a won round."""
    match = marmont_at_lisbon(70)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, ADN, "siege-card", 70)
    won = [6] + [2] * 8 + ONES
    tie = [2] * 9 + ONES
    act(match, ADN, "siege-cards-done", dice=tie + won + won)
    assert rolled(match, "round 3: AdN") == 9 and rolled(match, "round 4") == 0
    assert geo.controller(match.state, "lisbon") == GB


def test_70_played_by_the_fortress_owner_a_die_more_and_ties_end_the_siege():
    match = marmont_at_lisbon()
    give(match.state, GB, 70)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, GB, "siege-card", 70)
    act(match, GB, "siege-cards-done", dice=[2] * 8 + [2, 2, 2, 2])
    assert rolled(match, "round 1: the fortress") == 4 and rolled(match, "round 2") == 0


# --- #81 Thunder & Lightning (siege) --------------------------------------------------------------


def test_81_both_sides_halved_and_an_overrun_goes_nowhere():
    """8 dice -> 4, the fortress's 3 -> 2; three 6s take Lisbon in round 1 (a Siege Overrun)
    but Marmont keeps his BFI marker and may not leave until AdN's next impulse."""
    match = marmont_at_lisbon(81)
    act(match, ADN, "siege", "lisbon=marmont")
    act(match, ADN, "siege-card", 81)
    act(match, ADN, "siege-cards-done", dice=[6, 6, 6, 2] + [1, 1] + [1])
    state = match.state
    assert rolled(match, "round 1: AdN") == 4 and rolled(match, "round 1: the fortress") == 2
    assert the_siege(match).overrun and "marmont" in state.bfi
    assert any(e.card == 81 and e.target == "marmont" and e.until == "next-impulse"
               for e in state.effects)


def test_81_a_later_siege_in_that_duchy_this_impulse_is_halved_too():
    match = marmont_at_lisbon()
    common.effect(match.state, 81, GB, target="lisbon", until="impulse")
    act(match, ADN, "siege", "lisbon=marmont", dice=[2] * 4 + [2, 2])
    assert rolled(match, "round 1: AdN") == 4


def test_81_only_at_the_start_of_the_first_round():
    match = marmont_at_lisbon(81)
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3, round=2)
    assert siege.card_choices(match.state, frame, ADN) == []


# --- #91 The Wild Geese (as besieger) -------------------------------------------------------------


def test_91_spain_besieging_2_dice_one_disorganisation_ignored_no_devastation_attrition():
    """Castaños (BV 2) and 3 Spanish infantry besiege Ciudad Rodrigo (AdN): 3 + 2 + 2 (#91) = 7
    dice [6, 6, 6, ...]: taken in round 1; the fortress's [5, 5, 1]: one 5 ignored, 1 D.
    Devastation 6 + 2: 1 Resource and no Spanish attrition roll (11.11)."""
    match = board()
    state = match.state
    put(state, "ciudad-rodrigo", SPAIN, "castanos", inf=3)
    give(state, SPAIN, 91)
    impulse(match, SPAIN)
    act(match, SPAIN, "siege", "ciudad-rodrigo=castanos")
    act(match, SPAIN, "siege-card", 91)
    act(match, SPAIN, "siege-cards-done", dice=[6, 6, 6, 1, 1, 1, 1] + [5, 5, 1] + [6])
    frame = the_siege(match)
    assert rolled(match, "round 1: Spain") == 7 and frame.captured
    assert frame.disorganised == 1 and "1 D ignored" in frame.history[0]
    assert match.state.resources[SPAIN] == 1 and rolled(match, "Spanish Devastation") == 0


def test_91_still_for_spain_s_own_fortress():
    match = board()
    give(match.state, SPAIN, 91)
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=SPAIN, strength=3,
                  round=1)
    assert siege.SIEGE_CARDS[91].playable(match.state, frame, SPAIN)
    frame.owner = GB
    assert not siege.SIEGE_CARDS[91].playable(match.state, frame, SPAIN)


# --- #102 Chasseurs & Hussars -------------------------------------------------------------------


def partisans_at_valladolid(*, respond_with_102: bool):
    """Spain's infantry at Salamanca; Marmont and 4 AdN infantry at Valladolid (next to it)
    and 2 AdS infantry with them; Spain plays #88 Partisans from Salamanca: 7 dice."""
    match = board()
    state = match.state
    put(state, "salamanca", SPAIN, inf=1)
    put(state, "valladolid", ADN, "marmont", inf=4)
    put(state, "valladolid", ADS, inf=2)
    give(state, SPAIN, 88)
    give(state, ADN, 102)
    impulse(match, SPAIN)
    act(match, SPAIN, "event", 88)
    if not respond_with_102:
        common.effect(match.state, 102, ADN, until="turn")   # #102 played earlier this turn
    act(match, ADN, "no-response")                          # the play:88 window (5.2)
    return match


def test_102_a_raid_result_just_rolled_is_halved_rounded_up():
    """#88: 5 sixes of 7 dice: AdN (the odd one, Marmont's Power) loses 3 SP, AdS 2;
    AdN answers with #102: AdN's 3 become 2 (rounded up), AdS's 2 become 1 (French pieces
    with AdN's Army)."""
    match = partisans_at_valladolid(respond_with_102=True)
    act(match, SPAIN, "event-choice", "salamanca", dice=[6, 6, 6, 6, 6, 1, 1])
    for power in (ADN, ADN, ADN, ADS, ADS):   # 13.1: Marmont's Power shares the losses
        act(match, ADN, "attrition-loss", power)
    state = match.state
    lost_adn = 4 - building.sp(state, "valladolid", ADN)
    lost_ads = 2 - building.sp(state, "valladolid", ADS)
    assert (lost_adn, lost_ads) == (3, 2)
    act(match, ADN, "respond", 102)
    state = match.state
    assert 4 - building.sp(state, "valladolid", ADN) == 2
    assert 2 - building.sp(state, "valladolid", ADS) == 1


def test_102_later_raids_this_turn_are_halved():
    """With #102 in force: 5 sixes: AdN would lose 3, AdS 2: they lose 2 and 1."""
    match = partisans_at_valladolid(respond_with_102=False)
    act(match, SPAIN, "event-choice", "salamanca", dice=[6, 6, 6, 6, 6, 1, 1])
    state = match.state
    assert building.sp(state, "valladolid", ADN) == 2
    assert building.sp(state, "valladolid", ADS) == 1


def test_102_does_not_cover_other_attrition_nor_the_other_power_alone():
    match = board()
    state = match.state
    put(state, "valladolid", ADS, inf=2)                     # no AdN Army there
    common.effect(state, 102, ADN, until="turn")
    from core.wellington.events import cards_siege_attrition as ev
    assert not ev.chasseurs_cover(state, "valladolid", ADS)
    assert ev.chasseurs_cover(state, "valladolid", ADN)
    assert ev.chasseurs_losses(state, "valladolid", ADN, 3, 43) == 3      # #43: not a raid
    assert ev.chasseurs_losses(state, "valladolid", ADN, 3, 92) == 2
    assert ev.bandit_hits(state, "valladolid", 3) == 3      # AdS alone: not covered
    put(state, "valladolid", ADN, "marmont")
    assert ev.bandit_hits(state, "valladolid", 3) == 2      # with AdN's Army: covered
    assert not cardplay.event_playable(state, GB, 102, "cp-card:17")


# --- #103 Naval Support -------------------------------------------------------------------------


def test_103_blocks_a_british_convoy_its_cp_lost():
    match = board()
    put(match.state, "lisbon", GB, inf=2)
    give(match.state, ADS, 103)
    from tests.support.wellington_siege import spend
    spend(match, GB, 5)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "porto")
    assert match.state.active == [ADS]
    act(match, ADS, "respond", 103)
    assert "block" in top(match).options
    act(match, ADS, "event-choice", "block")
    act(match, ADS, "no-response")
    state = match.state
    assert state.troops["lisbon"][GB] == [2, 0, 0] and "porto" not in state.troops
    assert stack.top(state).left == 4


def test_103_a_french_convoy_at_no_cp():
    match = board()
    put(match.state, "bayonne", ADS, inf=2)
    give(match.state, ADS, 103)
    impulse(match, ADS)
    act(match, ADS, "event", 103)
    act(match, ADS, "event-choice", "convoy")
    act(match, ADS, "convoy-from", "bayonne")
    act(match, ADS, "convoy-load", "0")
    act(match, ADS, "convoy-load", "0")
    act(match, ADS, "convoy-sail", "bordeaux")
    assert match.state.troops["bordeaux"][ADS] == [2, 0, 0]


def test_103_cancels_french_attrition_in_a_port_even_after_the_roll():
    """GB's #43 at Bilbao costs AdN 2 SP; AdS answers with #103 on Bilbao: they come back,
    and French attrition there costs nothing for the rest of the impulse."""
    match = board()
    put(match.state, "bilbao", ADN, inf=3)
    give(match.state, GB, 43)
    give(match.state, ADS, 103)
    impulse(match, GB)
    act(match, GB, "event", 43)
    act(match, ADS, "no-response")                   # #103 is playable at any moment (5.2)
    act(match, GB, "event-choice", "attrition:bilbao", dice=[6, 6, 1])
    assert building.sp(match.state, "bilbao", ADN) == 1
    act(match, ADS, "respond", 103)
    act(match, ADS, "event-choice", "port:bilbao")
    state = match.state
    assert building.sp(state, "bilbao", ADN) == 3
    with scripted([6, 6, 6], strict=True):
        lost = attrition.check(state, "bilbao", attrition.units_of_side(state, "bilbao", FRENCH))
    assert lost == {ADN: 0} and building.sp(state, "bilbao", ADN) == 3


def test_103_only_the_french_play_it():
    match = board()
    give(match.state, GB, 103)
    assert not cardplay.event_playable(match.state, GB, 103, "cp-card:17")


# --- the recorded attrition losses, the end-of-turn window ----------------------------------------


def test_attrition_losses_recorded_with_their_cause_for_the_impulse():
    match = board()
    state = match.state
    put(state, "salamanca", ADN, "marmont", inf=1)
    with scripted([6, 6], strict=True):
        attrition.check(state, "salamanca", attrition.units_of_side(state, "salamanca", FRENCH))
    assert attrition.losses(state) == [(state.impulses, "salamanca", ADN, 0, 1, "", ""),
                                       (state.impulses, "salamanca", ADN, 0, 0, "marmont", "")]
    state.impulses += 1
    assert attrition.losses(state) == []


def test_4_3_end_of_turn_attrition_answered_only_by_68_and_103():
    """4.3: AdN's 2 infantry in a duchy GB controls lose 1 SP; AdN's #68 may answer (the SP
    comes back); GB's #43, a Response "at any moment", is not offered: no impulse is under
    way (5.2)."""
    match = board()
    state = match.state
    put(state, "salamanca", ADN, inf=2)
    flag(state, "salamanca", GB)
    give(state, ADN, 68)
    give(state, GB, 43)
    state.stack = []
    with scripted([6, 2], strict=True):
        attrition.attrition_step(state)
        stack.run(state, FLOW, flow.settle)
    assert isinstance(top(match), AttritionAnswer) and top(match).asked == [ADN]
    assert [c.action.noun for c in stack.choices(state, FLOW, ADN)] == [68, None]
    stack.apply(state, FLOW, stack_action("respond", 68), flow.settle)
    while isinstance(stack.top(state), ResponseWindow):      # #68 announced (cardplay, 5.2)
        stack.apply(state, FLOW, stack_action("no-response"), flow.settle)
    state = stack.act(state, FLOW, ADN, stack_action("event-choice", "salamanca"),
                      settle=flow.settle)
    assert building.sp(state, "salamanca", ADN) == 2


# --- 5.11 placing SP with too few counters --------------------------------------------------------


def test_5_11_nothing_to_exchange_places_what_it_can():
    """With no SP of its own on the map to eliminate, what the unbuilt counters allow is
    placed, and nobody is asked."""
    match = board()
    state = match.state
    free = building.unbuilt(state, SPAIN)
    put(state, "england", SPAIN, inf=free[0] - 1, cav=free[1], art=free[2])
    common.place_sp_then(state, "leon", SPAIN, 2, "test", 47, "")
    assert building.sp(state, "leon", SPAIN) == 1
    assert "could not be placed" in state.log[-1]


def stack_action(verb: str, noun: object = None):
    from core.engine import Action
    return Action(verb, noun)


# --- #95 The Rifle Brigade: a battle or siege round (the move's moments: movement seams) ------


def rifles_battle(french_inf: int = 3, marmont: bool = True):
    """Marmont's AdN (`french_inf` infantry) attacks Wellington's 3 infantry at Salamanca; GB
    holds #95: the battle's Response window before round 1's dice asks GB."""
    from tests.support import wellington_battle as wb
    state = wb.board(ADN)
    wb.place(state, "salamanca", GB, infantry=3, commanders=("wellington",), lead=True)
    wb.place(state, "salamanca", ADN, infantry=french_inf,
             commanders=("marmont",) if marmont else ())
    wb.give(state, GB, 95)
    state = wb.fight(state, "salamanca", ADN, "marmont" if marmont else "AdN:salamanca",
                     came_from="valladolid")
    assert top_of(state).trigger == battle_cards.BEFORE_DICE and state.active == [GB]
    return state


def top_of(state):
    return stack.top(state)


def test_95_battle_round_the_french_lose_2_to_the_regroup_box_and_lose_the_round():
    """Before round 1's dice: 4 dice (3 SP + Marmont) [6, 6, 1, 1]: 2 SP to the Regroup Box,
    2 eliminations of the French side (11.52). Then French 1 + 2 + 2 = 5 dice, Allies 3 + 5
    + 1 = 9, all 1s: losses 2 to 0, the Allies win the round and the battle."""
    from tests.support import wellington_cases as wc
    state = wc.respond(rifles_battle(), GB, 95, dice=[6, 6, 1, 1])
    battle = stack.find(state, Battle)
    assert battle.suffered_e == {FRENCH: 2}
    assert state.troops["salamanca"][ADN] == [1, 0, 0]
    assert state.troops["regroup"][ADN] == [2, 0, 0]
    state = wc.step(state, GB, "no-response", dice=[1] * 14)
    assert "Losses French 2, Allies 0: the Allies win (11.52)." in state.log


def test_95_battle_side_wiped_out_before_the_dice_loses_at_once():
    """A lone French infantry, no commander: 1 die [6]: nothing French is left; no dice are
    rolled and the French side is wholly eliminated: the Allies win, an Overrun (11.52)."""
    from tests.support import wellington_cases as wc
    state = wc.respond(rifles_battle(french_inf=1, marmont=False), GB, 95, dice=[6])
    state = wc.step(state, GB, "no-response")
    assert not any("battle die" in line for line in state.log)
    assert ("The French are wholly eliminated: the Allies win, an Overrun (11.52, 11.8)."
            in state.log)


def test_95_refused_in_a_battle_with_no_british_formation_near():
    """Marmont against Castaños at Salamanca: no British Formation there or next door; a
    British infantry at Zamora makes it playable (by GB only: a British national card)."""
    match = board()
    state = match.state
    put(state, "salamanca", SPAIN, "castanos", inf=3)
    put(state, "salamanca", ADN, "marmont", inf=3)
    give(state, GB, 95)
    state.stack = [Battle(duchy="salamanca", attacker=ADN, attacking=FRENCH,
                          defending=ALLIES), Caller(power=ADN)]
    assert not cardplay.event_playable(state, GB, 95, battle_cards.BEFORE_DICE)
    put(state, "zamora", GB, inf=1)
    assert cardplay.event_playable(state, GB, 95, battle_cards.BEFORE_DICE)
    give(state, SPAIN, 95)
    assert not cardplay.event_playable(state, SPAIN, 95, battle_cards.BEFORE_DICE)
    assert not cardplay.event_playable(state, SPAIN, 95, battle_cards.AFTER_DICE)


def rifles_siege(*fortress_dice: int):
    """Marmont (4 SP) besieges Lisbon with a British infantry next door at Coimbra; GB plays
    #95 before round 1's dice: 5 dice (4 SP + Marmont) [6, 1, 1, 1, 1]: 1 SP to the Regroup
    Box, one loss of round 1."""
    match = marmont_at_lisbon(95, holder=GB)
    put(match.state, "coimbra", GB, inf=1)
    act(match, ADN, "siege", "lisbon=marmont")
    assert top(match).trigger == siege.BEFORE_DICE and match.state.active == [GB]
    act(match, GB, "respond", 95, dice=[6, 1, 1, 1, 1])
    assert building.sp(match.state, "lisbon", ADN) == 3
    assert match.state.troops["regroup"][ADN] == [1, 0, 0]
    return match


def test_95_siege_round_its_loss_counts_one_hit_against_one_loss_ends_the_siege():
    """Round 1: 3 + 2 + 2 = 7 dice, one 6; the fortress [1, 1, 1]: 1 hit against 1 loss
    (#95's): not more hits than losses, the siege ends (12.3; without #95 it would go on)."""
    match = rifles_siege()
    act(match, GB, "no-response", dice=[6] + [1] * 6 + ONES)
    assert rolled(match, "siege of Lisbon, round 1: AdN") == 7
    assert stack.find(match.state, Siege) is None
    assert "marmont" in match.state.bfi


def test_95_siege_round_two_hits_against_its_one_loss_go_on():
    match = rifles_siege()
    act(match, GB, "no-response", dice=[6, 6] + [1] * 5 + ONES + [1] * 7 + ONES)
    assert "2 hit(s) against 1 loss(es): the siege goes on (12.3)." in match.state.log
    assert rolled(match, "siege of Lisbon, round 2: AdN") == 7


def test_95_refused_for_an_allied_siege_and_without_a_british_formation_near():
    match = marmont_at_lisbon(95, holder=GB)
    state = match.state
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3,
                  round=1)
    state.stack.append(frame)
    assert not cardplay.event_playable(state, GB, 95, siege.BEFORE_DICE)   # nobody British
    put(state, "coimbra", GB, inf=1)
    assert cardplay.event_playable(state, GB, 95, siege.BEFORE_DICE)
    frame.rolls = {"besieger": [1], "fortress": [1, 1, 1]}
    assert not cardplay.event_playable(state, GB, 95, siege.BEFORE_DICE)   # rolled already
    state.stack.pop()
    put(state, "badajoz", GB, "wellington", inf=2)
    state.stack.append(Siege(duchy="badajoz", power=GB, commander="wellington", owner=ADS,
                             strength=3, round=1))
    assert not cardplay.event_playable(state, GB, 95, siege.BEFORE_DICE)   # not French


# --- 5.11 the owner's choice (events/common.place_sp_then) --------------------------------------


def test_5_11_tc_06_the_owner_eliminates_1_sp_where_it_chooses_then_4_are_placed():
    """TC-06 (the seed's #47 example): 4 SP to place at Lisbon, only 3 infantry unbuilt: GB
    chooses to eliminate 1 SP at Coimbra, its artillery changed into 3 infantry (1.5); the
    artillery freed, the 4 SP are placed (the artillery); the caller's step learns 4."""
    match = board()
    state = match.state
    mix = building.mix(GB)
    put(state, "coimbra", GB, art=1)
    put(state, "porto", GB, inf=1)
    put(state, "england", GB, inf=mix[0] - 4, cav=mix[1], art=mix[2] - 1)
    assert building.unbuilt(state, GB) == [3, 0, 0]
    seen: list[list[str]] = []
    common.on_step(47, "test-placed", lambda s, frame: seen.append(list(frame.picked)))
    try:
        common.place_sp_then(state, "lisbon", GB, 4, "#47 Call Up the Next Class", 47,
                             "test-placed", picked=["lisbon"])
        stack.run(state, FLOW, flow.settle)
        assert isinstance(top(match), EventChoice) and top(match).power == GB
        assert offered(match, "event-choice") == ["coimbra", "porto"]
        act(match, GB, "event-choice", "coimbra")
    finally:
        common.STEP_HANDLERS.pop((47, "test-placed"))
    state = match.state
    assert building.counters(state, "coimbra", GB) == [3, 0, 0]
    assert building.counters(state, "lisbon", GB) == [0, 0, 1]
    assert building.sp(state, "porto", GB) == 1
    assert seen == [["lisbon", "4"]]


def test_5_11_the_choice_comes_before_the_battle_juramentados_push_after_it():
    """#35 with no Spanish infantry unbuilt: Spain chooses where to eliminate 1 SP (León or
    Madrid) before the Spanish SP is placed at Salamanca and attacks the French there."""
    match = board()
    state = match.state
    mix = building.mix(SPAIN)
    put(state, "leon", SPAIN, inf=1)
    put(state, "madrid", SPAIN, "castanos", inf=1)
    put(state, "england", SPAIN, inf=mix[0] - 2, cav=mix[1], art=mix[2])
    put(state, "salamanca", ADN, inf=2)
    give(state, SPAIN, 35)
    impulse(match, SPAIN)
    act(match, SPAIN, "event", 35)
    while isinstance(top(match), ResponseWindow):
        act(match, match.state.active[0], "no-response")
    act(match, SPAIN, "event-choice", "salamanca")        # 1 French SP eliminated there
    assert isinstance(top(match), EventChoice) and top(match).step == common.EXCHANGE
    assert offered(match, "event-choice") == ["leon", "madrid"]
    assert stack.find(match.state, Battle) is None           # nothing fought before
    act(match, SPAIN, "event-choice", "leon", dice=[6] + [1, 1, 1])   # Spain 1 die, AdN 3
    state = match.state
    assert building.sp(state, "leon", SPAIN) == 0
    assert any("Battle at Salamanca: Spain attacks" in line for line in state.log)


def test_5_11_with_no_sp_of_its_own_on_the_map_what_can_be_placed_is_placed():
    """2 SP to place, 1 infantry unbuilt, nothing of Spain's on the map to eliminate: 1 SP
    placed at once, no question; the caller's step learns 1."""
    match = board()
    state = match.state
    free = building.unbuilt(state, SPAIN)
    put(state, "england", SPAIN, inf=free[0] - 1, cav=free[1], art=free[2])
    seen: list[list[str]] = []
    common.on_step(47, "test-placed", lambda s, frame: seen.append(list(frame.picked)))
    try:
        common.place_sp_then(state, "leon", SPAIN, 2, "test", 47, "test-placed")
        stack.run(state, FLOW, flow.settle)
    finally:
        common.STEP_HANDLERS.pop((47, "test-placed"))
    assert building.sp(state, "leon", SPAIN) == 1 and seen == [["1"]]
