"""The emulator's interactions: their payloads, starting one, its acknowledgement and the
latencies."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from emulator import payloads
from emulator.models import (
    GUILD_INSTALL,
    USER_INSTALL,
    Channel,
    InteractionRecord,
    Message,
    User,
)

if TYPE_CHECKING:
    from emulator.server import Emulator

#: The emulator's logger.
log = logging.getLogger("emulator.server")


class Interactions:
    """The interactions of the Emulator ``emu``: their payloads, starting one (dispatched
    through ``emu.gateway``), its acknowledgement deadline and the latencies."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.interactions: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        self._ack_events: dict[int, asyncio.Event] = {}

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
        owners: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        """Full INTERACTION_CREATE payload for ``user`` acting in ``channel``.

        It carries ``context`` (0 guild, 1 the bot's DM, 2 a group DM) and
        ``authorizing_integration_owners`` (``owners``; default: every install that reaches
        ``user`` there, :func:`authorizing_owners`). In a DM or a group
        DM it has ``user``, in a guild ``member``, ``guild_id`` and ``guild``. A component's
        interaction with no install of the clicking user is authorized by the user whose
        interaction made the message. Discord: "Interaction Object"."""
        perms = self.emu.world.permissions_for(user, channel)
        bot_perms = self.emu.world.permissions_for(self.emu.bot_user, channel)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.emu.application_id),
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
        payload["context"] = channel.context
        if owners is None:
            owners = authorizing_owners(self.emu, user, channel)
            if not owners and message is not None and message.interaction_user_id is not None:
                owners = {"1": str(message.interaction_user_id)}
        payload["authorizing_integration_owners"] = owners
        if channel.is_dm:
            channel_data = payloads.channel_payload(channel, recipient=user)
            payload["user"] = payloads.user_payload(user)
        elif channel.is_group_dm:
            channel_data = payloads.channel_payload(
                channel, recipients=[self.emu.world.users[uid] for uid in channel.recipient_ids]
            )
            payload["user"] = payloads.user_payload(user)
        else:
            guild = self.emu.world.guilds[channel.guild_id or 0]
            member = self.emu.world.member(guild, user)
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
        payload["channel"] = channel_data
        if message is not None:
            payload["message"] = payloads.message_payload(self.emu, message)
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
        owners: dict[str, str] | None = None,
    ) -> InteractionRecord:
        """Create, register and dispatch an interaction; the ack deadline timer starts now.
        ``owners``: its ``authorizing_integration_owners`` (default: :meth:`interaction_payload`'s).

        Raises RuntimeError if no bot session can receive it.
        """
        if not self.emu.gateway.live_sessions():
            raise RuntimeError("no bot is connected to the emulator gateway")
        interaction_id = self.emu.world.new_id()
        token = f"emu-{interaction_id}-{secrets.token_urlsafe(16)}"
        payload = self.interaction_payload(
            interaction_id=interaction_id,
            token=token,
            itype=itype,
            user=user,
            channel=channel,
            data=data,
            message=message,
            owners=owners,
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
            _emu=self.emu,
        )
        self.interactions[rec.id] = rec
        self._interactions_by_token[token] = rec
        self._ack_events[rec.id] = asyncio.Event()
        self.emu.call_later(self.emu.ack_deadline, self._check_ack, rec)
        delivered = self.emu.gateway.dispatch(
            "INTERACTION_CREATE", payload, guild_id=channel.guild_id
        )
        if not delivered:
            raise RuntimeError("no bot session received the interaction")
        log.info("interaction %s dispatched: %s", rec.id, description)
        return rec

    def _check_ack(self, rec: InteractionRecord) -> None:
        channel = self.emu.world.channels.get(rec.channel_id)
        if channel is not None and channel.deleted:
            return  # the channel went away: nobody is left to see "This interaction failed"
        if rec.response_type is None and not rec.late:
            rec.late = True
            self.emu.add_problem(
                f"interaction {rec.id} ({rec.description}) not acknowledged within "
                f"{self.emu.ack_deadline:.1f} s"
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
        limit = self.emu.ack_deadline + 0.5 if timeout is None else timeout
        try:
            await asyncio.wait_for(event.wait(), timeout=limit)
        except TimeoutError:
            pass
        return rec.acknowledged

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        """Look up an interaction by its token."""
        return self._interactions_by_token.get(token)


def authorizing_owners(
    emu: Emulator, user: User, channel: Channel, integration_types: list[int] | None = None
) -> dict[str, str]:
    """``authorizing_integration_owners`` of ``user``'s interaction in ``channel`` with a
    command of ``integration_types`` (None: both): ``"0"`` -> the guild's id where the bot
    is installed to the guild (``"0"`` in the bot's DM), ``"1"`` -> the user's id where
    they installed the app to their account. Empty where neither install reaches.
    Discord: "Interaction Object", "Authorizing Integration Owners Object"."""
    types = [GUILD_INSTALL, USER_INSTALL] if integration_types is None else integration_types
    owners: dict[str, str] = {}
    if GUILD_INSTALL in types:
        if channel.is_dm:
            owners[str(GUILD_INSTALL)] = "0"
        elif channel.guild_id is not None:
            guild = emu.guilds.get(channel.guild_id)
            if guild is not None and emu.bot_user.id in guild.members:
                owners[str(GUILD_INSTALL)] = str(guild.id)
    if USER_INSTALL in types and user.installed_app:
        owners[str(USER_INSTALL)] = str(user.id)
    return owners
