"""The Emulator: an in-process aiohttp server speaking Discord REST v10 + gateway v10.

All state (users, guilds, channels, messages, commands, interactions) lives on the Emulator
instance as plain dataclasses from :mod:`emulator.models`. World-building methods are
synchronous and push the matching gateway events to a connected bot.

The emulator is built in layers, one job each: :mod:`.core` (state, serving, problems,
waiting), :mod:`.world` (world building, lookups), :mod:`.messaging` (messages, threads),
:mod:`.interacting` (interactions), :mod:`.controls` (rate limits, failures, holds).
"""

from __future__ import annotations

import time

from emulator.controls import EmulatorControls
from emulator.core import (
    DEFAULT_LIMITS,
    ChannelRef,
    GuildRef,
    RequestRecord,
    UploadedFile,
    UserRef,
)
from emulator.faults import RequestLog
from emulator.gateway import Gateway
from emulator.messaging import CREATE_FLAGS, EDIT_FLAGS
from emulator.ratelimits import DiscordLimits
from emulator.rest import RestApi

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


class Emulator(EmulatorControls):
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
        super().__init__(
            bot_token,
            host=host,
            port=port,
            ack_deadline=ack_deadline,
            require_mutual_guild_for_dm=require_mutual_guild_for_dm,
            shard_count=shard_count,
            limits=limits,
        )
        self.bot_user = self.create_user(bot_name, bot=True, id=bot_user_id)
        self.application_id = self.bot_user.id
        self.application_flags = (1 << 15) | (1 << 19) | (1 << 23)
        self.app_owner = self.create_user("app-owner")
        self.gateway = Gateway(self)
        self._runner = None
        self._timers = []
        self._inflight = 0
        self._last_activity = time.monotonic()
        self.rest = RestApi(self)
