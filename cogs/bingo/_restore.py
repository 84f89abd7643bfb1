"""Restoring matches at start-up and reloading them from the database
(:class:`MatchRestore`, a collaborator of :class:`._matches.MatchService`): it turns
stored rows into live matches (their configuration, :class:`bot.matches.config.MatchConfig`;
their display bookkeeping, :class:`._display.Display`; their public log), takes over due
work of any server, and redraws what a restart left behind. Several processes on one
database: see :mod:`._matches`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING

from bot import limits
from bot.engine import BingoState
from bot.matches import (
    FinalResult,
    Match,
    MatchFinished,
    MatchRuntime,
    Seat,
)
from bot.matches.config import MatchConfig
from bot.matches.events import snapshot
from cogs.languages import guild_language

from ._display import Display
from ._table import LiveMatch, MatchTable, table_of

if TYPE_CHECKING:
    from bot.client import BingoBot
    from bot.storage import Database, MatchRecord
    from bot.storage.leases import Leases

    from ._challenges import Challenges
    from ._delivery import Delivery
    from ._threads import MatchThreads

log = logging.getLogger(__name__)

#: The keys of a ``ui`` an older version kept the configuration in (schema versions
#: before 11 and 12 moved them to ``matches.config``).
CONFIG_KEYS = ("timing", "quick", "language", "languages", "tips")


def config_of(record: MatchRecord) -> MatchConfig:
    """The configuration of a stored match (``matches.config``). A key still in its
    ``ui`` (a row an older version wrote) is read from there when the column lacks it."""
    old = {key: record.ui[key] for key in CONFIG_KEYS if key in record.ui}
    return MatchConfig.from_json({**old, **record.config})


@dataclass(eq=False)
class MatchRestore:
    """Start-up, reloading and the poll for due work of the matches of one bot process
    (see the module docstring); :class:`._matches.MatchService` composes it. ``bot``:
    whose shards this process runs, its readiness, its events; ``seats``: the seats of a
    stored match (``seats(player_ids, ai_seat, ai_level, seed)``)."""

    bot: BingoBot
    db: Database
    runtime: MatchRuntime[MatchTable]
    leases: Leases
    delivery: Delivery
    challenges: Challenges
    threads: MatchThreads
    _: KW_ONLY
    seats: Callable[[Sequence[int], int | None, str | None, int], tuple[Seat, Seat]]
    #: Seconds between two looks for due work of any server (tests shorten it).
    poll_seconds: float = field(default=limits.MATCH_POLL_SECONDS, init=False)
    _restore_task: asyncio.Task[None] | None = field(default=None, init=False)
    _poll_task: asyncio.Task[None] | None = field(default=None, init=False)

    async def stop(self) -> None:
        """Cancel the redraw after start-up and the poll."""
        for task in (self._restore_task, self._poll_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def start(self) -> None:
        """Reload the matches in progress (their deadlines armed, a deadline that passed
        while the bot was down fires at once, a pending move of the bot is taken again)
        and the open challenges; then, once the gateway is ready, redraw every board and
        panel and announce any result the last process committed but did not post."""
        active = []
        for record in await self.db.active_matches():
            if not self.owns(record.guild_id):
                continue  # its own process restores it (any process takes its clicks)
            match = await self._load(record)
            if match is not None:
                self.runtime.restore(match)
                active.append(match)
        await self.challenges.restore()
        unposted = await self.db.unannounced_matches()
        closing = await self.threads.restore(self.owns, {record.id for record in unposted})
        if closing:
            log.info("%s finished match(es) have a thread to close", closing)
        finished = [
            match
            for record in unposted
            if self.owns(record.guild_id) and (match := await self._load(record)) is not None
        ]
        if active or finished:
            self._restore_task = asyncio.create_task(
                self._redraw(active, finished), name="bingo-restore"
            )
        self._poll_task = asyncio.create_task(self._poll(), name="bingo-poll")
        log.info("Restored %s match(es) in progress", len(active))

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs ``guild_id``'s shard (``bot.owns_guild``; always
        when unsharded)."""
        owns = getattr(self.bot, "owns_guild", None)
        return True if owns is None else bool(owns(guild_id))

    async def _poll(self) -> None:
        """Every :attr:`poll_seconds`: take over the due timed work of any server's
        matches (:meth:`MatchRuntime.poll`: claimed through a lease) and expire any
        server's overdue challenges (closing one is a compare-and-set: once)."""
        while True:
            await asyncio.sleep(self.poll_seconds)
            try:
                await self.runtime.poll()
                due = time.time() - limits.MATCH_POLL_GRACE_SECONDS
                for challenge_id in await self.leases.due_challenges(due):
                    self.challenges.expire_soon(challenge_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Looking for due matches and challenges failed")

    async def loader(self, match_id: int, cached: LiveMatch | None) -> LiveMatch | None:
        """The runtime's loader: ``cached`` (the live copy) checked against the stored
        version with one indexed read and, when another process moved the match on,
        refreshed in place from its row (state, deadline, ``ui``); without ``cached``, the
        match loaded from its row. ``None`` when it is not active."""
        if cached is not None:
            version = await self.leases.version_of(match_id)
            if version is None:
                return None
            if version == cached.state.version:
                return cached
        record = await self.db.get_match(match_id)
        if record is None or not record.active:
            return None
        if cached is None:
            return await self._load(record)
        try:
            state = BingoState.from_json(record.state)
        except Exception:
            log.exception("Match %s cannot be reloaded", match_id)
            return None
        table = table_of(cached)
        config = config_of(record)
        if not config.has_language:
            config = config.with_language(table.config.language)
        table.display, table.config = Display.from_json(record.ui), config
        table.board_shown = None  # another process may have edited the board
        cached.state, cached.deadline, cached.log = state, record.deadline, record.log
        return cached

    async def _redraw(self, active: list[LiveMatch], finished: list[LiveMatch]) -> None:
        await self.bot.wait_until_ready()
        for match in active:
            self.delivery.kick(match, redraw=True)
        for match in finished:
            state = match.state
            assert state.result is not None
            record = await self.db.get_match(match.id)
            ended = (record.ended_at if record is not None else None) or time.time()
            self.delivery.kick(match, announce=True)  # not in the runtime: kicked here
            result = FinalResult.of(state, match.seats, ended)
            self.bot.dispatch(
                "bingo_match_finished",
                MatchFinished(match.id, state.version, snapshot(state), result),
            )
        log.info("Redrew %s match(es) after start-up", len(active) + len(finished))
        for match in active + finished:
            try:
                await self.delivery.panels.retire_strays(match)
            except Exception:
                log.exception("Could not look for stray panels of match %s", match.id)

    async def _load(self, record: MatchRecord) -> LiveMatch | None:
        """The live match of ``record``; or, when its stored state cannot be loaded, log
        it with its id and set it aside (``Database.set_match_broken``: it blocks
        neither player and counts for nobody) and return ``None``."""
        try:
            state = BingoState.from_json(record.state)
            table = MatchTable(
                record.guild_id,
                record.channel_id,
                record.started_at,
                Display.from_json(record.ui),
                level=record.ai_level,
                config=config_of(record),
            )  # fmt: skip  (a ui that cannot be shown is broken too: from_json raises)
            seats = self.seats(record.player_ids, record.ai_seat, record.ai_level, record.seed)
        except Exception:
            log.exception("Match %s cannot be loaded; setting it aside", record.id)
            if record.active:
                await self.db.set_match_broken(record.id, ended_at=time.time())
            else:  # finished, its result unannounced: nothing can be shown
                await self.db.set_match_announced(record.id)
            return None
        config = table.config
        if not config.has_language:  # stored before matches kept their languages
            table.config = config.with_language(await guild_language(self.bot, record.guild_id))
        return Match(
            record.id, seats, state, deadline=record.deadline, context=table,
            quick_counter=config.quick, timing=config.timing_over(self.runtime.timing),
            log=record.log,
        )  # fmt: skip
