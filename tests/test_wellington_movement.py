"""Wellington movement (9) with the seed's numbers: the rule-book examples (TC-01, TC-10,
TC-11, TC-20) and the tutorial's moves (TC-E07, TC-E10, TC-E23), each rule by number.
Refusals raise IllegalAction and leave the state untouched."""
from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.wellington import movement
from core.wellington.frames.movement import Move, NameCommander
from core.wellington.state import UNBUILT
from tests.support.wellington_movement import (Recorder, act, counts, empty, label,
                                               nouns, put, snapshot, spend, start, top, troops)


def cp_left(state) -> int:
    from core.wellington.frames.cardplay import CommandPoints
    frame = next(f for f in reversed(state.stack) if isinstance(f, CommandPoints))
    return frame.left


# --- 9.1, 1.61: what moves and what it costs ---------------------------------------------------


def test_tc01_army_capacity_1_61():
    """TC-01: Wellington (CV 9) takes at most 9 SP and commanders; never Spanish units."""
    state = empty()
    put(state, "wellington", "lisbon", [10, 0, 0])
    put(state, "hill", "lisbon", lead=False)
    put(state, "de-espana", "lisbon", [1, 0, 0], lead=False)
    state = act(spend(state, "GB", 3), "GB", "move", "wellington")
    army = state.stack[-2].armies[0]
    assert army.troops == [9, 0, 0]                      # {Wellington + 9 SP}
    assert "wellington/inf" not in nouns(state, "GB", "take")   # not 10 SP
    assert "wellington/de-espana" not in nouns(state, "GB", "take")   # 1.61: Spanish
    assert "wellington/hill" not in nouns(state, "GB", "take")        # full
    state = act(state, "GB", "leave", "wellington/inf")
    state = act(state, "GB", "take", "wellington/hill")  # {Wellington + Hill + 8 SP}
    assert state.stack[-2].armies[0].staff == ["hill"]
    assert "wellington/inf" not in nouns(state, "GB", "take")


def test_tc10_army_group_same_power_costs_one_cp_per_army_9_63():
    """TC-10: Wellington and Hill move 13 SP as an Army Group: 2 CP per duchy; or Wellington
    takes 8 SP and Hill as a staff officer: 1 CP per duchy."""
    state = empty()
    put(state, "wellington", "lisbon", [13, 0, 0])
    put(state, "hill", "lisbon", lead=False)
    state = spend(state, "GB", 4)
    assert "Army Group" in label(state, "GB", "move-group", "lisbon")
    group = act(state, "GB", "move-group", "lisbon")
    armies = group.stack[-2].armies
    assert [a.commander for a in armies] == ["wellington", "hill"]
    assert sum(movement.army_sp(a) for a in armies) == 13
    group = act(group, "GB", "to", "coimbra")
    assert cp_left(group) == 2
    assert counts(group, "coimbra", "GB") == [13, 0, 0]
    one = act(state, "GB", "move", "wellington")
    one = act(one, "GB", "leave", "wellington/inf")
    one = act(one, "GB", "take", "wellington/hill")
    one = act(one, "GB", "to", "coimbra")
    assert cp_left(one) == 3
    assert counts(one, "coimbra", "GB") == [8, 0, 0] and counts(one, "lisbon", "GB") == [5, 0, 0]
    assert one.commanders["hill"] == "coimbra"


def test_tc11_two_power_army_group_9_63():
    """TC-11: Wellington and De España with 13 SP: 2 CP per duchy; De España is never a staff
    officer of Wellington's Army (1.61)."""
    state = empty()
    put(state, "wellington", "lisbon", [9, 0, 0])
    put(state, "de-espana", "lisbon", [4, 0, 0], lead=False)
    state = spend(state, "GB", 2)
    state = act(state, "GB", "move", "wellington")
    assert "wellington/de-espana" not in nouns(state, "GB", "take")
    state = act(state, "GB", "halt")
    state = act(state, "GB", "move-group", "lisbon")
    state = act(state, "GB", "to", "coimbra")
    assert top(state) is None                            # 2 CP spent: the card is used up
    assert counts(state, "coimbra", "GB") == [9, 0, 0]
    assert counts(state, "coimbra", "Spain") == [4, 0, 0]
    assert state.commanders["de-espana"] == "coimbra"


def test_9_63_army_group_needs_cp_for_every_army():
    state = empty()
    put(state, "wellington", "lisbon", [9, 0, 0])
    put(state, "de-espana", "lisbon", [4, 0, 0], lead=False)
    state = spend(state, "GB", 1)
    assert "lisbon" not in nouns(state, "GB", "move-group")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, "GB", "move-group", "lisbon")
    assert snapshot(state) == before


def test_9_1_spain_moves_only_its_own_commanders():
    state = empty()
    put(state, "wellington", "lisbon", [9, 0, 0])
    put(state, "de-espana", "lisbon", [4, 0, 0], lead=False)
    state = spend(state, "Spain", 2)
    assert nouns(state, "Spain", "move") == ["de-espana"]
    assert nouns(state, "Spain", "move-group") == []     # Wellington commands (9.64)


def test_9_1_artillery_never_moves_alone_and_soldiers_move_one_at_a_time():
    state = empty()
    troops(state, "lisbon", "GB", [2, 1, 1])
    state = spend(state, "GB", 3)
    assert sorted(nouns(state, "GB", "move-soldier")) == ["lisbon/cav", "lisbon/inf"]
    state = act(state, "GB", "move-soldier", "lisbon/inf")
    assert nouns(state, "GB", "take") == []              # a counter alone carries nothing
    state = act(state, "GB", "to", "coimbra")
    assert counts(state, "coimbra", "GB") == [1, 0, 0]
    assert counts(state, "lisbon", "GB") == [1, 1, 1]
    assert cp_left(state) == 2


def test_9_3_only_into_adjacent_duchies_refused_untouched():
    state = empty()
    put(state, "beresford", "lisbon", [0, 1, 0])
    state = act(spend(state, "GB", 3), "GB", "move", "beresford")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, "GB", "to", "madrid")
    assert snapshot(state) == before


# --- the tutorial's moves (TC-E07, TC-E10) -----------------------------------------------------


def tutorial_after_siege():
    """1812 set-up after TC-E05/E06: Ciudad Rodrigo taken and flagged Spanish, Wellington's
    Army 3 SP (1 artillery lost 2 SP: here 1 infantry + 1 cavalry), De España with him."""
    state = start()
    state.flags["ciudad-rodrigo"] = "Spain"
    state.troops["ciudad-rodrigo"]["GB"] = [1, 1, 0]
    return state


def test_tc_e07_free_cp_moves_wellington_alone_de_espana_stays():
    """TC-E07: 1 CP moves Wellington's Army Ciudad Rodrigo -> Almaraz; De España's Army stays
    and commands at Ciudad Rodrigo; moving both would have cost 2 CP."""
    state = tutorial_after_siege()
    state = spend(state, "GB", 1)
    assert "ciudad-rodrigo" not in nouns(state, "GB", "move-group")   # 2 CP needed
    state = act(state, "GB", "move", "wellington")
    assert "almaraz" in nouns(state, "GB", "to")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "almaraz")
        # TC-E08: the AdN infantry at Almaraz may evade to Talavera
        assert state.active == ["AdN"]
        state = act(state, "AdN", "evade", "soldiers>talavera-de-la-reina", dice=[5, 3])
    assert state.commanders["wellington"] == "almaraz"
    assert counts(state, "almaraz", "GB") == [1, 1, 0]
    assert state.leading["ciudad-rodrigo"] == "de-espana"
    assert state.marched["wellington"] == 1


def test_tc_e10_leaderless_cavalry_then_pickup_no_forced_march():
    """TC-E10: CP 1-2 the cavalry of Beresford's Army goes alone Lisbon -> Fuentes d'Oñoro ->
    Ciudad Rodrigo; CP 3 Wellington's Army Almaraz -> Ciudad Rodrigo picks it up free: 3 + 2
    = 5 SP; march marker 2; nobody entered 5 duchies."""
    state = tutorial_after_siege()
    state.commanders["wellington"] = "almaraz"
    state.troops["almaraz"] = {"GB": state.troops["ciudad-rodrigo"].pop("GB")}
    state.leading["almaraz"] = "wellington"
    state.leading["ciudad-rodrigo"] = "de-espana"
    state.marched["wellington"] = 1
    state = spend(state, "GB", 5)
    state = act(state, "GB", "move-soldier", "lisbon/cav")
    state = act(state, "GB", "to", "fuentes-d-onoro")
    state = act(state, "GB", "to", "ciudad-rodrigo")
    state = act(state, "GB", "halt")
    assert state.marched["GB:ciudad-rodrigo"] == 2
    state = act(state, "GB", "move", "wellington")
    state = act(state, "GB", "to", "ciudad-rodrigo")     # no die: no forced march
    state = act(state, "GB", "take", "wellington/cav")
    move = state.stack[-2]
    assert isinstance(move, Move)
    assert movement.army_sp(move.armies[0]) == 5
    assert move.armies[0].marched == 2
    assert cp_left(state) == 2
    state = act(state, "GB", "halt")
    # 9.53: Wellington stops where De España commands: GB (more SP) names the Commander
    assert isinstance(top(state), NameCommander) and state.active == ["GB"]
    state = act(state, "GB", "command", "wellington")
    assert state.leading["ciudad-rodrigo"] == "wellington"
    assert state.marched["wellington"] == 2


# --- 9.42 forced march, 9.41 passes, 9.43 ambush, 13.1 dice -------------------------------------


def test_9_42_forced_march_in_the_fifth_duchy():
    """9.42: attrition in the 5th and every later duchy entered in one impulse: Beresford and
    1 cavalry roll 3 dice (13.1: 1 per SP and per commander)."""
    state = empty()
    put(state, "beresford", "lisbon", [0, 1, 0])
    state = act(spend(state, "GB", 6), "GB", "move", "beresford")
    for dest in ("coimbra", "almeida", "fuentes-d-onoro", "lisbon"):
        state = act(state, "GB", "to", dest)             # strict: no die for 4 duchies
    assert "forced march" in label(state, "GB", "to", "elvas")
    state = act(state, "GB", "to", "elvas", dice=[6, 2, 3])
    assert counts(state, "elvas", "GB") == [1, 0, 0]     # one 6: 1 SP (change made, 1.5)
    state = act(state, "GB", "to", "lisbon", dice=[1, 1])   # 6th duchy: 2 dice now
    assert state.commanders["beresford"] == "lisbon"


def test_tc_e23_joseph_four_duchies_no_forced_march_and_ambush_avoided():
    """TC-E23: Joseph (2 cavalry) Talavera -> Almaraz (Spanish flag); 1 CP removes the flag;
    -> Ciudad Rodrigo (Spanish-flagged fortress with De España): no ambush because Almaraz is
    friendly again; Joseph entered 4 duchies: no forced march (9.42)."""
    state = tutorial_ciudad_rodrigo()
    state = spend(state, "AdN", 3)
    state = act(state, "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "almaraz")
    # De España may intercept from Ciudad Rodrigo but declines
    assert state.active == ["Spain"] and "de-espana" in nouns(state, "Spain", "intercept")
    state = act(state, "Spain", "no-intercept")
    state = act(state, "AdN", "halt")
    state = act(state, "AdN", "flag", "almaraz=-")       # CP 5 (7.1)
    assert "almaraz" not in state.flags
    state = act(state, "AdN", "move", "joseph")
    assert state.stack[-2].armies[0].marched == 3
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "ciudad-rodrigo")   # strict: no ambush, no march die
        state = act(state, "Spain", "stay")
    assert battles.calls == [("ciudad-rodrigo", "AdN", "joseph", "almaraz", False)]
    assert state.marched["joseph"] == 4


def tutorial_ciudad_rodrigo():
    """TC-E23's position: Joseph with 2 cavalry at Talavera (4 SP, CV 4 full) after 2 CP;
    a Spanish flag at Almaraz and at Ciudad Rodrigo, which holds De España + 1 infantry + 1
    cavalry; Wellington elsewhere (Salamanca, British flag)."""
    state = empty()
    put(state, "joseph", "talavera-de-la-reina", [0, 2, 0])
    state.marched["joseph"] = 2
    state.flags["almaraz"] = "Spain"
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "de-espana", "ciudad-rodrigo", [1, 1, 0])
    return state


def test_9_43_ambush_from_an_uncontrolled_duchy():
    """9.43 (TC-E23 without CP 5): Almaraz (Spanish flag, Joseph there) is Uncontrolled, so
    entering enemy Ciudad Rodrigo is an ambush: Joseph + 4 SP roll 5 dice."""
    state = tutorial_ciudad_rodrigo()
    state = spend(state, "AdN", 2)
    state = act(state, "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "almaraz")
    state = act(state, "Spain", "no-intercept")
    assert "ambush" in label(state, "AdN", "to", "ciudad-rodrigo")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "ciudad-rodrigo")
        state = act(state, "Spain", "stay", dice=[6, 1, 1, 1, 1])
    assert counts(state, "ciudad-rodrigo", "AdN") == [1, 1, 0]   # 1 SP: change made
    assert battles.calls


def test_9_41_pass_between_friendly_duchies_costs_nothing_tc05():
    """9.41, TC-05: San Sebastián (AdN fortress) -> Bayonne (AdN) across the pass: both ends
    friendly, no attrition; into an enemy duchy across a pass there is."""
    state = empty()
    put(state, "caffarelli", "san-sebastian", [2, 0, 0])
    state = act(spend(state, "AdN", 2), "AdN", "move", "caffarelli")
    assert "attrition" not in label(state, "AdN", "to", "bayonne")
    state = act(state, "AdN", "to", "bayonne")           # strict: no die
    assert counts(state, "bayonne", "AdN") == [2, 0, 0]


def test_tc20_two_causes_roll_twelve_dice_13_1():
    """TC-20: 1 commander + 3 infantry + 1 cavalry (5 SP) with two causes (a pass into an
    enemy duchy in the 5th duchy entered) roll (1 + 5) x 2 = 12 dice; each 6 = 1 SP; the
    commander goes last."""
    state = empty()
    put(state, "marmont", "valladolid", [3, 1, 0])
    state = act(spend(state, "AdN", 5), "AdN", "move", "marmont")
    for dest in ("leon", "zamora", "valladolid", "leon"):
        state = act(state, "AdN", "to", dest)
    text = label(state, "AdN", "to", "oviedo")
    assert "pass (9.41)" in text and "forced march (9.42)" in text
    state = act(state, "AdN", "to", "oviedo", dice=[6, 6] + [1] * 10)
    for _ in range(2):                       # 13.1: AdN picks the counters (two infantry)
        state = act(state, "AdN", "lose", 0)
    assert counts(state, "oviedo", "AdN") == [1, 1, 0]
    assert state.commanders["marmont"] == "oviedo"


def test_13_1_commander_lost_only_when_no_soldier_is_left():
    state = empty()
    put(state, "beresford", "lisbon", [1, 0, 0])
    state = act(spend(state, "GB", 5), "GB", "move", "beresford")
    for dest in ("coimbra", "almeida", "fuentes-d-onoro", "lisbon"):
        state = act(state, "GB", "to", dest)
    state = act(state, "GB", "to", "elvas", dice=[6, 6])
    assert state.commanders["beresford"] == UNBUILT
    assert counts(state, "elvas", "GB") == [0, 0, 0]
    assert top(state) is None                            # nothing left to move; CP used up


# --- 9.51, 9.52, 9.5, 12.4 --------------------------------------------------------------------


def test_9_51_battle_stops_the_move_unless_overrun():
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [3, 1, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    troops(state, "almaraz", "AdN", [1, 0, 0])
    state = act(spend(state, "GB", 3), "GB", "move", "wellington")
    with movement.battles_by(Recorder("bfi")) as battles:
        stopped = act(state, "GB", "to", "almaraz")
        stopped = act(stopped, "AdN", "stay")
    assert battles.calls == [("almaraz", "GB", "wellington", "ciudad-rodrigo", False)]
    assert nouns(stopped, "GB", "to") == [] and "wellington" in stopped.bfi
    assert "wellington" not in nouns(stopped, "GB", "move")   # M2: the BFI marker holds him
    with movement.battles_by(Recorder("overrun")):
        goes = act(state, "GB", "to", "almaraz")
        goes = act(goes, "AdN", "stay")
    assert "talavera-de-la-reina" in nouns(goes, "GB", "to")  # 11.8: he may go on


def test_9_52_enemy_fortress_stops_with_bfi_and_12_4_limits_leaving():
    state = empty()
    put(state, "hill", "fuentes-d-onoro", [2, 0, 0])
    state = act(spend(state, "GB", 3), "GB", "move", "hill")
    state = act(state, "GB", "to", "ciudad-rodrigo", dice=[])   # AdN fortress, no Formation
    assert "hill" in state.bfi
    assert nouns(state, "GB", "to") == []
    assert state.commanders["hill"] == "ciudad-rodrigo"
    # 12.4: a fresh Army in the besieged fortress duchy may leave only to friendly,
    # Uncontrolled or besieged enemy fortress duchies
    put(state, "beresford", "ciudad-rodrigo", lead=False)
    troops(state, "almaraz", "AdN", [1, 0, 0])
    assert movement.destinations(state, "ciudad-rodrigo", "GB") == ["fuentes-d-onoro"]


def test_9_53_passing_through_a_friendly_commander_asks_nothing():
    state = empty()
    put(state, "beresford", "lisbon", [0, 1, 0])
    put(state, "hill", "coimbra")
    state = act(spend(state, "GB", 2), "GB", "move", "beresford")
    state = act(state, "GB", "to", "coimbra")
    state = act(state, "GB", "to", "almeida", dice=[])   # through Hill: no question
    assert state.leading.get("coimbra") == "hill"
    assert state.leading.get("almeida") == "beresford"


def test_9_62_the_power_with_more_sp_names_the_commander():
    state = empty()
    put(state, "de-espana", "lisbon", [1, 0, 0])
    put(state, "beresford", "coimbra", [3, 0, 0])
    state = act(spend(state, "Spain", 1), "Spain", "move", "de-espana")
    state = act(state, "Spain", "to", "coimbra")
    assert isinstance(top(state), NameCommander) and state.active == ["GB"]
    assert sorted(nouns(state, "GB", "command")) == ["beresford", "de-espana"]
    state = act(state, "GB", "command", "beresford")
    assert state.leading["coimbra"] == "beresford"


def test_m2_bfi_marked_formations_do_not_move():
    state = empty()
    put(state, "hill", "lisbon", [2, 0, 0])
    state.bfi.append("hill")
    state = spend(state, "GB", 2)
    assert "hill" not in nouns(state, "GB", "move")
    assert nouns(state, "GB", "move-soldier") == []       # M3
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, "GB", "move", "hill")
    assert snapshot(state) == before


def test_crossings_recorded_for_the_battle_11_41():
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [3, 1, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "marmont", "salamanca", [2, 0, 0])
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        state = act(state, "AdN", "stay")
    assert movement.crossed_into(state, "salamanca") == ["broken"]
    state.impulses += 1                                   # a later impulse: forgotten
    assert movement.crossed_into(state, "salamanca") == []


def test_5_2_a_response_closing_the_line_cancels_the_declared_step():
    """5.2, TC-E11: the other Powers answer a declared step before it is carried out; a line
    closed meanwhile (#9 Passes Blocked) stops it, its CP spent."""
    state = empty()
    state.options = type(state.options)(ask_every_power_for_responses=True)
    put(state, "clausel", "avila", [0, 1, 0])
    state = act(spend(state, "AdN", 2), "AdN", "move", "clausel")
    state = act(state, "AdN", "to", "salamanca")
    assert state.commanders["clausel"] == "avila"        # not yet: the window is open
    state.blocked.append("avila|salamanca")               # #9's effect, played here
    while top(state).__class__.__name__ == "ResponseWindow":
        state = act(state, state.active[0], "no-response")
    assert state.commanders["clausel"] == "avila"
    assert cp_left(state) == 1
    assert nouns(state, "AdN", "to") == ["madrid"]


def test_9_51_with_the_battle_part_an_overrun_lets_the_army_go_on():
    """9.51, 11.8 through the real battle part: Wellington (3 infantry + 1 cavalry, BV 5,
    British +1: 11 dice) overruns a lone AdN infantry (3 dice) at Almaraz; after the free
    flag (11.9) he may march on."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [3, 1, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    troops(state, "almaraz", "AdN", [1, 0, 0])
    state = act(spend(state, "GB", 3), "GB", "move", "wellington")
    state = act(state, "GB", "to", "almaraz")
    state = act(state, "AdN", "stay", dice=[6] * 11 + [1] * 3)
    state = act(state, "GB", "flag", "almaraz=GB")
    assert "wellington" not in state.bfi
    assert "talavera-de-la-reina" in nouns(state, "GB", "to")
    assert counts(state, "almaraz", "AdN") == [0, 0, 0]


def test_9_64_armies_join_and_leave_a_moving_army_group():
    state = empty()
    put(state, "wellington", "lisbon", [4, 0, 0])
    put(state, "hill", "coimbra", [2, 0, 0])
    state = act(spend(state, "GB", 5), "GB", "move", "wellington")
    state = act(state, "GB", "to", "coimbra")
    assert "hill" in nouns(state, "GB", "join")
    state = act(state, "GB", "join", "hill")
    state = act(state, "GB", "take", "hill/inf")
    state = act(state, "GB", "to", "almeida")             # 2 Armies: 2 CP
    assert cp_left(state) == 2
    assert counts(state, "almeida", "GB") == [5, 0, 0]
    assert counts(state, "coimbra", "GB") == [1, 0, 0]
    state = act(state, "GB", "detach", "hill")            # Hill's Army stays at Almeida
    state = act(state, "GB", "to", "fuentes-d-onoro")     # 1 Army again: 1 CP
    assert cp_left(state) == 1
    assert state.commanders["hill"] == "almeida" and counts(state, "almeida", "GB") == [1, 0, 0]
    assert state.leading["almeida"] == "hill"


def test_9_61_an_allied_army_joins_only_if_its_power_agrees():
    """9.61: a stationary allied Army may join the moving Army as it goes on, only if the
    Power controlling it agrees; then both move as an Army Group (9.63: 2 CP per duchy)."""
    state = empty()
    put(state, "wellington", "lisbon", [2, 0, 0])
    put(state, "de-espana", "coimbra", [1, 0, 0])
    state = act(spend(state, "GB", 5), "GB", "move", "wellington")
    state = act(state, "GB", "to", "coimbra")
    assert nouns(state, "GB", "invite") == ["de-espana"]
    assert nouns(state, "GB", "join") == []               # not without Spain's consent
    refused = act(state, "GB", "invite", "de-espana")
    assert refused.active == ["Spain"]
    refused = act(refused, "Spain", "refuse")
    assert nouns(refused, "GB", "invite") == []           # asked once in this move
    state = act(state, "GB", "invite", "de-espana")
    state = act(state, "Spain", "agree")
    state = act(state, "GB", "to", "almeida")
    assert cp_left(state) == 2
    assert state.commanders["de-espana"] == "almeida"
    assert counts(state, "almeida", "Spain") == [1, 0, 0]


# --- wiring of card effects (docs/wellington-movement.md "Card effects") --------------------


def test_22_insulted_ally_no_army_group_with_another_powers_commander():
    """#22 Insulted Ally (AdS plays it on Spain): Spain's Armies may not move in an Army
    Group led by a British commander while it lasts: no move-group, no invitation; Spain's
    own moves are untouched."""
    from core.wellington.state import Effect
    state = empty()
    put(state, "wellington", "lisbon", [9, 0, 0])
    put(state, "de-espana", "lisbon", [4, 0, 0], lead=False)
    put(state, "blake", "coimbra", [1, 0, 0])
    state.effects.append(Effect(card=22, power="AdS", target="Spain"))
    state = spend(state, "GB", 5)
    assert "lisbon" not in nouns(state, "GB", "move-group")
    state = act(state, "GB", "move", "wellington")
    state = act(state, "GB", "to", "coimbra")
    assert nouns(state, "GB", "invite") == []
    spain = spend(empty(), "Spain", 2)
    put(spain, "blake", "coimbra", [1, 0, 0])
    spain.effects.append(Effect(card=22, power="AdS", target="Spain"))
    assert "blake" in nouns(spain, "Spain", "move")


def test_39_royalist_dissent_french_in_french_national_duchies_may_not_move():
    """#39 Royalist Dissent: French soldiers and commanders in a French National duchy
    (Bayonne) may not make an ordinary move; in Spain (Burgos) they move as usual."""
    from core.wellington.state import Effect
    state = empty()
    put(state, "marmont", "bayonne", [2, 0, 0])
    troops(state, "bayonne", "AdN", [0, 1, 0])
    put(state, "clausel", "burgos", [1, 0, 0])
    state.effects.append(Effect(card=39, power="Spain", target="AdN AdS"))
    state = spend(state, "AdN", 3)
    assert nouns(state, "AdN", "move") == ["clausel"]
    assert not [n for n in nouns(state, "AdN", "move-soldier") if n.startswith("bayonne/")]
    with pytest.raises(IllegalAction):
        act(state, "AdN", "move", "marmont")


def test_w3_battle_value_passes_through_the_lasting_card_effects():
    """W3: movement.battle_value ends with events.cards_56_110.battle_value: #59 The
    Bravest of the Brave +1, #66 The Commander's Health 0 (for all purposes: the
    interception and evasion modifiers read it too)."""
    from core.wellington.state import Effect
    state = empty()
    printed = movement.building.commander("wellington").bv
    assert movement.battle_value(state, "wellington") == printed
    state.effects.append(Effect(card=59, power="GB", target="wellington", until="game"))
    assert movement.battle_value(state, "wellington") == printed + 1
    state.effects.append(Effect(card=66, power="AdN", target="wellington", until="impulse"))
    assert movement.battle_value(state, "wellington") == 0


def test_w7_100_pontoons_the_river_is_open_terrain_for_its_player_only():
    """#100 Pontoons (W7): the Salamanca-Zamora River is open terrain this impulse for the
    Power that played it: its step is declared and recorded across an open line; another
    Power still crosses a River."""
    from core.wellington.state import Effect
    state = empty()
    put(state, "marmont", "zamora", [2, 0, 0])
    state.effects.append(Effect(card=100, power="AdN", target="salamanca|zamora",
                                until="impulse"))
    assert movement.line_kind(state, "zamora", "salamanca", "AdN") == "open"
    assert movement.line_kind(state, "zamora", "salamanca", "AdS") == "river"
    state = act(spend(state, "AdN", 2), "AdN", "move", "marmont")
    assert "(open line)" in label(state, "AdN", "to", "salamanca")
    with movement.battles_by(Recorder()):
        state = act(state, "AdN", "to", "salamanca")
    assert "open" in state.crossed.get("salamanca", [])
    assert "river" not in state.crossed.get("salamanca", [])


# --- 14.2: no land move after sailing ----------------------------------------------------------

SEED_14_2 = ("Le Formazioni in Convoglio non possono combinare il movimento per mare con quello "
             "per terra. Devono iniziare un Impulso da un singolo porto amico e terminarlo in "
             "un altro porto amico.")


def convoyed() -> object:
    """GB convoys Wellington and 2 cavalry from Lisbon to Porto (5 CP of 8, 14.2); Hill and
    1 infantry already stood at Porto."""
    state = empty()
    state.flags.update({"lisbon": "GB", "porto": "GB"})
    put(state, "wellington", "lisbon", [0, 2, 0])
    put(state, "hill", "porto", [1, 0, 0])
    state = spend(state, "GB", 8)
    for verb, noun in (("convoy", None), ("convoy-from", "lisbon"),
                       ("convoy-load", "wellington"), ("convoy-load", "1"),
                       ("convoy-load", "1"), ("convoy-sail", "porto")):
        state = act(state, "GB", verb, noun)
    assert state.commanders["wellington"] == "porto" and cp_left(state) == 3
    return state


def test_14_2_a_commander_landed_this_impulse_makes_no_land_move():
    """14.2 (seed): "Le Formazioni in Convoglio non possono combinare il movimento per mare
    con quello per terra ... terminarlo in un altro porto amico": Wellington, landed at Porto
    with 3 CP left, is not offered a move, may not be taken along as a staff officer, and
    his move is refused with the state untouched; next impulse he moves again."""
    assert "per terra" in SEED_14_2
    state = convoyed()
    assert "wellington" not in nouns(state, "GB", "move")
    assert "porto" not in nouns(state, "GB", "move-group")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, "GB", "move", "wellington")
    assert snapshot(state) == before
    assert movement.stays(state, "wellington")        # interception.py reads this (10.1, 10.5)
    moving = act(state, "GB", "move", "hill")         # Hill did not sail: he may move
    assert "hill/wellington" not in nouns(moving, "GB", "take")
    state.impulses += 1                               # a later impulse: free to march
    assert "wellington" in nouns(state, "GB", "move")


def test_14_2_soldiers_landed_this_impulse_neither_move_alone_nor_are_taken_m7():
    """14.2 with reading M7: the British soldiers at Porto, where 2 cavalry landed this
    impulse, are one Formation that came by sea: no counter moves alone and Hill, who did not
    sail, leaves Porto without them (the seed: "non possono combinare il movimento per mare
    con quello per terra")."""
    assert "movimento per mare" in SEED_14_2
    state = convoyed()
    assert [n for n in nouns(state, "GB", "move-soldier") if n.startswith("porto/")] == []
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, "GB", "move-soldier", "porto/cav")
    assert snapshot(state) == before
    state = act(state, "GB", "move", "hill")
    assert state.stack[-2].armies[0].troops == [0, 0, 0]
    assert not [n for n in nouns(state, "GB", "take") if n.startswith("hill/")]
    state = act(state, "GB", "to", "braga")
    assert counts(state, "porto", "GB") == [1, 2, 0]
