"""Your-turn reminders in the database (schema migration ``MIGRATION_REMINDERS``;
:mod:`bot.matches.reminders` says when they are sent).

Tables (ids BIGINT snowflakes, times DOUBLE PRECISION Unix seconds):

- ``reminder_prefs``: members who turned reminders on (``/bingo reminders on``; no row:
  off, the default; ``off`` deletes the row).
- ``reminder_marks``: per match and member, the newest decision (``version``) whose
  reminder was claimed: ``kind`` ``reminder`` or ``forfeit`` (sent; ``channel_id`` and
  ``message_id`` name the message, a DM or a post in the match's thread, to delete once
  the decision is taken) or ``seen``
  (cancelled by the member's own interaction). A claim only moves a row to a newer
  version (compare-and-set), so two processes, or one before and after a restart, never
  both send the reminder of one decision. A match's rows go when it ends.

Both are exported and erased with the member (``bot/storage/queries/privacy.py``). Every
statement is portable between SQLite and PostgreSQL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.backend import Backend

SELECT_PREF = "SELECT 1 FROM reminder_prefs WHERE user_id = ?"
INSERT_PREF = """
INSERT INTO reminder_prefs (user_id, updated_at) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at
"""
DELETE_PREF = "DELETE FROM reminder_prefs WHERE user_id = ?"
# Parameters: match_id, user_id, version, kind, at. Counts 1 when this call claimed it.
CLAIM = """
INSERT INTO reminder_marks (match_id, user_id, version, kind, at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (match_id, user_id) DO UPDATE SET version = excluded.version,
    kind = excluded.kind, at = excluded.at, channel_id = NULL, message_id = NULL
WHERE reminder_marks.version < excluded.version
"""
# Parameters: channel_id, message_id, match_id, user_id, version.
SET_POST = """
UPDATE reminder_marks SET channel_id = ?, message_id = ?
WHERE match_id = ? AND user_id = ? AND version = ?
"""
SELECT_POSTS = """
SELECT user_id, version, channel_id, message_id FROM reminder_marks
WHERE match_id = ? AND message_id IS NOT NULL
ORDER BY user_id
"""
DELETE_MATCH = "DELETE FROM reminder_marks WHERE match_id = ?"
# Rows of matches no longer in progress (a process stopped before it forgot them).
DELETE_ENDED = """
DELETE FROM reminder_marks
WHERE match_id NOT IN (SELECT id FROM matches WHERE status = 'active')
"""


class ReminderStore:
    """The reminder preference and claims over ``backend`` (implements
    :class:`bot.matches.reminders.ReminderStore`)."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    async def reminders_on(self, user_id: int) -> bool:
        """Whether ``user_id`` turned your-turn reminders on (default: off)."""
        return await self.backend.fetchone(SELECT_PREF, (user_id,)) is not None

    async def set_reminders(self, user_id: int, on: bool, now: float) -> None:
        """Turn ``user_id``'s reminders on or off (``now``: Unix seconds)."""
        if on:
            await self.backend.execute(INSERT_PREF, (user_id, now))
        else:
            await self.backend.execute(DELETE_PREF, (user_id,))

    async def claim_reminder(
        self, match_id: int, user_id: int, version: int, kind: str, now: float
    ) -> bool:
        """Claim the reminder of ``user_id``'s decision at ``version`` of ``match_id`` as
        ``kind`` (``reminder``, ``forfeit`` or ``seen``): ``True`` only for the first
        claim of that decision (nothing claimed yet at this version or a newer one)."""
        count = await self.backend.execute(CLAIM, (match_id, user_id, version, kind, now))
        return count > 0

    async def reminder_posted(
        self, match_id: int, user_id: int, version: int, channel_id: int, message_id: int
    ) -> None:
        """The reminder claimed at ``version`` was sent as ``message_id`` in ``channel_id``
        (a DM channel or the match's thread): delete it once the decision is taken."""
        await self.backend.execute(SET_POST, (channel_id, message_id, match_id, user_id, version))

    async def reminder_posts(self, match_id: int) -> list[tuple[int, int, int, int]]:
        """The messages of ``match_id``'s reminders still recorded, as ``(user_id,
        version, channel_id, message_id)``."""
        rows = await self.backend.fetchall(SELECT_POSTS, (match_id,))
        return [
            (int(r["user_id"]), int(r["version"]), int(r["channel_id"]), int(r["message_id"]))
            for r in rows
        ]

    async def forget_reminders(self, match_id: int) -> None:
        """Delete every claim of ``match_id`` (it ended)."""
        await self.backend.execute(DELETE_MATCH, (match_id,))

    async def forget_ended(self) -> int:
        """Delete the claims of every match no longer in progress; returns how many."""
        return await self.backend.execute(DELETE_ENDED)
