"""Challenges (``challenges``): one member inviting another to a match, and accepting it
(which creates the match in the same transaction)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, Unpack, get_args

from bot.storage import sql
from bot.storage.backend import Row, record_of
from bot.storage.base import StorageBase, encode_json
from bot.storage.matches import MatchColumns, column_params

ChallengeStatus = Literal["pending", "accepted", "declined", "expired", "cancelled"]

_CLOSED_CHALLENGE_STATUSES = frozenset(get_args(ChallengeStatus)) - {"pending"}


class ChallengeLimitError(Exception):
    """A new challenge would exceed a bound on pending challenges (nothing was stored).

    ``kind``: ``"pair"`` (the two members already have a pending challenge, either way
    round: ``bot.limits.CHALLENGES_PER_PAIR``) or ``"challenger"`` (the challenger has
    ``bot.limits.CHALLENGES_PER_CHALLENGER`` pending in the guild). ``limit``: the bound.
    """

    def __init__(self, kind: Literal["pair", "challenger"], limit: int) -> None:
        super().__init__(f"pending challenge limit ({kind}: {limit}) reached")
        self.kind = kind
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Challenge:
    """A row of ``challenges``: one player inviting another to a match."""

    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int
    message_id: int | None
    status: ChallengeStatus
    created_at: float
    expires_at: float
    match_id: int | None
    options: dict[str, Any]

    def involves(self, user_id: int) -> bool:
        """Whether ``user_id`` is the challenger or the opponent."""
        return user_id in (self.challenger_id, self.opponent_id)


class ChallengeStore(StorageBase):
    """Challenges: create (bounded), close, list, and accept into a match."""

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        created_at: float,
        expires_at: float,
        options: dict[str, Any] | None = None,
        *,
        per_pair: int | None = None,
        per_challenger: int | None = None,
    ) -> int:
        """Insert a ``pending`` challenge and return its id.

        ``options`` (JSON-ready) are the match options the challenger asked for.
        ``per_pair`` / ``per_challenger`` (``None``: unbounded) bound the challenges still
        pending and in time (``expires_at`` after ``created_at``) in ``guild_id``: between
        the two members either way round, and sent by the challenger. The count and the
        insert are one transaction (serialized per guild on PostgreSQL), so simultaneous
        challenges cannot both slip under.

        Raises:
            ChallengeLimitError: a bound is reached (``kind`` ``"pair"`` is checked first).
        """
        encoded = encode_json(options or {})
        async with self.backend.transaction(("challenges", guild_id)) as tx:
            if per_pair is not None:
                count = await tx.fetchval(
                    sql.COUNT_PENDING_CHALLENGES_OF_PAIR,
                    (guild_id, created_at, challenger_id, opponent_id, opponent_id, challenger_id),
                )
                if count is not None and count >= per_pair:
                    raise ChallengeLimitError("pair", per_pair)
            if per_challenger is not None:
                count = await tx.fetchval(
                    sql.COUNT_PENDING_CHALLENGES_BY, (guild_id, created_at, challenger_id)
                )
                if count is not None and count >= per_challenger:
                    raise ChallengeLimitError("challenger", per_challenger)
            challenge_id = await tx.fetchval(
                sql.INSERT_CHALLENGE,
                (guild_id, channel_id, challenger_id, opponent_id, created_at, expires_at, encoded),
            )
        return int(challenge_id)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the id of the public message showing the challenge."""
        await self.backend.execute(sql.UPDATE_CHALLENGE_MESSAGE, (message_id, challenge_id))

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        """The challenge with this id, or None."""
        row = await self.backend.fetchone(sql.SELECT_CHALLENGE, (challenge_id,))
        return challenge_of(row) if row is not None else None

    async def close_challenge(
        self, challenge_id: int, status: ChallengeStatus, match_id: int | None = None
    ) -> bool:
        """Move a pending challenge to ``status`` (and link ``match_id``), atomically.

        Returns True only if this call changed it; False when it was no longer
        pending (already accepted/declined/expired/cancelled) or does not exist.

        Raises:
            ValueError: ``status`` is not one of accepted/declined/expired/cancelled.
            IntegrityError: ``match_id`` names no match.
        """
        if status not in _CLOSED_CHALLENGE_STATUSES:
            raise ValueError(f"cannot close a challenge with status {status!r}")
        changed = await self.backend.execute(
            sql.CLOSE_PENDING_CHALLENGE, (status, match_id, challenge_id)
        )
        return changed > 0

    async def pending_challenges(self) -> list[Challenge]:
        """All pending challenges of every guild, oldest first."""
        rows = await self.backend.fetchall(sql.SELECT_PENDING_CHALLENGES)
        return [challenge_of(row) for row in rows]

    async def pending_challenges_of(self, guild_id: int, user_id: int) -> list[Challenge]:
        """Pending challenges in ``guild_id`` where the user is challenger or opponent."""
        rows = await self.backend.fetchall(
            sql.SELECT_PENDING_CHALLENGES_OF, (guild_id, user_id, user_id)
        )
        return [challenge_of(row) for row in rows]

    async def accept_challenge(
        self,
        challenge_id: int,
        *,
        player_ids: tuple[int, int],
        **columns: Unpack[MatchColumns],
    ) -> int | None:
        """Atomically accept a pending challenge and create its match (``columns``: the
        :class:`~bot.storage.matches.MatchColumns`).

        In one transaction: if the challenge is still pending, insert an active
        match in the challenge's guild/channel and mark the challenge ``accepted``
        with that ``match_id``. ``player_ids`` is the seat order and must be the
        challenger and the opponent in either order. Two accepts of one challenge at
        once (even from two processes) create one match.

        Returns:
            The new match id, or None (nothing changed) if the challenge was not
            pending or does not exist.

        Raises:
            ValueError: ``player_ids`` are not the challenge's two players.
        """
        described = column_params(**columns)
        try:
            async with self.backend.transaction(("challenge", challenge_id)) as tx:
                row = await tx.fetchone(sql.SELECT_CHALLENGE, (challenge_id,))
                if row is None or row["status"] != "pending":
                    return None
                if sorted(player_ids) != sorted((row["challenger_id"], row["opponent_id"])):
                    raise ValueError(
                        f"player_ids {player_ids} are not the players of challenge {challenge_id}"
                    )
                ids = (row["guild_id"], row["channel_id"], player_ids[0], player_ids[1])
                match_id = await tx.fetchval(sql.INSERT_MATCH, (*ids, *described))
                closed = await tx.execute(
                    sql.CLOSE_PENDING_CHALLENGE, ("accepted", match_id, challenge_id)
                )
                if closed != 1:
                    # Closed (declined, expired) by another process since the SELECT:
                    # roll the new match back.
                    raise _ClosedMeanwhile
        except _ClosedMeanwhile:
            return None
        self.match_created(int(match_id), described)
        return int(match_id)


class _ClosedMeanwhile(Exception):
    """Rolls back an accept whose challenge stopped being pending under it."""


def challenge_of(row: Row) -> Challenge:
    """A :class:`Challenge` from a ``challenges`` row."""
    return record_of(Challenge, row, options=json.loads(row["options"]))
