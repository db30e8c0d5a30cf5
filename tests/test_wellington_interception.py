"""Wellington interception and evasion (10, §C.12) with the seed's numbers: the tutorial's
evasions and interceptions (TC-E08, TC-E12, TC-E14, TC-E15, TC-E23-TC-E26), the rule-book
cases TC-21 and TC-22, each rule by number. Refusals leave the state untouched."""
from __future__ import annotations

import pytest

from core.engine import IllegalAction
from core.wellington import movement
from core.wellington.frames.impulse import ResponseWindow
from core.wellington.options import WellingtonOptions
from core.wellington.state import Effect
from tests.support.wellington_movement import (Recorder, act, counts, empty, label, nouns, put,
                                               snapshot, spend, start, top, troops)


def no_responses(state, dice=()):
    """Every Power asked at a Response window plays none (5.2); `dice`: the faces rolled
    once the last of them has answered."""
    while isinstance(top(state), ResponseWindow):
        last = len(top(state).asked) == 1
        state = act(state, state.active[0], "no-response", dice=dice if last else ())
        if last and dice:
            break
    return state


# --- evasion (10.5-10.7) -------------------------------------------------------------------


def test_tc_e08_lone_infantry_evades_from_almaraz_to_talavera():
    """TC-E08: 1 AdN infantry at Almaraz (AdN) evades from Wellington to Talavera (AdN,
    friendly): 5 + 3 = 8, +1 = 9 -> success; no -1: the Almaraz-Talavera line is Open."""
    state = start()
    state.flags["ciudad-rodrigo"] = "Spain"
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "almaraz")
        assert "needs 8+" in label(state, "AdN", "evade", "soldiers>talavera-de-la-reina")
        state = act(state, "AdN", "evade", "soldiers>talavera-de-la-reina", dice=[5, 3])
    assert counts(state, "talavera-de-la-reina", "AdN") == [2, 0, 0]
    assert counts(state, "almaraz", "AdN") == [0, 0, 0]
    assert battles.calls == []                           # nobody left to fight
    assert not movement.evasion_failed(state, "almaraz")


def test_tc_e12_marmont_fails_to_evade_5_plus_2_plus_1_is_8():
    """TC-E12: Marmont (2-6) at Valladolid (AdN) tries Salamanca (AdN, friendly) and rolls 5:
    5 + 2 + 1 = 8 < 9 -> fails; no -1 (control before the entry, G.18); the battle follows
    with the failed evasion on record (10.7: +1 die to the active attacker, G.22)."""
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    troops(state, "salamanca", "AdN", [1, 0, 0])
    troops(state, "saldana", "Spain", [0, 1, 0])
    state.flags["saldana"] = "Spain"                     # friendly: no ambush (9.43)
    state = act(spend(state, "Spain", 1), "Spain", "move-soldier", "saldana/cav")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "Spain", "to", "valladolid")
        assert state.active == ["AdN"]
        text = label(state, "AdN", "evade", "army>salamanca")
        assert "+1 into a friendly duchy" in text and "+2 Marmont's BV" in text
        assert "-1" not in text
        state = act(state, "AdN", "evade", "army>salamanca", dice=[2, 3])
    assert state.commanders["marmont"] == "valladolid"
    assert battles.calls == [("valladolid", "Spain", "Spain:valladolid", "saldana", False)]
    assert movement.evasion_failed(state, "valladolid")


def setup_salamanca(options: WellingtonOptions | None = None):
    """TC-E14/E15: Wellington (Army: 1 infantry + 2 cavalry... here 5 SP) at Ciudad Rodrigo
    (Spanish flag) about to enter Salamanca (Marmont + 2 infantry); Clausel (2-4) + 1 cavalry
    at Ávila; a Spanish infantry and flag at Valladolid (after TC-E13)."""
    state = empty()
    if options is not None:
        state.options = options
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "wellington", "ciudad-rodrigo", [1, 2, 0])
    put(state, "marmont", "salamanca", [2, 0, 0])
    put(state, "clausel", "avila", [0, 1, 0])
    troops(state, "valladolid", "Spain", [1, 0, 0])
    state.flags["valladolid"] = "Spain"
    return act(spend(state, "GB", 2), "GB", "move", "wellington")


def test_tc_e14_clausel_intercepts_on_9_then_passes_blocked_stops_him():
    """TC-E14: Clausel rolls 7: 7 + 2 (BV) + 1 (friendly) - 1 (Pass) = 9 -> success; Spain
    answers with #9 Passes Blocked on that Pass: he cannot cross, the interception does not
    happen (a Response after the roll, before the move)."""
    state = setup_salamanca(WellingtonOptions(ask_every_power_for_responses=True))
    with movement.battles_by(Recorder()) as battles:
        state = no_responses(act(state, "GB", "to", "salamanca"))
        assert state.active == ["AdN"]
        text = label(state, "AdN", "intercept", "clausel")
        assert "needs 7+" in text and "-1 across a pass line" in text
        state = no_responses(act(state, "AdN", "intercept", "clausel"), dice=[3, 4])
        # the roll is made (9: success) and the Powers may answer it: Spain's #9
        assert isinstance(top(state), ResponseWindow)
        state.blocked.append("avila|salamanca")           # #9's effect on that Pass line
        state = no_responses(state)
        assert state.commanders["clausel"] == "avila"    # he could not cross
        # TC-E15: Marmont's only evasion is Lumbrales
        assert state.active == ["AdN"]
        assert nouns(state, "AdN", "evade") == ["army>lumbrales"]
        state = act(state, "AdN", "stay")
        state = no_responses(state)
    assert battles.calls == [("salamanca", "GB", "wellington", "ciudad-rodrigo", False)]
    assert "Interception succeeds: 9" in "\n".join(state.log)


def test_tc_e15_evasion_limits_10_6():
    """TC-E15: from Salamanca, Wellington entering from Ciudad Rodrigo: Ávila (Pass blocked by
    #9), Zamora (River), Valladolid (a Spanish Formation), Ciudad Rodrigo (where the enemy came
    from) are all refused; Lumbrales only."""
    state = setup_salamanca()
    state.blocked.append("avila|salamanca")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        assert nouns(state, "AdN", "evade") == ["army>lumbrales"]
        before = snapshot(state)
        for dest in ("avila", "zamora", "valladolid", "ciudad-rodrigo"):
            with pytest.raises(IllegalAction):
                act(state, "AdN", "evade", f"army>{dest}")
        assert snapshot(state) == before


# --- the tutorial's Ciudad Rodrigo (TC-E23 - TC-E26) ----------------------------------------


def ciudad_rodrigo(humbugged: bool):
    """Joseph (2 cavalry) at Almaraz (AdN again) about to enter Ciudad Rodrigo (Spanish flag):
    De España shot (#33), his infantry and cavalry there; Wellington (5-9) + 4 SP at
    Salamanca (British flag); #23 Humbugged on Wellington if asked."""
    state = empty()
    put(state, "joseph", "almaraz", [0, 2, 0])
    state.marched["joseph"] = 3
    state.flags["ciudad-rodrigo"] = "Spain"
    troops(state, "ciudad-rodrigo", "Spain", [1, 1, 0])
    put(state, "wellington", "salamanca", [2, 1, 0])
    state.flags["salamanca"] = "GB"
    if humbugged:
        state.effects.append(Effect(card=23, power="AdN", target="wellington",
                                    until="end-next-impulse"))
    return act(spend(state, "AdN", 1), "AdN", "move", "joseph")


def test_tc_e24_wellington_intercepts_on_4_plus_but_humbugged_fails_on_7():
    """TC-E24: Wellington (5-9) at Salamanca (British flag) into Ciudad Rodrigo (Spanish,
    friendly) across a Broken line: +5 + 1 - 1 = +5, so 4+ succeeds; under #23 Humbugged he
    is a 1-4: +1, and a 6 makes 7 < 9 -> fails; a BFI marker goes on Wellington (10.4)."""
    plain = ciudad_rodrigo(humbugged=False)
    with movement.battles_by(Recorder()):
        plain = act(plain, "AdN", "to", "ciudad-rodrigo")
        assert "needs 4+" in label(plain, "GB", "intercept", "wellington")
    state = ciudad_rodrigo(humbugged=True)
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "ciudad-rodrigo")
        assert "needs 8+" in label(state, "GB", "intercept", "wellington")
        state = act(state, "GB", "intercept", "wellington", dice=[3, 3])
        assert "wellington" in state.bfi and "GB:salamanca" in state.bfi
        assert state.commanders["wellington"] == "salamanca"   # no move, no attrition
        # 10.2, 10.3: no second attempt from Salamanca this impulse
        assert state.active == ["Spain"]
        # TC-E25: the leaderless Spanish counters evade one by one to Fuentes d'Oñoro
        # (friendly, +1): infantry 8 -> 9 succeeds, cavalry 6 -> 7 fails
        state = act(state, "Spain", "evade", "soldiers>fuentes-d-onoro", dice=[4, 4, 3, 3])
    assert counts(state, "fuentes-d-onoro", "Spain") == [1, 0, 0]
    assert counts(state, "ciudad-rodrigo", "Spain") == [0, 1, 0]
    # TC-E26: the battle outside the walls; AdN's +1 die for the failed evasion (10.7)
    assert battles.calls == [("ciudad-rodrigo", "AdN", "joseph", "almaraz", False)]
    assert movement.evasion_failed(state, "ciudad-rodrigo")
    assert state.marched["joseph"] == 4                   # no forced march (9.42)


def test_tc_e23_de_espana_may_intercept_into_almaraz():
    """TC-E23 CP 4: Joseph enters Almaraz (Spanish flag): De España at Ciudad Rodrigo may
    intercept (+1 friendly, +1 BV: needs 7+) but declines."""
    state = empty()
    put(state, "joseph", "talavera-de-la-reina", [0, 2, 0])
    state.flags["almaraz"] = "Spain"
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "de-espana", "ciudad-rodrigo", [1, 1, 0])
    state = act(spend(state, "AdN", 2), "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "almaraz")
    assert state.active == ["Spain"]
    assert "needs 7+" in label(state, "Spain", "intercept", "de-espana")
    state = act(state, "Spain", "no-intercept")
    assert state.commanders["de-espana"] == "ciudad-rodrigo"
    assert nouns(state, "AdN", "to")                      # Joseph may go on


# --- interception rules ----------------------------------------------------------------------


def test_tc22_interception_rolled_before_the_movers_attrition_10_9():
    """TC-22: a French Army moving with attrition due (Clausel across the Ávila-Salamanca Pass
    into British Salamanca); GB's interception from Ciudad Rodrigo is rolled first
    (+1 + 5 - 1: 2 + 2 = 4 -> 9, success), then the mover's attrition (1 + 2 = 3 dice);
    the battle follows with the interception on record."""
    state = empty()
    put(state, "clausel", "avila", [0, 1, 0])
    state.flags["salamanca"] = "GB"
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    state = act(spend(state, "AdN", 1), "AdN", "move", "clausel")
    assert "pass (9.41)" in label(state, "AdN", "to", "salamanca")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "salamanca")
        state = act(state, "GB", "intercept", "wellington", dice=[2, 2, 1, 1, 1])
    log = "\n".join(state.log)
    assert log.index("GB: interception by Wellington") < log.index("Clausel: pass (9.41)")
    assert state.commanders["wellington"] == "salamanca"
    assert battles.calls == [("salamanca", "AdN", "clausel", "avila", True)]


def test_10_3_no_interception_across_a_river_nor_with_a_bfi_marker():
    state = setup_salamanca()
    put(state, "reille", "zamora", [2, 0, 0])             # Zamora-Salamanca: River
    state.bfi.append("clausel")
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
    assert nouns(state, "AdN", "intercept") == []
    assert state.active == ["AdN"] and nouns(state, "AdN", "evade")   # straight to evasion


def test_11_4_in_10_army_group_interception_uses_the_commanders_bv_and_failure_marks_all():
    """"11.4" in §10: an Army Group intercepts with its Commander's BV only; once an attempt
    from a duchy fails, every Formation there takes a BFI marker and tries no more."""
    state = setup_salamanca()
    put(state, "marmont", "avila", [2, 0, 0], lead=False)   # Marmont joins Clausel at Ávila
    state.commanders["marmont"] = "avila"
    state.troops["salamanca"]["AdN"] = [1, 0, 0]
    put(state, "joseph", "salamanca", lead=False)
    state.leading["salamanca"] = "joseph"
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        assert sorted(nouns(state, "AdN", "intercept")) == ["clausel", "group:avila", "marmont"]
        assert "+2 Clausel's BV" in label(state, "AdN", "intercept", "group:avila")
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            act(state, "AdN", "intercept", "reille")
        assert snapshot(state) == before
        state = act(state, "AdN", "intercept", "group:avila", dice=[1, 1])
    assert {"clausel", "marmont", "AdN:avila"} <= set(state.bfi)
    assert state.active == ["AdN"] and nouns(state, "AdN", "intercept") == []


def test_tc21_evasion_into_enemy_territory_costs_attrition_and_pursuit_10_8():
    """TC-21: a Formation in an Uncontrolled duchy evades successfully into an enemy duchy:
    it suffers attrition (10.5). 10.8: the active Formation may follow and the evader may
    evade again."""
    state = empty()
    put(state, "de-espana", "salamanca", [1, 0, 0])      # AdN print, Spanish Formation
    put(state, "marmont", "valladolid", [2, 0, 0])
    state = act(spend(state, "AdN", 2), "AdN", "move", "marmont")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "salamanca")
        text = label(state, "Spain", "evade", "army>lumbrales")
        assert "-1 from an Uncontrolled duchy" in text and "needs 9+" in text
        state = act(state, "Spain", "evade", "army>lumbrales", dice=[5, 4, 1, 1])
    assert state.commanders["de-espana"] == "lumbrales"
    assert "(De España: evasion into enemy territory (10.5), 13.1): 2 dice" in "\n".join(state.log)
    assert battles.calls == []
    assert "lumbrales" in nouns(state, "AdN", "to")       # 10.8 pursuit
    state = act(state, "AdN", "to", "lumbrales")
    assert state.active == ["Spain"] and nouns(state, "Spain", "evade")


def test_10_1_interception_into_an_empty_duchy_stops_the_move():
    """10.1: an interception may stop an enemy Formation's move: the battle follows (and the
    interceptor's Pass attrition, 9.41, after the attempts)."""
    state = empty()
    put(state, "wellington", "ciudad-rodrigo", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    put(state, "clausel", "avila", [0, 1, 0])
    state = act(spend(state, "GB", 3), "GB", "move", "wellington")
    state = act(state, "GB", "to", "fuentes-d-onoro")
    state = act(state, "GB", "to", "ciudad-rodrigo")
    state.flags["salamanca"] = "GB"
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "salamanca")
        # Clausel: +0 (GB-held target) + 2 - 1 (Pass) = +1; 4 + 4 = 8 -> 9 succeeds; then
        # his Pass attrition into a non-friendly duchy: 3 dice
        assert "needs 8+" in label(state, "AdN", "intercept", "clausel")
        state = act(state, "AdN", "intercept", "clausel", dice=[4, 4, 1, 1, 1])
    assert battles.calls == [("salamanca", "GB", "wellington", "ciudad-rodrigo", True)]
    assert state.commanders["clausel"] == "salamanca"


def test_a_game_saved_at_an_evasion_loads_at_the_same_question():
    """A save taken at the evasion question (the frames are data) decodes to the same stack,
    the same choices, and plays on alike."""
    import msgspec

    from core.wellington.state import WellingtonState
    state = start()
    state.flags["ciudad-rodrigo"] = "Spain"
    state = act(spend(state, "GB", 1), "GB", "move", "wellington")
    state = act(state, "GB", "to", "almaraz")
    loaded = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    assert loaded.stack == state.stack
    assert nouns(loaded, "AdN", "evade") == nouns(state, "AdN", "evade")
    with movement.battles_by(Recorder()):
        a = act(state, "AdN", "evade", "soldiers>talavera-de-la-reina", dice=[5, 3])
        b = act(loaded, "AdN", "evade", "soldiers>talavera-de-la-reina", dice=[5, 3])
    assert snapshot(a) == snapshot(b)


def test_10_5_soldiers_beyond_the_cv_stay_and_may_then_evade_one_by_one():
    """10.5 (I3): Clausel (CV 4) evades with 4 SP; the 2 infantry beyond his CV stay and may
    then try on their own, each counter rolling."""
    state = empty()
    put(state, "clausel", "salamanca", [2, 2, 0])
    troops(state, "ciudad-rodrigo", "GB", [1, 0, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    state = act(spend(state, "GB", 1), "GB", "move-soldier", "ciudad-rodrigo/inf")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "salamanca")
        assert sorted(nouns(state, "AdN", "evade")) == ["army>avila", "army>lumbrales",
                                                        "army>valladolid"]
        state = act(state, "AdN", "evade", "army>valladolid", dice=[4, 4])   # 8 + 2 + 1
        assert state.commanders["clausel"] == "valladolid"
        assert counts(state, "valladolid", "AdN") == [0, 2, 0]
        assert "soldiers>valladolid" in nouns(state, "AdN", "evade")
        state = act(state, "AdN", "evade", "soldiers>valladolid", dice=[6, 6, 1, 1])
    assert counts(state, "valladolid", "AdN") == [1, 2, 0]
    assert counts(state, "salamanca", "AdN") == [1, 0, 0]
    assert battles.calls == [("salamanca", "GB", "GB:salamanca", "ciudad-rodrigo", False)]
    assert movement.evasion_failed(state, "salamanca")


def test_12_4_no_interception_out_of_a_besieged_fortress_into_enemy_ground():
    """12.4: an Army besieging an enemy fortress may intercept only into a friendly,
    Uncontrolled or besieged enemy fortress duchy."""
    state = empty()
    put(state, "hill", "ciudad-rodrigo", [2, 0, 0])       # besieging the AdN fortress
    put(state, "joseph", "talavera-de-la-reina", [1, 0, 0])
    state = act(spend(state, "AdN", 2), "AdN", "move", "joseph")
    state = act(state, "AdN", "to", "almaraz")            # AdN-held: enemy to GB
    assert state.active == ["AdN"]                        # GB is not asked: no interception
    state2 = empty()
    put(state2, "hill", "ciudad-rodrigo", [2, 0, 0])
    put(state2, "joseph", "talavera-de-la-reina", [1, 0, 0])
    state2.flags["almaraz"] = "Spain"                     # friendly to GB
    state2 = act(spend(state2, "AdN", 1), "AdN", "move", "joseph")
    state2 = act(state2, "AdN", "to", "almaraz")
    assert state2.active == ["GB"] and nouns(state2, "GB", "intercept") == ["hill"]


def test_g23_a_bfi_marked_army_may_still_evade_and_keeps_its_marker_10_5():
    """10.5, G.23: a BFI marker does not prevent an evasion; the marker goes with the
    Formation (TC-E13: Marmont, marked after Valladolid, may not intercept but may evade)."""
    state = setup_salamanca()
    state.bfi.append("marmont")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "salamanca")
        assert nouns(state, "AdN", "intercept") == ["clausel"]
        state = act(state, "AdN", "no-intercept")
        state = act(state, "AdN", "evade", "army>lumbrales", dice=[4, 3])   # 7 + 2 + 1
    assert state.commanders["marmont"] == "lumbrales" and "marmont" in state.bfi
    assert battles.calls == []


def test_10_3_evasions_and_interceptions_are_never_intercepted():
    """10.3: only a move brings interceptions: an evader's or interceptor's arrival does
    not (nobody is asked when Marmont evades next to Clausel's enemies)."""
    state = setup_salamanca()
    put(state, "beresford", "almeida", [2, 0, 0])         # adjacent to Lumbrales
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        state = act(state, "AdN", "no-intercept")
        state = act(state, "AdN", "evade", "army>lumbrales", dice=[4, 3])
    assert state.commanders["marmont"] == "lumbrales"
    assert state.active == ["GB"] and top(state).__class__.__name__ == "MoveStep"


def test_tc_e24_humbugged_played_after_the_roll_still_turns_it():
    """TC-E24: #23 "could also have been played after the roll": Wellington rolls 6, which
    would succeed (6 + 5 = 11); AdN answers the roll with Humbugged (1-4): 6 + 1 = 7 < 9."""
    state = empty()
    state.options = WellingtonOptions(ask_every_power_for_responses=True)
    put(state, "joseph", "almaraz", [0, 2, 0])
    state.flags["ciudad-rodrigo"] = "Spain"
    troops(state, "ciudad-rodrigo", "Spain", [1, 1, 0])
    put(state, "wellington", "salamanca", [2, 1, 0])
    state.flags["salamanca"] = "GB"
    state = act(spend(state, "AdN", 1), "AdN", "move", "joseph")
    with movement.battles_by(Recorder()):
        state = no_responses(act(state, "AdN", "to", "ciudad-rodrigo"))
        state = no_responses(act(state, "GB", "intercept", "wellington"), dice=[3, 3])
        assert isinstance(top(state), ResponseWindow)   # the roll is made: 6
        state.effects.append(Effect(card=23, power="AdN", target="wellington",
                                    until="end-next-impulse"))   # #23, answering the roll
        state = no_responses(state)
    assert "Interception fails: 7" in "\n".join(state.log)
    assert "wellington" in state.bfi and state.commanders["wellington"] == "salamanca"


def test_battle_whenever_both_sides_share_the_duchy_even_if_the_mover_fell():
    """Glossary "Battle": opposing Formations in one duchy fight at once. A lone GB infantry
    marching through the Pass into Ávila (Uncontrolled: a GB infantry already stands there)
    is intercepted by Reille (6 + 6 = 12: success), then its Pass attrition (1 die: a 6)
    destroys it; the GB infantry standing there still fights the interceptor."""
    state = empty()
    troops(state, "avila", "GB", [1, 0, 0])               # an earlier step left it there
    troops(state, "salamanca", "GB", [1, 0, 0])
    state.flags["salamanca"] = "GB"
    put(state, "reille", "madrid", [1, 0, 0])
    state = act(spend(state, "GB", 1), "GB", "move-soldier", "salamanca/inf")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "GB", "to", "avila")
        state = act(state, "AdN", "intercept", "reille", dice=[6, 6, 6, 1, 1])
    assert counts(state, "avila", "GB") == [1, 0, 0]
    assert battles.calls == [("avila", "GB", "GB:avila", "salamanca", True)]


def test_c12_card_modifiers_82_and_85():
    """§C.12: #85 gives every French interception and evasion -1; #82 gives the Army it
    strikes -2 (and double CP to move, 9.1)."""
    state = setup_salamanca()
    state.effects.append(Effect(card=85, power="GB", until="game"))
    state.effects.append(Effect(card=82, power="GB", target="clausel",
                                until="end-next-impulse"))
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        text = label(state, "AdN", "intercept", "clausel")
    assert "-1 #85" in text and "-2 #82" in text and "needs 10+" in text


def test_82_doubles_the_cp_to_move():
    state = empty()
    put(state, "hill", "lisbon", [2, 0, 0])
    state.effects.append(Effect(card=82, power="AdN", target="hill", until="end-next-impulse"))
    state = act(spend(state, "GB", 3), "GB", "move", "hill")
    assert "2 CP" in label(state, "GB", "to", "coimbra")
    state = act(state, "GB", "to", "coimbra")
    assert top(state).__class__.__name__ == "MoveStep"
    assert nouns(state, "GB", "to") == []                 # 1 CP left: not enough


# --- wiring of card effects ------------------------------------------------------------------


def test_22_insulted_ally_no_interception_as_an_army_group_with_another_powers_commander():
    """#22 (GB plays it on AdS): Soult's Army (AdS) may not intercept in the Army Group
    Clausel (AdN) leads at Ávila: AdN may send Clausel alone, no "group:avila"."""
    state = setup_salamanca()
    put(state, "soult", "avila", [2, 0, 0], lead=False)
    with movement.battles_by(Recorder()):
        free = act(act(state, "GB", "to", "salamanca"), "AdS", "no-intercept")
        assert "group:avila" in nouns(free, "AdN", "intercept")
        state.effects.append(Effect(card=22, power="GB", target="AdS"))
        state = act(act(state, "GB", "to", "salamanca"), "AdS", "no-intercept")
    assert nouns(state, "AdN", "intercept") == ["clausel"]


def test_22_insulted_ally_the_other_powers_army_does_not_evade_with_the_group():
    """#22: Marmont (AdN) leads at Salamanca with Soult (AdS) beside him; AdS insulted, the
    evading Army Group is Marmont's Army alone (Soult stays to fight)."""
    from core.wellington import interception
    state = setup_salamanca()
    put(state, "soult", "salamanca", [1, 0, 0], lead=False)
    state.effects.append(Effect(card=22, power="GB", target="AdS"))
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
        entry = next(f for f in reversed(state.stack) if type(f).__name__ == "Entry")
        assert interception.evaders(state, entry, "AdN") == (["marmont"], "marmont")
        state.effects.clear()
        assert interception.evaders(state, entry, "AdN") == (["marmont", "soult"], "marmont")


def test_w7_100_pontoons_interception_across_the_bridged_river():
    """#100 Pontoons (W7): AdN, holding the Salamanca-Zamora River as open terrain this
    impulse, may intercept from Zamora (10.3 forbids it across a River otherwise)."""
    state = setup_salamanca()
    put(state, "reille", "zamora", [2, 0, 0])
    state.bfi.append("clausel")
    state.effects.append(Effect(card=100, power="AdN", target="salamanca|zamora",
                                until="impulse"))
    with movement.battles_by(Recorder()):
        state = act(state, "GB", "to", "salamanca")
    assert nouns(state, "AdN", "intercept") == ["reille"]


# --- an evasion before a battle no move brings (evade_before_battle) --------------------------


def test_evade_before_battle_reads_the_control_before_and_refuses_what_10_6_forbids():
    """The modifiers read `before` (G.18): Valladolid AdN's before an attack, no -1; taken as
    Uncontrolled, -1. A duchy not adjacent, or an Army that is not there, is refused and the
    state is left untouched."""
    from core.wellington import interception
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    held = dict(interception.before_battle_options(state, "AdN", "valladolid", "AdN", "", []))
    assert "-1" not in held["army>salamanca"] and "needs 6+" in held["army>salamanca"]
    loose = dict(interception.before_battle_options(state, "AdN", "valladolid", "", "", []))
    assert "-1 from an Uncontrolled duchy" in loose["army>salamanca"]
    assert interception.before_battle_options(state, "AdN", "valladolid", "AdN", "",
                                              ["AdN:army"]) == []
    before = snapshot(state)
    for noun in ("army>madrid", "soldiers>salamanca"):
        with pytest.raises(IllegalAction):
            interception.evade_before_battle(state, "AdN", "valladolid", "AdN", noun)
        assert snapshot(state) == before


def test_evade_before_battle_pushes_a_real_attempt_with_attrition_at_once():
    """The Attempt is the move's own (announced, rolled, resolved, carried out) with no
    Entry: Marmont evades from Valladolid to Saldaña (Spanish): 6 + 6 + 2 (BV) = 14; into
    enemy territory: his attrition (3 dice: Marmont and the cavalry's 2 SP) at once (10.5)."""
    from core.wellington import interception
    state = empty()
    put(state, "marmont", "valladolid", [0, 1, 0])
    state.flags["saldana"] = "Spain"
    interception.evade_before_battle(state, "AdN", "valladolid", "AdN", "army>saldana")
    state = no_responses(run_(state, [6, 6, 1, 1, 1]))
    assert state.commanders["marmont"] == "saldana" and counts(state, "saldana", "AdN") == [0, 1, 0]
    assert any("evasion into enemy territory" in line for line in state.log)
    assert top(state) is None or not isinstance(top(state), ResponseWindow)


def run_(state, dice):
    from tests.support.wellington_movement import run
    return run(state, dice)
