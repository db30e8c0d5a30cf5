"""Wellington 10.1 and 10.10 for the placements events make (events/common.py
`offer_interception`, `place_sp_then`; the seam placement.intercept_placement): the inactive
side may intercept into the duchy where the active side's event has placed SP or a flag with
no Formation. The numbers are the seed's: 10.4's 9 or more on 2d6 with the interceptor's BV,
+1 into a friendly duchy, -1 from an enemy-flagged or Uncontrolled duchy, -1 across a Pass,
the control as it stood before the placement (G.18); battle dice per SP (11.2, 11.3)."""
from __future__ import annotations

import msgspec
import pytest

from core import stack
from core.dice import scripted
from core.engine import Action, Header, IllegalAction, Match
from core.wellington import building, cardplay, flow
from core.wellington import flags as geo
from core.wellington.events import common
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import (Impulse, PlacementIntercept, PlacementInterceptAsk,
                                            ResponseWindow)
from core.wellington.rules import RULES
from core.wellington.state import ADN, ADS, GB, REGROUP, SPAIN, WellingtonState
from saves import load_match, save_match
from tests.support.wellington_battle import CALLER, Caller, board, give, place

FLOW: stack.Flow = {**flow.FLOW, **common.FLOW, Caller: CALLER}
ALL_ONES = [1] * 80    # battle dice that hit nobody: a tie after two rounds (11.52)


# --- helpers -------------------------------------------------------------------------------


MENU_DONE = 2          # the Impulse's step after its card play (placement.py's tests)


def game(active: str, saveable: bool = False) -> WellingtonState:
    """`saveable`: no test Caller on the stack (a save holds the game's own frames only):
    the active Power's impulse after its card play."""
    state = board(active)
    state.resources = {p: 0 for p in (GB, ADS, SPAIN, ADN)}
    if saveable:
        state.stack = [Impulse(power=active, kind="scheduled", step=MENU_DONE, played=True)]
    return state


def act(state: WellingtonState, role: str, verb: str, noun: object = None) -> WellingtonState:
    return stack.act(state, FLOW, role, Action(verb, noun), settle=flow.settle)


def play(state: WellingtonState, power: str, number: int, trigger: str = "") -> WellingtonState:
    """`power` plays `number` as its event; Response windows are declined."""
    give(state, power, number)
    assert cardplay.event_playable(state, power, number, trigger)
    cardplay.play_event(state, power, number, trigger)
    stack.run(state, FLOW, flow.settle)
    return decline(state)


def decline(state: WellingtonState) -> WellingtonState:
    while isinstance(stack.top(state), ResponseWindow):
        state = act(state, stack.top(state).asked[0], "no-response")
    return state


def choose(state: WellingtonState, power: str, noun: str) -> WellingtonState:
    return decline(act(state, power, "event-choice", noun))


def asked_to_intercept(state: WellingtonState, power: str) -> dict[str, str]:
    """The interception question is on top, asked of `power`: its choices' labels."""
    assert isinstance(stack.top(state), PlacementInterceptAsk) and state.active == [power]
    return {str(c.action.noun): c.label for c in stack.choices(state, FLOW, power)}


def no_question(state: WellingtonState) -> bool:
    return not any(isinstance(f, (PlacementIntercept, PlacementInterceptAsk))
                   for f in state.stack)


def finish(state: WellingtonState, faces: list[int]) -> WellingtonState:
    """Every remaining question answered with its last choice, up to the test's Caller."""
    with scripted(faces):
        while state.active and not isinstance(stack.top(state), Caller):
            role = state.active[0]
            last = stack.choices(state, FLOW, role)[-1].action
            state = stack.act(state, FLOW, role, last, settle=flow.settle)
    return state


def saved_and_loaded(state: WellingtonState, tmp_path) -> WellingtonState:
    header = Header(game="wellington", rules_version=RULES.version, scenario="1812",
                    options={}, seed=1)
    return load_match(save_match(Match(RULES, header, state), tmp_path / "s.json")).state


# --- a Formation placed, the seam's battle (#20 #47 #63 #78 #86 #101 #105: PLACED) ---------------


def subsidies_at_lisbon(gb_there: bool = False, saveable: bool = False) -> WellingtonState:
    """GB's impulse: #63 British Subsidies, GB's 4 SP at Lisbon; Soult (BV 4) and 2 AdS
    infantry at Coimbra, next to Lisbon; Santander is a Spanish-playable port."""
    state = game(GB, saveable)
    state.flags.update({"lisbon": GB, "santander": GB})
    place(state, "coimbra", ADS, infantry=2, commanders=("soult",), lead=True)
    if gb_there:
        place(state, "lisbon", GB, infantry=1, commanders=("hill",), lead=True)
    state = play(state, GB, 63)
    return choose(state, GB, "lisbon")


def test_10_1_63_the_placed_sp_may_be_intercepted_before_the_card_goes_on():
    state = subsidies_at_lisbon()
    assert building.sp(state, "lisbon", GB) == 4
    labels = asked_to_intercept(state, ADS)
    # 10.4: 9 - 4 (Soult's BV) + 1 (-1: from Coimbra, a British-flagged duchy) = 6+
    assert "needs 6+" in labels["soult"]
    assert any(c.action.verb == "no-intercept" for c in stack.choices(state, FLOW, ADS))
    assert building.sp(state, "santander", SPAIN) == 0              # Spain's part waits


def test_10_1_63_a_successful_interception_the_4_sp_attack_and_go_to_the_regroup_box():
    state = subsidies_at_lisbon()
    with scripted([3, 3] + ALL_ONES):                  # 6 + 4 - 1 = 9: success (10.4)
        state = act(state, ADS, "intercept", "soult")
    state = finish(state, ALL_ONES) if not isinstance(stack.top(state), EventChoice) \
        else state
    assert state.commanders["soult"] == "lisbon"
    # P2: the placed Formation attacks; a tie after round 2 sends it back to nowhere (11.62)
    assert any("Battle at Lisbon: GB attacks (the defenders intercepted)" in line
               for line in state.log)
    assert building.counters(state, REGROUP, GB) == [4, 0, 0]
    assert building.sp(state, "lisbon", ADS) == 2
    # then the card goes on: Spain's 4 SP, then a card each
    ask = stack.top(state)
    assert isinstance(ask, EventChoice) and ask.power == SPAIN
    state = choose(state, SPAIN, "santander")
    assert building.sp(state, "santander", SPAIN) == 4
    assert len(state.piles.hands[GB]) == 1 and len(state.piles.hands[SPAIN]) == 1


def test_10_1_63_a_failed_interception_marks_soult_the_sp_stay():
    state = subsidies_at_lisbon()
    with scripted([2, 3], strict=True):                # 5 + 3 = 8: failure (10.4)
        state = act(state, ADS, "intercept", "soult")
    assert state.commanders["soult"] == "coimbra" and "soult" in state.bfi
    assert building.sp(state, "lisbon", GB) == 4
    assert isinstance(stack.top(state), EventChoice) and stack.top(state).power == SPAIN


def test_10_1_63_no_question_where_gb_already_stands_p3():
    state = subsidies_at_lisbon(gb_there=True)
    assert no_question(state)
    assert isinstance(stack.top(state), EventChoice) and stack.top(state).power == SPAIN


def test_10_1_63_a_save_taken_at_the_question_continues(tmp_path):
    state = subsidies_at_lisbon(saveable=True)
    loaded = saved_and_loaded(state, tmp_path)
    assert asked_to_intercept(loaded, ADS) == asked_to_intercept(state, ADS)
    loaded = act(loaded, ADS, "no-intercept")
    assert no_question(loaded)
    assert isinstance(stack.top(loaded), EventChoice) and stack.top(loaded).power == SPAIN
    assert building.sp(loaded, "lisbon", GB) == 4


def test_10_1_refused_interception_leaves_the_state_untouched():
    state = subsidies_at_lisbon()
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction):
        act(state, ADS, "intercept", "suchet")
    with pytest.raises(IllegalAction):
        act(state, GB, "no-intercept")
    assert msgspec.msgpack.encode(state) == before


def test_10_1_20_each_duchy_asked_right_after_its_own_placement():
    """#20: 1 SP in each French-controlled French National duchy; Hill (BV 3) and 1 British
    infantry at Jaca, across a Pass from Pau: 9 - 3 + 1 (Pass) = 7+ (Jaca is Spanish, a
    friendly flag for GB: no -1; Pau is AdN's: no +1). A Spanish infantry at Pamplona, next to
    Bayonne (a French Key duchy), lets #20 be played; alone it may not intercept (10.3)."""
    state = game(ADN)
    place(state, "jaca", GB, infantry=1, commanders=("hill",), lead=True)
    place(state, "pamplona", SPAIN, infantry=1)
    sites = [d for d in geo.duchies() if geo.national_power(d) in (ADS, ADN)]
    state = play(state, ADN, 20)
    labels = asked_to_intercept(state, GB)
    assert "needs 7+" in labels["hill"]
    frame = next(f for f in state.stack if isinstance(f, PlacementIntercept))
    assert frame.duchy == "pau" and frame.power == ADN
    later = sites[sites.index("pau") + 1:]
    assert building.sp(state, "pau", ADN) == 1
    assert all(building.sp(state, d, geo.national_power(d)) == 0 for d in later)
    assert state.resources[ADS] == 0                  # the Resources come once all is placed
    state = act(state, GB, "no-intercept")
    assert no_question(state)
    assert all(building.sp(state, d, geo.national_power(d)) == 1 for d in sites)
    assert state.resources[ADS] == 1 and state.resources[ADN] == 1


def test_10_1_no_interception_of_an_event_placement_by_the_inactive_side_p5():
    """#78 Reversal of Fortune played by GB as a Response in the Armée du Sud's impulse:
    its 4 SP at Lisbon are not intercepted (P5: only the active side's placements)."""
    state = game(ADS)
    state.flags["lisbon"] = GB
    place(state, "coimbra", ADS, infantry=2, commanders=("soult",), lead=True)
    state = play(state, GB, 78, "cp-card:10")
    state = choose(state, GB, "lisbon")
    assert building.sp(state, "lisbon", GB) == 4
    assert no_question(state)


def test_10_1_12_73_sp_joining_a_formation_in_battle_are_not_intercepted_p3():
    """#73 Conscripts (and #12 Rush to the Rescue, the same call): the SP join the friendly
    commander's Formation in its battle; Soult's Army next door may not intercept (P3)."""
    from core.wellington.battle import cards as battle_cards
    from core.wellington.frames.battle import Battle
    state = game(SPAIN)
    place(state, "zamora", SPAIN, infantry=3, commanders=("castanos",))
    place(state, "zamora", ADN, infantry=3)
    place(state, "valladolid", ADS, infantry=2, commanders=("soult",), lead=True)
    battle = Battle(duchy="zamora", attacker=SPAIN, active=SPAIN, attacking="Allies",
                    defending="French", round=1)
    state.stack.append(battle)
    battle.start_units = {"Allies": 4, "French": 3}
    give(state, SPAIN, 73)
    battle_cards.resolve(state, battle, SPAIN, 73)
    assert building.sp(state, "zamora", SPAIN) == 5
    assert no_question(state)


# --- SP that attack in their event's own battle (#35 #62 #90: ATTACKS) ---------------------------


def levy_at_avila(active: str = GB, saveable: bool = False) -> WellingtonState:
    """#90 The Spanish Levy (a Response) at Avila, empty and AdN's; Marmont (BV 2) and 1 AdN
    cavalry at Salamanca, across a Pass: 9 - 2 - 1 (into Avila, friendly before the levy,
    G.18; Uncontrolled once the SP stand there, 3.1) + 1 (the Pass) = 7+."""
    state = game(active, saveable)
    place(state, "salamanca", ADN, cavalry=1, commanders=("marmont",), lead=True)
    state = play(state, SPAIN, 90, "cp-card:10")
    return choose(state, SPAIN, f"{SPAIN}|avila")


def test_10_1_90_the_levy_may_be_intercepted_then_it_attacks_the_interceptor():
    state = levy_at_avila()
    labels = asked_to_intercept(state, ADN)
    assert "needs 7+" in labels["marmont"]
    assert "they attack every enemy Formation" in stack.prompt(state, FLOW)
    with scripted([3, 4], strict=True):                # 7 + 2 + 1 - 1 = 9: success
        state = act(state, ADN, "intercept", "marmont")
    assert state.commanders["marmont"] == "avila"
    assert not any(line.startswith("Battle at Avila") for line in state.log)   # not the seam's
    # the levy's own sequence: the French there may evade (P4), then its battle
    ask = stack.top(state)
    assert isinstance(ask, EventChoice) and ask.power == ADN and ask.step == "evade"
    state = finish(state, ALL_ONES)
    levy = [line for line in state.log if "#90 The Spanish Levy" in line and "dice" in line]
    assert levy and "roll 4 dice" in levy[0]           # 2 SP + the levy's 2 dice (G.32)


def test_10_1_90_declined_nothing_there_the_spanish_flag():
    state = levy_at_avila()
    state = act(state, ADN, "no-intercept")
    assert no_question(state)
    assert state.flags["avila"] == SPAIN and building.sp(state, "avila", SPAIN) == 2


def test_10_1_90_in_a_french_impulse_no_interception_p5():
    state = levy_at_avila(active=ADN)
    assert no_question(state)
    assert state.flags["avila"] == SPAIN


def test_10_1_90_a_save_taken_at_the_question_continues(tmp_path):
    state = levy_at_avila(saveable=True)
    loaded = saved_and_loaded(state, tmp_path)
    assert asked_to_intercept(loaded, ADN) == asked_to_intercept(state, ADN)
    with scripted([3, 4], strict=True):
        loaded = act(loaded, ADN, "intercept", "marmont")
    assert loaded.commanders["marmont"] == "avila"
    assert isinstance(stack.top(loaded), EventChoice) and stack.top(loaded).step == "evade"


# --- #69 Descent from the Sea: the SP and the flag, then the question ----------------------------


def descent_at_santander() -> WellingtonState:
    """GB lands 1 SP and a flag at Santander, AdN's before; Marmont (BV 2) at Burgos across a
    Pass: 9 - 2 - 1 (into Santander, AdN's before the landing, G.18) + 1 (the Pass) = 7+."""
    state = game(GB)
    place(state, "burgos", ADN, infantry=2, commanders=("marmont",), lead=True)
    state = play(state, GB, 69)
    return choose(state, GB, "santander")


def test_10_1_69_asked_once_the_sp_and_the_flag_are_placed_control_before_the_flag():
    state = descent_at_santander()
    assert state.flags["santander"] == GB and building.sp(state, "santander", GB) == 1
    assert "needs 7+" in asked_to_intercept(state, ADN)["marmont"]


def test_10_1_69_a_successful_interception_the_landed_sp_attacks():
    state = descent_at_santander()
    with scripted([3, 4] + ALL_ONES):                  # 7 + 2 + 1 - 1 = 9
        state = act(state, ADN, "intercept", "marmont")
    state = finish(state, ALL_ONES)
    assert state.commanders["marmont"] == "santander"
    assert any("Battle at Santander: GB attacks (the defenders intercepted)" in line
               for line in state.log)
    assert building.counters(state, REGROUP, GB) == [1, 0, 0]       # P2, 11.62


# --- 10.10: a flag with no Formation (#92 Guerrilla Attacks, #56 Cavalry Raid) -------------------


def guerrilla_at_avila(active: str = GB, saveable: bool = False) -> WellingtonState:
    """#92 in an Allied impulse: Avila (AdN's, empty) rolls 4: the Spanish flag; Marmont (BV 2)
    at Salamanca: 9 - 2 - 1 (into Avila, AdN's before the flag, G.18) + 1 (the Pass) = 7+."""
    state = game(active, saveable)
    place(state, "salamanca", ADN, cavalry=1, commanders=("marmont",), lead=True)
    state = play(state, SPAIN, 92, "cp-card:10")
    state = choose(state, SPAIN, "avila")
    with scripted([4], strict=True):
        return choose(state, SPAIN, common.DECLINE)


def test_10_10_92_an_intercepted_guerrilla_flag_is_removed():
    state = guerrilla_at_avila()
    assert state.flags["avila"] == SPAIN
    labels = asked_to_intercept(state, ADN)
    assert "needs 7+" in labels["marmont"] and "10.10" in stack.prompt(state, FLOW)
    with scripted([3, 4], strict=True):                # 7 + 2 + 1 - 1 = 9
        state = act(state, ADN, "intercept", "marmont")
    assert state.commanders["marmont"] == "avila"
    assert state.flags.get("avila") != SPAIN
    assert any("10.10" in line for line in state.log)


def test_10_10_92_a_failed_interception_leaves_the_flag():
    state = guerrilla_at_avila()
    with scripted([3, 3], strict=True):                # 6 + 2 + 1 - 1 = 8: failure
        state = act(state, ADN, "intercept", "marmont")
    assert state.flags["avila"] == SPAIN and state.commanders["marmont"] == "salamanca"
    assert "marmont" in state.bfi


def test_10_10_92_in_a_french_impulse_no_interception_p5():
    state = guerrilla_at_avila(active=ADN)
    assert state.flags["avila"] == SPAIN and no_question(state)


def test_10_10_92_a_save_taken_at_the_question_continues(tmp_path):
    state = guerrilla_at_avila(saveable=True)
    loaded = saved_and_loaded(state, tmp_path)
    loaded = act(loaded, ADN, "no-intercept")
    assert no_question(loaded) and loaded.flags["avila"] == SPAIN


def test_10_10_no_question_for_a_flag_beside_a_formation_of_the_side():
    """10.10 is for a flag with no Formation: #69's flag beside its landed SP is 10.1's."""
    state = game(GB)
    place(state, "burgos", ADN, infantry=2, commanders=("marmont",), lead=True)
    place(state, "santander", GB, infantry=1)
    state.flags["santander"] = GB
    common.offer_interception(state, "santander", GB, before=ADN, flag=True)
    assert no_question(state)


def test_p5_no_interception_outside_an_impulse():
    state = game(GB)
    state.stack = [f for f in state.stack if not isinstance(f, Impulse)]
    place(state, "burgos", ADN, infantry=2, commanders=("marmont",), lead=True)
    state.flags["santander"] = GB
    common.offer_interception(state, "santander", GB, before=ADN, flag=True)
    assert no_question(state)


def test_10_10_56_the_raiders_flag_may_be_intercepted_and_is_removed():
    """#56 played by the Armée du Sud in its impulse: Soult's Army at Sevilla raids Huelva (a
    British flag: a 6 removes it, G.38; Huelva reverts to Spain and the raider's flag replaces
    it) and Córdoba; Wellington (BV 5) at Llerena: 9 - 5 - 1 (into Huelva, Allied before the
    raid, G.18) + 1 (a Broken line) = 4+; 2 + 2 + 5 + 1 - 1 = 9: he is in, the flag goes."""
    state = game(ADS)
    place(state, "sevilla", ADS, infantry=2, commanders=("soult",), lead=True)
    place(state, "llerena", GB, infantry=2, commanders=("wellington",), lead=True)
    state.flags["huelva"] = GB
    state = play(state, ADS, 56, "cp-card:10")
    state = choose(state, ADS, "sevilla")
    state = choose(state, ADS, "huelva")
    with scripted([6], strict=True):
        state = choose(state, ADS, "cordoba")
    assert state.flags["huelva"] == ADS
    assert "needs 4+" in asked_to_intercept(state, GB)["wellington"]
    with scripted([2, 2], strict=True):
        state = act(state, GB, "intercept", "wellington")
    assert state.commanders["wellington"] == "huelva"
    assert state.flags.get("huelva") != ADS


def test_10_1_47_after_5_11s_eliminations_the_question_follows_the_placement():
    """#47 Call Up the Next Class, 5.11's example: GB has 3 infantry unbuilt for 4 SP at
    Lisbon: it eliminates 1 SP at Porto first, then the 4 SP are placed, then Soult (BV 4)
    at Coimbra (British: -1) may intercept: 9 - 4 + 1 = 6+ (P3: only the 4 SP placed)."""
    state = game(GB)
    place(state, "porto", GB, infantry=1)
    free = building.unbuilt(state, GB)
    place(state, REGROUP, GB, infantry=free[0] - 3, cavalry=free[1], artillery=free[2])
    place(state, "coimbra", ADS, infantry=2, commanders=("soult",), lead=True)
    state = play(state, GB, 47)
    state = choose(state, GB, "lisbon")
    ask = stack.top(state)
    assert isinstance(ask, EventChoice) and ask.step == common.EXCHANGE
    assert no_question(state) and building.sp(state, "lisbon", GB) == 0
    state = choose(state, GB, "porto")
    assert building.sp(state, "lisbon", GB) == 4 and building.sp(state, "porto", GB) == 0
    assert "needs 6+" in asked_to_intercept(state, ADS)["soult"]


def test_10_1_35_juramentados_sp_attacks_the_interceptor_no_flag_while_french_stand():
    """#35 (a Response) in GB's impulse at Ávila, empty and AdN's: 1 Spanish SP placed;
    Marmont (BV 2) at Salamanca: 7+ as for #90; he comes in (7 + 2 + 1 - 1 = 9); the SP
    attack him in #35's own battle; a tie after two rounds sends it to the Regroup Box and
    the French stand there: no Spanish flag."""
    state = game(GB)
    place(state, "salamanca", ADN, cavalry=1, commanders=("marmont",), lead=True)
    state = play(state, SPAIN, 35, "cp-card:10")
    state = choose(state, SPAIN, "avila")
    assert "needs 7+" in asked_to_intercept(state, ADN)["marmont"]
    with scripted([3, 4] + ALL_ONES):
        state = act(state, ADN, "intercept", "marmont")
    state = finish(state, ALL_ONES)
    assert state.commanders["marmont"] == "avila"
    assert sum(1 for line in state.log if "Spain attacks" in line) == 1   # #35's battle only
    assert building.counters(state, REGROUP, SPAIN)[0] + building.counters(
        state, REGROUP, SPAIN)[1] == 1
    assert state.flags.get("avila") != SPAIN
