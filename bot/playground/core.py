"""The emulator's state and its plumbing: the world's dictionaries, serving (start/stop),
recorded problems, waiting for the bot, REST bookkeeping. The layers above add the world
building (:mod:`.world`), messages and threads (:mod:`.messaging`), interactions
(:mod:`.interacting`) and the test controls (:mod:`.controls`);
:class:`bot.playground.server.Emulator` is the whole."""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections import Counter as Tally
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Self, cast

from aiohttp import web

from bot.playground.faults import (
    Burst429,
    Hold,
    RateLimit,
    RateLimitedRequest,
    RequestLog,
    RouteFailure,
)
from bot.playground.gateway import (
    Gateway,
    GatewaySession,
)
from bot.playground.mentions import Ping
from bot.playground.models import (
    WAIT_SECONDS,
    Channel,
    Counter,
    Guild,
    InteractionRecord,
    Member,
    Message,
    SnowflakeGenerator,
    User,
)
from bot.playground.ratelimits import DiscordLimits, Limiter

if TYPE_CHECKING:
    from bot.playground.rest import RestApi
    from bot.playground.server import Emulator

#: The emulator's logger (its lines keep their name).
log = logging.getLogger("bot.playground.server")


class UploadedFile(NamedTuple):
    """A file part of a multipart request."""

    field: str
    filename: str
    content_type: str
    data: bytes


GuildRef = Guild | int
UserRef = User | Member | int
ChannelRef = Channel | int


#: Marker for "Discord's limits" (a fresh DiscordLimits per Emulator).
DEFAULT_LIMITS: Any = object()


class RequestRecord(NamedTuple):
    """One answered REST request, for benchmarks: ``at`` (``time.monotonic()`` when the
    answer was ready), method, path below /api/v10, HTTP status, whether it counted against
    the global limit, and the ``X-RateLimit-Scope`` of a 429 (else None)."""

    at: float
    method: str
    path: str
    status: int
    global_counted: bool
    scope: str | None


class EmulatorCore:
    """The emulator's state (see :class:`bot.playground.server.Emulator` for the
    parameters) and plumbing."""

    bot_user: User
    application_id: int
    application_flags: int
    app_owner: User
    gateway: Gateway
    rest: RestApi
    _runner: web.AppRunner | None
    _timers: list[asyncio.TimerHandle]
    _inflight: int
    _last_activity: float

    @property
    def _whole(self) -> Emulator:
        """This object as the :class:`~bot.playground.server.Emulator` it always is (each
        layer is typed alone; the helpers it hands itself to take the whole)."""
        return cast("Emulator", self)

    def __init__(
        self,
        bot_token: str = "emulator-token",
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        ack_deadline: float = 3.0,
        require_mutual_guild_for_dm: bool = True,
        shard_count: int = 1,
        limits: DiscordLimits | None = DEFAULT_LIMITS,
    ) -> None:
        if shard_count < 1:
            raise ValueError(f"shard_count must be 1 or more, got {shard_count}")
        self.bot_token = bot_token
        #: The shard count GET /gateway/bot recommends (sessions may IDENTIFY with any).
        self.shard_count = shard_count
        self.host = host
        self.port = port
        self.ack_deadline = ack_deadline
        self.require_mutual_guild_for_dm = require_mutual_guild_for_dm
        self._snowflakes = SnowflakeGenerator()
        self._order = Counter()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        #: (author id, nonce) -> (message id, ``time.monotonic()`` of its creation): the
        #: nonces of created messages, for ``enforce_nonce`` (see
        #: :meth:`bot.playground.rest_channels.ChannelRoutes.create_message`).
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self._ack_events: dict[int, asyncio.Event] = {}
        self._dm_by_user: dict[int, int] = {}
        self.global_commands: dict[int, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[int, dict[str, Any]]] = {}
        self.command_syncs = 0
        self.problems: list[str] = []
        self.requests: list[RequestLog] = []
        self.presence: Any = None
        self.attachment_data: dict[int, bytes] = {}
        #: Every file the bot uploaded, oldest first: the attachment objects made of them.
        self.uploads: list[dict[str, Any]] = []
        self.rate_limits: list[RateLimit] = []
        self.bursts: list[Burst429] = []
        self.rate_limited: list[RateLimitedRequest] = []
        #: Discord's rate limits in force (None: none); :attr:`limiter` holds their state.
        self.limits: DiscordLimits | None = DiscordLimits() if limits is DEFAULT_LIMITS else limits
        self.limiter: Limiter | None = None if self.limits is None else Limiter(self.limits)
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
        #: Every message version of the bot that notifies someone (see :meth:`assert_no_pings`).
        self.pings: list[Ping] = []
        self.gateway_holds: list[Hold] = []
        #: Called as ``listener(event, message)`` after every message create/edit/delete
        #: (``"MESSAGE_CREATE"``/``"MESSAGE_UPDATE"``/``"MESSAGE_DELETE"``), ephemerals included.
        self.message_listeners: list[Callable[[str, Message], None]] = []
        #: Called as ``listener(event, channel)`` after a thread is created or changed
        #: (``"THREAD_CREATE"``/``"THREAD_UPDATE"``).
        self.channel_listeners: list[Callable[[str, Channel], None]] = []
        #: Extra aiohttp routes served by :meth:`start` before the Discord API (the playground).
        self.extra_routes: list[web.AbstractRouteDef] = []

    # ================================================================ lifecycle
    async def start(self) -> None:
        """Bind ``host:port`` (port 0 picks a free one) and start serving."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self.gateway.handle)
        app.router.add_route("GET", "/gateway/", self.gateway.handle)
        app.add_routes(self.extra_routes)
        app.router.add_route("*", "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1]
        log.info("emulator listening on %s", self.api_base)

    async def stop(self) -> None:
        """Close gateway connections, cancel timers, drop held requests, stop the server
        (idempotent)."""
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        for hold in [*self.holds, *self.gateway_holds]:
            hold.shutdown()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """``http://host:port``."""
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """REST base, e.g. ``http://127.0.0.1:8123/api/v10``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Gateway URL, e.g. ``ws://127.0.0.1:8123/gateway``."""
        return f"ws://{self.host}:{self.port}/gateway"

    # ================================================================ problems
    def add_problem(self, text: str) -> None:
        """Record a problem (a sign the bot misbehaved) and log it."""
        log.warning("emulator problem: %s", text)
        self.problems.append(text)

    def assert_no_problems(self) -> None:
        """Raise AssertionError listing every recorded problem, if any."""
        if self.problems:
            listing = "\n".join(f"  - {p}" for p in self.problems)
            raise AssertionError(f"emulator recorded {len(self.problems)} problem(s):\n{listing}")

    def take_problems(self) -> list[str]:
        """Return the recorded problems and clear them (for tests that provoke problems)."""
        taken = list(self.problems)
        self.problems.clear()
        return taken

    # ================================================================ waiting
    async def wait_for(
        self,
        predicate: Callable[[], Any],
        timeout: float = WAIT_SECONDS,  # noqa: ASYNC109
        *,
        interval: float = 0.01,
        message: str | None = None,
    ) -> Any:
        """Poll the synchronous ``predicate`` until truthy; return its value.

        Raises AssertionError naming ``message`` (or the predicate's source) after ``timeout`` s.
        """
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() >= deadline:
                what = message or _describe(predicate)
                raise AssertionError(f"timed out after {timeout:.1f}s waiting for: {what}")
            await asyncio.sleep(interval)

    async def wait_for_commands(self, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until the bot has synced at least one command set (global or guild)."""
        await self.wait_for(lambda: self.command_syncs > 0, timeout, message="command sync")

    async def wait_for_gateway(self, timeout: float = 10.0) -> GatewaySession:  # noqa: ASYNC109
        """Wait until a bot session is identified and connected; return it."""
        sessions: list[GatewaySession] = await self.wait_for(
            self.gateway.connected_sessions, timeout, message="a connected gateway session"
        )
        return sessions[0]

    async def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:  # noqa: ASYNC109
        """Wait until no REST request is in flight and no request or gateway dispatch happened
        for ``quiet`` seconds (i.e. the bot has gone idle). Raises AssertionError on timeout."""
        await self.wait_for(
            lambda: self._inflight == 0 and time.monotonic() - self._last_activity >= quiet,
            timeout,
            interval=min(quiet / 2, 0.01),
            message="REST traffic to settle",
        )

    # ================================================================ REST bookkeeping
    def request_started(self, method: str, path: str, body: Any) -> None:
        self._inflight += 1
        self._last_activity = time.monotonic()
        self.requests.append(RequestLog(method, path, body))

    def note_activity(self) -> None:
        """Mark "something happened now" (REST request or gateway dispatch) for :meth:`settle`."""
        self._last_activity = time.monotonic()

    def request_finished(self) -> None:
        self._inflight -= 1
        self._last_activity = time.monotonic()


def _describe(predicate: Callable[[], Any]) -> str:
    try:
        return inspect.getsource(predicate).strip()
    except (OSError, TypeError):
        return repr(predicate)
