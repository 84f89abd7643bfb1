"""Seasons, inactivity, who is listed, a member's export and erasure, a server's purge
(bot/storage/seasons.py, bot/storage/privacy.py), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from bot import ratings as openskill
from bot.ratings import DAY, SIGMA_GROWTH_PER_DAY, Skill, idle, rate
from bot.storage import Database, sql
from bot.storage.privacy import ERASED_NAME, MemberBusy, is_erased
from tests.storage.helpers import (
    ALICE,
    BOB,
    GUILD,
    bot_match,
    finish,
    make_old_sqlite_file,
    new_match,
    play,
)

CAROL = 33


async def rated(db: Database, winner: int, loser: int, at: float = 200.0) -> int:
    match_id = await play(db, winner, loser, at=at)
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
    assert export["format"] == "bingomagic-export/1" and export["user_id"] == str(ALICE)
    [match] = export["matches"]
    assert match["id"] == match_id and match["outcome"] == "win"
    assert match["opponent"] == {"kind": "member", "id": str(BOB), "name": "bob"}
    [server] = export["servers"]
    assert server["results"] == {"wins": 1, "losses": 0, "draws": 0}
    assert server["rating"]["matches"] == 1
    assert server["seasons"][0]["season"] == 0


async def test_erasure_keeps_the_opponents_match_and_recomputes(db: Database) -> None:
    match_id = await new_match(db, (ALICE, BOB))
    await db.backend.execute(sql.SET_MATCH_UI, ('{"names":["alice","bob"]}', match_id))
    assert await finish(db, match_id, winner=ALICE, loser=BOB)
    await db.rate_match(match_id, 200.0)
    await rated(db, BOB, CAROL, at=300.0)
    await bot_match(db, ALICE)
    with pytest.raises(MemberBusy):  # her match against the bot is in progress
        await db.erase_member(ALICE)
    await db.backend.execute("UPDATE matches SET status = 'finished' WHERE ai_level IS NOT NULL")
    pseudonym = await db.erase_member(ALICE)
    assert is_erased(pseudonym)
    record = await db.get_match(match_id)
    assert record is not None and record.player_ids[0] == pseudonym
    assert record.ui["names"] == [ERASED_NAME, "bob"]
    assert await db.rating(GUILD, ALICE) is None and await db.player_stats(GUILD, ALICE) is None
    bob = await db.rating(GUILD, BOB)
    expected, _ = rate(Skill(), Skill(), winner=0)  # only his win over carol counts now
    assert bob is not None and bob.matches == 1 and bob.mu == pytest.approx(expected.mu)
    export = await db.export_member(BOB, 500.0)
    assert {"kind": "deleted member"} in [m["opponent"] for m in export["matches"]]
    assert (await db.export_member(ALICE, 500.0))["matches"] == []


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
