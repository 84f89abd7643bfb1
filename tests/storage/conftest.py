"""Fixtures for storage tests: the same tests run on SQLite and on PostgreSQL.

- ``db``: an open, migrated :class:`Database`, parametrized ``[sqlite, postgres]``.
- ``db_target``: what ``db`` was opened with (an SQLite file path, or a PostgreSQL URL
  naming this test's own schema), to open the same database again.
- ``other``: a second process's :class:`Database` on that same database.
- ``sqlite_db`` / ``db_path``: SQLite only, for tests that build or inspect old files.

PostgreSQL is reached only through ``TEST_DATABASE_URL`` (default
``postgresql://postgres@127.0.0.1:5432/test``). Each test gets its own schema
(``CREATE SCHEMA run_<random>``, used through ``search_path``, dropped at the end), so
runs never see each other's rows. Without a reachable server the PostgreSQL cases skip
and say why; with ``CI=true`` that is a failure instead.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest

from bot.storage import Database

DEFAULT_TEST_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/test"

#: Why each PostgreSQL URL tried is unusable (None: usable), checked once per session.
_server_problems: dict[str, str | None] = {}


def postgres_server_url() -> str:
    """The PostgreSQL server tests use (``TEST_DATABASE_URL`` or the default)."""
    return os.environ.get("TEST_DATABASE_URL", "").strip() or DEFAULT_TEST_DATABASE_URL


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` (asyncpg passes unknown query parameters
    as server settings)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def _probe(url: str) -> str | None:
    import asyncpg

    try:
        conn = await asyncpg.connect(url, timeout=3)
    except Exception as error:  # any failure means: not reachable for these tests
        return f"{type(error).__name__}: {error}"
    await conn.close()
    return None


def _unavailable(url: str) -> str | None:
    """Why the PostgreSQL server at ``url`` cannot be used (None: it can); checked once
    per session."""
    if url not in _server_problems:
        _server_problems[url] = asyncio.run(_probe(url))
    return _server_problems[url]


def require_postgres() -> str:
    """The server URL, or skip (fail with ``CI=true``) saying why it is unreachable."""
    url = postgres_server_url()
    problem = _unavailable(url)
    if problem is not None:
        message = f"PostgreSQL at {url} (TEST_DATABASE_URL) is not reachable: {problem}"
        if os.environ.get("CI", "").strip().lower() == "true":
            pytest.fail(f"{message}; CI=true requires it", pytrace=False)
        pytest.skip(message)
    return url


async def run_on_server(url: str, statement: str) -> None:
    """Execute one SQL ``statement`` on the PostgreSQL server at ``url`` (a connection of
    its own, closed after)."""
    import asyncpg

    conn = await asyncpg.connect(url, timeout=10)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture
def pg_schema_url() -> Iterator[str]:
    """A URL for a fresh, empty PostgreSQL schema of this test (dropped afterwards)."""
    url = require_postgres()
    schema = f"run_{secrets.token_hex(6)}"
    asyncio.run(run_on_server(url, f'CREATE SCHEMA "{schema}"'))
    try:
        yield with_search_path(url, schema)
    finally:
        asyncio.run(run_on_server(url, f'DROP SCHEMA "{schema}" CASCADE'))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the SQLite test database lives (its directory does not exist yet)."""
    return tmp_path / "data" / "bingo.db"


@pytest.fixture(params=["sqlite", "postgres"])
def db_target(request: pytest.FixtureRequest, db_path: Path) -> str | Path:
    """What the database under test is opened with: the SQLite file path, or the
    PostgreSQL URL of this test's own schema."""
    if request.param == "sqlite":
        return db_path
    return request.getfixturevalue("pg_schema_url")


@asynccontextmanager
async def _opened(target: str | Path) -> AsyncIterator[Database]:
    """:meth:`Database.open` on ``target``, closed on the way out."""
    database = await Database.open(target)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
async def db(db_target: str | Path) -> AsyncIterator[Database]:
    """An open, migrated database (SQLite and PostgreSQL), closed after the test."""
    async with _opened(db_target) as database:
        yield database


@pytest.fixture
async def other(db: Database, db_target: str | Path) -> AsyncIterator[Database]:
    """A second process's :class:`Database` (its own connections) on ``db``'s SQLite file
    or PostgreSQL schema, opened after ``db``, closed after the test."""
    async with _opened(db_target) as database:
        yield database


@pytest.fixture
async def sqlite_db(db_path: Path) -> AsyncIterator[Database]:
    """An open, migrated SQLite database at ``db_path`` (SQLite-only tests)."""
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


async def raw_execute(target: str | Path, statement: str) -> list[tuple]:
    """Run ``statement`` on the database at ``target`` directly through its driver (no
    migration, no :class:`Database`); return the rows as tuples."""
    if isinstance(target, Path):
        import sqlite3

        target.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(target) as con:
            if statement.lstrip().upper().startswith(("SELECT", "WITH", "PRAGMA")):
                return [tuple(row) for row in con.execute(statement).fetchall()]
            con.executescript(statement)
            return []
    import asyncpg

    conn = await asyncpg.connect(target, timeout=10)
    try:
        if statement.lstrip().upper().startswith(("SELECT", "WITH")):
            return [tuple(row) for row in await conn.fetch(statement)]
        await conn.execute(statement)  # may hold several statements
        return []
    finally:
        await conn.close()


async def table_names(target: str | Path) -> set[str]:
    """Names of the tables at ``target`` (its own schema on PostgreSQL), read directly."""
    if isinstance(target, Path):
        query = "SELECT name FROM sqlite_master WHERE type = 'table'"
    else:
        query = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    return {row[0] for row in await raw_execute(target, query)}
