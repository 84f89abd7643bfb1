"""Showing committed matches on Discord: board, hand panels, result, through the outbox.

The match runtime commits a change and arms its deadline; then its listener calls
:meth:`Delivery.kick`. Each match has at most one *courier* task that brings its
messages up to date with the live state (coalescing changes that arrive meanwhile), so
a match's messages stay in order without any lock held across a call to Discord: the
match's lock is taken only around the database write of its display bookkeeping
(:class:`._display.Display`, the ``ui`` column, which only the delivery writes).

The board's picture is drawn in the render pool (``BingoBot.render_pool``: a process of
its own by default, so Pillow never holds the event loop's GIL), one picture at a time
per match, and a pass never waits for it: the panels go out at once, and the picture's
completion brings the courier back to show the board *as it was drawn* (picture and
embed of the same version). A match that moved on meanwhile is drawn again, so under
load a board skips versions instead of falling behind, and the result is posted only
after its board.

A delivery never stops a match: every request goes through :class:`bot.outbox.Outbox`
(pacing, retries, DM channels, closed DMs). A transient failure (5xx, a 429 given up,
the network) brings the courier back after :data:`RETRY_DELAYS`; a channel that is gone
or unwritable ends the match with no result (``MatchRuntime.abandon``) and each player
is told privately why; any other refusal is logged.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from bot.matches import MatchRuntime, Scheduler
from bot.outbox import Outbox
from bot.storage.base import encode_engine_json

from ._board import BoardCourier
from ._display import Display
from ._panels import PanelCourier
from ._table import Lane, LiveMatch, MatchTable, Problems, StoredUi, table_of

if TYPE_CHECKING:
    from bot.storage import Database
    from bot.storage.leases import Leases

log = logging.getLogger(__name__)

#: Seconds before each new try to deliver a match's messages after a transient Discord
#: failure; after the last, the match's next change delivers again.
RETRY_DELAYS = (2.0, 5.0, 15.0, 30.0, 60.0)

#: Seconds between two batches of ``ui`` writes (:meth:`Delivery.save_ui`).
UI_FLUSH_SECONDS = 0.5


class Delivery:
    """The couriers of every match of one bot process (see the module docstring): the
    lanes of each match, and the writes of its ``ui``. What the lanes show is the
    collaborators' job: :attr:`panels` (:class:`._panels.PanelCourier`, the hand panels
    and tidying) and :attr:`board` (:class:`._board.BoardCourier`, the board and the
    result)."""

    def __init__(
        self,
        outbox: Outbox,
        db: Database,
        runtime: MatchRuntime[MatchTable],
        scheduler: Scheduler,
        *,
        leases: Leases | None = None,
        render: Executor | None = None,
        board_seconds: float = 0.0,
        attention_seconds: float = 0.0,
        on_announced: Callable[[LiveMatch], None] | None = None,
    ) -> None:
        """``on_announced``: called with a match once its result is posted."""
        self.outbox = outbox
        self.db = db
        self.leases = leases
        self.scheduler = scheduler
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._couriers: set[asyncio.Task[None]] = set()
        self._closed = False
        #: Seconds a ``ui`` waits to be stored with the others (:meth:`save_ui`).
        self.ui_flush_seconds = UI_FLUSH_SECONDS
        self._unsaved: dict[int, tuple[LiveMatch, StoredUi]] = {}
        self._flusher: asyncio.Task[None] | None = None
        #: The hand panels and the tidying of old messages.
        self.panels = PanelCourier(outbox, attention_seconds=attention_seconds)
        #: The board and the result post.
        self.board = BoardCourier(
            outbox, db, runtime, scheduler, wake=self._wake_board, retry_later=self._retry_later,
            render=render, board_seconds=board_seconds, on_announced=on_announced,
        )  # fmt: skip

    # -- entry points ------------------------------------------------------------------

    def kick(self, match: LiveMatch, *, redraw: bool = False, announce: bool = False) -> None:
        """Bring ``match``'s messages up to date soon: its panels lane, which wakes its
        board lane as it begins and its tidying lane once its panels are sent (each one
        task at a time, so a board waiting for its channel's bucket never holds up a
        panel, nor a panel waiting for its DM channel the board). ``redraw``: after a
        restart, edit each player's last panel in place and the board even when it looks
        current. ``announce``: the match is over; post its result (once)."""
        table = table_of(match)
        table.redraw = table.redraw or redraw
        table.announce = table.announce or announce
        self._lane(match, table.panel_lane, self._deliver, "panels")

    def _lane(
        self,
        match: LiveMatch,
        lane: Lane,
        work: Callable[[LiveMatch, Problems], Awaitable[None]],
        name: str,
    ) -> None:
        """Mark ``lane`` dirty and run ``work`` in its task until nothing changed during
        the last pass."""
        lane.dirty = True
        if self._closed or (lane.task is not None and not lane.task.done()):
            return
        task = asyncio.get_running_loop().create_task(
            self._run_lane(match, lane, work), name=f"bingo-{name}-{match.id}"
        )
        lane.task = task
        self._couriers.add(task)
        task.add_done_callback(self._couriers.discard)

    async def _run_lane(
        self, match: LiveMatch, lane: Lane, work: Callable[[LiveMatch, Problems], Awaitable[None]]
    ) -> None:
        """Passes of ``work`` while ``lane`` is dirty, then store the ``ui`` once (the
        message ids those passes sent)."""
        while lane.dirty:
            while lane.dirty:
                lane.dirty = False
                problems = Problems()
                try:
                    await work(match, problems)
                    await self._settle(match, problems)
                except Exception:
                    log.exception("Could not show match %s", match.id)
            try:
                await self.save_ui(match)
            except Exception:
                log.exception("Could not store how match %s is shown", match.id)

    async def close(self) -> None:
        """Stop every courier (what was not shown is shown after the next start), then
        store the ``ui`` still queued."""
        self._closed = True
        self.board.close()
        tasks = list(self._couriers)
        if self._flusher is not None:
            tasks.append(self._flusher)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:
            await self.flush()
        except Exception:
            log.exception("Could not store how %s match(es) are shown", len(self._unsaved))

    async def save_ui(self, match: LiveMatch) -> None:
        """Have the match's display bookkeeping (``ui``) and configuration (``config``:
        the players' languages and tips change during a match) stored at its version in
        the next batch (within :attr:`ui_flush_seconds`, :meth:`flush`), unless this
        process last stored the same at the same version. Written behind the commits: a
        crash loses at most that much of it, and a restart then sends a panel anew."""
        table = table_of(match)
        stored = (
            match.state.version,
            encode_engine_json(table.display.to_json()),
            encode_engine_json(table.config.to_json()),
        )
        if stored == table.stored_ui:
            return  # nothing changed since the last write of this process
        self._unsaved[match.id] = (match, stored)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(
                self._flush_soon(), name="bingo-ui-flush"
            )

    async def _flush_soon(self) -> None:
        """Flush every :attr:`ui_flush_seconds` while anything is queued (also what was
        queued during a flush, or queued again after a failed one)."""
        while self._unsaved:
            await asyncio.sleep(self.ui_flush_seconds)
            try:
                await self.flush()
            except Exception:
                log.exception("Could not store how %s match(es) are shown", len(self._unsaved))

    async def flush(self) -> None:
        """Store every ``ui`` and ``config`` :meth:`save_ui` queued: one batch of
        compare-and-sets on the version, then one read of the versions to learn which
        were written. A match that another process moved on meanwhile (``leases``) shows
        from there on, and the messages this process sent are handed to it in the
        stored ``trash`` (:meth:`_hand_over`). Raises what the database driver raises (the
        batch is queued again)."""
        batch, self._unsaved = self._unsaved, {}
        if not batch:
            return
        rows = [(match.id, *stored) for match, stored in batch.values()]
        try:
            await self.db.save_match_displays(rows)
            versions = await self.db.match_versions(list(batch))
        except Exception:
            for match_id, entry in batch.items():
                self._unsaved.setdefault(match_id, entry)
            raise
        for match_id, (match, stored) in batch.items():
            now = versions.get(match_id)
            if now == stored[0]:
                table_of(match).stored_ui = stored
            elif self.leases is not None and now is not None and match.moved_on_elsewhere(now):
                await self._hand_over(match)

    async def _hand_over(self, match: LiveMatch) -> None:
        """Another process committed a newer version of ``match``: add to its stored
        ``ui`` the panels, pings and deletions this process knows of and it does not,
        as messages to delete (its next delivery sweeps them; no stale controls stay
        behind). Tried a few times against concurrent writers."""
        assert self.leases is not None
        table = table_of(match)
        known = [*table.display.trash, *table.display.messages(table.board_channel_id)]
        for _ in range(3):
            record = await self.db.get_match(match.id)
            if record is None:
                return
            theirs = Display.from_json(record.ui)
            referenced = set(theirs.messages(theirs.thread or table.channel_id))
            added = False
            for pair in known:
                if pair not in referenced and pair not in theirs.trash:
                    theirs.set_aside(*pair)
                    added = True
            if not added or await self.leases.save_ui(match.id, theirs.to_json(), record.version):
                log.info("Match %s moved on in another process; handed over its messages",
                         match.id)  # fmt: skip
                return

    # -- the lanes ---------------------------------------------------------------------

    async def _deliver(self, match: LiveMatch, problems: Problems) -> None:
        """The panels lane: each player's panel, the one who decides now first; then the
        tidying lane is woken. The board lane is woken as the pass begins and runs
        alongside: a board never waits for a panel (a DM channel being opened, at a few a
        second for the whole bot, or a DM's bucket), and the decider's "your turn",
        queued first and at TURN, still goes out before the board (the outbox serves TURN
        first; the board's picture is drawn meanwhile)."""
        table = table_of(match)
        over = match.state.is_over
        redraw, table.redraw = table.redraw and not over, False
        table.force_board = table.force_board or redraw
        if table.gone is None:
            self._wake_board(match)
        deciding = match.state.current_player()
        for player in sorted(match.viewers(), key=lambda p: p != deciding):
            if player in table.answering:
                continue  # its click's answer brings the new panel
            if redraw:
                await self.panels.redraw(match, player, problems)
            else:
                await self.panels.sync(match, player, problems)
        if table.display.trash or (over and any(table.display.pings)):
            self._lane(match, table.tidy_lane, self.panels.sweep, "tidy")

    def _wake_board(self, match: LiveMatch) -> None:
        """Run ``match``'s board lane (its panels need nothing)."""
        self._lane(match, table_of(match).board_lane, self.board.update, "board")

    async def _settle(self, match: LiveMatch, problems: Problems) -> None:
        """After a pass: a gone channel ends the match; a transient failure brings the
        lanes back after :data:`RETRY_DELAYS`."""
        table = table_of(match)
        if table.gone is not None:
            await self.save_ui(match)  # before the match ends: its messages are known
            await self.flush()
            await self.board.channel_gone(match)
        elif problems.transient:
            self._retry_later(match)
        else:
            table.retries = 0

    def _retry_later(self, match: LiveMatch) -> None:
        table = table_of(match)
        key = ("deliver", match.id)
        if key in self.scheduler:
            return
        if table.retries >= len(self.retry_delays):
            log.error(
                "Gave up showing match %s after %s tries; its next change shows it again",
                match.id,
                table.retries,
            )
            table.retries = 0
            return
        delay = self.retry_delays[table.retries]
        table.retries += 1
        log.warning("Discord failed while showing match %s; trying again in %ss", match.id, delay)

        async def again() -> None:
            self.kick(match)

        self.scheduler.schedule(key, time.time() + delay, again)
