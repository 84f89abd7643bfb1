"""Fault injection for the emulator: rate limits (HTTP 429), 429 bursts, held requests and
failing routes.

* :class:`RateLimit` is a fixed-window limiter (``limit`` requests per ``per`` seconds, the
  window starting at the first admitted request). Admitted requests get Discord's
  ``X-RateLimit-*`` headers so discord.py paces itself; requests over the limit get 429.
* :class:`Burst429` answers the next ``count`` matching requests with 429, whatever the rate.
* :class:`Hold` keeps matching requests unanswered until :meth:`Hold.release`.
* :class:`RouteFailure` answers matching requests with an error status (5xx by default) or
  drops their connection, before or after carrying them out.

The Emulator owns the instances (``emu.rate_limit``, ``emu.burst_429``, ``emu.hold``,
``emu.hold_gateway``); REST handling consults them in :mod:`emulator.rest`.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from aiohttp import web

log = logging.getLogger(__name__)

#: ``(method, path) -> bool``; ``path`` is below ``/api/v10`` without the query string.
RouteFilter = Callable[[str, str], bool]
#: ``(method, path, json_body) -> bool`` (multipart requests: the parsed ``payload_json``).
HoldPredicate = Callable[[str, str, Any], bool]

RATE_LIMIT_MESSAGE = "You are being rate limited."
#: JSON code and message of the old-message edit limit (Discord docs, "JSON Error Codes").
OLD_MESSAGE_EDIT_CODE = 30046
OLD_MESSAGE_EDIT_MESSAGE = (
    "Maximum number of edits to messages older than 1 hour reached. Try again later."
)

# Routes that real Discord limits separately from the per-route/user buckets: the gateway URL,
# application command sync, and interaction callbacks.
_EXEMPT = tuple(
    re.compile(p)
    for p in (
        r"^/gateway(/bot)?$",
        r"^/applications/[^/]+(/guilds/[^/]+)?/commands(/[^/]+)?$",
        r"^/interactions/[^/]+/[^/]+/callback$",
    )
)


def default_route_filter(method: str, path: str) -> bool:
    """The filter used when ``route_filter`` is None: every bot REST request except
    ``/gateway``, ``/gateway/bot``, application command routes and interaction callbacks."""
    return not any(p.match(path) for p in _EXEMPT)


def _matches(route_filter: RouteFilter | None, method: str, path: str) -> bool:
    check = default_route_filter if route_filter is None else route_filter
    return bool(check(method, path))


def ceil_ms(seconds: float) -> float:
    """Round up to the millisecond (so a client sleeping this long never comes back early).
    Float error below a nanosecond is not rounded up: a full 30 s window computed as
    ``start + 30.0 - now`` can come out a few ulps above 30 s, and Discord never answers
    a Reset-After longer than the bucket's window."""
    return max(0.001, math.ceil(round(seconds * 1000, 6)) / 1000)


class RequestLog(NamedTuple):
    """One REST request as received: method, path below /api/v10 (no query), parsed JSON
    body, and the query string (``""`` when none)."""

    method: str
    path: str
    json: Any
    query: str = ""


class RateLimitedRequest(NamedTuple):
    """A request answered with 429: method, path (below /api/v10), ``time.monotonic()``, and
    the ``X-RateLimit-Scope`` it was sent with (``"global"``, ``"user"`` or ``"shared"``)."""

    method: str
    path: str
    at: float
    scope: str = "user"


@dataclass
class FixedWindow:
    """A fixed window of ``per`` seconds: ``count`` requests admitted since ``start``
    (``time.monotonic()`` seconds; None while no window is open). The window opens with
    the first admitted request, as Discord's buckets do (``X-RateLimit-Reset-After``)."""

    per: float
    start: float | None = None
    count: int = 0

    def roll(self, now: float) -> None:
        """Close the window if ``per`` seconds have passed since it opened."""
        if self.start is not None and now >= self.start + self.per:
            self.start = None
            self.count = 0

    def reset_after(self, now: float) -> float:
        """Seconds until the current window closes (``per`` if no window is open)."""
        self.roll(now)
        return self.per if self.start is None else max(0.0, self.start + self.per - now)

    def full(self, limit: int, now: float) -> bool:
        """True if one more request now would exceed ``limit``."""
        self.roll(now)
        return self.count >= limit

    def admit(self, now: float) -> None:
        """Count one admitted request (opening a window if none is open)."""
        self.roll(now)
        if self.start is None:
            self.start = now
        self.count += 1


@dataclass(eq=False)
class RateLimit:
    """A fixed-window limit shared by every request ``route_filter`` accepts (one bucket).

    The window opens with the first admitted request and lasts ``per`` seconds; at most
    ``limit`` requests are admitted in it. ``retry_after`` (if set) replaces the computed time
    left in the window in 429 answers.
    """

    limit: int
    per: float
    route_filter: RouteFilter | None = None
    retry_after: float | None = None
    global_: bool = False
    bucket: str = field(default_factory=lambda: secrets.token_hex(16))
    #: The current window (its ``count`` of admitted requests).
    window: FixedWindow = field(init=False)

    def __post_init__(self) -> None:
        self.window = FixedWindow(self.per)

    def matches(self, method: str, path: str) -> bool:
        """Whether this limit applies to ``method path``."""
        return _matches(self.route_filter, method, path)

    def reset_after(self, now: float) -> float:
        """Seconds until the current window closes (``per`` if no window is open)."""
        return self.window.reset_after(now)

    def exhausted(self, now: float) -> bool:
        """True if one more request now would exceed the limit."""
        return self.window.full(self.limit, now)

    def admit(self, now: float) -> None:
        """Count one admitted request (opening a window if none is open)."""
        self.window.admit(now)

    @property
    def remaining(self) -> int:
        """Requests still allowed in the current window (as of the last check)."""
        return max(0, self.limit - self.window.count)

    def headers(self, now: float) -> dict[str, str]:
        """``X-RateLimit-*`` headers for an admitted request."""
        return bucket_headers(self.limit, self.remaining, self.reset_after(now), self.bucket)


@dataclass(eq=False)
class Burst429:
    """Answers the next ``count`` matching requests with 429 (``retry_after`` seconds)."""

    count: int
    retry_after: float = 0.2
    route_filter: RouteFilter | None = None
    bucket: str = field(default_factory=lambda: secrets.token_hex(16))
    sent: int = 0

    @property
    def remaining(self) -> int:
        """How many 429s this burst still has to send."""
        return max(0, self.count - self.sent)

    def matches(self, method: str, path: str) -> bool:
        """Whether this burst applies to ``method path``."""
        return _matches(self.route_filter, method, path)


class Verdict(NamedTuple):
    """Outcome of the rate-limit check for one request.

    ``retry_after`` in seconds; ``headers`` the ``X-RateLimit-*`` headers of an admitted
    request; ``scope`` the ``X-RateLimit-Scope`` of a 429 (``"user"``, ``"shared"``; a global
    verdict is always ``"global"``); ``code`` the JSON error code of a 429 that has one
    (30046), else None.
    """

    limited: bool
    retry_after: float
    global_: bool
    limit: int
    bucket: str
    headers: dict[str, str]
    scope: str = "user"
    code: int | None = None

    @property
    def scope_header(self) -> str:
        """The ``X-RateLimit-Scope`` of this verdict's 429."""
        return "global" if self.global_ else self.scope


def evaluate(
    limits: Iterable[RateLimit], bursts: Iterable[Burst429], method: str, path: str
) -> Verdict | None:
    """Check ``method path`` against bursts, then limits. None if nothing applies.

    A request is 429'd by the first burst with 429s left, else by the first exhausted limit (a
    429'd request is not counted). Otherwise it is counted by every matching limit and carries
    the headers of the one with the fewest requests left.
    """
    now = time.monotonic()
    for burst in bursts:
        if burst.remaining and burst.matches(method, path):
            burst.sent += 1
            retry = ceil_ms(burst.retry_after)
            return Verdict(True, retry, False, 1, burst.bucket, {})
    matching = [r for r in limits if r.matches(method, path)]
    if not matching:
        return None
    for rule in matching:
        if rule.exhausted(now):
            retry = rule.retry_after if rule.retry_after is not None else rule.reset_after(now)
            return Verdict(True, ceil_ms(retry), rule.global_, rule.limit, rule.bucket, {})
    for rule in matching:
        rule.admit(now)
    tightest = min(matching, key=lambda r: r.remaining)
    return Verdict(False, 0.0, False, tightest.limit, tightest.bucket, tightest.headers(now))


def bucket_headers(limit: int, remaining: int, reset_after: float, bucket: str) -> dict[str, str]:
    """Discord's per-bucket headers (``Reset`` is epoch seconds, ``Reset-After`` seconds)."""
    reset_after = ceil_ms(reset_after)
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


def too_many_requests(verdict: Verdict, body: bytes) -> web.Response:
    """The 429 response for ``verdict`` (``body`` is the encoded JSON).

    ``Via`` is required: discord.py treats a 429 without it as a Cloudflare ban and raises
    instead of retrying. A global 429 carries no bucket headers (Discord docs, "Rate Limits":
    ``X-RateLimit-Global`` and ``X-RateLimit-Scope: global`` instead; discord.py would
    otherwise file the route under a bucket that is not its own).
    """
    headers = {
        "Content-Type": "application/json",
        "Retry-After": str(max(1, math.ceil(verdict.retry_after))),
        "X-RateLimit-Scope": verdict.scope_header,
        "Via": "1.1 google",
    }
    if verdict.global_:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update(bucket_headers(verdict.limit, 0, verdict.retry_after, verdict.bucket))
    return web.Response(body=body, status=429, headers=headers)


def rate_limit_body(verdict: Verdict) -> dict[str, Any]:
    """JSON body of a 429 (Discord docs, "Rate Limit Response Structure"): ``message``,
    ``retry_after`` (seconds), ``global``, and ``code`` for limits that have one."""
    body: dict[str, Any] = {
        "message": OLD_MESSAGE_EDIT_MESSAGE
        if verdict.code == OLD_MESSAGE_EDIT_CODE
        else RATE_LIMIT_MESSAGE,
        "retry_after": verdict.retry_after,
        "global": verdict.global_,
    }
    if verdict.code is not None:
        body["code"] = verdict.code
    return body


class Hold:
    """Keeps requests matching ``predicate`` unanswered until :meth:`release`.

    ``held`` lists every request that was held (RequestLog: method, path, json). After release,
    requests whose client already disconnected (e.g. the bot was closed or killed) are dropped
    unprocessed, as if they never reached Discord, and listed in ``dropped``; the others are
    processed normally. A released hold holds nothing more.
    """

    def __init__(self, predicate: HoldPredicate | None, *, what: str = "request") -> None:
        self.predicate = predicate
        self.what = what
        self.held: list[RequestLog] = []
        self.dropped: list[RequestLog] = []
        self._waiting: list[tuple[RequestLog, web.Request]] = []
        self._released = asyncio.Event()
        self._arrived = asyncio.Event()
        self._shutdown = False

    def __repr__(self) -> str:
        state = "released" if self.released else "active"
        return f"<Hold {self.what} {state} held={len(self.held)} dropped={len(self.dropped)}>"

    @property
    def released(self) -> bool:
        """True once :meth:`release` was called."""
        return self._released.is_set()

    @property
    def waiting(self) -> list[RequestLog]:
        """Requests held right now (not yet released)."""
        return [entry for entry, _ in self._waiting]

    @property
    def orphans(self) -> list[RequestLog]:
        """Held requests whose client has disconnected (they will be dropped on release)."""
        return [entry for entry, request in self._waiting if request.transport is None]

    def matches(self, method: str, path: str, body: Any) -> bool:
        """Whether a request should be held now (False once released)."""
        if self.released:
            return False
        return self.predicate is None or bool(self.predicate(method, path, body))

    def release(self) -> int:
        """Let held requests proceed (or be dropped if their client is gone); returns how many
        were waiting. Idempotent; safe after the bot has gone or the emulator stopped."""
        count = len(self._waiting)
        self._released.set()
        return count

    def shutdown(self) -> None:
        """Release and drop everything still held (used when the emulator stops)."""
        self._shutdown = True
        self.release()

    async def wait_held(self, timeout: float = 5.0, *, count: int = 1) -> RequestLog:  # noqa: ASYNC109
        """Wait until at least ``count`` requests were held; return the ``count``-th one.

        Raises AssertionError after ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while len(self.held) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"timed out after {timeout:.1f}s waiting for {count} held {self.what}(s) "
                    f"(held {len(self.held)})"
                )
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), timeout=left)
            except TimeoutError:
                continue
        return self.held[count - 1]

    async def hold(self, entry: RequestLog, request: web.Request) -> bool:
        """Park one request until release. True to process it, False if it was dropped."""
        self.held.append(entry)
        self._waiting.append((entry, request))
        self._arrived.set()
        log.info("holding %s %s", entry.method, entry.path)
        try:
            await self._released.wait()
        finally:
            self._waiting = [w for w in self._waiting if w[0] is not entry]
        if self._shutdown or request.transport is None:
            self.dropped.append(entry)
            log.info("dropped held %s %s (client gone)", entry.method, entry.path)
            return False
        log.info("released %s %s", entry.method, entry.path)
        return True


_FAIL_EXEMPT = tuple(
    re.compile(p)
    for p in (
        r"^/gateway(/bot)?$",
        r"^/applications/[^/]+(/guilds/[^/]+)?/commands(/[^/]+)?$",
    )
)

#: Discord's body text for common 5xx answers.
_STATUS_TEXT = {
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
    504: "504: Gateway Timeout",
}


@dataclass(eq=False)
class RouteFailure:
    """Answers matching requests with ``status`` (``count`` times; None: until :meth:`stop`).

    ``route_filter(method, path)``; None matches every bot REST request except /gateway(/bot)
    and application command routes. ``body_filter(json_body)`` (multipart: the parsed
    ``payload_json``), when given, must accept the body too. ``applied``: the request is
    carried out first (Discord did it), and only its answer is the failure. ``drop``: the
    connection is closed instead of answered (the client sees it dropped; with
    ``applied``, after the request was carried out). ``failed`` lists the requests answered
    with the failure.
    """

    route_filter: RouteFilter | None
    status: int = 500
    count: int | None = None
    code: int = 0
    message: str | None = None
    failed: list[RequestLog] = field(default_factory=list)
    stopped: bool = False
    body_filter: Callable[[Any], bool] | None = None
    applied: bool = False
    drop: bool = False

    @property
    def active(self) -> bool:
        """True while this failure still answers matching requests."""
        return not self.stopped and (self.count is None or len(self.failed) < self.count)

    def matches(self, method: str, path: str, body: Any = None) -> bool:
        """Whether this failure applies to ``method path`` (with JSON ``body``) now."""
        if not self.active:
            return False
        if self.route_filter is None:
            hit = not any(p.match(path) for p in _FAIL_EXEMPT)
        else:
            hit = bool(self.route_filter(method, path))
        return hit and (self.body_filter is None or bool(self.body_filter(body)))

    def stop(self) -> None:
        """Let matching requests through again (idempotent)."""
        self.stopped = True

    def body(self) -> dict[str, Any]:
        """The JSON error body."""
        text = self.message or _STATUS_TEXT.get(self.status, f"{self.status}: Error")
        return {"code": self.code, "message": text}
