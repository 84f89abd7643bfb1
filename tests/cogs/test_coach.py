"""The BingoMagic coach in words (cogs.mulligan._coach); its numbers are
tests/ai/test_coach.py's."""

from __future__ import annotations

from fractions import Fraction

from bot.ai.coach import COACH_TURNS, BingoAdvice, LandAdvice, WinEstimate, bingo_advice
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from cogs.mulligan._coach import bingo_coach, bingo_words
from cogs.mulligan._service import land_words

GAMES = 30  # enough to exercise the path; the figures' precision is not under test


def kept(seed: int, mulligans: int = 0) -> PracticeState:
    state, _ = PracticeState.new(seed, PRESETS["bingomagic"], PracticeOptions())
    for _ in range(mulligans):
        state.apply("mulligan")
    while not state.is_over:
        legal = state.legal_actions()
        state.apply("keep" if "keep" in legal else legal[0])
    return state


def test_the_words_follow_the_verdict_on_real_estimates() -> None:
    state = kept(3)
    advice = bingo_advice(state, GAMES)
    text, agreed = bingo_coach(state, GAMES)
    assert agreed is advice.agreed and text == bingo_words(advice)
    assert ("❌" in text) is not agreed
    assert ("✅" in text) is (advice.comparison == "keep-better")
    assert ("⚖️" in text) is (advice.comparison == "too-close")
    assert "95% interval" in text and f"{GAMES} simulated matches" in text
    assert bingo_coach(state, GAMES) == bingo_coach(kept(3), GAMES), "seeded from the deal"


def test_each_comparison_has_its_words() -> None:
    def words(low: float, high: float) -> str:
        keep = WinEstimate((low + high) / 2, low, high, 200)
        return bingo_words(BingoAdvice(5, True, 200, keep, WinEstimate(0.5, 0.45, 0.55, 200), 4))

    assert "better choice" in words(0.60, 0.70)
    assert "Too close to call" in words(0.42, 0.52)
    assert "would have done better" in words(0.30, 0.40)


def test_the_verdict_never_contradicts_the_figures_shown() -> None:
    """A member's report: 51.5 % against 39.5 % read "as good as a mulligan"; the
    verdict now follows the figures and their uncertainty."""
    keep, instead = WinEstimate(0.515, 0.446, 0.583, 200), WinEstimate(0.395, 0.329, 0.464, 200)
    text = bingo_words(BingoAdvice(5, True, 200, keep, instead, 4))
    assert "51.5%" in text and "39.5%" in text
    assert "better choice" in text and "as good as" not in text


def test_a_hand_with_no_mulligan_possible_is_not_rated() -> None:
    text, agreed = bingo_coach(kept(1, mulligans=5), GAMES)
    assert agreed is None and "not rated" in text


def test_a_land_drop_tie_is_not_called_a_better_keep() -> None:
    """Exact figures that are equal read "exactly as good", never "the better choice"."""
    state, _ = PracticeState.new(4, PRESETS["constructed"], PracticeOptions())
    state.apply("keep")
    half = Fraction(1, 2)
    tie = land_words(LandAdvice(7, COACH_TURNS, half, half), state, "en")
    assert "exactly as good" in tie and "better" not in tie
    better = land_words(LandAdvice(7, COACH_TURNS, half, Fraction(1, 3)), state, "en")
    assert "better choice" in better
