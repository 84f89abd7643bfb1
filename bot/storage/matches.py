"""Match rows (``matches``): seed, options, decisions and a state snapshot (JSON text),
a ``version``, and lifecycle columns (``status``, ``announced``, ``rated``).

Every write of a match's play is a compare-and-set on its version
(:meth:`MatchRowStore.save_match_cas`, :meth:`MatchRowStore.finish_match_cas`: ``... WHERE id
= ? AND status = 'active' AND version = ?``), so the database, not an in-process lock,
decides which of two concurrent decisions wins; the loser gets False and changes nothing.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict, Unpack, get_args

import orjson

from bot.engine.outcome import Outcome
from bot.storage import sql
from bot.storage.backend import Backend, Row, record_of
from bot.storage.base import StorageBase, encode_engine_json, encode_json
from bot.storage.stats import AiLevel, count_result

log = logging.getLogger(__name__)

#: How many matches' last committed public log :meth:`MatchRowStore.save_match_cas`
#: keeps in memory (a live match's log is a few kilobytes; the matches live at once in
#: one process fit many times over).
LOGS_KEPT = 4096

MatchStatus = Literal["active", "finished"]
#: The ``result`` column: :attr:`Outcome.WIN` or :attr:`Outcome.DRAW` (NULL for
#: :attr:`Outcome.NO_RESULT`, stopped from outside). :class:`Outcome` (the engine's) is
#: how a match ends for :meth:`MatchRowStore.finish_match_cas`.
MatchResult = Outcome
#: How a commit changes a match's public log (``matches.log``): the stored log in, the
#: new log out (``bot.matches.log.extend_log`` with the change's events).
LogUpdate = Callable[[list[Any]], list[Any]]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A row of ``matches`` with its JSON columns decoded.

    ``player_ids`` is ``(player0_id, player1_id)``. ``options``, ``state`` and ``ui``
    are dicts, ``decisions`` and ``log`` lists, exactly as given to
    :meth:`MatchRowStore.create_match` / :meth:`MatchRowStore.save_match_cas` (``log``:
    the public log, :mod:`bot.matches.log`; ``ui``: what the delivery keeps).
    ``result``/``winner_id``/``loser_id``/``reason``/``turns``/``ended_at`` are ``None``
    while the match is active.

    A finished match with ``result`` ``None`` counted for nobody: ``reason``
    ``"no_result"`` (stopped from outside: its channel was deleted or became
    unwritable), ``"moderator"`` (a moderator ended it; their words are in
    ``state["result"]["note"]``) or ``"broken"`` (its row could not be loaded; set aside by
    :meth:`MatchRowStore.set_match_broken`).
    """

    id: int
    guild_id: int
    channel_id: int
    player_ids: tuple[int, int]
    seed: int
    options: dict[str, Any]
    decisions: list[Any]
    state: dict[str, Any]
    version: int
    status: MatchStatus
    ui: dict[str, Any]
    deadline: float | None
    board_message_id: int | None
    started_at: float
    ended_at: float | None
    result: MatchResult | None
    winner_id: int | None
    loser_id: int | None
    reason: str | None
    turns: int | None
    #: The seat (0 or 1) the bot plays and its level; both ``None`` between two members.
    ai_seat: int | None = None
    ai_level: AiLevel | None = None
    #: The public log (``matches.log``): public events, or text lines of old matches.
    log: list[Any] = field(default_factory=list)
    #: The configuration (``matches.config``; ``bot.matches.config.MatchConfig.to_json``).
    config: dict[str, Any] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        """Whether the match is still being played."""
        return self.status == "active"


class MatchColumns(TypedDict):
    """The columns that describe a new match, as every way of creating one takes them
    (keyword arguments of :meth:`MatchRowStore.create_match`,
    :meth:`MatchRowStore.create_bot_match` and ``accept_challenge``): ``options``,
    ``state``, ``ui`` and ``config`` JSON-ready dicts, ``decisions`` and ``log`` lists
    (``log``: the public log so far, ``config``: the configuration; ``None`` or left out:
    empty), ``started_at`` and ``deadline`` Unix seconds."""

    seed: int
    options: dict[str, Any]
    state: dict[str, Any]
    decisions: list[Any]
    version: int
    started_at: float
    deadline: float | None
    ui: dict[str, Any]
    log: NotRequired[list[Any] | None]
    config: NotRequired[dict[str, Any] | None]


def column_params(
    *,
    seed: int,
    options: dict[str, Any],
    state: dict[str, Any],
    decisions: list[Any],
    version: int,
    started_at: float,
    deadline: float | None,
    ui: dict[str, Any],
    log: list[Any] | None = None,
    config: dict[str, Any] | None = None,
) -> tuple[Any, ...]:
    """The parameters of ``sql.INSERT_MATCH`` after its four ids (guild, channel, the two
    players), from the :class:`MatchColumns`: ``seed`` to ``started_at``.

    Raises:
        TypeError/ValueError: a JSON value cannot be encoded (e.g. NaN, sets).
    """
    return (  # the indexes of version and log: _VERSION, _LOG
        seed,
        encode_json(options),
        encode_json(decisions),
        encode_json(state),
        version,
        encode_json(ui),
        encode_json(log or []),
        encode_json(config or {}),
        deadline,
        started_at,
    )


#: Where :func:`column_params` puts the version and the log's JSON text.
_VERSION, _LOG = 4, 6


def _match_params(
    *,
    guild_id: int,
    channel_id: int,
    player_ids: tuple[int, int],
    **columns: Unpack[MatchColumns],
) -> tuple[Any, ...]:
    """The parameters of ``sql.INSERT_MATCH`` (see :meth:`MatchRowStore.create_match`)."""
    if len(player_ids) != 2 or player_ids[0] == player_ids[1]:
        raise ValueError(f"a match needs two different players, got {player_ids}")
    return (guild_id, channel_id, player_ids[0], player_ids[1], *column_params(**columns))


class MatchRowStore(StorageBase):
    """Creating, reading and compare-and-set writing of match rows."""

    def __init__(self, backend: Backend) -> None:
        super().__init__(backend)
        self._committed_logs: dict[int, tuple[int, str]] = {}

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        **columns: Unpack[MatchColumns],
    ) -> int:
        """Insert an ``active`` match between two members in ``guild_id``/``channel_id``
        and return its id (a challenge creates its match with :meth:`accept_challenge`
        instead). ``player_ids``: the two user ids in seat order; ``columns``: the
        :class:`MatchColumns`.

        Raises:
            ValueError: ``player_ids`` is not two different users.
            TypeError/ValueError: a JSON value cannot be encoded (e.g. NaN, sets).
        """
        params = _match_params(
            guild_id=guild_id, channel_id=channel_id, player_ids=player_ids, **columns
        )
        match_id = int(await self.backend.fetchval(sql.INSERT_MATCH, params))
        self.match_created(match_id, params[4:])
        return match_id

    def match_created(self, match_id: int, described: tuple[Any, ...]) -> None:
        """Remember the log a new match row holds at its version (``described``: the
        :func:`column_params` it was inserted with), as :meth:`save_match_cas` remembers
        each commit's: its first commit is then one compare-and-set UPDATE, not a
        transaction that reads the log back. Under load a transaction holds SQLite's
        write lock for a trip to the database thread per statement, and every other
        write waits (a burst of new matches in ``python -m benchmarks.load``)."""
        logs = self._logs()
        logs[match_id] = (described[_VERSION], described[_LOG])
        while len(logs) > LOGS_KEPT:
            del logs[next(iter(logs))]

    async def create_match_if_free(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        **columns: Unpack[MatchColumns],
    ) -> int | tuple[int, ...]:
        """:meth:`create_match` (same keyword arguments), unless a player already plays
        an active match in ``guild_id`` (see :meth:`_insert_unless_busy`), so no path
        seats a member in two live matches of one server.

        Returns:
            The new match id, or the tuple of the busy players' ids (nothing stored).
        """
        params = _match_params(
            guild_id=guild_id, channel_id=channel_id, player_ids=player_ids, **columns
        )
        return await self._insert_unless_busy(guild_id, tuple(player_ids), sql.INSERT_MATCH, params)

    async def _insert_unless_busy(
        self, guild_id: int, members: tuple[int, ...], insert: str, params: tuple[Any, ...]
    ) -> int | tuple[int, ...]:
        """Run ``insert`` (a ``matches`` INSERT ... RETURNING id) with ``params`` unless
        one of ``members`` already plays an active match in ``guild_id`` (or a queue
        match, or a match of no server: those hold a member everywhere, docs/queue.md).
        The checks and the insert are one transaction, serialized per member on
        PostgreSQL (keys ``("member", guild_id, user_id)`` and ``("member", user_id)``,
        the one the queue's insert takes too), so two paths at once seat a member in one
        match at most.

        Returns:
            The new match id, or the busy members' ids in the order of ``members``
            (nothing stored).
        """
        keys: list[tuple[str | int, ...]] = [("member", guild_id, m) for m in sorted(members)]
        keys += [("member", m) for m in sorted(members)]
        async with self.backend.transaction(*keys) as tx:
            busy = [
                m
                for m in members
                if await tx.fetchone(sql.SELECT_ACTIVE_MATCH_ID_OF, (guild_id, m, m)) is not None
            ]
            if busy:
                return tuple(busy)
            match_id = int(await tx.fetchval(insert, params))
        self.match_created(match_id, params[4:])
        return match_id

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        """Remember the id of the match's public board message."""
        await self.backend.execute(sql.UPDATE_MATCH_BOARD_MESSAGE, (message_id, match_id))

    async def save_match_uis(self, rows: Sequence[tuple[int, int, dict[str, Any]]]) -> None:
        """Store the ``ui`` of several matches in one batch (one transaction): each row
        ``(match_id, version, ui)`` is written only if that match is still at
        ``version`` (active or finished). Which rows were written is what
        :meth:`match_versions` still finds at their version."""
        await self.backend.executemany(
            sql.SAVE_MATCH_UI_IF_VERSION,
            [(encode_json(ui), match_id, version) for match_id, version, ui in rows],
        )

    async def save_match_displays(self, rows: Sequence[tuple[int, int, str, str]]) -> None:
        """Like :meth:`save_match_uis`, with the match's ``config`` too: each row
        ``(match_id, version, ui, config)``, ``ui`` and ``config`` as compact JSON text
        (the caller encodes them once: it compares the text to what it last stored), is
        written only if that match is still at ``version`` (the players' languages and
        tips change during a match)."""
        await self.backend.executemany(
            sql.SAVE_MATCH_DISPLAY_IF_VERSION,
            [(ui, config, match_id, version) for match_id, version, ui, config in rows],
        )

    async def match_versions(self, match_ids: Sequence[int]) -> dict[int, int]:
        """The stored version of each of ``match_ids`` that exists (one query)."""
        if not match_ids:
            return {}
        marks = ", ".join("?" * len(match_ids))
        rows = await self.backend.fetchall(
            f"SELECT id, version FROM matches WHERE id IN ({marks})", tuple(match_ids)
        )
        return {int(row[0]): int(row[1]) for row in rows}

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match with this id, or None."""
        row = await self.backend.fetchone(sql.SELECT_MATCH, (match_id,))
        return match_of(row) if row is not None else None

    async def active_matches(self) -> list[MatchRecord]:
        """All active matches of every guild, oldest first (to resume after restart).

        A row whose JSON columns cannot be decoded is logged (ERROR, with its id) and set
        aside with :meth:`set_match_broken` instead of failing the whole list.
        """
        records = []
        for row in await self.backend.fetchall(sql.SELECT_ACTIVE_MATCHES):
            try:
                records.append(match_of(row))
            except (ValueError, TypeError) as error:  # json.JSONDecodeError is a ValueError
                log.error("Match %s cannot be read (%s); setting it aside", row["id"], error)
                await self.set_match_broken(row["id"], ended_at=time.time())
        return records

    async def active_matches_by_guild(self) -> dict[int, int]:
        """How many matches are active in each guild: ``{guild_id: count}``, guilds with
        none left out. One aggregate query: no row is read or decoded (a live-match gauge
        runs it while hundreds of matches are played)."""
        rows = await self.backend.fetchall(sql.COUNT_ACTIVE_MATCHES_BY_GUILD)
        return {int(row["guild_id"]): int(row["n"]) for row in rows}

    async def set_match_broken(self, match_id: int, *, ended_at: float) -> bool:
        """Set aside an active match that cannot be loaded: it stops being active (its
        players are free to play again), counts for nobody (no result, ``reason``
        ``"broken"``), is never announced nor listed in recent matches, and keeps its
        stored columns for inspection. ``ended_at``: Unix seconds.

        Returns True if this call set it aside; False if it was not active or does not
        exist.
        """
        return await self.backend.execute(sql.SET_ACTIVE_MATCH_BROKEN, (ended_at, match_id)) > 0

    async def unannounced_matches(self) -> list[MatchRecord]:
        """Finished matches not yet marked announced (:meth:`set_match_announced`): the
        process stopped between committing the result and posting it."""
        records = []
        for row in await self.backend.fetchall(sql.SELECT_UNANNOUNCED_MATCHES):
            try:
                records.append(match_of(row))
            except (ValueError, TypeError) as error:
                log.error("Match %s cannot be read (%s); not announcing it", row["id"], error)
                await self.set_match_announced(row["id"])
        return records

    async def finished_matches_since(self, ended_after: float) -> list[MatchRecord]:
        """Finished matches that ended at or after ``ended_after`` (Unix seconds), oldest
        first (at start-up: the threads of recent matches still to close). A row that
        cannot be decoded is logged and skipped."""
        records = []
        rows = await self.backend.fetchall(sql.SELECT_FINISHED_MATCHES_SINCE, (ended_after,))
        for row in rows:
            try:
                records.append(match_of(row))
            except (ValueError, TypeError) as error:
                log.error("Match %s cannot be read (%s); skipping it", row["id"], error)
        return records

    async def set_match_announced(self, match_id: int) -> None:
        """Mark a finished match's result as posted (or as never to be posted: its
        channel is gone), so no later start announces it again."""
        await self.backend.execute(sql.SET_MATCH_ANNOUNCED, (match_id,))

    async def result_announced(self, match_id: int) -> bool:
        """Whether nothing is left to post of match ``match_id``'s result: it was posted
        (or never will be: :meth:`set_match_announced`), the match was set aside, or it
        does not exist. ``False`` while it is active or its result waits to be posted."""
        row = await self.backend.fetchone(sql.SELECT_MATCH_ANNOUNCED, (match_id,))
        if row is None or row["reason"] == "broken":
            return True
        return row["status"] == "finished" and bool(row["announced"])

    async def active_match_of(self, guild_id: int, user_id: int) -> MatchRecord | None:
        """The user's active match in ``guild_id`` (the oldest if several), or None."""
        row = await self.backend.fetchone(sql.SELECT_ACTIVE_MATCH_OF, (guild_id, user_id, user_id))
        return match_of(row) if row is not None else None

    async def active_match_anywhere(self, user_id: int) -> int | None:
        """The id of the user's active match in any server (the oldest if several, as
        :meth:`active_match_of` picks in one server), or None."""
        row = await self.backend.fetchone(sql.SELECT_ACTIVE_MATCH_ANYWHERE, (user_id, user_id))
        return int(row[0]) if row is not None else None

    async def recent_matches(
        self, guild_id: int, user_id: int, limit: int = 5
    ) -> list[MatchRecord]:
        """The user's finished matches in ``guild_id``, newest (by ``ended_at``) first."""
        rows = await self.backend.fetchall(
            sql.SELECT_RECENT_MATCHES, (guild_id, user_id, user_id, limit)
        )
        return [match_of(row) for row in rows]

    async def create_bot_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player_ids: tuple[int, int],
        ai_seat: int,
        ai_level: AiLevel,
        **columns: Unpack[MatchColumns],
    ) -> int | None:
        """Insert an ``active`` match between a member and the bot (seat ``ai_seat``,
        playing at ``ai_level``; other arguments: as for :meth:`create_match`), unless
        the member already plays an active match in ``guild_id``: the check and the insert
        are one transaction (:meth:`_insert_unless_busy`), so a double
        ``/bingo challenge opponent:@bot`` starts one match.
        The bot's own seat is not checked (it plays any number of matches at once).

        Returns:
            The new match id, or None (nothing stored) if the member is busy.

        Raises:
            ValueError: ``player_ids`` is not two different users, ``ai_seat`` is not 0
                or 1, or ``ai_level`` is not easy/medium/hard.
        """
        if ai_seat not in (0, 1):
            raise ValueError(f"ai_seat must be 0 or 1, got {ai_seat!r}")
        if ai_level not in get_args(AiLevel):
            raise ValueError(f"unknown AI level {ai_level!r}")
        params = _match_params(
            guild_id=guild_id, channel_id=channel_id, player_ids=player_ids, **columns
        )
        member = player_ids[1 - ai_seat]
        created = await self._insert_unless_busy(
            guild_id, (member,), sql.INSERT_BOT_MATCH, (*params, ai_seat, ai_level)
        )
        return None if isinstance(created, tuple) else created

    async def save_match_cas(
        self,
        match_id: int,
        expected_version: int,
        *,
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        deadline: float | None,
        log: LogUpdate | None = None,
        wake: float | None = None,
    ) -> bool:
        """Compare-and-set: store a match's new ``state`` (at ``version``), ``decisions``
        and ``deadline`` (Unix seconds or None) only if it is active and still at
        ``expected_version``. ``log``: makes the new public log from the stored one, in
        the same transaction (``None``: keep it; one UPDATE then). ``wake``: when the
        match at ``version`` next needs a process (Unix seconds or None;
        ``bot.storage.leases``). Committed before returning. ``state``, ``decisions`` and
        the log are the engine's JSON (no floats), encoded with
        :func:`~bot.storage.base.encode_engine_json`: this runs on every decision.

        Returns:
            True if this call stored it; False (nothing changed) if the match moved on,
            is finished or does not exist.
        """
        params = [
            encode_engine_json(state),
            encode_engine_json(decisions),
            version,
            deadline,
            None,
            wake,
            version,
            match_id,
            expected_version,
        ]
        if log is None:
            return await self.backend.execute(sql.SAVE_ACTIVE_MATCH_IF_VERSION, tuple(params)) > 0
        logs = self._logs()
        known = logs.pop(match_id, None)
        if known is not None and known[0] == expected_version:
            # The log this process stored with ``expected_version``: if the row is still
            # there, it still holds it (only these commits write ``log``, each with a new
            # version), so one compare-and-set UPDATE does what the transaction does.
            params[4] = text = encode_engine_json(log(orjson.loads(known[1])))
            saved = await self.backend.execute(sql.SAVE_ACTIVE_MATCH_IF_VERSION, tuple(params)) > 0
        else:
            async with self.backend.transaction() as tx:
                row = await tx.fetchone(sql.SELECT_MATCH_LOG, (match_id,))
                if row is None or row["status"] != "active" or row["version"] != expected_version:
                    return False
                params[4] = text = encode_engine_json(log(orjson.loads(row["log"])))
                saved = await tx.execute(sql.SAVE_ACTIVE_MATCH_IF_VERSION, tuple(params)) > 0
        if saved:
            logs[match_id] = (version, text)
            while len(logs) > LOGS_KEPT:
                del logs[next(iter(logs))]  # the match committed longest ago
        return saved

    def _logs(self) -> dict[int, tuple[int, str]]:
        """The public log (JSON text) each match was last committed with by this process,
        and at which version: match id → ``(version, log)``, oldest commit first (at most
        :data:`LOGS_KEPT`; see :meth:`save_match_cas`)."""
        return self._committed_logs

    async def finish_match_cas(
        self,
        match_id: int,
        expected_version: int,
        *,
        state: dict[str, Any],
        decisions: list[Any],
        version: int,
        outcome: Outcome,
        winner_id: int | None,
        loser_id: int | None,
        reason: str,
        turns: int,
        ended_at: float,
        log: LogUpdate | None = None,
    ) -> bool:
        """Compare-and-set: finish a match that is active and still at
        ``expected_version``, and record its result, in one transaction.

        The match becomes ``finished`` (deadline cleared) with ``result`` ``"win"`` or
        ``"draw"``, or NULL for ``"no_result"`` (stopped from outside; ``reason`` says
        why, e.g. ``"no_result"``). Stats (RULES §1.8 results; docs/RULES.md §3 for the bot):

        - between two members: ``players`` gets +1 win / +1 loss, or +1 draw each;
        - against the bot (the match has an ``ai_level``): only the member's row of
          ``bot_records`` at that level changes; ``players`` never does and the bot's
          account is recorded nowhere;
        - ``"no_result"`` counts for nobody.

        The stats change only if this call's UPDATE won the compare-and-set, so a result
        counts exactly once even when two processes finish the same match at once.
        ``log``: makes the new public log from the stored one (``None``: keep it). Times
        are Unix seconds.

        Returns:
            True if this call finished it; False (nothing changed) if the match moved
            on, is already finished or does not exist.

        Raises:
            ValueError: ``outcome`` is unknown; a win's winner and loser are not the
                match's two players; a draw or no result names a winner or loser.
        """
        try:
            outcome = Outcome(outcome)
        except ValueError:
            raise ValueError(f"unknown match outcome {outcome!r}") from None
        if outcome is Outcome.WIN:
            if winner_id is None or loser_id is None or winner_id == loser_id:
                raise ValueError("a win needs a winner_id and a different loser_id")
        elif winner_id is not None or loser_id is not None:
            raise ValueError(f"{outcome.value!r} has no winner or loser")
        # The ``result`` column (NULL for no result), as its plain string.
        result = None if outcome is Outcome.NO_RESULT else outcome.value
        params: list[Any] = [
            encode_engine_json(state),
            encode_engine_json(decisions),
            version,
            None,
            result,
            winner_id,
            loser_id,
            reason,
            turns,
            ended_at,
            match_id,
            expected_version,
        ]
        self._logs().pop(match_id, None)
        async with self.backend.transaction() as tx:
            row = await tx.fetchone(sql.SELECT_MATCH_FOR_FINISH, (match_id,))
            if row is None or row["status"] != "active" or row["version"] != expected_version:
                return False
            players = (row["player0_id"], row["player1_id"])
            if outcome is Outcome.WIN:
                assert winner_id is not None and loser_id is not None  # checked above
                if sorted((winner_id, loser_id)) != sorted(players):
                    raise ValueError(f"winner {winner_id} and loser {loser_id} are not {players}")
            if log is not None:
                params[3] = encode_engine_json(log(orjson.loads(row["log"])))
            if await tx.execute(sql.FINISH_ACTIVE_MATCH_IF_VERSION, tuple(params)) != 1:
                return False
            if result is not None:
                await count_result(
                    tx,
                    guild_id=row["guild_id"],
                    players=players,
                    result=outcome,
                    winner_id=winner_id,
                    ai_seat=row["ai_seat"],
                    ai_level=row["ai_level"],
                )
        return True


def match_of(row: Row) -> MatchRecord:
    """A :class:`MatchRecord` from a ``matches`` row (the columns of ``SELECT_MATCH``).

    Raises:
        ValueError/TypeError: a JSON column cannot be decoded.
    """
    json_columns = ("options", "decisions", "state", "ui", "log", "config")
    return record_of(
        MatchRecord,
        row,
        player_ids=(row["player0_id"], row["player1_id"]),
        result=None if row["result"] is None else Outcome(row["result"]),
        **{column: json.loads(row[column]) for column in json_columns},
    )
