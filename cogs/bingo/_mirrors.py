"""The public boards of a match besides the one of its own channel (``match_boards``,
:class:`bot.storage.queue.BoardPlace`; docs/queue.md):

- **In each player's DM**, for a queue match played in DMs (its players share no server
  with a ladder channel): the board message sits above their hand panel and is edited
  as the match goes on; the result is posted below it.
- **In a thread of a server's ladder channel** (``/bingo settings ladder``), for a queue
  match of one of that server's members: the spectators' copy, named like a match's own
  thread, edited at most every :data:`bot.limits.LADDER_BOARD_SECONDS`, with the result
  at the end; the thread is archived :data:`bot.limits.THREAD_CLOSE_SECONDS` later.

Every board shows the public view only (:func:`bot.matches.public_view`): never a hidden
card. Each is drawn in the language of its reader (a player's private language in their
DM, the server's in its thread). Every request goes through the outbox, so these boards
count in the rate-limit budget like any other: a change that comes sooner than a board's
least interval waits, and later changes are shown together (the final board never
waits). Posting a board or its channel is a compare-and-set in the database, so two
processes never post two; a restart posts what is missing (:meth:`BoardMirrors.restore`).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.engine import BingoState
from bot.i18n import t
from bot.matches import MatchEvent, MatchRuntime, PublicView, Scheduler, public_view
from bot.outbox import Outbox, Priority, SendStatus
from bot.storage.queue import BoardPlace, QueueStore
from bot.ui.board_image import board_inputs, board_key, drawn_board, last_move
from bot.ui.text import echo

from ._accessible import accessible_board
from ._display import Display
from ._render import board_embed, result_line
from ._restore import config_of
from ._table import BOARD_FILE, LiveMatch, MatchTable, table_of
from ._threads import ARCHIVED_THREAD, PUBLIC_THREAD, thread_name

if TYPE_CHECKING:
    from bot.storage import Database, MatchRecord

    from ._ports import MatchSetup

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Shown:
    """What a match's boards show at one version: from the live match, or from its
    stored row after a restart (``live`` ``None``)."""

    match_id: int
    version: int
    view: PublicView
    names: tuple[str, str]
    log: Sequence[Any]
    deadline: float | None
    players: tuple[int, int]
    languages: tuple[str | None, str | None]
    language: str | None
    live: LiveMatch | None = None

    @classmethod
    def of(cls, match: LiveMatch) -> Shown:
        table = table_of(match)
        config = table.config
        seats = (match.seats[0].user_id, match.seats[1].user_id)
        return cls(
            match.id, match.state.version, public_view(match.state), table.display.names,
            list(match.log), match.deadline, seats,
            (config.languages[0], config.languages[1]), config.language, match,
        )  # fmt: skip

    @classmethod
    def dealt(cls, match_id: int, setup: MatchSetup, players: tuple[int, int]) -> Shown:
        """A new match's first state, before it begins (``setup``: as stored)."""
        config = setup.config
        return cls(
            match_id, setup.state.version, public_view(setup.state), setup.display.names,
            list(setup.log), setup.deadline, players,
            (config.languages[0], config.languages[1]), config.language,
        )  # fmt: skip

    @classmethod
    def stored(cls, record: MatchRecord) -> Shown:
        config = config_of(record)
        state = BingoState.from_json(record.state)
        return cls(
            record.id, record.version, public_view(state), Display.from_json(record.ui).names,
            record.log, None, record.player_ids,
            (config.languages[0], config.languages[1]), config.language,
        )  # fmt: skip

    @property
    def over(self) -> bool:
        return self.view.result is not None

    @property
    def shown_names(self) -> list[str]:
        return [echo(name, limits.MEMBER_NAME) for name in self.names]

    def language_of(self, board: BoardPlace) -> str | None:
        """The language ``board`` is shown in: a player's DM follows their private
        language as the match knows it now; a ladder thread keeps its server's."""
        if board.kind == "dm" and board.user_id in self.players:
            seat = self.players.index(board.user_id)
            return self.languages[seat] or board.language or self.language
        return board.language or self.language


class BoardMirrors:
    """The other boards of every match this process shows (module docstring). It
    listens to the runtime itself (:meth:`MatchRuntime.subscribe`): the process that
    commits a change shows it, as for the match's own board.

    ``dm_seconds``, ``ladder_seconds``: least seconds between two edits of a DM board
    and of a ladder board; ``close_seconds``: from a ladder thread's result to its
    archiving."""

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        runtime: MatchRuntime[MatchTable],
        outbox: Outbox,
        scheduler: Scheduler,
        *,
        render: Executor | None = None,
        dm_seconds: float = limits.DM_BOARD_SECONDS,
        ladder_seconds: float = limits.LADDER_BOARD_SECONDS,
        close_seconds: float = limits.THREAD_CLOSE_SECONDS,
    ) -> None:
        self.client = client
        self.db = db
        self.store = QueueStore(db.backend)
        self.runtime = runtime
        self.outbox = outbox
        self.scheduler = scheduler
        self.render = render
        self.dm_seconds = dm_seconds
        self.ladder_seconds = ladder_seconds
        self.close_seconds = close_seconds
        #: match id -> its boards as last read (``[]``: none; read once per match).
        self._boards: dict[int, list[BoardPlace]] = {}
        #: match id -> (the lane's task, whether a change came during its pass).
        self._lanes: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        self._live: dict[int, LiveMatch] = {}
        #: (match id, place) -> ``time.monotonic()`` of its last edit.
        self._edited: dict[tuple[int, str], float] = {}
        #: (match id, language) -> (picture key, PNG, alt text).
        self._pictures: dict[tuple[int, str | None], tuple[str, bytes, str]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self._unsubscribe = runtime.subscribe(self._on_event)

    # -- entry points ----------------------------------------------------------------

    def _on_event(self, event: MatchEvent) -> None:
        if self._boards.get(event.match_id) == []:
            return  # a match with no other board (read once): nothing to do
        match = self.runtime.lookup(event.match_id)
        if match is not None:
            self.kick(match)

    def kick(self, match: LiveMatch) -> None:
        """Bring ``match``'s other boards up to date soon (one task per match)."""
        if self._closed:
            return
        self._live[match.id] = match
        self._dirty.add(match.id)
        lane = self._lanes.get(match.id)
        if lane is None or lane.done():
            task = asyncio.get_running_loop().create_task(
                self._lane(match.id), name=f"bingo-mirrors-{match.id}"
            )
            self._lanes[match.id] = task

    async def post_dm_boards(self, shown: Shown) -> None:
        """Post the DM boards of a match about to begin (``shown``: its first state), so
        that each player's board sits above their first hand panel. The ladder boards
        follow in the match's lane."""
        places = await self._places(shown.match_id)
        for index, board in enumerate(places):
            if board.kind == "dm" and board.message_id is None:
                posted = await self._show(board, shown)
                if posted is not None:
                    places[index] = posted

    async def close(self) -> None:
        """Stop showing (a restart shows what is missing, :meth:`restore`)."""
        self._closed = True
        self._unsubscribe()
        tasks = [*self._lanes.values(), *self._tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def restore(self, live: Sequence[LiveMatch], owns: Any) -> None:
        """At start-up: bring the boards of the live matches up to date, and finish
        those of finished matches (their result, their thread's closing) that a stopped
        process left. ``owns(guild_id)``: whether this process runs that server."""
        for match in live:
            self.kick(match)
        pending: dict[int, list[BoardPlace]] = {}
        for board in await self.store.unfinished_boards():
            pending.setdefault(board.match_id, []).append(board)
        for match_id, boards in pending.items():
            record = await self.db.get_match(match_id)
            if record is None or not owns(record.guild_id):
                continue
            self._boards[match_id] = await self.store.boards(match_id)
            try:
                shown = Shown.stored(record)
            except Exception:
                log.exception("The boards of match %s cannot be shown", match_id)
                continue
            self._spawn(self._pass(shown), f"bingo-mirrors-restore-{match_id}")
            for board in boards:
                if board.result_posted and board.kind == "ladder" and board.channel_id:
                    self._arm_close(board, board.thread_close_at or time.time())

    # -- the lane ----------------------------------------------------------------------

    async def _lane(self, match_id: int) -> None:
        try:
            while match_id in self._dirty and not self._closed:
                self._dirty.discard(match_id)
                match = self._live.get(match_id)
                if match is None:
                    return
                try:
                    await self._pass(Shown.of(match))
                except Exception:
                    log.exception("Could not show the other boards of match %s", match_id)
        finally:
            if self._lanes.get(match_id) is asyncio.current_task():
                del self._lanes[match_id]
            if match_id not in self._dirty:
                self._live.pop(match_id, None)

    async def _places(self, match_id: int) -> list[BoardPlace]:
        found = self._boards.get(match_id)
        if found is None:
            found = self._boards[match_id] = await self.store.boards(match_id)
        return found

    async def _pass(self, shown: Shown) -> None:
        """One pass over the match's boards: each shown at ``shown`` when due (the final
        board at once), then the result posted where it was not."""
        places = await self._places(shown.match_id)
        if not places:
            return
        wait = None
        for index, board in enumerate(places):
            if board.result_posted:
                continue
            due = self._due(board, shown)
            if due > 0:
                wait = due if wait is None else min(wait, due)
                continue
            showing = await self._show(board, shown)
            if showing is not None and shown.over and not showing.result_posted:
                showing = await self._post_result(showing, shown)
            if showing is not None:
                places[index] = showing
        if wait is not None:
            self._later(shown.match_id, wait)
        if shown.over and all(b.result_posted for b in places):
            self._forget(shown.match_id)

    def _due(self, board: BoardPlace, shown: Shown) -> float:
        """Seconds until ``board`` may be edited again (0: now; a final board at once)."""
        if shown.over or board.message_id is None:
            return 0.0
        every = self.ladder_seconds if board.kind == "ladder" else self.dm_seconds
        last = self._edited.get((board.match_id, board.place))
        return 0.0 if last is None else max(0.0, last + every - time.monotonic())

    def _later(self, match_id: int, seconds: float) -> None:
        key = ("mirrors", match_id)
        if key in self.scheduler:
            return

        async def again() -> None:
            match = self._live.get(match_id) or self.runtime.lookup(match_id)
            if match is not None:
                self.kick(match)

        self.scheduler.schedule(key, time.time() + seconds, again)

    def _forget(self, match_id: int) -> None:
        self._boards.pop(match_id, None)
        for key in [k for k in self._pictures if k[0] == match_id]:
            del self._pictures[key]
        for key in [k for k in self._edited if k[0] == match_id]:
            del self._edited[key]

    # -- one board ---------------------------------------------------------------------

    async def _show(self, board: BoardPlace, shown: Shown) -> BoardPlace | None:
        """Post or edit ``board`` to ``shown``; the board as stored after, or ``None``
        when it cannot be shown (its DMs closed, its channel refused: it is given up)."""
        if board.kind == "ladder" and board.channel_id is None:
            opened = await self._open_thread(board, shown)
            if opened is None:
                return None
            board = opened
        language = shown.language_of(board)
        embed = board_embed(
            shown.match_id, shown.view, shown.shown_names, shown.log, shown.deadline, language
        )
        if shown.live is not None:
            accessible_board(shown.live, shown.view, embed, language)
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        inputs = board_inputs(
            shown.match_id, shown.view, list(shown.names), last_move(shown.log), language
        )
        key = board_key(inputs)
        upload = None
        if key != board.image_key or board.message_id is None:
            png, alt = await self._picture(shown.match_id, language, key, inputs)
            upload = discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt)
        self._edited[(board.match_id, board.place)] = time.monotonic()
        if board.message_id is not None and board.channel_id is not None:
            files: dict[str, Any] = {"attachments": [upload]} if upload is not None else {}
            sent = await self.outbox.edit(board.channel_id, board.message_id, embed=embed,
                                          priority=Priority.PUBLIC, **files)  # fmt: skip
            if sent.ok:
                if upload is not None:
                    await self.store.set_board_image(board, key)
                    return _with(board, image_key=key)
                return board
            if sent.status is not SendStatus.MESSAGE_GONE:
                return self._failed(board, sent)
            if upload is None:
                png, alt = await self._picture(shown.match_id, language, key, inputs)
                upload = discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt)
        return await self._post(board, embed, upload, key)

    async def _post(
        self, board: BoardPlace, embed: discord.Embed, upload: discord.File | None, key: str
    ) -> BoardPlace | None:
        """Post ``board`` anew and claim it (compare-and-set: a board another process
        posted first wins, and this one is deleted)."""
        files: dict[str, Any] = {"file": upload} if upload is not None else {}
        if board.kind == "dm":
            assert board.user_id is not None
            # Not the newest DM as the panels see it: the player's next click on the
            # panel below it is still answered on that panel (``PanelCourier._watching``).
            sent = await self.outbox.dm(board.user_id, embed=embed, priority=Priority.PUBLIC,
                                        newest=False, **files)  # fmt: skip
        else:
            assert board.channel_id is not None
            sent = await self.outbox.send(board.channel_id, embed=embed, **files)
        if not sent.ok or sent.value is None:
            return self._failed(board, sent)
        message = sent.value
        channel_id = message.channel.id
        if board.channel_id is None:
            await self.store.set_board_channel(board, channel_id)
        if not await self.store.set_board_message(board, message.id, key):
            await self.outbox.delete(channel_id, message.id)
            self._boards.pop(board.match_id, None)  # read them again
            return None
        return _with(board, channel_id=channel_id, message_id=message.id, image_key=key)

    def _failed(self, board: BoardPlace, sent: Any) -> BoardPlace | None:
        if sent.status in (SendStatus.DM_CLOSED, SendStatus.CHANNEL_GONE):
            log.info("Board %s of match %s cannot be shown: %s", board.place, board.match_id,
                     sent.status)  # fmt: skip
            self._spawn(self._give_up(board), f"bingo-mirrors-give-up-{board.match_id}")
        else:
            log.warning("Could not show board %s of match %s: %s", board.place, board.match_id,
                        sent.status)  # fmt: skip
        return None

    async def _give_up(self, board: BoardPlace) -> None:
        """A board that can never be shown (closed DMs, a channel gone or refused): marked
        done, so that nothing retries it."""
        await self.store.set_board_posted(board, None)
        await self.store.set_board_closed(board)
        places = self._boards.get(board.match_id)
        if places is not None:
            self._boards[board.match_id] = [
                _with(p, result_posted=True, thread_closed=True) if p.place == board.place else p
                for p in places
            ]

    async def _picture(
        self, match_id: int, language: str | None, key: str, inputs: dict[str, Any]
    ) -> tuple[bytes, str]:
        """The board's picture of ``key`` in ``language`` and its alt text, drawn once in
        the render pool (:func:`bot.ui.board_image.drawn_board`)."""
        cached = self._pictures.get((match_id, language))
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        loop = asyncio.get_running_loop()
        png, alt = await loop.run_in_executor(self.render, drawn_board, inputs)
        self._pictures[(match_id, language)] = (key, png, alt)
        return png, alt

    async def _open_thread(self, board: BoardPlace, shown: Shown) -> BoardPlace | None:
        """The ladder board's thread in its server's ladder channel (once: another
        process's, if it opened one first). ``None``: Discord refused it (given up)."""
        assert board.parent_id is not None
        name = thread_name(shown.match_id, list(shown.names), board.language)
        http = self.client.http
        parent = board.parent_id
        sent = await self.outbox.call(
            lambda: http.start_thread_without_message(
                parent, name=name, type=PUBLIC_THREAD,
                auto_archive_duration=limits.THREAD_AUTO_ARCHIVE_MINUTES,
            ),
            what=f"ladder thread of match {shown.match_id}", bucket=("thread", parent),
        )  # fmt: skip
        if not sent.ok or not isinstance(sent.value, dict):
            log.warning("No ladder thread for match %s in %s: %s", shown.match_id, parent,
                        sent.status)  # fmt: skip
            if sent.status is not SendStatus.FAILED or getattr(sent.error, "status", 0) in (
                403,
                404,
            ):
                await self._give_up(board)
            return None
        thread = int(sent.value["id"])
        if not await self.store.set_board_channel(board, thread):
            self._boards.pop(board.match_id, None)
            fresh = [b for b in await self._places(board.match_id) if b.place == board.place]
            return fresh[0] if fresh else None
        return _with(board, channel_id=thread)

    # -- the result --------------------------------------------------------------------

    async def _post_result(self, board: BoardPlace, shown: Shown) -> BoardPlace:
        """Post the result below ``board`` (once), and arm its thread's closing."""
        assert shown.view.result is not None
        language = shown.language_of(board)
        line = result_line(
            shown.view.result.to_json(), shown.shown_names, shown.view.options, language
        )
        content = t(language, "bingo-result-post", result=line, id=shown.match_id,
                    turns=shown.view.turn)  # fmt: skip
        if board.kind == "dm":
            assert board.user_id is not None
            content = f"{content}\n{t(language, 'queue-again')}"
            sent = await self.outbox.dm(
                board.user_id, content=content, priority=Priority.RESULT, newest=False
            )
        else:
            assert board.channel_id is not None
            sent = await self.outbox.send(board.channel_id, content=content,
                                          priority=Priority.RESULT)  # fmt: skip
        if not sent.ok and sent.status not in (SendStatus.DM_CLOSED, SendStatus.CHANNEL_GONE):
            log.warning("Could not post the result of match %s at %s: %s", shown.match_id,
                        board.place, sent.status)  # fmt: skip
            return board
        close_at = time.time() + self.close_seconds if board.kind == "ladder" else None
        await self.store.set_board_posted(board, close_at)
        if board.kind == "ladder" and board.channel_id is not None and close_at is not None:
            self._arm_close(board, close_at)
        return _with(board, result_posted=True, thread_close_at=close_at)

    def _arm_close(self, board: BoardPlace, at: float) -> None:
        async def close() -> None:
            await self._close_thread(board)

        self.scheduler.schedule(("ladder-thread", board.match_id, board.place), at, close)

    async def _close_thread(self, board: BoardPlace) -> None:
        """Archive (and lock, with Manage Threads) a ladder board's thread, then mark it
        closed; one already archived or gone counts as closed."""
        thread_id = board.channel_id
        assert thread_id is not None
        channel = self.client.get_channel(thread_id)
        lock = True
        if isinstance(channel, discord.Thread) and channel.guild.me is not None:
            lock = channel.permissions_for(channel.guild.me).manage_threads
        sent = await self.outbox.call(
            lambda: self.client.http.edit_channel(thread_id, archived=True, locked=lock),
            what=f"close the ladder thread of match {board.match_id}",
        )
        archived = getattr(sent.error, "code", None) == ARCHIVED_THREAD
        if sent.ok or archived or sent.status is SendStatus.CHANNEL_GONE:
            await self.store.set_board_closed(board)
        else:
            log.warning("Could not close ladder thread %s: %s", thread_id, sent.status)

    def _spawn(self, work: Any, name: str) -> None:
        task = asyncio.get_running_loop().create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait_idle(self, seconds: float = 10.0) -> None:
        """Wait (at most ``seconds``) until no board is being shown (tests)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while (self._lanes or self._tasks) and loop.time() < deadline:
            with contextlib.suppress(Exception):
                await asyncio.wait([*self._lanes.values(), *self._tasks], timeout=0.1)


def _with(board: BoardPlace, **changes: Any) -> BoardPlace:
    from dataclasses import replace

    return replace(board, **changes)
