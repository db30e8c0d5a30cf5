"""Wellington card events on the movement, interception and evasion seams (docs/
wellington-movement.md "Seams"; docs/wellington-events-*.md): #3, #16, #33, #40, #41, #44, #45,
#51, #53 (cards_1_55_field.py), #67, #108, #109 (cards_56_110_map.py), each branch of the
seed's text with its numbers, and a refusal where the card cannot be played."""
from __future__ import annotations

import pytest

from core import stack
from core.engine import IllegalAction
from core.wellington import cardplay, hands, interception, movement
from core.wellington.battle import cards as battle_cards
from core.wellington.events import cards_1_55_field as field
from core.wellington.frames.battle import Battle, BattleCard
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.frames.movement import JoinBattleAsk, Move, MoveStep
from core.wellington.state import REGROUP, UNBUILT, Effect
from tests.support.wellington_movement import (Recorder, act, choices, counts, empty, give,
                                               in_impulse, label, nouns, play_event, put,
                                               spend, top, troops)


def answer(state, power, card, dice=()):
    """`power` plays `card` in the Response window now asking it (5.2)."""
    assert isinstance(top(state), ResponseWindow) and top(state).asked[0] == power, top(state)
    return act(state, power, "respond", card, dice=dice)


def pass_window(state, dice=()):
    """Every Power still asked at the Response window on top declines."""
    while isinstance(top(state), ResponseWindow):
        last = len(top(state).asked) == 1
        state = act(state, top(state).asked[0], "no-response", dice=dice if last else ())
    return state


def pick(state, power, noun, dice=()):
    assert isinstance(top(state), EventChoice), top(state)
    return act(state, power, "event-choice", noun, dice=dice)


def joseph_into_ciudad_rodrigo(spanish=(1, 1, 0), de_espana=True):
    """TC-E23-TC-E26: Joseph (1-6, 2 cavalry) at Almaraz, 1 CP to enter Ciudad Rodrigo
    (Spanish flag) where De España (1-4) stands with a Spanish infantry and cavalry."""
    state = empty()
    put(state, "joseph", "almaraz", [0, 2, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    if de_espana:
        put(state, "de-espana", "ciudad-rodrigo", list(spanish))
    else:
        troops(state, "ciudad-rodrigo", "Spain", list(spanish))
    return act(spend(state, "AdN", 1), "AdN", "move", "joseph")


# --- #33 Disgraced Commander (TRY of an evasion; the battle's retreat window) ----------------


def test_33_tc_e25_de_espana_shot_then_the_counters_evade_one_by_one():
    """TC-E25: Spain announces De España's evasion (to Fuentes d'Oñoro); AdN answers with #33
    (his BV is 1): a Spaniard is shot (eliminated: rebuilt at full cost). The unrolled
    evasion lapses; the counters then try one by one (+1 friendly): infantry 8 -> 9 evades,
    cavalry 6 -> 7 stays; the battle follows with the failed evasion on record."""
    state = joseph_into_ciudad_rodrigo()
    give(state, "AdN", 33)
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "ciudad-rodrigo")
        state = act(state, "Spain", "evade", "army>fuentes-d-onoro")
        state = answer(state, "AdN", 33)
        assert top(state).options == ["de-espana"]
        state = pass_window(pick(state, "AdN", "de-espana"))
        assert state.commanders["de-espana"] == UNBUILT
        assert "lapses" in state.log[-1] or any("lapses" in line for line in state.log[-5:])
        state = act(state, "Spain", "evade", "soldiers>fuentes-d-onoro", dice=[4, 4, 3, 3])
    assert counts(state, "fuentes-d-onoro", "Spain") == [1, 0, 0]
    assert counts(state, "ciudad-rodrigo", "Spain") == [0, 1, 0]
    assert battles.calls == [("ciudad-rodrigo", "AdN", "joseph", "almaraz", False)]
    assert movement.evasion_failed(state, "ciudad-rodrigo")


def test_33_a_french_commander_goes_to_the_regroup_box():
    """#33 on Marmont (2-6) trying to evade from Valladolid: French, so the Regroup Box."""
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    put(state, "wellington", "salamanca", [2, 0, 0])
    state.flags["salamanca"] = "GB"
    give(state, "GB", 33)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "valladolid")
        state = act(state, "AdN", "evade", "army>leon")
        state = pass_window(pick(answer(state, "GB", 33), "GB", "marmont"))
    assert state.commanders["marmont"] == REGROUP
    assert counts(state, "valladolid", "AdN") == [0, 1, 0]      # his cavalry stayed


def test_33_refused_for_a_commander_with_bv_3_or_more():
    """Wellington (BV 5) evading: #33 cannot be played (no Response window opens for it)."""
    state = empty()
    put(state, "wellington", "valladolid", [1, 0, 0])
    put(state, "marmont", "salamanca", [0, 1, 0])
    give(state, "AdN", 33)
    state = act(spend(state, "AdN", 1), "AdN", "move", "marmont")
    with movement.battles_by(Recorder()):
        state = act(state, "AdN", "to", "valladolid")
        state = act(state, "GB", "evade", "army>leon", dice=[6, 6, 1, 1, 1])
    assert state.commanders["wellington"] == "leon"
    assert 33 in hands.hand(state, "AdN")


def test_33_at_the_battles_retreat_window_takes_a_losing_commander():
    """The retreat branch (the battle opens `RETREAT_TRIGGER` before the loser retreats):
    the losing side's commanders of BV 2 or less; Blake (Spanish) is shot."""
    state = empty()
    put(state, "blake", "salamanca", [1, 0, 0])
    put(state, "wellington", "salamanca", [1, 0, 0])
    state.stack.append(Battle(duchy="salamanca", attacker="AdN", attacking="French",
                              defending="Allies", winner="French", loser="Allies"))
    assert field.disgrace_targets(state, field.RETREAT_TRIGGER) == ["blake"]
    give(state, "AdN", 33)
    assert cardplay.event_playable(state, "AdN", 33, field.RETREAT_TRIGGER)
    assert not cardplay.event_playable(state, "AdN", 33, battle_cards.AFTER_DICE)


# --- #67 Conflicting Orders (TRY of a move, interception or evasion) -------------------------


def test_67_cancels_a_move_step_cp_spent_bfi_marker():
    """Marmont (BV 2) declares a step (1 CP) into Salamanca; GB cancels it: he stays at
    Valladolid, the CP is spent, a BFI marker stops him for the impulse."""
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    give(state, "GB", 67)
    state = act(spend(state, "AdN", 2), "AdN", "move", "marmont")
    state = act(state, "AdN", "to", "salamanca")
    state = pass_window(answer(state, "GB", 67))
    assert state.commanders["marmont"] == "valladolid"
    assert "marmont" in state.bfi
    assert counts(state, "valladolid", "AdN") == [0, 1, 0]
    assert movement.movable_commanders(state, "AdN") == []          # M2


def test_67_cancels_an_interception_before_its_roll():
    """Clausel (2-6) announces an interception; #67: no dice, a BFI marker, no more tries."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    put(state, "clausel", "valladolid", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    give(state, "Spain", 67)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "salamanca")
        state = act(state, "AdN", "intercept", "clausel")
        state = pass_window(answer(state, "Spain", 67))
    assert state.commanders["clausel"] == "valladolid" and "clausel" in state.bfi
    assert battles.calls == []


def test_67_cancels_an_evasion_and_refused_for_a_bv_5_commander():
    """De España (1-4) announces an evasion: #67 cancels it (he stays, a BFI marker);
    Wellington (5-9) moving cannot be struck."""
    state = joseph_into_ciudad_rodrigo()
    give(state, "AdN", 67)
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "ciudad-rodrigo")
        state = pass_window(state)         # AdN may strike its own Joseph (1-6): it does not
        state = act(state, "Spain", "evade", "army>fuentes-d-onoro")
        state = pass_window(answer(state, "AdN", 67))
    assert state.commanders["de-espana"] == "ciudad-rodrigo" and "de-espana" in state.bfi
    assert battles.calls == [("ciudad-rodrigo", "AdN", "joseph", "almaraz", False)]
    other = empty()
    put(other, "wellington", "ciudad-rodrigo", [1, 0, 0])
    other.flags["ciudad-rodrigo"] = "Spain"
    give(other, "AdN", 67)
    other = act(spend(other, "GB", 1), "GB", "move", "wellington")
    other = act(other, "GB", "to", "salamanca")
    assert not isinstance(top(other), ResponseWindow)


# --- #45 Column Attacked (TRY of a move; SUCCEEDED of an interception or evasion) -----------


def test_45_one_cp_more_for_every_further_duchy():
    """Joseph moves with 4 CP: the first step costs 1; after #45 each further one costs 2."""
    state = empty()
    put(state, "joseph", "toledo", [0, 1, 0])
    give(state, "GB", 45)
    state = act(spend(state, "AdN", 4), "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "talavera-de-la-reina")
    state = pass_window(answer(state, "GB", 45))
    assert movement.cp_frame(state).left == 3
    assert "2 CP" in label(state, "AdN", "to", "almaraz")
    state = act(state, "AdN", "to", "almaraz")
    assert movement.cp_frame(state).left == 1
    assert nouns(state, "AdN", "to") == []                          # 1 CP left, 2 needed


def test_45_cancels_a_successful_interception():
    """TC-E24 without #23: Wellington intercepts into Ciudad Rodrigo (+5: 4 + 3 = 12);
    AdN answers the success with #45: he stays at Salamanca (no BFI marker: no failure)."""
    state = empty()
    put(state, "joseph", "almaraz", [0, 2, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    troops(state, "ciudad-rodrigo", "Spain", [1, 1, 0])
    put(state, "wellington", "salamanca", [2, 1, 0])
    state.flags["salamanca"] = "GB"
    give(state, "AdN", 45)
    state = act(spend(state, "AdN", 1), "AdN", "move", "joseph")
    with movement.battles_by(Recorder()):
        state = pass_window(act(state, "AdN", "to", "ciudad-rodrigo"))   # #45 on its own move?
        state = act(state, "GB", "intercept", "wellington", dice=[4, 3])
        assert top(state).trigger.startswith("intercept-succeeded:wellington")
        state = pass_window(answer(state, "AdN", 45))
    assert state.commanders["wellington"] == "salamanca" and "wellington" not in state.bfi


def test_45_refused_on_a_free_move_and_without_a_success():
    state = empty()
    put(state, "soult", "sevilla", [1, 0, 0])
    give(state, "GB", 45)
    state.stack.append(Move(power="AdS", armies=[], at="sevilla", start="sevilla",
                            free=movement.SOULT))
    assert not cardplay.event_playable(state, "GB", 45, "move:soult:sevilla>cordoba")
    assert not cardplay.event_playable(state, "GB", 45,
                                       "intercept-succeeded:soult:sevilla>cordoba")


# --- #51 To the Death (SUCCEEDED of an evasion; the battle's retreat window) -----------------


def test_51_cancels_a_successful_evasion_the_battle_follows():
    """De España evades (+1 +1: 4 + 3 = 9): AdN answers with #51: he stays and fights."""
    state = joseph_into_ciudad_rodrigo()
    give(state, "AdN", 51)
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "ciudad-rodrigo")
        state = act(state, "Spain", "evade", "army>fuentes-d-onoro", dice=[4, 3])
        state = pass_window(answer(state, "AdN", 51))
    assert state.commanders["de-espana"] == "ciudad-rodrigo"
    assert battles.calls == [("ciudad-rodrigo", "AdN", "joseph", "almaraz", False)]
    assert not movement.evasion_failed(state, "ciudad-rodrigo")     # cancelled, not failed


def test_51_not_on_an_interception_and_its_retreat_branch():
    state = empty()
    give(state, "GB", 51)
    assert not cardplay.event_playable(state, "GB", 51, "intercept-succeeded:x:a>b")
    put(state, "marmont", "salamanca", [1, 0, 0])
    state.stack.append(Battle(duchy="salamanca", attacker="GB", attacking="Allies",
                              defending="French", winner="Allies", loser="French"))
    assert cardplay.event_playable(state, "GB", 51, field.RETREAT_TRIGGER)
    cardplay.play_event(state, "GB", 51, field.RETREAT_TRIGGER)
    state.stack.pop()                                # the EventPlay, carried out by hand
    field.play_to_the_death(state, type("F", (), {"power": "GB", "trigger":
                                                  field.RETREAT_TRIGGER})())
    assert field.retreat_cancelled(state, "salamanca") == "GB"
    assert not field.retreat_cancelled(state, "salamanca")     # used once
    put(state, "wellington", "salamanca", [1, 0, 0])
    field.fight_again(state, state.stack[-1], "GB")            # the battle's call
    assert isinstance(top(state), Battle) and top(state).attacker == "GB"
    assert top(state).formation == "wellington" and top(state).round == 0


# --- #3 Mud (ENTERED by move, evasion, interception, retreat) --------------------------------


def test_3_mud_on_a_moving_army_ends_its_move_and_holds_the_duchy():
    """Joseph enters Talavera by movement (3 CP): GB plays #3 there: his move is over (2 CP
    unspent stay on the card) and nothing leaves Talavera until GB's next impulse."""
    state = empty()
    put(state, "joseph", "toledo", [1, 0, 0])
    give(state, "GB", 3)
    state = act(spend(state, "AdN", 3), "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "talavera-de-la-reina")
    assert top(state).trigger == "entered:move:joseph:toledo>talavera-de-la-reina"
    state = pass_window(answer(state, "GB", 3))
    assert state.commanders["joseph"] == "talavera-de-la-reina"
    assert not isinstance(top(state), MoveStep)
    assert Effect(card=3, power="GB", target="talavera-de-la-reina", until="next-impulse",
                  started=state.impulses) in state.effects
    assert "joseph" not in nouns(state, "AdN", "move")                # 2 CP left, stuck
    assert movement.destinations(state, "talavera-de-la-reina", "AdN") == []


def test_3_mud_after_an_evasion_no_interception_out_of_the_duchy():
    """Marmont evades from Valladolid to León (6 + 6); AdN... GB plays #3 on León: nobody
    leaves it (no interception out of it, no evasion out of it, no move)."""
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    put(state, "wellington", "salamanca", [2, 0, 0])
    state.flags["salamanca"] = "GB"
    give(state, "GB", 3)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = pass_window(act(state, "GB", "to", "valladolid"))   # GB keeps #3 for later
        state = act(state, "AdN", "evade", "army>leon", dice=[6, 6])
        assert top(state).trigger == "entered:evade:marmont:valladolid>leon"
        state = pass_window(answer(state, "GB", 3))
    assert movement.mired(state, "leon")
    assert interception.paths(state, "leon", "valladolid", "AdN") == []
    assert movement.destinations(state, "leon", "AdN") == []


def test_3_mud_by_interception_and_retreat_windows_and_refusal():
    """The ENTERED window of an interception and of a retreat (the battle opens it, with
    `movement.entered`) take #3 too; not twice in one duchy, nor at a move's declaration."""
    state = empty()
    give(state, "AdN", 3)
    assert cardplay.event_playable(state, "AdN", 3, "entered:intercept:hill:elvas>badajoz")
    assert cardplay.event_playable(state, "AdN", 3, "entered:retreat:GB:badajoz>elvas")
    assert not cardplay.event_playable(state, "AdN", 3, "move:hill:elvas>badajoz")
    state.effects.append(Effect(card=3, power="GB", target="badajoz", until="next-impulse"))
    assert not cardplay.event_playable(state, "AdN", 3, "entered:intercept:hill:elvas>badajoz")


# --- #41 Stragglers (ENTERED) ------------------------------------------------------------------


def test_41_stragglers_attrition_now_and_in_every_further_duchy_no_halt():
    """Joseph (3 infantry) enters Talavera (his own, no attrition due): #41: 4 dice now
    (3 SP + Joseph) 6,1,1,1 -> 1 SP lost; he may not halt while he can go on; the next duchy,
    Almaraz, costs 3 dice (2 SP + Joseph) for the Stragglers alone."""
    state = empty()
    put(state, "joseph", "toledo", [3, 0, 0])
    give(state, "GB", 41)
    state = act(spend(state, "AdN", 3), "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "talavera-de-la-reina")
    state = pass_window(answer(state, "GB", 41), dice=[6, 1, 1, 1])   # the entry's attrition
    assert counts(state, "talavera-de-la-reina", "AdN") == [2, 0, 0]
    assert "halt" not in [c.action.verb for c in choices(state, "AdN")]
    state = act(state, "AdN", "to", "almaraz", dice=[1, 1, 6])
    assert counts(state, "almaraz", "AdN") == [1, 0, 0]
    assert "#41 Stragglers" in state.log[-2] or any("#41 Stragglers" in x for x in state.log[-4:])


def test_41_stragglers_on_an_interceptor():
    """Clausel (1 infantry) intercepts into Salamanca (2 + 2 + 5 = 9 with his BV 2): #41
    there: 2 dice (1 SP + Clausel): 6, 1 -> his infantry is lost."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "clausel", "valladolid", [1, 0, 0])
    give(state, "GB", 41)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = pass_window(act(state, "GB", "to", "salamanca"))
        state = act(state, "AdN", "intercept", "clausel", dice=[2, 5])
        assert top(state).trigger == "entered:intercept:clausel:valladolid>salamanca"
        state = pass_window(answer(state, "GB", 41), dice=[6, 1])     # with 10.9's attrition
    assert counts(state, "salamanca", "AdN") == [0, 0, 0]
    assert state.commanders["clausel"] == "salamanca"


# --- #44 Flank March (own impulse: a free move of two duchies) ------------------------------


def test_44_flank_march_passes_an_empty_enemy_fortress_unintercepted():
    """Joseph flanks from Almaraz through Ciudad Rodrigo (a Spanish fortress, no Formation:
    passed by) into Fuentes d'Oñoro: no CP, Wellington next door at Salamanca is never asked
    to intercept, no attrition; two duchies and the march is over."""
    state = in_impulse(empty(), "AdN")
    put(state, "joseph", "almaraz", [0, 2, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "wellington", "salamanca", [2, 0, 0])
    state = play_event(state, "AdN", 44)
    state = pick(state, "AdN", "joseph")
    assert "free" in label(state, "AdN", "to", "ciudad-rodrigo")
    state = act(state, "AdN", "to", "ciudad-rodrigo")
    assert state.active == ["AdN"] and isinstance(top(state), MoveStep)   # no stop (9.52)
    assert "fuentes-d-onoro" in nouns(state, "AdN", "to")                   # 12.4 bypassed
    state = act(state, "AdN", "to", "fuentes-d-onoro")
    assert state.commanders["joseph"] == "fuentes-d-onoro"
    assert counts(state, "fuentes-d-onoro", "AdN") == [0, 2, 0]
    assert state.flags["ciudad-rodrigo"] == "Spain" and "joseph" not in state.bfi
    assert not isinstance(top(state), MoveStep)                             # two duchies


def test_44_flank_march_fights_an_enemy_formation_and_goes_on_after_an_overrun():
    """Joseph flanks from Toledo into Talavera where a Spanish infantry stands: a battle
    (the only one the march brings); after an Overrun the march goes on, else it stops."""
    state = in_impulse(empty(), "AdN")
    put(state, "joseph", "toledo", [0, 2, 0])
    troops(state, "talavera-de-la-reina", "Spain", [1, 0, 0])
    with movement.battles_by(Recorder("overrun")) as battles:
        state = pick(play_event(state, "AdN", 44), "AdN", "joseph")
        state = act(state, "AdN", "to", "talavera-de-la-reina")
        assert battles.calls == [("talavera-de-la-reina", "AdN", "joseph", "toledo", False)]
        assert isinstance(top(state), MoveStep)
    state = in_impulse(empty(), "AdN")
    put(state, "joseph", "toledo", [0, 2, 0])
    troops(state, "talavera-de-la-reina", "Spain", [1, 0, 0])
    with movement.battles_by(Recorder("bfi")):
        state = pick(play_event(state, "AdN", 44), "AdN", "joseph")
        state = act(state, "AdN", "to", "talavera-de-la-reina")
    assert not isinstance(top(state), MoveStep)                             # 9.51: stopped


def test_44_only_in_the_own_impulse():
    state = empty()
    put(state, "joseph", "almaraz", [0, 2, 0])
    give(state, "AdN", 44)
    assert not cardplay.event_playable(state, "AdN", 44)
    assert not cardplay.event_playable(state, "AdN", 44, "move:x:a>b")


# --- #109 "The Duke of Damnation" (own impulse: Soult's free move) ----------------------------


def test_109_soult_through_friendly_duchies_picking_up_not_dropping():
    """Soult (4-9) at Sevilla with 1 infantry: free through Córdoba and Jaén (AdS), picking
    up a cavalry at Córdoba; he may leave units only at Sevilla; Granada is refused while
    Ballesteros at Murcia could intercept into it; never into Spanish Cádiz."""
    state = in_impulse(empty(), "AdS")
    put(state, "soult", "sevilla", [2, 0, 0])
    troops(state, "cordoba", "AdS", [0, 1, 0])
    put(state, "ballesteros", "murcia", [1, 0, 0])
    state = play_event(state, "AdS", 109)
    assert "cadiz" not in nouns(state, "AdS", "to")
    assert "soult/inf" in nouns(state, "AdS", "leave")                     # at the start
    state = act(state, "AdS", "leave", "soult/inf")
    state = act(state, "AdS", "to", "cordoba")
    assert nouns(state, "AdS", "leave") == []
    state = act(state, "AdS", "take", "soult/cav")
    assert "granada" not in nouns(state, "AdS", "to")                      # Ballesteros
    state = act(state, "AdS", "to", "jaen")
    state = act(state, "AdS", "halt")
    assert state.commanders["soult"] == "jaen"
    assert counts(state, "jaen", "AdS") == [1, 1, 0]
    assert counts(state, "sevilla", "AdS") == [1, 0, 0]


def test_109_refused_outside_the_own_impulse_or_without_soult():
    state = in_impulse(empty(), "AdS")
    give(state, "AdS", 109)
    assert not cardplay.event_playable(state, "AdS", 109)                  # Soult unbuilt
    put(state, "soult", "sevilla", [1, 0, 0])
    assert cardplay.event_playable(state, "AdS", 109)
    assert not cardplay.event_playable(state, "AdS", 109, "move:x:a>b")


# --- REINFORCE: #40, #53 (battle cards), #108 (Response) into a battle under way ------------


def battle_at_ciudad_rodrigo(card_holder: str, card: int):
    """Joseph (2 cavalry) enters Ciudad Rodrigo (Spanish flag, a fortress: no siege here, a
    battle outside the walls) where a Spanish cavalry stands; Spain stays; the real battle
    starts and asks for battle cards (11.1)."""
    state = empty()
    put(state, "joseph", "almaraz", [0, 2, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    troops(state, "ciudad-rodrigo", "Spain", [0, 1, 0])
    give(state, card_holder, card)
    state = act(spend(state, "AdN", 1), "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "ciudad-rodrigo")
    return state


def test_40_tc_e26_no_eligible_unit_then_the_infantry_joins_with_a_1_4():
    """TC-E26: Spain considers #40 but nothing can help: the Spanish infantry at Valladolid
    has a BFI marker, Wellington (Salamanca) failed an interception, Beresford (Fuentes
    d'Oñoro) has no SP. Without the marker the infantry tries, two duchies away through
    Salamanca, under a virtual 1-4: +1 friendly, -1 from Uncontrolled Valladolid, +1 BV,
    -1 the Broken line: 4 + 5 = 9 succeeds; passing enemy Salamanca from Uncontrolled
    Valladolid costs an ambush die (9.43: 1, no loss); it fights from this round on."""
    state = empty()
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "joseph", "ciudad-rodrigo", [0, 2, 0])
    troops(state, "ciudad-rodrigo", "Spain", [0, 1, 0])
    troops(state, "valladolid", "Spain", [1, 0, 0])
    put(state, "wellington", "salamanca", [2, 0, 0])
    put(state, "beresford", "fuentes-d-onoro")
    state.bfi += ["Spain:valladolid", "wellington"]
    give(state, "Spain", 40)
    b = Battle(duchy="ciudad-rodrigo", attacker="AdN", attacking="French", defending="Allies")
    assert not battle_cards.may_declare(state, b, "Spain", 40)
    state.bfi.remove("Spain:valladolid")
    assert battle_cards.may_declare(state, b, "Spain", 40)
    state.bfi.append("Spain:valladolid")
    # the same through the real battle, the marker lifted
    state = battle_at_ciudad_rodrigo("Spain", 40)
    troops(state, "valladolid", "Spain", [1, 0, 0])
    state = act(state, "Spain", "stay")
    assert isinstance(top(state), BattleCard) and top(state).power == "Spain"
    state = act(state, "Spain", "battle-card", 40)
    assert isinstance(top(state), JoinBattleAsk)
    text = label(state, "Spain", "reinforce", "soldiers:Spain:valladolid@salamanca")
    assert "needs 9+" in text and "1-4 virtual commander" in text
    state = act(state, "Spain", "reinforce", "soldiers:Spain:valladolid@salamanca",
                dice=[4, 5, 1])
    assert counts(state, "ciudad-rodrigo", "Spain") == [1, 1, 0]
    fight = stack.find(state, Battle)
    assert fight.start_units["Allies"] == 3 and "Spain" in fight.powers["Allies"]
    assert isinstance(top(state), BattleCard)                 # back to the declarations


def test_40_a_failed_try_marks_the_soldiers():
    state = battle_at_ciudad_rodrigo("Spain", 40)
    troops(state, "valladolid", "Spain", [1, 0, 0])
    state = act(act(state, "Spain", "stay"), "Spain", "battle-card", 40)
    state = act(state, "Spain", "reinforce", "soldiers:Spain:valladolid@salamanca",
                dice=[4, 4])
    assert counts(state, "valladolid", "Spain") == [1, 0, 0]
    assert "Spain:valladolid" in state.bfi


def salamanca_battle(card_holder: str, card: int):
    """Wellington (2 infantry) attacks Marmont (1 infantry) at Salamanca from Ciudad
    Rodrigo; French leaderless soldiers wait at Ávila (a Spanish flag: Uncontrolled) across
    the Ávila-Salamanca Pass, and at Valladolid."""
    state = empty()
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "wellington", "ciudad-rodrigo", [2, 0, 0])
    put(state, "marmont", "salamanca", [1, 0, 0])
    troops(state, "avila", "AdN", [1, 0, 0])
    state.flags["avila"] = "Spain"
    troops(state, "valladolid", "AdN", [1, 0, 0])
    give(state, card_holder, card)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    state = act(state, "GB", "to", "salamanca")
    return act(state, "AdN", "stay")


def test_53_concentration_2_4_and_no_attrition_across_the_pass():
    """#53: the Ávila infantry under a virtual 2-4: -1 from an Uncontrolled duchy, +2, -1
    the Pass: 5 + 4 = 9 succeeds; the Pass would cost attrition (9.41), #53 spares it (no
    die is rolled: the script is strict)."""
    state = salamanca_battle("AdN", 53)
    state = act(state, "AdN", "battle-card", 53)
    with pytest.raises(IllegalAction):            # no way from Ávila through Madrid
        act(state, "AdN", "reinforce", "soldiers:AdN:avila@madrid")
    assert "needs 9+" in label(state, "AdN", "reinforce", "soldiers:AdN:avila@-")
    state = act(state, "AdN", "reinforce", "soldiers:AdN:avila@-", dice=[5, 4])
    assert counts(state, "salamanca", "AdN") == [2, 0, 0]
    assert isinstance(top(state), JoinBattleAsk)             # Valladolid may still try
    state = act(state, "AdN", "reinforce-done")
    assert isinstance(top(state), BattleCard)


def test_40_the_pass_costs_attrition_without_53():
    """The same try with #40 (a 1-4): 9.41 attrition across the Pass (1 die: 1 SP)."""
    state = salamanca_battle("AdN", 40)
    state = act(state, "AdN", "battle-card", 40)
    assert "needs 10+" in label(state, "AdN", "reinforce", "soldiers:AdN:avila@-")
    state = act(state, "AdN", "reinforce", "soldiers:AdN:avila@-", dice=[5, 5, 6])
    assert counts(state, "salamanca", "AdN") == [1, 0, 0]      # lost to the Pass


def test_108_french_soldiers_2_4_before_the_dice_allied_soldiers_not():
    """#108 at the battle's before-dice window: French leaderless soldiers under a 2-4 (the
    Valladolid infantry: +2, open line into Uncontrolled Salamanca: 4 + 3 = 9); Spanish
    leaderless soldiers get no virtual commander, so GB cannot use it for them."""
    state = salamanca_battle("AdN", 108)
    assert top(state).trigger == battle_cards.BEFORE_DICE
    state = answer(state, "AdN", 108)
    assert "needs 7+" in label(state, "AdN", "reinforce", "soldiers:AdN:valladolid@-")
    state = act(state, "AdN", "reinforce", "soldiers:AdN:valladolid@-", dice=[4, 3])
    assert counts(state, "salamanca", "AdN") == [2, 0, 0]
    allied = empty()
    troops(allied, "almaraz", "Spain", [2, 0, 0])
    probe = interception.JoinBattle(power="GB", card=108, duchy="ciudad-rodrigo",
                                    virtual="2-4", french_only_virtual=True)
    assert interception.reinforce_options(allied, probe) == []


def test_two_duchy_paths_never_across_a_river_nor_through_an_enemy():
    """10.3: no line of a two-duchy interception may be a River; no passing through an
    enemy Formation or fortress."""
    state = empty()
    assert interception.paths(state, "valladolid", "ciudad-rodrigo", "Spain") == ["salamanca"]
    assert interception.paths(state, "zamora", "ciudad-rodrigo", "Spain") == []
    troops(state, "salamanca", "AdN", [1, 0, 0])
    assert interception.paths(state, "valladolid", "ciudad-rodrigo", "Spain") == []


# --- #16 Sortie / Siege Lifted (the siege's window before round 1) ---------------------------


def siege_of_ciudad_rodrigo():
    """Joseph (1 infantry, 2 cavalry) besieges Spanish Ciudad Rodrigo in AdN's impulse;
    Spain holds #16; De España (1 infantry) at Fuentes d'Oñoro."""
    from core.wellington import siege
    state = in_impulse(empty(), "AdN")
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "joseph", "ciudad-rodrigo", [1, 2, 0])
    put(state, "de-espana", "fuentes-d-onoro", [1, 0, 0])
    give(state, "Spain", 16)
    siege.start(state, "ciudad-rodrigo", "AdN", "joseph")
    from tests.support.wellington_movement import run
    return run(state)


def test_16_sortie_the_besieger_loses_3_dice_in_round_1():
    from core.wellington import siege
    state = siege_of_ciudad_rodrigo()
    state = pick(answer(state, "Spain", 16), "Spain", "sortie")
    frame = stack.find(state, siege.Siege)
    assert (siege.BESIEGER, 1, -3, "#16 Sortie") in frame.extra_dice


def test_16_relief_de_espana_intercepts_the_battle_then_the_siege_is_lifted():
    """Relief: De España from Fuentes d'Oñoro (+1 friendly Ciudad Rodrigo, +1 BV: 3 + 4 = 9)
    enters and attacks the besiegers; the battle (recorded) leaves Joseph a BFI marker, so
    the siege goes no further: no siege die is rolled."""
    from core.wellington import siege
    state = siege_of_ciudad_rodrigo()
    with movement.battles_by(Recorder("bfi")) as battles:
        state = pick(answer(state, "Spain", 16), "Spain", "relief")
        assert "needs 7+" in label(state, "Spain", "reinforce", "de-espana@-")
        state = act(state, "Spain", "reinforce", "de-espana@-", dice=[3, 4])
        state = pass_window(state)
    assert battles.calls == [("ciudad-rodrigo", "Spain", "de-espana", "fuentes-d-onoro",
                              False)]
    assert stack.find(state, siege.Siege) is None
    assert any("lifted" in line for line in state.log)


def test_16_only_before_the_first_siege_round():
    from core.wellington import siege
    state = siege_of_ciudad_rodrigo()
    frame = stack.find(state, siege.Siege)
    frame.round = 2
    assert not cardplay.event_playable(state, "Spain", 16, siege.BEFORE_DICE)
    assert not cardplay.event_playable(state, "Spain", 16, battle_cards.BEFORE_DICE)


# --- the registered set, saves ---------------------------------------------------------------


def test_the_seam_cards_are_registered():
    assert {3, 16, 33, 41, 44, 45, 51, 67, 95, 108, 109} <= set(cardplay.EVENTS)
    assert {40, 53} <= set(battle_cards.BATTLE_EVENTS)


def test_a_game_saved_at_a_reinforcement_question_loads_at_the_same_question():
    import msgspec
    from core.wellington.state import WellingtonState
    state = salamanca_battle("AdN", 53)
    state = act(state, "AdN", "battle-card", 53)
    assert isinstance(top(state), JoinBattleAsk)
    loaded = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    assert [c.action for c in choices(loaded, "AdN")] == [c.action for c in
                                                          choices(state, "AdN")]


# --- #81 Thunder & Lightning (the held Overrun, read by movement and interception) -----------


def held_by_the_storm(state):
    state.effects.append(Effect(card=81, power="AdN", target="clausel", until="next-impulse",
                                started=state.impulses))


@pytest.mark.parametrize("storm", [False, True])
def test_81_an_army_held_by_the_storm_neither_moves_nor_intercepts(storm):
    """#81: an Army that made an Overrun under Thunder & Lightning may not move, evade or
    intercept out of its duchy until its next impulse (the Effect its Overrun left)."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    put(state, "clausel", "valladolid", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    if storm:
        held_by_the_storm(state)
    assert ("clausel" in movement.movable_commanders(state, "AdN")) is not storm
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        assert ("clausel" in nouns(state, "AdN", "intercept")) is not storm


@pytest.mark.parametrize("storm", [False, True])
def test_81_an_army_held_by_the_storm_does_not_evade(storm):
    state = empty()
    put(state, "wellington", "salamanca", [2, 0, 0])
    put(state, "clausel", "valladolid", [0, 1, 0])
    state.flags["salamanca"] = "GB"
    if storm:
        held_by_the_storm(state)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = pass_window(act(state, "GB", "to", "valladolid"))
        assert bool(nouns(state, "AdN", "evade")) is not storm


# --- #95 The Rifle Brigade (TRY of a move, interception or evasion; battle: siege seams) ---------


def test_95_a_french_move_next_to_the_british_checks_attrition_losses_to_the_regroup_box():
    """Marmont (2 cavalry SP) declares a step from Valladolid to Saldaña with Wellington next
    door at Salamanca: GB plays #95: 3 dice (2 SP + Marmont) [6, 2, 2]: 1 SP lost, to the
    Regroup Box (the cavalry changed, 1.5); Marmont goes on with the infantry left."""
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    put(state, "wellington", "salamanca", [1, 0, 0])
    give(state, "GB", 95)
    state = act(spend(state, "AdN", 1), "AdN", "move", "marmont")
    state = act(state, "AdN", "to", "saldana")
    assert 95 in [c.action.noun for c in choices(state, "GB") if c.action.verb == "respond"]
    state = pass_window(answer(state, "GB", 95, dice=[6, 2, 2]))
    assert counts(state, "regroup", "AdN") == [1, 0, 0]
    assert state.commanders["marmont"] == "saldana"
    assert counts(state, "saldana", "AdN") == [1, 0, 0]
    assert counts(state, "valladolid", "AdN") == [0, 0, 0]


def test_95_an_interception_lapses_when_the_attrition_takes_its_commander():
    """Wellington enters Salamanca; Clausel (1 infantry) announces an interception from
    Valladolid, next to him: #95 (Spain may not: a British national card), 2 dice [6, 6]:
    the infantry and then Clausel go to the Regroup Box; the unrolled attempt lapses."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    put(state, "clausel", "valladolid", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    give(state, "GB", 95)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "salamanca")
        state = act(state, "AdN", "intercept", "clausel")
        state = pass_window(answer(state, "GB", 95, dice=[6, 6]))
    assert state.commanders["clausel"] == REGROUP
    assert counts(state, "regroup", "AdN") == [1, 0, 0]
    assert battles.calls == []


def test_95_an_evasion_struck_then_rolled_with_what_is_left():
    """Wellington enters Valladolid; Marmont (2 cavalry SP) announces an evasion to León:
    #95's 3 dice [1, 1, 1] take nothing; the evasion is rolled as usual."""
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    put(state, "wellington", "salamanca", [2, 0, 0])
    state.flags["salamanca"] = "GB"
    give(state, "GB", 95)
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "valladolid")
        state = act(state, "AdN", "evade", "army>leon")
        state = answer(state, "GB", 95, dice=[1, 1, 1])
        assert counts(state, "valladolid", "AdN") == [0, 1, 0]
        assert "#95 The Rifle Brigade: the French Formation at Valladolid loses 0 unit(s)" \
            in "\n".join(state.log)


def test_95_refused_with_no_british_formation_near_and_for_an_allied_formation():
    """Joseph moving into Ciudad Rodrigo next to the Spaniards only: no British Formation
    with or next to him, GB is never asked; a British move is not a French Formation's; and
    no play outside those moments."""
    state = joseph_into_ciudad_rodrigo()
    give(state, "GB", 95)
    with movement.battles_by(Recorder()):
        state = act(state, "AdN", "to", "ciudad-rodrigo")
    assert not (isinstance(top(state), ResponseWindow) and top(state).asked[0] == "GB")
    assert 95 in hands.hand(state, "GB")
    other = empty()
    put(other, "wellington", "ciudad-rodrigo", [1, 0, 0])
    put(other, "marmont", "valladolid", [1, 0, 0])
    other.flags["ciudad-rodrigo"] = "Spain"
    give(other, "GB", 95)
    other = act(spend(other, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        other = act(other, "GB", "to", "salamanca")
    assert not (isinstance(top(other), ResponseWindow) and top(other).asked[0] == "GB")
    assert not cardplay.event_playable(other, "GB", 95, "")


@pytest.mark.parametrize("storm", [False, True])
def test_81_after_a_field_battle_the_power_that_overran_stays_in_the_duchy(storm):
    """#81 after a field battle leaves its Effect on the duchy for the Power that overran: its
    Armies and leaderless soldiers there neither move nor intercept until its next impulse."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    put(state, "clausel", "valladolid", [1, 0, 0])
    troops(state, "zamora", "AdN", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    if storm:
        for duchy in ("valladolid", "zamora"):
            state.effects.append(Effect(card=81, power="AdN", target=duchy,
                                        until="next-impulse", started=state.impulses))
    assert ("clausel" in movement.movable_commanders(state, "AdN")) is not storm
    assert bool(movement.leaderless_kinds(state, "zamora", "AdN")) is not storm
    assert bool(interception.paths(state, "valladolid", "salamanca", "AdN")) is not storm
