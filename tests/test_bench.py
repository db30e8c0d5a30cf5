"""Smoke test of the random-play benchmark (bench/playout.py): it runs and prints its ratios.

Not a timed test (DESIGN.md, Testing): only the output's shape is checked, never a figure.
"""
from __future__ import annotations

import re

import pytest

from bench import playout

RATIO = re.compile(r"ratio: \d+\.\d\d Muster random actions per python-chess random move")


def test_quick_run_prints_a_ratio_per_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    assert playout.main(["--quick", "--games", "1", "--game", "a-house-divided"]) == 0
    out = capsys.readouterr().out
    ratios = RATIO.findall(out)
    assert len(ratios) == 3  # basic game, advanced, advanced-all
    assert "preset advanced-all" in out
    assert playout.TARGET in out
    assert "20,000" not in out


def test_game_all_measures_every_game_in_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19 part 3: every game (and each one's presets) in one run, each with its ratio."""
    from core.registry import game_ids

    assert playout.main(["--quick", "--games", "1", "--game", "all"]) == 0
    out = capsys.readouterr().out
    measured = [line.split(",")[0].split()[0] for line in out.splitlines()
                if " game" in line and not line.startswith((" ", "target"))]
    assert sorted(set(measured)) == sorted(game_ids())
    assert len(RATIO.findall(out)) == len(measured)


def test_handoffs_counts_prompts_and_hand_offs_before_and_after(capsys) -> None:
    """bench/handoffs.py: one short Wellington game; the app's rules ask less often
    than the engine does, and hand over less often (the seed-1 game has single choices)."""
    from bench import handoffs

    assert handoffs.main(["--games", "1", "--actions", "80", "--game", "wellington"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines()
            if line.startswith("wellington")]
    assert len(rows) == 2  # four players and the 2-player split
    for row in rows:
        before, after = map(float, re.findall(r"([\d.]+) → ([\d.]+)", row)[0])
        hand_before, hand_after = map(float, re.findall(r"([\d.]+) → ([\d.]+)", row)[1])
        assert after < before and hand_after < hand_before  # single choices taken
