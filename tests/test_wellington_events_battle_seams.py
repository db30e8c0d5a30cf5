"""The card events that act on the battle's seams (core/wellington/battle/cards.py "THE
SEAMS"; docs/wellington-battle.md): #1, #2, #14, #30, #31, #32, #42, #48, #49, #52, #54, #55
(events/cards_1_55_battle.py) and #58, #70, #74, #79, #81, #87, #91, #96, #97, #107
(events/cards_56_110_battle.py), each branch with the numbers of its own paragraph in the
seed's card list. Battles are fought through the game's flow with scripted dice; a card is
declared at the BattleCard stop (11.1) or played in the Response window it answers (5.2)."""
from __future__ import annotations

import pytest

import core.wellington.events  # noqa: F401  (registers every event)
from core import stack
from core.dice import scripted
from core.engine import Action
from core.wellington import battle as battles
from core.wellington import building, cardplay, flow, hands, siege
from core.wellington.battle import aftermath, cards as battle_cards, procedure
from core.wellington.events import cards_1_55_battle, cards_61
from core.wellington.events import cards_1_55_field as field
from core.wellington.events import common
from core.wellington.frames.battle import Battle, BattleCard, BattleCardPlay
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, REGROUP, SPAIN, UNBUILT,
                                   Effect, WellingtonState)
from tests.support.wellington_battle import CALLER, Caller, board, give, place

FLOW: stack.Flow = {**flow.FLOW, **common.FLOW, Caller: CALLER}


# --- positions and moves ---------------------------------------------------------------------


def avila(gb: int = 3, french: int = 3, gb_chiefs: tuple[str, ...] = (),
          fr_chiefs: tuple[str, ...] = (), active: str = GB, french_power: str = ADS,
          allied: str = GB) -> WellingtonState:
    """Avila (unfortified, French-controlled; neighbours Madrid and Salamanca): `gb` British
    infantry attack `french` infantry of `french_power` in `active`'s impulse; 1 British
    infantry at Salamanca, so a beaten defender has only Madrid to go to (11.61)."""
    state = board(active)
    state.resources = {p: 0 for p in state.resources}
    place(state, "salamanca", GB, infantry=1)
    place(state, "avila", allied, infantry=gb, commanders=gb_chiefs)
    place(state, "avila", french_power, infantry=french, commanders=fr_chiefs)
    return state


def begin(state: WellingtonState, attacker: str = GB) -> WellingtonState:
    battles.start(state, "avila", attacker, f"{attacker}:avila", "", False)
    stack.run(state, FLOW, flow.settle)
    return state


def act(state: WellingtonState, power: str, verb: str, noun: object = None) -> WellingtonState:
    return stack.act(state, FLOW, power, Action(verb, noun), settle=flow.settle)


def top(state: WellingtonState) -> object:
    return stack.top(state)


def fight(state: WellingtonState) -> Battle:
    found = stack.find(state, Battle)
    assert found is not None
    return found


def declare(state: WellingtonState, power: str, *numbers: int) -> WellingtonState:
    """`power`, asked at its BattleCard stop, declares `numbers` and no more (11.1)."""
    assert isinstance(top(state), BattleCard) and top(state).power == power
    for number in numbers:
        state = act(state, power, "battle-card", number)
    if isinstance(top(state), BattleCard) and top(state).power == power:
        state = act(state, power, "no-more-cards")
    return state


def window(state: WellingtonState, trigger: str) -> bool:
    return isinstance(top(state), ResponseWindow) and top(state).trigger == trigger


def respond(state: WellingtonState, power: str, number: int) -> WellingtonState:
    """`power` plays Response `number` in the open window (asked in turn: the others before
    it decline)."""
    assert isinstance(top(state), ResponseWindow)
    while top(state).asked[0] != power:
        state = act(state, top(state).asked[0], "no-response")
    return act(state, power, "respond", number)


def pass_(state: WellingtonState) -> WellingtonState:
    """Every Power asked in the open Response window declines."""
    while isinstance(top(state), ResponseWindow):
        state = act(state, top(state).asked[0], "no-response")
    return state


def until(state: WellingtonState, trigger: str) -> WellingtonState:
    """Decline every Response window up to the one opened by `trigger`."""
    while not window(state, trigger):
        assert isinstance(top(state), ResponseWindow), top(state)
        state = act(state, top(state).asked[0], "no-response")
    return state


def choose(state: WellingtonState, noun: str) -> WellingtonState:
    assert isinstance(top(state), EventChoice)
    return act(state, top(state).power, "event-choice", noun)


def log_has(state: WellingtonState, text: str) -> bool:
    return any(text in line for line in state.log)


def over(state: WellingtonState) -> bool:
    return stack.find(state, Battle) is None and isinstance(top(state), Caller)


# --- #96 Bloody Bagpipes (+B, GB): no Rout of the Allies, +3 Plunder if they win ---------------


def test_96_bagpipes_2_dice_and_2_disorganisations_ignored():
    """#96: GB 3 SP + 1 British + 2 = 6 dice; the French 5s: 3, of which 2 ignored."""
    state = avila()
    give(state, GB, 96)
    state = begin(state)
    with scripted([5, 5, 1, 1, 1, 1, 5, 5, 5, 1, 1], strict=True):
        state = declare(state, GB, 96)
    assert log_has(state, "Round 1: the Allies roll 6 dice")
    assert log_has(state, "+2 #96 Bloody Bagpipes")
    assert log_has(state, "= 0 E, 1 D")                     # French: 3 D, 2 ignored
    assert log_has(state, "Losses Allies 1, French 2: the Allies win (11.52)")
    assert 96 in state.piles.boxes["reserve-GB"]


def test_96_bagpipes_a_rout_of_the_allies_is_a_retreat():
    """#96: the French inflict 1 E + 2 D (2 more D ignored), the Allies none: margin 3, a
    Rout (11.7) downgraded to a retreat: no disorganised unit eliminated."""
    state = avila()
    give(state, GB, 96)
    state = begin(state)
    with scripted([1, 1, 1, 1, 1, 1, 6, 5, 5, 5, 5], strict=True):
        state = declare(state, GB, 96)
    assert log_has(state, "The Rout of the Allies becomes a simple retreat (#96 Bloody Bagpipes)")
    assert not log_has(state, "Rout: the French")
    assert building.sp(state, REGROUP, GB) == 2          # 3 - 1 E: the rest to the Regroup Box


def test_96_bagpipes_plus_3_plunder_only_for_an_allied_win():
    """#96: +3 on the Plunder roll (11.10) if the Allies win: 2 + 1 lost + 3 = 6... only with
    the Allies the winner; a French winner rolls without it."""
    state = board(GB)
    for winner, loser, total in ((ALLIES, FRENCH, "= 9"), (FRENCH, ALLIES, "= 6")):
        b = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH,
                   winner=winner, loser=loser, routed=True, had_army={loser: True},
                   eliminated={loser: 1}, powers={ALLIES: [GB], FRENCH: [ADS]})
        battle_cards.add_plunder_drm(b, 3, "#96 Bloody Bagpipes", winner=ALLIES)
        place(state, "avila", GB if winner == ALLIES else ADS, infantry=1)
        with scripted([5], strict=True):
            aftermath.plunder(state, b)
        assert total in b.plunder, b.plunder
        state.troops.pop("avila")


# --- #87 Militia (+B, Spain): +2 dice every round, no French Overrun benefit --------------------


def test_87_militia_2_dice_in_every_round():
    """#87: Spain 3 SP + 2 = 5 dice in round 1 and 3 + 2 - 1 D = 4 in round 2."""
    state = avila(allied=SPAIN, active=SPAIN)
    give(state, SPAIN, 87)
    state = begin(state, SPAIN)
    with scripted([5, 1, 1, 1, 1, 5, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1], strict=True):
        state = declare(state, SPAIN, 87)
    assert log_has(state, "Round 1: the Allies roll 5 dice")
    assert log_has(state, "Round 2: the Allies roll 4 dice")
    assert log_has(state, "+2 #87 Militia")


def test_87_militia_a_french_overrun_goes_no_further_and_places_no_free_flag():
    """#87: the French wipe out 1 Spanish SP with 1 E + 1 D (2 losses > 1 SP: a Flag Overrun
    by 11.9): no free flag, and a BFI marker that stops them (11.8 benefit denied)."""
    state = avila(gb=1, allied=SPAIN, active=ADS)
    give(state, SPAIN, 87)
    state = begin(state, ADS)
    with scripted([6, 5, 1, 1, 1, 1, 1, 1], strict=True):
        state = declare(state, SPAIN, 87)
    assert log_has(state, "denies the French the free flag (11.9)")
    assert log_has(state, "French overran, but goes no further (#87 Militia)")
    assert "AdS:avila" in state.bfi
    assert over(state)


# --- #81 Thunder & Lightning (B; battle half) ---------------------------------------------------


def test_81_thunder_halves_both_sides_dice_and_a_rout_is_a_retreat():
    """#81: GB 4 dice -> 2, the French 5 -> 3 (rounded up); the French 1 E + 2 D against none:
    a Rout downgraded; later battles in Avila this impulse are halved too."""
    state = avila()
    give(state, GB, 81)
    state = begin(state)
    with scripted([1, 1, 6, 5, 5], strict=True):
        state = declare(state, GB, 81)
    assert log_has(state, "Round 1: the Allies roll 2 dice")
    assert log_has(state, "-2 halved, rounded up (#81 Thunder & Lightning)")
    assert log_has(state, "Round 1: the French roll 3 dice")
    assert log_has(state, "The Rout of the Allies becomes a simple retreat "
                          "(#81 Thunder & Lightning)")
    assert any(e.card == 81 and e.target == "avila" and e.until == "impulse"
               for e in state.effects)
    later = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH)
    battle_cards.standing_effects(state, later)
    assert later.halved == "#81 Thunder & Lightning"


def test_81_thunder_an_overrun_may_not_leave_the_duchy_until_the_next_impulse():
    """#81: the French overrun GB's 1 SP: a BFI marker now, and an effect on Avila binding
    AdS until its next impulse (movement reads it: W8)."""
    state = avila(gb=1)
    give(state, GB, 81)
    state = begin(state)
    with scripted([1, 6, 1, 1], strict=True):
        state = declare(state, GB, 81)
    assert "AdS:avila" in state.bfi
    assert any(e.card == 81 and e.power == ADS and e.target == "avila"
               and e.until == "next-impulse" for e in state.effects)


# --- #74 Field Fortifications (B, an inactive Power) ---------------------------------------------


def test_74_field_fortifications_only_an_inactive_power_before_the_battle():
    state = avila()
    give(state, GB, 74)
    b = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH, active=GB, round=1)
    assert not battle_cards.may_declare(state, b, GB, 74)        # GB is the active Power
    give(state, ADS, 74)
    assert battle_cards.may_declare(state, b, ADS, 74)
    b.round = 2
    assert not battle_cards.may_declare(state, b, ADS, 74)       # "before any battle"


def test_74_two_disorganisations_cancelled_and_the_winner_retreats_after_one_round():
    """#74: GB's three 5s against AdS: 2 cancelled; GB wins 1 D + 1 E against 1 D... AdS is
    neither routed nor eliminated, so GB retreats after the one round (to the Regroup Box:
    it came from nowhere)."""
    state = avila()
    give(state, ADS, 74)
    state = begin(state)
    with scripted([6, 5, 5, 5, 5, 1, 1, 1, 1], strict=True):
        state = declare(state, ADS, 74)
    assert log_has(state, "Losses Allies 1, French 2: the Allies win (11.52)")
    assert log_has(state, "#74 Field Fortifications: the French were neither routed nor "
                          "eliminated: the Allies must retreat")
    assert building.sp(state, REGROUP, GB) == 3 and building.sp(state, "avila", ADS) == 2
    assert not log_has(state, "Round 2")


def test_74_an_overrun_of_the_player_gives_no_free_flag_no_move_and_plunder_minus_2():
    """#74: GB (4 SP, 5 dice) overruns AdN's 1 SP and Joseph: 2 E, three 5s of which 2
    cancelled (2 E + 1 D > 2 units): no free flag, a BFI marker, and the Plunder roll 4 + 2
    lost - 2 = 4: nothing."""
    state = avila(gb=4, french=1, fr_chiefs=("joseph",), french_power=ADN)
    give(state, ADN, 74)
    state = begin(state)
    with scripted([6, 6, 5, 5, 5, 1, 1, 1, 1, 4], strict=True):
        state = declare(state, ADN, 74)
    assert log_has(state, "denies the Allies the free flag (11.9)")
    assert "GB:avila" in state.bfi
    assert log_has(state, "die 4 + 2 SP and commanders lost -2 (#74 Field Fortifications) = 4")


# --- #97 Damned Good Ground (B, GB) -----------------------------------------------------------


def wellington_against_marmont() -> WellingtonState:
    return avila(gb_chiefs=("wellington",), french_power=ADN, fr_chiefs=("marmont",))


def test_97_half_the_6s_against_gb_become_5s_and_the_card_comes_back():
    """#97: GB 3 + 5 (Wellington) + 1 = 9 dice: 1 E + 3 D; AdN 3 + 2 + 2 = 7 dice with one 6
    against GB, which becomes a 5 (half of 1, rounded up). Losses 1 - 4: a Rout eliminates
    Marmont's Army; Wellington commanded, so the card goes back to GB's hand; it may not be
    used in battle again this impulse."""
    state = wellington_against_marmont()
    give(state, GB, 97)
    state = begin(state)
    with scripted([6, 5, 5, 5, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 3], strict=True):
        state = declare(state, GB, 97)
    assert log_has(state, "1 6 against the Allies becomes a 5 (#97 Damned Good Ground)")
    assert log_has(state, "Losses Allies 1, French 4: the Allies win (11.52)")
    assert log_has(state, "Rout: the Allies inflicted 3 more losses")
    assert 97 in hands.hand(state, GB)
    again = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH, round=1)
    assert not battle_cards.may_declare(state, again, GB, 97)


def test_97_without_wellington_in_command_the_card_goes_to_the_reserve():
    state = avila(gb_chiefs=("hill",), french_power=ADN, fr_chiefs=("marmont",))
    give(state, GB, 97)
    state = begin(state)
    # GB 3 + 3 (Hill) + 1 = 7 dice, AdN 7: GB 1 E + 3 D, AdN no hit: a Rout, Plunder die 3
    with scripted([6, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3], strict=True):
        state = declare(state, GB, 97)
    assert log_has(state, "Rout: the Allies inflicted 4 more losses")
    assert 97 in state.piles.boxes["reserve-GB"]


# --- #70 Combined Grenadiers (B; battle half) -------------------------------------------------


def test_70_one_die_more_and_the_player_chooses_who_wins_a_tied_round():
    """#70: GB 4 + 1 = 5 dice; one 5 each: a tie, which GB gives to the Allies: AdS retreats
    to Madrid (no second round)."""
    state = avila()
    give(state, GB, 70)
    state = begin(state)
    with scripted([5, 1, 1, 1, 1, 5, 1, 1, 1, 1], strict=True):
        state = declare(state, GB, 70)
    assert log_has(state, "Round 1: the Allies roll 5 dice")
    assert isinstance(top(state), EventChoice) and top(state).power == GB
    state = choose(state, ALLIES)
    assert log_has(state, "The tied round goes to the Allies (#70 Combined Grenadiers)")
    assert building.sp(state, "madrid", ADS) == 3 and over(state)
    assert not log_has(state, "Round 2")


# --- #79 Cautious Generals (R) ----------------------------------------------------------------


def test_79_halves_both_sides_eliminations_and_cancels_an_overrun():
    """#79 at the end of round 1: GB lost 3 (all its units), AdS 2; halved rounded up: 2
    and 1, one unit of each back. GB is no longer wiped out: it loses 2 - 1 and retreats
    (to the Regroup Box, having come from nowhere), no Overrun by the French's 6s."""
    state = avila()
    give(state, SPAIN, 79)
    with scripted([6, 6, 1, 1, 6, 6, 6, 1, 1], strict=True):
        state = begin(state)
    assert window(state, battle_cards.END_OF_ROUND)
    state = respond(state, SPAIN, 79)
    state = pass_(state)
    assert log_has(state, "1 eliminated unit of the Allies comes back")
    assert log_has(state, "1 eliminated unit of the French comes back")
    assert log_has(state, "Losses Allies 2, French 1: the French win (11.52)")
    assert building.sp(state, REGROUP, GB) == 1 and building.sp(state, "avila", ADS) == 2


def test_79_not_playable_with_nothing_to_halve():
    state = avila()
    give(state, SPAIN, 79)
    b = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH,
               suffered_e={ALLIES: 1, FRENCH: 1})
    state.stack.append(b)
    assert not cardplay.event_playable(state, SPAIN, 79, battle_cards.END_OF_ROUND)
    b.suffered_e[ALLIES] = 2
    assert cardplay.event_playable(state, SPAIN, 79, battle_cards.END_OF_ROUND)
    assert not cardplay.event_playable(state, SPAIN, 79, battle_cards.AFTER_DICE)


# --- #107 Cuirassier Charge (R, French) -------------------------------------------------------


def test_107_two_dice_and_d_results_become_e_after_a_round_won():
    """#107: AdS 5 + 2 = 7 dice: three 5s against GB, none back: a round won; the die (2)
    turns 2 of the 3 D into E. Losses 3 - 0: the Rout eliminates the last disorganised
    unit."""
    state = avila()
    give(state, ADS, 107)
    state = begin(state)
    assert window(state, battle_cards.BEFORE_DICE)
    state = respond(state, ADS, 107)
    with scripted([1, 1, 1, 1, 5, 5, 5, 1, 1, 1, 1, 2], strict=True):
        state = pass_(state)
    assert log_has(state, "Round 1: the French roll 7 dice")
    assert log_has(state, "#107 Cuirassier Charge: die 2: 2 Disorganisations of the Allies "
                          "become eliminations")
    assert log_has(state, "Losses Allies 3, French 0: the French win (11.52)")
    assert fight_over_with(state, REGROUP, GB, 0)


def fight_over_with(state: WellingtonState, where: str, power: str, count: int) -> bool:
    return over(state) and building.sp(state, where, power) == count


def test_107_no_conversion_after_a_round_lost():
    state = avila()
    give(state, ADS, 107)
    state = begin(state)
    state = respond(state, ADS, 107)
    with scripted([6, 6, 5, 1, 5, 1, 1, 1, 1, 1, 1], strict=True):
        state = pass_(state)
    assert not log_has(state, "#107 Cuirassier Charge: die")


def test_1_form_square_cancels_the_enemy_107_dice_and_conversion():
    """#1 played by GB this impulse: #107's 2 dice count 0 for the French and no D of the
    Allies becomes an E."""
    state = avila()
    give(state, ADS, 107)
    give(state, GB, 1)
    state = begin(state)
    state = respond(state, ADS, 107)
    state = respond(state, GB, 1)
    with scripted([1, 1, 1, 1, 5, 5, 5, 1, 1], strict=True):
        state = pass_(state)
    assert log_has(state, "Round 1: the French roll 5 dice")
    assert log_has(state, "#107 Cuirassier Charge: cancelled by #1 Form Square")
    assert log_has(state, "#1 Form Square: no Cuirassier Charge conversion (#107)")


# --- #91 The Wild Geese (+B, Spain): any round now ---------------------------------------------


def test_91_wild_geese_in_round_1_ignores_one_d_in_all():
    """#91 in round 1: Spain 3 + 2 = 5 dice; of the French's two 5s one is ignored; in round 2
    the French 5 counts (the one ignored result is used up)."""
    state = avila(allied=SPAIN, active=SPAIN)
    give(state, SPAIN, 91)
    state = begin(state, SPAIN)
    with scripted([5, 1, 1, 1, 1, 5, 5, 1, 1, 1, 6, 6, 5, 1, 1, 1], strict=True):
        state = declare(state, SPAIN, 91)
    assert log_has(state, "Round 1: the Allies roll 5 dice")
    assert log_has(state, "Round 1: the French roll 5 dice (+3 3 SP of soldiers (11.2), +0 no "
                          "commander: no Battle Value (11.2), +2 French nationality bonus (11.3))"
                          ": [5, 5, 1, 1, 1] = 0 E, 1 D")
    assert log_has(state, "Round 2: the Allies roll 2 dice")
    assert log_has(state, "[5, 1, 1, 1] = 0 E, 1 D")
    assert log_has(state, "Losses Allies 2, French 3: the Allies win (11.52)")


# --- #2 The Cavalry Brigade (R): three modes -----------------------------------------------------


def test_2_brigade_two_dice_for_one_round():
    state = avila()
    give(state, GB, 2)
    state = begin(state)
    assert window(state, battle_cards.BEFORE_DICE)
    state = respond(state, GB, 2)
    with scripted([5, 5, 1, 1, 1, 1, 5, 1, 1, 1, 1], strict=True):
        state = pass_(state)
    assert log_has(state, "Round 1: the Allies roll 6 dice")
    assert log_has(state, "+2 #2 The Cavalry Brigade")


def test_2_brigade_discards_an_enemy_battle_card_in_play():
    """AdS declared #14 Cold Steel; GB's #2 discards it: no dice rolled apart."""
    state = avila()
    give(state, GB, 2)
    give(state, ADS, 14)
    state = begin(state)
    state = declare(state, ADS, 14)
    assert window(state, battle_cards.BEFORE_DICE)
    state = respond(state, GB, 2)
    assert isinstance(top(state), EventChoice)
    assert set(top(state).options) == {"dice", "discard:14"}
    with scripted([5, 1, 1, 1, 5, 1, 1, 1, 1], strict=True):
        state = choose(state, "discard:14")
    assert log_has(state, "#14 Cold Steel no longer acts in the battle at Ávila "
                          "(#2 The Cavalry Brigade)")
    assert not log_has(state, "dice apart")


def test_2_brigade_a_rout_becomes_a_simple_retreat():
    """The French inflict 1 E + 2 D, GB none: a Rout (margin 3) is coming; GB's #2 in the
    window after the decision makes it a retreat: the 2 disorganised SP survive."""
    state = avila()
    give(state, GB, 2)
    state = begin(state)
    with scripted([1, 1, 1, 1, 6, 5, 5, 1, 1], strict=True):
        state = until(state, battle_cards.DECIDED)      # no dice from the brigade
    state = respond(state, GB, 2)
    state = pass_(state)
    assert log_has(state, "The Rout of the Allies becomes a simple retreat "
                          "(#2 The Cavalry Brigade)")
    assert building.sp(state, REGROUP, GB) == 2


# --- #14 Cold Steel (B; battle part) ------------------------------------------------------------


def test_14_three_dice_apart_5s_and_6s_hit_a_1_hits_the_own_side():
    """#14: GB's 4 dice miss; the 3 apart roll 6, 5, 1: 1 E and 1 D on AdS, 1 E on GB.
    Losses 1 - 2: GB wins with 2 SP left."""
    state = avila()
    give(state, GB, 14)
    state = begin(state)
    with scripted([1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 5, 1], strict=True):
        state = declare(state, GB, 14)
    assert log_has(state, "#14 Cold Steel: the Allies roll 3 dice apart: [6, 5, 1] = 1 E, 1 D; "
                          "a 1: one hit on the Allies themselves")
    assert log_has(state, "Losses Allies 1, French 2: the Allies win (11.52)")
    assert building.sp(state, "avila", GB) == 2


def test_14_the_self_inflicted_loss_is_at_most_one():
    state = avila()
    give(state, GB, 14)
    state = begin(state)
    with scripted([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
                  strict=True):
        state = declare(state, GB, 14)
    assert log_has(state, "[1, 1, 1] = 0 E, 0 D; a 1: one hit on the Allies themselves")
    assert log_has(state, "GB loses 1 SP at Ávila")
    assert not log_has(state, "GB loses 2 SP") and not log_has(state, "GB loses 3 SP")


# --- #30 Fortified Village (B, the defender) ------------------------------------------------------


def test_30_only_the_defender_at_the_start_of_round_1():
    state = avila()
    b = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH, active=GB,
               round=1)
    give(state, GB, 30)
    assert not battle_cards.may_declare(state, b, GB, 30)        # the attacker
    give(state, ADS, 30)
    assert battle_cards.may_declare(state, b, ADS, 30)
    b.round = 2
    assert not battle_cards.may_declare(state, b, ADS, 30)       # round 1 only


def test_30_the_attacker_loses_3_dice():
    state = avila()
    give(state, ADS, 30)
    state = begin(state)
    state = declare(state, ADS, 30)
    with scripted([1, 5, 1, 1, 1, 1], strict=True):
        state = choose(state, "dice")
        state = act(state, ADS, "no-more-cards")
    assert log_has(state, "Round 1: the Allies roll 1 die")


def test_30_reduce_two_hits_one_e_to_d_one_d_to_nothing():
    """#30 'ed', chosen before the dice: GB's 6, 5, 5 against AdS become one D and one D:
    0 E, 2 D (the 5 lowered first, then the 6, so two different hits)."""
    state = avila()
    give(state, ADS, 30)
    state = begin(state)
    state = declare(state, ADS, 30)
    with scripted([6, 5, 5, 1, 1, 1, 1, 1, 1], strict=True):
        state = choose(state, "ed")
        state = act(state, ADS, "no-more-cards")
    assert log_has(state, "1 5 against the French has no effect (#30 Fortified Village)")
    assert log_has(state, "1 6 against the French becomes a 5 (#30 Fortified Village)")
    assert log_has(state, "Losses Allies 0, French 2: the Allies win (11.52)")
    assert building.sp(state, "madrid", ADS) == 3          # no SP eliminated


def test_30_reduce_two_eliminations():
    state = avila()
    give(state, ADS, 30)
    state = begin(state)
    state = declare(state, ADS, 30)
    with scripted([6, 6, 6, 1, 1, 1, 1, 1, 1], strict=True):
        state = choose(state, "ee")
        state = act(state, ADS, "no-more-cards")
    assert log_has(state, "2 6s against the French become 5s (#30 Fortified Village)")
    assert log_has(state, "AdS loses 1 SP at Ávila")


# --- #31 Sauve Qui Peut! (R) ----------------------------------------------------------------------


def test_31_attrition_on_a_side_at_the_end_of_a_round_counts_for_the_winner():
    """A tie 1 - 1; #31 on the French: 3 attrition dice, one 6: losses 1 - 2, GB wins in
    round 1."""
    state = avila()
    give(state, SPAIN, 31)
    with scripted([5, 1, 1, 1, 5, 1, 1, 1, 1], strict=True):
        state = begin(state)
    assert window(state, battle_cards.END_OF_ROUND)
    state = respond(state, SPAIN, 31)
    with scripted([6, 1, 1], strict=True):
        state = choose(state, FRENCH)
    state = pass_(state)
    assert log_has(state, "Losses Allies 1, French 2: the Allies win (11.52)")
    assert building.sp(state, "madrid", ADS) == 2


# --- #54 Panic! (R) -------------------------------------------------------------------------


def test_54_the_loser_suffers_attrition_plus_1_from_the_sixth_die():
    """GB inflicts 1 E + 3 D on 7 French SP and suffers nothing: the French lose. #54: 6
    survivors, 6 dice, the sixth +1 (its 5 a 6): one more loss; the Rout (margin 5) then
    eliminates the 3 disorganised SP; 2 retreat to Madrid."""
    state = avila(french=7)
    give(state, SPAIN, 54)
    with scripted([6, 5, 5, 5] + [1] * 9, strict=True):
        state = begin(state)
    assert window(state, battle_cards.DECIDED)
    with scripted([1, 1, 1, 1, 1, 5], strict=True):
        state = respond(state, SPAIN, 54)
    state = pass_(state)
    assert log_has(state, "6 dice (+1 from die 6), 1 six")
    assert log_has(state, "Rout: the Allies inflicted 5 more losses")
    assert building.sp(state, "madrid", ADS) == 2


# --- #48 Rally! (R) and #49 Rearguard (R) ---------------------------------------------------------


def test_48_rally_cancels_the_5s_against_a_side_and_may_change_the_result():
    """GB 1 E, the French 2 D: the Allies would lose 2 - 1; Rally! on the Allies: 0 - 1."""
    state = avila()
    give(state, SPAIN, 48)
    with scripted([6, 1, 1, 1, 5, 5, 1, 1, 1], strict=True):
        state = begin(state)
    state = until(state, battle_cards.END_OF_ROUND)
    state = respond(state, SPAIN, 48)
    state = choose(state, ALLIES)
    state = pass_(state)
    assert log_has(state, "#48 Rally!: 2 Disorganisation results against the Allies cancelled")
    assert log_has(state, "Losses Allies 0, French 1: the Allies win (11.52)")


def test_48_rally_after_the_decision_decides_again():
    state = avila()
    give(state, SPAIN, 48)
    with scripted([6, 1, 1, 1, 5, 5, 1, 1, 1], strict=True):
        state = begin(state)
    state = until(state, battle_cards.DECIDED)
    assert log_has(state, "Losses Allies 2, French 1: the French win (11.52)")
    state = respond(state, SPAIN, 48)
    state = choose(state, ALLIES)
    state = pass_(state)
    assert log_has(state, "The losses changed: the battle is decided again (11.52)")
    assert log_has(state, "Losses Allies 0, French 1: the Allies win (11.52)")


def test_48_rally_undoes_31_played_before_and_bars_it_after():
    """AdS's #31 on the Allies takes 1 SP; Spain's Rally! brings it back and it no longer
    counts; #31 and #54 may not be played after it in this battle."""
    state = avila()
    give(state, ADS, 31)
    give(state, SPAIN, 48, )
    give(state, ADN, 54)
    with scripted([1, 1, 1, 1, 1, 1, 1, 1, 1], strict=True):
        state = begin(state)
    assert window(state, battle_cards.END_OF_ROUND)
    state = respond(state, ADS, 31)
    with scripted([6, 1, 1], strict=True):
        state = choose(state, ALLIES)
    assert building.sp(state, "avila", GB) == 2
    state = respond(state, SPAIN, 48)
    state = choose(state, ALLIES)
    assert building.sp(state, "avila", GB) == 3
    assert fight(state).suffered_e.get(ALLIES, 0) == 0
    assert not cardplay.event_playable(state, ADN, 54, battle_cards.DECIDED)


def test_49_rearguard_the_rout_eliminates_nobody():
    """The French 1 E + 2 D against none: a Rout; #49: the 2 disorganised SP survive (to the
    Regroup Box with the retreat), the French still win."""
    state = avila()
    give(state, SPAIN, 49)
    with scripted([1, 1, 1, 1, 6, 5, 5, 1, 1], strict=True):
        state = begin(state)
    assert window(state, battle_cards.DECIDED)
    state = respond(state, SPAIN, 49)
    state = pass_(state)
    assert log_has(state, "but the Rout eliminates nobody (#49 Rearguard)")
    assert building.sp(state, REGROUP, GB) == 2


def test_49_rearguard_undoes_31_but_not_the_result():
    """#31 on the Allies takes 1 SP; #49 brings it back but the loss still counts: 1 - 0,
    the French win the tied-on-dice round."""
    state = avila()
    give(state, ADS, 31)
    give(state, SPAIN, 49)
    with scripted([1, 1, 1, 1, 1, 1, 1, 1, 1], strict=True):
        state = begin(state)
    state = respond(state, ADS, 31)
    with scripted([6, 1, 1], strict=True):
        state = choose(state, ALLIES)
    state = respond(state, SPAIN, 49)
    assert building.sp(state, "avila", GB) == 3
    assert fight(state).suffered_e[ALLIES] == 1
    state = pass_(state)
    assert log_has(state, "Losses Allies 1, French 0: the French win (11.52)")


# --- #32 Before I Was a Marshal I Was a Grenadier (R) ---------------------------------------------


def wellington_at_avila() -> WellingtonState:
    return avila(gb_chiefs=("wellington",))


def test_32_bv_dice_hit_and_each_3_or_4_removes_a_disorganisation():
    """Wellington (BV 5) after the dice: 5 dice 6, 5, 3, 4, 2: 1 E and 1 D more on AdS, the
    French's two 5s against GB removed. Losses 0 - 2: GB wins."""
    state = wellington_at_avila()
    give(state, GB, 32)
    with scripted([1] * 9 + [5, 5, 1, 1, 1], strict=True):
        state = begin(state)
    assert window(state, battle_cards.AFTER_DICE)
    with scripted([6, 5, 3, 4, 2], strict=True):
        state = respond(state, GB, 32)
    state = pass_(state)
    assert log_has(state, "Grenadier: [6, 5, 3, 4, 2].")
    assert log_has(state, "Losses Allies 0, French 2: the Allies win (11.52)")
    assert state.commanders["wellington"] == "avila"




# --- #52 Wounded Commander (R) ---------------------------------------------------------------


@pytest.mark.parametrize("face, dice_line", [
    (1, "Round 1: the Allies roll 8 dice"),       # 9 - 1: he loses a die (TC-E16's -1)
    (3, "Round 1: the Allies roll 4 dice"),       # BV 5 -> 0
])
def test_52_wounded_a_die_less_or_no_battle_value_for_the_impulse(face, dice_line):
    state = wellington_at_avila()
    give(state, ADS, 52)
    state = begin(state)
    assert window(state, battle_cards.BEFORE_DICE)
    state = respond(state, ADS, 52)
    with scripted([face], strict=True):
        state = choose(state, "wellington")
    assert any(e.card == 52 and e.target.startswith("wellington|") for e in state.effects)
    with scripted([1] * 13 + [1] * 10, strict=False):
        state = pass_(state)
    assert log_has(state, dice_line)


@pytest.mark.parametrize("face, where", [(5, REGROUP), (6, UNBUILT)])
def test_52_wounded_removed_counts_as_a_loss_and_nobody_else_commands(face, where):
    state = avila(gb_chiefs=("wellington", "hill"))
    give(state, ADS, 52)
    state = begin(state)
    state = respond(state, ADS, 52)
    with scripted([face], strict=True):
        state = choose(state, "wellington")
    assert state.commanders["wellington"] == where
    b = fight(state)
    assert b.headless == {ALLIES: GB} and b.suffered_e[ALLIES] == 1
    later = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH,
                   powers={ALLIES: [GB], FRENCH: [ADS]})
    battle_cards.standing_effects(state, later)
    assert later.headless == {ALLIES: GB}


def test_52_wounded_in_a_siege_the_besieger_rolls_a_die_less():
    """TC-E16: #52 on Wellington with a 1: a die fewer for the whole impulse, sieges too."""
    state = board(GB)
    state.effects.append(Effect(card=52, power=ADS, target="wellington|die", until="impulse",
                                started=state.impulses))
    from core.wellington.frames.siege import Siege
    frame = Siege(duchy="badajoz", power=GB, commander="wellington", owner=ADS, strength=3)
    for hook in siege.ON_BEGIN:
        hook(state, frame)
    assert (siege.BESIEGER, 0, -1, "#52 Wounded Commander: Wellington") in frame.extra_dice


# --- #42 Fog of War (R) --------------------------------------------------------------------------


def test_42_fog_of_war_discards_a_battle_card_as_never_played():
    state = avila()
    give(state, ADS, 14)
    give(state, GB, 42)
    state = begin(state)
    state = act(state, ADS, "battle-card", 14)
    assert isinstance(fight_card(state), BattleCardPlay) and window(state, "play:14")
    state = respond(state, GB, 42)
    with scripted([5, 5, 1, 1, 5, 1, 1, 1, 1], strict=True):
        state = pass_(state)
        state = act(state, ADS, "no-more-cards")
    assert log_has(state, "#14 Cold Steel is discarded as if never played")
    assert not log_has(state, "dice apart")
    assert 14 in state.piles.discard


def fight_card(state: WellingtonState) -> BattleCardPlay | None:
    return stack.find(state, BattleCardPlay)


def test_42_fog_of_war_cancels_a_response_for_the_battle():
    """Spain's #79 at the end of a round is announced; AdS's #42 cancels it: no halving."""
    state = avila()
    give(state, SPAIN, 79)
    give(state, ADS, 42)
    with scripted([6, 6, 1, 1, 6, 6, 6, 1, 1], strict=True):
        state = begin(state)
    state = until(state, battle_cards.END_OF_ROUND)
    state = respond(state, SPAIN, 79)
    assert window(state, "play:79")
    state = respond(state, ADS, 42)
    state = pass_(state)
    assert log_has(state, "#79 Cautious Generals is cancelled: its event has no effect")
    assert not log_has(state, "comes back")


def test_42_not_on_the_own_card_nor_outside_battles():
    state = avila()
    give(state, GB, 42)
    state.stack.append(EventPlay_(GB, 79, battle_cards.END_OF_ROUND))
    assert not cardplay.event_playable(state, GB, 42, "play:79")          # its own card
    state.stack[-1] = EventPlay_(SPAIN, 47, "")                          # not for a battle
    give(state, GB, 42)
    assert not cardplay.event_playable(state, GB, 42, "play:47")
    state.stack[-1] = EventPlay_(SPAIN, 79, battle_cards.END_OF_ROUND)
    assert cardplay.event_playable(state, GB, 42, "play:79")


def EventPlay_(power: str, card: int, trigger: str):
    from core.wellington.frames.cardplay import EventPlay
    return EventPlay(power=power, card=card, trigger=trigger)


# --- #55 Outflanked! (R) -------------------------------------------------------------------------


def test_55_a_common_card_now_benefits_the_opponent_who_wins_its_roll():
    """AdS declares #29 Skirmish Screen; GB's #55 turns it: no roll, GB wins it, the French
    suffer its 2 Disorganisations."""
    state = avila()
    give(state, ADS, 29)
    give(state, GB, 55)
    state = begin(state)
    state = act(state, ADS, "battle-card", 29)
    state = respond(state, GB, 55)
    state = pass_(state)
    assert log_has(state, "#55 Outflanked!: #29 Skirmish Screen now benefits GB")
    assert log_has(state, "#29 Skirmish Screen: the Allies win the roll; the French suffer 2 "
                          "Disorganisation results before the battle")


def test_55_a_national_card_is_discarded():
    state = avila()
    give(state, GB, 96)
    give(state, ADS, 55)
    state = begin(state)
    state = act(state, GB, "battle-card", 96)
    state = respond(state, ADS, 55)
    state = pass_(state)
    assert log_has(state, "#55 Outflanked!: #96 Bloody Bagpipes is discarded")
    assert 96 in state.piles.boxes["reserve-GB"]
    assert fight(state).extra_dice == []


def test_55_turns_73_conscripts_to_a_side_with_no_commander_there_no_sp_join():
    """#73 (seed card list: "play it on any friendly commander ... 2 SP of that Power join")
    turned by #55 (G.54) to the Allies, who fight at Avila with no commander: there is no
    friendly commander to play it on, so no SP join and nobody is asked (random play, 1812,
    2 players, seed 340 of bench.ai_positions: the question had no option but "None", taken
    as a Power)."""
    state = avila(fr_chiefs=("soult",), active=ADS)
    give(state, ADS, 73)
    give(state, GB, 55)
    state = begin(state, ADS)
    french, allied = building.sp(state, "avila", ADS), building.sp(state, "avila", GB)
    state = act(state, ADS, "battle-card", 73)
    state = respond(state, GB, 55)
    state = pass_(state)
    assert log_has(state, "#55 Outflanked!: #73 Conscripts now benefits GB")
    assert log_has(state, "#73 Conscripts: GB has no friendly commander at Ávila: no SP join")
    assert not isinstance(top(state), EventChoice)
    assert building.sp(state, "avila", ADS) == french
    assert building.sp(state, "avila", GB) == allied


# --- #58 Take the High Ground (B) -------------------------------------------------------------


def test_58_high_ground_half_bv_plus_2_ties_to_the_player_3_dice():
    """GB with Hill (BV 3: +2): die 1 + 2 + 2 = 5 against AdS's 5 (no commander): a tie, the
    player wins; no enemy battle card: 3 more dice, 3 + 3 + 1 + 3 = 10."""
    state = avila(gb_chiefs=("hill",))
    give(state, GB, 58)
    state = begin(state)
    with scripted([1, 5] + [5, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [1, 1, 1, 1, 1], strict=True):
        state = declare(state, GB, 58)
    assert log_has(state, "#58 Take the High Ground: the Allies take the high ground")
    assert log_has(state, "Round 1: the Allies roll 10 dice")


def test_58_the_winner_may_make_the_enemy_discard_a_battle_card():
    """GB declares #58 and #14; the French roll 6 against 1 + 2: they win and choose to have
    #14 discarded (no dice apart)."""
    state = avila()
    give(state, GB, 58)
    give(state, GB, 14)
    state = begin(state)
    with scripted([1, 6], strict=True):
        state = act(state, GB, "battle-card", 58)
    state = act(state, GB, "battle-card", 14)
    state = act(state, GB, "no-more-cards")
    assert isinstance(top(state), EventChoice) and top(state).power == ADS
    assert top(state).options == ["dice", "14"]
    with scripted([5, 1, 1, 1, 5, 1, 1, 1, 1] + [1, 1, 1, 1, 1, 1, 1, 1], strict=False):
        state = choose(state, "14")
    assert log_has(state, "#14 Cold Steel no longer acts in the battle at Ávila "
                          "(#58 Take the High Ground)")
    assert not log_has(state, "dice apart")


def test_32_nobody_else_commands_in_a_later_battle_there_this_impulse():
    state = avila(gb_chiefs=("wellington", "hill"))
    state.leading["avila"] = "wellington"
    give(state, GB, 32)
    with scripted([1] * 10 + [1, 1, 1, 1, 1], strict=True):
        state = begin(state)
    with scripted([1, 2, 2, 2, 2], strict=True):
        state = respond(state, GB, 32)
        state = choose(state, "wellington")
    later = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH,
                   powers={ALLIES: [GB], FRENCH: [ADS]})
    battle_cards.standing_effects(state, later)
    assert later.headless == {ALLIES: GB}


# --- #1 Form Square against #106 Dragoons -------------------------------------------------------


def test_1_form_square_cancels_the_dragoons_bv_and_pursuit():
    """#106 on Marmont (BV 2 + 1 = 3); GB's #1 this impulse: 2 in battles against GB's side,
    and no pursuit dice after a French win."""
    from core.wellington.battle import sides
    state = avila(french_power=ADN, fr_chiefs=("marmont",))
    state.effects.append(Effect(card=106, power=ADN, target="marmont", until="turn"))
    b = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH,
               winner=FRENCH, loser=ALLIES)
    assert sides.battle_value(state, b, "marmont") == 3
    state.effects.append(Effect(card=1, power=GB, until="impulse", started=state.impulses))
    assert sides.battle_value(state, b, "marmont") == 2
    with scripted([], strict=True):
        procedure.pursuit(state, b)
    assert log_has(state, "#1 Form Square: no Dragoons' pursuit dice (#106)")


# --- #84 Beaten and Scattered (R) ---------------------------------------------------------------


def test_84_half_the_losing_army_s_soldiers_and_a_weak_commander_to_the_regroup_box():
    """Marmont's Army (3 SP, BV 2) loses 2 - 0; #84 after the decision: Marmont (BV 2) and
    half of the 2 surviving SP (1) go to the Regroup Box; the last SP retreats to Madrid."""
    state = avila(gb=4, french_power=ADN, fr_chiefs=("marmont",))
    give(state, SPAIN, 84)
    with scripted([6, 5, 1, 1, 1] + [1] * 7, strict=True):
        state = begin(state)
    assert window(state, battle_cards.DECIDED)
    state = respond(state, SPAIN, 84)
    state = pass_(state)
    assert state.commanders["marmont"] == REGROUP
    assert building.sp(state, REGROUP, ADN) == 1 and building.sp(state, "madrid", ADN) == 1


def test_84_only_on_a_beaten_army():
    state = avila()
    give(state, SPAIN, 84)
    b = Battle(duchy="avila", attacker=GB, attacking=ALLIES, defending=FRENCH, winner=ALLIES,
               loser=FRENCH, had_army={FRENCH: False})
    state.stack.append(b)
    assert not cardplay.event_playable(state, SPAIN, 84, battle_cards.DECIDED)   # no Army
    b.had_army[FRENCH] = True
    assert cardplay.event_playable(state, SPAIN, 84, battle_cards.DECIDED)
    assert not cardplay.event_playable(state, SPAIN, 84, battle_cards.AFTER_BATTLE)


# --- worked cases (§I) -----------------------------------------------------------------------------


def test_tc_e16_e17_salamanca_with_the_cards_themselves():
    """TC-E16 through the cards: #98 on Wellington (turn), #52 played on him earlier this
    impulse with a 1 (a die fewer), GB declares #96: 5 + 5 + 1 + 1 + 2 - 1 = 13 dice; AdN
    2 + 2 + 1 (Broken) + 2 = 7; GB one 6 and three 5s, AdN one 6 and two 5s which #96
    ignores: 4 - 1, a Rout, an Overrun, a Flag Overrun; TC-E17: Plunder 1 + 3 + 3 = 7, no
    Resource."""
    state = board(GB)
    place(state, "salamanca", ADN, infantry=2, commanders=("marmont",))
    state.leading["salamanca"] = "marmont"
    place(state, "salamanca", GB, infantry=3, cavalry=1, commanders=("wellington",))
    state.effects += [Effect(card=98, power=GB, target="wellington", until="turn"),
                      Effect(card=52, power=ADS, target="wellington|die", until="impulse",
                             started=state.impulses)]
    give(state, GB, 96)
    battles.start(state, "salamanca", GB, "wellington", "ciudad-rodrigo", False)
    stack.run(state, FLOW, flow.settle)
    with scripted([6, 5, 5, 5, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 5, 5, 1, 2, 3, 4], strict=True):
        state = declare(state, GB, 96)
    assert log_has(state, "Round 1: the Allies roll 13 dice")
    assert log_has(state, "-1 #52 Wounded Commander: Wellington")
    assert log_has(state, "Round 1: the French roll 7 dice")
    with scripted([1], strict=True):
        state = act(state, GB, "lose", 0)                      # an infantry (1.5)
        state = act(state, GB, "flag", "salamanca=GB")
    assert log_has(state, "Rout: the Allies inflicted 3 more losses")
    assert log_has(state, "die 1 + 3 SP and commanders lost +3 (#96 Bloody Bagpipes) = 7: "
                          "0 Resources")
    assert state.flags["salamanca"] == GB and "wellington" not in state.bfi


def test_tc_07_field_fortifications_then_another_day_of_battle():
    """TC-07 (5.2): #74 limits the battle to one round; a later card adding a round (#11,
    through the seam it will use, `extend`) prevails: a tied first round is fought again."""
    state = avila()
    give(state, ADS, 74)
    state = begin(state)
    state = act(state, ADS, "battle-card", 74)
    battle_cards.extend(fight(state))                           # #11, played after #74
    with scripted([1, 1, 1, 1, 1, 1, 1, 1, 1] + [6, 6, 6, 1] + [1, 1, 1, 1, 1], strict=True):
        state = act(state, ADS, "no-more-cards")
    assert log_has(state, "Losses 0 each: another round (11.52)")
    assert log_has(state, "Round 2: the Allies roll 4 dice")


# --- #51 To the Death, #33 Disgraced Commander at the retreat window; ENTERED after a retreat ---
# #51: "Annullate qualsiasi evasione (di terra) o ritirata ... Il nemico deve combattere ora una
# nuova battaglia. Questo evento non impedisce il soddisfare le perdite di una Rotta o il
# saccheggiare per primi. Le perdite cumulative del nemico in questo Ducato contano per il
# saccheggio."


def test_51_to_the_death_rout_and_plunder_first_then_a_new_battle_cumulative_plunder():
    """GB 4 dice [6, 5, 5, 1]: AdS (3 SP and Decaen) 1 E + 2 D, none back: a Rout (2 more
    SP). At the retreat window GB plays #51: Decaen stays; the Plunder first: 4 + 3 = 7, none;
    then the new battle (GB attacks): Decaen falls, an Overrun; Plunder 4 + 1 + the 3 of the
    battle before = 8: 1 Resource."""
    state = avila(fr_chiefs=("decaen",))
    give(state, GB, 51)
    with scripted([6, 5, 5, 1] + [1] * 6, strict=True):
        state = begin(state)
    assert window(state, battle_cards.RETREAT)
    assert log_has(state, "Rout: the Allies inflicted 3 more losses than they suffered")
    state = respond(state, GB, 51)
    with scripted([4] + [6, 1, 1, 1] + [1, 1, 1] + [4], strict=True):
        state = pass_(state)
    assert log_has(state, "French does not retreat from Ávila (#51 To the Death)")
    assert log_has(state, "Plunder: GB: die 4 + 3 SP and commanders lost = 7: 0 Resources")
    assert log_has(state, "#51 To the Death: a new battle at Ávila.")
    assert log_has(state, "Plunder: GB: die 4 + 4 SP and commanders lost (3 in the battle "
                          "before, #51 To the Death) = 8: 1 Resource")
    assert state.resources[GB] == 1 and state.commanders["decaen"] != "avila"
    assert over(state)


def test_51_on_a_tie_the_active_side_stays_and_is_attacked_not_on_its_own_retreat():
    """Two tied rounds (no hit): GB, the active side, would go back (11.52); AdS's #51 keeps
    it there and AdS attacks it: 5 dice [6, 6, 6, 1, 1] against GB's 3 SP: an Overrun. A
    Power may not play #51 on its own side's retreat."""
    state = avila()
    give(state, ADS, 51)
    with scripted([1] * 9 + [1] * 9, strict=True):
        state = begin(state)
    assert window(state, battle_cards.RETREAT)
    assert fight(state).tie and fight(state).loser == ALLIES
    assert not field.to_the_death_playable(state, GB, battle_cards.RETREAT)
    assert field.to_the_death_playable(state, ADS, battle_cards.RETREAT)
    state = respond(state, ADS, 51)
    with scripted([6, 6, 6, 1, 1] + [1, 1, 1, 1], strict=True):
        state = pass_(state)
    assert log_has(state, "Allies does not retreat from Ávila (#51 To the Death)")
    assert log_has(state, "Battle at Ávila: AdS attacks (11).")
    assert building.sp(state, "avila", GB) == 0 and building.sp(state, "avila", ADS) == 3


def test_33_at_the_retreat_window_decaen_to_the_regroup_box_the_rest_retreats():
    """GB [6, 5, 1, 1]: AdS 1 E + 1 D (no Rout); at the retreat window GB plays #33 on Decaen
    (BV 1): the Regroup Box; AdS's 2 SP retreat to Madrid alone."""
    state = avila(fr_chiefs=("decaen",))
    give(state, GB, 33)
    with scripted([6, 5, 1, 1] + [1] * 6, strict=True):
        state = begin(state)
    state = until(state, battle_cards.RETREAT)
    state = respond(state, GB, 33)
    state = pass_(state)
    state = choose(state, "decaen")
    state = pass_(state)
    assert state.commanders["decaen"] == REGROUP
    assert building.sp(state, "madrid", ADS) == 2 and over(state)


def test_3_mud_answers_the_window_after_a_retreat():
    """The French 3 SP beaten ([6, 5, 1, 1]) retreat to Madrid: the ENTERED window
    (movement.entered, "retreat") lets GB lay #3's marker there."""
    state = avila()
    give(state, GB, 3)
    with scripted([6, 5, 1, 1] + [1] * 5, strict=True):
        state = begin(state)
    assert window(state, "entered:retreat:AdS:madrid:avila>madrid")
    state = respond(state, GB, 3)
    state = pass_(state)
    assert Effect(card=3, power=GB, target="madrid", until="next-impulse",
                  started=state.impulses) in state.effects
    assert over(state)


def test_41_stragglers_attrition_on_the_retreated_formation():
    """#41 after the retreat to Madrid: attrition on AdS's 2 SP there: [6, 1]: 1 SP lost."""
    state = avila()
    give(state, GB, 41)
    with scripted([6, 5, 1, 1] + [1] * 5, strict=True):
        state = begin(state)
    with scripted([6, 1], strict=True):
        state = respond(state, GB, 41)
    state = pass_(state)
    assert building.sp(state, "madrid", ADS) == 1 and over(state)


# --- #11 Another Day of Battle, #36 Scovell's Cipher (R, END_OF_ROUND) --------------------------


def test_11_another_day_an_unequal_round_is_fought_again_with_a_2_4_interception():
    """Round 1: GB [6, 1, 1, 1], AdS none: 1 loss to 0, no Rout: #11 at the end of the round;
    GB's soldiers at Salamanca try to join with a virtual 2-4 commander (+2; [6, 5]: in);
    round 2 (GB 4 SP + 1 = 5 dice, AdS 2 + 2 = 4) is fought before the decision."""
    state = avila()
    give(state, GB, 11)
    with scripted([6, 1, 1, 1] + [1] * 5, strict=True):
        state = begin(state)
    state = until(state, battle_cards.END_OF_ROUND)
    assert cardplay.event_playable(state, GB, 11, battle_cards.END_OF_ROUND)
    assert not cardplay.event_playable(state, GB, 11, battle_cards.BEFORE_DICE)
    state = respond(state, GB, 11)
    with scripted([6, 5] + [1], strict=True):          # in; its pass attrition: no 6
        state = act(state, GB, "reinforce", "soldiers:GB:salamanca@-")
    assert log_has(state, "+2 the virtual commander's BV")
    with scripted([1] * 5 + [1] * 4, strict=True):
        state = pass_(state)
    assert log_has(state, "Losses Allies 0, French 1: the battle goes on for another round "
                          "(#11 Another Day of Battle).")
    assert log_has(state, "Round 2: the Allies roll 5 dice")
    assert log_has(state, "Losses Allies 0, French 1: the Allies win (11.52)")


def test_11_refused_after_a_rout_margin_and_once_a_side_is_gone():
    """[6, 5, 5, 1]: 3 losses to 0, a Rout: #11 is not playable at that round's end."""
    state = avila()
    give(state, GB, 11)
    with scripted([6, 5, 5, 1] + [1] * 5, strict=True):
        state = begin(state)
    assert not window(state, battle_cards.END_OF_ROUND)
    assert log_has(state, "Rout: the Allies")


def test_36_scovell_end_of_round_1_only_a_second_round_and_a_1_4_interception():
    """#36 at the end of round 1 ([6, 1, 1, 1]: no tie): the soldiers at Salamanca try with a
    virtual 1-4 (+1; [4, 4]: out); a second round whatever round 1's result; no #36 at the
    end of round 2."""
    state = avila()
    give(state, GB, 36)
    with scripted([6, 1, 1, 1] + [1] * 5, strict=True):
        state = begin(state)
    state = until(state, battle_cards.END_OF_ROUND)
    state = respond(state, GB, 36)
    with scripted([4, 4], strict=True):
        state = act(state, GB, "reinforce", "soldiers:GB:salamanca@-")
    assert log_has(state, "+1 the virtual commander's BV")
    with scripted([1] * 4 + [1] * 4, strict=True):
        state = pass_(state)
    assert log_has(state, "Losses Allies 0, French 1: the battle goes on for another round "
                          "(#36 Scovell's Cipher).")
    assert log_has(state, "Round 2: the Allies roll 4 dice")
    assert log_has(state, "Losses Allies 0, French 1: the Allies win (11.52)") and over(state)


def test_36_not_after_round_2():
    """Round 1 tied (GB holding #36 declines it): at the end of round 2 ([6, 1, 1, 1]) #36 is
    not offered: no window, the battle is decided."""
    state = avila()
    give(state, GB, 36)
    with scripted([1] * 9, strict=True):
        state = begin(state)
    assert window(state, battle_cards.END_OF_ROUND) and fight(state).round == 1
    with scripted([6, 1, 1, 1] + [1] * 5, strict=True):
        state = pass_(state)
    assert log_has(state, "Losses Allies 0, French 1: the Allies win (11.52)")
    assert over(state) and 36 in hands.hand(state, GB)


# --- #61 Lancers (R) --------------------------------------------------------------------------
# "Aumentate o diminuite i requisiti di differenza di perdite per la Rotta di uno e le pedine
# nemiche in rotta sopravvissute subiscono l'Attrito. Il vincitore aggiunge +2 quando tira per
# il saccheggio. Questo evento annulla anche tutti gli effetti della Brigata di Cavalleria #2."


def lancers(state: WellingtonState, power: str, mode: str) -> WellingtonState:
    state = respond(state, power, 61)
    state = pass_(state)
    return choose(state, mode)


def test_61_lowered_margin_a_rout_of_2_attrition_on_the_survivors_plunder_plus_2():
    """GB [6, 5, 1, 1]: AdS (3 SP, Decaen) 1 E + 1 D: 2 to 0. GB's #61 (lower) after the
    decision: a Rout at 2: the disorganised SP eliminated; the routed survivors (1 SP,
    Decaen) roll attrition [6, 1]: the SP lost; Decaen retreats; Plunder 3 + 3 + 2 = 8."""
    state = avila(fr_chiefs=("decaen",))
    give(state, GB, 61)
    state = begin(state)
    with scripted([6, 5, 1, 1] + [1] * 6, strict=True):
        state = until(state, battle_cards.DECIDED)
    state = lancers(state, GB, "lower")
    with scripted([6, 1] + [3], strict=True):
        state = pass_(state)
    assert log_has(state, "Rout: the Allies inflicted 2 more losses than they suffered")
    assert building.sp(state, "avila", ADS) == 0 and building.sp(state, "madrid", ADS) == 0
    assert state.commanders["decaen"] == "madrid"
    assert log_has(state, "die 3 + 3 SP and commanders lost +2 (#61 Lancers) = 8: 1 Resource")
    assert state.resources[GB] == 1


def test_61_raised_margin_no_rout_at_3():
    """GB [6, 5, 5, 1]: 3 to 0 would rout; AdS's #61 (raise) before the decision: no Rout
    (4 needed); the 2 disorganised SP retreat."""
    state = avila()
    give(state, ADS, 61)
    state = begin(state)
    with scripted([6, 5, 5, 1] + [1] * 5, strict=True):
        state = until(state, battle_cards.END_OF_ROUND)
    state = lancers(state, ADS, "raise")
    assert procedure.rout_margin(fight(state)) == 4
    state = pass_(state)
    assert log_has(state, "Losses Allies 0, French 3: the Allies win (11.52)")
    assert not log_has(state, "Rout: the Allies")
    assert building.sp(state, "madrid", ADS) == 2


def test_61_cancels_the_cavalry_brigade_and_form_square_cancels_61():
    """#61 cancels #2 (no longer offered in the battle); #1 Form Square of the other side
    (this impulse) refuses #61, and played after it cancels it: the margin is 3 again."""
    state = avila()
    give(state, GB, 61)
    give(state, ADS, 2)
    state = begin(state)
    assert window(state, battle_cards.BEFORE_DICE)
    assert cards_1_55_battle.brigade_playable(state, ADS, battle_cards.BEFORE_DICE)
    state = lancers(state, GB, "raise")
    battle = fight(state)
    assert 2 in battle.cancelled and procedure.rout_margin(battle) == 4
    assert not cards_1_55_battle.brigade_playable(state, ADS, battle_cards.BEFORE_DICE)
    assert cards_61.lancers_playable(state, GB, battle_cards.BEFORE_DICE) is False  # in play
    battle.in_play.remove((61, GB))
    state.effects.append(Effect(card=1, power=ADS, until="impulse", started=state.impulses))
    assert not cards_61.lancers_playable(state, GB, battle_cards.BEFORE_DICE)   # #1: refused
    battle.in_play.append((61, GB))
    state.effects.pop()
    cards_1_55_battle.square_play(state, EventPlay_(ADS, 1, battle_cards.BEFORE_DICE))
    assert 61 in battle.cancelled and procedure.rout_margin(battle) == 3
    assert log_has(state, "#61 Lancers no longer acts in the battle at Ávila (#1 Form Square)")


# --- #24 Hand of God sees every battle card announced ---------------------------------------


def test_24_hand_of_god_cancels_a_battle_card_just_declared():
    """AdS declares #14: it is announced (`play:14`) even with no #42 or #55 out; GB's #24
    cancels every effect of it: no dice apart."""
    state = avila()
    give(state, ADS, 14)
    give(state, GB, 24)
    state = begin(state)
    state = act(state, ADS, "battle-card", 14)
    assert window(state, "play:14")
    state = respond(state, GB, 24)
    state = pass_(state)
    if isinstance(top(state), EventChoice):
        state = choose(state, "cancel")
    state = pass_(state)
    with scripted([1] * 4 + [1] * 5 + [1] * 4 + [1] * 5, strict=True):
        state = act(state, ADS, "no-more-cards")
        state = pass_(state)
    assert log_has(state, "#14 Cold Steel: all its effects are cancelled")
    assert not log_has(state, "dice apart")
