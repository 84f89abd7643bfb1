"""The migrations that move a match's public log (schema version 10) and its
configuration (version 11; the seats' languages and tips, version 12) out of the ``ui``
JSON into columns of their own, on SQLite and PostgreSQL, from a database an older bot
left at schema version 9 with matches in it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.matches.config import MatchConfig, Tips
from bot.storage import Database, sql
from bot.storage.backend import open_postgres
from bot.storage.database import migration_scripts
from tests.storage.conftest import raw_execute
from tests.storage.helpers import CHANNEL, GUILD, make_old_sqlite_file

#: The schema version before the log had a column of its own.
OLD_VERSION = 9

#: A live match's ``ui`` as version 9 stored it: display bookkeeping and its log (public
#: events; an older match's log held text lines).
OLD_UI: dict[str, Any] = {
    "names": ["alice", "bob"],
    "log": [{"type": "turn", "player": 0, "turn": 1}, {"type": "draw", "player": 0}],
    "dm_closed": [False, True],
    "panels": [None, {"channel": 5, "message": 6, "version": 3, "controls": True,
                      "ephemeral": False}],
    "board": 77,
    "pings": [None, None],
    "trash": [[5, 4]],
    "quick": [True, False],
    "timing": {"turn": 90.0, "counter": 20.0, "choice": 45.0},
    "language": "fr",
    "languages": ["de", None],
    "tips": {"player": 0, "shown": {"turn": 2}},
    "thread": 88,
}  # fmt: skip
#: The keys of ``OLD_UI`` that move to ``matches.config``.
CONFIG_KEYS = ("timing", "quick", "language", "languages", "tips")
TEXT_UI: dict[str, Any] = {"names": ["carol", "dave"], "log": ["carol kept", "dave kept"]}

INSERT = (
    "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, started_at, "
    "version, ui) VALUES ({guild}, {channel}, {a}, {b}, 1, 10.0, 3, '{ui}')"
)


def _insert(a: int, b: int, ui: dict[str, Any] | str) -> str:
    text = ui if isinstance(ui, str) else json.dumps(ui)
    return INSERT.format(guild=GUILD, channel=CHANNEL, a=a, b=b, ui=text.replace("'", "''"))


async def _old_postgres(url: str) -> None:
    backend = await open_postgres(url)
    try:
        await backend.migrate(migration_scripts("postgresql")[:OLD_VERSION])
    finally:
        await backend.close()


async def test_a_version_9_sqlite_file_moves_each_log_to_its_column(db_path: Path) -> None:
    with make_old_sqlite_file(db_path, OLD_VERSION) as con:
        con.execute(_insert(1, 2, OLD_UI))
        con.execute(_insert(3, 4, TEXT_UI))
        con.execute(_insert(5, 6, "{not json"))
    db = await Database.open(db_path)
    try:
        await _check_upgraded(db)
    finally:
        await db.close()


async def _check_upgraded(db: Database) -> None:
    """Each readable log moved to its column, the rest of ``ui`` kept; the row whose
    ``ui`` is not JSON did not stop the upgrade (``active_matches`` sets it aside, as
    before)."""
    assert await db.schema_version() == len(sql.MIGRATIONS)
    by_player = {record.player_ids[0]: record for record in await db.active_matches()}
    moved = by_player[1]
    assert moved.log == OLD_UI["log"]
    assert moved.config == {key: OLD_UI[key] for key in CONFIG_KEYS}
    assert moved.ui == {
        key: value for key, value in OLD_UI.items() if key not in ("log", *CONFIG_KEYS)
    }
    config = MatchConfig.from_json(moved.config)
    assert (config.timing, config.quick, config.language, config.languages) == (
        (90.0, 20.0, 45.0),
        (True, False),
        "fr",
        ("de", None),
    )
    assert config.tips == Tips(0, (("turn", 2),))
    lines = by_player[3]  # stored before matches kept their configuration
    assert (lines.log, lines.ui, lines.config) == (
        TEXT_UI["log"],
        {"names": ["carol", "dave"]},
        {},
    )
    assert not MatchConfig.from_json(lines.config).has_language
    assert 5 not in by_player
    rows = await db.backend.fetchall("SELECT ui, log FROM matches WHERE player0_id = 5")
    assert [tuple(row) for row in rows] == [("{not json", "[]")]
    rows = await db.backend.fetchall("SELECT config FROM matches WHERE player0_id = 5")
    assert [tuple(row) for row in rows] == [("{}",)]


async def test_a_version_9_postgres_database_moves_each_log_to_its_column(
    pg_schema_url: str,
) -> None:
    await _old_postgres(pg_schema_url)
    await raw_execute(pg_schema_url, _insert(1, 2, OLD_UI))
    await raw_execute(pg_schema_url, _insert(3, 4, TEXT_UI))
    await raw_execute(pg_schema_url, _insert(5, 6, "{not json"))
    db = await Database.open(pg_schema_url)
    try:
        await _check_upgraded(db)
    finally:
        await db.close()
