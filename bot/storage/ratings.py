"""Ratings (``ratings``): openskill Plackett-Luce per server and member,
updated exactly once per finished match (the match's ``rated`` flag changes in the same
transaction), all-time and in the server's current season (``season_ratings``, see
:mod:`bot.storage.seasons`). Before a match, each member's sigma grows with the time since
their last rated match (:func:`bot.ratings.idle`). The arithmetic is :mod:`bot.ratings`
(pure)."""

from __future__ import annotations

from dataclasses import dataclass

from bot import ratings as openskill
from bot.engine.outcome import Outcome
from bot.storage import sql
from bot.storage.backend import Row, Session, record_of
from bot.storage.base import NO_SERVER, StorageBase
from bot.storage.seasons import season_row, standing_of


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's openskill rating in one server (``ratings``; see :mod:`bot.ratings`).

    ``ordinal`` = ``mu - 3 sigma`` is what is shown and ranked. ``matches``: rated matches
    played. ``last_delta``: how ``ordinal`` changed in the last rated match
    (``last_match_id``). ``rank``: 1-based position in the server's rating leaderboard
    (ordinal desc, mu desc, user id asc), or None when not asked for.
    """

    guild_id: int
    user_id: int
    mu: float
    sigma: float
    matches: int
    last_delta: float | None
    last_match_id: int | None
    updated_at: float | None
    rank: int | None = None

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


class RatingStore(StorageBase):
    """Rating matches and reading ratings."""

    async def rate_match(self, match_id: int, now: float) -> tuple[Rating, Rating] | None:
        """Update the two members' ratings after finished match ``match_id``, exactly
        once: the ratings and the match's ``rated`` flag change in one transaction, and a
        match already rated changes nothing.

        Only a finished match between two members with a result (a win or a draw, RULES
        §1.8) is rated; a match against the bot, a no-result and a broken match are only
        marked considered. ``now``: Unix seconds.

        Returns:
            The two new ratings in seat order (``last_delta`` = their change), or None if
            nothing was rated (not finished, already rated, not eligible, unknown).
        """
        first = await self.backend.fetchone(sql.SELECT_MATCH_FOR_RATING, (match_id,))
        if first is None or first["status"] != "finished" or first["rated"]:
            return None
        # Ratings of one server change one match at a time (read, compute, write).
        async with self.backend.transaction(("ratings", first["guild_id"])) as tx:
            return await rate_in(tx, match_id, now)

    async def unrated_matches(self) -> list[int]:
        """Ids of finished matches between members with a result whose ratings were not
        updated yet (the process stopped in between), in the order they ended."""
        return [row["id"] for row in await self.backend.fetchall(sql.SELECT_UNRATED_MATCH_IDS)]

    async def rating(self, guild_id: int, user_id: int) -> Rating | None:
        """The member's rating in ``guild_id`` with its ``rank``; None if they never
        finished a rated match there."""
        row = await self.backend.fetchone(sql.SELECT_RANKED_RATING, (guild_id, user_id))
        return _rating(row) if row is not None else None

    async def rating_leaderboard(self, guild_id: int, limit: int = 10) -> list[Rating]:
        """The top ``limit`` rated members of ``guild_id`` (ordinal desc, mu desc, user id
        asc), each with its ``rank``."""
        rows = await self.backend.fetchall(sql.SELECT_RATING_LEADERBOARD, (guild_id, limit))
        return [_rating(row) for row in rows]


async def rate_in(tx: Session, match_id: int, now: float) -> tuple[Rating, Rating] | None:
    """:meth:`RatingStore.rate_match` inside an open transaction ``tx`` that holds the
    server's ratings lock (``("ratings", guild_id)``). A seat of an erased member (a
    negative pseudonym, :mod:`bot.storage.privacy`) is rated from its matches but has no
    row written: only the member's rating changes, and None is returned."""
    row = await tx.fetchone(sql.SELECT_MATCH_FOR_RATING, (match_id,))
    if row is None or row["status"] != "finished" or row["rated"]:
        return None
    if await tx.execute(sql.SET_MATCH_RATED, (match_id,)) != 1:
        return None
    if row["ai_level"] is not None or row["result"] is None or row["guild_id"] == NO_SERVER:
        return None  # a match of no server (docs/queue.md) is rated by the queue alone
    guild_id = row["guild_id"]
    players = (row["player0_id"], row["player1_id"])
    times = await tx.fetchone(sql.SELECT_MATCH_ENDED_AT, (match_id,))
    ended_at = float(times["ended_at"] or now) if times is not None else now
    season = int(await tx.fetchval(sql.SELECT_CURRENT_SEASON, (guild_id,)) or 0)
    await tx.execute(sql.SET_MATCH_SEASON, (season, match_id))
    winner = None if row["result"] == Outcome.DRAW else players.index(row["winner_id"])
    played = openskill.Played(match_id, players, winner, ended_at)
    # All-time: sigma grows with each member's idle time, then openskill.
    table: dict[int, openskill.Standing] = {}
    for user_id in players:
        found = await tx.fetchone(sql.SELECT_RATING, (guild_id, user_id))
        if found is not None:
            table[user_id] = openskill.Standing(
                user_id,
                openskill.Skill(found["mu"], found["sigma"]),
                matches=found["matches"],
                last_played=found["updated_at"],
            )
    openskill.play(table, played)
    out = []
    for user_id in players:
        if user_id < 0:  # an erased member: no rating kept (bot.storage.privacy)
            continue
        new = table[user_id]
        await tx.execute(
            sql.UPSERT_RATING,
            (
                guild_id,
                user_id,
                new.skill.mu,
                new.skill.sigma,
                new.last_delta,
                match_id,
                ended_at,
            ),
        )
        stored = await tx.fetchone(sql.SELECT_RATING, (guild_id, user_id))
        assert stored is not None  # just written
        out.append(_rating(stored))
    # The current season: its own ratings from the prior (bot.storage.seasons).
    in_season: dict[int, openskill.Standing] = {}
    for user_id in players:
        found = await tx.fetchone(sql.SELECT_SEASON_RATING, (guild_id, season, user_id))
        if found is not None:
            in_season[user_id] = standing_of(found, user_id, ended_at)
    openskill.play(in_season, played)
    for user_id in players:
        if user_id < 0:
            continue
        await tx.execute(sql.UPSERT_SEASON_RATING, season_row(guild_id, season, in_season[user_id]))
    return (out[0], out[1]) if len(out) == 2 else None


def _rating(row: Row) -> Rating:
    return record_of(Rating, row)
