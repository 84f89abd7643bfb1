"""Every SQL statement of the project, as named constants, portable between SQLite and
PostgreSQL (see :mod:`bot.storage.backend` for the seam and the rules). The statements
live by domain in :mod:`bot.storage.queries` (``schema``, ``challenges``, ``matches``,
``players``, ``decks``, ``practice``, ``settings``); this module re-exports them all, so
``sql.NAME`` names any of them.

All statements take their values as ``?`` parameters (numbered ``$n`` for PostgreSQL by
the seam); values are never formatted into SQL. The only statements built at run time
are the ``IN (?, ?, ...)`` lists of :func:`in_list`, which add placeholders, not values.
No query uses JSON functions: JSON columns are plain text, encoded and decoded in
Python.

``MIGRATIONS[i]`` upgrades the schema from version ``i`` to version ``i + 1``. The runner
records the version in the same transaction (SQLite: ``PRAGMA user_version``;
PostgreSQL: the ``schema_version`` table); a script may end with ``PRAGMA user_version =
N;``, which the runner skips. A migration is a string in SQLite syntax that the seam
translates for PostgreSQL (:func:`bot.storage.backend.postgres_ddl`), or a
:class:`Migration` with one text per dialect.

Times are Unix timestamps in seconds (REAL; DOUBLE PRECISION on PostgreSQL). Discord ids
(guilds, channels, users, messages) are INTEGER snowflakes (BIGINT on PostgreSQL). JSON
columns hold UTF-8 JSON text. Flags are INTEGER 0/1.
"""

from __future__ import annotations

from bot.storage.queries.analyses import *  # noqa: F403
from bot.storage.queries.challenges import *  # noqa: F403
from bot.storage.queries.decks import *  # noqa: F403
from bot.storage.queries.matches import *  # noqa: F403
from bot.storage.queries.players import *  # noqa: F403
from bot.storage.queries.practice import *  # noqa: F403
from bot.storage.queries.privacy import *  # noqa: F403
from bot.storage.queries.puzzles import *  # noqa: F403
from bot.storage.queries.schema import *  # noqa: F403
from bot.storage.queries.schema import Migration as Migration
from bot.storage.queries.seasons import *  # noqa: F403
from bot.storage.queries.settings import *  # noqa: F403


def in_list(count: int, item: str = "?") -> str:
    """``"(?, ?, ?)"`` with ``count`` (>= 1) placeholders, for ``IN``; ``item`` is the
    text of each (e.g. ``"lower(?)"``)."""
    if count < 1:
        raise ValueError("an IN list needs at least one placeholder")
    return "(" + ", ".join([item] * count) + ")"
