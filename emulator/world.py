"""The emulator's world: its state (users, guilds, channels, messages, the application's
commands), the world building (users, guilds, channels, roles, members, permissions; each
change pushes its gateway event) and its lookups. :class:`World` is the collaborator
``emu.world`` of :class:`emulator.server.Emulator`."""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from emulator import payloads
from emulator.core import ChannelRef, GuildRef, UserRef
from emulator.gateway import (
    INTENT_GUILD_MEMBERS,
    INTENT_GUILDS,
)
from emulator.models import (
    CHANNEL_DM,
    CHANNEL_GROUP_DM,
    CHANNEL_GUILD_TEXT,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    SnowflakeGenerator,
    User,
)
from emulator.permissions import (
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

if TYPE_CHECKING:
    from emulator.server import Emulator

#: The emulator's logger.
log = logging.getLogger("emulator.server")


class World:
    """The world's state, its building and its lookups, for the Emulator ``emu`` (whose
    gateway gets the events of each change)."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self._snowflakes = SnowflakeGenerator()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self._dm_by_user: dict[int, int] = {}
        #: The application's commands: global ones by id, guild ones by guild id then id.
        self.global_commands: dict[int, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[int, dict[str, Any]]] = {}

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
        with_bot: bool = True,
    ) -> Guild:
        """Create a guild with @everyone, a managed bot role, an owner and the bot as members.

        ``owner`` defaults to a new user named ``"<name> owner"``; ``id`` fixes the guild's
        snowflake; ``shard`` picks one whose events go to that shard of
        :attr:`shard_count` (``(id >> 22) % shard_count == shard``); ``preferred_locale``
        is the server's language (a Discord locale code, as in GUILD_CREATE and every
        interaction's ``guild_locale``). Dispatches GUILD_CREATE to the sessions of its
        shard. ``with_bot=False``: a guild the bot is not in (no bot role or member, none of
        its events reach the gateway), where only members who installed the app to their
        account (:meth:`install_app`) can use its commands.

        Raises:
            ValueError: both ``id`` and ``shard``, or ``shard`` outside ``0..shard_count - 1``.
        """
        if id is not None and shard is not None:
            raise ValueError("give a guild either an id or a shard, not both")
        if shard is not None:
            id = self._snowflakes.next_on_shard(shard, self.emu.shard_count)
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
        if not with_bot:
            self.guilds[guild.id] = guild
            guild.members[owner.id] = Member(user=owner, guild_id=guild.id)
            return guild
        self.guilds[guild.id] = guild
        guild.members[owner.id] = Member(user=owner, guild_id=guild.id)
        self._join_bot(guild, bot_permissions)
        self.emu.gateway.dispatch(
            "GUILD_CREATE",
            {},
            intent=INTENT_GUILDS,
            guild_id=guild.id,
            transform=lambda s, _d: payloads.gateway_guild_payload(
                self.emu, guild, all_members=bool(s.intents & INTENT_GUILD_MEMBERS)
            ),
        )
        return guild

    def remove_bot(self, guild: GuildRef) -> None:
        """Remove the bot from ``guild`` (kicked, or the server deleted), as Discord does:
        its member and its managed role go, and its sessions get GUILD_DELETE with an
        unavailable guild object *without* ``unavailable`` ("If the unavailable field is
        not set, the user was removed from the guild": Discord docs, Gateway Events,
        Guild Delete). The guild stays in this world for :meth:`add_bot`.

        Raises:
            KeyError: the bot is not a member of ``guild``.
        """
        g = self.get_guild(guild)
        del g.members[self.emu.bot_user.id]
        for role_id in [r.id for r in g.roles.values() if r.bot_id == self.emu.bot_user.id]:
            del g.roles[role_id]
        self.emu.gateway.dispatch(
            "GUILD_DELETE", {"id": str(g.id)}, intent=INTENT_GUILDS, guild_id=g.id
        )

    def add_bot(self, guild: GuildRef, *, bot_permissions: int = DEFAULT_BOT) -> None:
        """Add the bot back to ``guild`` (an OAuth2 install): a new managed role, its
        member, and GUILD_CREATE to its sessions, as for a new guild. Idempotent."""
        g = self.get_guild(guild)
        if self.emu.bot_user.id in g.members:
            return
        self._join_bot(g, bot_permissions)

        def joined(session: Any, _data: dict[str, Any]) -> dict[str, Any]:
            # A guild joined has no ``unavailable`` (false means "available again after
            # an outage"; discord.py dispatches ``on_guild_join`` only without it).
            body = payloads.gateway_guild_payload(
                self.emu, g, all_members=bool(session.intents & INTENT_GUILD_MEMBERS)
            )
            body.pop("unavailable", None)
            return body

        self.emu.gateway.dispatch(
            "GUILD_CREATE", {}, intent=INTENT_GUILDS, guild_id=g.id, transform=joined
        )

    def _join_bot(self, guild: Guild, bot_permissions: int) -> None:
        """The bot's managed role (named after it, with ``bot_permissions``) and its
        member in ``guild``, as an install makes them; no event is dispatched."""
        bot_role = Role(
            id=self.new_id(),
            guild_id=guild.id,
            name=self.emu.bot_user.username,
            permissions=bot_permissions,
            position=1,
            managed=True,
            bot_id=self.emu.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.emu.bot_user.id] = Member(
            user=self.emu.bot_user, guild_id=guild.id, roles=[bot_role.id]
        )

    def shard_of(self, guild: GuildRef, shard_count: int | None = None) -> int:
        """The shard that receives ``guild``'s events, as Discord routes them:
        ``(guild_id >> 22) % shard_count`` (default :attr:`shard_count`). DMs go to shard 0."""
        guild_id = guild if isinstance(guild, int) else guild.id
        return (guild_id >> 22) % (shard_count or self.emu.shard_count)

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
        self.emu.gateway.dispatch(
            "CHANNEL_CREATE", payloads.channel_payload(channel), intent=INTENT_GUILDS, guild_id=g.id
        )
        return channel

    def create_role(
        self,
        guild: GuildRef,
        name: str,
        *,
        permissions: int = 0,
        color: int = 0,
        mentionable: bool = False,
        id: int | None = None,
    ) -> Role:
        """Create a role (``id`` fixes its snowflake; ``color`` is 0xRRGGBB, 0 for none).
        Dispatches GUILD_ROLE_CREATE."""
        g = self.get_guild(guild)
        role = Role(
            id=self.new_id() if id is None else id,
            guild_id=g.id,
            name=name,
            permissions=permissions,
            position=len(g.roles),
            color=color,
            mentionable=mentionable,
        )
        g.roles[role.id] = role
        self.emu.gateway.dispatch(
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
        self.emu.gateway.dispatch(
            "GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS, guild_id=g.id
        )
        return member

    def add_role(self, guild: GuildRef, user: UserRef, role: Role) -> None:
        """Give ``role`` to a member. Dispatches GUILD_MEMBER_UPDATE."""
        g = self.get_guild(guild)
        member = self.member(g, user)
        if role.id not in member.roles:
            member.roles.append(role.id)
        self._dispatch_member_update(g, member)

    def remove_member(self, guild: GuildRef, user: UserRef) -> None:
        """Remove a member from a guild. Dispatches GUILD_MEMBER_REMOVE."""
        g = self.get_guild(guild)
        member = self.member(g, user)
        del g.members[member.user.id]
        self.emu.gateway.dispatch(
            "GUILD_MEMBER_REMOVE",
            {"guild_id": str(g.id), "user": payloads.user_payload(member.user)},
            intent=INTENT_GUILD_MEMBERS,
            guild_id=g.id,
        )

    def _dispatch_member_update(self, guild: Guild, member: Member) -> None:
        data = payloads.member_payload(member)
        data["guild_id"] = str(guild.id)
        self.emu.gateway.dispatch(
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
            self.emu.gateway.dispatch(
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
        target = self.emu.bot_user if user is None else self.get_user(user)
        _, allow, deny = ch.overwrites.get(target.id, (OVERWRITE_MEMBER, 0, 0))
        self.set_channel_permissions(
            ch, target, allow=allow & ~SEND_MESSAGES, deny=deny | SEND_MESSAGES
        )

    def restore_send_messages(self, channel: ChannelRef, user: UserRef | None = None) -> None:
        """Undo :meth:`revoke_send_messages` (drops the Send Messages deny of ``user``)."""
        ch = self.get_channel(channel)
        target = self.emu.bot_user if user is None else self.get_user(user)
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
        self.emu.gateway.dispatch(
            "CHANNEL_DELETE", payloads.channel_payload(ch), intent=INTENT_GUILDS, guild_id=guild.id
        )

    # ================================================================ threads and DMs (lookups)
    def threads_of(self, channel: ChannelRef, *, archived: bool = True) -> list[Channel]:
        """The threads of text channel ``channel``, oldest first (``archived=False``: the
        active ones only); deleted threads excluded."""
        cid = self.get_channel(channel).id
        return [
            c
            for c in self.channels.values()
            if c.is_thread and c.parent_id == cid and not c.deleted and (archived or not c.archived)
        ]

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

    def create_group_dm(self, owner: UserRef, *others: UserRef, name: str | None = None) -> Channel:
        """A group DM (channel type 3) of ``owner`` and ``others``, created by ``owner``.

        The bot is never in it (Discord lets no bot join a group DM): it receives none of its
        gateway events, and every REST request of its on the channel (posts, fetches, edits,
        typing) gets 403/50001 Missing Access. Its members reach the bot only through the
        commands of an app they installed to their account (:meth:`install_app`), in
        interaction context 2, whose answers (callbacks, follow-ups) do appear in it.
        Discord: "Channel Object" (GROUP_DM), "Interaction Context Types" (PRIVATE_CHANNEL).
        """
        first = self.get_user(owner)
        members = [first, *(self.get_user(u) for u in others)]
        if any(u.id == self.emu.bot_user.id for u in members):
            raise ValueError("a bot cannot be in a group DM")
        channel = Channel(
            id=self.new_id(),
            type=CHANNEL_GROUP_DM,
            name=name,
            owner_id=first.id,
            recipient_ids=[u.id for u in members],
        )
        self.channels[channel.id] = channel
        return channel

    def install_app(self, user: UserRef, installed: bool = True) -> None:
        """``user`` installs the app to their account (the OAuth2 flow with
        ``integration_type=1``; ``installed=False``: they remove it). Its commands whose
        ``integration_types`` include 1 then follow them into the bot's DM, group DMs and
        guilds, even without a guild in common with the bot. Discord: "Installation
        Context"."""
        self.get_user(user).installed_app = installed

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

    def member(self, guild: Guild, user: UserRef) -> Member:
        u = self.get_user(user)
        try:
            return guild.members[u.id]
        except KeyError:
            raise LookupError(f"{u.username} is not a member of {guild.name}") from None

    def mutual_guilds(self, user: UserRef) -> list[Guild]:
        """Guilds both the bot and ``user`` are in."""
        uid = self.get_user(user).id
        return [
            g
            for g in self.guilds.values()
            if uid in g.members and self.emu.bot_user.id in g.members
        ]

    def can_view_channel(self, user: UserRef, channel: ChannelRef) -> bool:
        """Whether ``user`` can see ``channel`` at all (not deleted; DM participant, or guild
        member with View Channel there)."""
        u = self.get_user(user)
        ch = self.get_channel(channel)
        if ch.deleted:
            return False
        if ch.is_dm:
            return u.id in (ch.recipient_id, self.emu.bot_user.id)
        if ch.is_group_dm:
            return u.id in ch.recipient_ids
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
        """Permission bits of ``user`` in ``channel`` (DMs and group DMs: the fixed DM set, also
        the bot's ``app_permissions`` for its interaction answers there; a thread: its
        parent's, as threads have no overwrites of their own)."""
        ch = self.get_channel(channel)
        if ch.is_dm or ch.is_group_dm:
            return DM_PERMISSIONS
        if ch.is_thread:
            ch = self.channels[ch.parent_id or 0]
        return channel_permissions(self.guilds[ch.guild_id or 0], ch, self.get_user(user).id)


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
