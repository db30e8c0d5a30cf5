"""The shared core: the decision stack (core/stack.py) and dice (core/dice.py)."""
from __future__ import annotations

import msgspec
import pytest

from core import dice, rng, stack
from core.engine import Action, Choice, IllegalAction, State


# A tiny game on the stack: a turn is "roll, then the active side picks a number or passes;
# a pick of 3 pushes a question to the other side first"; three turns.

class Turn(stack.Sequence, tag="turn"):
    side: str = "A"
    number: int = 0


class Pick(stack.Frame, tag="pick"):
    side: str


class Answer(stack.Frame, tag="answer"):
    side: str


class Tiny(State, kw_only=True):
    stack: list[Turn | Pick | Answer] = []
    turns: int = 0
    picked: list[int] = []


def roll_number(state: Tiny, frame: Turn) -> None:
    frame.number = dice.d6(state, f"{frame.side} number", "T1")


def ask_pick(state: Tiny, frame: Turn) -> None:
    stack.push(state, Pick(side=frame.side))


def next_turn(state: Tiny, frame: Turn) -> None:
    state.turns += 1
    if state.turns == 3:
        state.result = "done"
        return
    frame.side = "B" if frame.side == "A" else "A"
    stack.goto(frame, TURN, roll_number)


TURN = stack.Steps((roll_number, ask_pick, next_turn))


def _pick(state: Tiny, frame: Pick, noun: int) -> None:
    state.picked.append(noun)
    stack.done(state, frame)
    if noun == 3:
        stack.push(state, Answer(side="B" if frame.side == "A" else "A"))


def _pass(state: Tiny, frame: Pick, noun: None) -> None:
    stack.done(state, frame)


PICK = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: f"{frame.side}: pick a number",
    choices=lambda state, frame: [Choice(Action("pick", n), str(n)) for n in (1, 2, 3)]
    + [Choice(Action("pass", None), "pass")],
    handlers={"pick": _pick, "pass": _pass},
)
ANSWER = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: f"{frame.side}: answer the 3",
    choices=lambda state, frame: [Choice(Action("ok", None), "ok")],
    handlers={"ok": lambda state, frame, noun: stack.done(state, frame)},
)
FLOW = {Turn: TURN, Pick: PICK, Answer: ANSWER}


def new_tiny() -> Tiny:
    state = Tiny(game="tiny", scenario="x", rng=rng.seed_state(1), stack=[Turn()])
    stack.run(state, FLOW)
    return state


def test_run_stops_at_the_first_stop_and_asks_its_role() -> None:
    state = new_tiny()
    assert state.active == ["A"] and isinstance(state.stack[-1], Pick)
    assert stack.prompt(state, FLOW) == "A: pick a number"
    assert [str(c.action) for c in stack.choices(state, FLOW, "A")] == [
        "pick 1", "pick 2", "pick 3", "pass"]
    assert stack.choices(state, FLOW, "B") == []


def test_act_returns_a_new_state_and_runs_to_the_next_stop() -> None:
    state = new_tiny()
    after = stack.act(state, FLOW, "A", Action("pick", 2))
    assert state.picked == [] and after.picked == [2]
    assert after.active == ["B"] and after.stack[0].side == "B"


def test_a_pushed_frame_is_answered_before_the_sequence_goes_on() -> None:
    state = stack.act(new_tiny(), FLOW, "A", Action("pick", 3))
    assert state.active == ["B"] and isinstance(state.stack[-1], Answer)
    state = stack.act(state, FLOW, "B", Action("ok"))
    assert isinstance(state.stack[-1], Pick) and state.stack[-1].side == "B"


@pytest.mark.parametrize("role, action", [("A", Action("pick", 9)), ("B", Action("pick", 1)),
                                          ("A", Action("ok")), ("A", Action("nonsense", 1))])
def test_anything_not_offered_is_refused_and_changes_nothing(role: str, action: Action) -> None:
    state = new_tiny()
    before = msgspec.msgpack.encode(state)
    with pytest.raises(IllegalAction):
        stack.act(state, FLOW, role, action)
    assert msgspec.msgpack.encode(state) == before


def test_a_forged_legal_list_is_still_only_a_list_of_the_stop_choices() -> None:
    """`legal` spares listing the choices again, but only Match may pass it (it passes the
    list it just got for the same state); the stack trusts it, so Match must check identity."""
    state = new_tiny()
    after = stack.act(state, FLOW, "A", Action("pick", 1),
                      legal=stack.choices(state, FLOW, "A"))
    assert after.picked == [1]


def test_the_stack_round_trips_through_msgspec() -> None:
    state = stack.act(new_tiny(), FLOW, "A", Action("pick", 3))
    again = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=Tiny)
    assert again == state and isinstance(again.stack[-1], Answer)


def test_the_game_ends_and_nobody_is_asked() -> None:
    state = new_tiny()
    for _ in range(3):
        state = stack.act(state, FLOW, state.active[0], Action("pass"))
    assert state.result == "done" and state.active == []
    assert stack.choices(state, FLOW, "A") == [] and stack.prompt(state, FLOW) == ""


# --- dice ---------------------------------------------------------------------------------


def test_scripted_dice_show_their_faces_and_the_generator_still_advances() -> None:
    state = Tiny(game="tiny", scenario="x", rng=rng.seed_state(5))
    start = state.rng
    with dice.scripted([6, 1]) as script:
        assert dice.d6(state, "first", "T1") == 6
        assert dice.d6(state, "second", "T1") == 1
        assert script.rolled == [6, 1] and script.remaining == []
    assert state.rng != start
    plain = Tiny(game="tiny", scenario="x", rng=rng.seed_state(5))
    dice.d6(plain, "first", "T1")
    dice.d6(plain, "second", "T1")
    assert plain.rng == state.rng  # same generator steps, scripted or not


def test_a_used_up_script_falls_back_to_the_generator_unless_strict() -> None:
    state = Tiny(game="tiny", scenario="x", rng=rng.seed_state(5))
    with dice.scripted([2]):
        dice.d6(state, "scripted", "T1")
        assert 1 <= dice.d6(state, "from the generator", "T1") <= 6
    with dice.scripted([2], strict=True) as script:
        dice.d6(state, "scripted", "T1")
        with pytest.raises(dice.ScriptExhausted):
            dice.d6(state, "one too many", "T1")
        script.push(4)
        assert dice.d6(state, "pushed later", "T1") == 4


def test_every_roll_is_logged_with_its_reason_and_rule() -> None:
    state = Tiny(game="tiny", scenario="x", rng=rng.seed_state(5))
    with dice.scripted([3]):
        dice.d6(state, "Union movement", "B4.0")
    assert state.log == ["[d6: 3] Union movement (B4.0)"]


def test_custom_dice_have_named_faces_and_refuse_foreign_faces() -> None:
    white = dice.Die("white", ("blank", "blank", "hit", "hit", "flag", "star"))
    state = Tiny(game="tiny", scenario="x", rng=rng.seed_state(9))
    assert dice.roll(state, "fire", "T2", white) in white.faces
    with dice.scripted(["flag"]):
        assert dice.roll(state, "fire", "T2", white) == "flag"
    with dice.scripted([7]), pytest.raises(ValueError):
        dice.roll(state, "fire", "T2", white)


def test_a_strict_script_failing_inside_an_action_leaves_the_state_untouched() -> None:
    state = new_tiny()
    before = msgspec.msgpack.encode(state)
    with dice.scripted([], strict=True), pytest.raises(dice.ScriptExhausted):
        stack.act(state, FLOW, "A", Action("pass"))  # the next turn rolls
    assert msgspec.msgpack.encode(state) == before
