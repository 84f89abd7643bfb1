"""Storage of the hand of the day (schema migration 7, ``sql.MIGRATION_7``).

Four tables, all keyed by Discord snowflakes (BIGINT) and day numbers
(:func:`bot.engine.daily.day_of`):

- ``daily_settings``: a server's choices (the channel of the day's post, a fixed deck
  as :class:`~bot.engine.practice.PracticeDeck` JSON, a rule); no row = the defaults.
- ``daily_days``: one row per server and day once its hand was dealt: the seed, the
  deck and options as dealt (a later change of settings leaves the day's hand alone),
  the public post and when it was finalized.
- ``daily_answers``: one row per member per day: the first decision (the answer that
  counts), the member's deal as it stands, its kept size once kept, and whether the
  answer agreed with the coach.
- ``daily_streaks``: per member per server, :class:`bot.engine.daily.Streak`.

Every statement is portable between SQLite and PostgreSQL (``?`` parameters,
``ON CONFLICT``, no JSON functions) and runs through the storage seam
(:class:`bot.storage.backend.Backend`); each multi-statement change is one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine.daily import DECISIONS, Streak
from bot.storage.base import StorageBase

UPSERT_SETTINGS = """
INSERT INTO daily_settings (guild_id, channel_id, deck, rule, updated_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET
    channel_id = excluded.channel_id, deck = excluded.deck, rule = excluded.rule,
    updated_at = excluded.updated_at
"""
SELECT_SETTINGS = "SELECT guild_id, channel_id, deck, rule FROM daily_settings WHERE guild_id = ?"
SELECT_POSTING_GUILDS = """
SELECT guild_id, channel_id, deck, rule FROM daily_settings
WHERE channel_id IS NOT NULL ORDER BY guild_id
"""
INSERT_DAY = """
INSERT INTO daily_days (guild_id, day, seed, deck, options, created_at)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, day) DO NOTHING
"""
_DAY_COLUMNS = "guild_id, day, seed, deck, options, channel_id, message_id, finalized_at"
SELECT_DAY = f"SELECT {_DAY_COLUMNS} FROM daily_days WHERE guild_id = ? AND day = ?"  # noqa: S608
SELECT_UNFINALIZED = f"""
SELECT {_DAY_COLUMNS} FROM daily_days
WHERE day < ? AND finalized_at IS NULL AND message_id IS NOT NULL
ORDER BY day, guild_id
"""  # noqa: S608
SET_POST = """
UPDATE daily_days SET channel_id = ?, message_id = ?
WHERE guild_id = ? AND day = ? AND message_id IS NULL
"""
SET_FINALIZED = """
UPDATE daily_days SET finalized_at = ?
WHERE guild_id = ? AND day = ? AND finalized_at IS NULL
"""
_ANSWER_COLUMNS = "guild_id, day, user_id, decision, state, version, kept_size, agreed"
SELECT_ANSWER = f"""
SELECT {_ANSWER_COLUMNS} FROM daily_answers WHERE guild_id = ? AND day = ? AND user_id = ?
"""  # noqa: S608
INSERT_ANSWER = """
INSERT INTO daily_answers
    (guild_id, day, user_id, decision, state, version, kept_size, agreed, answered_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, day, user_id) DO NOTHING
"""
UPDATE_ANSWER_STATE = """
UPDATE daily_answers SET state = ?, version = ?, kept_size = ?, updated_at = ?
WHERE guild_id = ? AND day = ? AND user_id = ? AND version = ?
"""
COUNT_DECISIONS = """
SELECT decision, COUNT(*) AS n FROM daily_answers
WHERE guild_id = ? AND day = ? GROUP BY decision
"""
COUNT_KEPT_SIZES = """
SELECT kept_size, COUNT(*) AS n FROM daily_answers
WHERE guild_id = ? AND day = ? AND kept_size IS NOT NULL GROUP BY kept_size
"""
SELECT_STREAK = """
SELECT last_day, answered, answered_best, agreed, agreed_best FROM daily_streaks
WHERE guild_id = ? AND user_id = ?
"""
UPSERT_STREAK = """
INSERT INTO daily_streaks
    (guild_id, user_id, last_day, answered, answered_best, agreed, agreed_best)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    last_day = excluded.last_day, answered = excluded.answered,
    answered_best = excluded.answered_best, agreed = excluded.agreed,
    agreed_best = excluded.agreed_best
"""


@dataclass(frozen=True, slots=True)
class DailySettings:
    """A server's hand-of-the-day settings: ``channel_id`` of the day's post (``None``:
    no post), ``deck`` (PracticeDeck JSON text; ``None``: the rotation) and ``rule`` (a
    MulliganRule value; ``None``: London)."""

    guild_id: int
    channel_id: int | None = None
    deck: str | None = None
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class DayRecord:
    """One server's day: ``seed``, ``deck`` and ``options`` (JSON text as dealt), the
    post (``channel_id``/``message_id``, ``None`` until posted) and ``finalized_at``
    (Unix seconds, ``None`` until the day's end was shown)."""

    guild_id: int
    day: int
    seed: int
    deck: str
    options: str
    channel_id: int | None
    message_id: int | None
    finalized_at: float | None


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """A member's answer: ``decision`` (``"keep"``/``"mulligan"``, the first click),
    their deal as PracticeState JSON text at ``version``, ``kept_size`` once kept,
    ``agreed`` with the coach (``None``: not rated)."""

    guild_id: int
    day: int
    user_id: int
    decision: str
    state: str
    version: int
    kept_size: int | None
    agreed: bool | None


@dataclass(frozen=True, slots=True)
class Split:
    """How a server answered one day: ``keeps`` and ``mulligans`` (first decisions),
    and ``kept_sizes`` (cards kept → members, for finished deals)."""

    keeps: int = 0
    mulligans: int = 0
    kept_sizes: tuple[tuple[int, int], ...] = ()

    @property
    def answers(self) -> int:
        return self.keeps + self.mulligans


def _optional(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``convert``, but NULL (``None``) stays ``None``."""
    return lambda value: None if value is None else convert(value)


#: How each column of :data:`_DAY_COLUMNS` becomes its :class:`DayRecord` field, in order.
_DAY_FIELDS = (int, int, int, str, str, _optional(int), _optional(int), _optional(float))
#: How each column of :data:`_ANSWER_COLUMNS` becomes its :class:`AnswerRecord` field.
_ANSWER_FIELDS = (int, int, int, str, str, int, _optional(int), _optional(bool))


def _converted(fields: tuple[Callable[[Any], Any], ...], row: Any) -> list[Any]:
    """The values of ``row``, each converted by its column's entry of ``fields``."""
    return [convert(value) for convert, value in zip(fields, row, strict=True)]


def _day(row: Any) -> DayRecord:
    return DayRecord(*_converted(_DAY_FIELDS, row))


def _answer(row: Any) -> AnswerRecord:
    return AnswerRecord(*_converted(_ANSWER_FIELDS, row))


def _streak(row: Any) -> Streak:
    return Streak(*(int(v) for v in row))


class DailyStore(StorageBase):
    """The hand-of-the-day tables through ``backend`` (SQLite or PostgreSQL)."""

    # -- settings ----------------------------------------------------------------------

    async def settings(self, guild_id: int) -> DailySettings:
        """The server's settings; every default when it never set any."""
        row = await self.backend.fetchone(SELECT_SETTINGS, (guild_id,))
        if row is None:
            return DailySettings(guild_id)
        channel = None if row[1] is None else int(row[1])
        return DailySettings(int(row[0]), channel, row[2], row[3])

    async def set_settings(self, settings: DailySettings, now: float) -> DailySettings:
        """Store ``settings`` whole (one upsert); ``now``: Unix seconds."""
        await self.backend.execute(
            UPSERT_SETTINGS,
            (settings.guild_id, settings.channel_id, settings.deck, settings.rule, now),
        )
        return settings

    async def posting_guilds(self) -> list[DailySettings]:
        """The servers that chose a channel for the day's post."""
        rows = await self.backend.fetchall(SELECT_POSTING_GUILDS)
        return [DailySettings(int(r[0]), int(r[1]), r[2], r[3]) for r in rows]

    # -- days --------------------------------------------------------------------------

    async def day(self, guild_id: int, day: int) -> DayRecord | None:
        row = await self.backend.fetchone(SELECT_DAY, (guild_id, day))
        return None if row is None else _day(row)

    async def create_day(
        self, guild_id: int, day: int, seed: int, deck: str, options: str, now: float
    ) -> DayRecord:
        """The day's row, inserted with these values unless it exists already (the first
        writer wins, so every member sees the same deck even if settings change)."""
        async with self.backend.transaction(("daily-day", guild_id, day)) as tx:
            await tx.execute(INSERT_DAY, (guild_id, day, seed, deck, options, now))
            row = await tx.fetchone(SELECT_DAY, (guild_id, day))
        assert row is not None
        return _day(row)

    async def set_post(self, guild_id: int, day: int, channel_id: int, message_id: int) -> bool:
        """Record the day's post; ``False`` if one was recorded already."""
        changed = await self.backend.execute(SET_POST, (channel_id, message_id, guild_id, day))
        return changed == 1

    async def set_finalized(self, guild_id: int, day: int, now: float) -> bool:
        """Mark the day's end shown; ``False`` if it was already."""
        return await self.backend.execute(SET_FINALIZED, (now, guild_id, day)) == 1

    async def unfinalized_days(self, before_day: int) -> list[DayRecord]:
        """Posted days before ``before_day`` whose end was not shown yet (a restart
        across midnight), oldest first."""
        return [_day(r) for r in await self.backend.fetchall(SELECT_UNFINALIZED, (before_day,))]

    # -- answers -----------------------------------------------------------------------

    async def answer(self, guild_id: int, day: int, user_id: int) -> AnswerRecord | None:
        row = await self.backend.fetchone(SELECT_ANSWER, (guild_id, day, user_id))
        return None if row is None else _answer(row)

    async def record_answer(
        self,
        guild_id: int,
        day: int,
        user_id: int,
        *,
        decision: str,
        state: str,
        version: int,
        kept_size: int | None,
        agreed: bool | None,
        now: float,
    ) -> Streak | None:
        """Record a member's answer for ``day`` and move their streak, in one
        transaction; the new :class:`Streak`, or ``None`` when they had answered
        already (nothing changes: one answer per member per day).

        Raises:
            ValueError: ``decision`` is not ``"keep"``/``"mulligan"``.
        """
        if decision not in DECISIONS:
            raise ValueError(f"not a daily decision: {decision!r}")
        flag = None if agreed is None else int(agreed)
        params = (guild_id, day, user_id, decision, state, version, kept_size, flag, now, now)
        async with self.backend.transaction(("daily-streak", guild_id, user_id)) as tx:
            if await tx.execute(INSERT_ANSWER, params) != 1:
                return None
            row = await tx.fetchone(SELECT_STREAK, (guild_id, user_id))
            old = None if row is None else _streak(row)
            if old is not None and old.last_day >= day:
                streak = old  # an answer to an older day after a newer one: no change
            else:
                streak = Streak.first(day, agreed) if old is None else old.after(day, agreed)
            await tx.execute(
                UPSERT_STREAK,
                (
                    guild_id,
                    user_id,
                    streak.last_day,
                    streak.answered,
                    streak.answered_best,
                    streak.agreed,
                    streak.agreed_best,
                ),
            )
        return streak

    async def save_state(
        self,
        guild_id: int,
        day: int,
        user_id: int,
        *,
        state: str,
        old_version: int,
        version: int,
        kept_size: int | None,
        now: float,
    ) -> bool:
        """Compare-and-set the member's deal from ``old_version`` to ``version``;
        ``False`` when another click moved it first."""
        params = (state, version, kept_size, now, guild_id, day, user_id, old_version)
        return await self.backend.execute(UPDATE_ANSWER_STATE, params) == 1

    async def split(self, guild_id: int, day: int) -> Split:
        """How the server answered ``day`` so far."""
        decisions = {
            str(r[0]): int(r[1])
            for r in await self.backend.fetchall(COUNT_DECISIONS, (guild_id, day))
        }
        sizes = await self.backend.fetchall(COUNT_KEPT_SIZES, (guild_id, day))
        return Split(
            keeps=decisions.get("keep", 0),
            mulligans=decisions.get("mulligan", 0),
            kept_sizes=tuple(sorted(((int(r[0]), int(r[1])) for r in sizes), reverse=True)),
        )

    async def streak(self, guild_id: int, user_id: int) -> Streak | None:
        row = await self.backend.fetchone(SELECT_STREAK, (guild_id, user_id))
        return None if row is None else _streak(row)
