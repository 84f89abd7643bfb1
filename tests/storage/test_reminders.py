"""The reminder store on SQLite and PostgreSQL (the ``db`` fixture): the preference, the
claims that make a reminder go at most once, and the member's export and erasure."""

from __future__ import annotations

from bot.storage import Database
from bot.storage.reminders import ReminderStore

A, B = 10, 20


async def test_the_preference_is_off_by_default_and_turns_on_and_off(db: Database) -> None:
    store = ReminderStore(db.backend)
    assert not await store.reminders_on(A)
    await store.set_reminders(A, True, 1.0)
    await store.set_reminders(A, True, 2.0)  # twice: still one row
    assert await store.reminders_on(A) and not await store.reminders_on(B)
    await store.set_reminders(A, False, 3.0)
    assert not await store.reminders_on(A)


async def test_a_decision_is_claimed_once_and_only_newer_ones_after_it(db: Database) -> None:
    store = ReminderStore(db.backend)
    assert await store.claim_reminder(7, A, 3, "reminder", 1.0)
    assert not await store.claim_reminder(7, A, 3, "reminder", 2.0), "the same decision"
    assert not await store.claim_reminder(7, A, 3, "seen", 2.0)
    assert not await store.claim_reminder(7, A, 2, "reminder", 2.0), "an older decision"
    assert await store.claim_reminder(7, B, 3, "forfeit", 2.0), "the other member"
    assert await store.claim_reminder(8, A, 3, "reminder", 2.0), "another match"
    assert await store.claim_reminder(7, A, 5, "seen", 3.0), "a newer decision"
    assert not await store.claim_reminder(7, A, 5, "reminder", 3.0), "seen: never sent"


async def test_a_thread_post_is_kept_until_a_newer_claim_or_the_end(db: Database) -> None:
    store = ReminderStore(db.backend)
    assert await store.claim_reminder(7, A, 3, "reminder", 1.0)
    await store.reminder_posted(7, A, 3, 555, 666)
    await store.reminder_posted(7, A, 2, 555, 777)  # not the claimed version: ignored
    assert await store.reminder_posts(7) == [(A, 3, 555, 666)]
    assert await store.claim_reminder(7, A, 4, "reminder", 2.0)
    assert await store.reminder_posts(7) == [], "a new claim starts without a post"
    await store.reminder_posted(7, A, 4, 555, 888)
    await store.forget_reminders(7)
    assert await store.reminder_posts(7) == []
    assert await store.claim_reminder(7, A, 4, "reminder", 3.0), "forgotten with the match"


async def test_claims_of_matches_no_longer_in_progress_are_forgotten(db: Database) -> None:
    store = ReminderStore(db.backend)
    match_id = await db.create_match_if_free(
        guild_id=1, channel_id=2, player_ids=(A, B), seed=42, options={},
        state={"turn": 1}, decisions=[], version=0, started_at=100.0, deadline=None, ui={},
    )  # fmt: skip
    assert isinstance(match_id, int)
    assert await store.claim_reminder(match_id, A, 1, "reminder", 1.0)
    assert await store.claim_reminder(match_id + 100, A, 1, "reminder", 1.0)
    assert await store.forget_ended() == 1
    assert not await store.claim_reminder(match_id, A, 1, "reminder", 2.0), "still active"


async def test_the_export_holds_the_preference_and_erasure_removes_it(db: Database) -> None:
    store = ReminderStore(db.backend)
    await store.set_reminders(A, True, 1_700_000_000.0)
    await store.claim_reminder(7, A, 3, "forfeit", 1_700_000_100.0)
    export = await db.export_member(A, 1_700_000_200.0)
    assert export["settings"]["turn_reminders"] is True
    assert export["turn_reminders"] == [
        {"match_id": 7, "version": 3, "kind": "forfeit", "at": "2023-11-14T22:15:00Z"}
    ]
    other = await db.export_member(B, 1_700_000_200.0)
    assert other["settings"]["turn_reminders"] is False and other["turn_reminders"] == []
    await db.erase_member(A)
    assert not await store.reminders_on(A)
    assert (await db.export_member(A, 1_700_000_300.0))["turn_reminders"] == []
