"""The bot's one outbox: every message it posts, edits or DMs outside an interaction
answer goes through here.

* **Pacing**: one request every ``1/per_second`` seconds, no bursts (an
  ``aiolimiter.AsyncLimiter``); interaction answers are not paced (Discord limits them
  separately).
* **DM channels**: opened once per user (one REST call), then remembered.
* **Closed DMs**: a DM refused with 403/50007 is remembered in the database and later
  DMs to that user are skipped (reported as :attr:`Delivery.DM_CLOSED`) until the user
  asks again (``force=True``).
* **Transient failures** (5xx, a 429 discord.py gave up on, a dropped connection) are
  tried again after a bounded exponential backoff, then given up (``FAILED``).
* **Gone**: 403/50013 or 403/50001 or 404/10003 on a channel is ``CHANNEL_GONE`` (the
  caller abandons what lives there, e.g. ``MatchRuntime.abandon``); 404/10008 on a
  message is ``MESSAGE_GONE`` (the caller posts a new one).

Nothing here raises for a Discord answer: every call returns a :class:`Sent`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

import aiohttp
import discord
from aiolimiter import AsyncLimiter

from bot import metrics

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Discord's JSON error codes the outbox tells apart.
CANNOT_DM = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008


class Delivery(StrEnum):
    """How a request ended."""

    SENT = "sent"
    DM_CLOSED = "dm_closed"  # 403/50007, or remembered as closed
    CHANNEL_GONE = "channel_gone"  # deleted, or the bot may no longer see or post there
    MESSAGE_GONE = "message_gone"  # 404/10008: the message to edit was deleted
    FAILED = "failed"  # any other refusal, or transient failures past the last attempt


@dataclass(frozen=True, slots=True)
class Sent(Generic[T]):
    """A request's outcome: ``status``, the call's value when ``SENT`` (e.g. the
    ``discord.Message``), the last error otherwise, and how many attempts it took."""

    status: Delivery
    value: T | None = None
    error: BaseException | None = None
    attempts: int = 0

    @property
    def ok(self) -> bool:
        return self.status is Delivery.SENT


#: Seconds a process trusts what it last read of a member's closed DMs.
DMS_CLOSED_TRUST_SECONDS = 30.0


class ClosedDms(Protocol):
    """Where closed DMs are remembered (``bot.storage.Database`` has these methods)."""

    async def is_dm_closed(self, user_id: int) -> bool: ...

    async def mark_dm_closed(self, user_id: int, now: float) -> None: ...

    async def clear_dm_closed(self, user_id: int) -> None: ...


def classify(error: BaseException) -> Delivery | None:
    """The :class:`Delivery` an error means, or ``None`` when it is transient (worth
    another attempt: 5xx, 429, connection errors, timeouts)."""
    if isinstance(error, discord.HTTPException):
        status, code = error.status, error.code
        if status >= 500 or status == 429:
            return None
        if status == 403 and code == CANNOT_DM:
            return Delivery.DM_CLOSED
        if (status == 403 and code in (MISSING_PERMISSIONS, MISSING_ACCESS)) or (
            status == 404 and code == UNKNOWN_CHANNEL
        ):
            return Delivery.CHANNEL_GONE
        if status == 404 and code == UNKNOWN_MESSAGE:
            return Delivery.MESSAGE_GONE
        return Delivery.FAILED
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return None
    return Delivery.FAILED


class Outbox:
    """Paced, retried delivery for one ``discord.Client``.

    ``closed_dms``: see :class:`ClosedDms`. ``per_second``: requests per second
    (``Settings.outbound_per_second``). ``attempts``: tries per request (>= 1).
    ``backoff`` / ``max_backoff``: seconds before the 2nd try, doubled each time, capped.
    ``sleep``: how to wait between tries (tests pass a recorder).
    """

    def __init__(
        self,
        client: discord.Client,
        closed_dms: ClosedDms,
        *,
        per_second: float = 20.0,
        attempts: int = 4,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if per_second <= 0 or attempts < 1:
            raise ValueError("per_second must be > 0 and attempts >= 1")
        self.client = client
        self.closed_dms = closed_dms
        self.limiter = AsyncLimiter(1, 1 / per_second)
        self.attempts = attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._sleep = sleep
        self._dm_channels: dict[int, int] = {}
        #: user id -> (DMs closed, ``time.monotonic()`` when read): :meth:`dms_closed`.
        self._dms_closed: dict[int, tuple[bool, float]] = {}
        self._background: set[asyncio.Task[Any]] = set()

    # -- the one path ------------------------------------------------------------------

    async def call(
        self, op: Callable[[], Awaitable[T]], *, what: str = "request", paced: bool = True
    ) -> Sent[T]:
        """Run ``op()`` (one Discord request), paced, retrying transient failures.

        ``what`` names it in logs. Never raises for an HTTP or connection error.
        """
        error: BaseException | None = None
        for attempt in range(1, self.attempts + 1):
            if attempt > 1:
                await self._sleep(min(self.max_backoff, self.backoff * 2 ** (attempt - 2)))
            try:
                if paced:
                    async with self.limiter:
                        value = await op()
                else:
                    value = await op()
                return Sent(Delivery.SENT, value, None, attempt)
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                error = exc
                status = classify(exc)
                if status is not None:
                    if status is Delivery.FAILED:
                        log.warning("%s refused: %s", what, exc)
                    return Sent(status, None, exc, attempt)
                log.info("%s failed (attempt %s/%s): %s", what, attempt, self.attempts, exc)
        log.warning("%s given up after %s attempts: %s", what, self.attempts, error)
        return Sent(Delivery.FAILED, None, error, self.attempts)

    def later(
        self,
        op: Callable[[], Awaitable[T]],
        *,
        what: str = "request",
        done: Callable[[Sent[T]], Any] | None = None,
    ) -> asyncio.Task[Sent[T]]:
        """:meth:`call` in the background; ``done(sent)`` (plain or async) afterwards.
        The task is kept until it ends and cancelled by :meth:`close`."""

        async def run() -> Sent[T]:
            sent = await self.call(op, what=what)
            if done is not None:
                try:
                    outcome = done(sent)
                    if asyncio.iscoroutine(outcome):
                        await outcome
                except Exception:
                    log.exception("Completion of %s failed", what)
            return sent

        task = asyncio.get_running_loop().create_task(run(), name=f"outbox:{what}")
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def close(self) -> None:
        """Cancel background deliveries and wait for them to end."""
        tasks = list(self._background)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- channels and messages ---------------------------------------------------------

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        """A messageable for ``channel_id`` (no request)."""
        return self.client.get_partial_messageable(channel_id)

    async def send(self, channel_id: int, **kwargs: Any) -> Sent[discord.Message]:
        """Post a message (``channel.send(**kwargs)``) in ``channel_id``."""
        channel = self.channel(channel_id)
        return await self.call(lambda: channel.send(**kwargs), what=f"post in {channel_id}")

    async def edit(self, channel_id: int, message_id: int, **kwargs: Any) -> Sent[Any]:
        """Edit message ``message_id`` of ``channel_id`` (``MESSAGE_GONE`` if deleted)."""
        message = self.channel(channel_id).get_partial_message(message_id)
        return await self.call(
            lambda: message.edit(**kwargs), what=f"edit {channel_id}/{message_id}"
        )

    async def delete(self, channel_id: int, message_id: int) -> Sent[Any]:
        """Delete message ``message_id`` of ``channel_id`` (the bot's own, or with Manage
        Messages). ``MESSAGE_GONE`` when it was already deleted."""
        message = self.channel(channel_id).get_partial_message(message_id)
        return await self.call(message.delete, what=f"delete {channel_id}/{message_id}")

    # -- direct messages ---------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> Sent[discord.PartialMessageable]:
        """The DM channel with ``user_id``: opened once (paced), then remembered."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            user = self.client.get_user(user_id)
            if user is None:
                fetched = await self.call(
                    lambda: self.client.fetch_user(user_id), what=f"fetch user {user_id}"
                )
                if not fetched.ok:
                    return Sent(fetched.status, None, fetched.error, fetched.attempts)
                user = fetched.value
            assert user is not None
            opened = await self.call(user.create_dm, what=f"open DM with {user_id}")
            if not opened.ok:
                return Sent(opened.status, None, opened.error, opened.attempts)
            assert opened.value is not None
            channel_id = self._dm_channels[user_id] = opened.value.id
        channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return Sent(Delivery.SENT, channel)

    async def dm(self, user_id: int, *, force: bool = False, **kwargs: Any) -> Sent[Any]:
        """DM ``user_id`` (``send(**kwargs)``), following the closed-DM policy.

        Without ``force``, a user remembered as closed is skipped (``DM_CLOSED``, no
        request). A 403/50007 marks them closed. ``force`` (the user asked): try anyway,
        and forget the closed mark when it arrives.
        """
        if not force and await self.dms_closed(user_id):
            return Sent(Delivery.DM_CLOSED)
        opened = await self.dm_channel(user_id)
        if not opened.ok:
            return opened
        channel = opened.value
        assert channel is not None
        sent = await self.call(lambda: channel.send(**kwargs), what=f"DM to {user_id}")
        if sent.status is Delivery.DM_CLOSED:
            log.info("DMs closed for user %s", user_id)
            metrics.DMS_REFUSED.inc()
            await self.closed_dms.mark_dm_closed(user_id, time.time())
            self._dms_closed[user_id] = (True, time.monotonic())
        elif sent.status is Delivery.CHANNEL_GONE:
            self._dm_channels.pop(user_id, None)
        elif sent.ok and force:
            await self.reopen_dms(user_id)
        return sent

    async def dms_closed(self, user_id: int) -> bool:
        """Whether DMs to ``user_id`` are remembered as closed: read from the store at
        most once every :data:`DMS_CLOSED_TRUST_SECONDS` (another process may change
        it meanwhile: a stale "open" costs one refused DM, a stale "closed" the DMs of
        those seconds, in which the member has "Show my hand")."""
        now = time.monotonic()
        known = self._dms_closed.get(user_id)
        if known is not None and now - known[1] < DMS_CLOSED_TRUST_SECONDS:
            return known[0]
        closed = await self.closed_dms.is_dm_closed(user_id)
        self._dms_closed[user_id] = (closed, now)
        return closed

    async def reopen_dms(self, user_id: int) -> None:
        """Forget that DMs to ``user_id`` were closed (they asked for their hand, or a DM
        reached them): the next DM is tried."""
        await self.closed_dms.clear_dm_closed(user_id)
        self._dms_closed[user_id] = (False, time.monotonic())
