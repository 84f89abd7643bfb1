"""The global ladder's rows (``bot.storage.ladder``) on SQLite and PostgreSQL: joining
under a unique name, leaving (the name is deleted), the standings of a ladder season
from queue matches only and all-time from ``queue_ratings``, and ``/privacy``."""

from __future__ import annotations

import pytest

from bot import ladder as rules
from bot import ratings as openskill
from bot.storage import Database
from bot.storage import ladder as ladder_module
from bot.storage.base import NO_SERVER
from bot.storage.ladder import LadderStore, NameTaken
from bot.storage.queue import QueueStore

from .helpers import finish

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
S3, S4 = rules.season(3), rules.season(4)  # 2026 Q3, 2026 Q4


def columns() -> dict[str, object]:
    return {
        "seed": 7, "options": {}, "state": {"turn": 0}, "decisions": [], "version": 0,
        "started_at": S3.start, "deadline": None, "ui": {"names": ["a", "b"]},
    }  # fmt: skip


async def queue_match(
    db: Database, first: int, second: int, winner: int | None, ended_at: float
) -> int:
    """A finished queue match between ``first`` and ``second`` (``winner`` None: a
    draw), rated into the queue ratings as the queue rates it."""
    match_id = await db.create_match(
        guild_id=NO_SERVER, channel_id=NO_SERVER, player_ids=(first, second), **columns()
    )
    # The queue stores its matches with kind 'queue' (QueueStore.create_match, which
    # needs a pair); the ladder reads only that column.
    await db.backend.execute("UPDATE matches SET kind = 'queue' WHERE id = ?", (match_id,))
    loser = None if winner is None else (second if winner == first else first)
    assert await finish(db, match_id, winner=winner, loser=loser, ended_at=ended_at)
    assert await QueueStore(db.backend).rate_match(match_id, ended_at) is not None
    return match_id


async def test_join_rename_taken_and_leave(db: Database) -> None:
    store = LadderStore(db.backend)
    check = rules.check_name("Ann  Lee")
    assert await store.join(ALICE, check.name, check.key, 10.0) is False
    member = await store.ladder_member(ALICE)
    assert member is not None and (member.name, member.name_key) == ("Ann Lee", "annlee")
    same = rules.check_name("ann-lee")
    with pytest.raises(NameTaken):
        await store.join(BOB, same.name, same.key, 11.0)
    assert await store.ladder_member(BOB) is None
    # Alice may take a spelling of her own name, or another; joined_at stays.
    assert await store.join(ALICE, same.name, same.key, 12.0) is True
    renamed = await store.ladder_member(ALICE)
    assert renamed is not None and (renamed.name, renamed.joined_at) == ("ann-lee", 10.0)
    assert await store.leave(ALICE) is True and await store.leave(ALICE) is False
    assert await store.ladder_member(ALICE) is None
    # Her name is no longer stored anywhere, so another member may take it.
    assert await db.backend.fetchval("SELECT COUNT(*) FROM ladder_members") == 0
    await store.join(BOB, same.name, same.key, 13.0)
    assert (await store.ladder_members()).keys() == {BOB}


async def test_standings_by_season_from_queue_matches_of_members_who_joined(db: Database) -> None:
    store = LadderStore(db.backend)
    for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.join(uid, name, rules.name_key(name), S3.start)
    # Season 3: Bob beats Alice twice. Season 4: Alice beats Bob, Carol draws Dave.
    await queue_match(db, ALICE, BOB, BOB, S3.start + 100)
    await queue_match(db, BOB, ALICE, BOB, S3.start + 200)
    await queue_match(db, ALICE, BOB, ALICE, S4.start + 100)
    await queue_match(db, CAROL, DAVE, None, S4.start + 200)
    # A casual match between members never counts on the ladder.
    casual = await db.create_match(guild_id=5, channel_id=6, player_ids=(CAROL, ALICE), **columns())
    assert await finish(db, casual, winner=CAROL, loser=ALICE, ended_at=S4.start + 300)

    now = S4.start + 400
    s4 = await store.ladder_standings((S4.start, S4.end), now)
    # Dave never joined: not listed, though his match rated Carol.
    assert [r.name for r in s4] == ["Alice", "Carol", "Bob"]
    assert [r.rank for r in s4] == [1, 2, 3]
    assert [(r.matches, r.wins, r.losses) for r in s4] == [(1, 1, 0), (1, 0, 0), (1, 0, 1)]
    s3 = await store.ladder_standings((S3.start, S3.end), S3.end)
    assert [(r.name, r.wins) for r in s3] == [("Bob", 2), ("Alice", 0)]
    # Each season starts from the prior: Alice's season 4 rating is one win's worth.
    table = openskill.standings(
        [openskill.Played(1, (ALICE, BOB), 0, S4.start + 100)]
    )  # the same arithmetic (bot.ratings.play)
    expected = openskill.shown(table[ALICE].skill, S4.start + 100, now)
    assert s4[0].mu == pytest.approx(expected.mu) and s4[0].sigma == pytest.approx(expected.sigma)
    # All-time is queue_ratings: three matches between Alice and Bob.
    every = await store.ladder_standings(None, now)
    assert {r.name: r.matches for r in every} == {"Alice": 3, "Bob": 3, "Carol": 1}
    rating = await QueueStore(db.backend).queue_rating(ALICE)
    assert rating is not None
    shown = openskill.idle(rating.skill, now - rating.last_played)
    alice = next(r for r in every if r.user_id == ALICE)
    assert (alice.mu, alice.sigma) == pytest.approx((shown.mu, shown.sigma))
    # Idle time lowers the rating shown (sigma grows, bot.ratings.idle).
    later = await store.ladder_standings(None, now + 60 * 86_400)
    assert next(r for r in later if r.user_id == ALICE).ordinal < alice.ordinal
    # A member who leaves is no longer listed; the others keep their places.
    await store.leave(CAROL)
    assert [r.name for r in await store.ladder_standings((S4.start, S4.end), now)] == [
        "Alice",
        "Bob",
    ]


async def test_export_and_erasure(db: Database) -> None:
    store = LadderStore(db.backend)
    await store.join(ALICE, "Alice", "alice", S3.start)
    await store.join(BOB, "Bob", "bob", S3.start)
    await queue_match(db, ALICE, BOB, ALICE, S3.start + 100)
    await queue_match(db, ALICE, BOB, BOB, S4.start + 100)
    await queue_match(db, ALICE, BOB, BOB, S4.start + 200)
    now = S4.start + 300
    exported = await db.export_member(ALICE, now)
    ladder = exported["ladder"]
    assert ladder["name"] == "Alice" and ladder["joined_at"].startswith("2026-07-01")
    assert [(s["season"], s["wins"], s["losses"], s["rank"]) for s in ladder["seasons"]] == [
        (3, 1, 0, 1),
        (4, 0, 2, 2),
    ]
    assert (await db.export_member(CAROL, now))["ladder"] is None
    bob_before = await store.ladder_standings((S4.start, S4.end), now)
    await db.erase_member(ALICE)
    assert await store.ladder_member(ALICE) is None
    assert (
        await db.backend.fetchval("SELECT COUNT(*) FROM ladder_members WHERE name = ?", ("Alice",))
        == 0
    )
    after = await store.ladder_standings((S4.start, S4.end), now)
    # Bob's season rating is unchanged: Alice's seat plays on as a pseudonym, unlisted.
    assert [(r.name, r.mu, r.sigma) for r in after] == [
        (r.name, r.mu, r.sigma) for r in bob_before if r.name == "Bob"
    ]


async def test_a_later_read_plays_only_new_matches_and_agrees(db: Database) -> None:
    """The process keeps a season's table (``_TABLES``); a read after more matches ended
    gives what a read from scratch gives."""
    store = LadderStore(db.backend)
    for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.join(uid, name, rules.name_key(name), S4.start)
    window = (S4.start, S4.end)
    await queue_match(db, ALICE, BOB, ALICE, S4.start + 10)
    await store.ladder_standings(window, S4.start + 20)
    await queue_match(db, BOB, CAROL, BOB, S4.start + 30)
    await queue_match(db, CAROL, ALICE, None, S4.start + 40)
    kept = await store.ladder_standings(window, S4.start + 50)
    ladder_module._TABLES.clear()
    fresh = await store.ladder_standings(window, S4.start + 50)
    assert kept == fresh and [r.matches for r in fresh] == [2, 2, 2]
