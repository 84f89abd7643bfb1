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

:class:`Instruments` attaches them to one client: its ``http_trace`` (an aiohttp
``TraceConfig``, a public ``discord.Client`` option) times the interaction callbacks and
counts 429s; :meth:`Instruments.watch_gateway` notes each INTERACTION_CREATE's arrival.
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import Counter, Gauge, Histogram, start_http_server

__all__ = [
    "ACK_SECONDS",
    "DECISIONS",
    "DMS_REFUSED",
    "HTTP_429",
    "LIVE_MATCHES",
    "LIVE_REFRESH_SECONDS",
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
        if params.response.status == 429:
            HTTP_429.inc()
        found = _CALLBACK.search(params.url.path)
        if found is not None:
            self.answered(int(found.group(1)))


def decided(cause: str) -> None:
    """Count one decision applied by this process (``cause``: its Cause value)."""
    DECISIONS.labels(cause=cause).inc()
