"""Mulligan practice: deals in progress (``practice_sessions``) and per-server practice
statistics (``mulligan_stats``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage import sql
from bot.storage.backend import Row, record_of
from bot.storage.base import StorageBase, encode_json


@dataclass(frozen=True, slots=True)
class PracticeSession:
    """A row of ``practice_sessions``: one practice deal and its engine state (JSON)."""

    id: int
    guild_id: int
    user_id: int
    state: dict[str, Any]
    version: int


@dataclass(frozen=True, slots=True)
class PracticeStats:
    """A user's mulligan practice record in one guild.

    ``hands_seen`` counts every dealt hand (``mulligans + keeps`` over all finished
    practice sequences); ``keeps`` the finished sequences; ``rated`` the keeps the
    coach had an opinion on and ``agreed`` those where it agreed with the keep.
    ``agreement_rate`` is ``100 * agreed / rated`` (a percentage in 0-100, 0.0 when
    ``rated`` is 0). ``kept_sizes`` maps a kept hand size (cards) to how often a hand
    of that size was kept, sorted by size. ``rank`` is the 1-based leaderboard
    position among users with at least ``min_hands`` hands seen, or None if the user
    has fewer.
    """

    guild_id: int
    user_id: int
    hands_seen: int
    mulligans: int
    keeps: int
    rated: int
    agreed: int
    agreement_rate: float
    kept_sizes: dict[int, int]
    rank: int | None


class PracticeStore(StorageBase):
    """Practice deals and practice statistics."""

    async def record_practice(
        self, guild_id: int, user_id: int, *, mulligans: int, kept_size: int, agreed: bool | None
    ) -> None:
        """Record one finished practice sequence: ``mulligans`` mulligans, then a keep.

        Adds ``mulligans + 1`` dealt hands, ``mulligans`` mulligans and one keep of
        ``kept_size`` cards; ``agreed`` is whether the coach agreed with the keep
        (True/False both count as rated) or None when it had no opinion (not rated).
        One transaction: the counters' upsert locks the row, then the kept-size
        histogram is updated, so concurrent records never lose a count.

        Raises:
            ValueError: ``mulligans`` or ``kept_size`` is negative.
        """
        if mulligans < 0 or kept_size < 0:
            raise ValueError(
                f"mulligans and kept_size must not be negative, got {mulligans}, {kept_size}"
            )
        size = str(int(kept_size))
        params = (
            guild_id,
            user_id,
            int(mulligans) + 1,
            int(mulligans),
            int(agreed is not None),
            int(agreed is True),
        )
        async with self.backend.transaction() as tx:
            await tx.execute(sql.RECORD_PRACTICE, params)
            text = await tx.fetchval(sql.SELECT_KEPT_SIZES, (guild_id, user_id))
            sizes = json.loads(text or "{}")
            sizes[size] = int(sizes.get(size, 0)) + 1
            await tx.execute(sql.UPDATE_KEPT_SIZES, (encode_json(sizes), guild_id, user_id))

    async def practice_stats(
        self, guild_id: int, user_id: int, *, min_hands: int = 20
    ) -> PracticeStats | None:
        """The user's practice record in ``guild_id``, or None if they never practised.

        ``rank`` is their leaderboard position (see :meth:`practice_leaderboard` with
        the same ``min_hands``), None below ``min_hands`` hands seen.
        """
        params = (guild_id, min_hands, guild_id, user_id)
        row = await self.backend.fetchone(sql.SELECT_PRACTICE_STATS, params)
        return _practice(row) if row is not None else None

    async def practice_leaderboard(
        self, guild_id: int, min_hands: int = 20, limit: int = 10
    ) -> list[PracticeStats]:
        """The top ``limit`` practisers of ``guild_id`` with ``hands_seen >= min_hands``.

        Ordered by agreement rate desc, then rated keeps desc, then user id asc;
        ``rank`` is the 1-based position in that order.
        """
        params = (guild_id, min_hands, guild_id, limit)
        rows = await self.backend.fetchall(sql.SELECT_PRACTICE_LEADERBOARD, params)
        return [_practice(row) for row in rows]

    async def create_practice(
        self, guild_id: int, user_id: int, state: dict[str, Any], version: int, now: float
    ) -> int:
        """Store a new practice deal (``guild_id`` 0 outside a server); return its id."""
        session_id = await self.backend.fetchval(
            sql.INSERT_PRACTICE_SESSION,
            (guild_id, user_id, encode_json(state), version, now, now),
        )
        return int(session_id)

    async def save_practice_cas(
        self,
        session_id: int,
        expected_version: int,
        *,
        state: dict[str, Any],
        version: int,
        now: float,
    ) -> bool:
        """Compare-and-set: store the deal's new ``state`` (at ``version``; ``now`` in
        Unix seconds) only if it is still at ``expected_version``. One UPDATE, committed
        before returning.

        Returns:
            True if this call stored it; False (nothing changed) if another click moved
            the deal on first, or it does not exist (deleted).
        """
        params = (encode_json(state), version, now, session_id, expected_version)
        return await self.backend.execute(sql.SAVE_PRACTICE_SESSION_IF_VERSION, params) == 1

    async def get_practice(self, session_id: int) -> PracticeSession | None:
        """The practice deal ``session_id``, or None."""
        row = await self.backend.fetchone(sql.SELECT_PRACTICE_SESSION, (session_id,))
        if row is None:
            return None
        return record_of(PracticeSession, row, state=json.loads(row["state"]))

    async def delete_practice_before(self, cutoff: float) -> int:
        """Delete every practice deal last changed before ``cutoff`` (Unix seconds),
        finished or abandoned alike; return how many were deleted (retention:
        ``bot.limits.PRACTICE_RETENTION_DAYS``)."""
        return await self.backend.execute(sql.DELETE_PRACTICE_SESSIONS_BEFORE, (cutoff,))


def _practice(row: Row) -> PracticeStats:
    sizes = json.loads(row["kept_sizes"])
    return record_of(
        PracticeStats,
        row,
        hands_seen=row["hands"],
        agreement_rate=float(row["agreement_rate"]),
        kept_sizes={int(size): int(sizes[size]) for size in sorted(sizes, key=int)},
    )
