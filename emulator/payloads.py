"""Serialisation of model objects into Discord API v10 JSON shapes (as discord.py parses them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import orjson

from emulator.models import (
    CHANNEL_DM,
    CHANNEL_GROUP_DM,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
    iso,
)

if TYPE_CHECKING:
    from emulator.server import Emulator


def dumps(data: Any) -> bytes:
    """Compact JSON bytes (UTF-8, as Discord sends it; keys that are not strings, such
    as snowflake ints, become strings)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def user_payload(user: User) -> dict[str, Any]:
    """Public user object."""
    data: dict[str, Any] = {
        "id": str(user.id),
        "username": user.username,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "public_flags": 0,
        "flags": 0,
    }
    if user.bot:
        data["bot"] = True
    return data


def self_user_payload(user: User) -> dict[str, Any]:
    """User object for /users/@me and READY (adds the private fields)."""
    data = user_payload(user)
    data.update({"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None})
    return data


def role_payload(role: Role) -> dict[str, Any]:
    """Role object (permissions as a decimal string)."""
    data: dict[str, Any] = {
        "id": str(role.id),
        "name": role.name,
        "color": role.color,
        "colors": {"primary_color": role.color, "secondary_color": None, "tertiary_color": None},
        "hoist": role.hoist,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": role.managed,
        "mentionable": role.mentionable,
        "flags": 0,
    }
    if role.bot_id is not None:
        data["tags"] = {"bot_id": str(role.bot_id)}
    return data


def member_payload(
    member: Member, *, with_user: bool = True, permissions: int | None = None
) -> dict[str, Any]:
    """Guild member object; ``permissions`` (interaction payloads) is added as a string if given."""
    data: dict[str, Any] = {
        "nick": member.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in member.roles],
        "joined_at": iso(member.joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(member.user)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel_payload(
    channel: Channel, *, recipient: User | None = None, recipients: list[User] | None = None
) -> dict[str, Any]:
    """Channel object. DM channels need ``recipient``, group DMs ``recipients`` (Discord
    "Channel Object": a GROUP_DM has ``recipients``, ``owner_id``, ``name``, ``icon``)."""
    last = str(channel.last_message_id) if channel.last_message_id else None
    if channel.is_thread:
        return {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "parent_id": str(channel.parent_id),
            "owner_id": str(channel.owner_id),
            "name": channel.name,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "message_count": channel.message_count,
            "member_count": channel.member_count,
            "total_message_sent": channel.total_message_sent,
            "thread_metadata": {
                "archived": channel.archived,
                "auto_archive_duration": channel.auto_archive_duration,
                "archive_timestamp": iso(channel.archive_timestamp),
                "locked": channel.locked,
                "create_timestamp": iso(channel.created_at),
            },
            "flags": 0,
        }
    if channel.type == CHANNEL_DM:
        return {
            "id": str(channel.id),
            "type": CHANNEL_DM,
            "last_message_id": last,
            "flags": 0,
            "recipients": [user_payload(recipient)] if recipient is not None else [],
        }
    if channel.type == CHANNEL_GROUP_DM:
        return {
            "id": str(channel.id),
            "type": CHANNEL_GROUP_DM,
            "name": channel.name,
            "icon": None,
            "owner_id": str(channel.owner_id),
            "last_message_id": last,
            "flags": 0,
            "recipients": [user_payload(u) for u in recipients or []],
        }
    return {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [
            {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}
            for target, (kind, allow, deny) in channel.overwrites.items()
        ],
        "topic": channel.topic,
        "nsfw": False,
        "last_message_id": last,
        "rate_limit_per_user": 0,
        "parent_id": None,
        "flags": 0,
    }


def guild_payload(emu: Emulator, guild: Guild) -> dict[str, Any]:
    """REST guild object (GET /guilds/{id})."""
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "icon_hash": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "widget_enabled": False,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role_payload(r) for r in guild.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": str(guild.channel_ids[0]) if guild.channel_ids else None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "max_members": 500000,
        "vanity_url_code": None,
        "description": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.preferred_locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "approximate_member_count": len(guild.members),
        "approximate_presence_count": 0,
    }


def gateway_guild_payload(emu: Emulator, guild: Guild, *, all_members: bool) -> dict[str, Any]:
    """GUILD_CREATE payload: REST guild plus channels, members, member_count, joined_at ...

    Without the GUILD_MEMBERS intent (``all_members`` False) only the bot's own member is included,
    as on real Discord.
    """
    data = guild_payload(emu, guild)
    bot_member = guild.members.get(emu.bot_user.id)
    members = list(guild.members.values()) if all_members else [m for m in [bot_member] if m]
    data.update(
        {
            "joined_at": iso(bot_member.joined_at if bot_member else guild.created_at),
            "large": len(guild.members) >= 250,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [member_payload(m) for m in members],
            "channels": [channel_payload(emu.channels[cid]) for cid in guild.channel_ids],
            "threads": [
                channel_payload(thread)
                for cid in guild.channel_ids
                for thread in emu.threads_of(cid, archived=False)
            ],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
    )
    return data


def message_payload(emu: Emulator, message: Message, *, gateway: bool = False) -> dict[str, Any]:
    """Message object. ``gateway`` adds guild_id/member as MESSAGE_CREATE/UPDATE do."""
    mentions = [user_payload(emu.users[uid]) for uid in message.mention_ids if uid in emu.users]
    data: dict[str, Any] = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(message.author),
        "content": message.content,
        "timestamp": iso(message.created_at),
        "edited_timestamp": iso(message.edited_at),
        "tts": message.tts,
        "mention_everyone": message.mention_everyone,
        "mentions": mentions,
        "mention_roles": [str(r) for r in message.mention_role_ids],
        "mention_channels": [],
        "attachments": list(message.attachments),
        "embeds": list(message.embeds),
        "reactions": [
            {
                "emoji": _emoji_payload(key),
                "count": len(users),
                "count_details": {"burst": 0, "normal": len(users)},
                "me": emu.bot_user.id in users,
                "me_burst": False,
                "burst_colors": [],
            }
            for key, users in message.reactions.items()
            if users
        ],
        "pinned": False,
        "type": message.type,
        "flags": message.flags,
        "components": list(message.components),
    }
    if message.guild_id is not None and gateway:
        data["guild_id"] = str(message.guild_id)
        guild = emu.guilds.get(message.guild_id)
        member = guild.members.get(message.author.id) if guild else None
        if member is not None:
            data["member"] = member_payload(member, with_user=False)
    thread = emu.channels.get(message.thread_id) if message.thread_id is not None else None
    if thread is not None and not thread.deleted:
        data["thread"] = channel_payload(thread)
    if message.nonce is not None:
        data["nonce"] = message.nonce
    if message.webhook_id is not None:
        data["webhook_id"] = str(message.webhook_id)
    if message.application_id is not None:
        data["application_id"] = str(message.application_id)
    if message.reference is not None:
        data["message_reference"] = dict(message.reference)
        ref_id = message.reference.get("message_id")
        ref = emu.messages.get(int(ref_id)) if ref_id else None
        if ref is not None and not ref.deleted:
            data["referenced_message"] = message_payload(emu, ref)
    if message.interaction_id is not None and message.interaction_user_id is not None:
        user = emu.users[message.interaction_user_id]
        metadata: dict[str, Any] = {
            "id": str(message.interaction_id),
            "type": message.interaction_type,
            "user": user_payload(user),
            "authorizing_integration_owners": {
                "0": str(message.guild_id) if message.guild_id else "0"
            },
        }
        if message.interaction_name:
            metadata["name"] = message.interaction_name
        if message.original_response_message_id is not None:
            metadata["original_response_message_id"] = str(message.original_response_message_id)
        if message.interacted_message_id is not None:
            metadata["interacted_message_id"] = str(message.interacted_message_id)
        data["interaction_metadata"] = metadata
        if message.interaction_name:
            data["interaction"] = {
                "id": str(message.interaction_id),
                "type": message.interaction_type,
                "name": message.interaction_name,
                "user": user_payload(user),
            }
    return data


def _emoji_payload(key: str) -> dict[str, Any]:
    """Reaction emoji from the URL form (``name`` or ``name:id``)."""
    parts = key.split(":")
    if len(parts) >= 2:
        return {"id": parts[-1], "name": parts[-2], "animated": len(parts) == 3}
    return {"id": None, "name": key}
