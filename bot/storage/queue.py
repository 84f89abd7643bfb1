"""The ranked queue across servers (schema ``MIGRATION_QUEUE``; docs/queue.md).

Tables (ids BIGINT snowflakes, times DOUBLE PRECISION Unix seconds):

- ``queue_entries``: one row per member who queued, their latest entry. ``status``:
  ``waiting`` → ``paired`` (a partner chosen, its match being stored) → ``matched``
  (``match_id``); or it ends ``left`` (the member left, or started another match:
  ``reason`` ``busy``), ``expired`` (:data:`bot.limits.QUEUE_MAX_SECONDS`), ``bot`` (they
  took the match against the bot) or ``dropped``. ``owner``/``seen_at``: the process
  showing their waiting message and its last sign of life; ``panel_channel`` /
  ``panel_message``: a waiting message sent by DM (after a restart), else the
  interaction's own.
- ``queue_ratings``: each member's rating from queue matches only (openskill, the one the
  queue pairs by); ``queue_results``: the queue matches already rated into it.
- ``ladder_settings``: a server's ladder channel (``/bingo settings ladder``).
- ``match_boards``: the public boards of a match besides its own channel's
  (:class:`BoardPlace`).

**Pairing each member once.** :meth:`QueueStore.pair` is one transaction. On PostgreSQL
it locks the member's row and the closest candidates' rows with ``SELECT … FOR UPDATE
SKIP LOCKED`` (PostgreSQL docs, "The Locking Clause": "any rows that cannot be
immediately locked are skipped"), so two processes pairing at once never take the same
row, and never wait on each other; both rows become ``paired`` before the commit. On
SQLite every transaction is serialized (``BEGIN IMMEDIATE``), so the same statements
without the locking clause do the same. The match is stored afterwards
(:meth:`QueueStore.create_match`, which needs no network), by a compare-and-set on the
pair's token, so a pair released meanwhile (:meth:`QueueStore.release_stale_pairs`) is
never played.

The module is over 600 lines because the pairing transaction, the hand-over between
processes and the queue's ratings are one set of rows read under the same locks; split,
each half would have to restate the other's locking rules.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Unpack

from bot import limits
from bot import ratings as openskill
from bot.engine.outcome import Outcome
from bot.storage.backend import Row, Session, record_of
from bot.storage.base import NO_SERVER, RatedRecord, StorageBase
from bot.storage.matches import MatchColumns, column_params
from bot.storage.sql import in_list

Status = Literal["waiting", "paired", "matched", "left", "expired", "dropped", "bot"]
#: Statuses of a member still in the queue (their entry shows a waiting message).
QUEUING = ("waiting", "paired")

_ENTRY = """user_id, guild_id, channel_id, name, language, mu, sigma, joined_at, status,
    partner_id, pair_token, paired_at, match_id, owner, seen_at, panel_channel,
    panel_message, offered_at, ended_at, reason"""

SELECT_ENTRY = f"SELECT {_ENTRY} FROM queue_entries WHERE user_id = ?"
SELECT_QUEUING_ACTIVE = """
SELECT 1 FROM matches WHERE status = 'active' AND (player0_id = ? OR player1_id = ?) LIMIT 1
"""
UPSERT_ENTRY = """
INSERT INTO queue_entries (user_id, guild_id, channel_id, name, language, mu, sigma,
    joined_at, status, owner, seen_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?)
ON CONFLICT (user_id) DO UPDATE SET guild_id = excluded.guild_id,
    channel_id = excluded.channel_id, name = excluded.name, language = excluded.language,
    mu = excluded.mu, sigma = excluded.sigma, joined_at = excluded.joined_at,
    status = 'waiting', partner_id = NULL, pair_token = NULL, paired_at = NULL,
    match_id = NULL, owner = excluded.owner, seen_at = excluded.seen_at,
    panel_channel = NULL, panel_message = NULL, offered_at = NULL, ended_at = NULL,
    reason = NULL
"""
# Parameters: status, ended_at, reason, user_id, then the statuses it may end from.
END_ENTRY = """
UPDATE queue_entries SET status = ?, ended_at = ?, reason = ?
WHERE user_id = ? AND status IN {statuses}
"""
COUNT_QUEUING = "SELECT COUNT(*) FROM queue_entries WHERE status IN ('waiting', 'paired')"
SELECT_WAITING = f"""
SELECT {_ENTRY} FROM queue_entries WHERE status = 'waiting' ORDER BY joined_at, user_id LIMIT ?
"""
HEARTBEAT = """
UPDATE queue_entries SET seen_at = ? WHERE owner = ? AND status IN ('waiting', 'paired')
"""
ADOPT = f"""
UPDATE queue_entries SET owner = ?, seen_at = ?
WHERE status IN ('waiting', 'paired') AND (owner IS NULL OR owner <> ?)
  AND (seen_at IS NULL OR seen_at < ?)
RETURNING {_ENTRY}
"""
HAND_OVER = """
UPDATE queue_entries SET seen_at = NULL WHERE owner = ? AND status IN ('waiting', 'paired')
"""
SET_PANEL = "UPDATE queue_entries SET panel_channel = ?, panel_message = ? WHERE user_id = ?"
SET_OFFERED = """
UPDATE queue_entries SET offered_at = ?
WHERE user_id = ? AND status = 'waiting' AND offered_at IS NULL
"""
RELEASE_STALE_PAIRS = """
UPDATE queue_entries SET status = 'waiting', partner_id = NULL, pair_token = NULL,
    paired_at = NULL
WHERE status = 'paired' AND match_id IS NULL AND paired_at < ?
"""
# Parameters: partner of the first, partner of the second (CASE), token, paired_at, the
# two user ids.
SET_PAIRED = """
UPDATE queue_entries
SET status = 'paired',
    partner_id = CASE WHEN user_id = ? THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END,
    pair_token = ?, paired_at = ?
WHERE user_id IN (?, ?) AND status = 'waiting'
"""
SET_MATCHED = """
UPDATE queue_entries SET status = 'matched', ended_at = ?
WHERE user_id IN (?, ?) AND status = 'paired' AND pair_token = ?
"""
SELECT_PAIR_STATE = "SELECT status, pair_token FROM queue_entries WHERE user_id IN (?, ?)"
SET_MATCH_ID = "UPDATE queue_entries SET match_id = ? WHERE user_id IN (?, ?) AND pair_token = ?"
UNPAIR = """
UPDATE queue_entries SET status = 'waiting', partner_id = NULL, pair_token = NULL,
    paired_at = NULL
WHERE user_id = ? AND status = 'paired' AND pair_token = ?
"""
BUSY_OUT = """
UPDATE queue_entries SET status = 'left', reason = 'busy', ended_at = ?
WHERE user_id = ? AND status IN ('waiting', 'paired')
"""
INSERT_QUEUE_MATCH = """
INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, seed, options,
                     decisions, state, version, status, ui, log, config, deadline,
                     started_at, kind)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, 'queue')
RETURNING id
"""
SELECT_QUEUE_RATING = """
SELECT user_id, mu, sigma, matches, wins, losses, draws, last_played, last_match_id
FROM queue_ratings WHERE user_id = ?
"""
UPSERT_QUEUE_RATING = """
INSERT INTO queue_ratings (user_id, mu, sigma, matches, wins, losses, draws, last_played,
                           last_match_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
    matches = excluded.matches, wins = excluded.wins, losses = excluded.losses,
    draws = excluded.draws, last_played = excluded.last_played,
    last_match_id = excluded.last_match_id
"""
INSERT_QUEUE_RESULT = """
INSERT INTO queue_results (match_id, rated_at) VALUES (?, ?) ON CONFLICT (match_id) DO NOTHING
"""
SELECT_QUEUE_MATCH_RESULT = """
SELECT player0_id, player1_id, status, result, winner_id, ended_at, kind
FROM matches WHERE id = ?
"""
SELECT_UNRATED_QUEUE_MATCHES = """
SELECT id FROM matches
WHERE kind = 'queue' AND status = 'finished'
  AND id NOT IN (SELECT match_id FROM queue_results)
ORDER BY ended_at, id
"""
SELECT_LADDER = "SELECT channel_id FROM ladder_settings WHERE guild_id = ?"
SET_LADDER = """
INSERT INTO ladder_settings (guild_id, channel_id, updated_at) VALUES (?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,
    updated_at = excluded.updated_at
"""
_BOARD = """match_id, place, kind, user_id, guild_id, parent_id, channel_id, message_id,
    language, image_key, result_posted, thread_close_at, thread_closed"""
INSERT_BOARD = """
INSERT INTO match_boards (match_id, place, kind, user_id, guild_id, parent_id, channel_id,
                          language)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (match_id, place) DO NOTHING
"""
SELECT_BOARDS = f"SELECT {_BOARD} FROM match_boards WHERE match_id = ? ORDER BY place"
SET_BOARD_CHANNEL = """
UPDATE match_boards SET channel_id = ? WHERE match_id = ? AND place = ? AND channel_id IS NULL
"""
SET_BOARD_MESSAGE = """
UPDATE match_boards SET message_id = ?, image_key = ?
WHERE match_id = ? AND place = ? AND message_id IS NOT DISTINCT FROM ?
"""
SET_BOARD_IMAGE = "UPDATE match_boards SET image_key = ? WHERE match_id = ? AND place = ?"
SET_BOARD_POSTED = """
UPDATE match_boards SET result_posted = 1, thread_close_at = ?
WHERE match_id = ? AND place = ? AND result_posted = 0
"""
SET_BOARD_CLOSED = "UPDATE match_boards SET thread_closed = 1 WHERE match_id = ? AND place = ?"
SELECT_ACTIVE_BOARDS = """
SELECT DISTINCT match_id FROM match_boards
WHERE match_id IN (SELECT id FROM matches WHERE status = 'active') ORDER BY match_id
"""
SELECT_UNFINISHED_BOARDS = f"""
SELECT {_BOARD} FROM match_boards
WHERE (result_posted = 0 OR (kind = 'ladder' AND thread_closed = 0 AND channel_id IS NOT NULL))
  AND match_id IN (SELECT id FROM matches WHERE status = 'finished')
ORDER BY match_id, place
"""


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A row of ``queue_entries`` (see the module docstring). ``guild_id`` and
    ``channel_id``: where the member queued (``None``: from a DM or a server without the
    bot); ``name``: their display name there; ``language``: their private language;
    ``mu``/``sigma``: the queue rating they queued with."""

    user_id: int
    guild_id: int | None
    channel_id: int | None
    name: str
    language: str | None
    mu: float
    sigma: float
    joined_at: float
    status: Status
    partner_id: int | None = None
    pair_token: str | None = None
    paired_at: float | None = None
    match_id: int | None = None
    owner: str | None = None
    seen_at: float | None = None
    panel_channel: int | None = None
    panel_message: int | None = None
    offered_at: float | None = None
    ended_at: float | None = None
    reason: str | None = None

    @property
    def queuing(self) -> bool:
        """Whether the member is still in the queue (waiting, or paired a moment ago)."""
        return self.status in QUEUING


@dataclass(frozen=True, slots=True)
class Pair:
    """Two members :meth:`QueueStore.pair` paired: ``first`` (whose pass found the
    pair) and ``second`` as they were read, the pair's ``token`` and when (Unix s)."""

    first: QueueEntry
    second: QueueEntry
    token: str
    paired_at: float

    @property
    def user_ids(self) -> tuple[int, int]:
        return (self.first.user_id, self.second.user_id)


@dataclass(frozen=True, slots=True)
class Busy:
    """:meth:`QueueStore.create_match` found members of the pair in a match already:
    ``user_ids`` left the queue (``reason`` ``busy``), the other went back to waiting."""

    user_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class QueueRating(RatedRecord):
    """A member's rating from queue matches (``queue_ratings``), last played at
    ``last_played`` (Unix seconds) in match ``last_match_id``."""

    last_played: float
    last_match_id: int | None = None

    @property
    def skill(self) -> openskill.Skill:
        return openskill.Skill(self.mu, self.sigma)


BoardKind = Literal["dm", "ladder"]


@dataclass(frozen=True, slots=True)
class BoardPlace:
    """A public board of a match besides the one of its own channel: ``kind`` ``dm``, the
    board in player ``user_id``'s DM (a queue match played in DMs; ``channel_id`` their
    DM channel once opened), or ``ladder``, the board in a thread (``channel_id``, once
    opened) of server ``guild_id``'s ladder channel ``parent_id``. ``place``: its key in
    the match (``dm:<user>``, ``ladder:<guild>``); ``language``: the language it is shown
    in; ``message_id`` and ``image_key``: the board message and the picture it shows;
    ``result_posted``: the result was posted there; a ladder thread closes at
    ``thread_close_at`` (``thread_closed`` once done)."""

    match_id: int
    place: str
    kind: BoardKind
    user_id: int | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None
    language: str | None = None
    image_key: str | None = None
    result_posted: bool = False
    thread_close_at: float | None = None
    thread_closed: bool = False

    @classmethod
    def dm(cls, user_id: int, language: str | None) -> BoardPlace:
        """Player ``user_id``'s DM board (its match id set when stored)."""
        return cls(0, f"dm:{user_id}", "dm", user_id=user_id, language=language)

    @classmethod
    def ladder(cls, guild_id: int, channel_id: int, language: str | None) -> BoardPlace:
        """The board in a thread of server ``guild_id``'s ladder channel ``channel_id``."""
        return cls(0, f"ladder:{guild_id}", "ladder", guild_id=guild_id, parent_id=channel_id,
                   language=language)  # fmt: skip


def _entry(row: Row) -> QueueEntry:
    return record_of(QueueEntry, row)


def _board(row: Row) -> BoardPlace:
    return record_of(
        BoardPlace,
        row,
        result_posted=bool(row["result_posted"]),
        thread_closed=bool(row["thread_closed"]),
    )


class JoinRefused(Exception):
    """:meth:`QueueStore.join` refused: ``str(error)`` is ``"busy"`` (in a match) or
    ``"queued"`` (already in the queue)."""


#: ``window(sigma, waited)``: the rating gap a member accepts after ``waited`` seconds
#: (:func:`bot.queue.policy.window`).
Window = Callable[[float, float], float]


def new_token() -> str:
    """A fresh pair token (random, so a released pair's token is never reused)."""
    return secrets.token_hex(8)


class QueueStore(StorageBase):
    """The queue's rows over ``backend`` (see the module docstring)."""

    @property
    def _update(self) -> str:
        """``FOR UPDATE`` on PostgreSQL (the rows stay as read until the commit); nothing
        on SQLite."""
        return " FOR UPDATE" if self.backend.dialect == "postgresql" else ""

    @property
    def _locking(self) -> str:
        """The locking clause of a pairing's reads: ``FOR UPDATE SKIP LOCKED`` on
        PostgreSQL; nothing on SQLite, whose transactions run one at a time."""
        return " FOR UPDATE SKIP LOCKED" if self.backend.dialect == "postgresql" else ""

    # -- joining and leaving ---------------------------------------------------------

    async def join(
        self,
        user_id: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        name: str,
        language: str | None,
        skill: openskill.Skill,
        now: float,
        owner: str,
    ) -> QueueEntry:
        """Put ``user_id`` in the queue at ``now`` with the queue rating ``skill``
        (``owner``: the process that shows their waiting message). Their previous entry,
        if over, is replaced.

        Raises:
            JoinRefused: ``"busy"``, they play a match (in any server); ``"queued"``,
                they are in the queue already.
        """
        async with self.backend.transaction(("member", user_id)) as tx:
            if await tx.fetchone(SELECT_QUEUING_ACTIVE, (user_id, user_id)) is not None:
                raise JoinRefused("busy")
            row = await tx.fetchone(SELECT_ENTRY, (user_id,))
            if row is not None and row["status"] in QUEUING:
                raise JoinRefused("queued")
            params = (user_id, guild_id, channel_id, name, language, skill.mu, skill.sigma, now,
                      owner, now)  # fmt: skip
            await tx.execute(UPSERT_ENTRY, params)
            found = await tx.fetchone(SELECT_ENTRY, (user_id,))
        assert found is not None
        return _entry(found)

    async def entry(self, user_id: int) -> QueueEntry | None:
        """The member's latest entry, or ``None`` if they never queued."""
        row = await self.backend.fetchone(SELECT_ENTRY, (user_id,))
        return None if row is None else _entry(row)

    async def entries(self, user_ids: Sequence[int]) -> dict[int, QueueEntry]:
        """The latest entries of ``user_ids`` (those who have one), in one query."""
        if not user_ids:
            return {}
        rows = await self.backend.fetchall(
            f"SELECT {_ENTRY} FROM queue_entries WHERE user_id IN {in_list(len(user_ids))}",
            tuple(user_ids),
        )
        return {int(row["user_id"]): _entry(row) for row in rows}

    async def end(
        self,
        user_id: int,
        status: Status,
        now: float,
        *,
        reason: str | None = None,
        only: Sequence[Status] = ("waiting",),
    ) -> bool:
        """End the member's entry as ``status`` (``left``, ``expired``, ``bot``,
        ``dropped``) if it is in one of ``only``: a compare-and-set, ``True`` if this
        call ended it."""
        statement = END_ENTRY.format(statuses=in_list(len(only)))
        changed = await self.backend.execute(statement, (status, now, reason, user_id, *only))
        return changed > 0

    async def queuing_count(self) -> int:
        """How many members are in the queue now (waiting or just paired), everywhere."""
        return int(await self.backend.fetchval(COUNT_QUEUING) or 0)

    async def waiting(self, limit: int = 10_000) -> list[QueueEntry]:
        """The members waiting, longest first (at most ``limit``)."""
        rows = await self.backend.fetchall(SELECT_WAITING, (limit,))
        return [_entry(row) for row in rows]

    async def mark_offered(self, user_id: int, now: float) -> bool:
        """Note that the member was offered the bot (once): ``True`` the first time."""
        return await self.backend.execute(SET_OFFERED, (now, user_id)) > 0

    async def set_panel(self, user_id: int, channel_id: int | None, message_id: int | None) -> None:
        """Where the member's waiting message is now when the bot sent it by DM (``None``:
        the interaction's own answer)."""
        await self.backend.execute(SET_PANEL, (channel_id, message_id, user_id))

    # -- processes -------------------------------------------------------------------

    async def heartbeat(self, owner: str, now: float) -> None:
        """``owner`` is alive at ``now``: it still shows its members' waiting messages."""
        await self.backend.execute(HEARTBEAT, (now, owner))

    async def adopt_stale(self, owner: str, now: float, stale_before: float) -> list[QueueEntry]:
        """Take over, as ``owner``, every member in the queue whose process gave no sign of
        life since ``stale_before`` (it stopped): returns them (their waiting message is
        now ``owner``'s to show; the old one cannot be edited)."""
        rows = await self.backend.fetchall(ADOPT, (owner, now, owner, stale_before))
        return [_entry(row) for row in rows]

    async def hand_over(self, owner: str) -> int:
        """``owner`` stops: its members may be taken over at once (:meth:`adopt_stale`)."""
        return await self.backend.execute(HAND_OVER, (owner,))

    async def add_boards(self, match_id: int, boards: Iterable[BoardPlace]) -> None:
        """Give match ``match_id`` public ``boards`` besides its channel's (a match
        against the bot played in DMs: the member's DM board)."""
        async with self.backend.transaction() as tx:
            for board in boards:
                await tx.execute(
                    INSERT_BOARD,
                    (match_id, board.place, board.kind, board.user_id, board.guild_id,
                     board.parent_id, board.channel_id, board.language),
                )  # fmt: skip

    async def active_boards(self) -> list[int]:
        """Ids of the active matches that have public boards besides their channel's."""
        rows = await self.backend.fetchall(SELECT_ACTIVE_BOARDS)
        return [int(row[0]) for row in rows]

    async def release_stale_pairs(self, before: float) -> int:
        """Put back to waiting every pair made before ``before`` whose match was never
        stored (the process that paired them stopped): how many members."""
        return await self.backend.execute(RELEASE_STALE_PAIRS, (before,))

    # -- pairing ---------------------------------------------------------------------

    async def pair(
        self,
        user_id: int,
        now: float,
        *,
        window: Window,
        candidates: int = limits.QUEUE_CANDIDATES,
        token: str | None = None,
    ) -> Pair | None:
        """Pair the waiting member ``user_id`` at ``now``, in one transaction (module
        docstring): of the waiting members within both windows (``window``, see
        :func:`bot.queue.policy.window`; the ``candidates`` closest, by rating, then wait,
        then id), the first that consent allows: neither blocked the other, no challenge
        cooldown between them in any server, neither took challenges off in the server the
        other queued from, and not in a match. Both rows become ``paired``.

        A member found in a match meanwhile leaves the queue (``left``, reason
        ``busy``). Returns the pair, or ``None``: not waiting (or locked by another
        process's pairing), or nobody fits now.
        """
        lock = self._locking
        async with self.backend.transaction() as tx:
            row = await tx.fetchone(f"{SELECT_ENTRY} AND status = 'waiting'{lock}", (user_id,))
            if row is None:
                return None
            me = _entry(row)
            reach = window(me.sigma, now - me.joined_at)
            found = await tx.fetchall(
                self._candidates_sql(),
                (
                    user_id, me.mu - reach, me.mu + reach, me.mu,
                    limits.QUEUE_SIGMA_FLOOR, limits.QUEUE_SIGMA_FLOOR,
                    now, now, limits.QUEUE_WIDEN_SECONDS,
                    me.mu, candidates,
                ),
            )  # fmt: skip
            others = [_entry(r) for r in found]
            # The SQL window and the rule's agree (tests/queue); the rule has the last word.
            others = [
                o
                for o in others
                if abs(o.mu - me.mu) <= min(reach, window(o.sigma, now - o.joined_at)) + 1e-9
            ]
            refused, me_busy = await self._obstacles(tx, me, others, now)
            if me_busy:
                await tx.execute(BUSY_OUT, (now, user_id))
                return None
            partner = next((o for o in others if o.user_id not in refused), None)
            if partner is None:
                return None
            token = token or new_token()
            a, b = me.user_id, partner.user_id
            changed = await tx.execute(SET_PAIRED, (a, b, a, token, now, a, b))
            if changed != 2:  # locked rows cannot change under us: a bug if so
                raise RuntimeError(f"pairing {a} and {b} changed {changed} rows")
        return Pair(me, partner, token, now)

    def _candidates_sql(self) -> str:
        """The waiting members within ``me``'s window and their own (module docstring):
        parameters ``user_id, low, high, mu, floor, floor, now, now, widen, mu, limit``."""
        steps = (
            "CAST((? - joined_at) / ? AS INTEGER)"
            if self.backend.dialect == "sqlite"
            else "floor((? - joined_at) / ?)"
        )
        return f"""
SELECT {_ENTRY} FROM queue_entries
WHERE status = 'waiting' AND user_id <> ? AND mu BETWEEN ? AND ?
  AND abs(mu - ?) <= (CASE WHEN sigma > ? THEN sigma ELSE ? END)
      * (1 + CASE WHEN joined_at < ? THEN {steps} ELSE 0 END)
ORDER BY abs(mu - ?), joined_at, user_id
LIMIT ?{self._locking}
"""

    async def _obstacles(
        self, tx: Session, me: QueueEntry, others: Sequence[QueueEntry], now: float
    ) -> tuple[set[int], bool]:
        """Of ``others``, who may not be paired with ``me`` (blocks either way, a
        cooldown either way in any server, an opt-out in the server the other queued
        from, a match in progress), and whether ``me`` plays a match: one query."""
        ids = [o.user_id for o in others]
        guilds = sorted({o.guild_id for o in others if o.guild_id is not None})
        parts: list[str] = []
        params: list[Any] = []
        if ids:
            marks = in_list(len(ids))
            parts.append(
                "SELECT 'block' AS kind, blocker_id AS a, blocked_id AS b FROM challenge_blocks"
                f" WHERE (blocker_id = ? AND blocked_id IN {marks})"
                f" OR (blocked_id = ? AND blocker_id IN {marks})"
            )
            params += [me.user_id, *ids, me.user_id, *ids]
            parts.append(
                "SELECT 'cooldown', challenger_id, opponent_id FROM challenge_cooldowns"
                f" WHERE until_at > ? AND ((challenger_id = ? AND opponent_id IN {marks})"
                f" OR (opponent_id = ? AND challenger_id IN {marks}))"
            )
            params += [now, me.user_id, *ids, me.user_id, *ids]
            if me.guild_id is not None:
                parts.append(
                    "SELECT 'optout', guild_id, user_id FROM challenge_optouts"
                    f" WHERE guild_id = ? AND user_id IN {marks}"
                )
                params += [me.guild_id, *ids]
        if guilds:
            parts.append(
                "SELECT 'optout', guild_id, user_id FROM challenge_optouts"
                f" WHERE user_id = ? AND guild_id IN {in_list(len(guilds))}"
            )
            params += [me.user_id, *guilds]
        everyone = [me.user_id, *ids]
        marks = in_list(len(everyone))
        parts.append(
            "SELECT 'busy', player0_id, player1_id FROM matches WHERE status = 'active'"
            f" AND (player0_id IN {marks} OR player1_id IN {marks})"
        )
        params += [*everyone, *everyone]
        rows = await tx.fetchall("\nUNION ALL\n".join(parts), tuple(params))
        refused: set[int] = set()
        busy = False
        by_guild: dict[int, list[int]] = {}
        for other in others:
            if other.guild_id is not None:
                by_guild.setdefault(other.guild_id, []).append(other.user_id)
        for kind, a, b in ((row[0], int(row[1]), int(row[2])) for row in rows):
            if kind == "optout":
                guild, member = a, b
                if member == me.user_id:
                    refused.update(by_guild.get(guild, ()))
                else:
                    refused.add(member)
            elif kind == "busy":
                busy = busy or me.user_id in (a, b)
                refused.update((a, b))
            else:
                refused.add(b if a == me.user_id else a)
        refused.discard(me.user_id)
        return refused, busy

    async def create_match(
        self,
        pair: Pair,
        *,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        boards: Iterable[BoardPlace] = (),
        now: float,
        **columns: Unpack[MatchColumns],
    ) -> int | Busy | None:
        """Store the match of ``pair`` (``kind`` ``queue``) in ``guild_id``/``channel_id``
        (:data:`bot.storage.base.NO_SERVER` for a match played in DMs), its players in
        seat order ``player_ids``, with its public ``boards`` besides its channel's, and
        both entries ``matched`` to it: one transaction, a compare-and-set on the pair's
        token, serialized per member with every other insert of a match (key
        ``("member", user_id)``, :meth:`bot.storage.matches.MatchRowStore.create_match_if_free`).

        Returns the match id; :class:`Busy` (nothing stored) when a member plays a match
        already (they leave the queue, the other waits again); ``None`` when the pair was
        released meanwhile (nothing stored).
        """
        a, b = pair.user_ids
        if sorted(player_ids) != sorted((a, b)):
            raise ValueError(f"{player_ids} are not the pair {(a, b)}")
        keys = [("member", a), ("member", b)]
        async with self.backend.transaction(*keys) as tx:
            rows = await tx.fetchall(f"{SELECT_PAIR_STATE}{self._update}", (a, b))
            if len(rows) != 2 or any(
                (r["status"], r["pair_token"]) != ("paired", pair.token) for r in rows
            ):
                return None  # released meanwhile, or stored already
            busy = tuple(
                [
                    uid
                    for uid in (a, b)
                    if await tx.fetchone(SELECT_QUEUING_ACTIVE, (uid, uid)) is not None
                ]
            )
            if busy:
                for uid in (a, b):
                    if uid in busy:
                        await tx.execute(BUSY_OUT, (now, uid))
                    else:
                        await tx.execute(UNPAIR, (uid, pair.token))
                return Busy(busy)
            if await tx.execute(SET_MATCHED, (now, a, b, pair.token)) != 2:
                await tx.execute(UNPAIR, (a, pair.token))
                await tx.execute(UNPAIR, (b, pair.token))
                return None
            params = (guild_id, channel_id, player_ids[0], player_ids[1], *column_params(**columns))
            match_id = int(await tx.fetchval(INSERT_QUEUE_MATCH, params))
            await tx.execute(SET_MATCH_ID, (match_id, a, b, pair.token))
            for board in boards:
                await tx.execute(
                    INSERT_BOARD,
                    (match_id, board.place, board.kind, board.user_id, board.guild_id,
                     board.parent_id, board.channel_id, board.language),
                )  # fmt: skip
        return match_id

    async def unpair(self, pair: Pair) -> None:
        """Put both members of ``pair`` back to waiting (their match could not be set up)."""
        async with self.backend.transaction() as tx:
            for uid in pair.user_ids:
                await tx.execute(UNPAIR, (uid, pair.token))

    # -- ratings from queue matches --------------------------------------------------

    async def queue_rating(self, user_id: int) -> QueueRating | None:
        """The member's rating from queue matches, or ``None`` (never rated)."""
        row = await self.backend.fetchone(SELECT_QUEUE_RATING, (user_id,))
        return None if row is None else record_of(QueueRating, row)

    async def rate_match(self, match_id: int, now: float) -> tuple[QueueRating, ...] | None:
        """Rate the finished queue match ``match_id`` into both members' queue ratings,
        exactly once (its ``queue_results`` row and the ratings are one transaction).
        A no-result or an unfinished match is not rated; a match that is not a queue
        match changes nothing. Returns the members' new ratings (an erased member, a
        negative pseudonym, keeps none), or ``None`` when nothing was rated."""
        first = await self.backend.fetchone(SELECT_QUEUE_MATCH_RESULT, (match_id,))
        if first is None or first["kind"] != "queue" or first["status"] != "finished":
            return None
        players = (int(first["player0_id"]), int(first["player1_id"]))
        keys = [("queue-rating", uid) for uid in players]
        async with self.backend.transaction(*keys) as tx:
            if await tx.execute(INSERT_QUEUE_RESULT, (match_id, now)) != 1:
                return None
            row = await tx.fetchone(SELECT_QUEUE_MATCH_RESULT, (match_id,))
            assert row is not None
            if row["result"] is None:
                return None
            winner = None if row["result"] == Outcome.DRAW else players.index(row["winner_id"])
            ended = float(row["ended_at"] or now)
            table: dict[int, openskill.Standing] = {}
            for uid in players:
                found = await tx.fetchone(SELECT_QUEUE_RATING, (uid,))
                if found is not None:
                    table[uid] = openskill.Standing(
                        uid, openskill.Skill(found["mu"], found["sigma"]),
                        matches=found["matches"], wins=found["wins"], losses=found["losses"],
                        draws=found["draws"], last_played=found["last_played"],
                    )  # fmt: skip
            openskill.play(table, openskill.Played(match_id, players, winner, ended))
            out = []
            for uid in players:
                if uid < 0:
                    continue  # an erased member keeps no rating (bot.storage.privacy)
                s = table[uid]
                rating = QueueRating(uid, s.skill.mu, s.skill.sigma, s.matches, s.wins,
                                     s.losses, s.draws, s.last_played, match_id)  # fmt: skip
                await tx.execute(
                    UPSERT_QUEUE_RATING,
                    (uid, rating.mu, rating.sigma, rating.matches, rating.wins, rating.losses,
                     rating.draws, rating.last_played, match_id),
                )  # fmt: skip
                out.append(rating)
        return tuple(out)

    async def unrated_matches(self) -> list[int]:
        """Finished queue matches not rated into the queue ratings yet (the process
        stopped in between), in the order they ended."""
        return [int(r["id"]) for r in await self.backend.fetchall(SELECT_UNRATED_QUEUE_MATCHES)]

    # -- ladder channels -------------------------------------------------------------

    async def ladder_channel(self, guild_id: int) -> int | None:
        """The server's ladder channel, or ``None`` (never set, or cleared)."""
        value = await self.backend.fetchval(SELECT_LADDER, (guild_id,))
        return None if value is None else int(value)

    async def ladder_channels(self, guild_ids: Iterable[int]) -> dict[int, int]:
        """The ladder channels of those of ``guild_ids`` that set one (one query)."""
        ids = sorted(set(guild_ids) - {NO_SERVER})
        if not ids:
            return {}
        rows = await self.backend.fetchall(
            "SELECT guild_id, channel_id FROM ladder_settings"
            f" WHERE channel_id IS NOT NULL AND guild_id IN {in_list(len(ids))}",
            tuple(ids),
        )
        return {int(row[0]): int(row[1]) for row in rows}

    async def set_ladder_channel(self, guild_id: int, channel_id: int | None, now: float) -> None:
        """Set (or clear, ``None``) the server's ladder channel."""
        await self.backend.execute(SET_LADDER, (guild_id, channel_id, now))

    # -- a match's other boards ------------------------------------------------------

    async def boards(self, match_id: int) -> list[BoardPlace]:
        """The public boards of ``match_id`` besides its channel's, by place."""
        return [_board(row) for row in await self.backend.fetchall(SELECT_BOARDS, (match_id,))]

    async def set_board_channel(self, board: BoardPlace, channel_id: int) -> bool:
        """The board's channel (a DM channel, a ladder thread), once: ``False`` if
        another process set one first (use that one)."""
        params = (channel_id, board.match_id, board.place)
        return await self.backend.execute(SET_BOARD_CHANNEL, params) > 0

    async def set_board_message(
        self, board: BoardPlace, message_id: int | None, image_key: str | None
    ) -> bool:
        """The board's message and picture, if it still shows ``board.message_id``
        (compare-and-set): ``False`` if another process posted one meanwhile."""
        params = (message_id, image_key, board.match_id, board.place, board.message_id)
        return await self.backend.execute(SET_BOARD_MESSAGE, params) > 0

    async def set_board_image(self, board: BoardPlace, image_key: str | None) -> None:
        """The picture the board's message shows now."""
        await self.backend.execute(SET_BOARD_IMAGE, (image_key, board.match_id, board.place))

    async def set_board_posted(self, board: BoardPlace, close_at: float | None) -> bool:
        """The result was posted at the board (once: ``False`` if it already was); a
        ladder thread then closes at ``close_at``."""
        params = (close_at, board.match_id, board.place)
        return await self.backend.execute(SET_BOARD_POSTED, params) > 0

    async def set_board_closed(self, board: BoardPlace) -> None:
        """The board's thread is closed."""
        await self.backend.execute(SET_BOARD_CLOSED, (board.match_id, board.place))

    async def unfinished_boards(self) -> list[BoardPlace]:
        """Boards of finished matches whose result is not posted yet, or whose ladder
        thread is still open (a process stopped in between)."""
        return [_board(row) for row in await self.backend.fetchall(SELECT_UNFINISHED_BOARDS)]


__all__ = [
    "NO_SERVER",
    "QUEUING",
    "BoardPlace",
    "Busy",
    "JoinRefused",
    "Pair",
    "QueueEntry",
    "QueueRating",
    "QueueStore",
    "new_token",
]
