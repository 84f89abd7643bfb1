"""Per-server results (``players``: matches between members) and each member's record
against the bot (``bot_records``). Both are changed only inside the transaction that
finishes a match (:meth:`bot.storage.matches.MatchRowStore.finish_match_cas`), through
:func:`count_result`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.engine.outcome import Outcome
from bot.storage import sql
from bot.storage.backend import Row, Session, record_of
from bot.storage.base import NO_SERVER, StorageBase

#: The bot's levels, as stored in ``matches.ai_level`` and ``bot_records``.
AiLevel = Literal["easy", "medium", "hard"]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one guild.

    ``played = wins + losses + draws``; ``win_rate`` is ``100 * wins / played`` (a
    percentage in 0-100, 0.0 when nothing was played); ``rank`` is the 1-based
    position on the guild leaderboard (wins desc, win rate desc, draws desc,
    user id asc).
    """

    guild_id: int
    user_id: int
    wins: int
    losses: int
    draws: int
    played: int
    win_rate: float
    rank: int


@dataclass(frozen=True, slots=True)
class BotRecord:
    """A member's record against the bot at one level, in one guild (``bot_records``).

    ``wins``/``losses``/``draws`` are the member's; ``played`` their sum. Matches against
    the bot never count in :class:`PlayerStats` (the leaderboard ranks matches
    between members only).
    """

    guild_id: int
    user_id: int
    level: AiLevel
    wins: int
    losses: int
    draws: int

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


class StatsStore(StorageBase):
    """Reading the results: stats, leaderboard, records against the bot."""

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """The user's stats and leaderboard rank in ``guild_id``; None if they never
        finished a match there."""
        row = await self.backend.fetchone(sql.SELECT_PLAYER_STATS, (guild_id, user_id))
        return _stats(row) if row is not None else None

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerStats]:
        """The top ``limit`` players of ``guild_id`` in rank order (see PlayerStats)."""
        rows = await self.backend.fetchall(sql.SELECT_LEADERBOARD, (guild_id, limit))
        return [_stats(row) for row in rows]

    async def bot_records(self, guild_id: int, user_id: int) -> list[BotRecord]:
        """The member's records against the bot in ``guild_id``, one per level played,
        in the order easy, medium, hard (empty if they never finished one)."""
        rows = await self.backend.fetchall(sql.SELECT_BOT_RECORDS, (guild_id, user_id))
        return [record_of(BotRecord, row) for row in rows]


async def count_result(
    tx: Session,
    *,
    guild_id: int,
    players: tuple[int, int],
    result: Outcome,
    winner_id: int | None,
    ai_seat: int | None,
    ai_level: str | None,
) -> None:
    """Inside the transaction that finishes a match, count its result (RULES §1.8):
    between two members, ``players`` gets +1 win / +1 loss, or +1 draw each; against the
    bot (``ai_level`` set), only the member's ``bot_records`` row at that level changes.
    ``winner_id``: the winner of a ``"win"`` (one of ``players``). A match of no server
    (:data:`bot.storage.base.NO_SERVER`) counts in no server's results."""
    if guild_id == NO_SERVER:
        return
    if ai_level is None:
        if result == Outcome.WIN:
            loser_id = players[1] if winner_id == players[0] else players[0]
            deltas = [(winner_id, 1, 0, 0), (loser_id, 0, 1, 0)]
        else:
            deltas = [(player, 0, 0, 1) for player in players]
        for user_id, wins, losses, draws in deltas:
            await tx.execute(sql.UPSERT_PLAYER_RESULT, (guild_id, user_id, wins, losses, draws))
        return
    assert ai_seat is not None
    member = players[1 - ai_seat]
    if result == Outcome.DRAW:
        delta = (0, 0, 1)
    else:
        delta = (1, 0, 0) if winner_id == member else (0, 1, 0)
    await tx.execute(sql.UPSERT_BOT_RECORD, (guild_id, member, ai_level, *delta))


def _stats(row: Row) -> PlayerStats:
    return record_of(PlayerStats, row, win_rate=float(row["win_rate"]))
