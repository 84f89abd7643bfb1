"""Discord permission bits and the permission computation the emulator uses (guild roles, then
channel overwrites, as Discord documents it in "Permission Overwrites")."""

from __future__ import annotations

from emulator.models import Channel, Guild

CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38

ALL_PERMISSIONS = (1 << 53) - 1

#: What @everyone gets in a fresh emulated guild.
DEFAULT_EVERYONE = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)

#: What the bot's managed role gets by default (a typical invite, not Administrator): with
#: Manage Threads, so that it can lock the threads it archives.
DEFAULT_BOT = DEFAULT_EVERYONE | MANAGE_MESSAGES | MANAGE_THREADS

#: Permissions the bot has in a DM channel (app_permissions in DM interactions).
DM_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
)


def guild_permissions(guild: Guild, user_id: int) -> int:
    """Permission bits of ``user_id`` in ``guild`` (owner/admin -> all bits; non-member -> 0)."""
    if user_id == guild.owner_id:
        return ALL_PERMISSIONS
    member = guild.members.get(user_id)
    if member is None:
        return 0
    perms = guild.everyone_role.permissions
    for role_id in member.roles:
        role = guild.roles.get(role_id)
        if role is not None:
            perms |= role.permissions
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    return perms


def has_all(perms: int, required: int) -> bool:
    """True if every bit of ``required`` is set in ``perms`` (administrator implies all)."""
    return bool(perms & ADMINISTRATOR) or perms & required == required


#: Overwrite target types (``permission_overwrites[].type``).
OVERWRITE_ROLE = 0
OVERWRITE_MEMBER = 1


def channel_permissions(guild: Guild, channel: Channel, user_id: int) -> int:
    """Permission bits of ``user_id`` in guild ``channel``: guild permissions, then the channel's
    overwrites in Discord's order (@everyone, the member's roles together, the member).

    Owner and Administrator get every bit whatever the overwrites; non-members get 0.
    """
    base = guild_permissions(guild, user_id)
    if base == ALL_PERMISSIONS or user_id not in guild.members:
        return base
    perms = base
    everyone = channel.overwrites.get(guild.id)
    if everyone is not None:
        perms = (perms & ~everyone[2]) | everyone[1]
    allow = deny = 0
    for role_id in guild.members[user_id].roles:
        found = channel.overwrites.get(role_id)
        if found is not None and found[0] == OVERWRITE_ROLE:
            allow |= found[1]
            deny |= found[2]
    perms = (perms & ~deny) | allow
    own = channel.overwrites.get(user_id)
    if own is not None and own[0] == OVERWRITE_MEMBER:
        perms = (perms & ~own[2]) | own[1]
    return perms
