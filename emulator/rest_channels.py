"""Emulator REST routes of channels, threads, messages and reactions (Discord: "Channel",
"Message"). The guilds' routes are in :mod:`emulator.rest_guilds`."""

from __future__ import annotations

import time
from typing import Any

from emulator import payloads
from emulator.errors import ApiError, bad_form, invalid_form, not_found
from emulator.models import (
    AUTO_ARCHIVE_DURATIONS,
    CHANNEL_GUILD_TEXT,
    CHANNEL_PUBLIC_THREAD,
    Channel,
    Message,
)
from emulator.permissions import (
    CREATE_PUBLIC_THREADS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    has_all,
)
from emulator.rest_common import (
    NO_CONTENT,
    ApiRequest,
    RouteDef,
    RouteGroup,
    archived_thread,
    snowflake,
)
from emulator.validation import (
    validate_message,
)

#: Seconds a message's nonce is remembered for ``enforce_nonce``. Discord "Create Message":
#: "If true and nonce is present, it will be checked for uniqueness in the past few
#: minutes. If another message was created by the same author with the same nonce, that
#: message will be returned and no new message will be created." A bot may rely on no more
#: than these two minutes.
NONCE_WINDOW = 120.0
#: Nonces kept before the expired ones are forgotten.
_NONCES_KEPT = 10_000
#: The longest nonce Discord takes ("Create Message": "nonce? integer or string, can be
#: used to verify a message was sent (up to 25 characters)").
NONCE_LENGTH = 25


def _nonce(body: dict[str, Any]) -> str | None:
    """The create body's ``nonce`` as a string, or None when absent. Raises 400/50035 for
    one that is not an integer or a string of at most :data:`NONCE_LENGTH` characters."""
    nonce = body.get("nonce")
    if nonce is None:
        return None
    if isinstance(nonce, bool) or not isinstance(nonce, int | str):
        raise invalid_form([("nonce", "Must be an integer or a string.")])
    if len(str(nonce)) > NONCE_LENGTH:
        raise invalid_form([("nonce", f"Must be {NONCE_LENGTH} or fewer in length.")])
    return str(nonce)


class ChannelRoutes(RouteGroup):
    """Channels, threads, messages, reactions (a part of :class:`emulator.rest.RestApi`)."""

    def routes(self) -> list[RouteDef]:
        """The routes these handlers serve."""
        channel = "/channels/{channel_id}"
        message = channel + "/messages/{message_id}"
        reaction = message + "/reactions/{emoji}/@me"
        return [
            RouteDef("GET", channel, self.get_channel),
            RouteDef("PATCH", channel, self.modify_channel),
            RouteDef("POST", channel + "/threads", self.start_thread),
            RouteDef("POST", message + "/threads", self.start_thread_from_message),
            RouteDef("GET", channel + "/messages", self.list_messages),
            RouteDef("POST", channel + "/messages", self.create_message),
            RouteDef("GET", message, self.get_message),
            RouteDef("PATCH", message, self.edit_message),
            RouteDef("DELETE", message, self.delete_message),
            RouteDef("POST", channel + "/typing", self.typing),
            RouteDef("PUT", reaction, self.add_reaction),
            RouteDef("DELETE", reaction, self.remove_reaction),
        ]

    # ================================================================ channels
    def _channel(self, req: ApiRequest) -> Channel:
        """The channel of the route: 404/10003 if unknown, deleted or in a guild the bot is not
        in; 403/50001 Missing Access without View Channel, and in a group DM (the bot is never
        in one: a user-installed app answers there only through its interactions)."""
        emu = self.emu
        error = not_found(10003, "Channel")
        channel = emu.channels.get(snowflake(req.params["channel_id"], error))
        if channel is None or channel.deleted:
            raise error
        if channel.is_dm:
            if not emu.can_view_channel(emu.bot_user, channel):
                raise error
            return channel
        if channel.is_group_dm:
            raise ApiError(403, 50001, "Missing Access")
        guild = emu.guilds.get(channel.guild_id or 0)
        if guild is None or emu.bot_user.id not in guild.members:
            raise error
        if not emu.can_view_channel(emu.bot_user, channel):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _channel_message(self, req: ApiRequest) -> tuple[Channel, Message]:
        channel = self._channel(req)
        error = not_found(10008, "Message")
        message = self.emu.messages.get(snowflake(req.params["message_id"], error))
        if (
            message is None
            or message.channel_id != channel.id
            or message.deleted
            or message.ephemeral  # ephemeral messages are not reachable through channel routes
        ):
            raise error
        return channel, message

    async def get_channel(self, req: ApiRequest) -> Any:
        """GET /channels/{id}."""
        channel = self._channel(req)
        recipient = self.emu.users.get(channel.recipient_id or 0)
        return payloads.channel_payload(channel, recipient=recipient)

    async def create_message(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/messages. DMs to closed/bot/no-mutual-guild users -> 403/50007."""
        emu = self.emu
        channel = self._channel(req)
        body = req.body if isinstance(req.body, dict) else {}
        if channel.is_dm:
            recipient = emu.users[channel.recipient_id or 0]
            if (
                recipient.dms_closed
                or recipient.bot
                or (emu.require_mutual_guild_for_dm and not emu.mutual_guilds(recipient))
            ):
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif channel.is_thread:
            self._check_thread_post(channel)
        elif not has_all(emu.permissions_for(emu.bot_user, channel), VIEW_CHANNEL | SEND_MESSAGES):
            raise ApiError(403, 50013, "Missing Permissions")
        validate_message(body, creating=True, has_files=bool(req.files))
        nonce = _nonce(body)
        if nonce is not None and body.get("enforce_nonce") is True:
            earlier = self._created_with(nonce)
            if earlier is not None:
                return payloads.message_payload(emu, earlier)
        if channel.is_thread and channel.archived:  # a message unarchives an unlocked thread
            emu.update_thread(channel, archived=False)
        message = emu.create_message(channel, emu.bot_user, body, files=req.files)
        if nonce is not None:
            message.nonce = nonce
            emu.nonces[(emu.bot_user.id, nonce)] = (message.id, time.monotonic())
        return payloads.message_payload(emu, message)

    def _created_with(self, nonce: str) -> Message | None:
        """The bot's message created with ``nonce`` in the last :data:`NONCE_WINDOW`
        seconds, or None. One deleted since: 404/10008 (discord.py, ``Messageable.send``:
        "NotFound: You sent a message with the same nonce as one that has been explicitly
        deleted shortly earlier")."""
        emu = self.emu
        now = time.monotonic()
        if len(emu.nonces) > _NONCES_KEPT:
            emu.nonces = {k: v for k, v in emu.nonces.items() if now - v[1] < NONCE_WINDOW}
        found = emu.nonces.get((emu.bot_user.id, nonce))
        if found is None or now - found[1] >= NONCE_WINDOW:
            return None
        message = emu.messages.get(found[0])
        if message is None or message.deleted:
            raise not_found(10008, "Message")
        return message

    def _check_thread_post(self, thread: Channel) -> None:
        """May the bot post in ``thread``? Send Messages in Threads (not Send Messages) in the
        parent; a locked thread takes Manage Threads: 400/50083 while it is archived, 403/160005
        "Thread is locked" otherwise (Discord "Thread Metadata Object": ``locked``)."""
        perms = self.emu.permissions_for(self.emu.bot_user, thread)
        if not has_all(perms, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS):
            raise ApiError(403, 50013, "Missing Permissions")
        if thread.locked and not has_all(perms, MANAGE_THREADS):
            if thread.archived:
                raise archived_thread()
            raise ApiError(403, 160005, "Thread is locked")

    # ================================================================ threads
    def _thread_fields(self, body: dict[str, Any], *, creating: bool) -> tuple[str | None, int]:
        """Validate ``name`` (1-100 characters; required when ``creating``) and
        ``auto_archive_duration`` (60, 1440, 4320 or 10080 minutes; default 1440) of a thread
        body (Discord "Start Thread from Message" JSON params). Raises 400/50035."""
        errors: list[tuple[str, str]] = []
        name = body.get("name")
        if name is None and creating:
            errors.append(("name", "This field is required"))
        elif name is not None and (not isinstance(name, str) or not 1 <= len(name) <= 100):
            errors.append(("name", "Must be between 1 and 100 in length."))
        duration = body.get("auto_archive_duration", 1440)
        if duration not in AUTO_ARCHIVE_DURATIONS:
            errors.append(
                ("auto_archive_duration", "Value must be one of {60, 1440, 4320, 10080}.")
            )
        if errors:
            raise invalid_form(errors)
        return name, int(duration)

    def _check_thread_start(self, channel: Channel) -> None:
        if channel.type != CHANNEL_GUILD_TEXT:
            raise ApiError(
                400,
                50024,
                "Cannot execute action on this channel type",
                problem=f"thread started in channel {channel.id} of type {channel.type}",
            )
        perms = self.emu.permissions_for(self.emu.bot_user, channel)
        if not has_all(perms, VIEW_CHANNEL | CREATE_PUBLIC_THREADS):
            raise ApiError(403, 50013, "Missing Permissions")

    async def start_thread_from_message(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/messages/{mid}/threads {name, auto_archive_duration} -> 201, the
        new public thread (its id is the message's). Needs Create Public Threads; one thread per
        message: 400/160004 (Discord "Start Thread from Message")."""
        emu = self.emu
        channel, message = self._channel_message(req)
        self._check_thread_start(channel)
        if message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body = req.body if isinstance(req.body, dict) else {}
        name, duration = self._thread_fields(body, creating=True)
        thread = emu.create_thread(
            channel, emu.bot_user, str(name), message=message, auto_archive_duration=duration
        )
        return 201, payloads.channel_payload(thread)

    async def start_thread(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/threads {name, auto_archive_duration, type: 11} -> 201, a public
        thread without a starter message (Discord "Start Thread without Message"; private
        threads, type 12, are not emulated)."""
        emu = self.emu
        channel = self._channel(req)
        self._check_thread_start(channel)
        body = req.body if isinstance(req.body, dict) else {}
        if body.get("type") != CHANNEL_PUBLIC_THREAD:
            raise bad_form(
                f"thread type {body.get('type')!r}: the emulator has public threads only"
            )
        name, duration = self._thread_fields(body, creating=True)
        thread = emu.create_thread(channel, emu.bot_user, str(name), auto_archive_duration=duration)
        return 201, payloads.channel_payload(thread)

    async def modify_channel(self, req: ApiRequest) -> Any:
        """PATCH /channels/{id} on a thread: ``name``, ``archived``, ``locked``,
        ``auto_archive_duration`` (Discord "Modify Channel", thread params). Manage Threads
        may change all; the thread's creator may change name, archived and
        auto_archive_duration; anyone who may post there may unarchive an unlocked thread;
        ``locked`` takes Manage Threads. An archived thread stays unchanged unless the request
        unarchives it: 400/50083. Other channel types are not emulated."""
        emu = self.emu
        channel = self._channel(req)
        body = req.body if isinstance(req.body, dict) else {}
        if not channel.is_thread:
            raise bad_form(f"PATCH /channels/{channel.id}: only threads can be modified here")
        name, duration = self._thread_fields(body, creating=False)
        archived = body.get("archived")
        locked = body.get("locked")
        for field_name, value in (("archived", archived), ("locked", locked)):
            if value is not None and not isinstance(value, bool):
                raise invalid_form([(field_name, "Must be either true or false.")])
        perms = emu.permissions_for(emu.bot_user, channel)
        manager = has_all(perms, MANAGE_THREADS)
        owner = channel.owner_id == emu.bot_user.id
        if channel.archived and archived is not False:
            raise archived_thread()
        forbidden = (
            (locked is not None and locked != channel.locked and not manager)
            or (
                (name is not None or "auto_archive_duration" in body or archived is True)
                and not (manager or owner)
            )
            or (
                archived is False
                and channel.archived
                and (channel.locked and locked is not False)
                and not manager
            )
            or (archived is False and not has_all(perms, SEND_MESSAGES_IN_THREADS) and not manager)
        )
        if forbidden:
            raise ApiError(403, 50013, "Missing Permissions")
        emu.update_thread(
            channel,
            name=name,
            archived=archived,
            locked=locked,
            auto_archive_duration=duration if "auto_archive_duration" in body else None,
        )
        return payloads.channel_payload(channel)

    async def list_messages(self, req: ApiRequest) -> Any:
        """GET /channels/{id}/messages?limit&before&after&around -> newest first, public only."""
        emu = self.emu
        channel = self._channel(req)
        try:
            limit = max(1, min(100, int(req.query.get("limit", "50"))))
        except ValueError:
            raise invalid_form([("limit", "Value is not int.")]) from None
        history = [m for m in emu.channel_messages(channel) if not m.ephemeral]
        if "before" in req.query:
            before = int(req.query["before"])
            history = [m for m in history if m.id < before][-limit:]
        elif "after" in req.query:
            after = int(req.query["after"])
            history = [m for m in history if m.id > after][:limit]
        elif "around" in req.query:
            around = int(req.query["around"])
            index = sum(1 for m in history if m.id < around)
            start = max(0, index - limit // 2)
            history = history[start : start + limit]
        else:
            history = history[-limit:]
        return [payloads.message_payload(emu, m) for m in reversed(history)]

    async def get_message(self, req: ApiRequest) -> Any:
        """GET /channels/{id}/messages/{mid}."""
        _, message = self._channel_message(req)
        return payloads.message_payload(self.emu, message)

    async def edit_message(self, req: ApiRequest) -> Any:
        """PATCH /channels/{id}/messages/{mid} (bot's own messages; keeps history)."""
        emu = self.emu
        channel, message = self._channel_message(req)
        if channel.is_thread and channel.archived:
            raise archived_thread()
        if message.author.id != emu.bot_user.id:
            raise ApiError(
                403,
                50005,
                "Cannot edit a message authored by another user",
                problem=f"bot tried to edit message {message.id} by {message.author.username}",
            )
        body = req.body if isinstance(req.body, dict) else {}
        validate_message(body, creating=False)
        emu.edit_message(message, body, files=req.files)
        return payloads.message_payload(emu, message)

    async def delete_message(self, req: ApiRequest) -> Any:
        """DELETE /channels/{id}/messages/{mid} (own messages, or others with Manage Messages)."""
        emu = self.emu
        channel, message = self._channel_message(req)
        if message.author.id != emu.bot_user.id and (
            channel.is_dm
            or not has_all(emu.permissions_for(emu.bot_user, channel), MANAGE_MESSAGES)
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        emu.delete_message(message)
        return NO_CONTENT

    async def typing(self, req: ApiRequest) -> Any:
        """POST /channels/{id}/typing -> 204."""
        self._channel(req)
        return NO_CONTENT

    async def add_reaction(self, req: ApiRequest) -> Any:
        """PUT /channels/{id}/messages/{mid}/reactions/{emoji}/@me -> 204."""
        _, message = self._channel_message(req)
        message.reactions.setdefault(req.params["emoji"], set()).add(self.emu.bot_user.id)
        return NO_CONTENT

    async def remove_reaction(self, req: ApiRequest) -> Any:
        """DELETE /channels/{id}/messages/{mid}/reactions/{emoji}/@me -> 204."""
        _, message = self._channel_message(req)
        message.reactions.get(req.params["emoji"], set()).discard(self.emu.bot_user.id)
        return NO_CONTENT
