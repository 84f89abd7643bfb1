"""Local Discord emulator (REST v10 + gateway v10) for end-to-end tests of discord.py bots.

Typical use::

    async with Emulator() as emu:
        guild = emu.create_guild("Test Guild")
        channel = emu.create_text_channel(guild, "general")
        alice = emu.create_user("alice")
        emu.add_member(guild, alice)
        point_discord_at(emu.api_base, emu.gateway_url)  # from bot.endpoints
        ...start the bot, then drive users:
        rec = await emu.user_driver(alice).slash(channel, "ping")
"""

from tests.emulator.driver import UserDriver
from tests.emulator.errors import ApiError
from tests.emulator.faults import Burst429, Hold, RateLimit, RateLimitedRequest
from tests.emulator.models import (
    Channel,
    Guild,
    InteractionRecord,
    Member,
    Message,
    MessageVersion,
    Role,
    User,
)
from tests.emulator.server import Emulator, RequestLog, UploadedFile

__all__ = [
    "ApiError",
    "Burst429",
    "Channel",
    "Emulator",
    "Guild",
    "Hold",
    "InteractionRecord",
    "Member",
    "Message",
    "MessageVersion",
    "RateLimit",
    "RateLimitedRequest",
    "RequestLog",
    "Role",
    "UploadedFile",
    "User",
    "UserDriver",
]
