"""Storage of Swiss tournaments (schema migration 6, ``sql.MIGRATION_6``).

Tables (every id a BIGINT snowflake, times DOUBLE PRECISION Unix seconds):

- ``tournaments``: one row per tournament: its settings (name, rounds or ``NULL`` for
  ⌈log2(n)⌉ fixed at start, round time limit, match options JSON, cut size 0 or 8), its
  random ``seed`` (round 1's shuffle), ``status`` (``signup`` → ``swiss`` → [``cut``]
  → ``finished``; or ``cancelled``), ``current_round`` and the sign-up message.
- ``tournament_players``: who signed up, their ``seed`` (position in round 1's random
  order: the last tie-break) and the drop flag with the round of the drop.
- ``tournament_rounds``: each round started: ``kind`` (``swiss``/``cut``), the ``seed``
  of that round's :class:`random.Random` (recorded), start, deadline, end, its pairing
  post and when that post was shown ended (``message_ended_at``, migration
  ``MIGRATION_ROUND_POSTS``).
- ``tournament_pairings``: each table: players (``player_b`` NULL = a bye), the match
  started for it, its ``outcome`` (``a``/``b``/``draw``, NULL while unfinished) and
  where it came from: ``match`` (the finished event), ``organizer`` (by hand),
  ``time`` (unfinished at the round's end: a draw), ``bye``.
- ``tournament_settings`` (migration 9, ``sql.MIGRATION_9``): a server's organizer role
  (``NULL`` or no row: only Manage Server organizes).

Every statement is portable between SQLite and PostgreSQL and runs through the dialect
seam (:class:`bot.storage.backend.Backend`); read-then-write changes take a lock key
``("tournament", id)``. State transitions are compare-and-set, so a repeated click or a
second process changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from bot.storage.base import StorageBase

Status = Literal["signup", "swiss", "cut", "finished", "cancelled"]
Source = Literal["match", "organizer", "time", "bye"]
#: Statuses of a tournament still in sign-up or play.
OPEN: tuple[Status, ...] = ("signup", "swiss", "cut")

_T_COLUMNS = """id, guild_id, channel_id, organizer_id, name, status, rounds, round_seconds,
options, cut, seed, current_round, signup_message_id, language, created_at, started_at,
ended_at"""

INSERT_TOURNAMENT = """
INSERT INTO tournaments (guild_id, channel_id, organizer_id, name, rounds, round_seconds,
                         options, cut, seed, language, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
RETURNING id
"""
SELECT_TOURNAMENT = f"SELECT {_T_COLUMNS} FROM tournaments WHERE id = ?"  # noqa: S608
SELECT_OPEN = f"""
SELECT {_T_COLUMNS} FROM tournaments
WHERE status IN ('signup', 'swiss', 'cut') ORDER BY id
"""  # noqa: S608
SELECT_OPEN_OF_GUILD = f"""
SELECT {_T_COLUMNS} FROM tournaments
WHERE guild_id = ? AND status IN ('signup', 'swiss', 'cut') ORDER BY id DESC
"""  # noqa: S608
SELECT_LATEST_OF_GUILD = f"""
SELECT {_T_COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT 1
"""  # noqa: S608
COUNT_OPEN_OF_GUILD = """
SELECT COUNT(*) FROM tournaments WHERE guild_id = ? AND status IN ('signup', 'swiss', 'cut')
"""
SET_SIGNUP_MESSAGE = "UPDATE tournaments SET signup_message_id = ? WHERE id = ?"
SET_STATUS = """
UPDATE tournaments SET status = ?, ended_at = ? WHERE id = ? AND status = ?
"""
START_TOURNAMENT = """
UPDATE tournaments SET status = 'swiss', rounds = ?, started_at = ?
WHERE id = ? AND status = 'signup'
"""
ADVANCE_ROUND = """
UPDATE tournaments SET current_round = ?, status = ? WHERE id = ? AND current_round = ?
"""
SELECT_ORGANIZER_ROLE = "SELECT organizer_role FROM tournament_settings WHERE guild_id = ?"
SET_ORGANIZER_ROLE = """
INSERT INTO tournament_settings (guild_id, organizer_role, updated_at) VALUES (?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET organizer_role = excluded.organizer_role,
                                     updated_at = excluded.updated_at
"""
INSERT_PLAYER = """
INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?, ?, ?)
ON CONFLICT (tournament_id, user_id) DO NOTHING
"""
DELETE_PLAYER = "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?"
COUNT_PLAYERS = "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?"
SELECT_PLAYERS = """
SELECT user_id, seed, joined_at, dropped, dropped_round FROM tournament_players
WHERE tournament_id = ? ORDER BY seed, joined_at, user_id
"""
SET_PLAYER_SEED = "UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?"
DROP_PLAYER = """
UPDATE tournament_players SET dropped = 1, dropped_round = ?
WHERE tournament_id = ? AND user_id = ? AND dropped = 0
"""
INSERT_ROUND = """
INSERT INTO tournament_rounds (tournament_id, number, kind, seed, started_at, deadline)
VALUES (?, ?, ?, ?, ?, ?)
"""
CLAIM_WARNING = """
UPDATE tournament_rounds SET warned_at = ?
WHERE tournament_id = ? AND number = ? AND warned_at IS NULL AND ended_at IS NULL
"""
SET_DEADLINE = "UPDATE tournament_rounds SET deadline = ? WHERE tournament_id = ? AND number = ?"
SELECT_ROUNDS = """
SELECT number, kind, seed, started_at, deadline, ended_at, message_id, message_ended_at
FROM tournament_rounds
WHERE tournament_id = ? ORDER BY number
"""
SET_ROUND_MESSAGE_ENDED = """
UPDATE tournament_rounds SET message_ended_at = ? WHERE tournament_id = ? AND number = ?
"""
SELECT_STALE_ROUND_POSTS = """
SELECT tournament_id, number FROM tournament_rounds
WHERE ended_at IS NOT NULL AND message_id IS NOT NULL AND message_ended_at IS NULL
ORDER BY tournament_id, number
"""
SET_ROUND_MESSAGE = """
UPDATE tournament_rounds SET message_id = ? WHERE tournament_id = ? AND number = ?
"""
END_ROUND = """
UPDATE tournament_rounds SET ended_at = ?
WHERE tournament_id = ? AND number = ? AND ended_at IS NULL
"""
INSERT_PAIRING = """
INSERT INTO tournament_pairings (tournament_id, round, table_no, player_a, player_b, outcome,
                                 source)
VALUES (?, ?, ?, ?, ?, ?, ?)
"""
SELECT_PAIRINGS = """
SELECT round, table_no, player_a, player_b, match_id, outcome, source FROM tournament_pairings
WHERE tournament_id = ? ORDER BY round, table_no
"""
SET_PAIRING_MATCH = """
UPDATE tournament_pairings SET match_id = ?
WHERE tournament_id = ? AND round = ? AND table_no = ?
"""
SET_RESULT_IF_OPEN = """
UPDATE tournament_pairings SET outcome = ?, source = ?
WHERE tournament_id = ? AND round = ? AND table_no = ? AND outcome IS NULL
"""
SET_RESULT = """
UPDATE tournament_pairings SET outcome = ?, source = ?
WHERE tournament_id = ? AND round = ? AND table_no = ? AND player_b IS NOT NULL
"""
SELECT_PAIRING_OF_MATCH = """
SELECT tournament_id, round, table_no FROM tournament_pairings WHERE match_id = ?
"""


@dataclass(frozen=True, slots=True)
class Tournament:
    """A row of ``tournaments``. ``rounds``: Swiss rounds (``None`` until the start fixes
    ⌈log2(n)⌉); ``round_seconds``: a round's time limit; ``options``: the matches'
    :class:`~bot.engine.BingoOptions` JSON; ``cut``: 0 (none) or the cut's wanted size;
    ``language``: the catalog code of its public posts."""

    id: int
    guild_id: int
    channel_id: int
    organizer_id: int
    name: str
    status: Status
    rounds: int | None
    round_seconds: float
    options: dict[str, Any]
    cut: int
    seed: int
    current_round: int
    signup_message_id: int | None
    language: str | None
    created_at: float
    started_at: float | None
    ended_at: float | None

    @property
    def open(self) -> bool:
        return self.status in OPEN


@dataclass(frozen=True, slots=True)
class Entry:
    """A row of ``tournament_players``: ``seed`` is the 0-based position in round 1's
    random order (``None`` before the start)."""

    user_id: int
    seed: int | None
    joined_at: float
    dropped: bool
    dropped_round: int | None


@dataclass(frozen=True, slots=True)
class Round:
    """A row of ``tournament_rounds``."""

    number: int
    kind: Literal["swiss", "cut"]
    seed: int
    started_at: float
    deadline: float
    ended_at: float | None
    message_id: int | None
    #: When the pairing post was edited to show the round ended (``None``: not yet).
    message_ended_at: float | None = None


class Seating(Protocol):
    """What :meth:`TournamentStore.begin_round` stores of a table: its two players (``b``
    ``None``: a bye for ``a``). ``bot.tournaments.Pairing`` is one."""

    @property
    def a(self) -> int: ...

    @property
    def b(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Table:
    """A row of ``tournament_pairings`` (``bot.tournaments.service`` turns it into the
    pure ``Pairing``)."""

    round: int
    table: int
    a: int
    b: int | None
    match_id: int | None
    outcome: Literal["a", "b", "draw"] | None
    source: Source | None


def _tournament(row: Any) -> Tournament:
    return Tournament(
        id=int(row["id"]), guild_id=int(row["guild_id"]), channel_id=int(row["channel_id"]),
        organizer_id=int(row["organizer_id"]), name=str(row["name"]), status=row["status"],
        rounds=None if row["rounds"] is None else int(row["rounds"]),
        round_seconds=float(row["round_seconds"]), options=json.loads(row["options"]),
        cut=int(row["cut"]), seed=int(row["seed"]), current_round=int(row["current_round"]),
        signup_message_id=None if row["signup_message_id"] is None
        else int(row["signup_message_id"]),
        language=row["language"], created_at=float(row["created_at"]),
        started_at=None if row["started_at"] is None else float(row["started_at"]),
        ended_at=None if row["ended_at"] is None else float(row["ended_at"]),
    )  # fmt: skip


def _table(row: Any) -> Table:
    return Table(
        round=int(row["round"]), table=int(row["table_no"]), a=int(row["player_a"]),
        b=None if row["player_b"] is None else int(row["player_b"]),
        match_id=None if row["match_id"] is None else int(row["match_id"]),
        outcome=row["outcome"], source=row["source"],
    )  # fmt: skip


class TournamentStore(StorageBase):
    """Tournaments on one database (see the module docstring)."""

    # -- tournaments ---------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organizer_id: int,
        name: str,
        rounds: int | None,
        round_seconds: float,
        options: dict[str, Any],
        cut: int,
        seed: int,
        language: str | None,
        now: float,
        per_guild: int,
    ) -> int | None:
        """Store a tournament in sign-up; its id, or ``None`` when the guild already has
        ``per_guild`` open ones (nothing stored)."""
        async with self.backend.transaction(("tournaments", guild_id)) as tx:
            if int(await tx.fetchval(COUNT_OPEN_OF_GUILD, (guild_id,))) >= per_guild:
                return None
            value = await tx.fetchval(
                INSERT_TOURNAMENT,
                (
                    guild_id, channel_id, organizer_id, name, rounds, float(round_seconds),
                    json.dumps(options, separators=(",", ":")), cut, seed, language, now,
                ),
            )  # fmt: skip
        return int(value)

    async def get(self, tournament_id: int) -> Tournament | None:
        row = await self.backend.fetchone(SELECT_TOURNAMENT, (tournament_id,))
        return None if row is None else _tournament(row)

    async def open_tournaments(self) -> list[Tournament]:
        """Every tournament in sign-up or play (all guilds), oldest first."""
        return [_tournament(r) for r in await self.backend.fetchall(SELECT_OPEN)]

    async def open_of_guild(self, guild_id: int) -> list[Tournament]:
        """The guild's tournaments in sign-up or play, newest first."""
        return [
            _tournament(r) for r in await self.backend.fetchall(SELECT_OPEN_OF_GUILD, (guild_id,))
        ]

    async def latest_of_guild(self, guild_id: int) -> Tournament | None:
        row = await self.backend.fetchone(SELECT_LATEST_OF_GUILD, (guild_id,))
        return None if row is None else _tournament(row)

    async def set_signup_message(self, tournament_id: int, message_id: int) -> None:
        await self.backend.execute(SET_SIGNUP_MESSAGE, (message_id, tournament_id))

    async def set_status(
        self, tournament_id: int, old: Status, new: Status, *, now: float | None = None
    ) -> bool:
        """Move ``old`` → ``new`` (compare-and-set; ``now`` stamps ``ended_at``)."""
        return await self.backend.execute(SET_STATUS, (new, now, tournament_id, old)) == 1

    # -- server settings -------------------------------------------------------------

    async def organizer_role(self, guild_id: int) -> int | None:
        """The id of the guild's organizer role ("Manage Server, or a role
        set in settings"), or ``None`` when none is set."""
        value = await self.backend.fetchval(SELECT_ORGANIZER_ROLE, (guild_id,))
        return None if value is None else int(value)

    async def set_organizer_role(self, guild_id: int, role_id: int | None, now: float) -> None:
        """Set the guild's organizer role (``None`` clears it); ``now`` in Unix seconds."""
        await self.backend.execute(SET_ORGANIZER_ROLE, (guild_id, role_id, now))

    # -- players -------------------------------------------------------------------

    async def join(self, tournament_id: int, user_id: int, now: float, *, limit: int) -> str:
        """Sign ``user_id`` up: ``"joined"``, ``"already"``, ``"full"`` (``limit``
        players) or ``"closed"`` (not in sign-up)."""
        async with self.backend.transaction(("tournament", tournament_id)) as tx:
            row = await tx.fetchone(SELECT_TOURNAMENT, (tournament_id,))
            if row is None or row["status"] != "signup":
                return "closed"
            if int(await tx.fetchval(COUNT_PLAYERS, (tournament_id,))) >= limit:
                return "full"
            changed = await tx.execute(INSERT_PLAYER, (tournament_id, user_id, now))
        return "joined" if changed == 1 else "already"

    async def leave(self, tournament_id: int, user_id: int) -> str:
        """Withdraw a sign-up: ``"left"``, ``"absent"`` or ``"closed"``."""
        async with self.backend.transaction(("tournament", tournament_id)) as tx:
            row = await tx.fetchone(SELECT_TOURNAMENT, (tournament_id,))
            if row is None or row["status"] != "signup":
                return "closed"
            changed = await tx.execute(DELETE_PLAYER, (tournament_id, user_id))
        return "left" if changed == 1 else "absent"

    async def players(self, tournament_id: int) -> list[Entry]:
        """Everyone signed up, in seed order once started (sign-up order before)."""
        rows = await self.backend.fetchall(SELECT_PLAYERS, (tournament_id,))
        return [
            Entry(int(r["user_id"]), None if r["seed"] is None else int(r["seed"]),
                  float(r["joined_at"]), bool(r["dropped"]),
                  None if r["dropped_round"] is None else int(r["dropped_round"]))
            for r in rows
        ]  # fmt: skip

    async def drop(self, tournament_id: int, user_id: int, round_number: int) -> bool:
        """Drop a player (they are paired no more; their results stay). ``False`` if not
        a player or already dropped."""
        changed = await self.backend.execute(DROP_PLAYER, (round_number, tournament_id, user_id))
        return changed == 1

    # -- rounds --------------------------------------------------------------------

    async def start(
        self, tournament_id: int, rounds: int, seeds: Sequence[int], now: float
    ) -> bool:
        """Close sign-up: fix the number of Swiss ``rounds`` and the seed order
        (``seeds``: user ids, round 1's random order). ``False`` if no longer in sign-up."""
        async with self.backend.transaction(("tournament", tournament_id)) as tx:
            if await tx.execute(START_TOURNAMENT, (rounds, now, tournament_id)) != 1:
                return False
            for position, user_id in enumerate(seeds):
                await tx.execute(SET_PLAYER_SEED, (position, tournament_id, user_id))
        return True

    async def begin_round(
        self,
        tournament_id: int,
        number: int,
        *,
        kind: Literal["swiss", "cut"],
        seed: int,
        now: float,
        deadline: float,
        tables: Sequence[Seating],
    ) -> bool:
        """Store round ``number`` with its tables (a bye is stored won, source ``bye``)
        and make it current, all in one transaction; ``False`` (nothing stored) unless
        the current round is ``number - 1``: a repeated end-of-round starts nothing."""
        status: Status = "cut" if kind == "cut" else "swiss"
        async with self.backend.transaction(("tournament", tournament_id)) as tx:
            moved = await tx.execute(ADVANCE_ROUND, (number, status, tournament_id, number - 1))
            if moved != 1:
                return False
            await tx.execute(INSERT_ROUND, (tournament_id, number, kind, seed, now, deadline))
            for index, pairing in enumerate(tables, start=1):
                bye = pairing.b is None
                await tx.execute(
                    INSERT_PAIRING,
                    (tournament_id, number, index, pairing.a, pairing.b,
                     "a" if bye else None, "bye" if bye else None),
                )  # fmt: skip
        return True

    async def rounds(self, tournament_id: int) -> list[Round]:
        rows = await self.backend.fetchall(SELECT_ROUNDS, (tournament_id,))
        return [
            Round(int(r["number"]), r["kind"], int(r["seed"]), float(r["started_at"]),
                  float(r["deadline"]), None if r["ended_at"] is None else float(r["ended_at"]),
                  None if r["message_id"] is None else int(r["message_id"]),
                  None if r["message_ended_at"] is None else float(r["message_ended_at"]))
            for r in rows
        ]  # fmt: skip

    async def claim_warning(self, tournament_id: int, number: int, now: float) -> bool:
        """Mark round ``number``'s time warning sent (compare-and-set, migration
        ``MIGRATION_CONSENT``): ``True`` for the one caller that should send it."""
        return await self.backend.execute(CLAIM_WARNING, (now, tournament_id, number)) == 1

    async def set_deadline(self, tournament_id: int, number: int, deadline: float) -> None:
        """Move round ``number``'s time limit (Unix seconds)."""
        await self.backend.execute(SET_DEADLINE, (deadline, tournament_id, number))

    async def set_round_message(self, tournament_id: int, number: int, message_id: int) -> None:
        await self.backend.execute(SET_ROUND_MESSAGE, (message_id, tournament_id, number))

    async def set_round_message_ended(self, tournament_id: int, number: int, now: float) -> None:
        """Record that round ``number``'s pairing post shows it ended (``now``: Unix s)."""
        await self.backend.execute(SET_ROUND_MESSAGE_ENDED, (now, tournament_id, number))

    async def stale_round_posts(self) -> list[tuple[int, int]]:
        """``(tournament id, round)`` of every ended round whose pairing post does not
        show it ended yet (the process stopped in between, or Discord refused the edit)."""
        rows = await self.backend.fetchall(SELECT_STALE_ROUND_POSTS)
        return [(int(r["tournament_id"]), int(r["number"])) for r in rows]

    async def end_round(self, tournament_id: int, number: int, now: float) -> bool:
        """Mark round ``number`` ended (compare-and-set: ``False`` if it already was)."""
        return await self.backend.execute(END_ROUND, (now, tournament_id, number)) == 1

    # -- tables --------------------------------------------------------------------

    async def tables(self, tournament_id: int) -> list[Table]:
        """Every table of every round, in order."""
        rows = await self.backend.fetchall(SELECT_PAIRINGS, (tournament_id,))
        return [_table(r) for r in rows]

    async def set_match(
        self, tournament_id: int, round_number: int, table: int, match_id: int
    ) -> None:
        await self.backend.execute(
            SET_PAIRING_MATCH, (match_id, tournament_id, round_number, table)
        )

    async def record(
        self,
        tournament_id: int,
        round_number: int,
        table: int,
        outcome: Literal["a", "b", "draw"],
        source: Source,
        *,
        overwrite: bool = False,
    ) -> bool:
        """Record a table's result. Without ``overwrite`` only an unfinished table changes
        (a finished match's event and the end of the round cannot both count); the
        organizer overwrites (a correction). Byes never change. ``True`` if it changed."""
        statement = SET_RESULT if overwrite else SET_RESULT_IF_OPEN
        params = (outcome, source, tournament_id, round_number, table)
        return await self.backend.execute(statement, params) == 1

    async def table_of_match(self, match_id: int) -> tuple[int, int, int] | None:
        """``(tournament id, round, table)`` of the table ``match_id`` was started for."""
        row = await self.backend.fetchone(SELECT_PAIRING_OF_MATCH, (match_id,))
        if row is None:
            return None
        return (int(row["tournament_id"]), int(row["round"]), int(row["table_no"]))
