"""bench/step_cost.py: the least-squares fit of the work cap's cost model, and its quick run
(issue 19, part 4). Nothing here asserts on seconds: the quick run's timings are whatever the
machine gives, only their shape is checked."""
from __future__ import annotations

import pytest

from bench import step_cost
from bench.step_cost import Sample

STEP, LISTING = 60e-6, 3e-6      # the synthetic model's seconds per step and per listed action


def synthetic(noise: tuple[float, ...] = ()) -> list[Sample]:
    """Decisions whose seconds follow STEP and LISTING exactly (times 1 + noise, in turn)."""
    shapes = [(3500, 27000), (2000, 9800), (1500, 26000), (800, 9000), (2600, 15000),
              (700, 3400), (3900, 38000), (1300, 4000)]
    samples = []
    for index, (steps, listed) in enumerate(shapes):
        factor = 1 + (noise[index % len(noise)] if noise else 0.0)
        samples.append(Sample(f"d{index}", (STEP * steps + LISTING * listed) * factor, steps,
                              listed))
    return samples


def test_an_exact_model_is_recovered_with_no_raise() -> None:
    fit = step_cost.fit(synthetic())
    assert fit.step == pytest.approx(STEP, rel=1e-9)
    assert fit.listing == pytest.approx(LISTING, rel=1e-9)
    assert all(r == pytest.approx(1.0) for r in fit.ratios)
    assert fit.raise_ == pytest.approx(1.0)
    assert fit.raised == pytest.approx((STEP, LISTING))


def test_the_raise_is_the_worst_under_estimate_and_covers_every_decision() -> None:
    fit = step_cost.fit(synthetic(noise=(0.2, -0.1, 0.05, -0.15)))
    assert fit.raise_ == pytest.approx(max(fit.ratios)) and fit.raise_ > 1.1
    raised = fit.raised
    assert raised == pytest.approx((fit.step * fit.raise_, fit.listing * fit.raise_))
    for sample in synthetic(noise=(0.2, -0.1, 0.05, -0.15)):
        assert sample.seconds <= step_cost.model(raised, sample) * (1 + 1e-9)


def test_listing_in_proportion_to_steps_falls_back_to_steps_alone() -> None:
    samples = [Sample(f"d{n}", STEP * 10 * n, 10 * n, 30 * n) for n in range(1, 5)]
    assert step_cost.least_squares(samples) == pytest.approx((STEP, 0.0))


def test_the_pasted_figures_keep_three_significant_digits() -> None:
    assert step_cost.micro(206.4e-6) == "206e-6"
    assert step_cost.micro(42.44e-6) == "42.4e-6"
    assert step_cost.micro(5.432e-6) == "5.43e-6"
    assert step_cost.micro(0.1764e-6) == "0.176e-6"
    assert step_cost.micro(0.0) == "0.0"


def test_the_quick_run_fits_a_game_and_prints_lines_to_paste(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Washington's War at --quick: 2 positions and 2 decisions from the start (a few seconds
    of CPU on the machine that made this)."""
    assert step_cost.main(["--game", "washingtons-war", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "washingtons-war: 4 decisions searched at normal, no cap" in out
    assert out.count(" x") >= 4 and "raise x" in out
    pasted = [line for line in out.splitlines() if line.startswith('    "washingtons-war": (')]
    assert len(pasted) == 1 and pasted[0].endswith("e-6),")
