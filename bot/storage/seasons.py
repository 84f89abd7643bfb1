"""Seasons and leaderboards (``seasons``, ``season_ratings``, ``leaderboard_settings``,
``departed_members``; migration ``MIGRATION_SEASONS``).

A server's matches between members are rated twice in one transaction
(:meth:`bot.storage.ratings.RatingStore.rate_match`): all-time (``ratings``) and in the
current season (``season_ratings``, restarting from the openskill prior each season).
Every rated match keeps its season (``matches.season``), so any season's standings, or
all-time, can be computed again from the match records alone (:meth:`recompute_ratings`).
Shown ratings include the inactivity growth of sigma up to the moment shown
(:func:`bot.ratings.idle`), so they are ranked in Python.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot import ratings as openskill
from bot.engine.outcome import Outcome
from bot.storage import sql
from bot.storage.backend import Row, Session, record_of
from bot.storage.base import RatedRecord, StorageBase

#: The leaderboard's default minimum of rated matches to be listed.
DEFAULT_MIN_GAMES = 5
#: How long a failed member look-up (404 Unknown Member, code 10007) hides a member from
#: leaderboards before they are looked up again, in seconds (one day). docs/PRIVACY.md.
DEPARTED_CACHE_SECONDS = 86_400.0
#: ``season`` of the standings of every season together.
ALL_TIME = None


@dataclass(frozen=True, slots=True)
class Season:
    """A server's season ``number`` (1, 2 ...; 0 is everything before the first),
    started at ``started_at`` (Unix seconds)."""

    guild_id: int
    number: int
    name: str
    started_at: float


@dataclass(frozen=True, slots=True)
class Ranked(RatedRecord):
    """A member's place in a season (or all-time). ``mu``/``sigma``: the rating shown
    (sigma grown by inactivity up to the time asked, :func:`bot.ratings.idle`);
    ``ordinal`` = ``mu - 3 sigma``; ``rank``: 1-based among the members listed (ordinal
    desc, mu desc, user id asc), 0 when not listed (too few matches, or gone)."""

    last_delta: float | None
    last_match_id: int | None
    last_played: float
    rank: int = 0

    @property
    def win_rate(self) -> float:
        """``100 * wins / matches`` (0.0 with no match)."""
        return self.wins * 100.0 / self.matches if self.matches else 0.0


class SeasonStore(StorageBase):
    """Seasons, the standings of a season or all-time, and who is listed."""

    async def current_season(self, guild_id: int) -> int:
        """The number of ``guild_id``'s current season (0 before its first)."""
        return int(await self.backend.fetchval(sql.SELECT_CURRENT_SEASON, (guild_id,)) or 0)

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, oldest first (season 0 is not listed)."""
        rows = await self.backend.fetchall(sql.SELECT_SEASONS, (guild_id,))
        return [Season(r["guild_id"], r["number"], r["name"], r["started_at"]) for r in rows]

    async def start_season(
        self,
        guild_id: int,
        name: str,
        now: float,
        started_by: int | None = None,
        *,
        after: int | None = None,
    ) -> Season | None:
        """Start the next season of ``guild_id`` (number = current + 1): from now on
        matches are rated in it, every member from the openskill prior. The season
        before keeps its standings.

        ``after``: start it only if the current season is still number ``after`` (0:
        none yet), else return ``None`` (compare-and-set: a confirmation clicked twice,
        or after another manager's new season, starts nothing)."""
        async with self.backend.transaction(("ratings", guild_id)) as tx:
            current = int(await tx.fetchval(sql.SELECT_CURRENT_SEASON, (guild_id,)) or 0)
            if after is not None and current != after:
                return None
            number = current + 1
            await tx.execute(sql.INSERT_SEASON, (guild_id, number, name, now, started_by))
        return Season(guild_id, number, name, now)

    async def standings(
        self,
        guild_id: int,
        season: int | None,
        now: float,
        *,
        min_games: int = 0,
        hidden: frozenset[int] | set[int] = frozenset(),
    ) -> list[Ranked]:
        """The members of season ``season`` (``None``: all-time) with at least
        ``min_games`` rated matches, not in ``hidden``, ranked (see :class:`Ranked`);
        ratings shown as at ``now`` (Unix seconds)."""
        rows = await self._rows(guild_id, season)
        listed = [
            _ranked(row, now)
            for row in rows
            if row["matches"] >= min_games and row["user_id"] not in hidden
        ]
        listed.sort(key=lambda r: (-r.ordinal, -r.mu, r.user_id))
        return [replace(r, rank=i + 1) for i, r in enumerate(listed)]

    async def standing(
        self, guild_id: int, season: int | None, user_id: int, now: float
    ) -> Ranked | None:
        """One member's standing in ``season`` (``None``: all-time) as at ``now``, rank
        0 (callers find it in :meth:`standings`); None if they have no rated match."""
        for row in await self._rows(guild_id, season):
            if row["user_id"] == user_id:
                return _ranked(row, now)
        return None

    async def _rows(self, guild_id: int, season: int | None) -> list[Row]:
        if season is None:
            return await self.backend.fetchall(sql.SELECT_ALL_TIME_RATINGS, (guild_id,))
        return await self.backend.fetchall(sql.SELECT_SEASON_RATINGS, (guild_id, season))

    # -- who is listed ---------------------------------------------------------------

    async def min_games(self, guild_id: int) -> int:
        """The server's minimum of rated matches to be on its leaderboard (default
        :data:`DEFAULT_MIN_GAMES`)."""
        found = await self.backend.fetchval(sql.SELECT_MIN_GAMES, (guild_id,))
        return DEFAULT_MIN_GAMES if found is None else int(found)

    async def set_min_games(self, guild_id: int, min_games: int) -> None:
        """Set the server's minimum (``>= 0``).

        Raises:
            ValueError: ``min_games`` is negative.
        """
        if min_games < 0:
            raise ValueError(f"min_games must be >= 0, got {min_games}")
        await self.backend.execute(sql.UPSERT_MIN_GAMES, (guild_id, min_games))

    async def departed(self, guild_id: int, now: float) -> set[int]:
        """Members of ``guild_id`` found gone less than :data:`DEPARTED_CACHE_SECONDS`
        before ``now``."""
        since = now - DEPARTED_CACHE_SECONDS
        rows = await self.backend.fetchall(sql.SELECT_DEPARTED, (guild_id, since))
        return {row["user_id"] for row in rows}

    async def mark_departed(self, guild_id: int, user_id: int, now: float) -> None:
        """Remember that ``user_id`` is not a member of ``guild_id`` (a 404 Unknown
        Member look-up, or GUILD_MEMBER_REMOVE) at ``now``."""
        await self.backend.execute(sql.UPSERT_DEPARTED, (guild_id, user_id, now))

    async def mark_present(self, guild_id: int, user_id: int) -> None:
        """Forget a departure of ``user_id`` (they were found a member again)."""
        await self.backend.execute(sql.DELETE_DEPARTED, (guild_id, user_id))

    # -- recomputing ---------------------------------------------------------------

    async def recompute_ratings(self, guild_id: int) -> int:
        """Rebuild ``ratings``, ``season_ratings`` and ``players`` (results between
        members) of ``guild_id`` from its rated match records, in the order they ended,
        with the same arithmetic as rating them one by one (:func:`bot.ratings.play`).
        A match with a seat of an erased member (a negative pseudonym,
        :mod:`bot.storage.privacy`) counts as it did for the opponent; the pseudonym
        itself gets no row. Returns the number of matches replayed."""
        async with self.backend.transaction(("ratings", guild_id)) as tx:
            return await recompute(tx, guild_id)


async def recompute(tx: Session, guild_id: int) -> int:
    """:meth:`SeasonStore.recompute_ratings` inside an open transaction ``tx``."""
    rows = await tx.fetchall(sql.SELECT_RATED_MATCHES, (guild_id,))
    all_time: dict[int, openskill.Standing] = {}
    by_season: dict[int, dict[int, openskill.Standing]] = {}
    replayed = 0
    for row in rows:
        players = (row["player0_id"], row["player1_id"])
        winner = None if row["result"] == Outcome.DRAW else players.index(row["winner_id"])
        played = openskill.Played(row["id"], players, winner, row["ended_at"])
        openskill.play(all_time, played)
        openskill.play(by_season.setdefault(row["season"], {}), played)
        replayed += 1
    for statement in (
        sql.DELETE_GUILD_RATINGS,
        sql.DELETE_GUILD_SEASON_RATINGS,
        sql.DELETE_GUILD_PLAYERS,
    ):
        await tx.execute(statement, (guild_id,))
    # An erased member's pseudonym (negative, bot.storage.privacy) plays its matches
    # again, so its opponents come out as they were rated, but keeps no row.
    for s in all_time.values():
        if s.user_id < 0:
            continue
        await tx.execute(
            sql.INSERT_RATING_ROW,
            (
                guild_id,
                s.user_id,
                s.skill.mu,
                s.skill.sigma,
                s.matches,
                s.last_delta,
                s.last_match_id,
                s.last_played,
            ),
        )
        await tx.execute(sql.INSERT_PLAYER_ROW, (guild_id, s.user_id, s.wins, s.losses, s.draws))
    for season, table in by_season.items():
        for s in table.values():
            if s.user_id < 0:
                continue
            await tx.execute(sql.UPSERT_SEASON_RATING, season_row(guild_id, season, s))
    return replayed


def season_row(guild_id: int, season: int, s: openskill.Standing) -> tuple[object, ...]:
    """The parameters of ``UPSERT_SEASON_RATING`` for standing ``s``."""
    return (
        guild_id,
        season,
        s.user_id,
        s.skill.mu,
        s.skill.sigma,
        s.matches,
        s.wins,
        s.losses,
        s.draws,
        s.last_delta,
        s.last_match_id,
        s.last_played,
    )


def standing_of(row: Row | None, user_id: int, ended_at: float) -> openskill.Standing:
    """The :class:`bot.ratings.Standing` a ``season_ratings`` row holds (the prior,
    last played ``ended_at``, when ``row`` is None)."""
    if row is None:
        return openskill.Standing(user_id, openskill.Skill(), last_played=ended_at)
    skill = openskill.Skill(row["mu"], row["sigma"])
    return record_of(openskill.Standing, row, user_id=user_id, skill=skill)


def _ranked(row: Row, now: float) -> Ranked:
    skill = openskill.idle(openskill.Skill(row["mu"], row["sigma"]), now - row["last_played"])
    return record_of(Ranked, row, mu=skill.mu, sigma=skill.sigma)
