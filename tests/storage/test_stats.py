"""Player statistics: win rate, leaderboard order and ranks."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage import Database, PlayerStats
from tests.storage.helpers import GUILD, draw, play


async def test_unknown_player_has_no_stats(db: Database) -> None:
    """Someone who never finished a match has no stats."""
    assert await db.player_stats(GUILD, 1) is None


async def test_played_and_win_rate_are_derived(db: Database) -> None:
    """played = wins + losses + draws and win_rate is a percentage of played."""
    await play(db, 1, 2)
    await play(db, 1, 3)
    await play(db, 3, 1)
    await draw(db, 1, 2)
    stats = await db.player_stats(GUILD, 1)
    assert stats == PlayerStats(
        guild_id=GUILD, user_id=1, wins=2, losses=1, draws=1, played=4, win_rate=50.0, rank=1
    )


async def test_stats_are_per_guild(db: Database) -> None:
    """Results in one guild do not appear in another."""
    await play(db, 1, 2, guild_id=GUILD + 1)
    assert await db.player_stats(GUILD, 1) is None
    assert await db.leaderboard(GUILD) == []


async def test_leaderboard_orders_by_wins_then_rate_then_draws_then_id(db: Database) -> None:
    """Ties on wins go to the better win rate, then more draws, then the lower id."""
    # 10: 4 wins of 4 (100%) beats 20: 2 wins of 3 (66.7%).
    await play(db, 10, 90)
    await play(db, 10, 91)
    await play(db, 20, 92)
    await play(db, 20, 93)
    await play(db, 10, 20)
    # 30: 1 win + 1 draw (50%) beats 40: 1 win + 1 loss (50%) on draws.
    await play(db, 30, 95)
    await draw(db, 30, 96)
    await play(db, 40, 97)
    await play(db, 10, 40)
    # 50 and 60: identical records (1 win of 1, 100%) -> lower id first, above 30/40.
    await play(db, 60, 99)
    await play(db, 50, 99)
    top = [s.user_id for s in await db.leaderboard(GUILD, limit=6)]
    assert top == [10, 20, 50, 60, 30, 40]


async def test_leaderboard_ranks_are_positions(db: Database) -> None:
    """Ranks are 1, 2, 3... in leaderboard order."""
    await play(db, 1, 2)
    await play(db, 1, 3)
    await play(db, 2, 3)
    board = await db.leaderboard(GUILD)
    assert [(s.user_id, s.rank) for s in board] == [(1, 1), (2, 2), (3, 3)]


async def test_leaderboard_is_limited_and_rank_outside_top_ten(db: Database) -> None:
    """With 13 players the board shows 10, and the 13th still knows their rank."""
    # Player 100 + k wins k matches against the punching bag 999 (who loses them all).
    for k in range(1, 13):
        for _ in range(k):
            await play(db, 100 + k, 999)
    board = await db.leaderboard(GUILD)
    assert len(board) == 10
    assert [s.user_id for s in board[:2]] == [112, 111]
    assert await db.leaderboard(GUILD, limit=3) == board[:3]
    last = await db.player_stats(GUILD, 999)
    assert last is not None and (last.rank, last.wins, last.losses) == (13, 0, 78)
    eleventh = await db.player_stats(GUILD, 102)
    assert eleventh is not None and eleventh.rank == 11


records = st.lists(
    st.tuples(
        st.integers(0, 4),  # wins
        st.integers(0, 4),  # losses
        st.integers(0, 4),  # draws
    ),
    min_size=1,
    max_size=14,
)


@settings(max_examples=30, deadline=None)
@given(records=records)
async def test_leaderboard_matches_reference_order(records: list[tuple[int, int, int]]) -> None:
    """For any set of records, ranks follow (wins, win rate, draws) desc, user id asc."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bingo.db"
        db = await Database.open(path)
        try:
            with sqlite3.connect(path) as con:
                con.executemany(
                    "INSERT INTO players (guild_id, user_id, wins, losses, draws)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(GUILD, user, w, lo, d) for user, (w, lo, d) in enumerate(records, 1)],
                )
            con.close()
            board = await db.leaderboard(GUILD, limit=len(records))
            stats = [await db.player_stats(GUILD, user) for user in range(1, len(records) + 1)]
        finally:
            await db.close()

    def key(item: tuple[int, tuple[int, int, int]]) -> tuple[float, ...]:
        user, (w, lo, d) = item
        return (-w, -(w * 100.0 / (w + lo + d)), -d, user)

    expected = sorted(((u, r) for u, r in enumerate(records, 1) if sum(r) > 0), key=key)
    assert [s.user_id for s in board] == [user for user, _ in expected]
    assert [s.rank for s in board] == list(range(1, len(expected) + 1))
    for user, record in enumerate(records, 1):
        found = stats[user - 1]
        assert (found is None) == (sum(record) == 0)
        if found is not None:
            assert board[found.rank - 1] == found
