"""Controls outlive the process: a new bot on the same database takes the old buttons."""

from __future__ import annotations

import json
import sqlite3

from bot.storage.queries.schema import MIGRATIONS
from tests.emulator.fixtures import build_world

from .helpers import (
    decide,
    opening_prompt,
    play_out,
    running_bot,
    settings_for,
    start_match,
)


async def test_old_buttons_work_after_a_restart(emulator, tmp_path) -> None:
    """A panel sent by one bot process is answered by the next one, and the match ends."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db")
    async with running_bot(emulator, world, settings) as first:
        # The opening panel is sent by the first process.
        match_id, starter, other, panel = await opening_prompt(first)

    async with running_bot(emulator, world, settings) as second:
        assert match_id in second.service.matches
        record = await starter.click(panel, "Keep")
        assert record.acknowledged
        await decide(second, other, "Keep")
        await play_out(second, match_id)
        finished = await second.db.get_match(match_id)
        assert finished.status == "finished" and finished.decisions[0][1] == "keep"


async def test_a_match_that_cannot_be_loaded_is_set_aside(emulator, tmp_path, caplog) -> None:
    """A stored match the next process cannot load (its state lost a key) is logged with
    its id and set aside; the bot starts, the other match goes on, and the set-aside
    match's players are free to play again."""
    world = build_world(emulator, users=("alice", "bob", "carol", "dave"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db")
    async with running_bot(emulator, world, settings) as first:
        broken = await start_match(first, "alice", "bob")
        kept = await start_match(first, "carol", "dave")
        kept_starter = ("carol", "dave")[first.service.matches[kept].state.starting]
    with sqlite3.connect(settings.database_path) as con:
        con.execute(
            "UPDATE matches SET state = json_remove(state, '$.options') WHERE id = ?", (broken,)
        )

    async with running_bot(emulator, world, settings) as second:
        assert kept in second.service.matches and broken not in second.service.matches
        assert f"Match {broken} cannot be loaded" in caplog.text
        record = await second.db.get_match(broken)
        assert (record.status, record.reason, record.result) == ("finished", "broken", None)
        await decide(second, world.driver(kept_starter), "Keep")
        again = await world.driver("alice").slash(
            world.channel, "bingo challenge", opponent=world.user("bob")
        )
        assert not again.message.ephemeral and "challenges you" in again.message.text
        assert await second.db.player_stats(world.guild.id, world.user("alice").id) is None


def _to_version_9(path, match_id: int, timing: dict[str, float]) -> None:
    """Rewrite the database at ``path`` as the bot of schema version 9 left it: the
    match's public log and configuration (its timers set to ``timing``) back in its
    ``ui``, their columns gone, and the columns of later versions gone."""
    with sqlite3.connect(path) as con:
        ui, log, config = con.execute(
            "SELECT ui, log, config FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        old = {**json.loads(ui), **json.loads(config), "timing": timing, "log": json.loads(log)}
        con.execute("UPDATE matches SET ui = ? WHERE id = ?", (json.dumps(old), match_id))
        _drop_later_schema(con, version=9)
        con.execute("PRAGMA user_version = 9")


def _drop_later_schema(con: sqlite3.Connection, version: int) -> None:
    """Drop the tables and columns that migrations after ``version`` added: what a
    database made by ``MIGRATIONS[:version]`` lacks."""
    old = sqlite3.connect(":memory:")
    for migration in MIGRATIONS[:version]:
        old.executescript(migration if isinstance(migration, str) else migration.sqlite)

    def columns(db: sqlite3.Connection) -> dict[str, list[str]]:
        tables = [
            name
            for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {t: [row[1] for row in db.execute(f"PRAGMA table_info({t})")] for t in tables}

    kept = columns(old)
    indexes = "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
    kept_indexes = {name for (name,) in old.execute(indexes)}
    for (name,) in con.execute(indexes).fetchall():
        if name not in kept_indexes:  # a later index (it may name a column dropped below)
            con.execute(f"DROP INDEX {name}")
    for table, names in columns(con).items():
        if table not in kept:
            con.execute(f"DROP TABLE {table}")
            continue
        for name in names:
            if name not in kept[table]:
                con.execute(f"ALTER TABLE {table} DROP COLUMN {name}")


async def test_a_match_stored_by_the_previous_version_is_played_on(emulator, tmp_path) -> None:
    """A live match stored by schema version 9 (its log and configuration in ``ui``) is
    upgraded at the next start: loaded with its timers, quick windows and language, its
    board redrawn with its log, and played to the end."""
    world = build_world(emulator, users=("alice", "bob", "carol"))
    settings = settings_for(emulator, tmp_path / "bingomagic.db")
    async with running_bot(emulator, world, settings) as first:
        match_id = await start_match(first)
        live = first.service.matches[match_id]
        starter_seat, log = live.state.starting, list(live.log)
    assert log  # the roll of the starting player, at least
    timing = {"turn": 77.0, "counter": 11.0, "choice": 33.0}
    _to_version_9(settings.database_path, match_id, timing)

    async with running_bot(emulator, world, settings) as second:
        match = second.service.matches[match_id]
        assert match.log == log
        assert match.timing is not None and match.timing.turn_seconds == 77.0
        assert match.quick_counter == (False, False)
        record = await second.db.get_match(match_id)
        assert record.config["timing"] == timing and "timing" not in record.ui
        assert record.log == log and "log" not in record.ui
        await decide(second, world.driver(("alice", "bob")[starter_seat]), "Keep")
        await decide(second, world.driver(("alice", "bob")[1 - starter_seat]), "Keep")
        await play_out(second, match_id)
        finished = await second.db.get_match(match_id)
        assert finished.status == "finished" and len(finished.log) > len(log)
