"""Wellington: attrition (13.1, C.16) and the attrition phase of the turn (4.3), with the
seed's numbers (../shared/rules/wellington.md §I: TC-20). TC-21 (a successful evasion counts
as movement) is applied by the interception part, which rolls its attrition with its own
movement attrition (core/wellington/interception.py, I4)."""
from __future__ import annotations

from core import stack
from core.dice import scripted
from core.wellington import attrition, flow
from core.wellington.frames.siege import AttritionCasualty, AttritionSplit
from core.wellington import flags as geo
from core.wellington.state import ADN, ALLIES, ART, CAV, FRENCH, GB, INF, REGROUP, SPAIN, UNBUILT
from tests.support.wellington_siege import FLOW, act, board, flag, offered, put


def test_tc_20_two_causes_roll_twelve_dice_at_once():
    """13.1: a commander + 3 infantry + 1 cavalry (5 SP) suffering attrition twice rolls 12
    dice together; each 6 eliminates 1 SP; the commander only once no soldier is left."""
    match = board()
    state = match.state
    put(state, "toledo", ADN, "clausel", inf=3, cav=1)
    units = attrition.units_of_side(state, "toledo", FRENCH)
    assert attrition.dice_for(units, causes=2) == 12
    with scripted([6, 6, 6, 6, 6] + [1] * 7, strict=True):
        lost = attrition.check(state, "toledo", units, causes=2, why="two causes")
    assert lost == {ADN: 5}
    assert ADN not in state.troops.get("toledo", {})
    assert state.commanders["clausel"] == "toledo"


def test_13_1_commander_lost_last():
    match = board()
    state = match.state
    put(state, "toledo", ADN, "clausel", inf=1)
    with scripted([6, 6], strict=True):
        lost = attrition.check(state, "toledo", attrition.units_of_side(state, "toledo", FRENCH))
    assert lost == {ADN: 2} and state.commanders["clausel"] == UNBUILT


def test_13_1_two_power_army_group_odd_loss_to_the_commanders_power():
    match = board()
    state = match.state
    put(state, "toledo", GB, "wellington", inf=2)
    put(state, "toledo", SPAIN, inf=2)
    state.leading["toledo"] = "wellington"
    units = attrition.units_of_side(state, "toledo", ALLIES)
    assert attrition.shares(units, 3, "wellington") == {GB: 2, SPAIN: 1}
    assert attrition.shares(units, 9, "wellington") == {GB: 3, SPAIN: 2}


def test_4_3_uncontrolled_and_besiegers_roll_friendly_do_not():
    """4.3: a French Formation in an Allied unfortified duchy (Uncontrolled) and British
    besiegers of a French fortress (Uncontrolled for them, 3.1) roll; a French Formation in a
    French duchy does not. All are found before any die; the Siege-to-Resolve markers go."""
    match = board()
    state = match.state
    put(state, "braga", ADN, inf=2)                      # British print: Uncontrolled
    put(state, "ciudad-rodrigo", GB, "wellington", inf=1)   # besieging an AdN fortress
    put(state, "toledo", ADN, inf=3)                      # AdN print: friendly
    state.siege_to_resolve = [SPAIN]
    assert sorted(attrition.exposed(state)) == [("braga", FRENCH), ("ciudad-rodrigo", ALLIES)]
    with scripted([6, 1] + [1, 6], strict=True):           # map order: braga first
        attrition.attrition_step(state)
    assert state.troops["braga"][ADN] == [1, 0, 0]
    assert ("ciudad-rodrigo" not in state.troops) and state.commanders["wellington"] == \
        "ciudad-rodrigo"
    assert state.troops["toledo"][ADN] == [3, 0, 0]
    assert state.siege_to_resolve == []


def test_4_3_no_formation_exposed_rolls_nothing():
    match = board()
    state = match.state
    put(state, "toledo", ADN, inf=3)                     # AdN print: friendly, not exposed
    troops = {duchy: {power: list(counts) for power, counts in held.items()}
              for duchy, held in state.troops.items()}
    commanders = dict(state.commanders)
    frames = len(state.stack)
    assert attrition.exposed(state) == []
    with scripted([], strict=True):                      # not one die
        attrition.attrition_step(state)
    assert state.troops == troops and state.troops["toledo"][ADN] == [3, 0, 0]
    assert state.commanders == commanders
    assert len(state.stack) == frames                    # nothing asked
    assert state.log[-1] == ("4.3 Attrition: no Formation stands in a duchy its side does "
                             "not control.")


def test_11_11_spanish_loot_attrition_to_the_regroup_box():
    match = board()
    state = match.state
    put(state, "toledo", SPAIN, "castanos", inf=2)
    put(state, "toledo", GB, inf=1)
    units = attrition.units_of_side(state, "toledo", ALLIES)
    with scripted([6, 1, 1] * 2, strict=True):              # 2 Resources: attrition twice
        lost = attrition.loot_attrition(state, "toledo", 2, units, "Plunder", "11.11")
    assert lost == {SPAIN: 2}
    assert state.troops[REGROUP][SPAIN] == [2, 0, 0]
    assert state.commanders["castanos"] == "toledo"          # 2 losses, 2 SP: he stays
    assert state.troops["toledo"][GB] == [1, 0, 0]           # the British do not roll


def test_g38_flag_attrition():
    match = board()
    state = match.state
    flag(state, "braga", ADN)
    with scripted([5], strict=True):
        assert not attrition.flag_attrition(state, "braga", "#56 Cavalry Raid", "#56")
    with scripted([6], strict=True):
        assert attrition.flag_attrition(state, "braga", "#56 Cavalry Raid", "#56")
    assert geo.controller(state, "braga") == GB


def test_13_1_the_commanders_power_shares_end_of_turn_losses():
    """13.1 (differences chapter): in a two-Power Army Group the Commander's Power decides who
    takes the attrition losses, not necessarily evenly."""
    match = board()
    state = match.state
    put(state, "toledo", GB, "wellington", inf=2)         # AdN print: Uncontrolled for them
    put(state, "toledo", SPAIN, inf=2)
    state.leading["toledo"] = "wellington"
    with scripted([6, 6, 1, 1, 1], strict=True):
        attrition.attrition_step(state)
    frame = stack.top(state)
    assert isinstance(frame, AttritionSplit) and frame.power == GB and frame.left == 2
    state.stack = [frame]
    stack.run(state, FLOW, flow.settle)
    assert offered(match, "attrition-loss") == [GB, SPAIN]
    act(match, GB, "attrition-loss", SPAIN)
    act(match, GB, "attrition-loss", SPAIN)
    assert offered(match, "attrition-loss") == []
    assert match.state.troops["toledo"][GB] == [2, 0, 0]
    assert SPAIN not in match.state.troops["toledo"]


def test_93_hearts_of_oak_halves_british_attrition_in_a_port_w4():
    """#93 (wiring W4): attrition.check passes each Power's losses through
    events.cards_56_110.attrition_losses: 3 sixes against a British Formation in Lisbon (a
    port) while Hearts of Oak lasts cost 2 SP (halved, rounded up); the Spanish beside it
    lose their full share."""
    from core.wellington.events.cards_56_110_lasting import ADMIRALTY, HEARTS_OF_OAK
    from core.wellington.state import Effect
    match = board()
    state = match.state
    put(state, "lisbon", GB, inf=4)
    put(state, "lisbon", SPAIN, inf=4)
    state.effects.append(Effect(card=ADMIRALTY, power=GB, target=HEARTS_OF_OAK,
                                until="impulse"))
    units = attrition.units_of_side(state, "lisbon", ALLIES)
    with scripted([6, 6, 6, 6, 6, 6] + [1] * 2, strict=True):
        lost = attrition.check(state, "lisbon", units)
    assert lost == {GB: 2, SPAIN: 3}
    assert state.troops["lisbon"][GB] == [2, 0, 0] and state.troops["lisbon"][SPAIN] == [1, 0, 0]


# --- 13.1: the Power affected picks the counters (AttritionCasualty) -------------------------


def test_13_1_the_owner_picks_the_counter_lost_at_the_end_of_turn():
    """13.1 "La Potenza influenzata sceglie quale SP eliminare": GB (Hill, 1 infantry, 1
    cavalry, 1 artillery: 7 SP + 1 = 8 dice, 4.3) rolls one 6 and picks the counter; it takes
    1 SP of the artillery, change made (1.5): 6 SP left, no artillery; the loss is recorded
    for the impulse (#68, #102, #103)."""
    match = board()
    state = match.state
    put(state, "toledo", GB, "hill", inf=1, cav=1, art=1)
    with scripted([6] + [1] * 7, strict=True):
        attrition.attrition_step(state)
    frame = stack.top(state)
    assert isinstance(frame, AttritionCasualty) and frame.chooser == GB and frame.left == 1
    state.stack = [frame]
    stack.run(state, FLOW, flow.settle)
    assert match.state.active == [GB] and offered(match, "lose") == [INF, CAV, ART]
    act(match, GB, "lose", ART)
    troops = match.state.troops["toledo"][GB]
    assert troops[ART] == 0 and sum(n * sp for n, sp in zip(troops, (1, 2, 4))) == 6
    assert [(r[2], r[4]) for r in attrition.losses(match.state, "toledo")] == [(GB, 1)]
    assert match.state.stack == []


def test_13_1_the_owner_may_lose_the_infantry_instead():
    """The same 6 taken on the infantry: 1 cavalry and 1 artillery stay."""
    match = board()
    state = match.state
    put(state, "toledo", GB, "hill", inf=1, cav=1, art=1)
    with scripted([6] + [1] * 7, strict=True):
        attrition.attrition_step(state)
    state.stack = [stack.top(state)]
    stack.run(state, FLOW, flow.settle)
    act(match, GB, "lose", INF)
    assert match.state.troops["toledo"][GB] == [0, 1, 1]


def test_13_1_the_commanders_power_picks_the_allys_counters():
    """13.1 "Se si tratta di un Gruppo di Armate di due Potenze, sceglie la Potenza del
    Comandante": Wellington's GB (2 infantry) with Spain (1 infantry, 1 cavalry): 6 dice, two
    6s; GB gives both to Spain, then GB (not Spain) picks Spain's counters: the cavalry."""
    match = board()
    state = match.state
    put(state, "toledo", GB, "wellington", inf=2)
    put(state, "toledo", SPAIN, inf=1, cav=1)
    state.leading["toledo"] = "wellington"
    with scripted([6, 6, 1, 1, 1, 1], strict=True):
        attrition.attrition_step(state)
    state.stack = [stack.top(state)]
    stack.run(state, FLOW, flow.settle)
    act(match, GB, "attrition-loss", SPAIN)
    act(match, GB, "attrition-loss", SPAIN)
    frame = stack.top(match.state)
    assert isinstance(frame, AttritionCasualty) and frame.power == SPAIN and frame.left == 2
    assert match.state.active == [GB] and offered(match, "lose") == [INF, CAV]
    act(match, GB, "lose", CAV)                        # the whole cavalry: 2 SP
    assert match.state.troops["toledo"][SPAIN] == [1, 0, 0]
    assert match.state.troops["toledo"][GB] == [2, 0, 0]
    assert match.state.stack == []


def test_13_1_no_question_when_one_kind_of_counter_is_there():
    """Only infantry: nothing to choose, the loss is taken at once."""
    match = board()
    state = match.state
    put(state, "toledo", GB, "hill", inf=3)
    with scripted([6, 1, 1, 1], strict=True):
        attrition.attrition_step(state)
    assert not any(isinstance(f, AttritionCasualty) for f in state.stack)
    assert state.troops["toledo"][GB] == [2, 0, 0]


def test_13_1_no_question_when_every_soldier_is_lost():
    """Three 6s against 1 infantry and 1 cavalry (3 SP) under Hill: every soldier goes, no
    choice is left; Hill stays (commanders only once no soldier is left, and no 6 is left)."""
    match = board()
    state = match.state
    put(state, "toledo", GB, "hill", inf=1, cav=1)
    with scripted([6, 6, 6, 1], strict=True):
        attrition.attrition_step(state)
    assert not any(isinstance(f, AttritionCasualty) for f in state.stack)
    assert GB not in state.troops.get("toledo", {}) and state.commanders["hill"] == "toledo"
