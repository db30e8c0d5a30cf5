"""bench/tune.py: the terms it tunes and what it writes back (issue 19, part 1)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench import tune


def test_an_unknown_term_is_refused_before_any_game() -> None:
    with pytest.raises(SystemExit, match="no term nonsense"):
        tune.tune("a-house-divided", 1, 1, 1, "easy", 1, False, ["nonsense"])


def test_written_weights_keep_the_header_and_earlier_runs(tmp_path: Path) -> None:
    path = tmp_path / "evaluate.toml"
    path.write_text("# Weights of a game.\n# tuned: bench.tune --game g --rounds 1\n"
                    "#   round 1: a x1.50 -> 1.5: -1.00 over 2 games: not kept\n"
                    "a = 1.0   # the first term (1.0)\nb = 2.0   # the second\n")
    tune.write_weights(path, {"a": 1.0, "b": 3.0}, {"a": 1.0, "b": 2.0},
                       ["round 1: b x1.50 -> 3.0: +4.00 over 8 games: kept"],
                       "bench.tune --game g --rounds 1 --terms b")
    lines = path.read_text().splitlines()
    assert lines[:3] == ["# Weights of a game.", "# tuned: bench.tune --game g --rounds 1",
                         "#   round 1: a x1.50 -> 1.5: -1.00 over 2 games: not kept"]
    assert lines[3:5] == ["# tuned: bench.tune --game g --rounds 1 --terms b",
                          "#   round 1: b x1.50 -> 3.0: +4.00 over 8 games: kept"]
    assert lines[5].startswith("a = 1.0") and lines[5].endswith("# the first term (1.0)")
    assert lines[6].startswith("b = 3.0") and lines[6].endswith("# the second")
