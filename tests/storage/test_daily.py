"""Storage of the hand of the day (migration 7): days, one answer a day, split, streaks."""

from __future__ import annotations

from bot.storage.daily import DailySettings, DailyStore


async def test_settings_days_answers_split_and_streaks(db) -> None:
    store = DailyStore(db.backend)
    assert await store.settings(1) == DailySettings(1)
    await store.set_settings(DailySettings(1, 10**18, None, "london"), 1.0)
    assert (await store.settings(1)).channel_id == 10**18
    assert [s.guild_id for s in await store.posting_guilds()] == [1]

    first = await store.create_day(1, 100, 2**62, '{"d": 1}', '{"o": 1}', 5.0)
    again = await store.create_day(1, 100, 7, '{"d": 2}', '{"o": 2}', 6.0)
    assert again == first, "the first deal of the day stays"

    streak = await store.record_answer(
        1, 100, 9, decision="keep", state="{}", version=1, kept_size=7, agreed=True, now=1.0
    )
    assert streak is not None and (streak.answered, streak.agreed) == (1, 1)
    twice = await store.record_answer(
        1, 100, 9, decision="mulligan", state="{}", version=1, kept_size=None, agreed=False, now=2.0
    )
    assert twice is None, "one answer per member per day"
    await store.record_answer(
        1, 100, 8, decision="mulligan", state="{}", version=1, kept_size=None, agreed=None, now=2.0
    )
    assert await store.save_state(
        1, 100, 8, state="{}", old_version=1, version=3, kept_size=6, now=3.0
    )
    assert not await store.save_state(
        1, 100, 8, state="{}", old_version=1, version=4, kept_size=5, now=3.0
    ), "compare-and-set"
    split = await store.split(1, 100)
    assert (split.keeps, split.mulligans, split.kept_sizes) == (1, 1, ((7, 1), (6, 1)))

    # The next day keeps the streak; a missed day restarts it.
    await store.create_day(1, 101, 1, "{}", "{}", 7.0)
    s = await store.record_answer(
        1, 101, 9, decision="keep", state="{}", version=1, kept_size=7, agreed=False, now=8.0
    )
    assert s is not None and (s.answered, s.agreed, s.agreed_best) == (2, 0, 1)
    s = await store.record_answer(
        1, 103, 9, decision="keep", state="{}", version=1, kept_size=7, agreed=True, now=9.0
    )
    assert s is not None and (s.answered, s.answered_best, s.agreed) == (1, 2, 1)
    assert await store.streak(1, 9) == s

    # Posting and finalizing.
    assert [d.day for d in await store.unfinalized_days(200)] == []
    assert await store.set_post(1, 100, 10**18, 10**18 + 1)
    assert not await store.set_post(1, 100, 10**18, 5), "posted once"
    assert [d.day for d in await store.unfinalized_days(101)] == [100]
    assert [d.day for d in await store.unfinalized_days(100)] == []
    assert await store.set_finalized(1, 100, 9.0)
    assert not await store.set_finalized(1, 100, 10.0)
    assert await store.unfinalized_days(200) == []
