"""The hand of the day's pure rules: seeds, rotation, options, verdicts and streaks."""

from __future__ import annotations

import pytest

from bot.engine import MulliganRule, daily
from bot.engine.practice import PRESETS


def test_seed_is_deterministic_per_guild_and_day() -> None:
    assert daily.daily_seed(123, 20_000) == daily.daily_seed(123, 20_000)
    seeds = {daily.daily_seed(g, d) for g in (1, 2, 10**18) for d in (20_000, 20_001)}
    assert len(seeds) == 6, "another server or another day gives another hand"
    # A fixed value: the seed must not change between processes or releases.
    assert daily.daily_seed(1, 0) == daily.daily_seed(1, 0) and 0 <= daily.daily_seed(1, 0) < 2**63


def test_same_seed_same_hand_for_everyone() -> None:
    deck = daily.day_deck(20_000)
    seed = daily.daily_seed(42, 20_000)
    options = daily.day_options(seed, deck)
    first, second = daily.day_hand(seed, deck, options), daily.day_hand(seed, deck, options)
    assert first.hand == second.hand and first.library == second.library


def test_day_boundaries_are_utc_midnight() -> None:
    assert (
        daily.day_of(0) == 0
        and daily.day_of(daily.SECONDS_PER_DAY - 0.001) == 0
        and daily.day_of(daily.SECONDS_PER_DAY) == 1
    )
    assert daily.utc_date_text(0) == "1970-01-01" and daily.utc_date_text(20_000) == "2024-10-04"
    assert daily.seconds_to_next_day(daily.SECONDS_PER_DAY * 5 + 10) == daily.SECONDS_PER_DAY - 10


def test_rotation_cycles_presets_and_bingomagic() -> None:
    keys = [daily.rotation_key(d) for d in range(8)]
    assert keys == list(daily.ROTATION) * 2
    assert set(daily.ROTATION) == set(PRESETS)
    assert daily.day_deck(3) == PRESETS[daily.rotation_key(3)]
    chosen = PRESETS["limited"]
    assert all(daily.day_deck(d, chosen) == chosen for d in range(4)), "a server's deck wins"


def test_options_default_to_london_and_refuse_1994_for_bingomagic() -> None:
    seed = daily.daily_seed(1, 1)
    assert daily.day_options(seed, PRESETS["constructed"]).rule is MulliganRule.LONDON
    early = daily.day_options(seed, PRESETS["bingomagic"], MulliganRule.EARLY_1994)
    assert early.rule is MulliganRule.LONDON
    assert daily.day_options(seed, PRESETS["commander"]).free_first
    plays = {
        daily.day_options(daily.daily_seed(1, d), PRESETS["limited"]).on_the_play for d in range(40)
    }
    assert plays == {True, False}, "play and draw both happen"


def test_verdict_agreement() -> None:
    keep = daily.Verdict(True, False)
    assert keep.agrees("keep") is True and keep.agrees("mulligan") is False
    assert keep.advice == "keep" and daily.Verdict(False, True).advice == "mulligan"
    assert daily.Verdict(True, True).advice == "either"
    unrated = daily.Verdict(None, None)
    assert unrated.agrees("keep") is None and unrated.advice is None
    with pytest.raises(ValueError):
        keep.agrees("scry_top")


def test_streaks_count_days_in_a_row_and_a_missed_day_breaks_them() -> None:
    s = daily.Streak.first(10, True)
    assert (s.answered, s.agreed) == (1, 1)
    s = s.after(11, True)
    s = s.after(12, False)
    assert (s.answered, s.answered_best, s.agreed, s.agreed_best) == (3, 3, 0, 2)
    s = s.after(13, None)  # unrated: the agreement streak neither grows nor breaks
    assert (s.answered, s.agreed) == (4, 0)
    s = s.after(14, True).after(15, None).after(16, True)
    assert (s.answered, s.agreed, s.agreed_best) == (7, 2, 2)
    # Day 17 missed: both streaks restart on day 18; the bests stay.
    s = s.after(18, True)
    assert (s.answered, s.answered_best, s.agreed, s.agreed_best) == (1, 7, 1, 2)
    # The current streak still runs today and the day after; then it shows 0.
    assert s.current(18) == (1, 1) and s.current(19) == (1, 1) and s.current(20) == (0, 0)
    with pytest.raises(ValueError):
        s.after(18, True)  # one answer per day
