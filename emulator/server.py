"""The Emulator: an in-process aiohttp server speaking Discord REST v10 + gateway v10.

:class:`Emulator` composes collaborators, one job each, and serves them:

* ``emu.world`` (:class:`~emulator.world.World`): the state (users, guilds, channels,
  messages, the application's commands), world building and lookups;
* ``emu.messaging`` (:class:`~emulator.messaging.Messaging`): messages and threads, their
  mentions, attachments and gateway events;
* ``emu.interacting`` (:class:`~emulator.interacting.Interactions`): interactions and
  their acknowledgement deadline;
* ``emu.controls`` (:class:`~emulator.controls.Controls`): rate limits, failing routes,
  held requests, the answers' records;
* ``emu.gateway`` (:class:`~emulator.gateway.Gateway`): the websocket sessions;
* ``emu.rest`` (:class:`~emulator.rest.RestApi`): the route table, whose handlers are
  grouped by resource (:mod:`.rest_channels`, :mod:`.rest_guilds`,
  :mod:`.rest_interactions`, :mod:`.rest_users`).

The Emulator keeps what they share (the bot's identity, the recorded problems, serving,
waiting for the bot) and hands on the rest of its API to the collaborator that owns it
(``emu.create_guild`` is ``emu.world.create_guild``). World-building methods are
synchronous and push the matching gateway events to a connected bot.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import Callable
from typing import Any, Self

from aiohttp import web

from emulator.controls import Controls
from emulator.core import (
    DEFAULT_LIMITS,
    ChannelRef,
    GuildRef,
    RequestRecord,
    UploadedFile,
    UserRef,
)
from emulator.faults import RequestLog
from emulator.gateway import Gateway, GatewaySession
from emulator.interacting import Interactions
from emulator.messaging import CREATE_FLAGS, EDIT_FLAGS, Messaging
from emulator.models import WAIT_SECONDS
from emulator.ratelimits import DiscordLimits, Limiter
from emulator.rest import RestApi
from emulator.world import World

__all__ = [
    "CREATE_FLAGS",
    "EDIT_FLAGS",
    "ChannelRef",
    "Emulator",
    "GuildRef",
    "RequestLog",
    "RequestRecord",
    "UploadedFile",
    "UserRef",
]

#: The emulator's logger.
log = logging.getLogger("emulator.server")


class Emulator:
    """Local Discord: REST under ``api_base``, gateway at ``gateway_url``, plus world state.

    ``ack_deadline`` is the interaction acknowledgement deadline in seconds (Discord: 3.0).
    With ``require_mutual_guild_for_dm`` the bot can only DM users sharing a guild with it.
    ``shard_count`` is the number of shards GET /gateway/bot recommends; guilds made with
    ``create_guild(shard=k)`` land on shard ``k`` of it (see :meth:`shard_of`).
    ``limits`` are Discord's rate limits, enforced by default (:class:`DiscordLimits`:
    global 50/s, per-route buckets, old-message edits, interaction token lifetime);
    ``limits=None`` enforces none (only the fault injection of :meth:`rate_limit`).
    Usage: ``async with Emulator() as emu: ...`` or ``await emu.start()`` / ``await emu.stop()``.
    """

    def __init__(
        self,
        bot_token: str = "emulator-token",
        *,
        bot_name: str = "EmulatorBot",
        host: str = "127.0.0.1",
        port: int = 0,
        ack_deadline: float = 3.0,
        require_mutual_guild_for_dm: bool = True,
        bot_user_id: int | None = None,
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
        self.command_syncs = 0
        self.problems: list[str] = []
        self.requests: list[RequestLog] = []
        self.presence: Any = None
        #: Extra aiohttp routes served by :meth:`start` before the Discord API (the playground).
        self.extra_routes: list[web.AbstractRouteDef] = []
        self._runner: web.AppRunner | None = None
        self._timers: list[asyncio.TimerHandle] = []
        self._inflight = 0
        self._last_activity = time.monotonic()

        # ------------------------------------------------------------ the collaborators
        self.world = World(self)
        self.messaging = Messaging(self)
        self.interacting = Interactions(self)
        self.controls = Controls(self, DiscordLimits() if limits is DEFAULT_LIMITS else limits)
        self.bot_user = self.world.create_user(bot_name, bot=True, id=bot_user_id)
        self.application_id = self.bot_user.id
        self.application_flags = (1 << 15) | (1 << 19) | (1 << 23)
        self.app_owner = self.world.create_user("app-owner")
        self.gateway = Gateway(self)
        self.rest = RestApi(self)

        # ------------------------------------------------------------ handed on: the world
        world = self.world
        self.users = world.users
        self.guilds = world.guilds
        self.channels = world.channels
        self.messages = world.messages
        #: (author id, nonce) -> (message id, ``time.monotonic()`` of its creation): the
        #: nonces of created messages, for ``enforce_nonce`` (see
        #: :meth:`emulator.rest_channels.ChannelRoutes.create_message`).
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.global_commands = world.global_commands
        self.guild_commands = world.guild_commands
        self.new_id = world.new_id
        self.create_user = world.create_user
        self.create_guild = world.create_guild
        self.remove_bot = world.remove_bot
        self.add_bot = world.add_bot
        self.shard_of = world.shard_of
        self.create_text_channel = world.create_text_channel
        self.create_role = world.create_role
        self.add_member = world.add_member
        self.add_role = world.add_role
        self.remove_member = world.remove_member
        self.set_dms_closed = world.set_dms_closed
        self.set_channel_permissions = world.set_channel_permissions
        self.revoke_send_messages = world.revoke_send_messages
        self.restore_send_messages = world.restore_send_messages
        self.delete_channel = world.delete_channel
        self.threads_of = world.threads_of
        self.dm_channel = world.dm_channel
        self.create_group_dm = world.create_group_dm
        self.install_app = world.install_app
        self.get_guild = world.get_guild
        self.get_user = world.get_user
        self.get_channel = world.get_channel
        self.mutual_guilds = world.mutual_guilds
        self.can_view_channel = world.can_view_channel
        self.channel_messages = world.channel_messages
        self.commands = world.commands
        self.permissions_for = world.permissions_for

        # ------------------------------------------------------------ messages and threads
        messaging = self.messaging
        self.pings = messaging.pings
        self.attachment_data = messaging.attachment_data
        self.uploads = messaging.uploads
        self.message_listeners = messaging.message_listeners
        self.channel_listeners = messaging.channel_listeners
        self.create_thread = messaging.create_thread
        self.update_thread = messaging.update_thread
        self.create_message = messaging.create_message
        self.edit_message = messaging.edit_message
        self.delete_message = messaging.delete_message
        self.assert_no_pings = messaging.assert_no_pings
        self.take_pings = messaging.take_pings

        # ------------------------------------------------------------ interactions
        interacting = self.interacting
        self.interactions = interacting.interactions
        self.interaction_payload = interacting.interaction_payload
        self.start_interaction = interacting.start_interaction
        self.mark_acknowledged = interacting.mark_acknowledged
        self.ack_latencies = interacting.ack_latencies
        self.slowest_ack = interacting.slowest_ack
        self.wait_for_ack = interacting.wait_for_ack
        self.interaction_by_token = interacting.interaction_by_token

        # ------------------------------------------------------------ test controls
        controls = self.controls
        self.rate_limits = controls.rate_limits
        self.bursts = controls.bursts
        self.rate_limited = controls.rate_limited
        self.rate_limited_by_scope = controls.rate_limited_by_scope
        self.request_records = controls.request_records
        self.holds = controls.holds
        self.route_failures = controls.route_failures
        self.gateway_holds = controls.gateway_holds
        self.rate_limit = controls.rate_limit
        self.burst_429 = controls.burst_429
        self.clear_rate_limits = controls.clear_rate_limits
        self.record_rate_limited = controls.record_rate_limited
        self.set_limits = controls.set_limits
        self.note_response = controls.note_response
        self.fail_route = controls.fail_route
        self.hold = controls.hold
        self.hold_gateway = controls.hold_gateway
        self.hold_if_requested = controls.hold_if_requested
        self.send_reconnect = controls.send_reconnect
        self.send_invalid_session = controls.send_invalid_session

    # ================================================================ the controls' numbers
    @property
    def limits(self) -> DiscordLimits | None:
        """Discord's rate limits in force (None: none); see :meth:`set_limits`."""
        return self.controls.limits

    @property
    def limiter(self) -> Limiter | None:
        """The state of :attr:`limits` (None when none are enforced)."""
        return self.controls.limiter

    @property
    def invalid_requests(self) -> int:
        """401, 403 and 429 answers except shared-scope 429s (Discord docs, "Invalid
        Request Limit")."""
        return self.controls.invalid_requests

    @invalid_requests.setter
    def invalid_requests(self, value: int) -> None:
        self.controls.invalid_requests = value

    @property
    def invalid_request_limit(self) -> int:
        """How many invalid requests per :attr:`invalid_request_window` Discord bears before
        it bans the IP (10,000); more is a problem."""
        return self.controls.invalid_request_limit

    @invalid_request_limit.setter
    def invalid_request_limit(self, value: int) -> None:
        self.controls.invalid_request_limit = value

    @property
    def invalid_request_window(self) -> float:
        """Seconds (600) of :attr:`invalid_request_limit`."""
        return self.controls.invalid_request_window

    @invalid_request_window.setter
    def invalid_request_window(self, value: float) -> None:
        self.controls.invalid_request_window = value

    @property
    def gateway_connects(self) -> int:
        """How many IDENTIFYs the gateway accepted (new sessions)."""
        return self.gateway.identify_count

    @property
    def gateway_resumes(self) -> int:
        """How many RESUMEs the gateway accepted."""
        return self.gateway.resume_count

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
        for hold in [*self.controls.holds, *self.controls.gateway_holds]:
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
    def request_started(self, method: str, path: str, body: Any, query: str = "") -> None:
        self._inflight += 1
        self._last_activity = time.monotonic()
        self.requests.append(RequestLog(method, path, body, query))

    def note_activity(self) -> None:
        """Mark "something happened now" (REST request or gateway dispatch) for :meth:`settle`."""
        self._last_activity = time.monotonic()

    def request_finished(self) -> None:
        self._inflight -= 1
        self._last_activity = time.monotonic()

    def request_parked(self) -> None:
        """A request waits in a hold: it does not keep :meth:`settle` waiting."""
        self._inflight -= 1

    def request_unparked(self) -> None:
        """A held request goes on (its hold released)."""
        self._inflight += 1
        self._last_activity = time.monotonic()

    def call_later(self, delay: float, callback: Callable[..., object], *args: Any) -> None:
        """Run ``callback(*args)`` after ``delay`` seconds unless :meth:`stop` comes first."""
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(delay, callback, *args))


def _describe(predicate: Callable[[], Any]) -> str:
    try:
        return inspect.getsource(predicate).strip()
    except (OSError, TypeError):
        return repr(predicate)
