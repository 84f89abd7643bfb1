"""The public board of a match (its picture drawn in the render pool) and its result
post; a channel that is gone ends the match with no result (:class:`BoardCourier`;
:mod:`._delivery` runs it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.engine.outcome import Reason
from bot.i18n import t
from bot.matches import MatchRuntime, PublicView, Scheduler, public_view
from bot.outbox import Outbox, Priority, SendStatus
from bot.storage.base import NO_SERVER
from bot.ui.board_image import board_inputs, board_key, drawn_board, last_move

from ._accessible import accessible_board
from ._history import rematch_view
from ._render import board_embed, result_line
from ._table import (
    BOARD_FILE,
    Board,
    LiveMatch,
    MatchTable,
    Problems,
    check,
    match_language,
    panel_language,
    table_of,
)
from ._views import board_view, play_again_view

if TYPE_CHECKING:
    from bot.storage import Database

log = logging.getLogger(__name__)


def board_shown(match: LiveMatch) -> tuple[int, bool]:
    """What the board of the live state shows (:attr:`MatchTable.board_shown`): its version,
    and whether it carries "Show my hand" (a player's DMs are closed, the match is on)."""
    table = table_of(match)
    closed = any(table.display.dm_closed[p] for p in match.viewers())
    return (match.state.version, closed and not match.state.is_over)


class BoardCourier:
    """The public board and the result post of every match of one bot process (see the
    module docstring). :class:`._delivery.Delivery` runs :meth:`update` in each match's
    board lane; ``wake`` runs that lane again (a picture drawn, a board's turn come),
    ``retry_later`` brings the match's lanes back after a failure."""

    def __init__(
        self,
        outbox: Outbox,
        db: Database,
        runtime: MatchRuntime[MatchTable],
        scheduler: Scheduler,
        *,
        wake: Callable[[LiveMatch], None],
        retry_later: Callable[[LiveMatch], None],
        render: Executor | None = None,
        board_seconds: float = 0.0,
        on_announced: Callable[[LiveMatch], None] | None = None,
    ) -> None:
        self.outbox = outbox
        self.db = db
        #: Ends a match whose channel is gone (:meth:`channel_gone`).
        self.runtime = runtime
        self.scheduler = scheduler
        self._wake = wake
        self._retry_later = retry_later
        #: Where board pictures are drawn (``None``: the event loop's default threads).
        self.render = render
        #: Least seconds between two edits of one board (the final board excepted):
        #: changes that come faster are shown together, the latest winning
        #: (``BINGO_BOARD_EDIT_SECONDS``).
        self.board_seconds = board_seconds
        #: Called with a match once its result is posted (its ``ui`` is stored after).
        self.on_announced = on_announced
        self._closed = False

    def close(self) -> None:
        """Show no picture drawn from now on (the couriers are stopping)."""
        self._closed = True

    async def update(self, match: LiveMatch, problems: Problems) -> None:
        """The board lane: the board, then (once the final board is shown) the result."""
        table = table_of(match)
        if table.gone is not None:
            return
        if table.channel_id == NO_SERVER:
            await self._announce_elsewhere(match)
            return
        # A match that ends during this pass is shown (and announced) by the next one:
        # its end woke the lane, and the result never goes out before its board.
        over = match.state.is_over
        force, table.force_board = table.force_board, False
        await self._update_board(match, problems, force=force)
        drawing = table.drawing is not None or table.drawn is not None
        if table.gone is None and table.announce and over and not drawing:
            await self._announce(match, problems)  # after its board (a drawing comes back)

    async def _announce_elsewhere(self, match: LiveMatch) -> None:
        """A match of no server (played in its players' DMs, docs/queue.md) has no board
        or result post here: its boards and result are in the DMs (``._mirrors``). Once
        it is over it counts as announced."""
        table = table_of(match)
        if table.announce and match.state.is_over:
            table.announce = False
            await self.db.set_match_announced(match.id)
            if self.on_announced is not None:
                self.on_announced(match)

    # -- board and result --------------------------------------------------------------

    async def _update_board(
        self, match: LiveMatch, problems: Problems, *, force: bool = False
    ) -> None:
        """Bring the public board up to date: show a board whose picture was drawn
        meanwhile; then, if the board is behind, edit it at once when its picture is
        unchanged, or have the new picture drawn (:meth:`_draw`; its completion brings
        the courier back), at most once every :attr:`board_seconds` (a change that
        comes sooner waits its turn; the final board does not). ``force``: edit it even
        when it looks current (a restart)."""
        table = table_of(match)
        drawn, table.drawn = table.drawn, None
        if drawn is not None:
            force = False
            await self._show_board(match, drawn, problems)
            if table.gone is not None:
                return
        board_id = table.display.board
        if not force and board_id is not None and table.board_shown == board_shown(match):
            return
        wait = table.board_at + self.board_seconds - time.monotonic()
        if not force and board_id is not None and wait > 0 and not match.state.is_over:
            self._board_later(match, wait)
            return
        table.board_at = time.monotonic()
        view = public_view(match.state)
        language = match_language(table)
        inputs = board_inputs(match.id, view, table.names, last_move(match.log), language)
        key = board_key(inputs)
        if board_id is not None and table.display.board_image == key:
            # an unchanged picture is not drawn or uploaded again: the edit leaves the
            # message's attachment as it is, and the embed still shows it
            await self._show_board(match, self._board(match, view, inputs, key), problems)
        elif table.drawing is None:
            self._draw(match, self._board(match, view, inputs, key))
        # else a picture is being drawn: its completion brings this lane back, and the
        # board is built then (its embed is not built now only to be dropped)

    def _board_later(self, match: LiveMatch, seconds: float) -> None:
        """Come back to ``match``'s board in ``seconds`` (once: a later change waits for
        the same turn, :attr:`board_seconds`)."""
        key = ("board", match.id)
        if key in self.scheduler:
            return

        async def again() -> None:
            self._wake(match)

        self.scheduler.schedule(key, time.time() + seconds, again)

    def _board(self, match: LiveMatch, view: PublicView, inputs: dict[str, Any], key: str) -> Board:
        """The board of the live state (its picture not drawn): ``view``, its public
        view; ``inputs`` and ``key``, its picture's (:func:`board_inputs`,
        :func:`board_key`)."""
        table = table_of(match)
        shown = board_shown(match)
        language = match_language(table)
        controls = board_view(match.id, language) if shown[1] else None
        embed = board_embed(match.id, view, table.shown_names, match.log, match.deadline, language)
        accessible_board(match, view, embed, language)  # screen-reader mode (._accessible)
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        return Board(shown, embed, controls, inputs, key)

    def _draw(self, match: LiveMatch, board: Board) -> None:
        """Draw ``board``'s picture in the render pool; when it is done, the courier
        shows it (a failure is retried like a failed delivery)."""
        table = table_of(match)
        job = asyncio.get_running_loop().run_in_executor(self.render, drawn_board, board.inputs)
        table.drawing = job

        def done(job: asyncio.Future[tuple[bytes, str]]) -> None:
            table.drawing = None
            if job.cancelled():
                return
            error = job.exception()  # read even when closing: asyncio logs one never read
            if self._closed:
                return
            if error is not None:
                log.error("Could not draw the board of match %s", match.id, exc_info=error)
                self._retry_later(match)
                return
            png, alt = job.result()
            table.drawn = replace(board, png=png, alt=alt)
            self._wake(match)

        job.add_done_callback(done)

    async def _show_board(self, match: LiveMatch, board: Board, problems: Problems) -> None:
        """Edit the board message to ``board`` (uploading its picture when drawn), or
        post it (again) if it is not there. A board that is gone while its picture is
        not at hand is drawn again by the next pass."""
        table = table_of(match)
        display = table.display
        board_id = display.board
        if board_id is not None:
            upload: dict[str, Any] = (
                {"attachments": [board.file()]} if board.png is not None else {}
            )
            sent = await self.outbox.edit(
                table.board_channel_id, board_id, embed=board.embed, view=board.controls, **upload
            )
            if sent.ok:
                table.board_shown = board.shown
                display.board_image = board.key
                return
            if sent.status is not SendStatus.MESSAGE_GONE:
                check(match, sent, problems, channel=True)
                return
            log.info("Board of match %s was deleted; posting a new one", match.id)
            display.board = None
        if board.png is None:
            display.board_image = table.board_shown = None
            table.board_lane.dirty = True  # the next pass draws it
            return
        controls: dict[str, Any] = {"view": board.controls} if board.controls else {}
        sent = await self.outbox.send(table.board_channel_id, embed=board.embed, file=board.file(),
                                      **controls)  # fmt: skip
        if check(match, sent, problems, channel=True):
            assert sent.value is not None  # SENT carries the message
            display.board = sent.value.id
            display.board_image = board.key
            table.board_shown = board.shown
            await self.db.set_board_message(match.id, sent.value.id)

    async def _announce(self, match: LiveMatch, problems: Problems) -> None:
        """Post the result (with "Play again" under a match against the bot, "Rematch"
        under one between members; neither under a tournament's table, whose players the
        tournament pairs), then mark it announced (a column: a restart in between posts it
        again)."""
        table = table_of(match)
        state = match.state
        result = state.result
        assert result is not None
        language = match_language(table)
        line = result_line(result.to_json(), table.shown_names, state.options, language)
        content = t(language, "bingo-result-post", result=line, id=match.id, turns=state.turn)
        # No "Play again" or rematch under a match stopped from outside (its channel
        # lost, or a moderator ended it), nor under a tournament's table (RULES §5.1).
        offer = not Reason(result.reason).is_no_result and table.config.tournament is None
        again = offer and table.level is not None
        rematch = offer and table.level is None
        controls: dict[str, Any] = (
            {"view": play_again_view(match.id, language)}
            if again
            else {"view": rematch_view(match.id, language)}
            if rematch
            else {}
        )
        sent = await self.outbox.send(
            table.channel_id, content=content, priority=Priority.RESULT, **controls
        )
        if check(match, sent, problems, channel=True):
            table.announce = False
            await self.db.set_match_announced(match.id)
            if self.on_announced is not None:
                self.on_announced(match)

    async def channel_gone(self, match: LiveMatch) -> None:
        """The match's channel is gone or unwritable: end the match with no result (it
        counts for nobody; the players' DM panels lose their controls on the next pass)
        and tell each player privately why. Nothing is posted in the channel. A finished
        match keeps its result (logged: it cannot be posted)."""
        table = table_of(match)
        why = table.gone
        if not match.state.is_over:
            log.warning("Match %s cannot go on (%s): ending it with no result", match.id, why)
            await self.runtime.abandon(match.id)  # its events bring the courier back
            return
        if table.told:
            return
        table.told = True
        await self.db.set_match_announced(match.id)
        result = match.state.result
        if result is None or result.reason != Reason.NO_RESULT:
            log.warning("Could not announce the result of match %s: %s", match.id, why)
            return
        names = table.shown_names
        for player in match.viewers():
            user_id = match.seats[player].user_id
            language = panel_language(table, player)
            text = t(
                language,
                "bingo-no-result-dm",
                id=match.id,
                other=names[1 - player],
                why=t(language, why or "bingo-gone-other"),
            )
            sent = await self.outbox.dm(user_id, content=text, priority=Priority.PUBLIC)
            if not sent.ok:
                log.info("Could not tell user %s that match %s ended: %s", user_id, match.id,
                         sent.status)  # fmt: skip
