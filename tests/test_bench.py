"""Smoke test of the random-play benchmark (bench/playout.py): it runs and prints its ratios.

Not a timed test (DESIGN.md, Testing): only the output's shape is checked, never a figure.
"""
from __future__ import annotations

import re

import pytest

from bench import playout

RATIO = re.compile(r"ratio: \d+\.\d\d Muster random actions per python-chess random move")


def test_quick_run_prints_a_ratio_per_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    assert playout.main(["--quick", "--games", "1"]) == 0
    out = capsys.readouterr().out
    ratios = RATIO.findall(out)
    assert len(ratios) == 3  # basic game, advanced, advanced-all
    assert "preset advanced-all" in out
    assert playout.TARGET in out
    assert "20,000" not in out
