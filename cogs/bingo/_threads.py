"""A BingoMagic match per public thread (Discord "Threads").

A match is played in a public thread of the channel it was started in: started from the
challenge message (or, against the bot, from the message announcing the match; a
tournament's table from no message), named ``BingoMagic #12 · alice vs bob`` in the
server's language. Its board, its public log and the pings of players whose DMs are
closed go to the thread (``Display.thread``, :attr:`._table.MatchTable.board_channel_id`);
the channel keeps the challenge, the start line naming the thread, and the result.

:data:`bot.limits.THREAD_CLOSE_SECONDS` (``BINGO_THREAD_CLOSE_SECONDS``) after the result
is posted, the thread is archived and locked (locked only with Manage Threads). The time
is stored with the match (``Display.thread_close_at``) and the thread marked closed once
done (``Display.thread_closed``), so a restart closes what the last process left open
(:meth:`MatchThreads.restore`; a process stopped between posting the result and storing
the time leaves it unknown: the thread then closes ``close_seconds`` after the match
ended, ``matches.ended_at``, stored with its result).

Without Create Public Threads and Send Messages in Threads in the channel (Discord
"Permissions": 1 << 35 and 1 << 38), or when Discord refuses the thread, the match is
played in the channel itself, as before threads.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, Final

import discord

from bot import limits
from bot.i18n import t
from bot.outbox import Outbox, SendStatus
from bot.ui.text import plain

from ._display import Display
from ._table import table_of

if TYPE_CHECKING:
    from bot.matches import Match, Scheduler
    from bot.storage import Database

log = logging.getLogger(__name__)

#: The bot's permissions a match's thread needs in the channel, with the catalog key
#: (``settings.ftl``) naming each (Discord "Permissions").
THREAD_PERMISSIONS = (
    ("create_public_threads", "settings-perm-create-threads"),
    ("send_messages_in_threads", "settings-perm-send-in-threads"),
)

#: Public thread (Discord "Channel Types": PUBLIC_THREAD).
PUBLIC_THREAD: Final = 11
#: Discord's JSON error code for a change to an archived thread ("JSON Error Codes").
ARCHIVED_THREAD = 50083
#: Discord's JSON error code "A thread has already been created for this message".
THREAD_EXISTS = 160004

#: Seconds back from now in which a finished match's thread may still be open at start-up:
#: Discord archives an idle thread by itself after ``THREAD_AUTO_ARCHIVE_MINUTES``.
RESTORE_LOOKBACK = limits.THREAD_AUTO_ARCHIVE_MINUTES * 60.0


def missing_thread_permissions(permissions: discord.Permissions) -> list[str]:
    """Catalog keys of the thread permissions missing from ``permissions`` (the bot's in a
    channel, e.g. ``interaction.app_permissions``); ``[]``: matches there get threads."""
    if permissions.administrator:
        return []
    return [key for name, key in THREAD_PERMISSIONS if not getattr(permissions, name)]


def thread_name(match_id: int, names: Sequence[str], language: str | None) -> str:
    """The thread's name: ``bingo-thread-name`` with the two display names shown as typed
    (a name renders no markdown nor mentions) and shortened so the whole stays within
    :data:`bot.limits.THREAD_NAME` characters. The id is passed as text: Fluent would
    group its digits ("#1,234")."""
    for room in (limits.MEMBER_NAME, 40, 32, 24, 16, 8):
        first, second = (plain(name, room) for name in names[:2])
        name = t(language, "bingo-thread-name", id=str(match_id), first=first, second=second)
        if len(name) <= limits.THREAD_NAME:
            return name
    return name[: limits.THREAD_NAME]


class MatchThreads:
    """Opens and closes the threads of one bot process's matches (module docstring).

    ``close_seconds``: seconds from a posted result to the thread's archiving.
    ``live(match_id)``: the match held in memory, if any (its display learns the thread
    closed, so a later write of it keeps that).
    """

    def __init__(
        self,
        client: discord.Client,
        outbox: Outbox,
        db: Database,
        scheduler: Scheduler,
        *,
        close_seconds: float = limits.THREAD_CLOSE_SECONDS,
        live: Callable[[int], Match | None] | None = None,
    ) -> None:
        self.live = live
        self.client = client
        self.outbox = outbox
        self.db = db
        self.scheduler = scheduler
        self.close_seconds = close_seconds

    async def open(
        self,
        match_id: int,
        channel_id: int,
        names: Sequence[str],
        language: str | None,
        permissions: discord.Permissions,
        *,
        message_id: int | None = None,
    ) -> int | None:
        """Start the public thread of match ``match_id`` in ``channel_id`` (from message
        ``message_id``, else without a message) and return its id; ``None`` (the match is
        played in the channel) when ``permissions`` (the bot's there) lack a thread
        permission, ``channel_id`` is itself a thread, or Discord refuses (logged)."""
        if missing_thread_permissions(permissions):
            return None
        if isinstance(self.client.get_channel(channel_id), discord.Thread):
            return None  # started inside a thread: no thread of a thread (Discord refuses)
        name = thread_name(match_id, names, language)
        http = self.client.http
        if message_id is not None:
            sent = await self.outbox.call(
                lambda: http.start_thread_with_message(
                    channel_id, message_id, name=name,
                    auto_archive_duration=limits.THREAD_AUTO_ARCHIVE_MINUTES,
                ),
                what=f"thread of match {match_id}", bucket=("thread", channel_id),
            )  # fmt: skip
        else:
            sent = await self.outbox.call(
                lambda: http.start_thread_without_message(
                    channel_id, name=name, type=PUBLIC_THREAD,
                    auto_archive_duration=limits.THREAD_AUTO_ARCHIVE_MINUTES,
                ),
                what=f"thread of match {match_id}", bucket=("thread", channel_id),
            )  # fmt: skip
        if message_id is not None and getattr(sent.error, "code", None) == THREAD_EXISTS:
            # An earlier try was carried out but its answer lost (a 503, a dropped
            # connection): the thread is there, with the message's id (Discord "Start
            # Thread from Message": "The id of the created thread will be the same as
            # the id of the source message").
            log.info("Match %s: the thread of message %s is there already", match_id, message_id)
            return message_id
        if not sent.ok or not isinstance(sent.value, dict):
            log.warning(
                "Match %s is played in channel %s: no thread (%s)",
                match_id, channel_id, sent.status,
            )  # fmt: skip
            return None
        return int(sent.value["id"])

    async def opened(self, match_id: int, version: int, display: Display, thread: int) -> None:
        """A new match's ``display`` names its ``thread``, stored at once (before its
        board is posted there) at the match's stored ``version``."""
        display.thread = thread
        await self.db.save_match_uis([(match_id, version, display.to_json())])

    # -- closing -----------------------------------------------------------------------

    def result_posted(self, match: Match) -> None:
        """The result of ``match`` is posted: close its thread (if it has one) in
        :attr:`close_seconds`; the time goes into its display (the caller stores it)."""
        display = table_of(match).display
        if display.thread is None or display.thread_closed:
            return
        if display.thread_close_at is None:
            display.thread_close_at = time.time() + self.close_seconds
        self._arm(match.id, display.thread, display.thread_close_at)

    async def restore(self, owns: Any = None, unposted: Collection[int] = ()) -> int:
        """At start-up: arm the closing of every thread a finished match left open
        (ended within :data:`RESTORE_LOOKBACK`; a time that passed closes it at once).
        ``owns(guild_id)``: whether this process runs that server. ``unposted``: ids of
        finished matches whose result is not posted yet (their closing is armed once it
        is, :meth:`result_posted`). A posted match whose close time was never stored
        (the last process stopped in between) closes :attr:`close_seconds` after it
        ended. Returns how many."""
        armed = 0
        since = time.time() - RESTORE_LOOKBACK - self.close_seconds
        for record in await self.db.finished_matches_since(since):
            try:
                display = Display.from_json(record.ui)
            except (KeyError, IndexError, TypeError, ValueError):
                continue  # cannot be shown: it was set aside
            if display.thread is None or display.thread_closed or record.id in unposted:
                continue
            if owns is not None and not owns(record.guild_id):
                continue
            at = display.thread_close_at
            if at is None:
                at = (record.ended_at or time.time()) + self.close_seconds
            self._arm(record.id, display.thread, at)
            armed += 1
        return armed

    def _arm(self, match_id: int, thread_id: int, at: float) -> None:
        async def close() -> None:
            await self.close(match_id, thread_id)

        self.scheduler.schedule(("thread", match_id), at, close)

    async def close(self, match_id: int, thread_id: int) -> None:
        """Archive ``thread_id`` and lock it (with Manage Threads in its channel), then
        mark it closed in match ``match_id``'s stored display (``ui``). A thread already gone counts
        as closed; another refusal is logged and left (Discord archives it when idle)."""
        lock = self._can_lock(thread_id)
        sent = await self.outbox.call(
            lambda: self.client.http.edit_channel(thread_id, archived=True, locked=lock),
            what=f"close the thread of match {match_id}",
        )
        archived = getattr(sent.error, "code", None) == ARCHIVED_THREAD  # closed already
        if not sent.ok and sent.status is not SendStatus.CHANNEL_GONE and not archived:
            log.warning("Could not close the thread of match %s: %s", match_id, sent.status)
            return
        live = self.live(match_id) if self.live is not None else None
        if live is not None:
            table_of(live).display.thread_closed = True
        record = await self.db.get_match(match_id)
        if record is not None:
            stored = Display.from_json(record.ui)
            stored.thread_closed = True
            await self.db.save_match_uis([(match_id, record.version, stored.to_json())])

    def _can_lock(self, thread_id: int) -> bool:
        """Whether the bot has Manage Threads where ``thread_id`` is (unknown: it tries)."""
        thread = self.client.get_channel(thread_id)
        if not isinstance(thread, discord.Thread):
            return True
        me = thread.guild.me
        return me is None or thread.permissions_for(me).manage_threads
