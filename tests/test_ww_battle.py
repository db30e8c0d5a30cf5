"""Washington's War battles (core/ww/battle.py): the Battle Resolution Procedure 9.2 step by step,
every DRM of 9.4, casualties 9.5, retreats 9.61-9.63 and the Overrun 9.7, with the worked
examples of ../shared/rules/washingtons-war.md ("Battle": TC-9.3 ... TC-9.7-CLAR-2) and their
numbers, the readings (A11, A13, A14, A16, A17, A33, A39, C1, C2, D2, D5) and refusals.

The other parts of the rules stand in through the battle's seam (tests/support/ww_battle.py):
every call the battle makes into them is in `calls(state)`. Dice are scripted strictly."""
from __future__ import annotations

import random

import msgspec
import pytest

from core import cards, stack
from core.engine import Action
from core.ww import battle, deck, view
from core.ww import query as q
from core.ww.frames.battle import Battle, BattleCard, BattleLosses, BattleRetreat
from core.ww.frames.movement import Activation
from core.ww.generals import side as side_of
from core.ww.options import WwOptions
from core.ww.state import (AM, AMERICAN, BR, BRITISH, CAPTURED, DISPERSED, FR, IN_PLAY,
                           REMOVED, RESERVE, WwState)
from tests.support.ww_battle import (BOMBARDS, FLOW, GREY, KOSCIUSZKO, RULES_FLOW, STAND_INS,
                                     act, act_by_rules, begun, board, calls, choices, fight,
                                     frame, hand, labels, pcs, put,
                                     refused_untouched, resume_after, run_step)

PAINE = deck.by_title("Thomas Paine Publishes Common Sense")[0].number     # American event
MORGAN = deck.MORGAN                                                         # American battle
TARLETON = deck.TARLETON                                                     # British battle
ARNOLD_BETRAYS = deck.ARNOLD_BETRAYS
WAYNE = deck.by_title("Mad Anthony Wayne Storms Stony Point")[0].number     # American attacking
OPS = deck.OPS_CARDS[0]


def modifiers(fought: Battle, side: str) -> list[tuple[int, str]]:
    return [tuple(m) for m in fought.modifiers[side]]


def reasons(fought: Battle, side: str) -> list[str]:
    return [why for _, why in fought.modifiers[side]]


def cus_in(state: WwState, space: str) -> dict[str, int]:
    return dict(state.cus.get(space, {}))


# --- the worked example -----------------------------------------------------------------------


def saratoga() -> WwState:
    """TC-9.63-SARATOGA given: Burgoyne and 5 CUs enter Saratoga from American Ticonderoga;
    Gates and 5 CUs there; the Regulars Advantage in effect; more American PCs in NY."""
    state = board()
    put(state, "saratoga", "gates", american=5)
    put(state, "saratoga", "burgoyne", british=5)
    pcs(state, ticonderoga=AMERICAN, albany=AMERICAN)
    hand(state, BRITISH, PAINE)
    hand(state, AMERICAN, MORGAN)
    return fight(state, "saratoga", BRITISH, "burgoyne", came_from="ticonderoga")


def test_saratoga_TC_9_63_SARATOGA() -> None:
    state = saratoga()
    reserve = q.cu_count(state, RESERVE, BR)
    assert state.stack[-1] == BattleCard(side=BRITISH)           # step 1: the attacker first
    state = act(state, BRITISH, "discard", PAINE)                 # +1
    assert state.stack[-1] == BattleCard(side=AMERICAN)
    # step 2: Burgoyne 4, Gates 1; step 4: British 3, American 4; step 5: British 5, American 2
    state = act(state, AMERICAN, "play", MORGAN, dice=[4, 1, 3, 4, 5, 2])
    log = "\n".join(state.log)
    assert ("British DRM +9: +5 5 CUs (9.4), +2 battle rating of Burgoyne (9.3), +1 British "
            "Regulars Advantage (9.41), +1 Event card 22 Thomas Paine Publishes Common Sense "
            "discarded (9.45)") in log
    assert ("American DRM +9: +5 5 CUs (9.4), +1 battle rating of Gates (9.3), +1 Militia: "
            "more PCs in NY (9.43), +2 Battle card 39 Morgan's Riflemen played (9.45)") in log
    assert "British 12, American 13: the American wins" in log
    assert "British loses 2 CUs (9.5)." in log and "American loses 1 CU (9.5)." in log
    assert "The British (Burgoyne, 3 CUs) has no legal retreat and surrenders (9.63)." in log
    # Then: Gates and 4 CUs in Saratoga; Burgoyne captured, his 5 CUs in the Reserve
    assert state.generals["gates"] == "saratoga" and cus_in(state, "saratoga") == {AM: 4}
    assert state.generals["burgoyne"] == CAPTURED
    assert q.cu_count(state, RESERVE, BR) == reserve + 5
    # step 7: +1 for the American win, +2 for the Regulars lost (5 >= 3)
    assert not state.regulars and state.alliance == 3
    assert calls(state) == [f"play_in_battle American {MORGAN}", "capture burgoyne",
                            "advance 1", "advance 2"]
    # the discard is not replaced and cannot be exchanged; the American draws 1 at the end of
    # the impulse; Morgan's Riflemen goes to the discard pile, not out of the game
    assert state.replacements == {AMERICAN: 1}
    assert state.exchange_card == 0
    assert PAINE in state.piles.discard and MORGAN in state.piles.discard
    assert not state.piles.boxes[IN_PLAY]
    assert stack.find(state, Battle) is None and isinstance(state.stack[-1], Activation)


# --- step 1: cards (9.45, 6.33) -----------------------------------------------------------------


def test_step_1_choices_rule_9_45_6_33_D5() -> None:
    """Own-flag Battle cards are played (+2) when the events part allows; any Event card but a
    Special Event is discarded (+1), an opponent's Battle card too (D5); OPS cards never."""
    state = board()
    put(state, "saratoga", "gates", american=5)
    put(state, "saratoga", "burgoyne", british=5)
    brant = deck.BRANT
    hand(state, BRITISH, TARLETON, MORGAN, GREY, deck.DECLARATION, OPS, brant)
    state = fight(state, "saratoga", BRITISH, "burgoyne", came_from="albany")
    assert labels(state, BRITISH) == [
        f"play {TARLETON}", f"play {GREY}", f"discard {TARLETON}", f"discard {MORGAN}",
        f"discard {GREY}", f"discard {brant}", "no-card"]
    assert labels(state, AMERICAN) == []                            # only the asked side
    for verb, noun in (("play", MORGAN), ("discard", deck.DECLARATION), ("discard", OPS),
                       ("play", brant), ("play", 999)):
        refused_untouched(state, BRITISH, verb, noun)
    refused_untouched(state, AMERICAN, "no-card")


def test_battle_card_conditions_come_from_the_events_part() -> None:
    """9.45: a Battle card whose event cannot be played here may only be discarded (Grey's
    Night Attack needs the British attacking; Wayne needs the American attacking)."""
    state = board()
    put(state, "albany", "greene", american=3)
    put(state, "albany", "howe", british=3)
    hand(state, AMERICAN, WAYNE)
    hand(state, BRITISH, GREY)
    state = fight(state, "albany", AMERICAN, "greene", came_from="saratoga")
    assert labels(state, AMERICAN) == [f"play {WAYNE}", f"discard {WAYNE}", "no-card"]
    state = act(state, AMERICAN, "no-card")
    assert labels(state, BRITISH) == [f"discard {GREY}", "no-card"]
    refused_untouched(state, BRITISH, "play", GREY)


def test_a_side_with_no_card_is_not_asked_rule_9_2_step_1() -> None:
    """A side is asked whenever it holds a card (the question tells nothing of its hand); an
    empty hand, which both players see, is not asked."""
    state = board()
    put(state, "saratoga", "gates", american=5)
    put(state, "saratoga", "burgoyne", british=5)
    hand(state, BRITISH, OPS)
    hand(state, AMERICAN)
    state = fight(state, "saratoga", BRITISH, "burgoyne", came_from="albany")
    assert labels(state, BRITISH) == ["no-card"]
    # ratings Burgoyne 1, Gates 1; battle British 6 + 7, American 1 + 6; casualties American
    # 1 (one CU), British 6 (none)
    state = act(state, BRITISH, "no-card", dice=[1, 1, 6, 1, 1, 6])
    assert isinstance(state.stack[-1], BattleRetreat)              # steps 2-5 ran on
    assert "British plays no card in this battle (9.2 step 1)." in state.log
    assert not any(line.startswith("American plays") for line in state.log)


def test_one_card_each_and_what_becomes_of_it_rules_6_33_9_45() -> None:
    """One card per side per battle (6.33.D): each side is asked once. A Battle card played
    counts one replacement draw (6.33.B) and goes to the discard pile after the battle
    (6.33.A); a discard for +1 is neither replaced nor open to an exchange (6.33.C,
    TC-6.33-C)."""
    state = board()
    put(state, "albany", "greene", american=5)
    put(state, "albany", "howe", british=5)
    hand(state, AMERICAN, WAYNE, PAINE)
    hand(state, BRITISH, TARLETON, deck.BRANT)
    state = fight(state, "albany", AMERICAN, "greene", came_from="saratoga")
    state = act(state, AMERICAN, "play", WAYNE)
    assert WAYNE in state.piles.boxes[IN_PLAY]                     # in play during the battle
    assert modifiers(frame(state), AMERICAN) == [(2, f"Battle card {deck.card(WAYNE).name} "
                                                     "played (9.45)")]
    assert state.stack[-1] == BattleCard(side=BRITISH)
    # British discards; Greene 4, Howe 4; American 6, British 1: American wins; casualties
    # British 1 (loses 1), American 1 (Agility 2 of Howe: loses on 1-3)
    # ratings Greene 3, Howe 5; battle American 6 + 10, British 1 + 12; casualties British 1
    # (one CU), American 1 (Howe's Agility 2: 1-3, one CU); Howe retreats
    state = act(state, BRITISH, "discard", deck.BRANT, dice=[4, 4, 6, 1, 1, 1])
    assert stack.find(state, BattleCard) is None
    assert WAYNE in state.piles.boxes[IN_PLAY]                     # until the battle is over
    state = act(state, BRITISH, "retreat", "kingston")
    assert state.replacements == {AMERICAN: 1}
    assert state.exchange_card == 0 and state.exchange_for == ""
    assert WAYNE in state.piles.discard and deck.BRANT in state.piles.discard
    assert state.piles.hands[AMERICAN] == [PAINE]
    assert state.piles.hands[BRITISH] == [TARLETON]


def test_hortalez_discarded_in_battle_rebuilds_the_deck_rule_6_1_note() -> None:
    """6.1 note, docs/ww-cards.md R8: Hortalez triggers the rebuild whenever it is discarded."""
    state = board()
    put(state, "saratoga", "gates", american=5)
    put(state, "saratoga", "burgoyne", british=5)
    hand(state, BRITISH, deck.HORTALEZ, OPS)
    hand(state, AMERICAN)
    state = fight(state, "saratoga", BRITISH, "burgoyne", came_from="albany")
    state = act(state, BRITISH, "discard", deck.HORTALEZ, dice=[1, 1, 6, 1, 1, 6])  # as above
    assert state.reshuffle_pending and deck.HORTALEZ in state.piles.discard


# --- step 2: battle ratings (9.3) ---------------------------------------------------------------


@pytest.mark.parametrize("general, count, die, rating", [
    ("burgoyne", 5, 4, 2), ("burgoyne", 5, 2, 1),      # Tactical 2
    ("gates", 5, 1, 1),                                 # half his Tactical 2
    ("howe", 3, 5, 3), ("howe", 3, 2, 3),               # Tactical 6 with 3 CUs
    ("howe", 2, 6, 2),
    ("howe", 7, 6, 6),                                  # C2: no 5-CU limit in a battle (9.2)
])
def test_battle_rating_TC_9_3(general: str, count: int, die: int, rating: int) -> None:
    side = side_of(general)
    enemy = q.enemy(side)
    state = board()
    put(state, "albany", general, **{side.lower(): count})
    put(state, "albany", **{enemy.lower(): 2})
    fought = begun(state, "albany", side, general, came_from="saratoga")
    run_step(state, battle.battle_ratings, dice=[die])
    assert fought.ratings == {side: rating, enemy: 0}           # a side with no general: 0
    assert fought.rating_rolls == {side: die}
    assert f"{enemy}: no general, battle rating 0 (9.3)." in state.log


def test_half_rating_whatever_the_die_by_a_battle_card_rule_9_45() -> None:
    """Grey's Night Attack (British attacking): the American general rates half his Tactical
    whatever his die (the events part sets it with battle.halve_rating)."""
    state = board()
    put(state, "albany", "washington", american=5)
    put(state, "albany", "howe", british=5)
    hand(state, BRITISH, GREY)
    hand(state, AMERICAN)
    state = fight(state, "albany", BRITISH, "howe", came_from="saratoga")
    # ratings Howe 1 -> 3, Washington 6 -> halved 2; battle British 6, American 1; casualties
    # American 1, British 6
    state = act(state, BRITISH, "play", GREY, dice=[1, 6, 6, 1, 1, 6])
    assert "Washington's battle rating: 2 (half his Tactical 4: Grey's Night Attack (9.45)) " \
           "(9.3)." in state.log
    assert "Howe's battle rating: 3 (half his Tactical 6) (9.3)." in state.log


# --- step 3: DRMs (9.4) -----------------------------------------------------------------------


def drms(state: WwState, space: str, attacker: str, general: str | None, came_from: str,
         intercepted: bool = False, last_card: bool = False) -> Battle:
    begun(state, space, attacker, general, came_from, intercepted, last_card)
    return run_step(state, battle.battle_drms)


@pytest.mark.parametrize("space, pc, navy, support", [
    ("boston", None, "", True),                       # a port, not Blockaded
    ("boston", AMERICAN, "", True),                   # whatever its PC
    ("philadelphia", AMERICAN, "", False),            # fortified: only with a British PC
    ("philadelphia", None, "", False),
    ("philadelphia", BRITISH, "", True),
    ("norfolk", None, "zone-chesapeake", False),      # a Blockaded Zone (12.3)
    ("norfolk", None, "zone-delaware", True),
    ("albany", None, "", False),                      # not a port
])
def test_royal_navy_TC_9_42(space: str, pc: str | None, navy: str, support: bool) -> None:
    state = board()
    state.regulars = False
    state.navy = navy
    if pc:
        state.pcs[space] = pc
    put(state, space, "howe", british=3)
    put(state, space, american=2)
    fought = drms(state, space, BRITISH, "howe", came_from=q.adjacent(space)[0])
    assert ((1, "Royal Navy support (9.42)") in modifiers(fought, BRITISH)) == support
    assert not any("9.42" in why for why in reasons(fought, AMERICAN))


@pytest.mark.parametrize("canada, militia", [
    ({"montreal": BRITISH, "quebec": BRITISH}, BRITISH),
    ({"quebec": BRITISH, "fort-detroit": BRITISH}, None),     # Fort Detroit does not matter
    ({"quebec": BRITISH, "montreal": AMERICAN}, None),
    ({"quebec": AMERICAN, "montreal": AMERICAN, "fort-detroit": BRITISH}, AMERICAN),
])
def test_canadian_militia_TC_9_43(canada: dict[str, str], militia: str | None) -> None:
    state = board()
    state.pcs.update(canada)
    put(state, "three-rivers", "carleton", british=2)
    put(state, "three-rivers", "greene", american=2)
    fought = drms(state, "three-rivers", AMERICAN, "greene", came_from="montreal")
    for side in (AMERICAN, BRITISH):
        got = (1, "Canadian militia: Montreal and Quebec (9.43)") in modifiers(fought, side)
        assert got == (side == militia)


def test_militia_more_pcs_in_the_colony_TC_9_43() -> None:
    state = board()
    pcs(state, albany=AMERICAN, kingston=AMERICAN, saratoga=BRITISH)
    put(state, "saratoga", "burgoyne", british=2)
    put(state, "saratoga", "gates", american=2)
    fought = drms(state, "saratoga", BRITISH, "burgoyne", came_from="bennington")
    assert (1, "Militia: more PCs in NY (9.43)") in modifiers(fought, AMERICAN)
    state = board()
    pcs(state, albany=AMERICAN, saratoga=BRITISH)                   # equal: nobody
    put(state, "saratoga", "burgoyne", british=2)
    put(state, "saratoga", "gates", american=2)
    fought = drms(state, "saratoga", BRITISH, "burgoyne", came_from="bennington")
    assert not any("9.43" in why for side in (AMERICAN, BRITISH) for why in reasons(fought, side))


def test_regulars_advantage_rule_9_41() -> None:
    state = board()
    put(state, "albany", "howe", british=3)
    put(state, "albany", american=2)
    fought = drms(state, "albany", BRITISH, "howe", came_from="saratoga")
    assert modifiers(fought, BRITISH) == [(3, "3 CUs (9.4)"),
                                          (0, "battle rating of Howe (9.3)"),
                                          (1, "British Regulars Advantage (9.41)")]
    assert modifiers(fought, AMERICAN) == [(2, "2 CUs (9.4)"),
                                           (0, "no general: battle rating 0 (9.3)")]
    state.regulars = False
    fought = drms(state, "albany", BRITISH, "howe", came_from="saratoga")
    assert not any("9.41" in why for why in reasons(fought, BRITISH))


@pytest.mark.parametrize("general, last_card, offensive", [
    ("washington", True, True),
    ("washington", False, False),
    ("greene", True, False),          # a Campaign's last card: Washington's Army only (9.44)
])
def test_winter_offensive_TC_9_44_A11(general: str, last_card: bool, offensive: bool) -> None:
    """9.44, A11: Washington attacking, activated by the very last card (the Impulse's
    `last_card`: both hands otherwise empty when it was played)."""
    state = board()
    put(state, "albany", general, american=5)
    put(state, "albany", british=2)
    fought = drms(state, "albany", AMERICAN, general, came_from="saratoga",
                  last_card=last_card)
    assert fought.winter_offensive == offensive
    assert ((2, "American Winter Offensive (9.44)") in modifiers(fought, AMERICAN)) == offensive


def test_british_never_gets_the_winter_offensive_rule_9_44() -> None:
    state = board()
    put(state, "albany", "howe", british=5)
    put(state, "albany", "washington", american=2)
    fought = drms(state, "albany", BRITISH, "howe", came_from="saratoga", last_card=True)
    assert not fought.winter_offensive


def test_interception_rule_9_46() -> None:
    state = board()
    put(state, "albany", "howe", british=3)
    put(state, "albany", "greene", american=3)
    fought = drms(state, "albany", BRITISH, "howe", came_from="saratoga", intercepted=True)
    assert modifiers(fought, AMERICAN)[-1] == (1, "Interception (9.46)")


def test_battle_card_effects_on_the_drms_rule_9_45() -> None:
    """Kosciuszko (American defending): no Regulars and no Royal Navy +1 for the British, shown
    as +0 with the card named; the Royal Navy Bombards: the +1 even in a Blockaded port."""
    state = board()
    put(state, "boston", "howe", british=3)
    put(state, "boston", "greene", american=3)
    hand(state, BRITISH)
    hand(state, AMERICAN, KOSCIUSZKO)
    state = fight(state, "boston", BRITISH, "howe", came_from="exeter")
    # ratings Howe 4 -> 3 (his 3 CUs), Greene 4 -> 3; battle British 6, American 1;
    # casualties American 1, British 6
    state = act(state, AMERICAN, "play", KOSCIUSZKO, dice=[4, 4, 6, 1, 1, 6])
    log = "\n".join(state.log)
    assert ("British DRM +6: +3 3 CUs (9.4), +3 battle rating of Howe (9.3), +0 British "
            "Regulars Advantage (9.41): none, Kosciuszko's engineering works (9.45), +0 Royal "
            "Navy support (9.42): none, Kosciuszko's engineering works (9.45)") in log

    state = board()
    state.navy = "zone-new-england"
    state.regulars = False
    put(state, "boston", "howe", british=3)
    put(state, "boston", "greene", american=3)
    hand(state, BRITISH, BOMBARDS)
    hand(state, AMERICAN)
    state = fight(state, "boston", BRITISH, "howe", came_from="exeter")
    state = act(state, BRITISH, "play", BOMBARDS, dice=[4, 4, 6, 1, 1, 6])      # as above
    assert ("+1 Royal Navy support (9.42): the Royal Navy bombards (9.45)"
            in "\n".join(state.log))


# --- step 4: the battle dice (9.2) -------------------------------------------------------------


@pytest.mark.parametrize("attack_die, defence_die, winner", [
    (4, 3, BRITISH),      # 9 + 4 = 13 against 10 + 3 = 13: the attacker wins ties (C1)
    (3, 3, AMERICAN),     # 12 < 13
    (6, 1, BRITISH),
])
def test_attacker_wins_ties_TC_9_2_TIE(attack_die: int, defence_die: int, winner: str) -> None:
    state = board()
    put(state, "albany", "howe", british=3)
    put(state, "albany", "greene", american=3)
    fought = begun(state, "albany", BRITISH, "howe", came_from="saratoga")
    fought.modifiers = {BRITISH: [(9, "test")], AMERICAN: [(10, "test")]}
    run_step(state, battle.battle_dice, dice=[attack_die, defence_die])
    assert fought.winner == winner
    assert fought.rolls == {BRITISH: attack_die, AMERICAN: defence_die}


# --- step 5: casualties (9.5) -------------------------------------------------------------------


def decided(space: str = "albany", winner: str = AMERICAN, american: dict | None = None,
            british: dict | None = None, american_general: str | None = "greene",
            british_general: str | None = "howe") -> tuple[WwState, Battle]:
    """A British attack from Saratoga decided in favour of `winner`, before step 5."""
    state = board()
    put(state, space, american_general, **(american or {"american": 5}))
    put(state, space, british_general, **(british or {"british": 5}))
    fought = begun(state, space, BRITISH, british_general, came_from="saratoga")
    fought.winner = winner
    return state, fought


@pytest.mark.parametrize("die, lost", [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_loser_casualties_rule_9_5(die: int, lost: int) -> None:
    state, fought = decided(winner=AMERICAN)
    run_step(state, battle.casualties, dice=[die, 6])
    assert fought.losses == {BRITISH: lost, AMERICAN: 0}
    assert fought.casualty_rolls == {BRITISH: die, AMERICAN: 6}
    assert q.cus(state, "albany", BRITISH) == 5 - lost


@pytest.mark.parametrize("beaten_general, die, lost", [
    (None, 1, 1), (None, 2, 0),                  # TC-9.5: no general: only on a 1
    ("burgoyne", 2, 1), ("burgoyne", 3, 0),      # Agility 1: 1-2
    ("howe", 3, 1), ("howe", 4, 0),              # Agility 2: 1-3
    ("lafayette", 4, 1), ("lafayette", 5, 0),    # TC-9.5: Agility 3: 1-4
])
def test_winner_casualties_TC_9_5(beaten_general: str | None, die: int, lost: int) -> None:
    """The range is set by the loser's printed Agility (no +2 here); never more than 1 CU."""
    if beaten_general == "lafayette":
        state, fought = decided(winner=BRITISH, american_general="lafayette")
        winner = BRITISH
    else:
        state, fought = decided(winner=AMERICAN, british_general=beaten_general)
        winner = AMERICAN
    run_step(state, battle.casualties, dice=[6, die])
    assert fought.losses[winner] == lost


def test_losses_beyond_the_force_eliminate_it_and_the_general_retreats_alone_A33_A39() -> None:
    """9.5 engine: a loss of 3 from 2 CUs takes the 2 (A33 counts those); the general then
    retreats alone (A39) to a space with no enemy CU or PC."""
    state = board()
    put(state, "albany", "greene", american=5)
    put(state, "albany", "howe", british=2)
    pcs(state, johnstown=AMERICAN, pittsfield=AMERICAN)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # ratings Greene 1, Howe 1 -> 3, no more than his 2 CUs; battle American 6 + 6, British
    # 1 + 5; casualties British 6 (3, no more than its 2 CUs), American 6
    state = fight(state, "albany", AMERICAN, "greene", came_from="saratoga",
                  dice=[1, 1, 6, 1, 6, 6])
    assert "British loses 2 CUs (9.5)." in state.log
    assert state.generals["howe"] == "kingston" and not q.cus(state, "kingston")
    assert "The British (Howe, 0 CUs) retreats to Kingston (9.61)." in state.log
    assert stack.find(state, Battle) is None


def test_mixed_american_french_losses_rule_9_5_12_2_C() -> None:
    """The American chooses which of his mixed CUs are lost; French CUs leave the game."""
    state, fought = decided(winner=BRITISH, american={"american": 2, "french": 3},
                            american_general="rochambeau")
    run_step(state, battle.casualties, dice=[5, 6])
    resume_after(fought, battle.casualties)
    assert state.stack[-1] == BattleLosses(side=AMERICAN, space="albany", count=2)
    assert labels(state, AMERICAN) == ["french 0", "french 1", "french 2"]
    refused_untouched(state, AMERICAN, "french", 3)
    refused_untouched(state, BRITISH, "french", 1)
    removed = q.cu_count(state, REMOVED, FR)
    state = act(state, AMERICAN, "french", 2)
    assert cus_in(state, "albany") == {AM: 2, FR: 1, BR: 5}
    assert q.cu_count(state, REMOVED, FR) == removed + 2


def test_mixed_losses_with_no_choice_are_taken_at_once() -> None:
    """3 losses from 1 American and 2 French CUs: all of them, nothing to choose."""
    state, fought = decided(winner=BRITISH, american={"american": 1, "french": 2},
                            american_general="rochambeau")
    run_step(state, battle.casualties, dice=[6, 6])
    assert not isinstance(state.stack[-1], BattleLosses)
    assert not q.cus(state, "albany", AMERICAN)


@pytest.mark.parametrize("pc, captured", [(AMERICAN, True), (None, False), (BRITISH, False)])
def test_winning_general_left_alone_TC_9_5(pc: str | None, captured: bool) -> None:
    """9.5 special: a winner left without CUs is captured in an enemy-PC space only."""
    state, fought = decided(winner=BRITISH, british={"british": 1})
    if pc:
        state.pcs["albany"] = pc
    run_step(state, battle.casualties, dice=[1, 1])
    run_step(state, battle.lone_winner)
    assert (state.generals["howe"] == CAPTURED) == captured
    assert calls(state) == (["capture howe"] if captured else [])


def test_morgans_riflemen_loses_one_cu_fewer_rule_9_45() -> None:
    """The events part changes the casualties with battle.change_losses: Morgan's Riflemen,
    the American losing, loses 1 CU fewer (docs/ww-cards.md R12)."""
    state, fought = decided(winner=BRITISH)
    battle.change_losses(fought, BRITISH, AMERICAN, -1, "Morgan's Riflemen (9.45)")
    run_step(state, battle.casualties, dice=[4, 6])
    assert fought.losses == {AMERICAN: 1, BRITISH: 0}


# --- step 6: retreats (9.6) ---------------------------------------------------------------------


def test_defender_retreat_destinations_TC_9_61() -> None:
    """A losing defender retreats anywhere adjacent but the attacker's origin and spaces with
    enemy CUs or an enemy PC; the whole force goes to one space, with no 5-CU limit."""
    state = board()
    put(state, "albany", "greene", american=7)
    put(state, "albany", "howe", british=5)
    put(state, "pittsfield", british=1)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Howe 4 -> 6, no more than his 5 CUs; Greene 1 -> 1; British 6 + 11, American 1 + 8;
    # American casualties 1 (one CU), British 6 (none)
    state = fight(state, "albany", BRITISH, "howe", came_from="saratoga",
                  dice=[4, 1, 6, 1, 1, 6])
    assert state.stack[-1] == BattleRetreat(side=AMERICAN, space="albany")
    assert labels(state, AMERICAN) == ["retreat johnstown", "retreat kingston"]
    for space in ("saratoga", "pittsfield", "albany"):
        refused_untouched(state, AMERICAN, "retreat", space)
    refused_untouched(state, AMERICAN, "sea", "boston")          # never the Americans (9.62)
    refused_untouched(state, BRITISH, "retreat", "kingston")
    state = act(state, AMERICAN, "retreat", "kingston")
    assert state.generals["greene"] == "kingston" and cus_in(state, "kingston") == {AM: 6}
    assert calls(state) == ["arrive kingston American"]
    pcs(state, johnstown=BRITISH)                                 # an enemy PC
    assert battle.land_retreats(state, "albany", AMERICAN, "saratoga") == ["kingston"]


def test_attacker_retreats_where_it_came_from_TC_9_61() -> None:
    state = board()
    put(state, "albany", "greene", american=5)
    put(state, "albany", "howe", british=3)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Howe 1 -> 3, Greene 4 -> 3; British 1, American 6: American wins; British 1, American 6
    state = fight(state, "albany", BRITISH, "howe", came_from="saratoga",
                  dice=[1, 4, 1, 6, 1, 6])
    assert state.generals["howe"] == "saratoga" and cus_in(state, "saratoga") == {BR: 2}
    assert calls(state) == ["arrive saratoga British", "advance 1"]
    assert state.regulars                                          # 1 British CU lost


def test_sea_retreat_TC_9_62() -> None:
    """A British defender losing in New York may go by sea to any non-Blockaded port with no
    American CU or PC, even with land retreats open (A17: a fortified port needs nothing more)."""
    state = board()
    state.navy = "zone-south-atlantic"
    put(state, "new-york", "howe", british=3)
    put(state, "new-york", "washington", american=5)
    put(state, "boston", american=1)
    pcs(state, newport=AMERICAN, white_plains=BRITISH)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Washington 4, Howe 1 -> 3; American 6, British 1; British 1, American 6
    state = fight(state, "new-york", AMERICAN, "washington", came_from="white-plains",
                  dice=[4, 1, 6, 1, 1, 6])
    assert state.stack[-1] == BattleRetreat(side=BRITISH, space="new-york")
    options = labels(state, BRITISH)
    land = [o for o in options if o.startswith("retreat ")]
    sea = {o.removeprefix("sea ") for o in options if o.startswith("sea ")}
    assert land == ["retreat long-island", "retreat elizabethtown", "retreat new-haven"]
    assert sea == set(q.ports()) - {"new-york", "boston", "newport", "savannah", "st-marys",
                                    "long-island", "new-haven"}       # those two: by land
    assert "philadelphia" in sea and "charleston" in sea        # A17
    state = act(state, BRITISH, "sea", "charleston")
    assert state.generals["howe"] == "charleston" and cus_in(state, "charleston") == {BR: 2}
    assert stack.find(state, Battle) is None
    assert "The British (Howe, 2 CUs) retreats by sea to Charleston (9.62)." in state.log


@pytest.mark.parametrize("space, pc, navy", [
    ("charleston", None, ""),                     # fortified without a British PC (D2)
    ("charleston", AMERICAN, ""),
    ("new-york", None, "zone-long-island-sound"),  # Blockaded
])
def test_no_sea_retreat_TC_9_62(space: str, pc: str | None, navy: str) -> None:
    state = board()
    state.navy = navy
    if pc:
        state.pcs[space] = pc
    put(state, space, "howe", british=2)
    assert battle.sea_retreats(state, space, BRITISH) == []


def test_sea_retreat_from_a_fortified_port_with_a_british_pc_and_by_cus_alone_A16() -> None:
    """A British PC opens a fortified port (9.62); CUs with no general may go too (A16), but
    not with the option that plays the literal text; the Americans never."""
    state = board()
    pcs(state, charleston=BRITISH)
    put(state, "charleston", british=2)
    assert "boston" in battle.sea_retreats(state, "charleston", BRITISH)
    state.options = WwOptions(sea_retreat_needs_general=True)
    assert battle.sea_retreats(state, "charleston", BRITISH) == []
    put(state, "charleston", "clinton")
    assert "boston" in battle.sea_retreats(state, "charleston", BRITISH)
    put(state, "boston", "greene", american=2)
    assert battle.sea_retreats(state, "boston", AMERICAN) == []


def test_no_sea_retreat_for_an_attacker_rule_9_62() -> None:
    """The British attacker who loses in a port goes back where it came from (here it
    surrenders: Exeter holds an American PC), never by sea."""
    state = board()
    put(state, "boston", "howe", british=3)
    put(state, "boston", "washington", american=5)
    pcs(state, exeter=AMERICAN)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Howe 1 -> 3, Washington 4; British 1, American 6: American wins; British 1, American 6
    state = fight(state, "boston", BRITISH, "howe", came_from="exeter",
                  dice=[1, 4, 1, 6, 1, 6])
    assert state.generals["howe"] == CAPTURED and not q.cus(state, "boston", BRITISH)
    assert "The British (Howe, 2 CUs) has no legal retreat and surrenders (9.63)." in state.log
    # A33: 1 casualty and 2 surrendered make 3: the Regulars are lost, +1 +2
    assert not state.regulars and state.alliance == 3


def test_after_the_alliance_the_regulars_still_go_but_the_marker_stays_C8_C9() -> None:
    state = board()
    state.france_in_war, state.alliance = True, 9
    put(state, "boston", "howe", british=3)
    put(state, "boston", "washington", american=5)
    pcs(state, exeter=AMERICAN)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    state = fight(state, "boston", BRITISH, "howe", came_from="exeter",
                  dice=[1, 4, 1, 6, 1, 6])                     # as in the test above
    assert not state.regulars and state.alliance == 9
    assert calls(state) == ["capture howe", "advance 1", "advance 2"]


def test_defender_surrender_TC_9_63_B() -> None:
    """Every neighbour but the attacker's origin holds an enemy CU or PC, no sea retreat (not
    a port): the defender surrenders. For the Regulars its surrendered CU counts with the
    casualty (A33): 2, fewer than 3."""
    state = board()
    put(state, "saratoga", "burgoyne", british=2)
    put(state, "saratoga", "gates", american=5)
    put(state, "bennington", american=1)
    pcs(state, ticonderoga=AMERICAN)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Gates 4 -> 2, Burgoyne 1; American 6, British 1; British 1 (loses 1), American 6
    state = fight(state, "saratoga", AMERICAN, "gates", came_from="albany",
                  dice=[4, 1, 6, 1, 1, 6])
    assert state.generals["burgoyne"] == CAPTURED and not q.cus(state, "saratoga", BRITISH)
    assert "The British (Burgoyne, 1 CU) has no legal retreat and surrenders (9.63)." \
           in state.log
    assert state.regulars and state.alliance == 1                # 1 + 1 surrendered: 2 < 3


def test_arnold_retreats_across_falmouth_quebec_A14() -> None:
    state = board()
    put(state, "falmouth", "arnold", american=2)
    put(state, "falmouth", "howe", british=5)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Howe 6 -> 5, Arnold 1 -> 2; British 6, American 1; American 1, British 6
    state = fight(state, "falmouth", BRITISH, "howe", came_from="exeter",
                  dice=[6, 1, 6, 1, 1, 6])
    assert state.generals["arnold"] == "quebec" and cus_in(state, "quebec") == {AM: 1}


def test_without_arnold_falmouth_has_no_retreat_rule_9_63_B() -> None:
    state = board()
    put(state, "falmouth", "greene", american=2)
    put(state, "falmouth", "howe", british=5)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    state = fight(state, "falmouth", BRITISH, "howe", came_from="exeter",
                  dice=[6, 1, 6, 1, 1, 6])
    assert state.generals["greene"] == CAPTURED and not q.cus(state, "falmouth", AMERICAN)
    assert calls(state) == ["capture greene"]


def test_a_lone_general_may_not_retreat_onto_an_enemy_general_rule_7_4_A() -> None:
    state = board()
    put(state, "kingston", "clinton")
    assert not battle.may_retreat_into(state, "kingston", AMERICAN, alone=True)
    assert battle.may_retreat_into(state, "kingston", AMERICAN, alone=False)


def test_congress_dispersed_when_the_american_loses_there_rule_7_7() -> None:
    state = board()
    put(state, "philadelphia", "washington", american=2)
    put(state, "philadelphia", "howe", british=5)
    state.congress = "philadelphia"
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Howe 6 -> 5, Washington 1 -> 2; British 6, American 1; American 1, British 6
    state = fight(state, "philadelphia", BRITISH, "howe", came_from="trenton",
                  dice=[6, 1, 6, 1, 1, 6])
    assert isinstance(state.stack[-1], BattleRetreat)
    state = act(state, AMERICAN, "retreat", "reading")
    assert state.congress == DISPERSED
    assert calls(state) == ["arrive reading American", "disperse_congress"]


# --- step 7 (9.2, 9.41, 12.1) --------------------------------------------------------------------


def test_regulars_lost_in_a_campaign_TC_9_41_CAMPAIGN() -> None:
    """Battle 1: the British loses 3 CUs: the Regulars are lost at once and the marker moves
    +1 (a British defeat) +2; the next battle of the Campaign has no Regulars +1."""
    state = board()
    put(state, "albany", british=4)
    put(state, "albany", "greene", american=3)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # Greene 4 -> 3; American 6, British 1; British 6 (3 CUs), American 2 (no general: a 1)
    state = fight(state, "albany", AMERICAN, "greene", came_from="saratoga",
                  dice=[4, 6, 1, 6, 2])
    assert isinstance(state.stack[-1], BattleRetreat)
    state = act(state, BRITISH, "retreat", "kingston")
    assert not state.regulars and state.alliance == 3
    assert calls(state) == ["arrive kingston British", "advance 1", "advance 2"]
    put(state, "kingston", "howe")
    put(state, "kingston", "lafayette", american=2)
    fought = drms(state, "kingston", AMERICAN, "lafayette", came_from="albany")
    assert not any("9.41" in why for why in reasons(fought, BRITISH))


def test_a_british_win_moves_nothing_rule_9_2_step_7() -> None:
    state = board()
    put(state, "albany", "greene", american=5)
    put(state, "albany", "howe", british=5)
    pcs(state, saratoga=BRITISH)
    hand(state, BRITISH)
    hand(state, AMERICAN)
    # the American attacker loses and goes back to Saratoga, which holds a British PC
    state = fight(state, "albany", AMERICAN, "greene", came_from="saratoga",
                  dice=[1, 6, 1, 6, 1, 6])
    assert state.generals["greene"] == CAPTURED
    assert state.alliance == 0 and state.regulars
    assert calls(state) == ["capture greene"]


# --- 9.7 the Overrun ----------------------------------------------------------------------------


def test_overrun_TC_9_7() -> None:
    """A British general with 4 CUs enters a space with 1 American CU and no general: the CU
    is removed, no die is rolled, the Army may move on; no French Alliance move."""
    state = board()
    put(state, "albany", "howe", british=4)
    put(state, "albany", american=1)
    state.stack = [Activation(side=BRITISH, general="howe", card=0, via="ops",
                              start="saratoga", budget=4)]
    assert battle.overrun_applies(state, "albany", BRITISH)
    reserve = q.cu_count(state, RESERVE, AM)
    with battle.standing_in(STAND_INS):
        battle.overrun(state, "albany", BRITISH)
    assert cus_in(state, "albany") == {BR: 4} and q.cu_count(state, RESERVE, AM) == reserve + 1
    assert state.stack[-1].overran and state.alliance == 0 and calls(state) == []


@pytest.mark.parametrize("british, american, general, applies", [
    (4, 2, None, False),          # TC-9.7: 2 CUs: stop and fight
    (4, 1, "greene", False),      # a general there
    (3, 1, None, False),          # 3 CUs are too few
    (5, 1, None, True),
])
def test_overrun_conditions_TC_9_7(british: int, american: int, general: str | None,
                                   applies: bool) -> None:
    state = board()
    put(state, "albany", "howe", british=british)
    put(state, "albany", general, american=american)
    assert battle.overrun_applies(state, "albany", BRITISH) == applies
    if american != 1 or general:
        with pytest.raises(ValueError), battle.standing_in(STAND_INS):
            battle.overrun(state, "albany", BRITISH)


def test_american_overrun_moves_the_alliance_TC_9_7() -> None:
    state = board()
    put(state, "albany", "greene", american=5)
    put(state, "albany", british=1)
    with battle.standing_in(STAND_INS):
        battle.overrun(state, "albany", AMERICAN)
    assert state.alliance == 1 and calls(state) == ["advance 1"]


def test_british_overrun_in_the_congress_space_disperses_it_rule_9_7_7_7() -> None:
    state = board()
    state.congress = "philadelphia"
    put(state, "philadelphia", "howe", british=4)
    put(state, "philadelphia", french=1)
    removed = q.cu_count(state, REMOVED, FR)
    with battle.standing_in(STAND_INS):
        battle.overrun(state, "philadelphia", BRITISH)
    assert state.congress == DISPERSED and calls(state) == ["disperse_congress"]
    assert q.cu_count(state, REMOVED, FR) == removed + 1          # French CUs leave the game


def test_arnold_betrays_british_attacking_TC_9_7_CLAR_1() -> None:
    """Arnold is removed in step 1 and an Overrun replaces the battle: no die rolled, the
    card out of the game, the British replacement draw counted; the American is not asked."""
    state = board()
    put(state, "albany", "arnold", american=1)
    put(state, "albany", "howe", british=4)
    hand(state, BRITISH, ARNOLD_BETRAYS)
    hand(state, AMERICAN, PAINE)
    state = fight(state, "albany", BRITISH, "howe", came_from="saratoga")
    state = act(state, BRITISH, "play", ARNOLD_BETRAYS)
    assert stack.find(state, Battle) is None and isinstance(state.stack[-1], Activation)
    assert state.generals["arnold"] == REMOVED and cus_in(state, "albany") == {BR: 4}
    assert state.stack[-1].overran
    assert ARNOLD_BETRAYS in state.piles.removed
    assert state.replacements == {BRITISH: 1} and state.piles.hands[AMERICAN] == [PAINE]
    assert calls(state) == [f"play_in_battle British {ARNOLD_BETRAYS}"]


def test_end_as_overrun_is_the_events_parts_way_to_force_it() -> None:
    state = board()
    put(state, "albany", "howe", british=3)
    put(state, "albany", american=1)
    fought = begun(state, "albany", BRITISH, "howe", came_from="saratoga")
    with battle.standing_in(STAND_INS):
        assert not battle.overrun_instead(state, fought)       # 3 CUs: no Overrun by itself
        battle.end_as_overrun(fought)
        assert battle.overrun_instead(state, fought)
    assert cus_in(state, "albany") == {BR: 3}
    assert fought.step == battle.BATTLE.index(battle.close)


def test_arnold_betrays_american_attacking_TC_9_7_CLAR_2() -> None:
    """Arnold + 1 CU attack 4 British; the British defender plays the card: Arnold goes, no
    Overrun; the battle goes on with the American 1 CU and no general (rating 0)."""
    state = board()
    put(state, "albany", "arnold", american=1)
    put(state, "albany", "howe", british=4)
    hand(state, AMERICAN, PAINE)
    hand(state, BRITISH, ARNOLD_BETRAYS)
    state = fight(state, "albany", AMERICAN, "arnold", came_from="saratoga")
    state = act(state, AMERICAN, "no-card")
    # rating Howe 6 -> 4 (his 4 CUs), none for the American; battle American 6 + 1, British
    # 1 + 11; casualties American 1 (its CU), British 6 (no American general: only a 1)
    state = act(state, BRITISH, "play", ARNOLD_BETRAYS, dice=[6, 6, 1, 1, 6])
    assert "American: no general, battle rating 0 (9.3)." in state.log
    assert state.generals["arnold"] == REMOVED and not q.cus(state, "albany", AMERICAN)
    assert "Nothing of the American is left to retreat (9.2 step 6)." in state.log
    assert ARNOLD_BETRAYS in state.piles.removed


# --- the view and saves --------------------------------------------------------------------------


def test_the_view_shows_the_battle_step_by_step_with_every_drm_named() -> None:
    state = saratoga()
    state = act(state, BRITISH, "discard", PAINE)
    panel = view.battle_focus(state)
    assert panel is not None and panel.where == "saratoga"
    assert ["British (attacker)", "DRM", "+1 Event card 22 Thomas Paine Publishes Common Sense "
            "discarded (9.45)"] in panel.rows
    state = board()                                    # at step 6: the whole battle so far
    put(state, "boston", "howe", british=3)
    put(state, "boston", "greene", american=3)
    hand(state, BRITISH)
    hand(state, AMERICAN, KOSCIUSZKO)
    state = fight(state, "boston", BRITISH, "howe", came_from="exeter")
    state = act(state, AMERICAN, "play", KOSCIUSZKO, dice=[4, 4, 6, 1, 1, 6])
    rows = view.battle_focus(state).rows
    for row in (["British (attacker)", "DRM", "+0 Royal Navy support (9.42): none, "
                 "Kosciuszko's engineering works (9.45)"],
                ["American (defender)", "DRM", "+2 Battle card 41 Thaddeus Kosciuszko "
                 "Constructs Engineering Works played (9.45)"],
                ["British (attacker)", "Die", "6 +6 = 12"],
                ["American (defender)", "Losses", "1 CU"]):
        assert row in rows


def test_begin_pushes_the_battle_above_the_activation_rule_9_1() -> None:
    """The activated Army is the attacker (9.1); a space without CUs of both sides is no
    battle, and a battle needs the attacker's origin (9.61.B)."""
    state = board()
    put(state, "albany", "howe", british=3)
    put(state, "albany", "greene", american=2)
    fought = begun(state, "albany", BRITISH, "howe", came_from="saratoga")
    assert state.stack[-2:] == [Activation(side=BRITISH, general="howe", card=0, via="ops",
                                           start="saratoga", budget=4), fought]
    assert (fought.attacker, fought.defender) == (BRITISH, AMERICAN)
    assert (fought.attacker_general, fought.defender_general) == ("howe", "greene")
    with pytest.raises(ValueError):
        battle.begin(state, "kingston", BRITISH, "howe", "albany", False)
    with pytest.raises(ValueError):
        battle.begin(state, "albany", BRITISH, "howe", "", False)


def test_a_save_mid_battle_continues_exactly_there() -> None:
    state = saratoga()
    state = act(state, BRITISH, "discard", PAINE)
    saved = msgspec.json.decode(msgspec.json.encode(state), type=WwState)
    assert saved == state
    after = act(saved, AMERICAN, "play", MORGAN, dice=[4, 1, 3, 4, 5, 2])
    assert after.generals["burgoyne"] == CAPTURED


# --- random battles keep the invariants ---------------------------------------------------------


AMERICANS = ("washington", "greene", "arnold", "gates", "lafayette", "rochambeau", None)
BRITONS = ("howe", "clinton", "cornwallis", "burgoyne", "carleton", None)
SPACES = ("albany", "boston", "new-york", "philadelphia", "charleston", "quebec", "falmouth",
          "saratoga", "norfolk", "three-rivers")


def totals(state: WwState) -> dict[str, int]:
    out: dict[str, int] = {}
    for here in state.cus.values():
        for nationality, n in here.items():
            out[nationality] = out.get(nationality, 0) + n
    return out


@pytest.mark.parametrize("seed", range(40))
def test_random_battles_keep_the_invariants(seed: int) -> None:
    """Whatever the dice and the choices: every card and CU is somewhere once, the battle ends,
    and no space is left with both sides' pieces (3.0 stacking)."""
    pick = random.Random(seed)
    state = board(seed)
    space = pick.choice(SPACES)
    came_from = pick.choice(q.adjacent(space))
    attacker = pick.choice((AMERICAN, BRITISH))
    american, british = pick.choice(AMERICANS[:-1]), pick.choice(BRITONS)
    if attacker == BRITISH:
        british = british or "howe"
    put(state, space, american, american=pick.randint(1, 4), french=pick.randint(0, 2))
    put(state, space, british, british=pick.randint(1, 6))
    for other in q.adjacent(space):
        roll = pick.random()
        if roll < 0.25:
            state.pcs[other] = pick.choice((AMERICAN, BRITISH))
        elif roll < 0.4 and other != came_from:
            put(state, other, **{pick.choice(("american", "british")): 1})
    state.pcs[space] = pick.choice((AMERICAN, BRITISH))
    state.regulars = pick.random() < 0.5
    state.navy = pick.choice(("", "zone-new-england", "zone-long-island-sound"))
    events = [n for n in deck.EVENT_CARDS if n not in deck.SET_ASIDE]
    dealt = pick.sample(events, 6)
    hand(state, AMERICAN, *dealt[:3])
    hand(state, BRITISH, *dealt[3:])
    before = totals(state)
    general = american if attacker == AMERICAN else british
    state = fight(state, space, attacker, general, came_from=came_from)
    for _ in range(20):
        if stack.find(state, Battle) is None:
            break
        side = state.active[0]
        state = act_free(state, side, pick.choice(choices(state, side)).action)
    assert stack.find(state, Battle) is None
    assert totals(state) == before
    cards.check_conserved(state.piles, [c.number for c in deck.CARDS])
    for where in state.cus:
        if q.on_map(where):
            assert not (q.cus(state, where, AMERICAN) and q.british_pieces(state, where)), where
            assert not (q.cus(state, where, BRITISH) and q.american_units(state, where)
                        and state.congress != where), where
    assert isinstance(state.stack[-1], Activation)


def act_free(state: WwState, side: str, action: Action) -> WwState:
    """An offered action, the dice rolled by the state's own generator."""
    with battle.standing_in(STAND_INS):
        return stack.act(state, FLOW, side, action)


# --- with the other parts themselves -------------------------------------------------------------


def test_saratoga_with_the_movement_events_and_alliance_parts() -> None:
    """TC-9.63-SARATOGA again, the battle calling the real parts (battle.RULES)."""
    state = board()
    put(state, "saratoga", "gates", american=5)
    put(state, "saratoga", "burgoyne", british=5)
    pcs(state, ticonderoga=AMERICAN, albany=AMERICAN)
    hand(state, BRITISH, PAINE)
    hand(state, AMERICAN, MORGAN)
    begun(state, "saratoga", BRITISH, "burgoyne", came_from="ticonderoga")
    stack.run(state, RULES_FLOW)
    state = act_by_rules(state, BRITISH, Action("discard", PAINE))
    state = act_by_rules(state, AMERICAN, Action("play", MORGAN), dice=[4, 1, 3, 4, 5, 2])
    assert state.generals["burgoyne"] == CAPTURED and cus_in(state, "saratoga") == {AM: 4}
    assert not state.regulars and state.alliance == 3
    assert MORGAN in state.piles.discard and state.replacements == {AMERICAN: 1}
    assert isinstance(state.stack[-1], Activation)


def test_arnold_betrays_with_the_events_part_TC_9_7_CLAR_1() -> None:
    state = board()
    put(state, "albany", "arnold", american=1)
    put(state, "albany", "howe", british=4)
    hand(state, BRITISH, ARNOLD_BETRAYS)
    hand(state, AMERICAN, PAINE)
    begun(state, "albany", BRITISH, "howe", came_from="saratoga")
    stack.run(state, RULES_FLOW)
    state = act_by_rules(state, BRITISH, Action("play", ARNOLD_BETRAYS))
    assert state.generals["arnold"] == REMOVED and cus_in(state, "albany") == {BR: 4}
    assert ARNOLD_BETRAYS in state.piles.removed and state.stack[-1].overran


@pytest.mark.parametrize("seed", range(40, 70))
def test_random_battles_with_the_other_parts(seed: int) -> None:
    """Random battles as above, the real parts answering (captures of Washington, 7.4.C)."""
    pick = random.Random(seed)
    state = board(seed)
    space = pick.choice(SPACES)
    came_from = pick.choice(q.adjacent(space))
    attacker = pick.choice((AMERICAN, BRITISH))
    american, british = pick.choice(AMERICANS[:-1]), pick.choice(BRITONS[:-1])
    put(state, space, american, american=pick.randint(1, 4), french=pick.randint(0, 2))
    put(state, space, british, british=pick.randint(1, 6))
    for other in q.adjacent(space):
        if pick.random() < 0.3:
            state.pcs[other] = pick.choice((AMERICAN, BRITISH))
        elif pick.random() < 0.3:
            put(state, other, pick.choice((None, "lee", "lincoln")), american=1)
    events = [n for n in deck.EVENT_CARDS if n not in deck.SET_ASIDE]
    dealt = pick.sample(events, 6)
    hand(state, AMERICAN, *dealt[:3])
    hand(state, BRITISH, *dealt[3:])
    before = totals(state)
    begun(state, space, attacker, american if attacker == AMERICAN else british, came_from)
    stack.run(state, RULES_FLOW)
    for _ in range(30):
        if not stack.choices(state, RULES_FLOW, state.active[0]):
            break
        side = state.active[0]
        action = pick.choice(stack.choices(state, RULES_FLOW, side)).action
        state = act_by_rules(state, side, action, dice=None)
    assert stack.find(state, Battle) is None and isinstance(state.stack[-1], Activation)
    assert totals(state) == before
    cards.check_conserved(state.piles, [c.number for c in deck.CARDS])
    for where in q.spaces():
        assert len(q.generals_at(state, where, AMERICAN)) <= 1
        assert len(q.generals_at(state, where, BRITISH)) <= 1
        assert not (q.cus(state, where, AMERICAN) and q.british_pieces(state, where)), where
