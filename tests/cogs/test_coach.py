"""The BingoMagic coach (RULES §4): the verdict rule, determinism, sizes."""

from __future__ import annotations

import pytest

from bot.engine.practice import PRESETS, PracticeOptions, PracticeState
from cogs.mulligan._coach import (
    WinEstimate,
    bingo_coach,
    estimate,
    is_bingomagic,
    keep_agrees,
    mulligan_size,
)

GAMES = 30  # enough to exercise the path; the figures' precision is not under test


def kept(seed: int, mulligans: int = 0, **options) -> PracticeState:
    state, _ = PracticeState.new(seed, PRESETS["bingomagic"], PracticeOptions(**options))
    for _ in range(mulligans):
        state.apply("mulligan")
    while not state.is_over:  # keep (unless a forced keep of nothing ended the deal),
        legal = state.legal_actions()  # then London's bottom: the first cards offered
        state.apply("keep" if "keep" in legal else legal[0])
    return state


def win(low: float, high: float) -> WinEstimate:
    return WinEstimate((low + high) / 2, low, high, 200)


@pytest.mark.parametrize(
    ("keep", "mulligan", "agreed"),
    [
        (win(0.30, 0.40), win(0.45, 0.55), False),  # wholly below: a mistake
        (win(0.30, 0.45), win(0.45, 0.55), True),  # touching: not below
        (win(0.35, 0.50), win(0.45, 0.55), True),  # overlapping: can't tell
        (win(0.50, 0.60), win(0.30, 0.40), True),  # above
    ],
)
def test_a_keep_is_agreed_unless_its_interval_is_below(keep, mulligan, agreed) -> None:
    assert keep_agrees(keep, mulligan) is agreed


def test_the_verdict_follows_the_rule_on_real_estimates() -> None:
    state = kept(3)
    keep, instead = estimate(state, GAMES)
    text, agreed = bingo_coach(state, GAMES)
    assert instead is not None and agreed is keep_agrees(keep, instead)
    assert ("✅" in text) is agreed and ("❌" in text) is not agreed
    assert "95% interval" in text and f"{GAMES} simulated matches" in text


def test_the_figure_is_deterministic_for_a_deal() -> None:
    """The same deal (also stored and restored) gives the same figures; another deal's
    simulation is seeded differently."""
    state = kept(11, mulligans=1)
    first = estimate(state, GAMES)
    assert estimate(state, GAMES) == first
    assert estimate(PracticeState.from_json(state.to_json()), GAMES) == first
    assert bingo_coach(state, GAMES) == bingo_coach(kept(11, mulligans=1), GAMES)
    others = {estimate(kept(seed), GAMES)[0] for seed in range(4)}
    assert len(others) > 1


def test_the_mulligan_instead_is_one_card_smaller_or_free() -> None:
    assert mulligan_size(kept(1)) == 4
    assert mulligan_size(kept(1, mulligans=2)) == 2
    assert mulligan_size(kept(1, free_first=True)) == 5
    assert mulligan_size(kept(1, mulligans=5)) is None
    text, agreed = bingo_coach(kept(1, mulligans=5), GAMES)
    assert agreed is None and "not rated" in text


def test_only_the_bingomagic_deck_gets_this_coach() -> None:
    assert is_bingomagic(PRESETS["bingomagic"])
    assert not is_bingomagic(PRESETS["constructed"])
    state, _ = PracticeState.new(1, PRESETS["constructed"], PracticeOptions())
    state.apply("keep")
    with pytest.raises(ValueError, match="BingoMagic deck only"):
        estimate(state, GAMES)
