"""Wellington: naval matters (14.1-14.4): convoys, amphibious assaults, the Strait of
Gibraltar, with the seed's numbers (../shared/rules/wellington.md §I: TC-23, TC-E18).
Positions are put in place with tests/support/wellington_siege.py and played through Match."""
from __future__ import annotations

from core import stack
from core.dice import scripted
from core.engine import Action
from core.wellington import flags as geo
from core.wellington import flow, naval
from core.wellington.frames.impulse import ImpulseMenu
from core.wellington.state import ADN, ADS, ENGLAND, GB, SPAIN
from tests.support.wellington_siege import (FLOW, act, board, flag, impulse, offered, put,
                                            refused_untouched, spend)


def test_tc_e18_convoy_england_to_valencia_for_1_cp():
    """TC-E18: the cavalry in the England box is changed into 2 infantry and 1 infantry is
    convoyed to Valencia (a Spanish fortress port) for 1 CP, past British Gibraltar."""
    match = board()
    put(match.state, ENGLAND, GB, cav=1)
    spend(match, GB, 1)
    assert offered(match, "convoy") == [None]
    act(match, GB, "convoy")
    assert offered(match, "convoy-from") == [ENGLAND]
    act(match, GB, "convoy-from", ENGLAND)
    assert offered(match, "convoy-load") == ["0"]          # 1 CP: one infantry, by change
    act(match, GB, "convoy-load", "0")
    assert "valencia" in offered(match, "convoy-sail")
    act(match, GB, "convoy-sail", "valencia")
    state = match.state
    assert state.troops["valencia"][GB] == [1, 0, 0]
    assert state.troops[ENGLAND][GB] == [1, 0, 0]
    assert isinstance(stack.top(state), ImpulseMenu)        # the 1 CP is spent
    assert state.paid_convoy[GB] == state.impulses


def test_tc_23_convoy_cost_and_capacity():
    """TC-23 (14.2, G.37): Wellington + 2 cavalry cost 5 CP; 5 commanders and SP at most."""
    match = board()
    put(match.state, "lisbon", GB, "wellington", "hill", cav=3, inf=3)
    spend(match, GB, 8)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "wellington")
    act(match, GB, "convoy-load", "1")
    act(match, GB, "convoy-load", "1")
    assert offered(match, "convoy-load") == []              # 5 aboard: full
    refused_untouched(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "porto")
    state = match.state
    assert state.commanders["wellington"] == "porto"
    assert state.troops["porto"][GB] == [0, 2, 0]
    assert stack.top(state).left == 3                       # 8 - 5
    assert offered(match, "convoy") == []                   # one paid convoy per impulse


def test_14_2_two_commanders_and_three_sp_is_legal():
    match = board()
    put(match.state, "lisbon", GB, "wellington", "hill", inf=3)
    spend(match, GB, 6)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    for what in ("wellington", "hill", "0", "0", "0"):
        act(match, GB, "convoy-load", what)
    act(match, GB, "convoy-sail", "porto")
    assert match.state.troops["porto"][GB] == [3, 0, 0]
    assert match.state.commanders["hill"] == "porto"
    assert match.state.sea_moved["wellington"] == match.state.impulses


def test_14_1_only_gb_convoys_for_cp():
    match = board()
    put(match.state, "cadiz", SPAIN, "castanos", inf=2)
    spend(match, SPAIN, 5)
    assert offered(match, "convoy") == []


def test_14_4_enemy_gibraltar_closes_the_strait():
    match = board()
    put(match.state, "lisbon", GB, inf=2)
    flag(match.state, "gibraltar", ADS)
    spend(match, GB, 5)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "0")
    ports = offered(match, "convoy-sail")
    assert "cadiz" in ports and "porto" in ports             # Atlantic to Atlantic
    assert "valencia" not in ports and "cartagena" not in ports
    match.state.flags.pop("gibraltar")
    assert "valencia" in offered(match, "convoy-sail")


def test_14_2_convoy_cancelled_costs_nothing():
    match = board()
    put(match.state, "lisbon", GB, inf=2)
    spend(match, GB, 5)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-cancel")
    assert stack.top(match.state).left == 5 and match.state.troops["lisbon"][GB] == [2, 0, 0]


def test_14_2_convoy_into_a_friendly_besieged_fortress_fights_at_once():
    """Suchet has nowhere to evade (12.4: every duchy next to Valencia is Spanish): no
    question, the battle at once."""
    match = board()
    put(match.state, ENGLAND, GB, inf=2)
    put(match.state, "valencia", ADS, "suchet", inf=3)
    spend(match, GB, 2)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", ENGLAND)
    act(match, GB, "convoy-load", "0")
    assert naval.besieged_by_enemy(match.state, "valencia", GB)
    with scripted([]):                                      # the battle's own dice
        match.act(GB, Action("convoy-sail", "valencia"))
    assert "Battle at Valencia" in "\n".join(match.state.log)


def test_g36_convoy_into_an_enemy_fortress_besieged_by_friends():
    """14.2, G.36: by default such a convoy needs every 14.3 condition (#93): not offered;
    with the option off it is resolved as an assault: the battery fires 6 dice (14.3)."""
    match = board()
    put(match.state, "lisbon", GB, inf=2)
    put(match.state, "san-sebastian", GB, "graham", inf=1)
    spend(match, GB, 2)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "0")
    assert "san-sebastian" not in offered(match, "convoy-sail")
    match2 = board(convoy_assault_needs_93=False)
    put(match2.state, "lisbon", GB, inf=2)
    put(match2.state, "san-sebastian", GB, "graham", inf=1)
    spend(match2, GB, 2)
    act(match2, GB, "convoy")
    act(match2, GB, "convoy-from", "lisbon")
    act(match2, GB, "convoy-load", "0")
    act(match2, GB, "convoy-sail", "san-sebastian", dice=[1, 1, 1, 1, 1, 1])
    assert match2.state.troops["san-sebastian"][GB] == [2, 0, 0]


def test_14_3_assault_needs_93_and_a_minor_enemy_port():
    match = board()
    put(match.state, "lisbon", GB, "graham", inf=3)
    spend(match, GB, 6)
    assert offered(match, "assault") == []                  # no #93
    naval.enable_assault(match.state, GB)
    act(match, GB, "assault")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "graham")
    ports = offered(match, "convoy-sail")
    assert "santander" in ports and "san-sebastian" in ports
    assert "bordeaux" not in ports                          # a major port
    assert "porto" not in ports                             # not an enemy port


def test_14_3_battery_fire_then_a_siege_with_first_round_losses():
    """14.3: San Sebastián is a fortress duchy: 6 battery dice; one 6 and one 5 hit the
    landing party; the survivors may besiege, the battery's 2 losses counting as losses of the
    first siege round (so 2 hits are not more: no second round) and its 5 as a disorganised
    SP."""
    match = board()
    put(match.state, "lisbon", GB, "graham", inf=4)
    spend(match, GB, 5)
    naval.enable_assault(match.state, GB)
    act(match, GB, "assault")
    act(match, GB, "convoy-from", "lisbon")
    for what in ("graham", "0", "0", "0", "0"):
        act(match, GB, "convoy-load", what)
    act(match, GB, "convoy-sail", "san-sebastian", dice=[6, 5, 1, 1, 1, 1])
    state = match.state
    assert state.troops["san-sebastian"][GB] == [3, 0, 0]
    assert state.battery["san-sebastian"] == [state.impulses, 1, 1]
    assert offered(match, "siege") == ["san-sebastian=graham"]
    # Graham (BV 2): 3 SP - 1 disorganised + 2 + 1 (British) = 5 dice
    act(match, GB, "siege", "san-sebastian=graham", dice=[6, 6, 1, 1, 1] + [1, 1, 1])
    assert "Siege round 2" not in "\n".join(match.state.log)
    assert "graham" in match.state.bfi


def test_14_3_landing_against_enemy_formations_fights():
    match = board()
    put(match.state, "lisbon", GB, "graham", inf=2)
    put(match.state, "santander", ADN, inf=1)
    spend(match, GB, 3)
    naval.enable_assault(match.state, GB)
    act(match, GB, "assault")
    act(match, GB, "convoy-from", "lisbon")
    for what in ("graham", "0", "0"):
        act(match, GB, "convoy-load", what)
    act(match, GB, "convoy-sail", "santander", dice=[1, 1, 1])     # the battery: no hit
    assert match.state.active == [ADN]                      # 14.3: the defender may evade
    assert "soldiers>burgos" in offered(match, "evade") and offered(match, "stay") == [None]
    with scripted([1] * 12):                                # the battle's dice
        match.act(ADN, Action("stay"))
    assert "Battle at Santander" in "\n".join(match.state.log)


def assault_on_santander():
    """GB's assault with Graham and 2 infantry on Santander (AdN, 1 infantry), the battery's
    3 dice missing."""
    match = board()
    put(match.state, "lisbon", GB, "graham", inf=2)
    put(match.state, "santander", ADN, inf=1)
    spend(match, GB, 3)
    naval.enable_assault(match.state, GB)
    act(match, GB, "assault")
    act(match, GB, "convoy-from", "lisbon")
    for what in ("graham", "0", "0"):
        act(match, GB, "convoy-load", what)
    act(match, GB, "convoy-sail", "santander", dice=[1, 1, 1])
    return match


def test_14_3_the_defenders_evade_before_the_assault_s_battle():
    """14.3 "unless the defender evades", 10.5, 10.7: the AdN infantry (leaderless: its own
    roll) evades to Bilbao (AdN): 4 + 4 + 1 (friendly) = 9: no battle; Graham holds the
    port."""
    match = assault_on_santander()
    act(match, ADN, "evade", "soldiers>bilbao", dice=[4, 4])
    state = match.state
    log = "\n".join(state.log)
    assert "1 of 1 counters evade" in log and "Battle at Santander" not in log
    assert state.troops["bilbao"][ADN] == [1, 0, 0]
    assert state.commanders["graham"] == "santander" and state.active == [GB]


def test_14_3_a_failed_evasion_then_the_battle():
    """To Burgos across a Pass: 3 + 3 + 1 (friendly) - 1 (pass) = 6 < 9: the infantry stays
    (a BFI marker, the failed evasion on record for the attacker's die, 10.7) and the
    assault's battle follows."""
    match = assault_on_santander()
    with scripted([3, 3] + [1] * 12):
        match.act(ADN, Action("evade", "soldiers>burgos"))
    state = match.state
    assert f"{ADN}:santander" in state.bfi
    assert "Battle at Santander" in "\n".join(state.log)


def test_14_3_an_evasion_the_rules_forbid_is_refused():
    match = assault_on_santander()
    refused_untouched(match, ADN, "evade", "army>burgos")      # no AdN commander there
    refused_untouched(match, ADN, "evade", "soldiers>lisbon")  # not adjacent


def convoy_into_besieged_valencia():
    """14.2: Suchet (AdS) with 2 infantry besieges Spanish Valencia; Yecla is AdS's (12.4:
    the only way out of an enemy fortress duchy); GB convoys 1 infantry from the England box
    into Valencia."""
    match = board()
    flag(match.state, "yecla", ADS)
    put(match.state, ENGLAND, GB, inf=1)
    put(match.state, "valencia", ADS, "suchet", inf=2)
    spend(match, GB, 1)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", ENGLAND)
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "valencia")
    assert match.state.active == [ADS]      # 14.2: "unless the besieging Formation evades"
    return match


def test_14_2_the_besiegers_evade_before_the_convoy_s_battle():
    """Suchet's Army evades to Yecla (friendly: no attrition): no battle at Valencia."""
    match = convoy_into_besieged_valencia()
    assert offered(match, "evade") == ["army>yecla"]
    act(match, ADS, "evade", "army>yecla", dice=[6, 6])
    state = match.state
    log = "\n".join(state.log)
    assert state.commanders["suchet"] == "yecla" and state.troops["yecla"][ADS] == [2, 0, 0]
    assert "Evasion succeeds" in log and "Battle at Valencia" not in log


def test_14_2_the_besiegers_fail_to_evade_and_fight_the_convoy():
    match = convoy_into_besieged_valencia()
    with scripted([1, 1] + [1] * 20):
        match.act(ADS, Action("evade", "army>yecla"))
    state = match.state
    assert "suchet" in state.bfi and state.commanders["suchet"] == "valencia"
    assert "Battle at Valencia" in "\n".join(state.log)


def test_start_convoy_free_for_an_event():
    """#103 (France) / #93's free convoys: no CP, not the impulse's paid convoy; a landing
    from a duchy not adjacent (or England) is by sea (9.44: its retreat has attrition)."""
    match = board()
    put(match.state, "santander", ADN, inf=1)
    impulse(match, ADN)
    naval.start_convoy(match.state, ADN, free=True)
    stack.run(match.state, FLOW, flow.settle)
    act(match, ADN, "convoy-from", "santander")
    act(match, ADN, "convoy-load", "0")
    assert "bayonne" in offered(match, "convoy-sail")
    act(match, ADN, "convoy-sail", "bayonne")
    assert match.state.troops["bayonne"][ADN] == [1, 0, 0]
    assert ADN not in match.state.paid_convoy
    assert isinstance(stack.top(match.state), ImpulseMenu)
    assert geo.by_sea("bayonne", "santander")
    assert geo.by_sea("valencia", ENGLAND) and not geo.by_sea("almaraz", "ciudad-rodrigo")


def test_g62_a_blocked_convoy_loses_its_cp():
    """5.2, #103, G.62: the convoy is announced (a Response window) before it sails; blocked
    there, it does not sail and the CP are lost."""
    match = board(ask_every_power_for_responses=True)
    put(match.state, "lisbon", GB, inf=2)
    spend(match, GB, 5)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "porto")
    assert match.state.active == [ADS]                      # the Response window
    naval.block(match.state, "#103 Naval Support")
    for power in (ADS, SPAIN, ADN, GB):                     # the active Power is asked too
        act(match, power, "no-response")
    state = match.state
    assert state.troops["lisbon"][GB] == [2, 0, 0] and "porto" not in state.troops
    assert stack.top(state).left == 4 and state.paid_convoy[GB] == state.impulses


def test_16_3_convoy_deployment_destinations():
    """16.3: friendly unbesieged ports, not across an enemy Strait, none an enemy Army could
    intercept into."""
    match = board()
    state = match.state
    put(state, "valencia", ADS, "suchet", inf=1)            # Valencia besieged
    put(state, "braga", ADN, "marmont")                      # next to Porto (Braga-Porto)
    ports = naval.deployment_destinations(state, GB, "lisbon")
    assert "cadiz" in ports and ENGLAND in ports and "gibraltar" in ports
    assert "valencia" not in ports and "porto" not in ports and "lisbon" not in ports
    flag(state, "gibraltar", ADS)
    ports = naval.deployment_destinations(state, GB, "lisbon")
    assert "cartagena" not in ports and "cadiz" in ports


def test_a_game_saved_mid_convoy_decodes_alike():
    """The Convoy and Sailing frames are in the state's frame union: a save carries them."""
    import msgspec

    from core.wellington.state import WellingtonState
    match = board()
    put(match.state, "lisbon", GB, "wellington", inf=2)
    spend(match, GB, 5)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", "lisbon")
    act(match, GB, "convoy-load", "wellington")
    raw = msgspec.json.encode(match.state)
    again = msgspec.json.decode(raw, type=WellingtonState)
    assert msgspec.json.encode(again) == raw
    assert stack.top(again).commanders == ["wellington"]


def convoy_to_castellon():
    """GB convoys 1 infantry from the England box to Castellón (Spanish); Suchet (AdS) with
    2 infantry stands at Tortosa (AdS), across an Open line."""
    match = board()
    put(match.state, ENGLAND, GB, inf=1)
    put(match.state, "tortosa", ADS, "suchet", inf=2)
    spend(match, GB, 1)
    act(match, GB, "convoy")
    act(match, GB, "convoy-from", ENGLAND)
    act(match, GB, "convoy-load", "0")
    act(match, GB, "convoy-sail", "castellon")
    return match


def test_10_1_a_landing_may_be_intercepted_then_the_battle():
    """10.1 ("to prevent the movement of an enemy Formation into the duchy"): Suchet tries
    to intercept into Castellón (no +1: Spanish before the landing, G.18; +3 his BV: needs
    6+) and rolls 12: he
    comes (no attrition: from a friendly duchy across an Open line) and the battle follows;
    he may not then evade (I3)."""
    match = convoy_to_castellon()
    assert match.state.active == [ADS] and offered(match, "intercept") == ["suchet"]
    assert "into a friendly duchy" not in [c.label for c in match.actions(ADS)
                                           if c.action.verb == "intercept"][0]
    with scripted([6, 6] + [1] * 20):
        match.act(ADS, Action("intercept", "suchet"))
    state = match.state
    assert state.commanders["suchet"] == "castellon"
    assert state.troops["castellon"][ADS] == [2, 0, 0]
    log = "\n".join(state.log)
    assert "Suchet intercepts into Castellón (10.4)" in log
    assert "Battle at Castellón: GB attacks" in log


def test_10_1_a_failed_interception_of_a_landing_marks_the_interceptor():
    """1 + 1 + 3 (Suchet's BV) = 5 < 9: Suchet stays at Tortosa with a BFI marker ("11.4" in §10); no battle."""
    match = convoy_to_castellon()
    act(match, ADS, "intercept", "suchet", dice=[1, 1])
    state = match.state
    assert state.commanders["suchet"] == "tortosa" and "suchet" in state.bfi
    assert state.troops["castellon"][GB] == [1, 0, 0]
    assert "Battle at Castell" not in "\n".join(state.log)
    assert state.active == [GB]                         # back to GB's impulse


def test_10_1_declining_the_interception_and_a_refused_one():
    match = convoy_to_castellon()
    refused_untouched(match, ADS, "intercept", "soult")        # not there
    act(match, ADS, "no-intercept")
    assert match.state.active == [GB] and match.state.commanders["suchet"] == "tortosa"
