"""Names and permissions of a match's thread (cogs/bingo/_threads.py)."""

from __future__ import annotations

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
