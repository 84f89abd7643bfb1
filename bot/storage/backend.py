"""The dialect seam: one small interface over SQLite (aiosqlite) and PostgreSQL (asyncpg).

Every statement of the project is hand-written SQL in :mod:`bot.storage.sql`, with ``?``
parameters. A :class:`Backend` runs those statements on one database; the domain modules
(:mod:`bot.storage.matches`, :mod:`bot.storage.decks`...) only ever talk to a Backend and
never import a driver.

**Why hand-written SQL behind a seam, and not SQLAlchemy Core 2 + Alembic.** The project
already had every statement as a named, reviewed constant, and the queries that matter
(compare-and-set on a match's version, upserts of counters, window-function rankings) are
plain SQL that both databases run as written. What differs between SQLite and PostgreSQL
here is small and fixed: the parameter style (``?`` against ``$1``), how a transaction
starts and serializes, auto-increment ids and a few column types in the DDL, and how the
schema version is stored. Those fit in this one module (about 670 lines, with SQLite's
read-only connection and the busy errors) that can be read in one sitting. SQLAlchemy
Core would add a large dependency and a second way of writing
the same queries (an expression language, or ``text()`` around the same strings), and
Alembic a second migration history, while the compare-and-set and ``ON CONFLICT`` upserts
would still be written by hand. The bot's workload (short single-row statements on a hot
path where the p99 acknowledgement matters) also gains from calling aiosqlite and asyncpg
directly: asyncpg's prepared-statement cache is used as is.

**What is translated.**

- Queries: only ``?`` becomes ``$n`` on PostgreSQL (outside quotes and comments). Queries
  are therefore written in the common subset: ``ON CONFLICT ... DO UPDATE``, ``RETURNING``,
  ``IS DISTINCT FROM``, ``lower(col) = lower(?)`` for case-insensitive text, no JSON
  functions, no ``rowid``.
- Migrations (:data:`bot.storage.sql.MIGRATIONS`): a script written for SQLite is
  translated by :func:`postgres_ddl`: ``id INTEGER PRIMARY KEY`` becomes an identity column,
  ``INTEGER`` becomes ``BIGINT`` (Discord snowflakes need 64 bits), ``REAL`` becomes
  ``DOUBLE PRECISION``. A migration that must differ more (a data fix using SQLite JSON
  functions, case-insensitive keys) is a :class:`bot.storage.sql.Migration` with one text
  per dialect.
- The schema version: ``PRAGMA user_version`` on SQLite, the one-row table
  ``schema_version`` on PostgreSQL; the runner sets it in the migration's transaction.
- Transactions: ``BEGIN IMMEDIATE`` under a process-wide lock on SQLite (one writer, every
  transaction serialized). On PostgreSQL (READ COMMITTED) a transaction names *lock keys*
  for the rows it reads and then writes; each becomes a transaction-scoped advisory lock
  (``pg_advisory_xact_lock``), so two processes doing count-then-insert or
  read-modify-write on the same key run one after the other. Compare-and-set UPDATEs need
  no key: the row lock and the ``version`` check decide.
- Errors: a constraint violation raises :class:`IntegrityError` on both; a write that
  gave up waiting for another connection's lock raises :class:`StorageBusy` (nothing of
  it was written).
- Reads on SQLite: aiosqlite runs one connection's statements one at a time, on one
  thread, so a read queued behind a write that waits (up to the busy timeout) for another
  process's lock would wait as long. While the writer is stuck so (no statement finished
  for :data:`STUCK_SECONDS`), one-statement ``SELECT`` queries outside a transaction run
  on a second, read-only connection: in WAL mode a reader never waits for a writer
  ("Write-Ahead Logging", sqlite.org/wal.html: "readers do not block writers and a
  writer does not block readers"). Otherwise they queue on the writer as before, so a
  read sees every write this process queued before it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

Dialect = Literal["sqlite", "postgresql"]
#: A lock key: a tuple of str/int, such as ``("decks", user_id)``.
LockKey = tuple[str | int, ...]
#: The URL schemes that select PostgreSQL.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class IntegrityError(Exception):
    """A statement broke a constraint (unique, foreign key, check, not null); nothing of
    that statement was stored. ``__cause__`` is the driver's error."""


class StorageBusy(Exception):
    """A write gave up: another connection held the database's write lock longer than
    the busy timeout (SQLite's ``SQLITE_BUSY``, "database is locked"; PostgreSQL's
    ``lock_not_available``). The statement or transaction was not applied, so the
    caller may say "nothing was applied" and let the user try again."""


if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    RecordT = TypeVar("RecordT", bound=DataclassInstance)
else:
    RecordT = TypeVar("RecordT")


class Row(Protocol):
    """A result row: ``row["column"]``, ``row[0]``, ``row.keys()`` (sqlite3.Row and
    asyncpg.Record both are)."""

    def __getitem__(self, key: str | int) -> Any: ...

    def keys(self) -> Iterable[str]: ...


def record_of(cls: type[RecordT], row: Row, **decoded: Any) -> RecordT:
    """An instance of the dataclass ``cls`` from ``row``: each field from the column of
    the same name, but for those given in ``decoded`` (a column that is named otherwise,
    or stored as JSON or as 0/1); a field with a default may have no column (it keeps
    its default). Raises KeyError (IndexError for sqlite3) for a required field the
    row has no column for."""
    columns = set(row.keys())
    missing = dataclasses.MISSING
    values = {
        field.name: row[field.name]
        for field in dataclasses.fields(cls)
        if field.name not in decoded
        and (field.name in columns or field.default is field.default_factory is missing)
    }
    return cls(**values, **decoded)


class Session(ABC):
    """Statements on one connection: inside a transaction (``backend.transaction()``) or
    autocommitted one at a time (the :class:`Backend` methods of the same names)."""

    @abstractmethod
    async def execute(self, statement: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; return the number of rows it changed (0 for DDL)."""

    @abstractmethod
    async def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per parameter tuple."""

    @abstractmethod
    async def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query (see :class:`Row`)."""

    async def fetchone(self, statement: str, params: Sequence[Any] = ()) -> Any | None:
        """The first row of a query, or None."""
        rows = await self.fetchall(statement, params)
        return rows[0] if rows else None

    async def fetchval(self, statement: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (e.g. ``INSERT ... RETURNING id``), or None."""
        row = await self.fetchone(statement, params)
        return None if row is None else row[0]


class Backend(ABC):
    """One database. Open with :func:`open_backend`; close with :meth:`close`."""

    dialect: Dialect
    #: What to name in messages: the file path or the URL without its password.
    target: str

    @abstractmethod
    def transaction(self, *lock_keys: LockKey) -> Any:
        """``async with backend.transaction(("decks", uid)) as tx:`` one transaction,
        committed when the block ends (also on ``return``), rolled back if it raises.

        ``lock_keys``: see the module docstring (ignored by SQLite, where every
        transaction is serialized anyway).
        """

    @abstractmethod
    async def close(self) -> None:
        """Close every connection; the backend must not be used afterwards."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version recorded in the database (0: empty)."""

    @abstractmethod
    async def table_names(self) -> set[str]:
        """Names of the tables of the schema in use (tests and diagnostics)."""

    @abstractmethod
    async def index_names(self) -> set[str]:
        """Names of the indexes of the schema in use (tests and diagnostics)."""

    # Autocommitted one-shot statements, each on the session of :meth:`_one_shot`.

    def _one_shot(self) -> AbstractAsyncContextManager[Session]:
        """``async with self._one_shot() as session:`` the session of one autocommitted
        statement. By default a transaction of its own; a backend overrides it where a
        statement needs no ``BEGIN``/``COMMIT`` (SQLite in autocommit mode, a pooled
        PostgreSQL connection)."""
        return self.transaction()

    async def execute(self, statement: str, params: Sequence[Any] = ()) -> int:
        """Run one statement, committed before returning; the number of rows changed."""
        async with self._one_shot() as session:
            return await session.execute(statement, params)

    async def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement per parameter tuple, all in one transaction."""
        async with self.transaction() as tx:
            await tx.executemany(statement, rows)

    async def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query."""
        async with self._one_shot() as session:
            return await session.fetchall(statement, params)

    async def fetchone(self, statement: str, params: Sequence[Any] = ()) -> Any | None:
        """The first row of a query, or None."""
        async with self._one_shot() as session:
            return await session.fetchone(statement, params)

    async def fetchval(self, statement: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or None (``INSERT ... RETURNING id``)."""
        async with self._one_shot() as session:
            return await session.fetchval(statement, params)


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` is a ``postgresql://`` (or ``postgres://``) URL."""
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)


# --- SQLite --------------------------------------------------------------------------


class _Progress:
    """Whether the writer connection is stuck: statements are queued on it and none has
    finished for :data:`STUCK_SECONDS` (one of them waits for another process's lock, up
    to the busy timeout). Times from ``time.monotonic``."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.last = 0.0

    @contextmanager
    def running(self) -> Iterator[None]:
        if self.in_flight == 0:
            self.last = time.monotonic()  # an idle writer was not stuck
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1
            self.last = time.monotonic()

    def stuck(self) -> bool:
        return self.in_flight > 0 and time.monotonic() - self.last >= STUCK_SECONDS


#: Seconds without a finished statement, statements queued, after which SQLite's writer
#: counts as stuck behind another process's lock, and plain queries go to the read-only
#: connection instead of queueing behind it (:meth:`SqliteBackend._read_session`).
STUCK_SECONDS = 0.25


class _SqliteSession(Session):
    def __init__(self, conn: aiosqlite.Connection, progress: _Progress | None = None) -> None:
        self._conn = conn
        self._progress = progress or _Progress()

    async def execute(self, statement: str, params: Sequence[Any] = ()) -> int:
        with self._progress.running(), _integrity():
            cursor = await self._conn.execute(statement, params)
        return max(cursor.rowcount, 0)

    async def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._progress.running(), _integrity():
            await self._conn.executemany(statement, list(rows))

    async def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        # one trip to aiosqlite's thread, not three
        with self._progress.running(), _integrity():
            return list(await self._conn.execute_fetchall(statement, params))


class SqliteBackend(Backend):
    """One aiosqlite connection (the single writer) in autocommit mode, and in WAL mode a
    second, read-only one (``reader``) for plain queries outside transactions while the
    writer is stuck behind another process's lock (see the module docstring). Transactions run
    one at a time under an :class:`asyncio.Lock`, and a one-statement call waits while
    one is open, so a transaction is never interleaved with another coroutine's
    statements; one-statement calls outside transactions are pipelined
    (:meth:`_one_shot`). Transactions start with ``BEGIN IMMEDIATE``."""

    dialect: Dialect = "sqlite"

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, reader: aiosqlite.Connection | None = None
    ) -> None:
        self.conn = conn
        self.path = path
        self.target = str(path)
        self.reader: aiosqlite.Connection | None = None
        self._reads: _SqliteSession | None = None
        self._lock = asyncio.Lock()
        self._progress = _Progress()
        self._session = _SqliteSession(conn, self._progress)
        if reader is not None:
            self.use_reader(reader)

    @asynccontextmanager
    async def transaction(self, *lock_keys: LockKey) -> AsyncIterator[Session]:
        session = self._session
        async with self._lock:
            await session.execute("BEGIN IMMEDIATE")
            try:
                yield session
            except BaseException:
                try:
                    await session.execute("ROLLBACK")
                except sqlite3.Error:
                    log.exception("Rolling back a failed transaction on %s failed", self.path)
                raise
            try:
                await session.execute("COMMIT")
            except BaseException:
                # A COMMIT that failed (busy) leaves the transaction open: end it, so
                # that nothing of it is applied and the connection takes the next one.
                if self.conn.in_transaction:
                    try:
                        await session.execute("ROLLBACK")
                    except (sqlite3.Error, StorageBusy):
                        log.exception("Rolling back after a failed COMMIT on %s", self.path)
                raise

    def use_reader(self, reader: aiosqlite.Connection) -> None:
        """Run plain queries outside transactions on ``reader`` from now on (closed with
        the backend)."""
        self.reader = reader
        self._reads = _SqliteSession(reader)

    def _read_session(self, statement: str) -> Session | None:
        """The read-only connection's session for ``statement`` when the writer is stuck
        (:class:`_Progress`) and ``statement`` is a plain query (``SELECT`` or ``WITH``, no
        ``RETURNING``); else ``None``: the writer runs it, after what this process queued
        before it, so a read sees this process's earlier writes (as a transaction's
        read-modify-write elsewhere in the bot expects)."""
        if self._reads is None or not self._progress.stuck():
            return None
        head = statement.lstrip()[:6].upper()
        if head != "SELECT" and not head.startswith("WITH"):
            return None
        if "RETURNING" in statement.upper():
            return None
        return self._reads

    async def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        reads = self._read_session(statement)
        if reads is not None:
            return await reads.fetchall(statement, params)
        return await super().fetchall(statement, params)

    async def fetchone(self, statement: str, params: Sequence[Any] = ()) -> Any | None:
        reads = self._read_session(statement)
        if reads is not None:
            return await reads.fetchone(statement, params)
        return await super().fetchone(statement, params)

    async def fetchval(self, statement: str, params: Sequence[Any] = ()) -> Any:
        reads = self._read_session(statement)
        if reads is not None:
            return await reads.fetchval(statement, params)
        return await super().fetchval(statement, params)

    @asynccontextmanager
    async def _one_shot(self) -> AsyncIterator[Session]:
        """A session for one autocommitted statement. It waits for an open transaction
        (and those queued before it) to end, but holds no lock itself: aiosqlite runs
        statements in the order they are queued, and the statement is queued before
        this coroutine next yields, so no transaction's ``BEGIN`` can come between. So
        statements of many coroutines are in flight at once instead of each waiting
        for the one before to come back from aiosqlite's thread."""
        if self._lock.locked():
            async with self._lock:
                pass
        yield self._session

    async def close(self) -> None:
        # A second close does nothing.
        if self.reader is not None:
            await self.reader.close()
        await self.conn.close()

    async def schema_version(self) -> int:
        return int(await self.fetchval("PRAGMA user_version") or 0)

    async def table_names(self) -> set[str]:
        rows = await self.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in rows}

    async def index_names(self) -> set[str]:
        rows = await self.fetchall("SELECT name FROM sqlite_master WHERE type = 'index'")
        return {row[0] for row in rows}

    async def migrate(self, scripts: Sequence[str]) -> tuple[int, int]:
        """Apply ``scripts[current:]`` in one ``BEGIN IMMEDIATE`` transaction, setting
        ``PRAGMA user_version`` after each; return ``(from, to)``.

        Raises:
            SchemaTooNew: the file's version is above ``len(scripts)``.
        """
        async with self.transaction() as tx:
            current = int(await tx.fetchval("PRAGMA user_version") or 0)

            async def record(version: int) -> None:
                # PRAGMA takes no parameters; the value is an int we computed.
                await tx.execute(f"PRAGMA user_version = {version:d}")

            latest = await _apply_migrations(tx, scripts, current, record)
        return current, max(current, latest)


async def open_sqlite(path: Path, *, busy_timeout: float) -> SqliteBackend:
    """Connect to the SQLite file ``path`` (which must be creatable): autocommit mode,
    WAL journaling, ``synchronous = NORMAL``, foreign keys on, busy timeout in seconds;
    in WAL mode, a second, read-only connection for plain queries.

    Raises ``sqlite3.Error`` from the driver (the caller words it).
    """
    conn = await _connect(path, busy_timeout)
    backend = SqliteBackend(conn, path)
    try:
        row = await backend.fetchone("PRAGMA journal_mode = WAL")
        mode = str(row[0]).lower() if row is not None else "unknown"
        if mode != "wal":
            log.warning("SQLite refused WAL journaling for %s (journal mode %s)", path, mode)
        await conn.execute("PRAGMA foreign_keys = ON")
        # With WAL, NORMAL stays consistent and survives application crashes; only an OS
        # crash or power loss can drop the last commits.
        await conn.execute("PRAGMA synchronous = NORMAL")
        if mode == "wal":
            reader = await _connect(path, busy_timeout)
            backend.use_reader(reader)
            await reader.execute("PRAGMA query_only = ON")  # it can never write
    except StorageBusy as busy:
        await backend.close()
        # While opening, a lock is the driver's error as the caller words it.
        assert isinstance(busy.__cause__, sqlite3.Error)
        raise busy.__cause__ from None
    except BaseException:
        await backend.close()
        raise
    return backend


async def _connect(path: Path, busy_timeout: float) -> aiosqlite.Connection:
    """An autocommit connection to ``path`` whose rows are :class:`sqlite3.Row`."""
    pending = aiosqlite.connect(path, timeout=busy_timeout, isolation_level=None)
    try:
        conn = await pending
    except sqlite3.Error:
        await _join_worker(pending)
        raise
    conn.row_factory = sqlite3.Row
    return conn


async def _join_worker(connection: aiosqlite.Connection) -> None:
    """Wait for a failed connection's worker thread to exit.

    aiosqlite stops the thread of a connection that failed to open without waiting for
    it; if the event loop closes first, the thread dies with "Event loop is closed".
    Joining it here (briefly, off the loop) avoids that.
    """
    thread = getattr(connection, "_thread", None)
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 2.0)


class _integrity:
    """Context manager turning driver constraint errors into :class:`IntegrityError`."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: BaseException | None, tb: Any) -> Literal[False]:
        if error is None:
            return False
        if isinstance(error, sqlite3.IntegrityError) or _is_pg_integrity(error):
            raise IntegrityError(str(error)) from error
        if _is_busy(error):
            raise StorageBusy(str(error)) from error
        return False


def _is_busy(error: BaseException) -> bool:
    """Whether ``error`` is a lock wait that gave up (see :class:`StorageBusy`)."""
    if isinstance(error, sqlite3.OperationalError):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None:
            return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
        return "locked" in str(error) or "busy" in str(error)
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg is a dependency
        return False
    return isinstance(error, asyncpg.LockNotAvailableError)


def _is_pg_integrity(error: BaseException) -> bool:
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg is a dependency
        return False
    return isinstance(error, asyncpg.IntegrityConstraintViolationError)


class SchemaTooNew(Exception):
    """The database's schema version is newer than this code knows."""

    def __init__(self, found: int, latest: int) -> None:
        super().__init__(f"its schema version {found} is newer than this bot supports ({latest})")
        self.found = found
        self.latest = latest


def split_statements(script: str) -> Iterable[str]:
    """Split an SQL script into complete statements (by SQLite's own rules: ``;`` outside
    quotes, comments and ``BEGIN ... END`` trigger bodies).

    Raises:
        ValueError: the script ends inside a statement.
    """
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statement = pending.strip()
            pending = ""
            if statement and _strip_comments(statement).strip(" \n\t;"):
                yield statement
    if _strip_comments(pending).strip():
        raise ValueError(f"incomplete SQL statement in migration: {pending.strip()[:60]!r}")


_USER_VERSION = re.compile(r"^\s*PRAGMA\s+user_version\s*=\s*\d+\s*;?\s*$", re.IGNORECASE)


def _is_user_version_pragma(statement: str) -> bool:
    return bool(_USER_VERSION.match(_strip_comments(statement)))


def _strip_comments(text: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in text.splitlines())


async def _apply_migrations(
    tx: Session,
    scripts: Sequence[str],
    current: int,
    after: Callable[[int], Awaitable[None]] | None = None,
) -> int:
    """Run the statements of ``scripts[current:]`` on ``tx`` (a ``PRAGMA user_version``
    of their own skipped: each backend records the version its way), awaiting
    ``after(version)`` after each script; return the latest version, ``len(scripts)``.

    Raises:
        SchemaTooNew: ``current`` is above ``len(scripts)``.
        ValueError: a script ends inside a statement (:func:`split_statements`).
    """
    latest = len(scripts)
    if current > latest:
        raise SchemaTooNew(current, latest)
    for index in range(current, latest):
        for statement in split_statements(scripts[index]):
            if not _is_user_version_pragma(statement):
                await tx.execute(statement)
        if after is not None:
            await after(index + 1)
    return latest


# --- PostgreSQL ------------------------------------------------------------------------

_PARAM_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|/\*.*?\*/|\?", re.DOTALL)


def postgres_params(statement: str) -> str:
    """``statement`` with each ``?`` parameter (outside quotes and comments) numbered
    ``$1``, ``$2``... in order, as asyncpg expects."""
    counter = 0

    def number(match: re.Match[str]) -> str:
        nonlocal counter
        if match.group(0) != "?":
            return match.group(0)
        counter += 1
        return f"${counter}"

    return _PARAM_TOKEN.sub(number, statement)


_DDL_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"\bid(\s+)INTEGER\s+PRIMARY\s+KEY\b", re.IGNORECASE),
        r"id\1BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\bINTEGER\b", re.IGNORECASE), "BIGINT"),
    (re.compile(r"\bREAL\b", re.IGNORECASE), "DOUBLE PRECISION"),
)


def postgres_ddl(script: str) -> str:
    """A migration script written for SQLite, translated for PostgreSQL: an ``id INTEGER
    PRIMARY KEY`` column becomes ``BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY``,
    every other ``INTEGER`` becomes ``BIGINT``, ``REAL`` becomes ``DOUBLE PRECISION``.
    ``PRAGMA user_version`` lines are dropped by the runner. Anything else is kept as
    written (see the module docstring for what not to use)."""
    for pattern, replacement in _DDL_RULES:
        script = pattern.sub(replacement, script)
    return script


def lock_id(key: LockKey) -> int:
    """A signed 64-bit advisory-lock id for ``key`` (stable across processes)."""
    text = "\x1f".join(str(part) for part in key).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big", signed=True)


class _PgSession(Session):
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, statement: str, params: Sequence[Any] = ()) -> int:
        with _integrity():
            status = await self._conn.execute(postgres_params(statement), *params)
        return _rowcount(status)

    async def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        with _integrity():
            await self._conn.executemany(postgres_params(statement), list(rows))

    async def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Any]:
        with _integrity():
            return list(await self._conn.fetch(postgres_params(statement), *params))

    async def fetchone(self, statement: str, params: Sequence[Any] = ()) -> Any | None:
        with _integrity():
            return await self._conn.fetchrow(postgres_params(statement), *params)


def _rowcount(status: str) -> int:
    """Rows changed from a command tag such as ``UPDATE 1`` / ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1] if status else ""
    return int(last) if last.isdigit() else 0


_SCHEMA_VERSION_DDL = (
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), version BIGINT NOT NULL)"
)


class PostgresBackend(Backend):
    """An asyncpg connection pool. Each transaction takes one connection from the pool;
    one-shot statements run on any free connection. ``url``'s query may carry server
    settings, e.g. ``?search_path=run_1a2b`` (how tests give each run its own schema)."""

    dialect: Dialect = "postgresql"

    def __init__(self, pool: Any, target: str) -> None:
        self.pool = pool
        self.target = target

    @asynccontextmanager
    async def transaction(self, *lock_keys: LockKey) -> AsyncIterator[Session]:
        async with self.pool.acquire() as conn, conn.transaction():
            for key in sorted({lock_id(k) for k in lock_keys}):
                await conn.execute("SELECT pg_advisory_xact_lock($1)", key)
            yield _PgSession(conn)

    @asynccontextmanager
    async def _one_shot(self) -> AsyncIterator[Session]:
        """Any free connection of the pool, with no transaction of its own."""
        async with self.pool.acquire() as conn:
            yield _PgSession(conn)

    async def close(self) -> None:
        if not self.pool.is_closing():
            await self.pool.close()

    async def schema_version(self) -> int:
        exists = await self.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        if not exists:
            return 0
        return int(await self.fetchval("SELECT version FROM schema_version") or 0)

    async def table_names(self) -> set[str]:
        rows = await self.fetchall(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
        return {row[0] for row in rows}

    async def index_names(self) -> set[str]:
        rows = await self.fetchall(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
        )
        return {row[0] for row in rows}

    async def migrate(self, scripts: Sequence[str]) -> tuple[int, int]:
        """Apply ``scripts[current:]`` (already in PostgreSQL syntax) in one transaction,
        serialized across processes by an advisory lock, recording the version in
        ``schema_version``; return ``(from, to)``.

        Raises:
            SchemaTooNew: the schema's version is above ``len(scripts)``.
        """
        async with self.transaction(("schema_migration",)) as tx:
            await tx.execute(_SCHEMA_VERSION_DDL)
            current = int(await tx.fetchval("SELECT version FROM schema_version") or 0)
            latest = await _apply_migrations(tx, scripts, current)
            if latest > current:
                await tx.execute(
                    "INSERT INTO schema_version (one, version) VALUES (TRUE, ?)"
                    " ON CONFLICT (one) DO UPDATE SET version = excluded.version",
                    (latest,),
                )
        return current, max(current, latest)


async def open_postgres(url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresBackend:
    """Connect a pool to the PostgreSQL server at ``url``. Raises asyncpg's or the OS's
    errors (the caller words them)."""
    import asyncpg

    pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
    assert pool is not None
    return PostgresBackend(pool, redact_url(url))


def redact_url(url: str) -> str:
    """``url`` with its password replaced by ``***`` (for messages and logs)."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", url)
