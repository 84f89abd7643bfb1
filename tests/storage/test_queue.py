"""The ranked queue's rows (``bot.storage.queue``) on SQLite and PostgreSQL: joining,
pairing by the widening window and by consent, storing a pair's match once, what
survives a stopped process, the queue ratings, and one match at a time across servers."""

from __future__ import annotations

import itertools

import pytest

from bot import limits
from bot.queue import policy
from bot.ratings import Skill
from bot.storage import Database
from bot.storage.base import NO_SERVER
from bot.storage.consent import ConsentStore
from bot.storage.queue import BoardPlace, Busy, JoinRefused, Pair, QueueStore

from .helpers import finish

G1, G2 = 100, 200
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
T0 = 1_000_000.0


async def queue(
    store: QueueStore, user_id: int, mu: float, *, sigma: float = 2.0, at: float = T0,
    guild_id: int | None = G1,
) -> None:  # fmt: skip
    await store.join(
        user_id, guild_id=guild_id, channel_id=None if guild_id is None else guild_id + 1,
        name=f"user{user_id}", language=None, skill=Skill(mu, sigma), now=at, owner="p1",
    )  # fmt: skip


def columns(seed: int = 7) -> dict[str, object]:
    return {
        "seed": seed, "options": {}, "state": {"turn": 0}, "decisions": [], "version": 0,
        "started_at": T0, "deadline": None, "ui": {"names": ["a", "b"]},
    }  # fmt: skip


async def pair(store: QueueStore, user_id: int, now: float = T0) -> Pair | None:
    return await store.pair(user_id, now, window=policy.window)


async def alice_and_bob(store: QueueStore) -> Pair:
    """ALICE and BOB queued in G1 at mu 25, then paired by ALICE's pass."""
    await queue(store, ALICE, 25.0)
    await queue(store, BOB, 25.0)
    found = await pair(store, ALICE)
    assert found is not None
    return found


async def store_match(store: QueueStore, found: Pair, boards: list[BoardPlace]) -> int:
    """The match of ``found`` (ALICE and BOB, in no server, at T0, with ``boards``); its id."""
    match_id = await store.create_match(
        found, guild_id=0, channel_id=0, player_ids=(ALICE, BOB), now=T0, boards=boards,
        **columns(),
    )  # fmt: skip
    assert isinstance(match_id, int)
    return match_id


async def test_join_leave_and_refusals(db: Database) -> None:
    """A member joins once; a second join while queuing, or while in a match anywhere,
    is refused; leaving is a compare-and-set; a new join replaces an ended entry."""
    store = QueueStore(db.backend)
    await queue(store, ALICE, 25.0)
    entry = await store.entry(ALICE)
    assert entry is not None and entry.status == "waiting" and entry.guild_id == G1
    with pytest.raises(JoinRefused, match="queued"):
        await queue(store, ALICE, 25.0)
    assert await store.queuing_count() == 1
    assert await store.end(ALICE, "left", T0 + 1, reason="left")
    assert not await store.end(ALICE, "left", T0 + 2), "only once"
    await queue(store, ALICE, 26.0, at=T0 + 3)
    entry = await store.entry(ALICE)
    assert entry is not None and entry.status == "waiting" and entry.mu == 26.0
    match = await db.create_match(guild_id=G2, channel_id=9, player_ids=(BOB, CAROL), **columns())
    assert match > 0
    with pytest.raises(JoinRefused, match="busy"):
        await queue(store, BOB, 25.0)


async def test_pairs_the_closest_within_both_windows(db: Database) -> None:
    """Of the waiting members, the closest rating within both windows is chosen; a gap
    outside them waits until the windows widen (±1 sigma, then one more every 20 s)."""
    store = QueueStore(db.backend)
    await queue(store, ALICE, 25.0)
    await queue(store, BOB, 26.5)
    await queue(store, CAROL, 25.5, guild_id=G2)
    await queue(store, DAVE, 40.0, guild_id=None)
    found = await pair(store, ALICE)
    assert found is not None and found.user_ids == (ALICE, CAROL)
    entries = await store.entries([ALICE, CAROL])
    assert {e.status for e in entries.values()} == {"paired"}
    assert entries[ALICE].partner_id == CAROL and entries[CAROL].partner_id == ALICE
    assert await pair(store, ALICE) is None, "no longer waiting"
    assert await pair(store, DAVE) is None, "13.5 points away: outside every window"
    # BOB (sigma 2) and DAVE: a gap of 13.5 fits both once 7 steps of 20 s have passed.
    assert await pair(store, BOB, T0 + 119) is None
    later = await pair(store, BOB, T0 + 140)
    assert later is not None and later.user_ids == (BOB, DAVE)


async def test_window_in_sql_agrees_with_the_rule(db: Database) -> None:
    """The SQL window of :meth:`QueueStore.pair` pairs exactly when
    :func:`bot.queue.policy.acceptable` says so, on a grid of gaps, sigmas and waits."""
    store = QueueStore(db.backend)
    user = itertools.count(1000, 2)
    for gap, sigma, waited in itertools.product((0.5, 1.9, 3.1, 6.0), (0.5, 2.0), (0, 19.9, 45)):
        a, b = next(user), next(user)
        await queue(store, a, 20.0, sigma=sigma, at=T0 - waited)
        await queue(store, b, 20.0 + gap, sigma=2.0, at=T0)
        me = policy.Queued(a, 20.0, sigma, T0 - waited)
        other = policy.Queued(b, 20.0 + gap, 2.0, T0)
        found = await pair(store, a)
        assert (found is not None) == policy.acceptable(me, other, T0), (gap, sigma, waited)
        for uid in (a, b):
            await store.end(uid, "left", T0, only=("waiting", "paired"))


async def test_consent_across_servers(db: Database) -> None:
    """Never paired: members who blocked each other (either way), a challenge cooldown
    between them in any server (either way), or one who took challenges off in the
    server the other queued from."""
    store, consent = QueueStore(db.backend), ConsentStore(db.backend)
    await consent.set_block(BOB, CAROL, True, T0)
    await queue(store, BOB, 25.0, guild_id=G2)
    await queue(store, CAROL, 25.0, guild_id=G1)
    assert await pair(store, CAROL) is None and await pair(store, BOB) is None
    await consent.set_block(BOB, CAROL, False, T0)
    await consent.set_cooldown(999, CAROL, BOB, T0 + 30)  # in a third server, CAROL's
    assert await pair(store, BOB) is None
    assert await pair(store, BOB, T0 + 31) is not None, "the cooldown ran out"
    await store.unpair(await _paired(store, BOB))

    await consent.set_opted_out(G1, BOB, True, T0)  # off where CAROL queued from
    assert await pair(store, BOB, T0 + 40) is None and await pair(store, CAROL, T0 + 40) is None
    await consent.set_opted_out(G1, BOB, False, T0)
    await consent.set_opted_out(G1, CAROL, True, T0)  # CAROL's own server: not BOB's
    assert await pair(store, BOB, T0 + 41) is not None


async def _paired(store: QueueStore, user_id: int) -> Pair:
    entry = await store.entry(user_id)
    assert entry is not None and entry.status == "paired" and entry.pair_token is not None
    other = await store.entry(entry.partner_id or 0)
    assert other is not None
    return Pair(entry, other, entry.pair_token, entry.paired_at or 0.0)


async def test_a_member_in_a_match_is_skipped_or_leaves(db: Database) -> None:
    """A candidate in a match is not chosen; a member found in one leaves the queue."""
    store = QueueStore(db.backend)
    await queue(store, ALICE, 25.0)
    await queue(store, BOB, 25.0)
    await queue(store, CAROL, 25.2)
    await db.create_match(guild_id=G2, channel_id=9, player_ids=(BOB, DAVE), **columns())
    found = await pair(store, ALICE)
    assert found is not None and found.user_ids == (ALICE, CAROL)
    assert await pair(store, BOB) is None
    entry = await store.entry(BOB)
    assert entry is not None and (entry.status, entry.reason) == ("left", "busy")


async def test_the_match_of_a_pair_is_stored_once(db: Database) -> None:
    """The pair's match is a queue match in no server (its boards with it); both entries
    point at it; a second try, or a try after the pair was released, stores nothing."""
    store = QueueStore(db.backend)
    await queue(store, ALICE, 25.0)
    await queue(store, BOB, 25.0, guild_id=G2)
    found = await pair(store, ALICE)
    assert found is not None
    boards = [BoardPlace.dm(ALICE, "it"), BoardPlace.dm(BOB, None), BoardPlace.ladder(G1, 77, "en")]
    match_id = await store.create_match(
        found, guild_id=NO_SERVER, channel_id=NO_SERVER, player_ids=(BOB, ALICE),
        boards=boards, now=T0, **columns(),
    )  # fmt: skip
    assert isinstance(match_id, int)
    record = await db.get_match(match_id)
    assert record is not None and record.player_ids == (BOB, ALICE) and record.guild_id == 0
    kind = await db.backend.fetchval("SELECT kind FROM matches WHERE id = ?", (match_id,))
    assert kind == "queue"
    entries = await store.entries([ALICE, BOB])
    assert all((e.status, e.match_id) == ("matched", match_id) for e in entries.values())
    stored = await store.boards(match_id)
    assert [b.place for b in stored] == ["dm:1", "dm:2", "ladder:100"]
    assert stored[2].parent_id == 77 and stored[0].language == "it"
    again = await store.create_match(
        found, guild_id=0, channel_id=0, player_ids=(ALICE, BOB), now=T0, **columns()
    )
    assert again is None
    count = await db.backend.fetchval("SELECT COUNT(*) FROM matches")
    assert count == 1
    # A match in any server holds them: queue match anywhere, one match at a time.
    assert (await db.active_match_of(G2, ALICE)) is not None
    busy = await db.create_match_if_free(
        guild_id=G2, channel_id=5, player_ids=(ALICE, CAROL), **columns()
    )
    assert busy == (ALICE,)


async def test_a_released_pair_is_not_played(db: Database) -> None:
    """A pair whose match was not stored in time goes back to waiting; its token then
    stores nothing, and the members are paired again."""
    store = QueueStore(db.backend)
    found = await alice_and_bob(store)
    assert await store.release_stale_pairs(T0 - 1) == 0, "not stale yet"
    assert await store.release_stale_pairs(T0 + 1) == 2
    lost = await store.create_match(
        found, guild_id=0, channel_id=0, player_ids=(ALICE, BOB), now=T0, **columns()
    )
    assert lost is None
    assert await pair(store, BOB) is not None


async def test_busy_when_storing(db: Database) -> None:
    """A member who started another match between the pairing and its match leaves the
    queue; their partner waits again."""
    store = QueueStore(db.backend)
    found = await alice_and_bob(store)
    await db.create_match(guild_id=G2, channel_id=9, player_ids=(BOB, DAVE), **columns())
    busy = await store.create_match(
        found, guild_id=0, channel_id=0, player_ids=(ALICE, BOB), now=T0, **columns()
    )
    assert busy == Busy((BOB,))
    entries = await store.entries([ALICE, BOB])
    assert entries[ALICE].status == "waiting" and entries[BOB].status == "left"


async def test_a_stopped_process_is_taken_over(db: Database) -> None:
    """Entries outlive their process: once its sign of life is older than the stale
    time, another process takes its members over (once)."""
    store = QueueStore(db.backend)
    await queue(store, ALICE, 25.0)
    await store.heartbeat("p1", T0 + 10)
    assert await store.adopt_stale("p2", T0 + 20, T0 + 5) == []
    taken = await store.adopt_stale("p2", T0 + 50, T0 + 20)
    assert [e.user_id for e in taken] == [ALICE] and taken[0].owner == "p2"
    assert await store.adopt_stale("p3", T0 + 50, T0 + 20) == []


async def test_queue_ratings_count_each_match_once(db: Database) -> None:
    """A finished queue match moves both members' queue ratings once; a casual match
    never does; a match of no server counts in no server's results or ratings."""
    store = QueueStore(db.backend)
    found = await alice_and_bob(store)
    match_id = await store_match(store, found, [])
    assert await finish(db, match_id, winner=ALICE, loser=BOB)
    assert await store.unrated_matches() == [match_id]
    rated = await store.rate_match(match_id, T0)
    assert rated is not None and rated[0].mu > 25.0 > rated[1].mu
    assert await store.rate_match(match_id, T0) is None and await store.unrated_matches() == []
    alice = await store.queue_rating(ALICE)
    assert alice is not None and (alice.matches, alice.wins) == (1, 1)
    assert await db.rate_match(match_id, T0) is None, "no server rating for a DM match"
    assert await db.backend.fetchval("SELECT COUNT(*) FROM players") == 0
    casual = await db.create_match(guild_id=G1, channel_id=5, player_ids=(CAROL, DAVE), **columns())
    assert await finish(db, casual, winner=CAROL, loser=DAVE)
    assert await store.rate_match(casual, T0) is None
    assert await store.queue_rating(CAROL) is None


async def test_ladder_channels(db: Database) -> None:
    store = QueueStore(db.backend)
    assert await store.ladder_channel(G1) is None
    await store.set_ladder_channel(G1, 55, T0)
    await store.set_ladder_channel(G2, 66, T0)
    await store.set_ladder_channel(G2, None, T0 + 1)
    assert await store.ladder_channel(G1) == 55
    assert await store.ladder_channels([G1, G2, NO_SERVER]) == {G1: 55}


async def test_boards_are_claimed_once(db: Database) -> None:
    """A board's channel and message are set by compare-and-set (two processes never
    post two boards); its result is marked posted once."""
    store = QueueStore(db.backend)
    found = await alice_and_bob(store)
    match_id = await store_match(store, found, [BoardPlace.ladder(G1, 77, None)])
    [board] = await store.boards(match_id)
    assert await store.set_board_channel(board, 500) and not await store.set_board_channel(board, 9)
    assert await store.set_board_message(board, 900, "k1")
    assert not await store.set_board_message(board, 901, "k2"), "stale: it showed no message"
    [board] = await store.boards(match_id)
    assert (board.channel_id, board.message_id, board.image_key) == (500, 900, "k1")
    assert await finish(db, match_id, winner=ALICE, loser=BOB)
    assert [b.place for b in await store.unfinished_boards()] == ["ladder:100"]
    assert await store.set_board_posted(board, T0 + 600)
    assert not await store.set_board_posted(board, T0 + 700)
    assert [b.thread_close_at for b in await store.unfinished_boards()] == [T0 + 600]
    await store.set_board_closed(board)
    assert await store.unfinished_boards() == []


def test_the_published_schedule() -> None:
    """±1 sigma for the first 20 s, then one sigma more every 20 s; sigma at least 1."""
    assert limits.QUEUE_WIDEN_SECONDS == 20.0
    assert [policy.window(2.0, t) for t in (0, 19.9, 20, 45, 60)] == [2.0, 2.0, 4.0, 6.0, 8.0]
    assert policy.window(0.3, 0) == 1.0


async def test_export_and_erasure_cover_the_queue(db: Database) -> None:
    """``/privacy export`` shows a member's place in the queue and queue rating;
    ``/privacy delete`` removes them and the board in their DMs, and their id from the
    partner's row."""
    store = QueueStore(db.backend)
    found = await alice_and_bob(store)
    match_id = await store_match(
        store, found, [BoardPlace.dm(ALICE, None), BoardPlace.dm(BOB, None)]
    )
    assert await finish(db, match_id, winner=ALICE, loser=BOB)
    await store.rate_match(match_id, T0)
    exported = await db.export_member(ALICE, T0)
    assert exported["queue"]["latest_entry"]["status"] == "matched"
    assert exported["queue"]["rating"]["wins"] == 1
    assert exported["queue"]["boards_in_your_dms"] == [match_id]
    await db.erase_member(ALICE)
    assert await store.entry(ALICE) is None and await store.queue_rating(ALICE) is None
    assert [b.place for b in await store.boards(match_id)] == [f"dm:{BOB}"]
    bob = await store.entry(BOB)
    assert bob is not None and bob.partner_id is None
