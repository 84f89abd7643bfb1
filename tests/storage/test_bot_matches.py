"""Compare-and-set commits, matches against the bot and who their results count for
(schema version 3), on SQLite and PostgreSQL (upgrades of old files: SQLite only)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import BotRecord, Database, IntegrityError, sql
from tests.storage.helpers import (
    ALICE,
    BOB,
    BOT,
    CHANNEL,
    GUILD,
    bot_match,
    finish_cas,
    make_old_sqlite_file,
    new_match,
)


def _rows(path: Path, query: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as con:
        return con.execute(query).fetchall()


# --- the migration --------------------------------------------------------------------


async def test_a_version_2_database_upgrades_and_keeps_its_matches(db_path: Path) -> None:
    """A file at schema 2 (before matches against the bot) gains ``ai_seat``,
    ``ai_level`` and ``bot_records``; its matches read as matches between members and
    still count in ``players`` when finished."""
    with make_old_sqlite_file(db_path, 2) as con:
        con.execute(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, "
            "started_at, version) VALUES (?, ?, ?, ?, 1, 10.0, 4)",
            (GUILD, CHANNEL, ALICE, BOB),
        )
    assert _rows(db_path, "PRAGMA user_version") == [(2,)]

    db = await Database.open(db_path)
    try:
        assert await db.schema_version() == len(sql.MIGRATIONS)
        [old] = await db.active_matches()
        assert (old.ai_seat, old.ai_level, old.version) == (None, None, 4)
        assert await finish_cas(db, old.id, "win", ALICE, BOB, expected=4)
        assert (await db.player_stats(GUILD, ALICE)).wins == 1  # type: ignore[union-attr]
        assert await db.bot_records(GUILD, ALICE) == []
    finally:
        await db.close()
    assert ("bot_records",) in _rows(db_path, "SELECT name FROM sqlite_master WHERE type='table'")


async def test_the_schema_refuses_half_a_bot_seat(db: Database) -> None:
    """``ai_seat`` and ``ai_level`` are both set or both NULL; the level is a known one."""
    match_id = await new_match(db)
    for seat, level in [(1, None), (None, "easy"), (0, "impossible"), (2, "easy")]:
        with pytest.raises(IntegrityError):
            await db.backend.execute(
                "UPDATE matches SET ai_seat = ?, ai_level = ? WHERE id = ?",
                (seat, level, match_id),
            )


# --- creating a match against the bot -------------------------------------------------


async def test_a_bot_match_stores_its_seat_and_level(db: Database) -> None:
    match_id = await bot_match(db, ai_seat=0, level="easy")
    assert match_id is not None
    record = await db.get_match(match_id)
    assert record is not None
    assert (record.player_ids, record.ai_seat, record.ai_level) == ((BOT, ALICE), 0, "easy")
    assert (record.status, record.ui, record.deadline) == (
        "active",
        {"names": ["Alice", "BingoBot"]},
        220.0,
    )


async def test_a_busy_member_gets_no_second_match(db: Database) -> None:
    """The member's active match (any opponent) is checked in the insert's transaction;
    the bot itself may play any number of matches."""
    assert await bot_match(db, ALICE) is not None
    assert await bot_match(db, ALICE, level="easy") is None
    assert await bot_match(db, BOB) is not None  # the bot is in two matches now
    human = await new_match(db, (33, 44))
    assert await bot_match(db, 33) is None
    assert await bot_match(db, 33, guild_id=GUILD + 1) is not None  # another server
    assert (await db.get_match(human)).active  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("players", "seat", "level"),
    [((ALICE, ALICE), 1, "hard"), ((ALICE, BOT), 2, "hard"), ((ALICE, BOT), 1, "expert")],
)
async def test_a_bad_bot_match_is_refused(
    db: Database, players: tuple[int, int], seat: int, level: Any
) -> None:
    with pytest.raises(ValueError):
        await bot_match(db, ai_seat=seat, level=level, players=players)


# --- compare-and-set saves --------------------------------------------------------------


async def test_save_cas_commits_only_at_the_expected_version(db: Database) -> None:
    match_id = await new_match(db)

    async def save(expected: int, events: list[Any] | None = None) -> bool:
        return await db.save_match_cas(
            match_id,
            expected,
            state={"turn": expected + 1},
            decisions=[[0, "x"]] * (expected + 1),
            version=expected + 1,
            deadline=500.0 + expected,
            log=None if events is None else lambda old: [*old, *events],
        )

    assert await save(0, ["one"])
    assert not await save(0, ["lost"])  # a second writer from version 0 loses
    record = await db.get_match(match_id)
    assert record is not None
    assert (record.version, record.state, record.deadline) == (1, {"turn": 1}, 500.0)
    assert (record.log, record.ui) == (["one"], {})
    assert await save(1)  # no log update: kept
    assert await save(2, ["two"])  # appended to the stored log
    record = await db.get_match(match_id)
    assert record is not None
    assert (record.version, record.log, len(record.decisions)) == (3, ["one", "two"], 3)


async def test_save_cas_refuses_finished_and_unknown_matches(db: Database) -> None:
    match_id = await new_match(db)
    assert await finish_cas(db, match_id, "draw")
    kwargs: dict[str, Any] = {"state": {}, "decisions": [], "version": 2, "deadline": None}
    assert not await db.save_match_cas(match_id, 1, **kwargs)
    assert not await db.save_match_cas(404, 0, **kwargs)


# --- compare-and-set finishes and who a result counts for ---------------------------------


async def test_finish_cas_needs_the_expected_version(db: Database) -> None:
    match_id = await new_match(db)
    assert not await finish_cas(db, match_id, "win", 1, 2, expected=3)
    record = await db.get_match(match_id)
    assert record is not None and record.active
    assert await db.player_stats(GUILD, 1) is None
    assert await finish_cas(db, match_id, "win", 1, 2, log=[{"type": "end"}])
    assert not await finish_cas(db, match_id, "win", 1, 2)  # already finished
    record = await db.get_match(match_id)
    assert record is not None
    assert (record.status, record.result, record.winner_id, record.deadline) == (
        "finished",
        "win",
        1,
        None,
    )
    assert (record.version, record.log) == (1, [{"type": "end"}])
    assert (await db.player_stats(GUILD, 1)).wins == 1  # type: ignore[union-attr]
    assert (await db.player_stats(GUILD, 2)).losses == 1  # type: ignore[union-attr]


async def test_members_draw_counts_for_both(db: Database) -> None:
    match_id = await new_match(db, (ALICE, BOB))
    assert await finish_cas(db, match_id, "draw")
    for user in (ALICE, BOB):
        stats = await db.player_stats(GUILD, user)
        assert stats is not None and (stats.draws, stats.played) == (1, 1)


@pytest.mark.parametrize("bot_match_too", [False, True])
async def test_no_result_counts_for_nobody(db: Database, bot_match_too: bool) -> None:
    """An abandoned match is finished with a NULL result and reason 'no_result', and
    neither ``players`` nor ``bot_records`` changes."""
    match_id = await bot_match(db) if bot_match_too else await new_match(db, (ALICE, BOB))
    assert match_id is not None
    assert await finish_cas(db, match_id, "no_result")
    record = await db.get_match(match_id)
    assert record is not None
    assert (record.status, record.result, record.reason) == ("finished", None, "no_result")
    assert await db.player_stats(GUILD, ALICE) is None
    assert await db.leaderboard(GUILD) == []
    assert await db.bot_records(GUILD, ALICE) == []


@pytest.mark.parametrize("ai_seat", [0, 1])
async def test_bot_matches_count_only_in_the_members_bot_record(db: Database, ai_seat: int) -> None:
    """A win, a loss and a draw against the bot land in ``bot_records`` at their level;
    the leaderboard and ``players`` stay empty and the bot's account has no row."""
    won = await bot_match(db, ai_seat=ai_seat, level="hard")
    assert won is not None and await finish_cas(db, won, "win", ALICE, BOT)
    lost = await bot_match(db, ai_seat=ai_seat, level="hard")
    assert lost is not None and await finish_cas(db, lost, "win", BOT, ALICE)
    drawn = await bot_match(db, ai_seat=ai_seat, level="easy")
    assert drawn is not None and await finish_cas(db, drawn, "draw")

    assert await db.bot_records(GUILD, ALICE) == [
        BotRecord(GUILD, ALICE, "easy", 0, 0, 1),
        BotRecord(GUILD, ALICE, "hard", 1, 1, 0),
    ]
    assert await db.bot_records(GUILD, BOT) == []
    assert await db.player_stats(GUILD, ALICE) is None
    assert await db.player_stats(GUILD, BOT) is None
    assert await db.leaderboard(GUILD) == []
    assert await db.backend.fetchall("SELECT * FROM players") == []


async def test_bot_records_are_per_guild_and_level_order(db: Database) -> None:
    for level in ("medium", "hard", "easy"):
        match_id = await bot_match(db, level=level)
        assert match_id is not None and await finish_cas(db, match_id, "win", ALICE, BOT)
    other = await bot_match(db, guild_id=GUILD + 1)
    assert other is not None and await finish_cas(db, other, "win", BOT, ALICE)
    records = await db.bot_records(GUILD, ALICE)
    assert [(r.level, r.wins, r.played) for r in records] == [
        ("easy", 1, 1),
        ("medium", 1, 1),
        ("hard", 1, 1),
    ]
    [elsewhere] = await db.bot_records(GUILD + 1, ALICE)
    assert (elsewhere.level, elsewhere.losses) == ("hard", 1)


@pytest.mark.parametrize(
    ("outcome", "winner", "loser"),
    [
        ("win", ALICE, None),
        ("win", ALICE, ALICE),
        ("draw", ALICE, None),
        ("no_result", None, BOB),
        ("lost", None, None),
    ],
)
async def test_finish_cas_refuses_inconsistent_results(
    db: Database, outcome: str, winner: int | None, loser: int | None
) -> None:
    match_id = await new_match(db, (ALICE, BOB))
    with pytest.raises(ValueError):
        await finish_cas(db, match_id, outcome, winner, loser)
    assert (await db.get_match(match_id)).active  # type: ignore[union-attr]


async def test_finish_cas_refuses_a_stranger_as_winner(db: Database) -> None:
    """The check against the stored players rolls the transaction back."""
    match_id = await new_match(db, (ALICE, BOB))
    with pytest.raises(ValueError):
        await finish_cas(db, match_id, "win", ALICE, 77)
    assert (await db.get_match(match_id)).active  # type: ignore[union-attr]
    assert await db.player_stats(GUILD, ALICE) is None


async def test_version_4_moves_the_announced_flag_from_the_ui_to_a_column(db_path: Path) -> None:
    """Finished matches of a schema-3 file whose ui said ``"announced": true`` are marked
    announced; one without the key is still to be announced; active ones are not."""
    with make_old_sqlite_file(db_path, 3) as con:
        for ui, status in (('{"announced": true}', "finished"), ("{}", "finished"),
                           ("{}", "active")):  # fmt: skip
            con.execute(
                "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, "
                "started_at, version, ui, status) VALUES (?, ?, ?, ?, 1, 10.0, 4, ?, ?)",
                (GUILD, CHANNEL, ALICE, BOB, ui, status),
            )
    db = await Database.open(db_path)
    try:
        assert [m.id for m in await db.unannounced_matches()] == [2]
        assert _rows(db_path, "SELECT id, announced FROM matches ORDER BY id") == [
            (1, 1), (2, 0), (3, 0)
        ]  # fmt: skip
    finally:
        await db.close()
