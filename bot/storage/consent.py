"""Consent and moderation (schema migration ``MIGRATION_CONSENT``).

Tables (ids BIGINT snowflakes, times DOUBLE PRECISION Unix seconds):

- ``challenge_optouts``: members who take no challenges in a server
  (``/bingo challenges off``; no row: challenges are on).
- ``challenge_blocks``: ``blocker_id`` refuses every challenge from ``blocked_id``, in
  every server (``/bingo block``). Nobody but the blocker ever reads their rows back.
- ``challenge_cooldowns``: ``challenger_id`` may challenge ``opponent_id`` again in
  ``guild_id`` only from ``until_at`` on (set when a challenge is declined or expires:
  ``BINGO_CHALLENGE_COOLDOWN_SECONDS``).
- ``moderation_settings``: a server's moderator role and moderation log channel
  (``/bingo settings moderation``; ``NULL``: none).

Every statement is portable between SQLite and PostgreSQL (``ON CONFLICT … DO UPDATE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.base import StorageBase

SELECT_OPTOUT = "SELECT 1 FROM challenge_optouts WHERE guild_id = ? AND user_id = ?"
INSERT_OPTOUT = """
INSERT INTO challenge_optouts (guild_id, user_id, updated_at) VALUES (?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET updated_at = excluded.updated_at
"""
DELETE_OPTOUT = "DELETE FROM challenge_optouts WHERE guild_id = ? AND user_id = ?"
SELECT_BLOCK = "SELECT 1 FROM challenge_blocks WHERE blocker_id = ? AND blocked_id = ?"
INSERT_BLOCK = """
INSERT INTO challenge_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)
ON CONFLICT (blocker_id, blocked_id) DO NOTHING
"""
DELETE_BLOCK = "DELETE FROM challenge_blocks WHERE blocker_id = ? AND blocked_id = ?"
SELECT_COOLDOWN = """
SELECT until_at FROM challenge_cooldowns
WHERE guild_id = ? AND challenger_id = ? AND opponent_id = ?
"""
SET_COOLDOWN = """
INSERT INTO challenge_cooldowns (guild_id, challenger_id, opponent_id, until_at)
VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id, challenger_id, opponent_id) DO UPDATE SET until_at = excluded.until_at
"""
SELECT_MODERATION = """
SELECT moderator_role, log_channel_id FROM moderation_settings WHERE guild_id = ?
"""
SET_MODERATION = """
INSERT INTO moderation_settings (guild_id, moderator_role, log_channel_id, updated_at)
VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET moderator_role = excluded.moderator_role,
    log_channel_id = excluded.log_channel_id, updated_at = excluded.updated_at
"""


@dataclass(frozen=True, slots=True)
class ModerationSettings:
    """A server's moderation settings: the moderator role's id and the log channel's id
    (``None``: not set)."""

    role_id: int | None = None
    log_channel_id: int | None = None


class ConsentStore(StorageBase):
    """Opt-outs, blocks, challenge cooldowns and moderation settings over ``backend``."""

    async def opted_out(self, guild_id: int, user_id: int) -> bool:
        """Whether ``user_id`` takes no challenges in ``guild_id``."""
        return await self.backend.fetchone(SELECT_OPTOUT, (guild_id, user_id)) is not None

    async def set_opted_out(self, guild_id: int, user_id: int, off: bool, now: float) -> None:
        """Turn the member's challenges off (``off``) or back on in ``guild_id``."""
        if off:
            await self.backend.execute(INSERT_OPTOUT, (guild_id, user_id, now))
        else:
            await self.backend.execute(DELETE_OPTOUT, (guild_id, user_id))

    async def blocks(self, blocker_id: int, blocked_id: int) -> bool:
        """Whether ``blocker_id`` has blocked ``blocked_id``."""
        return await self.backend.fetchone(SELECT_BLOCK, (blocker_id, blocked_id)) is not None

    async def set_block(self, blocker_id: int, blocked_id: int, on: bool, now: float) -> bool:
        """Block (``on``) or unblock; ``True`` when this call changed something."""
        if on:
            return await self.backend.execute(INSERT_BLOCK, (blocker_id, blocked_id, now)) > 0
        return await self.backend.execute(DELETE_BLOCK, (blocker_id, blocked_id)) > 0

    async def cooldown_until(self, guild_id: int, challenger_id: int, opponent_id: int) -> float:
        """Unix seconds from which ``challenger_id`` may challenge ``opponent_id`` again
        in ``guild_id`` (0.0: no cooldown was ever set)."""
        value = await self.backend.fetchval(SELECT_COOLDOWN, (guild_id, challenger_id, opponent_id))
        return 0.0 if value is None else float(value)

    async def set_cooldown(
        self, guild_id: int, challenger_id: int, opponent_id: int, until: float
    ) -> None:
        """Start (or move) the cooldown of ``challenger_id`` on ``opponent_id``."""
        await self.backend.execute(SET_COOLDOWN, (guild_id, challenger_id, opponent_id, until))

    async def moderation(self, guild_id: int) -> ModerationSettings:
        """The server's moderation settings (both ``None`` when never set)."""
        row = await self.backend.fetchone(SELECT_MODERATION, (guild_id,))
        if row is None:
            return ModerationSettings()

        def of(value: object) -> int | None:
            return None if value is None else int(value)  # type: ignore[call-overload]

        return ModerationSettings(of(row["moderator_role"]), of(row["log_channel_id"]))

    async def set_moderation(
        self, guild_id: int, role_id: int | None, log_channel_id: int | None, now: float
    ) -> None:
        """Set the server's moderator role and log channel (``None`` clears either)."""
        await self.backend.execute(SET_MODERATION, (guild_id, role_id, log_channel_id, now))
