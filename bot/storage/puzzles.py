"""Stored puzzles (schema migration ``MIGRATION_PUZZLES``; docs/puzzles.md).

- ``puzzles``: one row per puzzle (:class:`PuzzleRecord`): where it comes from (a match
  of this database, or a match the bot played against itself, shipped with the bot), the
  match's seed, options and decisions (enough to rebuild the position and to replay the
  match), the mined figures as JSON (``bot.ai.puzzles.MinedPuzzle.to_json``; storage does
  not read them but for ``lost``) and the puzzle's Glicko-2 rating.
- ``puzzle_attempts``: a member's first answer to a puzzle, the one that is rated
  (:class:`Attempt`).
- ``puzzle_players``: a member's puzzle rating and their streak of UTC days with a
  puzzle solved (:class:`PuzzlePlayer`).
- ``puzzle_mined``: the analysed matches already mined, so a start-up mines only the rest.
- ``puzzle_days``: each server's puzzle of the day (:class:`PuzzleDay`) and its post.

A puzzle of a match goes with the match (``/privacy delete`` of a member deletes their
matches against the bot, and the puzzles of their own decisions in matches kept for their
opponents; the purge of a server deletes its puzzles): bot/storage/queries/privacy.py.
Every statement is portable between SQLite and PostgreSQL; each change of several rows is
one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.ratings import Glicko, rate_attempt
from bot.storage import sql
from bot.storage.backend import record_of
from bot.storage.base import StorageBase, encode_json
from bot.storage.privacy import is_erased

#: ``PuzzleRecord.source`` of a puzzle of a match of this database.
MATCH = "match"
#: ``PuzzleRecord.source`` of a puzzle of a match the bot played against itself.
SELFPLAY = "selfplay"
#: Where a member's next puzzle came from (:meth:`PuzzleStore.next_puzzle`).
KINDS = ("own", "server", "selfplay")
#: The puzzles of the bot's matches against itself that ship with it (made by
#: ``python -m benchmarks.puzzles --write``; docs/puzzles.md).
SELFPLAY_FILE = Path(__file__).parent / "data" / "selfplay_puzzles.json"


def read_selfplay_file(path: Path = SELFPLAY_FILE) -> list[dict[str, Any]]:
    """The entries of the shipped self-play puzzles (``puzzles`` of the JSON file at
    ``path``; see :meth:`PuzzleStore.load_selfplay`); none when the file is missing.
    Raises ``ValueError`` for a file that is not such JSON."""
    if not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ValueError(f"{path} holds no list of puzzles")
    return entries


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A stored puzzle. ``source``: :data:`MATCH` (``match_id`` and ``guild_id`` set;
    ``user_id`` the member who decided, ``None`` for the bot's seat) or :data:`SELFPLAY`
    (``levels``: the bot's level in each seat). ``index``: the decision (0-based) of
    seat ``player`` in the match of ``seed``, ``options`` (a ``BingoOptions`` JSON dict)
    and ``history`` (every decision of the match). ``data``: the mined figures (a
    ``MinedPuzzle`` JSON dict); ``lost``: the win chance the move played lost (0..1).
    ``rating``: its Glicko-2 rating; ``attempts`` and ``solved``: first answers counted."""

    id: int
    source: str
    match_id: int | None
    guild_id: int | None
    user_id: int | None
    index: int
    player: int
    seed: int
    options: dict[str, Any]
    history: list[list[Any]]
    levels: list[str] | None
    method: int
    data: dict[str, Any]
    lost: float
    rating: Glicko
    attempts: int
    solved: int


@dataclass(frozen=True, slots=True)
class NewPuzzle:
    """A puzzle to store (:meth:`PuzzleStore.save_mined`, :meth:`PuzzleStore.load_selfplay`):
    ``index`` and ``player`` of the decision, the ``data`` mined (a ``MinedPuzzle`` JSON
    dict, with its ``chances`` as ``[action, chance]`` pairs, ``best`` and ``chosen``) and
    the ``method`` (``bot.ai.puzzles.VERSION``) that mined it."""

    index: int
    player: int
    data: dict[str, Any]
    method: int

    @property
    def lost(self) -> float:
        """The win chance the move played lost against the best (0..1)."""
        chances = {str(a): float(c) for a, c in self.data["chances"]}
        return max(0.0, chances[self.data["best"]] - chances[self.data["chosen"]])


@dataclass(frozen=True, slots=True)
class PuzzlePlayer:
    """A member's puzzle rating (:class:`bot.ratings.Glicko`), first answers
    (``attempts``) and how many were right (``solved``), and their streak: ``streak`` UTC
    days in a row with a puzzle solved, ending on ``last_day`` (``None``: never),
    ``streak_best`` the longest."""

    user_id: int
    rating: Glicko = Glicko()
    attempts: int = 0
    solved: int = 0
    streak: int = 0
    streak_best: int = 0
    last_day: int | None = None

    def current_streak(self, today: int) -> int:
        """The streak as of day ``today``: it still runs when the last day solved was
        today or yesterday (today's may still come); otherwise 0."""
        if self.last_day is None or today - self.last_day > 1:
            return 0
        return self.streak

    def after(self, solved: bool, day: int) -> tuple[int, int, int | None]:
        """``(streak, streak_best, last_day)`` once a first answer on ``day`` is
        ``solved`` or not: a solved day after the last one extends the streak (a day
        missed starts it again at 1); a wrong answer or a second puzzle on the same day
        changes nothing."""
        if not solved or self.last_day == day:
            return self.streak, self.streak_best, self.last_day
        streak = self.streak + 1 if self.last_day == day - 1 else 1
        return streak, max(self.streak_best, streak), day


@dataclass(frozen=True, slots=True)
class Attempt:
    """A member's answer to a puzzle: the ``action`` they chose, whether it was the
    best (``solved``), their rating before and after (equal when not ``rated``), the UTC
    ``day`` and when (Unix seconds). ``first``: this answer is the first (stored and
    rated); a later one is graded but neither stored nor rated. ``player``: their
    puzzle standing after it; ``puzzle_rating``: the puzzle's rating after it."""

    puzzle_id: int
    user_id: int
    action: str
    solved: bool
    rating_before: float
    rating_after: float
    day: int
    answered_at: float
    first: bool
    player: PuzzlePlayer
    puzzle_rating: float


@dataclass(frozen=True, slots=True)
class PuzzleDay:
    """A server's puzzle of ``day`` (a UTC day number) and its post, if posted."""

    guild_id: int
    day: int
    puzzle_id: int
    channel_id: int | None
    message_id: int | None


def _record(row: Any) -> PuzzleRecord:
    levels = row["levels"]
    return record_of(
        PuzzleRecord,
        row,
        index=row["decision_index"],
        options=json.loads(row["options"]),
        history=json.loads(row["history"]),
        levels=None if levels is None else json.loads(levels),
        data=json.loads(row["data"]),
        rating=Glicko(row["rating"], row["rd"], row["volatility"]),
    )


def _player(row: Any, user_id: int) -> PuzzlePlayer:
    if row is None:
        return PuzzlePlayer(user_id)
    rating = Glicko(row["rating"], row["rd"], row["volatility"])
    return record_of(PuzzlePlayer, row, user_id=user_id, rating=rating)


class PuzzleStore(StorageBase):
    """Puzzles, answers, ratings and days (see the module docstring)."""

    # -- puzzles ---------------------------------------------------------------------

    async def save_mined(
        self, match_id: int, method: int, found: list[NewPuzzle], now: float
    ) -> list[int]:
        """Keep the puzzles mined from match ``match_id`` by puzzle method ``method``
        and mark the match mined, in one transaction; the new puzzles' ids. The match's
        seed, options, decisions, server and players are read in that transaction: a
        match erased meanwhile gives nothing; a decision of a seat whose member was erased
        (a pseudonym, docs/PRIVACY.md) is left out; the bot's seat has no member. A
        puzzle already stored (the same match and decision) is kept as it was."""
        ids: list[int] = []
        async with self.backend.transaction(("puzzles-mined", match_id)) as tx:
            row = await tx.fetchone(sql.SELECT_MATCH_ROW_FOR_PUZZLES, (match_id,))
            if row is None:
                return []
            players = (row["player0_id"], row["player1_id"])
            for puzzle in found:
                seat = puzzle.player
                if row["ai_seat"] == seat:
                    user_id = None
                elif is_erased(players[seat]):
                    continue
                else:
                    user_id = players[seat]
                key = f"{MATCH}:{match_id}:{puzzle.index}"
                start = Glicko()
                await tx.execute(
                    sql.INSERT_PUZZLE,
                    (
                        MATCH, key, match_id, row["guild_id"], user_id, puzzle.index, seat,
                        row["seed"], row["options"], row["decisions"], None, puzzle.method,
                        encode_json(puzzle.data), puzzle.lost, start.rating, start.rd,
                        start.volatility, now,
                    ),
                )  # fmt: skip
                found_id = await tx.fetchval(sql.SELECT_PUZZLE_ID_BY_KEY, (key,))
                ids.append(int(found_id))
            await tx.execute(sql.INSERT_MINED, (match_id, method, len(ids), now))
        return ids

    async def unmined_matches(self, analysis_method: int, method: int) -> list[int]:
        """Matches analysed by ``analysis_method`` and not mined by puzzle ``method``
        yet, oldest first."""
        rows = await self.backend.fetchall(sql.SELECT_UNMINED, (analysis_method, method))
        return [row["match_id"] for row in rows]

    async def load_selfplay(self, entries: list[dict[str, Any]], now: float) -> int:
        """Store the shipped self-play puzzles not stored yet (each entry: ``seed``,
        ``levels``, ``history``, ``index``, ``player``, ``method``, ``data``, as
        ``benchmarks.puzzles --write`` makes them); how many were new."""
        added = 0
        async with self.backend.transaction(("puzzles-selfplay",)) as tx:
            for entry in entries:
                found = NewPuzzle(
                    int(entry["index"]), int(entry["player"]), entry["data"], int(entry["method"])
                )
                key = f"{SELFPLAY}:{int(entry['seed'])}:{found.index}"
                start = Glicko()
                added += await tx.execute(
                    sql.INSERT_PUZZLE,
                    (
                        SELFPLAY, key, None, None, None, found.index, found.player,
                        int(entry["seed"]), encode_json(entry.get("options") or {}),
                        encode_json(entry["history"]), encode_json(list(entry["levels"])),
                        found.method, encode_json(found.data), found.lost, start.rating,
                        start.rd, start.volatility, now,
                    ),
                )  # fmt: skip
        return added

    async def puzzle(self, puzzle_id: int) -> PuzzleRecord | None:
        """The puzzle ``puzzle_id``, or ``None`` (never stored, or deleted with its
        match)."""
        row = await self.backend.fetchone(sql.SELECT_PUZZLE, (puzzle_id,))
        return None if row is None else _record(row)

    async def match_puzzles(self, match_id: int) -> list[PuzzleRecord]:
        """The puzzles of match ``match_id``, by decision."""
        rows = await self.backend.fetchall(sql.SELECT_MATCH_PUZZLES, (match_id,))
        return [_record(row) for row in rows]

    async def next_puzzle(
        self, user_id: int, guild_id: int | None
    ) -> tuple[PuzzleRecord, str] | None:
        """The member's next puzzle and where it comes from (:data:`KINDS`): their own
        mistakes first (the newest match first, then the costliest mistake), then, in a
        server, its puzzles (the nearest to their rating first), then the bot's
        self-play puzzles (the nearest first). Only puzzles they never answered;
        ``None`` when none is left."""
        rating = (await self.player(user_id)).rating.rating
        b = self.backend
        row = await b.fetchone(sql.SELECT_NEXT_OWN, (user_id, user_id))
        if row is not None:
            return _record(row), "own"
        if guild_id is not None:
            row = await b.fetchone(sql.SELECT_NEXT_SERVER, (guild_id, user_id, user_id, rating))
            if row is not None:
                return _record(row), "server"
        row = await b.fetchone(sql.SELECT_NEXT_SELFPLAY, (user_id, rating))
        if row is not None:
            return _record(row), "selfplay"
        return None

    async def selfplay_count(self) -> int:
        """How many self-play puzzles are stored."""
        return int(await self.backend.fetchval(sql.COUNT_SELFPLAY, ()))

    # -- answers ---------------------------------------------------------------------

    async def player(self, user_id: int) -> PuzzlePlayer:
        """The member's puzzle standing (the starting one if they never answered)."""
        row = await self.backend.fetchone(sql.SELECT_PUZZLE_PLAYER, (user_id,))
        return _player(row, user_id)

    async def attempt_of(self, puzzle_id: int, user_id: int) -> Attempt | None:
        """The member's stored (first) answer to the puzzle, or ``None``."""
        row = await self.backend.fetchone(sql.SELECT_ATTEMPT, (puzzle_id, user_id))
        if row is None:
            return None
        player = await self.player(user_id)
        puzzle = await self.puzzle(puzzle_id)
        return _attempt(row, player, puzzle.rating.rating if puzzle else 0.0, first=True)

    async def answer(
        self, puzzle_id: int, user_id: int, action: str, solved: bool, day: int, now: float
    ) -> Attempt | None:
        """Record the member's answer ``action`` to puzzle ``puzzle_id`` (``solved``:
        it was the best move) on UTC ``day`` at ``now`` (Unix seconds), in one
        transaction: the first answer is stored, and rates both the member and the
        puzzle (:func:`bot.ratings.rate_attempt`) and, solved, extends the member's
        streak (:meth:`PuzzlePlayer.after`); a later answer changes nothing (returned
        with ``first`` False). ``None`` when the puzzle is gone (deleted with its
        match)."""
        keys = (("puzzle-player", user_id), ("puzzle", puzzle_id))
        async with self.backend.transaction(*keys) as tx:
            found = await tx.fetchone(sql.SELECT_PUZZLE, (puzzle_id,))
            if found is None:
                return None
            puzzle = _record(found)
            player = _player(await tx.fetchone(sql.SELECT_PUZZLE_PLAYER, (user_id,)), user_id)
            if await tx.fetchone(sql.SELECT_ATTEMPT, (puzzle_id, user_id)) is not None:
                rating = player.rating.rating
                return Attempt(
                    puzzle_id, user_id, action, solved, rating, rating, day, now,
                    first=False, player=player, puzzle_rating=puzzle.rating.rating,
                )  # fmt: skip
            new_rating, new_puzzle = rate_attempt(player.rating, puzzle.rating, solved)
            streak, best, last_day = player.after(solved, day)
            after = PuzzlePlayer(
                user_id,
                new_rating,
                attempts=player.attempts + 1,
                solved=player.solved + int(solved),
                streak=streak,
                streak_best=best,
                last_day=last_day,
            )
            await tx.execute(
                sql.UPSERT_PUZZLE_PLAYER,
                (
                    user_id, new_rating.rating, new_rating.rd, new_rating.volatility,
                    after.attempts, after.solved, streak, best, last_day, now,
                ),
            )  # fmt: skip
            await tx.execute(
                sql.UPDATE_PUZZLE_RATING,
                (new_puzzle.rating, new_puzzle.rd, new_puzzle.volatility, int(solved), puzzle_id),
            )
            await tx.execute(
                sql.INSERT_ATTEMPT,
                (
                    puzzle_id, user_id, action, int(solved), player.rating.rating,
                    new_rating.rating, day, now,
                ),
            )  # fmt: skip
        return Attempt(
            puzzle_id, user_id, action, solved, player.rating.rating, new_rating.rating, day,
            now, first=True, player=after, puzzle_rating=new_puzzle.rating,
        )  # fmt: skip

    # -- the puzzle of the day -----------------------------------------------------------

    async def day_puzzle(self, guild_id: int, day: int, pick: int) -> PuzzleDay | None:
        """The server's puzzle of UTC ``day``, chosen now if it has none: one of the
        server's puzzles never shown on a day before, else one of the self-play puzzles
        never shown there, else any of them again; which one by ``pick`` (a seed: the
        ``pick % n``-th). Kept once chosen (two processes choosing at once keep the
        first). ``None`` when there is no puzzle at all. A day whose puzzle was deleted
        (with its match) gets another."""
        async with self.backend.transaction(("puzzle-day", guild_id, day)) as tx:
            row = await tx.fetchone(sql.SELECT_DAY_PUZZLE, (guild_id, day))
            if (
                row is not None
                and await tx.fetchone(sql.SELECT_PUZZLE, (row["puzzle_id"],)) is None
            ):
                await tx.execute(sql.DELETE_DAY_PUZZLE, (guild_id, day))
                row = None
            if row is None:
                ids: list[int] = []
                for statement, params in (
                    (sql.SELECT_DAY_CANDIDATES_SERVER, (guild_id, guild_id)),
                    (sql.SELECT_DAY_CANDIDATES_SELFPLAY, (guild_id,)),
                    (sql.SELECT_ANY_PUZZLES, (guild_id,)),
                ):
                    ids = [r["id"] for r in await tx.fetchall(statement, params)]
                    if ids:
                        break
                if not ids:
                    return None
                await tx.execute(sql.INSERT_DAY_PUZZLE, (guild_id, day, ids[pick % len(ids)]))
                row = await tx.fetchone(sql.SELECT_DAY_PUZZLE, (guild_id, day))
                assert row is not None
        return PuzzleDay(
            row["guild_id"], row["day"], row["puzzle_id"], row["channel_id"], row["message_id"]
        )

    async def set_day_post(self, guild_id: int, day: int, channel_id: int, message_id: int) -> bool:
        """Record the day's public post (once); whether this call recorded it."""
        changed = await self.backend.execute(
            sql.SET_DAY_PUZZLE_POST, (channel_id, message_id, guild_id, day)
        )
        return bool(changed)


def _attempt(row: Any, player: PuzzlePlayer, puzzle_rating: float, *, first: bool) -> Attempt:
    return record_of(
        Attempt,
        row,
        solved=bool(row["solved"]),
        first=first,
        player=player,
        puzzle_rating=puzzle_rating,
    )


__all__ = [
    "KINDS",
    "MATCH",
    "SELFPLAY",
    "Attempt",
    "NewPuzzle",
    "PuzzleDay",
    "PuzzlePlayer",
    "PuzzleRecord",
    "PuzzleStore",
    "SELFPLAY_FILE",
    "read_selfplay_file",
]
