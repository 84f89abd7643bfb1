"""Server settings, member preferences and ratings (schema version 5), on a real
SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import limits
from bot.ratings import Skill, rate
from bot.storage import Database, GuildSettings, UserPrefs, sql
from tests.storage.helpers import (
    GUILD,
    bot_match,
    finish,
    finish_cas,
    make_old_sqlite_file,
    new_match,
)

ALICE, BOB, CAROL = 11, 22, 33


# -- guild settings ------------------------------------------------------------------------


async def test_a_server_without_settings_gets_every_default(db: Database) -> None:
    settings = await db.guild_settings(GUILD)
    assert settings == GuildSettings(GUILD)
    assert settings.mulligan_rule is None and settings.language is None
    assert settings.channels == () and settings.allows_channel(12345)


async def test_settings_change_field_by_field_and_persist(
    db: Database, db_target: str | Path
) -> None:
    await db.set_guild_settings(GUILD, 10.0, mulligan_rule="london", free_first=True)
    new = await db.set_guild_settings(
        GUILD, 20.0, turn_seconds=60, language="it", channels=[7, 5, 7]
    )
    assert new.mulligan_rule == "london" and new.free_first  # kept from the first change
    assert (new.turn_seconds, new.language, new.channels) == (60.0, "it", (5, 7))
    assert new.updated_at == 20.0
    assert not new.allows_channel(6) and new.allows_channel(7)
    assert await db.guild_settings(GUILD) == new
    assert await db.guild_settings(GUILD + 1) == GuildSettings(GUILD + 1)  # per server

    await db.close()
    reopened = await Database.open(db_target)
    try:
        assert await reopened.guild_settings(GUILD) == new
        cleared = await reopened.set_guild_settings(
            GUILD, 30.0, turn_seconds=None, language=None, channels=[]
        )
        assert (cleared.turn_seconds, cleared.language, cleared.channels) == (None, None, ())
    finally:
        await reopened.close()


@pytest.mark.parametrize(
    "changes",
    [
        {"turn_seconds": limits.TURN_SECONDS[0] - 1},
        {"turn_seconds": limits.TURN_SECONDS[1] + 1},
        {"counter_seconds": limits.COUNTER_SECONDS[1] + 1},
        {"choice_seconds": limits.CHOICE_SECONDS[0] - 1},
        {"challenge_seconds": limits.CHALLENGE_SECONDS[1] + 1},
        {"turn_seconds": True},
        {"mulligan_rule": "early_1994"},
        {"mulligan_rule": "nonsense"},
        {"language": ""},
        {"language": "x" * 17},
        {"channels": list(range(limits.MATCH_CHANNELS + 1))},
        {"colour": "blue"},
    ],
)
async def test_bad_settings_are_refused_and_change_nothing(
    db: Database, changes: dict[str, object]
) -> None:
    with pytest.raises(ValueError):
        await db.set_guild_settings(GUILD, 10.0, **changes)
    assert await db.guild_settings(GUILD) == GuildSettings(GUILD)


async def test_timer_bounds_are_inclusive(db: Database) -> None:
    low, high = limits.COUNTER_SECONDS
    assert (await db.set_guild_settings(GUILD, 1.0, counter_seconds=low)).counter_seconds == low
    assert (await db.set_guild_settings(GUILD, 2.0, counter_seconds=high)).counter_seconds == high


# -- member preferences --------------------------------------------------------------------


async def test_prefs_default_and_change_independently(db: Database) -> None:
    assert await db.user_prefs(ALICE) == UserPrefs(ALICE, None, tips=True, quick_counter=False)
    await db.set_user_language(ALICE, "it")
    await db.set_user_tips(ALICE, False)
    prefs = await db.set_user_quick_counter(ALICE, True)
    assert prefs == UserPrefs(ALICE, "it", tips=False, quick_counter=True)
    assert await db.user_prefs(ALICE) == prefs
    assert (await db.set_user_language(ALICE, None)).language is None
    assert (await db.user_prefs(ALICE)).quick_counter  # untouched by the language change
    assert await db.user_prefs(BOB) == UserPrefs(BOB)
    with pytest.raises(ValueError):
        await db.set_user_language(ALICE, " ")


async def test_screen_reader_mode_is_a_preference_of_its_own(db: Database) -> None:
    """``accessible`` (``/bingo accessibility``) is off by default, stored per member, and
    kept when another preference changes (and the others when it changes)."""
    assert (await db.user_prefs(ALICE)).accessible is False
    await db.set_user_tips(ALICE, False)
    prefs = await db.set_user_accessible(ALICE, True)
    assert prefs == UserPrefs(ALICE, None, tips=False, quick_counter=False, accessible=True)
    await db.set_user_quick_counter(ALICE, True)
    assert (await db.user_prefs(ALICE)).accessible
    assert (await db.set_user_accessible(ALICE, False)).quick_counter
    assert not (await db.user_prefs(ALICE)).accessible
    assert not (await db.user_prefs(BOB)).accessible


# -- ratings ---------------------------------------------------------------------------------


async def test_a_win_rates_both_members_exactly_once(db: Database) -> None:
    match_id = await new_match(db, (ALICE, BOB))
    assert await db.rate_match(match_id, 50.0) is None  # still active: nothing
    assert await finish(db, match_id, winner=BOB, loser=ALICE)
    rated = await db.rate_match(match_id, 300.0)
    assert rated is not None
    alice, bob = rated
    expected_alice, expected_bob = rate(Skill(), Skill(), winner=1)
    assert (alice.mu, alice.sigma) == pytest.approx((expected_alice.mu, expected_alice.sigma))
    assert (bob.mu, bob.sigma) == pytest.approx((expected_bob.mu, expected_bob.sigma))
    assert bob.last_delta > 0 > alice.last_delta  # type: ignore[operator]
    assert alice.last_match_id == bob.last_match_id == match_id
    assert await db.rate_match(match_id, 301.0) is None  # a second call changes nothing
    stored = await db.rating(GUILD, BOB)
    assert stored is not None and stored.matches == 1 and stored.rank == 1
    assert stored.mu == pytest.approx(bob.mu)
    assert [r.user_id for r in await db.rating_leaderboard(GUILD)] == [BOB, ALICE]


async def test_a_draw_moves_nobodys_mu_and_shrinks_sigma(db: Database) -> None:
    match_id = await new_match(db, (ALICE, BOB))
    await finish(db, match_id, winner=None, loser=None)
    alice, bob = await db.rate_match(match_id, 300.0)  # type: ignore[misc]
    assert alice.mu == pytest.approx(Skill().mu) == pytest.approx(bob.mu)
    assert alice.sigma < Skill().sigma


async def test_ratings_build_on_the_stored_ones(db: Database) -> None:
    first = await new_match(db, (ALICE, BOB))
    await finish(db, first, winner=ALICE, loser=BOB)
    await db.rate_match(first, 1.0)
    second = await new_match(db, (CAROL, ALICE))
    await finish(db, second, winner=ALICE, loser=CAROL)
    _, alice = await db.rate_match(second, 2.0)  # type: ignore[misc]
    after_first, _ = rate(Skill(), Skill(), 0)
    _, expected = rate(Skill(), after_first, 1)
    assert alice.mu == pytest.approx(expected.mu) and alice.matches == 2
    assert alice.last_match_id == second
    assert (await db.rating(GUILD + 1, ALICE)) is None  # ratings are per server


async def test_bot_matches_and_no_results_are_not_rated(db: Database) -> None:
    bot_id = await bot_match(db, ALICE)
    assert bot_id is not None
    assert await finish_cas(db, bot_id, "win", ALICE, 999, expected=0)
    assert await db.rate_match(bot_id, 1.0) is None
    stopped = await new_match(db, (ALICE, BOB))
    assert await finish_cas(db, stopped, "no_result", None, None, expected=0)
    assert await db.rate_match(stopped, 1.0) is None
    assert await db.rating(GUILD, ALICE) is None
    assert await db.rating_leaderboard(GUILD) == []
    assert await db.unrated_matches() == []  # both marked considered


async def test_unrated_matches_lists_finished_member_matches_in_end_order(db: Database) -> None:
    late = await new_match(db, (ALICE, BOB))
    early = await new_match(db, (CAROL, BOB))
    await finish(db, late, winner=ALICE, loser=BOB, ended_at=500.0)
    await finish(db, early, winner=CAROL, loser=BOB, ended_at=400.0)
    await new_match(db, (ALICE, CAROL), guild_id=GUILD + 1)  # active: not listed
    assert await db.unrated_matches() == [early, late]
    await db.rate_match(early, 600.0)
    assert await db.unrated_matches() == [late]


async def test_version_4_database_upgrades_without_rating_old_matches(db_path: Path) -> None:
    """Matches finished before schema 5 are marked considered: ratings start fresh."""
    with make_old_sqlite_file(db_path, 4) as con:
        con.execute(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, "
            "started_at, status, result, winner_id, loser_id) "
            "VALUES (?, 1, ?, ?, 1, 10.0, 'finished', 'win', ?, ?)",
            (GUILD, ALICE, BOB, ALICE, BOB),
        )
    db = await Database.open(db_path)
    try:
        assert await db.schema_version() == len(sql.MIGRATIONS)
        assert await db.unrated_matches() == []
        assert await db.guild_settings(GUILD) == GuildSettings(GUILD)
    finally:
        await db.close()
