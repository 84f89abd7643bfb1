"""Helpers for storage tests: create and finish matches with small default values."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from bot.storage import Database
from bot.storage.database import migration_scripts

GUILD = 1000
CHANNEL = 2000
#: Two members and the bot user (of the matches against the bot).
ALICE, BOB, BOT = 11, 22, 999


async def new_match(
    db: Database,
    players: tuple[int, int] = (1, 2),
    *,
    guild_id: int = GUILD,
    state: dict[str, Any] | None = None,
    started_at: float = 100.0,
) -> int:
    """Create an active match with small default values; return its id."""
    return await db.create_match(
        guild_id=guild_id,
        channel_id=CHANNEL,
        player_ids=players,
        seed=42,
        options={"library": 60},
        state=state if state is not None else {"turn": 1},
        decisions=[],
        version=0,
        started_at=started_at,
        deadline=started_at + 120.0,
        ui={},
    )


async def finish(
    db: Database,
    match_id: int,
    *,
    winner: int | None,
    loser: int | None,
    ended_at: float = 200.0,
) -> bool:
    """Finish a match as a win (winner and loser given) or a draw (both None), with a
    compare-and-set on its current version (False: already finished or unknown)."""
    record = await db.get_match(match_id)
    return await db.finish_match_cas(
        match_id,
        record.version if record is not None else 0,
        state={"over": True},
        decisions=[{"kind": "end"}],
        version=9,
        log=lambda old: [*old, {"type": "end"}],
        outcome="draw" if winner is None else "win",
        winner_id=winner,
        loser_id=loser,
        reason="bingo" if winner is not None else "library empty",
        turns=7,
        ended_at=ended_at,
    )


async def play(
    db: Database, winner: int, loser: int, *, guild_id: int = GUILD, at: float = 200.0
) -> int:
    """Play a whole match won by ``winner``; return its id."""
    match_id = await new_match(db, (winner, loser), guild_id=guild_id)
    assert await finish(db, match_id, winner=winner, loser=loser, ended_at=at)
    return match_id


async def draw(db: Database, a: int, b: int, *, guild_id: int = GUILD) -> int:
    """Play a whole drawn match between ``a`` and ``b``; return its id."""
    match_id = await new_match(db, (a, b), guild_id=guild_id)
    assert await finish(db, match_id, winner=None, loser=None)
    return match_id


def make_old_sqlite_file(path: Path, version: int) -> sqlite3.Connection:
    """Create the SQLite file ``path`` at schema ``version`` (migrations 1..version, as an
    older bot left it) and return an open connection to it (close it when done)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    for index, script in enumerate(migration_scripts("sqlite")[:version]):
        con.executescript(script)
        con.execute(f"PRAGMA user_version = {index + 1:d}")
    con.commit()
    return con


async def bot_match(
    db: Database,
    member: int = ALICE,
    *,
    ai_seat: int = 1,
    level: Any = "hard",
    guild_id: int = GUILD,
    version: int = 0,
    players: tuple[int, int] | None = None,
) -> int | None:
    """A match of ``member`` against the bot (seat ``ai_seat``, ``level``); its id, or
    None when the database refused it. ``players``: the seats as given instead (a bad
    pair included)."""
    if players is None:
        players = (member, BOT) if ai_seat == 1 else (BOT, member)
    return await db.create_bot_match(
        guild_id=guild_id,
        channel_id=CHANNEL,
        player_ids=players,
        ai_seat=ai_seat,
        ai_level=level,
        seed=7,
        options={"mulligan": "vancouver"},
        state={"turn": 1},
        decisions=[],
        version=version,
        started_at=100.0,
        deadline=220.0,
        ui={"names": ["Alice", "BingoBot"]},
    )


async def finish_cas(
    db: Database,
    match_id: int,
    outcome: Any,
    winner: int | None = None,
    loser: int | None = None,
    *,
    expected: int = 0,
    log: list[Any] | None = None,
    reason: str | None = None,
) -> bool:
    """``finish_match_cas`` of ``match_id`` at version ``expected`` with small values;
    ``log``: events appended to the stored public log (``None``: left as it is)."""
    return await db.finish_match_cas(
        match_id,
        expected,
        state={"over": True},
        decisions=[[0, "resign"]],
        version=expected + 1,
        outcome=outcome,
        winner_id=winner,
        loser_id=loser,
        reason=reason or {"win": "bingo", "draw": "library_empty"}.get(outcome, "no_result"),
        turns=5,
        ended_at=300.0,
        log=None if log is None else lambda old: [*old, *log],
    )


async def assert_racing_finishes_count_once(db: Database, other: Database) -> None:
    """Finish one new match twice at once, through ``db`` and ``other`` (the same
    database, or another process's connection to it), with opposite winners: exactly
    one finish is applied, and the players' stats count the match once."""
    match_id = await new_match(db, (1, 2))
    results = await asyncio.gather(
        finish(db, match_id, winner=1, loser=2), finish(other, match_id, winner=2, loser=1)
    )
    assert sorted(results) == [False, True]
    one, two = await db.player_stats(GUILD, 1), await db.player_stats(GUILD, 2)
    assert one is not None and two is not None
    assert (one.played, two.played, one.wins + two.wins) == (1, 1, 1)
