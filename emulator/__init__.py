"""A local Discord emulator: REST v10 + gateway v10, faithful enough for the unmodified
discord.py client; the project's end-to-end tests drive the bot through it.

It imports nothing of the project: the test driver (:mod:`emulator_driver`: members who
type slash commands and click) and the browser playground (:mod:`bot.playground`,
``python -m bot.playground``) build on it; the bot itself never imports it. See
``emulator/README.md`` for the layout.

Typical use::

    async with Emulator() as emu:
        guild = emu.create_guild("Test Guild")
        channel = emu.create_text_channel(guild, "general")
        alice = emu.create_user("alice")
        emu.add_member(guild, alice)
        point_discord_at(emu.api_base, emu.gateway_url)  # from bot.endpoints
        ...start the bot, then drive users:
        rec = await UserDriver(emu, alice).slash(channel, "ping")  # from emulator_driver
"""

from emulator.errors import ApiError
from emulator.faults import Burst429, Hold, RateLimit, RateLimitedRequest, RouteFailure
from emulator.mentions import Mentions, Ping
from emulator.models import (
    Channel,
    Guild,
    InteractionRecord,
    Member,
    Message,
    MessageVersion,
    Role,
    SeenMessage,
    User,
)
from emulator.ratelimits import DiscordLimits, RouteLimit
from emulator.server import Emulator, RequestLog, RequestRecord, UploadedFile

__all__ = [
    "ApiError",
    "Burst429",
    "Channel",
    "DiscordLimits",
    "Emulator",
    "Guild",
    "Hold",
    "InteractionRecord",
    "Member",
    "Mentions",
    "Message",
    "MessageVersion",
    "Ping",
    "RateLimit",
    "RateLimitedRequest",
    "RequestLog",
    "RequestRecord",
    "Role",
    "RouteFailure",
    "RouteLimit",
    "SeenMessage",
    "UploadedFile",
    "User",
]
