"""Exact land-drop figures under every mulligan rule (bot.engine.rule_odds), checked
against brute-force enumeration of labelled cards on small decks, and against the
practice engine's own hand sizes."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

import pytest

from bot.engine import MulliganRule, odds, rule_odds
from bot.engine.odds import DEFAULT_POLICY, KeepChoice
from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from bot.engine.rule_odds import Aside

RULES = list(MulliganRule)


def draws_by(turn: int, on_the_play: bool) -> int:
    return turn - 1 if on_the_play else turn


def makes_drops(hand_lands: int, drawn: list[bool], turns: int, on_the_play: bool) -> bool:
    """Every land drop through ``turns`` with ``drawn`` the draws in order (True: a land)."""
    return all(
        hand_lands + sum(drawn[: draws_by(turn, on_the_play)]) >= turn
        for turn in range(1, turns + 1)
    )


def brute_drops(library: list[bool], hand_lands: int, turns: int, on_the_play: bool) -> Fraction:
    """P(every land drop) over every ordered draw of labelled ``library`` cards."""
    need = draws_by(turns, on_the_play)
    orders = list(permutations(range(len(library)), need))
    hits = sum(makes_drops(hand_lands, [library[i] for i in order], turns, on_the_play)
               for order in orders)  # fmt: skip
    return Fraction(hits, len(orders))


def brute_scry(library: list[bool], hand_lands: int, turns: int, on_the_play: bool) -> Fraction:
    """The Vancouver scry 1 by enumeration: a land on top stays, a spell goes under."""
    need = draws_by(turns, on_the_play)
    orders = list(permutations(range(len(library)), need + 1))
    hits = 0
    for order in orders:
        cards = [library[i] for i in order]
        drawn = cards[:need] if cards[0] else cards[1:]
        hits += makes_drops(hand_lands, drawn, turns, on_the_play)
    return Fraction(hits, len(orders))


@pytest.mark.parametrize("on_the_play", [True, False])
@pytest.mark.parametrize("top", [True, False])
def test_a_known_top_card_is_the_first_draw(top: bool, on_the_play: bool) -> None:
    library = [True] * 3 + [False] * 5
    first = library.index(top)
    rest = library[:first] + library[first + 1 :]
    need = draws_by(3, on_the_play)
    orders = list(permutations(range(len(rest)), need - 1))
    expected = Fraction(
        sum(makes_drops(1, [top] + [rest[i] for i in order], 3, on_the_play) for order in orders),
        len(orders),
    )
    assert odds.land_drops_for_hand(8, 3, 1, 3, on_the_play, top=top) == expected
    with pytest.raises(ValueError, match="known top"):
        odds.land_drops_for_hand(8, 8 if not top else 0, 1, 3, on_the_play, top=top)


@pytest.mark.parametrize("on_the_play", [True, False])
@pytest.mark.parametrize(("size", "lands", "hand_lands"), [(9, 3, 1), (9, 5, 0), (10, 2, 2)])
def test_the_scry_figure_matches_enumeration_and_never_hurts(
    size: int, lands: int, hand_lands: int, on_the_play: bool
) -> None:
    library = [True] * lands + [False] * (size - lands)
    figure = rule_odds.land_drops_after_scry(size, lands, hand_lands, 3, on_the_play)
    assert figure == brute_scry(library, hand_lands, 3, on_the_play)
    assert figure >= odds.land_drops_for_hand(size, lands, hand_lands, 3, on_the_play)


def test_a_library_too_small_to_bottom_keeps_its_top_card() -> None:
    """Three cards and three draws on the draw: bottoming one would leave too few."""
    plain = odds.land_drops_for_hand(3, 1, 2, 3, False)
    assert rule_odds.land_drops_after_scry(3, 1, 2, 3, False) == plain


def brute_paris(
    deck: list[bool], hand_size: int, size: int, turns: int, on_the_play: bool, scry: bool
) -> Fraction:
    """A Paris (Vancouver with ``scry``) mulligan to ``size`` cards by enumerating every
    labelled hand of every attempt, the policy keeping as it does."""
    total, reach = Fraction(0), Fraction(1)
    cards = range(len(deck))
    while reach:
        hands = list(combinations(cards, size))
        again = 0
        for hand in hands:
            lands = sum(deck[i] for i in hand)
            if size == 0 or DEFAULT_POLICY.keeps(size, lands, hand_size - size):
                library = [deck[i] for i in cards if i not in hand]
                figure = (brute_scry if scry and size < hand_size else brute_drops)(
                    library, lands, turns, on_the_play
                )
                total += reach * figure / len(hands)
            else:
                again += 1
        reach *= Fraction(again, len(hands))
        size -= 1
    return total


@pytest.mark.parametrize("rule", [MulliganRule.PARIS, MulliganRule.VANCOUVER])
@pytest.mark.parametrize(("taken", "free_first"), [(0, False), (0, True), (1, False)])
def test_paris_and_vancouver_chains_match_enumeration(
    rule: MulliganRule, taken: int, free_first: bool
) -> None:
    """A 10-card deck of 4 lands, 4-card hands, 2 turns on the draw: the mulligan of a
    4-card hand (after ``taken`` mulligans) by brute force over labelled cards."""
    deck = [True] * 4 + [False] * 6
    figure = rule_odds.mulligan_figure(
        rule, 10, 4, 4, 4, 1, taken=taken, free_first=free_first, turns=2, on_the_play=False
    )
    size = 4 if free_first and taken == 0 else 3
    scry = rule is MulliganRule.VANCOUVER
    assert figure == brute_paris(deck, 4, size, 2, False, scry)


def test_a_partial_paris_mulligan_matches_enumeration() -> None:
    """A 20-card deck of 8 lands, a 4-card hand (1 land) three mulligans in, 2 spells
    already set aside: setting 2 more spells aside draws 1 card from the 14 left (the
    hand and every set-aside card out), and the 3 cards are kept (the policy always
    keeps below 5); the set-aside cards are back for the draws."""
    pile = Aside(1, 1)
    figure = rule_odds.mulligan_figure(
        MulliganRule.PARTIAL_PARIS, 20, 8, 7, 4, 1,
        taken=3, pile=pile, set_aside=Aside(0, 2), turns=3, on_the_play=True,
    )  # fmt: skip
    library = [True] * (8 - 1 - 1) + [False] * (12 - 3 - 1)  # no hand, no pile
    assert len(library) == 20 - 4 - 2 and sum(library) == 6
    expected = Fraction(0)
    for drawn in library:
        lands = 1 + drawn  # the land kept and the card drawn
        back = [True] * (8 - lands) + [False] * (12 - (3 - lands))  # all but the 3 kept
        expected += brute_drops(back, lands, 3, True) / len(library)
    assert figure == expected


@pytest.mark.parametrize("hand_lands", range(8))
def test_the_partial_paris_policy_sets_aside_the_best_cards(hand_lands: int) -> None:
    """Its set-aside scores at least as well as any other of the hand, mixes of lands and
    spells included (Constructed, a 7-card hand, the first mulligan)."""
    aside, figure = rule_odds.partial_paris_aside(60, 24, 7, 7, hand_lands, taken=0)
    assert figure == rule_odds.mulligan_figure(
        MulliganRule.PARTIAL_PARIS, 60, 24, 7, 7, hand_lands, taken=0, set_aside=aside
    )
    for lands in range(hand_lands + 1):
        for spells in range(7 - hand_lands + 1):
            if lands + spells:
                other = rule_odds.mulligan_figure(
                    MulliganRule.PARTIAL_PARIS, 60, 24, 7, 7, hand_lands, taken=0,
                    set_aside=Aside(lands, spells),
                )  # fmt: skip
                assert other <= figure + Fraction(1, 10**12)


class AlwaysKeep:
    def decide(self, drawn: int, drawn_lands: int, to_bottom: int) -> KeepChoice | None:
        return KeepChoice()


@pytest.mark.parametrize("on_the_play", [True, False])
def test_the_1994_mulligan_is_a_new_full_hand_kept(on_the_play: bool) -> None:
    figure = rule_odds.mulligan_figure(
        MulliganRule.EARLY_1994, 40, 17, 7, 7, 0, taken=0, on_the_play=on_the_play
    )
    report = odds.land_drops_for_deck(40, 17, 7, 4, AlwaysKeep())
    assert figure == (report.on_the_play if on_the_play else report.on_the_draw)
    for cards, lands, used in [(7, 3, False), (7, 7, True), (0, 0, False)]:
        with pytest.raises(ValueError):
            rule_odds.mulligan_figure(
                MulliganRule.EARLY_1994, 40, 17, 7, cards, lands, taken=0, early_used=used
            )
    assert rule_odds.early_1994_allows(7, 7, False) and not rule_odds.early_1994_allows(7, 3, False)


def test_london_is_odds_mulligan_instead_and_its_keep_bottoms_by_the_policy() -> None:
    assert rule_odds.mulligan_figure(
        MulliganRule.LONDON, 60, 24, 7, 7, 3, taken=2, free_first=True
    ) == odds.mulligan_instead(60, 24, 2, free_first=True)
    choice = DEFAULT_POLICY.bottom(7, 5, 2)
    assert rule_odds.keep_figure(MulliganRule.LONDON, 60, 24, 7, 7, 5, bottom=2) == (
        odds.land_drops_for_hand(53, 19, 5 - choice.bottom_lands)
    )
    with pytest.raises(ValueError):
        rule_odds.mulligan_figure(MulliganRule.LONDON, 60, 24, 7, 0, 0, taken=7)


@pytest.mark.parametrize("hand_lands", range(8))
def test_the_scry_makes_vancouver_at_least_as_good_as_paris(hand_lands: int) -> None:
    paris = rule_odds.mulligan_figure(MulliganRule.PARIS, 60, 24, 7, 7, hand_lands, taken=0)
    vancouver = rule_odds.mulligan_figure(MulliganRule.VANCOUVER, 60, 24, 7, 7, hand_lands, taken=0)
    assert vancouver > paris
    assert rule_odds.keep_figure(MulliganRule.VANCOUVER, 60, 24, 7, 6, 2) > (
        rule_odds.keep_figure(MulliganRule.PARIS, 60, 24, 7, 6, 2)
    )


@pytest.mark.parametrize("rule", [r for r in RULES if r is not MulliganRule.EARLY_1994])
@pytest.mark.parametrize("free_first", [False, True])
def test_the_mulligan_size_is_the_engines(rule: MulliganRule, free_first: bool) -> None:
    """mulligan_size says what MulliganPhase.next_hand_size says, mulligan after
    mulligan, and the next hand has that many cards."""
    state, _ = PracticeState.new(5, PRESETS["constructed"], PracticeOptions(rule, free_first))
    for taken in range(3):
        cards = sum(state.hand)
        size = rule_odds.mulligan_size(rule, 7, cards, taken, free_first)
        assert size == state.next_hand_size()
        state.apply("mulligan")
        if rule is MulliganRule.PARTIAL_PARIS:
            state.apply(state.legal_actions()[0])
            state.apply("aside_done")
        assert sum(state.hand) == (7 if rule is MulliganRule.LONDON else size)


def test_impossible_hands_and_set_asides_are_refused() -> None:
    with pytest.raises(ValueError, match="must be kept"):
        rule_odds.mulligan_figure(MulliganRule.PARIS, 60, 24, 7, 0, 0, taken=7)
    with pytest.raises(ValueError, match="cannot set aside"):
        rule_odds.mulligan_figure(
            MulliganRule.PARTIAL_PARIS, 60, 24, 7, 7, 2, taken=0, set_aside=Aside(3, 0)
        )
    with pytest.raises(ValueError, match="not a hand"):
        rule_odds.keep_figure(MulliganRule.PARIS, 60, 24, 7, 7, 8)


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m benchmarks.rule_odds --deals 1`` returns 0 and times every rule."""
    from benchmarks import rule_odds as bench

    assert bench.main(["--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert all(rule.value in out for rule in MulliganRule) and "ms max" in out
