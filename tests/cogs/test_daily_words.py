"""The hand of the day's result in words (cogs.mulligan._daily): one verdict line that
never contradicts itself, and the coach's figures without a second verdict."""

from __future__ import annotations

import pytest

from bot.ai.coach import BingoAdvice, WinEstimate
from bot.engine.daily import UNRATED, Verdict
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from bot.i18n import LANGUAGES, t
from cogs.mulligan._daily import day_words, draws_line, verdict_line

VERDICTS = [Verdict(True, False), Verdict(False, True), Verdict(True, True)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("verdict", VERDICTS)
@pytest.mark.parametrize("decision", ["keep", "mulligan"])
def test_one_verdict_line_whose_mark_is_the_agreement(
    language: str, verdict: Verdict, decision: str
) -> None:
    line = verdict_line(verdict, decision, language)
    assert line is not None
    agreed = verdict.agrees(decision)
    assert line.startswith("✅" if agreed else "❌")
    assert t(language, f"daily-advice-{verdict.advice}") in line


def test_an_unrated_day_has_no_verdict_line() -> None:
    assert verdict_line(UNRATED, "keep", "en") is None


def _kept() -> PracticeState:
    state, _ = PracticeState.new(3, PRESETS["bingomagic"], PracticeOptions())
    state.apply("keep")
    return state


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "keep",
    [
        WinEstimate(0.60, 0.55, 0.65, 200),
        WinEstimate(0.50, 0.45, 0.55, 200),
        WinEstimate(0.30, 0.25, 0.35, 200),
    ],
)
def test_the_figures_carry_no_verdict_and_no_draws(language: str, keep: WinEstimate) -> None:
    """The figures under "On the hand as dealt" carry no ✅/❌/⚖️ sentence (the verdict
    line is the only one) and no next draws (one labelled line of its own)."""
    advice = BingoAdvice(5, True, 200, keep, WinEstimate(0.5, 0.45, 0.55, 200), 4)
    state = _kept()
    words = day_words(advice, state, language)
    assert not any(mark in words for mark in ("✅", "❌", "⚖️"))
    label = t(language, "daily-next-draws-yours", cards="")
    assert label.rstrip(".。 ") not in words
    assert draws_line(state, "daily-next-draws-yours", language).startswith(label[:8])
