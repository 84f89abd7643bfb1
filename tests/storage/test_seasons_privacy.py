"""Seasons, inactivity, who is listed, a member's export and erasure, a server's purge
(bot/storage/seasons.py, bot/storage/privacy.py), on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import ratings as openskill
from bot.ratings import DAY, SIGMA_GROWTH_PER_DAY, Skill, idle, rate
from bot.storage import Database, sql
from bot.storage.privacy import ERASED_NAME, MemberBusy, is_erased
from bot.storage.tournaments import TournamentStore
from bot.tournaments import Pairing
from tests.storage.helpers import (
    ALICE,
    BOB,
    GUILD,
    bot_match,
    draw,
    finish,
    make_old_sqlite_file,
    new_match,
    play,
)

CAROL = 33


async def rated(
    db: Database, winner: int, loser: int, at: float = 200.0, guild_id: int = GUILD
) -> int:
    match_id = await play(db, winner, loser, at=at, guild_id=guild_id)
    assert await db.rate_match(match_id, at) is not None
    return match_id


def test_sigma_grows_by_c_squared_per_day_up_to_the_prior() -> None:
    settled = Skill(30.0, 2.0)
    after = idle(settled, 10 * DAY)
    assert after.sigma == pytest.approx((2.0**2 + 10 * SIGMA_GROWTH_PER_DAY**2) ** 0.5)
    assert after.mu == 30.0 and after.ordinal < settled.ordinal
    assert idle(settled, 10_000 * DAY).sigma == pytest.approx(openskill.DEFAULT_SIGMA)
    assert idle(settled, -DAY) == settled


async def test_a_season_starts_after_the_one_it_was_asked_after(db: Database) -> None:
    """``after``: a compare-and-set on the current season, so a confirmation clicked
    twice (or after another season started) starts nothing."""
    spring = await db.start_season(GUILD, "Spring", 1.0, after=0)
    assert spring is not None and spring.number == 1
    assert await db.start_season(GUILD, "Summer", 2.0, after=0) is None
    assert [s.name for s in await db.seasons(GUILD)] == ["Spring"]
    summer = await db.start_season(GUILD, "Summer", 3.0, after=1)
    assert summer is not None and summer.number == 2


async def test_a_new_season_restarts_ratings_from_the_prior(db: Database) -> None:
    first = await rated(db, BOB, ALICE)
    assert await db.current_season(GUILD) == 0
    season = await db.start_season(GUILD, "Spring", 250.0, started_by=ALICE)
    assert (season.number, await db.current_season(GUILD)) == (1, 1)
    second = await rated(db, ALICE, BOB, at=300.0)
    now = 300.0
    spring = await db.standings(GUILD, 1, now)
    fresh_alice, fresh_bob = rate(Skill(), Skill(), winner=0)
    assert [r.user_id for r in spring] == [ALICE, BOB]
    assert spring[0].mu == pytest.approx(fresh_alice.mu) and spring[0].matches == 1
    assert (spring[0].wins, spring[0].losses, spring[1].losses) == (1, 0, 1)
    before = await db.standings(GUILD, 0, now)
    assert [r.user_id for r in before] == [BOB, ALICE]
    all_time = await db.standings(GUILD, None, now)
    assert {r.user_id: r.matches for r in all_time} == {ALICE: 2, BOB: 2}
    seasons = {
        (r["id"], r["season"])
        for r in await db.backend.fetchall("SELECT id, season FROM matches", ())
    }
    assert seasons == {(first, 0), (second, 1)}
    assert [s.name for s in await db.seasons(GUILD)] == ["Spring"]


async def test_standings_hide_too_few_games_and_departed_members(db: Database) -> None:
    for _ in range(2):
        await rated(db, BOB, ALICE)
    await rated(db, CAROL, ALICE)
    assert await db.min_games(GUILD) == 5
    listed = await db.standings(GUILD, 0, 200.0, min_games=2)
    assert [r.user_id for r in listed] == [BOB, ALICE]
    await db.mark_departed(GUILD, BOB, 200.0)
    hidden = await db.departed(GUILD, 200.0 + 60)
    assert hidden == {BOB}
    assert await db.departed(GUILD, 200.0 + 2 * DAY) == set()  # the cache time passed
    listed = await db.standings(GUILD, 0, 200.0, min_games=1, hidden=hidden)
    assert [(r.user_id, r.rank) for r in listed][0][1] == 1
    assert BOB not in {r.user_id for r in listed}
    await db.set_min_games(GUILD, 0)
    assert await db.min_games(GUILD) == 0
    with pytest.raises(ValueError):
        await db.set_min_games(GUILD, -1)


async def test_an_idle_member_falls_and_the_next_match_starts_from_the_grown_sigma(
    db: Database,
) -> None:
    await rated(db, BOB, ALICE, at=0.0)
    [at_once] = [r for r in await db.standings(GUILD, 0, 0.0) if r.user_id == BOB]
    [later] = [r for r in await db.standings(GUILD, 0, 30 * DAY) if r.user_id == BOB]
    assert later.ordinal < at_once.ordinal and later.mu == at_once.mu
    await rated(db, BOB, ALICE, at=30 * DAY)
    table = openskill.standings(
        [
            openskill.Played(1, (BOB, ALICE), 0, 0.0),
            openskill.Played(2, (BOB, ALICE), 0, 30 * DAY),
        ]
    )
    stored = await db.rating(GUILD, BOB)
    assert stored is not None and stored.sigma == pytest.approx(table[BOB].skill.sigma)


async def test_recompute_matches_rating_one_by_one(db: Database) -> None:
    await rated(db, BOB, ALICE, at=10.0)
    await rated(db, CAROL, BOB, at=5 * DAY)
    await db.start_season(GUILD, "Two", 6 * DAY)
    await rated(db, ALICE, CAROL, at=9 * DAY)
    before = await db.standings(GUILD, None, 10 * DAY)
    season = await db.standings(GUILD, 1, 10 * DAY)
    assert await db.recompute_ratings(GUILD) == 3
    after = await db.standings(GUILD, None, 10 * DAY)
    assert [(r.user_id, round(r.mu, 9), round(r.sigma, 9)) for r in after] == [
        (r.user_id, round(r.mu, 9), round(r.sigma, 9)) for r in before
    ]
    assert await db.standings(GUILD, 1, 10 * DAY) == season


async def test_export_names_the_opponent_and_holds_every_kind_of_data(db: Database) -> None:
    match_id = await new_match(db, (ALICE, BOB))
    await db.backend.execute(sql.SET_MATCH_UI, ('{"names":["alice","bob"]}', match_id))
    assert await finish(db, match_id, winner=ALICE, loser=BOB)
    await db.rate_match(match_id, 200.0)
    await db.set_user_language(ALICE, "it")
    await db.save_deck(ALICE, "Burn", [(4, "Mountain")], [], 10.0)
    export = await db.export_member(ALICE, 500.0)
    assert export["settings"]["language"] == "it" and export["decks"][0]["name"] == "Burn"
    assert export["format"] == "bingomagic-export/2" and export["user_id"] == str(ALICE)
    assert export["exported_at"] == "1970-01-01T00:08:20Z"  # 500 s, ISO 8601 UTC
    [match] = export["matches"]
    assert match["id"] == match_id and match["outcome"] == "win"
    assert (match["started_at"], match["ended_at"]) == (
        "1970-01-01T00:01:40Z",
        "1970-01-01T00:03:20Z",
    )
    assert match["opponent"] == {"kind": "member", "id": str(BOB), "name": "bob"}
    [server] = export["servers"]
    assert server["results"] == {"wins": 1, "losses": 0, "draws": 0}
    assert server["rating"]["matches"] == 1
    assert server["rating"]["last_played"] == "1970-01-01T00:03:20Z"
    assert server["seasons"][0]["season"] == 0 and server["seasons"][0]["name"] is None
    assert server["seasons"][0]["ordinal"] == pytest.approx(server["rating"]["ordinal"])


async def _records(db: Database, *members: int) -> dict[int, object]:
    """What each member's record looks like in ``GUILD``: results, all-time rating and
    every standing (all-time and each season), as read by /bingo stats and leaderboards.
    Ranks are left out: an erased member is no longer listed above or below them."""
    out: dict[int, object] = {}
    for member in members:
        standings = [
            [
                replace(r, rank=0)
                for r in await db.standings(GUILD, season, 9 * DAY)
                if r.user_id == member
            ]
            for season in (None, 0, 1)
        ]
        rating = await db.rating(GUILD, member)
        stats = await db.player_stats(GUILD, member)
        out[member] = (
            None if stats is None else replace(stats, rank=0),
            None if rating is None else (rating.mu, rating.sigma, rating.matches),
            standings,
        )
    return out


def _assert_same_records(after: dict[int, object], before: dict[int, object]) -> None:
    """Each member's stats and rated match count as ``before``, and their rating the same
    up to float rounding (a replay of the same matches)."""
    for member, record in before.items():
        stats, (mu, sigma, matches), _ = after[member]  # type: ignore[misc]
        stats_before, (mu0, sigma0, matches0), _ = record  # type: ignore[misc]
        assert stats == stats_before and matches == matches0
        assert (mu, sigma) == (pytest.approx(mu0, abs=1e-9), pytest.approx(sigma0, abs=1e-9))


async def test_erasure_leaves_every_opponents_record_and_rating_as_it_was(db: Database) -> None:
    """Her win over bob, her loss to carol and a drawn match stay in their records (wins,
    losses, ratings, standings), all-time and per season; only her own rows go."""
    match_id = await new_match(db, (ALICE, BOB))
    ui = '{"names":["alice","bob"],"dm_closed":[true,false],"trash":[[7,8],[9,10]],'
    ui += '"panels":[{"channel":7,"message":70,"version":3},{"channel":9,"message":90}]}'
    await db.backend.execute(sql.SET_MATCH_UI, (ui, match_id))
    await db.backend.execute(
        "UPDATE matches SET config = ? WHERE id = ?",
        ('{"quick":[true,true],"languages":["ja","it"],"accessible":[true,false]}', match_id),
    )
    assert await finish(db, match_id, winner=ALICE, loser=BOB, ended_at=DAY)
    await db.rate_match(match_id, DAY)
    await rated(db, CAROL, ALICE, at=2 * DAY)
    await rated(db, BOB, CAROL, at=3 * DAY)
    await db.start_season(GUILD, "Two", 4 * DAY, started_by=ALICE)
    drawn = await draw(db, ALICE, BOB)
    await db.backend.execute("UPDATE matches SET ended_at = ? WHERE id = ?", (5 * DAY, drawn))
    await db.rate_match(drawn, 5 * DAY)
    await rated(db, BOB, CAROL, at=6 * DAY)
    elsewhere = await play(db, BOB, ALICE, guild_id=GUILD + 1)
    await db.backend.execute("UPDATE matches SET status = 'finished'")
    practice = await bot_match(db, ALICE)
    await db.backend.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (practice,))
    before = await _records(db, BOB, CAROL)
    assert before[BOB][0].losses == 1  # type: ignore[attr-defined]

    pseudonyms = await db.erase_member(ALICE)

    assert await _records(db, BOB, CAROL) == before  # nothing recomputed, nothing moved
    assert await db.rating(GUILD, ALICE) is None and await db.player_stats(GUILD, ALICE) is None
    assert set(pseudonyms) == {GUILD, GUILD + 1} and all(map(is_erased, pseudonyms.values()))
    assert pseudonyms[GUILD] != pseudonyms[GUILD + 1]  # servers' records cannot be joined
    ghost = pseudonyms[GUILD]
    record = await db.get_match(match_id)
    assert record is not None and record.player_ids == (ghost, BOB) and record.winner_id == ghost
    assert record.ui["names"] == [ERASED_NAME, "bob"]
    assert record.ui["dm_closed"] == [False, False] and record.ui["panels"][0] is None
    assert record.ui["trash"] == [[9, 10]]  # her DM channel is forgotten, bob's kept
    assert record.config == {
        "quick": [False, True],
        "languages": [None, "it"],
        "accessible": [False, False],
    }
    assert (await db.get_match(drawn)).player_ids == (ghost, BOB)  # type: ignore[union-attr]
    assert (await db.get_match(elsewhere)).player_ids[1] == pseudonyms[GUILD + 1]  # type: ignore[union-attr]
    assert await db.get_match(practice) is None  # her practice against the bot is hers
    assert [s.number for s in await db.seasons(GUILD)] == [1]
    starter = await db.backend.fetchval("SELECT started_by FROM seasons WHERE number = 1", ())
    assert starter is None
    for table in ("ratings", "season_ratings", "players"):
        count = f"SELECT COUNT(*) FROM {table} WHERE user_id < 0 OR user_id = ?"
        assert await db.backend.fetchval(count, (ALICE,)) == 0, table
    listed = await db.standings(GUILD, None, 9 * DAY)
    assert {r.user_id for r in listed} == {BOB, CAROL}
    export = await db.export_member(BOB, 500.0)
    opponents = [m["opponent"] for m in export["matches"]]
    assert opponents.count({"kind": "deleted member"}) == 3
    assert (await db.export_member(ALICE, 500.0))["matches"] == []

    # A later recompute replays her matches under the pseudonym: the same numbers.
    assert await db.recompute_ratings(GUILD) == 5
    _assert_same_records(await _records(db, BOB, CAROL), before)
    assert await db.backend.fetchval("SELECT COUNT(*) FROM ratings WHERE user_id < 0", ()) == 0


async def test_erasure_rates_a_finished_match_not_rated_yet_first(db: Database) -> None:
    """The process stopped between a match's end and its rating: bob's rating still
    counts it, as it would have, and the pseudonym gets no row."""
    await rated(db, ALICE, CAROL, at=100.0)
    pending = await play(db, ALICE, BOB, at=200.0)
    await db.erase_member(ALICE, 300.0)
    assert await db.unrated_matches() == []
    expected = openskill.standings(
        [
            openskill.Played(1, (ALICE, CAROL), 0, 100.0),
            openskill.Played(pending, (ALICE, BOB), 0, 200.0),
        ]
    )
    bob = await db.rating(GUILD, BOB)
    assert bob is not None and bob.mu == pytest.approx(expected[BOB].skill.mu)
    assert await db.backend.fetchval("SELECT COUNT(*) FROM ratings WHERE user_id < 0", ()) == 0
    # A match of an erased seat rated later (stored by an older version) keeps no row either.
    ghost = await play(db, BOB, CAROL, at=400.0)
    await db.backend.execute("UPDATE matches SET player1_id = -5 WHERE id = ?", (ghost,))
    assert await db.rate_match(ghost, 400.0) is None
    assert (await db.rating(GUILD, BOB)).matches == 2  # type: ignore[union-attr]
    assert await db.backend.fetchval("SELECT COUNT(*) FROM ratings WHERE user_id < 0", ()) == 0


async def test_records_an_older_erasure_took_come_back_once(db: Database) -> None:
    """An older version recomputed a server without an erased member's matches: bob lost
    his loss to her. Restoring recomputes that server with them (under the pseudonym),
    once; a server whose records agree with its matches is left alone."""
    first = await rated(db, ALICE, BOB, at=100.0)
    await rated(db, BOB, CAROL, at=200.0)
    await rated(db, BOB, CAROL, at=300.0, guild_id=GUILD + 1)
    before = await _records(db, BOB, CAROL)
    await db.erase_member(ALICE)
    assert await db.restore_erased_records() == []  # nothing to give back: as it was
    # What the older erasure left: bob's rows rebuilt without the match against her.
    await db.backend.execute(
        "UPDATE ratings SET matches = 1 WHERE user_id = ? AND guild_id = ?", (BOB, GUILD)
    )
    await db.backend.execute(
        "UPDATE players SET losses = 0 WHERE user_id = ? AND guild_id = ?", (BOB, GUILD)
    )
    await db.backend.execute(
        "INSERT INTO ratings (guild_id, user_id, mu, sigma, matches, updated_at)"
        " VALUES (?, -77, 25.0, 8.0, 1, 1.0)",
        (GUILD + 1,),
    )  # a pseudonym rated by an older version in another server
    await db.backend.execute(
        "UPDATE matches SET player1_id = -77 WHERE guild_id = ? AND player1_id = ?",
        (GUILD + 1, CAROL),
    )
    assert sorted(await db.restore_erased_records()) == [GUILD, GUILD + 1]
    _assert_same_records(await _records(db, BOB, CAROL), before)
    count = "SELECT COUNT(*) FROM ratings WHERE user_id < 0"
    assert await db.backend.fetchval(count, ()) == 0
    assert await db.restore_erased_records() == []  # once
    assert (await db.get_match(first)).player_ids[0] < 0  # type: ignore[union-attr]


async def test_a_member_who_comes_back_is_a_new_person_with_no_history(db: Database) -> None:
    first = await rated(db, ALICE, BOB, at=100.0)
    await db.erase_member(ALICE)
    again = await rated(db, BOB, ALICE, at=200.0)
    stats = await db.player_stats(GUILD, ALICE)
    assert stats is not None and (stats.wins, stats.losses) == (0, 1)
    assert [m["id"] for m in (await db.export_member(ALICE, 300.0))["matches"]] == [again]
    assert ALICE not in (await db.get_match(first)).player_ids  # type: ignore[union-attr]
    bob = await db.player_stats(GUILD, BOB)
    assert bob is not None and (bob.wins, bob.losses) == (1, 1)


async def test_erasure_keeps_a_finished_tournament_with_a_pseudonym(db: Database) -> None:
    store = TournamentStore(db.backend)
    tid = await store.create(
        guild_id=GUILD, channel_id=1, organizer_id=ALICE, name="Cup", rounds=1,
        round_seconds=60.0, options={}, cut=0, seed=1, language=None, now=1.0, per_guild=2,
    )  # fmt: skip
    assert tid is not None
    other = await store.create(
        guild_id=GUILD, channel_id=1, organizer_id=CAROL, name="Open", rounds=1,
        round_seconds=60.0, options={}, cut=0, seed=2, language=None, now=1.0, per_guild=2,
    )  # fmt: skip
    with pytest.raises(MemberBusy):  # she organizes one not over (without playing)
        await db.erase_member(CAROL)
    assert other is not None and await store.set_status(other, "signup", "finished", now=2.0)
    assert set(await db.erase_member(CAROL)) == {GUILD}
    for member in (ALICE, BOB):
        assert await store.join(tid, member, 2.0, limit=8) == "joined"
    assert await store.start(tid, 1, [ALICE, BOB], now=3.0)
    await store.begin_round(
        tid, 1, kind="swiss", seed=5, now=4.0, deadline=5.0, tables=[Pairing(1, ALICE, BOB)]
    )
    with pytest.raises(MemberBusy):  # a tournament not over
        await db.erase_member(ALICE)
    assert await store.record(tid, 1, 1, "a", "match")
    assert await store.end_round(tid, 1, 6.0)
    assert await store.set_status(tid, "swiss", "finished", now=7.0)
    ghost = (await db.erase_member(ALICE))[GUILD]
    assert [e.user_id for e in await store.players(tid)] == [ghost, BOB]
    [table] = await store.tables(tid)
    assert (table.a, table.b, table.outcome) == (ghost, BOB, "a")
    assert (await store.get(tid)).organizer_id == ghost  # type: ignore[union-attr]


async def test_a_purge_leaves_other_servers_alone(db: Database) -> None:
    await rated(db, BOB, ALICE)
    other = await play(db, BOB, ALICE, guild_id=GUILD + 1)
    await db.start_season(GUILD, "S", 1.0)
    await db.guild_left(GUILD, 10.0)
    await db.guild_left(GUILD, 20.0)  # the grace period runs from the first removal
    assert await db.guild_departures() == [(GUILD, 10.0)]
    await db.purge_guild(GUILD)
    assert await db.standings(GUILD, None, 0.0) == [] and await db.seasons(GUILD) == []
    assert await db.get_match(other) is not None
    assert await db.guild_departures() == []
    await db.guild_left(GUILD + 1, 30.0)
    assert await db.guild_returned(GUILD + 1) and await db.guild_departures() == []


async def test_every_table_with_a_member_or_server_id_is_covered(db: Database) -> None:
    """A new table holding a member id or a server id must be exported/erased/purged:
    bot/storage/queries/privacy.py names every one."""
    if db.backend.dialect != "sqlite":
        pytest.skip("the schema is read from sqlite_master")
    rows = await db.backend.fetchall("SELECT name, sql FROM sqlite_master WHERE type = 'table'", ())
    purged = " ".join(sql.PURGE_GUILD)
    member = " ".join([*sql.MEMBER_ROWS.values(), *sql.PSEUDONYMIZE])
    for row in rows:
        text, name = row["sql"], row["name"]
        if "guild_id" in text:
            assert f"FROM {name} " in purged, name
        if "user_id" in text or "player0_id" in text:
            assert f" {name} " in member, name


async def test_the_seasons_migration_keeps_ratings_as_season_zero(db_path) -> None:
    """A database from before seasons: its rated matches become season 0 and its
    ratings that season's, so the current leaderboard is unchanged after the upgrade."""
    before = sql.MIGRATIONS.index(sql.MIGRATION_SEASONS)  # other migrations may follow
    with make_old_sqlite_file(db_path, before) as con:
        con.execute(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, "
            "started_at, ended_at, status, result, winner_id, loser_id, rated) "
            "VALUES (?, 1, ?, ?, 1, 10.0, 20.0, 'finished', 'win', ?, ?, 1)",
            (GUILD, ALICE, BOB, ALICE, BOB),
        )
        con.execute(
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, matches, last_delta, "
            "last_match_id, updated_at) VALUES (?, ?, 27.6, 8.1, 1, 3.4, 1, 20.0)",
            (GUILD, ALICE),
        )
    db = await Database.open(db_path)
    try:
        [alice] = await db.standings(GUILD, 0, 20.0)
        assert (alice.user_id, alice.mu, alice.sigma, alice.matches) == (ALICE, 27.6, 8.1, 1)
        season = await db.backend.fetchval("SELECT season FROM matches WHERE id = 1", ())
        assert season == 0 and await db.current_season(GUILD) == 0
    finally:
        await db.close()
