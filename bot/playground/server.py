"""The Emulator: an in-process aiohttp server speaking Discord REST v10 + gateway v10.

All state (users, guilds, channels, messages, commands, interactions) lives on the Emulator
instance as plain dataclasses from :mod:`bot.playground.models`. World-building methods are
synchronous and push the matching gateway events to a connected bot.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import logging
import re
import secrets
import time
from collections import Counter as Tally
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from aiohttp import web

from bot.playground import mentions, payloads
from bot.playground.faults import (
    Burst429,
    Hold,
    HoldPredicate,
    RateLimit,
    RateLimitedRequest,
    RequestLog,
    RouteFailure,
    RouteFilter,
)
from bot.playground.gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    Gateway,
    GatewaySession,
)
from bot.playground.mentions import Ping
from bot.playground.models import (
    CHANNEL_DM,
    CHANNEL_GUILD_TEXT,
    CHANNEL_PUBLIC_THREAD,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    INTERACTION_APPLICATION_COMMAND,
    WAIT_SECONDS,
    Channel,
    Counter,
    Guild,
    InteractionRecord,
    Member,
    Message,
    Role,
    SnowflakeGenerator,
    User,
    utcnow,
)
from bot.playground.permissions import (
    DEFAULT_BOT,
    DEFAULT_EVERYONE,
    DM_PERMISSIONS,
    OVERWRITE_MEMBER,
    OVERWRITE_ROLE,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    channel_permissions,
    has_all,
)
from bot.playground.ratelimits import SCOPE_SHARED, DiscordLimits, Limiter

if TYPE_CHECKING:
    from bot.playground.driver import UserDriver

log = logging.getLogger(__name__)

#: Flags a bot may set when creating a message (others are ignored, as Discord does).
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
#: Flags a bot may set when editing a message.
EDIT_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2


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
_DEFAULT_LIMITS: Any = object()


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
        limits: DiscordLimits | None = _DEFAULT_LIMITS,
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
        self.limits: DiscordLimits | None = DiscordLimits() if limits is _DEFAULT_LIMITS else limits
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
        self.bot_user = self.create_user(bot_name, bot=True, id=bot_user_id)
        self.application_id = self.bot_user.id
        self.application_flags = (1 << 15) | (1 << 19) | (1 << 23)
        self.app_owner = self.create_user("app-owner")
        self.gateway = Gateway(self)
        self._runner: web.AppRunner | None = None
        self._timers: list[asyncio.TimerHandle] = []
        self._inflight = 0
        self._last_activity = time.monotonic()
        from bot.playground.rest import RestApi  # local import: rest imports this module

        self.rest = RestApi(self)

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

    # ================================================================ world building
    def new_id(self) -> int:
        """A fresh snowflake."""
        return self._snowflakes.next()

    def create_user(
        self,
        username: str,
        *,
        bot: bool = False,
        global_name: str | None = None,
        id: int | None = None,
    ) -> User:
        """Create a user account (not in any guild yet); ``id`` fixes its snowflake."""
        user = User(
            id=self.new_id() if id is None else id,
            username=username,
            bot=bot,
            global_name=global_name,
        )
        self.users[user.id] = user
        return user

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        owner: User | None = None,
        everyone_permissions: int = DEFAULT_EVERYONE,
        bot_permissions: int = DEFAULT_BOT,
        id: int | None = None,
        preferred_locale: str = "en-US",
        shard: int | None = None,
    ) -> Guild:
        """Create a guild with @everyone, a managed bot role, an owner and the bot as members.

        ``owner`` defaults to a new user named ``"<name> owner"``; ``id`` fixes the guild's
        snowflake; ``shard`` picks one whose events go to that shard of
        :attr:`shard_count` (``(id >> 22) % shard_count == shard``); ``preferred_locale``
        is the server's language (a Discord locale code, as in GUILD_CREATE and every
        interaction's ``guild_locale``). Dispatches GUILD_CREATE to the sessions of its
        shard.

        Raises:
            ValueError: both ``id`` and ``shard``, or ``shard`` outside ``0..shard_count - 1``.
        """
        if id is not None and shard is not None:
            raise ValueError("give a guild either an id or a shard, not both")
        if shard is not None:
            id = self._snowflakes.next_on_shard(shard, self.shard_count)
        if owner is None:
            owner = self.create_user(f"{name} owner")
        guild = Guild(
            id=self.new_id() if id is None else id,
            name=name,
            owner_id=owner.id,
            preferred_locale=preferred_locale,
        )
        guild.roles[guild.id] = Role(
            id=guild.id, guild_id=guild.id, name="@everyone", permissions=everyone_permissions
        )
        bot_role = Role(
            id=self.new_id(),
            guild_id=guild.id,
            name=self.bot_user.username,
            permissions=bot_permissions,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild.id] = guild
        guild.members[owner.id] = Member(user=owner, guild_id=guild.id)
        guild.members[self.bot_user.id] = Member(
            user=self.bot_user, guild_id=guild.id, roles=[bot_role.id]
        )
        self.gateway.dispatch(
            "GUILD_CREATE",
            {},
            intent=INTENT_GUILDS,
            guild_id=guild.id,
            transform=lambda s, _d: payloads.gateway_guild_payload(
                self, guild, all_members=bool(s.intents & INTENT_GUILD_MEMBERS)
            ),
        )
        return guild

    def shard_of(self, guild: GuildRef, shard_count: int | None = None) -> int:
        """The shard that receives ``guild``'s events, as Discord routes them:
        ``(guild_id >> 22) % shard_count`` (default :attr:`shard_count`). DMs go to shard 0."""
        guild_id = guild if isinstance(guild, int) else guild.id
        return (guild_id >> 22) % (shard_count or self.shard_count)

    def create_text_channel(
        self, guild: GuildRef, name: str, *, topic: str | None = None, id: int | None = None
    ) -> Channel:
        """Create a text channel in ``guild`` (``id`` fixes its snowflake). Dispatches
        CHANNEL_CREATE."""
        g = self.get_guild(guild)
        channel = Channel(
            id=self.new_id() if id is None else id,
            type=CHANNEL_GUILD_TEXT,
            name=name,
            guild_id=g.id,
            position=len(g.channel_ids),
            topic=topic,
        )
        self.channels[channel.id] = channel
        g.channel_ids.append(channel.id)
        self.gateway.dispatch(
            "CHANNEL_CREATE", payloads.channel_payload(channel), intent=INTENT_GUILDS, guild_id=g.id
        )
        return channel

    def create_role(self, guild: GuildRef, name: str, *, permissions: int = 0) -> Role:
        """Create a role. Dispatches GUILD_ROLE_CREATE."""
        g = self.get_guild(guild)
        role = Role(
            id=self.new_id(),
            guild_id=g.id,
            name=name,
            permissions=permissions,
            position=len(g.roles),
        )
        g.roles[role.id] = role
        self.gateway.dispatch(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(g.id), "role": payloads.role_payload(role)},
            intent=INTENT_GUILDS,
            guild_id=g.id,
        )
        return role

    def add_member(
        self,
        guild: GuildRef,
        user: User,
        *,
        roles: Iterable[Role] = (),
        nick: str | None = None,
    ) -> Member:
        """Add ``user`` to ``guild`` (idempotent). Dispatches GUILD_MEMBER_ADD (members intent)."""
        g = self.get_guild(guild)
        existing = g.members.get(user.id)
        if existing is not None:
            return existing
        member = Member(user=user, guild_id=g.id, roles=[r.id for r in roles], nick=nick)
        g.members[user.id] = member
        data = payloads.member_payload(member)
        data["guild_id"] = str(g.id)
        self.gateway.dispatch("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS, guild_id=g.id)
        return member

    def add_role(self, guild: GuildRef, user: UserRef, role: Role) -> None:
        """Give ``role`` to a member. Dispatches GUILD_MEMBER_UPDATE."""
        g = self.get_guild(guild)
        member = self._member(g, user)
        if role.id not in member.roles:
            member.roles.append(role.id)
        self._dispatch_member_update(g, member)

    def remove_member(self, guild: GuildRef, user: UserRef) -> None:
        """Remove a member from a guild. Dispatches GUILD_MEMBER_REMOVE."""
        g = self.get_guild(guild)
        member = self._member(g, user)
        del g.members[member.user.id]
        self.gateway.dispatch(
            "GUILD_MEMBER_REMOVE",
            {"guild_id": str(g.id), "user": payloads.user_payload(member.user)},
            intent=INTENT_GUILD_MEMBERS,
            guild_id=g.id,
        )

    def _dispatch_member_update(self, guild: Guild, member: Member) -> None:
        data = payloads.member_payload(member)
        data["guild_id"] = str(guild.id)
        self.gateway.dispatch(
            "GUILD_MEMBER_UPDATE", data, intent=INTENT_GUILD_MEMBERS, guild_id=guild.id
        )

    def set_dms_closed(self, user: UserRef, closed: bool = True) -> None:
        """Make the bot's DMs to ``user`` fail with 403/50007 (or succeed again)."""
        self.get_user(user).dms_closed = closed

    def set_channel_permissions(
        self,
        channel: ChannelRef,
        target: Role | UserRef,
        *,
        allow: int = 0,
        deny: int = 0,
    ) -> None:
        """Set the permission overwrite of ``target`` (a Role, or a user/member) on a guild
        channel; ``allow == deny == 0`` removes it. Dispatches CHANNEL_UPDATE.

        Overwrites apply in Discord's order: @everyone's, then the member's roles together,
        then the member's own. The guild owner and Administrators ignore them.
        """
        ch = self.get_channel(channel)
        if ch.is_dm or ch.guild_id is None:
            raise ValueError("permission overwrites exist only on guild channels")
        if isinstance(target, Role):
            key, kind = target.id, OVERWRITE_ROLE
        else:
            key, kind = self.get_user(target).id, OVERWRITE_MEMBER
        if allow == 0 and deny == 0:
            ch.overwrites.pop(key, None)
        else:
            ch.overwrites[key] = (kind, allow, deny)
        if not ch.deleted:
            self.gateway.dispatch(
                "CHANNEL_UPDATE",
                payloads.channel_payload(ch),
                intent=INTENT_GUILDS,
                guild_id=ch.guild_id,
            )

    def revoke_send_messages(self, channel: ChannelRef, user: UserRef | None = None) -> None:
        """Deny Send Messages to ``user`` (default: the bot) in ``channel`` with a member
        overwrite, as a moderator would. The bot's new messages there then get 403/50013
        Missing Permissions; as on Discord, edits and deletions of its existing messages and
        interaction responses (callbacks, follow-ups) still work. Dispatches CHANNEL_UPDATE."""
        ch = self.get_channel(channel)
        target = self.bot_user if user is None else self.get_user(user)
        _, allow, deny = ch.overwrites.get(target.id, (OVERWRITE_MEMBER, 0, 0))
        self.set_channel_permissions(
            ch, target, allow=allow & ~SEND_MESSAGES, deny=deny | SEND_MESSAGES
        )

    def restore_send_messages(self, channel: ChannelRef, user: UserRef | None = None) -> None:
        """Undo :meth:`revoke_send_messages` (drops the Send Messages deny of ``user``)."""
        ch = self.get_channel(channel)
        target = self.bot_user if user is None else self.get_user(user)
        _, allow, deny = ch.overwrites.get(target.id, (OVERWRITE_MEMBER, 0, 0))
        self.set_channel_permissions(ch, target, allow=allow, deny=deny & ~SEND_MESSAGES)

    def delete_channel(self, channel: ChannelRef) -> None:
        """Delete a guild channel, as a moderator would (idempotent). Dispatches CHANNEL_DELETE.

        Afterwards every bot request naming it (posts, edits, fetches, typing) and every
        interaction response or follow-up in it gets 404/10003 Unknown Channel (not a problem);
        its messages are gone (no MESSAGE_DELETE is sent for them, as on Discord), users cannot
        see it, and an interaction left unanswered in it is not reported as late.
        """
        ch = self.get_channel(channel)
        if ch.is_dm or ch.guild_id is None:
            raise ValueError("only guild channels can be deleted")
        if ch.deleted:
            return
        ch.deleted = True
        guild = self.guilds[ch.guild_id]
        if ch.id in guild.channel_ids:
            guild.channel_ids.remove(ch.id)
        gone = {ch.id} | {t.id for t in self.threads_of(ch, archived=True)}
        for thread_id in gone - {ch.id}:
            self.channels[thread_id].deleted = True
        for message in self.messages.values():
            if message.channel_id in gone:
                message.deleted = True
        self.gateway.dispatch(
            "CHANNEL_DELETE", payloads.channel_payload(ch), intent=INTENT_GUILDS, guild_id=guild.id
        )

    # ================================================================ threads
    def create_thread(
        self,
        parent: ChannelRef,
        owner: UserRef,
        name: str,
        *,
        message: Message | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        """Create a public thread (type 11) of text channel ``parent``, owned by ``owner``; from
        ``message`` (Discord "Start Thread from Message": the thread takes the message's id, the
        message gets ``thread`` and the HAS_THREAD flag, and a MESSAGE_UPDATE) or without one
        (then a THREAD_CREATED message, type 18, named after it, is posted in ``parent``).
        No permission checks (the REST routes make them). Dispatches THREAD_CREATE with
        ``newly_created`` (Discord "Thread Create": GUILDS intent).

        Raises ValueError if ``parent`` is not a guild text channel or ``message`` already has
        a thread or is not in ``parent``.
        """
        ch = self.get_channel(parent)
        if ch.type != CHANNEL_GUILD_TEXT or ch.guild_id is None:
            raise ValueError("public threads start in guild text channels")
        if message is not None and (message.thread_id is not None or message.channel_id != ch.id):
            raise ValueError(f"message {message.id} cannot start a thread in #{ch.name}")
        now = utcnow()
        thread = Channel(
            id=self.new_id() if message is None else message.id,
            type=CHANNEL_PUBLIC_THREAD,
            name=name,
            guild_id=ch.guild_id,
            parent_id=ch.id,
            owner_id=self.get_user(owner).id,
            auto_archive_duration=auto_archive_duration,
            archive_timestamp=now,
            member_count=1,
            created_at=now,
        )
        self.channels[thread.id] = thread
        data = payloads.channel_payload(thread)
        data["newly_created"] = True
        self.gateway.dispatch("THREAD_CREATE", data, intent=INTENT_GUILDS, guild_id=ch.guild_id)
        self._notify_channel_listeners("THREAD_CREATE", thread)
        if message is None:  # Discord says so in the parent: a THREAD_CREATED system message
            notice = self.create_message(ch, self.get_user(owner), {"content": name}, msg_type=18)
            notice.reference = {
                "channel_id": str(thread.id),
                "guild_id": str(ch.guild_id),
                "type": 0,
            }
        if message is not None:
            message.thread_id = thread.id
            message.flags |= FLAG_HAS_THREAD
            if message.visible_to is None:
                self._dispatch_message("MESSAGE_UPDATE", message)
            self._notify_listeners("MESSAGE_UPDATE", message)
        return thread

    def update_thread(
        self,
        thread: ChannelRef,
        *,
        name: str | None = None,
        archived: bool | None = None,
        locked: bool | None = None,
        auto_archive_duration: int | None = None,
    ) -> Channel:
        """Change a thread as a moderator would (no permission checks); fields left None stay.
        Changing ``archived`` moves ``archive_timestamp``. Dispatches THREAD_UPDATE."""
        th = self.get_channel(thread)
        if not th.is_thread:
            raise ValueError(f"channel {th.id} is not a thread")
        if name is not None:
            th.name = name
        if auto_archive_duration is not None:
            th.auto_archive_duration = auto_archive_duration
        if locked is not None:
            th.locked = locked
        if archived is not None and archived != th.archived:
            th.archived = archived
            th.archive_timestamp = utcnow()
        self.gateway.dispatch(
            "THREAD_UPDATE",
            payloads.channel_payload(th),
            intent=INTENT_GUILDS,
            guild_id=th.guild_id,
        )
        self._notify_channel_listeners("THREAD_UPDATE", th)
        return th

    def threads_of(self, channel: ChannelRef, *, archived: bool = True) -> list[Channel]:
        """The threads of text channel ``channel``, oldest first (``archived=False``: the
        active ones only); deleted threads excluded."""
        cid = self.get_channel(channel).id
        return [
            c
            for c in self.channels.values()
            if c.is_thread and c.parent_id == cid and not c.deleted and (archived or not c.archived)
        ]

    def _notify_channel_listeners(self, event: str, channel: Channel) -> None:
        for listener in self.channel_listeners:
            try:
                listener(event, channel)
            except Exception:  # a listener's bug must not break the emulated Discord
                log.exception("channel listener failed on %s", event)

    def dm_channel(self, user: UserRef) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use, stable id)."""
        u = self.get_user(user)
        cid = self._dm_by_user.get(u.id)
        if cid is None:
            channel = Channel(id=self.new_id(), type=CHANNEL_DM, recipient_id=u.id)
            self.channels[channel.id] = channel
            self._dm_by_user[u.id] = channel.id
            return channel
        return self.channels[cid]

    def user_driver(self, user: User) -> UserDriver:
        """A driver through which a test acts as ``user``."""
        from bot.playground.driver import UserDriver

        return UserDriver(self, user)

    # ================================================================ lookups
    def get_guild(self, guild: GuildRef) -> Guild:
        """Guild by object or id (KeyError if unknown)."""
        return guild if isinstance(guild, Guild) else self.guilds[int(guild)]

    def get_user(self, user: UserRef) -> User:
        """User by object, member or id (KeyError if unknown)."""
        if isinstance(user, User):
            return user
        if isinstance(user, Member):
            return user.user
        return self.users[int(user)]

    def get_channel(self, channel: ChannelRef) -> Channel:
        """Channel by object or id (KeyError if unknown)."""
        return channel if isinstance(channel, Channel) else self.channels[int(channel)]

    def _member(self, guild: Guild, user: UserRef) -> Member:
        u = self.get_user(user)
        try:
            return guild.members[u.id]
        except KeyError:
            raise LookupError(f"{u.username} is not a member of {guild.name}") from None

    def mutual_guilds(self, user: UserRef) -> list[Guild]:
        """Guilds both the bot and ``user`` are in."""
        uid = self.get_user(user).id
        return [
            g for g in self.guilds.values() if uid in g.members and self.bot_user.id in g.members
        ]

    def can_view_channel(self, user: UserRef, channel: ChannelRef) -> bool:
        """Whether ``user`` can see ``channel`` at all (not deleted; DM participant, or guild
        member with View Channel there)."""
        u = self.get_user(user)
        ch = self.get_channel(channel)
        if ch.deleted:
            return False
        if ch.is_dm:
            return u.id in (ch.recipient_id, self.bot_user.id)
        guild = self.guilds.get(ch.guild_id or 0)
        if guild is None or u.id not in guild.members:
            return False
        if ch.is_thread:  # a public thread is seen by whoever sees its parent
            parent = self.channels.get(ch.parent_id or 0)
            return parent is not None and self.can_view_channel(u, parent)
        return has_all(channel_permissions(guild, ch, u.id), VIEW_CHANNEL)

    def channel_messages(
        self, channel: ChannelRef, *, include_deleted: bool = False
    ) -> list[Message]:
        """Every message of a channel (including ephemerals), oldest first."""
        cid = self.get_channel(channel).id
        found = [m for m in self.messages.values() if m.channel_id == cid]
        if not include_deleted:
            found = [m for m in found if not m.deleted]
        return sorted(found, key=lambda m: m.created_order)

    def commands(
        self, guild: GuildRef | None = None, *, locale: str | None = None
    ) -> list[dict[str, Any]]:
        """Synced application commands (global when ``guild`` is None) as Discord payload dicts.

        ``locale`` (a Discord locale code, e.g. ``"it"``): the commands as a client in that
        language shows them, as Discord does with ``?with_localizations=false`` and that
        ``X-Discord-Locale``: every name, description and choice name replaced by its
        localization when the bot registered one (the default otherwise)."""
        if guild is None:
            store = self.global_commands
        else:
            store = self.guild_commands.get(self.get_guild(guild).id, {})
        found = [copy.deepcopy(c) for c in store.values()]
        if locale is not None:
            for command in found:
                _localize(command, locale)
        return found

    def permissions_for(self, user: UserRef, channel: ChannelRef) -> int:
        """Permission bits of ``user`` in ``channel`` (DMs: the fixed DM set; a thread: its
        parent's, as threads have no overwrites of their own)."""
        ch = self.get_channel(channel)
        if ch.is_dm:
            return DM_PERMISSIONS
        if ch.is_thread:
            ch = self.channels[ch.parent_id or 0]
        return channel_permissions(self.guilds[ch.guild_id or 0], ch, self.get_user(user).id)

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
            self.add_problem(
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
    ) -> RouteFailure:
        """Answer bot REST requests accepted by ``route_filter(method, path)`` with ``status``
        (a 5xx by default), ``count`` times (None: until ``failure.stop()``).

        ``route_filter`` sees the path below /api/v10; None means every bot REST request
        except /gateway(/bot) and application command routes. The body is Discord's
        ``{"code": code, "message": "500: Internal Server Error"}``. discord.py's HTTPClient
        retries 500/502/504/524 up to 5 attempts (sleeping 1, 3, 5, 7, 9 s: a lasting 500
        raises DiscordServerError after about 25 s), raises at once on other 5xx (503),
        and interaction webhooks retry every 5xx. Failures are expected, not problems.
        """
        if not 400 <= status <= 599:
            raise ValueError("status must be a 4xx or 5xx")
        if count is not None and count < 0:
            raise ValueError("count must be >= 0 or None")
        failure = RouteFailure(
            route_filter=route_filter, status=status, count=count, code=code, message=message
        )
        self.route_failures.append(failure)
        return failure

    # ================================================================ holding requests
    def hold(self, predicate: HoldPredicate | None) -> Hold:
        """Hold bot REST requests for which ``predicate(method, path, json_body)`` is true
        (None: all) unanswered until ``hold.release()``. See :class:`~bot.playground.faults.Hold`.
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
                self.add_problem(f"hold predicate raised on {method} {path}: {exc!r}")
                continue
            if wanted:
                self._inflight -= 1  # a held request does not keep settle() waiting
                try:
                    return await hold.hold(RequestLog(method, path, body), request)
                finally:
                    self._inflight += 1
                    self._last_activity = time.monotonic()
        return True

    # ================================================================ gateway control
    @property
    def gateway_connects(self) -> int:
        """How many IDENTIFYs the gateway accepted (new sessions)."""
        return self.gateway.identify_count

    @property
    def gateway_resumes(self) -> int:
        """How many RESUMEs the gateway accepted."""
        return self.gateway.resume_count

    async def send_reconnect(self) -> int:
        """Send op 7 Reconnect to connected gateways; returns the number of connections."""
        return self.gateway.send_reconnect()

    async def send_invalid_session(self, resumable: bool = False) -> int:
        """Send op 9 Invalid Session (d=``resumable``); returns the number of connections."""
        return self.gateway.send_invalid_session(resumable)

    # ================================================================ messages
    def _next_order(self) -> int:
        return self._order.next()

    def create_message(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        *,
        files: Iterable[UploadedFile] = (),
        visible_to: frozenset[int] | None = None,
        msg_type: int = 0,
        interaction: InteractionRecord | None = None,
        extra_flags: int = 0,
    ) -> Message:
        """Store a new message built from a create body and dispatch MESSAGE_CREATE if public."""
        flags = (int(body.get("flags") or 0) & CREATE_FLAGS) | extra_flags
        if visible_to is not None:
            flags |= FLAG_EPHEMERAL
        message = Message(
            id=self.new_id(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=str(body.get("content") or ""),
            embeds=[_normalise_embed(e) for e in body.get("embeds") or []],
            components=copy.deepcopy(body.get("components") or []),
            flags=flags,
            attachments=self._attachments(body, list(files), []),
            type=msg_type,
            created_order=self._next_order(),
            visible_to=visible_to,
            tts=bool(body.get("tts")),
        )
        ref = body.get("message_reference")
        if isinstance(ref, dict) and ref.get("message_id"):
            message.reference = {
                "type": ref.get("type", 0),
                "message_id": str(ref["message_id"]),
                "channel_id": str(ref.get("channel_id") or channel.id),
                **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
            }
            if msg_type == 0:
                message.type = 19
        if interaction is not None:
            message.interaction_id = interaction.id
            message.interaction_type = interaction.type
            message.interaction_user_id = interaction.user.id
            if interaction.type == INTERACTION_APPLICATION_COMMAND:
                message.interaction_name = (interaction.payload.get("data") or {}).get("name")
            message.interacted_message_id = interaction.source_message_id
            message.webhook_id = self.application_id
            message.application_id = self.application_id
        self._resolve_attachment_urls(message)
        self._apply_mentions(message, body, "create")
        self.messages[message.id] = message
        if visible_to is None:
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
                channel.total_message_sent += 1
            self._dispatch_message("MESSAGE_CREATE", message)
        self._notify_listeners("MESSAGE_CREATE", message)
        return message

    def edit_message(
        self, message: Message, body: dict[str, Any], *, files: Iterable[UploadedFile] = ()
    ) -> Message:
        """Apply an edit body; the previous version goes to ``message.history``."""
        message.history.append(message.snapshot())
        if "content" in body:
            message.content = str(body.get("content") or "")
            self._apply_mentions(message, body, "edit")
        if "embeds" in body:
            message.embeds = [_normalise_embed(e) for e in body.get("embeds") or []]
        if "components" in body:
            message.components = copy.deepcopy(body.get("components") or [])
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & ~EDIT_FLAGS
            message.flags = keep | (int(body["flags"]) & EDIT_FLAGS)
            message.flags |= message.history[-1].flags & FLAG_COMPONENTS_V2
        if "attachments" in body or files:
            message.attachments = self._attachments(body, list(files), message.attachments)
        self._resolve_attachment_urls(message)
        message.flags &= ~FLAG_LOADING
        message.edited_at = utcnow()
        if message.visible_to is None:
            self._dispatch_message("MESSAGE_UPDATE", message)
        self._notify_listeners("MESSAGE_UPDATE", message)
        return message

    def delete_message(self, message: Message | int) -> None:
        """Mark a message deleted and dispatch MESSAGE_DELETE if it was public (idempotent).

        Also the admin action "a moderator deleted it": afterwards the bot's GET/PATCH/DELETE
        on it get 404/10008 Unknown Message, which is not recorded as a problem.
        """
        if not isinstance(message, Message):
            message = self.messages[int(message)]
        if message.deleted:
            return
        message.deleted = True
        thread = self.channels.get(message.channel_id)
        if thread is not None and thread.is_thread and message.visible_to is None:
            thread.message_count = max(0, thread.message_count - 1)
        if message.visible_to is None:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            intent = INTENT_GUILD_MESSAGES if message.guild_id else INTENT_DIRECT_MESSAGES
            self.gateway.dispatch("MESSAGE_DELETE", data, intent=intent, guild_id=message.guild_id)
        self._notify_listeners("MESSAGE_DELETE", message)

    def _notify_listeners(self, event: str, message: Message) -> None:
        for listener in self.message_listeners:
            try:
                listener(event, message)
            except Exception:  # a listener's bug must not break the emulated Discord
                log.exception("message listener failed on %s", event)

    def _apply_mentions(self, message: Message, body: dict[str, Any], kind: str) -> None:
        """Resolve the mentions of ``message``'s (new) content with the body's
        ``allowed_mentions`` (see :mod:`bot.playground.mentions`); record a :class:`Ping` when a
        public message of the bot notifies someone (for an edit: someone it did not before)."""
        channel = self.channels[message.channel_id]
        replied: int | None = None
        if kind == "create" and message.reference is not None:
            target = self.messages.get(int(message.reference["message_id"]))
            replied = target.author.id if target is not None else None
        before = (set(message.mention_ids), set(message.mention_role_ids), message.mention_everyone)
        found = mentions.resolve(
            self,
            channel,
            message.author,
            message.content,
            body.get("allowed_mentions"),
            replied_author_id=replied,
        )
        message.mention_ids = list(found.users)
        message.mention_role_ids = list(found.roles)
        message.mention_everyone = found.everyone
        if message.author.id != self.bot_user.id or message.ephemeral:
            return
        users, roles, everyone = found.users, found.roles, found.everyone
        if kind == "edit":
            users = tuple(u for u in users if u not in before[0])
            roles = tuple(r for r in roles if r not in before[1])
            everyone = everyone and not before[2]
        if users or roles or everyone:
            ping = Ping(
                message_id=message.id,
                channel_id=message.channel_id,
                kind=kind,
                users=users,
                roles=roles,
                everyone=everyone,
                content=message.content,
            )
            self.pings.append(ping)
            log.info("ping: %s", ping.describe(self))

    def assert_no_pings(
        self,
        *,
        users: Iterable[UserRef] = (),
        roles: Iterable[Role | int] = (),
        everyone: bool = False,
        since: int = 0,
    ) -> None:
        """Raise AssertionError if a message of the bot (``pings[since:]``) notified anyone but
        the given ``users`` / ``roles`` (or @everyone/@here unless ``everyone``)."""
        ok_users = {self.get_user(u).id for u in users}
        ok_roles = {r.id if isinstance(r, Role) else int(r) for r in roles}
        bad = [
            p
            for p in self.pings[since:]
            if set(p.users) - ok_users or set(p.roles) - ok_roles or (p.everyone and not everyone)
        ]
        if bad:
            listing = "\n".join(f"  - {p.describe(self)}" for p in bad)
            raise AssertionError(f"the bot pinged {len(bad)} time(s) unexpectedly:\n{listing}")

    def take_pings(self) -> list[Ping]:
        """Return the recorded pings and clear them."""
        taken = list(self.pings)
        self.pings.clear()
        return taken

    def _attachments(
        self, body: dict[str, Any], files: list[UploadedFile], existing: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Attachment objects: kept existing ones (by id in body.attachments) + uploaded files."""
        declared = body.get("attachments")
        by_index: dict[int, dict[str, Any]] = {}
        kept: list[dict[str, Any]] = []
        existing_ids = {str(a["id"]): a for a in existing}
        if isinstance(declared, list):
            for att in declared:
                declared_id = str(att.get("id"))
                if declared_id in existing_ids:
                    kept.append(existing_ids[declared_id])
                else:
                    try:
                        by_index[int(declared_id)] = att
                    except ValueError:
                        continue
        elif not files:
            kept = list(existing)
        result = list(kept)
        for upload in files:
            match = re.match(r"files\[(\d+)\]", upload.field)
            index = int(match.group(1)) if match else len(result)
            meta = by_index.get(index, {})
            att_id = self.new_id()
            self.attachment_data[att_id] = upload.data
            filename = meta.get("filename") or upload.filename
            url = f"{self.base_url}/attachments/{att_id}/{filename}"
            attachment = {
                "id": str(att_id),
                "filename": filename,
                "description": meta.get("description"),
                "content_type": upload.content_type,
                "size": len(upload.data),
                "url": url,
                "proxy_url": url,
                "ephemeral": False,
            }
            result.append(attachment)
            self.uploads.append(attachment)
        return result

    @staticmethod
    def _resolve_attachment_urls(message: Message) -> None:
        """As Discord does, an embed image or thumbnail at ``attachment://<filename>``
        shows the message's attachment of that name: its url becomes the attachment's.
        Checked again at every edit, against the attachments the message keeps (a kept
        attachment still resolves, one that was dropped no longer does)."""
        by_name = {a["filename"]: a for a in message.attachments}
        for embed in message.embeds:
            for part in ("image", "thumbnail"):
                media = embed.get(part)
                if not isinstance(media, dict):
                    continue
                wanted = media.get("attachment") or str(media.get("url") or "")
                if wanted.startswith("attachment://"):
                    embed[part] = media = {**media, "attachment": wanted}  # history keeps its own
                    found = by_name.get(wanted.removeprefix("attachment://"))
                    media["url"] = found["url"] if found else wanted
                    media["proxy_url"] = found["proxy_url"] if found else None

    def _dispatch_message(self, event: str, message: Message) -> None:
        intent = INTENT_GUILD_MESSAGES if message.guild_id else INTENT_DIRECT_MESSAGES
        base = payloads.message_payload(self, message, gateway=True)

        def transform(session: GatewaySession, data: dict[str, Any]) -> dict[str, Any]:
            privileged = (
                session.intents & INTENT_MESSAGE_CONTENT
                or message.author.id == self.bot_user.id
                or message.guild_id is None
                or self.bot_user.id in message.mention_ids
            )
            if privileged:
                return data
            stripped = dict(data)
            stripped.update({"content": "", "embeds": [], "components": [], "attachments": []})
            return stripped

        self.gateway.dispatch(
            event, base, intent=intent, guild_id=message.guild_id, transform=transform
        )

    # ================================================================ interactions
    def interaction_payload(
        self,
        *,
        interaction_id: int,
        token: str,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any] | None,
        message: Message | None = None,
    ) -> dict[str, Any]:
        """Full INTERACTION_CREATE payload for ``user`` acting in ``channel``."""
        perms = self.permissions_for(user, channel)
        bot_perms = self.permissions_for(self.bot_user, channel)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "channel_id": str(channel.id),
            "locale": user.locale,
            "app_permissions": str(bot_perms),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if data is not None:
            payload["data"] = data
        if channel.is_dm:
            channel_data = payloads.channel_payload(channel, recipient=user)
            payload["user"] = payloads.user_payload(user)
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        else:
            guild = self.guilds[channel.guild_id or 0]
            member = self._member(guild, user)
            channel_data = payloads.channel_payload(channel)
            channel_data["permissions"] = str(perms)
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {
                "id": str(guild.id),
                "locale": guild.preferred_locale,
                "features": [],
            }
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = payloads.member_payload(member, permissions=perms)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        payload["channel"] = channel_data
        if message is not None:
            payload["message"] = payloads.message_payload(self, message)
        return payload

    def start_interaction(
        self,
        *,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any] | None,
        description: str,
        message: Message | None = None,
    ) -> InteractionRecord:
        """Create, register and dispatch an interaction; the ack deadline timer starts now.

        Raises RuntimeError if no bot session can receive it.
        """
        if not self.gateway.live_sessions():
            raise RuntimeError("no bot is connected to the emulator gateway")
        interaction_id = self.new_id()
        token = f"emu-{interaction_id}-{secrets.token_urlsafe(16)}"
        payload = self.interaction_payload(
            interaction_id=interaction_id,
            token=token,
            itype=itype,
            user=user,
            channel=channel,
            data=data,
            message=message,
        )
        rec = InteractionRecord(
            id=interaction_id,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            payload=payload,
            description=description,
            source_message_id=message.id if message is not None else None,
            _emu=self,
        )
        self.interactions[rec.id] = rec
        self._interactions_by_token[token] = rec
        self._ack_events[rec.id] = asyncio.Event()
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(self.ack_deadline, self._check_ack, rec))
        delivered = self.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=channel.guild_id)
        if not delivered:
            raise RuntimeError("no bot session received the interaction")
        log.info("interaction %s dispatched: %s", rec.id, description)
        return rec

    def _check_ack(self, rec: InteractionRecord) -> None:
        channel = self.channels.get(rec.channel_id)
        if channel is not None and channel.deleted:
            return  # the channel went away: nobody is left to see "This interaction failed"
        if rec.response_type is None and not rec.late:
            rec.late = True
            self.add_problem(
                f"interaction {rec.id} ({rec.description}) not acknowledged within "
                f"{self.ack_deadline:.1f} s"
            )
            event = self._ack_events.get(rec.id)
            if event is not None:
                event.set()

    def mark_acknowledged(self, rec: InteractionRecord, response_type: int) -> None:
        """Record a successful callback and wake up the driver waiting on it."""
        rec.response_type = response_type
        rec.ack_latency = time.monotonic() - rec.created_monotonic
        event = self._ack_events.get(rec.id)
        if event is not None:
            event.set()

    def ack_latencies(self) -> list[float]:
        """Seconds from dispatch to callback of every acknowledged interaction, oldest first."""
        return [
            rec.ack_latency
            for rec in self.interactions.values()
            if rec.acknowledged and rec.ack_latency is not None
        ]

    def slowest_ack(self) -> float | None:
        """The largest of :meth:`ack_latencies`, or None if nothing was acknowledged."""
        return max(self.ack_latencies(), default=None)

    async def wait_for_ack(self, rec: InteractionRecord, timeout: float | None = None) -> bool:  # noqa: ASYNC109
        """Wait until ``rec`` is acknowledged or late (default: deadline + 0.5 s). True if acked."""
        event = self._ack_events[rec.id]
        limit = self.ack_deadline + 0.5 if timeout is None else timeout
        try:
            await asyncio.wait_for(event.wait(), timeout=limit)
        except TimeoutError:
            pass
        return rec.acknowledged

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        """Look up an interaction by its token."""
        return self._interactions_by_token.get(token)

    # ================================================================ REST bookkeeping
    def _request_started(self, method: str, path: str, body: Any) -> None:
        self._inflight += 1
        self._last_activity = time.monotonic()
        self.requests.append(RequestLog(method, path, body))

    def note_activity(self) -> None:
        """Mark "something happened now" (REST request or gateway dispatch) for :meth:`settle`."""
        self._last_activity = time.monotonic()

    def _request_finished(self) -> None:
        self._inflight -= 1
        self._last_activity = time.monotonic()


def _normalise_embed(embed: Any) -> dict[str, Any]:
    data = dict(embed) if isinstance(embed, dict) else {}
    data.setdefault("type", "rich")
    return data


def _describe(predicate: Callable[[], Any]) -> str:
    try:
        return inspect.getsource(predicate).strip()
    except (OSError, TypeError):
        return repr(predicate)


def _localize(node: dict[str, Any], locale: str) -> None:
    """Replace, in place, ``node``'s name and description (and those of its options and
    choices) by their ``locale`` localizations where there are any."""
    for key in ("name", "description"):
        localized = (node.get(f"{key}_localizations") or {}).get(locale)
        if localized:
            node[key] = localized
    for option in node.get("options") or []:
        _localize(option, locale)
    for choice in node.get("choices") or []:
        _localize(choice, locale)
