"""Exact opening-hand odds (bot.engine.odds), one behaviour per test.

Every figure is checked against values computed independently here with ``math.comb``
(explicit hypergeometric sums, a transcription of the issue's policy table, and a
brute-force enumeration of land/spell draw patterns), plus one seeded simulation.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.odds import (
    DeckReport,
    KeepChoice,
    LandDropOdds,
    LondonPolicy,
    deck_report,
    drawable_turns,
    keep_agrees,
    kept_distribution,
    kept_size_distribution,
    land_distribution,
    land_drops_for_deck,
    land_drops_for_hand,
    mulligan_instead,
)

PRESETS = [(60, 24, False), (40, 17, False), (99, 36, True), (60, 24, True)]

# -- independent references -------------------------------------------------------------


def hyper(deck: int, lands: int, hand: int, k: int) -> Fraction:
    """P(k lands in `hand` cards), straight from the hypergeometric formula."""
    if k < 0 or k > lands or hand - k > deck - lands:
        return Fraction(0)
    return Fraction(comb(lands, k) * comb(deck - lands, hand - k), comb(deck, hand))


def issue_kept_lands(to_bottom: int, lands: int) -> int | None:
    """The issue's 7-card policy, transcribed literally: kept lands, or None to mulligan."""
    spells = 7 - lands
    if to_bottom == 0:
        return lands if 2 <= lands <= 5 else None
    if to_bottom == 1:
        kept = lands if spells > 2 else lands - 1
        return kept if 2 <= kept <= 4 else None
    if to_bottom == 2:
        lands_out = 0 if spells > 3 else 1 if spells == 3 else 2
        kept = lands - lands_out
        return kept if 2 <= kept <= 4 else None
    lands_out = 0 if spells > 3 else 1 if spells == 3 else 2 if spells == 2 else 3
    return lands - lands_out


def reference_finals(
    deck: int, lands: int, free_first: bool, first_attempt: int = 0
) -> dict[tuple[int, int, int], Fraction]:
    """{(kept size, kept lands, lands among the final 7): P} for 7-card hands."""
    finals: dict[tuple[int, int, int], Fraction] = {}
    reach = Fraction(1)
    attempt = first_attempt
    while True:
        to_bottom = attempt - 1 if free_first and attempt else attempt
        mulligan = Fraction(0)
        for k in range(8):
            p = hyper(deck, lands, 7, k)
            kept = issue_kept_lands(to_bottom, k)
            if kept is None:
                mulligan += p
            else:
                key = (7 - to_bottom, kept, k)
                finals[key] = finals.get(key, Fraction(0)) + reach * p
        if to_bottom >= 3:  # the 4-card row always keeps
            return finals
        reach *= mulligan
        attempt += 1


def reference_hand_drops(
    library: int, library_lands: int, hand_lands: int, turns: int, on_the_play: bool
) -> Fraction:
    """Brute force over every land/spell pattern of the draws by turn `turns`."""
    draws = turns - 1 if on_the_play else turns
    total = Fraction(0)
    for pattern in itertools.product((0, 1), repeat=draws):
        j = sum(pattern)
        if j > library_lands or draws - j > library - library_lands:
            continue
        # P(this exact sequence) = C(library - draws, lands - j) / C(library, lands)
        p = Fraction(comb(library - draws, library_lands - j), comb(library, library_lands))
        ok = all(
            hand_lands + sum(pattern[: (t - 1 if on_the_play else t)]) >= t
            for t in range(1, turns + 1)
        )
        if ok:
            total += p
    return total


def reference_deck_drops(
    deck: int, lands: int, turns: int, on_the_play: bool, free_first: bool, first: int = 0
) -> Fraction:
    return sum(
        (
            p * reference_hand_drops(deck - 7, lands - drawn, kept, turns, on_the_play)
            for (_, kept, drawn), p in reference_finals(deck, lands, free_first, first).items()
        ),
        Fraction(0),
    )


# -- 1. land distribution ----------------------------------------------------------------


@pytest.mark.parametrize("deck, lands", [(60, 24), (40, 17), (99, 36)])
def test_land_distribution_is_the_hypergeometric_formula(deck, lands):
    """Each entry equals C(L,k)·C(N−L,7−k)/C(N,7)."""
    assert land_distribution(deck, lands, 7) == [hyper(deck, lands, 7, k) for k in range(8)]


def test_land_distribution_known_value_60_24():
    """P(3 lands in 7 from 60/24) is the exact fraction 2024·58905/386206920."""
    assert land_distribution(60, 24, 7)[3] == Fraction(2024 * 58905, 386206920)


@given(st.integers(0, 70).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))), st.data())
def test_land_distribution_sums_to_exactly_one(deck_lands, data):
    """The distribution has hand_size + 1 entries summing to exactly 1."""
    deck, lands = deck_lands
    hand = data.draw(st.integers(0, min(deck, 10)))
    dist = land_distribution(deck, lands, hand)
    assert len(dist) == hand + 1
    assert sum(dist) == 1


def test_land_distribution_zero_lands_is_all_mass_on_zero():
    """With no lands, P(0 lands) = 1."""
    assert land_distribution(40, 0, 7) == [1, 0, 0, 0, 0, 0, 0, 0]


def test_land_distribution_all_lands_is_all_mass_on_hand_size():
    """With only lands, P(7 lands) = 1."""
    assert land_distribution(40, 40, 7) == [0, 0, 0, 0, 0, 0, 0, 1]


def test_land_distribution_hand_larger_than_lands_has_zero_tail():
    """With 3 lands in 10 cards, k > 3 is impossible and k = 0 needs 7 of 7 spells."""
    dist = land_distribution(10, 3, 7)
    assert dist[4:] == [0, 0, 0, 0]
    assert dist[0] == Fraction(comb(7, 7), comb(10, 7))
    assert dist[3] == Fraction(comb(3, 3) * comb(7, 4), comb(10, 7))


@pytest.mark.parametrize("args", [(-1, 0, 0), (10, 11, 7), (10, -1, 7), (10, 5, 11), (10, 5, -1)])
def test_land_distribution_rejects_impossible_sizes(args):
    """Negative counts, more lands than cards or a hand larger than the deck: ValueError."""
    with pytest.raises(ValueError):
        land_distribution(*args)


# -- 2. the default London policy -------------------------------------------------------------

# (drawn lands, bottom lands, bottom spells, kept?) for 7 cards drawn, written out by hand.
ROW_6 = [
    (0, 0, 1, False), (1, 0, 1, False), (2, 0, 1, True), (3, 0, 1, True),
    (4, 0, 1, True), (5, 1, 0, True), (6, 1, 0, False), (7, 1, 0, False),
]  # fmt: skip
ROW_5 = [
    (0, 0, 2, False), (1, 0, 2, False), (2, 0, 2, True), (3, 0, 2, True),
    (4, 1, 1, True), (5, 2, 0, True), (6, 2, 0, True), (7, 2, 0, False),
]  # fmt: skip
ROW_4 = [
    (0, 0, 3, True), (1, 0, 3, True), (2, 0, 3, True), (3, 0, 3, True),
    (4, 1, 2, True), (5, 2, 1, True), (6, 3, 0, True), (7, 3, 0, True),
]  # fmt: skip


@pytest.mark.parametrize("lands", range(8))
def test_policy_keeps_seven_with_two_to_five_lands(lands):
    """Seven cards, nothing bottomed: keep exactly with 2–5 lands."""
    expected = KeepChoice(0, 0) if 2 <= lands <= 5 else None
    assert LondonPolicy().decide(7, lands, 0) == expected


@pytest.mark.parametrize("to_bottom, row", [(1, ROW_6), (2, ROW_5), (3, ROW_4)])
def test_policy_bottoms_and_keeps_as_the_issue_table(to_bottom, row):
    """Rows 6/5/4: the bottomed lands/spells and the keep decision match the issue."""
    policy = LondonPolicy()
    for lands, lands_out, spells_out, kept in row:
        assert policy.bottom(7, lands, to_bottom) == KeepChoice(lands_out, spells_out)
        expected = KeepChoice(lands_out, spells_out) if kept else None
        assert policy.decide(7, lands, to_bottom) == expected, (to_bottom, lands)


def test_policy_caps_bottoming_at_the_lands_held():
    """Bottoming 3 of a 4-card hand with no lands takes only spells."""
    assert LondonPolicy().bottom(4, 0, 3) == KeepChoice(0, 3)


def test_policy_for_five_card_hands_keeps_two_lands_and_two_spells():
    """Hand size 5, nothing bottomed: keep with 2–3 lands (≥ 2 lands and ≥ 2 spells)."""
    kept = [lands for lands in range(6) if LondonPolicy().decide(5, lands, 0) is not None]
    assert kept == [2, 3]


# -- 3. kept sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize("deck, lands, free_first", PRESETS)
def test_kept_distribution_matches_reference(deck, lands, free_first):
    """Joint P(kept size, kept lands) equals the enumeration of the transcribed policy."""
    expected: dict[tuple[int, int], Fraction] = {}
    for (size, kept, _), p in reference_finals(deck, lands, free_first).items():
        if p:
            expected[(size, kept)] = expected.get((size, kept), Fraction(0)) + p
    assert kept_distribution(deck, lands, 7, free_first=free_first) == expected


@pytest.mark.parametrize("deck, lands, free_first", PRESETS)
def test_kept_size_distribution_matches_reference(deck, lands, free_first):
    """P(kept size) equals the enumeration of the transcribed policy, sizes 7, 6, 5, 4."""
    expected = {7: Fraction(0), 6: Fraction(0), 5: Fraction(0), 4: Fraction(0)}
    for (size, _, _), p in reference_finals(deck, lands, free_first).items():
        expected[size] += p
    assert kept_size_distribution(deck, lands, free_first=free_first) == expected


def test_kept_size_seven_explicit_product_60_24():
    """Without a free mulligan P(keep 7) = P(2–5 lands), P(keep 6) = P(mull)·P(keep 6)."""
    p = [hyper(60, 24, 7, k) for k in range(8)]
    keep7 = sum(p[2:6])
    keep6 = sum(p[2:6])  # row 6 keeps with 2–5 lands among the 7 drawn (ROW_6)
    sizes = kept_size_distribution(60, 24)
    assert sizes[7] == keep7
    assert sizes[6] == (1 - keep7) * keep6


def test_free_first_mulligan_keeps_seven_again():
    """With free_first, P(keep 7) = p + (1 − p)·p where p = P(2–5 lands in 7)."""
    p = sum(hyper(99, 36, 7, k) for k in range(2, 6))
    assert kept_size_distribution(99, 36, free_first=True)[7] == p + (1 - p) * p


@given(
    st.integers(7, 80).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.integers(0, 7),
    st.booleans(),
)
def test_kept_distributions_sum_to_one_and_agree(deck_lands, hand, free_first):
    """Joint and size distributions sum to exactly 1 and the joint's marginal is the sizes."""
    deck, lands = deck_lands
    joint = kept_distribution(deck, lands, hand, free_first=free_first)
    sizes = kept_size_distribution(deck, lands, hand, free_first=free_first)
    assert sum(joint.values()) == 1
    assert sum(sizes.values()) == 1
    for size, p in sizes.items():
        assert sum(q for (s, _), q in joint.items() if s == size) == p


@pytest.mark.parametrize("lands, kept_lands", [(0, 0), (40, 4)])
def test_degenerate_decks_always_go_to_four(lands, kept_lands):
    """All-spell and all-land decks mulligan to 4 with certainty."""
    assert kept_size_distribution(40, lands) == {7: 0, 6: 0, 5: 0, 4: 1}
    assert kept_distribution(40, lands) == {(4, kept_lands): 1}


class NeverKeep:
    """A plug-in policy that always mulligans."""

    def decide(self, drawn, drawn_lands, to_bottom):
        return None


class AlwaysKeep:
    """A plug-in policy that keeps every hand, bottoming spells first."""

    def decide(self, drawn, drawn_lands, to_bottom):
        spells = min(to_bottom, drawn - drawn_lands)
        return KeepChoice(to_bottom - spells, spells)


class BadBottom:
    """A plug-in policy that bottoms the wrong number of cards."""

    def decide(self, drawn, drawn_lands, to_bottom):
        return KeepChoice(0, 0) if to_bottom else None


def test_plugged_policy_never_keep_is_forced_to_keep_zero():
    """Once the mulligans that count reach the hand size, the keep is forced (size 0)."""
    assert kept_size_distribution(20, 8, 2, NeverKeep()) == {2: 0, 1: 0, 0: 1}


def test_plugged_policy_always_keep_keeps_seven():
    """A keep-everything policy keeps 7 with the plain land distribution."""
    joint = kept_distribution(60, 24, 7, AlwaysKeep())
    assert joint == {(7, k): hyper(60, 24, 7, k) for k in range(8)}


def test_plugged_policy_bottoming_wrong_count_raises():
    """A policy that bottoms fewer cards than required raises ValueError."""
    with pytest.raises(ValueError):
        kept_distribution(60, 24, 7, BadBottom())


# -- 4. land drops --------------------------------------------------------------------------------

HAND_CASES = [
    (53, 21, 2, 4, True),
    (53, 21, 2, 4, False),
    (53, 17, 3, 4, True),
    (92, 33, 1, 5, False),
    (33, 12, 0, 3, False),
    (10, 10, 1, 4, True),
    (10, 0, 3, 4, False),
    (4, 2, 2, 4, False),
]


@pytest.mark.parametrize("library, library_lands, hand_lands, turns, play", HAND_CASES)
def test_land_drops_for_hand_matches_pattern_enumeration(
    library, library_lands, hand_lands, turns, play
):
    """The exact figure equals the brute-force sum over land/spell draw patterns."""
    expected = reference_hand_drops(library, library_lands, hand_lands, turns, play)
    assert land_drops_for_hand(library, library_lands, hand_lands, turns, play) == expected


def test_land_drops_one_land_hand_two_turns_on_the_draw():
    """One land, turn 2 on the draw: P(≥ 1 land in 2 draws) = 1 − C(M−K,2)/C(M,2)."""
    expected = 1 - Fraction(comb(53 - 21, 2), comb(53, 2))
    assert land_drops_for_hand(53, 21, 1, turns=2, on_the_play=False) == expected


@pytest.mark.parametrize("hand_lands, expected", [(0, 0), (1, 1), (3, 1)])
def test_land_drops_turn_one_on_the_play_needs_a_land_in_hand(hand_lands, expected):
    """Turn 1 on the play draws nothing: the figure is 1 iff the hand holds a land."""
    assert land_drops_for_hand(53, 21, hand_lands, turns=1, on_the_play=True) == expected


def test_land_drops_without_library_lands_need_all_in_hand():
    """With no lands left to draw, every drop through 4 needs 4 lands in hand."""
    assert land_drops_for_hand(53, 0, 3, turns=4) == 0
    assert land_drops_for_hand(53, 0, 4, turns=4) == 1


@given(
    st.integers(5, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.integers(0, 5),
    st.integers(1, 5),
)
def test_land_drops_on_the_draw_and_with_more_lands_are_never_worse(library, hand_lands, turns):
    """Drawing first and holding one more land can only raise the figure (pathwise)."""
    size, lands = library
    play = land_drops_for_hand(size, lands, hand_lands, turns, True)
    draw = land_drops_for_hand(size, lands, hand_lands, turns, False)
    assert 0 <= play <= draw <= 1
    assert land_drops_for_hand(size, lands, hand_lands + 1, turns, True) >= play


@pytest.mark.parametrize(
    "args", [(2, 1, 2, 4, True), (53, 54, 2, 4, True), (53, 21, -1, 4, True), (53, 21, 2, 0, True)]
)
def test_land_drops_for_hand_rejects_impossible_sizes(args):
    """Too small a library, more lands than cards, negative lands, turns < 1: ValueError."""
    with pytest.raises(ValueError):
        land_drops_for_hand(*args)


@pytest.mark.parametrize("deck, lands, free_first", PRESETS)
def test_land_drops_for_deck_matches_reference(deck, lands, free_first):
    """Play and draw figures equal the policy × pattern enumeration; average is the mean."""
    odds = land_drops_for_deck(deck, lands, free_first=free_first)
    play = reference_deck_drops(deck, lands, 4, True, free_first)
    draw = reference_deck_drops(deck, lands, 4, False, free_first)
    assert odds == LandDropOdds(play, draw, (play + draw) / 2)


def test_land_drops_for_deck_turn_one_on_the_play_is_p_kept_land():
    """Turn 1 on the play: the figure is P(the kept hand holds at least one land)."""
    finals = reference_finals(40, 17, False)
    expected = sum((p for (_, kept, _), p in finals.items() if kept >= 1), Fraction(0))
    assert land_drops_for_deck(40, 17, turns=1).on_the_play == expected


def test_land_drops_for_deck_known_fraction_always_keep():
    """With a keep-everything policy, turn 1 on the play is exactly 1 − P(0 lands in 7)."""
    odds = land_drops_for_deck(60, 24, turns=1, policy=AlwaysKeep())
    assert odds.on_the_play == 1 - Fraction(comb(36, 7), comb(60, 7))


def test_land_drops_for_deck_rejects_a_library_too_small():
    """A 10-card deck cannot supply 4 draws after a 7-card hand: ValueError."""
    with pytest.raises(ValueError):
        land_drops_for_deck(10, 4)


@pytest.mark.parametrize("taken, free_first", [(0, False), (1, False), (2, False), (1, True)])
def test_mulligan_instead_matches_reference(taken, free_first):
    """Mulliganing after `taken` mulligans equals the reference chain from attempt taken+1."""
    for play in (True, False):
        expected = reference_deck_drops(60, 24, 4, play, free_first, first=taken + 1)
        got = mulligan_instead(60, 24, taken, on_the_play=play, free_first=free_first)
        assert got == expected


def test_mulligan_instead_to_four_cards_is_explicit_sum():
    """After 2 mulligans the next hand (4 cards) is always kept: Σ_k P(k)·drops(kept)."""
    expected = sum(
        (
            hyper(60, 24, 7, k) * reference_hand_drops(53, 24 - k, issue_kept_lands(3, k), 4, True)
            for k in range(8)
        ),
        Fraction(0),
    )
    assert mulligan_instead(60, 24, 2) == expected


def test_deck_figure_is_keep_or_mulligan_instead_per_first_hand():
    """The deck figure decomposes over the first hand: keep's figure, else mulligan_instead."""
    alternative = mulligan_instead(60, 24, 0)
    expected = Fraction(0)
    for k in range(8):
        kept = issue_kept_lands(0, k)
        figure = alternative if kept is None else land_drops_for_hand(53, 24 - k, kept)
        expected += hyper(60, 24, 7, k) * figure
    assert land_drops_for_deck(60, 24).on_the_play == expected


@pytest.mark.parametrize("taken, free_first", [(-1, False), (7, False), (8, True)])
def test_mulligan_instead_rejects_impossible_mulligans(taken, free_first):
    """A negative count, or no mulligan left (counted mulligans = hand size): ValueError."""
    with pytest.raises(ValueError):
        mulligan_instead(60, 24, taken, free_first=free_first)


def test_keep_agrees_when_keep_is_at_least_the_alternative():
    """Agreed iff the keep's figure ≥ the mulligan figure (ties agree)."""
    assert keep_agrees(Fraction(1, 2), Fraction(1, 2))
    assert keep_agrees(Fraction(2, 3), Fraction(1, 2))
    assert not keep_agrees(Fraction(1, 3), Fraction(1, 2))


# -- 5. report -------------------------------------------------------------------------------------


def test_deck_report_bundles_the_figures():
    """deck_report holds the land distribution, kept sizes and land drops of the deck."""
    report = deck_report(99, 36, free_first=True)
    assert isinstance(report, DeckReport)
    assert report.land_distribution == tuple(hyper(99, 36, 7, k) for k in range(8))
    assert report.kept_sizes == kept_size_distribution(99, 36, free_first=True)
    play = reference_deck_drops(99, 36, 4, True, True)
    assert report.land_drops.on_the_play == play


def test_deck_report_text_shows_two_decimal_percentages():
    """as_text prints P(3 lands) for 60/24 as 30.87%."""
    assert "3:  30.87%" in deck_report(60, 24).as_text()


# -- simulation ------------------------------------------------------------------------------------


def simulate(deck: int, lands: int, free_first: bool, trials: int, seed: int):
    """Shuffle-and-draw simulation of the issue policy; returns counts."""
    rng = random.Random(seed)
    sizes = {7: 0, 6: 0, 5: 0, 4: 0}
    play = draw = 0
    for _ in range(trials):
        attempt = 0
        while True:
            cards = rng.sample(range(deck), 11)  # 7 in hand, then the top of the library
            hand = sum(c < lands for c in cards[:7])
            to_bottom = attempt - 1 if free_first and attempt else attempt
            kept = issue_kept_lands(to_bottom, hand)
            if kept is not None:
                break
            attempt += 1
        sizes[7 - to_bottom] += 1
        top = [c < lands for c in cards[7:]]
        play += all(kept + sum(top[: t - 1]) >= t for t in range(1, 5))
        draw += all(kept + sum(top[:t]) >= t for t in range(1, 5))
    return sizes, play, draw


def within_four_sigma(p: Fraction, hits: int, trials: int) -> bool:
    sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
    return abs(hits / trials - float(p)) <= 4 * sigma + 1e-12


@pytest.mark.parametrize("deck, lands, free_first, seed", [(60, 24, False, 1), (99, 36, True, 2)])
def test_simulation_agrees_within_four_sigma(deck, lands, free_first, seed):
    """A seeded 60k-trial simulation lands within 4σ of every exact figure."""
    trials = 60_000
    sizes, play, draw = simulate(deck, lands, free_first, trials, seed)
    exact_sizes = kept_size_distribution(deck, lands, free_first=free_first)
    for size, hits in sizes.items():
        assert within_four_sigma(exact_sizes[size], hits, trials), size
    odds = land_drops_for_deck(deck, lands, free_first=free_first)
    assert within_four_sigma(odds.on_the_play, play, trials)
    assert within_four_sigma(odds.on_the_draw, draw, trials)


def test_benchmark_main_prints_the_presets(capsys):
    """``python -m benchmarks.odds --repeat 1`` returns 0 and prints the three presets."""
    from benchmarks import odds as bench

    assert bench.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "99 cards, 36 lands, 7-card hands, free first mulligan" in out
    assert "ms/call" in out


def test_drawable_turns_on_the_play_and_on_the_draw() -> None:
    """A library of L cards supplies the draws through turn L+1 on the play, L on the draw."""
    assert drawable_turns(0, True) == 1 and drawable_turns(0, False) == 0
    assert drawable_turns(53, True) == 54 and drawable_turns(53, False) == 53
    with pytest.raises(ValueError):
        drawable_turns(-1, True)


@pytest.mark.parametrize(
    ("size", "lands", "turns", "drop_turns", "empty_turn"),
    [
        (7, 7, 10, 0, 1),
        (7, 0, 1, 0, 1),
        (10, 4, 10, 3, 4),
        (10, 4, 3, 3, None),
        (60, 24, 10, 10, None),
    ],
)
def test_deck_report_stops_where_the_library_runs_out(
    size: int, lands: int, turns: int, drop_turns: int, empty_turn: int | None
) -> None:
    """A case a user met: "9 draws needed but the library holds 0 cards" is no error: the land
    drops go through the last turn the library supplies, and the report says from
    which turn it is empty."""
    report = deck_report(size, lands, turns=turns)
    assert (report.drop_turns, report.empty_turn) == (drop_turns, empty_turn)
    assert (report.land_drops is None) == (drop_turns == 0)
    if report.land_drops is not None:
        expected = land_drops_for_deck(size, lands, turns=drop_turns)
        assert report.land_drops == expected
    assert ("is empty from turn" in report.as_text()) == (empty_turn is not None)
