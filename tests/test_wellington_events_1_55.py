"""Wellington card events #1-55 (core/wellington/events/cards_1_55.py), each with the numbers
of its own paragraph in the seed's card list (docs/wellington-events-1-55.md). Events are
played through cardplay (the engine's path) and answered through the one legality path
(stack.act); dice are scripted strictly."""
from __future__ import annotations

import pytest

import core.wellington.events as events
from core import cards, stack
from core.dice import scripted
from core.engine import Action
from core.wellington import building, cardplay, flow, hands, impulse, interphase, movement
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.frames.battle import Battle, BattleCard
from core.wellington.frames.cardplay import Removal
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import Impulse
from core.wellington.frames.siege import Siege
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, IN_EFFECT, NATIONAL_DECKS,
                                   POWERS, SPAIN, UNBUILT, WellingtonState)
from tests.support.wellington_battle import CALLER, Caller, board, place

FLOW: stack.Flow = {**flow.FLOW, **events.FLOW, Caller: CALLER}


def game(active: str = GB) -> WellingtonState:
    """The 1812 game, no piece on the map, every hand empty, in `active`'s impulse."""
    state = board(active)
    for power in POWERS:
        for number in list(state.piles.hands[power]):
            cards.move(state.piles, number, f"hand:{power}", cards.DECK)
    state.resources = {p: 0 for p in POWERS}
    return state


def give(state: WellingtonState, power: str, *numbers: int) -> None:
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{power}")


def play(state: WellingtonState, power: str, number: int, trigger: str = "") -> None:
    assert cardplay.event_playable(state, power, number, trigger)
    cardplay.play_event(state, power, number, trigger)
    stack.run(state, FLOW, flow.settle)


def act(state: WellingtonState, role: str, verb: str, noun: str | int | None = None
        ) -> WellingtonState:
    return stack.act(state, FLOW, role, Action(verb, noun), settle=flow.settle)


def choose(state: WellingtonState, noun: str) -> WellingtonState:
    top = stack.top(state)
    assert isinstance(top, EventChoice)
    return act(state, top.power, "event-choice", noun)


def options(state: WellingtonState) -> list[str]:
    top = stack.top(state)
    assert isinstance(top, EventChoice)
    return list(top.options)


def lose_all(state: WellingtonState) -> WellingtonState:
    """Answer every Removal on top, first duchy offered each time."""
    while isinstance(stack.top(state), Removal):
        top = stack.top(state)
        choice = stack.choices(state, FLOW, top.power)[0]
        state = stack.act(state, FLOW, top.power, choice.action, settle=flow.settle)
    return state


def sp(state: WellingtonState, where: str, power: str) -> int:
    return building.sp(state, where, power)


# --- #4 Russian Front, #5 Disaster on the Rhine ------------------------------------------------


def test_4_russian_front_french_lose_5_sp_between_them_draw_and_appeal_plus_2():
    """#4: the French Powers eliminate 5 French SP between them; the player draws a card and
    may play another (5.6); the card is removed, +2 on the Appeal to the Emperor."""
    state = game(SPAIN)
    give(state, SPAIN, 4)
    place(state, "bayonne", ADS, infantry=3)
    place(state, "burgos", ADN, infantry=4)
    play(state, SPAIN, 4)
    assert options(state) == ["1", "2", "3"]        # AdS 3 SP, AdN 4: 5 = 1+4 .. 3+2
    state = choose(state, "2")
    state = lose_all(state)
    assert sp(state, "bayonne", ADS) == 1 and sp(state, "burgos", ADN) == 1
    assert len(hands.hand(state, SPAIN)) == 1
    assert stack.find(state, Impulse).extra == 1
    assert 4 in state.piles.removed
    assert interphase.appeal_drm(state) == 2


def test_4_too_few_french_sp_the_rest_is_owed_5_12():
    state = game(GB)
    give(state, GB, 4)
    place(state, "bayonne", ADS, infantry=1)
    place(state, "burgos", ADN, infantry=2)
    play(state, GB, 4)
    assert options(state) == ["1"]                  # AdS loses its 1, AdN its 2 + 2 owed
    state = lose_all(choose(state, "1"))
    assert state.owed_removals == {ADN: [2]}


def test_5_disaster_on_the_rhine_sp_option_3():
    """#5 (G.47): 5 SP by default, 3 with the option."""
    state = game(GB)
    state.options = state.options.__class__(disaster_on_the_rhine_sp=3)
    give(state, GB, 5)
    place(state, "bayonne", ADS, infantry=4)
    place(state, "burgos", ADN, infantry=4)
    play(state, GB, 5)
    assert options(state) == ["0", "1", "2", "3"]
    state = lose_all(choose(state, "0"))
    assert sp(state, "burgos", ADN) == 1 and sp(state, "bayonne", ADS) == 4


def test_must_play_events_only_in_the_players_own_impulse():
    state = game(GB)
    give(state, SPAIN, 4, 26, 38, 46)
    for number in (4, 26, 38, 46):
        assert not cardplay.event_playable(state, SPAIN, number)
        assert not cardplay.event_playable(state, SPAIN, number, "event:1")


# --- #6 Viceroy Deposed --------------------------------------------------------------------------


def test_6_viceroy_deposed_random_discards_or_2_sp():
    """#6: a random non-National card from the British hand is discarded; Spain holds only a
    National card, so it eliminates 2 SP instead; the player draws and may play again."""
    state = game(ADS)
    give(state, ADS, 6)
    give(state, GB, 60, 93)
    give(state, SPAIN, 87)
    place(state, "madrid", SPAIN, infantry=3)
    play(state, ADS, 6)
    assert hands.hand(state, GB) == [93] and 60 in state.piles.discard
    top = stack.top(state)
    assert isinstance(top, Removal) and top.power == SPAIN and top.left == 2
    state = lose_all(state)
    assert sp(state, "madrid", SPAIN) == 1
    assert len(hands.hand(state, ADS)) == 1 and stack.find(state, Impulse).extra == 1
    assert 6 in state.piles.removed


# --- #9 Passes Blocked, #10 Bridges Swept Away ---------------------------------------------------


def test_9_passes_blocked_until_the_players_next_impulse():
    state = game(GB)
    give(state, ADN, 9)
    play(state, ADN, 9, "move:x")                   # a Response, in GB's impulse
    line = options(state)[0]
    a, b = line.split("|")
    from core.wellington import flags as geo
    assert geo.line(a, b) == "pass"
    state = choose(state, line)
    assert geo.blocked(state, a, b)
    impulse.expire(state, GB, ("next-impulse",))    # another Power's impulse: still blocked
    assert geo.blocked(state, a, b)
    impulse.expire(state, ADN, ("next-impulse",))   # ADN's next impulse begins (G.48)
    assert not geo.blocked(state, a, b)


def test_10_bridges_swept_away_blocks_a_river_line():
    from core.wellington import flags as geo
    state = game(GB)
    give(state, GB, 10)
    play(state, GB, 10)                             # its own impulse, as its card play
    assert all(geo.line(*n.split("|")) == "river" for n in options(state))
    line = options(state)[0]
    state = choose(state, line)
    assert line in state.blocked


# --- #13 Atrocity --------------------------------------------------------------------------------


def test_13_atrocity_one_more_die_in_the_players_battles_this_turn():
    state = game(ADS)
    give(state, ADS, 13)
    play(state, ADS, 13)
    assert 13 in state.piles.boxes[IN_EFFECT]
    place(state, "badajoz", ADS, infantry=2)
    place(state, "badajoz", GB, infantry=2)
    from core.wellington import battle
    battle.start(state, "badajoz", GB, "GB:badajoz", "", False)
    b = stack.top(state)
    assert isinstance(b, Battle)
    assert (FRENCH, 0, 1, "#13 Atrocity (AdS, this turn)") in b.extra_dice
    state.effects = [e for e in state.effects if e.until != "turn"]     # 4.8
    from core.wellington.events import common
    common.release_kept(state)
    assert 13 in state.piles.discard


def test_13_no_die_for_a_battle_without_the_players_formation():
    state = game(ADS)
    give(state, ADS, 13)
    play(state, ADS, 13)
    place(state, "badajoz", ADN, infantry=2)
    place(state, "badajoz", GB, infantry=2)
    from core.wellington import battle
    battle.start(state, "badajoz", GB, "GB:badajoz", "", False)
    assert stack.top(state).extra_dice == []


# --- #17 Portuguese Revolt -----------------------------------------------------------------------


def test_17_portuguese_revolt_gb_builds_only_in_gibraltar_or_england():
    state = game(ADN)
    give(state, ADN, 17)
    before = building.soldier_places(state, GB)
    play(state, ADN, 17)
    after = building.soldier_places(state, GB)
    from core.wellington import flags as geo
    assert all(geo.country(d) != "Portugal" for d in after if geo.on_map(d))
    assert set(after) <= set(before) | {"england", "gibraltar"}
    assert 17 in state.piles.removed


# --- #18 Royal Intervention ----------------------------------------------------------------------


def test_18_royal_intervention_a_reserve_card_and_a_resource():
    state = game(GB)
    give(state, GB, 18)
    unplayed = sorted(state.piles.boxes[NATIONAL_DECKS[GB]])
    play(state, GB, 18)
    assert state.resources[GB] == 1
    assert options(state) == [str(n) for n in unplayed]
    state = choose(state, str(unplayed[0]))
    assert unplayed[0] in hands.hand(state, GB)


# --- #20 The Fatherland in Danger ----------------------------------------------------------------


def test_20_fatherland_only_with_an_allied_formation_at_a_french_key():
    from core.wellington import flags as geo
    state = game(ADN)
    give(state, ADN, 20)
    assert not cardplay.event_playable(state, ADN, 20)
    key = next(d for d in geo.duchies() if geo.is_key(d) and geo.national_power(d) in (ADS, ADN))
    near = geo.neighbours(key)[0]
    place(state, near, GB, infantry=1)
    assert cardplay.event_playable(state, ADN, 20)
    play(state, ADN, 20)
    french = [d for d in geo.duchies() if geo.national_power(d) in (ADS, ADN)]
    for duchy in french:
        if geo.controller(state, duchy) in (ADS, ADN):
            assert sp(state, duchy, geo.national_power(duchy)) == 1
    assert state.resources[ADS] == 1 and state.resources[ADN] == 1
    assert 20 in state.piles.removed


# --- #23 Humbugged -------------------------------------------------------------------------------


def test_23_humbugged_a_1_4_until_the_end_of_his_powers_next_impulse():
    state = game(GB)
    give(state, ADS, 23)
    place(state, "madrid", ADS, infantry=1, commanders=("soult",))
    play(state, ADS, 23, "move:x")
    state = choose(state, "soult")
    assert movement.battle_value(state, "soult") == 1
    assert movement.command_value(state, "soult") == 4
    state.impulses += 1                              # AdS's next impulse ends
    impulse.expire(state, ADS, ("end-next-impulse",), started_before=state.impulses)
    assert movement.battle_value(state, "soult") == building.commander("soult").bv
    from core.wellington.events import common
    common.release_kept(state)
    assert 23 in state.piles.discard


# --- #26 Italian Adventure -----------------------------------------------------------------------


def test_26_italian_adventure_gb_loses_2_sp_and_owes_a_2_cp_play():
    state = game(ADS)
    give(state, ADS, 26)
    place(state, "lisbon", GB, infantry=3)
    play(state, ADS, 26)
    top = stack.top(state)
    assert isinstance(top, Removal) and top.power == GB and top.left == 2
    state = lose_all(state)
    assert sp(state, "lisbon", GB) == 1
    assert state.obligations[GB] == [26]
    assert len(hands.hand(state, ADS)) == 1
    assert interphase.appeal_drm(state) == 1


# --- #37 Hasty Fortification ---------------------------------------------------------------------


def test_37_hasty_fort_in_an_unfortified_duchy_the_player_controls():
    from core.wellington import flags as geo
    state = game(GB)
    give(state, GB, 37)
    play(state, GB, 37)
    assert all(geo.controller(state, d) == GB and not geo.is_fortress(state, d)
               for d in options(state))
    duchy = options(state)[0]
    state = choose(state, duchy)
    assert duchy in state.hasty_forts and geo.fortress_strength(state, duchy) == 2
    give(state, GB, 37)
    assert not cardplay.event_playable(state, GB, 37)   # E5: one marker


# --- #38 The Emperor's Call ----------------------------------------------------------------------


def test_38_emperors_call_removes_99_even_from_a_hand_and_french_bonus_1():
    state = game(ADS)
    give(state, ADS, 38)
    give(state, ADN, 99)
    play(state, ADS, 38)
    assert 99 in state.piles.removed and 99 not in hands.hand(state, ADN)
    assert state.french_bonus_reduced
    assert len(hands.hand(state, ADS)) == 1
    assert interphase.appeal_drm(state) == 1


# --- #46 Corruption & Sabotage -------------------------------------------------------------------


def test_46_powers_above_3_resources_lose_half_rounded_up_then_reshuffle():
    """#46, G.52: 5 -> loses 3; 4 -> loses 2; 3 keeps 3; the discards and #46 into the
    deck."""
    state = game(GB)
    give(state, GB, 46)
    state.resources = {GB: 5, ADS: 4, SPAIN: 3, ADN: 0}
    cards.move(state.piles, 60, state.piles.where(60), cards.DISCARD)
    play(state, GB, 46)
    assert state.resources == {GB: 2, ADS: 2, SPAIN: 3, ADN: 0}
    assert state.piles.discard == [] and 46 in state.piles.deck and 60 in state.piles.deck
    assert len(hands.hand(state, GB)) == 1


# --- #47 Call Up the Next Class ------------------------------------------------------------------


def test_47_places_4_sp_in_a_friendly_national_duchy_rule_5_11():
    from core.wellington import flags as geo
    state = game(GB)
    give(state, GB, 47)
    play(state, GB, 47)
    assert "lisbon" in options(state)
    assert all(geo.friendly(state, d, GB) for d in options(state))
    state = choose(state, "lisbon")
    assert sp(state, "lisbon", GB) == 4


# --- #50 Extended Campaign -----------------------------------------------------------------------


def test_50_only_with_no_other_card_then_draw_2_and_play_one():
    state = game(SPAIN)
    give(state, SPAIN, 50, 87)
    assert not cardplay.event_playable(state, SPAIN, 50)      # R12: nationals count
    cards.move(state.piles, 87, f"hand:{SPAIN}", "reserve-Spain")
    play(state, SPAIN, 50)
    assert len(hands.hand(state, SPAIN)) == 2 and stack.find(state, Impulse).extra == 1


# --- battle and siege cards ----------------------------------------------------------------------


def test_12_rush_to_the_rescue_one_sp_and_one_die_this_round():
    from core.wellington import battle
    state = game(GB)
    place(state, "badajoz", GB, infantry=2, commanders=("wellington",), lead=True)
    place(state, "badajoz", ADS, infantry=2)
    give(state, GB, 12)
    battle.start(state, "badajoz", GB, "wellington", "", False)
    stack.run(state, FLOW, flow.settle)
    assert isinstance(stack.top(state), BattleCard)
    state = act(state, GB, "battle-card", 12)
    assert options(state) == ["wellington"]
    state = choose(state, "wellington")
    b = stack.find(state, Battle)
    assert sp(state, "badajoz", GB) == 3
    assert (ALLIES, 1, 1, "#12 Rush to the Rescue (this round)") in b.extra_dice
    assert 12 in state.piles.discard


@pytest.mark.parametrize("card,faces,loser", [
    (28, [3, 3], FRENCH),        # GB plays: 3 +1 +2 = 6 vs 3 +2 = 5: the French lose
    (29, [3, 5], FRENCH),        # GB plays: 3 +2 = 5 vs 5: a tie, the British win it
])
def test_28_29_duels_the_loser_takes_2_disorganisations(card, faces, loser):
    from core.wellington import battle
    state = game(GB)
    place(state, "badajoz", GB, infantry=3)
    place(state, "badajoz", ADS, infantry=3)
    give(state, GB, card)
    battle.start(state, "badajoz", GB, "GB:badajoz", "", False)
    stack.run(state, FLOW, flow.settle)
    with scripted(faces, strict=True):
        state = act(state, GB, "battle-card", card)
    b = stack.find(state, Battle)
    assert b.suffered_d[loser] == 2 and b.marked[loser] == 2
    assert (loser, 1, -2, f"2 disorganised by {hands.title(card)} (no dice)") in b.extra_dice


def test_28_french_win_ties():
    from core.wellington import battle
    state = game(GB)
    place(state, "badajoz", SPAIN, infantry=3)
    place(state, "badajoz", ADS, infantry=3)
    give(state, SPAIN, 28)
    battle.start(state, "badajoz", SPAIN, "Spain:badajoz", "", False)
    stack.run(state, FLOW, flow.settle)
    with scripted([4, 4], strict=True):             # Spain 4 +0 +2 = 6, French 4 +2 = 6
        state = act(state, SPAIN, "battle-card", 28)
    assert stack.find(state, Battle).suffered_d[ALLIES] == 2


def test_21_really_big_guns_only_the_besieger_before_the_first_roll():
    state = game(GB)
    siege = Siege(duchy="badajoz", power=GB, commander="wellington", owner=ADS, strength=3,
                  round=1)
    give(state, GB, 21)
    event = sieges.SIEGE_CARDS[21]
    assert event.playable(state, siege, GB) and not event.playable(state, siege, ADS)
    event.play(state, siege, GB)
    assert siege.fives_per_hit == 2
    siege.round = 2
    assert not event.playable(state, siege, GB)


# --- cards_1_55_field.py: #7 #8 #19 #35 ----------------------------------------------------------


def test_7_pillage_after_routing_an_army_one_resource_and_a_card():
    state = game(ADS)
    b = Battle(duchy="salamanca", attacker=ADS, attacking=FRENCH, defending=ALLIES,
               winner=FRENCH, loser=ALLIES, routed=True, had_army={ALLIES: True},
               powers={FRENCH: [ADN], ALLIES: [GB]})
    state.stack += [b, Caller(power=ADS)]          # the battle waits at its Response window
    give(state, ADN, 7)
    assert cardplay.event_playable(state, ADN, 7, battle_cards.AFTER_BATTLE)
    assert not cardplay.event_playable(state, GB, 7, battle_cards.AFTER_BATTLE)
    assert not cardplay.event_playable(state, ADN, 7, battle_cards.AFTER_DICE)
    b.had_army = {ALLIES: False}                     # leaderless soldiers: not an Army
    assert not cardplay.event_playable(state, ADN, 7, battle_cards.AFTER_BATTLE)
    b.had_army = {ALLIES: True}
    cardplay.play_event(state, ADN, 7, battle_cards.AFTER_BATTLE)
    stack.run(state, FLOW, flow.settle)
    assert state.resources[ADN] == 1 and len(hands.hand(state, ADN)) == 1


def test_7_pillage_after_a_siege_won_and_flagged():
    state = game(GB)
    s = Siege(duchy="badajoz", power=SPAIN, commander="castanos", owner=ADS, strength=3,
              captured=True, over=True)
    state.stack.append(s)
    give(state, SPAIN, 7)
    assert cardplay.event_playable(state, SPAIN, 7, sieges.AFTER_SIEGE)
    assert not cardplay.event_playable(state, ADS, 7, sieges.AFTER_SIEGE)      # not the victor
    s.captured = False
    assert not cardplay.event_playable(state, SPAIN, 7, sieges.AFTER_SIEGE)    # a failed siege


def test_8_bombardment_3_dice_in_round_1_or_2_and_the_siege_goes_on():
    state = game(GB)
    s = Siege(duchy="badajoz", power=GB, commander="wellington", owner=ADS, strength=3, round=2)
    state.stack += [s, Caller(power=GB)]          # the siege waits at its Response window
    give(state, SPAIN, 8)
    play(state, SPAIN, 8, sieges.BEFORE_DICE)
    assert (sieges.BESIEGER, 2, 3, "#8 Bombardment (round 2)") in s.extra_dice
    assert s.continue_after == [2]
    s.round = 3
    give(state, SPAIN, 8)
    assert not cardplay.event_playable(state, SPAIN, 8, sieges.BEFORE_DICE)


def test_19_bandits_3_dice_per_duchy_each_5_or_6_a_loss_the_owner_chooses():
    state = game(SPAIN)
    give(state, SPAIN, 19)
    place(state, "salamanca", ADN, infantry=2, commanders=("marmont",))
    place(state, "zamora", ADN, infantry=1)
    play(state, SPAIN, 19)
    assert "salamanca" in options(state) and "burgos" not in options(state)   # a fortress
    state = choose(state, "salamanca")
    assert "zamora" in options(state)
    with scripted([5, 6, 1, 4, 4, 6], strict=True):
        state = choose(state, "zamora")
    top = stack.top(state)
    assert top.power == ADN and set(top.options) == {"sp:AdN", "commander:marmont"}
    state = choose(state, "sp:AdN")
    state = choose(state, "commander:marmont")
    assert sp(state, "salamanca", ADN) == 1 and state.commanders["marmont"] == UNBUILT
    state = choose(state, "sp:AdN")                  # zamora's 6
    assert sp(state, "zamora", ADN) == 0
    assert not isinstance(stack.top(state), EventChoice)


def test_19_bandits_under_102_halved_rounded_up_and_recorded():
    """#102 Chasseurs & Hussars in force for the Armée du Nord: the bandits' 3 hits at
    Salamanca become 2 (halved, rounded up), and each loss is recorded as the card's (so #102
    played after the roll could give half of it back)."""
    from core.wellington import attrition
    from core.wellington.events import common
    state = game(SPAIN)
    give(state, SPAIN, 19)
    place(state, "salamanca", ADN, infantry=3, commanders=("marmont",))
    place(state, "zamora", ADN, infantry=1)
    common.effect(state, 102, ADN, until="turn")
    play(state, SPAIN, 19)
    state = choose(state, "salamanca")
    with scripted([5, 6, 6, 1, 1, 1], strict=True):
        state = choose(state, "zamora")
    assert any("3 hit(s)" not in line and "Bandits at Salamanca" in line and "2 hit(s)" in line
               for line in state.log)
    state = choose(state, "sp:AdN")
    state = choose(state, "sp:AdN")
    assert not isinstance(stack.top(state), EventChoice)
    assert sp(state, "salamanca", ADN) == 1
    lost = attrition.losses(state, "salamanca", (ADN,), (19,))
    assert sum(r[4] for r in lost) == 2


def test_19_bandits_is_an_event_of_the_players_own_impulse():
    state = game(SPAIN)
    give(state, SPAIN, 19)
    assert cardplay.event_playable(state, SPAIN, 19)
    assert not cardplay.event_playable(state, GB, 19)            # not GB's impulse
    assert not cardplay.event_playable(state, SPAIN, 19, "move:x")   # not a Response


def test_35_juramentados_eliminate_1_french_place_1_spanish_who_attacks():
    state = game(GB)
    give(state, SPAIN, 35)
    place(state, "salamanca", ADN, infantry=1)
    play(state, SPAIN, 35, "move:x")
    assert "salamanca" in options(state) and "burgos" not in options(state)
    state = choose(state, "salamanca")               # the French SP is gone: no battle
    assert sp(state, "salamanca", ADN) == 0 and sp(state, "salamanca", SPAIN) == 1
    assert state.flags.get("salamanca") == SPAIN


def test_35_juramentados_a_battle_when_french_remain():
    state = game(GB)
    give(state, SPAIN, 35)
    place(state, "salamanca", ADN, infantry=2)
    play(state, SPAIN, 35, "move:x")
    with scripted([6, 1, 1, 1], strict=False):      # Spain 1 die, the French 1 + 2 (11.3)
        state = choose(state, "salamanca")
    assert any("Battle at Salamanca: Spain attacks" in line for line in state.log)
    assert any("Round 1: the Allies roll 1 die" in line for line in state.log)
    assert sp(state, "salamanca", ADN) == 0 and sp(state, "salamanca", SPAIN) == 1
    assert state.flags.get("salamanca") == SPAIN


def test_35_juramentados_not_playable_without_a_1_sp_counter_so_no_battle_without_the_sp():
    """#35 places 1 SP: with every Spanish infantry counter in play (only a larger counter
    free) nothing could be placed, so the card is not offered (a random playout had it start
    a battle with no Spanish Formation: "no battle at Saldaña")."""
    from core.wellington import building
    state = game(GB)
    give(state, SPAIN, 35)
    place(state, "saldana", ADN, infantry=2)
    place(state, "england", SPAIN, infantry=building.mix(SPAIN)[0])
    assert building.unbuilt(state, SPAIN)[0] == 0 and any(building.unbuilt(state, SPAIN))
    assert not cardplay.event_playable(state, SPAIN, 35, "move:x")


def test_22_insulted_ally_no_march_under_another_powers_command_until_its_scheduled_end():
    from core.wellington.events import cards_1_55, common
    state = game(GB)
    give(state, ADS, 22)
    play(state, ADS, 22, "move:x")
    state = choose(state, SPAIN)
    assert not cards_1_55.may_go_with(state, SPAIN, "wellington")   # a British commander
    assert cards_1_55.may_go_with(state, GB, "wellington")
    common.end_of_impulse(state, SPAIN, "scheduled")   # begun in this impulse: not yet
    assert not cards_1_55.may_go_with(state, SPAIN, "wellington")
    state.impulses += 1
    common.end_of_impulse(state, SPAIN, "preemptive")  # not a scheduled one
    assert not cards_1_55.may_go_with(state, SPAIN, "wellington")
    common.end_of_impulse(state, SPAIN, "scheduled")
    assert cards_1_55.may_go_with(state, SPAIN, "wellington")


def test_39_royalist_dissent_until_each_french_power_completes_a_scheduled_impulse():
    from core.wellington.events import cards_1_55, common
    state = game(GB)
    give(state, GB, 39)
    play(state, GB, 39)
    assert cards_1_55.dissent_holds(state, ADN, "bayonne")        # a French National duchy
    assert not cards_1_55.dissent_holds(state, ADS, "madrid")     # not French National
    assert not cards_1_55.dissent_holds(state, GB, "bayonne")
    assert 39 in state.piles.boxes[IN_EFFECT]
    state.impulses += 1
    common.end_of_impulse(state, ADS, "scheduled")
    common.end_of_impulse(state, ADN, "preemptive")               # not a scheduled one
    assert cards_1_55.dissent_holds(state, ADS, "bayonne")
    assert interphase.appeal_drm(state) == 0
    common.end_of_impulse(state, ADN, "scheduled")
    assert not cards_1_55.dissent_holds(state, ADS, "bayonne")
    assert 39 in state.piles.removed and interphase.appeal_drm(state) == 1
