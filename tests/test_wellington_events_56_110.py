"""The events of cards #56-110 (core/wellington/events/cards_56_110.py), each with the numbers
of its own paragraph in the seed's card list (docs/wellington-events-56-110.md)."""
from __future__ import annotations

import pytest

from core import cards, stack
from core.dice import scripted
from core.engine import Action, IllegalAction
from core.wellington import building, cardplay, flow, hands, impulse, interphase, movement
from core.wellington import flags as geo
from core.wellington import presence, siege, victory
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import procedure
from core.wellington.events import cards_56_110 as ev
from core.wellington.events import cards_56_110_map as event_map
from core.wellington.events import common
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import CommandPoints, EventPlay, Removal
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.impulse import Impulse
from core.wellington.frames.siege import Siege
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, IN_PLAY, REGROUP, RESERVES,
                                   SPAIN, WellingtonState)
from core.wellington.frames.impulse import ResponseWindow
from tests.support.wellington_battle import CALLER, Caller, board, place

FLOW: stack.Flow = {**flow.FLOW, **common.FLOW, Caller: CALLER}


# --- helpers -------------------------------------------------------------------------------


def empty_hands(state: WellingtonState) -> None:
    for power in (GB, ADS, SPAIN, ADN):
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)


def give(state: WellingtonState, power: str, *numbers: int) -> None:
    for number in numbers:
        where = state.piles.where(number)
        cards.move(state.piles, number, where, f"hand:{power}")


def game(active: str) -> WellingtonState:
    state = board(active)
    empty_hands(state)
    state.resources = {p: 0 for p in (GB, ADS, SPAIN, ADN)}
    return state


def play(state: WellingtonState, power: str, number: int, trigger: str = "") -> None:
    """`power` plays `number`; the Response window its announcement opens (5.2: a Power
    holding a Response playable now, such as #10 or #11 given for the event's own sake, is
    asked) is declined: these tests are about the event, not about Responses to it."""
    assert cardplay.event_playable(state, power, number, trigger)
    cardplay.play_event(state, power, number, trigger)
    stack.run(state, FLOW, flow.settle)
    decline(state, f"play:{number}")


def decline(state: WellingtonState, trigger: str) -> None:
    """Every Power asked in the Response window opened by `trigger` answers No Response."""
    while isinstance(top(state), ResponseWindow) and top(state).trigger == trigger:
        assert Action("no-response") in [c.action for c in
                                         stack.choices(state, FLOW, top(state).asked[0])]
        stack.apply(state, FLOW, Action("no-response"), flow.settle)


def choose(state: WellingtonState, power: str, noun: str) -> WellingtonState:
    return stack.act(state, FLOW, power, Action("event-choice", noun), settle=flow.settle)


def top(state: WellingtonState) -> object:
    return stack.top(state)


# --- #64 Invade Canada -----------------------------------------------------------------------


def test_64_invade_canada_gb_removes_4_sp_and_the_player_draws_and_plays_on() -> None:
    state = game(ADN)
    place(state, "lisbon", GB, infantry=5)
    give(state, ADN, 64)
    play(state, ADN, 64)
    removal = top(state)
    assert isinstance(removal, Removal) and removal.power == GB and removal.left == 4
    assert len(hands.hand(state, ADN)) == 1                 # drew 1 card
    assert stack.find(state, Impulse).extra == 1            # may play another (5.6)
    for _ in range(4):
        state = stack.act(state, FLOW, GB, Action("lose", "lisbon"), settle=flow.settle)
    assert building.sp(state, "lisbon", GB) == 1
    assert 64 in state.piles.removed                        # "Rimuovetela dopo averla giocata"


def test_64_what_gb_cannot_remove_is_owed_rule_5_12() -> None:
    state = game(ADS)
    place(state, "lisbon", GB, infantry=1)
    give(state, ADS, 64)
    play(state, ADS, 64)
    state = stack.act(state, FLOW, GB, Action("lose", "lisbon"), settle=flow.settle)
    assert state.owed_removals[GB] == [3]


def test_64_only_in_its_players_own_impulse() -> None:
    state = game(GB)
    give(state, ADN, 64)
    assert not cardplay.event_playable(state, ADN, 64)        # GB's impulse
    assert not cardplay.event_playable(state, ADN, 64, battle_cards.AFTER_BATTLE)


# --- #71 Sappers & Miners --------------------------------------------------------------------


def a_siege(state: WellingtonState) -> Siege:
    place(state, "ciudad-rodrigo", ADN, infantry=4, commanders=("marmont",), lead=True)
    state.flags["ciudad-rodrigo"] = GB
    frame = Siege(duchy="ciudad-rodrigo", power=ADN, commander="marmont", owner=GB, strength=3)
    state.stack.append(frame)
    return frame


def test_71_sappers_besieger_adds_a_6_in_round_1_and_the_siege_goes_on() -> None:
    state = game(ADN)
    frame = a_siege(state)
    frame.round = 1
    event = siege.SIEGE_CARDS[71]
    assert event.playable(state, frame, ADN)
    event.play(state, frame, ADN)
    assert siege.auto_sixes(frame, siege.BESIEGER) == 1
    assert frame.continue_after == [1]
    frame.round = 2
    assert not event.playable(state, frame, ADN)              # the first round only
    assert siege.auto_sixes(frame, siege.BESIEGER) == 0


def test_71_sappers_by_the_fortress_owner_is_a_6_for_the_defence() -> None:
    state = game(ADN)
    frame = a_siege(state)
    frame.round = 1
    siege.SIEGE_CARDS[71].play(state, frame, GB)
    assert siege.auto_sixes(frame, siege.FORTRESS) == 1
    assert frame.continue_after == []


def test_71_sappers_a_lost_first_round_goes_on_all_the_same() -> None:
    """Round 1: the besieger's dice score no 6 (+1 automatic: 1 hit), the fortress 2 hits
    (a 6 and a 5): 1 against 2 would end the siege (12.3); #71 lets it go on."""
    state = game(ADN)
    frame = a_siege(state)
    frame.round = 1
    siege.SIEGE_CARDS[71].play(state, frame, ADN)
    frame.round_hits, frame.round_losses = 1, 2
    frame.hits = 1
    siege.outcome(state, frame)
    assert not frame.over


# --- #72 The Other Wellesley -----------------------------------------------------------------


def test_72_allies_add_a_die_to_both_reinforcement_rolls() -> None:
    state = game(SPAIN)
    give(state, SPAIN, 72)
    play(state, SPAIN, 72)
    assert interphase.extra_dice(state, GB) == 1 and interphase.extra_dice(state, SPAIN) == 1
    assert 72 in state.piles.removed
    ev.reinforcements_rolled(state)
    assert interphase.extra_dice(state, GB) == 0 and interphase.extra_dice(state, SPAIN) == 0


def test_72_lord_richard_retires_takes_a_die_from_the_british_roll_only() -> None:
    state = game(ADS)
    give(state, ADS, 72)
    play(state, ADS, 72)
    assert interphase.extra_dice(state, GB) == -1 and interphase.extra_dice(state, SPAIN) == 0


# --- #75 Baggage Train Captured --------------------------------------------------------------


def won_battle(state: WellingtonState, routed: bool = True, had_army: bool = True) -> Battle:
    place(state, "salamanca", GB, infantry=3, commanders=("wellington",), lead=True)
    battle = Battle(duchy="salamanca", attacker=GB, active=GB, attacking=ALLIES,
                    defending=FRENCH, winner=ALLIES, loser=FRENCH, routed=routed,
                    commander={ALLIES: "wellington", FRENCH: "marmont" if had_army else ""},
                    had_army={ALLIES: True, FRENCH: had_army},
                    powers={ALLIES: [GB], FRENCH: [ADN]})
    state.stack.append(battle)
    return battle


def test_75_baggage_train_the_victor_gains_1_resource_and_draws_1_card() -> None:
    state = game(GB)
    won_battle(state)
    give(state, ADS, 75)                                   # any Power may play it (5.2)
    assert not cardplay.event_playable(state, ADS, 75)      # only right after the rout
    play(state, ADS, 75, battle_cards.AFTER_BATTLE)
    assert state.resources[GB] == 1
    assert len(hands.hand(state, GB)) == 1


def test_75_not_after_a_plain_retreat_nor_against_leaderless_soldiers() -> None:
    state = game(GB)
    won_battle(state, routed=False)
    give(state, ADS, 75)
    assert not cardplay.event_playable(state, ADS, 75, battle_cards.AFTER_BATTLE)
    state = game(GB)
    won_battle(state, had_army=False)
    give(state, ADS, 75)
    assert not cardplay.event_playable(state, ADS, 75, battle_cards.AFTER_BATTLE)


# --- #77 War Without End ---------------------------------------------------------------------


def test_77_war_without_end_no_peace_roll_conquest_on_9_draw_and_play_on() -> None:
    state = game(ADS)
    give(state, ADS, 77)
    play(state, ADS, 77)
    assert victory.war_without_end(state)
    assert victory.CONQUEST_TARGET_77 == 9
    assert len(hands.hand(state, ADS)) == 1
    assert stack.find(state, Impulse).extra == 1


# --- #82 Scum of the Earth -------------------------------------------------------------------


def test_82_scum_of_the_earth_until_the_end_of_the_winners_next_impulse() -> None:
    state = game(GB)
    won_battle(state)
    give(state, ADN, 82)
    assert not cardplay.event_playable(state, ADN, 82)
    play(state, ADN, 82, battle_cards.AFTER_BATTLE)
    assert movement.under(state, movement.SCUM_OF_THE_EARTH, "wellington")
    impulse.expire(state, GB, ("end-next-impulse",), started_before=state.impulses)
    assert movement.under(state, movement.SCUM_OF_THE_EARTH, "wellington")   # this impulse
    state.impulses += 1                                                       # GB's next one
    impulse.expire(state, GB, ("end-next-impulse",), started_before=state.impulses)
    assert not movement.under(state, movement.SCUM_OF_THE_EARTH, "wellington")


def test_82_scum_needs_a_winning_army() -> None:
    state = game(GB)
    battle = won_battle(state)
    battle.commander = {ALLIES: "", FRENCH: "marmont"}
    give(state, ADN, 82)
    assert not cardplay.event_playable(state, ADN, 82, battle_cards.AFTER_BATTLE)


def test_82_scum_after_a_captured_fortress() -> None:
    state = game(ADN)
    frame = a_siege(state)
    frame.captured = True
    give(state, GB, 82)
    play(state, GB, 82, siege.AFTER_SIEGE)
    assert movement.under(state, movement.SCUM_OF_THE_EARTH, "marmont")


# --- #83 Change of Plans ---------------------------------------------------------------------


def test_83_change_of_plans_one_national_one_common_at_random_then_a_draw() -> None:
    state = game(ADS)
    give(state, ADS, 83)
    give(state, SPAIN, 87, 88, 10, 11)
    play(state, ADS, 83)
    assert isinstance(top(state), EventChoice)
    state = choose(state, ADS, SPAIN)
    held = hands.hand(state, SPAIN)
    assert len(held) == 3
    assert sum(1 for n in held if hands.is_national(n)) == 1
    assert len(set(state.piles.boxes[RESERVES[SPAIN]]) & {87, 88}) == 1
    assert len(set(state.piles.discard) & {10, 11}) == 1


def test_83_change_of_plans_an_empty_hand_still_draws() -> None:
    state = game(ADS)
    give(state, ADS, 83)
    play(state, ADS, 83)
    state = choose(state, ADS, GB)
    assert len(hands.hand(state, GB)) == 1


# --- #91 The Wild Geese ----------------------------------------------------------------------


def spanish_battle(state: WellingtonState, round_: int) -> Battle:
    place(state, "zamora", SPAIN, infantry=3)
    place(state, "zamora", ADN, infantry=3)
    battle = Battle(duchy="zamora", attacker=SPAIN, active=SPAIN, attacking=ALLIES,
                    defending=FRENCH, round=round_)
    state.stack.append(battle)
    return battle


def test_91_wild_geese_2_dice_one_5_ignored_no_plunder_attrition() -> None:
    state = game(SPAIN)
    battle = spanish_battle(state, 2)
    give(state, SPAIN, 91)
    battle_cards.play_battle_card(state, battle, SPAIN, 91)
    assert (ALLIES, 2, 2, "#91 The Wild Geese") in battle.extra_dice
    assert battle.no_spanish_attrition
    assert procedure.scored(battle, FRENCH, [5, 5, 6], 5) == 1      # one D ignored
    assert 91 in state.piles.boxes[RESERVES[SPAIN]]


def test_91_wild_geese_in_a_siege_only_for_spain_s_fortress() -> None:
    state = game(ADN)
    frame = a_siege(state)
    frame.round = 1
    event = siege.SIEGE_CARDS[91]
    assert not event.playable(state, frame, SPAIN)           # GB's fortress
    frame.owner = SPAIN
    assert event.playable(state, frame, SPAIN)
    event.play(state, frame, SPAIN)
    assert (siege.FORTRESS, 1, 2, "#91 The Wild Geese") in frame.extra_dice


# --- #101 German Conscripts, #105 Afrancesados, #63 British Subsidies ------------------------


def test_101_german_conscripts_4_sp_in_a_controlled_national_duchy() -> None:
    state = game(ADS)
    give(state, ADS, 101)
    play(state, ADS, 101)
    frame = top(state)
    assert isinstance(frame, EventChoice) and "toulouse" in frame.options
    assert all(geo.national_power(d) == ADS for d in frame.options)
    state = choose(state, ADS, "toulouse")
    assert building.sp(state, "toulouse", ADS) == 4


def test_101_not_after_the_russian_front() -> None:
    state = game(ADS)
    give(state, ADS, 101)
    cards.move(state.piles, 4, state.piles.where(4), cards.REMOVED)
    assert not cardplay.event_playable(state, ADS, 101)
    give(state, SPAIN, 101)
    assert not cardplay.event_playable(state, SPAIN, 101)     # a French card (5.4)


def test_105_afrancesados_2_sp_where_the_french_power_stands() -> None:
    state = game(ADN)
    state.flags["madrid"] = ADS
    place(state, "burgos", ADN, infantry=1)
    give(state, ADN, 105)
    play(state, ADN, 105)
    frame = top(state)
    assert isinstance(frame, EventChoice) and "burgos" in frame.options
    assert all(geo.country(d) == "Spain" for d in frame.options)
    state = choose(state, ADN, "burgos")
    assert building.sp(state, "burgos", ADN) == 3


def test_105_afrancesados_not_while_the_allies_hold_madrid() -> None:
    state = game(ADN)
    state.flags["madrid"] = SPAIN
    place(state, "burgos", ADN, infantry=1)
    give(state, ADN, 105)
    assert not cardplay.event_playable(state, ADN, 105)


def test_63_british_subsidies_4_sp_each_in_a_port_and_a_card_each() -> None:
    state = game(GB)
    state.flags.update({"lisbon": GB, "porto": ADN, "bilbao": SPAIN, "santander": GB})
    give(state, GB, 63)
    play(state, GB, 63)
    frame = top(state)
    assert isinstance(frame, EventChoice) and frame.power == GB
    assert "lisbon" in frame.options and "porto" not in frame.options
    state = choose(state, GB, "lisbon")
    frame = top(state)
    assert isinstance(frame, EventChoice) and frame.power == SPAIN
    assert {"bilbao", "santander"} <= set(frame.options)
    state = choose(state, SPAIN, "santander")
    assert building.sp(state, "lisbon", GB) == 4
    assert building.sp(state, "santander", SPAIN) == 4
    assert len(hands.hand(state, GB)) == 1 and len(hands.hand(state, SPAIN)) == 1
    assert 63 not in state.piles.boxes[IN_PLAY]


def test_56_cavalry_raid_is_a_response_not_an_event_of_the_impulse() -> None:
    """#56 (R) answers a moment (5.2); in its own impulse GB may not play it as its event."""
    state = game(GB)
    give(state, GB, 56)
    assert not cardplay.event_playable(state, GB, 56)


# --- #57 House of Rothschild, #89 The Church, #104 Imperial Favour ----------------------------


def stack_deck(state: WellingtonState, *numbers: int) -> None:
    """The next cards drawn are `numbers`, in order."""
    for number in reversed(numbers):
        cards.move(state.piles, number, state.piles.where(number), cards.DECK)


def test_89_the_church_draws_2_and_may_play_one_of_them_at_once() -> None:
    state = game(SPAIN)
    give(state, SPAIN, 89)
    stack_deck(state, 10, 11)
    play(state, SPAIN, 89)
    frame = top(state)
    assert isinstance(frame, EventChoice) and frame.optional
    assert {"cp:10", "cp:11"} <= set(frame.options)
    assert all(o.split(":")[1] in ("10", "11") for o in frame.options)   # only those drawn
    state = choose(state, SPAIN, "cp:11")
    decline(state, "cp-card:11")                # Spain holds #10, a Response (5.2)
    assert 11 not in hands.hand(state, SPAIN) and 10 in hands.hand(state, SPAIN)
    assert stack.find(state, CommandPoints).left == hands.cp(11)
    state = stack.act(state, FLOW, SPAIN, Action("stop"), settle=flow.settle)
    assert 89 in state.piles.boxes[RESERVES[SPAIN]]


def test_89_the_church_the_play_may_be_declined() -> None:
    state = game(SPAIN)
    give(state, SPAIN, 89)
    stack_deck(state, 10, 11)
    play(state, SPAIN, 89)
    state = choose(state, SPAIN, common.DECLINE)
    assert sorted(hands.hand(state, SPAIN)) == [10, 11]


def test_57_rothschild_must_play_one_then_the_discards_go_into_the_deck() -> None:
    state = game(GB)
    give(state, GB, 57)
    give(state, ADS, 1)                         # GB does not hold strictly the most cards
    cards.move(state.piles, 30, state.piles.where(30), cards.DISCARD)
    stack_deck(state, 10, 11)
    play(state, GB, 57)
    frame = top(state)
    assert isinstance(frame, EventChoice) and not frame.optional
    assert common.DECLINE not in [c.action.noun for c in stack.choices(state, FLOW, GB)]
    state = choose(state, GB, "cp:10")
    state = stack.act(state, FLOW, GB, Action("stop"), settle=flow.settle)
    assert 57 in state.piles.deck and 30 in state.piles.deck and 10 in state.piles.deck
    assert not state.piles.discard


def test_57_rothschild_not_with_the_preemption_capability_R14() -> None:
    state = game(GB)
    give(state, GB, 57, 10)
    assert not cardplay.event_playable(state, GB, 57)
    give(state, ADN, 11, 12)
    assert cardplay.event_playable(state, GB, 57)


def test_104_imperial_favour_a_card_from_the_reserve_and_a_resource() -> None:
    state = game(ADN)
    give(state, ADN, 104)
    cards.move(state.piles, 106, state.piles.where(106), RESERVES[FRENCH])
    play(state, ADN, 104)
    state = choose(state, ADN, "reserve")
    assert "106" in top(state).options
    state = choose(state, ADN, "106")
    assert 106 in hands.hand(state, ADN) and state.resources[ADN] == 1
    assert 104 in state.piles.boxes[RESERVES[FRENCH]]


def test_104_imperial_favour_or_draw_2_and_play_one() -> None:
    state = game(ADS)
    give(state, ADS, 104)
    stack_deck(state, 10, 11)
    play(state, ADS, 104)
    state = choose(state, ADS, "draw")
    assert isinstance(top(state), EventChoice) and top(state).step == "play-drawn"
    assert not cardplay.event_playable(state, GB, 104)


# --- #80 Incompetent Commissary, #60 Traitors, #88 Partisans ----------------------------------


def test_80_incompetent_commissary_one_army_checks_attrition() -> None:
    state = game(GB)
    place(state, "salamanca", ADN, infantry=4, commanders=("marmont",), lead=True)
    give(state, GB, 80)
    play(state, GB, 80)
    assert "salamanca|French" in top(state).options
    with scripted([6, 6, 1, 1, 1], strict=True):            # 4 SP + 1 commander: 5 dice
        state = choose(state, GB, "salamanca|French")
    assert building.sp(state, "salamanca", ADN) == 2


def test_80_needs_an_army_on_the_map() -> None:
    state = game(GB)
    place(state, "salamanca", ADN, infantry=4)              # leaderless: no Army
    give(state, GB, 80)
    assert not cardplay.event_playable(state, GB, 80)


def test_60_traitors_enemy_attrition_then_a_die_per_loss_in_every_round() -> None:
    state = game(SPAIN)
    battle = spanish_battle(state, 1)
    give(state, SPAIN, 60)
    with scripted([6, 6, 2], strict=True):                  # 3 French SP: 3 dice
        battle_cards.play_battle_card(state, battle, SPAIN, 60)
    assert building.sp(state, "zamora", ADN) == 1
    assert (ALLIES, 0, 2, "#60 Traitors") in battle.extra_dice
    battle.round = 2
    give(state, SPAIN, 60)
    assert not battle_cards.may_declare(state, battle, SPAIN, 60)   # before the battle only


def test_88_partisans_french_formations_next_to_3_spanish_ones_once_each() -> None:
    state = game(SPAIN)
    for duchy in ("leon", "zamora", "salamanca"):
        place(state, duchy, SPAIN, infantry=1)
    place(state, "valladolid", ADN, infantry=2)
    give(state, SPAIN, 88)
    play(state, SPAIN, 88)
    state = choose(state, SPAIN, "leon")
    state = choose(state, SPAIN, "zamora")
    near = [n for n in ("leon", "zamora", "salamanca") if "valladolid" in geo.neighbours(n)]
    assert near                                               # the map puts them side by side
    with scripted([6, 1], strict=True):                       # checked once: 2 dice
        state = choose(state, SPAIN, "salamanca")
    assert building.sp(state, "valladolid", ADN) == 1


# --- #69 Descent from the Sea, #56 Cavalry Raid, #92 Guerrilla Attacks ------------------------


def test_69_descent_1_british_sp_and_flag_in_an_unfortified_port() -> None:
    state = game(GB)
    place(state, "tarifa", ADS, infantry=1)
    give(state, GB, 69)
    play(state, GB, 69)
    options = top(state).options
    assert "huelva" in options and "tarifa" not in options          # enemy there
    assert not any(geo.is_fortress(state, d) for d in options)       # unfortified only
    state = choose(state, GB, "huelva")
    assert building.sp(state, "huelva", GB) == 1
    assert state.flags["huelva"] == GB
    assert state.sea_moved[f"{GB}@huelva"] == state.impulses


def test_56_cavalry_raid_attrition_on_enemy_formations_and_flags() -> None:
    """GB's Army at Lugo raids Orense (2 French SP: dice 6, 1 -> 1 lost) and La Coruna (a
    French flag: a 6 removes it, G.38; the British flag replaces it where it may)."""
    state = game(GB)
    place(state, "lugo", GB, infantry=2, commanders=("wellington",), lead=True)
    place(state, "orense", ADN, infantry=2)
    state.flags["la-coruna"] = ADN
    give(state, SPAIN, 56)                       # a Response: any Power, any moment
    play(state, SPAIN, 56, "cp-card:10")
    state = choose(state, SPAIN, "lugo")
    state = choose(state, SPAIN, "orense")
    with scripted([6, 1, 6], strict=True):
        state = choose(state, SPAIN, "la-coruna")
    assert building.sp(state, "orense", ADN) == 1
    assert "la-coruna" not in state.flags            # back to its Spanish print: no flag needed
    assert geo.controller(state, "la-coruna") == SPAIN


def test_56_cavalry_raid_may_strike_an_enemy_force_besieging_a_friendly_fortress() -> None:
    state = game(GB)
    place(state, "salamanca", GB, infantry=2, commanders=("wellington",), lead=True)
    state.flags["ciudad-rodrigo"] = GB
    assert "ciudad-rodrigo" not in event_map._raid_targets(state, GB, "salamanca")
    place(state, "ciudad-rodrigo", ADN, infantry=3)
    assert "ciudad-rodrigo" in event_map._raid_targets(state, GB, "salamanca")


def test_56_cavalry_raid_needs_two_duchies_next_to_a_friendly_army() -> None:
    state = game(GB)
    give(state, SPAIN, 56)
    assert not cardplay.event_playable(state, SPAIN, 56, "cp-card:10")
    place(state, "lugo", ADN, infantry=2, commanders=("marmont",), lead=True)
    assert not cardplay.event_playable(state, SPAIN, 56, "cp-card:10")   # an enemy Army


def test_92_guerrilla_attacks_up_to_5_duchies_4_plus_with_1_near_friends() -> None:
    """Avila (+1: a Spanish Formation next door at Salamanca) rolls 3 -> 4: Spanish flag;
    Lerma rolls 3 (no Allied Formation adjacent): nothing."""
    state = game(ADN)
    place(state, "salamanca", SPAIN, infantry=1)
    give(state, SPAIN, 92)
    play(state, SPAIN, 92, "cp-card:10")
    assert "salamanca" not in top(state).options                     # holds a Formation
    state = choose(state, SPAIN, "avila")
    with scripted([3, 3], strict=True):
        state = choose(state, SPAIN, "lerma")
        state = choose(state, SPAIN, common.DECLINE)
    assert state.flags["avila"] == SPAIN
    assert "lerma" not in state.flags


def test_92_guerrilla_attrition_on_a_cut_off_french_army() -> None:
    state = game(ADN)
    place(state, "lugo", ADN, infantry=2, commanders=("marmont",), lead=True)
    state.flags.update({"lugo": ADN})
    assert event_map.cut_off(state, "lugo")               # Galicia is Spanish
    place(state, "valladolid", ADS, infantry=2, commanders=("soult",), lead=True)
    assert not event_map.cut_off(state, "valladolid")     # AdN duchies to France
    give(state, SPAIN, 92)
    play(state, SPAIN, 92, "cp-card:10")
    state = choose(state, SPAIN, common.DECLINE)
    assert top(state).options == ["lugo"]
    with scripted([6, 6, 1], strict=True):
        state = choose(state, SPAIN, "lugo")
    assert building.sp(state, "lugo", ADN) == 0


# --- #85 All the Emperor's Horses, #86 The Eagles Come South ---------------------------------


def test_85_emperors_horses_minus_1_once_per_game_and_dragoons_removed() -> None:
    state = game(GB)
    give(state, GB, 85)
    give(state, ADS, 106)
    play(state, GB, 85)
    assert sorted(top(state).options) == ["102", "106"]
    state = choose(state, GB, "106")
    assert 106 in state.piles.removed and 106 not in hands.hand(state, ADS)
    assert sum(1 for e in state.effects if e.card == 85) == 1
    assert 85 in state.piles.boxes["in-effect"]
    ev.after_interphase(state)
    assert 85 in state.piles.deck


def test_86_eagles_french_cards_back_one_each_4_sp_each_and_minus_3() -> None:
    state = game(ADS)
    give(state, ADS, 86)
    for n in (101, 105):
        cards.move(state.piles, n, state.piles.where(n), RESERVES[FRENCH])
    cards.move(state.piles, 99, state.piles.where(99), cards.REMOVED)
    cards.move(state.piles, 38, state.piles.where(38), cards.REMOVED)   # #38 played: G.59
    held = {p: len(hands.hand(state, p)) for p in (ADS, ADN)}
    drm = interphase.appeal_drm(state)
    play(state, ADS, 86)
    assert not state.piles.boxes[RESERVES[FRENCH]]
    assert 99 in state.piles.removed
    assert len(hands.hand(state, ADS)) == held[ADS]           # 86 played, 1 national dealt
    assert len(hands.hand(state, ADN)) == held[ADN] + 1
    assert interphase.appeal_drm(state) == drm - 3
    frame = top(state)
    assert frame.power == ADS and "toulouse" in frame.options
    state = choose(state, ADS, "toulouse")
    assert top(state).power == ADN
    state = choose(state, ADN, top(state).options[0])
    assert building.sp(state, "toulouse", ADS) == 4
    ev.after_interphase(state)
    assert 86 in state.piles.removed


# --- #59 The Bravest of the Brave, #66 The Commander's Health ---------------------------------


def test_59_bravest_plus_1_bv_for_a_printed_1_or_2_until_eliminated() -> None:
    state = game(GB)
    place(state, "salamanca", ADN, infantry=1, commanders=("marmont", "soult"), lead=True)
    give(state, ADN, 59)
    play(state, ADN, 59, "cp-card:10")
    assert top(state).options == ["marmont"]                 # Soult is printed 4
    state = choose(state, ADN, "marmont")
    assert ev.battle_value(state, "marmont", 2) == 3
    assert ev.battle_value(state, "soult", 4) == 4
    assert 59 in state.piles.boxes["in-effect"]
    building.eliminate_commander(state, "marmont")
    common.end_of_impulse(state, GB, "scheduled")            # the game's own release
    assert ev.battle_value(state, "marmont", 2) == 2
    assert 59 in state.piles.discard


def test_66_commanders_health_bv_0_for_the_rest_of_the_impulse() -> None:
    state = game(GB)
    place(state, "salamanca", GB, infantry=1, commanders=("wellington",), lead=True)
    give(state, ADS, 66)
    play(state, ADS, 66, battle_cards.BEFORE_DICE)
    state = choose(state, ADS, "wellington")
    assert ev.battle_value(state, "wellington", 5) == 0
    impulse.expire(state, "", ("impulse",))                  # the end of the impulse (4.2)
    assert ev.battle_value(state, "wellington", 5) == 5


def test_56_cavalry_raid_with_its_army_gone_before_it_resolves_has_no_effect() -> None:
    """5.2: the raid's Army lost its commander before the raid resolved (#52 in random play,
    1812, 2 players, seed 558): no friendly Army to ride from, nothing is asked."""
    state = game(GB)
    place(state, "lugo", GB, infantry=2, commanders=("wellington",), lead=True)
    place(state, "orense", ADN, infantry=2)
    give(state, SPAIN, 56)
    assert cardplay.event_playable(state, SPAIN, 56, "cp-card:10")
    cardplay.play_event(state, SPAIN, 56, "cp-card:10")
    building.eliminate_commander(state, "wellington")      # before #56 resolves
    stack.run(state, FLOW, flow.settle)
    decline(state, "play:56")
    assert any("#56 Cavalry Raid: Spain no longer has a friendly Army" in line
               for line in state.log)
    assert not isinstance(top(state), EventChoice)
    assert building.sp(state, "orense", ADN) == 2


def test_66_a_question_left_empty_by_a_response_5_2_has_no_effect() -> None:
    """5.2: a Response to #66 resolves first and takes its only target away (Wellington
    eliminated while the window is open, as #52 did to Marmont in random play, 1812, 2
    players, seed 558): #66's question has no option, its "None" ends the event."""
    state = game(GB)
    place(state, "salamanca", GB, infantry=1, commanders=("wellington",), lead=True)
    give(state, ADS, 66)
    assert cardplay.event_playable(state, ADS, 66, battle_cards.BEFORE_DICE)
    cardplay.play_event(state, ADS, 66, battle_cards.BEFORE_DICE)
    building.eliminate_commander(state, "wellington")      # before #66 resolves
    stack.run(state, FLOW, flow.settle)
    decline(state, "play:66")
    ask = top(state)
    assert isinstance(ask, EventChoice) and ask.options == []
    state = choose(state, ADS, common.DECLINE)
    assert any("nothing left to choose" in line for line in state.log)
    assert not any(e.card == 66 for e in state.effects)


# --- #73 Conscripts, #76 Exploring Officers / Spies, #93 Admiralty / Hearts of Oak ------------


def run_step(state: WellingtonState, card: int, what: str) -> None:
    """The event's after-step on top of the stack runs (the battle frame under it, built by
    hand here, is not run)."""
    step = top(state)
    assert isinstance(step, EventStep) and (step.card, step.what) == (card, what)
    common.EVENT_STEP.steps[0](state, step)
    state.stack.remove(step)


def choose_only(state: WellingtonState, power: str, noun: str) -> None:
    """The event's question on top is answered; nothing below it is run."""
    ask = top(state)
    assert isinstance(ask, EventChoice) and ask.power == power and noun in ask.options
    common.EVENT_CHOICE.handlers["event-choice"](state, ask, noun)


def test_73_conscripts_2_sp_of_the_commander_s_power_join_before_round_1() -> None:
    state = game(SPAIN)
    battle = spanish_battle(state, 1)
    place(state, "zamora", SPAIN, commanders=("castanos",))
    battle.start_units = {ALLIES: 4, FRENCH: 3}
    give(state, SPAIN, 73)
    assert battle_cards.may_declare(state, battle, SPAIN, 73)
    battle_cards.resolve(state, battle, SPAIN, 73)            # announced, unanswered
    assert building.sp(state, "zamora", SPAIN) == 5
    run_step(state, 73, "join")
    assert battle.start_units[ALLIES] == 6
    battle.round = 2
    give(state, ADN, 73)
    place(state, "zamora", ADN, commanders=("marmont",))
    assert not battle_cards.may_declare(state, battle, ADN, 73)     # before round 1 only


def test_73_conscripts_5_11_the_owner_eliminates_where_it_chooses_then_2_join() -> None:
    """5.11: Spain has only 1 infantry unbuilt for #73's 2 SP: it eliminates 1 SP of its own
    on the map, its choice (Cadiz, not Zamora), then 2 infantry join Castaños at Zamora and
    count from the battle's start (11.9)."""
    state = game(SPAIN)
    battle = spanish_battle(state, 1)
    place(state, "zamora", SPAIN, commanders=("castanos",))
    left = building.unbuilt(state, SPAIN)
    place(state, "cadiz", SPAIN, infantry=left[0] - 1, cavalry=left[1], artillery=left[2])
    battle.start_units = {ALLIES: 4, FRENCH: 3}
    give(state, SPAIN, 73)
    assert battle_cards.may_declare(state, battle, SPAIN, 73)
    battle_cards.resolve(state, battle, SPAIN, 73)            # announced, unanswered
    ask = top(state)
    assert isinstance(ask, EventChoice) and ask.step == common.EXCHANGE
    assert {"cadiz", "zamora"} <= set(ask.options)
    assert building.sp(state, "zamora", SPAIN) == 3                # nothing placed yet
    choose_only(state, SPAIN, "cadiz")
    assert building.sp(state, "zamora", SPAIN) == 3                # still nothing: 1 SP short
    run_step(state, 73, common.PLACE)                              # 5.11's placing step
    assert building.sp(state, "zamora", SPAIN) == 5
    run_step(state, 73, "join")
    assert battle.start_units[ALLIES] == 6


def test_73_conscripts_need_a_friendly_commander() -> None:
    state = game(SPAIN)
    battle = spanish_battle(state, 1)
    give(state, SPAIN, 73)
    assert not battle_cards.may_declare(state, battle, SPAIN, 73)
    frame = a_siege(state)
    frame.round = 1
    assert siege.SIEGE_CARDS[73].playable(state, frame, ADN)        # Marmont besieges
    siege.SIEGE_CARDS[73].play(state, frame, ADN)
    assert building.sp(state, "ciudad-rodrigo", ADN) == 6


def test_76_spies_up_to_3_cards_seen_one_discarded() -> None:
    state = game(GB)
    give(state, GB, 76)
    give(state, ADN, 10, 11, 12, 13, 106)
    play(state, GB, 76)
    state = choose(state, GB, f"spies:{ADN}")
    seen = [int(n) for n in top(state).options]
    assert len(seen) == 3 and 106 not in seen                 # non-national only
    state = choose(state, GB, str(seen[0]))
    assert seen[0] in state.piles.discard
    assert sorted(hands.hand(state, ADN)) == sorted({10, 11, 12, 13, 106} - {seen[0]})


def test_76_exploring_officers_buy_one_for_a_resource_and_order_the_rest() -> None:
    state = game(GB)
    state.resources[GB] = 1
    give(state, GB, 76)
    stack_deck(state, 10, 11, 12)                            # 10 on top
    play(state, GB, 76)
    state = choose(state, GB, "officers")
    assert top(state).options == ["10", "11", "12"]
    state = choose(state, GB, "11")
    assert 11 in hands.hand(state, GB) and state.resources[GB] == 0
    state = choose(state, GB, "10")                          # back first: under 12
    assert state.piles.deck[-2:] == [10, 12]


def test_76_officers_without_a_resource_put_all_3_back_G56() -> None:
    state = game(GB)
    give(state, GB, 76)
    stack_deck(state, 10, 11, 12)
    play(state, GB, 76)
    state = choose(state, GB, "officers")
    assert top(state).step == "back" and len(top(state).options) == 3
    state = choose(state, GB, "12")
    state = choose(state, GB, "11")
    assert state.piles.deck[-3:] == [12, 11, 10]


def test_93_admiralty_allows_the_amphibious_assault() -> None:
    from core.wellington import naval
    state = game(GB)
    give(state, GB, 93)
    play(state, GB, 93)
    state = choose(state, GB, "assault")
    assert naval.assault_enabled(state, GB)
    assert 93 in state.piles.boxes[RESERVES[GB]]


def test_93_hearts_of_oak_2_free_convoys_a_die_and_halved_port_attrition() -> None:
    from core.wellington.frames.naval import Convoy
    state = game(GB)
    give(state, GB, 93)
    play(state, GB, 93)
    state = choose(state, GB, "hearts-of-oak")
    convoys = [f for f in state.stack if isinstance(f, Convoy)]
    assert len(convoys) == 2 and all(c.free for c in convoys)
    assert ev.attrition_losses(state, "lisbon", GB, 3) == 2
    assert ev.attrition_losses(state, "salamanca", GB, 3) == 3      # not a port
    assert ev.attrition_losses(state, "lisbon", SPAIN, 3) == 3      # British only
    battle = Battle(duchy="lisbon", attacker=ADN, attacking=FRENCH, defending=ALLIES)
    place(state, "lisbon", GB, infantry=1)
    battle_cards.standing_effects(state, battle)
    assert (ALLIES, 0, 1, "#93 Hearts of Oak") in battle.extra_dice
    impulse.expire(state, "", ("impulse",))
    assert ev.attrition_losses(state, "lisbon", GB, 3) == 3


def test_93_is_great_britain_s() -> None:
    state = game(SPAIN)
    give(state, SPAIN, 93)
    assert not cardplay.event_playable(state, SPAIN, 93)


# --- #62 Nationalist Revolt, #90 The Spanish Levy ---------------------------------------------


def evasion_asked(state: WellingtonState, power: str) -> EventChoice:
    """The French Power attacked by a rising is asked whether to evade first (10.5)."""
    ask = top(state)
    assert isinstance(ask, EventChoice) and ask.power == power and ask.step == "evade"
    assert "stay" in ask.options
    return ask


def test_90_spanish_levy_2_sp_attack_with_2_more_dice_and_take_the_duchy() -> None:
    """Avila (occupied, 1 AdN SP): the infantry may evade first and stays; the levy rolls
    2 SP + 2 dice = 4 dice [6, 6, 6, 6], the French 1 SP + 2 (11.3) = 3 dice [1, 1, 1]: the
    French are overrun; the Spanish flag."""
    state = game(GB)
    place(state, "avila", ADN, infantry=1)
    give(state, SPAIN, 90)
    play(state, SPAIN, 90, "cp-card:10")
    state = choose(state, SPAIN, f"{SPAIN}|avila")
    assert building.sp(state, "avila", SPAIN) == 2
    assert any(o.startswith("soldiers>") for o in evasion_asked(state, ADN).options)
    with scripted([6, 6, 6, 6, 1, 1, 1], strict=True):
        state = choose(state, ADN, "stay")
    battle_line = [line for line in state.log if "#90 The Spanish Levy" in line and "dice" in line]
    assert battle_line and "roll 4 dice" in battle_line[0]
    state = stack.act(state, FLOW, SPAIN, Action("no-flag"), settle=flow.settle)
    assert building.sp(state, "avila", SPAIN) == 2 and building.sp(state, "avila", ADN) == 0
    assert state.flags["avila"] == SPAIN


def levy_at_valladolid() -> WellingtonState:
    """The tutorial's TC-E11/E12 position: Marmont (2-6) + 1 cavalry at Valladolid (AdN), an
    AdN infantry at Salamanca; Spain raises the levy at Valladolid."""
    state = game(GB)
    place(state, "valladolid", ADN, cavalry=1, commanders=("marmont",), lead=True)
    place(state, "salamanca", ADN, infantry=1)
    give(state, SPAIN, 90)
    play(state, SPAIN, 90, "cp-card:10")
    return choose(state, SPAIN, f"{SPAIN}|valladolid")


def test_90_tc_e12_marmont_fails_to_evade_then_the_levy_attacks_with_4_dice() -> None:
    """TC-E12/E13 (10.7, G.22): Marmont tries Salamanca: 5 + 2 (BV) + 1 (friendly) = 8 < 9
    (no -1: control before the rising, G.18): he stays with a battle marker; round 1 the
    Spanish roll 2 + 0 + 2 (#90) = 4 dice, no die for the failed evasion."""
    state = levy_at_valladolid()
    ask = evasion_asked(state, ADN)
    label = ask.labels[ask.options.index("army>salamanca")]
    assert "needs 6+" in label and "-1" not in label
    start = len(state.log)
    with scripted([2, 3] + [5, 1, 1, 1] + [6, 1, 1, 1, 1, 1] + [6] + [1] * 5, strict=True):
        state = choose(state, ADN, "army>salamanca")
    assert state.commanders["marmont"] == "valladolid" and "marmont" in state.bfi
    log = "\n".join(state.log[start:])
    assert "Battle at Valladolid: Spain attacks" in log
    assert "Round 1: the Allies roll 4 dice" in log and "Round 1: the French roll 6 dice" in log
    assert "Round 2: the Allies roll 1 die" in log and "Round 2: the French roll 5 dice" in log
    assert "the Allies win" in log


def test_90_marmont_evades_on_9_no_battle_and_the_spanish_flag() -> None:
    """The other branch: 6 + 3 + 3 = 12 >= 9: Marmont's Army (the cavalry) goes to Salamanca
    (friendly: no attrition); no French Formation is left, so no battle: the levy is
    victorious and the Spanish flag goes up at Valladolid."""
    state = levy_at_valladolid()
    evasion_asked(state, ADN)
    with scripted([3, 3], strict=True):
        state = choose(state, ADN, "army>salamanca")
    decline(state, "entered:evade:marmont:valladolid>salamanca")
    stack.run(state, FLOW, flow.settle)
    assert state.commanders["marmont"] == "salamanca"
    assert building.counters(state, "salamanca", ADN) == [1, 1, 0]
    assert stack.find(state, Battle) is None
    assert state.flags["valladolid"] == SPAIN


def test_90_67_conflicting_orders_cancels_marmont_s_evasion_before_the_levy_s_battle() -> None:
    """The rising's evasion is a real Attempt (interception.evade_before_battle): its TRY
    window opens; GB's #67 (Marmont's BV 2) cancels it before the dice: he stays, a BFI
    marker on him, and the levy's battle follows (round 1: 4 Spanish dice, 6 French)."""
    state = game(GB)
    place(state, "valladolid", ADN, cavalry=1, commanders=("marmont",), lead=True)
    place(state, "salamanca", ADN, infantry=1)
    give(state, SPAIN, 90)
    give(state, GB, 67)
    play(state, SPAIN, 90, "cp-card:10")
    state = choose(state, SPAIN, f"{SPAIN}|valladolid")
    evasion_asked(state, ADN)
    state = choose(state, ADN, "army>salamanca")
    window = top(state)
    assert isinstance(window, ResponseWindow)
    assert window.trigger == "evade:marmont:valladolid>salamanca" and window.asked == [GB]
    from core.wellington import view_panels                  # the attempt shown (no Entry)
    panel = view_panels.attempt_panel(state)
    assert panel is not None and "Needs 6+" in panel.notes[0]
    start = len(state.log)
    with scripted([5, 1, 1, 1] + [6, 1, 1, 1, 1, 1] + [6] + [1] * 5, strict=True):
        state = stack.act(state, FLOW, GB, Action("respond", 67), settle=flow.settle)
        decline(state, "play:67")
        decline(state, window.trigger)            # GB has nothing more to answer with
    log = "\n".join(state.log[start:])
    assert "#67 Conflicting Orders" in log and "lapses" in log
    assert state.commanders["marmont"] == "valladolid" and "marmont" in state.bfi
    assert "Battle at Valladolid: Spain attacks" in log
    assert "Round 1: the Allies roll 4 dice" in log and "Round 1: the French roll 6 dice" in log


def test_90_45_column_attacked_cancels_marmont_s_successful_evasion() -> None:
    """The SUCCEEDED window of the rising's evasion: Marmont rolls 6 + 3 + 3 = 12; GB's #45
    cancels the success: he stays (no failure: no BFI marker from it) and the battle
    follows."""
    state = game(GB)
    place(state, "valladolid", ADN, cavalry=1, commanders=("marmont",), lead=True)
    give(state, SPAIN, 90)
    give(state, GB, 45)
    play(state, SPAIN, 90, "cp-card:10")
    state = choose(state, SPAIN, f"{SPAIN}|valladolid")
    evasion_asked(state, ADN)
    with scripted([3, 3], strict=True):
        state = choose(state, ADN, "army>salamanca")
    window = top(state)
    assert isinstance(window, ResponseWindow) and window.trigger.startswith("evade-succeeded:")
    with scripted([6, 6, 6, 6] + [1] * 6, strict=False):
        state = stack.act(state, FLOW, GB, Action("respond", 45), settle=flow.settle)
        decline(state, "play:45")
        decline(state, window.trigger)
    log = "\n".join(state.log)
    assert "cancelled (#45 Column Attacked)" in log
    assert "Battle at Valladolid: Spain attacks" in log


def test_90_leaderless_counters_evade_each_on_its_own() -> None:
    """10.5: two leaderless AdN infantry at Avila roll one by one, to Madrid (AdN): 9 + 1
    (friendly) succeeds, 4 + 1 fails; the one left takes a battle marker and fights."""
    state = game(GB)
    place(state, "avila", ADN, infantry=2)
    give(state, SPAIN, 90)
    play(state, SPAIN, 90, "cp-card:10")
    state = choose(state, SPAIN, f"{SPAIN}|avila")
    ask = evasion_asked(state, ADN)
    dest = next(o for o in ask.options if o.startswith("soldiers>"))
    with scripted([4, 5, 2, 2] + [6, 6, 1, 1] + [1, 1, 1], strict=True):
        state = choose(state, ADN, dest)
    where = dest.split(">")[1]
    assert building.sp(state, where, ADN) >= 1 and f"{ADN}:avila" in state.bfi
    log = "\n".join(state.log)
    assert "1 of 2 counters evade" in log and "Round 1: the French roll 3 dice" in log


def test_90_levy_by_5_11_when_every_spanish_counter_is_on_the_map_R16() -> None:
    """R16, 5.11: every Spanish counter is on the map (Cadiz): Spain eliminates 2 SP there,
    1 at a time, its choice, and the 2 SP rise at Avila."""
    state = game(GB)
    place(state, "avila", ADN, infantry=1)
    left = building.unbuilt(state, SPAIN)
    place(state, "cadiz", SPAIN, infantry=left[0], cavalry=left[1], artillery=left[2])
    had = building.sp(state, "cadiz", SPAIN)
    give(state, SPAIN, 90)
    play(state, SPAIN, 90, "cp-card:10")
    state = choose(state, SPAIN, f"{SPAIN}|avila")
    for _ in range(2):
        assert top(state).step == common.EXCHANGE and "cadiz" in top(state).options
        state = choose(state, SPAIN, "cadiz")
    assert building.sp(state, "cadiz", SPAIN) == had - 2
    assert building.sp(state, "avila", SPAIN) == 2
    evasion_asked(state, ADN)


def test_90_levy_only_where_the_french_are_and_unfortified() -> None:
    state = game(GB)
    give(state, SPAIN, 90)
    play(state, SPAIN, 90, "cp-card:10")
    options = {o.split("|")[1] for o in top(state).options}
    assert "avila" in options                                   # printed Occupied (1.21)
    assert "huelva" not in options                              # Spanish, no French there
    assert not any(geo.is_fortress(state, d) for d in options)


def test_90_no_levy_with_no_spanish_counter_to_place_R16() -> None:
    """No Spanish counter unbuilt and no Spanish SP on the map to eliminate for one (all in
    the Regroup Box): nothing can rise (5.11)."""
    state = game(GB)
    place(state, "avila", ADN, infantry=1)
    left = building.unbuilt(state, SPAIN)
    state.troops.setdefault(REGROUP, {})[SPAIN] = list(left)
    presence.forget(state)                       # (written directly)
    assert not any(building.unbuilt(state, SPAIN))
    give(state, SPAIN, 90)
    assert not cardplay.event_playable(state, SPAIN, 90, "cp-card:10")


def test_62_nationalist_revolt_british_sp_in_a_lost_british_duchy_R10() -> None:
    """Coimbra under a French flag, no French Formation there: nothing to fight, the flag
    goes at once (R10)."""
    state = game(GB)
    state.flags["coimbra"] = ADN
    give(state, GB, 62)
    play(state, GB, 62)
    assert f"{GB}|coimbra" in top(state).options
    assert f"{SPAIN}|coimbra" not in top(state).options         # not in Spain
    state.flags["almeida"] = ADN
    assert f"{GB}|almeida" not in top(state).options            # a fortress
    state = choose(state, GB, f"{GB}|coimbra")
    assert building.sp(state, "coimbra", GB) == 2
    assert "coimbra" not in state.flags


def test_62_revolt_plus_1_die_every_round() -> None:
    state = game(GB)
    place(state, "avila", ADN, infantry=1)
    give(state, GB, 62)
    play(state, GB, 62)
    state = choose(state, GB, f"{SPAIN}|avila")
    with scripted([1] * 12, strict=True):                     # two rounds of 3 + 3 dice
        state = choose(state, ADN, "stay")
    rolls = [line for line in state.log if line.startswith("Round") and "the Allies roll" in line]
    assert len(rolls) == 2
    assert all("roll 3 dice" in r and "+1 #62 Nationalist Revolt" in r for r in rolls)
    assert "avila" not in state.flags                            # not victorious


def revolt_answered_by_the_levy(levy_at: str) -> WellingtonState:
    """TC-08's first two cards: Toledo (2 AdN infantry); GB plays #62; Spain answers its
    announcement with #90, raised at `levy_at`, before #62 resolves."""
    state = game(GB)
    place(state, "toledo", ADN, infantry=2)
    give(state, GB, 62)
    give(state, SPAIN, 90)
    cardplay.play_event(state, GB, 62, "")
    stack.run(state, FLOW, flow.settle)
    assert isinstance(top(state), ResponseWindow) and top(state).trigger == "play:62"
    while top(state).asked[0] != SPAIN:
        stack.apply(state, FLOW, Action("no-response"), flow.settle)
    state = stack.act(state, FLOW, SPAIN, Action("respond", 90), settle=flow.settle)
    decline(state, "play:90")
    state = choose(state, SPAIN, f"{SPAIN}|{levy_at}")
    assert building.sp(state, levy_at, SPAIN) == 2
    assert stack.find(state, Battle) is None                     # it waits for #62
    decline(state, "event:90")
    decline(state, "play:62")
    return state


def test_62_and_90_tc_08_the_levy_answering_the_revolt_joins_its_battle() -> None:
    """TC-08 (5.2: "the effects of different Responses combine"): #90 answering #62 at Toledo
    places its 2 SP and waits; #62's 2 SP join them: one attack, 4 SP + 1 (#62) + 2 (#90) =
    7 dice in round 1 against 2 + 2 = 4; the levy fights no battle of its own."""
    state = revolt_answered_by_the_levy("toledo")
    state = choose(state, GB, f"{SPAIN}|toledo")
    assert building.sp(state, "toledo", SPAIN) == 4
    ask = evasion_asked(state, ADN)
    assert all("Uncontrolled" not in label for label in ask.labels)   # control before (G.18)
    with scripted([6, 6, 1, 1, 1, 1, 1] + [1] * 4, strict=True):
        state = choose(state, ADN, "stay")
    rounds = [line for line in state.log if line.startswith("Round 1: the Allies roll")]
    assert len(rounds) == 1 and "roll 7 dice" in rounds[0]
    assert "+1 #62 Nationalist Revolt" in rounds[0] and "+2 #90 The Spanish Levy" in rounds[0]
    assert building.sp(state, "toledo", ADN) == 0
    assert len([line for line in state.log if line.startswith("Battle at Toledo")]) == 1


def test_62_and_90_the_levy_answering_a_revolt_elsewhere_fights_after_it() -> None:
    """#90 at Toledo answers a #62 that rises at Avila: the revolt fights first (its own
    evasion question and battle), then the levy attacks at Toledo on its own."""
    state = revolt_answered_by_the_levy("toledo")
    place(state, "avila", ADN, infantry=1)
    state = choose(state, GB, f"{SPAIN}|avila")
    evasion_asked(state, ADN)
    with scripted([6, 6, 6, 1, 1, 1], strict=True):          # Avila: 3 dice against 3
        state = choose(state, ADN, "stay")
    while not (isinstance(top(state), EventChoice) and top(state).step == "evade"):
        power = state.active[0]
        verbs = {c.action.verb for c in stack.choices(state, FLOW, power)}
        verb = "no-flag" if "no-flag" in verbs else "no-response"
        state = stack.act(state, FLOW, power, Action(verb), settle=flow.settle)
    ask = evasion_asked(state, ADN)
    assert any(">" in o for o in ask.options) and ask.picked[1] == "toledo"


# --- #106 Dragoons ---------------------------------------------------------------------------


def test_106_dragoons_plus_1_bv_and_3_pursuit_dice_after_a_won_battle() -> None:
    """Marmont's Army wins at Zamora: 3 dice [5, 6, 1] = 2 more losses for the Allies."""
    state = game(ADN)
    place(state, "zamora", ADN, commanders=("marmont",), lead=True)
    give(state, ADN, 106)
    play(state, ADN, 106)
    state = choose(state, ADN, "marmont")
    spanish_battle(state, 1)
    assert ev.battle_value(state, "marmont", 2) == 3
    battle = stack.find(state, Battle)
    battle.winner, battle.loser = FRENCH, ALLIES
    battle.suffered_e = {ALLIES: 1}
    with scripted([5, 6, 1], strict=True):
        ev.battle_won(state, battle)
    assert battle.suffered_e[ALLIES] == 3
    assert building.sp(state, "zamora", SPAIN) == 1


def test_106_no_pursuit_when_the_dragoons_army_loses_and_the_card_goes_at_the_turn_end() -> None:
    state = game(ADN)
    place(state, "zamora", ADN, commanders=("marmont",), lead=True)
    give(state, ADN, 106)
    play(state, ADN, 106)
    state = choose(state, ADN, "marmont")
    spanish_battle(state, 1)
    battle = stack.find(state, Battle)
    battle.winner, battle.loser = ALLIES, FRENCH
    with scripted([], strict=True):
        ev.battle_won(state, battle)
    state.effects = [e for e in state.effects if e.until != "turn"]      # 4.8
    common.release_kept(state)                               # as flow.interphase_ does
    assert 106 in state.piles.boxes[RESERVES[FRENCH]]


# --- #110 12-Pounders ------------------------------------------------------------------------


def test_110_twelve_pounders_4_dice_before_the_round_hits_do_not_fire_back() -> None:
    """Round 1 at Zamora: [6, 5, 1, 1]: one Spanish SP eliminated, one disorganised (it rolls
    no die this round); both count as the Allies' battle losses."""
    state = game(ADN)
    battle = spanish_battle(state, 1)
    give(state, ADN, 110)
    with scripted([6, 5, 1, 1], strict=True):
        battle_cards.play_battle_card(state, battle, ADN, 110)
    assert building.sp(state, "zamora", SPAIN) == 2
    assert battle.suffered_e[ALLIES] == 1 and battle.suffered_d[ALLIES] == 1
    assert battle.marked[ALLIES] == 1
    assert (ALLIES, 1, -1, "#110 12-Pounders: disorganised units do not fire back") \
        in battle.extra_dice
    give(state, SPAIN, 110)
    assert not battle_cards.may_declare(state, battle, SPAIN, 110)        # French card


# --- #99 Young Guard -------------------------------------------------------------------------


def rolled_battle(state: WellingtonState, french_commander: bool = True) -> Battle:
    battle = spanish_battle(state, 1)
    if french_commander:
        place(state, "zamora", ADN, commanders=("marmont",), lead=True)
    battle.rolls = {ALLIES: [5, 5, 1], FRENCH: [6, 1, 1]}
    battle.sixes = {ALLIES: 0, FRENCH: 1}
    battle.fives = {ALLIES: 2, FRENCH: 0}
    return battle


def test_99_young_guard_3_dice_after_the_others_each_4_cancels_an_allied_d() -> None:
    """[6, 4, 5]: one more E and one more D against the Allies; one of their two Ds is
    cancelled."""
    state = game(SPAIN)
    battle = rolled_battle(state)
    give(state, ADS, 99)
    assert not cardplay.event_playable(state, ADS, 99, battle_cards.BEFORE_DICE)
    assert cardplay.event_playable(state, ADS, 99, battle_cards.AFTER_DICE)
    with scripted([6, 4, 5], strict=True):        # carried out alone: the battle waits
        cardplay.EVENTS[99].play(state, EventPlay(power=ADS, card=99,
                                                  trigger=battle_cards.AFTER_DICE))
    assert battle.sixes == {ALLIES: 0, FRENCH: 2}
    assert battle.fives == {ALLIES: 1, FRENCH: 1}


def test_99_young_guard_needs_a_french_commander_and_a_french_player() -> None:
    state = game(SPAIN)
    rolled_battle(state, french_commander=False)
    give(state, ADS, 99)
    assert not cardplay.event_playable(state, ADS, 99, battle_cards.AFTER_DICE)
    give(state, GB, 99)
    assert not cardplay.event_playable(state, GB, 99, battle_cards.AFTER_DICE)


# --- #65 Palace Intrigue ---------------------------------------------------------------------


def test_65_palace_intrigue_a_random_card_taken_and_65_owed_as_2_cp_G55() -> None:
    state = game(GB)
    give(state, GB, 65)
    give(state, ADN, 10, 106)                      # 106 is national: never taken
    play(state, GB, 65)
    assert top(state).options == [ADN]
    state = choose(state, GB, ADN)
    assert 10 in hands.hand(state, GB) and hands.hand(state, ADN) == [106, 65]
    assert state.obligations[ADN] == [65]
    assert top(state).options == ["cp:10"] + (["event:10"] if cardplay.event_playable(
        state, GB, 10) else [])
    state = choose(state, GB, common.DECLINE)      # kept
    assert 10 in hands.hand(state, GB)
    # spending the owed 2 CP, or the obligation lapsing when #65 is lost meanwhile, is the
    # impulse's (test_wellington_flow.py::test_65_owed_card_in_hand_binds_any_impulse_...)


def test_65_needs_a_victim_with_a_non_national_card() -> None:
    state = game(GB)
    give(state, GB, 65)
    give(state, ADN, 106)
    assert not cardplay.event_playable(state, GB, 65)


# --- #100 Pontoons --------------------------------------------------------------------------


def test_100_pontoons_a_river_is_open_terrain_for_the_player_this_impulse() -> None:
    state = game(ADS)
    give(state, ADS, 100)
    play(state, ADS, 100, "cp-card:10")
    assert "almaraz|caceres" in top(state).options
    assert all(geo.line(*o.split("|")) == "river" for o in top(state).options)
    state = choose(state, ADS, "almaraz|caceres")
    assert ev.line_kind(state, "caceres", "almaraz", ADS) == "open"
    assert ev.line_kind(state, "caceres", "almaraz", ADN) == "river"     # the player only
    assert ev.line_kind(state, "caceres", "almaraz", GB) == "river"
    impulse.expire(state, "", ("impulse",))
    assert ev.line_kind(state, "caceres", "almaraz", ADS) == "river"


def test_100_pontoons_lift_a_10_block_on_that_river() -> None:
    state = game(ADS)
    state.blocked = ["caceres|almaraz"]
    common.effect(state, 10, GB, target="caceres|almaraz", until="next-impulse")
    give(state, ADN, 100)
    play(state, ADN, 100, "cp-card:10")
    state = choose(state, ADN, "almaraz|caceres")
    assert not geo.blocked(state, "almaraz", "caceres")
    assert not any(e.card == 10 for e in state.effects)
    give(state, GB, 100)
    assert not cardplay.event_playable(state, GB, 100, "cp-card:10")       # French card


# --- what is registered ----------------------------------------------------------------------

# --- through the game's own impulse menu -----------------------------------------------------


def test_the_impulse_menu_offers_and_plays_72_as_its_event() -> None:
    """The real impulse (core/wellington/impulse.py) offers #72's event and plays it as the
    impulse's card play; #64 (Must-Play, no CP) is offered as an event only."""
    from tests.support import wellington_siege as ws
    match = ws.board()
    ws.give(match.state, GB, 72, 64)
    ws.impulse(match, GB)
    assert 72 in ws.offered(match, "event") and 64 in ws.offered(match, "event")
    assert 64 not in ws.offered(match, "cp")
    ws.act(match, GB, "event", 72)
    assert interphase.extra_dice(match.state, GB) == 1
    assert 72 in match.state.piles.removed
