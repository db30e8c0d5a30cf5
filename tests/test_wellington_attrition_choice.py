"""Wellington 13.1 for attrition checked in the middle of an action: "La Potenza influenzata
sceglie quale SP eliminare in ogni Ducato ... Se si tratta di un Gruppo di Armate di due
Potenze, sceglie la Potenza del Comandante" (docs/wellington-sieges-naval.md, A1). The dice
decide how many are lost; the owner (the Commander's Power of a two-Power group) chooses
which counters, as a real stop answered before the action goes on: movement (9.41, 9.42,
TC-20), evasion (10.5, TC-21), the retreat (9.44, 14.3), the battle's Plunder attrition
(11.11), events (#43, #60, #88, #95). Asked only when there is a real choice."""
from __future__ import annotations

import msgspec
import pytest

from core import stack
from core.engine import IllegalAction
from core.wellington import attrition, building, movement
from core.wellington.frames.attrition_losses import ArmyCasualty
from core.wellington.frames.movement import Move, MoveStep
from core.wellington.frames.siege import AttritionCasualty, AttritionSplit
from core.wellington.state import ADN, ADS, ART, CAV, GB, INF, REGROUP, SPAIN, WellingtonState
from tests.support.wellington_movement import (Recorder, act, choices, counts, empty, nouns,
                                               put, spend, top, troops)


def tc20_at_oviedo() -> WellingtonState:
    """TC-20: Marmont + 3 infantry + 1 cavalry (5 SP) enter Oviedo across a Pass in their
    5th duchy (9.41 + 9.42): (1 + 5) x 2 = 12 dice, two 6s: 2 SP to lose."""
    state = empty()
    put(state, "marmont", "valladolid", [3, 1, 0])
    state = act(spend(state, "AdN", 6), "AdN", "move", "marmont")    # 1 CP left after
    for dest in ("leon", "zamora", "valladolid", "leon"):
        state = act(state, "AdN", "to", dest)
    return act(state, "AdN", "to", "oviedo", dice=[6, 6] + [1] * 10)


def moving_army(state: WellingtonState):
    move = stack.find(state, Move)
    assert move is not None
    return move.armies[0]


# --- 9.41, 9.42: the mover (TC-20) ----------------------------------------------------------


def test_tc20_13_1_the_mover_picks_the_cavalry():
    """TC-20: 2 SP to lose among 3 infantry and 1 cavalry: AdN is asked (a real choice); the
    whole cavalry (2 SP) settles it; the move goes on with what is left."""
    state = tc20_at_oviedo()
    frame = top(state)
    assert isinstance(frame, ArmyCasualty) and state.active == [ADN]
    assert frame.left == 2 and frame.army == "marmont"
    assert sorted(nouns(state, ADN, "lose")) == [INF, CAV]
    assert counts(state, "oviedo", ADN) == [3, 1, 0]          # nothing taken before the answer
    state = act(state, ADN, "lose", CAV)
    assert counts(state, "oviedo", ADN) == [3, 0, 0]
    assert moving_army(state).troops == [3, 0, 0]
    assert isinstance(top(state), MoveStep)
    assert state.commanders["marmont"] == "oviedo"


def test_tc20_13_1_two_infantry_or_one_sp_of_the_cavalry_change_made():
    """TC-20 again: an infantry first (1 SP left: still a choice), then 1 SP of the cavalry:
    it is changed into 2 infantry (1.5), one of which goes; the Army carries the change."""
    state = tc20_at_oviedo()
    state = act(state, ADN, "lose", INF)
    assert isinstance(top(state), ArmyCasualty) and top(state).left == 1
    assert "change made" in next(c.label for c in choices(state, ADN)
                                 if c.action.noun == CAV)
    state = act(state, ADN, "lose", CAV)
    assert counts(state, "oviedo", ADN) == [3, 0, 0]
    assert moving_army(state).troops == [3, 0, 0]
    assert isinstance(top(state), MoveStep)


def test_13_1_the_infantry_twice_gives_the_old_automatic_result():
    state = tc20_at_oviedo()
    state = act(act(state, ADN, "lose", INF), ADN, "lose", INF)
    assert counts(state, "oviedo", ADN) == [1, 1, 0] and moving_army(state).troops == [1, 1, 0]


def test_13_1_refusals_leave_the_state_untouched():
    """No artillery in the Army: refused; another Power: refused; the state unchanged."""
    state = tc20_at_oviedo()
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction):
        act(state, ADN, "lose", ART)
    with pytest.raises(IllegalAction):
        act(state, "GB", "lose", INF)
    assert msgspec.json.encode(state) == before


def test_13_1_a_game_saved_at_the_question_goes_on_from_it():
    state = tc20_at_oviedo()
    loaded = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    assert isinstance(top(loaded), ArmyCasualty)
    after = act(loaded, ADN, "lose", CAV)
    again = act(state, ADN, "lose", CAV)
    assert msgspec.json.encode(after) == msgspec.json.encode(again)
    assert moving_army(after).troops == [3, 0, 0]


def forced_march_into_elvas(army: list[int], garrison: list[int], faces: list[int]):
    """9.42: Wellington's Army's 5th duchy is Elvas (friendly): one cause, one die per SP and
    for Wellington; `garrison`: British soldiers already at Elvas (not affected)."""
    state = empty()
    put(state, "wellington", "lisbon", army)
    troops(state, "elvas", "GB", garrison)
    state = act(spend(state, "GB", 6), "GB", "move", "wellington")
    for dest in ("coimbra", "almeida", "fuentes-d-onoro", "lisbon"):
        state = act(state, "GB", "to", dest)
    return act(state, "GB", "to", "elvas", dice=faces)


def test_9_42_only_the_armys_own_soldiers_are_offered():
    """9.42, 13.1: the British artillery standing at Elvas did not march: only the Army's
    infantry and cavalry may take the loss; 1 SP of the cavalry, change made."""
    state = forced_march_into_elvas([2, 1, 0], [0, 0, 1], [6, 1, 1, 1, 1])
    assert isinstance(top(state), ArmyCasualty) and state.active == ["GB"]
    assert sorted(nouns(state, "GB", "lose")) == [INF, CAV]
    state = act(state, "GB", "lose", CAV)
    assert counts(state, "elvas", "GB") == [3, 0, 1]
    assert moving_army(state).troops == [3, 0, 0]


def test_9_42_no_question_with_one_kind_of_counter():
    state = forced_march_into_elvas([2, 0, 0], [0, 0, 1], [6, 1, 1])
    assert not isinstance(top(state), AttritionCasualty)
    assert counts(state, "elvas", "GB") == [1, 0, 1] and moving_army(state).troops == [1, 0, 0]


def group_in_elvas(faces: list[int]) -> WellingtonState:
    """Wellington's Army (2 infantry) and De España's Spanish Army (1 infantry, 1 cavalry)
    move as an Army Group (9.62-9.64, 2 CP a duchy); Elvas is their 5th duchy (9.42): the
    group rolls together, 3 + 4 = 7 dice (13.1)."""
    state = empty()
    put(state, "wellington", "lisbon", [2, 0, 0])
    put(state, "de-espana", "lisbon", [1, 1, 0], lead=False)
    state = act(spend(state, "GB", 12), "GB", "move-group", "lisbon")
    for dest in ("coimbra", "almeida", "fuentes-d-onoro", "lisbon"):
        state = act(state, "GB", "to", dest)
    return act(state, "GB", "to", "elvas", dice=faces)


def test_13_1_the_commanders_power_shares_its_groups_losses_and_picks_the_counters():
    """13.1 "sceglie la Potenza del Comandante": one 6 of 7 dice; GB (Wellington's Power)
    says who takes it (Spain), then picks Spain's counter (the infantry); Spain may not."""
    state = group_in_elvas([6] + [1] * 6)
    frame = top(state)
    assert isinstance(frame, AttritionSplit) and frame.power == "GB" and frame.left == 1
    assert sorted(nouns(state, "GB", "attrition-loss")) == ["GB", SPAIN]
    with pytest.raises(IllegalAction):
        act(state, SPAIN, "attrition-loss", SPAIN)
    state = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    assert isinstance(top(state), AttritionSplit)               # a save at the question
    state = act(state, "GB", "attrition-loss", SPAIN)
    frame = top(state)
    assert isinstance(frame, ArmyCasualty) and frame.power == SPAIN and frame.chooser == "GB"
    with pytest.raises(IllegalAction):
        act(state, SPAIN, "lose", INF)
    state = act(state, "GB", "lose", INF)
    assert counts(state, "elvas", SPAIN) == [0, 1, 0] and counts(state, "elvas", "GB") == [2, 0, 0]
    spanish = next(a for a in stack.find(state, Move).armies if a.power == SPAIN)
    assert spanish.troops == [0, 1, 0]
    assert isinstance(top(state), MoveStep)


def test_13_1_the_commanders_power_may_take_the_loss_itself():
    """The same 6 taken by GB: only infantry there, no further question."""
    state = group_in_elvas([1, 1, 1, 1, 1, 1, 6])
    state = act(state, "GB", "attrition-loss", "GB")
    assert counts(state, "elvas", "GB") == [1, 0, 0] and counts(state, "elvas", SPAIN) == [1, 1, 0]
    british = next(a for a in stack.find(state, Move).armies if a.power == "GB")
    assert british.troops == [1, 0, 0]
    assert isinstance(top(state), MoveStep)


# --- 10.5: an evasion into enemy territory (TC-21) ----------------------------------------


def test_tc21_10_5_the_evader_picks_its_losses_before_the_pursuit():
    """TC-21: De España (1 infantry, 1 cavalry) evades from Salamanca into Lumbrales (enemy):
    attrition, 4 dice, one 6: Spain chooses (the cavalry, change made); then the move goes
    on (10.8: AdN may follow)."""
    state = empty()
    put(state, "de-espana", "salamanca", [1, 1, 0])
    put(state, "marmont", "valladolid", [2, 0, 0])
    state = act(spend(state, "AdN", 2), "AdN", "move", "marmont")
    with movement.battles_by(Recorder()) as battles:
        state = act(state, "AdN", "to", "salamanca")
        state = act(state, "Spain", "evade", "army>lumbrales", dice=[5, 4, 6, 1, 1, 1])
        assert isinstance(top(state), ArmyCasualty) and state.active == [SPAIN]
        assert top(state).duchy == "lumbrales"
        state = act(state, SPAIN, "lose", CAV)
    assert counts(state, "lumbrales", SPAIN) == [2, 0, 0]
    assert battles.calls == []
    assert "lumbrales" in nouns(state, "AdN", "to")


def test_10_5_an_evasion_made_alone_asks_before_its_entered_window():
    """#90's levy at Valladolid: Marmont (1 infantry, 1 cavalry) evades alone (10.5) into
    Zamora (Spanish: enemy territory, 13.1's example): [6, 6] succeeds, 4 dice [6, 1, 1, 1]:
    1 SP; AdN picks it (the infantry) before anything else is asked; then no battle."""
    from core.dice import scripted
    from core.wellington.frames.battle import Battle
    from tests import test_wellington_events_56_110 as ev
    state = ev.game(GB)
    ev.place(state, "valladolid", ADN, infantry=1, cavalry=1, commanders=("marmont",),
             lead=True)
    state.flags["zamora"] = SPAIN
    ev.give(state, SPAIN, 90)
    ev.play(state, SPAIN, 90, "cp-card:10")
    state = ev.choose(state, SPAIN, f"{SPAIN}|valladolid")
    ev.evasion_asked(state, ADN)
    with scripted([6, 6, 6, 1, 1, 1], strict=True):
        state = ev.choose(state, ADN, "army>zamora")
    frame = stack.top(state)
    assert isinstance(frame, ArmyCasualty) and frame.duchy == "zamora" and frame.left == 1
    assert state.active == [ADN] and sorted(nouns(state, ADN, "lose")) == [INF, CAV]
    state = stack.act(state, ev.FLOW, ADN, ev.Action("lose", INF), settle=ev.flow.settle)
    ev.decline(state, "entered:evade:marmont:valladolid>zamora")
    stack.run(state, ev.FLOW, ev.flow.settle)
    assert building.counters(state, "zamora", ADN) == [0, 1, 0]
    assert state.commanders["marmont"] == "zamora"
    assert stack.find(state, Battle) is None


# --- 11.11: the Plunder attrition, 9.44 / 14.3: the retreat ----------------------------------


def test_11_11_spain_picks_its_plunder_attrition_losses():
    """11.11, 13.1: De España (infantry and cavalry) wins and gains a Resource: one check; a 6
    takes 1 SP: Spain picks the counter (the infantry, to the Regroup Box) before the battle
    closes."""
    from core.dice import scripted
    from tests.support import wellington_battle as wb
    state = wb.board("GB")
    wb.place(state, "toledo", ADN, infantry=1, commanders=("joseph",))
    wb.place(state, "toledo", GB, infantry=1, commanders=("wellington",))
    wb.place(state, "toledo", SPAIN, infantry=1, cavalry=1, commanders=("de-espana",))
    state.leading["toledo"] = "de-espana"
    spanish = [6, 1, 1, 1]                  # De España + 3 SP: one 6
    with scripted([6, 6, 5, 5, 1] + [1] * 5 + [6] + spanish, strict=True):
        wb.fight(state, "toledo", SPAIN, "de-espana", "madrid")
        state = wb.act(state, SPAIN, "no-flag")
    assert any("Spanish plunder attrition, 11.11): 4 dice, 1 six" in line for line in state.log)
    frame = stack.top(state)
    assert isinstance(frame, AttritionCasualty) and frame.to == REGROUP
    assert state.active == [SPAIN]
    with pytest.raises(IllegalAction):
        wb.act(state, SPAIN, "lose", ART)
    state = wb.act(state, SPAIN, "lose", INF)
    assert state.troops[REGROUP][SPAIN] == [1, 0, 0]
    assert building.counters(state, "toledo", SPAIN) == [0, 1, 0]
    assert wb.asked(state) is wb.Caller


def test_14_3_9_44_the_retreat_to_sea_asks_which_counter_goes():
    """14.3: beaten at Santander, Beresford (1 infantry, 1 cavalry) returns to Lisbon by sea
    with attrition (9.44): 4 dice, one 6: GB picks (the infantry)."""
    from core.dice import scripted
    from tests.support import wellington_battle as wb
    state = wb.board("GB")
    wb.place(state, "santander", ADN, infantry=1)
    wb.place(state, "santander", GB, infantry=1, cavalry=1, commanders=("beresford",))
    state.battery["santander"] = [state.impulses, 1, 1]
    # GB 3 SP + 2 + 1 = 6 dice, AdN 3: no hit; the battery's 1 E + 1 D: the French win
    with scripted([1] * 6 + [1] * 3 + [1, 1, 1, 6], strict=True):
        wb.fight(state, "santander", GB, "beresford", "lisbon")
    assert any("to sea (9.44, 14.3)" in line for line in state.log)
    frame = stack.top(state)
    assert isinstance(frame, ArmyCasualty) and frame.duchy == "lisbon" and frame.left == 1
    state = wb.act(state, GB, "lose", INF)
    assert building.counters(state, "lisbon", GB) == [0, 1, 0]
    assert state.commanders["beresford"] == "lisbon"
    assert wb.asked(state) is wb.Caller


# --- events: #95 (TRY), #43, #88 with #102, #60 ------------------------------------------------


def test_95_the_french_pick_which_counter_of_the_trying_army_goes():
    """#95 (13.1): Marmont (1 infantry, 1 cavalry) declares a step next to Wellington: 4 dice
    [6, 2, 2, 2]: 1 SP; AdN chooses the infantry (to the Regroup Box); the step goes on with
    the cavalry."""
    from core.wellington.frames.impulse import ResponseWindow
    from tests.support.wellington_movement import give
    state = empty()
    put(state, "marmont", "valladolid", [1, 1, 0])
    put(state, "wellington", "salamanca", [1, 0, 0])
    give(state, "GB", 95)
    state = act(spend(state, "AdN", 1), "AdN", "move", "marmont")
    state = act(state, "AdN", "to", "saldana")
    assert isinstance(top(state), ResponseWindow) and top(state).asked[0] == "GB"
    state = act(state, "GB", "respond", 95, dice=[6, 2, 2, 2])
    assert isinstance(top(state), ArmyCasualty) and state.active == [ADN]
    assert top(state).to == REGROUP and top(state).duchy == "valladolid"
    state = act(state, ADN, "lose", INF)
    while isinstance(top(state), ResponseWindow):
        state = act(state, top(state).asked[0], "no-response")
    assert counts(state, "regroup", ADN) == [1, 0, 0]
    assert state.commanders["marmont"] == "saldana"
    assert counts(state, "saldana", ADN) == [0, 1, 0]


def french_group_at_salamanca():
    from tests.support import wellington_siege as ws
    match = ws.board()
    ws.put(match.state, "salamanca", ADN, "marmont", inf=2)
    ws.put(match.state, "salamanca", ADS, inf=2)
    match.state.leading["salamanca"] = "marmont"
    return match


def test_43_13_1_marmonts_power_shares_the_groups_losses():
    """#43 on Marmont's two-Power group (AdN 2 infantry, AdS 2 infantry): 5 dice, two 6s;
    the Commander's Power (AdN) says who takes each loss (13.1: AdS both); AdS may not."""
    from tests.support import wellington_siege as ws
    match = french_group_at_salamanca()
    ws.give(match.state, GB, 43)
    ws.impulse(match, GB)
    ws.act(match, GB, "event", 43)
    ws.act(match, GB, "event-choice", "attrition:salamanca", dice=[6, 6, 1, 1, 1])
    frame = stack.top(match.state)
    assert isinstance(frame, AttritionSplit) and frame.power == ADN and frame.left == 2
    ws.refused_untouched(match, ADS, "attrition-loss", ADS)
    ws.act(match, ADN, "attrition-loss", ADS)
    ws.act(match, ADN, "attrition-loss", ADS)
    assert building.counters(match.state, "salamanca", ADN) == [2, 0, 0]
    assert building.sp(match.state, "salamanca", ADS) == 0
    assert match.state.commanders["marmont"] == "salamanca"


def test_88_102_the_split_chosen_then_halved_by_the_response():
    """#88 on Marmont (AdN 4 infantry) with 2 AdS infantry at Valladolid: 5 sixes of 7 dice;
    AdN shares them (3 to itself, 2 to AdS, as the old even reading did); AdN answers with
    #102: AdN's 3 become 2 (rounded up), AdS's 2 become 1."""
    from tests.support import wellington_siege as ws
    match = ws.board()
    state = match.state
    ws.put(state, "salamanca", SPAIN, inf=1)
    ws.put(state, "valladolid", ADN, "marmont", inf=4)
    ws.put(state, "valladolid", ADS, inf=2)
    ws.give(state, SPAIN, 88)
    ws.give(state, ADN, 102)
    ws.impulse(match, SPAIN)
    ws.act(match, SPAIN, "event", 88)
    ws.act(match, ADN, "no-response")
    ws.act(match, SPAIN, "event-choice", "salamanca", dice=[6, 6, 6, 6, 6, 1, 1])
    assert isinstance(stack.top(match.state), AttritionSplit)
    for power in (ADN, ADN, ADN, ADS, ADS):
        ws.act(match, ADN, "attrition-loss", power)
    state = match.state
    assert (4 - building.sp(state, "valladolid", ADN), 2 - building.sp(state, "valladolid", ADS)) \
        == (3, 2)
    ws.act(match, ADN, "respond", 102)
    state = match.state
    assert 4 - building.sp(state, "valladolid", ADN) == 2
    assert 2 - building.sp(state, "valladolid", ADS) == 1


def test_60_traitors_dice_known_before_the_enemy_picks_its_loss():
    """#60: the enemy (1 infantry, 1 cavalry: 3 SP, 3 dice [6, 1, 1]) loses 1 SP: Spain rolls
    1 die more at once; AdN then picks the counter (the cavalry: 1 SP of it, change made)."""
    from core.dice import scripted
    from core.wellington.battle import cards as battle_cards
    from core.wellington.frames.battle import Battle
    from tests.support import wellington_battle as wb
    state = wb.board(SPAIN)
    wb.place(state, "zamora", SPAIN, infantry=3)
    wb.place(state, "zamora", ADN, infantry=1, cavalry=1)
    battle = Battle(duchy="zamora", attacker=SPAIN, active=SPAIN, attacking="Allies",
                    defending="French", round=1)
    state.stack.append(battle)
    wb.give(state, SPAIN, 60)
    with scripted([6, 1, 1], strict=True):
        battle_cards.play_battle_card(state, battle, SPAIN, 60)
    assert ("Allies", 0, 1, "#60 Traitors") in battle.extra_dice
    frame = stack.top(state)
    assert isinstance(frame, AttritionCasualty) and frame.chooser == ADN and frame.left == 1
    assert building.counters(state, "zamora", ADN) == [1, 1, 0]
    attrition.ATTRITION_CASUALTY.handlers["lose"](state, frame, CAV)
    assert building.counters(state, "zamora", ADN) == [2, 0, 0]
    assert stack.top(state) is battle


# --- battle cards: #31 (the round's losses), #61 (the routed survivors) ------------------------


def test_31_the_french_pick_their_loss_then_it_counts_for_the_round():
    """#31 Sauve qui peut on the French (1 infantry, 1 cavalry of AdS: 3 SP) after a 1 - 1
    round: 3 dice [6, 1, 1]: 1 SP; AdS picks it (1 SP of the cavalry, change made); it is
    recorded as the battle's and the round ends 1 - 2: GB wins."""
    from core.dice import scripted
    from core.wellington.battle import cards as battle_cards
    from core.wellington.frames.attrition_losses import BattleTally
    from tests import test_wellington_events_battle_seams as seams
    state = seams.avila(french=1)
    seams.place(state, "avila", ADS, cavalry=1)
    seams.give(state, SPAIN, 31)
    with scripted([5, 1, 1, 1, 5, 1, 1, 1, 1], strict=True):
        state = seams.begin(state)
    assert seams.window(state, battle_cards.END_OF_ROUND)
    state = seams.respond(state, SPAIN, 31)
    with scripted([6, 1, 1], strict=True):
        state = seams.choose(state, "French")
    frame = stack.top(state)
    assert isinstance(frame, AttritionCasualty) and frame.chooser == ADS and frame.left == 1
    assert isinstance(state.stack[-2], BattleTally)
    assert seams.fight(state).suffered_e.get("French", 0) == 0     # not yet tallied
    state = seams.act(state, ADS, "lose", CAV)
    assert building.counters(state, "avila", ADS) == [2, 0, 0]
    assert [tuple(r) for r in seams.fight(state).records if r[1] == ADS] == \
        [("#31 Sauve Qui Peut!", ADS, "sp")]
    state = seams.pass_(state)
    assert seams.log_has(state, "Losses Allies 1, French 2: the Allies win (11.52)")


def test_61_the_routed_survivors_pick_their_losses():
    """#61 (lowered margin: a Rout at 2): GB [6, 5, 1, 1] on AdS (3 infantry, 1 cavalry,
    Decaen): 1 E + 1 D (AdS picks an infantry each time, 11.5, 11.7); the survivors (1
    infantry, 1 cavalry, Decaen) roll 4 dice [6, 1, 1, 1]: 1 SP, AdS picks it (13.1); it is
    the battle's loss: Plunder 3 + 3 + 2 = 8."""
    from core.dice import scripted
    from core.wellington.battle import cards as battle_cards
    from core.wellington.frames.attrition_losses import BattleTally
    from core.wellington.frames.impulse import ResponseWindow
    from tests import test_wellington_events_battle_seams as seams
    state = seams.avila(french=3, fr_chiefs=("decaen",))
    seams.place(state, "avila", ADS, cavalry=1)
    seams.give(state, GB, 61)
    state = seams.begin(state)
    with scripted([6, 5, 1, 1] + [1] * 8, strict=True):
        while not seams.window(state, battle_cards.DECIDED):
            if isinstance(stack.top(state), ResponseWindow):
                state = seams.act(state, stack.top(state).asked[0], "no-response")
            else:
                state = seams.act(state, ADS, "lose", INF)      # the round's E (11.5)
    state = seams.lancers(state, GB, "lower")
    with scripted([], strict=True):
        state = seams.pass_(state)
    with scripted([6, 1, 1, 1], strict=True):
        state = seams.act(state, ADS, "lose", INF)               # the Rout's (11.7)
    frame = stack.top(state)
    assert isinstance(frame, AttritionCasualty) and frame.chooser == ADS and frame.left == 1
    assert isinstance(state.stack[-2], BattleTally)
    assert building.counters(state, "avila", ADS) == [1, 1, 0]
    with scripted([3], strict=True):
        state = seams.act(state, ADS, "lose", INF)
    assert seams.log_has(state, "die 3 + 3 SP and commanders lost +2 (#61 Lancers) = 8")
    assert building.counters(state, "madrid", ADS) == [0, 1, 0]
    assert state.commanders["decaen"] == "madrid"



def test_13_1_a_question_names_the_force_only_when_it_has_one() -> None:
    """A retreat's losses (9.44) are asked with no force named (`army` ""): the prompt says
    whose SP, not "in ''s Army" (random play once met a KeyError for the commander '')."""
    def frame(army: str) -> ArmyCasualty:
        return ArmyCasualty(chooser=ADN, power=ADN, duchy="burgos", left=1, rule="9.44",
                            pool=[1, 0, 0], army=army)

    assert attrition.army_label(frame("")) == ""
    assert attrition.army_label(frame(f"{ADN}:burgos")) == f" in {ADN}'s leaderless Formation"
    assert attrition.army_label(frame("marmont")) == " in Marmont's Army"
