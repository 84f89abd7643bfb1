"""The BingoMagic coach in words (cogs.mulligan._coach); its numbers are
tests/ai/test_coach.py's."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.ai.coach import (
    COACH_TURNS,
    BingoAdvice,
    LandAdvice,
    WinEstimate,
    bingo_advice,
    land_advice,
)
from bot.engine.practice import PRESETS, PracticeDeck, PracticeOptions, PracticeState
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


def _burn_keep(seed: int) -> PracticeState:
    deck = PracticeDeck.from_entries(
        "Burn",
        [(4, "Lightning Bolt"), (4, "Goblin Guide"), (20, "Mountain"), (32, "Lava Spike")],
        {"Mountain"},
    )
    state, _ = PracticeState.new(seed, deck, PracticeOptions())
    state.apply("keep")
    return state


@pytest.mark.parametrize(
    ("locale", "head", "lands"),
    [
        ("en", "**What decides it:** this hand has", "2 lands"),
        ("it", "**Cosa decide:** questa mano", "ha 2 terre"),
        ("pl", "**Co decyduje:** ta ręka ma", "2 lądy"),
        ("ja", "**判断の決め手：**この手札の土地は", "2枚です。"),
    ],
)
def test_a_rated_keep_names_what_a_mulligan_gives_up(locale: str, head: str, lands: str) -> None:
    """A 2-land 7 the coach would mulligan: the words name its lands and every spell
    a mulligan to 6 gives up, in each language."""
    state = _burn_keep(0)
    advice = land_advice(state)
    assert advice.lands == 2 and advice.mulligan_to == 6 and advice.comparison
    text = land_words(advice, state, locale)
    line = next(part for part in text.splitlines() if part.startswith(head))
    assert lands in line and "6" in line
    for kind, copies in advice.spells:
        name = state.deck.names[kind]
        assert (f"{copies}× {name}" if copies > 1 else name) in line


def test_the_given_up_spells_read_as_a_list_and_presets_as_a_count() -> None:
    """Names joined as a sentence ("A and B"); a preset's stand-in "Spell" cards are
    counted instead; a free mulligan costs no card; a hand of lands gives up no spell."""
    state = _burn_keep(1)
    line = land_words(land_advice(state), state, "en").splitlines()[2]
    assert "costs a card and gives up this hand's 2× Goblin Guide and 5× Lava Spike." in line
    preset, _ = PracticeState.new(5, PRESETS["commander"], PracticeOptions(free_first=True))
    preset.apply("keep")
    words = land_words(land_advice(preset), preset, "en")
    assert "this hand has 2 lands; a free mulligan to 7 gives up this hand's 5 spells." in words
    lands_only = LandAdvice(7, COACH_TURNS, Fraction(1), Fraction(1, 2), 7, (), 6)
    assert "7 lands; a mulligan to 6 costs a card and gives up the whole hand, with no spell" in (
        land_words(lands_only, preset, "en")
    )
