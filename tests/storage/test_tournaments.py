"""Tournament storage (migrations 6 and 9): sign-up, start, rounds, results, drops, lookups,
the organizer role.

Runs on every database the ``db`` fixture gives (SQLite; PostgreSQL too once the
fixture is parametrized by the dialect seam)."""

from __future__ import annotations

from bot.storage import Database
from bot.storage.tournaments import TournamentStore
from bot.tournaments import Pairing

GUILD, CHANNEL, ORG = 10**17 + 1, 10**17 + 2, 10**17 + 3
P = [10**17 + 100 + i for i in range(5)]  # snowflakes past 32 bits


async def _new(store: TournamentStore, **changes) -> int | None:
    args = dict(
        guild_id=GUILD, channel_id=CHANNEL, organizer_id=ORG, name="Friday Swiss",
        rounds=None, round_seconds=1800.0, options={"mulligan_rule": "london"}, cut=8,
        seed=2**62 + 5, language="it", now=1.0, per_guild=2,
    )  # fmt: skip
    args.update(changes)
    return await store.create(**args)


async def test_a_tournament_from_signup_to_results(db: Database) -> None:
    store = TournamentStore(db.backend)
    tid = await _new(store)
    assert tid is not None
    t = await store.get(tid)
    assert t is not None and t.status == "signup" and t.seed == 2**62 + 5 and t.cut == 8
    assert t.options == {"mulligan_rule": "london"} and t.language == "it"
    assert [x.id for x in await store.open_of_guild(GUILD)] == [tid]
    for p in P:
        assert await store.join(tid, p, 2.0, limit=5) == "joined"
    assert await store.join(tid, P[0], 2.0, limit=6) == "already"
    assert await store.join(tid, 1, 2.0, limit=5) == "full"
    assert await store.leave(tid, P[4]) == "left"
    assert await store.leave(tid, P[4]) == "absent"
    order = [P[2], P[0], P[3], P[1]]
    assert await store.start(tid, 2, order, now=3.0)
    assert not await store.start(tid, 2, order, now=3.0)  # once
    assert await store.join(tid, P[4], 4.0, limit=9) == "closed"
    assert [e.user_id for e in await store.players(tid)] == order
    tables = [Pairing(1, P[2], P[0]), Pairing(1, P[3], P[1])]
    assert await store.begin_round(
        tid, 1, kind="swiss", seed=77, now=5.0, deadline=6.0, tables=tables
    )
    assert not await store.begin_round(
        tid, 1, kind="swiss", seed=77, now=5.0, deadline=6.0, tables=tables
    )
    await store.set_match(tid, 1, 1, 4242)
    assert await store.table_of_match(4242) == (tid, 1, 1)
    assert await store.record(tid, 1, 1, "b", "match")
    assert not await store.record(tid, 1, 1, "a", "time")  # a result is final...
    assert await store.record(tid, 1, 1, "draw", "organizer", overwrite=True)  # ...but by hand
    assert await store.record(tid, 1, 2, "draw", "time")
    assert await store.end_round(tid, 1, 7.0) and not await store.end_round(tid, 1, 7.0)
    assert await store.drop(tid, P[1], 1) and not await store.drop(tid, P[1], 1)
    bye_round = [Pairing(2, P[2], P[0]), Pairing(2, P[3], None)]
    assert await store.begin_round(
        tid, 2, kind="swiss", seed=78, now=8.0, deadline=9.0, tables=bye_round
    )
    got = [(x.round, x.table, x.a, x.b, x.outcome, x.source) for x in await store.tables(tid)]
    assert got == [
        (1, 1, P[2], P[0], "draw", "organizer"),
        (1, 2, P[3], P[1], "draw", "time"),
        (2, 1, P[2], P[0], None, None),
        (2, 2, P[3], None, "a", "bye"),
    ]
    assert not await store.record(tid, 2, 2, "b", "organizer", overwrite=True)  # a bye stays
    rounds = await store.rounds(tid)
    assert [(r.number, r.seed, r.ended_at) for r in rounds] == [(1, 77, 7.0), (2, 78, None)]
    dropped = [e for e in await store.players(tid) if e.dropped]
    assert [(e.user_id, e.dropped_round) for e in dropped] == [(P[1], 1)]
    assert await store.set_status(tid, "swiss", "finished", now=10.0)
    assert not await store.set_status(tid, "swiss", "finished", now=10.0)
    assert await store.open_of_guild(GUILD) == []
    assert (await store.latest_of_guild(GUILD)).status == "finished"  # type: ignore[union-attr]


async def test_open_tournaments_per_guild_are_bounded(db: Database) -> None:
    store = TournamentStore(db.backend)
    assert await _new(store) is not None
    assert await _new(store) is not None
    assert await _new(store) is None
    assert await _new(store, guild_id=GUILD + 1) is not None
    assert len(await store.open_tournaments()) == 3


async def test_the_organizer_role_is_set_replaced_and_cleared(db: Database) -> None:
    store = TournamentStore(db.backend)
    role, other = 10**18 + 7, 10**18 + 8  # snowflakes past 32 bits
    assert await store.organizer_role(GUILD) is None
    await store.set_organizer_role(GUILD, role, 1.0)
    assert await store.organizer_role(GUILD) == role
    await store.set_organizer_role(GUILD, other, 2.0)
    assert await store.organizer_role(GUILD) == other
    assert await store.organizer_role(GUILD + 1) is None  # per server
    await store.set_organizer_role(GUILD, None, 3.0)
    assert await store.organizer_role(GUILD) is None


async def test_an_ended_round_s_post_is_stale_until_shown_ended(db: Database) -> None:
    """``message_ended_at`` (migration ``MIGRATION_ROUND_POSTS``): an ended round whose
    pairing post was not yet edited is listed by ``stale_round_posts``; a running round,
    or one without a post, is not."""
    store = TournamentStore(db.backend)
    tid = await _new(store)
    assert tid is not None
    for p in P[:4]:
        assert await store.join(tid, p, 2.0, limit=5) == "joined"
    assert await store.start(tid, 2, P[:4], now=3.0)
    tables = [Pairing(1, P[0], P[1]), Pairing(1, P[2], P[3])]
    assert await store.begin_round(
        tid, 1, kind="swiss", seed=1, now=5.0, deadline=6.0, tables=tables
    )
    await store.set_round_message(tid, 1, 9001)
    assert await store.stale_round_posts() == []  # running: its countdown is right
    assert await store.end_round(tid, 1, 7.0)
    assert await store.stale_round_posts() == [(tid, 1)]
    (shown,) = await store.rounds(tid)
    assert (shown.message_id, shown.message_ended_at) == (9001, None)
    await store.set_round_message_ended(tid, 1, 8.0)
    assert await store.stale_round_posts() == []
    assert (await store.rounds(tid))[0].message_ended_at == 8.0
