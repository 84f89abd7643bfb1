"""Puzzle ratings (bot/ratings.py, Glicko-2) and the streak of days solved
(bot/storage/puzzles.py ``PuzzlePlayer``): pure rules, no database."""

from __future__ import annotations

import pytest

from bot.ratings import (
    GLICKO_MAX_VOLATILITY,
    GLICKO_MIN_RD,
    GLICKO_RD,
    Glicko,
    glicko2,
    rate_attempt,
)
from bot.storage.puzzles import PuzzlePlayer


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2012): a 1500 / 200 / 0.06 player
    beats a 1400 / 30 and loses to a 1550 / 100 and a 1700 / 300 (τ = 0.5)."""
    games = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    after = glicko2(Glicko(1500, 200, 0.06), games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = glicko2(Glicko(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.rd > 100 and after.volatility == 0.06


def test_solving_raises_the_member_and_lowers_the_puzzle() -> None:
    member, puzzle = Glicko(), Glicko()
    solver, harder = rate_attempt(member, puzzle, solved=True)
    assert solver.rating > member.rating and harder.rating < puzzle.rating
    failed, easier = rate_attempt(member, puzzle, solved=False)
    assert failed.rating < member.rating and easier.rating > puzzle.rating
    # two new ratings move by the same amount, in opposite directions
    assert solver.rating - 1500 == pytest.approx(1500 - harder.rating)


def test_an_easy_puzzle_moves_a_strong_member_little_when_solved_and_much_when_missed() -> None:
    strong, easy = Glicko(1900, 80), Glicko(1300, 80)
    solved, _ = rate_attempt(strong, easy, solved=True)
    missed, _ = rate_attempt(strong, easy, solved=False)
    assert 0 < solved.rating - 1900 < 1900 - missed.rating


def test_the_bounds_hold() -> None:
    settled = Glicko(1500, GLICKO_MIN_RD, 0.06)
    for _ in range(30):
        settled, _ = rate_attempt(settled, Glicko(1500, 60), solved=True)
    assert settled.rd >= GLICKO_MIN_RD
    fresh, _ = rate_attempt(Glicko(1500, 400, 0.5), Glicko(), solved=False)
    assert fresh.rd <= GLICKO_RD and fresh.volatility <= GLICKO_MAX_VOLATILITY
    with pytest.raises(ValueError):
        glicko2(Glicko(), [(Glicko(), 1.5)])


def test_the_streak_counts_days_in_a_row_with_a_puzzle_solved() -> None:
    member = PuzzlePlayer(1)
    assert member.current_streak(100) == 0
    assert member.after(True, 100) == (1, 1, 100)
    one = PuzzlePlayer(1, streak=1, streak_best=1, last_day=100)
    assert one.after(True, 100) == (1, 1, 100)  # a second puzzle the same day
    assert one.after(False, 101) == (1, 1, 100)  # a wrong answer changes nothing
    assert one.after(True, 101) == (2, 2, 101)
    assert one.after(True, 103) == (1, 1, 103)  # a day missed starts again
    assert one.current_streak(101) == 1  # today's may still come
    assert one.current_streak(102) == 0
    best = PuzzlePlayer(1, streak=2, streak_best=5, last_day=100)
    assert best.after(True, 101) == (3, 5, 101)
