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
    last_mulligan,
    mulligan_advice,
    mulligan_size,
    wilson,
)
from bot.engine import MulliganRule, odds, rule_odds
from bot.engine.daily import UNRATED, Verdict
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from bot.engine.rule_odds import Aside

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
    vancouver = land_advice(kept(4, deck="constructed", rule=MulliganRule.VANCOUVER))
    assert (vancouver.mulligan_to, vancouver.scry, vancouver.aside) == (6, False, None)
    smaller = land_advice(kept(4, deck="constructed", rule=MulliganRule.VANCOUVER, mulligans=1))
    assert (smaller.cards, smaller.mulligan_to, smaller.scry) == (6, 5, True)


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


@pytest.mark.parametrize("rule", list(MulliganRule))
@pytest.mark.parametrize("mulligans", [0, 1])
def test_every_rule_compares_the_keep_with_a_mulligan_under_that_rule(
    rule: MulliganRule, mulligans: int
) -> None:
    """The alternative of a keep is a mulligan under the deal's own rule
    (rule_odds.mulligan_figure): rated under every rule, the 1994 rule only for a hand it
    allows a mulligan of."""
    seed = next(
        s
        for s in range(500)
        if rule is not MulliganRule.EARLY_1994
        or PracticeState.new(s, PRESETS["constructed"], PracticeOptions(rule))[0].legal_actions()
        == ["keep", "mulligan"]  # a hand of all lands or no lands
    )  # fmt: skip
    state = kept(seed, deck="constructed", rule=rule, mulligans=mulligans)
    advice = land_advice(state)
    assert advice.keep is not None and 0 <= advice.keep <= 1
    if rule is MulliganRule.EARLY_1994 and mulligans:  # its one mulligan is taken
        assert (advice.instead, advice.unrated, advice.verdict) == (None, "1994", UNRATED)
        return
    pile = Aside(0, 0)
    if rule is MulliganRule.PARTIAL_PARIS:
        aside = [int(a[6:]) for a in state.history if a.startswith("aside:")]
        lands = sum(1 for k in aside if state.deck.is_land[k])
        pile = Aside(lands, len(aside) - lands)
    cards, lands_in_hand = sum(state.hand), state.hand_lands()
    assert advice.instead == rule_odds.mulligan_figure(
        rule, 60, 24, 7, cards, lands_in_hand, taken=state.mulligans_taken,
        on_the_play=state.options.on_the_play, pile=pile,
    )  # fmt: skip
    assert advice.unrated is None and advice.agreed is (advice.keep >= advice.instead)
    assert advice.mulligan_to == state.next_hand_size() if rule is not MulliganRule.LONDON else True


def test_the_1994_rule_rates_only_a_hand_it_allows_a_mulligan_of() -> None:
    """A hand of both lands and spells may not be mulliganed under the 1994 rule: its
    keep has a figure and no verdict, and says why."""
    seed = next(
        s
        for s in range(500)
        if PracticeState.new(s, PRESETS["constructed"], PracticeOptions(MulliganRule.EARLY_1994))[
            0
        ].legal_actions()
        == ["keep"]
    )
    advice = land_advice(kept(seed, deck="constructed", rule=MulliganRule.EARLY_1994))
    assert advice.keep is not None and advice.instead is None
    assert (advice.unrated, advice.agreed, advice.verdict) == ("1994", None, UNRATED)


def test_a_vancouver_keep_is_judged_before_its_scry() -> None:
    """The keep's figure counts the scry 1 as the figure prefers, from the library as
    it was at the keep: the top card (and what the player did with it) does not change
    the verdict."""
    state, _ = PracticeState.new(6, PRESETS["constructed"], PracticeOptions(MulliganRule.VANCOUVER))
    state.apply("mulligan")
    state.apply("keep")
    assert state.decision() == "scry"
    top, bottom = PracticeState.from_json(state.to_json()), state
    top.apply("scry_top")
    bottom.apply("scry_bottom")
    cards, lands = sum(state.hand), state.hand_lands()
    expected = rule_odds.land_drops_after_scry(60 - cards, 24 - lands, lands, COACH_TURNS)
    assert land_advice(top).keep == land_advice(bottom).keep == expected
    assert land_advice(top).scry and land_advice(top).verdict == land_advice(bottom).verdict


# -- the coach on a mulligan taken --------------------------------------------------------


def test_a_mulligan_is_judged_on_the_hand_it_gave_up() -> None:
    """After a mulligan the coach replays the deal to the hand shuffled away and weighs
    keeping it (London: bottoming as the policy does) against the mulligan taken."""
    for rule in (MulliganRule.LONDON, MulliganRule.PARIS, MulliganRule.VANCOUVER):
        state, _ = PracticeState.new(8, PRESETS["constructed"], PracticeOptions(rule))
        first = list(state.hand)
        assert mulligan_advice(state) is None, "no mulligan yet"
        state.apply("mulligan")
        second = list(state.hand)
        state.apply("mulligan")
        advice = mulligan_advice(state)
        assert advice is not None and advice.cards == sum(second) and first != second
        lands = second[0]
        bottom = 1 if rule is MulliganRule.LONDON else 0
        assert advice.bottom == bottom and advice.lands == lands
        assert advice.keep == rule_odds.keep_figure(
            rule, 60, 24, 7, sum(second), lands, bottom=bottom, turns=COACH_TURNS
        )
        assert advice.instead == rule_odds.mulligan_figure(
            rule, 60, 24, 7, sum(second), lands, taken=1, turns=COACH_TURNS
        )
        assert advice.scry is (rule is MulliganRule.VANCOUVER)


def test_a_partial_paris_mulligan_is_judged_with_the_cards_set_aside() -> None:
    """The player's own set-aside is the mulligan judged, named by kind; while it is
    being chosen there is nothing to judge yet."""
    state, _ = PracticeState.new(
        3, PRESETS["constructed"], PracticeOptions(MulliganRule.PARTIAL_PARIS)
    )
    hand = list(state.hand)
    state.apply("mulligan")
    assert mulligan_advice(state) is None, "the set-aside is not chosen yet"
    kind = 1 if hand[1] else 0
    state.apply(f"aside:{kind}")
    state.apply("aside_done")
    advice = mulligan_advice(state)
    assert advice is not None and advice.aside_cards == ((kind, 1),)
    aside = Aside(1, 0) if kind == 0 else Aside(0, 1)
    assert advice.aside == aside and advice.mulligan_to == 6
    assert advice.instead == rule_odds.mulligan_figure(
        MulliganRule.PARTIAL_PARIS, 60, 24, 7, 7, hand[0], taken=0, set_aside=aside
    )


def test_replaying_a_deal_gives_the_same_deal() -> None:
    """The replay the mulligan coach relies on: the seed and the decisions give back
    the stored deal exactly."""
    state, _ = PracticeState.new(21, PRESETS["limited"], PracticeOptions())
    for action in ("mulligan", "mulligan", "keep"):
        state.apply(action)
    found = last_mulligan(state)
    assert found is not None and found[1] == ["keep"]
    replayed, _ = PracticeState.new(21, PRESETS["limited"], PracticeOptions())
    for action in state.history:
        replayed.apply(action)
    assert replayed.to_json() == state.to_json()


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
