"""Prometheus metrics of one bot process, served at ``/metrics`` on ``METRICS_PORT``.

Series (all in the default registry, next to prometheus-client's ``process_*`` ones):

* ``bingomagic_live_matches`` (gauge): matches in progress in this process's servers (its
  shards, ``Bot.owns_guild``), read from the database every :data:`LIVE_REFRESH_SECONDS`;
  summed over the processes it is the bot's total.
* ``bingomagic_decisions_total{cause}`` (counter): decisions this process applied (``cause``
  as in ``bot.matches.events.Cause``: a member's click, a time-out, the bot's move...);
  ``rate(bingomagic_decisions_total[1m])`` is decisions per second.
* ``bingomagic_interaction_ack_seconds`` (histogram): from an INTERACTION_CREATE's arrival
  on the gateway to the end of the first response to it (its callback request).
* ``bingomagic_http_429_total`` (counter): 429 answers from Discord's HTTP API, whether
  discord.py then retried or gave up.
* ``bingomagic_dms_refused_total`` (counter): DMs Discord refused because the member does not
  accept them (403/50007, the outbox's ``DM_CLOSED``).
* ``bingomagic_http_responses_total`` (counter): every answer from Discord's HTTP API, the
  denominator of the two below.
* ``bingomagic_http_429_scope_total{scope}`` (counter): 429s by ``X-RateLimit-Scope``
  (``global``, ``user``, ``shared``; ``unknown`` when the answer has none). Goal: no global.
* ``bingomagic_http_invalid_total{status}`` (counter): 401, 403 and 429 answers, which
  Discord counts toward its invalid-request limit (10,000 per 10 minutes bans the IP;
  https://discord.com/developers/docs/topics/rate-limits#invalid-request-limit). Goal:
  under 0.1 % of ``bingomagic_http_responses_total``.
* ``bingomagic_outbox_requests_total{kind,priority}`` (counter): requests the outbox let go,
  each attempt once (``kind``: post, edit, delete, dm, open-dm, fetch-user, fetch-member,
  interaction-webhook, other; ``priority``: turn, public, tidy).
* ``bingomagic_outbox_wait_seconds{priority}`` (histogram): seconds an outbox request waited
  in its queue for its turn (each attempt).
* ``bingomagic_outbox_queued{priority}`` (gauge): outbox requests waiting for their turn now.

:class:`Instruments` attaches them to one client: its ``http_trace`` (an aiohttp
``TraceConfig``, a public ``discord.Client`` option) times the interaction callbacks and
counts every answer (:func:`responded`); :meth:`Instruments.watch_gateway` notes each
INTERACTION_CREATE's arrival. The outbox series are counted by ``bot.outbox.Outbox``.
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import Counter, Gauge, Histogram, start_http_server

__all__ = [
    "ACK_SECONDS",
    "DECISIONS",
    "DMS_REFUSED",
    "HTTP_429",
    "HTTP_429_SCOPE",
    "HTTP_INVALID",
    "HTTP_RESPONSES",
    "LIVE_MATCHES",
    "LIVE_REFRESH_SECONDS",
    "OUTBOX_QUEUED",
    "OUTBOX_REQUESTS",
    "OUTBOX_WAIT",
    "Instruments",
    "serve",
]

log = logging.getLogger(__name__)

#: Seconds between two counts of the live matches in the database.
LIVE_REFRESH_SECONDS = 15.0
#: Interactions whose arrival is remembered while awaiting their first response; the
#: oldest are forgotten past this (an interaction unanswered for that long is lost anyway).
PENDING_ARRIVALS = 10_000

LIVE_MATCHES = Gauge(
    "bingomagic_live_matches", "BingoMagic matches in progress in this process's servers"
)
DECISIONS = Counter(
    "bingomagic_decisions", "Match decisions applied by this process", labelnames=("cause",)
)
ACK_SECONDS = Histogram(
    "bingomagic_interaction_ack_seconds",
    "Seconds from an interaction's arrival on the gateway to its first response",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
HTTP_429 = Counter("bingomagic_http_429", "429 (rate limited) answers from Discord's HTTP API")
DMS_REFUSED = Counter(
    "bingomagic_dms_refused", "DMs refused by Discord because the member does not accept them"
)

HTTP_RESPONSES = Counter("bingomagic_http_responses", "Answers from Discord's HTTP API")
#: The ``X-RateLimit-Scope`` values of a 429 (Discord: "Rate Limits", header format), and
#: ``unknown`` for a 429 without one.
SCOPES = ("global", "user", "shared", "unknown")
HTTP_429_SCOPE = Counter(
    "bingomagic_http_429_scope", "429 answers by X-RateLimit-Scope", labelnames=("scope",)
)
#: The statuses Discord counts toward its invalid-request limit.
INVALID_STATUSES = (401, 403, 429)
HTTP_INVALID = Counter(
    "bingomagic_http_invalid",
    "401, 403 and 429 answers (Discord's invalid-request limit)",
    labelnames=("status",),
)
#: Priority labels of the outbox series (``bot.outbox.Priority`` names, lower case).
PRIORITIES = ("turn", "result", "public", "tidy")
OUTBOX_REQUESTS = Counter(
    "bingomagic_outbox_requests",
    "Requests the outbox let go (each attempt), by kind and priority",
    labelnames=("kind", "priority"),
)
OUTBOX_WAIT = Histogram(
    "bingomagic_outbox_wait_seconds",
    "Seconds an outbox request waited in its queue for its turn",
    labelnames=("priority",),
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
OUTBOX_QUEUED = Gauge(
    "bingomagic_outbox_queued", "Outbox requests waiting for their turn", ("priority",)
)
for _scope in SCOPES:
    HTTP_429_SCOPE.labels(scope=_scope)
for _status in INVALID_STATUSES:
    HTTP_INVALID.labels(status=str(_status))
for _priority in PRIORITIES:
    OUTBOX_WAIT.labels(priority=_priority)
    OUTBOX_QUEUED.labels(priority=_priority)

_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")


def serve(port: int, addr: str = "0.0.0.0") -> int:
    """Serve the default registry at ``http://addr:port/metrics`` from a daemon thread;
    return the port (the one picked when ``port`` is 0).

    Raises:
        OSError: the port cannot be bound.
    """
    server, _thread = start_http_server(port, addr=addr)
    log.info("Metrics served on port %s", server.server_port)
    return server.server_port


class Instruments:
    """The metric hooks of one discord.py client.

    Pass :attr:`trace` as the client's ``http_trace`` option, then call
    :meth:`watch_gateway` once the client exists.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        #: interaction id -> arrival time (``clock`` seconds), oldest first.
        self._arrivals: OrderedDict[int, float] = OrderedDict()
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._on_request_end)

    def watch_gateway(self, parsers: dict[str, Callable[[Any], None]]) -> None:
        """Note the arrival of every INTERACTION_CREATE, given the client's gateway
        parsers (``client._connection.parsers``, event name -> parser)."""
        parse = parsers["INTERACTION_CREATE"]

        def arrived(data: Any) -> None:
            try:
                self.arrived(int(data["id"]))
            except (KeyError, TypeError, ValueError):
                pass
            parse(data)

        parsers["INTERACTION_CREATE"] = arrived

    def arrived(self, interaction_id: int) -> None:
        """Note that the interaction ``interaction_id`` arrived now."""
        self._arrivals[interaction_id] = self._clock()
        while len(self._arrivals) > PENDING_ARRIVALS:
            self._arrivals.popitem(last=False)

    def answered(self, interaction_id: int) -> float | None:
        """Observe the seconds since ``interaction_id`` arrived, once (its first response);
        return them, or None when its arrival is unknown or it was already answered."""
        arrived = self._arrivals.pop(interaction_id, None)
        if arrived is None:
            return None
        seconds = max(0.0, self._clock() - arrived)
        ACK_SECONDS.observe(seconds)
        return seconds

    async def _on_request_end(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        response = params.response
        responded(response.status, response.headers)
        found = _CALLBACK.search(params.url.path)
        if found is not None:
            self.answered(int(found.group(1)))


def responded(status: int, headers: Any) -> None:
    """Count one answer of Discord's HTTP API: ``status``, ``headers`` (a mapping; its
    ``X-RateLimit-Scope`` classifies a 429)."""
    HTTP_RESPONSES.inc()
    if status in INVALID_STATUSES:
        HTTP_INVALID.labels(status=str(status)).inc()
    if status == 429:
        HTTP_429.inc()
        scope = str(headers.get("X-RateLimit-Scope", "")).lower()
        if scope not in SCOPES:
            global_ = str(headers.get("X-RateLimit-Global", "")).lower() == "true"
            scope = "global" if global_ else "unknown"
        HTTP_429_SCOPE.labels(scope=scope).inc()


@cache
def child(metric: Any, *values: str) -> Any:
    """``metric.labels(*values)`` (label values in the order of its ``labelnames``), looked
    up once: prometheus_client keeps one child per label values for the metric's life,
    and ``labels()`` checks its arguments and takes a lock on every call, several times
    per click."""
    return metric.labels(*values)


def outbox_request(kind: str, priority: str) -> None:
    """Count one request the outbox let go (``kind`` of route, ``priority`` label)."""
    child(OUTBOX_REQUESTS, kind, priority).inc()


def decided(cause: str) -> None:
    """Count one decision applied by this process (``cause``: its Cause value)."""
    child(DECISIONS, cause).inc()
