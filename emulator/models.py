"""Plain data model of the emulated Discord world.

Every entity is a dataclass whose ``id`` is a Discord snowflake (``int``).  The emulator mutates
these objects in place; tests read them directly (``message.content``, ``message.history`` ...).
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from emulator.text import message_text

if TYPE_CHECKING:
    from emulator.server import Emulator

log = logging.getLogger(__name__)


#: How long tests wait for something the bot should do (seconds). Generous on purpose: the
#: machines are shared and noisy; Discord's own 3-second acknowledgement rule is checked
#: separately, and waiting longer never makes a wrong result pass.
WAIT_SECONDS = 15.0

DISCORD_EPOCH_MS = 1420070400000

# Message flags (https://discord.com/developers/docs/resources/message#message-object-message-flags)
FLAG_SUPPRESS_EMBEDS = 1 << 2
#: The message started a thread (its id is the thread's id).
FLAG_HAS_THREAD = 1 << 5
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
CHANNEL_GUILD_TEXT = 0
CHANNEL_DM = 1
#: A group DM (Discord "Channel Types": GROUP_DM). The bot is never one of its recipients:
#: it reaches one only through the interactions of a member who installed it to their account.
CHANNEL_GROUP_DM = 3
CHANNEL_PUBLIC_THREAD = 11

#: The ``auto_archive_duration`` values Discord accepts (minutes of inactivity).
AUTO_ARCHIVE_DURATIONS = frozenset({60, 1440, 4320, 10080})

# Interaction types.
INTERACTION_PING = 1
INTERACTION_APPLICATION_COMMAND = 2
INTERACTION_MESSAGE_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

# Interaction context types (Discord "Interaction Context Types"): where an interaction
# happened. A command's ``contexts`` lists those where it is offered.
CONTEXT_GUILD = 0
CONTEXT_BOT_DM = 1
CONTEXT_PRIVATE_CHANNEL = 2

# Application integration types (Discord "Application Integration Types"): how the app is
# installed. A command's ``integration_types`` lists the installs that offer it; an
# interaction's ``authorizing_integration_owners`` maps them to the guild or user id.
GUILD_INSTALL = 0
USER_INSTALL = 1


class SnowflakeGenerator:
    """Produces strictly increasing snowflakes derived from the wall clock (ms since 2015)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """Return a new snowflake, greater than every snowflake returned before."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A new snowflake (as :meth:`next`) that Discord routes to shard ``shard_id`` of
        ``shard_count``: ``(snowflake >> 22) % shard_count == shard_id``. Its timestamp may
        run up to ``shard_count - 1`` ms ahead of the clock.

        Raises:
            ValueError: ``shard_count < 1`` or ``shard_id`` outside ``0..shard_count - 1``.
        """
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            raise ValueError(f"no shard {shard_id} of {shard_count}")
        stamp = self.next() >> 22
        stamp += (shard_id - stamp) % shard_count
        candidate = stamp << 22
        if candidate < self._last:  # the same millisecond as the one just returned
            candidate = self._last
        self._last = candidate
        return candidate


def utcnow() -> datetime:
    """Current time as an aware UTC datetime."""
    return datetime.now(UTC)


def iso(dt: datetime | None) -> str | None:
    """ISO-8601 string as Discord sends it, or None."""
    return None if dt is None else dt.isoformat()


@dataclass(eq=False)
class User:
    """A Discord account. ``dms_closed`` makes the bot's DMs to it fail with 403/50007."""

    id: int
    username: str
    bot: bool = False
    global_name: str | None = None
    dms_closed: bool = False
    #: The client's language, sent as ``interaction.locale`` (a Discord locale code).
    locale: str = "en-US"
    #: The user installed the app to their account (a user install, ``integration_type=1``):
    #: its user-installable commands follow them into every DM and group DM.
    installed_app: bool = False

    @property
    def mention(self) -> str:
        """``<@id>`` mention string."""
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        """Global name if set, else username."""
        return self.global_name or self.username


@dataclass(eq=False)
class Role:
    """A guild role; ``permissions`` is the permission bit set. @everyone has id == guild id."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    color: int = 0
    hoist: bool = False
    mentionable: bool = False
    bot_id: int | None = None


@dataclass(eq=False)
class Member:
    """A user's membership in a guild; ``roles`` lists role ids (without @everyone)."""

    user: User
    guild_id: int
    roles: list[int] = field(default_factory=list)
    joined_at: datetime = field(default_factory=utcnow)
    nick: str | None = None


@dataclass(eq=False)
class Channel:
    """A guild text channel (type 0), the bot's DM channel with ``recipient_id`` (type 1),
    a group DM of ``recipient_ids`` owned by ``owner_id`` (type 3, without the bot) or a
    public thread (type 11) of text channel ``parent_id``.

    Thread fields (Discord "Thread Metadata Object"): ``owner_id`` created it; ``archived``,
    ``locked``, ``auto_archive_duration`` (minutes) and ``archive_timestamp`` (the last change
    of ``archived``, else the creation); ``message_count`` / ``total_message_sent`` count the
    messages posted in it (not its starter message); ``member_count`` its members.
    """

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None
    last_message_id: int | None = None
    #: Permission overwrites: target id -> (type 0 role / 1 member, allow bits, deny bits).
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: True once the channel was deleted (``emu.delete_channel``): every request -> 404/10003.
    deleted: bool = False
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: datetime = field(default_factory=utcnow)
    message_count: int = 0
    total_message_sent: int = 0
    member_count: int = 0
    created_at: datetime = field(default_factory=utcnow)
    #: The members of a group DM (its owner included); empty for other channels.
    recipient_ids: list[int] = field(default_factory=list)

    @property
    def is_dm(self) -> bool:
        """True for a DM channel."""
        return self.type == CHANNEL_DM

    @property
    def is_group_dm(self) -> bool:
        """True for a group DM (the bot is not in it)."""
        return self.type == CHANNEL_GROUP_DM

    @property
    def context(self) -> int:
        """The interaction context of an interaction here: 0 guild, 1 the bot's DM,
        2 a private channel (a group DM)."""
        if self.is_dm:
            return CONTEXT_BOT_DM
        if self.is_group_dm:
            return CONTEXT_PRIVATE_CHANNEL
        return CONTEXT_GUILD

    @property
    def is_thread(self) -> bool:
        """True for a thread (its permissions are its parent's)."""
        return self.type == CHANNEL_PUBLIC_THREAD

    @property
    def mention(self) -> str:
        """``<#id>`` mention string."""
        return f"<#{self.id}>"


@dataclass(eq=False)
class Guild:
    """A guild. ``roles``/``members`` are keyed by id; ``channel_ids`` keeps creation order."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    created_at: datetime = field(default_factory=utcnow)
    #: The server's language (Discord's "preferred locale", a Discord locale code): sent in
    #: GUILD_CREATE as ``preferred_locale`` and in interactions as ``guild_locale``.
    preferred_locale: str = "en-US"

    @property
    def everyone_role(self) -> Role:
        """The @everyone role (id == guild id)."""
        return self.roles[self.id]


@dataclass(frozen=True)
class MessageVersion:
    """One state of a message as it was visible at some point (immutable snapshot)."""

    content: str
    embeds: tuple[dict[str, Any], ...]
    components: tuple[dict[str, Any], ...]
    flags: int
    attachments: tuple[dict[str, Any], ...]
    at: datetime

    @property
    def text(self) -> str:
        """Flattened text of this version (content, embeds, component labels)."""
        return message_text(self.content, list(self.embeds), list(self.components))


@dataclass(eq=False)
class Message:
    """A message. Current state lives in the plain fields; ``history`` holds earlier versions.

    ``visible_to`` is None for messages everyone who can see the channel can see, or a frozenset
    of user ids (ephemeral messages: only the interaction user). ``created_order`` is a global
    monotonically increasing counter (creation order across all channels).
    """

    id: int
    channel_id: int
    author: User
    guild_id: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[dict[str, Any]] = field(default_factory=list)
    type: int = 0
    created_order: int = 0
    created_at: datetime = field(default_factory=utcnow)
    edited_at: datetime | None = None
    visible_to: frozenset[int] | None = None
    history: list[MessageVersion] = field(default_factory=list)
    deleted: bool = False
    tts: bool = False
    mention_ids: list[int] = field(default_factory=list)
    mention_role_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    reference: dict[str, Any] | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user_id: int | None = None
    interaction_name: str | None = None
    interacted_message_id: int | None = None
    original_response_message_id: int | None = None
    #: The thread started from this message (the same id), or None.
    thread_id: int | None = None
    #: The create body's ``nonce`` as a string (Discord echoes it), or None.
    nonce: str | None = None

    @property
    def ephemeral(self) -> bool:
        """True if only ``visible_to`` users can see it."""
        return self.visible_to is not None

    @property
    def loading(self) -> bool:
        """True while this is a deferred ("thinking") interaction response."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        """Flattened text of the current version (content, embeds, component labels)."""
        return message_text(self.content, self.embeds, self.components)

    def snapshot(self) -> MessageVersion:
        """Immutable copy of the current version."""
        return MessageVersion(
            content=self.content,
            embeds=tuple(self.embeds),
            components=tuple(self.components),
            flags=self.flags,
            attachments=tuple(self.attachments),
            at=self.edited_at or self.created_at,
        )

    @property
    def versions(self) -> list[MessageVersion]:
        """Every version this message ever had, oldest first (history + current)."""
        return [*self.history, self.snapshot()]

    def visible_for(self, user_id: int) -> bool:
        """Whether ``user_id`` may see this message, ignoring channel access and deletion."""
        return self.visible_to is None or user_id in self.visible_to


@dataclass(frozen=True)
class SeenMessage:
    """A message as one user's client showed it at some moment (``UserDriver.look``).

    Clicking on it (``driver.click(seen, ...)``) sends the custom_id of the control as it was
    then, while Discord attaches the message as it is now: a click on an older version of a
    message whose edit had not reached that client yet.
    """

    message_id: int
    version: MessageVersion

    @property
    def components(self) -> list[dict[str, Any]]:
        """Components of the seen version."""
        return list(self.version.components)


@dataclass(eq=False)
class InteractionRecord:
    """One interaction a driven user started, and what the bot did with it.

    ``response_type`` is the callback type (4 message, 5 deferred message, 6 deferred update,
    7 update message, 8 autocomplete result, 9 modal) or None. ``ack_latency`` is seconds between
    dispatch and the callback request. ``message`` is the live original-response Message (for 6/7
    the component's message), or None.
    """

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    description: str
    source_message_id: int | None = None
    created_monotonic: float = field(default_factory=time.monotonic)
    response_type: int | None = None
    ack_latency: float | None = None
    callbacks: int = 0
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    modal_submitted: bool = False
    autocomplete_choices: list[dict[str, Any]] | None = None
    late: bool = False
    _emu: Emulator | None = field(default=None, repr=False)

    @property
    def acknowledged(self) -> bool:
        """True once the bot answered the callback in time."""
        return self.response_type is not None

    @property
    def message(self) -> Message | None:
        """The original response message (current state), or None if there is none."""
        if self._emu is None or self.original_message_id is None:
            return None
        return self._emu.messages.get(self.original_message_id)

    @property
    def followups(self) -> list[Message]:
        """Follow-up messages created through the interaction webhook, oldest first."""
        if self._emu is None:
            return []
        return [self._emu.messages[mid] for mid in self.followup_ids]

    async def wait_for_response(self, timeout: float = WAIT_SECONDS) -> Message:  # noqa: ASYNC109
        """Wait until the original response exists and is no longer "thinking"; return it.

        Raises AssertionError on timeout.
        """
        assert self._emu is not None
        await self._emu.wait_for(
            lambda: self.message is not None and not self.message.loading,
            timeout=timeout,
            message=f"no completed response to {self.description}",
        )
        message = self.message
        assert message is not None
        return message


class Counter:
    """Tiny monotonically increasing counter."""

    def __init__(self) -> None:
        self._it: Iterator[int] = itertools.count(1)

    def next(self) -> int:
        """Next value (1, 2, 3 ...)."""
        return next(self._it)
