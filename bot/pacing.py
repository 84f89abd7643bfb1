"""The outbox's pacing: one path for every Discord REST request the bot makes outside an
interaction answer (:meth:`Pacer.call`), served by priority, paced by Discord's rate-limit
headers and retried when transient. :class:`bot.outbox.Outbox` builds the bot's posts,
edits, deletes and DMs on it (its docstring gives the whole policy).

* **Priorities** (:class:`Priority`): ``TURN`` (the next decider's panel) is served before
  ``RESULT`` (a match's result), then ``PUBLIC`` (boards, challenges, thread creations,
  other posts), then ``TIDY`` (deleting superseded panels, other tidying).
* **A queue per bucket** (:data:`Bucket`: the route kind and its major parameter, e.g.
  ``("edit", channel_id)``), behind one global pacer. A dispatcher hands each slot of the
  global budget to the most urgent request (priority, then FIFO) whose bucket is ready: not
  known to be exhausted, and with a request in flight only within what Discord said
  remains. A bucket that waits never delays a request for another bucket.
* **Pacing follows Discord** (https://discord.com/developers/docs/topics/rate-limits): the
  ``X-RateLimit-Limit/Remaining/Reset-After/Bucket`` headers of every response (seen through
  :meth:`Pacer.attach`, an aiohttp trace the client is built with) set its bucket's state; a
  bucket with nothing remaining is not served until its reset. A 429's ``retry_after`` holds
  its bucket, or every paced request when it is global (``X-RateLimit-Scope: global``).
  The global budget is ``per_second`` requests a second, evenly spaced (an
  ``aiolimiter.AsyncLimiter``). Interaction callbacks and interaction webhooks
  (``/webhooks/{application}/{token}``) do not count against the global limit:
  ``call(op, paced=False)`` runs them at once, outside the queues.
* **Transient failures** (5xx, a 429 discord.py gave up on, a dropped connection) are
  tried again after a bounded exponential backoff, then given up (``FAILED``); other
  refusals are told apart by :func:`classify`.

Nothing here raises for a Discord answer: every call returns a :class:`Sent`.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from types import SimpleNamespace
from typing import Any, Generic, TypeVar

import aiohttp
import discord
from aiolimiter import AsyncLimiter

from bot import metrics

# The outbox's logger: its lines keep the name they always had.
log = logging.getLogger("bot.outbox")

T = TypeVar("T")

#: Discord's JSON error codes the outbox tells apart.
CANNOT_DM = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008


class SendStatus(StrEnum):
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

    status: SendStatus
    value: T | None = None
    error: BaseException | None = None
    attempts: int = 0

    @property
    def ok(self) -> bool:
        return self.status is SendStatus.SENT


def classify(error: BaseException) -> SendStatus | None:
    """The :class:`SendStatus` an error means, or ``None`` when it is transient (worth
    another attempt: 5xx, 429, connection errors, timeouts)."""
    if isinstance(error, discord.HTTPException):
        status, code = error.status, error.code
        if status >= 500 or status == 429:
            return None
        if status == 403 and code == CANNOT_DM:
            return SendStatus.DM_CLOSED
        if (status == 403 and code in (MISSING_PERMISSIONS, MISSING_ACCESS)) or (
            status == 404 and code == UNKNOWN_CHANNEL
        ):
            return SendStatus.CHANNEL_GONE
        if status == 404 and code == UNKNOWN_MESSAGE:
            return SendStatus.MESSAGE_GONE
        return SendStatus.FAILED
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return None
    return SendStatus.FAILED


class Priority(IntEnum):
    """How urgent an outbox request is: a lower value is served first."""

    TURN = 0  # the next decider's panel ("your turn"): nothing waits before it
    #: A match's result: one post per match, before PUBLIC so that it does not wait
    #: behind the boards' edits and the other matches' thread creations. The boards
    #: themselves (first post and edits) are PUBLIC, first come first served with the
    #: other PUBLIC requests: measured in a burst of 100 new matches, a board priority
    #: over them held back the panels of the players not deciding (PUBLIC) and with
    #: them the next "your turn" (up to 57 s), or gained nothing once those panels
    #: shared it (``benchmarks.load``).
    RESULT = 1
    PUBLIC = 2  # boards, challenges, thread creations, name look-ups, other posts
    TIDY = 3  # deleting superseded panels and other tidying: may wait


#: An outbox bucket: a route kind and its major parameter, as Discord keys its limits
#: ("post", channel_id), ("edit", channel_id), ("delete", channel_id), ("open-dm",),
#: ("thread", channel_id) (thread creation, with or without a message),
#: ("fetch-user",), ("fetch-member", guild_id). See :func:`bucket_of`.
Bucket = tuple[str | int, ...]

_API_PREFIX = re.compile(r"^/api(?:/v\d+)?")
#: (method, path below /api/vN, kind): the routes the outbox sends, by bucket kind; the
#: groups are the major parameter (Discord: "Rate Limits", per-route buckets).
_ROUTES = (
    ("POST", re.compile(r"/channels/(\d+)/messages"), "post"),
    ("POST", re.compile(r"/channels/(\d+)/messages/\d+/threads"), "thread"),
    ("POST", re.compile(r"/channels/(\d+)/threads"), "thread"),
    ("PATCH", re.compile(r"/channels/(\d+)/messages/\d+"), "edit"),
    ("DELETE", re.compile(r"/channels/(\d+)/messages/\d+"), "delete"),
    ("POST", re.compile(r"/users/@me/channels"), "open-dm"),
    ("GET", re.compile(r"/users/\d+"), "fetch-user"),
    ("GET", re.compile(r"/guilds/(\d+)/members/\d+"), "fetch-member"),
)


def bucket_of(method: str, path: str) -> Bucket | None:
    """The outbox bucket of the request ``method path`` (``path`` with or without the
    ``/api/vN`` prefix, no query), or None for a route the outbox does not queue (interaction
    callbacks and webhooks among them)."""
    path = _API_PREFIX.sub("", path, count=1)
    for verb, pattern, kind in _ROUTES:
        if method == verb and (found := pattern.fullmatch(path)) is not None:
            return (kind, *(int(g) for g in found.groups()))
    return None


class OutboxClosed(RuntimeError):
    """The outbox was closed while the request waited (``Sent.error`` of a FAILED)."""


@dataclass(slots=True)
class _Limit:
    """What Discord last said of one bucket: ``remaining`` requests until ``reset_at``
    (``clock`` seconds), ``limit`` per window (None when unknown, e.g. after a bare 429)."""

    remaining: int
    limit: int | None
    reset_at: float


@dataclass(eq=False, slots=True)
class _Ticket:
    """One attempt waiting for its turn."""

    priority: Priority
    seq: int
    bucket: Bucket | None
    queued_at: float
    granted: asyncio.Future[None] = field(repr=False)
    queued: bool = True

    def __lt__(self, other: _Ticket) -> bool:
        return (self.priority, self.seq) < (other.priority, other.seq)


def _number(headers: Mapping[str, str], name: str) -> float | None:
    try:
        return float(headers[name])
    except (KeyError, TypeError, ValueError):
        return None


class Pacer:
    """Prioritised, paced, retried requests (see the module docstring).

    ``per_second``: the global budget, requests per second (``Settings.outbound_per_second``,
    this process's share). ``attempts``: tries per request (>= 1). ``backoff`` /
    ``max_backoff``: seconds before the 2nd try, doubled each time, capped. ``sleep``: how
    to wait between tries (tests pass a recorder). ``clock``: seconds, for bucket resets
    (``time.monotonic``).

    Raises:
        ValueError: ``per_second`` <= 0 or ``attempts`` < 1.
    """

    #: Bucket states kept before the expired ones are forgotten.
    MAX_LIMITS = 10_000

    def __init__(
        self,
        *,
        per_second: float = 45.0,
        attempts: int = 4,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if per_second <= 0 or attempts < 1:
            raise ValueError("per_second must be > 0 and attempts >= 1")
        self.per_second = per_second
        self.limiter = AsyncLimiter(1, 1 / per_second)
        self.attempts = attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._sleep = sleep
        self._clock = clock
        self._background: set[asyncio.Task[Any]] = set()
        # The queues: bucket (None: global pacing only) -> heap of tickets.
        self._queues: dict[Bucket | None, list[_Ticket]] = {}
        self._queued = 0
        self._seq = itertools.count()
        self._in_flight: dict[Bucket, int] = {}
        #: (Discord's bucket hash, or the kind while unknown, *major) -> its state.
        self._limits: dict[Bucket, _Limit] = {}
        #: kind -> Discord's bucket hash (``X-RateLimit-Bucket``): routes sharing a hash
        #: share a limit per major parameter.
        self._hashes: dict[str, str] = {}
        self._global_until = 0.0
        self._wake = asyncio.Event()
        self._dispatcher: asyncio.Task[None] | None = None
        self._closed = False

    # -- the one path ------------------------------------------------------------------

    async def call(
        self,
        op: Callable[[], Awaitable[T]],
        *,
        what: str = "request",
        priority: Priority = Priority.PUBLIC,
        bucket: Bucket | None = None,
        kind: str | None = None,
        paced: bool = True,
    ) -> Sent[T]:
        """Run ``op()`` (one Discord request) in its turn, retrying transient failures.

        ``what`` names it in logs. ``priority``: see :class:`Priority`. ``bucket``: the
        :data:`Bucket` its route falls in (None: global pacing only, e.g. a request on a
        route the outbox does not know). ``kind`` labels the metrics (default the bucket's
        kind, "other", or "interaction-webhook" when not paced). ``paced=False``: run at once,
        outside the queues and the global budget; only for requests Discord does not count
        against the global limit (interaction callbacks, ``/webhooks/{application}/{token}``
        follow-ups and edits). Never raises for an HTTP or connection error.
        """
        if kind is None:
            kind = str(bucket[0]) if bucket else ("other" if paced else "interaction-webhook")
        seq = next(self._seq)
        error: BaseException | None = None
        for attempt in range(1, self.attempts + 1):
            if attempt > 1:
                await self._sleep(min(self.max_backoff, self.backoff * 2 ** (attempt - 2)))
            try:
                if paced:
                    async with self._turn(bucket, priority, seq):
                        metrics.outbox_request(kind, priority.name.lower())
                        value = await op()
                else:
                    metrics.outbox_request(kind, priority.name.lower())
                    value = await op()
                return Sent(SendStatus.SENT, value, None, attempt)
            except OutboxClosed as exc:
                return Sent(SendStatus.FAILED, None, exc, attempt)
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                error = exc
                status = classify(exc)
                if status is not None:
                    if status is SendStatus.FAILED:
                        log.warning("%s refused: %s", what, exc)
                    return Sent(status, None, exc, attempt)
                log.info("%s failed (attempt %s/%s): %s", what, attempt, self.attempts, exc)
        log.warning("%s given up after %s attempts: %s", what, self.attempts, error)
        return Sent(SendStatus.FAILED, None, error, self.attempts)

    def later(
        self,
        op: Callable[[], Awaitable[T]],
        *,
        what: str = "request",
        done: Callable[[Sent[T]], Any] | None = None,
        priority: Priority = Priority.PUBLIC,
        bucket: Bucket | None = None,
        kind: str | None = None,
        paced: bool = True,
    ) -> asyncio.Task[Sent[T]]:
        """:meth:`call` in the background (same keywords); ``done(sent)`` (plain or async)
        afterwards. The task is kept until it ends and cancelled by :meth:`close`."""

        async def run() -> Sent[T]:
            sent = await self.call(
                op, what=what, priority=priority, bucket=bucket, kind=kind, paced=paced
            )
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
        """Cancel background deliveries and wait for them to end; requests still queued
        end FAILED (:class:`OutboxClosed`), and later ones at once."""
        self._closed = True
        tasks = list(self._background)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for heap in self._queues.values():
            for ticket in heap:
                self._unqueue(ticket)
                if not ticket.granted.done():
                    ticket.granted.set_exception(OutboxClosed("the outbox is closed"))
        self._queues.clear()
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._dispatcher

    # -- Discord's rate-limit headers ----------------------------------------------------

    def attach(self, trace: aiohttp.TraceConfig) -> None:
        """Follow the rate-limit headers of every response to the client built with
        ``http_trace=trace`` (``discord.Client``'s public option). Call it before the
        client logs in: aiohttp freezes a TraceConfig once a session uses it."""
        trace.on_request_end.append(self._on_request_end)

    async def _on_request_end(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        response = params.response
        body: Any = None
        if response.status == 429:
            # The body's retry_after is exact (Retry-After is whole seconds); aiohttp keeps
            # the body read, so discord.py reads the same one after this.
            with contextlib.suppress(Exception):
                body = await response.json(content_type=None)
        self.observe(params.method, params.url.path, response.status, response.headers, body)

    def observe(
        self, method: str, path: str, status: int, headers: Mapping[str, str], body: Any = None
    ) -> None:
        """Take in one Discord response: ``method path`` (path with or without ``/api/vN``),
        its HTTP ``status``, ``headers`` and, for a 429, its parsed JSON ``body``.

        A 2xx/4xx with ``X-RateLimit-Remaining`` and ``X-RateLimit-Reset-After`` (seconds)
        sets its bucket's state; a 429 holds its bucket for ``retry_after`` seconds (body,
        else ``X-RateLimit-Reset-After``, else ``Retry-After``), or every paced request when
        global (``X-RateLimit-Global``, ``X-RateLimit-Scope: global`` or the body's
        ``global``). Source: https://discord.com/developers/docs/topics/rate-limits.
        """
        now = self._clock()
        bucket = bucket_of(method, path)
        if status == 429:
            retry = body.get("retry_after") if isinstance(body, dict) else None
            if not isinstance(retry, int | float):
                retry = _number(headers, "X-RateLimit-Reset-After")
            if retry is None:
                retry = _number(headers, "Retry-After")
            retry = max(0.0, float(retry or 0.0))
            is_global = (
                headers.get("X-RateLimit-Global", "").lower() == "true"
                or headers.get("X-RateLimit-Scope") == "global"
                or (isinstance(body, dict) and body.get("global") is True)
            )
            if is_global:
                self._global_until = max(self._global_until, now + retry)
                log.warning("Global rate limit: paced requests wait %.3f s", retry)
            elif bucket is not None:
                key = self._state_key(bucket, headers.get("X-RateLimit-Bucket"))
                known = self._limits.get(key)
                limit = _number(headers, "X-RateLimit-Limit")
                self._limits[key] = _Limit(
                    0,
                    int(limit) if limit is not None else (known.limit if known else None),
                    now + retry,
                )
        elif bucket is not None:
            remaining = _number(headers, "X-RateLimit-Remaining")
            reset_after = _number(headers, "X-RateLimit-Reset-After")
            if remaining is None or reset_after is None:
                return
            limit = _number(headers, "X-RateLimit-Limit")
            key = self._state_key(bucket, headers.get("X-RateLimit-Bucket"))
            self._limits[key] = _Limit(
                int(remaining), int(limit) if limit is not None else None, now + reset_after
            )
        else:
            return
        if len(self._limits) > self.MAX_LIMITS:
            self._limits = {k: v for k, v in self._limits.items() if v.reset_at > now}
        self._wake.set()

    def _state_key(self, bucket: Bucket, discord_hash: str | None = None) -> Bucket:
        """Where ``bucket``'s state lives: Discord's hash for its kind (learnt from
        ``X-RateLimit-Bucket``; routes sharing one share a limit) and its major parameter."""
        kind, *major = bucket
        if discord_hash:
            self._hashes[str(kind)] = discord_hash
        return (self._hashes.get(str(kind), str(kind)), *major)

    # -- the queues --------------------------------------------------------------------

    def queued(self, bucket: Bucket | None = None) -> int:
        """Requests waiting for their turn: in ``bucket``, or in all when None."""
        if bucket is None:
            return self._queued
        return len(self._queues.get(bucket, ()))

    def ready(self, bucket: Bucket | None) -> bool:
        """Whether a request of ``bucket`` may be sent now: unknown limits allow one in
        flight; known ones allow as many as remain (all of ``X-RateLimit-Limit`` once the
        reset passed). None (no bucket) is always ready."""
        if bucket is None:
            return True
        in_flight = self._in_flight.get(bucket, 0)
        state = self._limits.get(self._state_key(bucket))
        if state is None:
            return in_flight == 0
        if self._clock() >= state.reset_at:
            return in_flight < (state.limit or 1)
        return in_flight < state.remaining

    @contextlib.asynccontextmanager
    async def _turn(
        self, bucket: Bucket | None, priority: Priority, seq: int
    ) -> AsyncIterator[None]:
        """Wait for this request's turn, then hold its bucket's in-flight slot."""
        if self._closed:
            raise OutboxClosed("the outbox is closed")
        loop = asyncio.get_running_loop()
        ticket = _Ticket(Priority(priority), seq, bucket, loop.time(), loop.create_future())
        heapq.heappush(self._queues.setdefault(bucket, []), ticket)
        self._queued += 1
        metrics.child(metrics.OUTBOX_QUEUED, ticket.priority.name.lower()).inc()
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = loop.create_task(self._dispatch(), name="outbox-dispatcher")
        self._wake.set()
        try:
            await ticket.granted
        except BaseException:
            if ticket.granted.done() and not ticket.granted.cancelled():
                if ticket.granted.exception() is None:
                    self._release(bucket)  # granted, then cancelled before it ran
            else:
                self._withdraw(ticket)
            raise
        try:
            yield
        finally:
            self._release(bucket)

    def _unqueue(self, ticket: _Ticket) -> None:
        if ticket.queued:
            ticket.queued = False
            self._queued -= 1
            metrics.child(metrics.OUTBOX_QUEUED, ticket.priority.name.lower()).dec()

    def _withdraw(self, ticket: _Ticket) -> None:
        heap = self._queues.get(ticket.bucket)
        if heap is not None and ticket in heap:
            heap.remove(ticket)
            heapq.heapify(heap)
            if not heap:
                del self._queues[ticket.bucket]
        self._unqueue(ticket)
        self._wake.set()

    def _release(self, bucket: Bucket | None) -> None:
        if bucket is not None:
            left = self._in_flight.get(bucket, 0) - 1
            if left > 0:
                self._in_flight[bucket] = left
            else:
                self._in_flight.pop(bucket, None)
        self._wake.set()

    def _best(self) -> _Ticket | None:
        """The most urgent ticket whose bucket is ready (priority, then FIFO)."""
        best: _Ticket | None = None
        for bucket, heap in self._queues.items():
            if heap and (best is None or heap[0] < best) and self.ready(bucket):
                best = heap[0]
        return best

    def _next_reset(self) -> float | None:
        """Seconds until the earliest reset of a bucket that has requests waiting (None:
        none is waiting for a reset, only for requests in flight to end)."""
        now = self._clock()
        resets = [
            state.reset_at - now
            for bucket in self._queues
            if bucket is not None
            and (state := self._limits.get(self._state_key(bucket))) is not None
            and state.reset_at > now
        ]
        return max(0.0, min(resets)) if resets else None

    async def _idle(self, seconds: float | None) -> None:
        # asyncio.timeout, not wait_for: no task of its own for each wait (Python 3.11)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self._wake.wait()

    async def _dispatch(self) -> None:
        """Hand the global budget out, one request per slot, while requests wait."""
        while self._queued:
            self._wake.clear()
            pause = self._global_until - self._clock()
            if pause > 0:
                await self._idle(pause)
                continue
            if self._best() is None:
                await self._idle(self._next_reset())
                continue
            await self.limiter.acquire()
            if self._global_until > self._clock():
                continue  # a global 429 arrived meanwhile: this slot is lost
            ticket = self._best()  # chosen now: a TURN queued meanwhile goes first
            if ticket is not None:
                self._grant(ticket)

    def _grant(self, ticket: _Ticket) -> None:
        heap = self._queues[ticket.bucket]
        heapq.heappop(heap)
        if not heap:
            del self._queues[ticket.bucket]
        self._unqueue(ticket)
        if ticket.granted.done():  # its caller was cancelled
            return
        if ticket.bucket is not None:
            self._in_flight[ticket.bucket] = self._in_flight.get(ticket.bucket, 0) + 1
        waited = asyncio.get_running_loop().time() - ticket.queued_at
        metrics.child(metrics.OUTBOX_WAIT, ticket.priority.name.lower()).observe(waited)
        ticket.granted.set_result(None)
