"""What a test does to the emulated Discord's side: rate limits and 429 bursts, failing
routes, held requests and gateway events, gateway reconnects."""

from __future__ import annotations

import logging
import time
from collections import Counter as Tally
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from emulator.core import RequestRecord
from emulator.faults import (
    Burst429,
    Hold,
    HoldPredicate,
    RateLimit,
    RateLimitedRequest,
    RequestLog,
    RouteFailure,
    RouteFilter,
)
from emulator.ratelimits import SCOPE_SHARED, DiscordLimits, Limiter

if TYPE_CHECKING:
    from emulator.server import Emulator

#: The emulator's logger.
log = logging.getLogger("emulator.server")


class Controls:
    """What a test does to the Emulator ``emu``'s side of the wire: Discord's rate limits
    (``limits``: None enforces none) and injected ones, failing routes, held requests and
    gateway connections, gateway reconnects; and the answers' records."""

    def __init__(self, emu: Emulator, limits: DiscordLimits | None) -> None:
        self.emu = emu
        self.rate_limits: list[RateLimit] = []
        self.bursts: list[Burst429] = []
        self.rate_limited: list[RateLimitedRequest] = []
        #: Discord's rate limits in force (None: none); :attr:`limiter` holds their state.
        self.limits: DiscordLimits | None = limits
        self.limiter: Limiter | None = None if limits is None else Limiter(limits)
        #: 429s sent, by ``X-RateLimit-Scope`` (``"global"``, ``"user"``, ``"shared"``).
        self.rate_limited_by_scope: Tally[str] = Tally()
        #: Every answered REST request (see :class:`RequestRecord`), oldest first.
        self.request_records: list[RequestRecord] = []
        #: 401, 403 and 429 answers except shared-scope 429s (Discord docs, "Invalid Request
        #: Limit").
        self.invalid_requests = 0
        #: Real Discord bans an IP for a while after this many 401/403/429 answers per window.
        self.invalid_request_limit = 10_000
        self.invalid_request_window = 600.0
        self._invalid_times: deque[float] = deque()
        self._invalid_ban_reported = False
        self.holds: list[Hold] = []
        self.route_failures: list[RouteFailure] = []
        self.gateway_holds: list[Hold] = []

    # ================================================================ rate limits
    def rate_limit(
        self,
        route_filter: RouteFilter | None = None,
        *,
        limit: int,
        per: float,
        retry_after: float | None = None,
        global_: bool = False,
    ) -> RateLimit:
        """Answer 429 once more than ``limit`` requests accepted by ``route_filter`` arrive
        within a ``per``-second window (a fixed window opened by the first admitted request).

        ``route_filter(method, path)`` sees the path below /api/v10; None means every bot REST
        request except /gateway(/bot), application command routes and interaction callbacks
        (which real Discord limits separately). Admitted requests carry ``X-RateLimit-*``
        headers (Remaining counting down, Reset-After) so discord.py paces itself. 429 bodies
        say ``retry_after`` (default: time left in the window) and ``global``.
        """
        if limit < 0 or per <= 0:
            raise ValueError("limit must be >= 0 and per > 0")
        rule = RateLimit(
            limit=limit,
            per=per,
            route_filter=route_filter,
            retry_after=retry_after,
            global_=global_,
        )
        self.rate_limits.append(rule)
        return rule

    def burst_429(
        self, count: int, retry_after: float = 0.2, route_filter: RouteFilter | None = None
    ) -> Burst429:
        """Answer the next ``count`` requests accepted by ``route_filter`` (None: as in
        :meth:`rate_limit`) with 429, whatever the rate. discord.py gives up on one request
        after 5 attempts, so ``count >= 5`` on a single request makes it raise HTTPException."""
        if count < 0 or retry_after < 0:
            raise ValueError("count and retry_after must be >= 0")
        burst = Burst429(count=count, retry_after=retry_after, route_filter=route_filter)
        self.bursts.append(burst)
        return burst

    def clear_rate_limits(self) -> None:
        """Remove every rate limit and pending 429 burst (``rate_limited`` is kept)."""
        self.rate_limits.clear()
        self.bursts.clear()

    def record_rate_limited(
        self, method: str, path: str, retry_after: float, scope: str = "user"
    ) -> None:
        """Note a 429 sent (not a problem: tests assert on ``rate_limited`` and
        ``rate_limited_by_scope``)."""
        self.rate_limited.append(RateLimitedRequest(method, path, time.monotonic(), scope))
        self.rate_limited_by_scope[scope] += 1
        log.info("429 (%s) for %s %s (retry after %.3fs)", scope, method, path, retry_after)

    def set_limits(self, limits: DiscordLimits | None) -> None:
        """Enforce ``limits`` from now on (None: none), with fresh buckets."""
        self.limits = limits
        self.limiter = None if limits is None else Limiter(limits)

    def note_response(
        self,
        method: str,
        path: str,
        status: int,
        *,
        scope: str | None = None,
        global_counted: bool = False,
    ) -> None:
        """Record the answer in :attr:`request_records`; count 401/403/429 answers (but not
        429s of scope ``"shared"``) toward Discord's invalid-request limit; exceeding
        ``invalid_request_limit`` within ``invalid_request_window`` seconds is a problem."""
        self.request_records.append(
            RequestRecord(time.monotonic(), method, path, status, global_counted, scope)
        )
        if status not in (401, 403, 429) or (status == 429 and scope == SCOPE_SHARED):
            return
        self.invalid_requests += 1
        now = time.monotonic()
        self._invalid_times.append(now)
        while self._invalid_times and now - self._invalid_times[0] > self.invalid_request_window:
            self._invalid_times.popleft()
        if len(self._invalid_times) > self.invalid_request_limit and not self._invalid_ban_reported:
            self._invalid_ban_reported = True
            self.emu.add_problem(
                f"more than {self.invalid_request_limit} invalid (401/403/429) requests within "
                f"{self.invalid_request_window:.0f} s (Discord would ban the bot's IP); "
                f"last: {method} {path} -> {status}"
            )

    # ================================================================ failing routes
    def fail_route(
        self,
        route_filter: RouteFilter | None,
        *,
        status: int = 500,
        count: int | None = None,
        code: int = 0,
        message: str | None = None,
        body_filter: Callable[[Any], bool] | None = None,
        applied: bool = False,
        drop: bool = False,
    ) -> RouteFailure:
        """Answer bot REST requests accepted by ``route_filter(method, path)`` with ``status``
        (a 5xx by default), ``count`` times (None: until ``failure.stop()``).

        ``route_filter`` sees the path below /api/v10; None means every bot REST request
        except /gateway(/bot) and application command routes. ``body_filter(json_body)``
        (multipart: the parsed ``payload_json``), when given, must accept the body too. The
        body is Discord's ``{"code": code, "message": "500: Internal Server Error"}``.
        discord.py's HTTPClient retries 500/502/504/524 up to 5 attempts (sleeping 1, 3, 5,
        7, 9 s: a lasting 500 raises DiscordServerError after about 25 s), raises at once on
        other 5xx (503), and interaction webhooks retry every 5xx. Failures are expected,
        not problems.

        ``applied=True``: Discord carries the request out (a message is created, and
        dispatched) and only then answers ``status``, as when its edge times out behind a
        done request. ``drop=True``: the connection is closed instead of answered (aiohttp
        raises ``ServerDisconnectedError`` or a connection reset in the client), before the
        request is carried out, or after it with ``applied``.
        """
        if not 400 <= status <= 599:
            raise ValueError("status must be a 4xx or 5xx")
        if count is not None and count < 0:
            raise ValueError("count must be >= 0 or None")
        failure = RouteFailure(
            route_filter=route_filter,
            status=status,
            count=count,
            code=code,
            message=message,
            body_filter=body_filter,
            applied=applied,
            drop=drop,
        )
        self.route_failures.append(failure)
        return failure

    # ================================================================ holding requests
    def hold(self, predicate: HoldPredicate | None) -> Hold:
        """Hold bot REST requests for which ``predicate(method, path, json_body)`` is true
        (None: all) unanswered until ``hold.release()``. See :class:`~emulator.faults.Hold`.
        """
        hold = Hold(predicate)
        self.holds.append(hold)
        return hold

    def hold_gateway(self) -> Hold:
        """Leave new gateway websocket connections unanswered (the bot cannot reconnect) until
        ``hold.release()``; dispatches meanwhile are buffered for RESUME."""
        hold = Hold(None, what="gateway connection")
        self.gateway_holds.append(hold)
        return hold

    async def hold_if_requested(
        self, request: web.Request, method: str, path: str, body: Any
    ) -> bool:
        """Park a request while an active hold matches it. False if it must be dropped."""
        for hold in self.holds:
            try:
                wanted = hold.matches(method, path, body)
            except Exception as exc:
                self.emu.add_problem(f"hold predicate raised on {method} {path}: {exc!r}")
                continue
            if wanted:
                self.emu.request_parked()  # a held request does not keep settle() waiting
                try:
                    held = RequestLog(method, path, body, request.query_string)
                    return await hold.hold(held, request)
                finally:
                    self.emu.request_unparked()
        return True

    # ================================================================ gateway control
    async def send_reconnect(self) -> int:
        """Send op 7 Reconnect to connected gateways; returns the number of connections."""
        return self.emu.gateway.send_reconnect()

    async def send_invalid_session(self, resumable: bool = False) -> int:
        """Send op 9 Invalid Session (d=``resumable``); returns the number of connections."""
        return self.emu.gateway.send_invalid_session(resumable)
