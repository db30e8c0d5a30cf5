"""Gettysburg 1863: what a player sees (the View), the computer player's evaluation, undo,
replay and saves.

The View (../shared/DESIGN.md) is the whole public board keyed by hex id, the boxes (pending
and coming reinforcements, eliminated units, the cup), the tracks with the clock, the VP and the
chits left pinned, the focus panel of the round's dice or of a combat with every die as a word,
and the log. The game has no hidden information (AMB-31 [R]).
"""
from __future__ import annotations

import msgspec
import pytest

import core.ai
from core.engine import IllegalAction, Match
from core.gettysburg import evaluate, view
from core.gettysburg import query as q
from core.gettysburg.state import CSA, UNION
from tests.support.gettysburg import (AR, CF, DF, HAT, UF, X, act, clear, dice,  # noqa: F401
                                      new_match, place, st, start_round)


def test_view_board_is_keyed_by_hex_id_with_side_type_sp_training_and_activation():
    m = new_match("day-3")
    v = m.view(None)
    assert set(v.board) <= set(q.board().hexes)
    tokens = {t.id: (h, t) for h, ts in v.board.items() for t in ts}
    h, hays = tokens["US.II.Hays"]
    assert h == "I5" and (hays.kind, hays.side, hays.label, hays.strength) == ("F", UNION,
                                                                                 "Hays", 4)
    assert "veteran" in hays.flags and "printed 4 SP" in hays.flags and "II Corps" in hays.flags
    assert tokens["CSA.III.Pegram"][1].strength == 1            # current SP (Scenario 3)
    assert tokens["US.CR.Tidball"][1].kind == "AC"
    assert v.actions == [] and m.view(m.active[0]).actions


def test_view_marks_activated_units_and_shows_the_cup_and_the_boxes(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.II.Hays", "E3", activated=True)
    state.cup = ["US.flag", "CSA.I"]
    v = m.view(None)
    assert "activated" in v.board["E3"][0].flags
    assert [t.id for t in v.boxes["Cup"]] == ["US.flag", "CSA.I"]
    assert v.boxes["Cup"][1].label == "Confederate I Corps"
    assert v.tracks["Chits left"] == 2
    for key in v.pinned:
        assert key in v.tracks
    assert v.pinned == ["Day", "Hour", "Union VP", "Confederate VP", "Chits left"]


def test_view_reinforcements_and_eliminated_units_are_in_boxes():
    v = new_match("day-1").view(None)
    to_come = {t.id for t in v.boxes["Confederate reinforcements to come"]}
    assert "CSA.I.McLaws" in to_come
    assert any("due night of 1 July 1863 at V13" in f
               for t in v.boxes["Confederate reinforcements to come"] if t.id == "CSA.I.McLaws"
               for f in t.flags)
    v3 = new_match("day-3").view(None)
    gone = {t.id for t in v3.boxes["Union eliminated"]}
    assert gone == {"US.I.Wadsworth", "US.I.Robinson", "US.III.Birney", "US.XI.Barlow",
                    "US.XI.Schurz", "US.AR.Ransom"}


def test_view_control_shows_who_holds_each_vp_hex():
    v = new_match("day-3").view(None)
    assert v.control["N5"] == UNION and v.control["G9"] == CSA
    assert set(v.control) <= {"D6", "I1", "N5", "N3", "A5", "I5", "K6", "L6", "M6", "G9"}


def test_view_focus_shows_the_round_dice_in_words(dice):
    m = new_match("day-3")
    clear(m)
    place(st(m), "CSA.II.Early", "R3")
    start_round(m, "CSA.II", dice, [CF, DF, HAT, UF, HAT])
    focus = m.view(None).focus
    assert focus is not None and focus.title.startswith("Round 1: Confederate II Corps chit")
    assert [row[:2] for row in focus.rows] == [[CSA, f"die {i}"] for i in range(1, 6)]
    faces = [row[2] for row in focus.rows]
    assert faces == [CF, DF, HAT, UF, HAT]
    assert "enemy flag" in focus.rows[3][3]
    assert m.view(None).tracks["Activation dice"] == "Confederate flag, double flag, command hat, "\
                                                     "Union flag, command hat"


def test_view_focus_shows_each_combat_with_dice_protection_and_results(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.XII.Geary", "M4")
    place(state, "CSA.II.Johnson", "M5")
    start_round(m, "CSA.II", dice, [CF, HAT, HAT, HAT, HAT])
    act(m, CSA, "activate", "CSA.II.Johnson")
    act(m, CSA, "fire", "CSA.II.Johnson")
    dice.push(CF, DF, HAT, HAT, X, AR)
    act(m, CSA, "fire", "US.XII.Geary")
    focus = m.view(None).focus
    assert focus is not None and focus.where == "M4"
    text = "\n".join(focus.notes)
    assert "Johnson 6 - 2 entrenchments (5.3.1) = 4 dice" in text
    assert "Confederate flag, double flag, command hat, command hat -> 2 hits" in text
    assert "black dice: cross, arrow (entrenchments: arrows count as save, 5.3)" in text
    log = "\n".join(m.view(None).log)
    assert "[white: double flag]" in log and "[black: cross]" in log


def test_view_prompt_and_labels_name_units_and_hexes(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "US.XI.Steinwehr", "N5")
    place(state, "CSA.I.Pickett", "O6")
    start_round(m, "CSA.I", dice, [CF, HAT, HAT, HAT, HAT])
    v = m.view(CSA)
    assert "Pickett" in v.actions[0].label and "N5" not in v.prompt
    act(m, CSA, "activate", "CSA.I.Pickett")
    act(m, CSA, "fire", "CSA.I.Pickett")
    label = m.view(CSA).actions[0].label
    assert "N5 Cemetery Hill" in label and "= 3 dice" in label


# --- the computer player -----------------------------------------------------------------------


def test_evaluate_is_a_zero_sum_value_in_0_1():
    m = new_match("day-3")
    state = st(m)
    u, c = evaluate.evaluate(state, UNION), evaluate.evaluate(state, CSA)
    assert 0.0 <= u <= 1.0 and abs(u + c - 1.0) < 1e-9
    assert c > 0.5  # Scenario 3 starts with 20 VP for the Confederates (AMB-25)


def test_evaluate_a_finished_game_is_its_result():
    m = new_match("day-3")
    state = st(m)
    state.result = "Union victory: Confederate 3 VP, Union 6 VP (8.0, 8.3)."
    assert evaluate.evaluate(state, UNION) == 1.0 and evaluate.evaluate(state, CSA) == 0.0
    state.result = "Draw: Confederate 0 VP, Union 0 VP (8.0, 8.3)."
    assert evaluate.evaluate(state, UNION) == 0.5


def test_the_computer_player_picks_a_legal_action():
    m = new_match("day-1", seed=4)
    role = m.active[0]
    action = core.ai.choose(m, role, level="easy", seed=1)
    assert action in [c.action for c in m.actions(role)]


# --- undo, replay, saves ------------------------------------------------------------------------


def test_undo_takes_back_a_choice_but_not_past_the_dice(dice):
    m = new_match("day-3")
    state = clear(m)
    place(state, "CSA.II.Early", "C3")
    start_round(m, "CSA.II", dice, [CF, UF, UF, UF, UF])
    act(m, CSA, "activate", "CSA.II.Early")
    act(m, CSA, "move", "CSA.II.Early")
    assert m.can_undo
    m.undo()
    assert st(m).phase == "action"
    m.undo()
    assert st(m).phase == "activations"
    with pytest.raises(IllegalAction):
        m.undo()


def test_replay_rebuilds_the_game_exactly():
    m = new_match("day-1", seed=9)
    for _ in range(30):
        if m.result is not None:
            break
        role = m.active[0]
        m.act(role, m.actions(role)[-1].action)
    again = Match.replay(m.rules, m.header, m.history)
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(m.state)


def test_a_saved_game_loads_back(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    import saves
    m = new_match("campaign", seed=2, corps_integrity=True)
    for _ in range(10):
        role = m.active[0]
        m.act(role, m.actions(role)[0].action)
    path = saves.save_match(m, tmp_path / "gettysburg.json")
    back = saves.load_match(path)
    assert msgspec.msgpack.encode(back.state) == msgspec.msgpack.encode(m.state)
    assert back.view(None).tracks == m.view(None).tracks


def test_view_builds_for_every_role_in_every_scenario():
    for scenario in ("campaign", "day-1", "day-2", "day-3"):
        m = new_match(scenario)
        for role in (None, UNION, CSA):
            v = view.build(st(m), role, "gettysburg-1863")
            assert v.game == "gettysburg-1863" and v.result is None


# --- AMB-31: the fog of war option ---------------------------------------------------------------


def test_fog_of_war_hides_the_backs_of_enemy_counters_until_they_are_activated():
    """AMB-31 [R] (optional): with the fog of war, a side sees the training and printed SP of
    its own units, and of an enemy unit only once it is activated (turned, 4.0); the current SP
    (the disc) stays visible to both. Off (the default), everything is open."""
    m = new_match("day-3", fog_of_war=True)
    state = clear(m)
    place(state, "US.II.Hays", "E3")
    place(state, "CSA.III.Pegram", "E5", activated=True)

    def flags(role, unit):
        return next(t for ts in m.view(role).board.values() for t in ts if t.id == unit)

    hays_union, hays_csa, hays_public = (flags(r, "US.II.Hays") for r in (UNION, CSA, None))
    assert "veteran" in hays_union.flags and "printed 4 SP" in hays_union.flags
    assert hays_csa.flags == hays_public.flags == ["II Corps"]
    assert hays_csa.strength == hays_union.strength == 4                 # the disc shows
    pegram = flags(UNION, "CSA.III.Pegram")                              # activated: turned
    assert f"printed {q.printed_sp('CSA.III.Pegram')} SP" in pegram.flags
    # nothing in the Confederate view names an unactivated Union unit's printed values
    for tokens in m.view(CSA).board.values():
        for t in tokens:
            if t.side == UNION and "activated" not in t.flags:
                assert not any(f.startswith("printed ") or f == q.counter(t.id).training
                               for f in t.flags), t
    open_game = new_match("day-3")
    state = clear(open_game)
    place(state, "US.II.Hays", "E3")
    assert "veteran" in next(t for t in open_game.view(CSA).board["E3"]).flags
