"""The global ladder (``ladder_members``, migration ``MIGRATION_LADDER``; docs/ladder.md).

``ladder_members`` holds one row per member who joined the ladder: the ``name`` they
chose (listed instead of their Discord name, to members of every server) and its
``name_key`` (unique: :func:`bot.ladder.name_key`), and when they joined. Leaving deletes
the row, so the name is no longer stored.

**Ratings.** The ladder holds no rating of its own: it lists, among the members who
joined, ratings from queue matches only (``matches.kind = 'queue'``). All-time, that is
``queue_ratings`` (openskill, each match rated after the sigma of both members grew with
their idle time, :func:`bot.ratings.play`), shown with the idle time up to the moment
shown (:func:`bot.ratings.idle`), as the servers' ratings are. A season's standings are
computed again from the queue matches that ended within it, each member starting from
the openskill prior, with the same arithmetic (:func:`bot.ratings.standings`), as a
server season restarts its ratings. An erased member's seat (a negative pseudonym,
:mod:`bot.storage.privacy`) plays its matches, so its opponents come out as they were
rated, but is never listed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot import ladder as rules
from bot import ratings as openskill
from bot.engine.outcome import Outcome
from bot.storage.base import RatedRecord, StorageBase

SELECT_MEMBER = "SELECT user_id, name, name_key, joined_at FROM ladder_members WHERE user_id = ?"
SELECT_MEMBERS = "SELECT user_id, name, name_key, joined_at FROM ladder_members"
SELECT_KEY_HOLDER = "SELECT user_id FROM ladder_members WHERE name_key = ?"
UPSERT_MEMBER = """
INSERT INTO ladder_members (user_id, name, name_key, joined_at) VALUES (?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key
"""
DELETE_MEMBER = "DELETE FROM ladder_members WHERE user_id = ?"
# Rated queue matches (a result: a win or a draw) that ended in [start, end).
SELECT_SEASON_MATCHES = """
SELECT id, player0_id, player1_id, result, winner_id, ended_at FROM matches
WHERE kind = 'queue' AND status = 'finished' AND result IS NOT NULL
  AND ended_at >= ? AND ended_at < ?
ORDER BY ended_at, id
"""
SELECT_MEMBER_QUEUE_ENDS = """
SELECT ended_at FROM matches
WHERE kind = 'queue' AND status = 'finished' AND result IS NOT NULL
  AND (player0_id = ? OR player1_id = ?)
"""
SELECT_QUEUE_RATINGS = """
SELECT user_id, mu, sigma, matches, wins, losses, draws, last_played FROM queue_ratings
"""

#: (season start, end) → the match rows last played into its table, in order, and the
#: table (this process only; :meth:`LadderStore.season_table`).
_TABLES: dict[tuple[float, float], tuple[list[tuple[Any, ...]], dict[int, openskill.Standing]]]
_TABLES = {}
#: How many seasons' tables are kept (the current one, and a few past ones being read).
_TABLES_KEPT = 4


@dataclass(frozen=True, slots=True)
class LadderMember:
    """A member on the ladder: the ``name`` they chose, its ``name_key``, and when they
    joined (Unix seconds)."""

    user_id: int
    name: str
    name_key: str
    joined_at: float


@dataclass(frozen=True, slots=True)
class LadderRanked(RatedRecord):
    """A member's place on the ladder: their chosen ``name``, the rating shown
    (``mu``/``sigma``, sigma grown by idle time up to the moment asked), their record
    and ``rank`` (1-based: ordinal desc, mu desc, user id asc)."""

    name: str
    last_played: float
    rank: int


class NameTaken(Exception):
    """:meth:`LadderStore.join`: another member holds a name with the same key."""


class LadderStore(StorageBase):
    """Who is on the ladder, under which name, and the ladder's standings."""

    async def join(self, user_id: int, name: str, key: str, now: float) -> bool:
        """Put ``user_id`` on the ladder as ``name`` (``key``: its
        :func:`bot.ladder.name_key`), or rename them if they are on it already (their
        ``joined_at`` stays). Returns whether they were on it before.

        Raises:
            NameTaken: another member's name has the same key; nothing changed.
        """
        async with self.backend.transaction(("ladder-names", 0)) as tx:
            holder = await tx.fetchval(SELECT_KEY_HOLDER, (key,))
            if holder is not None and int(holder) != user_id:
                raise NameTaken(name)
            before = await tx.fetchone(SELECT_MEMBER, (user_id,))
            await tx.execute(UPSERT_MEMBER, (user_id, name, key, now))
        return before is not None

    async def leave(self, user_id: int) -> bool:
        """Take ``user_id`` off the ladder (their name is deleted). Whether they were on it."""
        return await self.backend.execute(DELETE_MEMBER, (user_id,)) > 0

    async def ladder_member(self, user_id: int) -> LadderMember | None:
        """``user_id``'s ladder entry, or ``None`` (not on the ladder)."""
        row = await self.backend.fetchone(SELECT_MEMBER, (user_id,))
        return None if row is None else LadderMember(**dict(row))

    async def ladder_members(self) -> dict[int, LadderMember]:
        """Every member on the ladder, by user id."""
        rows = await self.backend.fetchall(SELECT_MEMBERS)
        return {int(r["user_id"]): LadderMember(**dict(r)) for r in rows}

    async def season_table(self, start: float, end: float) -> dict[int, openskill.Standing]:
        """Every member's standing from the rated queue matches that ended in
        ``[start, end)`` (Unix seconds), from the openskill prior, in the order they
        ended (erased members' pseudonyms included). The caller must not change it.

        Rating is the slow part (openskill: about 0.3 ms a match), so this process keeps
        the last table of each season (:data:`_TABLES`) with the matches it played: when
        the matches read now start with those (the usual case: more matches ended since),
        only the new ones are played, on a copy; otherwise (an erasure changed a seat)
        the season is played again from the prior. Every read sees the database as it is."""
        rows = [tuple(r) for r in await self.backend.fetchall(SELECT_SEASON_MATCHES, (start, end))]
        cached = _TABLES.get((start, end))
        if cached is not None and rows[: len(cached[0])] == cached[0]:
            done, old = cached
            table = {uid: replace(s) for uid, s in old.items()}
        else:
            done, table = [], {}
        for match_id, first, second, result, winner_id, ended_at in rows[len(done) :]:
            players = (int(first), int(second))
            winner = None if result == Outcome.DRAW else players.index(int(winner_id))
            openskill.play(table, openskill.Played(int(match_id), players, winner, float(ended_at)))
        _TABLES[(start, end)] = (rows, table)
        while len(_TABLES) > _TABLES_KEPT:
            _TABLES.pop(next(iter(_TABLES)))
        return table  # never changed afterwards: a later read plays on a copy

    async def all_time_table(self) -> dict[int, openskill.Standing]:
        """Every member's all-time rating from queue matches (``queue_ratings``)."""
        rows = await self.backend.fetchall(SELECT_QUEUE_RATINGS)
        return {
            int(r["user_id"]): openskill.Standing(
                int(r["user_id"]),
                openskill.Skill(r["mu"], r["sigma"]),
                matches=r["matches"],
                wins=r["wins"],
                losses=r["losses"],
                draws=r["draws"],
                last_played=r["last_played"],
            )  # fmt: skip
            for r in rows
        }

    async def ladder_standings(
        self, season: tuple[float, float] | None, at: float
    ) -> list[LadderRanked]:
        """The ladder: members who joined and have a rated queue match in ``season``
        (``(start, end)`` Unix seconds; ``None``: all-time), ranked by ordinal, their
        ratings shown as at ``at`` (Unix seconds: now, or a past season's end)."""
        table = await (self.all_time_table() if season is None else self.season_table(*season))
        members = await self.ladder_members()
        return rank(table, members, at)

    async def queue_match_ends(self, user_id: int) -> list[float]:
        """When each rated queue match of ``user_id`` ended (Unix seconds, unordered)."""
        rows = await self.backend.fetchall(SELECT_MEMBER_QUEUE_ENDS, (user_id, user_id))
        return [float(r["ended_at"]) for r in rows]

    async def season_standing(
        self, season: rules.LadderSeason, user_id: int, now: float
    ) -> tuple[openskill.Standing | None, openskill.Skill | None]:
        """``user_id``'s standing in ladder ``season`` and their rating shown (as at
        ``now``, or at the season's end once it is over), or ``(None, None)``."""
        found = (await self.season_table(season.start, season.end)).get(user_id)
        if found is None:
            return None, None
        return found, openskill.shown(found.skill, found.last_played, min(now, season.end))

    async def export_ladder(self, user_id: int, now: float) -> dict[str, Any] | None:
        """``user_id``'s ladder entry as exported (``None``: not on the ladder): ``name``,
        ``joined_at`` (Unix seconds: the caller formats it), and ``seasons``, one per
        ladder season with a rated queue match of theirs (``season``, ``year``,
        ``quarter``, ``mu``, ``sigma``, ``ordinal``, ``matches``, ``wins``, ``losses``,
        ``draws``, ``rank`` among the members listed then)."""
        member = await self.ladder_member(user_id)
        if member is None:
            return None
        numbers = sorted(
            {rules.season_at(ended).number for ended in await self.queue_match_ends(user_id)}
        )
        seasons = []
        for number in numbers:
            season = rules.season(number)
            at = min(now, season.end)
            ranked = await self.ladder_standings((season.start, season.end), at)
            own = next((r for r in ranked if r.user_id == user_id), None)
            if own is None:
                continue
            seasons.append(
                {"season": number, "year": season.year, "quarter": season.quarter,
                 "mu": own.mu, "sigma": own.sigma, "ordinal": own.ordinal,
                 "matches": own.matches, "wins": own.wins, "losses": own.losses,
                 "draws": own.draws, "rank": own.rank}
            )  # fmt: skip
        return {"name": member.name, "joined_at": member.joined_at, "seasons": seasons}


def rank(
    table: dict[int, openskill.Standing], members: dict[int, LadderMember], at: float
) -> list[LadderRanked]:
    """The standings of ``table`` of the members in ``members`` with a match, shown as
    at ``at`` (:func:`bot.ratings.shown`), ranked (see :class:`LadderRanked`)."""
    listed = []
    for user_id, member in members.items():
        s = table.get(user_id)
        if s is None or s.matches == 0:
            continue
        skill = openskill.shown(s.skill, s.last_played, at)
        listed.append(LadderRanked(
            user_id=user_id, name=member.name, mu=skill.mu, sigma=skill.sigma,
            matches=s.matches, wins=s.wins, losses=s.losses, draws=s.draws,
            last_played=s.last_played, rank=0,
        ))  # fmt: skip
    listed.sort(key=lambda r: (-r.ordinal, -r.mu, r.user_id))
    return [replace(r, rank=i + 1) for i, r in enumerate(listed)]
