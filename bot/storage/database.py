"""The bot's database: :class:`Database`, the one object callers use (``bot.db``).

``Database`` is a facade: it opens a :class:`~bot.storage.backend.Backend` (SQLite through
aiosqlite, or PostgreSQL through asyncpg, see :mod:`bot.storage.backend` for the seam and
why it is hand-written SQL), runs the schema migrations, and inherits the methods of one
store per domain, each in its own module:

=============================  =============================================
:mod:`bot.storage.challenges`  challenges, accepting one into a match
:mod:`bot.storage.matches`     match rows, compare-and-set writes
:mod:`bot.storage.stats`       results per server, records against the bot
:mod:`bot.storage.ratings`     openskill ratings
:mod:`bot.storage.seasons`     seasons, standings, who is listed
:mod:`bot.storage.privacy`     a member's export and erasure, purges
:mod:`bot.storage.decks`       saved decks
:mod:`bot.storage.card_types`  the Scryfall card-type cache
:mod:`bot.storage.practice`    mulligan practice deals and statistics
:mod:`bot.storage.dm_closed`   members whose DMs are closed
:mod:`bot.storage.settings`    server settings, member preferences
=============================  =============================================

Every method is a coroutine. A method's statements run in one transaction or as one
autocommitted statement, so each write is durable when the method returns. JSON columns
are encoded and decoded by the stores; callers only see Python dicts and lists. Times are
Unix timestamps in seconds (``float``); Discord ids are ``int`` snowflakes.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bot.storage import sql
from bot.storage.analyses import AnalysisStore
from bot.storage.backend import (
    Backend,
    PostgresBackend,
    SchemaTooNew,
    SqliteBackend,
    StorageBusy,
    is_postgres_url,
    open_postgres,
    open_sqlite,
    postgres_ddl,
    redact_url,
)
from bot.storage.card_types import CardTypeStore
from bot.storage.challenges import ChallengeStore
from bot.storage.decks import DeckStore
from bot.storage.dm_closed import DmClosedStore
from bot.storage.matches import MatchRowStore
from bot.storage.practice import PracticeStore
from bot.storage.privacy import PrivacyStore
from bot.storage.ratings import RatingStore
from bot.storage.seasons import SeasonStore
from bot.storage.settings import SettingsStore
from bot.storage.stats import StatsStore

# The records and errors of the stores are exported by bot.storage (its __init__), the
# one list of them.
__all__ = ["Database", "DatabaseError", "migration_scripts"]

log = logging.getLogger(__name__)
#: A database driver's error class (``sqlite3.Error``, ``asyncpg.PostgresError``).
_E = TypeVar("_E", bound=Exception)


class DatabaseError(Exception):
    """The database cannot be used; ``str(error)`` is one human-readable sentence."""


def migration_scripts(dialect: str) -> list[str]:
    """:data:`sql.MIGRATIONS` as scripts for ``dialect`` (``"sqlite"`` or
    ``"postgresql"``): a plain string is used as is on SQLite and translated by
    :func:`bot.storage.backend.postgres_ddl` on PostgreSQL; a :class:`sql.Migration`
    gives its own text per dialect (the PostgreSQL one translated the same way)."""
    scripts = []
    for migration in sql.MIGRATIONS:
        if isinstance(migration, sql.Migration):
            text = migration.sqlite if dialect == "sqlite" else migration.postgresql
        else:
            text = migration
        scripts.append(text if dialect == "sqlite" else postgres_ddl(text))
    return scripts


class Database(
    ChallengeStore,
    MatchRowStore,
    StatsStore,
    RatingStore,
    SeasonStore,
    PrivacyStore,
    DeckStore,
    CardTypeStore,
    PracticeStore,
    DmClosedStore,
    SettingsStore,
    AnalysisStore,
):
    """The bot's database. Create with ``await Database.open(path_or_url)``.

    ``backend``: the :class:`Backend` every store runs on (``backend.dialect`` is
    ``"sqlite"`` or ``"postgresql"``).
    """

    def __init__(self, backend: Backend) -> None:
        """Wrap an open, migrated backend; use :meth:`open` instead."""
        super().__init__(backend)
        # --- domain stores added by other modules (keep this marker) ---

    # --- lifecycle ------------------------------------------------------------

    @classmethod
    async def open(cls, target: str | os.PathLike[str], *, busy_timeout: float = 5.0) -> Database:
        """Open the database and migrate it to the latest schema.

        ``target``: a ``postgresql://`` (or ``postgres://``) URL selects PostgreSQL
        (``DATABASE_URL``; query parameters other than asyncpg's own are server
        settings, e.g. ``?search_path=myschema``); anything else is the path of an
        SQLite file (``DATABASE_PATH``).

        SQLite: creates the parent directory, enables WAL journaling
        (synchronous=NORMAL) and foreign keys, sets the busy timeout (``busy_timeout``
        seconds; 5.0 gives ``PRAGMA busy_timeout=5000``), then applies pending
        migrations in one ``BEGIN IMMEDIATE`` transaction keyed on ``PRAGMA
        user_version``. PostgreSQL: opens a connection pool and applies pending
        migrations in one transaction keyed on the ``schema_version`` table, under an
        advisory lock (several processes starting at once migrate once).

        Raises:
            DatabaseError: "cannot open database at TARGET: reason" when the directory
                cannot be created, the file cannot be opened or written (read-only,
                locked by another process for longer than ``busy_timeout``, not a
                database), the server cannot be reached or refuses the login, or the
                schema is newer than this code knows.
        """
        if is_postgres_url(str(target)):
            return await cls._open_postgres(str(target))
        return await cls._open_sqlite(Path(target), busy_timeout)

    @classmethod
    async def _open_sqlite(cls, path: Path, busy_timeout: float) -> Database:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            blocker = next((p for p in reversed(path.parents) if p.is_file()), None)
            if blocker is not None:
                reason = f"{blocker} is a file, not a directory"
            else:
                reason = f"cannot create directory {path.parent}: {exc.strerror or exc}"
            raise DatabaseError(f"cannot open database at {path}: {reason}") from exc
        try:
            backend = await open_sqlite(path, busy_timeout=busy_timeout)
        except sqlite3.Error as exc:
            raise DatabaseError(_describe_failure(path, exc)) from exc
        return await cls._migrated(
            backend, str(path), sqlite3.Error, lambda exc: _describe_failure(path, exc)
        )

    @classmethod
    async def _open_postgres(cls, url: str) -> Database:
        import asyncpg

        shown = redact_url(url)
        try:
            backend = await open_postgres(url)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise DatabaseError(f"cannot open database at {shown}: {exc}") from exc
        return await cls._migrated(
            backend,
            shown,
            asyncpg.PostgresError,
            lambda exc: f"cannot open database at {shown}: {exc}",
        )

    @classmethod
    async def _migrated(
        cls,
        backend: SqliteBackend | PostgresBackend,
        shown: str,
        driver_error: type[_E],
        describe: Callable[[_E], str],
    ) -> Database:
        """The database over ``backend`` once its pending migrations are applied (logged
        when any were, naming ``shown``: the path, or the URL without its password).
        On any failure the backend is closed; a schema too new, or a ``driver_error``
        (its sentence from ``describe``), is raised as :class:`DatabaseError`."""
        try:
            before, after = await backend.migrate(migration_scripts(backend.dialect))
        except SchemaTooNew as exc:
            await backend.close()
            raise DatabaseError(f"cannot open database at {shown}: {exc}") from exc
        except driver_error as exc:
            await backend.close()
            raise DatabaseError(describe(exc)) from exc
        except StorageBusy as exc:
            await backend.close()
            cause = exc.__cause__
            raise DatabaseError(
                describe(cause) if isinstance(cause, driver_error) else f"{shown}: {exc}"
            ) from exc
        except BaseException:
            await backend.close()
            raise
        if after > before:
            log.info("Migrated database %s from version %s to %s", shown, before, after)
        return cls(backend)

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.backend.dialect

    @property
    def path(self) -> Path | None:
        """The SQLite file's path as given to :meth:`open` (None on PostgreSQL)."""
        return self.backend.path if isinstance(self.backend, SqliteBackend) else None

    @property
    def is_postgres(self) -> bool:
        """Whether this is a PostgreSQL database."""
        return isinstance(self.backend, PostgresBackend)

    async def close(self) -> None:
        """Close the connection(s); the object must not be used afterwards."""
        await self.backend.close()

    async def schema_version(self) -> int:
        """The schema version; ``len(sql.MIGRATIONS)`` once open."""
        return await self.backend.schema_version()


_REASONS_BY_ERROR = {
    "SQLITE_BUSY": "it is locked by another process",
    "SQLITE_LOCKED": "it is locked by another process",
    "SQLITE_READONLY": "it is read-only",
    "SQLITE_CANTOPEN": "the file cannot be opened or created (check the path and permissions)",
    "SQLITE_NOTADB": "the file is not an SQLite database",
    "SQLITE_CORRUPT": "the file is corrupt",
    "SQLITE_PERM": "permission denied",
    "SQLITE_IOERR": "a disk I/O error occurred",
    "SQLITE_FULL": "the disk is full",
}


def _describe_failure(path: Path, exc: sqlite3.Error) -> str:
    """One sentence "cannot open database at PATH: reason" for an sqlite3 error."""
    name = getattr(exc, "sqlite_errorname", None) or ""
    reason = None
    for prefix, text in _REASONS_BY_ERROR.items():
        if name == prefix or name.startswith(prefix + "_"):
            reason = text
            break
    if reason is None:
        message = str(exc)
        if "locked" in message:
            reason = _REASONS_BY_ERROR["SQLITE_BUSY"]
        elif "readonly" in message or "read-only" in message:
            reason = _REASONS_BY_ERROR["SQLITE_READONLY"]
        else:
            reason = message or type(exc).__name__
    return f"cannot open database at {path}: {reason}"
