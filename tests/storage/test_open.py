"""Opening the database: migrations, pragmas and clear errors for unusable files."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest

from bot.storage import Database, DatabaseError, IntegrityError, sql
from bot.storage.database import migration_scripts
from tests.storage.conftest import raw_execute, table_names
from tests.storage.helpers import new_match


def _user_version(path: Path) -> int:
    with sqlite3.connect(path) as con:
        return con.execute("PRAGMA user_version").fetchone()[0]


def _is_file(path: Path) -> bool:
    return path.is_file()


def _chmod(path: Path, mode: int) -> None:
    path.chmod(mode)


def _names(path: Path, kind: str) -> set[str]:
    with sqlite3.connect(path) as con:
        rows = con.execute("SELECT name FROM sqlite_master WHERE type = ?", (kind,)).fetchall()
    return {name for (name,) in rows}


async def test_open_creates_missing_parent_directory(db_path: Path) -> None:
    """Opening a path in a directory that does not exist creates both."""
    db = await Database.open(db_path)
    await db.close()
    assert _is_file(db_path)


async def test_migration_creates_the_tables(db: Database) -> None:
    """A fresh database gets the challenges, matches and players tables."""
    assert {"challenges", "matches", "players"} <= await db.backend.table_names()


async def test_migration_creates_guild_status_indexes(db: Database) -> None:
    """Matches and challenges are indexed for (guild_id, status) lookups."""
    indexes = await db.backend.index_names()
    assert {"matches_by_guild_status", "challenges_by_guild_status"} <= indexes


async def test_migration_sets_the_version_to_latest(db: Database) -> None:
    """After opening, the recorded schema version equals the number of migrations."""
    assert await db.schema_version() == len(sql.MIGRATIONS)


async def test_sqlite_records_the_version_in_user_version(
    sqlite_db: Database, db_path: Path
) -> None:
    """On SQLite the version is PRAGMA user_version."""
    assert _user_version(db_path) == len(sql.MIGRATIONS)


def test_a_script_ending_with_a_version_pragma_may_say_only_its_own() -> None:
    """Scripts may end by setting user_version (the runner records it anyway); if one
    does, it names its own version."""
    for dialect in ("sqlite", "postgresql"):
        for index, script in enumerate(migration_scripts(dialect)):
            if "PRAGMA user_version" in script:
                assert script.rstrip().endswith(f"PRAGMA user_version = {index + 1};")


def test_no_query_uses_json_functions() -> None:
    """Queries are portable: no SQLite JSON functions outside the SQLite-only data fix
    of migration 4."""
    queries = [
        value
        for name, value in vars(sql).items()
        if isinstance(value, str) and name.isupper() and not name.startswith("MIGRATION")
    ]
    assert queries
    for text in queries + migration_scripts("postgresql"):
        assert "json_" not in text.lower(), text[:80]


async def test_reopening_keeps_data_without_migrating_again(db_target: str | Path) -> None:
    """A second open of a migrated database neither fails nor loses rows."""
    db = await Database.open(db_target)
    match_id = await new_match(db)
    await db.close()

    db = await Database.open(db_target)
    try:
        assert (await db.get_match(match_id)) is not None
        assert await db.schema_version() == len(sql.MIGRATIONS)
    finally:
        await db.close()


async def test_failed_migration_leaves_database_untouched(
    db_target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A migration failing half-way rolls back every migration of that open."""
    broken = [*sql.MIGRATIONS, "CREATE TABLE extra (x INTEGER);\nTHIS IS NOT SQL;\n"]
    monkeypatch.setattr(sql, "MIGRATIONS", broken)
    with pytest.raises(DatabaseError):
        await Database.open(db_target)
    assert await table_names(db_target) == set()
    if isinstance(db_target, Path):
        assert _user_version(db_target) == 0


async def test_newer_schema_is_refused(db_target: str | Path) -> None:
    """A database from a newer version of the bot is not touched."""
    if isinstance(db_target, Path):
        await raw_execute(db_target, "PRAGMA user_version = 99")
    else:
        await raw_execute(
            db_target,
            "CREATE TABLE schema_version (one BOOLEAN PRIMARY KEY, version BIGINT NOT NULL);"
            " INSERT INTO schema_version VALUES (TRUE, 99)",
        )
    with pytest.raises(DatabaseError) as caught:
        await Database.open(db_target)
    assert "schema version 99 is newer" in str(caught.value)
    assert await table_names(db_target) <= {"schema_version"}


async def test_journal_mode_is_wal(sqlite_db: Database, db_path: Path) -> None:
    """The file is switched to write-ahead logging (persistent in the file)."""
    with sqlite3.connect(db_path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_busy_timeout_defaults_to_five_seconds(sqlite_db: Database) -> None:
    """The connection waits up to 5000 ms for a lock."""
    assert await sqlite_db.backend.fetchval(sql.PRAGMA_BUSY_TIMEOUT) == 5000


async def test_foreign_keys_are_enforced(db: Database) -> None:
    """Linking a challenge to a match that does not exist is rejected."""
    challenge_id = await db.create_challenge(1, 2, 3, 4, 0.0, 60.0)
    with pytest.raises(IntegrityError):
        await db.close_challenge(challenge_id, "accepted", match_id=12345)


async def test_locked_database_gives_database_error(db_path: Path) -> None:
    """A file held under an exclusive lock by another process fails fast and clearly."""
    db_path.parent.mkdir()
    holder = sqlite3.connect(db_path, isolation_level=None)
    try:
        holder.execute("CREATE TABLE other (x INTEGER)")
        holder.execute("BEGIN EXCLUSIVE")
        started = time.monotonic()
        with pytest.raises(DatabaseError) as caught:
            await Database.open(db_path, busy_timeout=0.2)
        assert time.monotonic() - started < 3.0
        assert str(caught.value) == (
            f"cannot open database at {db_path}: it is locked by another process"
        )
    finally:
        holder.close()


async def test_database_locked_by_another_writer_gives_database_error(db_path: Path) -> None:
    """A migrated (WAL) file whose write lock is held elsewhere is reported as locked."""
    db = await Database.open(db_path)
    await db.close()
    holder = sqlite3.connect(db_path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        with pytest.raises(DatabaseError) as caught:
            await Database.open(db_path, busy_timeout=0.2)
        assert str(caught.value).endswith(": it is locked by another process")
    finally:
        holder.close()


async def test_parent_that_is_a_file_gives_database_error(tmp_path: Path) -> None:
    """A path below a regular file cannot be created and says why."""
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    with pytest.raises(DatabaseError) as caught:
        await Database.open(blocker / "sub" / "bingo.db")
    assert str(caught.value).endswith(f": {blocker} is a file, not a directory")


async def test_directory_path_gives_database_error(tmp_path: Path) -> None:
    """A path naming a directory cannot be opened as a database."""
    with pytest.raises(DatabaseError, match="cannot open database at"):
        await Database.open(tmp_path)


async def test_file_that_is_not_sqlite_gives_database_error(tmp_path: Path) -> None:
    """A random file is reported as not being an SQLite database."""
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is definitely not an sqlite database file" * 100)
    with pytest.raises(DatabaseError) as caught:
        await Database.open(path)
    assert str(caught.value).endswith(": the file is not an SQLite database")


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="root can write read-only files, so permissions cannot be tested",
)
async def test_read_only_database_gives_database_error(db_path: Path) -> None:
    """A database file and directory without write permission give DatabaseError."""
    db = await Database.open(db_path)
    await db.close()
    _chmod(db_path, 0o444)
    _chmod(db_path.parent, 0o555)
    try:
        with pytest.raises(DatabaseError, match="cannot open database at"):
            await Database.open(db_path, busy_timeout=0.2)
    finally:
        _chmod(db_path.parent, 0o755)
        _chmod(db_path, 0o644)
