"""Names and permissions of a match's thread (cogs/bingo/_threads.py)."""

from __future__ import annotations

import time

import discord

from bot import limits
from cogs.bingo._threads import missing_thread_permissions, thread_name


def test_thread_name_in_each_language() -> None:
    assert thread_name(12, ["alice", "bob"], "en") == "BingoMagic #12 · alice vs bob"
    assert thread_name(12, ["alice", "bob"], "it") == "BingoMagic #12 · alice contro bob"


def test_thread_name_shows_names_as_typed_within_100_characters() -> None:
    """No markdown escapes (a name renders none), control characters made visible, and
    long names shortened so the whole fits Discord's 100 characters."""
    assert thread_name(3, ["_under_score_", "**bold**"], "en") == (
        "BingoMagic #3 · _under_score_ vs **bold**"
    )
    assert "\n" not in thread_name(3, ["two\nlines", "bob"], "en")
    long = thread_name(123456, ["a" * 80, "b" * 80], "en")
    assert len(long) <= limits.THREAD_NAME
    assert long.startswith("BingoMagic #123456 · aaa") and "vs bbb" in long and "…" in long


def test_missing_thread_permissions() -> None:
    both = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)
    assert missing_thread_permissions(both) == []
    assert missing_thread_permissions(discord.Permissions(create_public_threads=True)) == [
        "settings-perm-send-in-threads"
    ]
    assert missing_thread_permissions(discord.Permissions.none()) == [
        "settings-perm-create-threads",
        "settings-perm-send-in-threads",
    ]
    assert missing_thread_permissions(discord.Permissions(administrator=True)) == []


class _Timers:
    """Records what is scheduled (a :class:`bot.matches.Scheduler` stand-in)."""

    def __init__(self) -> None:
        self.at: dict[object, float] = {}

    def schedule(self, key: object, when: float, callback: object) -> None:
        self.at[key] = when


async def test_restore_closes_a_posted_threads_whose_close_time_was_never_stored(
    tmp_path,
) -> None:
    """A process stopped after posting a result but before storing its thread's close
    time: the next start closes that thread ``close_seconds`` after the match ended; a
    match whose result is still to post waits for it; a stored time is kept."""
    from bot.storage import Database
    from cogs.bingo._threads import MatchThreads
    from tests.storage.helpers import finish, new_match

    db = await Database.open(tmp_path / "bingomagic.db")
    try:
        ended = time.time() - 5.0
        ids = [await new_match(db, (n, n + 1)) for n in (1, 3, 5, 7)]
        uis = [
            {"names": ["a", "b"], "thread": 50},  # posted, its close time lost
            {"names": ["a", "b"], "thread": 51},  # not posted yet
            {"names": ["a", "b"], "thread": 52, "thread_close_at": ended + 99.0},
            {"names": ["a", "b"], "thread": 53, "thread_close_at": 1.0, "thread_closed": True},
        ]
        for match_id, ui in zip(ids, uis, strict=True):
            assert await finish(db, match_id, winner=None, loser=None, ended_at=ended)
            record = await db.get_match(match_id)
            assert record is not None
            await db.save_match_uis([(match_id, record.version, ui)])
        timers = _Timers()
        threads = MatchThreads(None, None, db, timers, close_seconds=60.0)  # type: ignore[arg-type]
        assert await threads.restore(unposted={ids[1]}) == 2
        assert timers.at == {("thread", ids[0]): ended + 60.0, ("thread", ids[2]): ended + 99.0}
    finally:
        await db.close()
