"""Gettysburg 1863's two custom dice (core/dice.py WHITE and BLACK), against rule 1.2 of the seed
and the probabilities the reference derives from it (1.2), rolled and scripted through the shared
core's dice (core.dice.roll, core.dice.scripted)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from core import dice, rng
from core.dice import (ARROW, BLACK, BUGLE, COMMAND_HAT, CONFEDERATE_FLAG, CROSS, D6,
                       DOUBLE_FLAG, SAVE, UNION_FLAG, WHITE)


@dataclass
class Holder:
    rng: int
    log: list[str] = field(default_factory=list)


def holder(seed: int = 9) -> Holder:
    return Holder(rng.seed_state(seed))


def test_1_2_white_die_faces() -> None:
    """The two-flag image on two faces; the Union flag, the Confederate flag, the bugle and the
    command symbol (a hat) on one face each."""
    assert WHITE.name == "white"
    assert len(WHITE.faces) == 6
    assert Counter(WHITE.faces) == {DOUBLE_FLAG: 2, UNION_FLAG: 1, CONFEDERATE_FLAG: 1,
                                    BUGLE: 1, COMMAND_HAT: 1}
    assert (DOUBLE_FLAG, UNION_FLAG, CONFEDERATE_FLAG, BUGLE, COMMAND_HAT) == (
        "double flag", "Union flag", "Confederate flag", "bugle", "command hat")


def test_1_2_black_die_faces() -> None:
    """A loss circle (cross) on three faces, a pushed-back circle (arrow) on two, save on one."""
    assert BLACK.name == "black"
    assert len(BLACK.faces) == 6
    assert Counter(BLACK.faces) == {CROSS: 3, ARROW: 2, SAVE: 1}
    assert (CROSS, ARROW, SAVE) == ("cross", "arrow", "save")


def test_the_dice_share_no_face_and_d6_is_unchanged() -> None:
    assert not set(WHITE.faces) & set(BLACK.faces)
    assert D6.faces == (1, 2, 3, 4, 5, 6) and D6.name == "d6"


@pytest.mark.parametrize("own", [UNION_FLAG, CONFEDERATE_FLAG])
def test_5_3_half_the_white_faces_hit_for_either_side(own: str) -> None:
    """5.3: a hit for each own flag, the double flag included: 3 faces of 6 (reference 1.2)."""
    assert sum(face in (own, DOUBLE_FLAG) for face in WHITE.faces) == 3


def test_5_4_black_die_odds() -> None:
    """Loss 1/2, retreat 1/3, save 1/6 (reference 1.2)."""
    count = Counter(BLACK.faces)
    assert (count[CROSS] / 6, count[ARROW] / 6, count[SAVE] / 6) == (1 / 2, 1 / 3, 1 / 6)


@pytest.mark.parametrize("die", [WHITE, BLACK], ids=["white", "black"])
def test_roll_returns_a_face_and_logs_it(die: dice.Die) -> None:
    state = holder()
    start = state.rng
    face = dice.roll(state, "Heth fires at Gamble", "5.3", die)
    assert face in die.faces
    assert state.rng != start
    assert state.log == [f"[{die.name}: {face}] Heth fires at Gamble (5.3)"]


def test_rolls_are_deterministic_and_show_every_face_at_its_rate() -> None:
    a, b = holder(3), holder(3)
    rolls = [dice.roll(a, "test", "1.2", WHITE) for _ in range(6000)]
    assert rolls == [dice.roll(b, "test", "1.2", WHITE) for _ in range(6000)]
    count = Counter(rolls)
    assert set(count) == set(WHITE.faces)
    assert 1800 < count[DOUBLE_FLAG] < 2200          # 2 faces of 6
    for face in (UNION_FLAG, CONFEDERATE_FLAG, BUGLE, COMMAND_HAT):
        assert 850 < count[face] < 1150, face        # 1 face of 6
    blacks = Counter(dice.roll(a, "test", "5.4", BLACK) for _ in range(6000))
    assert 2750 < blacks[CROSS] < 3250 and 1800 < blacks[ARROW] < 2200 and 850 < blacks[SAVE] < 1150


def test_scripted_named_faces() -> None:
    """TC-5's roll scripted: [DF, UF, CF, BU, HAT], then the target's black dice [X, AR]."""
    state = holder()
    script_faces = [DOUBLE_FLAG, UNION_FLAG, CONFEDERATE_FLAG, BUGLE, COMMAND_HAT, CROSS, ARROW]
    with dice.scripted(script_faces, strict=True) as script:
        white = [dice.roll(state, "Union fire", "5.3", WHITE) for _ in range(5)]
        black = [dice.roll(state, "effect", "5.4", BLACK) for _ in range(2)]
        assert script.remaining == []
        with pytest.raises(dice.ScriptExhausted):
            dice.roll(state, "one too many", "5.4", BLACK)
    assert white == script_faces[:5] and black == [CROSS, ARROW]
    assert script.rolled == script_faces
    # TC-5: a Union unit scores 2 hits with these faces (double flag + Union flag)
    assert sum(face in (UNION_FLAG, DOUBLE_FLAG) for face in white) == 2
    assert state.log[0] == "[white: double flag] Union fire (5.3)"


def test_a_scripted_face_must_belong_to_the_die() -> None:
    state = holder()
    with dice.scripted([CROSS]), pytest.raises(ValueError, match="not a face of the white"):
        dice.roll(state, "fire", "5.3", WHITE)
    with dice.scripted([BUGLE]), pytest.raises(ValueError, match="not a face of the black"):
        dice.roll(state, "effect", "5.4", BLACK)
    with dice.scripted([3]), pytest.raises(ValueError):
        dice.roll(state, "fire", "5.3", WHITE)
