"""The coach's verdicts as numbers (bot.ai.coach): no Discord, no I/O."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bot.ai.coach import (
    COACH_TURNS,
    BingoAdvice,
    LandAdvice,
    WinEstimate,
    bingo_advice,
    coach_advice,
    difference,
    estimate,
    is_bingomagic,
    keep_agrees,
    kept_now,
    land_advice,
    mulligan_size,
    wilson,
)
from bot.engine import MulliganRule, odds
from bot.engine.daily import UNRATED, Verdict
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState

GAMES = 30  # enough to exercise the path; the figures' precision is not under test


def kept(seed: int, mulligans: int = 0, deck: str = "bingomagic", **options) -> PracticeState:
    state, _ = PracticeState.new(seed, PRESETS[deck], PracticeOptions(**options))
    for _ in range(mulligans):
        state.apply("mulligan")
    while not state.is_over:  # keep (unless a forced keep of nothing ended the deal),
        legal = state.legal_actions()  # then London's bottom: the first cards offered
        state.apply("keep" if "keep" in legal else legal[0])
    return state


def win(low: float, high: float) -> WinEstimate:
    return WinEstimate((low + high) / 2, low, high, 200)


# -- the win-chance coach (BingoMagic, RULES §4) -----------------------------------------


def est(p: float, low: float, high: float) -> WinEstimate:
    return WinEstimate(p, low, high, 200)


@pytest.mark.parametrize(
    ("keep", "mulligan", "agreed", "comparison", "verdict"),
    [
        (win(0.30, 0.40), win(0.45, 0.55), False, "mulligan-better", Verdict(False, True)),
        # overlapping intervals, yet the difference's interval lies below 0
        (win(0.30, 0.45), win(0.45, 0.55), False, "mulligan-better", Verdict(False, True)),
        (win(0.35, 0.50), win(0.45, 0.55), True, "too-close", Verdict(True, True)),
        (win(0.50, 0.60), win(0.30, 0.40), True, "keep-better", Verdict(True, False)),
        # a member's report: 51.5 % against 39.5 % over 200 matches each is a real gap
        (est(0.515, 0.446, 0.583), est(0.395, 0.329, 0.464), True, "keep-better",
         Verdict(True, False)),
        (est(0.500, 0.431, 0.569), est(0.480, 0.412, 0.549), True, "too-close",
         Verdict(True, True)),
    ],
)  # fmt: skip
def test_the_verdict_follows_the_difference_and_its_uncertainty(
    keep, mulligan, agreed, comparison, verdict
) -> None:
    """Keep better, mulligan better, or too close, by the 95 % interval of the
    difference; agreement, the comparison and the day's verdict always say the same."""
    assert keep_agrees(keep, mulligan) is agreed
    advice = BingoAdvice(5, True, 200, keep, mulligan, 4)
    assert (advice.agreed, advice.comparison, advice.verdict) == (agreed, comparison, verdict)


@pytest.mark.parametrize("seed", range(40))
def test_the_comparison_never_contradicts_the_figures(seed: int) -> None:
    """Whatever the figures: "keep better" only when the keep's figure is higher,
    "mulligan better" only when it is lower, and the day's verdict agrees."""
    rng = random.Random(seed)
    keep = wilson_estimate(rng.randint(0, 200))
    instead = wilson_estimate(rng.randint(0, 200))
    d, low, high = difference(keep, instead)
    assert low <= d <= high
    advice = BingoAdvice(5, True, 200, keep, instead, 4)
    if advice.comparison == "keep-better":
        assert keep.p > instead.p and advice.verdict.advice == "keep"
    elif advice.comparison == "mulligan-better":
        assert keep.p < instead.p and advice.verdict.advice == "mulligan"
    else:
        assert advice.comparison == "too-close" and advice.verdict.advice == "either"


def wilson_estimate(wins: int) -> WinEstimate:
    return WinEstimate(*wilson(wins, 200), 200)


def test_with_no_mulligan_possible_nothing_is_rated() -> None:
    advice = bingo_advice(kept(1, mulligans=5), GAMES)
    assert (advice.cards, advice.instead, advice.size) == (0, None, None)
    assert advice.agreed is None and advice.comparison is None and advice.verdict == UNRATED


def test_the_advice_follows_the_estimates() -> None:
    state = kept(3)
    keep, instead = estimate(state, GAMES)
    advice = bingo_advice(state, GAMES)
    assert (advice.keep, advice.instead, advice.size) == (keep, instead, 4)
    assert instead is not None and advice.agreed is keep_agrees(keep, instead)
    assert advice.games == GAMES and advice.on_the_play is state.options.on_the_play


def test_the_figure_is_deterministic_for_a_deal() -> None:
    """The same deal (also stored and restored) gives the same figures; another deal's
    simulation is seeded differently."""
    state = kept(11, mulligans=1)
    first = estimate(state, GAMES)
    assert estimate(state, GAMES) == first
    assert estimate(PracticeState.from_json(state.to_json()), GAMES) == first
    others = {estimate(kept(seed), GAMES)[0] for seed in range(4)}
    assert len(others) > 1


def test_the_mulligan_instead_is_one_card_smaller_or_free() -> None:
    assert mulligan_size(kept(1)) == 4
    assert mulligan_size(kept(1, mulligans=2)) == 2
    assert mulligan_size(kept(1, free_first=True)) == 5
    assert mulligan_size(kept(1, mulligans=5)) is None


def test_only_the_bingomagic_deck_gets_the_win_chance_coach() -> None:
    assert is_bingomagic(PRESETS["bingomagic"])
    assert not is_bingomagic(PRESETS["constructed"])
    state = kept(1, deck="constructed")
    with pytest.raises(ValueError, match="BingoMagic deck only"):
        estimate(state, GAMES)
    assert isinstance(coach_advice(state, GAMES), LandAdvice)
    assert isinstance(coach_advice(kept(1), GAMES), BingoAdvice)


# -- the land-drop coach (Magic decks) ---------------------------------------------------


def test_a_london_keep_is_compared_with_a_mulligan_instead() -> None:
    state = kept(4, deck="constructed", mulligans=1)
    advice = land_advice(state)
    size, lands = state.drawable_library()
    assert (advice.cards, advice.turns, advice.runs_out) == (6, COACH_TURNS, False)
    on_the_play = state.options.on_the_play
    assert advice.keep == odds.land_drops_for_hand(
        size, lands, state.hand_lands(), COACH_TURNS, on_the_play
    )
    assert advice.instead == odds.mulligan_instead(
        60, 24, 1, hand_size=7, turns=COACH_TURNS, on_the_play=on_the_play
    )
    assert advice.keep is not None and advice.instead is not None
    assert advice.agreed is (advice.keep >= advice.instead)


def test_the_advice_says_what_a_mulligan_instead_gives_up() -> None:
    """The facts the verdict turns on: the kept hand's lands, its other cards by kind,
    and the size a mulligan instead leads to (one fewer, or the same after a free first
    mulligan, CR 103.5c)."""
    state = kept(4, deck="constructed", mulligans=1)
    advice = land_advice(state)
    assert advice.lands == state.hand_lands() and advice.mulligan_to == 5
    assert advice.spells == ((1, state.hand[1]),) if state.hand[1] else advice.spells == ()
    assert advice.lands + sum(n for _, n in advice.spells) == advice.cards == 6
    free = land_advice(kept(4, deck="commander", free_first=True))
    assert free.cards == 7 and free.mulligan_to == 7
    assert land_advice(kept(4, deck="commander", free_first=True, mulligans=1)).mulligan_to == 6
    other = land_advice(kept(4, deck="constructed", rule=MulliganRule.VANCOUVER))
    assert other.mulligan_to is None, "nothing rated, nothing to weigh"


@pytest.mark.parametrize(
    ("keep", "instead", "agreed", "verdict", "comparison"),
    [
        (Fraction(1, 2), Fraction(1, 3), True, Verdict(True, False), "keep-better"),
        (Fraction(1, 3), Fraction(1, 2), False, Verdict(False, True), "mulligan-better"),
        (Fraction(1, 2), Fraction(1, 2), True, Verdict(True, True), "tie"),  # both sound
        (Fraction(1, 2), None, None, UNRATED, None),
    ],
)
def test_land_verdicts(keep, instead, agreed, verdict, comparison) -> None:
    """Exact figures: the comparison worded (a tie is not "keeping was better") says
    what the verdict says."""
    advice = LandAdvice(7, COACH_TURNS, keep, instead)
    assert (advice.agreed, advice.verdict, advice.comparison) == (agreed, verdict, comparison)
    assert verdict.agrees("keep") == (None if instead is None else keep >= instead)


def test_other_rules_get_a_figure_but_no_opinion() -> None:
    advice = land_advice(kept(4, deck="constructed", rule=MulliganRule.VANCOUVER))
    assert advice.keep is not None and 0 <= advice.keep <= 1
    assert advice.instead is None and advice.agreed is None and advice.verdict == UNRATED


def test_a_library_that_runs_out_shortens_the_horizon() -> None:
    """Seed 2, Constructed on the draw, 7 London mulligans: a kept hand of nothing with
    53 cards above the bottomed ones, so the horizon stays 4 turns; a library of just a
    hand on the draw has nothing to draw."""
    advice = land_advice(kept(2, mulligans=7, deck="constructed", on_the_play=False))
    assert advice.cards == 0 and advice.keep == odds.land_drops_for_hand(53, 23, 0, 4, False)
    assert LandAdvice(7, 2, Fraction(1)).runs_out and not LandAdvice(7, 0, None).runs_out
    assert LandAdvice(7, 0, None).verdict == UNRATED


def test_the_hand_of_the_day_is_judged_kept_as_dealt() -> None:
    opening, _ = PracticeState.new(9, PRESETS["constructed"], PracticeOptions())
    before = opening.to_json()
    kept_hand = kept_now(opening)
    assert kept_hand is not None and kept_hand.is_over and kept_hand.hand == opening.hand
    assert opening.to_json() == before, "the opening itself is left as dealt"
    advice = land_advice(kept_hand)
    assert advice.instead == odds.mulligan_instead(
        60, 24, 0, hand_size=7, turns=COACH_TURNS, on_the_play=opening.options.on_the_play
    )
    mulliganed, _ = PracticeState.new(9, PRESETS["constructed"], PracticeOptions())
    mulliganed.apply("mulligan")
    assert kept_now(mulliganed) is None, "London: keeping after a mulligan leaves a step"
