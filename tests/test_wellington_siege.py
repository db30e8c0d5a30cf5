"""Wellington: fortresses and sieges (12.1-12.5, C.15), rule by rule with the seed's numbers
(../shared/rules/wellington.md §I: TC-15 to TC-19, TC-E02 to TC-E06, TC-E27, TC-E28).

Positions are put in place with tests/support/wellington_siege.py. A siege the impulse menu
offers is declared through Match; where a worked case needs cards, the Siege frame is pushed
with the card effects already set through siege.py's seams (the events part plays the cards
themselves) and run with the dice scripted strictly.
"""
from __future__ import annotations

import pytest

from core import stack
from core.dice import scripted
from core.wellington import flags as geo
from core.wellington import flow, siege
from core.wellington.battle import aftermath
from core.wellington.frames.cardplay import FlagChoice
from core.wellington.frames.impulse import ImpulseMenu
from core.wellington.frames.siege import Siege
from core.wellington.state import ADN, ADS, ART, CAV, GB, INF, REGROUP, SPAIN, UNBUILT, Effect
from tests.support.wellington_siege import (FLOW, act, board, flag, give, impulse, offered, put,
                                            refused_untouched)

ONES = [1] * 20


def run_siege(match, frame: Siege, dice: list[int]) -> Siege:
    """Push a siege (as `siege.start` would, its card effects set) and run it."""
    stack.push(match.state, frame)
    with scripted(dice, strict=True):
        stack.run(match.state, FLOW, flow.settle)
    return frame


def lisbon_by_marmont(sp: int = 4):
    match = board()
    put(match.state, "lisbon", ADN, "marmont", inf=sp)
    impulse(match, ADN)
    return match


# --- 12.2: when a siege may be resolved --------------------------------------------------------


def test_12_2_siege_offered_free_in_the_impulse_even_while_passing():
    """12.2, 4.23: no card in hand (a pass): the siege is still offered, at no CP."""
    match = lisbon_by_marmont()
    assert isinstance(stack.top(match.state), ImpulseMenu)
    assert offered(match, "siege") == ["lisbon=marmont"]
    assert offered(match, "siege-marker") == [None]


def test_12_2_siege_to_resolve_marker():
    match = lisbon_by_marmont()
    act(match, ADN, "siege-marker")
    assert match.state.siege_to_resolve == [ADN]
    assert offered(match, "siege-marker") == []


def test_12_2_no_siege_with_an_enemy_formation_in_the_duchy_g35():
    match = board()
    put(match.state, "lisbon", ADN, "marmont", inf=4)
    put(match.state, "lisbon", GB, inf=1)
    impulse(match, ADN)
    assert offered(match, "siege") == []
    refused_untouched(match, ADN, "siege", "lisbon=marmont")


def test_12_1_only_an_enemy_fortress():
    match = board()
    put(match.state, "lisbon", GB, "wellington", inf=4)
    put(match.state, "salamanca", ADN, "marmont", inf=4)     # a Key, not a fortress
    impulse(match, GB)
    assert offered(match, "siege") == []


def test_12_22_once_per_impulse_and_not_after_a_non_overrun_battle():
    match = lisbon_by_marmont()
    act(match, ADN, "siege", "lisbon=marmont", dice=[1] * 8 + [1, 1, 1])
    assert "lisbon" in match.state.besieged
    assert offered(match, "siege") == []                    # 12.22: once per impulse
    match2 = lisbon_by_marmont()
    aftermath.note_battle(match2.state, "lisbon", [ADN], overrun=False)
    assert siege.besiegers(match2.state, ADN, "lisbon") == []
    match3 = lisbon_by_marmont()
    aftermath.note_battle(match3.state, "lisbon", [ADN], overrun=True)   # TC-E27: after an Overrun
    assert siege.besiegers(match3.state, ADN, "lisbon") == ["marmont"]


def test_9_52_entering_an_enemy_fortress_starts_nothing():
    """9.52, 12.2: on_enter is a no-op (the siege waits for its Power's choice)."""
    match = lisbon_by_marmont()
    before = match.state.log[:]
    assert siege.on_enter(match.state, "lisbon", ADN) is None
    assert match.state.log == before and "lisbon" not in match.state.besieged


# --- 12.3: resolving a siege (TC-16, TC-17) -------------------------------------------------------


def test_tc_16_lisbon_example_1_falls_in_round_2():
    """12.3 example 1: round 1 two 6s against one 5 -> round 2 with one die fewer; one 6 more
    takes Lisbon: a Siege Overrun (12.41), Devastation +1 (12.5), a free flag."""
    match = lisbon_by_marmont()
    r1 = [6, 6, 1, 1, 1, 1, 1, 1] + [5, 1, 1]              # 4 SP + BV 2 + French 2 = 8
    r2 = [6, 1, 1, 1, 1, 1, 1] + [1, 1, 1]                  # 7 dice: one disorganised
    act(match, ADN, "siege", "lisbon=marmont", dice=r1 + r2 + [4])   # Devastation 4 + 1
    state = match.state
    assert isinstance(stack.top(state), FlagChoice) and stack.top(state).why == "12.3 siege won"
    assert state.resources[ADN] == 0                         # 4 + 1 = 5 < 6
    assert "marmont" not in state.bfi                        # 12.41: a Siege Overrun
    act(match, ADN, "flag", "lisbon=AdN")
    assert geo.controller(match.state, "lisbon") == ADN


def test_tc_16_lisbon_example_1_holds_when_round_2_misses():
    match = lisbon_by_marmont()
    r1 = [6, 6, 1, 1, 1, 1, 1, 1] + [5, 1, 1]
    r2 = [1] * 7 + [1, 1, 1]
    act(match, ADN, "siege", "lisbon=marmont", dice=r1 + r2)
    state = match.state
    assert isinstance(stack.top(state), ImpulseMenu)
    assert geo.controller(state, "lisbon") == GB             # back to full strength
    assert state.commanders["marmont"] == "lisbon" and "marmont" in state.bfi


def test_tc_17_lisbon_example_2_three_rounds_then_ends():
    match = lisbon_by_marmont()
    r = [6] + [1] * 7 + [1, 1, 1]
    act(match, ADN, "siege", "lisbon=marmont", dice=r + r + [1] * 8 + [1, 1, 1])
    state = match.state
    assert geo.controller(state, "lisbon") == GB
    assert "marmont" in state.bfi and state.commanders["marmont"] == "lisbon"
    assert "Siege round 3" in "\n".join(state.log)


def test_12_3_another_round_only_when_hits_outnumber_losses():
    """TC-E03: 2 hits against 2 losses: the siege ends."""
    match = lisbon_by_marmont()
    act(match, ADN, "siege", "lisbon=marmont", dice=[6, 6] + [1] * 6 + [6, 5, 1])
    assert "Siege round 2" not in "\n".join(match.state.log)
    assert match.state.troops["lisbon"][ADN] == [3, 0, 0]    # 1 SP eliminated


def test_12_3_the_commander_must_survive():
    """12.3: 6s enough, but the defender's eliminations kill the lone commander: no capture."""
    match = board()
    put(match.state, "lisbon", ADN, "joseph")
    impulse(match, ADN)
    act(match, ADN, "siege", "lisbon=joseph", dice=[6, 6, 6] + [6, 1, 1])   # BV 1 + 2 = 3
    state = match.state
    assert state.commanders["joseph"] == UNBUILT
    assert geo.controller(state, "lisbon") == GB


def test_12_3_five_dice_for_gibraltar_and_its_maximum_rounds_tc_15():
    match = board()
    put(match.state, "gibraltar", ADS, "soult", inf=4)
    impulse(match, ADS)
    r = [6] + [1] * 9 + [1] * 5                              # 4 + 4 + 2 = 10 dice; fortress 5
    act(match, ADS, "siege", "gibraltar=soult", dice=r * 4 + [6] + [1] * 9 + [1] * 5 + [1])
    state = match.state
    assert "Siege round 5" in "\n".join(state.log)
    assert isinstance(stack.top(state), FlagChoice)          # 5 hits in round 5: taken
    assert "soult" in state.bfi                              # round 5 of 5, exactly 5: no overrun


def test_tc_15_12_22_no_more_rounds_than_the_strength():
    match = lisbon_by_marmont()
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3,
                  continue_after=[1, 2, 3, 4])
    run_siege(match, frame, ([1] * 8 + [1, 1, 1]) * 3)
    assert frame.round == 3 and not frame.captured


def test_12_31_extra_sp_replace_disorganised_soldiers():
    """12.31: Marmont (CV 6) with 8 SP: 6 + 2 + 2 = 10 dice; a disorganised SP is replaced
    at once by an extra one, so round 2 has 10 again."""
    match = lisbon_by_marmont(sp=8)
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3)
    assert sum(n for n, _ in siege.besieger_dice(match.state, frame)) == 10
    frame.disorganised = 1
    assert sum(n for n, _ in siege.besieger_dice(match.state, frame)) == 10
    frame.disorganised = 3
    assert sum(n for n, _ in siege.besieger_dice(match.state, frame)) == 9


def test_12_31_one_army_of_a_two_power_army_group_uses_only_its_own_power():
    """12.21, 12.31, TC-E02: De España's Army besieges in Spain's impulse with Spanish SP and
    no British bonus; Wellington's SP do not count."""
    match = board()
    put(match.state, "ciudad-rodrigo", GB, "wellington", art=1, inf=1)
    put(match.state, "ciudad-rodrigo", SPAIN, "de-espana", inf=1)
    match.state.leading["ciudad-rodrigo"] = "wellington"
    impulse(match, SPAIN)
    assert offered(match, "siege") == ["ciudad-rodrigo=de-espana"]
    frame = Siege(duchy="ciudad-rodrigo", power=SPAIN, commander="de-espana", owner=ADN,
                  strength=3)
    assert sum(n for n, _ in siege.besieger_dice(match.state, frame)) == 2    # 1 SP + BV 1


# --- the tutorial's siege of Ciudad Rodrigo (TC-E02 to TC-E06) ------------------------------------


def ciudad_rodrigo():
    match = board()
    put(match.state, "ciudad-rodrigo", GB, "wellington", art=1, inf=1)
    put(match.state, "ciudad-rodrigo", SPAIN, "de-espana", inf=1)
    match.state.leading["ciudad-rodrigo"] = "wellington"
    match.state.resources[GB] = 1
    impulse(match, GB)
    frame = Siege(duchy="ciudad-rodrigo", power=GB, commander="wellington", owner=ADN,
                  strength=3)
    siege.add_dice(frame, siege.BESIEGER, 1, "#98 The Light Division", round_=0)
    siege.add_dice(frame, siege.BESIEGER, -1, "#52 Wounded Commander", round_=0)
    siege.add_auto_sixes(frame, siege.FORTRESS, 1, "#71 Sappers & Miners", round_=1)
    return match, frame


def test_tc_e03_round_1_eleven_dice_and_the_siege_would_end():
    """TC-E03: 5 (BV) + 5 (SP) + 1 (British) + 1 (#98) - 1 (#52) = 11; two 6s against one 5
    plus #71's automatic 6: 2 hits, 2 losses (1 SP eliminated): not more, the siege ends."""
    match, frame = ciudad_rodrigo()
    run_siege(match, frame, [6, 6] + [1] * 9 + [5, 1, 1])
    assert len(frame.rolls["besieger"]) == 11
    assert frame.hits == 2 and frame.round == 1 and not frame.captured
    assert match.state.active == [GB] and set(offered(match, "lose")) == {INF, ART}   # 12.3
    act(match, GB, "lose", INF)                      # the tutorial's choice
    assert match.state.troops["ciudad-rodrigo"][GB] == [0, 0, 1]   # the infantry went
    assert "wellington" in match.state.bfi


def test_tc_e04_e05_e06_bombardment_then_capture_in_round_2():
    """TC-E04: #8 for GB: +3 dice in round 2 and another round whatever round 1 gave.
    TC-E05 (G.28): round 2 = 5 + 4 + 1 + 1 + 3 - 1 - 1 (the disorganised SP) = 12, not the
    tutorial's 13; AdN's 5 and 6 cost 1 more SP (4 -> 3); Ciudad Rodrigo falls; GB places a
    Spanish flag. TC-E06: Devastation 5 + 1 = 6: GB 1 -> 2 Resources; a Siege Overrun."""
    match, frame = ciudad_rodrigo()
    siege.add_dice(frame, siege.BESIEGER, 3, "#8 Bombardment", round_=2)
    frame.continue_after.append(1)
    r1 = [6, 6] + [1] * 9 + [5, 1, 1]
    r2 = [6] + [1] * 11 + [5, 6, 1]
    run_siege(match, frame, r1)
    act(match, GB, "lose", INF, dice=r2 + [5])       # TC-E03's infantry; then one kind only
    state = match.state
    frame = stack.find(state, Siege)                  # (the match acts on a copy)
    assert len(frame.rolls["besieger"]) == 12
    assert frame.captured and frame.overrun and frame.round == 2
    assert sum(n * sp for n, sp in zip(state.troops["ciudad-rodrigo"][GB], (1, 2, 4))) == 3
    assert state.resources[GB] == 2
    assert "wellington" not in state.bfi
    top = stack.top(state)
    assert isinstance(top, FlagChoice)
    assert {c.action.noun for c in match.actions(GB)} == {"ciudad-rodrigo=GB",
                                                          "ciudad-rodrigo=Spain"}
    act(match, GB, "flag", "ciudad-rodrigo=Spain")
    assert geo.controller(match.state, "ciudad-rodrigo") == SPAIN
    assert geo.is_national(match.state, "ciudad-rodrigo", SPAIN)


# --- 12.41 Siege Overrun (TC-18), 12.5 Devastation (TC-19) --------------------------------------


@pytest.mark.parametrize("rounds, last, overrun", [
    ([[6, 6, 6]], None, True),                  # round 1
    ([[6], [6, 6]], None, True),                # round 2
    ([[6], [6], [6]], None, False),             # round 3, exactly 3
    ([[6], [6], [6, 6]], None, True),           # round 3, a 4th six
])
def test_tc_18_siege_overrun(rounds, last, overrun):
    match = lisbon_by_marmont()
    faces: list[int] = []
    for hits in rounds:
        faces += hits + [1] * (8 - len(hits)) + [1, 1, 1]
    match.state.bfi.append("marmont")               # 9.52: he stopped in the fortress duchy
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3)
    run_siege(match, frame, faces + [1])
    assert frame.captured and frame.overrun is overrun
    assert ("marmont" in match.state.bfi) is not overrun


@pytest.mark.parametrize("die, gained", [(4, 1), (3, 0)])
def test_tc_19_devastation_plus_2_for_a_first_round_capture(die, gained):
    match = lisbon_by_marmont()
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3)
    run_siege(match, frame, [6, 6, 6, 1, 1, 1, 1, 1] + [1, 1, 1] + [die])
    assert match.state.resources[ADN] == gained


def test_12_5_spain_checks_attrition_for_its_devastation_resource():
    """12.5, 11.11: Spain gains the Resource, then its besiegers roll attrition once, the
    losses going to the Regroup Box."""
    match = board()
    put(match.state, "badajoz", SPAIN, "castanos", inf=4)
    impulse(match, SPAIN)
    frame = Siege(duchy="badajoz", power=SPAIN, commander="castanos", owner=ADS, strength=3)
    # 4 SP + BV 2 = 6 dice; round 1 capture; Devastation 4 + 2; attrition 5 dice (4 + Castaños)
    run_siege(match, frame, [6, 6, 6, 1, 1, 1] + [1, 1, 1] + [4] + [6, 1, 1, 1, 1])
    state = match.state
    assert state.resources[SPAIN] == 1
    assert state.troops[REGROUP][SPAIN] == [1, 0, 0]
    assert state.troops["badajoz"][SPAIN] == [3, 0, 0]


def test_12_3_hasty_fort_strength_2_destroyed_no_devastation():
    """#37, 12.3, 12.5: a Hasty Fort rolls 2 dice, falls to 2 sixes, its marker goes, no
    Devastation roll (the strict script would catch one)."""
    match = board()
    state = match.state
    state.hasty_forts.append("toledo")
    put(state, "toledo", GB, "hill", inf=2)
    impulse(match, GB)
    assert offered(match, "siege") == ["toledo=hill"]
    act(match, GB, "siege", "toledo=hill", dice=[6, 6, 1, 1, 1, 1] + [1, 1])  # 2 + 3 + 1
    assert "toledo" not in match.state.hasty_forts
    assert isinstance(stack.top(match.state), FlagChoice)


# --- the tutorial's French siege (TC-E27, TC-E28) -------------------------------------------------


def test_tc_e27_e28_siege_after_overrun_really_big_guns_and_devastation():
    """TC-E27: Joseph's 2 cavalry, #21 and #70: 4 + 2 + 1 + 1 = 8 dice; two 6s and two 5s =
    3 hits: Ciudad Rodrigo falls in round 1 (a Siege Overrun); the Spanish flag goes, AdN's
    print returns. TC-E28: Devastation 5 + 2 = 7: +1 Resource (2 -> 3 before #7's)."""
    match = board()
    state = match.state
    put(state, "ciudad-rodrigo", ADN, "joseph", cav=2)
    flag(state, "ciudad-rodrigo", SPAIN)
    state.resources[ADN] = 2
    impulse(match, ADN)
    aftermath.note_battle(state, "ciudad-rodrigo", [ADN], overrun=True)
    assert offered(match, "siege") == ["ciudad-rodrigo=joseph"]
    frame = Siege(duchy="ciudad-rodrigo", power=ADN, commander="joseph", owner=SPAIN,
                  strength=3, fives_per_hit=2)
    siege.add_dice(frame, siege.BESIEGER, 1, "#70 Combined Grenadiers")
    run_siege(match, frame, [6, 6, 5, 5, 1, 2, 3, 4] + [1, 2, 3] + [5])
    assert len(frame.rolls["besieger"]) == 8 and frame.hits == 3
    assert frame.captured and frame.overrun and state.resources[ADN] == 3
    assert [c.action.noun for c in match.actions(ADN)] == ["ciudad-rodrigo=-"]
    act(match, ADN, "flag", "ciudad-rodrigo=-")
    assert geo.controller(match.state, "ciudad-rodrigo") == ADN


def test_12_23_siege_cards_asked_only_of_holders_and_the_view_panel():
    match = lisbon_by_marmont()
    give(match.state, GB, 71)
    frame = Siege(duchy="lisbon", power=ADN, commander="marmont", owner=GB, strength=3)
    assert siege.card_choices(match.state, frame, GB) == []     # no siege card registered
    assert siege.card_choices(match.state, frame, SPAIN) == []  # 12.23: owner and besieger only
    panel = siege.panel(match.state, frame)
    assert panel.where == "lisbon" and "strength 3" in panel.rows[1]


def test_12_23_the_fortress_owner_plays_a_siege_card_without_a_formation_there():
    """12.23, TC-E02: AdN, with no Formation at Ciudad Rodrigo, plays #71 (its effect set
    through the seam, as the events part registers it): one automatic 6 in round 1."""
    def playable(state, frame, power):
        return frame.round == 1

    def play(state, frame, power):
        side = siege.FORTRESS if power == frame.owner else siege.BESIEGER
        siege.add_auto_sixes(frame, side, 1, "#71 Sappers & Miners")

    saved = siege.SIEGE_CARDS.pop(71, None)           # the events part's own #71, put back
    siege.register_card(71, siege.SiegeCardEvent(playable=playable, play=play))
    try:
        match = board()
        put(match.state, "ciudad-rodrigo", GB, "wellington", art=1, inf=1)
        give(match.state, ADN, 71)
        impulse(match, GB)
        act(match, GB, "siege", "ciudad-rodrigo=wellington")
        assert match.state.active == [ADN]
        assert offered(match, "siege-card") == [71]
        act(match, ADN, "siege-card", 71)
        act(match, ADN, "siege-cards-done", dice=[1] * 11 + [1, 1, 1])   # 5 + 5 + 1 = 11
        act(match, GB, "lose", INF)                                         # GB's choice
        assert match.state.troops["ciudad-rodrigo"][GB] == [0, 0, 1]     # the automatic 6
        assert 71 not in match.state.piles.hands[ADN]
    finally:
        siege.SIEGE_CARDS.pop(71, None)
        if saved is not None:
            siege.SIEGE_CARDS[71] = saved


def test_1_6_humbugged_commander_besieges_as_a_1():
    """#23 (a lasting effect, movement.battle_value): Wellington besieges with BV 1."""
    match = board()
    put(match.state, "ciudad-rodrigo", GB, "wellington", inf=2)
    match.state.effects.append(Effect(card=23, power=ADN, target="wellington",
                                      until="end-next-impulse"))
    frame = Siege(duchy="ciudad-rodrigo", power=GB, commander="wellington", owner=ADN,
                  strength=3)
    assert sum(n for n, _ in siege.besieger_dice(match.state, frame)) == 2 + 1 + 1


def test_flow_merges_the_siege_naval_and_attrition_frames():
    from core.wellington import naval
    from core.wellington.frames import FRAMES
    from core.wellington.frames.naval import Convoy, Sailing
    from core.wellington.frames.siege import AttritionSplit, SiegeCard
    for frame in (Siege, SiegeCard, AttritionSplit, Convoy, Sailing):
        assert frame in flow.FLOW and frame in FRAMES
    assert "siege" in siege.impulse.OPERATIONS and "convoy" in naval.cardplay.CP_OPERATIONS


def test_12_2_differences_chapter_siege_in_a_preemptive_impulse():
    """Differences chapter: sieges may be resolved in preemptive impulses too."""
    from core.wellington.frames.impulse import Impulse, ImpulsePhase
    from core.wellington.frames.turn import GameTurn
    match = board()
    put(match.state, "lisbon", ADN, "marmont", inf=4)
    give(match.state, ADN, 17)
    match.state.stack = [GameTurn(step=1), ImpulsePhase(),
                         Impulse(power=ADN, kind="preemptive")]
    stack.run(match.state, FLOW, flow.settle)
    assert stack.find(match.state, Impulse).kind == "preemptive"
    assert offered(match, "siege") == ["lisbon=marmont"]


def test_12_23_a_siege_card_is_announced_and_42_discards_it_as_never_played():
    """12.23, 5.2 (#42 Fog of War: "immediately after another Power has played a Battle or
    Response card (for the battle or siege)"): GB's #21 Really Big Guns is announced
    (`play:21`) before it acts; AdN's #42 answers it: discarded, its effect never set."""
    from core.wellington.frames.impulse import ResponseWindow
    from core.wellington.frames.siege import SiegeCardPlay
    match = board()
    state = match.state
    put(state, "ciudad-rodrigo", GB, "wellington", art=1, inf=1)
    give(state, GB, 21)
    give(state, ADN, 42)
    impulse(match, GB)
    act(match, GB, "siege", "ciudad-rodrigo=wellington")
    act(match, GB, "siege-card", 21)
    top = stack.top(match.state)
    assert isinstance(top, ResponseWindow) and top.trigger == "play:21"
    assert isinstance(stack.find(match.state, SiegeCardPlay), SiegeCardPlay)
    import msgspec
    from core.wellington.state import WellingtonState
    saved = msgspec.json.decode(msgspec.json.encode(match.state), type=WellingtonState)
    assert isinstance(stack.find(saved, SiegeCardPlay), SiegeCardPlay)      # a savable frame
    act(match, ADN, "respond", 42)
    while isinstance(stack.top(match.state), ResponseWindow):
        act(match, match.state.active[0], "no-response")
    frame = stack.find(match.state, Siege)
    assert frame is not None and frame.fives_per_hit == 0
    assert "#21 Really Big Guns is discarded as if never played." in match.state.log
    assert 21 in match.state.piles.discard and 42 in match.state.piles.discard


# --- which counters the besieger loses (12.3 "come al solito", 11.5, 1.5) ---------------------


def test_12_3_the_besieger_takes_the_loss_on_1_sp_of_its_artillery_change_made():
    """TC-E03's round (one 6 and one 5 of the fortress, #71's automatic 6 = 1 E, 1 D): GB may
    take the eliminated SP from its artillery instead, change made (1.5): 4 SP stay, no
    artillery; the siege ends as in TC-E03 (2 hits, 2 losses)."""
    match, frame = ciudad_rodrigo()
    run_siege(match, frame, [6, 6] + [1] * 9 + [5, 1, 1])
    label = next(c.label for c in match.actions(GB) if c.action.verb == "lose"
                 and c.action.noun == ART)
    assert "change made" in label
    act(match, GB, "lose", ART)
    troops = match.state.troops["ciudad-rodrigo"][GB]
    assert troops[ART] == 0 and sum(n * sp for n, sp in zip(troops, (1, 2, 4))) == 4
    assert stack.find(match.state, Siege) is None           # the siege is over (12.3)


def test_12_5_spain_picks_the_counter_its_devastation_attrition_sends_to_the_regroup_box():
    """12.5, 11.11, 13.1: Castaños (2 infantry, 1 cavalry: 4 SP + BV 2 = 6 dice) takes
    Badajoz in round 1; Devastation 4 + 2 = 6: 1 Resource; the attrition (5 dice) rolls one
    6 and Spain picks the counter, before the free flag: the infantry, to the Regroup Box."""
    match = board()
    put(match.state, "badajoz", SPAIN, "castanos", inf=2, cav=1)
    impulse(match, SPAIN)
    frame = Siege(duchy="badajoz", power=SPAIN, commander="castanos", owner=ADS, strength=3)
    run_siege(match, frame, [6, 6, 6, 1, 1, 1] + [1, 1, 1] + [4] + [6, 1, 1, 1, 1])
    state = match.state
    assert state.resources[SPAIN] == 1
    assert state.active == [SPAIN] and set(offered(match, "lose")) == {INF, CAV}
    act(match, SPAIN, "lose", INF)
    assert match.state.troops[REGROUP][SPAIN] == [1, 0, 0]
    assert match.state.troops["badajoz"][SPAIN] == [1, 1, 0]
    assert isinstance(stack.top(match.state), FlagChoice)    # then the free flag (12.3)
