"""The emulator's messages (create, edit, delete, mentions, attachments, the events they
push) and threads."""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from emulator import mentions, payloads
from emulator.core import ChannelRef, UploadedFile, UserRef
from emulator.gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    GatewaySession,
)
from emulator.mentions import Ping
from emulator.models import (
    CHANNEL_GUILD_TEXT,
    CHANNEL_PUBLIC_THREAD,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    INTERACTION_APPLICATION_COMMAND,
    Channel,
    Counter,
    InteractionRecord,
    Message,
    Role,
    User,
    utcnow,
)

if TYPE_CHECKING:
    from emulator.server import Emulator

#: The emulator's logger.
log = logging.getLogger("emulator.server")

#: Flags a bot may set when creating a message (others are ignored, as Discord does).
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
#: Flags a bot may set when editing a message.
EDIT_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2


class Messaging:
    """Messages and threads of the Emulator ``emu`` (stored in ``emu.world``): creating,
    editing and deleting them as Discord does, with their gateway events, mentions and
    attachments."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self._order = Counter()
        #: Every message version of the bot that notifies someone (see :meth:`assert_no_pings`).
        self.pings: list[Ping] = []
        self.attachment_data: dict[int, bytes] = {}
        #: Every file the bot uploaded, oldest first: the attachment objects made of them.
        self.uploads: list[dict[str, Any]] = []
        #: Called as ``listener(event, message)`` after every message create/edit/delete
        #: (``"MESSAGE_CREATE"``/``"MESSAGE_UPDATE"``/``"MESSAGE_DELETE"``), ephemerals included.
        self.message_listeners: list[Callable[[str, Message], None]] = []
        #: Called as ``listener(event, channel)`` after a thread is created or changed
        #: (``"THREAD_CREATE"``/``"THREAD_UPDATE"``).
        self.channel_listeners: list[Callable[[str, Channel], None]] = []

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
        ch = self.emu.world.get_channel(parent)
        if ch.type != CHANNEL_GUILD_TEXT or ch.guild_id is None:
            raise ValueError("public threads start in guild text channels")
        if message is not None and (message.thread_id is not None or message.channel_id != ch.id):
            raise ValueError(f"message {message.id} cannot start a thread in #{ch.name}")
        now = utcnow()
        thread = Channel(
            id=self.emu.world.new_id() if message is None else message.id,
            type=CHANNEL_PUBLIC_THREAD,
            name=name,
            guild_id=ch.guild_id,
            parent_id=ch.id,
            owner_id=self.emu.world.get_user(owner).id,
            auto_archive_duration=auto_archive_duration,
            archive_timestamp=now,
            member_count=1,
            created_at=now,
        )
        self.emu.world.channels[thread.id] = thread
        data = payloads.channel_payload(thread)
        data["newly_created"] = True
        self.emu.gateway.dispatch("THREAD_CREATE", data, intent=INTENT_GUILDS, guild_id=ch.guild_id)
        self._notify_channel_listeners("THREAD_CREATE", thread)
        if message is None:  # Discord says so in the parent: a THREAD_CREATED system message
            notice = self.create_message(
                ch, self.emu.world.get_user(owner), {"content": name}, msg_type=18
            )
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
        th = self.emu.world.get_channel(thread)
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
        self.emu.gateway.dispatch(
            "THREAD_UPDATE",
            payloads.channel_payload(th),
            intent=INTENT_GUILDS,
            guild_id=th.guild_id,
        )
        self._notify_channel_listeners("THREAD_UPDATE", th)
        return th

    def _notify_channel_listeners(self, event: str, channel: Channel) -> None:
        _notify(self.channel_listeners, event, channel, "channel")

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
            id=self.emu.world.new_id(),
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
            message.webhook_id = self.emu.application_id
            message.application_id = self.emu.application_id
        self._resolve_attachment_urls(message)
        self._apply_mentions(message, body, "create")
        self.emu.world.messages[message.id] = message
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
            message = self.emu.world.messages[int(message)]
        if message.deleted:
            return
        message.deleted = True
        thread = self.emu.world.channels.get(message.channel_id)
        if thread is not None and thread.is_thread and message.visible_to is None:
            thread.message_count = max(0, thread.message_count - 1)
        if message.visible_to is None and not (thread is not None and thread.is_group_dm):
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            intent = INTENT_GUILD_MESSAGES if message.guild_id else INTENT_DIRECT_MESSAGES
            self.emu.gateway.dispatch(
                "MESSAGE_DELETE", data, intent=intent, guild_id=message.guild_id
            )
        self._notify_listeners("MESSAGE_DELETE", message)

    def _notify_listeners(self, event: str, message: Message) -> None:
        _notify(self.message_listeners, event, message, "message")

    def _apply_mentions(self, message: Message, body: dict[str, Any], kind: str) -> None:
        """Resolve the mentions of ``message``'s (new) content with the body's
        ``allowed_mentions`` (see :mod:`emulator.mentions`); record a :class:`Ping` when a
        public message of the bot notifies someone (for an edit: someone it did not before)."""
        channel = self.emu.world.channels[message.channel_id]
        replied: int | None = None
        if kind == "create" and message.reference is not None:
            target = self.emu.world.messages.get(int(message.reference["message_id"]))
            replied = target.author.id if target is not None else None
        before = (set(message.mention_ids), set(message.mention_role_ids), message.mention_everyone)
        found = mentions.resolve(
            self.emu,
            channel,
            message.author,
            message.content,
            body.get("allowed_mentions"),
            replied_author_id=replied,
        )
        message.mention_ids = list(found.users)
        message.mention_role_ids = list(found.roles)
        message.mention_everyone = found.everyone
        if message.author.id != self.emu.bot_user.id or message.ephemeral:
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
            log.info("ping: %s", ping.describe(self.emu))

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
        ok_users = {self.emu.world.get_user(u).id for u in users}
        ok_roles = {r.id if isinstance(r, Role) else int(r) for r in roles}
        bad = [
            p
            for p in self.pings[since:]
            if set(p.users) - ok_users or set(p.roles) - ok_roles or (p.everyone and not everyone)
        ]
        if bad:
            listing = "\n".join(f"  - {p.describe(self.emu)}" for p in bad)
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
            att_id = self.emu.world.new_id()
            self.attachment_data[att_id] = upload.data
            filename = meta.get("filename") or upload.filename
            url = f"{self.emu.base_url}/attachments/{att_id}/{filename}"
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
        channel = self.emu.world.channels.get(message.channel_id)
        if channel is not None and channel.is_group_dm:
            return  # the bot is not in a group DM: none of its events reach the gateway
        intent = INTENT_GUILD_MESSAGES if message.guild_id else INTENT_DIRECT_MESSAGES
        base = payloads.message_payload(self.emu, message, gateway=True)

        def transform(session: GatewaySession, data: dict[str, Any]) -> dict[str, Any]:
            privileged = (
                session.intents & INTENT_MESSAGE_CONTENT
                or message.author.id == self.emu.bot_user.id
                or message.guild_id is None
                or self.emu.bot_user.id in message.mention_ids
            )
            if privileged:
                return data
            stripped = dict(data)
            stripped.update({"content": "", "embeds": [], "components": [], "attachments": []})
            return stripped

        self.emu.gateway.dispatch(
            event, base, intent=intent, guild_id=message.guild_id, transform=transform
        )


def _normalise_embed(embed: Any) -> dict[str, Any]:
    data = dict(embed) if isinstance(embed, dict) else {}
    data.setdefault("type", "rich")
    return data


def _notify(
    listeners: Iterable[Callable[[str, Any], object]], event: str, subject: Any, kind: str
) -> None:
    """Call each of ``listeners`` with ``(event, subject)``; one that raises is logged
    (as a ``kind`` listener) and the others still run: a listener's bug must not break
    the emulated Discord."""
    for listener in listeners:
        try:
            listener(event, subject)
        except Exception:
            log.exception("%s listener failed on %s", kind, event)
