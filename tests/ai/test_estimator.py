"""The win-chance estimator's calibration (bot/ai/estimator.py, docs/analysis.md
"Calibration") and where the coach and the analysis use it."""

from __future__ import annotations

import math
import random

import pytest

from bot.ai import analysis
from bot.ai.coach import calibrated, wilson
from bot.ai.estimator import (
    TEMPERATURE,
    calibrate,
    estimate_position,
    playouts,
)
from bot.engine import BingoOptions, BingoState

from .analysis_helpers import first_planted


def test_the_formula_on_one_figure() -> None:
    # q = (0.75 * 24 + 0.5) / 25 = 0.74; t = 0.875 * 24 / 30 = 0.7
    q, t = 0.74, 0.7
    expected = 1 / (1 + math.exp(-t * math.log(q / (1 - q))))
    assert calibrate(0.75, 24, noise=6.0, temperature=0.875) == pytest.approx(expected)
    assert calibrate(0.75, 24, noise=6.0, temperature=0.875) == pytest.approx(0.6753, abs=1e-4)


@pytest.mark.parametrize("playouts_", [1, 8, 24, 40, 200, 10_000])
def test_calibration_is_symmetric_increasing_and_drawn_toward_a_half(playouts_: int) -> None:
    assert TEMPERATURE <= 1
    assert calibrate(0.5, playouts_) == pytest.approx(0.5)
    rates = [k / 20 for k in range(21)]
    chances = [calibrate(r, playouts_) for r in rates]
    assert all(a < b for a, b in zip(chances, chances[1:], strict=False))
    for r, p in zip(rates, chances, strict=True):
        assert 0 < p < 1
        assert calibrate(1 - r, playouts_) == pytest.approx(1 - p)
        assert abs(p - 0.5) <= abs(r - 0.5) + 1e-12


def test_more_playouts_are_trusted_more() -> None:
    few, many = calibrate(0.8, 16), calibrate(0.8, 400)
    assert 0.5 < few < many < 0.8
    assert calibrate(0.8, 0) == 0.5  # no playouts: no opinion
    # without noise and at temperature 1, only the half playout each way moves it
    assert calibrate(0.8, 1000, noise=0.0, temperature=1.0) == pytest.approx(800.5 / 1001)


@pytest.mark.parametrize(
    ("rate", "n", "noise", "temperature"),
    [(-0.1, 10, 6.0, 0.9), (1.1, 10, 6.0, 0.9), (0.5, -1, 6.0, 0.9), (0.5, 10, -1.0, 0.9),
     (0.5, 10, 6.0, 0.0)],
)  # fmt: skip
def test_calibration_refuses_what_is_no_rate(
    rate: float, n: int, noise: float, temperature: float
) -> None:
    with pytest.raises(ValueError):
        calibrate(rate, n, noise, temperature)


def test_a_position_estimate_is_its_playouts_calibrated() -> None:
    seed, history, planted = first_planted()
    state = BingoState.replay(seed, BingoOptions(), history[: planted - 1])
    player = state.current_player()
    assert player is not None
    scores = playouts(state, player, random.Random(5), 12, BingoOptions())
    assert len(scores) == 12 and set(scores) <= {0.0, 0.5, 1.0}
    found = estimate_position(state, player, random.Random(5), 12, BingoOptions())
    assert found == calibrate(sum(scores) / 12, 12)


def test_the_coach_calibrates_its_rate_and_interval() -> None:
    for score, games in ((0, 200), (57.5, 200), (150, 200), (200, 200), (3, 5)):
        p, low, high = calibrated(score, games)
        assert 0 < low <= p <= high < 1
        assert low < high
        raw = wilson(score, games)
        assert (p, low, high) == tuple(calibrate(x, games) for x in raw)


def test_the_calibrated_drop_keeps_the_playouts_drop_to_noise_ratio() -> None:
    best, after = calibrate(0.7, 40), calibrate(0.55, 40)
    drop, noise = analysis._calibrated_drop(best, after, 0.15, 0.05)
    assert drop == pytest.approx(best - after)
    assert drop < 0.15  # drawn toward ½, the two chances are closer
    assert drop / noise == pytest.approx(0.15 / 0.05)
    assert analysis._calibrated_drop(0.6, 0.6, 0.0, 0.0) == (0.0, 0.0)


def test_an_action_that_wins_at_once_keeps_its_exact_chance() -> None:
    seed, history, planted = first_planted()
    found = analysis.analyse_decision(seed, None, history, planted, 8)
    assert found is not None
    assert found.best == 1.0  # the match is over: no estimate to calibrate
    assert 0 < found.after < 1  # the pass is an estimate, calibrated
